/*
 * fuzz_files.h - for harnesses whose parser reads a file or a directory:
 * one scratch directory per process (removed at exit) and writing the
 * fuzz input into a file there.
 */
#ifndef TRIDENT_TESTS_FUZZ_FILES_H
#define TRIDENT_TESTS_FUZZ_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_dir_path[64];

static void fuzz_dir_remove(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir_path);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", fuzz_dir_path);
}

/* The process's scratch directory (made on the first call; aborts when it cannot be). */
static const char *fuzz_dir(void)
{
	if (!fuzz_dir_path[0]) {
		const char *tmp = getenv("TMPDIR");
		snprintf(fuzz_dir_path, sizeof fuzz_dir_path, "%s/trident-fuzz-XXXXXX",
			 tmp && *tmp && strlen(tmp) < 30 ? tmp : "/tmp");
		if (!mkdtemp(fuzz_dir_path))
			abort();
		atexit(fuzz_dir_remove);
	}
	return fuzz_dir_path;
}

/* Write `size` bytes to fuzz_dir()/NAME; its path in `path` (size 256). */
static void fuzz_write(const char *name, const uint8_t *data, size_t size, char *path)
{
	snprintf(path, 256, "%s/%s", fuzz_dir(), name);
	FILE *f = fopen(path, "wb");
	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
		abort();
}

#endif
