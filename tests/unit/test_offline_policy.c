/*
 * test_offline_policy.c - the offline Explorer's policy (Genie's Υ weights,
 * untried-first, motif bonus, blocking, stuck handling), the random
 * baseline's determinism, and field-aware input generation.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>

#include "test.h"
#include "offline_xml.h"

#include "agents/input_gen.h"
#include "agents/offline_policy.h"

#define BTN "android.widget.Button"
#define EDIT "android.widget.EditText"

/* Main screen: three buttons. */
static struct ui_tree *main_screen(void)
{
	return x_tree(x_cat(x_node(BTN, "t:id/add", "Add", "c", "", 0, 100, 500, 200, NULL),
			    x_node(BTN, "t:id/sort", "Sort", "c", "", 0, 200, 500, 300, NULL),
			    x_node(BTN, "t:id/about", "About", "c", "", 0, 300, 500, 400, NULL), NULL));
}

/* Edit screen: an email field, a title field, Save and Cancel. */
static struct ui_tree *edit_screen(void)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/email", "", "cf", "hint=\"Email address\"", 0, 100, 1000, 200, NULL),
			    x_node(EDIT, "t:id/title", "", "cf", "hint=\"Title\"", 0, 200, 1000, 300, NULL),
			    x_node(BTN, "t:id/cancel", "Cancel", "c", "", 0, 300, 500, 400, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 500, 300, 1000, 400, NULL), NULL));
}

TEST(input_generation_by_field)
{
	struct ui_widget w;
	char buf[64], buf2[64];

	memset(&w, 0, sizeof(w));
	w.text = "";
	w.content_desc = "";
	w.class_name = EDIT;
	w.resource_id = "com.x:id/field";
	w.hint = "Email address";
	CHECK_INT_EQ(input_gen_text(&w, 1, buf, sizeof(buf)), INPUT_KIND_EMAIL);
	CHECK(strchr(buf, '@') != NULL);
	w.hint = "";
	w.resource_id = "com.x:id/phone_number";
	CHECK_INT_EQ(input_gen_kind(&w), INPUT_KIND_PHONE);
	w.resource_id = "com.x:id/due_date";
	(void)input_gen_text(&w, 3, buf, sizeof(buf));
	CHECK_INT_EQ(input_gen_kind(&w), INPUT_KIND_DATE);
	CHECK(strlen(buf) == 10 && buf[4] == '-');
	w.resource_id = "com.x:id/price";
	(void)input_gen_text(&w, 3, buf, sizeof(buf));
	CHECK(strspn(buf, "0123456789") == strlen(buf));
	w.resource_id = "com.x:id/search_src_text";
	CHECK_INT_EQ(input_gen_kind(&w), INPUT_KIND_SEARCH);
	w.resource_id = "com.x:id/first_name";
	CHECK_INT_EQ(input_gen_kind(&w), INPUT_KIND_NAME);
	w.resource_id = "com.x:id/body";
	w.password = true;
	CHECK_INT_EQ(input_gen_kind(&w), INPUT_KIND_PASSWORD);
	w.password = false;
	(void)input_gen_text(&w, 1, buf, sizeof(buf));
	(void)input_gen_text(&w, 2, buf2, sizeof(buf2));
	CHECK(strcmp(buf, buf2) != 0);
	CHECK(strchr(buf, ' ') == NULL);
	CHECK(strcmp(input_gen_kind_name(INPUT_KIND_EMAIL), "email") == 0);
}

TEST(input_probes_by_field)
{
	struct ui_widget w;
	char buf[160];
	bool seen[INPUT_PROBE__COUNT] = { false };

	memset(&w, 0, sizeof(w));
	w.text = "";
	w.content_desc = "";
	w.class_name = EDIT;
	w.resource_id = "com.x:id/zip";
	w.hint = "ZIP code";
	/* A numeric field: letters inside a valid value, zero, negative, empty, long digits. */
	for (unsigned s = 0; s < 10; s++) {
		enum input_probe p = input_gen_probe(&w, s, buf, sizeof(buf));

		seen[p] = true;
		switch (p) {
		case INPUT_PROBE_LETTERS:
			CHECK(strchr(buf, 'a') && strpbrk(buf, "0123456789"));
			break;
		case INPUT_PROBE_ZERO:
			CHECK_STR_EQ(buf, "0");
			break;
		case INPUT_PROBE_NEGATIVE:
			CHECK(buf[0] == '-' && strlen(buf) > 1);
			break;
		case INPUT_PROBE_EMPTY:
			CHECK_STR_EQ(buf, "");
			break;
		case INPUT_PROBE_LONG:
			CHECK(strlen(buf) == 120 && strspn(buf, "0123456789") == 120);
			break;
		default:
			CHECK(!"no spaces probe for a numeric field");
		}
	}
	CHECK(seen[INPUT_PROBE_LETTERS] && seen[INPUT_PROBE_ZERO] && seen[INPUT_PROBE_NEGATIVE] &&
	      seen[INPUT_PROBE_EMPTY] && seen[INPUT_PROBE_LONG] && !seen[INPUT_PROBE_SPACES]);
	/* A text field: empty, long, spaces around a value; never letters-in-numbers. */
	memset(seen, 0, sizeof(seen));
	w.resource_id = "com.x:id/title";
	w.hint = "Title";
	for (unsigned s = 0; s < 6; s++) {
		enum input_probe p = input_gen_probe(&w, s, buf, sizeof(buf));

		seen[p] = true;
		if (p == INPUT_PROBE_SPACES)
			CHECK(!strncmp(buf, "  ", 2) && buf[2] != ' ' && !strcmp(buf + strlen(buf) - 2, "  "));
		if (p == INPUT_PROBE_LONG)
			CHECK_INT_EQ(strlen(buf), 120);
	}
	CHECK(seen[INPUT_PROBE_EMPTY] && seen[INPUT_PROBE_SPACES] && seen[INPUT_PROBE_LONG] &&
	      !seen[INPUT_PROBE_LETTERS] && !seen[INPUT_PROBE_ZERO]);
	/* Truncated to the buffer. */
	CHECK_INT_EQ(input_gen_probe(&w, 2, buf, 8), INPUT_PROBE_LONG);
	CHECK_INT_EQ(strlen(buf), 7);
	CHECK_STR_EQ(input_gen_probe_name(INPUT_PROBE_LETTERS), "letters");
}

/*
 * How many of `rounds` choices on a screen with a lone quantity field probe
 * it (*inputs: how many typed into it); the first entry must be valid.
 */
static int probes_typed(double share, int rounds, int *inputs)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = x_tree(x_node(EDIT, "t:id/qty", "", "cf", "hint=\"Quantity\"", 0, 100, 1000, 200, NULL));
	struct action a;
	int probes = 0;

	*inputs = 0;
	if (!t)
		return -1;
	offline_policy_params_default(&p);
	p.probe_share = share;
	pol = offline_policy_new(&p);
	for (int i = 0; i < rounds; i++) {
		bool probe;

		offline_policy_choose(pol, t, 33, 400 + (uint64_t)i, "Qty", true, &a);
		if (a.type != ACTION_INPUT || !a.text) {
			action_release(&a);
			continue;
		}
		probe = a.reason && strstr(a.reason, "probing");
		if (!(*inputs)++ && (probe || !*a.text || strspn(a.text, "0123456789") != strlen(a.text)))
			probes = -1000; /* the valid path first */
		probes += probe;
		action_release(&a);
		offline_policy_observe(pol, t, 33, true);
	}
	offline_policy_free(pol);
	ui_tree_free(t);
	return probes;
}

TEST(probes_after_a_valid_value)
{
	int inputs, none = probes_typed(0.0, 40, &inputs), all;

	CHECK_INT_EQ(none, 0);
	CHECK(inputs >= 2);
	/* Share 1: every entry after the first valid one probes. */
	all = probes_typed(1.0, 40, &inputs);
	CHECK(inputs >= 2);
	CHECK_INT_EQ(all, inputs - 1);
}

/*
 * A card form (two fields, a deck chooser, Save), every entry after a
 * field's first a probe: how many probes were typed, and how many of the
 * choices right after one pressed Save as "submitting the probe"; with
 * `submit` off, how many said so (none).
 */
static void probe_then_save(bool submit, int *probes, int *saved_after)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = x_tree(x_cat(
		x_node("android.widget.Button", "t:id/deck", "Deck: Spanish", "c", "", 0, 100, 1080, 200, NULL),
		x_node(EDIT, "t:id/front", "", "cf", "hint=\"Front\"", 0, 220, 1080, 320, NULL),
		x_node(EDIT, "t:id/back", "", "cf", "hint=\"Back\"", 0, 340, 1080, 440, NULL),
		x_node("android.widget.Button", "t:id/save", "Save", "c", "", 0, 460, 1080, 560, NULL), NULL));
	bool after_probe = false;
	struct action a;

	*probes = *saved_after = 0;
	if (!t)
		return;
	offline_policy_params_default(&p);
	p.probe_share = 1.0;
	p.probe_submit = submit;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 60; i++) {
		offline_policy_choose(pol, t, 41, 700 + (uint64_t)i, "Card", true, &a);
		if (after_probe && a.type == ACTION_CLICK && a.widget_text && !strcmp(a.widget_text, "Save") &&
		    a.reason && strstr(a.reason, "submitting the probe"))
			(*saved_after)++;
		else if (!after_probe && a.reason && strstr(a.reason, "submitting the probe"))
			*saved_after = -1000; /* only right after a probe */
		after_probe = a.type == ACTION_INPUT && a.reason && strstr(a.reason, "probing");
		*probes += after_probe;
		action_release(&a);
		offline_policy_observe(pol, t, 41, true);
	}
	*probes -= after_probe; /* the last choice typed one: nothing came after it */
	offline_policy_free(pol);
	ui_tree_free(t);
}

/*
 * The fields of the card form probed during one visit of it (60 choices on
 * one screen state), as a bit set: 1 front, 2 back.
 */
static unsigned fields_probed_in_a_visit(bool one)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = x_tree(x_cat(
		x_node(EDIT, "t:id/front", "", "cf", "hint=\"Front\"", 0, 220, 1080, 320, NULL),
		x_node(EDIT, "t:id/back", "", "cf", "hint=\"Back\"", 0, 340, 1080, 440, NULL),
		x_node("android.widget.Button", "t:id/save", "Save", "c", "", 0, 460, 1080, 560, NULL), NULL));
	struct action a;
	unsigned probed = 0;

	if (!t)
		return 0;
	offline_policy_params_default(&p);
	p.probe_share = 1.0;
	p.probe_one = one;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 60; i++) {
		offline_policy_choose(pol, t, 43, 900 + (uint64_t)i, "Card", true, &a);
		if (a.type == ACTION_INPUT && a.reason && strstr(a.reason, "probing") && a.resource_id)
			probed |= strstr(a.resource_id, "front") ? 1u : 2u;
		action_release(&a);
		offline_policy_observe(pol, t, 43, true);
	}
	offline_policy_free(pol);
	ui_tree_free(t);
	return probed;
}

/* A tester changes one thing at a time: one field of a form probed per visit, the others valid (offline.probe_one). */
TEST(one_field_probed_per_visit_of_a_form)
{
	unsigned one = fields_probed_in_a_visit(true);

	CHECK(one == 1 || one == 2);
	CHECK_INT_EQ(fields_probed_in_a_visit(false), 3);
}

/* A probe typed on a form is submitted at once (flashcards' empty front: Save, not the deck chooser). */
TEST(a_probe_is_submitted_by_the_next_choice)
{
	int probes, saved;

	probe_then_save(true, &probes, &saved);
	CHECK(probes >= 2);
	CHECK_INT_EQ(saved, probes);
	probe_then_save(false, &probes, &saved);
	CHECK(probes >= 1);
	CHECK_INT_EQ(saved, 0);
}

/*
 * A name field's second probe types a name its list already shows (files'
 * Create new folder: "Music" when Music is listed), once per field; its
 * first is the empty one.
 */
TEST(a_name_fields_second_probe_is_a_taken_name)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = x_tree(x_cat(
		x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/folder_list", "", "s", 0, 100, 1080, 700,
			x_cat(x_node1("android.widget.LinearLayout", "t:id/folder_row", "", "c", 0, 100, 1080, 300,
				      x_node("android.widget.TextView", "t:id/folder_name", "Music", "", "", 20, 120,
					     1000, 280, NULL)),
			      x_node1("android.widget.LinearLayout", "t:id/folder_row", "", "c", 0, 300, 1080, 500,
				      x_node("android.widget.TextView", "t:id/folder_name", "Pictures", "", "", 20, 320,
					     1000, 480, NULL)),
			      NULL)),
		x_node(EDIT, "t:id/new_name", "", "cf", "hint=\"Folder name\"", 0, 800, 1080, 900, NULL),
		x_node("android.widget.Button", "t:id/create", "Create", "c", "", 0, 950, 1080, 1050, NULL), NULL));
	int taken = 0, empties = 0, probes = 0;
	struct action a;

	REQUIRE(t);
	offline_policy_params_default(&p);
	p.probe_share = 1.0;
	p.probe_taken = true;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 80; i++) {
		offline_policy_choose(pol, t, 51, 900 + (uint64_t)i, "Folders", true, &a);
		if (a.type == ACTION_INPUT && a.reason && strstr(a.reason, "probing")) {
			probes++;
			if (strstr(a.reason, "with taken input")) {
				taken++;
				CHECK(a.text && (!strcmp(a.text, "Music") || !strcmp(a.text, "Pictures")));
				CHECK_INT_EQ(probes, 2);
			} else if (probes == 1) {
				empties += a.text && !*a.text;
			}
		}
		action_release(&a);
		offline_policy_observe(pol, t, 51, true);
	}
	CHECK(probes >= 3);
	CHECK_INT_EQ(empties, 1);
	CHECK_INT_EQ(taken, 1);
	offline_policy_free(pol);
	ui_tree_free(t);
}

/* A field's second entry is its first probe, whatever the seed (as random's garbage always is). */
TEST(second_entry_is_the_first_probe)
{
	struct offline_policy_params p;
	struct ui_tree *t = x_tree(x_node(EDIT, "t:id/qty", "", "cf", "hint=\"Quantity\"", 0, 100, 1000, 200, NULL));

	REQUIRE(t);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	for (unsigned seed = 1; seed <= 8; seed++) {
		struct offline_policy *pol;
		struct action a;
		int inputs = 0;

		p.seed = seed;
		pol = offline_policy_new(&p);
		for (int i = 0; i < 20 && inputs < 2; i++) {
			offline_policy_choose(pol, t, 33, 500 + (uint64_t)i, "Qty", true, &a);
			if (a.type == ACTION_INPUT && a.text) {
				bool probe = a.reason && strstr(a.reason, "probing");

				CHECK(inputs ? probe : !probe);
				inputs++;
			}
			action_release(&a);
			offline_policy_observe(pol, t, 33, true);
		}
		CHECK_INT_EQ(inputs, 2);
		offline_policy_free(pol);
	}
	ui_tree_free(t);
}

TEST(candidates_on_screen)
{
	struct ui_tree *t = edit_screen();
	struct action *c = NULL;
	size_t n;

	REQUIRE(t);
	n = offline_candidates(t, &c);
	CHECK_INT_EQ(n, 4);
	CHECK_INT_EQ(c[0].type, ACTION_INPUT);
	CHECK_INT_EQ(c[3].type, ACTION_CLICK);
	CHECK(c[3].widget_text && strcmp(c[3].widget_text, "Save") == 0);
	for (size_t i = 0; i < n; i++)
		action_release(&c[i]);
	free(c);
	ui_tree_free(t);
}

TEST(upsilon_update_follows_genie)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *m = main_screen(), *e = edit_screen();
	struct action a;
	uint64_t key;
	double w;

	REQUIRE(m && e);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, m, 11, 111, "Main", true, &a);
	CHECK_INT_EQ(a.type, ACTION_CLICK);
	key = offline_event_key(11, &a);
	CHECK(key == offline_policy_last_event(pol));
	CHECK(offline_policy_weight(pol, key) == 100.0);
	/* It led to the edit screen: 4 widget events (100 each) + Back (20). */
	offline_policy_observe(pol, e, 22, true);
	w = offline_policy_weight(pol, key);
	/* (100 + 4*100 + 20) / 2^2 = 130 */
	CHECK(w > 129.99 && w < 130.01);
	CHECK(offline_policy_n_events(pol) >= 3 + 1 + 4 + 1);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(m);
	ui_tree_free(e);
}

TEST(untried_first_then_motif_and_blocking)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *e = edit_screen();
	struct action a;
	bool typed_email = false, typed_title = false;

	REQUIRE(e);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	/* The two fields first (untried, inputs), each with generated text. */
	for (int i = 0; i < 2; i++) {
		offline_policy_choose(pol, e, 22, 200 + (uint64_t)i, "Edit", true, &a);
		REQUIRE(a.type == ACTION_INPUT);
		REQUIRE(a.text != NULL);
		if (strstr(a.resource_id, "email")) {
			typed_email = true;
			CHECK(strchr(a.text, '@') != NULL);
		} else {
			typed_title = true;
		}
		action_release(&a);
		offline_policy_observe(pol, e, 22, true);
	}
	CHECK(typed_email && typed_title);
	/* After typing, the confirm button wins over Cancel (motif). */
	offline_policy_choose(pol, e, 22, 202, "Edit", true, &a);
	CHECK_INT_EQ(a.type, ACTION_CLICK);
	CHECK(a.widget_text && strcmp(a.widget_text, "Save") == 0);
	/* Blocked: never chosen again on this screen. */
	offline_policy_block(pol, offline_event_key(22, &a));
	CHECK(offline_policy_blocked(pol, offline_event_key(22, &a)));
	action_release(&a);
	for (int i = 0; i < 10; i++) {
		offline_policy_choose(pol, e, 22, 300 + (uint64_t)i, "Edit", true, &a);
		CHECK(!(a.widget_text && strcmp(a.widget_text, "Save") == 0));
		action_release(&a);
		offline_policy_observe(pol, e, 22, true);
	}
	offline_policy_free(pol);
	ui_tree_free(e);
}

/* Another brain's pick: the policy credits the action taken, not its own choice, which stays untried. */
TEST(adopt_credits_the_action_taken)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *m = x_tree(x_cat(x_node(BTN, "t:id/add", "Add", "c", "", 0, 100, 500, 200, NULL),
					 x_node(BTN, "t:id/about", "About", "c", "", 0, 300, 500, 400, NULL), NULL));
	struct ui_tree *e = edit_screen();
	struct action a, *c = NULL, *other = NULL;
	size_t n;
	uint64_t mine, taken;

	REQUIRE(m && e);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, m, 11, 111, "Main", true, &a);
	REQUIRE(a.type == ACTION_CLICK);
	mine = offline_event_key(11, &a);
	n = offline_candidates(m, &c);
	REQUIRE(n == 2);
	other = strcmp(c[0].widget_text, a.widget_text) ? &c[0] : &c[1];
	taken = offline_event_key(11, other);
	offline_policy_adopt(pol, m, 11, other->widget, other);
	CHECK(offline_policy_last_event(pol) == taken);
	/* The other button led to the edit screen: (100 + 4*100 + 20) / 2^2 = 130 for it, 100 for mine. */
	offline_policy_observe(pol, e, 22, true);
	CHECK(offline_policy_weight(pol, taken) > 129.99 && offline_policy_weight(pol, taken) < 130.01);
	CHECK(offline_policy_weight(pol, mine) == 100.0);
	/* Back on the main screen: the policy's own pick was never taken, so it is still
	 * untried (100 x 2 beats 130); crediting it, or leaving it marked tried, would pick the other. */
	action_release(&a);
	offline_policy_choose(pol, m, 11, 112, "Main", true, &a);
	CHECK(offline_event_key(11, &a) == mine);
	action_release(&a);
	for (size_t i = 0; i < n; i++)
		action_release(&c[i]);
	free(c);
	offline_policy_free(pol);
	ui_tree_free(m);
	ui_tree_free(e);
}

/* A list row: its text and a Delete button (all rows' buttons read "Delete", as icons do). */
static char *list_row(const char *text, int y)
{
	char *cells = x_cat(x_node("android.widget.TextView", "t:id/title", text, "", "", 0, y, 800, y + 100, NULL),
			    x_node("android.widget.ImageButton", "t:id/delete", "Delete", "c", "", 800, y, 1000,
				   y + 100, NULL),
			    NULL);
	char *row = x_node("android.widget.LinearLayout", "", "", "", "", 0, y, 1000, y + 100, cells);

	free(cells); /* x_node copies its children */
	return row;
}

/* A list screen with `rows` rows of a RecyclerView, and an Add button when `add`. */
static struct ui_tree *list_screen(int rows, bool add)
{
	char *list = x_cat(rows > 0 ? list_row("Note A", 200) : strdup(""),
			   rows > 1 ? list_row("Note B", 300) : strdup(""), NULL);
	char *view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", "", 0, 200, 1000, 1000,
			    list);

	free(list);
	return x_tree(x_cat(view, add ? x_node(BTN, "t:id/add", "Add", "c", "", 0, 1100, 500, 1200, NULL) : strdup(""),
			    NULL));
}

/* Once the policy deletes a row by its own choice, it deletes every row and confirms each dialog. */
TEST(deleting_a_row_empties_the_list)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *two = list_screen(2, false), *one = list_screen(1, true), *none = list_screen(0, true);
	struct ui_tree *dialog = x_tree(x_cat(x_node(BTN, "t:id/cancel", "Cancel", "c", "", 0, 500, 500, 600, NULL),
					      x_node(BTN, "t:id/ok", "Delete", "c", "", 500, 500, 1000, 600, NULL),
					      NULL));
	struct action a;

	REQUIRE(two && one && none && dialog);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	/* The first 100 choices explore with the data the app starts with. */
	for (int i = 0; i < 100; i++) {
		offline_policy_choose(pol, two, 11, 1, "Main", true, &a);
		CHECK(!a.reason || !strstr(a.reason, "emptying the list"));
		action_release(&a);
		offline_policy_observe(pol, two, 11, true);
	}
	offline_policy_reset_stuck(pol);
	/* Then a row's Delete by its own choice starts emptying the list. */
	offline_policy_choose(pol, two, 11, 1, "Main", true, &a);
	CHECK(a.type == ACTION_CLICK && a.resource_id && strcmp(a.resource_id, "t:id/delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, dialog, 22, true);
	/* The dialog: Delete, not Cancel (both untried). */
	offline_policy_choose(pol, dialog, 22, 2, "Main", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, one, 33, true);
	/* One row left and an untried Add: the tried Delete again, until the list is empty. */
	offline_policy_choose(pol, one, 33, 3, "Main", true, &a);
	CHECK(a.resource_id && strcmp(a.resource_id, "t:id/delete") == 0);
	CHECK(a.reason && strstr(a.reason, "emptying the list"));
	action_release(&a);
	offline_policy_observe(pol, dialog, 22, true);
	offline_policy_choose(pol, dialog, 22, 4, "Main", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, none, 44, true);
	/* Empty: back to the weights. */
	offline_policy_choose(pol, none, 44, 5, "Main", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Add") == 0);
	CHECK(!a.reason || !strstr(a.reason, "emptying the list"));
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(two);
	ui_tree_free(one);
	ui_tree_free(none);
	ui_tree_free(dialog);
}

/* A list screen with one row and a Trash button beside the list (notes' own "Trash" page). */
static struct ui_tree *list_with_trash_button(void)
{
	char *row = list_row("Note A", 200);
	char *view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", "", 0, 200, 1000, 1000,
			    row);

	free(row);
	return x_tree(x_cat(view, x_node(BTN, "t:id/trash_btn", "Trash", "c", "", 0, 1100, 500, 1200, NULL), NULL));
}

/* While emptying a list, a "Trash" button beside it is no answer to a dialog: the last row is deleted. */
TEST(emptying_a_list_passes_a_trash_button)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *two = list_screen(2, false), *one = list_with_trash_button();
	struct ui_tree *dialog = x_tree(x_cat(x_node(BTN, "t:id/cancel", "Cancel", "c", "", 0, 500, 500, 600, NULL),
					      x_node(BTN, "t:id/ok", "Delete", "c", "", 500, 500, 1000, 600, NULL),
					      NULL));
	struct action a;

	REQUIRE(two && one && dialog);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 100; i++) {
		offline_policy_choose(pol, two, 11, 1, "Main", true, &a);
		action_release(&a);
		offline_policy_observe(pol, two, 11, true);
	}
	offline_policy_reset_stuck(pol);
	offline_policy_choose(pol, two, 11, 1, "Main", true, &a);
	REQUIRE(a.type == ACTION_CLICK && a.resource_id && strcmp(a.resource_id, "t:id/delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, dialog, 22, true);
	offline_policy_choose(pol, dialog, 22, 2, "Main", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, one, 33, true);
	/* The last row's Delete, not the Trash page's button. */
	offline_policy_choose(pol, one, 33, 3, "Main", true, &a);
	CHECK(a.resource_id && strcmp(a.resource_id, "t:id/delete") == 0);
	CHECK(a.reason && strstr(a.reason, "emptying the list"));
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(two);
	ui_tree_free(one);
	ui_tree_free(dialog);
}

TEST(stuck_goes_back_then_restarts)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *m = main_screen();
	struct action a;
	bool saw_back = false, saw_restart = false;

	REQUIRE(m);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.stuck_limit = 2;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 8 && !saw_restart; i++) {
		offline_policy_choose(pol, m, 11, 111, "Main", true, &a);
		saw_back |= a.type == ACTION_BACK;
		saw_restart |= a.type == ACTION_RESTART;
		action_release(&a);
		offline_policy_observe(pol, m, 11, true);
	}
	CHECK(saw_back);
	CHECK(saw_restart);
	/* Outside the app: Back first, then a restart. */
	offline_policy_choose(pol, m, 11, 111, "Main", false, &a);
	CHECK_INT_EQ(a.type, ACTION_BACK);
	action_release(&a);
	offline_policy_choose(pol, m, 11, 111, "Main", false, &a);
	CHECK_INT_EQ(a.type, ACTION_RESTART);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(m);
}

TEST(random_brain_is_seeded)
{
	struct offline_policy_params p;
	struct ui_tree *m = main_screen();
	char seq1[64] = "", seq2[64] = "", seq3[64] = "";

	REQUIRE(m);
	offline_policy_params_default(&p);
	for (int run = 0; run < 3; run++) {
		struct offline_policy *pol;
		char *seq = run == 0 ? seq1 : run == 1 ? seq2 : seq3;

		p.seed = run == 2 ? 99 : 7;
		pol = offline_policy_new(&p);
		for (int i = 0; i < 20; i++) {
			struct action a;

			offline_policy_random(pol, m, true, &a);
			seq[i] = (char)('a' + (a.type == ACTION_BACK ? 25 : a.widget_text[0] - 'A'));
			action_release(&a);
		}
		offline_policy_free(pol);
	}
	CHECK(strcmp(seq1, seq2) == 0);
	CHECK(strcmp(seq1, seq3) != 0);
	ui_tree_free(m);
}

TEST(weights_survive_table_growth)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *m = main_screen(), *big;
	char *body = calloc(1, 1);
	struct action a;
	uint64_t key;
	double w;

	/* A screen with 200 buttons: observing it grows the event table mid-update. */
	for (int i = 0; i < 200; i++) {
		char id[32], text[32];

		snprintf(id, sizeof(id), "t:id/b%d", i);
		snprintf(text, sizeof(text), "Button %d", i);
		body = x_cat(body, x_node(BTN, id, text, "c", "", 0, 100 + i * 10, 500, 108 + i * 10, NULL), NULL);
	}
	big = x_tree(body);
	REQUIRE(m && big);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, m, 11, 111, "Main", true, &a);
	key = offline_event_key(11, &a);
	offline_policy_observe(pol, big, 33, true);
	w = offline_policy_weight(pol, key);
	/* (100 + 200*100 + 20) / 2^2 */
	CHECK(w > 5029.99 && w < 5030.01);
	CHECK(offline_policy_n_events(pol) >= 204);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(m);
	ui_tree_free(big);
}

/* A control showing its value ("Format: CSV") is one control whatever the value. */
TEST(value_label_is_one_control)
{
	struct ui_tree *a = x_tree(x_cat(x_node(BTN, "t:id/fmt", "Format: CSV", "c", "", 0, 100, 500, 200, NULL),
					 x_node(BTN, "t:id/go", "Export", "c", "", 0, 200, 500, 300, NULL), NULL));
	struct ui_tree *b = x_tree(x_cat(x_node(BTN, "t:id/fmt", "Format: JSON", "c", "", 0, 100, 500, 200, NULL),
					 x_node(BTN, "t:id/go", "Import", "c", "", 0, 200, 500, 300, NULL), NULL));
	struct action *ca = NULL, *cb = NULL;
	size_t na, nb;

	REQUIRE(a && b);
	na = offline_candidates(a, &ca);
	nb = offline_candidates(b, &cb);
	REQUIRE(na == 2 && nb == 2);
	CHECK(offline_event_key(7, &ca[0]) == offline_event_key(7, &cb[0]));
	CHECK(offline_event_key(7, &ca[1]) != offline_event_key(7, &cb[1]));
	for (size_t i = 0; i < 2; i++) {
		action_release(&ca[i]);
		action_release(&cb[i]);
	}
	free(ca);
	free(cb);
	ui_tree_free(a);
	ui_tree_free(b);
}

/* The event key of a button `text` (id t:id/b) on abstract screen 7. */
static uint64_t button_key(const char *text)
{
	struct ui_tree *t = x_tree(x_node(BTN, "t:id/b", text, "c", "", 0, 100, 500, 200, NULL));
	struct action *c = NULL;
	uint64_t k = 0;

	if (t && offline_candidates(t, &c) == 1) {
		k = offline_event_key(7, &c[0]);
		action_release(&c[0]);
	}
	free(c);
	ui_tree_free(t);
	return k;
}

/* A number (and its unit) at the end of a label is the control's value, not its name. */
TEST(label_value_at_the_end_is_one_control)
{
	CHECK(button_key("Speed 1x") == button_key("Speed 1.5x"));
	CHECK(button_key("Sleep in 15 min") == button_key("Sleep in 30 min"));
	CHECK(button_key("1.25") == button_key("1.50"));
	CHECK(button_key("Speed 1x") != button_key("Volume 1x"));
	/* A number glued to a word names the control. */
	CHECK(button_key("mp3") != button_key("mp4"));
	CHECK(button_key("Chen2") != button_key("Chen3"));
	CHECK(button_key("Tue") != button_key("Wed"));
}

/* The edit screen with its fields showing `email` and `title` (NULL: empty). */
static struct ui_tree *edit_screen_with(const char *email, const char *title)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/email", email ? email : "", "cf", "hint=\"Email address\"", 0, 100, 1000, 200, NULL),
			    x_node(EDIT, "t:id/title", title ? title : "", "cf", "hint=\"Title\"", 0, 200, 1000, 300, NULL),
			    x_node(BTN, "t:id/pick", "Colour: Green", "c", "", 0, 300, 500, 400, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 500, 300, 1000, 400, NULL), NULL));
}

/* Fields typed, a dialog opened from the form and closed: the fields still
 * show what was typed, so the form is not filled again from scratch. */
TEST(form_kept_across_a_dialog)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *e = edit_screen_with(NULL, NULL), *d, *back;
	struct action a;
	char *email = NULL, *title = NULL;

	REQUIRE(e);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.probe_share = 0;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 2; i++) {
		offline_policy_choose(pol, e, 22, 200 + (uint64_t)i, "Edit", true, &a);
		REQUIRE(a.type == ACTION_INPUT && a.text);
		if (strstr(a.resource_id, "email"))
			email = strdup(a.text);
		else
			title = strdup(a.text);
		action_release(&a);
		offline_policy_observe(pol, e, 22, true);
	}
	REQUIRE(email && title);
	/* A dialog over the form (another abstract screen), then back. */
	d = x_tree(x_node(BTN, "t:id/green", "Green", "c", "", 0, 100, 500, 200, NULL));
	REQUIRE(d);
	offline_policy_choose(pol, e, 22, 202, "Edit", true, &a);
	action_release(&a);
	offline_policy_observe(pol, d, 33, true);
	offline_policy_choose(pol, d, 33, 203, "Edit", true, &a);
	action_release(&a);
	back = edit_screen_with(email, title);
	REQUIRE(back);
	offline_policy_observe(pol, back, 22, true);
	offline_policy_choose(pol, back, 22, 204, "Edit", true, &a);
	CHECK(a.type != ACTION_INPUT);
	action_release(&a);
	free(email);
	free(title);
	offline_policy_free(pol);
	ui_tree_free(e);
	ui_tree_free(d);
	ui_tree_free(back);
}

/* A list whose rows have no delete control: `rows` rows (Note A, B, C) a tap opens. */
static struct ui_tree *plain_list_of(int rows, const char *row_id)
{
	static const char *const names[] = { "Note A", "Note B", "Note C" };
	char *list = strdup("");

	for (int i = 0; i < rows; i++) {
		char *cell = x_node("android.widget.TextView", "t:id/title", names[i], "", "", 0, 200 + 100 * i, 1000,
				    300 + 100 * i, NULL);
		char *row = x_node("android.widget.LinearLayout", row_id, "", "c", "", 0, 200 + 100 * i, 1000,
				   300 + 100 * i, cell);

		free(cell);
		list = x_cat(list, row, NULL);
	}
	{
		char *view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", "", 0, 200, 1000,
				    1000, list);

		free(list);
		return x_tree(view);
	}
}

static struct ui_tree *plain_list(int rows)
{
	return plain_list_of(rows, "t:id/row");
}

/* Rows deleted on their own page (open, Delete, confirm): once the policy
 * does that by its own choice, it empties the list the same way, opening
 * the last row each time. */
TEST(deleting_on_a_row_page_empties_the_list)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *three = plain_list(3), *two = plain_list(2), *none = plain_list(0);
	struct ui_tree *page = x_tree(x_cat(x_node("android.widget.TextView", "t:id/body", "Some text", "", "", 0, 200, 1000, 300, NULL),
					    x_node(BTN, "t:id/trash", "Move to trash", "c", "", 0, 400, 1000, 500, NULL), NULL));
	struct ui_tree *dialog = x_tree(x_cat(x_node(BTN, "t:id/cancel", "Cancel", "c", "", 0, 500, 500, 600, NULL),
					      x_node(BTN, "t:id/ok", "Delete", "c", "", 500, 500, 1000, 600, NULL), NULL));
	struct ui_tree *m = main_screen();
	struct action a;

	REQUIRE(three && two && none && page && dialog && m);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.back_probe = false; /* judged on its own below */
	pol = offline_policy_new(&p);
	for (int i = 0; i < 100; i++) {
		offline_policy_choose(pol, m, 11, 1, "Main", true, &a);
		action_release(&a);
		offline_policy_observe(pol, m, 11, true);
	}
	offline_policy_reset_stuck(pol);
	/* A row (untried), its page's Move to trash (untried), the dialog's Delete. */
	offline_policy_choose(pol, three, 21, 2, "List", true, &a);
	REQUIRE(a.type == ACTION_CLICK && a.resource_id && strcmp(a.resource_id, "t:id/row") == 0);
	action_release(&a);
	offline_policy_observe(pol, page, 22, true);
	offline_policy_choose(pol, page, 22, 3, "Note", true, &a);
	REQUIRE(a.type == ACTION_CLICK && a.widget_text && strcmp(a.widget_text, "Move to trash") == 0);
	action_release(&a);
	offline_policy_observe(pol, dialog, 23, true);
	offline_policy_choose(pol, dialog, 23, 4, "Note", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, two, 21, true);
	/* Two rows left: the last one is opened, trashed and confirmed. */
	offline_policy_choose(pol, two, 21, 5, "List", true, &a);
	CHECK(a.reason && strstr(a.reason, "emptying the list"));
	CHECK(a.type == ACTION_CLICK && a.widget == (int)(two->n_nodes - 2)); /* the last row (its text is the last node) */
	action_release(&a);
	offline_policy_observe(pol, page, 22, true);
	offline_policy_choose(pol, page, 22, 6, "Note", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Move to trash") == 0 && a.reason && strstr(a.reason, "emptying the list"));
	action_release(&a);
	offline_policy_observe(pol, dialog, 23, true);
	offline_policy_choose(pol, dialog, 23, 7, "Note", true, &a);
	CHECK(a.widget_text && strcmp(a.widget_text, "Delete") == 0);
	action_release(&a);
	offline_policy_observe(pol, none, 24, true);
	/* The list is empty: back to the weights. */
	offline_policy_choose(pol, none, 24, 8, "List", true, &a);
	CHECK(!a.reason || !strstr(a.reason, "emptying the list"));
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(three);
	ui_tree_free(two);
	ui_tree_free(none);
	ui_tree_free(page);
	ui_tree_free(dialog);
	ui_tree_free(m);
}

/*
 * The choice after a row opened another page is Back, once per list and
 * kind of page; the next row of that list opened leads into the page's
 * widgets. A row that opens a dialog is left alone, and so is everything
 * with offline.back_probe off.
 */
static const char *after_row_open_in(struct offline_policy *pol, struct ui_tree *list, const char *list_name,
				     struct ui_tree *page, const char *page_name, uint64_t page_state, uint64_t *sig,
				     struct action *a)
{
	/* The list's scroll may come first. */
	for (int i = 0;; i++) {
		offline_policy_choose(pol, list, 21, ++*sig, list_name, true, a);
		if (a->type == ACTION_CLICK && a->resource_id && strncmp(a->resource_id, "t:id/", 5) == 0)
			break;
		action_release(a);
		if (i == 3)
			return "no row";
		offline_policy_observe(pol, list, 21, true);
	}
	action_release(a);
	offline_policy_observe(pol, page, page_state, true);
	offline_policy_choose(pol, page, page_state, ++*sig, page_name, true, a);
	return NULL;
}

static const char *after_row_open(struct offline_policy *pol, struct ui_tree *list, struct ui_tree *page,
				  const char *page_name, uint64_t page_state, uint64_t *sig, struct action *a)
{
	return after_row_open_in(pol, list, "List: Notes", page, page_name, page_state, sig, a);
}

/*
 * The same for a page an item of a menu opened, the menu just opened by an
 * overflow button (Device info in an entity's three-dot menu, smarthome):
 * Back at once, to see where it returns; not after a dropdown's choice
 * (skycast's "Select a chart" switches the chart in place), nor with
 * offline.back_probe off.
 */
TEST(back_at_once_on_the_page_a_menu_item_opened)
{
	char *items = x_cat(x_node("android.widget.TextView", "android:id/alertTitle", "Heat pump power", "", "", 147,
				   936, 933, 1044, NULL),
			    x_node(BTN, "t:id/menu_device", "Device info", "c", "", 147, 1065, 933, 1191, NULL),
			    x_node(BTN, "t:id/menu_related", "Related", "c", "", 147, 1212, 933, 1338, NULL), NULL);
	char *root = x_node("android.widget.FrameLayout", "", "", "", "", 84, 873, 996, 1400, items);
	char *xml = malloc(strlen(root) + 128);
	/* The same menu with Settings, which settings_first opens before the rest. */
	char *sitems = x_cat(x_node(BTN, "t:id/menu_device", "Device info", "c", "", 147, 1065, 933, 1191, NULL),
			     x_node(BTN, "t:id/menu_settings", "Settings", "c", "", 147, 1212, 933, 1338, NULL), NULL);
	char *sroot = x_node("android.widget.FrameLayout", "", "", "", "", 84, 873, 996, 1400, sitems);
	char *sxml = malloc(strlen(sroot) + 128);
	struct ui_tree *menu = NULL, *smenu = NULL;
	struct ui_tree *device = x_tree(x_cat(x_bar("Heat pump"),
					      x_node(BTN, "t:id/dev_ent_row", "Heat pump power", "c", "", 0, 400,
						     1080, 500, NULL), NULL));
	struct ui_tree *entity = x_tree(x_cat(x_bar("Heat pump power"),
					      x_node(BTN, "t:id/mi_menu", "More options", "c", "", 900, 60, 1080,
						     200, NULL), NULL));
	struct ui_tree *charts = x_tree(x_cat(x_bar("Heat pump power"),
					      x_node(BTN, "t:id/chart_menu", "Select a chart", "c", "", 0, 400,
						     1080, 500, NULL), NULL));

	sprintf(xml, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">%s</hierarchy>",
		root);
	REQUIRE(ui_parse(xml, strlen(xml), "test", &menu) == 0);
	sprintf(sxml, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">%s</hierarchy>",
		sroot);
	REQUIRE(ui_parse(sxml, strlen(sxml), "test", &smenu) == 0);
	REQUIRE(menu && device && entity && charts);
	/*
	 * 5: the switch on, the menu holding Settings, which is opened first
	 * and explored, not left at once (habits seeds 2-3 lost a week-start
	 * setting to the probe's Back); 4: the switch on, the item's page seen before (smarthome's device
	 * page, reached first from the energy page); 3: the switch on, after
	 * a row's probe whose Back left the app from
	 * a page of the same kind (smarthome's area, one activity for every
	 * page); 2: the switch on; 1: the menu opened by "Select a chart", a
	 * dropdown; 0: the switch off.
	 */
	for (int probe = 5; probe >= 0; probe--) {
		struct offline_policy_params p;
		struct offline_policy *pol;
		struct action a;
		uint64_t sig = 0;
		int i;

		offline_policy_params_default(&p);
		p.epsilon = 0;
		p.back_probe = probe > 0;
		pol = offline_policy_new(&p);
		if (probe == 4) {
			offline_policy_choose(pol, device, 32, ++sig, "WebView: Heat pump", true, &a);
			action_release(&a);
			offline_policy_observe(pol, entity, 30, true);
		}
		if (probe == 3) {
			struct ui_tree *areas = plain_list(3);
			struct ui_tree *area = x_tree(x_cat(x_bar("Kitchen"),
							    x_node(BTN, "t:id/share", "Share", "c", "", 0, 400, 1000,
								   500, NULL), NULL));

			REQUIRE(areas && area);
			CHECK(after_row_open_in(pol, areas, "WebView: Home", area, "WebView: Kitchen", 22, &sig, &a) ==
			      NULL);
			CHECK(a.type == ACTION_BACK);
			action_release(&a);
			offline_policy_observe(pol, NULL, 99, false);
			offline_policy_choose(pol, NULL, 99, ++sig, "Launcher", false, &a); /* out of the app */
			action_release(&a);
			offline_policy_observe(pol, entity, 30, true);
			ui_tree_free(areas);
			ui_tree_free(area);
		}
		for (i = 0; i < 4; i++) {
			offline_policy_choose(pol, probe == 1 ? charts : entity, 30, ++sig, "WebView: Heat pump power",
					      true, &a);
			if (a.type == ACTION_CLICK && a.resource_id && strstr(a.resource_id, "menu"))
				break;
			action_release(&a);
			offline_policy_observe(pol, probe == 1 ? charts : entity, 30, true);
		}
		REQUIRE(i < 4);
		action_release(&a);
		struct ui_tree *shown = probe == 5 ? smenu : menu;

		offline_policy_observe(pol, shown, 31, true);
		for (i = 0; i < 4; i++) {
			offline_policy_choose(pol, shown, 31, ++sig, "WebView: Heat pump power", true, &a);
			if (a.type == ACTION_CLICK && a.resource_id && !strncmp(a.resource_id, "t:id/menu_", 10))
				break;
			action_release(&a);
			offline_policy_observe(pol, shown, 31, true);
		}
		REQUIRE(i < 4);
		if (probe == 5)
			CHECK(!strcmp(a.resource_id, "t:id/menu_settings"));
		action_release(&a);
		offline_policy_observe(pol, device, 32, true);
		offline_policy_choose(pol, device, 32, ++sig, "WebView: Heat pump", true, &a);
		if (probe >= 2 && probe <= 4)
			CHECK(a.type == ACTION_BACK && a.reason && strstr(a.reason, "menu item's page just opened"));
		else
			CHECK(a.type != ACTION_BACK);
		action_release(&a);
		offline_policy_free(pol);
	}
	free(xml);
	free(root);
	free(items);
	free(sxml);
	free(sroot);
	free(sitems);
	ui_tree_free(menu);
	ui_tree_free(smenu);
	ui_tree_free(device);
	ui_tree_free(entity);
	ui_tree_free(charts);
}

TEST(back_at_once_on_the_page_a_row_opened)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *three = plain_list(3);
	struct ui_tree *page = x_tree(x_cat(x_node("android.widget.TextView", "t:id/body", "Some text", "", "", 0, 200, 1000, 300, NULL),
					    x_node(BTN, "t:id/share", "Share", "c", "", 0, 400, 1000, 500, NULL), NULL));
	/* A dialog's window alone: narrower than the screen. */
	static const char dialog_xml[] =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		"<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" package=\"t\" "
		"content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" "
		"focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" "
		"selected=\"false\" bounds=\"[100,500][980,800]\">"
		"<node index=\"0\" text=\"Open note?\" resource-id=\"t:id/msg\" class=\"android.widget.TextView\" package=\"t\" "
		"content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" "
		"focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" "
		"selected=\"false\" bounds=\"[100,500][980,600]\" />"
		"<node index=\"1\" text=\"Open\" resource-id=\"t:id/ok\" class=\"android.widget.Button\" package=\"t\" "
		"content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"true\" enabled=\"true\" "
		"focusable=\"true\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" "
		"selected=\"false\" bounds=\"[500,600][980,700]\" /></node></hierarchy>";
	struct ui_tree *dialog = NULL;
	struct action a;
	uint64_t sig = 0;

	REQUIRE(ui_parse(dialog_xml, sizeof(dialog_xml) - 1, "test", &dialog) == 0);
	REQUIRE(three && page && dialog);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	CHECK(after_row_open(pol, three, page, "Note: Note A", 22, &sig, &a) == NULL);
	CHECK(a.type == ACTION_BACK && a.reason && strstr(a.reason, "row's page just opened"));
	action_release(&a);
	offline_policy_observe(pol, three, 21, true);
	/* Another row of the list, a page of the same kind: its widgets now. */
	CHECK(after_row_open(pol, three, page, "Note: Note B", 23, &sig, &a) == NULL);
	CHECK(a.type == ACTION_CLICK && a.widget_text && strcmp(a.widget_text, "Share") == 0);
	action_release(&a);
	offline_policy_free(pol);

	/* A row that opens a form (a field): no Back, it would throw the form away. */
	pol = offline_policy_new(&p);
	{
		struct ui_tree *form = x_tree(x_cat(x_node(EDIT, "t:id/name", "Note A", "cf", "", 0, 200, 1000, 300, NULL),
						    x_node(BTN, "t:id/save", "Save", "c", "", 0, 400, 1000, 500, NULL), NULL));

		REQUIRE(form);
		CHECK(after_row_open(pol, three, form, "Edit: Note A", 25, &sig, &a) == NULL);
		CHECK(a.type != ACTION_BACK);
		action_release(&a);
		ui_tree_free(form);
	}
	offline_policy_free(pol);

	/* A probe that left the app: rows of another list opening pages of that kind are not probed. */
	pol = offline_policy_new(&p);
	{
		struct ui_tree *cells = plain_list_of(3, "t:id/cell");

		REQUIRE(cells);
		CHECK(after_row_open(pol, three, page, "Note: Note A", 22, &sig, &a) == NULL);
		CHECK(a.type == ACTION_BACK);
		action_release(&a);
		offline_policy_observe(pol, NULL, 99, false);
		offline_policy_choose(pol, NULL, 99, ++sig, "Launcher", false, &a); /* out of the app */
		action_release(&a);
		offline_policy_observe(pol, three, 21, true);
		CHECK(after_row_open(pol, cells, page, "Note: Note C", 26, &sig, &a) == NULL);
		CHECK(a.type != ACTION_BACK);
		action_release(&a);
		ui_tree_free(cells);
	}
	offline_policy_free(pol);

	/* A row that opens a dialog: no Back. */
	pol = offline_policy_new(&p);
	CHECK(after_row_open(pol, three, dialog, "List: Open note?", 24, &sig, &a) == NULL);
	CHECK(a.type != ACTION_BACK);
	action_release(&a);
	offline_policy_free(pol);

	/* Switched off: the page's widgets at once. */
	p.back_probe = false;
	pol = offline_policy_new(&p);
	CHECK(after_row_open(pol, three, page, "Note: Note A", 22, &sig, &a) == NULL);
	CHECK(a.type == ACTION_CLICK && a.widget_text && strcmp(a.widget_text, "Share") == 0);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(three);
	ui_tree_free(page);
	ui_tree_free(dialog);
}

/* plain_list(3) under two tabs, Inbox and Work, with `sel` selected (not clickable here: the rows are what is tapped). */
static struct ui_tree *tabbed_list(const char *sel)
{
	char *tabs = x_cat(x_node("android.widget.TextView", "t:id/tab_inbox", "Inbox", strcmp(sel, "Inbox") ? "" : "S",
				  "", 0, 100, 500, 190, NULL),
			   x_node("android.widget.TextView", "t:id/tab_work", "Work", strcmp(sel, "Work") ? "" : "S", "",
				  500, 100, 1000, 190, NULL),
			   NULL);
	char *list = strdup("");

	for (int i = 0; i < 3; i++) {
		static const char *const names[] = { "Note A", "Note B", "Note C" };
		char *cell = x_node("android.widget.TextView", "t:id/title", names[i], "", "", 0, 200 + 100 * i, 1000,
				    300 + 100 * i, NULL);
		char *row = x_node("android.widget.LinearLayout", "t:id/row", "", "c", "", 0, 200 + 100 * i, 1000,
				   300 + 100 * i, cell);

		free(cell);
		list = x_cat(list, row, NULL);
	}
	{
		char *view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", "", 0, 200, 1000,
				    1000, list);

		free(list);
		return x_tree(x_cat(tabs, view, NULL));
	}
}

/*
 * taskbox (benchmark, c:geo #3525): the Inbox, Work and Personal tabs show
 * lists with the same row ids, and only Back from a task opened under Work
 * lands on the Inbox. The list under another selected tab is another list
 * for the Back probe: Back at once again.
 */
TEST(back_probe_again_under_another_tab)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *inbox = tabbed_list("Inbox"), *work = tabbed_list("Work");
	struct ui_tree *page = x_tree(x_cat(x_node("android.widget.TextView", "t:id/body", "Some text", "", "", 0, 200, 1000, 300, NULL),
					    x_node(BTN, "t:id/share", "Share", "c", "", 0, 400, 1000, 500, NULL), NULL));
	struct action a;
	uint64_t sig = 0;

	REQUIRE(inbox && work && page);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	CHECK(after_row_open_in(pol, inbox, "List: Inbox", page, "Task: Note A", 22, &sig, &a) == NULL);
	CHECK(a.type == ACTION_BACK && a.reason && strstr(a.reason, "row's page just opened"));
	action_release(&a);
	offline_policy_observe(pol, inbox, 21, true);
	CHECK(after_row_open_in(pol, work, "List: Work", page, "Task: Note B", 23, &sig, &a) == NULL);
	CHECK(a.type == ACTION_BACK && a.reason && strstr(a.reason, "row's page just opened"));
	action_release(&a);
	offline_policy_observe(pol, work, 21, true);
	/* Under Work again: probed once, the page's widgets now. */
	CHECK(after_row_open_in(pol, work, "List: Work", page, "Task: Note C", 24, &sig, &a) == NULL);
	CHECK(a.type == ACTION_CLICK && a.widget_text && strcmp(a.widget_text, "Share") == 0);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(inbox);
	ui_tree_free(work);
	ui_tree_free(page);
}

/* A list of the given rows (texts only, not clickable) under Sort A-Z, Add and About buttons. */
static struct ui_tree *sortable_list(const char *const *names, int rows)
{
	char *list = strdup(""), *view;

	for (int i = 0; i < rows; i++) {
		char *cell = x_node("android.widget.TextView", "t:id/title", names[i], "", "", 0, 300 + 100 * i, 1000,
				    400 + 100 * i, NULL);
		char *row = x_node("android.widget.LinearLayout", "", "", "", "", 0, 300 + 100 * i, 1000,
				   400 + 100 * i, cell);

		free(cell);
		list = x_cat(list, row, NULL);
	}
	view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "", "", 0, 300, 1000, 1000, list);
	free(list);
	return x_tree(x_cat(x_node(BTN, "t:id/sort", "Sort A-Z", "c", "", 0, 100, 300, 200, NULL),
			    x_node(BTN, "t:id/add", "Add", "c", "", 300, 100, 600, 200, NULL),
			    x_node(BTN, "t:id/about", "About", "c", "", 600, 100, 1000, 200, NULL), view, NULL));
}

/* A sort control is untried again on a longer list than it was clicked on (up to 4 rows): notes' body sort was seen on two rows in title order too. */
TEST(sort_again_on_new_rows)
{
	static const char *const names[] = { "Maple", "Harbor", "River" };
	struct offline_policy_params p;
	struct ui_tree *two = sortable_list(names, 2), *three = sortable_list(names, 3);

	REQUIRE(two && three);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	for (unsigned seed = 1; seed <= 8; seed++) {
		struct offline_policy *pol;
		struct action a;
		bool tried_sort = false, tried_add = false, tried_about = false, tried_back = false;

		p.seed = seed;
		pol = offline_policy_new(&p);
		/* Two rows: the sort first (untried, and untried on these rows), then the rest once each. */
		for (int i = 0; i < 4; i++) {
			offline_policy_choose(pol, two, 11, 100 + (uint64_t)i, "Main", true, &a);
			if (i == 0)
				CHECK(a.widget_text && strcmp(a.widget_text, "Sort A-Z") == 0);
			tried_sort |= a.widget_text && strcmp(a.widget_text, "Sort A-Z") == 0;
			tried_add |= a.widget_text && strcmp(a.widget_text, "Add") == 0;
			tried_about |= a.widget_text && strcmp(a.widget_text, "About") == 0;
			tried_back |= a.type == ACTION_BACK;
			action_release(&a);
			offline_policy_observe(pol, two, 11, true);
		}
		CHECK(tried_sort && tried_add && tried_about && tried_back);
		/* A third row (the same abstract screen): every widget tried once, the sort again. */
		offline_policy_choose(pol, three, 11, 200, "Main", true, &a);
		CHECK(a.widget_text && strcmp(a.widget_text, "Sort A-Z") == 0);
		action_release(&a);
		offline_policy_free(pol);
	}
	ui_tree_free(two);
	ui_tree_free(three);
}

/* A list whose rows (clickable, one text each) show the given texts. */
static struct ui_tree *rows_list(const char *const *texts, int rows)
{
	char *list = strdup(""), *view;

	for (int i = 0; i < rows; i++) {
		char *cell = x_node("android.widget.TextView", "t:id/name", texts[i], "", "", 0, 200 + 100 * i, 1000,
				    300 + 100 * i, NULL);
		char *row = x_node("android.widget.LinearLayout", "t:id/feed_row", "", "c", "", 0, 200 + 100 * i, 1000,
				   300 + 100 * i, cell);

		free(cell);
		list = x_cat(list, row, NULL);
	}
	view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "", "", 0, 200, 1000, 1000, list);
	free(list);
	return x_tree(view);
}

/* Among rows not opened yet, one the app listed goes before one showing a value the policy typed. */
TEST(own_rows_before_typed_rows)
{
	struct offline_policy_params p;
	struct ui_tree *form = x_tree(x_cat(x_node(EDIT, "t:id/f1", "", "cf", "hint=\"Feed URL\"", 0, 100, 1000, 200, NULL),
					    x_node(EDIT, "t:id/f2", "", "cf", "hint=\"Title\"", 0, 200, 1000, 300, NULL),
					    x_node(EDIT, "t:id/f3", "", "cf", "hint=\"Folder\"", 0, 300, 1000, 400, NULL),
					    x_node(BTN, "t:id/add", "Add", "c", "", 0, 400, 1000, 500, NULL), NULL));

	REQUIRE(form);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	for (unsigned seed = 1; seed <= 8; seed++) {
		struct offline_policy *pol;
		struct ui_tree *list;
		struct action a;
		char *typed[3] = { NULL, NULL, NULL };
		const char *texts[4];
		int n = 0;

		p.seed = seed;
		pol = offline_policy_new(&p);
		for (int i = 0; i < 3; i++) {
			offline_policy_choose(pol, form, 22, 10 + (uint64_t)i, "Add feed", true, &a);
			if (a.type == ACTION_INPUT && a.text && *a.text && n < 3)
				typed[n++] = strdup(a.text);
			action_release(&a);
			offline_policy_observe(pol, form, 22, true);
		}
		REQUIRE(n == 3);
		/* The typed rows first, the app's own row last. */
		texts[0] = typed[0];
		texts[1] = typed[1];
		texts[2] = typed[2];
		texts[3] = "Slow Cooking Blog";
		list = rows_list(texts, 4);
		REQUIRE(list);
		offline_policy_choose(pol, list, 33, 20, "Main", true, &a);
		REQUIRE(a.type == ACTION_CLICK && a.widget >= 0 && (size_t)a.widget < list->n_nodes);
		CHECK(list->nodes[a.widget]->n_children == 1 &&
		      strcmp(list->nodes[a.widget]->children[0]->text, "Slow Cooking Blog") == 0);
		action_release(&a);
		ui_tree_free(list);
		for (int i = 0; i < 3; i++)
			free(typed[i]);
		offline_policy_free(pol);
	}
	ui_tree_free(form);
}

/*
 * On a page whose every event was executed and whose Back leaves the app,
 * while the first screen still has an untried widget: Back, to relaunch
 * there, and then that untried widget. Before, Back that leaves the app
 * weighed 1% of its weight and the page's tried button went on.
 */
TEST(relaunch_for_the_first_screens_untried)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *first = main_screen(), *page = edit_screen();
	struct ui_tree *home = x_tree(x_node("android.widget.TextView", "", "Launcher", "", "", 0, 0, 100, 100, NULL));
	struct action a;
	const char *first_pick;
	bool left = false, took_other = false;

	REQUIRE(first && page && home);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.form_first = false;
	pol = offline_policy_new(&p);
	/* The first screen (Add, Sort, About): one widget, to the page. */
	offline_policy_choose(pol, first, 1, 100, "Main", true, &a);
	REQUIRE(a.type == ACTION_CLICK);
	first_pick = a.resource_id && !strcmp(a.resource_id, "t:id/add") ? "t:id/add"
		     : a.resource_id && !strcmp(a.resource_id, "t:id/sort") ? "t:id/sort" : "t:id/about";
	action_release(&a);
	offline_policy_observe(pol, page, 2, true);
	/* On the page, every widget once, then Back: it leaves the app. */
	for (int i = 0; i < 12 && !left; i++) {
		offline_policy_choose(pol, page, 2, 200 + (uint64_t)i, "Page", true, &a);
		left = a.type == ACTION_BACK;
		action_release(&a);
		offline_policy_observe(pol, left ? home : page, left ? 3 : 2, !left);
	}
	REQUIRE(left);
	/* The relaunch (the explorer's), the first screen, another widget to the page. */
	offline_policy_reset_stuck(pol);
	offline_policy_choose(pol, first, 1, 101, "Main", true, &a);
	took_other = a.type == ACTION_CLICK && a.resource_id && strcmp(a.resource_id, first_pick) != 0;
	CHECK(took_other);
	action_release(&a);
	offline_policy_observe(pol, page, 2, true);
	/* Every event of the page was executed and Back leaves the app: Back again. */
	offline_policy_choose(pol, page, 2, 300, "Page", true, &a);
	CHECK_INT_EQ(a.type, ACTION_BACK);
	CHECK(a.reason && strstr(a.reason, "first screen has untried"));
	action_release(&a);
	offline_policy_observe(pol, home, 3, false);
	offline_policy_reset_stuck(pol);
	/* The third widget of the first screen, the one never executed. */
	offline_policy_choose(pol, first, 1, 102, "Main", true, &a);
	CHECK(a.type == ACTION_CLICK);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(first);
	ui_tree_free(page);
	ui_tree_free(home);
}

/* An entry's edit form: a title field, a password field showing `pw` (dots or ""), Save. */
static struct ui_tree *entry_form(const char *title, const char *pw)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/ed_title", title, "cf", "hint=\"Title\"", 0, 100, 1000, 200, NULL),
			    x_node(EDIT, "t:id/ed_pw", pw, "cfp", "hint=\"Password\"", 0, 200, 1000, 300, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 0, 300, 1000, 400, NULL), NULL));
}

/* Type into both fields of `form` (an empty entry_form, form first), then the Save; returns the title typed. */
static char *fill_entry_form(struct offline_policy *pol, struct ui_tree *form, uint64_t sig)
{
	struct action a;
	char *title = NULL;

	for (int i = 0; i < 2; i++) {
		offline_policy_choose(pol, form, 22, sig + (uint64_t)i, "Edit entry", true, &a);
		CHECK(a.type == ACTION_INPUT && a.text);
		if (a.type == ACTION_INPUT && a.text && strstr(a.resource_id, "ed_title")) {
			free(title);
			title = strdup(a.text);
		}
		action_release(&a);
		offline_policy_observe(pol, form, 22, true);
	}
	offline_policy_choose(pol, form, 22, sig + 2, "Edit entry", true, &a);
	CHECK(a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/save"));
	action_release(&a);
	return title;
}

/*
 * A form the policy filled twice (KeePassDX's edit: each Save left another
 * entry page and form on the stack), reached again by Back: it shows the
 * first title typed and the password as dots. Both fields hold something;
 * the form is not filled again (passwords: 110-146 of 300 steps refilling
 * forms, 0.59x random's screens).
 */
TEST(form_reached_again_shows_earlier_values)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *entry = x_tree(x_cat(x_node("android.widget.TextView", "t:id/t", "Reddit", "", "", 0, 100,
						    1000, 200, NULL),
					     x_node(BTN, "t:id/edit", "Edit", "c", "", 0, 300, 1000, 400, NULL), NULL));
	struct ui_tree *empty = entry_form("", ""), *older;
	struct action a;
	char *first, *second;

	REQUIRE(entry && empty);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.probe_share = 0;
	p.breadth = true;
	pol = offline_policy_new(&p);
	first = fill_entry_form(pol, empty, 100);
	offline_policy_observe(pol, entry, 5, true);
	offline_policy_choose(pol, entry, 5, 110, "Entry", true, &a);
	action_release(&a);
	offline_policy_observe(pol, empty, 22, true);
	second = fill_entry_form(pol, empty, 120);
	REQUIRE(first && second && strcmp(first, second) != 0);
	offline_policy_observe(pol, entry, 5, true);
	offline_policy_choose(pol, entry, 5, 130, "Entry", true, &a);
	action_release(&a);
	/* Back to the form the first Save left: its title and a masked password. */
	older = entry_form(first, "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022");
	REQUIRE(older);
	offline_policy_observe(pol, older, 22, true);
	offline_policy_choose(pol, older, 22, 140, "Edit entry", true, &a);
	CHECK(a.type != ACTION_INPUT);
	action_release(&a);
	free(first);
	free(second);
	offline_policy_free(pol);
	ui_tree_free(entry);
	ui_tree_free(empty);
	ui_tree_free(older);
}

/* A bookmark's edit form: its list's selector "List: <list>", Delete bookmark and Save. */
static struct ui_tree *bookmark_form(const char *list)
{
	char label[64];

	snprintf(label, sizeof(label), "List: %s", list);
	return x_tree(x_cat(x_node(BTN, "t:id/list", label, "c", "", 0, 100, 1000, 200, NULL),
			    x_node(BTN, "t:id/delete", "Delete bookmark", "c", "", 0, 300, 1000, 400, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 0, 500, 1000, 600, NULL), NULL));
}

/*
 * With `form_first` as given, for seeds 1-40: the policy's first choice on
 * the form; when that is the selector, a list picked in the dialog and the
 * next choice on the form, now showing the new list. Counts the seeds that
 * reached the form again (*changed) and those whose next choice threw the
 * change away (Delete bookmark or Back).
 */
static int discarded_changes(bool form_first, int *changed)
{
	struct ui_tree *form = bookmark_form("Pharmacies"), *moved = bookmark_form("My Places");
	struct ui_tree *dialog = x_tree(x_cat(x_node(BTN, "t:id/pick1", "Pharmacies (1)", "c", "", 0, 100, 1000, 200, NULL),
					      x_node(BTN, "t:id/pick2", "My Places (3)", "c", "", 0, 300, 1000, 400, NULL),
					      NULL));
	int thrown = 0;

	*changed = 0;
	CHECK(form && moved && dialog);
	for (unsigned seed = 1; form && moved && dialog && seed <= 40; seed++) {
		struct offline_policy_params p;
		struct offline_policy *pol;
		struct action a;
		bool selector;

		offline_policy_params_default(&p);
		p.epsilon = 0;
		p.seed = seed;
		p.form_first = form_first;
		pol = offline_policy_new(&p);
		offline_policy_choose(pol, form, 60, 600, "Edit bookmark", true, &a);
		selector = a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/list");
		action_release(&a);
		if (selector) {
			offline_policy_observe(pol, dialog, 61, true);
			offline_policy_choose(pol, dialog, 61, 610, "Choose list", true, &a);
			action_release(&a);
			offline_policy_observe(pol, moved, 60, true);
			offline_policy_choose(pol, moved, 60, 620, "Edit bookmark", true, &a);
			(*changed)++;
			thrown += a.type == ACTION_BACK ||
				  (a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/delete"));
			action_release(&a);
		}
		offline_policy_free(pol);
	}
	ui_tree_free(form);
	ui_tree_free(moved);
	ui_tree_free(dialog);
	return thrown;
}

/*
 * Organic Maps' bookmark editor: another list picked through "List:
 * Pharmacies", back on the form; a tester saves the edit rather than
 * deleting the bookmark or leaving (maps seed 1 picked a list, then Delete
 * bookmark; pantry seed 2 typed an amount, picked a date, then Cancel).
 */
TEST(form_changed_through_a_selector_is_not_thrown_away)
{
	int changed, thrown;

	thrown = discarded_changes(true, &changed);
	CHECK(changed >= 5);
	CHECK_INT_EQ(thrown, 0);
	thrown = discarded_changes(false, &changed);
	CHECK(changed >= 5);
	CHECK(thrown >= 2);
}

/*
 * Fennec's Edit bookmark: Name and URL fields under their labels, the
 * folder chooser under its label "Folder", Delete and Save. `link`: a
 * "Bookmark help" link under the fields in place of the labelled chooser.
 */
static struct ui_tree *folder_form(bool link)
{
	return x_tree(x_cat(x_node("android.widget.TextView", "t:id/name_label", "Name", "", "", 0, 50, 1000, 100, NULL),
			    x_node(EDIT, "t:id/name", "Kyoto", "cf", "hint=\"Name\"", 0, 100, 1000, 200, NULL),
			    x_node("android.widget.TextView", "t:id/url_label", "URL", "", "", 0, 200, 1000, 250, NULL),
			    x_node(EDIT, "t:id/url", "https://a.example", "cf", "hint=\"URL\"", 0, 250, 1000, 300, NULL),
			    link ? strdup("")
				 : x_node("android.widget.TextView", "t:id/folder_label", "Folder", "", "", 0, 300, 1000,
					  350, NULL),
			    x_node(BTN, "t:id/folder", link ? "Bookmark help" : "\xf0\x9f\x93\x81 Bookmarks", "c", "", 0,
				   350, 1000, 400, NULL),
			    x_node(BTN, "t:id/delete", "Delete", "c", "", 0, 400, 500, 500, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 500, 400, 1000, 500, NULL), NULL));
}

/*
 * Both fields of folder_form(link) typed (policy seed `seed`), then the next two
 * choices on the form, back on it after each; their resource-ids go to
 * ids[0] and ids[1] ("-" for another action).
 */
static void after_typing_folder_form(unsigned seed, bool link, char ids[2][64])
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *form = folder_form(link);
	struct action a;

	snprintf(ids[0], 64, "-");
	snprintf(ids[1], 64, "-");
	CHECK(form != NULL);
	if (!form)
		return;
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.probe_share = 0;
	p.seed = seed;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 4; i++) {
		offline_policy_choose(pol, form, 70, 700 + (uint64_t)i, "Edit bookmark", true, &a);
		if (i < 2)
			CHECK(a.type == ACTION_INPUT);
		else if (a.type == ACTION_CLICK && a.resource_id)
			snprintf(ids[i - 2], 64, "%s", a.resource_id);
		action_release(&a);
		offline_policy_observe(pol, form, 70, true);
	}
	offline_policy_free(pol);
	ui_tree_free(form);
}

/*
 * Values typed into a form whose labelled folder chooser sits beside its
 * fields: a tester sets the folder too, then saves (Fennec's edit bookmark
 * lost the typed name once a folder was picked; the walks typed, then
 * saved, and never saw it). A link under the fields is not set first (a
 * login form's "Forgot password?" before Sign in moved the trap app's
 * walk off its Logout).
 */
TEST(form_control_set_before_the_confirm)
{
	for (unsigned seed = 1; seed <= 5; seed++) {
		char ids[2][64];

		after_typing_folder_form(seed, false, ids);
		CHECK_STR_EQ(ids[0], "t:id/folder");
		CHECK_STR_EQ(ids[1], "t:id/save");
		/* A link under the fields, with no label of its own, leads away: Save first. */
		after_typing_folder_form(seed, true, ids);
		CHECK_STR_EQ(ids[0], "t:id/save");
	}
}

/* A stock entry form: an Amount field and OK, with the app's range message when `said`. */
static struct ui_tree *amount_form(bool said)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/amount", "", "cf", "hint=\"Amount\"", 0, 100, 1000, 200, NULL),
			    said ? x_node("android.widget.TextView", "t:id/error", "Enter an amount from 1 to 99", "",
					  "", 0, 200, 1000, 300, NULL)
				 : strdup(""),
			    x_node(BTN, "t:id/ok", "OK", "c", "", 0, 300, 1000, 400, NULL), NULL));
}

/* The number the policy types first into the Amount field of `form` (state 40 + i); -1 if none. */
static long typed_amount(struct offline_policy *pol, struct ui_tree *form, int i)
{
	struct action a;
	long v = -1;

	offline_policy_observe(pol, form, 40 + (uint64_t)i, true);
	for (int k = 0; k < 3 && v < 0; k++) {
		offline_policy_choose(pol, form, 40 + (uint64_t)i, 500 + (uint64_t)(10 * i + k), "Stock", true, &a);
		if (a.type == ACTION_INPUT && a.text && strstr(a.resource_id, "amount"))
			v = strtol(a.text, NULL, 10);
		action_release(&a);
	}
	return v;
}

/*
 * Grocy's stock entry refuses 306 with "Enter an amount from 1 to 99" and
 * the form closes; the next time the form opens the message is gone, but a
 * tester remembers the range (pantry seed 2 typed 833 there).
 */
TEST(stated_range_kept_for_the_fields_later_forms)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *plain = amount_form(false), *said = amount_form(true);
	int outside = 0;
	long v;

	REQUIRE(plain && said);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.probe_share = 0;
	/* Without the message the generator's amounts are its own (47, 84, 121, 158). */
	pol = offline_policy_new(&p);
	for (int i = 0; i < 4; i++) {
		v = typed_amount(pol, plain, i);
		outside += v < 1 || v > 99;
	}
	offline_policy_free(pol);
	CHECK(outside >= 2);
	/* Seen once beside the field, the range holds for its later forms. */
	pol = offline_policy_new(&p);
	v = typed_amount(pol, said, 0);
	CHECK(v >= 1 && v <= 99);
	for (int i = 1; i < 4; i++) {
		v = typed_amount(pol, plain, i);
		CHECK(v >= 1 && v <= 99);
	}
	offline_policy_free(pol);
	ui_tree_free(plain);
	ui_tree_free(said);
}

/* An alarm's hour field showing `text` (a dump without hint attributes shows the hint as the text), and Save. */
static struct ui_tree *hour_form(const char *text)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/hour", text, "cf", "", 0, 100, 1000, 200, NULL),
			    x_node(BTN, "t:id/save", "Save", "c", "", 0, 300, 1000, 400, NULL), NULL));
}

/* What the policy types first into the hour field of `form` (state `state`), freed by the caller; NULL if none. */
static char *typed_hour(struct offline_policy *pol, struct ui_tree *form, uint64_t state, bool *probe)
{
	struct action a;
	char *v = NULL;

	offline_policy_observe(pol, form, state, true);
	for (int k = 0; k < 3 && !v; k++) {
		offline_policy_choose(pol, form, state, 700 + 10 * state + (uint64_t)k, "Alarm", true, &a);
		if (a.type == ACTION_INPUT && a.text) {
			v = strdup(a.text);
			*probe = a.reason && strstr(a.reason, "probing");
		}
		action_release(&a);
	}
	return v;
}

/*
 * The held-out alarms app's hour field shows "Hour (0-23)" only while
 * empty; once it holds the policy's letters probe, its id alone ("hour")
 * read as a time of day and "15:45" was typed, refused again. The field's
 * hint, seen before, still says what it takes.
 */
TEST(a_field_holding_a_typed_value_keeps_its_hint)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *empty = hour_form("Hour (0-23)"), *held;
	char *v1, *v2, *v3;
	bool probe = false;

	REQUIRE(empty);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.probe_share = 1e-9; /* the first probe only (always), then valid values */
	pol = offline_policy_new(&p);
	v1 = typed_hour(pol, empty, 61, &probe);
	REQUIRE(v1);
	CHECK(!probe && strspn(v1, "0123456789") == strlen(v1) && atoi(v1) <= 23);
	held = hour_form(v1);
	v2 = typed_hour(pol, held, 62, &probe);
	REQUIRE(v2);
	CHECK(probe);
	ui_tree_free(held);
	held = hour_form(v2);
	v3 = typed_hour(pol, held, 63, &probe);
	REQUIRE(v3);
	CHECK(!probe);
	CHECK(*v3 && strspn(v3, "0123456789") == strlen(v3) && atoi(v3) <= 23);
	free(v1);
	free(v2);
	free(v3);
	ui_tree_free(held);
	offline_policy_free(pol);
	ui_tree_free(empty);
}

/* A player page: Rewind and, while playing, Pause (else Play). */
static struct ui_tree *player_page(bool playing)
{
	return x_tree(x_cat(x_node(BTN, "t:id/rewind", "Rewind", "c", "", 0, 100, 500, 200, NULL),
			    playing ? x_node(BTN, "t:id/pause", "Pause", "c", "", 500, 100, 1000, 200, NULL)
				    : x_node(BTN, "t:id/play", "Play", "c", "", 500, 100, 1000, 200, NULL),
			    NULL));
}

/*
 * Rewind tried while a book plays is untried again once it is paused: a
 * tester presses a player's controls in both states (the held-out
 * audiobooks app starts a paused book again on Rewind).
 */
TEST(player_controls_untried_again_in_the_other_play_state)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *playing = player_page(true), *paused = player_page(false);
	bool rewound = false, untried = false;
	struct action a;

	REQUIRE(playing && paused);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 10 && !rewound; i++) {
		offline_policy_choose(pol, playing, 81, 900, "Player: Now playing", true, &a);
		rewound = a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/rewind");
		action_release(&a);
		offline_policy_observe(pol, playing, 81, true);
	}
	REQUIRE(rewound);
	rewound = false;
	for (int i = 0; i < 10 && !rewound; i++) {
		offline_policy_choose(pol, paused, 82, 901, "Player: Now playing", true, &a);
		rewound = a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/rewind");
		untried = rewound && a.reason && strstr(a.reason, "(untried here)");
		action_release(&a);
		offline_policy_observe(pol, paused, 82, true);
	}
	CHECK(rewound);
	CHECK(untried);
	offline_policy_free(pol);
	ui_tree_free(playing);
	ui_tree_free(paused);
}

/*
 * "Sorted by: Title" opens Title, Author and Cancel: a tester picks Author,
 * not the order already shown nor Cancel (the held-out bookshelf app's
 * sort, lost on a restart, was chosen as "Title" or cancelled on 2 seeds).
 */
TEST(a_dialog_choice_other_than_the_value_shown)
{
	struct offline_policy_params p;
	struct ui_tree *library = x_tree(x_node(BTN, "t:id/sort_btn", "Sorted by: Title", "c", "", 0, 100, 1000, 200, NULL));
	struct ui_tree *dialog =
		x_tree(x_cat(x_node(BTN, "t:id/sort_title", "Title", "c", "", 0, 100, 1000, 200, NULL),
			     x_node(BTN, "t:id/sort_author", "Author", "c", "", 0, 200, 1000, 300, NULL),
			     x_node(BTN, "t:id/sort_cancel", "Cancel", "c", "", 0, 300, 1000, 400, NULL), NULL));

	REQUIRE(library && dialog);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	for (unsigned seed = 1; seed <= 8; seed++) {
		struct offline_policy *pol;
		struct action a;

		p.seed = seed;
		pol = offline_policy_new(&p);
		offline_policy_choose(pol, library, 91, 910, "Library", true, &a);
		CHECK_STR_EQ(a.resource_id ? a.resource_id : "", "t:id/sort_btn");
		action_release(&a);
		offline_policy_observe(pol, dialog, 92, true);
		offline_policy_choose(pol, dialog, 92, 920, "Library: Sort by", true, &a);
		CHECK_STR_EQ(a.resource_id ? a.resource_id : "", "t:id/sort_author");
		action_release(&a);
		offline_policy_free(pol);
	}
	ui_tree_free(library);
	ui_tree_free(dialog);
}

/* A first screen: two list rows (groups) and a Settings button. */
static struct ui_tree *groups_screen(void)
{
	char *rows = x_cat(x_node("android.widget.TextView", "t:id/group_row", "Email", "c", "", 0, 200, 1000, 300, NULL),
			   x_node("android.widget.TextView", "t:id/group_row", "Banking", "c", "", 0, 300, 1000, 400,
				  NULL),
			   NULL);
	char *list = x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", 0, 200, 1000, 1000,
			     rows);

	return x_tree(x_cat(x_node(BTN, "t:id/settings", "Settings", "c", "", 0, 100, 1000, 200, NULL), list, NULL));
}

/*
 * Two pages whose every way out leads into each other (an entry and its
 * edit form, stacked anew by each Save): after STALE choices without a
 * screen never seen, the policy restarts the app, since the first screen
 * still has an untried widget, and there takes the untried button before
 * the other row (a group of the same kind leads to the same pages).
 */
TEST(walk_without_new_screens_restarts_for_the_first_screens_untried)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *first = groups_screen();
	struct ui_tree *pa = x_tree(x_cat(x_node(BTN, "t:id/edit", "Edit", "c", "", 0, 100, 1000, 200, NULL),
					  x_node(BTN, "t:id/copy", "Copy", "c", "", 0, 200, 1000, 300, NULL), NULL));
	struct ui_tree *pb = x_tree(x_cat(x_node(BTN, "t:id/save", "Save", "c", "", 0, 100, 1000, 200, NULL),
					  x_node(BTN, "t:id/gen", "Generate", "c", "", 0, 200, 1000, 300, NULL), NULL));
	struct action a;
	int restart_at = -1;

	REQUIRE(first && pa && pb);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.breadth = true;
	p.settings_first = false; /* its Settings button stands for any untried function */
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, first, 1, 100, "Group: Personal", true, &a);
	REQUIRE(a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/group_row"));
	action_release(&a);
	offline_policy_observe(pol, pa, 2, true);
	/* Every action on either page lands on the other one. */
	for (int i = 0; i < 60 && restart_at < 0; i++) {
		bool on_a = i % 2 == 0;

		offline_policy_choose(pol, on_a ? pa : pb, on_a ? 2 : 3, 200 + (uint64_t)i, on_a ? "Entry" : "Edit",
				      true, &a);
		if (a.type == ACTION_RESTART) {
			restart_at = i;
			CHECK(a.reason && strstr(a.reason, "nothing new"));
		}
		action_release(&a);
		if (restart_at < 0)
			offline_policy_observe(pol, on_a ? pb : pa, on_a ? 3 : 2, true);
	}
	CHECK(restart_at >= 25 && restart_at <= 40);
	offline_policy_observe(pol, first, 1, true);
	offline_policy_choose(pol, first, 1, 300, "Group: Personal", true, &a);
	CHECK(a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/settings"));
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(first);
	ui_tree_free(pa);
	ui_tree_free(pb);
}

/* A reader page: "Next page" and the page's own text (a new screen per page). */
static struct ui_tree *reader_page(int page)
{
	char text[32];

	snprintf(text, sizeof(text), "Page %d", page);
	return x_tree(x_cat(x_node("android.widget.TextView", "t:id/page", text, "", "", 0, 100, 1000, 200, NULL),
			    x_node(BTN, "t:id/next", "Next page", "c", "", 0, 300, 1000, 400, NULL), NULL));
}

/*
 * Pages that make a new screen each (a reader's "Page N"): how many times
 * of 20 the policy presses Next page before Back (20: never Back).
 */
static int next_pages_before_back(bool damping)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct action a;
	int next = 0;

	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.repeat_damping = damping;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 20; i++) {
		struct ui_tree *t = reader_page(i + 1), *after = reader_page(i + 2);
		bool back;

		if (!t || !after) {
			CHECK(!"reader page parsed");
			break;
		}
		offline_policy_choose(pol, t, 100 + (uint64_t)i, 100 + (uint64_t)i, "Reader: Solo", true, &a);
		back = a.type == ACTION_BACK;
		if (!back) {
			CHECK(a.resource_id && !strcmp(a.resource_id, "t:id/next"));
			next++;
			offline_policy_observe(pol, after, 101 + (uint64_t)i, true);
		}
		action_release(&a);
		ui_tree_free(t);
		ui_tree_free(after);
		if (back)
			break;
	}
	offline_policy_free(pol);
	return next;
}

/*
 * offline.repeat_damping: Next page, pressed again on every new page of
 * one page family, starts lighter each time, until Back (the way out)
 * weighs more (the default since session 27); off, every page's Next
 * page is a fresh 100 and Back never comes.
 */
TEST(repeat_damping_lets_back_win_on_self_renewing_pages)
{
	struct offline_policy_params p;
	int on = next_pages_before_back(true);

	offline_policy_params_default(&p);
	CHECK(p.repeat_damping);
	CHECK(on >= 1 && on <= 4);
	CHECK_INT_EQ(next_pages_before_back(false), 20);
}

/*
 * Open's initial weight on the n-th shelf screen after n - 1 openings whose
 * detail pages were of families never seen (`new_families`) or one family.
 */
static double open_weight_after(int n, bool new_families)
{
	static const char *const names[] = { "Detail: Alpha", "Detail: Beta", "Detail: Gamma", "Detail: Delta" };
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *shelf = x_tree(x_node(BTN, "t:id/open", "Open", "c", "", 0, 100, 1000, 200, NULL));
	struct ui_tree *detail = x_tree(x_node("android.widget.TextView", "t:id/body", "Text", "", "", 0, 100,
					       1000, 200, NULL));
	struct action a;
	double w = -1;

	if (!shelf || !detail || n > 4) {
		CHECK(!"shelf and detail parsed");
		return -1;
	}
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.back_weight = 5; /* Open stays the choice on the shelf, damped or not */
	p.repeat_damping = true;
	pol = offline_policy_new(&p);
	for (int i = 0; i < n; i++) {
		/* The shelf is a new screen each time (its state changes), the same family. */
		offline_policy_choose(pol, shelf, 10 + (uint64_t)i, 10 + (uint64_t)i, "Shelf", true, &a);
		CHECK(a.type == ACTION_CLICK && a.resource_id && !strcmp(a.resource_id, "t:id/open"));
		w = offline_policy_weight(pol, offline_policy_last_event(pol));
		action_release(&a);
		if (i == n - 1)
			break;
		offline_policy_observe(pol, detail, 50 + (uint64_t)i, true);
		offline_policy_choose(pol, detail, 50 + (uint64_t)i, 50 + (uint64_t)i,
				      new_families ? names[i] : "Detail: Same", true, &a);
		CHECK(a.type == ACTION_BACK);
		action_release(&a);
		offline_policy_observe(pol, shelf, 11 + (uint64_t)i, true);
	}
	offline_policy_free(pol);
	ui_tree_free(shelf);
	ui_tree_free(detail);
	return w;
}

/* Repeat damping leaves a widget alone while it leads to page families never seen. */
TEST(repeat_damping_spares_a_widget_that_makes_progress)
{
	CHECK(open_weight_after(1, false) > 99.0);
	CHECK(open_weight_after(4, true) > 99.0);
	/* The same family behind it again and again (the first time it was
	 * new): 100 / (1 + 3 executions). */
	CHECK(open_weight_after(4, false) > 24.0 && open_weight_after(4, false) < 26.0);
}

/* The first choice on an overflow menu of five items, one of them `settings` (seed given). */
static const char *first_menu_choice(bool settings_first, const char *settings, unsigned seed)
{
	static char got[64];
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = x_tree(x_cat(x_node(BTN, "t:id/export", "Export", "c", "", 0, 100, 1000, 200, NULL),
					 x_node(BTN, "t:id/help", "Help and FAQ", "c", "", 0, 200, 1000, 300, NULL),
					 x_node(BTN, "t:id/about", "About", "c", "", 0, 300, 1000, 400, NULL),
					 x_node(BTN, "t:id/settings", settings, "c", "", 0, 400, 1000, 500, NULL),
					 x_node(BTN, "t:id/sync", "Sync now", "c", "", 0, 500, 1000, 600, NULL), NULL));
	struct action a;

	if (!t) {
		CHECK(!"menu parsed");
		return "";
	}
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.back_weight = 5;
	p.seed = seed;
	p.settings_first = settings_first;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, t, 7, 7, "Main: Menu", true, &a);
	snprintf(got, sizeof(got), "%s", a.widget_text ? a.widget_text : "");
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(t);
	return got;
}

/*
 * offline.settings_first (on by default): an untried menu item labelled
 * Settings (or Preferences, an ellipsis allowed) is chosen before its
 * untried siblings, whatever the seed; a label that only contains the word
 * ("Sync settings") is one item among others, as every item is with the
 * switch off.
 */
TEST(settings_first_opens_the_settings_before_other_menu_items)
{
	struct offline_policy_params p;
	int other_off = 0, other_partial = 0;

	offline_policy_params_default(&p);
	CHECK(p.settings_first);
	for (unsigned seed = 1; seed <= 12; seed++) {
		CHECK_STR_EQ(first_menu_choice(true, "Settings", seed), "Settings");
		CHECK_STR_EQ(first_menu_choice(true, "Preferences\xe2\x80\xa6", seed), "Preferences\xe2\x80\xa6");
		other_off += strcmp(first_menu_choice(false, "Settings", seed), "Settings") != 0;
		other_partial += strcmp(first_menu_choice(true, "Sync settings", seed), "Sync settings") != 0;
	}
	CHECK(other_off > 0);
	CHECK(other_partial > 0);
}

/* A calculator's keypad: the ten digits, four operators and %, "=", C. */
static struct ui_tree *keypad_screen(void)
{
	static const char *const keys[] = { "C", "%", "\u00f7", "7", "8", "9", "\u00d7", "4", "5", "6",
					    "\u2212", "1", "2", "3", "+", "0", ".", "=" };
	char *body = x_node("android.widget.TextView", "t:id/result", "0", "", "", 0, 100, 1080, 300, NULL);

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		int x = (int)(i % 4) * 270, y = 800 + (int)(i / 4) * 200;
		char id[32];

		snprintf(id, sizeof(id), "t:id/key%zu", i);
		body = x_cat(body, x_node(BTN, id, keys[i], "c", "", x, y, x + 260, y + 190, NULL), NULL);
	}
	return x_tree(body);
}

/* What follows the first operator key chosen on the keypad: "digit=" when a digit and "=" come next. */
static void after_operator(bool keypad_finish, unsigned seed, char *out, size_t size)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = keypad_screen();
	struct action a;
	int at = -1;

	out[0] = '\0';
	REQUIRE(t);
	offline_policy_params_default(&p);
	p.epsilon = 0;
	p.seed = seed;
	p.keypad_finish = keypad_finish;
	pol = offline_policy_new(&p);
	for (int i = 0; i < 40 && (at < 0 || i <= at + 2); i++) {
		/* Each key press shows another number: a new state each time. */
		offline_policy_choose(pol, t, 500 + (uint64_t)i, 900 + (uint64_t)i, "Calculator", true, &a);
		if (at >= 0 && a.widget_text) {
			const char *k = a.widget_text;

			snprintf(out + strlen(out), size - strlen(out), "%s", strlen(k) == 1 && isdigit((unsigned char)k[0]) ? "d" : k);
		}
		if (at < 0 && a.widget_text && (!strcmp(a.widget_text, "+") || !strcmp(a.widget_text, "%") ||
						 !strcmp(a.widget_text, "\u00d7") || !strcmp(a.widget_text, "\u00f7") ||
						 !strcmp(a.widget_text, "\u2212")))
			at = i;
		action_release(&a);
		offline_policy_observe(pol, t, 500 + (uint64_t)i, true);
	}
	offline_policy_free(pol);
	ui_tree_free(t);
}

/*
 * offline.keypad_finish (on by default): on a calculator keypad an operator
 * key is followed by a digit and "=", whatever the seed: the formula oracle
 * reads the result a finished calculation shows (calc's "2 % 2 =", Simple
 * Calculator #139). Off, the walk goes on to other untried keys.
 */
TEST(an_operator_on_a_keypad_is_followed_by_a_digit_and_equals)
{
	struct offline_policy_params p;
	char got[64];
	int other_off = 0;

	offline_policy_params_default(&p);
	CHECK(p.keypad_finish);
	for (unsigned seed = 1; seed <= 8; seed++) {
		after_operator(true, seed, got, sizeof(got));
		CHECK_STR_EQ(got, "d=");
		after_operator(false, seed, got, sizeof(got));
		other_off += strcmp(got, "d=") != 0;
	}
	CHECK(other_off > 0);
}

/* A playlist's songs: rows that open on a tap and select on a long press, under Play and Shuffle. */
static struct ui_tree *selectable_list(void)
{
	static const char *const names[] = { "Night Ferry", "Cassette Heat", "Pool Lights" };
	char *list = strdup(""), *view;

	for (int i = 0; i < 3; i++) {
		char *cell = x_node("android.widget.TextView", "t:id/song_title", names[i], "", "", 0, 300 + 100 * i,
				    1000, 400 + 100 * i, NULL);
		char *row = x_node("android.widget.LinearLayout", "t:id/song_row", "", "cl", "", 0, 300 + 100 * i,
				   1000, 400 + 100 * i, cell);

		free(cell);
		list = x_cat(list, row, NULL);
	}
	view = x_node("androidx.recyclerview.widget.RecyclerView", "t:id/songs", "", "", "", 0, 300, 1000, 1000, list);
	free(list);
	return x_tree(x_cat(x_node(BTN, "t:id/play", "Play", "c", "", 0, 100, 500, 200, NULL),
			    x_node(BTN, "t:id/shuffle", "Shuffle", "c", "", 500, 100, 1000, 200, NULL), view, NULL));
}

/*
 * offline.long_probe (on by default): a list whose rows answer a long
 * press gets one on its second row; when it started a selection, Back
 * leaves it, and the list's second probe (on another page of its kind)
 * acts on the selection instead; no third. Off, the weights choose a tap
 * first.
 */
TEST(a_list_whose_rows_answer_a_long_press_gets_one)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *t = selectable_list();
	struct action a;

	REQUIRE(t);
	offline_policy_params_default(&p);
	CHECK(p.long_probe);
	p.epsilon = 0;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, t, 700, 800, "Playlist: Road trip", true, &a);
	CHECK(a.type == ACTION_LONG_CLICK && a.reason && strstr(a.reason, "long press"));
	CHECK(a.widget >= 0 && (size_t)a.widget < t->n_nodes && t->nodes[a.widget]->bounds.y1 == 400);
	action_release(&a);
	offline_policy_observe(pol, t, 701, true);
	/* The long press started a selection: the first probe leaves it with Back. */
	{
		struct ui_tree *sel = x_tree(x_cat(x_node("android.widget.TextView", "t:id/sel_count", "1 selected", "", "",
							  0, 100, 500, 200, NULL),
						   x_node(BTN, "t:id/sel_remove", "Remove", "c", "", 500, 100, 1000, 200,
							  NULL),
						   x_node("android.widget.CheckBox", "t:id/check", "", "ckK", "", 900, 400,
							  1000, 500, NULL),
						   NULL));

		REQUIRE(sel);
		offline_policy_choose(pol, sel, 710, 802, "Playlist: Road trip", true, &a);
		CHECK(a.type == ACTION_BACK && a.reason && strstr(a.reason, "selection just started"));
		action_release(&a);
		offline_policy_observe(pol, sel, 711, true);
		ui_tree_free(sel);
	}
	/* The same list on another playlist's page of the same kind: its second probe (it acts on the selection). */
	offline_policy_choose(pol, t, 702, 801, "Playlist: Late night", true, &a);
	CHECK(a.type == ACTION_LONG_CLICK);
	action_release(&a);
	offline_policy_observe(pol, t, 703, true);
	/* ... and no third. */
	offline_policy_choose(pol, t, 704, 803, "Playlist: Sunday morning", true, &a);
	CHECK(a.type != ACTION_LONG_CLICK);
	action_release(&a);
	offline_policy_free(pol);
	p.long_probe = false;
	pol = offline_policy_new(&p);
	offline_policy_choose(pol, t, 700, 800, "Playlist: Road trip", true, &a);
	CHECK(a.type != ACTION_LONG_CLICK);
	action_release(&a);
	offline_policy_free(pol);
	ui_tree_free(t);
}

/* An event's form: title and location fields (showing `title`, `place`, or their hints when empty), Save, Cancel. */
static struct ui_tree *event_form(const char *title, const char *place)
{
	return x_tree(x_cat(x_node(EDIT, "t:id/title_field", title, "cf", "hint=\"Title\"", 0, 100, 1000, 200, NULL),
			    x_node(EDIT, "t:id/location_field", place, "cf", "hint=\"Location\"", 0, 200, 1000, 300,
				   NULL),
			    x_node(BTN, "t:id/save_btn", "Save", "c", "", 0, 300, 500, 400, NULL),
			    x_node(BTN, "t:id/cancel_btn", "Cancel", "c", "", 500, 300, 1000, 400, NULL), NULL));
}

/* Choose on `t` (state `st`), check the choice with `ok`, observe `next` (state `nst`); returns whether ok held. */
static bool step_is(struct offline_policy *pol, struct ui_tree *t, uint64_t st, uint64_t sig,
		    bool (*ok)(const struct action *), struct ui_tree *next, uint64_t nst, char **why)
{
	struct action a;
	bool r;

	offline_policy_choose(pol, t, st, sig, "Event", true, &a);
	r = ok(&a);
	if (why) {
		free(*why);
		*why = a.reason ? strdup(a.reason) : NULL;
	}
	action_release(&a);
	offline_policy_observe(pol, next, nst, true);
	return r;
}

static bool is_input(const struct action *a)
{
	return a->type == ACTION_INPUT && a->text;
}

static bool is_title_input(const struct action *a)
{
	return is_input(a) && !strcmp(a->resource_id, "t:id/title_field") && strlen(a->text) < 40;
}

static bool is_save(const struct action *a)
{
	return a->type == ACTION_CLICK && a->resource_id && !strcmp(a->resource_id, "t:id/save_btn");
}

static bool is_edit(const struct action *a)
{
	return a->type == ACTION_CLICK && a->resource_id && !strcmp(a->resource_id, "t:id/edit_btn");
}

/*
 * offline.edit_finish (on by default): an item's Edit that opens its form
 * with every field filled is followed by one valid value in the title
 * field and the form's Save, once per Edit control and kind of page. The
 * fields were typed before (a new event), so without it the next entry of
 * each is a probe and the form rule goes on retyping fields (calendar's
 * edited event never saved on any seed, session 65).
 */
TEST(an_items_edit_changes_one_field_and_saves)
{
	struct offline_policy_params p;
	struct offline_policy *pol;
	struct ui_tree *empty = event_form("", ""), *filled = event_form("Team meeting", "Room 4");
	struct ui_tree *page = x_tree(x_cat(x_node("android.widget.TextView", "t:id/ev_title", "Team meeting", "", "",
						   0, 100, 1000, 200, NULL),
					    x_node(BTN, "t:id/edit_btn", "Edit", "c", "", 0, 300, 1000, 400, NULL), NULL));
	char *why = NULL;

	REQUIRE(empty && filled && page);
	offline_policy_params_default(&p);
	CHECK(p.edit_finish);
	for (int on = 1; on >= 0; on--) {
		p.epsilon = 0;
		p.edit_finish = on;
		pol = offline_policy_new(&p);
		/* A new event first: both fields typed (the form rule), then Save. */
		CHECK(step_is(pol, empty, 30, 1, is_input, empty, 30, NULL));
		CHECK(step_is(pol, empty, 30, 2, is_input, empty, 30, NULL));
		CHECK(step_is(pol, empty, 30, 3, is_save, page, 40, NULL));
		/* The event's page: Edit opens the form, its fields filled. */
		CHECK(step_is(pol, page, 40, 4, is_edit, filled, 30, NULL));
		if (on) {
			CHECK(step_is(pol, filled, 30, 5, is_title_input, filled, 30, &why));
			CHECK(why && strstr(why, "changing one field") && !strstr(why, "probing"));
			CHECK(step_is(pol, filled, 30, 6, is_save, page, 40, &why));
			CHECK(why && strstr(why, "its confirm"));
			/* The same Edit again: the motif is spent, the weights choose. */
			CHECK(step_is(pol, page, 40, 7, is_edit, filled, 30, NULL));
			CHECK(!step_is(pol, filled, 30, 8, is_title_input, filled, 30, &why) ||
			      !strstr(why, "changing one field"));
		} else {
			/* Off: a field of the filled form is typed over with a probe, and Save does not follow. */
			CHECK(step_is(pol, filled, 30, 5, is_input, filled, 30, &why));
			CHECK(why && strstr(why, "probing"));
			CHECK(!step_is(pol, filled, 30, 6, is_save, filled, 30, NULL));
		}
		offline_policy_free(pol);
	}
	free(why);
	ui_tree_free(empty);
	ui_tree_free(filled);
	ui_tree_free(page);
}

int main(void)
{
	RUN(input_generation_by_field);
	RUN(an_operator_on_a_keypad_is_followed_by_a_digit_and_equals);
	RUN(a_list_whose_rows_answer_a_long_press_gets_one);
	RUN(an_items_edit_changes_one_field_and_saves);
	RUN(input_probes_by_field);
	RUN(probes_after_a_valid_value);
	RUN(second_entry_is_the_first_probe);
	RUN(one_field_probed_per_visit_of_a_form);
	RUN(a_probe_is_submitted_by_the_next_choice);
	RUN(a_name_fields_second_probe_is_a_taken_name);
	RUN(candidates_on_screen);
	RUN(upsilon_update_follows_genie);
	RUN(untried_first_then_motif_and_blocking);
	RUN(adopt_credits_the_action_taken);
	RUN(deleting_a_row_empties_the_list);
	RUN(stuck_goes_back_then_restarts);
	RUN(random_brain_is_seeded);
	RUN(weights_survive_table_growth);
	RUN(value_label_is_one_control);
	RUN(label_value_at_the_end_is_one_control);
	RUN(form_kept_across_a_dialog);
	RUN(deleting_on_a_row_page_empties_the_list);
	RUN(back_at_once_on_the_page_a_row_opened);
	RUN(back_probe_again_under_another_tab);
	RUN(back_at_once_on_the_page_a_menu_item_opened);
	RUN(sort_again_on_new_rows);
	RUN(own_rows_before_typed_rows);
	RUN(emptying_a_list_passes_a_trash_button);
	RUN(relaunch_for_the_first_screens_untried);
	RUN(form_reached_again_shows_earlier_values);
	RUN(stated_range_kept_for_the_fields_later_forms);
	RUN(a_field_holding_a_typed_value_keeps_its_hint);
	RUN(player_controls_untried_again_in_the_other_play_state);
	RUN(a_dialog_choice_other_than_the_value_shown);
	RUN(form_changed_through_a_selector_is_not_thrown_away);
	RUN(form_control_set_before_the_confirm);
	RUN(walk_without_new_screens_restarts_for_the_first_screens_untried);
	RUN(repeat_damping_lets_back_win_on_self_renewing_pages);
	RUN(repeat_damping_spares_a_widget_that_makes_progress);
	RUN(settings_first_opens_the_settings_before_other_menu_items);
	return test_summary();
}
