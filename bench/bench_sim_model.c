/*
 * bench_sim_model.c - how fast the simulated device answers without a
 * latency profile: spec loading, `uiautomator dump`, an `input tap` that
 * opens another screen (Back, untimed, returns), and a rotation, on each
 * demo app. Prints medians of
 * repeated runs in milliseconds; asserts nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "device/sim/sim.h"

#define REPS 50

/* Median time of `cmd` over REPS runs (with `undo` run untimed after each). */
static double time_cmd(struct sim *s, const char *cmd, const char *undo)
{
	double t[REPS];
	for (int i = 0; i < REPS; i++) {
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
		int code;
		double t0 = bench_now_ms();
		int rc = sim_shell(s, cmd, &out, &err, &code);
		t[i] = bench_now_ms() - t0;
		if (undo)
			rc |= sim_shell(s, undo, &out, &err, &code);
		(void)rc;
		strbuf_release(&out);
		strbuf_release(&err);
	}
	return bench_median(t, REPS);
}

int main(void)
{
	static const char *apps[] = { "notes", "shop", "todo", "player" };
	/* a tap that opens another screen in each app */
	static const char *taps[] = { "input tap 943 2263", "input tap 200 315", "input tap 540 1536",
				      "input tap 540 315" };
	printf("%-8s %10s %10s %10s %10s\n", "app", "load_ms", "dump_ms", "tap_ms", "rotate_ms");
	for (size_t a = 0; a < 4; a++) {
		char *path = sim_app_resolve(apps[a], NULL);
		double lt[REPS];
		struct sim_app *app = NULL;
		for (int i = 0; i < REPS; i++) {
			double t0 = bench_now_ms();
			int lerr = sim_app_load(path, &app);

			if (lerr != 0) {
				fprintf(stderr, "cannot load %s: %s\n", path, td_errmsg(lerr));
				free(path);
				return 1;
			}
			lt[i] = bench_now_ms() - t0;
			if (i < REPS - 1)
				sim_app_free(app);
		}
		free(path);
		struct sim_options o = { 0, 0, false, NULL };
		struct sim *s = NULL;
		if (sim_new(app, &o, &s) != 0)
			return 1;
		char launch[200];
		snprintf(launch, sizeof launch, "monkey -p %s -c android.intent.category.LAUNCHER 1",
			 sim_app_package(app));
		struct strbuf out = STRBUF_INIT;
		int code;
		if (sim_shell(s, launch, &out, NULL, &code) != 0)
			return 1;
		strbuf_release(&out);
		double dump = time_cmd(s, "uiautomator dump /dev/tty", NULL);
		double tap = time_cmd(s, taps[a], "input keyevent 4");
		double rot = time_cmd(s, "settings put system user_rotation 1", "settings put system user_rotation 0");
		printf("%-8s %10.3f %10.3f %10.3f %10.3f\n", apps[a], bench_median(lt, REPS), dump, tap, rot);
		sim_free(s);
		sim_app_free(app);
	}
	return 0;
}
