/*
 * llm_content.c - the request content both wire formats share:
 * llm_openai.c (Chat Completions) and llm_anthropic.c (Messages) build their
 * bodies from these pieces and add only what their API spells differently
 * (image parts, where the system text goes, tool and schema wrappers).
 *
 *   - the system text, with the schema-in-prompt instruction when asked;
 *   - the user turn: text and image parts in order ("Answer now." when the
 *     request has none);
 *   - the corrective turns after rejected answers;
 *   - the tool's name and description;
 *   - the wire form of a schema (closed for strict mode).
 *
 * Each piece adds its JSON members in a fixed order: the bodies must stay
 * byte-identical (tests/unit/test_llm_scenarios.c checks them).
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

/* The detail word of an image part, the default filled in. */
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

/* Prompt mode: ask for one JSON object, showing the schema when there is one. */
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

/* The user turn that follows a rejected answer. */
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

/* A strict-mode copy of the schema (an empty object when there is none). */
struct cJSON *llm_wire_schema(const struct cJSON *schema, bool *strict_ok)
{
	*strict_ok = true;
	if (!schema)
		return cJSON_CreateObject();
	cJSON *copy = cJSON_Duplicate(schema, 1);
	strictify(copy, strict_ok, 0);
	return copy;
}

/* The system text: the request's, then the schema instruction. */
void llm_system_text(struct strbuf *sb, const struct llm_request *req, bool with_schema)
{
	if (req->system)
		(void)strbuf_adds(sb, req->system);
	if (with_schema) {
		if (sb->len)
			(void)strbuf_adds(sb, "\n\n");
		llm_schema_prompt(sb, req->schema_name, req->schema);
	}
}

/* {"type":"text","text":TEXT}. */
struct cJSON *llm_text_part(const char *text)
{
	cJSON *part = cJSON_CreateObject();
	cJSON_AddStringToObject(part, "type", "text");
	cJSON_AddStringToObject(part, "text", text);
	return part;
}

/* The user turn; image parts are filled in by the wire format. */
struct cJSON *llm_user_turn(const struct llm_wire *w, const struct llm_request *req, llm_image_fn *add_image)
{
	cJSON *user = cJSON_CreateObject();
	cJSON_AddStringToObject(user, "role", "user");
	cJSON *content = cJSON_AddArrayToObject(user, "content");
	for (size_t i = 0; i < req->n_parts; i++) {
		const struct llm_part *p = &req->parts[i];
		cJSON *part;
		if (p->is_image) {
			part = cJSON_CreateObject();
			add_image(part, w, p);
		} else {
			part = llm_text_part(p->text);
		}
		cJSON_AddItemToArray(content, part);
	}
	if (!req->n_parts)
		cJSON_AddItemToArray(content, llm_text_part("Answer now."));
	return user;
}

/* One assistant turn (the rejected answer) and one user turn (why) per note. */
void llm_add_retry_turns(struct cJSON *messages, const struct llm_retry_note *notes, size_t n_notes,
			 llm_turn_fn *add_turn)
{
	for (size_t i = 0; i < n_notes; i++) {
		struct strbuf sb = STRBUF_INIT;
		add_turn(messages, "assistant", notes[i].bad_reply[0] ? notes[i].bad_reply : "(empty)");
		llm_retry_prompt(&sb, &notes[i]);
		add_turn(messages, "user", sb.buf);
		strbuf_release(&sb);
	}
}

/* The tool's "name" and "description" members. */
void llm_add_tool_name(struct cJSON *tool, const char *schema_name)
{
	cJSON_AddStringToObject(tool, "name", schema_name);
	char *desc = xasprintf("Give the %s answer.", schema_name);
	cJSON_AddStringToObject(tool, "description", desc);
	free(desc);
}
