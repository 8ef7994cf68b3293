/*
 * audit_script.h - `trident audit --script FILE`: a developer's scripted
 * check of one functionality, run by the ordinary run machinery.
 *
 * A script is JSON (docs/audit.md has the full format):
 *
 *   {"name": "add a note",
 *    "steps": [
 *      {"click": {"desc": "New note"}},
 *      {"type": "Milk", "into": {"hint": "Title"}},
 *      {"click": "Save"},
 *      {"assert": "rows", "text": "Milk", "count": 1},
 *      {"assert": "shown", "text": "Notes: 3"},
 *      {"assert": "not_shown", "text": "Title is required"},
 *      {"assert": "toggle_on", "target": {"id": "large_text"}},
 *      {"assert": "screen", "design": "main"}]}
 *
 * Actions address widgets by text, content description, hint or
 * resource-id (a bare string matches any of them); assertions look at the
 * screen reached after the actions before them. The script becomes the
 * Explorer's brain (audit_script_brain_new), so every plugin (all the
 * deterministic oracles) runs along the way exactly as in `explore`.
 */
#ifndef TRIDENT_AGENTS_AUDIT_SCRIPT_H
#define TRIDENT_AGENTS_AUDIT_SCRIPT_H

#include <stdbool.h>

#include "agents/brain.h"
#include "core/error.h"

struct cJSON;
struct audit_script;

/*
 * Load and validate a script. Every error names the file, the JSON path and
 * the reason ("add.json: steps[2].into: expected a string or an object with
 * text, desc, hint or id"); TD_ERR_IO when unreadable, TD_ERR_PARSE when
 * invalid. `design_screens` (may be NULL: no --design) lists the screens a
 * "screen" assertion may name; without it such an assertion is an error.
 */
int audit_script_load(const char *path, const char *const *design_screens, size_t n_design_screens,
		      struct audit_script **out) TD_MUST_CHECK;
void audit_script_free(struct audit_script *s);

/* The script's "name" (its file name when it has none). */
const char *audit_script_name(const struct audit_script *s);
/* How many device actions the script performs (the run's step budget). */
int audit_script_actions(const struct audit_script *s);

/*
 * What a design (--design, agents/audit_design.h) lends a script:
 * screen_check() compares the screen with design screen `design`: 1 when it
 * matches, 0 when it is that screen with inconsistencies, -2 when the app is
 * not on that screen at all (a process break); `path` is the assertion's
 * step ("process[2]", "steps[4]"); *why says what differs
 * (caller frees). find_widget() finds the app widget for designed widget
 * `widget` of design screen `screen` on `s`, or NULL with *why.
 */
struct audit_design_hooks {
	int (*screen_check)(void *ctx, const char *design, const char *path, const struct brain_screen *s,
			    char **why);
	const struct ui_widget *(*find_widget)(void *ctx, const char *screen, const char *widget,
					       const struct brain_screen *s, char **why);
	void *ctx;
};
void audit_script_set_design(struct audit_script *s, const struct audit_design_hooks *hooks);

/* An empty script named `name` (a design walk appends its steps). */
struct audit_script *audit_script_new(const char *name);
/*
 * Append "the screen matches design screen `design`"; with stop_on_break a
 * process break (the app is elsewhere) skips the rest of the script up to
 * the next restart (audit_script_add_restart), or to its end. `path` names the
 * step in messages ("process[2]").
 */
void audit_script_add_screen(struct audit_script *s, const char *design, const char *path, bool stop_on_break);
/*
 * Append an action (click, long_click, check, input with `text`) on the
 * designed widget `widget` of design screen `screen`.
 */
void audit_script_add_design_action(struct audit_script *s, enum action_type type, const char *screen,
				    const char *widget, const char *text, const char *path);
/* Append a restart of the app (force-stop, launch) that begins a new chain of steps. */
void audit_script_add_restart(struct audit_script *s, const char *path);

/*
 * The Explorer brain that performs the script: each choose() returns the
 * next scripted action aimed at the widget found on the screen; assertions
 * are checked on the screen each action leads to. When the script ends, or
 * an action's widget is not on the screen (that step fails, the rest is
 * skipped), the brain asks the run to stop. The script must outlive the
 * brain; the run owns the brain.
 */
int audit_script_brain_new(struct audit_script *s, struct explorer_brain **out) TD_MUST_CHECK;

/*
 * The outcome, one object per assertion and per failed or skipped action:
 * {"kind": "assert"|"action", "path": "steps[3]", "name": "rows \"Milk\" == 1",
 *  "status": "pass"|"fail"|"skipped", "message": "...", "step": N}
 * (step: the run step whose screen was checked). A new array; caller deletes.
 */
struct cJSON *audit_script_results(const struct audit_script *s);
/* Whether every assertion passed and every action found its widget. */
bool audit_script_passed(const struct audit_script *s);

#endif
