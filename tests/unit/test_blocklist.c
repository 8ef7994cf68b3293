/*
 * test_blocklist.c - the user's blocklist patterns (core/blocklist.h): their
 * syntax and errors, widget matching by text, description, id and inside a
 * row, activity matching in every form, and run.block in a config file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/blocklist.h"
#include "core/config.h"
#include "core/error.h"
#include "core/ui.h"
#include "test.h"

static const char screen[] =
	"<hierarchy rotation=\"0\"><node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" "
	"package=\"com.x\" content-desc=\"\" clickable=\"false\" bounds=\"[0,0][1080,1920]\">"
	"<node index=\"0\" text=\"\" resource-id=\"com.x:id/row\" class=\"android.widget.LinearLayout\" package=\"com.x\" "
	"content-desc=\"\" clickable=\"true\" bounds=\"[0,100][1080,300]\">"
	"<node index=\"0\" text=\"  Log out \" resource-id=\"com.x:id/label\" class=\"android.widget.TextView\" "
	"package=\"com.x\" content-desc=\"\" clickable=\"false\" bounds=\"[20,120][500,280]\"/></node>"
	"<node index=\"1\" text=\"\" resource-id=\"com.x:id/delete_account\" class=\"android.widget.ImageButton\" "
	"package=\"com.x\" content-desc=\"Remove\" clickable=\"true\" bounds=\"[0,400][200,600]\"/>"
	"<node index=\"2\" text=\"Pay now\" resource-id=\"\" class=\"android.widget.Button\" "
	"package=\"com.x\" content-desc=\"\" clickable=\"true\" bounds=\"[0,700][200,900]\"/>"
	"</node></hierarchy>";

static const struct ui_widget *by_id(const struct ui_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->resource_id, id))
			return t->nodes[i];
	return NULL;
}

TEST(pattern_errors)
{
	static const char *const good[] = { "Log out", "text:Log out", "ID:*delete*", "activity:.PayActivity",
					    "text:Note: draft", "12:30", "[Pp]ay*" };
	static const struct { const char *p, *why; } bad[] = {
		{ "", "empty" }, { "txt:Log out", "unknown kind 'txt'" }, { "id:", "nothing to match" },
		{ "text:   ", "nothing to match" }, { "text:[abc", "unclosed '['" },
		{ "Note: draft", "written text:" }, /* a colon after a word is a kind */
	};
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		char *why = blocklist_pattern_error(good[i]);
		if (why)
			fprintf(stderr, "%s: %s\n", good[i], why);
		CHECK(why == NULL);
		free(why);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *why = blocklist_pattern_error(bad[i].p);
		REQUIRE(why != NULL);
		CHECK(strstr(why, bad[i].why) != NULL);
		free(why);
	}
	{
		char big[BLOCKLIST_PATTERN_MAX + 2];
		char *why;
		memset(big, 'a', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		why = blocklist_pattern_error(big);
		CHECK(why != NULL);
		free(why);
	}
}

TEST(widgets)
{
	struct ui_tree *t = NULL;
	struct blocklist *bl = blocklist_new();
	REQUIRE(ui_parse(screen, sizeof(screen) - 1, "blocklist.xml", &t) == TD_OK);
	CHECK(blocklist_add(bl, "text:log OUT", "test") == TD_OK);
	CHECK(blocklist_add(bl, "id:*delete*", "test") == TD_OK);
	CHECK(blocklist_add(bl, "pay", "test") == TD_OK);
	CHECK(blocklist_add(bl, "bogus:x", "--block") == TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "--block: blocklist pattern 'bogus:x': unknown kind") != NULL);
	CHECK_INT_EQ((int)blocklist_count(bl), 3);
	/* the label inside the row, trimmed and case-folded; the row only when looking inside */
	CHECK(blocklist_match_widget(bl, by_id(t, "com.x:id/label"), false) != NULL);
	CHECK(blocklist_match_widget(bl, by_id(t, "com.x:id/row"), false) == NULL);
	CHECK(!strcmp(blocklist_match_widget(bl, by_id(t, "com.x:id/row"), true), "text:log OUT"));
	CHECK(!strcmp(blocklist_match_widget(bl, by_id(t, "com.x:id/delete_account"), false), "id:*delete*"));
	/* a bare glob is a whole-string text match: "pay" is not "Pay now" */
	CHECK(blocklist_match_widget(bl, t->nodes[t->n_nodes - 1], true) == NULL);
	CHECK(blocklist_add(bl, "pay*", "test") == TD_OK);
	CHECK(!strcmp(blocklist_match_widget(bl, t->nodes[t->n_nodes - 1], true), "pay*"));
	/* the content description counts as text */
	CHECK(blocklist_add(bl, "text:remove", "test") == TD_OK);
	{
		struct blocklist *only = blocklist_new();
		CHECK(blocklist_add(only, "text:remove", "test") == TD_OK);
		CHECK(blocklist_match_widget(only, by_id(t, "com.x:id/delete_account"), false) != NULL);
		CHECK(blocklist_match_widget(only, t->nodes[0], true) != NULL); /* the root holds it */
		blocklist_free(only);
	}
	CHECK(blocklist_match_widget(NULL, t->nodes[0], true) == NULL);
	blocklist_free(bl);
	ui_tree_free(t);
}

TEST(activities)
{
	struct blocklist *bl = blocklist_new();
	CHECK(blocklist_add(bl, "activity:.PayActivity", "t") == TD_OK);
	CHECK(blocklist_add(bl, "activity:*settings*", "t") == TD_OK);
	CHECK(blocklist_match_activity(bl, "com.x/.PayActivity", "com.x") != NULL);
	CHECK(blocklist_match_activity(bl, "com.x/com.x.PayActivity", NULL) != NULL);
	CHECK(blocklist_match_activity(bl, "com.x.PayActivity", "com.x") != NULL);
	CHECK(blocklist_match_activity(bl, "com.x.PayActivityOld", "com.x") == NULL);
	CHECK(blocklist_match_activity(bl, "com.x/.ui.SettingsActivity", "com.x") != NULL);
	CHECK(blocklist_match_activity(bl, "com.x/.MainActivity", "com.x") == NULL);
	CHECK(blocklist_match_activity(bl, "", "com.x") == NULL);
	CHECK(blocklist_match_activity(bl, NULL, "com.x") == NULL);
	blocklist_free(bl);
	bl = blocklist_new();
	CHECK(blocklist_add(bl, "activity:PayActivity", "t") == TD_OK);
	CHECK(blocklist_match_activity(bl, "com.x/.pay.PayActivity", "com.x") != NULL);
	CHECK(blocklist_add(bl, "text:Pay", "t") == TD_OK);
	CHECK(blocklist_match_activity(bl, "com.x/.Pay", "com.x") == NULL); /* text: never names an activity */
	blocklist_free(bl);
}

TEST(config_key)
{
	struct config *cfg = config_defaults();
	REQUIRE(cfg != NULL);
	CHECK(config_merge_text(cfg, "{\"run\": {\"block\": [\"text:Log out\", \"id:*pay*\"]}}", "a.json") == TD_OK);
	CHECK_INT_EQ(cJSON_GetArraySize(config_node(cfg, "run.block")), 2);
	CHECK(config_merge_text(cfg, "{\"run\": {\"block\": [\"text:ok\", \"nope:x\"]}}", "b.json") == TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "b.json: run.block[1]: 'nope:x': unknown kind 'nope'") != NULL);
	CHECK(config_merge_text(cfg, "{\"run\": {\"block\": \"text:x\"}}", "c.json") == TD_ERR_CONFIG);
	CHECK(config_append_string(cfg, "run.block", "activity:.Pay") == TD_OK);
	CHECK(config_append_string(cfg, "run.block", "id:") == TD_ERR_CONFIG);
	CHECK(config_append_string(cfg, "run.steps", "x") == TD_ERR_CONFIG);
	CHECK_INT_EQ(cJSON_GetArraySize(config_node(cfg, "run.block")), 3);
	CHECK(config_set(cfg, "run.block", "[\"id:\"]") == TD_ERR_CONFIG);
	config_free(cfg);
}

int main(void)
{
	RUN(pattern_errors);
	RUN(widgets);
	RUN(activities);
	RUN(config_key);
	return test_summary();
}
