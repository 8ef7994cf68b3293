/*
 * fuzz_agent_answer.c - the agents' parsers of untrusted text: model answers
 * as actions and bugs (agents/action.h, agents/bugs.h), bug-category names,
 * and prompt templates (agents/prompts.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/bugs.h"
#include "agents/prompts.h"

#define MAX_INPUT (64 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	cJSON *j;
	struct action a;
	struct bug b;
	struct prompt p;
	const struct prompt_var vars[] = { { "app_info", "A" }, { "widget_list", "[1] click" } };

	if (size > MAX_INPUT)
		return 0;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	j = cJSON_ParseWithLength(text, size);
	if (j) {
		if (action_from_json(j, &a) == TD_OK) {
			char *d = action_describe(&a);
			cJSON *back = action_to_json(&a);
			free(d);
			cJSON_Delete(back);
			action_release(&a);
		}
		if (action_from_json(cJSON_GetObjectItem(j, "action"), &a) == TD_OK)
			action_release(&a);
		if (bug_from_json(j, &b) == TD_OK) {
			cJSON *back = bug_to_json(&b);
			cJSON_Delete(back);
			bug_release(&b);
		}
		cJSON_Delete(j);
	}
	(void)bug_category_parse(text);
	(void)action_type_parse(text);
	if (prompt_render(text, "fuzz", vars, 2, &p) == TD_OK)
		prompt_release(&p);
	free(text);
	return 0;
}
