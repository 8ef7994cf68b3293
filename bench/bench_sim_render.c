/*
 * bench_sim_render.c - how fast the simulator draws and encodes a screen.
 *
 * A busy 1080x2400 screen (app bar, form, list, bottom navigation, dialog)
 * is rendered to raw RGBA, to PNG through libpng with sim_render.c's fast
 * settings (level 1, SUB filter, Z_RLE), and to PNG through Cairo's own
 * writer (zlib defaults). Then `screencap -p` end to end through sim_shell
 * on a real spec. Prints the median of repeated runs and the PNG sizes.
 *
 *   bench_sim_render [SPEC.json] [RUNS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "core/strbuf.h"
#include "device/sim/sim.h"
#include "device/sim/sim_render.h"

#define NV 48

static struct sim_view views[NV];
static struct sim_view *kids[NV][24];
static int n;

static struct sim_view *add(struct sim_view *parent, enum sim_view_kind kind, const char *text, int x1, int y1,
			    int x2, int y2)
{
	struct sim_view *v = &views[n];
	memset(v, 0, sizeof *v);
	v->kind = kind;
	v->class_name = "android.view.View";
	v->resource_id = v->content_desc = v->hint = "";
	v->text = text;
	v->x1 = x1;
	v->y1 = y1;
	v->x2 = x2;
	v->y2 = y2;
	v->enabled = true;
	v->children = kids[n++];
	if (parent)
		parent->children[parent->n_children++] = v;
	return v;
}

static struct sim_screen_view busy_screen(void)
{
	n = 0;
	struct sim_view *root = add(NULL, SIM_VIEW_FRAME, "", 0, 0, 1080, 2400);
	add(root, SIM_VIEW_STATUS_BAR, "12:00", 0, 0, 1080, 63);
	add(root, SIM_VIEW_APP_BAR, "Shopping list", 0, 63, 1080, 210);
	add(root, SIM_VIEW_EDIT_TEXT, "", 42, 240, 1038, 398)->hint = "Item name";
	add(root, SIM_VIEW_BUTTON, "Add", 42, 420, 520, 546);
	add(root, SIM_VIEW_CHECKBOX, "Only unchecked", 42, 560, 1038, 686)->checked = true;
	add(root, SIM_VIEW_SWITCH, "Sort by name", 42, 690, 1038, 816);
	struct sim_view *list = add(root, SIM_VIEW_LIST, "", 0, 830, 1080, 2100);
	static const char *rows[] = { "Milk\n2 l", "Eggs\n12", "Bread", "Apples\n1 kg", "Coffee", "Rice\n2 kg", "Tea" };
	for (int i = 0; i < 7; i++)
		add(list, SIM_VIEW_LIST_ROW, rows[i], 0, 830 + i * 180, 1080, 1010 + i * 180);
	add(root, SIM_VIEW_FAB, "", 858, 1900, 1038, 2080)->content_desc = "Add";
	struct sim_view *nav = add(root, SIM_VIEW_BOTTOM_NAV, "", 0, 2253, 1080, 2400);
	add(nav, SIM_VIEW_NAV_ITEM, "List", 0, 2253, 360, 2400)->selected = true;
	add(nav, SIM_VIEW_NAV_ITEM, "Stats", 360, 2253, 720, 2400);
	add(nav, SIM_VIEW_NAV_ITEM, "Settings", 720, 2253, 1080, 2400);
	add(root, SIM_VIEW_SCRIM, "", 0, 0, 1080, 2400);
	struct sim_view *d = add(root, SIM_VIEW_DIALOG, "", 84, 900, 996, 1400);
	add(d, SIM_VIEW_TEXT, "Delete item?", 147, 950, 933, 1040);
	add(d, SIM_VIEW_TEXT_BUTTON, "Cancel", 500, 1260, 720, 1380);
	add(d, SIM_VIEW_TEXT_BUTTON, "Delete", 740, 1260, 960, 1380);
	struct sim_screen_view sv = { root, 1080, 2400, 0, "com.example.shop", "com.example.shop.MainActivity" };
	return sv;
}

typedef int (*render_fn)(const struct sim_screen_view *, struct strbuf *);

static void measure(const char *name, render_fn fn, const struct sim_screen_view *sv, int runs)
{
	double *t = calloc((size_t)runs, sizeof *t);
	size_t bytes = 0;
	for (int i = 0; i < runs; i++) {
		struct strbuf out = STRBUF_INIT;
		double t0 = bench_now_ms();
		int err = fn(sv, &out);
		t[i] = bench_now_ms() - t0;
		bytes = err ? 0 : out.len;
		strbuf_release(&out);
	}
	printf("%-34s median %7.1f ms  %8zu bytes\n", name, bench_median(t, (size_t)runs), bytes);
	free(t);
}

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : TRIDENT_SOURCE_DIR "/tests/data/device_test_app.json";
	int runs = argc > 2 ? atoi(argv[2]) : 15;
	if (runs < 1)
		runs = 1;
	struct sim_screen_view sv = busy_screen();
	printf("busy 1080x2400 screen, %d runs\n", runs);
	measure("draw + raw RGBA", sim_render_raw, &sv, runs);
	measure("draw + PNG (libpng fast)", sim_render_png, &sv, runs);
	measure("draw + PNG (cairo writer)", sim_render_png_cairo, &sv, runs);

	struct sim_app *app = NULL;
	struct sim *s = NULL;
	if (sim_app_load(spec, &app) != TD_OK) {
		printf("(no spec %s: skipping screencap)\n", spec);
		return 0;
	}
	struct sim_options opt = { 0, 0, false, NULL };
	if (sim_new(app, &opt, &s) != TD_OK) {
		sim_app_free(app);
		return 0;
	}
	char launch[512];
	snprintf(launch, sizeof launch, "monkey -p %s -c android.intent.category.LAUNCHER 1", sim_app_package(app));
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int code;
	if (sim_shell(s, launch, &out, &err, &code) == TD_OK) {
		double *t = calloc((size_t)runs, sizeof *t);
		for (int i = 0; i < runs; i++) {
			strbuf_reset(&out);
			double t0 = bench_now_ms();
			if (sim_shell(s, "screencap -p", &out, &err, &code) != TD_OK)
				break;
			t[i] = bench_now_ms() - t0;
		}
		printf("%-34s median %7.1f ms  %8zu bytes\n", "sim_shell(\"screencap -p\")", bench_median(t, (size_t)runs),
		       out.len);
		free(t);
	}
	strbuf_release(&out);
	strbuf_release(&err);
	sim_free(s);
	sim_app_free(app);
	sim_render_release_caches();
	return 0;
}
