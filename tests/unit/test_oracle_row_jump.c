/*
 * test_oracle_row_jump.c - the navigation oracle's jump check
 * (oracle_nav_step, diff.check "row_jump"): a list row whose tap switches
 * the selected bottom-bar item must land on a page that shows the row's
 * item. Built dumps: the row's text, a part of it between arrows, or a page
 * text held in it count as shown; a command row and a tap that switches no
 * tab are not judged.
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
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define ITEM "android.widget.FrameLayout"

/* A bottom bar of Directions and Favourites, `selected` the one selected. */
static char *bar(const char *selected)
{
	return x_node1("com.google.android.material.bottomnavigation.BottomNavigationView", "t:id/bottom_navigation",
		       "", "", 0, 2200, 1080, 2400,
		       x_cat(x_node(ITEM, "t:id/nav_directions", "Directions", strcmp(selected, "Directions") ? "c" : "cS",
				    "", 0, 2200, 540, 2400, NULL),
			     x_node(ITEM, "t:id/nav_favourites", "Favourites", strcmp(selected, "Favourites") ? "c" : "cS",
				    "", 540, 2200, 1080, 2400, NULL),
			     NULL));
}

/* Favourites: one row showing `row`, under the bar with `selected`. */
static struct ui_tree *favourites(const char *row, const char *selected)
{
	return x_tree(x_cat(x_bar("Favourites"),
			    x_node1(LIST, "t:id/fav_list", "", "s", 0, 220, 1080, 2000,
				    x_node1(ROW, "t:id/fav_row", "", "c", 0, 240, 1080, 400,
					    x_node(TEXT, "t:id/fav_text", row, "", "", 40, 260, 1000, 380, NULL))),
			    bar(selected), NULL));
}

/* Directions: its title and one line of text, under the bar with `selected`. */
static struct ui_tree *directions(const char *line, const char *selected)
{
	return x_tree(x_cat(x_bar("Transit"), x_node(TEXT, "t:id/from", line, "c", "", 40, 300, 1000, 400, NULL),
			    bar(selected), NULL));
}

/* Whether tapping the row of `before` and landing on `after` is reported; its title into *title when asked. */
static bool jump(struct ui_tree *before, struct ui_tree *after, char **title)
{
	struct oracle_nav_tracker *t = oracle_nav_tracker_new();
	struct oracle_finding f;
	struct action tap;
	bool hit;

	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.resource_id = xstrdup("t:id/fav_row");
	tap.x = 540;
	tap.y = 320;
	oracle_finding_init(&f);
	hit = before && after && oracle_nav_step(t, before, ACT, after, ACT, true, &tap, &f);
	if (hit && title)
		*title = xstrdup(f.title);
	if (hit)
		CHECK(f.diff && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")) &&
		      !strcmp(cJSON_GetObjectItemCaseSensitive(f.diff, "check")->valuestring, "row_jump"));
	oracle_finding_release(&f);
	action_release(&tap);
	oracle_nav_tracker_free(t);
	ui_tree_free(before);
	ui_tree_free(after);
	return hit;
}

TEST(a_row_that_switches_tab_to_a_page_without_its_item_is_reported)
{
	char *title = NULL;

	CHECK(jump(favourites("Essen Hbf \xe2\x86\x92 D\xc3\xbcsseldorf Hbf", "Favourites"),
		   directions("From: choose a station", "Directions"), &title));
	CHECK(title && strstr(title, "opens 'Directions' without its item"));
	free(title);
}

TEST(a_page_that_shows_the_row_or_a_part_of_it_is_not_reported)
{
	/* The whole row text, one of its arrow parts, or a page text the row holds. */
	CHECK(!jump(favourites("Essen Hbf \xe2\x86\x92 D\xc3\xbcsseldorf Hbf", "Favourites"),
		    directions("Essen Hbf \xe2\x86\x92 D\xc3\xbcsseldorf Hbf", "Directions"), NULL));
	CHECK(!jump(favourites("Essen Hbf \xe2\x86\x92 D\xc3\xbcsseldorf Hbf", "Favourites"),
		    directions("From: Essen Hbf", "Directions"), NULL));
	CHECK(!jump(favourites("Ana boosted your post: Severance finale\xe2\x80\xa6", "Favourites"),
		    directions("Severance finale", "Directions"), NULL));
	/* A row text cut with an ellipsis: the rest is what it shows. */
	CHECK(!jump(favourites("Severance finale spoil\xe2\x80\xa6", "Favourites"),
		    directions("Severance finale spoilers tonight", "Directions"), NULL));
}

TEST(a_command_row_or_a_tap_that_keeps_the_tab_is_not_judged)
{
	CHECK(!jump(favourites("Show all trips", "Favourites"), directions("From: choose a station", "Directions"),
		    NULL));
	CHECK(!jump(favourites("Essen Hbf \xe2\x86\x92 D\xc3\xbcsseldorf Hbf", "Favourites"),
		    directions("From: choose a station", "Favourites"), NULL));
}

/* A page titled `title` whose list shows one row per sentence (NULL ends), each row's text a sentence. */
static struct ui_tree *listed(const char *title, const char *head, const char *const *rows)
{
	char *items = calloc(1, 1);

	for (int i = 0; rows[i]; i++) {
		int y = 240 + i * 300;
		char *row = x_node1(ROW, "t:id/row", "", "c", 0, y, 1080, y + 280,
				    x_cat(head ? x_node(TEXT, "t:id/head", head, "", "", 40, y + 10, 1000, y + 90, NULL)
					       : calloc(1, 1),
					  x_node(TEXT, "t:id/body", rows[i], "", "", 40, y + 100, 1000, y + 260, NULL),
					  NULL));

		items = x_cat(items, row, NULL);
	}
	return x_tree(x_cat(x_bar(title), x_node1(LIST, "t:id/list", "", "s", 0, 220, 1080, 2000, items), NULL));
}

/* A post's page showing one sentence. */
static struct ui_tree *post(const char *body)
{
	return x_tree(x_cat(x_bar("Post"), x_node(TEXT, "t:id/status", body, "", "", 40, 300, 1000, 500, NULL), NULL));
}

#define S1 "Finally moved my blog to a static site today"
#define S2 "Spotted a black redstart on the balcony this morning"
#define S3 "Reminder that the tabs can be reordered in Settings"

/*
 * The timeline (`timeline` rows; NULL: not seen), then the notifications
 * (`notes` rows under "Eliza favourited your post"), then the first
 * notification's tap landing on `after`: whether "row_item" reports it.
 */
static bool item_walk(const char *const *timeline, const char *const *notes, struct ui_tree *after, char **title)
{
	struct oracle_nav_tracker *t = oracle_nav_tracker_new();
	struct ui_tree *home = timeline ? listed("Home", NULL, timeline) : NULL,
		       *inbox = listed("Notifications", "Eliza favourited your post", notes);
	struct action tab, tap;
	struct oracle_finding f;
	bool hit = false;

	action_init(&tab);
	action_init(&tap);
	tab.type = tap.type = ACTION_CLICK;
	tab.widget_text = xstrdup("Notifications");
	tap.resource_id = xstrdup("t:id/row");
	tap.x = 540;
	tap.y = 300;
	oracle_finding_init(&f);
	if (home)
		CHECK(!oracle_nav_step(t, home, ACT, inbox, ACT, true, &tab, &f));
	oracle_finding_release(&f);
	oracle_finding_init(&f);
	hit = oracle_nav_step(t, inbox, ACT, after, ACT, true, &tap, &f);
	if (hit) {
		CHECK(!strcmp(cJSON_GetObjectItemCaseSensitive(f.diff, "check")->valuestring, "row_item"));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tab);
	action_release(&tap);
	oracle_nav_tracker_free(t);
	ui_tree_free(home);
	ui_tree_free(inbox);
	ui_tree_free(after);
	return hit;
}

/*
 * navigation's "row_item" (session 45, social `social-notification-opens-
 * other-post`): a notification quoting S1, a post the timeline lists,
 * opens a page showing S2, the timeline's next post. Not judged: a page
 * showing the row's sentence; a page item the tapped page showed too; a
 * timeline never seen (the two sentences were never listed together);
 * lines of parts ("Website redesign · Design mockups") that name no item.
 */
TEST(a_row_that_opens_another_item_of_a_list_is_reported)
{
	static const char *const timeline[] = { S1, S2, S3, NULL };
	static const char *const one[] = { S1, NULL };
	static const char *const both[] = { S1, S2, NULL };
	static const char *const parts_tl[] = { "Website redesign \xc2\xb7 Design mockups for the landing page",
						 "Mobile app backend \xc2\xb7 API endpoints for the orders screen",
						 NULL };
	static const char *const parts_one[] = { "Website redesign \xc2\xb7 Design mockups for the landing page",
						  NULL };
	char *title = NULL;

	CHECK(item_walk(timeline, one, post(S2), &title));
	CHECK(title && strstr(title, "opens another item: 'Spotted a black redstart"));
	free(title);
	CHECK(!item_walk(timeline, one, post(S1), NULL));
	CHECK(!item_walk(timeline, both, post(S2), NULL));
	CHECK(!item_walk(NULL, one, post(S2), NULL));
	CHECK(!item_walk(parts_tl, parts_one, post(parts_tl[1]), NULL));
}

/*
 * Not judged either (lemmy, session 66): the page opened is a list that
 * runs past its bottom edge, its first rows another item's (S2) and the
 * row's own item (S1) further down, out of view and so out of the dump - a
 * comment on a person's page opens its post, whose first comments fill the
 * screen.
 */
TEST(a_row_whose_item_may_lie_below_the_fold_is_not_judged)
{
	static const char *const timeline[] = { S1, S2, S3, NULL };
	static const char *const one[] = { S1, NULL };
	static const char *const thread[] = { S2, S3, "Agreed, the new panel is much clearer than before",
					       "Does anyone know whether this reaches the ESR soon",
					       "Works fine on my phone after the update last night",
					       "The release notes say more about this next week", NULL };
	static const char *const short_thread[] = { S2, S3, NULL };

	CHECK(!item_walk(timeline, one, listed("Post", NULL, thread), NULL));
	/* A thread shown whole without the row's item is still the wrong item. */
	CHECK(item_walk(timeline, one, listed("Post", NULL, short_thread), NULL));
}

int main(void)
{
	RUN(a_row_that_switches_tab_to_a_page_without_its_item_is_reported);
	RUN(a_page_that_shows_the_row_or_a_part_of_it_is_not_reported);
	RUN(a_command_row_or_a_tap_that_keeps_the_tab_is_not_judged);
	RUN(a_row_that_opens_another_item_of_a_list_is_reported);
	RUN(a_row_whose_item_may_lie_below_the_fold_is_not_judged);
	return test_summary();
}
