/*
 * search.c - oracle 35 "search": a search for an item the app listed that
 * says it found nothing (passwords, KeePassDX #403: a search for a title
 * that an entry of a sub-group holds answers "No results").
 *
 * A tracker. Every in-app screen without a dialog adds the names its lists
 * show: texts of list rows whose resource-id names a title or a name
 * ("sg_entry_row_title", "app_name"), 3 to 80 bytes, not fields (a row's
 * subtitle, date or amount is none), and not in a list of past versions,
 * the trash, recent searches or a log (their ids say history, trash, bin,
 * deleted, version, recent, log, suggest, archive), nor of licences,
 * libraries or credits (lic_, licen, credit, librar, contributor,
 * translator, acknowledg): a search rightly leaves those out. A delete forgets the names the
 * screen it was pressed on shows (the item's page, "Delete Visa Debit?",
 * a list row's swipe), text typed over a field that held a name forgets
 * it (the item renamed on its edit form), a Save forgets the names the
 * latest three screens showed (an edit form that Back reopened over
 * another item's page saves into that item: passwords seed 5, session
 * 49), and a restart that clears the app's data forgets them all: the
 * item may be gone or renamed.
 *
 * A step is judged when its screen shows a search field (oracle_is_search_field)
 * holding a query of 3+ characters and, outside fields, a text that says
 * the search found nothing ("No results", "No matches", "Nothing found",
 * "0 results"...), and the step ran the search: a click (the Search
 * button) or Enter, after which the screen's texts changed (text typed is
 * not enough: the answer on the screen may be the last search's, or the
 * page's empty state before any). A remembered name that holds the
 * query at the start of one of its words, and that the screen does not
 * show, contradicts the answer.
 *
 * Not judged: a search whose screen shows no field (a results page of its
 * own), a list filtered as the query is typed, a name read from a list
 * the search's placeholder leaves out when it lists what it searches
 * ("Title, speaker, track or room": a building's name), a query shorter than three
 * characters, names read outside lists or
 * from rows without a title/name id, items a delete may have removed, and
 * a search scoped on purpose (the query's words must be an item's title,
 * not its folder's).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/ui.h"
#include "core/xalloc.h"

#define SEARCH_NAMES 96
#define SEARCH_NAME_MAX 81
#define SEARCH_QUERY_MIN 3
#define SEARCH_RECENT 3          /* screens whose texts a Save may have renamed */
#define SEARCH_RECENT_BYTES 4096
#define SEARCH_FIELDS 8

struct oracle_search_tracker {
	char names[SEARCH_NAMES][SEARCH_NAME_MAX]; /* a ring of names lists showed */
	char rids[SEARCH_NAMES][SEARCH_NAME_MAX];  /* the resource-id tail each name was read from */
	size_t n;
	/* The first text seen in each search field (its placeholder in dumps without hints): a ring. */
	char field_rid[SEARCH_FIELDS][SEARCH_NAME_MAX];
	char field_first[SEARCH_FIELDS][SEARCH_NAME_MAX];
	size_t n_fields;
	char recent[SEARCH_RECENT][SEARCH_RECENT_BYTES]; /* the visible texts of the latest screens, a ring */
	size_t n_recent;
};

struct oracle_search_tracker *oracle_search_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_search_tracker));
}

void oracle_search_tracker_free(struct oracle_search_tracker *t)
{
	free(t);
}

/* Whether `name` is remembered. */
static bool known(const struct oracle_search_tracker *t, const char *name)
{
	size_t n = t->n < SEARCH_NAMES ? t->n : SEARCH_NAMES;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(t->names[i], name))
			return true;
	return false;
}

/*
 * Whether a resource-id names a list of what is no longer, or not yet, an
 * item a search covers: past versions, the trash, recent searches, a log;
 * or of what is aside from the app's content: the open-source licences,
 * libraries and credits of an About page (confsched, session 42: the
 * licence "Kotlin coroutines", then a search for "kotlin" among the
 * conference's events, rightly empty).
 */
static bool past_or_aside(const char *rid)
{
	static const char *const words[] = { "history", "trash", "bin", "deleted", "version", "recent", "log",
					     "suggest", "archive", "lic_", "licen", "credit", "librar", "contributor",
					     "translator", "acknowledg", NULL };

	for (size_t k = 0; words[k]; k++)
		if (strcasestr(rid, words[k]))
			return true;
	return false;
}

/* Remember the names a's list rows show (resource-id naming a title or a name; not past versions or the trash). */
static void read_names(struct oracle_search_tracker *t, const struct ui_tree *a)
{
	for (size_t i = 0; i < a->n_nodes; i++) {
		const struct ui_widget *w = a->nodes[i];
		const char *tail = strrchr(w->resource_id, '/');
		const struct ui_widget *row;
		size_t len = strlen(w->text);

		if (len < SEARCH_QUERY_MIN || len >= SEARCH_NAME_MAX || !tail || ui_class_is_editable(w->class_name) ||
		    (!strcasestr(tail, "title") && !strcasestr(tail, "name")) || !(row = oracle_enclosing_row(w)) ||
		    past_or_aside(tail) || past_or_aside(row->resource_id) ||
		    (row->parent && past_or_aside(row->parent->resource_id)) || !ui_widget_visible(w, &a->screen) ||
		    known(t, w->text))
			continue;
		snprintf(t->rids[t->n % SEARCH_NAMES], SEARCH_NAME_MAX, "%s", tail + 1);
		snprintf(t->names[t->n++ % SEARCH_NAMES], SEARCH_NAME_MAX, "%s", w->text);
	}
}

/* Whether a visible text of t holds `name`. */
static bool shows(const struct ui_tree *t, const char *name)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (*t->nodes[i]->text && strstr(t->nodes[i]->text, name) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Forget the names `gone` says are gone (ctx: what it reads). */
static void forget_where(struct oracle_search_tracker *t, bool (*gone)(const char *name, const void *ctx),
			 const void *ctx)
{
	size_t n = t->n < SEARCH_NAMES ? t->n : SEARCH_NAMES, kept = 0;

	for (size_t i = 0; i < n; i++)
		if (!gone(t->names[i], ctx)) {
			memmove(t->rids[kept], t->rids[i], SEARCH_NAME_MAX);
			memmove(t->names[kept++], t->names[i], SEARCH_NAME_MAX);
		}
	t->n = kept;
}

/* A delete pressed on a screen: its names may be gone (the item's page, "Delete Visa Debit?", its list). */
static bool shown_on(const char *name, const void *screen)
{
	return shows(screen, name);
}

/* Text typed over a field that held a name: the item may be renamed on its edit form. */
static bool held_by(const char *name, const void *was)
{
	return strstr(was, name) != NULL;
}

/* Whether a recent screen (a ring of texts) showed `name`. */
static bool shown_recently(const char *name, const void *tracker)
{
	const struct oracle_search_tracker *t = tracker;

	for (size_t i = 0; i < SEARCH_RECENT && i < t->n_recent; i++)
		if (strstr(t->recent[i], name))
			return true;
	return false;
}

/* Keep the visible texts of a (newline-separated, cut at the ring's size) as the newest recent screen. */
static void remember_recent(struct oracle_search_tracker *t, const struct ui_tree *a)
{
	char *buf = t->recent[t->n_recent++ % SEARCH_RECENT];
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < a->n_nodes && len + 2 < SEARCH_RECENT_BYTES; i++) {
		const struct ui_widget *w = a->nodes[i];
		int k;

		if (!*w->text || !ui_widget_visible(w, &a->screen))
			continue;
		k = snprintf(buf + len, SEARCH_RECENT_BYTES - len, "%s\n", w->text);
		if (k < 0)
			break;
		len += (size_t)k;
		if (len >= SEARCH_RECENT_BYTES)
			len = SEARCH_RECENT_BYTES - 1; /* cut: snprintf kept what fitted */
	}
}

/*
 * Whether `done` saves a form (its label begins with Save or Apply, on a
 * screen offering one): which item it writes is not always the one the
 * form was opened for (an edit form reopened by Back over another item's
 * page saves into that item).
 */
static bool saves(const struct ui_tree *before, const struct action *done)
{
	static const char *const commit[] = { "save", "apply", NULL };
	const struct ui_widget *w;

	if (done->type != ACTION_CLICK || !oracle_offers_commit(before) || !(w = action_resolve(done, before)))
		return false;
	return oracle_label_begins_with(ui_widget_label(w), commit);
}

/* Whether s (a whole text) says a search found nothing. */
static bool says_nothing_found(const char *s)
{
	static const char *const nothing[] = { "no results", "no result", "no matches", "no match",
					       "nothing found", "no entries found", "no items found",
					       "0 results", "no search results", NULL };

	while (isspace((unsigned char)*s))
		s++;
	for (size_t k = 0; nothing[k]; k++) {
		size_t n = strlen(nothing[k]);

		if (!strncasecmp(s, nothing[k], n) && !isalnum((unsigned char)s[n]))
			return true;
	}
	return false;
}

/* The visible text of t outside fields that says nothing was found, or NULL. */
static const struct ui_widget *nothing_found(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen) &&
		    says_nothing_found(w->text))
			return w;
	}
	return NULL;
}

/* The visible search field of t holding a query (not its hint), or NULL. */
static const struct ui_widget *search_field(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (ui_class_is_editable(w->class_name) && oracle_is_search_field(w) && *w->text &&
		    strcmp(w->text, w->hint) != 0 && ui_widget_visible(w, &t->screen))
			return w;
	}
	return NULL;
}

/* Whether some word of `name` starts with `query` (case ignored). */
static bool word_starts_with(const char *name, const char *query, size_t qlen)
{
	for (const char *p = name; *p; p++)
		if ((p == name || !isalnum((unsigned char)p[-1])) && !strncasecmp(p, query, qlen))
			return true;
	return false;
}

/* Remember the text of each search field of a seen for the first time (its placeholder when empty). */
static void note_fields(struct oracle_search_tracker *t, const struct ui_tree *a)
{
	for (size_t i = 0; i < a->n_nodes; i++) {
		const struct ui_widget *w = a->nodes[i];
		bool known = false;

		if (!ui_class_is_editable(w->class_name) || !*w->resource_id || !oracle_is_search_field(w) ||
		    !ui_widget_visible(w, &a->screen))
			continue;
		for (size_t k = 0; k < t->n_fields && k < SEARCH_FIELDS && !known; k++)
			known = !strcmp(t->field_rid[k], w->resource_id);
		if (known)
			continue;
		snprintf(t->field_rid[t->n_fields % SEARCH_FIELDS], SEARCH_NAME_MAX, "%s", w->resource_id);
		snprintf(t->field_first[t->n_fields++ % SEARCH_FIELDS], SEARCH_NAME_MAX, "%s",
			 *w->hint ? w->hint : w->text);
	}
}

/*
 * Whether the placeholder of search field w lists what it searches, two
 * words or more between commas, "or" and "and" ("Title, speaker, track or
 * room"), and the resource-id tail rid names none of them (nor their
 * singular): a name read from that list is outside the search's scope
 * (confsched's fixed twin, seed 2, session 64: a building's name, and an
 * event search).
 */
static bool out_of_scope(const struct oracle_search_tracker *t, const struct ui_widget *w, const char *rid)
{
	const char *first = NULL;
	char low[SEARCH_NAME_MAX], rlow[SEARCH_NAME_MAX];
	size_t words = 0;
	bool named = false;

	for (size_t k = 0; k < t->n_fields && k < SEARCH_FIELDS && !first; k++)
		if (!strcmp(t->field_rid[k], w->resource_id))
			first = t->field_first[k];
	if (!first || (!strchr(first, ',') && !strstr(first, " or ")))
		return false;
	oracle_lower_into(low, sizeof(low), first);
	oracle_lower_into(rlow, sizeof(rlow), rid);
	for (char *tok = strtok(low, ", /"); tok; tok = strtok(NULL, ", /")) {
		size_t n = strlen(tok);
		char stem[SEARCH_NAME_MAX];

		if (n < 3 || !strcmp(tok, "and") || !strcmp(tok, "for") || !strcmp(tok, "the"))
			continue;
		words++;
		snprintf(stem, sizeof(stem), "%.*s", (int)(n > 3 && tok[n - 1] == 's' ? n - 1 : n), tok);
		if (strstr(rlow, stem))
			named = true;
	}
	return words >= 2 && !named;
}

bool oracle_search_step(struct oracle_search_tracker *t, const struct oracle_tracked_step *s,
			struct oracle_finding *f)
{
	const struct ui_tree *a = s->after, *b = s->before;
	const struct action *d = s->done;
	const struct ui_widget *field, *said;
	char query[SEARCH_NAME_MAX];
	size_t qlen;

	if (d && d->type == ACTION_RESTART && d->clear_data)
		t->n = 0;
	if (d && b && oracle_is_delete_action(b, d))
		forget_where(t, shown_on, b);
	if (d && d->type == ACTION_INPUT && d->widget_text && *d->widget_text)
		forget_where(t, held_by, d->widget_text);
	if (d && b && saves(b, d))
		forget_where(t, shown_recently, t);
	if (a) {
		remember_recent(t, a);
		note_fields(t, a);
	}
	if (!a || !s->after_in_app || oracle_screen_has_layer(a))
		return false;
	field = search_field(a);
	said = field ? nothing_found(a) : NULL;
	if (!said || !b || !d || !(d->type == ACTION_CLICK || d->type == ACTION_ENTER) ||
	    ui_sig_text(b, NULL) == ui_sig_text(a, NULL)) { /* the search ran and answered: the screen changed */
		read_names(t, a);
		return false;
	}
	{
		const char *q = field->text;
		size_t n;

		while (isspace((unsigned char)*q))
			q++;
		n = strlen(q);
		while (n && isspace((unsigned char)q[n - 1]))
			n--;
		if (n < SEARCH_QUERY_MIN || n >= sizeof(query))
			return false;
		memcpy(query, q, n);
		query[n] = '\0';
		qlen = n;
	}
	for (size_t i = 0; i < t->n && i < SEARCH_NAMES; i++) {
		const char *name = t->names[i];

		if (!word_starts_with(name, query, qlen) || shows(a, name) || out_of_scope(t, field, t->rids[i]))
			continue;
		oracle_finding_init(f);
		f->oracle = "search";
		f->category = BUG_CAT_DATA_OPERATION;
		f->title = xstrdup("A search for an item the app listed finds nothing");
		f->expected = xasprintf("'%s' among the results for \"%s\"", name, query);
		f->actual = xasprintf("the screen says '%s'", said->text);
		f->description = xasprintf("A list of the app showed '%s'; a search for \"%s\" (%s) answers '%s' "
					   "and shows no such item.",
					   name, query, s->activity_after ? s->activity_after : "?", said->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "search_nothing_found");
		cJSON_AddStringToObject(f->diff, "query", query);
		cJSON_AddStringToObject(f->diff, "item", name);
		cJSON_AddStringToObject(f->diff, "said", said->text);
		cJSON_AddItemToObject(f->diff, "field", oracle_widget_json(field));
		{
			/* One bug whichever query: the subject names the search's activity. */
			char *subject = xasprintf("search finds nothing on %s", s->activity_after ? s->activity_after : "?");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		return true;
	}
	return false;
}

static void *search_tracker_new(void)
{
	return oracle_search_tracker_new();
}

static void search_tracker_free(void *t)
{
	oracle_search_tracker_free(t);
}

static bool search_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_search_step(t, s, f);
}

const struct oracle_kind oracle_kind_search = {
	.name = "search",
	.config_key = "oracles.search",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a search for an item the app's lists showed (a word of its title) that answers 'No results'",
	.evidence = "the screen after the search, its query and answer, the item's name as a list showed it",
	.flags = 0,
	.tracker_new = search_tracker_new,
	.tracker_free = search_tracker_free,
	.track = search_track,
};
