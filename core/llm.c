/*
 * llm.c - the model client: configuration, requests, the call loop and the
 * HTTP transport (see llm.h for the contract).
 *
 * DESIGN
 *   llm_call() runs two nested loops. The outer loop is answer attempts
 *   (llm.max_attempts): build the body (with the earlier rejected answers
 *   and why they were rejected), send it, extract and validate the JSON.
 *   The inner loop is transport retries: 429, 5xx, timeouts and connection
 *   errors are retried with exponential backoff and full jitter (Retry-After
 *   wins), at most llm.retries per call and llm.retry_budget per run.
 *   400/401/403/404 end at once and mark the client fatal, so every agent
 *   stops cleanly with the same message.
 *
 *   Threads: the client is read-only after llm_new() except for `lock`
 *   (fatal state, retry budget, record sequence) and the accounting, which
 *   has its own lock. Lock order: llm->lock, then the account lock; neither
 *   is held across I/O. Each HTTP request uses its own easy handle attached
 *   to a CURLSH that shares the connection cache, DNS and TLS sessions, so
 *   connections are reused across requests and threads.
 */
#include "core/llm.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "core/config.h"
#include "core/image.h"
#include "core/llm_internal.h"
#include "core/log.h"
#include "core/ui.h"
#include "core/xalloc.h"

#define BAD_REPLY_KEEP 2000
#define MAX_ATTEMPTS_CAP 10

struct llm {
	const struct config *cfg;
	const struct llm_wire_ops *ops;
	char *model;
	char *base_url;
	char *url;                  /* the endpoint */
	char *key;                  /* NULL: none sent */
	char *key_from;             /* "$OPENAI_API_KEY", for messages */
	char **headers;             /* full lines, secrets included */
	char **headers_shown;       /* the same with secrets blanked */
	size_t n_headers;
	struct llm_wire wire;
	int max_attempts;
	int retries;
	long backoff_ms, backoff_max_ms;
	long connect_timeout_ms, timeout_ms;
	size_t max_response_bytes;
	char *cache_dir;
	bool record;
	char *record_dir;
	CURLSH *share;
	pthread_mutex_t share_locks[CURL_LOCK_DATA_LAST];
	struct llm_account *acct;

	atomic_bool cancelled;      /* llm_cancel() */
	pthread_mutex_t lock;       /* guards the fields below */
	long retry_left;
	unsigned long record_seq;
	int fatal_err;
	char *fatal_msg;
};

/* --- configuration -------------------------------------------------------- */

/* The providers llm.provider names; "auto" picks one (auto_provider()). */
static const struct llm_wire_ops *const llm_providers[] = {
	&llm_openai_ops,
	&llm_azure_ops,
	&llm_anthropic_ops,
	&llm_openrouter_ops,
};
#define N_PROVIDERS (sizeof llm_providers / sizeof llm_providers[0])
#define PROVIDER_CHOICES "auto, openai, azure, anthropic, openrouter"

static const struct llm_wire_ops *find_provider(const char *name)
{
	for (size_t i = 0; i < N_PROVIDERS; i++)
		if (!strcmp(llm_providers[i]->name, name))
			return llm_providers[i];
	return NULL;
}

struct resolved {
	const struct llm_wire_ops *ops;
	char *model;
	char *base_url;
	char *key;
	char *key_from;
};

static void resolved_release(struct resolved *r)
{
	free(r->model);
	free(r->base_url);
	if (r->key)
		memset(r->key, 0, strlen(r->key));
	free(r->key);
	free(r->key_from);
	memset(r, 0, sizeof *r);
}

/* A non-empty environment variable, or NULL. */
static const char *env(const char *name)
{
	const char *v = getenv(name);
	return v && *v ? v : NULL;
}

/* Whether the URL's host is this machine (local servers need no key). */
static bool is_local_url(const char *url)
{
	const char *h = strstr(url, "://");
	h = h ? h + 3 : url;
	static const char *const local[] = { "localhost", "127.", "[::1]", "0.0.0.0" };
	for (size_t i = 0; i < 4; i++)
		if (!strncmp(h, local[i], strlen(local[i])))
			return true;
	return false;
}

/* The provider that "auto" means for this config and environment. */
static const char *auto_provider(const char *base, const char *model, const char *key_env)
{
	bool claude = model && !strncmp(model, "claude", 6);
	if (base) {
		if (strstr(base, "anthropic.com"))
			return "anthropic";
		if (strstr(base, ".openai.azure.com") || strstr(base, ".cognitiveservices.azure.com"))
			return "azure";
		if (strstr(base, "openrouter.ai"))
			return "openrouter";
		return "openai";
	}
	if (key_env && *key_env)
		return (claude || strstr(key_env, "ANTHROPIC")) ? "anthropic" : "openai";
	if (claude && env("ANTHROPIC_API_KEY"))
		return "anthropic";
	if (env("OPENAI_API_KEY"))
		return "openai";
	if (env("ANTHROPIC_API_KEY"))
		return "anthropic";
	if (env("AZURE_OPENAI_API_KEY") && env("AZURE_OPENAI_ENDPOINT"))
		return "azure";
	if (env("OPENROUTER_API_KEY"))
		return "openrouter";
	if (env("ANTHROPIC_BASE_URL") && !env("OPENAI_BASE_URL"))
		return "anthropic";
	return claude ? "anthropic" : "openai";
}

/* Resolve provider, model, URL and key. TD_ERR_CONFIG says what to set. */
static int resolve(const struct config *cfg, struct resolved *r)
{
	memset(r, 0, sizeof *r);
	const char *prov = config_string(cfg, "llm.provider");
	const char *base = config_string(cfg, "llm.base_url");
	const char *model = config_string(cfg, "llm.model");
	const char *key_env = config_string(cfg, "llm.api_key_env");
	const char *key = config_string(cfg, "llm.api_key");
	if (base && !*base)
		base = NULL;
	if (model && !*model)
		model = NULL;
	if (!prov || !strcmp(prov, "auto"))
		prov = auto_provider(base, model, key_env);

	const struct llm_wire_ops *ops = find_provider(prov);
	if (!ops)
		return td_error(TD_ERR_CONFIG, "llm.provider: '%s' is not one of " PROVIDER_CHOICES, prov);
	r->ops = ops;
	if (!base && ops->base_env)
		base = env(ops->base_env);
	if (!base)
		base = ops->default_base;
	if (!base)
		return td_error(TD_ERR_CONFIG, "%s", ops->missing_base);
	if (strncmp(base, "http://", 7) && strncmp(base, "https://", 8))
		return td_error(TD_ERR_CONFIG, "llm.base_url: '%s' is not an http:// or https:// URL",
				base);
	r->base_url = xstrdup(base);
	size_t bl = strlen(r->base_url);
	while (bl > 8 && r->base_url[bl - 1] == '/')
		r->base_url[--bl] = '\0';
	if (!model)
		model = ops->default_model;
	int err = TD_OK;
	if (!model)
		err = td_error(TD_ERR_CONFIG, "%s", ops->missing_model);
	for (const char *p = model; !err && *p; p++)
		if ((unsigned char)*p < 0x21 || *p == '"' || *p == '\\' || *p == '?' || *p == '#' ||
		    (*p == '/' && ops->model_slash_forbidden))
			err = td_error(TD_ERR_CONFIG, "llm.model: '%s' is not a model name", model);
	if (err) {
		resolved_release(r);
		return err;
	}
	r->model = xstrdup(model);

	/* The key: llm.api_key, else the named (or usual) variable. */
	const char *var = key_env ? key_env : ops->key_env;
	if (key && *key) {
		r->key = xstrdup(key);
		r->key_from = xstrdup("llm.api_key in the config file");
	} else if (*var && env(var)) {
		r->key = xstrdup(env(var));
		r->key_from = xasprintf("$%s", var);
	} else if (*var && !is_local_url(r->base_url)) {
		err = td_error(TD_ERR_CONFIG, "no API key for %s: set %s (or name another "
				   "variable in llm.api_key_env); for a local server without keys "
				   "use --base-url http://127.0.0.1:PORT/v1", ops->name, var);
		resolved_release(r);
		return err;
	} else {
		r->key_from = xstrdup("no key");
	}
	for (const char *p = r->key; p && *p; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			err = td_error(TD_ERR_CONFIG, "the API key from %s holds control "
					   "characters (a stray newline?)", r->key_from);
			resolved_release(r);
			return err;
		}
	}
	return TD_OK;
}

bool llm_configured(const struct config *cfg)
{
	struct resolved r;
	int err = resolve(cfg, &r);
	if (err) {
		td_error_clear();
		return false;
	}
	resolved_release(&r);
	return true;
}

bool llm_check_config_file(const struct config *cfg, const char *path)
{
	static atomic_int warned;
	struct stat st;
	const char *key = config_string(cfg, "llm.api_key");
	if (!path || !key || !*key || stat(path, &st) != 0 || !(st.st_mode & 077))
		return false;
	if (atomic_exchange(&warned, 1) == 0)
		log_warn("%s holds llm.api_key and is readable by others (mode %03o): run "
			 "'chmod 600 %s' or move the key to an environment variable",
			 path, (unsigned)(st.st_mode & 0777), path);
	return true;
}

int llm_parse_flag(struct config *cfg, int argc, char **argv, int *i)
{
	static const char *const flags[][2] = {
		{ "--provider", "llm.provider" },
		{ "--model", "llm.model" },
		{ "--base-url", "llm.base_url" },
	};
	const char *arg = argv[*i];
	for (size_t f = 0; f < 3; f++) {
		size_t n = strlen(flags[f][0]);
		const char *value;
		int used;
		if (!strcmp(arg, flags[f][0])) {
			if (*i + 1 >= argc) {
				td_error(TD_ERR_CONFIG, "%s needs a value", flags[f][0]);
				return -1;
			}
			value = argv[*i + 1];
			used = 2;
		} else if (!strncmp(arg, flags[f][0], n) && arg[n] == '=') {
			value = arg + n + 1;
			used = 1;
		} else {
			continue;
		}
		if (f == 0 && strcmp(value, "auto") && !find_provider(value)) {
			td_error(TD_ERR_CONFIG, "--provider: '%s' is not one of " PROVIDER_CHOICES, value);
			return -1;
		}
		if (!*value) {
			td_error(TD_ERR_CONFIG, "%s needs a non-empty value", flags[f][0]);
			return -1;
		}
		if (config_set(cfg, flags[f][1], value) != TD_OK)
			return -1;
		*i += used;
		return 1;
	}
	return 0;
}

const char *llm_flags_help(void)
{
	return "  --provider P     auto, openai (any OpenAI-compatible server), azure, anthropic,\n"
	       "                   openrouter (llm.provider)\n"
	       "  --model M        model name; Azure: deployment name (llm.model)\n"
	       "  --base-url U     API base URL, e.g. http://127.0.0.1:8000/v1 (llm.base_url)\n";
}

/* --- client --------------------------------------------------------------- */

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void curl_init_once(void)
{
	curl_global_init(CURL_GLOBAL_DEFAULT);
}

static void share_lock(CURL *h, curl_lock_data data, curl_lock_access access, void *user)
{
	(void)h;
	(void)access;
	struct llm *llm = user;
	pthread_mutex_lock(&llm->share_locks[data]);
}

static void share_unlock(CURL *h, curl_lock_data data, void *user)
{
	(void)h;
	struct llm *llm = user;
	pthread_mutex_unlock(&llm->share_locks[data]);
}

/* Add one header line; `shown` is its log form. */
static void add_header(struct llm *llm, char *line, char *shown)
{
	llm->headers = xrealloc(llm->headers, (llm->n_headers + 1) * sizeof *llm->headers);
	llm->headers_shown = xrealloc(llm->headers_shown,
				      (llm->n_headers + 1) * sizeof *llm->headers_shown);
	llm->headers[llm->n_headers] = line;
	llm->headers_shown[llm->n_headers] = shown ? shown : xstrdup(line);
	llm->n_headers++;
}

/* The extra headers of llm.headers. */
static int add_config_headers(struct llm *llm)
{
	const cJSON *map = config_node(llm->cfg, "llm.headers");
	const cJSON *h;
	cJSON_ArrayForEach(h, map) {
		if (!h->string || h->string[0] == '#')
			continue;
		if (!cJSON_IsString(h))
			return td_error(TD_ERR_CONFIG, "llm.headers.%s: expected a string", h->string);
		if (!*h->string || strpbrk(h->string, ": \t\r\n") || strpbrk(h->valuestring, "\r\n"))
			return td_error(TD_ERR_CONFIG, "llm.headers.%s: not a valid header", h->string);
		bool secret = !strcasecmp(h->string, "authorization") ||
			      !strcasecmp(h->string, "x-api-key") || !strcasecmp(h->string, "api-key");
		/* Any header carrying the key (a custom auth header) is shown redacted too. */
		char *line = xasprintf("%s: %s", h->string, h->valuestring);
		add_header(llm, line, secret ? xasprintf("%s: [REDACTED]", h->string)
					     : llm->key && *llm->key ? llm_redact(line, llm->key) : NULL);
	}
	return TD_OK;
}

/* The structured-output mode for this provider. */
static int resolve_structured(const struct config *cfg, const struct llm_wire_ops *ops,
			      enum llm_structured *out)
{
	const char *s = config_string(cfg, "llm.structured_output");
	if (!s || !strcmp(s, "auto"))
		*out = ops->structured_auto;
	else if (!strcmp(s, "json_schema"))
		*out = LLM_STRUCT_JSON_SCHEMA;
	else if (!strcmp(s, "tool"))
		*out = LLM_STRUCT_TOOL;
	else if (!strcmp(s, "prompt"))
		*out = LLM_STRUCT_PROMPT;
	else
		return td_error(TD_ERR_CONFIG, "llm.structured_output: '%s' is not one of auto, "
				"json_schema, tool, prompt", s);
	return TD_OK;
}

/* A positive integer setting, clamped to [lo, hi]. */
static long setting(const struct config *cfg, const char *key, long lo, long hi)
{
	long long v = config_int(cfg, key);
	return v < lo ? lo : v > hi ? hi : (long)v;
}

int llm_new(struct llm **out, const struct config *cfg)
{
	*out = NULL;
	struct resolved r;
	int err = resolve(cfg, &r);
	if (err)
		return err;
	enum llm_structured structured = LLM_STRUCT_JSON_SCHEMA;
	err = resolve_structured(cfg, r.ops, &structured);
	if (err) {
		resolved_release(&r);
		return err;
	}
	const char *detail = config_string(cfg, "llm.image_detail");
	enum llm_detail dd = LLM_DETAIL_HIGH;
	if (detail && !strcmp(detail, "low"))
		dd = LLM_DETAIL_LOW;
	else if (detail && !strcmp(detail, "auto"))
		dd = LLM_DETAIL_AUTO;
	else if (detail && strcmp(detail, "high")) {
		resolved_release(&r);
		return td_error(TD_ERR_CONFIG, "llm.image_detail: '%s' is not one of auto, low, high",
				detail);
	}

	pthread_once(&curl_once, curl_init_once);
	struct llm *llm = xcalloc(1, sizeof *llm);
	llm->cfg = cfg;
	llm->ops = r.ops;
	llm->model = r.model;
	llm->base_url = r.base_url;
	llm->key = r.key;
	llm->key_from = r.key_from;
	r.model = r.base_url = r.key = r.key_from = NULL;
	resolved_release(&r);
	llm->url = llm->ops->endpoint(cfg, llm->base_url, llm->model);

	add_header(llm, xstrdup("Content-Type: application/json"), NULL);
	add_header(llm, xstrdup("Expect:"), NULL);
	if (llm->key) {
		const char *h = llm->ops->key_header;
		add_header(llm, xasprintf("%s: %s%s", h, llm->ops->key_bearer ? "Bearer " : "", llm->key),
			   xasprintf("%s: [REDACTED]", h));
	}
	char *extra[8];
	size_t n_extra = llm->ops->headers ? llm->ops->headers(cfg, structured, extra, 8) : 0;
	for (size_t i = 0; i < n_extra; i++)
		add_header(llm, extra[i], NULL);
	err = add_config_headers(llm);
	if (err) {
		llm_free(llm);
		return err;
	}

	llm->wire.model = llm->model;
	llm->wire.structured = structured;
	llm->wire.default_detail = dd;
	llm->wire.max_tokens = (int)setting(cfg, "llm.max_tokens", 1, 1000000);
	llm->wire.temperature = config_double(cfg, "llm.temperature");
	llm->wire.max_completion_tokens =
		llm->ops->max_completion_tokens || strstr(llm->base_url, "api.openai.com");
	llm->max_attempts = (int)setting(cfg, "llm.max_attempts", 1, MAX_ATTEMPTS_CAP);
	llm->retries = (int)setting(cfg, "llm.retries", 0, 100);
	llm->retry_left = setting(cfg, "llm.retry_budget", 0, 1000000000);
	llm->backoff_ms = setting(cfg, "llm.backoff_ms", 0, 3600000);
	llm->backoff_max_ms = setting(cfg, "llm.backoff_max_ms", 0, 3600000);
	llm->connect_timeout_ms = setting(cfg, "llm.connect_timeout_ms", 1, 3600000);
	llm->timeout_ms = setting(cfg, "llm.timeout_ms", 1, 24 * 3600000L);
	llm->max_response_bytes = (size_t)setting(cfg, "llm.max_response_bytes", 1024, 1L << 30);
	const char *cache = config_string(cfg, "llm.cache_dir");
	llm->cache_dir = cache && *cache ? xstrdup(cache) : NULL;
	llm->record = config_bool(cfg, "llm.record");
	llm->acct = llm_account_new(cfg);
	pthread_mutex_init(&llm->lock, NULL);
	atomic_init(&llm->cancelled, false);

	for (int i = 0; i < CURL_LOCK_DATA_LAST; i++)
		pthread_mutex_init(&llm->share_locks[i], NULL);
	llm->share = curl_share_init();
	if (llm->share) {
		curl_share_setopt(llm->share, CURLSHOPT_LOCKFUNC, share_lock);
		curl_share_setopt(llm->share, CURLSHOPT_UNLOCKFUNC, share_unlock);
		curl_share_setopt(llm->share, CURLSHOPT_USERDATA, llm);
		curl_share_setopt(llm->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
		curl_share_setopt(llm->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
		curl_share_setopt(llm->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
	}
	if (llm->record) {
		const char *run = config_string(cfg, "run.out");
		if (run && *run) {
			err = llm_set_run_dir(llm, run);
			if (err) {
				llm_free(llm);
				return err;
			}
		}
	}
	log_debug("model client: provider %s, model %s, url %s, key from %s", llm->ops->name,
		  llm->model, llm->url, llm->key_from);
	*out = llm;
	return TD_OK;
}

void llm_free(struct llm *llm)
{
	if (!llm)
		return;
	if (llm->share)
		curl_share_cleanup(llm->share);
	for (int i = 0; i < CURL_LOCK_DATA_LAST; i++)
		pthread_mutex_destroy(&llm->share_locks[i]);
	for (size_t i = 0; i < llm->n_headers; i++) {
		memset(llm->headers[i], 0, strlen(llm->headers[i]));
		free(llm->headers[i]);
		free(llm->headers_shown[i]);
	}
	free(llm->headers);
	free(llm->headers_shown);
	if (llm->key)
		memset(llm->key, 0, strlen(llm->key));
	free(llm->key);
	free(llm->key_from);
	free(llm->model);
	free(llm->base_url);
	free(llm->url);
	free(llm->cache_dir);
	free(llm->record_dir);
	free(llm->fatal_msg);
	llm_account_free(llm->acct);
	pthread_mutex_destroy(&llm->lock);
	free(llm);
}

int llm_set_run_dir(struct llm *llm, const char *run_dir)
{
	free(llm->record_dir);
	llm->record_dir = xasprintf("%s/llm", run_dir);
	if (llm->record) {
		/* Create it now, so a bad path fails before the agents start. */
		int err = llm_make_dirs(llm->record_dir);
		if (err)
			return err;
		/* Continue after the records already there (a resumed run). */
		DIR *d = opendir(llm->record_dir);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			unsigned long n = strtoul(e->d_name, NULL, 10);
			if (n > llm->record_seq)
				llm->record_seq = n;
		}
		if (d)
			closedir(d);
	}
	return TD_OK;
}

enum llm_provider llm_provider(const struct llm *llm) { return llm->ops->wire; }
const char *llm_provider_name(const struct llm *llm) { return llm->ops->name; }
const char *llm_model(const struct llm *llm) { return llm->model; }
const char *llm_base_url(const struct llm *llm) { return llm->base_url; }

/* --- requests ------------------------------------------------------------- */

/* `s` with every byte outside [A-Za-z0-9_-] replaced by '_' (max 64). */
static char *safe_name(const char *s, const char *dflt)
{
	if (!s || !*s)
		s = dflt;
	char *out = xstrndup(s, 64);
	for (char *p = out; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			*p = '_';
	return out;
}

struct llm_request *llm_request_new(const char *agent, const char *schema_name)
{
	struct llm_request *req = xcalloc(1, sizeof *req);
	req->agent = safe_name(agent, "agent");
	req->schema_name = safe_name(schema_name, "answer");
	req->max_tokens = -1;
	return req;
}

void llm_request_free(struct llm_request *req)
{
	if (!req)
		return;
	for (size_t i = 0; i < req->n_parts; i++)
		free(req->parts[i].text);
	free(req->parts);
	free(req->agent);
	free(req->schema_name);
	free(req->system);
	cJSON_Delete(req->schema);
	free(req);
}

void llm_request_system(struct llm_request *req, const char *text)
{
	free(req->system);
	req->system = xstrdup_or_null(text);
}

/* Append a part, taking ownership of `text`. */
static void add_part(struct llm_request *req, bool image, char *text, enum llm_detail d)
{
	req->parts = xgrow(req->parts, &req->alloc_parts, req->n_parts + 1, sizeof *req->parts);
	req->parts[req->n_parts].is_image = image;
	req->parts[req->n_parts].text = text;
	req->parts[req->n_parts].detail = d;
	req->n_parts++;
}

void llm_request_text(struct llm_request *req, const char *text)
{
	add_part(req, false, xstrdup(text ? text : ""), LLM_DETAIL_DEFAULT);
}

void llm_request_textf(struct llm_request *req, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	(void)strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	add_part(req, false, strbuf_detach(&sb, NULL), LLM_DETAIL_DEFAULT);
}

void llm_request_image_base64(struct llm_request *req, const char *png_base64,
			      enum llm_detail detail)
{
	static const char prefix[] = "data:image/png;base64,";
	if (png_base64 && !strncmp(png_base64, prefix, sizeof prefix - 1))
		png_base64 += sizeof prefix - 1;
	add_part(req, true, xstrdup(png_base64 ? png_base64 : ""), detail);
}

void llm_request_image_png(struct llm_request *req, const void *png, size_t len,
			   enum llm_detail detail)
{
	add_part(req, true, image_base64(png, len, NULL), detail);
}

void llm_request_schema(struct llm_request *req, const struct cJSON *schema)
{
	cJSON_Delete(req->schema);
	req->schema = schema ? cJSON_Duplicate(schema, 1) : NULL;
}

int llm_request_schema_text(struct llm_request *req, const char *schema_json)
{
	cJSON *s = cJSON_Parse(schema_json ? schema_json : "");
	if (!cJSON_IsObject(s)) {
		cJSON_Delete(s);
		return td_error(TD_ERR_PARSE, "the \"%s\" schema is not a JSON object",
				req->schema_name);
	}
	cJSON_Delete(req->schema);
	req->schema = s;
	return TD_OK;
}

void llm_request_max_tokens(struct llm_request *req, int max_tokens)
{
	req->max_tokens = max_tokens;
}

void llm_request_temperature(struct llm_request *req, double temperature)
{
	req->temperature = temperature;
	req->temperature_set = temperature >= 0;
}

long llm_estimate_tokens(const char *text, size_t len)
{
	(void)text;
	return (long)((len + 3) / 4);
}

/* --- transport ------------------------------------------------------------ */

struct http_result {
	long status;
	struct strbuf body;
	long retry_after_ms;        /* -1: none sent */
	bool too_big;
	CURLcode cc;
	char curl_msg[CURL_ERROR_SIZE];
	double latency_ms;
};

static size_t on_body(char *data, size_t size, size_t n, void *user)
{
	struct http_result *r = user;
	if (strbuf_add(&r->body, data, size * n) != TD_OK) {
		r->too_big = true;
		return 0;
	}
	return size * n;
}

static size_t on_header(char *data, size_t size, size_t n, void *user)
{
	struct http_result *r = user;
	size_t len = size * n;
	char line[256];
	if (len >= sizeof line)
		return len;
	memcpy(line, data, len);
	line[len] = '\0';
	if (!strncasecmp(line, "retry-after-ms:", 15)) {
		long v = strtol(line + 15, NULL, 10);
		if (v >= 0)
			r->retry_after_ms = v;
	} else if (!strncasecmp(line, "retry-after:", 12) && r->retry_after_ms < 0) {
		char *end;
		const char *v = line + 12;
		while (*v == ' ')
			v++;
		long secs = strtol(v, &end, 10);
		if (end != v && secs >= 0) {
			r->retry_after_ms = secs * 1000;
		} else {
			time_t when = curl_getdate(v, NULL);
			if (when > 0) {
				long d = (long)(when - time(NULL));
				r->retry_after_ms = d > 0 ? d * 1000 : 0;
			}
		}
	}
	return len;
}

/* libcurl's progress hook: abort the transfer once the client is cancelled. */
static int on_progress(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
		       curl_off_t ulnow)
{
	(void)dltotal;
	(void)dlnow;
	(void)ultotal;
	(void)ulnow;
	struct llm *llm = user;
	return atomic_load(&llm->cancelled) ? 1 : 0;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* One POST of `body`; transport failures land in r->cc. */
static void http_post(struct llm *llm, const char *body, struct http_result *r)
{
	memset(r, 0, sizeof *r);
	strbuf_init(&r->body, llm->max_response_bytes);
	r->retry_after_ms = -1;
	CURL *h = curl_easy_init();
	if (!h) {
		r->cc = CURLE_FAILED_INIT;
		snprintf(r->curl_msg, sizeof r->curl_msg, "libcurl could not start a request");
		return;
	}
	struct curl_slist *hl = NULL;
	for (size_t i = 0; i < llm->n_headers; i++)
		hl = curl_slist_append(hl, llm->headers[i]);
	char ua[64];
	snprintf(ua, sizeof ua, "trident/%s", TRIDENT_VERSION);
	curl_easy_setopt(h, CURLOPT_URL, llm->url);
	curl_easy_setopt(h, CURLOPT_SHARE, llm->share);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, hl);
	curl_easy_setopt(h, CURLOPT_USERAGENT, ua);
	curl_easy_setopt(h, CURLOPT_POST, 1L);
	curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
	curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, llm->connect_timeout_ms);
	curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, llm->timeout_ms);
	curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)llm->max_response_bytes);
	curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, r->curl_msg);
	curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
	curl_easy_setopt(h, CURLOPT_XFERINFODATA, llm);
	double t0 = now_ms();
	r->cc = curl_easy_perform(h);
	r->latency_ms = now_ms() - t0;
	if (r->cc == CURLE_OK)
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
	if (r->cc == CURLE_FILESIZE_EXCEEDED)
		r->too_big = true;
	if (!r->curl_msg[0] && r->cc != CURLE_OK)
		snprintf(r->curl_msg, sizeof r->curl_msg, "%s", curl_easy_strerror(r->cc));
	curl_easy_cleanup(h);
	curl_slist_free_all(hl);
}

/* Uniform random number in [0, 1) from a per-thread xorshift generator. */
static double jitter01(void)
{
	static _Thread_local uint64_t s;
	if (!s) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		s = ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)(uintptr_t)&s ^ (uint64_t)ts.tv_sec;
		if (!s)
			s = 0x9e3779b97f4a7c15ull;
	}
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (double)(s >> 11) / 9007199254740992.0;
}

/* Sleep `ms` in slices, returning early once the client is cancelled. */
static void sleep_ms(struct llm *llm, long ms)
{
	while (ms > 0 && !atomic_load(&llm->cancelled)) {
		long slice = ms < 50 ? ms : 50;
		struct timespec ts = { 0, slice * 1000000L };
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
		ms -= slice;
	}
}

void llm_cancel(struct llm *llm)
{
	atomic_store(&llm->cancelled, true);
}

/* TD_ERR_INTERRUPTED with a message when the client is cancelled. */
static int check_cancelled(struct llm *llm)
{
	if (!atomic_load(&llm->cancelled))
		return TD_OK;
	return td_error(TD_ERR_INTERRUPTED, "the model call was cancelled (the run is stopping)");
}

/* Take one retry from the run's budget; false when it is spent. */
static bool take_retry(struct llm *llm)
{
	pthread_mutex_lock(&llm->lock);
	bool ok = llm->retry_left > 0;
	if (ok)
		llm->retry_left--;
	pthread_mutex_unlock(&llm->lock);
	return ok;
}

/* Record the first fatal failure (the message is this thread's td_errmsg). */
static int set_fatal(struct llm *llm, int err)
{
	pthread_mutex_lock(&llm->lock);
	if (!llm->fatal_err) {
		llm->fatal_err = err;
		llm->fatal_msg = xstrdup(td_errmsg(err));
	}
	pthread_mutex_unlock(&llm->lock);
	return err;
}

bool llm_fatal(const struct llm *llm)
{
	struct llm *m = (struct llm *)llm; /* the lock only */
	pthread_mutex_lock(&m->lock);
	bool f = llm->fatal_err != 0;
	pthread_mutex_unlock(&m->lock);
	return f;
}

char *llm_fatal_message(const struct llm *llm)
{
	struct llm *m = (struct llm *)llm;
	pthread_mutex_lock(&m->lock);
	char *s = xstrdup(llm->fatal_msg ? llm->fatal_msg : "");
	pthread_mutex_unlock(&m->lock);
	return s;
}

/* Whether `hay` contains `needle`, ignoring case. */
static bool mentions(const char *hay, const char *needle)
{
	return hay && strcasestr(hay, needle);
}

/* Turn a non-retryable HTTP status into a typed error that says what to fix. */
static int status_error(struct llm *llm, const struct http_result *r)
{
	char *raw = llm_error_message(r->body.buf, r->body.len);
	char *msg = llm_redact(raw ? raw : "", llm->key);
	free(raw);
	int err;
	long s = r->status;
	if (s == 401)
		err = td_error(TD_ERR_AUTH, "%s rejected the API key from %s (401: %s); set a valid "
			       "key", llm->ops->name, llm->key_from, msg);
	else if (s == 403)
		err = td_error(TD_ERR_AUTH, "%s refused access with the key from %s (403: %s); "
			       "check that the key may use model '%s'", llm->ops->name,
			       llm->key_from, msg, llm->model);
	else if (s == 404)
		err = td_error(TD_ERR_CONFIG, "%s answered 404 for model '%s' at %s (%s); check "
			       "--model and --base-url (OpenAI-compatible base URLs usually end in "
			       "/v1, Anthropic's does not)", llm->ops->name, llm->model,
			       llm->url, msg);
	else if (mentions(msg, "image") || mentions(msg, "vision") || mentions(msg, "multimodal"))
		err = td_error(TD_ERR_CONFIG, "model '%s' does not accept images (%ld: %s); choose "
			       "a multimodal model with --model", llm->model, s, msg);
	else if (mentions(msg, "response_format") || mentions(msg, "json_schema") ||
		 mentions(msg, "tool") || mentions(msg, "structured"))
		err = td_error(TD_ERR_CONFIG, "the server does not support this structured output "
			       "(%ld: %s); set llm.structured_output to \"prompt\"", s, msg);
	else if (mentions(msg, "temperature"))
		err = td_error(TD_ERR_CONFIG, "model '%s' refuses the temperature (%ld: %s); set "
			       "llm.temperature to -1", llm->model, s, msg);
	else if (mentions(msg, "model"))
		err = td_error(TD_ERR_CONFIG, "the server does not know model '%s' (%ld: %s); "
			       "check --model", llm->model, s, msg);
	else if (s == 413)
		err = td_error(TD_ERR_CONFIG, "the request is too large (413: %s); set "
			       "llm.image_detail to \"low\" or send smaller screenshots", msg);
	else
		err = td_error(TD_ERR_CONFIG, "the model service rejected the request (%ld: %s); "
			       "check llm.model, llm.base_url and llm.structured_output", s, msg);
	free(msg);
	return err;
}

/* Write one record file, when record mode is on. */
static void record(struct llm *llm, const struct llm_request *req, const char *body,
		   const struct http_result *r)
{
	if (!llm->record || !llm->record_dir)
		return;
	pthread_mutex_lock(&llm->lock);
	unsigned long seq = ++llm->record_seq;
	pthread_mutex_unlock(&llm->lock);
	long status = r->cc == CURLE_OK ? r->status : -(long)r->cc;
	int werr = llm_record_write(llm->record_dir, seq, req->agent, llm->url,
				   (const char *const *)llm->headers_shown, llm->n_headers, body, status,
				   r->body.buf, r->body.len, r->latency_ms, llm->key);

	if (werr != TD_OK)
		log_warn("record mode: %s", td_errmsg(werr));
}

/* Tokens of a body without its base64 images, plus a flat cost per image. */
static long estimate_prompt(const struct llm *llm, const struct llm_request *req, size_t body_len)
{
	long tokens = 0;
	size_t image_bytes = 0;
	for (size_t i = 0; i < req->n_parts; i++) {
		if (!req->parts[i].is_image)
			continue;
		image_bytes += strlen(req->parts[i].text);
		bool low = req->parts[i].detail == LLM_DETAIL_LOW ||
			   (req->parts[i].detail == LLM_DETAIL_DEFAULT &&
			    llm->wire.default_detail == LLM_DETAIL_LOW);
		tokens += low ? 85 : llm->ops->image_tokens;
	}
	return tokens + llm_estimate_tokens(NULL, body_len > image_bytes ? body_len - image_bytes : 0);
}

/*
 * POST `body` with transport retries. TD_OK with r filled by a 2xx reply;
 * otherwise a typed error (fatal ones are recorded). *retries counts.
 */
static int send_with_retries(struct llm *llm, const struct llm_request *req, const char *body,
			     struct http_result *r, int *retries)
{
	memset(r, 0, sizeof *r);
	strbuf_init(&r->body, llm->max_response_bytes);
	for (int n = 0;; n++) {
		int err = check_cancelled(llm);
		if (err)
			return err;
		err = llm_account_check_budget(llm->acct);
		if (err)
			return set_fatal(llm, err);
		log_debug("POST %s (%zu bytes) for %s, attempt %d", llm->url, strlen(body),
			  req->agent, n + 1);
		if (log_get_level() <= LOG_TRACE)
			for (size_t i = 0; i < llm->n_headers; i++)
				log_trace("> %s", llm->headers_shown[i]);
		http_post(llm, body, r);
		record(llm, req, body, r);
		if (r->cc == CURLE_ABORTED_BY_CALLBACK)
			return check_cancelled(llm);
		if (r->cc == CURLE_OK)
			log_debug("HTTP %ld, %zu bytes, %.0f ms", r->status, r->body.len, r->latency_ms);
		else
			log_debug("transport error after %.0f ms: %s", r->latency_ms, r->curl_msg);
		if (r->too_big) {
			llm_account_request(llm->acct, req->agent, llm->model, 0, 0, false,
					    r->latency_ms);
			return td_error(TD_ERR_MODEL, "the reply is larger than "
					"llm.max_response_bytes (%zu bytes)", llm->max_response_bytes);
		}
		bool ok = r->cc == CURLE_OK && r->status >= 200 && r->status < 300;
		if (ok)
			return TD_OK;
		llm_account_request(llm->acct, req->agent, llm->model, 0, 0, false, r->latency_ms);
		bool transient = r->cc != CURLE_OK || r->status == 408 || r->status == 409 ||
				 r->status == 425 || r->status == 429 || r->status >= 500;
		if (!transient)
			return set_fatal(llm, status_error(llm, r));
		char what[CURL_ERROR_SIZE + 64];
		if (r->cc != CURLE_OK) {
			snprintf(what, sizeof what, "%s", r->curl_msg);
		} else {
			char *m = llm_error_message(r->body.buf, r->body.len);
			char *clean = llm_redact(m ? m : "", llm->key);
			snprintf(what, sizeof what, "HTTP %ld%s%.*s", r->status, *clean ? ": " : "",
				 ui_text_prefix_len(clean, 200), clean);
			free(clean);
			free(m);
		}
		if (n >= llm->retries || !take_retry(llm)) {
			if (r->cc == CURLE_OPERATION_TIMEDOUT)
				return td_error(TD_ERR_TIMEOUT, "no reply from %s within the timeout "
						"(llm.timeout_ms %ld, llm.connect_timeout_ms %ld) after "
						"%d tries", llm->url, llm->timeout_ms,
						llm->connect_timeout_ms, n + 1);
			return td_error(TD_ERR_MODEL, "the model service kept failing after %d tries "
					"(%s)%s", n + 1, what,
					n < llm->retries ? "; the run's llm.retry_budget is spent" : "");
		}
		double exp = (double)llm->backoff_ms * pow(2.0, n);
		if (exp > (double)llm->backoff_max_ms)
			exp = (double)llm->backoff_max_ms;
		long delay = (long)(exp / 2 + jitter01() * exp / 2);
		if (r->retry_after_ms >= 0)
			delay = r->retry_after_ms < llm->backoff_max_ms ? r->retry_after_ms
									 : llm->backoff_max_ms;
		log_info("%s; retrying in %ld ms (%d/%d)", what, delay, n + 1, llm->retries);
		(*retries)++;
		strbuf_release(&r->body);
		sleep_ms(llm, delay);
	}
}

/* --- calling -------------------------------------------------------------- */

/* The body of one answer attempt. */
static char *build_body(const struct llm *llm, const struct llm_request *req,
			const struct llm_retry_note *notes, size_t n_notes)
{
	struct llm_wire w = llm->wire;
	if (req->max_tokens > 0)
		w.max_tokens = req->max_tokens;
	if (req->temperature_set)
		w.temperature = req->temperature;
	return llm->ops->body(&w, req, notes, n_notes);
}

/* The cache key of a request: its first attempt's body and the wire kind. */
static void cache_key(const struct llm *llm, const char *body, char key[65])
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb, "trident-llm-cache-v1\n%s\n%d\n",
			  llm->ops->wire_name,
			  (int)llm->wire.structured);
	(void)strbuf_adds(&sb, body);
	llm_sha256_hex(sb.buf, sb.len, key);
	strbuf_release(&sb);
}

int llm_call(struct llm *llm, const struct llm_request *req, struct cJSON **answer,
	     struct llm_call_info *info)
{
	struct llm_call_info local;
	if (!info)
		info = &local;
	memset(info, 0, sizeof *info);
	*answer = NULL;
	double t0 = now_ms();
	int err = TD_OK, invalid = 0;
	char *body = NULL;
	struct llm_retry_note notes[MAX_ATTEMPTS_CAP];
	char *note_text[MAX_ATTEMPTS_CAP][2];
	size_t n_notes = 0;
	char key[65] = "";

	pthread_mutex_lock(&llm->lock);
	int fatal = llm->fatal_err;
	char *fatal_msg = fatal ? xstrdup(llm->fatal_msg) : NULL;
	pthread_mutex_unlock(&llm->lock);
	if (fatal) {
		err = td_error(fatal, "%s", fatal_msg);
		free(fatal_msg);
		goto out;
	}

	body = build_body(llm, req, NULL, 0);
	if (llm->cache_dir) {
		cache_key(llm, body, key);
		cJSON *hit = NULL;
		if (llm_cache_get(llm->cache_dir, key, &hit) == TD_OK) {
			if (llm_reply_validate(hit, req->schema) == TD_OK) {
				log_debug("cache hit %s for %s", key, req->agent);
				*answer = hit;
				info->cached = true;
				goto out;
			}
			cJSON_Delete(hit);
			td_error_clear();
		}
	}

	for (int attempt = 1; attempt <= llm->max_attempts; attempt++) {
		info->attempts = attempt;
		if (attempt > 1) {
			free(body);
			body = build_body(llm, req, notes, n_notes);
		}
		struct http_result r;
		err = send_with_retries(llm, req, body, &r, &info->retries);
		if (err) {
			strbuf_release(&r.body);
			goto out;
		}
		struct llm_parsed p;
		err = llm->ops->parse(r.body.buf, r.body.len, &p);
		if (err) {
			llm_account_request(llm->acct, req->agent, llm->model, 0, 0, false,
					    r.latency_ms);
			strbuf_release(&r.body);
			goto out;
		}
		strbuf_release(&r.body);
		const char *text = p.text ? p.text : "";
		if (log_get_level() <= LOG_TRACE) {
			char *shown = llm_redact(text, llm->key);
			log_trace("reply (%s): %.*s", p.stop_reason ? p.stop_reason : "?",
				  ui_text_prefix_len(shown, 2000), shown);
			free(shown);
		}
		bool estimated = p.prompt_tokens < 0 || p.completion_tokens < 0;
		long pt = p.prompt_tokens >= 0 ? p.prompt_tokens : estimate_prompt(llm, req, strlen(body));
		long ct = p.completion_tokens >= 0 ? p.completion_tokens
						   : llm_estimate_tokens(text, strlen(text));
		info->cost_usd += llm_account_request(llm->acct, req->agent, llm->model, pt, ct,
						      estimated, r.latency_ms);
		info->prompt_tokens += pt;
		info->completion_tokens += ct;

		cJSON *v = NULL;
		err = llm_reply_extract(text, strlen(text), &v);
		if (!err) {
			llm_reply_drop_optional_nulls(v, req->schema);
			err = llm_reply_validate(v, req->schema);
		}
		if (!err) {
			*answer = v;
			llm_parsed_release(&p);
			int cerr = llm->cache_dir ? llm_cache_put(llm->cache_dir, key, llm->ops->name, llm->model,
								  req->schema_name, v)
						  : TD_OK;

			if (cerr != TD_OK)
				log_warn("cache: %s", td_errmsg(cerr));
			break;
		}
		cJSON_Delete(v);
		invalid++;
		char *why = xstrdup(p.refusal ? p.refusal
				    : (!*text && p.stop_reason && !strcmp(p.stop_reason, "length"))
					    ? "the reply was cut off at llm.max_tokens"
					    : td_errmsg(err));
		log_info("%s: invalid answer %d/%d: %s", req->agent, attempt, llm->max_attempts, why);
		if (attempt == llm->max_attempts) {
			err = td_error(TD_ERR_MODEL, "no valid \"%s\" answer after %d attempts; last "
				       "problem: %s", req->schema_name, attempt, why);
			free(why);
			llm_parsed_release(&p);
			goto out;
		}
		note_text[n_notes][0] = xstrndup(text, BAD_REPLY_KEEP);
		note_text[n_notes][1] = why;
		notes[n_notes].bad_reply = note_text[n_notes][0];
		notes[n_notes].error = note_text[n_notes][1];
		n_notes++;
		llm_parsed_release(&p);
		err = TD_OK;
	}
out:
	for (size_t i = 0; i < n_notes; i++) {
		free(note_text[i][0]);
		free(note_text[i][1]);
	}
	free(body);
	info->latency_ms = now_ms() - t0;
	llm_account_call(llm->acct, req->agent, err, info->cached, info->retries, invalid);
	if (err && *answer) {
		cJSON_Delete(*answer);
		*answer = NULL;
	}
	/* A budget spent by this call stops the next ones. */
	if (!err && llm_account_check_budget(llm->acct) != TD_OK) {
		(void)set_fatal(llm, TD_ERR_BUDGET);
		td_error_clear();
	}
	return err;
}

/* --- accounting ----------------------------------------------------------- */

void llm_usage_agent(const struct llm *llm, const char *agent, struct llm_usage *out)
{
	llm_account_agent(llm->acct, agent, out);
}

void llm_usage_total(const struct llm *llm, struct llm_usage *out)
{
	llm_account_total(llm->acct, out);
}

struct cJSON *llm_usage_json(const struct llm *llm)
{
	cJSON *acc = llm_account_json(llm->acct);
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "provider", llm->ops->name);
	cJSON_AddStringToObject(root, "model", llm->model);
	cJSON_AddItemToObject(root, "total", cJSON_DetachItemFromObject(acc, "total"));
	cJSON_AddItemToObject(root, "agents", cJSON_DetachItemFromObject(acc, "agents"));
	cJSON_Delete(acc);
	return root;
}
