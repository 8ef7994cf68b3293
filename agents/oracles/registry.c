/*
 * registry.c - the oracle table built from ORACLE_KINDS (oracle_kind.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "core/xalloc.h"

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

/* A fresh tracker fed a replay's steps one at a time (as tracker_recheck feeds them all). */
struct oracle_recheck_feed {
	const struct oracle_kind *k;
	void *tracker;
	const struct action *steps;
	size_t n_steps;
	const char *package;
	size_t fed;                /* screens seen so far */
	size_t hit_step;           /* the step whose finding is in `last`; SIZE_MAX when none */
	struct oracle_finding last;
};

struct oracle_recheck_feed *oracle_recheck_feed_new(const struct oracle_kind *k, const struct action *steps,
						    size_t n_steps, const char *package)
{
	struct oracle_recheck_feed *fd;

	if (!k || !k->track || !k->tracker_new || !k->tracker_free)
		return NULL;
	fd = xcalloc(1, sizeof(*fd));
	fd->k = k;
	fd->tracker = k->tracker_new();
	fd->steps = steps;
	fd->n_steps = n_steps;
	fd->package = package;
	fd->hit_step = SIZE_MAX;
	oracle_finding_init(&fd->last);
	return fd;
}

void oracle_recheck_feed_free(struct oracle_recheck_feed *fd)
{
	if (!fd)
		return;
	fd->k->tracker_free(fd->tracker);
	oracle_finding_release(&fd->last);
	free(fd);
}

/*
 * Whether a replayed step is an oracle's trip that leaves the app where it
 * was (a rotation and back, a landscape scroll, Home and relaunch): the run
 * never fed those to its trackers. A restart and the clicks that walk back
 * (process_death) are fed: they may land on another item's page, and the
 * run's tracker, blind to them, can believe a stale back stack or opened
 * row, which the recheck must not (audiobooks' fixed twin: Back from a
 * book's Bookmarks reported after a walk back had opened another book).
 */
static bool stays_in_place(const struct action *a)
{
	return a->side_trip && (a->type == ACTION_ROTATE || a->type == ACTION_SCROLL || a->type == ACTION_HOME ||
				a->type == ACTION_START_ACTIVITY);
}

/*
 * One step to the tracker: screens[i] before steps[i], screens[i + 1] after
 * it. Only the last finding is kept. A trip that stays in place is not fed:
 * seeing a relaunch bring an edit form back, crud took it for a new form
 * holding the typed title (taskbox's own edit bug was rejected on every
 * replay).
 */
static void feed_step(struct oracle_recheck_feed *fd, const struct replay_screen *before,
		      const struct replay_screen *after, size_t i)
{
	struct oracle_tracked_step s = {
		.before = before->tree, .activity_before = before->activity,
		.after = after->tree, .activity_after = after->activity,
		.after_in_app = oracle_activity_in_package(after->activity, fd->package),
		.done = &fd->steps[i],
	};
	struct oracle_finding one;

	if (!s.before || !s.after || stays_in_place(&fd->steps[i]))
		return;
	oracle_finding_init(&one);
	if (fd->k->track(fd->tracker, &s, &one)) {
		oracle_finding_release(&fd->last);
		fd->last = one;
		fd->hit_step = i;
		return;
	}
	oracle_finding_release(&one);
}

void oracle_recheck_feed_screen(void *feed, const struct replay_result *r)
{
	struct oracle_recheck_feed *fd = feed;

	/* Screens arrive one at a time; the new one is after step fed - 1. */
	while (fd->fed < r->n_screens) {
		size_t j = fd->fed++;

		if (j >= 1 && j - 1 < fd->n_steps)
			feed_step(fd, &r->screens[j - 1], &r->screens[j], j - 1);
	}
}

/* The tracker's finding must come from the replay's last step, which must be the bug's last. */
static bool feed_result(struct oracle_recheck_feed *fd, const struct oracle_recheck *c, struct oracle_finding *f)
{
	oracle_finding_init(f);
	if (!c->n_steps || c->r->n_screens != c->n_steps + 1 || fd->fed != c->r->n_screens ||
	    fd->hit_step != c->n_steps - 1)
		return false;
	*f = fd->last;
	oracle_finding_init(&fd->last);
	fd->hit_step = SIZE_MAX;
	return true;
}

/* Feed the replay's steps to a fresh tracker; the finding must come from the last one. */
static bool tracker_recheck(const struct oracle_kind *k, const struct oracle_recheck *c, struct oracle_finding *f)
{
	struct oracle_recheck_feed *fd;
	bool hit;

	if (c->feed)
		return feed_result(c->feed, c, f);
	fd = oracle_recheck_feed_new(k, c->steps, c->n_steps, c->package);
	oracle_recheck_feed_screen(fd, c->r);
	hit = feed_result(fd, c, f);
	oracle_recheck_feed_free(fd);
	return hit;
}

size_t oracle_kind_recheck_screens(const struct oracle_kind *k, size_t trigger)
{
	if (!k)
		return 0;
	if (k->track && k->tracker_new && k->tracker_free)
		return 2;
	if (k->step_check)
		return 2;
	if (!k->reads.last)
		return 0;
	return k->reads.last + (k->reads.before_trigger ? trigger : 0);
}

void oracle_kind_replay_keep(const struct oracle_kind *k, size_t trigger, struct replay_opts *opts)
{
	opts->keep_screens = oracle_kind_recheck_screens(k, trigger);
	opts->screen_key = NULL;
	opts->keep_first_of_key = false;
	/* Trackers and step checks read only their window; a recheck may add a screen per key. */
	if (opts->keep_screens && k->recheck && !k->step_check && !(k->track && k->tracker_new && k->tracker_free)) {
		opts->screen_key = k->reads.key;
		opts->keep_first_of_key = k->reads.key_first;
	}
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
