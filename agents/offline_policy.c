/*
 * offline_policy.c - Genie's weighted systematic event selection for the
 * offline Explorer, plus the monkey-like random baseline (see
 * offline_policy.h).
 *
 * Events live in one open-addressed hash table keyed by offline_event_key();
 * each remembers the events of the screen it led to last (new_events). The
 * Υ update runs over every known event after each observed step; it is
 * O(events + edges), a few thousand operations per step on real apps.
 *
 * One deviation from a literal reading of Genie's Formula (1): the first
 * term is the event's initial weight, not its previous weight. Applied
 * every round, Υ(e)/exec² would shrink every self-loop event (and every
 * event leading out of the app) geometrically to zero, until all weights
 * on a screen are ties; with the initial weight the update converges to
 * (Υ1 + Σ Υ(new_events)) / exec², which keeps the ranking meaningful.
 *
 * Events are per screen, so a page that renews its own screen (a reader's
 * page counter) gives the same widget a fresh initial weight each time;
 * offline.repeat_damping (on by default) counts executions per widget and
 * page family and starts such events lighter (repeat_damp()).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "agents/input_gen.h"
#include "agents/offline_policy.h"
#include "core/config.h"
#include "core/screen_text.h"
#include "core/xalloc.h"

static uint64_t widget_key(const struct action *a);
static bool typed_this_visit(const struct offline_policy *pol, const struct action *a);
static bool shows_a_typed_value(const struct offline_policy *pol, uint64_t h);
static uint64_t row_key(const struct ui_tree *t, const struct action *a);

/* Weight factor of an empty field on a form: larger than any other factor. */
#define FORM_FIRST_FACTOR 1000.0
/* A tie-break above the jitter (1e-6) and below any real weight difference. */
#define ROW_TIE_FACTOR 1.0001
/* A smaller tie-break among rows: one the app listed before the policy typed it (below ROW_TIE_FACTOR's). */
#define ROW_OWN_FACTOR 1.00005
/*
 * A form the policy changed (a value typed, or a choice picked through one
 * of its "Label: value" selectors) is not thrown away: while the edit is
 * pending, Back, Up, Cancel and Delete there weigh FINISH_EDIT_FACTOR
 * times less (its other widgets may still be tried, then the confirm is
 * the heaviest way out), as a tester finishes an edit. EDIT_AWAY_MAX: how
 * many choices away from the form (a chooser, a date picker and its OK)
 * the edit stays pending.
 */
#define FINISH_EDIT_FACTOR 100.0
#define EDIT_AWAY_MAX 2
/* How many typed values the policy remembers (a ring). */
#define TYPED_VALUES 128

/* How many fields of one screen the form rule remembers as typed. */
#define FORM_FIELDS 32

/*
 * Emptying a list (a tester's "delete them all"): once the policy deletes a
 * row by its own choice, it goes on deleting rows (and confirming the
 * dialogs that ask) until no row is left, at most DRAIN_ACTIONS actions,
 * once per list (functionality) and at most DRAIN_LISTS lists a run, and
 * not before DRAIN_AFTER choices. Bugs
 * at the empty list (deleting the last row) are out of reach otherwise:
 * the weights favour adding rows over deleting them.
 */
#define DRAIN_ACTIONS 40
#define DRAIN_LISTS 8
/* The tried-set key of system Back on a functionality (hashed with it). */
#define BACK_TRIED 0x6261636b5f747279ull

/* The tried-set key of the Back probe (hashed with the list's row widget and the two screens' kinds). */
#define BACK_PROBED 0x6261636b5f70726full

/* The tried-set key of a Back probe that left the app (hashed with the two screens' kinds): no more there. */
#define BACK_PROBE_EXITS 0x70726f62655f6578ull

/* The tried-set key of the long-press probe (hashed with the list's row widget and the page's kind). */
#define LONG_PROBED 0x6c6f6e675f707262ull

/* The tried-set key of the edit motif (hashed with the Edit control's widget key and the page's kind). */
#define EDIT_PROBED 0x656469745f707262ull

/* The same for a menu item's probe: a row's page whose Back closes the app says nothing of a menu item's page. */
#define BACK_ITEM_PROBE_EXITS 0x6974656d5f657869ull
#define DRAIN_AFTER 100 /* choices: first explore with the data the app starts with */

/* How many fields the policy remembers as probed once (older ones are forgotten). */
#define PROBED_FIELDS 64
/* The chance of a field's first probe once it took a valid value (later ones: offline.probe_share):
 * always, so that every field's validation is seen once. */
#define FIRST_PROBE_SHARE 1.0
/* Names a list showed last (its rows' name or title texts), for the "taken" probe of a name field. */
#define TAKEN_NAMES 8
#define TAKEN_NAME_MAX 64

/* On the launch screen after a relaunch made for its untried events: their weight factor. */
#define RELAUNCH_UNTRIED_FACTOR 1000.0
/*
 * Choices without a screen never seen before after which the policy
 * restarts the app when its first screen still has events never executed
 * (a tester who has gone round the same pages for a while starts again
 * from the top). Genie's weights are local: a page whose every way out
 * leads back into the same few pages (KeePassDX's Save that stacks the
 * entry over its edit form, so Back and Up return to the form) keeps the
 * walk there, and the first screen's Settings and toolbar never come.
 */
#define STALE_RESTART_AFTER 30
/* On that relaunch, an untried widget outside lists over an untried row: this factor. */
#define RELAUNCH_FUNCTION_FACTOR 2.0
/* The tried-set key of "this abstract state was seen" (hashed with it). */
#define STATE_SEEN 0x7374617465736565ull

/*
 * Repeat damping (offline.repeat_damping): how many widget identities
 * (widget_key on a page family: activity and title without digits) the
 * policy counts executions of; a full table forgets the oldest (a ring).
 * A page that makes new screens of its own (a reader's "Page N", a
 * counter) gives every event a fresh initial weight on each of them, so
 * "Next page" pressed twenty times still outweighs Back on the next page.
 */
#define REPEAT_IDS 256
/* The tried-set keys of "this page family / this set of labels was seen" (hashed with it). */
#define FAMILY_SEEN 0x66616d696c797365ull
#define LABELS_SEEN 0x6c6162656c737365ull

/* How many fields' stated ranges the policy keeps. */
#define SAID_RANGES 8
/* The first time a "Key: value" control's choices are seen, the weight of
 * the one reading its value and of Cancel, times this. */
#define CURRENT_VALUE_FACTOR 0.1
/* How many fields' own texts (a hint shown while empty) the policy keeps. */
#define FIELD_HINTS 32

/* How many words read on screens the policy keeps as search terms. */
#define POLICY_WORDS 48

struct event {
	uint64_t key;          /* 0 = empty slot */
	double weight;
	double w0;             /* initial weight */
	double exec;           /* Genie's exec_times, starts at 1 */
	size_t *next;          /* indices (into pol->events) of new_events(e) */
	size_t n_next;
	bool blocked;
	bool exits;            /* led out of the app: almost never again */
	bool used;
	bool damp_checked;     /* repeat damping looked at its initial weight */
};

/* Executions of one widget identity on one page family (repeat damping). */
struct repeat_count {
	uint64_t id;           /* 0 = empty */
	unsigned count;
	bool progress;         /* its last execution reached a page family or labels not seen before */
};

struct offline_policy {
	struct offline_policy_params p;
	struct event *events;  /* open addressing, power-of-two size */
	size_t cap, n;
	uint64_t *blocked;     /* keys blocked before they were seen */
	size_t n_blocked, alloc_blocked;
	uint64_t *tried;       /* (functionality, widget) hashes, open addressing */
	size_t tried_cap, n_tried;
	uint64_t rng;
	uint64_t last_event;   /* key chosen last, 0 none */
	uint64_t last_state;
	uint64_t last_text;
	enum action_type last_type;
	int stuck;             /* consecutive steps without visible change */
	int out_of_app;        /* consecutive choices made outside the app */
	unsigned serial;       /* input values */
	char *words[POLICY_WORDS]; /* words read on the app's screens: search terms */
	size_t n_words, next_word;
	uint64_t visit_state;  /* the screen the fields below were typed on */
	uint64_t typed[FORM_FIELDS];
	size_t n_typed;
	uint64_t visit_probed; /* the field probed in this visit, 0 none (offline.probe_one) */
	bool undo_probed;
	/* The text last typed into each field (field_key, hash of the text):
	 * a field still showing it after a dialog or a page in between is not
	 * empty, whatever the visit. A ring. */
	uint64_t kept_field[FORM_FIELDS], kept_text[FORM_FIELDS];
	size_t n_kept;
	/* Hashes of the values typed (a ring): a list row showing one is a row the policy made. */
	uint64_t typed_vals[TYPED_VALUES];
	size_t n_typed_vals;
	uint64_t probe_rng;    /* its own stream: probes never shift the choices' random draws */
	bool last_probe;       /* the last action typed a probe */
	char taken[TAKEN_NAMES][TAKEN_NAME_MAX]; /* names the last list with named rows showed */
	size_t n_taken;
	uint64_t taken_probed[PROBED_FIELDS]; /* name fields that got their "taken" probe (ring) */
	size_t n_taken_probed;
	uint64_t *filled;      /* fields that got a valid value (field_key), sorted */
	size_t n_filled, alloc_filled;
	uint64_t probed[PROBED_FIELDS]; /* fields that got their first probe (ring) */
	size_t n_probed;
	/* Ranges the app stated for a field ("Enter an amount from 1 to 99"), by
	 * field_key, for its later forms that do not show the message (a ring). */
	uint64_t said_field[SAID_RANGES];
	char said_range[SAID_RANGES][128];
	size_t n_said;
	/* What a field showed that the policy did not type (its hint while empty,
	 * "Hour (0-23)", or the app's value), by field_key: a dump without hint
	 * attributes shows only the typed value once the field holds one (a ring). */
	uint64_t hint_field[FIELD_HINTS];
	char hint_text[FIELD_HINTS][64];
	size_t n_hints;
	/* What the last choice marked, taken back by offline_policy_adopt(). */
	uint64_t last_fh;      /* the "untried here" key of the last choice's page (its functionality, play state) */
	uint64_t undo_tried[3];
	size_t n_undo_tried;
	uint64_t undo_filled;  /* 0: none */
	bool undo_typed;       /* the choice appended to typed[] */
	/* Emptying a list: actions left (0: not draining), and the lists
	 * (functionality hashes) already emptied once. */
	int drain_left;
	/* Emptying a list whose rows are deleted on their own page (open the
	 * row, Delete, confirm): the row click's and the page's Delete's widget
	 * keys (0: rows have their own delete control), and the last row click
	 * the policy chose (widget key, functionality, at which choice). */
	uint64_t drain_row, drain_delete;
	uint64_t row_click_wk, row_click_fh;
	unsigned long row_click_at;
	/* The Back probe: the row widget (row_widget) and the screen kind
	 * (screen_kind) of the last row click. */
	uint64_t row_click_rid, row_click_kind;
	/* The same for the last click on an item of a dialog or menu (Device
	 * info in an entity's menu): its widget key, page and screen kind. */
	uint64_t layer_click_id, layer_click_fh, layer_click_kind;
	unsigned long layer_click_at;
	/* Finishing a calculation on a keypad: 1 after an operator key (a digit
	 * comes next), 2 after that digit ("=" comes next); 0: none. */
	int keypad_stage;
	/*
	 * The edit motif (offline.edit_finish): 1 just after a click labelled
	 * Edit on a page without fields (edit_click: its tried-set key), 2 after
	 * the one field changed on the filled form it opened (the confirm comes
	 * next); 0: none. edit_at: the choice that set it; no_probe: the input
	 * being chosen gets a valid value, not a probe.
	 */
	int edit_stage;
	unsigned long edit_at;
	uint64_t edit_click;
	bool no_probe;
	/* A selection a long press started (long_probe): 1 just after the long
	 * press, 2 after a second row was selected, 3 after the selection's
	 * Remove or Delete (its confirm comes next); select_act: this probe acts
	 * on the selection (the list's second probe) instead of leaving it with
	 * Back (its first); select_y: the long-pressed row's top. */
	int select_stage;
	bool select_act;
	int select_y;
	unsigned long select_at;
	uint64_t select_probe; /* the long probe's tried key: marked again with LONG_PROBED once a selection showed */
	unsigned long menu_button_at; /* the last click on "More options", "Menu"... */
	/* The value the last click's control showed ("Title" of "Sorted by:
	 * Title"), and the choice that clicked it: on the dialog it opens, the
	 * choice reading that value changes nothing. */
	char opener_value[64];
	unsigned long opener_at;
	uint64_t probe_exits;   /* BACK_PROBE_EXITS key of the last probe, 0 none */
	unsigned long probe_at; /* the choice that made it */
	unsigned long choices; /* offline_policy_choose() calls */
	uint64_t drained[DRAIN_LISTS];
	size_t n_drained;
	/* The app's first screen (the state of the first choice after a
	 * start or a relaunch), whether it still had events never executed
	 * when the policy last chose there, and whether the policy left the
	 * app by Back to relaunch it there (then an untried event goes first). */
	uint64_t launch_state;
	bool launch_untried;
	bool relaunching;
	/* Choices since the last screen (abstract state) never seen before. */
	unsigned since_new;
	/* Repeat damping: the page family of the current choice, the identity
	 * of the widget chosen last (0: none or not damped) and of the one
	 * executed last whose outcome the next choice judges, and the counts. */
	uint64_t family;
	uint64_t last_id, judge_id;
	/* The form (abstract state) the policy changed and has not confirmed
	 * or left (0: none), and the choices made since on other screens. */
	uint64_t edit_state;
	unsigned edit_away;
	struct repeat_count repeats[REPEAT_IDS];
	size_t n_repeats;
};

void offline_policy_params_default(struct offline_policy_params *p)
{
	p->init_weight = 100.0;
	p->back_weight = 20.0;
	p->untried_bonus = 2.0;
	p->motif_bonus = 3.0;
	p->epsilon = 0.05;
	p->stuck_limit = 4;
	p->form_first = true;
	p->breadth = true;
	p->repeat_damping = true;
	p->settings_first = true;
	p->probe_share = 0.2;
	p->probe_submit = false;
	p->probe_taken = false;
	p->probe_one = false;
	p->back_probe = true;
	p->keypad_finish = true;
	p->long_probe = true;
	p->edit_finish = true;
	p->seed = 1;
}

int offline_policy_params_from_config(struct offline_policy_params *p, const struct config *cfg)
{
	offline_policy_params_default(p);
	if (!cfg)
		return TD_OK;
	p->init_weight = config_double(cfg, "offline.init_weight");
	p->back_weight = config_double(cfg, "offline.back_weight");
	p->untried_bonus = config_double(cfg, "offline.untried_bonus");
	p->motif_bonus = config_double(cfg, "offline.motif_bonus");
	p->epsilon = config_double(cfg, "offline.epsilon");
	p->stuck_limit = (int)config_int(cfg, "offline.stuck_limit");
	p->form_first = config_bool(cfg, "offline.form_first");
	p->breadth = config_bool(cfg, "offline.breadth");
	p->repeat_damping = config_bool(cfg, "offline.repeat_damping");
	p->settings_first = config_bool(cfg, "offline.settings_first");
	p->probe_share = config_double(cfg, "offline.probe_share");
	p->probe_submit = config_bool(cfg, "offline.probe_submit");
	p->probe_taken = config_bool(cfg, "offline.probe_taken");
	p->probe_one = config_bool(cfg, "offline.probe_one");
	p->back_probe = config_bool(cfg, "offline.back_probe");
	p->keypad_finish = config_bool(cfg, "offline.keypad_finish");
	p->long_probe = config_bool(cfg, "offline.long_probe");
	p->edit_finish = config_bool(cfg, "offline.edit_finish");
	p->seed = (unsigned)config_int(cfg, "run.seed");
	if (p->init_weight <= 0 || p->back_weight < 0 || p->untried_bonus < 1 ||
	    p->motif_bonus < 1 || p->epsilon < 0 || p->epsilon > 1 || p->stuck_limit < 1 ||
	    p->probe_share < 0 || p->probe_share > 1) {
		offline_policy_params_default(p);
		return td_error(TD_ERR_CONFIG, "offline: init_weight > 0, back_weight >= 0, "
				"bonuses >= 1, epsilon in [0,1], stuck_limit >= 1, "
				"probe_share in [0,1] expected");
	}
	return TD_OK;
}

/* FNV-1a over a string, continuing from h. */
static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	h ^= 0xff;
	h *= 1099511628211ull;
	return h;
}

/* Mix a 64-bit value into h. */
static uint64_t hash_u64(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (i * 8)) & 0xff;
		h *= 1099511628211ull;
	}
	return h;
}

/* xorshift64*: the policy's one random source. */
static uint64_t rng_next(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 2685821657736338717ull;
}

/* Uniform in [0,1). */
static double rng_unit(uint64_t *s)
{
	return (double)(rng_next(s) >> 11) / 9007199254740992.0;
}

struct offline_policy *offline_policy_new(const struct offline_policy_params *p)
{
	struct offline_policy *pol = xcalloc(1, sizeof(*pol));

	if (p)
		pol->p = *p;
	else
		offline_policy_params_default(&pol->p);
	pol->cap = 256;
	pol->events = xcalloc(pol->cap, sizeof(*pol->events));
	pol->tried_cap = 256;
	pol->tried = xcalloc(pol->tried_cap, sizeof(*pol->tried));
	pol->rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)pol->p.seed * 0xD1B54A32D192ED03ull);
	if (!pol->rng)
		pol->rng = 1;
	pol->probe_rng = pol->rng ^ 0x5851F42D4C957F2Dull;
	if (!pol->probe_rng)
		pol->probe_rng = 1;
	pol->last_type = ACTION_NONE;
	return pol;
}

void offline_policy_free(struct offline_policy *pol)
{
	if (!pol)
		return;
	for (size_t i = 0; i < pol->cap; i++)
		free(pol->events[i].next);
	free(pol->events);
	free(pol->blocked);
	free(pol->tried);
	free(pol->filled);
	for (size_t i = 0; i < pol->n_words; i++)
		free(pol->words[i]);
	free(pol);
}

/*
 * Remember the first word (4-20 letters) of each visible text in a list
 * row: a search for an item the app listed finds results, as a tester
 * would search for something they saw.
 */
static void learn_words(struct offline_policy *pol, const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char word[24];
		size_t len = 0, k;

		if (!w->text[0] || !strstr(w->class_name, "TextView") || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &t->screen) || !ui_widget_in_list(w))
			continue;
		while (isalpha((unsigned char)w->text[len]) && len < sizeof(word) - 1) {
			word[len] = (char)tolower((unsigned char)w->text[len]);
			len++;
		}
		word[len] = '\0';
		if (len < 4 || len > 20 || (w->text[len] && !isspace((unsigned char)w->text[len])))
			continue;
		for (k = 0; k < pol->n_words && strcmp(pol->words[k], word); k++)
			;
		if (k < pol->n_words)
			continue;
		if (pol->n_words < POLICY_WORDS) {
			pol->words[pol->n_words++] = xstrdup(word);
		} else {
			free(pol->words[pol->next_word]);
			pol->words[pol->next_word] = xstrdup(word);
			pol->next_word = (pol->next_word + 1) % POLICY_WORDS;
		}
	}
}

/* Slot of `key` (existing or the empty slot where it would go). */
static size_t event_slot(const struct offline_policy *pol, uint64_t key)
{
	size_t mask = pol->cap - 1, i = (size_t)(key ^ (key >> 29)) & mask;

	while (pol->events[i].used && pol->events[i].key != key)
		i = (i + 1) & mask;
	return i;
}

/* Double the event table, rehashing (the next-lists hold indices: remap them). */
static void events_grow(struct offline_policy *pol)
{
	struct event *old = pol->events;
	size_t old_cap = pol->cap, *map = xmalloc(old_cap * sizeof(*map));

	pol->cap *= 2;
	pol->events = xcalloc(pol->cap, sizeof(*pol->events));
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i].used)
			continue;
		size_t j = event_slot(pol, old[i].key);
		pol->events[j] = old[i];
		map[i] = j;
	}
	for (size_t i = 0; i < pol->cap; i++)
		for (size_t k = 0; pol->events[i].used && k < pol->events[i].n_next; k++)
			pol->events[i].next[k] = map[pol->events[i].next[k]];
	free(map);
	free(old);
}

/* The event for `key`, created with weight `w0` when new. Returns its index. */
static size_t event_get(struct offline_policy *pol, uint64_t key, double w0)
{
	size_t i;

	if ((pol->n + 1) * 2 > pol->cap)
		events_grow(pol);
	i = event_slot(pol, key);
	if (!pol->events[i].used) {
		struct event *e = &pol->events[i];

		e->used = true;
		e->key = key;
		e->weight = w0;
		e->w0 = w0;
		e->exec = 1.0;
		for (size_t b = 0; b < pol->n_blocked; b++)
			if (pol->blocked[b] == key)
				e->blocked = true;
		pol->n++;
	}
	return i;
}

/* Find an event; NULL when unknown. */
static const struct event *event_find(const struct offline_policy *pol, uint64_t key)
{
	size_t i = event_slot(pol, key);

	return pol->events[i].used ? &pol->events[i] : NULL;
}

/* Insert into the tried set; returns true when it was new. */
static bool tried_add(struct offline_policy *pol, uint64_t h)
{
	size_t mask, i;

	if (!h)
		h = 1;
	if ((pol->n_tried + 1) * 2 > pol->tried_cap) {
		uint64_t *old = pol->tried;
		size_t old_cap = pol->tried_cap;

		pol->tried_cap *= 2;
		pol->tried = xcalloc(pol->tried_cap, sizeof(*pol->tried));
		pol->n_tried = 0;
		for (size_t k = 0; k < old_cap; k++)
			if (old[k])
				(void)tried_add(pol, old[k]);
		free(old);
	}
	mask = pol->tried_cap - 1;
	for (i = (size_t)(h ^ (h >> 31)) & mask; pol->tried[i]; i = (i + 1) & mask)
		if (pol->tried[i] == h)
			return false;
	pol->tried[i] = h;
	pol->n_tried++;
	return true;
}

/* tried_add() for the current choice: remembered so that offline_policy_adopt() can take it back. */
static bool tried_mark(struct offline_policy *pol, uint64_t h)
{
	bool added = tried_add(pol, h);

	if (added && pol->n_undo_tried < sizeof(pol->undo_tried) / sizeof(pol->undo_tried[0]))
		pol->undo_tried[pol->n_undo_tried++] = h;
	return added;
}

/* Remove h from the tried set (rebuilt without it: rare, after an adopted action). */
static void tried_remove(struct offline_policy *pol, uint64_t h)
{
	uint64_t *old = pol->tried;
	size_t old_cap = pol->tried_cap;

	if (!h)
		h = 1;
	pol->tried = xcalloc(pol->tried_cap, sizeof(*pol->tried));
	pol->n_tried = 0;
	for (size_t k = 0; k < old_cap; k++)
		if (old[k] && old[k] != h)
			(void)tried_add(pol, old[k]);
	free(old);
}

/* Whether h is in the tried set. */
static bool tried_has(const struct offline_policy *pol, uint64_t h)
{
	size_t mask = pol->tried_cap - 1, i;

	if (!h)
		h = 1;
	for (i = (size_t)(h ^ (h >> 31)) & mask; pol->tried[i]; i = (i + 1) & mask)
		if (pol->tried[i] == h)
			return true;
	return false;
}

/* The widget part of an event key (type, id, class, label): state-free. */
/*
 * The length of label s[0..len) without a value at its end: a number with an
 * optional unit of up to four bytes ("Speed 1.5x" -> "Speed", "Sleep in 15
 * min" -> "Sleep in", "1.50" -> ""). A number glued to a word ("mp3",
 * "Chen2") is part of the label.
 */
static size_t label_without_value(const char *s, size_t len)
{
	size_t end = len, unit = 0, digits = 0;

	while (end > 0 && unit < 4 && !isdigit((unsigned char)s[end - 1]) && s[end - 1] != ' ') {
		end--;
		unit++;
	}
	if (unit && end > 0 && s[end - 1] == ' ')
		end--;
	while (end > 0 && (isdigit((unsigned char)s[end - 1]) || s[end - 1] == '.' || s[end - 1] == ',')) {
		digits += isdigit((unsigned char)s[end - 1]) != 0;
		end--;
	}
	if (!digits || (end > 0 && isalpha((unsigned char)s[end - 1])))
		return len;
	while (end > 0 && s[end - 1] == ' ')
		end--;
	return end;
}

static uint64_t widget_key(const struct action *a)
{
	uint64_t h = 14695981039346656037ull;

	h = hash_u64(h, (uint64_t)a->type);
	h = hash_str(h, a->resource_id);
	h = hash_str(h, a->class_name);
	/* Typed text differs per step; the target field does not. */
	if (a->type != ACTION_INPUT && a->widget_text) {
		/* A control that shows its current value ("Format: CSV", "Date:
		 * 2026-11-22", "Theme: Dark", "Speed 1.5x") is the same control
		 * whatever the value: its key is the part before ": ", without a
		 * number at its end. Otherwise every value it is set to reads as
		 * a new, untried widget (podcasts' speed button, 1x to 1.5x to
		 * 2x, took 51-85 of 300 steps). */
		const char *colon = strstr(a->widget_text, ": ");
		size_t len = colon && colon > a->widget_text ? (size_t)(colon - a->widget_text) : strlen(a->widget_text);

		len = label_without_value(a->widget_text, len);

		for (size_t i = 0; i < len; i++)
			h = (h ^ (unsigned char)a->widget_text[i]) * 1099511628211ull;
		h = (h ^ 0xffu) * 1099511628211ull;
	}
	return h;
}

uint64_t offline_event_key(uint64_t state, const struct action *a)
{
	uint64_t k = hash_u64(widget_key(a), state);

	return k ? k : 1;
}

/*
 * Whether s (any case) holds one of the words as a whole word: "Add" is a
 * confirm label, "Addresses" is not; "remove_item" names removing.
 */
static bool has_word(const char *s, const char *const *words)
{
	char low[96];
	size_t i;

	if (!s)
		return false;
	for (i = 0; s[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[i] = '\0';
	for (i = 0; words[i]; i++) {
		size_t len = strlen(words[i]);

		for (const char *p = strstr(low, words[i]); p; p = strstr(p + 1, words[i]))
			if ((p == low || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[len]))
				return true;
	}
	return false;
}

/* Whether a label reads like a confirm button ("Save", "OK", "Add", "Place order"). */
static bool is_confirm_label(const char *s)
{
	static const char *const words[] = { "save", "ok", "done", "add", "create", "submit",
					     "confirm", "apply", "send", "search", "login", "log in",
					     "sign in", "sign up", "register", "next", "continue",
					     "place order", "pay", "post", "publish", NULL };

	return has_word(s, words);
}

/*
 * Whether a label is the way to an app's settings: the whole label
 * "Settings" or "Preferences" (any case, a trailing ellipsis allowed), as a
 * menu item or a gear button's description.
 */
static bool is_settings_label(const char *s)
{
	static const char *const words[] = { "settings", "preferences", NULL };
	size_t len;

	if (!s)
		return false;
	len = strlen(s);
	while (len && (s[len - 1] == '.' || isspace((unsigned char)s[len - 1])))
		len--;
	if (len >= 3 && !strncmp(s + len - 3, "\xe2\x80\xa6", 3)) /* "…" */
		len -= 3;
	for (size_t i = 0; words[i]; i++)
		if (len == strlen(words[i]) && !strncasecmp(s, words[i], len))
			return true;
	return false;
}

/*
 * Whether a label reads like a form's selector showing its value: "List:
 * Pharmacies", "Best before: Thu 3 Dec 2026" (a label of 1-30 bytes with a
 * letter and no digit, ": ", a value).
 */
static bool is_selector_label(const char *s)
{
	return ui_selector_text(s, NULL, NULL);
}

static bool is_delete_label(const char *s);
static bool is_up_arrow(const struct action *a);

/*
 * Whether a click is one of a form's labelled controls: a button (not a
 * switch or box) that sits beside a text field (the same parent) right
 * under a label of its own - a text, not clickable, just before it - and
 * is not a row of a list: a folder, list or date chooser ("Folder" over
 * "📁 Bookmarks" under the Name and URL fields of an edit form). A link
 * under the fields ("Forgot password?", "Terms of use") has no label and
 * leads away from the form.
 */
static bool is_form_control(const struct ui_tree *t, const struct action *a)
{
	const struct ui_widget *w, *p, *label = NULL;
	bool field = false, before = true;

	if (a->type != ACTION_CLICK || a->widget < 0 || (size_t)a->widget >= t->n_nodes)
		return false;
	w = t->nodes[a->widget];
	p = w->parent;
	if (!p || w->checkable || ui_class_is_editable(w->class_name) || ui_widget_in_list(w))
		return false;
	for (size_t i = 0; i < p->n_children; i++) {
		const struct ui_widget *c = p->children[i];

		field |= ui_class_is_editable(c->class_name);
		if (c == w)
			before = false;
		else if (before)
			label = c;
	}
	return field && label && *label->text && !label->clickable && !ui_class_is_editable(label->class_name);
}

/* Whether a click leaves a form without its confirm: Up, Cancel, Discard, a Delete. */
static bool discards_edit(const struct ui_tree *t, const struct action *a)
{
	static const char *const words[] = { "cancel", "discard", "close", NULL };

	if (a->type != ACTION_CLICK || (a->widget >= 0 && (size_t)a->widget < t->n_nodes &&
					ui_widget_in_list(t->nodes[a->widget])))
		return false;
	return is_up_arrow(a) || has_word(a->widget_text, words) || is_delete_label(a->widget_text) ||
	       is_delete_label(a->resource_id);
}

/* Whether a label or resource-id names deleting ("Delete Buy milk", "remove_item"). */
static bool is_delete_label(const char *s)
{
	static const char *const words[] = { "delete", "remove", "trash", NULL };

	return has_word(s, words);
}

/* A click on a list row's delete control. */
static bool is_row_delete(const struct ui_tree *t, const struct action *a)
{
	if (a->type != ACTION_CLICK || a->widget < 0 || (size_t)a->widget >= t->n_nodes ||
	    !ui_widget_in_list(t->nodes[a->widget]))
		return false;
	return is_delete_label(a->widget_text) || is_delete_label(a->resource_id);
}

/*
 * Whether the screen asks a question: no list on it and a way to say no
 * (Cancel, No, Keep) or a dialog's own ids. A list page's "Trash" button,
 * which opens the Trash, is no answer to "Delete?".
 */
static bool screen_asks(const struct ui_tree *t, const struct action *cands, size_t n)
{
	static const char *const no_words[] = { "cancel", "no", "keep", "not now", NULL };
	bool no = false;

	for (size_t i = 0; i < n; i++) {
		if (cands[i].widget >= 0 && (size_t)cands[i].widget < t->n_nodes &&
		    ui_widget_in_list(t->nodes[cands[i].widget]))
			return false;
		if (cands[i].type == ACTION_CLICK && has_word(cands[i].widget_text, no_words))
			no = true;
	}
	for (size_t i = 0; !no && i < t->n_nodes; i++) {
		const char *id = t->nodes[i]->resource_id;

		no = strstr(id, "alertTitle") || strncmp(id, "android:id/button", 17) == 0;
	}
	return no;
}

/* A dialog's positive answer to "Delete?": Delete, Remove, OK, Yes (not in a list). */
static bool is_delete_confirm(const struct ui_tree *t, const struct action *a)
{
	if (a->type != ACTION_CLICK || !a->widget_text || a->widget < 0 || (size_t)a->widget >= t->n_nodes ||
	    ui_widget_in_list(t->nodes[a->widget]))
		return false;
	return is_delete_label(a->widget_text) || !strcasecmp(a->widget_text, "ok") ||
	       !strcasecmp(a->widget_text, "yes");
}

/* A Delete/Remove/Trash click outside lists: a page's own delete control. */
static bool is_page_delete(const struct ui_tree *t, const struct action *a)
{
	if (a->type != ACTION_CLICK || a->widget < 0 || (size_t)a->widget >= t->n_nodes ||
	    ui_widget_in_list(t->nodes[a->widget]))
		return false;
	return is_delete_label(a->widget_text) || is_delete_label(a->resource_id);
}

/*
 * While draining a list: the dialog's Delete/OK, else the first row's
 * delete control; when rows are deleted on their own page, the page's
 * Delete, else the list's last row (the last: deleting only the first row
 * would never delete a row other than the first); else stop draining (the
 * list is empty or left). The candidate's index, or (size_t)-1.
 */
static size_t drain_pick(struct offline_policy *pol, const struct ui_tree *t, uint64_t state,
			 const struct action *cands, size_t n)
{
	size_t row = (size_t)-1;
	bool asks = screen_asks(t, cands, n);

	for (size_t i = 0; i < n; i++) {
		if (event_find(pol, offline_event_key(state, &cands[i]))->blocked)
			continue;
		if (asks && is_delete_confirm(t, &cands[i]))
			return i;
		if (row == (size_t)-1 && is_row_delete(t, &cands[i]))
			row = i;
	}
	if (row == (size_t)-1 && pol->drain_row) {
		size_t last = (size_t)-1;

		for (size_t i = 0; i < n; i++) {
			if (cands[i].type != ACTION_CLICK || event_find(pol, offline_event_key(state, &cands[i]))->blocked)
				continue;
			if (widget_key(&cands[i]) == pol->drain_delete && is_page_delete(t, &cands[i]))
				return i;
			if (widget_key(&cands[i]) == pol->drain_row && row_key(t, &cands[i]))
				last = i;
		}
		row = last;
	}
	if (row == (size_t)-1) {
		pol->drain_left = 0;
		pol->drain_row = 0;
	}
	return row;
}

/* Whether the list of functionality `fh` may not be emptied (again); marks it when `mark`. */
static bool drained_list(struct offline_policy *pol, uint64_t fh, bool mark)
{
	for (size_t i = 0; i < pol->n_drained; i++)
		if (pol->drained[i] == fh)
			return true;
	if (pol->n_drained >= DRAIN_LISTS)
		return true; /* enough lists emptied for one run */
	if (mark)
		pol->drained[pol->n_drained++] = fh;
	return false;
}

/* Whether a click is the toolbar's Up arrow: another way of going Back. */
static bool is_up_arrow(const struct action *a)
{
	return a->type == ACTION_CLICK && a->widget_text &&
	       (!strcasecmp(a->widget_text, "Navigate up") || !strcasecmp(a->widget_text, "Up"));
}

/* Initial weight of an event by its type. Up counts as Back, a little
 * lighter, so that an untried Back goes first: the navigation oracle judges
 * where Back lands, not Up (which may go to a parent by design). */
static double initial_weight(const struct offline_policy *pol, const struct action *a)
{
	if (is_up_arrow(a))
		return pol->p.back_weight * 0.9;
	switch (a->type) {
	case ACTION_BACK:
		return pol->p.back_weight;
	case ACTION_LONG_CLICK:
		return pol->p.init_weight * 0.3;
	case ACTION_SCROLL:
		return pol->p.init_weight * 0.5;
	default:
		return pol->p.init_weight;
	}
}

/* A page family: the functionality (activity and title) without its digits ("Page 3 of 12"). */
static uint64_t page_family(const char *functionality)
{
	uint64_t h = 14695981039346656037ull;

	for (const char *c = functionality ? functionality : ""; *c; c++)
		if (!isdigit((unsigned char)*c))
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h;
}

/* Whether the screen is a dialog, popup or snackbar over a page (core/screen_text.h). */
static bool screen_shows_layer(const struct ui_tree *t)
{
	char *msg = screen_app_message(t);
	bool layer = msg != NULL;

	free(msg);
	return layer;
}

/* FNV-1a over the first len bytes of s. */
static uint64_t hash_prefix(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

/* A screen's kind: the functionality's activity part, before ": " or " (" ("ViewPager: IMG_2041.jpg", "Search (screen 5)"). */
static uint64_t screen_kind(const char *functionality)
{
	const char *f = functionality ? functionality : "";
	size_t len = 0;

	while (f[len] && !(f[len] == ':' && f[len + 1] == ' ') && !(f[len] == ' ' && f[len + 1] == '('))
		len++;
	return hash_prefix(f, len);
}

/* Whether a's label names an overflow or options button ("More options", "Menu"): what opens a menu of actions. */
static bool names_menu_button(const struct action *a)
{
	static const char *const labels[] = { "more options", "more", "options", "menu", "more actions", "actions",
					      "overflow menu", "open menu", "show options", NULL };

	for (size_t i = 0; a->widget_text && labels[i]; i++)
		if (!strcasecmp(a->widget_text, labels[i]))
			return true;
	return false;
}

/* A list row's widget as the Back probe knows it: its resource-id without a trailing index ("mday4") and its class. */
static uint64_t row_widget(const struct action *a)
{
	const char *rid = a->resource_id ? a->resource_id : "";
	size_t len = strlen(rid);

	while (len > 0 && isdigit((unsigned char)rid[len - 1]))
		len--;
	return hash_str(hash_prefix(rid, len), a->class_name);
}

/*
 * The labels of t's selected widgets (a tab, a bottom-bar item), hashed: a
 * list shown under another tab is another list for the Back probe (taskbox's
 * Work and Personal lists share the Inbox's row ids, and only Back from a
 * task opened under Work goes wrong).
 */
static uint64_t selected_key(const struct ui_tree *t)
{
	uint64_t h = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *label;

		if (w->selected && ui_widget_visible(w, &t->screen) && (label = ui_widget_label(w)) && *label)
			h = hash_str(h, label);
	}
	return h;
}

/* Whether t shows an editable field: a form, whose Back would throw away what the user set. */
static bool shows_field(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Repeat damping's identity of action a on the current page family; 0 for
 * what it leaves alone: Back, Up and system events (the ways out) and
 * typing (the form rule's). */
static uint64_t repeat_id(const struct offline_policy *pol, const struct action *a)
{
	uint64_t id;

	if (!pol->p.repeat_damping || is_up_arrow(a) ||
	    (a->type != ACTION_CLICK && a->type != ACTION_LONG_CLICK && a->type != ACTION_CHECK &&
	     a->type != ACTION_SCROLL))
		return 0;
	id = hash_u64(widget_key(a), pol->family);
	return id ? id : 1;
}

/* The execution count of identity id; with `add`, made when missing (a full table forgets its oldest). */
static struct repeat_count *repeat_find(struct offline_policy *pol, uint64_t id, bool add)
{
	size_t n = pol->n_repeats < REPEAT_IDS ? pol->n_repeats : REPEAT_IDS;
	struct repeat_count *r;

	if (!id)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (pol->repeats[i].id == id)
			return &pol->repeats[i];
	if (!add)
		return NULL;
	r = &pol->repeats[pol->n_repeats++ % REPEAT_IDS];
	memset(r, 0, sizeof(*r));
	r->id = id;
	return r;
}

/*
 * Repeat damping, on each choice in the app: note this screen's page
 * family and its set of labels as seen, and judge the widget executed
 * last by them - it made progress when either was new.
 */
static void repeat_judge(struct offline_policy *pol, const struct action *cands, size_t n)
{
	uint64_t labels = 0;
	bool new_family, new_labels;
	struct repeat_count *r;

	for (size_t i = 0; i < n; i++)
		labels += widget_key(&cands[i]) * 0x9E3779B97F4A7C15ull; /* a sum: order does not matter */
	new_family = tried_add(pol, hash_u64(FAMILY_SEEN, pol->family));
	new_labels = tried_add(pol, hash_u64(hash_u64(LABELS_SEEN, pol->family), labels));
	r = repeat_find(pol, pol->judge_id, false);
	if (r)
		r->progress = new_family || new_labels;
	pol->judge_id = 0;
}

/*
 * Repeat damping of an event seen for the first time: its initial weight
 * divided by 1 + the executions of the same widget on the same page
 * family, unless the last of them made progress.
 */
static void repeat_damp(struct offline_policy *pol, struct event *e, const struct action *a)
{
	const struct repeat_count *r;

	if (!pol->p.repeat_damping || e->damp_checked || e->exec > 1.5)
		return;
	e->damp_checked = true;
	r = repeat_find(pol, repeat_id(pol, a), false);
	if (!r || r->progress || !r->count)
		return;
	/* Never executed: its weight is still its initial weight (Υ skips it). */
	e->w0 /= 1.0 + r->count;
	e->weight = e->w0;
}

/*
 * The field an input action types into: its id and class, and its label
 * only when it has no id (a field showing what was typed last time is the
 * same field as when it showed its hint).
 */
static uint64_t field_key(const struct action *a)
{
	return a->resource_id && *a->resource_id ? widget_key(a) : hash_str(widget_key(a), a->widget_text);
}

/* Whether field k got a valid value before; with `add`, remember that it has. */
static bool field_filled(struct offline_policy *pol, uint64_t k, bool add)
{
	size_t lo = 0, hi = pol->n_filled;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (pol->filled[mid] == k)
			return true;
		if (pol->filled[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (add) {
		pol->filled = xgrow(pol->filled, &pol->alloc_filled, pol->n_filled + 1, sizeof(*pol->filled));
		memmove(pol->filled + lo + 1, pol->filled + lo, (pol->n_filled - lo) * sizeof(*pol->filled));
		pol->filled[lo] = k;
		pol->n_filled++;
	}
	return false;
}

/* Whether field k was probed before; `mark`: remember that it is now. */
static bool probed(struct offline_policy *pol, uint64_t k, bool mark)
{
	size_t n = pol->n_probed < PROBED_FIELDS ? pol->n_probed : PROBED_FIELDS;

	for (size_t i = 0; i < n; i++)
		if (pol->probed[i] == k)
			return true;
	if (mark)
		pol->probed[pol->n_probed++ % PROBED_FIELDS] = k;
	return false;
}

/* Forget that field k got a valid value. */
static void field_unfill(struct offline_policy *pol, uint64_t k)
{
	for (size_t i = 0; i < pol->n_filled; i++) {
		if (pol->filled[i] == k) {
			memmove(pol->filled + i, pol->filled + i + 1, (pol->n_filled - i - 1) * sizeof(*pol->filled));
			pol->n_filled--;
			return;
		}
	}
}

/*
 * Keyed rings (a field's stated range, hint and last typed text): keys[cap]
 * with *n entries ever written, the oldest overwritten first. ring_find
 * gives k's slot or -1; ring_claim gives k's slot, taking the next one to
 * overwrite when k has none.
 */
static long ring_find(const uint64_t *keys, size_t cap, size_t n, uint64_t k)
{
	for (size_t i = 0; i < cap && i < n; i++)
		if (keys[i] == k)
			return (long)i;
	return -1;
}

static size_t ring_claim(uint64_t *keys, size_t cap, size_t *n, uint64_t k)
{
	long i = ring_find(keys, cap, *n, k);

	if (i >= 0)
		return (size_t)i;
	keys[*n % cap] = k;
	return (*n)++ % cap;
}

/*
 * The range message `said` the screen shows for field k, kept for the field's
 * later forms; without one, the message last kept for k, or NULL.
 */
static const char *said_for_field(struct offline_policy *pol, uint64_t k, const char *said)
{
	long i = ring_find(pol->said_field, SAID_RANGES, pol->n_said, k);
	size_t slot;

	if (!said)
		return i >= 0 ? pol->said_range[i] : NULL;
	slot = ring_claim(pol->said_field, SAID_RANGES, &pol->n_said, k);
	snprintf(pol->said_range[slot], sizeof(pol->said_range[slot]), "%s", said);
	return pol->said_range[slot];
}

/*
 * What field k asks for: `shown` (its hint or text as the candidate has it),
 * kept for k when the policy did not type it; when it did, what k showed
 * before, if kept (else `shown`). An "Hour (0-23)" field that holds a refused
 * "a" still gets an hour from 0 to 23, not a time of day for its id.
 */
static char *hint_for_field(struct offline_policy *pol, uint64_t k, char *shown)
{
	bool typed = *shown && shows_a_typed_value(pol, hash_str(14695981039346656037ull, shown));
	long i = ring_find(pol->hint_field, FIELD_HINTS, pol->n_hints, k);
	size_t slot;

	if (typed && i >= 0)
		return pol->hint_text[i];
	if (typed || !*shown || strlen(shown) >= sizeof(pol->hint_text[0]))
		return shown;
	slot = ring_claim(pol->hint_field, FIELD_HINTS, &pol->n_hints, k);
	snprintf(pol->hint_text[slot], sizeof(pol->hint_text[slot]), "%s", shown);
	return shown;
}

/*
 * Remember the names t's lists show: the texts of visible list widgets
 * whose resource-id names a name or title ("folder_name"), when it has
 * any; they stay until a screen shows others. A name field's "taken"
 * probe types one of them.
 */
static void note_taken_names(struct offline_policy *pol, const struct ui_tree *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_nodes && n < TAKEN_NAMES; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *tail = strrchr(w->resource_id, '/');
		size_t len = strlen(w->text);

		if (len < 2 || len >= TAKEN_NAME_MAX || !tail || ui_class_is_editable(w->class_name) ||
		    (!strcasestr(tail, "name") && !strcasestr(tail, "title")) || !ui_widget_in_list(w) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		if (!n)
			pol->n_taken = 0;
		snprintf(pol->taken[n++], TAKEN_NAME_MAX, "%s", w->text);
	}
	if (n)
		pol->n_taken = n;
}

/* Whether name field k had its "taken" probe; remembers that it has now. */
static bool taken_probed(struct offline_policy *pol, uint64_t k)
{
	size_t n = pol->n_taken_probed < PROBED_FIELDS ? pol->n_taken_probed : PROBED_FIELDS;

	for (size_t i = 0; i < n; i++)
		if (pol->taken_probed[i] == k)
			return true;
	pol->taken_probed[pol->n_taken_probed++ % PROBED_FIELDS] = k;
	return false;
}

/* Give the chosen action its payload (typed text) and remember it. */
static void finish_choice(struct offline_policy *pol, const struct ui_tree *t, struct action *a, uint64_t state,
			  uint64_t key, const char *why)
{
	char buf[160];
	const char *probe = NULL;

	if (a->type == ACTION_INPUT && !a->text) {
		struct ui_widget w;
		const char *said;

		memset(&w, 0, sizeof(w));
		w.text = "";
		w.hint = hint_for_field(pol, field_key(a), a->widget_text ? a->widget_text : "");
		w.resource_id = a->resource_id ? a->resource_id : "";
		w.class_name = a->class_name ? a->class_name : "";
		w.content_desc = "";
		/* A range the app states for the field ("Enter an amount from 1 to 99"),
		 * on this screen or on an earlier form of it, probe or not. */
		said = said_for_field(pol, field_key(a), input_gen_range_said(t, &w));
		/* A field gets a valid value first; later entries probe it now and
		 * then, first as a tester does (an empty name, letters in a number),
		 * then with the other probes of its kind. */
		if (pol->p.probe_share > 0 && !pol->no_probe && field_filled(pol, field_key(a), false) &&
		    !(pol->p.probe_one && state == pol->visit_state && pol->visit_probed &&
		      pol->visit_probed != field_key(a)) &&
		    rng_unit(&pol->probe_rng) < (probed(pol, field_key(a), false) ? pol->p.probe_share
						 : fmax(pol->p.probe_share, FIRST_PROBE_SHARE))) {
			unsigned ps = probed(pol, field_key(a), true) ? ++pol->serial : 0;
			enum input_kind kind = input_gen_kind(&w);

			/* A name field's second probe (offline.probe_taken): a name the app's list
			 * already shows (a folder or list named like one that exists), once per field. */
			if (pol->p.probe_taken && ps && pol->n_taken &&
			    (kind == INPUT_KIND_NAME || kind == INPUT_KIND_TITLE) && !taken_probed(pol, field_key(a))) {
				snprintf(buf, sizeof(buf), "%s", pol->taken[ps % pol->n_taken]);
				probe = "taken";
			} else {
				probe = input_gen_probe_name(input_gen_probe(&w, ps, buf, sizeof(buf)));
			}
		}
		/* A number field with a stated range gets a number inside it. */
		else if (input_gen_text_in(&w, said, ++pol->serial, buf, sizeof(buf)) ==
				 INPUT_KIND_SEARCH &&
			 pol->n_words)
			snprintf(buf, sizeof(buf), "%s", pol->words[(pol->serial * 7u) % pol->n_words]);
		if (!probe && !field_filled(pol, field_key(a), true))
			pol->undo_filled = field_key(a);
		if (probe && state == pol->visit_state && !pol->visit_probed) {
			pol->visit_probed = field_key(a);
			pol->undo_probed = true;
		}
		a->text = xstrdup(buf);
	}
	if (a->type == ACTION_INPUT && a->text && *a->text)
		pol->typed_vals[pol->n_typed_vals++ % TYPED_VALUES] = hash_str(14695981039346656037ull, a->text);
	if (a->type == ACTION_INPUT && a->text)
		pol->kept_text[ring_claim(pol->kept_field, FORM_FIELDS, &pol->n_kept, field_key(a))] =
			hash_str(14695981039346656037ull, a->text);
	if (a->type == ACTION_INPUT && state == pol->visit_state && pol->n_typed < FORM_FIELDS &&
	    !typed_this_visit(pol, a)) {
		pol->typed[pol->n_typed++] = widget_key(a);
		pol->undo_typed = true;
	}
	if (a->type == ACTION_CLICK && a->widget_text) {
		const char *value = strstr(a->widget_text, ": ");

		if (value && strlen(value + 2) < sizeof(pol->opener_value)) {
			snprintf(pol->opener_value, sizeof(pol->opener_value), "%s", value + 2);
			pol->opener_at = pol->choices;
		}
	}
	free(a->reason);
	a->reason = probe ? xasprintf("%s; probing the field with %s input", why, probe) : xstrdup(why);
	pol->last_probe = probe != NULL;
	pol->last_event = key;
	pol->last_state = state;
	pol->last_type = a->type;
	pol->last_id = key ? repeat_id(pol, a) : 0;
}

/*
 * Whether the policy typed into this field during the current visit of its
 * screen. (Whether a field is empty cannot be read from every dump: older
 * ones show the hint as the text.)
 */
static bool typed_this_visit(const struct offline_policy *pol, const struct action *a)
{
	uint64_t k = widget_key(a);

	for (size_t i = 0; i < pol->n_typed; i++)
		if (pol->typed[i] == k)
			return true;
	return false;
}

/* Whether s is nothing but the dots (U+2022, U+25CF) or asterisks a password field masks its text with. */
static bool only_mask_dots(const char *s)
{
	if (!*s)
		return false;
	while (*s) {
		if (!strncmp(s, "\xe2\x80\xa2", 3) || !strncmp(s, "\xe2\x97\x8f", 3))
			s += 3;
		else if (*s == '*')
			s++;
		else
			return false;
	}
	return true;
}

/*
 * Whether an input candidate's field still shows the text the policy typed
 * into it last (left for a dialog or another page and come back): it is not
 * an empty field of the form.
 */
static bool shows_kept_text(const struct offline_policy *pol, const struct ui_tree *t, const struct action *a)
{
	const struct ui_widget *w;
	uint64_t k, h;
	long i;

	if (a->type != ACTION_INPUT || a->widget < 0 || (size_t)a->widget >= t->n_nodes)
		return false;
	w = t->nodes[a->widget];
	if (!w->text || !*w->text)
		return false;
	/* A password field shows what it holds as dots: it holds something. */
	if (pol->p.breadth && w->password && only_mask_dots(w->text))
		return true;
	k = field_key(a);
	h = hash_str(14695981039346656037ull, w->text);
	i = ring_find(pol->kept_field, FORM_FIELDS, pol->n_kept, k);
	if (i >= 0 && pol->kept_text[i] == h)
		return true;
	return pol->p.breadth && shows_a_typed_value(pol, h);
}

/* Whether h is the hash of a value the policy typed (the ring). */
static bool shows_a_typed_value(const struct offline_policy *pol, uint64_t h)
{
	/* ... or a value the policy typed into any field earlier: a page
	 * reached again through Back (a form an earlier Save left on the
	 * stack, KeePassDX's edit form) shows what was typed then. */
	for (size_t i = 0; i < TYPED_VALUES && i < pol->n_typed_vals; i++)
		if (pol->typed_vals[i] == h)
			return true;
	return false;
}

/* Input candidates keep their hint so input_gen can read it. */
static void note_hints(struct action *cands, size_t n, const struct ui_tree *t)
{
	for (size_t i = 0; i < n; i++) {
		const struct ui_widget *w;

		if (cands[i].type != ACTION_INPUT || cands[i].widget < 0 ||
		    (size_t)cands[i].widget >= t->n_nodes)
			continue;
		w = t->nodes[cands[i].widget];
		if (*w->hint) {
			free(cands[i].widget_text);
			cands[i].widget_text = xstrdup(w->hint);
		}
	}
}

/* Hash of the texts (and descriptions) in w's subtree. */
static uint64_t subtree_text_hash(const struct ui_widget *w, uint64_t h)
{
	h = hash_str(hash_str(h, w->text), w->content_desc);
	for (size_t i = 0; i < w->n_children; i++)
		h = subtree_text_hash(w->children[i], h);
	return h;
}

/* Whether a text of t says rows are selected ("2 selected"), or a checkable in a list row is checked. */
static bool shows_selection(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *p;

		if (!ui_widget_visible(w, &t->screen))
			continue;
		if (w->checkable && w->checked && ui_widget_in_list(w))
			return true;
		p = strcasestr(w->text, " selected");
		if (p && p > w->text && isdigit((unsigned char)p[-1]) && !isalpha((unsigned char)p[9]))
			return true;
	}
	return false;
}

/* Whether the label's first word is Remove or Delete (any case). */
static bool removes_label(const char *s)
{
	static const char *const words[] = { "remove", "delete", NULL };

	for (size_t k = 0; s && words[k]; k++)
		if (!strncasecmp(s, words[k], strlen(words[k])) && !isalpha((unsigned char)s[strlen(words[k])]))
			return true;
	return false;
}

/*
 * A key for the data a candidate acts on when it sits in a list row: its
 * widget key mixed with the row's texts. Rows of one list share an event
 * (Genie's abstraction); this key tells which rows were already opened, so
 * that ties go to a row not opened yet, as a tester opens different items.
 * 0 when the candidate is not in a list.
 */
static uint64_t row_key(const struct ui_tree *t, const struct action *a)
{
	const struct ui_widget *w, *row;

	if (a->widget < 0 || (size_t)a->widget >= t->n_nodes || !ui_widget_in_list(t->nodes[a->widget]))
		return 0;
	w = t->nodes[a->widget];
	/* The row: the ancestor whose parent is the list (or w itself). */
	for (row = w; row->parent && ui_widget_in_list(row->parent); row = row->parent)
		;
	return hash_u64(widget_key(a) ^ 0x9e3779b97f4a7c15ull, subtree_text_hash(row, 1469598103934665603ull));
}

/* Whether a label reads like a control that orders a list ("Sort A-Z", "Sort by name", "Newest first"). */
static bool is_sort_label(const char *s)
{
	static const char *const words[] = { "sort", "a-z", "z-a", "a to z", "z to a", "newest",
					     "oldest", "ascending", "descending", "alphabetical", NULL };

	return has_word(s, words);
}

/* A sort control is tried again on longer lists up to this many rows. */
#define SORT_ROWS_MAX 4

/*
 * A sort control's key for a list of `rows` rows: its widget key and
 * functionality mixed with min(rows, SORT_ROWS_MAX). 0 when the candidate
 * is no sort control outside a list, or rows < 2: sorting one row shows
 * nothing.
 */
static uint64_t sort_rows_key(const struct action *a, uint64_t fh, size_t rows)
{
	if (rows < 2)
		return 0;
	return hash_u64(hash_u64(widget_key(a) ^ 0x736f72745f726f77ull, fh), rows < SORT_ROWS_MAX ? rows : SORT_ROWS_MAX);
}

/* How many list rows the screen shows, when the candidate is a sort control outside a list; else 0. */
static size_t sort_rows(const struct ui_tree *t, const struct action *a)
{
	size_t rows = 0;

	if (a->type != ACTION_CLICK || !is_sort_label(a->widget_text) || a->widget < 0 ||
	    (size_t)a->widget >= t->n_nodes || ui_widget_in_list(t->nodes[a->widget]))
		return 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		/* A row: a widget in a list whose parent is the list itself. */
		if (w->parent && ui_widget_in_list(w) && !ui_widget_in_list(w->parent))
			rows++;
	}
	return rows;
}

/* Whether a sort control is untried on a list this long (never clicked on one as long, up to SORT_ROWS_MAX). */
static bool sort_untried_rows(const struct offline_policy *pol, const struct ui_tree *t, const struct action *a,
			      uint64_t fh)
{
	uint64_t k = sort_rows_key(a, fh, sort_rows(t, a));

	return k && !tried_has(pol, k);
}

/* Mark a chosen sort control as tried on lists as long as this one and shorter. */
static void sort_mark_rows(struct offline_policy *pol, const struct ui_tree *t, const struct action *a, uint64_t fh)
{
	size_t rows = sort_rows(t, a);

	/* The choice's own key can be taken back (offline_policy_adopt); shorter lists stay marked. */
	for (size_t r = 2; r < rows && r < SORT_ROWS_MAX; r++)
		(void)tried_add(pol, sort_rows_key(a, fh, r));
	if (rows >= 2)
		(void)tried_mark(pol, sort_rows_key(a, fh, rows));
}

/* Whether w's subtree shows a text the policy typed (hashes in `vals`, n of them). */
static bool subtree_shows_typed(const struct ui_widget *w, const uint64_t *vals, size_t n)
{
	if (w->text && *w->text) {
		uint64_t h = hash_str(14695981039346656037ull, w->text);

		for (size_t i = 0; i < n; i++)
			if (vals[i] == h)
				return true;
	}
	for (size_t i = 0; i < w->n_children; i++)
		if (subtree_shows_typed(w->children[i], vals, n))
			return true;
	return false;
}

/*
 * Whether the screen shows a value the policy typed: a page made new by the
 * policy's own entries (an entry retitled by an edit) is no news.
 */
static bool shows_typed(const struct offline_policy *pol, const struct ui_tree *t)
{
	size_t n = pol->n_typed_vals < TYPED_VALUES ? pol->n_typed_vals : TYPED_VALUES;

	for (size_t i = 0; i < t->n_roots; i++)
		if (subtree_shows_typed(t->roots[i], pol->typed_vals, n))
			return true;
	return false;
}

/*
 * Whether a candidate sits in a list row that shows none of the values the
 * policy typed: a row the app listed itself (its own data, a feed it came
 * with), not one the policy added.
 */
static bool row_is_apps_own(const struct offline_policy *pol, const struct ui_tree *t, const struct action *a)
{
	const struct ui_widget *row;

	if (a->widget < 0 || (size_t)a->widget >= t->n_nodes || !ui_widget_in_list(t->nodes[a->widget]))
		return false;
	for (row = t->nodes[a->widget]; row->parent && ui_widget_in_list(row->parent); row = row->parent)
		;
	return !subtree_shows_typed(row, pol->typed_vals,
				    pol->n_typed_vals < TYPED_VALUES ? pol->n_typed_vals : TYPED_VALUES);
}

/*
 * Whether the launch screen still has an event never executed, besides the
 * one just chosen (moved out of cands: ACTION_NONE).
 */
static bool launch_has_untried(const struct offline_policy *pol, uint64_t state, const struct action *cands,
			       size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t key;
		const struct event *e;

		if (cands[i].type == ACTION_NONE)
			continue;
		key = offline_event_key(state, &cands[i]);
		e = event_find(pol, key);
		if (key != pol->last_event && e && !e->blocked && !e->exits && e->exec < 1.5)
			return true;
	}
	return false;
}

/*
 * Whether to press Back, known to leave the app here, so that the app is
 * relaunched on its first screen: every event of this screen was executed
 * and the first screen still has one that never was. Genie's weights are
 * local: on a page whose Back leaves the app (a page that replaced the
 * first one, as a month grid's day does), the way back to the first
 * screen's untried widgets weighs 1% of Back's weight, and the steps go to
 * the heaviest tried event here instead, often a form that is filled anew
 * on every visit (calendar: 200 of 300 steps on its event editor, the
 * first screen seen 3-6 times, its Settings and bottom bar never tried).
 */
static bool relaunch_for_untried(const struct offline_policy *pol, uint64_t state, uint64_t back_key,
				 size_t fresh_here)
{
	const struct event *be = event_find(pol, back_key);

	return !fresh_here && pol->launch_untried && state != pol->launch_state && be && be->exits &&
	       !be->blocked;
}

/*
 * The play state a screen's media controls show: the labels of its visible
 * clickable controls that read exactly one word of a media pair (Play,
 * Pause, Resume, Start, Stop, Mute, Unmute) hashed, else 0. A tester tries a
 * player's other controls again once it is paused, as well as while it
 * plays (a Rewind that starts a paused book again); the "untried here" keys
 * of such a screen include it.
 */
static uint64_t media_mode(const struct ui_tree *t)
{
	static const char *const words[] = { "play", "pause", "resume", "start", "stop", "mute", "unmute" };
	uint64_t h = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *label;

		if (!w->clickable || !ui_widget_visible(w, &t->screen))
			continue;
		label = ui_widget_label(w);
		for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (!strcasecmp(label, words[k]))
				h = hash_str(h ? h : 14695981039346656037ull, words[k]);
	}
	return h;
}

/* A calculator key's kind: 'd' a digit, 'o' an operator, '=' equals; 0: none. */
static char keypad_key(const struct action *a)
{
	static const char *const ops[] = { "+", "-", "\u2212", "\u00d7", "\u00f7", "*", "/", "%", NULL };
	const char *s = a->widget_text;

	if (a->type != ACTION_CLICK || !s)
		return 0;
	if (isdigit((unsigned char)s[0]) && !s[1])
		return 'd';
	if (!strcmp(s, "="))
		return '=';
	for (size_t i = 0; ops[i]; i++)
		if (!strcmp(s, ops[i]))
			return 'o';
	return 0;
}

/*
 * Whether the candidates are a calculator's keypad: all ten digit keys, an
 * "=" and an operator key (a PIN pad or a dialer has no "=").
 */
static bool is_keypad(const struct action *cands, size_t n)
{
	unsigned digits = 0;
	bool eq = false, op = false;

	for (size_t i = 0; i < n; i++) {
		char k = keypad_key(&cands[i]);

		if (k == 'd')
			digits |= 1u << (cands[i].widget_text[0] - '0');
		eq = eq || k == '=';
		op = op || k == 'o';
	}
	return digits == 0x3ff && eq && op;
}

/*
 * The keypad motif's pick (offline.keypad_finish): after an operator key, a
 * digit (a random one); after that digit, "=". A tester finishes the
 * calculation an operator starts and reads its result: an operator pressed
 * and left (the next pick another operator, or Settings) shows nothing, and
 * a percent that divides twice shows only once "=" computes. (size_t)-1:
 * none (not a keypad, no stage).
 */
static size_t keypad_pick(struct offline_policy *pol, const struct action *cands, size_t n)
{
	size_t picks[16], np = 0;
	char want = pol->keypad_stage == 1 ? 'd' : '=';

	if (!pol->keypad_stage || !is_keypad(cands, n))
		return (size_t)-1;
	for (size_t i = 0; i < n && np < 16; i++)
		if (keypad_key(&cands[i]) == want)
			picks[np++] = i;
	return np ? picks[rng_next(&pol->rng) % np] : (size_t)-1;
}

/* Whether a click's label or resource-id names editing the page's item ("Edit", "Edit card", "edit_btn"). */
static bool is_edit_label(const struct action *a)
{
	static const char *const words[] = { "edit", NULL };

	return a->type == ACTION_CLICK && (has_word(a->widget_text, words) || has_word(a->resource_id, words));
}

/*
 * Whether a text field shows a value of its own: a text that is not empty
 * and not its hint (older dumps show the hint as the text of an empty field).
 */
static bool field_shows_value(const struct ui_widget *w)
{
	return *w->text && strcmp(w->text, w->hint) && !only_mask_dots(w->text);
}

/*
 * The edit motif's pick (offline.edit_finish). Stage 1, on the screen an
 * Edit click just opened: when it is a form with a confirm whose text
 * fields all show values (an existing item's), the field to change - the
 * first title or name field, else the first field. Stage 2, right after
 * that input on the same form: its confirm of the largest weight, never
 * one that leaves the app. Not on a form with a labelled chooser
 * (is_form_control): the weights' own order there (a value, the chooser,
 * the confirm) is the edit a tester makes. A tester edits an item by changing one thing
 * and saving; retyping every field, as the form rule does for a new item,
 * runs into its probes (calendar's edited event, typed over with a long
 * title, never saved on any seed, session 65). (size_t)-1: none.
 */
static size_t edit_pick(struct offline_policy *pol, const struct ui_tree *t, uint64_t state,
			const struct action *cands, size_t n, bool has_confirm)
{
	size_t pick = (size_t)-1, first = (size_t)-1;
	double pick_w = -1.0;

	if (!has_confirm)
		return (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		const struct action *c = &cands[i];
		const struct event *e = event_find(pol, offline_event_key(state, c));

		if (e->blocked)
			continue;
		if (pol->edit_stage == 2) {
			if (c->type == ACTION_CLICK && is_confirm_label(c->widget_text) && !e->exits &&
			    e->weight > pick_w) {
				pick_w = e->weight;
				pick = i;
			}
			continue;
		}
		/* A form with a labelled chooser beside its fields (a bookmark's Folder): the weights pick it
		 * after a value typed, and what a chooser does to the typed values is what goes wrong there
		 * (browser's bookmark name lost after a folder pick, lost on two seeds to an early Save). */
		if (is_form_control(t, c))
			return (size_t)-1;
		if (c->type != ACTION_INPUT || c->widget < 0 || (size_t)c->widget >= t->n_nodes)
			continue;
		if (!field_shows_value(t->nodes[c->widget]))
			return (size_t)-1; /* an empty field: a new item's form, the form rule's */
		if (first == (size_t)-1)
			first = i;
		if (pick == (size_t)-1) {
			enum input_kind k = input_gen_kind(t->nodes[c->widget]);

			if (k == INPUT_KIND_TITLE || k == INPUT_KIND_NAME)
				pick = i;
		}
	}
	return pick != (size_t)-1 ? pick : first;
}

void offline_policy_choose(struct offline_policy *pol, const struct ui_tree *t, uint64_t state,
			   uint64_t text_sig, const char *functionality, bool in_app,
			   struct action *out)
{
	struct action *cands = NULL, back;
	size_t n, best = (size_t)-1, i;
	double best_w = -1.0;
	bool untried_inputs = false, after_input, form = false, has_confirm = false, edit_pending, new_state;
	bool first_choices;
	size_t empty_inputs = 0, fresh_here = 0;
	uint64_t fh = hash_str(14695981039346656037ull, functionality ? functionality : "");
	uint64_t mode = media_mode(t), th = mode ? hash_u64(fh, mode) : fh; /* "untried here": page and play state */
	uint64_t back_key, rk;

	action_init(out);
	pol->choices++;
	pol->n_undo_tried = 0;
	pol->undo_filled = 0;
	pol->undo_typed = false;
	pol->undo_probed = false;
	pol->last_fh = th;
	if (pol->p.repeat_damping)
		pol->family = page_family(functionality);
	if (!in_app) {
		/* The Back probe just made left the app (a day page that replaced
		 * the month, whose Back closes the app): the navigation oracle has
		 * judged it; pages of that kind from that kind are not probed again. */
		if (pol->probe_exits && pol->probe_at + 1 == pol->choices)
			(void)tried_add(pol, pol->probe_exits);
		pol->stuck = 0;
		pol->drain_left = 0; /* a crash or another app ends the emptying: never again after a relaunch */
		out->type = pol->out_of_app++ >= 1 ? ACTION_RESTART : ACTION_BACK;
		if (out->type == ACTION_RESTART)
			pol->out_of_app = 0;
		finish_choice(pol, t, out, state, 0, "the app is not in the foreground");
		return;
	}
	pol->out_of_app = 0;
	if (pol->p.probe_taken)
		note_taken_names(pol, t);
	if (pol->last_type == ACTION_NONE || pol->last_type == ACTION_RESTART)
		pol->launch_state = state;
	else
		pol->relaunching = pol->relaunching && state == pol->launch_state;
	if (pol->last_type != ACTION_NONE && pol->last_type != ACTION_RESTART &&
	    text_sig == pol->last_text && state == pol->last_state)
		pol->stuck++;
	else
		pol->stuck = 0;
	pol->last_text = text_sig;
	if (pol->stuck >= 2 * pol->p.stuck_limit) {
		pol->stuck = 0;
		out->type = ACTION_RESTART;
		finish_choice(pol, t, out, state, 0, "stuck: Back did not help, restarting");
		return;
	}
	if (pol->stuck >= pol->p.stuck_limit && pol->last_type != ACTION_BACK) {
		out->type = ACTION_BACK;
		finish_choice(pol, t, out, state, 0, "stuck: the screen stopped changing");
		return;
	}

	new_state = tried_add(pol, hash_u64(STATE_SEEN, state));
	if (pol->p.breadth) {
		if (new_state && !shows_typed(pol, t))
			pol->since_new = 0;
		else
			pol->since_new++;
	}
	learn_words(pol, t);
	edit_pending = pol->edit_state && state == pol->edit_state;
	if (edit_pending)
		pol->edit_away = 0;
	else if (pol->edit_state && ++pol->edit_away > EDIT_AWAY_MAX)
		pol->edit_state = 0;
	if (state != pol->visit_state) {
		pol->visit_state = state;
		pol->n_typed = 0;
		pol->visit_probed = 0;
	}
	n = offline_candidates(t, &cands);
	note_hints(cands, n, t);
	if (pol->p.repeat_damping)
		repeat_judge(pol, cands, n);
	after_input = pol->last_type == ACTION_INPUT && state == pol->last_state;
	for (i = 0; i < n; i++) {
		size_t ei = event_get(pol, offline_event_key(state, &cands[i]),
				      initial_weight(pol, &cands[i]));

		repeat_damp(pol, &pol->events[ei], &cands[i]);

		if (cands[i].type == ACTION_INPUT && pol->events[ei].exec < 1.5)
			untried_inputs = true;
		if (pol->events[ei].exec < 1.5 && !pol->events[ei].blocked)
			fresh_here++;
		if (cands[i].type == ACTION_INPUT && !typed_this_visit(pol, &cands[i]) &&
		    !shows_kept_text(pol, t, &cands[i]))
			empty_inputs++;
		if (cands[i].type == ACTION_CLICK && is_confirm_label(cands[i].widget_text))
			form = true;
	}
	has_confirm = form;
	/* A form (fields and a confirm button): fill its empty fields first,
	 * as a tester would, instead of submitting it empty again. */
	form = form && empty_inputs && pol->p.form_first;
	action_init(&back);
	back.type = ACTION_BACK;
	back_key = offline_event_key(state, &back);
	(void)event_get(pol, back_key, initial_weight(pol, &back));

	if (pol->drain_left > 0 && n) {
		size_t pick;

		pol->drain_left--;
		pick = drain_pick(pol, t, state, cands, n);
		if (pick != (size_t)-1) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			finish_choice(pol, t, out, state, key, "emptying the list (deleting every row, as a tester does)");
			goto out;
		}
	}
	if (pol->p.breadth && pol->since_new >= STALE_RESTART_AFTER && pol->launch_untried &&
	    state != pol->launch_state) {
		pol->since_new = 0;
		pol->relaunching = true;
		out->type = ACTION_RESTART;
		finish_choice(pol, t, out, state, 0,
			      "nothing new for a while; the first screen has untried events: restarting the app");
		goto out;
	}
	if (relaunch_for_untried(pol, state, back_key, fresh_here)) {
		pol->relaunching = true;
		*out = back;
		finish_choice(pol, t, out, state, back_key,
			      "Back leaves the app: every event here was tried, the first screen has untried ones");
		goto out;
	}
	/* A page a list's row just opened (a screen never seen, another page, no
	 * dialog, no field: not a picker's row that returns to a page seen, nor
	 * a form whose Back would throw away what was set): a tester goes Back
	 * at once, once per list and kind of page, to see the list again -
	 * Back from an item's page is where apps go wrong (a photo opened in a
	 * folder that returns to the folders, a country's stations that return
	 * to another tab), and the navigation oracle judges where it lands. The
	 * page's own widgets wait for the next row opened. A list is known by
	 * its row's resource-id without a trailing index (a month grid's
	 * "mday1".."mday7"), a kind of page by the functionality's activity
	 * part; after a probe that left the app, that pair of kinds is not
	 * probed again. An item of a dialog or menu that opened a page (an
	 * entity's Device info) is probed the same way, once per item, and
	 * rows' exits do not stop it: in a one-activity app (smarthome) an
	 * area's Back closes the app on the first step, and every pair of
	 * kinds is the same. Its page may be one seen before (the entity's
	 * device, reached first from the energy page): the item is the new
	 * way there, and Back after it is what is untried. */
	bool row_opened = pol->row_click_at && pol->row_click_at + 1 == pol->choices && fh != pol->row_click_fh;
	bool item_opened = pol->layer_click_at && pol->layer_click_at + 1 == pol->choices &&
			   fh != pol->layer_click_fh;

	if (pol->p.back_probe && (row_opened || item_opened) && pol->last_type == ACTION_CLICK &&
	    (new_state || item_opened) &&
	    !screen_shows_layer(t) && !shows_field(t)) {
		uint64_t kinds = hash_u64(row_opened ? pol->row_click_kind : pol->layer_click_kind,
					  screen_kind(functionality));
		uint64_t probe = hash_u64(hash_u64(BACK_PROBED, row_opened ? pol->row_click_rid : pol->layer_click_id),
					  kinds);

		uint64_t exits = hash_u64(row_opened ? BACK_PROBE_EXITS : BACK_ITEM_PROBE_EXITS, kinds);

		if (!tried_has(pol, exits) && tried_mark(pol, probe)) {
			pol->probe_exits = exits;
			pol->probe_at = pol->choices;
			(void)tried_mark(pol, hash_u64(BACK_TRIED, fh)); /* this page's Back once */
			*out = back;
			finish_choice(pol, t, out, state, back_key,
				      row_opened ? "a row's page just opened: Back, to see it return to the list"
						 : "a menu item's page just opened: Back, to see where it returns");
			goto out;
		}
	}
	/* A probe just typed (an empty name, letters in a number) on a form
	 * with a confirm: a tester submits it at once to see how the form
	 * answers, which the feedback oracles judge; the confirm of the
	 * largest weight, never one that leaves the app. */
	if (pol->p.probe_submit && after_input && pol->last_probe && has_confirm) {
		size_t pick = (size_t)-1;
		double pick_w = -1.0;

		for (i = 0; i < n; i++) {
			const struct event *e;

			if (cands[i].type != ACTION_CLICK || !is_confirm_label(cands[i].widget_text))
				continue;
			e = event_find(pol, offline_event_key(state, &cands[i]));
			if (!e->blocked && !e->exits && e->weight > pick_w) {
				pick_w = e->weight;
				pick = i;
			}
		}
		if (pick != (size_t)-1) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			finish_choice(pol, t, out, state, key, "submitting the probe just typed");
			goto out;
		}
	}
	/* What follows a long press that started a selection: the list's first
	 * probe leaves it with Back (the rows must all stay), the second selects
	 * another row, removes the selected rows and confirms (only they must
	 * go), as a tester tries both ways out of a selection. */
	if (pol->select_stage && pol->select_at + 1 == pol->choices) {
		int stage = pol->select_stage;
		size_t pick = (size_t)-1;
		const char *why = NULL;

		pol->select_stage = 0;
		if (stage == 1 && shows_selection(t) && !pol->select_act) {
			/* The list's next probe acts on the selection. */
			(void)tried_mark(pol, hash_u64(pol->select_probe, LONG_PROBED));
			*out = back;
			finish_choice(pol, t, out, state, back_key, "a selection just started: Back, to leave it");
			goto out;
		}
		for (i = 0; i < n && pick == (size_t)-1; i++) {
			const struct action *c = &cands[i];

			if (event_find(pol, offline_event_key(state, c))->blocked)
				continue;
			if (stage == 1 && shows_selection(t) && (c->type == ACTION_CLICK || c->type == ACTION_CHECK) &&
			    row_key(t, c) && c->widget >= 0 && t->nodes[c->widget]->bounds.y1 != pol->select_y &&
			    !(c->type == ACTION_CHECK && t->nodes[c->widget]->checked))
				pick = i, why = "a selection just started: selecting a second row";
			else if (stage == 2 && shows_selection(t) && c->type == ACTION_CLICK && !row_key(t, c) &&
				 removes_label(c->widget_text))
				pick = i, why = "two rows selected: removing them";
			else if (stage == 3 && screen_shows_layer(t) && c->type == ACTION_CLICK &&
				 (removes_label(c->widget_text) || is_confirm_label(c->widget_text)))
				pick = i, why = "confirming the removal of the selected rows";
		}
		if (pick != (size_t)-1) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			pol->select_stage = stage < 3 ? stage + 1 : 0;
			pol->select_at = pol->choices;
			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			finish_choice(pol, t, out, state, key, why);
			goto out;
		}
	}
	/* A list whose rows answer a long press (a selection mode, a context
	 * menu), on a page with no dialog or field: a tester long-presses one
	 * row, the second when there are two or more, once per list (its row's
	 * widget) and kind of page. The weights rank a long press well below a
	 * tap, so without this a run hardly ever selects rows (music's "Remove"
	 * of two selected songs, wiki's Back out of a selection; session 64). */
	if (pol->p.long_probe && !screen_shows_layer(t) && !shows_field(t)) {
		size_t pick = (size_t)-1, rows = 0;
		uint64_t probe = 0;

		for (i = 0; i < n && rows < 2; i++) {
			uint64_t k;

			if (cands[i].type != ACTION_LONG_CLICK || !row_key(t, &cands[i]))
				continue;
			k = hash_u64(hash_u64(LONG_PROBED, row_widget(&cands[i])), screen_kind(functionality));
			/* The list's second probe, once it showed a selection, acts on it. */
			if (tried_has(pol, k) && tried_has(pol, hash_u64(k, LONG_PROBED)))
				k = hash_u64(k, ~LONG_PROBED);
			if ((probe && k != probe) || tried_has(pol, k) ||
			    event_find(pol, offline_event_key(state, &cands[i]))->blocked)
				continue;
			probe = k;
			pick = i;
			rows++;
		}
		if (pick != (size_t)-1) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			(void)tried_mark(pol, probe);
			pol->select_stage = 1;
			pol->select_at = pol->choices;
			pol->select_act = probe != hash_u64(hash_u64(LONG_PROBED, row_widget(&cands[pick])),
							   screen_kind(functionality));
			pol->select_y = t->nodes[cands[pick].widget]->bounds.y1;
			pol->select_probe = probe;
			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			finish_choice(pol, t, out, state, key,
				      "a list whose rows answer a long press: one long press, to see what it offers");
			goto out;
		}
	}
	if (pol->p.keypad_finish && pol->keypad_stage) {
		size_t pick = keypad_pick(pol, cands, n);
		int stage = pol->keypad_stage;

		if (pick != (size_t)-1 && !event_find(pol, offline_event_key(state, &cands[pick]))->blocked) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			finish_choice(pol, t, out, state, key,
				      stage == 1 ? "an operator was pressed: a digit, to finish the calculation"
						 : "a calculation typed: \"=\", to read its result");
			goto out;
		}
	}
	if (pol->p.edit_finish && pol->edit_stage) {
		int stage = pol->edit_stage;
		size_t pick = pol->edit_at + 1 == pol->choices && (stage == 1 || state == pol->last_state)
				      ? edit_pick(pol, t, state, cands, n, has_confirm) : (size_t)-1;

		pol->edit_stage = 0;
		if (pick != (size_t)-1 && (stage == 2 || tried_mark(pol, pol->edit_click))) {
			uint64_t key = offline_event_key(state, &cands[pick]);

			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			pol->no_probe = stage == 1;
			finish_choice(pol, t, out, state, key,
				      stage == 1 ? "an item's Edit opened its filled form: changing one field"
						 : "one field of the item changed: its confirm, to see the edit kept");
			pol->no_probe = false;
			if (stage == 1) {
				pol->edit_stage = 2;
				pol->edit_at = pol->choices;
			}
			goto out;
		}
	}
	if (n && rng_unit(&pol->rng) < pol->p.epsilon) {
		size_t pick = (size_t)(rng_next(&pol->rng) % n);
		uint64_t key = offline_event_key(state, &cands[pick]);

		if (!event_find(pol, key)->blocked) {
			*out = cands[pick];
			action_init(&cands[pick]);
			(void)tried_mark(pol, hash_u64(widget_key(out), th));
			sort_mark_rows(pol, t, out, fh);
			finish_choice(pol, t, out, state, key, "random pick (epsilon)");
			goto out;
		}
	}
	/* The choices a "Key: value" control just opened, seen for the first time
	 * here (the one reading its value untried): that choice and Cancel come
	 * last below. Later visits choose as before: a tester set on another
	 * value each time undoes what a bug needs (gallery's "Play muted"). */
	first_choices = false;
	for (i = 0; i < n && pol->opener_at && pol->opener_at + 1 == pol->choices; i++)
		if (cands[i].type == ACTION_CLICK && cands[i].widget_text &&
		    !strcasecmp(cands[i].widget_text, pol->opener_value))
			first_choices = !tried_has(pol, hash_u64(widget_key(&cands[i]), th));
	for (i = 0; i < n; i++) {
		uint64_t key = offline_event_key(state, &cands[i]);
		const struct event *e = event_find(pol, key);
		double w = e->weight;

		if (e->blocked)
			continue;
		if (e->exits)
			w *= 0.01;
		if (!tried_has(pol, hash_u64(widget_key(&cands[i]), th))) {
			w *= pol->p.untried_bonus;
			/* A tester opens the settings early: they change what
			 * other pages show (units, clock, week start), which the
			 * setting oracle and its revisit walk judge. */
			if (pol->p.settings_first && cands[i].type == ACTION_CLICK &&
			    is_settings_label(cands[i].widget_text))
				w *= pol->p.untried_bonus;
		}
		if (pol->relaunching && state == pol->launch_state && e->exec < 1.5) {
			w *= RELAUNCH_UNTRIED_FACTOR;
			/* Back at the top for what was never tried: a function
			 * (Settings, a toolbar button) before one more row of a
			 * list whose pages were seen (another group of the
			 * same kind leads to the same pages). */
			if (pol->p.breadth && !row_key(t, &cands[i]))
				w *= RELAUNCH_FUNCTION_FACTOR;
		}
		if (after_input && (!untried_inputs || (pol->p.form_first && !empty_inputs)) &&
		    cands[i].type == ACTION_CLICK && is_confirm_label(cands[i].widget_text))
			w *= pol->p.motif_bonus;
		/* Values typed and a control of the form never tried here (a
		 * folder or list chooser): a tester sets it too before the
		 * confirm, and a form that loses what was typed when the
		 * chooser returns shows it then (browser's bookmark name). */
		if (after_input && has_confirm && pol->p.form_first && e->exec < 1.5 &&
		    !is_confirm_label(cands[i].widget_text) && !discards_edit(t, &cands[i]) &&
		    is_form_control(t, &cands[i]))
			w *= pol->p.motif_bonus * pol->p.motif_bonus;
		/* A form changed and not confirmed: not thrown away (pantry's
		 * stock entry: an amount typed, a date picked, then Cancel; maps'
		 * bookmark: another list picked, then Delete bookmark). */
		if (edit_pending && pol->p.form_first && discards_edit(t, &cands[i]))
			w /= FINISH_EDIT_FACTOR;
		if (form && cands[i].type == ACTION_INPUT && !typed_this_visit(pol, &cands[i]) &&
		    !shows_kept_text(pol, t, &cands[i]))
			w *= FORM_FIRST_FACTOR;
		/* A sort control is untried again on a longer list than any
		 * it was clicked on (up to SORT_ROWS_MAX rows): a sort of one
		 * row, or of two rows in order by chance, shows nothing
		 * (notes' Sort A-Z, sorting by the text, was seen only on two
		 * rows whose texts were in title order too). Not on every
		 * change of the list: groceries, whose list grows all run,
		 * then fell from 45 to 10-20 screens. */
		if (sort_untried_rows(pol, t, &cands[i], fh))
			w *= pol->p.untried_bonus;
		/* Among rows of one list (one event), one not opened yet. */
		rk = row_key(t, &cands[i]);
		if (rk && !tried_has(pol, rk))
			w *= ROW_TIE_FACTOR;
		/* ... and among those, one the app listed before one the policy
		 * added (feedreader's Slow Cooking Blog went unopened on seed 2
		 * while every feed the policy added was a new, unopened row). */
		if (rk && row_is_apps_own(pol, t, &cands[i]))
			w *= ROW_OWN_FACTOR;
		/* On those choices, the one reading the control's value and Cancel
		 * last: a tester picks another sort order or theme (the held-out
		 * bookshelf app's sort, reset by a restart, was chosen as "Title"
		 * while it read "Sorted by: Title", or cancelled). */
		if (first_choices && cands[i].type == ACTION_CLICK && cands[i].widget_text &&
		    (!strcasecmp(cands[i].widget_text, pol->opener_value) || discards_edit(t, &cands[i])))
			w *= CURRENT_VALUE_FACTOR;
		/* Ties go to a random one of them: jitter below any real difference. */
		w *= 1.0 + 1e-6 * rng_unit(&pol->rng);
		if (w > best_w) {
			best_w = w;
			best = i;
		}
	}
	{
		const struct event *be = event_find(pol, back_key);
		uint64_t back_tried = hash_u64(BACK_TRIED, fh);
		double bw = be->exits ? be->weight * 0.01 : be->weight;

		if (edit_pending && pol->p.form_first)
			bw /= FINISH_EDIT_FACTOR;

		/* A tester presses Back once on every page, as they try every
		 * widget once: the navigation oracle judges where it lands. */
		if (!tried_has(pol, back_tried))
			bw *= pol->p.untried_bonus;
		if (!be->blocked && bw * (1.0 + 1e-6 * rng_unit(&pol->rng)) > best_w) {
			(void)tried_mark(pol, back_tried);
			*out = back;
			finish_choice(pol, t, out, state, back_key, "Back has the largest weight");
			goto out;
		}
	}
	if (best == (size_t)-1) {
		out->type = ACTION_BACK;
		finish_choice(pol, t, out, state, back_key, "no usable widget on this screen");
		goto out;
	}
	rk = row_key(t, &cands[best]);
	if (rk)
		(void)tried_mark(pol, rk);
	sort_mark_rows(pol, t, &cands[best], fh);
	if (pol->choices >= DRAIN_AFTER && is_row_delete(t, &cands[best]) && !drained_list(pol, fh, true)) {
		pol->drain_left = DRAIN_ACTIONS;
		pol->drain_row = 0;
	}
	/* A row opened, then its page's Delete (within a few choices: a dialog
	 * or a scroll may come between): empty that list the same way. */
	if (rk && cands[best].type == ACTION_CLICK && !is_row_delete(t, &cands[best])) {
		pol->row_click_wk = widget_key(&cands[best]);
		pol->row_click_fh = fh;
		pol->row_click_at = pol->choices;
		pol->row_click_rid = hash_u64(row_widget(&cands[best]), selected_key(t));
		pol->row_click_kind = screen_kind(functionality);
	}
	/* An item of a menu an overflow or options button just opened (not a
	 * row of a list in it, not a dropdown's choice): the Back probe's other
	 * opener. Not Settings while settings_first opens it early: its page is
	 * there to be changed (habits seeds 2-3 lost a week-start setting to the
	 * probe's Back). */
	if (cands[best].type == ACTION_CLICK && names_menu_button(&cands[best]))
		pol->menu_button_at = pol->choices;
	else if (!rk && cands[best].type == ACTION_CLICK && pol->p.back_probe && pol->menu_button_at &&
		 pol->menu_button_at + 1 == pol->choices && screen_shows_layer(t) &&
		 !(pol->p.settings_first && is_settings_label(cands[best].widget_text))) {
		pol->layer_click_id = hash_u64(BACK_PROBED, widget_key(&cands[best]));
		pol->layer_click_fh = fh;
		pol->layer_click_at = pol->choices;
		pol->layer_click_kind = screen_kind(functionality);
	}
	if (pol->choices >= DRAIN_AFTER && pol->row_click_wk && pol->choices - pol->row_click_at <= 3 &&
	    is_page_delete(t, &cands[best]) && !drained_list(pol, pol->row_click_fh, true)) {
		pol->drain_left = DRAIN_ACTIONS;
		pol->drain_row = pol->row_click_wk;
		pol->drain_delete = widget_key(&cands[best]);
	}
	*out = cands[best];
	action_init(&cands[best]);
	{
		uint64_t key = offline_event_key(state, out);
		char why[160];

		snprintf(why, sizeof(why), "largest weight %.1f%s", best_w,
			 tried_mark(pol, hash_u64(widget_key(out), th)) ? " (untried here)" : "");
		finish_choice(pol, t, out, state, key, why);
	}
out:
	if (out->type == ACTION_BACK || out->type == ACTION_RESTART ||
	    (out->type == ACTION_CLICK && is_confirm_label(out->widget_text))) {
		pol->edit_state = 0;
	} else if (has_confirm && (out->type == ACTION_INPUT ||
				   (out->type == ACTION_CLICK && is_selector_label(out->widget_text) &&
				    out->widget >= 0 && (size_t)out->widget < t->n_nodes &&
				    !ui_widget_in_list(t->nodes[out->widget])))) {
		pol->edit_state = state;
		pol->edit_away = 0;
	}
	/* The edit motif's first stage: an Edit on a page without fields, once per Edit control and kind of page. */
	if (pol->p.edit_finish && pol->edit_stage != 2 && is_edit_label(out) && !shows_field(t) &&
	    !screen_shows_layer(t)) {
		uint64_t k = hash_u64(hash_u64(EDIT_PROBED, widget_key(out)), screen_kind(functionality));

		if (!tried_has(pol, k)) {
			pol->edit_stage = 1;
			pol->edit_at = pol->choices;
			pol->edit_click = k;
		}
	}
	{
		/* The keypad motif's next stage: what was just picked on a keypad. */
		char k = pol->p.keypad_finish ? keypad_key(out) : 0;
		int was = pol->keypad_stage;

		pol->keypad_stage = 0;
		if (k == 'o')
			pol->keypad_stage = 1;
		else if (k == 'd' && was == 1)
			pol->keypad_stage = 2;
	}
	if (state == pol->launch_state) {
		pol->launch_untried = launch_has_untried(pol, state, cands, n);
		pol->relaunching = false;
	}
	for (i = 0; i < n; i++)
		action_release(&cands[i]);
	free(cands);
}

void offline_policy_observe(struct offline_policy *pol, const struct ui_tree *t, uint64_t state, bool in_app)
{
	struct action *cands = NULL;
	size_t n, i, last;
	double *w;

	if (!pol->last_event)
		return;
	last = event_slot(pol, pol->last_event);
	if (!pol->events[last].used)
		return;
	if (pol->last_id) {
		/* Repeat damping: one more execution; the next choice judges where it led. */
		repeat_find(pol, pol->last_id, true)->count++;
		pol->judge_id = pol->last_id;
		pol->last_id = 0;
	}
	n = offline_candidates(t, &cands);
	/* Create the new screen's events first: that may rehash the table. */
	{
		size_t *idx = xmalloc((n + 1) * sizeof(*idx));
		struct action back;

		for (i = 0; i < n; i++)
			idx[i] = event_get(pol, offline_event_key(state, &cands[i]),
					   initial_weight(pol, &cands[i]));
		action_init(&back);
		back.type = ACTION_BACK;
		idx[n] = event_get(pol, offline_event_key(state, &back), initial_weight(pol, &back));
		/* A later event_get may have rehashed the table: look every index up again. */
		for (i = 0; i < n; i++)
			idx[i] = event_slot(pol, offline_event_key(state, &cands[i]));
		idx[n] = event_slot(pol, offline_event_key(state, &back));
		last = event_slot(pol, pol->last_event);
		free(pol->events[last].next);
		pol->events[last].next = idx;
		pol->events[last].n_next = n + 1;
		pol->events[last].exec += 1.0;
		/* A self-loop (nothing new) leads to no new events; nor does leaving the app. */
		if (state == pol->last_state || !in_app)
			pol->events[last].n_next = 0;
		if (!in_app)
			pol->events[last].exits = true;
	}
	/* Genie's Υ update over the worklist, from the previous round's weights. */
	w = xmalloc(pol->cap * sizeof(*w));
	for (i = 0; i < pol->cap; i++)
		w[i] = pol->events[i].used ? pol->events[i].weight : 0.0;
	for (i = 0; i < pol->cap; i++) {
		struct event *e = &pol->events[i];
		double sum = 0.0;

		if (!e->used || e->exec < 1.5)
			continue;
		for (size_t k = 0; k < e->n_next; k++)
			sum += w[e->next[k]];
		e->weight = (e->w0 + sum) / (e->exec * e->exec);
	}
	free(w);
	for (i = 0; i < n; i++)
		action_release(&cands[i]);
	free(cands);
}

void offline_policy_adopt(struct offline_policy *pol, const struct ui_tree *t, uint64_t state, int node,
			  const struct action *done)
{
	struct action *cands = NULL;
	size_t n, i;

	/* Take back what the choice marked: its widget was not acted on. */
	for (i = 0; i < pol->n_undo_tried; i++)
		tried_remove(pol, pol->undo_tried[i]);
	pol->n_undo_tried = 0;
	if (pol->undo_filled)
		field_unfill(pol, pol->undo_filled);
	pol->undo_filled = 0;
	if (pol->undo_typed && pol->n_typed)
		pol->n_typed--;
	pol->undo_typed = false;
	if (pol->undo_probed)
		pol->visit_probed = 0;
	pol->undo_probed = false;

	pol->last_type = done->type;
	pol->last_probe = false;
	pol->last_state = state;
	pol->last_event = 0;
	pol->last_id = 0;
	if (done->type == ACTION_BACK) {
		struct action back;

		action_init(&back);
		back.type = ACTION_BACK;
		pol->last_event = offline_event_key(state, &back);
		(void)event_get(pol, pol->last_event, initial_weight(pol, &back));
		return;
	}
	n = offline_candidates(t, &cands);
	note_hints(cands, n, t);
	for (i = 0; i < n; i++) {
		uint64_t key, rk;

		if (cands[i].widget != node || cands[i].type != done->type)
			continue;
		key = offline_event_key(state, &cands[i]);
		(void)event_get(pol, key, initial_weight(pol, &cands[i]));
		(void)tried_add(pol, hash_u64(widget_key(&cands[i]), pol->last_fh));
		rk = row_key(t, &cands[i]);
		if (rk)
			(void)tried_add(pol, rk);
		if (done->type == ACTION_INPUT) {
			if (state == pol->visit_state && pol->n_typed < FORM_FIELDS && !typed_this_visit(pol, &cands[i]))
				pol->typed[pol->n_typed++] = widget_key(&cands[i]);
			(void)field_filled(pol, field_key(&cands[i]), true);
		}
		pol->last_event = key;
		pol->last_id = repeat_id(pol, &cands[i]);
		break;
	}
	for (i = 0; i < n; i++)
		action_release(&cands[i]);
	free(cands);
}

void offline_policy_block(struct offline_policy *pol, uint64_t event_key)
{
	size_t i = event_slot(pol, event_key);

	if (pol->events[i].used) {
		pol->events[i].blocked = true;
		return;
	}
	pol->blocked = xgrow(pol->blocked, &pol->alloc_blocked, pol->n_blocked + 1, sizeof(*pol->blocked));
	pol->blocked[pol->n_blocked++] = event_key;
}

bool offline_policy_blocked(const struct offline_policy *pol, uint64_t event_key)
{
	const struct event *e = event_find(pol, event_key);

	if (e)
		return e->blocked;
	for (size_t b = 0; b < pol->n_blocked; b++)
		if (pol->blocked[b] == event_key)
			return true;
	return false;
}

double offline_policy_weight(const struct offline_policy *pol, uint64_t event_key)
{
	const struct event *e = event_find(pol, event_key);

	return e ? e->weight : pol->p.init_weight;
}

size_t offline_policy_n_events(const struct offline_policy *pol)
{
	return pol->n;
}

uint64_t offline_policy_last_event(const struct offline_policy *pol)
{
	return pol->last_event;
}

void offline_policy_reset_stuck(struct offline_policy *pol)
{
	pol->stuck = 0;
	pol->drain_left = 0; /* a restart (after a crash, say) ends the emptying of a list */
	pol->out_of_app = 0;
	pol->last_event = 0;
	pol->last_type = ACTION_RESTART;
	pol->last_probe = false;
}

void offline_policy_random(struct offline_policy *pol, const struct ui_tree *t, bool in_app,
			   struct action *out)
{
	struct action *cands = NULL;
	size_t n, i;

	action_init(out);
	if (!in_app) {
		out->type = pol->out_of_app++ >= 1 ? ACTION_RESTART : ACTION_BACK;
		if (out->type == ACTION_RESTART)
			pol->out_of_app = 0;
		finish_choice(pol, t, out, 0, 0, "the app is not in the foreground");
		return;
	}
	pol->out_of_app = 0;
	n = offline_candidates(t, &cands);
	note_hints(cands, n, t);
	if (!n || rng_unit(&pol->rng) < 0.1) {
		out->type = ACTION_BACK;
		finish_choice(pol, t, out, 0, 0, "random: Back");
	} else {
		size_t pick = (size_t)(rng_next(&pol->rng) % n);

		*out = cands[pick];
		action_init(&cands[pick]);
		/* Monkey types random key events: letters, digits and punctuation
		 * with no idea what the field wants. */
		if (out->type == ACTION_INPUT) {
			static const char keys[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,-_@#";
			size_t len = 1 + (size_t)(rng_next(&pol->rng) % 12);
			char *text = xmalloc(len + 1);

			for (size_t k = 0; k < len; k++)
				text[k] = keys[rng_next(&pol->rng) % (sizeof(keys) - 1)];
			text[len] = '\0';
			free(out->text);
			out->text = text;
		}
		finish_choice(pol, t, out, 0, 0, "random pick");
	}
	for (i = 0; i < n; i++)
		action_release(&cands[i]);
	free(cands);
}
