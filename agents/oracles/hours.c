/*
 * hours.c - oracle 34 "hours": a place's opening status names a time its
 * own opening hours do not have (maps `maps-hours-hide-break`, modelled on
 * Organic Maps #970: "Closed · opens at 15:00" over "Opening hours: Mo-Fr
 * 09:00–19:30", the lunch break dropped from the hours).
 *
 * A step check of the screen a step landed on (no dialog). A status text
 * says "opens at T" or "closes at T" (also "Opens T", "opens tomorrow at
 * T"; T a clock time with a colon, 24-hour or with AM/PM); the same scope
 * - the list row the status sits in, else the page outside its lists -
 * shows opening hours, texts holding time ranges ("09:00–13:00", "9:00 AM
 * - 1:00 PM", "12:00 to 15:30"; since session 50 a start without AM/PM
 * takes its end's PM when that keeps it before the end: "3:00 - 7:30 PM"
 * opens at 15:00). An opening at T must be the start of one
 * of those ranges, a closing at T the end of one: otherwise the status and
 * the hours cannot both be right. A scope without a range is not judged,
 * nor a time without a colon ("Opens 3 PM").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* Range ends read per scope. */
#define HOURS_RANGES 64

struct hours_scope {
	int start[HOURS_RANGES], end[HOURS_RANGES];
	size_t n;
};

int oracle_clock_at(const char *s, const char **end)
{
	int h = 0, m, digits = 0;
	const char *p = s, *q;

	while (isdigit((unsigned char)*p) && digits < 3) {
		h = h * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || digits > 2 || *p != ':' || !isdigit((unsigned char)p[1]) || !isdigit((unsigned char)p[2]) ||
	    isdigit((unsigned char)p[3]) || h > 24)
		return -1;
	m = (p[1] - '0') * 10 + (p[2] - '0');
	if (m > 59)
		return -1;
	p += 3;
	q = p;
	while (*q == ' ')
		q++;
	if ((tolower((unsigned char)q[0]) == 'a' || tolower((unsigned char)q[0]) == 'p') &&
	    (tolower((unsigned char)q[1]) == 'm' || (q[1] == '.' && tolower((unsigned char)q[2]) == 'm')) &&
	    h >= 1 && h <= 12) {
		bool pm = tolower((unsigned char)q[0]) == 'p';

		h = h % 12 + (pm ? 12 : 0);
		p = q + (q[1] == '.' ? 3 : 2);
		if (*p == '.')
			p++;
	}
	*end = p;
	return (h * 60 + m) % (24 * 60);
}

bool oracle_range_separator(const char *s, const char **end)
{
	static const char *const seps[] = { "\xe2\x80\x93", "\xe2\x80\x94", "\xe2\x80\x92", "-", "to ", NULL };

	while (*s == ' ')
		s++;
	for (size_t i = 0; seps[i]; i++)
		if (!strncasecmp(s, seps[i], strlen(seps[i]))) {
			s += strlen(seps[i]);
			while (*s == ' ')
				s++;
			*end = s;
			return true;
		}
	return false;
}

/* Whether an AM or PM lies in [from, to). */
static bool has_meridiem(const char *from, const char *to)
{
	for (const char *p = from; p + 1 < to; p++)
		if ((tolower((unsigned char)*p) == 'a' || tolower((unsigned char)*p) == 'p') &&
		    (tolower((unsigned char)p[1]) == 'm' || p[1] == '.'))
			return true;
	return false;
}

size_t oracle_time_ranges(const char *s, int *start, int *end, size_t n, size_t max)
{
	for (const char *p = s; *p && n < max;) {
		const char *e1, *sep, *e2;
		int a, b;

		if (!isdigit((unsigned char)*p) || (p > s && isdigit((unsigned char)p[-1]))) {
			p++;
			continue;
		}
		a = oracle_clock_at(p, &e1);
		if (a < 0) {
			p++;
			continue;
		}
		if (oracle_range_separator(e1, &sep) && (b = oracle_clock_at(sep, &e2)) >= 0) {
			/* "2:00 - 2:15 PM": the start takes its end's PM when that keeps it before the end. */
			if (!has_meridiem(p, e1) && has_meridiem(sep, e2) && b >= 12 * 60 && a < 12 * 60 &&
			    a + 12 * 60 <= b)
				a += 12 * 60;
			start[n] = a;
			end[n++] = b;
			p = e2;
		} else {
			p = e1;
		}
	}
	return n;
}

/* Add the time ranges of text s to sc. */
static void read_ranges(const char *s, struct hours_scope *sc)
{
	sc->n = oracle_time_ranges(s, sc->start, sc->end, sc->n, HOURS_RANGES);
}

/*
 * The time a status text s names: after "opens" or "closes" (a whole
 * word), up to two words ("at", "tomorrow", "today"...) before it. Minutes
 * after midnight and *opens (true for an opening); -1 when none.
 */
static int status_time(const char *s, bool *opens)
{
	static const char *const verbs[] = { "opens", "closes", NULL };

	for (size_t v = 0; verbs[v]; v++) {
		for (const char *p = strcasestr(s, verbs[v]); p; p = strcasestr(p + 1, verbs[v])) {
			const char *q = p + strlen(verbs[v]), *end;

			if ((p > s && isalpha((unsigned char)p[-1])) || isalpha((unsigned char)*q))
				continue;
			for (int words = 0; words <= 2; words++) {
				int t;

				while (*q == ' ')
					q++;
				t = oracle_clock_at(q, &end);
				if (t >= 0) {
					*opens = v == 0;
					return t;
				}
				if (!isalpha((unsigned char)*q))
					break;
				while (isalpha((unsigned char)*q))
					q++;
			}
		}
	}
	return -1;
}

/* Add the ranges of every visible text under w (not in a field) to sc; with outside, only those in no list. */
static void scope_ranges(const struct ui_tree *t, const struct ui_widget *w, bool outside, struct hours_scope *sc)
{
	if (!ui_widget_visible(w, &t->screen) && w->n_children == 0)
		return;
	if (outside && oracle_is_list(w))
		return;
	if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen))
		read_ranges(w->text, sc);
	for (size_t i = 0; i < w->n_children; i++)
		scope_ranges(t, w->children[i], outside, sc);
}

/* The status text of t's first disagreement with its scope's hours, or NULL; its time and kind out. */
static const struct ui_widget *disagreeing_status(const struct ui_tree *t, int *when, bool *opens,
						  struct hours_scope *sc)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i], *row;
		bool listed = false;
		int at;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen) ||
		    (at = status_time(w->text, opens)) < 0)
			continue;
		memset(sc, 0, sizeof(*sc));
		row = oracle_enclosing_row(w);
		if (row) {
			scope_ranges(t, row, false, sc);
		} else {
			for (size_t r = 0; r < t->n_roots; r++)
				scope_ranges(t, t->roots[r], true, sc);
		}
		if (!sc->n)
			continue;
		for (size_t k = 0; k < sc->n && !listed; k++)
			listed = (*opens ? sc->start[k] : sc->end[k]) == at;
		if (!listed) {
			*when = at;
			return w;
		}
	}
	return NULL;
}

bool oracle_hours_disagree(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			   const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct hours_scope sc;
	const struct ui_widget *status;
	const char *title;
	char *subject;
	cJSON *ranges;
	bool opens = false;
	int at = -1;

	(void)before;
	(void)activity_before;
	if (!after || oracle_screen_has_layer(after) || !(status = disagreeing_status(after, &at, &opens, &sc)))
		return false;
	title = oracle_app_bar_title(after);
	oracle_finding_init(f);
	f->oracle = "hours";
	f->category = BUG_CAT_CONTENT_MISSING;
	/* The title names no place: every place whose hours lost a break shows the same bug. */
	f->title = xasprintf("The opening status and the opening hours disagree");
	f->expected = xasprintf("opening hours with a range that %s at %02d:%02d, as \"%s\" says",
				opens ? "starts" : "ends", at / 60, at % 60, status->text);
	f->actual = xasprintf("no range of the %zu shown %s at %02d:%02d", sc.n, opens ? "starts" : "ends", at / 60,
			      at % 60);
	f->description = xasprintf("%s%s%sshows \"%s\", but none of the opening hours it shows %s at %02d:%02d: the "
				   "status or the hours are wrong (a break left out of the hours?).",
				   title ? "'" : "", title ? title : "", title ? "' " : "The page ", status->text,
				   opens ? "opens" : "closes", at / 60, at % 60);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "hours");
	cJSON_AddItemToObject(f->diff, "status", oracle_widget_json(status));
	ranges = cJSON_CreateArray();
	for (size_t k = 0; k < sc.n; k++) {
		char r[32];

		snprintf(r, sizeof(r), "%02d:%02d-%02d:%02d", sc.start[k] / 60, sc.start[k] % 60, sc.end[k] / 60,
			 sc.end[k] % 60);
		cJSON_AddItemToArray(ranges, cJSON_CreateString(r));
	}
	cJSON_AddItemToObject(f->diff, "ranges", ranges);
	if (done)
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	subject = xasprintf("status and hours disagree on %s", activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

const struct oracle_kind oracle_kind_hours = {
	.name = "hours",
	.config_key = "oracles.hours",
	.category = BUG_CAT_CONTENT_MISSING,
	.doc = "an opening status ('Closed · opens at 15:00') naming a time that no range of the opening hours "
	       "shown beside it ('Mo-Fr 09:00–19:30') starts or ends at",
	.evidence = "the screen: the status text and the time ranges in its row or on its page",
	.flags = 0,
	.step_check = oracle_hours_disagree,
};
