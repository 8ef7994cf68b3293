/*
 * action.h - one thing done to the app: the unit every brain proposes, the
 * Explorer performs, the trace records and a bug's steps replay.
 *
 * An action names its target three ways so that it can be replayed on a later
 * run where widget numbers may differ: the annotation number of this step
 * (`widget`), the widget's text / resource-id / class, and the centre
 * coordinates. action_perform() uses the coordinates; replay code may first
 * re-resolve them from text or resource-id (see action_resolve()).
 *
 * JSON form (trace.jsonl, bugs.json, model answers):
 *   {"type": "click", "widget": 7, "widget_text": "Save",
 *    "resource_id": "com.x:id/save", "class": "android.widget.Button",
 *    "x": 540, "y": 1210, "bounds": [420, 1150, 660, 1270],
 *    "text": "milk", "direction": "down", "uri": "notes://edit/1",
 *    "rotation": 1, "reason": "save the note"}
 * Only "type" is required; absent numbers are -1, absent strings NULL.
 */
#ifndef TRIDENT_AGENTS_ACTION_H
#define TRIDENT_AGENTS_ACTION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/ui.h"
#include "device/device.h"

struct cJSON;

enum action_type {
	ACTION_NONE = 0,
	ACTION_CLICK,          /* tap the widget's centre */
	ACTION_LONG_CLICK,     /* long-press the widget's centre */
	ACTION_INPUT,          /* tap the field, clear it, type `text` */
	ACTION_CHECK,          /* tap a checkable widget (toggle) */
	ACTION_SCROLL,         /* scroll inside the widget towards `direction` */
	ACTION_BACK,           /* the Back key */
	ACTION_HOME,           /* the Home key */
	ACTION_RESTART,        /* force-stop and relaunch the app */
	ACTION_ROTATE,         /* set rotation `rotation` (0 portrait, 1 landscape) */
	ACTION_DEEP_LINK,      /* open `uri` (a deep link) in the app */
	ACTION_START_ACTIVITY, /* am start -n `uri` (a component name) */
	ACTION_WAIT,           /* do nothing for a moment (let the page load) */
	ACTION_ENTER,          /* the Enter key (submit a search field) */
	ACTION__COUNT
};

struct action {
	enum action_type type;
	int widget;            /* annotation number on this step's screen, -1 none */
	char *widget_text;     /* the widget's label as the model named it / as read */
	char *resource_id;
	char *class_name;
	int x, y;              /* tap point in screen pixels, -1 when none */
	struct ui_rect bounds; /* the widget's bounds; all 0 when none */
	char *text;            /* ACTION_INPUT: what to type */
	enum device_dir direction; /* ACTION_SCROLL */
	char *uri;             /* ACTION_DEEP_LINK uri, ACTION_START_ACTIVITY component */
	int rotation;          /* ACTION_ROTATE */
	char *reason;          /* why the brain chose it (free text, may be NULL) */
	/*
	 * The target lay under the soft keyboard when it was chosen: perform
	 * hides the keyboard first (Back, only when `dumpsys input_method`
	 * says it is still up). JSON "hide_keyboard": true.
	 */
	bool hide_keyboard;
	/*
	 * ACTION_RESTART: clear the app's data first (pm clear), a clean start
	 * like a replay's. Reproduction paths begin after the last one.
	 * JSON "clear_data": true.
	 */
	bool clear_data;
	/*
	 * A step of a reproduction path that an oracle's side trip took (a
	 * rotation and back, Home and relaunch), not the Explorer: a tracking
	 * oracle's recheck does not feed it to the tracker, as the run did
	 * not. Set from bug_step.side_trip; not written to JSON.
	 */
	bool side_trip;
};

/* An empty action (ACTION_NONE, numbers -1, strings NULL). */
void action_init(struct action *a);
/* Free the strings and re-init. */
void action_release(struct action *a);
/* Deep copy of src into dst (dst is overwritten, not released). */
void action_copy(struct action *dst, const struct action *src);

/* "click", "long_click", ... ; "none" for ACTION_NONE. */
const char *action_type_name(enum action_type t);
/* Parse a type name (also "long-click", "longclick", "tap", "type", "swipe"); -1 when unknown. */
int action_type_parse(const char *name);
/* "up", "down", "left", "right". */
const char *action_direction_name(enum device_dir d);
/* -1 when unknown. */
int action_direction_parse(const char *name);
/* Whether the type acts on a widget (click, long_click, input, check, scroll). */
bool action_type_targets_widget(enum action_type t);
/* The ui.h action bit a widget must support for this type (0 for global actions). */
unsigned action_type_ui_bit(enum action_type t);

/* The JSON form (a new object, caller deletes). */
struct cJSON *action_to_json(const struct action *a);
/*
 * Parse the JSON form into *out (initialised first). Tolerates model
 * spellings ("action" for "type", "id"/"widget_id" for "widget", string
 * numbers). TD_ERR_PARSE with a message naming the bad field.
 */
int action_from_json(const struct cJSON *json, struct action *out) TD_MUST_CHECK;

/*
 * Fill the target fields (text, resource-id, class, bounds, centre) from a
 * widget of the current screen; the type and payload are left alone.
 */
void action_set_widget(struct action *a, int number, const struct ui_widget *w);

/*
 * One line for people and prompts: `click #7 "Save" at (540,1210)`,
 * `input #3 "Title" <- "milk"`, `scroll #2 down`, `back`. Caller frees.
 */
char *action_describe(const struct action *a);

/*
 * Find the widget of `tree` this action aims at when replaying: the same
 * resource-id and text first, then the same text, then the same resource-id,
 * then the widget under (x, y). Among widgets that match alike (list rows
 * share an id and a label) the one whose bounds are nearest the recorded
 * `bounds` wins, the first in document order when as near or none were
 * recorded. NULL when nothing fits.
 */
const struct ui_widget *action_resolve(const struct action *a, const struct ui_tree *tree);

/*
 * Whether the action names its widget (a text or a resource-id) and widget w
 * has that text or that resource-id: w was found by name, not only under
 * the recorded point. False when the action names nothing or w is NULL.
 */
bool action_names_widget(const struct action *a, const struct ui_widget *w);

/*
 * Perform the action on the device. `package` is the app under test (for
 * restart, deep links). Input taps the field first, clears it, then types.
 * Errors from device.h are passed on; TD_ERR_INVALID when the action lacks
 * what its type needs (no coordinates, no text).
 */
int action_perform(struct device *dev, const struct action *a, const char *package) TD_MUST_CHECK;

#endif
