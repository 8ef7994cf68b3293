/*
 * llm.h - the multimodal model client: every agent decision goes through it.
 *
 * One `struct llm` per run, shared by all agent threads. It speaks two wire
 * protocols:
 *   - OpenAI-compatible Chat Completions (OpenAI, Azure OpenAI, OpenRouter,
 *     vLLM, Ollama, llama.cpp, LM Studio);
 *   - Anthropic Messages.
 * libcurl and cJSON are wrapped here (cJSON objects appear in the API because
 * answers are JSON); no other module talks HTTP to a model.
 *
 * A request is a system prompt, then text and images in order, plus the JSON
 * Schema the answer must satisfy and the name of the agent asking (for
 * accounting). llm_call() sends it, extracts the JSON answer from the reply
 * (code fences and prose around it are tolerated), validates it against the
 * schema, and asks again with the validation error when it does not fit, at
 * most llm.max_attempts (3) times. Transport failures (429, 5xx, dropped
 * connections, timeouts) are retried with exponential backoff and jitter
 * within a bounded retry budget; they do not use up answer attempts.
 *
 * Configuration: the "llm" section of configs/default.json, then the
 * environment as the official SDKs read it (OPENAI_API_KEY, OPENAI_BASE_URL,
 * ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL), then the CLI flags --provider,
 * --model, --base-url (see llm_parse_flag()). docs/llm.md has the details.
 *
 * Threads: llm_call() and the accounting getters may be called from any
 * number of threads at once. Connections are reused through a shared libcurl
 * connection cache. llm_new()/llm_free() are not concurrent with anything.
 *
 * Secrets: the API key is never written to logs, traces, the cache, record
 * files or reports; debug output redacts Authorization, x-api-key and api-key.
 */
#ifndef TRIDENT_CORE_LLM_H
#define TRIDENT_CORE_LLM_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

struct config;
struct cJSON;
struct llm;
struct llm_request;

/* The wire protocol. */
enum llm_provider {
	LLM_PROVIDER_OPENAI,    /* OpenAI-compatible Chat Completions */
	LLM_PROVIDER_AZURE,     /* Azure OpenAI: api-key header, api-version */
	LLM_PROVIDER_ANTHROPIC, /* Anthropic Messages */
};

/* Image detail, as OpenAI's "detail" (Anthropic has no such knob). */
enum llm_detail {
	LLM_DETAIL_DEFAULT, /* llm.image_detail from the config */
	LLM_DETAIL_AUTO,
	LLM_DETAIL_LOW,
	LLM_DETAIL_HIGH,
};

/* Counters, per agent or per run. */
struct llm_usage {
	long requests;          /* HTTP requests sent (retries included) */
	long calls;             /* llm_call()s */
	long failures;          /* llm_call()s that returned an error */
	long cache_hits;        /* llm_call()s answered from the cache */
	long retries;           /* transport retries (429/5xx/network) */
	long invalid_answers;   /* replies that failed extraction/validation */
	long prompt_tokens;
	long completion_tokens;
	long estimated_tokens;  /* part of the two above estimated, no `usage` */
	double cost_usd;        /* from llm.prices; 0 when the model is unpriced */
	double latency_ms;      /* summed over HTTP requests */
};

/* What one llm_call() did (optional out-parameter). */
struct llm_call_info {
	int attempts;           /* answer attempts (1..max_attempts) */
	int retries;            /* transport retries */
	bool cached;            /* answered from the on-disk cache */
	long prompt_tokens;
	long completion_tokens;
	double cost_usd;
	double latency_ms;      /* wall time of the whole call */
};

/* --- configuration ------------------------------------------------------ */

/*
 * Whether a model is usable with this config and environment: a provider can
 * be resolved and an API key found (or the base URL is a local server that
 * needs none, or llm.api_key_env is ""). `--brain auto` uses this to choose
 * the offline brain. Never fails, never logs the key.
 */
bool llm_configured(const struct config *cfg);

/*
 * If argv[*i] is one of --provider P, --model M, --base-url U (also the
 * --flag=value form), apply it to `cfg` (llm.provider / llm.model /
 * llm.base_url), advance *i past it and return 1. Return 0 when argv[*i] is
 * not one of these. Return -1 with a td_error message (TD_ERR_CONFIG) when
 * the value is missing or invalid; the caller treats that as a usage error.
 */
int llm_parse_flag(struct config *cfg, int argc, char **argv, int *i);

/* The --help lines for the flags above (static text, ends with '\n'). */
const char *llm_flags_help(void);

/*
 * Warn (log_warn, once per process) when `cfg` carries llm.api_key and the
 * config file at `path` is readable by group or others. Returns whether it
 * warned. Call it after config_load() with the user's --config path (NULL:
 * nothing to check).
 */
bool llm_check_config_file(const struct config *cfg, const char *path);

/* --- client ------------------------------------------------------------- */

/*
 * Create the client from `cfg` (which must outlive it) and the environment.
 * TD_ERR_CONFIG with a message saying what to set when no provider or key
 * can be found, or a value is invalid. With llm.record set and run.out
 * given, records go to <run.out>/llm (else call llm_set_run_dir()).
 */
int llm_new(struct llm **out, const struct config *cfg) TD_MUST_CHECK;
void llm_free(struct llm *llm);

/*
 * Where record mode (llm.record) writes its request/response pairs:
 * <run_dir>/llm/NNNNNN-<agent>.json, key redacted. Call before the agents
 * start. TD_ERR_IO when the directory cannot be created.
 */
int llm_set_run_dir(struct llm *llm, const char *run_dir) TD_MUST_CHECK;

enum llm_provider llm_provider(const struct llm *llm);
/* "openai", "azure" or "anthropic". */
const char *llm_provider_name(const struct llm *llm);
const char *llm_model(const struct llm *llm);
/* The base URL in use (never contains the key). */
const char *llm_base_url(const struct llm *llm);

/* --- requests ----------------------------------------------------------- */

/*
 * A request under construction. `agent` names the caller for accounting
 * ("explorer"); `schema_name` names the answer's schema ("explorer",
 * "monitor", "detector": letters, digits, '_' and '-').
 */
struct llm_request *llm_request_new(const char *agent, const char *schema_name);
void llm_request_free(struct llm_request *req);

/* The system prompt (replaces any earlier one). */
void llm_request_system(struct llm_request *req, const char *text);
/* Append a text part to the user message. */
void llm_request_text(struct llm_request *req, const char *text);
/* Append a printf-formatted text part. */
void llm_request_textf(struct llm_request *req, const char *fmt, ...) TD_PRINTF(2, 3);
/* Append a PNG image given as base64 (a "data:image/png;base64," prefix is dropped); copied. */
void llm_request_image_base64(struct llm_request *req, const char *png_base64,
			      enum llm_detail detail);
/* Append a PNG image given as raw bytes; encoded and copied. */
void llm_request_image_png(struct llm_request *req, const void *png, size_t len,
			   enum llm_detail detail);

/*
 * The JSON Schema of the answer (a deep copy is taken). Supported subset,
 * checked by the validator: type (object, array, string, number, integer,
 * boolean, null, or an array of these), properties, required, enum,
 * items, minItems, maxItems, minimum, maximum, minLength, maxLength,
 * additionalProperties:false, nullable. Other keywords are passed to the
 * model but not checked. Without a schema any JSON object is accepted.
 */
void llm_request_schema(struct llm_request *req, const struct cJSON *schema);
/* Same, from JSON text. TD_ERR_PARSE with a message when it is not JSON. */
int llm_request_schema_text(struct llm_request *req, const char *schema_json) TD_MUST_CHECK;

/* Per-request overrides of llm.max_tokens / llm.temperature (<0: config). */
void llm_request_max_tokens(struct llm_request *req, int max_tokens);
void llm_request_temperature(struct llm_request *req, double temperature);

/* --- calling ------------------------------------------------------------ */

/*
 * Send `req` and return the validated answer in *answer (a cJSON object the
 * caller frees with cJSON_Delete()). `info` may be NULL. On failure *answer
 * is NULL and the return is one of (message in td_errmsg()):
 *   TD_ERR_MODEL    no usable answer after max_attempts, or retries exhausted
 *                   on 429/5xx/connection errors, or the reply was too big
 *   TD_ERR_AUTH     401/403: the key is missing, wrong or lacks access
 *   TD_ERR_BUDGET   the token or money budget is spent (before or after this
 *                   call); every later call fails the same way
 *   TD_ERR_TIMEOUT  the connect or total timeout passed on the last try
 *   TD_ERR_CONFIG   400/404: unknown model, wrong URL, images or structured
 *                   output not supported; the message says what to fix
 *   TD_ERR_INTERRUPTED  llm_cancel() was called
 * TD_ERR_AUTH and TD_ERR_CONFIG are fatal for the run (llm_fatal() turns true).
 */
int llm_call(struct llm *llm, const struct llm_request *req, struct cJSON **answer,
	     struct llm_call_info *info) TD_MUST_CHECK;

/*
 * True once a call ended with TD_ERR_AUTH, TD_ERR_CONFIG or TD_ERR_BUDGET:
 * the run should stop cleanly; later llm_call()s fail at once with the same
 * error. The message of the first such failure is in llm_fatal_message().
 */
bool llm_fatal(const struct llm *llm);
/* Copy of the first fatal failure's message ("" when none); caller frees. */
char *llm_fatal_message(const struct llm *llm);

/*
 * Stop: calls in flight return TD_ERR_INTERRUPTED promptly (a retry delay
 * within 50 ms, a request within about a second: libcurl's progress
 * callback is that slow when no data flows), and later calls fail at once the
 * same way. For the run controller's shutdown; safe from any thread and
 * from a signal handler (it only sets an atomic flag).
 */
void llm_cancel(struct llm *llm);

/* --- accounting --------------------------------------------------------- */

/* Totals of one agent (zeros when it never called). */
void llm_usage_agent(const struct llm *llm, const char *agent, struct llm_usage *out);
/* Totals of the run. */
void llm_usage_total(const struct llm *llm, struct llm_usage *out);
/*
 * Accounting as a JSON object for reports: {"provider", "model", "total":
 * {...}, "agents": {"explorer": {...}, ...}}. Caller frees with cJSON_Delete().
 */
struct cJSON *llm_usage_json(const struct llm *llm);

/* Rough token estimate of a text (about 4 bytes per token). */
long llm_estimate_tokens(const char *text, size_t len);

#endif
