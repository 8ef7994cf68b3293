/*
 * fuzz_design.c - libFuzzer harness for design files (`trident audit
 * --design DIR`: audit_design_load reads DIR/design.json, its screens'
 * widget lists and PNGs, and the designed process), then the checks and
 * the walk built from what loaded. The PNGs of configs/designs/notes are
 * copied next to the fuzzed design.json, so screens that name them load.
 * Input capped at 64 KiB.
 */
#include <stdint.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "agents/audit_design.h"
#include "core/config.h"
#include "core/log.h"
#include "fuzz_files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config *cfg;
	char path[256];
	struct audit_design *d = NULL;

	if (size > 64 * 1024)
		return 0;
	if (!cfg) {
		char cmd[512];

		log_set_level(LOG_ERROR);
		cfg = config_defaults();
		snprintf(cmd, sizeof cmd, "cp '%s'/configs/designs/notes/*.png '%s'/", TRIDENT_SOURCE_DIR, fuzz_dir());
		if (!cfg || system(cmd) != 0)
			abort();
	}
	fuzz_write("design.json", data, size, path);
	if (audit_design_load(fuzz_dir(), cfg, &d) == TD_OK) {
		cJSON *checks = audit_design_checks(d, true);
		struct audit_script *walk = audit_design_walk(d);

		(void)audit_design_inconsistencies(d);
		cJSON_Delete(checks);
		audit_script_free(walk);
		audit_design_free(d);
	}
	return 0;
}
