/*
 * badge.c - rowcount's check of a tab's count (`diff.check` "badge"): a
 * tab, bottom-navigation or drawer item that carries a count ("Updates 7",
 * described "Updates, 7 unread") is tapped, and the page it opens states
 * the same count of the same thing ("7 unread") while the item, now
 * selected, shows its name with no count at all. The page says the counted
 * things are all still there; the badge forgot them (manga
 * `manga-updates-badge-resets`, Mihon #209: opening Updates clears the
 * unread count on its icon while the unread chapters are still listed).
 *
 * Not judged: an item whose count moved to another number (the page may
 * have marked some things seen), a page that does not state the count with
 * the badge's word (a "new" badge that opening rightly clears, whose page
 * says nothing of "7 new"), a badge without a description whose page
 * counts anything but unread, unseen, pending, due, overdue or unanswered
 * things ("Inbox 3" over "3 messages": the badge may have counted new
 * ones), an item that is not a nav item, and a tap that opened a dialog
 * or left the app (rowcount's step returns first).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define BADGE_WORD_MAX 32
#define BADGE_NAME_MAX 64

/* A nav item's count: its name, the number, and the word the count is of ("" when the item does not say). */
struct badge {
	char name[BADGE_NAME_MAX];
	long n;
	char word[BADGE_WORD_MAX];
};

/* Whether s holds a decimal digit. */
static bool has_digit(const char *s)
{
	for (; s && *s; s++)
		if (isdigit((unsigned char)*s))
			return true;
	return false;
}

/*
 * Read "Name N" (a text) or "Name, N word" (a description) into *b: a name
 * of 1-63 bytes with a letter and no digit, then one number 1-9999, then
 * for the description one word of letters. False when s is neither.
 */
static bool parse_badge(const char *s, bool described, struct badge *b)
{
	const char *p, *num = NULL;
	char *end;
	size_t name_len, wl = 0;
	bool letter = false;

	if (!s || !*s)
		return false;
	for (p = s; *p; p++)
		if (isdigit((unsigned char)*p)) {
			num = p;
			break;
		}
	if (!num || num == s)
		return false;
	name_len = (size_t)(num - s);
	while (name_len && (s[name_len - 1] == ' ' || (described && s[name_len - 1] == ',')))
		name_len--;
	if (!name_len || name_len >= sizeof(b->name) || (s[name_len] != ' ' && s[name_len] != ','))
		return false;
	for (size_t i = 0; i < name_len; i++)
		letter |= isalpha((unsigned char)s[i]) != 0;
	if (!letter)
		return false;
	b->n = strtol(num, &end, 10);
	if (b->n < 1 || b->n > 9999)
		return false;
	memcpy(b->name, s, name_len);
	b->name[name_len] = 0;
	b->word[0] = 0;
	if (!described)
		return *end == 0;
	if (*end != ' ')
		return false;
	end++;
	while (isalpha((unsigned char)end[wl]) && wl + 1 < sizeof(b->word))
		wl++;
	if (!wl || end[wl])
		return false;
	memcpy(b->word, end, wl);
	b->word[wl] = 0;
	return true;
}

/* The count nav item w shows, from its description first (it names what is counted), else its text. */
static bool item_badge(const struct ui_widget *w, struct badge *b)
{
	struct badge t;

	if (parse_badge(w->content_desc, true, b)) {
		/* A text that carries another number contradicts the description: not read. */
		return !has_digit(w->text) || (parse_badge(w->text, false, &t) && t.n == b->n);
	}
	return !has_digit(w->content_desc) && parse_badge(w->text, false, b);
}

/* Whether label (an item's text or description) is name alone, any case, or name and a description without a number. */
static bool names_only(const char *label, const char *name)
{
	size_t n = strlen(name);

	return !has_digit(label) && !strncasecmp(label, name, n) && (label[n] == 0 || label[n] == ',');
}

/* The nav item of `after` in the place of `item` (same bounds), selected, naming `name` without a count; or NULL. */
static const struct ui_widget *cleared_item(const struct ui_tree *after, const struct ui_widget *item,
					    const char *name)
{
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];

		if (!w->clickable || memcmp(&w->bounds, &item->bounds, sizeof(w->bounds)) != 0 ||
		    oracle_nav_item_of(w) != w)
			continue;
		if (!(w->selected || w->checked) || has_digit(w->text) || has_digit(w->content_desc))
			return NULL;
		if ((*w->text && names_only(w->text, name)) || (*w->content_desc && names_only(w->content_desc, name)))
			return w;
		return NULL;
	}
	return NULL;
}

/*
 * Whether word names a state that opening a list leaves as it is: things
 * still to read or do ("unread", "pending"), not "new" or "messages" (a
 * tab's plain count may rightly count what was new until it was seen, its
 * page the whole list).
 */
static bool unhandled_word(const char *word, size_t n)
{
	static const char *const words[] = { "unread", "unseen", "pending", "due", "overdue", "unanswered", NULL };

	for (size_t i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !strncasecmp(word, words[i], n))
			return true;
	return false;
}

/*
 * A visible text of `after`, outside its nav items, that states the count:
 * the whole text is "N word" (word: the badge's, when its description
 * names one, else one of unhandled_word's), or NULL.
 */
static const char *page_states(const struct ui_tree *after, const struct badge *b)
{
	char want[64];
	size_t wl;

	snprintf(want, sizeof(want), "%ld ", b->n);
	wl = strlen(want);
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		const char *rest;
		size_t k = 0;

		if (strncmp(w->text, want, wl) != 0 || oracle_is_nav_item(w) || !ui_widget_visible(w, &after->screen))
			continue;
		rest = w->text + wl;
		if (*b->word) {
			if (!strcasecmp(rest, b->word))
				return w->text;
			continue;
		}
		while (isalpha((unsigned char)rest[k]))
			k++;
		if (rest[k] == 0 && unhandled_word(rest, k))
			return w->text;
	}
	return NULL;
}

bool rowcount_judge_badge(const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct ui_widget *w, *item, *now;
	const char *stated, *title;
	struct badge b;
	char *subject;

	if (!s->before || !s->after || !s->done || s->done->type != ACTION_CLICK)
		return false;
	w = action_resolve(s->done, s->before);
	item = w ? oracle_nav_item_of(w) : NULL;
	if (!item || !item_badge(item, &b))
		return false;
	now = cleared_item(s->after, item, b.name);
	if (!now)
		return false;
	stated = page_states(s->after, &b);
	if (!stated)
		return false;
	title = oracle_app_bar_title(s->after);
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "rowcount";
	f->title = xasprintf("'%s' loses its count when opened, while its page still says '%s'", b.name, stated);
	f->expected = xasprintf("'%s' keeps counting the %ld%s%s its page lists", b.name, b.n, *b.word ? " " : "",
				b.word);
	f->actual = xasprintf("'%s' shows no count; its page '%s' says '%s'", b.name, title ? title : b.name, stated);
	f->description = xasprintf("The item '%s' (%s%s%s) was tapped. The page it opened states '%s', yet the item, now "
				   "selected, shows '%s' with no count: the badge was reset although what it counts "
				   "is still there.",
				   b.name, item->text, *item->content_desc ? "; " : "", item->content_desc, stated,
				   *now->text ? now->text : now->content_desc);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "badge");
	cJSON_AddStringToObject(f->diff, "item", b.name);
	cJSON_AddNumberToObject(f->diff, "count_before", (double)b.n);
	cJSON_AddStringToObject(f->diff, "page_says", stated);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(s->done));
	subject = xasprintf("badge reset: %s", b.name);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}
