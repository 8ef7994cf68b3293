/*
 * test_minimise.c - ddmin over a confirmed oracle bug's path
 * (agents/minimise.c) on the simulated notes app: a rotation data loss
 * recorded after detours (Settings and Back, a note typed, saved state
 * visited) shrinks to the steps it needs, keeps the recorded path in
 * original_steps (also through bugs.json), and the tail (the action that
 * shows the bug and the trigger actions) is never removed; a budget of 0
 * changes nothing; a candidate that does not reproduce (fixed variant)
 * keeps its path; a Detector verdict is refused. On the shop app, the
 * data steps a rotation loss needs (signing in) are told from those it
 * does not (switches, other fields). A Back bug whose evidence (the list
 * an article was opened from) lies inside loops of a long recorded path
 * is cut to a few steps by ddmin over the loops. Side trips of one kind
 * that do not matter go in one replay when another kind is needed.
 * A dialog choice the bug needs (gallery's Play muted) is a data step.
 * Detector bugs of one
 * category and functionality shown on the same screen are one bug.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/minimise.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "agents/replay_confirm.h"
#include "core/strbuf.h"
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

/* A global action. */
static void step_global(struct bug *b, enum action_type type, int rotation)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.rotation = rotation;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/* A rotation loss of the body text, recorded after detours that do not matter. */
static void long_rotation_bug(struct bug *b)
{
	bug_init(b);
	b->title = strdup("Text entered in 'body' is lost after rotation");
	b->found_by = strdup("oracle:rotation");
	b->category = BUG_CAT_CONTENT_MISSING;
	b->extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b->extra, "trigger_steps", 2);
	step_by_id(b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
	step_global(b, ACTION_BACK, -1);
	step_by_id(b, ACTION_CLICK, PKG ":id/add", NULL);
	step_by_id(b, ACTION_INPUT, PKG ":id/title", "groceries");
	step_global(b, ACTION_BACK, -1);
	step_by_id(b, ACTION_CLICK, PKG ":id/settings_btn", NULL);
	step_global(b, ACTION_BACK, -1);
	step_by_id(b, ACTION_CLICK, PKG ":id/add", NULL);
	step_by_id(b, ACTION_INPUT, PKG ":id/body", "milk_and_bread");
	step_global(b, ACTION_ROTATE, 1);
	step_global(b, ACTION_ROTATE, 0);
}

static struct device *open_sim(const char *spec)
{
	struct device *dev = NULL;

	if (device_open(spec, NULL, &dev) != TD_OK)
		return NULL;
	return dev;
}

TEST(detours_are_removed_and_the_original_kept)
{
	struct device *dev = open_sim("sim:notes");
	struct minimise_stats ms;
	struct bug b, back;
	cJSON *json;

	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(bug_minimise(dev, PKG, NULL, 0.3, NULL, 40, &b, &ms) == TD_OK);
	CHECK_INT_EQ(ms.steps_before, 11);
	CHECK_INT_EQ(ms.steps_after, 4);
	CHECK(ms.replays <= 40);
	REQUIRE(b.n_steps == 4);
	/* Opening the editor is needed; the tail stays as it was. */
	CHECK_STR_EQ(b.steps[0].action.resource_id, PKG ":id/add");
	CHECK_INT_EQ(b.steps[1].action.type, ACTION_INPUT);
	CHECK_STR_EQ(b.steps[1].action.resource_id, PKG ":id/body");
	CHECK_INT_EQ(b.steps[2].action.type, ACTION_ROTATE);
	CHECK_INT_EQ(b.steps[3].action.type, ACTION_ROTATE);
	CHECK_INT_EQ(b.n_original_steps, 11);
	CHECK(cJSON_GetObjectItemCaseSensitive(b.extra, "minimise") != NULL);
	/* The minimal path still reproduces. */
	{
		struct action a[4];

		for (int i = 0; i < 4; i++)
			a[i] = b.steps[i].action;
		CHECK(replay_confirm_check(dev, PKG, NULL, 0.3, &b, a, 4, 2, NULL));
	}
	/* bugs.json keeps both paths. */
	json = bug_to_json(&b);
	REQUIRE(bug_from_json(json, &back) == TD_OK);
	CHECK_INT_EQ(back.n_steps, 4);
	CHECK_INT_EQ(back.n_original_steps, 11);
	CHECK_STR_EQ(back.original_steps[3].action.resource_id, PKG ":id/title");
	CHECK_STR_EQ(back.steps[1].action.text, "milk_and_bread");
	cJSON_Delete(json);
	bug_release(&back);
	bug_release(&b);
	device_close(dev);
}

#define SHOP "sim:" TRIDENT_SOURCE_DIR "/configs/apps/shop.json"
#define SHOP_PKG "com.trident.shop"

/*
 * Shop's ZIP code lost on rotation, recorded the way a long run reaches it:
 * signing in is needed (Addresses is shown only then), and on the way the
 * run toggled three switches and typed into two other fields of the form,
 * data steps the bug does not need.
 */
static void shop_zip_bug(struct bug *b)
{
	bug_init(b);
	b->title = strdup("Text entered in 'zip' is lost after rotation");
	b->found_by = strdup("oracle:rotation");
	b->category = BUG_CAT_CONTENT_MISSING;
	b->extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b->extra, "trigger_steps", 2);
	step_by_id(b, ACTION_CLICK, SHOP_PKG ":id/nav_account", NULL);
	step_by_id(b, ACTION_INPUT, SHOP_PKG ":id/email", "ann@example.org");
	step_by_id(b, ACTION_INPUT, SHOP_PKG ":id/password", "correct_horse_1");
	step_by_id(b, ACTION_CLICK, SHOP_PKG ":id/sign_in", NULL);
	step_by_id(b, ACTION_CLICK, SHOP_PKG ":id/notifications_btn", NULL);
	step_by_id(b, ACTION_CHECK, SHOP_PKG ":id/orders_switch", NULL);
	step_by_id(b, ACTION_CHECK, SHOP_PKG ":id/promos_switch", NULL);
	step_by_id(b, ACTION_CHECK, SHOP_PKG ":id/newsletter_switch", NULL);
	step_global(b, ACTION_BACK, -1);
	step_by_id(b, ACTION_CLICK, SHOP_PKG ":id/addresses_btn", NULL);
	step_by_id(b, ACTION_CLICK, SHOP_PKG ":id/add_address", NULL);
	step_by_id(b, ACTION_INPUT, SHOP_PKG ":id/city", "Lyon");
	step_by_id(b, ACTION_INPUT, SHOP_PKG ":id/street", "1 Main Street");
	step_by_id(b, ACTION_INPUT, SHOP_PKG ":id/zip", "10252");
	step_global(b, ACTION_ROTATE, 1);
	step_global(b, ACTION_ROTATE, 0);
}

/*
 * The data steps the bug needs are found by ddmin over the data steps
 * (the path between them rebuilt by the fewest recorded steps): the
 * sign-in typing stays, the switches and the other fields go, within a
 * budget that ddmin over single steps does not reach it in (before:
 * 13 steps after 24 replays).
 */
TEST(data_steps_the_bug_needs)
{
	struct device *dev = open_sim(SHOP);
	struct minimise_stats ms;
	struct bug b;
	struct action a[16];

	REQUIRE(dev);
	shop_zip_bug(&b);
	REQUIRE(b.n_steps == 16);
	REQUIRE(bug_minimise(dev, SHOP_PKG, NULL, 0.3, NULL, 24, &b, &ms) == TD_OK);
	CHECK(ms.replays <= 25);
	/* Account, email, password, Sign in, Addresses, Add address, zip, rotate, rotate. */
	CHECK_INT_EQ(b.n_steps, 9);
	for (size_t i = 0; i < b.n_steps; i++) {
		CHECK(b.steps[i].action.type != ACTION_CHECK);
		CHECK(!b.steps[i].action.resource_id || strcmp(b.steps[i].action.resource_id, SHOP_PKG ":id/city"));
		a[i] = b.steps[i].action;
	}
	CHECK(replay_confirm_check(dev, SHOP_PKG, NULL, 0.3, &b, a, b.n_steps, 2, NULL));
	bug_release(&b);
	device_close(dev);
}

TEST(budget_zero_changes_nothing)
{
	struct device *dev = open_sim("sim:notes");
	struct minimise_stats ms;
	struct bug b;

	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(bug_minimise(dev, PKG, NULL, 0.3, NULL, 0, &b, &ms) == TD_OK);
	CHECK_INT_EQ(b.n_steps, 11);
	CHECK_INT_EQ(ms.replays, 0);
	CHECK(b.original_steps == NULL);
	bug_release(&b);
	device_close(dev);
}

TEST(small_budget_stops_early_and_keeps_a_reproducing_path)
{
	struct device *dev = open_sim("sim:notes");
	struct minimise_stats ms;
	struct bug b;
	struct action a[11];

	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(bug_minimise(dev, PKG, NULL, 0.3, NULL, 4, &b, &ms) == TD_OK);
	CHECK(ms.replays <= 4);
	CHECK(b.n_steps <= 11 && b.n_steps >= 4);
	for (size_t i = 0; i < b.n_steps; i++)
		a[i] = b.steps[i].action;
	CHECK(replay_confirm_check(dev, PKG, NULL, 0.3, &b, a, b.n_steps, 2, NULL));
	bug_release(&b);
	device_close(dev);
}

/* A side-trip step of oracle `by` after run step `step`. */
static void side_step(struct bug *b, int step, enum action_type type, const char *id, int rotation, const char *by)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.resource_id = (char *)id;
	a.rotation = rotation;
	bug_add_side_step(b, step, &a, by);
}

/*
 * Notes' rotation loss recorded with side trips of three kinds: rotation
 * checks (a rotation and back) that do not matter, a process-death trip's
 * walk back (its tap on +, opening the editor) that the bug needs, and a
 * display check. The path without any side trip does not reproduce;
 * without the rotation checks it does: one replay drops both, where
 * ddmin's one replay here removes the walk back and fails (session 53).
 * The budget ends before the display kind is tried.
 */
TEST(side_trips_of_a_kind_that_does_not_matter_go_together)
{
	struct device *dev = open_sim("sim:notes");
	struct minimise_stats ms;
	struct bug b;

	REQUIRE(dev);
	bug_init(&b);
	b.title = strdup("Text entered in 'body' is lost after rotation");
	b.found_by = strdup("oracle:rotation");
	b.category = BUG_CAT_CONTENT_MISSING;
	b.extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b.extra, "trigger_steps", 2);
	side_step(&b, 0, ACTION_ROTATE, NULL, 1, "oracle:rotation");
	side_step(&b, 0, ACTION_ROTATE, NULL, 0, "oracle:rotation");
	side_step(&b, 0, ACTION_CLICK, PKG ":id/add", -1, "oracle:process_death");
	side_step(&b, 1, ACTION_ROTATE, NULL, 1, "oracle:display");
	side_step(&b, 1, ACTION_ROTATE, NULL, 0, "oracle:display");
	side_step(&b, 2, ACTION_ROTATE, NULL, 1, "oracle:rotation");
	side_step(&b, 2, ACTION_ROTATE, NULL, 0, "oracle:rotation");
	step_by_id(&b, ACTION_INPUT, PKG ":id/body", "milk_and_bread");
	step_global(&b, ACTION_ROTATE, 1);
	step_global(&b, ACTION_ROTATE, 0);
	/*
	 * 4 replays to search (the whole path, the shown action alone, no side
	 * trip, no rotation check: the first kind met), 2 to confirm.
	 */
	REQUIRE(bug_minimise(dev, PKG, NULL, 0.3, NULL, 6, &b, &ms) == TD_OK);
	CHECK_INT_EQ(ms.steps_before, 10);
	CHECK_INT_EQ(b.n_steps, 6);
	for (size_t i = 0; i < b.n_steps; i++)
		CHECK(!b.steps[i].side_trip || strcmp(b.steps[i].side_trip, "oracle:rotation"));
	REQUIRE(b.n_steps == 6);
	CHECK_STR_EQ(b.steps[0].side_trip, "oracle:process_death");
	CHECK_STR_EQ(b.steps[1].side_trip, "oracle:display");
	CHECK_STR_EQ(b.steps[3].action.resource_id, PKG ":id/body");
	bug_release(&b);
	device_close(dev);
}

#define GALLERY "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/gallery.json"
#define GALLERY_PKG "org.holdout.gallery"

/* A click on the widget labelled `text`. */
static void step_by_text(struct bug *b, const char *text)
{
	struct action a;

	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = (char *)text;
	bug_add_step(b, -1, &a, NULL, NULL);
}

/*
 * gallery (held-out, session 54): "Play muted" chosen for Autoplay videos
 * in a dialog, then moves that change nothing the app holds (tabs, pages
 * opened and left), then a video whose Unmute does nothing. No step types
 * or toggles: the shortcut through the data steps used to be the shortcut
 * to the screen, and both drop the choice. The choice is a click that
 * takes the run back to the page its dialog came from, a data step now:
 * the shortcut through it reproduces, and the search over the data steps
 * keeps it alone.
 */
TEST(a_dialog_choice_the_bug_needs_is_a_data_step)
{
	struct device *dev = open_sim(GALLERY);
	struct minimise_stats ms;
	struct bug b;
	bool choice = false;

	REQUIRE(dev);
	bug_init(&b);
	b.title = strdup("'Unmute' changes nothing: 'Sound muted' stays");
	b.found_by = strdup("oracle:control");
	b.category = BUG_CAT_MEDIA_CONTROL;
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/settings_btn", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/autoplay_btn", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/autoplay_muted", NULL);
	step_global(&b, ACTION_BACK, -1);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/nav_all", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/nav_favs", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/nav_folders", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/settings_btn", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/about_btn", NULL);
	step_global(&b, ACTION_BACK, -1);
	step_global(&b, ACTION_BACK, -1);
	step_by_text(&b, "Screenshots");
	step_global(&b, ACTION_BACK, -1);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/search_btn", NULL);
	step_global(&b, ACTION_BACK, -1);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/nav_all", NULL);
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/nav_folders", NULL);
	step_by_text(&b, "Camera");
	step_by_text(&b, "VID_20260915_183012.mp4");
	step_by_id(&b, ACTION_CLICK, GALLERY_PKG ":id/unmute_btn", NULL);
	REQUIRE(bug_minimise(dev, GALLERY_PKG, NULL, 0.3, NULL, 8, &b, &ms) == TD_OK);
	CHECK_INT_EQ(ms.steps_before, 20);
	for (size_t i = 0; i < b.n_steps; i++)
		choice = choice || (b.steps[i].action.resource_id &&
				    !strcmp(b.steps[i].action.resource_id, GALLERY_PKG ":id/autoplay_muted"));
	CHECK(choice);
	/* Settings, Autoplay videos, Play muted, Back, Camera, the video, Unmute. */
	CHECK(b.n_steps <= 7);
	bug_release(&b);
	device_close(dev);
}

TEST(no_reproduction_keeps_the_path)
{
	struct device *dev = open_sim("sim:notes:fixed");
	struct minimise_stats ms;
	struct bug b;

	REQUIRE(dev);
	long_rotation_bug(&b);
	REQUIRE(bug_minimise(dev, PKG, NULL, 0.3, NULL, 40, &b, &ms) == TD_OK);
	CHECK_INT_EQ(b.n_steps, 11);
	CHECK_INT_EQ(ms.replays, 1);
	CHECK(b.original_steps == NULL);
	free(b.found_by);
	b.found_by = strdup("detector");
	CHECK(bug_minimise(dev, PKG, NULL, 0.3, NULL, 40, &b, NULL) == TD_ERR_INVALID);
	bug_release(&b);
	device_close(dev);
}

/* Write the sim's current screen (after steps, from a clean start) as run_dir/steps/NNNN.xml. */
static bool write_screen(struct device *dev, const char *run_dir, int n, const struct action *steps, size_t k)
{
	struct replay_opts opts = { .clear_data = true };
	struct replay_result r;
	char *path = NULL, *xml = NULL;
	size_t len = 0;
	FILE *f = NULL;
	bool ok;

	/* Replays keep no dump text: the device is still on the last screen, dump it. */
	ok = replay_run(dev, PKG, steps, k, &opts, &r) == TD_OK && r.n_screens == k + 1 &&
	     device_dump_xml(dev, &xml, &len) == TD_OK;
	if (ok) {
		path = xasprintf("%s/steps/%04d.xml", run_dir, n);
		f = fopen(path, "w");
		ok = f && fwrite(xml, 1, len, f) == len;
		if (f)
			ok = fclose(f) == 0 && ok;
		free(path);
	}
	free(xml);
	replay_result_release(&r);
	return ok;
}

/* A Detector bug shown after run step `shown`. */
static void detector_bug(struct bug *b, const char *title, const char *functionality, int shown)
{
	bug_init(b);
	b->title = strdup(title);
	b->found_by = strdup("detector");
	b->category = BUG_CAT_DATA_OPERATION;
	b->functionality = strdup(functionality);
	b->extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b->extra, "shown_at_step", shown);
}

TEST(detector_bugs_on_one_screen_are_one_bug)
{
	struct device *dev = open_sim("sim:notes");
	char dir[] = "/tmp/trident-minsame-XXXXXX", *steps_dir;
	struct action settings;
	struct bug a, b, c, d;

	REQUIRE(dev);
	REQUIRE(mkdtemp(dir) != NULL);
	steps_dir = xasprintf("%s/steps", dir);
	REQUIRE(mkdir(steps_dir, 0755) == 0);
	action_init(&settings);
	settings.type = ACTION_CLICK;
	settings.resource_id = (char *)PKG ":id/settings_btn";
	/* Steps 3 and 5 show the note list, step 7 the settings. */
	REQUIRE(write_screen(dev, dir, 4, NULL, 0));
	REQUIRE(write_screen(dev, dir, 6, NULL, 0));
	REQUIRE(write_screen(dev, dir, 8, &settings, 1));
	detector_bug(&a, "The note is listed twice", "Main: Notes", 3);
	detector_bug(&b, "Saving duplicates the entry", "Main: Notes", 5);
	detector_bug(&c, "Saving duplicates the entry", "Main: Notes", 7);
	detector_bug(&d, "Saving duplicates the entry", "Add note", 5);
	CHECK(bug_same_detector_screen(dir, &a, &b, NULL));
	CHECK(!bug_same_detector_screen(dir, &a, &c, NULL)); /* another screen */
	CHECK(!bug_same_detector_screen(dir, &a, &d, NULL)); /* another functionality */
	b.category = BUG_CAT_CONTENT_MISSING;
	CHECK(!bug_same_detector_screen(dir, &a, &b, NULL)); /* another category */
	b.category = BUG_CAT_DATA_OPERATION;
	free(b.found_by);
	b.found_by = strdup("oracle:duplicate");
	CHECK(!bug_same_detector_screen(dir, &a, &b, NULL)); /* an oracle's: by title */
	cJSON_ReplaceItemInObjectCaseSensitive(a.extra, "shown_at_step", cJSON_CreateNumber(40));
	CHECK(!bug_same_detector_screen(dir, &a, &d, NULL)); /* no screen */
	bug_release(&a);
	bug_release(&b);
	bug_release(&c);
	bug_release(&d);
	for (int n = 4; n <= 8; n += 2) {
		char *p = xasprintf("%s/%04d.xml", steps_dir, n);

		unlink(p);
		free(p);
	}
	rmdir(steps_dir);
	rmdir(dir);
	free(steps_dir);
	device_close(dev);
}

#define FEEDREADER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/bench/feedreader.json"
#define FEEDREADER_PKG "org.bench.feedreader"

/*
 * A Back that lands on the wrong list, as a long run recorded it (92
 * steps: signing in, then articles read, settings changed and lists
 * opened before the article Back leaves). The finding needs the list the
 * article was opened from, a screen the path visits and leaves again:
 * without their loops the Back has nothing to return to, so the
 * shortcuts fail, and ddmin over single steps stopped at 20 steps in 64
 * replays. ddmin over the path's loops (outermost, then innermost) finds
 * the few that matter.
 */
TEST(evidence_inside_loops_is_kept_and_the_rest_removed)
{
	struct device *dev = open_sim(FEEDREADER);
	struct strbuf sb = STRBUF_INIT;
	struct minimise_stats ms;
	cJSON *json;
	struct bug b;
	struct action a[16];

	REQUIRE(dev);
	REQUIRE(strbuf_read_file(&sb, TRIDENT_SOURCE_DIR "/tests/data/minimise_back_after_detours.json") == TD_OK);
	json = cJSON_Parse(sb.buf);
	REQUIRE(json);
	REQUIRE(bug_from_json(json, &b) == TD_OK);
	cJSON_Delete(json);
	strbuf_release(&sb);
	REQUIRE(b.n_steps == 92);
	REQUIRE(bug_minimise(dev, FEEDREADER_PKG, NULL, 0.3, NULL, 64, &b, &ms) == TD_OK);
	CHECK(ms.replays <= 64);
	CHECK(b.n_steps <= 8);
	CHECK_INT_EQ(b.n_original_steps, 92);
	/* The path ends with the Back the finding is about. */
	REQUIRE(b.n_steps >= 2 && b.n_steps <= 16);
	CHECK_INT_EQ(b.steps[b.n_steps - 1].action.type, ACTION_BACK);
	for (size_t i = 0; i < b.n_steps; i++)
		a[i] = b.steps[i].action;
	CHECK(replay_confirm_check(dev, FEEDREADER_PKG, NULL, 0.3, &b, a, b.n_steps, 2, NULL));
	bug_release(&b);
	device_close(dev);
}

int main(void)
{
	struct device *dev = NULL;

	if (device_open("sim:notes", NULL, &dev) != TD_OK)
		return test_skip("the notes simulator app is not available");
	device_close(dev);
	RUN(detours_are_removed_and_the_original_kept);
	RUN(data_steps_the_bug_needs);
	RUN(budget_zero_changes_nothing);
	RUN(small_budget_stops_early_and_keeps_a_reproducing_path);
	RUN(side_trips_of_a_kind_that_does_not_matter_go_together);
	RUN(a_dialog_choice_the_bug_needs_is_a_data_step);
	RUN(no_reproduction_keeps_the_path);
	RUN(detector_bugs_on_one_screen_are_one_bug);
	RUN(evidence_inside_loops_is_kept_and_the_rest_removed);
	return test_summary();
}
