/*
 * brain_hybrid.c - the "hybrid" brain kind: the offline policy explores, the
 * model is asked only where its knowledge pays (LLM-Explorer's lesson: use
 * the model for knowledge, not for every action).
 *
 *   Explorer  the offline brain (offline_brain.c) chooses every action and
 *             names the functionality, except:
 *             - a screen with empty input fields not seen before: one
 *               text-only request (prompts/form_values.md) for realistic
 *               values, which the offline policy's inputs then type;
 *             - the offline policy is stuck (it answers Back/restart inside
 *               the app, or the screen did not change for
 *               agents.hybrid_stuck_steps steps), or the screen is new and
 *               has at least agents.hybrid_new_screen_widgets untried widgets:
 *               the model Explorer (explorer.md, without the merged
 *               inquiry) picks the action. A refused or failed model answer
 *               falls back to the offline choice at once (no retries).
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
#include "core/config.h"
#include "core/log.h"
#include "core/xalloc.h"

struct hybrid_explorer {
	struct explorer_brain *offline, *model;
	uint64_t *seen;          /* abstract screens met so far */
	size_t n_seen, alloc_seen;
	uint64_t *asked_forms;   /* abstract screens whose form values were asked */
	size_t n_forms, alloc_forms;
	char **values;           /* the model's values for the current form, by widget number */
	size_t n_values;
	uint64_t values_sig;
	uint64_t last_text;      /* the previous screen's text signature */
	int unchanged;           /* steps in a row on an unchanged screen */
	int stuck_steps, new_screen_widgets;
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
		free(st->values[i]);
	free(st->values);
	st->values = NULL;
	st->n_values = 0;
}

/* Whether the screen has an empty text field. */
static bool has_empty_field(const struct brain_screen *s)
{
	for (size_t i = 0; i < s->n_widgets; i++) {
		const struct ui_widget *w = s->widgets[i].w;
		if ((s->widgets[i].actions & UI_ACT_INPUT) && !w->password && (!w->text[0] || !strcmp(w->text, w->hint)))
			return true;
	}
	return false;
}

/* Ask the model for the form's values once per abstract screen. */
static void ask_form_values(struct hybrid_explorer *st, struct agent_env *env, const struct brain_screen *s)
{
	char **values = NULL;
	int err;

	if (sig_in(st->asked_forms, st->n_forms, s->sig_abstract))
		return;
	st->asked_forms = xgrow(st->asked_forms, &st->alloc_forms, st->n_forms + 1, sizeof(*st->asked_forms));
	st->asked_forms[st->n_forms++] = s->sig_abstract;
	err = brain_llm_form_values(env, s, &values);
	if (err != TD_OK) {
		log_info("step %d: no form values from the model: %s", s->step, td_errmsg(err));
		return;
	}
	free_values(st);
	st->values = values;
	st->n_values = s->n_widgets + 1;
	st->values_sig = s->sig_abstract;
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
	}
	st->unchanged = s->sig_text == st->last_text ? st->unchanged + 1 : 0;
	st->last_text = s->sig_text;
	err = st->offline->choose(st->offline, env, s, hints, NULL, out, note);
	if (err != TD_OK)
		return err;
	/* A refused model answer: take the offline choice (no second request). */
	if (feedback)
		return TD_OK;
	if (s->in_app && has_empty_field(s))
		ask_form_values(st, env, s);
	if (s->in_app && (out->type == ACTION_BACK || out->type == ACTION_RESTART || st->unchanged >= st->stuck_steps))
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
		} else {
			action_release(&model);
		}
		step_note_release(&ignored);
	}
	/* Type the model's value for this field when it gave one. */
	if (out->type == ACTION_INPUT && st->values && st->values_sig == s->sig_abstract && out->widget > 0 &&
	    (size_t)out->widget < st->n_values && st->values[out->widget]) {
		free(out->text);
		out->text = xstrdup(st->values[out->widget]);
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
