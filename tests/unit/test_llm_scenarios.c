/*
 * test_llm_scenarios.c - the model client against the fake OpenAI-compatible,
 * Azure and Anthropic servers, one scenario at a time: good answers in every
 * wrapping, bad answers, schema violations fixed on retry, 429 with
 * Retry-After, 500, stalls, dropped connections, 401/404/400.
 */
#include <time.h>

#include "llm_fake.h"
#include "test.h"

static struct fake_llm server;
static int seq;

struct outcome {
	int err;
	char msg[1024];
	struct llm_call_info info;
	long requests;           /* what the server saw */
	char mode[32];
	cJSON *answer;
	bool fatal;
	int second_err;          /* a second call on the same client */
	double elapsed_ms;
};

static double wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Run one call of `scenario` on `provider`; the caller frees o->answer. */
static void run(const char *provider, const char *scenario, const char *extra, struct outcome *o)
{
	char id[64];
	snprintf(id, sizeof id, "%s-%s-%d", provider, scenario, ++seq);
	memset(o, 0, sizeof *o);
	struct config *cfg = fake_llm_config(&server, provider, scenario, id, extra);
	struct llm *llm = NULL;
	int err = llm_new(&llm, cfg);
	if (err) {
		o->err = -1000 - err;
		snprintf(o->msg, sizeof o->msg, "%s", td_errmsg(err));
		config_free(cfg);
		return;
	}
	struct llm_request *req = fake_llm_request("explorer");
	double t0 = wall_ms();
	o->err = llm_call(llm, req, &o->answer, &o->info);
	o->elapsed_ms = wall_ms() - t0;
	snprintf(o->msg, sizeof o->msg, "%s", o->err ? td_errmsg(o->err) : "");
	o->fatal = llm_fatal(llm);
	if (o->fatal) {
		cJSON *again = NULL;
		o->second_err = llm_call(llm, req, &again, NULL);
		cJSON_Delete(again);
	}
	o->requests = fake_llm_count(&server, id, o->mode, sizeof o->mode);
	llm_request_free(req);
	llm_free(llm);
	config_free(cfg);
}

/* The answer is the fake server's sample of the schema. */
static bool answer_ok(const cJSON *a)
{
	const cJSON *act = cJSON_GetObjectItem(a, "action");
	const cJSON *tgt = cJSON_GetObjectItem(a, "target");
	return cJSON_IsString(act) && !strcmp(act->valuestring, "click") && cJSON_IsNumber(tgt) &&
	       tgt->valuedouble == 0;
}

static const char *const providers[] = { "openai", "anthropic" };

TEST(valid_fenced_prose_answers)
{
	const char *scenarios[] = { "valid", "fenced", "prose" };
	for (size_t p = 0; p < 2; p++) {
		for (size_t s = 0; s < 3; s++) {
			struct outcome o;
			run(providers[p], scenarios[s], "", &o);
			if (o.err)
				fprintf(stderr, "%s/%s: %s\n", providers[p], scenarios[s], o.msg);
			CHECK_INT_EQ(o.err, TD_OK);
			CHECK(answer_ok(o.answer));
			CHECK_INT_EQ(o.requests, 1);
			CHECK_INT_EQ(o.info.attempts, 1);
			CHECK_INT_EQ(o.info.prompt_tokens, p ? 120 : 100);
			CHECK_INT_EQ(o.info.completion_tokens, p ? 15 : 10);
			CHECK_STR_EQ(o.mode, p ? "tool" : "json_schema");
			cJSON_Delete(o.answer);
		}
	}
}

TEST(structured_output_modes)
{
	static const struct {
		const char *provider, *mode, *want;
	} cases[] = {
		{ "openai", "tool", "tool" },
		{ "openai", "prompt", "prompt" },
		{ "anthropic", "prompt", "prompt" },
		{ "anthropic", "json_schema", "json_schema" },
		{ "azure", "auto", "json_schema" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char extra[128];
		snprintf(extra, sizeof extra, "\"structured_output\":\"%s\"", cases[i].mode);
		struct outcome o;
		run(cases[i].provider, "valid", extra, &o);
		if (o.err)
			fprintf(stderr, "%s/%s: %s\n", cases[i].provider, cases[i].mode, o.msg);
		CHECK_INT_EQ(o.err, TD_OK);
		CHECK(answer_ok(o.answer));
		CHECK_STR_EQ(o.mode, cases[i].want);
		cJSON_Delete(o.answer);
	}
}

TEST(invalid_json_fails_after_three_attempts)
{
	for (size_t p = 0; p < 2; p++) {
		struct outcome o;
		run(providers[p], "invalid", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_MODEL);
		CHECK(o.answer == NULL);
		CHECK_INT_EQ(o.requests, 3);
		CHECK_INT_EQ(o.info.attempts, 3);
		CHECK(strstr(o.msg, "after 3 attempts"));
		CHECK(!o.fatal); /* the agent falls back; the run goes on */
	}
}

TEST(schema_invalid_is_retried_with_the_error)
{
	for (size_t p = 0; p < 2; p++) {
		struct outcome o;
		run(providers[p], "schema_invalid", "", &o);
		if (o.err)
			fprintf(stderr, "%s: %s\n", providers[p], o.msg);
		CHECK_INT_EQ(o.err, TD_OK);
		CHECK(answer_ok(o.answer));
		/* The server accepts the 2nd request only if it quotes the error. */
		CHECK_INT_EQ(o.requests, 2);
		CHECK_INT_EQ(o.info.attempts, 2);
		cJSON_Delete(o.answer);
	}
}

TEST(rate_limit_honours_retry_after)
{
	for (size_t p = 0; p < 2; p++) {
		struct outcome o;
		run(providers[p], "429", "", &o);
		CHECK_INT_EQ(o.err, TD_OK);
		CHECK_INT_EQ(o.requests, 2);
		CHECK_INT_EQ(o.info.retries, 1);
		CHECK_INT_EQ(o.info.attempts, 1);
		CHECK(o.elapsed_ms >= 950); /* Retry-After: 1, backoff_ms is only 20 */
		cJSON_Delete(o.answer);
	}
}

TEST(server_errors_and_drops_are_retried)
{
	for (size_t p = 0; p < 2; p++) {
		struct outcome o;
		run(providers[p], "500", "", &o);
		CHECK_INT_EQ(o.err, TD_OK);
		CHECK_INT_EQ(o.requests, 2);
		CHECK_INT_EQ(o.info.retries, 1);
		cJSON_Delete(o.answer);

		run(providers[p], "500always", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_MODEL);
		CHECK_INT_EQ(o.requests, 3); /* 1 + llm.retries (2) */
		CHECK(strstr(o.msg, "HTTP 500"));
		CHECK(!o.fatal);

		run(providers[p], "drop", "", &o);
		if (o.err)
			fprintf(stderr, "drop/%s: %s\n", providers[p], o.msg);
		CHECK_INT_EQ(o.err, TD_OK);
		CHECK(o.requests >= 2);
		CHECK(answer_ok(o.answer));
		cJSON_Delete(o.answer);
	}
}

TEST(stall_times_out)
{
	struct outcome o;
	run("openai", "stall", "\"timeout_ms\":700,\"retries\":1", &o);
	CHECK_INT_EQ(o.err, TD_ERR_TIMEOUT);
	CHECK_INT_EQ(o.requests, 2); /* a timeout is retried once, then reported */
	CHECK(o.elapsed_ms >= 1300 && o.elapsed_ms < 3000);
	CHECK(strstr(o.msg, "timeout"));
}

TEST(auth_and_config_errors_are_fatal_with_advice)
{
	for (size_t p = 0; p < 2; p++) {
		struct outcome o;
		run(providers[p], "401", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_AUTH);
		CHECK_INT_EQ(o.requests, 1); /* never retried */
		CHECK(strstr(o.msg, "TRIDENT_TEST_LLM_KEY"));
		CHECK(o.fatal);
		CHECK_INT_EQ(o.second_err, TD_ERR_AUTH);

		run(providers[p], "404", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_CONFIG);
		CHECK(strstr(o.msg, "--model"));
		CHECK(strstr(o.msg, FAKE_MODEL));
		CHECK_INT_EQ(o.requests, 1);

		run(providers[p], "noimage", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_CONFIG);
		CHECK(strstr(o.msg, "does not accept images"));

		run(providers[p], "leak", "", &o);
		CHECK_INT_EQ(o.err, TD_ERR_CONFIG);
		CHECK(strstr(o.msg, "bad request from"));
		CHECK(!strstr(o.msg, FAKE_KEY));
	}
}

TEST(missing_usage_is_estimated)
{
	struct outcome o;
	run("openai", "nousage", "", &o);
	CHECK_INT_EQ(o.err, TD_OK);
	CHECK(o.info.prompt_tokens > 85);     /* one low-detail image and the text */
	CHECK(o.info.completion_tokens > 0);
	cJSON_Delete(o.answer);
}

TEST(oversized_reply_is_rejected)
{
	struct outcome o;
	run("anthropic", "big", "\"max_response_bytes\":1048576", &o);
	CHECK_INT_EQ(o.err, TD_ERR_MODEL);
	CHECK(strstr(o.msg, "max_response_bytes"));
}

TEST(real_prompt_schemas_round_trip)
{
	static const char *const names[] = { "explorer", "monitor", "detector", "explorer_monitor" };
	for (size_t i = 0; i < 4; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/prompts/%s.schema.json", TRIDENT_SOURCE_DIR, names[i]);
		struct strbuf sb = STRBUF_INIT;
		if (strbuf_read_file(&sb, path) != TD_OK)
			continue; /* the agents' prompts are not there (yet) */
		for (size_t p = 0; p < 2; p++) {
			char id[64];
			snprintf(id, sizeof id, "schema-%s-%zu", names[i], p);
			struct config *cfg = fake_llm_config(&server, providers[p], "valid", id, "");
			struct llm *llm = NULL;
			REQUIRE(llm_new(&llm, cfg) == TD_OK);
			struct llm_request *req = fake_llm_request(names[i]);
			CHECK_OK(llm_request_schema_text(req, sb.buf));
			cJSON *a = NULL;
			int err = llm_call(llm, req, &a, NULL);
			if (err)
				fprintf(stderr, "%s/%s: %s\n", names[i], providers[p], td_errmsg(err));
			CHECK_INT_EQ(err, TD_OK);
			CHECK(cJSON_IsObject(a));
			cJSON_Delete(a);
			llm_request_free(req);
			llm_free(llm);
			config_free(cfg);
		}
		strbuf_release(&sb);
	}
}

TEST(request_without_schema)
{
	for (size_t p = 0; p < 2; p++) {
		char id[32];
		snprintf(id, sizeof id, "noschema-%zu", p);
		struct config *cfg = fake_llm_config(&server, providers[p], "valid", id, "");
		struct llm *llm = NULL;
		REQUIRE(llm_new(&llm, cfg) == TD_OK);
		struct llm_request *req = llm_request_new("detector", "free");
		llm_request_system(req, "Describe the screen.");
		llm_request_text(req, "What do you see?");
		cJSON *a = NULL;
		CHECK_OK(llm_call(llm, req, &a, NULL));
		CHECK(cJSON_IsObject(a));
		char mode[32] = "";
		CHECK_INT_EQ(fake_llm_count(&server, id, mode, sizeof mode), 1);
		CHECK_STR_EQ(mode, p ? "tool" : "json_object");
		cJSON_Delete(a);
		llm_request_free(req);
		llm_free(llm);
		config_free(cfg);
	}
}

int main(void)
{
	if (fake_llm_start(&server) != 0)
		return test_skip("python3 cannot run tests/integration/fake_llm_server.py");
	RUN(valid_fenced_prose_answers);
	RUN(structured_output_modes);
	RUN(invalid_json_fails_after_three_attempts);
	RUN(schema_invalid_is_retried_with_the_error);
	RUN(rate_limit_honours_retry_after);
	RUN(server_errors_and_drops_are_retried);
	RUN(stall_times_out);
	RUN(auth_and_config_errors_are_fatal_with_advice);
	RUN(missing_usage_is_estimated);
	RUN(oversized_reply_is_rejected);
	RUN(real_prompt_schemas_round_trip);
	RUN(request_without_schema);
	fake_llm_stop(&server);
	return test_summary();
}
