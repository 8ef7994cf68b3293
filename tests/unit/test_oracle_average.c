/*
 * test_oracle_average.c - oracle "average" (oracle_average_step) fed the
 * screens of scenarios replayed on a held-out app: the Table tab lists the
 * week's four measurements, and Statistics' weekly average says "4
 * measurements" but shows the last one's weight (scale
 * `scale-weekly-average-shows-last`, openScale #422). Not on the fixed
 * twin; the monthly average, right but over more rows than the table
 * shows, is not reported; and after a user is deleted (which renumbers
 * the users) the fixed twin's weekly average of another user is not
 * reported either (the spec kept per-user sums keyed by the old number
 * until session 65: a true report of the app as it was written).
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define SCALE "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/scale.json"
#define PKG "org.holdout.scale"

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* The step of the first finding of "average" on scenario s replayed on app. */
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "average", BUG_CAT_CALCULATION, s, n, title)

TEST(a_weekly_average_that_shows_the_last_value)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "nav_table", NULL, NULL },
		{ ACTION_CLICK, "nav_stats", NULL, NULL },
		{ ACTION_CLICK, "st_week", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(SCALE, s, N(s), &title), 3);
	CHECK(title && !strcmp(title, "'Weekly average (24 \u2013 30 Nov)' is not the mean of the values the list "
				      "shows in its range"));
	free(title);
	CHECK_INT_EQ(first_finding(SCALE ":fixed", s, N(s), &title), 0);
	free(title);
}

TEST(a_right_average_or_one_over_rows_out_of_view_is_not_reported)
{
	static const struct sim_step month[] = {
		{ ACTION_CLICK, "nav_table", NULL, NULL },
		{ ACTION_CLICK, "nav_stats", NULL, NULL },
		{ ACTION_CLICK, "st_month", NULL, NULL },
	};
	/* The first user deleted: Jonas, now the second, has his week's average right on the fixed twin. */
	static const struct sim_step deleted[] = {
		{ ACTION_CLICK, NULL, "Settings", NULL },    { ACTION_CLICK, "user_row", NULL, NULL },
		{ ACTION_CLICK, "u_delete", NULL, NULL },     { ACTION_CLICK, "udel_ok", NULL, NULL },
		{ ACTION_CLICK, NULL, "Navigate up", NULL }, { ACTION_CLICK, "user_btn", NULL, NULL },
		{ ACTION_CLICK, "user_pick1", NULL, NULL },   { ACTION_CLICK, "nav_table", NULL, NULL },
		{ ACTION_CLICK, "nav_stats", NULL, NULL },    { ACTION_CLICK, "st_week", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(SCALE, month, N(month), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(SCALE ":fixed", deleted, N(deleted), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_weekly_average_that_shows_the_last_value);
	RUN(a_right_average_or_one_over_rows_out_of_view_is_not_reported);
	return test_summary();
}
