/*
 * ui_align.h - how alike two screens are.
 *
 * Two measures, for two jobs:
 *
 *  - GUIPilot's widget alignment (seeds/000, Alg. 1 and Eq. 5): the widgets
 *    that take part (see below) are put in reading order - rows top to
 *    bottom, a row being widgets whose top edges lie within a tolerance of
 *    the row's first widget, then left to right - and aligned by a weighted
 *    longest-common-subsequence dynamic program, O(m*n) time. A pair's
 *    similarity is  pos * area * shape * type  where, with each box's
 *    top-left corner and size normalised to its screen (x/W, y/H, w/W, h/H),
 *      pos   = min(1 / (alpha*(|dx|+|dy|) + |dw| + |dh|), 1)
 *      area  = min(wi*hi, wj*hj) / max(wi*hi, wj*hj)
 *      shape = min(wi/hi, wj/hj) / max(wi/hi, wj/hj)
 *      type  = 1 when the classes are equal, else delta.
 *    Pairs scoring below `min_pair` are never matched (they count as one
 *    missing plus one extra widget). The result lists matched pairs, the
 *    widgets of `a` left unmatched ("missing" from b) and those of `b` left
 *    unmatched ("extra" in b), and a score in [0,1].
 *    Used for "is this the same screen?" (threshold `same_screen`, 0.73)
 *    and for per-widget before/after comparison by the oracles.
 *
 *  - Vet's SimCheck (seeds/002, Alg. 2): each tree becomes the depth-first
 *    list of (class, resource-id, depth) over visible nodes; the screens are
 *    similar when the activities agree, the shorter list is a common
 *    subsequence of the longer (LCS = min length), and the lengths differ
 *    by at most d_max (3). Used to merge screen variants into one group.
 *
 * Widgets that take part in the alignment: visible (ui_widget_visible with
 * the tree's screen) widgets with a non-empty area that are leaves, or
 * support an action, or carry a label (text or content-desc). Pure layout
 * containers without text or actions are left out: they mostly duplicate
 * their children's boxes and would dilute the score.
 *
 * All functions are pure and thread-safe; trees are only read.
 */
#ifndef TRIDENT_CORE_UI_ALIGN_H
#define TRIDENT_CORE_UI_ALIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/ui.h"

struct config;

/* Largest m*n alignment matrix ui_align() will build (TD_ERR_TOO_BIG past it). */
#define UI_ALIGN_MAX_CELLS (4u * 1024u * 1024u)

struct ui_align_params {
	double alpha;          /* position weight (GUIPilot: 10) */
	double delta;          /* type similarity of different classes (0.5) */
	double min_pair;       /* weakest pair similarity that may match */
	double row_tolerance;  /* same row when top edges differ by at most this
	                          fraction of the screen height */
	double same_screen;    /* score at or above which screens are "the same" (0.73) */
	int simcheck_dmax;     /* Vet's d_max (3) */
};

/* Fill `p` with the defaults (the same values as configs/default.json "ui"). */
void ui_align_params_default(struct ui_align_params *p);
/*
 * Read ui.align_alpha, ui.align_delta, ui.align_min_pair,
 * ui.align_row_tolerance, ui.same_screen_threshold and ui.simcheck_dmax from
 * `cfg` (NULL: defaults). TD_ERR_CONFIG with a message naming the key when a
 * value is out of range (alpha <= 0, delta outside (0,1], thresholds outside
 * [0,1], negative tolerance or d_max); `p` then holds the defaults.
 */
int ui_align_params_from_config(struct ui_align_params *p, const struct config *cfg) TD_MUST_CHECK;

struct ui_align_pair {
	const struct ui_widget *a; /* widget of the first screen */
	const struct ui_widget *b; /* its counterpart on the second screen */
	double sim;                /* pair similarity in (0,1] */
};

struct ui_alignment {
	struct ui_align_pair *pairs;        /* in reading order */
	size_t n_pairs;
	const struct ui_widget **missing;   /* of `a`, unmatched, reading order */
	size_t n_missing;
	const struct ui_widget **extra;     /* of `b`, unmatched, reading order */
	size_t n_extra;
	size_t n_a, n_b;    /* how many widgets of each screen took part */
	double sum;         /* sum of matched pair similarities */
	double score;       /* sum / max(n_a, n_b): symmetric; 1 when both empty */
	double score_b;     /* Eq. 5 with `b` as the target: sum / n_b (1 when n_b == 0) */
};

/*
 * The widgets of `t` that take part in the alignment, in reading order.
 * Returns how many; *out (free() it, the widgets stay owned by the tree) is
 * NULL when there are none. `p` NULL: defaults.
 */
size_t ui_align_widgets(const struct ui_tree *t, const struct ui_align_params *p,
			const struct ui_widget ***out);

/* One pair's similarity (pos*area*shape*type), each box normalised to its tree's screen. */
double ui_align_pair_sim(const struct ui_widget *a, const struct ui_rect *screen_a,
			 const struct ui_widget *b, const struct ui_rect *screen_b,
			 const struct ui_align_params *p);

/*
 * Align screen `a` with screen `b`. `p` NULL: defaults. On success *out is
 * a new alignment (ui_alignment_free()); the widget pointers in it point into
 * the trees, which must outlive it. TD_ERR_TOO_BIG when m*n exceeds
 * UI_ALIGN_MAX_CELLS.
 */
int ui_align(const struct ui_tree *a, const struct ui_tree *b,
	     const struct ui_align_params *p, struct ui_alignment **out) TD_MUST_CHECK;
void ui_alignment_free(struct ui_alignment *al);

/* The symmetric alignment score of two screens; 0 when the alignment fails. */
double ui_screen_similarity(const struct ui_tree *a, const struct ui_tree *b,
			    const struct ui_align_params *p);
/* Whether ui_screen_similarity() reaches p->same_screen. */
bool ui_same_screen(const struct ui_tree *a, const struct ui_tree *b,
		    const struct ui_align_params *p);

/*
 * Vet's SimCheck: true when the screens are variants of one another (see
 * the header comment). Activities may be NULL; two NULLs agree, a NULL and a
 * name do not. `p` NULL: defaults (d_max 3).
 */
bool ui_simcheck(const struct ui_tree *a, const char *activity_a,
		 const struct ui_tree *b, const char *activity_b,
		 const struct ui_align_params *p);

#endif
