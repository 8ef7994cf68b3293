/*
 * units.c - oracle "units" (oracle 18): one page that shows one quantity
 * in two unit systems, each value in a text of its own ("Now: 18 °C" above
 * "High 70 °F"): a unit setting that some of the page does not follow
 * (oracle_units_mixed in agents/oracle.h). A one-step check on the screen
 * after each action; replay confirmation runs it on the replay's last screen.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* A quantity and the unit tokens of its two systems (after a number). */
static const struct unit_family {
	const char *name;
	const char *a[4], *b[4];
} unit_families[] = {
	{ "temperature", { "\u00b0c", "\u2103", NULL }, { "\u00b0f", "\u2109", NULL } },
	{ "speed", { "km/h", "kmh", "kph", NULL }, { "mph", NULL } },
	{ "distance", { "km", NULL }, { "mi", "miles", NULL } },
	{ "weight", { "kg", NULL }, { "lb", "lbs", NULL } },
};

/*
 * Whether lowered text t has a number followed (after optional spaces) by
 * one of the tokens, the token ending the word ("18 °C", "5km" but not
 * "5 kmh" for "km", nor "miles" for "mi").
 */
static bool has_quantity(const char *t, const char *const *tokens)
{
	for (const char *p = t; *p; p++) {
		const char *q;

		if (!isdigit((unsigned char)*p))
			continue;
		for (q = p; isdigit((unsigned char)*q) || *q == '.' || *q == ','; q++)
			;
		while (*q == ' ')
			q++;
		for (size_t k = 0; tokens[k]; k++) {
			size_t len = strlen(tokens[k]);

			if (!strncmp(q, tokens[k], len) && !isalnum((unsigned char)q[len]) && q[len] != '/')
				return true;
		}
		p = q - 1;
	}
	return false;
}

/* t's text lowered into buf. */
static void lowered(const char *s, char *buf, size_t n)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < n; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	buf[i] = '\0';
}

bool oracle_units_mixed(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	(void)before;
	(void)activity_before;
	(void)done;
	if (!after)
		return false;
	/* A converter shows both systems on purpose, around a field the user types into. */
	for (size_t i = 0; i < after->n_nodes; i++)
		if (ui_class_is_editable(after->nodes[i]->class_name) && ui_widget_visible(after->nodes[i], &after->screen))
			return false;
	for (size_t u = 0; u < sizeof(unit_families) / sizeof(unit_families[0]); u++) {
		const struct unit_family *fam = &unit_families[u];
		const struct ui_widget *wa = NULL, *wb = NULL;
		bool both_in_one = false;

		for (size_t i = 0; i < after->n_nodes && !both_in_one; i++) {
			const struct ui_widget *w = after->nodes[i];
			char low[256];
			bool in_a, in_b;

			if (!*w->text || !ui_widget_visible(w, &after->screen))
				continue;
			lowered(w->text, low, sizeof(low));
			in_a = has_quantity(low, fam->a);
			in_b = has_quantity(low, fam->b);
			both_in_one = in_a && in_b; /* "18 °C (64 °F)": both shown on purpose */
			if (in_a && !wa)
				wa = w;
			if (in_b && !wb)
				wb = w;
		}
		if (both_in_one || !wa || !wb)
			continue;
		oracle_finding_init(f);
		f->oracle = "units";
		f->category = BUG_CAT_SETTINGS;
		f->title = xasprintf("One page shows %s in two units: '%s' and '%s'", fam->name, wa->text, wb->text);
		f->expected = xasprintf("every %s on the page in the unit the app is set to", fam->name);
		f->actual = xasprintf("'%s' and '%s' use different units", wa->text, wb->text);
		f->description = xasprintf("The page (%s) shows %s values in two unit systems, each in its own text: "
					   "part of the page does not follow the unit setting.",
					   activity_after && *activity_after ? activity_after : "same activity", fam->name);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "units");
		{
			char *subject = xasprintf("%s units on %s", fam->name, activity_after ? activity_after : "");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddItemToObject(f->diff, "a", oracle_widget_json(wa));
		cJSON_AddItemToObject(f->diff, "b", oracle_widget_json(wb));
		return true;
	}
	return false;
}

const struct oracle_kind oracle_kind_units = {
	.name = "units",
	.config_key = "oracles.units",
	.category = BUG_CAT_SETTINGS,
	.doc = "one page shows a temperature, speed, distance or weight in two unit systems, in separate texts",
	.evidence = "the screen and the two texts with different units",
	.flags = 0,
	.step_check = oracle_units_mixed,
};
