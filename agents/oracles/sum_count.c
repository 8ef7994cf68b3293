/*
 * sum_count.c - oracle 53 "sum_count": an "All <things> (N)" line above a
 * list of those things, each row with its own count ("Ars Technica 2",
 * "xkcd 1"), that stops being the sum of the rows' counts (feeds
 * `feeds-all-count-keeps-read`, Feeder #712: an article read lowers its
 * feed's unread count, and "All feeds (7)" keeps counting it until the
 * app restarts). One screen shows both numbers, so the check is Genie's
 * independent views on a single page.
 *
 * A tracker, because the relation is learnt before it is judged. The
 * total is a visible text outside any list, "All <words> (N)"; its noun is
 * the last word ("feeds", read without a final 's'). The list it sums is a
 * visible list named by that noun: its resource-id holds the noun
 * ("feed_list"), or the nearest text before it outside any list is the
 * noun ("Feeds"); the Tags list beside it sums something else. Each row of
 * the list in view adds its one bare number (1-5 digits; none counts 0; a
 * row with two makes the list unread); two rows or more, one count or
 * more. A sighting whose sum equals N calibrates the pair (the activity,
 * the total's and the list's resource-ids) with the rows in view (their
 * first texts). A later sighting with exactly those rows and a sum other
 * than N is the finding: nothing on the page can explain it, not a row
 * scrolled away, added or deleted (a feed added gives other rows, and the
 * pair calibrates again once the sum is right). Not judged under a dialog
 * or while a progress bar shows. One report per pair.
 *
 * Blind: a total with its number in another text ("All feeds" beside
 * "7"), lists not named by the total's noun, a list longer than the
 * screen (its rows in view change as it scrolls), and a total that never
 * agreed with its rows while the run watched.
 */
#include <ctype.h>
#include <stdint.h>
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

enum { SC_PAIRS = 16, SC_NOUN = 32 };

/* A total and the list it was seen summing. */
struct sc_pair {
	uint64_t key;       /* activity, total's and list's resource-ids */
	uint64_t rows;      /* the rows in view when it was calibrated (first texts, order-free) */
	bool reported;
};

struct oracle_sum_count_tracker {
	struct sc_pair pairs[SC_PAIRS];
	size_t n, next;
};

struct oracle_sum_count_tracker *oracle_sum_count_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_sum_count_tracker));
}

void oracle_sum_count_tracker_free(struct oracle_sum_count_tracker *t)
{
	free(t);
}

/* "All <words> (N)": N, and the last word lowered without a final 's' in noun. -1 when not. */
static long total_of(const char *text, char *noun, size_t size)
{
	size_t len = strlen(text), k = 0, e;
	const char *open, *w;
	long n = 0;

	if (len < 9 || len > 80 || strncmp(text, "All ", 4) || text[len - 1] != ')')
		return -1;
	open = strrchr(text, '(');
	if (!open || open < text + 5 || open[-1] != ' ')
		return -1;
	for (const char *p = open + 1; p < text + len - 1; p++) {
		if (!isdigit((unsigned char)*p) || p - open > 5)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (open + 1 == text + len - 1)
		return -1;
	e = (size_t)(open - 1 - text); /* the space before '(' */
	w = text + e;
	while (w > text && w[-1] != ' ')
		w--;
	for (const char *p = w; p < text + e && k + 1 < size; p++) {
		if (!isalpha((unsigned char)*p))
			return -1;
		noun[k++] = (char)tolower((unsigned char)*p);
	}
	if (k > 3 && noun[k - 1] == 's')
		k--;
	noun[k] = '\0';
	return k >= 3 ? n : -1;
}

/* Whether the lowered word w is the noun, with or without a final 's'. */
static bool is_noun(const char *text, const char *noun)
{
	size_t n = strlen(noun), l = strlen(text);

	return (l == n || (l == n + 1 && tolower((unsigned char)text[n]) == 's')) && !strncasecmp(text, noun, n);
}

/* Whether list L of t is named by the noun: its resource-id holds it, or the text before it is it. */
static bool list_named(const struct ui_tree *t, const struct ui_widget *L, const char *noun)
{
	const char *id = strrchr(L->resource_id, '/');
	char low[128];

	oracle_lower_into(low, sizeof(low), id ? id + 1 : L->resource_id);
	if (*noun && strstr(low, noun))
		return true;
	for (size_t i = L->order; i-- > 0;) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->text[0] || !ui_widget_visible(w, &t->screen) || ui_widget_in_list(w))
			continue;
		return is_noun(w->text, noun);
	}
	return false;
}

/* Whether s is a bare count: 1-5 digits and nothing else. */
static bool bare_count(const char *s, long *n)
{
	size_t k = 0;

	*n = 0;
	while (isdigit((unsigned char)s[k]) && k < 6)
		*n = *n * 10 + (s[k++] - '0');
	return k >= 1 && k <= 5 && !s[k];
}

/*
 * The sum of the counts of L's rows in view into *sum, their first texts
 * hashed order-free into *rows. False when the list cannot be read: fewer
 * than two rows, no count, a row with two.
 */
static bool list_sum(const struct ui_tree *t, const struct ui_widget *L, long *sum, uint64_t *rows)
{
	size_t n_rows = 0, n_counts = 0;

	*sum = 0;
	*rows = 0;
	for (size_t k = 0; k < L->n_children; k++) {
		const struct ui_widget *row = L->children[k];
		size_t in_row = 0;

		if (!ui_widget_visible(row, &t->screen))
			continue;
		for (size_t i = row->order + 1, end = ui_subtree_end(t, row); i < end; i++) {
			const struct ui_widget *w = t->nodes[i];
			long n;

			if (ui_widget_visible(w, &t->screen) && bare_count(w->text, &n)) {
				if (++in_row > 1)
					return false;
				*sum += n;
			}
		}
		n_counts += in_row;
		*rows += oracle_hash_str(0x9e3779b97f4a7c15ULL, oracle_first_text(row)); /* order-free */
		n_rows++;
	}
	return n_rows >= 2 && n_counts >= 1;
}

static bool busy(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (strstr(t->nodes[i]->class_name, "ProgressBar") && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

static struct sc_pair *pair_of(struct oracle_sum_count_tracker *t, uint64_t key, bool add)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->pairs[i].key == key)
			return &t->pairs[i];
	if (!add)
		return NULL;
	if (t->n < SC_PAIRS) {
		t->pairs[t->n].key = key;
		return &t->pairs[t->n++];
	}
	{
		struct sc_pair *p = &t->pairs[t->next];

		t->next = (t->next + 1) % SC_PAIRS;
		memset(p, 0, sizeof(*p));
		p->key = key;
		return p;
	}
}

bool oracle_sum_count_step(struct oracle_sum_count_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	const struct ui_tree *a = s->after;

	if (!a || !s->after_in_app || oracle_screen_has_layer(a) || busy(a))
		return false;
	for (size_t i = 0; i < a->n_nodes; i++) {
		const struct ui_widget *tw = a->nodes[i];
		char noun[SC_NOUN];
		long total;

		if (!tw->text[0] || ui_widget_in_list(tw) || !ui_widget_visible(tw, &a->screen) ||
		    (total = total_of(tw->text, noun, sizeof(noun))) < 0)
			continue;
		for (size_t j = 0; j < a->n_nodes; j++) {
			const struct ui_widget *L = a->nodes[j];
			struct sc_pair *p;
			uint64_t key, rows;
			long sum;

			if (!oracle_is_list(L) || !ui_widget_visible(L, &a->screen) || !list_named(a, L, noun) ||
			    !list_sum(a, L, &sum, &rows))
				continue;
			key = oracle_hash_str(oracle_hash_str(oracle_hash_str(0, s->activity_after ? s->activity_after : ""),
							      tw->resource_id),
					      L->resource_id);
			if (sum == total) {
				p = pair_of(t, key, true);
				p->rows = rows;
				continue;
			}
			p = pair_of(t, key, false);
			if (!p || p->reported || p->rows != rows)
				continue;
			p->reported = true;
			oracle_finding_init(f);
			f->oracle = "sum_count";
			f->category = BUG_CAT_CALCULATION;
			/* The title names no number: the counts move with the data. */
			f->title = xasprintf("'%.*s' stops adding up the counts of its list",
					     (int)(strrchr(tw->text, '(') - tw->text - 1), tw->text);
			f->expected = xasprintf("%ld, the sum of the counts the list's rows show (as it was when the run saw "
						"the same rows before)",
						sum);
			f->actual = xasprintf("\"%s\"", tw->text);
			f->description = xasprintf("The page shows \"%s\" above a list of %ss whose rows' counts add up to "
						   "%ld; earlier the same rows added up to the total.",
						   tw->text, noun, sum);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "sum_count");
			{
				char *subject = xasprintf("total '%s' on %s", noun, s->activity_after ? s->activity_after : "");

				cJSON_AddStringToObject(f->diff, "subject", subject);
				free(subject);
			}
			cJSON_AddItemToObject(f->diff, "total", oracle_widget_json(tw));
			cJSON_AddNumberToObject(f->diff, "rows_sum", (double)sum);
			cJSON_AddStringToObject(f->diff, "list", L->resource_id);
			return true;
		}
	}
	return false;
}

static void *sum_count_tracker_new(void)
{
	return oracle_sum_count_tracker_new();
}

static void sum_count_tracker_free(void *t)
{
	oracle_sum_count_tracker_free(t);
}

static bool sum_count_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_sum_count_step(t, s, f);
}

const struct oracle_kind oracle_kind_sum_count = {
	.name = "sum_count",
	.config_key = "oracles.sum_count",
	.category = BUG_CAT_CALCULATION,
	.doc = "an \"All <things> (N)\" total that stops being the sum of the counts of the rows of its list, after "
	       "the run saw the same rows add up to it",
	.evidence = "the page with the total and the list's rows",
	.flags = 0,
	.tracker_new = sum_count_tracker_new,
	.tracker_free = sum_count_tracker_free,
	.track = sum_count_track,
};
