/*
 * sim_shell.c - the simulated device's shell: a small sh-style command line
 * parser ('...', "...", backslash, ;, &&, ||, |, > >> 2> 2>&1 <, and $?, $$,
 * $NAME / ${NAME} for a fixed Android environment) and the
 * commands a tester uses, each answering with the text a real Android 14
 * device prints (uiautomator, screencap, input, am, pm, monkey, dumpsys,
 * wm, settings, logcat, getprop/setprop, cat, echo, rm, ls, mkdir, pidof,
 * grep, head, true, false, exit, sleep).
 *
 * Test hook: `setprop trident.sim.dump_failures N` makes the next N
 * `uiautomator dump` calls fail with "ERROR: could not get idle state.", as
 * a busy phone does. The "phone" latency profile sleeps after the command
 * line ran, with the device lock released; `getprop trident.sim.latency`
 * tells the active profile (read-only: setprop fails, as on a ro. property).
 */
#include <ctype.h>
#include <regex.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "core/app_model.h"
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

/*
 * A word keeps its parameter expansions for run time ($? changes while a
 * line runs): VAR_MARK NAME VAR_MARK stands for $NAME, and VAR_MARK
 * VAR_MARK for a literal VAR_MARK byte. `quoted` = the word had quotes, so
 * it stays an (empty) argument even when it expands to nothing.
 */
#define VAR_MARK '\001'

struct tok {
	enum tok_type type;
	char *word;
	bool quoted;
};

struct toks {
	struct tok *v;
	size_t n, alloc;
};

static void tok_push(struct toks *t, enum tok_type type, char *word, bool quoted)
{
	t->v = xgrow(t->v, &t->alloc, t->n + 1, sizeof *t->v);
	t->v[t->n].type = type;
	t->v[t->n].word = word;
	t->v[t->n].quoted = quoted;
	t->n++;
}

/* Append literal bytes to a word (VAR_MARK doubled). */
static void word_add(struct strbuf *w, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == VAR_MARK)
			(void)strbuf_addch(w, VAR_MARK);
		(void)strbuf_addch(w, p[i]);
	}
}

/* Length of a parameter name at p: one special character, a digit, or an
 * identifier; 0 when none starts there. */
static size_t param_len(const char *p)
{
	if (*p && strchr("?$#!@*0123456789", *p))
		return 1;
	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	size_t n = 1;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

/* At a '$' (unquoted or in "..."): record $NAME / ${NAME} in the word, or a
 * literal '$' when no name follows. Returns -1 with *why on a bad ${...}. */
static int scan_dollar(const char **pp, struct strbuf *w, const char **why)
{
	const char *p = *pp + 1;
	size_t n;
	if (*p == '{') {
		p++;
		n = param_len(p);
		if (!n || p[n] != '}') {
			*why = "${...}: bad substitution";
			return -1;
		}
		*pp = p + n + 1;
	} else {
		n = param_len(p);
		if (!n) {
			(void)strbuf_addch(w, '$');
			*pp = p;
			return 0;
		}
		*pp = p + n;
	}
	(void)strbuf_addch(w, VAR_MARK);
	(void)strbuf_add(w, p, n);
	(void)strbuf_addch(w, VAR_MARK);
	return 0;
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
	bool in_word = false, quoted = false;
	while (*p) {
		char c = *p;
		if (!in_word && (c == ' ' || c == '\t' || c == '\n')) {
			if (c == '\n')
				tok_push(t, T_SEMI, NULL, false);
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
				tok_push(t, T_ERR_TO_OUT, NULL, false);
				p += 4;
			} else if (p[2] == '>') {
				tok_push(t, T_ERR_APPEND, NULL, false);
				p += 3;
			} else {
				tok_push(t, T_ERR, NULL, false);
				p += 2;
			}
			continue;
		}
		if (c == ';' || c == '&' || c == '|' || c == '>' || c == '<' || c == ' ' || c == '\t' ||
		    c == '\n') {
			if (in_word) {
				tok_push(t, T_WORD, strbuf_detach(&w, NULL), quoted);
				in_word = false;
				quoted = false;
				continue;
			}
			if (c == ';') {
				tok_push(t, T_SEMI, NULL, false);
				p++;
			} else if (c == '&' && p[1] == '&') {
				tok_push(t, T_AND, NULL, false);
				p += 2;
			} else if (c == '&') {
				tok_push(t, T_SEMI, NULL, false); /* background: run it now */
				p++;
			} else if (c == '|' && p[1] == '|') {
				tok_push(t, T_OR, NULL, false);
				p += 2;
			} else if (c == '|') {
				tok_push(t, T_PIPE, NULL, false);
				p++;
			} else if (c == '>' && p[1] == '>') {
				tok_push(t, T_APPEND, NULL, false);
				p += 2;
			} else if (c == '>') {
				tok_push(t, T_OUT, NULL, false);
				p++;
			} else {
				tok_push(t, T_IN, NULL, false);
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
			word_add(&w, p + 1, (size_t)(e - p - 1));
			p = e + 1;
			quoted = true;
		} else if (c == '"') {
			p++;
			quoted = true;
			while (*p && *p != '"') {
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`')) {
					word_add(&w, p + 1, 1);
					p += 2;
				} else if (*p == '\\' && p[1] == '\n') {
					p += 2;
				} else if (*p == '$') {
					if (scan_dollar(&p, &w, why))
						goto fail;
				} else {
					word_add(&w, p++, 1);
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
				word_add(&w, p + 1, 1);
				p += 2;
			} else {
				p++;
			}
		} else if (c == '$') {
			if (scan_dollar(&p, &w, why))
				goto fail;
		} else {
			word_add(&w, p++, 1);
		}
	}
	if (in_word)
		tok_push(t, T_WORD, strbuf_detach(&w, NULL), quoted);
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
	/* To stdout: drawn straight into the output (no 10 MB copy); both
	 * renderers leave it as it was on failure. */
	struct strbuf *to = file ? &img : c->out;
	int err = png ? sim_render_png(v, to) : sim_render_raw(v, to);
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
		int done = 0, last = n - 1;
		while (last > 0 && !strncmp(a[last], "--", 2))
			last--; /* flags after the last key */
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
			s->keys_pending = k < last;
			(void)sim_act_key(s, code, lp);
			s->keys_pending = false;
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

/* "scheme://[user@]host[:port]/path..." matches link l (host exactly,
 * case-insensitive; path as prefix). */
static bool link_matches(const struct sim_link *l, const char *uri)
{
	size_t sl = strlen(l->scheme);
	if (strncasecmp(uri, l->scheme, sl) != 0 || strncmp(uri + sl, "://", 3) != 0)
		return false;
	const char *auth = uri + sl + 3;
	size_t al = strcspn(auth, "/?#");
	const char *at = memrchr(auth, '@', al);
	const char *host = at ? at + 1 : auth;
	size_t hl = al - (size_t)(host - auth);
	const char *colon = memrchr(host, ':', hl);
	if (colon)
		hl = (size_t)(colon - host);
	if (l->host[0] && (strlen(l->host) != hl || strncasecmp(host, l->host, hl) != 0))
		return false;
	return !l->path[0] || !strncmp(auth + al, l->path, strlen(l->path));
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

/*
 * am start: the intent is built as Intent.parseCommandArgs does (options,
 * then one optional argument: a URI if it has ':', a component if it has
 * '/', else a package the intent is restricted to), printed as
 * Intent.toString() prints it (data through Uri.toSafeString), and resolved
 * against the installed app.
 */
#define AM_MAX_CATS 16
#define AM_FLAG_NEW_TASK 0x10000000u
#define AM_ACTION_MAIN "android.intent.action.MAIN"
#define AM_ACTION_VIEW "android.intent.action.VIEW"
#define AM_CAT_LAUNCHER "android.intent.category.LAUNCHER"

struct am_intent {
	const char *action, *data, *type, *id, *pkg;
	char *comp_pkg, *comp_cls;   /* explicit component; class fully qualified */
	const char *cats[AM_MAX_CATS];
	int n_cats;
	unsigned flags;
	bool extras;
};

/* Options that set an intent flag. */
static const struct { const char *opt; unsigned flag; } am_flag_opts[] = {
	{ "--grant-read-uri-permission", 0x1 }, { "--grant-write-uri-permission", 0x2 },
	{ "--debug-log-resolution", 0x8 }, { "--exclude-stopped-packages", 0x10 },
	{ "--include-stopped-packages", 0x20 }, { "--grant-persistable-uri-permission", 0x40 },
	{ "--grant-prefix-uri-permission", 0x80 }, { "--activity-match-external", 0x800 },
	{ "--activity-task-on-home", 0x4000 }, { "--activity-clear-task", 0x8000 },
	{ "--activity-no-animation", 0x10000 }, { "--activity-reorder-to-front", 0x20000 },
	{ "--activity-no-user-action", 0x40000 }, { "--activity-clear-when-task-reset", 0x80000 },
	{ "--activity-launched-from-history", 0x100000 }, { "--activity-reset-task-if-needed", 0x200000 },
	{ "--activity-brought-to-front", 0x400000 }, { "--activity-exclude-from-recents", 0x800000 },
	{ "--activity-previous-is-top", 0x1000000 }, { "--activity-multiple-task", 0x8000000 },
	{ "--activity-clear-top", 0x4000000 }, { "--activity-single-top", 0x20000000 },
	{ "--activity-no-history", 0x40000000 },
};

/* Options the simulator accepts and ignores, with how many values they take
 * (the -e... / --e... ones are extras). */
static const struct { const char *opt; int n; } am_skip_opts[] = {
	{ "-D", 0 }, { "-N", 0 }, { "--streaming", 0 }, { "--track-allocation", 0 },
	{ "--task-overlay", 0 }, { "--lock-task", 0 }, { "--allow-background-activity-starts", 0 },
	{ "--dismiss-keyguard", 0 }, { "-P", 1 }, { "--start-profiler", 1 }, { "--sampling", 1 },
	{ "--attach-agent", 1 }, { "--attach-agent-bind", 1 }, { "-R", 1 }, { "--user", 1 },
	{ "--receiver-permission", 1 }, { "--display", 1 }, { "--windowingMode", 1 },
	{ "--activityType", 1 }, { "--task", 1 }, { "--esn", 1 }, { "-e", 2 }, { "--es", 2 },
	{ "--ei", 2 }, { "--el", 2 }, { "--ef", 2 }, { "--ed", 2 }, { "--eu", 2 }, { "--ecn", 2 },
	{ "--ez", 2 }, { "--eia", 2 }, { "--eial", 2 }, { "--ela", 2 }, { "--elal", 2 }, { "--efa", 2 },
	{ "--efal", 2 }, { "--eda", 2 }, { "--edal", 2 }, { "--esa", 2 }, { "--esal", 2 },
};

/* Android's ShellCommand argument reader: "-nVALUE" is "-n" "VALUE". */
struct am_args {
	char **argv;
	int argc, pos;
	const char *attached;   /* value glued to a short option */
	char opt[3];
};

static const char *am_next_option(struct am_args *a)
{
	a->attached = NULL;
	if (a->pos >= a->argc || a->argv[a->pos][0] != '-')
		return NULL;
	const char *arg = a->argv[a->pos++];
	if (!strcmp(arg, "--"))
		return NULL;
	if (arg[1] && arg[1] != '-' && arg[2]) {
		a->opt[0] = '-';
		a->opt[1] = arg[1];
		a->opt[2] = '\0';
		a->attached = arg + 2;
		return a->opt;
	}
	return arg;
}

/* The option's value, or NULL when none is left. */
static const char *am_next_value(struct am_args *a)
{
	const char *v = a->attached;
	a->attached = NULL;
	if (v)
		return v;
	return a->pos < a->argc ? a->argv[a->pos++] : NULL;
}

/* ComponentName.unflattenFromString into in->comp_*; false when malformed. */
static bool am_set_component(struct am_intent *in, const char *s)
{
	const char *slash = strchr(s, '/');
	if (!slash || !slash[1])
		return false;
	free(in->comp_pkg);
	free(in->comp_cls);
	in->comp_pkg = xstrndup(s, (size_t)(slash - s));
	in->comp_cls = slash[1] == '.' ? xasprintf("%s%s", in->comp_pkg, slash + 1) : xstrdup(slash + 1);
	return true;
}

/* Uri.toSafeString(): scheme, host and port only. */
static void am_safe_uri(const char *uri, struct strbuf *sb)
{
	const char *colon = strchr(uri, ':');
	if (!colon)
		return;
	size_t sl = (size_t)(colon - uri);
	(void)strbuf_add(sb, uri, sl + 1);
	const char *ssp = colon + 1;
	size_t ssp_len = strcspn(ssp, "#");
	static const char *const sensitive[] = { "tel", "sip", "sms", "smsto", "mailto", "nfc" };
	for (size_t i = 0; i < sizeof sensitive / sizeof sensitive[0]; i++) {
		if (strlen(sensitive[i]) == sl && !strncasecmp(uri, sensitive[i], sl)) {
			for (size_t k = 0; k < ssp_len; k++)
				(void)strbuf_addch(sb, strchr("-@.", ssp[k]) ? ssp[k] : 'x');
			return;
		}
	}
	bool has_path = ssp[0] == '/';
	if (ssp[0] == '/' && ssp[1] == '/') {
		const char *auth = ssp + 2;
		size_t al = strcspn(auth, "/?#");
		const char *at = memrchr(auth, '@', al);
		const char *host = at ? at + 1 : auth;
		size_t hl = al - (size_t)(host - auth);
		const char *pc = memrchr(host, ':', hl);
		long port = -1;
		if (pc) {
			char *end;
			port = strtol(pc + 1, &end, 10);
			if (end == pc + 1 || end != host + hl || port < 0 || port > 65535)
				port = -1;
			hl = (size_t)(pc - host);
		}
		(void)strbuf_adds(sb, "//");
		(void)strbuf_add(sb, host, hl);
		if (port >= 0)
			(void)strbuf_addf(sb, ":%ld", port);
	}
	if (has_path)
		(void)strbuf_adds(sb, "/...");
}

/* Intent.toString(), with `extra_flags` or'ed into the flags. */
static void am_describe(const struct am_intent *in, unsigned extra_flags, struct strbuf *sb)
{
	const char *sep = "";
	(void)strbuf_adds(sb, "Intent { ");
	if (in->action) {
		(void)strbuf_addf(sb, "act=%s", in->action);
		sep = " ";
	}
	if (in->n_cats) {
		(void)strbuf_addf(sb, "%scat=[", sep);
		for (int i = 0; i < in->n_cats; i++)
			(void)strbuf_addf(sb, "%s%s", i ? "," : "", in->cats[i]);
		(void)strbuf_addch(sb, ']');
		sep = " ";
	}
	if (in->data) {
		(void)strbuf_addf(sb, "%sdat=", sep);
		am_safe_uri(in->data, sb);
		sep = " ";
	}
	if (in->type) {
		(void)strbuf_addf(sb, "%styp=%s", sep, in->type);
		sep = " ";
	}
	if (in->id) {
		(void)strbuf_addf(sb, "%sid=%s", sep, in->id);
		sep = " ";
	}
	if (in->flags | extra_flags) {
		(void)strbuf_addf(sb, "%sflg=0x%x", sep, in->flags | extra_flags);
		sep = " ";
	}
	if (in->pkg) {
		(void)strbuf_addf(sb, "%spkg=%s", sep, in->pkg);
		sep = " ";
	}
	if (in->comp_pkg) {
		size_t pl = strlen(in->comp_pkg);
		const char *cls = in->comp_cls;
		bool in_pkg = !strncmp(cls, in->comp_pkg, pl) && cls[pl] == '.';
		(void)strbuf_addf(sb, "%scmp=%s/%s", sep, in->comp_pkg, in_pkg ? cls + pl : cls);
		sep = " ";
	}
	if (in->extras)
		(void)strbuf_addf(sb, "%s(has extras)", sep);
	(void)strbuf_adds(sb, " }");
}

/* What a command-line exception looks like (exit status 255). */
static int am_exception(struct cmd *c, const char *exception, const char *msg)
{
	(void)strbuf_addf(c->err, "Exception occurred while executing '%s':\n%s: %s\n"
			  "\tat android.content.Intent.parseCommandArgs(Intent.java:11763)\n"
			  "\tat com.android.server.am.ActivityManagerShellCommand.makeIntent("
			  "ActivityManagerShellCommand.java:471)\n",
			  c->argv[1], exception, msg);
	return 255;
}

/* ShellCommand.getNextArgRequired() ran out of arguments. */
static int am_missing(struct cmd *c, const struct am_args *a)
{
	char msg[300];
	snprintf(msg, sizeof msg, "Argument expected after \"%.200s\"", a->argv[a->pos - 1]);
	return am_exception(c, "java.lang.IllegalArgumentException", msg);
}

static bool am_has_cat(const struct am_intent *in, const char *cat)
{
	for (int i = 0; i < in->n_cats; i++)
		if (!strcmp(in->cats[i], cat))
			return true;
	return false;
}

/* Every category of the intent is one of `allowed` (NULL-terminated). */
static bool am_cats_within(const struct am_intent *in, const char *const *allowed)
{
	for (int i = 0; i < in->n_cats; i++) {
		bool ok = false;
		for (const char *const *a = allowed; *a && !ok; a++)
			ok = !strcmp(in->cats[i], *a);
		if (!ok)
			return false;
	}
	return true;
}

/*
 * The app's exported activity an implicit intent resolves to (and the
 * screen a deep link opens), or -1. VIEW (or no action) with data matches
 * the deep links (VIEW + BROWSABLE filters, categories DEFAULT/BROWSABLE);
 * MAIN (or no action) with LAUNCHER and the app's package is its launcher
 * activity. Only the current app resolves (an intent naming another
 * installed package switches to that one first); nothing resolves when the
 * current app was uninstalled.
 */
static int am_resolve(struct sim *s, const struct am_intent *in, int *screen)
{
	static const char *const link_cats[] = { "android.intent.category.DEFAULT",
						 "android.intent.category.BROWSABLE", NULL };
	static const char *const main_cats[] = { "android.intent.category.DEFAULT", AM_CAT_LAUNCHER, NULL };
	*screen = -1;
	if (in->pkg && !sim_pkg_use(s, in->pkg))
		return -1;
	const struct sim_app *app = s->app;
	struct sim_pkg *installed = sim_pkg_find(s, app->package);
	if (!installed || installed->app != app)
		return -1;
	if (in->data && !in->type && (!in->action || !strcmp(in->action, AM_ACTION_VIEW)) &&
	    am_cats_within(in, link_cats)) {
		for (size_t k = 0; k < app->n_links; k++) {
			const struct sim_link *l = &app->links[k];
			if (app->activities[l->activity].exported && link_matches(l, in->data)) {
				*screen = l->screen;
				return l->activity;
			}
		}
		return -1;
	}
	if (!in->data && !in->type && in->pkg && app->launcher >= 0 &&
	    (!in->action || !strcmp(in->action, AM_ACTION_MAIN)) && am_has_cat(in, AM_CAT_LAUNCHER) &&
	    am_cats_within(in, main_cats))
		return app->launcher;
	return -1;
}

/* Parse am start's arguments from argv[i] into `in`; 0, or an exit status
 * with the exception printed. */
static int am_parse(struct cmd *c, int i, struct am_intent *in, bool *wait, bool *stop)
{
	struct am_args a = { c->argv, c->argc, i, NULL, { 0 } };
	const char *opt;
	while ((opt = am_next_option(&a))) {
		const char *v = NULL;
		if (!strcmp(opt, "-W")) {
			*wait = true;
		} else if (!strcmp(opt, "-S")) {
			*stop = true;
		} else if (!strcmp(opt, "-a") || !strcmp(opt, "-d") || !strcmp(opt, "-t") || !strcmp(opt, "-i") ||
			   !strcmp(opt, "-c") || !strcmp(opt, "-p") || !strcmp(opt, "-n") || !strcmp(opt, "-f")) {
			if (!(v = am_next_value(&a)))
				return am_missing(c, &a);
			switch (opt[1]) {
			case 'a':
				in->action = v;
				break;
			case 'd':
				in->data = v;
				break;
			case 't':
				in->type = v;
				break;
			case 'i':
				in->id = v;
				break;
			case 'p':
				in->pkg = v;
				break;
			case 'c':
				if (in->n_cats < AM_MAX_CATS && !am_has_cat(in, v))
					in->cats[in->n_cats++] = v;
				break;
			case 'n':
				if (!am_set_component(in, v)) {
					char msg[300];
					snprintf(msg, sizeof msg, "Bad component name: %.200s", v);
					return am_exception(c, "java.lang.IllegalArgumentException", msg);
				}
				break;
			default: { /* -f: Integer.decode */
				char *end;
				const char *num = v[0] == '#' ? v + 1 : v;
				long f = strtol(num, &end, v[0] == '#' ? 16 : 0);
				if (!*num || *end || f < INT32_MIN || f > UINT32_MAX) {
					char msg[300];
					snprintf(msg, sizeof msg, "For input string: \"%.200s\"", v);
					return am_exception(c, "java.lang.NumberFormatException", msg);
				}
				in->flags = (unsigned)f;
			}
			}
		} else {
			bool known = false;
			for (size_t k = 0; k < sizeof am_flag_opts / sizeof am_flag_opts[0] && !known; k++)
				if (!strcmp(opt, am_flag_opts[k].opt)) {
					in->flags |= am_flag_opts[k].flag;
					known = true;
				}
			for (size_t k = 0; k < sizeof am_skip_opts / sizeof am_skip_opts[0] && !known; k++) {
				if (strcmp(opt, am_skip_opts[k].opt))
					continue;
				known = true;
				for (int n = 0; n < am_skip_opts[k].n; n++)
					if (!am_next_value(&a))
						return am_missing(c, &a);
				if (!strncmp(opt, "-e", 2) || !strncmp(opt, "--e", 3))
					in->extras = true;
			}
			if (!known) {
				char msg[300];
				snprintf(msg, sizeof msg, "Unknown option: %.200s", opt);
				return am_exception(c, "java.lang.IllegalArgumentException", msg);
			}
		}
	}
	/* The one argument after the options. */
	const char *arg = a.pos < a.argc ? a.argv[a.pos] : NULL;
	if (arg && strchr(arg, ':')) {
		if (!in->action)
			in->action = AM_ACTION_VIEW;
		if (!in->data && !in->type)
			in->data = arg;
	} else if (arg) {
		bool had_action = in->action != NULL;
		if (!had_action)
			in->action = AM_ACTION_MAIN;
		if (!had_action && !in->n_cats)
			in->cats[in->n_cats++] = AM_CAT_LAUNCHER;
		if (strchr(arg, '/'))
			(void)am_set_component(in, arg);
		else if (!in->pkg)
			in->pkg = arg;
	}
	return 0;
}

static int am_start(struct cmd *c, int i)
{
	struct sim *s = c->s;
	struct am_intent in = { 0 };
	bool wait = false, stop = false;
	struct strbuf desc = STRBUF_INIT;
	int act = -1, screen = -1;
	int rc = am_parse(c, i, &in, &wait, &stop);
	if (rc)
		goto out;
	if (!in.comp_pkg)
		act = am_resolve(s, &in, &screen);
	if (stop) {
		const char *pkg = in.comp_pkg ? in.comp_pkg : act >= 0 ? s->app->package : NULL;
		if (!pkg) {
			am_describe(&in, 0, &desc);
			(void)strbuf_addf(c->err, "Error: Intent does not match any activities: %s\n", desc.buf);
			rc = 1;
			goto out;
		}
		(void)strbuf_addf(c->out, "Stopping: %s\n", pkg);
		if (!strcmp(pkg, s->app->package))
			sim_act_force_stop(s);
	}
	am_describe(&in, 0, &desc);
	(void)strbuf_addf(c->out, "Starting: %s\n", desc.buf);
	if (s->latency)
		*c->sleep_ms += LAT_AM_MS;
	/* Intent.FLAG_ACTIVITY_NEW_TASK is added after "Starting:"; errors go
	 * to stdout with -W, else to stderr, as am prints them. */
	strbuf_reset(&desc);
	am_describe(&in, AM_FLAG_NEW_TASK, &desc);
	struct strbuf *out = wait ? c->out : c->err;
	if (in.comp_pkg) {
		if (sim_pkg_use(s, in.comp_pkg))
			for (size_t k = 0; k < s->app->n_activities; k++)
				if (!strcmp(s->app->activities[k].name, in.comp_cls))
					act = (int)k;
		if (act < 0) {
			(void)strbuf_addf(out, "Error type 3\nError: Activity class {%s/%s} does not exist.\n",
					  in.comp_pkg, in.comp_cls);
			goto out;
		}
		if (!s->app->activities[act].exported) {
			(void)strbuf_addf(c->err, "Exception occurred while executing '%s':\n"
					  "java.lang.SecurityException: Permission Denial: starting %s from null "
					  "(pid=%d, uid=2000) not exported from uid 10123\n\tat com.android.server.wm."
					  "ActivityTaskSupervisor.checkStartAnyActivityPermission("
					  "ActivityTaskSupervisor.java:1164)\n",
					  c->argv[1], desc.buf, 5000 + (int)(s->seq % 997));
			rc = 255;
			goto out;
		}
		for (size_t k = 0; in.data && k < s->app->n_links; k++)
			if (s->app->links[k].activity == act && link_matches(&s->app->links[k], in.data))
				screen = s->app->links[k].screen;
	} else if (act < 0) {
		(void)strbuf_addf(out, "Error: Activity not started, unable to resolve %s\n", desc.buf);
		goto out;
	}
	const char *state = "COLD";
	bool front = false;
	sim_act_launch(s, act, screen, &state, &front);
	if (front)
		(void)strbuf_adds(out, "Warning: Activity not started, its current task has been "
				  "brought to the front\n");
	if (wait)
		wait_lines(c, state, front, !strcmp(state, "COLD") ? 412 : !strcmp(state, "WARM") ? 186 : 88);
out:
	free(in.comp_pkg);
	free(in.comp_cls);
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

/* The path pm prints for an installed package: its APK, or (for the app the
 * device was started with from a bare spec) a path that has no file. */
static void pm_path_of(const struct sim_pkg *p, struct strbuf *sb)
{
	if (p->apk_path)
		(void)strbuf_adds(sb, p->apk_path);
	else
		(void)strbuf_addf(sb, "/data/app/~~trident-sim==/%s-1/base.apk", p->app->package);
}

/* pm install [-r] [-t] [-d] [-g] [-i PKG] [--user U] [-S SIZE] [PATH] */
static int pm_install(struct cmd *c)
{
	struct sim *s = c->s;
	const char *path = NULL;
	long size = -1;
	bool grant = false;
	for (int i = 2; i < c->argc; i++) {
		const char *a = c->argv[i];
		if (!strcmp(a, "-S") && i + 1 < c->argc) {
			char *end;
			size = strtol(c->argv[++i], &end, 10);
			if (*end || size < 0) {
				(void)strbuf_addf(c->err, "Error: invalid size: %s\n", c->argv[i]);
				return 1;
			}
		} else if ((!strcmp(a, "-i") || !strcmp(a, "--user") || !strcmp(a, "--install-location") ||
			    !strcmp(a, "--abi") || !strcmp(a, "-p")) && i + 1 < c->argc) {
			i++;
		} else if (!strcmp(a, "-g")) {
			grant = true;
		} else if (a[0] == '-' && a[1]) {
			continue; /* -r -t -d -f --dont-kill ... change nothing here */
		} else {
			path = a;
		}
	}
	struct strbuf data = STRBUF_INIT;
	const struct strbuf *apk = &data;
	int rc;
	if (size >= 0 && !path) {
		if (!c->in || c->in->len != (size_t)size) {
			(void)strbuf_addf(c->out, "Failure [INSTALL_FAILED_INVALID_APK: read %zu of %ld bytes "
					  "from stdin]\n", c->in ? c->in->len : 0, size);
			return 1;
		}
		apk = c->in;
	} else if (!path) {
		(void)strbuf_adds(c->err, "Error: APK content must be streamed\n");
		return 1;
	} else if (sim_fs_read(s, path, &data) != 0) {
		(void)strbuf_addf(c->err, "Error: Unable to open file: %s\n"
				  "Consider using a file under /data/local/tmp/\n"
				  "Error: Can't open file: %s\n", path, path);
		(void)strbuf_addf(c->out, "Exception occurred while executing 'install':\n"
				  "java.lang.IllegalArgumentException: Error: Can't open file: %s\n", path);
		strbuf_release(&data);
		return 255;
	}
	rc = sim_pkg_install(s, apk->buf, apk->len, grant, c->out);
	strbuf_release(&data);
	return rc;
}

static int cmd_pm(struct cmd *c)
{
	struct sim *s = c->s;
	if (c->argc < 2)
		return usage_err(c, "Package manager (package) commands:\n  help\n");
	const char *sub = c->argv[1];
	if (!strcmp(sub, "list") && c->argc > 2 && !strcmp(c->argv[2], "packages")) {
		bool third = false, files = false;
		const char *filter = NULL;
		for (int i = 3; i < c->argc; i++) {
			if (!strcmp(c->argv[i], "-3"))
				third = true;
			else if (!strcmp(c->argv[i], "-f"))
				files = true;
			else if (c->argv[i][0] != '-')
				filter = c->argv[i];
		}
		for (int i = 0; !third && system_packages[i]; i++)
			if (!filter || strstr(system_packages[i], filter)) {
				(void)strbuf_adds(c->out, "package:");
				if (files)
					(void)strbuf_addf(c->out, "/system/app/%s/base.apk=", system_packages[i]);
				(void)strbuf_addf(c->out, "%s\n", system_packages[i]);
			}
		for (size_t i = 0; i < s->n_pkgs; i++) {
			const char *pkg = s->pkgs[i].app->package;
			if (filter && !strstr(pkg, filter))
				continue;
			(void)strbuf_adds(c->out, "package:");
			if (files) {
				pm_path_of(&s->pkgs[i], c->out);
				(void)strbuf_addch(c->out, '=');
			}
			(void)strbuf_addf(c->out, "%s\n", pkg);
		}
		return 0;
	}
	if (!strcmp(sub, "clear")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		const struct sim_pkg *p = sim_pkg_find(s, pkg);
		if (!p) {
			(void)strbuf_adds(c->out, "Failed\n");
			return 1;
		}
		if (p->app == s->app)
			sim_act_clear(s);
		/* Clearing data resets the runtime permissions the user granted
		 * (AOSP bug 22248525); install-time grants (-g) stay. */
		sim_perm_forget(s, pkg);
		(void)strbuf_adds(c->out, "Success\n");
		return 0;
	}
	if (!strcmp(sub, "path")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		const struct sim_pkg *p = sim_pkg_find(s, pkg);
		if (!p)
			return 1;
		(void)strbuf_adds(c->out, "package:");
		pm_path_of(p, c->out);
		(void)strbuf_addch(c->out, '\n');
		return 0;
	}
	if (!strcmp(sub, "resolve-activity")) {
		/* [--brief] [-a ACTION] [-c CATEGORY]... [PACKAGE] */
		bool home = false, launcher = false, brief = false;
		const char *pkg = NULL;
		for (int i = 2; i < c->argc; i++) {
			if (!strcmp(c->argv[i], "--brief"))
				brief = true;
			else if ((!strcmp(c->argv[i], "-c") || !strcmp(c->argv[i], "-a")) && i + 1 < c->argc) {
				home |= !strcmp(c->argv[i + 1], "android.intent.category.HOME");
				launcher |= !strcmp(c->argv[i + 1], AM_CAT_LAUNCHER);
				i++;
			} else if (c->argv[i][0] != '-') {
				pkg = c->argv[i];
			}
		}
		const struct sim_pkg *p = launcher && pkg ? sim_pkg_find(s, pkg) : NULL;
		if (!home && !p) {
			(void)strbuf_adds(c->out, "No activity found\n");
			return 0;
		}
		if (!brief)
			(void)strbuf_adds(c->out, "Activity Resolver Table:\n");
		(void)strbuf_adds(c->out, "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n");
		if (home)
			(void)strbuf_addf(c->out, "%s/%s\n", sim_launcher_package(),
					  sim_launcher_activity() + strlen(sim_launcher_package()));
		else
			(void)strbuf_addf(c->out, "%s/%s\n", pkg, p->app->activities[p->app->launcher].name);
		return 0;
	}
	if (!strcmp(sub, "install"))
		return pm_install(c);
	if (!strncmp(sub, "install-", 8))
		return sim_pkg_session(s, c->argc, c->argv, c->in, c->out, c->err);
	if (!strcmp(sub, "uninstall")) {
		const char *pkg = c->argc > 2 ? c->argv[c->argc - 1] : "";
		return sim_pkg_uninstall(s, pkg, c->out);
	}
	if (!strcmp(sub, "grant") || !strcmp(sub, "revoke")) {
		if (c->argc < 4 || !sim_pkg_find(s, c->argv[2])) {
			(void)strbuf_addf(c->err, "Exception occurred while executing '%s':\n"
					  "java.lang.IllegalArgumentException: Unknown package: %s\n", sub,
					  c->argc > 2 ? c->argv[2] : "");
			return 255;
		}
		if (!app_permission_is_dangerous(c->argv[3])) {
			(void)strbuf_addf(c->err, "Exception occurred while executing '%s':\n"
					  "java.lang.SecurityException: Permission %s requested by %s is not a "
					  "changeable permission type\n", sub, c->argv[3], c->argv[2]);
			return 255;
		}
		/* revoke: asked again on next use, as after "Remove permission" in Settings */
		sim_perm_set(s, c->argv[2], c->argv[3], !strcmp(sub, "grant") ? SIM_PERM_GRANTED : SIM_PERM_ASK);
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
	if (!pkg || count < 1 || !sim_pkg_use(s, pkg)) {
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
	if (s->other) {
		/* another app in front: the chooser, the browser, Messages */
		(void)strbuf_addf(sb, "ActivityRecord{%07x u0 %s/%s t%d}", hash_of(sim_other_activity(s), (unsigned)s->task),
				  sim_other_package(s), sim_other_activity(s), s->task + 1);
		return;
	}
	if (s->perm_asking) {
		/* The permission controller's activity, on top of the app's task. */
		(void)strbuf_addf(sb, "ActivityRecord{%07x u0 %s/%s t%d}", hash_of(SIM_PERM_ACTIVITY, (unsigned)s->task),
				  SIM_PERM_PACKAGE, SIM_PERM_ACTIVITY, s->task);
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
		else if (act && s->perm_asking)
			(void)strbuf_addf(&win, "%s/%s}", SIM_PERM_PACKAGE, SIM_PERM_ACTIVITY);
		else if (act && s->other)
			(void)strbuf_addf(&win, "%s/%s}", sim_other_package(s), sim_other_activity(s));
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
	} else if (!strcmp(svc, "input_method")) {
		/* the lines of InputMethodManagerService's dump a tester reads */
		bool shown = sim_ime_shown(s);
		(void)strbuf_addf(c->out, "Current Input Method Manager state:\n  Input Methods: mMethodMapUpdateCount=1 "
				  "mBindInstantServiceAllowed=false\n  %s/%s:\n    mId=%s/%s mSettingsActivity="
				  "com.google.android.apps.inputmethod.latin.preference.SettingsActivity\n",
				  SIM_IME_PACKAGE, SIM_IME_SERVICE, SIM_IME_PACKAGE, SIM_IME_SERVICE);
		(void)strbuf_addf(c->out, "  mCurMethodId=%s/%s\n", SIM_IME_PACKAGE, SIM_IME_SERVICE);
		if (act)
			(void)strbuf_addf(c->out, "  mCurFocusedWindowName=%s/%s\n", s->app->package, act);
		(void)strbuf_addf(c->out, "  mInputShown=%s\n  mShowRequested=%s mShowExplicitlyRequested=false "
				  "mShowForced=false\n  mInFullscreenMode=false\n  mSystemReady=true mInteractive=true\n",
				  shown ? "true" : "false", shown ? "true" : "false");
	} else if (!strcmp(svc, "package")) {
		const char *pkg = c->argc > 2 ? c->argv[2] : "";
		const struct sim_pkg *p = sim_pkg_find(s, pkg);
		if (p) {
			(void)strbuf_addf(c->out, "Packages:\n  Package [%s] (5a6b7c8):\n    userId=10123\n"
					  "    versionCode=1 minSdk=24 targetSdk=34\n    versionName=%s\n",
					  pkg, p->app->version);
			if (p->apk_path)
				(void)strbuf_addf(c->out, "    codePath=%.*s\n",
						  (int)(strrchr(p->apk_path, '/') - p->apk_path), p->apk_path);
		}
	} else if (!svc[0]) {
		(void)strbuf_adds(c->out, "Currently running services:\n  activity\n  input\n  input_method\n  package\n  window\n");
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
	sim_kv_set(&s->props, &s->n_props, "trident.sim.latency", s->latency ? "phone" : "none");
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
	if (!strcmp(c->argv[1], "trident.sim.latency")) {
		/* read-only: the profile is fixed when the device is created */
		(void)strbuf_addf(c->err, "Failed to set property 'trident.sim.latency' to '%s'.\n"
				  "See dmesg for error reason.\n", c->argv[2]);
		return 1;
	}
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
		int merr = sim_fs_mkdir(c->s, c->argv[i], parents);

		if (merr != 0) {
			(void)strbuf_addf(c->err, "mkdir: '%s': %s\n", c->argv[i],
					  strstr(td_errmsg(merr), "exists") ? "File exists" : "No such file or directory");
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

/* What $? and $$ expand to while a command line runs. */
struct shell_env {
	int status;
	unsigned pid;
};

/* The environment adbd gives `adb shell` on Android 14 (a fixed subset). */
static const char *const shell_vars[][2] = {
	{ "HOME", "/" }, { "USER", "shell" }, { "LOGNAME", "shell" }, { "SHELL", "/bin/sh" },
	{ "PWD", "/" }, { "TMPDIR", "/data/local/tmp" }, { "ANDROID_DATA", "/data" },
	{ "ANDROID_ROOT", "/system" }, { "ANDROID_STORAGE", "/storage" },
	{ "EXTERNAL_STORAGE", "/sdcard" }, { "ANDROID_ASSETS", "/system/app" },
	{ "ANDROID_ART_ROOT", "/apex/com.android.art" }, { "ANDROID_I18N_ROOT", "/apex/com.android.i18n" },
	{ "ANDROID_TZDATA_ROOT", "/apex/com.android.tzdata" }, { "ASEC_MOUNTPOINT", "/mnt/asec" },
	{ "DOWNLOAD_CACHE", "/data/cache" },
	{ "PATH", "/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:"
		  "/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin" },
};

/* Append the value of parameter `name` (n bytes); unknown ones are empty. */
static void shell_param(const char *name, size_t n, const struct shell_env *env, struct strbuf *sb)
{
	if (n == 1 && name[0] == '?') {
		(void)strbuf_addf(sb, "%d", env->status);
	} else if (n == 1 && name[0] == '$') {
		(void)strbuf_addf(sb, "%u", env->pid);
	} else if (n == 1 && name[0] == '#') {
		(void)strbuf_addch(sb, '0');
	} else if (n == 1 && name[0] == '0') {
		(void)strbuf_adds(sb, "/system/bin/sh");
	} else if (n == 8 && !strncmp(name, "HOSTNAME", 8)) {
		(void)strbuf_adds(sb, sim_model());
	} else {
		for (size_t i = 0; i < sizeof shell_vars / sizeof shell_vars[0]; i++)
			if (strlen(shell_vars[i][0]) == n && !strncmp(shell_vars[i][0], name, n))
				(void)strbuf_adds(sb, shell_vars[i][1]);
	}
}

/* A word with its parameters expanded (malloc'd). */
static char *expand_word(const char *w, const struct shell_env *env)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_init(&sb, SHELL_MAX_LINE * 4);
	for (const char *p = w; *p;) {
		if (*p != VAR_MARK) {
			size_t n = strcspn(p, "\001");
			(void)strbuf_add(&sb, p, n);
			p += n;
			continue;
		}
		const char *e = strchr(p + 1, VAR_MARK);
		if (!e)
			break; /* cannot happen: tokenize writes marks in pairs */
		if (e == p + 1)
			(void)strbuf_addch(&sb, VAR_MARK);
		else
			shell_param(p + 1, (size_t)(e - p - 1), env, &sb);
		p = e + 1;
	}
	return strbuf_detach(&sb, NULL);
}

struct simple {
	const struct tok *words[SHELL_MAX_WORDS];
	int n_words;
	const struct tok *out_file, *err_file, *in_file;
	bool out_append, err_append, err_to_out;
};

/* Parse tokens [*pos, ...) into one simple command, stopping at an operator. */
static int parse_simple(struct toks *t, size_t *pos, struct simple *sc, struct strbuf *err)
{
	memset(sc, 0, sizeof *sc);
	while (*pos < t->n) {
		struct tok *k = &t->v[*pos];
		if (k->type == T_WORD) {
			if (sc->n_words >= SHELL_MAX_WORDS) {
				(void)strbuf_adds(err, "/system/bin/sh: too many arguments\n");
				return -1;
			}
			sc->words[sc->n_words++] = k;
			(*pos)++;
			continue;
		}
		if (k->type == T_OUT || k->type == T_APPEND || k->type == T_ERR || k->type == T_ERR_APPEND ||
		    k->type == T_IN) {
			if (*pos + 1 >= t->n || t->v[*pos + 1].type != T_WORD) {
				(void)strbuf_adds(err, "/system/bin/sh: syntax error: unexpected newline\n");
				return -1;
			}
			const struct tok *f = &t->v[*pos + 1];
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
/* A simple command with its words expanded; words that were unquoted and
 * expanded to nothing are dropped, as sh drops them. */
struct expanded {
	char *argv[SHELL_MAX_WORDS + 1];
	int argc;
	char *out_file, *err_file, *in_file;
};

static void expand_simple(const struct simple *sc, const struct shell_env *env, struct expanded *x)
{
	memset(x, 0, sizeof *x);
	for (int i = 0; i < sc->n_words; i++) {
		char *w = expand_word(sc->words[i]->word, env);
		if (!*w && !sc->words[i]->quoted)
			free(w);
		else
			x->argv[x->argc++] = w;
	}
	x->out_file = sc->out_file ? expand_word(sc->out_file->word, env) : NULL;
	x->err_file = sc->err_file ? expand_word(sc->err_file->word, env) : NULL;
	x->in_file = sc->in_file ? expand_word(sc->in_file->word, env) : NULL;
}

static void expanded_release(struct expanded *x)
{
	for (int i = 0; i < x->argc; i++)
		free(x->argv[i]);
	free(x->out_file);
	free(x->err_file);
	free(x->in_file);
}

/* Run a pipeline starting at *pos; returns its exit code, or -1 on syntax
 * error. `env->status` is $? for every command of the pipeline. */
static int run_pipeline(struct sim *s, struct toks *t, size_t *pos, const struct shell_env *env,
			const struct strbuf *stdin_data, struct strbuf *out, struct strbuf *err, int *sleep_ms,
			bool *exit_now)
{
	struct strbuf in = STRBUF_INIT, cur = STRBUF_INIT;
	bool have_in = false;
	if (stdin_data) {
		strbuf_init(&in, stdin_data->len + 1);
		(void)strbuf_add(&in, stdin_data->buf, stdin_data->len);
		have_in = true;
	}
	int rc = 0;
	strbuf_init(&cur, SHELL_OUT_CAP);
	for (;;) {
		struct simple sc;
		if (parse_simple(t, pos, &sc, err) != 0) {
			rc = -1;
			break;
		}
		if (sc.n_words == 0 && !sc.out_file) {
			(void)strbuf_adds(err, "/system/bin/sh: syntax error: unexpected operator\n");
			rc = -1;
			break;
		}
		struct expanded x;
		expand_simple(&sc, env, &x);
		struct strbuf cerr = STRBUF_INIT;
		strbuf_reset(&cur);
		if (x.in_file) {
			strbuf_reset(&in);
			if (sim_fs_read(s, x.in_file, &in) != 0) {
				(void)strbuf_addf(err, "/system/bin/sh: can't open %s: No such file or directory\n",
						  x.in_file);
				rc = 1;
				strbuf_release(&cerr);
				expanded_release(&x);
				break;
			}
			have_in = true;
		}
		/* run_simple may rewrite argv entries ("cmd package" -> "pm"): pass a copy */
		char *argv[SHELL_MAX_WORDS + 1];
		memcpy(argv, x.argv, sizeof argv);
		bool piped = *pos < t->n && t->v[*pos].type == T_PIPE;
		/* The last command of the line, its stdout not redirected, writes
		 * straight into `out`: a screencap frame is not copied (10 MB). */
		struct strbuf *dst = !piped && !x.out_file && !sc.err_to_out ? out : &cur;
		rc = run_simple(s, argv, x.argc, have_in ? &in : NULL, dst, &cerr, sleep_ms, exit_now);
		if (sc.err_to_out)
			(void)strbuf_add(&cur, cerr.buf, cerr.len), strbuf_reset(&cerr);
		if (x.err_file)
			write_redirect(s, x.err_file, sc.err_append, &cerr, err, &rc);
		else
			(void)strbuf_add(err, cerr.buf, cerr.len);
		strbuf_release(&cerr);
		if (x.out_file) {
			write_redirect(s, x.out_file, sc.out_append, &cur, err, &rc);
			strbuf_reset(&cur);
		}
		expanded_release(&x);
		if (!piped || *exit_now) {
			if (dst == &cur)
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
	return sim_shell_input(s, cmdline, NULL, out, err, exit_code);
}

int sim_shell_input(struct sim *s, const char *cmdline, const struct strbuf *stdin_data, struct strbuf *out,
		    struct strbuf *err, int *exit_code)
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
	/* $$: each command line is a new sh process on a phone */
	static atomic_uint shells;
	unsigned pid = 10000 + atomic_fetch_add(&shells, 1) % 20000;
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
			struct shell_env env = { rc, pid };
			rc = run_pipeline(s, &t, &pos, &env, stdin_data, out, err, &sleep_ms, &exit_now);
			stdin_data = NULL; /* only the first command reads it */
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
