/*
 * section_sum.c - oracle 59 "section_sum": a list under a heading that
 * states the sum of its rows ("Breakfast  239 kcal" over rows of 92, 107
 * and 40 kcal), where the heading no longer equals the rows below it
 * (caldiary `caldiary-servings-total-stale`, Waistline #255: an entry's
 * servings changed from 1 to 2, its row says 184 kcal, and Breakfast still
 * says 239 instead of 331).
 *
 * A tracker. A section is a list (oracle_is_list, not scrollable) whose
 * previous visible sibling - its heading - holds exactly one amount (a
 * number with a unit or a currency sign, alone in its text: "239 kcal",
 * "€ 12.50") and a label with letters, and whose visible rows each hold
 * exactly one amount of that unit, every row whole on the screen. A page
 * (activity and app-bar title) where a section of two rows or more was
 * seen equal to its rows' sum has headings that sum their rows; from then
 * on a section of that page whose heading differs from its rows' sum by
 * more than rounding (half a unit of the last decimal shown, per row and
 * for the heading) is the finding. One report per page.
 *
 * Not judged: a page never seen to sum (a heading showing an average, a
 * goal or a count), a list that scrolls or reaches the edge of the view
 * it scrolls in (rows may go on out of view), a
 * list any row of which is out of view or holds no amount or two, other
 * units than the heading's.
 * Blind: totals written in a label's own text ("Breakfast: 239 kcal"),
 * sums over rows out of view.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define SS_PAGES 8     /* pages remembered as summing */
#define SS_REPORTED 16 /* headings reported */
#define SS_UNIT 16

struct section_sum_tracker {
	bool primed; /* the run's first screen was read */
	uint64_t pages[SS_PAGES];
	size_t next_page;
	uint64_t reported[SS_REPORTED];
	size_t n_reported;
};

/* An amount alone in its text: value, decimals shown and unit ("kcal", "€"). */
struct ss_amount {
	double value;
	int decimals;
	char unit[SS_UNIT];
};

static const char *const currency_signs[] = { "$", "\u20ac", "\u00a3", "\u00a5", NULL };

/* The currency sign text begins with, or NULL. */
static const char *currency_at(const char *text)
{
	for (size_t i = 0; currency_signs[i]; i++)
		if (!strncmp(text, currency_signs[i], strlen(currency_signs[i])))
			return currency_signs[i];
	return NULL;
}

/*
 * Whether text is one amount and nothing else: an optional currency sign, a
 * number (thousands commas, a decimal point, a leading minus), and a unit of
 * letters or a currency sign (one of the two, not both).
 */
static bool read_amount(const char *text, struct ss_amount *a)
{
	const char *p = text, *sign = NULL, *num;
	char digits[64];
	size_t n = 0, u = 0;

	while (*p == ' ')
		p++;
	if ((sign = currency_at(p)) != NULL) {
		p += strlen(sign);
		while (*p == ' ')
			p++;
	}
	if (*p == '-' && n + 1 < sizeof(digits))
		digits[n++] = *p++;
	num = p;
	a->decimals = -1;
	for (; *p && n + 1 < sizeof(digits); p++) {
		if (isdigit((unsigned char)*p)) {
			digits[n++] = *p;
			if (a->decimals >= 0)
				a->decimals++;
		} else if (*p == ',' && a->decimals < 0 && isdigit((unsigned char)p[1])) {
			continue;
		} else if (*p == '.' && a->decimals < 0 && isdigit((unsigned char)p[1])) {
			digits[n++] = '.';
			a->decimals = 0;
		} else {
			break;
		}
	}
	if (p == num || !isdigit((unsigned char)p[-1]))
		return false;
	digits[n] = '\0';
	a->value = strtod(digits, NULL);
	if (a->decimals < 0)
		a->decimals = 0;
	while (*p == ' ')
		p++;
	if (sign) {
		if (*p)
			return false;
		snprintf(a->unit, sizeof(a->unit), "%s", sign);
		return true;
	}
	if ((sign = currency_at(p)) != NULL) {
		if (p[strlen(sign)])
			return false;
		snprintf(a->unit, sizeof(a->unit), "%s", sign);
		return true;
	}
	for (; *p && u + 1 < sizeof(a->unit); p++, u++) {
		if (!isalpha((unsigned char)*p))
			return false;
		a->unit[u] = (char)tolower((unsigned char)*p);
	}
	a->unit[u] = '\0';
	return u > 0 && !*p && fabs(a->value) < 1e12;
}

/* The visible amounts in w's subtree of unit `unit` (any unit when NULL): how many (*first: the first). */
static size_t amounts_in(const struct ui_widget *w, const struct ui_rect *screen, const char *unit,
			 struct ss_amount *first, const struct ui_widget **where)
{
	struct ss_amount a;
	size_t n = 0;

	if (*w->text && ui_widget_visible(w, screen) && read_amount(w->text, &a) && (!unit || !strcmp(a.unit, unit))) {
		if (first)
			*first = a;
		if (where)
			*where = w;
		n++;
	}
	for (size_t i = 0; i < w->n_children; i++)
		n += amounts_in(w->children[i], screen, unit, n ? NULL : first, n ? NULL : where);
	return n;
}

/* A visible text of w's subtree with a letter that is no amount (the heading's label), or NULL. */
static const struct ui_widget *label_in(const struct ui_widget *w, const struct ui_rect *screen)
{
	struct ss_amount a;

	if (*w->text && ui_widget_visible(w, screen) && !read_amount(w->text, &a))
		for (const char *p = w->text; *p; p++)
			if (isalpha((unsigned char)*p))
				return w;
	for (size_t i = 0; i < w->n_children; i++) {
		const struct ui_widget *l = label_in(w->children[i], screen);

		if (l)
			return l;
	}
	return NULL;
}

static bool holds_list(const struct ui_widget *w)
{
	if (oracle_is_list(w))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (holds_list(w->children[i]))
			return true;
	return false;
}

/* A section read off a screen. */
struct ss_section {
	const struct ui_widget *heading, *label, *amount_w;
	struct ss_amount amount;
	double sum;
	size_t rows;
	int decimals; /* the most decimals among the rows */
};

/* Whether list L (visible) makes a section; filled into *s. */
static bool read_section(const struct ui_tree *t, const struct ui_widget *list, struct ss_section *s)
{
	const struct ui_widget *parent = list->parent, *heading = NULL;

	/* A list that scrolls, or reaches the edge of the view it scrolls in (a dump clips both the list and its
	 * last row there, and leaves out the rows below), may hold rows out of view. */
	if (!parent || list->scrollable || oracle_list_may_go_on(t, list, true))
		return false;
	for (size_t i = 0; i < parent->n_children && parent->children[i] != list; i++)
		if (ui_widget_visible(parent->children[i], &t->screen))
			heading = parent->children[i];
	if (!heading || holds_list(heading) || amounts_in(heading, &t->screen, NULL, &s->amount, &s->amount_w) != 1 ||
	    !(s->label = label_in(heading, &t->screen)))
		return false;
	s->heading = heading;
	s->sum = 0;
	s->rows = 0;
	s->decimals = s->amount.decimals;
	for (size_t i = 0; i < list->n_children; i++) {
		const struct ui_widget *row = list->children[i];
		struct ss_amount a;

		if (!ui_widget_visible(row, &t->screen) || row->bounds.y1 < t->screen.y1 || row->bounds.y2 > t->screen.y2 ||
		    amounts_in(row, &t->screen, s->amount.unit, &a, NULL) != 1)
			return false;
		s->sum += a.value;
		s->rows++;
		if (a.decimals > s->decimals)
			s->decimals = a.decimals;
	}
	return true;
}

/* Whether the heading equals its rows' sum, within rounding of the heading and every row. */
static bool sums(const struct ss_section *s)
{
	double tol = 0.5 * pow(10, -s->decimals) * (double)(s->rows + 1) + 1e-9;

	return fabs(s->amount.value - s->sum) <= tol;
}

static uint64_t page_key(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : ""), title ? title : "") | 1;
}

static bool page_sums(const struct section_sum_tracker *ss, uint64_t page)
{
	for (size_t i = 0; i < SS_PAGES; i++)
		if (ss->pages[i] == page)
			return true;
	return false;
}

static void fill(struct oracle_finding *f, const struct ss_section *s, const char *activity, uint64_t key)
{
	const char *label = s->label->text, *unit = s->amount.unit;
	int dec = s->decimals;

	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "section_sum";
	f->title = xasprintf("'%s' says %s; its %zu rows add up to %.*f %s", label, s->amount_w->text, s->rows, dec,
			     s->sum, unit);
	f->expected = xasprintf("'%s' shows the sum of its rows: %.*f %s", label, dec, s->sum, unit);
	f->actual = xasprintf("'%s' shows '%s'", label, s->amount_w->text);
	f->description = xasprintf("On %s, the headings over the lists showed the sums of their rows. Now the "
				   "heading '%s' shows '%s' while the %zu rows under it add up to %.*f %s: the "
				   "heading or a row is wrong.",
				   activity ? activity : "the screen", label, s->amount_w->text, s->rows, dec, s->sum,
				   unit);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "section_sum");
	cJSON_AddStringToObject(f->diff, "heading", label);
	cJSON_AddStringToObject(f->diff, "shown", s->amount_w->text);
	cJSON_AddNumberToObject(f->diff, "sum", s->sum);
	cJSON_AddNumberToObject(f->diff, "rows", (double)s->rows);
	{
		char *subject = xasprintf("section sum %016llx", (unsigned long long)key);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/* One screen (no dialog): learn whether its page sums, then judge it when `judged`. */
static bool sighting(struct section_sum_tracker *ss, const struct ui_tree *t, const char *activity, bool judged,
		     struct oracle_finding *f)
{
	struct ss_section found[16];
	size_t n = 0;
	uint64_t page = page_key(t, activity);

	for (size_t i = 0; i < t->n_nodes && n < sizeof(found) / sizeof(found[0]); i++) {
		const struct ui_widget *w = t->nodes[i];

		if (oracle_is_list(w) && ui_widget_visible(w, &t->screen) && read_section(t, w, &found[n]))
			n++;
	}
	for (size_t i = 0; i < n; i++)
		if (found[i].rows >= 2 && found[i].sum != 0 && sums(&found[i]) && !page_sums(ss, page))
			ss->pages[ss->next_page++ % SS_PAGES] = page;
	if (!judged || !page_sums(ss, page))
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct ss_section *s = &found[i];
		uint64_t key;
		bool seen = false;

		if (!s->rows || sums(s))
			continue;
		/* One report per page: a heading that stops following its rows is one bug, whichever meal shows it. */
		key = page;
		for (size_t r = 0; r < ss->n_reported && r < SS_REPORTED; r++)
			seen |= ss->reported[r] == key;
		if (seen)
			continue;
		ss->reported[ss->n_reported++ % SS_REPORTED] = key;
		fill(f, s, activity, key);
		return true;
	}
	return false;
}

static bool section_sum_track(void *tracker, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	struct section_sum_tracker *ss = tracker;

	/* The screen the run began on is seen first as a step's `before`: it may teach that its page sums. */
	if (!ss->primed && s->before && !oracle_screen_has_layer(s->before))
		(void)sighting(ss, s->before, s->activity_before, false, NULL);
	ss->primed = true;
	if (!s->after || !s->after_in_app || oracle_screen_has_layer(s->after))
		return false;
	return sighting(ss, s->after, s->activity_after, true, f);
}

static void *section_sum_tracker_new(void)
{
	return xcalloc(1, sizeof(struct section_sum_tracker));
}

static void section_sum_tracker_free(void *t)
{
	free(t);
}

const struct oracle_kind oracle_kind_section_sum = {
	.name = "section_sum",
	.config_key = "oracles.section_sum",
	.category = BUG_CAT_CALCULATION,
	.doc = "a list under a heading that states the sum of its rows, on a page whose headings were seen to sum "
	       "their rows, where the heading no longer equals them",
	.evidence = "the screen: the heading's amount, the rows' amounts and their sum",
	.flags = 0,
	.tracker_new = section_sum_tracker_new,
	.tracker_free = section_sum_tracker_free,
	.track = section_sum_track,
};
