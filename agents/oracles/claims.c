/*
 * claims.c - oracle "claims" (oracle 21): an app that says it added an item
 * to a named collection that then does not list it. A click on a control
 * labelled "Add to <Name>" on an item's page (its app-bar title names the
 * item) that flips the page - a control "Remove from <Name>" shows where
 * none did, same activity, no dialog or layer - claims the item is now in
 * <Name>. The explorer tries the flipped control at once (it is untried
 * there) and so never visits <Name> while the item is in it; this oracle
 * therefore takes a side trip: Back (at most twice) until a control
 * labelled exactly <Name> (a tab, a drawer item) shows, and a tap on it.
 * When the page it opens is <Name>'s (its app-bar title or its selected
 * tab reads <Name>), shows a list whose every row is visible (a row more
 * would still fit) and no text there names the item, the claim was false
 * (Simple Contacts: a contact added to favorites that the Favorites tab
 * never lists). An empty collection without a list, a long list that may
 * hold the item below the fold, or a page that is not <Name>'s is not
 * judged. The report blames the Add (its trigger steps are the trip);
 * the recheck reads the page before the trip and the last screen.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/agent_env.h"
#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "core/xalloc.h"

/* Trips per collection name in a run: the claim is judged again after a restart, not at every Add. */
#define CLAIM_TRIPS 2
/* Back presses tried to reach a control named after the collection. */
#define CLAIM_BACKS 2
/* The trip's actions: the Backs and the tap. */
#define CLAIM_TRIP_MAX (CLAIM_BACKS + 1)

/* The lowered, trimmed label of w (its text, else its content description) into buf. */
static void lowered_label(const struct ui_widget *w, char *buf, size_t n)
{
	char trimmed[256];

	oracle_trim_into(trimmed, sizeof(trimmed), w->text[0] ? w->text : w->content_desc);
	oracle_lower_into(buf, n, trimmed);
}

/* The collection an "Add to <Name>" label names, lowered, into name; false for any other label. */
static bool add_to_name(const char *label, char *name, size_t n)
{
	char low[256], trimmed[256];

	oracle_trim_into(trimmed, sizeof(trimmed), label ? label : "");
	oracle_lower_into(low, sizeof(low), trimmed);
	if (strncmp(low, "add to ", 7) != 0 || !isalpha((unsigned char)low[7]) || strlen(low + 7) > 40)
		return false;
	snprintf(name, n, "%s", low + 7);
	return true;
}

/* Whether t shows a visible, clickable control whose label is exactly `want` (lowered). */
static const struct ui_widget *control_labelled(const struct ui_tree *t, const char *want)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[256];

		if (!w->clickable || !w->visible_to_user || !w->enabled)
			continue;
		lowered_label(w, low, sizeof(low));
		if (!strcmp(low, want))
			return w;
	}
	return NULL;
}

/* Whether t holds a "Remove from <name>" control. */
static bool offers_removal(const struct ui_tree *t, const char *name)
{
	char want[300];

	snprintf(want, sizeof(want), "remove from %s", name);
	return control_labelled(t, want) != NULL;
}

/* The item `page` is about: its app-bar title, lowered, when it is not the collection's name. */
static bool page_item(const struct ui_tree *page, const char *name, char *item, size_t n)
{
	const char *title = oracle_app_bar_title(page);
	char trimmed[256];

	if (!title)
		return false;
	oracle_trim_into(trimmed, sizeof(trimmed), title);
	oracle_lower_into(item, n, trimmed);
	return strlen(item) >= 2 && strcmp(item, name) != 0;
}

bool oracle_claimed_add(const struct ui_tree *page, const struct action *done, char *name, size_t name_n, char *item,
			size_t item_n)
{
	if (!page || !done || done->type != ACTION_CLICK || !add_to_name(done->widget_text, name, name_n))
		return false;
	if (oracle_screen_has_layer(page) || !offers_removal(page, name))
		return false;
	return page_item(page, name, item, item_n);
}

/* Whether `t`'s page is the collection's: its app-bar title or a selected tab reads `name`. */
static bool is_collection_page(const struct ui_tree *t, const char *name)
{
	const char *title = oracle_app_bar_title(t);
	char low[256], *tabs;
	bool yes = false;

	if (title) {
		char trimmed[256];

		oracle_trim_into(trimmed, sizeof(trimmed), title);
		oracle_lower_into(low, sizeof(low), trimmed);
		yes = !strcmp(low, name);
	}
	tabs = oracle_selected_nav_items(t);
	for (char *tok = tabs ? strtok(tabs, "\t") : NULL; tok && !yes; tok = strtok(NULL, "\t")) {
		oracle_lower_into(low, sizeof(low), tok);
		yes = !strcmp(low, name);
	}
	free(tabs);
	return yes;
}

/* Whether t shows a list and every list shows all its rows (the item cannot hide below the fold). */
static bool lists_shown_whole(const struct ui_tree *t)
{
	size_t lists = 0;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char id[512];

		if (!oracle_is_list(w) || !w->visible_to_user)
			continue;
		snprintf(id, sizeof(id), "%s#%s", w->resource_id, w->class_name);
		if (w->n_children == 0 || !oracle_list_has_room(t, id))
			return false;
		lists++;
	}
	return lists > 0;
}

/* Whether any text or description of t contains `item` (lowered). */
static bool names_item(const struct ui_tree *t, const char *item)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		char low[512];

		oracle_lower_into(low, sizeof(low), t->nodes[i]->text);
		if (strstr(low, item))
			return true;
		oracle_lower_into(low, sizeof(low), t->nodes[i]->content_desc);
		if (strstr(low, item))
			return true;
	}
	return false;
}

bool oracle_claim_not_listed(const struct ui_tree *page, const struct action *done, const struct ui_tree *listing,
			     struct oracle_finding *f)
{
	char name[64], item[256];

	oracle_finding_init(f);
	if (!listing || !oracle_claimed_add(page, done, name, sizeof(name), item, sizeof(item)))
		return false;
	if (oracle_screen_has_layer(listing) || !is_collection_page(listing, name) || !lists_shown_whole(listing) ||
	    names_item(listing, item))
		return false;
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "claims";
	f->title = xasprintf("'%s' on \"%s\" but %s does not list it", done->widget_text,
			     oracle_app_bar_title(page), name);
	f->description = xasprintf("After '%s' flipped the page of \"%s\" to offer 'Remove from %s', the %s page "
				   "shows a list without it.", done->widget_text, oracle_app_bar_title(page), name, name);
	f->expected = xasprintf("%s lists \"%s\"", name, oracle_app_bar_title(page));
	f->actual = xasprintf("%s shows every row and none names \"%s\"", name, oracle_app_bar_title(page));
	f->diff = cJSON_CreateObject();
	cJSON_AddItemToObject(f->diff, "blamed", action_to_json(done));
	return true;
}

/* A key for the collection name in the trip counts. */
static uint64_t name_key(const char *name)
{
	uint64_t h = 0x6a09e667f3bcc908ULL;

	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

/*
 * Back until a control labelled `name` shows, then tap it: the actions
 * performed go to trip[] (*n of them); the screen it ends on to *end.
 * False when no such control was found (the actions still count).
 */
static bool walk_to_collection(const struct oracle_step *s, const char *name, struct action *trip, size_t *n,
			       struct shot *end)
{
	const char *pkg = agent_env_package(s->env);

	for (int b = 0; b < CLAIM_BACKS; b++) {
		struct shot at;
		const struct ui_widget *w;

		action_init(&trip[*n]);
		trip[*n].type = ACTION_BACK;
		if (action_perform(s->dev, &trip[(*n)++], pkg) != TD_OK || oracle_shot_take(s->dev, &at) != TD_OK ||
		    !at.tree || !oracle_activity_in_package(at.activity, pkg) || oracle_screen_has_layer(at.tree)) {
			oracle_shot_release(&at);
			return false;
		}
		w = control_labelled(at.tree, name);
		if (w) {
			action_init(&trip[*n]);
			trip[*n].type = ACTION_CLICK;
			action_set_widget(&trip[*n], -1, w);
			oracle_shot_release(&at);
			if (action_perform(s->dev, &trip[(*n)++], pkg) != TD_OK)
				return false;
			return oracle_shot_take(s->dev, end) == TD_OK && end->tree;
		}
		oracle_shot_release(&at);
	}
	return false;
}

static int claims_after_step(const struct oracle_step *s)
{
	struct oracles_state *st = s->st;
	char name[64], item[256];
	struct action trip[CLAIM_TRIP_MAX];
	size_t n = 0;
	struct shot pre, end;
	struct oracle_finding f;
	uint64_t key;

	if (!s->after->in_app || !s->before->tree || !s->after->tree ||
	    !oracle_same_activity(s->before->activity, s->after->activity) ||
	    !oracle_claimed_add(s->after->tree, s->done, name, sizeof(name), item, sizeof(item)))
		return 0;
	/* The control flipped: the page offered no removal before the tap. */
	if (offers_removal(s->before->tree, name))
		return 0;
	key = name_key(name);
	if (oracle_seen_count(&st->claim_seen, &st->n_claim, &st->alloc_claim, key, false) >= CLAIM_TRIPS)
		return 0;
	/* The screen as it is now: another oracle's trip may have moved it since the step. */
	if (oracle_shot_take(s->dev, &pre) != TD_OK || !pre.tree || !oracle_claimed_add(pre.tree, s->done, name,
											  sizeof(name), item, sizeof(item))) {
		oracle_shot_release(&pre);
		return 0;
	}
	(void)oracle_seen_count(&st->claim_seen, &st->n_claim, &st->alloc_claim, key, true);
	memset(&end, 0, sizeof(end));
	oracle_finding_init(&f);
	if (walk_to_collection(s, name, trip, &n, &end) && oracle_claim_not_listed(pre.tree, s->done, end.tree, &f)) {
		char *ev = oracle_write_evidence(s->env, s->before->step, "claims", &end);

		oracle_report_finding(s->env, s->before->step, &f, trip, n, ev);
		free(ev);
		/* One report per collection: later Adds would only find the same bug. */
		while (oracle_seen_count(&st->claim_seen, &st->n_claim, &st->alloc_claim, key, false) < CLAIM_TRIPS)
			(void)oracle_seen_count(&st->claim_seen, &st->n_claim, &st->alloc_claim, key, true);
	}
	/* The trip is part of the run: later paths repeat it. */
	if (n)
		oracle_record_side_trip(s->env, s->before->step, oracle_kind_claims.name, trip, n);
	(void)agent_env_trace(s->env, "oracle_check", cJSON_CreateObject());
	oracle_finding_release(&f);
	for (size_t i = 0; i < n; i++)
		action_release(&trip[i]);
	oracle_shot_release(&end);
	oracle_shot_release(&pre);
	return n ? 1 : 0;
}

/* On a replay: the page before the trip (after the Add) and the screen the trip ended on. */
static bool claims_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;

	oracle_finding_init(f);
	/* c->last_step is the trip's tap; the Add is the step before the trip. */
	if (!c->steps || c->trigger < 1 || c->n_steps < c->trigger + 1 || n < c->trigger + 2)
		return false;
	return oracle_claim_not_listed(r->screens[n - 1 - c->trigger].tree, &c->steps[c->n_steps - 1 - c->trigger],
				       r->screens[n - 1].tree, f);
}

const struct oracle_kind oracle_kind_claims = {
	.name = "claims",
	.config_key = "oracles.claims",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "an 'Add to <Name>' that flips an item's page to 'Remove from <Name>' while the <Name> page, reached by Back and its tab, lists every row but not the item",
	.evidence = "the item's page after the Add and the collection's page after the trip",
	.flags = 0,
	.after_step = claims_after_step,
	.recheck = claims_recheck,
	/* The last screen and the one before the trigger (the item's page). */
	.reads = { .last = 1, .before_trigger = true },
};
