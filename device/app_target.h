/*
 * app_target.h - which app a run explores on a device, and what its
 * manifest says.
 *
 * `trident explore` names the app with --apk FILE (install it, then read
 * its manifest), --package PKG (the installed app: its APK is pulled with
 * `pm path` + sync and its manifest read with aapt), or neither (the app in
 * the foreground, refused when that is the home screen). Coverage, loop
 * escapes and summary.json then use the manifest's activities; when no
 * manifest can be read the app_info has no activities ("activities
 * unknown").
 */
#ifndef TRIDENT_DEVICE_APP_TARGET_H
#define TRIDENT_DEVICE_APP_TARGET_H

#include <stdbool.h>

#include "core/error.h"

struct app_info;
struct device;

struct app_target_options {
	const char *package;     /* --package PKG, or NULL */
	const char *apk;         /* --apk FILE, or NULL */
	bool grant_permissions;  /* install with -g (runtime permissions granted) */
	const char *work_dir;    /* where a pulled APK is kept (NULL: a temporary file, removed) */
};

/*
 * Resolve the app to explore on `dev` and its app info (*out, owned by the
 * caller; free with app_info_free):
 *   - a sim: device's own app (no apk; no package or that app's): its spec,
 *     as device_app_info gives it;
 *   - apk: read its manifest (aapt), install it (device_install_apk);
 *   - package: refuse the home app; it must be installed (pm path); pull its
 *     APK and read the manifest; when that fails (no aapt, unreadable APK)
 *     the info has the package only, with a warning;
 *   - neither: the foreground package, refused when it is the home app or
 *     nothing is in front; then as for a package.
 * TD_ERR_INVALID with a message naming --package/--apk for a home or
 * missing app (a usage error), TD_ERR_NOT_FOUND for a package that is not
 * installed, other errors from the install.
 */
int app_target_resolve(struct device *dev, const struct app_target_options *o,
		       struct app_info **out) TD_MUST_CHECK;

/*
 * Whether `package` is the device's home app (launcher) or the system UI:
 * the package `device_home_package` names, and well-known launchers
 * (com.android.launcher3, *.nexuslauncher, com.sec.android.app.launcher,
 * com.miui.home, ...) when the device does not say.
 */
bool app_target_is_home(struct device *dev, const char *package);

#endif
