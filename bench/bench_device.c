/*
 * bench_device.c - the device work of one exploration step (capture + one
 * tap) through Debian's adb server to trident-simd, two ways:
 *   socket: trident's device layer (host protocol over TCP, the three
 *           capture parts overlapped on separate connections);
 *   adb CLI: one `adb` process per operation, the way AppAgent does it
 *           (screencap to a file, pull, uiautomator dump to a file, pull,
 *           input tap) - five spawns per step.
 * Prints the median of each and their ratio; also PNG vs raw screencap over
 * exec:. BENCH_LATENCY=phone runs trident-simd with its phone-like latency
 * profile; BENCH_STEPS sets the repetitions (default 15). Skips with a
 * message when adb or trident-simd is missing.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"
#include "core/log.h"
#include "device/adb_client.h"
#include "device/device.h"
#include "device/sim/sim_render.h"
#include "tests/unit/adb_harness.h"

#define APP TRIDENT_SOURCE_DIR "/tests/data/device_test_app.json"

static struct adb_harness h;

/* Run `adb -P PORT -s SERIAL args...`, output discarded; 0 on success. */
static int adb_cli(const char *a1, const char *a2, const char *a3, const char *a4, const char *a5,
		   const char *a6)
{
	char port[16];
	snprintf(port, sizeof port, "%d", h.adb_port);
	const char *argv[] = { "adb", "-P", port, "-s", h.serial, a1, a2, a3, a4, a5, a6, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int rc = posix_spawnp(&pid, "adb", &fa, NULL, (char **)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		return rc;
	int st = 0;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

int main(void)
{
	log_set_level(LOG_WARN);
	const char *lat = getenv("BENCH_LATENCY");
	int rc = adb_harness_start(&h, APP, lat && *lat ? lat : NULL);
	if (rc) {
		adb_harness_stop(&h);
		if (rc == 77)
			printf("bench_device: skipped (needs adb and TRIDENT_SIMD=path/to/trident-simd)\n");
		return rc == 77 ? 0 : 1;
	}
	int steps = getenv("BENCH_STEPS") ? atoi(getenv("BENCH_STEPS")) : 15;
	if (steps < 3)
		steps = 3;
	double *ours = calloc((size_t)steps, sizeof *ours), *cli = calloc((size_t)steps, sizeof *cli);
	double *png = calloc((size_t)steps, sizeof *png), *raw = calloc((size_t)steps, sizeof *raw);
	struct device *dev = NULL;
	int err = device_open(h.serial, h.cfg, &dev);
	if (!err)
		err = device_launch(dev, "org.trident.devtest");
	if (err) {
		fprintf(stderr, "bench_device: %s\n", td_errmsg(err));
		adb_harness_stop(&h);
		return 1;
	}
	/* warm-up */
	struct capture cap = { 0 };
	if (!device_capture(dev, &cap))
		capture_release(&cap);

	for (int i = 0; i < steps; i++) {
		double t0 = bench_now_ms();
		err = device_capture(dev, &cap);
		if (!err) {
			capture_release(&cap);
			err = device_tap(dev, 540, 2300);
		}
		ours[i] = bench_now_ms() - t0;
		if (err) {
			fprintf(stderr, "bench_device: %s\n", td_errmsg(err));
			break;
		}
	}
	/* mkdtemp() fills in the six trailing template characters. */
	char tmp[32] = "/tmp/bench-device-";
	memset(tmp + strlen(tmp), 'X', 6);
	if (!mkdtemp(tmp))
		return 1;
	char lpng[64], lxml[64];
	snprintf(lpng, sizeof lpng, "%s/screen.png", tmp);
	snprintf(lxml, sizeof lxml, "%s/ui.xml", tmp);
	int cli_fail = 0;
	for (int i = 0; i < steps; i++) {
		double t0 = bench_now_ms();
		cli_fail |= adb_cli("shell", "screencap", "-p", "/data/local/tmp/bench.png", NULL, NULL);
		cli_fail |= adb_cli("pull", "/data/local/tmp/bench.png", lpng, NULL, NULL, NULL);
		cli_fail |= adb_cli("shell", "uiautomator", "dump", "/data/local/tmp/bench.xml", NULL, NULL);
		cli_fail |= adb_cli("pull", "/data/local/tmp/bench.xml", lxml, NULL, NULL, NULL);
		cli_fail |= adb_cli("shell", "input", "tap", "540", "2300", NULL);
		cli[i] = bench_now_ms() - t0;
	}
	/* One cheap operation alone: a tap over the socket vs `adb shell input tap`. */
	double *tap_ours = calloc((size_t)steps, sizeof *tap_ours), *tap_cli = calloc((size_t)steps, sizeof *tap_cli);
	for (int i = 0; i < steps; i++) {
		double t0 = bench_now_ms();
		if (device_tap(dev, 540, 2300))
			break;
		tap_ours[i] = bench_now_ms() - t0;
		t0 = bench_now_ms();
		cli_fail |= adb_cli("shell", "input", "tap", "540", "2300", NULL);
		tap_cli[i] = bench_now_ms() - t0;
	}
	/* The device's own work for the same step: the in-process simulator. */
	double *inproc = calloc((size_t)steps, sizeof *inproc);
	struct device *sim = NULL;
	if (!device_open("sim:" APP, NULL, &sim) && !device_launch(sim, "org.trident.devtest")) {
		for (int i = 0; i < steps; i++) {
			double t0 = bench_now_ms();
			if (device_capture(sim, &cap))
				break;
			capture_release(&cap);
			if (device_tap(sim, 540, 2300))
				break;
			inproc[i] = bench_now_ms() - t0;
		}
	}
	device_close(sim);
	/* Screenshot format over exec: PNG (device encodes) vs raw RGBA. */
	struct adb_client *c = NULL;
	size_t png_bytes = 0, raw_bytes = 0;
	if (!adb_client_new(h.server, 20000, &c)) {
		for (int i = 0; i < steps; i++) {
			struct strbuf sb = STRBUF_INIT;
			double t0 = bench_now_ms();
			if (adb_exec(c, h.serial, "screencap -p", &sb))
				break;
			png[i] = bench_now_ms() - t0;
			png_bytes = sb.len;
			strbuf_reset(&sb);
			t0 = bench_now_ms();
			if (adb_exec(c, h.serial, "screencap", &sb))
				break;
			raw[i] = bench_now_ms() - t0;
			raw_bytes = sb.len;
			strbuf_release(&sb);
		}
		adb_client_free(c);
	}
	double m_ours = bench_median(ours, (size_t)steps), m_cli = bench_median(cli, (size_t)steps);
	printf("bench_device: one step = capture (screenshot + dump + activity) + tap, %d runs, latency=%s\n",
	       steps, lat && *lat ? lat : "none");
	printf("  socket path (trident):          median %8.1f ms\n", m_ours);
	printf("  adb CLI per op (AppAgent way):  median %8.1f ms%s\n", m_cli,
	       cli_fail ? "  (some adb commands failed)" : "");
	printf("  ratio cli/socket:               %8.2fx\n", m_ours > 0 ? m_cli / m_ours : 0);
	if (!lat || !*lat) {
		/* Without simulated latency the in-process sim does the same device work. */
		/* The same step with no transport at all, sequential (for scale). */
		printf("  same step in process (no adb):  median %8.1f ms\n", bench_median(inproc, (size_t)steps));
	}
	double m_to = bench_median(tap_ours, (size_t)steps), m_tc = bench_median(tap_cli, (size_t)steps);
	printf("  one tap: socket %.2f ms, adb CLI %.2f ms, ratio %.1fx\n", m_to, m_tc, m_to > 0 ? m_tc / m_to : 0);
	printf("  exec:screencap -p (PNG, %zu B):  median %8.1f ms\n", png_bytes, bench_median(png, (size_t)steps));
	printf("  exec:screencap raw (%zu B):    median %8.1f ms\n", raw_bytes, bench_median(raw, (size_t)steps));
	device_close(dev);
	unlink(lpng);
	unlink(lxml);
	rmdir(tmp);
	free(ours);
	free(cli);
	free(png);
	free(raw);
	free(tap_ours);
	free(tap_cli);
	free(inproc);
	adb_harness_stop(&h);
	sim_render_release_caches();
	return 0;
}
