/*
 * bugs.h - the bug record and the run's bug list (bugs.json).
 *
 * Every finder - the model Detector, each deterministic oracle, the crash
 * check - reports through bug_list_add() (usually via agent_env_report_bug()
 * in brain.h, which also traces the report). The list assigns ids ("B001"),
 * drops duplicates (same category, functionality and title), and rewrites
 * bugs.json after every addition, so a killed run keeps what it found.
 *
 * Categories: Trident's nine (seeds 001 §III-A; the same names as the
 * simulator's app specs), plus "crash" for crashes/ANRs, which are not one of
 * the nine non-crash classes. JSON uses the names in quotes below.
 *
 * Thread-safe: one mutex per list, a leaf lock.
 */
#ifndef TRIDENT_AGENTS_BUGS_H
#define TRIDENT_AGENTS_BUGS_H

#include <stdbool.h>
#include <stddef.h>

#include "agents/action.h"
#include "core/error.h"

struct cJSON;

enum bug_category {
	BUG_CAT_PAGE_LOADING = 0,   /* "page loading failure": blank, half-loaded, endless loading */
	BUG_CAT_OCCLUSION,          /* "occlusion/overlap": overlapping, clipped, off-screen elements */
	BUG_CAT_CONTENT_MISSING,    /* "content missing": wrong, stale or vanished content, lost input */
	BUG_CAT_FEEDBACK_MISSING,   /* "feedback missing": no confirmation, error or progress */
	BUG_CAT_DATA_OPERATION,     /* "data operation failure": add/edit/delete/sort/search wrong or duplicated */
	BUG_CAT_MEDIA_CONTROL,      /* "media control": play/pause/seek/volume do the wrong thing */
	BUG_CAT_CALCULATION,        /* "numerical calculation error": totals, counts, units, dates */
	BUG_CAT_SETTINGS,           /* "settings/configuration": a setting not applied, not kept, reset */
	BUG_CAT_NAVIGATION,         /* "navigation/link error": wrong page, tab, back target or link */
	BUG_CAT_CRASH,              /* "crash": crash or ANR (outside the nine) */
	BUG_CAT__COUNT,
	/* Older names kept for source compatibility (aliases of the above). */
	BUG_CAT_CONTENT = BUG_CAT_CONTENT_MISSING,
	BUG_CAT_STRUCTURE = BUG_CAT_OCCLUSION,
	BUG_CAT_DATA_LOSS = BUG_CAT_CONTENT_MISSING,   /* input/state lost on rotation or restart */
	BUG_CAT_INTERACTION_LOGIC = BUG_CAT_DATA_OPERATION,
};
#define BUG_CATEGORIES_NONCRASH 9

/* The category's name, as above. */
const char *bug_category_name(enum bug_category c);
/* A one-line explanation for prompts and reports. */
const char *bug_category_help(enum bug_category c);
/*
 * Parse a name; tolerant of case, spaces, dashes, '/' and '_', plurals and
 * other spellings ("Navigation and link errors", "data_operation",
 * "display", "data loss", "structure"). -1 when unknown.
 */
int bug_category_parse(const char *name);

/* One step to reproduce: the action as performed, and where it happened. */
struct bug_step {
	int step;               /* run step number, -1 when not from the run */
	struct action action;
	char *screen;           /* run-directory-relative screenshot path, may be NULL */
	char *activity;         /* may be NULL */
	char *side_trip;        /* NULL: the explorer's action; else who drove the device after step
				 * `step` ("oracle:rotation"): a side trip every replay repeats */
};

struct bug {
	char *id;               /* assigned by bug_list_add ("B001") */
	char *title;
	enum bug_category category;
	char *description;
	char *functionality;    /* may be NULL */
	char *expected;         /* expected behaviour, may be NULL */
	char *actual;           /* what happened, may be NULL */
	struct bug_step *steps;  /* the reproduction path (minimised when replays allowed it) */
	size_t n_steps;
	struct bug_step *original_steps; /* the path as recorded before minimisation, may be NULL */
	size_t n_original_steps;
	char **evidence;        /* run-directory-relative screenshot paths */
	size_t n_evidence;
	char *found_by;         /* "detector", "oracle:rotation", ... */
	bool confirmed;         /* reproduced by replay (offline helper's --confirm) */
	int step;               /* run step at which it was reported */
	int occurrences;        /* times it was reported (duplicates counted, not listed); <= 1: once */
	struct cJSON *extra;    /* finder-specific evidence (widget diff...), may be NULL */
};

/* Zero the record (category content, step -1). */
void bug_init(struct bug *b);
void bug_release(struct bug *b);
void bug_copy(struct bug *dst, const struct bug *src);
/* Append a step (the action is copied). */
void bug_add_step(struct bug *b, int step, const struct action *a, const char *screen,
		  const char *activity);
/* Append a side-trip step: the action `by` performed after run step `step` (no screen of its own). */
void bug_add_side_step(struct bug *b, int step, const struct action *a, const char *by);
/*
 * Drop the side-trip steps at the end of b's steps: what other oracles did
 * after the last action (a rotation and back) is not on the way to a bug
 * that action shows.
 */
void bug_drop_trailing_side_steps(struct bug *b);
/* Append a deep copy of step *s (side trip included). */
void bug_add_step_copy(struct bug *b, const struct bug_step *s);
/*
 * Keep a copy of b's current steps as its original path (before
 * minimisation); does nothing when an original path is already kept.
 */
void bug_keep_original_steps(struct bug *b);
/* Drop b's original path (after a minimisation that removed nothing). */
void bug_steps_forget_original(struct bug *b);
/*
 * The actions of b's steps [from, n_steps), for a replay: shallow copies
 * (the array only is the caller's to free; b keeps owning the actions).
 * Has one unused slot more, so that an empty range is a valid array.
 */
struct action *bug_step_actions(const struct bug *b, size_t from);
/* Append an evidence screen path. */
void bug_add_evidence(struct bug *b, const char *path);
/* JSON form (see docs/run-directory.md). */
struct cJSON *bug_to_json(const struct bug *b);
/* Parse the JSON form. TD_ERR_PARSE naming the field. */
int bug_from_json(const struct cJSON *json, struct bug *out) TD_MUST_CHECK;

struct bug_list;

/*
 * A list that rewrites `json_path` (NULL: never) after each change, through
 * a temporary file renamed into place.
 */
struct bug_list *bug_list_new(const char *json_path);
void bug_list_free(struct bug_list *l);
/*
 * The app the bugs are in: bugs.json then carries each bug's path as adb
 * shell commands ("adb_commands", agents/adb_script.h). launcher: an am
 * start -n component, may be NULL. Copied.
 */
void bug_list_set_app(struct bug_list *l, const char *package, const char *launcher);

/*
 * Whether a and b report the same bug: same category and title (compared
 * case-insensitively, runs of spaces as one, trailing '.' ignored) and, when
 * both come from the same oracle ("oracle:..."), whatever the functionality
 * the Monitor was in; otherwise (the Detector) the same functionality too.
 * Findings of one oracle and category with the same extra.subject (what
 * they are about: the total oracle's 'Total') are the same bug whatever
 * their titles; so are one oracle's overlap findings (extra.issue
 * "overlap") on the same activity that share a widget (extra.a/b's
 * resource_id): one misplaced widget covering different neighbours.
 */
bool bug_same(const struct bug *a, const struct bug *b);
/*
 * Add a copy of *b. Returns 1 when added (its id in id_out if not NULL,
 * caller frees), 0 when it duplicates a bug already listed (bug_same): then
 * that bug's occurrences grows by one and its id goes to id_out.
 */
int bug_list_add(struct bug_list *l, const struct bug *b, char **id_out);
/*
 * When *b duplicates a listed bug, count the occurrence as bug_list_add
 * does and return 1 (the listed bug's id in id_out if not NULL, caller
 * frees); else 0 and nothing changes. Lets callers skip a costly replay.
 */
int bug_list_count_duplicate(struct bug_list *l, const struct bug *b, char **id_out);
/*
 * The same with another notion of "the same bug": the first listed bug for
 * which same(listed, b, ctx) holds. `same` runs with the list's lock held
 * (it must not call into the list).
 */
int bug_list_count_duplicate_by(struct bug_list *l, const struct bug *b,
				bool (*same)(const struct bug *listed, const struct bug *b, void *ctx), void *ctx,
				char **id_out);
size_t bug_list_count(struct bug_list *l);
/* Copy of bug i into *out (bug_release() it). TD_ERR_NOT_FOUND past the end. */
int bug_list_get(struct bug_list *l, size_t i, struct bug *out) TD_MUST_CHECK;
/* Set the confirmed flag of bug `id`. TD_ERR_NOT_FOUND when no such id. */
int bug_list_set_confirmed(struct bug_list *l, const char *id, bool confirmed) TD_MUST_CHECK;
/* {"bugs": [...]} as written to bugs.json. */
struct cJSON *bug_list_to_json(struct bug_list *l);
/* Whether writing bugs.json after an added bug failed (disk full, I/O). */
bool bug_list_write_failed(struct bug_list *l);
/* Write bugs.json now. TD_ERR_IO naming the file; the previous bugs.json
 * stays whole (written to a .tmp and renamed; a failed .tmp is removed). */
int bug_list_write(struct bug_list *l) TD_MUST_CHECK;
/* Load bugs from a bugs.json file (for eval/report tools). */
int bug_list_load(struct bug_list *l, const char *path) TD_MUST_CHECK;

#endif
