/*
 * test_oracle_prefill.c - oracle 43 "prefill" (oracle_prefill_wrong) on
 * built dumps: an expense whose page lists Ana's and Ben's shares opens an
 * Edit form that ticks You as well (splitter, spliit #2) and is reported;
 * the fixed twin's form, a split between everyone, a page listing one
 * label, a listed label left unticked, a tap that is no edit, a listing
 * that may go on out of view, switches, and a form opened from a form are
 * not judged.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MainActivity"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define BOX "android.widget.CheckBox"
#define FIELD "android.widget.EditText"
#define SCROLL "android.widget.ScrollView"

/*
 * An expense's page: its amount, who paid, one text per share in
 * `shares` ('|'-separated, up to 4), and Edit under them; in a view that
 * scrolls when `scrolls`, and with a note field when `field`.
 */
static struct ui_tree *item_page(const char *shares, bool scrolls, bool field)
{
	char *body = x_cat(x_node(TEXT, "t:id/amount", "\xc2\xa3" "30.00", "", "", 40, 230, 1040, 340, NULL),
			   x_node(TEXT, "t:id/payer", "Paid by You", "", "", 40, 360, 1040, 450, NULL), NULL);
	char buf[256], *tok, *save;
	int y = 470;

	snprintf(buf, sizeof(buf), "%s", shares);
	for (tok = strtok_r(buf, "|", &save); tok; tok = strtok_r(NULL, "|", &save), y += 110)
		body = x_cat(body, x_node(TEXT, "t:id/share", tok, "", "", 40, y, 1040, y + 90, NULL), NULL);
	if (field)
		body = x_cat(body, x_node(FIELD, "t:id/note", "", "cf", "", 40, y, 1040, y + 120, NULL), NULL);
	body = x_cat(body, x_node(BUTTON, "t:id/edit_btn", "Edit", "c", "", 40, 1500, 520, 1620, NULL), NULL);
	return x_tree(x_cat(x_bar("Taxi to the airport"),
			    x_node1(SCROLL, "t:id/content", "", scrolls ? "s" : "", 0, 210, 1080, 2400, body), NULL));
}

/* The edit form: a title field, then one box per "Name" or "Name*" (ticked) in `boxes`, of class `cls`. */
static struct ui_tree *form(const char *boxes, const char *cls)
{
	char *body = x_cat(x_node(TEXT, "t:id/heading", "Edit expense", "", "", 40, 230, 1040, 340, NULL),
			   x_node(FIELD, "t:id/title_field", "Taxi to the airport", "cf", "", 40, 360, 1040, 500, NULL),
			   NULL);
	char buf[256], *tok, *save;
	int y = 950;

	snprintf(buf, sizeof(buf), "%s", boxes);
	for (tok = strtok_r(buf, "|", &save); tok; tok = strtok_r(NULL, "|", &save), y += 150) {
		size_t n = strlen(tok);
		bool ticked = n && tok[n - 1] == '*';

		if (ticked)
			tok[n - 1] = '\0';
		body = x_cat(body, x_node(cls, "t:id/split", tok, ticked ? "ckK" : "ck", "", 40, y, 1040, y + 126, NULL),
			     NULL);
	}
	return x_tree(x_cat(x_bar("Expense"), body, NULL));
}

/* Whether a tap on `label` from page b to a is reported (both freed); the finding's title into *title. */
static bool tapped(struct ui_tree *b, const char *label, struct ui_tree *a, char **title)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(b && a);
	if (!b || !a) {
		ui_tree_free(b);
		ui_tree_free(a);
		return false;
	}
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup(label);
	tap.x = 540;
	tap.y = 2300; /* on no button: the label is the tap's text */
	oracle_finding_init(&f);
	hit = oracle_prefill_wrong(b, ACT, a, ACT, &tap, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "prefill"));
		CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	return hit;
}

static bool edit(const char *shares, const char *boxes)
{
	return tapped(item_page(shares, false, false), "Edit", form(boxes, BOX), NULL);
}

TEST(an_edit_form_ticking_a_member_the_expense_leaves_out)
{
	char *title = NULL;

	CHECK(tapped(item_page("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", false, false), "Edit",
		     form("You*|Ana*|Ben*", BOX), &title));
	CHECK(title && !strcmp(title, "The edit form ticks 'You', which the item's page does not list"));
	free(title);
	/* Other ways a page lists its members. */
	CHECK(edit("Ana \xc2\xb7 \xc2\xa3" "15.00|Ben \xc2\xb7 \xc2\xa3" "15.00", "You*|Ana*|Ben*"));
	CHECK(edit("Ana|Ben", "You*|Ana*|Ben*|Carla"));
	/* A label that only begins another name ("Anastasia") is not listed by it. */
	CHECK(edit("Anastasia: \xc2\xa3" "10.00|Ben: \xc2\xa3" "10.00|Carla: \xc2\xa3" "10.00", "Ana*|Ben*|Carla*"));
}

TEST(forms_that_tick_what_the_page_lists_are_not_judged)
{
	/* The fixed twin: You unticked. */
	CHECK(!edit("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", "You|Ana*|Ben*"));
	/* Split between everyone, and everyone ticked. */
	CHECK(!edit("You: \xc2\xa3" "10.00|Ana: \xc2\xa3" "10.00|Ben: \xc2\xa3" "10.00", "You*|Ana*|Ben*"));
	/* One listed label is too little to read the page as the boxes' list ("Paid by You" lists no one). */
	CHECK(!edit("Ana: \xc2\xa3" "30.00", "You*|Ana*|Ben"));
	/* A listed label left unticked: the page lists things the boxes mean otherwise. */
	CHECK(!edit("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", "You*|Ana*|Ben"));
}

TEST(taps_and_pages_the_check_leaves_alone)
{
	/* A tap that is no edit (a copy of the expense may start from everyone). */
	CHECK(!tapped(item_page("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", false, false), "Duplicate",
		      form("You*|Ana*|Ben*", BOX), NULL));
	/* The listing sits in a view that scrolls: more shares may be out of view. */
	CHECK(!tapped(item_page("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", true, false), "Edit",
		      form("You*|Ana*|Ben*", BOX), NULL));
	/* Switches set options, not members. */
	CHECK(!tapped(item_page("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", false, false), "Edit",
		      form("You*|Ana*|Ben*", "android.widget.Switch"), NULL));
	/* From a form (a field on the page before), not from the item's page. */
	CHECK(!tapped(item_page("Ana: \xc2\xa3" "15.00|Ben: \xc2\xa3" "15.00", false, true), "Edit",
		      form("You*|Ana*|Ben*", BOX), NULL));
}

int main(void)
{
	RUN(an_edit_form_ticking_a_member_the_expense_leaves_out);
	RUN(forms_that_tick_what_the_page_lists_are_not_judged);
	RUN(taps_and_pages_the_check_leaves_alone);
	return test_summary();
}
