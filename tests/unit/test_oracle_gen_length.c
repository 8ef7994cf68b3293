/*
 * test_oracle_gen_length.c - the gen_length oracle (oracle 45): the
 * generator's settings say "Default length: 12", and Generate password on
 * the new-entry form makes a 16-character password (passwords
 * `passwords-new-entry-generator-ignores-length`). The same length (the
 * fixed twin), a masked field counted when no text says the length, a page
 * that states its own length, no setting seen, a tap that is no Generate
 * and a statement that was already there are judged as the oracle says.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define ACT "org.t/.MainActivity"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define FIELD "android.widget.EditText"

#define BULLET "\xe2\x80\xa2"

/* The generator's settings page stating `length` ("Default length: 12"). */
static struct ui_tree *settings(const char *length)
{
	return x_tree(x_cat(x_bar("Password generator"),
			    x_node(TEXT, "t:id/len_label", length, "", "", 40, 240, 1040, 330, NULL),
			    x_node(BUTTON, "t:id/len_12", "12", "c", "", 40, 350, 240, 470, NULL),
			    x_node(BUTTON, "t:id/len_16", "16", "c", "", 260, 350, 460, 470, NULL), NULL));
}

/* The new-entry form: its password field showing `masked`, Generate password, and `said` under it ("" none). */
static struct ui_tree *entry_form(const char *title, const char *masked, const char *said)
{
	return x_tree(x_cat(x_bar(title), x_node(FIELD, "t:id/n_title", "Bank", "cf", "", 40, 240, 1040, 380, NULL),
			    x_node(FIELD, "t:id/n_pw", masked, "cfp", "", 40, 400, 1040, 540, NULL),
			    x_node(BUTTON, "t:id/n_gen_btn", "Generate password", "c", "", 40, 560, 1040, 680, NULL),
			    x_node(TEXT, "t:id/n_gen_note", said, "", "", 40, 700, 1040, 790, NULL), NULL));
}

/* n bullets (two calls' results may be used at once). */
static const char *bullets(int n)
{
	static char bufs[2][4 * 64];
	static int k;
	char *buf = bufs[k++ % 2];

	buf[0] = '\0';
	for (int i = 0; i < n && i < 63; i++)
		strcat(buf, BULLET);
	return buf;
}

/*
 * Steps through pages[0..n] (n steps, the i-th tapping labels[i]) and
 * returns the 1-based step of the finding (0: none); its title into *title.
 */
static int walk(struct ui_tree **pages, const char *const *labels, int n, char **title)
{
	struct oracle_gen_length_tracker *t = oracle_gen_length_tracker_new();
	int found = 0;

	for (int i = 0; i < n && !found; i++) {
		struct action a;
		struct oracle_finding f;
		struct oracle_tracked_step s = { pages[i], ACT, pages[i + 1], ACT, true, &a };

		CHECK(pages[i] && pages[i + 1]);
		if (!pages[i] || !pages[i + 1])
			break;
		action_init(&a);
		a.type = ACTION_CLICK;
		a.widget_text = xstrdup(labels[i]);
		oracle_finding_init(&f);
		if (oracle_gen_length_step(t, &s, &f)) {
			found = i + 1;
			CHECK(f.oracle && !strcmp(f.oracle, "gen_length"));
			CHECK(f.category == BUG_CAT_SETTINGS);
			CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
			if (title)
				*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
		action_release(&a);
	}
	for (int i = 0; i <= n; i++)
		ui_tree_free(pages[i]);
	oracle_gen_length_tracker_free(t);
	return found;
}

/* Settings stating `length`, then the form, then Generate password bringing `masked` and `said`. */
static int generate(const char *length, const char *masked_before, const char *masked, const char *said, char **title)
{
	struct ui_tree *pages[] = { settings(length), entry_form("New entry", masked_before, ""),
				    entry_form("New entry", masked, said) };
	const char *labels[] = { "New entry", "Generate password" };

	return walk(pages, labels, 2, title);
}

TEST(a_generated_password_longer_than_the_setting)
{
	char *title = NULL;

	CHECK_INT_EQ(generate("Default length: 12", "", bullets(16), "Generated a 16-character password", &title), 2);
	CHECK(title && !strcmp(title, "A password generated on 'New entry' has 16 characters, not the 12 the generator "
				      "is set to"));
	free(title);
	/* No text says the length: the masked field's bullets count it. */
	CHECK_INT_EQ(generate("Length: 12 characters", bullets(8), bullets(16), "", NULL), 2);
	CHECK_INT_EQ(generate("Password length: 20", "", "****************", "", NULL), 2);
}

TEST(generates_the_check_leaves_alone)
{
	/* The fixed twin: 12 as set. */
	CHECK_INT_EQ(generate("Default length: 12", "", bullets(12), "Generated a 12-character password", NULL), 0);
	CHECK_INT_EQ(generate("Default length: 12", bullets(8), bullets(12), "", NULL), 0);
	/* No length setting seen (a text that only mentions a length is none). */
	CHECK_INT_EQ(generate("Longer passwords are safer", "", bullets(16), "Generated a 16-character password", NULL), 0);
	/* A masked field that did not change says nothing of this generate. */
	CHECK_INT_EQ(generate("Default length: 12", bullets(16), bullets(16), "", NULL), 0);
	{
		/* A page that states its own length: the length chosen there may be for this password only. */
		struct ui_tree *pages[] = { settings("Default length: 12"), settings("Length: 20 characters"),
					    entry_form("Password generator", bullets(8), "Length: 20 characters") };
		const char *labels[] = { "Generator", "Generate again" };

		CHECK_INT_EQ(walk(pages, labels, 2, NULL), 0);
	}
	{
		/* A tap that is no Generate (a Save that shows a note of the length). */
		struct ui_tree *pages[] = { settings("Default length: 12"), entry_form("New entry", "", ""),
					    entry_form("New entry", bullets(16), "Saved a 16-character password") };
		const char *labels[] = { "New entry", "Save" };

		CHECK_INT_EQ(walk(pages, labels, 2, NULL), 0);
	}
	{
		/* The statement was already on the form before the tap, and the field did not change. */
		struct ui_tree *pages[] = { settings("Default length: 12"),
					    entry_form("New entry", bullets(16), "Generated a 16-character password"),
					    entry_form("New entry", bullets(16), "Generated a 16-character password") };
		const char *labels[] = { "New entry", "Generate password" };

		CHECK_INT_EQ(walk(pages, labels, 2, NULL), 0);
	}
}

int main(void)
{
	RUN(a_generated_password_longer_than_the_setting);
	RUN(generates_the_check_leaves_alone);
	return test_summary();
}
