/*
 * section.c - oracle 31 "section": a part of a page that shows less than
 * it holds, with no way to see the rest.
 *
 * (a) A section whose heading is followed at once by its "Show more"
 * link, with nothing between: the link says the section holds more than
 * it shows, and it shows nothing - no row and no message that there is
 * none (smarthome, home-assistant/frontend #25417: an entity's more-info
 * page shows the History heading and Show more, but none of the history
 * under it).
 *
 * (b) A labelled list of names cut off with an ellipsis ("Speakers: Olu
 * Adeyemi, Hanna S\u00f8rensen, Pabl\u2026"; confsched, Giggity
 * #478): a text outside lists, not clickable, of a label of one to three
 * words, a colon, then three or more comma-separated items, ending in an
 * ellipsis, on a page that offers no control to show more or all.
 *
 * (c) A count heading over nothing: "Intermediate stops: 3" or "Chapters
 * (12)" - a label of one to three words of letters whose last word is a
 * plural noun of things (not days, minutes, points and other measures),
 * then a whole number 1 or more, no "total" in the label - on a page
 * where it is the only such count, with no list below it and no control
 * on its line (a stepper's "− Servings: 8 +"), and whose next visible
 * sibling is none or, for "Label (N)", a control (a row of buttons), not
 * a list and not a message ("Saved notes: 1" over buttons is a statistic),
 * and, for "Label: N", whose line above is not another "Label: value" (the
 * last line of a page of statistics):
 * the page
 * counts items it does not show (transit `transit-vrr-stops-missing`,
 * public-transport-enabler #683: a leg's page says "Intermediate stops:
 * 3" and lists none; audiobooks `audiobooks-single-file-no-chapters`,
 * Voice #3661: "Chapters (12)" over the book's buttons, no chapter list).
 *
 * A step check of the screen after each step. A heading is a visible text,
 * not clickable, not a field, in no list and in no tab bar, of one to three
 * words of letters (no digits, colon or full stop: "History", "Recent
 * activity"; "CW: spoilers" above a post's Show more is no heading). The
 * next visible child of its parent must be clickable and read exactly Show
 * more, See more, View more, Show all, See all, View all or More (itself or
 * its one text). Content wrapped in anything, even an empty container, is
 * not judged.
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

static const char *const more_labels[] = { "show more", "see more", "view more", "show all", "see all",
					   "view all", "more", NULL };

/* Whether text reads as a section heading: one to three words of letters (and '&', '-', '\''). */
static bool is_heading_text(const char *text)
{
	size_t words = 0, len = strlen(text);
	bool in_word = false;

	if (len < 3 || len > 40)
		return false;
	for (const char *p = text; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == ' ') {
			in_word = false;
			continue;
		}
		if (!isalpha(c) && c < 0x80 && c != '&' && c != '-' && c != '\'')
			return false;
		if (!in_word)
			words++;
		in_word = true;
	}
	return words >= 1 && words <= 3;
}

/* Whether w or an ancestor is clickable or a nav item (a tab, a bar item). */
static bool in_control(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->clickable || oracle_is_nav_item(p) || oracle_is_app_bar(p))
			return true;
	return false;
}

/* Whether label (any case, trimmed) is one of more_labels. */
static bool is_more_label(const char *label)
{
	char low[32], trimmed[32];

	if (strlen(label) >= sizeof(low))
		return false;
	oracle_trim_into(trimmed, sizeof(trimmed), label);
	oracle_lower_into(low, sizeof(low), trimmed);
	for (size_t i = 0; more_labels[i]; i++)
		if (!strcmp(low, more_labels[i]))
			return true;
	return false;
}

/* The next visible sibling of w in its parent, or NULL. */
static const struct ui_widget *next_visible_sibling(const struct ui_widget *w, const struct ui_rect *screen)
{
	const struct ui_widget *p = w->parent;
	size_t i = 0;

	if (!p)
		return NULL;
	while (i < p->n_children && p->children[i] != w)
		i++;
	for (i++; i < p->n_children; i++)
		if (ui_widget_visible(p->children[i], screen))
			return p->children[i];
	return NULL;
}

/* The visible sibling just before w (a text's line above it), or NULL. */
static const struct ui_widget *prev_visible_sibling(const struct ui_widget *w, const struct ui_rect *screen)
{
	const struct ui_widget *p = w->parent, *prev = NULL;

	if (!p)
		return NULL;
	for (size_t i = 0; i < p->n_children && p->children[i] != w; i++)
		if (ui_widget_visible(p->children[i], screen))
			prev = p->children[i];
	return prev;
}

/* Whether some visible clickable of t is labelled with "more" or "all" as a word ("Show all speakers", "+2 more"). */
static bool offers_more(const struct ui_tree *t)
{
	static const char *const words[] = { "more", "all", NULL };
	char low[128];

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->clickable || !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), oracle_item_label(w));
		if (oracle_has_whole_word(low, words))
			return true;
	}
	return false;
}

/*
 * Whether text is a labelled list cut off: "Label: a, b, c\u2026" - a label
 * of one to three words of letters, a colon, 3+ comma-separated items, and
 * a closing ellipsis ("\u2026" or "...").
 */
static bool is_cut_list(const char *text)
{
	const char *colon = strchr(text, ':');
	size_t len = strlen(text), commas = 0;
	char label[64];

	if (!colon || (size_t)(colon - text) >= sizeof(label) || len < 8)
		return false;
	memcpy(label, text, (size_t)(colon - text));
	label[colon - text] = '\0';
	if (!is_heading_text(label))
		return false;
	if (!(len >= 3 && (!strcmp(text + len - 3, "\xe2\x80\xa6") || !strcmp(text + len - 3, "..."))))
		return false;
	for (const char *p = colon; *p; p++)
		commas += *p == ',';
	return commas >= 2;
}

/* Check (b): the first labelled list cut off on t, or NULL. */
static const struct ui_widget *cut_list(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen) &&
		    !ui_widget_in_list(w) && !in_control(w) && is_cut_list(w->text))
			return offers_more(t) ? NULL : w;
	}
	return NULL;
}

/*
 * Start a finding of this oracle for check `check` about the widget w under
 * key "text" (or none): oracle, category and diff, with the subject that
 * merges its repeats (taken and freed).
 */
static void section_finding(struct oracle_finding *f, const char *check, const char *key,
			    const struct ui_widget *w, char *subject)
{
	oracle_finding_init(f);
	f->oracle = "section";
	f->category = BUG_CAT_CONTENT_MISSING;
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", check);
	cJSON_AddItemToObject(f->diff, key, oracle_widget_json(w));
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
}

/* The label of a "Label: ..." or "Label (N)" text into buf: up to the first of stops, without trailing spaces. */
static void label_before(char *buf, size_t cap, const char *text, const char *stops)
{
	size_t n = strcspn(text, stops);

	while (n && text[n - 1] == ' ')
		n--;
	snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), text);
}

/* The finding of check (b) for the cut text w. */
static void cut_finding(struct oracle_finding *f, const struct ui_widget *w, const char *activity)
{
	char label[64];

	label_before(label, sizeof(label), w->text, ":");
	section_finding(f, "cut_list", "text", w,
			xasprintf("list '%s' cut off on %s", label, activity ? activity : "?"));
	f->title = xasprintf("'%s' is cut off with no way to see the rest", label);
	f->expected = xasprintf("every item of '%s', or a control that shows the rest", label);
	f->actual = xasprintf("\"%s\"", w->text);
	f->description = xasprintf("The page lists '%s' as \"%s\": the list is cut off with an ellipsis, and no "
				   "control on the page shows more or all of it.",
				   label, w->text);
}

/*
 * Whether text is a count heading, "Label: N" or "Label (N)": a label
 * read as a heading whose last word is a plural noun of things, and a
 * whole number; N into *n.
 */
static bool is_count_heading(const char *text, long *n, bool *paren_out)
{
	char label[48], last[48];
	const char *p, *num;
	size_t len;
	long v = 0;
	bool paren;

	len = strcspn(text, ":(");
	if (!text[len] || len == 0 || len >= sizeof(label))
		return false;
	paren = text[len] == '(';
	snprintf(label, sizeof(label), "%.*s", (int)len, text);
	while (len && label[len - 1] == ' ')
		label[--len] = '\0';
	if (!is_heading_text(label))
		return false;
	p = text + strcspn(text, ":(") + 1;
	while (*p == ' ')
		p++;
	num = p;
	while (isdigit((unsigned char)*p) && p - num < 5)
		v = v * 10 + (*p++ - '0');
	if (p == num || isdigit((unsigned char)*p))
		return false;
	if (paren && *p++ != ')')
		return false;
	while (*p == ' ')
		p++;
	if (*p || v < 1)
		return false;
	/* A total is a statistic, not the head of a list ("Total check-ins: 8"). */
	oracle_lower_into(last, sizeof(last), label);
	if (oracle_has_whole_word(last, (const char *const[]){ "total", "totals", NULL }))
		return false;
	p = strrchr(label, ' ');
	oracle_lower_into(last, sizeof(last), p ? p + 1 : label);
	len = strlen(last);
	if (len < 4 || last[len - 1] != 's' || last[len - 2] == 's')
		return false;
	last[len - 1] = '\0';
	if (oracle_measure_noun(last))
		return false;
	*n = v;
	*paren_out = paren;
	return true;
}

/* Whether w is a plain text view (TextView, not a Button or a box: those derive from it but are named so). */
static bool plain_text_view(const struct ui_widget *w)
{
	const char *dot = strrchr(w->class_name, '.');

	dot = dot ? dot + 1 : w->class_name;
	return !strcmp(dot, "TextView") || !strcmp(dot, "AppCompatTextView") || !strcmp(dot, "MaterialTextView");
}

/*
 * Whether w's visible labelled content is all controls (a button, a row of
 * buttons). A plain text view that takes a tap is an item, not a control
 * (tasks, session 67: a subtask's title beside its box, under "Subtasks
 * (1)", opens the subtask).
 */
static bool is_controls(const struct ui_widget *w, const struct ui_rect *screen)
{
	if (!ui_widget_visible(w, screen))
		return true;
	if (w->clickable && *w->text && plain_text_view(w))
		return false;
	if (w->clickable)
		return true;
	if (*w->text || *w->content_desc)
		return false;
	for (size_t i = 0; i < w->n_children; i++)
		if (!is_controls(w->children[i], screen))
			return false;
	return w->n_children > 0;
}

/*
 * Check (c): the one count heading of t that counts items the page does
 * not show (nothing under it but controls, no list below it), or NULL.
 */
static const struct ui_widget *counted_none(const struct ui_tree *t)
{
	const struct ui_widget *head = NULL, *next;
	size_t counts = 0;
	long n;
	bool paren = false, p;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || w->n_children || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &t->screen) || ui_widget_in_list(w) || in_control(w) ||
		    !is_count_heading(w->text, &n, &p))
			continue;
		counts++;
		head = w;
		paren = p;
	}
	/* One count on the page (a statistics page shows several), with room under it for a list. */
	if (counts != 1 || head->bounds.y2 > t->screen.y1 + (t->screen.y2 - t->screen.y1) * 4 / 5)
		return NULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen))
			continue;
		/* A list below it; or a control on its line: a value with its stepper ("− Servings: 8 +"). */
		if ((ui_widget_in_list(w) && w->bounds.y1 >= head->bounds.y2) ||
		    (w->clickable && w->bounds.y1 < head->bounds.y2 && w->bounds.y2 > head->bounds.y1))
			return NULL;
	}
	/* "Label (N)" heads a section, its list under it or its buttons; "Label: N" with anything after it
	 * is a statistic ("Saved notes: 1" over Share and Details): only as the page's last line. */
	/* ... nor under other "Label: value" lines: the last of a page of statistics ("Gold: 150.00" over
	 * "Equipment pieces: 2"; quests, session 66). */
	if (!paren) {
		const struct ui_widget *prev = prev_visible_sibling(head, &t->screen);

		if (prev && !prev->n_children && ui_selector_text(prev->text, NULL, NULL))
			return NULL;
	}
	next = next_visible_sibling(head, &t->screen);
	return !next || (paren && is_controls(next, &t->screen)) ? head : NULL;
}

/* The finding of check (c) for the count heading w. */
static void counted_finding(struct oracle_finding *f, const struct ui_widget *w, const char *activity)
{
	char label[64];
	long v = 0;
	bool paren;

	label_before(label, sizeof(label), w->text, ":(");
	(void)is_count_heading(w->text, &v, &paren);
	section_finding(f, "counted_none", "text", w,
			xasprintf("'%s' counted, none listed on %s", label, activity ? activity : "?"));
	f->title = xasprintf("'%s' counts %ld but the page lists none", label, v);
	f->expected = xasprintf("the %ld %s under the count", v, label);
	f->actual = xasprintf("\"%s\" with no list under it", w->text);
	f->description = xasprintf("The page says \"%s\" and shows no list of them: nothing but controls, or "
				   "nothing at all, follows the count, and no list is below it.",
				   w->text);
}

bool oracle_section_empty(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *head = NULL, *more = NULL;

	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after))
		return false;
	for (size_t i = 0; i < after->n_nodes && !more; i++) {
		const struct ui_widget *w = after->nodes[i], *next;

		if (!*w->text || w->n_children || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &after->screen) || ui_widget_in_list(w) || in_control(w) ||
		    !is_heading_text(w->text))
			continue;
		next = next_visible_sibling(w, &after->screen);
		if (next && next->clickable && is_more_label(oracle_item_label(next))) {
			head = w;
			more = next;
		}
	}
	if (!more) {
		const struct ui_widget *cut = cut_list(after), *counted = cut ? NULL : counted_none(after);

		if (cut)
			cut_finding(f, cut, activity_after);
		else if (counted)
			counted_finding(f, counted, activity_after);
		return cut || counted;
	}
	section_finding(f, "section", "heading", head,
			xasprintf("section '%s' empty on %s", head->text, activity_after ? activity_after : "?"));
	cJSON_AddItemToObject(f->diff, "more", oracle_widget_json(more));
	f->title = xasprintf("'%s' offers '%s' but shows nothing under it", head->text, oracle_item_label(more));
	f->expected = xasprintf("the '%s' section's first items (or a message that it has none) above '%s'", head->text,
				oracle_item_label(more));
	f->actual = xasprintf("'%s' follows the heading directly", oracle_item_label(more));
	f->description = xasprintf("The heading '%s' is followed at once by '%s': the section says it holds more than "
				   "it shows, and it shows nothing, not even a message that it is empty.",
				   head->text, oracle_item_label(more));
	return true;
}

const struct oracle_kind oracle_kind_section = {
	.name = "section",
	.config_key = "oracles.section",
	.category = BUG_CAT_CONTENT_MISSING,
	.doc = "a section heading followed at once by its Show more link with nothing between, a labelled list cut off with an ellipsis and no way to see the rest, or a count heading (\"Chapters (12)\") with no list under it",
	.evidence = "the screen with the heading and the link",
	.flags = 0,
	.step_check = oracle_section_empty,
};
