/*
 * crud.c - oracle "crud" (oracle 14, after LDMDroid): after a create,
 * update or delete, the screen the app returns to shows its effect
 * (oracle_crud_step in agents/oracle.h).
 *
 *  - Create/update: a confirm (Save, Add, Done...) on a form whose first
 *    typed text field holds a value with letters; the form goes away and
 *    the next screen (no dialog) shows no text containing it nor any other
 *    typed value with letters, while
 *    it shows a list with all its rows (room for one more), or shows the
 *    field's previous value (an edit whose old value stayed) on the page
 *    the form was opened from.
 *  - Update that drops a field: the page the form was opened from showed
 *    a field's old value inside a labelled line ("CW: <old>"); the run
 *    typed another value with letters into it, and the save's return to
 *    that page shows no text holding the new value (edit_dropped).
 *  - Number edit not saved: an edit form opened by a tap on a row whose
 *    text holds a number field's value ("10 Piece · Fridge"); another
 *    number typed, the confirm returns to that page, the row says the same
 *    and no text holds the new number (number_kept).
 *  - Choice not saved: a selector of an edit form ("List: Pharmacies")
 *    changed, the confirm returns to the page the form was opened from,
 *    which still names the old value under that label and shows the new
 *    one nowhere (choice_kept, crud_choice.c).
 *  - Delete: a row R of a list opened a page showing R; a delete (Delete,
 *    Remove, Move to trash, or OK/Yes in a dialog that speaks of deleting)
 *    returns to that list, and R is still there (another row gone instead,
 *    or nothing gone; not when R's delete was a button of its row that R
 *    no longer shows), or R and another row are gone.
 *  - Delete named by its dialog: a tap on the list's screen (no row
 *    opened: "Delete last set", a menu item) brings up a dialog whose text
 *    names one row R of the list ("Set 3: Bench press ... will be
 *    deleted"); its delete confirm returns to the list and R is still
 *    there while another row is gone. A dialog speaking of removing "from"
 *    somewhere (favorites, a playlist) is left alone: the list may rightly
 *    keep R.
 *
 * A delete that says it removes many (Empty Trash, Clear all, Delete all,
 * or a dialog that counts them: "permanently delete 2 notes?") is no
 * single row's, and neither check judges it.
 *
 * The tracker remembers the text each form field showed when its form
 * appeared (the value an edit starts from) and the list a row was opened
 * from. The Explorer feeds it each step (state kept in the plugin);
 * confirmation feeds it each step of a replay from a clean start.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/input_gen.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* How many bytes of a typed value must appear on the next screen (rows may be ellipsized). */
#define CRUD_KEY_BYTES 12
/* A key's buffer: CRUD_KEY_BYTES characters of up to 4 bytes each, and the NUL. */
#define CRUD_KEY_SIZE (CRUD_KEY_BYTES * 4 + 1)

/* Sentence-like texts the tracker remembers seeing (a ring), and of a deleted row. */
#define CRUD_SEEN_MAX 1024
#define CRUD_ADD_PAGES 8 /* pages an Add control opened, remembered */
/* The page of a sighting keyed by a row's name and text, which holds on any page. */
#define CRUD_ANY_PAGE UINT64_C(0)
#define CRUD_GONE_MAX 4

struct crud_sighting {
	uint64_t page, text;
	unsigned long step;
};

struct crud_field {
	char *rid;      /* resource-id of an editable field on screen */
	char *initial;  /* its text when its form appeared */
	uint64_t from;  /* the page its form was opened from (page_of; 0: unknown, or a dialog over it) */
	char *line;     /* that page's text holding `initial` with a label around it ("CW: <initial>"), or NULL */
	char *row_line; /* a number `initial`: the text of the row tapped to open the form holding it ("1 Can · Pantry"), or NULL */
};

/* How many labels of switches turned off the tracker keeps (hidden[]). */
#define CRUD_HIDDEN_MAX 8
/* How many texts typed with letters the tracker remembers (typed[], a ring of hashes). */
#define CRUD_TYPED_MAX 16

struct oracle_crud_tracker {
	struct crud_field *fields;
	size_t n_fields, alloc_fields;
	/* The page (page_shape) the dialog on screen was opened over; 0: none or unknown. */
	uint64_t dialog_over;
	/* Every field's text the first time the run saw it (a placeholder, in dumps without hints). */
	struct crud_field *first;
	size_t n_first, alloc_first;
	/* The selectors of the form shown ("List: Pharmacies"), crud_choice.c. */
	struct crud_choices choices;
	/* The row opened from a list (have_opened), and that list's rows then; or (from_dialog) a
	 * dialog opened over the list, whose text names the row its confirm deletes (opened NULL
	 * until the confirm). */
	bool have_opened, from_dialog;
	/* Whether the opened row's list is on a collection page (collection_page). */
	bool collection;
	/* The list's page's app-bar title and selected navigation item, lowered ('\n'-joined), or NULL. */
	char *page_names;
	/* The delete removes its row "from" what the list's page is named (page_removes_from), or
	 * "from" something else (a bookmark removed over the whole schedule). */
	bool removes_here, removes_elsewhere;
	/* Pages an Add control opened (a catalogue to add from): they list the thing a deleted row copied. */
	uint64_t add_pages[CRUD_ADD_PAGES];
	size_t n_add_pages;
	char *list_id, *list_activity, *opened;
	/* Whether the last screen without a dialog showed the opened row's name whole. */
	bool page_shows_opened;
	/* Whether the opened row was the last one its list showed, more rows possibly below the fold. */
	bool opened_last;
	/* The text of the control in the opened row (not the row) whose tap brought up a dialog over the list. */
	char *row_control;
	/* The name the opened row's page took from a save on it (a rename), or
	 * NULL; and that save's action (the finding blames it). */
	char *renamed;
	cJSON *renamed_by;
	char **rows;
	size_t n_rows;
	/* Per row: cut at the list's edge (cut_rows), its name out of view. */
	bool *cut;
	/* Each row's texts joined (oracle_list.rows), as rows[]; and the opened
	 * row's own texts besides its name that its page showed whole (its
	 * label, its category): what a delete takes away with the row. */
	char **full;
	char **props;
	size_t n_props;
	/* The text signature of the screen after the last step (0: none yet). */
	uint64_t last_after;
	/* The lowered label of the tap that brought up the dialog shown, or NULL. */
	char *opener;
	/*
	 * Sentence-like texts seen (hashed) with the page that showed them
	 * (activity and title, hashed) and the step, a ring of CRUD_SEEN_MAX;
	 * and the sentence-like texts of a row deleted rightly (it, and only
	 * it, gone from its list) at step gone_step, from the page gone_page.
	 */
	struct crud_sighting *seen;
	size_t n_seen, next_seen;
	unsigned long step;
	char *gone[CRUD_GONE_MAX];
	size_t n_gone;
	unsigned long gone_step;
	uint64_t gone_page;
	uint64_t gone_title; /* the hashed title of gone_page (a conversation's name) */
	uint64_t gone_lead;  /* the hashed first text of the deleted row (a note's title) */
	cJSON *gone_by;
	/* The labels of switches and checkboxes the run turned off (a
	 * calendar, folder or category hidden), lowered: a ring. */
	char hidden[CRUD_HIDDEN_MAX][64];
	size_t n_hidden;
	/* The texts the run typed that have a letter (trimmed, hashed): a ring. */
	uint64_t typed[CRUD_TYPED_MAX];
	size_t n_typed;
};

static bool row_has_part(const char *full, const char *part);
static bool has_letter(const char *s);
static uint64_t page_of(const struct ui_tree *t, const char *activity);
static uint64_t page_shape(const struct ui_tree *t, const char *activity);
static bool collection_page(const struct ui_tree *t);
static char *page_names(const struct ui_tree *t);

struct oracle_crud_tracker *oracle_crud_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_crud_tracker));
}

/* Forget the opened row. */
static void drop_opened(struct oracle_crud_tracker *t)
{
	for (size_t i = 0; i < t->n_rows; i++) {
		free(t->rows[i]);
		free(t->full[i]);
	}
	free(t->rows);
	free(t->full);
	for (size_t i = 0; i < t->n_props; i++)
		free(t->props[i]);
	free(t->props);
	t->full = t->props = NULL;
	free(t->cut);
	t->cut = NULL;
	t->n_props = 0;
	free(t->list_id);
	free(t->list_activity);
	free(t->opened);
	free(t->row_control);
	free(t->renamed);
	free(t->page_names);
	t->page_names = NULL;
	t->removes_here = t->removes_elsewhere = false;
	cJSON_Delete(t->renamed_by);
	t->renamed_by = NULL;
	t->rows = NULL;
	t->n_rows = 0;
	t->list_id = t->list_activity = t->opened = t->renamed = t->row_control = NULL;
	t->have_opened = t->from_dialog = t->page_shows_opened = t->opened_last = false;
}

static void forget_gone(struct oracle_crud_tracker *t)
{
	for (size_t i = 0; i < t->n_gone; i++)
		free(t->gone[i]);
	t->n_gone = 0;
	cJSON_Delete(t->gone_by);
	t->gone_by = NULL;
}

void oracle_crud_tracker_free(struct oracle_crud_tracker *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_fields; i++) {
		free(t->fields[i].rid);
		free(t->fields[i].initial);
		free(t->fields[i].line);
		free(t->fields[i].row_line);
	}
	free(t->fields);
	for (size_t i = 0; i < t->n_first; i++) {
		free(t->first[i].rid);
		free(t->first[i].initial);
	}
	free(t->first);
	crud_choices_release(&t->choices);
	drop_opened(t);
	free(t->opener);
	free(t->seen);
	forget_gone(t);
	free(t);
}

/* Whether w is a field the check reads: editable, not a password, search or filter field. */
static bool form_field(const struct ui_tree *t, const struct ui_widget *w)
{
	return ui_class_is_editable(w->class_name) && !w->password && *w->resource_id &&
	       ui_widget_visible(w, &t->screen) && !oracle_is_search_field(w);
}

/* The recorded field with this resource-id, or NULL. */
static struct crud_field *field_of(struct oracle_crud_tracker *t, const char *rid)
{
	for (size_t i = 0; i < t->n_fields; i++)
		if (strcmp(t->fields[i].rid, rid) == 0)
			return &t->fields[i];
	return NULL;
}

/* Whether t has an editable field with this resource-id. */
static bool has_field_id(const struct ui_tree *t, const char *rid)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && strcmp(t->nodes[i]->resource_id, rid) == 0 &&
		    ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Remember field w's text as the one the run first saw in it (its placeholder when a dump shows no hint). */
static void remember_first(struct oracle_crud_tracker *t, const struct ui_widget *w)
{
	t->first = xgrow(t->first, &t->alloc_first, t->n_first + 1, sizeof(*t->first));
	t->first[t->n_first].rid = xstrdup(w->resource_id);
	t->first[t->n_first].initial = xstrdup(w->text);
	t->n_first++;
}

/* The key a screen is searched for: v's first CRUD_KEY_BYTES characters, lowered. */
static void typed_key(char key[CRUD_KEY_SIZE], const char *v)
{
	int klen = ui_text_prefix_len(v, CRUD_KEY_BYTES);

	oracle_lower_into(key, CRUD_KEY_SIZE, v);
	key[klen] = '\0';
}

/*
 * The visible, non-editable text of t (the page a form was opened from)
 * that holds a field's value with a label around it - "CW: Severance
 * season 2 finale spoilers" for the value "Severance season 2 finale
 * spoilers" - or NULL (caller frees). The value is 6+ bytes with a letter;
 * what is left of the text around it has a letter too (a text that is the
 * value alone may be a collapsed body, or a title that shows it by chance).
 */
static char *labelled_line(const struct ui_tree *t, const char *value)
{
	char *v, key[CRUD_KEY_SIZE], *found = NULL;

	if (!t || !value)
		return NULL;
	v = oracle_trimmed(value);
	if (strlen(v) < 6 || !has_letter(v)) {
		free(v);
		return NULL;
	}
	typed_key(key, v);
	for (size_t i = 0; i < t->n_nodes && !found; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[1024], *at;
		bool label = false;

		if (ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen) || w->clickable)
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		at = strstr(low, key);
		if (!at)
			continue;
		/* A letter outside the value: before it, or after its whole length. */
		for (char *p = low; p < at && !label; p++)
			label = isalpha((unsigned char)*p);
		for (size_t p = (size_t)(at - low) + strlen(v); p < strlen(low) && !label; p++)
			label = isalpha((unsigned char)low[p]);
		if (label)
			found = xstrdup(w->text);
	}
	free(v);
	return found;
}

/* The first visible text under w holding the number num, or NULL. */
static const char *text_holding(const struct ui_tree *t, const struct ui_widget *w, const char *num)
{
	if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen) &&
	    oracle_holds_number(w->text, num))
		return w->text;
	for (size_t i = 0; i < w->n_children; i++) {
		const char *r = text_holding(t, w->children[i], num);

		if (r)
			return r;
	}
	return NULL;
}

/*
 * For a field that opened holding a plain number, the text of the list row
 * (or clickable widget) `done` tapped on t to open the form that holds that
 * number ("1 Can · Pantry · best before ..."); NULL otherwise.
 */
static char *tapped_row_line(const struct ui_tree *t, const struct action *done, const char *initial)
{
	const struct ui_widget *w, *row;
	const char *line;

	if (!t || !done || done->type != ACTION_CLICK || !oracle_is_number(initial, 9))
		return NULL;
	w = action_resolve(done, t);
	row = w ? oracle_enclosing_row(w) : NULL;
	while (!row && w && !w->clickable)
		w = w->parent;
	if (!row)
		row = w;
	line = row ? text_holding(t, row, initial) : NULL;
	return line ? xstrdup(line) : NULL;
}

/*
 * Whether every place text holds the number num reads it as the basis of
 * a rate, after "/" or "per" ("Energy: 1521 kJ / 100 g", "2.40 per 100
 * ml"): the amount the rate is per, not a value of the item (foodfacts: a
 * serving size of 100 is not "100" in the energy line).
 */
static bool number_is_basis(const char *text, const char *num)
{
	size_t n = strlen(num);
	bool any = false;

	for (const char *p = strstr(text, num); n && p; p = strstr(p + 1, num)) {
		const char *q = p;

		if ((p > text && (isdigit((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ',')) ||
		    isdigit((unsigned char)p[n]))
			continue;
		while (q > text && q[-1] == ' ')
			q--;
		if (q > text && q[-1] == '/') {
			any = true;
			continue;
		}
		if (q - text >= 3 && !strncasecmp(q - 3, "per", 3) && (q - text == 3 || !isalpha((unsigned char)q[-4])) &&
		    q < p) {
			any = true;
			continue;
		}
		return false;
	}
	return any;
}

/*
 * For a field that opened holding a plain number, when `done` tapped a
 * control outside any list row (an Edit button on an item's page): the
 * one text of t outside rows that holds that number with a label around
 * it ("Duration: 0 h 25 min" for a duration of 25), or NULL when no text
 * or more than one does. It stands for the row's text in number_kept.
 */
static char *labelled_number_line(const struct ui_tree *t, const struct action *done, const char *initial)
{
	const struct ui_widget *w, *line = NULL;

	if (!t || !done || done->type != ACTION_CLICK || !oracle_is_number(initial, 9))
		return NULL;
	w = action_resolve(done, t);
	if (!w || oracle_enclosing_row(w))
		return NULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *m = t->nodes[i];

		if (!*m->text || ui_class_is_editable(m->class_name) || !ui_widget_visible(m, &t->screen) ||
		    !oracle_holds_number(m->text, initial) || number_is_basis(m->text, initial))
			continue;
		if (line || m->clickable || oracle_enclosing_row(m) || !has_letter(m->text))
			return NULL;
		line = m;
	}
	return line ? xstrdup(line->text) : NULL;
}

/*
 * Record the fields of t (their text when first seen; from: the page the
 * form was opened from, 0 if unknown); forget the fields t no longer shows.
 */
static void sync_fields(struct oracle_crud_tracker *t, const struct ui_tree *tree, uint64_t from,
			const struct ui_tree *from_tree, const struct action *opened_by)
{
	size_t k = 0;
	bool layer;

	if (!tree)
		return;
	layer = oracle_screen_has_layer(tree);
	/* What each field shows when first seen, a dialog's fields too (their
	 * placeholder may be their text: "Playlist name" in a dialog left empty). */
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		bool known = false;

		if (!ui_class_is_editable(w->class_name) || !*w->resource_id || !ui_widget_visible(w, &tree->screen))
			continue;
		for (size_t j = 0; j < t->n_first && !known; j++)
			known = strcmp(t->first[j].rid, w->resource_id) == 0;
		if (!known)
			remember_first(t, w);
	}
	if (layer)
		return; /* a dialog hides the form behind it */
	crud_choices_sync(&t->choices, tree, from, from_tree);
	for (size_t i = 0; i < t->n_fields; i++) {
		if (has_field_id(tree, t->fields[i].rid)) {
			t->fields[k++] = t->fields[i];
		} else {
			free(t->fields[i].rid);
			free(t->fields[i].initial);
			free(t->fields[i].line);
			free(t->fields[i].row_line);
		}
	}
	t->n_fields = k;
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];

		if (!form_field(tree, w) || field_of(t, w->resource_id))
			continue;
		t->fields = xgrow(t->fields, &t->alloc_fields, t->n_fields + 1, sizeof(*t->fields));
		t->fields[t->n_fields].rid = xstrdup(w->resource_id);
		t->fields[t->n_fields].initial = xstrdup(strcmp(w->text, w->hint) == 0 ? "" : w->text);
		t->fields[t->n_fields].from = from;
		t->fields[t->n_fields].line = from ? labelled_line(from_tree, t->fields[t->n_fields].initial) : NULL;
		t->fields[t->n_fields].row_line =
			from ? tapped_row_line(from_tree, opened_by, t->fields[t->n_fields].initial) : NULL;
		if (from && !t->fields[t->n_fields].row_line)
			t->fields[t->n_fields].row_line =
				labelled_number_line(from_tree, opened_by, t->fields[t->n_fields].initial);
		t->n_fields++;
	}
}

/* Whether s has a letter (ASCII, or any non-ASCII byte). */
static bool has_letter(const char *s)
{
	for (; *s; s++)
		if (isalpha((unsigned char)*s) || (unsigned char)*s >= 0x80)
			return true;
	return false;
}

/* Whether a visible, non-editable text or content-desc of t contains the lowered key. */
static bool screen_shows(const struct ui_tree *t, const char *key)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[1024];

		if (ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (strstr(low, key))
			return true;
		oracle_lower_into(low, sizeof(low), w->content_desc);
		if (strstr(low, key))
			return true;
	}
	return false;
}

/*
 * How many visible texts of t are exactly s (case-insensitive, trimmed); a
 * field's text counts only with `fields`.
 */
static size_t count_whole(const struct ui_tree *t, const char *s, bool fields)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *v;
		bool same;

		if (!*w->text || (!fields && ui_class_is_editable(w->class_name)) || !ui_widget_visible(w, &t->screen))
			continue;
		v = oracle_trimmed(w->text);
		same = strcasecmp(v, s) == 0;
		free(v);
		n += same;
	}
	return n;
}

/*
 * Whether the one visible text of t that is exactly s (trimmed, any case)
 * sits in a list row that shows no text equal to `item` while another
 * row does: the value belongs to another row than the item's.
 */
static bool whole_in_other_row(const struct ui_tree *t, const char *s, const char *item)
{
	const struct ui_widget *row = NULL;
	bool elsewhere = false;

	if (!item || !*item)
		return false;
	for (size_t i = 0; i < t->n_nodes && !row; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *v;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		v = oracle_trimmed(w->text);
		if (!strcasecmp(v, s))
			row = oracle_enclosing_row(w);
		free(v);
	}
	if (!row)
		return false;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i], *r;

		if (!*w->text || strcasecmp(w->text, item) || !ui_widget_visible(w, &t->screen))
			continue;
		r = oracle_enclosing_row(w);
		if (r == row)
			return false;
		elsewhere |= r != NULL;
	}
	return elsewhere;
}

/* Whether a visible text of t is exactly s; a field's text counts only with `fields`. */
static bool shows_whole(const struct ui_tree *t, const char *s, bool fields)
{
	return count_whole(t, s, fields) > 0;
}

/* Whether a visible, non-editable text of t is exactly s (case-insensitive, trimmed). */
static bool screen_shows_whole(const struct ui_tree *t, const char *s)
{
	return shows_whole(t, s, false);
}

/* The first list of t with rows and room for one more (all its rows shown), or NULL. */
static const struct oracle_list *full_list(const struct ui_tree *t, const struct oracle_list *ls, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ls[i].n_rows > 0 && oracle_list_has_room(t, ls[i].id))
			return &ls[i];
	return NULL;
}

/*
 * Whether field w shows its hint, the text it showed when its form appeared
 * (a new form's placeholder, an edit form's old value), or the text the
 * run first saw in it: nothing typed.
 */
static bool untouched(const struct oracle_crud_tracker *t, const struct ui_widget *w)
{
	if (!*w->text || strcmp(w->text, w->hint) == 0)
		return true;
	for (size_t j = 0; j < t->n_fields; j++)
		if (strcmp(t->fields[j].rid, w->resource_id) == 0 && *t->fields[j].initial &&
		    strcmp(t->fields[j].initial, w->text) == 0)
			return true;
	for (size_t j = 0; j < t->n_first; j++)
		if (strcmp(t->first[j].rid, w->resource_id) == 0 && strcmp(t->first[j].initial, w->text) == 0)
			return true;
	return false;
}

/*
 * After an input that typed nothing (a field emptied), what the field
 * shows is its placeholder: dumps give an empty field's hint as its text,
 * and a field first seen filled in never showed it before.
 */
static void note_emptied(struct oracle_crud_tracker *t, const struct ui_tree *after, const struct action *done)
{
	const char *s = done->text ? done->text : "";

	if (done->type != ACTION_INPUT || !done->resource_id || !*done->resource_id)
		return;
	while (*s && isspace((unsigned char)*s))
		s++;
	if (*s)
		return;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];

		if (!ui_class_is_editable(w->class_name) || strcmp(w->resource_id, done->resource_id) != 0 ||
		    !*w->text || untouched(t, w))
			continue;
		remember_first(t, w);
		return;
	}
}

/*
 * Whether `after` shows a search or filter field holding typed text (not
 * its hint, not the text the run first saw in it), or a text outside its
 * lists saying the list is filtered: the list may hide the entry on
 * purpose.
 */
static bool list_filtered(const struct oracle_crud_tracker *t, const struct ui_tree *after)
{
	/* A page that says its list is filtered ("Filtered by label Content", a
	 * Clear filter button: deck, session 65, a card created without the
	 * label the board was filtered by). */
	if (oracle_filter_note(after))
		return true;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];

		if (!ui_class_is_editable(w->class_name) || w->password || !ui_widget_visible(w, &after->screen) ||
		    form_field(after, w))
			continue;
		if (!untouched(t, w))
			return true;
	}
	return false;
}

/*
 * Whether `after` shows its list under a selected tab that names a state a
 * new entry does not start in (Archive, Starred, Done, Trash): a reader app
 * files a link saved from its Archive tab under Unread, so the Archive list
 * the form returns to rightly lacks it (readlater held-out app). So does a
 * tab of what others did (Notifications, Mentions): a post composed there
 * goes to the timelines (social held-out app). So does Scheduled (a to-do
 * with no due date is not), and any tab of a strip that starts with All
 * other than All (oracle_filter_tab_selected). Tabs that name a place
 * (Work, Personal) keep the check: an entry saved there belongs there.
 */
static bool list_of_a_state(const struct ui_tree *after)
{
	static const char *const states[] = { "archive", "archived", "read", "done", "completed", "complete",
					      "finished", "scheduled", "starred", "favourites", "favorites", "favourite",
					      "favorite", "trash", "deleted", "bin", "hidden", "history", "spam",
					      "notifications", "mentions", NULL };
	char *sel = oracle_selected_nav_items(after);
	char low[512];

	oracle_lower_into(low, sizeof(low), sel);
	free(sel);
	/* ... or a tab beside "All" that shows a part of the items: a new daily that repeats every day
	 * is rightly not under Grey (not due today) of All / Due / Grey (quests, session 66). */
	return oracle_has_whole_word(low, states) || oracle_filter_tab_selected(after);
}

/*
 * Whether the form `before` files its entry under a group other than the
 * tab `after` shows selected: a text or control "Group: none", "Category:
 * Snacks" (a grouping word, a colon, a value) whose value is none of the
 * selected tabs' labels. The card saved with no group from the Pharmacy
 * tab rightly is not on it (loyalty's fixed twin, seed 3, session 60).
 * A form that files the entry under the tab shown ("Group: Pharmacy") is
 * still judged.
 */
static bool filed_under_another_tab(const struct ui_tree *before, const struct ui_tree *after)
{
	static const char *const groups[] = { "group", "category", "folder", "list", "label", "tag", "collection",
					      "deck", "shelf", "project", "board", "notebook", "album", "playlist",
					      NULL };
	char *sel = oracle_selected_nav_items(after);
	bool other = false;

	for (size_t i = 0; *sel && !other && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const char *colon = strchr(w->text, ':');
		char word[32], value[128];
		size_t wl;
		bool named = false, listed = false;

		if (!colon || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &before->screen))
			continue;
		wl = (size_t)(colon - w->text);
		if (!wl || wl >= sizeof(word))
			continue;
		memcpy(word, w->text, wl);
		word[wl] = '\0';
		oracle_lower_into(word, sizeof(word), word);
		for (size_t k = 0; groups[k] && !named; k++) {
			size_t gl = strlen(groups[k]);

			named = !strncmp(word, groups[k], gl) && (!word[gl] || !strcmp(word + gl, "s"));
		}
		oracle_trim_into(value, sizeof(value), colon + 1);
		if (!named || !*value)
			continue;
		for (const char *p = sel; *p && !listed;) {
			size_t n = strcspn(p, "\t");

			listed = n == strlen(value) && !strncasecmp(p, value, n);
			p += n + (p[n] == '\t');
		}
		other = !listed;
	}
	free(sel);
	return other;
}

/* Whether a field's kind asks for a number (amount, phone, postal code, card digits) or a date or time. */
static bool numeric_kind(enum input_kind kind)
{
	switch (kind) {
	case INPUT_KIND_NUMBER: case INPUT_KIND_POSTAL: case INPUT_KIND_PHONE:
	case INPUT_KIND_CARD: case INPUT_KIND_CVV: case INPUT_KIND_DATE: case INPUT_KIND_TIME:
	case INPUT_KIND_EXPIRY:
		return true;
	default:
		return false;
	}
}

/*
 * Whether w asks for a number, a date or a time, by its hint and id, by
 * its label or - dumps may lack the hint - by the placeholder or value it
 * first showed ("Rate per hour (\u20ac)", or a prefilled "0", then "1a"
 * typed over it).
 */
static bool numeric_field(const struct oracle_crud_tracker *t, const struct ui_widget *w)
{
	const struct ui_widget *p = w->parent, *label = NULL;

	if (numeric_kind(input_gen_kind(w)))
		return true;
	/* ... or by its label, the text just above it ("Body fat (%)" over a field with no hint: scale, session 66). */
	for (size_t i = 0; p && i < p->n_children && p->children[i] != w; i++)
		label = p->children[i];
	if (label && *label->text && !label->n_children && !label->clickable &&
	    !ui_class_is_editable(label->class_name)) {
		struct ui_widget named = *w;

		named.hint = label->text;
		named.text = "";
		named.resource_id = "";
		if (numeric_kind(input_gen_kind(&named)))
			return true;
	}
	for (size_t j = 0; !*w->hint && j < t->n_first; j++)
		if (strcmp(t->first[j].rid, w->resource_id) == 0 && *t->first[j].initial) {
			struct ui_widget shown = *w;

			/* Judged by what it first showed, not by what was typed over it ("0", then "1a"). */
			shown.hint = t->first[j].initial;
			shown.text = "";
			return numeric_kind(input_gen_kind(&shown));
		}
	return false;
}

/* The text field rid showed when first seen (its placeholder when it was empty), or "". */
static const char *first_text(const struct oracle_crud_tracker *t, const char *rid)
{
	for (size_t j = 0; j < t->n_first; j++)
		if (strcmp(t->first[j].rid, rid) == 0)
			return t->first[j].initial;
	return "";
}

/*
 * Whether w says it may be left empty ("Station (optional)") or is a
 * comment or note ("Comment" as its hint or label): a detail a list rarely
 * shows (a refueling's row shows its date, litres and price), so its value
 * missing from the list says nothing about the entry.
 */
static bool optional_field(const struct oracle_crud_tracker *t, const struct ui_widget *w)
{
	static const char *const details[] = { "comment", "comments", "note", "notes", "description", "remarks", NULL };
	const struct ui_widget *p = w->parent, *label = NULL;
	char low[64];

	/* Dumps may lack the hint: the placeholder is then the text the field first showed. */
	if (strcasestr(w->hint, "optional"))
		return true;
	/* A comment or a note, by its hint, its label (the text just above it) or the placeholder it
	 * first showed (a dump of a filled field may lack its hint: ledger, session 67): a measurement's
	 * comment is on its page, not on the list's row (scale, session 66). */
	for (size_t i = 0; p && i < p->n_children && p->children[i] != w; i++)
		label = p->children[i];
	for (int k = 0; k < 3; k++) {
		const char *name = k == 1 ? (label && !label->n_children && !ui_class_is_editable(label->class_name)
						     ? label->text : "")
				   : k == 2 ? first_text(t, w->resource_id)
					    : w->hint;
		char trimmed[64];

		oracle_trim_into(trimmed, sizeof(trimmed), name);
		oracle_lower_into(low, sizeof(low), trimmed);
		for (size_t d = 0; details[d]; d++)
			if (!strcmp(low, details[d]))
				return true;
	}
	for (size_t j = 0; j < t->n_fields; j++)
		if (strcmp(t->fields[j].rid, w->resource_id) == 0 && strcasestr(t->fields[j].initial, "optional"))
			return true;
	return strcasestr(first_text(t, w->resource_id), "optional") != NULL;
}

/* Whether the lowered text names a day: a weekday or a month name as a word ("Wednesday, 25 November"). */
static bool names_a_day(const char *low)
{
	static const char *const days[] = { "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
					    "sunday", "january", "february", "march", "april", "may", "june", "july",
					    "august", "september", "october", "november", "december", NULL };

	for (size_t i = 0; days[i]; i++) {
		size_t n = strlen(days[i]);

		for (const char *p = low; (p = strstr(p, days[i])) != NULL; p++)
			if ((p == low || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[n]))
				return true;
	}
	return false;
}

/* Whether w sits inside a list of its tree. */
static bool in_a_list(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (oracle_is_list(p))
			return true;
	return false;
}

/*
 * Whether the entry is filed under a day the list may not be showing: the
 * form has a date or day field (by its kind, id or label) and the screen it
 * returns to is headed by a day outside its lists ("Wednesday, 25
 * November"): a calendar's day view lists that day's events only, and an
 * event saved for the 29th is rightly not among them.
 */
static bool list_of_one_day(const struct ui_tree *before, const struct ui_tree *after)
{
	bool dated = false;

	for (size_t i = 0; !dated && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		char low[256];

		if (!ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &before->screen))
			continue;
		oracle_lower_into(low, sizeof(low), w->resource_id);
		dated = input_gen_kind(w) == INPUT_KIND_DATE || strstr(low, "date") || strstr(low, "day");
	}
	for (size_t i = 0; dated && i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		char low[256];

		if (!*w->text || !ui_widget_visible(w, &after->screen) || in_a_list(w))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (names_a_day(low))
			return true;
	}
	return false;
}

/*
 * The first text field of `before` the run typed a value with letters into
 * (trimmed, to *value; caller frees), or NULL; NULL on a sign-in form. A
 * numeric field's value (an amount, a ZIP code) is not what a list names
 * an entry by, and apps reformat or reject letters in it ("7a0" saved as
 * $7.00): only text fields make the claim.
 */
static const struct ui_widget *typed_field(const struct oracle_crud_tracker *t, const struct ui_tree *before,
					   char **value)
{
	const struct ui_widget *field = NULL;

	*value = NULL;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];

		if (ui_class_is_editable(w->class_name) && w->password) {
			free(*value);
			*value = NULL;
			return NULL;
		}
		if (!field && form_field(before, w) && !untouched(t, w) && !numeric_field(t, w) && !optional_field(t, w)) {
			char *v = oracle_trimmed(w->text);

			if (*v && has_letter(v)) {
				field = w;
				*value = v;
			} else {
				free(v);
			}
		}
	}
	return field;
}

/*
 * Whether a field's first text is a start for the person to go on from,
 * not a value to edit: it ends with a space or a line break, or it is a
 * mention ("@sam@mastodon.social ", which a reply fills in). The post the
 * reply answers still shows that handle, rightly.
 */
static bool started_for_more(const char *initial)
{
	size_t n = strlen(initial);

	return initial[0] == '@' || (n > 0 && isspace((unsigned char)initial[n - 1]));
}

/*
 * An edit dropped: the save returned to the page the form was opened from,
 * which showed a field's old value with a label around it ("CW: <old>");
 * the run typed another value with letters into that field, and the page
 * now shows no text holding it (social `social-edit-drops-cw`: a post's
 * content warning edited, saved, and the post comes back without a CW
 * line). The old line gone and the new one missing: the field was lost.
 */
static bool edit_dropped(struct oracle_crud_tracker *t, const struct ui_tree *before, const struct ui_tree *after,
			 const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	uint64_t here = page_of(after, activity_after);

	/* A page whose list a search or filter narrows may rightly hide the
	 * entry (caldiary, session 69: a food renamed while the food list was
	 * searched for "mature" is under "No matching results"). */
	if (list_filtered(t, after))
		return false;
	for (size_t i = 0; i < before->n_nodes; i++)
		if (ui_class_is_editable(before->nodes[i]->class_name) && before->nodes[i]->password)
			return false;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const struct crud_field *rec;
		char *v, *old, key[CRUD_KEY_SIZE];
		bool dropped;

		if (!form_field(before, w) || untouched(t, w) || numeric_field(t, w) ||
		    has_field_id(after, w->resource_id))
			continue;
		rec = field_of(t, w->resource_id);
		if (!rec || !rec->line || !rec->from || rec->from != here)
			continue;
		v = oracle_trimmed(w->text);
		old = oracle_trimmed(rec->initial);
		typed_key(key, v);
		dropped = *v && has_letter(v) && strcasecmp(v, old) != 0 && !screen_shows(after, key);
		if (dropped) {
			oracle_finding_init(f);
			f->category = BUG_CAT_DATA_OPERATION;
			f->oracle = "crud";
			f->title = xasprintf("An edit of '%s' is dropped: the page no longer shows its line", w->resource_id);
			f->expected = xasprintf("the page shows the edited value '%s' where it showed \"%s\"", v, rec->line);
			f->actual = xasprintf("no text holds '%s', and \"%s\" is gone", v, rec->line);
			f->description = xasprintf("The page showed \"%s\" before its form was opened; the field '%s' was "
						   "changed from '%s' to '%s' and '%s' tapped; back on the page, no text "
						   "shows the field any more: the save dropped it.",
						   rec->line, w->resource_id, old, v,
						   done->widget_text ? done->widget_text : "confirm");
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "dropped");
			cJSON_AddStringToObject(f->diff, "field", w->resource_id);
			cJSON_AddStringToObject(f->diff, "typed", v);
			cJSON_AddStringToObject(f->diff, "previous", old);
			cJSON_AddStringToObject(f->diff, "line", rec->line);
			cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		}
		free(v);
		free(old);
		if (dropped)
			return true;
	}
	return false;
}

/* Whether before's app-bar title says Edit, Modify or Change: a form that edits an entry. */
static bool edit_form(const struct ui_tree *before)
{
	const char *title = oracle_app_bar_title(before);

	return title && oracle_says_edit(title);
}

/*
 * A number edit not saved: an edit form (its title says Edit, Modify or
 * Change) opened by a tap on a row that showed the field's number
 * ("1 Can · Pantry" for an amount of 1); the run typed another number
 * (oracle_plain_edit), the confirm closed the form back on the page it
 * was opened from, and that page shows the row's text unchanged while no
 * text holds the number typed (pantry `pantry-entry-edit-not-saved`,
 * grocy #1390: a stock entry's amount edited, OK, the entry keeps its old
 * amount). A number is a short text, so only the tapped row's own text
 * holding it is read, not any text of the page.
 */
static bool number_kept(struct oracle_crud_tracker *t, const struct ui_tree *before, const struct ui_tree *after,
			const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	uint64_t here = page_of(after, activity_after);
	const char *title = oracle_app_bar_title(before);

	if (!edit_form(before))
		return false;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const struct crud_field *rec;
		char *v;
		bool kept = false, shown = false;

		if (!form_field(before, w) || untouched(t, w) || !numeric_field(t, w) ||
		    has_field_id(after, w->resource_id))
			continue;
		rec = field_of(t, w->resource_id);
		if (!rec || !rec->row_line || !rec->from || rec->from != here)
			continue;
		v = oracle_trimmed(w->text);
		if (oracle_is_number(v, 9) && oracle_plain_edit(rec->initial, v)) {
			for (size_t j = 0; j < after->n_nodes; j++) {
				const struct ui_widget *a = after->nodes[j];

				if (!*a->text || !ui_widget_visible(a, &after->screen) ||
				    ui_class_is_editable(a->class_name))
					continue;
				kept |= !strcmp(a->text, rec->row_line);
				shown |= oracle_holds_number(a->text, v);
			}
		}
		if (kept && !shown) {
			oracle_finding_init(f);
			f->category = BUG_CAT_DATA_OPERATION;
			f->oracle = "crud";
			/* The title names the form and field, not the row: a shorter replay may edit another row. */
			f->title = xasprintf("An edit of '%s' on '%s' is not saved: its row keeps the old number",
					     w->resource_id, title);
			f->expected = xasprintf("the row shows %s, the number saved", v);
			f->actual = xasprintf("the row still says \"%s\" and no text holds %s", rec->row_line, v);
			f->description = xasprintf("The page showing \"%s\" opened '%s'; the field '%s' was changed from "
						   "%s to %s and '%s' tapped; the form closed on the page it was opened "
						   "from, where that text says the same and nothing shows %s: the edit "
						   "was not saved.",
						   rec->row_line, title, w->resource_id, rec->initial, v,
						   done->widget_text ? done->widget_text : "confirm", v);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "number_kept");
			cJSON_AddStringToObject(f->diff, "field", w->resource_id);
			cJSON_AddStringToObject(f->diff, "typed", v);
			cJSON_AddStringToObject(f->diff, "previous", rec->initial);
			cJSON_AddStringToObject(f->diff, "row", rec->row_line);
			cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		}
		free(v);
		if (kept && !shown)
			return true;
	}
	return false;
}

/*
 * A switch or checkbox with a label turned off by `done` (checked on
 * `before`) is remembered as hidden; turned on, forgotten. Entries filed
 * under it may be left out of lists on purpose ("Events of hidden
 * calendars are left out": calendar held-out app, seed 3, an event saved
 * to Work after Work's switch was turned off).
 */
static void note_hidden(struct oracle_crud_tracker *t, const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w;
	char low[64];
	size_t n = t->n_hidden < CRUD_HIDDEN_MAX ? t->n_hidden : CRUD_HIDDEN_MAX, i;

	if (done->type != ACTION_CHECK || !(w = action_resolve(done, before)) || !w->checkable || !*w->text)
		return;
	oracle_lower_into(low, sizeof(low), w->text);
	for (i = 0; i < n && strcmp(t->hidden[i], low); i++)
		;
	if (w->checked && i == n)
		snprintf(t->hidden[t->n_hidden++ % CRUD_HIDDEN_MAX], sizeof(t->hidden[0]), "%s", low);
	else if (!w->checked && i < n)
		t->hidden[i][0] = '\0';
}

/*
 * Whether the form on `before` shows a "Label: value" text whose value is
 * a restricted audience ("Visibility: Followers only", "Unlisted",
 * "Private"): a post kept from the public timelines is rightly missing
 * from a shared one (social, session 47, seed 2: the posting default set
 * to Followers only, then a post sent from the Local tab, which does not
 * show it).
 */
static bool files_for_few(const struct ui_tree *before)
{
	static const char *const few[] = { "followers only", "followers-only", "unlisted", "private", "direct",
					   "only me", "mentioned people only", "friends only", "close friends", NULL };
	char low[128];

	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const char *v;

		if (!*w->text || !ui_widget_visible(w, &before->screen) || !(v = strstr(w->text, ": ")))
			continue;
		oracle_trim_into(low, sizeof(low), v + 2);
		oracle_lower_into(low, sizeof(low), low);
		for (size_t k = 0; few[k]; k++)
			if (!strcmp(low, few[k]))
				return true;
	}
	return false;
}

/*
 * Whether the form on `before` files its entry under a label the run hid:
 * a text that is the label, or ends in it after ": " ("Calendar: Work").
 */
static bool files_under_hidden(const struct oracle_crud_tracker *t, const struct ui_tree *before)
{
	size_t n = t->n_hidden < CRUD_HIDDEN_MAX ? t->n_hidden : CRUD_HIDDEN_MAX;

	for (size_t i = 0; n && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const char *colon = strstr(w->text, ": ");
		char low[64];

		if (!*w->text || !ui_widget_visible(w, &before->screen) || ui_class_is_editable(w->class_name))
			continue;
		oracle_lower_into(low, sizeof(low), colon ? colon + 2 : w->text);
		for (size_t k = 0; k < n; k++)
			if (t->hidden[k][0] && !strcmp(t->hidden[k], low))
				return true;
	}
	return false;
}

/* The part of a label after a leading symbol or "Label: " ("📁 Travel", "Folder: Travel" -> "Travel"). */
static const char *label_value(const char *s)
{
	const char *colon = strstr(s, ": ");

	if (colon)
		s = colon + 2;
	while (*s && !isalnum((unsigned char)*s))
		s++;
	return s;
}

/*
 * Whether the form on `before` files its entry inside a row of list l: a
 * clickable text of the form, not a tab (a chooser: "📁 Travel" under
 * "Parent folder") whose value is the first text of one of l's rows. The entry
 * went into that row's folder or list, which the list shows as a row
 * (browser, session 42: a folder added under Travel, back on the
 * Bookmarks root that lists Travel, rightly not the new folder).
 */
static bool files_into_a_row(const struct ui_tree *before, const struct oracle_list *l)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const char *v;

		if (!w->clickable || !*w->text || ui_class_is_editable(w->class_name) || oracle_is_nav_item(w) ||
		    !ui_widget_visible(w, &before->screen) || !*(v = label_value(w->text)))
			continue;
		for (size_t r = 0; r < l->n_rows; r++)
			if (l->primary[r] && !strcasecmp(label_value(l->primary[r]), v))
				return true;
	}
	return false;
}

/*
 * Whether the form on `before` marks its item done: a checked box labelled
 * Completed, Complete or Done. The save files the item among the done
 * ones, which the list may hide, and a recurring one's next occurrence
 * takes its place with the stored title (tasks' fixed twin, session 67:
 * a weekly task retitled and ticked Completed, the list showing the next
 * week's with the old title).
 */
static bool marked_done(const struct ui_tree *before)
{
	static const char *const done[] = { "completed", "complete", "done", NULL };

	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		char low[64];

		if (!w->checkable || !w->checked || !ui_widget_visible(w, &before->screen))
			continue;
		oracle_lower_into(low, sizeof(low), ui_widget_label(w));
		if (oracle_has_whole_word(low, done))
			return true;
	}
	return false;
}

/* The create/update check on a confirm taken on `before`. */
/* The hash of s trimmed, when it has a letter; 0 otherwise. */
static uint64_t typed_hash(const char *s)
{
	char *v = oracle_trimmed(s);
	uint64_t h = *v && has_letter(v) ? oracle_hash_str(ORACLE_HASH_BASIS, v) : 0;

	free(v);
	return h;
}

/* Whether text (trimmed) is one the run typed (typed[]). */
static bool typed_by_run(const struct oracle_crud_tracker *t, const char *text)
{
	uint64_t h = typed_hash(text);

	for (size_t i = 0; h && i < t->n_typed && i < CRUD_TYPED_MAX; i++)
		if (t->typed[i] == h)
			return true;
	return false;
}

static bool saved_not_shown(struct oracle_crud_tracker *t, const struct ui_tree *before,
			    const struct ui_tree *after, const char *activity_after, const struct action *done,
			    struct oracle_finding *f)
{
	const struct ui_widget *field = NULL;
	struct oracle_list *ls = NULL;
	const struct oracle_list *list;
	const struct crud_field *rec;
	char *value = NULL, *old = NULL, key[CRUD_KEY_SIZE];
	size_t nl;
	bool hit = false, old_shown;

	field = typed_field(t, before, &value);
	if (!field || has_field_id(after, field->resource_id)) {
		free(value);
		return false; /* nothing typed, or the form is still there (refused, or kept for the next entry) */
	}
	/* Any typed value on the next screen is the entry (a list may show the name, not the URL typed first). */
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		char *v;
		bool shown;

		/* A field whose form was left and reached again (a reminder's time
		 * picked on a page of its own) is untouched since, but the value it
		 * holds is one the run typed (habits seed 3, session 58). */
		if (!form_field(before, w) || (untouched(t, w) && !typed_by_run(t, w->text)))
			continue;
		v = oracle_trimmed(w->text);
		typed_key(key, v);
		shown = *v && has_letter(v) && screen_shows(after, key);
		free(v);
		if (shown) {
			free(value);
			return false;
		}
	}
	rec = field_of(t, field->resource_id);
	if (rec && *rec->initial && !started_for_more(rec->initial)) {
		old = oracle_trimmed(rec->initial);
		if (strcasecmp(old, value) == 0 || strcmp(rec->initial, field->hint) == 0) {
			free(old);
			old = NULL;
		}
	}
	/*
	 * The old value is judged on the page the form was opened from only: a
	 * save that goes back past it lands on a page showing its own content
	 * (browser, session 25: Edit bookmark opened from the full-page Menu
	 * of a web page; Save returns to the page, still titled as the document
	 * the bookmark's name was copied from). And only when one text shows
	 * it: a value other rows share tells nothing of the row edited (pantry,
	 * session 32: a shopping item's note "below min. stock" edited and
	 * saved; two other items still said "below min. stock", the edited
	 * one's note was below the fold). Nor when that text sits in a list
	 * row while another row shows the item the form edits, named in the
	 * form's title (pantry's fixed twin, session 45: one other item still
	 * said "below min. stock", Wheat flour's row had its note cut off at
	 * the screen's bottom).
	 */
	old_shown = old && !marked_done(before) && count_whole(after, old, false) == 1 &&
		    (!rec->from || rec->from == page_of(after, activity_after)) &&
		    !whole_in_other_row(after, old, oracle_app_bar_title(before));
	nl = oracle_lists(after, &ls);
	list = full_list(after, ls, nl);
	/* A dialog's save that left the page the dialog was opened over too (music's fixed
	 * twin, seed 2, session 64: New playlist on Add to playlist creates the playlist,
	 * adds the song and goes back to the artist's page): that list is not the entry's. */
	if (list && !old_shown && oracle_screen_has_layer(before) && t->dialog_over &&
	    t->dialog_over != page_shape(after, activity_after))
		list = NULL;
	if (list && !old_shown && (list_filtered(t, after) || marked_done(before) || list_of_one_day(before, after) || list_of_a_state(after) ||
				   files_under_hidden(t, before) || files_for_few(before) || files_into_a_row(before, list) ||
				   filed_under_another_tab(before, after)))
		list = NULL;
	/* An edit form (its title says Edit): the entry is in the list already,
	 * which may not show the field edited (feedreader's fixed twin,
	 * session 32: "Edit feed" saved with another URL, back on the list of
	 * feed names). Only its old value still shown is judged. */
	if (list && !old_shown && edit_form(before))
		list = NULL;
	if (old_shown || list) {
		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = "crud";
		if (old_shown) {
			f->title = xasprintf("An edit of '%s' is not shown: the next screen still shows the old value",
					     field->resource_id);
			f->expected = xasprintf("the edited value '%s' shown in place of '%s'", value, old);
			f->actual = xasprintf("'%s' is still shown and '%s' is not", old, value);
		} else {
			f->title = xasprintf("An entry saved from '%s' is missing from the list", field->resource_id);
			f->expected = xasprintf("a row with '%s', the value typed", value);
			f->actual = xasprintf("no row or text contains '%s'", value);
		}
		f->description = xasprintf("The form's field '%s' held '%s' when '%s' was tapped; the form closed, "
					   "and the screen it returned to %s.",
					   field->resource_id, value, done->widget_text ? done->widget_text : "confirm",
					   old_shown ? "still shows the old value" : "lists no row with that value");
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", old_shown ? "update" : "create");
		cJSON_AddStringToObject(f->diff, "field", field->resource_id);
		cJSON_AddStringToObject(f->diff, "typed", value);
		if (old)
			cJSON_AddStringToObject(f->diff, "previous", old);
		if (list) {
			cJSON *rows = cJSON_CreateArray();

			for (size_t r = 0; r < list->n_rows; r++)
				cJSON_AddItemToArray(rows, cJSON_CreateString(list->rows[r]));
			cJSON_AddStringToObject(f->diff, "list", list->id);
			cJSON_AddItemToObject(f->diff, "rows", rows);
		}
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		hit = true;
	}
	oracle_lists_free(ls, nl);
	free(value);
	free(old);
	return hit;
}

/*
 * Whether `done` saves the form's entry somewhere other than the screen it
 * returns to: "Save draft" files a message under Drafts, "Save as PDF" or
 * "Save to gallery" writes a file (mail held-out app: Compose opened from
 * the Inbox, Save draft, back on the Inbox without the draft, rightly).
 */
static bool saves_elsewhere(const struct ui_tree *before, const struct action *done)
{
	static const char *const words[] = { "draft", NULL };
	static const char *const begins[] = { "save as", "save to", "save in", "export", NULL };
	char label[512], id[256];

	oracle_action_label(before, done, label, sizeof(label));
	oracle_lower_into(id, sizeof(id), done->resource_id);
	return oracle_has_word(label, words) || oracle_has_word(id, words) || oracle_label_begins_with(label, begins);
}

/*
 * Whether `done` taps a tab or a bottom-navigation item: it goes to another
 * place, it confirms nothing ("Saved" names the saved articles' tab; a
 * search typed before it was no entry, wiki held-out app).
 */
static bool switches_place(const struct ui_tree *before, const struct action *done)
{
	return done->type == ACTION_CLICK && oracle_is_nav_item(action_resolve(done, before));
}

/* Whether `done` dismisses a form (Cancel, Close; "create_cancel" is no Create). */
static bool is_dismiss(const struct ui_tree *before, const struct action *done)
{
	static const char *const words[] = { "cancel", "close", "dismiss", "discard", "not now", NULL };
	char label[512], id[256];

	oracle_action_label(before, done, label, sizeof(label));
	oracle_lower_into(id, sizeof(id), done->resource_id);
	return oracle_has_word(label, words) || oracle_has_word(id, words);
}

/* How many of the n strings equal s. */
static size_t count_of(char *const *arr, size_t n, const char *s)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += strcmp(arr[i], s) == 0;
	return c;
}

/* A list's name for a title: "memo_list" for "com.x:id/memo_list#android.widget.ListView". */
static void short_list_name(const char *list_id, char *buf, size_t n)
{
	const char *tail = strrchr(list_id, '/');

	tail = tail ? tail + 1 : list_id;
	snprintf(buf, n, "%.*s", (int)strcspn(tail, "#"), tail);
}

/*
 * The opened row, and only it, gone from list l (all rows in view, one
 * fewer): true, with *f filled, when one of its own texts (t->props) now
 * shows on a row that did not show it before, the rows after it taken one
 * place up. The app moved the deleted item's label onto its neighbour
 * (ClockYou #239) - the data of another item changed.
 */
static bool moved_prop(const struct oracle_crud_tracker *t, const struct ui_tree *after, const struct oracle_list *l,
		       const struct action *done, struct oracle_finding *f)
{
	size_t k = 0;
	char list_name[128];

	if (!t->n_props || l->n_rows + 1 != t->n_rows || !oracle_list_has_room(after, l->id) ||
	    count_of(t->rows, t->n_rows, t->opened) != 1)
		return false;
	while (strcmp(t->rows[k], t->opened) != 0)
		k++;
	for (size_t j = 0; j < l->n_rows; j++) {
		const char *was = t->full[j < k ? j : j + 1];

		for (size_t p = 0; p < t->n_props; p++) {
			if (!row_has_part(l->rows[j], t->props[p]) || row_has_part(was, t->props[p]))
				continue;
			short_list_name(t->list_id, list_name, sizeof(list_name));
			oracle_finding_init(f);
			f->category = BUG_CAT_DATA_OPERATION;
			f->oracle = "crud";
			f->title = xasprintf("Deleting a row of '%s' moves its '%s' onto another row", list_name,
					     t->props[p]);
			f->expected = xasprintf("the row '%s' gone, the other rows as they were", t->opened);
			f->actual = xasprintf("the row '%s' now reads '%s' (it read '%s')", l->primary[j], l->rows[j], was);
			f->description = xasprintf("The row '%s' (with '%s') was opened from the list and deleted ('%s'); "
						   "back on the list, another row took its '%s': it reads '%s', "
						   "and read '%s' before.", t->opened, t->props[p],
						   done->widget_text ? done->widget_text : "delete", t->props[p],
						   l->rows[j], was);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "delete_moves");
			cJSON_AddStringToObject(f->diff, "opened", t->opened);
			cJSON_AddStringToObject(f->diff, "moved", t->props[p]);
			cJSON_AddStringToObject(f->diff, "row_before", was);
			cJSON_AddStringToObject(f->diff, "row_after", l->rows[j]);
			cJSON_AddStringToObject(f->diff, "list", l->id);
			cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
			return true;
		}
	}
	return false;
}

/*
 * Whether the opened row, still listed on l, now names a trash folder its
 * texts did not name before ("Inbox" become "Trash"): a list across folders
 * (search results in all folders) rightly keeps a message a delete moved to
 * the trash.
 */
static bool moved_to_trash(const struct oracle_crud_tracker *t, const struct oracle_list *l)
{
	static const char *const trash[] = { "trash", "deleted", "recycle", NULL };
	const char *was = NULL;
	char low[1024];

	for (size_t i = 0; i < t->n_rows && !was; i++)
		if (!strcmp(t->rows[i], t->opened))
			was = t->full[i];
	if (!was)
		return false;
	oracle_lower_into(low, sizeof(low), was);
	if (oracle_has_word(low, trash))
		return false;
	for (size_t i = 0; i < l->n_rows; i++) {
		if (strcmp(l->primary[i], t->opened) != 0)
			continue;
		oracle_lower_into(low, sizeof(low), l->rows[i]);
		if (oracle_has_word(low, trash))
			return true;
	}
	return false;
}

/*
 * Whether the row of `before` with texts `full` is a row of list l cut
 * otherwise at the list's edge: its texts are the head or the tail of the
 * texts of a row whose first text the list did not show before ("1250
 * points", the tail of a row scrolled half out at the top, now "Starred |
 * 1250 points" with a little more of it in view). The list came back
 * scrolled elsewhere; the row is there.
 */
static bool row_recut(const struct oracle_crud_tracker *t, const struct oracle_list *l, const char *full)
{
	for (size_t j = 0; j < l->n_rows; j++)
		if (count_of(t->rows, t->n_rows, l->primary[j]) < count_of(l->primary, l->n_rows, l->primary[j]) &&
		    oracle_row_cut_to(l->rows[j], full, true))
			return true;
	return false;
}

/*
 * Whether the opened row's own control (a button in its row whose tap
 * brought up the delete's dialog) is gone from the row, still listed once
 * on l: the delete took what that control offered to delete - a downloaded
 * map, a local copy - and the row stays, rightly, with its state changed
 * ("Downloaded", Delete become Download: maps, session 25).
 */
static bool lost_control(const struct oracle_crud_tracker *t, const struct oracle_list *l)
{
	if (!t->row_control || count_of(l->primary, l->n_rows, t->opened) != 1)
		return false;
	for (size_t j = 0; j < l->n_rows; j++)
		if (!strcmp(l->primary[j], t->opened))
			return !row_has_part(l->rows[j], t->row_control);
	return false;
}

/*
 * Whether s[0..n) is a glyph and no word: ASCII punctuation and UTF-8
 * sequences of Latin-1 punctuation (U+0080-00BF), general punctuation and
 * symbols (U+2000-2FFF: "★", "☆", "✓") or emoji; no letter or digit.
 */
static bool glyph_only(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (isalnum(c) || (c >= 0xc0 && c != 0xc2 && c != 0xe2 && c != 0xf0))
			return false;
	}
	return true;
}

/* A row's texts (" | "-joined) without those that are glyphs only (glyph_only). Caller frees. */
static char *worded_texts(const char *full)
{
	struct strbuf sb;
	const char *p = full;

	strbuf_init(&sb, strlen(full) + 1);
	for (;;) {
		const char *e = strstr(p, " | ");
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (!glyph_only(p, n)) {
			if (sb.len)
				strbuf_adds(&sb, " | ");
			strbuf_add(&sb, p, n);
		}
		if (!e)
			break;
		p = e + 3;
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * Whether a row named as the opened one, shown whole before, no longer
 * shows with the same texts on l (the list full, rows below the fold): the
 * row went and another of the same name came into view from below
 * (timesheet's report rows "Website redesign · Design mockups", one per
 * entry, session 44).
 */
static bool same_name_row_went(const struct oracle_crud_tracker *t, const struct oracle_list *l)
{
	char **was = xcalloc(t->n_rows + 1, sizeof(*was)), **now = xcalloc(l->n_rows + 1, sizeof(*now));
	bool went = false;

	/* A state glyph that changed ("★" become "☆") leaves the row the same row. */
	for (size_t i = 0; i < t->n_rows; i++)
		was[i] = t->full[i] ? worded_texts(t->full[i]) : NULL;
	for (size_t j = 0; j < l->n_rows; j++)
		now[j] = worded_texts(l->rows[j]);
	for (size_t i = 0; i < t->n_rows && !went; i++)
		went = !strcmp(t->rows[i], t->opened) && !(t->cut && t->cut[i]) && was[i] &&
		       count_of(was, t->n_rows, was[i]) > count_of(now, l->n_rows, was[i]);
	for (size_t i = 0; i < t->n_rows; i++)
		free(was[i]);
	for (size_t j = 0; j < l->n_rows; j++)
		free(now[j]);
	free(was);
	free(now);
	return went;
}

/* Whether lowered s names the trash as a word (Trash, Trashed, Deleted, Recycle bin). */
static bool low_names_trash(const char *s)
{
	static const char *const trash[] = { "trash", "trashed", "deleted", "recycle", "bin", NULL };
	char low[512];

	oracle_lower_into(low, sizeof(low), s);
	return oracle_has_word(low, trash);
}

/*
 * Whether a delete moved its thing to the trash - its tap's label, or a
 * visible text of the dialog it confirms, names the trash ("Move to
 * trash?") - onto a list that shows trashed things too: a checked chip,
 * box or switch there names the trash (jotter's search with "Trashed"
 * checked, bench fixed twin seeds 2-3). The row rightly stays.
 */
static bool trashed_onto_list_with_trash(const struct ui_tree *before, const struct ui_tree *after,
					 const struct action *done)
{
	bool to_trash = done->widget_text && low_names_trash(done->widget_text), shown = false;

	for (size_t i = 0; !to_trash && oracle_screen_has_layer(before) && i < before->n_nodes; i++)
		to_trash = ui_widget_visible(before->nodes[i], &before->screen) && *before->nodes[i]->text &&
			   low_names_trash(before->nodes[i]->text);
	for (size_t i = 0; to_trash && !shown && i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];

		shown = w->checkable && w->checked && ui_widget_visible(w, &after->screen) &&
			low_names_trash(oracle_item_label(w));
	}
	return shown;
}

/* The delete check: the tracker's opened row against list l of `after`. */
static bool deleted_wrong(const struct oracle_crud_tracker *t, const struct ui_tree *before, const struct ui_tree *after,
			  const struct oracle_list *l, const struct action *done, struct oracle_finding *f)
{
	size_t before_n = count_of(t->rows, t->n_rows, t->opened), after_n = count_of(l->primary, l->n_rows, t->opened);
	const char *gone = NULL;
	bool room = oracle_list_has_room(after, l->id);
	cJSON *rb, *ra;

	if (before_n == 0)
		return false; /* the opened row was never seen by that name in the list: nothing to compare */
	for (size_t i = 0; room && i < t->n_rows && !gone; i++)
		if (strcmp(t->rows[i], t->opened) != 0 && !(t->cut && t->cut[i]) &&
		    count_of(t->rows, t->n_rows, t->rows[i]) > count_of(l->primary, l->n_rows, t->rows[i]) &&
		    !row_recut(t, l, t->full[i]))
			gone = t->rows[i];
	if (after_n < before_n && !gone)
		return moved_prop(t, after, l, done, f); /* the opened row, and only it, went */
	if (t->from_dialog && !gone && !t->removes_here)
		return false; /* a dialog's row that stays, nothing else gone: it may be removed elsewhere */
	if (!gone && t->removes_elsewhere)
		return false; /* taken out of a collection this list is not: the row stays, rightly */
	/* The list's last row shown went, and a row from below the fold took its place: it may bear its name. */
	if (!gone && t->opened_last && !room)
		return false;
	if (!gone && !room && same_name_row_went(t, l))
		return false;
	if (!gone && (moved_to_trash(t, l) || trashed_onto_list_with_trash(before, after, done)))
		return false;
	if (!gone && after_n == before_n && lost_control(t, l))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "crud";
	char list_name[128];

	short_list_name(t->list_id, list_name, sizeof(list_name));
	if (t->from_dialog && after_n >= before_n && !gone) {
		f->title = xasprintf("Removing the row a dialog names from '%s' leaves it in the list", list_name);
		f->actual = xasprintf("'%s' is still listed, %zu rows as before", t->opened, l->n_rows);
	} else if (t->from_dialog && after_n >= before_n) {
		f->title = xasprintf("Deleting the row a dialog names in '%s' removes another row instead", list_name);
		f->actual = xasprintf("'%s' is still listed and '%s' is gone", t->opened, gone);
	} else if (t->from_dialog) {
		f->title = xasprintf("Deleting the row a dialog names in '%s' removes another row too", list_name);
		f->actual = xasprintf("'%s' is gone too", gone);
	} else if (after_n >= before_n && gone) {
		f->title = xasprintf("Deleting a row opened from '%s' removes another row instead", list_name);
		f->actual = xasprintf("'%s' is still listed and '%s' is gone", t->opened, gone);
	} else if (after_n >= before_n) {
		f->title = xasprintf("Deleting a row opened from '%s' leaves it in the list", list_name);
		f->actual = xasprintf("'%s' is still listed, %zu rows as before", t->opened, l->n_rows);
	} else {
		f->title = xasprintf("Deleting a row opened from '%s' removes another row too", list_name);
		f->actual = xasprintf("'%s' is gone too", gone);
	}
	f->expected = xasprintf("the row '%s', and only it, gone from the list", t->opened);
	if (t->removes_here && !gone)
		f->description = xasprintf("A dialog over the list named the row '%s' and removing it from what the page "
					   "lists was confirmed ('%s'); back on the list, %s.", t->opened,
					   done->widget_text ? done->widget_text : "remove", f->actual);
	else if (t->from_dialog)
		f->description = xasprintf("A dialog named the row '%s' and its delete was confirmed ('%s'); back on "
					   "the list, %s.", t->opened, done->widget_text ? done->widget_text : "delete",
					   f->actual);
	else
		f->description = xasprintf("The row '%s' was opened from the list and deleted ('%s'); back on the "
					   "list, %s.", t->opened, done->widget_text ? done->widget_text : "delete",
					   f->actual);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "delete");
	cJSON_AddStringToObject(f->diff, "opened", t->opened);
	cJSON_AddStringToObject(f->diff, "list", l->id);
	rb = cJSON_CreateArray();
	for (size_t i = 0; i < t->n_rows; i++)
		cJSON_AddItemToArray(rb, cJSON_CreateString(t->rows[i]));
	ra = cJSON_CreateArray();
	for (size_t i = 0; i < l->n_rows; i++)
		cJSON_AddItemToArray(ra, cJSON_CreateString(l->primary[i]));
	cJSON_AddItemToObject(f->diff, "rows_before", rb);
	cJSON_AddItemToObject(f->diff, "rows_after", ra);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* The list of ls with this id, or NULL. */
static const struct oracle_list *list_with_id(const struct oracle_list *ls, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ls[i].id, id) == 0)
			return &ls[i];
	return NULL;
}

/*
 * A save on the opened row's page (a rename dialog, an edit form) after
 * which the page shows the value typed, whole, and no longer the row's
 * name: the row was renamed, and the list should say so.
 */
static void note_renamed(struct oracle_crud_tracker *t, const struct ui_tree *before, const struct ui_tree *after,
			 const struct action *done)
{
	struct oracle_list *ls = NULL;
	size_t n;
	char *value;

	if (!t->page_shows_opened || !typed_field(t, before, &value))
		return;
	n = oracle_lists(after, &ls);
	if (!list_with_id(ls, n, t->list_id) && strcasecmp(value, t->opened) != 0 && screen_shows_whole(after, value) &&
	    !screen_shows_whole(after, t->opened)) {
		free(t->renamed);
		t->renamed = value;
		value = NULL;
		cJSON_Delete(t->renamed_by);
		t->renamed_by = action_to_json(done);
	}
	oracle_lists_free(ls, n);
	free(value);
}

/*
 * Back on the list after a rename: the row still carries its old name (as
 * many times as before) and no text shows the new one.
 */
static bool renamed_not_listed(const struct oracle_crud_tracker *t, const struct ui_tree *after,
			       const struct oracle_list *l, const struct action *done, struct oracle_finding *f)
{
	char key[CRUD_KEY_SIZE], list_name[128];
	cJSON *ra;

	typed_key(key, t->renamed);
	if (count_of(l->primary, l->n_rows, t->opened) < count_of(t->rows, t->n_rows, t->opened) ||
	    screen_shows(after, key))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "crud";
	short_list_name(t->list_id, list_name, sizeof(list_name));
	f->title = xasprintf("A row renamed on its page keeps its old name in '%s'", list_name);
	f->expected = xasprintf("the row listed as '%s', the name its page shows", t->renamed);
	f->actual = xasprintf("'%s' is still listed and no row shows '%s'", t->opened, t->renamed);
	f->description = xasprintf("The row '%s' was opened from the list and renamed on its page to '%s' (the page "
				   "shows it); back on the list ('%s'), %s.", t->opened, t->renamed,
				   done->widget_text ? done->widget_text : action_type_name(done->type), f->actual);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "rename");
	cJSON_AddStringToObject(f->diff, "opened", t->opened);
	cJSON_AddStringToObject(f->diff, "renamed", t->renamed);
	cJSON_AddStringToObject(f->diff, "list", l->id);
	ra = cJSON_CreateArray();
	for (size_t i = 0; i < l->n_rows; i++)
		cJSON_AddItemToArray(ra, cJSON_CreateString(l->primary[i]));
	cJSON_AddItemToObject(f->diff, "rows_after", ra);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	/* The bug is the rename's; the Back only shows it (`trident eval` starts its window there). */
	cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->renamed_by, 1));
	return true;
}

/*
 * The row the dialog `before` names: the longest of rows[] some text of the
 * dialog contains, when every other row it contains is part of that one
 * ("Milk" in "Milk chocolate"); NULL when it names none, several, or
 * speaks of removing from somewhere other than what the list's page is
 * (from_here: page_removes_from).
 */
static const char *dialog_names_row(const struct ui_tree *before, char *const *rows, size_t n_rows, bool from_here)
{
	const char *best = NULL;

	for (size_t k = 0; k < before->n_nodes && !from_here; k++)
		if (strstr(before->nodes[k]->text, " from "))
			return NULL;
	for (size_t i = 0; i < n_rows; i++) {
		bool named = false;

		if (strlen(rows[i]) < 3 || (best && !strcmp(best, rows[i])))
			continue;
		for (size_t k = 0; k < before->n_nodes && !named; k++)
			named = strstr(before->nodes[k]->text, rows[i]) != NULL;
		if (!named)
			continue;
		if (!best || strstr(rows[i], best))
			best = rows[i];
		else if (!strstr(best, rows[i]))
			return NULL;
	}
	return best;
}

/* Whether the lowered text says to delete many: a delete verb before "all" or "everything" ("Clear all"). */
static bool says_all(const char *low)
{
	static const char *const verbs[] = { "delete", "remove", "clear", "erase", "trash", NULL };
	static const char *const many[] = { "all", "everything", NULL };

	for (size_t v = 0; verbs[v]; v++) {
		size_t n = strlen(verbs[v]);

		for (const char *p = low; (p = strstr(p, verbs[v])) != NULL; p++) {
			const char *q = p + n;

			if ((p > low && isalpha((unsigned char)p[-1])) || *q != ' ')
				continue;
			while (*q == ' ')
				q++;
			for (size_t m = 0; many[m]; m++) {
				size_t k = strlen(many[m]);

				if (!strncmp(q, many[m], k) && !isalpha((unsigned char)q[k]))
					return true;
			}
		}
	}
	return false;
}

/*
 * Whether the lowered text deletes a count of two or more things: a delete
 * verb, at most two words ("permanently delete these 2 notes", "remove all
 * 3 items"), a whole number >= 2 and a plural word, not inside one of the n
 * rows' names ("Delete Meeting 2025 notes?"). A number elsewhere ("it goes to
 * the recycle bin for 30 days") counts nothing deleted.
 */
static bool counts_many(const char *low, char *const *rows, size_t n)
{
	static const char *const verbs[] = { "delete", "remove", "erase", "clear", "trash", "purge", NULL };

	for (size_t v = 0; verbs[v]; v++) {
		size_t vn = strlen(verbs[v]);

		for (const char *p = low; (p = strstr(p, verbs[v])) != NULL; p++) {
			const char *q = p + vn, *num, *w;
			char phrase[128], row[512];
			long count = 0;
			bool in_row = false;

			if (p > low && isalpha((unsigned char)p[-1]))
				continue;
			while (isalpha((unsigned char)*q))
				q++; /* deletes, deleting */
			for (int words = 0; words <= 2; words++) {
				while (*q == ' ')
					q++;
				if (isdigit((unsigned char)*q) || !isalpha((unsigned char)*q))
					break;
				while (isalpha((unsigned char)*q))
					q++;
			}
			if (!isdigit((unsigned char)*q))
				continue;
			num = q;
			while (isdigit((unsigned char)*q) && count < 1000000)
				count = count * 10 + (*q++ - '0');
			if (isdigit((unsigned char)*q) || *q != ' ' || count < 2)
				continue;
			w = q + 1;
			while (isalpha((unsigned char)*w))
				w++;
			if (w - (q + 1) < 3 || w[-1] != 's')
				continue;
			snprintf(phrase, sizeof(phrase), "%.*s", (int)(w - num), num);
			for (size_t r = 0; r < n && !in_row; r++) {
				oracle_lower_into(row, sizeof(row), rows[r]);
				in_row = strstr(row, phrase) != NULL;
			}
			if (!in_row)
				return true;
		}
	}
	return false;
}

/* Whether the lowered text says the delete takes many: it begins with Empty or Purge, says "all", or counts. */
static bool text_says_many(const char *text, char *const *rows, size_t n)
{
	static const char *const begins[] = { "empty", "purge", NULL };
	char low[1024];

	oracle_lower_into(low, sizeof(low), text);
	return oracle_label_begins_with(low, begins) || says_all(low) || counts_many(low, rows, n);
}

/* The widget of the dialog w sits in: its ancestor just below the tree's root (the dialog's window). */
static const struct ui_widget *dialog_of(const struct ui_widget *w)
{
	while (w && w->parent && w->parent->parent)
		w = w->parent;
	return w;
}

/* Whether w or a visible widget inside it says many (text_says_many). */
static bool subtree_says_many(const struct ui_tree *t, const struct ui_widget *w, char *const *rows, size_t n)
{
	if (ui_widget_visible(w, &t->screen) && *w->text && text_says_many(w->text, rows, n))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (subtree_says_many(t, w->children[i], rows, n))
			return true;
	return false;
}

/*
 * Whether the delete `done` on `before` says it removes many rows: its own
 * label ("Delete all", "Empty Trash"), the tap that brought up its dialog,
 * or the dialog's text ("Are you sure you want to permanently delete 2
 * notes?", Standard Notes' Empty Trash). A bulk delete is no single row's:
 * the opened row's list may rightly lose others with it.
 */
static bool deletes_many(const struct oracle_crud_tracker *t, const struct ui_tree *before, const struct action *done)
{
	char label[512];
	const struct ui_widget *w;

	oracle_action_label(before, done, label, sizeof(label));
	if (text_says_many(label, t->rows, t->n_rows) || text_says_many(done->widget_text, t->rows, t->n_rows))
		return true;
	if (!oracle_screen_has_layer(before))
		return false;
	if (t->opener && text_says_many(t->opener, t->rows, t->n_rows))
		return true;
	w = action_resolve(done, before);
	return w && subtree_says_many(before, dialog_of(w), t->rows, t->n_rows);
}

/*
 * Remember list l of the screen (activity_before) and its rows, in place of
 * what the tracker held: with the row `opened` from it, or (NULL) a dialog
 * opened over it whose text will name the row its confirm deletes.
 */
static void remember_list(struct oracle_crud_tracker *t, const struct oracle_list *l, const struct ui_tree *page,
			  const char *activity_before, const char *opened)
{
	drop_opened(t);
	t->have_opened = true;
	t->collection = collection_page(page);
	t->page_names = page_names(page);
	t->from_dialog = opened == NULL;
	t->list_id = xstrdup(l->id);
	t->list_activity = xstrdup(activity_before ? activity_before : "");
	t->opened = opened ? xstrdup(opened) : NULL;
	t->rows = xcalloc(l->n_rows + 1, sizeof(*t->rows));
	t->full = xcalloc(l->n_rows + 1, sizeof(*t->full));
	for (size_t r = 0; r < l->n_rows; r++) {
		t->full[t->n_rows] = xstrdup(l->rows[r]);
		t->rows[t->n_rows++] = xstrdup(l->primary[r]);
	}
}

/* The resource-id of the first text (or content-desc) under w, not in a field; NULL when none. */
static const char *first_text_id(const struct ui_widget *w)
{
	if ((*w->text || *w->content_desc) && !ui_class_is_editable(w->class_name))
		return w->resource_id;
	for (size_t i = 0; i < w->n_children; i++) {
		const char *id = first_text_id(w->children[i]);

		if (id)
			return id;
	}
	return NULL;
}

/*
 * Mark the rows of `list` (the widget whose rows t->rows holds, in
 * oracle_lists' order) cut at the list's edge: the first or last row whose
 * first text has another resource-id than the first text of most rows
 * ("Expired 1 day(s) ago" where the others begin with their name). Its
 * name is out of view; the item may be the one deleted (pantry's fixed
 * twin, session 42: a product's expired entry at the top, gone with it).
 */
static void cut_rows(struct oracle_crud_tracker *t, const struct ui_widget *list)
{
	const char **ids = xcalloc(list->n_children + 1, sizeof(*ids));
	size_t n = 0;

	for (size_t c = 0; c < list->n_children; c++) {
		const struct ui_widget *row = list->children[c];
		const char *id = ui_rect_empty(&row->bounds) ? NULL : first_text_id(row);

		if (id)
			ids[n++] = id;
	}
	t->cut = xcalloc(t->n_rows + 1, sizeof(*t->cut));
	for (size_t i = 0; n == t->n_rows && n >= 3 && i < n; i += n - 1) {
		size_t same = 0;

		for (size_t j = 0; j < n; j++)
			same += j != i && !strcmp(ids[j], ids[i]);
		t->cut[i] = same == 0;
	}
	free(ids);
}

/* Whether joined row texts `full` (" | " between texts) hold `part` as one whole text. */
static bool row_has_part(const char *full, const char *part)
{
	size_t n = strlen(part);

	for (const char *p = full; (p = strstr(p, part)) != NULL; p++)
		if ((p == full || (p - full >= 3 && !strncmp(p - 3, " | ", 3))) && (!p[n] || !strncmp(p + n, " | ", 3)))
			return true;
	return false;
}


/*
 * Whether s is a name-like text: three letters or more, not starting with
 * a digit (not a time, count, measure or ordinal). Digits later are a
 * name's ("Flat 3B", "River41": alarms, session 47, the walk's typed
 * labels carry digits, and a label moved by a delete went unseen).
 */
static bool name_like(const char *s)
{
	size_t letters = 0;

	if (isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		letters += isalpha((unsigned char)*s) || (unsigned char)*s >= 0x80;
	return letters >= 3;
}

/*
 * The own texts of row k of a list (full: each row's texts joined,
 * primary: each row's name): each text of the row but its name that is
 * name-like, on no other row, and shown whole on `page` (a field's text
 * included) - a property of the item the page is about (its label), not a
 * badge the list puts on a place ("Next"). Into *out (malloc'd strings);
 * returns how many.
 */
static size_t own_texts(char *const *full, char *const *primary, size_t n, size_t k, const struct ui_tree *page,
			char ***out)
{
	char *copy = xstrdup(full[k]);
	size_t m = 0;

	*out = NULL;
	for (char *part = copy, *end; part; part = end) {
		bool unique = true;

		end = strstr(part, " | ");
		if (end) {
			*end = '\0';
			end += 3;
		}
		if (!strcmp(part, primary[k]) || !name_like(part) || !shows_whole(page, part, true))
			continue;
		for (size_t i = 0; i < n && unique; i++)
			unique = i == k || !row_has_part(full[i], part);
		if (!unique)
			continue;
		*out = xrealloc(*out, (m + 1) * sizeof(**out));
		(*out)[m++] = xstrdup(part);
	}
	free(copy);
	return m;
}

/* A click on a list's screen, no row opened, that brings up a dialog: remember the list. */
static void note_dialog_over_list(struct oracle_crud_tracker *t, const struct ui_tree *before,
				  const char *activity_before, const struct ui_tree *after, const struct action *done)
{
	struct oracle_list *ls = NULL;
	size_t n;

	if ((done->type != ACTION_CLICK && done->type != ACTION_LONG_CLICK) || oracle_screen_has_layer(before) ||
	    !oracle_screen_has_layer(after))
		return;
	n = oracle_lists(before, &ls);
	for (size_t i = 0; i < n; i++) {
		if (ls[i].n_rows < 2)
			continue;
		remember_list(t, &ls[i], before, activity_before, NULL);
		break;
	}
	oracle_lists_free(ls, n);
}

/* The last child of list w with bounds and a text: the last row oracle_lists reads. */
static const struct ui_widget *last_row(const struct ui_widget *w)
{
	for (size_t c = w->n_children; c > 0; c--)
		if (!ui_rect_empty(&w->children[c - 1]->bounds) && *oracle_first_text(w->children[c - 1]))
			return w->children[c - 1];
	return NULL;
}

/* The text of w, a control in the row named primary of list l (shown there whole), or NULL. */
static char *row_control(const struct oracle_list *l, const char *primary, const struct ui_widget *w)
{
	const char *label = *w->text ? w->text : w->content_desc;

	if (!*label || count_of(l->primary, l->n_rows, primary) != 1)
		return NULL;
	for (size_t j = 0; j < l->n_rows; j++)
		if (!strcmp(l->primary[j], primary))
			return row_has_part(l->rows[j], label) ? xstrdup(label) : NULL;
	return NULL;
}

/* A click or long click on a list row of `before` that left the list: remember the row and the list. */
static void note_opened(struct oracle_crud_tracker *t, const struct ui_tree *before, const char *activity_before,
			const struct ui_tree *after, const struct action *done)
{
	const struct ui_widget *w, *row;
	struct oracle_list *ls = NULL, *al = NULL;
	const struct oracle_list *l;
	size_t n, na;
	const char *primary;

	if ((done->type != ACTION_CLICK && done->type != ACTION_LONG_CLICK) || oracle_screen_has_layer(before))
		return;
	w = action_resolve(done, before);
	row = w ? oracle_enclosing_row(w) : NULL;
	if (!row || !row->parent)
		return;
	primary = oracle_first_text(row);
	if (!*primary)
		return;
	n = oracle_lists(before, &ls);
	for (size_t i = 0; i < n; i++) {
		char id[512], **own = NULL;
		size_t k = 0, n_own = 0;

		snprintf(id, sizeof(id), "%s#%s", row->parent->resource_id, row->parent->class_name);
		l = strcmp(ls[i].id, id) == 0 ? &ls[i] : NULL;
		if (!l)
			continue;
		/* The row's own texts the page shows (an editor's label field): the page is about the row. */
		if (count_of(l->primary, l->n_rows, primary) == 1 && !oracle_screen_has_layer(after)) {
			while (strcmp(l->primary[k], primary) != 0)
				k++;
			n_own = own_texts(l->rows, l->primary, l->n_rows, k, after, &own);
		}
		na = oracle_lists(after, &al);
		/* Still on the list (a tick, a play): nothing opened. A long press may open a menu over it. */
		if ((!list_with_id(al, na, l->id) || oracle_screen_has_layer(after)) &&
		    (done->type == ACTION_LONG_CLICK || oracle_screen_has_layer(after) ||
		     screen_shows_whole(after, primary) || n_own)) {
			remember_list(t, l, before, activity_before, primary);
			cut_rows(t, row->parent);
			t->opened_last = !oracle_list_has_room(before, l->id) && row == last_row(row->parent);
			if (done->type == ACTION_CLICK && w != row && w->clickable && oracle_screen_has_layer(after))
				t->row_control = row_control(l, primary, w);
			t->props = own;
			t->n_props = n_own;
			own = NULL;
			n_own = 0;
		}
		for (size_t j = 0; j < n_own; j++)
			free(own[j]);
		free(own);
		oracle_lists_free(al, na);
		break;
	}
	oracle_lists_free(ls, n);
}

/* A page: its activity and app-bar title. */
static uint64_t page_of(const struct ui_tree *t, const char *activity)
{
	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity), oracle_app_bar_title(t));
}

/* page_of with the title's digits left out: "Notes (3)" and "Notes (4)" are one page. */
static uint64_t page_shape(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : "");

	for (const char *c = title ? title : ""; *c; c++)
		if (!isdigit((unsigned char)*c))
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h | 1;
}

/*
 * Whether s reads as a sentence someone wrote (a message, a note's line):
 * three words of two letters or more, and no clock time ("Yesterday, 9:12
 * PM" is a timestamp, "Lucas Ferreira" a name).
 */
static bool sentence_like(const char *s)
{
	size_t words = 0;

	/* A line of parts ("Saved link · not downloaded yet", a status many
	 * rows share: readlater's fixed twin, seed 10) is the app's, not a
	 * sentence someone wrote. */
	if (strstr(s, "\xc2\xb7") || strstr(s, "\xe2\x80\xa2") || strchr(s, '|'))
		return false;
	for (const char *p = s; *p; p++)
		if (isdigit((unsigned char)p[0]) && p[1] == ':' && isdigit((unsigned char)p[2]))
			return false;
	for (const char *p = s; *p;) {
		size_t n = 0;

		while (*p && !isalpha((unsigned char)*p))
			p++;
		while (isalpha((unsigned char)p[n]) || p[n] == '\'')
			n++;
		words += n >= 2;
		p += n;
	}
	return words >= 3;
}

/* Whether a page title says it holds deleted things (Trash, Recycle bin, Deleted items). */
static bool trash_page(const struct ui_tree *t)
{
	static const char *const trash[] = { "trash", "recycle", "deleted", "bin", NULL };
	const char *title = oracle_app_bar_title(t);
	char low[256];

	if (!title)
		return false;
	oracle_lower_into(low, sizeof(low), title);
	return oracle_has_word(low, trash);
}

/*
 * Whether page t is a collection by its app-bar title or selected tab
 * ("Favourites", "Bookmarks", a playlist): a row removed from it leaves
 * the item itself alive.
 */
static bool collection_page(const struct ui_tree *t)
{
	static const char *const collections[] = { "favourites", "favorites", "favourite", "favorite", "bookmarks",
						   "starred", "saved", "playlist", "wishlist", "pinned", NULL };
	const char *title = oracle_app_bar_title(t);
	char label[512];

	oracle_lower_into(label, sizeof(label), title ? title : "");
	if (oracle_has_whole_word(label, collections))
		return true;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->selected || w->checkable || !oracle_is_nav_item(w))
			continue;
		oracle_lower_into(label, sizeof(label), *w->text ? w->text : w->content_desc);
		if (oracle_has_whole_word(label, collections))
			return true;
	}
	return false;
}

/*
 * The app-bar title of page t and the label of its selected navigation
 * item, lowered and '\n'-joined; NULL when it has neither.
 */
static char *page_names(const struct ui_tree *t)
{
	const char *title = oracle_app_bar_title(t);
	char low[256], *out = NULL;

	if (title && *title) {
		oracle_lower_into(low, sizeof(low), title);
		out = xstrdup(low);
	}
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *joined;

		if (!w->selected || w->checkable || !oracle_is_nav_item(w))
			continue;
		oracle_lower_into(low, sizeof(low), *w->text ? w->text : w->content_desc);
		joined = xasprintf("%s\n%s", out ? out : "", low);
		free(out);
		out = joined;
	}
	return out;
}

/*
 * Whether the lowered text low removes "from" what names (a page's names,
 * page_names) calls the page: every word after its last " from ", to the
 * sentence's end and fillers aside, is one of them.
 */
static bool from_names(const char *low, const char *names)
{
	static const char *const filler[] = { "the", "your", "my", "our", "this", "these", "their", "his", "her",
					      "a", "an", NULL };
	const char *p, *q, *from = NULL;
	size_t words = 0;

	if (!(p = strstr(low, "remove")))
		return false;
	while ((q = strstr(p, " from ")) != NULL) {
		from = q + 6;
		p = q + 1;
	}
	for (p = from; p && *p; p = q) {
		char word[64];
		size_t n = 0;
		const char *one[2] = { word, NULL };

		while (*p == ' ' || *p == '"' || *p == '\'')
			p++;
		if (!*p || strchr("?.!,;:", *p))
			break;
		for (q = p; *q && *q != ' ' && !strchr("?.!,;:", *q); q++)
			if (n + 1 < sizeof(word))
				word[n++] = *q;
		word[n] = '\0';
		if (!n || oracle_has_whole_word(word, filler))
			continue;
		if (!oracle_has_whole_word(names, one))
			return false;
		words++;
	}
	return words > 0;
}

/*
 * Whether the delete `done` (its label, or a text of the dialog on
 * `before`) removes its row "from" what the list's page is named: "Remove
 * “Git bisect” from your bookmarks?" over "Bookmarks (8)". Every word after
 * the last "from" (to the sentence's end; not "the", "your"...) is a word of
 * the page's title or selected navigation item. A
 * row removed from the very collection the list shows leaves that list
 * (confsched's Bookmarks); one removed from something else ("from the
 * pinned memos" over all memos, favourites over a list of all stations) may
 * stay.
 */
static bool page_removes_from(const struct oracle_crud_tracker *t, const struct ui_tree *before,
			      const struct action *done)
{
	char low[512];

	if (!t->page_names)
		return false;
	oracle_action_label(before, done, low, sizeof(low));
	if (from_names(low, t->page_names))
		return true;
	for (size_t i = 0; oracle_screen_has_layer(before) && i < before->n_nodes; i++) {
		oracle_lower_into(low, sizeof(low), before->nodes[i]->text);
		if (from_names(low, t->page_names))
			return true;
	}
	return false;
}

/* Whether the label of `done` or a text of the dialog on `before` removes "from" somewhere ("Remove from playlist"). */
static bool says_remove_from(const struct ui_tree *before, const struct action *done)
{
	char label[512];
	const char *p;

	oracle_action_label(before, done, label, sizeof(label));
	if ((p = strstr(label, "remove")) && strstr(p, " from "))
		return true;
	for (size_t i = 0; oracle_screen_has_layer(before) && i < before->n_nodes; i++) {
		oracle_lower_into(label, sizeof(label), before->nodes[i]->text);
		if ((p = strstr(label, "remove")) && strstr(p, " from "))
			return true;
	}
	return false;
}

/*
 * Whether the delete `done` on `before` takes a row out of a collection
 * ("will be removed from your favourites", "Remove from playlist"): its
 * label or its dialog's text removes "from" somewhere, or the list's page
 * is a collection (collection_page) and the delete says remove and never
 * delete, trash, erase or discard (transit, session 46: a favourite trip
 * removed with a long press's Remove while the recent searches of the
 * Directions tab rightly still list the same trip; "will be deleted for
 * good" on a Favourites page is a delete). The item itself lives on, and
 * other pages (a directory of all stations) rightly show it.
 */
static bool removes_from_collection(const struct oracle_crud_tracker *t, const struct ui_tree *before,
				    const struct action *done)
{
	static const char *const destroy[] = { "delete", "deleted", "trash", "erase", "discard", NULL };
	static const char *const remove[] = { "remove", NULL };
	char label[512];
	bool says_remove, says_destroy;

	/* On a collection's page a Remove that no text calls a delete takes the row out of it. */
	oracle_action_label(before, done, label, sizeof(label));
	says_remove = oracle_has_whole_word(label, remove);
	says_destroy = oracle_has_whole_word(label, destroy);
	for (size_t i = 0; oracle_screen_has_layer(before) && i < before->n_nodes; i++) {
		char low[512];

		oracle_lower_into(low, sizeof(low), before->nodes[i]->text);
		says_remove |= oracle_has_whole_word(low, remove);
		says_destroy |= oracle_has_whole_word(low, destroy);
	}
	if (t->collection && says_remove && !says_destroy)
		return true;
	return says_remove_from(before, done);
}

/*
 * The opened row, and only it, went from list l: remember its
 * sentence-like texts found on no other row (a message's body), which
 * other pages may have shown (a conversation's last message in the list
 * of conversations).
 */
static void note_gone(struct oracle_crud_tracker *t, const struct ui_tree *after, const char *activity_after,
		      const struct oracle_list *l, const struct action *done)
{
	const char *full = NULL;
	char *copy, *part, *save = NULL;

	for (size_t i = 0; i < t->n_rows && !full; i++)
		if (!strcmp(t->rows[i], t->opened))
			full = t->full[i];
	if (!full || count_of(t->rows, t->n_rows, t->opened) != 1 || l->n_rows + 1 != t->n_rows)
		return;
	forget_gone(t);
	copy = xstrdup(full);
	for (part = strtok_r(copy, "|", &save); part && t->n_gone < CRUD_GONE_MAX; part = strtok_r(NULL, "|", &save)) {
		char *text = oracle_trimmed(part);
		size_t others = 0;

		for (size_t i = 0; i < t->n_rows; i++)
			others += t->full[i] != full && row_has_part(t->full[i], text);
		if (others == 0 && sentence_like(text))
			t->gone[t->n_gone++] = text;
		else
			free(text);
	}
	free(copy);
	t->gone_step = t->step;
	t->gone_page = page_of(after, activity_after);
	t->gone_title = oracle_hash_str(ORACLE_HASH_BASIS, oracle_app_bar_title(after));
	t->gone_lead = oracle_hash_str(ORACLE_HASH_BASIS, t->opened);
	t->gone_by = action_to_json(done);
}

static bool seen_before(const struct oracle_crud_tracker *t, uint64_t page, uint64_t text, unsigned long until)
{
	for (size_t i = 0; i < t->n_seen; i++)
		if (t->seen[i].page == page && t->seen[i].text == text && t->seen[i].step < until)
			return true;
	return false;
}

static void note_seen(struct oracle_crud_tracker *t, uint64_t page, uint64_t text)
{
	if (seen_before(t, page, text, ULONG_MAX))
		return;
	if (!t->seen)
		t->seen = xcalloc(CRUD_SEEN_MAX, sizeof(*t->seen));
	t->seen[t->next_seen] = (struct crud_sighting){ page, text, t->step };
	t->next_seen = (t->next_seen + 1) % CRUD_SEEN_MAX;
	if (t->n_seen < CRUD_SEEN_MAX)
		t->n_seen++;
}

/* The step page first showed text h (any text when h is NULL), or ULONG_MAX if none remembered. */
static unsigned long first_seen(const struct oracle_crud_tracker *t, uint64_t page, const uint64_t *h)
{
	unsigned long first = ULONG_MAX;

	for (size_t i = 0; i < t->n_seen; i++)
		if (t->seen[i].page == page && (!h || t->seen[i].text == *h) && t->seen[i].step < first)
			first = t->seen[i].step;
	return first;
}

/*
 * Whether page showed text h before the deleted row came into its list: the
 * list's page shown first without it, then this page with it, then the list
 * with it. The row was made from this page (a search's route saved as a
 * favourite), which shows it anew, not a copy left behind.
 */
static bool row_made_from_page(const struct oracle_crud_tracker *t, uint64_t page, uint64_t h)
{
	unsigned long here = first_seen(t, page, &h), listed = first_seen(t, t->gone_page, &h);

	return listed != ULONG_MAX && first_seen(t, t->gone_page, NULL) < here && here < listed;
}

/* Whether page is one an Add control opened (note_add_page). */
static bool add_page(const struct oracle_crud_tracker *t, uint64_t page)
{
	for (size_t i = 0; i < t->n_add_pages && i < CRUD_ADD_PAGES; i++)
		if (t->add_pages[i] == page)
			return true;
	return false;
}

/*
 * Remember the page a tap labelled Add ("Add to Breakfast", "Add food") or
 * "+" opened from another page: a catalogue to add from. A deleted row
 * that copied one of its items leaves the item there rightly (caldiary,
 * session 69: a diary entry "Coffee with milk" deleted, and the food list
 * "Add to Breakfast" opens still lists the food, reported at seed 3).
 */
static void note_add_page(struct oracle_crud_tracker *t, const struct ui_tree *before, const char *activity_before,
			  const struct ui_tree *after, const char *activity_after, const struct action *done)
{
	static const char *const add[] = { "add", NULL };
	char label[512];
	uint64_t page;

	if (done->type != ACTION_CLICK || oracle_screen_has_layer(before) || oracle_screen_has_layer(after))
		return;
	const char *l = label;

	oracle_action_label(before, done, label, sizeof(label));
	while (*l == ' ')
		l++; /* no recorded text: the label is the widget's alone */
	page = page_of(after, activity_after);
	if ((!oracle_label_begins_with(l, add) && strcmp(l, "+") != 0) ||
	    page == page_of(before, activity_before) || add_page(t, page))
		return;
	t->add_pages[t->n_add_pages++ % CRUD_ADD_PAGES] = page;
}

/* Whether w or a visible widget inside it has a text naming the trash (Trash, Deleted items, Recycle bin). */
static bool names_trash(const struct ui_tree *t, const struct ui_widget *w)
{
	static const char *const trash[] = { "trash", "deleted", "recycle", NULL };
	char low[512];

	oracle_lower_into(low, sizeof(low), w->text);
	if (ui_widget_visible(w, &t->screen) && oracle_has_word(low, trash))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (names_trash(t, w->children[i]))
			return true;
	return false;
}

/*
 * Whether text widget w of `after` shows a thing now in the trash: its list
 * row names the trash (a starred view across folders: "Trash"), or, outside
 * any list, a text no control holds does ("28 Oct - Trash" on a message's
 * own page). A delete that moved the thing to the trash left it there.
 */
static bool shown_in_trash(const struct ui_tree *after, const struct ui_widget *w)
{
	const struct ui_widget *row = oracle_enclosing_row(w);

	if (row)
		return names_trash(after, row);
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *v = after->nodes[i], *p = v;

		while (p && !p->clickable)
			p = p->parent;
		if (!p && v->n_children == 0 && !in_a_list(v) && names_trash(after, v))
			return true;
	}
	return false;
}

/*
 * The screen after a step (from `from`, NULL for the first screen): a
 * sentence of a row deleted rightly, shown on a page that showed it before
 * the delete (not a trash, not the list it went from, not the deleted
 * thing's own page opened from the trash), was left behind there: the conversation list still previews the
 * deleted last message (Simple-SMS-Messenger #167). True with *f. Then the
 * screen's sentences are remembered with their page.
 */
static bool gone_still_shown(struct oracle_crud_tracker *t, const struct ui_tree *from, const struct ui_tree *after,
			     const char *activity_after, struct oracle_finding *f)
{
	uint64_t page = page_of(after, activity_after);
	const char *title = oracle_app_bar_title(after);
	bool hit = false;

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		uint64_t h;

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &after->screen) ||
		    !sentence_like(w->text))
			continue;
		h = oracle_hash_str(ORACLE_HASH_BASIS, w->text);
		/* The text with the first text of the list row holding it (a
		 * conversation's name above its last message), seen on any page. */
		const struct ui_widget *row = oracle_enclosing_row(w);
		const char *lead = row ? oracle_first_text(row) : "";
		uint64_t paired = *lead && strcmp(lead, w->text) != 0
					  ? oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, lead), w->text)
					  : 0;

		for (size_t g = 0; g < t->n_gone && !hit; g++) {
			if (strcmp(t->gone[g], w->text) != 0)
				continue;
			if (page == t->gone_page) {
				forget_gone(t); /* back in its list: restored (Undo) or added again */
				break;
			}
			/*
			 * Seen on this page before the delete, or on any page in a
			 * row named as the page the row was deleted from: a
			 * conversation's row previews its last message, deleted in
			 * the conversation's page. Moved to Archived since (messages
			 * seed 4), it still previews it there. A row named otherwise
			 * (a message's sender in a Starred view across folders) is
			 * the deleted thing itself, which may rightly show elsewhere.
			 */
			bool seen = seen_before(t, page, h, t->gone_step) ||
				    (paired && oracle_hash_str(ORACLE_HASH_BASIS, lead) == t->gone_title &&
				     seen_before(t, CRUD_ANY_PAGE, paired, t->gone_step));

			/* A page opened from the trash and titled with the deleted row's
			 * first text is the trashed thing's own page (jotter's fixed
			 * twin, seed 2: the note Meeting, moved to the trash, opened
			 * from Trash shows its text). */
			if (trash_page(after) || !seen || shown_in_trash(after, w) || row_made_from_page(t, page, h) ||
			    add_page(t, page) ||
			    (from && trash_page(from) && title && oracle_hash_str(ORACLE_HASH_BASIS, title) == t->gone_lead))
				continue;
			oracle_finding_init(f);
			f->category = BUG_CAT_DATA_OPERATION;
			f->oracle = "crud";
			f->title = xasprintf("A deleted row's text is still shown on '%s'", title ? title : activity_after);
			f->expected = xasprintf("'%s' gone from '%s', as the row holding it was deleted", w->text,
						title ? title : activity_after);
			f->actual = xasprintf("'%s' still shows '%s'", title ? title : activity_after, w->text);
			f->description = xasprintf("A row showing '%s' was deleted, and only it went from its list. '%s', "
						   "which showed that text before the delete, still shows it.",
						   w->text, title ? title : activity_after);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "delete_left_elsewhere");
			cJSON_AddStringToObject(f->diff, "text", w->text);
			/* The delete left the text behind; the step that shows it only reveals it. */
			if (t->gone_by)
				cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->gone_by, true));
			hit = true;
		}
		note_seen(t, page, h);
		if (paired)
			note_seen(t, CRUD_ANY_PAGE, paired);
	}
	if (hit)
		forget_gone(t);
	return hit;
}

/*
 * What one Save or Delete did wrong is one bug, whichever field, row or
 * list showed it (contacts: a rename's Save drops the e-mail and leaves
 * the old name; files: a rename missing from two lists). The checks group
 * by what the tap was for; a create and an edit that share a Save stay
 * apart.
 */
static void subject_by_action(struct oracle_finding *f, const char *activity_before)
{
	static const char *const groups[][2] = {
		{ "dropped", "edit" },	      { "number_kept", "edit" },  { "choice_kept", "edit" },
		{ "update", "edit" },	      { "create", "create" },	  { "delete", "delete" },
		{ "delete_moves", "delete" }, { "delete_left_elsewhere", "delete" }, { "rename", "rename" },
	};
	const cJSON *check = f->diff ? cJSON_GetObjectItemCaseSensitive(f->diff, "check") : NULL;

	for (size_t i = 0; cJSON_IsString(check) && i < sizeof(groups) / sizeof(groups[0]); i++)
		if (!strcmp(check->valuestring, groups[i][0])) {
			char kind[32];

			snprintf(kind, sizeof(kind), "crud %s", groups[i][1]);
			oracle_finding_subject_by_action(f, kind, activity_before);
			return;
		}
}

/* Forget every sentence seen and any deleted row's: the app's data was cleared. */
static void forget_sentences(struct oracle_crud_tracker *t)
{
	forget_gone(t);
	t->n_seen = t->next_seen = 0;
}

bool oracle_crud_step(struct oracle_crud_tracker *t, const struct ui_tree *before, const char *activity_before,
		      const struct ui_tree *after, const char *activity_after, bool after_in_app,
		      const struct action *done, struct oracle_finding *f)
{
	bool hit = false, layer_a;

	if (!before || !after || !done)
		return false;
	/*
	 * The screen changed between the steps: an oracle's side trip (a restart
	 * and a walk back that opened another row's page) the tracker did not
	 * see. The row it believes open may not be the one shown.
	 */
	if (t->last_after && ui_sig_text(before, activity_before) != t->last_after)
		drop_opened(t);
	t->last_after = ui_sig_text(after, activity_after);
	t->step++;
	if (done->type == ACTION_INPUT && done->text) {
		uint64_t h = typed_hash(done->text);

		if (h && !typed_by_run(t, done->text))
			t->typed[t->n_typed++ % CRUD_TYPED_MAX] = h;
	}
	if (done->type == ACTION_RESTART && done->clear_data) {
		forget_sentences(t);
		t->n_hidden = 0;
	}
	note_hidden(t, before, done);
	/* The run's first screen is only ever a `before`: its sentences were seen too. */
	if (t->step == 1 && !oracle_screen_has_layer(before)) {
		struct oracle_finding none;

		oracle_finding_init(&none);
		gone_still_shown(t, NULL, before, activity_before, &none);
		oracle_finding_release(&none);
	}
	sync_fields(t, before, 0, NULL, NULL);
	note_emptied(t, after, done);
	layer_a = oracle_screen_has_layer(after);
	if (!after_in_app || done->type == ACTION_RESTART || done->type == ACTION_HOME) {
		drop_opened(t);
		free(t->opener);
		t->opener = NULL;
		t->dialog_over = 0;
		sync_fields(t, after, 0, NULL, NULL);
		return false;
	}
	if (oracle_is_save_action(done) && !layer_a && !is_dismiss(before, done) && !saves_elsewhere(before, done) &&
	    !switches_place(before, done)) {
		hit = edit_dropped(t, before, after, activity_after, done, f) ||
		      number_kept(t, before, after, activity_after, done, f) ||
		      crud_choices_kept(&t->choices, before, after, page_of(after, activity_after), done, f) ||
		      saved_not_shown(t, before, after, activity_after, done, f);
		if (!hit && t->have_opened && t->opened && !t->from_dialog)
			note_renamed(t, before, after, done);
	}
	if (t->have_opened && !layer_a && oracle_same_activity(t->list_activity, activity_after)) {
		struct oracle_list *ls = NULL;
		size_t n = oracle_lists(after, &ls);
		const struct oracle_list *l = list_with_id(ls, n, t->list_id);

		if (l) {
			bool del = oracle_is_delete_action(before, done), many = del && deletes_many(t, before, done);

			if (del && !many) {
				t->removes_here = page_removes_from(t, before, done);
				t->removes_elsewhere = !t->removes_here && says_remove_from(before, done);
			}
			if (t->from_dialog && oracle_screen_has_layer(before) && del && !many) {
				const char *named = dialog_names_row(before, t->rows, t->n_rows, t->removes_here);

				t->opened = named ? xstrdup(named) : NULL;
			}
			if (!hit && t->opened && del && !many) {
				hit = deleted_wrong(t, before, after, l, done, f);
				if (!hit && !t->from_dialog && !removes_from_collection(t, before, done))
					note_gone(t, after, activity_after, l, done);
			} else if (!hit && t->renamed) {
				hit = renamed_not_listed(t, after, l, done, f);
			}
			drop_opened(t);
		}
		oracle_lists_free(ls, n);
	}
	/* A row of another list opened from the row's page (a file in an opened folder): that row is the one open now. */
	if (!t->have_opened || (!t->from_dialog && !hit))
		note_opened(t, before, activity_before, after, done);
	if (!t->have_opened)
		note_dialog_over_list(t, before, activity_before, after, done);
	if (t->opened && !layer_a)
		t->page_shows_opened = screen_shows_whole(after, t->opened);
	if (!layer_a)
		t->dialog_over = 0;
	else if (!oracle_screen_has_layer(before))
		t->dialog_over = page_shape(before, activity_before);
	/* The tap that brought up a dialog: a bulk delete may say so there only ("Clear all", then "Sure?"). */
	if (!layer_a) {
		free(t->opener);
		t->opener = NULL;
	} else if (done->type == ACTION_CLICK && !oracle_screen_has_layer(before)) {
		char label[512];

		oracle_action_label(before, done, label, sizeof(label));
		free(t->opener);
		t->opener = xstrdup(label);
	}
	note_add_page(t, before, activity_before, after, activity_after, done);
	if (!hit && !layer_a)
		hit = gone_still_shown(t, before, after, activity_after, f);
	if (oracle_screen_has_layer(before))
		sync_fields(t, after, 0, NULL, NULL);
	else
		sync_fields(t, after, page_of(before, activity_before), before, done);
	if (hit)
		subject_by_action(f, activity_before);
	return hit;
}

static void *crud_tracker_new(void)
{
	return oracle_crud_tracker_new();
}

static void crud_tracker_free(void *t)
{
	oracle_crud_tracker_free(t);
}

static bool crud_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_crud_step(t, s->before, s->activity_before, s->after, s->activity_after, s->after_in_app, s->done, f);
}

const struct oracle_kind oracle_kind_crud = {
	.name = "crud",
	.config_key = "oracles.crud",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a saved or edited value the next screen does not show, or a delete that removes the wrong rows",
	.evidence = "the screen before the action, the value typed (and the one it replaced), the list rows",
	.flags = 0,
	.tracker_new = crud_tracker_new,
	.tracker_free = crud_tracker_free,
	.track = crud_track,
};
