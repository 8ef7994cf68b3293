/* pixel_loop.h - pixel loops under ThreadSanitizer.
 *
 * A byte-by-byte pixel loop costs ThreadSanitizer one shadow-memory check
 * per byte: converting one 1080x2400 frame to RGB made six calls per pixel,
 * and that single loop was three quarters of the CPU of an explore run in
 * the TSan build (a 60-step run took 90 s of CPU, 23 s without it).
 *
 * PIXEL_LOOP marks such a function uninstrumented; the function then tells
 * ThreadSanitizer what it touched with pixel_read()/pixel_wrote(), one
 * range per row, so a race on the buffers is still caught, only checked
 * per row instead of per byte. In every other build both are no-ops.
 */
#ifndef TRIDENT_CORE_PIXEL_LOOP_H
#define TRIDENT_CORE_PIXEL_LOOP_H

#include <stddef.h>

#if defined(__SANITIZE_THREAD__)
#define TRIDENT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TRIDENT_TSAN 1
#endif
#endif

#ifdef TRIDENT_TSAN
/* From ThreadSanitizer's runtime (libtsan, compiler-rt). */
void __tsan_read_range(void *addr, unsigned long size);
void __tsan_write_range(void *addr, unsigned long size);
#define PIXEL_LOOP __attribute__((no_sanitize("thread")))
static inline void pixel_read(const void *p, size_t n)
{
	__tsan_read_range((void *)(size_t)p, n);
}
static inline void pixel_wrote(void *p, size_t n)
{
	__tsan_write_range(p, n);
}
#else
#define PIXEL_LOOP
static inline void pixel_read(const void *p, size_t n)
{
	(void)p;
	(void)n;
}
static inline void pixel_wrote(void *p, size_t n)
{
	(void)p;
	(void)n;
}
#endif

#endif
