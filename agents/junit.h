/*
 * junit.h - a run as JUnit XML for CI (`--junit FILE` on explore and
 * report): one <testsuite> per run, one <testcase> per functionality, one
 * <failure> per bug in that functionality (its reproduction steps in the
 * body). Bugs outside every listed functionality get a testcase named after
 * their own functionality (or "app"). docs/run-directory.md has the format.
 */
#ifndef TRIDENT_AGENTS_JUNIT_H
#define TRIDENT_AGENTS_JUNIT_H

#include "core/error.h"

struct cJSON;

/* The XML text from summary.json's and bugs.json's objects. Caller frees. */
char *junit_render(const struct cJSON *summary, const struct cJSON *bugs);
/* Write it to `path` (through a temporary file). TD_ERR_IO naming the file. */
int junit_write(const char *path, const struct cJSON *summary, const struct cJSON *bugs) TD_MUST_CHECK;

#endif
