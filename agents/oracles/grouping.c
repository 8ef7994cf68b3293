/*
 * grouping.c - oracle "grouping": a calculator that writes results with a
 * thousands separator ("84,366", "= 15,000" in its history) and then shows
 * a result of five integer digits or more without one ("21091.50"), with no
 * separator setting touched in between (calc `calc-separator-skips-decimals`,
 * LaunchyQt #126: with the separator on, only whole results were grouped).
 *
 * A tracker: it reads the results of formulas (oracle_formula_result in
 * formula.c: a formula with a result marked as such), on any page of the
 * app. A result of 1,000 or more written with groups of three (',', '.',
 * a space or a no-break space between them) is the app's format; after one,
 * a result of a formula the step wrote (oracle_formula_new) whose
 * integer part is five digits or more with no separator is reported. Four
 * digits are not judged: some locales (Spanish, Polish) group only from
 * five. A click or check on a widget whose text names a separator,
 * grouping or thousands forgets the format (the user changed it), and from
 * then on a result in a list (a history kept from before the change, in
 * the old format) is no sample (calc's fixed twin, seed 2: the separator
 * turned off, then History's "= 15,000").
 * Blind: an app that never shows a grouped result first; a number format
 * only a settings example shows ("Results look like 1,234,567.89").
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

struct oracle_grouping_tracker {
	char sample[64];   /* a grouped result seen ("84,366"); "": none since the last change */
	bool changed;      /* the run changed the format: results stored in lists may hold the old one */
	bool reported;
};

struct oracle_grouping_tracker *oracle_grouping_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_grouping_tracker));
}

void oracle_grouping_tracker_free(struct oracle_grouping_tracker *t)
{
	free(t);
}

/* A group separator at p: its length (',', '.', ' ', U+00A0, U+202F); 0: none. */
static size_t separator_at(const char *p)
{
	if (*p == ',' || *p == '.' || *p == ' ')
		return 1;
	if (!strncmp(p, "\u00a0", 2))
		return 2;
	if (!strncmp(p, "\u202f", 3))
		return 3;
	return 0;
}

/*
 * How a result text writes its integer part: 'g' grouped (1-3 digits, then
 * groups of a separator and three digits, the same separator each time,
 * then the end or another separator and decimals), 'u' ungrouped with five
 * digits or more, 0: neither (short, or not read).
 */
static char grouping_of(const char *text)
{
	const char *p = text;
	size_t lead = 0, groups = 0, sep_len = 0;
	char sep[4] = "";

	while (*p == ' ' || *p == '=')
		p++;
	if (*p == '-')
		p++;
	else if (!strncmp(p, "\u2212", 3))
		p += 3;
	while (isdigit((unsigned char)p[lead]))
		lead++;
	if (!lead)
		return 0;
	p += lead;
	for (;;) {
		size_t l = separator_at(p);

		if (!l || !isdigit((unsigned char)p[l]) || !isdigit((unsigned char)p[l + 1]) ||
		    !isdigit((unsigned char)p[l + 2]) || isdigit((unsigned char)p[l + 3]))
			break;
		if (groups && (l != sep_len || strncmp(p, sep, l)))
			break;
		memcpy(sep, p, l);
		sep_len = l;
		groups++;
		p += l + 3;
	}
	if (groups && lead <= 3)
		return 'g';
	if (!groups && lead >= 5)
		return 'u';
	return 0;
}

/* Whether a click or check names the number format (a separator switch). */
static bool changes_format(const struct action *a)
{
	static const char *const words[] = { "separator", "grouping", "thousands", NULL };
	char low[160];

	if (!a || (a->type != ACTION_CLICK && a->type != ACTION_CHECK) || !a->widget_text)
		return false;
	oracle_lower_into(low, sizeof(low), a->widget_text);
	return oracle_has_word(low, words);
}

bool oracle_grouping_step(struct oracle_grouping_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f)
{
	const struct ui_tree *after = s->after;

	if (changes_format(s->done)) {
		t->sample[0] = '\0';
		t->changed = true;
		return false;
	}
	if (!after || !s->after_in_app || t->reported)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		const struct ui_widget *r = oracle_formula_result(after, w);
		char g;

		if (!r)
			continue;
		g = grouping_of(r->text);
		if (g == 'g' && !t->sample[0] && !(t->changed && ui_widget_in_list(r))) {
			snprintf(t->sample, sizeof(t->sample), "%s", r->text);
			continue;
		}
		if (g != 'u' || !t->sample[0] || !oracle_formula_new(s->before, w))
			continue;
		oracle_finding_init(f);
		f->oracle = "grouping";
		f->category = BUG_CAT_SETTINGS;
		f->title = xasprintf("The result '%s' has no thousands separator, though results show one ('%s')", r->text,
				     t->sample);
		f->expected = xasprintf("the result of '%s' grouped as '%s' is", w->text, t->sample);
		f->actual = xasprintf("'%s'", r->text);
		f->description = xasprintf("The app wrote an earlier result with a thousands separator ('%s') and no "
					   "separator setting was changed since; the result of '%s' (%s) is shown "
					   "without one.",
					   t->sample, w->text, s->activity_after ? s->activity_after : "same activity");
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "grouping");
		{
			char *subject = xasprintf("grouping of results on %s", s->activity_after ? s->activity_after : "");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddStringToObject(f->diff, "grouped", t->sample);
		cJSON_AddItemToObject(f->diff, "formula", oracle_widget_json(w));
		cJSON_AddItemToObject(f->diff, "result", oracle_widget_json(r));
		t->reported = true;
		return true;
	}
	return false;
}

static void *grouping_tracker_new(void)
{
	return oracle_grouping_tracker_new();
}

static void grouping_tracker_free(void *t)
{
	oracle_grouping_tracker_free(t);
}

static bool grouping_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_grouping_step(t, s, f);
}

const struct oracle_kind oracle_kind_grouping = {
	.name = "grouping",
	.config_key = "oracles.grouping",
	.category = BUG_CAT_SETTINGS,
	.doc = "a calculation's result of five integer digits or more shown without the thousands separator earlier "
	       "results had, with no separator setting changed in between",
	.evidence = "the grouped result seen first, the formula and the result without a separator",
	.flags = 0,
	.tracker_new = grouping_tracker_new,
	.tracker_free = grouping_tracker_free,
	.track = grouping_track,
};
