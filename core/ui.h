/*
 * ui.h - the model of one screen: the UIAutomator widget tree, what can be
 * done with each widget, and the screen's identity at three grains.
 *
 * A `struct ui_tree` is parsed from the XML that `uiautomator dump` writes
 * (AOSP's and androidx's format, single- or multi-window). It owns every
 * widget; widgets are also reachable in document (depth-first) order through
 * tree->nodes, which is what most callers iterate.
 *
 * Similarity (GUIPilot's widget alignment, SimCheck from Vet) lives in
 * ui_align.h; this header is parsing, per-widget facts and signatures.
 */
#ifndef TRIDENT_CORE_UI_H
#define TRIDENT_CORE_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

#define UI_XML_MAX_BYTES (16u * 1024u * 1024u)

struct ui_rect {
	int x1, y1, x2, y2; /* [x1,y1][x2,y2] as in the dump; x2/y2 exclusive */
};

/* Action types, as a bit set. */
enum ui_action {
	UI_ACT_CLICK = 1u << 0,
	UI_ACT_LONG_CLICK = 1u << 1,
	UI_ACT_INPUT = 1u << 2,
	UI_ACT_CHECK = 1u << 3,
	UI_ACT_SCROLL = 1u << 4,
};

struct ui_widget {
	/* Attributes as dumped; strings are never NULL (absent = ""). */
	int index;
	char *text;
	char *resource_id;
	char *class_name;
	char *package;
	char *content_desc;
	char *hint;
	bool checkable, checked, clickable, enabled, focusable, focused;
	bool scrollable, long_clickable, password, selected;
	bool naf;              /* NAF="true" */
	bool visible_to_user;  /* visible-to-user; true when absent */
	int drawing_order;     /* -1 when absent */
	int display_id;        /* -1 when absent; inherited from an enclosing
	                          <window display-id> or <display id> */
	struct ui_rect bounds;

	/* Tree structure. */
	struct ui_widget *parent;
	struct ui_widget **children;
	size_t n_children;
	int depth;             /* the root <node> of a window has depth 0 */
	int window;            /* index of the <window> in --windows dumps, else 0 */
	size_t order;          /* position in tree->nodes */
};

struct ui_tree {
	struct ui_widget **nodes; /* every widget, depth-first document order */
	size_t n_nodes;
	struct ui_widget **roots; /* one per window (usually one) */
	size_t n_roots;
	int rotation;             /* the <hierarchy rotation="..."> attribute */
	struct ui_rect screen;    /* union of the roots' bounds */
	/*
	 * Where the soft keyboard covers the screen (all 0 when none): a dump
	 * with an input method's window (ui_package_is_ime()) next to the app's
	 * holds it as a root of its own; ui_parse() leaves that window out of
	 * nodes and roots - its keys are no widgets of the app, and a keyboard
	 * coming up is no change of the app's screen - and keeps its bounds
	 * here. What lies under it cannot be tapped until it is hidden (Back).
	 */
	struct ui_rect ime;
};

/* Whether `package` is a soft keyboard's (Gboard, AOSP LatinIME, Samsung, SwiftKey, ...). */
bool ui_package_is_ime(const char *package);

/*
 * Parse a dump. `name` is used in error messages (a file name, "device").
 * The soft keyboard's window is left out (see `ime` above).
 * Accepts one-line and pretty-printed dumps, the `--windows` form, text
 * before the XML and the trailing "UI hierchary dumped to: ..." line.
 * Character and predefined entities are decoded; any DOCTYPE is refused, so
 * no entity can be declared (no expansion bombs, no external entities).
 * The text is read as UTF-8 whatever it declares. Nesting is limited to 256.
 * TD_ERR_PARSE / TD_ERR_TOO_BIG (over UI_XML_MAX_BYTES) with a message naming
 * `name`, line and reason. On success *out is a new tree (ui_tree_free()).
 * Safe to call from several threads at once.
 */
int ui_parse(const char *xml, size_t len, const char *name, struct ui_tree **out) TD_MUST_CHECK;
/* ui_parse() of a file's contents; TD_ERR_NOT_FOUND / TD_ERR_IO / TD_ERR_TOO_BIG naming `path`. */
int ui_parse_file(const char *path, struct ui_tree **out) TD_MUST_CHECK;
void ui_tree_free(struct ui_tree *tree);

/*
 * Non-empty bounds that intersect the screen `screen` (NULL or empty: any
 * non-empty bounds), and not marked visible-to-user="false".
 */
bool ui_widget_visible(const struct ui_widget *w, const struct ui_rect *screen);
/* The action types this widget supports (0 when none or not visible/enabled). */
unsigned ui_widget_actions(const struct ui_widget *w, const struct ui_rect *screen);
/*
 * Where to tap `w`: the centre of the part of its bounds inside `screen`
 * (NULL or empty: of its bounds). False, with *x and *y untouched, when the
 * widget has no visible area.
 */
bool ui_widget_tap_point(const struct ui_widget *w, const struct ui_rect *screen, int *x, int *y);
/* text, else content-desc, else hint, else the tail of resource-id, else "". */
const char *ui_widget_label(const struct ui_widget *w);
/* Whether the class is an editable text field (EditText and subclasses). */
bool ui_class_is_editable(const char *class_name);
/* Whether w sits inside a list: a RecyclerView, ListView or GridView ancestor. */
bool ui_widget_in_list(const struct ui_widget *w);
/*
 * The end of w's subtree in t->nodes (document order): w and its
 * descendants are t->nodes[w->order] up to, not including, the returned
 * index.
 */
size_t ui_subtree_end(const struct ui_tree *t, const struct ui_widget *w);
/* The longest label a selector text may have (UI_SELECTOR_LABEL_MAX bytes: "Default location"). */
#define UI_SELECTOR_LABEL_MAX 30
/*
 * Whether text reads as a control that shows its value under a label,
 * "Label: value" ("List: Pharmacies", "Best before: Thu 3 Dec 2026"): a
 * label of 1-UI_SELECTOR_LABEL_MAX bytes with a letter and no digit, ": ",
 * and a value that does not start with a space. The label's length goes
 * to *label_len and the value to *value (a pointer into text), when given.
 */
bool ui_selector_text(const char *text, size_t *label_len, const char **value);
/*
 * How many bytes of `s` to show to clip it to at most `max` bytes without
 * cutting a UTF-8 character: strlen(s) when it fits, else `max` backed off to
 * the start of the character that would be cut. For "%.*s" in place of
 * "%.40s" (which cuts bytes). 0 when max <= 0.
 */
int ui_text_prefix_len(const char *s, int max);

int ui_rect_width(const struct ui_rect *r);
int ui_rect_height(const struct ui_rect *r);
bool ui_rect_empty(const struct ui_rect *r);
bool ui_rect_intersects(const struct ui_rect *a, const struct ui_rect *b);

/*
 * Screen identity, three grains (each a 64-bit FNV-1a-style hash):
 *  - structural (Vet): activity + depth-first (class, resource-id, depth) of
 *    visible nodes;
 *  - abstract (Genie): activity + the *set* of (class, resource-id,
 *    content-desc), so lists of any length collapse (content-desc is left
 *    out inside lists, where it names a row's data);
 *  - text: structural plus text and checked state, to tell whether an action
 *    changed anything.
 * `activity` may be NULL.
 */
uint64_t ui_sig_structural(const struct ui_tree *t, const char *activity);
uint64_t ui_sig_abstract(const struct ui_tree *t, const char *activity);
uint64_t ui_sig_text(const struct ui_tree *t, const char *activity);

#endif
