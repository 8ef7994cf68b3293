/*
 * test_offline_replay.c - replay confirmation on the simulated notes app:
 * a real rotation data loss reproduces (and keeps only the needed steps),
 * the same candidate on the fixed variant and a made-up candidate do not;
 * the toggle and loading oracles' candidates (player's stuck Shuffle
 * switch, shop's endless Headphones spinner, also with the row click as the
 * Explorer records it) and the entry_missing oracle's (todo's task added
 * while Hide completed is ticked), and the control oracle's (the radio test
 * app's Play that turns into Pause while the status reads Stopped) and the
 * total oracle's (the shop cart's total that leaves out the first item),
 * the navigation oracle's (the tabs test app's Alerts item that opens Home,
 * its Back from a message to Home) and the crud oracle's (the memo test
 * app's new memo that is not listed, its Delete that removes another memo,
 * and the farecard test app's balance that ignores a top-up made on its own page),
 * the process_death oracle's (the pantry test app's setting and item
 * that do not survive force-stop and relaunch) and the feedback oracle's
 * (its Save with an empty name that says nothing)
 * reproduce on the apps and not on their fixed variants; login scripts parse, reject bad input, and run.
 * A long candidate is confirmed from a clean start and its last steps
 * alone (and falls back to all steps where that fails); a replay that keeps
 * only its last two screens, with a tracker fed as it goes, rechecks the
 * same as one that keeps every screen, and so does a long replay that keeps
 * only the screens a `recheck` function declares it reads (rotation,
 * feedback, duplicate: a few trees of 29-46 screens); replay_opts.screen_key
 * keeps the first or the latest screen of each key.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/login.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "device/device.h"

#define PKG "com.trident.notes"

/* A widget action addressed by resource-id. */
static void step_by_id(struct bug *b, enum action_type type, const char *id, const char *text)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.resource_id = (char *)id;
	a.text = (char *)text;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/* A widget action addressed by resource-id and label, as the Explorer records a button. */
static void step_by_id_label(struct bug *b, enum action_type type, const char *id, const char *label)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.resource_id = (char *)id;
	a.widget_text = (char *)label;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/* A widget action addressed by its label. */
static void step_by_label(struct bug *b, enum action_type type, const char *label)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.widget_text = (char *)label;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/* A global action. */
static void step_global(struct bug *b, enum action_type type, int rotation)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.rotation = rotation;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/* Start candidate b of `oracle` ("oracle:NAME") whose last `trigger` steps trigger it. */
static void candidate_init(struct bug *b, const char *title, const char *oracle, enum bug_category category,
			   int trigger)
{
	bug_init(b);
	b->title = strdup(title);
	b->found_by = strdup(oracle);
	b->category = category;
	b->extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b->extra, "trigger_steps", trigger);
}

/* The rotation candidate: open a new note, type a body, rotate and back (after a restart). */
static void rotation_bug(struct bug *b)
{
	candidate_init(b, "Text entered in 'body' is lost after rotation", "oracle:rotation", BUG_CAT_DATA_LOSS, 2);
	step_by_id(b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
	step_global(b, ACTION_RESTART, -1);
	step_by_id(b, ACTION_CLICK, PKG ":id/add", NULL);
	step_by_id(b, ACTION_INPUT, PKG ":id/body", "milk_and_bread");
	step_global(b, ACTION_ROTATE, 1);
	step_global(b, ACTION_ROTATE, 0);
}

/* Open a sim device, or NULL (the test is then skipped). */
static struct device *open_sim(const char *spec)
{
	struct device *dev = NULL;

	if (device_open(spec, NULL, &dev) != TD_OK)
		return NULL;
	return dev;
}

TEST(real_loss_is_confirmed_and_shortened)
{
	struct device *dev = open_sim("sim:notes");
	struct bug b;
	int replays = 0;

	REQUIRE(dev);
	rotation_bug(&b);
	REQUIRE(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(b.confirmed);
	CHECK_INT_EQ(replays, 1);
	/* Only the steps after the restart were needed. */
	CHECK_INT_EQ(b.n_steps, 4);
	bug_release(&b);
	device_close(dev);
}

TEST(fixed_variant_rejects_candidate)
{
	struct device *dev = open_sim("sim:notes:fixed");
	struct bug b;
	int replays = 0;

	REQUIRE(dev);
	rotation_bug(&b);
	REQUIRE(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(!b.confirmed);
	CHECK_INT_EQ(replays, 2); /* the short list, then all steps */
	CHECK_INT_EQ(b.n_steps, 6);
	bug_release(&b);
	device_close(dev);
}

TEST(made_up_candidate_is_rejected)
{
	struct device *dev = open_sim("sim:notes");
	struct bug b;

	REQUIRE(dev);
	bug_init(&b);
	b.title = strdup("\"Notes\" overlaps \"Sort A-Z\"");
	b.found_by = strdup("oracle:display");
	step_by_id(&b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
	REQUIRE(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, NULL) == TD_OK);
	CHECK(!b.confirmed);
	free(b.found_by);
	b.found_by = strdup("detector");
	CHECK(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, NULL) == TD_ERR_INVALID);
	bug_release(&b);
	device_close(dev);
}

/* Replay-confirm candidate b (released) on a fresh `spec` device; whether it was confirmed. */
static bool confirmed_on(const char *spec, const char *package, struct bug *b)
{
	struct device *dev = open_sim(spec);
	bool confirmed = dev && replay_confirm(dev, package, NULL, 0.3, 2, b, NULL) == TD_OK && b->confirmed;

	bug_release(b);
	if (dev)
		device_close(dev);
	return confirmed;
}

/* Whether the candidate `build` makes is confirmed on `app` and rejected on its fixed variant. */
static bool confirmed_only_when_buggy(void (*build)(struct bug *), const char *app, const char *package)
{
	char fixed[512];
	struct bug b;
	bool on_buggy, on_fixed;

	snprintf(fixed, sizeof(fixed), "%s:fixed", app);
	build(&b);
	on_buggy = confirmed_on(app, package, &b);
	build(&b);
	on_fixed = confirmed_on(fixed, package, &b);
	return on_buggy && !on_fixed;
}

/* The toggle candidate on the player: open Settings, tap Shuffle (off); it stays off. */
static void stuck_switch_bug(struct bug *b)
{
	candidate_init(b, "Tapping 'shuffle_switch' does not toggle it", "oracle:toggle", BUG_CAT_SETTINGS, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.player:id/nav_settings", NULL);
	step_by_id(b, ACTION_CHECK, "com.trident.player:id/shuffle_switch", NULL);
}

TEST(stuck_switch_confirmed_only_when_stuck)
{
	CHECK(confirmed_only_when_buggy(stuck_switch_bug, "sim:player", "com.trident.player"));
}

/*
 * The loading candidate on the shop: open Headphones, wait (20 ms here); the
 * spinner stays. `as_recorded`: the click as the Explorer records it, on the
 * Headphones row, which shares its id and label with the other rows (Coffee
 * beans' row comes first) so that only its bounds tell it apart; else by
 * the label "Headphones".
 */
static void endless_spinner_bug(struct bug *b, bool as_recorded)
{
	struct action a;

	candidate_init(b, "Page never finishes loading (ProductActivity)", "oracle:loading", BUG_CAT_PAGE_LOADING, 1);
	if (as_recorded) {
		action_init(&a);
		a.type = ACTION_CLICK;
		a.widget = 4;
		a.widget_text = (char *)"product_row";
		a.resource_id = (char *)"com.trident.shop:id/product_row";
		a.class_name = (char *)"android.widget.LinearLayout";
		a.bounds = (struct ui_rect){ 0, 735, 1080, 903 };
		a.x = 540;
		a.y = 819;
		bug_add_step(b, -1, &a, NULL, NULL);
	} else {
		step_by_label(b, ACTION_CLICK, "Headphones");
	}
	step_global(b, ACTION_WAIT, -1);
	cJSON_AddNumberToObject(b->extra, "wait_ms", 20);
}

TEST(endless_spinner_confirmed_only_when_endless)
{
	struct bug b;

	for (int recorded = 0; recorded < 2; recorded++) {
		endless_spinner_bug(&b, recorded);
		CHECK(confirmed_on("sim:shop", "com.trident.shop", &b));
		endless_spinner_bug(&b, recorded);
		CHECK(!confirmed_on("sim:shop:fixed", "com.trident.shop", &b));
	}
}

/* The entry_missing candidate on the todo app: tick Hide completed, type a task, Add it. */
static void lost_entry_bug(struct bug *b)
{
	candidate_init(b, "'Add task' accepted \"Water plants\" but the list does not show it", "oracle:entry_missing",
		       BUG_CAT_DATA_OPERATION, 0);
	step_by_id(b, ACTION_CHECK, "com.trident.todo:id/hide_done_box", NULL);
	step_by_id(b, ACTION_INPUT, "com.trident.todo:id/new_task", "Water plants");
	step_by_id_label(b, ACTION_CLICK, "com.trident.todo:id/add", "Add task");
}

TEST(lost_entry_confirmed_only_when_lost)
{
	CHECK(confirmed_only_when_buggy(lost_entry_bug, "sim:todo", "com.trident.todo"));
}

/* The control candidate on the radio test app: Play turns into Pause while the status reads Stopped. */
static void flipped_control_bug(struct bug *b)
{
	candidate_init(b, "'Play' turns into 'Pause' but 'Stopped' does not change", "oracle:control",
		       BUG_CAT_MEDIA_CONTROL, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.radio:id/play", NULL);
}

TEST(flipped_control_confirmed_only_when_stuck)
{
	CHECK(confirmed_only_when_buggy(flipped_control_bug, "sim:" TRIDENT_SOURCE_DIR "/tests/data/apps/radio.json",
					"com.trident.radio"));
}

/* The total candidate on the shop: add an item twice, open the cart; its total leaves out the first. */
static void wrong_total_bug(struct bug *b)
{
	candidate_init(b, "'Total' does not equal the sum of the rows shown", "oracle:total",
		       BUG_CAT_CALCULATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.shop:id/add_to_cart", NULL);
	step_by_id(b, ACTION_CLICK, "com.trident.shop:id/add_to_cart", NULL);
	step_by_id(b, ACTION_CLICK, "com.trident.shop:id/nav_cart", NULL);
}

TEST(wrong_total_confirmed_only_when_wrong)
{
	CHECK(confirmed_only_when_buggy(wrong_total_bug, "sim:shop", "com.trident.shop"));
}

#define TABS_APP "sim:" TRIDENT_SOURCE_DIR "/tests/data/apps/tabs.json"
#define MEMO_APP "sim:" TRIDENT_SOURCE_DIR "/tests/data/apps/memo.json"

/* The navigation candidate on the tabs test app: on Inbox, the Alerts item opens the Home page. */
static void wrong_tab_bug(struct bug *b)
{
	candidate_init(b, "'Alerts' opens the 'Home' page", "oracle:navigation", BUG_CAT_NAVIGATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.tabs:id/nav_inbox", NULL);
	step_by_id(b, ACTION_CLICK, "com.trident.tabs:id/nav_alerts", NULL);
}

/* The navigation candidate: Inbox, a message, Back lands on Home. */
static void wrong_back_bug(struct bug *b)
{
	candidate_init(b, "Back from .MessageActivity lands on 'Home' instead of 'Inbox'", "oracle:navigation",
		       BUG_CAT_NAVIGATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.tabs:id/nav_inbox", NULL);
	step_by_label(b, ACTION_CLICK, "Lunch on Friday");
	step_global(b, ACTION_BACK, -1);
}

TEST(wrong_navigation_confirmed_only_when_wrong)
{
	CHECK(confirmed_only_when_buggy(wrong_tab_bug, TABS_APP, "com.trident.tabs"));
	CHECK(confirmed_only_when_buggy(wrong_back_bug, TABS_APP, "com.trident.tabs"));
}

/* The crud candidate on the memo test app: a new memo saved that the list does not show. */
static void lost_memo_bug(struct bug *b)
{
	candidate_init(b, "An entry saved from 'com.trident.memo:id/title' is missing from the list", "oracle:crud",
		       BUG_CAT_DATA_OPERATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.memo:id/add", NULL);
	step_by_id(b, ACTION_INPUT, "com.trident.memo:id/title", "Water plants");
	step_by_id(b, ACTION_CLICK, "com.trident.memo:id/save", NULL);
}

/* The crud candidate: Books opened and deleted; Agenda goes instead. */
static void wrong_delete_bug(struct bug *b)
{
	candidate_init(b, "Deleting a row opened from 'memo_list' removes another row instead", "oracle:crud", BUG_CAT_DATA_OPERATION, 0);
	step_by_label(b, ACTION_CLICK, "Books");
	step_by_id(b, ACTION_CLICK, "com.trident.memo:id/delete_memo", NULL);
	step_by_label(b, ACTION_CLICK, "Delete");
}

TEST(wrong_data_operation_confirmed_only_when_wrong)
{
	CHECK(confirmed_only_when_buggy(lost_memo_bug, MEMO_APP, "com.trident.memo"));
	CHECK(confirmed_only_when_buggy(wrong_delete_bug, MEMO_APP, "com.trident.memo"));
}

/* The total candidate across pages on the farecard test app: a top-up of 15 that the balance ignores. */
static void uncredited_topup_bug(struct bug *b)
{
	candidate_init(b, "'Balance' does not change by the added row's amount", "oracle:total",
		       BUG_CAT_CALCULATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.farecard:id/top_up", NULL);
	step_by_id(b, ACTION_INPUT, "com.trident.farecard:id/amount", "15");
	step_by_id(b, ACTION_CLICK, "com.trident.farecard:id/pay", NULL);
}

TEST(total_across_pages_confirmed_only_when_wrong)
{
	CHECK(confirmed_only_when_buggy(uncredited_topup_bug, "sim:" TRIDENT_SOURCE_DIR "/tests/data/apps/farecard.json",
					"com.trident.farecard"));
}

#define PANTRY "sim:" TRIDENT_SOURCE_DIR "/tests/data/apps/pantry.json"

/* The process-death candidate on the pantry test app: Compact rows on, then force-stop, relaunch, back to it. */
static void reverted_setting_bug(struct bug *b)
{
	candidate_init(b, "Setting 'compact_switch' reverts after force-stop and relaunch", "oracle:process_death",
		       BUG_CAT_SETTINGS, 2);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/prefs_btn", NULL);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/compact_switch", NULL);
	step_global(b, ACTION_RESTART, -1);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/prefs_btn", NULL);
}

/* An item saved on the pantry test app, then force-stop and relaunch (the list is the entry screen). */
static void lost_saved_entry_bug(struct bug *b)
{
	candidate_init(b, "Saved entry 'Oats' is gone after force-stop and relaunch", "oracle:process_death",
		       BUG_CAT_DATA_OPERATION, 1);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
	step_by_id(b, ACTION_INPUT, "com.trident.pantry:id/name", "Oats");
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/save", NULL);
	step_global(b, ACTION_RESTART, -1);
}

/* Save on the pantry's new-item form with the name left empty: nothing happens, no message. */
static void silent_save_bug(struct bug *b)
{
	candidate_init(b, "'Save' with empty 'name' gives no feedback", "oracle:feedback", BUG_CAT_FEEDBACK_MISSING, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
	step_by_id_label(b, ACTION_CLICK, "com.trident.pantry:id/save", "Save");
}

TEST(feedback_confirmed_only_when_silent)
{
	CHECK(confirmed_only_when_buggy(silent_save_bug, PANTRY, "com.trident.pantry"));
}

/*
 * The silent Save with a step in the middle that names a widget the screen
 * it acts on does not show (Preferences, on the new-item form), recorded
 * at a point where the form shows nothing: tapping the point changes
 * nothing, so the finding would show, but the path does not replay as
 * recorded (streaks seed 1: a path replayed from nearer the bug tapped the
 * + button's point on the Settings page and ended in the browser).
 */
static void silent_save_off_path_bug(struct bug *b)
{
	struct action a;

	candidate_init(b, "'Save' with empty 'name' gives no feedback", "oracle:feedback", BUG_CAT_FEEDBACK_MISSING, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
	action_init(&a);
	a.type = ACTION_CLICK;
	a.resource_id = "com.trident.pantry:id/prefs_btn";
	a.widget_text = "Preferences";
	a.x = 540;
	a.y = 2000;
	bug_add_step(b, -1, &a, NULL, NULL);
	step_by_id_label(b, ACTION_CLICK, "com.trident.pantry:id/save", "Save");
}

TEST(path_off_its_widgets_is_not_confirmed)
{
	struct device *dev = open_sim(PANTRY);
	struct bug b;
	struct action *steps;
	struct replay_result r;
	struct replay_opts loose = { .clear_data = true }, strict = { .clear_data = true, .stop_off_path = true };

	REQUIRE(dev);
	silent_save_off_path_bug(&b);
	steps = calloc(b.n_steps, sizeof(*steps));
	REQUIRE(steps);
	for (size_t i = 0; i < b.n_steps; i++)
		steps[i] = b.steps[i].action;
	/* Without stop_off_path the tap goes to the recorded point and is counted. */
	REQUIRE(replay_run(dev, "com.trident.pantry", steps, b.n_steps, &loose, &r) == TD_OK);
	CHECK_INT_EQ(r.off_path, 1);
	CHECK_INT_EQ(r.n_done, 3);
	replay_result_release(&r);
	/* With it the replay stops before the step, naming it. */
	CHECK_INT_EQ(replay_run(dev, "com.trident.pantry", steps, b.n_steps, &strict, &r), TD_ERR_NOT_FOUND);
	CHECK_INT_EQ(r.n_done, 1);
	CHECK(strstr(td_errmsg(TD_ERR_NOT_FOUND), "no widget 'Preferences'") != NULL);
	replay_result_release(&r);
	free(steps);
	device_close(dev);
	/* Confirmation and the minimiser's check replay strictly: not confirmed,
	 * although the silent Save itself is (feedback_confirmed_only_when_silent). */
	CHECK(!confirmed_on(PANTRY, "com.trident.pantry", &b));
	silent_save_off_path_bug(&b);
	dev = open_sim(PANTRY);
	REQUIRE(dev);
	{
		struct action *all = calloc(b.n_steps, sizeof(*all));

		REQUIRE(all);
		for (size_t i = 0; i < b.n_steps; i++)
			all[i] = b.steps[i].action;
		CHECK(!replay_confirm_check(dev, "com.trident.pantry", NULL, 0.3, &b, all, b.n_steps, 1, NULL));
		/* The same check passes once the stray step is left out. */
		all[1] = all[2];
		CHECK(replay_confirm_check(dev, "com.trident.pantry", NULL, 0.3, &b, all, 2, 1, NULL));
		free(all);
	}
	bug_release(&b);
	device_close(dev);
}

/* The silent Save reported about the quantity field: the replay shows the finding about the name. */
static void silent_save_other_field_bug(struct bug *b)
{
	silent_save_bug(b);
	free(b->title);
	b->title = strdup("'Save' with empty 'qty' gives no feedback");
}

/*
 * A replay that shows another finding of the same oracle (another field of
 * the form) does not confirm the candidate (taskbox seed 3: a new task's
 * missing title confirmed by a replay whose finding was its note).
 */
TEST(replay_showing_another_finding_is_not_confirmed)
{
	struct bug b;

	silent_save_other_field_bug(&b);
	CHECK(!confirmed_on(PANTRY, "com.trident.pantry", &b));
	/* The same path under the title the oracle gives it is confirmed. */
	silent_save_bug(&b);
	CHECK(confirmed_on(PANTRY, "com.trident.pantry", &b));
}

TEST(process_death_confirmed_only_when_not_kept)
{
	struct bug b;
	int replays = 0;
	struct device *dev = open_sim(PANTRY);

	CHECK(confirmed_only_when_buggy(reverted_setting_bug, PANTRY, "com.trident.pantry"));
	CHECK(confirmed_only_when_buggy(lost_saved_entry_bug, PANTRY, "com.trident.pantry"));
	/* The restart among the trigger steps is not where the first attempt starts. */
	REQUIRE(dev);
	reverted_setting_bug(&b);
	REQUIRE(replay_confirm(dev, "com.trident.pantry", NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(b.confirmed);
	CHECK_INT_EQ(replays, 1);
	CHECK_INT_EQ(b.n_steps, 4);
	bug_release(&b);
	device_close(dev);
}

/* Whether the screen now shows widget `rid` checked (-1: not shown). */
static int checked_now(struct device *dev, const char *rid)
{
	struct replay_screen s;
	int checked = -1;

	if (replay_capture(dev, &s) != TD_OK)
		return -1;
	for (size_t i = 0; s.tree && i < s.tree->n_nodes; i++)
		if (s.tree->nodes[i]->resource_id && !strcmp(s.tree->nodes[i]->resource_id, rid))
			checked = s.tree->nodes[i]->checked;
	replay_screen_release(&s);
	return checked;
}

/*
 * After a process_death finding's replays, the app is brought back to
 * where the oracle's trip left it: the run's path, then the trip's restart
 * and click (its trigger, recorded in the path only after the report). The
 * pantry's Compact rows, ticked on the path, is off again, as the trip
 * found it; replaying the path alone would leave it ticked, unlike any
 * later replay of the path with the trip in it.
 */
TEST(restore_after_confirm_repeats_the_trip)
{
	struct bug b, path;
	struct action *a;
	size_t n = 0;
	int replays = 0;
	struct device *dev = open_sim(PANTRY);

	REQUIRE(dev);
	reverted_setting_bug(&b);
	bug_init(&path);
	for (size_t i = 0; i < 2; i++)
		bug_add_step(&path, -1, &b.steps[i].action, NULL, NULL);
	bug_keep_original_steps(&b);
	REQUIRE(replay_confirm(dev, "com.trident.pantry", NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(b.confirmed);
	a = replay_confirm_restore_actions(&path, &b, &n);
	CHECK_INT_EQ(n, 4);
	CHECK_INT_EQ(a[2].type, ACTION_RESTART);
	free(a);
	/* The path alone: ticked; with the trip: as the trip left it. */
	REQUIRE(replay_confirm_restore(dev, "com.trident.pantry", NULL, &path, NULL) == TD_OK);
	CHECK_INT_EQ(checked_now(dev, "com.trident.pantry:id/compact_switch"), 1);
	REQUIRE(replay_confirm_restore(dev, "com.trident.pantry", NULL, &path, &b) == TD_OK);
	CHECK_INT_EQ(checked_now(dev, "com.trident.pantry:id/compact_switch"), 0);
	bug_release(&path);
	bug_release(&b);
	device_close(dev);
}

/*
 * The rotation candidate after 41 steps that come back to the list
 * (Settings and Back, then a rotation to portrait, which it is already in),
 * with no restart: its last 17 steps start with Settings.
 */
static void long_rotation_bug(struct bug *b)
{
	candidate_init(b, "Text entered in 'body' is lost after rotation", "oracle:rotation", BUG_CAT_DATA_LOSS, 2);
	for (int i = 0; i < 20; i++) {
		step_by_id(b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
		step_global(b, ACTION_BACK, -1);
	}
	step_global(b, ACTION_ROTATE, 0);
	step_by_id(b, ACTION_CLICK, PKG ":id/add", NULL);
	step_by_id(b, ACTION_INPUT, PKG ":id/body", "milk_and_bread");
	step_global(b, ACTION_ROTATE, 1);
	step_global(b, ACTION_ROTATE, 0);
}

TEST(long_candidate_confirmed_from_near_the_bug)
{
	struct device *dev = open_sim("sim:notes");
	struct bug b;
	int replays = 0;

	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(b.n_steps == 45);
	REQUIRE(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(b.confirmed);
	CHECK_INT_EQ(replays, 1);
	/* A clean start and the trigger's 2 steps with 15 before them. */
	CHECK_INT_EQ(b.n_steps, 17);
	CHECK(b.steps[0].action.type == ACTION_CLICK);
	bug_release(&b);
	device_close(dev);

	/* On the fixed variant the short try fails, then all 45 steps (no restart: one more try). */
	dev = open_sim("sim:notes:fixed");
	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(replay_confirm(dev, PKG, NULL, 0.3, 2, &b, &replays) == TD_OK);
	CHECK(!b.confirmed);
	CHECK_INT_EQ(replays, 2);
	CHECK_INT_EQ(b.n_steps, 45);
	bug_release(&b);
	device_close(dev);
}

/* Count the screens a replay reports as it captures them. */
static void count_screen(void *ctx, const struct replay_result *r)
{
	size_t *n = ctx;

	(*n)++;
	/* The new screen is there when the callback runs. */
	if (!r->screens[r->n_screens - 1].activity)
		*n += 1000;
}

TEST(tracker_fed_as_the_replay_goes_rechecks_the_same)
{
	struct device *dev = open_sim(TABS_APP);
	struct bug b;
	struct action *steps;
	const struct oracle_kind *k = oracle_kind_find("navigation");
	struct replay_result all, window;
	struct replay_opts keep_all = { .clear_data = true };
	struct replay_opts keep_two = { .clear_data = true, .keep_screens = 2 };
	struct oracle_recheck_feed *feed;
	struct oracle_finding f1, f2;
	size_t seen = 0;
	bool hit1, hit2;

	REQUIRE(dev);
	REQUIRE(k);
	candidate_init(&b, "'Alerts' opens the 'Home' page", "oracle:navigation", BUG_CAT_NAVIGATION, 0);
	for (int i = 0; i < 10; i++) {
		step_by_id(&b, ACTION_CLICK, "com.trident.tabs:id/nav_inbox", NULL);
		step_by_id(&b, ACTION_CLICK, "com.trident.tabs:id/nav_home", NULL);
	}
	step_by_id(&b, ACTION_CLICK, "com.trident.tabs:id/nav_inbox", NULL);
	step_by_id(&b, ACTION_CLICK, "com.trident.tabs:id/nav_alerts", NULL);
	steps = calloc(b.n_steps, sizeof(*steps));
	REQUIRE(steps);
	for (size_t i = 0; i < b.n_steps; i++)
		steps[i] = b.steps[i].action;

	/* Every screen kept, the tracker fed afterwards. */
	REQUIRE(replay_run(dev, "com.trident.tabs", steps, b.n_steps, &keep_all, &all) == TD_OK);
	{
		struct oracle_recheck c = { .r = &all, .last_step = &steps[b.n_steps - 1], .steps = steps,
					    .n_steps = b.n_steps, .dev = dev, .package = "com.trident.tabs" };

		hit1 = oracle_kind_recheck(k, &c, &f1);
	}
	/* Two screens kept, the tracker fed while the replay runs. */
	keep_two.on_screen = count_screen;
	keep_two.on_screen_ctx = &seen;
	REQUIRE(replay_run(dev, "com.trident.tabs", steps, b.n_steps, &keep_two, &window) == TD_OK);
	CHECK_INT_EQ(seen, b.n_steps + 1);
	CHECK_INT_EQ(window.n_screens, b.n_steps + 1);
	for (size_t i = 0; i + 2 < window.n_screens; i++)
		CHECK(!window.screens[i].tree && !window.screens[i].activity);
	CHECK(window.screens[b.n_steps - 1].tree && window.screens[b.n_steps].tree);
	replay_result_release(&window);

	feed = oracle_recheck_feed_new(k, steps, b.n_steps, "com.trident.tabs");
	REQUIRE(feed);
	keep_two.on_screen = oracle_recheck_feed_screen;
	keep_two.on_screen_ctx = feed;
	REQUIRE(replay_run(dev, "com.trident.tabs", steps, b.n_steps, &keep_two, &window) == TD_OK);
	{
		struct oracle_recheck c = { .r = &window, .last_step = &steps[b.n_steps - 1], .steps = steps,
					    .n_steps = b.n_steps, .dev = dev, .package = "com.trident.tabs",
					    .feed = feed };

		hit2 = oracle_kind_recheck(k, &c, &f2);
	}
	CHECK(hit1);
	CHECK(hit2);
	CHECK(hit1 && hit2 && f1.title && f2.title && !strcmp(f1.title, f2.title));
	/* A kind without a tracker has no feed; a step check reads two screens, a recheck any. */
	CHECK(!oracle_recheck_feed_new(oracle_kind_find("rotation"), steps, b.n_steps, "x"));
	CHECK_INT_EQ(oracle_kind_recheck_screens(oracle_kind_find("toggle"), 0), 2);
	CHECK_INT_EQ(oracle_kind_recheck_screens(oracle_kind_find("rotation"), 2), 3);
	CHECK_INT_EQ(oracle_kind_recheck_screens(k, 0), 2);
	oracle_finding_release(&f1);
	oracle_finding_release(&f2);
	oracle_recheck_feed_free(feed);
	replay_result_release(&window);
	replay_result_release(&all);
	free(steps);
	bug_release(&b);
	device_close(dev);
}

/* The trees a replay still holds. */
static size_t trees_kept(const struct replay_result *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_screens; i++)
		n += r->screens[i].tree != NULL;
	return n;
}

/* b's actions (shallow copies). */
static struct action *actions_of(const struct bug *b)
{
	struct action *a = calloc(b->n_steps + 1, sizeof(*a));

	for (size_t i = 0; a && i < b->n_steps; i++)
		a[i] = b->steps[i].action;
	return a;
}

/*
 * Replay b on app twice, keeping every screen and then only the screens
 * b's oracle declares it reads; true when both rechecks agree (hit and
 * title). *hit: the recheck's verdict; *kept: the trees the second replay
 * held at its end; when `held` is not NULL, whether screen `held_at` was one.
 */
static bool recheck_same_when_bounded(const char *app, const char *package, const struct bug *b, bool *hit,
				      size_t *kept, size_t held_at, bool *held)
{
	const struct oracle_kind *k = oracle_kind_find(b->found_by + 7);
	size_t trigger = replay_confirm_trigger_steps(b);
	struct device *dev = open_sim(app);
	struct action *steps = actions_of(b);
	struct replay_opts all_opts = { .clear_data = true }, bounded = { .clear_data = true };
	struct replay_result all, win;
	struct oracle_finding f1, f2;
	bool hit1 = false, hit2 = false, same;

	*hit = false;
	*kept = SIZE_MAX;
	if (!dev || !k || !steps) {
		free(steps);
		if (dev)
			device_close(dev);
		return false;
	}
	oracle_kind_replay_keep(k, trigger, &bounded);
	memset(&all, 0, sizeof(all));
	memset(&win, 0, sizeof(win));
	oracle_finding_init(&f1);
	oracle_finding_init(&f2);
	if (replay_run(dev, package, steps, b->n_steps, &all_opts, &all) == TD_OK) {
		struct oracle_recheck c = { .r = &all, .last_step = &steps[b->n_steps - 1], .steps = steps,
					    .n_steps = b->n_steps, .trigger = trigger, .dev = dev, .package = package,
					    .overlap = 0.3, .wait_ms = 20 };

		hit1 = oracle_kind_recheck(k, &c, &f1);
	}
	if (replay_run(dev, package, steps, b->n_steps, &bounded, &win) == TD_OK) {
		struct oracle_recheck c = { .r = &win, .last_step = &steps[b->n_steps - 1], .steps = steps,
					    .n_steps = b->n_steps, .trigger = trigger, .dev = dev, .package = package,
					    .overlap = 0.3, .wait_ms = 20 };

		*kept = trees_kept(&win);
		if (held)
			*held = held_at < win.n_screens && win.screens[held_at].tree;
		hit2 = oracle_kind_recheck(k, &c, &f2);
	}
	same = all.n_screens == b->n_steps + 1 && win.n_screens == b->n_steps + 1 && hit1 == hit2 &&
	       (!hit1 || (f1.title && f2.title && !strcmp(f1.title, f2.title)));
	*hit = hit1;
	oracle_finding_release(&f1);
	oracle_finding_release(&f2);
	replay_result_release(&all);
	replay_result_release(&win);
	free(steps);
	device_close(dev);
	return same;
}

/* The pantry's silent Save after 15 trips into the form and back: the form as first seen is the first trip's. */
static void long_silent_save_bug(struct bug *b)
{
	candidate_init(b, "'Save' with empty 'name' gives no feedback", "oracle:feedback", BUG_CAT_FEEDBACK_MISSING, 0);
	for (int i = 0; i < 15; i++) {
		step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
		step_global(b, ACTION_BACK, -1);
	}
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/save", NULL);
}

/* An item saved on the pantry, then 12 trips to Preferences and back: the list, then the list again. */
static void long_list_path(struct bug *b)
{
	candidate_init(b, "'Save' adds 'Oats' twice", "oracle:duplicate", BUG_CAT_DATA_OPERATION, 0);
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/add_item", NULL);
	step_by_id(b, ACTION_INPUT, "com.trident.pantry:id/name", "Oats");
	step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/save", NULL);
	for (int i = 0; i < 12; i++) {
		step_by_id(b, ACTION_CLICK, "com.trident.pantry:id/prefs_btn", NULL);
		step_global(b, ACTION_BACK, -1);
	}
}

TEST(recheck_reads_bound_the_replay)
{
	struct bug b;
	bool hit = false, held = false;
	size_t kept = 0;

	/* Rotation: the last screen and the trigger's two before it, of 46. */
	long_rotation_bug(&b);
	CHECK(recheck_same_when_bounded("sim:notes", PKG, &b, &hit, &kept, 0, NULL));
	CHECK(hit);
	CHECK(kept <= 3);
	bug_release(&b);
	/* Feedback: the screens around Save (the last 24: back to the page under a dialog and to the
	 * start of the form's visit) and the form as first seen (screen 1), of 33. */
	long_silent_save_bug(&b);
	CHECK(recheck_same_when_bounded(PANTRY, "com.trident.pantry", &b, &hit, &kept, 1, &held));
	CHECK(hit);
	CHECK(held);
	CHECK(kept <= 25);
	bug_release(&b);
	/* Duplicate: the last list and the latest earlier one (screen 26 of 28; Preferences is 27). */
	long_list_path(&b);
	CHECK(recheck_same_when_bounded(PANTRY, "com.trident.pantry", &b, &hit, &kept, b.n_steps - 2, &held));
	CHECK(!hit);
	CHECK(held);
	CHECK(kept <= 3);
	bug_release(&b);
	/* Each kind with a recheck function declares what it reads. */
	{
		size_t n = 0;
		const struct oracle_kind *const *all = oracle_kinds(&n);

		for (size_t i = 0; i < n; i++)
			if (all[i]->recheck)
				CHECK(oracle_kind_recheck_screens(all[i], 2) > 0);
	}
}

/* A key per activity (replay_opts.screen_key). */
static uint64_t activity_key(const struct ui_tree *t, const char *activity)
{
	uint64_t h = 1469598103934665603ull;

	(void)t;
	for (const char *c = activity; c && *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h;
}

TEST(replay_keeps_one_screen_per_key)
{
	struct device *dev = open_sim("sim:notes");
	struct bug b;
	struct action *steps;
	struct replay_result r;
	struct replay_opts first = { .clear_data = true, .keep_screens = 1, .screen_key = activity_key,
				     .keep_first_of_key = true };
	struct replay_opts latest = { .clear_data = true, .keep_screens = 1, .screen_key = activity_key };

	REQUIRE(dev);
	/* Screens: list (0), settings (1), list (2), ... settings (9), list (10). */
	candidate_init(&b, "x", "oracle:rotation", BUG_CAT_DATA_LOSS, 0);
	for (int i = 0; i < 5; i++) {
		step_by_id(&b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
		step_global(&b, ACTION_BACK, -1);
	}
	steps = actions_of(&b);
	REQUIRE(steps);
	REQUIRE(replay_run(dev, PKG, steps, b.n_steps, &first, &r) == TD_OK);
	REQUIRE(r.n_screens == 11);
	CHECK_INT_EQ(trees_kept(&r), 3);
	CHECK(r.screens[0].tree && r.screens[1].tree && r.screens[10].tree);
	CHECK(r.screens[0].activity && r.screens[1].activity && strcmp(r.screens[0].activity, r.screens[1].activity));
	replay_result_release(&r);
	REQUIRE(replay_run(dev, PKG, steps, b.n_steps, &latest, &r) == TD_OK);
	REQUIRE(r.n_screens == 11);
	CHECK_INT_EQ(trees_kept(&r), 3);
	CHECK(r.screens[8].tree && r.screens[9].tree && r.screens[10].tree);
	replay_result_release(&r);
	free(steps);
	bug_release(&b);
	device_close(dev);
}

TEST(replay_records_every_screen)
{
	struct device *dev = open_sim("sim:notes");
	struct action steps[2];
	struct replay_result r;

	REQUIRE(dev);
	action_init(&steps[0]);
	steps[0].type = ACTION_CLICK;
	steps[0].widget_text = "Settings";
	action_init(&steps[1]);
	steps[1].type = ACTION_BACK;
	REQUIRE(replay_run(dev, PKG, steps, 2, NULL, &r) == TD_OK);
	CHECK_INT_EQ(r.n_screens, 3);
	CHECK_INT_EQ(r.n_done, 2);
	CHECK(r.screens[1].activity && strstr(r.screens[1].activity, "Settings"));
	CHECK(r.screens[2].activity && strstr(r.screens[2].activity, "Main"));
	replay_result_release(&r);
	device_close(dev);
}

TEST(login_scripts)
{
	static const char good[] = "[{\"type\":\"click\",\"widget_text\":\"Settings\"},"
				   "{\"type\":\"back\"}]";
	static const char no_target[] = "[{\"type\":\"click\"}]";
	static const char no_text[] = "[{\"type\":\"input\",\"resource_id\":\"x:id/u\"}]";
	static const char skip[] = "[{\"type\":\"click\",\"widget_text\":\"Log in\"}]";
	struct login_script *s = NULL;
	struct device *dev = open_sim("sim:notes");
	size_t ran = 99;

	REQUIRE(dev);
	CHECK(login_script_parse("{}", 2, "t.json", &s) == TD_ERR_PARSE);
	CHECK(login_script_parse(no_target, strlen(no_target), "t.json", &s) == TD_ERR_PARSE);
	CHECK(login_script_parse(no_text, strlen(no_text), "t.json", &s) == TD_ERR_PARSE);
	REQUIRE(login_script_parse(good, strlen(good), "t.json", &s) == TD_OK);
	CHECK_INT_EQ(s->n, 2);
	REQUIRE(device_launch(dev, PKG) == TD_OK);
	CHECK(login_script_run(s, dev, PKG, &ran) == TD_OK);
	CHECK_INT_EQ(ran, 2);
	login_script_free(s);
	/* The first widget is not there: already logged in, nothing runs. */
	REQUIRE(login_script_parse(skip, strlen(skip), "t.json", &s) == TD_OK);
	CHECK(login_script_run(s, dev, PKG, &ran) == TD_OK);
	CHECK_INT_EQ(ran, 0);
	login_script_free(s);
	device_close(dev);
}

int main(void)
{
	struct device *dev = NULL;

	if (device_open("sim:notes", NULL, &dev) != TD_OK)
		return test_skip("the notes simulator app is not available");
	device_close(dev);
	RUN(real_loss_is_confirmed_and_shortened);
	RUN(fixed_variant_rejects_candidate);
	RUN(made_up_candidate_is_rejected);
	RUN(stuck_switch_confirmed_only_when_stuck);
	RUN(endless_spinner_confirmed_only_when_endless);
	RUN(lost_entry_confirmed_only_when_lost);
	RUN(flipped_control_confirmed_only_when_stuck);
	RUN(wrong_total_confirmed_only_when_wrong);
	RUN(wrong_navigation_confirmed_only_when_wrong);
	RUN(wrong_data_operation_confirmed_only_when_wrong);
	RUN(total_across_pages_confirmed_only_when_wrong);
	RUN(process_death_confirmed_only_when_not_kept);
	RUN(restore_after_confirm_repeats_the_trip);
	RUN(feedback_confirmed_only_when_silent);
	RUN(path_off_its_widgets_is_not_confirmed);
	RUN(replay_showing_another_finding_is_not_confirmed);
	RUN(long_candidate_confirmed_from_near_the_bug);
	RUN(tracker_fed_as_the_replay_goes_rechecks_the_same);
	RUN(recheck_reads_bound_the_replay);
	RUN(replay_keeps_one_screen_per_key);
	RUN(replay_records_every_screen);
	RUN(login_scripts);
	return test_summary();
}
