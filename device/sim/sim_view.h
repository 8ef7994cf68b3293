/*
 * sim_view.h - a laid-out simulated screen: the view tree that the
 * simulator's XML dumper writes and its Cairo renderer draws. Both read the
 * same tree, so the picture and the dump agree to the pixel.
 *
 * Produced by the simulator's layout (sim_layout.c) from the current screen,
 * state, dialogs and toasts; consumed by sim_dump.c (UIAutomator XML) and
 * sim_render.c (pixels). Bounds are absolute screen pixels, already clipped
 * to what is visible (scrolled-away content is not in the tree, as on a
 * phone, where offscreen list rows are recycled).
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_VIEW_H
#define TRIDENT_DEVICE_SIM_SIM_VIEW_H

#include <stdbool.h>
#include <stddef.h>

/* What a view looks like: the renderer draws by kind, the dump uses class. */
enum sim_view_kind {
	SIM_VIEW_FRAME,        /* plain container (FrameLayout/LinearLayout) */
	SIM_VIEW_STATUS_BAR,   /* system status bar (time, battery) */
	SIM_VIEW_APP_BAR,      /* toolbar with the title */
	SIM_VIEW_TEXT,         /* TextView */
	SIM_VIEW_BUTTON,       /* Button (filled) */
	SIM_VIEW_TEXT_BUTTON,  /* borderless button, e.g. dialog actions */
	SIM_VIEW_IMAGE_BUTTON, /* icon button (content-desc, no text) */
	SIM_VIEW_EDIT_TEXT,    /* EditText with hint */
	SIM_VIEW_CHECKBOX,
	SIM_VIEW_SWITCH,
	SIM_VIEW_LIST,         /* RecyclerView / ListView container */
	SIM_VIEW_LIST_ROW,     /* one row of a list */
	SIM_VIEW_TABS,         /* tab strip container */
	SIM_VIEW_TAB,          /* one tab */
	SIM_VIEW_BOTTOM_NAV,   /* bottom navigation container */
	SIM_VIEW_NAV_ITEM,     /* one bottom navigation item */
	SIM_VIEW_SCRIM,        /* dim layer behind a dialog */
	SIM_VIEW_DIALOG,       /* dialog card */
	SIM_VIEW_TOAST,        /* toast bubble */
	SIM_VIEW_IMAGE,        /* picture placeholder */
	SIM_VIEW_FAB,          /* floating action button */
	SIM_VIEW_PROGRESS,     /* progress bar / spinner */
	SIM_VIEW_SEEKBAR,      /* slider; `value` 0..100 */
	SIM_VIEW_IME,          /* the soft keyboard's window (its own hierarchy in the dump) */
	SIM_VIEW_IME_KEY,      /* one key of it */
};

struct sim_view {
	enum sim_view_kind kind;
	const char *class_name;   /* android.widget.Button, ... */
	const char *resource_id;  /* "pkg:id/name" or "" */
	const char *text;         /* resolved text (templates filled) or "" */
	const char *content_desc; /* or "" */
	const char *hint;         /* or "" */
	int x1, y1, x2, y2;       /* absolute bounds */
	bool clickable, long_clickable, checkable, checked, scrollable;
	bool focusable, focused, enabled, selected, password;
	int value;                /* seekbar/progress 0..100 */
	int depth;
	struct sim_view **children;
	size_t n_children;
};

struct sim_screen_view {
	struct sim_view *root;    /* owns the whole tree */
	int width, height;        /* current orientation's size */
	int rotation;             /* 0..3 */
	const char *package;
	const char *activity;     /* fully qualified */
};

#endif
