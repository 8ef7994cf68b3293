/*
 * test_oracle_rate.c - oracle 30 "rate" (oracle_rate_wrong) on built
 * dumps: an entry page showing a duration, an hourly rate and earnings
 * that are not their product is reported (timesheet, olpeh/wht #60); the
 * right product, a page that says it rounds, two durations, and amounts
 * inside list rows are not judged.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.EntryActivity"
#define TEXT "android.widget.TextView"
#define LIST "androidx.recyclerview.widget.RecyclerView"

/* One text line at row y (0-based) of the page. */
static char *line(const char *text, int y)
{
	return x_node(TEXT, "t:id/line", text, "", "", 40, 240 + 120 * y, 1040, 340 + 120 * y, NULL);
}

/* An entry page: its title and up to four lines (NULL ends them). */
static struct ui_tree *entry(const char *a, const char *b, const char *c, const char *d)
{
	return x_tree(x_cat(x_bar("Entry"), line(a, 0), b ? line(b, 1) : calloc(1, 1), c ? line(c, 2) : calloc(1, 1),
			    d ? line(d, 3) : calloc(1, 1), NULL));
}

/* Whether oracle_rate_wrong reports page t (freed); the finding's title into *title when asked. */
static bool judged(struct ui_tree *t, char **title)
{
	struct oracle_finding f;
	bool hit;

	oracle_finding_init(&f);
	hit = t && oracle_rate_wrong(NULL, ACT, t, ACT, NULL, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "rate"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

TEST(earnings_that_are_not_the_hours_times_the_rate_are_reported)
{
	char *title = NULL;

	CHECK(judged(entry("Duration: 2 h 5 min", "Hourly rate: \xc2\xa3" "60.00", "Earnings: \xc2\xa3" "124.80", NULL),
		     &title));
	CHECK(title && !strcmp(title, "'Earnings' is not the duration times the hourly rate"));
	free(title);
	CHECK(judged(entry("10 min", "\xe2\x82\xac" "45.00/h", "Earnings: \xe2\x82\xac" "7.65", NULL), NULL));
	/* A date and a time of day beside the duration are not durations. */
	CHECK(judged(entry("Fri 27 Nov, 9:30\xe2\x80\x93" "11:35", "Duration: 2 h 5 min", "Hourly rate: \xc2\xa3" "60.00",
			   "Earnings: \xc2\xa3" "124.80"),
		     NULL));
	CHECK(judged(entry("1 hour 30 minutes", "Rate: $20.00 per hour", "Pay: $20.00", NULL), NULL));
}

TEST(the_right_product_and_unclear_pages_are_not_judged)
{
	/* The product to the cent; a page that says it rounds; two durations. */
	CHECK(!judged(entry("Duration: 2 h 5 min", "Hourly rate: \xc2\xa3" "60.00", "Earnings: \xc2\xa3" "125.00", NULL),
		      NULL));
	CHECK(!judged(entry("10 min", "\xe2\x82\xac" "45.00/h", "Earnings: \xe2\x82\xac" "7.50", NULL), NULL));
	CHECK(!judged(entry("Duration: 2 h 5 min", "Hourly rate: \xc2\xa3" "60.00", "Earnings: \xc2\xa3" "135.00",
			    "Billed time is rounded up to the quarter hour"),
		      NULL));
	CHECK(!judged(entry("Duration: 2 h 5 min", "Break: 15 min", "Hourly rate: \xc2\xa3" "60.00",
			    "Earnings: \xc2\xa3" "124.80"),
		      NULL));
	/* A time of day is no duration; a total with no amount word is none of this check's. */
	CHECK(!judged(entry("9:30\xe2\x80\x93" "11:35", "Hourly rate: \xc2\xa3" "60.00", "Earnings: \xc2\xa3" "124.80", NULL),
		      NULL));
	CHECK(!judged(entry("Duration: 2 h 5 min", "Hourly rate: \xc2\xa3" "60.00", "Total: \xc2\xa3" "124.80", NULL),
		      NULL));
}

TEST(amounts_in_list_rows_are_not_read)
{
	struct ui_tree *t = x_tree(x_cat(
		x_bar("Entries"), line("Duration: 2 h 5 min", 0),
		x_node1(LIST, "t:id/list", "", "s", 0, 400, 1080, 2000,
			x_node1("android.widget.LinearLayout", "t:id/row", "", "c", 0, 420, 1080, 600,
				x_cat(x_node(TEXT, "t:id/rate", "\xc2\xa3" "60.00/h", "", "", 40, 430, 500, 520, NULL),
				      x_node(TEXT, "t:id/earn", "Earnings: \xc2\xa3" "124.80", "", "", 540, 430, 1040, 520,
					     NULL),
				      NULL))),
		NULL));

	CHECK(!judged(t, NULL));
}

int main(void)
{
	RUN(earnings_that_are_not_the_hours_times_the_rate_are_reported);
	RUN(the_right_product_and_unclear_pages_are_not_judged);
	RUN(amounts_in_list_rows_are_not_read);
	return test_summary();
}
