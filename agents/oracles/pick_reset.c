/*
 * pick_reset.c - kept_edit's check of a pick that resets what was not
 * picked, for kept_edit.c.
 *
 * A selector shows a value of several parts under one label ("Reminder:
 * 18:00 · Mon, Wed, Fri"). The run taps it, picks a value on the chooser it
 * opens ("06:00"), and the form comes back with that part changed to the
 * pick and another part gone back to a default ("Reminder: 06:00 · Every
 * day"): the app reset what the user did not touch (habits
 * `habits-reminder-days-reset`, uhabits #274: a new reminder time makes a
 * weekday reminder ring every day).
 *
 * Judged only when the parts (split at " · ", " • " or " | ") are as many
 * before and after, the pick is one part's new text word for word and
 * holds a digit (a time, a date, an amount: a pick that names a mode, such
 * as "Daily", may rightly redraw the rest), and the other part changed to
 * a text with every, all, none, default, never, any or off in it. A pick
 * whose other parts follow from it by design (a date's weekday) does not
 * go back to such a word.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define PICK_PARTS 4     /* parts of a selector's value read */
#define PICK_PART 128    /* bytes of a part kept */
#define PICK_AWAY_STEPS 3 /* steps on the chooser before the form must be back */

static void selectors_clear(struct kept_pick_selector *sel, size_t *n)
{
	for (size_t i = 0; i < *n; i++) {
		free(sel[i].rid);
		free(sel[i].value);
		free(sel[i].before);
	}
	*n = 0;
}

void kept_pick_forget(struct kept_pick *k)
{
	free(k->rid);
	free(k->label);
	free(k->value);
	free(k->picked);
	cJSON_Delete(k->tap);
	k->rid = k->label = k->value = k->picked = NULL;
	k->tap = NULL;
	k->steps = 0;
	selectors_clear(k->others, &k->n_others);
}

static void made_forget(struct kept_pick *k)
{
	selectors_clear(k->made, &k->n_made);
	k->form[0] = '\0';
}

void kept_pick_release(struct kept_pick *k)
{
	kept_pick_forget(k);
	made_forget(k);
}

const struct ui_widget *kept_selector_with(const struct ui_tree *t, const char *rid)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->clickable && !strcmp(w->resource_id, rid) && ui_widget_visible(w, &t->screen) &&
		    !ui_widget_in_list(w) && ui_selector_text(w->text, NULL, NULL))
			return w;
	}
	return NULL;
}

/* Split a selector's value into trimmed parts at " · ", " • " or " | "; the number of parts (at most PICK_PARTS). */
static size_t split_parts(const char *value, char parts[PICK_PARTS][PICK_PART])
{
	static const char *const seps[] = { " \xc2\xb7 ", " \xe2\x80\xa2 ", " | ", NULL };
	size_t n = 0;
	const char *p = value;

	while (p && n < PICK_PARTS) {
		const char *next = NULL;
		char part[PICK_PART];
		size_t seplen = 0, len;

		for (size_t s = 0; seps[s]; s++) {
			const char *q = strstr(p, seps[s]);

			if (q && (!next || q < next)) {
				next = q;
				seplen = strlen(seps[s]);
			}
		}
		len = next ? (size_t)(next - p) : strlen(p);
		if (len >= PICK_PART)
			len = PICK_PART - 1;
		memcpy(part, p, len);
		part[len] = '\0';
		oracle_trim_into(parts[n], PICK_PART, part);
		n++;
		p = next ? next + seplen : NULL;
	}
	return p ? 0 : n; /* more parts than read: not judged */
}

static bool has_digit(const char *s)
{
	for (; *s; s++)
		if (isdigit((unsigned char)*s))
			return true;
	return false;
}

/* Whether a part reads as a default or a blanket value ("Every day", "All", "None", "Off"). */
static bool says_default(const char *part)
{
	static const char *const words[] = { "every", "all", "none", "default", "never", "any", "off", NULL };
	char low[PICK_PART];

	oracle_lower_into(low, sizeof(low), part);
	return oracle_has_whole_word(low, words);
}

static void fill(struct oracle_finding *f, const struct kept_pick *k, const char *now, const char *old_part,
		 const char *new_part)
{
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "kept_edit";
	f->title = xasprintf("Picking '%s' for '%s' resets '%s' to '%s'", k->picked, k->label, old_part, new_part);
	f->expected = xasprintf("'%s' shows '%s' in place of the part picked, and '%s' as before", k->label,
				k->picked, old_part);
	f->actual = xasprintf("'%s' went from '%s' to '%s': '%s' became '%s', which was not picked", k->label, k->value,
			      now, old_part, new_part);
	f->description = xasprintf("The selector '%s' showed '%s'. The run tapped it and picked '%s'; back on the "
				   "form it shows '%s': the pick changed '%s' to '%s' as well, a part the user did "
				   "not pick.",
				   k->label, k->value, k->picked, now, old_part, new_part);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "pick_reset");
	cJSON_AddStringToObject(f->diff, "field", k->rid);
	cJSON_AddStringToObject(f->diff, "picked", k->picked);
	cJSON_AddStringToObject(f->diff, "before", k->value);
	cJSON_AddStringToObject(f->diff, "after", now);
	if (k->tap)
		cJSON_AddItemToObject(f->diff, "action", cJSON_Duplicate(k->tap, 1));
	{
		/* One bug per selector and part reset. */
		char *subject = xasprintf("pick reset on %s: %s", k->rid, old_part);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/* Judge the selector's value now against the one tapped; true with *f filled on a reset. */
static bool judge(struct kept_pick *k, const char *now, struct oracle_finding *f)
{
	char before[PICK_PARTS][PICK_PART], after[PICK_PARTS][PICK_PART];
	size_t n = split_parts(k->value, before), picked_at = PICK_PARTS;
	uint64_t key;

	if (!k->picked || !has_digit(k->picked) || n < 2 || split_parts(now, after) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strcasecmp(after[i], k->picked) && strcasecmp(before[i], after[i]) != 0)
			picked_at = i;
	if (picked_at == PICK_PARTS)
		return false;
	for (size_t j = 0; j < n; j++) {
		if (j == picked_at || !strcasecmp(before[j], after[j]) || !after[j][0] || !says_default(after[j]) ||
		    says_default(before[j]))
			continue;
		key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, k->rid), before[j]);
		for (size_t r = 0; r < k->n_reported; r++)
			if (k->reported[r] == key)
				return false;
		if (k->n_reported < KEPT_PICK_REPORTED)
			k->reported[k->n_reported++] = key;
		fill(f, k, now, before[j], after[j]);
		return true;
	}
	return false;
}

/* t's visible selector labelled `label` ("Category" of "Category: Food"), or NULL. */
static const struct ui_widget *selector_labelled(const struct ui_tree *t, const char *label)
{
	size_t n = strlen(label), len;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->resource_id && kept_selector_with(t, w->resource_id) == w &&
		    ui_selector_text(w->text, &len, NULL) && len == n && !strncmp(w->text, label, n))
			return w;
	}
	return NULL;
}

/* The value of t's visible selector with resource-id rid (borrowed from t), or NULL. */
static const char *selector_value(const struct ui_tree *t, const char *rid)
{
	const struct ui_widget *w = kept_selector_with(t, rid);
	const char *value;

	return w && ui_selector_text(w->text, NULL, &value) ? value : NULL;
}

/* Keep the values of the form's selectors other than the one tapped, as the pick begins. */
static void note_others(struct kept_pick *k, const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes && k->n_others < KEPT_PICK_SELECTORS; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *value;

		if (!*w->resource_id || !strcmp(w->resource_id, k->rid) || kept_selector_with(t, w->resource_id) != w ||
		    !ui_selector_text(w->text, NULL, &value))
			continue;
		k->others[k->n_others].rid = xstrdup(w->resource_id);
		k->others[k->n_others].value = xstrdup(value);
		k->others[k->n_others].before = NULL;
		k->n_others++;
	}
}

/* Start following a pick from selector w (on activity; before: the form). */
static void start(struct kept_pick *k, const struct ui_widget *w, const char *activity, const struct ui_tree *before)
{
	const char *value;
	size_t len;

	if (!ui_selector_text(w->text, &len, &value))
		return;
	k->rid = xstrdup(w->resource_id);
	k->label = xstrndup(w->text, len);
	k->value = xstrdup(value);
	snprintf(k->activity, sizeof(k->activity), "%s", activity ? activity : "");
	k->steps = 0;
	note_others(k, before);
}

/* Remember the pick that came back with `now` (on selector rid_now) as one the run made in this visit of the form. */
static void note_made(struct kept_pick *k, const char *rid_now, const char *now, const char *activity)
{
	size_t i;

	if (!strcmp(now, k->value))
		return;
	snprintf(k->form, sizeof(k->form), "%s", activity ? activity : "");
	for (i = 0; i < k->n_made; i++)
		if (!strcmp(k->made[i].rid, rid_now))
			break;
	if (i == k->n_made) {
		if (k->n_made == KEPT_PICK_SELECTORS)
			return;
		k->made[i].rid = xstrdup(rid_now);
		k->made[i].before = xstrdup(k->value);
		k->made[i].value = NULL;
		k->n_made++;
	}
	free(k->made[i].value);
	k->made[i].value = xstrdup(now);
}

/* Whether `after` (on activity) is still the form the picks were made on. */
static bool on_made_form(const struct kept_pick *k, const struct ui_tree *after, const char *activity)
{
	if (strcmp(activity ? activity : "", k->form) != 0)
		return false;
	for (size_t i = 0; after && i < after->n_nodes; i++)
		for (size_t m = 0; m < k->n_made; m++)
			if (!strcmp(after->nodes[i]->resource_id, k->made[m].rid))
				return true;
	return false;
}

static void fill_made(struct oracle_finding *f, const struct kept_pick *k, const char *now,
		      const struct kept_pick_selector *m, const char *label)
{
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "kept_edit";
	f->title = xasprintf("Choosing '%s' for '%s' resets '%s' to '%s'", now, k->label, label, m->before);
	f->expected = xasprintf("'%s' keeps '%s', picked before", label, m->value);
	f->actual = xasprintf("'%s' shows '%s' again, its value before '%s' was picked", label, m->before, m->value);
	f->description = xasprintf("On the form, the run picked '%s' for '%s' (it showed '%s'), then tapped '%s: %s' "
				   "and chose '%s'. Back on the form, '%s' shows '%s' again: choosing one value "
				   "threw away another the user had picked.",
				   m->value, label, m->before, k->label, k->value, now, label, m->before);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "pick_resets_other");
	cJSON_AddStringToObject(f->diff, "field", m->rid);
	cJSON_AddStringToObject(f->diff, "picked", now);
	cJSON_AddStringToObject(f->diff, "before", m->value);
	cJSON_AddStringToObject(f->diff, "after", m->before);
	if (k->tap)
		cJSON_AddItemToObject(f->diff, "action", cJSON_Duplicate(k->tap, 1));
	{
		/* One bug per selector undone, whatever was chosen. */
		char *subject = xasprintf("pick undone on %s", m->rid);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/*
 * A pick that undid an earlier one (diff.check "pick_resets_other"): the
 * run picked a value for selector B on the form ("Account: Checking" to
 * "Savings"), then for another selector A ("Category: none" to "Eating
 * out"); B showed the run's pick when A was tapped and shows its value
 * before that pick again now ("Account: Checking"): the form redrew B from
 * its stored value and threw the user's choice away (ledger
 * `ledger-category-resets-account`, MyExpenses #599). A pick that changed
 * nothing is not judged.
 */
static bool judge_made(struct kept_pick *k, const struct ui_tree *after, const char *rid_now, const char *now,
		       struct oracle_finding *f)
{
	if (!strcmp(now, k->value))
		return false;
	for (size_t i = 0; i < k->n_made; i++) {
		const struct kept_pick_selector *m = &k->made[i];
		const struct ui_widget *w;
		const char *then = NULL, *shown;
		size_t len;
		uint64_t key;

		if (!strcmp(m->rid, k->rid) || !strcmp(m->rid, rid_now) || !strcmp(m->before, m->value))
			continue;
		for (size_t j = 0; j < k->n_others; j++)
			if (!strcmp(k->others[j].rid, m->rid))
				then = k->others[j].value;
		if (!then || strcmp(then, m->value) || !(shown = selector_value(after, m->rid)) ||
		    strcmp(shown, m->before) || !(w = kept_selector_with(after, m->rid)) ||
		    !ui_selector_text(w->text, &len, NULL))
			continue;
		key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, "undone"), m->rid);
		for (size_t r = 0; r < k->n_reported; r++)
			if (k->reported[r] == key)
				return false;
		if (k->n_reported < KEPT_PICK_REPORTED)
			k->reported[k->n_reported++] = key;
		{
			char *label = xstrndup(w->text, len);

			fill_made(f, k, now, m, label);
			free(label);
		}
		return true;
	}
	return false;
}

bool kept_pick_step(struct kept_pick *k, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct action *done = s->done;
	const struct ui_widget *w;
	const char *value;
	bool hit = false;

	if (!done || !s->before || !s->after || !s->after_in_app) {
		kept_pick_release(k);
		return false;
	}
	if (k->rid) {
		bool on_form = kept_selector_with(s->before, k->rid) && !oracle_screen_has_layer(s->before);

		if (!on_form && done->type == ACTION_CLICK && done->widget_text && *done->widget_text) {
			free(k->picked);
			cJSON_Delete(k->tap);
			k->picked = oracle_trimmed(done->widget_text);
			k->tap = action_to_json(done);
		}
		/* The selector may come back under another resource-id ("Category: none" and "Category: Food"). */
		if (!(w = kept_selector_with(s->after, k->rid)))
			w = selector_labelled(s->after, k->label);
		if (!on_form && w && !oracle_screen_has_layer(s->after) &&
		    !strcmp(s->activity_after ? s->activity_after : "", k->activity)) {
			size_t len;

			if (ui_selector_text(w->text, &len, &value) && len == strlen(k->label) &&
			    !strncmp(w->text, k->label, len)) {
				hit = judge(k, value, f) || judge_made(k, s->after, w->resource_id, value, f);
				note_made(k, w->resource_id, value, s->activity_after);
			}
			kept_pick_forget(k);
			return hit;
		}
		if (on_form || ++k->steps > PICK_AWAY_STEPS)
			kept_pick_forget(k);
		else
			return false;
	}
	/* A tap on a selector starts a pick. */
	if (done->type == ACTION_CLICK && done->resource_id && *done->resource_id && done->widget_text &&
	    !oracle_screen_has_layer(s->before) && (w = kept_selector_with(s->before, done->resource_id)) &&
	    !strcmp(w->text, done->widget_text))
		start(k, w, s->activity_before, s->before);
	/* The picks made are of one visit of the form: forgotten once the run left it other than for a chooser. */
	if (!k->rid && k->n_made && !on_made_form(k, s->after, s->activity_after))
		made_forget(k);
	return false;
}
