/*
 * llm_anthropic.c - the Anthropic Messages wire format: builds one attempt's
 * request body and reads a 200 reply. Structured answers use tool use (a
 * single tool whose input_schema is the answer's schema, forced with
 * tool_choice, the answer read from the tool_use block's input); forcing
 * json_schema uses the structured-outputs "output_format" instead. The
 * content both wire formats share comes from llm_content.c.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/xalloc.h"

/* An image block: {"type":"image","source":{base64 PNG}}. */
static void add_image(cJSON *block, const struct llm_wire *w, const struct llm_part *p)
{
	(void)w; /* Messages has no per-image detail */
	cJSON_AddStringToObject(block, "type", "image");
	cJSON *src = cJSON_AddObjectToObject(block, "source");
	cJSON_AddStringToObject(src, "type", "base64");
	cJSON_AddStringToObject(src, "media_type", "image/png");
	cJSON_AddStringToObject(src, "data", p->text);
}

/* Append a turn holding one text block. */
static void add_turn(cJSON *messages, const char *role, const char *text)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "role", role);
	cJSON *content = cJSON_AddArrayToObject(m, "content");
	cJSON_AddItemToArray(content, llm_text_part(text));
	cJSON_AddItemToArray(messages, m);
}

char *llm_anthropic_body(const struct llm_wire *w, const struct llm_request *req,
			 const struct llm_retry_note *notes, size_t n_notes)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", w->model);
	cJSON_AddNumberToObject(root, "max_tokens", w->max_tokens);

	struct strbuf sys = STRBUF_INIT;
	llm_system_text(&sys, req, w->structured == LLM_STRUCT_PROMPT);
	if (sys.len)
		cJSON_AddStringToObject(root, "system", sys.buf);
	strbuf_release(&sys);

	cJSON *messages = cJSON_AddArrayToObject(root, "messages");
	cJSON_AddItemToArray(messages, llm_user_turn(w, req, add_image));
	llm_add_retry_turns(messages, notes, n_notes, add_turn);
	if (w->temperature >= 0)
		cJSON_AddNumberToObject(root, "temperature", w->temperature > 1 ? 1 : w->temperature);

	bool strict;
	if (w->structured == LLM_STRUCT_TOOL) {
		cJSON *tools = cJSON_AddArrayToObject(root, "tools");
		cJSON *tool = cJSON_CreateObject();
		llm_add_tool_name(tool, req->schema_name);
		cJSON *schema = req->schema ? cJSON_Duplicate(req->schema, 1) : cJSON_CreateObject();
		if (!cJSON_GetObjectItemCaseSensitive(schema, "type"))
			cJSON_AddStringToObject(schema, "type", "object");
		cJSON_AddItemToObject(tool, "input_schema", schema);
		cJSON_AddItemToArray(tools, tool);
		cJSON *choice = cJSON_AddObjectToObject(root, "tool_choice");
		cJSON_AddStringToObject(choice, "type", "tool");
		cJSON_AddStringToObject(choice, "name", req->schema_name);
	} else if (w->structured == LLM_STRUCT_JSON_SCHEMA) {
		cJSON *of = cJSON_AddObjectToObject(root, "output_format");
		cJSON_AddStringToObject(of, "type", "json_schema");
		cJSON_AddItemToObject(of, "schema", llm_wire_schema(req->schema, &strict));
	}
	char *out = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	return out;
}

/* A non-negative token count, or -1. */
static long tokens(const cJSON *usage, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(usage, key);
	if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 1e12)
		return -1;
	return (long)n->valuedouble;
}

int llm_anthropic_parse(const char *body, size_t len, struct llm_parsed *out)
{
	cJSON *root = NULL;
	int err = llm_parsed_begin(body, len, out, &root);
	if (err)
		goto out;
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
	if (cJSON_IsString(type) && !strcmp(type->valuestring, "error")) {
		err = llm_server_error(body, len);
		goto out;
	}
	const cJSON *content = cJSON_GetObjectItemCaseSensitive(root, "content");
	if (!cJSON_IsArray(content)) {
		err = td_error(TD_ERR_MODEL, "the server's reply has no content array");
		goto out;
	}
	struct strbuf text = STRBUF_INIT;
	const cJSON *block;
	cJSON_ArrayForEach(block, content) {
		const cJSON *bt = cJSON_GetObjectItemCaseSensitive(block, "type");
		if (!cJSON_IsString(bt))
			continue;
		if (!strcmp(bt->valuestring, "tool_use") && !out->text) {
			const cJSON *input = cJSON_GetObjectItemCaseSensitive(block, "input");
			if (input)
				out->text = cJSON_PrintUnformatted(input);
		} else if (!strcmp(bt->valuestring, "text")) {
			const cJSON *t = cJSON_GetObjectItemCaseSensitive(block, "text");
			if (cJSON_IsString(t))
				(void)strbuf_adds(&text, t->valuestring);
		}
	}
	if (!out->text)
		out->text = strbuf_detach(&text, NULL);
	strbuf_release(&text);
	const cJSON *sr = cJSON_GetObjectItemCaseSensitive(root, "stop_reason");
	if (cJSON_IsString(sr)) {
		out->stop_reason = xstrdup(sr->valuestring);
		if (!strcmp(sr->valuestring, "refusal"))
			out->refusal = xstrdup("the model refused to answer");
	}
	const cJSON *usage = cJSON_GetObjectItemCaseSensitive(root, "usage");
	long in = tokens(usage, "input_tokens");
	if (in >= 0) {
		long cw = tokens(usage, "cache_creation_input_tokens");
		long cr = tokens(usage, "cache_read_input_tokens");
		out->prompt_tokens = in + (cw > 0 ? cw : 0) + (cr > 0 ? cr : 0);
	}
	out->completion_tokens = tokens(usage, "output_tokens");
out:
	cJSON_Delete(root);
	if (err)
		llm_parsed_release(out);
	return err;
}

/* --- the provider --------------------------------------------------------- */

/* A base URL with or without the /v1 suffix. */
static char *messages_endpoint(const struct config *cfg, const char *base_url, const char *model)
{
	(void)cfg;
	(void)model;
	size_t n = strlen(base_url);
	bool v1 = n >= 3 && !strcmp(base_url + n - 3, "/v1");
	return xasprintf("%s%s", base_url, v1 ? "/messages" : "/v1/messages");
}

static size_t anthropic_headers(const struct config *cfg, enum llm_structured s, char *out[],
				size_t max)
{
	size_t n = 0;
	const char *v = config_string(cfg, "llm.anthropic_version");
	if (n < max)
		out[n++] = xasprintf("anthropic-version: %s", v && *v ? v : "2023-06-01");
	if (s == LLM_STRUCT_JSON_SCHEMA && n < max)
		out[n++] = xstrdup("anthropic-beta: structured-outputs-2025-11-13");
	return n;
}

const struct llm_wire_ops llm_anthropic_ops = {
	.name = "anthropic",
	.wire = LLM_PROVIDER_ANTHROPIC,
	.wire_name = "anthropic",
	.default_model = "claude-sonnet-4-5",
	.key_env = "ANTHROPIC_API_KEY",
	.base_env = "ANTHROPIC_BASE_URL",
	.default_base = "https://api.anthropic.com",
	.key_header = "x-api-key",
	.structured_auto = LLM_STRUCT_TOOL,
	.image_tokens = 1600,
	.endpoint = messages_endpoint,
	.headers = anthropic_headers,
	.body = llm_anthropic_body,
	.parse = llm_anthropic_parse,
};
