/*
 * audit_report.h - the outputs of `trident audit`: audit.json, JUnit XML and
 * audit.html, all from one JSON object that cli/audit.c assembles:
 *
 *   {"audit": NAME, "device": SPEC, "package": PKG, "verdict": "pass"|"fail",
 *    "run": {"dir": DIR, "steps": N, "stop_reason": "steps"},
 *    "checks": [ {"suite": "script"|"design"|"functionality"|"bugs",
 *                 "name": ..., "status": "pass"|"fail"|"skipped"|"not reached",
 *                 "message": ..., "step": N, ...}, ... ],
 *    "bugs": [ the run's bugs.json entries ] }
 *
 * One JUnit <testcase> per check (a <failure> when it failed, <skipped/>
 * when skipped or not reached). Design checks may carry "design_png",
 * "app_png" (paths relative to the run directory) and "boxes" (differences
 * to draw: {"side": "design"|"app", "bounds": [x1,y1,x2,y2], "label": ...}),
 * which audit.html shows side by side. docs/audit.md has the format.
 */
#ifndef TRIDENT_AGENTS_AUDIT_REPORT_H
#define TRIDENT_AGENTS_AUDIT_REPORT_H

#include "core/error.h"

struct cJSON;

/* The JUnit XML text for an audit object. Caller frees. */
char *audit_junit_render(const struct cJSON *audit);
/* The report page for an audit object. Caller frees. */
char *audit_html_render(const struct cJSON *audit);

/*
 * Write DIR/audit.json, DIR/audit-junit.xml and DIR/audit.html (and the
 * JUnit XML also to `junit_path` when not NULL), each through a temporary
 * file. TD_ERR_IO naming the file that could not be written.
 */
int audit_report_write(const char *dir, const struct cJSON *audit, const char *junit_path) TD_MUST_CHECK;

#endif
