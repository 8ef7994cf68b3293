/*
 * test_oracle_partition.c - the partition oracle (oracle 42): a workout
 * list whose summary line counts 5 workouts, then (by the Statistics
 * button and the By month tab) statistics by month whose November and
 * October lines count 5 + 1: the months add up to more than the whole
 * (runtracker `runtracker-month-stats-keep-deleted`). Months that add up
 * to the whole or less, a tap between that may change the data (a label
 * naming a change, typing, a checkable), groups that are not months, a
 * whole under a date heading (a week's line), lines of another shape and
 * a page with two lines of the whole's shape are not reported; years
 * split like months; one report per page and shape; measures (52 min,
 * 10 km, 1 point, 2 days) are no counts.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define ACT "org.t/.MainActivity"
#define TEXT "android.widget.TextView"
#define BTN "android.widget.Button"
#define LIST "androidx.recyclerview.widget.RecyclerView"

static char *text_at(const char *text, int y)
{
	return x_node(TEXT, "", text, "", "", 40, y, 1000, y + 100, NULL);
}

static char *button_at(const char *id, const char *text, const char *flags, int y)
{
	return x_node(BTN, id, text, flags, "", 40, y, 1000, y + 120, NULL);
}

/* A workout's page with a Delete button. */
static struct ui_tree *workout_page(void)
{
	return x_tree(x_cat(x_bar("Sunday long run"), text_at("16.00 km", 300),
			    button_at("t:id/delete", "Delete", "c", 500), NULL));
}

/*
 * The workout list: `head` over the summary `whole` (NULL: none), a second
 * line `twin` (NULL: none), a row in a list, and the button `mid_id`
 * labelled `mid` (flags `mid_flags`) that the test taps next.
 */
static struct ui_tree *list_page(const char *head, const char *whole, const char *twin, const char *mid_id,
				 const char *mid, const char *mid_flags)
{
	char *body = x_bar("Workouts");

	if (head)
		body = x_cat(body, text_at(head, 220), NULL);
	if (whole)
		body = x_cat(body, text_at(whole, 330), NULL);
	if (twin)
		body = x_cat(body, text_at(twin, 440), NULL);
	body = x_cat(body,
		     x_node1(LIST, "t:id/list", "", "s", 0, 560, 1080, 1400,
			     x_node1("android.widget.LinearLayout", "t:id/row", "", "c", 0, 560, 1080, 760,
				     text_at("Riverside loop", 600))),
		     button_at(mid_id, mid, mid_flags, 1500), NULL);
	return x_tree(body);
}

/* The week's statistics: a dated heading over its line, and the By month tab. */
static struct ui_tree *week_page(void)
{
	return x_tree(x_cat(x_bar("Statistics"), button_at("t:id/tab_month", "By month", "c", 220),
			    text_at("23 \xe2\x80\x93 29 November", 360),
			    text_at("2 workouts \xc2\xb7 20.80 km \xc2\xb7 1 h 22 min", 470), NULL));
}

/* Statistics by month: each heading over its line (NULL ends). */
static struct ui_tree *month_page(const char *const *heads, const char *const *lines)
{
	char *body = x_cat(x_bar("Statistics"), button_at("t:id/tab_week", "This week", "c", 220), NULL);

	for (int i = 0; heads[i]; i++)
		body = x_cat(body, text_at(heads[i], 360 + i * 240), text_at(lines[i], 470 + i * 240), NULL);
	return x_tree(body);
}

struct walk {
	const char *head, *whole, *twin;            /* the list page */
	const char *mid_id, *mid;                  /* the tap from the list page */
	const char *mid_flags;
	enum action_type mid_type;
	const char *const *heads, *const *lines;   /* the month page */
};

static const char *const MONTHS[] = { "November 2026", "October 2026", NULL };
static const char *const SPLIT_5_1[] = { "5 workouts \xc2\xb7 47.60 km \xc2\xb7 4 h 24 min",
					 "1 workouts \xc2\xb7 10.00 km \xc2\xb7 0 h 52 min", NULL };
#define WHOLE(n) n " workouts \xc2\xb7 57.60 km \xc2\xb7 5 h 16 min"

/* Delete, Statistics (or the walk's tap), By month, then By month's page again from This week: the steps that reported. */
static int walk(const struct walk *w, int *reports)
{
	struct oracle_partition_tracker *t = oracle_partition_tracker_new();
	struct ui_tree *pages[] = { workout_page(),
				    list_page(w->head, w->whole, w->twin, w->mid_id, w->mid, w->mid_flags),
				    week_page(), month_page(w->heads, w->lines), week_page(),
				    month_page(w->heads, w->lines) };
	struct action a[5];
	int found = 0;

	*reports = 0;
	for (int i = 0; i < 5; i++)
		action_init(&a[i]);
	a[0].type = ACTION_CLICK;
	a[0].resource_id = xstrdup("t:id/delete");
	a[0].widget_text = xstrdup("Delete");
	a[1].type = w->mid_type;
	a[1].resource_id = xstrdup(w->mid_id);
	a[1].widget_text = xstrdup(w->mid);
	if (w->mid_type == ACTION_INPUT)
		a[1].text = xstrdup("10");
	a[2].type = ACTION_CLICK;
	a[2].resource_id = xstrdup("t:id/tab_month");
	a[2].widget_text = xstrdup("By month");
	a[3].type = ACTION_CLICK;
	a[3].resource_id = xstrdup("t:id/tab_week");
	a[3].widget_text = xstrdup("This week");
	a[4] = a[2];
	a[4].resource_id = xstrdup("t:id/tab_month");
	a[4].widget_text = xstrdup("By month");
	for (int i = 0; i < 5; i++) {
		struct oracle_tracked_step s = { pages[i], ACT, pages[i + 1], ACT, true, &a[i] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_partition_step(t, &s, &f)) {
			if (!found)
				found = i + 1;
			(*reports)++;
			CHECK(f.category == BUG_CAT_CALCULATION);
			CHECK(f.title && strstr(f.title, "splits 6 workouts by month where"));
			CHECK(f.actual && strstr(f.actual, "= 6"));
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject") && cJSON_GetObjectItem(f.diff, "parts"));
		}
		oracle_finding_release(&f);
	}
	for (int i = 0; i < 5; i++)
		action_release(&a[i]);
	for (int i = 0; i < 6; i++)
		ui_tree_free(pages[i]);
	oracle_partition_tracker_free(t);
	return found;
}

static struct walk base(const char *whole)
{
	struct walk w = { NULL, whole, NULL, "t:id/stats", "Statistics", "c", ACTION_CLICK, MONTHS, SPLIT_5_1 };

	return w;
}

TEST(months_that_add_up_to_more_than_the_whole_are_reported_once)
{
	struct walk w = base(WHOLE("5"));
	int reports;

	CHECK_INT_EQ(walk(&w, &reports), 3);
	CHECK_INT_EQ(reports, 1);
}

TEST(months_that_add_up_to_the_whole_or_less_are_not_reported)
{
	struct walk w = base(WHOLE("6"));
	int reports;

	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.whole = WHOLE("7");
	CHECK_INT_EQ(walk(&w, &reports), 0);
}

TEST(a_tap_that_may_change_the_data_between_is_not_judged)
{
	struct walk w = base(WHOLE("5"));
	int reports;

	w.mid_id = "t:id/add";
	w.mid = "Add workout";
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.mid_id = "t:id/stats";
	w.mid = "Statistics";
	w.mid_flags = "ck";
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.mid_flags = "c";
	w.mid_type = ACTION_INPUT;
	CHECK_INT_EQ(walk(&w, &reports), 0);
}

TEST(groups_that_are_not_months_are_not_judged)
{
	static const char *const types[] = { "Running", "Cycling", NULL };
	struct walk w = base(WHOLE("5"));
	int reports;

	w.heads = types;
	CHECK_INT_EQ(walk(&w, &reports), 0);
}

TEST(years_split_like_months)
{
	static const char *const years[] = { "2026", "2025", NULL };
	struct walk w = base(WHOLE("5"));
	int reports;

	w.heads = years;
	CHECK_INT_EQ(walk(&w, &reports), 3);
}

TEST(a_line_under_a_date_is_no_whole)
{
	struct walk w = base(WHOLE("5"));
	int reports;

	w.head = "This month: 1 \xe2\x80\x93 30 November";
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.head = "Since November";
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.head = "All workouts";
	CHECK_INT_EQ(walk(&w, &reports), 3);
}

TEST(a_whole_of_another_shape_or_not_alone_is_not_compared)
{
	struct walk w = base("5 workouts \xc2\xb7 57.60 km");
	int reports;

	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.whole = WHOLE("5");
	w.twin = WHOLE("1");
	CHECK_INT_EQ(walk(&w, &reports), 0);
}

TEST(a_measure_is_no_count)
{
	static const char *const mins[] = { "52 min \xc2\xb7 10.00 km", "40 min \xc2\xb7 8.00 km", NULL };
	static const char *const kms[] = { "10 km \xc2\xb7 1 runs", "10 km \xc2\xb7 1 runs", NULL };
	static const char *const points[] = { "1 point \xc2\xb7 bonus", "1 point \xc2\xb7 bonus", NULL };
	static const char *const days[] = { "2 days \xc2\xb7 streak", "2 days \xc2\xb7 streak", NULL };
	struct walk w = base("60 min \xc2\xb7 18.00 km");
	int reports;

	w.lines = mins;
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.whole = "18 km \xc2\xb7 2 runs";
	w.lines = kms;
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.whole = "1 point \xc2\xb7 bonus";
	w.lines = points;
	CHECK_INT_EQ(walk(&w, &reports), 0);
	w.whole = "3 days \xc2\xb7 streak";
	w.lines = days;
	CHECK_INT_EQ(walk(&w, &reports), 0);
}

int main(void)
{
	RUN(months_that_add_up_to_more_than_the_whole_are_reported_once);
	RUN(months_that_add_up_to_the_whole_or_less_are_not_reported);
	RUN(a_tap_that_may_change_the_data_between_is_not_judged);
	RUN(groups_that_are_not_months_are_not_judged);
	RUN(years_split_like_months);
	RUN(a_line_under_a_date_is_no_whole);
	RUN(a_whole_of_another_shape_or_not_alone_is_not_compared);
	RUN(a_measure_is_no_count);
	return test_summary();
}
