/*
 * sim_internal.h - the simulator's private structures, shared by its own
 * files only (sim_spec.c loads a spec into `struct sim_app`, sim.c runs it,
 * sim_layout.c lays it out, sim_dump.c and sim_shell.c serve it). Nothing
 * outside device/sim/ includes this header.
 *
 * A loaded spec keeps its cJSON tree: screens, widgets and effects are
 * validated once at load time and then interpreted straight from the tree.
 *
 * Lock order: a `struct sim` has one mutex (sim->lock); every public sim_*
 * entry point takes it, and the static helpers below assume it is held.
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_INTERNAL_H
#define TRIDENT_DEVICE_SIM_SIM_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"
#include "device/sim/sim_view.h"

/* Caps for untrusted specs. */
#define SIM_SPEC_MAX_BYTES (1u << 20)
#define SIM_SPEC_MAX_DEPTH 24
#define SIM_MAX_SCREENS 256
#define SIM_MAX_VARS 256
#define SIM_MAX_LIST_ITEMS 1000
#define SIM_MAX_STRING 4096
#define SIM_MAX_EFFECT_DEPTH 16
#define SIM_MAX_STACK 128

/* Values of state variables and expressions. */
enum sim_type { SIM_NONE, SIM_NUM, SIM_STR, SIM_BOOL, SIM_LIST };

struct sim_record;

struct sim_value {
	enum sim_type type;
	double num;
	bool b;
	char *str;                 /* SIM_STR: owned, never NULL */
	struct sim_record *recs;   /* SIM_LIST */
	size_t n_recs;
	size_t n_fields;           /* SIM_LIST: fields per record */
};

struct sim_record {
	struct sim_value *fields;  /* n_fields scalar values */
};

void sim_value_free(struct sim_value *v);
void sim_value_copy(struct sim_value *dst, const struct sim_value *src);
void sim_value_num(struct sim_value *v, double n);
void sim_value_str(struct sim_value *v, const char *s);
void sim_value_bool(struct sim_value *v, bool b);
bool sim_value_truthy(const struct sim_value *v);
/* Append the display form of v ("3", "2.50", "true", "milk") to sb. */
void sim_value_format(const struct sim_value *v, struct strbuf *sb);
/* Convert a scalar to `type` (strings to numbers, etc.) in place. */
void sim_value_convert(struct sim_value *v, enum sim_type type);
const char *sim_type_name(enum sim_type t);
/* A double clamped to [-1e6, 1e6] and truncated: safe to use as int/long. */
long sim_clamp(double d);
/* Item i of a JSON number array, clamped (0 when absent or not a number). */
long sim_json_num_at(const cJSON *arr, int i);
/* A JSON number, clamped (dflt when not a number). */
long sim_json_num(const cJSON *n, long dflt);

/* Name lookups an expression needs; the simulator and the loader's checker
 * provide them. Each returns 0 and fills *out (a copy), or -1 if unknown. */
struct sim_scope {
	int (*var)(void *ctx, const char *name, struct sim_value *out);
	/* The state variable `name` itself, borrowed for the evaluation (NULL:
	 * none, or a row field shadows it): list functions read a list in
	 * place instead of copying it per call, which made a list of n rows
	 * cost n^2 copies per layout. May be NULL. */
	const struct sim_value *(*var_ref)(void *ctx, const char *name);
	int (*input)(void *ctx, const char *id, struct sim_value *out);
	int (*special)(void *ctx, const char *name, struct sim_value *out);
	void *ctx;
	bool check;   /* load-time checking: evaluate every branch, never fail on data */
};

/* Evaluate an expression ("total + price * 2", "len(items) > 0"). On error
 * returns TD_ERR_PARSE with a reason in `why` (caller adds the location). */
int sim_expr_eval(const char *expr, const struct sim_scope *sc, struct sim_value *out,
		  char *why, size_t why_len);
/* Fill "{expr}" parts of a template ("Total: {total}"); "{{" is a brace. */
int sim_template(const char *tmpl, const struct sim_scope *sc, struct strbuf *out,
		 char *why, size_t why_len);

/* The loaded spec. */
struct sim_field {
	char *name;
	enum sim_type type;
};

struct sim_var {
	char *name;
	enum sim_type type;
	bool persisted;
	struct sim_field *fields;  /* SIM_LIST: record fields */
	size_t n_fields;
	struct sim_value init;
};

struct sim_activity {
	char *name;                /* fully qualified */
	char *short_name;          /* ".MainActivity" or the full name */
	bool exported, launcher;
	int screen;                /* entry screen */
};

struct sim_link {
	int activity, screen;
	char *scheme, *host, *path;
	char *uri;                 /* an example URI */
};

struct sim_bug {
	struct sim_bug_info info;  /* strings owned */
	char *event;               /* "screen.widget.click", or NULL */
	char *label;               /* event, or "screen.show" for widget bugs */
	char *when;                /* condition expression, or NULL */
	cJSON *effects;            /* replaces the event's effects */
	char *widget_screen;       /* widget override: screen name ... */
	char *widget_id;           /* ... and widget id */
	cJSON *override;           /* properties merged into the widget */
};

struct sim_screen {
	char *name;
	cJSON *json;
	int activity;
	int *args;                 /* "args": the scalar variables the screen shows its item by (var indices) */
	size_t n_args;
};

struct sim_app {
	char *path, *name;
	char *package, *label, *version;
	cJSON *root;
	struct sim_var *vars;
	size_t n_vars;
	struct sim_screen *screens;
	size_t n_screens;
	struct sim_activity *activities;
	size_t n_activities;
	struct sim_link *links;
	size_t n_links;
	struct sim_bug *bugs;
	size_t n_bugs;
	struct sim_bug_info *bug_infos;
	int launcher;              /* activity index */
	bool keyboard;             /* "keyboard": true: a soft keyboard covers the screen while a field is focused */
};

int sim_app_var_index(const struct sim_app *app, const char *name);
int sim_app_screen_index(const struct sim_app *app, const char *name);
int sim_app_field_index(const struct sim_var *v, const char *name);
/* The widget with "id" == id inside screen (widgets, dialogs, rows, nav). */
const cJSON *sim_app_find_widget(const struct sim_screen *scr, const char *id);
/* The list var whose rows hold the widget of event "screen.id.kind", or -1. */
int sim_event_row_var(const struct sim_app *app, const char *event);
enum sim_view_kind sim_widget_kind(const char *type, const char **class_name);

/* The running device. */
struct sim_input {
	char *id;
	char *text;
};

struct sim_frame {
	int screen;
	struct sim_input *inputs;
	size_t n_inputs;
	char *focused;             /* focused EditText id, or NULL */
	size_t cursor;             /* cursor offset in the focused text */
	int scroll;                /* content scrolled by this many pixels */
	char *dialog;              /* dialog name shown over this screen, or NULL */
	long visit;
	struct sim_value *args;    /* the screen's args as it showed them last, or NULL */
	size_t n_args;
};

struct sim_file {
	char *path;
	unsigned mode;
	char *data;
	size_t len;
	long mtime;
};

/* A runtime permission's state for one package (pm grant/revoke, the dialog). */
enum sim_perm_state { SIM_PERM_ASK = 0, SIM_PERM_GRANTED, SIM_PERM_DENIED, SIM_PERM_DENIED_TWICE };
struct sim_perm {
	char *package, *name;
	enum sim_perm_state state;
};

/* The package and activity of the permission controller's dialog (a Pixel's). */
#define SIM_PERM_PACKAGE "com.google.android.permissioncontroller"
/* Other apps the app under test can hand over to. */
enum { SIM_OTHER_NONE = 0, SIM_OTHER_CHOOSER, SIM_OTHER_BROWSER, SIM_OTHER_MESSAGES };
#define SIM_CHOOSER_PACKAGE "com.android.intentresolver"
#define SIM_CHOOSER_ACTIVITY "com.android.intentresolver.ChooserActivity"
#define SIM_BROWSER_PACKAGE "com.android.chrome"
#define SIM_BROWSER_ACTIVITY "com.google.android.apps.chrome.Main"
#define SIM_MESSAGES_PACKAGE "com.google.android.apps.messaging"
#define SIM_MESSAGES_ACTIVITY "com.google.android.apps.messaging.ui.conversation.ConversationActivity"
/* The package and fully qualified activity of the other app in front, or NULL when none. */
const char *sim_other_package(const struct sim *s);
const char *sim_other_activity(const struct sim *s);

/* The soft keyboard (Gboard's package and service, as a Pixel dumps them). */
#define SIM_IME_PACKAGE "com.google.android.inputmethod.latin"
#define SIM_IME_SERVICE "com.android.inputmethod.latin.LatinIME"
#define SIM_PERM_ACTIVITY "com.android.permissioncontroller.permission.ui.GrantPermissionsActivity"
/* The state of `perm` for the current app: installed with -g counts as granted. */
enum sim_perm_state sim_perm_get(struct sim *s, const char *package, const char *perm);
/* Set it (pm grant / pm revoke, an answer to the dialog). */
void sim_perm_set(struct sim *s, const char *package, const char *perm, enum sim_perm_state st);
/* Forget every answer for `package` (uninstall, reinstall). */
void sim_perm_forget(struct sim *s, const char *package);

struct sim_kv {
	char *key, *value;
};

/* An installed package (pm list packages). Only one trident app runs at a
 * time: the current one, s->app; launching another installed package
 * switches to it (its state starts fresh). */
struct sim_pkg {
	const struct sim_app *app;  /* borrowed (sim_new's) or one of s->owned */
	char *apk_path;             /* /data/app/~~.../PKG-...==/base.apk, or NULL */
	bool grant_all;             /* installed with -g */
};

/* A `pm install-create` session: the APKs written to it, installed on commit. */
struct sim_session {
	int id;
	bool grant;
	char **names;
	struct strbuf *apks;
	size_t n_apks;
};

struct sim {
	pthread_mutex_t lock;
	const struct sim_app *app;  /* the current app (possibly uninstalled) */
	struct sim_pkg *pkgs;       /* installed trident apps */
	size_t n_pkgs;
	struct sim_app **owned;     /* apps loaded from APKs: freed by sim_free
				     * only (ground truth points into them) */
	size_t n_owned;
	long installs;              /* install counter, for /data/app paths */
	struct sim_session *sessions; /* pm install-create sessions (adb install-multiple) */
	size_t n_sessions;
	bool fixed;
	int latency;               /* 0 none, 1 phone */
	int port_w, port_h;        /* portrait size */
	int rotation;              /* 0..3 */
	bool running, foreground;
	/* Keys of one `input keyevent` before its last (a field cleared with
	 * MOVE_END and 40 DELs): end_action() leaves their layout to the last
	 * key, as nothing can look at the screen between them. */
	bool keys_pending;
	struct sim_frame *stack;
	size_t n_stack, alloc_stack;
	struct sim_value *vars;
	bool anr;                  /* "isn't responding" dialog up */
	long ime_visit;            /* the soft keyboard is up over the frame of this visit (0: hidden) */
	/*
	 * Another app in front of the app's task (a share effect's chooser, an
	 * open_url effect's browser, the Messages app a share target opens):
	 * SIM_OTHER_*, what it shows (the shared text, the URL), and how many
	 * links deep the browser went.
	 */
	int other;
	char *other_text;
	int other_depth;
	/*
	 * The permission controller's dialog over the app: the permission it
	 * asks for (a spec string), NULL when none; the effects Allow and Deny
	 * run, with their row context. perms: the answers so far.
	 */
	const char *perm_asking;
	const cJSON *perm_then, *perm_else;
	int perm_list;
	long perm_row;
	struct sim_perm *perms;
	size_t n_perms;
	char *toast;
	long toast_seq;
	long seq, visits;
	int pid, task;
	struct sim_bug_event *fired;
	size_t n_fired, alloc_fired;
	long *bug_visit;           /* per bug: visit it last fired on */
	bool *bug_logged;          /* per bug: its firing is in the log */
	struct strbuf log_main, log_crash;
	struct sim_kv *settings;
	size_t n_settings;
	struct sim_kv *props;
	size_t n_props;
	struct sim_file *files;
	size_t n_files;
	int dump_failures;
	int depth;                 /* effect recursion guard */
	bool crashed_now;          /* set by a crash effect during an event */
};

/* sim_pkg.c: the package manager (lock held). */
/* The installed package `pkg`, or NULL. */
struct sim_pkg *sim_pkg_find(struct sim *s, const char *pkg);
/* `pkg` is installed; make it the current app (switching stops the old
 * one). false when it is not installed. */
bool sim_pkg_use(struct sim *s, const char *pkg);
/* pm install: the APK's bytes. Prints "Success" or Android's
 * "Failure [INSTALL_FAILED_...: why]" line to `out`; returns the exit code. */
int sim_pkg_install(struct sim *s, const void *apk, size_t len, bool grant, struct strbuf *out);
/* pm uninstall: "Success" or "Failure [DELETE_FAILED_INTERNAL_ERROR]". */
int sim_pkg_uninstall(struct sim *s, const char *pkg, struct strbuf *out);
void sim_pkg_free_all(struct sim *s);
/* pm install-create / install-write / install-commit / install-abandon
 * (argv as the shell split it; `in` is stdin). Prints pm's answer to
 * `out`/`err`; returns the exit code. */
int sim_pkg_session(struct sim *s, int argc, char **argv, const struct strbuf *in, struct strbuf *out,
		    struct strbuf *err);

/* sim.c: actions (lock held). */
/* Make `app` the current app: the old one is stopped, state starts fresh. */
void sim_act_switch_app(struct sim *s, const struct sim_app *app);
int sim_act_tap(struct sim *s, int x, int y, bool long_press);
int sim_act_swipe(struct sim *s, int x1, int y1, int x2, int y2, int ms);
int sim_act_text(struct sim *s, const char *text);
int sim_act_key(struct sim *s, int keycode, bool long_press);
void sim_act_rotate(struct sim *s, int rotation);
void sim_act_home(struct sim *s);
void sim_act_force_stop(struct sim *s);
void sim_act_clear(struct sim *s);
/* Start activity `act` (index) at `screen` (-1 = its entry screen).
 * *launch_state gets "COLD"/"WARM"/"HOT"; *brought_front when an existing
 * task was resumed instead. */
void sim_act_launch(struct sim *s, int act, int screen, const char **launch_state,
		    bool *brought_front);
const char *sim_top_activity(struct sim *s); /* fully qualified, or NULL when home */
/* Whether the soft keyboard is up: the spec has "keyboard": true and a field was tapped (Back, Enter, leaving hide it). */
bool sim_ime_shown(struct sim *s);
/* The y where the soft keyboard's window starts (40% of the screen's height from the bottom), or -1 when hidden. */
int sim_ime_top(struct sim *s);
struct sim_frame *sim_top(struct sim *s);
const char *sim_frame_input(const struct sim_frame *f, const char *id);
void sim_bind_scope(struct sim *s, struct sim_scope *sc, const struct sim_var *list_var,
		    long index, void *buf);
int sim_current_input_text(struct sim *s, const char *id, const char **out);
void sim_note_bug(struct sim *s, size_t bug, const char *event);
const char *sim_launcher_package(void);
const char *sim_launcher_activity(void);

/* sim_layout.c */
struct sim_screen_view *sim_layout(struct sim *s);
void sim_view_free_tree(struct sim_screen_view *v);
/* The topmost view at (x, y) that reacts to a tap, or NULL. */
const struct sim_view *sim_view_hit(const struct sim_screen_view *v, int x, int y);

/* Views carry what the simulator needs to dispatch taps. */
struct sim_view_ext {
	struct sim_view view;
	char *event;               /* "screen.id.click" or NULL */
	const cJSON *widget;       /* the spec widget, or NULL */
	long row;                  /* list row index, -1 */
	int list_var;              /* var index of the row's list, -1 */
	int role;                  /* SIM_ROLE_* */
	char *arg;                 /* role argument (input id, nav screen) */
};

enum sim_role {
	SIM_ROLE_NONE,
	SIM_ROLE_WIDGET,           /* spec widget with effects */
	SIM_ROLE_UP,               /* app bar up arrow: Back */
	SIM_ROLE_LAUNCHER_ICON,
	SIM_ROLE_ANR_CLOSE,
	SIM_ROLE_ANR_WAIT,
	SIM_ROLE_SCRIM,
	SIM_ROLE_PERM_ALLOW,       /* the permission dialog's Allow / While using the app */
	SIM_ROLE_PERM_ONCE,        /* Only this time */
	SIM_ROLE_PERM_DENY,        /* Don't allow */
	SIM_ROLE_IME,              /* the soft keyboard's window: takes the tap, does nothing */
	SIM_ROLE_IME_KEY,          /* a key: arg is the character, or "DEL", "ENTER", "SHIFT" */
	SIM_ROLE_SHARE_TARGET,     /* a share sheet target: arg "copy" or "messages" */
	SIM_ROLE_BROWSER_LINK,     /* a link in the browser's page */
};

/* sim_dump.c */
int sim_dump_xml(const struct sim_screen_view *v, struct strbuf *out);

/* sim_files.c (lock held) */
int sim_fs_read(struct sim *s, const char *path, struct strbuf *out);
int sim_fs_write(struct sim *s, const char *path, const void *data, size_t len, unsigned mode);
int sim_fs_stat(struct sim *s, const char *path, struct sim_file_stat *st);
int sim_fs_remove(struct sim *s, const char *path, bool recursive);
int sim_fs_mkdir(struct sim *s, const char *path, bool parents);
void sim_fs_init(struct sim *s);
void sim_fs_free(struct sim *s);
int sim_fs_list(struct sim *s, const char *path,
		void (*fn)(void *ctx, const char *name, const struct sim_file_stat *st), void *ctx);

/* sim_shell.c */
const char *sim_kv_get(struct sim_kv *kv, size_t n, const char *key);
void sim_kv_set(struct sim_kv **kv, size_t *n, const char *key, const char *value);
void sim_kv_free(struct sim_kv *kv, size_t n);

#endif
