/*
 * tarpit.h - Vet's exploration tarpits (seeds 002 §4), detected online.
 *
 * The trace is the sequence of screen groups the exploration visited (one
 * per step; screens merged into groups with SimCheck by struct
 * tarpit_groups) and the event taken on each. Two patterns:
 *
 *  - Exploration space partition: a step n after which the exploration
 *    hardly ever returns to screens seen before it. Vet's objective
 *        argmin_{n < E_N}  Σ_{s∈{S_1..n}} |S^s_{n+1..N}| / (N-n)
 *                        + 2σ(|{S_{n+1..N}}| / |{S_{E_N+1..N}}| - 1) - 1
 *    with N - E_N = t_min; reported when the first term is at most
 *    `partition_max`, |{S_1..n}| > |{S_{n+1..N}}| and N - n >= t_min. The
 *    culprit is the action taken on S_n. Scores within a small margin of
 *    the minimum are a tie, won by the latest n whose first term is 0 (no
 *    screen seen up to S_n comes back): the action after which the
 *    exploration never returned. Online the trace keeps growing, so a
 *    minimum at the last n allowed (E_N - 1) with screens still coming back
 *    is not reported yet: the cut may lie later, as an offline pass over the
 *    whole run would see.
 *  - Excessive local exploration: a suffix region [l, N] of at least t_min
 *    steps minimising |Merge({S_l..N})| / (N-l+1); reported when that ratio
 *    is at most `local_ratio`, no new group appeared in its last t_min
 *    steps, and the region covers at most half of the groups seen. The
 *    culprit is the action that entered the region (on S_{l-1}).
 *
 * t_min is counted in steps and scaled to the budget (Vet used 10 minutes
 * of a 1-hour run): t_min = clamp(budget * t_min_fraction, t_min_floor,
 * t_min_cap). After a recovery the caller calls tarpit_reset(), which starts
 * the analysis afresh at the current step.
 *
 * Not thread-safe: owned by the Explorer's tarpit plugin.
 */
#ifndef TRIDENT_AGENTS_TARPIT_H
#define TRIDENT_AGENTS_TARPIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/ui.h"

struct config;
struct ui_align_params;

struct tarpit_params {
	int t_min;             /* minimum region length in steps */
	double partition_max;  /* largest share of returns to old screens after a partition */
	double local_ratio;    /* largest groups/steps ratio of a local region */
	int check_every;       /* run the detectors every this many steps */
};

/* Defaults for a step budget (0: 200). */
void tarpit_params_for_budget(struct tarpit_params *p, int budget);
/* From tarpit.* config keys scaled to `budget`. TD_ERR_CONFIG on bad values. */
int tarpit_params_from_config(struct tarpit_params *p, const struct config *cfg, int budget) TD_MUST_CHECK;

enum tarpit_kind { TARPIT_NONE = 0, TARPIT_PARTITION, TARPIT_LOCAL };
/* "none", "exploration_space_partition", "excessive_local_exploration". */
const char *tarpit_kind_name(enum tarpit_kind k);

struct tarpit_finding {
	enum tarpit_kind kind;
	int culprit_step;      /* run step whose action is the culprit, -1 none */
	int culprit_group;
	uint64_t culprit_event;
	int region_first, region_last; /* run steps of the trapped region */
	int region_groups;     /* distinct groups in the region */
	int total_groups;      /* distinct groups in the analysed trace */
	double score;          /* the objective's value */
};

struct tarpit;
struct tarpit *tarpit_new(const struct tarpit_params *p);
void tarpit_free(struct tarpit *tp);
/* Record that at run step `step` the screen was in group `group` and `event` was taken. */
void tarpit_add(struct tarpit *tp, int step, int group, uint64_t event);
/* Run both detectors on the trace so far (every check_every adds). True with *out filled. */
bool tarpit_check(struct tarpit *tp, struct tarpit_finding *out);
/* Both detectors now, regardless of check_every (tests, end of run). */
bool tarpit_check_now(struct tarpit *tp, struct tarpit_finding *out);
/* Start the analysis window afresh (after a recovery). */
void tarpit_reset(struct tarpit *tp);
/* Steps in the current analysis window. */
size_t tarpit_len(const struct tarpit *tp);

/*
 * Screen groups: each new screen joins the first group whose representative
 * it is SimCheck-similar to (Vet's Merge, applied online), else starts one.
 */
struct tarpit_groups;
struct tarpit_groups *tarpit_groups_new(const struct ui_align_params *p);
void tarpit_groups_free(struct tarpit_groups *g);
/* The group of `xml` (parsed here; a dump that does not parse gets group -1). */
int tarpit_groups_assign(struct tarpit_groups *g, const char *xml, size_t len, const char *activity);
/* Same for an already parsed tree (copied by re-parsing `xml` only when it starts a group). */
int tarpit_groups_assign_tree(struct tarpit_groups *g, const struct ui_tree *t, const char *xml,
			      size_t len, const char *activity);
size_t tarpit_groups_count(const struct tarpit_groups *g);

#endif
