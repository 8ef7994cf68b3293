/*
 * oracle_genie.c - oracle 5: Genie's independent-view check (seeds 003
 * §3.3-3.5, Def. 7-8, Alg. 3), as a plugin that runs at the end of a run.
 *
 * Seeds come from the run's own history: a stretch of steps (from the last
 * restart) in which a list row was clicked at step k (the active view) and
 * the list's screen came back later (step j) with a visible effect Δ. The
 * seed is replayed twice from a clean start; views that differ between the
 * two replays change by themselves and are masked. The mutant inserts a
 * detour at the pivot: click an inactive sibling row of the same list, then
 * Back. If the detour does not return to the pivot (more than half of the
 * texts differ, Genie's heuristic) the mutant is dropped. Otherwise every
 * pair of similar-type screens (i <= k < j, same activity and same list)
 * must keep the seed's effect: Δ(l_i, l_j) ⊆ Δ'(l'_i, l'_j), effects being
 * multisets of view keys where views in a list row carry the row's text (the
 * mapping GUIPilot's alignment or a tree diff would give). A violation is
 * replayed once more and reported only when it repeats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/offline_shared.h"
#include "agents/oracle.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/config.h"
#include "core/log.h"
#include "core/xalloc.h"

struct genie_state {
	struct offline_shared *sh;
	int max_mutants;
};

/* The run's recorded actions 1..n (copies) and whether each was a restart. */
static size_t load_actions(struct agent_env *env, struct action **out)
{
	struct history *h = agent_env_history(env);
	int n = history_n_steps(h);
	struct action *a = xcalloc((size_t)n + 1, sizeof(*a));

	for (int i = 1; i <= n; i++) {
		struct history_step hs;

		history_step_init(&hs);
		action_init(&a[i - 1]);
		if (history_get_step(h, i, &hs) == TD_OK)
			action_copy(&a[i - 1], &hs.action);
		history_step_release(&hs);
	}
	*out = a;
	return (size_t)n;
}

/* The screen recorded before step `step` (parsed from the run directory), or NULL. */
static struct ui_tree *load_screen(struct agent_env *env, int step)
{
	char *rel = rundir_step_rel(step, ".xml");
	char *abs = rundir_abs(agent_env_rundir(env), rel);
	struct ui_tree *t = NULL;

	if (ui_parse_file(abs, &t) != TD_OK)
		t = NULL;
	free(rel);
	free(abs);
	return t;
}

/* The list (index into lists) whose rows contain widget `w`; -1 none. Fills the row's primary text. */
static int row_of_click(const struct ui_tree *t, const struct action *a, const struct oracle_list *lists,
			size_t n, const char **row_text)
{
	const struct ui_widget *w = action_resolve(a, t);

	if (!w)
		return -1;
	for (const struct ui_widget *p = w; p; p = p->parent) {
		if (!p->parent)
			break;
		for (size_t i = 0; i < n; i++) {
			char id[512];

			snprintf(id, sizeof(id), "%s#%s", p->parent->resource_id, p->parent->class_name);
			if (strcmp(id, lists[i].id) != 0)
				continue;
			/* p is the row: its first text is the row's primary text. */
			for (size_t r = 0; r < lists[i].n_rows; r++) {
				const char *t0 = lists[i].primary[r];

				for (size_t k = 0; k < t->n_nodes; k++)
					if (t->nodes[k]->parent && (t->nodes[k] == p || t->nodes[k]->parent == p) &&
					    *t->nodes[k]->text && strcmp(t->nodes[k]->text, t0) == 0) {
						*row_text = t0;
						return (int)i;
					}
			}
			return -1;
		}
	}
	return -1;
}

/* Whether both screens show list `id` in the same activity (Genie's Similar_layout_type). */
static bool similar_type(const struct replay_screen *a, const struct replay_screen *b, const char *id)
{
	struct oracle_list *la = NULL, *lb = NULL;
	size_t na, nb;
	bool ia = false, ib = false;

	if (!a->tree || !b->tree || strcmp(a->activity ? a->activity : "", b->activity ? b->activity : "") != 0)
		return false;
	na = oracle_lists(a->tree, &la);
	nb = oracle_lists(b->tree, &lb);
	for (size_t i = 0; i < na; i++)
		ia |= !strcmp(la[i].id, id);
	for (size_t i = 0; i < nb; i++)
		ib |= !strcmp(lb[i].id, id);
	oracle_lists_free(la, na);
	oracle_lists_free(lb, nb);
	return ia && ib;
}

/* Check Alg. 3 between seed screens S and mutant screens M (detour of 2 at pivot K). */
static bool violated(const struct replay_result *S, const struct replay_result *M, size_t K, const char *list_id,
		     char **mask, size_t n_mask, cJSON **why)
{
	for (size_t i = 0; i <= K && i < S->n_screens; i++) {
		for (size_t j = K + 1; j < S->n_screens && j + 2 < M->n_screens; j++) {
			struct oracle_effect ds, dm;
			bool ok;

			if (!similar_type(&S->screens[i], &S->screens[j], list_id))
				continue;
			oracle_effect_compute(S->screens[i].tree, S->screens[j].tree, (const char *const *)mask, n_mask, &ds);
			oracle_effect_compute(M->screens[i].tree, M->screens[j + 2].tree, (const char *const *)mask,
					      n_mask, &dm);
			ok = oracle_effect_contained(&ds, &dm);
			if (!ok) {
				cJSON *seed = cJSON_CreateArray(), *mut = cJSON_CreateArray();

				for (size_t k = 0; k < ds.n; k++)
					cJSON_AddItemToArray(seed, cJSON_CreateString(ds.items[k]));
				for (size_t k = 0; k < dm.n; k++)
					cJSON_AddItemToArray(mut, cJSON_CreateString(dm.items[k]));
				*why = cJSON_CreateObject();
				cJSON_AddNumberToObject(*why, "i", (double)i);
				cJSON_AddNumberToObject(*why, "j", (double)j);
				cJSON_AddItemToObject(*why, "seed_effect", seed);
				cJSON_AddItemToObject(*why, "mutant_effect", mut);
			}
			oracle_effect_release(&ds);
			oracle_effect_release(&dm);
			if (!ok)
				return true;
		}
	}
	return false;
}

/* Try one seed (steps [a, j]) with pivot k and sibling row `sibling`. Returns 1 when a bug was reported. */
static int try_mutant(struct genie_state *st, struct agent_env *env, struct device *dev, const struct action *acts,
		      size_t a, size_t k, size_t j, const char *list_id, const char *sibling, const char *active)
{
	struct replay_opts opts = { .clear_data = true, .login = offline_shared_login(st->sh) };
	const char *pkg = agent_env_package(env);
	size_t ns = j - a + 1, nm = ns + 2, K = k - a;
	struct action *mut = xcalloc(nm, sizeof(*mut));
	struct replay_result s1, s2, m1, m2;
	char **mask = NULL;
	size_t n_mask = 0, alloc = 0;
	cJSON *why = NULL;
	int reported = 0;
	bool bug = false;

	memset(&s1, 0, sizeof(s1));
	memset(&s2, 0, sizeof(s2));
	memset(&m1, 0, sizeof(m1));
	memset(&m2, 0, sizeof(m2));
	for (size_t i = 0; i < K; i++)
		mut[i] = acts[a + i];
	action_init(&mut[K]);
	mut[K].type = ACTION_CLICK;
	mut[K].widget_text = (char *)sibling;
	action_init(&mut[K + 1]);
	mut[K + 1].type = ACTION_BACK;
	for (size_t i = K; i < ns; i++)
		mut[i + 2] = acts[a + i];
	if (replay_run(dev, pkg, acts + a, ns, &opts, &s1) != TD_OK ||
	    replay_run(dev, pkg, acts + a, ns, &opts, &s2) != TD_OK || s1.n_screens != s2.n_screens)
		goto out;
	for (size_t i = 0; i < s1.n_screens; i++)
		oracle_effect_unstable(s1.screens[i].tree, s2.screens[i].tree, &mask, &n_mask, &alloc);
	if (replay_run(dev, pkg, mut, nm, &opts, &m1) != TD_OK || m1.n_screens != nm + 1)
		goto out;
	/* Genie's return check: the detour must come back to the pivot screen. */
	if (oracle_text_difference(s1.screens[K].tree, m1.screens[K + 2].tree) > 0.5)
		goto out;
	if (!violated(&s1, &m1, K, list_id, mask, n_mask, &why))
		goto out;
	cJSON_Delete(why);
	why = NULL;
	/* Once more: a violation that does not repeat is noise. */
	bug = replay_run(dev, pkg, mut, nm, &opts, &m2) == TD_OK && m2.n_screens == nm + 1 &&
	      violated(&s1, &m2, K, list_id, mask, n_mask, &why);
	if (bug) {
		struct bug b;

		bug_init(&b);
		b.title = xasprintf("Opening '%s' first changes what '%s' does", sibling,
				    acts[k].widget_text ? acts[k].widget_text : active);
		b.category = BUG_CAT_DATA_OPERATION;
		b.description = xasprintf("Independent-view check (Genie): the steps after the pivot have a GUI effect "
					  "that is lost when an independent sibling row ('%s') is opened and closed first.",
					  sibling);
		b.expected = xstrdup("the detour adds effects but removes none of the seed's");
		b.actual = xstrdup("an effect of the seed test is missing in the mutant");
		b.found_by = xstrdup("oracle:independent_view");
		b.confirmed = true;
		b.extra = why;
		why = NULL;
		cJSON_AddStringToObject(b.extra, "list", list_id);
		cJSON_AddStringToObject(b.extra, "active_row", active);
		cJSON_AddStringToObject(b.extra, "detour_row", sibling);
		cJSON_AddNumberToObject(b.extra, "pivot", (double)K);
		/* The finding is about the steps from the pivot on (after the
		 * detour): those are the part an evaluation replays it for. */
		cJSON_AddNumberToObject(b.extra, "trigger_steps", (double)(nm - (K + 2) - 1));
		for (size_t i = 0; i < nm; i++)
			bug_add_step(&b, i < K ? (int)(a + i + 1) : (i < K + 2 ? -1 : (int)(a + i - 1)), &mut[i], NULL, NULL);
		reported = agent_env_report_bug(env, &b, NULL);
		bug_release(&b);
	}
out:
	cJSON_Delete(why);
	for (size_t i = 0; i < n_mask; i++)
		free(mask[i]);
	free(mask);
	replay_result_release(&s1);
	replay_result_release(&s2);
	replay_result_release(&m1);
	replay_result_release(&m2);
	free(mut);
	return reported;
}

static void genie_on_finish(struct agent_plugin *p, struct agent_env *env)
{
	struct genie_state *st = p->state;
	struct action *acts = NULL;
	size_t n = load_actions(env, &acts), seg_start = 0;
	int mutants = 0, found = 0;
	struct device *dev = agent_env_device_lock(env);

	if (!dev)
		goto out;
	for (size_t k = 0; k < n && mutants < st->max_mutants; k++) {
		struct ui_tree *lk;
		struct oracle_list *lists = NULL;
		size_t nl;
		const char *active = NULL;
		int li;

		if (acts[k].type == ACTION_RESTART)
			seg_start = k + 1;
		if (acts[k].type != ACTION_CLICK)
			continue;
		lk = load_screen(env, (int)k + 1);
		if (!lk)
			continue;
		nl = oracle_lists(lk, &lists);
		li = row_of_click(lk, &acts[k], lists, nl, &active);
		if (li >= 0 && lists[li].n_rows >= 2) {
			/* The seed ends when the list's screen comes back (within 10 steps). */
			for (size_t j = k + 1; j < n && j <= k + 10; j++) {
				struct ui_tree *lj = load_screen(env, (int)j + 2);
				struct oracle_list *lj_lists = NULL;
				size_t nj = lj ? oracle_lists(lj, &lj_lists) : 0;
				bool back = false;

				if (acts[j].type == ACTION_RESTART) {
					ui_tree_free(lj);
					oracle_lists_free(lj_lists, nj);
					break;
				}
				for (size_t q = 0; q < nj; q++)
					back |= !strcmp(lj_lists[q].id, lists[li].id);
				if (back) {
					const char *sibling = NULL;

					for (size_t r = 0; r < lists[li].n_rows && !sibling; r++)
						if (strcmp(lists[li].primary[r], active) != 0 && *lists[li].primary[r])
							sibling = lists[li].primary[r];
					if (sibling) {
						mutants++;
						found += try_mutant(st, env, dev, acts, seg_start, k, j, lists[li].id, sibling,
								    active);
					}
				}
				ui_tree_free(lj);
				oracle_lists_free(lj_lists, nj);
				if (back)
					break;
			}
		}
		oracle_lists_free(lists, nl);
		ui_tree_free(lk);
	}
	{
		cJSON *rec = cJSON_CreateObject();

		cJSON_AddStringToObject(rec, "oracle", "independent_view");
		cJSON_AddNumberToObject(rec, "mutants", mutants);
		cJSON_AddNumberToObject(rec, "reported", found);
		(void)agent_env_trace(env, "oracle_check", rec);
	}
out:
	agent_env_device_unlock(env);
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
}

static void genie_free(struct agent_plugin *p)
{
	struct genie_state *st = p->state;

	offline_shared_put(st->sh);
	free(st);
	free(p);
}

static int new_genie(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct genie_state *st;

	*out = NULL;
	if (cfg && config_has(cfg, "oracles.independent_view") && !config_bool(cfg, "oracles.independent_view"))
		return TD_OK;
	st = xcalloc(1, sizeof(*st));
	st->sh = offline_shared_get(env);
	st->max_mutants = cfg && config_has(cfg, "oracles.independent_view_max_mutants")
				  ? (int)config_int(cfg, "oracles.independent_view_max_mutants")
				  : 6;
	*out = xcalloc(1, sizeof(**out));
	(*out)->name = "oracle:independent_view";
	(*out)->state = st;
	(*out)->on_finish = genie_on_finish;
	(*out)->free = genie_free;
	return TD_OK;
}

const struct plugin_kind plugin_kind_genie = {
	.name = "genie",
	.summary = "Genie's independent-view oracle: seed/mutant replays with a detour on a sibling list row",
	.new_plugin = new_genie,
};
