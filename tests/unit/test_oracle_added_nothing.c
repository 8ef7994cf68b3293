/*
 * test_oracle_added_nothing.c - the feedback oracle's Add that added
 * nothing (oracle_feedback_added_nothing) on built dumps: Add entry on a
 * scanner's result that comes back to the accounts list reading exactly as
 * before is reported (authenticator `authenticator-duplicate-scan-silent`,
 * FreeOTP #69). Not judged: a list that shows the new row, a list that
 * reaches the bottom of the screen (the new row may be below), a form with
 * a field (the typed-value checks' business), a press that is no Add, a
 * dialog after it, and an Add that stays on its page.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "org.t/.MainActivity"
#define SCAN_ACT "org.t/.ScannerActivity"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"

/* The scanner's result page; with a field when `field`. */
static struct ui_tree *scanner(bool field)
{
	return x_tree(x_cat(x_bar("Scan QR code"),
			    x_node(TEXT, "t:id/found", "QR code found: GitHub", "", "", 40, 900, 1040, 990, NULL),
			    field ? x_node("android.widget.EditText", "t:id/name", "GitHub", "cf", "", 40, 1000, 1040, 1100, NULL)
				  : strdup(""),
			    x_node(BUTTON, "t:id/add_scanned", "Add entry", "c", "", 40, 1200, 1040, 1320, NULL),
			    x_node(BUTTON, "t:id/rescan", "Scan another code", "c", "", 40, 1340, 1040, 1460, NULL), NULL));
}

/* The accounts list: n rows (the first `n` of four), its list ending at y `bottom`; a dialog over it when `dialog`. */
static struct ui_tree *accounts(int n, int bottom, bool dialog)
{
	static const char *const names[] = { "GitHub", "Proton Mail", "Monzo", "Coinbase" };
	char *rows = strdup("");

	for (int i = 0; i < n; i++)
		rows = x_cat(rows, x_node1(ROW, "t:id/entry_row", "", "c", 0, 240 + i * 200, 1080, 430 + i * 200,
					   x_node(TEXT, "t:id/issuer", names[i], "", "", 40, 250 + i * 200, 1040,
						  330 + i * 200, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar("Authenticator"), x_node1(RV, "t:id/entries", "", "s", 0, 220, 1080, bottom, rows),
			    dialog ? x_node1("android.widget.FrameLayout", "t:id/dialog", "", "", 84, 850, 996, 1400,
					     x_node(TEXT, "android:id/message", "Already in the vault", "", "", 100,
						    900, 980, 1000, NULL))
				   : strdup(""),
			    NULL));
}

/* Whether the tap `label` on b landing on a (b, a and was freed; `back`: a is the page b was opened from) is reported; its title into *title. */
static bool added_nothing(struct ui_tree *b, const char *label, const char *act_after, struct ui_tree *a,
			  struct ui_tree *was, bool back, char **title)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(b && a && was);
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup(label);
	tap.resource_id = xstrdup(strcmp(label, "Add entry") ? "t:id/rescan" : "t:id/add_scanned");
	oracle_finding_init(&f);
	hit = b && a && was && oracle_feedback_added_nothing(b, SCAN_ACT, a, act_after, &tap, was, back, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "feedback"));
		CHECK_INT_EQ(f.category, BUG_CAT_FEEDBACK_MISSING);
		CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	ui_tree_free(was);
	return hit;
}

TEST(an_add_that_comes_back_to_the_list_as_it_was)
{
	char *title = NULL;

	CHECK(added_nothing(scanner(false), "Add entry", ACT, accounts(3, 1200, false), accounts(3, 1200, false), true,
			    &title));
	CHECK(title && !strcmp(title, "'Add entry' on 'Scan QR code' adds nothing to 'Authenticator' and says nothing"));
	free(title);
}

TEST(what_is_not_judged)
{
	/* The new row shows. */
	CHECK(!added_nothing(scanner(false), "Add entry", ACT, accounts(4, 1200, false), accounts(3, 1200, false), true, NULL));
	/* The list runs to the bottom of the screen: a new row may be below. */
	CHECK(!added_nothing(scanner(false), "Add entry", ACT, accounts(3, 2400, false), accounts(3, 2400, false), true, NULL));
	/* A form with a field. */
	CHECK(!added_nothing(scanner(true), "Add entry", ACT, accounts(3, 1200, false), accounts(3, 1200, false), true, NULL));
	/* No Add. */
	CHECK(!added_nothing(scanner(false), "Scan another code", ACT, accounts(3, 1200, false),
			     accounts(3, 1200, false), true, NULL));
	/* A dialog says why. */
	CHECK(!added_nothing(scanner(false), "Add entry", ACT, accounts(3, 1200, true), accounts(3, 1200, false), true, NULL));
	/* A page the Add opens (a picker that reads as it did): not the one the Add was pressed on came from. */
	CHECK(!added_nothing(scanner(false), "Add entry", ACT, accounts(3, 1200, false), accounts(3, 1200, false), false,
			     NULL));
	/* The same page after it (press_silent's business). */
	CHECK(!added_nothing(scanner(false), "Add entry", SCAN_ACT, scanner(false), scanner(false), true, NULL));
}

int main(void)
{
	RUN(an_add_that_comes_back_to_the_list_as_it_was);
	RUN(what_is_not_judged);
	return test_summary();
}
