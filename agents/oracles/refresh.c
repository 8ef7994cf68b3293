/*
 * refresh.c - oracle 32 "refresh": a refresh that throws away what the
 * user typed (converter, microsoft/calculator #260: Update rates on a
 * currency page empties the amount typed, and the result goes with it).
 *
 * A tracker. For each field the run typed into, it remembers the text
 * typed and what the field showed before the typing (nothing, or its
 * placeholder: dumps without a hint attribute give an empty field's hint
 * as its text). A click whose label begins with Refresh, Reload, Sync,
 * Fetch or "Check for updates", or with Update and another word ("Update
 * rates"; a lone "Update" may save a form), that leaves the app on the
 * same page (same activity and app-bar title, no dialog before or after)
 * must not turn a field that still held the typed text back to what it
 * showed before the typing. Passwords, search and filter fields are not
 * judged: a refresh may rightly clear a search.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* Fields remembered (a ring: the oldest typing is forgotten first). */
#define REFRESH_FIELDS 8

/* A field the run typed into. */
struct typed_field {
	char rid[128];
	char shown[128]; /* what it showed before the typing */
	char typed[128];
};

struct oracle_refresh_tracker {
	struct typed_field fields[REFRESH_FIELDS];
	size_t n, next;
};

/* Whether the lowered label names a refresh of the page's data ("Refresh", "Update rates", "Sync now"). */
static bool is_refresh_label(const char *low)
{
	static const char *const verbs[] = { "refresh", "reload", "sync", "fetch", "check for update", NULL };
	for (size_t i = 0; verbs[i]; i++) {
		size_t n = strlen(verbs[i]);

		if (!strncmp(low, verbs[i], n) && !isalpha((unsigned char)low[n]))
			return true;
	}
	/* "Update" needs an object (the label is trimmed): alone, it is an edit form's save. */
	return !strncmp(low, "update ", 7);
}

/* Whether field w is judged: not a password, not a search, filter, find or query field. */
static bool judged_field(const struct ui_widget *w)
{
	return !w->password && !oracle_is_search_field(w);
}

/* The record of the field with resource-id rid, or NULL. */
static struct typed_field *record_of(struct oracle_refresh_tracker *t, const char *rid)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->fields[i].rid, rid))
			return &t->fields[i];
	return NULL;
}

/*
 * An input that left its field holding the text typed: remembered, with
 * what the field showed before (kept from an earlier typing when the field
 * still held that one: its placeholder is what it showed first).
 */
static void note_typing(struct oracle_refresh_tracker *t, const struct oracle_tracked_step *s)
{
	const struct action *done = s->done;
	const struct ui_widget *w, *a;
	struct typed_field *r;
	const char *p;

	if (!done->resource_id || !*done->resource_id || !done->text || !s->before || !s->after)
		return;
	for (p = done->text; isspace((unsigned char)*p); p++)
		;
	w = oracle_field_by_id(s->before, done->resource_id, true);
	a = oracle_field_by_id(s->after, done->resource_id, true);
	if (!*p || !w || !a || !judged_field(w) || strcmp(a->text, done->text) || !strcmp(w->text, done->text) ||
	    strlen(done->resource_id) >= sizeof(r->rid) || strlen(w->text) >= sizeof(r->shown) ||
	    strlen(done->text) >= sizeof(r->typed))
		return;
	r = record_of(t, done->resource_id);
	if (r && !strcmp(w->text, r->typed)) {
		snprintf(r->typed, sizeof(r->typed), "%s", done->text);
		return;
	}
	if (!r) {
		r = &t->fields[t->next];
		t->next = (t->next + 1) % REFRESH_FIELDS;
		if (t->n < REFRESH_FIELDS)
			t->n++;
	}
	snprintf(r->rid, sizeof(r->rid), "%s", done->resource_id);
	snprintf(r->shown, sizeof(r->shown), "%s", w->text);
	snprintf(r->typed, sizeof(r->typed), "%s", done->text);
}

/* Fill *f: `label`'s click turned field `aw` (record r) back from the typed text. */
static void finding_fill(struct oracle_finding *f, const char *label, const struct typed_field *r,
			 const struct ui_widget *bw, const struct ui_widget *aw, const char *activity,
			 const struct action *done)
{
	const char *field = *r->shown ? r->shown : oracle_widget_name(bw);
	char *subject = xasprintf("%s clears %s on %s", label, r->rid, activity ? activity : "?");

	oracle_finding_init(f);
	f->oracle = "refresh";
	f->category = BUG_CAT_CONTENT_MISSING;
	f->title = xasprintf("'%s' clears what was typed in '%s'", label, field);
	f->expected = xasprintf("'%s' still holds \"%s\": a refresh reloads the page's data and keeps the user's input",
				field, r->typed);
	f->actual = *aw->text ? xasprintf("it shows \"%s\" again, as before anything was typed", aw->text)
			      : xasprintf("it is empty");
	f->description = xasprintf("\"%s\" was typed in '%s' and was still there when '%s' was tapped; the page "
				   "stayed, and the field went back to what it showed before the typing.",
				   r->typed, field, label);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "refresh");
	cJSON_AddStringToObject(f->diff, "typed", r->typed);
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(bw));
	cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(aw));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
}

/* A refresh click on the same page: true with *f when it turned a typed field back. */
static bool judge_refresh(struct oracle_refresh_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(s->done, s->before);
	const char *label = w ? oracle_item_label(w) : s->done->widget_text;
	char trimmed[128], low[128];

	if (!label || !*label || strlen(label) >= sizeof(low) || !s->after || !s->after_in_app ||
	    oracle_screen_has_layer(s->before) || oracle_screen_has_layer(s->after) ||
	    !oracle_same_activity(s->activity_before, s->activity_after))
		return false;
	oracle_trim_into(trimmed, sizeof(trimmed), label);
	oracle_lower_into(low, sizeof(low), trimmed);
	if (!is_refresh_label(low))
		return false;
	if (!oracle_same_title(s->before, s->after))
		return false;
	for (size_t i = 0; i < t->n; i++) {
		const struct typed_field *r = &t->fields[i];
		const struct ui_widget *bw = oracle_field_by_id(s->before, r->rid, true);
		const struct ui_widget *aw = oracle_field_by_id(s->after, r->rid, true);

		if (!bw || !aw || strcmp(bw->text, r->typed) || (strcmp(aw->text, r->shown) && *aw->text))
			continue;
		finding_fill(f, label, r, bw, aw, s->activity_after, s->done);
		return true;
	}
	return false;
}

static void *refresh_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_refresh_tracker));
}

static void refresh_tracker_free(void *tracker)
{
	free(tracker);
}

static bool refresh_track(void *tracker, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	struct oracle_refresh_tracker *t = tracker;

	if (!s->done || !s->before)
		return false;
	if (s->done->type == ACTION_INPUT) {
		note_typing(t, s);
		return false;
	}
	return s->done->type == ACTION_CLICK && t->n && judge_refresh(t, s, f);
}

const struct oracle_kind oracle_kind_refresh = {
	.name = "refresh",
	.config_key = "oracles.refresh",
	.category = BUG_CAT_CONTENT_MISSING,
	.doc = "a Refresh, Sync or 'Update <something>' that leaves the page where it was and turns a field still "
	       "holding the text the run typed back to what it showed before the typing",
	.evidence = "the screens before and after the click; the field, the text typed and what it shows after",
	.flags = 0,
	.tracker_new = refresh_tracker_new,
	.tracker_free = refresh_tracker_free,
	.track = refresh_track,
};
