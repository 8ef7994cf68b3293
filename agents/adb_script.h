/*
 * adb_script.h - a bug's reproduction path as plain `adb shell` commands,
 * for people without trident (bugs.json "adb_commands", report.html).
 *
 * From a clean start (force-stop, pm clear, portrait, launch by am start
 * -n), each step becomes commands a person pastes into a terminal: input
 * tap X Y, input swipe for long presses and scrolls, input text (spaces as
 * %s, quoted twice: once for the device's shell, once for the local one),
 * input keyevent, settings put system user_rotation, am start. Every
 * argument that reaches a shell is quoted. A login script is not part of
 * the commands (a comment says when the run used one).
 */
#ifndef TRIDENT_AGENTS_ADB_SCRIPT_H
#define TRIDENT_AGENTS_ADB_SCRIPT_H

struct cJSON;
struct strbuf;

/*
 * The commands for the JSON form of one bug (its "steps", as in bugs.json)
 * of app `package` started by `launcher` (an am start -n component; NULL:
 * by monkey's launcher intent). A new array of strings (cJSON_Delete it);
 * NULL when package is NULL or empty.
 */
struct cJSON *adb_script_for_bug(const struct cJSON *bug, const char *package, const char *launcher);

/* Append s as one POSIX shell word (single-quoted unless it is plainly safe). */
void adb_script_shell_word(struct strbuf *sb, const char *s);

#endif
