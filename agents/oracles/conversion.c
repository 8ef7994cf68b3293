/*
 * conversion.c - oracle 58 "conversion": a page seen again after its
 * temperatures switched between Celsius and Fahrenheit, where one text
 * converted right ("11°C" became "52°F") while another changed by some
 * other rule ("11° / 6°" became "43° / 38°": Celsius plus 32, weather
 * `weather-daily-fahrenheit-plus-32`, WeatherWidget #3).
 *
 * A tracker. It keeps, for the last few pages (activity and app-bar title)
 * seen without a dialog, the texts that hold temperatures - numbers
 * written with a degree sign, "°C", "°F", "℃" or "℉" - each keyed by its
 * resource-id, the first text of the list row it sits in (a day's
 * "Today") and its place among texts of that key. When a page is seen
 * again, the switch is read from the page itself: a text of one key that
 * showed its numbers marked Celsius and now shows them marked Fahrenheit
 * (or the reverse), each converted right (F = C x 9/5 + 32, within 1
 * degree for rounding). Only then is every other text of both sightings
 * with as many numbers judged: one whose numbers all stayed is left alone
 * (another quantity, or a unit the text does not follow: oracle 18's
 * business), one whose numbers all converted right is right, and one
 * where a number changed to neither is the finding. Data refreshed
 * between the sightings would change the marked text too, so it would not
 * read as a switch. One report per page and resource-id.
 *
 * Also a conversion a text states ("15 °F = 8.33 °C": stated_wrong).
 *
 * Blind: temperatures shown on another page than the one seen before the
 * switch, a page that marks no text with its unit, other quantities
 * (distances, weights: a converter's own figures change by design).
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

#define CV_PAGES 8   /* pages remembered */
#define CV_TEXTS 48  /* temperature texts kept per page */
#define CV_NUMS 4    /* temperatures read per text */
#define CV_REPORTED 16

/* The scale a number is marked with: none (a bare "°"), Celsius or Fahrenheit. */
enum cv_scale { CV_BARE = 0, CV_C, CV_F };

struct cv_text {
	uint64_t key;
	char text[64];
	char rid[64];
	double v[CV_NUMS];
	enum cv_scale scale[CV_NUMS];
	size_t n;
};

struct cv_page {
	uint64_t page;
	struct cv_text t[CV_TEXTS];
	size_t n;
};

struct conversion_tracker {
	struct cv_page pages[CV_PAGES];
	size_t next;
	uint64_t reported[CV_REPORTED];
	size_t n_reported;
};

/*
 * The temperatures of text s into t (at most CV_NUMS): a number (a minus
 * sign, digits, one decimal point) right before a degree sign, optionally
 * followed by C or F, or before "℃" / "℉". Returns how many.
 */
static size_t read_temps(const char *s, struct cv_text *t)
{
	t->n = 0;
	for (const char *p = s; *p && t->n < CV_NUMS; p++) {
		const char *q = p;
		double v;
		char *end;

		if (!isdigit((unsigned char)*p) || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		v = strtod(p, &end);
		q = end;
		if (p > s && p[-1] == '-')
			v = -v;
		p = q - 1;
		if (*q == ' ' && (!strncmp(q + 1, "\u00b0", 2) || !strncmp(q + 1, "\u2103", 3) || !strncmp(q + 1, "\u2109", 3)))
			q++; /* "15 °F" */
		if (!strncmp(q, "\u00b0", 2)) {
			q += 2;
			t->scale[t->n] = *q == 'C' ? CV_C : *q == 'F' ? CV_F : CV_BARE;
			if (isalpha((unsigned char)*q) && t->scale[t->n] == CV_BARE)
				continue;
		} else if (!strncmp(q, "\u2103", 3)) {
			t->scale[t->n] = CV_C;
		} else if (!strncmp(q, "\u2109", 3)) {
			t->scale[t->n] = CV_F;
		} else {
			continue;
		}
		t->v[t->n++] = v;
	}
	return t->n;
}

/* Whether b is a converted right: F = C x 9/5 + 32 (or back), within a degree. */
static bool converts(double a, double b, bool to_f)
{
	double want = to_f ? a * 9.0 / 5.0 + 32.0 : (a - 32.0) * 5.0 / 9.0;

	return fabs(b - want) <= 1.0;
}

/* The page's temperature texts into pg (a page key already set). */
static void read_page(const struct ui_tree *tree, struct cv_page *pg)
{
	pg->n = 0;
	for (size_t i = 0; i < tree->n_nodes && pg->n < CV_TEXTS; i++) {
		const struct ui_widget *w = tree->nodes[i], *row;
		struct cv_text *t = &pg->t[pg->n];
		uint64_t key;
		size_t same = 0;

		if (!*w->text || strlen(w->text) >= sizeof(t->text) || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &tree->screen) || !read_temps(w->text, t))
			continue;
		row = oracle_enclosing_row(w);
		key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, w->resource_id),
				      row ? oracle_first_text(row) : "");
		for (size_t j = 0; j < pg->n; j++)
			same += (pg->t[j].key & ~(uint64_t)0xff) == (key & ~(uint64_t)0xff);
		t->key = (key & ~(uint64_t)0xff) | (same & 0xff);
		snprintf(t->text, sizeof(t->text), "%s", w->text);
		snprintf(t->rid, sizeof(t->rid), "%s", w->resource_id);
		pg->n++;
	}
}

static const struct cv_text *find_text(const struct cv_page *pg, uint64_t key)
{
	for (size_t i = 0; i < pg->n; i++)
		if (pg->t[i].key == key)
			return &pg->t[i];
	return NULL;
}

/*
 * The switch the page shows: +1 when a text marked Celsius before reads
 * marked Fahrenheit now with every number converted right, -1 for the
 * reverse, 0 when none; the text in *evidence.
 */
static int switched(const struct cv_page *was, const struct cv_page *now, const struct cv_text **evidence)
{
	for (size_t i = 0; i < now->n; i++) {
		const struct cv_text *a = &now->t[i], *b = find_text(was, a->key);
		bool to_f, ok;

		if (!b || b->n != a->n || b->scale[0] == CV_BARE || a->scale[0] == CV_BARE || b->scale[0] == a->scale[0])
			continue;
		to_f = a->scale[0] == CV_F;
		ok = true;
		for (size_t k = 0; k < a->n && ok; k++)
			ok = b->scale[k] == (to_f ? CV_C : CV_F) && a->scale[k] == (to_f ? CV_F : CV_C) &&
			     converts(b->v[k], a->v[k], to_f);
		if (ok) {
			*evidence = a;
			return to_f ? 1 : -1;
		}
	}
	return 0;
}

static bool reported_before(struct conversion_tracker *c, uint64_t k)
{
	for (size_t i = 0; i < c->n_reported && i < CV_REPORTED; i++)
		if (c->reported[i] == k)
			return true;
	if (c->n_reported < CV_REPORTED)
		c->reported[c->n_reported++] = k;
	return false;
}

/* The numbers of t converted (to_f) written as the text writes them: "52° / 43°". */
static void converted_text(const struct cv_text *t, bool to_f, char *out, size_t n)
{
	size_t len = 0;

	out[0] = '\0';
	for (size_t k = 0; k < t->n && len + 1 < n; k++) {
		double v = to_f ? t->v[k] * 9.0 / 5.0 + 32.0 : (t->v[k] - 32.0) * 5.0 / 9.0;
		int w = snprintf(out + len, n - len, "%s%.0f\u00b0", k ? " / " : "", v);

		if (w < 0 || (size_t)w >= n - len)
			break;
		len += (size_t)w;
	}
}

static bool judge(struct conversion_tracker *c, const struct cv_page *was, const struct cv_page *now,
		  const char *activity, struct oracle_finding *f)
{
	const struct cv_text *evidence = NULL;
	int dir = switched(was, now, &evidence);

	if (!dir)
		return false;
	for (size_t i = 0; i < now->n; i++) {
		const struct cv_text *a = &now->t[i], *b = find_text(was, a->key);
		bool same = true, right = true;
		char want[64];

		if (!b || b->n != a->n || a == evidence)
			continue;
		for (size_t k = 0; k < a->n; k++) {
			same &= fabs(a->v[k] - b->v[k]) < 0.05;
			right &= converts(b->v[k], a->v[k], dir > 0);
		}
		if (same || right ||
		    reported_before(c, oracle_hash_str(oracle_hash_str(now->page, "conversion"), a->rid)))
			continue;
		converted_text(b, dir > 0, want, sizeof(want));
		oracle_finding_init(f);
		f->category = BUG_CAT_CALCULATION;
		f->oracle = "conversion";
		f->title = xasprintf("'%s' after the switch to %s is not '%s' converted (%s)", a->text,
				     dir > 0 ? "Fahrenheit" : "Celsius", b->text, want);
		f->expected = xasprintf("'%s' in %s: %s", b->text, dir > 0 ? "Fahrenheit" : "Celsius", want);
		f->actual = xasprintf("'%s'", a->text);
		f->description = xasprintf("The page showed '%s' and '%s'. Back on it after the temperatures switched "
					   "to %s, '%s' reads '%s' (converted right), but '%s' reads '%s', which is "
					   "neither the old value nor its conversion (%s).",
					   evidence ? find_text(was, evidence->key)->text : "?", b->text,
					   dir > 0 ? "Fahrenheit" : "Celsius", evidence ? find_text(was, evidence->key)->text : "?",
					   evidence ? evidence->text : "?", b->text, a->text, want);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "conversion");
		cJSON_AddStringToObject(f->diff, "before", b->text);
		cJSON_AddStringToObject(f->diff, "after", a->text);
		cJSON_AddStringToObject(f->diff, "expected", want);
		cJSON_AddStringToObject(f->diff, "converted_right", evidence ? evidence->text : "");
		cJSON_AddStringToObject(f->diff, "activity", activity ? activity : "");
		{
			char *subject = xasprintf("temperature conversion of %s", *a->rid ? a->rid : a->text);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		return true;
	}
	return false;
}

/*
 * A conversion a text states (`diff.check` "stated"): "15 °F = -9.44 °C",
 * two temperatures marked with different scales around "=", the second
 * not the first converted (within half a unit of its last decimal shown,
 * or 0.01): converter `converter-temperature-ignores-offset`, Units #8,
 * "15 °F = 8.33 °C" (the factor without the offset).
 */
static bool stated_wrong(struct conversion_tracker *c, const struct ui_tree *tree, const char *activity,
			 struct oracle_finding *f)
{
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		const char *eq, *dot;
		struct cv_text t;
		double tol = 0.01, want;
		bool to_f;
		int dec = 0;

		if (!*w->text || strlen(w->text) >= sizeof(t.text) || !(eq = strchr(w->text, '=')) ||
		    ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &tree->screen) ||
		    read_temps(w->text, &t) != 2 || t.scale[0] == CV_BARE || t.scale[1] == CV_BARE ||
		    t.scale[0] == t.scale[1])
			continue;
		/* The decimals of the result, after "=". */
		if ((dot = strchr(eq, '.')) != NULL)
			while (isdigit((unsigned char)dot[1 + dec]))
				dec++;
		if (0.5 * pow(10, -dec) > tol)
			tol = 0.5 * pow(10, -dec);
		to_f = t.scale[1] == CV_F;
		want = to_f ? t.v[0] * 9.0 / 5.0 + 32.0 : (t.v[0] - 32.0) * 5.0 / 9.0;
		if (fabs(t.v[1] - want) <= tol + 1e-9 ||
		    reported_before(c, oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, "stated"), w->resource_id)))
			continue;
		oracle_finding_init(f);
		f->category = BUG_CAT_CALCULATION;
		f->oracle = "conversion";
		f->title = xasprintf("'%s' is not right: %.*f %s", w->text, dec > 2 ? dec : 2, want, to_f ? "°F" : "°C");
		f->expected = xasprintf("%.*f %s (%s)", dec > 2 ? dec : 2, want, to_f ? "°F" : "°C",
					to_f ? "F = C x 9/5 + 32" : "C = (F - 32) x 5/9");
		f->actual = xasprintf("'%s'", w->text);
		f->description = xasprintf("The page states the conversion '%s', but %s is %.*f %s.", w->text,
					   t.scale[0] == CV_F ? "that Fahrenheit value" : "that Celsius value",
					   dec > 2 ? dec : 2, want, to_f ? "°F" : "°C");
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "stated");
		cJSON_AddStringToObject(f->diff, "text", w->text);
		cJSON_AddNumberToObject(f->diff, "expected", want);
		cJSON_AddStringToObject(f->diff, "activity", activity ? activity : "");
		{
			char *subject = xasprintf("stated temperature conversion in %s", *w->resource_id ? w->resource_id : "a text");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		return true;
	}
	return false;
}

/* Whether a text of tree holds a degree sign: most screens hold none, and are passed over at once. */
static bool shows_degrees(const struct ui_tree *tree)
{
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const char *t = tree->nodes[i]->text;

		if (*t && (strstr(t, "\u00b0") || strstr(t, "\u2103") || strstr(t, "\u2109")))
			return true;
	}
	return false;
}

/*
 * A sighting of tree (no dialog): judged against the page's last one when
 * `judged`, then kept as the page's last one. A sighting showing no
 * temperature (scrolled past them) keeps the last one.
 */
static bool sighting(struct conversion_tracker *c, const struct ui_tree *tree, const char *activity, bool judged,
		     struct oracle_finding *f)
{
	const char *title = oracle_app_bar_title(tree);
	uint64_t page = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : ""),
					title ? title : "") | 1;
	struct cv_page *was = NULL, *now;
	bool hit;

	for (size_t i = 0; i < CV_PAGES; i++)
		if (c->pages[i].page == page)
			was = &c->pages[i];
	if ((!judged && was) || !shows_degrees(tree))
		return false;
	now = xcalloc(1, sizeof(*now));
	now->page = page;
	read_page(tree, now);
	if (!now->n) {
		free(now);
		return false;
	}
	hit = judged && was && judge(c, was, now, activity, f);
	*(was ? was : &c->pages[c->next++ % CV_PAGES]) = *now;
	free(now);
	return hit;
}

static bool conversion_step(struct conversion_tracker *c, const struct oracle_tracked_step *s,
			    struct oracle_finding *f)
{
	/* The screen the run began on is seen first as a step's `before`. */
	if (s->before && !oracle_screen_has_layer(s->before))
		(void)sighting(c, s->before, s->activity_before, false, NULL);
	if (!s->after || !s->after_in_app || oracle_screen_has_layer(s->after))
		return false;
	return sighting(c, s->after, s->activity_after, true, f) || stated_wrong(c, s->after, s->activity_after, f);
}

static void *conversion_tracker_new(void)
{
	return xcalloc(1, sizeof(struct conversion_tracker));
}

static void conversion_tracker_free(void *t)
{
	free(t);
}

static bool conversion_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return conversion_step(t, s, f);
}

const struct oracle_kind oracle_kind_conversion = {
	.name = "conversion",
	.config_key = "oracles.conversion",
	.category = BUG_CAT_CALCULATION,
	.doc = "a page seen again after its temperatures switched between Celsius and Fahrenheit, where one text "
	       "converted right and another changed by some other rule",
	.evidence = "the page's two sightings: the text converted right and the one that was not",
	.flags = 0,
	.tracker_new = conversion_tracker_new,
	.tracker_free = conversion_tracker_free,
	.track = conversion_track,
};
