/*
 * setting_value.c - the setting oracle's (oracle 22, setting.c) check of
 * settings it knows nothing about: a "Label: value" selector on a
 * settings page whose value the run changed, while another page that
 * showed the old value beside a word of the label still shows it
 * (transit `transit-departures-station-not-applied`, TUM Campus #1409:
 * "Station on the Departures tab: Garching" set to another station, the
 * Departures tab still says "Next departures at Garching"; fuellog
 * `fuellog-unit-ignored-by-stats`, android-mileage #18: "Consumption
 * unit: km/L", Statistics still says "... L/100 km").
 *
 * A settings page: its app-bar title or activity says settings or
 * preferences, it shows no Save or Apply (its choices take effect at
 * once, they are no draft: oracle_offers_commit) and no dialog. A
 * selector: a clickable text (or a text in a clickable row) "Label:
 * value", the label 3-95 bytes with a letter and no "default" (a default
 * applies to what is made next), the value 2-63 bytes with two letters
 * and no mere on/off word, nor a label of a kind setting.c reads
 * itself (a file format applies to new recordings: an old one rightly
 * stays .m4a). A page governed by it: another page (no
 * selector of that label, no dialog) with a text that holds the value as
 * whole words and a word of 4+ letters of the label ("departures",
 * "consumption"). The texts of the latest pages are kept, so a page seen
 * before the selector was first read counts too.
 *
 * When the value changes, the pages governed by an old value (A, or B
 * after A, B, C) are the ones to see again (the revisit walk, revisit.c,
 * goes there), and so is every page first seen after the change; one
 * seen with a text that still holds an old value, a word of the label
 * and not the new value is the finding. One seen without is done. A
 * value the settings page shows again (the run set it back) is no old
 * value any more, and a cleared restart forgets everything. At most
 * SV_FINDINGS findings per selector and run (one subject: a second one
 * confirmed counts as the first).
 *
 * The settings page itself is judged too (reverted): a value the run chose
 * there that reads as an earlier value when the run comes back from other
 * pages, where no tap named that value and no other setting was chosen
 * (a dialog's item picked over a settings page, or a box ticked on the
 * value's own page: Units set to Kilometres rightly turns "every 1 mi"
 * into "every 1 km", runtracker's fixed twin), went back by itself. Boxes
 * ticked on another settings page (food preferences) do not count.
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
#include "agents/oracles/setting_value.h"
#include "core/xalloc.h"

#define SV_SETTINGS 16 /* labelled settings remembered */
#define SV_PAGES 4     /* governed pages remembered per setting */
#define SV_LABEL 96
#define SV_VALUE 64
#define SV_OLDS 4      /* earlier values kept per setting */
#define SV_TAPS 256    /* click labels remembered (a ring) */
#define SV_SEEN 512    /* pages remembered as seen (a ring) */
#define SV_RECENT 32   /* pages whose texts are remembered (a ring), for a selector first read later */
#define SV_RECENT_BYTES 4096
/*
 * Findings per selector and run: a replay may reject one (focus seed 2: a
 * process-death trip had reverted the value just before the walk back, so
 * the page rightly showed the old one), and a later change is judged
 * again; a second one confirmed is the same subject, counted as the first.
 */
#define SV_FINDINGS 3

struct labelled {
	char label[SV_LABEL]; /* as shown: "Station on the Departures tab" */
	char value[SV_VALUE]; /* as last shown on its settings page */
	/* The values it had before the changes being checked (A and B after A, B, C), each with the
	 * action after which the settings page stopped showing it (blamed). */
	char old[SV_OLDS][SV_VALUE];
	cJSON *cause[SV_OLDS];
	size_t n_old;
	uint64_t page;        /* its settings page (oracle_revisit_key) */
	uint64_t governed[SV_PAGES]; /* pages that showed a text governed by the value, newest first */
	uint64_t pending[SV_PAGES];  /* after a change: governed pages not yet seen again (0: seen) */
	unsigned long changed_at;    /* the step count of that change (0: no change to check) */
	unsigned reported;    /* findings made (at most SV_FINDINGS) */
	bool run_set;         /* the value shown was chosen by the run on its settings page */
	cJSON *chosen_by;     /* then the action that chose it (blamed by a report that it went back) */
	unsigned long taps_seen; /* n_taps when its settings page last showed it */
	unsigned long choices_seen; /* choices when its settings page last showed it */
	unsigned long checks;       /* boxes ticked on its settings page */
	unsigned long checks_seen;  /* checks when its settings page last showed it */
};

struct setting_values {
	struct labelled s[SV_SETTINGS];
	size_t n;
	bool (*known)(const char *label); /* whether setting.c reads the label as one of its kinds */
	const char *changed; /* the label of the last change (a walk back asked for), or NULL */
	char walk_label[SV_LABEL]; /* the label a walk back was last asked for: the walk's name while it lasts */
	uint64_t seen[SV_SEEN]; /* pages seen (oracle_revisit_key), a ring */
	/* The latest pages' candidate texts (lowered, one per line), a ring: the pages a selector
	 * read for the first time governed before (the Departures tab seen, then Settings). */
	struct {
		uint64_t page;
		char texts[SV_RECENT_BYTES];
	} recent[SV_RECENT];
	size_t n_recent;
	size_t n_seen;
	unsigned long steps; /* screens fed */
	uint64_t last_page;  /* the page of the last screen fed without a dialog */
	/* The labels of the latest clicks (lowered), a ring: a value one of them names may have been
	 * chosen by it. */
	char taps[SV_TAPS][SV_VALUE];
	unsigned long n_taps;
	/* Choices made in dialogs over settings pages (an item picked): another setting that changed
	 * may change how this one reads ("every 1 mi" after Units: Kilometres). A box ticked counts
	 * only for the settings of its own page (labelled.checks): food preferences ticked on their
	 * page do not change how App settings' Language reads. */
	unsigned long choices;
	bool prev_layer;        /* the last screen fed showed a dialog */
	bool last_settings;     /* the last screen fed without a dialog was a settings page */
};

/* Whether the page was seen before; remember it. */
static bool seen_before(struct setting_values *v, uint64_t page)
{
	for (size_t i = 0; i < v->n_seen && i < SV_SEEN; i++)
		if (v->seen[i] == page)
			return true;
	v->seen[v->n_seen++ % SV_SEEN] = page;
	return false;
}

struct setting_values *setting_values_new(bool (*known)(const char *label))
{
	struct setting_values *v = xcalloc(1, sizeof(struct setting_values));

	v->known = known;
	return v;
}

void setting_values_forget(struct setting_values *v)
{
	bool (*known)(const char *label) = v->known;
	char walk[SV_LABEL];

	/* A walk under way keeps its name. */
	memcpy(walk, v->walk_label, sizeof(walk));
	for (size_t i = 0; i < v->n; i++) {
		for (size_t k = 0; k < v->s[i].n_old; k++)
			cJSON_Delete(v->s[i].cause[k]);
		cJSON_Delete(v->s[i].chosen_by);
	}
	memset(v, 0, sizeof(*v));
	v->known = known;
	memcpy(v->walk_label, walk, sizeof(walk));
}

void setting_values_free(struct setting_values *v)
{
	if (!v)
		return;
	setting_values_forget(v);
	free(v);
}

/* Whether lowered s holds lowered word w (any length) with no letter or digit either side. */
static bool holds_words(const char *s, const char *w)
{
	size_t len = strlen(w);

	if (!len)
		return false;
	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
		if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[len]))
			return true;
	return false;
}

static size_t letters(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += isalpha((unsigned char)*s) || (unsigned char)*s >= 0x80;
	return n;
}

/* Whether the page says it holds settings: its app-bar title or its activity. */
static bool settings_page(const struct ui_tree *t, const char *activity)
{
	static const char *const words[] = { "settings", "preferences", "setting", NULL };
	const char *title = oracle_app_bar_title(t);
	char low[256];

	oracle_lower_into(low, sizeof(low), title ? title : "");
	if (oracle_has_whole_word(low, words))
		return true;
	oracle_lower_into(low, sizeof(low), activity ? activity : "");
	return strstr(low, "setting") || strstr(low, "preference");
}

/* Whether w, or its parent or grandparent, takes a tap. */
static bool tappable(const struct ui_widget *w)
{
	for (int up = 0; w && up < 3; up++, w = w->parent)
		if (w->clickable)
			return true;
	return false;
}

/*
 * Split text "Label: value" into label and value (trimmed) when it reads as
 * a selector's; false otherwise.
 */
static bool split_selector(const char *text, char label[SV_LABEL], char value[SV_VALUE])
{
	static const char *const plain[] = { "on", "off", "yes", "no", "none", "auto", "automatic", "default",
					     "system default", "never", "always", "enabled", "disabled", "all", NULL };
	const char *colon = strstr(text, ": ");
	char low[SV_LABEL];
	size_t ll;

	if (!colon || strstr(colon + 2, ": "))
		return false;
	ll = (size_t)(colon - text);
	if (ll < 3 || ll >= SV_LABEL)
		return false;
	snprintf(label, SV_LABEL, "%.*s", (int)ll, text);
	oracle_trim_into(value, SV_VALUE, colon + 2);
	if (strlen(colon + 2) >= SV_VALUE || strlen(value) < 2 || letters(value) < 2 || !letters(label))
		return false;
	oracle_lower_into(low, sizeof(low), label);
	if (strstr(low, "default"))
		return false;
	oracle_lower_into(low, sizeof(low), value);
	for (size_t i = 0; plain[i]; i++)
		if (!strcmp(low, plain[i]))
			return false;
	return true;
}

/*
 * Whether lowered text holds a word of 4+ letters of the label (any case)
 * that is no word of the lowered value `except` (NULL: none): a label
 * "Homepage / Opening screen" set from "Homepage" to "Last tab" says
 * nothing of a page titled "Homepage" (browser seed 4, session 49).
 */
static bool shares_label_word(const char *low, const char *label, const char *except)
{
	static const char *const common[] = { "with", "from", "your", "this", "that", "when", "show", "shown", "only",
					      "into", "over", "each", "every", "after", "before", "which", NULL };
	char ll[SV_LABEL];

	oracle_lower_into(ll, sizeof(ll), label);
	for (char *p = ll; *p;) {
		char word[SV_LABEL];
		size_t n = 0;
		bool skip = false;

		while (*p && !isalpha((unsigned char)*p))
			p++;
		while (isalpha((unsigned char)p[n]))
			n++;
		if (n < 4) {
			p += n;
			continue;
		}
		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		p += n;
		for (size_t i = 0; common[i]; i++)
			skip |= !strcmp(word, common[i]);
		if (!skip && holds_words(low, word) && !(except && holds_words(except, word)))
			return true;
	}
	return false;
}

static struct labelled *by_label(struct setting_values *v, const char *label)
{
	for (size_t i = 0; i < v->n; i++)
		if (!strcasecmp(v->s[i].label, label))
			return &v->s[i];
	return NULL;
}

/* Whether t shows a selector labelled `label`. */
static bool shows_selector(const struct ui_tree *t, const char *label)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char l[SV_LABEL], val[SV_VALUE];

		if (*w->text && ui_widget_visible(w, &t->screen) && split_selector(w->text, l, val) &&
		    !strcasecmp(l, label))
			return true;
	}
	return false;
}

/*
 * A text of t governed by setting s showing `value` (and not `not`, when
 * given): it holds the value as whole words and a word of the label; NULL
 * when none.
 */
static void add_page(uint64_t *pages, uint64_t page)
{
	size_t j;

	for (j = 0; j + 1 < SV_PAGES && pages[j] != page; j++)
		;
	memmove(&pages[1], &pages[0], j * sizeof(pages[0]));
	pages[0] = page;
}

/* Whether w's text is one a setting may govern: visible, no field's, at most 200 bytes. */
static bool candidate(const struct ui_tree *t, const struct ui_widget *w)
{
	return *w->text && strlen(w->text) <= 200 && ui_widget_visible(w, &t->screen) &&
	       !ui_class_is_editable(w->class_name);
}

/* Whether lowered text `low` is governed by s showing `value` (lowered) and not `not` (lowered, or NULL). */
static bool governs_line(const char *low, const struct labelled *s, const char *value, const char *not)
{
	return holds_words(low, value) && shares_label_word(low, s->label, value) && (!not || !holds_words(low, not));
}

/*
 * The face a timer shows when loaded with the lowered value "N min" (mins,
 * minutes; N 1-3 digits): "n:00" into face; false for any other value.
 */
static bool minutes_face(const char *lv, char *face, size_t n)
{
	size_t d = 0;
	const char *u;

	while (isdigit((unsigned char)lv[d]))
		d++;
	if (!d || d > 3 || lv[d] != ' ')
		return false;
	u = lv + d + 1;
	if (strcmp(u, "min") && strcmp(u, "mins") && strcmp(u, "minutes"))
		return false;
	snprintf(face, n, "%.*s:00", (int)d, lv);
	return true;
}

/*
 * A duration setting's timer face (session 48): a page whose lowered lines
 * hold, as whole texts, a word of the setting's label (the phase the timer
 * is in: "focus" for "Focus length") and the face of `value` ("25:00",
 * "025:00" padded as "05:00"), not the face of `not`, and no Pause (a
 * running timer rightly finishes its round at the old length). The index
 * of the face's line, or -1. focus `focus-new-length-waits-a-round`
 * (Habitica-Pomodoro-SiteKeeper #155): "Focus length: 30 min" set, the
 * timer still at 25:00.
 */
static long timer_face(const char *const *lines, size_t n, const char *label, const char *value, const char *not)
{
	char face[16], padded[20], nface[16], npadded[20];
	bool phase = false, has_not = not && minutes_face(not, nface, sizeof(nface));
	long at = -1;

	if (!minutes_face(value, face, sizeof(face)))
		return -1;
	snprintf(padded, sizeof(padded), "0%s", face);
	snprintf(npadded, sizeof(npadded), "0%s", has_not ? nface : "");
	for (size_t i = 0; i < n; i++) {
		const char *l = lines[i];
		bool word = *l != '\0';

		if (!strcmp(l, "pause") || (has_not && (!strcmp(l, nface) || !strcmp(l, npadded))))
			return -1;
		for (const char *c = l; *c; c++)
			word &= isalpha((unsigned char)*c) != 0;
		phase |= word && shares_label_word(l, label, NULL);
		if (at < 0 && (!strcmp(l, face) || !strcmp(l, padded)))
			at = (long)i;
	}
	return phase ? at : -1;
}

static const struct ui_widget *governed_face(const struct ui_tree *t, const struct labelled *s, const char *lv,
					     const char *ln);

static const struct ui_widget *governed_text(const struct ui_tree *t, const struct labelled *s, const char *value,
					     const char *not)
{
	char lv[SV_VALUE], ln[SV_VALUE];

	oracle_lower_into(lv, sizeof(lv), value);
	oracle_lower_into(ln, sizeof(ln), not ? not : "");
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];

		if (!candidate(t, w))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (governs_line(low, s, lv, not ? ln : NULL))
			return w;
	}
	return governed_face(t, s, lv, not ? ln : NULL);
}

/*
 * The widget of t showing the timer face of setting s at lowered value lv
 * (timer_face), or NULL. The app-bar title is no phase: an app named Focus
 * titles its short break "Focus" too (focus's fixed twin, seed 5).
 */
static const struct ui_widget *governed_face(const struct ui_tree *t, const struct labelled *s, const char *lv,
					     const char *ln)
{
	const char *lines[64], *title = oracle_app_bar_title(t);
	const struct ui_widget *ws[64];
	char buf[64][32];
	size_t n = 0;
	long at;

	if (!minutes_face(lv, buf[0], sizeof(buf[0])))
		return NULL;
	for (size_t i = 0; i < t->n_nodes && n < 64; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!candidate(t, w) || strlen(w->text) >= sizeof(buf[0]) || w->text == title)
			continue; /* a phase or a face is a short text */
		oracle_lower_into(buf[n], sizeof(buf[n]), w->text);
		lines[n] = buf[n];
		ws[n++] = w;
	}
	at = timer_face(lines, n, s->label, lv, ln);
	return at >= 0 ? ws[at] : NULL;
}

/* Remember page t's candidate texts among the latest pages. */
static void remember_recent(struct setting_values *v, const struct ui_tree *t, uint64_t page)
{
	size_t r, used = 0;
	char *buf;

	for (r = 0; r < v->n_recent && r < SV_RECENT && v->recent[r].page != page; r++)
		;
	if (r == v->n_recent || r == SV_RECENT)
		r = v->n_recent++ % SV_RECENT;
	v->recent[r].page = page;
	buf = v->recent[r].texts;
	buf[0] = '\0';
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];
		size_t len;

		if (!candidate(t, w))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		for (char *c = low; *c; c++)
			if (*c == '\n')
				*c = ' ';
		len = strlen(low);
		if (used + len + 2 > SV_RECENT_BYTES)
			break;
		memcpy(buf + used, low, len);
		used += len;
		buf[used++] = '\n';
		buf[used] = '\0';
	}
}

/* A selector read for the first time: the latest pages that showed its value govern it. */
static void governed_before(struct setting_values *v, struct labelled *s)
{
	char lv[SV_VALUE];

	oracle_lower_into(lv, sizeof(lv), s->value);
	for (size_t r = 0; r < v->n_recent && r < SV_RECENT; r++) {
		char line[256], shortl[64][32];
		const char *lines[64];
		size_t n = 0;

		for (const char *p = v->recent[r].texts; *p && n < 64;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);

			if (len < sizeof(shortl[0])) {
				snprintf(shortl[n], sizeof(shortl[n]), "%.*s", (int)len, p);
				lines[n] = shortl[n];
				n++;
			}
			p += len + (nl != NULL);
		}
		if (v->recent[r].page != s->page && timer_face(lines, n, s->label, lv, NULL) >= 0) {
			add_page(s->governed, v->recent[r].page);
			continue;
		}
		for (const char *p = v->recent[r].texts; *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);

			snprintf(line, sizeof(line), "%.*s", (int)len, p);
			if (v->recent[r].page != s->page && governs_line(line, s, lv, NULL)) {
				add_page(s->governed, v->recent[r].page);
				break;
			}
			p += len + (nl != NULL);
		}
	}
}


static void fill(struct oracle_finding *f, const struct labelled *s, size_t k, const struct ui_widget *w,
		 const char *activity)
{
	const char *old = s->old[k];
	char *subject;

	oracle_finding_init(f);
	f->oracle = "setting";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("'%s' changed to '%s' is not followed: '%s'", s->label, s->value, w->text);
	f->expected = xasprintf("the page follows '%s: %s', as the settings page shows it", s->label, s->value);
	f->actual = xasprintf("'%s' still shows the value before the change, '%s'", w->text, old);
	f->description = xasprintf("The run changed '%s' from '%s' to '%s' on a settings page. This page (%s) "
				   "showed '%s' before the change and still shows it, and not '%s'.",
				   s->label, old, s->value, activity && *activity ? activity : "same activity", old,
				   s->value);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "setting_value");
	subject = xasprintf("%s not followed", s->label);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddStringToObject(f->diff, "setting", s->label);
	cJSON_AddStringToObject(f->diff, "chosen", s->value);
	cJSON_AddStringToObject(f->diff, "before", old);
	cJSON_AddItemToObject(f->diff, "widget", oracle_widget_json(w));
	if (s->cause[k])
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(s->cause[k], 1));
}

/* Judge a page that is no settings page against the changes pending; remember what it shows. */
static bool judge_page(struct setting_values *v, const struct ui_tree *t, const char *activity, uint64_t page,
		       struct oracle_finding *f)
{
	bool found = false, first = !seen_before(v, page);

	for (size_t i = 0; i < v->n; i++) {
		struct labelled *s = &v->s[i];
		const struct ui_widget *w;

		bool judge = false, stale = false;

		if (shows_selector(t, s->label))
			continue;
		for (size_t j = 0; j < SV_PAGES; j++) {
			if (s->pending[j] == page) {
				s->pending[j] = 0; /* seen again: judged now */
				judge = true;
			}
		}
		/* A page first seen since the change had no reason to show the old value. */
		judge |= first && s->changed_at;
		for (size_t k = 0; judge && !found && s->reported < SV_FINDINGS && k < s->n_old; k++) {
			if ((w = governed_text(t, s, s->old[k], s->value))) {
				fill(f, s, k, w, activity);
				s->reported++;
				found = stale = true;
			}
		}
		/* A page still on an old value is governed too: a later change looks at it again. */
		if (stale || governed_text(t, s, s->value, NULL))
			add_page(s->governed, page);
	}
	return found;
}

/*
 * Setting s shows `value` now: the value it had joins the earlier ones
 * (the new one leaves them: set back to A, A is no stale value), and the
 * pages that showed it are to be seen again.
 */
static void change(struct setting_values *v, struct labelled *s, const char *value, uint64_t page,
		   const struct action *done)
{
	size_t k = 0;

	if (s->n_old == SV_OLDS) { /* full: the oldest goes */
		cJSON_Delete(s->cause[0]);
		memmove(&s->old[0], &s->old[1], (SV_OLDS - 1) * sizeof(s->old[0]));
		memmove(&s->cause[0], &s->cause[1], (SV_OLDS - 1) * sizeof(s->cause[0]));
		s->n_old--;
	}
	snprintf(s->old[s->n_old], SV_VALUE, "%s", s->value);
	s->cause[s->n_old++] = done ? action_to_json(done) : NULL;
	for (size_t i = 0; i < s->n_old; i++) {
		if (!strcmp(s->old[i], value)) {
			cJSON_Delete(s->cause[i]);
			continue;
		}
		if (k != i) {
			memcpy(s->old[k], s->old[i], SV_VALUE);
			s->cause[k] = s->cause[i];
		}
		k++;
	}
	s->n_old = k;
	for (size_t j = 0; j < SV_PAGES; j++)
		if (s->governed[j] && s->governed[j] != page)
			add_page(s->pending, s->governed[j]);
	memset(s->governed, 0, sizeof(s->governed));
	s->changed_at = v->steps;
	v->changed = s->label;
}

/*
 * A setting gone back by itself: the run chose `s->value` on its settings
 * page (run_set), went to other pages, and on coming back the page shows
 * `value`, one of the setting's earlier values, while no click away from
 * settings named it (foodfacts `foodfacts-scan-resets-language`,
 * openfoodfacts-androidapp #2735: Language set to Deutsch, a scan, and App
 * settings says Language: English again).
 */
static bool reverted(struct setting_values *v, const struct labelled *s, const char *value, struct oracle_finding *f)
{
	char lv[SV_VALUE];
	bool earlier = false;
	char *subject;

	for (size_t k = 0; k < s->n_old; k++)
		earlier |= !strcmp(s->old[k], value);
	oracle_lower_into(lv, sizeof(lv), value);
	if (!s->run_set || !earlier || s->reported >= SV_FINDINGS || v->n_taps - s->taps_seen > SV_TAPS ||
	    v->choices != s->choices_seen || s->checks != s->checks_seen)
		return false;
	for (unsigned long i = s->taps_seen; i < v->n_taps; i++)
		if (holds_words(v->taps[i % SV_TAPS], lv))
			return false;
	oracle_finding_init(f);
	f->oracle = "setting";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("'%s' set to '%s' goes back to '%s' by itself", s->label, s->value, value);
	f->expected = xasprintf("the settings page still shows '%s: %s', the value chosen", s->label, s->value);
	f->actual = xasprintf("it shows '%s: %s', an earlier value, though nothing since chose it", s->label, value);
	f->description = xasprintf("The run chose '%s' for '%s' on a settings page and went on to other pages, "
				   "where no tap named '%s'. Back on the settings page, it shows '%s' again: the "
				   "setting went back to an earlier value.",
				   s->value, s->label, value, value);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "setting_reverted");
	subject = xasprintf("%s reverted", s->label);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddStringToObject(f->diff, "setting", s->label);
	cJSON_AddStringToObject(f->diff, "chosen", s->value);
	cJSON_AddStringToObject(f->diff, "shown", value);
	/* What came after the choice went back: the window a replay is judged on starts there. */
	if (s->chosen_by)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(s->chosen_by, 1));
	return true;
}

/* Learn the selectors of a settings page: a value that changed starts a check. */
static bool learn_settings(struct setting_values *v, const struct ui_tree *t, uint64_t page, const struct action *done,
			   bool arrived, struct oracle_finding *f)
{
	bool found = false;
	size_t n_moved = 0;

	/*
	 * How many known selectors read otherwise than the page last showed
	 * them. Only a value that went back alone is judged: a page whose other
	 * values changed too is another item's page of the same title (bench
	 * podcasts, seeds 2 and 5: Auto skip set on Curious Minds' "Podcast
	 * settings", then Makers' showed its own "Rename: Makers", "Volume
	 * adaptation" and "Auto skip: first 0 s").
	 */
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char label[SV_LABEL], value[SV_VALUE];
		const struct labelled *s;

		if (*w->text && ui_widget_visible(w, &t->screen) && tappable(w) && split_selector(w->text, label, value) &&
		    (s = by_label(v, label)) != NULL && strcmp(s->value, value) != 0)
			n_moved++;
	}
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char label[SV_LABEL], value[SV_VALUE];
		struct labelled *s;

		if (!*w->text || !ui_widget_visible(w, &t->screen) || !tappable(w) ||
		    !split_selector(w->text, label, value) || (v->known && v->known(label)))
			continue;
		s = by_label(v, label);
		if (!s) {
			if (v->n == SV_SETTINGS)
				continue;
			s = &v->s[v->n++];
			memset(s, 0, sizeof(*s));
			snprintf(s->label, sizeof(s->label), "%s", label);
			snprintf(s->value, sizeof(s->value), "%s", value);
			s->page = page;
			governed_before(v, s);
			continue;
		}
		if (!strcmp(s->value, value)) {
			s->taps_seen = v->n_taps;
			s->choices_seen = v->choices;
			s->checks_seen = s->checks;
			continue;
		}
		if (arrived && !found && n_moved == 1 && reverted(v, s, value, f)) {
			s->reported++;
			found = true;
		}
		change(v, s, value, page, done);
		snprintf(s->value, sizeof(s->value), "%s", value);
		s->page = page;
		s->run_set = !arrived;
		cJSON_Delete(s->chosen_by);
		s->chosen_by = s->run_set && done ? action_to_json(done) : NULL;
		s->taps_seen = v->n_taps;
		s->choices_seen = v->choices;
		s->checks_seen = s->checks;
	}
	return found;
}

/* Note the label of a click. */
static void note_tap(struct setting_values *v, const struct action *done)
{
	if (!done || done->type != ACTION_CLICK || !done->widget_text || !*done->widget_text)
		return;
	oracle_lower_into(v->taps[v->n_taps++ % SV_TAPS], SV_VALUE, done->widget_text);
}

bool setting_values_step(struct setting_values *v, const struct ui_tree *t, const char *activity, uint64_t page,
			 const struct action *done, struct oracle_finding *f)
{
	bool found, arrived;

	v->steps++;
	note_tap(v, done);
	if (done && v->last_settings && done->type == ACTION_CLICK && v->prev_layer)
		v->choices++;
	if (done && v->last_settings && done->type == ACTION_CHECK && !v->prev_layer)
		for (size_t i = 0; i < v->n; i++)
			if (v->s[i].page == v->last_page)
				v->s[i].checks++;
	v->prev_layer = oracle_screen_has_layer(t);
	if (v->prev_layer)
		return false; /* a dialog belongs to the page below: a choice in one over settings is the run's */
	arrived = v->last_page != page;
	v->last_page = page;
	v->last_settings = settings_page(t, activity);
	if (settings_page(t, activity))
		return !oracle_offers_commit(t) && learn_settings(v, t, page, done, arrived, f);
	found = judge_page(v, t, activity, page, f);
	remember_recent(v, t, page);
	return found;
}

size_t setting_values_revisit(struct setting_values *v, uint64_t pages[], size_t max, const char **label)
{
	struct labelled *s = v->changed ? by_label(v, v->changed) : NULL;
	size_t n = 0;

	v->changed = NULL;
	for (size_t j = 0; s && j < SV_PAGES && n < max; j++)
		if (s->pending[j])
			pages[n++] = s->pending[j];
	if (n) {
		snprintf(v->walk_label, sizeof(v->walk_label), "%s", s->label);
		*label = v->walk_label;
	}
	return n;
}
