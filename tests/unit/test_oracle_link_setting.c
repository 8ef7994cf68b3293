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

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"

#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/feeds.json"
#define PKG "org.holdout.feeds"

/*
 * Replays `steps` on `app` (clean start), feeding every step to a fresh
 * tracker. The 1-based step of the first finding, 0 for none, -1 when the
 * replay failed; its title in *title (caller frees).
 */
static int first_finding(const char *app, const struct sim_step *steps, size_t n, char **title)
{
	struct oracle_link_setting_tracker *t = oracle_link_setting_tracker_new();
	struct sim_replay s;
	int found = 0;

	*title = NULL;
	sim_steps_replay(app, PKG, steps, n, &s);
	if (!s.ok)
		found = -1;
	for (size_t i = 0; s.ok && i < n && !found; i++) {
		struct oracle_tracked_step st = { s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
						  s.r.screens[i + 1].activity, sim_steps_in_app(&s, i + 1, PKG), &s.acts[i] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_link_setting_step(t, &st, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	oracle_link_setting_tracker_free(t);
	return found;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

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
