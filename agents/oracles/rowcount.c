/*
 * rowcount.c - oracle "rowcount": a count shown inside a list row that names
 * a container ("Documents | 4 items") stops following the rows of the page
 * the row opens (held-out files: a file of Documents deleted, the folder's
 * page lists 3 files, the root still says "Documents 4 items").
 *
 * The count is judged only after the run saw it right: a tap on the row
 * opened a page titled with the row's name whose one list, shown whole,
 * held exactly that many rows (2+). From then on the page is followed: a
 * later sighting with other rows is believed only when it is a clean change
 * (the rows left are all rows seen before, or the rows seen before are all
 * still there) explained by a delete (fewer rows) or an add (more rows)
 * tapped since the page was last seen, with the same selected tabs and
 * switches outside its list. The row seen again afterwards with its count
 * not moved at all is the finding; a count that follows the page, or moves
 * by another amount, is left alone (and the pair is forgotten in the second
 * case). A switch toggled anywhere, a cleared restart or a deep link
 * forgets every pair, since a filter or a setting may change a page's rows
 * without changing what the count counts.
 *
 * The first opening is judged on its own (judge_opening, session 26): a
 * row "Recently closed tabs | 3 tabs" opening a page of that title that
 * lists 4 tabs (held-out browser, fenix#17523). Only when the page's title
 * names the count's noun and its list is plainly the noun's things: shown
 * whole, rows of one shape, no heading, footer, folder or sub-count among
 * them, no tab or chip filtering it, nothing still loading.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ROWCOUNT_MAX_PAIRS 32   /* rows calibrated against their pages, remembered */
#define ROWCOUNT_MAX_ROWS 64    /* rows of a page kept by key */

/* A row whose count matched the rows of the page it opened, and that page as last seen. */
struct rowcount_pair {
	char *name;                 /* the row's first text, the page's title */
	char *row_activity, *row_list;  /* where the row is listed (resource-id#class) */
	char *count_rid;            /* the count text's resource-id */
	char noun[32];              /* its noun without a final 's' ("item") */
	char *page_activity, *page_list;
	uint64_t page_state;        /* the page's selected and checked widgets outside its list */
	long n;                     /* the count, last seen equal to the page's rows */
	long m;                     /* the page's rows at its last sighting */
	uint64_t key[ROWCOUNT_MAX_ROWS];  /* those rows' first texts, hashed */
	bool off;                   /* the page changed cleanly since the count was last right */
	bool deleted, added;        /* a delete / an add was tapped since the page was last seen */
	cJSON *deleted_by, *added_by;   /* the last of those taps (action_to_json) */
	cJSON *changed_by;          /* the tap blamed for the page's rows now (diff.blamed), or NULL */
	char *count_text;           /* the count as last seen right ("4 items") */
};

struct oracle_rowcount_tracker {
	struct rowcount_pair pairs[ROWCOUNT_MAX_PAIRS];
	size_t n_pairs, next;       /* next: the slot to reuse when full */
};

/* A page's one list shown whole. */
struct rowcount_page {
	char id[512];
	long rows;
	uint64_t key[ROWCOUNT_MAX_ROWS];
	uint64_t state;
};

static uint64_t text_hash(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (h ^ 0xff) * 1099511628211ULL;
}

static void pair_clear(struct rowcount_pair *p)
{
	free(p->name);
	free(p->row_activity);
	free(p->row_list);
	free(p->count_rid);
	free(p->page_activity);
	free(p->page_list);
	free(p->count_text);
	cJSON_Delete(p->deleted_by);
	cJSON_Delete(p->added_by);
	cJSON_Delete(p->changed_by);
	memset(p, 0, sizeof(*p));
}

static void forget_all(struct oracle_rowcount_tracker *t)
{
	for (size_t i = 0; i < t->n_pairs; i++)
		pair_clear(&t->pairs[i]);
	t->n_pairs = 0;
	t->next = 0;
}

/* Drop pair i (the last one takes its slot). */
static void forget(struct oracle_rowcount_tracker *t, size_t i)
{
	pair_clear(&t->pairs[i]);
	if (i + 1 < t->n_pairs) {
		t->pairs[i] = t->pairs[t->n_pairs - 1];
		memset(&t->pairs[t->n_pairs - 1], 0, sizeof(t->pairs[0]));
	}
	t->n_pairs--;
}

struct oracle_rowcount_tracker *oracle_rowcount_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_rowcount_tracker));
}

void oracle_rowcount_tracker_free(struct oracle_rowcount_tracker *t)
{
	if (!t)
		return;
	forget_all(t);
	free(t);
}

/*
 * Whether text is a count of things, "N nouns" as a whole ("4 items", "1
 * file", "12 notes"): its value in *v and its noun without a final 's' in
 * noun. Plural nouns only after N other than 1.
 */
static bool parse_count(const char *text, long *v, char *noun, size_t cap)
{
	const char *p = text, *w;
	long n = 0;
	size_t len, digits = 0;

	while (*p == ' ')
		p++;
	while (isdigit((unsigned char)*p) && digits < 6) {
		n = n * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || *p != ' ')
		return false;
	while (*p == ' ')
		p++;
	w = p;
	while (isalpha((unsigned char)*p))
		p++;
	len = (size_t)(p - w);
	while (*p == ' ')
		p++;
	if (*p || len < 3 || len + 1 > cap)
		return false;
	for (size_t i = 0; i < len; i++)
		noun[i] = (char)tolower((unsigned char)w[i]);
	noun[len] = '\0';
	if (noun[len - 1] == 's' && noun[len - 2] != 's')
		noun[len - 1] = '\0';
	else if (n != 1)
		return false;
	if (oracle_measure_noun(noun))
		return false;
	*v = n;
	return true;
}

/* Find the one count text of row (not its first text): true with its widget in *out, value and noun. */
static bool row_count(const struct ui_widget *row, const struct ui_widget **out, long *v, char *noun, size_t cap)
{
	const char *first = oracle_first_text(row);
	const struct ui_widget *stack[64];
	size_t n = 0, found = 0;

	stack[n++] = row;
	while (n) {
		const struct ui_widget *w = stack[--n];
		long val;
		char nn[32];

		if (*w->text && w->text != first && parse_count(w->text, &val, nn, sizeof(nn))) {
			if (found++)
				return false;
			*out = w;
			*v = val;
			snprintf(noun, cap, "%s", nn);
		}
		for (size_t c = 0; c < w->n_children && n < 64; c++)
			stack[n++] = w->children[c];
	}
	return found == 1;
}

static void list_id(const struct ui_widget *l, char *buf, size_t n)
{
	snprintf(buf, n, "%s#%s", l->resource_id, l->class_name);
}

static bool inside_list(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (oracle_is_list(p))
			return true;
	return false;
}

/* The one list of t shown whole, its rows and the page's state outside it; false when none or several. */
static bool read_page(const struct ui_tree *t, struct rowcount_page *pg)
{
	const struct ui_widget *list = NULL;

	memset(pg, 0, sizeof(*pg));
	pg->state = 1469598103934665603ULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen) || oracle_hidden_under_layer(t, w))
			continue;
		if (oracle_is_list(w) && !inside_list(w)) {
			if (list)
				return false;
			list = w;
		} else if ((w->selected || (w->checkable && w->checked)) && !inside_list(w)) {
			pg->state = text_hash(pg->state, ui_widget_label(w));
		}
	}
	if (!list)
		return false;
	list_id(list, pg->id, sizeof(pg->id));
	if (!oracle_list_has_room(t, pg->id))
		return false;
	for (size_t c = 0; c < list->n_children; c++) {
		if (!ui_widget_visible(list->children[c], &t->screen))
			continue;
		if (pg->rows < ROWCOUNT_MAX_ROWS)
			pg->key[pg->rows] = text_hash(1469598103934665603ULL, oracle_first_text(list->children[c]));
		pg->rows++;
	}
	return pg->rows <= ROWCOUNT_MAX_ROWS;
}

static bool has_key(const uint64_t *keys, long n, uint64_t k)
{
	for (long i = 0; i < n; i++)
		if (keys[i] == k)
			return true;
	return false;
}

/* Whether the page's rows now are a clean change of those at the last sighting: one set holds the other. */
static bool clean_change(const struct rowcount_pair *p, const struct rowcount_page *pg)
{
	const uint64_t *small = pg->rows < p->m ? pg->key : p->key, *big = small == pg->key ? p->key : pg->key;
	long n_small = pg->rows < p->m ? pg->rows : p->m, n_big = pg->rows < p->m ? p->m : pg->rows;

	for (long i = 0; i < n_small; i++)
		if (!has_key(big, n_big, small[i]))
			return false;
	return true;
}

/* Whether `done` may have added a row somewhere: a tap that adds, creates, saves, imports, copies... */
static bool adds(const struct ui_tree *before, const struct action *done)
{
	static const char *const add[] = { "add", "create", "new", "save", "upload", "import", "paste",
					   "copy", "move", "restore", "duplicate", NULL };
	static const char *const no[] = { "cancel", "dismiss", "close", "remove", NULL };
	char label[512];

	if (done->type != ACTION_CLICK)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	return oracle_has_word(label, add) && !oracle_has_word(label, no);
}

/* A pair for the row `name` of list row_list on row_activity, or NULL. */
static struct rowcount_pair *pair_find(struct oracle_rowcount_tracker *t, const char *name, const char *row_activity,
				       const char *row_list, size_t *at)
{
	for (size_t i = 0; i < t->n_pairs; i++) {
		struct rowcount_pair *p = &t->pairs[i];

		if (!strcmp(p->name, name) && !strcmp(p->row_list, row_list) &&
		    oracle_same_activity(p->row_activity, row_activity)) {
			if (at)
				*at = i;
			return p;
		}
	}
	return NULL;
}

static void page_into(struct rowcount_pair *p, const struct rowcount_page *pg)
{
	p->m = pg->rows;
	memcpy(p->key, pg->key, sizeof(p->key));
	p->deleted = p->added = false;
	cJSON_Delete(p->deleted_by);
	cJSON_Delete(p->added_by);
	p->deleted_by = p->added_by = NULL;
}

/*
 * The calibration: `done` tapped a row of `before` holding one count, and
 * `after` is a page titled with the row's name whose one list shows exactly
 * that many rows (2+), whole. Remember the pair.
 */
static void calibrate(struct oracle_rowcount_tracker *t, const struct oracle_tracked_step *s)
{
	const struct ui_widget *w, *row, *cnt;
	const char *title, *name;
	struct rowcount_page pg;
	struct rowcount_pair *p;
	char rlist[512], noun[32];
	long v;

	if (!s->before || !s->done || s->done->type != ACTION_CLICK || oracle_screen_has_layer(s->before))
		return;
	w = action_resolve(s->done, s->before);
	row = w ? oracle_enclosing_row(w) : NULL;
	name = row ? oracle_first_text(row) : NULL;
	if (!name || !*name || !row_count(row, &cnt, &v, noun, sizeof(noun)) || v < 2)
		return;
	title = oracle_app_bar_title(s->after);
	if (!title || strcmp(title, name) != 0 || !read_page(s->after, &pg) || pg.rows != v)
		return;
	list_id(row->parent, rlist, sizeof(rlist));
	p = pair_find(t, name, s->activity_before, rlist, NULL);
	if (p)
		pair_clear(p);
	else if (t->n_pairs < ROWCOUNT_MAX_PAIRS)
		p = &t->pairs[t->n_pairs++];
	else {
		p = &t->pairs[t->next++ % ROWCOUNT_MAX_PAIRS];
		pair_clear(p);
	}
	p->name = xstrdup(name);
	p->row_activity = xstrdup(s->activity_before ? s->activity_before : "");
	p->row_list = xstrdup(rlist);
	p->count_rid = xstrdup(cnt->resource_id);
	snprintf(p->noun, sizeof(p->noun), "%s", noun);
	p->count_text = xstrdup(cnt->text);
	p->page_activity = xstrdup(s->activity_after ? s->activity_after : "");
	p->page_list = xstrdup(pg.id);
	p->page_state = pg.state;
	p->n = v;
	p->off = false;
	page_into(p, &pg);
}

/* The page of a pair seen again: follow its rows, or forget the pair when they changed unexplained. */
static void follow_page(struct oracle_rowcount_tracker *t, const struct ui_tree *after, const char *activity)
{
	const char *title = oracle_app_bar_title(after);
	struct rowcount_page pg;
	bool have = false;

	if (!title)
		return;
	for (size_t i = 0; i < t->n_pairs;) {
		struct rowcount_pair *p = &t->pairs[i];

		if (strcmp(p->name, title) != 0 || !oracle_same_activity(p->page_activity, activity)) {
			i++;
			continue;
		}
		if (!have && !read_page(after, &pg)) {
			i++; /* not shown whole: nothing learned */
			continue;
		}
		have = true;
		if (strcmp(pg.id, p->page_list) != 0) {
			i++;
			continue;
		}
		if (pg.rows != p->m) {
			bool explained = pg.rows < p->m ? p->deleted : p->added;

			if (!explained || pg.state != p->page_state || !clean_change(p, &pg)) {
				forget(t, i);
				continue;
			}
			cJSON_Delete(p->changed_by);
			p->changed_by = cJSON_Duplicate(pg.rows < p->m ? p->deleted_by : p->added_by, 1);
		}
		page_into(p, &pg);
		p->off = p->m != p->n;
		i++;
	}
}

static void fill_finding(struct oracle_finding *f, const struct rowcount_pair *p, const char *now_text,
			 const char *activity, const struct action *done)
{
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "rowcount";
	f->title = xasprintf("The count of row '%s' does not follow its page's rows", p->name);
	f->expected = xasprintf("row '%s' counts the %ld rows its page '%s' now lists, as '%s' counted %ld when "
				"the page was opened",
				p->name, p->m, p->name, p->count_text, p->n);
	f->actual = xasprintf("row '%s' still says '%s'", p->name, now_text);
	f->description = xasprintf("A tap on row '%s' (%s) opened page '%s', whose list showed exactly %ld rows. "
				   "After a change on that page it lists %ld rows, but on %s the row still says '%s'.",
				   p->name, p->count_text, p->name, p->n, p->m,
				   activity && *activity ? activity : "the list", now_text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "rowcount");
	cJSON_AddStringToObject(f->diff, "row", p->name);
	cJSON_AddStringToObject(f->diff, "row_list", p->row_list);
	cJSON_AddStringToObject(f->diff, "page_list", p->page_list);
	cJSON_AddStringToObject(f->diff, "count_before", p->count_text);
	cJSON_AddStringToObject(f->diff, "count_after", now_text);
	cJSON_AddNumberToObject(f->diff, "page_rows_before", (double)p->n);
	cJSON_AddNumberToObject(f->diff, "page_rows_after", (double)p->m);
	if (done)
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	/* The delete or add that changed the page, not the step that shows the row. */
	if (p->changed_by)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(p->changed_by, 1));
}

/* The rows of pairs seen again on `after`: true with *f for a count that did not move with its page. */
static bool judge_rows(struct oracle_rowcount_tracker *t, const struct ui_tree *after, const char *activity,
		       const struct action *done, struct oracle_finding *f)
{
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *l = after->nodes[i];
		char id[512];

		if (!oracle_is_list(l) || !ui_widget_visible(l, &after->screen) || oracle_hidden_under_layer(after, l))
			continue;
		list_id(l, id, sizeof(id));
		for (size_t r = 0; r < l->n_children; r++) {
			const struct ui_widget *row = l->children[r], *cnt;
			struct rowcount_pair *p;
			size_t at;
			long v;
			char noun[32];

			if (!ui_widget_visible(row, &after->screen))
				continue;
			p = pair_find(t, oracle_first_text(row), activity, id, &at);
			if (!p || !row_count(row, &cnt, &v, noun, sizeof(noun)) || strcmp(cnt->resource_id, p->count_rid) ||
			    strcmp(noun, p->noun))
				continue;
			if (p->off && v == p->n && p->m != p->n) {
				fill_finding(f, p, cnt->text, activity, done);
				return true;
			}
			if (v == p->m) {
				/* Follows its page (or nothing changed). */
				p->n = v;
				p->off = false;
				free(p->count_text);
				p->count_text = xstrdup(cnt->text);
			} else if (v != p->n) {
				forget(t, at); /* moved otherwise: it may count something else */
			}
		}
	}
	return false;
}

/* ------------------------------------------------------ the first opening */

#define ROWCOUNT_MAX_LINES 16

/* The lines of the texts under a widget, depth first ("Recently closed tabs\n3 tabs" gives two). */
struct rowcount_lines {
	char line[ROWCOUNT_MAX_LINES][256];
	size_t n;
};

static void lines_add(struct rowcount_lines *l, const struct ui_widget *w)
{
	for (const char *p = w->text; *p && l->n < ROWCOUNT_MAX_LINES;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char buf[256];

		snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1), p);
		oracle_trim_into(l->line[l->n], sizeof(l->line[0]), buf);
		if (*l->line[l->n])
			l->n++;
		p = nl ? nl + 1 : p + len;
	}
	for (size_t c = 0; c < w->n_children; c++)
		lines_add(l, w->children[c]);
}

static void read_lines(const struct ui_widget *w, struct rowcount_lines *l)
{
	l->n = 0;
	lines_add(l, w);
}

/* The one line of l after its first that is a count "N nouns": its index, else -1. */
static int lines_count(const struct rowcount_lines *l, long *v, char *noun, size_t cap)
{
	int at = -1;

	for (size_t i = 1; i < l->n; i++) {
		long val;
		char nn[32];

		if (!parse_count(l->line[i], &val, nn, sizeof(nn)))
			continue;
		if (at >= 0)
			return -1;
		at = (int)i;
		*v = val;
		snprintf(noun, cap, "%s", nn);
	}
	return at;
}

/* Whether title names noun ("tab") as a whole word, singular or plural ("Recently closed tabs"). */
static bool title_names(const char *title, const char *noun)
{
	char low[256];

	oracle_lower_into(low, sizeof(low), title);
	for (char *p = low; *p;) {
		size_t len = 0;

		while (*p && !isalpha((unsigned char)*p))
			p++;
		while (isalpha((unsigned char)p[len]))
			len++;
		if (!len)
			break;
		if (len > 2 && p[len - 1] == 's' && p[len - 2] != 's')
			len--;
		if (len == strlen(noun) && !strncmp(p, noun, len))
			return true;
		while (isalpha((unsigned char)*p))
			p++;
	}
	return false;
}

/* Whether the lowered text says the count is of a kind of the rows only (unread, new...). */
static bool says_subset(const char *text)
{
	static const char *const sub[] = { "unread", "new", "unseen", "unplayed", "unwatched", "unopened",
					   "pending", "active", "selected", "starred", "flagged", "missed",
					   "overdue", "failed", "hidden", NULL };
	char low[256];

	oracle_lower_into(low, sizeof(low), text);
	return oracle_has_whole_word(low, sub);
}

/* Whether every word of line is a date word ("Today", "Last 7 days", "Monday, 3 March"): a heading. */
static bool date_heading(const char *line)
{
	static const char *const words[] = {
		"today", "yesterday", "tomorrow", "earlier", "older", "recent", "recently", "this", "last", "past",
		"next", "previous", "week", "weeks", "month", "months", "year", "years", "day", "days", "ago",
		"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed",
		"thu", "fri", "sat", "sun", "january", "february", "march", "april", "may", "june", "july",
		"august", "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun",
		"jul", "aug", "sep", "sept", "oct", "nov", "dec", "and", "of", "the", NULL
	};
	char low[256];
	bool word = false;

	oracle_lower_into(low, sizeof(low), line);
	for (char *p = low; *p;) {
		size_t len = 0;
		bool known = false;

		if (!isalpha((unsigned char)*p)) {
			if (!isdigit((unsigned char)*p) && !strchr(" ,.-/:", *p))
				return false;
			p++;
			continue;
		}
		while (isalpha((unsigned char)p[len]))
			len++;
		for (size_t i = 0; words[i] && !known; i++)
			known = strlen(words[i]) == len && !strncmp(p, words[i], len);
		if (!known)
			return false;
		word = true;
		p += len;
	}
	return word;
}

/* Whether a row of a page's list stands for something else than one of its things: a heading, a footer, a folder, a container with its own count. */
static bool row_not_a_thing(const struct ui_widget *row)
{
	static const char *const footer[] = { "load more", "show more", "see more", "view more", "see all",
					      "view all", "show all", "more", "restore all", "open all",
					      "clear all", "delete all", "remove all", "close all", NULL };
	static const char *const folder[] = { "folder", "folders", "directory", "subfolder", NULL };
	struct rowcount_lines l;
	long v;
	char noun[32], low[256];

	read_lines(row, &l);
	if (!l.n || date_heading(l.line[0]) || oracle_label_begins_with(l.line[0], footer) ||
	    !strncmp(l.line[0], "\xF0\x9F\x93\x81", 4) || !strncmp(l.line[0], "\xF0\x9F\x93\x82", 4))
		return true;
	for (size_t i = 0; i < l.n; i++) {
		oracle_lower_into(low, sizeof(low), l.line[i]);
		if (parse_count(l.line[i], &v, noun, sizeof(noun)) || oracle_has_whole_word(low, folder))
			return true;
	}
	for (size_t i = 0; i < row->n_children; i++) {
		oracle_lower_into(low, sizeof(low), row->children[i]->content_desc);
		if (oracle_has_whole_word(low, folder))
			return true;
	}
	return false;
}

/* The shape of a row: classes, resource-ids, which views show a text or a description and their states. */
static uint64_t row_shape(uint64_t h, const struct ui_widget *w)
{
	char flags[8] = { (char)('0' + (*w->text != '\0')), (char)('0' + (*w->content_desc != '\0')),
			  (char)('0' + w->clickable),         (char)('0' + w->checkable),
			  (char)('0' + w->checked),           (char)('0' + w->selected),
			  '\0' };

	h = text_hash(h, w->class_name);
	h = text_hash(h, w->resource_id);
	h = text_hash(h, flags);
	for (size_t c = 0; c < w->n_children; c++)
		h = row_shape(h, w->children[c]);
	return text_hash(h, ")");
}

/*
 * Whether the list of t is shown whole: a row more would fit (as the pairs
 * ask), or nothing holding it scrolls and its last row ends on the screen
 * (a list that fills the screen exactly).
 */
static bool list_whole(const struct ui_tree *t, const struct ui_widget *list, const char *id)
{
	int last = list->bounds.y1;

	if (oracle_list_has_room(t, id))
		return true;
	for (const struct ui_widget *p = list; p; p = p->parent)
		if (p->scrollable)
			return false;
	for (size_t c = 0; c < list->n_children; c++)
		if (list->children[c]->bounds.y2 > last)
			last = list->children[c]->bounds.y2;
	return last <= list->bounds.y2 && last <= t->screen.y2;
}

/* The one list of t outside lists, visible and not under a layer; NULL when none or several. */
static const struct ui_widget *only_list(const struct ui_tree *t)
{
	const struct ui_widget *list = NULL;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!oracle_is_list(w) || inside_list(w) || !ui_widget_visible(w, &t->screen) ||
		    oracle_hidden_under_layer(t, w))
			continue;
		if (list)
			return NULL;
		list = w;
	}
	return list;
}

/* Whether a visible text of t outside its lists says the page is still being filled (loading, refreshing...). */
static bool says_loading(const struct ui_tree *t)
{
	static const char *const busy[] = { "loading", "refreshing", "syncing", "updating", "fetching", NULL };

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];

		if (inside_list(w) || !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), ui_widget_label(w));
		if (oracle_has_word(low, busy))
			return true;
	}
	return false;
}

/*
 * The rows of page `after` that a count of `noun` counts: its one list,
 * shown whole, 2+ rows all of one shape, none a heading, footer, folder or
 * counted container, nothing selected or checked outside it (no tab or
 * chip filters it), no spinner or loading text. -1 when the page does not
 * say.
 */
static long counted_rows(const struct ui_tree *after, const struct ui_widget **out)
{
	const struct ui_widget *list = only_list(after);
	char id[512];
	uint64_t shape = 0;
	long rows = 0;

	if (!list || oracle_loading_spinner(after) || says_loading(after))
		return -1;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];

		if ((w->selected || (w->checkable && w->checked)) && !inside_list(w) && w != list &&
		    ui_widget_visible(w, &after->screen) && !oracle_hidden_under_layer(after, w))
			return -1;
	}
	list_id(list, id, sizeof(id));
	if (!list_whole(after, list, id))
		return -1;
	for (size_t c = 0; c < list->n_children; c++) {
		const struct ui_widget *row = list->children[c];
		uint64_t h = row_shape(1469598103934665603ULL, row);

		if (!ui_widget_visible(row, &after->screen))
			continue;
		if ((rows++ && h != shape) || row_not_a_thing(row))
			return -1;
		shape = h;
	}
	*out = list;
	return rows;
}

/* The tapped row of `done` on before: its list row, else the clickable widget tapped. */
static const struct ui_widget *tapped_row(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w = action_resolve(done, before), *row;

	if (!w || w->checkable)
		return NULL;
	row = oracle_enclosing_row(w);
	if (row)
		return row;
	while (w && !w->clickable)
		w = w->parent;
	return w;
}

/*
 * The first opening: `done` tapped a row whose texts hold one count "N
 * nouns" (N 1+) and opened a page titled with the row's first text, a
 * title that names the noun ("Recently closed tabs" for "3 tabs"), whose
 * list of the noun's things (counted_rows) holds 2+ rows, not N. True with *f.
 */
static bool judge_opening(const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct ui_widget *row, *list = NULL;
	const char *title, *title_before;
	struct rowcount_lines l;
	char noun[32], rlist[512];
	long v = 0, rows;
	int at;

	if (!s->before || !s->done || s->done->type != ACTION_CLICK || oracle_screen_has_layer(s->before) ||
	    oracle_is_delete_action(s->before, s->done) || adds(s->before, s->done))
		return false;
	row = tapped_row(s->before, s->done);
	if (!row)
		return false;
	read_lines(row, &l);
	at = l.n >= 2 ? lines_count(&l, &v, noun, sizeof(noun)) : -1;
	if (at < 0 || v < 1)
		return false;
	title = oracle_app_bar_title(s->after);
	title_before = oracle_app_bar_title(s->before);
	if (!title || strcmp(title, l.line[0]) != 0 || (title_before && !strcmp(title_before, title)) ||
	    !title_names(title, noun))
		return false;
	for (size_t i = 0; i < l.n; i++)
		if (says_subset(l.line[i]))
			return false;
	rows = counted_rows(s->after, &list);
	if (rows < 2 || rows == v)
		return false;
	list_id(list, rlist, sizeof(rlist));
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "rowcount";
	f->title = xasprintf("The count of row '%s' does not match the rows of its page", l.line[0]);
	f->expected = xasprintf("row '%s' counts the %ld %ss its page '%s' lists", l.line[0], rows, noun, title);
	f->actual = xasprintf("row '%s' says '%s'", l.line[0], l.line[at]);
	f->description = xasprintf("A tap on row '%s' (%s) opened page '%s', whose one list, shown whole, holds "
				   "%ld rows of one kind.",
				   l.line[0], l.line[at], title, rows);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "rowcount_opening");
	cJSON_AddStringToObject(f->diff, "row", l.line[0]);
	cJSON_AddStringToObject(f->diff, "count", l.line[at]);
	cJSON_AddStringToObject(f->diff, "page_list", rlist);
	cJSON_AddNumberToObject(f->diff, "page_rows", (double)rows);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(s->done));
	return true;
}

bool oracle_rowcount_step(struct oracle_rowcount_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f)
{
	const struct action *done = s->done;

	if (done) {
		if ((done->type == ACTION_RESTART && done->clear_data) || done->type == ACTION_DEEP_LINK ||
		    done->type == ACTION_START_ACTIVITY || done->type == ACTION_CHECK) {
			forget_all(t);
			return false;
		}
		if (done->type == ACTION_CLICK && s->before) {
			const struct ui_widget *w = action_resolve(done, s->before);
			bool del = oracle_is_delete_action(s->before, done), add = !del && adds(s->before, done);

			if (w && w->checkable) {
				forget_all(t); /* a switch or a box: a filter or a setting may have changed */
				return false;
			}
			for (size_t i = 0; (del || add) && i < t->n_pairs; i++) {
				struct rowcount_pair *p = &t->pairs[i];
				cJSON **by = del ? &p->deleted_by : &p->added_by;

				p->deleted |= del;
				p->added |= add;
				cJSON_Delete(*by);
				*by = action_to_json(done);
			}
		}
	}
	if (!s->after || !s->after_in_app || oracle_screen_has_layer(s->after))
		return false;
	if (judge_opening(s, f) || rowcount_judge_badge(s, f))
		return true;
	calibrate(t, s);
	follow_page(t, s->after, s->activity_after);
	return judge_rows(t, s->after, s->activity_after, done, f);
}

static void *rowcount_tracker_new(void)
{
	return oracle_rowcount_tracker_new();
}

static void rowcount_tracker_free(void *t)
{
	oracle_rowcount_tracker_free(t);
}

static bool rowcount_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_rowcount_step(t, s, f);
}

const struct oracle_kind oracle_kind_rowcount = {
	.name = "rowcount",
	.config_key = "oracles.rowcount",
	.category = BUG_CAT_CALCULATION,
	.doc = "a count inside a list row (\"Documents | 4 items\") that matched the rows of the page the row opens "
	       "does not move when that page's rows change, or (first opening) a row whose page, titled with the "
	       "count's noun, lists another number of rows",
	.evidence = "the screen before the action, the row's count before and after, the page's rows before and after",
	.flags = 0,
	.tracker_new = rowcount_tracker_new,
	.tracker_free = rowcount_tracker_free,
	.track = rowcount_track,
};
