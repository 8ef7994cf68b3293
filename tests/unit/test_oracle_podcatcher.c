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
 *    page, and its Back returns to the player.
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

int main(void)
{
	RUN(a_menu_item_that_opens_its_page_below_is_blamed);
	return test_summary();
}
