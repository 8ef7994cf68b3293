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

#define MUSIC "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/music.json"
#define WIKI "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/wiki.json"
#define FOODFACTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/foodfacts.json"

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* The step of the first finding of "selection" on scenario s replayed on app (package pkg). */
#define first_finding(app, pkg, s, n, title) \
	sim_steps_found(app, pkg, "selection", BUG_CAT_DATA_OPERATION, s, n, title)

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

/*
 * Delete selected, confirmed, that removes nothing (foodfacts
 * `foodfacts-multi-delete-does-nothing`, smooth-app #6040); the fixed twin
 * removes the product, and a Cancel in the dialog is not judged.
 */
TEST(delete_of_the_selection_that_removes_none)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_lists", NULL, NULL },	{ ACTION_CLICK, "list_row", NULL, NULL },
		{ ACTION_CLICK, "select_btn", NULL, NULL },	{ ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_CLICK, "delete_sel_btn", NULL, NULL }, { ACTION_CLICK, "ok_delete", NULL, NULL },
	};
	static const struct sim_step cancel[] = {
		{ ACTION_CLICK, "nav_lists", NULL, NULL },	{ ACTION_CLICK, "list_row", NULL, NULL },
		{ ACTION_CLICK, "select_btn", NULL, NULL },	{ ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_CLICK, "delete_sel_btn", NULL, NULL }, { ACTION_CLICK, "cancel_delete", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FOODFACTS, "org.holdout.foodfacts", s, N(s), &title), 6);
	CHECK(title && !strcmp(title, "'Delete selected' on 1 selected row removes none"));
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS ":fixed", "org.holdout.foodfacts", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS, "org.holdout.foodfacts", cancel, N(cancel), &title), 0);
	free(title);
}

int main(void)
{
	RUN(removing_two_selected_songs_takes_the_others_too);
	RUN(delete_of_the_selection_that_removes_none);
	RUN(back_out_of_a_selection_that_removes_the_selected_row);
	return test_summary();
}
