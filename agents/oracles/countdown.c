/*
 * countdown.c - oracle 40 "countdown": a count of items left that reads 2 or
 * more on the screen where one tap ends the session (flashcards
 * `flashcards-first-review-not-counted`, modelled on AnkiDroid #3430: the
 * first card answered is not taken off the count, so the reviewer says
 * "2 cards left" while it shows the last card, and answering it brings
 * "Congratulations! You have finished...").
 *
 * A step check of the two screens around a click (neither shows a
 * dialog). Before the click the page shows, outside lists, fields and
 * clickables, a counter: a whole text "N things left" ("2 cards left",
 * "3 remaining", "5 questions to go"; up to three words between the
 * number and left, remaining or to go, none of them a measure: "10 min
 * left" is time, not items). After the click no such counter is shown and
 * a text outside lists, fields and clickables says the session is over
 * (finished, congratulations, all done, completed, no more, nothing
 * left...). Whatever the counter's convention - the item on screen
 * included or not - 2 or more left means at least one more item after the
 * one being answered, so one tap cannot finish. The tap must not be one
 * that ends a session early (end, stop, finish, quit, exit, leave, close,
 * skip, cancel, discard, done, back, Up, abort, abandon, submit - a quiz
 * handed in with questions left - give up): its label names none of these.
 * With several counters (new, learning, review) the largest is read.
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

enum { CD_WORDS = 3 };

/* Labels of a tap that may end a session before its last item. */
static const char *const end_words[] = { "end",  "stop",  "finish",  "quit",    "exit",   "leave",
					 "close", "skip", "cancel", "discard", "done", "back",
					 "up",   "abort", "abandon", "submit", "give", NULL };

/* Texts saying a session is over. */
static const char *const over_words[] = { "finished",  "congratulations", "congrats", "all done", "completed",
					  "complete", "no more",   "nothing left", "you're done", "you are done",
					  "well done", "session over", NULL };

/* Whether w is read as a page's own text: visible, outside lists and fields, not clickable. */
static bool page_text(const struct ui_tree *t, const struct ui_widget *w)
{
	return w->text[0] && !w->clickable && ui_widget_visible(w, &t->screen) && !ui_widget_in_list(w) &&
	       !strstr(w->class_name, "EditText");
}

/*
 * The count of a counter text "N things left" (N of 1-4 digits, 0-3 words
 * of letters between, none a measure, then left, remaining or to go, an
 * optional full stop); -1 when s is none.
 */
static long counter_of(const char *s)
{
	char low[160], word[32];
	const char *p;
	long n = 0;
	int digits = 0, words = 0;
	size_t len;

	if (strlen(s) >= sizeof(low))
		return -1;
	oracle_lower_into(low, sizeof(low), s);
	len = strlen(low);
	while (len && (low[len - 1] == ' ' || low[len - 1] == '.'))
		low[--len] = '\0';
	p = low;
	while (*p == ' ')
		p++;
	while (isdigit((unsigned char)*p) && digits < 5) {
		n = n * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || digits > 4 || *p != ' ')
		return -1;
	for (;;) {
		size_t k = 0;

		while (*p == ' ')
			p++;
		if (!strcmp(p, "left") || !strcmp(p, "remaining") || !strcmp(p, "to go"))
			return n;
		while (isalpha((unsigned char)*p) && k < sizeof(word) - 1)
			word[k++] = *p++;
		word[k] = '\0';
		if (!k || ++words > CD_WORDS)
			return -1;
		if (k > 1 && word[k - 1] == 's')
			word[k - 1] = '\0';
		if (oracle_measure_noun(word))
			return -1;
	}
}

/* The widget of t holding the largest counter (its count in *n), or NULL. */
static const struct ui_widget *largest_counter(const struct ui_tree *t, long *n)
{
	const struct ui_widget *best = NULL;

	*n = -1;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		long c;

		if (!page_text(t, w))
			continue;
		c = counter_of(w->text);
		if (c > *n) {
			*n = c;
			best = w;
		}
	}
	return best;
}

/* The text of t saying the session is over, or NULL. */
static const struct ui_widget *says_over(const struct ui_tree *t)
{
	char low[256];

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!page_text(t, w) || strlen(w->text) >= sizeof(low))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (oracle_has_whole_word(low, over_words))
			return w;
	}
	return NULL;
}

bool oracle_countdown_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *counter, *over, *tapped;
	long left, still;
	char label[256], *subject;
	const char *name;

	(void)activity_before;
	if (!before || !after || !done || done->type != ACTION_CLICK || oracle_is_up_action(done) ||
	    oracle_screen_has_layer(before) || oracle_screen_has_layer(after))
		return false;
	tapped = action_resolve(done, before);
	if (!tapped)
		return false;
	counter = largest_counter(before, &left);
	if (!counter || left < 2)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	if (!*label || oracle_has_whole_word(label, end_words))
		return false;
	if (largest_counter(after, &still))
		return false; /* a counter still shows: the session goes on */
	over = says_over(after);
	if (!over)
		return false;
	name = tapped->text[0] ? tapped->text : oracle_widget_name(tapped);
	oracle_finding_init(f);
	f->oracle = "countdown";
	f->category = BUG_CAT_CALCULATION;
	/* The title names no number: every session the bug touches ends with its own count. */
	f->title = xstrdup("The count of items left was too high: one tap ended the session while it said 2 or more");
	f->expected = xstrdup("at most 1 left on the screen whose tap ends the session");
	f->actual = xasprintf("\"%s\", then \"%s\" after tapping '%s'", counter->text, over->text, name);
	f->description = xasprintf("The page said \"%s\". One tap on '%s' later it said \"%s\": "
				   "%ld left means %ld more after the one on screen, yet nothing was left.",
				   counter->text, name, over->text, left, left - 1);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "countdown");
	cJSON_AddItemToObject(f->diff, "counter", oracle_widget_json(counter));
	cJSON_AddItemToObject(f->diff, "over", oracle_widget_json(over));
	cJSON_AddNumberToObject(f->diff, "left", (double)left);
	subject = xasprintf("count left %s on %s", oracle_widget_name(counter), activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

const struct oracle_kind oracle_kind_countdown = {
	.name = "countdown",
	.config_key = "oracles.countdown",
	.category = BUG_CAT_CALCULATION,
	.doc = "a count of items left that says 2 or more on the screen where one tap ends the session",
	.evidence = "the screen with the count left and the screen saying the session is over",
	.flags = 0,
	.step_check = oracle_countdown_wrong,
};
