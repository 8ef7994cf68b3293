/*
 * login.h - login / precondition scripts: a JSON list of actions addressed
 * by widget text or resource-id, run after every app start and restart
 * (config offline.login, CLI --login FILE), and before every replay.
 *
 *   [{"type": "input", "resource_id": "com.x:id/user", "text": "alice"},
 *    {"type": "input", "widget_text": "Password", "text": "secret"},
 *    {"type": "click", "widget_text": "Log in"}]
 *
 * Each action is resolved on the current screen (action_resolve: text and
 * resource-id first, coordinates as a fallback). When the first action's
 * widget is not on the screen the script is skipped (already logged in).
 */
#ifndef TRIDENT_AGENTS_LOGIN_H
#define TRIDENT_AGENTS_LOGIN_H

#include <stddef.h>

#include "agents/action.h"
#include "core/error.h"
#include "device/device.h"

struct login_script {
	struct action *actions;
	size_t n;
};

/* Parse a script (a JSON array of actions). TD_ERR_PARSE naming `name` and the index. */
int login_script_parse(const char *text, size_t len, const char *name, struct login_script **out) TD_MUST_CHECK;
/* Read and parse a file. TD_ERR_NOT_FOUND / TD_ERR_PARSE naming the file. */
int login_script_load(const char *path, struct login_script **out) TD_MUST_CHECK;
void login_script_free(struct login_script *s);

/*
 * Run the script on the app `package` now in the foreground. *ran (may be
 * NULL) says how many actions were performed (0: skipped, already past the
 * login). TD_ERR_NOT_FOUND naming the action when a later widget is missing.
 */
int login_script_run(const struct login_script *s, struct device *dev, const char *package,
		     size_t *ran) TD_MUST_CHECK;

/*
 * Capture the screen and point `a` at its widget (action_resolve); returns
 * false when the action targets a widget that is not there. Global actions
 * are always true. Used by the login runner and by replays.
 */
int login_resolve_on_screen(struct device *dev, struct action *a, bool *found) TD_MUST_CHECK;

#endif
