/*
 * paths.c - the data directory, found relative to the running binary (see paths.h).
 */
#include "core/paths.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/xalloc.h"

static pthread_once_t data_once = PTHREAD_ONCE_INIT;
static char *data_dir;

static void find_data_dir(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct stat st;

	if (n > 0) {
		char *slash, *cand, *probe;
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			cand = xasprintf("%s/../share/trident", exe);
			probe = xasprintf("%s/prompts", cand);
			if (stat(probe, &st) == 0 && S_ISDIR(st.st_mode)) {
				char *real = realpath(cand, NULL);
				data_dir = real ? xstrdup(real) : xstrdup(cand);
				free(real);
			}
			free(probe);
			free(cand);
		}
	}
	if (!data_dir)
		data_dir = xstrdup(TRIDENT_SOURCE_DIR);
}

const char *trident_data_dir(void)
{
	pthread_once(&data_once, find_data_dir);
	return data_dir;
}

char *trident_data_path(const char *rel)
{
	return xasprintf("%s/%s", trident_data_dir(), rel);
}
