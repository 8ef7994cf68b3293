/*
 * frame_ring.h - the last few steps' screenshots, small, in memory: what the
 * history strips (core/history_strip.h) are built from, so the Monitor and
 * the Detector never re-read and re-decode full-size PNGs from the run
 * directory. Bounded: putting frame N+capacity drops frame N.
 *
 * Thread-safe: the Explorer puts, the Monitor and Detector threads get. One
 * mutex, a leaf lock (no other lock is taken while holding it, no user code
 * runs under it).
 */
#ifndef TRIDENT_CORE_FRAME_RING_H
#define TRIDENT_CORE_FRAME_RING_H

#include <stddef.h>

struct image;
struct frame_ring;

/* An empty ring of `capacity` frames (at least 1). Aborts on OOM. */
struct frame_ring *frame_ring_new(size_t capacity);
/* Free the ring and every frame in it. NULL is fine. */
void frame_ring_free(struct frame_ring *ring);

/*
 * Keep `img` as step `step`'s frame (taking ownership; a frame already kept
 * for that step is replaced), evicting the oldest when full. `screen_w` x
 * `screen_h` is the device size the step's coordinates refer to.
 */
void frame_ring_put(struct frame_ring *ring, int step, struct image *img, int screen_w, int screen_h);

/*
 * A copy of step `step`'s frame (the caller's, image_free()), and the device
 * size in *screen_w, *screen_h; NULL when the ring does not hold that step.
 */
struct image *frame_ring_get(struct frame_ring *ring, int step, int *screen_w, int *screen_h);

#endif
