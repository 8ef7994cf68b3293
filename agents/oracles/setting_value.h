/*
 * setting_value.h - the setting oracle's check of "Label: value" selectors
 * on settings pages (setting_value.c), used by setting.c only.
 */
#ifndef TRIDENT_AGENTS_ORACLES_SETTING_VALUE_H
#define TRIDENT_AGENTS_ORACLES_SETTING_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/ui.h"

struct action;
struct oracle_finding;
struct setting_values;

/* known(label): whether the caller reads a selector so labelled itself (it is left alone here). */
struct setting_values *setting_values_new(bool (*known)(const char *label));
void setting_values_free(struct setting_values *v);
/* Forget every value (a cleared restart). */
void setting_values_forget(struct setting_values *v);
/*
 * Feed the screen after step `done` (in the app), `page` its oracle_revisit_key:
 * learn a settings page's selectors, or judge another page against the
 * values changed; true with *f filled on a page that still follows a
 * value changed.
 */
bool setting_values_step(struct setting_values *v, const struct ui_tree *t, const char *activity, uint64_t page,
			 const struct action *done, struct oracle_finding *f);
/*
 * After a change: the pages to see again (at most max) into pages, and the
 * changed selector's label into *label (valid while v lives, until the
 * next walk is asked for); 0 when no change asks for a walk. Taken once per
 * change.
 */
size_t setting_values_revisit(struct setting_values *v, uint64_t pages[], size_t max, const char **label);

#endif
