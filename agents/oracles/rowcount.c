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

/* Words that count time or measures, not things a page lists. */
static bool measure_noun(const char *w)
{
	static const char *const no[] = { "day",    "hour",  "min",   "minute", "second", "sec",  "week",
					  "month",  "year",  "time",  "point",  "star",   "step", "calorie",
					  "kcal",   "mile",  "meter", "metre",  "byte",   "page", "percent",
					  "degree", "night", "left",  NULL };

	for (size_t i = 0; no[i]; i++)
		if (!strcmp(w, no[i]))
			return true;
	return false;
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
	if (measure_noun(noun))
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
	       "does not move when that page's rows change",
	.evidence = "the screen before the action, the row's count before and after, the page's rows before and after",
	.flags = 0,
	.tracker_new = rowcount_tracker_new,
	.tracker_free = rowcount_tracker_free,
	.track = rowcount_track,
};
