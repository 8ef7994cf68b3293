/*
 * fuzz_offline_inputs.c - libFuzzer harness for the offline mode's parsers
 * of untrusted input: login scripts (login_script_parse, a user's JSON
 * file) and, on the same bytes taken as a UIAutomator dump, the oracles'
 * tree checks and the offline policy's candidate enumeration (a dump comes
 * from the device). Input capped at 64 KiB.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agents/login.h"
#include "agents/offline_policy.h"
#include "agents/oracle.h"
#include "core/ui.h"

#define MAX_INPUT (64 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct login_script *s = NULL;
	struct ui_tree *t = NULL;

	if (size > MAX_INPUT)
		return 0;
	if (login_script_parse((const char *)data, size, "fuzz", &s) == TD_OK) {
		if (!s)
			abort();
		login_script_free(s);
	}
	if (ui_parse((const char *)data, size, "fuzz", &t) == TD_OK) {
		struct oracle_list *lists = NULL;
		struct action *c = NULL;
		struct oracle_finding f;
		struct oracle_effect e;
		size_t n = oracle_lists(t, &lists), nc = offline_candidates(t, &c);

		oracle_finding_init(&f);
		(void)oracle_display(t, 0.3, &f);
		oracle_finding_release(&f);
		(void)oracle_state_lost(t, "a", t, "a", "rotation", &f);
		oracle_finding_release(&f);
		for (size_t i = 0; i < n; i++) {
			struct oracle_sort_claim claim = { .key = SORT_KEY_ANY, .dir = SORT_DIR_ANY, .label = "Sort" };

			(void)oracle_list_unsorted(&lists[i], &claim, &f);
			oracle_finding_release(&f);
			(void)oracle_list_duplicates(NULL, &lists[i], NULL, &f);
			oracle_finding_release(&f);
		}
		oracle_effect_compute(t, t, NULL, 0, &e);
		if (e.n != 0)
			abort(); /* a screen has no effect on itself */
		oracle_effect_release(&e);
		for (size_t i = 0; i < nc; i++)
			action_release(&c[i]);
		free(c);
		oracle_lists_free(lists, n);
		ui_tree_free(t);
	}
	return 0;
}
