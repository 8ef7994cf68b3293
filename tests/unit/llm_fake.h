/*
 * llm_fake.h - helpers for the model-client tests: start the fake model
 * server (tests/integration/fake_llm_server.py) on a free loopback port,
 * build configs that point at one of its scenarios, build a multimodal
 * request, and read the server's per-test request counters.
 *
 * Scenario URLs are http://127.0.0.1:PORT/<scenario>/<id>/...; each test uses
 * its own <id> so that "fail once, then succeed" scenarios do not interfere.
 */
#ifndef TRIDENT_TEST_LLM_FAKE_H
#define TRIDENT_TEST_LLM_FAKE_H

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/strbuf.h"

#define FAKE_KEY "sk-test-SECRET-0123456789"
#define FAKE_MODEL "test-model"

struct fake_llm {
	pid_t pid;
	int port;
	int stdin_fd;
};

/* Start the server; 0 on success, -1 when python3 or the script is missing. */
static inline int fake_llm_start(struct fake_llm *f)
{
	int in[2], out[2];
	memset(f, 0, sizeof *f);
	if (pipe(in) != 0 || pipe(out) != 0)
		return -1;
	f->pid = fork();
	if (f->pid < 0)
		return -1;
	if (f->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execlp("python3", "python3", TRIDENT_SOURCE_DIR "/tests/integration/fake_llm_server.py",
		       "--watch-stdin", "--key", FAKE_KEY, "--model", FAKE_MODEL, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	f->stdin_fd = in[1];
	FILE *o = fdopen(out[0], "r");
	char line[64] = "";
	if (!o || !fgets(line, sizeof line, o) || sscanf(line, "PORT %d", &f->port) != 1) {
		if (o)
			fclose(o);
		close(f->stdin_fd);
		waitpid(f->pid, NULL, 0);
		return -1;
	}
	fclose(o);
	/* The key reaches the client through this variable (llm.api_key_env). */
	setenv("TRIDENT_TEST_LLM_KEY", FAKE_KEY, 1);
	return 0;
}

static inline void fake_llm_stop(struct fake_llm *f)
{
	if (f->pid <= 0)
		return;
	close(f->stdin_fd);
	kill(f->pid, SIGTERM);
	waitpid(f->pid, NULL, 0);
	f->pid = 0;
}

static inline size_t fake_llm_sink(char *d, size_t s, size_t n, void *u)
{
	return strbuf_add(u, d, s * n) == TD_OK ? s * n : 0;
}

/*
 * The server's stats for test `id`: the request count is returned, the last
 * structured-output mode seen goes to `mode` (may be NULL), and the number of
 * TCP connections used to *conns (may be NULL).
 */
static inline long fake_llm_stats(const struct fake_llm *f, const char *id, char *mode, size_t mode_len,
			   long *conns)
{
	char url[256];
	snprintf(url, sizeof url, "http://127.0.0.1:%d/stats/%s", f->port, id);
	struct strbuf sb = STRBUF_INIT;
	CURL *h = curl_easy_init();
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, fake_llm_sink);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &sb);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	long n = -1;
	if (curl_easy_perform(h) == CURLE_OK) {
		cJSON *j = cJSON_Parse(sb.buf);
		const cJSON *c = cJSON_GetObjectItem(j, "count");
		const cJSON *m = cJSON_GetObjectItem(j, "mode");
		const cJSON *e = cJSON_GetObjectItem(j, "last_error");
		const cJSON *k = cJSON_GetObjectItem(j, "connections");
		if (conns && cJSON_IsNumber(k))
			*conns = (long)k->valuedouble;
		if (cJSON_IsNumber(c))
			n = (long)c->valuedouble;
		if (mode && cJSON_IsString(m))
			snprintf(mode, mode_len, "%s", m->valuestring);
		if (cJSON_IsString(e) && *e->valuestring)
			fprintf(stderr, "fake server said for %s: %s\n", id, e->valuestring);
		cJSON_Delete(j);
	}
	curl_easy_cleanup(h);
	strbuf_release(&sb);
	return n;
}

/* The request count of test `id` (and its last mode, when `mode` is set). */
static inline long fake_llm_count(const struct fake_llm *f, const char *id, char *mode, size_t mode_len)
{
	return fake_llm_stats(f, id, mode, mode_len, NULL);
}

/*
 * A config for `provider` ("openai", "anthropic", "azure") pointing at
 * scenario `scenario` with test id `id`; `extra` is more "llm" keys as JSON
 * members ("" for none). Short timeouts and backoff keep the tests fast.
 */
static inline struct config *fake_llm_config(const struct fake_llm *f, const char *provider,
				      const char *scenario, const char *id, const char *extra)
{
	char text[2048];
	snprintf(text, sizeof text,
		 "{\"llm\":{\"provider\":\"%s\",\"base_url\":\"http://127.0.0.1:%d/%s/%s%s\","
		 "\"model\":\"%s\",\"api_key_env\":\"TRIDENT_TEST_LLM_KEY\",\"timeout_ms\":5000,"
		 "\"connect_timeout_ms\":1000,\"backoff_ms\":20,\"backoff_max_ms\":1500,"
		 "\"retries\":2%s%s}}",
		 provider, f->port, scenario, id, strcmp(provider, "openai") ? "" : "/v1",
		 FAKE_MODEL, *extra ? "," : "", extra);
	struct config *cfg = config_defaults();
	if (config_merge_text(cfg, text, "test") != TD_OK) {
		fprintf(stderr, "bad test config: %s\n", td_errmsg(TD_ERR_CONFIG));
		abort();
	}
	return cfg;
}

static const char fake_schema[] =
	"{\"type\":\"object\",\"properties\":{"
	"\"action\":{\"type\":\"string\",\"enum\":[\"click\",\"back\",\"input\"]},"
	"\"target\":{\"type\":\"integer\",\"minimum\":0},"
	"\"reason\":{\"type\":\"string\"}},"
	"\"required\":[\"action\",\"target\",\"reason\"],\"additionalProperties\":false}";

/* A request with a system prompt, text, a small PNG and more text. */
static inline struct llm_request *fake_llm_request(const char *agent)
{
	struct llm_request *req = llm_request_new(agent, "explorer");
	llm_request_system(req, "You are testing an Android app.");
	llm_request_text(req, "Here is the screen:");
	struct image *img = image_new(8, 8);
	unsigned char *png = NULL;
	size_t len = 0;
	if (img && image_encode_png(img, 1, &png, &len) == TD_OK)
		llm_request_image_png(req, png, len, LLM_DETAIL_LOW);
	free(png);
	image_free(img);
	llm_request_textf(req, "Pick action %d.", 1);
	if (llm_request_schema_text(req, fake_schema) != TD_OK)
		abort();
	return req;
}

#endif
