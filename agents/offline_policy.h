/*
 * offline_policy.h - the offline Explorer's choice of the next action, with
 * no model: Genie's systematic event selection (seeds 003 §3.2/§4).
 *
 * Every (abstract state, action type, widget) is an event. Each event has a
 * weight Υ, initially 100, and an execution count, initially 1. After every
 * step the weights of all known events are updated with Genie's formula
 *
 *     Υ'(e) = (Υ(e) + Σ Υ(new_events(e))) / exec_times(e)²
 *
 * where new_events(e) are the events found on the screen e last led to, and
 * the event with the largest weight on the current screen is chosen. On top:
 *  - widgets never tried in the current functionality get a bonus
 *    (`untried_bonus`, a factor);
 *  - after text was typed on a screen, confirm-like buttons ("Save", "OK",
 *    "Add") get a bonus (Genie's motif events);
 *  - with probability `epsilon` a uniformly random event is taken instead;
 *  - Back is an event too, with a lower initial weight;
 *  - events can be blocked on a screen (tarpit recovery, seeds 002).
 * When the screen has not changed for `stuck_limit` steps the policy answers
 * Back, and if that does not help, a restart.
 *
 * The "random" brain (monkey-like baseline) uses offline_policy_random().
 *
 * Not thread-safe: one Explorer owns one policy.
 */
#ifndef TRIDENT_AGENTS_OFFLINE_POLICY_H
#define TRIDENT_AGENTS_OFFLINE_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/action.h"
#include "core/error.h"
#include "core/ui.h"

struct config;
struct offline_policy;

struct offline_policy_params {
	double init_weight;    /* Υ1 (Genie: 100) */
	double back_weight;    /* initial Υ of the Back event */
	double untried_bonus;  /* factor for widgets untried in this functionality */
	double motif_bonus;    /* factor for confirm buttons after typing */
	bool form_first;       /* fill a form's empty fields before anything else on it */
	bool breadth;          /* forms reached again keep earlier values; a walk without new screens restarts */
	bool repeat_damping;   /* a widget pressed again and again on one page family starts lighter on its new screens (on) */
	bool settings_first;   /* an untried Settings / Preferences item weighs twice the untried bonus */
	double epsilon;        /* probability of a random pick */
	int stuck_limit;       /* unchanged screens before Back / restart */
	double probe_share;    /* share of inputs into an already filled field that probe (input_gen_probe) */
	bool probe_submit;     /* a probe typed on a form with a confirm is submitted by the next action (off) */
	bool probe_taken;      /* a name field's second probe types a name its list shows (off) */
	bool probe_one;        /* at most one field of a form probed per visit, the others valid */
	bool back_probe;       /* Back at once on a page a list's row opened, once per list and kind of page */
	bool keypad_finish;    /* on a calculator keypad, an operator pressed is followed by a digit and "=" */
	bool long_probe;       /* a long press on one row of a list whose rows answer one, once per list and kind of page */
	bool edit_finish;      /* an item's Edit opening a filled form: one field changed to a valid value, then its confirm */
	unsigned seed;
};

/* Defaults (the same values as configs/default.json "offline"). */
void offline_policy_params_default(struct offline_policy_params *p);
/* From config keys offline.* and run.seed (cfg NULL: defaults). TD_ERR_CONFIG on a bad range. */
int offline_policy_params_from_config(struct offline_policy_params *p, const struct config *cfg) TD_MUST_CHECK;

struct offline_policy *offline_policy_new(const struct offline_policy_params *p);
void offline_policy_free(struct offline_policy *pol);

/*
 * The candidate actions on a screen, in document order: input for editable
 * fields, check for checkables, click / long-click / scroll for the rest,
 * innermost widget when nested widgets share an action. System UI
 * (com.android.systemui) is skipped. *out is malloc'd (action_release each,
 * then free); returns the count.
 */
size_t offline_candidates(const struct ui_tree *t, struct action **out);

/* A stable key for an action on a screen with abstract signature `state`. */
uint64_t offline_event_key(uint64_t state, const struct action *a);

/*
 * Choose the next action for the screen `t` (abstract signature `state`,
 * text signature `text_sig`), within `functionality` (may be NULL).
 * `in_app` false: the app is not in the foreground (answers Back, then
 * restart). *out is initialised and filled; `a->reason` says why.
 */
void offline_policy_choose(struct offline_policy *pol, const struct ui_tree *t, uint64_t state,
			   uint64_t text_sig, const char *functionality, bool in_app,
			   struct action *out);

/*
 * Tell the policy that its last chosen action led to screen `t` (abstract
 * signature `state`; `in_app` false when it left the app, which marks the
 * event as exiting: its weight is then cut to 1%). Updates the weights
 * with Genie's formula.
 */
void offline_policy_observe(struct offline_policy *pol, const struct ui_tree *t, uint64_t state, bool in_app);

/*
 * The action performed on screen `t` (abstract signature `state`) was not
 * the one the policy chose last but `done` (another brain's pick, e.g. the
 * hybrid brain's model), on node `node` of `t` (-1: no widget). Takes back
 * the marks the policy's own choice left (untried bonus, typed field,
 * filled field) and makes `done` the event the next offline_policy_observe()
 * credits, marked tried as if the policy had chosen it. A `done` that is no
 * candidate on `t` (wait, deep link) leaves no event to credit.
 */
void offline_policy_adopt(struct offline_policy *pol, const struct ui_tree *t, uint64_t state, int node,
			  const struct action *done);

/* Never choose event `event_key` again (tarpit recovery). */
void offline_policy_block(struct offline_policy *pol, uint64_t event_key);
/* Whether an event is blocked. */
bool offline_policy_blocked(const struct offline_policy *pol, uint64_t event_key);
/* The weight of an event (init_weight when unknown). For tests and traces. */
double offline_policy_weight(const struct offline_policy *pol, uint64_t event_key);
/* How many distinct events the policy knows. */
size_t offline_policy_n_events(const struct offline_policy *pol);
/* The key of the event chosen last (0 before the first choice). */
uint64_t offline_policy_last_event(const struct offline_policy *pol);
/* Forget the stuck counter (after an external intervention such as a restart). */
void offline_policy_reset_stuck(struct offline_policy *pol);

/*
 * Monkey-like baseline: a uniformly random candidate (90%) or Back (10%),
 * from the policy's seeded generator. Typed text is 1-12 random letters,
 * digits and punctuation, as Monkey's key events would type: it knows
 * nothing of what a field expects.
 */
void offline_policy_random(struct offline_policy *pol, const struct ui_tree *t, bool in_app,
			   struct action *out);

#endif
