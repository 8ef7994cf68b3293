/*
 * test_oracle_gone_page.c - oracle "gone_page" (oracle_gone_page_step) fed
 * the screens of short scenarios replayed on the held-out weather app
 * (configs/apps/holdout/weather.json): Paris, seen on the main page, is
 * deleted on Locations, and the main page's Next still shows it
 * (`weather-deleted-location-still-in-pager`, WeatherMaster #302). Not on
 * the fixed twin; not when the deleted place's page was never seen; not
 * when the run searched it again before.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "device/device.h"

#define WEATHER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/weather.json"
#define PKG "org.holdout.weather"

/* One step: type, resource-id tail (or NULL), label (or NULL), text typed. */
struct step {
	enum action_type type;
	const char *id;
	const char *label;
	const char *text;
};

/*
 * Replays `steps` on `app` (clean start), feeding every step to a fresh
 * tracker. The 1-based step of the first finding, 0 for none, -1 when the
 * replay failed; its title in *title (caller frees).
 */
static int first_finding(const char *app, const struct step *steps, size_t n, char **title)
{
	struct device *dev = NULL;
	struct action *acts = xcalloc(n, sizeof(*acts));
	struct oracle_gone_page_tracker *t = oracle_gone_page_tracker_new();
	struct replay_result r;
	int found = 0;

	*title = NULL;
	if (device_open(app, NULL, &dev) != TD_OK) {
		free(acts);
		oracle_gone_page_tracker_free(t);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		action_init(&acts[i]);
		acts[i].type = steps[i].type;
		if (steps[i].id)
			acts[i].resource_id = xasprintf("%s:id/%s", PKG, steps[i].id);
		if (steps[i].label)
			acts[i].widget_text = xstrdup(steps[i].label);
		if (steps[i].text)
			acts[i].text = xstrdup(steps[i].text);
	}
	if (replay_run(dev, PKG, acts, n, NULL, &r) != TD_OK || r.n_screens != n + 1) {
		found = -1;
	} else {
		for (size_t i = 0; i < n && !found; i++) {
			const char *act = r.screens[i + 1].activity;
			struct oracle_tracked_step st = { r.screens[i].tree,
							  r.screens[i].activity,
							  r.screens[i + 1].tree,
							  act,
							  act && !strncmp(act, PKG "/", strlen(PKG) + 1),
							  &acts[i] };
			struct oracle_finding f;

			oracle_finding_init(&f);
			if (oracle_gone_page_step(t, &st, &f)) {
				found = (int)i + 1;
				*title = xstrdup(f.title);
				CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
				CHECK(f.diff && cJSON_GetObjectItem(f.diff, "blamed"));
			}
			oracle_finding_release(&f);
		}
		replay_result_release(&r);
	}
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
	oracle_gone_page_tracker_free(t);
	device_close(dev);
	return found;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

TEST(a_deleted_location_still_reached_by_next)
{
	static const struct step s[] = {
		{ ACTION_CLICK, "next_loc", NULL, NULL },   { ACTION_CLICK, "prev_loc", NULL, NULL },
		{ ACTION_CLICK, "manage_btn", NULL, NULL }, { ACTION_CLICK, "loc_del", "Delete Paris", NULL },
		{ ACTION_CLICK, "del_ok", NULL, NULL },	    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "next_loc", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(WEATHER, s, N(s), &title), 7);
	CHECK(title && !strcmp(title, "'Paris', deleted on 'Locations', still opens as a page"));
	free(title);
	/* The fixed twin's pager skips it. */
	CHECK_INT_EQ(first_finding(WEATHER ":fixed", s, N(s), &title), 0);
	free(title);
}

TEST(a_deleted_place_never_seen_as_a_page_or_searched_again_is_not_judged)
{
	/* Paris's page was never seen before the delete: nothing says it had one. */
	static const struct step unseen[] = {
		{ ACTION_CLICK, "manage_btn", NULL, NULL }, { ACTION_CLICK, "loc_del", "Delete Paris", NULL },
		{ ACTION_CLICK, "del_ok", NULL, NULL },	    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "next_loc", NULL, NULL },
	};
	/* Typed into the search after the delete: the run may have brought it back. */
	static const struct step searched[] = {
		{ ACTION_CLICK, "next_loc", NULL, NULL },   { ACTION_CLICK, "prev_loc", NULL, NULL },
		{ ACTION_CLICK, "manage_btn", NULL, NULL }, { ACTION_CLICK, "loc_del", "Delete Paris", NULL },
		{ ACTION_CLICK, "del_ok", NULL, NULL },	    { ACTION_CLICK, "add_loc", NULL, NULL },
		{ ACTION_CLICK, "q", NULL, NULL },	    { ACTION_INPUT, "q", NULL, "Paris" },
		{ ACTION_BACK, NULL, NULL, NULL },	    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },	    { ACTION_CLICK, "next_loc", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(WEATHER, unseen, N(unseen), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(WEATHER, searched, N(searched), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_deleted_location_still_reached_by_next);
	RUN(a_deleted_place_never_seen_as_a_page_or_searched_again_is_not_judged);
	return test_summary();
}
