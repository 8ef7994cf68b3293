/*
 * test_screen_writer.c - steps/NNNN.png by the writer thread (agents/
 * screen_writer.h): each save_screens mode writes exactly its screens,
 * a bug report writes the kept ones, close() drains a full queue (more
 * frames than SCREEN_WRITER_QUEUE offered at once), the PNGs decode to the
 * offered frames' pixels, and a frame that cannot be encoded is counted as
 * failed without stopping the others. Small frames: bounded under TSan.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/rundir.h"
#include "agents/screen_writer.h"
#include "core/framebuf.h"
#include "core/image.h"
#include "test.h"

#define FW 12
#define FH 9

/* A raw RGBA_8888 frame (16-byte header) whose pixels encode `step`. */
static unsigned char *frame_bytes(int step, size_t *len)
{
	*len = 16 + (size_t)FW * FH * 4;
	unsigned char *b = calloc(1, *len);
	const unsigned h[4] = { FW, FH, 1, 0 };
	for (int i = 0; i < 4; i++)
		b[4 * i] = (unsigned char)h[i];
	for (size_t p = 0; p < (size_t)FW * FH; p++) {
		b[16 + 4 * p] = (unsigned char)step;
		b[16 + 4 * p + 1] = (unsigned char)(p & 0xff);
		b[16 + 4 * p + 2] = 200;
		b[16 + 4 * p + 3] = 255;
	}
	return b;
}

/* The same frame in a pooled buffer (what device_capture hands over). */
static struct framebuf *frame(int step)
{
	struct framebuf *f = framebuf_get(0);
	size_t len;
	unsigned char *b = frame_bytes(step, &len);
	CHECK_OK(strbuf_add(&f->sb, b, len));
	free(b);
	return f;
}

static char *new_run(struct rundir **rd)
{
	char tmpl[] = "/tmp/trident-screens-XXXXXX";
	char *dir = mkdtemp(tmpl);
	if (!dir) {
		perror("mkdtemp");
		abort();
	}
	char *run = malloc(strlen(dir) + 8);
	sprintf(run, "%s/run", dir);
	if (rundir_open(run, rd) != TD_OK) {
		fprintf(stderr, "%s\n", td_errmsg(TD_ERR_IO));
		abort();
	}
	return run;
}

/* Whether steps/NNNN.png exists and shows frame(step)'s pixels. */
static bool has_screen(const char *run, int step)
{
	char path[512];
	struct image *img = NULL;
	snprintf(path, sizeof path, "%s/steps/%04d.png", run, step);
	if (access(path, F_OK) != 0)
		return false;
	if (image_read_file(path, &img) != TD_OK)
		return false;
	bool ok = img->width == FW && img->height == FH && image_pixel(img, 0, 0) == ((unsigned)step << 16 | 200) &&
		  image_pixel(img, 5, 1) == ((unsigned)step << 16 | (unsigned)(FW + 5) << 8 | 200);
	image_free(img);
	return ok;
}

static void cleanup(const char *run)
{
	char cmd[600];
	/* The mkdtemp directory: `run` without its last "/run". */
	snprintf(cmd, sizeof cmd, "rm -rf '%.*s'", (int)(strlen(run) - 4), run);
	(void)!system(cmd);
}

TEST(all_writes_every_screen_and_drains_on_close)
{
	struct rundir *rd = NULL;
	char *run = new_run(&rd);
	struct screen_writer *w = screen_writer_new(rd, SAVE_SCREENS_ALL);
	/* 3 * SCREEN_WRITER_QUEUE frames in a row: put() waits, drops none. */
	for (int step = 1; step <= 3 * SCREEN_WRITER_QUEUE; step++) {
		struct framebuf *f = frame(step);
		CHECK(screen_writer_put(w, step, 7, f));
		framebuf_unref(f);   /* the writer has its own reference */
	}
	screen_writer_close(w);
	for (int step = 1; step <= 3 * SCREEN_WRITER_QUEUE; step++)
		CHECK(has_screen(run, step));
	long written, failed;
	screen_writer_counts(w, &written, &failed);
	CHECK_INT_EQ(written, 3 * SCREEN_WRITER_QUEUE);
	CHECK_INT_EQ(failed, 0);
	/* Closed: nothing more is taken. */
	struct framebuf *f = frame(99);
	CHECK(!screen_writer_put(w, 99, 8, f));
	framebuf_unref(f);
	screen_writer_free(w);
	CHECK(!has_screen(run, 99));
	rundir_close(rd);
	cleanup(run);
	free(run);
}

TEST(bugs_writes_new_screens_and_kept_ones_on_a_bug)
{
	struct rundir *rd = NULL;
	char *run = new_run(&rd);
	struct screen_writer *w = screen_writer_new(rd, SAVE_SCREENS_BUGS);
	/* Screens A B A A B C A A A A: new at steps 1, 2, 6. */
	const uint64_t sig[11] = { 0, 0xa, 0xb, 0xa, 0xa, 0xb, 0xc, 0xa, 0xa, 0xa, 0xa };
	bool named[11] = { false };
	for (int step = 1; step <= 10; step++) {
		struct framebuf *f = frame(step);
		named[step] = screen_writer_put(w, step, sig[step], f);
		framebuf_unref(f);
		if (step == 4)
			screen_writer_bug(w);   /* kept: steps 3 and 4 */
	}
	screen_writer_bug(w);               /* kept: the last SCREEN_WRITER_KEEP of 7..10 */
	screen_writer_close(w);
	CHECK(named[1] && named[2] && named[6]);
	CHECK(!named[3] && !named[4] && !named[5] && !named[7] && !named[10]);
	CHECK(has_screen(run, 1) && has_screen(run, 2) && has_screen(run, 6));
	CHECK(has_screen(run, 3) && has_screen(run, 4));
	CHECK(!has_screen(run, 5));         /* neither new nor kept at a bug */
	CHECK(!has_screen(run, 10 - SCREEN_WRITER_KEEP));
	for (int step = 11 - SCREEN_WRITER_KEEP; step <= 10; step++)
		CHECK(has_screen(run, step));
	screen_writer_free(w);
	rundir_close(rd);
	cleanup(run);
	free(run);
}

TEST(none_writes_nothing_and_bad_frames_count_as_failed)
{
	struct rundir *rd = NULL;
	char *run = new_run(&rd);
	struct screen_writer *w = screen_writer_new(rd, SAVE_SCREENS_NONE);
	struct framebuf *f = frame(1), *cut = framebuf_copy(f->sb.buf, f->sb.len / 2);
	CHECK(!screen_writer_put(w, 1, 1, f));
	screen_writer_bug(w);
	screen_writer_free(w);
	CHECK(!has_screen(run, 1));

	w = screen_writer_new(rd, SAVE_SCREENS_ALL);
	CHECK(screen_writer_put(w, 2, 1, cut));   /* cut short: cannot be encoded */
	CHECK(screen_writer_put(w, 3, 1, f));
	screen_writer_close(w);
	long written, failed;
	screen_writer_counts(w, &written, &failed);
	CHECK_INT_EQ(written, 1);
	CHECK_INT_EQ(failed, 1);
	CHECK(has_screen(run, 1 + 2) == false);    /* frame(1)'s pixels under the name 0003 */
	char path[512];
	snprintf(path, sizeof path, "%s/steps/0002.png", run);
	CHECK(access(path, F_OK) != 0);
	screen_writer_free(w);
	framebuf_unref(f);
	framebuf_unref(cut);

	enum save_screens m;
	CHECK_OK(screen_writer_mode("bugs", &m));
	CHECK_INT_EQ(m, SAVE_SCREENS_BUGS);
	CHECK_INT_EQ(screen_writer_mode("some", &m), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "\"some\" is not one of all, bugs, none") != NULL);
	rundir_close(rd);
	cleanup(run);
	free(run);
}

/*
 * Frames are shared, not copied, and go back to the pool; the most a run
 * holds at once is bounded. "all": the caller's frame, up to
 * SCREEN_WRITER_QUEUE queued and the one being encoded. "bugs", once the
 * one new screen is written: the kept frames of the last steps and the
 * caller's new one, SCREEN_WRITER_KEEP in all, because
 * screen_writer_next_step() lets the oldest go before the capture (without
 * it: one more, 10 MB per frame on a phone), and the steady state reuses
 * the same buffers (none made).
 */
TEST(frames_are_shared_and_reused)
{
	const enum save_screens modes[2] = { SAVE_SCREENS_ALL, SAVE_SCREENS_BUGS };
	for (int m = 0; m < 2; m++) {
		struct rundir *rd = NULL;
		char *run = new_run(&rd);
		struct screen_writer *w = screen_writer_new(rd, modes[m]);
		size_t len;
		unsigned char *bytes = frame_bytes(1, &len);
		long most = 0, made_steady = -1, before = 0;
		framebuf_pool_trim();
		framebuf_in_use_reset_most();
		for (int step = 1; step <= 200; step++) {
			if (m == 1 && step == 10) {
				/* Step 1's frame (a new screen) written: the steady state from here. */
				long written = 0, failed = 0;
				while (screen_writer_counts(w, &written, &failed), written + failed < 1)
					usleep(1000);
				framebuf_in_use_reset_most();
				before = framebuf_allocated();
			}
			screen_writer_next_step(w, step);
			struct framebuf *f = framebuf_get(0);
			CHECK_OK(strbuf_add(&f->sb, bytes, len));
			(void)screen_writer_put(w, step, 7, f);
			if (m == 1 && step > 1 && step != 100)
				CHECK_INT_EQ(atomic_load(&f->refs), 2);   /* kept by reference, not copied */
			framebuf_unref(f);
			if (m == 1 && step == 99) {
				(void)framebuf_in_use(&most);
				made_steady = framebuf_allocated() - before;
			}
			if (m == 1 && step == 100)
				screen_writer_bug(w);
		}
		if (m == 0)
			(void)framebuf_in_use(&most);
		screen_writer_close(w);
		if (m == 0) {
			CHECK(most <= 1 + SCREEN_WRITER_QUEUE + 1);
		} else {
			if (most > SCREEN_WRITER_KEEP)
				fprintf(stderr, "bugs: %ld frames in use at once, steps 10-99\n", most);
			CHECK(most <= SCREEN_WRITER_KEEP);
			CHECK_INT_EQ(made_steady, 0);
		}
		screen_writer_free(w);
		CHECK_INT_EQ(framebuf_in_use(NULL), 0);   /* every reference given back */
		free(bytes);
		rundir_close(rd);
		cleanup(run);
		free(run);
	}
	framebuf_pool_trim();
}

/* A step captured again after a side trip: its file shows the second
 * capture and put() says so both times; a kept step is kept once, as its
 * second capture. */
TEST(same_step_again_replaces_the_first)
{
	struct rundir *rd = NULL;
	char *run = new_run(&rd);
	struct screen_writer *w = screen_writer_new(rd, SAVE_SCREENS_BUGS);
	struct framebuf *f1 = frame(1), *f2 = frame(2), *f3 = frame(3), *f4 = frame(4);
	CHECK(screen_writer_put(w, 5, 0xa, f1));    /* new screen: written */
	CHECK(screen_writer_put(w, 5, 0xa, f2));    /* again: written again, not "seen before" */
	CHECK(!screen_writer_put(w, 6, 0xa, f3));   /* seen: kept */
	CHECK(!screen_writer_put(w, 6, 0xa, f4));   /* again: kept in its place */
	CHECK_INT_EQ(atomic_load(&f3->refs), 1);    /* the first capture of step 6 is let go */
	screen_writer_bug(w);
	screen_writer_close(w);
	char path[512];
	struct image *img = NULL;
	snprintf(path, sizeof path, "%s/steps/0005.png", run);
	REQUIRE(image_read_file(path, &img) == TD_OK);
	CHECK(image_pixel(img, 0, 0) == (2u << 16 | 200));   /* frame(2)'s pixels: the second capture */
	image_free(img);
	snprintf(path, sizeof path, "%s/steps/0006.png", run);
	REQUIRE(image_read_file(path, &img) == TD_OK);
	CHECK(image_pixel(img, 0, 0) == (4u << 16 | 200));
	image_free(img);
	long written, failed;
	screen_writer_counts(w, &written, &failed);
	CHECK_INT_EQ(written, 3);
	screen_writer_free(w);
	framebuf_unref(f1);
	framebuf_unref(f2);
	framebuf_unref(f3);
	framebuf_unref(f4);
	rundir_close(rd);
	cleanup(run);
	free(run);
}

int main(void)
{
	RUN(all_writes_every_screen_and_drains_on_close);
	RUN(bugs_writes_new_screens_and_kept_ones_on_a_bug);
	RUN(none_writes_nothing_and_bad_frames_count_as_failed);
	RUN(frames_are_shared_and_reused);
	RUN(same_step_again_replaces_the_first);
	return test_summary();
}
