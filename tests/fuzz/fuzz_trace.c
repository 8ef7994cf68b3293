/*
 * fuzz_trace.c - libFuzzer harness for a run's trace.jsonl as `trident
 * report RUN` and `explore --resume` read it back (run_record_load), then
 * the bugs.json and summary.json rebuilt from it. A trace comes from disk
 * after kill -9 or a full disk, so any bytes are possible. Input capped at
 * 256 KiB.
 */
#include <stdint.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "agents/run_record.h"
#include "fuzz_files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[256];
	struct run_record *rec = NULL;

	if (size > 256 * 1024)
		return 0;
	fuzz_write("trace.jsonl", data, size, path);
	if (run_record_load(fuzz_dir(), &rec) == TD_OK) {
		cJSON *bugs = run_record_bugs_json(rec);
		cJSON *summary = run_record_summary_json(rec);

		if (run_record_parts(rec) < 0 || run_record_last_step(rec) < 0 || !run_record_start(rec))
			abort();
		cJSON_Delete(bugs);
		cJSON_Delete(summary);
		run_record_free(rec);
	}
	return 0;
}
