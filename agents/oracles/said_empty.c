/*
 * said_empty.c - oracle "said_empty" (oracle 25): a confirm answered with a
 * message that a field is empty ("No card ID entered", "The name is
 * required", "Please enter a title") while that field shows the text the
 * run typed into it. The app checked something other than what it shows -
 * a value it read before the field was last changed, or another field -
 * and refused a form that is filled in (loyalty
 * `loyalty-type-pick-loses-id`, Catima: after a barcode type is picked,
 * Save says no card ID was entered though the field shows the number).
 *
 * The tracker remembers, per activity and field resource-id, the text the
 * run last typed (trimmed; an empty or blank typing forgets it: a dump shows
 * an empty field's placeholder as its text). After a confirm (as for
 * `duplicate`) that stays on the same activity, a text that the screen
 * before did not show and that says one thing is missing - "no X entered /
 * given / provided", "X is required", "X required", "X is missing",
 * "missing X", "X cannot / can't / must not be empty or blank", "X is
 * empty", "(please) enter / provide X" - names X; the one visible field whose
 * label, hint or resource-id holds every word of X (articles and the like
 * dropped) is judged, and it is the finding when it shows, trimmed, exactly
 * the text the run typed there. A message that also speaks of a condition
 * ("Enter a valid card ID") or names two things ("a username and a
 * password") has words that no one field's name holds, and one with a
 * digit ("8 characters") is not read: those are about the value, not its
 * absence.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/input_gen.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define SAID_TYPED 32 /* typed fields remembered (a ring) */
#define SAID_REPORTED 16

struct said_typed {
	uint64_t key;   /* activity + resource-id */
	char *text;     /* trimmed */
};

struct oracle_said_empty_tracker {
	struct said_typed typed[SAID_TYPED];
	size_t n, next;
	uint64_t reported[SAID_REPORTED];
	size_t n_reported;
};

struct oracle_said_empty_tracker *oracle_said_empty_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_said_empty_tracker));
}

void oracle_said_empty_tracker_free(struct oracle_said_empty_tracker *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->typed[i].text);
	free(t);
}

static uint64_t field_key(const char *activity, const char *id)
{
	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity), id) | 1;
}

static struct said_typed *typed_find(struct oracle_said_empty_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->typed[i].key == key)
			return &t->typed[i];
	return NULL;
}

/* Remember (or, for a blank typing, forget) what was typed into field `id`. */
static void note_typed(struct oracle_said_empty_tracker *t, const char *activity, const char *id, const char *text)
{
	char trimmed[512];
	uint64_t key = field_key(activity, id);
	struct said_typed *e = typed_find(t, key);

	oracle_trim_into(trimmed, sizeof(trimmed), text);
	if (!*trimmed) {
		if (e) {
			free(e->text);
			e->text = NULL;
		}
		return;
	}
	if (!e) {
		e = &t->typed[t->next];
		t->next = (t->next + 1) % SAID_TYPED;
		if (t->n < SAID_TYPED)
			t->n++;
		free(e->text);
		e->key = key;
		e->text = NULL;
	}
	free(e->text);
	e->text = xstrdup(trimmed);
}

/* Lowered words of s (letters and digits), without the filler words, into words[] (each at most 31 bytes). */
static size_t content_words(const char *s, char words[][32], size_t max)
{
	static const char *const filler[] = { "a", "an", "the", "your", "this", "for", "of", "to", "please", NULL };
	size_t n = 0;

	while (*s && n < max) {
		char w[32];
		size_t k = 0;
		bool skip = false;

		while (*s && !isalnum((unsigned char)*s))
			s++;
		while (*s && (isalnum((unsigned char)*s) || *s == '\'')) {
			if (k + 1 < sizeof(w))
				w[k++] = (char)tolower((unsigned char)*s);
			s++;
		}
		w[k] = '\0';
		if (!k)
			break;
		for (size_t i = 0; filler[i]; i++)
			skip |= !strcmp(w, filler[i]);
		if (!skip)
			snprintf(words[n++], 32, "%s", w);
	}
	return n;
}

/*
 * Whether `msg` says one thing is missing; its name (lowered, trimmed) into
 * x. "No card ID entered" -> "card id"; "The title is required" -> "the
 * title"; "Please enter a list name" -> "a list name". *absent: the message
 * states plainly that the field holds nothing ("No card ID entered", "The
 * title is empty", "Name cannot be blank"), not only that a value is wanted
 * ("Enter an amount", which a form may say of a value it refuses).
 */
static bool says_missing(const char *msg, char *x, size_t size, bool *absent)
{
	static const char *const prefixes[] = { "please enter ", "please provide ", "enter ", "provide ", "missing ",
						NULL };
	static const char *const suffixes[] = { " entered", " given", " provided", " specified", " is required",
						" required", " is missing", " cannot be empty", " can't be empty",
						" can not be empty", " must not be empty", " cannot be blank",
						" can't be blank", " must not be blank", " is empty", NULL };
	char low[256], *end;
	size_t len;

	*absent = false;
	oracle_trim_into(low, sizeof(low), msg);
	oracle_lower_into(low, sizeof(low), low);
	len = strlen(low);
	while (len && (low[len - 1] == '.' || low[len - 1] == '!'))
		low[--len] = '\0';
	if (!len || len > 60)
		return false;
	for (const char *p = low; *p; p++)
		if (isdigit((unsigned char)*p))
			return false;
	for (size_t i = 0; suffixes[i]; i++) {
		size_t sl = strlen(suffixes[i]);

		if (len > sl && !strcmp(low + len - sl, suffixes[i])) {
			low[len - sl] = '\0';
			/* "No card ID entered": the "no" belongs to the suffix's sentence. */
			end = !strncmp(low, "no ", 3) ? low + 3 : low;
			*absent = end != low || strstr(suffixes[i], "empty") || strstr(suffixes[i], "blank") ||
				  strstr(suffixes[i], "missing");
			snprintf(x, size, "%s", end);
			return *x != '\0';
		}
	}
	for (size_t i = 0; prefixes[i]; i++) {
		size_t pl = strlen(prefixes[i]);

		if (!strncmp(low, prefixes[i], pl) && low[pl]) {
			snprintf(x, size, "%s", low + pl);
			return true;
		}
	}
	return false;
}

/* Whether every content word of x is among the words of `name`. */
static bool names_field(const char *x, const char *name)
{
	char xw[8][32], nw[12][32];
	size_t nx = content_words(x, xw, 8), nn;
	char spaced[256];

	if (!name || !*name || !nx)
		return false;
	snprintf(spaced, sizeof(spaced), "%s", name);
	for (char *p = spaced; *p; p++)
		if (*p == '_' || *p == '-')
			*p = ' ';
	nn = content_words(spaced, nw, 12);
	for (size_t i = 0; i < nx; i++) {
		bool in = false;

		for (size_t k = 0; k < nn && !in; k++)
			in = !strcmp(xw[i], nw[k]);
		if (!in)
			return false;
	}
	return true;
}

/* The one visible field of t that x names (NULL: none, or more than one). */
static const struct ui_widget *named_field(const struct ui_tree *t, const char *x)
{
	const struct ui_widget *found = NULL;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *tail;

		if (!ui_class_is_editable(w->class_name) || w->password || !*w->resource_id ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		tail = strstr(w->resource_id, ":id/");
		tail = tail ? tail + 4 : w->resource_id;
		if (!names_field(x, oracle_field_label(w)) && !names_field(x, tail))
			continue;
		if (found)
			return NULL;
		found = w;
	}
	return found;
}

/*
 * Whether `shown`, in field w, is a value a form may rightly refuse (one
 * of the offline brain's probes): a negative number ("-389"), zero, 100
 * characters or more, and in a numeric field anything but a number. A
 * message about such a value may name the field loosely ("Enter an
 * amount" for a negative one: fuellog); it is no claim that the field is
 * empty. A message that states the field holds nothing (`absent`: "No
 * card ID entered") is no loose word for "too long": a long value is not
 * refusable then (loyalty seed 4, session 60: a 120-character card ID,
 * a barcode type picked, and Save answered "No card ID entered").
 */
static bool refusable_value(const struct ui_widget *w, const char *shown, bool absent)
{
	if ((shown[0] == '-' && oracle_is_number(shown + 1, 0)) ||
	    (oracle_is_number(shown, 0) && strspn(shown, "0.,") == strlen(shown)) || (!absent && strlen(shown) >= 100))
		return true;
	switch (input_gen_kind(w)) {
	case INPUT_KIND_NUMBER: case INPUT_KIND_POSTAL: case INPUT_KIND_PHONE:
	case INPUT_KIND_CARD: case INPUT_KIND_CVV:
		return !oracle_is_number(shown, 0);
	default:
		return false;
	}
}

bool oracle_said_empty_step(struct oracle_said_empty_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f)
{
	const struct action *done = s->done;

	if (!done || !s->before || !s->after)
		return false;
	if (done->type == ACTION_RESTART && done->clear_data) {
		for (size_t i = 0; i < t->n; i++) {
			free(t->typed[i].text);
			t->typed[i] = (struct said_typed){ 0 };
		}
		t->n = t->next = 0;
		return false;
	}
	if (done->type == ACTION_INPUT && done->resource_id && *done->resource_id) {
		note_typed(t, s->activity_before, done->resource_id, done->text ? done->text : "");
		return false;
	}
	if (!s->after_in_app || !oracle_is_save_action(done) ||
	    strcmp(s->activity_before ? s->activity_before : "", s->activity_after ? s->activity_after : ""))
		return false;
	for (size_t i = 0; i < s->after->n_nodes; i++) {
		const struct ui_widget *m = s->after->nodes[i], *w;
		const struct said_typed *e;
		char x[256], shown[512];
		uint64_t rkey;
		bool seen = false, absent;

		if (!*m->text || ui_class_is_editable(m->class_name) || m->clickable ||
		    !ui_widget_visible(m, &s->after->screen) || oracle_shows_text(s->before, m->text) ||
		    !says_missing(m->text, x, sizeof(x), &absent))
			continue;
		w = named_field(s->after, x);
		if (!w)
			continue;
		e = typed_find(t, field_key(s->activity_after, w->resource_id));
		oracle_trim_into(shown, sizeof(shown), w->text);
		if (!e || !e->text || strcmp(shown, e->text) || refusable_value(w, shown, absent))
			continue;
		rkey = oracle_hash_str(field_key(s->activity_after, w->resource_id), m->text);
		for (size_t r = 0; r < t->n_reported; r++)
			seen |= t->reported[r] == rkey;
		if (seen)
			continue;
		if (t->n_reported < SAID_REPORTED)
			t->reported[t->n_reported++] = rkey;
		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = "said_empty";
		f->title = xasprintf("'%s' answers \"%s\" while the field shows \"%s\"",
				     done->widget_text && *done->widget_text ? done->widget_text : "Save", m->text,
				     shown);
		f->expected = xasprintf("the form is accepted, or refused for another reason: the field it names "
					"shows \"%s\"", shown);
		f->actual = xasprintf("the app says \"%s\"", m->text);
		f->description = xasprintf("The run typed \"%s\" into '%s', which still shows it; the confirm was "
					   "answered with \"%s\", as if the field were empty. The app checked a value other "
					   "than the one it shows (a stale copy), so a filled-in form cannot be saved.",
					   shown, oracle_field_label(w) ? oracle_field_label(w) : w->resource_id,
					   m->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "said_empty");
		cJSON_AddStringToObject(f->diff, "message", m->text);
		cJSON_AddStringToObject(f->diff, "field", w->resource_id);
		cJSON_AddStringToObject(f->diff, "shown", shown);
		{
			/* One bug per form field and message, whatever was typed. */
			char *subject = xasprintf("said empty on %s: %s: %s", s->activity_after ? s->activity_after : "?",
						  w->resource_id, m->text);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		return true;
	}
	return false;
}

static void *said_empty_tracker_new(void)
{
	return oracle_said_empty_tracker_new();
}

static void said_empty_tracker_free(void *t)
{
	oracle_said_empty_tracker_free(t);
}

static bool said_empty_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_said_empty_step(t, s, f);
}

const struct oracle_kind oracle_kind_said_empty = {
	.name = "said_empty",
	.config_key = "oracles.said_empty",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a confirm answered with a message that a field is empty or required while that field shows the text "
	       "the run typed into it",
	.evidence = "the screen before the confirm; the message, the field it names and the text the field shows",
	.flags = 0,
	.tracker_new = said_empty_tracker_new,
	.tracker_free = said_empty_tracker_free,
	.track = said_empty_track,
};
