/*
 * device.c - the device API (device.h) over a transport (transport.h).
 *
 * Every operation is a shell command line built here (arguments quoted with
 * device_parse_quote_sh) and an answer parsed by device_parse.c, so the adb
 * and sim backends run identical code; only the transport differs.
 *
 * Failures: a transport error triggers transport_recover() once (for adb:
 * probe, reconnect, wait up to device.reconnect_ms); when the device is
 * back the operation is run once more, otherwise the error names the lost
 * device. Retrying can repeat an action whose answer was lost mid-stream;
 * that is the price of continuing a run after a device blip.
 *
 * device_capture runs its three parts (screencap, uiautomator dump,
 * dumpsys) on three threads when the transport allows overlapping calls;
 * each thread copies its td_error message back, since messages are per
 * thread.
 */
#include "device/device.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/config.h"
#include "core/framebuf.h"
#include "core/image.h"
#include "core/log.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/adb_client.h"
#include "device/app_info.h"
#include "device/device_parse.h"
#include "device/sim/sim.h"
#include "device/transport.h"

/* Per device handle (pid + a counter), so two trident runs - or two
 * devices of one run - never share a file on the device. */
#define DEVICE_TMP_DIR "/data/local/tmp"
#define SHELL_CAP (16u << 20)     /* text answers */
#define SHOT_CAP (64u << 20)      /* screenshots */
#define LONG_PRESS_MS 800
#define SCROLL_MS 400

static const char *const anim_keys[3] = { "window_animation_scale", "transition_animation_scale",
					  "animator_duration_scale" };

struct device {
	char *serial;
	const char *backend;
	struct transport *t;
	struct sim_app *app;    /* sim backend only; NULL for a wrapped sim */
	struct sim *sim;
	bool sim_borrowed;      /* device_open_sim: the caller frees the sim */
	int dump_retries;
	bool anim_saved;
	char anim_prev[3][32];
	size_t crash_log_seen;  /* bytes of the crash buffer already reported */
	char crash_log_head[128];
	char *last_xml;         /* the latest capture's dump, for error dialogs */
	bool run_locked;        /* device_lock_run() holds RUN_LOCK_DIR */
	char dump_path[96];     /* DEVICE_TMP_DIR/trident_dump_PID_N.xml, removed on close */
	bool dumped;            /* dump_path may exist on the device */
	long installs;          /* for per-install temporary APK names */
};

/* One run per device: a directory created atomically by mkdir. */
#define RUN_LOCK_DIR "/data/local/tmp/trident.lock"


/* Settings; without a config, the compiled-in defaults (configs/default.json). */
static long long cfg_int(const struct config *cfg, const char *path)
{
	return config_int(config_or_builtin(cfg), path);
}

static const char *cfg_str(const struct config *cfg, const char *path)
{
	return config_string(config_or_builtin(cfg), path);
}

/* Errors worth a recovery attempt: the device or its connection may be gone. */
static bool transport_failure(int err)
{
	return err == TD_ERR_IO || err == TD_ERR_CLOSED || err == TD_ERR_TIMEOUT ||
	       err == TD_ERR_NOT_FOUND || err == TD_ERR_DEVICE || err == TD_ERR_PROTOCOL;
}

/* Shell with one recovery; stdout to `out`, stderr to `errb` (may be NULL). */
static int dev_shell(struct device *dev, const char *cmd, struct strbuf *out, struct strbuf *errb, int *code)
{
	struct strbuf scratch = STRBUF_INIT;
	strbuf_init(&scratch, SHELL_CAP);
	if (!errb)
		errb = &scratch;
	size_t ol = out->len, el = errb->len;
	log_trace("%s$ %s", dev->serial, cmd);
	int err = transport_shell(dev->t, cmd, out, errb, code);
	if (err && transport_failure(err)) {
		err = transport_recover(dev->t, err);
		if (!err) {
			strbuf_setlen(out, ol);
			strbuf_setlen(errb, el);
			err = transport_shell(dev->t, cmd, out, errb, code);
		}
	}
	strbuf_release(&scratch);
	return err;
}

/* Run `cmd`; exit code != 0 -> TD_ERR_DEVICE with what it printed. */
static int dev_run(struct device *dev, const char *cmd, struct strbuf *out_opt)
{
	struct strbuf out = STRBUF_INIT, errb = STRBUF_INIT;
	strbuf_init(&out, SHELL_CAP);
	strbuf_init(&errb, SHELL_CAP);
	int code = 0;
	int err = dev_shell(dev, cmd, &out, &errb, &code);
	if (!err && code != 0) {
		struct strbuf *why = errb.len ? &errb : &out;
		strbuf_rtrim(why);
		err = td_error(TD_ERR_DEVICE, "%s: '%.120s' exited with %d: %.300s", dev->serial, cmd, code,
			       why->len ? why->buf : "(no output)");
	}
	if (!err && out_opt)
		err = strbuf_add(out_opt, out.buf, out.len);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

/* Build "WORD WORD ..." with each word quoted, then run it. */
static int dev_runv(struct device *dev, const char *const argv[], struct strbuf *out_opt)
{
	struct strbuf cmd = STRBUF_INIT;
	int err = device_parse_join_argv(&cmd, argv);
	if (!err)
		err = dev_run(dev, cmd.buf, out_opt);
	strbuf_release(&cmd);
	return err;
}

/* ---- opening ---- */

static int open_sim(const char *spec, const struct config *cfg, struct device *dev)
{
	char *name = xstrdup(spec + 4);
	bool fixed = false;
	size_t n = strlen(name);
	if (n > 6 && !strcmp(name + n - 6, ":fixed")) {
		fixed = true;
		name[n - 6] = '\0';
	}
	int err = TD_OK;
	char *path = NULL;
	if (!*name) {
		err = td_error(TD_ERR_INVALID, "device '%s': expected sim:NAME", spec);
		goto out;
	}
	const char *apps_dir = cfg_str(cfg, "sim.apps_dir");
	path = sim_app_resolve(name, apps_dir);
	if (!path) {
		err = td_error(TD_ERR_NOT_FOUND, "device '%s': no app spec named '%s'", spec, name);
		goto out;
	}
	size_t pl = strlen(path);
	bool is_apk = pl > 4 && !strcmp(path + pl - 4, ".apk");
	struct strbuf apk = STRBUF_INIT;
	err = is_apk ? sim_app_load_apk(path, &apk, &dev->app) : sim_app_load(path, &dev->app);
	if (err) {
		strbuf_release(&apk);
		goto out;
	}
	struct sim_options opt = {
		.width = (int)cfg_int(cfg, "sim.width"),
		.height = (int)cfg_int(cfg, "sim.height"),
		.fixed = fixed,
		.latency = cfg_str(cfg, "sim.latency"),
	};
	err = sim_new(dev->app, &opt, &dev->sim);
	if (!err && is_apk) {
		/* installed as by adb install: pm path and pull give the APK back */
		struct strbuf msg = STRBUF_INIT;
		err = sim_install_apk(dev->sim, apk.buf, apk.len, false, &msg);
		strbuf_release(&msg);
	}
	strbuf_release(&apk);
	if (err)
		goto out;
	dev->t = transport_sim_new(dev->sim, 0);
	dev->backend = "sim";
	dev->serial = xasprintf("sim:%s%s", name, fixed ? ":fixed" : "");
out:
	free(name);
	free(path);
	return err;
}

int device_app_info(struct device *dev, struct app_info **out)
{
	*out = NULL;
	if (dev->app) {
		*out = app_info_from_sim_app(dev->app);
		return TD_OK;
	}
	/* A real device: the app must be in the foreground; activities unknown. */
	char *pkg = NULL, *act = NULL;
	int err = device_foreground(dev, &pkg, &act);
	if (err != TD_OK)
		return err;
	struct app_info *info = xcalloc(1, sizeof(*info));
	info->package = pkg ? pkg : xstrdup("");
	info->label = xstrdup(info->package);
	free(act);
	*out = info;
	return TD_OK;
}

/* Find `serial` in the server's device list; *state gets its state or "". */
static int lookup_state(struct adb_client *c, const char *serial, char *state, size_t state_size,
			struct device_info **all, size_t *n_all)
{
	struct strbuf sb = STRBUF_INIT;
	int err = adb_host_query(c, "host:devices-l", &sb);
	struct device_info *v = NULL;
	size_t n = 0;
	if (!err)
		err = device_parse_devices_l(sb.buf, &v, &n);
	strbuf_release(&sb);
	if (err)
		return err;
	state[0] = '\0';
	for (size_t i = 0; i < n && serial; i++)
		if (!strcmp(v[i].serial, serial))
			snprintf(state, state_size, "%s", v[i].state);
	if (all) {
		*all = v;
		*n_all = n;
	} else {
		free(v);
	}
	return TD_OK;
}

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int open_adb(const char *spec, const struct config *cfg, struct device *dev)
{
	int timeout = (int)cfg_int(cfg, "device.timeout_ms");
	int wait_ms = (int)cfg_int(cfg, "device.reconnect_ms");
	struct adb_client *c = NULL;
	int err = adb_client_new(cfg_str(cfg, "device.adb_server"), timeout, &c);
	if (err)
		return err;
	char state[32];
	char *serial = NULL;
	struct device_info *all = NULL;
	size_t n_all = 0;
	if ((err = adb_client_ensure_server(c, NULL)))
		goto out;
	if (!spec || !*spec) {
		if ((err = lookup_state(c, NULL, state, sizeof state, &all, &n_all)))
			goto out;
		size_t ready = 0;
		for (size_t i = 0; i < n_all; i++)
			if (!strcmp(all[i].state, "device")) {
				ready++;
				free(serial);
				serial = xstrdup(all[i].serial);
			}
		if (ready != 1) {
			err = td_error(TD_ERR_NOT_FOUND, "%s adb devices are ready (%zu listed); pick one with --device SERIAL",
				       ready ? "several" : "no", n_all);
			goto out;
		}
	} else {
		serial = xstrdup(spec);
	}
	/* Wait (bounded by device.reconnect_ms) for the device to be ready;
	 * a host:port serial is connected, and reconnected while offline. */
	long long start = mono_ms(), deadline = start + (wait_ms > timeout ? wait_ms : timeout);
	long long next_connect = 0;
	bool tcp = strchr(serial, ':') != NULL, warned = false;
	for (;;) {
		if ((err = lookup_state(c, serial, state, sizeof state, NULL, NULL)))
			goto out;
		if (!strcmp(state, "device"))
			break;
		if (!strcmp(state, "unauthorized")) {
			err = td_error(TD_ERR_AUTH, "device %s is unauthorized: accept the USB debugging prompt on it", serial);
			goto out;
		}
		if (!*state && !tcp) {
			err = td_error(TD_ERR_NOT_FOUND, "no adb device '%s' (see 'trident devices')", serial);
			goto out;
		}
		long long now = mono_ms();
		if (tcp && now >= next_connect) {
			if (*state) {
				/* offline: drop the stale transport instead of waiting out adb's backoff */
				char svc[300];
				struct strbuf sb = STRBUF_INIT;
				snprintf(svc, sizeof svc, "host:disconnect:%s", serial);
				int qerr = adb_host_query(c, svc, &sb);

				if (qerr)
					log_debug("disconnect %s: %s", serial, td_errmsg(qerr));
				strbuf_release(&sb);
			}
			err = adb_host_connect(c, serial);
			if (err && next_connect == 0 && !*state)
				goto out; /* never connected: report adb's words at once */
			err = TD_OK;
			next_connect = now + 1000;
			continue;
		}
		if (!warned) {
			log_warn("device %s is %s; waiting up to %lld ms for it", serial, *state ? state : "gone",
				 deadline - start);
			warned = true;
		}
		if (now > deadline) {
			err = td_error(TD_ERR_TIMEOUT, "device %s stayed '%s' for %lld ms", serial,
				       *state ? state : "absent", now - start);
			goto out;
		}
		usleep(100000);
	}
	err = transport_adb_new(c, serial, wait_ms, &dev->t);
	c = NULL;
	if (err)
		goto out;
	dev->backend = "adb";
	dev->serial = serial;
	serial = NULL;
out:
	adb_client_free(c);
	free(serial);
	free(all);
	return err;
}

/* A device with no backend yet. */
static struct device *device_alloc(const struct config *cfg)
{
	static atomic_long handles;
	struct device *dev = xcalloc(1, sizeof *dev);
	snprintf(dev->dump_path, sizeof dev->dump_path, DEVICE_TMP_DIR "/trident_dump_%ld_%ld.xml",
		 (long)getpid(), atomic_fetch_add(&handles, 1) + 1);
	dev->dump_retries = (int)cfg_int(cfg, "device.dump_retries");
	return dev;
}

/* The last step of opening: note the crash log so far, hand the device out. */
static void device_opened(struct device *dev, struct device **out)
{
	/* Crashes already in the buffer belong to earlier runs. */
	struct strbuf log = STRBUF_INIT;
	strbuf_init(&log, SHELL_CAP);
	int code = 0;
	if (!transport_shell(dev->t, "logcat -b crash -d", &log, NULL, &code) && code == 0) {
		dev->crash_log_seen = log.len;
		snprintf(dev->crash_log_head, sizeof dev->crash_log_head, "%.*s",
			 (int)(log.len < sizeof dev->crash_log_head ? log.len : sizeof dev->crash_log_head - 1), log.buf);
	}
	strbuf_release(&log);
	log_debug("opened %s device %s", dev->backend, dev->serial);
	*out = dev;
}

int device_open(const char *spec, const struct config *cfg, struct device **out)
{
	struct device *dev = device_alloc(cfg);
	int err;
	if (spec && !strncmp(spec, "sim:", 4))
		err = open_sim(spec, cfg, dev);
	else
		err = open_adb(spec, cfg, dev);
	if (err) {
		device_close(dev);
		return err;
	}
	device_opened(dev, out);
	return TD_OK;
}

int device_open_sim(struct sim *sim, const struct config *cfg, struct device **out)
{
	if (!sim)
		return td_error(TD_ERR_INVALID, "device_open_sim: no simulator");
	struct device *dev = device_alloc(cfg);
	dev->sim = sim;
	dev->sim_borrowed = true;
	dev->t = transport_sim_new(sim, 0);
	dev->backend = "sim";
	dev->serial = xstrdup("sim");
	device_opened(dev, out);
	return TD_OK;
}

/*
 * Put the animation scales back as they were before disable_animations.
 * No recovery wait here: closing must not hang on a device that is gone.
 */
static void restore_animations(struct device *dev)
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
	int err = TD_OK, code = 0;
	for (int i = 0; i < 3 && !err; i++)
		err = strbuf_addf(&cmd, "%ssettings put global %s %s", i ? "; " : "", anim_keys[i], dev->anim_prev[i]);
	if (!err)
		err = transport_shell(dev->t, cmd.buf, &out, NULL, &code);
	if (!err && code)
		err = td_error(TD_ERR_DEVICE, "exit code %d", code);
	if (err)
		log_warn("could not restore animation scales on %s: %s", dev->serial, td_errmsg(err));
	strbuf_release(&cmd);
	strbuf_release(&out);
	dev->anim_saved = false;
}

void device_cancel(struct device *dev)
{
	if (dev)
		transport_cancel(dev->t);
}

void device_close(struct device *dev)
{
	if (!dev)
		return;
	device_unlock_run(dev);
	if (dev->anim_saved && dev->t)
		restore_animations(dev);
	if (dev->dumped && dev->t) {
		/* no recovery wait: closing must not hang on a device that is gone */
		struct strbuf cmd = STRBUF_INIT, o = STRBUF_INIT;
		int code = 0;
		(void)strbuf_addf(&cmd, "rm -f %s", dev->dump_path);
		if (transport_shell(dev->t, cmd.buf, &o, NULL, &code) || code)
			log_debug("%s: could not remove %s", dev->serial, dev->dump_path);
		strbuf_release(&cmd);
		strbuf_release(&o);
	}
	transport_free(dev->t);
	if (!dev->sim_borrowed)
		sim_free(dev->sim);
	sim_app_free(dev->app);
	free(dev->serial);
	free(dev->last_xml);
	free(dev);
}

const char *device_backend(const struct device *dev)
{
	return dev->backend;
}

const char *device_serial(const struct device *dev)
{
	return dev->serial;
}

const char *device_sim_package(const struct device *dev)
{
	return dev->app ? sim_app_package(dev->app) : NULL;
}

int device_list(const struct config *cfg, struct device_info **out, size_t *n)
{
	struct adb_client *c = NULL;
	int err = adb_client_new(cfg_str(cfg, "device.adb_server"), (int)cfg_int(cfg, "device.timeout_ms"), &c);
	if (err)
		return err;
	char state[8];
	err = adb_client_ensure_server(c, NULL);
	if (!err)
		err = lookup_state(c, NULL, state, sizeof state, out, n);
	adb_client_free(c);
	return err;
}

/* ---- screen ---- */

int device_screen_size(struct device *dev, int *width, int *height)
{
	struct strbuf out = STRBUF_INIT;
	int err = dev_run(dev, "wm size", &out);
	if (!err)
		err = device_parse_wm_size(out.buf, width, height);
	strbuf_release(&out);
	return err;
}

/*
 * `screencap` over exec: (binary-safe): Android's raw frame, no PNG encoded
 * on the device to be decoded here (a PNG is accepted too). The payload is
 * checked against its header (device_parse_screencap): a short one is a
 * stream cut off (the device went away mid-transfer), a transport failure
 * that recover() and the retry in device_capture() handle; a malformed one
 * is an error naming the device.
 */
static int take_screenshot(struct device *dev, struct strbuf *shot, int *w, int *h)
{
	int err = transport_exec(dev->t, "screencap", shot);
	if (err)
		return err;
	err = device_parse_screencap((const unsigned char *)shot->buf, shot->len, w, h);
	if (!err)
		return TD_OK;
	char why[512]; /* td_errmsg's buffer is the one td_error writes: copy it first */
	snprintf(why, sizeof why, "%s", td_errmsg(err));
	if (err == TD_ERR_CLOSED)
		return td_error(err, "%s: %s: the connection dropped mid-transfer", dev->serial, why);
	return td_error(TD_ERR_PARSE, "%s: %s", dev->serial, why);
}

/* rm -f, uiautomator dump FILE, read FILE back; retries with backoff. */
static int take_dump(struct device *dev, struct strbuf *xml)
{
	char why[256] = "";
	int delay = 100;
	for (int attempt = 0; attempt <= dev->dump_retries; attempt++) {
		if (attempt) {
			log_debug("%s: uiautomator dump attempt %d after '%s'", dev->serial, attempt + 1, why);
			usleep((useconds_t)delay * 1000);
			delay = delay < 1600 ? delay * 2 : delay;
		}
		struct strbuf out = STRBUF_INIT, errb = STRBUF_INIT;
		int code = 0;
		char cmd[256];
		snprintf(cmd, sizeof cmd, "rm -f %s; uiautomator dump %s", dev->dump_path, dev->dump_path);
		dev->dumped = true;
		int err = transport_shell(dev->t, cmd, &out, &errb, &code);
		if (!err)
			err = strbuf_add(&out, errb.buf, errb.len);
		int st = err ? DEVICE_DUMP_FAILED : device_parse_dump_status(out.buf, why, sizeof why);
		if (!err && st == DEVICE_DUMP_OK && code != 0) {
			st = DEVICE_DUMP_FAILED;
			snprintf(why, sizeof why, "exit code %d: %.200s", code, out.buf);
		}
		strbuf_release(&out);
		strbuf_release(&errb);
		if (err)
			return err;
		if (st == DEVICE_DUMP_FAILED)
			return td_error(TD_ERR_DEVICE, "%s: uiautomator dump failed: %s", dev->serial, why);
		if (st == DEVICE_DUMP_RETRY)
			continue;
		strbuf_reset(xml);
		err = transport_pull(dev->t, dev->dump_path, xml);
		if (err == TD_ERR_NOT_FOUND) {
			snprintf(why, sizeof why, "the dump wrote no file");
			continue;
		}
		if (err)
			return err;
		if (!strstr(xml->buf, "<hierarchy")) {
			snprintf(why, sizeof why, "the dump file has no <hierarchy> (%zu bytes)", xml->len);
			continue;
		}
		return TD_OK;
	}
	return td_error(TD_ERR_DEVICE, "%s: uiautomator dump failed %d times; last: %s", dev->serial,
			dev->dump_retries + 1, why);
}

/* Foreground package/activity from dumpsys ("" when unknown). */
static int take_foreground(struct device *dev, char **package, char **activity)
{
	static const char *const cmds[] = { "dumpsys activity activities", "dumpsys window" };
	int err = TD_ERR_NOT_FOUND;
	for (size_t i = 0; i < 2; i++) {
		struct strbuf out = STRBUF_INIT, errb = STRBUF_INIT;
		strbuf_init(&out, SHELL_CAP);
		int code = 0;
		err = transport_shell(dev->t, cmds[i], &out, &errb, &code);
		if (!err)
			err = device_parse_foreground(out.buf, package, activity);
		strbuf_release(&out);
		strbuf_release(&errb);
		if (err != TD_ERR_NOT_FOUND)
			break;
	}
	return err;
}

struct capture_part {
	struct device *dev;
	int which;              /* 0 screenshot, 1 dump */
	int err;
	char msg[512];
	struct strbuf data;     /* the dump */
	struct framebuf *shot;  /* the screenshot: a pooled buffer, filled in place */
	int w, h;
};

/* Run one capture part; copies the error message for the joining thread. */
static void run_part(struct capture_part *p)
{
	if (p->which == 0)
		p->err = take_screenshot(p->dev, &p->shot->sb, &p->w, &p->h);
	else
		p->err = take_dump(p->dev, &p->data);
	if (p->err)
		snprintf(p->msg, sizeof p->msg, "%s", td_errmsg(p->err));
}

static void *part_thread(void *arg)
{
	struct capture_part *p = arg;
	log_set_thread_name(p->which == 0 ? "cap-shot" : "cap-dump");
	run_part(p);
	return NULL;
}

/* One capture attempt; parts overlap when the transport allows. */
static int capture_once(struct device *dev, struct capture *out)
{
	struct capture_part parts[2];
	for (int i = 0; i < 2; i++) {
		memset(&parts[i], 0, sizeof parts[i]);
		parts[i].dev = dev;
		parts[i].which = i;
		strbuf_init(&parts[i].data, SHELL_CAP);
	}
	/* The frame goes into a pooled buffer: no 10 MB malloc and first-touch
	 * page faults per capture (core/framebuf.h). */
	parts[0].shot = framebuf_get(SHOT_CAP);
	pthread_t th[2];
	bool started[2] = { false, false };
	if (dev->t->parallel)
		for (int i = 0; i < 2; i++)
			started[i] = pthread_create(&th[i], NULL, part_thread, &parts[i]) == 0;
	char *pkg = NULL, *act = NULL;
	int ferr = take_foreground(dev, &pkg, &act);
	char fmsg[512] = "";
	if (ferr && ferr != TD_ERR_NOT_FOUND)
		snprintf(fmsg, sizeof fmsg, "%s", td_errmsg(ferr));
	for (int i = 0; i < 2; i++) {
		if (started[i])
			pthread_join(th[i], NULL);
		else
			run_part(&parts[i]);
	}
	int err = TD_OK;
	for (int i = 0; i < 2 && !err; i++)
		if (parts[i].err)
			err = td_error(parts[i].err, "%s", parts[i].msg);
	if (!err && ferr && ferr != TD_ERR_NOT_FOUND)
		err = td_error(ferr, "%s", fmsg);
	if (!err) {
		memset(out, 0, sizeof *out);
		out->shot_buf = parts[0].shot;
		parts[0].shot = NULL;
		out->shot = (unsigned char *)out->shot_buf->sb.buf;
		out->shot_len = out->shot_buf->sb.len;
		out->xml = strbuf_detach(&parts[1].data, &out->xml_len);
		out->width = parts[0].w;
		out->height = parts[0].h;
		out->package = pkg ? pkg : xstrdup("");
		out->activity = act ? act : xstrdup("");
		pkg = act = NULL;
		free(dev->last_xml);
		dev->last_xml = xstrdup(out->xml);
	}
	free(pkg);
	free(act);
	for (int i = 0; i < 2; i++)
		strbuf_release(&parts[i].data);
	framebuf_unref(parts[0].shot);
	return err;
}

/* Captures tried after a transport failure before the error is returned.
 * A raw frame is 10 MB: on a slow link (and under TSan) one transfer takes
 * seconds, so a connection that flaps every few seconds can cut three
 * tries in a row (faults_device under TSan: 3 drops during one capture).
 * Only tries after a successful recovery count: a lost device stops at once. */
#define CAPTURE_ATTEMPTS 6

int device_capture(struct device *dev, struct capture *out)
{
	int err = capture_once(dev, out);
	/* A capture changes nothing on the device, so it is redone also when the
	 * device already answers again (it came back before the probe). A device
	 * that drops again during the retry gets another recovery: a flapping
	 * connection costs a few captures, not the run. Once a recovery has
	 * waited the whole reconnect time the device is lost and we stop. */
	for (int attempt = 0; attempt < CAPTURE_ATTEMPTS && err && transport_failure(err); attempt++) {
		err = transport_recover(dev->t, err);
		if (err && atomic_load(&dev->t->lost))
			break;
		err = capture_once(dev, out);
	}
	return err;
}

/* "PID@HOST" of this process. */
static void lock_owner(char *buf, size_t n)
{
	char host[256] = "";
	if (gethostname(host, sizeof host - 1) != 0 || !host[0])
		snprintf(host, sizeof host, "unknown");
	snprintf(buf, n, "%ld@%s", (long)getpid(), host);
}

/* Whether the owner "PID@HOST" is a process of this host that is gone. */
static bool lock_owner_dead(const char *owner)
{
	char mine[300], host[256] = "";
	long pid = 0;
	lock_owner(mine, sizeof mine);
	const char *at = strchr(mine, '@');
	if (sscanf(owner, "%ld@%255s", &pid, host) != 2 || pid <= 0 || strcmp(host, at + 1))
		return false;
	if (kill((pid_t)pid, 0) != 0 && errno == ESRCH)
		return true;
	/* A killed run whose parent died too (a campaign's worker after kill -9)
	 * may stay a zombie until its new parent reaps it: it is gone all the same. */
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *end = strrchr(buf, ')');
	return end && end[1] == ' ' && (end[2] == 'Z' || end[2] == 'X');
}

int device_lock_run(struct device *dev)
{
	char owner[300];
	if (strcmp(dev->backend, "adb") || dev->run_locked)
		return TD_OK; /* an in-process simulator belongs to this run alone */
	lock_owner(owner, sizeof owner);
	for (int attempt = 0; attempt < 2; attempt++) {
		struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
		const char *mk[] = { "mkdir", RUN_LOCK_DIR, NULL };
		const char *echo[] = { "echo", owner, NULL };
		const char *file[] = { RUN_LOCK_DIR "/owner", NULL };
		int code = 0, err = device_parse_join_argv(&cmd, mk);
		if (!err)
			err = strbuf_adds(&cmd, " && ");
		if (!err)
			err = device_parse_join_argv(&cmd, echo);
		if (!err)
			err = strbuf_adds(&cmd, " > ");
		if (!err)
			err = device_parse_join_argv(&cmd, file);
		strbuf_init(&out, SHELL_CAP);
		if (!err)
			err = dev_shell(dev, cmd.buf, &out, NULL, &code);
		strbuf_release(&cmd);
		strbuf_release(&out);
		if (err)
			return err;
		if (code == 0) {
			dev->run_locked = true;
			return TD_OK;
		}
		/* Held: by whom? */
		char *held = NULL;
		size_t len = 0;
		if (device_pull(dev, RUN_LOCK_DIR "/owner", &held, &len) != TD_OK) {
			free(held);
			held = xstrdup("an unknown process");
		}
		else {
			char *t = xmalloc(len + 1);
			memcpy(t, held, len);
			t[len] = '\0';
			free(held);
			held = t;
		}
		for (size_t k = strlen(held); k && (held[k - 1] == '\n' || held[k - 1] == ' '); k--)
			held[k - 1] = '\0';
		if (attempt == 0 && lock_owner_dead(held)) {
			const char *rm[] = { "rm", "-r", "-f", RUN_LOCK_DIR, NULL };
			log_warn("%s: removing the stale run lock of %s (that process is gone)", dev->serial, held);
			free(held);
			if (dev_runv(dev, rm, NULL) != TD_OK)
				return td_error(TD_ERR_DEVICE, "%s: cannot remove the stale lock %s", dev->serial,
						RUN_LOCK_DIR);
			continue;
		}
		err = td_error(TD_ERR_INVALID, "device %s is busy: another trident run (%.200s) holds %s; "
			       "two runs on one device disturb each other's replays. Wait for it to end, or "
			       "when no run is left remove the lock: adb -s %s shell rm -r %s", dev->serial,
			       held, RUN_LOCK_DIR, dev->serial, RUN_LOCK_DIR);
		free(held);
		return err;
	}
	return td_error(TD_ERR_INVALID, "device %s is busy (%s)", dev->serial, RUN_LOCK_DIR);
}

void device_unlock_run(struct device *dev)
{
	const char *rm[] = { "rm", "-r", "-f", RUN_LOCK_DIR, NULL };
	if (!dev || !dev->run_locked)
		return;
	dev->run_locked = false;
	if (device_lost(dev) || dev_runv(dev, rm, NULL) != TD_OK)
		log_warn("%s: cannot remove the run lock %s; the next run removes it as stale",
			 dev->serial, RUN_LOCK_DIR);
}

bool device_lost(const struct device *dev)
{
	return dev && atomic_load(&dev->t->lost);
}

int capture_image(const struct capture *c, const char *name, struct image **out)
{
	*out = NULL;
	if (!c->shot || !c->shot_len)
		return td_error(TD_ERR_PARSE, "%s: no screenshot", name);
	if (c->shot_buf)
		return image_decode_frame(c->shot_buf, name, out);
	return image_decode(c->shot, c->shot_len, name, out);
}

void capture_release(struct capture *c)
{
	if (!c)
		return;
	if (c->shot_buf)
		framebuf_unref(c->shot_buf);
	else
		free(c->shot);
	free(c->xml);
	free(c->activity);
	free(c->package);
	memset(c, 0, sizeof *c);
}

int device_foreground(struct device *dev, char **package, char **activity)
{
	int err = take_foreground(dev, package, activity);
	if (err && err != TD_ERR_NOT_FOUND && transport_failure(err)) {
		err = transport_recover(dev->t, err);
		if (!err)
			err = take_foreground(dev, package, activity);
	}
	return err;
}

int device_left_app(struct device *dev, const char *package, bool *left)
{
	char *pkg = NULL, *act = NULL;
	int err = device_foreground(dev, &pkg, &act);
	if (err == TD_ERR_NOT_FOUND) {
		*left = true;
		err = TD_OK;
	} else if (!err) {
		*left = strcmp(pkg, package) != 0;
	}
	free(pkg);
	free(act);
	return err;
}

/* ---- actions ---- */

/* Coordinates must be on screen-ish and sane. */
static int check_xy(int x, int y)
{
	if (x < 0 || y < 0 || x > 100000 || y > 100000)
		return td_error(TD_ERR_INVALID, "coordinates (%d,%d) are off the screen", x, y);
	return TD_OK;
}

int device_tap(struct device *dev, int x, int y)
{
	int err = check_xy(x, y);
	if (err)
		return err;
	char cmd[64];
	snprintf(cmd, sizeof cmd, "input tap %d %d", x, y);
	return dev_run(dev, cmd, NULL);
}

int device_swipe(struct device *dev, int x1, int y1, int x2, int y2, int ms)
{
	int err = check_xy(x1, y1);
	if (!err)
		err = check_xy(x2, y2);
	if (err)
		return err;
	if (ms <= 0 || ms > 60000)
		return td_error(TD_ERR_INVALID, "swipe duration %d ms is out of range", ms);
	char cmd[96];
	snprintf(cmd, sizeof cmd, "input swipe %d %d %d %d %d", x1, y1, x2, y2, ms);
	return dev_run(dev, cmd, NULL);
}

int device_long_press(struct device *dev, int x, int y)
{
	return device_swipe(dev, x, y, x, y, LONG_PRESS_MS);
}

int device_scroll(struct device *dev, int x1, int y1, int x2, int y2, enum device_dir dir)
{
	if (x2 <= x1 || y2 <= y1)
		return td_error(TD_ERR_INVALID, "scroll box [%d,%d][%d,%d] is empty", x1, y1, x2, y2);
	int cx = (x1 + x2) / 2, cy = (y1 + y2) / 2;
	int w = x2 - x1, h = y2 - y1;
	/* The finger moves against the scroll direction, inside the middle 60%. */
	switch (dir) {
	case DEVICE_DIR_DOWN:
		return device_swipe(dev, cx, y1 + h * 4 / 5, cx, y1 + h / 5, SCROLL_MS);
	case DEVICE_DIR_UP:
		return device_swipe(dev, cx, y1 + h / 5, cx, y1 + h * 4 / 5, SCROLL_MS);
	case DEVICE_DIR_RIGHT:
		return device_swipe(dev, x1 + w * 4 / 5, cy, x1 + w / 5, cy, SCROLL_MS);
	case DEVICE_DIR_LEFT:
		return device_swipe(dev, x1 + w / 5, cy, x1 + w * 4 / 5, cy, SCROLL_MS);
	}
	return td_error(TD_ERR_INVALID, "unknown scroll direction %d", (int)dir);
}

int device_input_text(struct device *dev, const char *text)
{
	struct strbuf cmd = STRBUF_INIT;
	int err = device_parse_input_text_cmd(&cmd, text);
	if (!err && cmd.len)
		err = dev_run(dev, cmd.buf, NULL);
	strbuf_release(&cmd);
	return err;
}

int device_clear_text(struct device *dev, int max_chars)
{
	if (max_chars < 0 || max_chars > 10000)
		return td_error(TD_ERR_INVALID, "clear_text: %d characters is out of range", max_chars);
	/* KEYCODE_MOVE_END (123), then KEYCODE_DEL (67) max_chars times. */
	struct strbuf cmd = STRBUF_INIT;
	int err = strbuf_adds(&cmd, "input keyevent 123");
	for (int i = 0; i < max_chars && !err; i++)
		err = strbuf_adds(&cmd, " 67");
	if (!err)
		err = dev_run(dev, cmd.buf, NULL);
	strbuf_release(&cmd);
	return err;
}

int device_key(struct device *dev, enum device_key key)
{
	int code;
	switch (key) {
	case DEVICE_KEY_BACK: code = 4; break;
	case DEVICE_KEY_HOME: code = 3; break;
	case DEVICE_KEY_ENTER: code = 66; break;
	case DEVICE_KEY_DEL: code = 67; break;
	default:
		return td_error(TD_ERR_INVALID, "unknown key %d", (int)key);
	}
	char cmd[48];
	snprintf(cmd, sizeof cmd, "input keyevent %d", code);
	return dev_run(dev, cmd, NULL);
}

int device_dump_xml(struct device *dev, char **xml, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_init(&sb, SHELL_CAP);
	int err = take_dump(dev, &sb);
	if (err && transport_failure(err) && !(err = transport_recover(dev->t, err)))
		err = take_dump(dev, &sb);
	if (!err) {
		free(dev->last_xml);
		dev->last_xml = xstrdup(sb.buf);
		*xml = strbuf_detach(&sb, len);
	}
	strbuf_release(&sb);
	return err;
}

/* The checked state of the smallest checkable widget containing (x,y). */
static int checked_at(struct device *dev, int x, int y, bool *checked)
{
	char *xml = NULL;
	size_t len = 0;
	int err = device_dump_xml(dev, &xml, &len);
	struct ui_tree *t = NULL;
	if (!err)
		err = ui_parse(xml, len, "uiautomator dump", &t);
	free(xml);
	if (err)
		return err;
	const struct ui_widget *best = NULL;
	long best_area = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const struct ui_rect *r = &w->bounds;
		if (!w->checkable || x < r->x1 || x >= r->x2 || y < r->y1 || y >= r->y2)
			continue;
		long area = (long)(r->x2 - r->x1) * (r->y2 - r->y1);
		if (!best || area < best_area) {
			best = w;
			best_area = area;
		}
	}
	if (best)
		*checked = best->checked;
	else
		err = td_error(TD_ERR_NOT_FOUND, "%s: no checkable widget at (%d,%d)", dev->serial, x, y);
	ui_tree_free(t);
	return err;
}

int device_set_checked(struct device *dev, int x, int y, bool checked)
{
	bool now = false;
	int err = check_xy(x, y);
	if (!err)
		err = checked_at(dev, x, y, &now);
	if (err || now == checked)
		return err;
	if ((err = device_tap(dev, x, y)) || (err = checked_at(dev, x, y, &now)))
		return err;
	if (now != checked)
		return td_error(TD_ERR_DEVICE, "%s: tapping (%d,%d) did not %s the widget", dev->serial, x, y,
				checked ? "check" : "uncheck");
	return TD_OK;
}

/* ---- app control ---- */

static int check_package(const char *package)
{
	if (!device_parse_valid_package(package))
		return td_error(TD_ERR_INVALID, "'%s' is not a package name", package ? package : "(null)");
	return TD_OK;
}

int device_launch(struct device *dev, const char *package)
{
	int err = check_package(package);
	if (err)
		return err;
	const char *argv[] = { "monkey", "-p", package, "-c", "android.intent.category.LAUNCHER", "1", NULL };
	struct strbuf out = STRBUF_INIT;
	err = dev_runv(dev, argv, &out);
	if (!err)
		err = device_parse_monkey(package, out.buf);
	strbuf_release(&out);
	return err;
}

int device_force_stop(struct device *dev, const char *package)
{
	int err = check_package(package);
	if (err)
		return err;
	const char *argv[] = { "am", "force-stop", package, NULL };
	return dev_runv(dev, argv, NULL);
}

/* Run a pm command and insist on "Success". */
static int run_pm(struct device *dev, const char *what, const char *const argv[])
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT, errb = STRBUF_INIT;
	int code = 0;
	int err = device_parse_join_argv(&cmd, argv);
	if (!err)
		err = dev_shell(dev, cmd.buf, &out, &errb, &code);
	if (!err && (err = strbuf_add(&out, errb.buf, errb.len)) == TD_OK)
		err = device_parse_pm_result(what, out.buf);
	strbuf_release(&cmd);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

int device_clear_data(struct device *dev, const char *package)
{
	int err = check_package(package);
	if (err)
		return err;
	const char *argv[] = { "pm", "clear", package, NULL };
	return run_pm(dev, "pm clear", argv);
}

/* am start -W ...; Status/Error parsed. */
static int am_start(struct device *dev, const char *const argv[], const char *what)
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT, errb = STRBUF_INIT;
	int code = 0;
	struct device_am_result res = { 0 };
	int err = device_parse_join_argv(&cmd, argv);
	if (!err)
		err = dev_shell(dev, cmd.buf, &out, &errb, &code);
	if (!err)
		err = strbuf_add(&out, errb.buf, errb.len);
	if (!err)
		err = device_parse_am_start(out.buf, &res);
	if (!err) {
		if (res.ok)
			log_debug("%s: %s -> %s (%d ms)", dev->serial, what, res.activity, res.total_ms);
		else if (*res.error)
			err = td_error(TD_ERR_DEVICE, "am start %s: %s", what, res.error);
		else if (res.timeout)
			err = td_error(TD_ERR_TIMEOUT, "am start %s: Status: timeout", what);
		else
			err = td_error(TD_ERR_DEVICE, "am start %s: no 'Status: ok' (exit %d): %.200s", what, code,
				       out.len ? out.buf : "(no output)");
	}
	device_am_result_release(&res);
	strbuf_release(&cmd);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

int device_start_activity(struct device *dev, const char *component)
{
	const char *slash = component ? strchr(component, '/') : NULL;
	if (!slash || slash == component || !slash[1])
		return td_error(TD_ERR_INVALID, "'%s' is not a component (pkg/.Activity)", component ? component : "(null)");
	const char *argv[] = { "am", "start", "-W", "-n", component, NULL };
	return am_start(dev, argv, component);
}

int device_open_uri(struct device *dev, const char *uri, const char *package)
{
	if (!uri || !strchr(uri, ':'))
		return td_error(TD_ERR_INVALID, "'%s' is not a URI", uri ? uri : "(null)");
	if (package && *package && check_package(package))
		return TD_ERR_INVALID;
	const char *argv[] = { "am", "start", "-W", "-a", "android.intent.action.VIEW", "-d", uri,
			       package && *package ? package : NULL, NULL };
	return am_start(dev, argv, uri);
}

int device_rotate(struct device *dev, int rotation)
{
	if (rotation < 0 || rotation > 3)
		return td_error(TD_ERR_INVALID, "rotation %d: expected 0..3", rotation);
	char cmd[128];
	snprintf(cmd, sizeof cmd,
		 "settings put system accelerometer_rotation 0; settings put system user_rotation %d", rotation);
	return dev_run(dev, cmd, NULL);
}

int device_disable_animations(struct device *dev)
{
	if (!dev->anim_saved) {
		struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
		int err = TD_OK;
		for (int i = 0; i < 3 && !err; i++)
			err = strbuf_addf(&cmd, "%ssettings get global %s", i ? "; " : "", anim_keys[i]);
		if (!err)
			err = dev_run(dev, cmd.buf, &out);
		const char *p = out.buf;
		for (int i = 0; i < 3; i++) {
			/* "null" (never set) or nothing readable restores the default 1. */
			char *end = NULL;
			double v = err ? 1.0 : strtod(p, &end);
			if (err || end == p || v < 0 || v > 100)
				snprintf(dev->anim_prev[i], sizeof dev->anim_prev[i], "1");
			else
				snprintf(dev->anim_prev[i], sizeof dev->anim_prev[i], "%g", v);
			const char *nl = strchr(p, '\n');
			p = nl ? nl + 1 : p + strlen(p);
		}
		if (err)
			log_debug("%s: reading animation scales failed (%s); will restore 1", dev->serial, td_errmsg(err));
		strbuf_release(&cmd);
		strbuf_release(&out);
	}
	struct strbuf cmd = STRBUF_INIT;
	int err = TD_OK;
	for (int i = 0; i < 3 && !err; i++)
		err = strbuf_addf(&cmd, "%ssettings put global %s 0", i ? "; " : "", anim_keys[i]);
	if (!err)
		err = dev_run(dev, cmd.buf, NULL);
	strbuf_release(&cmd);
	if (!err)
		dev->anim_saved = true;
	return err;
}

int device_install_apk(struct device *dev, const char *apk_path, bool grant_permissions)
{
	struct strbuf apk = STRBUF_INIT, o = STRBUF_INIT;
	strbuf_init(&apk, 1u << 30);
	int err = strbuf_read_file(&apk, apk_path);
	if (err) {
		strbuf_release(&apk);
		return err == TD_ERR_NOT_FOUND ? td_error(err, "%s: no such APK", apk_path) : err;
	}
	char remote[128];
	snprintf(remote, sizeof remote, DEVICE_TMP_DIR "/trident_install_%ld_%ld.apk", (long)getpid(),
		 ++dev->installs);
	err = transport_push(dev->t, remote, apk.buf, apk.len, 0644);
	if (err && transport_failure(err) && !(err = transport_recover(dev->t, err)))
		err = transport_push(dev->t, remote, apk.buf, apk.len, 0644);
	strbuf_release(&apk);
	if (err)
		return err;
	const char *argv[] = { "pm", "install", "-r", "-t", grant_permissions ? "-g" : remote,
			       grant_permissions ? remote : NULL, NULL };
	err = run_pm(dev, "pm install", argv);
	const char *rm_argv[] = { "rm", "-f", remote, NULL };
	struct strbuf cmd = STRBUF_INIT;
	int code = 0;
	if (device_parse_join_argv(&cmd, rm_argv) || dev_shell(dev, cmd.buf, &o, NULL, &code) || code)
		log_debug("%s: could not remove %s", dev->serial, remote);
	strbuf_release(&cmd);
	strbuf_release(&o);
	return err;
}

int device_install(struct device *dev, const char *apk_path)
{
	return device_install_apk(dev, apk_path, false);
}

int device_package_path(struct device *dev, const char *package, char **path)
{
	*path = NULL;
	int err = check_package(package);
	if (err)
		return err;
	const char *argv[] = { "pm", "path", package, NULL };
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT, errb = STRBUF_INIT;
	int code = 0;
	err = device_parse_join_argv(&cmd, argv);
	if (!err)
		err = dev_shell(dev, cmd.buf, &out, &errb, &code);
	if (!err) {
		err = device_parse_pm_path(out.buf, path);
		if (err == TD_ERR_NOT_FOUND)
			err = td_error(err, "package %s is not installed on %s", package, dev->serial);
	}
	strbuf_release(&cmd);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

int device_pull_file(struct device *dev, const char *remote, const char *local)
{
	char *data = NULL;
	size_t len = 0;
	int err = device_pull(dev, remote, &data, &len);
	if (err)
		return err;
	char *tmp = xasprintf("%s.part%ld", local, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		err = td_error(TD_ERR_IO, "%s: %s", tmp, strerror(errno));
	} else {
		bool ok = fwrite(data, 1, len, f) == len;
		ok = (fclose(f) == 0) && ok;
		if (!ok)
			err = td_error(TD_ERR_IO, "%s: write failed: %s", tmp, strerror(errno));
		else if (rename(tmp, local) != 0)
			err = td_error(TD_ERR_IO, "%s: %s", local, strerror(errno));
		if (err)
			(void)unlink(tmp);
	}
	free(tmp);
	free(data);
	return err;
}

int device_foreground_package(struct device *dev, char **package)
{
	char *act = NULL;
	*package = NULL;
	int err = device_foreground(dev, package, &act);
	free(act);
	return err;
}

int device_home_package(struct device *dev, char **package)
{
	*package = NULL;
	struct strbuf out = STRBUF_INIT, errb = STRBUF_INIT;
	int code = 0;
	int err = dev_shell(dev, "cmd package resolve-activity --brief -a android.intent.action.MAIN "
			    "-c android.intent.category.HOME", &out, &errb, &code);
	if (!err && code == 0)
		err = device_parse_resolve_activity(out.buf, package);
	else if (!err)
		err = td_error(TD_ERR_NOT_FOUND, "%s: no home activity resolved", dev->serial);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

int device_keyboard_shown(struct device *dev, bool *shown)
{
	*shown = false;
	struct strbuf out = STRBUF_INIT, errb = STRBUF_INIT;
	int code = 0;
	int err = dev_shell(dev, "dumpsys input_method", &out, &errb, &code);
	if (!err)
		err = device_parse_input_shown(out.buf, shown);
	strbuf_release(&out);
	strbuf_release(&errb);
	return err;
}

int device_uninstall(struct device *dev, const char *package)
{
	int err = check_package(package);
	if (err)
		return err;
	const char *argv[] = { "pm", "uninstall", package, NULL };
	return run_pm(dev, "pm uninstall", argv);
}

/* ---- detection ---- */

int device_check_crash(struct device *dev, const char *package, struct device_crash *out)
{
	memset(out, 0, sizeof *out);
	struct strbuf log = STRBUF_INIT;
	strbuf_init(&log, SHELL_CAP);
	int err = dev_run(dev, "logcat -b crash -d", &log);
	if (err) {
		strbuf_release(&log);
		return err;
	}
	/* Only what was appended since the last look; a rotated buffer is read whole. */
	size_t from = 0;
	size_t hl = strlen(dev->crash_log_head);
	if (dev->crash_log_seen <= log.len && !strncmp(log.buf, dev->crash_log_head, hl))
		from = dev->crash_log_seen;
	struct device_crash_log cl;
	device_parse_crash_log(log.buf + from, package, &cl);
	dev->crash_log_seen = log.len;
	snprintf(dev->crash_log_head, sizeof dev->crash_log_head, "%.*s",
		 (int)(log.len < sizeof dev->crash_log_head ? log.len : sizeof dev->crash_log_head - 1), log.buf);
	strbuf_release(&log);
	bool dlg_crash = false, dlg_anr = false;
	if (dev->last_xml)
		device_parse_error_dialog(dev->last_xml, &dlg_crash, &dlg_anr);
	out->crashed = cl.crashes > 0 || dlg_crash;
	out->anr = cl.anrs > 0 || dlg_anr;
	out->package = xstrdup(package ? package : "");
	if (cl.summary)
		out->summary = cl.summary;
	else if (dlg_crash || dlg_anr)
		out->summary = xstrdup(dlg_anr ? "an \"isn't responding\" dialog is on screen"
					       : "a \"has stopped\" dialog is on screen");
	else
		out->summary = xstrdup("");
	return TD_OK;
}

void device_crash_release(struct device_crash *c)
{
	if (!c)
		return;
	free(c->package);
	free(c->summary);
	memset(c, 0, sizeof *c);
}

/* ---- raw access ---- */

int device_shell(struct device *dev, const char *const argv[], char **out, int *exit_code)
{
	struct strbuf cmd = STRBUF_INIT, o = STRBUF_INIT, e = STRBUF_INIT;
	strbuf_init(&o, SHELL_CAP);
	strbuf_init(&e, SHELL_CAP);
	int code = 0;
	int err = device_parse_join_argv(&cmd, argv);
	if (!err)
		err = dev_shell(dev, cmd.buf, &o, &e, &code);
	if (!err && (err = strbuf_add(&o, e.buf, e.len)) == TD_OK) {
		*out = strbuf_detach(&o, NULL);
		if (exit_code)
			*exit_code = code;
	}
	strbuf_release(&cmd);
	strbuf_release(&o);
	strbuf_release(&e);
	return err;
}

int device_pull(struct device *dev, const char *path, char **data, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_init(&sb, SHOT_CAP);
	int err = transport_pull(dev->t, path, &sb);
	if (err && err != TD_ERR_NOT_FOUND && transport_failure(err) && !(err = transport_recover(dev->t, err))) {
		strbuf_reset(&sb);
		err = transport_pull(dev->t, path, &sb);
	}
	if (!err)
		*data = strbuf_detach(&sb, len);
	strbuf_release(&sb);
	return err;
}

int device_push(struct device *dev, const char *path, const void *data, size_t len)
{
	int err = transport_push(dev->t, path, data, len, 0644);
	if (err && transport_failure(err) && !(err = transport_recover(dev->t, err)))
		err = transport_push(dev->t, path, data, len, 0644);
	return err;
}
