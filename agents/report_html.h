/*
 * report_html.h - report.html from a run's JSON: summary.json's object,
 * bugs.json's object and the step records of trace.jsonl (run_record.h).
 * The end of a run and `trident report RUN` both render through here, so
 * a rebuilt report and a finished run's report look the same.
 *
 * The page is one self-contained file: screen thumbnails are embedded once
 * each as data: PNGs (in one hidden SVG <defs>, referenced with <use>), the
 * screen-transition graph and the coverage chart are inline SVG, and every
 * thumbnail links to its full-size file under steps/ (relative).
 */
#ifndef TRIDENT_AGENTS_REPORT_HTML_H
#define TRIDENT_AGENTS_REPORT_HTML_H

struct cJSON;
struct run_record;

/*
 * The page text (caller frees). `run_dir` is where steps/ is read from;
 * `rec` may be NULL (no filmstrip screens beyond the bugs' own, no graph).
 */
char *report_html_render(const char *run_dir, const struct cJSON *summary, const struct cJSON *bugs,
			 const struct run_record *rec);

#endif
