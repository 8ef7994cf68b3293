/*
 * screen_writer.h - the run directory's step screens (steps/NNNN.png),
 * written by a thread of their own, and only those the run keeps.
 *
 * The Explorer hands each step's screenshot as the device printed it (a
 * raw `screencap` frame, or a PNG) to screen_writer_put() and goes on; the
 * "screens" thread encodes the PNG (image_frame_png) and writes it with
 * rundir_write(), so a failed write is the run directory's first write
 * error (disk full stops the run as for any other file). Which screens are
 * written is run.save_screens:
 *
 *   all    every step's screen
 *   bugs   (default) the first screen of every abstract screen the run
 *          meets (report.html's screen graph, and one look at each screen),
 *          plus the last SCREEN_WRITER_KEEP steps' screens whenever a bug
 *          is reported
 *          (its evidence and the end of its filmstrip)
 *   none   no step screens
 *
 * The queue is bounded (SCREEN_WRITER_QUEUE frames): put() waits while it
 * is full, so no offered screen is dropped. screen_writer_close() writes
 * every queued screen before it returns (a normal end and Ctrl-C both get
 * there), so what a trace record names is on disk.
 *
 * Thread-safe: put() and bug() from any thread; one lock (a leaf: nothing
 * else is locked under it, and rundir's lock is taken only outside it).
 */
#ifndef TRIDENT_AGENTS_SCREEN_WRITER_H
#define TRIDENT_AGENTS_SCREEN_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

struct framebuf;
struct rundir;
struct screen_writer;

/* Frames waiting for the thread before put() blocks. */
#define SCREEN_WRITER_QUEUE 4
/* Seconds without work after which the thread lets its encoder's buffers go. */
#define SCREEN_WRITER_IDLE_S 2
/* save_screens "bugs": the frames of the last steps (at most this many steps
 * back, counting the latest) kept in memory for a bug report. */
#define SCREEN_WRITER_KEEP 3

enum save_screens { SAVE_SCREENS_ALL, SAVE_SCREENS_BUGS, SAVE_SCREENS_NONE };

/* "all", "bugs", "none" -> *out; TD_ERR_CONFIG naming the value and the choices otherwise. */
int screen_writer_mode(const char *name, enum save_screens *out) TD_MUST_CHECK;

/* A writer into `rd` (borrowed: it must outlive the writer), its thread started. */
struct screen_writer *screen_writer_new(struct rundir *rd, enum save_screens mode);

/*
 * Offer step `step`'s screen (`frame`: the bytes as the device printed them,
 * in a frame buffer of which the writer takes its own reference when it
 * keeps the frame: no copy; the bytes must not change afterwards) showing
 * abstract screen `screen_sig`. True when
 * its PNG will be written as rundir_step_rel(step, ".png") (the trace may
 * name it); false when it is not written now (save_screens, a screen seen
 * before, or a closed writer). The same step offered again (the Explorer
 * captures anew after an oracle's side trip) replaces the first: written
 * again when that was written, kept in its place when it was kept. May
 * wait for room in the queue.
 */
bool screen_writer_put(struct screen_writer *w, int step, uint64_t screen_sig, struct framebuf *frame);

/*
 * Step `step` is about to be captured ("bugs"): kept frames of steps before
 * the last SCREEN_WRITER_KEEP (step - SCREEN_WRITER_KEEP + 1 onwards) are
 * let go now, so their buffers are back in the pool for the capture instead
 * of a new one (a bug reported at this step writes only the last
 * SCREEN_WRITER_KEEP steps' frames anyway). Nothing in the other modes.
 */
void screen_writer_next_step(struct screen_writer *w, int step);

/* A bug was reported: write the kept frames of the last steps (save_screens "bugs"). */
void screen_writer_bug(struct screen_writer *w);

/* Write everything queued, stop the thread; later put()s return false. Idempotent. */
void screen_writer_close(struct screen_writer *w);

/* Close (if open) and free. NULL is fine. */
void screen_writer_free(struct screen_writer *w);

/* Screens written so far, and those that could not be encoded or written. */
void screen_writer_counts(struct screen_writer *w, long *written, long *failed);

#endif
