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
 * keeps its memory (that is the point), so RSS holds the frames in use plus
 * at most FRAMEBUF_POOL_IDLE more.
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

/* Idle buffers the pool keeps for reuse. A step of a run holds at most
 * three frames at once (the Explorer's current screen, the capture under
 * way, and the kept frame of the step before for a bug report: agents/
 * screen_writer.h) and lets one go just before it takes one; an oracle's
 * own capture (a side trip) takes one more for a moment: two idle buffers
 * serve that without allocating. A buffer made anew costs its page faults
 * again (2,500 for a 10 MB frame, about 25 ms of system time on the shared
 * VM): with one idle buffer the offline step's CPU doubled. More frames are in use only in bursts (a
 * bug's kept frames and new screens queued for the writer); those buffers
 * are freed when the burst is over instead of holding 10 MB each for the
 * rest of the run (docs/performance.md, "Flat memory with raw frames"). */
#define FRAMEBUF_POOL_IDLE 2

struct framebuf {
	struct strbuf sb;   /* the bytes (sb.buf, sb.len); fill through strbuf calls */
	atomic_int refs;
	size_t mapped;               /* the size of sb.buf's own mapping, 0 when malloc's */
	struct framebuf *next_idle;  /* the pool's free list */
};

/*
 * An empty buffer (sb.len 0) holding one reference, whose strbuf is capped
 * at `cap` bytes (0 = no cap): an idle one from the pool (its memory kept,
 * so filling it allocates nothing) or a new one. A capped buffer's memory
 * is a mapping of its own, reserved for `cap` bytes up front (resident only
 * as written) and unmapped when the pool does not keep it, so appends never
 * move it; fill it with strbuf appends, never strbuf_release/detach. Aborts
 * on OOM.
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

/* Buffers handed out by framebuf_get() and not yet returned (a frame
 * shared by several holders counts once); the most at any one time so far
 * in *most when not NULL. For tests and benchmarks. */
long framebuf_in_use(long *most);

/* Start counting the most in use at once afresh from now (tests). */
void framebuf_in_use_reset_most(void);

/* Idle buffers the pool holds now (at most FRAMEBUF_POOL_IDLE). */
long framebuf_idle(void);

#endif
