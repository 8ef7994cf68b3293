/*
 * report.h - the end-of-run outputs: summary.json and report.html (bugs.json
 * is kept by the bug list). docs/run-directory.md documents both formats.
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

/* Write summary.json and report.html into the run directory. TD_ERR_IO naming the file. */
int report_write_all(struct agent_env *env, const struct run_stats *st, const char *brain) TD_MUST_CHECK;

#endif
