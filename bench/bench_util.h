/*
 * bench_util.h - shared helpers for the benchmarks: a monotonic clock and the
 * median of repeated measurements. Benchmarks print numbers; they never fail
 * on a threshold.
 */
#ifndef TRIDENT_BENCH_UTIL_H
#define TRIDENT_BENCH_UTIL_H

#include <stddef.h>

/* Monotonic time in milliseconds. */
double bench_now_ms(void);
/* CPU time (user + system) this process has used, in milliseconds. */
double bench_cpu_ms(void);
/* Median of n values (sorts the array in place). */
double bench_median(double *values, size_t n);
/* Peak resident set size of this process in KiB. */
long bench_peak_rss_kib(void);

#endif
