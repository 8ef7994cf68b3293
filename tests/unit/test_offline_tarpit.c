/*
 * test_offline_tarpit.c - Vet's tarpit patterns and Delm's loop detector on
 * synthetic traces, SimCheck grouping, and the loop escape's choice.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include "agents/loops.h"
#include "agents/tarpit.h"
#include "device/app_info.h"

/* Feed groups g[0..n) as steps 1..n with event = 1000 + step. */
static void feed(struct tarpit *tp, const int *g, int n, int step0)
{
	for (int i = 0; i < n; i++)
		tarpit_add(tp, step0 + i, g[i], 1000u + (unsigned)(step0 + i));
}

TEST(params_scale_with_budget)
{
	struct tarpit_params p;
	struct loop_params lp;

	tarpit_params_for_budget(&p, 300);
	CHECK_INT_EQ(p.t_min, 30);
	tarpit_params_for_budget(&p, 50);
	CHECK_INT_EQ(p.t_min, 12);
	tarpit_params_for_budget(&p, 100000);
	CHECK_INT_EQ(p.t_min, 120);
	loop_params_scale(&lp, 200, 50, 0);
	CHECK_INT_EQ(lp.window, 200);
	CHECK_INT_EQ(lp.limit, 50);
	loop_params_scale(&lp, 200, 50, 100);
	CHECK_INT_EQ(lp.window, 50);
	CHECK_INT_EQ(lp.limit, 12);
	loop_params_scale(&lp, 200, 50, 1000);
	CHECK_INT_EQ(lp.window, 200);
	/* Short runs: floors on the window and the limit (a form is not a loop). */
	loop_params_scale(&lp, 200, 50, 30);
	CHECK_INT_EQ(lp.window, LOOP_MIN_WINDOW);
	CHECK_INT_EQ(lp.limit, LOOP_MIN_LIMIT);
	loop_params_scale(&lp, 40, 30, 30);
	CHECK_INT_EQ(lp.window, LOOP_MIN_WINDOW);
	CHECK_INT_EQ(lp.limit, 22);
}

TEST(partition_found_with_culprit)
{
	/* 60 steps over groups 0..7 (the app), a logout at step 60, then 40 steps on 8/9 (login, register). */
	struct tarpit_params p = { .t_min = 20, .partition_max = 0.1, .local_ratio = 0.1, .check_every = 1 };
	struct tarpit *tp = tarpit_new(&p);
	int g[100];
	struct tarpit_finding f;

	for (int i = 0; i < 60; i++)
		g[i] = (i * 3) % 8;
	for (int i = 60; i < 100; i++)
		g[i] = 8 + (i % 2);
	feed(tp, g, 100, 1);
	REQUIRE(tarpit_check_now(tp, &f));
	CHECK_INT_EQ(f.kind, TARPIT_PARTITION);
	CHECK_INT_EQ(f.culprit_step, 60);
	CHECK(f.culprit_event == 1060);
	CHECK_INT_EQ(f.region_first, 61);
	CHECK_INT_EQ(f.region_groups, 2);
	CHECK(strcmp(tarpit_kind_name(f.kind), "exploration_space_partition") == 0);
	/* After a recovery the window starts afresh: nothing to report yet. */
	tarpit_reset(tp);
	CHECK(!tarpit_check_now(tp, &f));
	tarpit_free(tp);
}

TEST(partition_waits_for_the_clean_cut)
{
	/*
	 * The trap app's shape (seed 1): the app's pages (groups 0..4), Page B
	 * at step 12 (group 5), one more visit to the main screen (step 15),
	 * where Logout leads to the login screens (6, 7) for good. At step 25
	 * Logout is too recent to be a candidate and the best cut, Page B, is
	 * the last one allowed with the main screen still coming back after
	 * it: nothing is reported until step 30 names Logout.
	 */
	static const int g[30] = { 0, 1, 2, 2, 1, 2, 1, 0, 3, 4, 3, 0, 5, 5, 0,
				   6, 7, 6, 6, 7, 6, 7, 7, 6, 7, 6, 6, 7, 6, 7 };
	struct tarpit_params p = { .t_min = 12, .partition_max = 0.1, .local_ratio = 0.1, .check_every = 5 };
	struct tarpit *tp = tarpit_new(&p);
	struct tarpit_finding f;

	feed(tp, g, 25, 1);
	CHECK(!tarpit_check(tp, &f));
	feed(tp, g + 25, 5, 26);
	REQUIRE(tarpit_check(tp, &f));
	CHECK_INT_EQ(f.kind, TARPIT_PARTITION);
	CHECK_INT_EQ(f.culprit_step, 15);
	CHECK_INT_EQ(f.region_first, 16);
	CHECK_INT_EQ(f.region_groups, 2);
	CHECK(f.score == 0.0);
	tarpit_free(tp);
}

TEST(partition_near_tie_goes_to_the_clean_cut)
{
	/*
	 * 30 steps over groups 0..9, then step 31 on 15 (login), step 32 on 16
	 * (a page never seen again) and 13 steps over 20..22 with one more
	 * visit to 15. Cutting after step 32 scores a little lower (16 drops
	 * out of the region) but 15 comes back after it; cutting after step 30
	 * is clean and within the tie margin, so step 30 is the culprit.
	 */
	static const int trap[15] = { 15, 16, 20, 21, 22, 20, 15, 21, 22, 20, 21, 22, 20, 21, 22 };
	struct tarpit_params p = { .t_min = 10, .partition_max = 0.1, .local_ratio = 0.1, .check_every = 1 };
	struct tarpit *tp = tarpit_new(&p);
	int g[45];
	struct tarpit_finding f;

	for (int i = 0; i < 30; i++)
		g[i] = i % 10;
	memcpy(g + 30, trap, sizeof(trap));
	feed(tp, g, 45, 1);
	REQUIRE(tarpit_check_now(tp, &f));
	CHECK_INT_EQ(f.kind, TARPIT_PARTITION);
	CHECK_INT_EQ(f.culprit_step, 30);
	CHECK_INT_EQ(f.region_first, 31);
	CHECK_INT_EQ(f.region_groups, 5);
	tarpit_free(tp);
}

TEST(healthy_trace_has_no_tarpit)
{
	struct tarpit_params p = { .t_min = 20, .partition_max = 0.1, .local_ratio = 0.1, .check_every = 1 };
	struct tarpit *tp = tarpit_new(&p);
	int g[120];
	struct tarpit_finding f;

	/* Keeps finding new screens and returning to old ones. */
	for (int i = 0; i < 120; i++)
		g[i] = i % 3 == 0 ? 0 : i / 3;
	feed(tp, g, 120, 1);
	CHECK(!tarpit_check_now(tp, &f));
	CHECK_INT_EQ(f.kind, TARPIT_NONE);
	tarpit_free(tp);
}

TEST(local_exploration_found)
{
	/* 30 steps wander over 10 screens, then 40 steps bounce between screens 3 and 4 only. */
	struct tarpit_params p = { .t_min = 20, .partition_max = 0.0, .local_ratio = 0.1, .check_every = 1 };
	struct tarpit *tp = tarpit_new(&p);
	int g[70];
	struct tarpit_finding f;

	for (int i = 0; i < 30; i++)
		g[i] = i % 10;
	for (int i = 30; i < 70; i++)
		g[i] = 3 + (i % 2);
	feed(tp, g, 70, 1);
	REQUIRE(tarpit_check_now(tp, &f));
	CHECK_INT_EQ(f.kind, TARPIT_LOCAL);
	CHECK(f.region_groups <= 2);
	CHECK(f.region_last == 70);
	/* check_every gates the periodic check. */
	p.check_every = 1000;
	{
		struct tarpit *t2 = tarpit_new(&p);

		feed(t2, g, 70, 1);
		CHECK(!tarpit_check(t2, &f));
		CHECK(tarpit_check_now(t2, &f));
		tarpit_free(t2);
	}
	tarpit_free(tp);
}

TEST(loop_detector_window)
{
	struct loop_params lp = { .window = 10, .limit = 5 };
	struct loop_detector *d = loop_detector_new(&lp);
	uint64_t rep = 0;
	int count = 0;
	bool looped = false;

	/* Distinct states never loop. */
	for (uint64_t s = 1; s <= 30; s++)
		looped |= loop_detector_push(d, s, &rep, &count);
	CHECK(!looped);
	/* A two-state ping-pong fills the window with 5 of each. */
	for (int i = 0; i < 9; i++)
		CHECK(!loop_detector_push(d, i % 2 ? 7 : 8, &rep, &count) || i >= 8);
	CHECK(loop_detector_push(d, 8, &rep, &count));
	CHECK(rep == 8 || rep == 7);
	CHECK(count >= 5);
	loop_detector_reset(d);
	CHECK(!loop_detector_push(d, 8, &rep, &count));
	loop_detector_free(d);
}

TEST(loop_escape_prefers_unvisited_deep_link)
{
	struct app_activity acts[3] = {
		{ .name = "com.example.t.MainActivity", .exported = true, .launcher = true },
		{ .name = "com.example.t.SettingsActivity", .exported = true },
		{ .name = "com.example.t.DetailActivity", .exported = false },
	};
	struct app_deep_link links[1] = {
		{ .activity = "com.example.t.DetailActivity", .scheme = "t", .host = "detail", .path = "",
		  .uri = "t://detail/1" },
	};
	struct app_info info = { .package = "com.example.t", .label = "T", .version = "1",
				 .launcher_activity = "com.example.t.MainActivity", .activities = acts,
				 .n_activities = 3, .deep_links = links, .n_deep_links = 1 };
	struct loop_visits *v = loop_visits_new();
	struct action a;

	loop_visits_note(v, &info, "com.example.t/.MainActivity", 1);
	REQUIRE(loop_choose_escape(&info, v, "com.example.t/.MainActivity", NULL, &a) == TD_OK);
	CHECK_INT_EQ(a.type, ACTION_DEEP_LINK);
	CHECK(a.uri && strcmp(a.uri, "t://detail/1") == 0);
	action_release(&a);
	loop_visits_note(v, &info, "com.example.t/.DetailActivity", 5);
	REQUIRE(loop_choose_escape(&info, v, "com.example.t/.DetailActivity", NULL, &a) == TD_OK);
	CHECK_INT_EQ(a.type, ACTION_START_ACTIVITY);
	CHECK(a.uri && strcmp(a.uri, "com.example.t/com.example.t.SettingsActivity") == 0);
	action_release(&a);
	loop_visits_free(v);
}

TEST(simcheck_groups_merge_variants)
{
	struct tarpit_groups *g = tarpit_groups_new(NULL);
	char *a = x_xml(x_cat(x_node("android.widget.TextView", "t:id/a", "One", "", "", 0, 0, 500, 100, NULL),
			      x_node("android.widget.Button", "t:id/b", "Go", "c", "", 0, 100, 500, 200, NULL), NULL));
	/* A variant: one more widget (SimCheck: a common subsequence, lengths within d_max). */
	char *b = x_xml(x_cat(x_node("android.widget.TextView", "t:id/a", "Two", "", "", 0, 0, 500, 100, NULL),
			      x_node("android.widget.Button", "t:id/b", "Go", "c", "", 0, 100, 500, 200, NULL),
			      x_node("android.widget.TextView", "t:id/extra", "hint", "", "", 0, 200, 500, 300, NULL), NULL));
	char *c = x_xml(x_cat(x_node("android.widget.EditText", "t:id/e", "", "c", "", 0, 0, 500, 100, NULL),
			      x_node("android.widget.CheckBox", "t:id/k", "", "kc", "", 0, 100, 500, 200, NULL), NULL));
	int ga, gb, gc, gd;

	ga = tarpit_groups_assign(g, a, strlen(a), "t/.Main");
	gb = tarpit_groups_assign(g, b, strlen(b), "t/.Main");
	gc = tarpit_groups_assign(g, c, strlen(c), "t/.Main");
	gd = tarpit_groups_assign(g, a, strlen(a), "t/.Other");
	CHECK_INT_EQ(ga, 0);
	CHECK_INT_EQ(gb, 0);
	CHECK_INT_EQ(gc, 1);
	CHECK_INT_EQ(gd, 2);
	CHECK_INT_EQ(tarpit_groups_assign(g, "<not xml", 8, "t/.Main"), -1);
	CHECK_INT_EQ(tarpit_groups_count(g), 3);
	tarpit_groups_free(g);
	free(a);
	free(b);
	free(c);
}

int main(void)
{
	RUN(params_scale_with_budget);
	RUN(partition_found_with_culprit);
	RUN(partition_waits_for_the_clean_cut);
	RUN(partition_near_tie_goes_to_the_clean_cut);
	RUN(healthy_trace_has_no_tarpit);
	RUN(local_exploration_found);
	RUN(loop_detector_window);
	RUN(loop_escape_prefers_unvisited_deep_link);
	RUN(simcheck_groups_merge_variants);
	return test_summary();
}
