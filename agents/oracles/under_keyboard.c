/*
 * under_keyboard.c - oracle 41 "under_keyboard": a form's confirm button
 * pinned to the bottom of the window that the soft keyboard covers while a
 * field is typed in (authenticator `authenticator-save-under-keyboard`,
 * modelled on KeePassDX #1770: the new-entry form's Save sits at the
 * window's bottom edge, the keyboard comes up over it, and the entry
 * cannot be saved without hiding the keyboard first).
 *
 * A step check of the screen a step landed on. The dump must hold the
 * keyboard's window (ui_tree.ime) and a focused field of the app. A
 * button is judged when it is visible, enabled and clickable, has a text
 * beginning with a confirm word (Save, Add, OK, Done, Create, Submit,
 * Confirm, Apply, Post, Send, Next, Continue, Sign, Log, Register), is in
 * no list and no navigation bar, and half its box or more lies under the
 * keyboard. It must be pinned to the bottom of the container it is in:
 * its bottom edge at most its own height above the container's, nothing
 * else in the container below it, and above it a gap of at least twice
 * its height to the content before it (the form ends well above the
 * button). A window that resizes for the keyboard (adjustResize) lifts
 * such a bar above it; here it stayed under. A button in the flow of a
 * long form (the content runs on to it) is not judged: the form scrolls,
 * and a user expects to reach its end that way.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* First words of a button that completes a form. */
static const char *const confirm_words[] = { "save", "add",  "ok",       "done", "create", "submit",
					     "confirm", "apply", "post", "send", "next",   "continue",
					     "sign", "log", "register", NULL };

static long area(const struct ui_rect *r)
{
	return (long)ui_rect_width(r) * ui_rect_height(r);
}

/* The area of a and b's overlap. */
static long overlap(const struct ui_rect *a, const struct ui_rect *b)
{
	int x1 = a->x1 > b->x1 ? a->x1 : b->x1, x2 = a->x2 < b->x2 ? a->x2 : b->x2;
	int y1 = a->y1 > b->y1 ? a->y1 : b->y1, y2 = a->y2 < b->y2 ? a->y2 : b->y2;

	return x2 > x1 && y2 > y1 ? (long)(x2 - x1) * (y2 - y1) : 0;
}

/* Whether w is a or lies inside a. */
static bool within(const struct ui_widget *w, const struct ui_widget *a)
{
	for (; w; w = w->parent)
		if (w == a)
			return true;
	return false;
}

/* Whether t has a focused field of the app. */
static bool field_focused(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i]->focused && strstr(t->nodes[i]->class_name, "EditText") &&
		    ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/*
 * Whether b is pinned to the bottom of its container: b's bottom at most b's
 * height above the container's, nothing of the container below b, and the
 * content above b ending at least twice b's height above it.
 */
static bool pinned_to_bottom(const struct ui_tree *t, const struct ui_widget *b)
{
	const struct ui_widget *box = b->parent;
	int h = ui_rect_height(&b->bounds), above;

	/* A row holding the button and its siblings (Cancel, Save) is part of the bar. */
	while (box && box->parent && ui_rect_height(&box->bounds) < 2 * h)
		box = box->parent;
	if (!box || h <= 0 || box->bounds.y2 - b->bounds.y2 > h)
		return false;
	above = box->bounds.y1;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w == box || !within(w, box) || within(w, b) || within(b, w) || !ui_widget_visible(w, &t->screen) ||
		    ui_rect_empty(&w->bounds))
			continue;
		if (w->bounds.y2 <= b->bounds.y1) {
			if (w->bounds.y2 > above)
				above = w->bounds.y2;
		} else if (w->bounds.y1 >= b->bounds.y2) {
			return false; /* something of the container below the button */
		}
	}
	return b->bounds.y1 - above >= 2 * h;
}

bool oracle_under_keyboard_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
				 const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *hit = NULL;
	char *subject, ime[64], box[64];

	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || ui_rect_empty(&after->ime) || oracle_screen_has_layer(after) || !field_focused(after))
		return false;
	for (size_t i = 0; i < after->n_nodes && !hit; i++) {
		const struct ui_widget *w = after->nodes[i];

		if (!w->clickable || !w->enabled || !w->text[0] || !ui_widget_visible(w, &after->screen) ||
		    ui_widget_in_list(w) || oracle_is_nav_item(w) || !oracle_label_begins_with(w->text, confirm_words))
			continue;
		if (overlap(&w->bounds, &after->ime) * 2 < area(&w->bounds) || !pinned_to_bottom(after, w))
			continue;
		hit = w;
	}
	if (!hit)
		return false;
	snprintf(box, sizeof(box), "[%d,%d][%d,%d]", hit->bounds.x1, hit->bounds.y1, hit->bounds.x2, hit->bounds.y2);
	snprintf(ime, sizeof(ime), "[%d,%d][%d,%d]", after->ime.x1, after->ime.y1, after->ime.x2, after->ime.y2);
	oracle_finding_init(f);
	f->oracle = "under_keyboard";
	f->category = BUG_CAT_OCCLUSION;
	f->title = xasprintf("'%s' is under the soft keyboard while a field is typed in", hit->text);
	f->expected = xasprintf("'%s' above the keyboard (the window resized for it)", hit->text);
	f->actual = xasprintf("'%s' at %s, under the keyboard at %s", hit->text, box, ime);
	f->description = xasprintf("The form's '%s' button is pinned to the bottom of the window, and the soft keyboard "
				   "covers it while a field is being typed in: it cannot be tapped until the keyboard is "
				   "hidden.",
				   hit->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "under_keyboard");
	cJSON_AddItemToObject(f->diff, "button", oracle_widget_json(hit));
	cJSON_AddStringToObject(f->diff, "keyboard", ime);
	subject = xasprintf("under keyboard %s on %s", oracle_widget_name(hit), activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

const struct oracle_kind oracle_kind_under_keyboard = {
	.name = "under_keyboard",
	.config_key = "oracles.under_keyboard",
	.category = BUG_CAT_OCCLUSION,
	.doc = "a form's confirm button pinned to the window's bottom that the soft keyboard covers while a field is typed in",
	.evidence = "the screen with the keyboard up over the button",
	.flags = 0,
	.step_check = oracle_under_keyboard_wrong,
};
