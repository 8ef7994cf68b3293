/*
 * test_frame_ring.c - the in-memory ring of small step screenshots
 * (core/frame_ring.h) and the history strips built from it without any
 * file on disk (agents/history.c: history_put_frame, history_image_view).
 */
#include <stdint.h>

#include "test.h"

#include "agents/history.h"
#include "core/error.h"
#include "core/frame_ring.h"
#include "core/image.h"
#include "core/xalloc.h"

/* A w x h image of one opaque colour. */
static struct image *flat(int w, int h, uint32_t rgb)
{
	struct image *img = image_new(w, h);
	uint32_t p = 0xff000000u | rgb;
	for (int i = 0; i < w * h; i++)
		memcpy(img->data + (size_t)i * 4, &p, 4);
	return img;
}

TEST(ring_keeps_the_last_capacity_frames)
{
	struct frame_ring *r = frame_ring_new(3);
	int sw = 0, sh = 0;
	for (int step = 1; step <= 5; step++)
		frame_ring_put(r, step, flat(4, 8, (uint32_t)step), 1080, 1920);
	CHECK(frame_ring_get(r, 1, &sw, &sh) == NULL);
	CHECK(frame_ring_get(r, 2, &sw, &sh) == NULL);
	for (int step = 3; step <= 5; step++) {
		struct image *img = frame_ring_get(r, step, &sw, &sh);
		REQUIRE(img != NULL);
		CHECK_INT_EQ(image_pixel(img, 2, 2), step);
		CHECK_INT_EQ(sw, 1080);
		CHECK_INT_EQ(sh, 1920);
		image_free(img);
	}
	/* Putting a step again replaces its frame and evicts nothing. */
	frame_ring_put(r, 4, flat(4, 8, 0x00ff00), 720, 1280);
	struct image *img = frame_ring_get(r, 4, &sw, &sh);
	REQUIRE(img != NULL);
	CHECK_INT_EQ(image_pixel(img, 0, 0), 0x00ff00);
	CHECK_INT_EQ(sw, 720);
	image_free(img);
	img = frame_ring_get(r, 3, &sw, &sh);
	CHECK(img != NULL);
	image_free(img);
	CHECK(frame_ring_get(r, 0, &sw, &sh) == NULL);
	frame_ring_free(r);
	frame_ring_free(NULL);
}

/* history_image_view() builds a strip from the kept frames with no run directory at all. */
TEST(history_strip_from_memory)
{
	struct history *h = history_new();
	for (int step = 1; step <= 4; step++) {
		struct history_step s;
		history_step_init(&s);
		s.step = step;
		s.screenshot = xasprintf("steps/%04d.png", step); /* not on disk */
		s.activity = xstrdup(".Main");
		s.action.type = ACTION_CLICK;
		s.action.bounds = (struct ui_rect){ 100, 200, 500, 400 };
		CHECK_INT_EQ(history_add_step(h, &s), step);
		history_step_release(&s);
		if (step != 2)
			history_put_frame(h, step, flat(270, 480, 0x3366cc), 1080, 1920);
	}
	unsigned char *png = NULL;
	size_t len = 0;
	CHECK_OK(history_image_view(h, NULL, 1, 4, 12, &png, &len));
	REQUIRE(png != NULL);
	struct image *strip = NULL;
	CHECK_OK(image_decode_png(png, len, "strip", &strip));
	REQUIRE(strip != NULL);
	/* Some pixel of the strip has the frames' colour (a palette cube colour: kept exact). */
	int found = 0;
	for (int y = 0; y < strip->height && !found; y += 2)
		for (int x = 0; x < strip->width && !found; x += 2)
			found = image_pixel(strip, x, y) == 0x3366cc;
	CHECK(found);
	image_free(strip);
	free(png);
	/* Without frames and without a run directory there is nothing to show. */
	CHECK(history_image_view(h, NULL, 2, 2, 12, &png, &len) == TD_ERR_NOT_FOUND);
	history_free(h);
}

int main(void)
{
	RUN(ring_keeps_the_last_capacity_frames);
	RUN(history_strip_from_memory);
	return test_summary();
}
