/*
 * llm_openai.c - the OpenAI Chat Completions wire format, spoken by OpenAI,
 * Azure OpenAI, OpenRouter and the local servers (vLLM, Ollama, llama.cpp,
 * LM Studio). Builds one attempt's request body and reads a 200 reply; the
 * transport, retries and validation live in llm.c.
 *
 * Also holds the pieces both wire formats share: the schema-in-prompt text,
 * the corrective message after an invalid answer, the wire form of a schema,
 * and the error-body reader.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

void llm_parsed_release(struct llm_parsed *p)
{
	free(p->text);
	free(p->stop_reason);
	free(p->refusal);
	memset(p, 0, sizeof *p);
}

const char *llm_detail_name(enum llm_detail d, enum llm_detail dflt)
{
	if (d == LLM_DETAIL_DEFAULT)
		d = dflt;
	switch (d) {
	case LLM_DETAIL_LOW: return "low";
	case LLM_DETAIL_HIGH: return "high";
	default: return "auto";
	}
}

void llm_schema_prompt(struct strbuf *sb, const char *name, const struct cJSON *schema)
{
	(void)strbuf_addf(sb, "Answer with only one JSON object (the \"%s\" answer), no prose "
			      "and no code fences.", name);
	if (!schema)
		return;
	char *text = cJSON_Print(schema);
	(void)strbuf_addf(sb, " It must match this JSON Schema:\n```json\n%s\n```",
			  text ? text : "{}");
	free(text);
}

void llm_retry_prompt(struct strbuf *sb, const struct llm_retry_note *note)
{
	(void)strbuf_addf(sb, "Your previous answer was rejected: %s. Answer again with only "
			      "one JSON object that matches the schema.", note->error);
}

/* Let a property schema also accept null (how strict mode spells "optional"). */
static void make_nullable(cJSON *s)
{
	cJSON *type = cJSON_GetObjectItemCaseSensitive(s, "type");
	if (cJSON_IsString(type) && strcmp(type->valuestring, "null")) {
		cJSON *both = cJSON_CreateArray();
		cJSON_AddItemToArray(both, cJSON_CreateString(type->valuestring));
		cJSON_AddItemToArray(both, cJSON_CreateString("null"));
		cJSON_ReplaceItemInObjectCaseSensitive(s, "type", both);
	} else if (cJSON_IsArray(type)) {
		bool has = false;
		const cJSON *t;
		cJSON_ArrayForEach(t, type)
			has |= cJSON_IsString(t) && !strcmp(t->valuestring, "null");
		if (!has)
			cJSON_AddItemToArray(type, cJSON_CreateString("null"));
	}
	cJSON *en = cJSON_GetObjectItemCaseSensitive(s, "enum");
	if (cJSON_IsArray(en)) {
		bool has = false;
		const cJSON *e;
		cJSON_ArrayForEach(e, en)
			has |= cJSON_IsNull(e);
		if (!has)
			cJSON_AddItemToArray(en, cJSON_CreateNull());
	}
}

/*
 * Rewrite a schema for OpenAI's strict mode: objects closed
 * (additionalProperties:false), every property required, optional ones
 * nullable instead, and keywords strict mode refuses (minLength, maxLength,
 * nullable) removed; the validator still checks the original schema. A map
 * (additionalProperties as a schema) cannot be strict: *strict_ok = false.
 */
static void strictify(cJSON *s, bool *strict_ok, int depth)
{
	if (!cJSON_IsObject(s) || depth > 64)
		return;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s, "nullable")))
		make_nullable(s);
	cJSON_DeleteItemFromObjectCaseSensitive(s, "nullable");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "minLength");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "maxLength");
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(s, "type");
	cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
	if ((cJSON_IsString(type) && !strcmp(type->valuestring, "object")) || props) {
		cJSON *addl = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
		if (!addl)
			cJSON_AddFalseToObject(s, "additionalProperties");
		else if (!cJSON_IsFalse(addl))
			*strict_ok = false;
		cJSON *req = cJSON_GetObjectItemCaseSensitive(s, "required");
		if (!cJSON_IsArray(req)) {
			cJSON_DeleteItemFromObjectCaseSensitive(s, "required");
			req = cJSON_AddArrayToObject(s, "required");
		}
		cJSON *p;
		cJSON_ArrayForEach(p, props) {
			bool listed = false;
			const cJSON *r;
			cJSON_ArrayForEach(r, req)
				listed |= cJSON_IsString(r) && !strcmp(r->valuestring, p->string);
			if (!listed) {
				make_nullable(p);
				cJSON_AddItemToArray(req, cJSON_CreateString(p->string));
			}
		}
	}
	cJSON *p;
	cJSON_ArrayForEach(p, props)
		strictify(p, strict_ok, depth + 1);
	strictify(cJSON_GetObjectItemCaseSensitive(s, "items"), strict_ok, depth + 1);
	static const char *const lists[] = { "anyOf", "oneOf", "allOf" };
	for (size_t i = 0; i < 3; i++) {
		cJSON *e;
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(s, lists[i]))
			strictify(e, strict_ok, depth + 1);
	}
}

struct cJSON *llm_wire_schema(const struct cJSON *schema, bool *strict_ok)
{
	*strict_ok = true;
	if (!schema)
		return cJSON_CreateObject();
	cJSON *copy = cJSON_Duplicate(schema, 1);
	strictify(copy, strict_ok, 0);
	return copy;
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

/* The user message's content array. */
static cJSON *user_content(const struct llm_wire *w, const struct llm_request *req)
{
	cJSON *content = cJSON_CreateArray();
	for (size_t i = 0; i < req->n_parts; i++) {
		const struct llm_part *p = &req->parts[i];
		cJSON *part = cJSON_CreateObject();
		if (p->is_image) {
			cJSON_AddStringToObject(part, "type", "image_url");
			cJSON *iu = cJSON_AddObjectToObject(part, "image_url");
			size_t n = strlen(p->text);
			char *url = xmalloc(n + 32);
			memcpy(url, "data:image/png;base64,", 22);
			memcpy(url + 22, p->text, n + 1);
			cJSON_AddStringToObject(iu, "url", url);
			free(url);
			cJSON_AddStringToObject(iu, "detail", llm_detail_name(p->detail, w->default_detail));
		} else {
			cJSON_AddStringToObject(part, "type", "text");
			cJSON_AddStringToObject(part, "text", p->text);
		}
		cJSON_AddItemToArray(content, part);
	}
	if (!req->n_parts) {
		cJSON *part = cJSON_CreateObject();
		cJSON_AddStringToObject(part, "type", "text");
		cJSON_AddStringToObject(part, "text", "Answer now.");
		cJSON_AddItemToArray(content, part);
	}
	return content;
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
	if (req->system)
		(void)strbuf_adds(&sys, req->system);
	/* json_object mode (no schema) insists that the messages say "JSON". */
	if (w->structured == LLM_STRUCT_PROMPT || !req->schema) {
		if (sys.len)
			(void)strbuf_adds(&sys, "\n\n");
		llm_schema_prompt(&sys, req->schema_name, req->schema);
	}
	if (sys.len)
		add_message(messages, "system", sys.buf);
	strbuf_release(&sys);

	cJSON *user = cJSON_CreateObject();
	cJSON_AddStringToObject(user, "role", "user");
	cJSON_AddItemToObject(user, "content", user_content(w, req));
	cJSON_AddItemToArray(messages, user);
	for (size_t i = 0; i < n_notes; i++) {
		struct strbuf sb = STRBUF_INIT;
		add_message(messages, "assistant", notes[i].bad_reply[0] ? notes[i].bad_reply : "(empty)");
		llm_retry_prompt(&sb, &notes[i]);
		add_message(messages, "user", sb.buf);
		strbuf_release(&sb);
	}

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
		cJSON_AddStringToObject(fn, "name", req->schema_name);
		char *desc = xasprintf("Give the %s answer.", req->schema_name);
		cJSON_AddStringToObject(fn, "description", desc);
		free(desc);
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
	memset(out, 0, sizeof *out);
	out->prompt_tokens = out->completion_tokens = -1;
	cJSON *root = cJSON_ParseWithLength(body, len);
	int err = TD_OK;
	if (!cJSON_IsObject(root)) {
		err = td_error(TD_ERR_MODEL, "the server's reply is not a JSON object");
		goto out;
	}
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(root, "error");
	if (e && !cJSON_IsNull(e)) {
		char *m = llm_error_message(body, len);
		err = td_error(TD_ERR_MODEL, "the server answered with an error: %s", m ? m : "?");
		free(m);
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
