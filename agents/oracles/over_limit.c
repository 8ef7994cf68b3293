/*
 * over_limit.c - oracle 47 "over_limit": a page that states a daily limit
 * and, beside it, a count for today above that limit (flashcards
 * `flashcards-new-limit-ignored`, AnkiDroid #16098: a deck's New cards/day
 * limit lowered to 10 and saved; the deck's page says "Limit: 10 new cards
 * a day" and still "New today: 16").
 *
 * A step check of the screen after a step (no dialog), over its plain
 * texts (visible, no field, list or control). A limit is a text with the
 * word "limit" and then a colon, a number L and 1-6 words, the first of
 * which names what is limited ("Limit: 10 new cards a day", "Daily limit:
 * 10 new cards"), that says the limit is per day ("a day", "per day",
 * "/day", "daily"). A count for today is a text "Label: N" whose label,
 * 1-4 words, has the word "today" and begins with the limit's first word
 * ("New today: 16", "New cards today: 16"). N above L is the finding: the
 * app offers more today than the limit it shows allows.
 *
 * Not judged: limits per week or of anything else than what the count
 * counts; a count that names another thing (Due today). Blind: a limit
 * stated on another page (a settings page) than the count.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

enum { OL_WORD = 24, OL_TEXT = 160 };

/* Copies the word of letters at *s (lowered, up to OL_WORD-1 bytes) into word, moving *s past it; false if none. */
static bool next_word(const char **s, char word[OL_WORD])
{
	size_t k = 0;

	while (**s == ' ')
		(*s)++;
	if (!isalpha((unsigned char)**s))
		return false;
	while (isalpha((unsigned char)**s)) {
		if (k + 1 < OL_WORD)
			word[k++] = (char)tolower((unsigned char)**s);
		(*s)++;
	}
	word[k] = '\0';
	return true;
}

/*
 * Reads a daily limit from the lowered text low: "... limit: L w1 w2 ...",
 * per day. L into *l, the first word after it into what.
 */
static bool daily_limit(const char *low, long *l, char what[OL_WORD])
{
	const char *p = strstr(low, "limit:"), *s;
	char *end;
	int words = 0;
	char w[OL_WORD];

	if (!p || (p > low && isalpha((unsigned char)p[-1])))
		return false;
	s = p + 6;
	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	*l = strtol(s, &end, 10);
	s = end;
	if (*s != ' ' || *l <= 0)
		return false;
	while (next_word(&s, w)) {
		if (!words)
			memcpy(what, w, OL_WORD);
		words++;
	}
	if (words < 1 || words > 6 || (*s && strcmp(s, "/day")))
		return false;
	return strstr(low, " a day") || strstr(low, " per day") || strstr(low, "/day") || !strncmp(low, "daily ", 6);
}

/* Reads a count for today "Label: N" (label 1-4 words, one "today", the first `what`) from text; N into *n. */
static bool count_today(const char *text, const char *what, long *n)
{
	const char *colon = strchr(text, ':'), *s = text;
	char w[OL_WORD], *end;
	int words = 0;
	bool today = false, first = false;

	if (!colon || colon[1] != ' ')
		return false;
	while (s < colon && next_word(&s, w)) {
		if (!words)
			first = !strcmp(w, what);
		today |= !strcmp(w, "today");
		words++;
	}
	if (s != colon || !first || !today || words > 4 || !strcmp(what, "today"))
		return false;
	s = colon + 2;
	if (!isdigit((unsigned char)*s))
		return false;
	*n = strtol(s, &end, 10);
	return !*end;
}

bool oracle_over_limit_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			     const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after))
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *lw = after->nodes[i];
		char low[OL_TEXT], what[OL_WORD];
		long l;

		if (!oracle_is_plain_text(lw, after, OL_TEXT))
			continue;
		oracle_lower_into(low, sizeof(low), lw->text);
		if (!daily_limit(low, &l, what))
			continue;
		for (size_t j = 0; j < after->n_nodes; j++) {
			const struct ui_widget *cw = after->nodes[j];
			long n;
			char *subject;

			if (j == i || !oracle_is_plain_text(cw, after, OL_TEXT) || !count_today(cw->text, what, &n) || n <= l)
				continue;
			oracle_finding_init(f);
			f->oracle = "over_limit";
			f->category = BUG_CAT_SETTINGS;
			f->title = xasprintf("'%s' is above the limit the page states ('%s')", cw->text, lw->text);
			f->expected = xasprintf("%ld at most (\"%s\")", l, lw->text);
			f->actual = xasprintf("%ld (\"%s\")", n, cw->text);
			f->description = xasprintf("The page states a daily limit, \"%s\", and beside it \"%s\": the app "
						   "offers more today than the limit allows; the limit was not applied.",
						   lw->text, cw->text);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "over_limit");
			cJSON_AddItemToObject(f->diff, "limit", oracle_widget_json(lw));
			cJSON_AddItemToObject(f->diff, "count", oracle_widget_json(cw));
			subject = xasprintf("%s today over its limit on %s", what, activity_after ? activity_after : "?");
			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
			return true;
		}
	}
	return false;
}

const struct oracle_kind oracle_kind_over_limit = {
	.name = "over_limit",
	.config_key = "oracles.over_limit",
	.category = BUG_CAT_SETTINGS,
	.doc = "a page that states a daily limit ('Limit: 10 new cards a day') and a count for today of the same "
	       "things above it ('New today: 16')",
	.evidence = "the page with the limit and the count",
	.flags = 0,
	.step_check = oracle_over_limit_wrong,
};
