/*
 * screen_text.h - the words a tester reads on a screen, for the prompts.
 *
 * The annotated widget list (annotate.h) names what can be acted on; the
 * evidence of most functional bugs is elsewhere: prices, totals, empty-state
 * messages, validation errors. This module gives
 *   - screen_row_text(): the context of a widget inside a list row or a
 *     clickable container ("Coffee beans · $12.50" for a row's "Add"), so
 *     that identical buttons in different rows can be told apart;
 *   - screen_text(): every visible text block that the widget list does not
 *     already show, one line per visual line, deduplicated.
 * Both read a parsed UIAutomator tree (ui.h) and never allocate on failure
 * paths other than through xalloc (which aborts).
 */
#ifndef TRIDENT_CORE_SCREEN_TEXT_H
#define TRIDENT_CORE_SCREEN_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/ui.h"

struct strbuf;

/*
 * The row that holds `w`: its nearest ancestor (or `w` itself) whose parent
 * is a list (RecyclerView, ListView, GridView), else its nearest clickable
 * ancestor within three levels. NULL when there is none.
 */
const struct ui_widget *screen_row_of(const struct ui_widget *w);

/*
 * The texts (text, else content-desc; password fields left out) of the
 * widgets inside `row`, in reading order, outside the subtree of `skip`
 * (may be NULL), joined with " · " and cut at `max` bytes on a UTF-8
 * boundary ("..." appended). Caller frees; "" when there is no text.
 */
char *screen_row_text(const struct ui_widget *row, const struct ui_widget *skip, size_t max);

/*
 * Append the visible text blocks of `tree` on `screen` (NULL: anywhere) that
 * the widget list does not show: texts that are not an actionable widget
 * (listed in `shown`, `n_shown` entries), not inside one, and not inside the
 * row of one (the row's texts are listed with its widgets). Blocks whose tops
 * are within `row_tolerance` px share one line, joined with " | ". A text
 * seen twice is listed once. Each line is cut at 160 bytes. Returns the
 * strbuf's sticky error (TD_ERR_TOO_BIG past its cap).
 */
int screen_text(const struct ui_tree *tree, const struct ui_rect *screen,
		const struct ui_widget *const *shown, size_t n_shown, int row_tolerance,
		struct strbuf *sb) TD_MUST_CHECK;

/*
 * A message the app put up that the dump shows: a dialog (the dump covers
 * only the dialog's window: its root is narrower than the screen) or a
 * snackbar (resource-id ending in "snackbar_text"). "dialog \"Remove this
 * card? · Cancel · Remove\"", "snackbar \"Saved\"", or NULL. Caller frees.
 */
char *screen_app_message(const struct ui_tree *tree);

#endif
