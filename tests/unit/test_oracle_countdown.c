/*
 * test_oracle_countdown.c - oracle 40 "countdown" (oracle_countdown_wrong)
 * on built dumps: a reviewer saying "2 cards left" whose Good brings
 * "Congratulations!" is reported (flashcards, AnkiDroid #3430); 1 left, a
 * counter still shown after the tap, no text saying the session is over,
 * a tap that ends a session early (End, Skip), a time left ("10 min
 * left"), a counter inside a list row or a clickable, and a dialog are
 * not judged.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.Reviewer"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define FRAME "android.widget.FrameLayout"

/* A reviewer: the counter text (clickable when asked), a question and a button labelled `button` at y 460. */
static struct ui_tree *reviewer(const char *counter, bool counter_clickable, const char *button)
{
	return x_tree(x_cat(x_bar("Capitals"),
			    x_node(TEXT, "t:id/left", counter, counter_clickable ? "c" : "", "", 40, 240, 1040, 320, NULL),
			    x_node(TEXT, "t:id/question", "Capital of Malta", "", "", 40, 330, 1040, 390, NULL),
			    x_node(BUTTON, "t:id/answer", button, "c", "", 40, 400, 500, 520, NULL), NULL));
}

/* The same counter as a list row's text. */
static struct ui_tree *listed(const char *counter, const char *button)
{
	return x_tree(x_cat(x_bar("Capitals"),
			    x_node1(LIST, "t:id/list", "", "s", 0, 220, 1080, 380,
				    x_node1(ROW, "t:id/row", "", "", 0, 220, 1080, 380,
					    x_node(TEXT, "t:id/left", counter, "", "", 40, 240, 1040, 320, NULL))),
			    x_node(BUTTON, "t:id/answer", button, "c", "", 40, 400, 500, 520, NULL), NULL));
}

/* The page after the tap: one or two texts (NULL for none). */
static struct ui_tree *after(const char *a, const char *b)
{
	return x_tree(x_cat(x_bar("Capitals"), a ? x_node(TEXT, "t:id/a", a, "", "", 40, 240, 1040, 320, NULL) : calloc(1, 1),
			    b ? x_node(TEXT, "t:id/b", b, "", "", 40, 330, 1040, 390, NULL) : calloc(1, 1),
			    x_node(BUTTON, "t:id/back", "Back to decks", "c", "", 40, 400, 500, 520, NULL), NULL));
}

/* The after page under a dialog. */
static struct ui_tree *after_dialog(const char *a)
{
	return x_tree(x_cat(x_bar("Capitals"),
			    x_node1(FRAME, "t:id/dialog_panel", "", "", 100, 800, 980, 1400,
				    x_node(TEXT, "android:id/message", a, "", "", 140, 840, 940, 940, NULL)),
			    NULL));
}

/* Whether tapping `label` at (270, 460) from b to a is reported (both freed); the actual text into *actual. */
static bool tapped(struct ui_tree *b, const char *label, struct ui_tree *a, char **actual)
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
	tap.x = 270;
	tap.y = 460;
	oracle_finding_init(&f);
	hit = oracle_countdown_wrong(b, ACT, a, ACT, &tap, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "countdown"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (actual)
			*actual = xstrdup(f.actual);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	return hit;
}

static bool answered(const char *counter, const char *button, const char *a, const char *b)
{
	return tapped(reviewer(counter, false, button), button, after(a, b), NULL);
}

TEST(two_left_then_finished_is_reported)
{
	char *actual = NULL;

	CHECK(tapped(reviewer("2 cards left", false, "Good"), "Good",
		     after("Congratulations!", "You have finished Capitals for now."), &actual));
	CHECK(actual && !strcmp(actual, "\"2 cards left\", then \"Congratulations!\" after tapping 'Good'"));
	free(actual);
	CHECK(answered("3 remaining", "Next", "Quiz complete", "Score: 7"));
	CHECK(answered("5 questions to go.", "Check answer", NULL, "All done for today"));
	CHECK(answered("2 left", "Again", "No more cards due", NULL));
}

TEST(a_count_that_fits_or_goes_on_is_not_judged)
{
	/* The fixed twin: one left on the last card. */
	CHECK(!answered("1 cards left", "Good", "Congratulations!", "You have finished Capitals for now."));
	CHECK(!answered("0 cards left", "Good", "Congratulations!", NULL));
	/* The session goes on: a counter still shows, or nothing says it is over. */
	CHECK(!answered("2 cards left", "Good", "1 cards left", "Congratulations on your streak"));
	CHECK(!answered("2 cards left", "Good", "Capital of Peru", NULL));
	/* A tap that ends a session early. */
	CHECK(!answered("4 cards left", "End session", "Session finished", NULL));
	CHECK(!answered("4 cards left", "Skip", "Session finished", NULL));
	CHECK(!answered("4 cards left", "Done", "Session finished", NULL));
	CHECK(!answered("5 questions left", "Submit quiz", "Quiz completed", NULL));
	/* Time left is no count of items; words that do not end the text are no counter. */
	CHECK(!answered("10 min left", "Good", "Finished", NULL));
	CHECK(!answered("2 cards left today and more", "Good", "Finished", NULL));
	CHECK(!answered("2 of 5 cards left", "Good", "Finished", NULL));
}

TEST(counters_in_rows_clickables_or_under_dialogs_are_not_read)
{
	CHECK(!tapped(listed("2 cards left", "Good"), "Good", after("Congratulations!", NULL), NULL));
	CHECK(!tapped(reviewer("2 cards left", true, "Good"), "Good", after("Congratulations!", NULL), NULL));
	CHECK(!tapped(reviewer("2 cards left", false, "Good"), "Good", after_dialog("Congratulations!"), NULL));
	/* The same shape is read outside a row. */
	CHECK(tapped(reviewer("2 cards left", false, "Good"), "Good", after("Congratulations!", NULL), NULL));
}

int main(void)
{
	RUN(two_left_then_finished_is_reported);
	RUN(a_count_that_fits_or_goes_on_is_not_judged);
	RUN(counters_in_rows_clickables_or_under_dialogs_are_not_read);
	return test_summary();
}
