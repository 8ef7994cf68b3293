/*
 * campaign.c - the campaign file (parse, validate, expand into runs, shard)
 * and the campaign state file campaign.json (campaign.h). The merged
 * index.html and JUnit are campaign_report.c.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/campaign.h"
#include "core/config.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* Campaign files are small; a bigger one is a mistake. */
#define CAMPAIGN_FILE_CAP (4u << 20)
#define STATE_FILE_CAP (64u << 20)
#define MAX_SEEDS 100000

struct loader {
	const char *path;
	char *base;             /* the file's directory, with a trailing '/' ("" for the cwd) */
};

static int bad(const struct loader *ld, const char *key, const char *fmt, ...) TD_PRINTF(3, 4);
static int bad(const struct loader *ld, const char *key, const char *fmt, ...)
{
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	return td_error(TD_ERR_CONFIG, "%s: %s: %s", ld->path, key, why);
}

/* Line and column of byte `at`. */
static void line_col(const char *text, size_t at, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < at && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* Parse a JSON file (capped). TD_ERR_NOT_FOUND / TD_ERR_PARSE naming the file. */
static int read_json(const char *path, size_t cap, cJSON **out)
{
	struct strbuf sb = STRBUF_INIT;
	const char *end = NULL;
	int err;

	strbuf_init(&sb, cap);
	err = strbuf_read_file(&sb, path);
	if (err) {
		strbuf_release(&sb);
		if (err == TD_ERR_TOO_BIG)
			return td_error(TD_ERR_PARSE, "%s: over %zu bytes", path, cap);
		return td_error(errno == ENOENT ? TD_ERR_NOT_FOUND : TD_ERR_IO, "cannot read %s: %s", path,
				strerror(errno ? errno : EIO));
	}
	*out = cJSON_ParseWithLengthOpts(sb.buf, sb.len, &end, 0);
	if (*out && end) {
		/* Nothing but white space after the value. */
		while ((size_t)(end - sb.buf) < sb.len && strchr(" \t\r\n", *end))
			end++;
		if ((size_t)(end - sb.buf) < sb.len) {
			cJSON_Delete(*out);
			*out = NULL;
		}
	}
	if (!*out) {
		int line, col;
		line_col(sb.buf, end ? (size_t)(end - sb.buf) : 0, &line, &col);
		strbuf_release(&sb);
		return td_error(TD_ERR_PARSE, "%s:%d:%d: invalid JSON", path, line, col);
	}
	strbuf_release(&sb);
	return TD_OK;
}

/* A path from the campaign file, relative to its directory. */
static char *file_path(const struct loader *ld, const char *p)
{
	if (p[0] == '/' || !ld->base[0])
		return xstrdup(p);
	return xasprintf("%s%s", ld->base, p);
}

/* Whether every key of `obj` is in the NULL-terminated list; else an error naming it. */
static int check_keys(const struct loader *ld, const char *where, const cJSON *obj, const char *const *keys)
{
	const cJSON *it;
	cJSON_ArrayForEach(it, obj) {
		bool known = it->string && it->string[0] == '#'; /* comments, as in configs */
		for (size_t i = 0; keys[i] && !known; i++)
			known = !strcmp(it->string, keys[i]);
		if (!known) {
			char key[300];
			snprintf(key, sizeof key, "%s%s%s", where, where[0] ? "." : "", it->string);
			return bad(ld, key, "unknown key%s", " (see docs/campaigns.md)");
		}
	}
	return TD_OK;
}

static int get_string(const struct loader *ld, const char *where, const cJSON *obj, const char *name,
		      const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	char key[300];
	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return TD_OK;
	snprintf(key, sizeof key, "%s%s%s", where, where[0] ? "." : "", name);
	if (!cJSON_IsString(v) || !v->valuestring[0])
		return bad(ld, key, "must be a non-empty string%s", "");
	*out = v->valuestring;
	return TD_OK;
}

/* A whole number in [lo, hi]; *present false when absent. */
static int get_int(const struct loader *ld, const char *where, const cJSON *obj, const char *name,
		   long long lo, long long hi, long long *out, bool *present)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	char key[300], why[200];
	*present = false;
	if (!v || cJSON_IsNull(v))
		return TD_OK;
	snprintf(key, sizeof key, "%s%s%s", where, where[0] ? "." : "", name);
	snprintf(why, sizeof why, "must be a whole number from %lld to %lld", lo, hi);
	if (!cJSON_IsNumber(v) || v->valuedouble != (double)(long long)v->valuedouble ||
	    v->valuedouble < (double)lo || v->valuedouble > (double)hi)
		return bad(ld, key, "%s", why);
	*out = (long long)v->valuedouble;
	*present = true;
	return TD_OK;
}

static int get_bool(const struct loader *ld, const char *where, const cJSON *obj, const char *name,
		    bool *out, bool *present)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	char key[300];
	*present = false;
	if (!v || cJSON_IsNull(v))
		return TD_OK;
	snprintf(key, sizeof key, "%s%s%s", where, where[0] ? "." : "", name);
	if (!cJSON_IsBool(v))
		return bad(ld, key, "must be true or false%s", "");
	*out = cJSON_IsTrue(v);
	*present = true;
	return TD_OK;
}

/* Deep-merge object `over` into object `into` (copies). */
static void merge_objects(cJSON *into, const cJSON *over)
{
	const cJSON *it;
	cJSON_ArrayForEach(it, over) {
		cJSON *have = cJSON_GetObjectItemCaseSensitive(into, it->string);
		if (have && cJSON_IsObject(have) && cJSON_IsObject(it))
			merge_objects(have, it);
		else if (have)
			cJSON_ReplaceItemInObjectCaseSensitive(into, it->string, cJSON_Duplicate(it, 1));
		else
			cJSON_AddItemToObject(into, it->string, cJSON_Duplicate(it, 1));
	}
}

static const char *const APP_OPTION_KEYS[] = {
	"brain", "steps", "minutes", "seeds", "login", "confirm", "grant_permissions", "config", NULL
};

/*
 * The per-app options of `obj` (an app or "defaults") over `a`'s current
 * values. `where` is the key path of obj.
 */
static int parse_options(const struct loader *ld, const char *where, const cJSON *obj, struct campaign_app *a)
{
	const char *s;
	long long n;
	bool present, b;
	int err;
	const cJSON *v;
	char key[300];

	if ((err = get_string(ld, where, obj, "brain", &s)))
		return err;
	if (s) {
		free(a->brain);
		a->brain = xstrdup(s);
	}
	if ((err = get_int(ld, where, obj, "steps", 1, 10000000, &n, &present)))
		return err;
	if (present)
		a->steps = (int)n;
	v = cJSON_GetObjectItemCaseSensitive(obj, "minutes");
	if (v && !cJSON_IsNull(v)) {
		snprintf(key, sizeof key, "%s.minutes", where);
		if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= 525600))
			return bad(ld, key, "must be a number from 0 to 525600 (a year)%s", "");
		a->minutes = v->valuedouble;
	}
	v = cJSON_GetObjectItemCaseSensitive(obj, "seeds");
	if (v && !cJSON_IsNull(v)) {
		const cJSON *it;
		size_t i = 0, count = (size_t)cJSON_GetArraySize(v);
		snprintf(key, sizeof key, "%s.seeds", where);
		if (!cJSON_IsArray(v) || count == 0 || count > MAX_SEEDS)
			return bad(ld, key, "must be a list of 1 to 100000 seeds%s", "");
		free(a->seeds);
		a->seeds = xcalloc(count, sizeof *a->seeds);
		a->n_seeds = count;
		cJSON_ArrayForEach(it, v) {
			snprintf(key, sizeof key, "%s.seeds[%zu]", where, i);
			if (!cJSON_IsNumber(it) || it->valuedouble != (double)(long long)it->valuedouble ||
			    it->valuedouble < 0 || it->valuedouble > 2147483647)
				return bad(ld, key, "must be a whole number from 0 to 2147483647%s", "");
			for (size_t j = 0; j < i; j++)
				if (a->seeds[j] == (long long)it->valuedouble)
					return bad(ld, key, "seed listed twice%s", "");
			a->seeds[i++] = (long long)it->valuedouble;
		}
	}
	if ((err = get_string(ld, where, obj, "login", &s)))
		return err;
	if (s) {
		free(a->login);
		a->login = file_path(ld, s);
	}
	if ((err = get_bool(ld, where, obj, "confirm", &b, &present)))
		return err;
	if (present)
		a->confirm = b;
	if ((err = get_bool(ld, where, obj, "grant_permissions", &b, &present)))
		return err;
	if (present)
		a->grant_permissions = b;
	v = cJSON_GetObjectItemCaseSensitive(obj, "config");
	if (v && !cJSON_IsNull(v)) {
		struct config *cfg;
		char *text, *origin;
		snprintf(key, sizeof key, "%s.config", where);
		if (!cJSON_IsObject(v))
			return bad(ld, key, "must be an object of config keys (as in configs/default.json)%s", "");
		if (cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "llm"), "api_key")) {
			/* It would be copied into OUT/configs/ and every run's command: keys stay in the environment. */
			snprintf(key, sizeof key, "%s.config.llm.api_key", where);
			return bad(ld, key, "API keys do not go into campaign files: set the environment variable "
				   "that llm.api_key_env names (OPENAI_API_KEY, ...)%s", "");
		}
		/* Validated as a config file would be, named by its key path. */
		cfg = config_defaults();
		text = cJSON_PrintUnformatted(v);
		origin = xasprintf("%s: %s", ld->path, key);
		err = config_merge_text(cfg, text, origin);
		free(text);
		free(origin);
		config_free(cfg);
		if (err)
			return err;
		if (!a->config)
			a->config = cJSON_CreateObject();
		merge_objects(a->config, v);
	}
	return TD_OK;
}

static void app_release(struct campaign_app *a)
{
	free(a->name);
	free(a->target);
	free(a->brain);
	free(a->seeds);
	free(a->login);
	cJSON_Delete(a->config);
}

static void app_copy_options(struct campaign_app *dst, const struct campaign_app *src)
{
	dst->brain = xstrdup_or_null(src->brain);
	dst->steps = src->steps;
	dst->minutes = src->minutes;
	dst->n_seeds = src->n_seeds;
	dst->seeds = xcalloc(src->n_seeds ? src->n_seeds : 1, sizeof *dst->seeds);
	if (src->n_seeds)
		memcpy(dst->seeds, src->seeds, src->n_seeds * sizeof *dst->seeds);
	dst->login = xstrdup_or_null(src->login);
	dst->confirm = src->confirm;
	dst->grant_permissions = src->grant_permissions;
	dst->config = src->config ? cJSON_Duplicate(src->config, 1) : NULL;
}

static bool valid_name(const char *s)
{
	if (!*s || strlen(s) > 64 || s[0] == '.')
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      *s == '.' || *s == '_' || *s == '-'))
			return false;
	return true;
}

/* A "HOST:PORT" with a port from 1 to 65535. */
static bool valid_server(const char *s)
{
	const char *colon = strrchr(s, ':');
	char *end;
	long p;
	if (!colon || colon == s)
		return false;
	p = strtol(colon + 1, &end, 10);
	return !*end && colon[1] && p >= 1 && p <= 65535;
}

static int parse_app(const struct loader *ld, size_t i, const cJSON *obj, const struct campaign_app *defaults,
		     struct campaign_app *a)
{
	static const char *const keys[] = {
		"name", "sim", "apk", "package", "brain", "steps", "minutes", "seeds", "login", "confirm",
		"grant_permissions", "config", NULL
	};
	char where[64], key[96];
	const char *name, *sim, *apk, *pkg;
	int err, kinds;

	snprintf(where, sizeof where, "apps[%zu]", i);
	if (!cJSON_IsObject(obj))
		return bad(ld, where, "must be an object with \"name\" and one of \"sim\", \"apk\", \"package\"%s", "");
	app_copy_options(a, defaults);
	if ((err = check_keys(ld, where, obj, keys)))
		return err;
	if ((err = get_string(ld, where, obj, "sim", &sim)) || (err = get_string(ld, where, obj, "apk", &apk)) ||
	    (err = get_string(ld, where, obj, "package", &pkg)) || (err = get_string(ld, where, obj, "name", &name)))
		return err;
	kinds = !!sim + !!apk + !!pkg;
	if (kinds != 1)
		return bad(ld, where, "needs exactly one of \"sim\" (an app spec), \"apk\" (a file) or "
			   "\"package\" (installed)%s", "");
	if (sim) {
		a->kind = CAMPAIGN_APP_SIM;
		/* A path (has a '/') is relative to the campaign file; NAME[:fixed] is configs/apps/NAME.json. */
		a->target = strchr(sim, '/') ? file_path(ld, sim) : xstrdup(sim);
	} else if (apk) {
		struct stat st;
		a->kind = CAMPAIGN_APP_APK;
		a->target = file_path(ld, apk);
		snprintf(key, sizeof key, "%s.apk", where);
		if (stat(a->target, &st) != 0 || !S_ISREG(st.st_mode))
			return bad(ld, key, "no such file: %s", a->target);
	} else {
		a->kind = CAMPAIGN_APP_PACKAGE;
		a->target = xstrdup(pkg);
	}
	if (name) {
		a->name = xstrdup(name);
	} else if (a->kind == CAMPAIGN_APP_PACKAGE) {
		a->name = xstrdup(a->target);
	} else {
		/* The sim spec's or the file's base name: "notes:fixed" and "x/notes.apk" are "notes". */
		const char *base = strrchr(a->target, '/') ? strrchr(a->target, '/') + 1 : a->target;
		a->name = xstrndup(base, strcspn(base, ".:"));
	}
	snprintf(key, sizeof key, "%s.name", where);
	if (!valid_name(a->name))
		return bad(ld, key, "'%s' is not a usable name (1-64 of A-Z a-z 0-9 . _ -, not starting with '.')",
			   a->name);
	return parse_options(ld, where, obj, a);
}

static int parse_device(const struct loader *ld, size_t i, const cJSON *v, const char *default_server,
			struct campaign_device *d)
{
	static const char *const keys[] = { "serial", "adb_server", NULL };
	char where[64], key[96];
	const char *serial = NULL, *server = NULL;
	int err;

	snprintf(where, sizeof where, "devices[%zu]", i);
	if (cJSON_IsString(v)) {
		serial = v->valuestring;
	} else if (cJSON_IsObject(v)) {
		if ((err = check_keys(ld, where, v, keys)) || (err = get_string(ld, where, v, "serial", &serial)) ||
		    (err = get_string(ld, where, v, "adb_server", &server)))
			return err;
	} else {
		return bad(ld, where, "must be a serial (\"emulator-5554\", \"HOST:PORT\", \"sim\") or "
			   "{\"serial\": ..., \"adb_server\": \"HOST:PORT\"}%s", "");
	}
	if (!serial || !*serial)
		return bad(ld, where, "needs a serial%s", "");
	d->serial = xstrdup(serial);
	d->sim = !strcmp(serial, "sim") || !strncmp(serial, "sim:", 4);
	if (!server)
		server = default_server;
	snprintf(key, sizeof key, "%s.adb_server", where);
	if (server && !valid_server(server))
		return bad(ld, key, "'%s' is not HOST:PORT", server);
	if (server && d->sim)
		return bad(ld, key, "a simulator slot (\"%s\") has no adb server", serial);
	d->adb_server = xstrdup_or_null(server);
	if (strpbrk(serial, " \t\n'\"\\"))
		return bad(ld, where, "'%s' is not a device serial", serial);
	return TD_OK;
}

bool campaign_app_fits(const struct campaign_app *a, const struct campaign_device *d)
{
	switch (a->kind) {
	case CAMPAIGN_APP_SIM:
		return d->sim;
	case CAMPAIGN_APP_APK:
		return true; /* a simulator slot runs it as sim:PATH.apk */
	case CAMPAIGN_APP_PACKAGE:
		return !d->sim;
	}
	return false;
}

static int parse_campaign(const struct loader *ld, const cJSON *root, struct campaign *c)
{
	static const char *const keys[] = {
		"out", "adb_server", "retries", "device_wait_s", "defaults", "apps", "devices", NULL
	};
	struct campaign_app defaults;
	const cJSON *apps, *devices, *it, *dflt;
	const char *s;
	long long n;
	bool present;
	size_t i;
	int err;

	memset(&defaults, 0, sizeof defaults);
	defaults.minutes = -1;
	if (!cJSON_IsObject(root))
		return bad(ld, "(top)", "must be a JSON object with \"apps\" and \"devices\"%s", "");
	if ((err = check_keys(ld, "", root, keys)))
		return err;
	if ((err = get_string(ld, "", root, "out", &s)))
		return err;
	c->out_dir = xstrdup_or_null(s);
	if ((err = get_string(ld, "", root, "adb_server", &s)))
		return err;
	if (s && !valid_server(s))
		return bad(ld, "adb_server", "'%s' is not HOST:PORT", s);
	c->adb_server = xstrdup_or_null(s);
	c->retries = 2;
	if ((err = get_int(ld, "", root, "retries", 0, 100, &n, &present)))
		return err;
	if (present)
		c->retries = (int)n;
	c->device_wait_s = 300;
	if ((err = get_int(ld, "", root, "device_wait_s", 0, 604800, &n, &present)))
		return err;
	if (present)
		c->device_wait_s = (int)n;

	dflt = cJSON_GetObjectItemCaseSensitive(root, "defaults");
	if (dflt && !cJSON_IsNull(dflt)) {
		if (!cJSON_IsObject(dflt))
			return bad(ld, "defaults", "must be an object of per-app options%s", "");
		if ((err = check_keys(ld, "defaults", dflt, APP_OPTION_KEYS)) ||
		    (err = parse_options(ld, "defaults", dflt, &defaults)))
			goto out;
	}
	if (!defaults.n_seeds) {
		defaults.seeds = xcalloc(1, sizeof *defaults.seeds);
		defaults.seeds[0] = 1;
		defaults.n_seeds = 1;
	}

	apps = cJSON_GetObjectItemCaseSensitive(root, "apps");
	if (!cJSON_IsArray(apps) || cJSON_GetArraySize(apps) == 0) {
		err = bad(ld, "apps", "must be a non-empty list of apps%s", "");
		goto out;
	}
	c->n_apps = (size_t)cJSON_GetArraySize(apps);
	c->apps = xcalloc(c->n_apps, sizeof *c->apps);
	i = 0;
	cJSON_ArrayForEach(it, apps) {
		if ((err = parse_app(ld, i, it, &defaults, &c->apps[i])))
			goto out;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->apps[j].name, c->apps[i].name)) {
				char key[64];
				snprintf(key, sizeof key, "apps[%zu].name", i);
				err = bad(ld, key, "'%s' names apps twice (give each a \"name\")", c->apps[i].name);
				goto out;
			}
		i++;
	}

	devices = cJSON_GetObjectItemCaseSensitive(root, "devices");
	if (!cJSON_IsArray(devices) || cJSON_GetArraySize(devices) == 0) {
		err = bad(ld, "devices", "must be a non-empty list of devices%s", "");
		goto out;
	}
	c->n_devices = (size_t)cJSON_GetArraySize(devices);
	c->devices = xcalloc(c->n_devices, sizeof *c->devices);
	i = 0;
	cJSON_ArrayForEach(it, devices) {
		if ((err = parse_device(ld, i, it, c->adb_server, &c->devices[i])))
			goto out;
		for (size_t j = 0; j < i && !c->devices[i].sim; j++)
			if (!strcmp(c->devices[j].serial, c->devices[i].serial)) {
				char key[64];
				snprintf(key, sizeof key, "devices[%zu]", i);
				err = bad(ld, key, "'%s' is listed twice (one run per device at a time)",
					  c->devices[i].serial);
				goto out;
			}
		i++;
	}
	for (i = 0; i < c->n_apps; i++) {
		bool fits = false;
		for (size_t d = 0; d < c->n_devices && !fits; d++)
			fits = campaign_app_fits(&c->apps[i], &c->devices[d]);
		if (!fits) {
			char key[64];
			snprintf(key, sizeof key, "apps[%zu]", i);
			err = bad(ld, key, "no listed device can run it (%s)",
				  c->apps[i].kind == CAMPAIGN_APP_SIM ? "a \"sim\" app needs a \"sim\" device"
								      : "a \"package\" app needs an adb device");
			goto out;
		}
	}

	/* The runs: app x seed, in file order. */
	for (i = 0; i < c->n_apps; i++)
		c->n_runs += c->apps[i].n_seeds;
	c->runs = xcalloc(c->n_runs, sizeof *c->runs);
	n = 0;
	for (i = 0; i < c->n_apps; i++)
		for (size_t s2 = 0; s2 < c->apps[i].n_seeds; s2++, n++) {
			c->runs[n].id = xasprintf("%s-s%lld", c->apps[i].name, c->apps[i].seeds[s2]);
			c->runs[n].app = i;
			c->runs[n].seed = c->apps[i].seeds[s2];
			c->runs[n].index = (int)n;
		}
	err = TD_OK;
out:
	app_release(&defaults);
	return err;
}

int campaign_load(const char *path, struct campaign **out)
{
	struct loader ld = { path, NULL };
	struct campaign *c;
	cJSON *root = NULL;
	const char *slash = strrchr(path, '/');
	int err;

	*out = NULL;
	err = read_json(path, CAMPAIGN_FILE_CAP, &root);
	if (err)
		return err;
	ld.base = slash ? xstrndup(path, (size_t)(slash - path) + 1) : xstrdup("");
	c = xcalloc(1, sizeof *c);
	c->path = xstrdup(path);
	err = parse_campaign(&ld, root, c);
	cJSON_Delete(root);
	free(ld.base);
	if (err) {
		campaign_free(c);
		return err;
	}
	*out = c;
	return TD_OK;
}

void campaign_free(struct campaign *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_apps; i++)
		app_release(&c->apps[i]);
	for (size_t i = 0; i < c->n_devices; i++) {
		free(c->devices[i].serial);
		free(c->devices[i].adb_server);
	}
	for (size_t i = 0; i < c->n_runs; i++)
		free(c->runs[i].id);
	free(c->apps);
	free(c->devices);
	free(c->runs);
	free(c->path);
	free(c->out_dir);
	free(c->adb_server);
	free(c);
}

int campaign_parse_shard(const char *text, int *k, int *n)
{
	char *end;
	long a, b;
	errno = 0;
	a = strtol(text, &end, 10);
	if (end == text || *end != '/')
		goto bad;
	text = end + 1;
	b = strtol(text, &end, 10);
	if (end == text || *end || errno || b < 1 || b > 100000 || a < 1 || a > b)
		goto bad;
	*k = (int)a;
	*n = (int)b;
	return TD_OK;
bad:
	return td_error(TD_ERR_INVALID, "--shard needs K/N with 1 <= K <= N <= 100000, not '%s'", text);
}

void campaign_shard(struct campaign *c, int k, int n)
{
	size_t kept = 0;
	for (size_t i = 0; i < c->n_runs; i++) {
		if (c->runs[i].index % n == k - 1)
			c->runs[kept++] = c->runs[i];
		else
			free(c->runs[i].id);
	}
	c->n_runs = kept;
}

/* Write `text` to `path` through path.tmp + fsync + rename. */
static int write_atomic(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int err = TD_OK;
	if (!f) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (fputs(text, f) == EOF || fflush(f) != 0 || fsync(fileno(f)) != 0) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		goto out;
	}
	if (fclose(f) != 0) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, path) != 0) {
		err = td_error(TD_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		unlink(tmp);
	}
out:
	free(tmp);
	return err;
}

int campaign_write_app_config(const char *out_dir, const struct campaign_app *a, char **path)
{
	char *dir, *text;
	int err;
	*path = NULL;
	if (!a->config)
		return TD_OK;
	dir = xasprintf("%s/configs", out_dir);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		err = td_error(TD_ERR_IO, "cannot create %s: %s", dir, strerror(errno));
		free(dir);
		return err;
	}
	*path = xasprintf("%s/%s.json", dir, a->name);
	free(dir);
	text = cJSON_Print(a->config);
	err = write_atomic(*path, text);
	free(text);
	if (err) {
		free(*path);
		*path = NULL;
	}
	return err;
}

int campaign_state_write(const char *dir, const cJSON *state)
{
	char *path = xasprintf("%s/campaign.json", dir);
	char *text = cJSON_Print(state);
	int err = write_atomic(path, text);
	free(text);
	free(path);
	return err;
}

int campaign_state_read(const char *dir, cJSON **out)
{
	char *path = xasprintf("%s/campaign.json", dir);
	int err = read_json(path, STATE_FILE_CAP, out);
	if (!err && !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(*out, "runs"))) {
		cJSON_Delete(*out);
		*out = NULL;
		err = td_error(TD_ERR_PARSE, "%s: runs: missing or not a list", path);
	}
	free(path);
	return err;
}

cJSON *campaign_state_run(cJSON *state, const char *id)
{
	cJSON *it;
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(state, "runs")) {
		const char *rid = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "id"));
		if (rid && !strcmp(rid, id))
			return it;
	}
	return NULL;
}

static void set_number(cJSON *obj, const char *name, double v)
{
	cJSON_DeleteItemFromObjectCaseSensitive(obj, name);
	cJSON_AddNumberToObject(obj, name, v);
}

/* "DIR" of a run object, joined to base unless absolute. Caller frees. */
static char *run_path(const char *base, const char *dir, const char *file)
{
	if (dir[0] == '/')
		return xasprintf("%s/%s", dir, file);
	return xasprintf("%s/%s/%s", base, dir, file);
}

void campaign_state_read_results(const char *base, cJSON *run)
{
	const char *dir = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(run, "dir"));
	cJSON *sum = NULL;
	const cJSON *acts;
	char *path;
	if (!dir)
		return;
	path = run_path(base, dir, "summary.json");
	if (read_json(path, STATE_FILE_CAP, &sum) != TD_OK) {
		td_error_clear();
		free(path);
		return;
	}
	free(path);
	static const char *const fields[] = { "bugs", "steps", "screens", "wall_s", "tokens", "cost_usd", NULL };
	for (size_t i = 0; fields[i]; i++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(sum, fields[i]);
		if (cJSON_IsNumber(v))
			set_number(run, fields[i], v->valuedouble);
	}
	acts = cJSON_GetObjectItemCaseSensitive(sum, "activities");
	if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(acts, "covered")))
		set_number(run, "activities_covered",
			   cJSON_GetObjectItemCaseSensitive(acts, "covered")->valuedouble);
	cJSON_DeleteItemFromObjectCaseSensitive(run, "activities_total");
	if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(acts, "total")))
		cJSON_AddNumberToObject(run, "activities_total",
					cJSON_GetObjectItemCaseSensitive(acts, "total")->valuedouble);
	cJSON_DeleteItemFromObjectCaseSensitive(run, "package");
	if (cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sum, "package")))
		cJSON_AddStringToObject(run, "package",
					cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sum, "package")));
	cJSON_DeleteItemFromObjectCaseSensitive(run, "complete");
	cJSON_AddBoolToObject(run, "complete",
			      !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(sum, "complete")));
	cJSON_Delete(sum);
}

/* The absolute, resolved form of `p` (which exists). Caller frees; NULL on error. */
static char *absolute(const char *p)
{
	char buf[PATH_MAX];
	return realpath(p, buf) ? xstrdup(buf) : NULL;
}

/* `target` relative to directory `from` (both absolute and resolved). Caller frees. */
static char *relative_to(const char *from, const char *target)
{
	size_t common = 0, i;
	struct strbuf sb = STRBUF_INIT;
	/* The longest common prefix ending at a path component. */
	for (i = 0; from[i] && target[i] && from[i] == target[i]; i++)
		if (from[i] == '/')
			common = i;
	if (!from[i] && (target[i] == '/' || !target[i]))
		common = i;
	else if (!target[i] && from[i] == '/')
		common = i;
	for (const char *p = from + common; *p; p++)
		if (*p == '/')
			(void)strbuf_adds(&sb, "../");
	if (target[common] == '/')
		(void)strbuf_adds(&sb, target + common + 1);
	else
		(void)strbuf_adds(&sb, target + common);
	if (!sb.len)
		(void)strbuf_adds(&sb, ".");
	return strbuf_detach(&sb, NULL);
}

/* Rewrite run directory `key` (string, or list of strings) of `run` from shard `shard_abs` to `out_abs`. */
static void rebase_dir(cJSON *run, const char *key, const char *shard_abs, const char *out_abs)
{
	cJSON *v = cJSON_GetObjectItemCaseSensitive(run, key);
	cJSON *items[256];
	size_t n = 0;
	if (cJSON_IsString(v)) {
		items[n++] = v;
	} else if (cJSON_IsArray(v)) {
		cJSON *it;
		cJSON_ArrayForEach(it, v)
			if (cJSON_IsString(it) && n < 256)
				items[n++] = it;
	}
	for (size_t i = 0; i < n; i++) {
		const char *dir = items[i]->valuestring;
		char *joined = dir[0] == '/' ? xstrdup(dir) : xasprintf("%s/%s", shard_abs, dir);
		char *abs = absolute(joined);
		char *rel = abs && out_abs ? relative_to(out_abs, abs) : xstrdup(abs ? abs : joined);
		cJSON_SetValuestring(items[i], rel);
		free(rel);
		free(abs);
		free(joined);
	}
}

int campaign_state_merge(const char *const *dirs, size_t n, const char *out_dir, cJSON **out)
{
	cJSON *merged = cJSON_CreateObject(), *runs = cJSON_CreateArray(), *shards = cJSON_CreateArray();
	char *out_abs = absolute(out_dir);
	int err = TD_OK;

	cJSON_AddItemToObject(merged, "shards", shards);
	cJSON_AddItemToObject(merged, "runs", runs);
	for (size_t i = 0; i < n; i++) {
		cJSON *state = NULL, *it;
		char *shard_abs;
		err = campaign_state_read(dirs[i], &state);
		if (err)
			break;
		shard_abs = absolute(dirs[i]);
		{
			cJSON *sh = cJSON_CreateObject();
			const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(state, "shard"));
			char *rel = shard_abs && out_abs ? relative_to(out_abs, shard_abs) : xstrdup(dirs[i]);
			cJSON_AddStringToObject(sh, "dir", rel);
			if (s)
				cJSON_AddStringToObject(sh, "shard", s);
			if (cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(state, "campaign")) &&
			    !cJSON_GetObjectItemCaseSensitive(merged, "campaign"))
				cJSON_AddStringToObject(merged, "campaign", cJSON_GetStringValue(
					cJSON_GetObjectItemCaseSensitive(state, "campaign")));
			cJSON_AddItemToArray(shards, sh);
			free(rel);
		}
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(state, "runs")) {
			const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "id"));
			cJSON *copy;
			if (!id || campaign_state_run(merged, id))
				continue;
			copy = cJSON_Duplicate(it, 1);
			if (shard_abs) {
				rebase_dir(copy, "dir", shard_abs, out_abs);
				rebase_dir(copy, "earlier_dirs", shard_abs, out_abs);
			}
			cJSON_AddItemToArray(runs, copy);
		}
		free(shard_abs);
		cJSON_Delete(state);
	}
	free(out_abs);
	if (err) {
		cJSON_Delete(merged);
		return err;
	}
	*out = merged;
	return TD_OK;
}
