/*
 * brain_hybrid.c - the "hybrid" brain kind: the offline policy explores, the
 * model is asked only where its knowledge pays (LLM-Explorer's lesson: use
 * the model for knowledge, not for every action).
 *
 *   Explorer  the offline brain (offline_brain.c) chooses every action and
 *             names the functionality, except:
 *             - a form with an empty free-text field whose kind input_gen
 *               cannot tell (a note, a description): one text-only request
 *               per form (activity and fields; prompts/form_values.md) for
 *               realistic values, each typed the first time the policy
 *               types into its field (later entries keep the policy's
 *               values and probes);
 *             - the screen did not change for agents.hybrid_stuck_steps
 *               steps, or the screen is new and has at least
 *               agents.hybrid_new_screen_widgets widgets: the model Explorer
 *               (explorer.md, without the merged inquiry) picks the action.
 *               A refused or failed model answer falls back to the offline
 *               choice at once (no retries).
 *             The offline policy learns from the model's picks as from its
 *             own (offline_policy_adopt()), so they add to its coverage.
 *   Monitor   the offline monitor (no model).
 *   Detector  the model Detector (detector.md): every finished
 *             functionality is judged, consecutive short ones together
 *             (agents.hybrid_detector_batch_steps), with one strip image.
 * History, plugins (oracles, escapes, confirmation) and reports are shared
 * with every other kind.
 */
#include <stdlib.h>
#include <string.h>

#include "agents/brain.h"
#include "agents/brain_llm.h"
#include "agents/input_gen.h"
#include "core/config.h"
#include "core/log.h"
#include "core/xalloc.h"

/* A value the model gave for one field (activity, id and hint), typed once. */
struct form_value {
	uint64_t field;
	char *text;
};

struct hybrid_explorer {
	struct explorer_brain *offline, *model;
	uint64_t *seen;          /* abstract screens met so far */
	size_t n_seen, alloc_seen;
	uint64_t *ids;           /* widget ids met so far, with their activity (new_in_kind) */
	size_t n_ids, alloc_ids;
	uint64_t *asked_forms;   /* forms (form_key) whose values were asked */
	size_t n_forms, alloc_forms;
	struct form_value *values; /* the model's values not typed yet */
	size_t n_values, alloc_values;
	uint64_t last_text;      /* the previous screen's text signature */
	int unchanged;           /* steps in a row on an unchanged screen */
	int stuck_steps, new_screen_widgets;
	bool last_from_model;        /* the last answer was the model's, not the offline policy's */
};

static bool sig_in(const uint64_t *v, size_t n, uint64_t sig)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == sig)
			return true;
	return false;
}

static void free_values(struct hybrid_explorer *st)
{
	for (size_t i = 0; i < st->n_values; i++)
		free(st->values[i].text);
	free(st->values);
	st->values = NULL;
	st->n_values = 0;
}

/* FNV-1a over a string, continuing from h (a field's or a form's identity). */
static uint64_t hash_str(uint64_t h, const char *str)
{
	for (; str && *str; str++) {
		h ^= (unsigned char)*str;
		h *= 1099511628211ull;
	}
	h ^= 0xff;
	h *= 1099511628211ull;
	return h;
}

/* A field's identity: its activity, id and hint (its text changes as it is typed into). */
static uint64_t field_key(const struct brain_screen *s, const struct ui_widget *w)
{
	return hash_str(hash_str(hash_str(14695981039346656037ull, s->activity), w->resource_id), w->hint);
}

/*
 * A form's identity: its activity and its fields, so that the same form
 * showing an error line (another abstract screen) is not asked about again.
 */
static uint64_t form_key(const struct brain_screen *s)
{
	uint64_t h = hash_str(14695981039346656037ull, s->activity);

	for (size_t i = 0; i < s->n_widgets; i++)
		if (s->widgets[i].actions & UI_ACT_INPUT)
			h = hash_str(hash_str(h, s->widgets[i].w->resource_id), s->widgets[i].w->hint);
	return h ? h : 1;
}

/*
 * Whether the offline policy cannot fill field w knowingly: free text whose
 * kind input_gen cannot tell (a note, a description, a comment). Emails,
 * numbers, dates, names, titles, passwords and the other kinds it
 * recognises get field-aware values (and probes) without the model.
 */
static bool needs_model_value(const struct brain_widget *bw)
{
	const struct ui_widget *w = bw->w;
	return (bw->actions & UI_ACT_INPUT) && !w->password && input_gen_kind(w) == INPUT_KIND_TEXT;
}

/* Whether the screen has such a field, still empty (or showing its hint). */
static bool needs_model_values(const struct brain_screen *s)
{
	for (size_t i = 0; i < s->n_widgets; i++) {
		const struct ui_widget *w = s->widgets[i].w;
		if (needs_model_value(&s->widgets[i]) && (!w->text[0] || !strcmp(w->text, w->hint)))
			return true;
	}
	return false;
}

/*
 * Whether a screen not seen before (abstract signature) is new in kind: at
 * least half of its distinct widget ids (class when there is none) were
 * never seen in its activity. A list with more rows, a scrolled page
 * showing two more buttons, a row ticked or an error line is another
 * abstract screen of a known kind: the model's pick there would add nothing
 * it did not add on the first (todo's list asked the model again for each
 * of its variants). Remembers the screen's ids.
 */
static bool new_in_kind(struct hybrid_explorer *st, const struct brain_screen *s)
{
	uint64_t act = hash_str(14695981039346656037ull, s->activity);
	uint64_t *ids = xcalloc(s->n_widgets + 1, sizeof(*ids));
	size_t n = 0, fresh = 0;

	for (size_t i = 0; i < s->n_widgets; i++) {
		const struct ui_widget *w = s->widgets[i].w;
		uint64_t k = hash_str(act, w->resource_id[0] ? w->resource_id : w->class_name);
		bool dup = false;
		for (size_t j = 0; j < n && !dup; j++)
			dup = ids[j] == k;
		if (!dup)
			ids[n++] = k;
	}
	for (size_t i = 0; i < n; i++) {
		if (sig_in(st->ids, st->n_ids, ids[i]))
			continue;
		fresh++;
		st->ids = xgrow(st->ids, &st->alloc_ids, st->n_ids + 1, sizeof(*st->ids));
		st->ids[st->n_ids++] = ids[i];
	}
	free(ids);
	return n && fresh * 2 >= n;
}

/* Ask the model for a form's values once per form (activity and fields). */
static void ask_form_values(struct hybrid_explorer *st, struct agent_env *env, const struct brain_screen *s)
{
	char **values = NULL;
	uint64_t form = form_key(s);
	int err;

	if (sig_in(st->asked_forms, st->n_forms, form))
		return;
	st->asked_forms = xgrow(st->asked_forms, &st->alloc_forms, st->n_forms + 1, sizeof(*st->asked_forms));
	st->asked_forms[st->n_forms++] = form;
	err = brain_llm_form_values(env, s, &values);
	if (err != TD_OK) {
		log_info("step %d: no form values from the model: %s", s->step, td_errmsg(err));
		return;
	}
	for (size_t i = 0; i < s->n_widgets; i++) {
		const struct brain_widget *bw = &s->widgets[i];
		if (bw->number < 0 || (size_t)bw->number > s->n_widgets || !values[bw->number] ||
		    !needs_model_value(bw))
			continue;
		st->values = xgrow(st->values, &st->alloc_values, st->n_values + 1, sizeof(*st->values));
		st->values[st->n_values].field = field_key(s, bw->w);
		st->values[st->n_values++].text = values[bw->number];
		values[bw->number] = NULL;
	}
	for (size_t i = 0; i <= s->n_widgets; i++)
		free(values[i]);
	free(values);
}

/* The model's value for the field the action types into, taken (NULL when none). */
static char *take_value(struct hybrid_explorer *st, const struct brain_screen *s, const struct action *a)
{
	const struct brain_widget *bw = brain_screen_widget(s, a->widget);
	uint64_t k;

	if (!bw)
		return NULL;
	k = field_key(s, bw->w);
	for (size_t i = 0; i < st->n_values; i++) {
		if (st->values[i].field == k) {
			char *text = st->values[i].text;
			st->values[i] = st->values[--st->n_values];
			return text;
		}
	}
	return NULL;
}

static int hybrid_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
			 const struct brain_hints *hints, const char *feedback, struct action *out,
			 struct step_note *note)
{
	struct hybrid_explorer *st = b->state;
	bool new_screen = !sig_in(st->seen, st->n_seen, s->sig_abstract), ask = false;
	int err;

	if (new_screen) {
		st->seen = xgrow(st->seen, &st->alloc_seen, st->n_seen + 1, sizeof(*st->seen));
		st->seen[st->n_seen++] = s->sig_abstract;
		new_screen = new_in_kind(st, s);
	}
	st->unchanged = s->sig_text == st->last_text ? st->unchanged + 1 : 0;
	st->last_text = s->sig_text;
	/* A refused offline choice (the user's blocklist) is the offline policy's to avoid. */
	err = st->offline->choose(st->offline, env, s, hints, feedback && !st->last_from_model ? feedback : NULL,
				  out, note);
	st->last_from_model = false;
	if (err != TD_OK)
		return err;
	/* A refused model answer: take the offline choice (no second request). */
	if (feedback)
		return TD_OK;
	if (s->in_app && needs_model_values(s))
		ask_form_values(st, env, s);
	/* Stuck: the policy's actions stopped changing the screen. A Back the
	 * policy chose by weight is no sign of being stuck: it is how the policy
	 * leaves an explored screen for the rest of the app, and a model pick
	 * in its place kept the run on that screen (fewer screens than offline). */
	if (s->in_app && st->unchanged >= st->stuck_steps)
		ask = true;
	if (s->in_app && new_screen && (int)s->n_widgets >= st->new_screen_widgets)
		ask = true;
	if (ask) {
		struct action model;
		struct step_note ignored = { 0 };
		action_init(&model);
		if (st->model->choose(st->model, env, s, hints, NULL, &model, &ignored) == TD_OK &&
		    model.type != ACTION_NONE) {
			action_release(out);
			*out = model;
			st->unchanged = 0;
			st->last_from_model = true;
		} else {
			action_release(&model);
		}
		step_note_release(&ignored);
	}
	/* Type the model's value the first time the field is typed into; later
	 * entries keep the offline policy's values and its probes (invalid and
	 * boundary inputs), whose validation errors are screens of their own. */
	if (out->type == ACTION_INPUT) {
		char *text = take_value(st, s, out);
		if (text) {
			free(out->text);
			out->text = text;
		}
	}
	return TD_OK;
}

static void hybrid_observe(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *before,
			   const struct action *done, const struct brain_screen *after)
{
	struct hybrid_explorer *st = b->state;
	if (st->offline->observe)
		st->offline->observe(st->offline, env, before, done, after);
}

static void hybrid_free(struct explorer_brain *b)
{
	struct hybrid_explorer *st = b->state;
	if (st->offline)
		st->offline->free(st->offline);
	if (st->model)
		st->model->free(st->model);
	free_values(st);
	free(st->seen);
	free(st->ids);
	free(st->asked_forms);
	free(st);
	free(b);
}

static int hybrid_explorer_new(struct agent_env *env, struct explorer_brain **out)
{
	const struct brain_kind *offline = brain_kind_find("offline");
	const struct config *cfg = agent_env_config(env);
	struct hybrid_explorer *st = xcalloc(1, sizeof(*st));
	struct explorer_brain *b = xcalloc(1, sizeof(*b));
	int err;

	*out = NULL;
	b->name = "hybrid";
	b->state = st;
	b->choose = hybrid_choose;
	b->observe = hybrid_observe;
	b->free = hybrid_free;
	st->stuck_steps = (int)config_int(cfg, "agents.hybrid_stuck_steps");
	st->new_screen_widgets = (int)config_int(cfg, "agents.hybrid_new_screen_widgets");
	if (st->stuck_steps < 1 || st->new_screen_widgets < 1) {
		hybrid_free(b);
		return td_error(TD_ERR_CONFIG, "agents.hybrid_stuck_steps and agents.hybrid_new_screen_widgets must be >= 1");
	}
	if (!offline || !offline->new_explorer) {
		hybrid_free(b);
		return td_error(TD_ERR_CONFIG, "the hybrid brain needs the offline brain, which is not compiled in");
	}
	err = offline->new_explorer(env, &st->offline);
	if (err == TD_OK)
		err = brain_llm_explorer_new(env, false, &st->model);
	if (err != TD_OK) {
		hybrid_free(b);
		return err;
	}
	*out = b;
	return TD_OK;
}

static int hybrid_monitor_new(struct agent_env *env, struct monitor_brain **out)
{
	const struct brain_kind *offline = brain_kind_find("offline");
	if (!offline || !offline->new_monitor)
		return brain_activity_monitor_new(env, out);
	return offline->new_monitor(env, out);
}

/* The Detector: the model's, with one strip image, judging short functionalities in batches. */
static int hybrid_detector_new(struct agent_env *env, struct detector_brain **out)
{
	return brain_llm_detector_new(env, 1,
				      (int)config_int(agent_env_config(env), "agents.hybrid_detector_batch_steps"), true,
				      out);
}

const struct brain_kind brain_kind_hybrid = {
	.name = "hybrid",
	.summary = "the offline policy explores; the model judges every functionality, fills forms, and "
		   "chooses only when the policy is stuck or a screen is new and rich",
	.needs_llm = true,
	.new_explorer = hybrid_explorer_new,
	.new_monitor = hybrid_monitor_new,
	.new_detector = hybrid_detector_new,
};
