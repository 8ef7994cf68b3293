/*
 * test_oracle_link_setting.c - oracle "link_setting"
 * (oracle_link_setting_step) fed the screens of scenarios replayed on a
 * held-out app: Settings' "Open links with" set to Default browser, then
 * an article's "Open in browser" opens the app's own Custom tab page
 * (feeds `feeds-open-in-browser-ignores-setting`, Feeder #1056). Not on
 * the fixed twin (the browser opens); not with the setting left at Custom
 * tab, where the app's page is what the setting asks for.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/feeds.json"
#define PKG "org.holdout.feeds"

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* The step of the first finding of "link_setting" on scenario s replayed on app. */
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "link_setting", BUG_CAT_SETTINGS, s, n, title)

TEST(open_in_browser_that_stays_in_the_app)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "settings_btn", NULL, NULL }, { ACTION_CLICK, "open_with_btn", NULL, NULL },
		{ ACTION_CLICK, "ow_browser", NULL, NULL },    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "feed_row", NULL, NULL },      { ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_CLICK, "open_btn", NULL, NULL },
	};
	/* The setting left at Custom tab: the app's page is right. */
	static const struct sim_step tab[] = {
		{ ACTION_CLICK, "settings_btn", NULL, NULL }, { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "feed_row", NULL, NULL },      { ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_CLICK, "open_btn", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FEEDS, s, N(s), &title), 7);
	CHECK(title && !strcmp(title, "'Open in browser' ignores the setting 'Open links with: Default browser'"));
	free(title);
	CHECK_INT_EQ(first_finding(FEEDS ":fixed", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FEEDS, tab, N(tab), &title), 0);
	free(title);
}

int main(void)
{
	RUN(open_in_browser_that_stays_in_the_app);
	return test_summary();
}
