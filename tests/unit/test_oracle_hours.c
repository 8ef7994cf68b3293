/*
 * test_oracle_hours.c - oracle 34 "hours" (oracle_hours_disagree) on
 * hand-made place pages: "Closed · opens at 15:00" over "Opening hours:
 * Mo-Fr 09:00–19:30" (maps `maps-hours-hide-break`: the lunch break left
 * out of the hours), and "closes at 15:30" over "12:00–23:00". Hours that
 * have the time, 12-hour clocks, a status with no hours beside it, hours
 * in another list row, a dialog, a field and a time without a colon are
 * not reported.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define EDIT "android.widget.EditText"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define PLACE "org.t/.PlaceActivity"

/* A place page titled `title` with a status text and an hours text (either may be NULL); a dialog when `dialog`. */
static struct ui_tree *place(const char *title, const char *status, const char *hours, bool dialog)
{
	return x_tree(x_cat(x_bar(title),
			    status ? x_node(TEXT, "t:id/pp_status", status, "", "", 40, 220, 1000, 300, NULL)
				   : calloc(1, 1),
			    x_node(TEXT, "t:id/pp_addr", "Rossio 62, 1100-200 Lisboa", "", "", 40, 320, 1000, 400, NULL),
			    hours ? x_node(TEXT, "t:id/pp_hours", hours, "", "", 40, 420, 1000, 500, NULL) : calloc(1, 1),
			    dialog ? x_node1("android.widget.FrameLayout", "android:id/parentPanel", "", "", 100, 800, 980,
					     1400,
					     x_node("android.widget.Button", "android:id/button1", "OK", "c", "", 600,
						    1300, 900, 1380, NULL))
				   : calloc(1, 1),
			    NULL));
}

/* Whether t is reported (freed here); checks the finding when it is, its expected text holding `want`. */
static bool judged(struct ui_tree *t, const char *want)
{
	struct oracle_finding f;
	bool hit;

	CHECK(t != NULL);
	if (!t)
		return false;
	oracle_finding_init(&f);
	hit = oracle_hours_disagree(NULL, NULL, t, PLACE, NULL, &f);
	if (hit) {
		CHECK(f.category == BUG_CAT_CONTENT_MISSING);
		CHECK(f.title && !strcmp(f.title, "The opening status and the opening hours disagree"));
		CHECK(f.expected && want && strstr(f.expected, want));
		CHECK(f.diff && cJSON_GetObjectItemCaseSensitive(f.diff, "subject") &&
		      cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(f.diff, "ranges")) >= 1);
	}
	oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

TEST(a_status_time_the_hours_do_not_have)
{
	/* maps: the break left out, so nothing opens at 15:00 or closes at 15:30. */
	CHECK(judged(place("Farmácia Estácio", "Closed · opens at 15:00",
			   "Opening hours: Mo-Fr 09:00\xe2\x80\x93" "19:30; Sa 09:00\xe2\x80\x93" "13:00", false),
		     "starts at 15:00"));
	CHECK(judged(place("Taberna", "Open now · closes at 15:30", "Opening hours: Mo-Sa 12:00\xe2\x80\x93" "23:00; Su off",
			   false),
		     "ends at 15:30"));
	/* 12-hour clocks, hyphens and "to". */
	CHECK(judged(place("Bakery", "Closed · Opens tomorrow at 3:00 PM", "Hours: 9:00 AM - 7:30 PM", false),
		     "starts at 15:00"));
	CHECK(judged(place("Bakery", "Closes at 13:00", "Hours: 08:00 to 19:00", false), "ends at 13:00"));
}

TEST(hours_that_have_the_time_and_unjudged_pages)
{
	/* The fixed twin: the break is in the hours. */
	CHECK(!judged(place("Farmácia Estácio", "Closed · opens at 15:00",
			    "Opening hours: Mo-Fr 09:00\xe2\x80\x93" "13:00, 15:00\xe2\x80\x93" "19:30; Sa 09:00\xe2\x80\x93"
			    "13:00",
			    false),
		      NULL));
	CHECK(!judged(place("Taberna", "Open now · closes at 15:30",
			    "Opening hours: Mo-Sa 12:00\xe2\x80\x93" "15:30, 18:00\xe2\x80\x93" "23:00; Su off", false),
		      NULL));
	CHECK(!judged(place("Bakery", "Closed · Opens tomorrow at 3:00 PM", "Hours: 9:00 AM - 1:00 PM, 3:00 PM - 7:30 PM",
			    false),
		      NULL));
	/* A start without PM that takes its end's ("3:00 - 7:30 PM" opens at 15:00). */
	CHECK(!judged(place("Bakery", "Closed \xc2\xb7 opens at 3:00 PM", "Hours: 3:00 - 7:30 PM", false), NULL));
	/* Past midnight: 24:00 is 00:00; a range may end the next day. */
	CHECK(!judged(place("Market", "Open now · closes at 00:00", "Su-We 10:00\xe2\x80\x93" "24:00; Th-Sa 10:00\xe2\x80\x93"
			    "02:00",
			    false),
		      NULL));
	/* No hours shown, no time with a colon, round the clock. */
	CHECK(!judged(place("Farmácia Estácio", "Closed · opens at 15:00", NULL, false), NULL));
	CHECK(!judged(place("Bakery", "Closed · Opens 3 PM", "Hours: 9:00 AM - 7:30 PM", false), NULL));
	CHECK(!judged(place("Hotel", "Open 24/7", "Opening hours: 24/7", false), NULL));
	/* Not a whole word: "reopens" is no status. */
	CHECK(!judged(place("Museum", "Gallery 3 reopens at 15:00", "Opening hours: 09:00\xe2\x80\x93" "19:30", false),
		      NULL));
	/* A dialog over the page. */
	CHECK(!judged(place("Farmácia Estácio", "Closed · opens at 15:00",
			    "Opening hours: Mo-Fr 09:00\xe2\x80\x93" "19:30", true),
		      NULL));
}

/* A list of places: each row's status is judged against its own row's hours only. */
TEST(a_status_in_a_list_row_is_judged_by_its_row)
{
	char *row_a = x_node1(ROW, "t:id/place_row", "", "c", 0, 300, 1080, 500,
			     x_cat(x_node(TEXT, "t:id/name", "Farmácia", "", "", 40, 300, 1000, 360, NULL),
				   x_node(TEXT, "t:id/status", "Closed · opens at 15:00", "", "", 40, 370, 1000, 430,
					  NULL),
				   NULL));
	char *row_b = x_node1(ROW, "t:id/place_row", "", "c", 0, 500, 1080, 700,
			     x_cat(x_node(TEXT, "t:id/name", "Taberna", "", "", 40, 500, 1000, 560, NULL),
				   x_node(TEXT, "t:id/hours", "12:00\xe2\x80\x93" "23:00", "", "", 40, 570, 1000, 630,
					  NULL),
				   NULL));
	char *list = x_node1(LIST, "t:id/places", "", "s", 0, 300, 1080, 2000, x_cat(row_a, row_b, NULL));
	char *row_c = x_node1(ROW, "t:id/place_row", "", "c", 0, 300, 1080, 500,
			     x_cat(x_node(TEXT, "t:id/status", "Closed · opens at 15:00", "", "", 40, 300, 1000, 360,
					  NULL),
				   x_node(TEXT, "t:id/hours", "09:00\xe2\x80\x93" "19:30", "", "", 40, 370, 1000, 430,
					  NULL),
				   NULL));
	char *list_c = x_node1(LIST, "t:id/places", "", "s", 0, 300, 1080, 2000, row_c);
	char *field = x_node(EDIT, "t:id/note", "Closed · opens at 15:00", "f", "", 40, 220, 1000, 300, NULL);

	/* Row A's status has no hours in its row; row B's hours are another place's. */
	CHECK(!judged(x_tree(x_cat(x_bar("Nearby"), list, NULL)), NULL));
	/* A row with its own hours that lack the time is judged. */
	CHECK(judged(x_tree(x_cat(x_bar("Nearby"), list_c, NULL)), "starts at 15:00"));
	/* A text typed into a field is no status. */
	CHECK(!judged(x_tree(x_cat(x_bar("Notes"), field,
				   x_node(TEXT, "t:id/hours", "09:00\xe2\x80\x93" "19:30", "", "", 40, 370, 1000, 430,
					  NULL),
				   NULL)),
		      NULL));
}

int main(void)
{
	RUN(a_status_time_the_hours_do_not_have);
	RUN(hours_that_have_the_time_and_unjudged_pages);
	RUN(a_status_in_a_list_row_is_judged_by_its_row);
	return test_summary();
}
