/*
 * device.c - the device subcommands: `trident devices` (list adb
 * devices), `trident capture` (one screenshot + UIAutomator dump + activity
 * into a directory) and `trident app-info` (app metadata as JSON).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/image.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/device.h"
#include "device/sim/sim.h"

/* Load the config and apply --adb-server. Prints the error itself. */
static int load_config(const char *cmd, const char *config_path, const char *adb_server, struct config **cfg)
{
	int err = cli_config_load(cfg, config_path);
	if (!err && adb_server)
		err = config_set(*cfg, "device.adb_server", adb_server);
	if (err) {
		fprintf(stderr, "trident %s: %s\n", cmd, td_errmsg(err));
		config_free(*cfg);
		*cfg = NULL;
	}
	return err;
}

static void devices_usage(FILE *f)
{
	fprintf(f, "usage: trident devices [--adb-server HOST:PORT] [--config FILE]\n\n"
		   "Lists the devices the adb server knows (serial, state, model), asking the\n"
		   "server over its socket. When none answers on ANDROID_ADB_SERVER_PORT or\n"
		   "5037 it runs `adb start-server` and stops that server again when done\n"
		   "(TRIDENT_ADB_KEEP_SERVER=1 keeps it); a server given with --adb-server or\n"
		   "ADB_SERVER_SOCKET is never started. Simulated devices (sim:APP) are not listed.\n\n"
		   "  --adb-server H:P  adb server address (default: ADB_SERVER_SOCKET,\n"
		   "                    ANDROID_ADB_SERVER_PORT, then 127.0.0.1:5037)\n"
		   "  --config FILE     configuration file (see configs/default.json)\n");
}

int cmd_devices(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "adb-server", required_argument, NULL, 'a' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *server = NULL, *config_path = NULL;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'a': server = optarg; break;
		case 'c': config_path = optarg; break;
		case 'h': devices_usage(stdout); return 0;
		default:
			fprintf(stderr, "trident devices: bad option '%s'\n", argv[optind - 1]);
			devices_usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "trident devices: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	struct config *cfg = NULL;
	if (load_config("devices", config_path, server, &cfg))
		return 1;
	struct device_info *v = NULL;
	size_t n = 0;
	int err = device_list(cfg, &v, &n);
	config_free(cfg);
	if (err) {
		fprintf(stderr, "trident devices: %s\n", td_errmsg(err));
		return 1;
	}
	printf("%-24s %-14s %s\n", "SERIAL", "STATE", "MODEL");
	for (size_t i = 0; i < n; i++)
		printf("%-24s %-14s %s\n", v[i].serial, v[i].state, v[i].model[0] ? v[i].model : "-");
	if (!n)
		fprintf(stderr, "trident devices: no devices attached\n");
	free(v);
	return 0;
}

static void capture_usage(FILE *f)
{
	fprintf(f, "usage: trident capture --device SERIAL|sim:APP --out DIR\n"
		   "                       [--launch PACKAGE] [--adb-server HOST:PORT] [--config FILE]\n\n"
		   "Captures the device's screen once, the way the Explorer does at every step\n"
		   "(screencap, uiautomator dump and dumpsys, overlapped on adb), and writes\n"
		   "DIR/screen.png, DIR/screen.xml and DIR/activity.txt (\"pkg/.Activity\").\n"
		   "A sim:APP device starts with its app launched.\n\n"
		   "  --device SPEC     adb serial, host:port (connected when needed), sim:APP or sim:PATH.apk\n"
		   "  --out DIR         output directory (created)\n"
		   "  --launch PACKAGE  launch this app first\n"
		   "  --adb-server H:P  adb server address (never started by trident)\n"
		   "  --config FILE     configuration file (see configs/default.json)\n");
}

/* Write `len` bytes to DIR/NAME. */
static int write_out(const char *dir, const char *name, const void *data, size_t len)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	int err = TD_OK;
	if (!f || fwrite(data, 1, len, f) != len)
		err = td_error(TD_ERR_IO, "%s: %s", path, strerror(errno));
	if (f && fclose(f) && !err)
		err = td_error(TD_ERR_IO, "%s: %s", path, strerror(errno));
	free(path);
	return err;
}

int cmd_capture(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ "launch", required_argument, NULL, 'l' },
		{ "adb-server", required_argument, NULL, 'a' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *spec = NULL, *out_dir = NULL, *launch = NULL, *server = NULL, *config_path = NULL;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': spec = optarg; break;
		case 'o': out_dir = optarg; break;
		case 'l': launch = optarg; break;
		case 'a': server = optarg; break;
		case 'c': config_path = optarg; break;
		case 'h': capture_usage(stdout); return 0;
		default:
			fprintf(stderr, "trident capture: bad option '%s'\n", argv[optind - 1]);
			capture_usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "trident capture: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (!spec || !out_dir) {
		fprintf(stderr, "trident capture: --device and --out are required\n");
		capture_usage(stderr);
		return 2;
	}
	struct config *cfg = NULL;
	if (load_config("capture", config_path, server, &cfg))
		return 1;
	int rc = 1, err;
	struct device *dev = NULL;
	struct capture cap = { 0 };
	if ((err = device_open(spec, cfg, &dev)))
		goto fail;
	if (!launch)
		launch = device_sim_package(dev);
	if (launch && (err = device_launch(dev, launch)))
		goto fail;
	if ((err = device_capture(dev, &cap)))
		goto fail;
	if (mkdir(out_dir, 0755) && errno != EEXIST) {
		err = td_error(TD_ERR_IO, "%s: %s", out_dir, strerror(errno));
		goto fail;
	}
	char *act = xasprintf("%s\n", cap.activity);
	unsigned char *png = NULL;
	size_t png_len = 0;
	err = image_frame_png(cap.shot, cap.shot_len, "screenshot", &png, &png_len);
	if (!err)
		err = write_out(out_dir, "screen.png", png, png_len);
	free(png);
	if (!err)
		err = write_out(out_dir, "screen.xml", cap.xml, cap.xml_len);
	if (!err)
		err = write_out(out_dir, "activity.txt", act, strlen(act));
	free(act);
	if (err)
		goto fail;
	printf("%s: %dx%d screenshot, %zu-byte dump, activity %s -> %s\n", device_serial(dev), cap.width,
	       cap.height, cap.xml_len, *cap.activity ? cap.activity : "(unknown)", out_dir);
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "trident capture: %s\n", td_errmsg(err));
out:
	capture_release(&cap);
	device_close(dev);
	config_free(cfg);
	return rc;
}

static void app_info_usage(FILE *f)
{
	fprintf(f, "usage: trident app-info APK|sim:APP [--config FILE]\n\n"
		   "Prints what trident knows about an app as JSON: package, label, version,\n"
		   "launcher activity, every activity with its exported flag, and deep links\n"
		   "from VIEW intent filters (with an example URI each). An APK is read with\n"
		   "`aapt dump badging` and `aapt dump xmltree`; sim:APP reads the simulated\n"
		   "app's spec (configs/apps/APP.json or a path).\n");
}

int cmd_app_info(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *config_path = NULL;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': config_path = optarg; break;
		case 'h': app_info_usage(stdout); return 0;
		default:
			fprintf(stderr, "trident app-info: bad option '%s'\n", argv[optind - 1]);
			app_info_usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "trident app-info: expected one APK or sim:APP\n");
		app_info_usage(stderr);
		return 2;
	}
	const char *what = argv[optind];
	struct config *cfg = NULL;
	if (load_config("app-info", config_path, NULL, &cfg))
		return 1;
	struct app_info *info = NULL;
	int err;
	if (!strncmp(what, "sim:", 4)) {
		const char *apps_dir = config_string(cfg, "sim.apps_dir");
		char *name = xstrdup(what + 4);
		size_t n = strlen(name);
		if (n > 6 && !strcmp(name + n - 6, ":fixed"))
			name[n - 6] = '\0';
		char *path = sim_app_resolve(name, apps_dir);
		err = path ? app_info_from_sim_spec(path, &info)
			   : td_error(TD_ERR_NOT_FOUND, "no app spec named '%s'", name);
		free(path);
		free(name);
	} else {
		err = app_info_from_apk(what, &info);
	}
	config_free(cfg);
	if (err) {
		fprintf(stderr, "trident app-info: %s\n", td_errmsg(err));
		return 1;
	}
	char *json = app_info_to_json(info);
	fputs(json, stdout);
	free(json);
	app_info_free(info);
	return 0;
}
