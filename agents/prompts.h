/*
 * prompts.h - prompt templates and the bug-example dataset.
 *
 * Templates live as files in the prompts directory (prompts/README.md lists
 * every placeholder). A template is the system prompt, a line reading
 * exactly "=== user ===", and the user message. Lines starting with "%%" are
 * comments and are dropped. {{name}} is replaced by the variable `name`;
 * {{image:name}} places the image `name` at that point of the user message.
 * An unknown placeholder is an error naming the file and the placeholder,
 * so templates and code cannot drift apart silently.
 *
 * The bug examples (prompts/bug_examples.jsonl, one JSON object a line:
 * id, app, category, title, description, replay [steps], activity, page,
 * screenshot (optional), source (the issue URL)) are retrieved by
 * similarity (seeds 001 §II-C2): each example and the query become bags of
 * words (lower-cased, camelCase and punctuation split, stop words dropped),
 * weighted by tf-idf over the dataset, compared by cosine; the top K win.
 */
#ifndef TRIDENT_AGENTS_PROMPTS_H
#define TRIDENT_AGENTS_PROMPTS_H

#include <stddef.h>

#include "core/error.h"

struct cJSON;

struct prompt_var {
	const char *name;
	const char *value;          /* text; NULL renders as "" */
};

/* A rendered template: system text and user parts (text or image name). */
struct prompt_part {
	char *text;                 /* NULL for an image part */
	char *image;                /* the image's name for {{image:name}} */
};
struct prompt {
	char *system;
	struct prompt_part *parts;
	size_t n_parts;
};
void prompt_release(struct prompt *p);

/*
 * Read `dir`/`file` and render it with `vars`. TD_ERR_NOT_FOUND / TD_ERR_IO
 * naming the file; TD_ERR_PARSE for a missing separator, an unterminated or
 * unknown placeholder (naming it and the file).
 */
int prompt_render_file(const char *dir, const char *file, const struct prompt_var *vars, size_t n,
		       struct prompt *out) TD_MUST_CHECK;
/* The same from template text (`name` in messages). */
int prompt_render(const char *text, const char *name, const struct prompt_var *vars, size_t n,
		  struct prompt *out) TD_MUST_CHECK;

/* Read and parse a JSON Schema file `dir`/`file` (caller deletes). */
int prompt_load_schema(const char *dir, const char *file, struct cJSON **out) TD_MUST_CHECK;

struct bug_example {
	char *id, *app, *category, *title, *description, *activity, *page, *screenshot, *source;
	char **replay;
	size_t n_replay;
};

struct example_set;

/*
 * Load a JSON-lines dataset. Blank lines and lines starting with '#' are
 * skipped. TD_ERR_PARSE naming the file and line for a bad line, or for a
 * line missing description, category or source.
 */
int example_set_load(const char *path, struct example_set **out) TD_MUST_CHECK;
void example_set_free(struct example_set *s);
size_t example_set_count(const struct example_set *s);
const struct bug_example *example_set_get(const struct example_set *s, size_t i);

/*
 * The indices of the `k` examples most similar to `query` (best first, ties
 * by dataset order) into idx[]; returns how many (<= k, <= count).
 * `scores` (may be NULL) receives the cosine similarities.
 */
size_t example_set_top_k(const struct example_set *s, const char *query, size_t k,
			 size_t *idx, double *scores);

/* One example as prompt text ("Example 1 [data_operation] ...\nSteps: ..."). Caller frees. */
char *example_format(const struct bug_example *e, int number);

#endif
