/*
 * gen_length.c - oracle 45 "gen_length": a generated password whose
 * length is not the one the app's generator is set to (passwords
 * `passwords-new-entry-generator-ignores-length`, Passy: the default
 * length chosen in Settings, 12, is used by the Generator page, but
 * Generate password on the new-entry form always makes 16 characters).
 *
 * A tracker. The latest length setting the run saw is remembered: a
 * visible text outside fields, lists and controls that reads "Length: N",
 * "Default length: N" or "Password length: N" (any case, N 4-256, then
 * nothing or "characters"/"chars"). A tap whose label begins with
 * Generate, on a screen that states no length itself, that brings a
 * password of M characters is judged: M is read from a text the tap made
 * appear that says "M-character" or "M characters" ("Generated a
 * 16-character password"), else from the password field that changed
 * (empty or masked before, its text now all bullets or asterisks, one per
 * character, as UIAutomator dumps a masked field). M other than N is the
 * finding.
 *
 * Not judged: a generate on a page that shows its own length (the
 * generator page, where a length may be chosen for this password only),
 * before any length setting was seen. Blind: a length shown as a slider
 * without its number; a generator whose length setting is named otherwise
 * ("Characters: 12"); a field shown in clear whose characters are read as
 * text, not counted.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

enum { GL_MIN = 4, GL_MAX = 256 };

struct oracle_gen_length_tracker {
	int length;        /* the latest length setting seen (0: none) */
	char said[96];     /* the text that stated it */
	bool reported;
};

struct oracle_gen_length_tracker *oracle_gen_length_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_gen_length_tracker));
}

void oracle_gen_length_tracker_free(struct oracle_gen_length_tracker *t)
{
	free(t);
}

/* Reads a number of up to 3 digits at *s into *n, moving *s past it. */
static bool read_number(const char **s, int *n)
{
	int v = 0, digits = 0;

	while (isdigit((unsigned char)**s) && digits < 4) {
		v = v * 10 + (**s - '0');
		(*s)++;
		digits++;
	}
	if (!digits || digits > 3)
		return false;
	*n = v;
	return true;
}

/* Whether text states a length setting: "[Default |Password ]length: N[ characters| chars]"; N into *n. */
static bool states_length(const char *text, int *n)
{
	static const char *const leads[] = { "length:", "default length:", "password length:", NULL };
	const char *s = NULL;

	for (size_t i = 0; leads[i] && !s; i++)
		if (!strncasecmp(text, leads[i], strlen(leads[i])))
			s = text + strlen(leads[i]);
	if (!s)
		return false;
	while (*s == ' ')
		s++;
	if (!read_number(&s, n) || *n < GL_MIN || *n > GL_MAX)
		return false;
	while (*s == ' ')
		s++;
	return !*s || !strcasecmp(s, "characters") || !strcasecmp(s, "chars");
}

/* The length setting t states (0: none), its text into said (when not NULL). */
static int length_stated(const struct ui_tree *t, char said[96])
{
	int n;

	for (size_t i = 0; i < t->n_nodes; i++)
		if (oracle_is_plain_text(t->nodes[i], t, 96) && states_length(t->nodes[i]->text, &n)) {
			if (said)
				snprintf(said, 96, "%s", t->nodes[i]->text);
			return n;
		}
	return 0;
}

/* M from a text saying "M-character" or "M characters" (M 1-3 digits after a space or at the start); 0: none. */
static int says_characters(const char *text)
{
	for (const char *p = text; *p; p++) {
		const char *q = p;
		int n;

		if (!isdigit((unsigned char)*p) || (p > text && isalnum((unsigned char)p[-1])))
			continue;
		if (!read_number(&q, &n))
			continue;
		if (!strncasecmp(q, "-character", 10) || !strncasecmp(q, " characters", 11) ||
		    !strncasecmp(q, " chars", 6))
			return n;
	}
	return 0;
}

/* How many masking characters (U+2022 bullets or '*') text is made of; 0 when anything else is in it. */
static int masked_length(const char *text)
{
	int n = 0;

	for (const char *p = text; *p;) {
		if (!strncmp(p, "\xe2\x80\xa2", 3)) {
			p += 3;
		} else if (*p == '*') {
			p++;
		} else {
			return 0;
		}
		n++;
	}
	return n;
}

/*
 * The generated password's length on `after`: a text not on `before`
 * saying how many characters, else a masked field whose text changed; 0:
 * none. Its evidence into *w.
 */
static int generated_length(const struct ui_tree *before, const struct ui_tree *after, const struct ui_widget **w)
{
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *x = after->nodes[i];
		int n;

		if (oracle_is_plain_text(x, after, 96) && (n = says_characters(x->text)) && !oracle_shows_text(before, x->text)) {
			*w = x;
			return n;
		}
	}
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *x = after->nodes[i], *was;
		int n;

		if (!strstr(x->class_name, "EditText") || !ui_widget_visible(x, &after->screen) ||
		    !(n = masked_length(x->text)))
			continue;
		was = x->resource_id[0] ? oracle_field_by_id(before, x->resource_id, true) : NULL;
		if (was && strcmp(was->text, x->text) && (!was->text[0] || masked_length(was->text))) {
			*w = x;
			return n;
		}
	}
	return 0;
}

bool oracle_gen_length_step(struct oracle_gen_length_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f)
{
	const struct ui_widget *ev = NULL;
	char label[256], said[96];
	int n, m;
	char *subject;
	const char *title;

	if (!s->before || !s->after || !s->after_in_app)
		return false;
	/* Either screen may state the setting; a screen that states one is not judged. */
	if ((n = length_stated(s->before, said)) != 0) {
		t->length = n;
		memcpy(t->said, said, sizeof(t->said));
	}
	if ((m = length_stated(s->after, said)) != 0) {
		t->length = m;
		memcpy(t->said, said, sizeof(t->said));
	}
	if (n || m || t->reported || !t->length || !s->done || s->done->type != ACTION_CLICK ||
	    oracle_screen_has_layer(s->after))
		return false;
	oracle_action_label(s->before, s->done, label, sizeof(label));
	if (strncmp(label + strspn(label, " "), "generate", 8))
		return false;
	m = generated_length(s->before, s->after, &ev);
	if (!m || m == t->length)
		return false;
	t->reported = true;
	title = oracle_app_bar_title(s->after);
	oracle_finding_init(f);
	f->oracle = "gen_length";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("A password generated%s%s%s has %d characters, not the %d the generator is set to",
			     title ? " on '" : "", title ? title : "", title ? "'" : "", m, t->length);
	f->expected = xasprintf("a %d-character password (\"%s\")", t->length, t->said);
	f->actual = xasprintf("%d characters (\"%s\")", m, ev->text);
	f->description = xasprintf("The app said its generator makes %d-character passwords (\"%s\"); a tap on "
				   "Generate%s%s%s then made one of %d characters.",
				   t->length, t->said, title ? " on '" : "", title ? title : "", title ? "'" : "", m);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "gen_length");
	cJSON_AddStringToObject(f->diff, "setting", t->said);
	cJSON_AddItemToObject(f->diff, "generated", oracle_widget_json(ev));
	subject = xasprintf("generated length on %s", s->activity_after ? s->activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

static void *gen_length_tracker_new(void)
{
	return oracle_gen_length_tracker_new();
}

static void gen_length_tracker_free(void *t)
{
	oracle_gen_length_tracker_free(t);
}

static bool gen_length_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_gen_length_step(t, s, f);
}

const struct oracle_kind oracle_kind_gen_length = {
	.name = "gen_length",
	.config_key = "oracles.gen_length",
	.category = BUG_CAT_SETTINGS,
	.doc = "a tap on Generate that makes a password of another length than the length setting the app last "
	       "stated ('Default length: 12')",
	.evidence = "the page stating the length, the generated password's length",
	.flags = 0,
	.tracker_new = gen_length_tracker_new,
	.tracker_free = gen_length_tracker_free,
	.track = gen_length_track,
};
