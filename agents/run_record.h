/*
 * run_record.h - a run directory read back from its trace.jsonl: the source
 * of truth for `trident report RUN` (rebuilding bugs.json, summary.json,
 * report.html and JUnit after kill -9) and `explore --resume RUN`.
 *
 * Every step, bug, duplicate and Monitor classification is traced as one
 * flushed line as it happens (rundir.h), so a killed run's trace holds all
 * it recorded; only its last line may be cut short, and that one is skipped.
 * A line that is not JSON anywhere else is an error naming file and line.
 * A run continued with `explore --resume` writes each further part into
 * DIR/resume-K/ (a run directory of its own, K = 1, 2, ...); loading reads
 * them after DIR's own trace, numbering their steps after the steps before,
 * their paths under resume-K/, and a bug found again as one more occurrence.
 */
#ifndef TRIDENT_AGENTS_RUN_RECORD_H
#define TRIDENT_AGENTS_RUN_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

struct cJSON;
struct run_record;

/*
 * Read DIR/trace.jsonl. TD_ERR_NOT_FOUND when it is missing, TD_ERR_PARSE
 * naming file and line for a bad line that is not the last one, or when
 * the trace has no run_start. Free with run_record_free().
 */
int run_record_load(const char *run_dir, struct run_record **out) TD_MUST_CHECK;
void run_record_free(struct run_record *rec);
/* DIR/resume-K, the directory of the K-th resumed part (K >= 1). Caller frees. */
char *run_record_part_dir(const char *run_dir, int k);
/* How many resumed parts were read. */
int run_record_parts(const struct run_record *rec);

/* The first run_start record (borrowed; never NULL after a load). */
const struct cJSON *run_record_start(const struct run_record *rec);
/* Step records ordered by step number, one per step (borrowed array). */
const struct cJSON *run_record_steps(const struct run_record *rec);
/* The highest step number recorded (0 when none). */
int run_record_last_step(const struct run_record *rec);
/* Whether the last part of the run ended with a run_end record. */
bool run_record_finished(const struct run_record *rec);
/* Whether a cut-short last line was skipped. */
bool run_record_truncated(const struct run_record *rec);

/* {"bugs": [...]} as bugs.json holds it: listed bugs with their occurrences. Caller deletes. */
struct cJSON *run_record_bugs_json(const struct run_record *rec);
/*
 * summary.json's object rebuilt from the trace (docs/run-directory.md): the
 * manifest's activities come from run_start, model counters are the sums
 * of the run_end records (absent after a kill). Caller deletes.
 */
struct cJSON *run_record_summary_json(const struct run_record *rec);

/*
 * Whether foreground activity `seen` ("pkg/.Act", "pkg/full.Act") is the
 * manifest activity `name` (fully qualified).
 */
bool run_record_activity_matches(const char *seen, const char *name);

#endif
