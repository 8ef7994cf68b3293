/*
 * config.c - layered JSON configuration (see config.h).
 *
 * The compiled-in configs/default.json is both the defaults and the schema.
 * A merge walks the incoming document alongside the current tree: every key
 * must already exist (unless its parent object is marked "#open") and have a
 * compatible type; objects recurse, everything else replaces.
 */
#include "core/config.h"

#include <ctype.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blocklist.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

#define CONFIG_MAX_BYTES (4u * 1024u * 1024u)

extern const char config_default_json[];
extern const size_t config_default_json_len;

struct config {
	cJSON *root;
};

static const char *type_name(const cJSON *n)
{
	if (cJSON_IsNull(n))
		return "null";
	if (cJSON_IsBool(n))
		return "boolean";
	if (cJSON_IsNumber(n))
		return "number";
	if (cJSON_IsString(n))
		return "string";
	if (cJSON_IsArray(n))
		return "array";
	if (cJSON_IsObject(n))
		return "object";
	return "invalid value";
}

/* Whether a value of `got`'s type may replace the default `want`. */
static int types_compatible(const cJSON *want, const cJSON *got)
{
	if (cJSON_IsNull(want))
		return cJSON_IsNull(got) || cJSON_IsString(got);
	if (cJSON_IsString(want))
		return cJSON_IsString(got) || cJSON_IsNull(got);
	if (cJSON_IsBool(want))
		return cJSON_IsBool(got);
	return strcmp(type_name(want), type_name(got)) == 0;
}

static int is_doc_key(const char *key)
{
	return key && key[0] == '#';
}

/*
 * Whether number `got` fits key `key` of the defaults object `obj` (whose
 * default is `want`): the range in obj's "#range" map when it names the key,
 * else finite, not below 0 (or below the default when that is negative) and
 * not above INT_MAX (1e15 for a fractional default), so that config_int
 * never wraps. TD_ERR_CONFIG naming `origin`, `path` and the allowed range.
 */
static int check_range(const cJSON *obj, const char *key, const cJSON *want, double got,
		       const char *origin, const char *path)
{
	const cJSON *rng = cJSON_GetObjectItemCaseSensitive(obj, "#range");
	const cJSON *r = rng ? cJSON_GetObjectItemCaseSensitive(rng, key) : NULL;
	double lo = want->valuedouble < 0 ? want->valuedouble : 0;
	double hi = want->valuedouble == floor(want->valuedouble) ? 2147483647.0 : 1e15;
	if (cJSON_IsArray(r) && cJSON_GetArraySize(r) == 2) {
		lo = cJSON_GetArrayItem(r, 0)->valuedouble;
		hi = cJSON_GetArrayItem(r, 1)->valuedouble;
	}
	if (isfinite(got) && got >= lo && got <= hi)
		return TD_OK;
	return td_error(TD_ERR_CONFIG, "%s%s%s: %.15g is out of range (allowed: %.15g to %.15g)", origin ? origin : "",
			origin ? ": " : "", path, got, lo, hi);
}

/*
 * Arrays whose items the defaults cannot describe: each item must be a
 * string that `check` accepts (NULL, or a malloc'd reason).
 */
static const struct {
	const char *path;
	char *(*check)(const char *item);
} array_items[] = {
	{ "run.block", blocklist_pattern_error },
};

/* Check the items of array `got` at `path` against array_items. */
static int check_items(const cJSON *got, const char *origin, const char *path)
{
	for (size_t k = 0; k < sizeof(array_items) / sizeof(array_items[0]); k++) {
		const cJSON *it;
		int i = 0;
		if (strcmp(path, array_items[k].path))
			continue;
		cJSON_ArrayForEach(it, got) {
			char *why;
			if (!cJSON_IsString(it))
				return td_error(TD_ERR_CONFIG, "%s%s%s[%d]: expected a string, got %s", origin ? origin : "",
						origin ? ": " : "", path, i, type_name(it));
			why = array_items[k].check(it->valuestring);
			if (why) {
				int err = td_error(TD_ERR_CONFIG, "%s%s%s[%d]: '%s': %s", origin ? origin : "",
						   origin ? ": " : "", path, i, it->valuestring, why);
				free(why);
				return err;
			}
			i++;
		}
	}
	return TD_OK;
}

/*
 * Whether string `got` fits key `key` of the defaults object `obj`: one of
 * the values its "#one_of" map lists for the key, when it lists any.
 */
static int check_one_of(const cJSON *obj, const char *key, const cJSON *got, const char *origin, const char *path)
{
	const cJSON *map = cJSON_GetObjectItemCaseSensitive(obj, "#one_of");
	const cJSON *allowed = map ? cJSON_GetObjectItemCaseSensitive(map, key) : NULL, *v;
	struct strbuf list;
	int err;
	if (!cJSON_IsArray(allowed) || !cJSON_IsString(got))
		return TD_OK;
	cJSON_ArrayForEach(v, allowed)
		if (cJSON_IsString(v) && !strcmp(v->valuestring, got->valuestring))
			return TD_OK;
	strbuf_init(&list, 0);
	cJSON_ArrayForEach(v, allowed)
		(void)strbuf_addf(&list, "%s%s", list.len ? ", " : "", cJSON_IsString(v) ? v->valuestring : "?");
	err = td_error(TD_ERR_CONFIG, "%s%s%s: '%s' is not one of %s", origin ? origin : "", origin ? ": " : "", path,
		       got->valuestring, list.buf);
	strbuf_release(&list);
	return err;
}

/* Merge object `src` into object `dst`; `path` is the dotted prefix. */
static int merge_object(cJSON *dst, const cJSON *src, const char *origin, struct strbuf *path)
{
	int open = cJSON_GetObjectItemCaseSensitive(dst, "#open") != NULL;
	const cJSON *item;
	cJSON_ArrayForEach(item, src) {
		if (is_doc_key(item->string))
			continue;
		size_t mark = path->len;
		if (path->len)
			(void)strbuf_addch(path, '.');
		(void)strbuf_adds(path, item->string);
		cJSON *cur = cJSON_GetObjectItemCaseSensitive(dst, item->string);
		if (!cur) {
			if (!open)
				return td_error(TD_ERR_CONFIG, "%s: %s: unknown key", origin, path->buf);
			cJSON_AddItemToObject(dst, item->string, cJSON_Duplicate(item, 1));
		} else if (!types_compatible(cur, item)) {
			return td_error(TD_ERR_CONFIG, "%s: %s: expected %s %s, got %s %s", origin,
					path->buf, cJSON_IsArray(cur) || cJSON_IsObject(cur) ? "an" : "a",
					cJSON_IsNull(cur) ? "string or null" : type_name(cur),
					cJSON_IsArray(item) || cJSON_IsObject(item) ? "an" : "a",
					type_name(item));
		} else if (cJSON_IsObject(cur)) {
			int err = merge_object(cur, item, origin, path);
			if (err)
				return err;
		} else if (cJSON_IsNumber(cur) &&
			   check_range(dst, item->string, cur, item->valuedouble, origin, path->buf)) {
			return TD_ERR_CONFIG;
		} else if (cJSON_IsArray(cur) && check_items(item, origin, path->buf)) {
			return TD_ERR_CONFIG;
		} else if (check_one_of(dst, item->string, item, origin, path->buf)) {
			return TD_ERR_CONFIG;
		} else {
			cJSON_ReplaceItemInObjectCaseSensitive(dst, item->string,
							       cJSON_Duplicate(item, 1));
		}
		strbuf_setlen(path, mark);
	}
	return TD_OK;
}

/* Line and column of byte offset `at` in `text`. */
static void line_col(const char *text, size_t at, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < at && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int config_merge_text(struct config *cfg, const char *text, const char *origin)
{
	const char *end = NULL;
	cJSON *doc = cJSON_ParseWithOpts(text, &end, 1);
	if (!doc) {
		int line, col;
		size_t at = end ? (size_t)(end - text) : 0;
		line_col(text, at, &line, &col);
		return td_error(TD_ERR_PARSE, "%s:%d:%d: invalid JSON", origin, line, col);
	}
	int err = TD_OK;
	if (!cJSON_IsObject(doc)) {
		err = td_error(TD_ERR_CONFIG, "%s: the top level must be an object, got %s", origin,
			       type_name(doc));
	} else {
		struct strbuf path = STRBUF_INIT;
		err = merge_object(cfg->root, doc, origin, &path);
		strbuf_release(&path);
	}
	cJSON_Delete(doc);
	return err;
}

struct config *config_defaults(void)
{
	struct config *cfg = xcalloc(1, sizeof *cfg);
	cfg->root = cJSON_Parse(config_default_json);
	if (!cfg->root || !cJSON_IsObject(cfg->root)) {
		/* The build embeds configs/default.json; a bad one is a build bug. */
		fprintf(stderr, "trident: the compiled-in configs/default.json is not a JSON object\n");
		abort();
	}
	return cfg;
}

static struct config *builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_load(void)
{
	builtin = config_defaults();
}

const struct config *config_or_builtin(const struct config *cfg)
{
	if (cfg)
		return cfg;
	pthread_once(&builtin_once, builtin_load);
	return builtin;
}

int config_load(struct config **out, const char *user_path)
{
	struct config *cfg = config_defaults();
	int err = TD_OK;
	if (user_path) {
		struct strbuf sb;
		strbuf_init(&sb, CONFIG_MAX_BYTES);
		err = strbuf_read_file(&sb, user_path);
		if (err == TD_ERR_TOO_BIG)
			td_error(err, "%s: larger than %u bytes", user_path, CONFIG_MAX_BYTES);
		if (!err)
			err = config_merge_text(cfg, sb.buf, user_path);
		strbuf_release(&sb);
	}
	if (err) {
		config_free(cfg);
		return err;
	}
	*out = cfg;
	return TD_OK;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	cJSON_Delete(cfg->root);
	free(cfg);
}

/* The node at dotted `path`, or NULL; '#' keys are not addressable. */
static cJSON *lookup(const struct config *cfg, const char *path, cJSON **parent)
{
	cJSON *node = cfg->root;
	char *copy = xstrdup(path);
	char *save = NULL;
	if (parent)
		*parent = NULL;
	for (char *part = strtok_r(copy, ".", &save); part; part = strtok_r(NULL, ".", &save)) {
		if (!cJSON_IsObject(node) || is_doc_key(part)) {
			node = NULL;
			break;
		}
		if (parent)
			*parent = node;
		node = cJSON_GetObjectItemCaseSensitive(node, part);
		if (!node)
			break;
	}
	free(copy);
	return node;
}

static int parse_bool(const char *v, int *out)
{
	if (!strcmp(v, "true") || !strcmp(v, "yes") || !strcmp(v, "on") || !strcmp(v, "1"))
		*out = 1;
	else if (!strcmp(v, "false") || !strcmp(v, "no") || !strcmp(v, "off") || !strcmp(v, "0"))
		*out = 0;
	else
		return -1;
	return 0;
}

int config_set(struct config *cfg, const char *path, const char *value)
{
	cJSON *parent = NULL;
	cJSON *cur = lookup(cfg, path, &parent);
	if (!cur)
		return td_error(TD_ERR_CONFIG, "%s: unknown configuration key", path);
	cJSON *repl = NULL;
	if (cJSON_IsBool(cur)) {
		int b;
		if (parse_bool(value, &b) != 0)
			return td_error(TD_ERR_CONFIG, "%s: expected true or false, got '%s'", path, value);
		repl = cJSON_CreateBool(b);
	} else if (cJSON_IsNumber(cur)) {
		char *end = NULL;
		errno = 0;
		double d = strtod(value, &end);
		while (end && isspace((unsigned char)*end))
			end++;
		if (!*value || !end || *end || errno == ERANGE)
			return td_error(TD_ERR_CONFIG, "%s: expected a number, got '%s'", path, value);
		if (check_range(parent, cur->string, cur, d, NULL, path))
			return TD_ERR_CONFIG;
		repl = cJSON_CreateNumber(d);
	} else if (cJSON_IsString(cur) || cJSON_IsNull(cur)) {
		repl = cJSON_CreateString(value);
		if (check_one_of(parent, cur->string, repl, NULL, path)) {
			cJSON_Delete(repl);
			return TD_ERR_CONFIG;
		}
	} else {
		repl = cJSON_Parse(value);
		if (!repl || !types_compatible(cur, repl)) {
			cJSON_Delete(repl);
			return td_error(TD_ERR_CONFIG, "%s: expected %s JSON, got '%s'", path,
					type_name(cur), value);
		}
		if (cJSON_IsArray(repl) && check_items(repl, NULL, path)) {
			cJSON_Delete(repl);
			return TD_ERR_CONFIG;
		}
	}
	cJSON_ReplaceItemInObjectCaseSensitive(parent, cur->string, repl);
	return TD_OK;
}

int config_append_string(struct config *cfg, const char *path, const char *value)
{
	cJSON *cur = lookup(cfg, path, NULL);
	cJSON *one;
	int err;
	if (!cur || !cJSON_IsArray(cur))
		return td_error(TD_ERR_CONFIG, "%s: %s", path, cur ? "not a list" : "unknown configuration key");
	one = cJSON_CreateArray();
	cJSON_AddItemToArray(one, cJSON_CreateString(value));
	err = check_items(one, NULL, path);
	cJSON_Delete(one);
	if (err)
		return TD_ERR_CONFIG;
	cJSON_AddItemToArray(cur, cJSON_CreateString(value));
	return TD_OK;
}

static const cJSON *must_get(const struct config *cfg, const char *path)
{
	const cJSON *n = lookup(cfg, path, NULL);
	if (!n) {
		fprintf(stderr, "trident: internal error: configuration key '%s' is not in configs/default.json\n", path);
		abort();
	}
	return n;
}

static void wrong_type(const char *path, const char *want, const cJSON *n)
{
	fprintf(stderr, "trident: internal error: configuration key '%s' is %s, read as %s\n",
		path, type_name(n), want);
	abort();
}

const char *config_string(const struct config *cfg, const char *path)
{
	const cJSON *n = must_get(cfg, path);
	if (cJSON_IsNull(n))
		return NULL;
	if (!cJSON_IsString(n))
		wrong_type(path, "string", n);
	return n->valuestring;
}

long long config_int(const struct config *cfg, const char *path)
{
	const cJSON *n = must_get(cfg, path);
	if (!cJSON_IsNumber(n))
		wrong_type(path, "number", n);
	double d = n->valuedouble;
	if (d > 9e18)
		return (long long)9e18;
	if (d < -9e18)
		return (long long)-9e18;
	return (long long)d;
}

double config_double(const struct config *cfg, const char *path)
{
	const cJSON *n = must_get(cfg, path);
	if (!cJSON_IsNumber(n))
		wrong_type(path, "number", n);
	return n->valuedouble;
}

bool config_bool(const struct config *cfg, const char *path)
{
	const cJSON *n = must_get(cfg, path);
	if (!cJSON_IsBool(n))
		wrong_type(path, "boolean", n);
	return cJSON_IsTrue(n);
}

const struct cJSON *config_node(const struct config *cfg, const char *path)
{
	return must_get(cfg, path);
}

bool config_has(const struct config *cfg, const char *path)
{
	return lookup(cfg, path, NULL) != NULL;
}

static void strip_docs(cJSON *node)
{
	cJSON *item = node ? node->child : NULL;
	while (item) {
		cJSON *next = item->next;
		if (cJSON_IsObject(node) && is_doc_key(item->string))
			cJSON_Delete(cJSON_DetachItemViaPointer(node, item));
		else
			strip_docs(item);
		item = next;
	}
}

char *config_dump(const struct config *cfg)
{
	cJSON *copy = cJSON_Duplicate(cfg->root, 1);
	strip_docs(copy);
	char *text = cJSON_Print(copy);
	cJSON_Delete(copy);
	char *out = xstrdup(text ? text : "{}");
	free(text);
	return out;
}
