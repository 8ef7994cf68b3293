/*
 * app_info.c - app metadata from an APK (aapt dump badging + aapt dump
 * xmltree AndroidManifest.xml), JSON output and lookups. aapt is spawned
 * with an argv vector (never a shell string), twice per APK, with a
 * timeout. app_info_from_sim_spec lives with the simulator; freeing and
 * the permission table with the plain types (core/app_model.c).
 *
 * xmltree lines look like (two spaces of indent per level):
 *     E: activity (line=20)
 *       A: android:name(0x01010003)=".EditActivity" (Raw: ".EditActivity")
 *       A: android:exported(0x01010010)=(type 0x12)0xffffffff
 * badging lines like:
 *   package: name='com.x' versionCode='1' versionName='1.0'
 *   application-label:'Notes'
 *   launchable-activity: name='com.x.Main'  label='Notes' icon=''
 */
#include "device/app_info.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

extern char **environ;

#define AAPT_TIMEOUT_MS 60000
#define AAPT_OUTPUT_CAP (32u << 20)
#define MAX_LINKS_PER_FILTER 32

/* "pkg/.Act", "pkg/pkg.Act", "pkg.Act" or ".Act" -> a fully qualified name. */
static char *qualify(const char *package, const char *name)
{
	const char *slash = strchr(name, '/');
	if (slash) {
		const char *cls = slash + 1;
		if (*cls == '.')
			return xasprintf("%.*s%s", (int)(slash - name), name, cls);
		return xstrdup(cls);
	}
	if (*name == '.')
		return xasprintf("%s%s", package ? package : "", name);
	if (!strchr(name, '.') && package)
		return xasprintf("%s.%s", package, name);
	return xstrdup(name);
}

int app_info_find_activity(const struct app_info *info, const char *activity)
{
	if (!info || !activity)
		return -1;
	char *full = qualify(info->package, activity);
	int found = -1;
	for (size_t i = 0; i < info->n_activities; i++)
		if (info->activities[i].name && !strcmp(info->activities[i].name, full)) {
			found = (int)i;
			break;
		}
	free(full);
	return found;
}

/* Add a JSON string or null. */
static void json_str(struct strbuf *sb, const char *s)
{
	if (s)
		(void)strbuf_add_json_string(sb, s);
	else
		(void)strbuf_adds(sb, "null");
}

char *app_info_to_json(const struct app_info *info)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_adds(&sb, "{\n  \"package\": ");
	json_str(&sb, info->package);
	(void)strbuf_adds(&sb, ",\n  \"label\": ");
	json_str(&sb, info->label);
	(void)strbuf_adds(&sb, ",\n  \"version\": ");
	json_str(&sb, info->version);
	(void)strbuf_adds(&sb, ",\n  \"launcher_activity\": ");
	json_str(&sb, info->launcher_activity);
	(void)strbuf_adds(&sb, ",\n  \"activities\": [");
	for (size_t i = 0; i < info->n_activities; i++) {
		const struct app_activity *a = &info->activities[i];
		(void)strbuf_adds(&sb, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_str(&sb, a->name);
		(void)strbuf_addf(&sb, ", \"exported\": %s, \"launcher\": %s}", a->exported ? "true" : "false",
				  a->launcher ? "true" : "false");
	}
	(void)strbuf_adds(&sb, info->n_activities ? "\n  ],\n  \"deep_links\": [" : "],\n  \"deep_links\": [");
	for (size_t i = 0; i < info->n_deep_links; i++) {
		const struct app_deep_link *d = &info->deep_links[i];
		(void)strbuf_adds(&sb, i ? ",\n    {\"activity\": " : "\n    {\"activity\": ");
		json_str(&sb, d->activity);
		(void)strbuf_adds(&sb, ", \"scheme\": ");
		json_str(&sb, d->scheme);
		(void)strbuf_adds(&sb, ", \"host\": ");
		json_str(&sb, d->host);
		(void)strbuf_adds(&sb, ", \"path\": ");
		json_str(&sb, d->path);
		(void)strbuf_adds(&sb, ", \"uri\": ");
		json_str(&sb, d->uri);
		(void)strbuf_adds(&sb, "}");
	}
	(void)strbuf_adds(&sb, info->n_deep_links ? "\n  ],\n  \"components\": [" : "],\n  \"components\": [");
	for (size_t i = 0; i < info->n_components; i++) {
		const struct app_component *c = &info->components[i];
		(void)strbuf_adds(&sb, i ? ",\n    {\"kind\": " : "\n    {\"kind\": ");
		json_str(&sb, c->kind);
		(void)strbuf_adds(&sb, ", \"name\": ");
		json_str(&sb, c->name);
		(void)strbuf_addf(&sb, ", \"exported\": %s}", c->exported ? "true" : "false");
	}
	(void)strbuf_adds(&sb, info->n_components ? "\n  ],\n  \"permissions\": [" : "],\n  \"permissions\": [");
	for (size_t i = 0; i < info->n_permissions; i++) {
		const struct app_permission *pm = &info->permissions[i];
		(void)strbuf_adds(&sb, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_str(&sb, pm->name);
		(void)strbuf_addf(&sb, ", \"dangerous\": %s}", pm->dangerous ? "true" : "false");
	}
	(void)strbuf_adds(&sb, info->n_permissions ? "\n  ]\n}\n" : "]\n}\n");
	return strbuf_detach(&sb, NULL);
}

/* ---- badging ---- */

/* The value of key='...' in `line`, malloc'd, or NULL. */
static char *quoted_value(const char *line, const char *key)
{
	size_t kl = strlen(key);
	for (const char *p = line; (p = strstr(p, key)); p += kl) {
		if (p > line && !isspace((unsigned char)p[-1]) && p[-1] != ':')
			continue;
		const char *v = p + kl;
		if (*v != '\'')
			continue;
		const char *e = strchr(v + 1, '\'');
		if (!e)
			return NULL;
		return xstrndup(v + 1, (size_t)(e - v - 1));
	}
	return NULL;
}

/* Fill package, version, label, launcher from badging text. */
static int parse_badging(const char *text, struct app_info *info)
{
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		char *l = xstrndup(line, nl ? (size_t)(nl - line) : strlen(line));
		line = nl ? nl + 1 : NULL;
		if (!strncmp(l, "package:", 8) && !info->package) {
			info->package = quoted_value(l, "name=");
			free(info->version);
			info->version = quoted_value(l, "versionName=");
		} else if (!strncmp(l, "application-label:", 18) && !info->label) {
			info->label = quoted_value(l, "application-label:");
		} else if (!strncmp(l, "application:", 12) && !info->label) {
			info->label = quoted_value(l, "label=");
		} else if (!strncmp(l, "launchable-activity:", 20) && !info->launcher_activity) {
			info->launcher_activity = quoted_value(l, "name=");
		}
		free(l);
	}
	if (!info->package || !*info->package)
		return td_error(TD_ERR_PARSE, "aapt badging: no \"package: name='...'\" line");
	return TD_OK;
}

/* ---- xmltree ---- */

struct filter {
	bool main, launcher, view, browsable, def;
	char *schemes[8], *hosts[8], *paths[8];
	size_t n_schemes, n_hosts, n_paths;
};

static void filter_reset(struct filter *f)
{
	for (size_t i = 0; i < f->n_schemes; i++)
		free(f->schemes[i]);
	for (size_t i = 0; i < f->n_hosts; i++)
		free(f->hosts[i]);
	for (size_t i = 0; i < f->n_paths; i++)
		free(f->paths[i]);
	memset(f, 0, sizeof *f);
}

/* Add to one of the filter's small sets, deduplicated. */
static void set_add(char **set, size_t *n, const char *v)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(set[i], v))
			return;
	if (*n < 8)
		set[(*n)++] = xstrdup(v);
}

struct xml_attr {
	char name[64];
	char *str;       /* string value, or NULL */
	bool has_bool;
	bool boolean;
};

/* Parse "A: android:name(0x..)=\"v\" (Raw: ...)" / "=(type 0x12)0xffffffff". */
static bool parse_attr(const char *p, struct xml_attr *a)
{
	memset(a, 0, sizeof *a);
	const char *eq = strchr(p, '=');
	if (!eq)
		return false;
	const char *name_end = p;
	while (name_end < eq && *name_end != '(')
		name_end++;
	const char *name_start = name_end;
	while (name_start > p && name_start[-1] != ':')
		name_start--;
	size_t nl = (size_t)(name_end - name_start);
	if (!nl || nl >= sizeof a->name)
		return false;
	memcpy(a->name, name_start, nl);
	const char *v = eq + 1;
	if (*v == '"') {
		struct strbuf sb = STRBUF_INIT;
		for (v++; *v && *v != '"'; v++) {
			if (*v == '\\' && v[1])
				v++;
			(void)strbuf_addch(&sb, *v);
		}
		a->str = strbuf_detach(&sb, NULL);
	} else if (!strncmp(v, "(type 0x12)", 11)) {
		a->has_bool = true;
		a->boolean = strtoul(v + 11, NULL, 16) != 0;
	}
	return true;
}

/* Make an openable example URI for a deep link. */
static char *example_uri(const char *scheme, const char *host, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb, "%s://%s", scheme, host);
	if (*path && *path != '/')
		(void)strbuf_addch(&sb, '/');
	/* pathPattern: ".*" -> "x", "\\." -> "." ; other characters kept. */
	for (const char *p = path; *p; p++) {
		if (p[0] == '.' && p[1] == '*') {
			(void)strbuf_addch(&sb, 'x');
			p++;
		} else if (*p == '*') {
			continue;
		} else if (p[0] == '\\' && p[1]) {
			(void)strbuf_addch(&sb, *++p);
		} else {
			(void)strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb, NULL);
}

struct xml_state {
	struct app_info *info;
	size_t alloc_act, alloc_links;
	int act_depth;       /* depth of the open activity, -1 if none */
	long act_index;      /* its index in info->activities */
	bool act_exported_set;
	int filter_depth;    /* -1 if no filter open */
	struct filter f;
	bool any_filter;
	char *manifest_pkg;
	int comp_depth;      /* depth of the open service/receiver/provider, -1 if none */
	long comp_index;     /* its index in info->components */
	bool comp_exported_set, comp_any_filter;
	size_t alloc_comp;
	const char *open_elem; /* element owning following A: lines */
	int elem_depth;
};

/* Close the open intent-filter: launcher flag and deep links. */
static void close_filter(struct xml_state *st)
{
	if (st->filter_depth < 0)
		return;
	st->filter_depth = -1;
	struct app_info *info = st->info;
	if (st->act_index < 0) {
		filter_reset(&st->f);
		return;
	}
	struct app_activity *act = &info->activities[st->act_index];
	if (st->f.main && st->f.launcher)
		act->launcher = true;
	/* An activity without a name (malformed dump) gets no links. */
	if (act->name && st->f.view && (st->f.browsable || st->f.def)) {
		size_t made = 0;
		for (size_t s = 0; s < st->f.n_schemes; s++)
			for (size_t h = 0; h < (st->f.n_hosts ? st->f.n_hosts : 1); h++)
				for (size_t p = 0; p < (st->f.n_paths ? st->f.n_paths : 1); p++) {
					if (made++ >= MAX_LINKS_PER_FILTER)
						continue;
					info->deep_links = xgrow(info->deep_links, &st->alloc_links,
								 info->n_deep_links + 1, sizeof *info->deep_links);
					struct app_deep_link *d = &info->deep_links[info->n_deep_links++];
					d->activity = xstrdup(act->name);
					d->scheme = xstrdup(st->f.schemes[s]);
					d->host = xstrdup(st->f.n_hosts ? st->f.hosts[h] : "");
					d->path = xstrdup(st->f.n_paths ? st->f.paths[p] : "");
					d->uri = example_uri(d->scheme, d->host, d->path);
				}
	}
	filter_reset(&st->f);
}

/* Close the open activity: default exported = has an intent filter. */
static void close_activity(struct xml_state *st)
{
	close_filter(st);
	if (st->act_index >= 0 && !st->act_exported_set)
		st->info->activities[st->act_index].exported = st->any_filter;
	st->act_depth = -1;
	st->act_index = -1;
	st->any_filter = false;
	st->act_exported_set = false;
}

/* Close the open component: default exported = has an intent filter
 * (providers: false, the rule since API 17). */
static void close_component(struct xml_state *st)
{
	if (st->comp_index >= 0 && !st->comp_exported_set) {
		struct app_component *c = &st->info->components[st->comp_index];
		c->exported = st->comp_any_filter && strcmp(c->kind, "provider") != 0;
	}
	st->comp_depth = -1;
	st->comp_index = -1;
	st->comp_exported_set = false;
	st->comp_any_filter = false;
}

static void xml_element(struct xml_state *st, const char *name, int depth)
{
	if (st->filter_depth >= 0 && depth <= st->filter_depth)
		close_filter(st);
	if (st->act_depth >= 0 && depth <= st->act_depth)
		close_activity(st);
	if (st->comp_depth >= 0 && depth <= st->comp_depth)
		close_component(st);
	st->elem_depth = depth;
	if (!strcmp(name, "service") || !strcmp(name, "receiver") || !strcmp(name, "provider")) {
		struct app_info *info = st->info;
		info->components = xgrow(info->components, &st->alloc_comp, info->n_components + 1,
					 sizeof *info->components);
		st->comp_index = (long)info->n_components++;
		memset(&info->components[st->comp_index], 0, sizeof info->components[0]);
		info->components[st->comp_index].kind = xstrdup(name);
		st->comp_depth = depth;
		st->open_elem = "component";
		return;
	}
	if (!strcmp(name, "intent-filter") && st->comp_depth >= 0) {
		st->comp_any_filter = true;
		st->open_elem = "";
		return;
	}
	if (!strcmp(name, "uses-permission") || !strcmp(name, "uses-permission-sdk-23")) {
		st->open_elem = "uses-permission";
		return;
	}
	if (!strcmp(name, "activity") || !strcmp(name, "activity-alias")) {
		struct app_info *info = st->info;
		info->activities = xgrow(info->activities, &st->alloc_act, info->n_activities + 1,
					 sizeof *info->activities);
		st->act_index = (long)info->n_activities++;
		memset(&info->activities[st->act_index], 0, sizeof info->activities[0]);
		st->act_depth = depth;
		st->open_elem = "activity";
	} else if (!strcmp(name, "intent-filter") && st->act_depth >= 0) {
		st->filter_depth = depth;
		st->any_filter = true;
		st->open_elem = "intent-filter";
	} else if (!strcmp(name, "action")) {
		st->open_elem = "action";
	} else if (!strcmp(name, "category")) {
		st->open_elem = "category";
	} else if (!strcmp(name, "data")) {
		st->open_elem = "data";
	} else if (!strcmp(name, "manifest")) {
		st->open_elem = "manifest";
	} else {
		st->open_elem = "";
	}
}

static void xml_attribute(struct xml_state *st, const struct xml_attr *a, int depth)
{
	const char *e = st->open_elem;
	if (!e || depth != st->elem_depth + 1)
		return;
	if (!strcmp(e, "manifest") && !strcmp(a->name, "package") && a->str && !st->manifest_pkg) {
		st->manifest_pkg = xstrdup(a->str);
	} else if (!strcmp(e, "uses-permission") && !strcmp(a->name, "name") && a->str) {
		app_info_add_permission(st->info, a->str);
	} else if (!strcmp(e, "component") && st->comp_index >= 0) {
		struct app_component *c = &st->info->components[st->comp_index];
		if (!strcmp(a->name, "name") && a->str && !c->name) {
			c->name = qualify(st->manifest_pkg ? st->manifest_pkg : st->info->package, a->str);
		} else if (!strcmp(a->name, "exported") && a->has_bool) {
			c->exported = a->boolean;
			st->comp_exported_set = true;
		}
	} else if (!strcmp(e, "activity") && st->act_index >= 0) {
		struct app_activity *act = &st->info->activities[st->act_index];
		if (!strcmp(a->name, "name") && a->str && !act->name) {
			act->name = qualify(st->manifest_pkg ? st->manifest_pkg : st->info->package, a->str);
		} else if (!strcmp(a->name, "exported") && a->has_bool) {
			act->exported = a->boolean;
			st->act_exported_set = true;
		}
	} else if (st->filter_depth >= 0 && !strcmp(a->name, "name") && a->str) {
		if (!strcmp(e, "action")) {
			st->f.main |= !strcmp(a->str, "android.intent.action.MAIN");
			st->f.view |= !strcmp(a->str, "android.intent.action.VIEW");
		} else if (!strcmp(e, "category")) {
			st->f.launcher |= !strcmp(a->str, "android.intent.category.LAUNCHER");
			st->f.browsable |= !strcmp(a->str, "android.intent.category.BROWSABLE");
			st->f.def |= !strcmp(a->str, "android.intent.category.DEFAULT");
		}
	} else if (st->filter_depth >= 0 && !strcmp(e, "data") && a->str) {
		if (!strcmp(a->name, "scheme"))
			set_add(st->f.schemes, &st->f.n_schemes, a->str);
		else if (!strcmp(a->name, "host"))
			set_add(st->f.hosts, &st->f.n_hosts, a->str);
		else if (!strcmp(a->name, "path") || !strcmp(a->name, "pathPrefix") ||
			 !strcmp(a->name, "pathPattern"))
			set_add(st->f.paths, &st->f.n_paths, a->str);
	}
}

/* Parse xmltree text into `info` (activities, launcher flags, deep links). */
static int parse_xmltree(const char *text, struct app_info *info)
{
	struct xml_state st = { .info = info, .act_depth = -1, .act_index = -1, .filter_depth = -1,
				.comp_depth = -1, .comp_index = -1 };
	int lineno = 0;
	bool saw_manifest = false;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		char *l = xstrndup(line, nl ? (size_t)(nl - line) : strlen(line));
		line = nl ? nl + 1 : NULL;
		lineno++;
		int indent = 0;
		while (l[indent] == ' ')
			indent++;
		int depth = indent / 2;
		const char *p = l + indent;
		if (!strncmp(p, "E: ", 3)) {
			char name[64];
			size_t n = strcspn(p + 3, " \r");
			snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), p + 3);
			saw_manifest |= !strcmp(name, "manifest");
			xml_element(&st, name, depth);
		} else if (!strncmp(p, "A: ", 3)) {
			struct xml_attr a;
			if (parse_attr(p + 3, &a))
				xml_attribute(&st, &a, depth);
			free(a.str);
		}
		free(l);
	}
	close_activity(&st);
	close_component(&st);
	filter_reset(&st.f);
	if (!info->package && st.manifest_pkg) {
		info->package = st.manifest_pkg;
		st.manifest_pkg = NULL;
	}
	free(st.manifest_pkg);
	if (!saw_manifest)
		return td_error(TD_ERR_PARSE, "aapt xmltree: no 'E: manifest' element (%d lines)", lineno);
	/* Drop activities whose name never came. */
	size_t w = 0;
	for (size_t i = 0; i < info->n_activities; i++)
		if (info->activities[i].name)
			info->activities[w++] = info->activities[i];
	info->n_activities = w;
	w = 0;
	for (size_t i = 0; i < info->n_components; i++) {
		if (info->components[i].name) {
			info->components[w++] = info->components[i];
		} else {
			free(info->components[i].kind);
		}
	}
	info->n_components = w;
	return TD_OK;
}

int app_info_parse_aapt(const char *badging, const char *xmltree, struct app_info **out)
{
	struct app_info *info = xcalloc(1, sizeof *info);
	int err = badging ? parse_badging(badging, info) : TD_OK;
	if (!err && xmltree)
		err = parse_xmltree(xmltree, info);
	if (!err && !info->package)
		err = td_error(TD_ERR_PARSE, "aapt: no package name found");
	if (err) {
		app_info_free(info);
		return err;
	}
	if (!info->label)
		info->label = xstrdup(info->package);
	if (!info->version)
		info->version = xstrdup("");
	for (size_t i = 0; i < info->n_activities; i++) {
		struct app_activity *a = &info->activities[i];
		if (info->launcher_activity && !strcmp(a->name, info->launcher_activity))
			a->launcher = true;
		if (!info->launcher_activity && a->launcher)
			info->launcher_activity = xstrdup(a->name);
	}
	*out = info;
	return TD_OK;
}

/* ---- running aapt ---- */

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Run aapt with `argv`; stdout to `out`, stderr to `errb`. */
static int run_aapt(char *const argv[], struct strbuf *out, struct strbuf *errb, int *status)
{
	int po[2], pe[2];
	if (pipe2(po, O_CLOEXEC))
		return td_error(TD_ERR_IO, "pipe: %s", strerror(errno));
	if (pipe2(pe, O_CLOEXEC)) {
		close(po[0]);
		close(po[1]);
		return td_error(TD_ERR_IO, "pipe: %s", strerror(errno));
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(po[1]);
	close(pe[1]);
	if (rc) {
		close(po[0]);
		close(pe[0]);
		return td_error(rc == ENOENT ? TD_ERR_NOT_FOUND : TD_ERR_IO, "cannot run %s: %s%s", argv[0],
				strerror(rc), rc == ENOENT ? " (install aapt: apt-get install aapt)" : "");
	}
	int err = TD_OK;
	long long deadline = mono_ms() + AAPT_TIMEOUT_MS;
	struct pollfd pfd[2] = { { .fd = po[0], .events = POLLIN }, { .fd = pe[0], .events = POLLIN } };
	int open_fds = 2;
	char buf[65536];
	while (open_fds && !err) {
		long long left = deadline - mono_ms();
		if (left <= 0) {
			err = td_error(TD_ERR_TIMEOUT, "%s %s took over %d s", argv[0], argv[1], AAPT_TIMEOUT_MS / 1000);
			break;
		}
		int r = poll(pfd, 2, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = td_error(TD_ERR_IO, "poll: %s", strerror(errno));
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ssize_t n = read(pfd[i].fd, buf, sizeof buf);
			if (n <= 0) {
				if (n < 0 && errno == EINTR)
					continue;
				close(pfd[i].fd);
				pfd[i].fd = -1;
				open_fds--;
			} else if (strbuf_add(i ? errb : out, buf, (size_t)n)) {
				err = td_error(TD_ERR_TOO_BIG, "%s output over %u bytes", argv[0], AAPT_OUTPUT_CAP);
			}
		}
	}
	for (int i = 0; i < 2; i++)
		if (pfd[i].fd >= 0)
			close(pfd[i].fd);
	if (err)
		kill(pid, SIGKILL);
	int wst = 0;
	while (waitpid(pid, &wst, 0) < 0 && errno == EINTR)
		;
	*status = WIFEXITED(wst) ? WEXITSTATUS(wst) : 128 + (WIFSIGNALED(wst) ? WTERMSIG(wst) : 0);
	return err;
}

/* aapt dump WHAT apk [file] -> stdout; a failure carries aapt's words. */
static int aapt_dump(const char *apk, const char *what, struct strbuf *out)
{
	char *argv[] = { "aapt", "dump", (char *)what, (char *)apk,
			 !strcmp(what, "xmltree") ? "AndroidManifest.xml" : NULL, NULL };
	struct strbuf errb = STRBUF_INIT;
	strbuf_init(&errb, 1 << 20);
	int status = 0;
	int err = run_aapt(argv, out, &errb, &status);
	if (!err && status != 0) {
		strbuf_rtrim(&errb);
		err = td_error(TD_ERR_PARSE, "%s: aapt dump %s failed (exit %d): %.300s", apk, what, status,
			       errb.len ? errb.buf : "(no message)");
	}
	strbuf_release(&errb);
	return err;
}

int app_info_from_apk(const char *apk_path, struct app_info **out)
{
	struct stat sst;
	if (stat(apk_path, &sst))
		return td_error(TD_ERR_NOT_FOUND, "%s: %s", apk_path, strerror(errno));
	if (!S_ISREG(sst.st_mode))
		return td_error(TD_ERR_INVALID, "%s: not a regular file", apk_path);
	struct strbuf badging = STRBUF_INIT, tree = STRBUF_INIT;
	strbuf_init(&badging, AAPT_OUTPUT_CAP);
	strbuf_init(&tree, AAPT_OUTPUT_CAP);
	int err = aapt_dump(apk_path, "badging", &badging);
	if (!err)
		err = aapt_dump(apk_path, "xmltree", &tree);
	if (!err) {
		err = app_info_parse_aapt(badging.buf, tree.buf, out);
		if (err)
			err = td_error(err, "%s: %s", apk_path, td_errmsg(err));
	}
	strbuf_release(&badging);
	strbuf_release(&tree);
	return err;
}
