/*
 * test_oracle_excluded.c - oracle 29, excluded: an item the app shows as
 * excluded or hidden (its switch "Exclude Camera" on, or a switch in a row
 * under a "Hidden apps" heading) that a later list still shows (gallery
 * `gallery-excluded-still-listed`, Simple-Gallery #1160). Hand-made screens
 * fed to the tracker step by step; not judged: the item gone from the list,
 * a switch turned off again, the exclusion page itself, a dialog, a restart
 * that cleared the data.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define ROW "android.widget.LinearLayout"
#define SWITCH "android.widget.Switch"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ACT "org.t/.MainActivity"

/*
 * A page titled `title` with a list of `names`; with `switches`, each row
 * also has a switch (text "Exclude NAME" when `labelled`, else none),
 * checked where `checked` has a '1' at the row's place.
 */
static struct ui_tree *page(const char *title, const char *const *names, bool switches, bool labelled,
			    const char *checked, bool dialog)
{
	char *rows = calloc(1, 1);

	for (size_t i = 0; names[i]; i++) {
		int y = 240 + (int)i * 200;
		char label[64];

		snprintf(label, sizeof(label), "Exclude %s", names[i]);
		rows = x_cat(rows,
			     x_node1(ROW, "t:id/row", "", switches ? "" : "c", 0, y, 1080, y + 190,
				     x_cat(x_node(TEXT, "t:id/name", names[i], "", "", 40, y + 10, 800, y + 90, NULL),
					   switches ? x_node(SWITCH, "t:id/excl_switch", labelled ? label : "",
							     checked[i] == '1' ? "kcK" : "kc", "", 840, y + 20, 1040,
							     y + 160, NULL)
						    : calloc(1, 1),
					   NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_bar(title), x_node1(LIST, "t:id/list", "", "s", 0, 220, 1080, 2000, rows),
			    dialog ? x_node1("android.widget.FrameLayout", "", "", "", 100, 800, 980, 1400,
					     x_node("android.widget.Button", "android:id/button1", "OK", "c", "", 600,
						    1250, 900, 1380, NULL))
				   : calloc(1, 1),
			    NULL));
}

/* Feed one step (the screen `after`, reached by `done`) to tracker t. */
static bool feed(struct oracle_excluded_tracker *t, const struct ui_tree *before, const struct ui_tree *after,
		 const struct action *done, struct oracle_finding *f)
{
	struct oracle_tracked_step s = { .before = before, .activity_before = ACT, .after = after,
					 .activity_after = ACT, .after_in_app = true, .done = done };

	oracle_finding_release(f);
	oracle_finding_init(f);
	return oracle_excluded_step(t, &s, f);
}

static void tap(struct action *a, enum action_type type, const char *id, const char *text)
{
	action_init(a);
	a->type = type;
	a->resource_id = xstrdup(id);
	a->widget_text = xstrdup(text);
}

static const char *const folders[] = { "Camera", "Screenshots", "Download", NULL };
static const char *const shown_without_camera[] = { "Screenshots", "Download", NULL };

TEST(an_excluded_folder_still_listed_is_reported_with_its_switch_blamed)
{
	struct oracle_excluded_tracker *t = oracle_excluded_tracker_new();
	struct ui_tree *list = page("Gallery", folders, false, false, "", false);
	struct ui_tree *none = page("Excluded folders", folders, true, true, "000", false);
	struct ui_tree *camera = page("Excluded folders", folders, true, true, "100", false);
	struct ui_tree *fixed = page("Gallery", shown_without_camera, false, false, "", false);
	struct action check, back;
	struct oracle_finding f;
	const cJSON *blamed;

	REQUIRE(t && list && none && camera && fixed);
	oracle_finding_init(&f);
	tap(&check, ACTION_CHECK, "t:id/excl_switch", "Exclude Camera");
	action_init(&back);
	back.type = ACTION_BACK;
	CHECK(!feed(t, list, none, NULL, &f));
	CHECK(!feed(t, none, camera, &check, &f));
	/* The exclusion page itself lists the folder beside its switch: not judged. */
	CHECK(!feed(t, camera, camera, NULL, &f));
	CHECK(!feed(t, camera, fixed, &back, &f));
	CHECK(feed(t, camera, list, &back, &f));
	CHECK(f.oracle && !strcmp(f.oracle, "excluded"));
	CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
	CHECK(f.title && !strcmp(f.title, "An item switched to excluded is still listed"));
	CHECK(f.description && strstr(f.description, "\"Camera\""));
	blamed = f.diff ? cJSON_GetObjectItemCaseSensitive(f.diff, "blamed") : NULL;
	CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(blamed, "type")) &&
	      !strcmp(cJSON_GetObjectItemCaseSensitive(blamed, "type")->valuestring, "check"));
	CHECK(!cJSON_GetObjectItemCaseSensitive(blamed, "widget_text"));
	CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
	oracle_finding_release(&f);
	action_release(&check);
	action_release(&back);
	oracle_excluded_tracker_free(t);
	ui_tree_free(list);
	ui_tree_free(none);
	ui_tree_free(camera);
	ui_tree_free(fixed);
}

TEST(a_switch_turned_off_a_dialog_or_a_cleared_restart_is_not_judged)
{
	struct oracle_excluded_tracker *t = oracle_excluded_tracker_new();
	struct ui_tree *list = page("Gallery", folders, false, false, "", false);
	struct ui_tree *over = page("Gallery", folders, false, false, "", true);
	struct ui_tree *none = page("Excluded folders", folders, true, true, "000", false);
	struct ui_tree *camera = page("Excluded folders", folders, true, true, "100", false);
	struct action restart;
	struct oracle_finding f;

	REQUIRE(t && list && over && none && camera);
	oracle_finding_init(&f);
	action_init(&restart);
	restart.type = ACTION_RESTART;
	restart.clear_data = true;
	CHECK(!feed(t, list, camera, NULL, &f));
	CHECK(!feed(t, camera, over, NULL, &f));   /* a dialog over the list */
	CHECK(!feed(t, over, none, NULL, &f));     /* switched off again */
	CHECK(!feed(t, none, list, NULL, &f));
	CHECK(!feed(t, list, camera, NULL, &f));
	CHECK(!feed(t, camera, list, &restart, &f)); /* the data cleared: the exclusion with it */
	oracle_finding_release(&f);
	oracle_excluded_tracker_free(t);
	ui_tree_free(list);
	ui_tree_free(over);
	ui_tree_free(none);
	ui_tree_free(camera);
}

TEST(a_switch_in_a_row_under_a_hidden_heading_hides_the_row_item)
{
	static const char *const apps[] = { "Calculator", "Camera", NULL };
	struct oracle_excluded_tracker *t = oracle_excluded_tracker_new();
	struct ui_tree *hidden = page("Hidden apps", apps, true, false, "10", false);
	struct ui_tree *settings = page("Settings", apps, true, false, "10", false);
	struct ui_tree *drawer = page("Apps", apps, false, false, "", false);
	struct oracle_finding f;

	REQUIRE(t && hidden && settings && drawer);
	oracle_finding_init(&f);
	/* Unlabelled switches under a heading that names no exclusion, or under a sentence about hidden
	 * items (smarthome's area page: "Hidden entities are not shown in this view" over its lights'
	 * switches): nothing remembered. */
	CHECK(!feed(t, drawer, settings, NULL, &f));
	CHECK(!feed(t, settings, drawer, NULL, &f));
	{
		struct ui_tree *area = page("Hidden entities are not shown", apps, true, false, "11", false);

		REQUIRE(area);
		CHECK(!feed(t, drawer, area, NULL, &f));
		CHECK(!feed(t, area, drawer, NULL, &f));
		ui_tree_free(area);
	}
	CHECK(!feed(t, drawer, hidden, NULL, &f));
	CHECK(feed(t, hidden, drawer, NULL, &f));
	CHECK(f.title && !strcmp(f.title, "An item switched to hidden is still listed"));
	CHECK(f.description && strstr(f.description, "\"Calculator\""));
	oracle_finding_release(&f);
	oracle_excluded_tracker_free(t);
	ui_tree_free(hidden);
	ui_tree_free(settings);
	ui_tree_free(drawer);
}

int main(void)
{
	RUN(an_excluded_folder_still_listed_is_reported_with_its_switch_blamed);
	RUN(a_switch_turned_off_a_dialog_or_a_cleared_restart_is_not_judged);
	RUN(a_switch_in_a_row_under_a_hidden_heading_hides_the_row_item);
	return test_summary();
}
