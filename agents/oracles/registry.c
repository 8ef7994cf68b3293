/*
 * registry.c - the oracle table built from ORACLE_KINDS (oracle_kind.h).
 */
#include <string.h>

#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"

#define ORACLE_KIND_LIST(n) &oracle_kind_##n,
static const struct oracle_kind *const all_oracles[] = { ORACLE_KINDS(ORACLE_KIND_LIST) NULL };

const struct oracle_kind *const *oracle_kinds(size_t *n)
{
	*n = ORACLE_KIND_COUNT;
	return all_oracles;
}

const struct oracle_kind *oracle_kind_find(const char *name)
{
	for (size_t i = 0; name && all_oracles[i]; i++)
		if (!strcmp(all_oracles[i]->name, name))
			return all_oracles[i];
	return NULL;
}

int oracle_kind_index(const struct oracle_kind *k)
{
	for (int i = 0; all_oracles[i]; i++)
		if (all_oracles[i] == k)
			return i;
	return -1;
}

/* Feed the replay's steps to a fresh tracker; the finding must come from the last one. */
static bool tracker_recheck(const struct oracle_kind *k, const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	void *t = k->tracker_new();
	bool hit = false;

	oracle_finding_init(f);
	for (size_t i = 0; i + 1 < r->n_screens && i < c->n_steps; i++) {
		struct oracle_tracked_step s = {
			.before = r->screens[i].tree, .activity_before = r->screens[i].activity,
			.after = r->screens[i + 1].tree, .activity_after = r->screens[i + 1].activity,
			.after_in_app = oracle_activity_in_package(r->screens[i + 1].activity, c->package),
			.done = &c->steps[i],
		};
		struct oracle_finding one;
		bool last = i + 2 == r->n_screens && i + 1 == c->n_steps;

		if (!s.before || !s.after)
			continue;
		oracle_finding_init(&one);
		if (k->track(t, &s, &one) && last) {
			*f = one;
			hit = true;
			continue;
		}
		oracle_finding_release(&one);
	}
	k->tracker_free(t);
	return hit;
}

bool oracle_kind_recheck(const struct oracle_kind *k, const struct oracle_recheck *c, struct oracle_finding *f)
{
	if (!k)
		return false;
	if (k->track && k->tracker_new && k->tracker_free)
		return tracker_recheck(k, c, f);
	if (k->step_check)
		return oracle_recheck_step(c, k->step_check, f);
	return k->recheck && k->recheck(c, f);
}
