/*
 * llm_reply.c - reading a model server's reply: the pieces both wire
 * formats share (llm_parsed_begin(), llm_parsed_release(), the error-body
 * readers), getting a JSON answer out of a model's reply text, and checking
 * it against the request's JSON Schema.
 *
 * Models wrap JSON in ```json fences, put prose before and after it, or
 * think aloud in <think> blocks first; some servers ignore structured output
 * entirely. The extractor tries, in order: the whole text, each fenced block,
 * then each balanced {...} (or [...]) span. The validator covers the subset
 * of JSON Schema that agent answers use (see llm.h) and reports the first
 * violation with its JSON path, in words the model can act on when the
 * message is sent back to it.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

#define MAX_CANDIDATES 64
#define MAX_SCHEMA_DEPTH 64

/* --- reply bodies ---------------------------------------------------------- */

void llm_parsed_release(struct llm_parsed *p)
{
	free(p->text);
	free(p->stop_reason);
	free(p->refusal);
	memset(p, 0, sizeof *p);
}

int llm_parsed_begin(const char *body, size_t len, struct llm_parsed *out, struct cJSON **root)
{
	memset(out, 0, sizeof *out);
	out->prompt_tokens = out->completion_tokens = -1;
	*root = cJSON_ParseWithLength(body, len);
	if (!cJSON_IsObject(*root))
		return td_error(TD_ERR_MODEL, "the server's reply is not a JSON object");
	return TD_OK;
}

int llm_server_error(const char *body, size_t len)
{
	char *m = llm_error_message(body, len);
	int err = td_error(TD_ERR_MODEL, "the server answered with an error: %s", m ? m : "?");
	free(m);
	return err;
}

char *llm_error_message(const char *body, size_t len)
{
	if (!body || !len)
		return NULL;
	cJSON *root = cJSON_ParseWithLength(body, len);
	char *msg = NULL;
	if (root) {
		const cJSON *err = cJSON_GetObjectItemCaseSensitive(root, "error");
		const cJSON *m = cJSON_IsObject(err) ? cJSON_GetObjectItemCaseSensitive(err, "message")
						     : err;
		if (!cJSON_IsString(m))
			m = cJSON_GetObjectItemCaseSensitive(root, "message");
		if (!cJSON_IsString(m))
			m = cJSON_GetObjectItemCaseSensitive(root, "detail");
		if (cJSON_IsString(m))
			msg = xstrndup(m->valuestring, 500);
		cJSON_Delete(root);
	}
	if (!msg) {
		/* Not JSON (a proxy's HTML page): keep a printable excerpt. */
		size_t n = len < 200 ? len : 200;
		msg = xmalloc(n + 1);
		for (size_t i = 0; i < n; i++)
			msg[i] = (body[i] >= 0x20 && body[i] < 0x7f) ? body[i] : ' ';
		msg[n] = '\0';
	}
	return msg;
}

/* --- answers in reply text ------------------------------------------------- */


/* Parse exactly text[0..len) (surrounding whitespace allowed) as JSON. */
static cJSON *parse_exact(const char *text, size_t len)
{
	while (len && (*text == ' ' || *text == '\n' || *text == '\r' || *text == '\t')) {
		text++;
		len--;
	}
	if (!len || (*text != '{' && *text != '['))
		return NULL;
	const char *end = NULL;
	cJSON *v = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!v)
		return NULL;
	size_t used = (size_t)(end - text);
	for (size_t i = used; i < len; i++) {
		char c = text[i];
		if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\0') {
			cJSON_Delete(v);
			return NULL;
		}
	}
	return v;
}

/* Find `needle` in text[from..len); returns the offset or len. */
static size_t find(const char *text, size_t len, size_t from, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = from; i + n <= len; i++)
		if (!memcmp(text + i, needle, n))
			return i;
	return len;
}

/* End (exclusive) of the balanced span opening at text[start], or 0. */
static size_t balanced_end(const char *text, size_t len, size_t start)
{
	char stack[256];
	size_t depth = 0;
	bool in_string = false;
	for (size_t i = start; i < len; i++) {
		char c = text[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
			continue;
		}
		if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			if (depth == sizeof stack)
				return 0;
			stack[depth++] = c == '{' ? '}' : ']';
		} else if (c == '}' || c == ']') {
			if (!depth || stack[depth - 1] != c)
				return 0;
			if (--depth == 0)
				return i + 1;
		}
	}
	return 0;
}

/* Try the fenced blocks of text[0..len). */
static cJSON *from_fences(const char *text, size_t len)
{
	size_t pos = 0;
	for (int tries = 0; tries < MAX_CANDIDATES; tries++) {
		size_t open = find(text, len, pos, "```");
		if (open >= len)
			return NULL;
		size_t body = open + 3;
		while (body < len && text[body] != '\n' && text[body] != '{' && text[body] != '[')
			body++; /* the info string: json, JSON, javascript ... */
		size_t close = find(text, len, body, "```");
		cJSON *v = parse_exact(text + body, close - body);
		if (v)
			return v;
		if (close >= len)
			return NULL;
		pos = close + 3;
	}
	return NULL;
}

/* Try each balanced span that starts with `open`. */
static cJSON *from_spans(const char *text, size_t len, char open)
{
	int tries = 0;
	for (size_t i = 0; i < len && tries < MAX_CANDIDATES; i++) {
		if (text[i] != open)
			continue;
		tries++;
		size_t end = balanced_end(text, len, i);
		if (!end)
			continue;
		cJSON *v = parse_exact(text + i, end - i);
		if (v)
			return v;
	}
	return NULL;
}

int llm_reply_extract(const char *text, size_t len, struct cJSON **out)
{
	*out = NULL;
	if (!text)
		len = 0;
	if (len > LLM_REPLY_MAX_BYTES)
		return td_error(TD_ERR_PARSE, "the reply is %zu bytes, over the %u-byte limit",
				len, LLM_REPLY_MAX_BYTES);
	/* Reasoning models may think aloud first: skip a leading <think> block. */
	size_t think = find(text, len, 0, "</think>");
	if (think < len && find(text, think, 0, "<think>") < think) {
		text += think + 8;
		len -= think + 8;
	}
	size_t i = 0;
	while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
		i++;
	if (i == len)
		return td_error(TD_ERR_PARSE, "the reply is empty; answer with a JSON object");
	cJSON *v = parse_exact(text, len);
	if (!v)
		v = from_fences(text, len);
	if (!v)
		v = from_spans(text, len, '{');
	if (!v)
		v = from_spans(text, len, '[');
	if (!v) {
		bool has_brace = memchr(text, '{', len) != NULL;
		return td_error(TD_ERR_PARSE, "%s",
				has_brace ? "the reply's JSON does not parse (check quotes, commas "
					    "and brackets); answer with one valid JSON object"
					  : "no JSON object found in the reply; answer with one "
					    "JSON object");
	}
	*out = v;
	return TD_OK;
}

/* --- validation --------------------------------------------------------- */

struct vctx {
	struct strbuf path;
	struct strbuf msg;
};

/* The JSON type name of a value, as JSON Schema spells it. */
static const char *value_type(const cJSON *v)
{
	if (cJSON_IsObject(v))
		return "object";
	if (cJSON_IsArray(v))
		return "array";
	if (cJSON_IsString(v))
		return "string";
	if (cJSON_IsBool(v))
		return "boolean";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;
		return (isfinite(d) && d == floor(d)) ? "integer" : "number";
	}
	return "invalid";
}

/* Whether `v` has JSON Schema type `t`. */
static bool has_type(const cJSON *v, const char *t)
{
	const char *vt = value_type(v);
	if (!strcmp(t, vt))
		return true;
	return !strcmp(t, "number") && !strcmp(vt, "integer");
}

/* Record a violation at the current path; returns TD_ERR_INVALID. */
static int fail(struct vctx *c, const char *fmt, ...) TD_PRINTF(2, 3);
static int fail(struct vctx *c, const char *fmt, ...)
{
	va_list ap;
	strbuf_reset(&c->msg);
	(void)strbuf_addf(&c->msg, "%s: ", c->path.len ? c->path.buf : "$");
	va_start(ap, fmt);
	(void)strbuf_vaddf(&c->msg, fmt, ap);
	va_end(ap);
	return TD_ERR_INVALID;
}

/* A short JSON rendering of `v` for messages. */
static void add_short(struct strbuf *sb, const cJSON *v)
{
	char *s = cJSON_PrintUnformatted(v);
	if (!s) {
		(void)strbuf_adds(sb, "?");
		return;
	}
	size_t n = strlen(s);
	if (n > 60) {
		(void)strbuf_add(sb, s, 57);
		(void)strbuf_adds(sb, "...");
	} else {
		(void)strbuf_add(sb, s, n);
	}
	free(s);
}

static int check(struct vctx *c, const cJSON *v, const cJSON *schema, int depth);

/* The "type" keyword: a string or an array of strings. */
static int check_type(struct vctx *c, const cJSON *v, const cJSON *schema)
{
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(schema, "type");
	bool nullable = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(schema, "nullable"));
	if (!type || (nullable && cJSON_IsNull(v)))
		return TD_OK;
	if (cJSON_IsString(type)) {
		if (has_type(v, type->valuestring))
			return TD_OK;
		return fail(c, "expected %s %s, got %s", strchr("aeiou", type->valuestring[0]) ? "an" : "a",
			    type->valuestring, value_type(v));
	}
	if (!cJSON_IsArray(type))
		return TD_OK;
	struct strbuf want = STRBUF_INIT;
	const cJSON *t;
	cJSON_ArrayForEach(t, type) {
		if (!cJSON_IsString(t))
			continue;
		if (has_type(v, t->valuestring)) {
			strbuf_release(&want);
			return TD_OK;
		}
		(void)strbuf_addf(&want, "%s%s", want.len ? " or " : "", t->valuestring);
	}
	int err = want.len ? fail(c, "expected %s, got %s", want.buf, value_type(v)) : TD_OK;
	strbuf_release(&want);
	return err;
}

/* The "enum" keyword. */
static int check_enum(struct vctx *c, const cJSON *v, const cJSON *schema)
{
	const cJSON *en = cJSON_GetObjectItemCaseSensitive(schema, "enum");
	if (!cJSON_IsArray(en))
		return TD_OK;
	const cJSON *e;
	cJSON_ArrayForEach(e, en)
		if (cJSON_Compare(e, v, 1))
			return TD_OK;
	struct strbuf list = STRBUF_INIT;
	int shown = 0;
	cJSON_ArrayForEach(e, en) {
		if (shown++ == 12) {
			(void)strbuf_adds(&list, ", ...");
			break;
		}
		if (list.len)
			(void)strbuf_adds(&list, ", ");
		add_short(&list, e);
	}
	struct strbuf got = STRBUF_INIT;
	add_short(&got, v);
	int err = fail(c, "expected one of %s; got %s", list.buf, got.buf);
	strbuf_release(&list);
	strbuf_release(&got);
	return err;
}

/* A number keyword of the schema, or NAN. */
static double num_kw(const cJSON *schema, const char *kw)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(schema, kw);
	return cJSON_IsNumber(n) ? n->valuedouble : NAN;
}

/* Object keywords: required, properties, additionalProperties. */
static int check_object(struct vctx *c, const cJSON *v, const cJSON *schema, int depth)
{
	const cJSON *req = cJSON_GetObjectItemCaseSensitive(schema, "required");
	const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
	const cJSON *r;
	cJSON_ArrayForEach(r, req) {
		if (cJSON_IsString(r) && !cJSON_GetObjectItemCaseSensitive(v, r->valuestring))
			return fail(c, "missing required field \"%s\"", r->valuestring);
	}
	const cJSON *addl = cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties");
	const cJSON *field;
	cJSON_ArrayForEach(field, v) {
		const cJSON *ps = cJSON_IsObject(props)
					  ? cJSON_GetObjectItemCaseSensitive(props, field->string)
					  : NULL;
		if (!ps && cJSON_IsFalse(addl))
			return fail(c, "unexpected field \"%s\"", field->string);
		if (!ps && cJSON_IsObject(addl))
			ps = addl;
		if (!ps)
			continue;
		size_t mark = c->path.len;
		if (!c->path.len)
			(void)strbuf_adds(&c->path, "$");
		(void)strbuf_addf(&c->path, ".%s", field->string);
		int err = check(c, field, ps, depth + 1);
		if (err)
			return err;
		strbuf_setlen(&c->path, mark);
	}
	return TD_OK;
}

/* Array keywords: items, minItems, maxItems. */
static int check_array(struct vctx *c, const cJSON *v, const cJSON *schema, int depth)
{
	int n = cJSON_GetArraySize(v);
	double lo = num_kw(schema, "minItems"), hi = num_kw(schema, "maxItems");
	if (!isnan(lo) && n < lo)
		return fail(c, "expected at least %g items, got %d", lo, n);
	if (!isnan(hi) && n > hi)
		return fail(c, "expected at most %g items, got %d", hi, n);
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(schema, "items");
	if (!cJSON_IsObject(items))
		return TD_OK;
	int i = 0;
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		size_t mark = c->path.len;
		if (!c->path.len)
			(void)strbuf_adds(&c->path, "$");
		(void)strbuf_addf(&c->path, "[%d]", i++);
		int err = check(c, e, items, depth + 1);
		if (err)
			return err;
		strbuf_setlen(&c->path, mark);
	}
	return TD_OK;
}

/* anyOf / oneOf: at least one branch must hold (oneOf is not made exclusive). */
static int check_any(struct vctx *c, const cJSON *v, const cJSON *schema, int depth)
{
	const char *kws[] = { "anyOf", "oneOf" };
	for (size_t k = 0; k < 2; k++) {
		const cJSON *branches = cJSON_GetObjectItemCaseSensitive(schema, kws[k]);
		if (!cJSON_IsArray(branches) || !cJSON_GetArraySize(branches))
			continue;
		const cJSON *b;
		int err = TD_OK;
		size_t mark = c->path.len;
		cJSON_ArrayForEach(b, branches) {
			err = check(c, v, b, depth + 1);
			if (!err)
				break;
			strbuf_setlen(&c->path, mark);
		}
		if (err)
			return err; /* the last branch's message */
	}
	return TD_OK;
}

/* Check `v` against `schema`; the message goes to c->msg. */
static int check(struct vctx *c, const cJSON *v, const cJSON *schema, int depth)
{
	if (depth > MAX_SCHEMA_DEPTH)
		return fail(c, "nested too deeply");
	if (!cJSON_IsObject(schema))
		return TD_OK; /* true, or a keyword we do not know */
	int err = check_type(c, v, schema);
	if (!err)
		err = check_enum(c, v, schema);
	if (!err)
		err = check_any(c, v, schema, depth);
	if (err)
		return err;
	if (cJSON_IsNull(v))
		return TD_OK;
	if (cJSON_IsObject(v))
		return check_object(c, v, schema, depth);
	if (cJSON_IsArray(v))
		return check_array(c, v, schema, depth);
	if (cJSON_IsNumber(v)) {
		double lo = num_kw(schema, "minimum"), hi = num_kw(schema, "maximum");
		if (!isnan(lo) && v->valuedouble < lo)
			return fail(c, "expected at least %g, got %g", lo, v->valuedouble);
		if (!isnan(hi) && v->valuedouble > hi)
			return fail(c, "expected at most %g, got %g", hi, v->valuedouble);
	}
	if (cJSON_IsString(v)) {
		size_t n = strlen(v->valuestring);
		double lo = num_kw(schema, "minLength"), hi = num_kw(schema, "maxLength");
		if (!isnan(lo) && (double)n < lo)
			return fail(c, "expected a string of at least %g characters, got %zu", lo, n);
		if (!isnan(hi) && (double)n > hi)
			return fail(c, "expected a string of at most %g characters, got %zu", hi, n);
	}
	return TD_OK;
}

int llm_reply_validate(const struct cJSON *value, const struct cJSON *schema)
{
	if (!value)
		return td_error(TD_ERR_INVALID, "$: no value");
	if (!schema) {
		if (!cJSON_IsObject(value))
			return td_error(TD_ERR_INVALID, "$: expected a JSON object, got %s",
					value_type(value));
		return TD_OK;
	}
	struct vctx c;
	strbuf_init(&c.path, 4096);
	strbuf_init(&c.msg, 8192);
	int err = check(&c, value, schema, 0);
	if (err)
		td_error(err, "%s", c.msg.buf);
	strbuf_release(&c.path);
	strbuf_release(&c.msg);
	return err;
}

/* Whether a schema accepts null. */
static bool allows_null(const cJSON *schema)
{
	if (!cJSON_IsObject(schema) ||
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(schema, "nullable")))
		return true;
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(schema, "type");
	if (!type)
		return true;
	if (cJSON_IsString(type))
		return !strcmp(type->valuestring, "null");
	const cJSON *t;
	cJSON_ArrayForEach(t, type)
		if (cJSON_IsString(t) && !strcmp(t->valuestring, "null"))
			return true;
	return false;
}

/* The recursion of llm_reply_drop_optional_nulls(). */
static void drop_nulls(cJSON *v, const cJSON *schema, int depth)
{
	if (!cJSON_IsObject(schema) || depth > MAX_SCHEMA_DEPTH)
		return;
	if (cJSON_IsArray(v)) {
		const cJSON *items = cJSON_GetObjectItemCaseSensitive(schema, "items");
		cJSON *e;
		cJSON_ArrayForEach(e, v)
			drop_nulls(e, items, depth + 1);
		return;
	}
	if (!cJSON_IsObject(v))
		return;
	const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
	const cJSON *req = cJSON_GetObjectItemCaseSensitive(schema, "required");
	cJSON *field = v->child;
	while (field) {
		cJSON *next = field->next;
		const cJSON *ps = cJSON_GetObjectItemCaseSensitive(props, field->string);
		if (ps && cJSON_IsNull(field) && !allows_null(ps)) {
			bool required = false;
			const cJSON *r;
			cJSON_ArrayForEach(r, req)
				required |= cJSON_IsString(r) && !strcmp(r->valuestring, field->string);
			if (!required)
				cJSON_Delete(cJSON_DetachItemViaPointer(v, field));
		} else if (ps) {
			drop_nulls(field, ps, depth + 1);
		}
		field = next;
	}
}

void llm_reply_drop_optional_nulls(struct cJSON *value, const struct cJSON *schema)
{
	drop_nulls(value, schema, 0);
}
