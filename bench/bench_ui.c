/*
 * bench_ui.c - how long the UI model takes on one real screen: parsing the
 * UIAutomator dump, computing the three signatures, and comparing it with
 * another screen (GUIPilot alignment and Vet's SimCheck).
 *
 * For each of the 12 screens in $TRIDENT_FIXTURES/real-screens it prints the
 * median over many repetitions, in microseconds. Usage:
 *   bench_ui [REPETITIONS]       (default 200)
 * Prints a note and exits 0 when the fixtures are absent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#include "core/error.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

#define N_SCREENS 12

/* Where the fixtures are, or NULL. */
static const char *screens_dir(void)
{
	static char path[4096];
	const char *f = getenv("TRIDENT_FIXTURES");
	if (!f)
		f = TRIDENT_SOURCE_DIR "/../shared/fixtures";
	snprintf(path, sizeof path, "%s/real-screens", f);
	char probe[4200];
	snprintf(probe, sizeof probe, "%s/trace_7_0.xml", path);
	FILE *fp = fopen(probe, "r");
	if (!fp)
		return NULL;
	fclose(fp);
	return path;
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 200;
	if (reps < 1) {
		fprintf(stderr, "usage: bench_ui [REPETITIONS]\n");
		return 2;
	}
	const char *dir = screens_dir();
	if (!dir) {
		printf("bench_ui: real-screens fixtures not found; nothing to measure\n");
		return 0;
	}

	struct strbuf xml[N_SCREENS];
	struct ui_tree *trees[N_SCREENS];
	for (int i = 0; i < N_SCREENS; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/trace_7_%d.xml", dir, i);
		strbuf_init(&xml[i], UI_XML_MAX_BYTES);
		int err = strbuf_read_file(&xml[i], path);
		if (!err)
			err = ui_parse(xml[i].buf, xml[i].len, path, &trees[i]);
		if (err) {
			fprintf(stderr, "bench_ui: %s\n", td_errmsg(err));
			return 1;
		}
	}

	double *t_parse = xmalloc((size_t)reps * sizeof *t_parse);
	double *t_sign = xmalloc((size_t)reps * sizeof *t_sign);
	double *t_align = xmalloc((size_t)reps * sizeof *t_align);
	double *t_sim = xmalloc((size_t)reps * sizeof *t_sim);
	volatile uint64_t sink = 0;
	double total_parse = 0, total_sign = 0, total_align = 0;

	printf("UI model, median of %d runs per screen (microseconds)\n", reps);
	printf("%-12s %7s %6s %6s %9s %9s %9s %9s\n", "screen", "bytes", "nodes", "align",
	       "parse", "sign(3)", "align", "simcheck");
	for (int i = 0; i < N_SCREENS; i++) {
		int other = (i + 1) % N_SCREENS;
		for (int r = 0; r < reps; r++) {
			struct ui_tree *t = NULL;
			double t0 = bench_now_ms();
			int err = ui_parse(xml[i].buf, xml[i].len, "bench", &t);
			double t1 = bench_now_ms();
			if (err) {
				fprintf(stderr, "bench_ui: %s\n", td_errmsg(err));
				return 1;
			}
			sink ^= ui_sig_structural(t, "a/.B") ^ ui_sig_abstract(t, "a/.B") ^ ui_sig_text(t, "a/.B");
			double t2 = bench_now_ms();
			/* compare with the same screen re-parsed and with a different one */
			struct ui_alignment *al = NULL;
			if (ui_align(t, trees[i], NULL, &al) == TD_OK) {
				sink ^= al->n_pairs;
				ui_alignment_free(al);
			}
			if (ui_align(t, trees[other], NULL, &al) == TD_OK) {
				sink ^= al->n_pairs;
				ui_alignment_free(al);
			}
			double t3 = bench_now_ms();
			sink ^= ui_simcheck(t, NULL, trees[i], NULL, NULL);
			sink ^= ui_simcheck(t, NULL, trees[other], NULL, NULL);
			double t4 = bench_now_ms();
			ui_tree_free(t);
			t_parse[r] = (t1 - t0) * 1000.0;
			t_sign[r] = (t2 - t1) * 1000.0;
			t_align[r] = (t3 - t2) * 1000.0 / 2.0;
			t_sim[r] = (t4 - t3) * 1000.0 / 2.0;
		}
		const struct ui_widget **ws = NULL;
		size_t n_align = ui_align_widgets(trees[i], NULL, &ws);
		free(ws);
		double mp = bench_median(t_parse, (size_t)reps), ms = bench_median(t_sign, (size_t)reps);
		double ma = bench_median(t_align, (size_t)reps), mc = bench_median(t_sim, (size_t)reps);
		total_parse += mp;
		total_sign += ms;
		total_align += ma;
		printf("trace_7_%-4d %7zu %6zu %6zu %9.1f %9.1f %9.1f %9.1f\n", i, xml[i].len,
		       trees[i]->n_nodes, n_align, mp, ms, ma, mc);
	}
	printf("mean of medians: parse %.1f us, sign %.1f us, align %.1f us (one comparison)\n",
	       total_parse / N_SCREENS, total_sign / N_SCREENS, total_align / N_SCREENS);
	printf("peak RSS %ld KiB\n", bench_peak_rss_kib());

	for (int i = 0; i < N_SCREENS; i++) {
		ui_tree_free(trees[i]);
		strbuf_release(&xml[i]);
	}
	free(t_parse);
	free(t_sign);
	free(t_align);
	free(t_sim);
	(void)sink;
	return 0;
}
