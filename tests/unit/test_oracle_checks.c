/*
 * test_oracle_checks.c - the oracles' pure checks on hand-made widget trees:
 * each property violated (the oracle fires) and its clean twin (it does not).
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"

#define EDIT "android.widget.EditText"
#define TEXT "android.widget.TextView"
#define CHECKBOX "android.widget.CheckBox"
#define SWITCH "android.widget.Switch"
#define PROGRESS "android.widget.ProgressBar"
#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"

/* An edit screen with a title field holding `title` and a checkbox. */
static struct ui_tree *edit_screen(const char *title, bool checked)
{
	return x_tree(x_cat(x_node(EDIT, "com.example.t:id/title", title, "cf", "hint=\"Title\"",
				   0, 200, 1080, 330, NULL),
			    x_node(CHECKBOX, "com.example.t:id/pinned", "Pinned", checked ? "kKc" : "kc", "",
				   0, 400, 1080, 500, NULL),
			    NULL));
}

/* A list screen with the given row titles (NULL-terminated) and an optional date per row. */
static struct ui_tree *list_screen(const char *const *titles, const char *const *dates)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (size_t i = 0; titles[i]; i++, y += 150) {
		char *kids = x_cat(x_node(TEXT, "com.example.t:id/row_title", titles[i], "", "", 0, y, 700, y + 100, NULL),
				   dates ? x_node(TEXT, "com.example.t:id/row_date", dates[i], "", "", 700, y, 1080, y + 100, NULL)
					 : calloc(1, 1),
				   NULL);
		rows = x_cat(rows, x_node(ROW, "com.example.t:id/row", "", "c", "", 0, y, 1080, y + 140, kids), NULL);
		free(kids);
	}
	{
		char *list = x_node(RV, "com.example.t:id/list", "", "s", "", 0, 300, 1080, 2200, rows);

		free(rows);
		return x_tree(x_cat(x_node(TEXT, "", "Notes", "", "", 0, 100, 1080, 200, NULL), list, NULL));
	}
}

TEST(state_lost_on_rotation)
{
	struct ui_tree *a = edit_screen("milk", false), *b = edit_screen("", false);
	struct oracle_finding f;

	REQUIRE(a && b);
	CHECK(oracle_has_user_state(a));
	CHECK(!oracle_has_user_state(b));
	oracle_finding_init(&f);
	CHECK(oracle_state_lost(a, "com.example.t/.Edit", b, "com.example.t/.Edit", "rotation", &f));
	CHECK_INT_EQ(f.category, BUG_CAT_DATA_LOSS);
	CHECK(strcmp(f.oracle, "rotation") == 0);
	CHECK(f.title && strstr(f.title, "title"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "lost"));
	oracle_finding_release(&f);
	ui_tree_free(a);
	ui_tree_free(b);
}

/* A timer: its phase and time, a Start button, a spinner when `loading`. */
static struct ui_tree *timer_screen(const char *phase, const char *time, bool loading)
{
	return x_tree(x_cat(x_node(TEXT, "com.example.t:id/phase", phase, "", "", 0, 200, 1080, 330, NULL),
			    x_node(TEXT, "com.example.t:id/time", time, "", "", 0, 350, 1080, 480, NULL),
			    x_node("android.widget.Button", "com.example.t:id/start", "Start", "c", "", 0, 500, 1080, 620,
				   NULL),
			    loading ? x_node(PROGRESS, "com.example.t:id/busy", "", "", "", 400, 700, 680, 980, NULL)
				    : calloc(1, 1), NULL));
}

/* focus-rotate-ends-break: a rotation puts a break back to a focus session. */
TEST(status_lost_on_rotation)
{
	const char *act = "com.example.t/.Main";
	struct ui_tree *brk = timer_screen("Short break", "5:00", false), *focus = timer_screen("Focus", "25:00", false);
	struct ui_tree *ticked = timer_screen("Short break", "4:59", false), *busy = timer_screen("Focus", "25:00", true);
	struct oracle_finding f;

	REQUIRE(brk && focus && ticked && busy);
	oracle_finding_init(&f);
	CHECK(oracle_status_lost(brk, act, focus, act, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_CONTENT_MISSING);
	CHECK(f.oracle && !strcmp(f.oracle, "rotation"));
	CHECK(f.title && strstr(f.title, "'Short break'") && strstr(f.title, "'Focus'"));
	oracle_finding_release(&f);
	/* Clean: a number that changes (a clock), the same status, another activity, a page loading again. */
	CHECK(!oracle_status_lost(brk, act, ticked, act, &f));
	CHECK(!oracle_status_lost(brk, act, brk, act, &f));
	CHECK(!oracle_status_lost(brk, act, focus, "com.example.t/.Other", &f));
	CHECK(!oracle_status_lost(brk, act, busy, act, &f));
	ui_tree_free(brk);
	ui_tree_free(focus);
	ui_tree_free(ticked);
	ui_tree_free(busy);
}

TEST(checked_state_lost_on_background)
{
	struct ui_tree *a = edit_screen("", true), *b = edit_screen("", false);
	struct oracle_finding f;

	REQUIRE(a && b);
	oracle_finding_init(&f);
	CHECK(oracle_state_lost(a, "x/.E", b, "x/.E", "Home and relaunch", &f));
	CHECK(strcmp(f.oracle, "background") == 0);
	CHECK(f.title && strstr(f.title, "Checked"));
	oracle_finding_release(&f);
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(state_kept_is_clean)
{
	struct ui_tree *a = edit_screen("milk", true), *b = edit_screen("milk", true);
	struct ui_tree *c = edit_screen("", false);
	struct oracle_finding f;

	REQUIRE(a && b && c);
	oracle_finding_init(&f);
	CHECK(!oracle_state_lost(a, "x/.E", b, "x/.E", "rotation", &f));
	/* Another activity after the trip is not this oracle's business. */
	CHECK(!oracle_state_lost(a, "x/.E", c, "x/.Main", "rotation", &f));
	oracle_finding_release(&f);
	ui_tree_free(a);
	ui_tree_free(b);
	ui_tree_free(c);
}

/* The same list id showing another instance (the sets of another workout): two equal rows are not new. */
static void other_instance_is_not_a_duplicate(const struct action *save)
{
	static const char *const wed[] = { "squat_sixty", "bench_fortyfive", NULL };
	static const char *const fri[] = { "deadlift_hundred", "deadlift_hundred", NULL };
	static const char *const wed_grown[] = { "squat_sixty", "bench_fortyfive", "row_forty", "row_forty", NULL };
	struct ui_tree *a = list_screen(wed, NULL), *b = list_screen(fri, NULL), *c = list_screen(wed_grown, NULL);
	struct oracle_list *la, *lb, *lc;
	size_t na, nb, nc;
	struct oracle_finding f;

	REQUIRE(a && b && c);
	na = oracle_lists(a, &la);
	nb = oracle_lists(b, &lb);
	nc = oracle_lists(c, &lc);
	REQUIRE(na == 1 && nb == 1 && nc == 1);
	oracle_finding_init(&f);
	CHECK(!oracle_list_duplicates(&la[0], &lb[0], save, &f));
	/* The same instance grown by two equal rows still is one. */
	CHECK(oracle_list_duplicates(&la[0], &lc[0], save, &f));
	oracle_finding_release(&f);
	oracle_lists_free(la, na);
	oracle_lists_free(lb, nb);
	oracle_lists_free(lc, nc);
	ui_tree_free(a);
	ui_tree_free(b);
	ui_tree_free(c);
}

/* A history that already lists one station twice: plays add rows, so one save proves nothing there. */
static void a_log_list_is_not_judged(const struct action *save)
{
	static const char *const seen[] = { "fip_today", "nova_today", "nova_today", "bayern_monday", NULL };
	static const char *const later[] = { "fip_today", "fip_today", "fip_today", "nova_today", "nova_today",
					     "bayern_monday", NULL };
	struct ui_tree *a = list_screen(seen, NULL), *b = list_screen(later, NULL);
	struct oracle_list *la, *lb;
	size_t na, nb;
	struct oracle_finding f;

	REQUIRE(a && b);
	na = oracle_lists(a, &la);
	nb = oracle_lists(b, &lb);
	REQUIRE(na == 1 && nb == 1);
	oracle_finding_init(&f);
	CHECK(!oracle_list_duplicates(&la[0], &lb[0], save, &f));
	oracle_finding_release(&f);
	oracle_lists_free(la, na);
	oracle_lists_free(lb, nb);
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(duplicate_rows_after_one_save)
{
	static const char *const before_rows[] = { "apple_orbit_1", NULL };
	static const char *const dup_rows[] = { "apple_orbit_1", "river_maple_2", "river_maple_2", NULL };
	static const char *const ok_rows[] = { "apple_orbit_1", "river_maple_2", NULL };
	struct ui_tree *b = list_screen(before_rows, NULL), *d = list_screen(dup_rows, NULL);
	struct ui_tree *o = list_screen(ok_rows, NULL);
	struct oracle_list *lb, *ld, *lo;
	size_t nb, nd, no;
	struct action save;
	struct oracle_finding f;

	REQUIRE(b && d && o);
	nb = oracle_lists(b, &lb);
	nd = oracle_lists(d, &ld);
	no = oracle_lists(o, &lo);
	REQUIRE(nb == 1 && nd == 1 && no == 1);
	CHECK_INT_EQ(ld[0].n_rows, 3);
	CHECK(strcmp(ld[0].primary[1], "river_maple_2") == 0);
	action_init(&save);
	save.type = ACTION_CLICK;
	save.widget_text = strdup("Save");
	CHECK(oracle_is_save_action(&save));
	oracle_finding_init(&f);
	CHECK(oracle_list_duplicates(&lb[0], &ld[0], &save, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
	CHECK(f.title && strstr(f.title, "2 times"));
	CHECK(f.actual && strstr(f.actual, "river_maple_2"));
	oracle_finding_release(&f);
	CHECK(!oracle_list_duplicates(&lb[0], &lo[0], &save, &f));
	/* A list that already had the entry twice and still has it twice is clean. */
	CHECK(!oracle_list_duplicates(&ld[0], &ld[0], &save, &f));
	/* No list seen before the save: nothing to compare with. */
	CHECK(!oracle_list_duplicates(NULL, &ld[0], &save, &f));
	other_instance_is_not_a_duplicate(&save);
	a_log_list_is_not_judged(&save);
	free(save.widget_text);
	save.widget_text = strdup("Cancel");
	CHECK(!oracle_is_save_action(&save));
	/* A confirm word standing alone confirms; one that goes on ("Saved walks") names a page. */
	free(save.widget_text);
	save.widget_text = strdup("Saved walks");
	CHECK(oracle_is_save_action(&save));
	CHECK(!oracle_is_confirm_word_action(&save));
	free(save.widget_text);
	save.widget_text = strdup("Save note");
	CHECK(oracle_is_confirm_word_action(&save));
	free(save.widget_text);
	save.widget_text = strdup("OK");
	CHECK(oracle_is_confirm_word_action(&save));
	/* An id names the action ("add_btn") or a state: a sort choice "Recently added" is no save. */
	free(save.widget_text);
	save.widget_text = strdup("Recently added");
	save.resource_id = strdup("org.x:id/sort_added");
	CHECK(!oracle_is_save_action(&save));
	free(save.resource_id);
	save.resource_id = strdup("org.x:id/saved_list");
	CHECK(!oracle_is_save_action(&save));
	free(save.widget_text);
	save.widget_text = strdup("");
	free(save.resource_id);
	save.resource_id = strdup("org.x:id/btnAddNote");
	CHECK(oracle_is_save_action(&save));
	action_release(&save);
	oracle_lists_free(lb, nb);
	oracle_lists_free(ld, nd);
	oracle_lists_free(lo, no);
	ui_tree_free(b);
	ui_tree_free(d);
	ui_tree_free(o);
}

TEST(row_copied_by_a_trip)
{
	static const char *const rows[] = { "Apples", "Milk", "Eggs", NULL };
	static const char *const copied[] = { "Apples", "Milk", "Eggs", "Apples", NULL };
	static const char *const refreshed[] = { "Apples", "Milk", "Eggs", "Bananas", NULL };
	static const char *const fewer[] = { "Apples", "Milk", NULL };
	static const char *const copied_new[] = { "Apples", "Milk", "Eggs", "Apples", "Bananas", NULL };
	struct ui_tree *b = list_screen(rows, NULL), *c = list_screen(copied, NULL);
	struct ui_tree *r = list_screen(refreshed, NULL), *w = list_screen(fewer, NULL);
	struct ui_tree *cn = list_screen(copied_new, NULL);
	struct oracle_finding f;

	REQUIRE(b && c && r && w && cn);
	oracle_finding_init(&f);
	CHECK(oracle_rows_duplicated(b, ".Main", c, ".Main", "Home and relaunch", &f));
	CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
	CHECK(f.oracle && strcmp(f.oracle, "background") == 0);
	CHECK(f.title && strstr(f.title, "'Apples'") && strstr(f.title, "Home and relaunch"));
	CHECK(f.actual && strstr(f.actual, "2 times"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
	oracle_finding_release(&f);
	CHECK(oracle_rows_duplicated(b, ".Main", c, ".Main", "rotation", &f));
	CHECK(f.oracle && strcmp(f.oracle, "rotation") == 0);
	oracle_finding_release(&f);
	/* Unchanged, a new row (a refreshed feed), fewer rows, another activity: clean. */
	CHECK(!oracle_rows_duplicated(b, ".Main", b, ".Main", "rotation", &f));
	CHECK(!oracle_rows_duplicated(b, ".Main", r, ".Main", "rotation", &f));
	CHECK(!oracle_rows_duplicated(b, ".Main", w, ".Main", "rotation", &f));
	CHECK(!oracle_rows_duplicated(b, ".Main", cn, ".Main", "rotation", &f));
	CHECK(!oracle_rows_duplicated(b, ".Main", c, ".Other", "rotation", &f));
	ui_tree_free(b);
	ui_tree_free(c);
	ui_tree_free(r);
	ui_tree_free(w);
	ui_tree_free(cn);
}

TEST(sort_claims_and_orders)
{
	static const char *const sorted[] = { "Apple", "banana", "Cherry", NULL };
	static const char *const unsorted[] = { "banana", "Apple", "Cherry", NULL };
	static const char *const titles[] = { "b", "a", "c", NULL };
	static const char *const newest[] = { "2024-05-03", "2024-04-01", "2023-12-31", NULL };
	struct ui_tree *s = list_screen(sorted, NULL), *u = list_screen(unsorted, NULL);
	struct ui_tree *dt = list_screen(titles, newest);
	struct oracle_list *ls, *lu, *ld;
	size_t ns, nu, nd;
	struct action a;
	struct oracle_sort_claim claim;
	struct oracle_finding f;

	REQUIRE(s && u && dt);
	ns = oracle_lists(s, &ls);
	nu = oracle_lists(u, &lu);
	nd = oracle_lists(dt, &ld);
	REQUIRE(ns == 1 && nu == 1 && nd == 1);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Sort by name");
	REQUIRE(oracle_sort_claim(&a, s, &claim));
	CHECK_INT_EQ(claim.key, SORT_KEY_TEXT);
	CHECK_INT_EQ(claim.dir, SORT_DIR_ASC);
	oracle_finding_init(&f);
	CHECK(!oracle_list_unsorted(&ls[0], &claim, &f));
	CHECK(oracle_list_unsorted(&lu[0], &claim, &f));
	CHECK(f.title && strstr(f.title, "Sort by name"));
	oracle_finding_release(&f);
	/* "Newest first": by date, descending; the titles do not matter. */
	free(a.widget_text);
	a.widget_text = strdup("Newest first");
	REQUIRE(oracle_sort_claim(&a, s, &claim));
	CHECK_INT_EQ(claim.key, SORT_KEY_DATE);
	CHECK_INT_EQ(claim.dir, SORT_DIR_DESC);
	CHECK(oracle_rows_sorted(&ld[0], &claim));
	free(a.widget_text);
	a.widget_text = strdup("Oldest first");
	REQUIRE(oracle_sort_claim(&a, s, &claim));
	CHECK(!oracle_rows_sorted(&ld[0], &claim));
	/* The control that only opens the menu claims nothing; nor does an unrelated button. */
	free(a.widget_text);
	a.widget_text = strdup("Sort");
	CHECK(!oracle_sort_claim(&a, s, &claim));
	free(a.widget_text);
	a.widget_text = strdup("Delete");
	CHECK(!oracle_sort_claim(&a, s, &claim));
	/* A "Sort A-Z" button on the screen does not make every other click a sort. */
	{
		struct ui_tree *b = x_tree(x_node("android.widget.Button", "t:id/sort", "Sort A-Z", "c", "", 0, 0, 500, 100, NULL));
		char *opts = x_cat(x_node("android.widget.TextView", "t:id/t", "Sort by", "", "", 100, 800, 900, 900, NULL),
				   x_node("android.widget.RadioButton", "t:id/o1", "Title", "kc", "", 100, 900, 900, 1000, NULL),
				   NULL);
		struct ui_tree *d = x_tree(x_node("android.widget.LinearLayout", "android:id/dialog_sheet", "", "", "",
						  100, 800, 900, 1000, opts));

		free(opts);
		REQUIRE(b && d);
		CHECK(!oracle_sort_claim(&a, b, &claim));
		free(a.widget_text);
		a.widget_text = strdup("Title");
		a.x = 500;
		a.y = 950;
		CHECK(oracle_sort_claim(&a, d, &claim));
		CHECK_INT_EQ(claim.key, SORT_KEY_TEXT);
		ui_tree_free(b);
		ui_tree_free(d);
	}
	action_release(&a);
	oracle_lists_free(ls, ns);
	oracle_lists_free(lu, nu);
	oracle_lists_free(ld, nd);
	ui_tree_free(s);
	ui_tree_free(u);
	ui_tree_free(dt);
}

/*
 * Regression: a "Sort: Featured" status label made every click on the page
 * (category tabs, bottom navigation) a sort claim; and a sort choice with no
 * visible key ("Featured") was judged.
 */
TEST(sort_status_label_claims_nothing)
{
	char *tabs = x_cat(x_node("android.widget.TextView", "t:id/tab_phones", "Phones", "c", "", 0, 200, 540, 300, NULL),
			   x_node("android.widget.TextView", "t:id/tab_books", "Books", "c", "", 540, 200, 1080, 300, NULL),
			   NULL);
	char *page = x_cat(x_node("android.widget.LinearLayout", "t:id/tabs", "", "", "", 0, 200, 1080, 300, tabs),
			   x_node(TEXT, "t:id/sort_status", "Sort: Featured", "", "", 0, 320, 1080, 400, NULL),
			   x_node(TEXT, "t:id/nav_home", "Home", "c", "", 0, 2200, 540, 2300, NULL),
			   x_node(TEXT, "t:id/nav_deals", "Deals", "c", "", 540, 2200, 1080, 2300, NULL),
			   NULL);
	char *opts = x_cat(x_node(TEXT, "t:id/sort_title", "Sort by", "", "", 100, 800, 980, 900, NULL),
			   x_node("android.widget.RadioButton", "t:id/sort_featured", "Featured", "kc", "", 100, 900, 980, 1000, NULL),
			   x_node("android.widget.RadioButton", "t:id/sort_price", "Price: low to high", "kc", "", 100, 1000, 980, 1100, NULL),
			   NULL);
	char *dialog = x_node("android.widget.FrameLayout", "t:id/sort_dialog", "", "", "", 100, 800, 980, 1100, opts);
	char *with_dialog = x_cat(strdup(page), dialog, NULL);
	struct ui_tree *t = x_tree(page), *td = x_tree(with_dialog);
	static const char *const taps[][3] = { { "Books", "810", "250" }, { "Deals", "810", "2250" },
					       { "Home", "270", "2250" } };
	struct oracle_sort_claim claim;
	struct action a;

	REQUIRE(t && td);
	action_init(&a);
	a.type = ACTION_CLICK;
	for (size_t i = 0; i < sizeof(taps) / sizeof(taps[0]); i++) {
		free(a.widget_text);
		a.widget_text = strdup(taps[i][0]);
		a.x = atoi(taps[i][1]);
		a.y = atoi(taps[i][2]);
		CHECK(!oracle_sort_claim(&a, t, &claim));
		CHECK(!oracle_sort_claim(&a, td, &claim));
	}
	/* The status label itself, clicked, opens the menu: no claim yet. */
	free(a.widget_text);
	a.widget_text = strdup("Sort: Featured");
	CHECK(!oracle_sort_claim(&a, t, &claim));
	/* In the dialog: "Featured" names no key; "Price: low to high" does. */
	free(a.widget_text);
	a.widget_text = strdup("Featured");
	a.x = 500;
	a.y = 950;
	CHECK(!oracle_sort_claim(&a, td, &claim));
	free(a.widget_text);
	a.widget_text = strdup("Price: low to high");
	a.y = 1050;
	REQUIRE(oracle_sort_claim(&a, td, &claim));
	CHECK_INT_EQ(claim.key, SORT_KEY_NUMBER);
	CHECK_INT_EQ(claim.dir, SORT_DIR_ASC);
	/* The same label tapped outside the dialog (no tap point inside it) claims nothing. */
	free(a.widget_text);
	a.widget_text = strdup("Books");
	a.y = 250;
	a.x = 810;
	CHECK(!oracle_sort_claim(&a, td, &claim));
	action_release(&a);
	free(tabs);
	free(opts);
	ui_tree_free(t);
	ui_tree_free(td);
}

/* A station page: a status text and the Play (or Pause) button in one place. */
static struct ui_tree *station_screen(const char *status, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/station", "Jazz FM", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/status", status, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.Button", strcmp(button, "Play") == 0 ? "t:id/play" : "t:id/pause",
				   button, "c", "", 0, 400, 540, 500, NULL),
			    NULL));
}

/* A recording page: a status, the activity, a take's name, and Pause (or Resume) in one place. */
static struct ui_tree *recording_screen(const char *status, const char *take, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/rec_status", status, "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/rec_type", "Activity: Running", "", "", 0, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/take", take, "", "", 0, 400, 1080, 500, NULL),
			    x_node("android.widget.Button", strcmp(button, "Pause") == 0 ? "t:id/pause" : "t:id/resume",
				   button, "c", "", 0, 600, 540, 700, NULL),
			    NULL));
}

/*
 * runtracker (held-out, session 35; GPSLogger #242): Pause turns into
 * Resume while the status still reads "● Recording". Pause may flip into
 * Resume as well as into Play; "Recording" is the state Resume leads to.
 * The fixed twin's status moves ("Paused: ..."); a take's name
 * ("Recording 4.m4a") and a labelled value ("Activity: Running", the
 * workout's type) are no status and convict nothing.
 */
TEST(pause_turns_into_resume_while_recording_goes_on)
{
	struct ui_tree *rec = recording_screen("\xe2\x97\x8f Recording", "Track 1", "Pause");
	struct ui_tree *stuck = recording_screen("\xe2\x97\x8f Recording", "Track 1", "Resume");
	struct ui_tree *paused = recording_screen("Paused: time and distance stopped", "Track 1", "Resume");
	struct ui_tree *take = recording_screen("", "Recording 4.m4a", "Pause");
	struct ui_tree *take_resume = recording_screen("", "Recording 4.m4a", "Resume");
	struct action a;
	struct oracle_finding f;

	REQUIRE(rec && stuck && paused && take && take_resume);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Pause");
	a.resource_id = strdup("t:id/pause");
	a.class_name = strdup("android.widget.Button");
	a.bounds = (struct ui_rect){ 0, 600, 540, 700 };
	oracle_finding_init(&f);
	REQUIRE(oracle_control_stuck(rec, "x/.Rec", stuck, "x/.Rec", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && strstr(f.title, "'Pause' turns into 'Resume' but '\xe2\x97\x8f Recording' does not change"));
	oracle_finding_release(&f);
	CHECK(!oracle_control_stuck(rec, "x/.Rec", paused, "x/.Rec", &a, &f));
	CHECK(!oracle_control_stuck(take, "x/.Rec", take_resume, "x/.Rec", &a, &f));
	action_release(&a);
	ui_tree_free(rec);
	ui_tree_free(stuck);
	ui_tree_free(paused);
	ui_tree_free(take);
	ui_tree_free(take_resume);
}

TEST(control_flips_label_but_not_status)
{
	struct ui_tree *stopped_play = station_screen("Stopped", "Play");
	struct ui_tree *stopped_pause = station_screen("Stopped", "Pause");
	struct ui_tree *playing_pause = station_screen("Playing", "Pause");
	struct ui_tree *stopped_play2 = station_screen("Stopped", "Play");
	struct action a;
	struct oracle_finding f;

	REQUIRE(stopped_play && stopped_pause && playing_pause && stopped_play2);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Play");
	a.resource_id = strdup("t:id/play");
	a.class_name = strdup("android.widget.Button");
	a.bounds = (struct ui_rect){ 0, 400, 540, 500 };
	oracle_finding_init(&f);
	/* Play became Pause; the status still reads Stopped. */
	REQUIRE(oracle_control_stuck(stopped_play, "x/.Main", stopped_pause, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(strcmp(f.oracle, "control") == 0);
	CHECK(f.title && strstr(f.title, "'Play' turns into 'Pause'") && strstr(f.title, "Stopped"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "status_unchanged"));
	oracle_finding_release(&f);
	/* Clean: the status followed the control. */
	CHECK(!oracle_control_stuck(stopped_play, "x/.Main", playing_pause, "x/.Main", &a, &f));
	/* Not flipped at all: the toggle oracle's business, not this one's. */
	CHECK(!oracle_control_stuck(stopped_play, "x/.Main", stopped_play2, "x/.Main", &a, &f));
	/* Another page after the tap is judged only by the media state it states:
	 * "Stopped" after Play convicts; "Playing" clears. */
	CHECK(oracle_control_stuck(stopped_play, "x/.Main", stopped_pause, "x/.Other", &a, &f));
	CHECK(f.title && strstr(f.title, "another page"));
	oracle_finding_release(&f);
	CHECK(!oracle_control_stuck(stopped_play, "x/.Main", playing_pause, "x/.Other", &a, &f));
	/* Pause with the status already Stopped: the press leads to what it shows. */
	free(a.widget_text);
	a.widget_text = strdup("Pause");
	free(a.resource_id);
	a.resource_id = strdup("t:id/pause");
	CHECK(!oracle_control_stuck(stopped_pause, "x/.Main", stopped_play, "x/.Main", &a, &f));
	/* Pause that leaves Playing: stuck. */
	{
		struct ui_tree *playing_play = station_screen("Playing", "Play");

		REQUIRE(playing_play);
		CHECK(oracle_control_stuck(playing_pause, "x/.Main", playing_play, "x/.Main", &a, &f));
		oracle_finding_release(&f);
		ui_tree_free(playing_play);
	}
	/* A label outside the pairs ("Save") is never a control claim. */
	free(a.widget_text);
	a.widget_text = strdup("Save");
	CHECK(!oracle_control_stuck(stopped_play, "x/.Main", stopped_pause, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(stopped_play);
	ui_tree_free(stopped_pause);
	ui_tree_free(playing_pause);
	ui_tree_free(stopped_play2);
}

/* A player page titled "Now playing" whose status line reads `status`. */
static struct ui_tree *now_playing_screen(const char *status, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/page_title", "Now playing", "", "", 0, 100, 1080, 200, NULL),
			    x_node(TEXT, "t:id/status", status, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.Button", "t:id/play_pause", button, "c", "", 0, 400, 540, 500, NULL),
			    NULL));
}

TEST(control_judged_past_a_title_naming_the_state)
{
	struct ui_tree *paused_play = now_playing_screen("Paused", "Play");
	struct ui_tree *paused_pause = now_playing_screen("Paused", "Pause");
	struct ui_tree *playing_pause = now_playing_screen("Playing", "Pause");
	struct action a;
	struct oracle_finding f;

	REQUIRE(paused_play && paused_pause && playing_pause);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Play");
	a.resource_id = strdup("t:id/play_pause");
	a.class_name = strdup("android.widget.Button");
	a.bounds = (struct ui_rect){ 0, 400, 540, 500 };
	oracle_finding_init(&f);
	/* "Now playing" names the state Play leads to; "Paused" still convicts the control. */
	REQUIRE(oracle_control_stuck(paused_play, "x/.Player", paused_pause, "x/.Player", &a, &f));
	CHECK(f.title && strstr(f.title, "'Paused'"));
	oracle_finding_release(&f);
	CHECK(!oracle_control_stuck(paused_play, "x/.Player", playing_pause, "x/.Player", &a, &f));
	/* Pause where the status already reads Paused: the screen agrees with the press. */
	free(a.widget_text);
	a.widget_text = strdup("Pause");
	CHECK(!oracle_control_stuck(paused_pause, "x/.Player", paused_play, "x/.Player", &a, &f));
	/* "Pause <episode>" in a list that opens this page while it still plays. */
	free(a.widget_text);
	a.widget_text = strdup("Pause Deep sea vents");
	a.bounds = (struct ui_rect){ 0, 300, 1080, 400 };
	{
		struct ui_tree *queue = x_tree(x_node("android.widget.ImageButton", "t:id/queue_pause",
						      "Pause Deep sea vents", "c", "", 0, 300, 1080, 400, NULL));

		REQUIRE(queue);
		CHECK(oracle_control_stuck(queue, "x/.Main", playing_pause, "x/.Player", &a, &f));
		CHECK(f.title && strstr(f.title, "'Pause Deep sea vents'") && strstr(f.title, "'Playing'"));
		oracle_finding_release(&f);
		CHECK(!oracle_control_stuck(queue, "x/.Main", paused_play, "x/.Player", &a, &f));
		ui_tree_free(queue);
	}
	action_release(&a);
	ui_tree_free(paused_play);
	ui_tree_free(paused_pause);
	ui_tree_free(playing_pause);
}

/* A player: a status line, Rewind, the Play (or Pause) button and Next chapter. */
static struct ui_tree *seek_screen(const char *status, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/state", status, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.ImageButton", "t:id/rewind", "Rewind 20 seconds", "c", "", 0, 400,
				   300, 500, NULL),
			    x_node("android.widget.ImageButton", "t:id/play_pause", button, "c", "", 300, 400, 600,
				   500, NULL),
			    x_node("android.widget.ImageButton", "t:id/next", "Next chapter", "c", "", 600, 400, 900,
				   500, NULL),
			    NULL));
}

TEST(control_seek_that_starts_playback)
{
	struct ui_tree *paused = seek_screen("Paused", "Play");
	struct ui_tree *playing = seek_screen("Playing", "Pause");
	struct ui_tree *paused2 = seek_screen("Paused", "Play");
	struct action a;
	struct oracle_finding f;

	REQUIRE(paused && playing && paused2);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Rewind 20 seconds");
	a.resource_id = strdup("t:id/rewind");
	a.class_name = strdup("android.widget.ImageButton");
	a.bounds = (struct ui_rect){ 0, 400, 300, 500 };
	oracle_finding_init(&f);
	/* Rewind while paused starts playback. */
	REQUIRE(oracle_control_stuck(paused, "x/.Main", playing, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && strstr(f.title, "'Rewind 20 seconds' turns 'Paused' into 'Playing'"));
	oracle_finding_release(&f);
	/* Clean: still paused; and a seek while playing that pauses is not judged
	 * (the end of a book may rightly stop it). */
	CHECK(!oracle_control_stuck(paused, "x/.Main", paused2, "x/.Main", &a, &f));
	CHECK(!oracle_control_stuck(playing, "x/.Main", paused, "x/.Main", &a, &f));
	/* Another page after the seek: not this rule's business. */
	CHECK(!oracle_control_stuck(paused, "x/.Main", playing, "x/.Other", &a, &f));
	/* A control that is no seek ("Next chapter") may start playback. */
	free(a.widget_text);
	a.widget_text = strdup("Next chapter");
	free(a.resource_id);
	a.resource_id = strdup("t:id/next");
	a.bounds = (struct ui_rect){ 600, 400, 900, 500 };
	CHECK(!oracle_control_stuck(paused, "x/.Main", playing, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(paused);
	ui_tree_free(playing);
	ui_tree_free(paused2);
}

/* A book's page: its title in a toolbar, its speed stated, and Play. */
static struct ui_tree *book_page(const char *speed)
{
	char line[64];

	char *title = x_node(TEXT, "", "Moby-Dick", "", "", 40, 20, 800, 130, NULL);
	char *bar = x_node("androidx.appcompat.widget.Toolbar", "t:id/toolbar", "", "", "", 0, 0, 1080, 150, title);

	free(title);
	snprintf(line, sizeof(line), "Playback speed: %s", speed);
	return x_tree(x_cat(bar,
			    x_node(TEXT, "t:id/speed", line, "", "", 0, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/progress", "Progress: 40%", "", "", 0, 400, 1080, 500, NULL),
			    x_node("android.widget.Button", "t:id/play_book", "Play", "c", "", 0, 500, 540, 600, NULL),
			    NULL));
}

/* The player of book `title`: its speed on a button, its progress a plain text. */
static struct ui_tree *player_page(const char *title, const char *speed, const char *progress)
{
	char line[64], prog[64];

	char *name = x_node(TEXT, "", "Now playing", "", "", 40, 20, 800, 130, NULL);
	char *bar = x_node("androidx.appcompat.widget.Toolbar", "t:id/toolbar", "", "", "", 0, 0, 1080, 150, name);

	free(name);
	snprintf(line, sizeof(line), "Speed %s", speed);
	snprintf(prog, sizeof(prog), "Progress %s", progress);
	return x_tree(x_cat(bar,
			    x_node(TEXT, "t:id/p_title", title, "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/p_state", "Playing", "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.Button", "t:id/speed_btn", line, "c", "", 0, 500, 540, 600, NULL),
			    x_node(TEXT, "t:id/prog", prog, "", "", 540, 500, 1080, 600, NULL),
			    NULL));
}

TEST(control_setting_differs_on_the_page_a_tap_opens)
{
	struct ui_tree *book = book_page("2.0x");
	struct ui_tree *forgot = player_page("Moby-Dick", "1.0x", "40%");
	struct ui_tree *kept = player_page("Moby-Dick", "2.0x", "41%");
	struct ui_tree *other = player_page("Emma", "1.0x", "40%");
	struct action a;
	struct oracle_finding f;

	REQUIRE(book && forgot && kept && other);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Play");
	a.resource_id = strdup("t:id/play_book");
	a.class_name = strdup("android.widget.Button");
	a.bounds = (struct ui_rect){ 0, 500, 540, 600 };
	oracle_finding_init(&f);
	/* The book's page says 2.0x; the player it opens for that book says 1.0x. */
	REQUIRE(oracle_control_stuck(book, "x/.Main", forgot, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
	CHECK(f.title && strstr(f.title, "'Speed 1.0x'") && strstr(f.title, "'Playback speed: 2.0x'"));
	oracle_finding_release(&f);
	/* Clean: the speed carried over; the progress moved, but it is a plain
	 * text there, no control: it moves on its own. */
	CHECK(!oracle_control_stuck(book, "x/.Main", kept, "x/.Main", &a, &f));
	/* Another book's player: its speed is its own. */
	CHECK(!oracle_control_stuck(book, "x/.Main", other, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(book);
	ui_tree_free(forgot);
	ui_tree_free(kept);
	ui_tree_free(other);
}

/* A recorder's player: the recording playing, its status and the Pause (or Play) button. */
static struct ui_tree *recorder_player(const char *status, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/now_title", "Lecture 3", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/now_state", status, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.ImageButton", strcmp(button, "Play") == 0 ? "t:id/play" : "t:id/pause",
				   button, "c", "", 400, 400, 600, 500, NULL),
			    NULL));
}

TEST(first_press_ignored_then_second_works)
{
	struct ui_tree *playing = recorder_player("Playing", "Pause");
	struct ui_tree *playing2 = recorder_player("Playing", "Pause");
	struct ui_tree *paused = recorder_player("Paused", "Play");
	struct ui_tree *stopped = recorder_player("Stopped", "Play");
	struct action a;
	struct oracle_finding f;

	REQUIRE(playing && playing2 && paused && stopped);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Pause");
	a.resource_id = strdup("t:id/pause");
	a.class_name = strdup("android.widget.ImageButton");
	a.bounds = (struct ui_rect){ 400, 400, 600, 500 };
	a.x = 500;
	a.y = 450;
	oracle_finding_init(&f);
	/* Pause beside "Playing" changed nothing: the precondition of the second press. */
	CHECK(oracle_press_ignored(playing, "x/.Main", playing2, "x/.Main", &a));
	/* It paused: nothing to repeat. */
	CHECK(!oracle_press_ignored(playing, "x/.Main", paused, "x/.Main", &a));
	/* Another page, or a press with nothing to change ("Paused" already), is not judged. */
	CHECK(!oracle_press_ignored(playing, "x/.Main", playing2, "x/.Other", &a));
	/* The second press paused it: the first was ignored. */
	REQUIRE(oracle_first_press_ignored(playing, "x/.Main", playing2, "x/.Main", paused, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(strcmp(f.oracle, "first_press") == 0);
	CHECK(f.title && strstr(f.title, "'Pause'") && strstr(f.title, "'Playing'"));
	oracle_finding_release(&f);
	/* The second press did nothing either: a control that never answers is not this check's. */
	CHECK(!oracle_first_press_ignored(playing, "x/.Main", playing2, "x/.Main", playing2, "x/.Main", &a, &f));
	/* ... but a Pause beside "Playing" that never answers is ignored outright. */
	REQUIRE(oracle_press_never_answers(playing, "x/.Main", playing2, "x/.Main", playing2, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && strstr(f.title, "'Pause' changes nothing") && strstr(f.title, "'Playing'"));
	oracle_finding_release(&f);
	/* The second press paused it: that is the first-press check's, not this one's. */
	CHECK(!oracle_press_never_answers(playing, "x/.Main", playing2, "x/.Main", paused, "x/.Main", &a, &f));
	/* A Play beside "Stopped" that never answers may have nothing to play. */
	{
		struct ui_tree *idle = recorder_player("Stopped", "Play"), *idle2 = recorder_player("Stopped", "Play");
		struct action play;

		REQUIRE(idle && idle2);
		action_copy(&play, &a);
		free(play.widget_text);
		free(play.resource_id);
		play.widget_text = strdup("Play");
		play.resource_id = strdup("t:id/play");
		CHECK(oracle_press_ignored(idle, "x/.Main", idle2, "x/.Main", &play));
		CHECK(!oracle_press_never_answers(idle, "x/.Main", idle2, "x/.Main", idle2, "x/.Main", &play, &f));
		action_release(&play);
		ui_tree_free(idle);
		ui_tree_free(idle2);
	}
	/* The first press worked: nothing to judge, whatever the second did. */
	CHECK(!oracle_first_press_ignored(playing, "x/.Main", paused, "x/.Main", stopped, "x/.Main", &a, &f));
	/* A status that names no state the press changes ("Buffering"): not judged. */
	{
		struct ui_tree *buffering = recorder_player("Buffering", "Pause");

		REQUIRE(buffering);
		CHECK(!oracle_press_ignored(buffering, "x/.Main", buffering, "x/.Main", &a));
		ui_tree_free(buffering);
	}
	action_release(&a);
	ui_tree_free(playing);
	ui_tree_free(playing2);
	ui_tree_free(paused);
	ui_tree_free(stopped);
}

/* A review card with its audio row: Play audio and the audio status. */
static struct ui_tree *card_audio(const char *status)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/front", "la biblioteca", "", "", 0, 200, 1080, 300, NULL),
			    x_node("android.widget.ImageButton", "t:id/play_audio", "Play audio", "c", "", 0, 300, 200,
				   400, NULL),
			    x_node(TEXT, "t:id/audio_text", status, "", "", 200, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/back", "the library", "", "", 0, 400, 1080, 500, NULL), NULL));
}

TEST(control_play_ignored_beside_not_playing)
{
	struct ui_tree *silent = card_audio("Audio: Not playing");
	struct ui_tree *silent2 = card_audio("Audio: Not playing");
	struct ui_tree *plays = card_audio("Audio: Playing biblioteca.mp3");
	struct action a;
	struct oracle_finding f;

	REQUIRE(silent && silent2 && plays);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Play audio");
	a.resource_id = strdup("t:id/play_audio");
	a.class_name = strdup("android.widget.ImageButton");
	a.bounds = (struct ui_rect){ 0, 300, 200, 400 };
	a.x = 100;
	a.y = 350;
	oracle_finding_init(&f);
	/* Play audio beside "Audio: Not playing" changed nothing. */
	REQUIRE(oracle_control_stuck(silent, "x/.Main", silent2, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && strstr(f.title, "'Play audio' changes nothing") && strstr(f.title, "Not playing"));
	oracle_finding_release(&f);
	/* Clean: it plays. Already playing: the press has nothing to change. */
	CHECK(!oracle_control_stuck(silent, "x/.Main", plays, "x/.Main", &a, &f));
	CHECK(!oracle_control_stuck(plays, "x/.Main", plays, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(silent);
	ui_tree_free(silent2);
	ui_tree_free(plays);
}

/* A video page: its status line, the sound status and the sound button `button` (Mute or Unmute). */
static struct ui_tree *video_sound(const char *sound, const char *button)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/video_state", "Paused", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/video_sound", sound, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.ImageButton", "t:id/sound_btn", button, "c", "", 0, 500, 200, 600,
				   NULL),
			    NULL));
}

/* gallery (Aves #846): Unmute beside "Sound muted" that changes nothing; Mute beside "Sound on" likewise. */
TEST(control_sound_button_ignored_beside_its_status)
{
	struct ui_tree *muted = video_sound("Sound muted", "Unmute"), *muted2 = video_sound("Sound muted", "Unmute");
	struct ui_tree *on = video_sound("Sound on", "Mute"), *on2 = video_sound("Sound on", "Mute");
	struct ui_tree *unmuted = video_sound("Unmuted by default later", "Unmute");
	struct action a;
	struct oracle_finding f;

	REQUIRE(muted && muted2 && on && on2 && unmuted);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Unmute");
	a.resource_id = strdup("t:id/sound_btn");
	a.class_name = strdup("android.widget.ImageButton");
	a.bounds = (struct ui_rect){ 0, 500, 200, 600 };
	a.x = 100;
	a.y = 550;
	oracle_finding_init(&f);
	REQUIRE(oracle_control_stuck(muted, "x/.Video", muted2, "x/.Video", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && !strcmp(f.title, "'Unmute' changes nothing: 'Sound muted' stays"));
	CHECK(f.diff && cJSON_IsString(cJSON_GetObjectItem(f.diff, "check")) &&
	      !strcmp(cJSON_GetObjectItem(f.diff, "check")->valuestring, "sound_ignored"));
	oracle_finding_release(&f);
	/* Clean: the sound came on (and the button became Mute). */
	CHECK(!oracle_control_stuck(muted, "x/.Video", on, "x/.Video", &a, &f));
	/* A status that is no "muted" of two words: not judged. */
	CHECK(!oracle_control_stuck(unmuted, "x/.Video", unmuted, "x/.Video", &a, &f));
	free(a.widget_text);
	a.widget_text = strdup("Mute");
	REQUIRE(oracle_control_stuck(on, "x/.Video", on2, "x/.Video", &a, &f));
	CHECK(f.title && strstr(f.title, "'Sound on' stays"));
	oracle_finding_release(&f);
	/* Mute beside "Sound muted" has nothing to end. */
	{
		struct ui_tree *odd = video_sound("Sound muted", "Mute");

		REQUIRE(odd);
		CHECK(!oracle_control_stuck(odd, "x/.Video", odd, "x/.Video", &a, &f));
		ui_tree_free(odd);
	}
	action_release(&a);
	ui_tree_free(muted);
	ui_tree_free(muted2);
	ui_tree_free(on);
	ui_tree_free(on2);
	ui_tree_free(unmuted);
}

/* A book's page with a list of chapter rows "N. Title" and their lengths. */
static struct ui_tree *chapter_list(void)
{
	static const char *const titles[] = { "1. A Scandal in Bohemia", "2. The Red-Headed League",
					      "3. A Case of Identity", NULL };
	char *rows = calloc(1, 1);
	int y = 400;

	for (size_t i = 0; titles[i]; i++, y += 150) {
		char *kids = x_cat(x_node(TEXT, "t:id/ch_title", titles[i], "", "", 0, y, 800, y + 100, NULL),
				   x_node(TEXT, "t:id/ch_length", "21:40", "", "", 800, y, 1080, y + 100, NULL), NULL);

		rows = x_cat(rows, x_node(ROW, "t:id/chapter_row", "", "c", "", 0, y, 1080, y + 140, kids), NULL);
		free(kids);
	}
	{
		char *list = x_node(RV, "t:id/chapter_list", "", "s", "", 0, 400, 1080, 2000, rows);

		free(rows);
		return x_tree(x_cat(x_node(TEXT, "t:id/b_author", "by Arthur Conan Doyle", "", "", 0, 200, 1080, 300, NULL),
				    list, NULL));
	}
}

/* The player on chapter `chapter` in state `status`. */
static struct ui_tree *chapter_player(const char *chapter, const char *status)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/p_title", "The Adventures of Sherlock Holmes", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/p_chapter", chapter, "", "", 0, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/p_state", status, "", "", 0, 400, 1080, 500, NULL),
			    x_node("android.widget.ImageButton", "t:id/pause", "Pause", "c", "", 400, 500, 600, 600,
				   NULL),
			    NULL));
}

/* A tap on the second chapter row of chapter_list(). */
static void chapter_row_click(struct action *a)
{
	action_init(a);
	a->type = ACTION_CLICK;
	a->resource_id = strdup("t:id/chapter_row");
	a->class_name = strdup(ROW);
	a->bounds = (struct ui_rect){ 0, 550, 1080, 690 };
	a->x = 540;
	a->y = 620;
}

TEST(control_chosen_row_not_played)
{
	struct ui_tree *book = chapter_list();
	struct ui_tree *stuck = chapter_player("Chapter 1 of 3: A Scandal in Bohemia", "Playing");
	struct ui_tree *right = chapter_player("Chapter 2 of 3: The Red-Headed League", "Playing");
	struct ui_tree *paused = chapter_player("Chapter 1 of 3: A Scandal in Bohemia", "Paused");
	struct ui_tree *cut = chapter_player("Chapter 1 of 3: A Scandal in Bohemia - The Red-Hea...", "Playing");
	struct action a;
	struct oracle_finding f;

	REQUIRE(book && stuck && right && paused && cut);
	chapter_row_click(&a);
	oracle_finding_init(&f);
	/* Chapter 2 tapped; the player plays chapter 1, another row of the list. */
	REQUIRE(oracle_control_stuck(book, "x/.Main", stuck, "x/.Main", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_MEDIA_CONTROL);
	CHECK(f.title && strstr(f.title, "'2. The Red-Headed League'") && strstr(f.title, "A Scandal in Bohemia"));
	oracle_finding_release(&f);
	/* Clean: the player names the row tapped. */
	CHECK(!oracle_control_stuck(book, "x/.Main", right, "x/.Main", &a, &f));
	/* Not a player that plays ("Paused"), or a title cut short: not judged. */
	CHECK(!oracle_control_stuck(book, "x/.Main", paused, "x/.Main", &a, &f));
	CHECK(!oracle_control_stuck(book, "x/.Main", cut, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(book);
	ui_tree_free(stuck);
	ui_tree_free(right);
	ui_tree_free(paused);
	ui_tree_free(cut);
}

/* The book's chapter list with a player bar below it naming `bar` in state `state` (no bar when NULL). */
static struct ui_tree *chapter_list_with_bar(const char *bar, const char *state)
{
	static const char *const titles[] = { "1. A Scandal in Bohemia", "2. The Red-Headed League",
					      "3. A Case of Identity", NULL };
	char *rows = calloc(1, 1), *xml;
	int y = 400;

	for (size_t i = 0; titles[i]; i++, y += 150) {
		char *kids = x_node(TEXT, "t:id/ch_title", titles[i], "", "", 0, y, 800, y + 100, NULL);

		rows = x_cat(rows, x_node(ROW, "t:id/chapter_row", "", "c", "", 0, y, 1080, y + 140, kids), NULL);
		free(kids);
	}
	xml = x_cat(x_node(TEXT, "t:id/b_author", "by Arthur Conan Doyle", "", "", 0, 200, 1080, 300, NULL),
		    x_node(RV, "t:id/chapter_list", "", "s", "", 0, 400, 1080, 1600, rows),
		    bar ? x_node(TEXT, "t:id/bar_name", bar, "", "", 0, 1700, 1080, 1800, NULL) : calloc(1, 1),
		    bar ? x_node(TEXT, "t:id/bar_state", state, "", "", 0, 1800, 1080, 1900, NULL) : calloc(1, 1), NULL);
	free(rows);
	return x_tree(xml);
}

/*
 * radio held-out app: the second favourite tapped, and the player bar that
 * appears below the list on the same page plays the first.
 */
TEST(control_chosen_row_not_played_in_a_bar)
{
	struct ui_tree *none = chapter_list_with_bar(NULL, NULL);
	struct ui_tree *wrong = chapter_list_with_bar("1. A Scandal in Bohemia", "Playing \u00b7 21:40 left");
	struct ui_tree *right = chapter_list_with_bar("2. The Red-Headed League", "Playing \u00b7 21:40 left");
	struct ui_tree *paused = chapter_list_with_bar("1. A Scandal in Bohemia", "Paused");
	struct action a;
	struct oracle_finding f;

	REQUIRE(none && wrong && right && paused);
	chapter_row_click(&a);
	oracle_finding_init(&f);
	REQUIRE(oracle_control_stuck(none, "x/.Main", wrong, "x/.Main", &a, &f));
	CHECK(f.title && strstr(f.title, "'2. The Red-Headed League' plays '1. A Scandal in Bohemia'"));
	oracle_finding_release(&f);
	/* The bar names the row tapped; a bar that does not say it plays. */
	CHECK(!oracle_control_stuck(none, "x/.Main", right, "x/.Main", &a, &f));
	CHECK(!oracle_control_stuck(none, "x/.Main", paused, "x/.Main", &a, &f));
	/* The same bar before and after the tap: about an earlier choice, not judged. */
	CHECK(!oracle_control_stuck(wrong, "x/.Main", wrong, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(none);
	ui_tree_free(wrong);
	ui_tree_free(right);
	ui_tree_free(paused);
}

/* A post's page: who boosted it, its counts, and the Boost control reading `control`. */
static struct ui_tree *post_page(const char *boosts, const char *control)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/st_boosted", "\u21bb Eliza Okafor boosted", "", "", 0, 200, 1080, 280, NULL),
			    x_node(TEXT, "t:id/st_name", "Sam Rivera", "", "", 0, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/st_text", "Severance season 2 finale tonight", "", "", 0, 400, 1080, 600, NULL),
			    x_node(TEXT, "t:id/st_boosts", boosts, "", "", 0, 600, 540, 700, NULL),
			    x_node(TEXT, "t:id/st_favs", "4 favourites", "", "", 540, 600, 1080, 700, NULL),
			    x_node("android.widget.Button", "t:id/boost_btn", control, "c", "", 0, 700, 540, 800, NULL),
			    x_node("android.widget.Button", "t:id/fav_btn", "Favourite", "c", "", 540, 700, 1080, 800, NULL),
			    NULL));
}

/* social held-out app: Boost turns into Unboost and the post's boost count stays. */
TEST(control_boost_that_leaves_the_count)
{
	struct ui_tree *before = post_page("1 boosts", "Boost"), *stuck = post_page("1 boosts", "Unboost");
	struct ui_tree *moved = post_page("2 boosts", "Unboost");
	struct action a;
	struct oracle_finding f;

	REQUIRE(before && stuck && moved);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.resource_id = strdup("t:id/boost_btn");
	a.widget_text = strdup("Boost");
	a.bounds = (struct ui_rect){ 0, 700, 540, 800 };
	a.x = 270;
	a.y = 750;
	oracle_finding_init(&f);
	REQUIRE(oracle_control_stuck(before, "x/.Main", stuck, "x/.Main", &a, &f));
	/* The count is written N in the title: one report for the bug, whatever the count. */
	CHECK(f.title && strstr(f.title, "'Boost' turns into 'Unboost' but 'N boosts' does not change"));
	CHECK(f.actual && strstr(f.actual, "'1 boosts'"));
	oracle_finding_release(&f);
	/* The count moved with the control; the "boosted" line is about someone else and neither clears nor convicts. */
	CHECK(!oracle_control_stuck(before, "x/.Main", moved, "x/.Main", &a, &f));
	action_release(&a);
	ui_tree_free(before);
	ui_tree_free(stuck);
	ui_tree_free(moved);
}

/* A video's page: its title, a status, Play. */
static struct ui_tree *video_page(const char *status)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/v_title", "Sourdough starter in 5 days", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/v_status", status, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.Button", "t:id/play_btn", "Play", "c", "", 0, 400, 1080, 500, NULL),
			    NULL));
}

/* The Trending list with a mini player row: the item's title and channel, and a toggle labelled `toggle`. */
static struct ui_tree *trending_with_bar(const char *title, const char *toggle)
{
	char *bar_title = x_node(TEXT, "t:id/mini_title", title, "c", "", 0, 1700, 800, 1800, NULL);
	char *bar_toggle = x_node("android.widget.ImageButton", "t:id/mini_toggle", toggle, "c", "", 800, 1700, 1080,
				  1800, NULL);
	char *bar = x_node1("android.widget.LinearLayout", "t:id/mini_player", "", "", 0, 1700, 1080, 1800,
			    x_cat(bar_title, bar_toggle, NULL));

	return x_tree(x_cat(x_node(TEXT, "t:id/tab_title", "Trending", "", "", 0, 100, 1080, 200, NULL),
			    x_node(TEXT, "t:id/trend_note", "What people watch in Germany", "", "", 0, 200, 1080, 300,
				   NULL),
			    bar, NULL));
}

/* tube held-out app (LibreTube #2144): a paused video left with Back shows Pause in the mini player. */
TEST(control_bar_offers_pause_after_leaving_a_paused_page)
{
	struct ui_tree *paused = video_page("Paused \u00b7 6:18 \u00b7 720p"), *playing = video_page("Playing");
	struct ui_tree *wrong = trending_with_bar("Sourdough starter in 5 days&#10;Kitchen Atlas", "Pause");
	struct ui_tree *right = trending_with_bar("Sourdough starter in 5 days&#10;Kitchen Atlas", "Play");
	struct ui_tree *other = trending_with_bar("Tubeless tyres explained&#10;Bike Basics", "Pause");
	struct action back;
	struct oracle_finding f;

	REQUIRE(paused && playing && wrong && right && other);
	action_init(&back);
	back.type = ACTION_BACK;
	oracle_finding_init(&f);
	REQUIRE(oracle_control_stuck(paused, "x/.Main", wrong, "x/.Main", &back, &f));
	CHECK(f.title && strstr(f.title, "offers 'Pause' for 'Sourdough starter in 5 days'"));
	oracle_finding_release(&f);
	/* The bar offers Play; the page left was playing; the bar holds another item. */
	CHECK(!oracle_control_stuck(paused, "x/.Main", right, "x/.Main", &back, &f));
	CHECK(!oracle_control_stuck(playing, "x/.Main", wrong, "x/.Main", &back, &f));
	CHECK(!oracle_control_stuck(paused, "x/.Main", other, "x/.Main", &back, &f));
	action_release(&back);
	ui_tree_free(paused);
	ui_tree_free(playing);
	ui_tree_free(wrong);
	ui_tree_free(right);
	ui_tree_free(other);
}

/* A channel's page: its subscriber count and a Subscribe control reading `control`. */
static struct ui_tree *channel_page(const char *count, const char *control)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/ch_name", "Maker Bench", "", "", 0, 200, 1080, 300, NULL),
			    x_node(TEXT, "t:id/ch_subs", count, "", "", 0, 300, 1080, 400, NULL),
			    x_node("android.widget.Button", "t:id/sub_btn", control, "c", "", 0, 400, 1080, 500, NULL),
			    NULL));
}

/* tube held-out app (NewPipe): a local subscription leaves the channel's rounded count as it is. */
TEST(control_subscribe_beside_a_rounded_count_is_not_stuck)
{
	struct ui_tree *before = channel_page("412K subscribers", "Subscribe");
	struct ui_tree *after = channel_page("412K subscribers", "Unsubscribe");
	struct ui_tree *before_m = channel_page("1.2M subscribers", "Subscribe");
	struct ui_tree *after_m = channel_page("1.2M subscribers", "Unsubscribe");
	struct ui_tree *exact = channel_page("41 subscribers", "Subscribe");
	struct ui_tree *exact_after = channel_page("41 subscribers", "Unsubscribe");
	struct action a;
	struct oracle_finding f;

	REQUIRE(before && after && before_m && after_m && exact && exact_after);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.resource_id = strdup("t:id/sub_btn");
	a.widget_text = strdup("Subscribe");
	a.bounds = (struct ui_rect){ 0, 400, 1080, 500 };
	a.x = 540;
	a.y = 450;
	oracle_finding_init(&f);
	CHECK(!oracle_control_stuck(before, "x/.Channel", after, "x/.Channel", &a, &f));
	CHECK(!oracle_control_stuck(before_m, "x/.Channel", after_m, "x/.Channel", &a, &f));
	/* An exact count is still expected to move with the press. */
	CHECK(oracle_control_stuck(exact, "x/.Channel", exact_after, "x/.Channel", &a, &f));
	oracle_finding_release(&f);
	action_release(&a);
	ui_tree_free(before);
	ui_tree_free(after);
	ui_tree_free(before_m);
	ui_tree_free(after_m);
	ui_tree_free(exact);
	ui_tree_free(exact_after);
}

/* A forecast page: a current temperature, a range, and optionally a field. */
static struct ui_tree *forecast(const char *now, const char *range, bool field)
{
	return x_tree(x_cat(x_node(TEXT, "t:id/city", "Lisbon", "", "", 0, 100, 1080, 200, NULL),
			    x_node(TEXT, "t:id/now", now, "", "", 0, 300, 1080, 400, NULL),
			    x_node(TEXT, "t:id/range", range, "", "", 0, 400, 1080, 500, NULL),
			    field ? x_node(EDIT, "t:id/value", "18", "cf", "", 0, 600, 1080, 700, NULL) : calloc(1, 1),
			    NULL));
}

TEST(units_mixed_on_one_page)
{
	struct ui_tree *mixed = forecast("Now: 18 \u00b0C", "High 70 \u00b0F / Low 54 \u00b0F", false);
	struct ui_tree *same = forecast("Now: 64 \u00b0F", "High 70 \u00b0F / Low 54 \u00b0F", false);
	struct ui_tree *dual = forecast("Now: 18 \u00b0C (64 \u00b0F)", "High 21 \u00b0C", false);
	struct ui_tree *converter = forecast("18 \u00b0C", "64.4 \u00b0F", true);
	struct ui_tree *speed = forecast("Wind 12 km/h", "Gusts 20 mph", false);
	struct ui_tree *words = forecast("Walk 5 min to the 2 miles trail", "Route 3 km", false);
	struct oracle_finding f;

	REQUIRE(mixed && same && dual && converter && speed && words);
	oracle_finding_init(&f);
	CHECK(oracle_units_mixed(NULL, NULL, mixed, "x/.Forecast", NULL, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
	CHECK(f.oracle && !strcmp(f.oracle, "units"));
	CHECK(f.title && strstr(f.title, "temperature") && strstr(f.title, "Now: 18"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
	oracle_finding_release(&f);
	CHECK(oracle_units_mixed(NULL, NULL, speed, "x/.Forecast", NULL, &f));
	CHECK(f.title && strstr(f.title, "speed"));
	oracle_finding_release(&f);
	/* "2 miles" and "3 km" on one page are mixed too; "5 min" is no distance. */
	CHECK(oracle_units_mixed(NULL, NULL, words, "x/.Forecast", NULL, &f));
	CHECK(f.title && strstr(f.title, "distance"));
	oracle_finding_release(&f);
	/* Clean: one system; both in one text on purpose; a converter (a field on the page). */
	CHECK(!oracle_units_mixed(NULL, NULL, same, "x/.Forecast", NULL, &f));
	CHECK(!oracle_units_mixed(NULL, NULL, dual, "x/.Forecast", NULL, &f));
	CHECK(!oracle_units_mixed(NULL, NULL, converter, "x/.Forecast", NULL, &f));
	ui_tree_free(mixed);
	ui_tree_free(same);
	ui_tree_free(dual);
	ui_tree_free(converter);
	ui_tree_free(speed);
	ui_tree_free(words);
}

/* A cart: rows "name | $price" and a total label under the list. */
static struct ui_tree *cart_screen(const char *const *names, const char *const *prices, const char *total)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (size_t i = 0; names[i]; i++, y += 150) {
		char *kids = x_cat(x_node(TEXT, "t:id/item", names[i], "", "", 0, y, 700, y + 100, NULL),
				   x_node(TEXT, "t:id/price", prices[i], "", "", 700, y, 1080, y + 100, NULL), NULL);
		rows = x_cat(rows, x_node(ROW, "t:id/row", "", "c", "", 0, y, 1080, y + 140, kids), NULL);
		free(kids);
	}
	{
		char *list = x_node(RV, "t:id/cart", "", "", "", 0, 300, 1080, 1500, rows);

		free(rows);
		return x_tree(x_cat(list, x_node(TEXT, "t:id/total", total, "", "", 0, 1600, 1080, 1700, NULL), NULL));
	}
}

TEST(total_disagrees_with_rows)
{
	static const char *const names[] = { "Mug", "Tea", "Spoon", NULL };
	static const char *const prices[] = { "$4.50", "$2.25", "$1,000.00", NULL };
	static const char *const two_names[] = { "Mug", "Tea", NULL };
	static const char *const two_prices[] = { "$4.50", "$2.25", NULL };
	struct ui_tree *right = cart_screen(names, prices, "Total: $1,006.75");
	struct ui_tree *wrong = cart_screen(names, prices, "Total: $1,002.25");
	struct ui_tree *two_right = cart_screen(two_names, two_prices, "Total: $6.75");
	struct ui_tree *two_stale = cart_screen(two_names, two_prices, "Total: $1,006.75");
	struct action a;
	struct oracle_finding f;

	REQUIRE(right && wrong && two_right && two_stale);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Remove Spoon");
	oracle_finding_init(&f);
	CHECK(!oracle_total_wrong(NULL, NULL, right, "x/.Cart", &a, &f));
	{
		/* An amount no double adds up to the cent (a probe typed 40 digits) is not read. */
		struct ui_tree *huge = cart_screen(names, prices, "Total: $1234567890123456789012345678901234567890.00");

		REQUIRE(huge);
		CHECK(!oracle_total_wrong(NULL, NULL, huge, "x/.Cart", &a, &f));
		ui_tree_free(huge);
	}
	REQUIRE(oracle_total_wrong(NULL, NULL, wrong, "x/.Cart", &a, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
	CHECK(strcmp(f.oracle, "total") == 0);
	CHECK(f.expected && strstr(f.expected, "1006.75"));
	/* The title names the total, not its amount: one report however often it is seen. */
	CHECK_STR_EQ(f.title, "'Total' does not equal the sum of the rows shown");
	oracle_finding_release(&f);
	/* Deleting Spoon moved the total by its amount: clean. */
	CHECK(!oracle_total_wrong(right, "x/.Cart", two_right, "x/.Cart", &a, &f));
	/* The total stayed after the delete. */
	REQUIRE(oracle_total_wrong(right, "x/.Cart", two_stale, "x/.Cart", &a, &f));
	CHECK(f.title && strstr(f.title, "deleted"));
	oracle_finding_release(&f);
	action_release(&a);
	ui_tree_free(right);
	ui_tree_free(wrong);
	ui_tree_free(two_right);
	ui_tree_free(two_stale);
}

/* Totals in a unit: laps in seconds, a run in km; units must agree, and counts or times are not sums. */
/*
 * timesheet held-out app (a report on 3 of 5 seeds and the fixed twin):
 * rows "0 h 10 min \u00b7 \u20ac7.50" hold a duration and the money it
 * earned. The row's amount is the number at the currency sign, not its
 * first number (which summed the hours, 0 + 2).
 */
TEST(total_of_rows_that_start_with_another_number)
{
	static const char *const entries[] = { "Client call", "API endpoints", NULL };
	static const char *const earned[] = { "0 h 10 min \u00b7 \u20ac7.50", "2 h 5 min \u00b7 \u20ac125.00", NULL };
	static const char *const suffix[] = { "10 min \u00b7 7.50 EUR", "2 h 5 min \u00b7 125.00 EUR", NULL };
	struct ui_tree *right = cart_screen(entries, earned, "Total: \u20ac132.50");
	struct ui_tree *wrong = cart_screen(entries, earned, "Total: \u20ac130.00");
	struct ui_tree *right_suffix = cart_screen(entries, suffix, "Total: 132.50 EUR");
	struct action a;
	struct oracle_finding f;

	REQUIRE(right && wrong && right_suffix);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = strdup("Reports");
	oracle_finding_init(&f);
	CHECK(!oracle_total_wrong(NULL, NULL, right, "x/.Main", &a, &f));
	CHECK(!oracle_total_wrong(NULL, NULL, right_suffix, "x/.Main", &a, &f));
	REQUIRE(oracle_total_wrong(NULL, NULL, wrong, "x/.Main", &a, &f));
	CHECK(f.expected && strstr(f.expected, "132.50"));
	oracle_finding_release(&f);
	action_release(&a);
	ui_tree_free(right);
	ui_tree_free(wrong);
	ui_tree_free(right_suffix);
}

TEST(total_in_a_unit_disagrees_with_rows)
{
	static const char *const laps[] = { "Lap 1", "Lap 2", "Lap 3", NULL };
	static const char *const secs[] = { "12 s", "19 s", "26 s", NULL };
	static const char *const kms[] = { "3.5 km", "2 km", "4.25 km", NULL };
	static const char *const mixed[] = { "12 s", "19 min", "26 s", NULL };
	static const char *const clock[] = { "0:12", "0:19", "0:26", NULL };
	struct ui_tree *right = cart_screen(laps, secs, "Total: 57 s");
	struct ui_tree *wrong = cart_screen(laps, secs, "Total: 66 s");
	struct ui_tree *run_wrong = cart_screen(laps, kms, "Total: 11.25 km");
	struct ui_tree *run_right = cart_screen(laps, kms, "Total: 9.75 km");
	struct ui_tree *units_differ = cart_screen(laps, mixed, "Total: 66 s");
	struct ui_tree *times = cart_screen(laps, clock, "Total: 1:06");
	struct ui_tree *count = cart_screen(laps, secs, "Total: 2 of 5");
	/* One lap listed: a total in a unit is its sum too (a stopped lap counted, not listed). */
	static const char *const one_lap[] = { "Lap 1", NULL };
	static const char *const one_sec[] = { "12 s", NULL };
	static const char *const one_price[] = { "$12.00", NULL };
	struct ui_tree *one_wrong = cart_screen(one_lap, one_sec, "Total: 21 s");
	struct ui_tree *one_right = cart_screen(one_lap, one_sec, "Total: 12 s");
	/* One money row beside a money total: often the latest of many, not judged. */
	struct ui_tree *one_money = cart_screen(one_lap, one_price, "Total: $21.00");
	struct oracle_finding f;

	REQUIRE(right && wrong && run_wrong && run_right && units_differ && times && count);
	oracle_finding_init(&f);
	CHECK(!oracle_total_wrong(NULL, NULL, right, "x/.Stopwatch", NULL, &f));
	REQUIRE(oracle_total_wrong(NULL, NULL, wrong, "x/.Stopwatch", NULL, &f));
	CHECK(f.expected && strstr(f.expected, "57"));
	oracle_finding_release(&f);
	REQUIRE(oracle_total_wrong(NULL, NULL, run_wrong, "x/.Runs", NULL, &f));
	oracle_finding_release(&f);
	CHECK(!oracle_total_wrong(NULL, NULL, run_right, "x/.Runs", NULL, &f));
	CHECK(!oracle_total_wrong(NULL, NULL, units_differ, "x/.Stopwatch", NULL, &f));
	CHECK(!oracle_total_wrong(NULL, NULL, times, "x/.Stopwatch", NULL, &f));
	CHECK(!oracle_total_wrong(NULL, NULL, count, "x/.Stopwatch", NULL, &f));
	REQUIRE(one_wrong && one_right && one_money);
	REQUIRE(oracle_total_wrong(NULL, NULL, one_wrong, "x/.Stopwatch", NULL, &f));
	CHECK(f.expected && strstr(f.expected, "12.00"));
	oracle_finding_release(&f);
	CHECK(!oracle_total_wrong(NULL, NULL, one_right, "x/.Stopwatch", NULL, &f));
	CHECK(!oracle_total_wrong(NULL, NULL, one_money, "x/.Cart", NULL, &f));
	ui_tree_free(one_wrong);
	ui_tree_free(one_right);
	ui_tree_free(one_money);
	ui_tree_free(right);
	ui_tree_free(wrong);
	ui_tree_free(run_wrong);
	ui_tree_free(run_right);
	ui_tree_free(units_differ);
	ui_tree_free(times);
	ui_tree_free(count);
}

/*
 * A page of stored items with sizes (session 26, maps' Download maps):
 * app bar `title`, texts `head` (a total, a storage line; NULL ends) above
 * a list whose rows are '\t'-separated texts; `fill` makes the list a
 * scrollable one that its rows fill (more may be below).
 */
static struct ui_tree *sizes_screen(const char *title, const char *const *head, const char *const *rows, bool fill)
{
	char *kids = calloc(1, 1), *body = x_bar(title);
	int y = 600;

	for (size_t i = 0; head[i]; i++)
		body = x_cat(body, x_node(TEXT, "t:id/head", head[i], "", "", 40, 220 + 90 * (int)i, 1040,
					  300 + 90 * (int)i, NULL), NULL);
	for (size_t r = 0; rows[r]; r++, y += 150) {
		char *cells = calloc(1, 1), *copy = strdup(rows[r]), *save = NULL;
		int x = 0;

		for (char *c = strtok_r(copy, "\t", &save); c; c = strtok_r(NULL, "\t", &save), x += 300)
			cells = x_cat(cells, x_node(TEXT, "t:id/cell", c, "", "", x, y, x + 290, y + 100, NULL), NULL);
		kids = x_cat(kids, x_node(ROW, "t:id/row", "", "c", "", 0, y, 1080, y + 140, cells), NULL);
		free(cells);
		free(copy);
	}
	body = x_cat(body, x_node(RV, "t:id/maps", "", fill ? "s" : "", "", 0, 600, 1080, fill ? y : 2000, kids),
		     NULL);
	free(kids);
	return x_tree(body);
}

/* Whether the total oracle reports `t` (freed here); a report's expected text must hold `want_expected` when given. */
static bool size_report(struct ui_tree *t, const char *want_expected)
{
	struct oracle_finding f;
	bool hit;

	CHECK(t);
	if (!t)
		return false;
	oracle_finding_init(&f);
	hit = oracle_total_wrong(NULL, NULL, t, "x/.Downloader", NULL, &f);
	if (hit && want_expected)
		CHECK(f.expected && strstr(f.expected, want_expected));
	if (hit)
		oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

/*
 * maps (held-out, session 25): "Maps use 368 MB \u00b7 23.4 GB free" over
 * downloaded maps of 61, 74, 87 and 96 MB (bundled world maps counted).
 * A total of what the listed things use: a subject also in the page's
 * title ("Download maps"), a verb or a colon, or "Total size".
 */
TEST(size_total_disagrees_with_rows)
{
	static const char *const maps[] = { "Portugal: Lisbon\tVersion 251026\t61 MB",
					    "Portugal: North\tVersion 250712\tUpdate available\t74 MB",
					    "Spain: Community of Madrid\tVersion 251026\t87 MB",
					    "Spain: Andalusia\tVersion 250712\tUpdate available\t96 MB", NULL };
	static const char *const wrong[] = { "Downloaded: 4 maps", "Maps use 368 MB \u00b7 23.4 GB free", NULL };
	static const char *const right[] = { "Downloaded: 4 maps", "Maps use 318 MB \u00b7 23.4 GB free", NULL };
	static const char *const files[] = { "report.pdf\t840 KB \u00b7 Yesterday", "lake.jpg\t1.2 MB \u00b7 Today",
					     "IMG_2041.jpg\t3.4 MB \u00b7 Last 7 days", NULL };
	static const char *const files_right[] = { "Total size 5.4 MB", NULL };
	static const char *const files_wrong[] = { "Total size: 9.4 MB", NULL };
	static const char *const big[] = { "Lisbon\t512 MB", "Madrid\t700 MB", NULL };
	static const char *const big_right[] = { "Downloads: 1.2 GB", NULL };
	static const char *const big_wrong[] = { "Downloads: 1.9 GB", NULL };
	static const char *const kib[] = { "a.bin\t512 KiB", "b.bin\t512 KiB", "c.bin\t1,024 KiB", NULL };
	static const char *const kib_right[] = { "Files take up 2 MiB", NULL };
	static const char *const kib_mb[] = { "Files take up 2.1 MB", NULL };
	static const char *const kib_wrong[] = { "Files take up 4 MiB", NULL };
	static const char *const tenths[] = { "a\t0.4 MB", "b\t0.4 MB", "c\t0.4 MB", NULL };
	static const char *const tenths_right[] = { "Files use 1.3 MB", NULL };

	CHECK(size_report(sizes_screen("Download maps", wrong, maps, false), "318 MB"));
	CHECK(!size_report(sizes_screen("Download maps", right, maps, false), NULL));
	/* Rows in KB and MB, a total in MB; each row and the total rounded to their last digit. */
	CHECK(!size_report(sizes_screen("Downloads", files_right, files, false), NULL));
	CHECK(size_report(sizes_screen("Downloads", files_wrong, files, false), "5.4 MB"));
	CHECK(!size_report(sizes_screen("Downloads", big_right, big, false), NULL));
	CHECK(size_report(sizes_screen("Downloads", big_wrong, big, false), "1.2 GB"));
	/* A kilobyte of 1024 bytes, or 1000 where the units do not say; 2 MiB may be cut or raised to 1 or 3. */
	CHECK(!size_report(sizes_screen("Files", kib_right, kib, false), NULL));
	CHECK(!size_report(sizes_screen("Files", kib_mb, kib, false), NULL));
	CHECK(size_report(sizes_screen("Files", kib_wrong, kib, false), NULL));
	CHECK(!size_report(sizes_screen("Files", tenths_right, tenths, false), NULL));
}

/* Sizes beside a list that are not a total of its rows (none is their sum): the oracle stays silent. */
TEST(size_total_look_alikes_are_not_judged)
{
	static const char *const cats[] = { "Apps\t12 GB", "Images\t3.1 GB", "Videos\t4.2 GB", NULL };
	static const char *const cats_sys[] = { "Apps\t12 GB", "Images\t3.1 GB", "System\t6 GB", NULL };
	static const char *const storage[] = { "Internal storage", "23.4 GB used of 64 GB", "Total: 64 GB", NULL };
	static const char *const capacity[] = { "Total: 64 GB", NULL };
	static const char *const free_line[] = { "12 GB free", NULL };
	static const char *const maps[] = { "Lisbon\t61 MB", "North\t74 MB", "Madrid\t87 MB", NULL };
	static const char *const cache[] = { "Cache: 40 MB", NULL };
	static const char *const maps_other[] = { "Lisbon\t61 MB", "North\t74 MB", "Other\t40 MB", NULL };
	static const char *const maps_use[] = { "Maps use 272 MB", NULL };
	static const char *const quota[] = { "Maps use 272 MB of 15 GB", NULL };
	static const char *const quota2[] = { "Maps use 272 MB of storage", NULL };
	static const char *const progress[] = { "Lisbon\t61 MB", "North\t12 MB / 74 MB", "Madrid\t87 MB", NULL };
	static const char *const percent[] = { "Lisbon\t61 MB", "North\t74 MB\tDownloading 40%", "Madrid\t87 MB", NULL };
	static const char *const offered[] = { "Lisbon\t61 MB\tDownloaded\tDelete", "Center\t58 MB\tDownload",
					       "North\t76 MB\tDownloaded\tDelete", NULL };
	static const char *const offered_total[] = { "Maps use 137 MB", NULL };
	static const char *const unsized[] = { "Lisbon\t61 MB", "North\tUpdating", "Madrid\t87 MB", NULL };
	static const char *const setting[] = { "Maps storage: internal, 318 MB used", NULL };
	static const char *const thumbs[] = { "Thumbnails use 12 MB", NULL };
	static const char *const rate[] = { "Maps use 272 Mb", "Maps use 272 MB/s", NULL };
	static const char *const filler[] = { "a\t61 MB", "b\t74 MB", "c\t87 MB", "d\t10 MB", "e\t20 MB",
					      "f\t30 MB", "g\t40 MB", "h\t50 MB", "i\t60 MB", "j\t70 MB", NULL };
	static const char *const one[] = { "Lisbon\t61 MB", NULL };
	static const char *const one_total[] = { "Maps use 111 MB", NULL };

	/* A device's storage: a capacity beside "used" and "free", a category "System". */
	CHECK(!size_report(sizes_screen("Storage", storage, cats, false), NULL));
	CHECK(!size_report(sizes_screen("Storage", capacity, cats_sys, false), NULL));
	{
		static const char *const cap_free[] = { "Total: 64 GB", "12 GB free", NULL };

		CHECK(!size_report(sizes_screen("Storage", cap_free, cats, false), NULL));
		CHECK(!size_report(sizes_screen("Storage", free_line, cats, false), NULL));
	}
	/* A cache line is no total; a cache or "Other" row is not a listed item. */
	CHECK(!size_report(sizes_screen("Download maps", cache, maps, false), NULL));
	CHECK(!size_report(sizes_screen("Download maps", maps_use, maps_other, false), NULL));
	/* A capacity or quota, "of storage". */
	CHECK(!size_report(sizes_screen("Download maps", quota, maps, false), NULL));
	CHECK(!size_report(sizes_screen("Download maps", quota2, maps, false), NULL));
	/* A download in progress, a row without a size, sizes of maps offered for download. */
	CHECK(!size_report(sizes_screen("Download maps", maps_use, progress, false), NULL));
	CHECK(!size_report(sizes_screen("Download maps", maps_use, percent, false), NULL));
	CHECK(!size_report(sizes_screen("Download maps", maps_use, unsized, false), NULL));
	CHECK(!size_report(sizes_screen("Portugal maps", offered_total, offered, false), NULL));
	/* A list its rows fill (more below), one row only. */
	CHECK(!size_report(sizes_screen("Download maps", maps_use, filler, true), NULL));
	CHECK(!size_report(sizes_screen("Download maps", one_total, one, false), NULL));
	/* A setting's line; a subject the page does not list; bits and rates. */
	CHECK(!size_report(sizes_screen("Download maps", setting, maps, false), NULL));
	CHECK(!size_report(sizes_screen("Photos", thumbs, maps, false), NULL));
	{
		/* The page lists maps, but its subject is stored beside them. */
		static const char *const cached[] = { "Cached maps use 272 MB", "System maps use 272 MB", NULL };

		CHECK(!size_report(sizes_screen("Download maps", cached, maps, false), NULL));
	}
	CHECK(!size_report(sizes_screen("Download maps", rate, maps, false), NULL));
	/* The same total on a page that does not name the maps: not a total of them. */
	CHECK(!size_report(sizes_screen("Settings", maps_use, maps, false), NULL));
	/* Control: the same rows and total (222 MB listed) on the maps page are judged. */
	CHECK(size_report(sizes_screen("Download maps", maps_use, maps, false), "222 MB"));
}

/*
 * A row that begins with its quantity ("6 x | Milk") is sorted by name when
 * its name column is (groceries, once rows are named by their first text);
 * a column that is the same on every row, or holds dates, orders nothing.
 */
TEST(sort_by_name_reads_a_later_text_column)
{
	static const char *const qty[] = { "6 x", "1 x", "84 x", "2 x", NULL };
	static const char *const names[] = { "Apples", "bread", "Dana3", "Milk", NULL };
	static const char *const names_bad[] = { "Milk", "Apples", "bread", "Dana3", NULL };
	static const char *const titles_bad[] = { "b", "a", "c", NULL };
	static const char *const same[] = { "Unread", "Unread", "Unread", NULL };
	static const char *const added[] = { "2024-01-03", "2024-02-01", "2024-03-09", NULL };
	static const char *const qty_apples[] = { "7 x", "6 x", "6 x", NULL };
	static const char *const apples[] = { "Apples", "Apples", "Apples", NULL };
	struct ui_tree *ok = list_screen(qty, names), *bad = list_screen(qty, names_bad);
	struct ui_tree *constant = list_screen(titles_bad, same), *dated = list_screen(titles_bad, added);
	struct ui_tree *one_name = list_screen(qty_apples, apples);
	struct oracle_list *lo, *lb, *lc, *ld, *la;
	size_t no, nb, nc, nd, na;
	struct oracle_sort_claim claim = { .key = SORT_KEY_TEXT, .dir = SORT_DIR_ASC };

	REQUIRE(ok && bad && constant && dated && one_name);
	no = oracle_lists(ok, &lo);
	nb = oracle_lists(bad, &lb);
	nc = oracle_lists(constant, &lc);
	nd = oracle_lists(dated, &ld);
	na = oracle_lists(one_name, &la);
	REQUIRE(no == 1 && nb == 1 && nc == 1 && nd == 1 && na == 1);
	CHECK(oracle_rows_sorted(&lo[0], &claim));
	CHECK(!oracle_rows_sorted(&lb[0], &claim));
	CHECK(!oracle_rows_sorted(&lc[0], &claim));
	CHECK(!oracle_rows_sorted(&ld[0], &claim));
	/* Every row has the same name and leads with its quantity: a sort by name cannot be judged. */
	CHECK(oracle_rows_sorted(&la[0], &claim));
	oracle_lists_free(la, na);
	ui_tree_free(one_name);
	oracle_lists_free(lo, no);
	oracle_lists_free(lb, nb);
	oracle_lists_free(lc, nc);
	oracle_lists_free(ld, nd);
	ui_tree_free(ok);
	ui_tree_free(bad);
	ui_tree_free(constant);
	ui_tree_free(dated);
}

/* A number in a title must not be taken for the sort key beside it. */
TEST(sort_by_number_reads_the_right_column)
{
	static const char *const titles[] = { "garden_5", "Call mom", "Write 9 pages", NULL };
	static const char *const prio[] = { "P1", "P2", "P3", NULL };
	static const char *const prio_bad[] = { "P2", "P1", "P3", NULL };
	struct ui_tree *ok = list_screen(titles, prio), *bad = list_screen(titles, prio_bad);
	struct oracle_list *lo, *lb;
	size_t no, nb;
	struct oracle_sort_claim claim = { .key = SORT_KEY_NUMBER, .dir = SORT_DIR_ANY };

	REQUIRE(ok && bad);
	no = oracle_lists(ok, &lo);
	nb = oracle_lists(bad, &lb);
	REQUIRE(no == 1 && nb == 1);
	CHECK(oracle_rows_sorted(&lo[0], &claim));
	CHECK(!oracle_rows_sorted(&lb[0], &claim));
	oracle_lists_free(lo, no);
	oracle_lists_free(lb, nb);
	ui_tree_free(ok);
	ui_tree_free(bad);
}

TEST(display_overlap_and_offscreen)
{
	struct ui_tree *ov = x_tree(x_cat(x_node(TEXT, "a", "Total: 12", "", "", 0, 100, 600, 200, NULL),
					  x_node(TEXT, "b", "Due today", "", "", 100, 110, 700, 210, NULL), NULL));
	struct ui_tree *off = x_tree(x_node(TEXT, "a", "A very long label", "", "", 500, 100, 1400, 200, NULL));
	struct ui_tree *clean = x_tree(x_cat(x_node(TEXT, "a", "Total: 12", "", "", 0, 100, 600, 200, NULL),
					     x_node(TEXT, "b", "Due today", "", "", 0, 210, 600, 300, NULL), NULL));
	/* A dialog drawn over content is not an overlap bug. */
	char *dialog_kids = x_node(TEXT, "", "Delete note?", "", "", 100, 900, 980, 1000, NULL);
	struct ui_tree *dlg = x_tree(x_cat(x_node(TEXT, "a", "Shopping list", "", "", 100, 900, 980, 1000, NULL),
					   x_node("android.widget.FrameLayout", "com.example.t:id/dialog", "", "", "",
						  50, 800, 1030, 1300, dialog_kids),
					   NULL));
	struct oracle_finding f;

	free(dialog_kids);
	REQUIRE(ov && off && clean && dlg);
	oracle_finding_init(&f);
	CHECK(oracle_display(ov, 0.3, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_STRUCTURE);
	CHECK(f.title && strstr(f.title, "overlaps"));
	oracle_finding_release(&f);
	CHECK(oracle_display(off, 0.3, &f));
	CHECK(f.title && strstr(f.title, "outside"));
	oracle_finding_release(&f);
	CHECK(!oracle_display(clean, 0.3, &f));
	CHECK(!oracle_display(dlg, 0.3, &f));
	ui_tree_free(ov);
	ui_tree_free(off);
	ui_tree_free(clean);
	ui_tree_free(dlg);
}

/*
 * An updates list in a scroll view (0,210)-(1080,2190): three rows, each
 * with its name and an Update button at the right; the last row ends at
 * `last_end`; a spacer below it to `spacer_end` (0: none); the floating
 * Update all button (870,1980)-(1017,2127), an icon, after the list. `button`: the last row
 * has its Update button (else its text alone).
 */
static struct ui_tree *updates_list(int last_end, int spacer_end, bool button)
{
	char *rows = x_cat(x_node1(ROW, "t:id/row", "", "c", 0, 210, 1080, 900,
				  x_cat(x_node(TEXT, "t:id/name", "Aurora", "", "", 0, 210, 860, 900, NULL),
					x_node("android.widget.Button", "t:id/update", "Update", "c", "", 880, 400, 1040,
					       560, NULL),
					NULL)),
			   x_node1(ROW, "t:id/row", "", "c", 0, 900, 1080, 1600,
				  x_cat(x_node(TEXT, "t:id/name", "Bitwarden", "", "", 0, 900, 860, 1600, NULL),
					x_node("android.widget.Button", "t:id/update", "Update", "c", "", 880, 1100,
					       1040, 1260, NULL),
					NULL)),
			   x_node1(ROW, "t:id/row", "", "c", 0, 1600, 1080, last_end,
				  x_cat(x_node(TEXT, "t:id/name", "Catima", "", "", 0, 1600, button ? 860 : 1080, last_end, NULL),
					button ? x_node("android.widget.Button", "t:id/update", "Update", "c", "", 880,
							1990, 1040, last_end < 2150 ? last_end : 2150, NULL)
					       : strdup(""),
					NULL)),
			   NULL);
	char *list = x_node1(RV, "t:id/upd_list", "", "", 0, 210, 1080, last_end, rows);
	char *spacer = spacer_end ? x_node(TEXT, "t:id/list_end_space", " ", "", "", 42, last_end, 1038, spacer_end, NULL)
				  : strdup("");

	return x_tree(x_node1("android.widget.ScrollView", "t:id/content", "", "s", 0, 210, 1080, 2190,
			      x_cat(list, spacer,
				    x_node("android.widget.ImageButton", "t:id/update_all_fab", "", "c", "",
					   870, 1980, 1017, 2127, NULL),
				    NULL)));
}

/*
 * appstore-update-all-covers-last (Droid-ify #684): the list ends on the
 * screen and Update all lies on the last row's Update button. Silent: the
 * fixed twin's spacer (the content runs on under the edge, so a scroll
 * lifts the row), a list cut at the edge, and a last row with only a text
 * under the button (its letters may stop before it).
 */
TEST(display_floating_button_over_the_last_row)
{
	struct ui_tree *bug = updates_list(2169, 0, true), *fixed = updates_list(2133, 2190, true);
	struct ui_tree *cut = updates_list(2190, 0, true), *text = updates_list(2169, 0, false);
	struct oracle_finding f;

	REQUIRE(bug && fixed && cut && text);
	oracle_finding_init(&f);
	CHECK(oracle_display(bug, 0.3, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_OCCLUSION);
	CHECK(f.title && strstr(f.title, "update_all_fab") && strstr(f.title, "covers"));
	CHECK_STR_EQ(cJSON_GetStringValue(cJSON_GetObjectItem(f.diff, "issue")), "covers_last_row");
	oracle_finding_release(&f);
	CHECK(!oracle_display(fixed, 0.3, &f));
	CHECK(!oracle_display(cut, 0.3, &f));
	CHECK(!oracle_display(text, 0.3, &f));
	ui_tree_free(bug);
	ui_tree_free(fixed);
	ui_tree_free(cut);
	ui_tree_free(text);
}

TEST(genie_effect_containment)
{
	static const char *const l4[] = { "Cinema", "Cleaning", NULL };
	static const char *const d4[] = { "pic", "pic", NULL };
	static const char *const l6[] = { "Cinema", "Cleaning", NULL };
	static const char *const d6_seed[] = { "", "pic", NULL };    /* Cinema's picture deleted */
	static const char *const d6_bug[] = { "pic", "", NULL };     /* Cleaning's picture deleted */
	struct ui_tree *a = list_screen(l4, d4), *s = list_screen(l6, d6_seed), *m = list_screen(l6, d6_bug);
	struct ui_tree *m_ok = list_screen(l6, d6_seed);
	struct oracle_effect ds, dm, dok;

	REQUIRE(a && s && m && m_ok);
	oracle_effect_compute(a, s, NULL, 0, &ds);
	oracle_effect_compute(a, m, NULL, 0, &dm);
	oracle_effect_compute(a, m_ok, NULL, 0, &dok);
	CHECK(ds.n > 0);
	CHECK(oracle_effect_contained(&ds, &dok));
	/* The picture of another row was deleted: Δ ⊄ Δ' (seeds 003 Fig. 3). */
	CHECK(!oracle_effect_contained(&ds, &dm));
	CHECK(oracle_text_difference(a, s) < 0.5);
	oracle_effect_release(&ds);
	oracle_effect_release(&dm);
	oracle_effect_release(&dok);
	ui_tree_free(a);
	ui_tree_free(s);
	ui_tree_free(m);
	ui_tree_free(m_ok);
}

TEST(genie_effect_with_a_count_both_moved)
{
	/* feeds' fixed twin, session 65: the seed reads Photos (7 unread -> 6), the detour reads Framework first (-> 5). */
	char *seed[] = { "+TextView|id/head_all|6 unread||@", "+TextView|id/item_read|Read||@Photos",
			 "-TextView|id/head_all|7 unread||@", "-TextView|id/item_unread|Unread||@Photos" };
	char *mutant[] = { "+TextView|id/head_all|5 unread||@", "+TextView|id/item_read|Read||@Framework",
			   "+TextView|id/item_read|Read||@Photos", "-TextView|id/head_all|7 unread||@",
			   "-TextView|id/item_unread|Unread||@Framework", "-TextView|id/item_unread|Unread||@Photos" };
	/* The detour kept Photos unread: the seed's own effect is gone, counts or not. */
	char *broken[] = { "+TextView|id/head_all|6 unread||@", "+TextView|id/item_read|Read||@Framework",
			   "-TextView|id/head_all|7 unread||@", "-TextView|id/item_unread|Unread||@Framework" };
	/* A count in a row key is not masked: row 'Chapter 5' is another row than 'Chapter 4'. */
	char *row_seed[] = { "+TextView|id/state|Read||@Chapter 4" };
	char *row_other[] = { "+TextView|id/state|Read||@Chapter 5" };
	struct oracle_effect ds = { seed, 4 }, dm = { mutant, 6 }, db = { broken, 4 };
	struct oracle_effect rs = { row_seed, 1 }, ro = { row_other, 1 };

	CHECK(oracle_effect_contained(&ds, &dm));
	CHECK(!oracle_effect_contained(&ds, &db));
	CHECK(!oracle_effect_contained(&rs, &ro));
}

TEST(genie_effect_masking)
{
	static const char *const t1[] = { "12:01", "Note", NULL };
	static const char *const t2[] = { "12:02", "Note", NULL };
	struct ui_tree *a = list_screen(t1, NULL), *b = list_screen(t2, NULL);
	char **mask = NULL;
	size_t n_mask = 0, alloc = 0;
	struct oracle_effect d;

	REQUIRE(a && b);
	oracle_effect_unstable(a, b, &mask, &n_mask, &alloc);
	/* The changing row's text and its row container (keyed by the row's text). */
	CHECK_INT_EQ(n_mask, 4);
	oracle_effect_compute(a, b, (const char *const *)mask, n_mask, &d);
	CHECK_INT_EQ(d.n, 0);
	oracle_effect_release(&d);
	for (size_t i = 0; i < n_mask; i++)
		free(mask[i]);
	free(mask);
	ui_tree_free(a);
	ui_tree_free(b);
}

/* A settings screen: a Shuffle switch (checked or not) and a Gapless switch, plus `extra` widgets. */
static struct ui_tree *settings_screen(bool shuffle, char *extra)
{
	return x_tree(x_cat(x_node(TEXT, "", "Settings", "", "", 0, 100, 1080, 200, NULL),
			    x_node(SWITCH, "com.example.t:id/shuffle", "Shuffle", shuffle ? "kKcf" : "kcf", "",
				   0, 300, 1080, 420, NULL),
			    x_node(SWITCH, "com.example.t:id/gapless", "Gapless", "kKcf", "", 0, 450, 1080, 570, NULL),
			    extra ? extra : calloc(1, 1), NULL));
}

/* The first widget of t with this resource-id or text, or NULL. */
static const struct ui_widget *node_named(const struct ui_tree *t, const char *name)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->resource_id, name) || !strcmp(t->nodes[i]->text, name))
			return t->nodes[i];
	return NULL;
}

/* A check action on the widget of t named `name`, as the Explorer records it. */
static void tap_on(struct action *a, const struct ui_tree *t, const char *name)
{
	const struct ui_widget *w = node_named(t, name);

	action_init(a);
	a->type = ACTION_CHECK;
	if (w)
		action_set_widget(a, (int)w->order, w);
}

/* xml with its first enabled="true" turned to "false" (xml is freed). */
static char *disabled_xml(char *xml)
{
	char *at = strstr(xml, "enabled=\"true\"");
	size_t n = strlen(xml) + 2;
	char *out = malloc(n);

	if (!at) {
		free(out);
		return xml;
	}
	snprintf(out, n, "%.*senabled=\"false\"%s", (int)(at - xml), xml, at + strlen("enabled=\"true\""));
	free(xml);
	return out;
}

TEST(toggle_that_does_not_toggle)
{
	struct ui_tree *off = settings_screen(false, NULL), *off2 = settings_screen(false, NULL);
	struct ui_tree *on = settings_screen(true, NULL);
	struct action tap;
	struct oracle_finding f;

	REQUIRE(off && off2 && on);
	tap_on(&tap, off, "com.example.t:id/shuffle");
	REQUIRE(oracle_toggle_target(off, &tap) == node_named(off, "com.example.t:id/shuffle"));
	oracle_finding_init(&f);
	CHECK(oracle_toggle_stuck(off, "x/.Settings", off2, "x/.Settings", &tap, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
	CHECK(strcmp(f.oracle, "toggle") == 0);
	CHECK(f.title && strstr(f.title, "shuffle"));
	CHECK(f.actual && strstr(f.actual, "unchecked"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "before") && cJSON_GetObjectItem(f.diff, "after") &&
	      cJSON_GetObjectItem(f.diff, "action"));
	oracle_finding_release(&f);
	/* A click (not only a check action) on it is judged too. */
	tap.type = ACTION_CLICK;
	CHECK(oracle_toggle_stuck(off, "x/.Settings", off2, "x/.Settings", &tap, &f));
	oracle_finding_release(&f);
	/* Clean: the switch turned on; and the other way round, off again. */
	CHECK(!oracle_toggle_stuck(off, "x/.Settings", on, "x/.Settings", &tap, &f));
	action_release(&tap);
	tap_on(&tap, on, "com.example.t:id/shuffle");
	CHECK(!oracle_toggle_stuck(on, "x/.Settings", off, "x/.Settings", &tap, &f));
	/* A tap that is not a click or check, and a tap on a plain text, are not judged. */
	tap.type = ACTION_LONG_CLICK;
	CHECK(!oracle_toggle_stuck(on, "x/.Settings", on, "x/.Settings", &tap, &f));
	action_release(&tap);
	tap_on(&tap, off, "Settings");
	tap.type = ACTION_CLICK;
	CHECK(!oracle_toggle_stuck(off, "x/.Settings", off2, "x/.Settings", &tap, &f));
	action_release(&tap);
	ui_tree_free(off);
	ui_tree_free(off2);
	ui_tree_free(on);
}

TEST(toggle_not_judged_after_dialog_or_navigation)
{
	char *dlg_kids = x_node(TEXT, "", "Turn on shuffle?", "", "", 100, 900, 980, 1000, NULL);
	struct ui_tree *off = settings_screen(false, NULL);
	struct ui_tree *dlg = settings_screen(false, x_node("android.widget.FrameLayout", "com.example.t:id/dialog", "",
							    "", "", 50, 800, 1030, 1300, dlg_kids));
	struct ui_tree *other = x_tree(x_cat(x_node(TEXT, "", "Library", "", "", 0, 100, 1080, 200, NULL),
					     x_node(TEXT, "", "Song one", "", "", 0, 300, 1080, 400, NULL),
					     x_node(TEXT, "", "Song two", "", "", 0, 400, 1080, 500, NULL),
					     x_node(SWITCH, "com.example.t:id/shuffle", "Shuffle", "kc", "", 0, 600, 1080,
						    700, NULL),
					     NULL));
	/* A disabled switch: tapping it legitimately does nothing. */
	struct ui_tree *disabled = x_tree(disabled_xml(x_node(SWITCH, "com.example.t:id/shuffle", "Shuffle", "kc", "",
							      0, 300, 1080, 420, NULL)));
	struct ui_tree *radio_on;
	struct action tap;
	struct oracle_finding f;

	free(dlg_kids);
	radio_on = x_tree(x_node("android.widget.RadioButton", "com.example.t:id/sort_name", "By name", "kKc", "",
				 0, 300, 1080, 420, NULL));
	REQUIRE(off && dlg && other && disabled && radio_on);
	tap_on(&tap, off, "com.example.t:id/shuffle");
	oracle_finding_init(&f);
	CHECK(!oracle_toggle_stuck(off, "x/.Settings", dlg, "x/.Settings", &tap, &f));
	CHECK(!oracle_toggle_stuck(off, "x/.Settings", off, "x/.Main", &tap, &f));
	CHECK(!oracle_toggle_stuck(off, "x/.Settings", other, "x/.Settings", &tap, &f));
	action_release(&tap);
	tap_on(&tap, disabled, "com.example.t:id/shuffle");
	CHECK(!node_named(disabled, "com.example.t:id/shuffle")->enabled);
	CHECK(!oracle_toggle_stuck(disabled, "x/.Settings", disabled, "x/.Settings", &tap, &f));
	action_release(&tap);
	/* The chosen radio button stays chosen by design. */
	tap_on(&tap, radio_on, "com.example.t:id/sort_name");
	CHECK(!oracle_toggle_stuck(radio_on, "x/.Sort", radio_on, "x/.Sort", &tap, &f));
	action_release(&tap);
	ui_tree_free(off);
	ui_tree_free(dlg);
	ui_tree_free(other);
	ui_tree_free(disabled);
	ui_tree_free(radio_on);
}

/* A checkbox in a list row: the row that moves away must not be mistaken for the tapped one. */
TEST(toggle_in_list_rows_keeps_its_row)
{
	char *r1 = x_cat(x_node(TEXT, "com.example.t:id/title", "Buy milk", "", "", 0, 300, 800, 400, NULL),
			 x_node(CHECKBOX, "com.example.t:id/done", "", "kc", "", 800, 300, 1080, 400, NULL), NULL);
	char *r2 = x_cat(x_node(TEXT, "com.example.t:id/title", "Call mom", "", "", 0, 450, 800, 550, NULL),
			 x_node(CHECKBOX, "com.example.t:id/done", "", "kc", "", 800, 450, 1080, 550, NULL), NULL);
	char *r2b = x_cat(x_node(TEXT, "com.example.t:id/title", "Call mom", "", "", 0, 300, 800, 400, NULL),
			  x_node(CHECKBOX, "com.example.t:id/done", "", "kc", "", 800, 300, 1080, 400, NULL), NULL);
	char *rows = x_cat(x_node(ROW, "com.example.t:id/row", "", "", "", 0, 300, 1080, 400, r1),
			   x_node(ROW, "com.example.t:id/row", "", "", "", 0, 450, 1080, 550, r2), NULL);
	char *rows_after = x_node(ROW, "com.example.t:id/row", "", "", "", 0, 300, 1080, 400, r2b);
	/* "Hide done" is on: the ticked row leaves the list, the next row moves up, unticked. */
	struct ui_tree *before = x_tree(x_cat(x_node(TEXT, "", "Tasks", "", "", 0, 100, 1080, 200, NULL),
					      x_node(RV, "com.example.t:id/list", "", "s", "", 0, 300, 1080, 2200, rows),
					      NULL));
	struct ui_tree *after = x_tree(x_cat(x_node(TEXT, "", "Tasks", "", "", 0, 100, 1080, 200, NULL),
					     x_node(RV, "com.example.t:id/list", "", "s", "", 0, 300, 1080, 2200,
						    rows_after),
					     NULL));
	struct action tap;
	struct oracle_finding f;

	free(r1);
	free(r2);
	free(r2b);
	free(rows);
	free(rows_after);
	REQUIRE(before && after);
	tap_on(&tap, before, "com.example.t:id/done");
	oracle_finding_init(&f);
	CHECK(!oracle_toggle_stuck(before, "x/.Main", after, "x/.Main", &tap, &f));
	/* The same row unticked after the tap is judged. */
	CHECK(oracle_toggle_stuck(before, "x/.Main", before, "x/.Main", &tap, &f));
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(before);
	ui_tree_free(after);
}

/* A product page: its title, and either a spinner or the loaded content. */
static struct ui_tree *product_screen(bool spinner, const char *extra_text)
{
	return x_tree(x_cat(x_node(TEXT, "", "Headphones", "", "", 0, 100, 1080, 200, NULL),
			    spinner ? x_node(PROGRESS, "com.example.t:id/loading", "", "", "", 40, 300, 1040, 420, NULL)
				    : x_node(TEXT, "com.example.t:id/price", "$59.00", "", "", 40, 300, 1040, 420, NULL),
			    extra_text ? x_node(TEXT, "", extra_text, "", "", 0, 500, 1080, 600, NULL) : calloc(1, 1),
			    NULL));
}

TEST(loading_that_never_finishes)
{
	struct ui_tree *a = product_screen(true, NULL), *b = product_screen(true, NULL);
	struct ui_tree *loaded = product_screen(false, NULL), *moving = product_screen(true, "Fetching reviews");
	struct ui_tree *seek = x_tree(x_node("android.widget.SeekBar", "com.example.t:id/volume", "", "", "",
					     40, 300, 1040, 420, NULL));
	struct oracle_finding f;

	REQUIRE(a && b && loaded && moving && seek);
	CHECK(oracle_loading_spinner(a) != NULL);
	CHECK(oracle_loading_spinner(loaded) == NULL);
	CHECK(oracle_loading_spinner(seek) == NULL);
	oracle_finding_init(&f);
	CHECK(oracle_loading_stuck(a, "x/.ProductActivity", b, "x/.ProductActivity", 3000, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_PAGE_LOADING);
	CHECK(strcmp(f.oracle, "loading") == 0);
	CHECK(f.title && strstr(f.title, "never finishes loading") && strstr(f.title, "ProductActivity"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "spinner") &&
	      cJSON_GetNumberValue(cJSON_GetObjectItem(f.diff, "wait_ms")) == 3000);
	oracle_finding_release(&f);
	/* Clean: the content came; the screen is still busy (texts change); another page. */
	CHECK(!oracle_loading_stuck(a, "x/.ProductActivity", loaded, "x/.ProductActivity", 3000, &f));
	CHECK(!oracle_loading_stuck(a, "x/.ProductActivity", moving, "x/.ProductActivity", 3000, &f));
	CHECK(!oracle_loading_stuck(a, "x/.ProductActivity", b, "x/.MainActivity", 3000, &f));
	CHECK(!oracle_loading_stuck(loaded, "x/.P", loaded, "x/.P", 3000, &f));
	ui_tree_free(a);
	ui_tree_free(b);
	ui_tree_free(loaded);
	ui_tree_free(moving);
	ui_tree_free(seek);
}

/*
 * A bar with its amount beside it ("2 of 12 books", "40%") is a meter, not a
 * wait: bookshelf's reading challenge on Statistics was reported as a page
 * that never loads on every run and every fixed twin; habits' weekly target
 * bar ("This week: 135 / 120 min", session 25) on one run and its twin.
 */
TEST(loading_ignores_a_meter)
{
	static const char *const amounts[] = { "Reading challenge 2026: 2 of 12 books", "Uploaded 120/304",
					       "Storage 40 % used", "Internal storage: 23.4 GB used of 64 GB",
					       "1,5 MB of 3 MB", "This week: 135 / 120 min", NULL };
	struct oracle_finding f;

	for (size_t i = 0; amounts[i]; i++) {
		char *page = x_cat(x_node(TEXT, "com.example.t:id/challenge", amounts[i], "", "", 40, 200, 1040, 300, NULL),
				   x_node(PROGRESS, "com.example.t:id/bar", "", "", "", 40, 320, 1040, 440, NULL),
				   x_node(TEXT, "com.example.t:id/pages", "Pages read: 1639", "", "", 40, 460, 1040, 560,
					  NULL), NULL);
		struct ui_tree *t = x_tree(x_node("android.widget.LinearLayout", "", "", "", "", 0, 200, 1080, 600, page));

		free(page);
		REQUIRE(t);
		CHECK(oracle_loading_spinner(t) == NULL);
		CHECK(!oracle_loading_stuck(t, "x/.StatsActivity", t, "x/.StatsActivity", 3000, &f));
		ui_tree_free(t);
	}
	/* The same bar beside words with a number but no amount of progress is still a wait. */
	for (size_t i = 0; i < 2; i++) {
		char *page = x_cat(x_node(TEXT, "com.example.t:id/title", i ? "Top 10 books of 2026" : "Top 10 read books of 2026",
					  "", "", 40, 200, 1040, 300, NULL),
				   x_node(PROGRESS, "com.example.t:id/bar", "", "", "", 40, 320, 1040, 440, NULL), NULL);
		struct ui_tree *t = x_tree(x_node("android.widget.LinearLayout", "", "", "", "", 0, 200, 1080, 600, page));

		free(page);
		REQUIRE(t);
		CHECK(oracle_loading_spinner(t) != NULL);
		oracle_finding_init(&f);
		CHECK(oracle_loading_stuck(t, "x/.StatsActivity", t, "x/.StatsActivity", 3000, &f));
		oracle_finding_release(&f);
		ui_tree_free(t);
	}
}

/* A progress bar inside a list row (a download) is not the page's spinner. */
TEST(loading_ignores_row_progress)
{
	char *row = x_cat(x_node(TEXT, "com.example.t:id/file", "song.mp3", "", "", 0, 300, 700, 400, NULL),
			  x_node(PROGRESS, "com.example.t:id/dl", "", "", "", 700, 300, 1080, 400, NULL), NULL);
	char *row2 = x_node(TEXT, "com.example.t:id/file", "b.mp3", "", "", 0, 450, 700, 550, NULL);
	char *rows = x_cat(x_node(ROW, "com.example.t:id/row", "", "c", "", 0, 300, 1080, 400, row),
			   x_node(ROW, "com.example.t:id/row", "", "c", "", 0, 450, 1080, 550, row2), NULL);
	struct ui_tree *t = x_tree(x_node(RV, "com.example.t:id/list", "", "s", "", 0, 300, 1080, 2200, rows));
	struct oracle_finding f;

	free(row);
	free(row2);
	free(rows);
	REQUIRE(t);
	CHECK(oracle_loading_spinner(t) == NULL);
	oracle_finding_init(&f);
	CHECK(!oracle_loading_stuck(t, "x/.M", t, "x/.M", 3000, &f));
	ui_tree_free(t);
}

/* The to-do main screen: a "New task" field (the placeholder is its text: no hint) over an Add button. */
static struct ui_tree *todo_screen(const char *field)
{
	return x_tree(x_cat(x_node(EDIT, "com.example.t:id/new_task", field, "cf", "", 0, 200, 1080, 330, NULL),
			    x_node("android.widget.Button", "com.example.t:id/add", "Add task", "c", "", 0, 400, 1080,
				   500, NULL),
			    NULL));
}

static struct brain_screen on_screen(const struct ui_tree *t)
{
	struct brain_screen s;

	memset(&s, 0, sizeof(s));
	s.tree = t;
	s.activity = "com.example.t/.MainActivity";
	s.sig_abstract = ui_sig_abstract(t, s.activity);
	return s;
}

TEST(trip_that_wiped_typed_text_is_not_repeated)
{
	struct ui_tree *empty = todo_screen("New task"), *milk = todo_screen("milk"), *eggs = todo_screen("eggs");
	struct oracles_state st, cold;
	struct brain_screen b, a, later;

	REQUIRE(empty && milk && eggs);
	b = on_screen(empty);
	a = on_screen(milk);
	later = on_screen(eggs);
	REQUIRE(b.sig_abstract == a.sig_abstract);
	memset(&st, 0, sizeof(st));
	memset(&cold, 0, sizeof(cold));

	/* Step 1 typed "milk": the screen before it shows the placeholder. */
	oracle_note_placeholders(&st, &b, &a);
	CHECK(!oracle_trip_spoils_state(&st, &a, "rotation"));
	/* The rotation trip brought the field back to its placeholder. */
	oracle_note_wiped_input(&st, &a, milk, empty, "rotation");
	/* A later title typed on the same field: rotating again would wipe it; Home and relaunch did not. */
	CHECK(oracle_trip_spoils_state(&st, &later, "rotation"));
	CHECK(!oracle_trip_spoils_state(&st, &later, "background"));
	/* A trip that kept the text is not remembered. */
	oracle_note_wiped_input(&st, &a, milk, milk, "background");
	CHECK(!oracle_trip_spoils_state(&st, &later, "background"));
	/* Nothing typed on the screen: nothing to wipe. */
	CHECK(!oracle_trip_spoils_state(&st, &b, "rotation"));

	/* Without the screen before the step, "milk" is taken for the placeholder and the loss goes unseen. */
	oracle_note_wiped_input(&cold, &a, milk, empty, "rotation");
	CHECK(!oracle_trip_spoils_state(&cold, &later, "rotation"));

	free(st.lossy_seen);
	free(st.placeholders);
	free(cold.lossy_seen);
	free(cold.placeholders);
	ui_tree_free(empty);
	ui_tree_free(milk);
	ui_tree_free(eggs);
}

/*
 * A trip that copied a list's rows is not made again on a screen showing that
 * list (groceries: a copy of the first item per Home and relaunch, a step,
 * until the Settings button below the list was out of reach); the other
 * trip, and screens without that list, are unaffected.
 */
TEST(trip_that_copied_rows_is_not_repeated)
{
	static const char *const rows[] = { "Apples", "Milk", NULL };
	static const char *const copied[] = { "Apples", "Milk", "Apples", NULL };
	struct ui_tree *b = list_screen(rows, NULL), *c = list_screen(copied, NULL), *form = todo_screen("New task");
	struct oracles_state st;
	struct oracle_finding f;
	struct brain_screen list, later, other;

	REQUIRE(b && c && form);
	memset(&st, 0, sizeof(st));
	list = on_screen(b);
	later = on_screen(c);
	other = on_screen(form);
	CHECK(!oracle_trip_spoils_state(&st, &list, "background"));
	oracle_finding_init(&f);
	REQUIRE(oracle_rows_duplicated(b, list.activity, c, later.activity, "Home and relaunch", &f));
	oracle_note_copying_trip(&st, &list, &f, "background");
	oracle_finding_release(&f);
	CHECK(oracle_trip_spoils_state(&st, &list, "background"));
	CHECK(oracle_trip_spoils_state(&st, &later, "background"));
	CHECK(!oracle_trip_spoils_state(&st, &later, "rotation"));
	CHECK(!oracle_trip_spoils_state(&st, &other, "background"));
	free(st.lossy_seen);
	free(st.placeholders);
	ui_tree_free(b);
	ui_tree_free(c);
	ui_tree_free(form);
}

/*
 * A save explains rows its list gained when the list is seen on the save's
 * own result or a Back or two later; any other action in between may add
 * rows itself (radio: a station added to the favourites, then played, and
 * the History list two "FIP | Today" rows longer was "One 'Navigate up'
 * adds the new entry 2 times").
 */
TEST(save_explains_rows_only_through_backs)
{
	static const char *const rows[] = { "apple_orbit_1", NULL };
	struct ui_tree *list = list_screen(rows, NULL), *form = todo_screen("New task");
	struct oracle_list *l = NULL;
	struct oracles_state st;
	struct list_snap snap;
	struct action save, back, play;

	REQUIRE(list && form);
	REQUIRE(oracle_lists(list, &l) == 1);
	memset(&st, 0, sizeof(st));
	memset(&snap, 0, sizeof(snap));
	snap.id = l[0].id;
	snap.list = &l[0];
	st.snaps = &snap;
	st.n_snaps = 1;
	action_init(&save);
	save.type = ACTION_CLICK;
	save.widget_text = "Add to favourites";
	action_init(&back);
	back.type = ACTION_BACK;
	action_init(&play);
	play.type = ACTION_CLICK;
	play.widget_text = "Play";

	CHECK(!oracle_save_explains(&snap));
	oracle_note_saves(&st, form, &save);
	CHECK(oracle_save_explains(&snap));
	oracle_note_saves(&st, form, &back);
	oracle_note_saves(&st, form, &back);
	CHECK(oracle_save_explains(&snap));
	oracle_note_saves(&st, form, &back);
	CHECK(!oracle_save_explains(&snap));

	snap.saves = 0;
	oracle_note_saves(&st, form, &save);
	CHECK(oracle_save_explains(&snap));
	oracle_note_saves(&st, form, &play);
	CHECK(!oracle_save_explains(&snap));
	oracle_note_saves(&st, form, &back);
	CHECK(!oracle_save_explains(&snap));

	/* Two saves: which one added the rows is not known. */
	snap.saves = 0;
	oracle_note_saves(&st, form, &save);
	oracle_note_saves(&st, form, &save);
	CHECK(!oracle_save_explains(&snap));
	/* A save pressed on the list itself opens a form; it claims nothing. */
	snap.saves = 0;
	oracle_note_saves(&st, list, &save);
	CHECK(!oracle_save_explains(&snap));

	oracle_lists_free(l, 1);
	ui_tree_free(list);
	ui_tree_free(form);
}

int main(void)
{
	RUN(state_lost_on_rotation);
	RUN(status_lost_on_rotation);
	RUN(checked_state_lost_on_background);
	RUN(state_kept_is_clean);
	RUN(duplicate_rows_after_one_save);
	RUN(save_explains_rows_only_through_backs);
	RUN(row_copied_by_a_trip);
	RUN(sort_claims_and_orders);
	RUN(sort_status_label_claims_nothing);
	RUN(control_flips_label_but_not_status);
	RUN(pause_turns_into_resume_while_recording_goes_on);
	RUN(control_judged_past_a_title_naming_the_state);
	RUN(control_seek_that_starts_playback);
	RUN(control_setting_differs_on_the_page_a_tap_opens);
	RUN(first_press_ignored_then_second_works);
	RUN(control_chosen_row_not_played);
	RUN(control_chosen_row_not_played_in_a_bar);
	RUN(control_boost_that_leaves_the_count);
	RUN(control_subscribe_beside_a_rounded_count_is_not_stuck);
	RUN(control_bar_offers_pause_after_leaving_a_paused_page);
	RUN(control_play_ignored_beside_not_playing);
	RUN(control_sound_button_ignored_beside_its_status);
	RUN(units_mixed_on_one_page);
	RUN(total_disagrees_with_rows);
	RUN(total_of_rows_that_start_with_another_number);
	RUN(total_in_a_unit_disagrees_with_rows);
	RUN(size_total_disagrees_with_rows);
	RUN(size_total_look_alikes_are_not_judged);
	RUN(sort_by_name_reads_a_later_text_column);
	RUN(sort_by_number_reads_the_right_column);
	RUN(display_overlap_and_offscreen);
	RUN(display_floating_button_over_the_last_row);
	RUN(genie_effect_containment);
	RUN(genie_effect_with_a_count_both_moved);
	RUN(genie_effect_masking);
	RUN(toggle_that_does_not_toggle);
	RUN(toggle_not_judged_after_dialog_or_navigation);
	RUN(toggle_in_list_rows_keeps_its_row);
	RUN(loading_that_never_finishes);
	RUN(loading_ignores_a_meter);
	RUN(loading_ignores_row_progress);
	RUN(trip_that_wiped_typed_text_is_not_repeated);
	RUN(trip_that_copied_rows_is_not_repeated);
	return test_summary();
}
