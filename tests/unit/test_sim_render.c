/*
 * test_sim_render.c - the simulator's Cairo renderer: a hand-built notes
 * screen (status bar, app bar, text field, buttons, checkbox, switch, list,
 * bottom navigation, FAB, dialog over a scrim, toast) rendered to PNG and
 * raw; checks sizes, headers and that widgets are drawn inside their bounds.
 * Then the default demo app (configs/apps/notes.json) through the real
 * simulator: `screencap -p` is a 1080x2400 PNG whose pixels inside the first
 * Button's dump bounds differ from the white background.
 * Set TRIDENT_RENDER_OUT=file.png to keep the picture.
 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/strbuf.h"
#include "device/sim/sim.h"
#include "device/sim/sim_render.h"
#include "test.h"

#define W 1080
#define H 2400
#define MAXV 64

static struct sim_view views[MAXV];
static struct sim_view *kids[MAXV][32];
static int n_views;

static struct sim_view *add(struct sim_view *parent, enum sim_view_kind kind, const char *text,
			    int x1, int y1, int x2, int y2)
{
	struct sim_view *v = &views[n_views++];
	memset(v, 0, sizeof *v);
	v->kind = kind;
	v->class_name = "android.view.View";
	v->resource_id = "";
	v->text = text;
	v->content_desc = "";
	v->hint = "";
	v->x1 = x1;
	v->y1 = y1;
	v->x2 = x2;
	v->y2 = y2;
	v->enabled = true;
	v->children = kids[v - views];
	if (parent)
		parent->children[parent->n_children++] = v;
	return v;
}

static struct sim_view *button, *edit, *fab, *row;

/* A notes app: list of notes, an add form, and (optionally) a dialog. */
static struct sim_screen_view build(bool dialog)
{
	n_views = 0;
	struct sim_view *root = add(NULL, SIM_VIEW_FRAME, "", 0, 0, W, H);
	add(root, SIM_VIEW_STATUS_BAR, "", 0, 0, W, 63);
	struct sim_view *bar = add(root, SIM_VIEW_APP_BAR, "Notes", 0, 63, W, 210);
	struct sim_view *up = add(bar, SIM_VIEW_IMAGE_BUTTON, "", 0, 63, 147, 210);
	up->content_desc = "Navigate up";
	struct sim_view *more = add(bar, SIM_VIEW_IMAGE_BUTTON, "", 954, 63, 1080, 210);
	more->content_desc = "More options";
	add(root, SIM_VIEW_TEXT, "Write a note and press Add. Notes are kept until you delete them.",
	    42, 250, 1038, 390);
	edit = add(root, SIM_VIEW_EDIT_TEXT, "", 42, 400, 1038, 558);
	edit->hint = "Title";
	edit->focused = true;
	struct sim_view *e2 = add(root, SIM_VIEW_EDIT_TEXT, "Buy milk \xC3\xA9 \xFF bad utf8", 42, 580, 1038, 738);
	e2->hint = "Body";
	button = add(root, SIM_VIEW_BUTTON, "Add", 42, 760, 520, 886);
	add(root, SIM_VIEW_TEXT_BUTTON, "Clear", 560, 760, 1038, 886);
	struct sim_view *cb = add(root, SIM_VIEW_CHECKBOX, "Pinned", 42, 900, 1038, 1026);
	cb->checked = true;
	add(root, SIM_VIEW_SWITCH, "Sync", 42, 1030, 1038, 1156);
	struct sim_view *list = add(root, SIM_VIEW_LIST, "", 0, 1170, W, 1800);
	add(list, SIM_VIEW_LIST_ROW, "Groceries\nmilk, eggs, bread", 0, 1170, W, 1380);
	row = add(list, SIM_VIEW_LIST_ROW, "Call mum", 0, 1380, W, 1548);
	add(list, SIM_VIEW_LIST_ROW, "A very long note title that certainly does not fit on one row of the screen",
	    0, 1548, W, 1716);
	struct sim_view *sb = add(root, SIM_VIEW_SEEKBAR, "", 0, 1716, W, 1800);
	sb->value = 40;
	fab = add(root, SIM_VIEW_FAB, "", 858, 1880, 1038, 2060);
	fab->content_desc = "Add note";
	struct sim_view *nav = add(root, SIM_VIEW_BOTTOM_NAV, "", 0, 2106, W, 2400);
	struct sim_view *home = add(nav, SIM_VIEW_NAV_ITEM, "Home", 0, 2106, 360, 2253);
	home->selected = true;
	add(nav, SIM_VIEW_NAV_ITEM, "Search", 360, 2106, 720, 2253);
	add(nav, SIM_VIEW_NAV_ITEM, "Settings", 720, 2106, 1080, 2253);
	add(root, SIM_VIEW_TOAST, "Note added", 300, 1900, 780, 2010);
	if (dialog) {
		add(root, SIM_VIEW_SCRIM, "", 0, 0, W, H);
		struct sim_view *d = add(root, SIM_VIEW_DIALOG, "", 84, 900, 996, 1400);
		add(d, SIM_VIEW_TEXT, "Delete note?", 147, 950, 933, 1040);
		add(d, SIM_VIEW_TEXT, "This cannot be undone.", 147, 1060, 933, 1200);
		add(d, SIM_VIEW_TEXT_BUTTON, "Cancel", 500, 1260, 720, 1380);
		add(d, SIM_VIEW_TEXT_BUTTON, "Delete", 740, 1260, 960, 1380);
	}
	struct sim_screen_view sv = { root, W, H, 0, "com.example.notes", "com.example.notes.MainActivity" };
	return sv;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Pixel (x, y) of a raw screencap (BGRA_8888) as 0xRRGGBB. */
static uint32_t raw_px(const struct strbuf *raw, int x, int y)
{
	const unsigned char *p = (const unsigned char *)raw->buf + SIM_RENDER_RAW_HEADER + ((size_t)y * W + x) * 4;
	return (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

TEST(png_header_and_size)
{
	struct sim_screen_view sv = build(false);
	struct strbuf png = STRBUF_INIT;
	CHECK_OK(sim_render_png(&sv, &png));
	REQUIRE(png.len > 33);
	CHECK(memcmp(png.buf, "\x89PNG\r\n\x1a\n", 8) == 0);
	CHECK(memcmp(png.buf + 12, "IHDR", 4) == 0);
	CHECK_INT_EQ(be32((unsigned char *)png.buf + 16), W);
	CHECK_INT_EQ(be32((unsigned char *)png.buf + 20), H);
	CHECK_INT_EQ((unsigned char)png.buf[24], 8); /* bit depth */
	CHECK_INT_EQ((unsigned char)png.buf[25], 6); /* RGBA, as a phone */
	const char *keep = getenv("TRIDENT_RENDER_OUT");
	if (keep) {
		FILE *f = fopen(keep, "wb");
		if (f) {
			fwrite(png.buf, 1, png.len, f);
			fclose(f);
		}
	}
	/* the PNG decodes with libpng to the same pixels as the raw output */
	png_image img;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	REQUIRE(png_image_begin_read_from_memory(&img, png.buf, png.len));
	img.format = PNG_FORMAT_BGRA;   /* the raw frame's byte order */
	unsigned char *pix = malloc(PNG_IMAGE_SIZE(img));
	REQUIRE(pix);
	CHECK(png_image_finish_read(&img, NULL, pix, 0, NULL));
	struct strbuf raw = STRBUF_INIT;
	CHECK_OK(sim_render_raw(&sv, &raw));
	REQUIRE(raw.len == SIM_RENDER_RAW_HEADER + (size_t)W * H * 4);
	CHECK(memcmp(pix, raw.buf + SIM_RENDER_RAW_HEADER, (size_t)W * H * 4) == 0);
	free(pix);
	strbuf_release(&raw);
	strbuf_release(&png);
}

TEST(raw_header)
{
	struct sim_screen_view sv = build(false);
	struct strbuf raw = STRBUF_INIT;
	CHECK_OK(sim_render_raw(&sv, &raw));
	REQUIRE(raw.len == SIM_RENDER_RAW_HEADER + (size_t)W * H * 4);
	const unsigned char *h = (const unsigned char *)raw.buf;
	CHECK_INT_EQ(le32(h), W);
	CHECK_INT_EQ(le32(h + 4), H);
	CHECK_INT_EQ(le32(h + 8), 5);   /* BGRA_8888 */
	CHECK_INT_EQ(le32(h + 12), 0);
	long translucent = 0;
	for (size_t i = 0; i < (size_t)W * H; i++)
		translucent += h[SIM_RENDER_RAW_HEADER + 4 * i + 3] != 255;
	CHECK_INT_EQ(translucent, 0);   /* every pixel opaque (dialog scrims included) */
	strbuf_release(&raw);
}

/* Drawn in place into a reused buffer, or (after an odd-length prefix, so
 * the pixels are not 4-byte aligned) through the thread's buffer and
 * copied: the same bytes, and a buffer with room is not reallocated. */
TEST(raw_in_place_and_unaligned_agree)
{
	struct sim_screen_view sv = build(true);
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	CHECK_OK(sim_render_raw(&sv, &a));
	CHECK_OK(strbuf_add(&b, "xyz", 3));
	CHECK_OK(sim_render_raw(&sv, &b));
	REQUIRE(b.len == 3 + a.len);
	CHECK(memcmp(a.buf, b.buf + 3, a.len) == 0);
	/* Again into the same buffer: same pixels, same memory. */
	const char *mem = a.buf;
	size_t len = a.len;
	strbuf_reset(&a);
	CHECK_OK(sim_render_raw(&sv, &a));
	CHECK(a.buf == mem);
	CHECK(a.len == len && memcmp(a.buf, b.buf + 3, len) == 0);
	strbuf_release(&a);
	strbuf_release(&b);
}

/* Does any pixel inside the rectangle differ from `bg`? Count them. */
static long count_not(const struct strbuf *raw, int x1, int y1, int x2, int y2, uint32_t bg)
{
	long n = 0;
	for (int y = y1; y < y2; y++)
		for (int x = x1; x < x2; x++)
			n += raw_px(raw, x, y) != bg;
	return n;
}

TEST(widgets_drawn_inside_bounds)
{
	struct sim_screen_view sv = build(false);
	struct strbuf raw = STRBUF_INIT;
	CHECK_OK(sim_render_raw(&sv, &raw));
	REQUIRE(raw.len > SIM_RENDER_RAW_HEADER);
	/* background is white; a spot with no view stays white */
	CHECK_INT_EQ(raw_px(&raw, 10, 2080), 0xFFFFFF);
	/* the button is a filled coloured shape: most of its middle is not white */
	long n = count_not(&raw, button->x1 + 20, button->y1 + 20, button->x2 - 20, button->y2 - 20, 0xFFFFFF);
	long area = (long)(button->x2 - button->x1 - 40) * (button->y2 - button->y1 - 40);
	CHECK(n > area / 2);
	/* the button's label is drawn in another colour than its fill */
	uint32_t fill = raw_px(&raw, button->x1 + 30, button->y1 + 30);
	CHECK(count_not(&raw, button->x1 + 30, button->y1 + 30, button->x2 - 30, button->y2 - 30, fill) > 50);
	/* the app bar is coloured, the status bar darker */
	CHECK(raw_px(&raw, 540, 70) != 0xFFFFFF);
	CHECK(raw_px(&raw, 5, 30) != raw_px(&raw, 540, 205) || raw_px(&raw, 5, 30) != 0xFFFFFF);
	/* the focused edit text has a hint and an underline */
	CHECK(count_not(&raw, edit->x1, edit->y1, edit->x2, edit->y2, 0xFFFFFF) > 1000);
	/* the FAB's disc */
	CHECK(raw_px(&raw, (fab->x1 + fab->x2) / 2 + 40, (fab->y1 + fab->y2) / 2 + 40) != 0xFFFFFF);
	/* a list row's divider is inset 16 dp (42 px) from both edges */
	CHECK(raw_px(&raw, 540, row->y2 - 1) != 0xFFFFFF);
	CHECK(raw_px(&raw, row->x1 + 50, row->y2 - 1) != 0xFFFFFF);
	CHECK(raw_px(&raw, row->x2 - 50, row->y2 - 1) != 0xFFFFFF);
	CHECK_INT_EQ(raw_px(&raw, row->x1 + 30, row->y2 - 1), 0xFFFFFF);
	CHECK_INT_EQ(raw_px(&raw, row->x2 - 30, row->y2 - 1), 0xFFFFFF);
	CHECK_INT_EQ(raw_px(&raw, row->x2 - 1, row->y2 - 1), 0xFFFFFF);
	strbuf_release(&raw);
}

TEST(dialog_scrim_darkens)
{
	struct sim_screen_view a = build(false);
	struct strbuf raw1 = STRBUF_INIT, raw2 = STRBUF_INIT;
	CHECK_OK(sim_render_raw(&a, &raw1));
	struct sim_screen_view b = build(true);
	CHECK_OK(sim_render_raw(&b, &raw2));
	REQUIRE(raw1.len == raw2.len && raw1.len > SIM_RENDER_RAW_HEADER);
	uint32_t before = raw_px(&raw1, 10, 2080), after = raw_px(&raw2, 10, 2080);
	CHECK(before == 0xFFFFFF);
	CHECK((after & 0xFF) < 0xE0); /* dimmed */
	/* inside the dialog card it is white again (away from its text) */
	CHECK_INT_EQ(raw_px(&raw2, 100, 1390), 0xFFFFFF);
	strbuf_release(&raw1);
	strbuf_release(&raw2);
}

/*
 * The Explorer's raw path (`screencap`, image_decode_raw) and the PNG path
 * (`screencap -p`, the fast PNG decoder) give the same image, pixel for
 * pixel, and the run directory's PNG made from the raw frame
 * (image_frame_png) decodes to it too.
 */
TEST(raw_and_png_paths_decode_alike)
{
	struct sim_screen_view sv = build(true);
	struct strbuf raw = STRBUF_INIT, png = STRBUF_INIT;
	struct image *a = NULL, *b = NULL, *c = NULL;
	unsigned char *file = NULL;
	size_t file_len = 0;
	CHECK_OK(sim_render_raw(&sv, &raw));
	CHECK_OK(sim_render_png(&sv, &png));
	CHECK_OK(image_decode(raw.buf, raw.len, "raw", &a));
	CHECK_OK(image_decode(png.buf, png.len, "png", &b));
	CHECK_OK(image_frame_png(raw.buf, raw.len, "raw", &file, &file_len));
	CHECK(file_len > 8 && !memcmp(file, "\x89PNG", 4));
	CHECK_OK(image_decode(file, file_len, "file", &c));
	REQUIRE(a && b && c);
	CHECK_INT_EQ(a->width, W);
	CHECK_INT_EQ(b->height, H);
	CHECK(a->stride == b->stride && b->stride == c->stride);
	CHECK(memcmp(a->data, b->data, (size_t)a->stride * H) == 0);
	CHECK(memcmp(a->data, c->data, (size_t)a->stride * H) == 0);
	/* Not a blank picture: the dialog's scrim and the white page differ. */
	CHECK(image_pixel(a, 5, 5) != image_pixel(a, W / 2, H / 2));
	/* A cut frame is refused with its name. */
	unsigned char *cut = NULL;
	size_t cut_len = 0;
	CHECK_INT_EQ(image_frame_png(raw.buf, raw.len / 2, "frame 7", &cut, &cut_len), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "frame 7: raw frame truncated") != NULL);
	CHECK(cut == NULL);
	image_free(a);
	image_free(b);
	image_free(c);
	free(file);
	strbuf_release(&raw);
	strbuf_release(&png);
}

TEST(rejects_bad_input)
{
	struct strbuf out = STRBUF_INIT;
	struct sim_screen_view sv = build(false);
	sv.width = 0;
	CHECK(sim_render_png(&sv, &out) == TD_ERR_INVALID);
	sv.width = 100000;
	CHECK(sim_render_raw(&sv, &out) == TD_ERR_INVALID);
	sv.width = W;
	sv.root = NULL;
	CHECK(sim_render_png(&sv, &out) == TD_ERR_INVALID);
	CHECK_INT_EQ(out.len, 0);
	/* a cap too small: error, buffer unchanged */
	struct sim_screen_view ok = build(false);
	struct strbuf small;
	strbuf_init(&small, 1000);
	CHECK(sim_render_png(&ok, &small) == TD_ERR_TOO_BIG);
	CHECK_INT_EQ(small.len, 0);
	CHECK(sim_render_raw(&ok, &small) == TD_ERR_TOO_BIG);
	CHECK_INT_EQ(small.len, 0);
	strbuf_release(&small);
	strbuf_release(&out);
}

TEST(odd_trees_do_not_crash)
{
	struct sim_screen_view sv = build(true);
	/* views outside the screen, empty, inverted, NULL strings */
	struct sim_view *root = sv.root;
	struct sim_view *odd = add(root, SIM_VIEW_TEXT, NULL, -500, -500, 5000, 90000);
	odd->hint = NULL;
	add(root, SIM_VIEW_BUTTON, "x", 100, 100, 50, 50);
	add(root, SIM_VIEW_EDIT_TEXT, NULL, 0, 0, 3, 3)->password = true;
	add(root, SIM_VIEW_SWITCH, "tiny", 0, 0, 4, 4);
	add(root, SIM_VIEW_PROGRESS, "", 0, 300, 1080, 320)->value = 250;
	add(root, SIM_VIEW_PROGRESS, "", 400, 400, 500, 500);
	add(root, SIM_VIEW_IMAGE, "", 0, 2200, 300, 2400);
	add(root, SIM_VIEW_TAB, "\xE2\x82\xAC uro", 0, 0, 200, 100)->selected = true;
	struct strbuf out = STRBUF_INIT;
	CHECK_OK(sim_render_png(&sv, &out));
	CHECK(out.len > 8);
	strbuf_release(&out);
	struct strbuf cairo_png = STRBUF_INIT;
	CHECK_OK(sim_render_png_cairo(&sv, &cairo_png));
	CHECK(cairo_png.len > 24 && be32((unsigned char *)cairo_png.buf + 16) == W);
	strbuf_release(&cairo_png);
}

/* Bounds of the first android.widget.Button in a UIAutomator dump. */
static bool first_button(const char *xml, int *x1, int *y1, int *x2, int *y2)
{
	const char *p = strstr(xml, "class=\"android.widget.Button\"");
	if (!p)
		return false;
	p = strstr(p, "bounds=\"");
	return p && sscanf(p, "bounds=\"[%d,%d][%d,%d]\"", x1, y1, x2, y2) == 4;
}

TEST(demo_app_screen_through_the_simulator)
{
	struct sim_app *app = NULL;
	struct sim *s = NULL;
	REQUIRE(sim_app_load(TRIDENT_SOURCE_DIR "/configs/apps/notes.json", &app) == TD_OK);
	struct sim_options opt = { 0, 0, false, NULL };
	CHECK_OK(sim_new(app, &opt, &s));
	if (!s) {
		sim_app_free(app);
		return;
	}
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT, xml = STRBUF_INIT;
	int code = -1;
	char launch[300];
	snprintf(launch, sizeof launch, "monkey -p %s -c android.intent.category.LAUNCHER 1", sim_app_package(app));
	CHECK_OK(sim_shell(s, launch, &out, &err, &code));
	CHECK_OK(sim_shell(s, "uiautomator dump /dev/tty", &xml, &err, &code));
	strbuf_reset(&out);
	CHECK_OK(sim_shell(s, "screencap -p", &out, &err, &code));
	CHECK_INT_EQ(code, 0);
	int bx1 = 0, by1 = 0, bx2 = 0, by2 = 0;
	CHECK(first_button(xml.buf, &bx1, &by1, &bx2, &by2));
	png_image img;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	unsigned char *pix = NULL;
	if (out.len > 24 && png_image_begin_read_from_memory(&img, out.buf, out.len)) {
		CHECK_INT_EQ(img.width, 1080);
		CHECK_INT_EQ(img.height, 2400);
		img.format = PNG_FORMAT_RGB;
		pix = malloc(PNG_IMAGE_SIZE(img));
		if (pix && !png_image_finish_read(&img, NULL, pix, 0, NULL)) {
			free(pix);
			pix = NULL;
		}
	}
	CHECK(pix != NULL);
	if (pix && bx2 > bx1 + 20 && by2 > by1 + 20 && by2 <= 2400 && bx2 <= 1080) {
		/* the background (far below the content) is white; the button is not */
		const unsigned char *bg = pix + ((size_t)2000 * 1080 + 20) * 3;
		CHECK(bg[0] == 255 && bg[1] == 255 && bg[2] == 255);
		long differ = 0, total = 0;
		for (int y = by1 + 10; y < by2 - 10; y++) {
			for (int x = bx1 + 10; x < bx2 - 10; x++) {
				const unsigned char *q = pix + ((size_t)y * 1080 + x) * 3;
				differ += memcmp(q, bg, 3) != 0;
				total++;
			}
		}
		CHECK(differ > total / 2);
	}
	free(pix);
	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&xml);
	sim_free(s);
	sim_app_free(app);
}

int main(void)
{
	RUN(png_header_and_size);
	RUN(raw_header);
	RUN(raw_in_place_and_unaligned_agree);
	RUN(widgets_drawn_inside_bounds);
	RUN(dialog_scrim_darkens);
	RUN(raw_and_png_paths_decode_alike);
	RUN(rejects_bad_input);
	RUN(odd_trees_do_not_crash);
	RUN(demo_app_screen_through_the_simulator);
	sim_render_release_caches();
	return test_summary();
}
