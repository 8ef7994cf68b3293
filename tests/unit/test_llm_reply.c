/* test_llm_reply.c - JSON extraction from model replies and schema validation. */
#include <cjson/cJSON.h>

#include "core/llm_internal.h"
#include "test.h"

static const char schema_text[] =
	"{\"type\":\"object\",\"properties\":{"
	"\"action\":{\"type\":\"string\",\"enum\":[\"click\",\"back\",\"input\"]},"
	"\"target\":{\"type\":\"integer\",\"minimum\":0},"
	"\"reason\":{\"type\":\"string\"},"
	"\"text\":{\"type\":[\"string\",\"null\"]},"
	"\"items\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":"
	"{\"id\":{\"type\":\"integer\"}},\"required\":[\"id\"]},\"maxItems\":2}},"
	"\"required\":[\"action\",\"target\",\"reason\"],\"additionalProperties\":false}";

/* Extract from `text`, returning the "action" field or NULL (caller frees). */
static char *action_of(const char *text)
{
	cJSON *v = NULL;
	if (llm_reply_extract(text, strlen(text), &v) != TD_OK)
		return NULL;
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(v, "action");
	char *out = cJSON_IsString(a) ? strdup(a->valuestring) : NULL;
	cJSON_Delete(v);
	return out;
}

#define CHECK_ACTION(text, want)                                                           \
	do {                                                                               \
		char *got_ = action_of(text);                                              \
		CHECK_STR_EQ(got_, want);                                                  \
		free(got_);                                                                \
	} while (0)

TEST(extracts_plain_fenced_prose)
{
	CHECK_ACTION("{\"action\":\"click\"}", "click");
	CHECK_ACTION("  \n{\"action\":\"click\"}\n ", "click");
	CHECK_ACTION("Here you go:\n```json\n{\"action\": \"back\"}\n```\nDone.", "back");
	CHECK_ACTION("```\n{\"action\": \"back\"}\n```", "back");
	CHECK_ACTION("```json{\"action\": \"input\"}```", "input");
	CHECK_ACTION("I think {\"action\":\"input\",\"reason\":\"a } in \\\"text\\\"\"} is best.",
		     "input");
	CHECK_ACTION("<think>should I {click}?</think>{\"action\":\"back\"}", "back");
	/* The first span that does not parse is skipped. */
	CHECK_ACTION("{not json} then {\"action\":\"click\"}", "click");
	/* A broken fence falls back to the span scan. */
	CHECK_ACTION("```json\n{\"action\": \n```\n{\"action\":\"back\"}", "back");
}

TEST(extract_errors_are_clear)
{
	cJSON *v = NULL;
	CHECK_INT_EQ(llm_reply_extract("", 0, &v), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "empty"));
	CHECK_INT_EQ(llm_reply_extract("I cannot help with that.", 24, &v), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "no JSON object"));
	CHECK_INT_EQ(llm_reply_extract("{\"action\": \"click\", ", 20, &v), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "does not parse"));
	CHECK(v == NULL);
	CHECK_INT_EQ(llm_reply_extract(NULL, 0, &v), TD_ERR_PARSE);
}

/* Validate `text` against the test schema; returns the error (message in td_errmsg). */
static int validate(const char *text)
{
	cJSON *schema = cJSON_Parse(schema_text);
	cJSON *v = cJSON_Parse(text);
	int err = v ? llm_reply_validate(v, schema) : -1;
	cJSON_Delete(v);
	cJSON_Delete(schema);
	return err;
}

TEST(validates_schema_subset)
{
	CHECK_OK(validate("{\"action\":\"click\",\"target\":3,\"reason\":\"r\"}"));
	CHECK_OK(validate("{\"action\":\"click\",\"target\":3,\"reason\":\"r\",\"text\":null}"));
	CHECK_OK(validate("{\"action\":\"click\",\"target\":3,\"reason\":\"r\",\"items\":[{\"id\":1}]}"));

	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":3}"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$: missing required field \"reason\"");
	CHECK_INT_EQ(validate("{\"action\":\"tap\",\"target\":3,\"reason\":\"r\"}"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID),
		     "$.action: expected one of \"click\", \"back\", \"input\"; got \"tap\"");
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":\"3\",\"reason\":\"r\"}"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$.target: expected an integer, got string");
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":2.5,\"reason\":\"r\"}"), TD_ERR_INVALID);
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":-1,\"reason\":\"r\"}"), TD_ERR_INVALID);
	CHECK(strstr(td_errmsg(TD_ERR_INVALID), "at least 0"));
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":1,\"reason\":\"r\",\"x\":1}"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$: unexpected field \"x\"");
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":1,\"reason\":\"r\",\"text\":5}"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$.text: expected string or null, got integer");
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":1,\"reason\":\"r\",\"items\":[{\"id\":1},{}]}"),
		     TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$.items[1]: missing required field \"id\"");
	CHECK_INT_EQ(validate("{\"action\":\"click\",\"target\":1,\"reason\":\"r\",\"items\":[{\"id\":1},{\"id\":2},{\"id\":3}]}"),
		     TD_ERR_INVALID);
	CHECK_INT_EQ(validate("[1]"), TD_ERR_INVALID);
	CHECK_STR_EQ(td_errmsg(TD_ERR_INVALID), "$: expected an object, got array");

	/* Without a schema any object passes, nothing else does. */
	cJSON *obj = cJSON_Parse("{}"), *arr = cJSON_Parse("[]");
	CHECK_OK(llm_reply_validate(obj, NULL));
	CHECK_INT_EQ(llm_reply_validate(arr, NULL), TD_ERR_INVALID);
	cJSON_Delete(obj);
	cJSON_Delete(arr);
}

TEST(wire_schema_is_strict)
{
	cJSON *s = cJSON_Parse("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\","
			       "\"properties\":{\"b\":{\"type\":\"string\",\"maxLength\":5},"
			       "\"c\":{\"type\":\"string\",\"enum\":[\"x\"]}},\"required\":[\"b\"]}},"
			       "\"required\":[\"a\"]}");
	bool strict = false;
	cJSON *w = llm_wire_schema(s, &strict);
	CHECK(strict);
	char *text = cJSON_PrintUnformatted(w);
	CHECK_STR_EQ(text, "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\","
			   "\"properties\":{\"b\":{\"type\":\"string\"},\"c\":{\"type\":[\"string\","
			   "\"null\"],\"enum\":[\"x\",null]}},\"required\":[\"b\",\"c\"],"
			   "\"additionalProperties\":false}},\"required\":[\"a\"],"
			   "\"additionalProperties\":false}");
	free(text);
	cJSON_Delete(w);
	/* A map cannot be strict. */
	cJSON_AddItemToObject(s, "additionalProperties", cJSON_Parse("{\"type\":\"string\"}"));
	w = llm_wire_schema(s, &strict);
	CHECK(!strict);
	cJSON_Delete(w);

	/* Strict answers say null for "absent": dropped before validation. */
	cJSON *v = cJSON_Parse("{\"a\":{\"b\":\"hi\",\"c\":null}}");
	cJSON_DeleteItemFromObject(s, "additionalProperties");
	CHECK_INT_EQ(llm_reply_validate(v, s), TD_ERR_INVALID);
	llm_reply_drop_optional_nulls(v, s);
	CHECK_OK(llm_reply_validate(v, s));
	cJSON *b_null = cJSON_Parse("{\"a\":{\"b\":null}}");
	llm_reply_drop_optional_nulls(b_null, s); /* required: kept, and invalid */
	CHECK_INT_EQ(llm_reply_validate(b_null, s), TD_ERR_INVALID);
	cJSON_Delete(b_null);
	cJSON_Delete(v);
	cJSON_Delete(s);
}

TEST(sha256_known_answers)
{
	char hex[65];
	llm_sha256_hex("", 0, hex);
	CHECK_STR_EQ(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	llm_sha256_hex("abc", 3, hex);
	CHECK_STR_EQ(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	llm_sha256_hex(m, strlen(m), hex);
	CHECK_STR_EQ(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(redacts_secrets)
{
	char *r = llm_redact("Authorization: Bearer sk-abc\nx-api-key: k\nfoo sk-SECRETKEY bar", "sk-SECRETKEY");
	CHECK_STR_EQ(r, "Authorization: [REDACTED]\nx-api-key: [REDACTED]\nfoo [REDACTED] bar");
	free(r);
}

int main(void)
{
	RUN(extracts_plain_fenced_prose);
	RUN(extract_errors_are_clear);
	RUN(validates_schema_subset);
	RUN(wire_schema_is_strict);
	RUN(sha256_known_answers);
	RUN(redacts_secrets);
	return test_summary();
}
