/*
 * report.h - the end-of-run outputs: summary.json, report.html and JUnit
 * (bugs.json is kept by the bug list), and `trident report`, which rebuilds
 * all of them from trace.jsonl. docs/run-directory.md documents the formats.
 */
#ifndef TRIDENT_AGENTS_REPORT_H
#define TRIDENT_AGENTS_REPORT_H

#include <stdbool.h>

#include "core/error.h"

struct agent_env;
struct app_info;
struct history;
struct run_stats;
struct cJSON;

/*
 * Whether manifest activity `name` (fully qualified) was visited: compared
 * with the foreground activities seen ("pkg/.Act", "pkg/pkg.Act").
 */
bool report_activity_seen(struct history *h, const struct app_info *app, const char *name);

/* summary.json's object (caller deletes). */
struct cJSON *report_summary_json(struct agent_env *env, const struct run_stats *st, const char *brain);

/*
 * Write summary.json and report.html into the run directory, and the JUnit
 * XML to `junit_path` unless NULL (junit.h). TD_ERR_IO naming the file.
 */
int report_write_all(struct agent_env *env, const struct run_stats *st, const char *brain,
		     const char *junit_path) TD_MUST_CHECK;

/*
 * `trident report RUN`: rebuild bugs.json, summary.json and report.html of
 * the run in `run_dir` from its trace.jsonl and steps/ (a killed run's too;
 * run_record.h), and the JUnit XML when `junit_path` is not NULL. The
 * rebuilt summary goes to *summary_out when not NULL (caller deletes).
 * Errors of run_record_load(), or TD_ERR_IO naming the file.
 */
int report_rebuild(const char *run_dir, const char *junit_path, struct cJSON **summary_out) TD_MUST_CHECK;

#endif
