/*
 * sim_expr.c - values and the small expression language of app specs.
 *
 * Specs compute with expressions ("total + price * qty", "len(items) > 0",
 * "!done && @title != ''") and fill text templates ("Total: {total}").
 * Names are state variables (or fields of the current list row), `@id` is
 * the text of an input field on the current screen, `$index` the current
 * row, `$landscape` the orientation. Functions: len, sum, count, num, str,
 * trim, lower, money, sorted, contains, at. The loader runs the same evaluator
 * in "check" mode to reject unknown names before the app ever runs.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/xalloc.h"
#include "device/sim/sim_internal.h"

void sim_value_free(struct sim_value *v)
{
	free(v->str);
	for (size_t i = 0; i < v->n_recs; i++) {
		for (size_t j = 0; j < v->n_fields; j++)
			sim_value_free(&v->recs[i].fields[j]);
		free(v->recs[i].fields);
	}
	free(v->recs);
	memset(v, 0, sizeof *v);
}

void sim_value_copy(struct sim_value *dst, const struct sim_value *src)
{
	struct sim_value t = *src;
	t.str = src->str ? xstrdup(src->str) : NULL;
	t.recs = NULL;
	if (src->n_recs) {
		t.recs = xcalloc(src->n_recs, sizeof *t.recs);
		for (size_t i = 0; i < src->n_recs; i++) {
			t.recs[i].fields = xcalloc(src->n_fields ? src->n_fields : 1,
						   sizeof(struct sim_value));
			for (size_t j = 0; j < src->n_fields; j++)
				sim_value_copy(&t.recs[i].fields[j], &src->recs[i].fields[j]);
		}
	}
	*dst = t;
}

void sim_value_num(struct sim_value *v, double n)
{
	sim_value_free(v);
	v->type = SIM_NUM;
	v->num = isfinite(n) ? n : 0;
}

void sim_value_str(struct sim_value *v, const char *s)
{
	sim_value_free(v);
	v->type = SIM_STR;
	v->str = xstrndup(s, SIM_MAX_STRING);
}

void sim_value_bool(struct sim_value *v, bool b)
{
	sim_value_free(v);
	v->type = SIM_BOOL;
	v->b = b;
}

bool sim_value_truthy(const struct sim_value *v)
{
	switch (v->type) {
	case SIM_NUM: return v->num != 0;
	case SIM_STR: return v->str && v->str[0];
	case SIM_BOOL: return v->b;
	case SIM_LIST: return v->n_recs > 0;
	default: return false;
	}
}

long sim_clamp(double d)
{
	if (!(d > -1e6))
		return d != d ? 0 : -1000000;
	if (d > 1e6)
		return 1000000;
	return (long)d;
}

long sim_json_num_at(const cJSON *arr, int i)
{
	return sim_json_num(cJSON_GetArrayItem(arr, i), 0);
}

long sim_json_num(const cJSON *n, long dflt)
{
	return cJSON_IsNumber(n) ? sim_clamp(n->valuedouble) : dflt;
}

const char *sim_type_name(enum sim_type t)
{
	switch (t) {
	case SIM_NUM: return "number";
	case SIM_STR: return "string";
	case SIM_BOOL: return "bool";
	case SIM_LIST: return "list";
	default: return "none";
	}
}

/* Numbers print as integers when integral, else with two decimals. */
static void format_num(double n, struct strbuf *sb)
{
	if (fabs(n) < 1e15 && n == floor(n))
		(void)strbuf_addf(sb, "%.0f", n);
	else
		(void)strbuf_addf(sb, "%.2f", n);
}

void sim_value_format(const struct sim_value *v, struct strbuf *sb)
{
	switch (v->type) {
	case SIM_NUM: format_num(v->num, sb); break;
	case SIM_STR: (void)strbuf_adds(sb, v->str ? v->str : ""); break;
	case SIM_BOOL: (void)strbuf_adds(sb, v->b ? "true" : "false"); break;
	case SIM_LIST: (void)strbuf_addf(sb, "%zu", v->n_recs); break;
	default: break;
	}
}

void sim_value_convert(struct sim_value *v, enum sim_type type)
{
	if (v->type == type || type == SIM_LIST || type == SIM_NONE)
		return;
	struct strbuf sb = STRBUF_INIT;
	sim_value_format(v, &sb);
	bool truth = sim_value_truthy(v);
	if (type == SIM_STR) {
		sim_value_str(v, sb.buf);
	} else if (type == SIM_NUM) {
		char *end;
		double n = strtod(sb.buf, &end);
		if (end == sb.buf)
			n = v->type == SIM_BOOL ? truth : 0;
		sim_value_num(v, n);
	} else {
		sim_value_bool(v, truth && strcmp(sb.buf, "false") != 0 && strcmp(sb.buf, "0") != 0);
	}
	strbuf_release(&sb);
}

/* The parser: recursive descent straight to values. */
struct parser {
	const char *p;
	const struct sim_scope *sc;
	char *why;
	size_t why_len;
	int err;
	int depth;
};

static int fail(struct parser *ps, const char *fmt, ...) TD_PRINTF(2, 3);
static int fail(struct parser *ps, const char *fmt, ...)
{
	if (!ps->err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(ps->why, ps->why_len, fmt, ap);
		va_end(ap);
		ps->err = TD_ERR_PARSE;
	}
	return ps->err;
}

static void skip_ws(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static bool eat(struct parser *ps, const char *tok)
{
	skip_ws(ps);
	size_t n = strlen(tok);
	if (strncmp(ps->p, tok, n) != 0)
		return false;
	/* "=" must not eat the start of "==" etc. */
	if (n == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!') && ps->p[1] == '=')
		return false;
	ps->p += n;
	return true;
}

static int parse_or(struct parser *ps, struct sim_value *out);

static int ident(struct parser *ps, char *buf, size_t len)
{
	size_t n = 0;
	if (!isalpha((unsigned char)*ps->p) && *ps->p != '_')
		return fail(ps, "expected a name at '%.20s'", ps->p);
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '.') {
		if (n + 1 >= len)
			return fail(ps, "name too long at '%.20s'", ps->p);
		buf[n++] = *ps->p++;
	}
	buf[n] = '\0';
	return 0;
}

/*
 * The list variable an argument names by its bare name (followed by ','
 * or ')'), borrowed from the scope and the parser moved past the name;
 * else NULL with the parser where it was.
 */
static const struct sim_value *borrowed_list(struct parser *ps, char name[128])
{
	const char *start;
	const struct sim_value *v = NULL;
	size_t n = 0;

	skip_ws(ps);
	start = ps->p;
	if (!ps->sc->var_ref || !(isalpha((unsigned char)*ps->p) || *ps->p == '_'))
		return NULL;
	while ((isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '.') && n + 1 < 128)
		name[n++] = *ps->p++;
	name[n] = '\0';
	skip_ws(ps);
	if (*ps->p == ',' || *ps->p == ')')
		v = ps->sc->var_ref(ps->sc->ctx, name);
	if (!v || v->type != SIM_LIST) {
		ps->p = start;
		return NULL;
	}
	return v;
}

/*
 * A list argument: the name of a list variable. *list points at the list:
 * the state variable itself when the argument is its bare name (borrowed,
 * *out left empty), else *out, which the caller frees either way; `name`
 * gets the list's name (for field lookups), "" when it has none.
 */
static int list_arg(struct parser *ps, struct sim_value *out, const struct sim_value **list, char name[128])
{
	*list = borrowed_list(ps, name);
	if (*list)
		return 0;
	*list = out;
	name[0] = '\0';
	if (parse_or(ps, out))
		return ps->err;
	if (out->type != SIM_LIST && !ps->sc->check)
		return fail(ps, "%s", "expected a list");
	snprintf(name, 128, "%s", out->str ? out->str : "");
	return 0;
}

/* Field index of record field `name` in the list variable behind v: lists
 * carry no field names, so the scope's special lookup answers
 * "field:<list>:<name>"; we encode the lookup through the value's str. */
static long field_of(struct parser *ps, const char *list, const char *field)
{
	struct sim_value idx = { 0 };
	char key[300];
	snprintf(key, sizeof key, "field:%s:%s", list, field);
	if (!ps->sc->special || ps->sc->special(ps->sc->ctx, key, &idx) != 0) {
		fail(ps, "unknown record field '%s'", field);
		return -1;
	}
	long i = sim_clamp(idx.num);
	sim_value_free(&idx);
	return i;
}

/* at(list, index, 'field'): one field of one record ("" / 0 when out of range). */
static int call_at(struct parser *ps, struct sim_value *out)
{
	struct sim_value l = { 0 }, i = { 0 }, f = { 0 };
	const struct sim_value *lp;
	char ln[128];
	if (list_arg(ps, &l, &lp, ln) || !eat(ps, ",") || parse_or(ps, &i) || !eat(ps, ",") ||
	    parse_or(ps, &f) || !eat(ps, ")")) {
		fail(ps, "%s", "at() takes (list, index, 'field')");
		goto out;
	}
	if (f.type != SIM_STR) {
		fail(ps, "%s", "at() needs a field name in quotes");
		goto out;
	}
	long fi = field_of(ps, ln, f.str);
	if (fi < 0)
		goto out;
	sim_value_convert(&i, SIM_NUM);
	long k = sim_clamp(i.num);
	if (k >= 0 && (size_t)k < lp->n_recs && (size_t)fi < lp->n_fields)
		sim_value_copy(out, &lp->recs[k].fields[fi]);
	else
		sim_value_str(out, "");
out:
	sim_value_free(&l);
	sim_value_free(&i);
	sim_value_free(&f);
	return ps->err;
}

static int call(struct parser *ps, const char *fn, struct sim_value *out)
{
	struct sim_value a = { 0 }, b = { 0 };
	const struct sim_value *ap = &a;
	char an[128] = "";
	if (!strcmp(fn, "at"))
		return call_at(ps, out);
	int two = !strcmp(fn, "sum") || !strcmp(fn, "count") || !strcmp(fn, "sorted") ||
		  !strcmp(fn, "contains");
	if (!strcmp(fn, "sum") || !strcmp(fn, "count") || !strcmp(fn, "sorted")) {
		if (list_arg(ps, &a, &ap, an))
			goto out;
	} else if (!strcmp(fn, "len") && (ap = borrowed_list(ps, an)) != NULL) {
		/* len(list): the count, without copying the rows */
	} else if ((ap = &a, parse_or(ps, &a))) {
		goto out;
	}
	if (two) {
		if (!eat(ps, ","))
			{ fail(ps, "%s() takes two arguments", fn); goto out; }
		if (parse_or(ps, &b))
			goto out;
	}
	if (!eat(ps, ")"))
		{ fail(ps, "missing ')' after %s(", fn); goto out; }
	struct strbuf sb = STRBUF_INIT;
	if (!strcmp(fn, "len")) {
		sim_value_num(out, ap->type == SIM_LIST ? (double)ap->n_recs
					: ap->type == SIM_STR ? (double)strlen(ap->str) : 0);
	} else if (!strcmp(fn, "digits")) {
		size_t d = 0;
		sim_value_format(&a, &sb);
		for (const char *q = sb.buf; *q; q++)
			d += isdigit((unsigned char)*q) != 0;
		sim_value_num(out, (double)d);
	} else if (!strcmp(fn, "num")) {
		sim_value_copy(out, &a);
		sim_value_convert(out, SIM_NUM);
	} else if (!strcmp(fn, "str")) {
		sim_value_copy(out, &a);
		sim_value_convert(out, SIM_STR);
	} else if (!strcmp(fn, "money")) {
		struct sim_value n = { 0 };
		sim_value_copy(&n, &a);
		sim_value_convert(&n, SIM_NUM);
		(void)strbuf_addf(&sb, "%.2f", n.num);
		sim_value_str(out, sb.buf);
		sim_value_free(&n);
	} else if (!strcmp(fn, "trim") || !strcmp(fn, "lower")) {
		sim_value_format(&a, &sb);
		char *s = sb.buf;
		if (!strcmp(fn, "trim")) {
			while (isspace((unsigned char)*s))
				s++;
			strbuf_rtrim(&sb);
		} else {
			for (char *q = s; *q; q++)
				*q = (char)tolower((unsigned char)*q);
		}
		sim_value_str(out, s);
	} else if (!strcmp(fn, "contains")) {
		struct strbuf t = STRBUF_INIT;
		sim_value_format(&a, &sb);
		sim_value_format(&b, &t);
		sim_value_bool(out, strcasestr(sb.buf, t.buf) != NULL);
		strbuf_release(&t);
	} else if (two) {
		if (b.type != SIM_STR) {
			fail(ps, "%s() needs a field name in quotes", fn);
			strbuf_release(&sb);
			goto out;
		}
		long f = field_of(ps, an, b.str);
		if (f < 0) {
			strbuf_release(&sb);
			goto out;
		}
		double acc = 0;
		bool ok = true;
		for (size_t i = 0; i < ap->n_recs && (size_t)f < ap->n_fields; i++) {
			const struct sim_value *fv = &ap->recs[i].fields[f];
			if (!strcmp(fn, "sum")) {
				struct sim_value n = { 0 };
				sim_value_copy(&n, fv);
				sim_value_convert(&n, SIM_NUM);
				acc += n.num;
				sim_value_free(&n);
			} else if (!strcmp(fn, "count")) {
				acc += sim_value_truthy(fv);
			} else if (i > 0) {
				const struct sim_value *pv = &ap->recs[i - 1].fields[f];
				if (fv->type == SIM_NUM)
					ok = ok && pv->num <= fv->num;
				else if (fv->type == SIM_STR)
					ok = ok && strcasecmp(pv->str, fv->str) <= 0;
			}
		}
		if (!strcmp(fn, "sorted"))
			sim_value_bool(out, ok);
		else
			sim_value_num(out, acc);
	} else {
		fail(ps, "unknown function '%s'", fn);
	}
	strbuf_release(&sb);
out:
	sim_value_free(&a);
	sim_value_free(&b);
	return ps->err;
}

static int primary(struct parser *ps, struct sim_value *out)
{
	char name[128];
	if (++ps->depth > 64)
		return fail(ps, "%s", "expression nested too deeply");
	skip_ws(ps);
	const char *p = ps->p;
	if (*p == '(') {
		ps->p++;
		if (parse_or(ps, out))
			return ps->err;
		if (!eat(ps, ")"))
			return fail(ps, "missing ')' at '%.20s'", ps->p);
	} else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
		char *end;
		double n = strtod(p, &end);
		ps->p = end;
		sim_value_num(out, n);
	} else if (*p == '\'' || *p == '"') {
		char q = *p++;
		const char *e = strchr(p, q);
		if (!e)
			return fail(ps, "unterminated string at '%.20s'", p - 1);
		char *s = xstrndup(p, (size_t)(e - p));
		sim_value_str(out, s);
		free(s);
		ps->p = e + 1;
	} else if (*p == '@' || *p == '$') {
		ps->p++;
		if (ident(ps, name, sizeof name))
			return ps->err;
		int (*fn)(void *, const char *, struct sim_value *) =
			*p == '@' ? ps->sc->input : ps->sc->special;
		if (!fn || fn(ps->sc->ctx, name, out) != 0)
			return fail(ps, *p == '@' ? "unknown input field '@%s'" : "unknown name '$%s'", name);
	} else {
		if (ident(ps, name, sizeof name))
			return ps->err;
		if (!strcmp(name, "true") || !strcmp(name, "false")) {
			sim_value_bool(out, name[0] == 't');
		} else if (eat(ps, "(")) {
			/* A call's level is given back once it is parsed: depth counts open calls. */
			if (call(ps, name, out))
				return ps->err;
		} else {
			if (!ps->sc->var || ps->sc->var(ps->sc->ctx, name, out) != 0)
				return fail(ps, "unknown variable '%s'", name);
			if (out->type == SIM_LIST) {
				free(out->str);
				out->str = xstrdup(name); /* remembered for field lookups */
			}
		}
	}
	ps->depth--;
	return 0;
}

static int unary(struct parser *ps, struct sim_value *out)
{
	if (eat(ps, "!")) {
		if (unary(ps, out))
			return ps->err;
		sim_value_bool(out, !sim_value_truthy(out));
		return 0;
	}
	skip_ws(ps);
	if (*ps->p == '-' && !isdigit((unsigned char)ps->p[1])) {
		ps->p++;
		if (unary(ps, out))
			return ps->err;
		sim_value_convert(out, SIM_NUM);
		out->num = -out->num;
		return 0;
	}
	return primary(ps, out);
}

static int mul(struct parser *ps, struct sim_value *out)
{
	if (unary(ps, out))
		return ps->err;
	for (;;) {
		char op;
		if (eat(ps, "*"))
			op = '*';
		else if (eat(ps, "/"))
			op = '/';
		else if (eat(ps, "%"))
			op = '%';
		else
			return 0;
		struct sim_value r = { 0 };
		if (unary(ps, &r)) {
			sim_value_free(&r);
			return ps->err;
		}
		sim_value_convert(out, SIM_NUM);
		sim_value_convert(&r, SIM_NUM);
		double a = out->num, b = r.num;
		sim_value_free(&r);
		if (op == '*')
			sim_value_num(out, a * b);
		else if (b == 0)
			sim_value_num(out, 0);
		else if (op == '/')
			sim_value_num(out, a / b);
		else
			sim_value_num(out, fmod(a, b));
	}
}

static int add(struct parser *ps, struct sim_value *out)
{
	if (mul(ps, out))
		return ps->err;
	for (;;) {
		skip_ws(ps);
		char op = *ps->p;
		if (op != '+' && op != '-')
			return 0;
		ps->p++;
		struct sim_value r = { 0 };
		if (mul(ps, &r)) {
			sim_value_free(&r);
			return ps->err;
		}
		if (op == '+' && (out->type == SIM_STR || r.type == SIM_STR)) {
			struct strbuf sb = STRBUF_INIT;
			sim_value_format(out, &sb);
			sim_value_format(&r, &sb);
			sim_value_str(out, sb.buf);
			strbuf_release(&sb);
		} else {
			sim_value_convert(out, SIM_NUM);
			sim_value_convert(&r, SIM_NUM);
			sim_value_num(out, op == '+' ? out->num + r.num : out->num - r.num);
		}
		sim_value_free(&r);
	}
}

/* -1, 0, 1 comparing two values: numerically when both are numbers. */
static int compare(const struct sim_value *a, const struct sim_value *b)
{
	if ((a->type == SIM_NUM || a->type == SIM_BOOL) && (b->type == SIM_NUM || b->type == SIM_BOOL)) {
		double x = a->type == SIM_NUM ? a->num : a->b, y = b->type == SIM_NUM ? b->num : b->b;
		return x < y ? -1 : x > y;
	}
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	sim_value_format(a, &sa);
	sim_value_format(b, &sb);
	int c = strcmp(sa.buf, sb.buf);
	strbuf_release(&sa);
	strbuf_release(&sb);
	return c < 0 ? -1 : c > 0;
}

static int cmp(struct parser *ps, struct sim_value *out)
{
	static const char *ops[] = { "==", "!=", "<=", ">=", "<", ">" };
	if (add(ps, out))
		return ps->err;
	for (size_t i = 0; i < 6; i++) {
		if (!eat(ps, ops[i]))
			continue;
		struct sim_value r = { 0 };
		if (add(ps, &r)) {
			sim_value_free(&r);
			return ps->err;
		}
		int c = compare(out, &r);
		bool v = i == 0 ? c == 0 : i == 1 ? c != 0 : i == 2 ? c <= 0 : i == 3 ? c >= 0
			: i == 4 ? c < 0 : c > 0;
		sim_value_free(&r);
		sim_value_bool(out, v);
		return 0;
	}
	return 0;
}

static int and_expr(struct parser *ps, struct sim_value *out)
{
	if (cmp(ps, out))
		return ps->err;
	while (eat(ps, "&&")) {
		struct sim_value r = { 0 };
		if (cmp(ps, &r)) {
			sim_value_free(&r);
			return ps->err;
		}
		bool v = sim_value_truthy(out) && sim_value_truthy(&r);
		sim_value_free(&r);
		sim_value_bool(out, v);
	}
	return 0;
}

static int parse_or(struct parser *ps, struct sim_value *out)
{
	if (and_expr(ps, out))
		return ps->err;
	while (eat(ps, "||")) {
		struct sim_value r = { 0 };
		if (and_expr(ps, &r)) {
			sim_value_free(&r);
			return ps->err;
		}
		bool v = sim_value_truthy(out) || sim_value_truthy(&r);
		sim_value_free(&r);
		sim_value_bool(out, v);
	}
	return 0;
}

int sim_expr_eval(const char *expr, const struct sim_scope *sc, struct sim_value *out,
		  char *why, size_t why_len)
{
	struct parser ps = { expr, sc, why, why_len, 0, 0 };
	memset(out, 0, sizeof *out);
	if (strlen(expr) > SIM_MAX_STRING)
		return fail(&ps, "%s", "expression too long");
	if (parse_or(&ps, out) == 0) {
		skip_ws(&ps);
		if (*ps.p)
			fail(&ps, "unexpected '%.20s'", ps.p);
	}
	if (ps.err) {
		sim_value_free(out);
		return ps.err;
	}
	if (out->type == SIM_LIST) {
		/* the remembered name is not part of the value */
		free(out->str);
		out->str = NULL;
	}
	return 0;
}

int sim_template(const char *tmpl, const struct sim_scope *sc, struct strbuf *out,
		 char *why, size_t why_len)
{
	const char *p = tmpl;
	while (*p) {
		if (p[0] == '{' && p[1] == '{') {
			(void)strbuf_addch(out, '{');
			p += 2;
			continue;
		}
		if (p[0] == '}' && p[1] == '}') {
			(void)strbuf_addch(out, '}');
			p += 2;
			continue;
		}
		if (*p != '{') {
			(void)strbuf_addch(out, *p++);
			continue;
		}
		const char *e = strchr(p, '}');
		if (!e) {
			snprintf(why, why_len, "unclosed '{' in template '%.40s'", tmpl);
			return TD_ERR_PARSE;
		}
		char *expr = xstrndup(p + 1, (size_t)(e - p - 1));
		struct sim_value v;
		int err = sim_expr_eval(expr, sc, &v, why, why_len);
		free(expr);
		if (err)
			return err;
		sim_value_format(&v, out);
		sim_value_free(&v);
		p = e + 1;
	}
	return 0;
}
