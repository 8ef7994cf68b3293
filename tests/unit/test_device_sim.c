/*
 * test_device_sim.c - every device operation against the in-process
 * simulator (the "sim" backend), the same test body that test_device_adb.c
 * runs through the real adb server; plus opening errors, uiautomator dump
 * retries (the sim's `setprop trident.sim.dump_failures N`), a device over
 * a sim the caller made (device_open_sim) and the sim.latency config key.
 */
#include <time.h>
#include <unistd.h>

#include "test.h"

#include "core/config.h"
#include "core/strbuf.h"
#include "device/device.h"
#include "device/sim/sim.h"
#include "device/sim/sim_render.h"
#include "device_ops.h"

TEST(open_errors)
{
	struct device *dev = NULL;
	CHECK_INT_EQ(device_open("sim:", NULL, &dev), TD_ERR_INVALID);
	int err = device_open("sim:/nonexistent/app.json", NULL, &dev);
	CHECK(err == TD_ERR_NOT_FOUND);
	CHECK(dev == NULL);
}

TEST(every_operation)
{
	struct device *dev = NULL;
	CHECK_OK(device_open("sim:" DEVTEST_APP, NULL, &dev));
	REQUIRE(dev);
	CHECK_STR_EQ(device_backend(dev), "sim");
	CHECK_STR_EQ(device_sim_package(dev), DEVTEST_PKG);
	ops_check_all(dev, 200);
	device_close(dev);
}

TEST(dump_retries)
{
	struct config *cfg = config_defaults();
	struct device *dev = NULL;
	CHECK_OK(device_open("sim:" DEVTEST_APP, cfg, &dev));
	REQUIRE(dev);
	ops_check_dump_retries(dev, "2");
	device_close(dev);
	config_free(cfg);
}

/* A device over a sim the caller made: every operation, and the sim outlives the device. */
TEST(open_wrapped_sim)
{
	struct sim_app *app = NULL;
	struct sim *sim = NULL;
	struct device *dev = NULL;
	CHECK_INT_EQ(device_open_sim(NULL, NULL, &dev), TD_ERR_INVALID);
	CHECK(dev == NULL);
	REQUIRE(sim_app_load(DEVTEST_APP, &app) == TD_OK);
	REQUIRE(sim_new(app, NULL, &sim) == TD_OK);
	CHECK_OK(device_open_sim(sim, NULL, &dev));
	REQUIRE(dev);
	CHECK_STR_EQ(device_backend(dev), "sim");
	CHECK_STR_EQ(device_serial(dev), "sim");
	CHECK(device_sim_package(dev) == NULL);
	ops_check_all(dev, 20);
	device_close(dev);
	/* Still the caller's, with the state the device left: the app runs. */
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int code = -1;
	CHECK_OK(sim_shell(sim, "dumpsys activity activities", &out, &err, &code));
	CHECK_INT_EQ(code, 0);
	CHECK(out.buf && strstr(out.buf, DEVTEST_PKG) != NULL);
	strbuf_release(&out);
	strbuf_release(&err);
	sim_free(sim);
	sim_app_free(app);
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The sim's latency profile reported by the device (getprop). */
static char *latency_of(struct device *dev)
{
	const char *argv[] = { "getprop", "trident.sim.latency", NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, argv, &out, &code));
	CHECK_INT_EQ(code, 0);
	return out;
}

/* Config sim.latency reaches the in-process sim. */
TEST(latency_from_config)
{
	struct config *cfg = config_defaults();
	struct device *dev = NULL;
	CHECK_OK(device_open("sim:" DEVTEST_APP, cfg, &dev));
	REQUIRE(dev);
	char *l = latency_of(dev);
	CHECK_STR_EQ(l, "none\n");
	free(l);
	device_close(dev);

	CHECK_OK(config_set(cfg, "sim.latency", "phone"));
	CHECK_OK(device_open("sim:" DEVTEST_APP, cfg, &dev));
	REQUIRE(dev);
	l = latency_of(dev);
	CHECK_STR_EQ(l, "phone\n");
	free(l);
	/* A phone-like dump takes about 1 s: only a loose lower bound. */
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	long long t0 = now_ms();
	char *xml = NULL;
	size_t len = 0;
	CHECK_OK(device_dump_xml(dev, &xml, &len));
	CHECK(now_ms() - t0 >= 900);
	free(xml);
	device_close(dev);

	CHECK_OK(config_set(cfg, "sim.latency", "turbo"));
	int err = device_open("sim:" DEVTEST_APP, cfg, &dev);
	CHECK_INT_EQ(err, TD_ERR_INVALID);
	CHECK(strstr(td_errmsg(err), "turbo") != NULL);
	config_free(cfg);
}

/* Lines of `ls /data/local/tmp` that start with "trident_dump_". */
static int dump_files(struct device *dev, char *first, size_t size)
{
	const char *ls[] = { "ls", "/data/local/tmp", NULL };
	char *out = NULL;
	int code = -1, n = 0;
	if (device_shell(dev, ls, &out, &code) != TD_OK)
		return -1;
	for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n"))
		if (!strncmp(l, "trident_dump_", 13) && n++ == 0 && first)
			snprintf(first, size, "%s", l);
	free(out);
	return n;
}

/* Two device handles on one device (two runs) dump to two files; closing
 * one removes its file only. */
TEST(per_run_dump_files)
{
	struct sim_app *app = NULL;
	struct sim *s = NULL;
	REQUIRE(sim_app_load(DEVTEST_APP, &app) == TD_OK);
	REQUIRE(sim_new(app, NULL, &s) == TD_OK);
	struct device *a = NULL, *b = NULL;
	CHECK_OK(device_open_sim(s, NULL, &a));
	CHECK_OK(device_open_sim(s, NULL, &b));
	REQUIRE(a && b);
	CHECK_OK(device_launch(a, DEVTEST_PKG));
	char *x1 = NULL, *x2 = NULL;
	size_t l1 = 0, l2 = 0;
	CHECK_OK(device_dump_xml(a, &x1, &l1));
	CHECK_INT_EQ(dump_files(a, NULL, 0), 1);
	CHECK_OK(device_dump_xml(b, &x2, &l2));
	CHECK_INT_EQ(dump_files(a, NULL, 0), 2);
	CHECK(x1 && x2 && !strcmp(x1, x2));
	free(x1);
	free(x2);
	char left[128] = "";
	device_close(a);
	CHECK_INT_EQ(dump_files(b, left, sizeof left), 1);
	device_close(b);
	struct strbuf sb = STRBUF_INIT;
	char path[160];
	snprintf(path, sizeof path, "/data/local/tmp/%s", left);
	CHECK_INT_EQ(sim_file_read(s, path, &sb), TD_ERR_NOT_FOUND);
	strbuf_release(&sb);
	sim_free(s);
	sim_app_free(app);
}

int main(void)
{
	RUN(open_errors);
	RUN(per_run_dump_files);
	RUN(every_operation);
	RUN(dump_retries);
	RUN(open_wrapped_sim);
	RUN(latency_from_config);
	sim_render_release_caches(); /* Cairo/fontconfig caches, for LeakSanitizer */
	return test_summary();
}
