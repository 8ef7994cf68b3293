/*
 * llm_openai.c - the OpenAI Chat Completions wire format, spoken by OpenAI,
 * Azure OpenAI, OpenRouter and the local servers (vLLM, Ollama, llama.cpp,
 * LM Studio). Builds one attempt's request body and reads a 200 reply; the
 * transport, retries and validation live in llm.c, the request content both
 * wire formats share in llm_content.c, the reply pieces they share in
 * llm_reply.c.
 *
 * The providers that speak it: openai (and every OpenAI-compatible server),
 * openrouter and azure (api-key header, deployments in the URL path).
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/xalloc.h"

/* An image part: {"type":"image_url","image_url":{"url":"data:...","detail":...}}. */
static void add_image(cJSON *part, const struct llm_wire *w, const struct llm_part *p)
{
	cJSON_AddStringToObject(part, "type", "image_url");
	cJSON *iu = cJSON_AddObjectToObject(part, "image_url");
	size_t n = strlen(p->text);
	char *url = xmalloc(n + 32);
	memcpy(url, "data:image/png;base64,", 22);
	memcpy(url + 22, p->text, n + 1);
	cJSON_AddStringToObject(iu, "url", url);
	free(url);
	cJSON_AddStringToObject(iu, "detail", llm_detail_name(p->detail, w->default_detail));
}

/* Append {"role": role, "content": text}. */
static void add_message(cJSON *messages, const char *role, const char *text)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "role", role);
	cJSON_AddStringToObject(m, "content", text);
	cJSON_AddItemToArray(messages, m);
}

char *llm_openai_body(const struct llm_wire *w, const struct llm_request *req,
		      const struct llm_retry_note *notes, size_t n_notes)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", w->model);
	cJSON *messages = cJSON_AddArrayToObject(root, "messages");

	struct strbuf sys = STRBUF_INIT;
	/* json_object mode (no schema) insists that the messages say "JSON". */
	llm_system_text(&sys, req, w->structured == LLM_STRUCT_PROMPT || !req->schema);
	if (sys.len)
		add_message(messages, "system", sys.buf);
	strbuf_release(&sys);

	cJSON_AddItemToArray(messages, llm_user_turn(w, req, add_image));
	llm_add_retry_turns(messages, notes, n_notes, add_message);

	cJSON_AddNumberToObject(root, w->max_completion_tokens ? "max_completion_tokens" : "max_tokens",
				w->max_tokens);
	if (w->temperature >= 0)
		cJSON_AddNumberToObject(root, "temperature", w->temperature);

	bool strict = true;
	if (w->structured == LLM_STRUCT_JSON_SCHEMA) {
		cJSON *rf = cJSON_AddObjectToObject(root, "response_format");
		if (req->schema) {
			cJSON_AddStringToObject(rf, "type", "json_schema");
			cJSON *js = cJSON_AddObjectToObject(rf, "json_schema");
			cJSON_AddStringToObject(js, "name", req->schema_name);
			cJSON_AddItemToObject(js, "schema", llm_wire_schema(req->schema, &strict));
			cJSON_AddBoolToObject(js, "strict", strict);
		} else {
			cJSON_AddStringToObject(rf, "type", "json_object");
		}
	} else if (w->structured == LLM_STRUCT_TOOL) {
		cJSON *tools = cJSON_AddArrayToObject(root, "tools");
		cJSON *tool = cJSON_CreateObject();
		cJSON_AddStringToObject(tool, "type", "function");
		cJSON *fn = cJSON_AddObjectToObject(tool, "function");
		llm_add_tool_name(fn, req->schema_name);
		cJSON_AddItemToObject(fn, "parameters", llm_wire_schema(req->schema, &strict));
		if (strict)
			cJSON_AddTrueToObject(fn, "strict");
		cJSON_AddItemToArray(tools, tool);
		cJSON *choice = cJSON_AddObjectToObject(root, "tool_choice");
		cJSON_AddStringToObject(choice, "type", "function");
		cJSON *cf = cJSON_AddObjectToObject(choice, "function");
		cJSON_AddStringToObject(cf, "name", req->schema_name);
	}
	char *out = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	return out;
}

/* Text of a message "content": a string, or an array of {type:text} parts. */
static char *content_text(const cJSON *content)
{
	if (cJSON_IsString(content))
		return xstrdup(content->valuestring);
	if (!cJSON_IsArray(content))
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	const cJSON *p;
	cJSON_ArrayForEach(p, content) {
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(p, "text");
		if (cJSON_IsString(t))
			(void)strbuf_adds(&sb, t->valuestring);
	}
	return strbuf_detach(&sb, NULL);
}

int llm_openai_parse(const char *body, size_t len, struct llm_parsed *out)
{
	cJSON *root = NULL;
	int err = llm_parsed_begin(body, len, out, &root);
	if (err)
		goto out;
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(root, "error");
	if (e && !cJSON_IsNull(e)) {
		err = llm_server_error(body, len);
		goto out;
	}
	const cJSON *choice = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "choices"), 0);
	const cJSON *msg = cJSON_GetObjectItemCaseSensitive(choice, "message");
	if (!cJSON_IsObject(msg)) {
		err = td_error(TD_ERR_MODEL, "the server's reply has no choices[0].message");
		goto out;
	}
	const cJSON *calls = cJSON_GetObjectItemCaseSensitive(msg, "tool_calls");
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(calls, 0), "function"), "arguments");
	if (cJSON_IsString(args))
		out->text = xstrdup(args->valuestring);
	else if (cJSON_IsObject(args))
		out->text = cJSON_PrintUnformatted(args);
	else
		out->text = content_text(cJSON_GetObjectItemCaseSensitive(msg, "content"));
	const cJSON *refusal = cJSON_GetObjectItemCaseSensitive(msg, "refusal");
	if (cJSON_IsString(refusal))
		out->refusal = xstrdup(refusal->valuestring);
	const cJSON *fr = cJSON_GetObjectItemCaseSensitive(choice, "finish_reason");
	if (cJSON_IsString(fr))
		out->stop_reason = xstrdup(fr->valuestring);
	const cJSON *usage = cJSON_GetObjectItemCaseSensitive(root, "usage");
	const cJSON *pt = cJSON_GetObjectItemCaseSensitive(usage, "prompt_tokens");
	const cJSON *ct = cJSON_GetObjectItemCaseSensitive(usage, "completion_tokens");
	if (cJSON_IsNumber(pt) && pt->valuedouble >= 0 && pt->valuedouble < 1e12)
		out->prompt_tokens = (long)pt->valuedouble;
	if (cJSON_IsNumber(ct) && ct->valuedouble >= 0 && ct->valuedouble < 1e12)
		out->completion_tokens = (long)ct->valuedouble;
out:
	cJSON_Delete(root);
	if (err)
		llm_parsed_release(out);
	return err;
}

/* --- providers ------------------------------------------------------------ */

static char *chat_endpoint(const struct config *cfg, const char *base_url, const char *model)
{
	(void)cfg;
	(void)model;
	return xasprintf("%s/chat/completions", base_url);
}

/* Azure: the v1 API, a deployment URL, or a resource endpoint + deployment. */
static char *azure_endpoint(const struct config *cfg, const char *base_url, const char *model)
{
	if (strstr(base_url, "/openai/v1"))
		return xasprintf("%s/chat/completions", base_url);
	const char *v = config_string(cfg, "llm.azure_api_version");
	if (!v || !*v)
		v = getenv("OPENAI_API_VERSION");
	if (!v || !*v)
		v = "2024-10-21";
	if (strstr(base_url, "/openai/deployments/"))
		return xasprintf("%s/chat/completions?api-version=%s", base_url, v);
	return xasprintf("%s/openai/deployments/%s/chat/completions?api-version=%s", base_url, model, v);
}

/* OpenRouter shows the calling application's name in its dashboard. */
static size_t openrouter_headers(const struct config *cfg, enum llm_structured s, char *out[],
				 size_t max)
{
	(void)cfg;
	(void)s;
	if (max < 1)
		return 0;
	out[0] = xstrdup("X-Title: trident");
	return 1;
}

const struct llm_wire_ops llm_openai_ops = {
	.name = "openai",
	.wire = LLM_PROVIDER_OPENAI,
	.wire_name = "openai",
	.default_model = "gpt-4.1",
	.key_env = "OPENAI_API_KEY",
	.base_env = "OPENAI_BASE_URL",
	.default_base = "https://api.openai.com/v1",
	.key_header = "Authorization",
	.key_bearer = true,
	.structured_auto = LLM_STRUCT_JSON_SCHEMA,
	.image_tokens = 765,
	.endpoint = chat_endpoint,
	.body = llm_openai_body,
	.parse = llm_openai_parse,
};

const struct llm_wire_ops llm_openrouter_ops = {
	.name = "openrouter",
	.wire = LLM_PROVIDER_OPENAI,
	.wire_name = "openai",
	.default_model = "openai/gpt-4.1",
	.key_env = "OPENROUTER_API_KEY",
	.default_base = "https://openrouter.ai/api/v1",
	.key_header = "Authorization",
	.key_bearer = true,
	.structured_auto = LLM_STRUCT_JSON_SCHEMA,
	.image_tokens = 765,
	.endpoint = chat_endpoint,
	.headers = openrouter_headers,
	.body = llm_openai_body,
	.parse = llm_openai_parse,
};

const struct llm_wire_ops llm_azure_ops = {
	.name = "azure",
	.wire = LLM_PROVIDER_AZURE,
	.wire_name = "openai",
	.missing_model = "Azure OpenAI needs the deployment name: set llm.model or --model",
	.key_env = "AZURE_OPENAI_API_KEY",
	.base_env = "AZURE_OPENAI_ENDPOINT",
	.missing_base = "Azure OpenAI needs an endpoint: set AZURE_OPENAI_ENDPOINT or "
			"--base-url https://NAME.openai.azure.com",
	.model_slash_forbidden = true,
	.key_header = "api-key",
	.structured_auto = LLM_STRUCT_JSON_SCHEMA,
	.image_tokens = 765,
	.max_completion_tokens = true,
	.endpoint = azure_endpoint,
	.body = llm_openai_body,
	.parse = llm_openai_parse,
};
