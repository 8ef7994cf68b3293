/*
 * test_sim_spec.c - the app spec loader: good specs load; each class of
 * error names the file, the JSON path and the reason; the demo apps load
 * and declare enough bugs across enough categories.
 */
#include <string.h>

#include "device/app_info.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"
#include "test.h"

#define GOOD_HEAD "{\"package\":\"com.t.app\",\"label\":\"T\",\"activities\":[{\"name\":\".Main\",\"launcher\":true}],"

static const char *good =
	GOOD_HEAD
	"\"state\":{\"n\":{\"type\":\"number\",\"initial\":1},"
	"\"items\":{\"type\":\"list\",\"fields\":{\"name\":\"string\"},\"initial\":[{\"name\":\"a\"}]}},"
	"\"screens\":{\"main\":{\"title\":\"Main {n}\",\"widgets\":["
	"{\"type\":\"button\",\"id\":\"go\",\"text\":\"Go\",\"on_click\":[{\"navigate\":\"second\"}]},"
	"{\"type\":\"list\",\"id\":\"l\",\"items\":\"items\",\"row\":{\"type\":\"text\",\"text\":\"{name}\"}}]},"
	"\"second\":{\"widgets\":[{\"type\":\"edit\",\"id\":\"e\",\"hint\":\"Name\"},"
	"{\"type\":\"button\",\"id\":\"add\",\"on_click\":[{\"append\":\"items\",\"record\":{\"name\":\"{@e}\"}}]}]}},"
	"\"bugs\":[{\"id\":\"b1\",\"category\":\"data operation failure\",\"description\":\"adds nothing\","
	"\"event\":\"second.add.click\",\"effects\":[]}]}";

/* Load `text`, expect failure, and check the message has every part. */
static void expect_error(const char *text, const char *part1, const char *part2)
{
	struct sim_app *app = NULL;
	int err = sim_app_load_text(text, strlen(text), "bad.json", &app);
	CHECK(err != 0);
	CHECK(app == NULL);
	const char *msg = td_errmsg(err);
	if (!strstr(msg, "bad.json") || !strstr(msg, part1) || (part2 && !strstr(msg, part2)))
		TEST_FAIL_AT("message '%s' lacks '%s' / '%s'", msg, part1, part2 ? part2 : "");
	sim_app_free(app);
}

/* A screen's "args" name variables that exist, and no list. */
TEST(a_screens_args_are_checked)
{
	expect_error("{\"package\":\"com.t.a\",\"activities\":[{\"name\":\".M\",\"launcher\":true}],\"state\":{},"
		     "\"screens\":{\"main\":{\"args\":[\"nope\"],\"widgets\":[]}}}",
		     "screens.main.args", "unknown variable 'nope'");
	expect_error("{\"package\":\"com.t.a\",\"activities\":[{\"name\":\".M\",\"launcher\":true}],"
		     "\"state\":{\"l\":{\"type\":\"list\",\"fields\":{\"t\":\"string\"}}},"
		     "\"screens\":{\"main\":{\"args\":[\"l\"],\"widgets\":[]}}}",
		     "screens.main.args", "names the list 'l'");
	expect_error("{\"package\":\"com.t.a\",\"activities\":[{\"name\":\".M\",\"launcher\":true}],\"state\":{},"
		     "\"screens\":{\"main\":{\"args\":\"cur\",\"widgets\":[]}}}",
		     "screens.main.args", "must be an array");
}

TEST(good_spec_loads)
{
	struct sim_app *app = NULL;
	CHECK_OK(sim_app_load_text(good, strlen(good), "good.json", &app));
	REQUIRE(app);
	CHECK_STR_EQ(sim_app_package(app), "com.t.app");
	const struct sim_bug_info *bugs;
	CHECK_INT_EQ(sim_app_bugs(app, &bugs), 1);
	CHECK_STR_EQ(bugs[0].id, "b1");
	CHECK_STR_EQ(bugs[0].category, "data operation failure");
	sim_app_free(app);
}

TEST(invalid_json_names_line)
{
	expect_error("{\n\"package\": \"x.y\",\n oops }", "line 3", "invalid JSON");
}

TEST(dangling_screen)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[{\"type\":\"button\",\"id\":\"b\","
		 "\"on_click\":[{\"navigate\":\"detial\"}]}]}}}");
	expect_error(buf, "screens.main.widgets[0].on_click[0].navigate", "unknown screen 'detial'");
}

TEST(unknown_variable)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[{\"type\":\"text\",\"text\":\"T {totl}\"}]}}}");
	expect_error(buf, "screens.main.widgets[0].text", "unknown variable 'totl'");
}

TEST(unknown_input_field)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"state\":{\"s\":{\"type\":\"string\"}},\"screens\":{\"main\":{\"widgets\":["
		 "{\"type\":\"button\",\"id\":\"b\",\"on_click\":[{\"set\":\"s\",\"value\":\"{@nope}\"}]}]}}}");
	expect_error(buf, "on_click[0].value", "unknown input field '@nope'");
}

TEST(bad_widget_type)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[{\"type\":\"bogus\"}]}}}");
	expect_error(buf, "screens.main.widgets[0]", "unknown widget type 'bogus'");
}

TEST(bad_bug_category_and_event)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[]}},\"bugs\":[{\"id\":\"x\","
		 "\"category\":\"ui glitch\",\"description\":\"d\",\"event\":\"main.show\",\"effects\":[]}]}");
	expect_error(buf, "bugs[0]", "one of Trident's nine");
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[]}},\"bugs\":[{\"id\":\"x\","
		 "\"category\":\"feedback missing\",\"description\":\"d\",\"event\":\"main.nope.click\",\"effects\":[]}]}");
	expect_error(buf, "bugs[0].event", "no such event 'main.nope.click'");
}

TEST(missing_launcher_and_package)
{
	expect_error("{\"package\":\"com.a.b\",\"activities\":[{\"name\":\".M\"}],\"screens\":{\"m\":{\"widgets\":[]}}}",
		     "activities", "launcher");
	expect_error("{\"package\":\"nodots\",\"activities\":[],\"screens\":{}}", "package", "package name");
}

TEST(type_errors)
{
	char buf[4096];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"state\":{\"n\":{\"type\":\"number\",\"initial\":\"x\"}},"
		 "\"screens\":{\"main\":{\"widgets\":[]}}}");
	expect_error(buf, "state.n.initial", "expected a number");
	snprintf(buf, sizeof buf, GOOD_HEAD "\"state\":{\"s\":{\"type\":\"string\"}},\"screens\":{\"main\":{\"widgets\":["
		 "{\"type\":\"button\",\"id\":\"b\",\"on_click\":[{\"increment\":\"s\"}]}]}}}");
	expect_error(buf, "on_click[0].increment", "is a string, not a number");
}

TEST(caps_on_size_and_depth)
{
	size_t n = (1u << 20) + 10;
	char *big = malloc(n + 1);
	memset(big, ' ', n);
	big[n] = '\0';
	struct sim_app *app = NULL;
	CHECK_INT_EQ(sim_app_load_text(big, n, "big.json", &app), TD_ERR_TOO_BIG);
	free(big);
	char deep[4096] = "";
	for (int i = 0; i < 60; i++)
		strcat(deep, "[");
	for (int i = 0; i < 60; i++)
		strcat(deep, "]");
	char buf[8192];
	snprintf(buf, sizeof buf, GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[]}},\"x\":%s}", deep);
	expect_error(buf, "nested deeper", NULL);
}

/*
 * Nesting counts open calls, not calls made: a sum of 80 calls loads (each
 * call used up a level for good before, so about 60 calls in one expression
 * failed as "nested too deeply"; caldiary's generator split its sums), and
 * 70 calls inside each other still fail.
 */
TEST(expression_depth_counts_nesting_not_calls)
{
	char expr[2048] = "", nested[2048] = "", buf[8192];
	struct sim_app *app = NULL;

	for (int i = 0; i < 80; i++)
		strcat(expr, i ? " + len('a')" : "len('a')");
	snprintf(buf, sizeof buf,
		 GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[{\"type\":\"text\",\"id\":\"t\",\"text\":\"{%s}\"}]}}}",
		 expr);
	CHECK_OK(sim_app_load_text(buf, strlen(buf), "sum.json", &app));
	sim_app_free(app);
	for (int i = 0; i < 70; i++)
		strcat(nested, "num(");
	strcat(nested, "1");
	for (int i = 0; i < 70; i++)
		strcat(nested, ")");
	snprintf(buf, sizeof buf,
		 GOOD_HEAD "\"screens\":{\"main\":{\"widgets\":[{\"type\":\"text\",\"id\":\"t\",\"text\":\"{%s}\"}]}}}",
		 nested);
	expect_error(buf, "nested too deeply", NULL);
}

TEST(demo_apps_load_with_bugs)
{
	static const char *apps[] = { "notes", "shop", "todo", "player" };
	static const char *cats[] = { "page loading failure", "occlusion/overlap", "content missing",
				      "feedback missing", "data operation failure", "media control",
				      "numerical calculation error", "settings/configuration",
				      "navigation/link error" };
	bool seen[9] = { false };
	size_t total = 0;
	for (size_t i = 0; i < 4; i++) {
		char *path = sim_app_resolve(apps[i], NULL);
		struct sim_app *app = NULL;
		CHECK_OK(sim_app_load(path, &app));
		free(path);
		if (!app)
			continue;
		const struct sim_bug_info *b;
		size_t n = sim_app_bugs(app, &b);
		CHECK(n >= 3);
		total += n;
		for (size_t k = 0; k < n; k++)
			for (int c = 0; c < 9; c++)
				if (!strcmp(b[k].category, cats[c]))
					seen[c] = true;
		sim_app_free(app);
	}
	int covered = 0;
	for (int c = 0; c < 9; c++)
		covered += seen[c];
	CHECK(total >= 14);
	CHECK(covered >= 7);
}

TEST(resolve_names_and_paths)
{
	char *p = sim_app_resolve("notes", "/x/apps");
	CHECK_STR_EQ(p, "/x/apps/notes.json");
	free(p);
	p = sim_app_resolve("dir/my.json", "/x/apps");
	CHECK_STR_EQ(p, "dir/my.json");
	free(p);
	p = sim_app_resolve("notes", NULL);
	CHECK(strstr(p, "configs/apps/notes.json") != NULL);
	free(p);
}

TEST(app_info_from_spec)
{
	char *path = sim_app_resolve("notes", NULL);
	struct app_info *info = NULL;
	CHECK_OK(app_info_from_sim_spec(path, &info));
	free(path);
	REQUIRE(info);
	CHECK_STR_EQ(info->package, "com.trident.notes");
	CHECK_STR_EQ(info->launcher_activity, "com.trident.notes.MainActivity");
	CHECK(info->n_activities == 4);
	CHECK(info->n_deep_links == 2);
	bool found = false;
	for (size_t i = 0; i < info->n_deep_links; i++)
		found = found || !strcmp(info->deep_links[i].uri, "notes://new");
	CHECK(found);
	for (size_t i = 0; i < info->n_activities; i++)
		if (!strcmp(info->activities[i].name, "com.trident.notes.NoteActivity"))
			CHECK(!info->activities[i].exported);
	app_info_free(info);
}

int main(void)
{
	RUN(good_spec_loads);
	RUN(a_screens_args_are_checked);
	RUN(invalid_json_names_line);
	RUN(dangling_screen);
	RUN(unknown_variable);
	RUN(unknown_input_field);
	RUN(bad_widget_type);
	RUN(bad_bug_category_and_event);
	RUN(missing_launcher_and_package);
	RUN(type_errors);
	RUN(caps_on_size_and_depth);
	RUN(expression_depth_counts_nesting_not_calls);
	RUN(demo_apps_load_with_bugs);
	RUN(resolve_names_and_paths);
	RUN(app_info_from_spec);
	return test_summary();
}
