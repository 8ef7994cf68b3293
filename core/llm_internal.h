/*
 * llm_internal.h - what the llm_*.c files share; not for other modules.
 *
 *   llm.c            client, configuration, the call loop, HTTP transport;
 *                    looks providers up in llm_providers[] and never
 *                    branches on one
 *   llm_content.c    request content both wire formats share
 *   llm_openai.c     Chat Completions: bodies, replies, and the providers
 *                    that speak it (openai, openrouter, azure)
 *   llm_anthropic.c  Messages: bodies, replies, the anthropic provider
 *   llm_reply.c      reading replies: error bodies, JSON extraction from
 *                    reply text, schema validation
 *   llm_cache.c      content-addressed answer cache, record mode, SHA-256
 *   llm_account.c    tokens, cost, latency, budgets
 *
 * The fuzz harness and the unit tests also include this header to reach the
 * reply extractor and validator directly.
 */
#ifndef TRIDENT_CORE_LLM_INTERNAL_H
#define TRIDENT_CORE_LLM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/llm.h"
#include "core/strbuf.h"

struct cJSON;

/* How the schema reaches the model, after resolving "auto". */
enum llm_structured {
	LLM_STRUCT_JSON_SCHEMA,
	LLM_STRUCT_TOOL,
	LLM_STRUCT_PROMPT,
};

/* One part of the user message. */
struct llm_part {
	bool is_image;
	char *text;               /* text, or the image's base64 */
	enum llm_detail detail;
};

struct llm_request {
	char *agent;
	char *schema_name;
	char *system;
	struct llm_part *parts;
	size_t n_parts, alloc_parts;
	struct cJSON *schema;     /* NULL: any JSON object */
	int max_tokens;           /* <0: config */
	double temperature;       /* <0: config; NAN never used */
	bool temperature_set;
};

/* A previous, rejected answer that the next attempt must correct. */
struct llm_retry_note {
	const char *bad_reply;    /* the text the model gave (may be truncated) */
	const char *error;        /* what was wrong with it */
};

/* Settings the body builders need, resolved from the config. */
struct llm_wire {
	const char *model;
	enum llm_structured structured;
	enum llm_detail default_detail;
	int max_tokens;
	double temperature;       /* <0: omit */
	bool max_completion_tokens; /* OpenAI's newer field name */
};

/* What a provider's reply held. */
struct llm_parsed {
	char *text;               /* the answer text (tool input printed as JSON) */
	long prompt_tokens;       /* -1 when the reply had no usage */
	long completion_tokens;   /* -1 when the reply had no usage */
	char *stop_reason;        /* finish_reason / stop_reason, or NULL */
	char *refusal;            /* the model refused, or NULL */
};

/*
 * One provider: its defaults and how it speaks its wire protocol, as
 * transport_ops does for devices. Adding a provider that speaks an existing
 * protocol is one of these in that protocol's file and one line in
 * llm_providers[] (llm.c).
 */
struct llm_wire_ops {
	const char *name;              /* llm.provider value: "openai", "azure", ... */
	enum llm_provider wire;        /* the protocol family, for llm_provider() */
	const char *wire_name;         /* "openai" | "anthropic": part of cache keys */
	const char *default_model;     /* NULL: llm.model must name one */
	const char *missing_model;     /* the error when there is none */
	const char *key_env;           /* the usual API key variable */
	const char *base_env;          /* a variable naming the base URL, or NULL */
	const char *default_base;      /* used without llm.base_url or base_env; NULL: none */
	const char *missing_base;      /* the error when there is no base URL */
	bool model_slash_forbidden;    /* the model name is a URL path segment */
	const char *key_header;        /* the header the key goes in */
	bool key_bearer;               /* "Authorization: Bearer KEY" */
	enum llm_structured structured_auto; /* what llm.structured_output "auto" means */
	int image_tokens;              /* estimated tokens of one high-detail image */
	bool max_completion_tokens;    /* always the newer max-tokens field name */
	/* The endpoint for `base_url` (no trailing '/'); caller frees. */
	char *(*endpoint)(const struct config *cfg, const char *base_url, const char *model);
	/* Fixed headers after the key's, as "Name: value" lines; returns how many. NULL: none. */
	size_t (*headers)(const struct config *cfg, enum llm_structured s, char *out[], size_t max);
	char *(*body)(const struct llm_wire *w, const struct llm_request *req,
		      const struct llm_retry_note *notes, size_t n_notes);
	int (*parse)(const char *body, size_t len, struct llm_parsed *out);
};

/* The providers, in llm_openai.c and llm_anthropic.c. */
extern const struct llm_wire_ops llm_openai_ops, llm_openrouter_ops, llm_azure_ops,
	llm_anthropic_ops;

/* llm_reply.c: free what a parsed reply holds. */
void llm_parsed_release(struct llm_parsed *p);
/*
 * llm_openai.c: start reading a reply body: clear *out (token counts -1)
 * and parse `body` into *root. TD_ERR_MODEL when it is not a JSON object.
 * *root is the caller's to cJSON_Delete either way (NULL when unparsable).
 */
int llm_parsed_begin(const char *body, size_t len, struct llm_parsed *out, struct cJSON **root) TD_MUST_CHECK;
/* llm_reply.c: TD_ERR_MODEL quoting an error reply's message (llm_error_message). */
int llm_server_error(const char *body, size_t len);

/* --- llm_content.c: request content both wire formats share ------------- */

/* The instruction that puts a schema into the prompt (prompt mode). */
void llm_schema_prompt(struct strbuf *sb, const char *name, const struct cJSON *schema);
/* The corrective message sent after an invalid answer. */
void llm_retry_prompt(struct strbuf *sb, const struct llm_retry_note *note);
/* The schema sent on the wire: a copy with additionalProperties:false added. */
struct cJSON *llm_wire_schema(const struct cJSON *schema, bool *strict_ok);
/* The detail word for a part ("high"). */
const char *llm_detail_name(enum llm_detail d, enum llm_detail dflt);

/*
 * Append the system text to `sb`: req->system, then (when `with_schema`)
 * a blank line and llm_schema_prompt(). `sb` stays empty when there is
 * neither.
 */
void llm_system_text(struct strbuf *sb, const struct llm_request *req, bool with_schema);
/* A new {"type":"text","text":TEXT} part; the caller owns it. */
struct cJSON *llm_text_part(const char *text);

/* Fill `part` (an empty object) with the wire format's image members. */
typedef void llm_image_fn(struct cJSON *part, const struct llm_wire *w, const struct llm_part *p);
/*
 * A new {"role":"user","content":[...]} turn holding the request's parts in
 * order: text parts as llm_text_part(), image parts by `add_image`; one
 * "Answer now." text part when the request has none. The caller owns it.
 */
struct cJSON *llm_user_turn(const struct llm_wire *w, const struct llm_request *req, llm_image_fn *add_image);

/* Append one {"role": ROLE, ...} turn holding `text` to `messages`. */
typedef void llm_turn_fn(struct cJSON *messages, const char *role, const char *text);
/*
 * For each note, append an assistant turn with the rejected answer
 * ("(empty)" when it was empty) and a user turn with llm_retry_prompt().
 */
void llm_add_retry_turns(struct cJSON *messages, const struct llm_retry_note *notes, size_t n_notes,
			 llm_turn_fn *add_turn);
/* Add "name": SCHEMA_NAME and "description": "Give the SCHEMA_NAME answer." to `tool`. */
void llm_add_tool_name(struct cJSON *tool, const char *schema_name);

/* llm_openai.c: the Chat Completions body for one attempt; caller frees. */
char *llm_openai_body(const struct llm_wire *w, const struct llm_request *req,
		      const struct llm_retry_note *notes, size_t n_notes);
/* Parse a 200 reply. TD_ERR_MODEL with a message when it is not usable. */
int llm_openai_parse(const char *body, size_t len, struct llm_parsed *out) TD_MUST_CHECK;

/* llm_anthropic.c: the Messages body for one attempt; caller frees. */
char *llm_anthropic_body(const struct llm_wire *w, const struct llm_request *req,
			 const struct llm_retry_note *notes, size_t n_notes);
int llm_anthropic_parse(const char *body, size_t len, struct llm_parsed *out) TD_MUST_CHECK;

/* llm_reply.c: the human message in an error reply body of either API, or NULL; caller frees. */
char *llm_error_message(const char *body, size_t len);

/* --- llm_reply.c -------------------------------------------------------- */

/* Largest reply text the extractor looks at. */
#define LLM_REPLY_MAX_BYTES (4u * 1024u * 1024u)

/*
 * Find the JSON value in a model's reply text: the whole text, else the
 * contents of a ``` fence, else the first balanced {...} that parses (prose
 * and <think> blocks around it are skipped). TD_ERR_PARSE with a message
 * for the model ("no JSON object found in the reply") when there is none.
 * *out is the caller's (cJSON_Delete).
 */
int llm_reply_extract(const char *text, size_t len, struct cJSON **out) TD_MUST_CHECK;

/*
 * Check `value` against `schema` (the subset documented in llm.h). NULL
 * schema: any object passes. TD_ERR_INVALID with a message naming the JSON
 * path and the rule ("$.action: expected one of \"click\", \"back\"; got
 * \"tap\"") on the first violation.
 */
int llm_reply_validate(const struct cJSON *value, const struct cJSON *schema) TD_MUST_CHECK;

/*
 * Remove null members that the schema marks optional without allowing null
 * (strict mode makes models send null for "absent"), recursively, so that
 * validation sees the absent field the schema meant.
 */
void llm_reply_drop_optional_nulls(struct cJSON *value, const struct cJSON *schema);

/* --- llm_cache.c -------------------------------------------------------- */

/* mkdir -p, new directories mode 0700 (answers may be private). TD_ERR_IO. */
int llm_make_dirs(const char *path) TD_MUST_CHECK;

/* SHA-256 of `len` bytes as 64 lowercase hex digits plus NUL. */
void llm_sha256_hex(const void *data, size_t len, char out[65]);

/*
 * Look `key` up in the cache directory. TD_OK with *answer set on a hit,
 * TD_ERR_NOT_FOUND on a miss; a corrupt entry is a miss (and logged).
 */
int llm_cache_get(const char *dir, const char *key, struct cJSON **answer);
/* Store a validated answer (atomically: temp file + rename). */
int llm_cache_put(const char *dir, const char *key, const char *provider,
		  const char *model, const char *schema_name, const struct cJSON *answer);

/*
 * Write one request/response pair to <dir>/NNNNNN-<agent>.json. Every
 * occurrence of `secret` (when non-empty) is replaced by "[REDACTED]".
 */
int llm_record_write(const char *dir, unsigned long seq, const char *agent,
		     const char *url, const char *const *headers, size_t n_headers,
		     const char *request, long status, const char *response,
		     size_t response_len, double latency_ms, const char *secret);

/*
 * A copy of `text` with every occurrence of `secret` replaced by
 * "[REDACTED]", and the value of any Authorization / x-api-key / api-key
 * header line blanked. Caller frees.
 */
char *llm_redact(const char *text, const char *secret);

/* --- llm_account.c ------------------------------------------------------ */

struct llm_account;

struct llm_account *llm_account_new(const struct config *cfg);
void llm_account_free(struct llm_account *acct);
/* USD per million tokens for `model` (exact, else the longest prefix). */
void llm_account_price(const struct llm_account *acct, const char *model,
		       double *prompt, double *completion);
/* Add one HTTP request's numbers; returns its cost. */
double llm_account_request(struct llm_account *acct, const char *agent, const char *model,
			   long prompt_tokens, long completion_tokens, bool estimated,
			   double latency_ms);
/* Count one finished llm_call(). */
void llm_account_call(struct llm_account *acct, const char *agent, int err, bool cached,
		      int retries, int invalid_answers);
/* TD_ERR_BUDGET with a message when a budget is spent, else TD_OK. */
int llm_account_check_budget(struct llm_account *acct);
void llm_account_agent(const struct llm_account *acct, const char *agent, struct llm_usage *out);
void llm_account_total(const struct llm_account *acct, struct llm_usage *out);
struct cJSON *llm_account_json(const struct llm_account *acct);

#endif
