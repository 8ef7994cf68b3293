/*
 * test_oracle_silent_empty.c - oracle 39 "silent_empty": its tracker fed hand-made
 * screens of a transit app's Connections page (an option row "All means
 * of transport", a list of connections) and its "Means of transport"
 * dialog. A choice that the option row then shows and that leaves the
 * page with no row and no message is the finding (transit
 * `transit-options-change-blank`, OneBusAway #1036). The fixed twin's "No
 * connections found", a Cancel, a choice that leaves a row, a dialog
 * action that is no option (the row keeps its text), a spinner, a page
 * that had no row and a return to another page are not.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define ROW "android.widget.LinearLayout"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ACT "org.t/.MainActivity"

/* Connections: the route, the option row showing `mode`, `rows` connections, maybe a message and a spinner. */
static struct ui_tree *page(const char *title, const char *mode, int rows, const char *message, bool spinner)
{
	char *list = calloc(1, 1);

	for (int i = 0; i < rows; i++) {
		char text[64];

		snprintf(text, sizeof(text), "08:%02d \xe2\x80\x93 08:%02d \xc2\xb7 15 min", 3 + 10 * i, 18 + 10 * i);
		list = x_cat(list,
			     x_node1(ROW, "t:id/trip_row", "", "c", 0, 600 + 200 * i, 1080, 780 + 200 * i,
				     x_node(TEXT, "t:id/trip_time", text, "", "", 40, 620 + 200 * i, 1040, 760 + 200 * i,
					    NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_bar(title), x_node(TEXT, "t:id/route", "Dortmund Hbf \xe2\x86\x92 Bochum Hbf", "", "", 40, 240, 1040, 340, NULL),
			    x_node(TEXT, "t:id/res_mode", mode, "c", "", 40, 360, 1040, 460, NULL),
			    rows ? x_node1(LIST, "t:id/trip_list", "", "s", 0, 580, 1080, 2000, list) : (free(list), calloc(1, 1)),
			    message ? x_node(TEXT, "t:id/empty", message, "", "", 40, 700, 1040, 800, NULL) : calloc(1, 1),
			    spinner ? x_node("android.widget.ProgressBar", "t:id/progress", "", "", "", 490, 900, 590, 1000, NULL)
				    : calloc(1, 1),
			    NULL));
}

/* The "Means of transport" dialog over the page, or a "Delete all?" dialog when `confirm`. */
static struct ui_tree *dialog(bool confirm)
{
	char *body = confirm ? x_cat(x_node(TEXT, "t:id/msg", "Delete all connections?", "", "", 140, 820, 940, 900, NULL),
				     x_node(BUTTON, "t:id/opt_delete", "Delete", "c", "", 600, 1150, 940, 1280, NULL),
				     NULL)
			     : x_cat(x_node(TEXT, "t:id/opt_all", "All means of transport", "c", "", 140, 820, 940, 920, NULL),
				     x_node(TEXT, "t:id/opt_notrain", "Without trains (U-Bahn, tram, bus)", "c", "", 140,
					    940, 940, 1040, NULL),
				     x_node(BUTTON, "t:id/opt_cancel", "Cancel", "c", "", 600, 1150, 940, 1280, NULL), NULL);

	return x_tree(x_cat(x_bar("Connections"),
			    x_node1("android.widget.FrameLayout", "t:id/dialog_panel", "", "", 100, 800, 980, 1300, body),
			    NULL));
}

/* One click on the widget labelled `label` with resource-id `rid`. */
static void click(struct action *a, const char *label, const char *rid)
{
	action_init(a);
	a->type = ACTION_CLICK;
	a->widget_text = xstrdup(label);
	a->resource_id = xstrdup(rid);
}

/*
 * The option row (showing `opener`) tapped on `start`, `choice` (rid)
 * tapped in `dlg`, landing on `end`: whether the tracker reports the last
 * step (the trees are freed).
 */
static bool chosen(struct ui_tree *start, const char *opener, struct ui_tree *dlg, const char *choice,
		   const char *rid, struct ui_tree *end, char **title)
{
	const struct oracle_kind *k = oracle_kind_find("silent_empty");
	void *t;
	struct action open, pick;
	struct oracle_finding f;
	struct oracle_tracked_step s1 = { start, ACT, dlg, ACT, true, &open }, s2 = { dlg, ACT, end, ACT, true, &pick };
	bool hit = false;

	CHECK(k && k->track && start && dlg && end);
	if (!k || !start || !dlg || !end) {
		ui_tree_free(start);
		ui_tree_free(dlg);
		ui_tree_free(end);
		return false;
	}
	t = k->tracker_new();
	click(&open, opener, "t:id/res_mode");
	click(&pick, choice, rid);
	oracle_finding_init(&f);
	CHECK(!k->track(t, &s1, &f));
	hit = k->track(t, &s2, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "silent_empty"));
		CHECK_INT_EQ(f.category, BUG_CAT_FEEDBACK_MISSING);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&open);
	action_release(&pick);
	k->tracker_free(t);
	ui_tree_free(start);
	ui_tree_free(dlg);
	ui_tree_free(end);
	return hit;
}

#define ALL "All means of transport"
#define NOTRAIN "Without trains (U-Bahn, tram, bus)"

TEST(a_choice_that_empties_the_page_without_a_word)
{
	char *title = NULL;

	CHECK(chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		     page("Connections", NOTRAIN, 0, NULL, false), &title));
	CHECK(title && !strcmp(title, "Choosing 'Without trains (U-Bahn, tram, bus)' empties 'Connections' without a word"));
	free(title);
	/* One row before is enough. */
	CHECK(chosen(page("Connections", ALL, 1, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		     page("Connections", NOTRAIN, 0, NULL, false), NULL));
}

TEST(a_message_a_row_or_no_choice_is_not_judged)
{
	/* The fixed twin says so. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		      page("Connections", NOTRAIN, 0, "No connections found", false), NULL));
	/* A row is left. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		      page("Connections", NOTRAIN, 1, NULL, false), NULL));
	/* Cancel: the option row keeps its text (the list emptied for another reason is not this check's). */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), "Cancel", "t:id/opt_cancel",
		      page("Connections", ALL, 0, NULL, false), NULL));
	/* The option already chosen, chosen again: nothing was applied. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), ALL, "t:id/opt_all",
		      page("Connections", ALL, 0, NULL, false), NULL));
	/* An action in a dialog, not an option: "Delete" is not what the row shows. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(true), "Delete", "t:id/opt_delete",
		      page("Connections", ALL, 0, NULL, false), NULL));
	/* Still loading. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		      page("Connections", NOTRAIN, 0, NULL, true), NULL));
	/* No row before the choice. */
	CHECK(!chosen(page("Connections", ALL, 0, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		      page("Connections", NOTRAIN, 0, NULL, false), NULL));
	/* The choice led to another page. */
	CHECK(!chosen(page("Connections", ALL, 2, NULL, false), ALL, dialog(false), NOTRAIN, "t:id/opt_notrain",
		      page("Departures", NOTRAIN, 0, NULL, false), NULL));
}

int main(void)
{
	RUN(a_choice_that_empties_the_page_without_a_word);
	RUN(a_message_a_row_or_no_choice_is_not_judged);
	return test_summary();
}
