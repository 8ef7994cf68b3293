/*
 * test_oracle_cross_count.c - oracle 37 "cross_count"
 * (oracle_cross_count_wrong) on built dumps: a tap from a stock overview
 * saying "5 not fresh" to a Due soon page saying "4 products are not
 * fresh" is reported (pantry, grocy-android #898); equal counts, a tap
 * that changes data, a tap that stays on the page, counts worded alike,
 * a count named by a scope, a measure, a list row and a count inside a
 * clickable are not judged.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MainActivity"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"

/* A page titled `title` with a summary text and a button labelled `button` under it. */
static struct ui_tree *page(const char *title, const char *summary, const char *button)
{
	return x_tree(x_cat(x_bar(title), x_node(TEXT, "t:id/summary", summary, "", "", 40, 240, 1040, 340, NULL),
			    x_node(BUTTON, "t:id/go", button, "c", "", 40, 400, 500, 520, NULL), NULL));
}

/* A page with a summary over a list of one row showing row_text. */
static struct ui_tree *row_page(const char *title, const char *summary, const char *row_text)
{
	return x_tree(x_cat(x_bar(title), x_node(TEXT, "t:id/summary", summary, "", "", 40, 2100, 1040, 2190, NULL),
			    x_node1(LIST, "t:id/list", "", "s", 0, 220, 1080, 2000,
				    x_node1(ROW, "t:id/row", "", "c", 0, 220, 1080, 400,
					    x_node(TEXT, "t:id/row_text", row_text, "", "", 40, 240, 1040, 380, NULL))),
			    NULL));
}

/* Whether tapping the widget labelled `label` at (270, 460) from b to a is reported (both freed); the title into *title. */
static bool tapped(struct ui_tree *b, const char *label, int y, struct ui_tree *a, char **title)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(b && a);
	if (!b || !a) {
		ui_tree_free(b);
		ui_tree_free(a);
		return false;
	}
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup(label);
	tap.x = 270;
	tap.y = y;
	oracle_finding_init(&f);
	hit = oracle_cross_count_wrong(b, ACT, a, ACT, &tap, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "cross_count"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	return hit;
}

static bool moved(const char *summary_before, const char *label, const char *title_after, const char *summary_after)
{
	return tapped(page("Stock overview", summary_before, label), label, 460,
		      page(title_after, summary_after, "Stock"), NULL);
}

TEST(a_summary_and_the_page_it_opens_that_disagree)
{
	char *title = NULL;

	CHECK(tapped(page("Stock overview", "14 products \xc2\xb7 5 not fresh", "1 expired"), "1 expired", 460,
		     page("Due soon", "4 products are not fresh: 3 due within 5 days, 1 expired", "Stock"), &title));
	CHECK(title && !strcmp(title, "'Stock overview' and 'Due soon' count 'not fresh' differently"));
	free(title);
	/* Back the other way, by a bottom-bar item's label. */
	CHECK(tapped(page("Due soon", "4 products are not fresh: 3 due within 5 days, 1 expired", "Stock"), "Stock",
		     460, page("Stock overview", "14 products \xc2\xb7 5 not fresh", "1 expired"), NULL));
}

TEST(counts_that_agree_or_may_differ_are_not_judged)
{
	/* The fixed twin: both pages say 4. */
	CHECK(!moved("14 products \xc2\xb7 4 not fresh", "1 expired", "Due soon",
		     "4 products are not fresh: 3 due within 5 days, 1 expired"));
	/* A tap that changes data between the two pages. */
	CHECK(!moved("14 products \xc2\xb7 5 not fresh", "Consume all", "Due soon",
		     "4 products are not fresh: 3 due within 5 days, 1 expired"));
	CHECK(!moved("14 products \xc2\xb7 5 not fresh", "Mark as eaten", "Due soon",
		     "4 products are not fresh: 3 due within 5 days, 1 expired"));
	/* The same title: the tap stayed on the page. */
	CHECK(!moved("14 products \xc2\xb7 5 not fresh", "1 expired", "Stock overview",
		     "4 products are not fresh: 3 due within 5 days, 1 expired"));
	/* Worded alike on two pages: each counts its own scope (Inbox, Work). */
	CHECK(!moved("5 unread messages", "Work", "Work", "3 unread messages"));
	/* A count whose text names its scope first. */
	CHECK(!moved("Pantry: 5 not fresh", "1 expired", "Due soon",
		     "4 products are not fresh: 3 due within 5 days, 1 expired"));
	/* A measure (hours), not a count of things. */
	CHECK(!moved("2 hours tracked", "Reports", "Reports", "5 total hours tracked"));
	/* One word alone is too little to say the things are the same. */
	CHECK(!moved("5 items", "Archived", "Archive", "3 archived items"));
	/* A list row opens one of many: its count is its own. */
	CHECK(!tapped(row_page("Folders", "9 not synced", "Work"), "Work", 300,
		      page("Work", "3 messages are not synced", "Back"), NULL));
}

TEST(a_count_inside_something_to_tap_is_not_read)
{
	/* The button itself says "5 not fresh": it counts the page it opens, not this one. */
	CHECK(!tapped(x_tree(x_cat(x_bar("Stock overview"),
				   x_node(BUTTON, "t:id/go", "5 not fresh", "c", "", 40, 400, 500, 520, NULL), NULL)),
		      "5 not fresh", 460, page("Due soon", "4 products are not fresh", "Stock"), NULL));
}

int main(void)
{
	RUN(a_summary_and_the_page_it_opens_that_disagree);
	RUN(counts_that_agree_or_may_differ_are_not_judged);
	RUN(a_count_inside_something_to_tap_is_not_read);
	return test_summary();
}
