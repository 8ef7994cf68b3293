/*
 * sim.h - the simulated Android device: one app (loaded from a JSON spec
 * with injected bugs) running on a screen that is laid out, dumped as
 * UIAutomator XML and drawn with Cairo.
 *
 * The device is driven the way a phone is: through shell command lines
 * (sim_shell) and files (sim_file_*). trident's "sim" device backend calls
 * these in process; trident-simd serves exactly the same calls over the ADB
 * wire protocol, so both behave identically for the same spec and events.
 *
 * Thread safety: a `struct sim` has an internal lock; every sim_* call on it
 * may come from any thread (trident-simd serves several clients at once).
 *
 * Ground truth: the simulator records which injected bug fired at which
 * event. Only the evaluation tool may read it (sim_fired_bugs); the engine's
 * agents never include sim_truth.h.
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_H
#define TRIDENT_DEVICE_SIM_SIM_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/strbuf.h"

struct sim_app;  /* a loaded, validated spec; immutable, shareable */
struct sim;      /* a running device with that app installed */

/*
 * Load and validate a spec. Errors name the file, the JSON path and the
 * reason ("notes.json: screens.edit.widgets[2].on_click: unknown screen
 * 'detial'"). TD_ERR_NOT_FOUND / TD_ERR_PARSE / TD_ERR_CONFIG.
 */
int sim_app_load(const char *path, struct sim_app **out) TD_MUST_CHECK;
int sim_app_load_text(const char *text, size_t len, const char *name, struct sim_app **out) TD_MUST_CHECK;
void sim_app_free(struct sim_app *app);
const char *sim_app_package(const struct sim_app *app);
const char *sim_app_path(const struct sim_app *app); /* the file it came from */

/*
 * Load the spec inside an APK (its asset assets/trident-app.json). The
 * file's bytes are left in `apk` (initialised here; release it), e.g. for
 * sim_install_apk. TD_ERR_NOT_FOUND names a missing file or asset.
 */
int sim_app_load_apk(const char *path, struct strbuf *apk, struct sim_app **out) TD_MUST_CHECK;

/* Resolve "NAME" (configs/apps/NAME.json under apps_dir) or a path. malloc'd. */
char *sim_app_resolve(const char *name_or_path, const char *apps_dir);

struct sim_options {
	int width, height;   /* portrait size in pixels; 0 = 1080x2400 */
	bool fixed;          /* turn every injected bug off */
	const char *latency; /* NULL/"none", or "phone": sleep like a real phone */
};

/* A new device with `app` installed (not yet running). `app` is borrowed
 * and must outlive the sim. */
int sim_new(const struct sim_app *app, const struct sim_options *opt, struct sim **out) TD_MUST_CHECK;
void sim_free(struct sim *s);

/*
 * Run one shell command line as `adb shell` would (sh -c semantics for the
 * quoting the tester's commands use: '...', "...", \, ;, &&). Output that a
 * real device prints goes to `out` / `err`; *exit_code is the status (127 for
 * an unknown command, with "/system/bin/sh: X: inaccessible or not found").
 * Returns TD_OK unless the call itself could not run.
 */
int sim_shell(struct sim *s, const char *cmdline, struct strbuf *out, struct strbuf *err,
	      int *exit_code) TD_MUST_CHECK;

/*
 * sim_shell with `in` as the first command's standard input (what `adb
 * exec:cmd package install -S SIZE` streams). `in` may be NULL.
 */
int sim_shell_input(struct sim *s, const char *cmdline, const struct strbuf *in, struct strbuf *out,
		    struct strbuf *err, int *exit_code) TD_MUST_CHECK;

/*
 * Install an APK (its bytes) as `pm install [-g]` does: the app spec is read
 * from the asset assets/trident-app.json (sim_apk.h); the APK is kept at
 * its /data/app/.../base.apk path. A package already installed is updated
 * (a running old version is stopped). `msg` gets pm's line: "Success" or
 * "Failure [INSTALL_FAILED_INVALID_APK: ...]"; TD_ERR_DEVICE with that
 * line on failure.
 */
int sim_install_apk(struct sim *s, const void *apk, size_t len, bool grant, struct strbuf *msg) TD_MUST_CHECK;

/* The device's files, for the sync: service (push/pull/stat/list). */
struct sim_file_stat {
	unsigned mode;   /* st_mode bits, S_IFREG|0644 etc.; 0 = does not exist */
	size_t size;
	long mtime;
};
int sim_file_read(struct sim *s, const char *path, struct strbuf *out) TD_MUST_CHECK;
int sim_file_write(struct sim *s, const char *path, const void *data, size_t len, unsigned mode) TD_MUST_CHECK;
int sim_file_stat(struct sim *s, const char *path, struct sim_file_stat *st) TD_MUST_CHECK;
/* Calls `fn` for each entry directly under directory `path`. */
int sim_file_list(struct sim *s, const char *path,
		  void (*fn)(void *ctx, const char *name, const struct sim_file_stat *st),
		  void *ctx) TD_MUST_CHECK;

/*
 * The current screen laid out (what `uiautomator dump` and `screencap`
 * show), for the renderer's tests and tools. Free with sim_screen_view_free.
 */
struct sim_screen_view;
int sim_screen_view_get(struct sim *s, struct sim_screen_view **out) TD_MUST_CHECK;
void sim_screen_view_free(struct sim_screen_view *v);

/* "shell_v2,cmd,stat_v2,..." as a device's CNXN banner lists them. */
const char *sim_features(void);
/* The device serial-ish model name, e.g. "trident_sim". */
const char *sim_model(void);

#endif
