/*
 * partition.c - oracle 42 "partition": counts per month that add up to
 * more than the whole. A page shows a summary line such as "5 workouts ·
 * 47.6 km · 4 h 24 min" for everything the user has; another page splits
 * the same summary by month - "November 2026" over "5 workouts · ...",
 * "October 2026" over "1 workouts · ..." - and the months' counts add up
 * to more than the whole, though nothing that could add an item happened
 * between the two pages. Months do not overlap, so parts above the whole
 * mean a part counts something that is gone (runtracker
 * `runtracker-month-stats-keep-deleted`, enviroCar #534: statistics by
 * month still count a deleted track).
 *
 * A summary line is a visible text outside lists, fields and controls
 * that begins with a count, "N noun" (1-5 digits, a word of letters that
 * is no unit), read with its shape: the text with every number written as
 * '#' ("# workouts · # km · # h # min"). It is a part when the visible
 * text just before it (document order, the same filter) is a month name,
 * alone or with a year ("November 2026"), or a year alone; a page with two
 * or more parts of one shape is a split. It is a whole when the text just
 * before it names no date (a digit or a month name: "23 - 29 November"
 * over a week's line makes that line a part of something else) and it is the one
 * line of its shape on its page. The tracker keeps the last whole of each
 * shape and whether every step since it was a plain move: Back, Up, a
 * scroll, Home, a relaunch (the replay feeds an oracle's force-stop trip
 * that the run's tracker never saw), a rotation, or a click on a widget that is not checkable whose label names
 * no change (add, save, delete, record, import, undo...). A split of the
 * same shape whose counts add up to more than that whole, all steps since
 * plain, is the finding. Parts that add up to less are not judged (an
 * older month may not be listed), nor is anything after a step that may
 * have changed the data, nor a whole read on a page that filters what it
 * counts without saying so in a date (blind: a whole under a filter chip
 * would be read as the whole).
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
#include "core/xalloc.h"

enum { PART_WHOLES = 8, PART_LINES = 24, PART_SHAPE = 96, PART_REPORTED = 8 };

struct part_whole {
	char shape[PART_SHAPE];
	long n;
	char noun[24];         /* the noun as shown ("workouts") */
	char text[160];        /* the line as shown */
	char page[128];        /* app-bar title or activity of the page it was read on */
	bool plain;            /* every step since it was read was a plain move */
};

struct oracle_partition_tracker {
	struct part_whole wholes[PART_WHOLES]; /* a ring */
	size_t n_wholes;
	uint64_t reported[PART_REPORTED];
	size_t n_reported;
};

/* One summary line of a page. */
struct part_line {
	const struct ui_widget *w;
	long n;
	char noun[24];         /* the noun as shown ("workouts") */
	char shape[PART_SHAPE];
	int heading;           /* 0: none before it; 1: a month or year; 2: another text naming a date */
	char head[64];         /* the heading's text (for a part) */
};

static const char *const month_names[] = { "january", "february", "march",     "april",   "may",      "june",
					   "july",    "august",   "september", "october", "november", "december",
					   NULL };

static const char *const month_abbrevs[] = { "jan", "feb", "mar", "apr", "jun", "jul", "aug",
					     "sep", "sept", "oct", "nov", "dec", NULL };

/* Words that make the number a measure ("5 min ago"), not a count of things. */
static const char *const unit_words[] = { "s", "sec", "min", "mins", "h", "hr", "hrs", "km", "mi", "m", "ft", "kg",
					  "g", "lb", "lbs", "oz", "l", "ml", "kb", "mb", "gb", "x", "am", "pm",
					  NULL };

/* Words of a tap that may add, remove or change what a summary counts. */
static const char *const change_words[] = {
	"add", "save", "delete", "remove", "update", "sync", "refresh", "reload", "clear", "archive", "unarchive",
	"undo", "redo", "done", "ok", "apply", "confirm", "reset", "move", "restore", "import", "export", "send",
	"finish", "complete", "start", "stop", "record", "resume", "pause", "empty", "install", "download",
	"create", "new", "edit", "copy", "duplicate", "merge", "split", "discard", "yes", "keep", "upload",
	"log", "track", "submit", "join", "buy", "purchase", "+", NULL
};

struct oracle_partition_tracker *oracle_partition_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_partition_tracker));
}

void oracle_partition_tracker_free(struct oracle_partition_tracker *t)
{
	free(t);
}

/* Whether the whole text is a month name with an optional year, or a year alone. */
static bool is_month_heading(const char *text)
{
	char low[64], *sp;
	size_t n = strlen(text);

	if (n == 0 || n >= sizeof(low))
		return false;
	oracle_lower_into(low, sizeof(low), text);
	if (n == 4 && isdigit((unsigned char)low[0]) && isdigit((unsigned char)low[1]) &&
	    isdigit((unsigned char)low[2]) && isdigit((unsigned char)low[3]))
		return (low[0] == '1' && low[1] == '9') || (low[0] == '2' && low[1] == '0');
	sp = strchr(low, ' ');
	if (sp) {
		if (strlen(sp + 1) != 4 || !isdigit((unsigned char)sp[1]) || !isdigit((unsigned char)sp[2]) ||
		    !isdigit((unsigned char)sp[3]) || !isdigit((unsigned char)sp[4]))
			return false;
		*sp = '\0';
	}
	for (size_t i = 0; month_names[i]; i++)
		if (!strcmp(low, month_names[i]))
			return true;
	return false;
}

/* Whether the text names a date: a digit, or a month's name or abbreviation as a word. */
static bool names_date(const char *text)
{
	char low[256];

	for (const char *p = text; *p; p++)
		if (isdigit((unsigned char)*p))
			return true;
	oracle_lower_into(low, sizeof(low), text);
	return oracle_has_whole_word(low, month_names) || oracle_has_whole_word(low, month_abbrevs);
}

/*
 * Reads w's text as a summary line into *l: "N noun..." with N of 1-5
 * digits and the noun a word of letters that is no unit; l->shape is the
 * text with each number as '#'. False for anything else.
 */
static bool read_line(const struct ui_widget *w, struct part_line *l)
{
	const char *s = w->text;
	size_t i = 0, k = 0, digits = 0;
	char noun[24];
	size_t nn = 0;

	l->n = 0;
	while (isdigit((unsigned char)s[i]) && digits < 6) {
		l->n = l->n * 10 + (s[i] - '0');
		i++;
		digits++;
	}
	if (!digits || digits > 5 || s[i] != ' ')
		return false;
	while (isalpha((unsigned char)s[i + 1 + nn]) && nn + 1 < sizeof(noun)) {
		l->noun[nn] = s[i + 1 + nn];
		noun[nn] = (char)tolower((unsigned char)s[i + 1 + nn]);
		nn++;
	}
	noun[nn] = '\0';
	l->noun[nn] = '\0';
	if (nn < 2 || isalpha((unsigned char)s[i + 1 + nn]))
		return false;
	for (size_t u = 0; unit_words[u]; u++)
		if (!strcmp(noun, unit_words[u]))
			return false;
	if (oracle_measure_noun(noun))
		return false;
	if (nn > 2 && noun[nn - 1] == 's') {
		noun[nn - 1] = '\0'; /* "days" as "day" */
		if (oracle_measure_noun(noun))
			return false;
	}
	for (const char *p = s; *p && k + 1 < sizeof(l->shape);) {
		if (isdigit((unsigned char)*p)) {
			l->shape[k++] = '#';
			while (isdigit((unsigned char)*p) ||
			       ((*p == '.' || *p == ',') && isdigit((unsigned char)p[1]) && p > s &&
				isdigit((unsigned char)p[-1])))
				p++;
		} else {
			l->shape[k++] = *p++;
		}
	}
	l->shape[k] = '\0';
	return true;
}

/* The summary lines of t in document order, each with what the text before it names. */
static size_t read_lines(const struct ui_tree *t, struct part_line *out)
{
	size_t n = 0;
	const char *prev = NULL;

	for (size_t i = 0; i < t->n_nodes && n < PART_LINES; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->text[0] || strlen(w->text) > 200 || !ui_widget_visible(w, &t->screen) ||
		    ui_widget_in_list(w) || strstr(w->class_name, "EditText") || oracle_in_control(w))
			continue;
		if (read_line(w, &out[n])) {
			out[n].w = w;
			out[n].heading = !prev ? 0 : is_month_heading(prev) ? 1 : names_date(prev) ? 2 : 0;
			oracle_trim_into(out[n].head, sizeof(out[n].head), prev && out[n].heading == 1 ? prev : "");
			n++;
		}
		prev = w->text;
	}
	return n;
}

/*
 * Whether done is a plain move: Back, Up, a scroll, Home, a relaunch or a
 * rotation, or a click on no checkable whose label names no change.
 */
static bool plain_move(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w;
	char label[256], low[256], *save, *tok;

	switch (done->type) {
	case ACTION_BACK:
	case ACTION_SCROLL:
	case ACTION_HOME:
	case ACTION_RESTART:
	case ACTION_ROTATE:
	case ACTION_START_ACTIVITY:
	case ACTION_WAIT:
		return true; /* nothing typed or tapped: what the app stores stays */
	default:
		break;
	}
	if (oracle_is_up_action(done))
		return true;
	if (done->type != ACTION_CLICK)
		return false;
	w = action_resolve(done, before);
	if (!w || w->checkable)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	oracle_lower_into(low, sizeof(low), label);
	for (tok = strtok_r(low, " \t\n.,:;!?()/", &save); tok; tok = strtok_r(NULL, " \t\n.,:;!?()/", &save))
		for (size_t i = 0; change_words[i]; i++)
			if (!strcmp(tok, change_words[i]))
				return false;
	return true;
}

static struct part_whole *whole_of(struct oracle_partition_tracker *t, const char *shape)
{
	for (size_t i = 0; i < t->n_wholes && i < PART_WHOLES; i++)
		if (!strcmp(t->wholes[i].shape, shape))
			return &t->wholes[i];
	return NULL;
}

static void fill(struct oracle_finding *f, const struct part_line *parts, size_t n_parts, long sum,
		 const struct part_whole *wh, const char *page)
{
	char list[512];
	size_t k = 0;
	cJSON *arr = cJSON_CreateArray();

	list[0] = '\0';
	for (size_t i = 0; i < n_parts; i++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "heading", parts[i].head);
		cJSON_AddStringToObject(o, "text", parts[i].w->text);
		cJSON_AddNumberToObject(o, "count", (double)parts[i].n);
		cJSON_AddItemToArray(arr, o);
		if (k < sizeof(list))
			k += (size_t)snprintf(list + k, sizeof(list) - k, "%s%s %ld", i ? " + " : "", parts[i].head,
					      parts[i].n);
	}
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "partition";
	/* The title counts in the app's own noun ("6 workouts"). */
	f->title = xasprintf("'%s' splits %ld %s by month where '%s' counts %ld", page, sum, wh->noun, wh->page,
			     wh->n);
	f->expected = xasprintf("the months add up to at most the %ld that '%s' shows in all", wh->n, wh->page);
	f->actual = xasprintf("%s = %ld", list, sum);
	f->description = xasprintf("'%s' showed '%s' for everything; after only moves between pages, '%s' splits "
				   "the same summary by month as %s = %ld. Months do not overlap, so a month "
				   "counts something that is not there.",
				   wh->page, wh->text, page, list, sum);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "parts_over_whole");
	cJSON_AddStringToObject(f->diff, "shape", wh->shape);
	cJSON_AddNumberToObject(f->diff, "whole", (double)wh->n);
	cJSON_AddStringToObject(f->diff, "whole_text", wh->text);
	cJSON_AddStringToObject(f->diff, "whole_page", wh->page);
	cJSON_AddNumberToObject(f->diff, "sum", (double)sum);
	cJSON_AddItemToObject(f->diff, "parts", arr);
	{
		char *subject = xasprintf("parts over whole: %s %s", page, wh->shape);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

bool oracle_partition_step(struct oracle_partition_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	struct part_line lines[PART_LINES];
	size_t n, i;
	const char *title;
	char page[128];
	bool hit = false;

	if (!s->done || !s->before || !s->after || !s->after_in_app) {
		t->n_wholes = 0;
		return false;
	}
	if (!plain_move(s->before, s->done))
		for (i = 0; i < t->n_wholes && i < PART_WHOLES; i++)
			t->wholes[i].plain = false;
	if (oracle_screen_has_layer(s->after))
		return false;
	title = oracle_app_bar_title(s->after);
	snprintf(page, sizeof(page), "%s", title && *title ? title : s->activity_after ? s->activity_after : "");
	n = read_lines(s->after, lines);
	for (i = 0; i < n; i++) {
		struct part_line parts[PART_LINES];
		size_t n_parts = 0, same = 0;
		long sum = 0;
		struct part_whole *wh;
		bool first = true;

		for (size_t j = 0; j < i; j++)
			first &= strcmp(lines[j].shape, lines[i].shape) != 0;
		if (!first)
			continue; /* judged at its first line */
		for (size_t j = i; j < n; j++) {
			if (strcmp(lines[j].shape, lines[i].shape))
				continue;
			same++;
			if (lines[j].heading == 1) {
				parts[n_parts++] = lines[j];
				sum += lines[j].n;
			}
		}
		if (same >= 2 && n_parts == same && n_parts >= 2) {
			wh = whole_of(t, lines[i].shape);
			if (!hit && wh && wh->plain && sum > wh->n) {
				uint64_t key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, page), wh->shape);
				bool seen = false;

				for (size_t r = 0; r < t->n_reported && r < PART_REPORTED; r++)
					seen |= t->reported[r] == key;
				if (!seen) {
					t->reported[t->n_reported++ % PART_REPORTED] = key;
					fill(f, parts, n_parts, sum, wh, page);
					hit = true;
				}
			}
		} else if (same == 1 && lines[i].heading == 0) {
			wh = whole_of(t, lines[i].shape);
			if (!wh)
				wh = &t->wholes[t->n_wholes++ % PART_WHOLES];
			snprintf(wh->shape, sizeof(wh->shape), "%s", lines[i].shape);
			wh->n = lines[i].n;
			snprintf(wh->noun, sizeof(wh->noun), "%s", lines[i].noun);
			snprintf(wh->text, sizeof(wh->text), "%s", lines[i].w->text);
			snprintf(wh->page, sizeof(wh->page), "%s", page);
			wh->plain = true;
		}
	}
	return hit;
}

static void *partition_tracker_new(void)
{
	return oracle_partition_tracker_new();
}

static void partition_tracker_free(void *t)
{
	oracle_partition_tracker_free(t);
}

static bool partition_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_partition_step(t, s, f);
}

const struct oracle_kind oracle_kind_partition = {
	.name = "partition",
	.config_key = "oracles.partition",
	.category = BUG_CAT_CALCULATION,
	.doc = "counts split by month (a month heading over each summary line) that add up to more than the one "
	       "summary line of the same shape another page showed for everything, with only moves between",
	.evidence = "the whole's page and count, each month's line and count, their sum",
	.flags = 0,
	.tracker_new = partition_tracker_new,
	.tracker_free = partition_tracker_free,
	.track = partition_track,
};
