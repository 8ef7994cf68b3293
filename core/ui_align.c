/*
 * ui_align.c - GUIPilot's widget alignment and Vet's SimCheck (see
 * ui_align.h for the definitions and which widgets take part).
 *
 * The alignment DP keeps two rows of scores and one byte per cell for the
 * backtrace, so memory is O(m*n) bytes; pair similarities are computed on
 * the fly (each twice at most: once in the DP, once for the kept pairs).
 * SimCheck's "LCS equals the shorter list" is tested directly as "the
 * shorter list is a subsequence of the longer", which is the same predicate
 * in O(m+n) time; the length test comes first.
 */
#include "core/ui_align.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/xalloc.h"

enum { DIR_UP = 1, DIR_LEFT = 2, DIR_DIAG = 3 };

static struct ui_align_params builtin_params;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_params_load(void)
{
	int err = ui_align_params_from_config(&builtin_params, NULL);

	if (err != TD_OK) {
		/* The build embeds configs/default.json; a bad value is a build bug. */
		fprintf(stderr, "trident: %s\n", td_errmsg(err));
		abort();
	}
}

/* configs/default.json holds the values; read once, they are copied. */
void ui_align_params_default(struct ui_align_params *p)
{
	pthread_once(&builtin_once, builtin_params_load);
	*p = builtin_params;
}

int ui_align_params_from_config(struct ui_align_params *p, const struct config *cfg)
{
	cfg = config_or_builtin(cfg);
	struct ui_align_params v;
	memset(&v, 0, sizeof v);
	v.alpha = config_double(cfg, "ui.align_alpha");
	v.delta = config_double(cfg, "ui.align_delta");
	v.min_pair = config_double(cfg, "ui.align_min_pair");
	v.row_tolerance = config_double(cfg, "ui.align_row_tolerance");
	v.same_screen = config_double(cfg, "ui.same_screen_threshold");
	long long dmax = config_int(cfg, "ui.simcheck_dmax");
	if (!(v.alpha > 0 && isfinite(v.alpha)))
		return td_error(TD_ERR_CONFIG, "ui.align_alpha: must be a positive number, got %g", v.alpha);
	if (!(v.delta > 0 && v.delta <= 1))
		return td_error(TD_ERR_CONFIG, "ui.align_delta: must be in (0,1], got %g", v.delta);
	if (!(v.min_pair >= 0 && v.min_pair <= 1))
		return td_error(TD_ERR_CONFIG, "ui.align_min_pair: must be in [0,1], got %g", v.min_pair);
	if (!(v.row_tolerance >= 0 && v.row_tolerance <= 1))
		return td_error(TD_ERR_CONFIG, "ui.align_row_tolerance: must be in [0,1], got %g",
				v.row_tolerance);
	if (!(v.same_screen >= 0 && v.same_screen <= 1))
		return td_error(TD_ERR_CONFIG, "ui.same_screen_threshold: must be in [0,1], got %g",
				v.same_screen);
	if (dmax < 0 || dmax > 1000000)
		return td_error(TD_ERR_CONFIG, "ui.simcheck_dmax: must be in [0,1000000], got %lld", dmax);
	v.simcheck_dmax = (int)dmax;
	*p = v;
	return TD_OK;
}

/* Whether `w` takes part in the alignment of tree `t`. */
static bool takes_part(const struct ui_tree *t, const struct ui_widget *w)
{
	if (!ui_widget_visible(w, &t->screen))
		return false;
	if (w->n_children == 0 || ui_widget_actions(w, &t->screen))
		return true;
	return w->text[0] || w->content_desc[0];
}

/* A widget with its reading-order keys. */
struct keyed {
	const struct ui_widget *w;
	long row;
};

/* Top to bottom, then left to right (document order breaks ties). */
static int cmp_yx(const void *a, const void *b)
{
	const struct ui_widget *x = ((const struct keyed *)a)->w, *y = ((const struct keyed *)b)->w;
	if (x->bounds.y1 != y->bounds.y1)
		return x->bounds.y1 < y->bounds.y1 ? -1 : 1;
	if (x->bounds.x1 != y->bounds.x1)
		return x->bounds.x1 < y->bounds.x1 ? -1 : 1;
	return (x->order > y->order) - (x->order < y->order);
}

/* Row, then left to right, then top to bottom, then document order. */
static int cmp_row(const void *a, const void *b)
{
	const struct keyed *ka = a, *kb = b;
	const struct ui_widget *x = ka->w, *y = kb->w;
	if (ka->row != kb->row)
		return ka->row < kb->row ? -1 : 1;
	if (x->bounds.x1 != y->bounds.x1)
		return x->bounds.x1 < y->bounds.x1 ? -1 : 1;
	if (x->bounds.y1 != y->bounds.y1)
		return x->bounds.y1 < y->bounds.y1 ? -1 : 1;
	return (x->order > y->order) - (x->order < y->order);
}

size_t ui_align_widgets(const struct ui_tree *t, const struct ui_align_params *p,
			const struct ui_widget ***out)
{
	struct ui_align_params d;
	if (!p) {
		ui_align_params_default(&d);
		p = &d;
	}
	*out = NULL;
	size_t n = 0;
	for (size_t i = 0; i < t->n_nodes; i++)
		n += takes_part(t, t->nodes[i]);
	if (!n)
		return 0;
	struct keyed *k = xmalloc(n * sizeof *k);
	size_t j = 0;
	for (size_t i = 0; i < t->n_nodes; i++)
		if (takes_part(t, t->nodes[i]))
			k[j++] = (struct keyed){ t->nodes[i], 0 };
	qsort(k, n, sizeof *k, cmp_yx);

	/* Rows: a widget starts a new row when its top is past the row's first top + tolerance. */
	double h = ui_rect_height(&t->screen);
	double tol = p->row_tolerance * (h > 0 ? h : 1000.0);
	long row = 0;
	int row_top = k[0].w->bounds.y1;
	for (size_t i = 0; i < n; i++) {
		if ((double)k[i].w->bounds.y1 - row_top > tol) {
			row++;
			row_top = k[i].w->bounds.y1;
		}
		k[i].row = row;
	}
	qsort(k, n, sizeof *k, cmp_row);

	const struct ui_widget **list = xmalloc(n * sizeof *list);
	for (size_t i = 0; i < n; i++)
		list[i] = k[i].w;
	free(k);
	*out = list;
	return n;
}

/* Width and height used to normalise `r`'s coordinates (never 0). */
static void norm_size(const struct ui_rect *screen, double *w, double *h)
{
	*w = screen && ui_rect_width(screen) > 0 ? ui_rect_width(screen) : 1000.0;
	*h = screen && ui_rect_height(screen) > 0 ? ui_rect_height(screen) : 1000.0;
}

/* A widget's box normalised to its screen, precomputed for the DP. */
struct geo {
	double x, y, w, h, area, ratio;
	const char *class_name;
};

/* Normalise each widget of `ws` to `screen` into g[0..n). */
static void geo_fill(struct geo *g, const struct ui_widget *const *ws, size_t n,
		     const struct ui_rect *screen)
{
	double sw, sh;
	norm_size(screen, &sw, &sh);
	for (size_t i = 0; i < n; i++) {
		const struct ui_rect *r = &ws[i]->bounds;
		double pw = ui_rect_width(r), ph = ui_rect_height(r);
		g[i].x = (r->x1 - screen->x1) / sw;
		g[i].y = (r->y1 - screen->y1) / sh;
		g[i].w = pw / sw;
		g[i].h = ph / sh;
		g[i].area = g[i].w * g[i].h;
		g[i].ratio = ph > 0 ? pw / ph : 0;
		g[i].class_name = ws[i]->class_name;
	}
}

/* Pair similarity from precomputed geometry. */
static double geo_sim(const struct geo *a, const struct geo *b, const struct ui_align_params *p)
{
	if (a->area <= 0 || b->area <= 0)
		return 0.0;
	double denom = p->alpha * (fabs(a->x - b->x) + fabs(a->y - b->y)) + fabs(a->w - b->w) +
		       fabs(a->h - b->h);
	double pos = denom <= 1.0 ? 1.0 : 1.0 / denom;
	double area = fmin(a->area, b->area) / fmax(a->area, b->area);
	double shape = fmin(a->ratio, b->ratio) / fmax(a->ratio, b->ratio);
	double type = a->class_name == b->class_name || strcmp(a->class_name, b->class_name) == 0
			      ? 1.0 : p->delta;
	return pos * area * shape * type;
}

double ui_align_pair_sim(const struct ui_widget *a, const struct ui_rect *screen_a,
			 const struct ui_widget *b, const struct ui_rect *screen_b,
			 const struct ui_align_params *p)
{
	struct ui_align_params d;
	static const struct ui_rect none = { 0, 0, 0, 0 };
	struct geo ga, gb;
	if (!p) {
		ui_align_params_default(&d);
		p = &d;
	}
	geo_fill(&ga, &a, 1, screen_a ? screen_a : &none);
	geo_fill(&gb, &b, 1, screen_b ? screen_b : &none);
	return geo_sim(&ga, &gb, p);
}

/* The rectangle used to normalise tree `t`: its screen, else its widgets' union. */
static struct ui_rect norm_rect(const struct ui_tree *t, const struct ui_widget **ws, size_t n)
{
	if (!ui_rect_empty(&t->screen) || n == 0)
		return t->screen;
	struct ui_rect u = ws[0]->bounds;
	for (size_t i = 1; i < n; i++) {
		const struct ui_rect *r = &ws[i]->bounds;
		u.x1 = r->x1 < u.x1 ? r->x1 : u.x1;
		u.y1 = r->y1 < u.y1 ? r->y1 : u.y1;
		u.x2 = r->x2 > u.x2 ? r->x2 : u.x2;
		u.y2 = r->y2 > u.y2 ? r->y2 : u.y2;
	}
	return u;
}

int ui_align(const struct ui_tree *a, const struct ui_tree *b,
	     const struct ui_align_params *p, struct ui_alignment **out)
{
	struct ui_align_params d;
	const struct ui_widget **wa = NULL, **wb = NULL;
	unsigned char *dir = NULL;
	double *prev = NULL, *cur = NULL;
	bool *used_a = NULL, *used_b = NULL;
	struct geo *ga = NULL, *gb = NULL;
	int err = TD_OK;

	*out = NULL;
	if (!p) {
		ui_align_params_default(&d);
		p = &d;
	}
	size_t m = ui_align_widgets(a, p, &wa);
	size_t n = ui_align_widgets(b, p, &wb);
	if (m && n && (m > UI_ALIGN_MAX_CELLS / n)) {
		err = td_error(TD_ERR_TOO_BIG, "screen alignment of %zu x %zu widgets is over the %u-cell limit",
			       m, n, UI_ALIGN_MAX_CELLS);
		goto out;
	}
	struct ui_rect sa = norm_rect(a, wa, m), sb = norm_rect(b, wb, n);
	ga = xmalloc((m ? m : 1) * sizeof *ga);
	gb = xmalloc((n ? n : 1) * sizeof *gb);
	geo_fill(ga, wa, m, &sa);
	geo_fill(gb, wb, n, &sb);

	/* Weighted LCS: M[i][j] = max(M[i-1][j], M[i][j-1], M[i-1][j-1] + A[i-1][j-1]). */
	size_t cols = n + 1;
	dir = xcalloc((m + 1) * cols, 1);
	prev = xcalloc(cols, sizeof *prev);
	cur = xcalloc(cols, sizeof *cur);
	for (size_t i = 1; i <= m; i++) {
		cur[0] = 0;
		for (size_t j = 1; j <= n; j++) {
			double up = prev[j], left = cur[j - 1];
			double best = up;
			unsigned char how = DIR_UP;
			if (left > best) {
				best = left;
				how = DIR_LEFT;
			}
			double s = geo_sim(&ga[i - 1], &gb[j - 1], p);
			if (s > 0 && s >= p->min_pair && prev[j - 1] + s > best) {
				best = prev[j - 1] + s;
				how = DIR_DIAG;
			}
			cur[j] = best;
			dir[i * cols + j] = how;
		}
		double *tmp = prev;
		prev = cur;
		cur = tmp;
	}

	struct ui_alignment *al = xcalloc(1, sizeof *al);
	al->n_a = m;
	al->n_b = n;
	size_t most = m < n ? m : n;
	al->pairs = xmalloc((most ? most : 1) * sizeof *al->pairs);
	used_a = xcalloc(m ? m : 1, sizeof *used_a);
	used_b = xcalloc(n ? n : 1, sizeof *used_b);
	size_t i = m, j = n;
	while (i > 0 && j > 0) {
		unsigned char how = dir[i * cols + j];
		if (how == DIR_DIAG) {
			double s = geo_sim(&ga[i - 1], &gb[j - 1], p);
			al->pairs[al->n_pairs++] = (struct ui_align_pair){ wa[i - 1], wb[j - 1], s };
			al->sum += s;
			used_a[i - 1] = used_b[j - 1] = true;
			i--;
			j--;
		} else if (how == DIR_UP) {
			i--;
		} else {
			j--;
		}
	}
	for (size_t k = 0; k < al->n_pairs / 2; k++) {
		struct ui_align_pair t = al->pairs[k];
		al->pairs[k] = al->pairs[al->n_pairs - 1 - k];
		al->pairs[al->n_pairs - 1 - k] = t;
	}
	al->missing = xmalloc((m - al->n_pairs + 1) * sizeof *al->missing);
	al->extra = xmalloc((n - al->n_pairs + 1) * sizeof *al->extra);
	for (size_t k = 0; k < m; k++)
		if (!used_a[k])
			al->missing[al->n_missing++] = wa[k];
	for (size_t k = 0; k < n; k++)
		if (!used_b[k])
			al->extra[al->n_extra++] = wb[k];
	size_t big = m > n ? m : n;
	al->score = big ? al->sum / (double)big : 1.0;
	al->score_b = n ? al->sum / (double)n : 1.0;
	*out = al;
out:
	free(wa);
	free(wb);
	free(dir);
	free(prev);
	free(cur);
	free(used_a);
	free(used_b);
	free(ga);
	free(gb);
	return err;
}

void ui_alignment_free(struct ui_alignment *al)
{
	if (!al)
		return;
	free(al->pairs);
	free(al->missing);
	free(al->extra);
	free(al);
}

double ui_screen_similarity(const struct ui_tree *a, const struct ui_tree *b,
			    const struct ui_align_params *p)
{
	struct ui_alignment *al;
	if (ui_align(a, b, p, &al) != TD_OK)
		return 0.0;
	double s = al->score;
	ui_alignment_free(al);
	return s;
}

bool ui_same_screen(const struct ui_tree *a, const struct ui_tree *b,
		    const struct ui_align_params *p)
{
	struct ui_align_params d;
	if (!p) {
		ui_align_params_default(&d);
		p = &d;
	}
	return ui_screen_similarity(a, b, p) >= p->same_screen;
}

/* The visible nodes of `t` in depth-first order (SimCheck's sequence). */
static size_t simcheck_seq(const struct ui_tree *t, const struct ui_widget ***out)
{
	const struct ui_widget **seq = xmalloc((t->n_nodes ? t->n_nodes : 1) * sizeof *seq);
	size_t n = 0;
	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_widget_visible(t->nodes[i], &t->screen))
			seq[n++] = t->nodes[i];
	*out = seq;
	return n;
}

/* Equal (props, depth) items: class, resource-id, depth. */
static bool same_item(const struct ui_widget *x, const struct ui_widget *y)
{
	return x->depth == y->depth && strcmp(x->class_name, y->class_name) == 0 &&
	       strcmp(x->resource_id, y->resource_id) == 0;
}

bool ui_simcheck(const struct ui_tree *a, const char *activity_a,
		 const struct ui_tree *b, const char *activity_b,
		 const struct ui_align_params *p)
{
	struct ui_align_params d;
	if (!p) {
		ui_align_params_default(&d);
		p = &d;
	}
	if ((activity_a == NULL) != (activity_b == NULL))
		return false;
	if (activity_a && strcmp(activity_a, activity_b) != 0)
		return false;

	const struct ui_widget **sa, **sb;
	size_t na = simcheck_seq(a, &sa), nb = simcheck_seq(b, &sb);
	const struct ui_widget **shorter = na <= nb ? sa : sb, **longer = na <= nb ? sb : sa;
	size_t ns = na <= nb ? na : nb, nl = na <= nb ? nb : na;
	bool similar = false;
	if (nl - ns <= (size_t)p->simcheck_dmax) {
		/* LCS == |shorter|  <=>  shorter is a subsequence of longer. */
		size_t k = 0;
		for (size_t i = 0; i < nl && k < ns; i++)
			if (same_item(shorter[k], longer[i]))
				k++;
		similar = k == ns;
	}
	free(sa);
	free(sb);
	return similar;
}
