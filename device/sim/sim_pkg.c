/*
 * sim_pkg.c - the simulated device's package manager: which trident apps
 * are installed, installing one from an APK (the spec is the APK's asset
 * assets/trident-app.json, see sim_apk.h), uninstalling, and which one runs.
 *
 * The device runs one trident app at a time (s->app, with its state and
 * back stack). Every installed package keeps its loaded spec; launching a
 * package other than the current one stops the current app and switches
 * to it with fresh state. An installed APK is kept byte for byte at its
 * /data/app/~~XXXX==/PKG-YYYY==/base.apk path, so `pm path` and a sync pull
 * give back exactly what was installed, as on a phone.
 *
 * Apps loaded from APKs are only freed by sim_free: the ground truth
 * (sim_fired_bugs) points into them even after an uninstall.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/xalloc.h"
#include "device/sim/sim_apk.h"
#include "device/sim/sim_internal.h"

#define SIM_MAX_INSTALLS 256

struct sim_pkg *sim_pkg_find(struct sim *s, const char *pkg)
{
	for (size_t i = 0; pkg && i < s->n_pkgs; i++)
		if (!strcmp(s->pkgs[i].app->package, pkg))
			return &s->pkgs[i];
	return NULL;
}

bool sim_pkg_use(struct sim *s, const char *pkg)
{
	struct sim_pkg *p = sim_pkg_find(s, pkg);
	if (!p)
		return false;
	if (p->app != s->app)
		sim_act_switch_app(s, p->app);
	return true;
}

/* A base64-looking, stable token for /data/app paths. */
static void path_token(const char *seed, long salt, char *out, size_t n)
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	unsigned long h = 1469598103934665603ul ^ (unsigned long)salt;
	for (const char *p = seed; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ul;
	size_t i;
	for (i = 0; i + 1 < n && i < 22; i++) {
		out[i] = alphabet[h & 63];
		h = h * 6364136223846793005ul + 1442695040888963407ul;
	}
	out[i] = '\0';
}

/* "/data/app/~~X==/PKG-Y==/base.apk" -> "/data/app/~~X==" (in place). */
static void apk_top_dir(char *path)
{
	for (int k = 0; k < 2; k++) {
		char *slash = strrchr(path, '/');
		if (slash && slash != path)
			*slash = '\0';
	}
}

/* One line, without control characters, for a Failure [...] message. */
static void add_reason(struct strbuf *out, const char *why)
{
	for (const char *p = why; *p; p++)
		(void)strbuf_addch(out, (unsigned char)*p < 0x20 ? ' ' : *p);
}

int sim_pkg_install(struct sim *s, const void *apk, size_t len, bool grant, struct strbuf *out)
{
	char tmp[64];
	snprintf(tmp, sizeof tmp, "/data/app/vmdl%ld.tmp/base.apk", 1000000 + s->installs * 7919);
	s->installs++;
	if (s->n_owned >= SIM_MAX_INSTALLS) {
		/* every installed spec stays loaded until sim_free: bound them */
		(void)strbuf_addf(out, "Failure [INSTALL_FAILED_INSUFFICIENT_STORAGE: more than %d installs "
				  "since the device started]\n", SIM_MAX_INSTALLS);
		return 1;
	}
	char *spec = NULL;
	size_t spec_len = 0;
	int err = sim_apk_read_entry(apk, len, SIM_APK_SPEC_ENTRY, SIM_SPEC_MAX_BYTES, &spec, &spec_len);
	if (err == TD_ERR_PARSE || err == TD_ERR_TOO_BIG) {
		(void)strbuf_addf(out, "Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse %s: ", tmp);
		add_reason(out, td_errmsg(err));
		(void)strbuf_adds(out, "]\n");
		return 1;
	}
	if (err) {
		(void)strbuf_addf(out, "Failure [INSTALL_FAILED_INVALID_APK: %s: ", tmp);
		if (err == TD_ERR_NOT_FOUND)
			(void)strbuf_adds(out, "not a trident app: no " SIM_APK_SPEC_ENTRY " asset");
		else
			add_reason(out, td_errmsg(err));
		(void)strbuf_adds(out, "]\n");
		return 1;
	}
	struct sim_app *app = NULL;
	err = sim_app_load_text(spec, spec_len, SIM_APK_SPEC_ENTRY, &app);
	free(spec);
	if (err) {
		(void)strbuf_addf(out, "Failure [INSTALL_FAILED_INVALID_APK: %s: ", tmp);
		add_reason(out, td_errmsg(err));
		(void)strbuf_adds(out, "]\n");
		return 1;
	}
	char t1[24], t2[24];
	path_token(app->package, s->installs, t1, sizeof t1);
	path_token(app->version, s->installs * 31 + 7, t2, sizeof t2);
	char *dir = xasprintf("/data/app/~~%s==", t1);
	char *sub = xasprintf("%s/%s-%s==", dir, app->package, t2);
	char *path = xasprintf("%s/base.apk", sub);
	(void)sim_fs_mkdir(s, "/data/app", false);
	err = sim_fs_mkdir(s, sub, true);
	if (!err)
		err = sim_fs_write(s, path, apk, len, S_IFREG | 0644);
	if (err) {
		(void)strbuf_adds(out, "Failure [INSTALL_FAILED_INSUFFICIENT_STORAGE: ");
		add_reason(out, td_errmsg(err));
		(void)strbuf_adds(out, "]\n");
		(void)sim_fs_remove(s, dir, true);
		sim_app_free(app);
		free(dir);
		free(sub);
		free(path);
		return 1;
	}
	s->owned = xrealloc(s->owned, (s->n_owned + 1) * sizeof *s->owned);
	s->owned[s->n_owned++] = app;
	struct sim_pkg *p = sim_pkg_find(s, app->package);
	if (p) {
		/* an update: the old APK goes, a running old version is stopped */
		if (p->apk_path) {
			char *old_dir = xstrdup(p->apk_path);
			apk_top_dir(old_dir);
			(void)sim_fs_remove(s, old_dir, true);
			free(old_dir);
		}
		free(p->apk_path);
	} else {
		s->pkgs = xrealloc(s->pkgs, (s->n_pkgs + 1) * sizeof *s->pkgs);
		p = &s->pkgs[s->n_pkgs++];
		memset(p, 0, sizeof *p);
	}
	bool was_current = !strcmp(s->app->package, app->package);
	p->app = app;
	p->apk_path = path;
	p->grant_all = grant;
	if (was_current)
		sim_act_switch_app(s, app);
	free(dir);
	free(sub);
	(void)strbuf_adds(out, "Success\n");
	return 0;
}

int sim_pkg_uninstall(struct sim *s, const char *pkg, struct strbuf *out)
{
	struct sim_pkg *p = sim_pkg_find(s, pkg);
	if (!p) {
		(void)strbuf_adds(out, "Failure [DELETE_FAILED_INTERNAL_ERROR]\n");
		return 1;
	}
	if (p->app == s->app)
		sim_act_force_stop(s);
	if (p->apk_path) {
		apk_top_dir(p->apk_path);
		(void)sim_fs_remove(s, p->apk_path, true);
		free(p->apk_path);
	}
	sim_perm_forget(s, pkg); /* a reinstall asks again */
	size_t i = (size_t)(p - s->pkgs);
	memmove(&s->pkgs[i], &s->pkgs[i + 1], (s->n_pkgs - i - 1) * sizeof *s->pkgs);
	s->n_pkgs--;
	(void)strbuf_adds(out, "Success\n");
	return 0;
}

static void session_free(struct sim_session *se)
{
	for (size_t i = 0; i < se->n_apks; i++) {
		free(se->names[i]);
		strbuf_release(&se->apks[i]);
	}
	free(se->names);
	free(se->apks);
}

static struct sim_session *session_find(struct sim *s, const char *id)
{
	char *end;
	long v = strtol(id ? id : "", &end, 10);
	for (size_t i = 0; !*end && i < s->n_sessions; i++)
		if (s->sessions[i].id == v)
			return &s->sessions[i];
	return NULL;
}

static void session_drop(struct sim *s, struct sim_session *se)
{
	size_t i = (size_t)(se - s->sessions);
	session_free(se);
	memmove(&s->sessions[i], &s->sessions[i + 1], (s->n_sessions - i - 1) * sizeof *s->sessions);
	s->n_sessions--;
}

int sim_pkg_session(struct sim *s, int argc, char **argv, const struct strbuf *in, struct strbuf *out,
		    struct strbuf *err)
{
	const char *sub = argv[1];
	/* the non-option words after the subcommand, and -S SIZE */
	const char *words[4] = { 0 };
	int n_words = 0;
	long size = -1;
	bool grant = false;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-S") && i + 1 < argc)
			size = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-g"))
			grant = true;
		else if ((!strcmp(argv[i], "-i") || !strcmp(argv[i], "--user") || !strcmp(argv[i], "-p")) &&
			 i + 1 < argc)
			i++;
		else if ((argv[i][0] != '-' || !strcmp(argv[i], "-")) && n_words < 4)
			words[n_words++] = argv[i];
	}
	if (!strcmp(sub, "install-create")) {
		if (s->n_sessions >= 16) {
			(void)strbuf_adds(err, "Error: too many install sessions\n");
			return 1;
		}
		s->sessions = xrealloc(s->sessions, (s->n_sessions + 1) * sizeof *s->sessions);
		struct sim_session *se = &s->sessions[s->n_sessions++];
		memset(se, 0, sizeof *se);
		se->id = 1000000 + (int)(s->installs * 7 + (long)s->n_sessions) % 1000000;
		se->grant = grant;
		s->installs++;
		(void)strbuf_addf(out, "Success: created install session [%d]\n", se->id);
		return 0;
	}
	struct sim_session *se = session_find(s, words[0]);
	if (!se) {
		(void)strbuf_addf(err, "Exception occurred while executing '%s':\n"
				  "java.lang.IllegalArgumentException: Unknown session %s\n", sub,
				  words[0] ? words[0] : "");
		return 255;
	}
	if (!strcmp(sub, "install-write")) {
		/* install-write [-S SIZE] SESSION NAME [PATH|-] */
		struct strbuf data = STRBUF_INIT;
		strbuf_init(&data, SIM_APK_MAX_BYTES);
		const char *src = words[2];
		int rc = 0;
		if (!src || !strcmp(src, "-")) {
			if (!in || size < 0 || in->len != (size_t)size) {
				(void)strbuf_addf(err, "Error: read %zu of %ld bytes from stdin\n", in ? in->len : 0, size);
				rc = 1;
			} else if (strbuf_add(&data, in->buf, in->len)) {
				rc = 1;
			}
		} else if (sim_fs_read(s, src, &data) != 0) {
			(void)strbuf_addf(err, "Error: Unable to open file: %s\n", src);
			rc = 1;
		}
		if (rc || se->n_apks >= 16) {
			strbuf_release(&data);
			return rc ? rc : 1;
		}
		se->names = xrealloc(se->names, (se->n_apks + 1) * sizeof *se->names);
		se->apks = xrealloc(se->apks, (se->n_apks + 1) * sizeof *se->apks);
		se->names[se->n_apks] = xstrdup(words[1] ? words[1] : "base.apk");
		se->apks[se->n_apks++] = data;
		(void)strbuf_addf(out, "Success: streamed %zu bytes\n", data.len);
		return 0;
	}
	if (!strcmp(sub, "install-abandon")) {
		session_drop(s, se);
		(void)strbuf_adds(out, "Success\n");
		return 0;
	}
	if (!strcmp(sub, "install-commit")) {
		/* the APK that carries the spec is the base; splits are accepted and dropped */
		size_t base = 0;
		for (size_t i = 0; i < se->n_apks; i++) {
			char *spec = NULL;
			size_t n = 0;
			if (sim_apk_read_entry(se->apks[i].buf, se->apks[i].len, SIM_APK_SPEC_ENTRY,
					       SIM_SPEC_MAX_BYTES, &spec, &n) == TD_OK) {
				free(spec);
				base = i;
				break;
			}
		}
		int rc;
		if (!se->n_apks) {
			(void)strbuf_adds(out, "Failure [INSTALL_FAILED_INVALID_APK: No packages staged in session]\n");
			rc = 1;
		} else {
			rc = sim_pkg_install(s, se->apks[base].buf, se->apks[base].len, se->grant, out);
		}
		session_drop(s, se);
		return rc;
	}
	(void)strbuf_addf(err, "Unknown command: %s\n", sub);
	return 255;
}

void sim_pkg_free_all(struct sim *s)
{
	for (size_t i = 0; i < s->n_sessions; i++)
		session_free(&s->sessions[i]);
	free(s->sessions);
	for (size_t i = 0; i < s->n_pkgs; i++)
		free(s->pkgs[i].apk_path);
	free(s->pkgs);
	for (size_t i = 0; i < s->n_owned; i++)
		sim_app_free(s->owned[i]);
	free(s->owned);
}

int sim_install_apk(struct sim *s, const void *apk, size_t len, bool grant, struct strbuf *msg)
{
	pthread_mutex_lock(&s->lock);
	int rc = sim_pkg_install(s, apk, len, grant, msg);
	pthread_mutex_unlock(&s->lock);
	if (rc == 0)
		return TD_OK;
	int n = (int)(msg->len && msg->buf[msg->len - 1] == '\n' ? msg->len - 1 : msg->len);
	return td_error(TD_ERR_DEVICE, "%.*s", n, msg->buf);
}

int sim_app_load_apk(const char *path, struct strbuf *apk, struct sim_app **out)
{
	*out = NULL;
	strbuf_init(apk, SIM_APK_MAX_BYTES);
	int err = strbuf_read_file(apk, path);
	if (err)
		return err == TD_ERR_TOO_BIG ? td_error(err, "%s: over the %u-byte APK cap", path, SIM_APK_MAX_BYTES)
					     : err;
	char *spec = NULL;
	size_t spec_len = 0;
	err = sim_apk_read_entry(apk->buf, apk->len, SIM_APK_SPEC_ENTRY, SIM_SPEC_MAX_BYTES, &spec, &spec_len);
	if (err == TD_ERR_NOT_FOUND)
		return td_error(err, "%s: not a trident app: no %s asset", path, SIM_APK_SPEC_ENTRY);
	if (err)
		return td_error(err, "%s: %s", path, td_errmsg(err));
	char *name = xasprintf("%s!/%s", path, SIM_APK_SPEC_ENTRY);
	err = sim_app_load_text(spec, spec_len, name, out);
	free(name);
	free(spec);
	return err;
}
