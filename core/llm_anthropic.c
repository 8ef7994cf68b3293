/*
 * llm_anthropic.c - the Anthropic Messages wire format: builds one attempt's
 * request body and reads a 200 reply. Structured answers use tool use (a
 * single tool whose input_schema is the answer's schema, forced with
 * tool_choice, the answer read from the tool_use block's input); forcing
 * json_schema uses the structured-outputs "output_format" instead.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

/* The first user turn: text and image blocks in order. */
static cJSON *user_content(const struct llm_request *req)
{
	cJSON *content = cJSON_CreateArray();
	for (size_t i = 0; i < req->n_parts; i++) {
		const struct llm_part *p = &req->parts[i];
		cJSON *block = cJSON_CreateObject();
		if (p->is_image) {
			cJSON_AddStringToObject(block, "type", "image");
			cJSON *src = cJSON_AddObjectToObject(block, "source");
			cJSON_AddStringToObject(src, "type", "base64");
			cJSON_AddStringToObject(src, "media_type", "image/png");
			cJSON_AddStringToObject(src, "data", p->text);
		} else {
			cJSON_AddStringToObject(block, "type", "text");
			cJSON_AddStringToObject(block, "text", p->text);
		}
		cJSON_AddItemToArray(content, block);
	}
	if (!req->n_parts) {
		cJSON *block = cJSON_CreateObject();
		cJSON_AddStringToObject(block, "type", "text");
		cJSON_AddStringToObject(block, "text", "Answer now.");
		cJSON_AddItemToArray(content, block);
	}
	return content;
}

/* Append a turn holding one text block. */
static void add_turn(cJSON *messages, const char *role, const char *text)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "role", role);
	cJSON *content = cJSON_AddArrayToObject(m, "content");
	cJSON *block = cJSON_CreateObject();
	cJSON_AddStringToObject(block, "type", "text");
	cJSON_AddStringToObject(block, "text", text);
	cJSON_AddItemToArray(content, block);
	cJSON_AddItemToArray(messages, m);
}

char *llm_anthropic_body(const struct llm_wire *w, const struct llm_request *req,
			 const struct llm_retry_note *notes, size_t n_notes)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", w->model);
	cJSON_AddNumberToObject(root, "max_tokens", w->max_tokens);

	struct strbuf sys = STRBUF_INIT;
	if (req->system)
		(void)strbuf_adds(&sys, req->system);
	if (w->structured == LLM_STRUCT_PROMPT) {
		if (sys.len)
			(void)strbuf_adds(&sys, "\n\n");
		llm_schema_prompt(&sys, req->schema_name, req->schema);
	}
	if (sys.len)
		cJSON_AddStringToObject(root, "system", sys.buf);
	strbuf_release(&sys);

	cJSON *messages = cJSON_AddArrayToObject(root, "messages");
	cJSON *user = cJSON_CreateObject();
	cJSON_AddStringToObject(user, "role", "user");
	cJSON_AddItemToObject(user, "content", user_content(req));
	cJSON_AddItemToArray(messages, user);
	for (size_t i = 0; i < n_notes; i++) {
		struct strbuf sb = STRBUF_INIT;
		add_turn(messages, "assistant", notes[i].bad_reply[0] ? notes[i].bad_reply : "(empty)");
		llm_retry_prompt(&sb, &notes[i]);
		add_turn(messages, "user", sb.buf);
		strbuf_release(&sb);
	}
	if (w->temperature >= 0)
		cJSON_AddNumberToObject(root, "temperature", w->temperature > 1 ? 1 : w->temperature);

	bool strict;
	if (w->structured == LLM_STRUCT_TOOL) {
		cJSON *tools = cJSON_AddArrayToObject(root, "tools");
		cJSON *tool = cJSON_CreateObject();
		cJSON_AddStringToObject(tool, "name", req->schema_name);
		char *desc = xasprintf("Give the %s answer.", req->schema_name);
		cJSON_AddStringToObject(tool, "description", desc);
		free(desc);
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
	memset(out, 0, sizeof *out);
	out->prompt_tokens = out->completion_tokens = -1;
	cJSON *root = cJSON_ParseWithLength(body, len);
	int err = TD_OK;
	if (!cJSON_IsObject(root)) {
		err = td_error(TD_ERR_MODEL, "the server's reply is not a JSON object");
		goto out;
	}
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
	if (cJSON_IsString(type) && !strcmp(type->valuestring, "error")) {
		char *m = llm_error_message(body, len);
		err = td_error(TD_ERR_MODEL, "the server answered with an error: %s", m ? m : "?");
		free(m);
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
