/*
 * prompts.c - template rendering and bug-example retrieval (see prompts.h).
 */
#include "agents/prompts.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "core/ui.h"
#include "core/xalloc.h"

#define PROMPT_MAX_BYTES (1u << 20)
#define EXAMPLES_MAX_BYTES (16u << 20)
#define SEPARATOR "=== user ==="

void prompt_release(struct prompt *p)
{
	free(p->system);
	for (size_t i = 0; i < p->n_parts; i++) {
		free(p->parts[i].text);
		free(p->parts[i].image);
	}
	free(p->parts);
	memset(p, 0, sizeof(*p));
}

/* Append a part (text merged into a preceding text part). */
static void add_part(struct prompt *p, const char *text, size_t len, const char *image)
{
	struct prompt_part *pp;
	if (!image && p->n_parts && p->parts[p->n_parts - 1].text) {
		pp = &p->parts[p->n_parts - 1];
		size_t old = strlen(pp->text);
		pp->text = xrealloc(pp->text, old + len + 1);
		memcpy(pp->text + old, text, len);
		pp->text[old + len] = '\0';
		return;
	}
	if (!image && !len)
		return;
	p->parts = xrealloc(p->parts, (p->n_parts + 1) * sizeof(*p->parts));
	pp = &p->parts[p->n_parts++];
	pp->text = image ? NULL : xstrndup(text, len);
	pp->image = image ? xstrdup(image) : NULL;
}

/* Substitute placeholders in `src`; text goes to sb (system) or parts (user). */
static int substitute(const char *src, size_t len, const char *name, const struct prompt_var *vars,
		      size_t n, struct strbuf *sb, struct prompt *user)
{
	size_t i = 0, start = 0;
	while (i + 1 < len) {
		size_t j, klen;
		const char *key;
		const char *value = NULL;
		bool found = false;
		if (src[i] != '{' || src[i + 1] != '{') {
			i++;
			continue;
		}
		for (j = i + 2; j + 1 < len && !(src[j] == '}' && src[j + 1] == '}'); j++)
			if (src[j] == '\n')
				break;
		if (j + 1 >= len || src[j] != '}')
			return td_error(TD_ERR_PARSE, "%s: unterminated placeholder near \"%.*s\"", name,
					ui_text_prefix_len(src + i, 20), src + i);
		key = src + i + 2;
		klen = j - i - 2;
		if (sb)
			(void)strbuf_add(sb, src + start, i - start);
		else
			add_part(user, src + start, i - start, NULL);
		if (klen > 6 && !strncmp(key, "image:", 6)) {
			char *img = xstrndup(key + 6, klen - 6);
			if (!user) {
				free(img);
				return td_error(TD_ERR_PARSE, "%s: images belong in the user part", name);
			}
			add_part(user, NULL, 0, img);
			free(img);
		} else {
			for (size_t v = 0; v < n; v++)
				if (strlen(vars[v].name) == klen && !strncmp(vars[v].name, key, klen)) {
					value = vars[v].value ? vars[v].value : "";
					found = true;
					break;
				}
			if (!found)
				return td_error(TD_ERR_PARSE, "%s: unknown placeholder {{%.*s}}", name, (int)klen, key);
			if (sb)
				(void)strbuf_adds(sb, value);
			else
				add_part(user, value, strlen(value), NULL);
		}
		i = start = j + 2;
	}
	if (sb)
		(void)strbuf_add(sb, src + start, len - start);
	else
		add_part(user, src + start, len - start, NULL);
	return TD_OK;
}

int prompt_render(const char *text, const char *name, const struct prompt_var *vars, size_t n,
		  struct prompt *out)
{
	struct strbuf clean = STRBUF_INIT, sys = STRBUF_INIT;
	const char *p = text, *sep;
	int err;

	memset(out, 0, sizeof(*out));
	/* Drop %% comment lines. */
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p + 1) : strlen(p);
		if (!(p[0] == '%' && p[1] == '%'))
			(void)strbuf_add(&clean, p, l);
		p += l;
	}
	sep = strstr(clean.buf, SEPARATOR "\n");
	if (!sep) {
		strbuf_release(&clean);
		return td_error(TD_ERR_PARSE, "%s: no \"" SEPARATOR "\" line between system and user parts", name);
	}
	err = substitute(clean.buf, (size_t)(sep - clean.buf), name, vars, n, &sys, NULL);
	if (err == TD_OK) {
		const char *u = sep + strlen(SEPARATOR) + 1;
		err = substitute(u, strlen(u), name, vars, n, NULL, out);
	}
	strbuf_rtrim(&sys);
	out->system = strbuf_detach(&sys, NULL);
	strbuf_release(&clean);
	if (err != TD_OK)
		prompt_release(out);
	return err;
}

int prompt_render_file(const char *dir, const char *file, const struct prompt_var *vars, size_t n,
		       struct prompt *out)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/%s", dir, file);
	int err;
	strbuf_init(&sb, PROMPT_MAX_BYTES);
	memset(out, 0, sizeof(*out));
	err = strbuf_read_file(&sb, path);
	if (err == TD_OK)
		err = prompt_render(sb.buf, path, vars, n, out);
	strbuf_release(&sb);
	free(path);
	return err;
}

int prompt_load_schema(const char *dir, const char *file, cJSON **out)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/%s", dir, file);
	int err;
	*out = NULL;
	strbuf_init(&sb, PROMPT_MAX_BYTES);
	err = strbuf_read_file(&sb, path);
	if (err == TD_OK) {
		*out = cJSON_ParseWithLength(sb.buf, sb.len);
		if (!*out || !cJSON_IsObject(*out)) {
			cJSON_Delete(*out);
			*out = NULL;
			err = td_error(TD_ERR_PARSE, "%s: not a JSON Schema object", path);
		}
	}
	strbuf_release(&sb);
	free(path);
	return err;
}

/* --- examples ------------------------------------------------------------- */

struct term {
	char *word;
	double weight;
};

struct example_set {
	struct bug_example *ex;
	size_t n;
	/* per example: sorted unique terms with tf-idf weights and the vector norm */
	struct term **terms;
	size_t *n_terms;
	double *norm;
	/* document frequencies */
	char **df_words;
	int *df;
	size_t n_df;
};

static const char *const stop_words[] = {
	"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "is",
	"it", "its", "of", "on", "or", "that", "the", "then", "this", "to", "was", "were", "with",
	"when", "after", "activity", "page", "screen", "app", "user", "com", "android", "org",
	"not", "but", "so", "than", "into", "only", "also", "does", "do", NULL
};

static bool is_stop(const char *w)
{
	for (size_t i = 0; stop_words[i]; i++)
		if (!strcmp(stop_words[i], w))
			return true;
	return strlen(w) < 2;
}

/* Split text into lower-case words (camelCase split); returns the count. */
static size_t tokenize(const char *text, char ***out)
{
	char **words = NULL;
	size_t n = 0, alloc = 0;
	char buf[64];
	size_t len = 0;
	for (const char *p = text ? text : "";; p++) {
		unsigned char c = (unsigned char)*p;
		bool boundary = !isalnum(c) ||
				(len && isupper(c) && p > text && islower((unsigned char)p[-1]));
		if (boundary && len) {
			buf[len] = '\0';
			/* crude stemming: drop a plural 's' */
			if (len > 3 && buf[len - 1] == 's' && buf[len - 2] != 's')
				buf[len - 1] = '\0';
			if (!is_stop(buf)) {
				words = xgrow(words, &alloc, n + 1, sizeof(*words));
				words[n++] = xstrdup(buf);
			}
			len = 0;
		}
		if (!c)
			break;
		if (isalnum(c) && len + 1 < sizeof(buf))
			buf[len++] = (char)tolower(c);
	}
	*out = words;
	return n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_term(const void *a, const void *b)
{
	return strcmp(((const struct term *)a)->word, ((const struct term *)b)->word);
}

/* Unique sorted terms with raw counts as weights. */
static size_t term_counts(const char *text, struct term **out)
{
	char **w;
	size_t n = tokenize(text, &w), m = 0;
	struct term *t = xcalloc(n ? n : 1, sizeof(*t));
	qsort(w, n, sizeof(*w), cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (m && !strcmp(t[m - 1].word, w[i])) {
			t[m - 1].weight += 1;
			free(w[i]);
		} else {
			t[m].word = w[i];
			t[m++].weight = 1;
		}
	}
	free(w);
	*out = t;
	return m;
}

static void free_terms(struct term *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(t[i].word);
	free(t);
}

/* Inverse document frequency of `word`. */
static double idf(const struct example_set *s, const char *word)
{
	size_t lo = 0, hi = s->n_df;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(s->df_words[mid], word);
		if (!c)
			return log((1.0 + (double)s->n) / (1.0 + s->df[mid])) + 1.0;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return log(1.0 + (double)s->n) + 1.0;
}

/* Weight terms by tf-idf; returns the vector norm. */
static double weigh(const struct example_set *s, struct term *t, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		t[i].weight = (1.0 + log(t[i].weight)) * idf(s, t[i].word);
		sum += t[i].weight * t[i].weight;
	}
	return sqrt(sum);
}

/* The text an example is matched on. */
static char *example_text(const struct bug_example *e)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb, "%s %s %s %s %s", e->title ? e->title : "", e->description,
			  e->activity ? e->activity : "", e->page ? e->page : "", e->app ? e->app : "");
	for (size_t i = 0; i < e->n_replay; i++)
		(void)strbuf_addf(&sb, " %s", e->replay[i]);
	return strbuf_detach(&sb, NULL);
}

static char *dup_member(const cJSON *o, const char *k)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsString(it) ? xstrdup(it->valuestring) : NULL;
}

static void example_release(struct bug_example *e)
{
	free(e->id);
	free(e->app);
	free(e->category);
	free(e->title);
	free(e->description);
	free(e->activity);
	free(e->page);
	free(e->screenshot);
	free(e->source);
	for (size_t i = 0; i < e->n_replay; i++)
		free(e->replay[i]);
	free(e->replay);
}

/* Build the df table and every example's weighted vector. */
static void index_examples(struct example_set *s)
{
	char **all = NULL;
	size_t n_all = 0, alloc = 0;
	s->terms = xcalloc(s->n ? s->n : 1, sizeof(*s->terms));
	s->n_terms = xcalloc(s->n ? s->n : 1, sizeof(*s->n_terms));
	s->norm = xcalloc(s->n ? s->n : 1, sizeof(*s->norm));
	for (size_t i = 0; i < s->n; i++) {
		char *text = example_text(&s->ex[i]);
		s->n_terms[i] = term_counts(text, &s->terms[i]);
		free(text);
		for (size_t j = 0; j < s->n_terms[i]; j++) {
			all = xgrow(all, &alloc, n_all + 1, sizeof(*all));
			all[n_all++] = s->terms[i][j].word;
		}
	}
	qsort(all, n_all, sizeof(*all), cmp_str);
	s->df_words = xcalloc(n_all ? n_all : 1, sizeof(char *));
	s->df = xcalloc(n_all ? n_all : 1, sizeof(int));
	for (size_t i = 0; i < n_all; i++) {
		if (s->n_df && !strcmp(s->df_words[s->n_df - 1], all[i])) {
			s->df[s->n_df - 1]++;
		} else {
			s->df_words[s->n_df] = xstrdup(all[i]);
			s->df[s->n_df++] = 1;
		}
	}
	free(all);
	for (size_t i = 0; i < s->n; i++)
		s->norm[i] = weigh(s, s->terms[i], s->n_terms[i]);
}

int example_set_load(const char *path, struct example_set **out)
{
	struct strbuf sb = STRBUF_INIT;
	struct example_set *s = xcalloc(1, sizeof(*s));
	size_t alloc = 0;
	int err, line = 0;
	char *p;

	*out = NULL;
	strbuf_init(&sb, EXAMPLES_MAX_BYTES);
	err = strbuf_read_file(&sb, path);
	if (err != TD_OK)
		goto fail;
	p = sb.buf;
	while (p && *p) {
		char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		char *text = xstrndup(p, l);
		const char *q = text;
		cJSON *o, *it;
		struct bug_example e;
		line++;
		p = nl ? nl + 1 : NULL;
		while (isspace((unsigned char)*q))
			q++;
		if (!*q || *q == '#') {
			free(text);
			continue;
		}
		o = cJSON_Parse(q);
		free(text);
		if (!cJSON_IsObject(o)) {
			cJSON_Delete(o);
			err = td_error(TD_ERR_PARSE, "%s:%d: not a JSON object", path, line);
			goto fail;
		}
		memset(&e, 0, sizeof(e));
		e.id = dup_member(o, "id");
		e.app = dup_member(o, "app");
		e.category = dup_member(o, "category");
		e.title = dup_member(o, "title");
		e.description = dup_member(o, "description");
		e.activity = dup_member(o, "activity");
		e.page = dup_member(o, "page");
		e.screenshot = dup_member(o, "screenshot");
		e.source = dup_member(o, "source");
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "replay")) {
			if (!cJSON_IsString(it))
				continue;
			e.replay = xrealloc(e.replay, (e.n_replay + 1) * sizeof(char *));
			e.replay[e.n_replay++] = xstrdup(it->valuestring);
		}
		cJSON_Delete(o);
		if (!e.description || !e.category || !e.source || !e.n_replay) {
			example_release(&e);
			err = td_error(TD_ERR_PARSE, "%s:%d: an example needs description, category, replay and source",
				       path, line);
			goto fail;
		}
		s->ex = xgrow(s->ex, &alloc, s->n + 1, sizeof(*s->ex));
		s->ex[s->n++] = e;
	}
	index_examples(s);
	strbuf_release(&sb);
	*out = s;
	return TD_OK;
fail:
	strbuf_release(&sb);
	example_set_free(s);
	return err;
}

void example_set_free(struct example_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		example_release(&s->ex[i]);
		if (s->terms)
			free_terms(s->terms[i], s->n_terms[i]);
	}
	for (size_t i = 0; i < s->n_df; i++)
		free(s->df_words[i]);
	free(s->df_words);
	free(s->df);
	free(s->terms);
	free(s->n_terms);
	free(s->norm);
	free(s->ex);
	free(s);
}

size_t example_set_count(const struct example_set *s)
{
	return s ? s->n : 0;
}

const struct bug_example *example_set_get(const struct example_set *s, size_t i)
{
	return s && i < s->n ? &s->ex[i] : NULL;
}

size_t example_set_top_k(const struct example_set *s, const char *query, size_t k,
			 size_t *idx, double *scores)
{
	struct term *q;
	size_t nq, got = 0;
	double qn, *sim;

	if (!s || !s->n || !k)
		return 0;
	nq = term_counts(query, &q);
	qsort(q, nq, sizeof(*q), cmp_term);
	qn = weigh(s, q, nq);
	sim = xcalloc(s->n, sizeof(double));
	for (size_t i = 0; i < s->n; i++) {
		double dot = 0;
		size_t a = 0, b = 0;
		while (a < nq && b < s->n_terms[i]) {
			int c = strcmp(q[a].word, s->terms[i][b].word);
			if (!c)
				dot += q[a++].weight * s->terms[i][b++].weight;
			else if (c < 0)
				a++;
			else
				b++;
		}
		sim[i] = (qn > 0 && s->norm[i] > 0) ? dot / (qn * s->norm[i]) : 0;
	}
	/* Selection of the k best, ties by dataset order. */
	for (; got < k && got < s->n; got++) {
		size_t best = s->n;
		for (size_t i = 0; i < s->n; i++) {
			bool taken = false;
			for (size_t j = 0; j < got; j++)
				if (idx[j] == i)
					taken = true;
			if (!taken && (best == s->n || sim[i] > sim[best]))
				best = i;
		}
		idx[got] = best;
		if (scores)
			scores[got] = sim[best];
	}
	free(sim);
	free_terms(q, nq);
	return got;
}

char *example_format(const struct bug_example *e, int number)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb, "Example %d [%s]%s%s: %s\n", number, e->category,
			  e->app ? " in " : "", e->app ? e->app : "", e->description);
	if (e->activity)
		(void)strbuf_addf(&sb, "  Page: %s%s%s\n", e->activity, e->page ? " - " : "", e->page ? e->page : "");
	(void)strbuf_adds(&sb, "  Reproduction path:");
	for (size_t i = 0; i < e->n_replay; i++)
		(void)strbuf_addf(&sb, " %zu) %s", i + 1, e->replay[i]);
	(void)strbuf_adds(&sb, "\n");
	return strbuf_detach(&sb, NULL);
}
