/*
 * test_oracle_save_disabled.c - the save_disabled oracle (oracle 26): its
 * tracker (oracle_save_disabled_step) fed hand-made screens of an
 * authenticator's Edit entry form (Issuer, Account name, Note, a Save
 * button disabled until something changes). A plain change of the issuer
 * that leaves Save disabled is the finding (authenticator
 * `authenticator-edit-save-greyed`). Save enabled by the change, a message
 * shown with it, a probe typed, another field changed first, an empty
 * field filled, a form for a new entry, a form with a password field and a
 * Save enabled on arrival are never reported; one report per form.
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
#define ACT "org.t/.EditEntryActivity"

struct form {
	const char *title, *issuer, *note;
	bool save_enabled;
	const char *message;  /* a text under the fields, or NULL */
	bool password;        /* the note is a password field */
};

/* The form: Issuer, Account name and Note under their labels, Save (flags "c" enabled, "cD" disabled). */
static struct ui_tree *screen(const struct form *f)
{
	return x_tree(x_cat(x_bar(f->title), x_node(TEXT, "", "Issuer", "", "", 40, 220, 1040, 300, NULL),
			    x_node(EDIT, "t:id/issuer", f->issuer, "cf", "", 40, 320, 1040, 440, NULL),
			    x_node(TEXT, "", "Account name", "", "", 40, 460, 1040, 540, NULL),
			    x_node(EDIT, "t:id/account", "maya.chen84@gmail.com", "cf", "", 40, 560, 1040, 680, NULL),
			    x_node(TEXT, "", "Note", "", "", 40, 700, 1040, 780, NULL),
			    x_node(EDIT, "t:id/note", f->note, f->password ? "cfp" : "cf", "", 40, 800, 1040, 920, NULL),
			    x_node(BUTTON, "t:id/save_edit", "Save", f->save_enabled ? "c" : "cD", "", 40, 940, 1040,
				   1060, NULL),
			    f->message ? x_node(TEXT, "t:id/msg", f->message, "", "", 40, 1080, 1040, 1160, NULL)
				       : calloc(1, 1),
			    NULL));
}

/*
 * Feed a fresh tracker forms[i] -> forms[i + 1] by typings[i] ("ID=text"
 * types into t:id/ID; "Save" taps Save). The 1-based step of the first
 * finding (0: none), its title in *title.
 */
static int walk(const struct form *forms, const char *const *typings, size_t n, char **title)
{
	struct oracle_save_disabled_tracker *t = oracle_save_disabled_tracker_new();
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct ui_tree *before = screen(&forms[i]), *after = screen(&forms[i + 1]);
		struct oracle_tracked_step s = { before, ACT, after, ACT, true, NULL };
		const char *eq = strchr(typings[i], '=');
		struct action a;
		struct oracle_finding f;

		CHECK(before && after);
		if (!before || !after)
			break;
		action_init(&a);
		if (eq) {
			a.type = ACTION_INPUT;
			a.resource_id = xasprintf("t:id/%.*s", (int)(eq - typings[i]), typings[i]);
			a.class_name = xstrdup(EDIT);
			a.text = xstrdup(eq + 1);
		} else {
			a.type = ACTION_CLICK;
			a.widget_text = xstrdup(typings[i]);
			a.class_name = xstrdup(BUTTON);
		}
		s.done = &a;
		oracle_finding_init(&f);
		if (oracle_save_disabled_step(t, &s, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK(f.category == BUG_CAT_DATA_OPERATION);
			CHECK(f.oracle && !strcmp(f.oracle, "save_disabled"));
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
		}
		oracle_finding_release(&f);
		action_release(&a);
		ui_tree_free(before);
		ui_tree_free(after);
	}
	oracle_save_disabled_tracker_free(t);
	return found;
}

TEST(save_stays_disabled_after_a_plain_edit)
{
	const struct form forms[] = {
		{ "Edit entry", "Google", "", false, NULL, false },
		{ "Edit entry", "Google Work", "", false, NULL, false },
	};
	const char *const typings[] = { "issuer=Google Work" };
	char *title;

	CHECK_INT_EQ(walk(forms, typings, 1, &title), 1);
	CHECK(title && !strcmp(title, "'Save' stays disabled on 'Edit entry' after 'Issuer' was changed"));
	free(title);
	/* The same after a look around the form (a tap that changes nothing first). */
	{
		const struct form f2[] = { forms[0], forms[0], forms[1] };
		const char *const t2[] = { "Save", "issuer=Google Work" };

		CHECK_INT_EQ(walk(f2, t2, 2, &title), 2);
		free(title);
	}
}

TEST(enabled_explained_or_probed_is_not_reported)
{
	const struct form before = { "Edit entry", "Google", "", false, NULL, false };
	char *title;

	/* The fixed twin: Save enabled by the change. */
	{
		const struct form forms[] = { before, { "Edit entry", "Google Work", "", true, NULL, false } };
		const char *const t[] = { "issuer=Google Work" };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* A message says what is wrong. */
	{
		const struct form forms[] = { before, { "Edit entry", "Google Work", "", false, "Issuer already used",
							false } };
		const char *const t[] = { "issuer=Google Work" };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* A probe (spaces around the text) may rightly be refused without a word. */
	{
		const struct form forms[] = { before, { "Edit entry", " Google ", "", false, NULL, false } };
		const char *const t[] = { "issuer= Google " };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* An empty field filled: its first value, not an edit of a stored one. */
	{
		const struct form forms[] = { before, { "Edit entry", "Google", "work account", false, NULL, false } };
		const char *const t[] = { "note=work account" };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* The placeholder shown as the field's text ("Note" under "Note"): an empty field filled. */
	{
		const struct form forms[] = { { "Edit entry", "Google", "Note", false, NULL, false },
					      { "Edit entry", "Google", "work account", false, NULL, false } };
		const char *const t[] = { "note=work account" };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* An address replaced by a text that is no address: an app may refuse it without a word. */
	{
		const struct form forms[] = { { "Edit entry", "maya@example.com", "", false, NULL, false },
					      { "Edit entry", "river_maple_1", "", false, NULL, false } };
		const char *const t[] = { "issuer=river_maple_1" };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* Another field changed first in this visit (the note, maybe invalid): the issuer's edit is not judged. */
	{
		const struct form forms[] = {
			{ "Edit entry", "Google", "old", false, NULL, false },
			{ "Edit entry", "Google", "x", false, NULL, false },
			{ "Edit entry", "Google Work", "x", false, NULL, false },
		};
		const char *const t[] = { "note=x", "issuer=Google Work" };

		CHECK_INT_EQ(walk(forms, t, 2, &title), 1); /* the note's own plain edit is judged */
		free(title);
	}
	{
		const struct form forms[] = {
			{ "Edit entry", "Google", "old", false, NULL, false },
			{ "Edit entry", "Google", "  ", false, NULL, false },
			{ "Edit entry", "Google Work", "  ", false, NULL, false },
		};
		const char *const t[] = { "note=  ", "issuer=Google Work" };

		CHECK_INT_EQ(walk(forms, t, 2, &title), 0);
		free(title);
	}
}

TEST(new_entry_password_and_enabled_on_arrival_are_not_judged)
{
	const char *const t[] = { "issuer=Google Work" };
	char *title;

	{
		const struct form forms[] = { { "New entry", "Google", "", false, NULL, false },
					      { "New entry", "Google Work", "", false, NULL, false } };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	{
		const struct form forms[] = { { "Edit entry", "Google", "pw", false, NULL, true },
					      { "Edit entry", "Google Work", "pw", false, NULL, true } };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* Enabled when the form opened, disabled after the edit: a validation the run cannot read. */
	{
		const struct form forms[] = { { "Edit entry", "Google", "", true, NULL, false },
					      { "Edit entry", "Google Work", "", false, NULL, false } };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
	/* A title that only contains "edit" inside a word is no edit form. */
	{
		const struct form forms[] = { { "Credit card", "Google", "", false, NULL, false },
					      { "Credit card", "Google Work", "", false, NULL, false } };

		CHECK_INT_EQ(walk(forms, t, 1, &title), 0);
		free(title);
	}
}

TEST(one_report_per_form)
{
	struct oracle_save_disabled_tracker *t = oracle_save_disabled_tracker_new();
	const struct form f0 = { "Edit entry", "Google", "", false, NULL, false };
	const struct form f1 = { "Edit entry", "Google Work", "", false, NULL, false };
	int hits = 0;

	for (int round = 0; round < 2; round++) {
		struct ui_tree *before = screen(&f0), *after = screen(&f1);
		struct oracle_tracked_step s = { before, ACT, after, ACT, true, NULL };
		struct action a;
		struct oracle_finding f;

		REQUIRE(before && after);
		action_init(&a);
		a.type = ACTION_INPUT;
		a.resource_id = xstrdup("t:id/issuer");
		a.text = xstrdup("Google Work");
		s.done = &a;
		oracle_finding_init(&f);
		hits += oracle_save_disabled_step(t, &s, &f);
		oracle_finding_release(&f);
		action_release(&a);
		/* Leave the form (Back to the entry's page) and come again. */
		{
			struct ui_tree *page = x_tree(x_bar("Google"));
			struct oracle_tracked_step out = { after, ACT, page, ACT, true, NULL };
			struct action back;

			REQUIRE(page);
			action_init(&back);
			back.type = ACTION_BACK;
			out.done = &back;
			oracle_finding_init(&f);
			hits += oracle_save_disabled_step(t, &out, &f);
			oracle_finding_release(&f);
			ui_tree_free(page);
		}
		ui_tree_free(before);
		ui_tree_free(after);
	}
	CHECK_INT_EQ(hits, 1);
	oracle_save_disabled_tracker_free(t);
}

int main(void)
{
	RUN(save_stays_disabled_after_a_plain_edit);
	RUN(enabled_explained_or_probed_is_not_reported);
	RUN(new_entry_password_and_enabled_on_arrival_are_not_judged);
	RUN(one_report_per_form);
	return test_summary();
}
