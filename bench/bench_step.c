/*
 * bench_step.c - the host CPU time of one Explorer step on the 12 real
 * screens, the number issue 19 tracks: decode the device's PNG, downscale to
 * the model size, number and draw the annotation (with the legend and widget
 * list), encode the request's palette PNG, base64 it. CPU time, not wall
 * time (the machine is shared), median over 12 screens x REPEATS; also each
 * stage's median. The last line is machine-readable for scripts/bench-ratios:
 *
 *   RESULT host_step_cpu_ms <median> decode_cpu_ms <median>
 *
 *   bench_step [FIXTURES_DIR/real-screens] [REPEATS]
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "core/annotate.h"
#include "core/error.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/ui.h"

#define N_SCREENS 12

enum { ST_DECODE, ST_SCALE, ST_ANNOTATE, ST_ENCODE, ST__N };
static const char *stage_names[ST__N] = { "decode png", "downscale", "annotate", "encode+base64" };

/* One step on one screen; stage CPU times into t[]. 0 on success. */
static int one_step(const struct strbuf *xml, const struct strbuf *png, const char *name, double t[ST__N])
{
	struct ui_tree *tree = NULL;
	struct image *shot = NULL, *img = NULL;
	struct annotation *a = NULL;
	unsigned char *out = NULL;
	char *b64 = NULL;
	size_t out_len = 0;
	struct strbuf text = STRBUF_INIT;
	int err;
	static const uint32_t exact[] = { 0xe00000, 0x0050ff, 0xff8c00, 0xb000d0,
					  0x00a0a0, 0x00a000, 0x808080, 0xffffff };

	if ((err = ui_parse(xml->buf, xml->len, name, &tree)))
		goto out;
	double t0 = bench_cpu_ms(), t1;
	if ((err = image_decode(png->buf, png->len, name, &shot)))
		goto out;
	t1 = bench_cpu_ms(); t[ST_DECODE] = t1 - t0; t0 = t1;
	int w, h;
	image_fit_size(shot->width, shot->height, 1568, 768, &w, &h);
	img = image_downscale(shot, w, h);
	t1 = bench_cpu_ms(); t[ST_SCALE] = t1 - t0; t0 = t1;
	if ((err = annotation_build(tree, shot->width, shot->height, w, h, NULL, &a)) ||
	    (err = annotation_draw(a, img)) || (err = annotation_legend(a, &text)) ||
	    (err = annotation_widget_list(a, &text)))
		goto out;
	t1 = bench_cpu_ms(); t[ST_ANNOTATE] = t1 - t0; t0 = t1;
	if ((err = image_encode_png_palette(img, 1, exact, 8, &out, &out_len)))
		goto out;
	b64 = image_base64(out, out_len, NULL);
	t1 = bench_cpu_ms(); t[ST_ENCODE] = t1 - t0;
out:
	if (err)
		fprintf(stderr, "bench_step: %s: %s\n", name, td_errmsg(err));
	strbuf_release(&text);
	free(b64);
	free(out);
	annotation_free(a);
	image_free(img);
	image_free(shot);
	ui_tree_free(tree);
	return err;
}

int main(int argc, char **argv)
{
	char dir[4096];
	const char *fx = getenv("TRIDENT_FIXTURES");
	if (argc > 1)
		snprintf(dir, sizeof dir, "%s", argv[1]);
	else
		snprintf(dir, sizeof dir, "%s/real-screens", fx ? fx : TRIDENT_SOURCE_DIR "/../shared/fixtures");
	int reps = argc > 2 ? atoi(argv[2]) : 7;
	if (reps < 1)
		reps = 1;
	struct strbuf xml[N_SCREENS], png[N_SCREENS];
	for (int s = 0; s < N_SCREENS; s++) {
		char path[4200];
		strbuf_init(&xml[s], 0);
		strbuf_init(&png[s], 0);
		snprintf(path, sizeof path, "%s/trace_7_%d.xml", dir, s);
		int err = strbuf_read_file(&xml[s], path);
		snprintf(path, sizeof path, "%s/trace_7_%d.png", dir, s);
		if (!err)
			err = strbuf_read_file(&png[s], path);
		if (err) {
			fprintf(stderr, "bench_step: %s (skipped)\n", td_errmsg(err));
			return 0;
		}
	}
	size_t n = (size_t)N_SCREENS * (size_t)reps, k = 0;
	double *total = malloc(sizeof(double) * n), *stage = malloc(sizeof(double) * n * ST__N);
	for (int r = 0; r < reps; r++)
		for (int s = 0; s < N_SCREENS; s++, k++) {
			double t[ST__N] = { 0 };
			char name[32];
			snprintf(name, sizeof name, "trace_7_%d", s);
			if (one_step(&xml[s], &png[s], name, t))
				return 1;
			total[k] = 0;
			for (int i = 0; i < ST__N; i++) {
				stage[(size_t)i * n + k] = t[i];
				total[k] += t[i];
			}
		}
	printf("bench_step: host CPU per step on %d real screens x %d repeats "
	       "(decode + downscale + annotate + palette encode + base64)\n", N_SCREENS, reps);
	double med = bench_median(total, n);
	printf("    %-14s median %6.2f ms CPU\n", "step", med);
	double dec = 0;
	for (int i = 0; i < ST__N; i++) {
		double m = bench_median(stage + (size_t)i * n, n);
		if (i == ST_DECODE)
			dec = m;
		printf("    %-14s median %6.2f ms CPU\n", stage_names[i], m);
	}
	printf("RESULT host_step_cpu_ms %.2f decode_cpu_ms %.2f\n", med, dec);
	free(total);
	free(stage);
	for (int s = 0; s < N_SCREENS; s++) {
		strbuf_release(&xml[s]);
		strbuf_release(&png[s]);
	}
	return 0;
}
