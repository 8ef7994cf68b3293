/*
 * test_oracle_setting_reverted.c - the setting oracle's check of a
 * settings page itself (setting_value.c, reverted), on scenarios replayed
 * on a held-out app: Language set to Deutsch on App settings, a product
 * scanned, and App settings says Language: English again (foodfacts
 * `foodfacts-scan-resets-language`, openfoodfacts-androidapp #2735). Not
 * on the fixed twin; not when the run leaves and comes back without a
 * scan and then sets English again itself. Boxes ticked on another
 * settings page (food preferences) in between do not hide it (seed 4 of
 * the first guard's bench).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FOODFACTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/foodfacts.json"
#define RUNTRACKER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/runtracker.json"
#define PODCASTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/bench/podcasts.json"
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
	/* Deutsch, then a food preference ticked on its own page before the scan. */
	static const struct sim_step ticked[] = {
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
		{ ACTION_CLICK, "lang_row", NULL, NULL },
		{ ACTION_CLICK, "lang_de", "Deutsch", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "food_prefs_row", NULL, NULL },
		{ ACTION_CHECK, "sw_gluten", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_scan", NULL, NULL },
		{ ACTION_CLICK, "cam_row", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_prefs", NULL, NULL },
		{ ACTION_CLICK, "app_settings_row", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FOODFACTS, ticked, N(ticked), &title), 13);
	CHECK(title && !strcmp(title, "'Language' set to 'Deutsch' goes back to 'English' by itself"));
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS ":fixed", ticked, N(ticked), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS, s, N(s), &title), 10);
	CHECK(title && !strcmp(title, "'Language' set to 'Deutsch' goes back to 'English' by itself"));
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS ":fixed", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FOODFACTS, no_scan, N(no_scan), &title), 0);
	free(title);
}

/*
 * Not when another setting was chosen since: "Frequency: every 1 mi" reads
 * "every 1 km" after Units: Kilometres (runtracker's fixed twin, a false
 * report of the first version).
 */
TEST(a_value_that_follows_another_setting_is_not_judged)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "settings_btn", NULL, NULL },
		{ ACTION_CLICK, "voice_btn", NULL, NULL }, /* "every 1 km" first */
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "units_btn", NULL, NULL },
		{ ACTION_CLICK, "unit_mi", "Miles", NULL },
		{ ACTION_CLICK, "voice_btn", NULL, NULL },
		{ ACTION_CLICK, "voice_every_btn", NULL, NULL },
		{ ACTION_CLICK, "every_5min", NULL, NULL },
		{ ACTION_CLICK, "voice_every_min_btn", NULL, NULL },
		{ ACTION_CLICK, "every_km", NULL, NULL }, /* "every 1 mi", chosen */
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "units_btn", NULL, NULL },
		{ ACTION_CLICK, "unit_km", "Kilometres", NULL },
		{ ACTION_CLICK, "voice_btn", NULL, NULL }, /* "every 1 km" again, rightly */
	};
	char *title = NULL;

	CHECK_INT_EQ(sim_steps_found(RUNTRACKER ":fixed", "org.holdout.runtracker", "setting", BUG_CAT_SETTINGS, s,
				     N(s), &title),
		     0);
	free(title);
}

/*
 * bench podcasts (seeds 2 and 5, session 69): Auto skip set on Curious
 * Minds' "Podcast settings", then Makers' page of the same title shows its
 * own values ("Rename: Makers", "Auto skip: first 0 s, last 0 s"): another
 * item's page, not a value gone back. Only a value that went back alone is
 * judged.
 */
TEST(another_items_settings_page_of_the_same_title_is_not_judged)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_subs", NULL, NULL },
		{ ACTION_CLICK, "subs_row", NULL, NULL },
		{ ACTION_CLICK, "pod_settings", NULL, NULL },
		{ ACTION_CLICK, "ps_skip", NULL, NULL },
		{ ACTION_INPUT, "skip_first", NULL, "1" },
		{ ACTION_INPUT, "skip_last", NULL, "1" },
		{ ACTION_CLICK, "skip_ok", "Confirm", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "subs_row", NULL, NULL },
		{ ACTION_CLICK, "pod_settings", NULL, NULL },
	};
	static const int tops[] = { 0, 231, 0, 0, 0, 0, 0, 0, 0, 621, 0 };

	for (int fixed = 0; fixed < 2; fixed++) {
		char *title = NULL;

		CHECK_INT_EQ(sim_steps_found_at(fixed ? PODCASTS ":fixed" : PODCASTS, "org.bench.podcasts", "setting",
						BUG_CAT_SETTINGS, s, tops, N(s), &title),
			     0);
		free(title);
	}
}

int main(void)
{
	RUN(another_items_settings_page_of_the_same_title_is_not_judged);
	RUN(a_language_that_goes_back_after_a_scan);
	RUN(a_value_that_follows_another_setting_is_not_judged);
	return test_summary();
}
