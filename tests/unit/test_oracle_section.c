/*
 * test_oracle_section.c - oracle 31 "section" (oracle_section_empty) on
 * built dumps: a History heading followed at once by Show more is
 * reported (smarthome, home-assistant/frontend #25417); a section with a
 * row or a message between, a post's "CW: ..." line above its Show more,
 * a heading with a number, and a dialog are not. A labelled list of names
 * cut off with an ellipsis is reported (confsched, Giggity #478) unless
 * the page offers a control to show more, or the text is prose or a
 * control's label. A count heading with no list under it ("Chapters (3)"
 * over a row of buttons, "Intermediate stops: 4" last on its page) is
 * reported (audiobooks, Voice #3661; transit, public-transport-enabler
 * #683); not with its list or its empty message under it, a second count
 * (a statistics page), a measure ("Minutes: 25"), zero, or the count at
 * the foot of the screen.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MoreInfoActivity"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"

/* A page: a column holding the heading, `between` (a text, or NULL for none) and the link. */
static struct ui_tree *page(const char *heading, const char *between, const char *link, bool dialog)
{
	char *column = x_cat(x_node(TEXT, "t:id/head", heading, "", "", 40, 300, 1040, 380, NULL),
			     between ? x_node(TEXT, "t:id/row", between, "", "", 40, 400, 1040, 480, NULL)
				     : calloc(1, 1),
			     x_node(BUTTON, "t:id/more", link, "c", "", 40, 500, 1040, 600, NULL),
			     x_node(BUTTON, "t:id/attr", "Attributes", "c", "", 40, 620, 1040, 720, NULL), NULL);

	return x_tree(x_cat(x_bar("Living room thermostat"),
			    x_node1("android.widget.LinearLayout", "t:id/column", "", "", 0, 220, 1080, 2000, column),
			    dialog ? x_node1("android.widget.FrameLayout", "", "", "", 100, 800, 980, 1400,
					     x_node(BUTTON, "android:id/button1", "OK", "c", "", 600, 1300, 900, 1380,
						    NULL))
				   : calloc(1, 1),
			    NULL));
}

/* Whether oracle_section_empty reports t (freed); the title into *title when asked. */
static bool judged(struct ui_tree *t, char **title)
{
	struct oracle_finding f;
	bool hit;

	oracle_finding_init(&f);
	hit = t && oracle_section_empty(NULL, ACT, t, ACT, NULL, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "section"));
		CHECK_INT_EQ(f.category, BUG_CAT_CONTENT_MISSING);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

TEST(a_heading_followed_at_once_by_show_more_is_reported)
{
	char *title = NULL;

	CHECK(judged(page("History", NULL, "Show more", false), &title));
	CHECK(title && !strcmp(title, "'History' offers 'Show more' but shows nothing under it"));
	free(title);
	CHECK(judged(page("Recent activity", NULL, "See all", false), NULL));
}

TEST(a_section_with_content_or_no_heading_is_not_reported)
{
	CHECK(!judged(page("History", "Heat at 06:30", "Show more", false), NULL));
	CHECK(!judged(page("History", "No changes in the last 24 hours", "Show more", false), NULL));
	/* A content warning above a post's Show more, a heading with a number, another link. */
	CHECK(!judged(page("CW: spoilers", NULL, "Show more", false), NULL));
	CHECK(!judged(page("Top 10", NULL, "See all", false), NULL));
	CHECK(!judged(page("History", NULL, "Refresh", false), NULL));
	CHECK(!judged(page("History", NULL, "Show more", true), NULL));
}

/* An event page: its title, `line` (a plain text) and, when asked, a "Show all speakers" button. */
static struct ui_tree *event(const char *line, bool show_all)
{
	return x_tree(x_cat(x_bar("Lightning Talks"),
			    x_node(TEXT, "t:id/ev_title", "How we organised a devroom", "", "", 40, 300, 1040, 380, NULL),
			    x_node(TEXT, "t:id/ev_speakers", line, "", "", 40, 400, 1040, 480, NULL),
			    show_all ? x_node(BUTTON, "t:id/all", "Show all speakers", "c", "", 40, 500, 1040, 600, NULL)
				     : calloc(1, 1),
			    NULL));
}

TEST(a_labelled_list_cut_off_with_no_way_to_the_rest_is_reported)
{
	char *title = NULL;

	CHECK(judged(event("Speakers: Olu Adeyemi, Hanna S\xc3\xb8rensen, Pabl\xe2\x80\xa6", false), &title));
	CHECK(title && !strcmp(title, "'Speakers' is cut off with no way to see the rest"));
	free(title);
	CHECK(judged(event("Tags: rust, embedded, async...", false), NULL));
	/* A control that shows the rest; the whole list; two items; prose; no label. */
	CHECK(!judged(event("Speakers: Olu Adeyemi, Hanna S\xc3\xb8rensen, Pabl\xe2\x80\xa6", true), NULL));
	CHECK(!judged(event("Speakers: Olu Adeyemi, Hanna S\xc3\xb8rensen, Pablo Ruiz", false), NULL));
	CHECK(!judged(event("Speakers: Olu Adeyemi, Hanna S\xc3\xb8rensen\xe2\x80\xa6", false), NULL));
	CHECK(!judged(event("Well, we tried, we failed, and then\xe2\x80\xa6", false), NULL));
	CHECK(!judged(event("Note from the organisers at 10:00: rooms, badges, food\xe2\x80\xa6", false), NULL));
}

/* A book page: `count` (a text), then `under` - "list", "message", "buttons" or NULL (nothing) - and maybe a second count. */
static struct ui_tree *book(const char *count, const char *under, const char *second, int y)
{
	char *u = calloc(1, 1);

	if (under && !strcmp(under, "list")) {
		free(u);
		u = x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/chapter_list", "", "s", 0, y + 100, 1080,
			    y + 400,
			    x_node1("android.widget.LinearLayout", "t:id/chapter_row", "", "c", 0, y + 100, 1080, y + 250,
				    x_node(TEXT, "t:id/ch_title", "1. Chapter 1", "", "", 40, y + 120, 800, y + 200, NULL)));
	} else if (under && !strcmp(under, "message")) {
		free(u);
		u = x_node(TEXT, "t:id/empty", "Non-stop to Potsdamer Platz.", "", "", 40, y + 100, 1040, y + 180, NULL);
	} else if (under && !strcmp(under, "buttons")) {
		free(u);
		u = x_node1("android.widget.LinearLayout", "", "", "", 0, y + 100, 1080, y + 230,
			    x_cat(x_node(BUTTON, "t:id/unfinished", "Mark as not started", "c", "", 40, y + 100, 520,
					 y + 230, NULL),
				  x_node(BUTTON, "t:id/remove", "Remove", "c", "", 560, y + 100, 1040, y + 230, NULL),
				  NULL));
	}
	return x_tree(x_cat(x_bar("Pride and Prejudice"),
			    x_node1("android.widget.LinearLayout", "t:id/column", "", "", 0, 220, 1080, 2300,
				    x_cat(x_node(TEXT, "t:id/b_author", "by Jane Austen", "", "", 40, 240, 1040, 320, NULL),
					  second ? x_node(TEXT, "t:id/b_other", second, "", "", 40, 330, 1040, 400, NULL)
						 : calloc(1, 1),
					  x_node(TEXT, "t:id/head", count, "", "", 40, y, 1040, y + 80, NULL), u, NULL)),
			    NULL));
}

TEST(a_count_heading_with_no_list_under_it_is_reported)
{
	char *title = NULL;

	CHECK(judged(book("Chapters (3)", "buttons", NULL, 900), &title));
	CHECK(title && !strcmp(title, "'Chapters' counts 3 but the page lists none"));
	free(title);
	CHECK(judged(book("Intermediate stops: 4", NULL, NULL, 900), NULL));
	/* Its list or its empty message under it; a second count; a measure; zero; the foot of the screen. */
	CHECK(!judged(book("Chapters (3)", "list", NULL, 900), NULL));
	CHECK(!judged(book("Intermediate stops: 4", "message", NULL, 900), NULL));
	CHECK(!judged(book("Chapters (3)", "buttons", "Bookmarks (2)", 900), NULL));
	CHECK(!judged(book("Minutes: 25", NULL, NULL, 900), NULL));
	CHECK(!judged(book("Chapters (0)", "buttons", NULL, 900), NULL));
	CHECK(!judged(book("Chapters (3)", "buttons", NULL, 2100), NULL));
	/* A statistic (streaks: "Total check-ins: 8" over the Edit button; sharer: "Saved notes: 1" over Share). */
	CHECK(!judged(book("Total check-ins: 8", "buttons", NULL, 900), NULL));
	CHECK(!judged(book("Saved notes: 1", "buttons", NULL, 900), NULL));
}

/* recipes (session 47): "Servings: 8" between its − and + buttons is a value with a stepper, not a heading. */
TEST(a_count_between_its_stepper_buttons_is_not_a_heading)
{
	char *row = x_cat(x_node(BUTTON, "t:id/serv_minus", "\xe2\x88\x92", "c", "", 40, 900, 200, 1000, NULL),
			  x_node(TEXT, "t:id/serv_text", "Servings: 8", "", "", 220, 900, 860, 1000, NULL),
			  x_node(BUTTON, "t:id/serv_plus", "+", "c", "", 880, 900, 1040, 1000, NULL), NULL);
	char *alone = x_node(TEXT, "t:id/serv_text", "Guests: 8", "", "", 220, 900, 860, 1000, NULL);

	CHECK(!judged(x_tree(x_cat(x_bar("Pancakes"),
				   x_node1("android.widget.LinearLayout", "", "", "", 0, 900, 1080, 1000, row), NULL)),
		      NULL));
	/* The same count alone on its line, last on its page, is judged. */
	CHECK(judged(x_tree(x_cat(x_bar("Pancakes"), x_node1("android.widget.LinearLayout", "", "", "", 0, 900, 1080,
							     1000, alone),
				  NULL)),
		     NULL));
}

/* quests (session 66): "Equipment pieces: 2" as the last of a page of "Label: value" statistics is one of them. */
TEST(a_count_under_other_statistics_is_one_of_them)
{
	const char *const stats[] = { "Health: 50 of 50", "Gold: 150.00", NULL };
	char *lines = calloc(1, 1);
	int y = 300;

	for (size_t i = 0; stats[i]; i++, y += 110)
		lines = x_cat(lines, x_node(TEXT, "t:id/stat", stats[i], "", "", 40, y, 1040, y + 90, NULL), NULL);
	CHECK(!judged(x_tree(x_cat(x_bar("Stats"),
				   x_node1("android.widget.ScrollView", "t:id/content", "", "", 0, 220, 1080, 2300,
					   x_cat(lines, x_node(TEXT, "t:id/gear", "Equipment pieces: 2", "", "", 40, y,
							       1040, y + 90, NULL),
						 NULL)),
				   NULL)),
		      NULL));
	/* Under a line that is no statistic (a leg's arrival), the same count is judged. */
	CHECK(judged(x_tree(x_cat(x_bar("Leg"),
				  x_node1("android.widget.ScrollView", "t:id/content", "", "", 0, 220, 1080, 2300,
					  x_cat(x_node(TEXT, "t:id/lg_to", "10:58 Hauptbahnhof", "", "", 40, 300, 1040, 390,
						       NULL),
						x_node(TEXT, "t:id/gear", "Intermediate stops: 3", "", "", 40, 410, 1040,
						       500, NULL),
						NULL)),
				  NULL)),
		     NULL));
}

int main(void)
{
	RUN(a_heading_followed_at_once_by_show_more_is_reported);
	RUN(a_section_with_content_or_no_heading_is_not_reported);
	RUN(a_labelled_list_cut_off_with_no_way_to_the_rest_is_reported);
	RUN(a_count_heading_with_no_list_under_it_is_reported);
	RUN(a_count_between_its_stepper_buttons_is_not_a_heading);
	RUN(a_count_under_other_statistics_is_one_of_them);
	return test_summary();
}
