/*
 * kept_edit.c - oracle "kept_edit" (oracle 24): text typed into a form is
 * lost when the form comes back from a picker. The tracker follows one form
 * at a time - a page with an app-bar title and no dialog - and the fields
 * typed into on it (by resource-id): the text each showed before the first
 * typing of this visit and the text it shows since. A tap on the form that
 * opens another page or a dialog (a folder, list, colour or date picker; not
 * a confirm, a delete, a tap on a field, nor a tap that discards, resets,
 * cancels or closes) starts a detour; the steps taken on that page (at most
 * KEPT_AWAY_STEPS) and the step that lands on the form again (a choice, Back,
 * Up, Cancel - not one that discards or resets) end it. A field that shows
 * again exactly the text it had before the typing, where it held another
 * text when the detour began, is the finding: the app loaded the stored
 * value over the user's edit (browser `browser-bookmark-name-lost-after-
 * folder-pick`, Fenix issue: a bookmark's new name is lost once a folder is
 * picked).
 *
 * What is not judged: a blank typing (an emptied field may rightly fall
 * back to its stored value: runtracker's default workout name), a field
 * the detour's choice filled with another text (a template, a contact), a
 * date or time field after a tap that names a date or time (a date
 * picker's choice is what the field shows next: calendar's Pick date), a
 * form reached again only through a third page, a field whose typed text
 * was gone before the detour began (a rotation trip), search, filter and
 * password fields, and a form without a title. A tap on the detour's page
 * that opens the form anew (the page below it, "Export the vault" again)
 * cannot be told from a pick; the taps that end a form's work (Export,
 * Send, Share...) therefore never start a detour.
 *
 * A Save that leaves the form starts a detour of its own (judge_saved): an
 * edit form opened again from the page the Save reached, one edited field
 * back at its old value while another kept its new text, is a save that
 * dropped one edit (timesheet `timesheet-shorter-duration-not-saved`).
 *
 * A choice made in a selector's dialog ("Colour: Green") that reads the
 * page's first value again when the run comes back from a page a tap
 * opened is lost the same way (choice_step, `pillbox-colour-lost-via-
 * reminder`).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/input_gen.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define KEPT_FIELDS 8       /* typed fields followed on one form */
#define KEPT_AWAY_STEPS 4   /* steps the detour may take on its page */
#define KEPT_REPORTED 16    /* (form, field) pairs reported */
#define KEPT_SELECTORS 8    /* selectors of one page whose first sight is kept */

/*
 * A choice lost on a detour: the selectors ("Colour: Yellow") of the page
 * the run is on, as first seen in this visit; the one whose value the run
 * changed through its chooser; and the page a later tap left for.
 */
struct kept_choice {
	uint64_t page;                   /* the page (form_key); 0: none followed */
	char *title;
	char *rid[KEPT_SELECTORS];       /* selectors' resource-ids */
	char *first[KEPT_SELECTORS];     /* their texts at first sight in the visit */
	size_t n;
	int picked;                      /* index of the selector the run changed; -1: none */
	char *picked_text;               /* what it showed after the change */
	uint64_t away;                   /* the detour's page; 0: on the page */
	int away_steps;
	char *via;
	cJSON *via_action;
	uint64_t reported[KEPT_REPORTED];
	size_t n_reported;
};

struct kept_field {
	char *id;        /* resource-id */
	char *name;      /* its hint or label, for the report */
	char *original;  /* what it showed before the first typing of the visit */
	char *typed;     /* what it showed after the latest typing */
	bool when;       /* a date or time field (input_gen_kind) */
};

struct oracle_kept_edit_tracker {
	uint64_t form;      /* the form's page key; 0: none followed */
	char *title;
	struct kept_field f[KEPT_FIELDS];
	size_t n;
	uint64_t away;      /* the detour's page; 0: on the form */
	int away_steps;
	bool saved;         /* the detour began with a Save: the page the form was opened from */
	uint64_t away_texts; /* the texts that page showed on arrival (saved: the same item's page) */
	char *via;          /* the tap that began the detour */
	cJSON *via_action;  /* that tap (action_to_json): the report blames it */
	uint64_t reported[KEPT_REPORTED];
	size_t n_reported;
	struct kept_pick pick; /* a selector's pick (pick_reset.c) */
	struct kept_choice choice; /* a choice lost on a detour (choice_step) */
};

struct oracle_kept_edit_tracker *oracle_kept_edit_tracker_new(void)
{
	struct oracle_kept_edit_tracker *t = xcalloc(1, sizeof(struct oracle_kept_edit_tracker));

	t->choice.picked = -1;
	return t;
}

static void forget(struct oracle_kept_edit_tracker *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->f[i].id);
		free(t->f[i].name);
		free(t->f[i].original);
		free(t->f[i].typed);
	}
	free(t->title);
	free(t->via);
	cJSON_Delete(t->via_action);
	t->via_action = NULL;
	t->title = t->via = NULL;
	t->n = 0;
	t->form = t->away = 0;
	t->away_steps = 0;
	t->saved = false;
	t->away_texts = 0;
}

/* Stop following the page's selectors (what was reported stays). */
static void choice_forget(struct kept_choice *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->rid[i]);
		free(c->first[i]);
	}
	free(c->title);
	free(c->picked_text);
	free(c->via);
	cJSON_Delete(c->via_action);
	c->title = c->picked_text = c->via = NULL;
	c->via_action = NULL;
	c->n = 0;
	c->picked = -1;
	c->page = c->away = 0;
	c->away_steps = 0;
}

void oracle_kept_edit_tracker_free(struct oracle_kept_edit_tracker *t)
{
	if (!t)
		return;
	forget(t);
	kept_pick_release(&t->pick);
	choice_forget(&t->choice);
	free(t);
}

/* A page: activity, app-bar title, whether a dialog or menu shows. */
static uint64_t page_key(const struct ui_tree *t, const char *activity)
{
	uint64_t k = oracle_hash_str(ORACLE_HASH_BASIS, activity);

	k = oracle_hash_str(k, oracle_app_bar_title(t));
	return oracle_hash_str(k, oracle_screen_has_layer(t) ? "layer" : "") | 1;
}

/* A form's key: its page key when it has a title and no dialog, else 0. */
static uint64_t form_key(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	if (!title || !*title || oracle_screen_has_layer(t))
		return 0;
	return page_key(t, activity);
}

/* Whether w is a field whose text a form keeps: not a password, search or filter field. */
static bool kept_field(const struct ui_widget *w)
{
	return w && !w->password && *w->resource_id && !oracle_is_search_field(w);
}

/* Words of a tap that may rightly put the stored values back (or leave the form for good). */
static bool reverts(const struct ui_tree *before, const struct action *done)
{
	static const char *const words[] = { "discard", "revert", "reset", "undo", "restore", "reload", "refresh",
					     "clear", "default", "cut", "delete", "remove", "sign out", "log out",
					     NULL };
	char label[512];

	oracle_action_label(before, done, label, sizeof(label));
	return oracle_has_word(label, words);
}

/*
 * Whether `done` on the form may open a picker: a tap, not on a field, not
 * a confirm, close or revert, not a tab, bottom-bar or drawer item (another
 * section of the app: an edit left unsaved there is rightly dropped - wallet,
 * session 28: Budget's income typed, Settings, Budget again), and not a
 * tap that acts on what the form holds (Export, Send, Share...: the form
 * done, it rightly starts anew - "Export notes" shows its default file
 * name again after Export).
 */
static bool opens_detour(const struct ui_tree *before, const struct action *done)
{
	static const char *const words[] = { "cancel", "close", "navigate up", "back", "done", NULL };
	static const char *const acts[] = { "export", "import", "send", "submit", "share", "create", "generate",
					    "apply", "search", "upload", "print", "post", "publish", "sign", "log",
					    "login", "continue", "next", "finish", "run", "test", "verify", "check",
					    "scan", NULL };
	const struct ui_widget *w;
	char label[512];

	if (done->type != ACTION_CLICK && done->type != ACTION_LONG_CLICK)
		return false;
	if (done->class_name && ui_class_is_editable(done->class_name))
		return false;
	if (oracle_is_save_action(done) || oracle_is_delete_action(before, done) || reverts(before, done))
		return false;
	w = action_resolve(done, before);
	if (w && oracle_nav_item_of(w))
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	return !oracle_has_word(label, words) && !oracle_label_begins_with(label, acts);
}

static struct kept_field *field_find(struct oracle_kept_edit_tracker *t, const char *id)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->f[i].id, id))
			return &t->f[i];
	return NULL;
}

/* Drop the fields of t whose text on s is no longer what was typed. */
static void keep_still_typed(struct oracle_kept_edit_tracker *t, const struct ui_tree *s)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++) {
		const struct ui_widget *w = oracle_field_by_id(s, t->f[i].id, true);

		if (w && !strcmp(w->text, t->f[i].typed)) {
			t->f[k++] = t->f[i];
			continue;
		}
		free(t->f[i].id);
		free(t->f[i].name);
		free(t->f[i].original);
		free(t->f[i].typed);
	}
	t->n = k;
}

/*
 * Whether text (a tap's label, a field's name or resource-id) names a date
 * or a time ("Pick date", "day_field"). A date or time picker's choice is
 * what the form's date and time fields show next, so one of them back at
 * its old text after such a detour is that choice, not a lost edit
 * (calendar's fixed twin: a day typed as "1a", then Pick date, OK, the day
 * field reads the date picked).
 */
static bool names_when(const char *text)
{
	static const char *const words[] = { "date", "day", "time", "calendar", NULL };
	char low[256];

	oracle_lower_into(low, sizeof(low), text ? text : "");
	return oracle_has_whole_word(low, words);
}

/* A field's name for the report: its label (oracle_field_label), else its id's tail. */
static char *field_name(const struct ui_widget *w)
{
	const char *label = oracle_field_label(w), *tail;

	if (label)
		return xstrdup(label);
	tail = strstr(w->resource_id, ":id/");
	return xstrdup(tail ? tail + 4 : w->resource_id);
}

/* Note a typing step on the form (before and after are the same form). */
static void note_typing(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s, uint64_t form)
{
	const struct ui_widget *w0, *w1;
	struct kept_field *kf;

	if (!s->done->resource_id || !*s->done->resource_id)
		return;
	w0 = oracle_field_by_id(s->before, s->done->resource_id, true);
	w1 = oracle_field_by_id(s->after, s->done->resource_id, true);
	if (!w0 || !w1 || !kept_field(w0))
		return;
	/* A blank typing may rightly fall back to the stored value (runtracker's
	 * stopped workout: an emptied name is the default name again on Resume). */
	{
		char typed[512];

		oracle_trim_into(typed, sizeof(typed), s->done->text);
		if (!*typed) {
			kf = field_find(t, w0->resource_id);
			if (kf) {
				free(kf->typed);
				kf->typed = xstrdup(w1->text);
				free(kf->original);
				kf->original = xstrdup(w1->text); /* nothing of the user's to lose */
			}
			return;
		}
	}
	if (t->form != form) {
		forget(t);
		t->form = form;
		t->title = xstrdup(oracle_app_bar_title(s->after));
	}
	kf = field_find(t, w0->resource_id);
	if (kf) {
		free(kf->typed);
		kf->typed = xstrdup(w1->text);
		return;
	}
	if (t->n == KEPT_FIELDS)
		return;
	kf = &t->f[t->n++];
	kf->id = xstrdup(w0->resource_id);
	kf->name = field_name(w0);
	kf->original = xstrdup(w0->text);
	kf->typed = xstrdup(w1->text);
	kf->when = input_gen_kind(w0) == INPUT_KIND_DATE || input_gen_kind(w0) == INPUT_KIND_TIME ||
		   names_when(kf->name) || names_when(kf->id);
}

/*
 * The report on field kf of t's form. `saved`: the form was opened again
 * after its Save (judge_saved, check `saved_edit`); else the run came
 * back from a detour (judge_return, check `kept_edit`).
 */
static void fill_finding(struct oracle_finding *f, const struct oracle_kept_edit_tracker *t,
			 const struct kept_field *kf, const char *activity, bool saved)
{
	const char *via = t->via ? t->via : saved ? "Save" : "a picker";

	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "kept_edit";
	if (saved) {
		f->title = xasprintf("'%s' on '%s' is not saved by '%s': it keeps its old value", kf->name, t->title,
				     via);
		f->expected = xasprintf("'%s' shows \"%s\", the value saved with '%s'", kf->name, kf->typed, via);
		f->actual = xasprintf("'%s' shows \"%s\" again, its value before the edit; the other fields edited "
				      "with it show what was typed",
				      kf->name, kf->original);
		f->description = xasprintf("On '%s' (%s) the run changed '%s' from \"%s\" to \"%s\" along with "
					   "another field, tapped '%s', and opened the form again from the page it "
					   "returned to: the other field shows its new text, '%s' shows \"%s\" again. "
					   "The save dropped one edit.",
					   t->title, activity ? activity : "?", kf->name, kf->original, kf->typed, via,
					   kf->name, kf->original);
	} else {
		f->title = xasprintf("'%s' on '%s' loses the text typed into it after '%s'", kf->name, t->title, via);
		f->expected = xasprintf("'%s' still shows \"%s\", as typed before '%s'", kf->name, kf->typed,
					t->via ? t->via : "the picker");
		f->actual = xasprintf("'%s' shows \"%s\" again, its text before the typing", kf->name, kf->original);
		f->description = xasprintf("On '%s' (%s) the run typed into '%s' (it showed \"%s\", then \"%s\"), "
					   "tapped '%s' and came straight back to the form: the field shows \"%s\" "
					   "again. The edit was replaced by the value the form had before it; saving "
					   "now would lose it.",
					   t->title, activity ? activity : "?", kf->name, kf->original, kf->typed,
					   t->via ? t->via : "?", kf->original);
	}
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", saved ? "saved_edit" : "kept_edit");
	cJSON_AddStringToObject(f->diff, "field", kf->id);
	cJSON_AddStringToObject(f->diff, "typed", kf->typed);
	cJSON_AddStringToObject(f->diff, "shown", kf->original);
	cJSON_AddStringToObject(f->diff, "via", t->via ? t->via : "");
	/* The tap that left the form: an app may drop the edit there (a Resume) or on the way back. */
	if (t->via_action)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->via_action, 1));
	{
		/* One bug per form and field, whatever was typed. */
		char *subject = xasprintf("kept edit on %s: %s", t->title, kf->id);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/* The texts a page shows outside fields (a hash): the same item's page shows the same ones. */
static uint64_t page_texts(const struct ui_tree *t)
{
	uint64_t h = ORACLE_HASH_BASIS;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, &t->screen))
			h = oracle_hash_str(h, w->text);
	}
	return h | 1;
}

/*
 * The form opened again from the page its Save returned to, for the same
 * item (that page's texts unchanged): a field edited plainly shows its old
 * value again while another field edited in the same visit shows what was
 * typed - the save kept one edit and dropped the other (timesheet
 * `timesheet-shorter-duration-not-saved`: a shorter duration typed with a
 * note, Save says "Entry updated", Edit shows the note and the old
 * duration). Only an edit form (its title or the tap that opens it says
 * Edit, Modify or Change): a form for a new entry may rightly remember one
 * field and not another. A form that shows every old value again (a save
 * refused) is not judged.
 */
/* Whether a visible text of t outside fields holds v (trimmed) as a whole token (no letter or digit joined to it). */
static bool shows_token(const struct ui_tree *t, const char *v)
{
	char *want = oracle_trimmed(v);
	size_t n = strlen(want);
	bool hit = false;

	for (size_t i = 0; n && t && i < t->n_nodes && !hit; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		for (const char *p = w->text; (p = strstr(p, want)) != NULL && !hit; p++)
			hit = (p == w->text || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]);
	}
	free(want);
	return hit;
}

static bool judge_saved(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s,
			struct oracle_finding *f)
{
	const struct kept_field *lost = NULL;
	bool kept = false;
	char label[512];

	if (s->done->type != ACTION_CLICK || page_texts(s->before) != t->away_texts)
		return false;
	/* An edit form: a form for a new entry may rightly remember one field and not another. */
	oracle_action_label(s->before, s->done, label, sizeof(label));
	if (!oracle_says_edit(label) && !oracle_says_edit(t->title))
		return false;
	for (size_t i = 0; i < t->n; i++) {
		const struct kept_field *kf = &t->f[i];
		const struct ui_widget *w = oracle_field_by_id(s->after, kf->id, true);

		if (!w || !*kf->typed || !strcmp(kf->original, kf->typed))
			continue;
		if (!strcmp(w->text, kf->typed))
			kept = true;
		else if (!lost && !strcmp(w->text, kf->original) && oracle_plain_edit(kf->original, kf->typed))
			lost = kf;
	}
	/* The value shows outside the fields, on the page the Save reached or
	 * on the form ("Priority 2", "Now priority 2"): it was saved, and the
	 * field, which shows its placeholder again, is one the form leaves
	 * empty (todo's fixed twin, session 42: "Priority (1-3)" is the hint
	 * a dump shows as the field's text). */
	if (!lost || !kept || shows_token(s->before, lost->typed) || shows_token(s->after, lost->typed))
		return false;
	{
		uint64_t key = oracle_hash_str(t->form, lost->id);

		for (size_t r = 0; r < t->n_reported; r++)
			if (t->reported[r] == key)
				return false;
		if (t->n_reported < KEPT_REPORTED)
			t->reported[t->n_reported++] = key;
	}
	fill_finding(f, t, lost, s->activity_after, true);
	return true;
}

/* Back on the form after a detour: a field showing its text before the typing is the finding. */
static bool judge_return(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct kept_field *kf = &t->f[i];
		const struct ui_widget *w = oracle_field_by_id(s->after, kf->id, true);
		uint64_t key = oracle_hash_str(t->form, kf->id);
		bool seen = false;

		if (!w || strcmp(w->text, kf->original) || !strcmp(kf->original, kf->typed) ||
		    (kf->when && names_when(t->via)))
			continue;
		for (size_t r = 0; r < t->n_reported; r++)
			seen |= t->reported[r] == key;
		if (seen)
			continue;
		if (t->n_reported < KEPT_REPORTED)
			t->reported[t->n_reported++] = key;
		fill_finding(f, t, kf, s->activity_after, false);
		return true;
	}
	return false;
}

static bool typed_step(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s,
		       struct oracle_finding *f)
{
	const struct action *done = s->done;
	uint64_t before_form, after_page;
	bool hit;

	if (!done || !s->before || !s->after || !s->after_in_app || done->type == ACTION_RESTART ||
	    done->type == ACTION_DEEP_LINK || done->type == ACTION_START_ACTIVITY || done->type == ACTION_HOME) {
		forget(t);
		return false;
	}
	before_form = form_key(s->before, s->activity_before);
	after_page = page_key(s->after, s->activity_after);
	if (done->type == ACTION_INPUT) {
		if (before_form && after_page == before_form && !t->away)
			note_typing(t, s, before_form);
		else
			forget(t);
		return false;
	}
	if (!t->form)
		return false;
	if (!t->away) {
		if (before_form != t->form) {
			forget(t);
			return false;
		}
		/* What a side trip (rotation, Home) wiped is not the detour's doing. */
		keep_still_typed(t, s->before);
		if (!t->n) {
			forget(t);
			return false;
		}
		if (after_page == t->form) {
			keep_still_typed(t, s->after);
			if (!t->n)
				forget(t);
			return false;
		}
		t->saved = oracle_is_save_action(done) && done->type == ACTION_CLICK && !oracle_screen_has_layer(s->after);
		if (!t->saved && !opens_detour(s->before, done)) {
			forget(t);
			return false;
		}
		t->away = after_page;
		t->away_steps = 0;
		t->away_texts = page_texts(s->after);
		free(t->via);
		t->via = xstrdup(done->widget_text && *done->widget_text ? done->widget_text : "?");
		cJSON_Delete(t->via_action);
		t->via_action = action_to_json(done);
		return false;
	}
	/* On the detour's page. */
	if (page_key(s->before, s->activity_before) != t->away || ++t->away_steps > KEPT_AWAY_STEPS ||
	    (done->type != ACTION_BACK && reverts(s->before, done))) {
		forget(t);
		return false;
	}
	if (after_page == t->away)
		return false;
	if (after_page != t->form) {
		forget(t);
		return false;
	}
	if (t->saved) {
		hit = judge_saved(t, s, f);
		forget(t); /* a new visit of the form: what it shows now is the stored value */
		return hit;
	}
	hit = judge_return(t, s, f);
	/* Back on the form: the fields still as typed stay followed for the next detour. */
	t->away = 0;
	keep_still_typed(t, s->after);
	if (!t->n)
		forget(t);
	return hit;
}

/* Note the selectors of page t not seen yet in this visit, as they show now. */
static void choice_note_first(struct kept_choice *c, const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes && c->n < KEPT_SELECTORS; i++) {
		const struct ui_widget *w = t->nodes[i];
		bool known = false;

		if (!w->clickable || !*w->resource_id || !ui_widget_visible(w, &t->screen) || ui_widget_in_list(w) ||
		    !ui_selector_text(w->text, NULL, NULL))
			continue;
		for (size_t k = 0; k < c->n && !known; k++)
			known = !strcmp(c->rid[k], w->resource_id);
		if (known)
			continue;
		c->rid[c->n] = xstrdup(w->resource_id);
		c->first[c->n] = xstrdup(w->text);
		c->n++;
	}
}

/* The report: selector k of c's page back at its first text after the detour. */
static void choice_finding(struct oracle_finding *f, const struct kept_choice *c, size_t k, const char *activity)
{
	size_t label_len = 0;
	char label[UI_SELECTOR_LABEL_MAX + 1];

	(void)ui_selector_text(c->first[k], &label_len, NULL);
	snprintf(label, sizeof(label), "%.*s", (int)label_len, c->first[k]);
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "kept_edit";
	f->title = xasprintf("'%s' on '%s' loses the choice made after '%s'", label, c->title, c->via);
	f->expected = xasprintf("'%s' still reads \"%s\", as chosen before '%s'", label, c->picked_text, c->via);
	f->actual = xasprintf("it reads \"%s\" again, its value when the page was opened", c->first[k]);
	f->description = xasprintf("On '%s' (%s) the run changed \"%s\" to \"%s\" through its chooser, tapped "
				   "'%s' and came back to the page: it reads \"%s\" again. The choice was replaced "
				   "by the value the page had before it.",
				   c->title, activity ? activity : "?", c->first[k], c->picked_text, c->via,
				   c->first[k]);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "choice_lost");
	cJSON_AddStringToObject(f->diff, "selector", c->rid[k]);
	cJSON_AddStringToObject(f->diff, "chosen", c->picked_text);
	cJSON_AddStringToObject(f->diff, "shown", c->first[k]);
	cJSON_AddStringToObject(f->diff, "via", c->via);
	if (c->via_action)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(c->via_action, 1));
	{
		/* One bug per page and selector, whatever was chosen. */
		char *subject = xasprintf("choice lost on %s: %s", c->title, c->rid[k]);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/*
 * A choice lost on a detour (diff.check "choice_lost"). The page the run
 * is on - an app-bar title, no dialog - has selectors ("Colour: Yellow":
 * clickable, outside lists, "Label: value"); their texts at first sight in
 * the visit are kept. A chooser closing on the page (a dialog gone) with a
 * selector reading otherwise marks that choice. A later tap on the page
 * that opens another page (opens_detour: not a confirm, close, delete or
 * revert, not a tab) starts a detour of at most KEPT_AWAY_STEPS steps; the
 * first step back on the page judges: the selector reads its first text
 * again, not the choice, so the page put its stored value over the user's
 * choice (pillbox `pillbox-colour-lost-via-reminder`, medTimer #189: a
 * colour chosen on a medicine's page is lost when a reminder is opened and
 * left). A selector whose new text follows from the detour (the page the
 * detour opened picks for it) reads neither and is not judged; nor is a
 * detour through another selector (its chooser page picks for the page:
 * habits' and pantry's forms redraw from their stored values there), nor
 * a choice the run itself set back to the first value (bookshelf's sort:
 * Recently added, then Title again).
 */
static bool choice_step(struct kept_choice *c, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct action *done = s->done;
	uint64_t page_b, page_a;
	bool layer_b, hit = false;

	if (!done || !s->before || !s->after || !s->after_in_app || done->type == ACTION_RESTART ||
	    done->type == ACTION_DEEP_LINK || done->type == ACTION_START_ACTIVITY || done->type == ACTION_HOME) {
		choice_forget(c);
		return false;
	}
	layer_b = oracle_screen_has_layer(s->before);
	page_b = form_key(s->before, s->activity_before);
	page_a = form_key(s->after, s->activity_after);
	if (c->away) {
		if (page_a == c->page) {
			const struct ui_widget *w = kept_selector_with(s->after, c->rid[c->picked]);

			if (w && !strcmp(w->text, c->first[c->picked]) && strcmp(w->text, c->picked_text)) {
				uint64_t key = oracle_hash_str(c->page, c->rid[c->picked]);
				bool seen = false;

				for (size_t r = 0; r < c->n_reported && r < KEPT_REPORTED; r++)
					seen |= c->reported[r] == key;
				if (!seen) {
					c->reported[c->n_reported++ % KEPT_REPORTED] = key;
					choice_finding(f, c, (size_t)c->picked, s->activity_after);
					hit = true;
				}
			}
			/* Back on the page: what it shows now is its state for the next detour. */
			choice_forget(c);
			c->page = page_a;
			c->title = xstrdup(oracle_app_bar_title(s->after));
			choice_note_first(c, s->after);
			return hit;
		}
		if (++c->away_steps > KEPT_AWAY_STEPS)
			choice_forget(c);
		return false;
	}
	/* A page first met as a step's start (the run's first screen, a side trip's return) begins a visit too. */
	if (page_b && page_b != c->page && !layer_b) {
		choice_forget(c);
		c->page = page_b;
		c->title = xstrdup(oracle_app_bar_title(s->before));
		choice_note_first(c, s->before);
	}
	/* A visit of a page begins where a step lands on it from another page. */
	if (page_a && page_a != c->page && !oracle_screen_has_layer(s->after)) {
		const struct ui_widget *tapped = action_resolve(done, s->before), *sel;

		/* Not a tap on a selector: its chooser page picks for the page (pantry's Quantity unit). */
		if (c->picked >= 0 && page_b == c->page && !layer_b && opens_detour(s->before, done) &&
		    !(tapped && ui_selector_text(tapped->text, NULL, NULL)) &&
		    (sel = kept_selector_with(s->before, c->rid[c->picked])) && !strcmp(sel->text, c->picked_text)) {
			c->away = page_a;
			c->away_steps = 0;
			free(c->via);
			{
				/* The tapped widget's first text names the detour ("Every day at 09:15"). */
				const char *first = tapped ? oracle_first_text(tapped) : NULL;
				char label[512];

				oracle_action_label(s->before, done, label, sizeof(label));
				c->via = xstrdup(first && *first ? first : *label ? label : "?");
			}
			cJSON_Delete(c->via_action);
			c->via_action = action_to_json(done);
			return false;
		}
		choice_forget(c);
		c->page = page_a;
		c->title = xstrdup(oracle_app_bar_title(s->after));
		choice_note_first(c, s->after);
		return false;
	}
	if (!page_a || page_a != c->page)
		return false; /* a dialog over the page, or another app's screen */
	/* On the page: a chooser closed on it (a dialog gone), or a tap on a selector that cycles its value. */
	if (layer_b || (done->resource_id && kept_selector_with(s->before, done->resource_id))) {
		for (size_t k = 0; k < c->n; k++) {
			const struct ui_widget *w = kept_selector_with(s->after, c->rid[k]);

			if (w && strcmp(w->text, c->first[k])) {
				c->picked = (int)k;
				free(c->picked_text);
				c->picked_text = xstrdup(w->text);
			} else if (w && c->picked == (int)k) {
				c->picked = -1; /* chosen back to its first value: nothing to lose */
			}
		}
	}
	choice_note_first(c, s->after);
	return false;
}

bool oracle_kept_edit_step(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	struct oracle_finding other;
	bool typed = typed_step(t, s, f), picked, chosen;

	/* Every check follows every step; a step two find is reported once, as the first one's. */
	oracle_finding_init(&other);
	picked = kept_pick_step(&t->pick, s, typed ? &other : f);
	oracle_finding_release(&other);
	oracle_finding_init(&other);
	chosen = choice_step(&t->choice, s, typed || picked ? &other : f);
	oracle_finding_release(&other);
	return typed || picked || chosen;
}

static void *kept_edit_tracker_new(void)
{
	return oracle_kept_edit_tracker_new();
}

static void kept_edit_tracker_free(void *t)
{
	oracle_kept_edit_tracker_free(t);
}

static bool kept_edit_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_kept_edit_step(t, s, f);
}

const struct oracle_kind oracle_kind_kept_edit = {
	.name = "kept_edit",
	.config_key = "oracles.kept_edit",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "text typed into a form's field shows its earlier value again when the form comes straight back from a "
	       "picker or dialog it opened, or when the edit form is opened again after its Save while another field "
	       "edited with it kept its new text; a pick for one part of a selector's value that resets another part "
	       "to a default; a choice made in a selector's dialog that reads the page's first value again after a "
	       "tap leaves the page and the run comes back",
	.evidence = "the screen before the return; the field, the text typed, the text shown, and the tap that left",
	.flags = 0,
	.tracker_new = kept_edit_tracker_new,
	.tracker_free = kept_edit_tracker_free,
	.track = kept_edit_track,
};
