/*
 * test_oracle_setting_reverted.c - the setting oracle's check of a
 * settings page itself (setting_value.c, reverted), on scenarios replayed
 * on a held-out app: Language set to Deutsch on App settings, a product
 * scanned, and App settings says Language: English again (foodfacts
 * `foodfacts-scan-resets-language`, openfoodfacts-androidapp #2735). Not
 * on the fixed twin; not when the run leaves and comes back without a
 * scan and then sets English again itself.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FOODFACTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/foodfacts.json"
#define PKG "org.holdout.foodfacts"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "setting", BUG_CAT_SETTINGS, s, n, title)

TEST(a_language_that_goes_back_after_a_scan)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
		{ ACTION_CLICK, "lang_row", NULL, NULL },
		{ ACTION_CLICK, "lang_de", "Deutsch", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_scan", NULL, NULL },
		{ ACTION_CLICK, "cam_row", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
	};
	/* Out and back without a scan, then English chosen again by the run. */
	static const struct sim_step no_scan[] = {
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
		{ ACTION_CLICK, "lang_row", NULL, NULL },
		{ ACTION_CLICK, "lang_de", "Deutsch", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_scan", NULL, NULL },
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
		{ ACTION_CLICK, "lang_row", NULL, NULL },
		{ ACTION_CLICK, "lang_en", "English", NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FOODFACTS, s, N(s), &title), 10);
	CHECK(title && !strcmp(title, "'Language' set to 'Deutsch' goes back to 'English' by itself"));
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS ":fixed", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS, no_scan, N(no_scan), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_language_that_goes_back_after_a_scan);
	return test_summary();
}
