/*
 * bench_llm.c - the model client's own overhead, apart from the model:
 * extracting and validating a reply, building a request body around a
 * full-size screenshot, hashing it for the cache, and (when python3 can run
 * the fake server) a whole llm_call() round trip on loopback with connection
 * reuse, and a cache hit.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/llm_fake.h"
#include "bench_util.h"
#include "core/llm_internal.h"

#define REPS 15

static const char reply[] =
	"Looking at the screen, the add button is visible.\n```json\n"
	"{\"action\":\"click\",\"target\":12,\"reason\":\"open the add-item dialog to test "
	"duplicates\"}\n```\nThis should reveal whether items get added twice.";

/* Median ms of `inner` runs of extract + validate. */
static double bench_reply(int inner)
{
	cJSON *schema = cJSON_Parse(fake_schema);
	double t[REPS];
	for (int r = 0; r < REPS; r++) {
		double t0 = bench_now_ms();
		for (int i = 0; i < inner; i++) {
			cJSON *v = NULL;
			if (llm_reply_extract(reply, sizeof reply - 1, &v) == TD_OK &&
			    llm_reply_validate(v, schema) != TD_OK)
				abort();
			cJSON_Delete(v);
		}
		t[r] = bench_now_ms() - t0;
	}
	cJSON_Delete(schema);
	return bench_median(t, REPS);
}

/* A noisy 1080x2400 screenshot as PNG (stands in for a real one). */
static unsigned char *screenshot(size_t *len)
{
	struct image *img = image_new(1080, 2400);
	unsigned seed = 1;
	for (int y = 0; y < img->height; y++)
		for (int x = 0; x < img->width; x++) {
			seed = seed * 1103515245u + 12345u;
			((uint32_t *)(void *)(img->data + (size_t)y * (size_t)img->stride))[x] =
				0xff000000u | ((y / 40) % 2 ? 0xf0f0f0u : 0x3050a0u) | (seed >> 28);
		}
	unsigned char *png = NULL;
	if (image_encode_png(img, 1, &png, len) != TD_OK)
		abort();
	image_free(img);
	return png;
}

int main(void)
{
	printf("extract+validate a fenced reply: %.2f us\n", bench_reply(2000) * 1000.0 / 2000);

	size_t png_len = 0;
	unsigned char *png = screenshot(&png_len);
	struct llm_request *req = llm_request_new("explorer", "explorer");
	llm_request_system(req, "You are testing an Android app.");
	llm_request_text(req, "Here is the screen:");
	llm_request_image_png(req, png, png_len, LLM_DETAIL_HIGH);
	if (llm_request_schema_text(req, fake_schema) != TD_OK)
		abort();
	struct llm_wire w = { .model = "gpt-4.1", .structured = LLM_STRUCT_JSON_SCHEMA,
			      .default_detail = LLM_DETAIL_HIGH, .max_tokens = 1024,
			      .temperature = -1 };
	double tb[REPS], th[REPS];
	size_t body_len = 0;
	for (int r = 0; r < REPS; r++) {
		double t0 = bench_now_ms();
		char *body = llm_openai_body(&w, req, NULL, 0);
		tb[r] = bench_now_ms() - t0;
		body_len = strlen(body);
		char key[65];
		t0 = bench_now_ms();
		llm_sha256_hex(body, body_len, key);
		th[r] = bench_now_ms() - t0;
		free(body);
	}
	printf("request body with a %zu KiB PNG (%zu KiB JSON): build %.2f ms, SHA-256 %.2f ms\n",
	       png_len / 1024, body_len / 1024, bench_median(tb, REPS), bench_median(th, REPS));
	llm_request_free(req);
	free(png);

	struct fake_llm server;
	if (fake_llm_start(&server) != 0) {
		printf("round trip: skipped (python3 cannot run the fake server)\n");
		return 0;
	}
	char extra[256];
	snprintf(extra, sizeof extra, "\"cache_dir\":\"/tmp/bench_llm_cache.%d\"", (int)getpid());
	struct config *cfg = fake_llm_config(&server, "openai", "valid", "bench", "");
	struct config *cached = fake_llm_config(&server, "openai", "valid", "bench-cache", extra);
	struct llm *llm = NULL, *llm_cached = NULL;
	if (llm_new(&llm, cfg) != TD_OK || llm_new(&llm_cached, cached) != TD_OK)
		abort();
	req = fake_llm_request("explorer");
	double rt[50], ch[50];
	for (int i = 0; i < 50; i++) {
		cJSON *a = NULL;
		double t0 = bench_now_ms();
		if (llm_call(llm, req, &a, NULL) != TD_OK)
			abort();
		rt[i] = bench_now_ms() - t0;
		cJSON_Delete(a);
		t0 = bench_now_ms();
		if (llm_call(llm_cached, req, &a, NULL) != TD_OK)
			abort();
		ch[i] = bench_now_ms() - t0;
		cJSON_Delete(a);
	}
	long conns = 0;
	(void)fake_llm_stats(&server, "bench", NULL, 0, &conns);
	printf("llm_call round trip to the loopback fake server: %.2f ms median over 50 "
	       "(%ld TCP connection%s)\n", bench_median(rt, 50), conns, conns == 1 ? "" : "s");
	printf("llm_call answered from the cache: %.3f ms median\n", bench_median(ch, 50));
	llm_request_free(req);
	llm_free(llm);
	llm_free(llm_cached);
	config_free(cfg);
	config_free(cached);
	fake_llm_stop(&server);
	snprintf(extra, sizeof extra, "rm -rf /tmp/bench_llm_cache.%d", (int)getpid());
	if (system(extra) != 0)
		fprintf(stderr, "could not clean the bench cache\n");
	return 0;
}
