/*
 * test_oracle_under_keyboard.c - oracle 41 "under_keyboard"
 * (oracle_under_keyboard_wrong) on built dumps with a soft keyboard's
 * window: a new-entry form whose Save is pinned to the window's bottom
 * under the keyboard is reported (authenticator, KeePassDX #1770); a Save
 * at the end of the form's flow (tests/data/apps/signup.json's Create
 * account), a Save above the keyboard, no keyboard, no focused field, a
 * disabled button, a button that is no confirm and a dialog are not
 * judged.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.EditEntryActivity"
#define EDIT "android.widget.EditText"
#define BUTTON "android.widget.Button"
#define SCROLL "android.widget.ScrollView"

/* The keyboard's window over the lower 40% of the screen. */
static const char keyboard[] =
	"<node index=\"0\" text=\"\" resource-id=\"com.google.android.inputmethod.latin:id/keyboard_holder\" "
	"class=\"android.widget.FrameLayout\" package=\"com.google.android.inputmethod.latin\" content-desc=\"\" "
	"clickable=\"false\" enabled=\"true\" bounds=\"[0,1440][1080,2400]\">"
	"<node index=\"0\" text=\"q\" resource-id=\"\" class=\"android.view.View\" "
	"package=\"com.google.android.inputmethod.latin\" content-desc=\"\" clickable=\"true\" enabled=\"true\" "
	"bounds=\"[8,1574][100,1766]\"/></node>";

/*
 * A form: two fields (the first focused when `focused`), then a button
 * labelled `label` (flags `flags`) at y1..y1+126 and `more` (freed; NULL
 * for nothing), all in a scroll view down to the window's bottom; the
 * keyboard's window `kb` ("" for none) beside it; a dialog's panel over it
 * when `dialog`.
 */
static struct ui_tree *form_kb(const char *kb, bool focused, const char *label, const char *flags, int y1, bool dialog,
			       char *more)
{
	char *body = x_cat(x_bar("New entry"),
			   x_node1(SCROLL, "t:id/content", "", "", 0, 210, 1080, 2400,
				   x_cat(x_node(EDIT, "t:id/issuer", "Issuer", focused ? "cfF" : "cf", "", 42, 252, 1038, 399,
						NULL),
					 x_node(EDIT, "t:id/account", "Account", "cf", "", 42, 420, 1038, 567, NULL),
					 x_node(BUTTON, "t:id/save", label, flags, "", 42, y1, 540, y1 + 126, NULL),
					 more ? more : calloc(1, 1), NULL)),
			   dialog ? x_node1("android.widget.FrameLayout", "t:id/dialog_panel", "", "", 100, 800, 980, 1300,
					    x_node(BUTTON, "t:id/ok", "OK", "c", "", 140, 1180, 940, 1280, NULL))
				  : calloc(1, 1),
			   NULL);
	char *app = x_node("android.widget.FrameLayout", "", "", "", "", 0, 0, 1080, 2400, body);
	size_t n = strlen(app) + strlen(kb) + 256;
	char *xml = malloc(n);
	struct ui_tree *t = NULL;

	snprintf(xml, n, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">%s%s</hierarchy>",
		 app, kb);
	if (ui_parse(xml, strlen(xml), "test", &t) != 0)
		t = NULL;
	free(app);
	free(body);
	free(xml);
	return t;
}

/* The same with the keyboard at the bottom when `ime`. */
static struct ui_tree *form_with(bool ime, bool focused, const char *label, const char *flags, int y1, bool dialog,
				 char *more)
{
	return form_kb(ime ? keyboard : "", focused, label, flags, y1, dialog, more);
}

/* The same with nothing more. */
static struct ui_tree *form(bool ime, bool focused, const char *label, const char *flags, int y1, bool dialog)
{
	return form_with(ime, focused, label, flags, y1, dialog, NULL);
}

/* Whether t (freed) is reported; the finding's actual text into *actual when asked. */
static bool judged(struct ui_tree *t, char **actual)
{
	struct oracle_finding f;
	bool hit;

	CHECK(t != NULL);
	oracle_finding_init(&f);
	hit = t && oracle_under_keyboard_wrong(NULL, ACT, t, ACT, NULL, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "under_keyboard"));
		CHECK_INT_EQ(f.category, BUG_CAT_OCCLUSION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (actual)
			*actual = xstrdup(f.actual);
	}
	oracle_finding_release(&f);
	ui_tree_free(t);
	return hit;
}

TEST(a_save_pinned_under_the_keyboard_is_reported)
{
	char *actual = NULL;

	CHECK(judged(form(true, true, "Save", "c", 2184, false), &actual));
	CHECK(actual && !strcmp(actual, "'Save' at [42,2184][540,2310], under the keyboard at [0,1440][1080,2400]"));
	free(actual);
	CHECK(judged(form(true, true, "Create account", "c", 2200, false), NULL));
}

TEST(buttons_the_user_can_reach_are_not_judged)
{
	/* At the end of the form's flow (signup's Create account): the form scrolls to it. */
	CHECK(!judged(form(true, true, "Save", "c", 588, false), NULL));
	CHECK(!judged(form(true, true, "Save", "c", 1500, false), NULL));
	/* At the window's bottom, but right after a long form's content (a banner down to it). */
	CHECK(!judged(form_with(true, true, "Save", "c", 2184, false,
				x_node("android.widget.ImageView", "t:id/banner", "", "", "", 42, 588, 1038, 2163, NULL)),
		      NULL));
	/* Something of the form below it: the bar is not the window's bottom. */
	CHECK(!judged(form_with(true, true, "Save", "c", 2184, false,
				x_node("android.widget.TextView", "t:id/note", "Stored on this device only", "", "", 42, 2320,
				       1038, 2390, NULL)),
		      NULL));
	/* Above the keyboard, or no keyboard, or no focused field. */
	CHECK(!judged(form(true, true, "Save", "c", 1200, false), NULL));
	CHECK(!judged(form(false, true, "Save", "c", 2184, false), NULL));
	CHECK(!judged(form(true, false, "Save", "c", 2184, false), NULL));
	/* A floating keyboard in the middle of the screen, over the form's fields but not the button. */
	{
		char *floating = xstrdup(keyboard);
		char *b = strstr(floating, "[0,1440][1080,2400]");

		CHECK(b != NULL);
		if (b)
			memcpy(b, "[0,0900][1080,1800]", 19);
		CHECK(!judged(form_kb(floating, true, "Save", "c", 2184, false, NULL), NULL));
		free(floating);
	}
	/* Disabled, not clickable, or no confirm. */
	CHECK(!judged(form(true, true, "Save", "cD", 2184, false), NULL));
	CHECK(!judged(form(true, true, "Save", "", 2184, false), NULL));
	CHECK(!judged(form(true, true, "Privacy policy", "c", 2184, false), NULL));
	/* A dialog over the form. */
	CHECK(!judged(form(true, true, "Save", "c", 2184, true), NULL));
}

int main(void)
{
	RUN(a_save_pinned_under_the_keyboard_is_reported);
	RUN(buttons_the_user_can_reach_are_not_judged);
	return test_summary();
}
