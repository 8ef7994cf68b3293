/*
 * test_oracle_sum_count.c - oracle "sum_count" (oracle_sum_count_step)
 * fed the screens of scenarios replayed on a held-out app: the start page
 * says "All feeds (7)" over five feeds whose unread counts add up to 7;
 * after an article of Ars Technica is read, its count drops to 1 and the
 * total stays at 7 (feeds `feeds-all-count-keeps-read`, Feeder #712). Not
 * on the fixed twin; not before the page was seen adding up (nothing
 * calibrated); and the Tags list beside it, which sums other things, is
 * never taken for the total's list.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/feeds.json"
#define PKG "org.holdout.feeds"

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* The step of the first finding of "sum_count" on scenario s replayed on app. */
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "sum_count", BUG_CAT_CALCULATION, s, n, title)

TEST(a_total_that_keeps_counting_a_read_article)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "tag_row", NULL, NULL }, { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "feed_row", NULL, NULL }, { ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },       { ACTION_BACK, NULL, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FEEDS, s, N(s), &title), 6);
	CHECK(title && !strcmp(title, "'All feeds' stops adding up the counts of its list"));
	free(title);
	CHECK_INT_EQ(first_finding(FEEDS ":fixed", s, N(s), &title), 0);
	free(title);
}

TEST(a_total_never_seen_adding_up_is_not_judged)
{
	/* The start page is first seen after the article was read: nothing calibrated the pair. */
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "feed_row", NULL, NULL },
		{ ACTION_CLICK, "item_row", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FEEDS, s, N(s), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_total_that_keeps_counting_a_read_article);
	RUN(a_total_never_seen_adding_up_is_not_judged);
	return test_summary();
}
