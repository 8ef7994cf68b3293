/*
 * rate.c - oracle 30 "rate": an amount a page works out from a duration and
 * an hourly rate it shows beside them, and that is not their product
 * (timesheet, olpeh/wht #60: 2 h 5 min at £60.00 an hour earns £124.80,
 * not £125.00, because the hours were first rounded to hundredths).
 *
 * A step check of the screen after each step. Outside lists and fields,
 * with no dialog, the page must show exactly one duration (a text whose
 * every number is hours or minutes: "Duration: 2 h 5 min", "45 min"), one
 * hourly rate (one money amount followed by "/h", "/hr" or "per hour", or
 * in a text that says "hourly rate") and one amount named earnings, pay,
 * cost, amount, billable, charge or fee ("Earnings: £124.80"). The amount
 * must be the hours times the rate to the cent. A page that mentions
 * rounding is not judged: billing in quarter hours is a policy, not a
 * miscalculation.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

static const char *const hour_units[] = { "h", "hr", "hrs", "hour", "hours", NULL };
static const char *const minute_units[] = { "min", "mins", "minute", "minutes", NULL };
static const char *const amount_words[] = { "earnings", "earned", "pay", "cost", "amount", "billable",
					    "charge", "fee", NULL };

/* Whether the word [p, p+n) is one of units. */
static bool is_unit(const char *p, size_t n, const char *const *units)
{
	for (size_t i = 0; units[i]; i++)
		if (strlen(units[i]) == n && !strncmp(p, units[i], n))
			return true;
	return false;
}

/*
 * The duration in hours the lowered text low states, every number of it
 * followed by an hour or minute unit ("duration: 2 h 5 min"); false when
 * a number stands alone or with another unit (a time "9:30", a date).
 */
static bool parse_duration(const char *low, double *hours)
{
	bool any = false;

	*hours = 0;
	for (const char *p = low; *p;) {
		const char *w;
		double v;
		size_t n = 0;

		if (!isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		v = strtod(p, (char **)&w);
		while (*w == ' ')
			w++;
		while (isalpha((unsigned char)w[n]))
			n++;
		if (is_unit(w, n, hour_units))
			*hours += v;
		else if (is_unit(w, n, minute_units))
			*hours += v / 60.0;
		else
			return false;
		any = true;
		p = w + n;
	}
	return any;
}

/* Whether the lowered text low states a rate per hour: "/h", "/hr" or "per hour" after its number, or "hourly". */
static bool says_hourly(const char *low)
{
	const char *s = strstr(low, "/h");

	if (s && (!isalpha((unsigned char)s[2]) || !strncmp(s + 2, "r", 1) || !strncmp(s + 2, "our", 3)))
		return true;
	return strstr(low, "per hour") || strstr(low, "hourly");
}

struct rate_page {
	const struct ui_widget *duration, *rate, *amount;
	double hours, per_hour, value;
	int n_duration, n_rate, n_amount;
};

/* Read t's texts outside lists and fields into *p; false when the page says it rounds. */
static bool read_page(const struct ui_tree *t, struct rate_page *p)
{
	char low[256];

	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		double v, h;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (strstr(low, "round"))
			return false;
		if (ui_widget_in_list(w))
			continue;
		if (oracle_parse_money(w->text, &v)) {
			if (says_hourly(low)) {
				p->rate = w;
				p->per_hour = v;
				p->n_rate++;
			} else if (oracle_has_whole_word(low, amount_words)) {
				p->amount = w;
				p->value = v;
				p->n_amount++;
			}
		} else if (parse_duration(low, &h)) {
			p->duration = w;
			p->hours = h;
			p->n_duration++;
		}
	}
	return true;
}

bool oracle_rate_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
		       const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct rate_page p;
	double want;
	char *name, *subject;

	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after) || !read_page(after, &p) || p.n_duration != 1 || p.n_rate != 1 ||
	    p.n_amount != 1 || p.hours <= 0 || p.per_hour <= 0 || p.value < 0)
		return false;
	want = round(p.hours * p.per_hour * 100.0) / 100.0;
	if (fabs(want - p.value) <= 0.011)
		return false;
	name = oracle_label_before(p.amount->text, ":0123456789$\xe2\xc2", "The amount");
	oracle_finding_init(f);
	f->oracle = "rate";
	f->category = BUG_CAT_CALCULATION;
	/* The title names no value: every entry with an odd duration shows the same bug. */
	f->title = xasprintf("'%s' is not the duration times the hourly rate", name);
	f->expected = xasprintf("%.2f (%s at %s)", want, p.duration->text, p.rate->text);
	f->actual = xasprintf("%s", p.amount->text);
	f->description = xasprintf("The page shows \"%s\" and \"%s\": %.4g hours at %.2f an hour make %.2f, but it "
				   "shows \"%s\".",
				   p.duration->text, p.rate->text, p.hours, p.per_hour, want, p.amount->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "rate");
	cJSON_AddItemToObject(f->diff, "duration", oracle_widget_json(p.duration));
	cJSON_AddItemToObject(f->diff, "rate", oracle_widget_json(p.rate));
	cJSON_AddItemToObject(f->diff, "amount", oracle_widget_json(p.amount));
	cJSON_AddNumberToObject(f->diff, "expected", want);
	subject = xasprintf("%s not duration times rate on %s", name, activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	free(name);
	return true;
}

const struct oracle_kind oracle_kind_rate = {
	.name = "rate",
	.config_key = "oracles.rate",
	.category = BUG_CAT_CALCULATION,
	.doc = "an amount shown beside a duration and an hourly rate that is not their product",
	.evidence = "the screen showing the duration, the rate and the amount",
	.flags = 0,
	.step_check = oracle_rate_wrong,
};
