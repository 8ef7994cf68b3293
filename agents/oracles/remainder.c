/*
 * remainder.c - oracle 46 "remainder": a total and what it leaves out
 * ("Untracked consumption") that do not add up to the whole shown beside
 * them (smarthome `smarthome-energy-total-counts-downstream`, Home
 * Assistant frontend #26353: "Grid consumption: 14.60 kWh", "Devices
 * total: 12.80 kWh", "Untracked consumption: 2.90 kWh" - the devices
 * total counts a plug's device and the plug both, so total and untracked
 * come to 15.70 kWh).
 *
 * A step check of the screen after a step (no dialog). It reads the
 * labelled amounts: visible plain texts (no field, list, or control)
 * "Label: amount" whose amount is a number with a unit ("12.80 kWh",
 * "3 h", "€45.00") and nothing after it. Judged when exactly three share
 * one unit: one whose label says total (the parts), one whose label
 * begins with untracked, unassigned, unaccounted, unallocated, uncategorized
 * or remaining (what the parts leave out), and a third, the whole, larger
 * than each. The whole must equal the other two added up, give or take
 * the rounding of three shown amounts.
 *
 * Not judged: a screen with more or fewer amounts of the unit (which one
 * is the whole is then a guess), a whole that is not the largest (a
 * "Total" that is itself the whole, beside "Done" and "Remaining").
 * Blind: amounts in lists, a remainder named otherwise ("Other").
 */
#include <ctype.h>
#include <math.h>
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

enum { RM_MAX = 16, RM_UNIT = 12, RM_LABEL = 64 };

struct rm_amount {
	char label[RM_LABEL]; /* lowered */
	char unit[RM_UNIT];   /* "kWh", "h", or the currency sign before the number */
	double v;
	int decimals;
	const struct ui_widget *w;
};

/* A currency sign at s (€, £, $): its length, else 0. */
static size_t currency_at(const char *s)
{
	if (!strncmp(s, "\xe2\x82\xac", 3))
		return 3;
	if (!strncmp(s, "\xc2\xa3", 2))
		return 2;
	return *s == '$' ? 1 : 0;
}

/*
 * Reads "Label: amount" from text into *a: a label of letters, spaces and
 * '&' (1-63 bytes), ": ", then a currency sign and a number, or a number,
 * a space and a unit of 1-11 letters ("kWh", "GB", "h"), and nothing more.
 */
static bool parse_amount(const char *text, struct rm_amount *a)
{
	const char *colon = strchr(text, ':'), *s, *num;
	size_t cur, k = 0;
	char *end;

	if (!colon || colon == text || (size_t)(colon - text) >= RM_LABEL || colon[1] != ' ')
		return false;
	for (const char *p = text; p < colon; p++)
		if (!isalpha((unsigned char)*p) && *p != ' ' && *p != '&')
			return false;
	oracle_lower_into(a->label, (size_t)(colon - text) + 1, text);
	s = colon + 2;
	cur = currency_at(s);
	if (cur) {
		memcpy(a->unit, s, cur);
		a->unit[cur] = '\0';
		s += cur;
	}
	if (!isdigit((unsigned char)*s))
		return false;
	num = s;
	a->v = strtod(num, &end);
	if (end == num)
		return false;
	{
		const char *dot = memchr(num, '.', (size_t)(end - num));

		a->decimals = dot ? (int)(end - dot - 1) : 0;
	}
	s = end;
	if (cur)
		return !*s;
	if (*s != ' ')
		return false;
	s++;
	while (isalpha((unsigned char)s[k]) && k + 1 < RM_UNIT) {
		a->unit[k] = s[k];
		k++;
	}
	a->unit[k] = '\0';
	return k > 0 && !s[k];
}

/* Whether the lowered label has the word total. */
static bool says_total(const char *label)
{
	static const char *const words[] = { "total", NULL };

	return oracle_has_whole_word(label, words);
}

/* Whether the lowered label begins with a word for what the parts leave out. */
static bool says_left_out(const char *label)
{
	static const char *const words[] = { "untracked", "unassigned", "unaccounted", "unallocated",
					     "uncategorized", "uncategorised", "remaining", NULL };

	return oracle_label_begins_with(label, words);
}

bool oracle_remainder_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct rm_amount *a;
	size_t n = 0;
	bool hit = false;

	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after))
		return false;
	a = xcalloc(RM_MAX, sizeof(*a));
	for (size_t i = 0; i < after->n_nodes && n < RM_MAX; i++) {
		const struct ui_widget *w = after->nodes[i];

		if (!oracle_is_plain_text(w, after, 121) || !parse_amount(w->text, &a[n]))
			continue;
		a[n++].w = w;
	}
	for (size_t u = 0; u < n && !hit; u++) {
		const struct rm_amount *total = NULL, *left = NULL, *whole = NULL;
		size_t same = 0;
		bool clash = false;
		int dec = 0;

		for (size_t i = 0; i < n; i++) {
			if (strcmp(a[i].unit, a[u].unit))
				continue;
			if (i < u)
				break; /* this unit was judged at its first amount */
			same++;
			if (says_left_out(a[i].label)) {
				clash |= left != NULL;
				left = &a[i];
			} else if (says_total(a[i].label)) {
				clash |= total != NULL;
				total = &a[i];
			} else {
				clash |= whole != NULL;
				whole = &a[i];
			}
			if (a[i].decimals > dec)
				dec = a[i].decimals;
		}
		if (same != 3 || clash || !total || !left || !whole || whole->v <= total->v || whole->v <= left->v)
			continue;
		if (fabs(total->v + left->v - whole->v) <= 1.5 * pow(10, -dec) + 1e-9)
			continue;
		hit = true;
		oracle_finding_init(f);
		f->oracle = "remainder";
		f->category = BUG_CAT_CALCULATION;
		f->title = xasprintf("'%s' and '%s' do not add up to '%s'", total->w->text, left->w->text, whole->w->text);
		f->expected = xasprintf("%.*f %s (\"%s\")", dec, whole->v, a[u].unit, whole->w->text);
		f->actual = xasprintf("%.*f %s (%.*f + %.*f)", dec, total->v + left->v, a[u].unit, dec, total->v, dec,
				      left->v);
		f->description = xasprintf("The screen shows \"%s\", \"%s\" and \"%s\": what the total counts and what "
					   "it leaves out should make up the whole, but they come to %.*f %s.",
					   whole->w->text, total->w->text, left->w->text, dec, total->v + left->v,
					   a[u].unit);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "remainder");
		cJSON_AddItemToObject(f->diff, "whole", oracle_widget_json(whole->w));
		cJSON_AddItemToObject(f->diff, "total", oracle_widget_json(total->w));
		cJSON_AddItemToObject(f->diff, "left_out", oracle_widget_json(left->w));
		{
			char *subject = xasprintf("%s and %s against %s on %s", total->label, left->label, whole->label,
						  activity_after ? activity_after : "?");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
	}
	free(a);
	return hit;
}

const struct oracle_kind oracle_kind_remainder = {
	.name = "remainder",
	.config_key = "oracles.remainder",
	.category = BUG_CAT_CALCULATION,
	.doc = "a total and what it leaves out ('Untracked consumption') that do not add up to the whole shown "
	       "beside them, the three the only amounts of their unit",
	.evidence = "the screen with the three amounts",
	.flags = 0,
	.step_check = oracle_remainder_wrong,
};
