/*
 * scale.c - oracle 33 "scale": a recipe's servings changed by a tap while
 * the ingredient amounts it shows stay exactly as they were (recipes,
 * modelled on the servings stepper of Nextcloud Cookbook and grocy-android:
 * "Servings: 2" becomes "Servings: 3" and "Tomatoes: 800 g" stays 800 g).
 *
 * A step check of the two screens around a click on one page (same
 * activity and app-bar title, no dialog on either). The page shows one
 * servings text - not a field, not clickable, with exactly one number and
 * the word servings, serving, serves, portions, portion, people or persons
 * - whose number the click changed; and two or more amounts, texts with a
 * number followed by a kitchen unit (g, kg, ml, l, tsp, tbsp, cup, oz, lb,
 * pcs, clove...). When every amount reads after the click exactly as it
 * did before, the amounts did not follow the servings. Amounts that moved,
 * even by the wrong ratio, are not judged: rounding makes ratios unsure.
 *
 * A basis switch is judged the same way (foodfacts
 * `foodfacts-serving-shows-100g-values`, smooth-app #6234: Per serving
 * changes the heading and energy but the nutrient rows keep their per-100 g
 * values): "Values per 100 g" becoming "Values per serving (15 g)" is a
 * servings text whose number went from 100 to 15. Controls are read as
 * neither servings nor amounts: "Per serving" is a choice.
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

/* Amounts read per screen. */
#define SCALE_AMOUNTS 24

static const char *const servings_words[] = { "servings", "serving", "serves", "portions", "portion", "people",
					      "persons", NULL };
static const char *const kitchen_units[] = { "g", "kg", "mg", "ml", "l", "cl", "dl", "tsp", "tbsp", "cup", "cups",
					     "oz", "lb", "lbs", "pcs", "pc", "piece", "pieces", "clove", "cloves",
					     "slice", "slices", "pinch", NULL };

/* How many numbers the text s holds (digits with one decimal point or comma); the first in *v. */
static int numbers_in(const char *s, double *v)
{
	int n = 0;

	for (const char *p = s; *p;) {
		char *end;

		if (!isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		if (!n)
			*v = strtod(p, &end);
		else
			(void)strtod(p, &end);
		n++;
		p = end;
		while (isdigit((unsigned char)*p) || *p == ',')
			p++;
	}
	return n;
}

/* Whether the lowered text low holds a number followed by a kitchen unit as a word ("800 g", "1.5 tbsp"). */
static bool holds_amount(const char *low)
{
	for (const char *p = low; *p; p++) {
		const char *w;
		size_t n = 0;

		if (!isdigit((unsigned char)*p) || (p > low && (isalpha((unsigned char)p[-1]) || isdigit((unsigned char)p[-1]))))
			continue;
		for (w = p; isdigit((unsigned char)*w) || *w == '.' || *w == ','; w++)
			;
		while (*w == ' ')
			w++;
		while (isalpha((unsigned char)w[n]))
			n++;
		for (size_t i = 0; n && kitchen_units[i]; i++)
			if (strlen(kitchen_units[i]) == n && !strncmp(w, kitchen_units[i], n))
				return true;
	}
	return false;
}

/*
 * Whether the lowered text low states the basis its numbers are given per:
 * the word "per" followed by a number or a servings word ("Values per 100
 * g", "Values per serving (15 g)").
 */
static bool states_basis(const char *low)
{
	for (const char *p = strstr(low, "per "); p; p = strstr(p + 1, "per ")) {
		const char *q = p + 4;

		if (p > low && isalpha((unsigned char)p[-1]))
			continue;
		if (isdigit((unsigned char)*q) || oracle_has_whole_word(q, servings_words))
			return true;
	}
	return false;
}

/*
 * A page's servings text (NULL: none or several) and its amounts. A basis
 * text (states_basis) stands for the servings: its number is how much the
 * amounts are for.
 */
struct scale_page {
	const struct ui_widget *servings;
	bool basis; /* the servings text is a basis text */
	double count;
	const char *amounts[SCALE_AMOUNTS];
	size_t n_amounts;
};

static void read_page(const struct ui_tree *t, struct scale_page *p)
{
	char low[256];
	int n_servings = 0;

	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		double v;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen) ||
		    strlen(w->text) >= sizeof(low))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		/* A control ("Per serving", "Servings") is a choice, not a statement of what the page shows. */
		if (w->clickable)
			continue;
		if (oracle_has_whole_word(low, servings_words) || states_basis(low)) {
			if (numbers_in(low, &v) == 1) {
				p->servings = w;
				p->basis = states_basis(low);
				p->count = v;
			}
			n_servings++;
		} else if (holds_amount(low) && p->n_amounts < SCALE_AMOUNTS) {
			p->amounts[p->n_amounts++] = w->text;
		}
	}
	if (n_servings != 1)
		p->servings = NULL;
}

bool oracle_scale_ignored(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct scale_page b, a;
	char *label, *subject;

	if (!before || !after || !done || done->type != ACTION_CLICK ||
	    !oracle_same_activity(activity_before, activity_after) || oracle_screen_has_layer(before) ||
	    oracle_screen_has_layer(after))
		return false;
	if (!oracle_same_title(before, after))
		return false;
	read_page(before, &b);
	read_page(after, &a);
	/* The same servings text, or two basis texts (one per basis: "Values per 100 g", "Values per serving"). */
	if (!b.servings || !a.servings || b.count <= 0 || a.count <= 0 || b.count == a.count || b.n_amounts < 2 ||
	    a.n_amounts != b.n_amounts ||
	    (strcmp(b.servings->resource_id, a.servings->resource_id) && !(b.basis && a.basis)))
		return false;
	for (size_t i = 0; i < b.n_amounts; i++)
		if (strcmp(b.amounts[i], a.amounts[i]))
			return false;
	/* A basis switch is named by the control pressed: its texts hold numbers, which vary by item. */
	label = a.basis && done->widget_text && *done->widget_text ? xstrdup(done->widget_text)
								   : oracle_label_before(a.servings->text, ":0123456789", "Servings");
	oracle_finding_init(f);
	f->oracle = "scale";
	f->category = BUG_CAT_CALCULATION;
	/* The title names no number: every change of the servings shows the same bug. */
	f->title = xasprintf("The amounts do not follow '%s'", label);
	f->expected = xasprintf("the %zu amounts scaled from \"%s\" to \"%s\"", b.n_amounts, b.servings->text,
				a.servings->text);
	f->actual = xasprintf("they stay as they were (\"%s\", \"%s\"...)", a.amounts[0], a.amounts[1]);
	f->description = xasprintf("A tap changed \"%s\" to \"%s\", and the %zu amounts the page shows (\"%s\", "
				   "\"%s\"...) read exactly as before: they are still those of the old count.",
				   b.servings->text, a.servings->text, a.n_amounts, a.amounts[0], a.amounts[1]);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "scale");
	cJSON_AddItemToObject(f->diff, "servings_before", oracle_widget_json(b.servings));
	cJSON_AddItemToObject(f->diff, "servings_after", oracle_widget_json(a.servings));
	{
		cJSON *arr = cJSON_CreateArray();

		for (size_t i = 0; i < a.n_amounts; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(a.amounts[i]));
		cJSON_AddItemToObject(f->diff, "amounts", arr);
	}
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	subject = xasprintf("amounts not scaled with %s on %s", label, activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	free(label);
	return true;
}

const struct oracle_kind oracle_kind_scale = {
	.name = "scale",
	.config_key = "oracles.scale",
	.category = BUG_CAT_CALCULATION,
	.doc = "a tap that changes the servings a page shows ('Servings: 2' to 3) while every ingredient amount "
	       "('800 g') stays exactly as it was",
	.evidence = "the screens before and after the tap: the servings and the amounts",
	.flags = 0,
	.step_check = oracle_scale_ignored,
};
