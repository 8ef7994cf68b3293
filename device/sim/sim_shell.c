/*
 * sim_shell.c - the simulated device's shell: a small sh-style command line
 * parser ('...', "...", backslash, ;, &&, ||, |, > >> 2> 2>&1 <) and the
 * commands a tester uses, each answering with the text a real Android 14
 * device prints (uiautomator, screencap, input, am, pm, monkey, dumpsys,
 * wm, settings, logcat, getprop/setprop, cat, echo, rm, ls, mkdir, pidof,
 * grep, head, true, false, exit, sleep).
 *
 * Test hook: `setprop trident.sim.dump_failures N` makes the next N
 * `uiautomator dump` calls fail with "ERROR: could not get idle state.", as
 * a busy phone does. The "phone" latency profile sleeps after the command
 * line ran, with the device lock released.
 */
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "core/xalloc.h"
#include "device/sim/sim_internal.h"
#include "device/sim/sim_render.h"

/* The "phone" latency profile, in milliseconds. */
#define LAT_DUMP_MS 1000
#define LAT_SCREENCAP_MS 300
#define LAT_INPUT_MS 400
#define LAT_AM_MS 500

#define LAUNCHER_ACT_FULL sim_launcher_activity()
#define LAUNCHER_ACT_PREFIX "com.google.android.apps.nexuslauncher."

#define SHELL_MAX_LINE 65536
#define SHELL_MAX_WORDS 512
#define SHELL_OUT_CAP (64u << 20)

/* --- key/value tables (settings, props) --- */

const char *sim_kv_get(struct sim_kv *kv, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return kv[i].value;
	return NULL;
}

void sim_kv_set(struct sim_kv **kv, size_t *n, const char *key, const char *value)
{
	for (size_t i = 0; i < *n; i++) {
		if (!strcmp((*kv)[i].key, key)) {
			free((*kv)[i].value);
			(*kv)[i].value = xstrdup(value);
			return;
		}
	}
	if (*n >= 1024)
		return;
	*kv = xrealloc(*kv, (*n + 1) * sizeof **kv);
	(*kv)[*n].key = xstrdup(key);
	(*kv)[*n].value = xstrdup(value);
	(*n)++;
}

void sim_kv_free(struct sim_kv *kv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(kv[i].key);
		free(kv[i].value);
	}
	free(kv);
}

/* --- tokenizer --- */

enum tok_type { T_WORD, T_SEMI, T_AND, T_OR, T_PIPE, T_OUT, T_APPEND, T_ERR, T_ERR_APPEND,
		T_ERR_TO_OUT, T_IN };

struct tok {
	enum tok_type type;
	char *word;
};

struct toks {
	struct tok *v;
	size_t n, alloc;
};

static void tok_push(struct toks *t, enum tok_type type, char *word)
{
	t->v = xgrow(t->v, &t->alloc, t->n + 1, sizeof *t->v);
	t->v[t->n].type = type;
	t->v[t->n].word = word;
	t->n++;
}

static void toks_free(struct toks *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].word);
	free(t->v);
}

/* Split a command line; returns 0, or -1 with *why set. */
static int tokenize(const char *p, struct toks *t, const char **why)
{
	struct strbuf w = STRBUF_INIT;
	bool in_word = false;
	while (*p) {
		char c = *p;
		if (!in_word && (c == ' ' || c == '\t' || c == '\n')) {
			if (c == '\n')
				tok_push(t, T_SEMI, NULL);
			p++;
			continue;
		}
		if (!in_word && c == '#') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (!in_word && c == '2' && p[1] == '>') {
			if (p[2] == '&' && p[3] == '1') {
				tok_push(t, T_ERR_TO_OUT, NULL);
				p += 4;
			} else if (p[2] == '>') {
				tok_push(t, T_ERR_APPEND, NULL);
				p += 3;
			} else {
				tok_push(t, T_ERR, NULL);
				p += 2;
			}
			continue;
		}
		if (c == ';' || c == '&' || c == '|' || c == '>' || c == '<' || c == ' ' || c == '\t' ||
		    c == '\n') {
			if (in_word) {
				tok_push(t, T_WORD, strbuf_detach(&w, NULL));
				in_word = false;
				continue;
			}
			if (c == ';') {
				tok_push(t, T_SEMI, NULL);
				p++;
			} else if (c == '&' && p[1] == '&') {
				tok_push(t, T_AND, NULL);
				p += 2;
			} else if (c == '&') {
				tok_push(t, T_SEMI, NULL); /* background: run it now */
				p++;
			} else if (c == '|' && p[1] == '|') {
				tok_push(t, T_OR, NULL);
				p += 2;
			} else if (c == '|') {
				tok_push(t, T_PIPE, NULL);
				p++;
			} else if (c == '>' && p[1] == '>') {
				tok_push(t, T_APPEND, NULL);
				p += 2;
			} else if (c == '>') {
				tok_push(t, T_OUT, NULL);
				p++;
			} else {
				tok_push(t, T_IN, NULL);
				p++;
			}
			continue;
		}
		in_word = true;
		if (c == '\'') {
			const char *e = strchr(p + 1, '\'');
			if (!e) {
				*why = "unterminated '";
				goto fail;
			}
			(void)strbuf_add(&w, p + 1, (size_t)(e - p - 1));
			p = e + 1;
		} else if (c == '"') {
			p++;
			while (*p && *p != '"') {
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`')) {
					(void)strbuf_addch(&w, p[1]);
					p += 2;
				} else if (*p == '\\' && p[1] == '\n') {
					p += 2;
				} else {
					(void)strbuf_addch(&w, *p++);
				}
			}
			if (*p != '"') {
				*why = "unterminated \"";
				goto fail;
			}
			p++;
		} else if (c == '\\') {
			if (p[1] == '\n') {
				p += 2;
			} else if (p[1]) {
				(void)strbuf_addch(&w, p[1]);
				p += 2;
			} else {
				p++;
			}
		} else {
			(void)strbuf_addch(&w, c);
			p++;
		}
	}
	if (in_word)
		tok_push(t, T_WORD, strbuf_detach(&w, NULL));
	strbuf_release(&w);
	return 0;
fail:
	strbuf_release(&w);
	return -1;
}

/* --- command context --- */

struct cmd {
	struct sim *s;
	int argc;
	char **argv;
	const struct strbuf *in;   /* piped stdin, or NULL */
	struct strbuf *out, *err;
	int *sleep_ms;
};

static int usage_err(struct cmd *c, const char *msg)
{
	(void)strbuf_adds(c->err, msg);
	return 1;
}

/* Short "pkg/.Act" form of a fully qualified activity. */
static void short_component(struct sim *s, const char *act, struct strbuf *sb)
{
	const char *pkg = s->app->package;
	size_t pl = strlen(pkg);
	if (!strncmp(act, LAUNCHER_ACT_PREFIX, strlen(LAUNCHER_ACT_PREFIX))) {
		(void)strbuf_addf(sb, "%s/.%s", sim_launcher_package(), act + strlen(LAUNCHER_ACT_PREFIX));
		return;
	}
	if (!strncmp(act, pkg, pl) && act[pl] == '.')
		(void)strbuf_addf(sb, "%s/%s", pkg, act + pl);
	else
		(void)strbuf_addf(sb, "%s/%s", pkg, act);
}

static unsigned hash_of(const char *s, unsigned salt)
{
	unsigned h = 2166136261u ^ salt;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & 0xfffffff;
}

/* --- uiautomator, screencap --- */

static int cmd_uiautomator(struct cmd *c)
{
	struct sim *s = c->s;
	if (c->argc < 2 || strcmp(c->argv[1], "dump") != 0) {
		(void)strbuf_adds(c->err, "Usage: uiautomator <subcommand> [options]\n\n"
			 "Available subcommands:\n\nhelp: displays help message\n\n"
			 "runtest: executes UI automation tests\n\n"
			 "dump: creates an XML dump of current UI hierarchy\n\n"
			 "events: prints out accessibility events until terminated\n");
		return c->argc < 2 ? 0 : 1;
	}
	const char *file = "/sdcard/window_dump.xml";
	for (int i = 2; i < c->argc; i++)
		if (c->argv[i][0] != '-')
			file = c->argv[i];
	if (s->latency)
		*c->sleep_ms += LAT_DUMP_MS;
	if (s->dump_failures > 0) {
		s->dump_failures--;
		char buf[16];
		snprintf(buf, sizeof buf, "%d", s->dump_failures);
		sim_kv_set(&s->props, &s->n_props, "trident.sim.dump_failures", buf);
		(void)strbuf_adds(c->err, "ERROR: could not get idle state.\n");
		return 0;
	}
	struct sim_screen_view *v = sim_layout(s);
	struct strbuf xml = STRBUF_INIT;
	(void)sim_dump_xml(v, &xml);
	sim_view_free_tree(v);
	int rc = 0;
	if (!strcmp(file, "/dev/tty") || !strcmp(file, "/dev/stdout")) {
		(void)strbuf_add(c->out, xml.buf, xml.len);
	} else if (sim_fs_write(s, file, xml.buf, xml.len, 0660) != 0) {
		(void)strbuf_addf(c->err, "java.io.FileNotFoundException: %s: open failed: ENOENT "
				  "(No such file or directory)\n", file);
		rc = 1;
	}
	if (!rc)
		(void)strbuf_addf(c->out, "UI hierchary dumped to: %s\n", file);
	strbuf_release(&xml);
	return rc;
}

static int cmd_screencap(struct cmd *c)
{
	struct sim *s = c->s;
	bool png = false;
	const char *file = NULL;
	for (int i = 1; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "-p"))
			png = true;
		else if (!strcmp(c->argv[i], "-d") && i + 1 < c->argc)
			i++;
		else if (!strcmp(c->argv[i], "-h"))
			return usage_err(c, "usage: screencap [-hp] [-d display-id] [FILENAME]\n"
					 "   -h: this message\n   -p: save the file as a png.\n"
					 "If FILENAME ends with .png it will be saved as a png.\n"
					 "If FILENAME is not given, the results will be printed to stdout.\n");
		else if (c->argv[i][0] != '-')
			file = c->argv[i];
	}
	if (file && strlen(file) > 4 && !strcmp(file + strlen(file) - 4, ".png"))
		png = true;
	if (s->latency)
		*c->sleep_ms += LAT_SCREENCAP_MS;
	struct sim_screen_view *v = sim_layout(s);
	struct strbuf img = STRBUF_INIT;
	int err = png ? sim_render_png(v, &img) : sim_render_raw(v, &img);
	sim_view_free_tree(v);
	int rc = 0;
	if (err) {
		(void)strbuf_addf(c->err, "Error: screencap failed: %s\n", td_errmsg(err));
		rc = 1;
	} else if (file) {
		if (sim_fs_write(s, file, img.buf, img.len, 0660) != 0) {
			(void)strbuf_addf(c->err, "Error opening file: %s (No such file or directory).\n", file);
			rc = 1;
		}
	} else {
		(void)strbuf_add(c->out, img.buf, img.len);
	}
	strbuf_release(&img);
	return rc;
}

/* --- input --- */

static const struct { const char *name; int code; } keycodes[] = {
	{ "HOME", 3 }, { "BACK", 4 }, { "CALL", 5 }, { "ENDCALL", 6 }, { "DPAD_UP", 19 },
	{ "DPAD_DOWN", 20 }, { "DPAD_LEFT", 21 }, { "DPAD_RIGHT", 22 }, { "DPAD_CENTER", 23 },
	{ "VOLUME_UP", 24 }, { "VOLUME_DOWN", 25 }, { "POWER", 26 }, { "CAMERA", 27 },
	{ "TAB", 61 }, { "SPACE", 62 }, { "ENTER", 66 }, { "DEL", 67 }, { "MENU", 82 },
	{ "SEARCH", 84 }, { "MEDIA_PLAY_PAUSE", 85 }, { "PAGE_UP", 92 }, { "PAGE_DOWN", 93 },
	{ "ESCAPE", 111 }, { "FORWARD_DEL", 112 }, { "MOVE_HOME", 122 }, { "MOVE_END", 123 },
	{ "NUMPAD_ENTER", 160 }, { "APP_SWITCH", 187 }, { "SLEEP", 223 }, { "WAKEUP", 224 },
};

static int keycode_of(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);
	if (*s && !*end)
		return n >= 0 && n < 400 ? (int)n : -1;
	if (!strncmp(s, "KEYCODE_", 8))
		s += 8;
	for (size_t i = 0; i < sizeof keycodes / sizeof keycodes[0]; i++)
		if (!strcasecmp(keycodes[i].name, s))
			return keycodes[i].code;
	return -1;
}

static bool parse_coord(const char *s, int *out)
{
	char *end;
	double d = strtod(s, &end);
	if (end == s || *end || d < -100000 || d > 100000)
		return false;
	*out = (int)d;
	return true;
}

static int cmd_input(struct cmd *c)
{
	struct sim *s = c->s;
	int i = 1;
	static const char *const sources[] = { "touchscreen", "touchpad", "keyboard", "mouse",
					       "dpad", "gamepad", "stylus", "trackball", "joystick",
					       "touchnavigation", "rotaryencoder", NULL };
	for (int k = 0; sources[k] && i < c->argc; k++)
		if (!strcmp(c->argv[i], sources[k])) {
			i++;
			break;
		}
	if (i < c->argc - 1 && !strcmp(c->argv[i], "-d"))
		i += 2;
	if (i >= c->argc)
		return usage_err(c, "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n");
	const char *sub = c->argv[i++];
	int n = c->argc - i;
	char **a = c->argv + i;
	if (s->latency)
		*c->sleep_ms += LAT_INPUT_MS;
	if (!strcmp(sub, "tap")) {
		int x, y;
		if (n < 2 || !parse_coord(a[0], &x) || !parse_coord(a[1], &y))
			return usage_err(c, "Error: Invalid arguments for command: tap\n"
					 "Usage: input [<source>] [-d DISPLAY_ID] tap <x> <y>\n");
		return sim_act_tap(s, x, y, false);
	}
	if (!strcmp(sub, "swipe") || !strcmp(sub, "draganddrop")) {
		int v[5] = { 0, 0, 0, 0, 300 };
		if (n < 4)
			return usage_err(c, "Error: Invalid arguments for command: swipe\n"
					 "Usage: input [<source>] [-d DISPLAY_ID] swipe <x1> <y1> <x2> <y2> [duration(ms)]\n");
		for (int k = 0; k < 4 || (k == 4 && n > 4); k++)
			if (!parse_coord(a[k], &v[k]))
				return usage_err(c, "Error: Invalid arguments for command: swipe\n");
		return sim_act_swipe(s, v[0], v[1], v[2], v[3], v[4]);
	}
	if (!strcmp(sub, "text")) {
		if (n < 1)
			return usage_err(c, "Error: Invalid arguments for command: text\n"
					 "Usage: input [<source>] [-d DISPLAY_ID] text <string>\n");
		struct strbuf t = STRBUF_INIT;
		for (const char *p = a[0]; *p; p++) {
			if (p[0] == '%' && p[1] == 's') {
				(void)strbuf_addch(&t, ' ');
				p++;
			} else {
				(void)strbuf_addch(&t, *p);
			}
		}
		int rc = sim_act_text(s, t.buf);
		strbuf_release(&t);
		return rc;
	}
	if (!strcmp(sub, "keyevent") || !strcmp(sub, "press")) {
		bool lp = false;
		if (!strcmp(sub, "press"))
			return sim_act_key(s, 23, false);
		int done = 0;
		for (int k = 0; k < n; k++) {
			if (!strcmp(a[k], "--longpress")) {
				lp = true;
				continue;
			}
			if (!strcmp(a[k], "--doubletap") || !strcmp(a[k], "--async"))
				continue;
			int code = keycode_of(a[k]);
			if (code < 0) {
				(void)strbuf_addf(c->err, "Error: Unknown keycode: %s\n", a[k]);
				return 1;
			}
			(void)sim_act_key(s, code, lp);
			done++;
		}
		if (!done)
			return usage_err(c, "Error: Invalid arguments for command: keyevent\n");
		return 0;
	}
	if (!strcmp(sub, "roll") || !strcmp(sub, "motionevent") || !strcmp(sub, "keycombination"))
		return 0;
	(void)strbuf_addf(c->err, "Error: Unknown command: %s\n", sub);
	return 1;
}

/* --- am --- */

static int activity_by_component(struct sim *s, const char *comp)
{
	const char *slash = strchr(comp, '/');
	if (!slash)
		return -2;
	size_t pl = (size_t)(slash - comp);
	if (pl != strlen(s->app->package) || strncmp(comp, s->app->package, pl) != 0)
		return -2;
	const char *cls = slash + 1;
	char *full = cls[0] == '.' ? xasprintf("%s%s", s->app->package, cls) : xstrdup(cls);
	int found = -1;
	for (size_t i = 0; i < s->app->n_activities; i++)
		if (!strcmp(s->app->activities[i].name, full))
			found = (int)i;
	free(full);
	return found;
}

/* "scheme://host/path..." matches link l (path as prefix). */
static bool link_matches(const struct sim_link *l, const char *uri)
{
	size_t sl = strlen(l->scheme);
	if (strncasecmp(uri, l->scheme, sl) != 0 || strncmp(uri + sl, "://", 3) != 0)
		return false;
	const char *rest = uri + sl + 3;
	size_t hl = strlen(l->host);
	if (hl) {
		if (strncasecmp(rest, l->host, hl) != 0 || (rest[hl] && rest[hl] != '/' && rest[hl] != '?' &&
							     rest[hl] != ':'))
			return false;
		rest += hl;
	} else {
		rest += strcspn(rest, "/?");
	}
	return !l->path[0] || !strncmp(rest, l->path, strlen(l->path));
}

static void wait_lines(struct cmd *c, const char *state, bool front, int total)
{
	struct sim *s = c->s;
	const char *act = sim_top_activity(s);
	(void)strbuf_addf(c->out, "Status: ok\nLaunchState: %s\n", front ? "UNKNOWN (0)" : state);
	if (act) {
		(void)strbuf_adds(c->out, "Activity: ");
		short_component(s, act, c->out);
		(void)strbuf_addch(c->out, '\n');
	}
	(void)strbuf_addf(c->out, "TotalTime: %d\nWaitTime: %d\nComplete\n", front ? 0 : total,
			  front ? 23 : total + 4);
}

static int am_start(struct cmd *c, int i)
{
	struct sim *s = c->s;
	const char *comp = NULL, *action = NULL, *data = NULL, *cat = NULL;
	bool wait = false, stop = false;
	for (; i < c->argc; i++) {
		const char *o = c->argv[i];
		bool has = i + 1 < c->argc;
		if (!strcmp(o, "-W"))
			wait = true;
		else if (!strcmp(o, "-S"))
			stop = true;
		else if (!strcmp(o, "-n") && has)
			comp = c->argv[++i];
		else if (!strcmp(o, "-a") && has)
			action = c->argv[++i];
		else if (!strcmp(o, "-d") && has)
			data = c->argv[++i];
		else if (!strcmp(o, "-c") && has)
			cat = c->argv[++i];
		else if ((!strcmp(o, "-f") || !strcmp(o, "--user") || !strcmp(o, "-p") ||
			  !strcmp(o, "-t") || !strcmp(o, "--display") || !strcmp(o, "--windowingMode") ||
			  !strcmp(o, "--activityType")) && has)
			i++;
		else if ((!strcmp(o, "--es") || !strcmp(o, "--ei") || !strcmp(o, "--ez") ||
			  !strcmp(o, "--el") || !strcmp(o, "--ef")) && i + 2 < c->argc)
			i += 2;
		else if (o[0] == '-')
			continue;
		else if (strchr(o, '/') && !strstr(o, "://"))
			comp = o;
		else
			data = o;
	}
	struct strbuf desc = STRBUF_INIT;
	(void)strbuf_adds(&desc, "Intent {");
	if (action)
		(void)strbuf_addf(&desc, " act=%s", action);
	if (cat)
		(void)strbuf_addf(&desc, " cat=[%s]", cat);
	if (data)
		(void)strbuf_addf(&desc, " dat=%s", data);
	if (comp)
		(void)strbuf_addf(&desc, " cmp=%s", comp);
	(void)strbuf_adds(&desc, " }");
	(void)strbuf_addf(c->out, "Starting: %s\n", desc.buf);
	if (s->latency)
		*c->sleep_ms += LAT_AM_MS;
	int act = -1, screen = -1, rc = 0;
	if (comp) {
		act = activity_by_component(s, comp);
		if (act < 0) {
			const char *slash = strchr(comp, '/');
			if (!slash) {
				(void)strbuf_addf(c->err, "Error: Activity not started, unable to resolve %s\n", desc.buf);
			} else {
				char *pkg = xstrndup(comp, (size_t)(slash - comp));
				const char *cls = slash + 1;
				(void)strbuf_adds(c->out, "Error type 3\n");
				(void)strbuf_addf(c->err, "Error: Activity class {%s/%s%s} does not exist.\n", pkg,
						  cls[0] == '.' ? pkg : "", cls);
				free(pkg);
			}
			goto out;
		}
		if (!s->app->activities[act].exported) {
			(void)strbuf_addf(c->err, "Exception occurred while executing 'start':\n"
					  "java.lang.SecurityException: Permission Denial: starting Intent { "
					  "flg=0x10000000 cmp=%s } from null (pid=%d, uid=2000) not exported "
					  "from uid 10123\n\tat com.android.server.wm.ActivityTaskSupervisor."
					  "checkStartAnyActivityPermission(ActivityTaskSupervisor.java:1164)\n",
					  comp, 5000 + (int)(s->seq % 997));
			rc = 255;
			goto out;
		}
		if (data) {
			for (size_t k = 0; k < s->app->n_links; k++)
				if (s->app->links[k].activity == act && link_matches(&s->app->links[k], data))
					screen = s->app->links[k].screen;
		}
	} else if (data) {
		for (size_t k = 0; k < s->app->n_links && act < 0; k++) {
			if (link_matches(&s->app->links[k], data)) {
				act = s->app->links[k].activity;
				screen = s->app->links[k].screen;
			}
		}
		if (act < 0 || (action && strcmp(action, "android.intent.action.VIEW") != 0)) {
			(void)strbuf_addf(c->err, "Error: Activity not started, unable to resolve Intent {%s%s%s dat=%s flg=0x10000000 }\n",
					  action ? " act=" : "", action ? action : "", "", data);
			goto out;
		}
	} else {
		(void)strbuf_addf(c->err, "Error: Activity not started, unable to resolve Intent {%s%s flg=0x10000000 }\n",
				  action ? " act=" : "", action ? action : "");
		goto out;
	}
	if (stop)
		sim_act_force_stop(s);
	const char *state = "COLD";
	bool front = false;
	sim_act_launch(s, act, screen, &state, &front);
	if (front)
		(void)strbuf_adds(c->out, "Warning: Activity not started, its current task has been "
				  "brought to the front\n");
	if (wait)
		wait_lines(c, state, front, !strcmp(state, "COLD") ? 412 : !strcmp(state, "WARM") ? 186 : 88);
out:
	strbuf_release(&desc);
	return rc;
}

static int cmd_am(struct cmd *c)
{
	struct sim *s = c->s;
	if (c->argc < 2)
		return usage_err(c, "Activity manager (activity) commands:\n  help\n"
				 "  start-activity [-D] [-N] [-W] [-P <FILE>] [--start-profiler <FILE>] <INTENT>\n"
				 "  force-stop [--user <USER_ID> | all | current] <PACKAGE>\n");
	const char *sub = c->argv[1];
	if (!strcmp(sub, "start") || !strcmp(sub, "start-activity"))
		return am_start(c, 2);
	if (!strcmp(sub, "force-stop") || !strcmp(sub, "kill")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		if (!strcmp(pkg, s->app->package)) {
			if (!strcmp(sub, "force-stop"))
				sim_act_force_stop(s);
			else if (!s->foreground)
				sim_act_force_stop(s); /* kill: only background processes */
		}
		return 0;
	}
	if (!strcmp(sub, "broadcast")) {
		(void)strbuf_adds(c->out, "Broadcasting: Intent { flg=0x400000 }\nBroadcast completed: result=0\n");
		return 0;
	}
	if (!strcmp(sub, "stack") || !strcmp(sub, "task"))
		return 0;
	(void)strbuf_addf(c->err, "Unknown command: %s\n", sub);
	return 255;
}

/* --- pm, monkey, pidof --- */

static const char *const system_packages[] = {
	"android", "com.android.settings", "com.android.systemui", "com.android.chrome",
	"com.google.android.apps.nexuslauncher", "com.android.shell", "com.android.vending",
	"com.google.android.gms", NULL,
};

static int cmd_pm(struct cmd *c)
{
	struct sim *s = c->s;
	if (c->argc < 2)
		return usage_err(c, "Package manager (package) commands:\n  help\n");
	const char *sub = c->argv[1];
	if (!strcmp(sub, "list") && c->argc > 2 && !strcmp(c->argv[2], "packages")) {
		bool third = false;
		const char *filter = NULL;
		for (int i = 3; i < c->argc; i++) {
			if (!strcmp(c->argv[i], "-3"))
				third = true;
			else if (c->argv[i][0] != '-')
				filter = c->argv[i];
		}
		for (int i = 0; !third && system_packages[i]; i++)
			if (!filter || strstr(system_packages[i], filter))
				(void)strbuf_addf(c->out, "package:%s\n", system_packages[i]);
		if (!filter || strstr(s->app->package, filter))
			(void)strbuf_addf(c->out, "package:%s\n", s->app->package);
		return 0;
	}
	if (!strcmp(sub, "clear")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		if (strcmp(pkg, s->app->package) != 0) {
			(void)strbuf_adds(c->out, "Failed\n");
			return 1;
		}
		sim_act_clear(s);
		(void)strbuf_adds(c->out, "Success\n");
		return 0;
	}
	if (!strcmp(sub, "path")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		if (strcmp(pkg, s->app->package) != 0)
			return 1;
		(void)strbuf_addf(c->out, "package:/data/app/~~trident-sim==/%s-1/base.apk\n", pkg);
		return 0;
	}
	(void)strbuf_addf(c->err, "Unknown command: %s\n", sub);
	return 255;
}

static int cmd_monkey(struct cmd *c)
{
	struct sim *s = c->s;
	const char *pkg = NULL;
	long count = 0;
	for (int i = 1; i < c->argc; i++)
		(void)strbuf_addf(c->out, "  bash arg: %s\n", c->argv[i]);
	(void)strbuf_adds(c->out, "args: [");
	for (int i = 1; i < c->argc; i++)
		(void)strbuf_addf(c->out, "%s%s", i > 1 ? ", " : "", c->argv[i]);
	(void)strbuf_adds(c->out, "]\n");
	for (int i = 1; i < c->argc; i++)
		(void)strbuf_addf(c->out, " arg: \"%s\"\n", c->argv[i]);
	for (int i = 1; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "-p") && i + 1 < c->argc) {
			pkg = c->argv[++i];
			(void)strbuf_addf(c->out, "data=\"%s\"\n", pkg);
		} else if ((!strcmp(c->argv[i], "-c") || !strcmp(c->argv[i], "-s") ||
			    !strcmp(c->argv[i], "--throttle")) && i + 1 < c->argc) {
			i++;
			if (!strcmp(c->argv[i - 1], "-c"))
				(void)strbuf_addf(c->out, "data=\"%s\"\n", c->argv[i]);
		} else if (isdigit((unsigned char)c->argv[i][0])) {
			count = strtol(c->argv[i], NULL, 10);
		}
	}
	if (!pkg || strcmp(pkg, s->app->package) != 0 || count < 1) {
		(void)strbuf_adds(c->err, "** No activities found to run, monkey aborted.\n");
		return 251;
	}
	const char *state;
	bool front;
	sim_act_launch(s, s->app->launcher, -1, &state, &front);
	if (s->latency)
		*c->sleep_ms += LAT_AM_MS;
	(void)strbuf_addf(c->out, "Events injected: %ld\n", count);
	(void)strbuf_adds(c->out, "## Network stats: elapsed time=14ms (0ms mobile, 0ms wifi, 14ms not connected)\n");
	return 0;
}

static int cmd_pidof(struct cmd *c)
{
	struct sim *s = c->s;
	int found = 0;
	for (int i = 1; i < c->argc; i++) {
		if (!strcmp(c->argv[i], s->app->package) && s->running) {
			(void)strbuf_addf(c->out, "%s%d", found ? " " : "", s->pid);
			found++;
		}
	}
	if (found)
		(void)strbuf_addch(c->out, '\n');
	return found ? 0 : 1;
}

/* --- dumpsys, wm, settings --- */

static void activity_record(struct sim *s, const char *act, size_t pos, int task, struct strbuf *sb)
{
	(void)strbuf_addf(sb, "ActivityRecord{%07x u0 ", hash_of(act, (unsigned)pos * 7919u + (unsigned)task));
	short_component(s, act, sb);
	(void)strbuf_addf(sb, " t%d}", task);
}

static void top_record(struct sim *s, struct strbuf *sb)
{
	const char *act = sim_top_activity(s);
	if (!act) {
		activity_record(s, LAUNCHER_ACT_FULL, 0, 1, sb);
		return;
	}
	/* position of the top activity record in the stack */
	size_t pos = 0;
	int last = -1;
	for (size_t i = 0; i < s->n_stack; i++) {
		int a = s->app->screens[s->stack[i].screen].activity;
		if (a != last)
			pos = i;
		last = a;
	}
	activity_record(s, act, pos, s->task, sb);
}

/* The app's task with one Hist line per run of screens of one activity. */
static void dump_app_task(struct sim *s, struct strbuf *out)
{
	size_t recs = 0;
	int last = -1;
	for (size_t i = 0; i < s->n_stack; i++) {
		int a = s->app->screens[s->stack[i].screen].activity;
		recs += a != last;
		last = a;
	}
	(void)strbuf_addf(out, "  * Task{%07x #%d type=standard A=10123:%s U=0 visible=%s "
			  "visibleRequested=%s mode=fullscreen translucent=false sz=%zu}\n",
			  hash_of(s->app->package, (unsigned)s->task), s->task, s->app->package,
			  s->foreground ? "true" : "false", s->foreground ? "true" : "false", recs);
	size_t k = recs;
	for (size_t i = s->n_stack; i-- > 0;) {
		int a = s->app->screens[s->stack[i].screen].activity;
		size_t start = i;
		while (start > 0 && s->app->screens[s->stack[start - 1].screen].activity == a)
			start--;
		(void)strbuf_addf(out, "    * Hist #%zu: ", --k);
		activity_record(s, s->app->activities[a].name, start, s->task, out);
		(void)strbuf_addch(out, '\n');
		i = start;
	}
}

static void dump_home_task(struct sim *s, struct strbuf *out, bool app_on_top)
{
	(void)strbuf_addf(out, "  * Task{%07x #1 type=home A=10089:%s U=0 visible=%s "
			  "visibleRequested=%s mode=fullscreen translucent=false sz=1}\n",
			  hash_of("home", 1), sim_launcher_package(), app_on_top ? "false" : "true",
			  app_on_top ? "false" : "true");
	(void)strbuf_adds(out, "    * Hist #0: ");
	activity_record(s, LAUNCHER_ACT_FULL, 0, 1, out);
	(void)strbuf_addch(out, '\n');
}

static int cmd_dumpsys(struct cmd *c)
{
	struct sim *s = c->s;
	const char *svc = c->argc > 1 ? c->argv[1] : "";
	struct strbuf top = STRBUF_INIT;
	top_record(s, &top);
	const char *act = sim_top_activity(s);
	if (!strcmp(svc, "activity")) {
		const char *what = c->argc > 2 ? c->argv[2] : "activities";
		if (!strcmp(what, "activities") || !strcmp(what, "a") || !strcmp(what, "top") ||
		    !strcmp(what, "recents")) {
			(void)strbuf_adds(c->out, "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"
					  "Display #0 (activities from top to bottom):\n");
			bool app_task = s->running && s->n_stack;
			/* tasks from top to bottom: the foreground one first */
			if (app_task && s->foreground)
				dump_app_task(s, c->out);
			dump_home_task(s, c->out, act != NULL);
			if (app_task && !s->foreground)
				dump_app_task(s, c->out);
			(void)strbuf_addf(c->out, "\n  ResumedActivity: %s\n", top.buf);
			(void)strbuf_addf(c->out, "    mResumedActivity: %s\n", top.buf);
			(void)strbuf_addf(c->out, "    mLastPausedActivity: null\n\n");
			(void)strbuf_addf(c->out, "  mFocusedApp=%s\n", top.buf);
			(void)strbuf_addf(c->out, "  topResumedActivity=%s\n", top.buf);
		}
	} else if (!strcmp(svc, "window")) {
		struct strbuf win = STRBUF_INIT;
		(void)strbuf_addf(&win, "Window{%07x u0 ", hash_of(act ? act : "home", 3));
		if (act && s->anr)
			(void)strbuf_addf(&win, "Application Not Responding: %s}", s->app->package);
		else if (act)
			(void)strbuf_addf(&win, "%s/%s}", s->app->package, act);
		else
			(void)strbuf_addf(&win, "%s/%s}", sim_launcher_package(), LAUNCHER_ACT_FULL);
		(void)strbuf_adds(c->out, "WINDOW MANAGER WINDOWS (dumpsys window windows)\n");
		(void)strbuf_addf(c->out, "  Window #0 %s:\n    mDisplayId=0 rootTaskId=%d mSession=Session{1a2b3c4 %d:u0a10123} mClient=android.os.BinderProxy@5d6e7f8\n",
				  win.buf, act ? s->task : 1, s->pid);
		(void)strbuf_addf(c->out, "\n  mGlobalConfiguration={1.0 ?mcc?mnc [en_US] ldltr sw411dp w%ddp h%ddp 420dpi %s}\n",
				  (s->rotation % 2 ? s->port_h : s->port_w) * 160 / 420,
				  (s->rotation % 2 ? s->port_w : s->port_h) * 160 / 420,
				  s->rotation % 2 ? "land" : "port");
		(void)strbuf_addf(c->out, "  mCurrentFocus=%s\n", win.buf);
		(void)strbuf_addf(c->out, "  mFocusedApp=%s\n", top.buf);
		(void)strbuf_addf(c->out, "  mDisplayRotation=ROTATION_%d\n", s->rotation * 90);
		strbuf_release(&win);
	} else if (!strcmp(svc, "input")) {
		(void)strbuf_addf(c->out, "INPUT MANAGER (dumpsys input)\n\nInput Reader State:\n"
				  "  Device 2: virtio_input_multi_touch\n    Viewport INTERNAL: displayId=0, "
				  "orientation=%d, logicalFrame=[0, 0, %d, %d]\n      SurfaceOrientation: %d\n",
				  s->rotation, s->rotation % 2 ? s->port_h : s->port_w,
				  s->rotation % 2 ? s->port_w : s->port_h, s->rotation);
	} else if (!strcmp(svc, "package")) {
		const char *pkg = c->argc > 2 ? c->argv[2] : "";
		if (!strcmp(pkg, s->app->package))
			(void)strbuf_addf(c->out, "Packages:\n  Package [%s] (5a6b7c8):\n    userId=10123\n"
					  "    versionCode=1 minSdk=24 targetSdk=34\n    versionName=%s\n",
					  pkg, s->app->version);
	} else if (!svc[0]) {
		(void)strbuf_adds(c->out, "Currently running services:\n  activity\n  input\n  package\n  window\n");
	} else {
		(void)strbuf_addf(c->err, "Can't find service: %s\n", svc);
		strbuf_release(&top);
		return 0;
	}
	strbuf_release(&top);
	return 0;
}

static int cmd_wm(struct cmd *c)
{
	struct sim *s = c->s;
	const char *sub = c->argc > 1 ? c->argv[1] : "";
	if (!strcmp(sub, "size")) {
		(void)strbuf_addf(c->out, "Physical size: %dx%d\n", s->port_w, s->port_h);
		return 0;
	}
	if (!strcmp(sub, "density")) {
		(void)strbuf_adds(c->out, "Physical density: 420\n");
		return 0;
	}
	return usage_err(c, "Window manager (window) commands:\n  help\n  size [reset|WxH|WdpxHdp]\n"
			 "  density [reset|DENSITY]\n");
}

static void apply_rotation_settings(struct sim *s)
{
	const char *acc = sim_kv_get(s->settings, s->n_settings, "system:accelerometer_rotation");
	const char *ur = sim_kv_get(s->settings, s->n_settings, "system:user_rotation");
	if (acc && !strcmp(acc, "1")) {
		sim_act_rotate(s, 0); /* the phone lies flat on the desk: natural orientation */
		return;
	}
	sim_act_rotate(s, ur ? atoi(ur) & 3 : 0);
}

static int cmd_settings(struct cmd *c)
{
	struct sim *s = c->s;
	int i = 1;
	if (i < c->argc && !strcmp(c->argv[i], "--user"))
		i += 2;
	if (i + 1 >= c->argc)
		return usage_err(c, "Settings provider (settings) commands:\n  get NAMESPACE KEY\n"
				 "  put NAMESPACE KEY VALUE\n  delete NAMESPACE KEY\n  list NAMESPACE\n");
	const char *verb = c->argv[i], *ns = c->argv[i + 1];
	if (strcmp(ns, "system") && strcmp(ns, "secure") && strcmp(ns, "global")) {
		(void)strbuf_addf(c->err, "Invalid namespace '%s'\n", ns);
		return 1;
	}
	if (!strcmp(verb, "list")) {
		size_t nl = strlen(ns);
		for (size_t k = 0; k < s->n_settings; k++)
			if (!strncmp(s->settings[k].key, ns, nl) && s->settings[k].key[nl] == ':')
				(void)strbuf_addf(c->out, "%s=%s\n", s->settings[k].key + nl + 1, s->settings[k].value);
		return 0;
	}
	if (i + 2 >= c->argc)
		return usage_err(c, "Invalid arguments\n");
	char *key = xasprintf("%s:%s", ns, c->argv[i + 2]);
	int rc = 0;
	if (!strcmp(verb, "get")) {
		const char *v = sim_kv_get(s->settings, s->n_settings, key);
		(void)strbuf_addf(c->out, "%s\n", v ? v : "null");
	} else if (!strcmp(verb, "put")) {
		if (i + 3 >= c->argc) {
			rc = usage_err(c, "Invalid arguments\n");
		} else {
			sim_kv_set(&s->settings, &s->n_settings, key, c->argv[i + 3]);
			if (!strcmp(key, "system:user_rotation") || !strcmp(key, "system:accelerometer_rotation"))
				apply_rotation_settings(s);
		}
	} else if (!strcmp(verb, "delete")) {
		sim_kv_set(&s->settings, &s->n_settings, key, "null");
		(void)strbuf_adds(c->out, "Deleted 1 rows\n");
	} else {
		rc = usage_err(c, "Invalid command\n");
	}
	free(key);
	return rc;
}

/* `content insert --uri content://settings/NS --bind name:s:KEY --bind value:i:V`,
 * the other way testing tools change settings. */
static int cmd_content(struct cmd *c)
{
	struct sim *s = c->s;
	const char *uri = NULL, *name = NULL, *value = NULL;
	if (c->argc < 2 || (strcmp(c->argv[1], "insert") != 0 && strcmp(c->argv[1], "update") != 0))
		return usage_err(c, "usage: adb shell content [subcommand] [options]\n");
	for (int i = 2; i + 1 < c->argc; i++) {
		const char *a = c->argv[i], *v = c->argv[i + 1];
		if (!strcmp(a, "--uri")) {
			uri = v;
			i++;
		} else if (!strcmp(a, "--bind")) {
			const char *colon = strchr(v, ':'), *colon2 = colon ? strchr(colon + 1, ':') : NULL;
			if (colon && colon2 && !strncmp(v, "name:", 5))
				name = colon2 + 1;
			else if (colon && colon2 && !strncmp(v, "value:", 6))
				value = colon2 + 1;
			i++;
		}
	}
	static const char prefix[] = "content://settings/";
	if (!uri || strncmp(uri, prefix, sizeof prefix - 1) != 0 || !name || !value) {
		(void)strbuf_addf(c->err, "Error while accessing provider:%s\n", uri ? uri + 10 : "");
		return 1;
	}
	const char *ns = uri + sizeof prefix - 1;
	if (strcmp(ns, "system") && strcmp(ns, "secure") && strcmp(ns, "global"))
		return usage_err(c, "Error: unknown settings table\n");
	char *key = xasprintf("%s:%s", ns, name);
	sim_kv_set(&s->settings, &s->n_settings, key, value);
	if (!strcmp(key, "system:user_rotation") || !strcmp(key, "system:accelerometer_rotation"))
		apply_rotation_settings(s);
	free(key);
	return 0;
}

/* --- logcat, props --- */

static int cmd_logcat(struct cmd *c)
{
	struct sim *s = c->s;
	bool crash = false, main_buf = false, clear = false, dump = false;
	for (int i = 1; i < c->argc; i++) {
		const char *a = c->argv[i];
		if ((!strcmp(a, "-b") || !strcmp(a, "--buffer")) && i + 1 < c->argc) {
			const char *b = c->argv[++i];
			if (!strcmp(b, "crash"))
				crash = true;
			else if (!strcmp(b, "all") || !strcmp(b, "default"))
				crash = main_buf = true;
			else
				main_buf = true;
		} else if (!strcmp(a, "-c") || !strcmp(a, "--clear")) {
			clear = true;
		} else if (!strcmp(a, "-d")) {
			dump = true;
		} else if ((!strcmp(a, "-t") || !strcmp(a, "-T") || !strcmp(a, "-v") || !strcmp(a, "-s") ||
			    !strcmp(a, "--pid")) && i + 1 < c->argc) {
			i++;
		}
	}
	if (!crash && !main_buf)
		crash = main_buf = true;
	if (clear) {
		if (crash)
			strbuf_reset(&s->log_crash);
		if (main_buf)
			strbuf_reset(&s->log_main);
		return 0;
	}
	(void)dump; /* without -d a phone would stream; the simulator always dumps */
	if (main_buf) {
		(void)strbuf_adds(c->out, "--------- beginning of main\n");
		(void)strbuf_add(c->out, s->log_main.buf, s->log_main.len);
	}
	if (crash && s->log_crash.len) {
		(void)strbuf_adds(c->out, "--------- beginning of crash\n");
		(void)strbuf_add(c->out, s->log_crash.buf, s->log_crash.len);
	}
	return 0;
}

static void default_props(struct sim *s)
{
	static const char *const kv[][2] = {
		{ "ro.product.model", "trident_sim" }, { "ro.product.manufacturer", "Trident" },
		{ "ro.product.brand", "trident" }, { "ro.product.name", "trident_sim" },
		{ "ro.product.device", "trident_sim" }, { "ro.build.version.sdk", "34" },
		{ "ro.build.version.release", "14" }, { "ro.build.type", "userdebug" },
		{ "ro.build.fingerprint", "trident/trident_sim/trident_sim:14/UP1A.231005.007/1:userdebug/test-keys" },
		{ "ro.product.cpu.abi", "x86_64" }, { "ro.sf.lcd_density", "420" },
		{ "ro.serialno", "TRIDENTSIM0001" }, { "sys.boot_completed", "1" },
		{ "init.svc.bootanim", "stopped" }, { "persist.sys.locale", "en-US" },
		{ "ro.kernel.qemu", "1" }, { "trident.sim.dump_failures", "0" },
	};
	if (s->n_props)
		return;
	for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
		sim_kv_set(&s->props, &s->n_props, kv[i][0], kv[i][1]);
}

static int cmd_getprop(struct cmd *c)
{
	struct sim *s = c->s;
	default_props(s);
	if (c->argc < 2) {
		for (size_t i = 0; i < s->n_props; i++)
			(void)strbuf_addf(c->out, "[%s]: [%s]\n", s->props[i].key, s->props[i].value);
		return 0;
	}
	const char *v = sim_kv_get(s->props, s->n_props, c->argv[1]);
	(void)strbuf_addf(c->out, "%s\n", v ? v : c->argc > 2 ? c->argv[2] : "");
	return 0;
}

static int cmd_setprop(struct cmd *c)
{
	struct sim *s = c->s;
	default_props(s);
	if (c->argc != 3)
		return usage_err(c, "usage: setprop NAME VALUE\n\nSets an Android system property.\n");
	sim_kv_set(&s->props, &s->n_props, c->argv[1], c->argv[2]);
	if (!strcmp(c->argv[1], "trident.sim.dump_failures")) {
		long n = strtol(c->argv[2], NULL, 10);
		s->dump_failures = n < 0 ? 0 : n > 1000 ? 1000 : (int)n;
	}
	return 0;
}

/* --- files and text tools --- */

static int cmd_cat(struct cmd *c)
{
	if (c->argc < 2) {
		if (c->in)
			(void)strbuf_add(c->out, c->in->buf, c->in->len);
		return 0;
	}
	int rc = 0;
	for (int i = 1; i < c->argc; i++) {
		if (sim_fs_read(c->s, c->argv[i], c->out) != 0) {
			(void)strbuf_addf(c->err, "cat: %s: No such file or directory\n", c->argv[i]);
			rc = 1;
		}
	}
	return rc;
}

static int cmd_rm(struct cmd *c)
{
	bool force = false, rec = false;
	int rc = 0;
	for (int i = 1; i < c->argc; i++) {
		const char *a = c->argv[i];
		if (a[0] == '-' && a[1]) {
			force = force || strchr(a, 'f');
			rec = rec || strchr(a, 'r') || strchr(a, 'R');
			continue;
		}
		struct sim_file_stat st;
		if (sim_fs_stat(c->s, a, &st) != 0) {
			if (!force) {
				(void)strbuf_addf(c->err, "rm: %s: No such file or directory\n", a);
				rc = 1;
			}
			continue;
		}
		if (S_ISDIR(st.mode) && !rec) {
			(void)strbuf_addf(c->err, "rm: %s: is a directory\n", a);
			rc = 1;
			continue;
		}
		if (sim_fs_remove(c->s, a, rec) != 0) {
			(void)strbuf_addf(c->err, "rm: %s: Permission denied\n", a);
			rc = 1;
		}
	}
	return rc;
}

static int cmd_mkdir(struct cmd *c)
{
	bool parents = false;
	int rc = 0;
	for (int i = 1; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "-p")) {
			parents = true;
			continue;
		}
		if (sim_fs_mkdir(c->s, c->argv[i], parents) != 0) {
			(void)strbuf_addf(c->err, "mkdir: '%s': %s\n", c->argv[i],
					  strstr(td_errmsg(TD_ERR_INVALID), "exists") ? "File exists"
										       : "No such file or directory");
			rc = 1;
		}
	}
	return rc;
}

struct ls_ctx {
	char **names;
	size_t n;
};

static void ls_add(void *ctx, const char *name, const struct sim_file_stat *st)
{
	struct ls_ctx *l = ctx;
	(void)st;
	l->names = xrealloc(l->names, (l->n + 1) * sizeof *l->names);
	l->names[l->n++] = xstrdup(name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmd_ls(struct cmd *c)
{
	int rc = 0;
	bool any = false;
	for (int i = 1; i <= c->argc; i++) {
		const char *p = i < c->argc ? c->argv[i] : (any ? NULL : "/");
		if (!p)
			break;
		if (i < c->argc && p[0] == '-')
			continue;
		any = true;
		struct sim_file_stat st;
		if (sim_fs_stat(c->s, p, &st) != 0) {
			(void)strbuf_addf(c->err, "ls: %s: No such file or directory\n", p);
			rc = 1;
			continue;
		}
		if (!S_ISDIR(st.mode)) {
			(void)strbuf_addf(c->out, "%s\n", p);
			continue;
		}
		struct ls_ctx l = { 0 };
		(void)sim_fs_list(c->s, p, ls_add, &l);
		qsort(l.names, l.n, sizeof *l.names, cmp_str);
		for (size_t k = 0; k < l.n; k++) {
			(void)strbuf_addf(c->out, "%s\n", l.names[k]);
			free(l.names[k]);
		}
		free(l.names);
	}
	return rc;
}

static int cmd_echo(struct cmd *c)
{
	int i = 1;
	bool nl = true;
	if (i < c->argc && !strcmp(c->argv[i], "-n")) {
		nl = false;
		i++;
	}
	for (int k = i; k < c->argc; k++)
		(void)strbuf_addf(c->out, "%s%s", k > i ? " " : "", c->argv[k]);
	if (nl)
		(void)strbuf_addch(c->out, '\n');
	return 0;
}

static int cmd_grep(struct cmd *c)
{
	int flags = REG_NOSUB;
	bool invert = false, count = false;
	const char *pat = NULL;
	for (int i = 1; i < c->argc; i++) {
		const char *a = c->argv[i];
		if (a[0] == '-' && a[1] && !pat) {
			if (strchr(a, 'E'))
				flags |= REG_EXTENDED;
			if (strchr(a, 'i'))
				flags |= REG_ICASE;
			if (strchr(a, 'v'))
				invert = true;
			if (strchr(a, 'c'))
				count = true;
		} else if (!pat) {
			pat = a;
		}
	}
	if (!pat)
		return usage_err(c, "usage: grep [-Eicv] PATTERN\n");
	regex_t re;
	if (regcomp(&re, pat, flags) != 0) {
		(void)strbuf_addf(c->err, "grep: bad regex '%s'\n", pat);
		return 2;
	}
	int matched = 0;
	const char *p = c->in ? c->in->buf : "";
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *line = xstrndup(p, len);
		bool m = (regexec(&re, line, 0, NULL, 0) == 0) != invert;
		if (m) {
			matched++;
			if (!count)
				(void)strbuf_addf(c->out, "%s\n", line);
		}
		free(line);
		p += len + (e ? 1 : 0);
	}
	regfree(&re);
	if (count)
		(void)strbuf_addf(c->out, "%d\n", matched);
	return matched ? 0 : 1;
}

static int cmd_head(struct cmd *c)
{
	long n = 10;
	for (int i = 1; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "-n") && i + 1 < c->argc)
			n = strtol(c->argv[++i], NULL, 10);
		else if (c->argv[i][0] == '-' && isdigit((unsigned char)c->argv[i][1]))
			n = strtol(c->argv[i] + 1, NULL, 10);
	}
	const char *p = c->in ? c->in->buf : "";
	while (*p && n-- > 0) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) + 1 : strlen(p);
		(void)strbuf_add(c->out, p, len);
		p += len;
	}
	return 0;
}

/* --- dispatch --- */

struct builtin {
	const char *name;
	int (*fn)(struct cmd *c);
};

static int cmd_true(struct cmd *c)
{
	(void)c;
	return 0;
}

static int cmd_false(struct cmd *c)
{
	(void)c;
	return 1;
}

static int cmd_id(struct cmd *c)
{
	(void)strbuf_adds(c->out, "uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),"
			  "1007(log),1011(adb),1015(sdcard_rw),3003(inet) context=u:r:shell:s0\n");
	return 0;
}

static const struct builtin builtins[] = {
	{ "uiautomator", cmd_uiautomator }, { "screencap", cmd_screencap }, { "input", cmd_input },
	{ "am", cmd_am }, { "pm", cmd_pm }, { "cmd", NULL }, { "monkey", cmd_monkey },
	{ "dumpsys", cmd_dumpsys }, { "wm", cmd_wm }, { "settings", cmd_settings },
	{ "logcat", cmd_logcat }, { "getprop", cmd_getprop }, { "setprop", cmd_setprop },
	{ "cat", cmd_cat }, { "rm", cmd_rm }, { "mkdir", cmd_mkdir }, { "ls", cmd_ls },
	{ "echo", cmd_echo }, { "grep", cmd_grep }, { "head", cmd_head }, { "true", cmd_true },
	{ "false", cmd_false }, { "pidof", cmd_pidof }, { "id", cmd_id }, { "sleep", cmd_true },
	{ ":", cmd_true }, { "content", cmd_content },
};

/* Run one simple command; returns its exit code. */
static int run_simple(struct sim *s, char **argv, int argc, const struct strbuf *in,
		      struct strbuf *out, struct strbuf *err, int *sleep_ms, bool *exit_now)
{
	if (argc == 0)
		return 0;
	const char *name = argv[0];
	const char *base = strrchr(name, '/');
	if (base && (!strncmp(name, "/system/bin/", 12) || !strncmp(name, "/system/xbin/", 13)))
		name = base + 1;
	if (!strcmp(name, "exit")) {
		*exit_now = true;
		return argc > 1 ? atoi(argv[1]) & 255 : 0;
	}
	if (!strcmp(name, "cmd") && argc > 1) {
		/* "cmd package ..." / "cmd activity ..." are pm / am */
		if (!strcmp(argv[1], "package"))
			argv[1] = "pm";
		else if (!strcmp(argv[1], "activity"))
			argv[1] = "am";
		else if (!strcmp(argv[1], "window"))
			argv[1] = "wm";
		else if (!strcmp(argv[1], "settings"))
			argv[1] = "settings";
		return run_simple(s, argv + 1, argc - 1, in, out, err, sleep_ms, exit_now);
	}
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
		if (builtins[i].fn && !strcmp(builtins[i].name, name)) {
			struct cmd c = { s, argc, argv, in, out, err, sleep_ms };
			return builtins[i].fn(&c);
		}
	}
	(void)strbuf_addf(err, "/system/bin/sh: %s: inaccessible or not found\n", argv[0]);
	return 127;
}

struct simple {
	char *argv[SHELL_MAX_WORDS + 1];
	int argc;
	const char *out_file, *err_file, *in_file;
	bool out_append, err_append, err_to_out;
};

/* Parse tokens [*pos, ...) into one simple command, stopping at an operator. */
static int parse_simple(struct toks *t, size_t *pos, struct simple *sc, struct strbuf *err)
{
	memset(sc, 0, sizeof *sc);
	while (*pos < t->n) {
		struct tok *k = &t->v[*pos];
		if (k->type == T_WORD) {
			if (sc->argc >= SHELL_MAX_WORDS) {
				(void)strbuf_adds(err, "/system/bin/sh: too many arguments\n");
				return -1;
			}
			sc->argv[sc->argc++] = k->word;
			(*pos)++;
			continue;
		}
		if (k->type == T_OUT || k->type == T_APPEND || k->type == T_ERR || k->type == T_ERR_APPEND ||
		    k->type == T_IN) {
			if (*pos + 1 >= t->n || t->v[*pos + 1].type != T_WORD) {
				(void)strbuf_adds(err, "/system/bin/sh: syntax error: unexpected newline\n");
				return -1;
			}
			const char *f = t->v[*pos + 1].word;
			if (k->type == T_OUT || k->type == T_APPEND) {
				sc->out_file = f;
				sc->out_append = k->type == T_APPEND;
			} else if (k->type == T_IN) {
				sc->in_file = f;
			} else {
				sc->err_file = f;
				sc->err_append = k->type == T_ERR_APPEND;
			}
			*pos += 2;
			continue;
		}
		if (k->type == T_ERR_TO_OUT) {
			sc->err_to_out = true;
			(*pos)++;
			continue;
		}
		break;
	}
	return 0;
}

static void write_redirect(struct sim *s, const char *file, bool append, const struct strbuf *data,
			   struct strbuf *err, int *rc)
{
	struct strbuf all = STRBUF_INIT;
	if (append)
		(void)sim_fs_read(s, file, &all);
	(void)strbuf_add(&all, data->buf, data->len);
	if (sim_fs_write(s, file, all.buf, all.len, 0660) != 0) {
		(void)strbuf_addf(err, "/system/bin/sh: can't create %s: No such file or directory\n", file);
		*rc = 1;
	}
	strbuf_release(&all);
}

/* Run a pipeline starting at *pos; returns its exit code, or -1 on syntax error. */
static int run_pipeline(struct sim *s, struct toks *t, size_t *pos, struct strbuf *out, struct strbuf *err,
			int *sleep_ms, bool *exit_now)
{
	struct strbuf in = STRBUF_INIT, cur = STRBUF_INIT;
	bool have_in = false;
	int rc = 0;
	strbuf_init(&cur, SHELL_OUT_CAP);
	for (;;) {
		struct simple sc;
		if (parse_simple(t, pos, &sc, err) != 0) {
			rc = -1;
			break;
		}
		if (sc.argc == 0 && !sc.out_file) {
			(void)strbuf_adds(err, "/system/bin/sh: syntax error: unexpected operator\n");
			rc = -1;
			break;
		}
		struct strbuf cerr = STRBUF_INIT;
		strbuf_reset(&cur);
		if (sc.in_file) {
			strbuf_reset(&in);
			if (sim_fs_read(s, sc.in_file, &in) != 0) {
				(void)strbuf_addf(err, "/system/bin/sh: can't open %s: No such file or directory\n",
						  sc.in_file);
				rc = 1;
				strbuf_release(&cerr);
				break;
			}
			have_in = true;
		}
		rc = run_simple(s, sc.argv, sc.argc, have_in ? &in : NULL, &cur, &cerr, sleep_ms, exit_now);
		if (sc.err_to_out)
			(void)strbuf_add(&cur, cerr.buf, cerr.len), strbuf_reset(&cerr);
		if (sc.err_file)
			write_redirect(s, sc.err_file, sc.err_append, &cerr, err, &rc);
		else
			(void)strbuf_add(err, cerr.buf, cerr.len);
		strbuf_release(&cerr);
		bool piped = *pos < t->n && t->v[*pos].type == T_PIPE;
		if (sc.out_file) {
			write_redirect(s, sc.out_file, sc.out_append, &cur, err, &rc);
			strbuf_reset(&cur);
		}
		if (!piped || *exit_now) {
			(void)strbuf_add(out, cur.buf, cur.len);
			break;
		}
		(*pos)++;
		strbuf_reset(&in);
		(void)strbuf_add(&in, cur.buf, cur.len);
		have_in = true;
	}
	strbuf_release(&in);
	strbuf_release(&cur);
	return rc;
}

int sim_shell(struct sim *s, const char *cmdline, struct strbuf *out, struct strbuf *err, int *exit_code)
{
	struct toks t = { 0 };
	const char *why = NULL;
	int sleep_ms = 0;
	struct strbuf scratch_err = STRBUF_INIT;
	if (!err)
		err = &scratch_err;
	*exit_code = 0;
	if (!cmdline || strlen(cmdline) > SHELL_MAX_LINE) {
		(void)strbuf_adds(err, "/system/bin/sh: command line too long\n");
		*exit_code = 2;
		strbuf_release(&scratch_err);
		return TD_OK;
	}
	if (tokenize(cmdline, &t, &why) != 0) {
		(void)strbuf_addf(err, "/system/bin/sh: syntax error: %s\n", why);
		*exit_code = 2;
		toks_free(&t);
		strbuf_release(&scratch_err);
		return TD_OK;
	}
	pthread_mutex_lock(&s->lock);
	size_t pos = 0;
	int rc = 0;
	bool exit_now = false, skip = false;
	while (pos < t.n && !exit_now) {
		if (t.v[pos].type == T_SEMI) {
			pos++;
			skip = false;
			continue;
		}
		if (skip) {
			/* skip this pipeline: up to the next ; && || */
			while (pos < t.n && t.v[pos].type != T_SEMI && t.v[pos].type != T_AND &&
			       t.v[pos].type != T_OR)
				pos++;
		} else {
			rc = run_pipeline(s, &t, &pos, out, err, &sleep_ms, &exit_now);
			if (rc < 0) {
				rc = 2;
				break;
			}
		}
		if (pos < t.n && (t.v[pos].type == T_AND || t.v[pos].type == T_OR)) {
			bool and = t.v[pos].type == T_AND;
			pos++;
			if (pos >= t.n || t.v[pos].type != T_WORD) {
				(void)strbuf_adds(err, "/system/bin/sh: syntax error: unexpected end of file\n");
				rc = 2;
				break;
			}
			skip = and ? rc != 0 : rc == 0;
			if (skip && rc == 0 && !and)
				skip = true;
		}
	}
	pthread_mutex_unlock(&s->lock);
	*exit_code = rc;
	toks_free(&t);
	strbuf_release(&scratch_err);
	if (sleep_ms > 0) {
		struct timespec ts = { sleep_ms / 1000, (long)(sleep_ms % 1000) * 1000000L };
		nanosleep(&ts, NULL);
	}
	return TD_OK;
}

int sim_screen_view_get(struct sim *s, struct sim_screen_view **out)
{
	pthread_mutex_lock(&s->lock);
	*out = sim_layout(s);
	pthread_mutex_unlock(&s->lock);
	return TD_OK;
}

void sim_screen_view_free(struct sim_screen_view *v)
{
	sim_view_free_tree(v);
}
