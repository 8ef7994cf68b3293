/*
 * device_ops.h - one test body for every device operation, run against both
 * backends (test_device_sim.c in process, test_device_adb.c through Debian's
 * adb server to trident-simd), and the checks both files share (dump
 * retries). The app is tests/data/device_test_app.json. Include after test.h.
 */
#ifndef TRIDENT_TEST_DEVICE_OPS_H
#define TRIDENT_TEST_DEVICE_OPS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/ui.h"
#include "device/device.h"

#define DEVTEST_PKG "org.trident.devtest"
#define DEVTEST_APP TRIDENT_SOURCE_DIR "/tests/data/device_test_app.json"

/* Capture and parse; NULL (with a test failure) on error. */
static struct ui_tree *ops_capture(struct device *dev, struct capture *cap)
{
	int err = device_capture(dev, cap);
	if (err) {
		TEST_FAIL_AT("device_capture: %s", td_errmsg(err));
		return NULL;
	}
	struct ui_tree *t = NULL;
	err = ui_parse(cap->xml, cap->xml_len, "capture", &t);
	if (err) {
		TEST_FAIL_AT("ui_parse: %s", td_errmsg(err));
		capture_release(cap);
		return NULL;
	}
	return t;
}

/* The widget whose resource-id ends with "/ID" (or equals ID). */
static const struct ui_widget *ops_find(const struct ui_tree *t, const char *id)
{
	size_t il = strlen(id);
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const char *r = t->nodes[i]->resource_id;
		size_t rl = strlen(r);
		if (!strcmp(r, id) || (rl > il && r[rl - il - 1] == '/' && !strcmp(r + rl - il, id)))
			return t->nodes[i];
	}
	return NULL;
}

/* Tap the centre of widget `id`; false when it is not on screen. */
static bool ops_tap_id(struct device *dev, const char *id)
{
	struct capture cap = { 0 };
	struct ui_tree *t = ops_capture(dev, &cap);
	const struct ui_widget *w = ops_find(t, id);
	bool ok = false;
	if (w) {
		int err = device_tap(dev, (w->bounds.x1 + w->bounds.x2) / 2, (w->bounds.y1 + w->bounds.y2) / 2);
		if (err)
			TEST_FAIL_AT("tap %s: %s", id, td_errmsg(err));
		ok = !err;
	} else {
		TEST_FAIL_AT("no widget '%s' on screen (%s)", id, cap.activity ? cap.activity : "?");
	}
	ui_tree_free(t);
	capture_release(&cap);
	return ok;
}

/* Text of widget `id` now (malloc'd), or NULL; from a dump alone. */
static char *ops_text_of(struct device *dev, const char *id)
{
	char *xml = NULL;
	size_t len = 0;
	struct ui_tree *t = NULL;
	int err = device_dump_xml(dev, &xml, &len);
	if (err)
		TEST_FAIL_AT("device_dump_xml: %s", td_errmsg(err));
	else if ((err = ui_parse(xml, len, "dump", &t)))
		TEST_FAIL_AT("ui_parse: %s", td_errmsg(err));
	const struct ui_widget *w = ops_find(t, id);
	char *s = w ? strdup(w->text) : NULL;
	ui_tree_free(t);
	free(xml);
	return s;
}

/* Foreground activity now (malloc'd, "" if unknown). */
static char *ops_activity(struct device *dev)
{
	char *p = NULL, *a = NULL;
	int err = device_foreground(dev, &p, &a);
	free(p);
	if (err)
		return strdup("");
	return a;
}

/* Type `s` into the (focused) field after clearing it; compare. */
static void ops_type_and_check(struct device *dev, const char *s)
{
	int err = device_clear_text(dev, 80);
	if (err) {
		TEST_FAIL_AT("clear_text: %s", td_errmsg(err));
		return;
	}
	err = device_input_text(dev, s);
	if (err) {
		TEST_FAIL_AT("input_text(\"%s\"): %s", s, td_errmsg(err));
		return;
	}
	char *got = ops_text_of(dev, "field");
	if (!got || strcmp(got, s))
		TEST_FAIL_AT("typed \"%s\", the field holds \"%s\"", s, got ? got : "(no field)");
	free(got);
}

/* A random string rich in shell metacharacters (printable ASCII). */
static void ops_random_text(uint32_t *seed, char *buf, size_t size)
{
	static const char special[] = "'\"$`;%\\ &|<>*?~#!(){}[]=^s\t";
	size_t n = 1 + (*seed = *seed * 1103515245u + 12345u) % (size - 1 < 24 ? size - 1 : 24);
	for (size_t i = 0; i < n; i++) {
		*seed = *seed * 1103515245u + 12345u;
		uint32_t r = (*seed >> 8) % 100;
		char c;
		if (r < 55)
			c = special[(*seed >> 16) % (sizeof special - 2)]; /* no tab */
		else
			c = (char)(0x20 + (*seed >> 16) % 95);
		buf[i] = c;
	}
	buf[n] = '\0';
}

/* Set the sim's uiautomator dump failure counter (setprop trident.sim.dump_failures N). */
static void ops_set_dump_failures(struct device *dev, const char *n)
{
	const char *argv[] = { "setprop", "trident.sim.dump_failures", n, NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, argv, &out, &code));
	CHECK_INT_EQ(code, 0);
	free(out);
}

/*
 * uiautomator dump retries: `absorbed` failures in a row are retried away
 * (the config's device.dump_retries allows them); 50 give a clear error
 * naming the cause; with none left the next capture works again.
 */
static void ops_check_dump_retries(struct device *dev, const char *absorbed)
{
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	ops_set_dump_failures(dev, absorbed);
	struct capture cap = { 0 };
	CHECK_OK(device_capture(dev, &cap));
	CHECK(cap.xml && strstr(cap.xml, "<hierarchy"));
	capture_release(&cap);
	ops_set_dump_failures(dev, "50");
	int err = device_capture(dev, &cap);
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "uiautomator dump failed") != NULL);
	ops_set_dump_failures(dev, "0");
	CHECK_OK(device_capture(dev, &cap));
	capture_release(&cap);
}

/* Every operation, in an order where each leaves a known screen. */
/*
 * A real APK (built by scripts/build-apks with aapt + apksigner, the device
 * test app: tests/fuzz/corpus/apk/devtest.apk): install it (an update of
 * the running app), pm path, pull it back byte for byte, launch it; the
 * foreground and home packages; a non-trident APK is refused with
 * Android's words; the per-run dump file.
 */
static void ops_check_apk(struct device *dev)
{
	const char *apk = TRIDENT_SOURCE_DIR "/tests/fuzz/corpus/apk/devtest.apk";
	CHECK_OK(device_install_apk(dev, apk, true));
	char *path = NULL;
	CHECK_OK(device_package_path(dev, DEVTEST_PKG, &path));
	REQUIRE(path);
	CHECK(!strncmp(path, "/data/app/", 10));
	CHECK(strstr(path, "/base.apk") != NULL);
	char local[] = "/tmp/devtest-pull-XXXXXX";
	int fd = mkstemp(local);
	REQUIRE(fd >= 0);
	close(fd);
	CHECK_OK(device_pull_file(dev, path, local));
	FILE *a = fopen(apk, "rb"), *b = fopen(local, "rb");
	REQUIRE(a && b);
	int ca, cb;
	long n = 0;
	do {
		ca = fgetc(a);
		cb = fgetc(b);
		n++;
	} while (ca == cb && ca != EOF);
	CHECK(ca == EOF && cb == EOF && n > 1000);
	fclose(a);
	fclose(b);
	unlink(local);
	CHECK_INT_EQ(device_pull_file(dev, "/data/local/tmp/no-such-file", local), TD_ERR_NOT_FOUND);
	CHECK(access(local, F_OK) != 0);
	free(path);
	CHECK_INT_EQ(device_package_path(dev, "com.not.installed", &path), TD_ERR_NOT_FOUND);
	CHECK(path == NULL);
	CHECK_INT_EQ(device_package_path(dev, "x;reboot", &path), TD_ERR_INVALID);

	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	char *pkg = NULL;
	CHECK_OK(device_foreground_package(dev, &pkg));
	CHECK_STR_EQ(pkg, DEVTEST_PKG);
	free(pkg);
	CHECK_OK(device_home_package(dev, &pkg));
	CHECK_STR_EQ(pkg, "com.google.android.apps.nexuslauncher");
	free(pkg);

	/* the dump file is this device handle's own */
	struct capture cap = { 0 };
	CHECK_OK(device_capture(dev, &cap));
	capture_release(&cap);
	const char *ls[] = { "ls", "/data/local/tmp", NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, ls, &out, &code));
	char mine[64];
	snprintf(mine, sizeof mine, "trident_dump_%ld_", (long)getpid());
	CHECK(out && strstr(out, mine) != NULL);
	CHECK(out && strstr(out, "trident_dump.xml") == NULL);
	CHECK(out && strstr(out, "trident_install") == NULL);
	free(out);

	/* an APK without assets/trident-app.json: Android's error text */
	int err = device_install_apk(dev, TRIDENT_SOURCE_DIR "/tests/fuzz/corpus/apk/no-asset.zip", false);
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "Failure [INSTALL_FAILED_INVALID_APK: ") != NULL);
	CHECK_OK(device_uninstall(dev, DEVTEST_PKG));
	CHECK_INT_EQ(device_package_path(dev, DEVTEST_PKG, &path), TD_ERR_NOT_FOUND);
	CHECK_INT_EQ(device_launch(dev, DEVTEST_PKG), TD_ERR_DEVICE);
	CHECK_OK(device_install_apk(dev, apk, false));
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
}

static void ops_check_all(struct device *dev, int fuzz_rounds)
{
	int w = 0, h = 0, err;
	CHECK_OK(device_screen_size(dev, &w, &h));
	CHECK_INT_EQ(w, 1080);
	CHECK_INT_EQ(h, 2400);

	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	struct capture cap = { 0 };
	struct ui_tree *t = ops_capture(dev, &cap);
	REQUIRE(t);
	CHECK_STR_EQ(cap.package, DEVTEST_PKG);
	CHECK_STR_EQ(cap.activity, DEVTEST_PKG "/.MainActivity");
	CHECK_INT_EQ(cap.width, 1080);
	CHECK_INT_EQ(cap.height, 2400);
	CHECK(cap.shot_len > 1000);
	CHECK(ops_find(t, "field") != NULL);
	ui_tree_free(t);
	capture_release(&cap);
	bool left = true;
	CHECK_OK(device_left_app(dev, DEVTEST_PKG, &left));
	CHECK(!left);

	/* tap */
	REQUIRE(ops_tap_id(dev, "count"));
	char *s = ops_text_of(dev, "count");
	CHECK_STR_EQ(s, "Tapped 1");
	free(s);

	/* check (a checkbox is checked by tapping it) */
	REQUIRE(ops_tap_id(dev, "agree"));
	t = ops_capture(dev, &cap);
	const struct ui_widget *cb = ops_find(t, "agree");
	CHECK(cb && cb->checkable && cb->checked);
	int cbx = cb ? (cb->bounds.x1 + cb->bounds.x2) / 2 : 0, cby = cb ? (cb->bounds.y1 + cb->bounds.y2) / 2 : 0;
	ui_tree_free(t);
	capture_release(&cap);
	CHECK_OK(device_set_checked(dev, cbx, cby, false));
	CHECK_OK(device_set_checked(dev, cbx, cby, false)); /* already unchecked: no tap */
	t = ops_capture(dev, &cap);
	cb = ops_find(t, "agree");
	CHECK(cb && !cb->checked);
	ui_tree_free(t);
	capture_release(&cap);
	CHECK_OK(device_set_checked(dev, cbx, cby, true));
	CHECK_INT_EQ(device_set_checked(dev, 540, 5, true), TD_ERR_NOT_FOUND);

	/* text: focus the field, type, clear, delete */
	REQUIRE(ops_tap_id(dev, "field"));
	ops_type_and_check(dev, "hello world");
	CHECK_OK(device_key(dev, DEVICE_KEY_DEL));
	s = ops_text_of(dev, "field");
	CHECK_STR_EQ(s, "hello worl");
	free(s);
	ops_type_and_check(dev, "it's $HOME `id`; echo 100%sure & 50% off \"q\" \\n");
	/* untypeable text: a clear error, and nothing typed */
	ops_type_and_check(dev, "keep");
	CHECK_INT_EQ(device_input_text(dev, "caf\xc3\xa9"), TD_ERR_UNSUPPORTED);
	CHECK_INT_EQ(device_input_text(dev, "two\nlines"), TD_ERR_UNSUPPORTED);
	CHECK_INT_EQ(device_input_text(dev, "\xf0\x9f\x98\x80"), TD_ERR_UNSUPPORTED);
	s = ops_text_of(dev, "field");
	CHECK_STR_EQ(s, "keep");
	free(s);
	/* the shell-injection fuzz */
	uint32_t seed = 20261122;
	for (int i = 0; i < fuzz_rounds; i++) {
		char buf[32];
		ops_random_text(&seed, buf, sizeof buf);
		int before = test_failures_now;
		ops_type_and_check(dev, buf);
		if (test_failures_now != before)
			break;
	}
	CHECK_OK(device_key(dev, DEVICE_KEY_ENTER));

	/* gestures (nothing scrolls here; they must be accepted) */
	CHECK_OK(device_long_press(dev, 540, 1800));
	CHECK_OK(device_swipe(dev, 100, 1500, 900, 1500, 300));
	for (int d = DEVICE_DIR_UP; d <= DEVICE_DIR_RIGHT; d++)
		CHECK_OK(device_scroll(dev, 0, 300, 1080, 2200, (enum device_dir)d));
	CHECK_INT_EQ(device_scroll(dev, 10, 10, 10, 10, DEVICE_DIR_UP), TD_ERR_INVALID);
	CHECK_INT_EQ(device_tap(dev, -5, 10), TD_ERR_INVALID);

	/* navigation and Back */
	REQUIRE(ops_tap_id(dev, "open"));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.DetailActivity");
	free(s);
	CHECK_OK(device_key(dev, DEVICE_KEY_BACK));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.MainActivity");
	free(s);

	/* am start -W -n, deep links, and their errors */
	CHECK_OK(device_start_activity(dev, DEVTEST_PKG "/.DetailActivity"));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.DetailActivity");
	free(s);
	err = device_start_activity(dev, DEVTEST_PKG "/.NoSuchActivity");
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "NoSuchActivity") != NULL);
	CHECK_INT_EQ(device_start_activity(dev, "no-slash"), TD_ERR_INVALID);
	CHECK_OK(device_key(dev, DEVICE_KEY_BACK));
	CHECK_OK(device_open_uri(dev, "devtest://detail", NULL));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.DetailActivity");
	free(s);
	err = device_open_uri(dev, "nosuchscheme://x/y?a=1&b='2'", NULL);
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "unable to resolve Intent { act=android.intent.action.VIEW "
				     "dat=nosuchscheme://x/... flg=0x10000000 }") != NULL);
	CHECK_INT_EQ(device_open_uri(dev, "devtest://detail", "bad pkg;rm"), TD_ERR_INVALID);
	/* a deep link restricted to a package: the trailing argument of am start */
	CHECK_OK(device_key(dev, DEVICE_KEY_BACK));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.MainActivity");
	free(s);
	CHECK_OK(device_open_uri(dev, "devtest://detail?from=test", DEVTEST_PKG));
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.DetailActivity");
	free(s);
	err = device_open_uri(dev, "devtest://detail", "com.other.app");
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "unable to resolve Intent { act=android.intent.action.VIEW "
				     "dat=devtest://detail/... flg=0x10000000 pkg=com.other.app }") != NULL);
	s = ops_activity(dev);
	CHECK_STR_EQ(s, DEVTEST_PKG "/.DetailActivity");
	free(s);

	/* rotation (a fresh start: launching again would resume DetailActivity) */
	CHECK_OK(device_force_stop(dev, DEVTEST_PKG));
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	CHECK_OK(device_rotate(dev, 1));
	t = ops_capture(dev, &cap);
	CHECK(cap.width > cap.height);
	ui_tree_free(t);
	capture_release(&cap);
	CHECK_OK(device_rotate(dev, 0));
	t = ops_capture(dev, &cap);
	CHECK(cap.width < cap.height);
	ui_tree_free(t);
	capture_release(&cap);
	CHECK_INT_EQ(device_rotate(dev, 7), TD_ERR_INVALID);

	/* animations */
	CHECK_OK(device_disable_animations(dev));
	const char *get[] = { "settings", "get", "global", "window_animation_scale", NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, get, &out, &code));
	CHECK(out && out[0] == '0');
	free(out);

	/* Home leaves the app */
	CHECK_OK(device_key(dev, DEVICE_KEY_HOME));
	CHECK_OK(device_left_app(dev, DEVTEST_PKG, &left));
	CHECK(left);
	CHECK_OK(device_launch(dev, DEVTEST_PKG));

	/* crash detection: the log since the last call */
	struct device_crash cr = { 0 };
	CHECK_OK(device_check_crash(dev, DEVTEST_PKG, &cr));
	CHECK(!cr.crashed && !cr.anr);
	device_crash_release(&cr);
	REQUIRE(ops_tap_id(dev, "boom"));
	CHECK_OK(device_check_crash(dev, DEVTEST_PKG, &cr));
	CHECK(cr.crashed);
	CHECK(cr.summary && strstr(cr.summary, "devtest boom"));
	device_crash_release(&cr);
	CHECK_OK(device_check_crash(dev, DEVTEST_PKG, &cr));
	CHECK(!cr.crashed);
	device_crash_release(&cr);
	CHECK_OK(device_check_crash(dev, "com.other.app", &cr));
	CHECK(!cr.crashed);
	device_crash_release(&cr);

	/* force-stop, clear data, relaunch: state is gone */
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	REQUIRE(ops_tap_id(dev, "count"));
	CHECK_OK(device_force_stop(dev, DEVTEST_PKG));
	CHECK_OK(device_left_app(dev, DEVTEST_PKG, &left));
	CHECK(left);
	CHECK_OK(device_clear_data(dev, DEVTEST_PKG));
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	s = ops_text_of(dev, "count");
	CHECK_STR_EQ(s, "Tapped 0");
	free(s);
	CHECK_INT_EQ(device_launch(dev, "com.not.installed"), TD_ERR_DEVICE);
	CHECK_INT_EQ(device_force_stop(dev, "x;reboot"), TD_ERR_INVALID);

	/* raw shell: quoting and exit codes */
	const char *echo[] = { "echo", "a'b  c", "$HOME", NULL };
	CHECK_OK(device_shell(dev, echo, &out, &code));
	CHECK_STR_EQ(out, "a'b  c $HOME\n");
	CHECK_INT_EQ(code, 0);
	free(out);
	const char *fail[] = { "false", NULL };
	CHECK_OK(device_shell(dev, fail, &out, &code));
	CHECK_INT_EQ(code, 1);
	free(out);

	/* files: a 3 MB round trip */
	size_t big = 3u << 20;
	unsigned char *data = malloc(big);
	for (size_t i = 0; i < big; i++)
		data[i] = (unsigned char)(i * 7 + (i >> 13));
	CHECK_OK(device_push(dev, "/data/local/tmp/devtest.bin", data, big));
	char *back = NULL;
	size_t back_len = 0;
	CHECK_OK(device_pull(dev, "/data/local/tmp/devtest.bin", &back, &back_len));
	CHECK_INT_EQ(back_len, big);
	CHECK(back && !memcmp(back, data, big));
	free(back);
	free(data);
	CHECK_INT_EQ(device_pull(dev, "/data/local/tmp/no-such-file", &back, &back_len), TD_ERR_NOT_FOUND);

	/* install: a file that is not an APK is refused with the device's words */
	char apk[] = "/tmp/devtest-XXXXXX";
	int fd = mkstemp(apk);
	if (fd >= 0) {
		CHECK(write(fd, "not an apk", 10) == 10);
		close(fd);
		err = device_install(dev, apk);
		CHECK_INT_EQ(err, TD_ERR_DEVICE);
		CHECK(strstr(td_errmsg(err), "Failure [INSTALL_PARSE_FAILED_NOT_APK") != NULL);
		unlink(apk);
	}
	CHECK_INT_EQ(device_install(dev, "/nonexistent.apk"), TD_ERR_NOT_FOUND);
	ops_check_apk(dev);
}

#endif
