/*
 * audit_design.h - `trident audit --design DIR`: design consistency in the
 * manner of GUIPilot (seeds/000). DIR/design.json holds the mock-up screens
 * (a PNG and a widget list each: bounds, type, text; or a UIAutomator XML
 * of a prototype) and the designed process (screen A, an action on a
 * designed widget, the expected screen B). docs/audit.md has the format.
 *
 * Each reached screen is aligned with its mock-up by GUIPilot's widget
 * alignment (core/ui_align.h); with the design as the target (Eq. 5) a
 * score below audit.screen_threshold (0.73) means the app is not on that
 * screen: a process break when a designed action led there. Otherwise the
 * alignment's unmatched widgets are missing / extra, and each matched pair
 * is checked for a changed type, a changed text (similarity ratio below
 * audit.text_similarity, 0.95), a changed toggle state, and a position or
 * size off by more than audit.position_tolerance of the screen.
 *
 * The designed process is walked as a script (audit_design_walk): the
 * designed widget is found on the app's screen through the alignment pair,
 * else by the same text or description and type.
 */
#ifndef TRIDENT_AGENTS_AUDIT_DESIGN_H
#define TRIDENT_AGENTS_AUDIT_DESIGN_H

#include <stddef.h>

#include "agents/audit_script.h"
#include "core/error.h"

struct cJSON;
struct config;
struct audit_design;

/*
 * Load DIR/design.json and its screens. Errors name the file, the JSON path
 * and the reason (TD_ERR_PARSE), or the file that cannot be read
 * (TD_ERR_IO); TD_ERR_CONFIG for an out-of-range audit.* threshold.
 */
int audit_design_load(const char *dir, const struct config *cfg, struct audit_design **out) TD_MUST_CHECK;
void audit_design_free(struct audit_design *d);

/* The design screens' names (owned by the design). */
size_t audit_design_screen_names(const struct audit_design *d, const char *const **names);

/* Lend the design's screen check and widget finder to a script. */
void audit_design_attach(struct audit_design *d, struct audit_script *s);
/* The designed process as a script (already attached). Caller frees. */
struct audit_script *audit_design_walk(struct audit_design *d);

/*
 * The checks for audit.json (audit_report.h), one per designed screen
 * reached and, for a walk, one per designed transition: findings (class
 * "missing", "extra", "text", "type", "state", "position", "process"), the
 * design and app screenshots (design/NAME.png and steps/NNNN.png, relative
 * to the run directory) and the boxes to draw. A new array.
 */
struct cJSON *audit_design_checks(const struct audit_design *d, bool walk);
/* How many inconsistencies were found (process breaks included). */
int audit_design_inconsistencies(const struct audit_design *d);

/* Copy the design PNGs into RUN_DIR/design/ for audit.html. TD_ERR_IO naming the file. */
int audit_design_copy_pngs(const struct audit_design *d, const char *run_dir) TD_MUST_CHECK;

#endif
