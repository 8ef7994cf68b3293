/*
 * rundir.c - the run directory and its append-only trace (see rundir.h).
 */
#include "agents/rundir.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/xalloc.h"

struct rundir {
	char *path;
	FILE *trace;
	pthread_mutex_t lock;
	struct timespec start;
	long trace_len;          /* bytes of whole records in trace.jsonl (under lock) */
	bool ended;              /* run_end is written: the trace takes nothing more (under lock) */
	atomic_int write_errno;  /* first failed write's errno, 0 while all succeeded */
	char *write_what;        /* the file that failed first (set once, under lock) */
};

/* Remember the first write failure; every later writer sees the run is done. */
static void note_write_error(struct rundir *rd, const char *what, int errnum)
{
	int expected = 0;
	if (!errnum)
		errnum = EIO;
	pthread_mutex_lock(&rd->lock);
	if (atomic_compare_exchange_strong(&rd->write_errno, &expected, errnum))
		rd->write_what = xstrdup(what);
	pthread_mutex_unlock(&rd->lock);
}

/* mkdir -p. */
static int make_dirs(const char *path)
{
	char *p = xstrdup(path);
	int err = TD_OK;
	for (char *s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0755) != 0 && errno != EEXIST) {
				err = td_error(TD_ERR_IO, "cannot create directory %s: %s", p, strerror(errno));
				break;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return err;
}

int rundir_open(const char *path, struct rundir **out)
{
	struct rundir *rd;
	char *sub;
	int err;
	struct stat st;

	*out = NULL;
	if (!path || !path[0])
		return td_error(TD_ERR_INVALID, "no run directory given");
	err = make_dirs(path);
	if (err != TD_OK)
		return err;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return td_error(TD_ERR_IO, "%s is not a directory", path);
	rd = xcalloc(1, sizeof(*rd));
	rd->path = xstrdup(path);
	pthread_mutex_init(&rd->lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &rd->start);
	for (int i = 0; i < 2; i++) {
		sub = xasprintf("%s/%s", path, i ? "llm" : "steps");
		err = make_dirs(sub);
		free(sub);
		if (err != TD_OK)
			goto fail;
	}
	sub = xasprintf("%s/trace.jsonl", path);
	/* A run directory holds one run: never mix a new trace into an old one. */
	rd->trace = fopen(sub, "wx");
	if (!rd->trace && errno == EEXIST && stat(sub, &st) == 0 && st.st_size == 0) {
		/* An empty trace: a start that failed before its first record; reuse it. */
		rd->trace = fopen(sub, "w");
	}
	if (!rd->trace) {
		if (errno == EEXIST)
			err = td_error(TD_ERR_INVALID, "%s already holds a run (%s exists): choose a new "
				       "output directory or remove the old run", path, sub);
		else
			err = td_error(TD_ERR_IO, "cannot open %s: %s", sub, strerror(errno));
		free(sub);
		goto fail;
	}
	free(sub);
	*out = rd;
	return TD_OK;
fail:
	pthread_mutex_destroy(&rd->lock);
	free(rd->path);
	free(rd);
	return err;
}

/* A rundir for an existing directory; no trace opened. */
static struct rundir *rundir_existing(const char *path, int *err)
{
	struct rundir *rd;
	struct stat st;

	*err = TD_OK;
	if (!path || !path[0]) {
		*err = td_error(TD_ERR_INVALID, "no run directory given");
		return NULL;
	}
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		*err = td_error(TD_ERR_NOT_FOUND, "%s is not a run directory (%s)", path,
				stat(path, &st) != 0 ? strerror(errno) : "not a directory");
		return NULL;
	}
	rd = xcalloc(1, sizeof(*rd));
	rd->path = xstrdup(path);
	pthread_mutex_init(&rd->lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &rd->start);
	return rd;
}

int rundir_attach(const char *path, struct rundir **out)
{
	int err;
	*out = rundir_existing(path, &err);
	return err;
}

void rundir_close(struct rundir *rd)
{
	if (!rd)
		return;
	if (rd->trace)
		fclose(rd->trace);
	pthread_mutex_destroy(&rd->lock);
	free(rd->write_what);
	free(rd->path);
	free(rd);
}

const char *rundir_path(const struct rundir *rd)
{
	return rd->path;
}

char *rundir_step_rel(int step, const char *suffix)
{
	return xasprintf("steps/%04d%s", step, suffix ? suffix : "");
}

char *rundir_abs(const struct rundir *rd, const char *rel)
{
	return xasprintf("%s/%s", rd->path, rel);
}

int rundir_write(struct rundir *rd, const char *rel, const void *data, size_t len)
{
	char *path = rundir_abs(rd, rel);
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	int err = TD_OK, errnum = 0;
	bool wrote, closed;

	if (!f) {
		errnum = errno;
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errnum));
		goto out;
	}
	errno = 0;
	wrote = !len || fwrite(data, 1, len, f) == len;
	if (!wrote)
		errnum = errno;
	closed = fclose(f) == 0;
	if (!closed && !errnum)
		errnum = errno;
	if (!wrote || !closed) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", path, strerror(errnum ? errnum : EIO));
		(void)unlink(tmp); /* never leave a partial .tmp behind */
		goto out;
	}
	if (rename(tmp, path) != 0) {
		errnum = errno;
		err = td_error(TD_ERR_IO, "cannot rename %s: %s", tmp, strerror(errnum));
		(void)unlink(tmp);
	}
out:
	if (err != TD_OK)
		note_write_error(rd, path, errnum);
	free(tmp);
	free(path);
	return err;
}

double rundir_elapsed_ms(const struct rundir *rd)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - rd->start.tv_sec) * 1000.0 +
	       (double)(now.tv_nsec - rd->start.tv_nsec) / 1e6;
}

int rundir_trace(struct rundir *rd, const char *type, cJSON *record)
{
	cJSON *line = cJSON_CreateObject(), *it;
	char *text;
	int err = TD_OK;
	size_t len;

	cJSON_AddStringToObject(line, "type", type);
	cJSON_AddNumberToObject(line, "t_ms", (double)(long long)rundir_elapsed_ms(rd));
	if (record) {
		/* Move the record's members after "type" and "t_ms". */
		while ((it = record->child) != NULL) {
			cJSON_DetachItemViaPointer(record, it);
			if (!strcmp(it->string, "type") || !strcmp(it->string, "t_ms"))
				cJSON_Delete(it);
			else
				cJSON_AddItemToObject(line, it->string, it);
		}
		cJSON_Delete(record);
	}
	text = cJSON_PrintUnformatted(line);
	cJSON_Delete(line);
	len = strlen(text);
	text = xrealloc(text, len + 2);
	text[len++] = '\n';
	text[len] = '\0';
	pthread_mutex_lock(&rd->lock);
	errno = 0;
	if (!rd->trace) {
		err = td_error(TD_ERR_INVALID, "%s: the run directory is open for reading only", rd->path);
	} else if (rd->ended) {
		/* A thread the controller abandoned (it did not stop in time) may
		 * still finish a step: run_end stays the last record. */
		err = td_error(TD_ERR_CLOSED, "%s/trace.jsonl: the run has ended; a late '%s' record is "
			       "dropped", rd->path, type);
	} else if (atomic_load(&rd->write_errno)) {
		/* After a failed write the trace ends at its last whole record. */
		err = td_error(TD_ERR_IO, "cannot append to %s/trace.jsonl: %s", rd->path,
			       strerror(atomic_load(&rd->write_errno)));
	} else if (fwrite(text, 1, len, rd->trace) != len || fflush(rd->trace) != 0) {
		int errnum = errno ? errno : EIO, expected = 0;
		err = td_error(TD_ERR_IO, "cannot append to %s/trace.jsonl: %s", rd->path, strerror(errnum));
		/* Cut a partly written record off so every line stays valid JSON. */
		clearerr(rd->trace);
		if (ftruncate(fileno(rd->trace), rd->trace_len) == 0)
			(void)fseek(rd->trace, rd->trace_len, SEEK_SET);
		if (atomic_compare_exchange_strong(&rd->write_errno, &expected, errnum))
			rd->write_what = xasprintf("%s/trace.jsonl", rd->path);
	} else {
		rd->trace_len += (long)len;
		if (!strcmp(type, "run_end"))
			rd->ended = true;
	}
	pthread_mutex_unlock(&rd->lock);
	free(text);
	return err;
}

int rundir_write_error(struct rundir *rd, char **what)
{
	int e = atomic_load(&rd->write_errno);
	if (what) {
		pthread_mutex_lock(&rd->lock);
		*what = e && rd->write_what ? xstrdup(rd->write_what) : NULL;
		pthread_mutex_unlock(&rd->lock);
	}
	return e;
}
