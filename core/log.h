/*
 * log.h - levelled logging with thread names.
 *
 * Every line carries a timestamp, the level, the thread's name and the
 * function: "12:00:01.234 INFO  [explorer] explorer_step: tapped 12".
 * Lines go to stderr (from the configured level up) and, once log_open() has
 * been called, to the run's log file (always from DEBUG up). Safe to call from
 * any thread. Never log secrets: API keys and Authorization headers must be
 * redacted by the caller (see llm.h).
 */
#ifndef TRIDENT_CORE_LOG_H
#define TRIDENT_CORE_LOG_H

#include "core/error.h"

enum log_level { LOG_TRACE, LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR, LOG_SILENT };

/* Minimum level for stderr (default LOG_INFO). */
void log_set_level(enum log_level level);
enum log_level log_get_level(void);
/* Parse "trace|debug|info|warn|error|silent"; -1 when unknown. */
int log_level_parse(const char *name);

/* Also write to `path` (appending). TD_ERR_IO when it cannot be opened. */
int log_open(const char *path) TD_MUST_CHECK;
/* Stop writing to the log file. */
void log_close(void);

/* Name the calling thread for log lines (and for debuggers, if it fits). */
void log_set_thread_name(const char *name);
const char *log_thread_name(void);

void log_write(enum log_level level, const char *func, const char *fmt, ...) TD_PRINTF(3, 4);

#define log_trace(...) log_write(LOG_TRACE, __func__, __VA_ARGS__)
#define log_debug(...) log_write(LOG_DEBUG, __func__, __VA_ARGS__)
#define log_info(...) log_write(LOG_INFO, __func__, __VA_ARGS__)
#define log_warn(...) log_write(LOG_WARN, __func__, __VA_ARGS__)
#define log_error(...) log_write(LOG_ERROR, __func__, __VA_ARGS__)

#endif
