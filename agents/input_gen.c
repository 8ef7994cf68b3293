/*
 * input_gen.c - field-aware input values (see input_gen.h).
 *
 * The field's hint, resource-id tail, content-desc and class are lowered and
 * searched for keywords; the first rule that matches decides the kind. The
 * serial is mixed into every value so repeated entries stay distinct.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "agents/input_gen.h"

struct kind_rule {
	enum input_kind kind;
	const char *words[10];
};

/* Order matters: more specific kinds first ("email" before "name"). */
static const struct kind_rule kind_rules[] = {
	{ INPUT_KIND_PASSWORD, { "password", "passwd", "passcode", NULL } },
	{ INPUT_KIND_CVV, { "cvv", "cvc", "security code", "csc", NULL } },
	{ INPUT_KIND_EXPIRY, { "expiry", "expiration", "expires", "mm/yy", "exp date", NULL } },
	{ INPUT_KIND_CARD, { "card number", "card_number", "cardnumber", "card no", "credit card", NULL } },
	{ INPUT_KIND_POSTAL, { "zip", "postal", "postcode", "post code", NULL } },
	{ INPUT_KIND_EMAIL, { "email", "e-mail", "mail", NULL } },
	{ INPUT_KIND_PHONE, { "phone", "mobile", "tel", NULL } },
	/* Money per hour or per job ("Rate per hour (\u20ac)", "Hourly wage") before a link ("hourly" holds "url") and a time of day. */
	{ INPUT_KIND_NUMBER, { "rate per", "hourly", "per hour", "wage", "salary", "(\u20ac)", "($)", "(\u00a3)", NULL } },
	{ INPUT_KIND_URL, { "url", "website", "link", "http", NULL } },
	{ INPUT_KIND_DATE, { "date", "birthday", "dob", "day", "due", NULL } },
	/* A duration ("Minutes", "Time (seconds)") before a time of day. */
	{ INPUT_KIND_NUMBER, { "minutes", "seconds", NULL } },
	{ INPUT_KIND_TIME, { "time", "hour", "clock", "hh:mm", NULL } },
	{ INPUT_KIND_NUMBER, { "amount", "price", "number", "qty", "quantity", "total", "rating", "stars", NULL } },
	/* Money a person keeps track of ("Balance", "Cost", "Budget"). */
	{ INPUT_KIND_NUMBER, { "balance", "cost", "budget", NULL } },
	/* Measures a person types as a number ("Weight", "Reps", "Distance"). */
	{ INPUT_KIND_NUMBER, { "weight", "reps", "repetitions", "distance", "calories", "percent", "height", NULL } },
	/* Fuel and meter readings ("Litres", "Odometer", "Mileage"). */
	{ INPUT_KIND_NUMBER, { "litre", "liter", "gallon", "odometer", "mileage", "volume", NULL } },
	/* Counts of things on hand ("Tablets in stock", "How many tablets?"). */
	{ INPUT_KIND_NUMBER, { "in stock", "stock level", "how many", "servings", "copies", NULL } },
	{ INPUT_KIND_SEARCH, { "search", "find", "query", "filter", NULL } },
	{ INPUT_KIND_NAME, { "name", "user", "author", "contact", "login", NULL } },
	{ INPUT_KIND_TITLE, { "title", "subject", "label", "heading", NULL } },
};

static const char *const kind_names[] = {
	[INPUT_KIND_TEXT] = "text", [INPUT_KIND_EMAIL] = "email",
	[INPUT_KIND_PHONE] = "phone", [INPUT_KIND_NUMBER] = "number",
	[INPUT_KIND_DATE] = "date", [INPUT_KIND_TIME] = "time",
	[INPUT_KIND_URL] = "url", [INPUT_KIND_NAME] = "name",
	[INPUT_KIND_SEARCH] = "search", [INPUT_KIND_PASSWORD] = "password",
	[INPUT_KIND_TITLE] = "title", [INPUT_KIND_POSTAL] = "postal",
	[INPUT_KIND_CARD] = "card", [INPUT_KIND_CVV] = "cvv",
	[INPUT_KIND_EXPIRY] = "expiry",
};

/* Append the lowered `s` to buf (capped), followed by a separator. */
static void add_lowered(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);

	for (; *s && len + 2 < n; s++)
		buf[len++] = (char)tolower((unsigned char)*s);
	buf[len++] = ' ';
	buf[len] = '\0';
}

/* Whether `hay` contains `word` (hay already lowered). */
static bool has_word(const char *hay, const char *word)
{
	return strstr(hay, word) != NULL;
}

/*
 * A range the hint names: "Rating (1-5)", "Age 18 to 99", "1–10", "Minute
 * (00-59)". Only small non-negative ranges with lo < hi count. *width is the
 * digits to pad to when the low end is written with a leading zero ("00"),
 * else 0.
 */
static bool hint_range(const char *hint, unsigned *lo, unsigned *hi, int *width)
{
	for (const char *p = hint; *p; p++) {
		char *end;
		unsigned long a, b;

		if (!isdigit((unsigned char)*p) || (p > hint && isdigit((unsigned char)p[-1])))
			continue;
		a = strtoul(p, &end, 10);
		while (*end == ' ')
			end++;
		if (*end == '-')
			end++;
		else if (!strncmp(end, "\xe2\x80\x93", 3))    /* en dash */
			end += 3;
		else if (!strncmp(end, "to ", 3))
			end += 3;
		else if (!strncmp(end, "and ", 4) && p - hint >= 8 && !strncasecmp(p - 8, "between ", 8))
			end += 4;
		else
			continue;
		while (*end == ' ')
			end++;
		if (!isdigit((unsigned char)*end))
			continue;
		b = strtoul(end, NULL, 10);
		if (a < b && b <= 1000000) {
			*lo = (unsigned)a;
			*hi = (unsigned)b;
			*width = *p == '0' && isdigit((unsigned char)p[1]) ? (int)strspn(p, "0123456789") : 0;
			return true;
		}
	}
	return false;
}

static const char *const units[] = { "kg", "g", "mg", "lb", "lbs", "oz", "km", "mi", "m", "cm", "mm", "ft", "in",
				     "ml", "l", "gal", "cup", "cups", "min", "s", "h", "%", "$", "\xe2\x82\xac", "\xc2\xa3",
				     "kcal", "cal", "k", "\xc2\xb0", "\xc2\xb0" "f", "\xc2\xb0" "c", "usd", "eur", "gbp", NULL };

/* Whether the n bytes at s name a unit of measure (lowered). */
static bool is_unit(const char *s, size_t n)
{
	for (size_t i = 0; units[i]; i++)
		if (n == strlen(units[i]) && !strncmp(s, units[i], n))
			return true;
	return false;
}

/*
 * Whether the hint names a unit of measure, in brackets or as its last words:
 * "Load (kg)", "Price ($)", "Fuel (l)", "Value in °F", "Length in km".
 */
static bool hint_unit(const char *low)
{
	const char *last;
	size_t n;

	for (const char *p = strchr(low, '('); p; p = strchr(p + 1, '(')) {
		const char *end = strchr(p + 1, ')');

		if (!end)
			return false;
		if (is_unit(p + 1, (size_t)(end - p - 1)))
			return true;
	}
	/* The last word (low ends with the separator add_lowered put there), after "in". */
	n = strlen(low);
	if (n < 2)
		return false;
	for (last = low + n - 1; last > low && last[-1] != ' ';)
		last--;
	return last - low >= 4 && !strncmp(last - 4, " in ", 4) && is_unit(last, (size_t)(low + n - 1 - last));
}

/*
 * A field whose hint names a range of whole numbers ("Hour (0-23)",
 * "Snooze minutes (1-30)") or a unit of measure ("Load (kg)") takes a
 * number, as a person reading it would type, unless a more specific kind
 * (a phone, a date, a card) matched.
 */
static enum input_kind plain_or_number(enum input_kind kind, const char *hint)
{
	char low[256] = "";
	unsigned lo, hi;
	int width;

	/* "Description (10-500 characters)" is a length, not a value. */
	add_lowered(low, sizeof(low), hint);
	if (strstr(low, "char") || strstr(low, "letter") || strstr(low, "word") || strstr(low, "digit"))
		return kind;
	if ((kind == INPUT_KIND_TEXT || kind == INPUT_KIND_TIME || kind == INPUT_KIND_TITLE) &&
	    (hint_range(hint, &lo, &hi, &width) || hint_unit(low)))
		return INPUT_KIND_NUMBER;
	/* "Day (1-30 Nov)": a day of the month, not a date. */
	if (kind == INPUT_KIND_DATE && hint_range(hint, &lo, &hi, &width) && hi <= 31)
		return INPUT_KIND_NUMBER;
	return kind;
}

/*
 * What the field says it wants: its hint, else (dumps without the hint
 * attribute show the placeholder as the text) its text when that reads as
 * one - words with a bracketed note, "Day (1-30 Nov)" - not a value.
 */
static const char *field_hint(const struct ui_widget *w)
{
	if (*w->hint)
		return w->hint;
	return strchr(w->text, '(') && strchr(w->text, ')') && !strchr(w->text, '_') ? w->text : "";
}

/* Whether s is a whole number of 1-6 digits: what an app shows in a field that takes a number. */
static bool whole_number(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n >= 1 && n <= 6 && s[n] == '\0';
}

/* Whether s is a time of day as a clock shows it: "9:30", "12:00". */
static bool clock_time(const char *s)
{
	size_t h = strspn(s, "0123456789");

	return (h == 1 || h == 2) && s[h] == ':' && strspn(s + h + 1, "0123456789") == 2 && s[h + 3] == '\0';
}

/*
 * A field the app filled with a value takes a value of that shape, whatever
 * its words say: a whole number ("2" in a day field), a clock time ("12:00"
 * in a start field). The value is the field's text, or what the Explorer
 * recorded as its label when the text is not given (a hint is never a bare
 * number or time).
 */
static enum input_kind prefilled_number(const struct ui_widget *w, enum input_kind kind)
{
	const char *shown = *w->text ? w->text : w->hint;

	if (kind != INPUT_KIND_TEXT && kind != INPUT_KIND_DATE && kind != INPUT_KIND_TIME && kind != INPUT_KIND_TITLE)
		return kind;
	if (whole_number(shown))
		return INPUT_KIND_NUMBER;
	if (clock_time(shown))
		return INPUT_KIND_TIME;
	return kind;
}

enum input_kind input_gen_kind(const struct ui_widget *w)
{
	char hay[512] = "";
	const char *id;
	size_t i, j;

	if (w->password)
		return INPUT_KIND_PASSWORD;
	id = strrchr(w->resource_id, '/');
	id = id ? id + 1 : w->resource_id;
	add_lowered(hay, sizeof(hay), w->hint);
	add_lowered(hay, sizeof(hay), id);
	add_lowered(hay, sizeof(hay), w->content_desc);
	/* The current text helps when the field has no hint ("Search..."). */
	if (!*w->hint)
		add_lowered(hay, sizeof(hay), w->text);
	for (i = 0; i < sizeof(kind_rules) / sizeof(kind_rules[0]); i++)
		for (j = 0; kind_rules[i].words[j]; j++)
			if (has_word(hay, kind_rules[i].words[j]))
				return prefilled_number(w, plain_or_number(kind_rules[i].kind, field_hint(w)));
	if (strstr(w->class_name, "AutoComplete") || strstr(w->class_name, "SearchView"))
		return INPUT_KIND_SEARCH;
	return prefilled_number(w, plain_or_number(INPUT_KIND_TEXT, field_hint(w)));
}

const char *input_gen_kind_name(enum input_kind kind)
{
	if ((unsigned)kind >= sizeof(kind_names) / sizeof(kind_names[0]))
		return "text";
	return kind_names[kind];
}


/* A 16-digit test card number (prefix 4000) with a valid Luhn check digit. */
static void card_number(unsigned serial, char *buf, size_t n)
{
	char d[17];
	unsigned sum = 0;

	snprintf(d, sizeof(d), "4000%011u", (serial * 7919u) % 100000000u);
	for (int i = 14; i >= 0; i--) {
		unsigned v = (unsigned)(d[i] - '0');

		/* Doubling starts at the digit left of the check digit. */
		if ((14 - i) % 2 == 0) {
			v *= 2;
			if (v > 9)
				v -= 9;
		}
		sum += v;
	}
	d[15] = (char)('0' + (10 - sum % 10) % 10);
	d[16] = '\0';
	snprintf(buf, n, "%s", d);
}

enum input_kind input_gen_text(const struct ui_widget *w, unsigned serial, char *buf, size_t n)
{
	static const char *const names[] = { "Alice", "Bruno", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana" };
	static const char *const words[] = { "apple", "river", "garden", "orbit", "maple", "harbor", "violet", "summit" };
	static const char *const terms[] = { "milk", "paris", "music", "coffee", "report", "train" };
	enum input_kind kind = input_gen_kind(w);
	unsigned k = serial % 8, s = serial % 6;

	if (!n)
		return kind;
	switch (kind) {
	case INPUT_KIND_EMAIL:
		snprintf(buf, n, "%s%u@example.com", names[k], serial);
		break;
	case INPUT_KIND_PHONE:
		snprintf(buf, n, "555%07u", (serial * 7919u) % 10000000u);
		break;
	case INPUT_KIND_NUMBER: {
		unsigned lo, hi;
		int width;

		if (hint_range(field_hint(w), &lo, &hi, &width)) {
			snprintf(buf, n, "%0*u", width, lo + serial % (hi - lo + 1));
		} else if (whole_number(*w->text ? w->text : w->hint)) {
			/* The app filled the field ("27" in an edit form's day): its
			 * value tells the scale. A tester edits it to a value below
			 * it, down to half of it, which stays inside a range the app
			 * started in (1-30) where a random number would not. A value
			 * written with a leading zero ("00", "07": a minute) keeps its
			 * width, which such a field may insist on. */
			const char *had = *w->text ? w->text : w->hint;
			unsigned v = (unsigned)strtoul(had, NULL, 10);

			width = had[0] == '0' && had[1] ? (int)strlen(had) : 0;
			lo = (v + 1) / 2;
			hi = v - 1;
			snprintf(buf, n, "%0*u", width, v < 2 ? v + 1 : lo + serial % (hi - lo + 1));
		} else {
			snprintf(buf, n, "%u", 10u + (serial * 37u) % 990u);
		}
		break;
	}
	case INPUT_KIND_POSTAL:
		snprintf(buf, n, "%05u", 10000u + (serial * 7u) % 89999u);
		break;
	case INPUT_KIND_CARD:
		card_number(serial, buf, n);
		break;
	case INPUT_KIND_CVV:
		snprintf(buf, n, "%03u", 100u + (serial * 13u) % 900u);
		break;
	case INPUT_KIND_EXPIRY:
		snprintf(buf, n, "%02u/%02u", 1u + serial % 12u, 28u + serial % 5u);
		break;
	case INPUT_KIND_DATE:
		snprintf(buf, n, "2024-%02u-%02u", 1u + serial % 12u, 1u + (serial * 5u) % 28u);
		break;
	case INPUT_KIND_TIME:
		snprintf(buf, n, "%02u:%02u", 8u + serial % 12u, (serial * 15u) % 60u);
		break;
	case INPUT_KIND_URL:
		snprintf(buf, n, "https://example.com/p%u", serial);
		break;
	case INPUT_KIND_NAME:
		snprintf(buf, n, "%s%u", names[k], serial);
		break;
	case INPUT_KIND_SEARCH:
		snprintf(buf, n, "%s", terms[s]);
		break;
	case INPUT_KIND_PASSWORD:
		snprintf(buf, n, "Pw%04u.secret", serial);
		break;
	case INPUT_KIND_TITLE:
		snprintf(buf, n, "%c%s%u", toupper((unsigned char)words[k][0]), words[k] + 1, serial);
		break;
	case INPUT_KIND_TEXT:
	default:
		snprintf(buf, n, "%s_%s_%u", words[k], words[(k + 3) % 8], serial);
		break;
	}
	return kind;
}

static const char *const probe_names[] = {
	[INPUT_PROBE_EMPTY] = "empty", [INPUT_PROBE_LETTERS] = "letters", [INPUT_PROBE_ZERO] = "zero",
	[INPUT_PROBE_NEGATIVE] = "negative", [INPUT_PROBE_LONG] = "long", [INPUT_PROBE_SPACES] = "spaces",
};

const char *input_gen_probe_name(enum input_probe p)
{
	return p >= 0 && p < INPUT_PROBE__COUNT ? probe_names[p] : "?";
}

/* The characters of `unit` repeated into buf up to `len` (capped by n - 1). */
static void repeat_into(char *buf, size_t n, const char *unit, size_t len)
{
	size_t u = strlen(unit), i;

	for (i = 0; u && i < len && i + 1 < n; i++)
		buf[i] = unit[i % u];
	buf[n ? (i < n ? i : n - 1) : 0] = '\0';
}

enum input_probe input_gen_probe(const struct ui_widget *w, unsigned serial, char *buf, size_t n)
{
	static const enum input_probe numeric[] = { INPUT_PROBE_LETTERS, INPUT_PROBE_ZERO, INPUT_PROBE_NEGATIVE,
						    INPUT_PROBE_EMPTY, INPUT_PROBE_LONG };
	static const enum input_probe text[] = { INPUT_PROBE_EMPTY, INPUT_PROBE_SPACES, INPUT_PROBE_LONG };
	static const enum input_probe secret[] = { INPUT_PROBE_EMPTY, INPUT_PROBE_LONG };
	char valid[96];
	enum input_kind kind = input_gen_text(w, serial, valid, sizeof(valid));
	enum input_probe p;
	size_t len;

	if (!n)
		return INPUT_PROBE_EMPTY;
	switch (kind) {
	case INPUT_KIND_NUMBER: case INPUT_KIND_POSTAL: case INPUT_KIND_PHONE:
	case INPUT_KIND_CARD: case INPUT_KIND_CVV:
		p = numeric[serial % (sizeof(numeric) / sizeof(numeric[0]))];
		break;
	case INPUT_KIND_PASSWORD: case INPUT_KIND_SEARCH:
		p = secret[serial % (sizeof(secret) / sizeof(secret[0]))];
		break;
	default:
		p = text[serial % (sizeof(text) / sizeof(text[0]))];
		break;
	}
	len = strlen(valid);
	switch (p) {
	case INPUT_PROBE_EMPTY:
		buf[0] = '\0';
		break;
	case INPUT_PROBE_LETTERS:
		/* A letter in the middle of an otherwise valid value: "80a02". */
		if (!len)
			snprintf(valid, sizeof(valid), "12");
		len = strlen(valid);
		valid[len / 2] = 'a';
		snprintf(buf, n, "%s", valid);
		break;
	case INPUT_PROBE_ZERO:
		snprintf(buf, n, "0");
		break;
	case INPUT_PROBE_NEGATIVE:
		snprintf(buf, n, "-%s", len ? valid : "1");
		break;
	case INPUT_PROBE_LONG:
		repeat_into(buf, n, kind == INPUT_KIND_TEXT || kind == INPUT_KIND_TITLE || kind == INPUT_KIND_NAME ||
					    kind == INPUT_KIND_SEARCH || kind == INPUT_KIND_PASSWORD ? (len ? valid : "x")
					    : (kind == INPUT_KIND_EMAIL || kind == INPUT_KIND_URL ? valid : "1234567890"),
			    120);
		break;
	case INPUT_PROBE_SPACES:
		snprintf(buf, n, "  %s  ", valid);
		break;
	default:
		buf[0] = '\0';
		break;
	}
	return p;
}

/* Whether the lowered text low holds word as a whole word. */
static bool whole_word(const char *low, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(low, word); p; p = strstr(p + 1, word))
		if ((p == low || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[n]))
			return true;
	return false;
}

/* Whether the lowered text low holds a word (3+ letters) of s as a whole word. */
static bool shares_word(const char *low, const char *s)
{
	char word[32];

	for (const char *p = s; *p;) {
		size_t n = 0;

		while (*p && !isalpha((unsigned char)*p))
			p++;
		while (isalpha((unsigned char)p[n]))
			n++;
		if (n >= 3 && n < sizeof(word)) {
			for (size_t i = 0; i < n; i++)
				word[i] = (char)tolower((unsigned char)p[i]);
			word[n] = '\0';
			if (strcmp(word, "android") && strcmp(word, "widget") && whole_word(low, word))
				return true;
		}
		p += n;
	}
	return false;
}

const char *input_gen_range_said(const struct ui_tree *t, const struct ui_widget *w)
{
	static const char *const rule[] = { "enter", "must", "between", "range", "allowed", "valid", "only",
					    "should", NULL };
	const char *rid = strrchr(w->resource_id, '/');
	unsigned lo, hi;
	int width;

	if (!t || hint_range(field_hint(w), &lo, &hi, &width))
		return NULL;
	rid = rid ? rid + 1 : w->resource_id;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *m = t->nodes[i];
		char low[128];
		bool ruled = false;

		if (!*m->text || m->clickable || ui_class_is_editable(m->class_name) || strlen(m->text) > 120 ||
		    !ui_widget_visible(m, &t->screen) || !hint_range(m->text, &lo, &hi, &width))
			continue;
		low[0] = '\0';
		add_lowered(low, sizeof(low), m->text);
		for (int k = 0; rule[k] && !ruled; k++)
			ruled = whole_word(low, rule[k]);
		if (ruled && (shares_word(low, w->hint) || shares_word(low, w->text) || shares_word(low, rid)))
			return m->text;
	}
	return NULL;
}

enum input_kind input_gen_text_in(const struct ui_widget *w, const char *said, unsigned serial, char *buf,
				  size_t n)
{
	unsigned lo, hi;
	int width;

	if (!said || !n || input_gen_kind(w) != INPUT_KIND_NUMBER || !hint_range(said, &lo, &hi, &width))
		return input_gen_text(w, serial, buf, n);
	snprintf(buf, n, "%0*u", width, lo + serial % (hi - lo + 1));
	return INPUT_KIND_NUMBER;
}
