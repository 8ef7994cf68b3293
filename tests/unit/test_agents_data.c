/* test_agents_data.c - the agents' data modules: actions, bugs, history, prompts, bug examples. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/bugs.h"
#include "agents/history.h"
#include "agents/oracle.h"
#include "agents/prompts.h"
#include "agents/rundir.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "test.h"

TEST(action_json_round_trip)
{
	struct action a, b;
	cJSON *j;
	char *d;
	action_init(&a);
	a.type = ACTION_INPUT;
	a.widget = 3;
	a.widget_text = xstrdup("Title");
	a.text = xstrdup("milk \"2%\"");
	a.x = 540;
	a.y = 300;
	a.bounds = (struct ui_rect){ 40, 230, 1040, 370 };
	a.hide_keyboard = true;
	j = action_to_json(&a);
	CHECK(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "hide_keyboard")));
	CHECK_OK(action_from_json(j, &b));
	CHECK(b.hide_keyboard);
	CHECK_INT_EQ(b.type, ACTION_INPUT);
	CHECK_INT_EQ(b.widget, 3);
	CHECK_STR_EQ(b.text, "milk \"2%\"");
	CHECK_INT_EQ(b.bounds.x2, 1040);
	d = action_describe(&b);
	CHECK(strstr(d, "input #3 \"Title\"") != NULL);
	free(d);
	cJSON_Delete(j);
	action_release(&a);
	action_release(&b);
	/* A restart that clears the app's data keeps saying so. */
	action_init(&a);
	a.type = ACTION_RESTART;
	a.clear_data = true;
	j = action_to_json(&a);
	CHECK(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "clear_data")));
	CHECK_OK(action_from_json(j, &b));
	CHECK(b.clear_data);
	d = action_describe(&b);
	CHECK(strstr(d, "restart with the app's data cleared") != NULL);
	free(d);
	cJSON_Delete(j);
	action_release(&b);
	/* Only a restart clears data. */
	j = cJSON_Parse("{\"type\": \"back\", \"clear_data\": true}");
	REQUIRE(j);
	CHECK_OK(action_from_json(j, &b));
	CHECK(!b.clear_data);
	cJSON_Delete(j);
	action_release(&a);
	action_release(&b);
}

TEST(action_from_model_spellings)
{
	struct action a;
	cJSON *j = cJSON_Parse("{\"action\":\"long-click\",\"widget_id\":\"#12\",\"label\":\"Row\"}");
	CHECK_OK(action_from_json(j, &a));
	CHECK_INT_EQ(a.type, ACTION_LONG_CLICK);
	CHECK_INT_EQ(a.widget, 12);
	CHECK_STR_EQ(a.widget_text, "Row");
	action_release(&a);
	cJSON_Delete(j);
	j = cJSON_Parse("{\"type\":\"fly\"}");
	CHECK(action_from_json(j, &a) == TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "fly") != NULL);
	cJSON_Delete(j);
	j = cJSON_Parse("{\"type\":\"scroll\",\"direction\":\"sideways\"}");
	CHECK(action_from_json(j, &a) == TD_ERR_PARSE);
	cJSON_Delete(j);
	j = cJSON_Parse("[1]");
	CHECK(action_from_json(j, &a) == TD_ERR_PARSE);
	cJSON_Delete(j);
}

TEST(bug_categories)
{
	CHECK_INT_EQ(bug_category_parse("data operation failure"), BUG_CAT_DATA_OPERATION);
	CHECK_INT_EQ(bug_category_parse("Navigation and link errors"), BUG_CAT_NAVIGATION);
	CHECK_INT_EQ(bug_category_parse("navigation/link error"), BUG_CAT_NAVIGATION);
	CHECK_INT_EQ(bug_category_parse("Page loading failures"), BUG_CAT_PAGE_LOADING);
	CHECK_INT_EQ(bug_category_parse("occlusion/overlap"), BUG_CAT_OCCLUSION);
	CHECK_INT_EQ(bug_category_parse("settings/configuration"), BUG_CAT_SETTINGS);
	CHECK_INT_EQ(bug_category_parse("data_loss"), BUG_CAT_CONTENT_MISSING);
	CHECK_INT_EQ(bug_category_parse("nonsense"), -1);
	for (int c = 0; c < BUG_CAT__COUNT; c++)
		CHECK_INT_EQ(bug_category_parse(bug_category_name((enum bug_category)c)), c);
}

TEST(bug_list_dedupes_and_writes)
{
	char dir[] = "/tmp/trident-bugs-XXXXXX";
	char *path, *id = NULL;
	struct bug b, got;
	struct action a;
	struct bug_list *l, *l2;
	REQUIRE(mkdtemp(dir) != NULL);
	path = xasprintf("%s/bugs.json", dir);
	l = bug_list_new(path);
	bug_init(&b);
	b.title = xstrdup("Note saved twice");
	b.category = BUG_CAT_DATA_OPERATION;
	b.functionality = xstrdup("Add note");
	b.found_by = xstrdup("detector");
	action_init(&a);
	a.type = ACTION_CLICK;
	a.widget_text = xstrdup("Save");
	a.x = 10;
	a.y = 20;
	bug_add_step(&b, 3, &a, "steps/0003.png", "pkg/.Edit");
	bug_add_evidence(&b, "steps/0004.png");
	CHECK_INT_EQ(bug_list_add(l, &b, &id), 1);
	CHECK_STR_EQ(id, "B001");
	free(id);
	free(b.title);
	b.title = xstrdup("NOTE SAVED TWICE");
	CHECK_INT_EQ(bug_list_add(l, &b, NULL), 0);
	CHECK_INT_EQ(bug_list_count(l), 1);
	l2 = bug_list_new(NULL);
	CHECK_OK(bug_list_load(l2, path));
	REQUIRE(bug_list_count(l2) == 1);
	CHECK_OK(bug_list_get(l2, 0, &got));
	CHECK_STR_EQ(got.id, "B001");
	CHECK_INT_EQ(got.n_steps, 1);
	CHECK_STR_EQ(got.steps[0].action.widget_text, "Save");
	CHECK_INT_EQ(got.steps[0].action.x, 10);
	CHECK_STR_EQ(got.evidence[0], "steps/0004.png");
	bug_release(&got);
	bug_release(&b);
	action_release(&a);
	bug_list_free(l);
	bug_list_free(l2);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* A history step on `activity` doing `type` on a widget labelled `label`. */
static void add_step(struct history *h, const char *activity, enum action_type type, const char *label)
{
	struct history_step s;
	history_step_init(&s);
	s.activity = xstrdup(activity);
	s.sig_abstract = (uint64_t)strlen(activity);
	s.action.type = type;
	s.action.widget_text = label ? xstrdup(label) : NULL;
	(void)history_add_step(h, &s);
	history_step_release(&s);
}

/* Oracle bugs dedupe across functionalities and count occurrences; Detector bugs keep the functionality. */
TEST(bug_list_counts_duplicate_reports)
{
	char dir[] = "/tmp/trident-bugdup-XXXXXX", *path, *id = NULL;
	struct bug b, got;
	struct bug_list *l, *l2;
	REQUIRE(mkdtemp(dir) != NULL);
	path = xasprintf("%s/bugs.json", dir);
	l = bug_list_new(path);
	bug_init(&b);
	b.title = xstrdup("'Sort A-Z' does not sort the list");
	b.category = BUG_CAT_DATA_OPERATION;
	b.functionality = xstrdup("Note: Ideas");
	b.found_by = xstrdup("oracle:sort");
	CHECK_INT_EQ(bug_list_add(l, &b, &id), 1);
	CHECK_STR_EQ(id, "B001");
	free(id);
	id = NULL;
	/* The same oracle in another functionality, title in other case and spacing. */
	free(b.functionality);
	b.functionality = xstrdup("Main: Notes");
	free(b.title);
	b.title = xstrdup("'sort a-z'  does not sort the list.");
	CHECK(bug_list_count_duplicate(l, &b, &id) == 1);
	CHECK_STR_EQ(id, "B001");
	free(id);
	id = NULL;
	CHECK_INT_EQ(bug_list_add(l, &b, &id), 0);
	CHECK_STR_EQ(id, "B001");
	free(id);
	CHECK_INT_EQ(bug_list_count(l), 1);
	/* Another oracle with that title, another category, another title: new bugs. */
	free(b.found_by);
	b.found_by = xstrdup("oracle:rotation");
	CHECK(bug_list_count_duplicate(l, &b, NULL) == 0);
	free(b.found_by);
	b.found_by = xstrdup("oracle:sort");
	b.category = BUG_CAT_CONTENT_MISSING;
	CHECK(bug_list_count_duplicate(l, &b, NULL) == 0);
	b.category = BUG_CAT_DATA_OPERATION;
	free(b.title);
	b.title = xstrdup("'Sort Z-A' does not sort the list");
	CHECK(bug_list_count_duplicate(l, &b, NULL) == 0);
	/* The Detector: same title in another functionality is another bug. */
	free(b.title);
	b.title = xstrdup("Note saved twice");
	free(b.found_by);
	b.found_by = xstrdup("detector");
	CHECK_INT_EQ(bug_list_add(l, &b, NULL), 1);
	free(b.functionality);
	b.functionality = xstrdup("Add note");
	CHECK_INT_EQ(bug_list_add(l, &b, NULL), 1);
	CHECK_INT_EQ(bug_list_add(l, &b, NULL), 0);
	CHECK_INT_EQ(bug_list_count(l), 3);
	/* One wrong total seen by both properties of the total oracle: one bug
	 * (extra.subject); another total, or a subject-less finding, is not. */
	{
		struct bug t;

		bug_init(&t);
		t.title = xstrdup("'Total' does not equal the sum of the rows shown");
		t.category = BUG_CAT_CALCULATION;
		t.found_by = xstrdup("oracle:total");
		t.extra = cJSON_CreateObject();
		cJSON_AddStringToObject(t.extra, "subject", "Total");
		CHECK_INT_EQ(bug_list_add(l, &t, NULL), 1);
		free(t.title);
		t.title = xstrdup("'Total' does not change by the deleted row's amount");
		CHECK(bug_list_count_duplicate(l, &t, NULL) == 1);
		cJSON_ReplaceItemInObjectCaseSensitive(t.extra, "subject", cJSON_CreateString("Subtotal"));
		CHECK(bug_list_count_duplicate(l, &t, NULL) == 0);
		cJSON_DeleteItemFromObjectCaseSensitive(t.extra, "subject");
		CHECK(bug_list_count_duplicate(l, &t, NULL) == 0);
		bug_release(&t);
	}
	/* bugs.json keeps the counts. */
	l2 = bug_list_new(NULL);
	CHECK_OK(bug_list_load(l2, path));
	REQUIRE(bug_list_count(l2) == 4);
	CHECK_OK(bug_list_get(l2, 0, &got));
	CHECK_INT_EQ(got.occurrences, 3);
	bug_release(&got);
	CHECK_OK(bug_list_get(l2, 1, &got));
	CHECK(got.occurrences <= 1);
	bug_release(&got);
	CHECK_OK(bug_list_get(l2, 2, &got));
	CHECK_INT_EQ(got.occurrences, 2);
	bug_release(&got);
	bug_release(&b);
	bug_list_free(l);
	bug_list_free(l2);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* An overlap finding of oracle:display: widgets a and b (resource ids) on `activity`. */
static void overlap_bug(struct bug *o, const char *a, const char *b, const char *activity)
{
	struct action act;
	cJSON *w;

	bug_init(o);
	o->title = xasprintf("'%s' overlaps '%s'", strchr(a, '/') + 1, strchr(b, '/') + 1);
	o->category = BUG_CAT_STRUCTURE;
	o->found_by = xstrdup("oracle:display");
	o->extra = cJSON_CreateObject();
	cJSON_AddStringToObject(o->extra, "issue", "overlap");
	w = cJSON_AddObjectToObject(o->extra, "a");
	cJSON_AddStringToObject(w, "resource_id", a);
	w = cJSON_AddObjectToObject(o->extra, "b");
	cJSON_AddStringToObject(w, "resource_id", b);
	action_init(&act);
	act.type = ACTION_CLICK;
	bug_add_step(o, 4, &act, NULL, activity);
	action_release(&act);
}

TEST(overlap_findings_sharing_a_widget)
{
	struct bug x, y, z, w;

	/* todo's summary drawn over the last task, or over "Nothing to do": one bug. */
	overlap_bug(&x, "t:id/task_title", "t:id/summary", "t/.Main");
	overlap_bug(&y, "t:id/task_list_empty", "t:id/summary", "t/.Main");
	CHECK(bug_same(&x, &y));
	CHECK(bug_same(&y, &x));
	/* No widget in common, or the same ids on another activity: two bugs. */
	overlap_bug(&z, "t:id/task_title", "t:id/due", "t/.Task");
	CHECK(!bug_same(&x, &z));
	overlap_bug(&w, "t:id/header", "t:id/footer", "t/.Main");
	CHECK(!bug_same(&x, &w));
	CHECK(!bug_same(&z, &w));
	bug_release(&x);
	bug_release(&y);
	bug_release(&z);
	bug_release(&w);
}

/* A finding of oracle `oracle` (category cat) from a tap on `rid` (NULL: on the control labelled "Save"). */
static void tap_finding(struct oracle_finding *f, const char *oracle, enum bug_category cat, const char *check,
			const char *rid)
{
	cJSON *a;

	oracle_finding_init(f);
	f->oracle = oracle;
	f->category = cat;
	f->title = xasprintf("%s by %s", check, rid ? rid : "Save");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", check);
	a = cJSON_AddObjectToObject(f->diff, "action");
	cJSON_AddStringToObject(a, "widget_text", "Save");
	if (rid)
		cJSON_AddStringToObject(a, "resource_id", rid);
}

/* bug_same of the bugs findings x and y make. */
static bool findings_same(const struct oracle_finding *x, const struct oracle_finding *y)
{
	struct bug a, b;
	bool same;

	bug_init(&a);
	bug_init(&b);
	oracle_finding_to_bug(x, &a);
	oracle_finding_to_bug(y, &b);
	same = bug_same(&a, &b);
	bug_release(&a);
	bug_release(&b);
	return same;
}

static const char *subject(const struct oracle_finding *f)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(f->diff, "subject");

	return cJSON_IsString(s) ? s->valuestring : NULL;
}

TEST(findings_of_one_tap_are_one_bug)
{
	struct oracle_finding x, y, z, u, v, w;
	cJSON *blamed;

	/* bookshelf: Save with an empty title, then with an empty author: one silent Save. */
	tap_finding(&x, "feedback", BUG_CAT_FEEDBACK_MISSING, "feedback", "b:id/save");
	tap_finding(&y, "feedback", BUG_CAT_FEEDBACK_MISSING, "refused_silently", "b:id/save");
	oracle_finding_subject_by_action(&x, "no feedback", "b/.AddBook");
	oracle_finding_subject_by_action(&y, "no feedback", "b/.AddBook");
	CHECK_STR_EQ(subject(&x), "no feedback via b:id/save");
	CHECK(findings_same(&x, &y));
	/* Another form's Save is another bug. */
	tap_finding(&z, "feedback", BUG_CAT_FEEDBACK_MISSING, "feedback", "b:id/save_shelf");
	oracle_finding_subject_by_action(&z, "no feedback", "b/.AddBook");
	CHECK(!findings_same(&x, &z));
	/* No resource id: the label on its page names the control; on another page it is another control. */
	tap_finding(&u, "feedback", BUG_CAT_FEEDBACK_MISSING, "feedback", NULL);
	tap_finding(&v, "feedback", BUG_CAT_FEEDBACK_MISSING, "feedback", NULL);
	oracle_finding_subject_by_action(&u, "no feedback", "b/.AddBook");
	free(v.title);
	v.title = xstrdup("'Save' with empty 'shelf_name' gives no feedback");
	oracle_finding_subject_by_action(&v, "no feedback", "b/.AddShelf");
	CHECK_STR_EQ(subject(&u), "no feedback via 'Save' on b/.AddBook");
	CHECK(!findings_same(&u, &v));
	/* The tap blamed (a delete a later page shows wrong) names the bug, not the tap that showed it. */
	tap_finding(&w, "crud", BUG_CAT_DATA_OPERATION, "delete_left_elsewhere", "b:id/nav_archive");
	blamed = cJSON_AddObjectToObject(w.diff, "blamed");
	cJSON_AddStringToObject(blamed, "resource_id", "b:id/ok_delete");
	oracle_finding_subject_by_action(&w, "crud delete", "b/.Main");
	CHECK_STR_EQ(subject(&w), "crud delete via b:id/ok_delete");
	/* A subject the oracle set stays. */
	oracle_finding_subject_by_action(&w, "crud other", "b/.Main");
	CHECK_STR_EQ(subject(&w), "crud delete via b:id/ok_delete");
	oracle_finding_release(&x);
	oracle_finding_release(&y);
	oracle_finding_release(&z);
	oracle_finding_release(&u);
	oracle_finding_release(&v);
	oracle_finding_release(&w);
}

/* contacts: 'N contacts' off by the rows, later over an empty list: one label, one bug across categories. */
TEST(one_subject_one_bug_across_categories)
{
	struct oracle_finding x, y, z;

	tap_finding(&x, "count", BUG_CAT_CALCULATION, "count", "c:id/delete");
	tap_finding(&y, "count", BUG_CAT_CONTENT_MISSING, "count_over_empty", "c:id/nav_contacts");
	tap_finding(&z, "display", BUG_CAT_CONTENT_MISSING, "count_over_empty", "c:id/nav_contacts");
	cJSON_AddStringToObject(x.diff, "subject", "count on c/.Main: # contacts");
	cJSON_AddStringToObject(y.diff, "subject", "count on c/.Main: # contacts");
	cJSON_AddStringToObject(z.diff, "subject", "count on c/.Main: # contacts");
	CHECK(findings_same(&x, &y));
	/* Another oracle's subject is its own. */
	CHECK(!findings_same(&x, &z));
	oracle_finding_release(&x);
	oracle_finding_release(&y);
	oracle_finding_release(&z);
}

/* Paths start after the last restart that cleared the app's data (a clean start). */
/* A finding's path ends with the step that shows it, not with another oracle's rotation after it. */
TEST(bug_path_without_trailing_side_trips)
{
	struct bug b;
	struct action save, rot;

	bug_init(&b);
	action_init(&save);
	action_init(&rot);
	save.type = ACTION_CLICK;
	save.widget_text = xstrdup("Save");
	rot.type = ACTION_ROTATE;
	rot.rotation = 1;
	bug_add_step(&b, 1, &save, NULL, NULL);
	bug_add_side_step(&b, 1, &rot, "oracle:rotation"); /* a side trip inside the path stays */
	bug_add_step(&b, 2, &save, NULL, NULL);
	bug_add_side_step(&b, 2, &rot, "oracle:rotation");
	bug_add_side_step(&b, 2, &rot, "oracle:rotation");
	bug_drop_trailing_side_steps(&b);
	REQUIRE(b.n_steps == 3);
	CHECK_INT_EQ(b.steps[2].step, 2);
	CHECK(!b.steps[2].side_trip);
	CHECK(b.steps[1].side_trip != NULL);
	bug_drop_trailing_side_steps(&b);
	CHECK_INT_EQ((int)b.n_steps, 3);
	action_release(&save);
	action_release(&rot);
	bug_release(&b);
}

TEST(history_clean_start_after_clearing_restart)
{
	struct history *h = history_new();
	struct history_step s;

	add_step(h, "pkg/.Main", ACTION_CLICK, "Add");          /* 1 */
	add_step(h, "pkg/.Main", ACTION_RESTART, NULL);         /* 2: data kept */
	add_step(h, "pkg/.Main", ACTION_CLICK, "Add");          /* 3 */
	CHECK_INT_EQ(history_clean_start(h, 3), 1);
	history_step_init(&s);
	s.activity = xstrdup("pkg/.Main");
	s.action.type = ACTION_RESTART;
	s.action.clear_data = true;
	REQUIRE(history_add_step(h, &s) == 4);                  /* 4: data cleared */
	history_step_release(&s);
	add_step(h, "pkg/.Main", ACTION_CLICK, "Sort");         /* 5 */
	CHECK_INT_EQ(history_clean_start(h, 5), 5);
	CHECK_INT_EQ(history_clean_start(h, 4), 5);
	CHECK_INT_EQ(history_clean_start(h, 3), 1);
	CHECK_INT_EQ(history_clean_start(h, 99), 5);
	history_free(h);
}

TEST(history_segments_and_views)
{
	struct history *h = history_new();
	struct history_segment seg;
	struct history_functionality f;
	char *view;

	add_step(h, "pkg/.Main", ACTION_CLICK, "New note");
	add_step(h, "pkg/.Editor", ACTION_INPUT, "Title");
	add_step(h, "pkg/.Editor", ACTION_CLICK, "Save");
	add_step(h, "pkg/.Main", ACTION_CLICK, "Sort A-Z");
	CHECK_INT_EQ(history_classify(h, 1, "Add a note", NULL, FUNC_PARTIAL, "notes list", false, &seg), 0);
	CHECK_INT_EQ(history_classify(h, 2, " add a NOTE ", NULL, FUNC_PARTIAL, "editor", false, &seg), 0);
	CHECK_INT_EQ(history_classify(h, 3, "Add a note", NULL, FUNC_FULL, "editor", false, &seg), 0);
	CHECK_INT_EQ(history_classify(h, 4, "Sort", NULL, FUNC_PARTIAL, "list", false, &seg), 1);
	CHECK_STR_EQ(seg.name, "Add a note");
	CHECK_INT_EQ(seg.first_step, 1);
	CHECK_INT_EQ(seg.last_step, 3);
	history_segment_release(&seg);
	CHECK_INT_EQ(history_n_functionalities(h), 2);
	CHECK_OK(history_get_functionality(h, 0, &f));
	CHECK_INT_EQ(f.status, FUNC_FULL);
	CHECK_INT_EQ(f.visits, 1);
	CHECK_INT_EQ(f.n_steps, 3);
	history_functionality_release(&f);
	CHECK_INT_EQ(history_n_activities(h), 2);
	{
		struct action a;
		action_init(&a);
		a.type = ACTION_CLICK;
		a.widget_text = xstrdup("Save");
		CHECK_INT_EQ(history_action_count(h, strlen("pkg/.Editor"), &a), 1);
		CHECK_INT_EQ(history_action_count(h, strlen("pkg/.Main"), &a), 0);
		action_release(&a);
	}
	view = history_text_view(h, 0);
	CHECK(strstr(view, "Add a note: 1 visit, 3 steps, fully tested") != NULL);
	CHECK(strstr(view, "#1 [Main]") != NULL);
	free(view);
	/* A small budget keeps the functionality list and drops the oldest records. */
	view = history_text_view(h, 60);
	CHECK(strstr(view, "Add a note") != NULL);
	CHECK(strstr(view, "oldest of 4 not shown") != NULL);
	CHECK(strstr(view, "#1 [Main]") == NULL);
	CHECK(strstr(view, "#4 [Main]") != NULL);
	free(view);
	/* ended_now closes the segment with this step. */
	CHECK_INT_EQ(history_classify(h, 4, "Sort", NULL, FUNC_FULL, NULL, true, &seg), 1);
	CHECK_INT_EQ(seg.last_step, 4);
	history_segment_release(&seg);
	CHECK_INT_EQ(history_finish(h, &seg), 0);
	history_free(h);
}

TEST(prompt_render_placeholders)
{
	struct prompt p;
	const struct prompt_var vars[] = { { "who", "tester" }, { "empty", NULL } };
	CHECK_OK(prompt_render("%% comment\nYou are a {{who}}.\n=== user ===\nHi {{who}}{{empty}}\n{{image:shot}}\nbye\n",
			       "t", vars, 2, &p));
	CHECK_STR_EQ(p.system, "You are a tester.");
	REQUIRE(p.n_parts == 3);
	CHECK_STR_EQ(p.parts[0].text, "Hi tester\n");
	CHECK_STR_EQ(p.parts[1].image, "shot");
	CHECK_STR_EQ(p.parts[2].text, "\nbye\n");
	prompt_release(&p);
	CHECK(prompt_render("a\n=== user ===\n{{nope}}\n", "x.md", vars, 2, &p) == TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "x.md: unknown placeholder {{nope}}") != NULL);
	CHECK(prompt_render("no separator\n", "y.md", vars, 2, &p) == TD_ERR_PARSE);
	CHECK(prompt_render("a\n=== user ===\n{{who\n", "z.md", vars, 2, &p) == TD_ERR_PARSE);
}

/* Every shipped template renders with the variables the code passes. */
TEST(shipped_prompts_render)
{
	static const char *const files[] = { "explorer.md", "monitor.md", "detector.md", "functionality.md" };
	static const char *const schemas[] = { "explorer.schema.json", "explorer_monitor.schema.json",
					       "monitor.schema.json", "detector.schema.json" };
	const struct prompt_var vars[] = {
		{ "app_info", "x" }, { "activity", "x" }, { "legend", "x" }, { "widget_list", "x" },
		{ "history", "x" }, { "hints", "x" }, { "feedback", "x" }, { "current_functionality", "x" },
		{ "functionality_inquiry", "x" }, { "step", "1" }, { "step_budget", "2" }, { "records", "x" },
		{ "action", "x" }, { "functionality", "x" }, { "functionality_list", "x" },
		{ "actual_path", "x" }, { "steps", "x" }, { "examples", "x" }, { "categories", "x" },
		{ "screen_text", "x" }, { "reported", "x" }, { "goal", "x" },
	};
	for (size_t i = 0; i < 4; i++) {
		struct prompt p;
		cJSON *s;
		CHECK_OK(prompt_render_file(TRIDENT_SOURCE_DIR "/prompts", files[i], vars,
					    sizeof(vars) / sizeof(vars[0]), &p));
		CHECK(p.system && p.system[0]);
		prompt_release(&p);
		CHECK_OK(prompt_load_schema(TRIDENT_SOURCE_DIR "/prompts", schemas[i], &s));
		CHECK(cJSON_GetObjectItem(s, "required") != NULL);
		cJSON_Delete(s);
	}
}

TEST(bug_examples_dataset)
{
	struct example_set *s;
	int per_cat[BUG_CAT__COUNT] = { 0 };
	size_t idx[5];
	double score[5];
	size_t n;
	CHECK_OK(example_set_load(TRIDENT_SOURCE_DIR "/prompts/bug_examples.jsonl", &s));
	REQUIRE(s != NULL);
	CHECK(example_set_count(s) >= 60);
	for (size_t i = 0; i < example_set_count(s); i++) {
		const struct bug_example *e = example_set_get(s, i);
		int c = bug_category_parse(e->category);
		CHECK(c >= 0 && c < BUG_CATEGORIES_NONCRASH);
		if (c >= 0)
			per_cat[c]++;
		CHECK(!strncmp(e->source, "https://github.com/", 19));
		CHECK(strstr(e->source, "/issues/") || strstr(e->source, "/pull/"));
		CHECK(e->n_replay >= 1);
	}
	for (int c = 0; c < BUG_CATEGORIES_NONCRASH; c++)
		CHECK(per_cat[c] >= 3);
	/* Retrieval: a rotation query finds rotation examples first. */
	n = example_set_top_k(s, "EditActivity note editor typed text rotate screen landscape", 5, idx, score);
	CHECK_INT_EQ(n, 5);
	CHECK(score[0] >= score[4]);
	CHECK(strstr(example_set_get(s, idx[0])->description, "rotat") != NULL);
	n = example_set_top_k(s, "shopping list total price wrong", 3, idx, score);
	CHECK_STR_EQ(example_set_get(s, idx[0])->category, "numerical calculation error");
	{
		char *t = example_format(example_set_get(s, idx[0]), 1);
		CHECK(strstr(t, "Example 1 [numerical calculation error]") != NULL);
		free(t);
	}
	example_set_free(s);
}

TEST(example_set_rejects_bad_lines)
{
	char path[] = "/tmp/trident-ex-XXXXXX";
	int fd = mkstemp(path);
	struct example_set *s = NULL;
	const char *text = "# ok\n{\"description\":\"d\",\"category\":\"content missing\",\"replay\":[\"a\"],"
			   "\"source\":\"https://github.com/a/b/issues/1\"}\n{\"description\":\"no source\"}\n";
	REQUIRE(fd >= 0);
	REQUIRE(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	close(fd);
	CHECK(example_set_load(path, &s) == TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), ":3:") != NULL);
	CHECK(s == NULL);
	unlink(path);
}

TEST(rundir_trace_lines)
{
	char dir[] = "/tmp/trident-rd-XXXXXX";
	struct rundir *rd;
	struct strbuf sb = STRBUF_INIT;
	char *p, *rel;
	cJSON *r;
	REQUIRE(mkdtemp(dir) != NULL);
	p = xasprintf("%s/run", dir);
	CHECK_OK(rundir_open(p, &rd));
	r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "type", "ignored");
	cJSON_AddNumberToObject(r, "step", 7);
	CHECK_OK(rundir_trace(rd, "step", r));
	CHECK_OK(rundir_trace(rd, "bug", NULL));
	rel = rundir_step_rel(7, ".png");
	CHECK_STR_EQ(rel, "steps/0007.png");
	CHECK_OK(rundir_write(rd, rel, "x", 1));
	free(rel);
	rundir_close(rd);
	free(p);
	p = xasprintf("%s/run/trace.jsonl", dir);
	CHECK_OK(strbuf_read_file(&sb, p));
	CHECK(!strncmp(sb.buf, "{\"type\":\"step\",\"t_ms\":", 22));
	CHECK(strstr(sb.buf, "\"step\":7}\n{\"type\":\"bug\"") != NULL);
	strbuf_release(&sb);
	free(p);
	p = xasprintf("rm -rf '%s'", dir);
	CHECK(system(p) == 0);
	free(p);
}

int main(void)
{
	RUN(action_json_round_trip);
	RUN(action_from_model_spellings);
	RUN(bug_categories);
	RUN(bug_list_dedupes_and_writes);
	RUN(bug_list_counts_duplicate_reports);
	RUN(overlap_findings_sharing_a_widget);
	RUN(findings_of_one_tap_are_one_bug);
	RUN(one_subject_one_bug_across_categories);
	RUN(bug_path_without_trailing_side_trips);
	RUN(history_clean_start_after_clearing_restart);
	RUN(history_segments_and_views);
	RUN(prompt_render_placeholders);
	RUN(shipped_prompts_render);
	RUN(bug_examples_dataset);
	RUN(example_set_rejects_bad_lines);
	RUN(rundir_trace_lines);
	return test_summary();
}
