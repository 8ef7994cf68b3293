/*
 * test_oracle_refresh.c - oracle 32 "refresh" (its tracker, through the
 * oracle registry) fed hand-made screens of a currency page: an amount is
 * typed, "Update rates" is tapped, and the field shows its placeholder
 * again (converter `converter-update-rates-clears-amount`, modelled on
 * microsoft/calculator #260). The amount kept, a lone "Update", a Convert
 * tap, another page, a dialog, a search field and a field the run never
 * typed into are not reported.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define EDIT "android.widget.EditText"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define CUR "org.t/.CurrencyActivity"

/* The currency page titled `title`: the amount field showing `amount`, Convert and a button labelled `button`. */
static struct ui_tree *currency(const char *title, const char *field_id, const char *amount, const char *button,
				bool dialog)
{
	return x_tree(x_cat(x_bar(title),
			    x_node(TEXT, "t:id/rate", "1 USD = 0.88 CHF", "", "", 40, 230, 1000, 320, NULL),
			    x_node(EDIT, field_id, amount, "cf", "", 40, 339, 1040, 486, NULL),
			    x_node(BUTTON, "t:id/convert", "Convert", "c", "", 40, 520, 520, 640, NULL),
			    x_node(BUTTON, "t:id/update", button, "c", "", 560, 520, 1040, 640, NULL),
			    dialog ? x_node1("android.widget.FrameLayout", "android:id/parentPanel", "", "", 100, 900,
					     980, 1400,
					     x_node(TEXT, "android:id/message", "Rates updated", "", "", 140, 950, 940,
						    1050, NULL))
				   : calloc(1, 1),
			    NULL));
}

/* A click on the widget labelled `label`, or an input of `text` into `rid`. */
static struct action act(enum action_type type, const char *label, const char *rid, const char *text)
{
	struct action a;

	action_init(&a);
	a.type = type;
	a.widget_text = label ? xstrdup(label) : NULL;
	a.resource_id = rid ? xstrdup(rid) : NULL;
	a.text = text ? xstrdup(text) : NULL;
	return a;
}

/*
 * Type "121" into `field_id` on the page, then tap `button` on the page
 * with the field showing `before_amount`; the page after shows
 * `after_title` and the field showing `after_amount`. Returns whether the
 * tap was reported (checking the finding when it was).
 */
static bool tapped(const char *field_id, bool type_first, const char *before_amount, const char *button,
		   const char *after_title, const char *after_amount, bool dialog_after, const char *act_after)
{
	const struct oracle_kind *k = oracle_kind_find("refresh");
	void *t = k->tracker_new();
	struct ui_tree *empty = currency("USD to CHF", field_id, "Amount in USD", button, false);
	struct ui_tree *typed = currency("USD to CHF", field_id, "121", button, false);
	struct ui_tree *before = currency("USD to CHF", field_id, before_amount, button, false);
	struct ui_tree *after = currency(after_title, field_id, after_amount, button, dialog_after);
	struct action in = act(ACTION_INPUT, "Amount in USD", field_id, "121");
	struct action tap = act(ACTION_CLICK, button, "t:id/update", NULL);
	const struct oracle_tracked_step typing = { empty, CUR, typed, CUR, true, &in };
	const struct oracle_tracked_step tapping = { before, CUR, after, act_after, true, &tap };
	struct oracle_finding f;
	bool found;

	oracle_finding_init(&f);
	if (type_first)
		CHECK(!k->track(t, &typing, &f));
	oracle_finding_release(&f);
	oracle_finding_init(&f);
	found = k->track(t, &tapping, &f);
	if (found) {
		CHECK(f.category == BUG_CAT_CONTENT_MISSING);
		CHECK(f.oracle && !strcmp(f.oracle, "refresh"));
		CHECK(f.title && strstr(f.title, "clears what was typed in 'Amount in USD'"));
		CHECK(f.expected && strstr(f.expected, "\"121\""));
		CHECK(f.diff && cJSON_GetObjectItemCaseSensitive(f.diff, "subject"));
	}
	oracle_finding_release(&f);
	action_release(&in);
	action_release(&tap);
	ui_tree_free(empty);
	ui_tree_free(typed);
	ui_tree_free(before);
	ui_tree_free(after);
	k->tracker_free(t);
	return found;
}

/* tapped() on the page still showing the amount typed. */
static bool typed_then(const char *field_id, bool type_first, const char *button, const char *after_title,
		       const char *after_amount, bool dialog_after, const char *act_after)
{
	return tapped(field_id, type_first, "121", button, after_title, after_amount, dialog_after, act_after);
}

TEST(update_rates_that_empties_the_amount)
{
	CHECK(typed_then("t:id/amount", true, "Update rates", "USD to CHF", "Amount in USD", false, CUR));
	/* Emptied outright (a dump with the hint attribute). */
	CHECK(typed_then("t:id/amount", true, "Refresh", "USD to CHF", "", false, CUR));
	CHECK(typed_then("t:id/amount", true, "Sync now", "USD to CHF", "Amount in USD", false, CUR));
}

TEST(kept_amount_and_other_taps_are_not_judged)
{
	/* The amount kept. */
	CHECK(!typed_then("t:id/amount", true, "Update rates", "USD to CHF", "121", false, CUR));
	/* A lone "Update" (an edit form's save), Convert, "Updated" (no refresh verb). */
	CHECK(!typed_then("t:id/amount", true, "Update", "USD to CHF", "Amount in USD", false, CUR));
	CHECK(!typed_then("t:id/amount", true, "Convert", "USD to CHF", "Amount in USD", false, CUR));
	CHECK(!typed_then("t:id/amount", true, "Updated 5 min ago", "USD to CHF", "Amount in USD", false, CUR));
	/* Another page (title, activity), a dialog over the page after. */
	CHECK(!typed_then("t:id/amount", true, "Update rates", "USD to EUR", "Amount in USD", false, CUR));
	CHECK(!typed_then("t:id/amount", true, "Update rates", "USD to CHF", "Amount in USD", false, "org.t/.Main"));
	CHECK(!typed_then("t:id/amount", true, "Update rates", "USD to CHF", "Amount in USD", true, CUR));
	/* A search field; a field the run never typed into. */
	CHECK(!typed_then("t:id/search_box", true, "Refresh", "USD to CHF", "Amount in USD", false, CUR));
	CHECK(!typed_then("t:id/amount", false, "Update rates", "USD to CHF", "Amount in USD", false, CUR));
	/* The typed amount already gone before the tap: nothing of the user's left to lose. */
	CHECK(!tapped("t:id/amount", true, "Amount in USD", "Update rates", "USD to CHF", "Amount in USD", false, CUR));
}

int main(void)
{
	RUN(update_rates_that_empties_the_amount);
	RUN(kept_amount_and_other_taps_are_not_judged);
	return test_summary();
}
