/*
 * device_parse.h - the device layer's pure functions: building shell command
 * lines (quoting, `input text` encoding) and parsing what Android prints
 * (wm size, dumpsys, am start -W, adb devices -l, uiautomator, pm, monkey,
 * logcat crash buffer). No I/O here, so every format is unit-tested
 * (tests/unit/test_adb_parse.c) and both backends share the code.
 */
#ifndef TRIDENT_DEVICE_DEVICE_PARSE_H
#define TRIDENT_DEVICE_DEVICE_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/strbuf.h"

struct device_info;

/*
 * Append `arg` quoted for `sh -c`: left bare when it is made only of
 * [A-Za-z0-9_./:=@%+,-] (and not empty), else in single quotes with every
 * ' written as '\''.
 */
int device_parse_quote_sh(struct strbuf *sb, const char *arg) TD_MUST_CHECK;
/* Quote each of the NULL-terminated argv and join with spaces. */
int device_parse_join_argv(struct strbuf *sb, const char *const argv[]) TD_MUST_CHECK;

/*
 * The shell command line that types exactly `text` with `input text`.
 *
 * Rule: `input text` maps characters through the virtual keyboard's key map,
 * which covers printable ASCII (0x20-0x7e) only; it turns "%s" into a space.
 * So: spaces are written as %s; a literal "%s" in `text` is sent as two
 * `input text` commands split between '%' and 's' (joined with &&), which
 * types exactly those characters; any other byte (control characters such
 * as newline or tab, and all non-ASCII/UTF-8) is refused with
 * TD_ERR_UNSUPPORTED naming the character and its offset. Each argument is
 * quoted for sh -c. Empty text gives an empty command line.
 */
int device_parse_input_text_cmd(struct strbuf *cmd, const char *text) TD_MUST_CHECK;
/* What Android's `input text` does to its argument (the %s rule), for tests. */
char *device_parse_input_text_decode(const char *arg);

/* `wm size`: the Override size when present, else the Physical size. */
int device_parse_wm_size(const char *text, int *width, int *height) TD_MUST_CHECK;

/*
 * Foreground activity from `dumpsys activity activities` or `dumpsys window`
 * output: the first of mResumedActivity, topResumedActivity, ResumedActivity,
 * mCurrentFocus, mFocusedApp that names a component. *package and *activity
 * are malloc'd ("com.x" and "com.x/.Main"). A focused window that is not an
 * activity (e.g. "Application Error: com.x") gives that package and an
 * activity of "". TD_ERR_NOT_FOUND when no line matches.
 */
int device_parse_foreground(const char *text, char **package, char **activity) TD_MUST_CHECK;

/* The answer of `am start -W`. */
struct device_am_result {
	bool ok;          /* "Status: ok" and no Error/Exception */
	bool timeout;     /* "Status: timeout" */
	char *status;     /* the Status: value, or "" */
	char *activity;   /* "Activity:" value, or "" */
	char *error;      /* the Error:/Exception line, or "" */
	int total_ms;     /* TotalTime, -1 if absent */
};
int device_parse_am_start(const char *text, struct device_am_result *res) TD_MUST_CHECK;
void device_am_result_release(struct device_am_result *res);

/* `adb devices -l` / host:devices-l text. *out is malloc'd. */
int device_parse_devices_l(const char *text, struct device_info **out, size_t *n) TD_MUST_CHECK;

/* uiautomator dump's printed text: 0 ok, 1 retryable (idle state / null
 * root node), 2 failed. `why` gets the first error line (may be NULL). */
enum device_dump_status { DEVICE_DUMP_OK, DEVICE_DUMP_RETRY, DEVICE_DUMP_FAILED };
int device_parse_dump_status(const char *text, char *why, size_t why_size);

/* `pm install/uninstall/clear` output: TD_OK on "Success", else
 * TD_ERR_DEVICE carrying the Failure/Error line. */
int device_parse_pm_result(const char *what, const char *text) TD_MUST_CHECK;
/*
 * `pm path PKG`: the "package:PATH" line of the base APK (the one ending in
 * /base.apk when the app is split, else the first). *path is malloc'd.
 * TD_ERR_NOT_FOUND when there is no such line (not installed).
 */
int device_parse_pm_path(const char *text, char **path) TD_MUST_CHECK;
/*
 * `cmd package resolve-activity --brief ...`: the last line "pkg/.Activity"
 * gives the package (malloc'd). TD_ERR_NOT_FOUND for "No activity found".
 */
int device_parse_resolve_activity(const char *text, char **package) TD_MUST_CHECK;
/*
 * `dumpsys input_method`: whether the soft keyboard is up (the
 * "mInputShown=true" of InputMethodManagerService's dump). TD_ERR_NOT_FOUND
 * when the text has no mInputShown (not that service's dump).
 */
int device_parse_input_shown(const char *text, bool *shown) TD_MUST_CHECK;
/* `monkey -p PKG -c LAUNCHER 1`: TD_ERR_DEVICE when it aborted. */
int device_parse_monkey(const char *pkg, const char *text) TD_MUST_CHECK;

/*
 * The logcat crash buffer: counts FATAL EXCEPTION blocks (and "ANR in"
 * lines) that belong to `package` (NULL = any). *summary (malloc'd, may be
 * NULL) gets the lines of the LAST matching block, at most ~2 KB.
 */
struct device_crash_log {
	int crashes;
	int anrs;
	char *summary;
};
void device_parse_crash_log(const char *text, const char *package, struct device_crash_log *out);

/*
 * Error dialogs in a UIAutomator dump: "has stopped", "keeps stopping",
 * "Application Error" -> crash; "isn't responding", "Not Responding" -> ANR.
 */
void device_parse_error_dialog(const char *xml, bool *crash, bool *anr);

/* Width and height from a PNG's IHDR; TD_ERR_PARSE when not a PNG. */
int device_parse_png_size(const unsigned char *png, size_t len, int *width, int *height) TD_MUST_CHECK;

/*
 * Check what `screencap` printed and give its size: a PNG (its IHDR), or
 * Android's raw frame (no -p): u32 little-endian width, height, pixel
 * format and, from Android 9, colour space (a 12- or 16-byte header), then
 * width*height pixels of the format's size (1 RGBA_8888, 2 RGBX_8888,
 * 5 BGRA_8888: 4 bytes; 3 RGB_888: 3; 4 RGB_565: 2). The payload must be
 * exactly header + pixels: TD_ERR_CLOSED when it is shorter (the stream was
 * cut: a transport failure worth a retry), TD_ERR_PARSE for an unknown
 * format, a size out of range or bytes beyond the frame. Messages say
 * what was wrong and the byte counts; the caller names the device.
 */
int device_parse_screencap(const unsigned char *buf, size_t len, int *width, int *height) TD_MUST_CHECK;

/* Whether `s` is a plausible package ("com.example.app"). */
bool device_parse_valid_package(const char *s);

#endif
