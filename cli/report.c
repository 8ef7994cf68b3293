/*
 * report.c - `trident report RUN`: rebuild a run's bugs.json, summary.json,
 * report.html (and JUnit with --junit FILE) from its trace.jsonl and steps/,
 * for a run killed before it could write them (agents/report.h).
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/report.h"
#include "cli/cli_commands.h"
#include "core/error.h"

static void report_usage(FILE *f)
{
	fprintf(f, "usage: trident report RUN [--junit FILE]\n\n"
		   "Rebuild RUN/bugs.json, RUN/summary.json and RUN/report.html from\n"
		   "RUN/trace.jsonl and RUN/steps/: every step, bug and functionality the\n"
		   "run recorded, also after kill -9 (a cut-short last trace line is skipped).\n\n"
		   "options:\n"
		   "  --junit FILE      also write JUnit XML: a testsuite for the run, a testcase\n"
		   "                    per functionality, a failure per bug with its steps\n");
}

int cmd_report(int argc, char **argv)
{
	const char *run = NULL, *junit = NULL;
	cJSON *sum = NULL;
	int err;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			report_usage(stdout);
			return 0;
		}
		if (!strncmp(argv[i], "--junit=", 8)) {
			junit = argv[i] + 8;
		} else if (!strcmp(argv[i], "--junit")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "trident report: --junit needs a file name\n");
				return 2;
			}
			junit = argv[++i];
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "trident report: unknown option '%s' (see --help)\n", argv[i]);
			return 2;
		} else if (!run) {
			run = argv[i];
		} else {
			fprintf(stderr, "trident report: one run directory only ('%s' and '%s')\n", run, argv[i]);
			return 2;
		}
	}
	if (!run || (junit && !*junit)) {
		report_usage(stderr);
		return 2;
	}
	err = report_rebuild(run, junit, &sum);
	if (err != TD_OK) {
		fprintf(stderr, "trident report: %s\n", td_errmsg(err));
		return 1;
	}
	printf("%d steps, %d screens, %d bugs (%s)\n",
	       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "steps")),
	       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "screens")),
	       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "bugs")),
	       cJSON_IsTrue(cJSON_GetObjectItem(sum, "complete")) ? "finished run" : "run did not finish");
	printf("report: %s/report.html\n", run);
	if (junit)
		printf("junit: %s\n", junit);
	cJSON_Delete(sum);
	return 0;
}
