/*
 * delete_plays.c - oracle 44 "delete_plays": deleting the item that is
 * playing starts another one (recorder `recorder-delete-plays-next`,
 * Simple-Voice-Recorder #37: the recording playing is deleted, and the
 * player goes on with the next recording instead of stopping).
 *
 * A tracker. The page the run was last on without a dialog is remembered:
 * its app-bar title X and whether it said its item plays (a visible text
 * "Now playing" or "Playing", no control, in no list). A delete
 * (oracle_is_delete_action) confirmed on a dialog that names X, over that
 * page, that lands on a screen without a dialog where a playing status
 * ("Playing" or "Now playing", the same way) sits beside another name Y -
 * a text of its own group, not X and neither beginning the other
 * ("Song idea" beside "Playing"; the group holds 4 texts at most outside
 * lists and controls: a player bar, not a page) - is the finding: the user removed what
 * played and something else started.
 *
 * Not judged: a delete without a dialog naming the page's item (a
 * bookmark of a book deleted from the book's page), a page that did not
 * say its item played, a landing that plays nothing or plays X. Blind: a
 * player whose status is an icon only; an app that plays the next item
 * on purpose (a queue that moves on) would be reported.
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

/* A player bar's texts: a name, the status, a time or two; a bigger group is a page, not a bar. */
enum { DP_TITLE_MAX = 128, DP_NAME_MAX = 100, DP_GROUP_TEXTS = 4 };

struct oracle_delete_plays_tracker {
	char title[DP_TITLE_MAX]; /* the last page without a dialog: its app-bar title ("" none) */
	bool playing;             /* and whether it said its item plays */
	bool reported;
};

struct oracle_delete_plays_tracker *oracle_delete_plays_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_delete_plays_tracker));
}

void oracle_delete_plays_tracker_free(struct oracle_delete_plays_tracker *t)
{
	free(t);
}

/* Whether w is a playing status: its text, trimmed, is "Playing" or "Now playing" (any case), no control, no list. */
static bool is_playing_status(const struct ui_widget *w, const struct ui_tree *t)
{
	char low[32];

	if (!w->text[0] || strlen(w->text) >= sizeof(low) || oracle_in_control(w) || ui_widget_in_list(w) ||
	    !ui_widget_visible(w, &t->screen))
		return false;
	oracle_trim_into(low, sizeof(low), w->text);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return !strcmp(low, "playing") || !strcmp(low, "now playing");
}

static bool says_playing(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (is_playing_status(t->nodes[i], t))
			return true;
	return false;
}

/* Whether a begins b, any case. */
static bool begins(const char *a, const char *b)
{
	size_t n = strlen(a);

	return n && strncasecmp(a, b, n) == 0;
}

/* Whether some visible text of t holds s. */
static bool names(const struct ui_tree *t, const char *s)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_widget_visible(t->nodes[i], &t->screen) && strstr(t->nodes[i]->text, s))
			return true;
	return false;
}

/* Whether w has a letter. */
static bool has_letter(const char *s)
{
	for (; *s; s++)
		if (isalpha((unsigned char)*s) || (unsigned char)*s >= 0x80)
			return true;
	return false;
}

/* How many visible widgets with text the subtree of group holds outside lists and controls. */
static size_t texts_in(const struct ui_tree *t, const struct ui_widget *group)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *p = t->nodes[i];

		if (!p->text[0] || !ui_widget_visible(p, &t->screen) || ui_widget_in_list(p) || oracle_in_control(p))
			continue;
		while (p && p != group)
			p = p->parent;
		n += p != NULL;
	}
	return n;
}

/*
 * The name beside a playing status on t that is not `gone`: another text
 * (letters, up to DP_NAME_MAX bytes, no control, no list) in the status's
 * parent's subtree; NULL when none. *status is set to the status.
 */
static const struct ui_widget *other_playing(const struct ui_tree *t, const char *gone,
					     const struct ui_widget **status)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i], *group = s->parent;

		if (!group || !is_playing_status(s, t) || texts_in(t, group) > DP_GROUP_TEXTS)
			continue;
		for (size_t j = 0; j < t->n_nodes; j++) {
			const struct ui_widget *w = t->nodes[j], *p = w->parent;
			char name[DP_NAME_MAX + 1];

			while (p && p != group)
				p = p->parent;
			if (!p || w == s || !w->text[0] || strlen(w->text) > DP_NAME_MAX || is_playing_status(w, t) ||
			    oracle_in_control(w) || ui_widget_in_list(w) || !ui_widget_visible(w, &t->screen) ||
			    !has_letter(w->text))
				continue;
			oracle_trim_into(name, sizeof(name), w->text);
			if (!name[0] || begins(name, gone) || begins(gone, name))
				return NULL; /* the item deleted still named beside the status */
			*status = s;
			return w;
		}
	}
	return NULL;
}

bool oracle_delete_plays_step(struct oracle_delete_plays_tracker *t, const struct oracle_tracked_step *s,
			      struct oracle_finding *f)
{
	const struct ui_widget *name, *status = NULL;
	char *subject;

	if (!s->done || !s->before || !s->after || !s->after_in_app) {
		t->title[0] = '\0';
		t->playing = false;
		return false;
	}
	if (!oracle_screen_has_layer(s->before)) {
		const char *title = oracle_app_bar_title(s->before);

		snprintf(t->title, sizeof(t->title), "%s", title ? title : "");
		t->playing = says_playing(s->before);
		return false;
	}
	if (t->reported || !t->playing || !t->title[0] || oracle_screen_has_layer(s->after) ||
	    !names(s->before, t->title) || !oracle_is_delete_action(s->before, s->done))
		return false;
	name = other_playing(s->after, t->title, &status);
	if (!name)
		return false;
	t->reported = true;
	oracle_finding_init(f);
	f->oracle = "delete_plays";
	f->category = BUG_CAT_MEDIA_CONTROL;
	f->title = xasprintf("Deleting '%s', which was playing, starts '%s'", t->title, name->text);
	f->expected = xasprintf("playback stops with '%s' deleted", t->title);
	f->actual = xasprintf("\"%s\" beside \"%s\"", name->text, status->text);
	f->description = xasprintf("The page of '%s' said it was playing; its delete was confirmed, and the next "
				   "screen shows '%s' playing: the app started another item the user did not ask for.",
				   t->title, name->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "delete_plays");
	cJSON_AddStringToObject(f->diff, "deleted", t->title);
	cJSON_AddItemToObject(f->diff, "playing", oracle_widget_json(name));
	cJSON_AddItemToObject(f->diff, "status", oracle_widget_json(status));
	subject = xasprintf("delete starts another on %s", s->activity_after ? s->activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

static void *delete_plays_tracker_new(void)
{
	return oracle_delete_plays_tracker_new();
}

static void delete_plays_tracker_free(void *t)
{
	oracle_delete_plays_tracker_free(t);
}

static bool delete_plays_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_delete_plays_step(t, s, f);
}

const struct oracle_kind oracle_kind_delete_plays = {
	.name = "delete_plays",
	.config_key = "oracles.delete_plays",
	.category = BUG_CAT_MEDIA_CONTROL,
	.doc = "the delete of the item a page said was playing, confirmed on a dialog naming it, lands where "
	       "another item is playing",
	.evidence = "the item's page saying it plays, the dialog, the screen with another item playing",
	.flags = 0,
	.tracker_new = delete_plays_tracker_new,
	.tracker_free = delete_plays_tracker_free,
	.track = delete_plays_track,
};
