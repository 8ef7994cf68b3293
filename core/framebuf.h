/*
 * framebuf.h - reference-counted buffers for screen frames (10 MB raw
 * `screencap` frames), recycled through a small process-wide pool.
 *
 * A raw 1080x2400 frame is 10.4 MB. Allocating one per capture and freeing
 * it a step later made every step pay for fresh mmaps (page faults and
 * zeroing: 8-9x the system time, docs/performance.md), and glibc's raised
 * mmap threshold then kept freed frames in the arena. A frame buffer is
 * instead taken from the pool, filled in place (the simulator renders into
 * it, the adb transport reads into it), shared by reference with whoever
 * keeps the frame (the screen writer's queue and its ring of kept frames),
 * and goes back to the pool when the last reference is dropped. Up to
 * FRAMEBUF_POOL_IDLE idle buffers are kept; more are freed. An idle buffer
 * keeps its memory (that is the point), so RSS holds the most frames a run
 * ever had in use at once.
 *
 * Thread-safe: references are atomic, the pool has one mutex (a leaf lock:
 * nothing else is locked under it, no user code runs under it). A buffer's
 * bytes must not change once it is shared: the filler writes, then hands
 * out references to readers.
 */
#ifndef TRIDENT_CORE_FRAMEBUF_H
#define TRIDENT_CORE_FRAMEBUF_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/strbuf.h"

/* Idle buffers the pool keeps for reuse: at least as many as a run holds
 * at once (the Explorer's two screens and the capture under way, the
 * screen writer's queue, its kept ring and the frame it encodes), so that
 * a run that holds fewer for a while does not free buffers it soon needs. */
#define FRAMEBUF_POOL_IDLE 8

struct framebuf {
	struct strbuf sb;   /* the bytes (sb.buf, sb.len); fill through strbuf calls */
	atomic_int refs;
	struct framebuf *next_idle;  /* the pool's free list */
};

/*
 * An empty buffer (sb.len 0) holding one reference, whose strbuf is capped
 * at `cap` bytes (0 = no cap): an idle one from the pool (its memory kept,
 * so filling it allocates nothing) or a new one. Aborts on OOM.
 */
struct framebuf *framebuf_get(size_t cap);

/* A new buffer (one reference) holding a copy of `len` bytes of `data`. */
struct framebuf *framebuf_copy(const void *data, size_t len);

/* One more reference to `f` (returned). */
struct framebuf *framebuf_ref(struct framebuf *f);

/* Drop a reference; the last one returns the buffer to the pool (or frees
 * it when the pool is full). NULL is fine. */
void framebuf_unref(struct framebuf *f);

/* Free the pool's idle buffers (buffers in use are not affected). */
void framebuf_pool_trim(void);

/* Buffers allocated since the process started (the pool's misses): a
 * steady-state step reuses buffers, so this stops growing. For tests and
 * benchmarks. */
long framebuf_allocated(void);

#endif
