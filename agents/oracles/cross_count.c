/*
 * cross_count.c - oracle 37 "cross_count": a tap that only moves to another
 * page, where a count of the same things reads another number than the page
 * before gave it (pantry, grocy-android #898: the stock overview says
 * "14 products · 5 not fresh", the Due soon page it opens says "4 products
 * are not fresh" and lists four: the overview counts each expired product
 * twice).
 *
 * A step check of the two screens around a click. The click must change the
 * app-bar title (both pages have one, neither shows a dialog), must not be
 * a checkable widget or a list row (a row opens one folder or category,
 * which counts only its own things), and its label must name no action
 * that changes data (add, delete, mark, sync...): nothing the user did
 * between the two screens may move a count.
 *
 * A count is a part of a visible text - split at "·", ",", ":", ";", "|",
 * "/", brackets and line breaks - that is a whole number of 1-5 digits and
 * then only words of letters ("5 not fresh"), in no list, field or
 * clickable widget (a drawer or tab item counts the page it opens), and
 * whose earlier parts in its text are counts too: "Inbox: 3 unread" names
 * its scope, so it is not read. Its first word must not be a unit (min,
 * days, km...): "5 min ago" moves by itself.
 *
 * Two counts are of the same things when the one with fewer words has two
 * or more and is the tail of the other ("not fresh" and "products are not
 * fresh"), and the two are not worded alike: one page sums up what the
 * other states in full. Counts worded alike on two pages ("3 unread
 * messages" on Inbox and Work) are left alone: pages of one kind count
 * their own scope. Each number is also checked against the other page's
 * counts of the same words: when the after page shows the before page's
 * number too, it is not judged.
 */
#include <ctype.h>
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

enum { CC_MAX = 24, CC_WORDS = 8, CC_WORD_LEN = 24 };

/* One count read on a page: its number, its words (lowered) and the widget it is in. */
struct cc_count {
	long n;
	char words[CC_WORDS][CC_WORD_LEN];
	int n_words;
	const struct ui_widget *w;
};

struct cc_counts {
	struct cc_count c[CC_MAX];
	int n;
};

/* First words that make a number a measure, not a count of things. */
static const char *const unit_words[] = {
	"s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour",
	"hours", "day", "days", "week", "weeks", "month", "months", "year", "years", "am", "pm", "km", "mi",
	"m", "ft", "kg", "g", "lb", "lbs", "oz", "l", "ml", "kb", "mb", "gb", "x", "times", "percent", NULL
};

/* Words of a tap that changes what a count counts. */
static const char *const change_words[] = {
	"add", "save", "delete", "remove", "update", "sync", "refresh", "reload", "clear", "mark", "archive",
	"unarchive", "undo", "redo", "consume", "done", "ok", "apply", "confirm", "reset", "move", "restore",
	"import", "export", "send", "buy", "take", "took", "finish", "complete", "check", "uncheck", "start",
	"stop", "empty", "open", "close", "install", "download", "dismiss", "hide", "show", "skip", "snooze",
	"star", "unstar", "pin", "unpin", "follow", "unfollow", "read", "unread", "new", "create", "edit",
	"copy", "duplicate", "merge", "split", "purchase", "spend", "use", NULL
};

static bool is_one_of(const char *w, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (!strcmp(w, list[i]))
			return true;
	return false;
}

/*
 * Reads the part [s, s+len) as a count into *c: a number of 1-5 digits, a
 * space, then 1 to CC_WORDS words of letters. False for anything else.
 */
static bool parse_count(const char *s, size_t len, struct cc_count *c)
{
	size_t i = 0, digits = 0;

	while (i < len && isspace((unsigned char)s[i]))
		i++;
	while (len > i && isspace((unsigned char)s[len - 1]))
		len--;
	c->n = 0;
	while (i < len && isdigit((unsigned char)s[i]) && digits < 6) {
		c->n = c->n * 10 + (s[i] - '0');
		i++;
		digits++;
	}
	if (!digits || digits > 5 || i >= len || s[i] != ' ')
		return false;
	c->n_words = 0;
	while (i < len) {
		size_t k = 0;

		while (i < len && s[i] == ' ')
			i++;
		if (i >= len)
			break;
		if (c->n_words == CC_WORDS)
			return false;
		while (i < len && s[i] != ' ') {
			if (!isalpha((unsigned char)s[i]) || k + 1 >= CC_WORD_LEN)
				return false;
			c->words[c->n_words][k++] = (char)tolower((unsigned char)s[i]);
			i++;
		}
		c->words[c->n_words][k] = '\0';
		c->n_words++;
	}
	return c->n_words > 0 && !is_one_of(c->words[0], unit_words);
}

/* Whether the part [s, s+len) starts with a digit after its spaces. */
static bool starts_with_digit(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)s[i]))
			return isdigit((unsigned char)s[i]);
	return true; /* an empty part names nothing */
}

/* The separators between the parts of a text. */
static size_t part_len(const char *s)
{
	size_t n = 0;

	while (s[n] && !strchr(",:;|/()[]\n", s[n]) && strncmp(s + n, "\xc2\xb7", 2))
		n++;
	return n;
}

/* Appends the counts of w's text to out, stopping at the first part that names a scope. */
static void read_text(const struct ui_widget *w, struct cc_counts *out)
{
	const char *s = w->text;

	while (*s && out->n < CC_MAX) {
		size_t n = part_len(s);

		if (!starts_with_digit(s, n))
			return;
		if (parse_count(s, n, &out->c[out->n])) {
			out->c[out->n].w = w;
			out->n++;
		}
		s += n;
		if (!strncmp(s, "\xc2\xb7", 2))
			s += 2;
		else if (*s)
			s++;
	}
}

static void read_counts(const struct ui_tree *t, struct cc_counts *out)
{
	out->n = 0;
	for (size_t i = 0; i < t->n_nodes && out->n < CC_MAX; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!w->text[0] || strlen(w->text) > 200 || !ui_widget_visible(w, &t->screen) ||
		    ui_widget_in_list(w) || strstr(w->class_name, "EditText") || oracle_in_control(w))
			continue;
		read_text(w, out);
	}
}

/* Whether the shorter of a and b (2+ words) ends the longer, the two not of one length. */
static bool same_things(const struct cc_count *a, const struct cc_count *b)
{
	const struct cc_count *s = a->n_words < b->n_words ? a : b, *l = s == a ? b : a;

	if (a->n_words == b->n_words || s->n_words < 2)
		return false;
	for (int i = 0; i < s->n_words; i++)
		if (strcmp(s->words[i], l->words[l->n_words - s->n_words + i]))
			return false;
	return true;
}

/* Whether a and b have the same words. */
static bool worded_alike(const struct cc_count *a, const struct cc_count *b)
{
	if (a->n_words != b->n_words)
		return false;
	for (int i = 0; i < a->n_words; i++)
		if (strcmp(a->words[i], b->words[i]))
			return false;
	return true;
}

/* Whether some count of set counts the things of c (worded alike, or as same_things reads them) as n. */
static bool shows_number(const struct cc_counts *set, const struct cc_count *c, long n)
{
	for (int i = 0; i < set->n; i++)
		if (set->c[i].n == n && (worded_alike(&set->c[i], c) || same_things(&set->c[i], c)))
			return true;
	return false;
}

/* Whether done is a plain move: a click, not on a checkable or a list row, whose label names no change. */
static bool plain_move(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w;
	char label[256], *save, *tok;

	if (!done || done->type != ACTION_CLICK)
		return false;
	w = action_resolve(done, before);
	if (!w || w->checkable || ui_widget_in_list(w) || oracle_enclosing_row(w))
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	for (tok = strtok_r(label, " \t\n.,:;!?()/", &save); tok; tok = strtok_r(NULL, " \t\n.,:;!?()/", &save))
		if (is_one_of(tok, change_words))
			return false;
	return true;
}

static char *count_text(const struct cc_count *c)
{
	char buf[CC_WORDS * CC_WORD_LEN + 16];
	size_t k = (size_t)snprintf(buf, sizeof(buf), "%ld", c->n);

	for (int i = 0; i < c->n_words && k < sizeof(buf); i++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, " %s", c->words[i]);
	return xstrdup(buf);
}

bool oracle_cross_count_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			      const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct cc_counts *a, *b;
	const struct cc_count *x = NULL, *y = NULL;
	const char *t_before, *t_after;
	bool hit = false;

	(void)activity_before;
	if (!before || !after || oracle_screen_has_layer(before) || oracle_screen_has_layer(after))
		return false;
	t_before = oracle_app_bar_title(before);
	t_after = oracle_app_bar_title(after);
	if (!t_before || !t_after || oracle_same_title(before, after) || !plain_move(before, done))
		return false;
	a = xcalloc(1, sizeof(*a));
	b = xcalloc(1, sizeof(*b));
	read_counts(before, a);
	read_counts(after, b);
	for (int i = 0; i < a->n && !hit; i++)
		for (int j = 0; j < b->n && !hit; j++)
			if (same_things(&a->c[i], &b->c[j]) && a->c[i].n != b->c[j].n &&
			    !shows_number(b, &a->c[i], a->c[i].n) && !shows_number(a, &b->c[j], b->c[j].n)) {
				x = &a->c[i];
				y = &b->c[j];
				hit = true;
			}
	if (hit) {
		char *cx = count_text(x), *cy = count_text(y), *subject;
		const struct cc_count *s = x->n_words < y->n_words ? x : y;
		char *things = xstrdup(s->words[0]);

		for (int i = 1; i < s->n_words; i++) {
			char *t = xasprintf("%s %s", things, s->words[i]);

			free(things);
			things = t;
		}
		oracle_finding_init(f);
		f->oracle = "cross_count";
		f->category = BUG_CAT_CALCULATION;
		/* The title names no number: the counts move with the data, the disagreement stays. */
		f->title = xasprintf("'%s' and '%s' count '%s' differently", t_before, t_after, things);
		f->expected = xasprintf("the same count of '%s' on both pages (nothing was changed between them)", things);
		f->actual = xasprintf("\"%s\" on %s, \"%s\" on %s", x->w->text, t_before, y->w->text, t_after);
		f->description = xasprintf("A tap that changes no data moved from the page '%s', which counts %s (\"%s\"), "
					   "to the page '%s', which counts %s (\"%s\"): both count '%s'.",
					   t_before, cx, x->w->text, t_after, cy, y->w->text, things);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "cross_count");
		cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(x->w));
		cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(y->w));
		subject = xasprintf("%s counted differently on %s", things, activity_after ? activity_after : "?");
		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
		free(things);
		free(cx);
		free(cy);
	}
	free(a);
	free(b);
	return hit;
}

const struct oracle_kind oracle_kind_cross_count = {
	.name = "cross_count",
	.config_key = "oracles.cross_count",
	.category = BUG_CAT_CALCULATION,
	.doc = "a tap that changes nothing moves to a page that counts the same things as another number",
	.evidence = "the two pages, each showing its count",
	.flags = 0,
	.step_check = oracle_cross_count_wrong,
};
