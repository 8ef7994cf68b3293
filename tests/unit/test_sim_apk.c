/*
 * test_sim_apk.c - the APK (zip) reader and the simulated device's package
 * manager: stored and deflated entries, corrupt, truncated and hostile
 * archives; pm install (streamed with -S and from a pushed file), pm path
 * and the installed bytes, pm list packages, launching an installed app
 * (the device switches to it), pm uninstall, updates, and Android's error
 * text for APKs that are not trident apps.
 */
#include <stdlib.h>
#include <string.h>

#include "device/sim/adbd.h"
#include "device/sim/sim.h"
#include "device/sim/sim_apk.h"
#include "test.h"

static struct strbuf devtest, stored, deflated, no_asset, truncated;
static struct sim *s;
static struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
static int code;

static const char *run_in(const char *cmd, const struct strbuf *in)
{
	strbuf_reset(&out);
	strbuf_reset(&err);
	code = -1;
	if (sim_shell_input(s, cmd, in, &out, &err, &code) != 0)
		TEST_FAIL_AT("sim_shell(%s) failed", cmd);
	return out.buf;
}

static const char *run(const char *cmd)
{
	return run_in(cmd, NULL);
}

static int load(struct strbuf *sb, const char *name)
{
	const char *src = getenv("TRIDENT_SOURCE_DIR");
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/fuzz/corpus/apk/%s", src ? src : "..", name);
	strbuf_init(sb, 1u << 20);
	int e = strbuf_read_file(sb, path);
	if (e)
		fprintf(stderr, "%s: %s\n", path, td_errmsg(e));
	return e;
}

TEST(reads_stored_and_deflated_entries)
{
	char *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	CHECK_OK(sim_apk_read_entry(stored.buf, stored.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &na));
	CHECK_OK(sim_apk_read_entry(deflated.buf, deflated.len, SIM_APK_SPEC_ENTRY, 1u << 20, &b, &nb));
	REQUIRE(a && b);
	CHECK_INT_EQ(na, nb);
	CHECK(memcmp(a, b, na) == 0);
	CHECK(strstr(a, "org.trident.devtest") != NULL);
	CHECK_INT_EQ(strlen(a), na);
	free(a);
	free(b);
	/* the real APK built by scripts/build-apks (aapt + apksigner) */
	CHECK_OK(sim_apk_read_entry(devtest.buf, devtest.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &na));
	CHECK(a && strstr(a, "org.trident.devtest"));
	free(a);
	CHECK_OK(sim_apk_read_entry(devtest.buf, devtest.len, "AndroidManifest.xml", 1u << 20, &a, &na));
	CHECK(na > 100);
	free(a);
}

TEST(refuses_bad_archives)
{
	char *a = NULL;
	size_t n = 0;
	CHECK_INT_EQ(sim_apk_read_entry(no_asset.buf, no_asset.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n),
		     TD_ERR_NOT_FOUND);
	CHECK_INT_EQ(sim_apk_read_entry(truncated.buf, truncated.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n),
		     TD_ERR_PARSE);
	CHECK_INT_EQ(sim_apk_read_entry("hello", 5, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n), TD_ERR_PARSE);
	CHECK_INT_EQ(sim_apk_read_entry("", 0, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n), TD_ERR_PARSE);
	/* over the caller's cap */
	CHECK_INT_EQ(sim_apk_read_entry(stored.buf, stored.len, SIM_APK_SPEC_ENTRY, 100, &a, &n), TD_ERR_TOO_BIG);
	CHECK(a == NULL);
	/* a flipped byte in stored data: CRC mismatch */
	struct strbuf bad = STRBUF_INIT;
	(void)strbuf_add(&bad, stored.buf, stored.len);
	char *at = memmem(bad.buf, bad.len, "org.trident.devtest", 19);
	REQUIRE(at);
	at[0] = 'X';
	CHECK_INT_EQ(sim_apk_read_entry(bad.buf, bad.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "CRC") != NULL);
	/* central directory offset pointing past the end */
	strbuf_reset(&bad);
	(void)strbuf_add(&bad, deflated.buf, deflated.len);
	bad.buf[bad.len - 6] = (char)0xff;
	bad.buf[bad.len - 5] = (char)0x7f;
	CHECK_INT_EQ(sim_apk_read_entry(bad.buf, bad.len, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n), TD_ERR_PARSE);
	/* every truncation of the real APK fails cleanly or reads the same spec */
	for (size_t cut = 0; cut < devtest.len; cut += 97) {
		a = NULL;
		int e = sim_apk_read_entry(devtest.buf, cut, SIM_APK_SPEC_ENTRY, 1u << 20, &a, &n);
		CHECK(e != TD_OK);
		free(a);
	}
	strbuf_release(&bad);
}

TEST(streamed_install_path_and_pull)
{
	char cmd[64];
	snprintf(cmd, sizeof cmd, "cmd package 'install' -S %zu", devtest.len);
	CHECK_STR_EQ(run_in(cmd, &devtest), "Success\n");
	CHECK_INT_EQ(code, 0);
	const char *p = run("pm path org.trident.devtest");
	REQUIRE(strncmp(p, "package:/data/app/~~", 20) == 0);
	char path[512];
	snprintf(path, sizeof path, "%.*s", (int)(strlen(p) - 9), p + 8);
	CHECK(strstr(path, "/org.trident.devtest-") != NULL);
	CHECK(strcmp(path + strlen(path) - 9, "/base.apk") == 0);
	struct strbuf back = STRBUF_INIT;
	strbuf_init(&back, 1u << 20);
	CHECK_OK(sim_file_read(s, path, &back));
	CHECK_INT_EQ(back.len, devtest.len);
	CHECK(back.len == devtest.len && memcmp(back.buf, devtest.buf, back.len) == 0);
	strbuf_release(&back);
	CHECK(strstr(run("pm list packages -3"), "package:org.trident.devtest\n") != NULL);
	CHECK(strstr(run("pm list packages -f devtest"), "base.apk=org.trident.devtest\n") != NULL);
	/* short stdin */
	snprintf(cmd, sizeof cmd, "cmd package install -S %zu", devtest.len + 5);
	run_in(cmd, &devtest);
	CHECK_INT_EQ(code, 1);
	CHECK(strstr(out.buf, "Failure [INSTALL_FAILED_INVALID_APK") != NULL);
}

TEST(launch_switches_apps_and_uninstall)
{
	/* the device started with notes; devtest is installed too */
	CHECK_INT_EQ((run("monkey -p org.trident.devtest -c android.intent.category.LAUNCHER 1"), code), 0);
	CHECK(strstr(run("dumpsys window"), "org.trident.devtest/") != NULL);
	CHECK_INT_EQ((run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1"), code), 0);
	CHECK(strstr(run("dumpsys window"), "com.trident.notes/") != NULL);
	run("am start -W -n org.trident.devtest/.MainActivity");
	CHECK(strstr(out.buf, "Status: ok") != NULL);
	CHECK(strstr(run("uiautomator dump /dev/tty"), "package=\"org.trident.devtest\"") != NULL);
	CHECK_STR_EQ(run("pm uninstall org.trident.devtest"), "Success\n");
	CHECK(strstr(run("pm list packages"), "devtest") == NULL);
	CHECK_INT_EQ((run("pm path org.trident.devtest"), code), 1);
	run("am start -W -n org.trident.devtest/.MainActivity");
	CHECK(strstr(out.buf, "does not exist") != NULL);
	run("monkey -p org.trident.devtest -c android.intent.category.LAUNCHER 1");
	CHECK_INT_EQ(code, 251);
	CHECK(strstr(run("uiautomator dump /dev/tty"), "nexuslauncher") != NULL);
	CHECK_STR_EQ(run("pm uninstall org.trident.devtest"), "Failure [DELETE_FAILED_INTERNAL_ERROR]\n");
	CHECK_INT_EQ(code, 1);
}

TEST(pm_install_pushed_file_and_errors)
{
	CHECK_OK(sim_file_write(s, "/data/local/tmp/a.apk", devtest.buf, devtest.len, 0644));
	CHECK_STR_EQ(run("pm install -r -t -g /data/local/tmp/a.apk"), "Success\n");
	/* an update keeps one APK */
	CHECK_STR_EQ(run("pm install -r /data/local/tmp/a.apk"), "Success\n");
	CHECK_INT_EQ(strlen(run("pm list packages -f devtest")) > 0, 1);
	CHECK_OK(sim_file_write(s, "/data/local/tmp/b.apk", no_asset.buf, no_asset.len, 0644));
	run("pm install /data/local/tmp/b.apk");
	CHECK_INT_EQ(code, 1);
	CHECK(strncmp(out.buf, "Failure [INSTALL_FAILED_INVALID_APK: ", 37) == 0);
	CHECK(strstr(out.buf, "not a trident app") != NULL);
	CHECK_OK(sim_file_write(s, "/data/local/tmp/c.apk", "hello", 5, 0644));
	run("pm install /data/local/tmp/c.apk");
	CHECK(strncmp(out.buf, "Failure [INSTALL_PARSE_FAILED_NOT_APK: ", 39) == 0);
	run("pm install /data/local/tmp/missing.apk");
	CHECK_INT_EQ(code, 255);
	CHECK(strstr(err.buf, "Unable to open file: /data/local/tmp/missing.apk") != NULL);
	struct strbuf msg = STRBUF_INIT;
	CHECK_INT_EQ(sim_install_apk(s, "hello", 5, false, &msg), TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(TD_ERR_DEVICE), "INSTALL_PARSE_FAILED_NOT_APK") != NULL);
	strbuf_release(&msg);
}

TEST(exec_stdin_size_for_streamed_installs)
{
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd package 'install' -S 16797"), 16797);
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd package install -r -S 5 --user 0"), 5);
	CHECK_INT_EQ(adbd_exec_stdin_size("pm install -S 12"), 12);
	CHECK_INT_EQ(adbd_exec_stdin_size("pm install /data/local/tmp/a.apk"), -1);
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd activity install -S 5"), -1);
	CHECK_INT_EQ(adbd_exec_stdin_size("cat -S 5"), -1);
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd package install -S -3"), -1);
	CHECK_INT_EQ(adbd_exec_stdin_size("screencap -p"), -1);
	CHECK_INT_EQ(adbd_exec_stdin_size(""), -1);
}

TEST(install_sessions)
{
	run("cmd package install-create -S 100");
	REQUIRE(code == 0);
	const char *b = strchr(out.buf, '['), *e = strchr(out.buf, ']');
	REQUIRE(b && e);
	char id[32];
	snprintf(id, sizeof id, "%.*s", (int)(e - b - 1), b + 1);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "cmd package install-write -S %zu %s split.apk -", no_asset.len, id);
	CHECK(!strncmp(run_in(cmd, &no_asset), "Success: streamed", 17));
	snprintf(cmd, sizeof cmd, "cmd package install-write -S %zu %s base.apk -", devtest.len, id);
	CHECK(!strncmp(run_in(cmd, &devtest), "Success: streamed", 17));
	snprintf(cmd, sizeof cmd, "cmd package install-commit %s", id);
	CHECK_STR_EQ(run(cmd), "Success\n");
	CHECK(strstr(run("pm list packages -3"), "org.trident.devtest") != NULL);
	run(cmd); /* the session is gone */
	CHECK_INT_EQ(code, 255);
	CHECK(strstr(err.buf, "Unknown session") != NULL);
	run("pm install-create");
	b = strchr(out.buf, '[');
	e = strchr(out.buf, ']');
	REQUIRE(b && e);
	snprintf(id, sizeof id, "%.*s", (int)(e - b - 1), b + 1);
	snprintf(cmd, sizeof cmd, "pm install-commit %s", id);
	run(cmd);
	CHECK_INT_EQ(code, 1);
	CHECK(strstr(out.buf, "No packages staged") != NULL);
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd package install-write -S 8605 1000001 devtest.apk -"), 8605);
	CHECK_INT_EQ(adbd_exec_stdin_size("cmd package install-create -S 8605"), -1);
}

int main(void)
{
	if (load(&devtest, "devtest.apk") || load(&stored, "stored.zip") || load(&deflated, "deflated.zip") ||
	    load(&no_asset, "no-asset.zip") || load(&truncated, "truncated.zip"))
		return 1;
	struct sim_app *app = NULL;
	char *path = sim_app_resolve("notes", NULL);
	int e = sim_app_load(path, &app);
	free(path);
	if (e || sim_new(app, NULL, &s) != 0)
		return 1;
	RUN(reads_stored_and_deflated_entries);
	RUN(refuses_bad_archives);
	RUN(streamed_install_path_and_pull);
	RUN(launch_switches_apps_and_uninstall);
	RUN(pm_install_pushed_file_and_errors);
	RUN(exec_stdin_size_for_streamed_installs);
	RUN(install_sessions);
	sim_free(s);
	sim_app_free(app);
	strbuf_release(&devtest);
	strbuf_release(&stored);
	strbuf_release(&deflated);
	strbuf_release(&no_asset);
	strbuf_release(&truncated);
	strbuf_release(&out);
	strbuf_release(&err);
	return test_summary();
}
