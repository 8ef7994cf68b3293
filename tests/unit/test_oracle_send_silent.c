/*
 * test_oracle_send_silent.c - the feedback oracle's Send variant
 * (oracle_feedback_send_silent) on built dumps: Send now on an Outbox that
 * still lists its message and shows nothing new is reported (mail,
 * thunderbird-android #7228); an Outbox that empties or says why, an
 * Outbox that says it is empty, a Send
 * with a field on the page (a chat's empty Send), a Send that is more than
 * a bare Send ("Send test notification"), another page after it and a
 * dialog are not judged. A plain button that asks for something to happen
 * ("I just took it") and changes nothing is reported too (pillbox,
 * did-i-take-my-meds #62); buttons that may rightly do nothing (Refresh,
 * Cancel, Clear) are not judged. So is a price pressed ("10 Gold", "Buy")
 * that neither buys nor says why not (quests, habitica-android #124).
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
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"

/* An Outbox titled `title` listing `row` and `note` under it ("" none), a button `label`, a field when `field`. */
static struct ui_tree *outbox(const char *title, const char *row, const char *note, const char *label, bool field)
{
	return x_tree(x_cat(x_bar(title), x_node(TEXT, "t:id/row", row, "", "", 40, 240, 1040, 330, NULL),
			    x_node(TEXT, "t:id/note", note, "", "", 40, 350, 1040, 440, NULL),
			    field ? x_node("android.widget.EditText", "t:id/msg", "", "cf", "", 40, 460, 1040, 580, NULL)
				  : strdup(""),
			    x_node(BUTTON, "t:id/send_now", label, "c", "", 40, 800, 500, 920, NULL), NULL));
}

/* Whether tapping `label` from b to a (both freed) is reported; a's activity `act_after`. */
static bool sent(struct ui_tree *b, const char *label, struct ui_tree *a, const char *act_after, char **title)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(b && a);
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup(label);
	tap.resource_id = xstrdup("t:id/send_now");
	oracle_finding_init(&f);
	hit = b && a && oracle_feedback_send_silent(b, ACT, a, act_after, &tap, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "feedback"));
		CHECK_INT_EQ(f.category, BUG_CAT_FEEDBACK_MISSING);
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	return hit;
}

static bool same(const char *label, bool field)
{
	return sent(outbox("Outbox", "To: Daniel Reyes", "", label, field), label,
		    outbox("Outbox", "To: Daniel Reyes", "", label, field), ACT, NULL);
}

TEST(a_send_that_changes_nothing_and_says_nothing)
{
	char *title = NULL;

	CHECK(sent(outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), "Send now",
		   outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), ACT, &title));
	CHECK(title && !strcmp(title, "'Send now' on 'Outbox' changes nothing and says nothing"));
	free(title);
	CHECK(same("Send", false));
	CHECK(same("Resend", false));
}

TEST(sends_that_answer_or_are_left_alone)
{
	/* The fixed twin says why. */
	CHECK(!sent(outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), "Send now",
		    outbox("Outbox", "To: Daniel Reyes", "The message is larger than the server's 25 MB limit.",
			   "Send now", false),
		    ACT, NULL));
	/* Sent: the Outbox empties. */
	CHECK(!sent(outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), "Send now",
		    outbox("Outbox", "", "No messages in Outbox", "Send now", false), ACT, NULL));
	/* An empty Outbox that already said so: a second press rightly repeats nothing. */
	CHECK(!sent(outbox("Outbox", "No messages in Outbox", "Nothing to send: the Outbox is empty.", "Send now", false),
		    "Send now",
		    outbox("Outbox", "No messages in Outbox", "Nothing to send: the Outbox is empty.", "Send now", false),
		    ACT, NULL));
	/* A field on the page: a chat's Send with nothing typed rightly does nothing. */
	CHECK(!same("Send", true));
	/* More than a bare Send: it may act outside the page. */
	CHECK(!same("Send test notification", false));
	CHECK(!same("Send feedback", false));
	/* Another activity after it. */
	CHECK(!sent(outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), "Send now",
		    outbox("Outbox", "To: Daniel Reyes", "", "Send now", false), "org.t/.OtherActivity", NULL));
}

TEST(a_plain_button_that_changes_nothing_and_says_nothing)
{
	char *title = NULL;

	CHECK(sent(outbox("Ibuprofen 400 mg", "In stock: 0 tablets", "", "I just took it", false), "I just took it",
		   outbox("Ibuprofen 400 mg", "In stock: 0 tablets", "", "I just took it", false), ACT, &title));
	CHECK(title && !strcmp(title, "'I just took it' on 'Ibuprofen 400 mg' changes nothing and says nothing"));
	free(title);
	CHECK(same("Add to stock", false));
	/* The fixed twin says why: a note on the page. */
	CHECK(!sent(outbox("Ibuprofen 400 mg", "In stock: 0 tablets", "", "I just took it", false), "I just took it",
		    outbox("Ibuprofen 400 mg", "In stock: 0 tablets", "None left: refill first.", "I just took it", false),
		    ACT, NULL));
	/* Buttons that may rightly do nothing on the page as it is. */
	CHECK(!same("Refresh", false));
	CHECK(!same("Cancel", false));
	CHECK(!same("Clear all", false));
	CHECK(!same("Show more", false));
	CHECK(!same("Mark all as read", false));
	/* One word: a choice or a key more often than a request (browser's Dark, calc's AC on their fixed twins). */
	CHECK(!same("Dark", false));
	CHECK(!same("AC", false));
}

/* A shop's list: a reward's row (its name, and a price button `label`), under the balance `gold`. */
static struct ui_tree *rewards(const char *gold, const char *label)
{
	return x_tree(x_cat(
		x_bar("Rewards"), x_node(TEXT, "t:id/hdr_gold", gold, "", "", 40, 240, 1040, 330, NULL),
		x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/reward_list", "", "", 0, 400, 1080, 1200,
			x_node1("android.widget.LinearLayout", "t:id/reward_row", "", "", 0, 400, 1080, 600,
				x_cat(x_node(TEXT, "t:id/reward_title", "Watch an episode", "", "", 40, 420, 700, 500, NULL),
				      x_node(BUTTON, "t:id/send_now", label, "c", "", 760, 420, 1040, 580, NULL), NULL))),
		NULL));
}

/* quests (session 66): a price pressed that neither buys nor says why not; in a list row too. */
TEST(a_price_pressed_that_changes_nothing_and_says_nothing)
{
	char *title = NULL;

	CHECK(sent(rewards("Gold 137.50", "10 Gold"), "10 Gold", rewards("Gold 137.50", "10 Gold"), ACT, &title));
	CHECK(title && !strcmp(title, "'10 Gold' on 'Rewards' changes nothing and says nothing"));
	free(title);
	CHECK(sent(rewards("Gold 137.50", "$4.99"), "$4.99", rewards("Gold 137.50", "$4.99"), ACT, NULL));
	CHECK(sent(rewards("Gold 137.50", "Buy"), "Buy", rewards("Gold 137.50", "Buy"), ACT, NULL));
	/* The fixed twin takes the gold. */
	CHECK(!sent(rewards("Gold 137.50", "10 Gold"), "10 Gold", rewards("Gold 127.50", "10 Gold"), ACT, NULL));
	/* A number that is no price (a quantity, a day) is not a purchase. */
	CHECK(!sent(rewards("Gold 137.50", "10 pcs"), "10 pcs", rewards("Gold 137.50", "10 pcs"), ACT, NULL));
	CHECK(!sent(rewards("Gold 137.50", "12"), "12", rewards("Gold 137.50", "12"), ACT, NULL));
}

/* A page with three buttons side by side (a choice group), the one tapped `label`. */
static struct ui_tree *choices(const char *label)
{
	return x_tree(x_cat(x_bar("Customize"),
			    x_node1("android.widget.LinearLayout", "t:id/group", "", "", 40, 800, 1040, 920,
				    x_cat(x_node(BUTTON, "t:id/send_now", label, "c", "", 40, 800, 360, 920, NULL),
					  x_node(BUTTON, "t:id/b2", "Light theme", "c", "", 370, 800, 700, 920, NULL),
					  x_node(BUTTON, "t:id/b3", "Dark theme", "c", "", 710, 800, 1040, 920, NULL),
					  NULL)),
			    NULL));
}

TEST(a_button_of_a_choice_group_is_not_judged)
{
	CHECK(!sent(choices("System default"), "System default", choices("System default"), ACT, NULL));
}

/*
 * wiki's fixed twin, seed 1 (session 63): "Add language" showed a note the
 * first time; pressed again with the note on the page, nothing changed,
 * rightly. A page that still shows what an earlier press of the same
 * button on the same page made appear is not judged; another page's press
 * of a button with that label is (pillbox: "I just took it" answered on
 * Metformin's page, silent on Ibuprofen's).
 */
TEST(a_press_whose_earlier_answer_is_still_shown)
{
	struct oracles_state *st = xcalloc(1, sizeof(*st));
	struct ui_tree *before = outbox("Wikipedia languages", "1. English", "", "Add language", false);
	struct ui_tree *noted = outbox("Wikipedia languages", "1. English", "Only English is offline.", "Add language", false);
	struct ui_tree *other = outbox("Ibuprofen 400 mg", "In stock: 0 tablets", "", "Add language", false);
	struct action tap;

	REQUIRE(st && before && noted && other);
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup("Add language");
	tap.resource_id = xstrdup("t:id/send_now");
	CHECK(!oracle_press_answer_shown(st, noted, ACT, &tap));
	oracle_press_answer_note(st, before, ACT, &tap, noted);
	CHECK(oracle_press_answer_shown(st, noted, ACT, &tap));
	/* The page without the note: the answer is not on it. */
	CHECK(!oracle_press_answer_shown(st, before, ACT, &tap));
	/* Another page (another title): its own presses. */
	CHECK(!oracle_press_answer_shown(st, other, ACT, &tap));
	action_release(&tap);
	ui_tree_free(before);
	ui_tree_free(noted);
	ui_tree_free(other);
	free(st);
}

int main(void)
{
	RUN(a_send_that_changes_nothing_and_says_nothing);
	RUN(sends_that_answer_or_are_left_alone);
	RUN(a_plain_button_that_changes_nothing_and_says_nothing);
	RUN(a_price_pressed_that_changes_nothing_and_says_nothing);
	RUN(a_button_of_a_choice_group_is_not_judged);
	RUN(a_press_whose_earlier_answer_is_still_shown);
	return test_summary();
}
