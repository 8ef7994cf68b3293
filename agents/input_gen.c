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
#include <string.h>

#include "agents/input_gen.h"

struct kind_rule {
	enum input_kind kind;
	const char *words[8];
};

/* Order matters: more specific kinds first ("email" before "name"). */
static const struct kind_rule kind_rules[] = {
	{ INPUT_KIND_PASSWORD, { "password", "passwd", "passcode", NULL } },
	{ INPUT_KIND_EMAIL, { "email", "e-mail", "mail", NULL } },
	{ INPUT_KIND_PHONE, { "phone", "mobile", "tel", NULL } },
	{ INPUT_KIND_URL, { "url", "website", "link", "http", NULL } },
	{ INPUT_KIND_DATE, { "date", "birthday", "dob", "day", "due", NULL } },
	{ INPUT_KIND_TIME, { "time", "hour", "clock", NULL } },
	{ INPUT_KIND_NUMBER, { "amount", "price", "number", "qty", "quantity", "total", NULL } },
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
	[INPUT_KIND_TITLE] = "title",
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
				return kind_rules[i].kind;
	if (strstr(w->class_name, "AutoComplete") || strstr(w->class_name, "SearchView"))
		return INPUT_KIND_SEARCH;
	return INPUT_KIND_TEXT;
}

const char *input_gen_kind_name(enum input_kind kind)
{
	if ((unsigned)kind >= sizeof(kind_names) / sizeof(kind_names[0]))
		return "text";
	return kind_names[kind];
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
	case INPUT_KIND_NUMBER:
		snprintf(buf, n, "%u", 10u + (serial * 37u) % 990u);
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
