/*
 * test_device_sim.c - every device operation against the in-process
 * simulator (the "sim" backend), the same test body that test_device_adb.c
 * runs through the real adb server; plus opening errors and uiautomator dump
 * retries (the sim's `setprop trident.sim.dump_failures N`).
 */
#include <unistd.h>

#include "test.h"

#include "core/config.h"
#include "device/device.h"
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

/* Set the sim's dump failure counter. */
static void set_dump_failures(struct device *dev, const char *n)
{
	const char *argv[] = { "setprop", "trident.sim.dump_failures", n, NULL };
	char *out = NULL;
	int code = -1;
	CHECK_OK(device_shell(dev, argv, &out, &code));
	CHECK_INT_EQ(code, 0);
	free(out);
}

TEST(dump_retries)
{
	struct config *cfg = config_defaults();
	struct device *dev = NULL;
	CHECK_OK(device_open("sim:" DEVTEST_APP, cfg, &dev));
	REQUIRE(dev);
	CHECK_OK(device_launch(dev, DEVTEST_PKG));
	/* Two failures are absorbed by the retries. */
	set_dump_failures(dev, "2");
	struct capture cap = { 0 };
	CHECK_OK(device_capture(dev, &cap));
	CHECK(cap.xml && strstr(cap.xml, "<hierarchy"));
	capture_release(&cap);
	/* More failures than retries: a clear error naming the cause. */
	set_dump_failures(dev, "50");
	int err = device_capture(dev, &cap);
	CHECK_INT_EQ(err, TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(err), "uiautomator dump failed") != NULL);
	set_dump_failures(dev, "0");
	CHECK_OK(device_capture(dev, &cap));
	capture_release(&cap);
	device_close(dev);
	config_free(cfg);
}

int main(void)
{
	RUN(open_errors);
	RUN(every_operation);
	RUN(dump_retries);
	sim_render_release_caches(); /* Cairo/fontconfig caches, for LeakSanitizer */
	return test_summary();
}
