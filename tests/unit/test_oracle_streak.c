/*
 * test_oracle_streak.c - oracle "streak" (oracle_streak_kept) on the
 * screens of scenarios replayed on a held-out app: ticking the daily "Make
 * the bed" keeps "Streak 21" (quests `quests-daily-streak-not-updated`,
 * habitica-android #934); the fixed twin shows "Streak 22". Unticking it
 * again is not judged, nor are the other steps.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define QUESTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/quests.json"
#define PKG "org.holdout.quests"

static const struct sim_step tick_twice[] = {
	{ ACTION_CLICK, "nav_dailies", NULL, NULL },
	{ ACTION_CHECK, "daily_check", NULL, NULL },
	{ ACTION_CHECK, "daily_check", NULL, NULL },
};

/* The steps after which the check fires, as a bit mask; its last title in *title. */
static unsigned fired(const char *app, char **title)
{
	return sim_steps_fired(app, PKG, oracle_streak_kept, BUG_CAT_CALCULATION, tick_twice, sizeof(tick_twice) / sizeof(tick_twice[0]),
			       title);
}

TEST(a_daily_ticked_that_keeps_its_streak)
{
	char *title;

	CHECK_INT_EQ(fired(QUESTS, &title), 2); /* the tick only, not the untick */
	CHECK(title && !strcmp(title, "Ticking 'Make the bed' leaves its 'Streak 21'"));
	free(title);
	CHECK_INT_EQ(fired(QUESTS ":fixed", &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_daily_ticked_that_keeps_its_streak);
	return test_summary();
}
