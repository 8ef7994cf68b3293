/*
 * test_ui_align.c - GUIPilot widget alignment and Vet's SimCheck
 * (core/ui_align.h): the pair similarity formula, reading order, the LCS
 * matching with missing/extra widgets, parameters from the config, and the
 * real screens: same-screen pairs must score apart from different screens.
 *
 * Same-screen pairs among the fixtures, decided from the screenshots and the
 * dumps: trace_7_8 / trace_7_9 (the "Delete all Timeline data" dialog before
 * and after ticking its checkbox) and trace_7_7 / trace_7_11 (the Timeline
 * "Personal content" settings page, scrolled by 30 px). Every other pair is
 * a different screen (Photos, the launcher, Maps search, Maps home, the
 * account menu, Timeline, its overflow menu, the "deleted" confirmation).
 */
#include <math.h>
#include <stdint.h>

#include "test.h"

#include "core/config.h"
#include "core/error.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

static struct ui_tree *parse(const char *xml)
{
	struct ui_tree *t = NULL;
	int err = ui_parse(xml, strlen(xml), "align.xml", &t);
	if (err)
		fprintf(stderr, "parse: %s\n", td_errmsg(err));
	return t;
}

#define SCREEN_OPEN "<hierarchy><node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1000,2000]\">"
#define SCREEN_CLOSE "</node></hierarchy>"

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

TEST(pair_similarity_formula)
{
	struct ui_tree *t = parse(SCREEN_OPEN
		"<node class=\"B\" bounds=\"[0,0][100,100]\"/>"      /* 1 */
		"<node class=\"B\" bounds=\"[0,1000][100,1100]\"/>"  /* 2: dy = 0.5 */
		"<node class=\"I\" bounds=\"[0,0][100,100]\"/>"      /* 3: other class */
		"<node class=\"B\" bounds=\"[0,0][200,100]\"/>"      /* 4: twice as wide */
		"<node class=\"B\" bounds=\"[20,0][120,100]\"/>"     /* 5: dx = 0.02 */
		SCREEN_CLOSE);
	REQUIRE(t && t->n_nodes == 6);
	struct ui_align_params p;
	ui_align_params_default(&p);
	const struct ui_rect *s = &t->screen;
	struct ui_widget **w = t->nodes;
	CHECK(near(ui_align_pair_sim(w[1], s, w[1], s, &p), 1.0));
	/* pos = 1 / (10 * 0.5) = 0.2 */
	CHECK(near(ui_align_pair_sim(w[1], s, w[2], s, &p), 0.2));
	/* type = delta */
	CHECK(near(ui_align_pair_sim(w[1], s, w[3], s, &p), 0.5));
	/* |dw| = 0.1: pos = 1 (denominator 0.1 <= 1); area = 1/2; shape = 1/2 */
	CHECK(near(ui_align_pair_sim(w[1], s, w[4], s, &p), 0.25));
	/* alpha*|dx| = 0.2: still a perfect position */
	CHECK(near(ui_align_pair_sim(w[1], s, w[5], s, &p), 1.0));
	/* symmetric */
	CHECK(near(ui_align_pair_sim(w[2], s, w[1], s, &p), ui_align_pair_sim(w[1], s, w[2], s, &p)));
	p.alpha = 20;
	CHECK(near(ui_align_pair_sim(w[1], s, w[2], s, &p), 0.1));
	p.delta = 0.25;
	CHECK(near(ui_align_pair_sim(w[1], s, w[3], s, &p), 0.25));
	ui_tree_free(t);
}

TEST(reading_order_with_row_tolerance)
{
	/* document order is scrambled; rows are y~100 (within 1% of 2000 px) and y=500 */
	struct ui_tree *t = parse(SCREEN_OPEN
		"<node class=\"B\" text=\"r2\" bounds=\"[0,500][100,600]\"/>"
		"<node class=\"B\" text=\"c\" bounds=\"[600,100][700,200]\"/>"
		"<node class=\"B\" text=\"b\" bounds=\"[300,115][400,215]\"/>"
		"<node class=\"B\" text=\"a\" bounds=\"[0,119][100,219]\"/>"
		"<node class=\"B\" text=\"d\" bounds=\"[800,125][900,225]\"/>" /* 25 px lower: next row */
		SCREEN_CLOSE);
	REQUIRE(t);
	const struct ui_widget **ws = NULL;
	size_t n = ui_align_widgets(t, NULL, &ws);
	REQUIRE(n == 5 && ws);
	CHECK_STR_EQ(ws[0]->text, "a");
	CHECK_STR_EQ(ws[1]->text, "b");
	CHECK_STR_EQ(ws[2]->text, "c");
	CHECK_STR_EQ(ws[3]->text, "d");
	CHECK_STR_EQ(ws[4]->text, "r2");
	free(ws);
	/* with no tolerance, it is plain (y, x) order */
	struct ui_align_params p;
	ui_align_params_default(&p);
	p.row_tolerance = 0;
	n = ui_align_widgets(t, &p, &ws);
	REQUIRE(n == 5);
	CHECK_STR_EQ(ws[0]->text, "c");
	CHECK_STR_EQ(ws[1]->text, "b");
	CHECK_STR_EQ(ws[2]->text, "a");
	free(ws);
	ui_tree_free(t);
}

TEST(which_widgets_take_part)
{
	struct ui_tree *t = parse(SCREEN_OPEN
		"<node class=\"L\" bounds=\"[0,0][1000,500]\">"                      /* container: out */
		"<node class=\"I\" bounds=\"[0,0][100,100]\"/>"                      /* leaf: in */
		"</node>"
		"<node class=\"L\" clickable=\"true\" enabled=\"true\" bounds=\"[0,500][1000,600]\">" /* actionable: in */
		"<node class=\"I\" bounds=\"[0,0][0,0]\"/>"                          /* empty: out */
		"</node>"
		"<node class=\"L\" text=\"Title\" bounds=\"[0,600][1000,700]\"><node class=\"V\" visible-to-user=\"false\" bounds=\"[0,600][10,610]\"/></node>" /* labelled: in */
		"<node class=\"I\" bounds=\"[5000,0][5100,100]\"/>"                  /* off screen: out */
		SCREEN_CLOSE);
	REQUIRE(t);
	const struct ui_widget **ws = NULL;
	size_t n = ui_align_widgets(t, NULL, &ws);
	CHECK_INT_EQ(n, 3);
	free(ws);
	ui_tree_free(t);
}

/* A form: title row, two fields, a checkbox row, a button row. */
static const char *form_full =
	SCREEN_OPEN
	"<node class=\"android.widget.TextView\" text=\"New sticker pack\" bounds=\"[40,40][960,140]\"/>"
	"<node class=\"android.widget.EditText\" text=\"Name\" clickable=\"true\" enabled=\"true\" bounds=\"[40,200][960,320]\"/>"
	"<node class=\"android.widget.EditText\" text=\"Author\" clickable=\"true\" enabled=\"true\" bounds=\"[40,360][960,480]\"/>"
	"<node class=\"android.widget.CheckBox\" text=\"Animated\" checkable=\"true\" clickable=\"true\" enabled=\"true\" bounds=\"[40,520][500,600]\"/>"
	"<node class=\"android.widget.Button\" text=\"Cancel\" clickable=\"true\" enabled=\"true\" bounds=\"[40,1800][480,1920]\"/>"
	"<node class=\"android.widget.Button\" text=\"Create\" clickable=\"true\" enabled=\"true\" bounds=\"[520,1800][960,1920]\"/>"
	SCREEN_CLOSE;

/* The same form without the checkbox row (GUIPilot's "missing widget" mutation). */
static const char *form_missing_row =
	SCREEN_OPEN
	"<node class=\"android.widget.TextView\" text=\"New sticker pack\" bounds=\"[40,40][960,140]\"/>"
	"<node class=\"android.widget.EditText\" text=\"Name\" clickable=\"true\" enabled=\"true\" bounds=\"[40,200][960,320]\"/>"
	"<node class=\"android.widget.EditText\" text=\"Author\" clickable=\"true\" enabled=\"true\" bounds=\"[40,360][960,480]\"/>"
	"<node class=\"android.widget.Button\" text=\"Cancel\" clickable=\"true\" enabled=\"true\" bounds=\"[40,1800][480,1920]\"/>"
	"<node class=\"android.widget.Button\" text=\"Create\" clickable=\"true\" enabled=\"true\" bounds=\"[520,1800][960,1920]\"/>"
	SCREEN_CLOSE;

TEST(identical_screens)
{
	struct ui_tree *a = parse(form_full), *b = parse(form_full);
	REQUIRE(a && b);
	struct ui_alignment *al = NULL;
	CHECK_OK(ui_align(a, b, NULL, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_a, 6);
	CHECK_INT_EQ(al->n_b, 6);
	CHECK_INT_EQ(al->n_pairs, 6);
	CHECK_INT_EQ(al->n_missing, 0);
	CHECK_INT_EQ(al->n_extra, 0);
	CHECK(near(al->score, 1.0));
	CHECK(near(al->score_b, 1.0));
	for (size_t i = 0; i < al->n_pairs; i++)
		CHECK_STR_EQ(al->pairs[i].a->text, al->pairs[i].b->text);
	CHECK(ui_same_screen(a, b, NULL));
	ui_alignment_free(al);
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(missing_and_extra_rows)
{
	struct ui_tree *full = parse(form_full), *cut = parse(form_missing_row);
	REQUIRE(full && cut);
	struct ui_alignment *al = NULL;
	CHECK_OK(ui_align(full, cut, NULL, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_pairs, 5);
	CHECK_INT_EQ(al->n_missing, 1);
	CHECK_INT_EQ(al->n_extra, 0);
	REQUIRE(al->n_missing == 1);
	CHECK_STR_EQ(al->missing[0]->text, "Animated");
	/* every kept pair is the same widget: Cancel is not matched to Create */
	for (size_t i = 0; i < al->n_pairs; i++)
		CHECK_STR_EQ(al->pairs[i].a->text, al->pairs[i].b->text);
	CHECK(near(al->score, 5.0 / 6.0));
	CHECK(near(al->score_b, 1.0)); /* Eq. 5 with the shorter screen as target */
	CHECK(ui_same_screen(full, cut, NULL));
	ui_alignment_free(al);

	/* the other way round the row is extra */
	CHECK_OK(ui_align(cut, full, NULL, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_missing, 0);
	CHECK_INT_EQ(al->n_extra, 1);
	REQUIRE(al->n_extra == 1);
	CHECK_STR_EQ(al->extra[0]->text, "Animated");
	CHECK(near(al->score_b, 5.0 / 6.0));
	ui_alignment_free(al);

	/* a stricter threshold than 5/6 tells them apart */
	struct ui_align_params p;
	ui_align_params_default(&p);
	p.same_screen = 0.9;
	CHECK(!ui_same_screen(full, cut, &p));
	ui_tree_free(full);
	ui_tree_free(cut);
}

TEST(min_pair_score)
{
	struct ui_tree *a = parse(SCREEN_OPEN "<node class=\"B\" bounds=\"[0,0][100,100]\"/>" SCREEN_CLOSE);
	struct ui_tree *b = parse(SCREEN_OPEN "<node class=\"B\" bounds=\"[0,1000][100,1100]\"/>" SCREEN_CLOSE);
	REQUIRE(a && b);
	struct ui_align_params p;
	ui_align_params_default(&p);
	struct ui_alignment *al = NULL;
	CHECK_OK(ui_align(a, b, &p, &al)); /* 0.2 >= 0.1: matched */
	REQUIRE(al);
	CHECK_INT_EQ(al->n_pairs, 1);
	CHECK(near(al->score, 0.2));
	ui_alignment_free(al);
	p.min_pair = 0.3; /* too weak now */
	CHECK_OK(ui_align(a, b, &p, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_pairs, 0);
	CHECK_INT_EQ(al->n_missing, 1);
	CHECK_INT_EQ(al->n_extra, 1);
	CHECK(near(al->score, 0.0));
	ui_alignment_free(al);
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(empty_screens)
{
	struct ui_tree *e1 = parse("<hierarchy/>"), *e2 = parse("<hierarchy rotation=\"0\"></hierarchy>");
	struct ui_tree *f = parse(form_full);
	REQUIRE(e1 && e2 && f);
	CHECK(near(ui_screen_similarity(e1, e2, NULL), 1.0));
	CHECK(near(ui_screen_similarity(e1, f, NULL), 0.0));
	CHECK(near(ui_screen_similarity(f, e1, NULL), 0.0));
	struct ui_alignment *al = NULL;
	CHECK_OK(ui_align(f, e1, NULL, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_missing, 6);
	ui_alignment_free(al);
	ui_tree_free(e1);
	ui_tree_free(e2);
	ui_tree_free(f);
}

TEST(too_big)
{
	size_t count = 2100; /* 2100^2 > UI_ALIGN_MAX_CELLS */
	char *xml = xmalloc(count * 80 + 200);
	size_t n = (size_t)sprintf(xml, SCREEN_OPEN);
	for (size_t i = 0; i < count; i++)
		n += (size_t)sprintf(xml + n, "<node class=\"B\" bounds=\"[%zu,%zu][%zu,%zu]\"/>",
				     i % 10 * 100, i / 10 * 9, i % 10 * 100 + 90, i / 10 * 9 + 8);
	sprintf(xml + n, SCREEN_CLOSE);
	struct ui_tree *t = parse(xml);
	free(xml);
	REQUIRE(t);
	struct ui_alignment *al = NULL;
	td_error_clear();
	int err = ui_align(t, t, NULL, &al);
	CHECK_INT_EQ(err, TD_ERR_TOO_BIG);
	CHECK(al == NULL);
	CHECK(strstr(td_errmsg(err), "2100") != NULL);
	CHECK(near(ui_screen_similarity(t, t, NULL), 0.0));
	ui_tree_free(t);
}

TEST(params_from_config)
{
	struct ui_align_params d, p;
	ui_align_params_default(&d);
	CHECK(near(d.alpha, 10) && near(d.delta, 0.5) && near(d.same_screen, 0.73));
	CHECK_INT_EQ(d.simcheck_dmax, 3);
	CHECK_OK(ui_align_params_from_config(&p, NULL));
	CHECK(near(p.alpha, d.alpha) && near(p.min_pair, d.min_pair) && p.simcheck_dmax == d.simcheck_dmax);
	struct config *cfg = config_defaults();
	REQUIRE(cfg);
	CHECK_OK(ui_align_params_from_config(&p, cfg));
	/* configs/default.json documents the same defaults as the code */
	CHECK(near(p.alpha, d.alpha) && near(p.delta, d.delta) && near(p.min_pair, d.min_pair));
	CHECK(near(p.row_tolerance, d.row_tolerance) && near(p.same_screen, d.same_screen));
	CHECK_INT_EQ(p.simcheck_dmax, d.simcheck_dmax);
	CHECK_OK(config_set(cfg, "ui.same_screen_threshold", "0.9"));
	CHECK_OK(config_set(cfg, "ui.simcheck_dmax", "5"));
	CHECK_OK(ui_align_params_from_config(&p, cfg));
	CHECK(near(p.same_screen, 0.9));
	CHECK_INT_EQ(p.simcheck_dmax, 5);
	CHECK_OK(config_set(cfg, "ui.align_delta", "2"));
	int err = ui_align_params_from_config(&p, cfg);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(err), "ui.align_delta") != NULL);
	CHECK(near(p.delta, d.delta)); /* defaults on error */
	CHECK_OK(config_set(cfg, "ui.align_delta", "0.5"));
	CHECK_OK(config_set(cfg, "ui.align_alpha", "0"));
	CHECK_INT_EQ(ui_align_params_from_config(&p, cfg), TD_ERR_CONFIG);
	config_free(cfg);
}

/* A small hierarchy with `leaves` leaf rows under a list. */
static struct ui_tree *list_screen(int leaves, const char *odd_class)
{
	char xml[8192];
	size_t n = (size_t)snprintf(xml, sizeof xml, SCREEN_OPEN "<node class=\"ListView\" resource-id=\"l\" bounds=\"[0,0][1000,2000]\">");
	for (int i = 0; i < leaves; i++)
		n += (size_t)snprintf(xml + n, sizeof xml - n, "<node class=\"%s\" resource-id=\"row\" bounds=\"[0,%d][1000,%d]\"/>",
				      i == 1 && odd_class ? odd_class : "TextView", i * 100, i * 100 + 90);
	snprintf(xml + n, sizeof xml - n, "</node>" SCREEN_CLOSE);
	return parse(xml);
}

TEST(simcheck_synthetic)
{
	struct ui_tree *l2 = list_screen(2, NULL), *l5 = list_screen(5, NULL), *l6 = list_screen(6, NULL);
	struct ui_tree *odd = list_screen(5, "ImageView");
	REQUIRE(l2 && l5 && l6 && odd);
	CHECK(ui_simcheck(l2, "a", l2, "a", NULL));
	CHECK(ui_simcheck(l2, "a", l5, "a", NULL));  /* 3 inserted leaves: d = 3 */
	CHECK(ui_simcheck(l5, "a", l2, "a", NULL));
	CHECK(!ui_simcheck(l2, "a", l6, "a", NULL)); /* d = 4 > 3 */
	CHECK(!ui_simcheck(l2, "a", l5, "b", NULL)); /* activities differ */
	CHECK(!ui_simcheck(l2, NULL, l5, "a", NULL));
	CHECK(ui_simcheck(l2, NULL, l5, NULL, NULL));
	/* same length, one node of another class: LCS < min length */
	CHECK(!ui_simcheck(l5, NULL, odd, NULL, NULL));
	struct ui_align_params p;
	ui_align_params_default(&p);
	p.simcheck_dmax = 4;
	CHECK(ui_simcheck(l2, "a", l6, "a", &p));
	p.simcheck_dmax = 0;
	CHECK(!ui_simcheck(l5, "a", l6, "a", &p));
	CHECK(ui_simcheck(l5, "a", l5, "a", &p));
	ui_tree_free(l2);
	ui_tree_free(l5);
	ui_tree_free(l6);
	ui_tree_free(odd);
}

static const char *screens_dir;

/* Whether fixtures i and j show the same screen (see the file comment). */
static bool same_pair(int i, int j)
{
	return (i == 8 && j == 9) || (i == 9 && j == 8) || (i == 7 && j == 11) || (i == 11 && j == 7);
}

TEST(fixtures_same_vs_different)
{
	struct ui_tree *t[12];
	for (int i = 0; i < 12; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/trace_7_%d.xml", screens_dir, i);
		t[i] = NULL;
		CHECK_OK(ui_parse_file(path, &t[i]));
		REQUIRE(t[i]);
	}
	double min_same = 1, max_diff = 0;
	for (int i = 0; i < 12; i++) {
		for (int j = 0; j < 12; j++) {
			double s = ui_screen_similarity(t[i], t[j], NULL);
			CHECK(s >= 0 && s <= 1 + 1e-9);
			if (i == j) {
				CHECK(near(s, 1.0));
			} else if (same_pair(i, j)) {
				min_same = s < min_same ? s : min_same;
				CHECK(ui_same_screen(t[i], t[j], NULL));
			} else {
				max_diff = s > max_diff ? s : max_diff;
				if (ui_same_screen(t[i], t[j], NULL))
					TEST_FAIL_AT("screens %d and %d scored %.3f: judged the same", i, j, s);
			}
			/* symmetric score */
			CHECK(fabs(s - ui_screen_similarity(t[j], t[i], NULL)) < 1e-9);
		}
	}
	printf("     same-screen pairs >= %.3f, different pairs <= %.3f\n", min_same, max_diff);
	CHECK(min_same >= 0.9);
	CHECK(max_diff <= 0.5);

	/* the scrolled page: every matched widget keeps its label */
	struct ui_alignment *al = NULL;
	CHECK_OK(ui_align(t[7], t[11], NULL, &al));
	REQUIRE(al);
	size_t same_label = 0;
	for (size_t k = 0; k < al->n_pairs; k++)
		same_label += strcmp(ui_widget_label(al->pairs[k].a), ui_widget_label(al->pairs[k].b)) == 0;
	CHECK(al->n_pairs >= 25);
	CHECK(same_label * 10 >= al->n_pairs * 9);
	ui_alignment_free(al);

	/* the dialog: all five widgets match one to one */
	CHECK_OK(ui_align(t[8], t[9], NULL, &al));
	REQUIRE(al);
	CHECK_INT_EQ(al->n_pairs, 5);
	CHECK_INT_EQ(al->n_missing + al->n_extra, 0);
	ui_alignment_free(al);

	/* SimCheck merges exactly the two variant pairs */
	for (int i = 0; i < 12; i++)
		for (int j = 0; j < 12; j++)
			if (ui_simcheck(t[i], NULL, t[j], NULL, NULL) != (i == j || same_pair(i, j)))
				TEST_FAIL_AT("simcheck(%d, %d) is wrong", i, j);
	for (int i = 0; i < 12; i++)
		ui_tree_free(t[i]);
}

int main(void)
{
	RUN(pair_similarity_formula);
	RUN(reading_order_with_row_tolerance);
	RUN(which_widgets_take_part);
	RUN(identical_screens);
	RUN(missing_and_extra_rows);
	RUN(min_pair_score);
	RUN(empty_screens);
	RUN(too_big);
	RUN(params_from_config);
	RUN(simcheck_synthetic);
	screens_dir = test_real_screens_dir();
	if (!screens_dir) {
		printf("real-screens fixtures absent: skipping the fixture tests\n");
		return tests_failed ? test_summary() : test_skip("real-screens fixtures not found");
	}
	RUN(fixtures_same_vs_different);
	return test_summary();
}
