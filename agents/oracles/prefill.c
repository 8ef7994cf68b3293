/*
 * prefill.c - oracle 43 "prefill": an edit form that opens with a box
 * ticked for something the item's own page does not list (splitter
 * `splitter-edit-ticks-everyone`, spliit #2: an expense split between Ana
 * and Ben - its page lists "Ana: £15.00" and "Ben: £15.00" - opens its
 * Edit form with You, Ana and Ben ticked, so a Save splits it between
 * everyone).
 *
 * A step check of the two screens around a tap whose label says Edit,
 * Modify or Change (oracle_says_edit). Before: the item's page - no
 * dialog, no editable field. After: a form - no dialog, a visible
 * editable field - with 2 or more visible checkable boxes (not switches),
 * each labelled by its own text of 2-40 bytes. A box's label is listed on
 * the item's page when a visible text there, outside fields and
 * clickables, is the label or begins with it and then ':', " ·", " -" or
 * " (" ("Ana: £15.00"). Reported when 2 or more labels are listed, every
 * listed label's box is ticked (what the page lists is what the boxes
 * tick), and a box is ticked whose label the page lists nowhere.
 *
 * Not judged: a page whose listing may go on out of view (a listed text
 * inside a view that scrolls), boxes labelled alike. Blind: a page that
 * lists the members in a sentence ("Split between Ana and Ben") or in
 * other words than the boxes; a listed label whose box is unticked (an
 * item's page may show a thing the box means otherwise - a contact's
 * "Phone: ..." beside a "Phone" box for reminders - so an untick is not
 * judged).
 *
 * Since session 66 also an Edit in a list row that opens a form titled
 * Edit with every field empty (empty_edit, content missing).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

enum { PF_BOXES = 16, PF_LABEL_MIN = 2, PF_LABEL_MAX = 40 };

/* Whether w is a tick box: checkable, no switch or toggle button (those set an option, not a member). */
static bool is_box(const struct ui_widget *w)
{
	return w->checkable && !strstr(w->class_name, "Switch") && !strstr(w->class_name, "Toggle");
}

/* Whether text is label, or begins with it and then ':', " ·", " -", " –" or " (". */
static bool text_lists(const char *text, const char *label)
{
	size_t n = strlen(label);
	const char *rest;

	if (strncmp(text, label, n))
		return false;
	rest = text + n;
	return !*rest || *rest == ':' || !strncmp(rest, " \xc2\xb7", 3) || !strncmp(rest, " -", 2) ||
	       !strncmp(rest, " \xe2\x80\x93", 4) || !strncmp(rest, " (", 2);
}

/* Whether w sits in a view that scrolls (its listing may go on out of view). */
static bool in_scrolling_view(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (p->scrollable)
			return true;
	return false;
}

/*
 * The visible text of page t that lists label (as text_lists reads it),
 * outside fields and clickables; NULL when none. *cut is set when such a
 * text sits in a view that scrolls.
 */
static const struct ui_widget *listing_of(const struct ui_tree *t, const char *label, bool *cut)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->text[0] || strstr(w->class_name, "EditText") || w->clickable || w->checkable ||
		    !ui_widget_visible(w, &t->screen) || !text_lists(w->text, label))
			continue;
		if (in_scrolling_view(w))
			*cut = true;
		return w;
	}
	return NULL;
}

/* Whether t shows text as content: a visible widget reading it that is no control and no field. */
static bool shows_as_content(const struct ui_tree *t, const char *text)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->clickable && !ui_class_is_editable(w->class_name) && !strcmp(w->text, text) &&
		    ui_widget_visible(w, &t->screen))
			return true;
	}
	return false;
}

/*
 * Whether field w shows no value: empty, its hint, or a short placeholder
 * (1-3 words, no digit) `before` showed as no content (a button "Comment"
 * on the post is no comment's text).
 */
static bool field_blank(const struct ui_tree *before, const struct ui_widget *w)
{
	size_t words = 0;

	if (!*w->text || !strcmp(w->text, w->hint))
		return true;
	if (*w->hint || strpbrk(w->text, "0123456789") || shows_as_content(before, w->text))
		return false;
	for (const char *p = w->text; *p;) {
		p += strspn(p, " ");
		if (*p)
			words++;
		p += strcspn(p, " ");
	}
	return words <= 3;
}

/*
 * The empty variant (diff.check "empty_edit"): an Edit tapped inside a list
 * row - the row is the item - opens a page titled with Edit whose visible
 * fields all show nothing (blank, their hint, or a short placeholder), while
 * the row showed a text of its own with letters (its content, 3+ bytes):
 * the form lost what it edits, and a Save would empty it (lemmy
 * `lemmy-edit-comment-empty`, jerboa #895: Edit on one's own comment opens
 * an empty text box). Content missing.
 */
static bool empty_edit(const struct ui_tree *before, const struct ui_tree *after, const char *activity_after,
		       const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before), *row, *content = NULL;
	const char *title = oracle_app_bar_title(after);
	size_t fields = 0;

	if (!w || !(row = oracle_enclosing_row(w)) || !title || !oracle_says_edit(title))
		return false;
	for (size_t i = row->order, end = ui_subtree_end(before, row); i < end; i++) {
		const struct ui_widget *c = before->nodes[i];

		if (c->clickable || !*c->text || !ui_widget_visible(c, &before->screen) || strlen(c->text) < 3 ||
		    !strpbrk(c->text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
			continue;
		if (!content || strlen(c->text) > strlen(content->text))
			content = c;
	}
	if (!content)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *c = after->nodes[i];

		if (!ui_class_is_editable(c->class_name) || !ui_widget_visible(c, &after->screen))
			continue;
		if (c->password || !field_blank(before, c))
			return false;
		fields++;
	}
	if (!fields)
		return false;
	oracle_finding_init(f);
	f->oracle = "prefill";
	f->category = BUG_CAT_CONTENT_MISSING;
	f->title = xasprintf("'%s' opens its form empty", title);
	f->expected = xasprintf("the form holding what it edits (\"%s\")", content->text);
	f->actual = xstrdup("every field of the form is empty");
	f->description = xasprintf("Edit was tapped in the row showing \"%s\"; the page it opened, '%s', shows "
				   "every field empty: a Save would replace the item with nothing.",
				   content->text, title);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "empty_edit");
	cJSON_AddItemToObject(f->diff, "content", oracle_widget_json(content));
	{
		char *subject = xasprintf("empty edit form '%s' on %s", title, activity_after ? activity_after : "?");

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

bool oracle_prefill_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *box[PF_BOXES], *listed[PF_BOXES], *extra = NULL;
	char label[256];
	size_t n = 0, n_listed = 0;
	bool cut = false;

	(void)activity_before;
	if (!before || !after || !done || done->type != ACTION_CLICK || oracle_screen_has_layer(before) ||
	    oracle_screen_has_layer(after) || oracle_shows_field(before) || !oracle_shows_field(after))
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	if (!oracle_says_edit(label))
		return false;
	if (empty_edit(before, after, activity_after, done, f))
		return true;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		size_t len = strlen(w->text);

		if (!is_box(w) || !ui_widget_visible(w, &after->screen))
			continue;
		if (len < PF_LABEL_MIN || len > PF_LABEL_MAX || n == PF_BOXES)
			return false; /* a box named otherwise, or too many to read as members */
		for (size_t j = 0; j < n; j++)
			if (!strcmp(box[j]->text, w->text))
				return false;
		box[n++] = w;
	}
	if (n < 2)
		return false;
	for (size_t i = 0; i < n; i++) {
		listed[i] = listing_of(before, box[i]->text, &cut);
		if (listed[i]) {
			if (!box[i]->checked)
				return false; /* the page lists more than the ticks: not a listing of them */
			n_listed++;
		} else if (box[i]->checked && !extra) {
			extra = box[i];
		}
	}
	if (cut || n_listed < 2 || !extra)
		return false;

	oracle_finding_init(f);
	f->oracle = "prefill";
	f->category = BUG_CAT_DATA_OPERATION;
	{
		const char *title = oracle_app_bar_title(before);
		char *names = NULL, *subject;

		for (size_t i = 0; i < n; i++) {
			char *t;

			if (!listed[i])
				continue;
			t = names ? xasprintf("%s, '%s'", names, box[i]->text) : xasprintf("'%s'", box[i]->text);
			free(names);
			names = t;
		}
		f->title = xasprintf("The edit form ticks '%s', which the item's page does not list", extra->text);
		f->expected = xasprintf("the boxes ticked as the page%s%s%s lists them: %s", title ? " '" : "",
					title ? title : "", title ? "'" : "", names);
		f->actual = xasprintf("'%s' ticked too", extra->text);
		f->description = xasprintf("The page%s%s%s lists %s; the tap on Edit opened a form whose boxes tick "
					   "those and '%s' as well: saving it unchanged would add '%s'.",
					   title ? " '" : "", title ? title : "", title ? "'" : "", names, extra->text,
					   extra->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "prefill");
		cJSON_AddItemToObject(f->diff, "box", oracle_widget_json(extra));
		for (size_t i = 0; i < n; i++)
			if (listed[i]) {
				cJSON_AddItemToObject(f->diff, "listed", oracle_widget_json(listed[i]));
				break;
			}
		subject = xasprintf("edit form ticks %s on %s", oracle_widget_name(extra),
				    activity_after ? activity_after : "?");
		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
		free(names);
	}
	return true;
}

const struct oracle_kind oracle_kind_prefill = {
	.name = "prefill",
	.config_key = "oracles.prefill",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "an edit form that opens with a box ticked for something the item's page does not list, "
	       "while the page lists 2+ of the boxes' labels and those are ticked",
	.evidence = "the item's page with its listing, the form with the boxes",
	.flags = 0,
	.step_check = oracle_prefill_wrong,
};
