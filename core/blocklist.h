/*
 * blocklist.h - the user's blocklist: widgets and activities a run must never
 * act on ("Log out", "Delete account", "Pay"), as Fastbot's and Kea2's
 * blacklists do.
 *
 * A pattern is KIND:GLOB, or a bare GLOB meaning text:GLOB:
 *
 *   text:GLOB      the widget's text or content description, or that of a
 *                  widget inside it (a clickable row whose label says it)
 *   id:GLOB        the widget's resource-id, whole ("com.x:id/logout") or the
 *                  name after ":id/" ("logout")
 *   activity:GLOB  the activity, fully qualified ("com.x.PayActivity"),
 *                  relative to the package (".PayActivity") or its class
 *                  name ("PayActivity"): no widget on it is acted on and no
 *                  deep link or `am start` leads into it
 *
 * GLOB is a shell glob (`*`, `?`, `[...]`), matched case-insensitively
 * against the whole string with surrounding white space trimmed:
 * `text:log out` matches "Log out", `id:*delete*` any id holding "delete".
 * Patterns come from run.block in the configuration and `--block PATTERN`.
 * The agents' use of a blocklist (which actions it forbids) is in agents/.
 */
#ifndef TRIDENT_CORE_BLOCKLIST_H
#define TRIDENT_CORE_BLOCKLIST_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/ui.h"

#define BLOCKLIST_PATTERN_MAX 256

struct blocklist;

/*
 * Why `pattern` is not a valid blocklist pattern (malloc'd, caller frees),
 * or NULL when it is: empty, too long, an unknown KIND before the colon
 * ("txt:Log out"; a text holding a colon is written text:...), an empty GLOB
 * or an unclosed '['.
 */
char *blocklist_pattern_error(const char *pattern);

/* An empty blocklist. */
struct blocklist *blocklist_new(void);
void blocklist_free(struct blocklist *bl);

/*
 * Add a pattern. TD_ERR_CONFIG when it is invalid, the message naming
 * `where` (the option or "FILE: run.block[2]"), the pattern and the reason.
 */
int blocklist_add(struct blocklist *bl, const char *pattern, const char *where) TD_MUST_CHECK;

/* How many patterns it holds (0 for NULL). */
size_t blocklist_count(const struct blocklist *bl);
/* Pattern i as given. */
const char *blocklist_pattern(const struct blocklist *bl, size_t i);

/*
 * The first text: or id: pattern matching widget `w` itself, or (when
 * `inside` is true) a widget within it, up to 8 levels down; NULL when none.
 * The string belongs to the blocklist.
 */
const char *blocklist_match_widget(const struct blocklist *bl, const struct ui_widget *w, bool inside);

/*
 * The first activity: pattern matching `activity` ("pkg/.Act", "pkg/pkg.Act"
 * or "pkg.Act"; `package` resolves the relative forms, may be NULL); NULL
 * when none or when activity is NULL or empty.
 */
const char *blocklist_match_activity(const struct blocklist *bl, const char *activity, const char *package);

#endif
