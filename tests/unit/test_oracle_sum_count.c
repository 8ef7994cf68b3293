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
	struct oracle_sum_count_tracker *t = oracle_sum_count_tracker_new();
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
		if (oracle_sum_count_step(t, &st, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	oracle_sum_count_tracker_free(t);
	return found;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

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
