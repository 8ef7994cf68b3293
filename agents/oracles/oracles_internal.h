/*
 * oracles_internal.h - what the oracle files share and nothing else
 * includes: the oracles plugin's state, the helpers that capture a screen and
 * report a finding (plugin.c), and the widget helpers of the pure checks
 * (oracle_checks.c, display.c), and the words a tap says (words.c).
 */
#ifndef TRIDENT_AGENTS_ORACLES_INTERNAL_H
#define TRIDENT_AGENTS_ORACLES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/ui.h"
#include "device/device.h"

struct agent_env;
struct app_info;
struct cJSON;
struct device;

struct list_snap {
	char *id;
	struct oracle_list *list;   /* one list, owned (oracle_lists_free(list, 1)) */
	int saves;                  /* save actions since the snapshot */
	int since_save;             /* steps since the last of them */
};

struct seen {
	uint64_t sig;
	int count;
};

struct placeholder {
	uint64_t sig;      /* abstract screen + resource-id */
	uint64_t value;    /* hash of the text first seen there */
};

/* A click the run saw lead from one abstract screen to another (process_death.c walks them back). */
struct nav_edge {
	uint64_t from, to;
	struct action a;
};

/* The longest recorded click path a trip walks (process_death, revisit). */
#define ORACLE_PATH_MAX 6

struct first_text {
	uint64_t sig;      /* the form: activity and field ids */
	char *text;        /* its dump */
};

/* feedback: a form as it showed when the run entered it (the start of a visit). */
struct feedback_visit {
	uint64_t key;      /* the form (feedback.c form_key); 0: none */
	char *xml;         /* its dump then */
	size_t alloc;
};

/* How many answers to a Save (a form and a text the press made appear on it) feedback remembers. */
#define FEEDBACK_ANSWERS 64

/* feedback: the visit of a page's form and of a dialog's form, kept apart. Zeroed: none yet. */
struct feedback_visits {
	struct feedback_visit page, dialog;
	char *page_activity;  /* the activity of `page` */
	uint64_t answers[FEEDBACK_ANSWERS];  /* (form, text) hashes: texts a Save made appear on its form */
	size_t n_answers, next_answer;
};

/* How far below the fold the landscape display check looks. */
#define LANDSCAPE_SCROLLS 4

struct oracles_state {
	bool on[ORACLE_KIND_COUNT];   /* by oracle_kind_index() */
	double overlap;
	int state_checks;
	char *launcher;
	struct list_snap *snaps;
	size_t n_snaps, alloc_snaps;
	struct seen *display_seen, *state_seen;
	size_t n_display, alloc_display, n_state, alloc_state;
	struct placeholder *placeholders;
	size_t n_placeholders, alloc_placeholders;
	bool landscape;             /* display check in landscape too */
	struct seen *landscape_seen;
	size_t n_landscape, alloc_landscape;
	int loading_wait_ms;        /* how long a spinner may stay */
	struct seen *loading_seen;  /* abstract screens whose spinner was waited on */
	size_t n_loading, alloc_loading;
	void *trackers[ORACLE_KIND_COUNT]; /* each tracking oracle's state (oracle_kind.tracker_new), made on first use */
	struct nav_edge *edges;     /* process_death: navigation clicks seen */
	size_t n_edges, alloc_edges;
	struct seen *status_seen;   /* rotation: status-text phases rotated for, per abstract screen */
	size_t n_status, alloc_status;
	struct seen *lossy_seen;    /* rotation/background: (screen, field, trip) whose typed text a trip wiped */
	size_t n_lossy, alloc_lossy;
	struct seen *press_seen;    /* first_press: second presses per abstract screen and control */
	size_t n_press, alloc_press;
	struct seen *claim_seen;    /* claims: trips per collection name */
	size_t n_claim, alloc_claim;
	struct seen *death_seen;    /* process_death: trips per screen and setting/entry */
	size_t n_death, alloc_death;
	char *death_opener;         /* process_death: resource-id of the tap that opened the dialog shown, or NULL */
	uint64_t death_under_layer; /* process_death: the abstract screen under the last dialog or menu opened */
	char *death_opened_as;      /* process_death: that tap's label (the row before the dialog's value), or NULL */
	struct first_text *first;   /* feedback: each form's dump as first seen (by activity and field ids) */
	size_t n_first, alloc_first;
	char *feedback_page;        /* feedback: the dump of the latest in-app screen without a dialog, or NULL */
	size_t alloc_feedback_page;
	char *feedback_page_activity;
	char *feedback_list;        /* feedback: the dump of the latest in-app screen without a dialog or a field, or NULL */
	size_t alloc_feedback_list;
	char *feedback_list_activity;
	struct feedback_visits visits; /* feedback: where the run entered the forms it shows */
	struct page_dump {             /* feedback: the latest dump of a page (activity, app-bar title) without a dialog */
		uint64_t key;
		char *xml;
		size_t alloc;
	} page_dumps[8];
	size_t next_page_dump;
	uint64_t page_now, page_before; /* feedback: the page shown (no dialog) and the one shown before it (0: none) */
	struct press_answer {          /* feedback: what a press of a button made appear (press_silent) */
		uint64_t key;              /* activity, app-bar title and label */
		uint64_t texts[8];         /* hashes of the visible texts it made appear */
		size_t n_texts;
	} press_answers[32];
	size_t n_press_answers;
	struct revisit {               /* revisit.c: the walk back after a setting changed */
		struct nav_edge *edges;    /* clicks between pages (oracle_revisit_key), distinct (from, to, label) */
		size_t n_edges, alloc_edges;
		uint64_t pages[ORACLE_REVISIT_PAGES]; /* pages (oracle_revisit_key) still to see; 0: seen */
		size_t n_pages;            /* 0: no walk */
		const char *kind;          /* the setting's kind name */
		int backs;                 /* Backs in a row since the last page reached */
		int clicks, actions, seen; /* clicks and all actions taken on this walk, pages reached by them */
		size_t last_edge;          /* 1 + the edge of the walk's last click; 0: none */
		uint64_t last_from;        /* the page it was made on */
		size_t dead[16];           /* 1 + edges whose click left the page as it was, this walk */
		size_t n_dead;
		int walks;                 /* walks started this run */
		int max_walks;             /* oracles.setting_revisits */
		bool look_back;            /* the step deleted an item on a page with Up: Back to where it is listed */
		int look_backs;            /* such Backs taken this run */
		bool look_tab;             /* the step deleted an item on a page with tabs: the other tab next */
		int look_tabs;             /* such tab taps taken this run */
		bool looking;              /* the step just chosen is a look (the flags above outlive it) */
	} revisit;
};

/* Whether oracle `k` is switched on. */
bool oracle_on(const struct oracles_state *st, const struct oracle_kind *k);

/*
 * Capture the screen: parsed tree, activity, and the frame kept for
 * evidence. The frame stays as `screencap` printed it (a reference to the
 * pooled raw frame): it becomes a PNG only when oracle_write_evidence()
 * writes it, which few shots ever are; encoding every shot cost an
 * oracle's side trip more CPU than the rest of its step
 * (docs/performance.md, "Evidence encoded when written").
 */
struct shot {
	struct ui_tree *tree;
	char *activity;
	struct capture frame;       /* shot, shot_len, shot_buf only (its xml is dropped) */
};
/* Capture into *s (release with oracle_shot_release, also on failure). */
int oracle_shot_take(struct device *dev, struct shot *s);
void oracle_shot_release(struct shot *s);
/* Write evidence PNG "oracles/NNNN-name.png"; returns its run-relative path or NULL (caller frees). */
char *oracle_write_evidence(struct agent_env *env, int step, const char *name, const struct shot *s);
/*
 * Report a finding: steps 1..step, the trigger actions, evidence (the
 * screen after the step, then the screen after the check when given).
 */
void oracle_report_finding(struct agent_env *env, int step, struct oracle_finding *f,
			   const struct action *trigger, size_t n_trigger, const char *after_check_png);
/* Report a finding about step `step` alone: evidence the screens before and after it, in that order. */
void oracle_report_step_finding(struct agent_env *env, int step, struct oracle_finding *f);
/*
 * Record the actions an oracle's side trip performed on the app after run
 * step `step` (rotate and back, Home and relaunch, a restart...), in the
 * order performed: they become steps of every later reproduction path
 * (agent_env_bug_path) and a "side_trip" trace record (docs/run-directory.md).
 * Call it after the trip, once the finding (if any) was reported: the
 * report's own trip is its trigger, not a side trip.
 */
void oracle_record_side_trip(struct agent_env *env, int step, const char *oracle, const struct action *a, size_t n);
/*
 * rotation.c's state trips and the explorer's typed input. A field's
 * placeholder is the text it showed the first time its screen was seen;
 * oracle_note_placeholders lets the screen before a step (the field before
 * the step typed into it) be that first sight. oracle_note_wiped_input
 * remembers each typed field of s (by activity and id) whose text `pre` (just
 * before the trip) held and t (after it) does not; oracle_note_copying_trip
 * remembers the list (activity and resource-id) whose rows finding f (from
 * oracle_rows_duplicated) saw copied by `trip`. oracle_trip_spoils_state
 * tells whether `trip` ("rotation", "background") once wiped a field that
 * holds typed text on s, or copied the rows of a list s shows. Such a trip
 * is not repeated: it would find only the bug already reported, and throw
 * away the input the explorer is about to submit (a title typed, rotated
 * away, and an Add that adds nothing) or grow the list by a row a step
 * until the page's other controls are pushed below the fold (groceries:
 * Settings never reached, 8 screens instead of 45).
 */
void oracle_note_placeholders(struct oracles_state *st, const struct brain_screen *before,
			      const struct brain_screen *after);
void oracle_note_wiped_input(struct oracles_state *st, const struct brain_screen *s, const struct ui_tree *pre,
			     const struct ui_tree *t, const char *trip);
void oracle_note_copying_trip(struct oracles_state *st, const struct brain_screen *s,
			      const struct oracle_finding *f, const char *trip);
bool oracle_trip_spoils_state(struct oracles_state *st, const struct brain_screen *s, const char *trip);
/* Count for sig in a seen-list (incremented when `bump`). */
int oracle_seen_count(struct seen **arr, size_t *n, size_t *alloc, uint64_t sig, bool bump);
/* Sleep ms milliseconds. */
void oracle_sleep_ms(long ms);
/* Run a step check (oracle_step_check) on the screens around the action; evidence: the screen before. */
void oracle_check_step(const struct oracle_step *s, oracle_step_check check);
/* Recheck a step check on the replay's last two screens (false without a last step). */
bool oracle_recheck_step(const struct oracle_recheck *c, oracle_step_check check, struct oracle_finding *f);
/* The launcher activity as an am start -n component, or NULL. Caller frees. */
char *oracle_launcher_component(const struct app_info *info);

/* Navigation clicks the run made (process_death.c): a click from one abstract screen to another, remembered once. */
void oracle_record_edge(struct oracles_state *st, const struct oracle_step *s);
/*
 * The shortest recorded click path from abstract screen `from` to `to`
 * (edge indexes into path[], at most ORACLE_PATH_MAX). Returns its length,
 * 0 when from == to, -1 when there is none (process_death.c).
 */
int oracle_find_path(const struct oracles_state *st, uint64_t from, uint64_t to, size_t path[ORACLE_PATH_MAX]);
/*
 * A page as the revisit walk knows it (revisit.c): the activity, the
 * app-bar title without its digits, the selected tabs, and whether a dialog
 * or menu is open. Coarser than ui_sig_abstract, whose screens of one page
 * differ with their contents (a map at another zoom, a menu over it).
 */
uint64_t oracle_revisit_key(const struct ui_tree *t, const char *activity);
/* Its family: the activity and app-bar title alone (a route page under any of its tabs). */
uint64_t oracle_revisit_family(const struct ui_tree *t, const char *activity);
/* Remember this step's click from one page to another (revisit.c). */
void oracle_revisit_observe(struct oracles_state *st, const struct oracle_step *s);
void oracle_revisit_free(struct oracles_state *st);
/*
 * The revisit walk (revisit.c): after a setting changed, this step's action
 * when the run is on its way back to the latest page that showed what the
 * setting governs (oracle_setting_revisit). 1 with *a filled (a recorded
 * click, or Back while no recorded path starts here), 0 otherwise.
 */
int oracle_revisit_choose(struct oracles_state *st, struct agent_env *env, const struct brain_screen *s,
			  struct action *a);

/* Passes shared by two kinds (duplicate.c, rotation.c). */
int oracle_lists_pass(const struct oracle_step *s);
int oracle_state_pass(const struct oracle_step *s);
/*
 * Rotation (rotation.c): a status text of `before` - a plain text of
 * letters only outside lists and controls ("Short break") - is shown
 * nowhere on `after` (same activity, no dialog, nothing loading) and the
 * same widget there shows another such text ("Focus"): the rotation reset
 * the screen's state. True with *f (category content missing).
 */
bool oracle_status_lost(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, struct oracle_finding *f);
/* The state-loss recheck (rotation.c): screens before and after the trigger actions. */
bool oracle_state_recheck(const struct oracle_recheck *c, const char *what, struct oracle_finding *f);

/* Widget helpers of the pure checks (oracle_checks.c, display.c). */
const struct ui_widget *oracle_find_counterpart(const struct ui_tree *t, const struct ui_tree *wt,
						 const struct ui_widget *w);
bool oracle_same_activity(const char *a, const char *b);
bool oracle_same_package(const char *a, const char *b);
struct cJSON *oracle_widget_json(const struct ui_widget *w);

/*
 * formula.c: when w is a formula shown with its result (the next visible
 * text under its parent, a number marked as a result: "=", or an id or
 * description naming a formula, expression, equation, result or answer),
 * that result; else NULL.
 */
const struct ui_widget *oracle_formula_result(const struct ui_tree *t, const struct ui_widget *w);
/*
 * formula.c: whether the step from `before` wrote formula w: `before` (NULL:
 * none) shows no visible text equal to w's, and either shows w's
 * resource-id with another text (the formula changed on its page) or w is
 * a list row's (a history opened).
 */
bool oracle_formula_new(const struct ui_tree *before, const struct ui_widget *w);
const char *oracle_widget_name(const struct ui_widget *w);
bool oracle_is_list(const struct ui_widget *w);
/*
 * Whether list (a list container of t) may hold rows out of view: it
 * reaches the bottom edge of the nearest view around it that scrolls (or
 * of the screen), or the top edge too when `top_too` (a dump clips the list
 * and its last row there and leaves out the rows beyond), or it scrolls
 * itself with its last row at its own bottom.
 */
bool oracle_list_may_go_on(const struct ui_tree *t, const struct ui_widget *list, bool top_too);
bool oracle_is_layer(const struct ui_widget *w, const struct ui_rect *screen);
/* How many visible overlay layers (dialogs, popups, toasts, menus) t has: one opening shows as one more. */
size_t oracle_count_layers(const struct ui_tree *t);
bool oracle_hidden_under_layer(const struct ui_tree *t, const struct ui_widget *w);
/*
 * Whether list `id` ("resource-id#class", struct oracle_list .id) of t shows
 * all its rows: a row more would still fit below its last row (entry_missing.c).
 */
bool oracle_list_has_room(const struct ui_tree *t, const char *id);
/*
 * A hash of the texts of t, outside lists, that say its list is filtered
 * ("Filtered by label Content", "Filter: Unread", a Clear filter button);
 * 0 when none does. Two screens with different notes show the list under
 * different filters (entry_missing.c).
 */
uint64_t oracle_filter_note(const struct ui_tree *t);
/* The editable widget of t with this resource-id (a visible one when visible_only), or NULL (entry_missing.c). */
const struct ui_widget *oracle_field_by_id(const struct ui_tree *t, const char *id, bool visible_only);
/* The one visible widget of t with resource-id rid (NULL: none, or several, as the rows of a list; process_death.c). */
const struct ui_widget *oracle_only_widget(const struct ui_tree *t, const char *rid);
/* Whether w is an app bar: its class or resource-id names a toolbar or action bar (navigation.c). */
bool oracle_is_app_bar(const struct ui_widget *w);
/* Whether w, or a widget it sits in, takes a tap or is a tab or bar item (cross_count.c, partition.c). */
bool oracle_in_control(const struct ui_widget *w);
/* The app-bar title of t: the first visible, non-clickable text inside a visible app bar; NULL when none. */
const char *oracle_app_bar_title(const struct ui_tree *t);
/* Whether before and after have the same app-bar title, or both none (navigation.c). */
bool oracle_same_title(const struct ui_tree *before, const struct ui_tree *after);
/* The labels of the items selected in t's nav groups (tabs...), '\t'-joined, "" when none (navigation.c). Caller frees. */
char *oracle_selected_nav_items(const struct ui_tree *t);
/* Whether w is, or sits in, an item of a nav group: a tab, a bottom-navigation or drawer item (navigation.c). */
bool oracle_is_nav_item(const struct ui_widget *w);
/* The first unselected item of t's first visible strip of tabs (not a bottom bar, not a drawer), or NULL (navigation.c). */
const struct ui_widget *oracle_other_tab(const struct ui_tree *t);
/*
 * Whether t shows a strip of tabs whose first item reads "All" ("All",
 * "All tasks") with another item selected: the list under it shows a part
 * of the items, chosen by that tab ("Due", "Grey") (navigation.c).
 */
bool oracle_filter_tab_selected(const struct ui_tree *t);
/* The nav item w is or sits in (a tab, a bottom-navigation or drawer item), or NULL (navigation.c). */
const struct ui_widget *oracle_nav_item_of(const struct ui_widget *w);
/* Whether the activity "pkg/.Act" belongs to package (navigation.c). */
bool oracle_activity_in_package(const char *activity, const char *package);
/* qsort comparator of char * entries. */
int oracle_cmp_str(const void *a, const void *b);
/* The first text in w's subtree, or "". */
const char *oracle_first_text(const struct ui_widget *w);
/* The label of control w: its text, else its content-desc, else the first text inside it ("" when none). */
const char *oracle_item_label(const struct ui_widget *w);
/* The list row w is or sits in (a child of a list container; its list is the row's parent), or NULL. */
const struct ui_widget *oracle_enclosing_row(const struct ui_widget *w);
/* Whether t shows a visible editable field (a form, or a search box that may hide rows). */
bool oracle_shows_field(const struct ui_tree *t);
/* Whether field w's resource-id or hint names a search, filter, find or query: a view of the data, not data. */
bool oracle_is_search_field(const struct ui_widget *w);

/*
 * Process death (process_death.c). Whether `done` (a confirm: Save, OK...)
 * on `before`, a dialog, confirmed a value typed in one of its fields (not
 * a password, search or filter field) that the page it returns to (same
 * activity, no dialog, no field) shows as a whole word in its one visible
 * widget with resource-id `opener_rid`: the row whose tap opened the
 * dialog ("Focus length: 25 min" now "... 2 min"), a setting the app keeps.
 * Returns that widget, the value (trimmed) in value; NULL when not.
 */
const struct ui_widget *oracle_dialog_value_set(const struct ui_tree *before, const char *activity_before,
						const struct ui_tree *after, const char *activity_after,
						const struct action *done, const char *opener_rid, char *value, size_t size);
/*
 * Process death (process_death.c): a click on a mode button, its label
 * "<Mode> <state>" (two words, the state off, on, all, one or none; not
 * a checkable, not in a list row, on a page with no field or dialog),
 * after which the same activity shows the button, the only one with its
 * resource-id, in another state of the same mode ("Repeat off" tapped,
 * "Repeat all" shown). Returns the button on `after`, its new state in
 * value.
 */
const struct ui_widget *oracle_mode_changed(const struct ui_tree *before, const char *activity_before,
					    const struct ui_tree *after, const char *activity_after,
					    const struct action *done, char *value, size_t size);
/*
 * The same for a choice: `done` clicks a labelled choice (2+ letters, at
 * most 40 bytes, not a confirm nor Cancel, Close, Dismiss, Back, No, Not
 * now or Later) in a dialog without fields, and the page it returns to
 * (same activity, no dialog, no field, no Next, Save or other step on)
 * shows the choice as a whole word in its one widget with resource-id
 * `opener_rid`, a "Label: value" whose label names how the app shows
 * things (sort, order, view, layout, group, theme, units, language), which
 * did not when its tap opened the dialog (`opened_as`): "Sorted by: Title",
 * Author picked, "Sorted by: Author". Returns that widget, the choice
 * (trimmed) in value.
 */
const struct ui_widget *oracle_dialog_choice_set(const struct ui_tree *before, const char *activity_before,
						 const struct ui_tree *after, const char *activity_after,
						 const struct action *done, const char *opener_rid, const char *opened_as,
						 char *value, size_t size);
/*
 * After the trip: the one widget with resource-id `rid` showed `value` (a
 * whole word) on `before`; on `after`, the same page (same activity and
 * title, no dialog), its one widget with that id no longer does and reads
 * `opened_as`, its label when its tap opened the dialog (the value reverted;
 * another text is another item's row; NULL or "": not compared). True with
 * *f (category settings/configuration).
 */
bool oracle_setting_value_lost(const struct ui_tree *before, const char *activity_before,
			       const struct ui_tree *after, const char *activity_after, const char *rid,
			       const char *value, const char *opened_as, struct oracle_finding *f);

/*
 * Feedback (feedback.c): oracle_feedback_missing, where a dialog's dump may
 * hold only the dialog: `page` is the page the dialog was opened over
 * (activity page_activity; NULL: unknown), read when the dialog closed after
 * a confirm with an empty name or title field - a plain text of the page
 * that the page after no longer shows and whose counterpart is blank, or a
 * title outside lists that now shows `app_label` (Android's toolbar shows
 * the app's label for an empty title; NULL: unknown), means the empty name
 * was taken without a word.
 */
bool oracle_feedback_missing_on_page(const struct ui_tree *before, const char *activity_before,
				     const struct ui_tree *after, const char *activity_after,
				     const struct action *done, const struct ui_tree *first,
				     const struct ui_tree *page, const char *page_activity, const char *app_label,
				     struct oracle_finding *f);

/*
 * Feedback's Send variant (feedback.c): a bare Send ("Send", "Send now",
 * "Send all", "Send again", "Resend"), or a plain button whose label asks
 * for something that always shows ("I just took it"; not Cancel, Clear,
 * Refresh, Show...), on a page with no field and no dialog after which the
 * same activity shows the same windows, layers and visible texts
 * (diff.check "send_silent" or "press_silent"). The caller looks for a
 * toast on the screen.
 */
/*
 * What a press of a Send or plain button answered (feedback.c): note the
 * visible texts `a` shows that `b` did not, for the press of `done` on `b`
 * (its activity, app-bar title and label); and whether `t` still shows one
 * of the texts an earlier press of the same button on the same page made
 * appear (then a silent press is not judged: the answer is on the page).
 */
void oracle_press_answer_note(struct oracles_state *st, const struct ui_tree *b, const char *activity,
			      const struct action *done, const struct ui_tree *a);
bool oracle_press_answer_shown(const struct oracles_state *st, const struct ui_tree *t, const char *activity,
			       const struct action *done);
bool oracle_feedback_send_silent(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
				 const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Feedback's silent search (feedback.c): a query of 3+ characters in a
 * search field, run by Enter or a Search / Find / Go button, after which
 * the same activity (no dialog) shows the field still holding the query
 * and nothing it did not show before: no result row, no text such as "No
 * results", no spinner (diff.check "search_silent"; weather
 * `weather-search-no-results-silent`, breezy-weather #133). Not when the
 * field holds what it showed on `first` (the form as first seen; NULL:
 * unknown) or a text worded like a placeholder: dumps without hints show
 * an empty field's placeholder as its text. The caller looks for a toast
 * on the screen.
 */
bool oracle_feedback_search_silent(const struct ui_tree *before, const char *activity_before,
				   const struct ui_tree *after, const char *activity_after, const struct action *done,
				   const struct ui_tree *first, struct oracle_finding *f);

/*
 * Feedback's Add that added nothing (feedback.c, diff.check
 * "added_nothing"): a click labelled Add... on a page with no dialog and no
 * field that lands back on the page it was opened from (`back`: the caller
 * knows the way the run came), reading exactly as `was` (that page's last
 * sighting), with its lists whole in view: nothing was added and nothing
 * said why (authenticator `authenticator-duplicate-scan-silent`). The
 * caller looks for a toast.
 */
bool oracle_feedback_added_nothing(const struct ui_tree *before, const char *activity_before,
				   const struct ui_tree *after, const char *activity_after, const struct action *done,
				   const struct ui_tree *was, bool back, struct oracle_finding *f);

/*
 * oracle_feedback_missing_on_page, where `visit` is the form as it showed
 * when the run last entered it (the screen it arrived on; NULL: `first`): a
 * text `before` shows that `visit` did not is taken for an error left by an
 * earlier press in this visit, and nothing is judged. `first` (the form's
 * first sight in the run) still tells which fields show their placeholder.
 */
bool oracle_feedback_missing_in_visit(const struct ui_tree *before, const char *activity_before,
				      const struct ui_tree *after, const char *activity_after,
				      const struct action *done, const struct ui_tree *first,
				      const struct ui_tree *visit, const struct ui_tree *page,
				      const char *page_activity, const struct ui_tree *list, const char *app_label,
				      struct oracle_finding *f);

/*
 * Follow the run's screens for oracle_feedback_missing_in_visit: note
 * screen t (activity, its dump xml; NULL: unknown) after a step. A screen
 * without a dialog that shows another form than the page visit's, or no
 * field, ends that visit (and a form starts a new one there); a dialog
 * over a page of the same activity (a picker, a confirmation) does not. A
 * dialog's form is kept apart, its visit ending when no dialog shows.
 */
void oracle_feedback_visit_note(struct feedback_visits *v, const struct ui_tree *t, const char *activity,
				const char *xml);
/* The dump of the screen the run entered t's form on (kept by oracle_feedback_visit_note), or NULL when unknown. */
const char *oracle_feedback_visit_start(const struct feedback_visits *v, const struct ui_tree *t,
					const char *activity);
/*
 * Remember the texts a Save made appear on its form: `before` and `after`
 * show the same form (same fields, same activity) and `after` shows a
 * visible text, not a field's nor a list row's, that `before` did not ("Enter a weight and
 * at least one rep"). That is the app's answer to a press on that form.
 */
void oracle_feedback_answer_note(struct feedback_visits *v, const struct ui_tree *before, const char *activity_before,
				 const struct ui_tree *after, const char *activity_after);
/*
 * Whether form t shows a text some earlier Save on the same form made
 * appear: an answer already given, maybe in an earlier visit (an app that
 * keeps its error line when the form is opened again: held-out gymlog's
 * fixed twin had a second silent Save reported, its error from the first
 * visit on screen all along).
 */
bool oracle_feedback_answered(const struct feedback_visits *v, const struct ui_tree *t, const char *activity);
/* Free what v holds and zero it. */
void oracle_feedback_visits_release(struct feedback_visits *v);

/* The words of a tap (words.c). */
/* Lowered copy of s (at most n - 1 bytes, "" for NULL) into buf. */
void oracle_lower_into(char *buf, size_t n, const char *s);
/* s without the spaces (isspace) around it, allocated; the caller frees it. */
char *oracle_trimmed(const char *s);
/* s without the spaces around it into buf (at most size - 1 bytes, cut there). */
void oracle_trim_into(char *buf, size_t size, const char *s);
/* The label text opens with: its bytes before the first of `stops` (":" and digits...), trimmed; `fallback` when none. Caller frees. */
char *oracle_label_before(const char *text, const char *stops, const char *fallback);
/*
 * A field's label: its hint, else the text widget just before it among its
 * siblings when that reads as a label (1-3 words, no digit, not clickable);
 * NULL when neither (words.c).
 */
const char *oracle_field_label(const struct ui_widget *w);
/*
 * What field w holds: its text, or "" when the text is its placeholder - a
 * dump shows an empty field's hint as its text, and without a hint
 * attribute the hint reads as the label before it ("Note" under "Note").
 */
const char *oracle_field_value(const struct ui_widget *w);
/* Whether text (any case) says Edit, Modify or Change as a whole word: an edit form's title or the tap opening it. */
bool oracle_says_edit(const char *text);
/*
 * Whether typing `typed` over a field's stored `original` is a plain edit
 * of its kind, no probe an app may refuse without a word: the field held a
 * value; the text is trimmed, 1-60 characters, for a number a number
 * that is not zero, for an e-mail address an address and for a link a
 * link (words.c).
 */
bool oracle_plain_edit(const char *original, const char *typed);
/* Whether s is a number: digits with at most one '.' or ',' between them, and at most max_digits digits (0: any). */
bool oracle_is_number(const char *s, size_t max_digits);
/* Whether text holds the number num as a whole token (no digit, '.', ',', ':' or '/' joined to it, no '-' before it). */
bool oracle_holds_number(const char *text, const char *num);
/* The FNV-1a offset basis: the `h` a hash of strings starts from. */
#define ORACLE_HASH_BASIS 0xcbf29ce484222325ULL
/*
 * FNV-1a of s (NULL as "") continued from h, closed by a separator so that
 * ("ab", "c") and ("a", "bc") hash apart: keys of pages, lists and texts.
 */
uint64_t oracle_hash_str(uint64_t h, const char *s);
/*
 * A money amount in s (total.c): a number written against a currency sign
 * or code ("$12.50", "-4.00 EUR"), else the first number when it has two
 * decimals ("1,250.00"); false when none.
 */
bool oracle_parse_money(const char *s, double *out);
/*
 * Whether w is a text saying there is nothing to show ("All apps are up to
 * date", "No updates", "Nothing here"; count.c): not clickable, not a
 * field, 80 bytes at most.
 */
bool oracle_says_empty(const struct ui_widget *w);
/* The visible text of t saying the page has nothing to show (a list's placeholder row too), or NULL (count.c). */
const char *oracle_empty_state(const struct ui_tree *t);
/* The rows of list in view on tree; a placeholder saying it is empty is no row (count.c). */
long oracle_rows_in_view(const struct ui_tree *tree, const struct ui_widget *list);
/* Whether a is Up: labelled "Navigate up" or "Up", or an up button's resource-id (navigation.c). */
bool oracle_is_up_action(const struct action *a);
/* Whether the lowered text contains one of the NULL-terminated words. */
bool oracle_has_word(const char *low, const char *const *words);
/* Whether the lowered text contains one of the NULL-terminated words as a whole word ("read" not in "unread"). */
bool oracle_has_whole_word(const char *low, const char *const *words);
/*
 * The clock time at s (H:MM or HH:MM, then an optional AM/PM) in minutes
 * after midnight (24:00 is 0), its end in *end; -1 when s holds none
 * (hours.c, reminder.c).
 */
int oracle_clock_at(const char *s, const char **end);
/* Whether s begins a time range's separator (an en or em dash, a hyphen, "to"); its end in *end (hours.c). */
bool oracle_range_separator(const char *s, const char **end);
/*
 * The time ranges of s ("14:00–14:15", "9:00 AM - 1:00 PM", "10:00 to
 * 11:00"; a start without AM/PM takes its end's PM when that keeps it
 * before the end: "2:00 - 2:15 PM") appended at index n of start and end
 * (minutes after midnight), up to max; the new count (hours.c).
 */
size_t oracle_time_ranges(const char *s, int *start, int *end, size_t n, size_t max);

/*
 * Whether w (lower case, singular: "minute", "view") counts time or a
 * measure rather than things a page lists: "12 minutes" and "Views: 40"
 * are not the length of a list (rowcount.c, section.c).
 */
bool oracle_measure_noun(const char *w);
/* Whether label (any case) begins with one of the NULL-terminated lowercase words, as a whole word. */
bool oracle_label_begins_with(const char *label, const char *const *words);
/*
 * Whether t offers a visible Save or Apply button: what is changed on such a
 * page is a draft until it is pressed (a deck's options page with Save and
 * Discard), not a setting the app keeps at once.
 */
bool oracle_offers_commit(const struct ui_tree *t);
/* Whether t offers a visible button (clickable, or a Button) whose label begins with one of the words. */
bool oracle_offers_button(const struct ui_tree *t, const char *const *words);
/*
 * Whether w is a plain visible text of t: a text shorter than max_len
 * bytes, in no field, list or control (a label or figure of the page).
 */
bool oracle_is_plain_text(const struct ui_widget *w, const struct ui_tree *t, size_t max_len);
/* Whether a visible widget of t (NULL: none) has exactly text s. */
bool oracle_shows_text(const struct ui_tree *t, const char *s);
/* The tap's text and the label of the widget it resolves to on `before` (else its resource-id), lowered into buf. */
void oracle_action_label(const struct ui_tree *before, const struct action *done, char *buf, size_t n);
/*
 * Whether `done` deletes: a click whose label (oracle_action_label) says
 * delete, remove, trash, discard or erase, or OK/Yes/Confirm/Continue on a
 * dialog (before has a layer) whose text says one of them; never a label
 * that says cancel, undo, keep, restore, back or removing " from "
 * somewhere (favourites, a playlist). crud.c and process_death.c both ask.
 */
bool oracle_is_delete_action(const struct ui_tree *before, const struct action *done);

/*
 * The save claims of the list snapshots (duplicate oracle): a save action
 * taken off a list counts for it (oracle_note_saves, fed every step with
 * the screen the action was taken on); oracle_save_explains() holds when
 * one save since the snapshot explains rows the list gained and the list
 * is seen on the save's own result or up to two Backs later. Another
 * action in between may add rows itself (a Play logging a history row).
 */
void oracle_note_saves(struct oracles_state *st, const struct ui_tree *before, const struct action *done);
bool oracle_save_explains(const struct list_snap *sn);

/*
 * The crud oracle's choices (crud_choice.c): the selectors of an edit form
 * ("List: Pharmacies"), each with its label (lowered, and as shown), the
 * value it showed when the form appeared, the page the form was opened
 * from (0: unknown) and that page's text naming the value under the same
 * label, or NULL.
 */
struct crud_choice {
	char *rid, *label, *initial, *line;
	char *name; /* the label as shown (label is lowered) */
	uint64_t from;
};
struct crud_choices {
	struct crud_choice *v;
	size_t n, alloc;
};
/* Forget the selectors tree no longer shows; record those of an edit form it shows first (from: its opener). */
void crud_choices_sync(struct crud_choices *cs, const struct ui_tree *tree, uint64_t from,
		       const struct ui_tree *from_tree);
/*
 * Whether the confirm `done` closed the form on `before` back on the page
 * it was opened from (`here`, page of `after`) while a choice changed on
 * the form is not saved: the page still names the old value under the
 * label and shows the new one nowhere. Fills f when so.
 */
bool crud_choices_kept(const struct crud_choices *cs, const struct ui_tree *before, const struct ui_tree *after,
		       uint64_t here, const struct action *done, struct oracle_finding *f);
void crud_choices_release(struct crud_choices *cs);

/*
 * kept_edit's pick of a selector of several parts (pick_reset.c): the
 * selector tapped ("Reminder: 18:00 · Mon, Wed, Fri"; rid NULL: none), its
 * label and value then, its activity, the last text tapped on the chooser
 * since and that tap, the steps taken there, and the resets reported.
 */
#define KEPT_PICK_REPORTED 16
#define KEPT_PICK_SELECTORS 8
/* A selector of the form: its resource-id and value (made: the value before the run's pick, `value` after it). */
struct kept_pick_selector {
	char *rid, *value, *before;
};
struct kept_pick {
	char *rid, *label, *value, *picked;
	char activity[160];
	struct cJSON *tap;
	int steps;
	uint64_t reported[KEPT_PICK_REPORTED];
	size_t n_reported;
	/* The form's other selectors when the pending pick began. */
	struct kept_pick_selector others[KEPT_PICK_SELECTORS];
	size_t n_others;
	/* The picks the run made on the form in this visit (`form`: its activity; empty: none). */
	struct kept_pick_selector made[KEPT_PICK_SELECTORS];
	size_t n_made;
	char form[160];
};
/* Follow one step; true with *f filled when a pick came back with another part reset to a default, or with
 * another selector picked earlier in the visit back at its value before that pick. */
bool kept_pick_step(struct kept_pick *k, const struct oracle_tracked_step *s, struct oracle_finding *f);
/* Forget the pending pick (not the picks made in the visit, nor the resets reported). */
void kept_pick_forget(struct kept_pick *k);
/* Forget everything but the resets reported (the tracker's end). */
void kept_pick_release(struct kept_pick *k);
/* The visible selector of t ("Label: value", clickable, outside lists) with resource-id rid, or NULL. */
const struct ui_widget *kept_selector_with(const struct ui_tree *t, const char *rid);

/*
 * rowcount's check of a nav item's count (badge.c): true with *f filled when
 * the step tapped a tab or bottom-navigation item showing a count ("Updates
 * 7", "Updates, 7 unread") and the page it opened states that count ("7
 * unread") while the item, selected, shows no count any more.
 */
bool rowcount_judge_badge(const struct oracle_tracked_step *s, struct oracle_finding *f);

#endif
