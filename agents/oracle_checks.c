/*
 * oracle_checks.c - the pure checks behind the deterministic oracles (see
 * oracle.h): state loss, duplicate rows, unsorted lists, display issues and
 * Genie's GUI-effect containment. Trees are only read.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

void oracle_finding_init(struct oracle_finding *f)
{
	memset(f, 0, sizeof(*f));
	f->category = BUG_CAT_CONTENT;
	f->oracle = "";
}

void oracle_finding_release(struct oracle_finding *f)
{
	free(f->title);
	free(f->description);
	free(f->expected);
	free(f->actual);
	cJSON_Delete(f->diff);
	oracle_finding_init(f);
}

void oracle_finding_subject_by_action(struct oracle_finding *f, const char *kind, const char *activity)
{
	const cJSON *a = f->diff ? cJSON_GetObjectItemCaseSensitive(f->diff, "blamed") : NULL;
	const cJSON *rid, *label;
	char *subject;

	if (!a)
		a = f->diff ? cJSON_GetObjectItemCaseSensitive(f->diff, "action") : NULL;
	rid = cJSON_GetObjectItemCaseSensitive(a, "resource_id");
	label = cJSON_GetObjectItemCaseSensitive(a, "widget_text");
	if (!a || cJSON_GetObjectItemCaseSensitive(f->diff, "subject"))
		return;
	if (cJSON_IsString(rid) && rid->valuestring[0])
		subject = xasprintf("%s via %s", kind, rid->valuestring);
	else if (cJSON_IsString(label) && label->valuestring[0])
		subject = xasprintf("%s via '%s' on %s", kind, label->valuestring, activity ? activity : "");
	else
		return; /* Back or a bare tap: nothing names the control */
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
}

/* strdup that maps NULL to NULL. */
static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void oracle_finding_to_bug(const struct oracle_finding *f, struct bug *b)
{
	char found[64];

	free(b->title);
	b->title = dup_or_null(f->title);
	b->category = f->category;
	free(b->description);
	b->description = dup_or_null(f->description);
	free(b->expected);
	b->expected = dup_or_null(f->expected);
	free(b->actual);
	b->actual = dup_or_null(f->actual);
	cJSON_Delete(b->extra);
	b->extra = f->diff ? cJSON_Duplicate(f->diff, 1) : NULL;
	snprintf(found, sizeof(found), "oracle:%s", f->oracle);
	free(b->found_by);
	b->found_by = xstrdup(found);
}

/* ---------------------------------------------------------------- state */

/* Whether w carries user state: typed text (not the hint) or a check mark. */
static bool widget_user_state(const struct ui_widget *w)
{
	if (ui_class_is_editable(w->class_name))
		return *w->text && strcmp(w->text, w->hint) != 0;
	return w->checkable && w->checked;
}

bool oracle_has_user_state(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (widget_user_state(t->nodes[i]) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Rank of w among the widgets of t with the same resource-id (or class when it has none). */
static int widget_rank(const struct ui_tree *t, const struct ui_widget *w)
{
	int rank = 0;

	for (size_t i = 0; i < t->n_nodes && t->nodes[i] != w; i++) {
		const struct ui_widget *o = t->nodes[i];

		if (*w->resource_id ? strcmp(o->resource_id, w->resource_id) == 0
				    : (!*o->resource_id && strcmp(o->class_name, w->class_name) == 0))
			rank++;
	}
	return rank;
}

/* The widget of t matching w of another tree (same id/class and rank), or NULL. */
const struct ui_widget *oracle_find_counterpart(const struct ui_tree *t, const struct ui_tree *wt,
						const struct ui_widget *w)
{
	int want = widget_rank(wt, w), rank = 0;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *o = t->nodes[i];
		bool same = *w->resource_id ? strcmp(o->resource_id, w->resource_id) == 0
					    : (!*o->resource_id && strcmp(o->class_name, w->class_name) == 0);

		if (same && rank++ == want)
			return o;
	}
	return NULL;
}

/* Activities agree (both unknown counts as agreeing). */
bool oracle_same_activity(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Activities ("pkg/.Name", or a bare package) of one package; an unknown one matches none. */
bool oracle_same_package(const char *a, const char *b)
{
	size_t la = a ? strcspn(a, "/") : 0, lb = b ? strcspn(b, "/") : 0;

	return la == lb && la > 0 && !strncmp(a, b, la);
}

/* A JSON object describing a widget for evidence. */
cJSON *oracle_widget_json(const struct ui_widget *w)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "class", w->class_name);
	cJSON_AddStringToObject(o, "resource_id", w->resource_id);
	cJSON_AddStringToObject(o, "text", w->text);
	if (w->checkable)
		cJSON_AddBoolToObject(o, "checked", w->checked);
	{
		cJSON *b = cJSON_CreateArray();

		cJSON_AddItemToArray(b, cJSON_CreateNumber(w->bounds.x1));
		cJSON_AddItemToArray(b, cJSON_CreateNumber(w->bounds.y1));
		cJSON_AddItemToArray(b, cJSON_CreateNumber(w->bounds.x2));
		cJSON_AddItemToArray(b, cJSON_CreateNumber(w->bounds.y2));
		cJSON_AddItemToObject(o, "bounds", b);
	}
	return o;
}

/* A short name for a widget in messages: its id tail, else its label, else its class tail. */
const char *oracle_widget_name(const struct ui_widget *w)
{
	const char *s = strrchr(w->resource_id, '/');

	if (s && s[1])
		return s + 1;
	if (*ui_widget_label(w))
		return ui_widget_label(w);
	s = strrchr(w->class_name, '.');
	return s ? s + 1 : w->class_name;
}

bool oracle_state_lost(const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after,
		       const char *what, struct oracle_finding *f)
{
	cJSON *lost = NULL;
	size_t n_lost = 0, n_matched = 0;
	const struct ui_widget *first = NULL, *first_after = NULL;

	if (!before || !after || !oracle_same_activity(activity_before, activity_after))
		return false;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i], *o;
		bool gone;

		if (!widget_user_state(w) || !ui_widget_visible(w, &before->screen))
			continue;
		o = oracle_find_counterpart(after, before, w);
		if (!o)
			continue;
		n_matched++;
		if (ui_class_is_editable(w->class_name))
			gone = strcmp(o->text, w->text) != 0;
		else
			gone = !o->checked;
		if (!gone)
			continue;
		if (!lost)
			lost = cJSON_CreateArray();
		{
			cJSON *pair = cJSON_CreateObject();

			cJSON_AddItemToObject(pair, "before", oracle_widget_json(w));
			cJSON_AddItemToObject(pair, "after", oracle_widget_json(o));
			cJSON_AddItemToArray(lost, pair);
		}
		if (!first) {
			first = w;
			first_after = o;
		}
		n_lost++;
	}
	if (!n_lost || !n_matched)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_LOSS;
	f->oracle = strcmp(what, "rotation") == 0 ? "rotation" : "background";
	if (ui_class_is_editable(first->class_name)) {
		f->title = xasprintf("Text entered in '%s' is lost after %s", oracle_widget_name(first), what);
		f->expected = xasprintf("'%s' still holds \"%s\" after %s", oracle_widget_name(first), first->text, what);
		f->actual = xasprintf("'%s' holds \"%s\"", oracle_widget_name(first), first_after->text);
	} else {
		f->title = xasprintf("Checked state of '%s' is lost after %s", oracle_widget_name(first), what);
		f->expected = xasprintf("'%s' is still checked after %s", oracle_widget_name(first), what);
		f->actual = xasprintf("'%s' is unchecked", oracle_widget_name(first));
	}
	f->description = xasprintf("After %s, %zu widget(s) of the same screen (%s) lost the user's input.",
				   what, n_lost, activity_before && *activity_before ? activity_before : "same activity");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", what);
	cJSON_AddItemToObject(f->diff, "lost", lost);
	return true;
}

/* ---------------------------------------------------------------- lists */

/* Whether w is a list container. */
bool oracle_is_list(const struct ui_widget *w)
{
	const char *c = w->class_name;

	if (strstr(c, "RecyclerView") || strstr(c, "ListView") || strstr(c, "GridView"))
		return true;
	return w->scrollable && w->n_children >= 2 && !strstr(c, "ScrollView") &&
	       !strstr(c, "ViewPager") && !strstr(c, "WebView");
}

bool oracle_list_may_go_on(const struct ui_tree *t, const struct ui_widget *list, bool top_too)
{
	struct ui_rect view = t->screen;
	const struct ui_widget *last = list->n_children ? list->children[list->n_children - 1] : NULL;

	for (const struct ui_widget *p = list->parent; p; p = p->parent)
		if (p->scrollable) {
			view = p->bounds;
			break;
		}
	return list->bounds.y2 >= view.y2 - 2 || (top_too && list->bounds.y1 <= view.y1 + 2) ||
	       (list->scrollable && last && last->bounds.y2 >= list->bounds.y2 - 2);
}

/*
 * Append the texts under w (depth first) to sb, " | "-separated; the first
 * text into *primary and, while there is none, the first content-desc into
 * *desc. A row that begins with a picture ("Cover of Moby-Dick") is named by
 * its first text ("Moby-Dick"), as oracle_first_text names it.
 */
static void row_texts(const struct ui_widget *w, struct strbuf *sb, char **primary, char **desc)
{
	const char *t = *w->text ? w->text : w->content_desc;

	if (*t && !ui_class_is_editable(w->class_name)) {
		if (sb->len)
			(void)strbuf_adds(sb, " | ");
		(void)strbuf_adds(sb, t);
		if (!*primary && *w->text)
			*primary = xstrdup(w->text);
		else if (!*primary && !*desc)
			*desc = xstrdup(t);
	}
	for (size_t i = 0; i < w->n_children; i++)
		row_texts(w->children[i], sb, primary, desc);
}

size_t oracle_lists(const struct ui_tree *t, struct oracle_list **out)
{
	struct oracle_list *arr = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		struct oracle_list *l;
		size_t ralloc = 0;

		if (!oracle_is_list(w) || !ui_widget_visible(w, &t->screen))
			continue;
		arr = xgrow(arr, &alloc, n + 1, sizeof(*arr));
		l = &arr[n++];
		memset(l, 0, sizeof(*l));
		l->id = xasprintf("%s#%s", w->resource_id, w->class_name);
		for (size_t c = 0; c < w->n_children; c++) {
			const struct ui_widget *row = w->children[c];
			struct strbuf sb;
			char *primary = NULL, *desc = NULL;

			if (ui_rect_empty(&row->bounds))
				continue;
			strbuf_init(&sb, 4096);
			row_texts(row, &sb, &primary, &desc);
			if (!primary)
				primary = desc;
			else
				free(desc);
			if (!sb.len) {
				strbuf_release(&sb);
				free(primary);
				continue;
			}
			if (l->n_rows + 1 > ralloc) {
				size_t a2 = ralloc;

				l->rows = xgrow(l->rows, &a2, l->n_rows + 1, sizeof(*l->rows));
				l->primary = xrealloc(l->primary, a2 * sizeof(*l->primary));
				ralloc = a2;
			}
			l->rows[l->n_rows] = strbuf_detach(&sb, NULL);
			l->primary[l->n_rows] = primary ? primary : xstrdup("");
			l->n_rows++;
		}
	}
	*out = arr;
	return n;
}

bool oracle_row_cut_to(const char *full, const char *part, bool head)
{
	size_t m = strlen(full), n = strlen(part);

	if (m < n + 3)
		return false;
	return (!strcmp(full + m - n, part) && !strncmp(full + m - n - 3, " | ", 3)) ||
	       (head && !strncmp(full, part, n) && !strncmp(full + n, " | ", 3));
}

void oracle_lists_free(struct oracle_list *l, size_t n)
{
	for (size_t i = 0; l && i < n; i++) {
		for (size_t r = 0; r < l[i].n_rows; r++) {
			free(l[i].rows[r]);
			free(l[i].primary[r]);
		}
		free(l[i].rows);
		free(l[i].primary);
		free(l[i].id);
	}
	free(l);
}

/* Lowered copy of s into buf. */
static void lower_into(char *buf, size_t n, const char *s)
{
	size_t i;

	for (i = 0; s && s[i] && i + 1 < n; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	buf[i] = '\0';
}

/*
 * Whether id holds word as an action: "save_btn", "btnAdd" do; "sort_added",
 * "saved_list" name a state ("Recently added", a page of saved items).
 */
static bool id_holds_verb(const char *id, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = strstr(id, word); p; p = strstr(p + 1, word)) {
		const char *rest = p + wl;

		if (*rest == 'e')
			rest++;
		if (*rest != 'd' || isalpha((unsigned char)rest[1]))
			return true;
	}
	return false;
}

/* Whether click a confirms, its label beginning with a confirm word (as a whole word when whole_word) or its id holding one. */
static bool confirm_match(const struct action *a, bool whole_word)
{
	static const char *const words[] = { "save", "add", "ok", "done", "create", "submit",
					     "confirm", "apply", "post", "insert", NULL };
	char low[96], id[96];
	const char *tail;

	if (!a || (a->type != ACTION_CLICK && a->type != ACTION_ENTER))
		return false;
	lower_into(low, sizeof(low), a->widget_text);
	tail = a->resource_id ? strrchr(a->resource_id, '/') : NULL;
	lower_into(id, sizeof(id), tail ? tail + 1 : a->resource_id);
	for (size_t i = 0; words[i]; i++) {
		size_t wl = strlen(words[i]);

		if (strncmp(low, words[i], wl) == 0 && (!whole_word || !isalpha((unsigned char)low[wl])))
			return true;
		if (wl > 2 && id_holds_verb(id, words[i]))
			return true;
	}
	return false;
}

bool oracle_is_save_action(const struct action *a)
{
	return confirm_match(a, false);
}

bool oracle_is_confirm_word_action(const struct action *a)
{
	return confirm_match(a, true);
}

/* How many rows of l equal s. */
static size_t count_rows(const struct oracle_list *l, const char *s)
{
	size_t c = 0;

	for (size_t i = 0; l && i < l->n_rows; i++)
		if (strcmp(l->rows[i], s) == 0)
			c++;
	return c;
}

/*
 * Whether `after` is the list `before` was, grown: every row of before is
 * still there as often (one may be missing from a list of 5+ rows, pushed
 * below the fold). Another instance of the same list (the sets of another
 * workout, the items of another folder) shares few rows.
 */
static bool same_list_grown(const struct oracle_list *before, const struct oracle_list *after)
{
	size_t missing = 0;

	for (size_t i = 0; i < before->n_rows; i++) {
		size_t cb = count_rows(before, before->rows[i]), ca = count_rows(after, before->rows[i]);
		bool first = true;

		for (size_t k = 0; k < i && first; k++)
			first = strcmp(before->rows[k], before->rows[i]) != 0;
		if (first && ca < cb)
			missing += cb - ca;
	}
	return missing == 0 || (missing == 1 && before->n_rows >= 5);
}

/* Whether some row of l is shown twice: a log (plays, visits), which promises no unique rows. */
static bool list_repeats_rows(const struct oracle_list *l)
{
	for (size_t i = 0; i < l->n_rows; i++)
		if (count_rows(l, l->rows[i]) > 1)
			return true;
	return false;
}

bool oracle_list_duplicates(const struct oracle_list *before, const struct oracle_list *after,
			    const struct action *done, struct oracle_finding *f)
{
	/* Judged only against the same list seen before the save, if that list showed each row once. */
	if (!after || !before || list_repeats_rows(before) || !same_list_grown(before, after))
		return false;
	for (size_t i = 0; i < after->n_rows; i++) {
		size_t ca = count_rows(after, after->rows[i]), cb = count_rows(before, after->rows[i]);
		cJSON *rows;

		if (ca < cb + 2)
			continue;
		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = "duplicate";
		f->title = xasprintf("One '%s' adds the new entry %zu times",
				     done && done->widget_text ? done->widget_text : "save", ca - cb);
		f->expected = xasprintf("the list gains one \"%s\" row", after->primary[i]);
		f->actual = xasprintf("the list shows %zu rows \"%s\" where it had %zu", ca, after->rows[i], cb);
		f->description = xasprintf("After a single save/add action the new entry appears %zu times in the list.",
					   ca - cb);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "list", after->id);
		cJSON_AddStringToObject(f->diff, "row", after->rows[i]);
		cJSON_AddNumberToObject(f->diff, "count_before", (double)cb);
		cJSON_AddNumberToObject(f->diff, "count_after", (double)ca);
		rows = cJSON_CreateArray();
		for (size_t r = 0; r < after->n_rows; r++)
			cJSON_AddItemToArray(rows, cJSON_CreateString(after->rows[r]));
		cJSON_AddItemToObject(f->diff, "rows_after", rows);
		if (before) {
			rows = cJSON_CreateArray();
			for (size_t r = 0; r < before->n_rows; r++)
				cJSON_AddItemToArray(rows, cJSON_CreateString(before->rows[r]));
			cJSON_AddItemToObject(f->diff, "rows_before", rows);
		}
		return true;
	}
	return false;
}

bool oracle_rows_duplicated(const struct ui_tree *before, const char *activity_before,
			    const struct ui_tree *after, const char *activity_after,
			    const char *what, struct oracle_finding *f)
{
	struct oracle_list *lb = NULL, *la = NULL;
	size_t nb, na;
	bool found = false;

	if (!before || !after || !oracle_same_activity(activity_before, activity_after))
		return false;
	nb = oracle_lists(before, &lb);
	na = oracle_lists(after, &la);
	for (size_t i = 0; i < na && !found; i++) {
		const struct oracle_list *a = &la[i], *b = NULL;
		size_t dup = (size_t)-1;

		for (size_t j = 0; j < nb && !b; j++)
			if (!strcmp(lb[j].id, a->id))
				b = &lb[j];
		if (!b || a->n_rows < b->n_rows)
			continue;
		for (size_t r = 0; r < a->n_rows; r++) {
			size_t cb = count_rows(b, a->rows[r]);

			if (!cb) {
				dup = (size_t)-1; /* a row never shown before: not a plain copy */
				break;
			}
			if (dup == (size_t)-1 && count_rows(a, a->rows[r]) > cb)
				dup = r;
		}
		if (dup == (size_t)-1)
			continue;
		found = true;
		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = strcmp(what, "rotation") == 0 ? "rotation" : "background";
		f->title = xasprintf("'%s' is listed one more time after %s", a->primary[dup], what);
		f->expected = xasprintf("the list shows \"%s\" %zu time(s), as before %s", a->rows[dup],
					count_rows(b, a->rows[dup]), what);
		f->actual = xasprintf("it shows it %zu times", count_rows(a, a->rows[dup]));
		f->description = xasprintf("After %s the list (%s) shows a copy of a row it already showed; "
					   "nothing was added.", what, activity_before && *activity_before ?
					   activity_before : "same activity");
		f->diff = cJSON_CreateObject();
		{
			char *subject = xasprintf("rows of %s after %s", a->id, what);
			cJSON *rows = cJSON_CreateArray();

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
			cJSON_AddStringToObject(f->diff, "check", what);
			cJSON_AddStringToObject(f->diff, "list", a->id);
			cJSON_AddStringToObject(f->diff, "row", a->rows[dup]);
			for (size_t r = 0; r < b->n_rows; r++)
				cJSON_AddItemToArray(rows, cJSON_CreateString(b->rows[r]));
			cJSON_AddItemToObject(f->diff, "rows_before", rows);
			rows = cJSON_CreateArray();
			for (size_t r = 0; r < a->n_rows; r++)
				cJSON_AddItemToArray(rows, cJSON_CreateString(a->rows[r]));
			cJSON_AddItemToObject(f->diff, "rows_after", rows);
		}
	}
	oracle_lists_free(lb, nb);
	oracle_lists_free(la, na);
	return found;
}

/* Whether the lowered label contains any of the words. */
static bool has_any(const char *low, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (strstr(low, words[i]))
			return true;
	return false;
}

/*
 * Whether a lowered text is a heading about sorting ("Sort by", "Sort
 * order:", "Order by"), not a status that names the current order ("Sort:
 * Featured", "Sorted by date").
 */
static bool is_sort_heading(const char *low)
{
	const char *colon = strchr(low, ':');

	while (*low == ' ')
		low++;
	if (strncmp(low, "sorted", 6) == 0)
		return false;
	if (strncmp(low, "sort", 4) != 0 && strncmp(low, "order by", 8) != 0)
		return false;
	/* A colon followed by a value is a status label. */
	if (colon)
		for (const char *p = colon + 1; *p; p++)
			if (*p != ' ')
				return false;
	return strlen(low) <= 32;
}

/* Whether (x, y) lies in r. */
static bool rect_has_point(const struct ui_rect *r, int x, int y)
{
	return x >= r->x1 && x < r->x2 && y >= r->y1 && y < r->y2;
}

/*
 * Whether the tap of `done` chose an option under sort heading `h`: the
 * smallest ancestor of h that holds the tap is a menu, dialog or popup
 * layer, or a group smaller than most of the screen (a "Sort by" section
 * with its choices), never the page as a whole.
 */
static bool tap_under_heading(const struct ui_tree *t, const struct ui_widget *h, const struct action *done)
{
	int x = done->x, y = done->y;
	long sarea = (long)ui_rect_width(&t->screen) * ui_rect_height(&t->screen);

	if ((x < 0 || y < 0) && !ui_rect_empty(&done->bounds)) {
		x = (done->bounds.x1 + done->bounds.x2) / 2;
		y = (done->bounds.y1 + done->bounds.y2) / 2;
	}
	if (x < 0 || y < 0)
		return false;
	for (const struct ui_widget *p = h->parent; p; p = p->parent) {
		long area = (long)ui_rect_width(&p->bounds) * ui_rect_height(&p->bounds);

		if (!rect_has_point(&p->bounds, x, y))
			continue;
		return oracle_is_layer(p, &t->screen) || (sarea > 0 && area * 10 < sarea * 7);
	}
	return false;
}

bool oracle_sort_claim(const struct action *done, const struct ui_tree *before,
		       struct oracle_sort_claim *claim)
{
	static const char *const sort_words[] = { "sort", "a-z", "z-a", "a to z", "z to a",
						  "newest", "oldest", "ascending", "descending",
						  "alphabetical", NULL };
	static const char *const desc_words[] = { "z-a", "z to a", "desc", "newest", "latest", "recent",
						  "highest", "largest", "most", "expensive", "high to low", NULL };
	static const char *const asc_words[] = { "a-z", "a to z", "asc", "oldest", "lowest", "smallest",
						 "alphabetical", "least", "cheapest", "low to high", NULL };
	static const char *const date_words[] = { "date", "newest", "oldest", "latest", "recent",
						  "time", "created", "modified", NULL };
	static const char *const num_words[] = { "price", "amount", "size", "count", "number",
						 "priority", "total", "cost", "rating", "cheapest",
						 "expensive", "quantity", "qty", "distance", "duration",
						 "weight", "score", NULL };
	static const char *const text_words[] = { "name", "title", "a-z", "z-a", "a to z", "z to a",
						  "alphabetical", NULL };
	/* Directions that name no key yet mean one ("Most popular" does not). */
	static const char *const plain_dir_words[] = { "ascending", "descending", NULL };
	char low[96];
	bool in_sort_context = false;

	memset(claim, 0, sizeof(*claim));
	if (!done || (done->type != ACTION_CLICK && done->type != ACTION_CHECK))
		return false;
	lower_into(low, sizeof(low), done->widget_text);
	if (!*low)
		return false;
	/*
	 * Only the clicked widget's own label, or its place among the choices
	 * of a sort menu/dialog/section, makes a claim: a "Sort: Featured"
	 * status elsewhere on the page does not turn tab clicks into sorts.
	 */
	for (size_t i = 0; before && !has_any(low, sort_words) && i < before->n_nodes && !in_sort_context; i++) {
		char t[96];

		const struct ui_widget *w = before->nodes[i];
		bool clickable = false;

		/* A heading about sorting ("Sort by"), not the button that opens the menu. */
		for (const struct ui_widget *p = w; p && !clickable; p = p->parent)
			clickable = p->clickable;
		lower_into(t, sizeof(t), w->text);
		if (!clickable && strcmp(t, low) != 0 && is_sort_heading(t) && tap_under_heading(before, w, done))
			in_sort_context = true;
	}
	if (!has_any(low, sort_words) && !in_sort_context)
		return false;
	/* The bare control that opens a sort menu claims nothing yet. */
	if (strcmp(low, "sort") == 0 || strcmp(low, "sort by") == 0 || strcmp(low, "cancel") == 0)
		return false;
	snprintf(claim->label, sizeof(claim->label), "%s", done->widget_text);
	claim->dir = has_any(low, desc_words) ? SORT_DIR_DESC : has_any(low, asc_words) ? SORT_DIR_ASC
											: SORT_DIR_ANY;
	claim->key = has_any(low, date_words) ? SORT_KEY_DATE
		     : has_any(low, num_words) ? SORT_KEY_NUMBER
		     : has_any(low, text_words) ? SORT_KEY_TEXT : SORT_KEY_ANY;
	/* A choice with no visible key ("Featured", "Relevance", "Most popular") cannot be judged. */
	if (claim->key == SORT_KEY_ANY && !has_any(low, plain_dir_words)) {
		memset(claim, 0, sizeof(*claim));
		return false;
	}
	if (claim->key == SORT_KEY_TEXT && claim->dir == SORT_DIR_ANY)
		claim->dir = SORT_DIR_ASC; /* "Sort by name" means A to Z */
	return true;
}

/* Parse a date-ish text into a comparable number (yyyymmdd[hhmm]); false when not a date. */
static bool parse_date(const char *s, double *out)
{
	static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun",
					      "jul", "aug", "sep", "oct", "nov", "dec" };
	int y, m, d, hh = 0, mm = 0;
	char mon[4];

	for (; *s; s++) {
		if (sscanf(s, "%4d-%2d-%2d %2d:%2d", &y, &m, &d, &hh, &mm) >= 3 && y > 1900 && m >= 1 &&
		    m <= 12 && d >= 1 && d <= 31) {
			*out = ((y * 100.0 + m) * 100 + d) * 10000 + hh * 100 + mm;
			return true;
		}
		if (sscanf(s, "%3[A-Za-z] %d, %d", mon, &d, &y) == 3) {
			for (m = 0; m < 12; m++)
				if (strncasecmp(mon, months[m], 3) == 0) {
					*out = ((y * 100.0 + m + 1) * 100 + d) * 10000;
					return true;
				}
		}
	}
	return false;
}

/* Parse the first number in s ("$12.50", "3 items"); false when none. */
static bool parse_number(const char *s, double *out)
{
	for (; *s; s++) {
		if (isdigit((unsigned char)*s) || ((*s == '-' || *s == '.') && isdigit((unsigned char)s[1]))) {
			char *end;

			*out = strtod(s, &end);
			return end != s;
		}
	}
	return false;
}

/* Whether s begins with a number, after spaces and signs ("6 x", "$4.20", "-3"; not "Dana3"). */
static bool leads_with_number(const char *s)
{
	while (*s && !isalnum((unsigned char)*s) && (unsigned char)*s < 0x80)
		s++;
	while ((unsigned char)*s >= 0x80) /* a currency sign in UTF-8: €, £ */
		s++;
	return isdigit((unsigned char)*s);
}

/* Copy the col-th " | "-separated part of row into part; false when absent. */
static bool row_part(const char *row, size_t col, char *part, size_t size)
{
	for (size_t i = 0; row && i < col; i++) {
		row = strstr(row, " | ");
		if (row)
			row += 3;
	}
	if (!row)
		return false;
	const char *bar = strstr(row, " | ");
	size_t len = bar ? (size_t)(bar - row) : strlen(row);
	if (len >= size)
		len = size - 1;
	memcpy(part, row, len);
	part[len] = '\0';
	return true;
}

/* The number of " | "-separated parts of the widest row. */
static size_t row_columns(const struct oracle_list *l)
{
	size_t most = 0;
	for (size_t r = 0; r < l->n_rows; r++) {
		size_t n = l->rows[r] ? 1 : 0;
		for (const char *p = l->rows[r]; p && (p = strstr(p, " | ")); p += 3)
			n++;
		if (n > most)
			most = n;
	}
	return most;
}

/*
 * Row r's key of kind k in column `col` of its texts (joined with " | "):
 * for text keys, column 0 is the primary text and column c + 1 the text of
 * column c (into part); for dates and numbers, what parses in column col.
 */
static bool row_key(const struct oracle_list *l, size_t r, enum oracle_sort_key k, size_t col,
		    double *num, char *part, size_t size, const char **text)
{
	if (k == SORT_KEY_TEXT && col == 0) {
		*text = l->primary[r];
		return true;
	}
	if (!row_part(l->rows[r], k == SORT_KEY_TEXT ? col - 1 : col, part, size))
		return false;
	*text = part;
	return k == SORT_KEY_TEXT || (k == SORT_KEY_DATE ? parse_date(part, num) : parse_number(part, num));
}

/*
 * Whether every row carries a key of kind k in column col. A text column
 * other than the primary text counts only when its rows differ (a column
 * that reads "Unread" on every row is in any order) and none of them begins
 * with a number or holds a date (rows in the order they were added are
 * often in date order too).
 */
static bool column_has_key(const struct oracle_list *l, enum oracle_sort_key k, size_t col)
{
	char first[256] = "", part[256];
	bool differ = k != SORT_KEY_TEXT || col == 0;
	size_t numbers = 0;

	for (size_t r = 0; r < l->n_rows; r++) {
		double v;
		const char *t;

		if (!row_key(l, r, k, col, &v, part, sizeof part, &t))
			return false;
		if (k == SORT_KEY_TEXT && col > 0 && (leads_with_number(t) || parse_date(t, &v)))
			return false;
		if (k == SORT_KEY_TEXT && leads_with_number(t))
			numbers++;
		if (r == 0)
			snprintf(first, sizeof first, "%s", t);
		else if (strcasecmp(first, t) != 0)
			differ = true;
	}
	/* A primary text that is a quantity on every row ("6 x") names nothing. */
	if (k == SORT_KEY_TEXT && col == 0 && numbers == l->n_rows)
		return false;
	return differ;
}

/* Whether the rows are ordered by key k (in column col) in direction dir. */
static bool ordered_by(const struct oracle_list *l, enum oracle_sort_key k, size_t col,
		       enum oracle_sort_dir dir)
{
	for (size_t r = 0; r + 1 < l->n_rows; r++) {
		double a = 0, b = 0;
		const char *ta = NULL, *tb = NULL;
		char pa[256], pb[256];
		int cmp;

		if (!row_key(l, r, k, col, &a, pa, sizeof pa, &ta) || !row_key(l, r + 1, k, col, &b, pb, sizeof pb, &tb))
			return false;
		cmp = k == SORT_KEY_TEXT ? strcasecmp(ta, tb) : (a < b ? -1 : a > b ? 1 : 0);
		if ((dir == SORT_DIR_ASC && cmp > 0) || (dir == SORT_DIR_DESC && cmp < 0))
			return false;
	}
	return true;
}

/*
 * Sorted when some reading of the rows is in order: the primary text, any
 * text column whose rows differ (a row may begin with its quantity, "6 x |
 * Milk", and be sorted by name), or any column whose every row carries a
 * date/number (a title such as "Task 2" must not be taken for the priority
 * column beside it). A claimed key that no column carries cannot be judged:
 * not a violation (a sort by name of rows that all read "6 x | Apples",
 * the same name on every row).
 */
bool oracle_rows_sorted(const struct oracle_list *l, const struct oracle_sort_claim *claim)
{
	enum oracle_sort_key keys[3] = { SORT_KEY_TEXT, SORT_KEY_DATE, SORT_KEY_NUMBER };
	size_t nk = 3;
	bool judged = false;

	if (l->n_rows < 2)
		return true;
	if (claim->key != SORT_KEY_ANY) {
		keys[0] = claim->key;
		nk = 1;
	}
	size_t cols = row_columns(l);
	for (size_t i = 0; i < nk; i++) {
		size_t ncol = keys[i] == SORT_KEY_TEXT ? cols + 1 : cols;
		for (size_t c = 0; c < ncol; c++) {
			if (!column_has_key(l, keys[i], c))
				continue;
			judged = true;
			if (claim->dir != SORT_DIR_DESC && ordered_by(l, keys[i], c, SORT_DIR_ASC))
				return true;
			if (claim->dir != SORT_DIR_ASC && ordered_by(l, keys[i], c, SORT_DIR_DESC))
				return true;
		}
	}
	if (!judged && claim->key != SORT_KEY_ANY)
		return true;
	return false;
}

bool oracle_list_unsorted(const struct oracle_list *after, const struct oracle_sort_claim *claim,
			  struct oracle_finding *f)
{
	static const char *const key_names[] = { "any key", "text", "date", "number" };
	static const char *const dir_names[] = { "either direction", "ascending", "descending" };
	cJSON *rows;

	if (!after || after->n_rows < 2 || oracle_rows_sorted(after, claim))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "sort";
	f->title = xasprintf("'%s' does not sort the list", claim->label);
	f->expected = xasprintf("rows ordered by %s, %s", key_names[claim->key], dir_names[claim->dir]);
	f->actual = xasprintf("rows \"%s\", \"%s\", ... are out of order", after->primary[0], after->primary[1]);
	f->description = xasprintf("After choosing '%s' the list's %zu rows are not in the order it names.",
				   claim->label, after->n_rows);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "list", after->id);
	cJSON_AddStringToObject(f->diff, "claim", claim->label);
	cJSON_AddStringToObject(f->diff, "key", key_names[claim->key]);
	cJSON_AddStringToObject(f->diff, "direction", dir_names[claim->dir]);
	rows = cJSON_CreateArray();
	for (size_t r = 0; r < after->n_rows; r++)
		cJSON_AddItemToArray(rows, cJSON_CreateString(after->rows[r]));
	cJSON_AddItemToObject(f->diff, "rows", rows);
	return true;
}

/* ---------------------------------------------------------------- Genie */

/* The first text in w's subtree, or "". */
const char *oracle_first_text(const struct ui_widget *w)
{
	if (*w->text)
		return w->text;
	for (size_t i = 0; i < w->n_children; i++) {
		const char *t = oracle_first_text(w->children[i]);

		if (*t)
			return t;
	}
	return "";
}

/* The label of control w: its text, else its content-desc, else the first text inside it ("" when none). */
const char *oracle_item_label(const struct ui_widget *w)
{
	if (*w->text)
		return w->text;
	if (*w->content_desc)
		return w->content_desc;
	return oracle_first_text(w);
}

/* The list row w sits in (a child of a list container), or NULL. */
const struct ui_widget *oracle_enclosing_row(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->parent && oracle_is_list(p->parent))
			return p;
	return NULL;
}

/* Whether t shows a visible editable field (a form, or a search box that may hide rows). */
bool oracle_shows_field(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Whether field w's resource-id or hint names a search, filter, find or query: a view of the data, not data. */
bool oracle_is_search_field(const struct ui_widget *w)
{
	static const char *const words[] = { "search", "filter", "find", "query", NULL };
	char low[512];

	oracle_lower_into(low, sizeof(low), w->resource_id);
	if (oracle_has_word(low, words))
		return true;
	oracle_lower_into(low, sizeof(low), w->hint);
	return oracle_has_word(low, words);
}

/*
 * The view key of w, or NULL when w is not a view worth tracking. Views in
 * a list row carry the row's first text, so "the picture of row Cinema"
 * and "the picture of row Cleaning" differ (the mapping Genie gets from its
 * tree diff). Caller frees.
 */
static char *view_key(const struct ui_tree *t, const struct ui_widget *w)
{
	const struct ui_widget *row;

	if (!ui_widget_visible(w, &t->screen) || strcmp(w->package, "com.android.systemui") == 0)
		return NULL;
	if (!*w->text && !*w->resource_id && !*w->content_desc && !w->checkable)
		return NULL;
	row = oracle_enclosing_row(w);
	return xasprintf("%s|%s|%s|%s|%s@%s", w->class_name, w->resource_id, w->text, w->content_desc,
			 w->checkable ? (w->checked ? "on" : "off") : "", row ? oracle_first_text(row) : "");
}

/* Collect the view keys of t, sorted. */
static size_t tree_keys(const struct ui_tree *t, char ***out)
{
	char **k = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		char *key = view_key(t, t->nodes[i]);

		if (!key)
			continue;
		k = xgrow(k, &alloc, n + 1, sizeof(*k));
		k[n++] = key;
	}
	*out = k;
	return n;
}

/* qsort comparator for strings. */
int oracle_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether key is masked. */
static bool masked(const char *key, const char *const *mask, size_t n_mask)
{
	for (size_t i = 0; i < n_mask; i++)
		if (strcmp(mask[i], key) == 0)
			return true;
	return false;
}

void oracle_effect_compute(const struct ui_tree *li, const struct ui_tree *lj,
			   const char *const *mask, size_t n_mask, struct oracle_effect *out)
{
	char **a, **b;
	size_t na = tree_keys(li, &a), nb = tree_keys(lj, &b), i = 0, j = 0, alloc = 0;

	memset(out, 0, sizeof(*out));
	if (na)
		qsort(a, na, sizeof(*a), oracle_cmp_str);
	if (nb)
		qsort(b, nb, sizeof(*b), oracle_cmp_str);
	/* Multiset difference by merging the two sorted lists. */
	while (i < na || j < nb) {
		int c = i >= na ? 1 : j >= nb ? -1 : strcmp(a[i], b[j]);
		const char *key = c < 0 ? a[i] : b[j];

		if (c == 0) {
			i++;
			j++;
			continue;
		}
		if (!masked(key, mask, n_mask)) {
			out->items = xgrow(out->items, &alloc, out->n + 1, sizeof(*out->items));
			out->items[out->n++] = xasprintf("%c%s", c < 0 ? '-' : '+', key);
		}
		if (c < 0)
			i++;
		else
			j++;
	}
	if (out->n)
		qsort(out->items, out->n, sizeof(*out->items), oracle_cmp_str);
	for (i = 0; i < na; i++)
		free(a[i]);
	for (j = 0; j < nb; j++)
		free(b[j]);
	free(a);
	free(b);
}

void oracle_effect_release(struct oracle_effect *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->items[i]);
	free(e->items);
	memset(e, 0, sizeof(*e));
}

/*
 * A copy of effect item `item` ("+class|id|text|checked|@row") whose text
 * part has each run of digits (with the separators between them) written
 * "#": "6 unread" and "5 unread" are one view whose count moved. The row
 * key is kept as it is.
 */
static char *count_masked(const char *item)
{
	const char *a = strchr(item, '|'), *b = a ? strchr(a + 1, '|') : NULL, *e = b ? strchr(b + 1, '|') : NULL;
	char *out, *o;

	if (!e)
		return xstrdup(item);
	out = xmalloc(strlen(item) + 1);
	o = out;
	memcpy(o, item, (size_t)(b + 1 - item));
	o += b + 1 - item;
	for (const char *p = b + 1; p < e;) {
		if (isdigit((unsigned char)*p)) {
			while (p < e && (isdigit((unsigned char)*p) ||
					 ((*p == '.' || *p == ',') && p + 1 < e && isdigit((unsigned char)p[1]))))
				p++;
			*o++ = '#';
		} else {
			*o++ = *p++;
		}
	}
	strcpy(o, e);
	return out;
}

/* Whether every item of sorted seed[0..ns) is matched by a distinct item of sorted mutant[0..nm). */
static bool items_contained(char *const *seed, size_t ns, char *const *mutant, size_t nm)
{
	size_t i = 0, j = 0;

	while (i < ns) {
		int c;

		if (j >= nm)
			return false;
		c = strcmp(seed[i], mutant[j]);
		if (c == 0) {
			i++;
			j++;
		} else if (c > 0) {
			j++;
		} else {
			return false;
		}
	}
	return true;
}

/*
 * Δ ⊆ Δ', and failing that, the same with counts masked in the views'
 * texts: a count both the detour and the seed's steps move ("7 unread"
 * to "6" in the seed, to "5" after a detour that read another article
 * too) keeps the seed's effect (feeds, session 65: reading an article
 * marks it read and lowers the unread count, so every detour through
 * another article was reported on the fixed twin).
 */
bool oracle_effect_contained(const struct oracle_effect *seed, const struct oracle_effect *mutant)
{
	char **s, **m;
	bool ok;

	if (items_contained(seed->items, seed->n, mutant->items, mutant->n))
		return true;
	s = xcalloc(seed->n + 1, sizeof(*s));
	m = xcalloc(mutant->n + 1, sizeof(*m));
	for (size_t i = 0; i < seed->n; i++)
		s[i] = count_masked(seed->items[i]);
	for (size_t j = 0; j < mutant->n; j++)
		m[j] = count_masked(mutant->items[j]);
	qsort(s, seed->n, sizeof(*s), oracle_cmp_str);
	qsort(m, mutant->n, sizeof(*m), oracle_cmp_str);
	ok = items_contained(s, seed->n, m, mutant->n);
	for (size_t i = 0; i < seed->n; i++)
		free(s[i]);
	for (size_t j = 0; j < mutant->n; j++)
		free(m[j]);
	free(s);
	free(m);
	return ok;
}

void oracle_effect_unstable(const struct ui_tree *a, const struct ui_tree *b,
			    char ***mask, size_t *n_mask, size_t *alloc)
{
	struct oracle_effect d;

	oracle_effect_compute(a, b, NULL, 0, &d);
	for (size_t i = 0; i < d.n; i++) {
		if (masked(d.items[i] + 1, (const char *const *)*mask, *n_mask))
			continue;
		*mask = xgrow(*mask, alloc, *n_mask + 1, sizeof(**mask));
		(*mask)[(*n_mask)++] = xstrdup(d.items[i] + 1);
	}
	oracle_effect_release(&d);
}

double oracle_text_difference(const struct ui_tree *a, const struct ui_tree *b)
{
	size_t total = 0, missing = 0;

	for (size_t i = 0; a && i < a->n_nodes; i++) {
		const struct ui_widget *w = a->nodes[i];
		bool found = false;

		if (!*w->text || !ui_widget_visible(w, &a->screen))
			continue;
		total++;
		for (size_t j = 0; b && j < b->n_nodes && !found; j++)
			found = strcmp(b->nodes[j]->text, w->text) == 0;
		if (!found)
			missing++;
	}
	return total ? (double)missing / (double)total : 0.0;
}
