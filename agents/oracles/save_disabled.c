/*
 * save_disabled.c - oracle "save_disabled" (oracle 26): an edit form whose
 * Save stays greyed out after the user changed a field. The tracker keeps,
 * for the form the run is on (a page with an app-bar title saying Edit,
 * Modify or Change, no dialog, no password field), what it showed on
 * arrival: each field's text and whether a Save-like button (Save, Update,
 * Apply, Done) was disabled. A typing on that form that makes a plain edit
 * of a field's stored value (oracle_plain_edit: no probe an app may
 * refuse), while every other field still shows its text from arrival and
 * no new text appears (no "Invalid ..." or "required" message), leaving
 * that button disabled, is the finding: the change cannot be saved
 * (authenticator `authenticator-edit-save-greyed`, Aegis: Save on an
 * entry's edit page stays greyed out after the issuer, name or note
 * changed).
 *
 * What is not judged: a form for a new entry (Save may rightly wait for
 * every required field), a form whose Save was enabled on arrival (that
 * it greys out later is a validation the run cannot read), a field that
 * was empty on arrival, a typing after another field was changed in the
 * same visit (that change may be the invalid one), and a form without a
 * title.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define SD_FIELDS 12   /* fields remembered on one form */
#define SD_REPORTED 16 /* forms reported */

struct sd_field {
	char *id;   /* resource-id */
	char *text; /* its text on arrival */
};

struct oracle_save_disabled_tracker {
	uint64_t form;      /* the form's key (activity, title); 0: not on an edit form */
	struct sd_field f[SD_FIELDS];
	size_t n;
	char *save_id;      /* the Save-like button disabled on arrival (resource-id); NULL: none */
	char *save_text;
	uint64_t reported[SD_REPORTED];
	size_t n_reported;
};

struct oracle_save_disabled_tracker *oracle_save_disabled_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_save_disabled_tracker));
}

static void forget(struct oracle_save_disabled_tracker *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->f[i].id);
		free(t->f[i].text);
	}
	free(t->save_id);
	free(t->save_text);
	t->save_id = t->save_text = NULL;
	t->n = 0;
	t->form = 0;
}

void oracle_save_disabled_tracker_free(struct oracle_save_disabled_tracker *t)
{
	if (!t)
		return;
	forget(t);
	free(t);
}

/* Whether w is a button that saves the form: its text begins with Save, Update, Apply or Done. */
static bool save_button(const struct ui_widget *w)
{
	static const char *const words[] = { "save", "update", "apply", "done", NULL };

	return *w->text && !ui_class_is_editable(w->class_name) && oracle_label_begins_with(w->text, words);
}

/* The key of an edit form: activity and a title saying Edit, Modify or Change; no dialog, no password. 0: none. */
static uint64_t edit_form_key(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	if (!title || !*title || oracle_screen_has_layer(t) || !oracle_says_edit(title))
		return 0;
	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && t->nodes[i]->password)
			return 0;
	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity), title) | 1;
}

/* The visible Save-like button of t with this resource-id (or, without one, this text), or NULL. */
static const struct ui_widget *save_of(const struct ui_tree *t, const char *id, const char *text)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (save_button(w) && ui_widget_visible(w, &t->screen) &&
		    (*id ? !strcmp(w->resource_id, id) : !strcmp(w->text, text)))
			return w;
	}
	return NULL;
}

/* Arrival on an edit form: its fields' texts and its disabled Save, if any. */
static void arrive(struct oracle_save_disabled_tracker *t, const struct ui_tree *s, uint64_t form)
{
	forget(t);
	t->form = form;
	for (size_t i = 0; i < s->n_nodes; i++) {
		const struct ui_widget *w = s->nodes[i];

		if (ui_class_is_editable(w->class_name) && *w->resource_id && ui_widget_visible(w, &s->screen) &&
		    t->n < SD_FIELDS) {
			t->f[t->n].id = xstrdup(w->resource_id);
			t->f[t->n].text = xstrdup(oracle_field_value(w));
			t->n++;
		}
		if (!t->save_id && save_button(w) && !w->enabled && ui_widget_visible(w, &s->screen)) {
			t->save_id = xstrdup(w->resource_id);
			t->save_text = xstrdup(w->text);
		}
	}
}

/* Whether `after` shows a text (outside fields) that `before` did not: the app said something. */
static bool new_text(const struct ui_tree *before, const struct ui_tree *after)
{
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		bool seen = false;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &after->screen))
			continue;
		for (size_t k = 0; k < before->n_nodes && !seen; k++)
			seen = !strcmp(before->nodes[k]->text, w->text);
		if (!seen)
			return true;
	}
	return false;
}

/* The typing on the form: a plain edit of one field, the rest as on arrival, Save still disabled. */
static bool judge_typing(struct oracle_save_disabled_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f)
{
	const char *id = s->done->resource_id;
	const struct sd_field *typed = NULL;
	const struct ui_widget *w, *save;
	const char *label;

	if (!t->save_id || !id || !*id)
		return false;
	for (size_t i = 0; i < t->n; i++) {
		const struct ui_widget *now = oracle_field_by_id(s->after, t->f[i].id, true);

		if (!now)
			return false;
		if (!strcmp(t->f[i].id, id))
			typed = &t->f[i];
		else if (strcmp(oracle_field_value(now), t->f[i].text))
			return false; /* another field changed in this visit */
	}
	w = typed ? oracle_field_by_id(s->after, id, true) : NULL;
	if (!w || !oracle_plain_edit(typed->text, w->text) || new_text(s->before, s->after))
		return false;
	save = save_of(s->after, t->save_id, t->save_text);
	if (!save || save->enabled)
		return false;
	for (size_t r = 0; r < t->n_reported; r++)
		if (t->reported[r] == t->form)
			return false;
	if (t->n_reported < SD_REPORTED)
		t->reported[t->n_reported++] = t->form;
	label = oracle_field_label(w) ? oracle_field_label(w) : w->resource_id;
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "save_disabled";
	f->title = xasprintf("'%s' stays disabled on '%s' after '%s' was changed", save->text,
			     oracle_app_bar_title(s->after), label);
	f->expected = xasprintf("'%s' becomes enabled once '%s' is changed from \"%s\" to \"%s\"", save->text, label,
				typed->text, w->text);
	f->actual = xasprintf("'%s' is still disabled; no message says what is wrong", save->text);
	f->description = xasprintf("On '%s' (%s) '%s' was disabled when the form opened. The run changed '%s' from "
				   "\"%s\" to \"%s\", every other field as it was and no message shown, and '%s' stayed "
				   "disabled: the edit cannot be saved.",
				   oracle_app_bar_title(s->after), s->activity_after ? s->activity_after : "?",
				   save->text, label, typed->text, w->text, save->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "save_disabled");
	cJSON_AddStringToObject(f->diff, "field", w->resource_id);
	cJSON_AddStringToObject(f->diff, "stored", typed->text);
	cJSON_AddStringToObject(f->diff, "typed", w->text);
	cJSON_AddStringToObject(f->diff, "button", save->text);
	{
		/* One bug per form, whatever field was changed. */
		char *subject = xasprintf("save disabled on %s: %s", s->activity_after ? s->activity_after : "?",
					  oracle_app_bar_title(s->after));

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

bool oracle_save_disabled_step(struct oracle_save_disabled_tracker *t, const struct oracle_tracked_step *s,
			       struct oracle_finding *f)
{
	uint64_t before_form;

	if (!s->done || !s->before || !s->after || !s->after_in_app) {
		forget(t);
		return false;
	}
	before_form = edit_form_key(s->before, s->activity_before);
	if (!before_form) {
		forget(t);
		return false;
	}
	if (before_form != t->form)
		arrive(t, s->before, before_form);
	if (s->done->type != ACTION_INPUT || edit_form_key(s->after, s->activity_after) != t->form)
		return false;
	return judge_typing(t, s, f);
}

static void *save_disabled_tracker_new(void)
{
	return oracle_save_disabled_tracker_new();
}

static void save_disabled_tracker_free(void *t)
{
	oracle_save_disabled_tracker_free(t);
}

static bool save_disabled_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_save_disabled_step(t, s, f);
}

const struct oracle_kind oracle_kind_save_disabled = {
	.name = "save_disabled",
	.config_key = "oracles.save_disabled",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "an edit form's Save, disabled when the form opened, stays disabled after a plain edit of one field "
	       "with no message shown",
	.evidence = "the screens before and after the typing; the field, its stored and typed text, and the button",
	.flags = 0,
	.tracker_new = save_disabled_tracker_new,
	.tracker_free = save_disabled_tracker_free,
	.track = save_disabled_track,
};
