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
#include "sim_steps.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"

#define MUSIC "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/music.json"
#define WIKI "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/wiki.json"

/*
 * Replays `steps` on `app` (package pkg, clean start), feeding every step
 * to a fresh tracker. The 1-based step of the first finding, 0 for none,
 * -1 when the replay failed; its title in *title (caller frees).
 */
static int first_finding(const char *app, const char *pkg, const struct sim_step *steps, size_t n, char **title)
{
	struct oracle_selection_tracker *t = oracle_selection_tracker_new();
	struct sim_replay s;
	int found = 0;

	*title = NULL;
	sim_steps_replay(app, pkg, steps, n, &s);
	if (!s.ok)
		found = -1;
	for (size_t i = 0; s.ok && i < n && !found; i++) {
		struct oracle_tracked_step st = { s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
						  s.r.screens[i + 1].activity, sim_steps_in_app(&s, i + 1, pkg), &s.acts[i] };
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
	sim_steps_release(&s);
	oracle_selection_tracker_free(t);
	return found;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

TEST(removing_two_selected_songs_takes_the_others_too)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "tab_playlists", NULL, NULL }, { ACTION_CLICK, NULL, "Road trip", NULL },
		{ ACTION_LONG_CLICK, NULL, "Night Ferry", NULL }, { ACTION_CLICK, NULL, "Cassette Heat", NULL },
		{ ACTION_CLICK, "sel_remove", NULL, NULL },	  { ACTION_CLICK, "rm_ok", NULL, NULL },
	};
	/* The dialog cancelled: nothing removed, nothing judged. */
	static const struct sim_step cancelled[] = {
		{ ACTION_CLICK, "tab_playlists", NULL, NULL }, { ACTION_CLICK, NULL, "Road trip", NULL },
		{ ACTION_LONG_CLICK, NULL, "Night Ferry", NULL }, { ACTION_CLICK, NULL, "Cassette Heat", NULL },
		{ ACTION_CLICK, "sel_remove", NULL, NULL },	  { ACTION_CLICK, NULL, "Cancel", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
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
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_saved", NULL, NULL },
		{ ACTION_CLICK, NULL, "Physics greats", NULL },
		{ ACTION_LONG_CLICK, NULL, "Marie Curie", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
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
