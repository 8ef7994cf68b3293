/*
 * test_oracle_section.c - oracle 31 "section" (oracle_section_empty) on
 * built dumps: a History heading followed at once by Show more is
 * reported (smarthome, home-assistant/frontend #25417); a section with a
 * row or a message between, a post's "CW: ..." line above its Show more,
 * a heading with a number, and a dialog are not. A labelled list of names
 * cut off with an ellipsis is reported (confsched, Giggity #478) unless
 * the page offers a control to show more, or the text is prose or a
 * control's label.
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

int main(void)
{
	RUN(a_heading_followed_at_once_by_show_more_is_reported);
	RUN(a_section_with_content_or_no_heading_is_not_reported);
	RUN(a_labelled_list_cut_off_with_no_way_to_the_rest_is_reported);
	return test_summary();
}
