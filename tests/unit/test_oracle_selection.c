/*
 * test_oracle_selection.c - oracle "selection" (oracle_selection_step) fed
 * the screens of scenarios replayed on held-out apps: two songs selected
 * in a playlist and removed also take the others (music
 * `music-remove-selected-clears-playlist`, VinylMusicPlayer #580); Back
 * out of a reading list's selection removes the selected article (wiki
 * `wiki-back-removes-selected`, kiwix-android #1069). Neither on the
 * fixed twins; a selection closed with Cancel on the fixed twin, and a
 * Remove whose dialog is cancelled, are not reported.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "device/device.h"

#define MUSIC "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/music.json"
#define WIKI "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/wiki.json"

/* One step: type, resource-id tail (or NULL), label (or NULL). */
struct step {
	enum action_type type;
	const char *id;
	const char *label;
};

/*
 * Replays `steps` on `app` (package pkg, clean start), feeding every step
 * to a fresh tracker. The 1-based step of the first finding, 0 for none,
 * -1 when the replay failed; its title in *title (caller frees).
 */
static int first_finding(const char *app, const char *pkg, const struct step *steps, size_t n, char **title)
{
	struct device *dev = NULL;
	struct action *acts = xcalloc(n, sizeof(*acts));
	struct oracle_selection_tracker *t = oracle_selection_tracker_new();
	struct replay_result r;
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n; i++) {
		action_init(&acts[i]);
		acts[i].type = steps[i].type;
		if (steps[i].id)
			acts[i].resource_id = xasprintf("%s:id/%s", pkg, steps[i].id);
		if (steps[i].label)
			acts[i].widget_text = xstrdup(steps[i].label);
	}
	if (device_open(app, NULL, &dev) != TD_OK || replay_run(dev, pkg, acts, n, NULL, &r) != TD_OK) {
		found = -1;
	} else {
		CHECK_INT_EQ(r.n_screens, n + 1);
		for (size_t i = 0; i < n && i + 1 < r.n_screens && !found; i++) {
			const char *act = r.screens[i + 1].activity;
			struct oracle_tracked_step st = { r.screens[i].tree, r.screens[i].activity, r.screens[i + 1].tree,
							  act, act && !strncmp(act, pkg, strlen(pkg)), &acts[i] };
			struct oracle_finding f;

			oracle_finding_init(&f);
			if (oracle_selection_step(t, &st, &f)) {
				found = (int)i + 1;
				*title = xstrdup(f.title);
				CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
				CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
			}
			oracle_finding_release(&f);
		}
		replay_result_release(&r);
	}
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
	oracle_selection_tracker_free(t);
	device_close(dev);
	return found;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

TEST(removing_two_selected_songs_takes_the_others_too)
{
	static const struct step s[] = {
		{ ACTION_CLICK, "tab_playlists", NULL }, { ACTION_CLICK, NULL, "Road trip" },
		{ ACTION_LONG_CLICK, NULL, "Night Ferry" }, { ACTION_CLICK, NULL, "Cassette Heat" },
		{ ACTION_CLICK, "sel_remove", NULL },	  { ACTION_CLICK, "rm_ok", NULL },
	};
	/* The dialog cancelled: nothing removed, nothing judged. */
	static const struct step cancelled[] = {
		{ ACTION_CLICK, "tab_playlists", NULL }, { ACTION_CLICK, NULL, "Road trip" },
		{ ACTION_LONG_CLICK, NULL, "Night Ferry" }, { ACTION_CLICK, NULL, "Cassette Heat" },
		{ ACTION_CLICK, "sel_remove", NULL },	  { ACTION_CLICK, NULL, "Cancel" },
		{ ACTION_BACK, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(MUSIC, "org.holdout.music", s, N(s), &title), 6);
	CHECK(title && !strncmp(title, "Removing 2 selected rows also removed 'Pool Lights'", 51));
	free(title);
	CHECK_INT_EQ(first_finding(MUSIC ":fixed", "org.holdout.music", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(MUSIC ":fixed", "org.holdout.music", cancelled, N(cancelled), &title), 0);
	free(title);
}

TEST(back_out_of_a_selection_that_removes_the_selected_row)
{
	static const struct step s[] = {
		{ ACTION_CLICK, "nav_saved", NULL },
		{ ACTION_CLICK, NULL, "Physics greats" },
		{ ACTION_LONG_CLICK, NULL, "Marie Curie" },
		{ ACTION_BACK, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(WIKI, "org.holdout.wiki", s, N(s), &title), 4);
	CHECK(title && !strcmp(title, "Leaving the selection with 'Back' removed 'Marie Curie'"));
	free(title);
	CHECK_INT_EQ(first_finding(WIKI ":fixed", "org.holdout.wiki", s, N(s), &title), 0);
	free(title);
}

int main(void)
{
	RUN(removing_two_selected_songs_takes_the_others_too);
	RUN(back_out_of_a_selection_that_removes_the_selected_row);
	return test_summary();
}
