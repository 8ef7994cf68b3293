/*
 * test_oracle_rowcount.c - the rowcount oracle's tracker
 * (oracle_rowcount_step): hand-made screens of a file manager whose root
 * lists folders with their item counts ("Docs | 3 items") and whose folder
 * pages list files. A file deleted from its page and the root still saying
 * "3 items" is found; a count that follows, one that never matched the
 * page, a page whose rows change without a delete, and a switch toggled
 * between are never found. Then a browser's History whose "Recently
 * closed tabs | 3 tabs" entry opens a page listing 4 tabs (the first
 * opening judged), beside the look-alike correct pages that must stay
 * silent: headings, footers, folders, filters, unread counts, a list cut
 * at the fold, a page still loading, a count of another noun.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define SWITCH "android.widget.Switch"
#define SCROLL "android.widget.ScrollView"
#define IMGBTN "android.widget.ImageButton"

/* The root: folder rows "name | count" (counts[i] items), and a "Show hidden" switch. */
static struct ui_tree *root_screen(const char *const *names, const int *counts, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char count[32];
		char *kids;

		snprintf(count, sizeof(count), "%d items", counts[i]);
		kids = x_cat(x_node(TEXT, "t:id/folder_name", names[i], "", "", 40, y, 500, y + 100, NULL),
			     x_node(TEXT, "t:id/folder_count", count, "", "", 550, y, 1000, y + 100, NULL), NULL);
		rows = x_cat(rows, x_node1(ROW, "t:id/folder_row", "", "c", 0, y, 1080, y + 140, kids), NULL);
	}
	return x_tree(x_cat(x_bar("Internal storage"), x_node1(RV, "t:id/folder_list", "", "", 0, 300, 1080, 2000, rows),
			    x_node(SWITCH, "t:id/hidden", "Show hidden", "kc", "", 0, 2050, 1080, 2150, NULL), NULL));
}

/* A folder's page titled `title`: its files (names[0..n-1]). */
static struct ui_tree *folder_screen(const char *title, const char *const *names, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150)
		rows = x_cat(rows,
			     x_node1(ROW, "t:id/file_row", "", "c", 0, y, 1080, y + 140,
				   x_node(TEXT, "t:id/file_name", names[i], "", "", 40, y, 1000, y + 100, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar(title), x_node1(RV, "t:id/file_list", "", "", 0, 300, 1080, 2300, rows), NULL));
}

/* A file's page with Delete and Sort buttons. */
static struct ui_tree *file_screen(const char *name)
{
	return x_tree(x_cat(x_bar(name), x_node(BUTTON, "t:id/delete", "Delete", "c", "", 0, 400, 500, 500, NULL),
			    x_node(BUTTON, "t:id/filter", "Filter", "c", "", 550, 400, 1080, 500, NULL), NULL));
}

struct step {
	struct ui_tree *after;
	enum action_type type;
	const char *rid;     /* the widget tapped on the screen before */
	int x1, y1, x2, y2;  /* its bounds */
};

/* Feed the steps in order (one activity); the 1-based step of the first finding, 0 for none. */
static int first_hit(struct step *steps, size_t n, char **title)
{
	struct oracle_rowcount_tracker *t = oracle_rowcount_tracker_new();
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_finding f;
		struct action a;
		struct oracle_tracked_step s = {
			.before = i ? steps[i - 1].after : NULL, .activity_before = "t/.Main",
			.after = steps[i].after, .activity_after = "t/.Main", .after_in_app = true, .done = &a,
		};

		action_init(&a);
		a.type = steps[i].type;
		if (steps[i].rid) {
			a.resource_id = xstrdup(steps[i].rid);
			a.bounds = (struct ui_rect){ steps[i].x1, steps[i].y1, steps[i].x2, steps[i].y2 };
			a.x = (steps[i].x1 + steps[i].x2) / 2;
			a.y = (steps[i].y1 + steps[i].y2) / 2;
		}
		oracle_finding_init(&f);
		if (oracle_rowcount_step(t, &s, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
			CHECK(f.diff && (cJSON_GetObjectItem(f.diff, "count_after") || cJSON_GetObjectItem(f.diff, "count")));
			/* The delete is blamed, not the Back that shows the row (the first opening blames its own tap). */
			CHECK(f.diff && (cJSON_GetObjectItem(f.diff, "blamed") ||
					 cJSON_GetObjectItem(f.diff, "page_rows")));
		}
		oracle_finding_release(&f);
		action_release(&a);
	}
	oracle_rowcount_tracker_free(t);
	return found;
}

static void free_steps(struct step *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ui_tree_free(s[i].after);
}

static const char *const folders[] = { "Docs", "Music" };
static const char *const docs[] = { "a.txt", "b.txt", "c.txt" };

/*
 * Root (Docs 3 items), Docs opened (3 files), a file opened and `tap`
 * pressed (back on Docs with `left` files), Back to the root whose Docs row
 * says `count_after` items; `toggle`: a switch toggled before the Back.
 */
static int deleted_then_root(int left, const char *tap, int count_after, bool toggle, char **title)
{
	const int before[] = { 3, 2 }, after[] = { count_after, 2 };
	struct step s[8];
	size_t n = 0;
	int hit;

	s[n++] = (struct step){ root_screen(folders, before, 2), ACTION_NONE, NULL, 0, 0, 0, 0 };
	s[n++] = (struct step){ folder_screen("Docs", docs, 3), ACTION_CLICK, "t:id/folder_row", 0, 300, 1080, 440 };
	s[n++] = (struct step){ file_screen("c.txt"), ACTION_CLICK, "t:id/file_row", 0, 600, 1080, 740 };
	if (!strcmp(tap, "t:id/filter"))
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CLICK, tap, 550, 400, 1080, 500 };
	else
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CLICK, tap, 0, 400, 500, 500 };
	if (toggle)
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CHECK, NULL, 0, 0, 0, 0 };
	s[n++] = (struct step){ root_screen(folders, after, 2), ACTION_BACK, NULL, 0, 0, 0, 0 };
	for (size_t i = 0; i < n; i++)
		CHECK(s[i].after != NULL);
	hit = first_hit(s, n, title);
	free_steps(s, n);
	return hit;
}

TEST(count_that_keeps_a_deleted_row)
{
	char *title;

	/* files-count-keeps-deleted: Docs lists 2 files, the root still says 3 items (on the first Back). */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 3, false, &title), 5);
	CHECK(title && strstr(title, "'Docs'"));
	free(title);
}

TEST(count_that_follows_or_was_never_right)
{
	const int wrong[] = { 5, 2 };
	struct step s[4];
	char *title;

	/* The fixed twin: the root's count follows the page (2 items). */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 2, false, &title), 0);
	free(title);
	/* Nothing deleted: the page keeps its 3 files, the count its 3 items. */
	CHECK_INT_EQ(deleted_then_root(3, "t:id/delete", 3, false, &title), 0);
	free(title);
	/* The page's rows changed with no delete tapped (a filter): not believed. */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/filter", 3, false, &title), 0);
	free(title);
	/* A count that never equalled its page's rows (5 items over 3 files). */
	s[0] = (struct step){ root_screen(folders, wrong, 2), ACTION_NONE, NULL, 0, 0, 0, 0 };
	s[1] = (struct step){ folder_screen("Docs", docs, 3), ACTION_CLICK, "t:id/folder_row", 0, 300, 1080, 440 };
	s[2] = (struct step){ folder_screen("Docs", docs, 2), ACTION_CLICK, "t:id/delete", 0, 400, 500, 500 };
	s[3] = (struct step){ root_screen(folders, wrong, 2), ACTION_BACK, NULL, 0, 0, 0, 0 };
	CHECK_INT_EQ(first_hit(s, 4, &title), 0);
	free(title);
	free_steps(s, 4);
}

TEST(count_after_a_switch_is_not_judged)
{
	char *title;

	/* Deleted, then a switch toggled before the root is seen with the old count: forgotten. */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 3, true, &title), 0);
	free(title);
}

/* History: its entry `entry` (a two-line button outside lists, "Recently closed tabs&#10;3 tabs") and two visits. */
static struct ui_tree *history_screen(const char *entry)
{
	char *rows = x_cat(x_node1(ROW, "t:id/h_row", "", "c", 0, 600, 1080, 800,
				   x_node(TEXT, "t:id/h_text", "Kyoto | Trail Notes", "", "", 40, 600, 1000, 800, NULL)),
			   x_node1(ROW, "t:id/h_row", "", "c", 0, 800, 1080, 1000,
				   x_node(TEXT, "t:id/h_text", "Lighthouse", "", "", 40, 800, 1000, 1000, NULL)),
			   NULL);

	return x_tree(x_cat(x_bar("History"),
			    x_node1(SCROLL, "t:id/content", "", "", 0, 210, 1080, 2400,
				    x_cat(x_node(BUTTON, "t:id/rc_row", entry, "c", "", 40, 230, 1040, 360, NULL),
					  x_node1(RV, "t:id/hist_list", "", "", 0, 600, 1080, 1000, rows), NULL)),
			    NULL));
}

/* One closed tab's row (a text and a Remove button), y to y + 200. */
static char *tab_row(const char *name, int y, const char *flags)
{
	return x_node1(ROW, "t:id/rc_tab_row", "", flags, 0, y, 1080, y + 200,
		       x_cat(x_node(TEXT, "t:id/rc_text", name, "", "", 40, y, 870, y + 200, NULL),
			     x_node(IMGBTN, "t:id/rc_delete", "", "c", "", 900, y + 40, 1040, y + 160, NULL), NULL));
}

/* Page variants of the opened page. */
enum page_kind {
	PAGE_PLAIN,          /* n tab rows */
	PAGE_HEADING,        /* a "Today" heading (a plain text) above them */
	PAGE_SECTION,        /* a "Work window" section heading (a plain text) above them */
	PAGE_DATE_ROW,       /* a "Last 7 days" row of the rows' own shape among them */
	PAGE_FOOTER,         /* a "Load more" button below them */
	PAGE_MORE_ROW,       /* a "Show more" row of the rows' own shape below them */
	PAGE_FOLDER,         /* the first row a folder ("📁 Old tabs") */
	PAGE_SUBCOUNT,       /* the first row a group with its own count ("Work | 2 tabs") */
	PAGE_MARKED,         /* the first row selected (an unread one marked) */
	PAGE_CUT,            /* the list runs past the fold, its scroll view scrolls */
	PAGE_FULL,           /* the rows fill the screen exactly, nothing scrolls */
	PAGE_LOADING,        /* "Refreshing…" above the list */
	PAGE_SPINNER,        /* a progress spinner above the list */
	PAGE_FILTERED,       /* a selected "Today" chip above the list */
};

/* The page titled `title` listing n closed tabs, as `kind` says. */
static struct ui_tree *closed_tabs_page(const char *title, int n, enum page_kind kind)
{
	static const char *const names[] = { "Fetch API | MDN", "JR Pass | Trail Notes", "Lentil soup",
					     "OpenStreetMap",   "Response | MDN",        "Cape St. Vincent",
					     "Fresnel lens",    "Promise | MDN",         "Lighthouse" };
	char *rows = calloc(1, 1), *above = calloc(1, 1);
	int y = kind == PAGE_FULL ? 2400 - 200 * n : 300, top = y;

	if (kind == PAGE_HEADING) {
		rows = x_cat(rows, x_node(TEXT, "t:id/rc_heading", "Today", "", "", 40, y, 1040, y + 100, NULL), NULL);
		y += 100;
	}
	if (kind == PAGE_SECTION) {
		rows = x_cat(rows, x_node(TEXT, "t:id/rc_heading", "Work window", "", "", 40, y, 1040, y + 100, NULL), NULL);
		y += 100;
	}
	if (kind == PAGE_DATE_ROW) {
		rows = x_cat(rows, tab_row("Last 7 days", y, "c"), NULL);
		y += 200;
	}
	if (kind == PAGE_FOLDER) {
		rows = x_cat(rows, tab_row("\xF0\x9F\x93\x81 Old tabs", y, "c"), NULL);
		y += 200;
	}
	if (kind == PAGE_SUBCOUNT) {
		rows = x_cat(rows,
			     x_node1(ROW, "t:id/rc_tab_row", "", "c", 0, y, 1080, y + 200,
				     x_cat(x_node(TEXT, "t:id/rc_text", "Work&#10;2 tabs", "", "", 40, y, 870, y + 200, NULL),
					   x_node(IMGBTN, "t:id/rc_delete", "", "c", "", 900, y + 40, 1040, y + 160, NULL),
					   NULL)),
			     NULL);
		y += 200;
	}
	for (int i = 0; i < n; i++, y += 200)
		rows = x_cat(rows, tab_row(names[i % 9], y, kind == PAGE_MARKED && i == 0 ? "cS" : "c"), NULL);
	if (kind == PAGE_FOOTER) {
		rows = x_cat(rows, x_node(BUTTON, "t:id/load_more", "Load more", "c", "", 40, y, 1040, y + 120, NULL), NULL);
		y += 120;
	}
	if (kind == PAGE_MORE_ROW) {
		rows = x_cat(rows, tab_row("Show more", y, "c"), NULL);
		y += 200;
	}
	if (kind == PAGE_LOADING)
		above = x_cat(above, x_node(TEXT, "t:id/status", "Refreshing\xE2\x80\xA6", "", "", 600, 215, 1040, 295, NULL),
			      NULL);
	if (kind == PAGE_SPINNER)
		above = x_cat(above, x_node("android.widget.ProgressBar", "t:id/progress", "", "", "", 500, 215, 580, 295, NULL),
			      NULL);
	if (kind == PAGE_FILTERED)
		above = x_cat(above, x_node("com.google.android.material.chip.Chip", "t:id/chip_today", "Today", "ckS", "", 40, 215,
					    400, 295, NULL),
			      NULL);
	if (kind == PAGE_FULL)
		above = x_cat(above, x_node(TEXT, "t:id/hint", "Tap a tab to open it again", "", "", 40, 215, 1040, top, NULL),
			      NULL);
	if (kind == PAGE_CUT) {
		/* The dump stops at the screen's edge; the scroll view holding the list scrolls. */
		free(above);
		return x_tree(x_cat(x_bar(title),
				    x_node1(SCROLL, "t:id/content", "", "s", 0, 210, 1080, 2400,
					    x_node1(RV, "t:id/rc_list", "", "", 0, top, 1080, 2400, rows)),
				    NULL));
	}
	return x_tree(x_cat(x_bar(title),
			    x_node1(SCROLL, "t:id/content", "", "", 0, 210, 1080, 2400,
				    x_cat(above, x_node1(RV, "t:id/rc_list", "", "", 0, top, 1080, y, rows), NULL)),
			    NULL));
}

/* History with `entry`, a tap on it, and the page `title` with n tabs as `kind`: the step found (0: none). */
static int open_entry(const char *entry, const char *title, int n, enum page_kind kind, char **found)
{
	struct step s[2];
	int hit;

	s[0] = (struct step){ history_screen(entry), ACTION_NONE, NULL, 0, 0, 0, 0 };
	s[1] = (struct step){ closed_tabs_page(title, n, kind), ACTION_CLICK, "t:id/rc_row", 40, 230, 1040, 360 };
	CHECK(s[0].after != NULL && s[1].after != NULL);
	hit = first_hit(s, 2, found);
	free_steps(s, 2);
	return hit;
}

TEST(first_opening_count_one_short)
{
	char *title;

	/* browser-recently-closed-count-one-short: "3 tabs", the page lists 4. */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;3 tabs", "Recently closed tabs", 4, PAGE_PLAIN, &title), 2);
	CHECK(title && strstr(title, "'Recently closed tabs'"));
	free(title);
	/* "7 tabs" over 8 rows that fill the screen exactly, nothing scrolling: shown whole. */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;7 tabs", "Recently closed tabs", 8, PAGE_FULL, &title), 2);
	free(title);
	/* The fixed twin: the count is right. */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;4 tabs", "Recently closed tabs", 4, PAGE_PLAIN, &title), 0);
	free(title);
}

TEST(first_opening_headings_and_footers_are_silent)
{
	const char *entry = "Recently closed tabs&#10;3 tabs", *page = "Recently closed tabs";
	char *title;

	/* A "Today" heading among the rows: 3 tabs, 4 rows. */
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_HEADING, &title), 0);
	free(title);
	/* A date heading drawn as a row of the rows' own shape. */
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_DATE_ROW, &title), 0);
	free(title);
	/* A section heading that names no date. */
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_SECTION, &title), 0);
	free(title);
	/* A "Load more" footer button, and a "Show more" row of the rows' shape. */
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_FOOTER, &title), 0);
	free(title);
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_MORE_ROW, &title), 0);
	free(title);
}

TEST(first_opening_folders_and_subsets_are_silent)
{
	const char *entry = "Recently closed tabs&#10;3 tabs", *page = "Recently closed tabs";
	char *title;

	/* A sub-folder listed beside the things counted, or a group with its own count. */
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_FOLDER, &title), 0);
	free(title);
	CHECK_INT_EQ(open_entry(entry, page, 3, PAGE_SUBCOUNT, &title), 0);
	free(title);
	/* A count of unread ones among all rows: said by the entry, or rows marked apart. */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;3 tabs&#10;unread", page, 5, PAGE_PLAIN, &title), 0);
	free(title);
	CHECK_INT_EQ(open_entry(entry, page, 4, PAGE_MARKED, &title), 0);
	free(title);
	/* The page filtered by a selected chip. */
	CHECK_INT_EQ(open_entry(entry, page, 4, PAGE_FILTERED, &title), 0);
	free(title);
}

TEST(first_opening_unsure_pages_are_silent)
{
	const char *entry = "Recently closed tabs&#10;3 tabs", *page = "Recently closed tabs";
	char *title;

	/* A list cut at the fold (its scroll view scrolls). */
	CHECK_INT_EQ(open_entry(entry, page, 12, PAGE_CUT, &title), 0);
	free(title);
	/* The visit itself refreshes the page: "Refreshing…", or a spinner. */
	CHECK_INT_EQ(open_entry(entry, page, 4, PAGE_LOADING, &title), 0);
	free(title);
	CHECK_INT_EQ(open_entry(entry, page, 4, PAGE_SPINNER, &title), 0);
	free(title);
	/* A count of another noun than the page lists ("3 windows" over tabs). */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;3 windows", page, 4, PAGE_PLAIN, &title), 0);
	free(title);
	/* A title that does not name the noun ("Closed" for "3 tabs"). */
	CHECK_INT_EQ(open_entry("Closed&#10;3 tabs", "Closed", 4, PAGE_PLAIN, &title), 0);
	free(title);
	/* No count to speak of: "0 tabs" over a page with one row (an empty state). */
	CHECK_INT_EQ(open_entry("Recently closed tabs&#10;0 tabs", page, 1, PAGE_PLAIN, &title), 0);
	free(title);
	/* Another page than the row's (its title is not the row's name). */
	CHECK_INT_EQ(open_entry(entry, "Tabs", 4, PAGE_PLAIN, &title), 0);
	free(title);
}

/* A bottom-navigation item: `text`, described `desc`, selected when `sel`. */
static char *nav_item(const char *id, const char *text, const char *desc, bool sel, int x1)
{
	char *n = xasprintf("<node index=\"0\" text=\"%s\" resource-id=\"%s\" class=\"android.widget.FrameLayout\" "
			    "package=\"com.example.t\" content-desc=\"%s\" checkable=\"false\" checked=\"false\" "
			    "clickable=\"true\" enabled=\"true\" focusable=\"true\" focused=\"false\" "
			    "scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"%s\" "
			    "bounds=\"[%d,2200][%d,2400]\"></node>",
			    text, id, desc, sel ? "true" : "false", x1, x1 + 360);

	return n;
}

/*
 * A manga reader's screen: on the library (`updates` false) or on Updates
 * showing `says` above its unread chapters; the Updates item shows `item`
 * described `desc`.
 */
static struct ui_tree *reader_screen(bool updates, const char *says, const char *item, const char *desc)
{
	char *body;

	if (updates)
		body = x_cat(x_bar("Updates"),
			     x_node1(SCROLL, "t:id/content", "", "", 0, 210, 1080, 2200,
				     x_cat(x_node(TEXT, "t:id/upd_summary", says, "", "", 0, 210, 1080, 300, NULL),
					   x_node1(RV, "t:id/upd_list", "", "", 0, 300, 1080, 800,
						   x_cat(x_node(ROW, "t:id/upd_row", "Blue Harbor&#10;Chapter 8", "c", "",
								0, 300, 1080, 500, NULL),
							 x_node(ROW, "t:id/upd_row", "Salt&#10;Chapter 7", "c", "", 0,
								500, 1080, 700, NULL),
							 NULL)),
					   NULL)),
			     NULL);
	else
		body = x_cat(x_bar("Library"),
			     x_node(ROW, "t:id/lib_row", "Blue Harbor", "c", "", 0, 300, 1080, 500, NULL), NULL);
	return x_tree(x_cat(body,
			    x_node1("android.widget.FrameLayout", "t:id/bottom_navigation", "", "", 0, 2200, 1080, 2400,
				    x_cat(nav_item("t:id/nav_library", "Library", "Library", !updates, 0),
					  nav_item("t:id/nav_updates", item, desc, updates, 360),
					  nav_item("t:id/nav_history", "History", "History", false, 720), NULL)),
			    NULL));
}

/* The library with "Updates 7" (described `desc_before`), a tap on it, and the Updates page: whether found. */
static bool badge_found(const char *desc_before, const char *says, const char *item, const char *desc, char **title)
{
	struct ui_tree *lib = reader_screen(false, "", "Updates 7", desc_before);
	struct ui_tree *upd = reader_screen(true, says, item, desc);
	struct oracle_rowcount_tracker *t = oracle_rowcount_tracker_new();
	struct oracle_finding f;
	struct action a;
	bool hit;

	*title = NULL;
	CHECK(lib && upd);
	if (!lib || !upd) {
		ui_tree_free(lib);
		ui_tree_free(upd);
		oracle_rowcount_tracker_free(t);
		return false;
	}
	action_init(&a);
	a.type = ACTION_CLICK;
	a.resource_id = xstrdup("t:id/nav_updates");
	a.widget_text = xstrdup("Updates 7");
	a.bounds = (struct ui_rect){ 360, 2200, 720, 2400 };
	a.x = 540;
	a.y = 2300;
	{
		struct oracle_tracked_step s = {
			.before = lib, .activity_before = "t/.Main", .after = upd, .activity_after = "t/.Main",
			.after_in_app = true, .done = &a,
		};

		oracle_finding_init(&f);
		hit = oracle_rowcount_step(t, &s, &f);
		if (hit) {
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
			CHECK_STR_EQ(cJSON_GetStringValue(cJSON_GetObjectItem(f.diff, "check")), "badge");
		}
		oracle_finding_release(&f);
	}
	action_release(&a);
	oracle_rowcount_tracker_free(t);
	ui_tree_free(lib);
	ui_tree_free(upd);
	return hit;
}

/*
 * manga-updates-badge-resets (Mihon #209): "Updates 7", 7 unread; opening
 * Updates clears the count on the item while the page says "7 unread".
 * Silent: the fixed twin (the item keeps its count), a count that moved,
 * a page that does not state the count, and a "new" badge that opening
 * rightly clears.
 */
TEST(nav_badge_cleared_while_its_page_states_the_count)
{
	char *title;

	CHECK(badge_found("Updates, 7 unread", "7 unread", "Updates", "Updates", &title));
	CHECK(title && strstr(title, "'Updates'") && strstr(title, "7 unread"));
	free(title);
	/* Without a description the text's count is read, with a page count of unread things. */
	CHECK(badge_found("", "7 unread", "Updates", "", &title));
	free(title);
	CHECK(!badge_found("Updates, 7 unread", "7 unread", "Updates 7", "Updates, 7 unread", &title));
	CHECK(!badge_found("Updates, 7 unread", "5 unread", "Updates 5", "Updates, 5 unread", &title));
	CHECK(!badge_found("Updates, 7 unread", "Updated today", "Updates", "Updates", &title));
	CHECK(!badge_found("Updates, 7 new", "7 unread", "Updates", "Updates", &title));
	CHECK(!badge_found("Updates, 7 unread", "6 unread", "Updates", "Updates", &title));
	/* Without a description, a page count of another kind: the badge may have counted new ones. */
	CHECK(!badge_found("", "7 chapters", "Updates", "", &title));
}

TEST(registered)
{
	const struct oracle_kind *k = oracle_kind_find("rowcount");

	REQUIRE(k);
	CHECK_STR_EQ(k->config_key, "oracles.rowcount");
	CHECK(k->track && k->tracker_new && k->tracker_free);
}

int main(void)
{
	RUN(count_that_keeps_a_deleted_row);
	RUN(count_that_follows_or_was_never_right);
	RUN(count_after_a_switch_is_not_judged);
	RUN(first_opening_count_one_short);
	RUN(first_opening_headings_and_footers_are_silent);
	RUN(first_opening_folders_and_subsets_are_silent);
	RUN(first_opening_unsure_pages_are_silent);
	RUN(nav_badge_cleared_while_its_page_states_the_count);
	RUN(registered);
	return test_summary();
}
