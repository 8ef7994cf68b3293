/*
 * rotation.c - oracle "rotation" (oracle 1): entered text or a checked
 * state lost after rotating to landscape and back. Holds the state-trip pass
 * it shares with background.c (once per screen with user state).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/log.h"
#include "core/xalloc.h"

/* FNV-1a of a string into h. */
static uint64_t mix_str(uint64_t h, const char *c)
{
	for (; c && *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return (h ^ 0xff) * 1099511628211ull;
}

/*
 * Whether field w of screen s shows text the user typed. Dumps without the
 * hint attribute show the placeholder as the text, so the text a field had
 * the first time its screen was seen counts as its placeholder.
 */
static bool typed_text(struct oracles_state *st, const struct brain_screen *s, const struct ui_widget *w)
{
	uint64_t k = mix_str(s->sig_abstract, w->resource_id);
	uint64_t v = mix_str(14695981039346656037ull, w->text);

	if (!*w->text || !strcmp(w->text, w->hint))
		return false;
	for (size_t i = 0; i < st->n_placeholders; i++)
		if (st->placeholders[i].sig == k)
			return st->placeholders[i].value != v;
	st->placeholders = xgrow(st->placeholders, &st->alloc_placeholders, st->n_placeholders + 1,
				 sizeof(*st->placeholders));
	st->placeholders[st->n_placeholders].sig = k;
	st->placeholders[st->n_placeholders].value = v;
	st->n_placeholders++;
	return false;
}

/* The screen's abstract signature mixed with which widgets hold user state; 0 when none does. */
static uint64_t user_state_key(struct oracles_state *st, const struct brain_screen *s)
{
	uint64_t h = s->sig_abstract ^ 0x9E3779B97F4A7C15ull;
	bool any = false;

	for (size_t i = 0; i < s->tree->n_nodes; i++) {
		const struct ui_widget *w = s->tree->nodes[i];
		bool state = ui_class_is_editable(w->class_name) ? typed_text(st, s, w) : (w->checkable && w->checked);

		if (!state)
			continue;
		any = true;
		h = mix_str(h, w->resource_id);
		h = (h ^ (uint64_t)i) * 1099511628211ull;
	}
	return any ? (h ? h : 1) : 0;
}

/*
 * The key of typed field w of screen s for a trip: its activity and id, not
 * the abstract screen, which changes with the rows of a list below the field.
 */
static uint64_t lossy_key(const struct brain_screen *s, const struct ui_widget *w, const char *trip)
{
	return mix_str(mix_str(mix_str(0x10557ull, s->activity), w->resource_id), trip);
}

/* The key of list `list_id` of screen s for a trip that once added copies of its rows. */
static uint64_t copying_key(const struct brain_screen *s, const char *list_id, const char *trip)
{
	return mix_str(mix_str(mix_str(0xc0b1e5ull, s->activity), list_id), trip);
}

bool oracle_trip_spoils_state(struct oracles_state *st, const struct brain_screen *s, const char *trip)
{
	for (size_t i = 0; i < s->tree->n_nodes; i++) {
		const struct ui_widget *w = s->tree->nodes[i];

		if (ui_class_is_editable(w->class_name) && typed_text(st, s, w) &&
		    oracle_seen_count(&st->lossy_seen, &st->n_lossy, &st->alloc_lossy, lossy_key(s, w, trip), false))
			return true;
		if (*w->resource_id &&
		    oracle_seen_count(&st->lossy_seen, &st->n_lossy, &st->alloc_lossy,
				      copying_key(s, w->resource_id, trip), false))
			return true;
	}
	return false;
}

void oracle_note_copying_trip(struct oracles_state *st, const struct brain_screen *s,
			      const struct oracle_finding *f, const char *trip)
{
	const cJSON *list = f->diff ? cJSON_GetObjectItemCaseSensitive(f->diff, "list") : NULL;
	char *id;

	if (!cJSON_IsString(list) || !*list->valuestring || *list->valuestring == '#')
		return;
	/* The list's key is "resource-id#class" (oracle_lists): the resource-id names it. */
	id = xstrdup(list->valuestring);
	id[strcspn(id, "#")] = '\0';
	(void)oracle_seen_count(&st->lossy_seen, &st->n_lossy, &st->alloc_lossy, copying_key(s, id, trip), true);
	free(id);
}

void oracle_note_wiped_input(struct oracles_state *st, const struct brain_screen *s, const struct ui_tree *pre,
			     const struct ui_tree *t, const char *trip)
{
	if (!pre || !t)
		return;
	for (size_t i = 0; i < s->tree->n_nodes; i++) {
		const struct ui_widget *w = s->tree->nodes[i], *p, *o;

		if (!ui_class_is_editable(w->class_name) || !typed_text(st, s, w))
			continue;
		p = oracle_find_counterpart(pre, s->tree, w);
		o = oracle_find_counterpart(t, s->tree, w);
		if (p && o && strcmp(p->text, w->text) == 0 && strcmp(o->text, w->text) != 0)
			(void)oracle_seen_count(&st->lossy_seen, &st->n_lossy, &st->alloc_lossy, lossy_key(s, w, trip),
						true);
	}
}

void oracle_note_placeholders(struct oracles_state *st, const struct brain_screen *before,
			      const struct brain_screen *after)
{
	if (!before || !before->tree || before->sig_abstract != after->sig_abstract)
		return;
	for (size_t i = 0; i < before->tree->n_nodes; i++)
		if (ui_class_is_editable(before->tree->nodes[i]->class_name))
			(void)typed_text(st, before, before->tree->nodes[i]);
}

/* How many distinct sets of status texts one abstract screen is rotated for (its phases). */
#define STATUS_CHECKS_PER_SCREEN 3

/*
 * Whether w is a status text: a visible plain text (not a control, a field
 * or a list row's) of letters and spaces only, 2-40 bytes: "Short break",
 * "Paused". Numbers (clocks, counts, amounts) change on their own.
 */
static bool status_text(const struct ui_tree *t, const struct ui_widget *w)
{
	size_t n = strlen(w->text);
	bool letter = false;

	if (n < 2 || n > 40 || w->clickable || w->checkable || ui_class_is_editable(w->class_name) ||
	    !ui_widget_visible(w, &t->screen) || oracle_enclosing_row(w) || oracle_hidden_under_layer(t, w))
		return false;
	for (const char *c = w->text; *c; c++) {
		if (isdigit((unsigned char)*c))
			return false;
		letter |= isalpha((unsigned char)*c) != 0;
	}
	return letter;
}

/* Whether t shows a progress bar (a page still loading: its texts are still to change). */
static bool shows_progress(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (strstr(t->nodes[i]->class_name, "ProgressBar") && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* The screen's abstract signature mixed with its status texts (the phase it is in); 0 when it has none. */
static uint64_t status_key(const struct brain_screen *s)
{
	uint64_t h = s->sig_abstract ^ 0x5a7a7e5ull;
	bool any = false;

	if (!s->tree || oracle_screen_has_layer(s->tree) || shows_progress(s->tree))
		return 0;
	for (size_t i = 0; i < s->tree->n_nodes; i++)
		if (status_text(s->tree, s->tree->nodes[i])) {
			any = true;
			h = mix_str(h, s->tree->nodes[i]->text);
		}
	return any ? (h ? h : 1) : 0;
}

/* Whether t has a visible widget showing exactly s. */
static bool shows_exactly(const struct ui_tree *t, const char *s)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->text, s) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

bool oracle_status_lost(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, struct oracle_finding *f)
{
	const struct ui_widget *w = NULL, *o = NULL;

	if (!before || !after || !oracle_same_activity(activity_before, activity_after) ||
	    oracle_screen_has_layer(before) || oracle_screen_has_layer(after) || shows_progress(before) ||
	    shows_progress(after))
		return false;
	for (size_t i = 0; i < before->n_nodes && !o; i++) {
		w = before->nodes[i];
		if (!status_text(before, w) || shows_exactly(after, w->text))
			continue;
		o = oracle_find_counterpart(after, before, w);
		if (o && (!status_text(after, o) || !strcmp(o->text, w->text)))
			o = NULL;
	}
	if (!o)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_CONTENT_MISSING;
	f->oracle = "rotation";
	f->title = xasprintf("'%s' turns into '%s' after rotation", w->text, o->text);
	f->expected = xasprintf("'%s' is still shown after rotating to landscape and back", w->text);
	f->actual = xasprintf("'%s' shows '%s'", oracle_widget_name(o), o->text);
	f->description = xasprintf("After rotating to landscape and back, the screen (%s) no longer shows its "
				   "status '%s': the same place now says '%s', as if the app had restarted that "
				   "state.", activity_before && *activity_before ? activity_before : "same activity",
				   w->text, o->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "rotation");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(o));
	return true;
}

/* Oracles 1 and 2: trips that must keep the user's input. Returns 1 when the screen changed. */
int oracle_state_pass(const struct oracle_step *os)
{
	struct oracles_state *st = os->st;
	struct agent_env *env = os->env;
	struct device *dev = os->dev;
	const struct brain_screen *before = os->before, *after = os->after;
	int changed = 0;

	uint64_t key, phases = after->sig_abstract ^ 0x9ba5e5ull;
	bool status_only = false, skip_rotation = false, skip_background = false;

	oracle_note_placeholders(st, before, after);
	key = user_state_key(st, after);
	/* A screen without user state is rotated for its status texts: once per phase, a few phases. */
	if (!key && oracle_on(st, &oracle_kind_rotation) && (key = status_key(after)) != 0) {
		if (oracle_seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, false) == 0 &&
		    oracle_seen_count(&st->status_seen, &st->n_status, &st->alloc_status, phases, false) >=
			    STATUS_CHECKS_PER_SCREEN)
			return 0;
		status_only = true;
	}
	if (!key)
		return 0;
	if (oracle_seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, false) >= st->state_checks)
		return 0;
	if (!status_only) {
		skip_rotation = oracle_trip_spoils_state(st, after, "rotation");
		skip_background = oracle_trip_spoils_state(st, after, "background");
		if ((skip_rotation || !oracle_on(st, &oracle_kind_rotation)) &&
		    (skip_background || !oracle_on(st, &oracle_kind_background)))
			return 0;
	}
	if (status_only &&
	    oracle_seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, false) == 0)
		(void)oracle_seen_count(&st->status_seen, &st->n_status, &st->alloc_status, phases, true);
	(void)oracle_seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, true);
	if (oracle_on(st, &oracle_kind_rotation) && !skip_rotation) {
		struct action trig[2];
		struct shot s, pre;
		struct oracle_finding f;
		bool status_pre;

		/* Status texts are compared with the screen as it is just before the trip (another oracle's
		 * trip may have changed it since the step), as the recheck does; none when it moved. */
		memset(&pre, 0, sizeof(pre));
		status_pre = oracle_shot_take(dev, &pre) == TD_OK && pre.tree &&
			     ui_sig_abstract(pre.tree, pre.activity) == after->sig_abstract;
		if (status_only && !status_pre) {
			oracle_shot_release(&pre);
			return 0;
		}
		action_init(&trig[0]);
		action_init(&trig[1]);
		trig[0].type = ACTION_ROTATE;
		trig[0].rotation = 1;
		trig[1].type = ACTION_ROTATE;
		trig[1].rotation = 0;
		changed = 1;
		oracle_finding_init(&f);
		if (device_rotate(dev, 1) == TD_OK && device_rotate(dev, 0) == TD_OK && oracle_shot_take(dev, &s) == TD_OK) {
			bool copies = false;

			if (oracle_state_lost(after->tree, after->activity, s.tree, s.activity, "rotation", &f) ||
			    (copies = oracle_rows_duplicated(after->tree, after->activity, s.tree, s.activity,
							     "rotation", &f)) ||
			    (status_pre && oracle_status_lost(pre.tree, pre.activity, s.tree, s.activity, &f))) {
				char *ev = oracle_write_evidence(env, before->step, "rotation", &s);

				if (copies)
					oracle_note_copying_trip(st, after, &f, "rotation");
				oracle_report_finding(env, before->step, &f, trig, 2, ev);
				free(ev);
			}
			if (!status_only)
				oracle_note_wiped_input(st, after, pre.tree, s.tree, "rotation");
			oracle_shot_release(&s);
		}
		/* The trip is part of the run: later paths repeat it. */
		oracle_record_side_trip(env, before->step, oracle_kind_rotation.name, trig, 2);
		oracle_finding_release(&f);
		oracle_shot_release(&pre);
		(void)agent_env_trace(env, "oracle_check", cJSON_CreateObject());
	}
	if (oracle_on(st, &oracle_kind_background) && st->launcher && !status_only && !skip_background) {
		struct shot a, s;
		struct action trig[2];
		struct oracle_finding f;

		/* The screen as it is now (a rotation check or its replay may have moved it). */
		if (oracle_shot_take(dev, &a) != TD_OK)
			return 1;
		action_init(&trig[0]);
		action_init(&trig[1]);
		trig[0].type = ACTION_HOME;
		trig[1].type = ACTION_START_ACTIVITY;
		trig[1].uri = st->launcher;
		changed = 1;
		oracle_finding_init(&f);
		if (oracle_has_user_state(a.tree) && device_key(dev, DEVICE_KEY_HOME) == TD_OK &&
		    device_start_activity(dev, st->launcher) == TD_OK && oracle_shot_take(dev, &s) == TD_OK) {
			bool copies = false;

			if (oracle_state_lost(a.tree, a.activity, s.tree, s.activity, "Home and relaunch", &f) ||
			    (copies = oracle_rows_duplicated(a.tree, a.activity, s.tree, s.activity,
							     "Home and relaunch", &f))) {
				char *ev = oracle_write_evidence(env, before->step, "background", &s);

				if (copies)
					oracle_note_copying_trip(st, after, &f, "background");
				oracle_report_finding(env, before->step, &f, trig, 2, ev);
				free(ev);
			}
			oracle_note_wiped_input(st, after, a.tree, s.tree, "background");
			oracle_shot_release(&s);
			oracle_record_side_trip(env, before->step, oracle_kind_background.name, trig, 2);
		}
		oracle_finding_release(&f);
		oracle_shot_release(&a);
	}
	return changed;
}

bool oracle_state_recheck(const struct oracle_recheck *c, const char *what, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;
	const struct replay_screen *last, *pre;

	oracle_finding_init(f);
	if (n < 1)
		return false;
	last = &r->screens[n - 1];
	pre = n > c->trigger ? &r->screens[n - 1 - c->trigger] : &r->screens[0];
	return oracle_state_lost(pre->tree, pre->activity, last->tree, last->activity, what, f) ||
	       oracle_rows_duplicated(pre->tree, pre->activity, last->tree, last->activity, what, f) ||
	       (!strcmp(what, "rotation") && oracle_status_lost(pre->tree, pre->activity, last->tree, last->activity, f));
}

static bool rotation_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	return oracle_state_recheck(c, "rotation", f);
}

const struct oracle_kind oracle_kind_rotation = {
	.name = "rotation",
	.config_key = "oracles.rotation",
	.category = BUG_CAT_DATA_LOSS,
	.doc = "entered text or checked state lost after rotating to landscape and back",
	.evidence = "the screen after the trip and the fields lost",
	.flags = 0,
	.after_step = oracle_state_pass,
	.recheck = rotation_recheck,
	/* The last screen and the one before the trigger (oracle_state_recheck). */
	.reads = { .last = 1, .before_trigger = true },
};
