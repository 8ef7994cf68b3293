/*
 * Replay driver for the libFuzzer harnesses in normal (gcc) builds: runs
 * LLVMFuzzerTestOneInput over every file in the directories or files given on
 * the command line, so the seed corpus is a regression test under CTest and
 * under the sanitizer builds. With TRIDENT_FUZZ=ON the harnesses are linked
 * with libFuzzer instead and this file is not used.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: cannot open '%s'\n", path);
		return -1;
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
	size_t got = fread(buf, 1, (size_t)(n > 0 ? n : 0), f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, got);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int count = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: '%s' does not exist\n", argv[i]);
			return 1;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (run_file(argv[i]) != 0)
				return 1;
			count++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			if (run_file(path) != 0)
				return 1;
			count++;
		}
		if (d)
			closedir(d);
	}
	/* The empty input must never crash either. */
	LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
	printf("replayed %d input(s)\n", count + 1);
	return 0;
}
