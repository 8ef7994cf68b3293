/*
 * device.h - the one device API the agents use.
 *
 * Two backends sit behind it: "adb" (a real phone or emulator, reached through
 * the adb server's socket) and "sim" (the in-process simulated device). The
 * agents cannot tell them apart: both are driven with the same shell commands
 * and parsed with the same code; only the transport differs.
 *
 * Device specs accepted by device_open() (device_open_sim() wraps a simulator
 * the caller already has):
 *   "sim:NAME"         configs/apps/NAME.json (or a path to a spec)
 *   "sim:NAME:fixed"   the same app with every injected bug turned off
 *   "sim:PATH.apk"     the app inside an APK (assets/trident-app.json),
 *                      installed as by adb install
 *   "SERIAL"           an adb serial ("emulator-5554", "127.0.0.1:5555")
 *   NULL or ""         the only adb device attached (error if 0 or >1)
 *
 * Every call has a timeout (config device.timeout_ms). Functions return
 * enum td_err with a td_error() message. Not thread-safe: one thread drives a
 * device at a time (the run controller serialises access).
 */
#ifndef TRIDENT_DEVICE_DEVICE_H
#define TRIDENT_DEVICE_DEVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

struct config;
struct device;
struct sim;

struct framebuf;
struct image;

/* One screen capture. Every field is owned by the capture. */
struct capture {
	/* The screenshot as `screencap` printed it: a raw frame (header checked
	 * against its size) or a PNG. image_decode() reads both;
	 * image_frame_png() makes a PNG file of it. */
	unsigned char *shot;
	size_t shot_len;
	/* When set, `shot` lives in this pooled buffer (core/framebuf.h), and
	 * capture_release() drops the reference instead of freeing `shot`; a
	 * keeper of the frame (the screen writer) takes its own reference. */
	struct framebuf *shot_buf;
	char *xml;              /* the UIAutomator dump, NUL-terminated */
	size_t xml_len;
	char *activity;         /* "pkg/.Activity" or "pkg/pkg.Activity"; "" if unknown */
	char *package;          /* foreground package; "" if unknown */
	int width, height;      /* screenshot size in pixels */
};
void capture_release(struct capture *c);
/*
 * The capture's screenshot as an image, for reading (core/image.h): a view
 * of the frame's pixels when they are a BGRA raw frame in a frame buffer
 * (no copy; it holds its own reference to the frame, so it may outlive the
 * capture), else a decoded copy. A view must not be written to. Errors as
 * image_decode() (TD_ERR_PARSE when there is no screenshot), naming
 * `name`. *out is the caller's to image_free().
 */
int capture_image(const struct capture *c, const char *name, struct image **out) TD_MUST_CHECK;

enum device_key { DEVICE_KEY_BACK, DEVICE_KEY_HOME, DEVICE_KEY_ENTER, DEVICE_KEY_DEL };
enum device_dir { DEVICE_DIR_UP, DEVICE_DIR_DOWN, DEVICE_DIR_LEFT, DEVICE_DIR_RIGHT };

struct device_info {
	char serial[128];
	char state[32];   /* "device", "offline", "unauthorized", ... */
	char model[64];
};

/* Open a device by spec (see above). `cfg` may be NULL for defaults. */
int device_open(const char *spec, const struct config *cfg, struct device **out) TD_MUST_CHECK;
/*
 * A "sim" device over a simulator the caller already has (sim_new), for
 * code that also reads the simulator directly (`trident eval` reads its
 * ground truth). The sim is borrowed: device_close() leaves it alone, and
 * the caller frees it (sim_free) after closing the device. The device's
 * serial is "sim" and device_sim_package() is NULL (the caller holds the
 * app). TD_ERR_INVALID when `sim` is NULL. `cfg` may be NULL.
 */
int device_open_sim(struct sim *sim, const struct config *cfg, struct device **out) TD_MUST_CHECK;
/*
 * Cut the device calls in flight (adb: their connections are shut down)
 * and make later ones fail at once with TD_ERR_INTERRUPTED, without the
 * device-loss wait. Thread-safe; for a run stopped by SIGINT. No effect on
 * the in-process simulator, whose calls do not block.
 */
void device_cancel(struct device *dev);
/* Close the device; frees what device_open made (not a device_open_sim sim). */
void device_close(struct device *dev);
/* "sim" or "adb". */
const char *device_backend(const struct device *dev);
const char *device_serial(const struct device *dev);
/*
 * True when the device went away and did not come back within
 * device.reconnect_ms (the run should end: exit code 3); false again once
 * it answers.
 */
bool device_lost(const struct device *dev);
/*
 * One run per device: create /data/local/tmp/trident.lock on the device
 * atomically (mkdir; quoted) with the owner "PID@HOST" inside. A lock whose
 * owner is a gone process of this host is stale and taken over. When
 * another run holds it: TD_ERR_INVALID with a message naming the owner and
 * how to remove the lock. In-process simulators need no lock (TD_OK).
 * device_close() releases it.
 */
int device_lock_run(struct device *dev) TD_MUST_CHECK;
/* Remove the run lock when this device holds it. */
void device_unlock_run(struct device *dev);
/* The simulated app's package for "sim:" devices; NULL for adb and device_open_sim. */
const char *device_sim_package(const struct device *dev);

struct app_info;
/*
 * What the device's backend knows about the app under test (each backend
 * answers for its own; callers never parse the device spec): a "sim:"
 * device reads its loaded app spec (package, activities, deep links); an adb
 * device (or a wrapped simulator) gives the foreground package alone, with
 * no activities, so the app must be in the foreground. *out is the caller's
 * (app_info_free); errors as device_foreground.
 */
int device_app_info(struct device *dev, struct app_info **out) TD_MUST_CHECK;

/* List adb devices (the sim is not listed). *out is malloc'd. Starts a local
 * adb server (`adb start-server`, once) when none answers. */
int device_list(const struct config *cfg, struct device_info **out, size_t *n) TD_MUST_CHECK;

int device_screen_size(struct device *dev, int *width, int *height) TD_MUST_CHECK;
/* Screenshot + UIAutomator dump + foreground activity. */
int device_capture(struct device *dev, struct capture *out) TD_MUST_CHECK;
/* Foreground package and activity (malloc'd); TD_ERR_NOT_FOUND if unknown. */
int device_foreground(struct device *dev, char **package, char **activity) TD_MUST_CHECK;
/* The UIAutomator dump alone (no screenshot), with the same retries as
 * device_capture. *xml is malloc'd and NUL-terminated. */
int device_dump_xml(struct device *dev, char **xml, size_t *len) TD_MUST_CHECK;
/* *left = the foreground package is not `package` (or none is known). */
int device_left_app(struct device *dev, const char *package, bool *left) TD_MUST_CHECK;

/* Actions. Coordinates are screen pixels. */
int device_tap(struct device *dev, int x, int y) TD_MUST_CHECK;
int device_long_press(struct device *dev, int x, int y) TD_MUST_CHECK;
int device_swipe(struct device *dev, int x1, int y1, int x2, int y2, int ms) TD_MUST_CHECK;
/*
 * Scroll the content inside the given box (x1,y1,x2,y2) in direction `dir`:
 * DOWN reveals what is below (the finger moves up), RIGHT what is to the
 * right (the finger moves left); a 400 ms swipe over the middle 60%.
 */
int device_scroll(struct device *dev, int x1, int y1, int x2, int y2, enum device_dir dir) TD_MUST_CHECK;
/*
 * Type text into the focused field with `input text`. Printable ASCII only:
 * spaces are sent as %s, a literal "%s" is split over two `input text`
 * commands, every argument is quoted for sh -c. Control characters (newline,
 * tab) and non-ASCII give TD_ERR_UNSUPPORTED naming the character; nothing
 * is typed then. See device_parse_input_text_cmd().
 */
int device_input_text(struct device *dev, const char *text) TD_MUST_CHECK;
/* Clear the focused field (MOVE_END, then DEL `max_chars` times, one command). */
int device_clear_text(struct device *dev, int max_chars) TD_MUST_CHECK;
int device_key(struct device *dev, enum device_key key) TD_MUST_CHECK;
/*
 * Check or uncheck the checkable widget (CheckBox, Switch, ...) at (x,y):
 * reads its state from a fresh dump, taps only when it differs, and verifies.
 * TD_ERR_NOT_FOUND when nothing checkable is there, TD_ERR_DEVICE when the
 * tap did not change it.
 */
int device_set_checked(struct device *dev, int x, int y, bool checked) TD_MUST_CHECK;

/* App control. */
int device_launch(struct device *dev, const char *package) TD_MUST_CHECK;
int device_force_stop(struct device *dev, const char *package) TD_MUST_CHECK;
int device_clear_data(struct device *dev, const char *package) TD_MUST_CHECK;
/* am start -W -n COMPONENT; parses Status:/Error: lines (TD_ERR_DEVICE with the Error line). */
int device_start_activity(struct device *dev, const char *component) TD_MUST_CHECK;
/* am start -W -a android.intent.action.VIEW -d URI [PACKAGE]. */
int device_open_uri(struct device *dev, const char *uri, const char *package) TD_MUST_CHECK;
/* 0 = portrait, 1 = landscape (90 degrees), ... ; turns auto-rotate off. */
int device_rotate(struct device *dev, int rotation) TD_MUST_CHECK;
/* Turn animations off; device_close() restores the previous scales. */
int device_disable_animations(struct device *dev) TD_MUST_CHECK;
/*
 * Install an APK as `adb install` does without streaming: sync push to a
 * per-run /data/local/tmp/trident_install_PID_N.apk, `pm install -r -t
 * [-g] PATH` (every argument quoted), then rm. `grant_permissions` grants
 * the manifest's runtime permissions (-g, as `adb install -g`). TD_ERR_DEVICE
 * carries pm's "Failure [...]" line. Works the same on sim: devices.
 */
int device_install_apk(struct device *dev, const char *apk_path, bool grant_permissions) TD_MUST_CHECK;
/* device_install_apk(dev, apk_path, false). */
int device_install(struct device *dev, const char *apk_path) TD_MUST_CHECK;
/* `pm uninstall PKG`; TD_ERR_DEVICE with pm's Failure line. */
int device_uninstall(struct device *dev, const char *package) TD_MUST_CHECK;
/*
 * Where the installed APK of `package` is (`pm path PKG`: the base APK),
 * *path malloc'd. TD_ERR_NOT_FOUND when it is not installed.
 */
int device_package_path(struct device *dev, const char *package, char **path) TD_MUST_CHECK;
/* The foreground package alone (malloc'd); TD_ERR_NOT_FOUND if unknown. */
int device_foreground_package(struct device *dev, char **package) TD_MUST_CHECK;
/*
 * The home app's package (the launcher), from `cmd package resolve-activity
 * --brief -a android.intent.action.MAIN -c android.intent.category.HOME`.
 * TD_ERR_NOT_FOUND when the device does not say.
 */
int device_home_package(struct device *dev, char **package) TD_MUST_CHECK;
/*
 * Whether the soft keyboard is up, from `dumpsys input_method`
 * (mInputShown). TD_ERR_NOT_FOUND when the device does not say.
 */
int device_keyboard_shown(struct device *dev, bool *shown) TD_MUST_CHECK;

/*
 * Crash/ANR seen since the last call (since device_open for the first):
 * new FATAL EXCEPTION / "ANR in" blocks of `package` (NULL = any) in
 * `logcat -b crash -d`, or an error dialog in the latest device_capture's
 * dump ("has stopped", "keeps stopping", "isn't responding", ...).
 */
struct device_crash {
	bool crashed;      /* FATAL EXCEPTION or "has stopped" dialog */
	bool anr;          /* "isn't responding" dialog or ANR in log */
	char *package;
	char *summary;     /* first lines of the crash, owned */
};
int device_check_crash(struct device *dev, const char *package, struct device_crash *out) TD_MUST_CHECK;
void device_crash_release(struct device_crash *c);

/*
 * Run a shell command (NULL-terminated argv, each word quoted for sh -c).
 * *out (malloc'd) is stdout followed by stderr, capped at 16 MiB.
 */
int device_shell(struct device *dev, const char *const argv[], char **out, int *exit_code) TD_MUST_CHECK;

/* Files on the device (sync: RECV/SEND for adb). *data is malloc'd. */
int device_pull(struct device *dev, const char *path, char **data, size_t *len) TD_MUST_CHECK;
int device_push(struct device *dev, const char *path, const void *data, size_t len) TD_MUST_CHECK;
/* Pull `remote` into the local file `local` (written to LOCAL.partPID, then
 * renamed, so a failed pull leaves no half file). */
int device_pull_file(struct device *dev, const char *remote, const char *local) TD_MUST_CHECK;

#endif
