/*
 * history.h - the function-based testing history (seeds 001 §II-B1).
 *
 * The database of the run: every step (the screen before the action, its
 * files in the run directory, the action, the page description, activity and
 * screen signatures) and the functionalities the steps were grouped into,
 * each with a visit count and a status (partially / fully tested).
 *
 * Two views for the prompts:
 *   - the text view: the functionality list with visits and status, then the
 *     most recent step records, dropping the oldest records until the text
 *     fits a token budget;
 *   - the image view: the history strip (annotated thumbnails of a range of
 *     steps with their actions), see history_image_view().
 *
 * Functionality boundaries: a step is classified (by the merged
 * Explorer+Monitor answer, or by the Monitor's own brain) into a
 * functionality; when a step lands in a functionality other than the one of
 * the previous step, the previous functionality's segment has ended and is
 * handed to the Detector (history_classify() says so).
 *
 * Thread-safe: every function takes the history's mutex (a leaf lock except
 * for history_image_view, which releases it before rendering). Readers get
 * copies, never pointers into the database.
 */
#ifndef TRIDENT_AGENTS_HISTORY_H
#define TRIDENT_AGENTS_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/action.h"
#include "core/error.h"

struct cJSON;
struct image;

enum func_status {
	FUNC_PARTIAL = 0, /* "partially tested" */
	FUNC_FULL,        /* "fully tested" */
};
const char *func_status_name(enum func_status s);   /* "partial", "full" */
/* "partial"/"partially tested"/"full"/"fully tested"/"done"...; -1 when unknown. */
int func_status_parse(const char *name);

struct history_step {
	int step;                /* 1-based run step number */
	char *screenshot;        /* run-relative "steps/0001.png" (may be NULL) */
	char *xml;               /* run-relative "steps/0001.xml" */
	char *annotated;         /* run-relative "steps/0001.annotated.png" */
	char *activity;          /* foreground activity before the action */
	uint64_t sig_structural, sig_abstract, sig_text;
	struct action action;    /* what was done on this screen */
	char *page_description;  /* from the model/offline monitor; may be NULL */
	int functionality;       /* index into the functionality list, -1 unknown */
	bool changed;            /* the screen after differs (text signature) */
	double t_ms;             /* when it was performed (run clock) */
	char *row;               /* the list row / container text of the widget acted on; may be NULL */
	char *feedback;          /* what the app said after the action: toast, snackbar, dialog; may be NULL */
	char *by;                /* NULL: the brain chose it; else who injected it ("loop escape", ...) */
	char *side_trip;         /* a plugin that drove the device after the action (an oracle's check) */
	struct action *side_actions; /* what side trips did to the app (rotate, Home, relaunch...), in order */
	char **side_actions_by;  /* who performed each of them ("oracle:rotation") */
	size_t n_side_actions;
};

struct history_functionality {
	char *name;
	char *description;       /* may be NULL */
	int visits;              /* how many separate segments visited it */
	enum func_status status;
	int first_step, last_step; /* of the most recent segment */
	int n_steps;             /* steps over all visits */
};

/* A finished stretch of consecutive steps in one functionality. */
struct history_segment {
	int functionality;       /* index */
	char *name;
	int first_step, last_step;
	bool final;              /* ended by the end of the run */
};
void history_segment_release(struct history_segment *s);

void history_step_init(struct history_step *s);
void history_step_release(struct history_step *s);
void history_step_copy(struct history_step *dst, const struct history_step *src);
void history_functionality_release(struct history_functionality *f);

struct history;

struct history *history_new(void);
void history_free(struct history *h);

/* Append a copy of *s (its functionality is ignored, set by classify). Returns the step number. */
int history_add_step(struct history *h, const struct history_step *s);
/* Number of steps. */
int history_n_steps(struct history *h);
/* Copy of step `step` (1-based). TD_ERR_NOT_FOUND when absent. */
int history_get_step(struct history *h, int step, struct history_step *out) TD_MUST_CHECK;
/*
 * The first step of the stretch that leads to step `last` from a clean
 * start: 1, or the step after the last restart up to `last` that cleared
 * the app's data (action.clear_data).
 */
int history_clean_start(struct history *h, int last);
/* Fill in the screen-after facts of a step (did the action change the text signature). */
void history_set_changed(struct history *h, int step, bool changed);
/* Record what the app said after step `step` (a toast, snackbar or dialog text; copied). */
void history_set_feedback(struct history *h, int step, const char *feedback);
/* Record that plugin `name` drove the device after step `step` (the tester's check). */
void history_set_side_trip(struct history *h, int step, const char *name);
/*
 * Append the actions a side trip performed after step `step` (copied):
 * reproduction paths repeat them after that step's action (docs/run-directory.md,
 * "Side trips"). Also sets the step's side_trip name when unset.
 */
void history_add_side_actions(struct history *h, int step, const char *name, const struct action *a, size_t n);

/*
 * Record which functionality `step` belongs to (created on first use; names
 * compare case-insensitively and ignoring surrounding space), its status, and
 * the page description. When the previous classified step belonged to a
 * different functionality, *ended (if not NULL) receives that segment and 1
 * is returned; otherwise 0. `ended_now` forces the current functionality's
 * segment to end with this step (the model said the functionality is done):
 * the segment then includes `step` and 1 is returned.
 */
int history_classify(struct history *h, int step, const char *functionality,
		     const char *description, enum func_status status,
		     const char *page_description, bool ended_now,
		     struct history_segment *ended);
/* The open segment at the end of the run (final = true); 0 when none. */
int history_finish(struct history *h, struct history_segment *out);

/* Number of functionalities, and a copy of one. */
int history_n_functionalities(struct history *h);
int history_get_functionality(struct history *h, int i, struct history_functionality *out) TD_MUST_CHECK;
/* Name of the functionality of the most recently classified step ("" none); caller frees. */
char *history_current_functionality(struct history *h);

/* How often `a` (by type + widget text/resource-id) was done on screens with signature `sig`. */
int history_action_count(struct history *h, uint64_t sig_abstract, const struct action *a);
/* Distinct abstract screens / activities seen. */
int history_n_screens(struct history *h);
int history_n_activities(struct history *h);
/* Whether `activity` was seen (exact string). */
bool history_seen_activity(struct history *h, const char *activity);
/* Copies of the activity strings seen, in order of first visit; returns the count (free each and *out). */
int history_activities(struct history *h, char ***out);

/*
 * The text view: "Functionalities tested:" list (name, visits, steps,
 * status), then compact step records newest last ("#12 [Notes] click
 * \"Add\" in row \"Mug\" -> toast \"Added\""; "(no visible change)" only
 * when the screen did not change and the app said nothing; "tester:" for
 * actions the tester injected), dropping the oldest records until the
 * estimated token count (about 4 bytes per token) is at most `max_tokens`
 * (0: no limit), and saying how many were dropped. The functionality list
 * itself is kept whole. Caller frees.
 */
char *history_text_view(struct history *h, int max_tokens);
/* The functionality list alone (the first part of the text view). Caller frees. */
char *history_functionality_text(struct history *h);
/*
 * The step records from `first` to `last` (the actual path of a segment),
 * one per step with its activity, page description, action and result.
 * Caller frees.
 */
char *history_segment_text(struct history *h, int first, int last);
/* The same, without the page descriptions when `page_descriptions` is false. Caller frees. */
char *history_segment_records(struct history *h, int first, int last, bool page_descriptions);
/* One step's action as the records say it (`click "Add" in row "Mug"`). Caller frees. */
char *history_step_action_text(const struct history_step *s);

/* Steps whose small screenshot the history keeps in memory for the strips. */
#define HISTORY_FRAMES 32

/*
 * Keep `img` (ownership passes) as step `step`'s screenshot for the image
 * view; `screen_w` x `screen_h` is the device size. Only the last
 * HISTORY_FRAMES are kept.
 */
void history_put_frame(struct history *h, int step, struct image *img, int screen_w, int screen_h);

/*
 * The image view: a history strip of steps first..last (at most
 * `max_frames`, the most recent kept), each frame the step's screenshot
 * captioned with its step number and a short action: the small copy kept by
 * history_put_frame(), else the PNG read from run directory `run_dir`.
 * `last` may be one past the newest step: that frame is the page after the
 * newest action (steps/NNNN.png of step last, written when the Explorer
 * captured it) captioned "page after the last action". PNG bytes in *png
 * (free()). TD_ERR_NOT_FOUND when no frame has an image.
 */
int history_image_view(struct history *h, const char *run_dir, int first, int last,
		       int max_frames, unsigned char **png, size_t *png_len) TD_MUST_CHECK;
/*
 * The same split into images of at most `per_image` frames each (legible
 * frames: a second image rather than smaller frames), at most `max_images`
 * images covering the most recent frames. Fills pngs[]/lens[] (each free())
 * and returns how many images were made (0 when none had a frame).
 */
int history_image_views(struct history *h, const char *run_dir, int first, int last, int per_image,
			int max_images, unsigned char **pngs, size_t *lens);

/* The whole database as JSON {"steps": [...], "functionalities": [...]}. */
struct cJSON *history_to_json(struct history *h);
/* The functionality list as JSON (for summary/report). */
struct cJSON *history_functionalities_json(struct history *h);

#endif
