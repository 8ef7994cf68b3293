/*
 * sort.c - oracle "sort" (oracle 4): a list not in the order a sort
 * control claims. Its after-step check is the lists pass in duplicate.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/log.h"
#include "core/xalloc.h"

/* Sort needs the clicked action: recheck with the claim from the last step. */
static bool sort_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	const struct action *last_step = c->last_step;
	struct oracle_sort_claim claim;
	struct oracle_list *after = NULL;
	size_t n = r->n_screens, na;
	bool hit = false;

	oracle_finding_init(f);
	if (n < 2 || !last_step || !oracle_sort_claim(last_step, r->screens[n - 2].tree, &claim))
		return false;
	na = oracle_lists(r->screens[n - 1].tree, &after);
	for (size_t i = 0; i < na && !hit; i++)
		hit = oracle_list_unsorted(&after[i], &claim, f);
	oracle_lists_free(after, na);
	return hit;
}

const struct oracle_kind oracle_kind_sort = {
	.name = "sort",
	.config_key = "oracles.sort",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a list not in the order a sort control claims",
	.evidence = "the claim (key, direction) and the rows out of order",
	.flags = 0,
	.after_step = oracle_lists_pass,
	.recheck = sort_recheck,
	/* The screens before and after the sort click. */
	.reads = { .last = 2 },
};
