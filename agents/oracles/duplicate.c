/*
 * duplicate.c - oracle "duplicate" (oracle 3): one add/save produced the
 * same new row twice. Holds the lists pass it shares with sort.c (one read
 * of the lists per step, snapshots of each list as last seen).
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

/* Backs after a save within which the list it grew is judged (the save's own result: 0). */
#define DUP_STEPS_AFTER 2

/* Deep copy of one list. */
static struct oracle_list *list_dup(const struct oracle_list *l)
{
	struct oracle_list *c = xcalloc(1, sizeof(*c));

	c->id = xstrdup(l->id);
	c->n_rows = l->n_rows;
	c->rows = xcalloc(l->n_rows + 1, sizeof(*c->rows));
	c->primary = xcalloc(l->n_rows + 1, sizeof(*c->primary));
	for (size_t i = 0; i < l->n_rows; i++) {
		c->rows[i] = xstrdup(l->rows[i]);
		c->primary[i] = xstrdup(l->primary[i]);
	}
	return c;
}

/* The snapshot for list id, or NULL. */
static struct list_snap *snap_find(struct oracles_state *st, const char *id)
{
	for (size_t i = 0; i < st->n_snaps; i++)
		if (strcmp(st->snaps[i].id, id) == 0)
			return &st->snaps[i];
	return NULL;
}

void oracle_note_saves(struct oracles_state *st, const struct ui_tree *before, const struct action *done)
{
	/* Back on the way to the list keeps a save's claim; any other action may add rows itself. */
	for (size_t i = 0; i < st->n_snaps; i++)
		st->snaps[i].since_save = done && done->type == ACTION_BACK ? st->snaps[i].since_save + 1
									    : DUP_STEPS_AFTER + 1;
	if (oracle_is_save_action(done)) {
		/* A save counts for the lists it was not pressed on ("Add" on the list itself opens a form). */
		struct oracle_list *bl = NULL;
		size_t nb = oracle_lists(before, &bl);

		for (size_t i = 0; i < st->n_snaps; i++) {
			bool on_list = false;

			for (size_t k = 0; k < nb; k++)
				on_list |= !strcmp(bl[k].id, st->snaps[i].id);
			if (!on_list) {
				st->snaps[i].saves++;
				st->snaps[i].since_save = 0;
			}
		}
		oracle_lists_free(bl, nb);
	}
}

bool oracle_save_explains(const struct list_snap *sn)
{
	return sn && sn->list && sn->saves == 1 && sn->since_save <= DUP_STEPS_AFTER;
}

/* Oracles 3 (duplicate) and 4 (sort) on the lists of the new screen; list snapshots kept for 3. */
int oracle_lists_pass(const struct oracle_step *os)
{
	struct oracles_state *st = os->st;
	struct agent_env *env = os->env;
	const struct brain_screen *before = os->before, *after = os->after;
	const struct action *done = os->done;
	struct oracle_list *lists = NULL;
	size_t n = oracle_lists(after->tree, &lists);
	struct oracle_sort_claim claim;
	bool claimed = oracle_on(st, &oracle_kind_sort) && oracle_sort_claim(done, before->tree, &claim);

	oracle_note_saves(st, before->tree, done);
	for (size_t i = 0; i < n; i++) {
		struct list_snap *sn = snap_find(st, lists[i].id);
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_on(st, &oracle_kind_duplicate) && oracle_save_explains(sn) &&
		    oracle_list_duplicates(sn->list, &lists[i], done, &f)) {
			cJSON_AddStringToObject(f.diff, "list_id", lists[i].id);
			oracle_report_finding(env, before->step, &f, NULL, 0, NULL);
		}
		oracle_finding_release(&f);
		if (claimed && oracle_list_unsorted(&lists[i], &claim, &f))
			oracle_report_finding(env, before->step, &f, NULL, 0, NULL);
		oracle_finding_release(&f);
		if (!sn) {
			st->snaps = xgrow(st->snaps, &st->alloc_snaps, st->n_snaps + 1, sizeof(*st->snaps));
			sn = &st->snaps[st->n_snaps++];
			sn->id = xstrdup(lists[i].id);
			sn->list = NULL;
		}
		if (sn->list)
			oracle_lists_free(sn->list, 1);
		sn->list = list_dup(&lists[i]);
		sn->saves = 0;
		sn->since_save = 0;
	}
	oracle_lists_free(lists, n);
	return 0;
}

/*
 * The lists a screen shows, as one key (0: none): the latest screen of each
 * key is the latest one showing any of its lists, which is what the recheck
 * looks back for (oracle_recheck_reads).
 */
static uint64_t list_set_key(const struct ui_tree *t, const char *activity)
{
	struct oracle_list *l = NULL;
	size_t n = oracle_lists(t, &l);
	uint64_t h = 14695981039346656037ull;

	(void)activity;
	for (size_t i = 0; i < n; i++)
		for (const char *c = l[i].id;; c++) {
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
			if (!*c)
				break;
		}
	oracle_lists_free(l, n);
	return n ? (h ? h : 1) : 0;
}

/* The list as last seen before the save, against the replay's last screen. */
static bool duplicate_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;
	struct oracle_list *after = NULL, *prev = NULL;
	size_t na, np = 0;
	bool hit = false;

	oracle_finding_init(f);
	if (n < 2)
		return false;
	na = oracle_lists(r->screens[n - 1].tree, &after);
	for (size_t i = 0; i < na && !hit; i++) {
		const struct oracle_list *pl = NULL;

		/* The list as last seen before the save. */
		for (size_t k = n - 1; k-- > 0 && !pl;) {
			oracle_lists_free(prev, np);
			prev = NULL;
			np = oracle_lists(r->screens[k].tree, &prev);
			for (size_t j = 0; j < np && !pl; j++)
				if (!strcmp(prev[j].id, after[i].id))
					pl = &prev[j];
		}
		/* The last step names the action, as the Explorer's finding did. */
		hit = oracle_list_duplicates(pl, &after[i], c->last_step, f);
		oracle_lists_free(prev, np);
		prev = NULL;
		np = 0;
	}
	oracle_lists_free(after, na);
	return hit;
}

const struct oracle_kind oracle_kind_duplicate = {
	.name = "duplicate",
	.config_key = "oracles.duplicate",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "one add/save action makes the same new list row appear twice",
	.evidence = "the list before and after (rows, list_id)",
	.flags = 0,
	.after_step = oracle_lists_pass,
	.recheck = duplicate_recheck,
	/* The last screen and, for each list, the latest earlier screen showing it: the latest screen of each set of lists. */
	.reads = { .last = 1, .key = list_set_key },
};
