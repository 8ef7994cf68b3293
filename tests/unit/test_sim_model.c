/*
 * test_sim_model.c - the simulated device's behaviour: back stack and Back,
 * Home and relaunch, force-stop versus persisted state, pm clear, rotation,
 * focus and typing, and every injected bug of the demo apps: it fires when
 * the app is not fixed (and the ground truth records it with its event),
 * it does not fire when fixed, and what a tester can observe differs.
 */
#include <stdio.h>
#include <string.h>

#include "core/ui.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"
#include "device/sim/sim_view.h"
#include "test.h"

#include "sim_drive.h"

static struct sim_app *load_app(const char *name)
{
	char *path = sim_app_resolve(name, NULL);
	struct sim_app *app = NULL;
	int err = sim_app_load(path, &app);
	free(path);
	if (err)
		TEST_FAIL_AT("load %s: %s", name, td_errmsg(err));
	return app;
}

struct scenario {
	const char *app, *bug, *event;
	const char *steps[12];
};

static const struct scenario scenarios[] = {
	{ "notes", "notes-dup-save", "edit.save.click", { "tap:add", "tap:title", "input text Milk", "tap:save" } },
	{ "notes", "notes-rotate-body", "edit.rotate",
	  { "tap:add", "tap:body", "input text hello", "settings put system user_rotation 1" } },
	{ "notes", "notes-sort-body", "main.sort.click", { "tap:sort" } },
	{ "notes", "notes-crash-last", "main.ok.click", { "tap:delete", "tap:ok", "tap:delete", "tap:ok" } },
	{ "notes", "notes-large-text-reset", "settings.resume",
	  { "tap:settings_btn", "tap:large_switch", "input keyevent KEYCODE_HOME",
	    "monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1" } },
	{ "shop", "shop-total-skips-first", "cart.show", { "tap:add_to_cart#0", "tap:add_to_cart#1", "tap:nav_cart" } },
	{ "shop", "shop-orders-tab-wrong-page", "cart.nav_orders.click", { "tap:nav_cart", "tap:nav_orders" } },
	{ "shop", "shop-no-toast-headphones", "catalog.add_to_cart.click", { "tap:add_to_cart#3" } },
	{ "shop", "shop-gift-loses-order", "checkout.place.click",
	  { "tap:add_to_cart#0", "tap:nav_cart", "tap:checkout", "tap:name", "input text Ann", "tap:gift_box",
	    "tap:place" } },
	{ "shop", "shop-count-overlaps-total", "cart.show", { "tap:add_to_cart#0", "tap:nav_cart" } },
	{ "shop", "shop-headphones-never-load", "product.show", { "tap:product_row#3" } },
	{ "shop", "shop-review-twice", "review_edit.submit_review.click",
	  { "tap:product_row#0", "tap:reviews_btn", "tap:write_review", "tap:rating", "input text 4", "tap:submit_review" } },
	/* Signing in first: the address book is behind the account's sign-in form. */
	{ "shop", "shop-address-zip-rotate", "address_edit.rotate",
	  { "tap:nav_account", "tap:email", "input text ann@example.com", "tap:password", "input text password1",
	    "tap:sign_in", "tap:addresses_btn", "tap:add_address", "tap:zip", "input text 12345",
	    "settings put system user_rotation 1" } },
	{ "todo", "todo-sort-priority-by-name", "main.sort_priority.click", { "tap:sort_priority" } },
	{ "todo", "todo-rotate-loses-input", "main.rotate",
	  { "tap:new_task", "input text Walk", "settings put system user_rotation 1" } },
	{ "todo", "todo-hide-done-drops-add", "main.add.click",
	  { "tap:hide_done_box", "tap:new_task", "input text Walk", "tap:add" } },
	/* The first task starts ticked. */
	{ "todo", "todo-resume-undoes-first", "main.resume",
	  { "input keyevent 3", "monkey -p com.trident.todo -c android.intent.category.LAUNCHER 1" } },
	{ "todo", "todo-crash-delete-done", "main.task_row.long_click", { "long:task_row#2" } },
	{ "todo", "todo-summary-overlap-landscape", "main.show",
	  { "settings put system user_rotation 1", "input swipe 1200 900 1200 100 300" } },
	{ "player", "player-pause-ignored", "player.pause.click", { "tap:track_row#0", "tap:pause" } },
	{ "player", "player-next-skips", "player.next.click", { "tap:track_row#0", "tap:next" } },
	{ "player", "player-shuffle-stuck", "settings.shuffle_switch.click", { "tap:nav_settings", "tap:shuffle_switch" } },
	{ "player", "player-volume-offscreen", "player.show",
	  { "tap:nav_player", "settings put system user_rotation 1", "input swipe 1200 900 1200 100 300" } },
	{ "player", "player-eq-anr", "player.eq.click", { "tap:track_row#0", "tap:eq" } },
	{ "player", "player-pick-keeps-old-track", "library.track_row.click",
	  { "tap:track_row#0", "input keyevent KEYCODE_BACK", "tap:track_row#1" } },
};

TEST(every_injected_bug_fires_only_when_not_fixed)
{
	size_t n = sizeof scenarios / sizeof scenarios[0];
	size_t covered = 0;
	for (size_t i = 0; i < n; i++) {
		const struct scenario *sc = &scenarios[i];
		struct sim_app *app = load_app(sc->app);
		if (!app)
			continue;
		struct sim *buggy = start(app, false), *fixed = start(app, true);
		run_script(buggy, sc->steps);
		run_script(fixed, sc->steps);
		const char *ev = NULL;
		if (!fired(buggy, sc->bug, &ev))
			TEST_FAIL_AT("%s did not fire", sc->bug);
		else if (strcmp(ev, sc->event) != 0)
			TEST_FAIL_AT("%s fired at '%s', expected '%s'", sc->bug, ev, sc->event);
		if (fired(fixed, sc->bug, NULL))
			TEST_FAIL_AT("%s fired in the fixed app", sc->bug);
		const struct sim_bug_event *fe;
		CHECK_INT_EQ(sim_fired_bugs(fixed, &fe), 0);
		if (strstr(sc->bug, "overlap") || strstr(sc->bug, "offscreen"))
			CHECK(display_problems(buggy, sc->bug) > 0);
		char *ob = observe(buggy), *of = observe(fixed);
		if (!strcmp(ob, of))
			TEST_FAIL_AT("%s: buggy and fixed screens look the same", sc->bug);
		free(ob);
		free(of);
		sim_free(buggy);
		sim_free(fixed);
		sim_app_free(app);
		covered++;
	}
	/* every declared bug has a scenario */
	static const char *apps[] = { "notes", "shop", "todo", "player" };
	size_t declared = 0;
	for (int a = 0; a < 4; a++) {
		struct sim_app *app = load_app(apps[a]);
		const struct sim_bug_info *b;
		declared += app ? sim_app_bugs(app, &b) : 0;
		sim_app_free(app);
	}
	CHECK_INT_EQ(covered, declared);
}

/* The fixed apps' screens along every scenario, in both orientations. */
TEST(fixed_screens_are_clean_for_display_oracles)
{
	size_t n = sizeof scenarios / sizeof scenarios[0];
	for (size_t i = 0; i < n; i++) {
		const struct scenario *sc = &scenarios[i];
		struct sim_app *app = load_app(sc->app);
		if (!app)
			continue;
		struct sim *s = start(app, true);
		for (const char *const *st = sc->steps; *st; st++) {
			const char *one[2] = { *st, NULL };
			run_script(s, one);
			char where[200];
			snprintf(where, sizeof where, "%s after '%s'", sc->bug, *st);
			CHECK_INT_EQ(display_problems(s, where), 0);
			sh(s, "settings put system user_rotation 1");
			CHECK_INT_EQ(display_problems(s, where), 0);
			sh(s, "settings put system user_rotation 0");
		}
		sim_free(s);
		sim_app_free(app);
	}
}

TEST(back_stack_and_back_key)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim *s = start(app, true);
	CHECK(strstr(sh(s, "dumpsys activity activities"), "mResumedActivity: ActivityRecord{") != NULL);
	CHECK(strstr(last_out.buf, "com.trident.notes/.MainActivity t") != NULL);
	tap(s, "add", NULL, 0, false);
	CHECK(strstr(sh(s, "dumpsys window"), "mCurrentFocus=Window{") != NULL);
	CHECK(strstr(last_out.buf, "u0 com.trident.notes/com.trident.notes.EditActivity}") != NULL);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "content-desc=\"Navigate up\"") != NULL);
	sh(s, "input keyevent 4");
	CHECK(strstr(sh(s, "dumpsys activity activities"), "topResumedActivity=ActivityRecord{") != NULL);
	CHECK(strstr(last_out.buf, "notes/.MainActivity") != NULL);
	sh(s, "input keyevent KEYCODE_BACK");
	CHECK(strstr(sh(s, "dumpsys window"), "nexuslauncher") != NULL);
	CHECK(strstr(sh(s, "am start -W -n com.trident.notes/.MainActivity"), "LaunchState: WARM") != NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(home_relaunch_keeps_state_force_stop_does_not)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim *s = start(app, true);
	tap(s, "add", NULL, 0, false);
	tap(s, "title", NULL, 0, false);
	sh(s, "input text 'Trip%splan'");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"Trip plan\"") != NULL);
	CHECK(strstr(last_out.buf, "focused=\"true\"") != NULL);
	sh(s, "input keyevent KEYCODE_HOME");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "com.google.android.apps.nexuslauncher") != NULL);
	const char *o = sh(s, "am start -W -n com.trident.notes/.MainActivity");
	CHECK(strstr(o, "brought to the front") != NULL);
	CHECK(strstr(o, "Status: ok") != NULL);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"Trip plan\"") != NULL);
	sh(s, "am force-stop com.trident.notes");
	CHECK_STR_EQ(sh(s, "pidof com.trident.notes"), "");
	o = sh(s, "am start -W -n com.trident.notes/.MainActivity");
	CHECK(strstr(o, "LaunchState: COLD") != NULL);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "Trip plan") == NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(persisted_vars_survive_force_stop_not_pm_clear)
{
	struct sim_app *app = load_app("todo");
	REQUIRE(app);
	struct sim *s = start(app, true);
	tap(s, "hide_done_box", NULL, 0, false);       /* not persisted */
	tap(s, "new_task", NULL, 0, false);
	sh(s, "input text Walk");
	tap(s, "add", NULL, 0, false);                 /* tasks are persisted */
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "checked=\"true\"") != NULL);
	sh(s, "am force-stop com.trident.todo && monkey -p com.trident.todo -c android.intent.category.LAUNCHER 1");
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "text=\"Walk\"") != NULL);
	CHECK(strstr(x, "text=\"Hide completed\" resource-id=\"com.trident.todo:id/hide_done_box\" "
		      "class=\"android.widget.CheckBox\" package=\"com.trident.todo\" content-desc=\"\" "
		      "checkable=\"true\" checked=\"false\"") != NULL);
	CHECK_STR_EQ(sh(s, "pm clear com.trident.todo"), "Success\n");
	sh(s, "monkey -p com.trident.todo -c android.intent.category.LAUNCHER 1");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"Walk\"") == NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(rotation_relayouts_and_keeps_text)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim *s = start(app, true);
	tap(s, "add", NULL, 0, false);
	tap(s, "body", NULL, 0, false);
	sh(s, "input text abc && input keyevent 67 && input text d");
	sh(s, "settings put system user_rotation 1");
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "<hierarchy rotation=\"1\">") != NULL);
	CHECK(strstr(x, "bounds=\"[0,0][2400,1080]\"") != NULL);
	CHECK(strstr(x, "text=\"abd\"") != NULL);
	CHECK_STR_EQ(sh(s, "settings get system user_rotation"), "1\n");
	sh(s, "settings put system user_rotation 0");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "bounds=\"[0,0][1080,2400]\"") != NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(crash_goes_to_logcat_and_home)
{
	struct sim_app *app = load_app("todo");
	REQUIRE(app);
	struct sim *s = start(app, false);
	tap(s, "task_row", NULL, 2, true);
	const char *l = sh(s, "logcat -b crash -d");
	CHECK(strstr(l, "--------- beginning of crash") != NULL);
	CHECK(strstr(l, "E AndroidRuntime: FATAL EXCEPTION: main") != NULL);
	CHECK(strstr(l, "Process: com.trident.todo, PID: ") != NULL);
	CHECK(strstr(l, "java.lang.IllegalStateException: Task already archived") != NULL);
	CHECK(strstr(sh(s, "dumpsys window"), "nexuslauncher") != NULL);
	sh(s, "logcat -c");
	CHECK(strstr(sh(s, "logcat -b crash -d"), "FATAL") == NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(anr_dialog_wait_and_close)
{
	struct sim_app *app = load_app("player");
	REQUIRE(app);
	struct sim *s = start(app, false);
	tap(s, "track_row", NULL, 0, false);
	tap(s, "eq", NULL, 0, false);
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "Player isn&apos;t responding") != NULL);
	CHECK(strstr(x, "package=\"android\"") != NULL);
	tap(s, "aerr_wait", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "aerr_wait") == NULL);
	tap(s, "eq", NULL, 0, false);
	tap(s, "aerr_close", NULL, 0, false);
	CHECK_STR_EQ(sh(s, "pidof com.trident.player"), "");
	sim_free(s);
	sim_app_free(app);
}

TEST(dialog_and_toast)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim *s = start(app, true);
	tap(s, "delete", NULL, 0, false);
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "text=\"Delete note?\" resource-id=\"android:id/alertTitle\"") != NULL);
	CHECK(strstr(x, "note_list") == NULL); /* only the dialog window is dumped */
	sh(s, "input keyevent 4");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "note_list") != NULL);
	tap(s, "delete", NULL, 0, false);
	tap(s, "ok", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "Notes: 1") != NULL); /* the app starts with two notes */
	struct sim_screen_view *sv = NULL;
	CHECK_OK(sim_screen_view_get(s, &sv));
	struct strbuf sb = STRBUF_INIT;
	collect_toasts(sv->root, &sb);
	CHECK(strstr(sb.buf, "toast:Note deleted") != NULL);
	strbuf_release(&sb);
	sim_screen_view_free(sv);
	sim_free(s);
	sim_app_free(app);
}

TEST(scrolling_long_content)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim *s = start(app, true);
	for (int i = 0; i < 14; i++) {
		tap(s, "add", NULL, 0, false);
		tap(s, "title", NULL, 0, false);
		char cmd[64];
		snprintf(cmd, sizeof cmd, "input text Note%02d", i);
		sh(s, cmd);
		tap(s, "body", NULL, 0, false);
		sh(s, "input text x");
		tap(s, "save", NULL, 0, false);
	}
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "scrollable=\"true\"") != NULL);
	CHECK(strstr(x, "Note13") == NULL);
	sh(s, "input swipe 540 1800 540 300 300");
	sh(s, "input swipe 540 1800 540 300 300");
	x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "Note13") != NULL);
	CHECK(strstr(x, "text=\"Shopping\"") == NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(deep_links_and_exported)
{
	struct sim_app *app = load_app("notes");
	REQUIRE(app);
	struct sim_options o = { 0, 0, true, NULL };
	struct sim *s = NULL;
	REQUIRE(sim_new(app, &o, &s) == 0);
	const char *r = sh(s, "am start -W -a android.intent.action.VIEW -d notes://new");
	CHECK(strstr(r, "Starting: Intent { act=android.intent.action.VIEW dat=notes://new/... }") != NULL);
	CHECK(strstr(r, "Activity: com.trident.notes/.EditActivity") != NULL);
	r = sh(s, "am start -a android.intent.action.VIEW -d bogus://x");
	CHECK(strstr(r, "Error: Activity not started, unable to resolve Intent") != NULL);
	r = sh(s, "am start -n com.trident.notes/.NoteActivity");
	CHECK(strstr(r, "java.lang.SecurityException: Permission Denial") != NULL);
	r = sh(s, "am start -n com.trident.notes/.Nope");
	CHECK(strstr(r, "Error type 3") != NULL);
	CHECK(strstr(r, "Error: Activity class {com.trident.notes/com.trident.notes.Nope} does not exist.") != NULL);
	sim_free(s);
	sim_app_free(app);
}

TEST(tabs_bottom_nav_and_seekbar)
{
	static const char spec[] =
		"{\"package\":\"com.t.tabs\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"
		"\"state\":{\"vol\":{\"type\":\"number\",\"initial\":10}},"
		"\"screens\":{"
		"\"a\":{\"title\":\"A\",\"widgets\":[{\"type\":\"tabs\",\"id\":\"tabs\",\"items\":["
		"{\"id\":\"ta\",\"text\":\"First\",\"screen\":\"a\"},{\"id\":\"tb\",\"text\":\"Second\",\"screen\":\"b\"}]},"
		"{\"type\":\"seekbar\",\"id\":\"vol_bar\",\"bind\":\"vol\"},{\"type\":\"text\",\"id\":\"v\",\"text\":\"Vol {vol}\"}],"
		"\"bottom_nav\":[{\"id\":\"na\",\"text\":\"Home\",\"screen\":\"a\"},{\"id\":\"nb\",\"text\":\"More\",\"screen\":\"b\"}]},"
		"\"b\":{\"title\":\"B\",\"widgets\":[{\"type\":\"text\",\"text\":\"Page B\"}],"
		"\"bottom_nav\":[{\"id\":\"na\",\"text\":\"Home\",\"screen\":\"a\"},{\"id\":\"nb\",\"text\":\"More\",\"screen\":\"b\"}]}}}";
	struct sim_app *app = NULL;
	CHECK_OK(sim_app_load_text(spec, sizeof spec - 1, "tabs.json", &app));
	REQUIRE(app);
	struct sim *s = start(app, false);
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "text=\"First\" resource-id=\"com.t.tabs:id/ta\"") != NULL);
	CHECK(strstr(x, "selected=\"true\" bounds=\"[0,231][540,357]\"") != NULL); /* First tab selected */
	CHECK(strstr(x, "text=\"Home\" resource-id=\"com.t.tabs:id/na\"") != NULL);
	tap(s, "vol_bar", NULL, 0, false); /* the middle of the bar */
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"Vol 50\"") != NULL);
	tap(s, "tb", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "Page B") != NULL);
	tap(s, "na", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "Page B") == NULL);
	/* bottom navigation replaces: Back leaves the app */
	sh(s, "input keyevent 4");
	CHECK(strstr(sh(s, "dumpsys window"), "nexuslauncher") != NULL);
	sim_free(s);
	sim_app_free(app);
}

/* The bounds of the widget whose resource-id ends in "/id" in dump xml; false when absent. */
static bool bounds_of(const char *xml, const char *id, struct ui_rect *r)
{
	struct ui_tree *t = NULL;
	bool found = false;

	if (ui_parse(xml, strlen(xml), "dump", &t) != 0)
		return false;
	for (size_t i = 0; i < t->n_nodes && !found; i++) {
		const char *rid = t->nodes[i]->resource_id, *slash = strrchr(rid, '/');

		if (slash && !strcmp(slash + 1, id)) {
			*r = t->nodes[i]->bounds;
			found = true;
		}
	}
	ui_tree_free(t);
	return found;
}

/*
 * Floating action buttons: every visible one is laid out, the first in the
 * bottom-right corner and each next above it; a hidden one takes no place
 * and leaves the widget before it as it was (jotter: a hidden fab stretched
 * the last view to the fab's height, "extends outside the screen").
 */
TEST(fabs_stack_and_a_hidden_fab_takes_no_place)
{
	static const char spec[] =
		"{\"package\":\"com.t.fab\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"
		"\"state\":{\"show\":{\"type\":\"bool\"}},"
		"\"screens\":{\"main\":{\"title\":\"Fabs\",\"widgets\":["
		"{\"type\":\"fab\",\"id\":\"add_fab\",\"desc\":\"Add\"},"
		"{\"type\":\"button\",\"id\":\"first_btn\",\"text\":\"First\",\"on_click\":[{\"toggle\":\"show\"}]},"
		"{\"type\":\"button\",\"id\":\"last_btn\",\"text\":\"Last\"},"
		"{\"type\":\"fab\",\"id\":\"scan_fab\",\"desc\":\"Scan\",\"visible\":\"show\"}]}}}";
	struct sim_app *app = NULL;
	struct ui_rect first = { 0 }, last = { 0 }, add = { 0 }, scan = { 0 };

	CHECK_OK(sim_app_load_text(spec, sizeof spec - 1, "fab.json", &app));
	REQUIRE(app);
	struct sim *s = start(app, false);
	const char *x = sh(s, "uiautomator dump /dev/tty");
	REQUIRE(bounds_of(x, "first_btn", &first) && bounds_of(x, "last_btn", &last));
	CHECK_INT_EQ(last.y2 - last.y1, first.y2 - first.y1); /* not stretched by the hidden fab */
	CHECK(!bounds_of(x, "scan_fab", &scan));
	CHECK(bounds_of(x, "add_fab", &add));
	CHECK_INT_EQ(add.x2, 1080 - 42 - 21);
	CHECK_INT_EQ(add.y2, 2400 - 42 - 21);
	CHECK_INT_EQ(add.y2 - add.y1, 147);
	CHECK_INT_EQ(add.x2 - add.x1, 147);
	tap(s, "first_btn", NULL, 0, false);
	x = sh(s, "uiautomator dump /dev/tty");
	CHECK(bounds_of(x, "add_fab", &add) && bounds_of(x, "scan_fab", &scan));
	CHECK_INT_EQ(add.y2, 2400 - 42 - 21);
	CHECK_INT_EQ(scan.x2, add.x2);
	CHECK_INT_EQ(scan.y2, add.y1 - 21); /* stacked above the first */
	CHECK_INT_EQ(scan.y2 - scan.y1, 147);
	CHECK(bounds_of(x, "last_btn", &last) && last.y2 - last.y1 == first.y2 - first.y1);
	sim_free(s);
	sim_app_free(app);
}

/*
 * A screen's "args" come back with it: a post opened from the page of a
 * user opened from another post, then Back twice, shows the first post
 * again (each frame keeps the item it showed, as a real back stack does);
 * without "args" the global variable keeps the last post.
 */
TEST(a_screens_args_come_back_with_it)
{
	static const char spec[] =
		"{\"package\":\"com.t.args\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"
		"\"state\":{\"cur\":{\"type\":\"number\"},\"who\":{\"type\":\"string\",\"initial\":\"ann\"}},"
		"\"screens\":{\"main\":{\"title\":\"Posts\",\"widgets\":["
		"{\"type\":\"button\",\"id\":\"open1\",\"text\":\"Post 1\",\"on_click\":[{\"set\":\"cur\",\"value\":1},"
		"{\"navigate\":\"post\"}]}]},"
		"\"post\":{\"title\":\"Post {cur}\",\"args\":[\"cur\"],\"widgets\":["
		"{\"type\":\"button\",\"id\":\"author\",\"text\":\"By bob\",\"on_click\":[{\"set\":\"who\",\"value\":\"bob\"},"
		"{\"navigate\":\"person\"}]}]},"
		"\"person\":{\"title\":\"User {who}\",\"widgets\":["
		"{\"type\":\"button\",\"id\":\"open2\",\"text\":\"Post 2\",\"on_click\":[{\"set\":\"cur\",\"value\":2},"
		"{\"navigate\":\"post\"}]}]}}}";
	for (int with = 1; with >= 0; with--) {
		struct sim_app *app = NULL;
		char *text = strdup(spec);

		if (!with) {
			char *a = strstr(text, "\"args\":[\"cur\"],");
			memmove(a, a + strlen("\"args\":[\"cur\"],"), strlen(a + strlen("\"args\":[\"cur\"],")) + 1);
		}
		CHECK_OK(sim_app_load_text(text, strlen(text), "args.json", &app));
		REQUIRE(app);
		struct sim *s = start(app, false);
		tap(s, "open1", NULL, 0, false);
		tap(s, "author", NULL, 0, false);
		tap(s, "open2", NULL, 0, false);
		CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "Post 2"));
		sh(s, "input keyevent 4");
		CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "User bob"));
		sh(s, "input keyevent 4");
		CHECK(!strstr(sh(s, "uiautomator dump /dev/tty"), with ? "Post 2" : "Post 1"));
		CHECK(strstr(last_out.buf, with ? "Post 1" : "Post 2"));
		sim_free(s);
		sim_app_free(app);
		free(text);
	}
}

/*
 * List functions read a list variable in place; inside a list's row, a
 * row field of the same name still means the field (len() of its text).
 */
TEST(list_functions_read_lists_and_row_fields_shadow_them)
{
	static const char spec[] =
		"{\"package\":\"com.t.lists\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"
		"\"state\":{\"tags\":{\"type\":\"list\",\"fields\":{\"name\":\"string\",\"on\":\"bool\",\"w\":\"number\"},"
		"\"initial\":[{\"name\":\"red\",\"on\":true,\"w\":2},{\"name\":\"blue\",\"w\":5},{\"name\":\"green\",\"on\":true,\"w\":9}]},"
		"\"rows\":{\"type\":\"list\",\"fields\":{\"tags\":\"string\"},\"initial\":[{\"tags\":\"abcd\"}]}},"
		"\"screens\":{\"main\":{\"title\":\"L={len(tags)} A={at(tags, 1, 'name')} C={count(tags,'on')} S={sum( tags , 'w')} "
		"O={sorted(tags, 'w')} N={len(rows)}\","
		"\"widgets\":[{\"type\":\"list\",\"id\":\"rl\",\"items\":\"rows\",\"row\":{\"type\":\"text\",\"id\":\"r\","
		"\"text\":\"row {len(tags)} {at(rows, 0, 'tags')}\"}}]}}}";
	struct sim_app *app = NULL;
	CHECK_OK(sim_app_load_text(spec, sizeof spec - 1, "lists.json", &app));
	REQUIRE(app);
	struct sim *s = start(app, false);
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "text=\"L=3 A=blue C=2 S=16 O=true N=1\"") != NULL);
	/* In the row, `tags` is the row's field "abcd": 4 characters, not 3 rows. */
	CHECK(strstr(x, "text=\"row 4 abcd\"") != NULL);
	sim_free(s);
	sim_app_free(app);
}

/*
 * The keys of one `input keyevent` are laid out once, after the last: a
 * widget bug the field's final text shows is recorded, one only a state
 * between two of the keys would show is not (no capture can see it).
 */
TEST(one_keyevent_batch_is_laid_out_after_its_last_key)
{
	static const char spec[] =
		"{\"package\":\"com.t.keys\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"
		"\"screens\":{\"main\":{\"title\":\"Keys\",\"widgets\":[{\"type\":\"edit\",\"id\":\"e\",\"hint\":\"E\"},"
		"{\"type\":\"text\",\"id\":\"echo\",\"text\":\"typed {@e}\"}]}},"
		"\"bugs\":[{\"id\":\"keys-one-left\",\"category\":\"content missing\",\"description\":\"one letter left\","
		"\"widget\":\"main.echo\",\"when\":\"len(@e) == 1\",\"override\":{\"text\":\"one\"}},"
		"{\"id\":\"keys-two-left\",\"category\":\"content missing\",\"description\":\"two letters left\","
		"\"widget\":\"main.echo\",\"when\":\"len(@e) == 2\",\"override\":{\"text\":\"two\"}}]}";
	struct sim_app *app = NULL;
	CHECK_OK(sim_app_load_text(spec, sizeof spec - 1, "keys.json", &app));
	REQUIRE(app);
	struct sim *s = start(app, false);
	tap(s, "e", NULL, 0, false);
	sh(s, "input text abc");
	CHECK(!fired(s, "keys-two-left", NULL));
	sh(s, "input keyevent MOVE_END DEL DEL --longpress");
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"one\"") != NULL);
	CHECK(fired(s, "keys-one-left", NULL));
	CHECK(!fired(s, "keys-two-left", NULL));
	sh(s, "input text b");
	CHECK(fired(s, "keys-two-left", NULL));
	sim_free(s);
	sim_app_free(app);
}

/* Every effect kind, checked through what the screen shows. */
TEST(effects)
{
	static const char spec[] =
		"{\"package\":\"com.t.fx\",\"activities\":[{\"name\":\".Main\",\"launcher\":true},"
		"{\"name\":\".Other\",\"exported\":true,\"screen\":\"other\"}],"
		"\"state\":{\"n\":{\"type\":\"number\",\"initial\":1},\"flag\":{\"type\":\"bool\"},"
		"\"name\":{\"type\":\"string\",\"initial\":\"x\"},"
		"\"l\":{\"type\":\"list\",\"fields\":{\"t\":\"string\",\"v\":\"number\",\"on\":\"bool\"},"
		"\"initial\":[{\"t\":\"b\",\"v\":2},{\"t\":\"a\",\"v\":5},{\"t\":\"c\",\"v\":1}]}},"
		"\"screens\":{\"main\":{\"title\":\"N={n} F={flag} S={name} L={len(l)} Sum={sum(l,'v')} On={count(l,'on')} {{x}}\","
		"\"widgets\":[{\"type\":\"edit\",\"id\":\"e\",\"hint\":\"E\"},"
		"{\"type\":\"button\",\"id\":\"inc\",\"text\":\"inc\",\"on_click\":[{\"increment\":\"n\",\"by\":\"n * 2\"},{\"toggle\":\"flag\"},{\"set\":\"name\",\"value\":\"got {@e}\"}]},"
		"{\"type\":\"button\",\"id\":\"cond\",\"text\":\"cond\",\"on_click\":[{\"if\":\"n > 2 && contains(name, 'GOT')\",\"then\":[{\"reset\":\"n\"}],\"else\":[{\"set\":\"n\",\"expr\":\"100\"}]}]},"
		"{\"type\":\"button\",\"id\":\"lst\",\"text\":\"lst\",\"on_click\":[{\"append\":\"l\",\"record\":{\"t\":\"{@e}\",\"v\":\"{len(l) + 10}\"}},"
		"{\"sort\":\"l\",\"by\":\"v\",\"order\":\"desc\"},{\"set_field\":\"t\",\"list\":\"l\",\"index\":\"0\",\"value\":\"top\"},"
		"{\"toggle_field\":\"on\",\"list\":\"l\",\"index\":\"1\"},{\"remove\":\"l\",\"where\":\"v < 2\"},{\"clear_inputs\":true}]},"
		"{\"type\":\"button\",\"id\":\"inp\",\"text\":\"inp\",\"on_click\":[{\"set_input\":\"e\",\"value\":\"preset\"},{\"dialog\":\"d\"}]},"
		"{\"type\":\"button\",\"id\":\"go\",\"text\":\"go\",\"on_click\":[{\"navigate\":\"other\"}]},"
		"{\"type\":\"list\",\"id\":\"rows\",\"items\":\"l\",\"row\":{\"type\":\"text\",\"id\":\"r\",\"text\":\"{t}:{v}:{on}\"}}],"
		"\"dialogs\":{\"d\":{\"title\":\"D\",\"buttons\":[{\"id\":\"stay\",\"text\":\"Stay\",\"keep\":true,\"on_click\":[{\"increment\":\"n\"}]},"
		"{\"id\":\"close\",\"text\":\"Close\"}]}}},"
		"\"other\":{\"activity\":\".Other\",\"title\":\"Other\",\"widgets\":["
		"{\"type\":\"button\",\"id\":\"fin\",\"text\":\"fin\",\"on_click\":[{\"finish\":true}]},"
		"{\"type\":\"button\",\"id\":\"rep\",\"text\":\"rep\",\"on_click\":[{\"navigate\":\"main\",\"mode\":\"clear\"}]}]}}}";
	struct sim_app *app = NULL;
	CHECK_OK(sim_app_load_text(spec, sizeof spec - 1, "fx.json", &app));
	REQUIRE(app);
	struct sim *s = start(app, true);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"N=1 F=false S=x L=3 Sum=8 On=0 {x}\"") != NULL);
	tap(s, "e", NULL, 0, false);
	sh(s, "input text GOT");
	tap(s, "inc", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "N=3 F=true S=got GOT") != NULL);
	tap(s, "cond", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "N=1 F=true") != NULL);
	tap(s, "cond", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "N=100 ") != NULL);
	tap(s, "lst", NULL, 0, false); /* append GOT:13, sort desc, top, toggle, drop v<2 */
	const char *x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "text=\"top:13:false\"") != NULL);
	CHECK(strstr(x, "text=\"a:5:true\"") != NULL);
	CHECK(strstr(x, "text=\"b:2:false\"") != NULL);
	CHECK(strstr(x, "c:1") == NULL);
	CHECK(strstr(x, "text=\"E\" resource-id=\"com.t.fx:id/e\"") != NULL); /* cleared: hint shows */
	tap(s, "inp", NULL, 0, false);
	tap(s, "stay", NULL, 0, false);
	CHECK(strstr(sh(s, "uiautomator dump /dev/tty"), "text=\"Stay\"") != NULL); /* kept open */
	tap(s, "close", NULL, 0, false);
	x = sh(s, "uiautomator dump /dev/tty");
	CHECK(strstr(x, "N=101 ") != NULL);
	CHECK(strstr(x, "text=\"preset\"") != NULL);
	tap(s, "go", NULL, 0, false);
	tap(s, "fin", NULL, 0, false);
	CHECK(strstr(sh(s, "dumpsys window"), "com.t.fx/com.t.fx.Main}") != NULL);
	tap(s, "go", NULL, 0, false);
	tap(s, "rep", NULL, 0, false);
	CHECK(strstr(sh(s, "dumpsys activity activities"), "Hist #1:") == NULL);
	sim_free(s);
	sim_app_free(app);
}

int main(void)
{
	RUN(every_injected_bug_fires_only_when_not_fixed);
	RUN(fixed_screens_are_clean_for_display_oracles);
	RUN(back_stack_and_back_key);
	RUN(home_relaunch_keeps_state_force_stop_does_not);
	RUN(persisted_vars_survive_force_stop_not_pm_clear);
	RUN(rotation_relayouts_and_keeps_text);
	RUN(crash_goes_to_logcat_and_home);
	RUN(anr_dialog_wait_and_close);
	RUN(dialog_and_toast);
	RUN(scrolling_long_content);
	RUN(deep_links_and_exported);
	RUN(tabs_bottom_nav_and_seekbar);
	RUN(effects);
	RUN(a_screens_args_come_back_with_it);
	RUN(list_functions_read_lists_and_row_fields_shadow_them);
	RUN(one_keyevent_batch_is_laid_out_after_its_last_key);
	RUN(fabs_stack_and_a_hidden_fab_takes_no_place);
	strbuf_release(&last_out);
	return test_summary();
}
