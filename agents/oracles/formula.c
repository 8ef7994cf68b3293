/*
 * formula.c - oracle "formula": a calculation the app shows written out
 * ("2% × 2", "19.99 + 4.5") next to its result ("0.04", "= 24.49"), where
 * the result is not what the formula computes under any reading a
 * calculator uses (oracle_formula_wrong in agents/oracle.h). A one-step
 * check on the screen after each action; replay confirmation runs it on the
 * replay's last screen.
 *
 * What counts as a formula: numbers joined by + − × ÷ * (ASCII '-' and '/'
 * only with spaces around them, and never as the only operators: "9 - 17"
 * is office hours, "2024-05-01" a date), a number may end in % ("X% Y"
 * reads as X% of Y). Its result is the next text shown under the same
 * parent, a plain number, optionally after "="; one of the two texts must
 * say it is a result: "=" before it, or a resource-id or description that
 * names a formula, expression, equation, result or answer. Judged only
 * where the step wrote the formula (oracle_formula_new): a calculator keeps
 * the last formula over the number typed next, or over a cleared entry's 0,
 * and shows both again when the user comes back from its About page.
 *
 * The readings tried: left to right and × ÷ before + −; X% as X/100 and,
 * after + or −, as X% of the left side (100 + 10% = 110). The shown result
 * may be rounded or cut to the digits it shows.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define FORMULA_TERMS 16

/* One formula: terms[0] op[0] terms[1] ... ; op is one of + - * / ('*' also for "X% Y"). */
struct formula {
	double terms[FORMULA_TERMS];
	bool pct[FORMULA_TERMS];
	int decimals[FORMULA_TERMS]; /* digits after the decimal point as written */
	char op[FORMULA_TERMS];
	size_t n;
	bool strong_op;   /* an operator other than spaced ASCII '-' and '/' */
	char first_op[8]; /* the first operator as written ("%" for "X% Y") */
};

/* The operator at p (UTF-8): its ASCII form, its length in *len; 0: none. */
static char op_at(const char *p, size_t *len)
{
	static const struct {
		const char *s;
		char op;
	} ops[] = { { "\u00d7", '*' }, { "\u00f7", '/' }, { "\u2212", '-' }, { "+", '+' }, { "*", '*' },
		    { "-", '-' }, { "/", '/' } };

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t l = strlen(ops[i].s);

		if (!strncmp(p, ops[i].s, l)) {
			*len = l;
			return ops[i].op;
		}
	}
	return 0;
}

/*
 * A number at *pp (digits with ',' or '.' separators, an optional sign
 * before it): its value, *pp moved past it. Commas are thousands separators
 * when every group after one is three digits, else a decimal comma.
 */
static bool number_at(const char **pp, double *v, int *decimals)
{
	const char *p = *pp;
	char buf[64];
	size_t n = 0, commas = 0, dots = 0;
	bool neg = false, groups_of_three = true;
	const char *start;

	if (*p == '-') {
		neg = true;
		p++;
	} else if (!strncmp(p, "\u2212", 3)) {
		neg = true;
		p += 3;
	}
	start = p;
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	for (const char *q = p; isdigit((unsigned char)*q) || ((*q == ',' || *q == '.') && isdigit((unsigned char)q[1])); q++) {
		if (*q == ',') {
			size_t d = 0;

			commas++;
			while (isdigit((unsigned char)q[1 + d]))
				d++;
			if (d != 3)
				groups_of_three = false;
		} else if (*q == '.') {
			dots++;
		}
		p = q + 1;
	}
	if (dots > 1 || (commas && dots && !groups_of_three))
		return false;
	for (const char *q = start; q < p && n + 1 < sizeof(buf); q++) {
		if (*q == ',' && groups_of_three)
			continue;
		buf[n++] = *q == ',' ? '.' : *q;
	}
	buf[n] = '\0';
	if (commas > 1 && !groups_of_three)
		return false;
	*v = strtod(buf, NULL);
	if (neg)
		*v = -*v;
	if (decimals) {
		const char *dot = strchr(buf, '.');

		*decimals = dot ? (int)strlen(dot + 1) : 0;
	}
	*pp = p;
	return true;
}

static const char *skip_spaces(const char *p)
{
	while (*p == ' ' || !strncmp(p, "\u00a0", 2))
		p += *p == ' ' ? 1 : 2;
	return p;
}

/* Whether t is a formula: fills f. */
static bool parse_formula(const char *t, struct formula *f)
{
	const char *p = skip_spaces(t);

	memset(f, 0, sizeof(*f));
	for (;;) {
		size_t len = 0;
		char op;
		bool spaced_before, spaced_after;
		const char *q;

		if (f->n == FORMULA_TERMS || !number_at(&p, &f->terms[f->n], &f->decimals[f->n]))
			return false;
		if (*p == '%') {
			f->pct[f->n] = true;
			p++;
		}
		f->n++;
		q = skip_spaces(p);
		if (!*q)
			break;
		spaced_before = q != p;
		op = op_at(q, &len);
		if (!op) {
			/* "2% 2": a percent followed by a number reads as a percent of it. */
			if (!f->pct[f->n - 1] || !spaced_before)
				return false;
			f->op[f->n - 1] = '*';
			f->strong_op = true;
			if (!f->first_op[0])
				strcpy(f->first_op, "%");
			p = q;
			continue;
		}
		p = q + len;
		q = skip_spaces(p);
		spaced_after = q != p;
		if ((op == '-' || op == '/') && len == 1) {
			if (!spaced_before || !spaced_after)
				return false;
		} else {
			f->strong_op = true;
		}
		f->op[f->n - 1] = op;
		if (!f->first_op[0])
			memcpy(f->first_op, p - len, len); /* len <= 3 */
		p = q;
	}
	return f->n >= 2 && f->strong_op;
}

/* A value known to lie in [lo, hi]: a term written rounded ("28.81" for 28.8055). */
struct span {
	double lo, hi;
};

static struct span span_of(double a, double b, double c, double d)
{
	struct span r = { fmin(fmin(a, b), fmin(c, d)), fmax(fmax(a, b), fmax(c, d)) };

	return r;
}

static struct span apply(struct span a, char op, struct span b)
{
	struct span r;

	switch (op) {
	case '+':
		r.lo = a.lo + b.lo;
		r.hi = a.hi + b.hi;
		return r;
	case '-':
		r.lo = a.lo - b.hi;
		r.hi = a.hi - b.lo;
		return r;
	case '*':
		return span_of(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
	default:
		if (b.lo <= 0 && b.hi >= 0) {
			r.lo = -INFINITY;
			r.hi = INFINITY; /* a divisor that may be 0: nothing is judged */
			return r;
		}
		return span_of(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi);
	}
}

/*
 * A term's span: a number with decimals may be the display of a longer one
 * rounded (half a unit of its last digit either way: calc's fixed twin,
 * seed 10, wrote 28.8055 as "28.81" in "28.81 × 9" = 259.25); a whole
 * number is taken as typed. X% as X/100, or (of_left) after + or - as X% of the left side.
 */
static struct span term(const struct formula *f, size_t i, struct span left, bool of_left)
{
	double u = f->decimals[i] ? pow(10, -f->decimals[i]) / 2 : 0;
	struct span t = { f->terms[i] - u, f->terms[i] + u }, hundred = { 100, 100 };

	if (!f->pct[i])
		return t;
	t = apply(t, '/', hundred);
	if (of_left && i > 0 && (f->op[i - 1] == '+' || f->op[i - 1] == '-'))
		return apply(left, '*', t);
	return t;
}

static struct span left_to_right(const struct formula *f, bool of_left)
{
	struct span zero = { 0, 0 }, v = term(f, 0, zero, of_left);

	for (size_t i = 1; i < f->n; i++)
		v = apply(v, f->op[i - 1], term(f, i, v, of_left));
	return v;
}

/* × ÷ before + −. */
static struct span by_precedence(const struct formula *f, bool of_left)
{
	struct span sum = { 0, 0 }, prod = term(f, 0, sum, of_left);
	char add = '+';

	for (size_t i = 1; i < f->n; i++) {
		char op = f->op[i - 1];

		if (op == '*' || op == '/') {
			prod = apply(prod, op, term(f, i, prod, of_left));
		} else {
			sum = apply(sum, add, prod);
			add = op;
			prod = term(f, i, sum, of_left);
		}
	}
	return apply(sum, add, prod);
}

/* A result text: an optional "=", a number and nothing else. */
static bool parse_result(const char *t, double *v, int *decimals, bool *has_equals)
{
	const char *p = skip_spaces(t), *dot;

	*has_equals = *p == '=';
	if (*has_equals)
		p = skip_spaces(p + 1);
	{
		const char *start = p;

		if (!number_at(&p, v, NULL) || *skip_spaces(p))
			return false;
		dot = NULL;
		for (const char *q = start; q < p; q++)
			if (*q == '.' || (*q == ',' && !dot))
				dot = q;
		*decimals = 0;
		if (dot) {
			/* A comma of thousands ("15,000") shows no decimals. */
			size_t d = (size_t)(p - dot - 1);

			if (!(*dot == ',' && d == 3))
				*decimals = (int)d;
		}
	}
	return true;
}

static bool names_a_calculation(const struct ui_widget *w)
{
	static const char *const words[] = { "formula", "expression", "equation", "result", "answer", NULL };
	char low[256];

	for (int pass = 0; pass < 2; pass++) {
		oracle_lower_into(low, sizeof(low), pass ? w->content_desc : w->resource_id);
		if (oracle_has_word(low, words))
			return true;
	}
	return false;
}

/* Whether the shown value r (with `decimals` digits) can be a rounding or cut of a value in v. */
static bool shows(double r, int decimals, struct span v)
{
	double unit = pow(10, -decimals), slack = unit * 1.0000001 + fmax(fabs(v.lo), fabs(v.hi)) * 1e-9;

	return r >= v.lo - slack && r <= v.hi + slack;
}

/* The next visible text after w under its parent; NULL: none. */
static const struct ui_widget *next_text(const struct ui_tree *t, const struct ui_widget *w)
{
	for (size_t i = w->order + 1; i < t->n_nodes; i++) {
		const struct ui_widget *n = t->nodes[i];

		if (n->depth <= w->parent->depth)
			return NULL;
		if (*n->text && ui_widget_visible(n, &t->screen))
			return n->parent == w->parent ? n : NULL;
	}
	return NULL;
}

bool oracle_formula_new(const struct ui_tree *before, const struct ui_widget *w)
{
	bool changed = false;

	if (!before)
		return true;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *b = before->nodes[i];

		if (!ui_widget_visible(b, &before->screen))
			continue;
		if (!strcmp(b->text, w->text))
			return false;
		if (*w->resource_id && !strcmp(b->resource_id, w->resource_id))
			changed = true;
	}
	return changed || ui_widget_in_list(w);
}

const struct ui_widget *oracle_formula_result(const struct ui_tree *t, const struct ui_widget *w)
{
	struct formula fm;
	const struct ui_widget *r;
	double v;
	int decimals;
	bool eq;

	if (!w->parent || !*w->text || !ui_widget_visible(w, &t->screen) || !parse_formula(w->text, &fm))
		return NULL;
	r = next_text(t, w);
	if (!r || !parse_result(r->text, &v, &decimals, &eq))
		return NULL;
	return eq || names_a_calculation(w) || names_a_calculation(r) ? r : NULL;
}

bool oracle_formula_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	(void)activity_before;
	(void)done;
	if (!after)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i], *r;
		struct formula fm;
		double shown, best;
		int decimals;
		bool eq;
		struct span readings[4];

		r = oracle_formula_result(after, w);
		if (!r || !oracle_formula_new(before, w))
			continue;
		(void)parse_formula(w->text, &fm);
		(void)parse_result(r->text, &shown, &decimals, &eq);
		readings[0] = left_to_right(&fm, false);
		readings[1] = left_to_right(&fm, true);
		readings[2] = by_precedence(&fm, false);
		readings[3] = by_precedence(&fm, true);
		{
			bool any = false;

			for (size_t k = 0; k < 4 && !any; k++)
				any = !isfinite(readings[k].lo) || !isfinite(readings[k].hi) ||
				      shows(shown, decimals, readings[k]);
			if (any)
				continue;
		}
		best = (readings[0].lo + readings[0].hi) / 2;
		oracle_finding_init(f);
		f->oracle = "formula";
		f->category = BUG_CAT_CALCULATION;
		f->title = xasprintf("'%s' shows the result '%s', not %.*f", w->text, r->text, decimals > 2 ? decimals : 2,
				     best);
		f->expected = xasprintf("'%s' = %.*f", w->text, decimals > 2 ? decimals : 2, best);
		f->actual = xasprintf("the result shown is '%s'", r->text);
		f->description = xasprintf("The page (%s) shows the calculation '%s' with the result '%s'. Computed left to "
					   "right or with × and ÷ first, with a percent as a hundredth or as a share "
					   "of what precedes it, it is %.*f.",
					   activity_after && *activity_after ? activity_after : "same activity", w->text,
					   r->text, decimals > 2 ? decimals : 2, best);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "formula");
		{
			/* One bug per operator and page: "3% 9" and "6% 4" are one percent bug. */
			char *subject = xasprintf("formula %s on %s", fm.first_op, activity_after ? activity_after : "");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddItemToObject(f->diff, "formula", oracle_widget_json(w));
		cJSON_AddItemToObject(f->diff, "result", oracle_widget_json(r));
		cJSON_AddNumberToObject(f->diff, "computed", best);
		{
			/* The calculation is what was typed from its first operator key
			 * on (a percent key that already divided, then "=" that shows it):
			 * the report is about those steps, not the "=" alone. */
			cJSON *blamed = cJSON_CreateObject();

			cJSON_AddStringToObject(blamed, "type", "click");
			cJSON_AddStringToObject(blamed, "widget_text", fm.first_op);
			cJSON_AddItemToObject(f->diff, "blamed", blamed);
		}
		return true;
	}
	return false;
}

const struct oracle_kind oracle_kind_formula = {
	.name = "formula",
	.config_key = "oracles.formula",
	.category = BUG_CAT_CALCULATION,
	.doc = "a calculation shown written out ('2% × 2', '19.99 + 4.5') next to a result it does not compute to",
	.evidence = "the screen, the formula and the result texts, the computed value",
	.flags = 0,
	.step_check = oracle_formula_wrong,
};
