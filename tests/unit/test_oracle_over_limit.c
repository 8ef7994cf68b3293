/*
 * test_oracle_over_limit.c - oracle 47 "over_limit"
 * (oracle_over_limit_wrong) on built dumps: a deck's page saying "Limit:
 * 10 new cards a day" and "New today: 16" is reported (flashcards,
 * AnkiDroid #16098); a count within the limit, a count of other things
 * (Due today, Cards in deck), a weekly limit, a limit in a list and a
 * dialog over the page are not judged.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MainActivity"

/* A deck's page showing the texts of `texts` ('|'-separated); in a list when in_list. */
static struct ui_tree *page(const char *texts, bool in_list)
{
	return x_lines_page("Spanish vocabulary", texts, in_list);
}

static bool judged(struct ui_tree *t, char **title)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(t != NULL);
	if (!t)
		return false;
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup("Save");
	oracle_finding_init(&f);
	hit = oracle_over_limit_wrong(t, ACT, t, ACT, &tap, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "over_limit"));
		CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(t);
	return hit;
}

static bool shown(const char *texts)
{
	return judged(page(texts, false), NULL);
}

TEST(a_count_for_today_above_the_daily_limit)
{
	char *title = NULL;

	CHECK(judged(page("Due today: 4|New today: 16|Limit: 10 new cards a day|Cards in deck: 22", false), &title));
	CHECK(title && !strcmp(title, "'New today: 16' is above the limit the page states ('Limit: 10 new cards a day')"));
	free(title);
	CHECK(shown("Daily limit: 10 new cards|New cards today: 12"));
	CHECK(shown("Limit: 20 reviews/day|Reviews today: 25"));
}

TEST(counts_the_limit_does_not_cover)
{
	/* The fixed twin: the limit applied. */
	CHECK(!shown("Due today: 4|New today: 10|Limit: 10 new cards a day|Cards in deck: 22"));
	/* Other things than the limit counts. */
	CHECK(!shown("Due today: 40|New today: 4|Limit: 10 new cards a day|Cards in deck: 22"));
	/* A limit per week is not one per day. */
	CHECK(!shown("New today: 16|Limit: 10 new cards a week"));
	/* In a list: each row is its own deck. */
	CHECK(!judged(page("New today: 16|Limit: 10 new cards a day", true), NULL));
	/* A count that is not for today. */
	CHECK(!shown("New this week: 16|Limit: 10 new cards a day"));
}

int main(void)
{
	RUN(a_count_for_today_above_the_daily_limit);
	RUN(counts_the_limit_does_not_cover);
	return test_summary();
}
