/*
 * test_oracle_blank.c - the blank oracle (oracle 23): its tracker
 * (oracle_blank_step) and its two-screen judgement (oracle_blank_came_back)
 * fed hand-made screens of a pantry app, whose Settings page (two headings,
 * three switches, one checked, and a Theme row) comes back with only its
 * title bar after a switch was flipped and the page left (pantry
 * `pantry-settings-blank-after-change`). A list emptied by a delete, a list
 * page with nothing but its rows, a dialog, a spinner and another tab of
 * the same page are never reported. An article page opened empty while two
 * other articles drew their content in the same container is reported
 * (wiki `wiki-slash-title-blank`); one sibling, an empty list, another
 * container or a delete in between is not. A History list left by a
 * row's tap that comes back by Back with no row and "No recently viewed
 * articles" is reported (wiki `wiki-history-empty-after-back`); a delete
 * in between, a list of one row, or a list back with its rows is not.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define SWITCH "android.widget.Switch"
#define SETTINGS "org.t/.SettingsActivity"
#define MAIN "org.t/.MainActivity"

/* Settings: headings, three switches (the first checked when `first_on`) and a Theme row. */
static struct ui_tree *settings(bool first_on)
{
	return x_tree(x_cat(x_bar("Settings"),
			    x_node1("android.widget.ScrollView", "t:id/content", "", "s", 0, 210, 1080, 2200,
				    x_cat(x_node(TEXT, "t:id/head1", "Stock", "", "", 40, 220, 1000, 300, NULL),
					  x_node(SWITCH, "t:id/auto_add", "Put products on the shopping list",
						 first_on ? "kKc" : "kc", "", 40, 320, 1040, 440, NULL),
					  x_node(SWITCH, "t:id/opened", "Show opened amounts", "kKc", "", 40, 460, 1040,
						 580, NULL),
					  x_node(TEXT, "t:id/head2", "Appearance", "", "", 40, 600, 1000, 680, NULL),
					  x_node(BUTTON, "t:id/theme", "Theme: Follow system", "c", "", 40, 700, 1040, 820,
						 NULL),
					  x_node(SWITCH, "t:id/beginner", "Beginner mode", "kc", "", 40, 840, 1040, 960,
						 NULL),
					  NULL)),
			    NULL));
}

/* The same page drawn with nothing but its title bar (an up button beside the title). */
static struct ui_tree *settings_blank(void)
{
	return x_tree(x_cat(x_node1("androidx.appcompat.widget.Toolbar", "t:id/toolbar", "", "", 0, 60, 1080, 200,
				    x_cat(x_node("android.widget.ImageButton", "", "", "c", "", 0, 60, 140, 200, NULL),
					  x_node(TEXT, "", "Settings", "", "", 160, 80, 1000, 180, NULL), NULL)),
			    x_node("android.widget.ScrollView", "t:id/content", "", "s", "", 0, 210, 1080, 2200, NULL),
			    NULL));
}

/* The More page: rows Settings and Locations. */
static struct ui_tree *more(void)
{
	return x_tree(x_cat(x_bar("More"), x_node(BUTTON, "t:id/settings", "Settings", "c", "", 0, 300, 1080, 420, NULL),
			    x_node(BUTTON, "t:id/locations", "Locations", "c", "", 0, 440, 1080, 560, NULL), NULL));
}

/*
 * Feed a tracker pages[i] -> pages[i + 1] (activities acts[]) by a tap on
 * taps[i] ("BACK": Back; "CHECK:label": a switch); the 1-based step of the
 * first finding (0: none), its title in *title.
 */
static int walk(struct ui_tree *const *pages, const char *const *acts, const char *const *taps, size_t n,
		char **title)
{
	struct oracle_blank_tracker *t = oracle_blank_tracker_new();
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_tracked_step s = { pages[i], acts[i], pages[i + 1], acts[i + 1], true, NULL };
		struct action a;
		struct oracle_finding f;

		action_init(&a);
		if (!strcmp(taps[i], "BACK")) {
			a.type = ACTION_BACK;
		} else {
			a.type = ACTION_CLICK;
			a.widget_text = xstrdup(!strncmp(taps[i], "CHECK:", 6) ? taps[i] + 6 : taps[i]);
		}
		s.done = &a;
		oracle_finding_init(&f);
		if (oracle_blank_step(t, &s, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK(f.category == BUG_CAT_PAGE_LOADING);
			CHECK(f.oracle && !strcmp(f.oracle, "blank"));
		}
		oracle_finding_release(&f);
		action_release(&a);
	}
	oracle_blank_tracker_free(t);
	return found;
}

TEST(settings_that_come_back_empty_after_a_change)
{
	struct ui_tree *m = more(), *off = settings(false), *on = settings(true), *blank = settings_blank();
	struct ui_tree *const pages[] = { m, off, on, m, blank };
	const char *const acts[] = { MAIN, SETTINGS, SETTINGS, MAIN, SETTINGS };
	const char *const taps[] = { "Settings", "CHECK:Put products on the shopping list", "BACK", "Settings" };
	char *title;

	REQUIRE(m && off && on && blank);
	CHECK_INT_EQ(walk(pages, acts, taps, 4, &title), 4);
	CHECK(title && strstr(title, "Page 'Settings' comes back empty"));
	free(title);
	/* The same two screens judged alone, as the reopen trip does. */
	{
		struct action a;
		struct oracle_finding f;

		action_init(&a);
		a.type = ACTION_CLICK;
		a.widget_text = xstrdup("Settings");
		oracle_finding_init(&f);
		CHECK(oracle_blank_came_back(on, SETTINGS, blank, SETTINGS, &a, &f));
		oracle_finding_release(&f);
		oracle_finding_init(&f);
		CHECK(!oracle_blank_came_back(on, SETTINGS, on, SETTINGS, &a, &f));
		CHECK(!oracle_blank_came_back(blank, SETTINGS, blank, SETTINGS, &a, &f));
		CHECK(!oracle_blank_came_back(on, MAIN, blank, SETTINGS, &a, &f));
		oracle_finding_release(&f);
		action_release(&a);
	}
	ui_tree_free(m);
	ui_tree_free(off);
	ui_tree_free(on);
	ui_tree_free(blank);
}

TEST(page_reached_again_with_its_content_is_not_reported)
{
	struct ui_tree *m = more(), *off = settings(false), *on = settings(true);
	struct ui_tree *const pages[] = { m, off, on, m, on };
	const char *const acts[] = { MAIN, SETTINGS, SETTINGS, MAIN, SETTINGS };
	const char *const taps[] = { "Settings", "CHECK:Put products on the shopping list", "BACK", "Settings" };
	char *title;

	REQUIRE(m && off && on);
	CHECK_INT_EQ(walk(pages, acts, taps, 4, &title), 0);
	free(title);
	ui_tree_free(m);
	ui_tree_free(off);
	ui_tree_free(on);
}

/* A page of rows: a list of `n` product rows and nothing else under the title; `extra` adds a summary text. */
static struct ui_tree *products(int n, bool extra)
{
	static const char *const names[] = { "Milk", "Butter", "Eggs" };
	char *rows = calloc(1, 1);
	int y = 400;

	for (int i = 0; i < n; i++, y += 150)
		rows = x_cat(rows,
			     x_node1("android.widget.LinearLayout", "t:id/row", "", "c", 0, y, 1080, y + 140,
				     x_node(TEXT, "t:id/name", names[i], "", "", 40, y, 1000, y + 100, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar("Products"),
			    extra ? x_cat(x_node(TEXT, "t:id/sum", "3 products", "", "", 40, 220, 1000, 300, NULL),
					  x_node(TEXT, "t:id/hint", "Tap a product to edit it", "", "", 40, 310, 1000,
						 390, NULL),
					  NULL)
				  : calloc(1, 1),
			    x_node1(RV, "t:id/list", "", "s", 0, 400, 1080, 2000, rows), NULL));
}

TEST(list_page_emptied_is_not_reported)
{
	char *title;

	/* Shown full only through its rows: a filter or a delete may empty such a page. */
	{
		struct ui_tree *full = products(3, false), *empty = products(0, false), *m = more();
		struct ui_tree *const pages[] = { m, full, m, empty };
		const char *const acts[] = { MAIN, MAIN, MAIN, MAIN };
		const char *const taps[] = { "Products", "BACK", "Products" };

		REQUIRE(full && empty && m);
		CHECK_INT_EQ(walk(pages, acts, taps, 3, &title), 0);
		free(title);
		ui_tree_free(full);
		ui_tree_free(empty);
		ui_tree_free(m);
	}
	/* With texts outside the list, emptied after a Delete: the delete may have emptied it. */
	{
		struct ui_tree *full = products(3, true), *gone = products(0, false), *m = more();
		struct ui_tree *const pages[] = { m, full, m, m, gone };
		const char *const acts[] = { MAIN, MAIN, MAIN, MAIN, MAIN };
		const char *const taps[] = { "Products", "BACK", "Delete all products", "Products" };

		REQUIRE(full && gone && m);
		CHECK_INT_EQ(walk(pages, acts, taps, 4, &title), 0);
		free(title);
		/* Without the delete the same page gone empty is reported. */
		{
			const char *const taps2[] = { "Products", "BACK", "Locations", "Products" };

			CHECK_INT_EQ(walk(pages, acts, taps2, 4, &title), 4);
			CHECK(title && strstr(title, "Page 'Products' comes back empty after 'Products'"));
			free(title);
		}
		ui_tree_free(full);
		ui_tree_free(gone);
		ui_tree_free(m);
	}
}

/* A page with tabs Pantry and Fridge (`sel` selected) and, under them, `texts` as plain texts. */
static struct ui_tree *tabbed(const char *sel, int texts)
{
	static const char *const tabs[] = { "Pantry", "Fridge" };
	char *kids = calloc(1, 1), *body = calloc(1, 1);

	for (int i = 0; i < 2; i++)
		kids = x_cat(kids, x_node("android.widget.FrameLayout", "t:id/tab", tabs[i],
					  strcmp(tabs[i], sel) ? "c" : "cS", "", i * 540, 220, i * 540 + 540, 340, NULL),
			     NULL);
	for (int i = 0; i < texts; i++)
		body = x_cat(body, x_node(TEXT, "t:id/t", i ? "Shelf two" : "Shelf one", "", "", 40, 400 + i * 120,
					  1000, 500 + i * 120, NULL),
			     NULL);
	return x_tree(x_cat(x_bar("Locations"), x_node1("android.widget.LinearLayout", "t:id/tabs", "", "", 0, 220,
						       1080, 340, kids),
			    body, NULL));
}

TEST(another_tab_dialog_or_spinner_is_not_reported)
{
	struct ui_tree *pantry = tabbed("Pantry", 2), *fridge = tabbed("Fridge", 0);
	struct ui_tree *dialog = x_tree(x_cat(x_bar("Settings"),
					      x_node("android.widget.FrameLayout", "android:id/parentPanel", "", "", "",
						     100, 800, 980, 1400, NULL),
					      NULL));
	struct ui_tree *spinner = x_tree(x_cat(x_bar("Settings"),
					       x_node("android.widget.ProgressBar", "t:id/progress", "", "", "", 500,
						      1000, 580, 1080, NULL),
					       NULL));
	struct ui_tree *on = settings(true);
	char *title;

	REQUIRE(pantry && fridge && dialog && spinner && on);
	{
		struct ui_tree *const pages[] = { fridge, pantry, fridge };
		const char *const acts[] = { MAIN, MAIN, MAIN };
		const char *const taps[] = { "Pantry", "Fridge" };

		CHECK_INT_EQ(walk(pages, acts, taps, 2, &title), 0);
		free(title);
	}
	{
		struct ui_tree *const pages[] = { on, on, dialog, on, spinner };
		const char *const acts[] = { SETTINGS, SETTINGS, SETTINGS, SETTINGS, SETTINGS };
		const char *const taps[] = { "CHECK:Beginner mode", "Theme: Follow system", "BACK", "Refresh" };

		CHECK_INT_EQ(walk(pages, acts, taps, 4, &title), 0);
		free(title);
	}
	ui_tree_free(pantry);
	ui_tree_free(fridge);
	ui_tree_free(dialog);
	ui_tree_free(spinner);
	ui_tree_free(on);
}

#define PAGE "org.t/.PageActivity"

/* An article page: a scroll view "content" holding a description, an extract and a Save button; empty when !full. */
static struct ui_tree *article(const char *title, bool full, const char *container)
{
	char *body = NULL;

	if (full)
		body = x_node1("android.widget.LinearLayout", container, "", "", 40, 220, 1040, 1200,
			       x_cat(x_node(TEXT, "t:id/desc", "A short description", "", "", 40, 220, 1040, 300, NULL),
				     x_node(TEXT, "t:id/extract", "The article's first lines", "", "", 40, 320, 1040, 600,
					    NULL),
				     x_node(BUTTON, "t:id/save", "Save", "c", "", 40, 620, 400, 740, NULL), NULL));
	return x_tree(x_cat(x_bar(title),
			    body ? x_node1("android.widget.ScrollView", container, "", "s", 0, 210, 1080, 2200, body)
				 : x_node("android.widget.ScrollView", container, "", "s", "", 0, 210, 1080, 2200, NULL),
			    NULL));
}

TEST(page_empty_where_its_siblings_show_content)
{
	struct ui_tree *reef = article("Great Barrier Reef", true, "t:id/content");
	struct ui_tree *radio = article("Radio", true, "t:id/content");
	struct ui_tree *acdc = article("AC/DC", false, "t:id/content");
	struct ui_tree *other = article("AC/DC", false, "t:id/other");
	struct ui_tree *list = x_tree(x_cat(x_bar("Stock"),
					    x_node("android.widget.ScrollView", "t:id/content", "", "s", "", 0, 210, 1080, 600,
						   NULL),
					    x_node(RV, "t:id/list", "", "s", "", 0, 620, 1080, 2000, NULL), NULL));
	char *title;

	REQUIRE(reef && radio && acdc && other && list);
	{
		struct ui_tree *const pages[] = { reef, radio, reef, acdc };
		const char *const acts[] = { PAGE, PAGE, PAGE, PAGE };
		const char *const taps[] = { "Radio", "BACK", "AC/DC" };

		CHECK_INT_EQ(walk(pages, acts, taps, 3, &title), 3);
		CHECK(title && strstr(title, "Page 'AC/DC' opens empty (opened by 'AC/DC')"));
		free(title);
	}
	/* One sibling seen full is not enough: the page may be of another kind. */
	{
		struct ui_tree *const pages[] = { reef, acdc };
		const char *const acts[] = { PAGE, PAGE };
		const char *const taps[] = { "AC/DC" };

		CHECK_INT_EQ(walk(pages, acts, taps, 1, &title), 0);
		free(title);
	}
	/* Another activity, or an empty container of another name, is another screen. */
	{
		struct ui_tree *const pages[] = { reef, radio, acdc };
		const char *const acts[] = { PAGE, PAGE, MAIN };
		const char *const taps[] = { "Radio", "AC/DC" };
		struct ui_tree *const pages2[] = { reef, radio, other };
		const char *const acts2[] = { PAGE, PAGE, PAGE };

		CHECK_INT_EQ(walk(pages, acts, taps, 2, &title), 0);
		free(title);
		CHECK_INT_EQ(walk(pages2, acts2, taps, 2, &title), 0);
		free(title);
	}
	/* A delete in between may have emptied it; without it the same walk is reported. */
	{
		struct ui_tree *m = more();
		struct ui_tree *const pages[] = { m, reef, radio, m, acdc };
		const char *const acts[] = { MAIN, PAGE, PAGE, MAIN, PAGE };
		const char *const taps[] = { "Great Barrier Reef", "Radio", "Delete article", "AC/DC" };
		const char *const taps2[] = { "Great Barrier Reef", "Radio", "Share", "AC/DC" };

		REQUIRE(m);
		CHECK_INT_EQ(walk(pages, acts, taps, 4, &title), 0);
		free(title);
		CHECK_INT_EQ(walk(pages, acts, taps2, 4, &title), 4);
		free(title);
		ui_tree_free(m);
	}
	/* A page showing an empty list, or a picture in the container, may rightly show no text. */
	{
		struct ui_tree *a = article("Products", true, "t:id/content");
		struct ui_tree *b = article("Locations", true, "t:id/content");
		struct ui_tree *photo = x_tree(x_cat(x_bar("Photo"),
						     x_node1("android.widget.ScrollView", "t:id/content", "", "s", 0, 210,
							     1080, 2200,
							     x_node("android.widget.ImageView", "t:id/img", "", "", "", 0,
								    220, 1080, 1400, NULL)),
						     NULL));
		struct ui_tree *const pages[] = { a, b, a, list };
		struct ui_tree *const pages2[] = { a, b, a, photo };
		const char *const acts[] = { MAIN, MAIN, MAIN, MAIN };
		const char *const taps[] = { "Locations", "Products", "Stock" };

		REQUIRE(a && b && photo);
		CHECK_INT_EQ(walk(pages, acts, taps, 3, &title), 0);
		free(title);
		CHECK_INT_EQ(walk(pages2, acts, taps, 3, &title), 0);
		free(title);
		ui_tree_free(a);
		ui_tree_free(b);
		ui_tree_free(photo);
	}
	ui_tree_free(reef);
	ui_tree_free(radio);
	ui_tree_free(acdc);
	ui_tree_free(other);
	ui_tree_free(list);
}

/* History: a list of n article rows, or when n is 0 no row and "No recently viewed articles". */
static struct ui_tree *history(int n)
{
	static const char *const names[] = { "Charles Babbage", "Marie Curie", "Radio" };
	char *rows = calloc(1, 1);

	for (int i = 0; i < n && i < 3; i++)
		rows = x_cat(rows, x_node1("android.widget.LinearLayout", "t:id/history_row", "", "c", 0, 300 + 150 * i,
					   1080, 440 + 150 * i,
					   x_node(TEXT, "t:id/h_title", names[i], "", "", 40, 310 + 150 * i, 1000,
						  430 + 150 * i, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar("History"), x_node1(RV, "t:id/history_list", "", "s", 0, 280, 1080, 2000, rows),
			    n ? calloc(1, 1)
			      : x_node(TEXT, "t:id/history_empty", "No recently viewed articles", "", "", 40, 300, 1000,
				       400, NULL),
			    NULL));
}

/* An article page with a Delete button. */
static struct ui_tree *article_page(void)
{
	return x_tree(x_cat(x_bar("Charles Babbage"),
			    x_node(TEXT, "t:id/desc", "English mathematician", "", "", 40, 300, 1000, 400, NULL),
			    x_node(BUTTON, "t:id/delete", "Delete", "c", "", 40, 420, 1000, 520, NULL), NULL));
}

/* Feed the round trip: history(from) -> tap its first row -> article -> (taps) -> Back -> history(to); the step found, 0 none. */
static int round_trip(int from, int to, bool delete_between)
{
	struct oracle_blank_tracker *t = oracle_blank_tracker_new();
	struct ui_tree *h = history(from), *a = article_page(), *back = history(to);
	struct action tap, del, bk;
	int found = 0, step = 0;

	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup("Charles Babbage");
	action_init(&del);
	del.type = ACTION_CLICK;
	del.widget_text = xstrdup("Delete");
	action_init(&bk);
	bk.type = ACTION_BACK;
	{
		const struct oracle_tracked_step steps[] = {
			{ h, MAIN, a, MAIN, true, &tap },
			{ a, MAIN, a, MAIN, true, delete_between ? &del : &tap },
			{ a, MAIN, back, MAIN, true, &bk },
		};

		for (size_t i = 0; i < 3 && !found; i++) {
			struct oracle_finding f;

			oracle_finding_init(&f);
			step++;
			if (oracle_blank_step(t, &steps[i], &f)) {
				found = step;
				CHECK(f.category == BUG_CAT_CONTENT_MISSING);
				CHECK(f.title && strstr(f.title, "'History' shows its list empty after coming back"));
				CHECK(f.diff && !strcmp(cJSON_GetObjectItemCaseSensitive(f.diff, "check")->valuestring,
							"emptied"));
			}
			oracle_finding_release(&f);
		}
	}
	action_release(&tap);
	action_release(&del);
	action_release(&bk);
	ui_tree_free(h);
	ui_tree_free(a);
	ui_tree_free(back);
	oracle_blank_tracker_free(t);
	return found;
}

TEST(list_emptied_by_a_round_trip_to_a_row)
{
	CHECK_INT_EQ(round_trip(3, 0, false), 3);
	/* A delete on the way, one row, the rows back. */
	CHECK_INT_EQ(round_trip(3, 0, true), 0);
	CHECK_INT_EQ(round_trip(1, 0, false), 0);
	CHECK_INT_EQ(round_trip(3, 3, false), 0);
}

/* A page titled `title` whose list shows the tags Personal, Work and Home (a drawer's). */
static struct ui_tree *tag_drawer(const char *title)
{
	static const char *const tags[] = { "Personal", "Work", "Home" };
	char *rows = calloc(1, 1);

	for (int i = 0; i < 3; i++)
		rows = x_cat(rows, x_node1("android.widget.LinearLayout", "t:id/tag_row", "", "c", 0, 300 + 150 * i,
					   1080, 440 + 150 * i,
					   x_node(TEXT, "t:id/tag_name", tags[i], "", "", 40, 310 + 150 * i, 1000,
						  430 + 150 * i, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar(title), x_node1(RV, "t:id/tags", "", "s", 0, 280, 1080, 2000, rows), NULL));
}

/*
 * jotter's fixed twin, session 42: a tag picked in the drawer on "Notes"
 * shows the tag's page, empty; the drawer opened there and the same tag
 * picked again shows the same page (no new trip); Settings, then Back to
 * the empty tag page. The second tap, which kept the page, once overwrote
 * the armed trip's page, and the Back was reported as "'Notes' shows its
 * list empty after coming back".
 */
TEST(a_row_that_keeps_the_page_does_not_rearm_the_trip)
{
	struct oracle_blank_tracker *t = oracle_blank_tracker_new();
	struct ui_tree *notes = tag_drawer("Notes"), *drawer = tag_drawer("Personal");
	struct ui_tree *empty = x_tree(x_cat(x_bar("Personal"), x_node1(RV, "t:id/notes", "", "s", 0, 280, 1080, 2000, calloc(1, 1)),
					     x_node(TEXT, "t:id/notes_empty", "No notes. Tap + to write one.", "", "", 40,
						    300, 1000, 400, NULL),
					     NULL));
	struct ui_tree *settings_page = x_tree(x_cat(x_bar("Settings"),
						     x_node(TEXT, "t:id/s1", "Dark theme", "", "", 40, 300, 1000, 400, NULL),
						     NULL));
	const char *labels[] = { "Personal", "Open menu", "Personal", "Settings", NULL };
	struct ui_tree *from[] = { notes, empty, drawer, empty, settings_page };
	struct ui_tree *to[] = { empty, drawer, empty, settings_page, empty };
	int found = 0;

	REQUIRE(notes && drawer && empty && settings_page);
	for (size_t i = 0; i < 5 && !found; i++) {
		struct oracle_tracked_step s = { from[i], MAIN, to[i], MAIN, true, NULL };
		struct action a;
		struct oracle_finding f;

		action_init(&a);
		a.type = labels[i] ? ACTION_CLICK : ACTION_BACK;
		if (labels[i] && !strcmp(labels[i], "Personal"))
			a.resource_id = xstrdup("t:id/tag_row"); /* the first row, not the title */
		else if (labels[i])
			a.widget_text = xstrdup(labels[i]);
		s.done = &a;
		oracle_finding_init(&f);
		if (oracle_blank_step(t, &s, &f))
			found = (int)i + 1;
		oracle_finding_release(&f);
		action_release(&a);
	}
	CHECK_INT_EQ(found, 0);
	ui_tree_free(notes);
	ui_tree_free(drawer);
	ui_tree_free(empty);
	ui_tree_free(settings_page);
	oracle_blank_tracker_free(t);
}

int main(void)
{
	RUN(settings_that_come_back_empty_after_a_change);
	RUN(page_reached_again_with_its_content_is_not_reported);
	RUN(list_page_emptied_is_not_reported);
	RUN(another_tab_dialog_or_spinner_is_not_reported);
	RUN(page_empty_where_its_siblings_show_content);
	RUN(list_emptied_by_a_round_trip_to_a_row);
	RUN(a_row_that_keeps_the_page_does_not_rearm_the_trip);
	return test_summary();
}
