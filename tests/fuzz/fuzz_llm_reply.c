/*
 * fuzz_llm_reply.c - libFuzzer harness for the model-reply extractor and the
 * schema validator (core/llm_reply.c): any bytes a model or a proxy sends
 * must give a value or a clean error, never a crash, and a value the
 * validator accepts must really satisfy the schema's required fields.
 */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/llm_internal.h"

#define MAX_INPUT (64u * 1024u)

static const char schema_text[] =
	"{\"type\":\"object\",\"properties\":{"
	"\"action\":{\"type\":\"string\",\"enum\":[\"click\",\"back\",\"input\"]},"
	"\"target\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":500},"
	"\"reason\":{\"type\":\"string\",\"maxLength\":200},"
	"\"tags\":{\"type\":\"array\",\"items\":{\"type\":[\"string\",\"null\"]},\"maxItems\":4},"
	"\"extra\":{\"anyOf\":[{\"type\":\"number\"},{\"type\":\"object\"}]}},"
	"\"required\":[\"action\",\"target\",\"reason\"],\"additionalProperties\":false}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cJSON *schema;
	if (!schema)
		schema = cJSON_Parse(schema_text);
	if (size > MAX_INPUT)
		size = MAX_INPUT;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';
	cJSON *v = NULL;
	if (llm_reply_extract(text, size, &v) == TD_OK) {
		if (!v)
			abort();
		llm_reply_drop_optional_nulls(v, schema);
		if (llm_reply_validate(v, schema) == TD_OK) {
			/* Accepted: the required fields must be there with their types. */
			const cJSON *a = cJSON_GetObjectItemCaseSensitive(v, "action");
			const cJSON *t = cJSON_GetObjectItemCaseSensitive(v, "target");
			if (!cJSON_IsString(a) || !cJSON_IsNumber(t))
				abort();
		}
		if (llm_reply_validate(v, NULL) == TD_OK && !cJSON_IsObject(v))
			abort();
		cJSON_Delete(v);
	} else if (v) {
		abort();
	}
	free(text);
	return 0;
}
