/*
 * llm_check.c - `trident llm-check`: one small multimodal request that proves
 * the model configuration works before a long run. It draws a tiny PNG (left
 * half red, right half blue), asks for a JSON answer naming the two colours,
 * and prints the provider, model, latency, tokens and whether the model saw
 * the picture.
 */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/log.h"

static const char check_schema[] =
	"{\"type\":\"object\",\"properties\":{"
	"\"left\":{\"type\":\"string\",\"description\":\"colour of the left half\"},"
	"\"right\":{\"type\":\"string\",\"description\":\"colour of the right half\"}},"
	"\"required\":[\"left\",\"right\"],\"additionalProperties\":false}";

static void usage(FILE *f)
{
	fprintf(f, "usage: trident llm-check [--config FILE] [--provider P] [--model M] "
		   "[--base-url U]\n\n"
		   "Send one small multimodal request (a tiny generated PNG and a question\n"
		   "asking for a JSON answer) and print the provider, model, latency and tokens.\n"
		   "The key comes from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, ...)\n"
		   "or llm.api_key_env; see docs/llm.md.\n\n"
		   "options:\n"
		   "  --config FILE    configuration file (see configs/default.json, section llm)\n"
		   "%s"
		   "  --help           show this help\n", llm_flags_help());
}

/* A 64x32 PNG: left half red, right half blue. *out is malloc'd. */
static int check_png(unsigned char **out, size_t *len)
{
	struct image *img = image_new(64, 32);
	if (!img)
		return TD_ERR_NOMEM;
	for (int y = 0; y < img->height; y++) {
		uint32_t *row = (uint32_t *)(void *)(img->data + (size_t)y * (size_t)img->stride);
		for (int x = 0; x < img->width; x++)
			row[x] = x < img->width / 2 ? 0xffff0000u : 0xff0000ffu;
	}
	int err = image_encode_png(img, 6, out, len);
	image_free(img);
	return err;
}

/* Whether the answer field names the colour. */
static int says(const cJSON *answer, const char *field, const char *colour)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(answer, field);
	return cJSON_IsString(v) && strcasestr(v->valuestring, colour) != NULL;
}

int cmd_llm_check(int argc, char **argv)
{
	const char *config_path = NULL;
	struct config *cfg = NULL;
	struct llm *llm = NULL;
	struct llm_request *req = NULL;
	cJSON *answer = NULL;
	unsigned char *png = NULL;
	size_t png_len = 0;
	int rc = 1;

	/* --config first, so that flags override the file whatever their order. */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--config")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "trident llm-check: --config needs a file\n");
				return 2;
			}
			config_path = argv[++i];
		} else if (!strncmp(argv[i], "--config=", 9)) {
			config_path = argv[i] + 9;
		}
	}
	int lerr = cli_config_load(&cfg, config_path);

	if (lerr != TD_OK) {
		fprintf(stderr, "trident llm-check: %s\n", td_errmsg(lerr));
		return 2;
	}
	for (int i = 1; i < argc;) {
		if (!strcmp(argv[i], "--config")) {
			i += 2;
			continue;
		}
		if (!strncmp(argv[i], "--config=", 9)) {
			i++;
			continue;
		}
		int got = llm_parse_flag(cfg, argc, argv, &i);
		if (got < 0) {
			fprintf(stderr, "trident llm-check: %s\n", td_errmsg(TD_ERR_CONFIG));
			rc = 2;
			goto out;
		}
		if (got == 0) {
			fprintf(stderr, "trident llm-check: unknown option '%s'; see "
				"'trident llm-check --help'\n", argv[i]);
			rc = 2;
			goto out;
		}
	}

	int err = llm_new(&llm, cfg);
	if (err) {
		fprintf(stderr, "trident llm-check: no usable model configuration: %s\n",
			td_errmsg(err));
		goto out;
	}
	if (check_png(&png, &png_len) != TD_OK) {
		fprintf(stderr, "trident llm-check: cannot draw the test image\n");
		goto out;
	}
	req = llm_request_new("llm-check", "llm_check");
	llm_request_system(req, "You are checking that image input works. Look at the image "
			   "and answer in JSON.");
	llm_request_text(req, "The image has two halves of different colours. Name the colour "
			 "of the left half and of the right half in one word each.");
	llm_request_image_png(req, png, png_len, LLM_DETAIL_LOW);
	if (llm_request_schema_text(req, check_schema) != TD_OK)
		goto out;
	llm_request_max_tokens(req, 200);

	printf("provider: %s\nmodel:    %s\nbase url: %s\n", llm_provider_name(llm),
	       llm_model(llm), llm_base_url(llm));
	fflush(stdout);
	struct llm_call_info info;
	err = llm_call(llm, req, &answer, &info);
	if (err) {
		fprintf(stderr, "trident llm-check: FAILED (%s): %s\n", td_strerror(err),
			td_errmsg(err));
		goto out;
	}
	char *text = cJSON_PrintUnformatted(answer);
	printf("latency:  %.0f ms (%d attempt%s, %d retr%s)\n", info.latency_ms, info.attempts,
	       info.attempts == 1 ? "" : "s", info.retries, info.retries == 1 ? "y" : "ies");
	printf("tokens:   %ld prompt, %ld completion%s\n", info.prompt_tokens,
	       info.completion_tokens, info.cached ? " (answered from the cache)" : "");
	printf("cost:     $%.6f\n", info.cost_usd);
	printf("answer:   %s\n", text ? text : "?");
	printf("image:    %s\n", says(answer, "left", "red") && says(answer, "right", "blue")
				     ? "understood (red / blue)"
				     : "answer does not match the picture (red / blue); is the "
				       "model multimodal?");
	free(text);
	printf("OK\n");
	rc = 0;
out:
	cJSON_Delete(answer);
	free(png);
	llm_request_free(req);
	llm_free(llm);
	config_free(cfg);
	return rc;
}
