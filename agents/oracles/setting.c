/*
 * setting.c - oracle "setting" (oracle 22): a setting the app showed as
 * chosen that a later screen of the app contradicts. The tracker remembers
 * the value of a few setting kinds that real apps share, as the app shows
 * it (a switch's checked state beside its label, "Label: value" on a
 * settings page), and judges every later screen of the app against it:
 *
 *   24-hour clock on       a time written "7:30 AM"
 *   show hidden files off  a name starting with "." (".thumbnails")
 *   first day of week      a weekday header row ("S M T W T F S") that
 *                          cannot start on that day
 *   decimal places N       a new result "A = B" of the value typed in a
 *                          field on the screen with more than N decimals
 *   file format F          a new file name ending in another format of F's
 *                          family, on a page seen without it since F was
 *                          chosen (so the file was made after the change),
 *                          unless it renamed a file (below)
 *   distance units         a distance or speed in the other system: "2.4
 *                          km" or "km/h" under imperial, "1.5 mi", "mph"
 *                          or "ft" under metric (not in a conversion "=",
 *                          nor in a text that also writes the chosen one)
 *
 * It never judges a screen that itself shows a setting of the kind (a
 * settings page may show examples), nor a text field's contents (the user
 * typed them). A cleared restart forgets every value. The finding is the
 * step whose screen after shows the contradiction.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/oracles/setting_value.h"
#include "core/xalloc.h"

enum setting_kind { SET_CLOCK24, SET_HIDDEN, SET_WEEK, SET_DECIMALS, SET_FORMAT, SET_UNITS, SET_SHOW, SET_KINDS };

static const char *const kind_names[SET_KINDS] = { "24-hour clock", "show hidden files", "first day of week",
						    "decimal places", "file format", "distance units", "show switch" };

#define SET_PAGE_NAMES 24 /* file names kept per page */
#define SET_NAMED_PAGES 32
#define SET_SHOWS 8 /* "Show <things>" switches remembered */
#define SET_GOVERNED_PAGES ORACLE_REVISIT_PAGES /* pages remembered per kind that showed what it governs */

/* The file names a page showed when last seen, and their formats. */
struct named_page {
	uint64_t key;
	size_t n;
	uint64_t name[SET_PAGE_NAMES];
	int fmt[SET_PAGE_NAMES];
};

/* A "Show <things>" switch ("Show boosts"): its label, the singular it marks rows with, and its state. */
struct show_switch {
	char label[48];
	char stem[24]; /* "boost", "reply" */
	int on;
	/* The tap that turned it off, blamed by a finding (diff.blamed): its type and resource-id, or none. */
	enum action_type off_type;
	char off_rid[128];
};

struct oracle_setting_tracker {
	int value[SET_KINDS];      /* -1: not seen; clock24/hidden 0|1; week 0 (Sunday)..6; decimals N; format index */
	uint64_t *names;           /* hashes of file-name texts seen in the run */
	size_t n_names, alloc_names;
	uint64_t *pages;           /* page keys seen since the format was last set */
	size_t n_pages, alloc_pages;
	uint64_t *typed;           /* hashes of texts seen in text fields (what the user typed) */
	size_t n_typed, alloc_typed;
	struct named_page named[SET_NAMED_PAGES];
	size_t n_named;
	/* Pages (oracle_revisit_key) that last showed what kind k governs, newest first, one per family; 0: none. */
	uint64_t governed[SET_KINDS][SET_GOVERNED_PAGES];
	uint64_t governed_family[SET_KINDS][SET_GOVERNED_PAGES]; /* their oracle_revisit_family */
	int revisit_kind;          /* the kind whose change asks for a walk back (-1: none), taken by oracle_setting_revisit;
				    * a labelled selector's walk is asked for by setting_value.c */
	struct setting_values *labelled; /* "Label: value" selectors of settings pages (setting_value.c) */
	uint64_t revisit_from;     /* the page of that change */
	struct show_switch shows[SET_SHOWS];
	size_t n_shows;
};

/* File formats by family: a name in another format of the chosen one's family contradicts it. */
static const struct format {
	const char *ext;
	int family;
} formats[] = {
	{ "m4a", 0 }, { "mp3", 0 }, { "ogg", 0 }, { "wav", 0 }, { "flac", 0 }, { "aac", 0 }, { "opus", 0 }, { "amr", 0 },
	{ "mp4", 1 }, { "mkv", 1 }, { "webm", 1 }, { "jpg", 2 }, { "jpeg", 2 }, { "png", 2 }, { "webp", 2 },
	{ "heic", 2 },
};
#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

static const char *const weekdays[7] = { "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday" };

static bool set_has(const uint64_t *v, size_t n, uint64_t k)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == k)
			return true;
	return false;
}

static void set_add(uint64_t **v, size_t *n, size_t *alloc, uint64_t k)
{
	if (set_has(*v, *n, k))
		return;
	if (*n == *alloc) {
		*alloc = *alloc ? *alloc * 2 : 32;
		*v = xrealloc(*v, *alloc * sizeof(**v));
	}
	(*v)[(*n)++] = k;
}

static void lowered(const char *s, char *buf, size_t n)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < n; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	buf[i] = '\0';
}

/* Whether word w occurs in lowered t as a whole word. */
static bool has_word(const char *t, const char *w)
{
	size_t len = strlen(w);

	for (const char *p = strstr(t, w); p; p = strstr(p + 1, w))
		if ((p == t || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[len]))
			return true;
	return false;
}

/*
 * Whether the lowered switch label l is "show <things>" in two words, a
 * plural of 4+ letters ("show boosts", "show replies"): its singular into
 * stem ("boost", "reply").
 */
static bool show_stem(const char *l, char *stem, size_t n)
{
	const char *w;
	size_t len;

	if (strncmp(l, "show ", 5))
		return false;
	w = l + 5;
	for (len = 0; w[len]; len++)
		if (!isalpha((unsigned char)w[len]))
			return false;
	if (len < 5 || len + 1 > n || w[len - 1] != 's' || w[len - 2] == 's')
		return false;
	if (len > 5 && !strcmp(w + len - 3, "ies"))
		snprintf(stem, n, "%.*sy", (int)(len - 3), w);
	else
		snprintf(stem, n, "%.*s", (int)(len - 1), w);
	return true;
}

/*
 * Whether lowered t ends with a word that marks a row as one of stem's
 * things, the verb the app writes over it: "↻ Eliza Okafor boosted",
 * "Sam replied", "Tom reblogged" (stem+ed, a doubled consonant, y to
 * ied), as the last word of the text after a name: "Boosted" alone is a
 * label, and "boosted your post" in a notification is news about one's
 * own post, not a row of them.
 */
static bool marks_row(const char *t, const char *stem)
{
	size_t len = strlen(t), sl = strlen(stem), wl;
	const char *w;
	char form[40];

	while (len && !isalpha((unsigned char)t[len - 1]))
		len--;
	for (wl = 0; wl < len && isalpha((unsigned char)t[len - wl - 1]); wl++)
		;
	w = t + len - wl;
	if (w == t)
		return false;
	static const char *const endings[] = { "ed", "ing", NULL };
	for (size_t i = 0; endings[i]; i++) {
		snprintf(form, sizeof(form), "%s%s", stem, endings[i]);
		if (strlen(form) == wl && !strncmp(w, form, wl))
			return true;
	}
	if (sl > 1 && stem[sl - 1] == 'y') {
		snprintf(form, sizeof(form), "%.*sied", (int)(sl - 1), stem);
		if (strlen(form) == wl && !strncmp(w, form, wl))
			return true;
	}
	snprintf(form, sizeof(form), "%s%ced", stem, sl ? stem[sl - 1] : 'x');
	return strlen(form) == wl && !strncmp(w, form, wl);
}

/* The setting kind a label names (lowered), or -1. */
static int label_kind(const char *l)
{
	if (strstr(l, "24-hour") || strstr(l, "24 hour") || has_word(l, "24h"))
		return SET_CLOCK24;
	if (has_word(l, "hidden") && (has_word(l, "show") || has_word(l, "display")) && !has_word(l, "hide"))
		return SET_HIDDEN;
	if (strstr(l, "week starts") || strstr(l, "first day of week") || strstr(l, "first day of the week") ||
	    strstr(l, "start week on") || strstr(l, "week start"))
		return SET_WEEK;
	if (strstr(l, "decimal places") || has_word(l, "decimals"))
		return SET_DECIMALS;
	if (has_word(l, "format"))
		return SET_FORMAT;
	if (has_word(l, "units") || strstr(l, "unit system") || strstr(l, "measurement system"))
		return SET_UNITS;
	return -1;
}

/* Whether a selector's label (any case) names one of the kinds above: setting_value.c leaves it alone. */
static bool labelled_kind(const char *label)
{
	char low[256];

	lowered(label, low, sizeof(low));
	return label_kind(low) >= 0;
}

static int format_index(const char *ext, size_t len)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (strlen(formats[i].ext) == len && !strncmp(ext, formats[i].ext, len))
			return (int)i;
	return -1;
}

static int weekday_of(const char *v)
{
	for (int d = 0; d < 7; d++)
		if (!strncmp(v, weekdays[d], 3) && (!isalpha((unsigned char)v[3]) || !strncmp(v, weekdays[d], strlen(weekdays[d]))))
			return d;
	return -1;
}

/* The value of a chosen-value kind from its lowered value text, or -1. */
static int parse_value(int kind, const char *v)
{
	while (*v == ' ')
		v++;
	if (kind == SET_WEEK)
		return weekday_of(v);
	if (kind == SET_DECIMALS)
		return isdigit((unsigned char)*v) && !isdigit((unsigned char)v[1]) ? *v - '0' : -1;
	if (kind == SET_UNITS) {
		if (!strncmp(v, "metric", 6) || !strncmp(v, "kilomet", 7) ||
		    (!strncmp(v, "km", 2) && !isalpha((unsigned char)v[2])))
			return 0;
		if (!strncmp(v, "imperial", 8) || !strncmp(v, "mile", 4) ||
		    (!strncmp(v, "mi", 2) && !isalpha((unsigned char)v[2])))
			return 1;
		return -1;
	}
	if (kind == SET_FORMAT) {
		size_t n = 0;

		while (isalnum((unsigned char)v[n]))
			n++;
		return format_index(v, n);
	}
	return -1;
}

/*
 * The first visible text after w in its parent's children, a preference's
 * summary under its title; NULL when there is none or it is clickable.
 */
static const struct ui_widget *next_text(const struct ui_widget *w, const struct ui_tree *t)
{
	const struct ui_widget *p = w->parent;
	bool after = false;

	for (size_t i = 0; p && i < p->n_children; i++) {
		const struct ui_widget *c = p->children[i];

		if (c == w)
			after = true;
		else if (after && *c->text && ui_widget_visible(c, &t->screen))
			return c->clickable ? NULL : c; /* a dialog's first option is not the chosen value */
	}
	return NULL;
}

/* Whether a visible checkable widget w carries label text itself or beside it; the label lowered into buf. */
static bool switch_label(const struct ui_widget *w, char *buf, size_t n)
{
	const struct ui_widget *p = w->parent;

	if (*w->text) {
		lowered(w->text, buf, n);
		return true;
	}
	for (size_t i = 0; p && i < p->n_children; i++)
		if (p->children[i] != w && *p->children[i]->text) {
			lowered(p->children[i]->text, buf, n);
			return true;
		}
	return false;
}

/*
 * The settings shown on t, into vals (-1: not shown); true when t shows any.
 * A switch: its checked state. A chosen value: "Label: value" in one text, or
 * the text under a label that is the whole of its text.
 */
static bool read_settings(const struct ui_tree *t, int *vals)
{
	bool any = false;

	for (int k = 0; k < SET_KINDS; k++)
		vals[k] = -1;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];
		int k;

		if (!ui_widget_visible(w, &t->screen) || ui_class_is_editable(w->class_name))
			continue;
		if (w->checkable && w->enabled) {
			char stem[24];

			if (switch_label(w, low, sizeof(low)) &&
			    ((k = label_kind(low)) == SET_CLOCK24 || k == SET_HIDDEN)) {
				vals[k] = w->checked;
				any = true;
			} else if (*low && show_stem(low, stem, sizeof(stem))) {
				vals[SET_SHOW] = w->checked; /* read per switch by read_shows */
				any = true;
			}
			continue;
		}
		if (!*w->text)
			continue;
		lowered(w->text, low, sizeof(low));
		k = label_kind(low);
		if (k == SET_WEEK || k == SET_DECIMALS || k == SET_FORMAT || k == SET_UNITS) {
			const char *colon = strchr(low, ':');
			const struct ui_widget *sum;
			int v = -1;

			if (colon)
				v = parse_value(k, colon + 1);
			else if ((sum = next_text(w, t))) {
				char sl[128];

				lowered(sum->text, sl, sizeof(sl));
				v = parse_value(k, sl);
			}
			any = true; /* a page naming the setting is never judged for it */
			if (v >= 0)
				vals[k] = v;
			else if (vals[k] < 0)
				vals[k] = -2; /* named, value not read */
		}
	}
	return any;
}

/* The end of a clock time "7:30" / "19:05" starting at p in t (one or two digits, a colon, two digits), or NULL. */
static const char *clock_end(const char *t, const char *p)
{
	const char *q = p;

	if (!isdigit((unsigned char)*p) || (p > t && (isdigit((unsigned char)p[-1]) || p[-1] == ':')))
		return NULL;
	if (isdigit((unsigned char)q[1]))
		q++;
	if (q[1] != ':' || !isdigit((unsigned char)q[2]) || !isdigit((unsigned char)q[3]) || isdigit((unsigned char)q[4]))
		return NULL;
	return q + 4;
}

/* "7:30 AM": a clock time followed by am/pm in lowered t. */
static bool has_12h_time(const char *t)
{
	for (const char *p = t; *p; p++) {
		const char *q = clock_end(t, p);

		if (!q)
			continue;
		while (*q == ' ' || (unsigned char)*q == 0xe2) { /* a space, or a narrow no-break space (e2 80 af) */
			if ((unsigned char)*q == 0xe2) {
				if ((unsigned char)q[1] != 0x80 || (unsigned char)q[2] != 0xaf)
					break;
				q += 2;
			}
			q++;
		}
		if ((!strncmp(q, "am", 2) || !strncmp(q, "pm", 2)) && !isalpha((unsigned char)q[2]))
			return true;
		if ((!strncmp(q, "a.m.", 4) || !strncmp(q, "p.m.", 4)))
			return true;
	}
	return false;
}

/* A word of lowered t that starts with "." then a letter (".thumbnails"), not a file extension alone. */
static bool has_dot_name(const char *t)
{
	for (const char *p = t; *p; p++) {
		size_t n = 0;

		if (*p != '.' || (p > t && p[-1] != ' ') || !isalpha((unsigned char)p[1]))
			continue;
		while (isalnum((unsigned char)p[1 + n]) || p[1 + n] == '_' || p[1 + n] == '-' || p[1 + n] == '.')
			n++;
		if (n >= 2 && format_index(p + 1, n) < 0)
			return true;
	}
	return false;
}

/*
 * Whether lowered t is a row of the seven weekdays in order ("s m t w t f s",
 * "mon tue ..."), and the days it may start on into *starts (bit d: day d).
 */
static bool weekday_row(const char *t, unsigned *starts)
{
	char tok[7][16];
	int n = 0;

	for (const char *p = t; *p;) {
		size_t len = 0;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		while (p[len] && p[len] != ' ')
			len++;
		if (n == 7 || len >= sizeof(tok[0]))
			return false;
		memcpy(tok[n], p, len);
		tok[n++][len] = '\0';
		p += len;
	}
	if (n != 7)
		return false;
	*starts = 0;
	for (int s = 0; s < 7; s++) {
		bool ok = true;

		for (int i = 0; i < 7 && ok; i++) {
			const char *day = weekdays[(s + i) % 7];
			size_t len = strlen(tok[i]);

			ok = len <= strlen(day) && isalpha((unsigned char)tok[i][0]) && !strncmp(tok[i], day, len);
		}
		if (ok)
			*starts |= 1u << s;
	}
	return *starts != 0;
}

/*
 * Whether lowered t writes a distance or a speed in one system: a number,
 * maybe a space, then the unit as a whole word ("2.4 km", "5 km/h"; "1.5
 * mi", "30 mph", "800 ft"). metric: km; else mi, miles, mph, ft.
 */
static bool has_distance(const char *t, bool metric)
{
	static const char *const km[] = { "km", "kilometres", "kilometers", NULL };
	static const char *const mi[] = { "mi", "miles", "mile", "mph", "ft", NULL };
	const char *const *units = metric ? km : mi;

	for (const char *p = t; *p; p++) {
		const char *q = p;

		if (!isdigit((unsigned char)*p) || (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		while (isdigit((unsigned char)*q) || ((*q == '.' || *q == ',') && isdigit((unsigned char)q[1])))
			q++;
		if (*q == ' ')
			q++;
		for (size_t i = 0; units[i]; i++) {
			size_t n = strlen(units[i]);

			if (!strncmp(q, units[i], n) && !isalpha((unsigned char)q[n]))
				return true;
		}
		p = q - 1;
	}
	return false;
}

/* The number of decimals of the number that starts at p (0 for an integer). */
static int decimals_at(const char *p, double *value)
{
	const char *dot;

	*value = strtod(p, NULL);
	while (isdigit((unsigned char)*p) || *p == ',')
		p++;
	if (*p != '.' || !isdigit((unsigned char)p[1]))
		return 0;
	dot = p++;
	while (isdigit((unsigned char)*p))
		p++;
	return (int)(p - dot - 1);
}

/* The number before "=" in lowered t (its start) and the one after it; false unless both are there. */
static bool equation(const char *t, const char **lhs, const char **rhs)
{
	const char *eq = strchr(t, '='), *p;

	if (!eq || strchr(eq + 1, '='))
		return false;
	*lhs = NULL;
	for (p = t; p < eq; p++)
		if ((isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))) &&
		    (p == t || !isalnum((unsigned char)p[-1]))) {
			*lhs = p;
			break;
		}
	for (p = eq + 1; *p == ' '; p++)
		;
	*rhs = (isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))) ? p : NULL;
	return *lhs && *rhs;
}

/*
 * Whether text s names money: a currency sign or a three-capital code
 * ("232 USD = 183.28 GBP"). Money keeps its cents whatever the decimal
 * places of a converter's results.
 */
static bool names_money(const char *s)
{
	static const char *const signs[] = { "$", "\u20ac", "\u00a3", "\u00a5", "\u20b9", NULL };

	for (size_t k = 0; signs[k]; k++)
		if (strstr(s, signs[k]))
			return true;
	for (const char *p = s; *p; p++)
		if (isupper((unsigned char)p[0]) && isupper((unsigned char)p[1]) && isupper((unsigned char)p[2]) &&
		    (p == s || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[3]))
			return true;
	return false;
}

/* How many digits the number at p has before its decimal point. */
static size_t integer_digits(const char *p)
{
	size_t n = 0;

	if (*p == '-')
		p++;
	for (; isdigit((unsigned char)*p) || *p == ','; p++)
		n += *p != ',';
	return n;
}

/* Whether a visible text field of t holds the number that starts at lhs. */
static bool typed_in_field(const struct ui_tree *t, const char *lhs)
{
	double v = strtod(lhs, NULL);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *end;
		double fv;

		if (!ui_class_is_editable(w->class_name) || !*w->text || !ui_widget_visible(w, &t->screen))
			continue;
		fv = strtod(w->text, &end);
		if (end != w->text && fv == v)
			return true;
	}
	return false;
}

/* Whether tree t shows a visible, non-editable widget with exactly this text. */
static bool tree_has_text(const struct ui_tree *t, const char *text)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->text, text) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* The format index of a file name "stem.ext" that ends lowered t, or -1. */
static int file_name_format(const char *t)
{
	const char *dot = strrchr(t, '.');

	if (!dot || dot == t || !isalnum((unsigned char)dot[-1]))
		return -1;
	return format_index(dot + 1, strlen(dot + 1));
}

/* "7:30", "19:05": a clock time in lowered t (not a part of "1:02:03"). */
static bool has_clock_time(const char *t)
{
	for (const char *p = t; *p; p++) {
		const char *q = clock_end(t, p);

		if (q && *q != ':')
			return true;
	}
	return false;
}

/*
 * Whether lowered t shows what kind k governs, so that a page showing it is
 * worth seeing again after k changes: a clock time, a file name, a weekday
 * row, a distance or speed. Decimal places and file formats govern results
 * and files made after the change, which no revisit shows.
 */
static bool governs(const struct oracle_setting_tracker *tr, int k, const char *t)
{
	unsigned starts;

	switch (k) {
	case SET_CLOCK24:
		return has_clock_time(t);
	case SET_HIDDEN:
		return has_dot_name(t) || file_name_format(t) >= 0;
	case SET_WEEK:
		return weekday_row(t, &starts);
	case SET_UNITS:
		return has_distance(t, true) || has_distance(t, false);
	case SET_SHOW:
		for (size_t i = 0; i < tr->n_shows; i++)
			if (marks_row(t, tr->shows[i].stem))
				return true;
		return false;
	default:
		return false;
	}
}

/* A page's key: its activity and its first visible text, digits left out ("Recordings (3)"). */
static uint64_t page_key(const struct ui_tree *t, const char *activity)
{
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, activity);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && ui_widget_visible(w, &t->screen) && !ui_class_is_editable(w->class_name)) {
			for (const char *p = w->text; *p; p++)
				if (!isdigit((unsigned char)*p))
					h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
			break;
		}
	}
	return h;
}

static void fill(struct oracle_finding *f, const char *name, const char *chosen, const struct ui_widget *w,
		 const char *activity)
{
	char *subject;

	oracle_finding_init(f);
	f->oracle = "setting";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("The %s setting (%s) is not followed: '%s'", name, chosen, w->text);
	f->expected = xasprintf("every screen follows the %s setting the app shows as %s", name, chosen);
	f->actual = xasprintf("'%s' contradicts it", w->text);
	f->description = xasprintf("The app showed its %s setting as %s; a later screen (%s) shows '%s', "
				   "which that setting rules out.",
				   name, chosen, activity && *activity ? activity : "same activity", w->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "setting");
	subject = xasprintf("%s on %s", name, activity ? activity : "");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddStringToObject(f->diff, "setting", name);
	cJSON_AddStringToObject(f->diff, "chosen", chosen);
	cJSON_AddItemToObject(f->diff, "widget", oracle_widget_json(w));
}

/* The remembered value of kind k as words, into buf. */
static const char *chosen_words(const struct oracle_setting_tracker *t, int k, char *buf, size_t n)
{
	int v = t->value[k];

	if (k == SET_CLOCK24 || k == SET_HIDDEN || k == SET_SHOW)
		snprintf(buf, n, "%s", v ? "on" : "off");
	else if (k == SET_WEEK)
		snprintf(buf, n, "%s", weekdays[v]);
	else if (k == SET_DECIMALS)
		snprintf(buf, n, "%d", v);
	else if (k == SET_UNITS)
		snprintf(buf, n, "%s", v ? "imperial" : "metric");
	else
		snprintf(buf, n, "%s", formats[v].ext);
	return buf;
}

/* The file names t shows (hashes of their lowered texts) and their formats; their count. */
static size_t screen_names(const struct ui_tree *t, uint64_t *names, int *fmts)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_nodes && n < SET_PAGE_NAMES; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];

		if (!*w->text || !ui_widget_visible(w, &t->screen) || ui_class_is_editable(w->class_name))
			continue;
		lowered(w->text, low, sizeof(low));
		if ((fmts[n] = file_name_format(low)) >= 0)
			names[n++] = oracle_hash_str(ORACLE_HASH_BASIS, low);
	}
	return n;
}

/*
 * A rename: the name's stem is a text the user typed in a field, and the
 * page, last seen with as many names or more, showed a name of the same
 * format that is gone now. A renamed file keeps its format; a new one adds
 * a name.
 */
static bool renamed(const struct oracle_setting_tracker *t, const struct ui_tree *after, uint64_t key,
		    const char *low, int fi)
{
	char stem[256];
	uint64_t now[SET_PAGE_NAMES];
	int fmts[SET_PAGE_NAMES];
	size_t n;

	snprintf(stem, sizeof(stem), "%.*s", (int)(strrchr(low, '.') - low), low);
	if (!set_has(t->typed, t->n_typed, oracle_hash_str(ORACLE_HASH_BASIS, stem)))
		return false;
	n = screen_names(after, now, fmts);
	for (size_t p = 0; p < t->n_named; p++)
		for (size_t i = 0; t->named[p].key == key && t->named[p].n >= n && i < t->named[p].n; i++)
			if (t->named[p].fmt[i] == fi && !set_has(now, n, t->named[p].name[i]))
				return true;
	return false;
}

/*
 * Whether a file name the lowered text `low` ends with was seen before:
 * the whole text, or its tail from a word on that still holds a space
 * ("recording 1.ogg" of "file: recording 1.ogg" and of "saved as
 * recording 1.ogg"), so a file's details page does not make its old name
 * new.
 */
static bool name_seen(const struct oracle_setting_tracker *t, const char *low)
{
	for (const char *p = low; p; p = strchr(p, ' ')) {
		while (*p == ' ')
			p++;
		if (p != low && !strchr(p, ' '))
			break;
		if (set_has(t->names, t->n_names, oracle_hash_str(ORACLE_HASH_BASIS, p)))
			return true;
	}
	return false;
}

/* Remember the file name the lowered text `low` ends with, as name_seen() reads it. */
static void name_add(struct oracle_setting_tracker *t, const char *low)
{
	for (const char *p = low; p; p = strchr(p, ' ')) {
		while (*p == ' ')
			p++;
		if (p != low && !strchr(p, ' '))
			break;
		set_add(&t->names, &t->n_names, &t->alloc_names, oracle_hash_str(ORACLE_HASH_BASIS, p));
	}
}

static void want_revisit(struct oracle_setting_tracker *t, int k, uint64_t page);

/* The switch turned off whose things lowered t marks a row as, or NULL. */
static const struct show_switch *show_hidden_by(const struct oracle_setting_tracker *t, const char *low)
{
	for (size_t i = 0; i < t->n_shows; i++)
		if (!t->shows[i].on && marks_row(low, t->shows[i].stem))
			return &t->shows[i];
	return NULL;
}

/*
 * Read the "Show <things>" switches on `after` into the tracker; the value
 * of SET_SHOW is 0 while any of them is off. A switch turned off asks for
 * a walk back to the pages that showed rows it should now hide.
 */
static void read_shows(struct oracle_setting_tracker *t, const struct ui_tree *after, uint64_t page,
		       const struct action *done)
{
	bool off = false, any = false;

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		char low[256], stem[24];
		size_t j;

		if (!w->checkable || !w->enabled || !ui_widget_visible(w, &after->screen) ||
		    !switch_label(w, low, sizeof(low)) || !show_stem(low, stem, sizeof(stem)))
			continue;
		for (j = 0; j < t->n_shows && strcmp(t->shows[j].stem, stem); j++)
			;
		if (j == SET_SHOWS)
			continue;
		if (j == t->n_shows) {
			t->n_shows++;
			snprintf(t->shows[j].stem, sizeof(t->shows[j].stem), "%s", stem);
			snprintf(t->shows[j].label, sizeof(t->shows[j].label), "%.40s", low);
			t->shows[j].label[0] = (char)toupper((unsigned char)low[0]); /* "Show boosts" */
		} else if (t->shows[j].on && !w->checked) {
			want_revisit(t, SET_SHOW, page);
			t->shows[j].off_rid[0] = '\0';
			if (done && (done->type == ACTION_CLICK || done->type == ACTION_CHECK) && done->resource_id) {
				t->shows[j].off_type = done->type;
				snprintf(t->shows[j].off_rid, sizeof(t->shows[j].off_rid), "%s", done->resource_id);
			}
		}
		t->shows[j].on = w->checked;
	}
	for (size_t j = 0; j < t->n_shows; j++) {
		any = true;
		off |= !t->shows[j].on;
	}
	t->value[SET_SHOW] = any ? !off : -1;
}

/* Whether widget w's lowered text `low` on screen `after` contradicts kind k's remembered value. */
static bool contradicts(const struct oracle_setting_tracker *t, int k, const struct ui_widget *w, const char *low,
			const struct oracle_tracked_step *s)
{
	int v = t->value[k];
	unsigned starts;

	switch (k) {
	case SET_CLOCK24:
		return v == 1 && has_12h_time(low);
	case SET_HIDDEN:
		return v == 0 && has_dot_name(low);
	case SET_SHOW:
		return v == 0 && ui_widget_in_list(w) && show_hidden_by(t, low) != NULL;
	case SET_WEEK:
		return v >= 0 && weekday_row(low, &starts) && !(starts & (1u << v));
	case SET_UNITS:
		/* A conversion ("10 km = 6.2 mi") or a text in both systems shows the other one on purpose. */
		return v >= 0 && !strchr(low, '=') && has_distance(low, v == 1) && !has_distance(low, v == 0);
	case SET_DECIMALS: {
		const char *lhs, *rhs;
		double value;

		if (v < 0 || names_money(w->text) || !equation(low, &lhs, &rhs) || decimals_at(rhs, &value) <= v ||
		    (value < 1 && value > -1))
			return false;
		/* Past a double's 15 digits the digits shown are not the app's rounding. */
		if (integer_digits(lhs) > 15 || integer_digits(rhs) > 15)
			return false;
		/* A result of what the user typed, which this step made appear. */
		return typed_in_field(s->after, lhs) && !tree_has_text(s->before, w->text);
	}
	case SET_FORMAT: {
		int fi = file_name_format(low);
		uint64_t key;

		if (v < 0 || fi < 0 || fi == v || formats[fi].family != formats[v].family || name_seen(t, low))
			return false;
		/* New on a page seen since the format was chosen: made after the change. */
		key = page_key(s->after, s->activity_after);
		return set_has(t->pages, t->n_pages, key) && !renamed(t, s->after, key, low, fi);
	}
	default:
		return false;
	}
}

/* Remember file names and the page after judging (a name is new only once), and what text fields hold. */
static void remember_page(struct oracle_setting_tracker *t, const struct oracle_tracked_step *s)
{
	uint64_t key = page_key(s->after, s->activity_after);
	size_t p;

	for (p = 0; p < t->n_named && t->named[p].key != key; p++)
		;
	if (p == SET_NAMED_PAGES)
		p = key % SET_NAMED_PAGES; /* full: another page's names make way */
	else if (p == t->n_named)
		t->n_named++;
	t->named[p].key = key;
	t->named[p].n = screen_names(s->after, t->named[p].name, t->named[p].fmt);
	for (size_t i = 0; i < s->after->n_nodes; i++) {
		const struct ui_widget *w = s->after->nodes[i];
		char low[256];

		if (!*w->text || !ui_widget_visible(w, &s->after->screen))
			continue;
		lowered(w->text, low, sizeof(low));
		if (ui_class_is_editable(w->class_name))
			set_add(&t->typed, &t->n_typed, &t->alloc_typed, oracle_hash_str(ORACLE_HASH_BASIS, low));
		if (file_name_format(low) >= 0)
			name_add(t, low);
	}
	if (t->value[SET_FORMAT] >= 0)
		set_add(&t->pages, &t->n_pages, &t->alloc_pages, page_key(s->after, s->activity_after));
}

/*
 * Remember `page` (the screen after the step) for each kind it shows no
 * setting of and whose governed text it shows (governs()), newest first;
 * it takes the place of the page of its family remembered before (a route
 * page under another tab), so that pages of other kinds stay.
 */
static void remember_governed(struct oracle_setting_tracker *t, const struct ui_tree *after,
			      const char *activity, const int *shown, uint64_t page)
{
	bool hit[SET_KINDS] = { false };
	uint64_t family = 0;

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		char low[256];

		if (!*w->text || !ui_widget_visible(w, &after->screen) || ui_class_is_editable(w->class_name))
			continue;
		lowered(w->text, low, sizeof(low));
		for (int k = 0; k < SET_KINDS; k++)
			hit[k] |= shown[k] == -1 && governs(t, k, low);
	}
	for (int k = 0; k < SET_KINDS; k++) {
		size_t j;

		if (!hit[k])
			continue;
		if (!family)
			family = oracle_revisit_family(after, activity);
		for (j = 0; j + 1 < SET_GOVERNED_PAGES && t->governed_family[k][j] != family; j++)
			;
		memmove(&t->governed[k][1], &t->governed[k][0], j * sizeof(t->governed[k][0]));
		memmove(&t->governed_family[k][1], &t->governed_family[k][0], j * sizeof(t->governed_family[k][0]));
		t->governed[k][0] = page;
		t->governed_family[k][0] = family;
	}
}

/* Kind k changed on `page`: walk back to the other pages that showed what it governs. */
static void want_revisit(struct oracle_setting_tracker *t, int k, uint64_t page)
{
	t->revisit_kind = k;
	t->revisit_from = page;
}

struct oracle_setting_tracker *oracle_setting_tracker_new(void)
{
	struct oracle_setting_tracker *t = xcalloc(1, sizeof(*t));

	for (int k = 0; k < SET_KINDS; k++)
		t->value[k] = -1;
	t->revisit_kind = -1;
	t->labelled = setting_values_new(labelled_kind);
	return t;
}

void oracle_setting_tracker_free(struct oracle_setting_tracker *t)
{
	if (!t)
		return;
	free(t->names);
	free(t->pages);
	free(t->typed);
	setting_values_free(t->labelled);
	free(t);
}

static void forget_values(struct oracle_setting_tracker *t)
{
	for (int k = 0; k < SET_KINDS; k++)
		t->value[k] = -1;
	t->n_shows = 0;
	t->n_pages = 0;
	t->revisit_kind = -1;
	setting_values_forget(t->labelled);
}

/*
 * The shape of a code in text (session 48): after an optional "Label: ",
 * only mask characters (●, •, *) or only digits, in groups split by single
 * spaces ("●●● ●●●", "Next: 482 913"); the group lengths into g, their
 * count returned, *masked telling which; 0 for any other text or fewer
 * than 4 characters in all.
 */
static size_t code_shape(const char *text, size_t g[4], bool *masked)
{
	const char *p = strstr(text, ": ");
	size_t n = 0, total = 0;
	int kind = 0; /* 1 masked, 2 digits */

	p = p ? p + 2 : text;
	if (!*p)
		return 0;
	while (*p) {
		size_t len = 0;

		for (;;) {
			if (!strncmp(p, "\xe2\x97\x8f", 3) || !strncmp(p, "\xe2\x80\xa2", 3)) {
				if (kind == 2)
					return 0;
				kind = 1;
				p += 3;
			} else if (*p == '*' && kind != 2) {
				kind = 1;
				p++;
			} else if (isdigit((unsigned char)*p) && kind != 1) {
				kind = 2;
				p++;
			} else {
				break;
			}
			len++;
		}
		if (!len || n == 4 || (*p && (*p != ' ' || !p[1])))
			return 0;
		g[n++] = len;
		total += len;
		if (*p)
			p++;
	}
	*masked = kind == 1;
	return total >= 4 ? n : 0;
}

/*
 * A list row of t that masks one code and shows another of the same shape
 * in clear ("●●● ●●●" above "Next: 482 913"): the clear text, or NULL
 * (authenticator `authenticator-reveal-shows-next`, Aegis #1507: with Tap
 * to reveal on, every entry's next code is shown in clear).
 */
static const struct ui_widget *half_masked_row(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i], *row;
		size_t g[4], n;
		bool masked = false;

		if (!*w->text || !ui_widget_in_list(w) || !ui_widget_visible(w, &t->screen) ||
		    !(n = code_shape(w->text, g, &masked)) || !masked || !(row = oracle_enclosing_row(w)))
			continue;
		for (size_t j = 0; j < t->n_nodes; j++) {
			const struct ui_widget *o = t->nodes[j];
			size_t h[4], m;
			bool om = true;

			if (o == w || !*o->text || ui_class_is_editable(o->class_name) ||
			    !ui_widget_visible(o, &t->screen) || oracle_enclosing_row(o) != row)
				continue;
			m = code_shape(o->text, h, &om);
			if (m == n && !om && !memcmp(g, h, n * sizeof(g[0])))
				return o;
		}
	}
	return NULL;
}

static void fill_half_masked(struct oracle_finding *f, const struct ui_widget *clear, const char *activity)
{
	char *subject;

	oracle_finding_init(f);
	f->oracle = "setting";
	f->category = BUG_CAT_SETTINGS;
	/* The codes change (a TOTP's every 30 s): the title names the clear code's label, not its digits,
	 * so that a replay's finding is the same. */
	const char *colon = strstr(clear->text, ": ");
	if (colon)
		f->title = xasprintf("A row hides its code but shows its '%.*s' code in clear", (int)(colon - clear->text),
				     clear->text);
	else
		f->title = xasprintf("A row hides its code but shows another code of the same shape in clear");
	f->expected = xasprintf("every code of the row hidden alike, as the row's masked code is");
	f->actual = xasprintf("'%s' is shown in clear beside a masked code of the same shape", clear->text);
	f->description = xasprintf("A list row on %s masks one code (dots in its place) and shows '%s', a code of "
				   "the same shape, in clear: what the app hides is readable in the same row.",
				   activity && *activity ? activity : "this screen", clear->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "half_masked");
	subject = xasprintf("half-masked codes on %s", activity ? activity : "");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddItemToObject(f->diff, "widget", oracle_widget_json(clear));
}

bool oracle_setting_step(struct oracle_setting_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f)
{
	int shown[SET_KINDS];
	bool found = false;
	uint64_t page;

	if (s->done && s->done->type == ACTION_RESTART && s->done->clear_data)
		forget_values(t);
	if (!s->after || !s->after_in_app)
		return false;
	read_settings(s->after, shown);
	/* Judged on every screen (the run merges repeats by subject): a replay's trips may show the row before
	 * its last step, which must show it too. */
	if (!oracle_screen_has_layer(s->after)) {
		const struct ui_widget *clear = half_masked_row(s->after);

		if (clear) {
			fill_half_masked(f, clear, s->activity_after);
			found = true;
		}
	}
	for (int k = 0; k < SET_KINDS && !found; k++) {
		if (shown[k] != -1)
			continue; /* a page showing the setting is not judged for it */
		if (t->value[k] < 0)
			continue;
		for (size_t i = 0; i < s->after->n_nodes && !found; i++) {
			const struct ui_widget *w = s->after->nodes[i];
			char low[256], chosen[32];

			if (!*w->text || !ui_widget_visible(w, &s->after->screen) || ui_class_is_editable(w->class_name))
				continue;
			lowered(w->text, low, sizeof(low));
			if (contradicts(t, k, w, low, s)) {
				const struct show_switch *sw = k == SET_SHOW ? show_hidden_by(t, low) : NULL;

				fill(f, sw ? sw->label : kind_names[k], chosen_words(t, k, chosen, sizeof(chosen)), w,
				     s->activity_after);
				if (sw && *sw->off_rid) {
					cJSON *b = cJSON_AddObjectToObject(f->diff, "blamed");

					cJSON_AddStringToObject(b, "type", action_type_name(sw->off_type));
					cJSON_AddStringToObject(b, "resource_id", sw->off_rid);
				}
				found = true;
			}
		}
	}
	page = oracle_revisit_key(s->after, s->activity_after);
	if (shown[SET_SHOW] >= 0)
		read_shows(t, s->after, page, s->done);
	for (int k = 0; k < SET_KINDS; k++)
		if (k != SET_SHOW && shown[k] >= 0 && shown[k] != t->value[k]) {
			if (t->value[k] >= 0)
				want_revisit(t, k, page);
			t->value[k] = shown[k];
			if (k == SET_FORMAT)
				t->n_pages = 0; /* pages count only once seen under the new format */
		}
	/* Selectors of no kind above: a page that still shows a value changed. */
	if (!found) {
		found = setting_values_step(t->labelled, s->after, s->activity_after, page, s->done, f);
	} else {
		struct oracle_finding later;

		oracle_finding_init(&later);
		(void)setting_values_step(t->labelled, s->after, s->activity_after, page, s->done, &later);
		oracle_finding_release(&later);
	}
	remember_page(t, s);
	remember_governed(t, s->after, s->activity_after, shown, page);
	return found;
}

size_t oracle_setting_revisit(struct oracle_setting_tracker *t, uint64_t pages[ORACLE_REVISIT_PAGES], const char **kind)
{
	size_t n = 0;
	int k = t ? t->revisit_kind : -1;

	if (t && (n = setting_values_revisit(t->labelled, pages, ORACLE_REVISIT_PAGES, kind)))
		return n; /* a labelled selector changed on this step */
	if (k < 0)
		return 0;
	for (size_t j = 0; j < SET_GOVERNED_PAGES && n < ORACLE_REVISIT_PAGES; j++)
		if (t->governed[k][j] && t->governed[k][j] != t->revisit_from)
			pages[n++] = t->governed[k][j];
	*kind = kind_names[k];
	t->revisit_kind = -1;
	return n;
}

static void *setting_tracker_new(void)
{
	return oracle_setting_tracker_new();
}

static void setting_tracker_free(void *t)
{
	oracle_setting_tracker_free(t);
}

static bool setting_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_setting_step(t, s, f);
}

const struct oracle_kind oracle_kind_setting = {
	.name = "setting",
	.config_key = "oracles.setting",
	.category = BUG_CAT_SETTINGS,
	.doc = "a setting the app showed as chosen (24-hour clock, show hidden files, first day of week, decimal "
	       "places, file format, distance units, a \"Show <things>\" switch, a settings page's \"Label: value\") "
	       "contradicted by a later screen, or a list row that masks one code and shows another in clear",
	.evidence = "the screen before the action, the setting and its value, the contradicting text",
	.flags = 0,
	.tracker_new = setting_tracker_new,
	.tracker_free = setting_tracker_free,
	.track = setting_track,
};
