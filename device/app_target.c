/*
 * app_target.c - the app a run explores: installed from --apk, named with
 * --package, or found in the foreground; its manifest read with aapt from
 * the APK (pulled from the device when needed). See app_target.h.
 */
#include "device/app_target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/log.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/device.h"

/* Launchers and system UI by package, for devices that do not resolve HOME. */
static const char *const home_packages[] = {
	"com.android.launcher", "com.android.launcher2", "com.android.launcher3",
	"com.google.android.apps.nexuslauncher", "com.google.android.launcher",
	"com.sec.android.app.launcher", "com.miui.home", "com.huawei.android.launcher",
	"com.oppo.launcher", "com.bbk.launcher2", "com.oneplus.launcher", "net.oneplus.launcher",
	"com.motorola.launcher3", "com.teslacoilsw.launcher", "com.android.systemui", NULL,
};

bool app_target_is_home(struct device *dev, const char *package)
{
	if (!package || !*package)
		return false;
	for (size_t i = 0; home_packages[i]; i++)
		if (!strcmp(package, home_packages[i]))
			return true;
	char *home = NULL;
	bool is = false;
	if (dev && device_home_package(dev, &home) == TD_OK)
		is = !strcmp(home, package);
	free(home);
	return is;
}

/* App info with the package alone: activities unknown. */
static struct app_info *package_only(const char *package)
{
	struct app_info *info = xcalloc(1, sizeof *info);
	info->package = xstrdup(package);
	info->label = xstrdup(package);
	return info;
}

/* Pull the installed APK of `package` and read its manifest; package-only
 * info (with a warning) when that is not possible. */
static int installed_app_info(struct device *dev, const char *package, const char *work_dir,
			      struct app_info **out)
{
	char *remote = NULL, *local = NULL;
	int err = device_package_path(dev, package, &remote);
	if (err == TD_ERR_NOT_FOUND)
		return td_error(err, "package %s is not installed on %s (install it with --apk FILE)", package,
				device_serial(dev));
	if (err)
		return err;
	if (work_dir && *work_dir) {
		local = xasprintf("%s/app.apk", work_dir);
	} else {
		local = xstrdup("/tmp/trident-app-XXXXXX.apk");
		int fd = mkstemps(local, 4);
		if (fd < 0) {
			err = td_error(TD_ERR_IO, "cannot make a temporary file for the APK");
			goto out;
		}
		close(fd);
	}
	err = device_pull_file(dev, remote, local);
	if (!err)
		err = app_info_from_apk(local, out);
	if (!err && strcmp((*out)->package, package) != 0) {
		err = td_error(TD_ERR_PARSE, "%s (pm path of %s) declares package %s", remote, package,
			       (*out)->package);
		app_info_free(*out);
		*out = NULL;
	}
	if (err) {
		log_warn("cannot read the manifest of %s (%s): activities unknown", package, td_errmsg(err));
		*out = package_only(package);
		err = TD_OK;
	} else {
		log_info("%s: %zu activities, %zu deep links from %s", package, (*out)->n_activities,
			 (*out)->n_deep_links, remote);
	}
	if (!work_dir || !*work_dir)
		(void)unlink(local);
out:
	free(remote);
	free(local);
	return err;
}

int app_target_resolve(struct device *dev, const struct app_target_options *o, struct app_info **out)
{
	*out = NULL;
	const char *sim_pkg = device_sim_package(dev);
	if (sim_pkg && (!o->apk || !*o->apk) && (!o->package || !*o->package || !strcmp(o->package, sim_pkg)))
		return device_app_info(dev, out); /* a sim: device's own app: its spec is the manifest */
	if (o->apk && *o->apk) {
		struct app_info *info = NULL;
		int err = app_info_from_apk(o->apk, &info);
		if (err)
			return td_error(err, "--apk %s: %s", o->apk, td_errmsg(err));
		if (o->package && *o->package && strcmp(o->package, info->package) != 0) {
			err = td_error(TD_ERR_INVALID, "--apk %s is package %s, not --package %s", o->apk,
				       info->package, o->package);
			app_info_free(info);
			return err;
		}
		err = device_install_apk(dev, o->apk, o->grant_permissions);
		if (err) {
			err = td_error(err, "installing %s on %s: %s", o->apk, device_serial(dev), td_errmsg(err));
			app_info_free(info);
			return err;
		}
		log_info("installed %s (%s) on %s", o->apk, info->package, device_serial(dev));
		*out = info;
		return TD_OK;
	}
	if (o->package && *o->package) {
		if (app_target_is_home(dev, o->package))
			return td_error(TD_ERR_INVALID, "--package %s is the home screen (launcher), not an app to "
					"explore: name the app with --package PKG or --apk FILE", o->package);
		return installed_app_info(dev, o->package, o->work_dir, out);
	}
	char *fg = NULL;
	int err = device_foreground_package(dev, &fg);
	if (err && err != TD_ERR_NOT_FOUND) {
		free(fg);
		return err;
	}
	if (err || !fg || !*fg || app_target_is_home(dev, fg)) {
		err = td_error(TD_ERR_INVALID, "%s shows %s, not an app: name the app to explore with "
			       "--package PKG (installed) or --apk FILE (installed for you)", device_serial(dev),
			       fg && *fg ? "the home screen" : "no app in front");
		free(fg);
		return err;
	}
	log_info("exploring the foreground app %s (name it with --package or --apk)", fg);
	err = installed_app_info(dev, fg, o->work_dir, out);
	free(fg);
	return err;
}
