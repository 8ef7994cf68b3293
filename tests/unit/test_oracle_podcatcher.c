/*
 * test_oracle_podcatcher.c - the checks changed after podcatcher's
 * untuned runs (session 68), on scenarios replayed on the held-out app
 * (podcatcher, modelled on AntennaPod):
 *  - `navigation`'s Back check blames a menu item that left its page as it
 *    was: the player's Open podcast closes the menu and leaves the player
 *    on screen, and Back shows the podcast's page instead of the Queue
 *    (`podcatcher-open-podcast-stays-on-player`, AntennaPod #4010). The
 *    report blamed only the Back before, so `trident eval` took it for a
 *    false report on seeds 3 and 5. The fixed twin opens the podcast's
 *    page, and its Back returns to the player;
 *  - `order_kept`'s move check: the third episode's Move to top (from its
 *    long press's menu) leaves it third and puts the episode below it
 *    first (`podcatcher-move-to-top-wrong-episode`, AntennaPod #188); the
 *    fixed twin moves it first.
 */
#include <stdbool.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "test.h"
#include "sim_steps.h"

#include "agents/oracles/oracles_internal.h"

#define PODCATCHER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/podcatcher.json"
#define PKG "org.holdout.podcatcher"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const struct sim_step open_podcast[] = {
	{ ACTION_CLICK, "mini_player", NULL, NULL },
	{ ACTION_CLICK, "player_menu_btn", NULL, NULL },
	{ ACTION_CLICK, "pm_open", "Open podcast", NULL },
	{ ACTION_BACK, NULL, NULL, NULL },
};

TEST(a_menu_item_that_opens_its_page_below_is_blamed)
{
	struct sim_finding f = sim_steps_first_finding_at(PODCATCHER, PKG, "navigation", open_podcast, NULL,
							 N(open_podcast));
	const cJSON *blamed;

	CHECK_INT_EQ(f.step, 4);
	CHECK(f.title && strstr(f.title, "Back from .MainActivity lands on 'The Changelog'"));
	blamed = f.diff ? cJSON_GetObjectItem(f.diff, "blamed") : NULL;
	CHECK(blamed && cJSON_IsString(cJSON_GetObjectItem(blamed, "widget_text")) &&
	      !strcmp(cJSON_GetObjectItem(blamed, "widget_text")->valuestring, "Open podcast"));
	sim_finding_release(&f);
	f = sim_steps_first_finding_at(PODCATCHER ":fixed", PKG, "navigation", open_podcast, NULL, N(open_podcast));
	CHECK_INT_EQ(f.step, 0);
	sim_finding_release(&f);
}

TEST(a_move_to_top_that_moves_another_row)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_queue", NULL, NULL },
		{ ACTION_LONG_CLICK, "q_row", NULL, NULL },
		{ ACTION_CLICK, "qm_top", "Move to top", NULL },
	};
	static const int tops[] = { 0, 1365, 0 };
	char *title = NULL;

	CHECK_INT_EQ(sim_steps_found_at(PODCATCHER, PKG, "order_kept", BUG_CAT_DATA_OPERATION, s, tops, N(s), &title),
		     3);
	CHECK(title && !strcmp(title, "'Move to top' on 'Elements: Hydrogen' leaves it at row 4: 'Microplastics' is first"));
	free(title);
	CHECK_INT_EQ(sim_steps_found_at(PODCATCHER ":fixed", PKG, "order_kept", BUG_CAT_DATA_OPERATION, s, tops, N(s),
					&title),
		     0);
	free(title);
}

int main(void)
{
	RUN(a_menu_item_that_opens_its_page_below_is_blamed);
	RUN(a_move_to_top_that_moves_another_row);
	return test_summary();
}
