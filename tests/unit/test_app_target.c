/*
 * test_app_target.c - which app a run explores (device/app_target.h) on
 * the in-process simulated device wrapped with device_open_sim (so it
 * answers like a phone, through pm and dumpsys): the home screen in front is refused
 * with a message naming --package/--apk, a launcher package is refused, a
 * package that is not installed is an error, --apk installs a real APK
 * (tests/fuzz/corpus/apk/devtest.apk, built by scripts/build-apks) and its
 * manifest gives the activities, --package pulls the installed APK and reads
 * the same manifest, the foreground app is used when nothing is named, and
 * an app without an APK file has no activities ("activities unknown"), and
 * a sim:PATH.apk device starts with the APK installed.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include "device/app_info.h"
#include "device/app_target.h"
#include "device/device.h"
#include "device/sim/sim.h"

#define PKG "org.trident.devtest"
#define APK TRIDENT_SOURCE_DIR "/tests/fuzz/corpus/apk/devtest.apk"

static struct device *dev;

TEST(home_in_front_is_refused)
{
	struct app_target_options o = { 0 };
	struct app_info *info = NULL;
	int err = app_target_resolve(dev, &o, &info);
	CHECK_INT_EQ(err, TD_ERR_INVALID);
	CHECK(info == NULL);
	CHECK(strstr(td_errmsg(err), "--package") != NULL);
	CHECK(strstr(td_errmsg(err), "--apk") != NULL);
	CHECK(strstr(td_errmsg(err), "home screen") != NULL);
	o.package = "com.google.android.apps.nexuslauncher";
	err = app_target_resolve(dev, &o, &info);
	CHECK_INT_EQ(err, TD_ERR_INVALID);
	CHECK(strstr(td_errmsg(err), "launcher") != NULL);
	CHECK(app_target_is_home(dev, "com.android.launcher3"));
	CHECK(app_target_is_home(dev, "com.google.android.apps.nexuslauncher"));
	CHECK(!app_target_is_home(dev, PKG));
	o.package = "com.not.installed";
	err = app_target_resolve(dev, &o, &info);
	CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
	CHECK(strstr(td_errmsg(err), "not installed") != NULL);
}

TEST(package_without_apk_file_has_no_activities)
{
	/* the sim: device's app comes from a bare spec: pm path names no file */
	struct app_target_options o = { .package = PKG };
	struct app_info *info = NULL;
	CHECK_OK(app_target_resolve(dev, &o, &info));
	REQUIRE(info);
	CHECK_STR_EQ(info->package, PKG);
	CHECK_INT_EQ(info->n_activities, 0);
	app_info_free(info);
}

TEST(apk_installs_and_reads_the_manifest)
{
	struct app_target_options o = { .apk = APK, .grant_permissions = true };
	struct app_info *info = NULL;
	CHECK_OK(app_target_resolve(dev, &o, &info));
	REQUIRE(info);
	CHECK_STR_EQ(info->package, PKG);
	CHECK(info->n_activities >= 2);
	CHECK(app_info_find_activity(info, PKG "/.MainActivity") >= 0);
	CHECK(app_info_find_activity(info, PKG "/.DetailActivity") >= 0);
	CHECK_STR_EQ(info->launcher_activity, PKG ".MainActivity");
	CHECK(info->n_deep_links >= 1);
	size_t n = info->n_activities;
	app_info_free(info);
	info = NULL;
	o.package = "com.other.app";
	CHECK_INT_EQ(app_target_resolve(dev, &o, &info), TD_ERR_INVALID);
	o.apk = "/nonexistent.apk";
	o.package = NULL;
	CHECK(app_target_resolve(dev, &o, &info) != TD_OK);

	/* --package now pulls that APK and reads the same manifest */
	struct app_target_options p = { .package = PKG };
	CHECK_OK(app_target_resolve(dev, &p, &info));
	REQUIRE(info);
	CHECK_INT_EQ(info->n_activities, n);
	app_info_free(info);
	info = NULL;

	/* nothing named: the foreground app */
	CHECK_OK(device_launch(dev, PKG));
	struct app_target_options none = { 0 };
	CHECK_OK(app_target_resolve(dev, &none, &info));
	REQUIRE(info);
	CHECK_STR_EQ(info->package, PKG);
	CHECK_INT_EQ(info->n_activities, n);
	app_info_free(info);
}

TEST(sim_device_from_an_apk)
{
	struct device *d2 = NULL;
	CHECK_OK(device_open("sim:" APK, NULL, &d2));
	REQUIRE(d2);
	char *path = NULL;
	CHECK_OK(device_package_path(d2, PKG, &path));
	CHECK(path && !strncmp(path, "/data/app/~~", 12));
	free(path);
	struct app_target_options o = { .package = PKG };
	struct app_info *info = NULL;
	CHECK_OK(app_target_resolve(d2, &o, &info));
	CHECK(info && info->n_activities >= 2);
	app_info_free(info);
	/* a sim: device with nothing named: its own app's spec (home in front is fine) */
	struct app_target_options none = { 0 };
	CHECK_OK(app_target_resolve(d2, &none, &info));
	CHECK(info && info->n_activities == 3);
	app_info_free(info);
	CHECK_OK(app_info_from_sim_spec(APK, &info));
	CHECK(info && info->n_activities == 3);
	app_info_free(info);
	device_close(d2);
}

int main(void)
{
	if (system("command -v aapt >/dev/null 2>&1")) {
		printf("SKIP: aapt is not installed\n");
		return 77;
	}
	/* a wrapped sim answers like a phone: no spec shortcut (device_sim_package is NULL) */
	struct sim_app *app = NULL;
	struct sim *sim = NULL;
	int err = sim_app_load(TRIDENT_SOURCE_DIR "/tests/data/device_test_app.json", &app);
	if (!err)
		err = sim_new(app, NULL, &sim);
	if (!err)
		err = device_open_sim(sim, NULL, &dev);
	if (err) {
		fprintf(stderr, "%s\n", td_errmsg(err));
		return 1;
	}
	RUN(home_in_front_is_refused);
	RUN(package_without_apk_file_has_no_activities);
	RUN(apk_installs_and_reads_the_manifest);
	RUN(sim_device_from_an_apk);
	device_close(dev);
	sim_free(sim);
	sim_app_free(app);
	return test_summary();
}
