/* log.c - levelled, thread-named logging to stderr and a run log (see log.h). */
#include "core/log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>
#include <time.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *log_file;            /* guarded by log_lock */
static enum log_level stderr_level = LOG_INFO; /* guarded by log_lock */
static _Thread_local char thread_name[32] = "main";

static const char *const level_names[] = { "TRACE", "DEBUG", "INFO", "WARN", "ERROR", "SILENT" };

void log_set_level(enum log_level level)
{
	pthread_mutex_lock(&log_lock);
	stderr_level = level;
	pthread_mutex_unlock(&log_lock);
}

enum log_level log_get_level(void)
{
	pthread_mutex_lock(&log_lock);
	enum log_level l = stderr_level;
	pthread_mutex_unlock(&log_lock);
	return l;
}

int log_level_parse(const char *name)
{
	for (int i = LOG_TRACE; i <= LOG_SILENT; i++)
		if (strcasecmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

int log_open(const char *path)
{
	FILE *f = fopen(path, "a");
	if (!f)
		return td_error(TD_ERR_IO, "cannot open log file '%s'", path);
	setvbuf(f, NULL, _IOLBF, 0);
	pthread_mutex_lock(&log_lock);
	FILE *old = log_file;
	log_file = f;
	pthread_mutex_unlock(&log_lock);
	if (old)
		fclose(old);
	return TD_OK;
}

void log_close(void)
{
	pthread_mutex_lock(&log_lock);
	FILE *f = log_file;
	log_file = NULL;
	pthread_mutex_unlock(&log_lock);
	if (f)
		fclose(f);
}

void log_set_thread_name(const char *name)
{
	snprintf(thread_name, sizeof thread_name, "%s", name);
	char short_name[16];
	snprintf(short_name, sizeof short_name, "%s", name);
	pthread_setname_np(pthread_self(), short_name);
}

const char *log_thread_name(void)
{
	return thread_name;
}

void log_write(enum log_level level, const char *func, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);

	struct timeval tv;
	gettimeofday(&tv, NULL);
	struct tm tm;
	localtime_r(&tv.tv_sec, &tm);
	char stamp[32];
	snprintf(stamp, sizeof stamp, "%02d:%02d:%02d.%03d", tm.tm_hour, tm.tm_min,
		 tm.tm_sec, (int)(tv.tv_usec / 1000));

	pthread_mutex_lock(&log_lock);
	if (level >= stderr_level && level < LOG_SILENT)
		fprintf(stderr, "%s %-5s [%s] %s: %s\n", stamp, level_names[level],
			thread_name, func, msg);
	if (log_file && level >= LOG_DEBUG)
		fprintf(log_file, "%s %-5s [%s] %s: %s\n", stamp, level_names[level],
			thread_name, func, msg);
	pthread_mutex_unlock(&log_lock);
}
