/*
 * feedback.c - oracle "feedback" (oracle 16): a form submitted with an
 * empty or invalid field that leaves the screen exactly as it was, with no
 * error text, no dialog and no toast: the app refused the input without a
 * word (or silently dropped it). A variant (typed_text_thrown_away): a
 * confirm or Send with the form's first field empty that empties the
 * fields typed below it and changes nothing else: the typed text thrown
 * away without a word (messages: Send with no recipient).
 *
 * The pure check (oracle_feedback_missing, agents/oracle.h) compares the
 * trees before and after the confirm; a toast is not in the tree, so the
 * Explorer and the recheck look for a toast bubble on the screenshot
 * (screen_find_toast) and never report when one shows.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/input_gen.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/image.h"
#include "core/screen_read.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* How many of a replay's last screens the recheck keeps (back to the page under a dialog, and to the start of the form's visit). */
#define FEEDBACK_LAST_SCREENS 24

/*
 * Why a field's value should be refused: "empty", "letters", ...; NULL when
 * it looks valid. `first`: the text the field showed when its screen was
 * first seen (dumps without a hint attribute show the placeholder as text).
 */
static const char *invalid_value(const struct ui_widget *w, const char *first)
{
	const char *t = w->text;
	size_t len = strlen(t);

	if (!len || !strcmp(t, w->hint) || (first && !strcmp(t, first)))
		return "empty";
	if (isspace((unsigned char)t[0]) || isspace((unsigned char)t[len - 1]))
		return "spaces around";
	if (len >= 100)
		return "too long";
	switch (input_gen_kind(w)) {
	case INPUT_KIND_NUMBER: case INPUT_KIND_POSTAL: case INPUT_KIND_PHONE:
	case INPUT_KIND_CARD: case INPUT_KIND_CVV:
		for (const char *c = t; *c; c++)
			if (isalpha((unsigned char)*c))
				return "letters in a number";
		if (t[0] == '-')
			return "negative";
		break;
	default:
		break;
	}
	return NULL;
}

/*
 * Visible texts (text, else content-desc) of t, sorted, those of fields too
 * when `fields`; count in *n. Caller frees the array only.
 */
static const char **visible_texts(const struct ui_tree *t, bool fields, size_t *n)
{
	const char **out = xcalloc(t->n_nodes + 1, sizeof(*out));

	*n = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *s = *w->text ? w->text : w->content_desc;

		if (*s && (fields || !ui_class_is_editable(w->class_name)) && ui_widget_visible(w, &t->screen))
			out[(*n)++] = s;
	}
	qsort(out, *n, sizeof(*out), oracle_cmp_str);
	return out;
}

/* Whether a and b show the same visible texts (as multisets), those of fields too when `fields`. */
static bool same_texts(const struct ui_tree *a, const struct ui_tree *b, bool fields)
{
	size_t na, nb;
	const char **ta = visible_texts(a, fields, &na), **tb = visible_texts(b, fields, &nb);
	bool same = na == nb;

	for (size_t i = 0; same && i < na; i++)
		same = strcmp(ta[i], tb[i]) == 0;
	free(ta);
	free(tb);
	return same;
}

/*
 * A dialog confirmed with its name or title field empty that closed and
 * left a text of the page behind it blank (the list's title gone): the
 * empty name was taken without a word. `page`: the page as the dialog
 * opened over it (a dialog's dump may hold only the dialog; NULL: read the
 * page behind the dialog on `before`). A title outside lists that now shows
 * `app_label` (Android's toolbar shows the app's label when a page sets an
 * empty title; NULL when unknown) is blank too. The blanked widget (*was:
 * the one it was on the page), or NULL.
 */
static const struct ui_widget *blanked_by_empty_name(const struct ui_tree *before, const struct ui_tree *page,
						     const struct ui_tree *after, const struct ui_widget *bad,
						     const char *why, const char *app_label,
						     const struct ui_widget **was)
{
	enum input_kind k = input_gen_kind(bad);

	/* The dialog closed: a window or layer fewer, or (a dialog's dump holds only the dialog, and the
	 * page's own panes may count as layers) no dialog any more. */
	if (strcmp(why, "empty") || (k != INPUT_KIND_NAME && k != INPUT_KIND_TITLE) ||
	    oracle_screen_has_layer(after) ||
	    (after->n_roots >= before->n_roots && oracle_count_layers(after) >= oracle_count_layers(before) &&
	     !oracle_screen_has_layer(before)))
		return NULL;
	if (!page)
		page = before;
	for (size_t i = 0; i < page->n_nodes; i++) {
		const struct ui_widget *w = page->nodes[i], *o;

		if (!*w->text || w->clickable || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &page->screen))
			continue;
		o = oracle_find_counterpart(after, page, w);
		if (!o || oracle_shows_text(after, w->text))
			continue;
		*was = w;
		if (!*o->text && !*o->content_desc)
			return o;
		if (app_label && *app_label && !strcmp(o->text, app_label) && strcmp(w->text, app_label) &&
		    !oracle_enclosing_row(w) && !oracle_enclosing_row(o))
			return o;
		*was = NULL;
	}
	return NULL;
}

/*
 * Whether the resource-id tail `id` holds "send" as a word of its own:
 * between underscores or other non-letters ("send", "btn_send",
 * "send_button"), or as a capitalised part of a camel-case name
 * ("sendButton", "btnSend"). "sender" and "resend" are none.
 */
static bool id_has_send_word(const char *id)
{
	for (const char *p = id; (p = strcasestr(p, "send")) != NULL; p++) {
		bool starts = p == id || !isalpha((unsigned char)p[-1]) ||
			      (*p == 'S' && islower((unsigned char)p[-1]));
		bool ends = !islower((unsigned char)p[4]);

		if (starts && ends)
			return true;
	}
	return false;
}

/*
 * Whether `done` is a tap on Send (its label's first word, or a word of its
 * resource-id). Not a confirm for the other checks: a chat's Send with
 * nothing typed rightly does nothing, so a Send is judged only when it
 * throws typed text away (typed_text_thrown_away).
 */
static bool is_send(const struct action *done)
{
	const char *l = done && done->widget_text ? done->widget_text : "";
	const char *id = done && done->resource_id ? strrchr(done->resource_id, '/') : NULL;

	if (!done || done->type != ACTION_CLICK)
		return false;
	if (!strncasecmp(l, "send", 4) && !isalpha((unsigned char)l[4]))
		return true;
	return id && id_has_send_word(id + 1);
}

/* Whether done is a bare Send: its text "Send", "Send now", "Send all", "Send again" or "Resend" (any case). */
static bool bare_send(const struct action *done)
{
	static const char *const labels[] = { "send", "send now", "send all", "send again", "resend", NULL };
	char low[32];

	if (!done || done->type != ACTION_CLICK || !done->widget_text || strlen(done->widget_text) >= sizeof(low))
		return false;
	oracle_trim_into(low, sizeof(low), done->widget_text);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (size_t i = 0; labels[i]; i++)
		if (!strcmp(low, labels[i]))
			return true;
	return false;
}

/*
 * Whether done presses a price: an enabled button (not a toggle) labelled
 * "Buy" or "Purchase" (with more words or not), or a price alone - a
 * number with a currency or a game's money ("10 Gold", "$4.99", "4,99 \u20ac",
 * "25 gems"). A purchase either buys (the balance, the item or a message
 * changes) or says why not (quests `quests-reward-gold-not-updated`,
 * habitica-android #124: a custom reward's "10 Gold" takes the gold and
 * shows neither a message nor the new balance). In a list row too: a
 * shop's rows carry their prices.
 */
static bool price_press(const struct ui_tree *before, const struct action *done)
{
	static const char *const buy[] = { "buy", "purchase", NULL };
	static const char *const money[] = { "gold", "gems", "gem", "coins", "coin", "credits", "credit", "diamonds",
					     "tokens", "$", "\xe2\x82\xac", "\xc2\xa3", "usd", "eur", "gbp", NULL };
	const struct ui_widget *w;
	char low[48];
	const char *p;
	bool digits = false, unit = false;

	if (!done || done->type != ACTION_CLICK || !done->widget_text || strlen(done->widget_text) >= sizeof(low))
		return false;
	w = action_resolve(done, before);
	if (!w || !w->enabled || w->checkable || !w->clickable)
		return false;
	oracle_trim_into(low, sizeof(low), done->widget_text);
	oracle_lower_into(low, sizeof(low), low);
	if (oracle_label_begins_with(low, buy))
		return true;
	/* A price alone: an optional symbol, digits with one separator, an optional money word or symbol. */
	for (p = low; *p;) {
		size_t n = 0;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (isdigit((unsigned char)*p)) {
			if (digits)
				return false;
			n = strspn(p, "0123456789.,");
			digits = true;
		} else {
			size_t k;

			for (k = 0; money[k]; k++)
				if (!strncmp(p, money[k], strlen(money[k])) &&
				    (!isalpha((unsigned char)money[k][0]) || !isalpha((unsigned char)p[strlen(money[k])])))
					break;
			if (!money[k] || unit)
				return false;
			n = strlen(money[k]);
			unit = true;
		}
		p += n;
	}
	return digits && unit;
}

/*
 * Whether done is a press of a plain button on before (android.widget.Button
 * or a Material/AppCompat button; not a toggle, a list row's button, a
 * disabled one, one of three buttons side by side or more) whose label is
 * a phrase of two words or more asking for something to happen that
 * always shows: not one that may rightly do nothing on a page as it is
 * (Cancel, Clear, Refresh, Undo, Show more, Select, Mark, Set...), not one
 * that leaves the page or the app (Open, Share, Help), not a media or
 * follow control (control.c).
 * pillbox `pillbox-none-left-silent` (did-i-take-my-meds #62): "I just took
 * it" with nothing in stock records nothing and says nothing.
 */
/* Whether w is a plain push button: android.widget.Button, a MaterialButton or an AppCompatButton. */
static bool is_plain_button(const struct ui_widget *w)
{
	const char *dot = strrchr(w->class_name, '.');

	dot = dot ? dot + 1 : w->class_name;
	return !strcmp(dot, "Button") || !strcmp(dot, "MaterialButton") || !strcmp(dot, "AppCompatButton");
}

/*
 * Whether w is one half of a two-button switch: its parent holds just w and
 * one other plain button, side by side on one line ("Per 100 g" | "Per
 * serving" above a nutrition table). The half already chosen rightly
 * changes nothing when pressed again (foodfacts' fixed twin).
 */
static bool segment_pair(const struct ui_widget *w)
{
	const struct ui_widget *p = w->parent, *o;

	if (!p || p->n_children != 2)
		return false;
	o = p->children[0] == w ? p->children[1] : p->children[0];
	return is_plain_button(o) && o->bounds.y1 == w->bounds.y1 && o->bounds.y2 == w->bounds.y2 &&
	       (o->bounds.x1 >= w->bounds.x2 || o->bounds.x2 <= w->bounds.x1);
}

static bool plain_button_press(const struct ui_tree *before, const struct action *done)
{
	static const char *const maybe_nothing[] = {
		"cancel", "close", "dismiss", "clear", "reset", "refresh", "reload", "retry", "sync", "undo", "redo",
		"back", "skip", "next", "previous", "prev", "more", "less", "show", "hide", "expand", "collapse",
		"load", "select", "deselect", "ok", "okay", "got", "later", "not", "no", "yes", "copy", "share",
		"export", "import", "open", "view", "see", "help", "learn", "about", "sort", "filter", "search", "find",
		"play", "pause", "stop", "resume", "mute", "unmute", "follow", "unfollow", "check", "scan", "test",
		"try", "continue", "go", "done", "login", "log", "sign", "connect", "disconnect", "update", "install",
		"download", "upgrade", "allow", "deny", "send", "resend", "mark", "set", "use", "enable", "disable",
		"turn", "switch", "change", "edit", "choose", "pick", "keep", "save", "apply", NULL
	};
	const struct ui_widget *w;
	char low[64];
	size_t siblings = 0, words = 0;

	if (!done || done->type != ACTION_CLICK || !done->widget_text || !*done->widget_text)
		return false;
	w = action_resolve(done, before);
	if (!w || !w->enabled || w->checkable || oracle_enclosing_row(w))
		return false;
	if (!is_plain_button(w))
		return false;
	/* One of three buttons side by side or more: a choice group (System default, Light, Dark) or a keypad,
	 * whose chosen key rightly changes nothing when pressed again (browser's and calc's fixed twins). */
	for (size_t i = 0; w->parent && i < w->parent->n_children; i++)
		siblings += w->parent->children[i] != w && is_plain_button(w->parent->children[i]);
	if (siblings >= 2 || segment_pair(w))
		return false;
	oracle_trim_into(low, sizeof(low), done->widget_text);
	if (!isalpha((unsigned char)low[0]) || oracle_label_begins_with(low, maybe_nothing))
		return false;
	/* A phrase of two words or more: a single word is a choice or a key ("Dark", "AC") more often than a request. */
	for (const char *p = low; *p;) {
		p += strspn(p, " ");
		if (*p)
			words++;
		p += strcspn(p, " ");
	}
	return words >= 2;
}

/* Whether a visible text of t outside fields holds the first 12 bytes of s (any case). */
static bool plain_text_holds(const struct ui_tree *t, const char *s)
{
	char head[13];
	size_t n = strlen(s) < sizeof(head) - 1 ? strlen(s) : sizeof(head) - 1;

	memcpy(head, s, n);
	head[n] = '\0';
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen) &&
		    strcasestr(w->text, head))
			return true;
	}
	return false;
}

/*
 * A confirm pressed with `bad` empty that emptied the form's other typed
 * fields and changed nothing else (messages `messages-no-recipient-silent`,
 * cht-core #634: Send with no recipient throws the typed message away
 * without a word). Every text outside fields reads as before (no error, no
 * message), `bad` still shows what it showed, and each field that changed
 * comes after `bad` on the form (`bad` is the one filled first: a quick-add
 * field with an empty note below it is not judged), went back to the text
 * it showed when the form was first seen (`first`), and held a typed value
 * that no text outside fields shows now (the entry was not added where it
 * can be seen). The first such field, or NULL.
 */
static const struct ui_widget *typed_text_thrown_away(const struct ui_tree *before, const struct ui_tree *after,
						      const struct ui_tree *first, const struct ui_widget *bad)
{
	const struct ui_widget *cleared = NULL;
	bool past_bad = false;

	if (!first || !same_texts(before, after, false))
		return NULL;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i], *o, *s;
		char typed[256];

		if (!ui_class_is_editable(w->class_name) || !w->enabled || !ui_widget_visible(w, &before->screen))
			continue;
		o = oracle_find_counterpart(after, before, w);
		if (!o || !ui_class_is_editable(o->class_name))
			return NULL;
		if (w == bad) {
			past_bad = true;
			if (strcmp(o->text, w->text) != 0)
				return NULL;
			continue;
		}
		if (!strcmp(o->text, w->text))
			continue;
		s = oracle_find_counterpart(first, before, w);
		oracle_trim_into(typed, sizeof(typed), w->text);
		if (!past_bad || !s || strcmp(o->text, s->text) != 0 || !strcmp(w->text, s->text) || !*typed ||
		    !strcmp(w->text, w->hint) || plain_text_holds(after, typed))
			return NULL;
		if (!cleared)
			cleared = w;
	}
	return cleared;
}

/* Whether the resource-id's own part (after ":id/") holds "title" or "name". */
static bool id_names_title(const char *rid)
{
	const char *own = strstr(rid, ":id/");
	char low[128];

	oracle_lower_into(low, sizeof(low), own ? own + 4 : rid);
	return strstr(low, "title") || strstr(low, "name");
}

/* Rows of t's list whose title widget has resource-id rid (*n), and how many of those are blank (*blank). */
static void title_rows(const struct ui_tree *t, const char *rid, size_t *n, size_t *blank)
{
	*n = *blank = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (strcmp(w->resource_id, rid) || !oracle_enclosing_row(w) || !ui_widget_visible(w, &t->screen))
			continue;
		(*n)++;
		if (!*w->text && !*w->content_desc)
			(*blank)++;
	}
}

/* Whether every text and description in the list row holding w is empty. */
static bool row_all_blank(const struct ui_tree *t, const struct ui_widget *w)
{
	const struct ui_widget *row = oracle_enclosing_row(w);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *v = t->nodes[i];

		if (oracle_enclosing_row(v) == row && (*v->text || *v->content_desc))
			return false;
	}
	return true;
}

/*
 * A save with the form's name or title field (`bad`, empty) that closed
 * the form (`after` has no field with bad's resource-id) and shows a list
 * row whose title widget (a resource-id holding "title" or "name") is
 * blank beside a text that another field of the form held, typed this
 * visit (`first`: the form as first seen; a unique generated value ties the
 * row to this save): the entry was added without its name, and nothing
 * said the name was missing (passwords: an entry saved without a title).
 * With nothing typed beside it, a row blank throughout that `list` (the
 * page as seen before the form, or NULL) shows to be new. The blank
 * widget (*shown: the typed text beside it, or NULL), or NULL.
 */
static const struct ui_widget *row_left_blank(const struct ui_tree *before, const struct ui_tree *after,
					      const struct ui_tree *first, const struct ui_widget *bad,
					      const char *why, const struct ui_tree *list, const struct ui_widget **shown)
{
	enum input_kind k = input_gen_kind(bad);

	*shown = NULL;
	if (!first || strcmp(why, "empty") || (k != INPUT_KIND_NAME && k != INPUT_KIND_TITLE) || !*bad->resource_id)
		return NULL;
	for (size_t i = 0; i < after->n_nodes; i++)
		if (!strcmp(after->nodes[i]->resource_id, bad->resource_id))
			return NULL; /* the form is still there */
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i], *row = oracle_enclosing_row(w);

		if (!row || *w->text || *w->content_desc || ui_class_is_editable(w->class_name) ||
		    !*w->resource_id || !id_names_title(w->resource_id) || !ui_widget_visible(w, &after->screen))
			continue;
		for (size_t j = 0; j < after->n_nodes; j++) {
			const struct ui_widget *v = after->nodes[j];
			char seen[256];

			if (v == w || !*v->text || oracle_enclosing_row(v) != row || !ui_widget_visible(v, &after->screen))
				continue;
			oracle_trim_into(seen, sizeof(seen), v->text);
			if (strlen(seen) < 3)
				continue;
			for (size_t f = 0; f < before->n_nodes; f++) {
				const struct ui_widget *fw = before->nodes[f], *o;
				char typed[256];

				if (fw == bad || !ui_class_is_editable(fw->class_name) || !ui_widget_visible(fw, &before->screen))
					continue;
				oracle_trim_into(typed, sizeof(typed), fw->text);
				o = oracle_find_counterpart(first, before, fw);
				if (!strcmp(typed, seen) && strcmp(fw->text, fw->hint) != 0 && (!o || strcmp(o->text, fw->text))) {
					*shown = v;
					return w;
				}
			}
		}
	}
	/*
	 * Nothing typed shows beside it (the other fields were left empty too): a row blank throughout is
	 * this save's only when the list as the run saw it before the form (same page, no field) had one
	 * row fewer of that title widget and none blank, and other rows carry a title.
	 */
	for (size_t i = 0; list && i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		size_t n0, b0, n1, b1;

		if (!oracle_enclosing_row(w) || *w->text || *w->content_desc || !*w->resource_id ||
		    !id_names_title(w->resource_id) || !ui_widget_visible(w, &after->screen) || !row_all_blank(after, w))
			continue;
		title_rows(list, w->resource_id, &n0, &b0);
		title_rows(after, w->resource_id, &n1, &b1);
		if (n0 >= 1 && b0 == 0 && n1 == n0 + 1 && b1 == 1)
			return w;
	}
	return NULL;
}

bool oracle_feedback_missing(const struct ui_tree *before, const char *activity_before,
			     const struct ui_tree *after, const char *activity_after, const struct action *done,
			     const struct ui_tree *first, struct oracle_finding *f)
{
	return oracle_feedback_missing_in_visit(before, activity_before, after, activity_after, done, first, NULL,
						NULL, NULL, NULL, NULL, f);
}

/*
 * A dialog confirmed with its name or title field holding, typed in this
 * visit (not what it showed when this visit began: a Rename dialog shows
 * the current name), a name that a list row of the
 * page under it already shows (any case, trimmed), after which the dialog
 * closed on that page (same activity, no layer, the field gone) and every
 * text outside fields reads as on the page before: nothing was created and
 * nothing said why (files `files-existing-folder-silent`, Azure Storage
 * Explorer #2757: a folder named like an existing one). An app that adds
 * the duplicate, or says the name is taken, changes a text. The field,
 * or NULL; *row: the row text that holds the name.
 */
static const struct ui_widget *taken_name_ignored(const struct ui_tree *before, const struct ui_tree *after,
						  const struct ui_tree *visit, const struct ui_tree *page,
						  const char *page_activity, const char *activity_after,
						  const struct ui_widget **row)
{
	if (!page || !oracle_screen_has_layer(before) || oracle_screen_has_layer(after) ||
	    !oracle_same_activity(page_activity, activity_after) || !same_texts(page, after, false))
		return NULL;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i], *o;
		enum input_kind k;
		char value[128];

		if (!ui_class_is_editable(w->class_name) || !w->enabled || !ui_widget_visible(w, &before->screen))
			continue;
		k = input_gen_kind(w);
		if (k != INPUT_KIND_NAME && k != INPUT_KIND_TITLE)
			continue;
		oracle_trim_into(value, sizeof(value), oracle_field_value(w));
		o = visit ? oracle_find_counterpart(visit, before, w) : NULL;
		if (!*value || (o && !strcmp(o->text, w->text)) || (*w->resource_id && oracle_field_by_id(after, w->resource_id, true)))
			continue;
		for (size_t j = 0; j < page->n_nodes; j++) {
			const struct ui_widget *r = page->nodes[j];
			char text[128];

			if (!*r->text || ui_class_is_editable(r->class_name) || !oracle_enclosing_row(r) ||
			    !ui_widget_visible(r, &page->screen))
				continue;
			oracle_trim_into(text, sizeof(text), r->text);
			if (!strcasecmp(text, value)) {
				*row = r;
				return w;
			}
		}
	}
	return NULL;
}

bool oracle_feedback_missing_on_page(const struct ui_tree *before, const char *activity_before,
				     const struct ui_tree *after, const char *activity_after,
				     const struct action *done, const struct ui_tree *first,
				     const struct ui_tree *page, const char *page_activity, const char *app_label,
				     struct oracle_finding *f)
{
	return oracle_feedback_missing_in_visit(before, activity_before, after, activity_after, done, first, NULL,
						page, page_activity, NULL, app_label, f);
}

/*
 * The heading of a form that creates something: a visible plain text outside
 * lists and fields, up to 40 bytes, whose first word is New, Add or Create
 * ("New refueling", "Add card"), or Edit when `edit` ("Edit split
 * transaction": the caller has seen the run change the form), or NULL.
 */
static const struct ui_widget *new_item_heading(const struct ui_tree *t, bool edit)
{
	static const char *const creates[] = { "new", "add", "create", NULL };
	static const char *const edits[] = { "new", "add", "create", "edit", NULL };
	const char *const *words = edit ? edits : creates;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		size_t len = strlen(w->text);

		if (!len || len > 40 || w->clickable || ui_class_is_editable(w->class_name) || ui_widget_in_list(w) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		for (size_t k = 0; words[k]; k++) {
			size_t n = strlen(words[k]);

			if (!strncasecmp(w->text, words[k], n) && w->text[n] == ' ')
				return w;
		}
	}
	return NULL;
}

static bool missing_in_visit(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			     const char *activity_after, const struct action *done, const struct ui_tree *first,
			     const struct ui_tree *visit, const struct ui_tree *page, const char *page_activity,
			     const struct ui_tree *list, const char *app_label, struct oracle_finding *f)
{
	const struct ui_widget *bad = NULL;
	const char *why = NULL;
	size_t n_fields = 0;

	const struct ui_widget *blank = NULL, *was = NULL, *thrown = NULL, *row_blank = NULL, *beside = NULL;
	const struct ui_widget *heading = NULL;
	bool same_activity, refused;

	if (!before || !after || !done || done->type != ACTION_CLICK || (!oracle_is_save_action(done) && !is_send(done)))
		return false;
	same_activity = oracle_same_activity(activity_before, activity_after);
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];

		if (!ui_class_is_editable(w->class_name) || !w->enabled || !ui_widget_visible(w, &before->screen))
			continue;
		n_fields++;
		if (!bad) {
			const struct ui_widget *o = first ? oracle_find_counterpart(first, before, w) : NULL;

			if ((why = invalid_value(w, o && ui_class_is_editable(o->class_name) ? o->text : NULL)) != NULL)
				bad = w;
		}
	}
	/*
	 * A message the form did not show when this visit to it began (an error from an earlier press) is
	 * feedback already given. The visit, not the first sight: a form opened for another record or group
	 * shows another heading ("Edit expense", "New expense in Lisbon trip"), which is no message. Nor is
	 * the new label of a control the visit began with (a picker's button after a choice: "Deck: European
	 * capitals" for "Deck: Spanish vocabulary"); a control that a press added still counts.
	 */
	/*
	 * Every field valid on a form that creates something (two fields or more, as
	 * first seen known), and a Save after which nothing at all changed: the
	 * entry was refused and nothing said why (fuellog's odometer below the last
	 * refueling's; an end time before the start).
	 */
	if (!visit)
		visit = first;
	/* An edit form too, once it reads otherwise than when first seen or when this visit began (the run
	 * changed it): a Save of changes that neither saves nor says why (ledger
	 * `ledger-split-account-change-silent`, MyExpenses #1748: a split moved to another account). A chooser
	 * page between starts a new visit, so the first sight counts too. */
	refused = !bad && first && n_fields >= 2 && same_activity && oracle_is_save_action(done) &&
		  (heading = new_item_heading(before, !same_texts(first, before, true) ||
							      (visit && !same_texts(visit, before, true)))) != NULL;
	/* A row saved without its name is judged whatever the form said before (an earlier error did not stop this save). */
	if (bad && oracle_is_save_action(done))
		row_blank = row_left_blank(before, after, first, bad, why, list, &beside);
	for (size_t i = 0; visit && (bad || refused) && !row_blank && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const struct ui_widget *o;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &before->screen) ||
		    oracle_shows_text(visit, w->text))
			continue;
		if (w->clickable && *w->resource_id && (o = oracle_find_counterpart(visit, before, w)) != NULL &&
		    o->clickable && ui_widget_visible(o, &visit->screen))
			continue;
		return false;
	}
	if (refused && after->n_roots == before->n_roots && oracle_count_layers(after) == oracle_count_layers(before) &&
	    oracle_screen_has_layer(after) == oracle_screen_has_layer(before) && same_texts(before, after, true)) {
		const char *press = done->widget_text && *done->widget_text ? done->widget_text : "Save";

		oracle_finding_init(f);
		f->oracle = "feedback";
		f->category = BUG_CAT_FEEDBACK_MISSING;
		f->title = xasprintf("'%s' on '%s' with every field filled changes nothing and says nothing", press,
				     heading->text);
		f->expected = xstrdup("the entry saved (the form closes or clears), or an error saying which value is "
				      "refused");
		f->actual = xstrdup("the form reads exactly as before: the same values, no error, dialog or toast");
		f->description = xasprintf("'%s' was pressed on '%s' with all %zu fields holding values that look "
					   "valid. Nothing changed: the form kept every value, and no error text, "
					   "dialog or toast says whether the entry was saved or why not.",
					   press, heading->text, n_fields);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "refused_silently");
		cJSON_AddItemToObject(f->diff, "heading", oracle_widget_json(heading));
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	if (!bad) {
		const struct ui_widget *taken, *row = NULL;

		if (!oracle_is_save_action(done) ||
		    !(taken = taken_name_ignored(before, after, visit, page, page_activity, activity_after, &row)))
			return false;
		oracle_finding_init(f);
		f->oracle = "feedback";
		f->category = BUG_CAT_FEEDBACK_MISSING;
		f->title = xasprintf("'%s' with a name already taken closes the dialog and says nothing",
				     done->widget_text && *done->widget_text ? done->widget_text : "OK");
		f->expected = xasprintf("an error that the name '%s' is taken, or a new entry", taken->text);
		f->actual = xasprintf("the dialog closed, nothing was added and no message shows (\"%s\" when found)",
				      row->text);
		f->description = xasprintf("'%s' was pressed with '%s' holding \"%s\", the name of a row the page "
					   "already lists. The dialog closed, the page reads exactly as before and no "
					   "error, dialog or toast says why nothing was created.",
					   done->widget_text && *done->widget_text ? done->widget_text : "OK",
					   oracle_widget_name(taken), taken->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "taken_silent");
		cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(taken));
		cJSON_AddItemToObject(f->diff, "row", oracle_widget_json(row));
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	if (row_blank) {
		/* judged below: the form closed on a row without its name */
	} else if (!same_activity) {
		return false;
	} else if (after->n_roots != before->n_roots || oracle_count_layers(after) != oracle_count_layers(before) ||
	    oracle_screen_has_layer(after) != oracle_screen_has_layer(before)) {
		if (page && !oracle_same_activity(page_activity, activity_after))
			page = NULL;
		blank = blanked_by_empty_name(before, page, after, bad, why, app_label, &was);
		if (!blank)
			return false; /* a dialog opened or closed: a response of its own */
	} else if (!same_texts(before, after, true)) {
		if (strcmp(why, "empty") != 0 || !(thrown = typed_text_thrown_away(before, after, first, bad)))
			return false;
	}
	if (!thrown && !oracle_is_save_action(done))
		return false; /* a Send that kept the screen as it was: not judged */
	oracle_finding_init(f);
	f->oracle = "feedback";
	f->category = BUG_CAT_FEEDBACK_MISSING;
	if (row_blank) {
		const char *press = done->widget_text && *done->widget_text ? done->widget_text : "Save";

		/* Titled apart: a path minimised from one must show the same (the value typed beside the blank). */
		if (beside)
			f->title = xasprintf("'%s' with an empty '%s' is accepted without a word: the new row has no %s",
					     press, oracle_widget_name(bad),
					     input_gen_kind(bad) == INPUT_KIND_TITLE ? "title" : "name");
		else
			f->title = xasprintf("'%s' with an empty '%s' is accepted without a word: a blank row is added",
					     press, oracle_widget_name(bad));
		f->expected = xasprintf("an error on '%s' (it cannot be empty), with the form kept open",
					oracle_widget_name(bad));
		if (beside) {
			f->actual = xasprintf("the form closed with no error, and a row showing \"%s\" has '%s' blank",
					      beside->text, oracle_widget_name(row_blank));
			f->description = xasprintf("'%s' was pressed with '%s' empty. The form closed without an error, "
						   "dialog or toast, and the list now has a row with the value typed on "
						   "the form (\"%s\") and a blank '%s': the entry was saved without its %s.",
						   press, oracle_widget_name(bad), beside->text,
						   oracle_widget_name(row_blank),
						   input_gen_kind(bad) == INPUT_KIND_TITLE ? "title" : "name");
		} else {
			f->actual = xasprintf("the form closed with no error, and the list has one row more than before "
					      "the form, blank throughout ('%s' empty)", oracle_widget_name(row_blank));
			f->description = xasprintf("'%s' was pressed with '%s' empty. The form closed without an error, "
						   "dialog or toast, and the list it returned to has one row more than "
						   "before, with nothing in it: the entry was saved without its %s.",
						   press, oracle_widget_name(bad),
						   input_gen_kind(bad) == INPUT_KIND_TITLE ? "title" : "name");
		}
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "blank_row");
		cJSON_AddStringToObject(f->diff, "invalid", why);
		cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(bad));
		cJSON_AddItemToObject(f->diff, "blank", oracle_widget_json(row_blank));
		if (beside)
			cJSON_AddItemToObject(f->diff, "beside", oracle_widget_json(beside));
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	if (blank) {
		f->title = xasprintf("'%s' with an empty '%s' is accepted without a word", done->widget_text &&
				     *done->widget_text ? done->widget_text : "OK", oracle_widget_name(bad));
		f->expected = xasprintf("an error on '%s' (a name cannot be empty), or the old value kept",
					oracle_widget_name(bad));
		if (*blank->text)
			f->actual = xasprintf("the dialog closed and the title that showed '%s' now shows '%s', "
					      "the app's label (no title of its own)", was->text, blank->text);
		else
			f->actual = xasprintf("the dialog closed and '%s' is now blank", oracle_widget_name(blank));
		f->description = xasprintf("The dialog was confirmed with '%s' empty; it closed with no error, "
					   "and the page behind it no longer shows '%s': %s.",
					   oracle_widget_name(bad), was->text, f->actual);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "feedback");
		cJSON_AddStringToObject(f->diff, "invalid", why);
		cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(bad));
		cJSON_AddItemToObject(f->diff, "blanked", oracle_widget_json(blank));
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	if (thrown) {
		const char *press = done->widget_text && *done->widget_text ? done->widget_text : "OK";

		f->title = xasprintf("'%s' with an empty '%s' throws away the text typed into '%s' without a word",
				     press, oracle_widget_name(bad), oracle_widget_name(thrown));
		f->expected = xasprintf("an error on '%s' (it is needed), with the text typed into '%s' kept",
					oracle_widget_name(bad), oracle_widget_name(thrown));
		f->actual = xasprintf("'%s' is empty again; no error, dialog or message shows, and the text typed "
				      "shows nowhere", oracle_widget_name(thrown));
		f->description = xasprintf("'%s' was pressed with '%s' empty and \"%s\" typed into '%s'. The field "
					   "was emptied and nothing else on the screen changed: no error text, no "
					   "dialog, no toast, and the text is not shown anywhere.",
					   press, oracle_widget_name(bad), thrown->text, oracle_widget_name(thrown));
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "thrown_away");
		cJSON_AddStringToObject(f->diff, "invalid", why);
		cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(bad));
		cJSON_AddItemToObject(f->diff, "thrown_away", oracle_widget_json(thrown));
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	f->title = xasprintf("'%s' with %s '%s' gives no feedback", done->widget_text && *done->widget_text
				     ? done->widget_text : oracle_widget_name(bad), why, oracle_widget_name(bad));
	f->expected = xasprintf("an error on '%s', a dialog or a toast, or the input accepted",
				oracle_widget_name(bad));
	f->actual = xasprintf("the screen (%s) is exactly as before", activity_after && *activity_after
				     ? activity_after : "same activity");
	f->description = xasprintf("The form's %zu field(s) were submitted with '%s' %s; nothing on the "
				   "screen changed: no error text, no dialog, no toast.", n_fields,
				   oracle_widget_name(bad), why);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "feedback");
	cJSON_AddStringToObject(f->diff, "invalid", why);
	cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(bad));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

bool oracle_feedback_missing_in_visit(const struct ui_tree *before, const char *activity_before,
				      const struct ui_tree *after, const char *activity_after,
				      const struct action *done, const struct ui_tree *first,
				      const struct ui_tree *visit, const struct ui_tree *page,
				      const char *page_activity, const struct ui_tree *list, const char *app_label,
				      struct oracle_finding *f)
{
	if (!missing_in_visit(before, activity_before, after, activity_after, done, first, visit, page, page_activity,
			      list, app_label, f))
		return false;
	/* Silence on one Save is one bug, whichever field or input showed it (bookshelf: empty
	 * title, empty author and a full form refused, each reported apart before session 54). */
	oracle_finding_subject_by_action(f, "no feedback", activity_before);
	return true;
}

/* Whether the capture's screenshot shows a toast bubble, read in place when it is a raw frame (unreadable: assume it does, so nothing is reported). */
static bool png_has_toast(const struct capture *cap)
{
	struct image *img = NULL;
	struct ui_rect box;
	bool toast;

	if (capture_image(cap, "screenshot", &img) != TD_OK)
		return true;
	toast = screen_find_toast(img, &box);
	image_free(img);
	return toast;
}

/*
 * Which form t shows: its activity and its fields' resource-ids (class when
 * none), in order. An error line that appears keeps the form the same
 * (its abstract screen changes). 0 without fields.
 */
static uint64_t form_key(const struct ui_tree *t, const char *activity)
{
	uint64_t h = 14695981039346656037ull;
	bool any = false;

	for (const char *c = activity; c && *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *c = *w->resource_id ? w->resource_id : w->class_name;

		if (!ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		any = true;
		for (h = (h ^ 0xff) * 1099511628211ull; *c; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
	}
	return any ? (h ? h : 1) : 0;
}

/* The dump of the form screen s shows as first seen (remembered now when new); NULL for a screen without fields. */
static const char *first_seen(struct oracles_state *st, const struct brain_screen *s)
{
	uint64_t k = form_key(s->tree, s->activity);

	if (!k)
		return NULL;
	/* Found whether or not this screen's capture is still held (a step's screen before may have lost it). */
	for (size_t i = 0; i < st->n_first; i++)
		if (st->first[i].sig == k)
			return st->first[i].text;
	if (!s->cap || !s->cap->xml)
		return NULL;
	st->first = xgrow(st->first, &st->alloc_first, st->n_first + 1, sizeof(*st->first));
	st->first[st->n_first].sig = k;
	st->first[st->n_first].text = xstrdup(s->cap->xml);
	return st->first[st->n_first++].text;
}

/*
 * Keep the latest screen of the app without a dialog (its dump, in one
 * reused buffer): the page a dialog that opens next is drawn over, since a
 * dialog's own dump may hold only the dialog. Kept apart too when it shows
 * no field: the list a full-page form returns to, as it read before the
 * form. The capture of the step's screen before is gone by now, so both
 * are kept from the screen after.
 */
static void note_page(struct oracles_state *st, const struct oracle_step *s)
{
	size_t n;

	if (!s->after->in_app || !s->after->cap || !s->after->cap->xml || !s->after->tree ||
	    oracle_screen_has_layer(s->after->tree))
		return;
	n = strlen(s->after->cap->xml);
	st->feedback_page = xgrow(st->feedback_page, &st->alloc_feedback_page, n + 1, 1);
	memcpy(st->feedback_page, s->after->cap->xml, n + 1);
	free(st->feedback_page_activity);
	st->feedback_page_activity = xstrdup(s->after->activity ? s->after->activity : "");
	if (oracle_shows_field(s->after->tree))
		return;
	st->feedback_list = xgrow(st->feedback_list, &st->alloc_feedback_list, n + 1, 1);
	memcpy(st->feedback_list, s->after->cap->xml, n + 1);
	free(st->feedback_list_activity);
	st->feedback_list_activity = xstrdup(s->after->activity ? s->after->activity : "");
}

/* Start visit v on form k, the dump xml. */
static void visit_start(struct feedback_visit *v, uint64_t k, const char *xml)
{
	size_t n = strlen(xml);

	v->xml = xgrow(v->xml, &v->alloc, n + 1, 1);
	memcpy(v->xml, xml, n + 1);
	v->key = k;
}

void oracle_feedback_visit_note(struct feedback_visits *v, const struct ui_tree *t, const char *activity,
				const char *xml)
{
	uint64_t k = t ? form_key(t, activity) : 0;

	if (!t || !oracle_screen_has_layer(t)) {
		v->dialog.key = 0;
		if (k == v->page.key)
			return;
		v->page.key = 0;
		if (k && xml) {
			visit_start(&v->page, k, xml);
			free(v->page_activity);
			v->page_activity = xstrdup(activity ? activity : "");
		}
		return;
	}
	if (!oracle_same_activity(v->page_activity, activity))
		v->page.key = 0;
	if (k == v->dialog.key)
		return;
	v->dialog.key = 0;
	if (k && xml)
		visit_start(&v->dialog, k, xml);
}

const char *oracle_feedback_visit_start(const struct feedback_visits *v, const struct ui_tree *t,
					const char *activity)
{
	const struct feedback_visit *f = t && oracle_screen_has_layer(t) ? &v->dialog : &v->page;
	uint64_t k = t ? form_key(t, activity) : 0;

	return k && f->key == k ? f->xml : NULL;
}

/* The key of any form of an activity's pages (answers noted there hold on each of its forms). */
static uint64_t page_key(const char *activity)
{
	uint64_t h = oracle_hash_str(0x9e3779b97f4a7c15ull, activity ? activity : "");

	return h ? h : 1;
}

/* The answer key of text on form k. */
static uint64_t answer_key(uint64_t k, const char *text)
{
	uint64_t h = k;

	for (const char *c = text; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h ? h : 1;
}

static bool answer_known(const struct feedback_visits *v, uint64_t a)
{
	for (size_t i = 0; i < v->n_answers; i++)
		if (v->answers[i] == a)
			return true;
	return false;
}

void oracle_feedback_answer_note(struct feedback_visits *v, const struct ui_tree *before, const char *activity_before,
				 const struct ui_tree *after, const char *activity_after)
{
	uint64_t k = before ? form_key(before, activity_before) : 0;

	if (!k || !after || !oracle_same_activity(activity_before, activity_after) ||
	    form_key(after, activity_after) != k)
		return;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		uint64_t a;

		if (!*w->text || ui_class_is_editable(w->class_name) || ui_widget_in_list(w) ||
		    !ui_widget_visible(w, &after->screen) || oracle_shows_text(before, w->text))
			continue;
		/* On this form, and on any form of the activity: a choice that adds
		 * or hides a field (HOTP's counter) makes another form of the same
		 * page, where the error the press left is still the answer. */
		for (int on_page = 0; on_page < 2; on_page++) {
			a = answer_key(on_page ? page_key(activity_after) : k, w->text);
			if (answer_known(v, a))
				continue;
			v->answers[v->next_answer] = a;
			v->next_answer = (v->next_answer + 1) % FEEDBACK_ANSWERS;
			if (v->n_answers < FEEDBACK_ANSWERS)
				v->n_answers++;
		}
	}
}

bool oracle_feedback_answered(const struct feedback_visits *v, const struct ui_tree *t, const char *activity)
{
	uint64_t k = t ? form_key(t, activity) : 0;

	for (size_t i = 0; k && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !ui_class_is_editable(w->class_name) && !ui_widget_in_list(w) &&
		    ui_widget_visible(w, &t->screen) &&
		    (answer_known(v, answer_key(k, w->text)) || answer_known(v, answer_key(page_key(activity), w->text))))
			return true;
	}
	return false;
}

void oracle_feedback_visits_release(struct feedback_visits *v)
{
	free(v->page.xml);
	free(v->dialog.xml);
	free(v->page_activity);
	memset(v, 0, sizeof(*v));
}

/*
 * A Send on a page with no field (an outbox's Send now: it sends what is
 * stored, nothing typed) after which nothing at all changed - the same
 * activity, windows and layers, every visible text as before: it neither
 * sent nor said why (mail `mail-outbox-send-silent`, thunderbird-android
 * #7228: the message too large for the server stays in the Outbox). Only a
 * bare Send (bare_send): "Send feedback" or "Send test notification" may
 * rightly act outside the page. Nor on a page that says it has nothing
 * (oracle_empty_state: "No messages in Outbox", "Nothing to send: the
 * Outbox is empty." - a second press on an empty Outbox rightly repeats
 * nothing). A plain button that asks for something that always shows
 * (plain_button_press) and a price pressed (price_press) are judged the
 * same way. The caller looks for a toast.
 */
bool oracle_feedback_send_silent(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
				 const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const char *title;
	bool send;

	if (!before || !after)
		return false;
	send = bare_send(done);
	if ((!send && !plain_button_press(before, done) && !price_press(before, done)) || oracle_shows_field(before) ||
	    oracle_screen_has_layer(before) ||
	    oracle_empty_state(before) ||
	    !oracle_same_activity(activity_before, activity_after) || after->n_roots != before->n_roots ||
	    oracle_count_layers(after) != oracle_count_layers(before) || oracle_screen_has_layer(after) ||
	    !same_texts(before, after, true))
		return false;
	title = oracle_app_bar_title(before);
	oracle_finding_init(f);
	f->oracle = "feedback";
	f->category = BUG_CAT_FEEDBACK_MISSING;
	f->title = xasprintf("'%s'%s%s%s changes nothing and says nothing", done->widget_text, title ? " on '" : "",
			     title ? title : "", title ? "'" : "");
	f->expected = send ? xstrdup("what was to be sent leaves the page (or the app says it was sent), or an error "
				     "saying why it cannot be sent")
			   : xasprintf("'%s' does what it says and the page shows it, or a message says why it cannot",
				       done->widget_text);
	f->actual = xstrdup("the page reads exactly as before: no error, dialog or toast");
	f->description = xasprintf("'%s' was pressed on a page with nothing to fill in. Nothing changed: the page reads "
				   "exactly as before, and no error text, dialog or toast says whether anything was "
				   "%s or why not.",
				   done->widget_text, send ? "sent" : "done");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", send ? "send_silent" : "press_silent");
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * Whether `done` runs the search of field q on `before`: Enter, or a click
 * on another widget whose label or resource-id names a search ("Search",
 * "Find", "Go", "search_go").
 */
static bool runs_search(const struct ui_tree *before, const struct action *done, const struct ui_widget *q)
{
	/* Search and Find anywhere in a word ("btnSearch"); Go only as a word of its own: "Save goal" runs no
	 * search (todo's weekly goal, a false report before session 67). */
	static const char *const words[] = { "search", "find", NULL }, *const go[] = { "go", NULL };
	const struct ui_widget *w;
	char low[96];

	if (done->type == ACTION_ENTER)
		return true;
	if (done->type != ACTION_CLICK || !(w = action_resolve(done, before)) || w == q ||
	    ui_class_is_editable(w->class_name))
		return false;
	oracle_lower_into(low, sizeof(low), ui_widget_label(w));
	if (oracle_has_word(low, words) || oracle_has_whole_word(low, go))
		return true;
	oracle_lower_into(low, sizeof(low), strrchr(w->resource_id, '/') ? strrchr(w->resource_id, '/') + 1 : "");
	for (char *c = low; *c; c++)
		if (!isalnum((unsigned char)*c))
			*c = ' ';
	return oracle_has_word(low, words) || oracle_has_whole_word(low, go);
}

/* Whether every visible text of `after` outside fields was shown on `before` too (as multisets): nothing new. */
static bool nothing_new(const struct ui_tree *before, const struct ui_tree *after)
{
	size_t na, nb, j = 0;
	const char **ta = visible_texts(after, false, &na), **tb = visible_texts(before, false, &nb);
	bool kept = true;

	for (size_t i = 0; kept && i < na; i++) {
		while (j < nb && strcmp(tb[j], ta[i]) < 0)
			j++;
		kept = j < nb && strcmp(tb[j], ta[i]) == 0;
		j++;
	}
	free(ta);
	free(tb);
	return kept;
}

/* Whether t shows a row of a visible list. */
static bool shows_a_row(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (oracle_is_list(t->nodes[i]) && ui_widget_visible(t->nodes[i], &t->screen) &&
		    oracle_rows_in_view(t, t->nodes[i]) > 0)
			return true;
	return false;
}

/*
 * Whether a search field's text is its placeholder, shown as the text by
 * dumps without hints: two words or more beginning with Search, Find,
 * Type, Enter, Filter or Look ("Search for a city"), or ending in an
 * ellipsis ("Search your library…").
 */
static bool placeholder_like(const char *s)
{
	static const char *const first[] = { "search", "find", "type", "enter", "filter", "look", NULL };
	size_t n = strlen(s);

	if ((n >= 3 && !strcmp(s + n - 3, "...")) || (n >= 3 && !strcmp(s + n - 3, "\xe2\x80\xa6")))
		return true;
	return strchr(s, ' ') && oracle_label_begins_with(s, first);
}

bool oracle_feedback_search_silent(const struct ui_tree *before, const char *activity_before,
				   const struct ui_tree *after, const char *activity_after, const struct action *done,
				   const struct ui_tree *first, struct oracle_finding *f)
{
	const struct ui_widget *q = NULL, *qa;
	const char *title;
	char query[81];
	size_t n, fields = 0;

	if (!before || !after || !done || oracle_screen_has_layer(before) || oracle_screen_has_layer(after) ||
	    !oracle_same_activity(activity_before, activity_after) || after->n_roots != before->n_roots)
		return false;
	/* The search field: one named so (resource-id or hint), or the page's only field when a click on a
	 * widget naming a search ran it (dumps without hints: weather's "q"). */
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];

		if (!ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &before->screen))
			continue;
		fields++;
		if (!q || (!oracle_is_search_field(q) && oracle_is_search_field(w)))
			q = w;
	}
	if (!q || !*q->resource_id || !*q->text || !strcmp(q->text, q->hint) || placeholder_like(q->text) ||
	    !(oracle_is_search_field(q) || (fields == 1 && done->type == ACTION_CLICK)) ||
	    !runs_search(before, done, q) || !(qa = oracle_field_by_id(after, q->resource_id, true)) ||
	    strcmp(qa->text, q->text) != 0)
		return false;
	/* What the field showed when its screen was first seen is its placeholder (radio's fixed twin,
	 * seed 3, session 64: "Station name"). */
	if (first && (qa = oracle_field_by_id(first, q->resource_id, false)) && !strcmp(qa->text, q->text))
		return false;
	{
		const char *s = q->text;

		while (isspace((unsigned char)*s))
			s++;
		n = strlen(s);
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (n < 3 || n >= sizeof(query))
			return false;
		memcpy(query, s, n);
		query[n] = '\0';
	}
	/* An answer of any kind: a result, a message, a placeholder, a spinner still looking. */
	if (!nothing_new(before, after) || shows_a_row(after) || oracle_empty_state(after) ||
	    oracle_loading_spinner(after))
		return false;
	title = oracle_app_bar_title(before);
	oracle_finding_init(f);
	f->oracle = "feedback";
	f->category = BUG_CAT_FEEDBACK_MISSING;
	f->title = xasprintf("A search for \"%s\"%s%s%s shows nothing and says nothing", query, title ? " on '" : "",
			     title ? title : "", title ? "'" : "");
	f->expected = xstrdup("the results, or a message that nothing matches");
	f->actual = xstrdup("no result, no message: the page only lost what it showed before the search");
	f->description = xasprintf("\"%s\" was typed in the search field and the search was run. No result, no "
				   "\"No results\" text, dialog or toast followed: nothing tells whether the search ran "
				   "or found nothing.",
				   query);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "search_silent");
	cJSON_AddStringToObject(f->diff, "query", query);
	cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(q));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	{
		/* One bug whichever query: the subject names the page. */
		char *subject = xasprintf("silent search on %s %s", activity_before ? activity_before : "?",
					  title ? title : "");

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

/* The key of a press for press_answers: its activity, the page's app-bar title and its label. */
static uint64_t press_key(const struct ui_tree *before, const char *activity, const struct action *done)
{
	const char *title = oracle_app_bar_title(before);

	return oracle_hash_str(oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : ""),
					       title ? title : ""),
			       done->widget_text ? done->widget_text : "");
}

bool oracle_press_answer_shown(const struct oracles_state *st, const struct ui_tree *t, const char *activity,
			       const struct action *done)
{
	uint64_t k = press_key(t, activity, done);
	size_t n = st->n_press_answers < 32 ? st->n_press_answers : 32;

	for (size_t i = 0; i < n; i++) {
		const struct press_answer *p = &st->press_answers[i];

		if (p->key != k)
			continue;
		for (size_t j = 0; j < t->n_nodes; j++) {
			const struct ui_widget *w = t->nodes[j];
			uint64_t h;

			if (!*w->text || !ui_widget_visible(w, &t->screen))
				continue;
			h = oracle_hash_str(ORACLE_HASH_BASIS, w->text);
			for (size_t m = 0; m < p->n_texts; m++)
				if (p->texts[m] == h)
					return true;
		}
	}
	return false;
}

void oracle_press_answer_note(struct oracles_state *st, const struct ui_tree *b, const char *activity,
			      const struct action *done, const struct ui_tree *a)
{
	struct press_answer *p = &st->press_answers[st->n_press_answers++ % 32];

	p->key = press_key(b, activity, done);
	p->n_texts = 0;
	for (size_t j = 0; j < a->n_nodes && p->n_texts < 8; j++) {
		const struct ui_widget *w = a->nodes[j];

		if (*w->text && ui_widget_visible(w, &a->screen) && !ui_class_is_editable(w->class_name) &&
		    !plain_text_holds(b, w->text))
			p->texts[p->n_texts++] = oracle_hash_str(ORACLE_HASH_BASIS, w->text);
	}
}

/*
 * A Send or plain button judged silent: not on a page that still shows
 * what an earlier press of it (same activity, page title and label) made
 * appear, which is remembered for that: the message the first press left
 * on the page stays there, and a second press rightly adds nothing (wiki's
 * fixed twin, seed 1: "Add language" showed a note once, then nothing new).
 */
static void judge_silent_press(const struct oracle_step *s)
{
	const struct ui_tree *b = s->before->tree, *a = s->after->tree;
	struct oracle_finding f;
	bool silent;

	if (!b || !a || !s->done || s->done->type != ACTION_CLICK ||
	    (!bare_send(s->done) && !plain_button_press(b, s->done)))
		return;
	silent = oracle_same_activity(s->before->activity, s->after->activity) && a->n_roots == b->n_roots &&
		 oracle_count_layers(a) == oracle_count_layers(b) && same_texts(b, a, true);
	if (!silent) {
		oracle_press_answer_note(s->st, b, s->before->activity, s->done, a);
		return;
	}
	if (oracle_press_answer_shown(s->st, b, s->before->activity, s->done) || s->after->feedback || !s->after->cap || png_has_toast(s->after->cap))
		return;
	oracle_finding_init(&f);
	if (oracle_feedback_send_silent(b, s->before->activity, a, s->after->activity, s->done, &f))
		oracle_report_step_finding(s->env, s->before->step, &f);
	oracle_finding_release(&f);
}

/* A search run that shows nothing new and no toast: reported (oracle_feedback_search_silent). */
static void judge_silent_search(const struct oracle_step *s)
{
	struct oracle_finding f;

	const char *xml;
	struct ui_tree *first = NULL;

	if (!s->before->tree || !s->after->tree || !s->done || s->done->type == ACTION_INPUT)
		return;
	xml = first_seen(s->st, s->before);
	if (xml && ui_parse(xml, strlen(xml), "first", &first) != TD_OK)
		first = NULL;
	oracle_finding_init(&f);
	if (oracle_feedback_search_silent(s->before->tree, s->before->activity, s->after->tree, s->after->activity,
					  s->done, first, &f) &&
	    !s->after->feedback && s->after->cap && !png_has_toast(s->after->cap))
		oracle_report_step_finding(s->env, s->before->step, &f);
	oracle_finding_release(&f);
	ui_tree_free(first);
}

/* A page's key: its activity and app-bar title. */
static uint64_t page_of(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : ""), title ? title : "") | 1;
}

/* Keep the dump of the screen after the step as its page's latest sighting (no dialog, in the app). */
static void note_page_dump(struct oracles_state *st, const struct oracle_step *s)
{
	const size_t n_slots = sizeof(st->page_dumps) / sizeof(st->page_dumps[0]);
	struct page_dump *d = NULL;
	uint64_t k;
	size_t n;

	if (!s->after->in_app || !s->after->cap || !s->after->cap->xml || !s->after->tree ||
	    oracle_screen_has_layer(s->after->tree))
		return;
	k = page_of(s->after->tree, s->after->activity);
	if (k != st->page_now) {
		st->page_before = st->page_now;
		st->page_now = k;
	}
	for (size_t i = 0; i < n_slots && !d; i++)
		if (st->page_dumps[i].key == k)
			d = &st->page_dumps[i];
	if (!d)
		d = &st->page_dumps[st->next_page_dump++ % n_slots];
	n = strlen(s->after->cap->xml);
	d->key = k;
	d->xml = xgrow(d->xml, &d->alloc, n + 1, 1);
	memcpy(d->xml, s->after->cap->xml, n + 1);
}

/* The latest dump kept of page k, or NULL. */
static const char *page_dump(const struct oracles_state *st, uint64_t k)
{
	for (size_t i = 0; i < sizeof(st->page_dumps) / sizeof(st->page_dumps[0]); i++)
		if (st->page_dumps[i].key == k && st->page_dumps[i].xml)
			return st->page_dumps[i].xml;
	return NULL;
}

/* Whether t shows a list, and none of its lists may hold rows out of view (a new row would show). */
static bool lists_whole(const struct ui_tree *t)
{
	bool any = false;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!oracle_is_list(w) || !ui_widget_visible(w, &t->screen))
			continue;
		if (oracle_list_may_go_on(t, w, false))
			return false;
		any = true;
	}
	return any;
}

/*
 * An Add that added nothing and said nothing (diff.check "added_nothing"):
 * a click whose label begins with the word Add, on a page with no dialog
 * and no field (a scan's result, an item's preview: nothing typed), that
 * lands back on the page it was opened from (`back`; an Add that opens a
 * picker - "Add to list", "Add budget" then "Select category" - goes
 * forward, and a picker seen before reads as it did), no dialog, reading
 * exactly as it read when last seen (`was`, every visible text outside
 * fields), where a list
 * shows whole (none reaching the bottom of the view it scrolls in, so a
 * new row would show): "'Add entry' on 'Scan QR code' adds nothing to
 * 'Authenticator' and says nothing" (authenticator
 * `authenticator-duplicate-scan-silent`, FreeOTP #69: a QR code of an
 * account already in the vault, Add entry closes the scanner, nothing is
 * added and nothing says why). The caller looks for a toast.
 */
bool oracle_feedback_added_nothing(const struct ui_tree *before, const char *activity_before,
				   const struct ui_tree *after, const char *activity_after, const struct action *done,
				   const struct ui_tree *was, bool back, struct oracle_finding *f)
{
	static const char *const add[] = { "add", NULL };
	const char *from, *to, *l;
	char label[256];

	if (!back || !before || !after || !was || !done || done->type != ACTION_CLICK || oracle_screen_has_layer(before) ||
	    oracle_shows_field(before) || oracle_screen_has_layer(after) ||
	    !oracle_same_package(activity_before, activity_after) ||
	    page_of(after, activity_after) == page_of(before, activity_before))
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	for (l = label; *l == ' '; l++)
		;
	if (!oracle_label_begins_with(l, add) || !lists_whole(after) || !same_texts(was, after, false))
		return false;
	from = oracle_app_bar_title(before);
	to = oracle_app_bar_title(after);
	from = from ? from : activity_before;
	to = to ? to : activity_after;
	oracle_finding_init(f);
	f->category = BUG_CAT_FEEDBACK_MISSING;
	f->oracle = "feedback";
	f->title = xasprintf("'%s' on '%s' adds nothing to '%s' and says nothing",
			     done->widget_text && *done->widget_text ? done->widget_text : l, from, to);
	f->expected = xasprintf("'%s' shows what was added, or a message says why nothing was", to);
	f->actual = xasprintf("'%s' reads exactly as before, and no message shows", to);
	f->description = xasprintf("On '%s' the run pressed '%s', which took it back to '%s'. That page reads exactly "
				   "as it did before, with its whole list in view, and no dialog or message says "
				   "why nothing was added.",
				   from, done->widget_text && *done->widget_text ? done->widget_text : l, to);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "added_nothing");
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	{
		char *subject = xasprintf("added nothing via %s", done->resource_id && *done->resource_id
									 ? done->resource_id
									 : l);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

/* An Add judged on the step (oracle_feedback_added_nothing) against the page's last sighting. */
static void judge_added_nothing(const struct oracle_step *s)
{
	const struct ui_tree *b = s->before->tree, *a = s->after->tree;
	struct ui_tree *was = NULL;
	struct oracle_finding f;
	const char *xml;

	/* Only a click back to the page this one was opened from is judged: the last sighting is parsed then alone,
	 * not on every step. */
	if (!b || !a || !s->done || s->done->type != ACTION_CLICK ||
	    page_of(b, s->before->activity) != s->st->page_now ||
	    page_of(a, s->after->activity) != s->st->page_before ||
	    !(xml = page_dump(s->st, page_of(a, s->after->activity))) ||
	    ui_parse(xml, strlen(xml), "was", &was) != TD_OK)
		return;
	oracle_finding_init(&f);
	if (oracle_feedback_added_nothing(b, s->before->activity, a, s->after->activity, s->done, was, true, &f) &&
	    !s->after->feedback && s->after->cap && !png_has_toast(s->after->cap))
		oracle_report_step_finding(s->env, s->before->step, &f);
	oracle_finding_release(&f);
	ui_tree_free(was);
}

static int feedback_after_step(const struct oracle_step *s)
{
	struct oracle_finding f;
	const char *xml = first_seen(s->st, s->before);
	const struct app_info *app = agent_env_app(s->env);
	struct ui_tree *first = NULL, *page = NULL, *visit = NULL, *list = NULL;
	const char *start;

	(void)first_seen(s->st, s->after);
	judge_silent_press(s);
	judge_silent_search(s);
	judge_added_nothing(s);
	if (!xml || (!oracle_is_save_action(s->done) && !is_send(s->done)))
		goto out;
	/* An answer an earlier Save on this form left on screen (this visit or an earlier one): feedback given. */
	if (oracle_feedback_answered(&s->st->visits, s->before->tree, s->before->activity))
		goto out;
	if (ui_parse(xml, strlen(xml), "first", &first) != TD_OK)
		first = NULL;
	/* The page under the dialog confirmed, as last seen without it. */
	if (s->st->feedback_page && oracle_screen_has_layer(s->before->tree) &&
	    ui_parse(s->st->feedback_page, strlen(s->st->feedback_page), "page", &page) != TD_OK)
		page = NULL;
	/* This visit's start; none kept for the form before (the run arrived on it unseen): before is the start. */
	start = oracle_feedback_visit_start(&s->st->visits, s->before->tree, s->before->activity);
	if (start && ui_parse(start, strlen(start), "visit", &visit) != TD_OK)
		visit = NULL;
	/* The list a full-page form returns to, as last seen before it (another activity's: none). */
	if (s->st->feedback_list && !oracle_screen_has_layer(s->before->tree) &&
	    oracle_same_activity(s->st->feedback_list_activity, s->after->activity) &&
	    ui_parse(s->st->feedback_list, strlen(s->st->feedback_list), "list", &list) != TD_OK)
		list = NULL;
	oracle_finding_init(&f);
	if (first && oracle_feedback_missing_in_visit(s->before->tree, s->before->activity, s->after->tree,
						      s->after->activity, s->done, first,
						      visit ? visit : s->before->tree, page,
						      s->st->feedback_page_activity, list, app ? app->label : NULL,
						      &f) &&
	    !s->after->feedback && s->after->cap && !png_has_toast(s->after->cap)) {
		oracle_report_step_finding(s->env, s->before->step, &f);
	}
	oracle_finding_release(&f);
	ui_tree_free(first);
	ui_tree_free(page);
	ui_tree_free(visit);
	ui_tree_free(list);
out:
	if (oracle_is_save_action(s->done) || is_send(s->done))
		oracle_feedback_answer_note(&s->st->visits, s->before->tree, s->before->activity, s->after->tree,
					    s->after->activity);
	note_page(s->st, s);
	note_page_dump(s->st, s);
	/* Kept from the screen after, as note_page does. */
	oracle_feedback_visit_note(&s->st->visits, s->after->tree, s->after->activity,
				   s->after->cap ? s->after->cap->xml : NULL);
	return 0;
}

static bool feedback_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;
	const struct replay_screen *pre, *post, *first = NULL, *page = NULL, *visit, *list = NULL;
	struct app_info *app = NULL;
	uint64_t sig;
	struct capture cap;
	bool hit;

	oracle_finding_init(f);
	if (n < 2 || !c->last_step || !r->screens[n - 2].tree)
		return false;
	pre = &r->screens[n - 2];
	post = &r->screens[n - 1];
	/* The form as first seen: the replay's earliest screen of the same form. */
	sig = form_key(pre->tree, pre->activity);
	for (size_t k = 0; sig && k + 1 < n && !first; k++)
		if (r->screens[k].tree && form_key(r->screens[k].tree, r->screens[k].activity) == sig)
			first = &r->screens[k];
	/* The page an Add came back to, as last seen before it, and whether the page the Add was pressed on
	 * was opened from it (the pages shown without a dialog, in the app, up to pre). */
	const struct replay_screen *was = NULL;
	uint64_t now = 0, came_from = 0;

	for (size_t k = n - 2; post->tree && k-- > 0 && !was;)
		if (r->screens[k].tree && !oracle_screen_has_layer(r->screens[k].tree) &&
		    page_of(r->screens[k].tree, r->screens[k].activity) == page_of(post->tree, post->activity))
			was = &r->screens[k];
	for (size_t k = 0; k + 1 < n; k++) {
		const struct replay_screen *p = &r->screens[k];
		uint64_t key;

		if (!p->tree || oracle_screen_has_layer(p->tree) ||
		    (c->package && !oracle_same_package(p->activity, post->activity)))
			continue;
		if ((key = page_of(p->tree, p->activity)) != now) {
			came_from = now;
			now = key;
		}
	}
	if (oracle_feedback_send_silent(pre->tree, pre->activity, post->tree, post->activity, c->last_step, f) ||
	    oracle_feedback_search_silent(pre->tree, pre->activity, post->tree, post->activity, c->last_step,
					  first ? first->tree : NULL, f) ||
	    (was && oracle_feedback_added_nothing(pre->tree, pre->activity, post->tree, post->activity, c->last_step,
						  was->tree,
						  now == page_of(pre->tree, pre->activity) &&
							  came_from == page_of(post->tree, post->activity),
						  f))) {
		memset(&cap, 0, sizeof(cap));
		hit = c->dev && device_capture(c->dev, &cap) == TD_OK && !png_has_toast(&cap);
		capture_release(&cap);
		if (!hit)
			oracle_finding_release(f);
		return hit;
	}
	if (!first)
		return false;
	/* This visit's start, as oracle_feedback_visit_note keeps it: the earliest of the screens kept just before pre that
	 * show the same form, over dialogs of its activity for a page's form (a visit longer than the
	 * screens kept: the earliest kept). */
	visit = pre;
	for (size_t k = n - 2; k-- > 0;) {
		const struct replay_screen *p = &r->screens[k];
		bool layer;

		if (!p->tree)
			break;
		layer = oracle_screen_has_layer(p->tree);
		if (!oracle_screen_has_layer(pre->tree) && layer && oracle_same_activity(p->activity, pre->activity))
			continue;
		if (layer != oracle_screen_has_layer(pre->tree) || form_key(p->tree, p->activity) != sig)
			break;
		visit = p;
	}
	/* The page a dialog was opened over: the latest screen of post's activity without a layer before pre
	 * (other activities: a side trip's launcher, between the dialog's steps). */
	for (size_t k = n - 2; oracle_screen_has_layer(pre->tree) && k-- > 0 && !page;) {
		const struct replay_screen *p = &r->screens[k];

		if (!p->tree)
			break;
		if (oracle_same_activity(p->activity, post->activity) && !oracle_screen_has_layer(p->tree))
			page = p;
	}
	/* The list a full-page form returns to: the latest screen of the app before the visit without a dialog or
	 * a field (other apps': a side trip's launcher), when it is of post's activity. */
	for (size_t k = (size_t)(visit - r->screens); !oracle_screen_has_layer(pre->tree) && k-- > 0;) {
		const struct replay_screen *p = &r->screens[k];

		if (!p->tree)
			break;
		if (!oracle_same_package(p->activity, post->activity) || oracle_screen_has_layer(p->tree) ||
		    oracle_shows_field(p->tree))
			continue;
		if (oracle_same_activity(p->activity, post->activity))
			list = p;
		break;
	}
	if (page && c->dev && device_app_info(c->dev, &app) != TD_OK)
		app = NULL;
	hit = oracle_feedback_missing_in_visit(pre->tree, pre->activity, post->tree, post->activity, c->last_step,
					       first->tree, visit->tree, page ? page->tree : NULL,
					       page ? page->activity : NULL, list ? list->tree : NULL,
					       app ? app->label : NULL, f);
	app_info_free(app);
	if (!hit)
		return false;
	/* The replay read dumps only: look at the screen for a toast now (it stays until the next action). */
	memset(&cap, 0, sizeof(cap));
	hit = c->dev && device_capture(c->dev, &cap) == TD_OK && !png_has_toast(&cap);
	capture_release(&cap);
	if (!hit)
		oracle_finding_release(f);
	return hit;
}

const struct oracle_kind oracle_kind_feedback = {
	.name = "feedback",
	.config_key = "oracles.feedback",
	.category = BUG_CAT_FEEDBACK_MISSING,
	.doc = "a form submitted with an empty or invalid field leaves the screen unchanged, without error, dialog or toast",
	.evidence = "the screen before the confirm, the field and the action",
	.flags = 0,
	.after_step = feedback_after_step,
	.recheck = feedback_recheck,
	/* The screens before and after the confirm, the ones before them back to the page a dialog opened
	 * over (its typing and other oracles' side trips between), and the first screen of each form. */
	.reads = { .last = FEEDBACK_LAST_SCREENS, .key = form_key, .key_first = true },
};
