/*
 * test_llm_client.c - the model client's configuration (SDK environment
 * conventions, flags), cache and replay, record mode with the key redacted,
 * budgets, accounting, and several agent threads calling at once.
 */
#include <dirent.h>
#include <pthread.h>
#include <time.h>
#include <sys/stat.h>

#include "llm_fake.h"
#include "test.h"

static struct fake_llm server;
static char tmp_root[256];

static const char *const env_vars[] = {
	"OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL",
	"AZURE_OPENAI_API_KEY", "AZURE_OPENAI_ENDPOINT", "OPENROUTER_API_KEY", "OPENAI_API_VERSION",
};

static void clear_env(void)
{
	for (size_t i = 0; i < sizeof env_vars / sizeof env_vars[0]; i++)
		unsetenv(env_vars[i]);
}

/* A config from defaults plus `json` ("" for none). */
static struct config *cfg_with(const char *json)
{
	struct config *cfg = config_defaults();
	if (*json && config_merge_text(cfg, json, "test") != TD_OK)
		abort();
	return cfg;
}

TEST(sdk_environment_conventions)
{
	clear_env();
	struct config *cfg = cfg_with("");
	struct llm *llm = NULL;
	CHECK(!llm_configured(cfg));
	CHECK_INT_EQ(llm_new(&llm, cfg), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "OPENAI_API_KEY"));

	/* Only OPENAI_API_KEY: a working default model. */
	setenv("OPENAI_API_KEY", "sk-env-openai-key", 1);
	CHECK(llm_configured(cfg));
	CHECK_OK(llm_new(&llm, cfg));
	if (llm) {
		CHECK_STR_EQ(llm_provider_name(llm), "openai");
		CHECK_STR_EQ(llm_model(llm), "gpt-4.1");
		CHECK_STR_EQ(llm_base_url(llm), "https://api.openai.com/v1");
		llm_free(llm);
	}
	setenv("OPENAI_BASE_URL", "https://proxy.example/v1/", 1);
	CHECK_OK(llm_new(&llm, cfg));
	if (llm) {
		CHECK_STR_EQ(llm_base_url(llm), "https://proxy.example/v1");
		llm_free(llm);
	}
	config_free(cfg);

	/* Only ANTHROPIC_API_KEY. */
	clear_env();
	setenv("ANTHROPIC_API_KEY", "sk-ant-env", 1);
	cfg = cfg_with("");
	CHECK_OK(llm_new(&llm, cfg));
	if (llm) {
		CHECK_INT_EQ(llm_provider(llm), LLM_PROVIDER_ANTHROPIC);
		CHECK_STR_EQ(llm_model(llm), "claude-sonnet-4-5");
		CHECK_STR_EQ(llm_base_url(llm), "https://api.anthropic.com");
		llm_free(llm);
	}
	config_free(cfg);

	/* Both keys: a claude model picks Anthropic. */
	setenv("OPENAI_API_KEY", "sk-env-openai-key", 1);
	cfg = cfg_with("{\"llm\":{\"model\":\"claude-haiku-4-5\"}}");
	CHECK_OK(llm_new(&llm, cfg));
	if (llm) {
		CHECK_STR_EQ(llm_provider_name(llm), "anthropic");
		llm_free(llm);
	}
	config_free(cfg);

	/* A local server needs no key. */
	clear_env();
	cfg = cfg_with("{\"llm\":{\"base_url\":\"http://127.0.0.1:11434/v1\",\"model\":\"llava\"}}");
	CHECK(llm_configured(cfg));
	config_free(cfg);

	/* Azure needs the deployment name; bad values are named. */
	setenv("AZURE_OPENAI_API_KEY", "az-key", 1);
	setenv("AZURE_OPENAI_ENDPOINT", "https://me.openai.azure.com", 1);
	cfg = cfg_with("");
	CHECK_INT_EQ(llm_new(&llm, cfg), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "deployment"));
	config_free(cfg);
	cfg = cfg_with("{\"llm\":{\"provider\":\"openia\"}}");
	CHECK_INT_EQ(llm_new(&llm, cfg), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "openia"));
	config_free(cfg);
	cfg = cfg_with("{\"llm\":{\"provider\":\"azure\",\"model\":\"dep\",\"structured_output\":\"xml\"}}");
	CHECK_INT_EQ(llm_new(&llm, cfg), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "structured_output"));
	config_free(cfg);
	clear_env();
}

TEST(cli_flags_override)
{
	struct config *cfg = cfg_with("");
	char *argv[] = { "x", "--model", "m1", "--base-url=http://h:1/v1", "--provider", "anthropic",
			 "--provider", "nope", "--other", NULL };
	int argc = 9, i = 1;
	CHECK_INT_EQ(llm_parse_flag(cfg, argc, argv, &i), 1);
	CHECK_INT_EQ(i, 3);
	CHECK_INT_EQ(llm_parse_flag(cfg, argc, argv, &i), 1);
	CHECK_INT_EQ(i, 4);
	CHECK_INT_EQ(llm_parse_flag(cfg, argc, argv, &i), 1);
	CHECK_INT_EQ(i, 6);
	CHECK_INT_EQ(llm_parse_flag(cfg, argc, argv, &i), -1);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "nope"));
	i = 8;
	CHECK_INT_EQ(llm_parse_flag(cfg, argc, argv, &i), 0);
	CHECK_STR_EQ(config_string(cfg, "llm.model"), "m1");
	CHECK_STR_EQ(config_string(cfg, "llm.base_url"), "http://h:1/v1");
	CHECK_STR_EQ(config_string(cfg, "llm.provider"), "anthropic");
	char *short_argv[] = { "x", "--model", NULL };
	i = 1;
	CHECK_INT_EQ(llm_parse_flag(cfg, 2, short_argv, &i), -1);
	config_free(cfg);
}

/* Whether any file under `dir` contains `needle`; counts files in *n. */
static bool tree_contains(const char *dir, const char *needle, int *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool found = false;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			found |= tree_contains(path, needle, n);
			continue;
		}
		(*n)++;
		struct strbuf sb = STRBUF_INIT;
		if (strbuf_read_file(&sb, path) == TD_OK && memmem(sb.buf, sb.len, needle, strlen(needle)))
			found = true;
		strbuf_release(&sb);
	}
	if (d)
		closedir(d);
	return found;
}

TEST(cache_replays_without_requests)
{
	char extra[512];
	snprintf(extra, sizeof extra, "\"cache_dir\":\"%s/cache\"", tmp_root);
	for (int p = 0; p < 2; p++) {
		const char *prov = p ? "anthropic" : "openai";
		char id[32];
		snprintf(id, sizeof id, "cache-%d", p);
		struct config *cfg = fake_llm_config(&server, prov, "valid", id, extra);
		struct llm *llm = NULL;
		REQUIRE(llm_new(&llm, cfg) == TD_OK);
		struct llm_request *req = fake_llm_request("explorer");
		struct llm_call_info info;
		cJSON *a = NULL;
		CHECK_OK(llm_call(llm, req, &a, &info));
		CHECK(!info.cached);
		cJSON_Delete(a);
		CHECK_OK(llm_call(llm, req, &a, &info));
		CHECK(info.cached);
		CHECK(cJSON_IsString(cJSON_GetObjectItem(a, "action")));
		cJSON_Delete(a);
		CHECK_INT_EQ(fake_llm_count(&server, id, NULL, 0), 1);
		llm_free(llm);

		/* A rerun (new client) is answered from disk too. */
		REQUIRE(llm_new(&llm, cfg) == TD_OK);
		CHECK_OK(llm_call(llm, req, &a, &info));
		CHECK(info.cached);
		cJSON_Delete(a);
		CHECK_INT_EQ(fake_llm_count(&server, id, NULL, 0), 1);
		/* A different request is a miss. */
		llm_request_text(req, "one more line");
		CHECK_OK(llm_call(llm, req, &a, &info));
		CHECK(!info.cached);
		cJSON_Delete(a);
		CHECK_INT_EQ(fake_llm_count(&server, id, NULL, 0), 2);
		struct llm_usage u;
		llm_usage_agent(llm, "explorer", &u);
		CHECK_INT_EQ(u.cache_hits, 1);
		CHECK_INT_EQ(u.calls, 2);
		llm_request_free(req);
		llm_free(llm);
		config_free(cfg);
	}
	char dir[512];
	snprintf(dir, sizeof dir, "%s/cache", tmp_root);
	int n = 0;
	CHECK(!tree_contains(dir, FAKE_KEY, &n));
	CHECK_INT_EQ(n, 4);
}

TEST(record_mode_redacts_the_key)
{
	char run_dir[512], rec[600];
	snprintf(run_dir, sizeof run_dir, "%s/run", tmp_root);
	snprintf(rec, sizeof rec, "%s/llm", run_dir);
	const char *scen[] = { "valid", "leak", "429" };
	const char *prov[] = { "openai", "anthropic", "azure" };
	for (int i = 0; i < 3; i++) {
		char id[32];
		snprintf(id, sizeof id, "record-%d", i);
		struct config *cfg = fake_llm_config(&server, prov[i], scen[i], id,
						     "\"record\":true,\"backoff_max_ms\":10");
		struct llm *llm = NULL;
		REQUIRE(llm_new(&llm, cfg) == TD_OK);
		CHECK_OK(llm_set_run_dir(llm, run_dir));
		struct llm_request *req = fake_llm_request("monitor");
		cJSON *a = NULL;
		int err = llm_call(llm, req, &a, NULL);
		CHECK_INT_EQ(err, i == 1 ? TD_ERR_CONFIG : TD_OK);
		cJSON_Delete(a);
		llm_request_free(req);
		llm_free(llm);
		config_free(cfg);
	}
	int n = 0;
	CHECK(!tree_contains(rec, FAKE_KEY, &n));
	CHECK(n >= 4); /* valid, leak, 429 + its retry */
	n = 0;
	CHECK(tree_contains(rec, "[REDACTED]", &n));
	n = 0;
	CHECK(tree_contains(rec, "data:image/png;base64,", &n));
}

struct worker {
	struct llm *llm;
	char agent[32];
	int ok;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct llm_request *req = fake_llm_request(w->agent);
	for (int i = 0; i < 3; i++) {
		cJSON *a = NULL;
		if (llm_call(w->llm, req, &a, NULL) == TD_OK && a)
			w->ok++;
		cJSON_Delete(a);
	}
	llm_request_free(req);
	return NULL;
}

TEST(four_threads_at_once)
{
	struct config *cfg = fake_llm_config(&server, "openai", "valid", "threads",
					     "\"prices\":{\"test-\":{\"prompt\":1,\"completion\":2}}");
	struct llm *llm = NULL;
	REQUIRE(llm_new(&llm, cfg) == TD_OK);
	struct worker w[4];
	pthread_t t[4];
	for (int i = 0; i < 4; i++) {
		memset(&w[i], 0, sizeof w[i]);
		w[i].llm = llm;
		snprintf(w[i].agent, sizeof w[i].agent, "agent%d", i);
		pthread_create(&t[i], NULL, worker_main, &w[i]);
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		CHECK_INT_EQ(w[i].ok, 3);
	}
	long conns = -1;
	CHECK_INT_EQ(fake_llm_stats(&server, "threads", NULL, 0, &conns), 12);
	CHECK(conns >= 1 && conns <= 4); /* shared connection cache */
	struct llm_usage total, one;
	llm_usage_total(llm, &total);
	llm_usage_agent(llm, "agent2", &one);
	CHECK_INT_EQ(total.calls, 12);
	CHECK_INT_EQ(total.requests, 12);
	CHECK_INT_EQ(total.prompt_tokens, 1200);
	CHECK_INT_EQ(total.completion_tokens, 120);
	CHECK_INT_EQ(one.calls, 3);
	/* Price by longest prefix: (100 * 1 + 10 * 2) / 1e6 per request. */
	CHECK(one.cost_usd > 3 * 120e-6 - 1e-12 && one.cost_usd < 3 * 120e-6 + 1e-12);
	cJSON *j = llm_usage_json(llm);
	const cJSON *a2 = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "agents"), "agent2");
	CHECK_INT_EQ(cJSON_GetObjectItem(a2, "calls")->valuedouble, 3);
	CHECK_STR_EQ(cJSON_GetObjectItem(j, "model")->valuestring, FAKE_MODEL);
	cJSON_Delete(j);
	llm_free(llm);
	config_free(cfg);
}

TEST(connections_are_reused)
{
	for (int p = 0; p < 2; p++) {
		char id[32];
		snprintf(id, sizeof id, "reuse-%d", p);
		struct config *cfg = fake_llm_config(&server, p ? "anthropic" : "openai", "valid", id, "");
		struct llm *llm = NULL;
		REQUIRE(llm_new(&llm, cfg) == TD_OK);
		struct llm_request *req = fake_llm_request("explorer");
		for (int i = 0; i < 5; i++) {
			cJSON *a = NULL;
			CHECK_OK(llm_call(llm, req, &a, NULL));
			cJSON_Delete(a);
		}
		long conns = -1;
		CHECK_INT_EQ(fake_llm_stats(&server, id, NULL, 0, &conns), 5);
		CHECK_INT_EQ(conns, 1);
		llm_request_free(req);
		llm_free(llm);
		config_free(cfg);
	}
}

struct canceller {
	struct llm *llm;
	long delay_ms;
};

static void *cancel_main(void *arg)
{
	struct canceller *c = arg;
	struct timespec ts = { 0, c->delay_ms * 1000000L };
	nanosleep(&ts, NULL);
	llm_cancel(c->llm);
	return NULL;
}

TEST(cancel_stops_calls_in_flight)
{
	/* A stalled request (the server sleeps 3 s, the timeout is 5 s). */
	struct config *cfg = fake_llm_config(&server, "openai", "stall", "cancel-1", "");
	struct llm *llm = NULL;
	REQUIRE(llm_new(&llm, cfg) == TD_OK);
	struct llm_request *req = fake_llm_request("explorer");
	struct canceller c = { llm, 200 };
	pthread_t t;
	pthread_create(&t, NULL, cancel_main, &c);
	struct llm_call_info info;
	cJSON *a = NULL;
	CHECK_INT_EQ(llm_call(llm, req, &a, &info), TD_ERR_INTERRUPTED);
	CHECK(info.latency_ms < 2000);
	pthread_join(t, NULL);
	CHECK_INT_EQ(llm_call(llm, req, &a, NULL), TD_ERR_INTERRUPTED);
	llm_free(llm);
	config_free(cfg);

	/* A long retry delay (Retry-After: 1 s, cancelled after 200 ms). */
	cfg = fake_llm_config(&server, "anthropic", "429", "cancel-2", "");
	REQUIRE(llm_new(&llm, cfg) == TD_OK);
	c.llm = llm;
	pthread_create(&t, NULL, cancel_main, &c);
	CHECK_INT_EQ(llm_call(llm, req, &a, &info), TD_ERR_INTERRUPTED);
	CHECK(info.latency_ms < 700);
	pthread_join(t, NULL);
	CHECK_INT_EQ(fake_llm_count(&server, "cancel-2", NULL, 0), 1);
	llm_request_free(req);
	llm_free(llm);
	config_free(cfg);
}

TEST(budgets_stop_the_run)
{
	struct config *cfg = fake_llm_config(&server, "openai", "valid", "budget-tokens",
					     "\"budget_tokens\":150");
	struct llm *llm = NULL;
	REQUIRE(llm_new(&llm, cfg) == TD_OK);
	struct llm_request *req = fake_llm_request("detector");
	cJSON *a = NULL;
	CHECK_OK(llm_call(llm, req, &a, NULL)); /* 110 tokens */
	cJSON_Delete(a);
	CHECK(!llm_fatal(llm));
	CHECK_OK(llm_call(llm, req, &a, NULL)); /* 220: over */
	cJSON_Delete(a);
	CHECK(llm_fatal(llm));
	CHECK_INT_EQ(llm_call(llm, req, &a, NULL), TD_ERR_BUDGET);
	CHECK(a == NULL);
	CHECK(strstr(td_errmsg(TD_ERR_BUDGET), "budget_tokens"));
	char *m = llm_fatal_message(llm);
	CHECK(strstr(m, "token budget"));
	free(m);
	CHECK_INT_EQ(fake_llm_count(&server, "budget-tokens", NULL, 0), 2);
	llm_free(llm);
	config_free(cfg);

	cfg = fake_llm_config(&server, "anthropic", "valid", "budget-usd",
			      "\"budget_usd\":0.05,\"prices\":{\"test-model\":{\"prompt\":1000,"
			      "\"completion\":1000}}");
	REQUIRE(llm_new(&llm, cfg) == TD_OK);
	struct llm_call_info info;
	CHECK_OK(llm_call(llm, req, &a, &info)); /* 135 tokens at $1000/M = $0.135 */
	cJSON_Delete(a);
	CHECK(info.cost_usd > 0.13 && info.cost_usd < 0.14);
	CHECK_INT_EQ(llm_call(llm, req, &a, NULL), TD_ERR_BUDGET);
	CHECK(strstr(td_errmsg(TD_ERR_BUDGET), "budget_usd"));
	CHECK_INT_EQ(fake_llm_count(&server, "budget-usd", NULL, 0), 1);
	llm_request_free(req);
	llm_free(llm);
	config_free(cfg);
}

TEST(warns_about_readable_key_files)
{
	char path[512];
	snprintf(path, sizeof path, "%s/key.json", tmp_root);
	FILE *f = fopen(path, "w");
	REQUIRE(f);
	fputs("{\"llm\":{\"api_key\":\"sk-in-file\"}}", f);
	fclose(f);
	struct config *cfg = NULL;
	REQUIRE(config_load(&cfg, path) == TD_OK);
	chmod(path, 0644);
	CHECK(llm_check_config_file(cfg, path));
	chmod(path, 0600);
	CHECK(!llm_check_config_file(cfg, path));
	config_free(cfg);
}

int main(void)
{
	snprintf(tmp_root, sizeof tmp_root, "/tmp/test_llm_client.XXXXXX");
	if (!mkdtemp(tmp_root))
		return 1;
	RUN(sdk_environment_conventions);
	RUN(cli_flags_override);
	RUN(warns_about_readable_key_files);
	if (fake_llm_start(&server) != 0)
		return test_skip("python3 cannot run tests/integration/fake_llm_server.py");
	RUN(cache_replays_without_requests);
	RUN(record_mode_redacts_the_key);
	RUN(four_threads_at_once);
	RUN(connections_are_reused);
	RUN(cancel_stops_calls_in_flight);
	RUN(budgets_stop_the_run);
	fake_llm_stop(&server);
	char cmd[512];
	if (getenv("KEEP_TMP"))
		return test_summary();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmp_root);
	return test_summary();
}
