/*
 * fuzz_campaign.c - libFuzzer harness for campaign files (campaign_load:
 * apps, devices, defaults, seeds, per-app configs, written by people and
 * shared between machines), then sharding what loaded. Input capped at
 * 64 KiB.
 */
#include <stdint.h>
#include <stdlib.h>

#include "agents/campaign.h"
#include "fuzz_files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[256];
	struct campaign *c = NULL;

	if (size > 64 * 1024)
		return 0;
	fuzz_write("campaign.json", data, size, path);
	if (campaign_load(path, &c) == TD_OK) {
		if (!c)
			abort();
		campaign_shard(c, 2, 3);
		for (size_t i = 0; i < c->n_runs; i++)
			if (c->runs[i].index < 0)
				abort();
		campaign_free(c);
	} else if (c) {
		abort(); /* a failed load hands nothing out */
	}
	return 0;
}
