/*
 * simd_main.c - trident-simd: serves a simulated Android device over the
 * ADB wire protocol, so `adb connect 127.0.0.1:PORT` and every adb command
 * a tester uses work against it. Thin: argument parsing, then sim_* (the
 * device) and adbd_* (the protocol server) do the work.
 *
 * --render OUT.png draws a screen to a file instead of serving (after the
 * optional --exec commands), which is how docs/images/demo-screen.png is made.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/sim/adbd.h"
#include "device/sim/sim.h"
#include "device/sim/sim_render.h"

static struct adbd *running;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: trident-simd --app SPEC [--port P] [--fixed] [--latency PROFILE]\n"
		"                    [--width W --height H] [--host ADDR] [--log-level LEVEL]\n"
		"       trident-simd --app SPEC --render OUT.png [--exec CMD]... [--fixed] [--width W --height H]\n"
		"\n"
		"Serve a simulated Android device running the app described by SPEC over the\n"
		"ADB protocol. Connect with:  adb connect 127.0.0.1:P\n"
		"\n"
		"  --app SPEC         app spec: a path to a JSON file, NAME for configs/apps/NAME.json,\n"
		"                     or an APK carrying the spec as assets/trident-app.json\n"
		"                     (installed as by adb install: pm path and pull return it)\n"
		"  --port P           TCP port to listen on (default 5555; 0 = pick a free port)\n"
		"  --host ADDR        IPv4 address to listen on (default 127.0.0.1)\n"
		"  --fixed            turn every injected bug off\n"
		"  --latency PROFILE  none (default) or phone: sleep like a real phone\n"
		"                     (about 1 s per dump, 0.3 s per screencap, 0.4 s per input)\n"
		"  --width W, --height H  portrait screen size in pixels (default 1080x2400)\n"
		"  --render OUT.png   write the current screen as PNG to OUT.png and exit (no server)\n"
		"  --exec CMD         with --render: run this device shell command first (repeatable),\n"
		"                     e.g. --exec 'monkey -p PKG -c android.intent.category.LAUNCHER 1'\n"
		"  --log-level LEVEL  trace|debug|info|warn|error|silent (default info)\n"
		"  -h, --help         show this help\n"
		"\n"
		"When ready it prints \"trident-simd: serving PACKAGE on HOST:PORT\" on stdout.\n"
		"SIGINT/SIGTERM stop it cleanly. Exit status: 0 ok, 1 error, 2 bad usage.\n");
}

static void on_signal(int sig)
{
	(void)sig;
	if (running)
		adbd_stop(running);
}

/* Parse a whole decimal number in [lo, hi]. */
static bool parse_int(const char *s, long lo, long hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* Run the --exec commands, then write one screencap -p to `path`. */
static int render_to_file(struct sim *s, char **cmds, int n_cmds, const char *path)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int code = 0, e = TD_OK;
	for (int i = 0; i < n_cmds && !e; i++) {
		strbuf_reset(&out);
		strbuf_reset(&err);
		e = sim_shell(s, cmds[i], &out, &err, &code);
		if (!e && code != 0)
			fprintf(stderr, "trident-simd: '%s' exited with %d: %.*s", cmds[i], code,
				(int)err.len, err.buf);
	}
	if (!e) {
		strbuf_reset(&out);
		e = sim_shell(s, "screencap -p", &out, &err, &code);
	}
	if (!e && (code != 0 || out.len < 8 || memcmp(out.buf, "\x89PNG", 4) != 0))
		e = td_error(TD_ERR_DEVICE, "screencap -p failed (exit %d): %.*s", code, (int)err.len, err.buf);
	if (!e) {
		FILE *f = fopen(path, "wb");
		if (!f) {
			e = td_error(TD_ERR_IO, "%s: %s", path, strerror(errno));
		} else {
			size_t n = fwrite(out.buf, 1, out.len, f);
			if (fclose(f) != 0 || n != out.len)
				e = td_error(TD_ERR_IO, "%s: write failed", path);
		}
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return e;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "app", required_argument, NULL, 'a' },
		{ "port", required_argument, NULL, 'p' },
		{ "host", required_argument, NULL, 'H' },
		{ "fixed", no_argument, NULL, 'f' },
		{ "latency", required_argument, NULL, 'l' },
		{ "width", required_argument, NULL, 'W' },
		{ "height", required_argument, NULL, 'E' },
		{ "render", required_argument, NULL, 'r' },
		{ "exec", required_argument, NULL, 'x' },
		{ "log-level", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *app_arg = NULL, *host = "127.0.0.1", *latency = NULL, *render = NULL;
	int port = 5555, width = 0, height = 0, n_exec = 0;
	bool fixed = false;
	char **execs = xcalloc((size_t)argc + 1, sizeof *execs);
	int opt, status = 1;
	struct sim_app *app = NULL;
	struct sim *sim = NULL;
	struct adbd *d = NULL;
	char *spec = NULL;
	struct strbuf apk = STRBUF_INIT;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			app_arg = optarg;
			break;
		case 'p':
			if (!parse_int(optarg, 0, 65535, &port)) {
				fprintf(stderr, "trident-simd: --port: '%s' is not a port number (0-65535)\n", optarg);
				status = 2;
				goto out;
			}
			break;
		case 'H':
			host = optarg;
			break;
		case 'f':
			fixed = true;
			break;
		case 'l':
			if (strcmp(optarg, "none") != 0 && strcmp(optarg, "phone") != 0) {
				fprintf(stderr, "trident-simd: --latency: unknown profile '%s' (none, phone)\n", optarg);
				status = 2;
				goto out;
			}
			latency = optarg;
			break;
		case 'W':
		case 'E':
			if (!parse_int(optarg, 64, 8192, opt == 'W' ? &width : &height)) {
				fprintf(stderr, "trident-simd: --%s: '%s' is not a size in 64..8192\n",
					opt == 'W' ? "width" : "height", optarg);
				status = 2;
				goto out;
			}
			break;
		case 'r':
			render = optarg;
			break;
		case 'x':
			execs[n_exec++] = optarg;
			break;
		case 'L': {
			int lvl = log_level_parse(optarg);
			if (lvl < 0) {
				fprintf(stderr, "trident-simd: --log-level: unknown level '%s'\n", optarg);
				status = 2;
				goto out;
			}
			log_set_level((enum log_level)lvl);
			break;
		}
		case 'h':
			usage(stdout);
			status = 0;
			goto out;
		default:
			fprintf(stderr, "trident-simd: unknown option or missing value: '%s'\n", argv[optind - 1]);
			fprintf(stderr, "Try 'trident-simd --help'.\n");
			status = 2;
			goto out;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "trident-simd: unexpected argument '%s'\nTry 'trident-simd --help'.\n", argv[optind]);
		status = 2;
		goto out;
	}
	if (!app_arg) {
		fprintf(stderr, "trident-simd: --app SPEC is required\nTry 'trident-simd --help'.\n");
		status = 2;
		goto out;
	}
	if ((width == 0) != (height == 0)) {
		fprintf(stderr, "trident-simd: give both --width and --height\n");
		status = 2;
		goto out;
	}
	if (n_exec && !render) {
		fprintf(stderr, "trident-simd: --exec only works with --render\n");
		status = 2;
		goto out;
	}

	size_t app_len = strlen(app_arg);
	bool is_apk = app_len > 4 && !strcmp(app_arg + app_len - 4, ".apk");
	int err;
	if (is_apk) {
		err = sim_app_load_apk(app_arg, &apk, &app);
	} else {
		spec = sim_app_resolve(app_arg, TRIDENT_SOURCE_DIR "/configs/apps");
		err = sim_app_load(spec ? spec : app_arg, &app);
	}
	if (err) {
		fprintf(stderr, "trident-simd: %s\n", td_errmsg(err));
		goto out;
	}
	struct sim_options so = { width, height, fixed, latency };
	err = sim_new(app, &so, &sim);
	if (err) {
		fprintf(stderr, "trident-simd: cannot start the device: %s\n", td_errmsg(err));
		goto out;
	}
	if (is_apk) {
		/* installed like `adb install`: pm path and pull give the APK back */
		struct strbuf msg = STRBUF_INIT;
		err = sim_install_apk(sim, apk.buf, apk.len, false, &msg);
		strbuf_release(&msg);
		if (err) {
			fprintf(stderr, "trident-simd: %s: %s\n", app_arg, td_errmsg(err));
			goto out;
		}
	}
	if (render) {
		err = render_to_file(sim, execs, n_exec, render);
		if (err) {
			fprintf(stderr, "trident-simd: %s\n", td_errmsg(err));
			goto out;
		}
		status = 0;
		goto out;
	}

	struct adbd_device dev;
	adbd_device_from_sim(sim, &dev);
	struct adbd_options ao = { host, port, 0, 0 };
	err = adbd_new(&dev, &ao, &d);
	if (err) {
		fprintf(stderr, "trident-simd: cannot listen: %s\n", td_errmsg(err));
		goto out;
	}
	running = d;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	log_set_thread_name("simd");
	printf("trident-simd: serving %s on %s:%d\n", sim_app_package(app), host, adbd_port(d));
	fflush(stdout);
	err = adbd_run(d);
	running = NULL;
	if (err) {
		fprintf(stderr, "trident-simd: %s\n", td_errmsg(err));
		goto out;
	}
	log_info("stopping");
	status = 0;
out:
	adbd_free(d);
	if (sim)
		sim_free(sim);
	if (app)
		sim_app_free(app);
	free(spec);
	strbuf_release(&apk);
	free(execs);
	sim_render_release_caches();
	return status;
}
