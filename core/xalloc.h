/*
 * xalloc.h - allocation that never returns NULL.
 *
 * Out of memory is not an error the engine can handle usefully, so these
 * wrappers print a message and abort(); call sites stay free of NULL checks.
 * Everything they return is released with free().
 */
#ifndef TRIDENT_CORE_XALLOC_H
#define TRIDENT_CORE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
/* Grow an array to hold at least `need` elements of `elem` bytes, doubling. */
void *xgrow(void *ptr, size_t *alloc, size_t need, size_t elem);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Duplicate a possibly-NULL string; NULL stays NULL. */
char *xstrdup_or_null(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * xmalloc() for a large buffer the caller is about to write in full (a
 * decoded frame, a codec's scratch): a new block's pages are faulted in with
 * one call (MADV_POPULATE_WRITE, Linux 5.14+) instead of one page fault per
 * 4 KB on first touch, which on this project's VMs cost more system time
 * than the writing itself (docs/performance.md). Pages already resident
 * (a block reused from the heap) are left as they are; where the kernel or
 * headers lack the call, this is plain xmalloc(). Released with free().
 */
void *xmalloc_filled(size_t size);

/*
 * Give the free memory of every malloc arena back to the system (glibc's
 * malloc_trim; nothing elsewhere). Long runs call it every few steps so that
 * freed frame-sized blocks do not stay resident (docs/performance.md).
 */
void xalloc_trim(void);

#endif
