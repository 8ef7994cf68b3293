/*
 * test_oracle_reminder.c - oracle 38 "reminder" (oracle_reminder_wrong) on
 * built dumps: an event page whose reminder is not the start less the
 * lead its text states is reported (confsched, Giggity #162: 14:00 with
 * "Reminder at 12:50 (10 minutes before)"); the right time, AM/PM times,
 * a lead in hours and one past midnight, a reminder without a lead, two
 * reminders, ranges starting at different times and ranges inside list
 * rows are not judged.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.EventActivity"
#define TEXT "android.widget.TextView"
#define LIST "androidx.recyclerview.widget.RecyclerView"

/* One text line at row y (0-based) of the page; "" for none. */
static char *line(const char *text, int y)
{
	if (!text)
		return calloc(1, 1);
	return x_node(TEXT, "t:id/line", text, "", "", 40, 240 + 120 * y, 1040, 340 + 120 * y, NULL);
}

/* An event page: its title and up to three lines (NULL for none). */
static struct ui_tree *event(const char *a, const char *b, const char *c)
{
	return x_tree(x_cat(x_bar("Event"), line(a, 0), line(b, 1), line(c, 2), NULL));
}

/* Whether page t (freed) is reported; the finding's expected time into *expected when asked. */
static bool judged(struct ui_tree *t, char **expected)
{
	struct oracle_finding f;
	bool hit;

	CHECK(t != NULL);
	oracle_finding_init(&f);
	hit = t && oracle_reminder_wrong(NULL, ACT, t, ACT, NULL, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "reminder"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (expected)
			*expected = xstrdup(f.expected);
	}
	oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

TEST(a_reminder_off_by_an_hour_is_reported)
{
	char *expected = NULL;

	CHECK(judged(event("Sat 6 Feb, 14:00\xe2\x80\x93" "14:15", "Room: Janson", "Reminder at 12:50 (10 minutes before)"),
		     &expected));
	CHECK(expected && !strcmp(expected, "13:50 (the start 14:00 less 10 minutes)"));
	free(expected);
	CHECK(judged(event("2:00 - 2:15 PM", "Alert: 12:45 PM, 15 min before", NULL), NULL));
	CHECK(judged(event("Tue 10:00 to 11:00", "Notification at 08:00 (1 hour before)", NULL), NULL));
}

TEST(right_or_unclear_reminders_are_not_judged)
{
	/* The fixed twin, in 24-hour time and with AM/PM (a start taking its end's PM). */
	CHECK(!judged(event("Sat 6 Feb, 14:00\xe2\x80\x93" "14:15", "Reminder at 13:50 (10 minutes before)", NULL), NULL));
	CHECK(!judged(event("2:00 - 2:15 PM", "Reminder at 1:45 PM (15 minutes before)", NULL), NULL));
	CHECK(!judged(event("Tue 10:00 to 11:00", "Notification at 09:00 (1 hour before)", NULL), NULL));
	/* Across midnight, a day before. */
	CHECK(!judged(event("00:05\xe2\x80\x93" "01:00", "Reminder at 23:55 (10 minutes before)", NULL), NULL));
	CHECK(!judged(event("09:00\xe2\x80\x93" "10:00", "Reminder at 09:00, 1 day before", NULL), NULL));
	/* No lead in the text: the settings page's lead may have changed since. */
	CHECK(!judged(event("14:00\xe2\x80\x93" "14:15", "Reminder at 12:50", NULL), NULL));
	/* No range; two ranges starting apart; two reminders. */
	CHECK(!judged(event("Sat 6 Feb", "Reminder at 12:50 (10 minutes before)", NULL), NULL));
	CHECK(!judged(event("14:00\xe2\x80\x93" "14:15", "16:00\xe2\x80\x93" "17:00",
			    "Reminder at 12:50 (10 minutes before)"),
		      NULL));
	CHECK(!judged(event("14:00\xe2\x80\x93" "14:15", "Reminder at 12:50 (10 minutes before)",
			    "Alarm at 12:00 (1 hour before)"),
		      NULL));
	/* Not a reminder: a text with a lead and no reminder word. */
	CHECK(!judged(event("14:00\xe2\x80\x93" "14:15", "Doors open 12:50, 10 minutes before", NULL), NULL));
	/* The range inside a list row belongs to its row. */
	CHECK(!judged(x_tree(x_cat(x_bar("Event"), line("Reminder at 12:50 (10 minutes before)", 0),
				   x_node1(LIST, "t:id/list", "", "s", 0, 600, 1080, 2000,
					   x_node(TEXT, "t:id/row", "Next talk 14:00\xe2\x80\x93" "14:15", "", "", 40,
						  620, 1040, 720, NULL)),
				   NULL)),
		      NULL));
}

int main(void)
{
	RUN(a_reminder_off_by_an_hour_is_reported);
	RUN(right_or_unclear_reminders_are_not_judged);
	return test_summary();
}
