/*
 * rundir.h - the run directory (`--out DIR`): everything a run leaves behind.
 *
 *   DIR/trace.jsonl          one JSON object per line, appended and flushed as
 *                            it happens (steps, interventions, bugs, ...)
 *   DIR/steps/NNNN.png       the screen before step NNNN's action
 *   DIR/steps/NNNN.xml       its UIAutomator dump
 *   DIR/steps/NNNN.annotated.png  the annotated screenshot the model saw
 *   DIR/steps/strip-NNNN.png history strips sent to the Detector
 *   DIR/llm/                 model request/response records (keys redacted)
 *   DIR/bugs.json            the bug list (rewritten on every new bug)
 *   DIR/report.html          self-contained report (written at the end)
 *   DIR/summary.json         counters (written at the end)
 *   DIR/run.log              the log file
 * docs/run-directory.md documents every format.
 *
 * Thread-safe: trace writes take one mutex (a leaf lock), so lines of
 * different threads never interleave. Every trace line is written with a
 * single fwrite + fflush, so a killed run leaves whole lines only (at worst
 * one truncated final line, which readers skip).
 */
#ifndef TRIDENT_AGENTS_RUNDIR_H
#define TRIDENT_AGENTS_RUNDIR_H

#include <stddef.h>

#include "core/error.h"

struct cJSON;
struct rundir;

/*
 * Create DIR (and parents), steps/ and llm/, and a new trace.jsonl;
 * TD_ERR_INVALID when DIR already holds a run (its trace.jsonl exists and
 * is not empty: an empty one, left by a start that failed, is reused).
 */
int rundir_open(const char *path, struct rundir **out) TD_MUST_CHECK;
/*
 * An existing run directory, to write files into (`trident report`); its
 * trace is not opened (rundir_trace fails). TD_ERR_NOT_FOUND when DIR is
 * not a directory.
 */
int rundir_attach(const char *path, struct rundir **out) TD_MUST_CHECK;
/* Close the trace. */
void rundir_close(struct rundir *rd);
const char *rundir_path(const struct rundir *rd);

/*
 * "steps/0007.png" for (7, ".png"): the run-relative path of a step file.
 * Caller frees.
 */
char *rundir_step_rel(int step, const char *suffix);
/* The absolute form of a run-relative path. Caller frees. */
char *rundir_abs(const struct rundir *rd, const char *rel);
/* Write a file (run-relative path) atomically. TD_ERR_IO naming it. */
int rundir_write(struct rundir *rd, const char *rel, const void *data, size_t len) TD_MUST_CHECK;

/*
 * Append one trace record: `record` (an object, consumed: always deleted)
 * gets "type": type and "t_ms" (milliseconds since rundir_open) added first,
 * then is written as one line and flushed. TD_ERR_IO when writing failed;
 * TD_ERR_CLOSED after a "run_end" record (it stays the last one).
 */
int rundir_trace(struct rundir *rd, const char *type, struct cJSON *record);

/*
 * The errno of the first write into the run directory that failed
 * (rundir_write or rundir_trace; ENOSPC, EIO, ...), 0 while every write
 * succeeded. *what (may be NULL) gets a copy of the failed file's path (the
 * caller frees), NULL when none failed. After a failure the trace takes no
 * more records and ends at its last whole line, and failed rundir_write()s
 * leave no .tmp file behind.
 */
int rundir_write_error(struct rundir *rd, char **what);
/* Milliseconds since rundir_open(). */
double rundir_elapsed_ms(const struct rundir *rd);

#endif
