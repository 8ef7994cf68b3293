/*
 * test_annotate.c - annotated screenshots on the real screens (box count,
 * numbering order, picture == JSON), the prompt text, history strips, and
 * bad input (corrupt PNG, XML/PNG mismatch, odd bounds, 300+ widgets).
 */
#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdint.h>

#include "test.h"

#include "core/annotate.h"
#include "core/config.h"
#include "core/error.h"
#include "core/history_strip.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "device/app_info.h"

static const char *screens[] = {
	"trace_7_0", "trace_7_1", "trace_7_2", "trace_7_3", "trace_7_4", "trace_7_5",
	"trace_7_6", "trace_7_7", "trace_7_8", "trace_7_9", "trace_7_10", "trace_7_11",
};
#define N_SCREENS (sizeof screens / sizeof screens[0])

/* Load one real screen; false (and a failure) when it cannot be read. */
static bool load_screen(const char *dir, const char *name, struct ui_tree **tree,
			struct image **shot)
{
	char path[4300];
	snprintf(path, sizeof path, "%s/%s.xml", dir, name);
	int err = ui_parse_file(path, tree);
	if (err) {
		TEST_FAIL_AT("%s: %s", path, td_errmsg(err));
		return false;
	}
	snprintf(path, sizeof path, "%s/%s.png", dir, name);
	err = image_read_file(path, shot);
	if (err) {
		TEST_FAIL_AT("%s: %s", path, td_errmsg(err));
		ui_tree_free(*tree);
		return false;
	}
	return true;
}

/* Actionable widgets with distinct clipped bounds, counted independently. */
static size_t count_actionable(const struct ui_tree *t, const struct ui_rect *screen)
{
	struct ui_rect *seen = calloc(t->n_nodes + 1, sizeof *seen);
	size_t n = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (!ui_widget_actions(w, screen))
			continue;
		struct ui_rect b = w->bounds;
		if (b.x1 < screen->x1) b.x1 = screen->x1;
		if (b.y1 < screen->y1) b.y1 = screen->y1;
		if (b.x2 > screen->x2) b.x2 = screen->x2;
		if (b.y2 > screen->y2) b.y2 = screen->y2;
		if (ui_rect_empty(&b))
			continue;
		bool dup = false;
		for (size_t k = 0; k < n && !dup; k++)
			dup = !memcmp(&seen[k], &b, sizeof b);
		if (!dup)
			seen[n++] = b;
	}
	free(seen);
	return n;
}

static bool in_rect(const struct ui_rect *r, int x, int y)
{
	return x >= r->x1 && x < r->x2 && y >= r->y1 && y < r->y2;
}

/* Whether pixel (x, y) may legitimately show something other than widget i's
 * box: a label, or the border band of a box drawn after it (smaller area). */
static bool covered(const struct annotation *a, size_t i, int x, int y, int band)
{
	const struct ui_rect *own = &a->w[i].box;
	long long own_area = (long long)(own->x2 - own->x1) * (own->y2 - own->y1);
	for (size_t j = 0; j < a->n; j++) {
		const struct annotated_widget *o = &a->w[j];
		if (o->labelled && in_rect(&o->label, x, y))
			return true;
		if (j == i)
			continue;
		long long area = (long long)(o->box.x2 - o->box.x1) * (o->box.y2 - o->box.y1);
		if (area > own_area || (area == own_area && o->number < a->w[i].number))
			continue;
		struct ui_rect inner = { o->box.x1 + band, o->box.y1 + band, o->box.x2 - band,
					 o->box.y2 - band };
		if (in_rect(&o->box, x, y) && !in_rect(&inner, x, y))
			return true;
	}
	return false;
}

/* Annotate one real screen at the model size and check everything. */
static void check_screen(const char *dir, const char *name, enum annotate_labels mode)
{
	struct ui_tree *tree = NULL;
	struct image *shot = NULL;
	if (!load_screen(dir, name, &tree, &shot))
		return;
	int w, h;
	image_fit_size(shot->width, shot->height, 1568, 768, &w, &h);
	struct image *img = image_downscale(shot, w, h);
	struct annotate_opts opts;
	annotate_opts_default(&opts);
	opts.labels = mode;
	struct annotation *a = NULL;
	CHECK_OK(annotation_build(tree, shot->width, shot->height, w, h, &opts, &a));
	if (!a)
		goto out;
	CHECK_OK(annotation_draw(a, img));

	/* Box count == actionable widgets. */
	struct ui_rect screen = { 0, 0, shot->width, shot->height };
	CHECK_INT_EQ(a->n, count_actionable(tree, &screen));
	CHECK(a->n > 0);

	/* Numbering: 1..n; rows in order; within a row left to right; each
	 * row's widgets start within the tolerance of its first one's top. */
	int labelled = 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct annotated_widget *aw = &a->w[i];
		CHECK_INT_EQ(aw->number, (int)i + 1);
		CHECK(annotation_find(a, aw->number) == aw);
		CHECK(aw->actions != 0);
		labelled += aw->labelled;
		if (i == 0)
			continue;
		const struct annotated_widget *prev = &a->w[i - 1];
		CHECK(aw->row == prev->row || aw->row == prev->row + 1);
		if (aw->row == prev->row) {
			CHECK(aw->bounds.x1 >= prev->bounds.x1);
			CHECK(!aw->first_of_row);
		} else {
			CHECK(aw->first_of_row);
			/* A new row starts lower than the tolerance allows. */
			const struct annotated_widget *first = prev;
			while (!first->first_of_row)
				first--;
			CHECK(aw->bounds.y1 > first->bounds.y1 + opts.row_tolerance);
		}
	}
	if (mode == ANNOTATE_LABELS_FIRST_OF_ROW)
		CHECK_INT_EQ(labelled, a->n_rows);
	else
		CHECK_INT_EQ(labelled, a->n);

	/* The JSON says what the annotation says. */
	char *json = annotation_to_json(a);
	cJSON *root = cJSON_Parse(json);
	REQUIRE(root);
	cJSON *arr = cJSON_GetObjectItem(root, "widgets");
	CHECK_INT_EQ(cJSON_GetArraySize(arr), a->n);
	for (size_t i = 0; i < a->n && i < (size_t)cJSON_GetArraySize(arr); i++) {
		cJSON *o = cJSON_GetArrayItem(arr, (int)i);
		CHECK_INT_EQ(cJSON_GetObjectItem(o, "number")->valueint, a->w[i].number);
		cJSON *box = cJSON_GetObjectItem(o, "box");
		CHECK_INT_EQ(cJSON_GetArrayItem(box, 0)->valueint, a->w[i].box.x1);
		CHECK_INT_EQ(cJSON_GetArrayItem(box, 3)->valueint, a->w[i].box.y2);
		char col[8];
		snprintf(col, sizeof col, "#%06x", (unsigned)a->w[i].color);
		CHECK_STR_EQ(cJSON_GetObjectItem(o, "color")->valuestring, col);
	}

	/* The picture says what the JSON says: sample each box edge (the
	 * middle of each side, one pixel inside) and each label's corner. */
	int band = 6, checked_widgets = 0, mismatches = 0;
	for (size_t i = 0; i < a->n; i++) {
		cJSON *o = cJSON_GetArrayItem(arr, (int)i);
		cJSON *box = cJSON_GetObjectItem(o, "box");
		int x1 = cJSON_GetArrayItem(box, 0)->valueint, y1 = cJSON_GetArrayItem(box, 1)->valueint;
		int x2 = cJSON_GetArrayItem(box, 2)->valueint, y2 = cJSON_GetArrayItem(box, 3)->valueint;
		uint32_t col = (uint32_t)strtoul(cJSON_GetObjectItem(o, "color")->valuestring + 1, NULL, 16);
		int pts[4][2] = { { (x1 + x2) / 2, y1 }, { (x1 + x2) / 2, y2 - 1 },
				  { x1, (y1 + y2) / 2 }, { x2 - 1, (y1 + y2) / 2 } };
		int checked = 0;
		for (int k = 0; k < 4; k++) {
			if (covered(a, i, pts[k][0], pts[k][1], band))
				continue;
			checked++;
			if (image_pixel(img, pts[k][0], pts[k][1]) != col) {
				mismatches++;
				TEST_FAIL_AT("%s widget %zu: pixel (%d,%d) is %06x, box colour %06x", name,
					     i + 1, pts[k][0], pts[k][1],
					     (unsigned)image_pixel(img, pts[k][0], pts[k][1]), (unsigned)col);
			}
		}
		checked_widgets += checked > 0;
		if (a->w[i].labelled) {
			cJSON *lab = cJSON_GetObjectItem(o, "label");
			int lx = cJSON_GetArrayItem(lab, 0)->valueint, ly = cJSON_GetArrayItem(lab, 1)->valueint;
			bool later = false;
			for (size_t j = i + 1; j < a->n; j++)
				later |= a->w[j].labelled && in_rect(&a->w[j].label, lx, ly);
			if (!later)
				CHECK_INT_EQ(image_pixel(img, lx, ly), col);
			CHECK(lx >= 0 && ly >= 0);
			CHECK(cJSON_GetArrayItem(lab, 2)->valueint <= img->width);
			CHECK(cJSON_GetArrayItem(lab, 3)->valueint <= img->height);
		}
	}
	CHECK_INT_EQ(mismatches, 0);
	CHECK(checked_widgets * 10 >= (int)a->n * 9);
	/* In "all" mode labels never overlap each other on these screens. */
	if (mode == ANNOTATE_LABELS_ALL) {
		int overlaps = 0;
		for (size_t i = 0; i < a->n; i++)
			for (size_t j = i + 1; j < a->n; j++)
				overlaps += ui_rect_intersects(&a->w[i].label, &a->w[j].label);
		CHECK_INT_EQ(overlaps, 0);
	}

	/* The widget list has one line per number, in order. */
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(annotation_widget_list(a, &sb));
	const char *p = sb.buf;
	for (size_t i = 0; i < a->n; i++) {
		char want[32];
		snprintf(want, sizeof want, "[%zu] ", i + 1);
		CHECK(!strncmp(p, want, strlen(want)));
		const char *nl = strchr(p, '\n');
		REQUIRE(nl);
		p = nl + 1;
	}
	CHECK(*p == '\0');
	strbuf_release(&sb);
	cJSON_Delete(root);
	free(json);
out:
	annotation_free(a);
	image_free(img);
	image_free(shot);
	ui_tree_free(tree);
}

TEST(real_screens_first_of_row)
{
	const char *dir = test_real_screens_dir();
	for (size_t i = 0; i < N_SCREENS; i++)
		check_screen(dir, screens[i], ANNOTATE_LABELS_FIRST_OF_ROW);
}

TEST(real_screens_all_labels)
{
	const char *dir = test_real_screens_dir();
	for (size_t i = 0; i < N_SCREENS; i++)
		check_screen(dir, screens[i], ANNOTATE_LABELS_ALL);
}

/* Parse a synthetic dump made of `body` nodes under a 1080x1920 root. */
static struct ui_tree *synth(const char *body)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb,
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		"<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" "
		"package=\"p\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" "
		"enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"false\" "
		"long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,0][1080,1920]\">"
		"%s</node></hierarchy>", body);
	struct ui_tree *t = NULL;
	int err = ui_parse(sb.buf, sb.len, "synthetic", &t);
	if (err)
		fprintf(stderr, "synthetic: %s\n", td_errmsg(err));
	strbuf_release(&sb);
	return t;
}

/* One node with the given class, flags and bounds. */
static void node(struct strbuf *sb, const char *cls, const char *text, bool click, bool lclick,
		 bool check, bool scroll, int x1, int y1, int x2, int y2)
{
	(void)strbuf_addf(sb,
		"<node index=\"0\" text=\"%s\" resource-id=\"p:id/w\" class=\"%s\" package=\"p\" "
		"content-desc=\"\" checkable=\"%s\" checked=\"false\" clickable=\"%s\" enabled=\"true\" "
		"focusable=\"true\" focused=\"false\" scrollable=\"%s\" long-clickable=\"%s\" "
		"password=\"false\" selected=\"false\" bounds=\"[%d,%d][%d,%d]\" />",
		text, cls, check ? "true" : "false", click ? "true" : "false",
		scroll ? "true" : "false", lclick ? "true" : "false", x1, y1, x2, y2);
}

TEST(colours_and_rows)
{
	struct strbuf sb = STRBUF_INIT;
	node(&sb, "android.widget.Button", "B", true, false, false, false, 600, 110, 900, 200);
	node(&sb, "android.widget.Button", "A", true, false, false, false, 100, 100, 400, 200);
	node(&sb, "android.widget.EditText", "E", true, false, false, false, 100, 300, 900, 400);
	node(&sb, "android.widget.TextView", "L", false, true, false, false, 100, 500, 900, 600);
	node(&sb, "android.widget.CheckBox", "C", true, false, true, false, 100, 700, 900, 800);
	node(&sb, "android.widget.ScrollView", "", false, false, false, true, 0, 900, 1080, 1500);
	node(&sb, "android.widget.TextView", "M", true, true, false, false, 100, 1600, 900, 1700);
	struct ui_tree *t = synth(sb.buf);
	strbuf_release(&sb);
	REQUIRE(t);
	struct annotation *a = NULL;
	CHECK_OK(annotation_build(t, 1080, 1920, 540, 960, NULL, &a));
	REQUIRE(a);
	REQUIRE(a->n == 7);
	/* A (x=100) and B (x=600, 10 px lower) share row 0: A is 1, B is 2. */
	CHECK_STR_EQ(a->w[0].widget->text, "A");
	CHECK_STR_EQ(a->w[1].widget->text, "B");
	CHECK_INT_EQ(a->w[0].row, a->w[1].row);
	CHECK_INT_EQ(a->n_rows, 6);
	CHECK_INT_EQ(a->w[0].color, 0xe00000);  /* click: red */
	CHECK_INT_EQ(a->w[2].color, 0x0050ff);  /* input: blue */
	CHECK_INT_EQ(a->w[3].color, 0xff8c00);  /* long-click: orange */
	CHECK_INT_EQ(a->w[4].color, 0xb000d0);  /* check: purple */
	CHECK_INT_EQ(a->w[5].color, 0x00a0a0);  /* scroll: teal */
	CHECK_INT_EQ(a->w[6].color, 0x00a000);  /* several: green */
	/* Half-size image: boxes are halved; taps stay in device px. */
	CHECK_INT_EQ(a->w[0].box.x1, 50);
	CHECK_INT_EQ(a->w[0].box.y2, 100);
	CHECK_INT_EQ(a->w[0].center_x, 250);
	CHECK_INT_EQ(a->w[0].center_y, 150);
	CHECK(annotation_find(a, 0) == NULL);
	CHECK(annotation_find(a, 8) == NULL);
	/* The alignment check of the model's answers. */
	CHECK(annotation_text_matches(a, 1, "A"));
	CHECK(annotation_text_matches(a, 1, " \"a\" "));
	CHECK(annotation_text_matches(a, 1, "w"));          /* resource-id p:id/w */
	CHECK(!annotation_text_matches(a, 1, "B"));
	CHECK(annotation_text_matches(a, 2, "b"));
	CHECK(!annotation_text_matches(a, 9, "A"));
	CHECK(!annotation_text_matches(a, 1, ""));
	struct strbuf legend = STRBUF_INIT;
	CHECK_OK(annotation_legend(a, &legend));
	CHECK(strstr(legend.buf, "red = click") && strstr(legend.buf, "blue = text input") &&
	      strstr(legend.buf, "green = several"));
	CHECK(strstr(legend.buf, "first (left-most) widget of each row"));
	strbuf_release(&legend);
	struct strbuf list = STRBUF_INIT;
	CHECK_OK(annotation_widget_list(a, &list));
	CHECK(strstr(list.buf, "[7] click,long-click (green) | text \"M\"") != NULL);
	CHECK(strstr(list.buf, "[3] click,input (blue) | text \"E\"") != NULL);
	strbuf_release(&list);
	/* A 5-px tolerance puts B (10 px lower than A) in a row of its own. */
	struct annotate_opts o;
	annotate_opts_default(&o);
	o.row_tolerance = 5;
	annotation_free(a);
	CHECK_OK(annotation_build(t, 1080, 1920, 1080, 1920, &o, &a));
	REQUIRE(a);
	CHECK_INT_EQ(a->n_rows, 7);
	CHECK_STR_EQ(a->w[0].widget->text, "A");
	annotation_free(a);
	ui_tree_free(t);
}

TEST(odd_bounds)
{
	struct strbuf sb = STRBUF_INIT;
	node(&sb, "android.widget.Button", "outside", true, false, false, false, 2000, 2500, 3000, 3000);
	node(&sb, "android.widget.Button", "zero", true, false, false, false, 500, 500, 500, 600);
	node(&sb, "android.widget.Button", "inverted", true, false, false, false, 600, 600, 500, 500);
	node(&sb, "android.widget.Button", "partly", true, false, false, false, -500, -500, 100, 100);
	node(&sb, "android.widget.Button", "huge", true, false, false, false, -9000000, -9000000, 9000000, 9000000);
	node(&sb, "android.widget.Button", "tiny", true, false, false, false, 1079, 1919, 1080, 1920);
	struct ui_tree *t = synth(sb.buf);
	strbuf_release(&sb);
	REQUIRE(t);
	struct annotation *a = NULL;
	CHECK_OK(annotation_build(t, 1080, 1920, 768, 1365, NULL, &a));
	REQUIRE(a);
	CHECK_INT_EQ(a->n, 3); /* huge, partly, tiny */
	struct image *img = image_new(768, 1365);
	CHECK_OK(annotation_draw(a, img));
	for (size_t i = 0; i < a->n; i++) {
		const struct annotated_widget *w = &a->w[i];
		CHECK(w->box.x1 >= 0 && w->box.y1 >= 0 && w->box.x2 <= 768 && w->box.y2 <= 1365);
		CHECK(w->box.x2 > w->box.x1 && w->box.y2 > w->box.y1);
		CHECK(w->label.x1 >= 0 && w->label.y1 >= 0 && w->label.x2 <= 768 && w->label.y2 <= 1365);
		CHECK(w->bounds.x1 >= 0 && w->bounds.y2 <= 1920);
		CHECK(w->center_x >= 0 && w->center_x <= 1080);
	}
	/* Drawing on an image of the wrong size is refused. */
	struct image *other = image_new(100, 100);
	CHECK_INT_EQ(annotation_draw(a, other), TD_ERR_INVALID);
	image_free(other);
	image_free(img);
	annotation_free(a);
	CHECK_INT_EQ(annotation_build(t, 1080, 1920, 0, 10, NULL, &a), TD_ERR_INVALID);
	ui_tree_free(t);
}

TEST(no_actionable_widgets)
{
	struct strbuf sb = STRBUF_INIT;
	node(&sb, "android.widget.TextView", "just text", false, false, false, false, 0, 0, 500, 100);
	struct ui_tree *t = synth(sb.buf);
	strbuf_release(&sb);
	REQUIRE(t);
	struct annotation *a = NULL;
	CHECK_OK(annotation_build(t, 1080, 1920, 540, 960, NULL, &a));
	REQUIRE(a);
	CHECK_INT_EQ(a->n, 0);
	CHECK_INT_EQ(a->n_rows, 0);
	struct image *img = image_new(540, 960);
	CHECK_OK(annotation_draw(a, img));
	CHECK_INT_EQ(image_pixel(img, 10, 10), 0xffffff);
	struct strbuf list = STRBUF_INIT;
	CHECK_OK(annotation_widget_list(a, &list));
	CHECK_INT_EQ(list.len, 0);
	strbuf_release(&list);
	char *json = annotation_to_json(a);
	CHECK(strstr(json, "\"widgets\": []") || strstr(json, "\"widgets\":\t[]"));
	free(json);
	image_free(img);
	annotation_free(a);
	ui_tree_free(t);
}

TEST(many_widgets)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 360; i++) {
		int col = i % 12, row = i / 12;
		node(&sb, "android.widget.Button", "x", true, false, false, false, col * 90,
		     row * 64, col * 90 + 80, row * 64 + 60);
	}
	struct ui_tree *t = synth(sb.buf);
	strbuf_release(&sb);
	REQUIRE(t);
	for (int mode = 0; mode < 2; mode++) {
		struct annotate_opts o;
		annotate_opts_default(&o);
		o.labels = (enum annotate_labels)mode;
		struct annotation *a = NULL;
		CHECK_OK(annotation_build(t, 1080, 1920, 768, 1365, &o, &a));
		REQUIRE(a);
		CHECK_INT_EQ(a->n, 360);
		CHECK_INT_EQ(a->n_rows, 30);
		/* Reading order: widget 13 is the first of the second row. */
		CHECK_INT_EQ(a->w[12].bounds.x1, 0);
		CHECK_INT_EQ(a->w[12].bounds.y1, 64);
		struct image *img = image_new(768, 1365);
		CHECK_OK(annotation_draw(a, img));
		image_free(img);
		annotation_free(a);
		o.max_widgets = 100;
		CHECK_OK(annotation_build(t, 1080, 1920, 768, 1365, &o, &a));
		REQUIRE(a);
		CHECK_INT_EQ(a->n, 100);
		CHECK_INT_EQ(a->dropped, 260);
		struct strbuf list = STRBUF_INIT;
		CHECK_OK(annotation_widget_list(a, &list));
		CHECK(strstr(list.buf, "260 more actionable widgets") != NULL);
		strbuf_release(&list);
		annotation_free(a);
	}
	ui_tree_free(t);
}

TEST(size_mismatch)
{
	const char *dir = test_real_screens_dir();
	struct ui_tree *tree = NULL;
	struct image *shot = NULL;
	if (!load_screen(dir, "trace_7_2", &tree, &shot))
		return;
	struct annotation *a = NULL;
	/* The navigation bar is not in the XML (1080x1792 of 1080x1918): 1:1 plus a note. */
	CHECK_OK(annotation_build(tree, 1080, 1918, 1080, 1918, NULL, &a));
	REQUIRE(a);
	CHECK(a->note && strstr(a->note, "1080x1792"));
	CHECK(a->scale == 1.0);
	annotation_free(a);
	/* Landscape screenshot with a portrait dump: a clear error. */
	int err = annotation_build(tree, 1918, 1080, 1364, 768, NULL, &a);
	CHECK_INT_EQ(err, TD_ERR_INVALID);
	CHECK(strstr(td_errmsg(err), "rotated") != NULL);
	CHECK(a == NULL);
	/* A half-size screenshot: taken as scaled, boxes still line up. */
	CHECK_OK(annotation_build(tree, 540, 896, 540, 896, NULL, &a));
	REQUIRE(a);
	CHECK(a->note != NULL);
	CHECK(a->scale > 0.49 && a->scale < 0.51);
	for (size_t i = 0; i < a->n; i++)
		CHECK(a->w[i].box.x2 <= 540 && a->w[i].box.y2 <= 896);
	annotation_free(a);
	image_free(shot);
	ui_tree_free(tree);
}

TEST(corrupt_png_on_the_annotate_path)
{
	const char *dir = test_real_screens_dir();
	char path[4300];
	snprintf(path, sizeof path, "%s/trace_7_0.png", dir);
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(strbuf_read_file(&sb, path));
	struct image *img = NULL;
	int err = image_decode(sb.buf, sb.len / 2, "half.png", &img);
	CHECK_INT_EQ(err, TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(err), "half.png") != NULL);
	CHECK(img == NULL);
	sb.buf[sb.len / 3] ^= 0xff;
	err = image_decode(sb.buf, sb.len, "flipped.png", &img);
	CHECK(err == TD_ERR_PARSE);
	image_free(img);
	strbuf_release(&sb);
}

TEST(screen_pipeline_and_config)
{
	const char *dir = test_real_screens_dir();
	struct ui_tree *tree = NULL;
	struct image *shot = NULL;
	if (!load_screen(dir, "trace_7_3", &tree, &shot))
		return;
	struct config *cfg = config_defaults();
	struct annotate_opts o;
	struct annotate_image_opts io;
	CHECK_OK(annotate_opts_from_config(cfg, &o));
	CHECK_OK(annotate_image_opts_from_config(cfg, &io));
	CHECK_INT_EQ(io.max_long_edge, 1568);
	CHECK_INT_EQ(io.max_short_edge, 768);
	struct annotation *a = NULL;
	struct image *img = NULL;
	char *uri = NULL;
	CHECK_OK(annotate_screen(tree, shot, &o, &io, &a, &img, &uri));
	REQUIRE(a && img && uri);
	CHECK_INT_EQ(img->width, 768);
	CHECK_INT_EQ(img->height, 1364);
	CHECK(!strncmp(uri, "data:image/png;base64,", 22));
	/* The URI decodes to a PNG of the annotated picture. */
	size_t len = 0;
	unsigned char *png = image_base64_decode(uri + 22, strlen(uri + 22), &len);
	REQUIRE(png);
	struct image *back = NULL;
	CHECK_OK(image_decode_png(png, len, "uri", &back));
	REQUIRE(back);
	const struct annotated_widget *w = annotation_find(a, 2);
	REQUIRE(w);
	CHECK_INT_EQ(image_pixel(back, w->box.x1, (w->box.y1 + w->box.y2) / 2), w->color);
	image_free(back);
	free(png);
	free(uri);
	annotation_free(a);
	image_free(img);
	/* A bad config value is a clear error. */
	CHECK_OK(config_set(cfg, "annotate.labels", "everywhere"));
	int err = annotate_opts_from_config(cfg, &o);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(err), "annotate.labels") != NULL);
	config_free(cfg);
	image_free(shot);
	ui_tree_free(tree);
}

/* Shared by the threads of concurrent_annotation. */
struct concurrent_job {
	const struct ui_tree *tree;
	const struct image *shot;
	const char *want_uri;
	int mismatches, failures;
};

static void *concurrent_worker(void *arg)
{
	struct concurrent_job *job = arg;
	for (int i = 0; i < 2; i++) {
		struct annotation *a = NULL;
		struct image *img = NULL, *grid = NULL;
		char *uri = NULL;
		if (annotate_screen(job->tree, job->shot, NULL, NULL, &a, &img, &uri)) {
			__atomic_add_fetch(&job->failures, 1, __ATOMIC_RELAXED);
			continue;
		}
		if (strcmp(uri, job->want_uri))
			__atomic_add_fetch(&job->mismatches, 1, __ATOMIC_RELAXED);
		struct history_strip_step st = { 0 };
		st.shot = img;
		st.box = a->n ? a->w[0].bounds : (struct ui_rect){ 0, 0, 0, 0 };
		st.actions = a->n ? a->w[0].actions : 0;
		st.action = "click [1]";
		st.page = "a page drawn from several threads at once";
		if (history_strip_build(&st, 1, NULL, &grid))
			__atomic_add_fetch(&job->failures, 1, __ATOMIC_RELAXED);
		image_free(grid);
		free(uri);
		image_free(img);
		annotation_free(a);
	}
	return NULL;
}

TEST(concurrent_annotation)
{
	/* The Explorer and the Monitor draw at the same time: results must not
	 * depend on it (and TSan builds check the drawing for races). */
	const char *dir = test_real_screens_dir();
	struct ui_tree *tree = NULL;
	struct image *shot = NULL;
	if (!load_screen(dir, "trace_7_2", &tree, &shot))
		return;
	struct annotation *a = NULL;
	struct image *img = NULL;
	char *uri = NULL;
	CHECK_OK(annotate_screen(tree, shot, NULL, NULL, &a, &img, &uri));
	REQUIRE(uri);
	struct concurrent_job job = { tree, shot, uri, 0, 0 };
	pthread_t th[3];
	for (int i = 0; i < 3; i++)
		REQUIRE(pthread_create(&th[i], NULL, concurrent_worker, &job) == 0);
	for (int i = 0; i < 3; i++)
		pthread_join(th[i], NULL);
	CHECK_INT_EQ(job.failures, 0);
	CHECK_INT_EQ(job.mismatches, 0);
	free(uri);
	image_free(img);
	annotation_free(a);
	image_free(shot);
	ui_tree_free(tree);
}

TEST(app_info_text)
{
	struct app_activity acts[] = {
		{ "com.example.notes.MainActivity", true, true },
		{ "com.example.notes.EditActivity", false, false },
		{ "org.other.Share", true, false },
	};
	struct app_info info = { 0 };
	info.package = "com.example.notes";
	info.label = "Notes";
	info.activities = acts;
	info.n_activities = 3;
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(annotate_app_info(&info, "com.example.notes/.EditActivity", &sb));
	CHECK(strstr(sb.buf, "App name: Notes (package com.example.notes)") != NULL);
	CHECK(strstr(sb.buf, "Activities: .MainActivity, .EditActivity, org.other.Share") != NULL);
	CHECK(strstr(sb.buf, "Current activity: .EditActivity") != NULL);
	strbuf_reset(&sb);
	CHECK_OK(annotate_app_info(&info, "com.example.notes/com.example.notes.MainActivity", &sb));
	CHECK(strstr(sb.buf, "Current activity: .MainActivity") != NULL);
	strbuf_reset(&sb);
	CHECK_OK(annotate_app_info(NULL, NULL, &sb));
	CHECK_STR_EQ(sb.buf, "Current activity: unknown\n");
	strbuf_release(&sb);
}

TEST(history_strip)
{
	const char *dir = test_real_screens_dir();
	struct image *shots[4] = { 0 };
	struct ui_tree *trees[4] = { 0 };
	for (int i = 0; i < 4; i++)
		if (!load_screen(dir, screens[i], &trees[i], &shots[i]))
			return;
	struct history_strip_step steps[40];
	memset(steps, 0, sizeof steps);
	for (int i = 0; i < 40; i++) {
		steps[i].shot = shots[i % 4];
		steps[i].box = (struct ui_rect){ 100, 300, 980, 500 };
		steps[i].actions = i % 2 ? UI_ACT_INPUT : UI_ACT_CLICK;
		steps[i].action = i % 2 ? "input \"vegetarian\" into [3]" : "click [7] \"More filters\"";
		steps[i].page = "Google Maps search results for vegetarian restaurants with photos, "
				"filter chips and a map that is long enough to need wrapping";
	}
	struct history_strip_opts o;
	history_strip_opts_default(&o);
	struct image *grid = NULL;
	CHECK_OK(history_strip_build(steps, 5, &o, &grid));
	REQUIRE(grid);
	CHECK((long)grid->width * grid->height <= o.max_pixels);
	CHECK(grid->width > grid->height / 2);
	/* The acted-on boxes are drawn in their action colours. */
	int red = 0, blue = 0;
	for (int y = 0; y < grid->height; y++)
		for (int x = 0; x < grid->width; x++) {
			uint32_t p = image_pixel(grid, x, y);
			red += p == 0xe00000;
			blue += p == 0x0050ff;
		}
	CHECK(red > 100);
	CHECK(blue > 100);
	image_free(grid);
	/* Forty steps still fit the cap (oldest dropped when needed). */
	CHECK_OK(history_strip_build(steps, 40, &o, &grid));
	REQUIRE(grid);
	CHECK((long)grid->width * grid->height <= o.max_pixels);
	image_free(grid);
	/* No screenshot at all still gives captioned cells. */
	struct history_strip_step blank = { 0 };
	blank.action = "back";
	CHECK_OK(history_strip_build(&blank, 1, &o, &grid));
	REQUIRE(grid);
	image_free(grid);
	/* Nonsense requests are errors, not crashes. */
	CHECK_INT_EQ(history_strip_build(steps, 0, &o, &grid), TD_ERR_INVALID);
	o.max_pixels = 100;
	CHECK_INT_EQ(history_strip_build(steps, 3, &o, &grid), TD_ERR_INVALID);
	for (int i = 0; i < 4; i++) {
		image_free(shots[i]);
		ui_tree_free(trees[i]);
	}
}

int main(void)
{
	RUN(colours_and_rows);
	RUN(odd_bounds);
	RUN(no_actionable_widgets);
	RUN(many_widgets);
	RUN(app_info_text);
	if (!test_real_screens_dir()) {
		int rc = test_summary();
		return rc ? rc : test_skip("real screens not found; synthetic tests passed");
	}
	RUN(real_screens_first_of_row);
	RUN(real_screens_all_labels);
	RUN(size_mismatch);
	RUN(corrupt_png_on_the_annotate_path);
	RUN(screen_pipeline_and_config);
	RUN(concurrent_annotation);
	RUN(history_strip);
	image_release_caches();
	return test_summary();
}
