/*
 * words.c - what the oracles read in the words of a tap and of the dialog
 * it was made on: lowered and trimmed labels, word lists, and whether a tap deletes
 * (crud.c judges the list a delete returns to, process_death.c checks that
 * the deleted row stays gone after the process dies; both ask the same
 * question here, so they never disagree about what a delete is).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

void oracle_lower_into(char *buf, size_t n, const char *s)
{
	size_t i = 0;

	if (!n)
		return;
	for (; s && *s && i + 1 < n; s++)
		buf[i++] = (char)tolower((unsigned char)*s);
	buf[i] = '\0';
}

uint64_t oracle_hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (h ^ '\n') * 1099511628211ULL;
}

bool oracle_has_word(const char *low, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (strstr(low, words[i]))
			return true;
	return false;
}

/* The start of s past its leading spaces; its length without the trailing ones in *n. */
static const char *trim_span(const char *s, size_t *n)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	*n = strlen(s);
	while (*n > 0 && isspace((unsigned char)s[*n - 1]))
		(*n)--;
	return s;
}

char *oracle_trimmed(const char *s)
{
	size_t n;

	s = trim_span(s, &n);
	return xstrndup(s, n);
}

void oracle_trim_into(char *buf, size_t size, const char *s)
{
	size_t n;

	s = trim_span(s, &n);
	snprintf(buf, size, "%.*s", (int)n, s);
}

/* Whether the lowered text has `word` as a whole word. */
static bool has_token(const char *low, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = low; (p = strstr(p, word)) != NULL; p++)
		if ((p == low || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[n]))
			return true;
	return false;
}

bool oracle_has_whole_word(const char *low, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (has_token(low, words[i]))
			return true;
	return false;
}

bool oracle_label_begins_with(const char *label, const char *const *words)
{
	char low[128];

	oracle_lower_into(low, sizeof(low), label);
	for (size_t i = 0; words[i]; i++) {
		size_t n = strlen(words[i]);

		if (strncmp(low, words[i], n) == 0 && !isalpha((unsigned char)low[n]))
			return true;
	}
	return false;
}

bool oracle_offers_button(const struct ui_tree *t, const char *const *words)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if ((w->clickable || strstr(w->class_name, "Button")) && ui_widget_visible(w, &t->screen) &&
		    oracle_label_begins_with(ui_widget_label(w), words))
			return true;
	}
	return false;
}

bool oracle_offers_commit(const struct ui_tree *t)
{
	static const char *const commit[] = { "save", "apply", NULL };

	return oracle_offers_button(t, commit);
}

void oracle_action_label(const struct ui_tree *before, const struct action *done, char *buf, size_t n)
{
	const struct ui_widget *w = before ? action_resolve(done, before) : NULL;
	char tmp[512];

	snprintf(tmp, sizeof(tmp), "%s %s", done->widget_text ? done->widget_text : "",
		 w ? ui_widget_label(w) : (done->resource_id ? done->resource_id : ""));
	oracle_lower_into(buf, n, tmp);
}

/* The words of a delete. */
static const char *const delete_words[] = { "delete", "remove", "trash", "discard", "erase", NULL };

/*
 * Whether a tap's text offers two choices, " / " between them, of which one
 * says delete and another does not ("Bookmark / remove bookmark", a toggle):
 * the one tap does either, and the label does not say which.
 */
static bool offers_either(const char *text)
{
	char low[256], *p, *side;
	bool some_del = false, some_not = false;

	oracle_lower_into(low, sizeof(low), text);
	if (!strstr(low, " / "))
		return false;
	for (side = low; side; side = p ? p + 3 : NULL) {
		if ((p = strstr(side, " / ")))
			*p = '\0';
		if (oracle_has_word(side, delete_words))
			some_del = true;
		else
			some_not = true;
	}
	return some_del && some_not;
}

bool oracle_is_delete_action(const struct ui_tree *before, const struct action *done)
{
	static const char *const no[] = { "cancel", "undo", "keep", "restore", " from ", "back", NULL };
	static const char *const yes[] = { "ok", "yes", "confirm", "continue", NULL };
	const struct ui_widget *w;
	char label[512];

	if (!done || done->type != ACTION_CLICK)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	if (oracle_has_word(label, no))
		return false;
	w = before ? action_resolve(done, before) : NULL;
	if ((done->widget_text && offers_either(done->widget_text)) || (w && offers_either(ui_widget_label(w))))
		return false;
	if (oracle_has_word(label, delete_words))
		return true;
	if (!before || !oracle_screen_has_layer(before))
		return false;
	for (size_t i = 0; yes[i]; i++) {
		if (!has_token(label, yes[i]))
			continue;
		for (size_t k = 0; k < before->n_nodes; k++) {
			char low[512];

			oracle_lower_into(low, sizeof(low), before->nodes[k]->text);
			if (oracle_has_word(low, delete_words))
				return true;
		}
		return false;
	}
	return false;
}

/* Whether s reads as a field's label: 1-3 words, no digit ("Name", not "0.62 mi in 6 min"). */
static bool is_label(const char *s)
{
	int words = 0;

	for (const char *p = s; *p; p++) {
		if (isdigit((unsigned char)*p))
			return false;
		if (!isspace((unsigned char)*p) && (p == s || isspace((unsigned char)p[-1])))
			words++;
	}
	return words >= 1 && words <= 3;
}

const char *oracle_field_label(const struct ui_widget *w)
{
	const struct ui_widget *p = w->parent;

	if (*w->hint)
		return w->hint;
	for (size_t i = 0; p && i + 1 < p->n_children; i++) {
		const struct ui_widget *c = p->children[i];

		if (p->children[i + 1] != w)
			continue;
		if (*c->text && !c->clickable && !ui_class_is_editable(c->class_name) && is_label(c->text))
			return c->text;
		break;
	}
	return NULL;
}

const char *oracle_field_value(const struct ui_widget *w)
{
	const char *label = oracle_field_label(w);

	if ((*w->hint && !strcmp(w->text, w->hint)) || (label && !strcasecmp(w->text, label)))
		return "";
	return w->text;
}

bool oracle_says_edit(const char *text)
{
	static const char *const edit[] = { "edit", "modify", "change", NULL };
	char low[512];

	oracle_lower_into(low, sizeof(low), text);
	return oracle_has_whole_word(low, edit);
}

bool oracle_is_number(const char *s, size_t max_digits)
{
	size_t digits = 0;
	bool sep = false;

	for (; *s; s++) {
		if (isdigit((unsigned char)*s))
			digits++;
		else if ((*s == '.' || *s == ',') && digits && !sep && isdigit((unsigned char)s[1]))
			sep = true;
		else
			return false;
	}
	return digits && (!max_digits || digits <= max_digits);
}

bool oracle_holds_number(const char *text, const char *num)
{
	size_t n = strlen(num);

	for (const char *p = strstr(text, num); n && p; p = strstr(p + 1, num)) {
		char before = p > text ? p[-1] : ' ', after = p[n];

		if (isdigit((unsigned char)before) || strchr(".,:/-", before) || isdigit((unsigned char)after) ||
		    ((after == '.' || after == ',') && isdigit((unsigned char)p[n + 1])) || after == ':' || after == '/')
			continue;
		return true;
	}
	return false;
}

/* Whether s reads as an e-mail address: one '@' with text before it and a '.' after it, no space. */
static bool is_email(const char *s)
{
	const char *at = strchr(s, '@');

	return at && at > s && !strchr(at + 1, '@') && strchr(at + 1, '.') && !strchr(s, ' ');
}

bool oracle_plain_edit(const char *original, const char *typed)
{
	char trimmed[512];

	if (!*original || !strcmp(original, typed))
		return false;
	oracle_trim_into(trimmed, sizeof(trimmed), typed);
	if (strcmp(trimmed, typed) || !*trimmed || strlen(trimmed) > 60)
		return false;
	if (oracle_is_number(original, 0))
		return oracle_is_number(typed, 0) && strspn(typed, "0.,") != strlen(typed);
	/* An address for an address, a link for a link: an app may refuse another kind without a word. */
	if (is_email(original) && !is_email(typed))
		return false;
	if (!strncasecmp(original, "http", 4) && strncasecmp(typed, "http", 4))
		return false;
	return true;
}

char *oracle_label_before(const char *text, const char *stops, const char *fallback)
{
	size_t n = strcspn(text, stops);

	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	return n ? xstrndup(text, n) : xstrdup(fallback);
}

bool oracle_measure_noun(const char *w)
{
	static const char *const no[] = { "day",     "hour",   "minute", "min",    "second", "sec",   "week",
					  "month",   "year",   "time",   "point",  "star",   "step",  "calorie",
					  "kcal",    "mile",   "meter",  "metre",  "byte",   "page",  "percent",
					  "degree",  "night",  "left",   "credit", "coin",   "vote",  "view",
					  "like",    NULL };

	for (size_t i = 0; no[i]; i++)
		if (!strcmp(w, no[i]))
			return true;
	return false;
}

bool oracle_is_plain_text(const struct ui_widget *w, const struct ui_tree *t, size_t max_len)
{
	return w->text[0] && strlen(w->text) < max_len && !strstr(w->class_name, "EditText") && !ui_widget_in_list(w) &&
	       !oracle_in_control(w) && ui_widget_visible(w, &t->screen);
}

bool oracle_shows_text(const struct ui_tree *t, const char *s)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->text, s) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}
