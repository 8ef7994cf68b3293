/*
 * section.c - oracle 31 "section": a section of a page whose heading is
 * followed at once by its "Show more" link, with nothing between: the link
 * says the section holds more than it shows, and it shows nothing - no row
 * and no message that there is none (smarthome, home-assistant/frontend
 * #25417: an entity's more-info page shows the History heading and Show
 * more, but none of the history under it).
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

/* The label of control c: its text, else its content-desc, else its first text inside. */
static const char *control_label(const struct ui_widget *c)
{
	const char *s;

	if (*c->text)
		return c->text;
	if (*c->content_desc)
		return c->content_desc;
	s = oracle_first_text(c);
	return s ? s : "";
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

bool oracle_section_empty(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *head = NULL, *more = NULL;
	char *subject;

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
		if (next && next->clickable && is_more_label(control_label(next))) {
			head = w;
			more = next;
		}
	}
	if (!more)
		return false;
	oracle_finding_init(f);
	f->oracle = "section";
	f->category = BUG_CAT_CONTENT_MISSING;
	f->title = xasprintf("'%s' offers '%s' but shows nothing under it", head->text, control_label(more));
	f->expected = xasprintf("the '%s' section's first items (or a message that it has none) above '%s'", head->text,
				control_label(more));
	f->actual = xasprintf("'%s' follows the heading directly", control_label(more));
	f->description = xasprintf("The heading '%s' is followed at once by '%s': the section says it holds more than "
				   "it shows, and it shows nothing, not even a message that it is empty.",
				   head->text, control_label(more));
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "section");
	cJSON_AddItemToObject(f->diff, "heading", oracle_widget_json(head));
	cJSON_AddItemToObject(f->diff, "more", oracle_widget_json(more));
	subject = xasprintf("section '%s' empty on %s", head->text, activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

const struct oracle_kind oracle_kind_section = {
	.name = "section",
	.config_key = "oracles.section",
	.category = BUG_CAT_CONTENT_MISSING,
	.doc = "a section heading followed at once by its Show more link, with nothing shown between",
	.evidence = "the screen with the heading and the link",
	.flags = 0,
	.step_check = oracle_section_empty,
};
