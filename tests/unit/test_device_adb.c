/*
 * test_device_adb.c - the adb backend end to end: Debian's adb server on a
 * private port (started by the device layer itself) with trident-simd
 * connected over TCP (host:connect). Runs the same every-operation body as
 * test_device_sim.c plus what only a real connection has: device listing,
 * concurrent capture, the legacy shell: fallback (every operation again,
 * without shell_v2), uiautomator dump retries, and device loss (trident-simd
 * killed and restarted mid-run: reported, waited for, reconnected).
 * Skips (77) when adb or trident-simd is missing.
 */
#include <pthread.h>

#include "test.h"

#include "adb_harness.h"
#include "device/device.h"
#include "device/sim/sim.h"
#include "device/transport.h"
#include "device_ops.h"

static struct adb_harness h;

TEST(list_and_open)
{
	struct device *dev = NULL;
	/* Opening a host:port serial connects it (and starts the server). */
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	CHECK_STR_EQ(device_backend(dev), "adb");
	CHECK_STR_EQ(device_serial(dev), h.serial);
	CHECK(device_sim_package(dev) == NULL);
	device_close(dev);
	struct device_info *v = NULL;
	size_t n = 0;
	CHECK_OK(device_list(h.cfg, &v, &n));
	bool found = false;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].serial, h.serial)) {
			found = true;
			CHECK_STR_EQ(v[i].state, "device");
		}
	CHECK(found);
	free(v);
	/* An unknown USB-style serial is a clear "not found". */
	int err = device_open("NOSUCHSERIAL", h.cfg, &dev);
	CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
	CHECK(strstr(td_errmsg(err), "NOSUCHSERIAL") != NULL);
	/* Nothing listens on port 1: connecting fails with adb's words. */
	err = device_open("127.0.0.1:1", h.cfg, &dev);
	CHECK(err != TD_OK);
}

TEST(every_operation)
{
	struct device *dev = NULL;
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	ops_check_all(dev, 80);
	device_close(dev);
}

/*
 * The legacy shell: path end to end, as for a device without shell_v2
 * (forced with the TRIDENT_ADB_SHELL_V1 test hook): exit codes come from the
 * `; echo ":trident-exit:$?"` marker, and every operation still works.
 */
TEST(legacy_shell)
{
	REQUIRE(setenv("TRIDENT_ADB_SHELL_V1", "1", 1) == 0);
	struct adb_client *c = NULL;
	struct transport *t = NULL;
	CHECK_OK(adb_client_new(h.server, 10000, &c));
	CHECK_OK(transport_adb_new(c, h.serial, 1000, &t));
	CHECK(t && !transport_adb_shell_v2(t));
	if (t)
		transport_free(t);
	struct device *dev = NULL;
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	unsetenv("TRIDENT_ADB_SHELL_V1");
	REQUIRE(dev);
	const char *fail[] = { "false", NULL }, *missing[] = { "nosuchcommand", "x", NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, fail, &out, &code));
	CHECK_INT_EQ(code, 1);
	CHECK_STR_EQ(out, "");
	free(out);
	CHECK_OK(device_shell(dev, missing, &out, &code));
	CHECK_INT_EQ(code, 127);
	CHECK(out && strstr(out, "nosuchcommand: inaccessible or not found"));
	free(out);
	ops_check_all(dev, 20);
	device_close(dev);
}

static void count_entry(void *ctx, const char *name, const struct transport_stat *st)
{
	if (!strcmp(name, "proto.txt") && st->size == 5)
		++*(int *)ctx;
}

/* The host protocol services one by one: version, features, shell v2 and
 * the v1 fallback, exec, sync STAT/SEND/RECV/LIST. */
TEST(protocol_paths)
{
	struct adb_client *c = NULL;
	CHECK_OK(adb_client_new(h.server, 10000, &c));
	REQUIRE(c);
	int version = 0;
	CHECK_OK(adb_client_ensure_server(c, &version));
	CHECK(version >= 32);
	struct strbuf sb = STRBUF_INIT, eb = STRBUF_INIT;
	CHECK_OK(adb_device_features(c, h.serial, &sb));
	CHECK(strstr(sb.buf, "shell_v2") != NULL);
	strbuf_reset(&sb);
	int code = -1;
	CHECK_OK(adb_shell(c, h.serial, "echo 'one  two'; false", true, &sb, &eb, &code));
	CHECK_STR_EQ(sb.buf, "one  two\n");
	CHECK_INT_EQ(code, 1);
	strbuf_reset(&sb);
	CHECK_OK(adb_shell(c, h.serial, "nosuchcommand", true, &sb, &eb, &code));
	CHECK_INT_EQ(code, 127);
	CHECK(strstr(eb.buf, "nosuchcommand") != NULL);
	strbuf_reset(&sb);
	strbuf_reset(&eb);
	/* shell: without v2: the exit code comes from `echo ":trident-exit:$?"`
	 * (expanded by the device's sh), stderr is mixed into stdout. */
	CHECK_OK(adb_shell(c, h.serial, "echo 'one  two'", false, &sb, &eb, &code));
	CHECK_STR_EQ(sb.buf, "one  two\n");
	CHECK_INT_EQ(code, 0);
	strbuf_reset(&sb);
	CHECK_OK(adb_shell(c, h.serial, "echo 'one  two'; false", false, &sb, &eb, &code));
	CHECK_STR_EQ(sb.buf, "one  two\n");
	CHECK_INT_EQ(code, 1);
	strbuf_reset(&sb);
	CHECK_OK(adb_shell(c, h.serial, "nosuchcommand", false, &sb, &eb, &code));
	CHECK_INT_EQ(code, 127);
	CHECK(strstr(sb.buf, "nosuchcommand: inaccessible or not found") != NULL);
	strbuf_reset(&sb);
	CHECK_OK(adb_exec(c, h.serial, "screencap -p", &sb));
	CHECK(sb.len > 8 && !memcmp(sb.buf, "\x89PNG", 4));
	strbuf_reset(&sb);
	CHECK_OK(adb_sync_push(c, h.serial, "/data/local/tmp/proto.txt", "hello", 5, 0644));
	struct transport_stat st = { 0 };
	CHECK_OK(adb_sync_stat(c, h.serial, "/data/local/tmp/proto.txt", &st));
	CHECK_INT_EQ(st.size, 5);
	CHECK(st.mode != 0);
	CHECK_OK(adb_sync_stat(c, h.serial, "/data/local/tmp/none", &st));
	CHECK_INT_EQ(st.mode, 0);
	CHECK_OK(adb_sync_pull(c, h.serial, "/data/local/tmp/proto.txt", &sb));
	CHECK_STR_EQ(sb.buf, "hello");
	int seen = 0;
	CHECK_OK(adb_sync_list(c, h.serial, "/data/local/tmp", count_entry, &seen));
	CHECK_INT_EQ(seen, 1);
	/* A device service on an unknown serial: FAIL carried as NOT_FOUND. */
	CHECK_INT_EQ(adb_exec(c, "no-such-serial", "echo", &sb), TD_ERR_NOT_FOUND);
	strbuf_release(&sb);
	strbuf_release(&eb);
	adb_client_free(c);
}

/* Animation scales are put back by device_close. */
TEST(animations_restored)
{
	struct device *dev = NULL;
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	const char *get[] = { "settings", "get", "global", "animator_duration_scale", NULL };
	const char *put[] = { "settings", "put", "global", "animator_duration_scale", "1.5", NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, put, &out, &code));
	free(out);
	CHECK_OK(device_disable_animations(dev));
	CHECK_OK(device_shell(dev, get, &out, &code));
	CHECK(out && out[0] == '0');
	free(out);
	device_close(dev);
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	CHECK_OK(device_shell(dev, get, &out, &code));
	CHECK(out && !strncmp(out, "1.5", 3));
	free(out);
	device_close(dev);
}

TEST(dump_retries)
{
	struct device *dev = NULL;
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	ops_check_dump_retries(dev, "3");
	device_close(dev);
}

static void *restart_later(void *arg)
{
	(void)arg;
	usleep(1500 * 1000);
	(void)adb_harness_start_simd(&h);
	return NULL;
}

TEST(device_loss)
{
	struct device *dev = NULL;
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	struct capture cap = { 0 };
	CHECK_OK(device_capture(dev, &cap));
	capture_release(&cap);
	/* The device dies; it comes back 1.5 s later; the capture waits for it. */
	adb_harness_stop_simd(&h);
	pthread_t th;
	REQUIRE(pthread_create(&th, NULL, restart_later, NULL) == 0);
	int err = device_capture(dev, &cap);
	pthread_join(th, NULL);
	CHECK_OK(err);
	CHECK(cap.shot_len > 0 && cap.xml_len > 0);
	capture_release(&cap);
	CHECK_OK(device_tap(dev, 10, 10));
	device_close(dev);

	/* Gone for good: a clean error after the bounded wait. */
	CHECK_OK(config_set(h.cfg, "device.reconnect_ms", "1500"));
	CHECK_OK(device_open(h.serial, h.cfg, &dev));
	REQUIRE(dev);
	adb_harness_stop_simd(&h);
	err = device_tap(dev, 10, 10);
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "lost") != NULL);
	device_close(dev);
	CHECK_OK(config_set(h.cfg, "device.reconnect_ms", "20000"));
	CHECK_INT_EQ(adb_harness_start_simd(&h), 0);
}

int main(void)
{
	int rc = adb_harness_start(&h, DEVTEST_APP, NULL);
	if (rc) {
		adb_harness_stop(&h);
		return rc;
	}
	RUN(list_and_open);
	RUN(protocol_paths);
	RUN(animations_restored);
	RUN(every_operation);
	RUN(legacy_shell);
	RUN(dump_retries);
	RUN(device_loss);
	adb_harness_stop(&h);
	return test_summary();
}
