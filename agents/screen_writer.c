/*
 * screen_writer.c - steps/NNNN.png off the Explorer's critical path (see
 * screen_writer.h).
 *
 * DESIGN: one mutex guards the job queue (a FIFO list, at most
 * SCREEN_WRITER_QUEUE offered frames plus the kept ones a bug report moves
 * in), the ring of kept frames and the set of abstract screens seen. The
 * thread pops a job under the lock and encodes and writes it outside it,
 * so rundir's lock is never taken under ours. put() waits on `room` while
 * the queue is full; the thread waits on `work` while it is empty and the
 * writer open; close() sets `closed`, and the thread leaves once the queue
 * is empty.
 */
#include "agents/screen_writer.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agents/rundir.h"
#include "core/framebuf.h"
#include "core/image.h"
#include "core/log.h"
#include "core/xalloc.h"

struct screen_job {
	int step;
	struct framebuf *frame;  /* a reference: the Explorer's capture buffer, not a copy */
	bool offered;            /* from put() (counted in `queued`), not moved in by a bug */
	struct screen_job *next;
};

struct screen_writer {
	struct rundir *rd;
	enum save_screens mode;
	pthread_t thread;
	bool started;
	pthread_mutex_t lock;
	pthread_cond_t work, room;
	struct screen_job *head, *tail;  /* the queue */
	int queued;                      /* offered frames in the queue (kept ones moved in not counted) */
	bool closed;
	struct screen_job *kept[SCREEN_WRITER_KEEP]; /* "bugs": the last steps' frames, oldest first */
	uint64_t *seen;                  /* open-addressing set of abstract screens (0 = empty slot) */
	size_t seen_cap, seen_n;
	bool seen_zero;                  /* signature 0 seen (it cannot live in the table) */
	long written, failed;
	int last_step;                   /* the step of the latest put() */
	bool last_written;               /* ...and whether its frame is written */
};

int screen_writer_mode(const char *name, enum save_screens *out)
{
	static const char *const names[] = { "all", "bugs", "none" };
	for (int i = 0; i < 3; i++)
		if (name && !strcmp(name, names[i])) {
			*out = (enum save_screens)i;
			return TD_OK;
		}
	return td_error(TD_ERR_CONFIG, "run.save_screens: \"%s\" is not one of all, bugs, none", name ? name : "(null)");
}

/* Add `sig` to the seen set; true when it was new. Lock held. */
static bool seen_add(struct screen_writer *w, uint64_t sig)
{
	if (!sig) {
		bool fresh = !w->seen_zero;
		w->seen_zero = true;
		return fresh;
	}
	if (2 * (w->seen_n + 1) > w->seen_cap) {
		size_t cap = w->seen_cap ? 2 * w->seen_cap : 64;
		uint64_t *t = xcalloc(cap, sizeof(*t));
		for (size_t i = 0; i < w->seen_cap; i++) {
			if (!w->seen[i])
				continue;
			size_t j = (size_t)(w->seen[i] * 0x9e3779b97f4a7c15ull) & (cap - 1);
			while (t[j])
				j = (j + 1) & (cap - 1);
			t[j] = w->seen[i];
		}
		free(w->seen);
		w->seen = t;
		w->seen_cap = cap;
	}
	size_t j = (size_t)(sig * 0x9e3779b97f4a7c15ull) & (w->seen_cap - 1);
	while (w->seen[j]) {
		if (w->seen[j] == sig)
			return false;
		j = (j + 1) & (w->seen_cap - 1);
	}
	w->seen[j] = sig;
	w->seen_n++;
	return true;
}

static void job_free(struct screen_job *j)
{
	if (j) {
		framebuf_unref(j->frame);
		free(j);
	}
}

/* Append a job to the queue and wake the thread. Lock held. */
static void enqueue(struct screen_writer *w, struct screen_job *j)
{
	j->next = NULL;
	if (w->tail)
		w->tail->next = j;
	else
		w->head = j;
	w->tail = j;
	pthread_cond_signal(&w->work);
}

/* Encode one frame as PNG and write it; counts the outcome. */
static void write_job(struct screen_writer *w, const struct screen_job *j)
{
	char *rel = rundir_step_rel(j->step, ".png");
	unsigned char *png = NULL;
	size_t png_len = 0;
	int err = image_frame_png((const unsigned char *)j->frame->sb.buf, j->frame->sb.len, rel, &png, &png_len);
	if (err == TD_OK)
		err = rundir_write(w->rd, rel, png, png_len);
	if (err != TD_OK)
		log_warn("step %d: %s", j->step, td_errmsg(err));
	free(png);
	free(rel);
	pthread_mutex_lock(&w->lock);
	if (err == TD_OK)
		w->written++;
	else
		w->failed++;
	pthread_mutex_unlock(&w->lock);
}

static void *writer_main(void *arg)
{
	struct screen_writer *w = arg;
	log_set_thread_name("screens");
	bool scratch = false;   /* this thread holds the encoder's buffers */
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->head && !w->closed) {
			if (!scratch) {
				pthread_cond_wait(&w->work, &w->lock);
				continue;
			}
			/* Idle with the encoder's frame-sized buffers (8 MB of rows):
			 * after SCREEN_WRITER_IDLE_S without work they go back to the
			 * system ("bugs" writes a screen now and then; kept, or freed
			 * to malloc, they stayed resident for the rest of the run).
			 * Not after every write: a burst of new screens would fault
			 * them in again for each one. */
			struct timespec until;
			clock_gettime(CLOCK_MONOTONIC, &until);
			until.tv_sec += SCREEN_WRITER_IDLE_S;
			if (pthread_cond_timedwait(&w->work, &w->lock, &until) == ETIMEDOUT && !w->head) {
				pthread_mutex_unlock(&w->lock);
				image_release_thread_buffers();
				xalloc_trim();
				scratch = false;
				pthread_mutex_lock(&w->lock);
			}
		}
		struct screen_job *j = w->head;
		if (!j)
			break;   /* closed and drained */
		w->head = j->next;
		if (!w->head)
			w->tail = NULL;
		if (j->offered) {
			w->queued--;
			pthread_cond_signal(&w->room);
		}
		pthread_mutex_unlock(&w->lock);
		write_job(w, j);
		scratch = true;
		pthread_mutex_lock(&w->lock);
		job_free(j);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct screen_writer *screen_writer_new(struct rundir *rd, enum save_screens mode)
{
	struct screen_writer *w = xcalloc(1, sizeof(*w));
	w->rd = rd;
	w->mode = mode;
	w->last_step = -1;
	pthread_mutex_init(&w->lock, NULL);
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&w->work, &attr);
	pthread_condattr_destroy(&attr);
	pthread_cond_init(&w->room, NULL);
	if (mode != SAVE_SCREENS_NONE) {
		w->started = pthread_create(&w->thread, NULL, writer_main, w) == 0;
		if (!w->started)
			log_warn("cannot start the screen writer thread: step screens are written by the Explorer");
	}
	return w;
}

/* A job holding a reference to the frame (no copy: the buffer is shared and
 * goes back to the pool when the last holder lets go). */
static struct screen_job *job_new(int step, struct framebuf *frame)
{
	struct screen_job *j = xcalloc(1, sizeof(*j));
	j->step = step;
	j->frame = framebuf_ref(frame);
	return j;
}

/*
 * Take the kept frames of steps before `first` out of the ring (kept[] stays
 * oldest first, NULLs in front) into old[]; returns how many. Lock held; the
 * caller frees them outside it.
 */
static int drop_kept_before(struct screen_writer *w, int first, struct screen_job **old)
{
	int n = 0, k = SCREEN_WRITER_KEEP;
	for (int i = 0; i < SCREEN_WRITER_KEEP; i++)
		if (w->kept[i] && w->kept[i]->step < first) {
			old[n++] = w->kept[i];
			w->kept[i] = NULL;
		}
	/* Compact toward the end, keeping the order. */
	for (int i = SCREEN_WRITER_KEEP - 1; i >= 0; i--)
		if (w->kept[i])
			w->kept[--k] = w->kept[i];
	for (int i = 0; i < k; i++)
		w->kept[i] = NULL;
	return n;
}

void screen_writer_next_step(struct screen_writer *w, int step)
{
	struct screen_job *old[SCREEN_WRITER_KEEP];
	int n;

	if (!w || w->mode != SAVE_SCREENS_BUGS)
		return;
	pthread_mutex_lock(&w->lock);
	n = drop_kept_before(w, step - (SCREEN_WRITER_KEEP - 1), old);
	pthread_mutex_unlock(&w->lock);
	for (int i = 0; i < n; i++)
		job_free(old[i]);
}

bool screen_writer_put(struct screen_writer *w, int step, uint64_t screen_sig, struct framebuf *frame)
{
	if (!w || !frame || !frame->sb.len || w->mode == SAVE_SCREENS_NONE)
		return false;
	pthread_mutex_lock(&w->lock);
	if (w->closed) {
		pthread_mutex_unlock(&w->lock);
		return false;
	}
	/* The same step again (the Explorer captures anew after an oracle's
	 * side trip): written again when its first frame was, so the file
	 * shows the step's final screen and the trace may name it; kept in
	 * place of the first when that was kept. */
	bool again = step == w->last_step;
	bool now = w->mode == SAVE_SCREENS_ALL || (again ? w->last_written : seen_add(w, screen_sig));
	w->last_step = step;
	w->last_written = now;
	if (!now && again && w->kept[SCREEN_WRITER_KEEP - 1] && w->kept[SCREEN_WRITER_KEEP - 1]->step == step) {
		struct screen_job *old = w->kept[SCREEN_WRITER_KEEP - 1];
		w->kept[SCREEN_WRITER_KEEP - 1] = job_new(step, frame);
		pthread_mutex_unlock(&w->lock);
		job_free(old);
		return false;
	}
	if (!now) {
		/* "bugs": keep it in the ring (the oldest kept frame goes, and
		 * any older than the last SCREEN_WRITER_KEEP steps; their buffers
		 * return to the pool outside the lock). */
		struct screen_job *old[SCREEN_WRITER_KEEP + 1];
		int n_old = drop_kept_before(w, step - (SCREEN_WRITER_KEEP - 1), old);
		if (w->kept[0])
			old[n_old++] = w->kept[0];
		memmove(w->kept, w->kept + 1, (SCREEN_WRITER_KEEP - 1) * sizeof(w->kept[0]));
		w->kept[SCREEN_WRITER_KEEP - 1] = job_new(step, frame);
		pthread_mutex_unlock(&w->lock);
		for (int i = 0; i < n_old; i++)
			job_free(old[i]);
		return false;
	}
	if (!w->started) {
		pthread_mutex_unlock(&w->lock);
		struct screen_job j = { step, frame, false, NULL };
		write_job(w, &j);
		return true;
	}
	while (w->queued >= SCREEN_WRITER_QUEUE && !w->closed)
		pthread_cond_wait(&w->room, &w->lock);
	if (w->closed) {
		pthread_mutex_unlock(&w->lock);
		return false;
	}
	struct screen_job *j = job_new(step, frame);
	j->offered = true;
	w->queued++;
	enqueue(w, j);
	pthread_mutex_unlock(&w->lock);
	return true;
}

void screen_writer_bug(struct screen_writer *w)
{
	if (!w || w->mode != SAVE_SCREENS_BUGS)
		return;
	pthread_mutex_lock(&w->lock);
	for (int i = 0; i < SCREEN_WRITER_KEEP; i++) {
		struct screen_job *j = w->kept[i];
		w->kept[i] = NULL;
		if (!j)
			continue;
		if (w->closed || !w->started) {
			pthread_mutex_unlock(&w->lock);
			if (!w->closed)
				write_job(w, j);
			job_free(j);
			pthread_mutex_lock(&w->lock);
			continue;
		}
		enqueue(w, j);
	}
	pthread_mutex_unlock(&w->lock);
}

void screen_writer_close(struct screen_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	bool join = w->started && !w->closed;
	w->closed = true;
	pthread_cond_broadcast(&w->work);
	pthread_cond_broadcast(&w->room);
	pthread_mutex_unlock(&w->lock);
	if (join)
		pthread_join(w->thread, NULL);
}

void screen_writer_free(struct screen_writer *w)
{
	if (!w)
		return;
	screen_writer_close(w);
	for (int i = 0; i < SCREEN_WRITER_KEEP; i++)
		job_free(w->kept[i]);
	while (w->head) {
		struct screen_job *j = w->head;
		w->head = j->next;
		job_free(j);
	}
	free(w->seen);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->work);
	pthread_cond_destroy(&w->room);
	free(w);
}

void screen_writer_counts(struct screen_writer *w, long *written, long *failed)
{
	pthread_mutex_lock(&w->lock);
	*written = w->written;
	*failed = w->failed;
	pthread_mutex_unlock(&w->lock);
}
