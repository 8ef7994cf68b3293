/*
 * test_oracle_said_empty.c - the said_empty oracle (oracle 25): its tracker
 * (oracle_said_empty_step) fed hand-made screens of a loyalty app's Add a
 * card form (Store, Card ID, a note). Save answered with "No card ID
 * entered" while Card ID shows the number typed is the finding (loyalty
 * `loyalty-type-pick-loses-id`). An empty field (its placeholder shown), a
 * message about the value ("valid"), a message naming another thing or two
 * things, a message already shown before the Save, a field never typed
 * into and a name two fields share are never reported.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define EDIT "android.widget.EditText"
#define BUTTON "android.widget.Button"
#define EDITOR "org.t/.CardEditActivity"

/*
 * Add a card: a labelled field per label[i] (id ids[i], showing texts[i]),
 * Save, and `message` under them when not NULL.
 */
static struct ui_tree *card_form(const char *const *labels, const char *const *ids, const char *const *texts,
				 size_t n, const char *message)
{
	char *body = calloc(1, 1);
	int y = 220;

	for (size_t i = 0; i < n; i++, y += 260)
		body = x_cat(body, x_node(TEXT, "", labels[i], "", "", 40, y, 1040, y + 80, NULL),
			     x_node(EDIT, ids[i], texts[i], "cf", "", 40, y + 100, 1040, y + 220, NULL), NULL);
	if (message)
		body = x_cat(body, x_node(TEXT, "t:id/error", message, "", "", 40, y, 1040, y + 80, NULL), NULL);
	body = x_cat(body, x_node(BUTTON, "t:id/save", "Save", "c", "", 40, y + 100, 1040, y + 220, NULL), NULL);
	return x_tree(x_cat(x_bar("Add a card"),
			    x_node1("android.widget.LinearLayout", "t:id/form", "", "", 0, 210, 1080, 2000, body), NULL));
}

static const char *const LABELS[] = { "Store", "Card ID", "Note" };
static const char *const IDS[] = { "t:id/store", "t:id/card_id", "t:id/note" };

/*
 * Type `typed` into Card ID (the form before shows `shown_before` there),
 * then Save: the form after shows `shown_after` in Card ID and `message`
 * (NULL: none); `before_message` is shown on the form before the Save.
 * True when the Save is reported; its title into *title.
 */
static bool save_after_typing(const char *typed, const char *shown_before, const char *shown_after,
			      const char *before_message, const char *message, char **title)
{
	const char *const empty[] = { "Store", "Card ID", "Note" };
	const char *const filled[] = { "Harbor Books", shown_before, "Note" };
	const char *const after_texts[] = { "Harbor Books", shown_after, "Note" };
	struct ui_tree *a = card_form(LABELS, IDS, empty, 3, NULL);
	struct ui_tree *b = card_form(LABELS, IDS, filled, 3, before_message);
	struct ui_tree *c = card_form(LABELS, IDS, after_texts, 3, message);
	struct oracle_said_empty_tracker *t = oracle_said_empty_tracker_new();
	struct oracle_tracked_step s1 = { a, EDITOR, b, EDITOR, true, NULL };
	struct oracle_tracked_step s2 = { b, EDITOR, c, EDITOR, true, NULL };
	struct action type, save;
	struct oracle_finding f;
	bool hit;

	*title = NULL;
	action_init(&type);
	action_init(&save);
	type.type = ACTION_INPUT;
	type.resource_id = xstrdup("t:id/card_id");
	type.text = xstrdup(typed);
	save.type = ACTION_CLICK;
	save.widget_text = xstrdup("Save");
	save.resource_id = xstrdup("t:id/save");
	s1.done = &type;
	s2.done = &save;
	oracle_finding_init(&f);
	CHECK(!oracle_said_empty_step(t, &s1, &f));
	hit = oracle_said_empty_step(t, &s2, &f);
	if (hit) {
		*title = xstrdup(f.title);
		CHECK(f.category == BUG_CAT_DATA_OPERATION);
		CHECK(f.oracle && !strcmp(f.oracle, "said_empty"));
		CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
	}
	oracle_finding_release(&f);
	action_release(&type);
	action_release(&save);
	oracle_said_empty_tracker_free(t);
	ui_tree_free(a);
	ui_tree_free(b);
	ui_tree_free(c);
	return hit;
}

TEST(no_card_id_entered_while_the_field_shows_it)
{
	char *title;

	CHECK(save_after_typing("4006381333931", "4006381333931", "4006381333931", NULL, "No card ID entered",
				&title));
	CHECK(title && strstr(title, "'Save' answers \"No card ID entered\" while the field shows \"4006381333931\""));
	free(title);
	/* The other ways of saying it. */
	CHECK(save_after_typing("4006381333931", "4006381333931", "4006381333931", NULL, "The card ID is required.",
				&title));
	free(title);
	CHECK(save_after_typing("4006381333931", "4006381333931", "4006381333931", NULL, "Please enter a card ID",
				&title));
	free(title);
	CHECK(save_after_typing("  4006381333931 ", "  4006381333931 ", "  4006381333931 ", NULL,
				"Card ID cannot be empty", &title));
	free(title);
}

TEST(empty_field_or_a_message_about_the_value_is_not_reported)
{
	char *title;

	/* Typed blank: the field shows its placeholder, the message is right. */
	CHECK(!save_after_typing("", "Card ID", "Card ID", NULL, "No card ID entered", &title));
	free(title);
	CHECK(!save_after_typing("   ", "Card ID", "Card ID", NULL, "No card ID entered", &title));
	free(title);
	/* The field shows something else than was typed (cut to its length). */
	CHECK(!save_after_typing("4006381333931", "40063", "40063", NULL, "No card ID entered", &title));
	free(title);
	/* About the value, not its absence. */
	CHECK(!save_after_typing("12a", "12a", "12a", NULL, "Enter a valid card ID", &title));
	free(title);
	CHECK(!save_after_typing("12a", "12a", "12a", NULL, "Enter a card ID of 8 digits", &title));
	free(title);
	/* A value a numeric field may rightly refuse (a probe), however the message names it
	 * (fuellog: "Enter an amount" for a negative amount), or 100+ characters anywhere unless the
	 * message says plainly that the field holds nothing (below). */
	CHECK(!save_after_typing("-389", "-389", "-389", NULL, "Enter a card ID", &title));
	free(title);
	CHECK(!save_after_typing("0", "0", "0", NULL, "No card ID entered", &title));
	free(title);
	{
		char long_id[121];

		memset(long_id, '7', 120);
		long_id[120] = '\0';
		CHECK(!save_after_typing(long_id, long_id, long_id, NULL, "Enter a card ID", &title));
		free(title);
		CHECK(!save_after_typing(long_id, long_id, long_id, NULL, "The card ID is required", &title));
		free(title);
		/* "No card ID entered" is no loose word for "too long" (loyalty seed 4, session 60). */
		CHECK(save_after_typing(long_id, long_id, long_id, NULL, "No card ID entered", &title));
		free(title);
		CHECK(save_after_typing(long_id, long_id, long_id, NULL, "Card ID cannot be empty", &title));
		free(title);
		CHECK(!save_after_typing("0", "0", "0", NULL, "Card ID cannot be empty", &title));
		free(title);
	}
	/* Naming another thing, or two things. */
	CHECK(!save_after_typing("4006381333931", "4006381333931", "4006381333931", NULL, "No group name entered",
				 &title));
	free(title);
	CHECK(!save_after_typing("4006381333931", "4006381333931", "4006381333931", NULL,
				 "Enter a card ID and a store", &title));
	free(title);
	/* Already shown before the Save (an earlier refusal the app keeps on screen). */
	CHECK(!save_after_typing("4006381333931", "4006381333931", "4006381333931", "No card ID entered",
				 "No card ID entered", &title));
	free(title);
}

TEST(field_never_typed_or_a_shared_name_is_not_judged)
{
	/* Two name fields: "Enter a name" cannot tell which. */
	const char *const labels[] = { "First name", "Last name" };
	const char *const ids[] = { "t:id/first", "t:id/last" };
	const char *const filled[] = { "Ana", "Lopez" };
	struct ui_tree *before = card_form(labels, ids, filled, 2, NULL);
	struct ui_tree *after = card_form(labels, ids, filled, 2, "Enter a name");
	struct oracle_said_empty_tracker *t = oracle_said_empty_tracker_new();
	struct oracle_tracked_step s1 = { before, EDITOR, before, EDITOR, true, NULL };
	struct oracle_tracked_step s2 = { before, EDITOR, after, EDITOR, true, NULL };
	struct action type, save;
	struct oracle_finding f;

	REQUIRE(before && after);
	action_init(&type);
	action_init(&save);
	save.type = ACTION_CLICK;
	save.widget_text = xstrdup("Save");
	s2.done = &save;
	oracle_finding_init(&f);
	/* Nothing typed yet: a prefilled value is not the run's typing. */
	CHECK(!oracle_said_empty_step(t, &s2, &f));
	type.type = ACTION_INPUT;
	type.resource_id = xstrdup("t:id/first");
	type.text = xstrdup("Ana");
	s1.done = &type;
	CHECK(!oracle_said_empty_step(t, &s1, &f));
	CHECK(!oracle_said_empty_step(t, &s2, &f));
	oracle_finding_release(&f);
	action_release(&type);
	action_release(&save);
	oracle_said_empty_tracker_free(t);
	ui_tree_free(before);
	ui_tree_free(after);
}

/* A cleared restart forgets what was typed; typing again after it fills the memory anew (no double free). */
TEST(cleared_restart_forgets_the_typing)
{
	const char *const filled[] = { "Harbor Books", "4006381333931", "Note" };
	struct ui_tree *form = card_form(LABELS, IDS, filled, 3, NULL);
	struct ui_tree *refused = card_form(LABELS, IDS, filled, 3, "No card ID entered");
	struct oracle_said_empty_tracker *t = oracle_said_empty_tracker_new();
	struct oracle_tracked_step typing = { form, EDITOR, form, EDITOR, true, NULL };
	struct oracle_tracked_step restart = { form, EDITOR, form, EDITOR, true, NULL };
	struct oracle_tracked_step save = { form, EDITOR, refused, EDITOR, true, NULL };
	struct action type, again, clear, press;
	struct oracle_finding f;

	REQUIRE(form && refused);
	action_init(&type);
	action_init(&again);
	action_init(&clear);
	action_init(&press);
	type.type = again.type = ACTION_INPUT;
	type.resource_id = xstrdup("t:id/store");
	type.text = xstrdup("Harbor Books");
	again.resource_id = xstrdup("t:id/note");
	again.text = xstrdup("Note");
	clear.type = ACTION_RESTART;
	clear.clear_data = true;
	press.type = ACTION_CLICK;
	press.widget_text = xstrdup("Save");
	oracle_finding_init(&f);
	typing.done = &type;
	CHECK(!oracle_said_empty_step(t, &typing, &f));
	restart.done = &clear;
	CHECK(!oracle_said_empty_step(t, &restart, &f));
	typing.done = &again;
	CHECK(!oracle_said_empty_step(t, &typing, &f));
	/* Card ID was never typed since the restart: its number is the app's, not the run's. */
	save.done = &press;
	CHECK(!oracle_said_empty_step(t, &save, &f));
	oracle_finding_release(&f);
	action_release(&type);
	action_release(&again);
	action_release(&clear);
	action_release(&press);
	oracle_said_empty_tracker_free(t);
	ui_tree_free(form);
	ui_tree_free(refused);
}

int main(void)
{
	RUN(no_card_id_entered_while_the_field_shows_it);
	RUN(empty_field_or_a_message_about_the_value_is_not_reported);
	RUN(field_never_typed_or_a_shared_name_is_not_judged);
	RUN(cleared_restart_forgets_the_typing);
	return test_summary();
}
