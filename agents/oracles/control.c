/*
 * control.c - oracle "control" (oracle 11): a control that flips its own
 * label (Play -> Pause, Follow -> Unfollow) while the status it controls
 * ("Paused", "12 followers") stays as it was, a seek control (Rewind,
 * Fast forward) that starts playback, or a tap that opens another page
 * about the same item whose control states another value of a setting
 * than the item's page ("Playback speed: 2.0x", then "Speed 1.0x")
 * (oracle_control_stuck in agents/oracle.h), a list row tapped that opens
 * a player naming another row of the list, or a Play beside "Not playing"
 * that changes nothing. A one-step check: the Explorer runs it on the screens
 * around each click, replay confirmation on a replay's last two screens.
 * The two-press checks of oracle 20 (oracle_press_ignored,
 * oracle_first_press_ignored) live here too, for the pairs and status
 * words; first_press.c takes their side trip.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/*
 * The label pairs a control flips between; the status words that name the
 * state after pressing `on` ("playing") and after pressing `off` ("paused"),
 * and those of a status that must move either way (a follower count); the
 * category a stuck one belongs to.
 */
static const struct control_pair {
	const char *on, *off;
	const char *on_state[4], *off_state[4], *either[3];
	enum bug_category category;
} control_pairs[] = {
	{ "play", "pause", { "playing", NULL }, { "paused", "stopped", NULL }, { NULL }, BUG_CAT_MEDIA_CONTROL },
	/* A recorder's or tracker's "Recording" is the state Resume leads to too (runtracker held-out app). */
	{ "resume", "pause", { "playing", "running", "recording", NULL }, { "paused", "stopped", NULL }, { NULL },
	  BUG_CAT_MEDIA_CONTROL },
	{ "start", "stop", { "running", "started", "recording", NULL }, { "stopped", "idle", NULL }, { NULL },
	  BUG_CAT_MEDIA_CONTROL },
	{ "mute", "unmute", { "muted", NULL }, { "unmuted", "sound on", NULL }, { NULL }, BUG_CAT_MEDIA_CONTROL },
	{ "follow", "unfollow", { "following", NULL }, { "not following", NULL }, { "follower", NULL },
	  BUG_CAT_DATA_OPERATION },
	{ "subscribe", "unsubscribe", { "subscribed", NULL }, { "not subscribed", NULL }, { "subscriber", NULL },
	  BUG_CAT_DATA_OPERATION },
	{ "like", "unlike", { "liked", NULL }, { "not liked", NULL }, { "likes", NULL }, BUG_CAT_DATA_OPERATION },
	/* A post's boost and favourite counts (Mastodon clients; social held-out app). */
	{ "boost", "unboost", { "boosted", NULL }, { NULL }, { "boost", NULL }, BUG_CAT_DATA_OPERATION },
	{ "favourite", "unfavourite", { "favourited", NULL }, { NULL }, { "favourites", NULL }, BUG_CAT_DATA_OPERATION },
	{ "favorite", "unfavorite", { "favorited", NULL }, { NULL }, { "favorites", NULL }, BUG_CAT_DATA_OPERATION },
	{ "join", "leave", { "joined", NULL }, { "not a member", NULL }, { "member", NULL }, BUG_CAT_DATA_OPERATION },
	{ "connect", "disconnect", { "connected", "online", NULL }, { "disconnected", "offline", NULL }, { NULL },
	  BUG_CAT_SETTINGS },
};

/* w's label, lowered and trimmed, into buf. */
static void lowered_label(const struct ui_widget *w, char *buf, size_t n)
{
	const char *s = ui_widget_label(w);
	size_t len = 0;

	while (*s == ' ')
		s++;
	for (; *s && len + 1 < n; s++)
		buf[len++] = (char)tolower((unsigned char)*s);
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	buf[len] = '\0';
}

/* The first pair from index `from` whose one word is `label` (*flipped: the other word), or NULL. */
static const struct control_pair *control_pair_after(const char *label, size_t from, const char **flipped)
{
	for (size_t i = from; i < sizeof(control_pairs) / sizeof(control_pairs[0]); i++) {
		if (strcmp(label, control_pairs[i].on) == 0) {
			*flipped = control_pairs[i].off;
			return &control_pairs[i];
		}
		if (strcmp(label, control_pairs[i].off) == 0) {
			*flipped = control_pairs[i].on;
			return &control_pairs[i];
		}
	}
	return NULL;
}

/* Whether w is, or sits inside, a clickable widget. */
static bool in_clickable(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->clickable)
			return true;
	return false;
}

/* Whether lowered text t contains one of the words. */
static bool mentions(const char *const *words, const char *t)
{
	for (size_t i = 0; words[i]; i++)
		if (strstr(t, words[i]))
			return true;
	return false;
}

/* Whether lowered text t is exactly one of the words. */
static bool is_one_of(const char *const *words, const char *t)
{
	for (size_t i = 0; words[i]; i++)
		if (!strcmp(t, words[i]))
			return true;
	return false;
}

/* Whether t holds a count rounded to thousands or more: digits, maybe a decimal part, then K, M or B. */
static bool has_rounded_count(const char *t)
{
	for (const char *p = t; *p; p++) {
		const char *q = p;

		if (!isdigit((unsigned char)*p) || (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if ((*q == '.' || *q == ',') && isdigit((unsigned char)q[1]))
			for (q++; isdigit((unsigned char)*q); q++)
				;
		if (strchr("kKmMbB", *q) && *q && !isalpha((unsigned char)q[1]))
			return true;
	}
	return false;
}

/* Whether lowered text t is a status of the pair. */
static bool mentions_status(const struct control_pair *p, const char *t)
{
	return mentions(p->on_state, t) || mentions(p->off_state, t) || mentions(p->either, t);
}

/*
 * Whether lowered text t, which mentions a state of pair p, names something
 * other than the control's state: a take ("recording" followed by a space
 * and a digit: "Recording 4.m4a", a recorder's next file), or a labelled
 * value whose label (before the first ": ", at most 24 bytes) is not
 * "status" or "state" and names no state of the pair ("Activity: Running",
 * a workout's type; "Incognito mode: reading history is paused"). Either
 * reads the same whether or not the control works.
 */
static bool names_other_than_state(const struct control_pair *p, const char *t)
{
	const char *colon = strstr(t, ": ");

	for (const char *r = t; (r = strstr(r, "recording")) != NULL; r++)
		if (r[9] == ' ' && isdigit((unsigned char)r[10]))
			return true;
	if (colon && colon > t && colon - t <= 24) {
		char label[32];

		snprintf(label, sizeof(label), "%.*s", (int)(colon - t), t);
		return strcmp(label, "status") != 0 && strcmp(label, "state") != 0 && !mentions_status(p, label);
	}
	return false;
}

/*
 * The visible widget of `after` where control w of `before` was, labelled
 * `flipped`: the same resource-id, else any widget whose box holds w's
 * centre (apps swap a Play button for a Pause button in place).
 */
static const struct ui_widget *flipped_control(const struct ui_tree *after, const struct ui_widget *w,
					       const char *flipped)
{
	int cx = (w->bounds.x1 + w->bounds.x2) / 2, cy = (w->bounds.y1 + w->bounds.y2) / 2;

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *o = after->nodes[i];
		char low[64];

		if (!ui_widget_visible(o, &after->screen))
			continue;
		lowered_label(o, low, sizeof(low));
		if (strcmp(low, flipped) != 0)
			continue;
		if ((*w->resource_id && strcmp(o->resource_id, w->resource_id) == 0) ||
		    (cx >= o->bounds.x1 && cx < o->bounds.x2 && cy >= o->bounds.y1 && cy < o->bounds.y2))
			return o;
	}
	return NULL;
}

/* The visible widget of t with exactly this text and resource-id, or NULL. */
static const struct ui_widget *same_text_widget(const struct ui_tree *t, const struct ui_widget *s)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *o = t->nodes[i];

		if (ui_widget_visible(o, &t->screen) && strcmp(o->text, s->text) == 0 &&
		    strcmp(o->resource_id, s->resource_id) == 0)
			return o;
	}
	return NULL;
}

/*
 * The media pair whose word starts lowered `label` as a whole word ("pause"
 * in "pause sourdough science"), with *pressed_on telling which word.
 */
static const struct control_pair *media_pair_prefix(const char *label, bool *pressed_on)
{
	for (size_t i = 0; i < sizeof(control_pairs) / sizeof(control_pairs[0]); i++) {
		const struct control_pair *p = &control_pairs[i];
		size_t on = strlen(p->on), off = strlen(p->off);

		if (p->category != BUG_CAT_MEDIA_CONTROL)
			continue;
		if (!strncmp(label, p->on, on) && (!label[on] || label[on] == ' ')) {
			*pressed_on = true;
			return p;
		}
		if (!strncmp(label, p->off, off) && (!label[off] || label[off] == ' ')) {
			*pressed_on = false;
			return p;
		}
	}
	return NULL;
}

/* media_pair_prefix of the widget's lowered label ("Pause <episode>"). */
static const struct control_pair *widget_media_pair(const struct ui_widget *w, bool *pressed_on)
{
	char label[96];

	lowered_label(w, label, sizeof(label));
	return media_pair_prefix(label, pressed_on);
}

/* A visible non-clickable text of t that is exactly one of the words ("Playing"), or NULL. */
static const struct ui_widget *status_exactly(const struct ui_tree *t, const char *const *words)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i];
		char low[64];

		if (!*s->text || in_clickable(s) || !ui_widget_visible(s, &t->screen))
			continue;
		lowered_label(s, low, sizeof(low));
		for (size_t k = 0; words[k]; k++)
			if (!strcmp(low, words[k]))
				return s;
	}
	return NULL;
}

/*
 * A visible text of t outside the lists that says something plays: exactly
 * "Playing", or "Playing" followed by what plays ("Playing · Feeling Good",
 * "Playing: ..."), as a player bar at the foot of a list reads (the bar
 * itself may be clickable: it opens the player); or NULL.
 */
static const struct ui_widget *state_status(const struct ui_tree *t, const char *word)
{
	static const char *const seps[] = { "", " \xc2\xb7", " -", " \xe2\x80\x93", " \xe2\x80\x94", ":", NULL };
	size_t n = strlen(word);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i];
		char low[64];

		if (!*s->text || s->clickable || oracle_enclosing_row(s) || !ui_widget_visible(s, &t->screen))
			continue;
		lowered_label(s, low, sizeof(low));
		if (strncmp(low, word, n) != 0)
			continue;
		for (size_t k = 0; seps[k]; k++)
			if (*seps[k] ? !strncmp(low + n, seps[k], strlen(seps[k])) : !low[n])
				return s;
	}
	return NULL;
}

static const struct ui_widget *playing_status(const struct ui_tree *t)
{
	return state_status(t, "playing");
}

/* Whether plain text `name` (4+ bytes) is the first line of a text in w's subtree other than `skip`. */
static bool subtree_names(const struct ui_widget *w, const struct ui_widget *skip, const char *name)
{
	size_t n = strlen(name);

	if (w != skip && *w->text && !strncasecmp(w->text, name, n) && (!w->text[n] || w->text[n] == '\n'))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (subtree_names(w->children[i], skip, name))
			return true;
	return false;
}

/*
 * Back or Up from a page reading "Paused" (alone or before a separator:
 * "Paused · 6:18 · 720p"), and nothing "Playing", lands on another page
 * whose player bar offers exactly "Pause" - it claims the item plays - next
 * to the item's name, a plain text of the page left (its title), while
 * nothing there reads Paused or Playing. Leaving a page does not start
 * playback (tube `tube-miniplayer-pause-while-paused`, LibreTube #2144).
 */
static bool bar_plays_after_leaving_paused(const struct ui_tree *before, const char *activity_before,
					   const struct ui_tree *after, const char *activity_after,
					   const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *paused = state_status(before, "paused"), *ctl = NULL;
	const char *name = NULL;

	if (!paused || playing_status(before) || state_status(after, "paused") || playing_status(after))
		return false;
	if (after->n_roots > before->n_roots || oracle_count_layers(after) > oracle_count_layers(before))
		return false;
	if (oracle_same_activity(activity_before, activity_after) && oracle_text_difference(before, after) <= 0.5)
		return false;
	for (size_t i = 0; i < after->n_nodes && !name; i++) {
		const struct ui_widget *c = after->nodes[i];
		char low[16];

		if (!c->clickable || !c->enabled || !c->parent || oracle_enclosing_row(c) ||
		    !ui_widget_visible(c, &after->screen))
			continue;
		lowered_label(c, low, sizeof(low));
		if (strcmp(low, "pause") != 0)
			continue;
		for (size_t k = 0; k < before->n_nodes && !name; k++) {
			const struct ui_widget *t = before->nodes[k];

			if (t == paused || !*t->text || t->clickable || strlen(t->text) < 4 || strchr(t->text, '\n') ||
			    !ui_widget_visible(t, &before->screen) || oracle_enclosing_row(t))
				continue;
			if (subtree_names(c->parent, c, t->text)) {
				name = t->text;
				ctl = c;
			}
		}
	}
	if (!name)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_MEDIA_CONTROL;
	f->oracle = "control";
	f->title = xasprintf("After leaving a page that reads 'Paused', the player offers 'Pause' for '%s'", name);
	f->expected = xasprintf("'%s' stays paused after %s: the player offers Play", name,
				done->type == ACTION_BACK ? "Back" : "Up");
	f->actual = xasprintf("the page reached shows '%s' with a 'Pause' control, as if it played", name);
	f->description = xasprintf("The page left read '%s'; %s landed on a page whose player bar offers 'Pause' "
				   "for '%s' (it claims the item plays) while nothing started it.",
				   paused->text, done->type == ACTION_BACK ? "Back" : "Up", name);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "control");
	cJSON_AddItemToObject(f->diff, "status_before", oracle_widget_json(paused));
	cJSON_AddItemToObject(f->diff, "control_after", oracle_widget_json(ctl));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * A media control (Play/Pause/Stop, alone or followed by what it plays)
 * whose press opened another page that states the opposite of the press:
 * "Pause <episode>" in a queue that opens the player reading "Playing".
 */
static bool control_stuck_elsewhere(const struct ui_tree *after, const struct ui_widget *w,
				    const struct action *done, struct oracle_finding *f)
{
	bool pressed_on = false;
	const struct control_pair *pair = widget_media_pair(w, &pressed_on);
	const struct ui_widget *status;

	if (!pair)
		return false;
	status = status_exactly(after, pressed_on ? pair->off_state : pair->on_state);
	if (!status || status_exactly(after, pressed_on ? pair->on_state : pair->off_state))
		return false;
	oracle_finding_init(f);
	f->category = pair->category;
	f->oracle = "control";
	f->title = xasprintf("'%s' opens another page that still reads '%s'", ui_widget_label(w), status->text);
	f->expected = xasprintf("after '%s', the app is %s", ui_widget_label(w),
				pressed_on ? pair->on_state[0] : pair->off_state[0]);
	f->actual = xasprintf("the page that opened reads '%s'", status->text);
	f->description = xasprintf("Tapping '%s' did not change the state it names: it opened another page, "
				   "whose status reads '%s'.", ui_widget_label(w), status->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "control");
	{
		/* One report for every row's copy of the control ("Pause <episode>"). */
		char *subject = xasprintf("%s opens a page reading %s", *w->resource_id ? w->resource_id
							  : pressed_on ? pair->on : pair->off, status->text);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "status_after", oracle_widget_json(status));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * The key and value of a statement "Playback speed: 2.0x": the last word of
 * the part before the colon, lowered (3 letters or more), and the trimmed
 * rest, which must hold a digit. False when t is no such statement.
 */
static bool key_value(const char *t, char *key, size_t nk, char *value, size_t nv)
{
	const char *colon = strchr(t, ':'), *k;
	size_t len;

	if (!colon || colon[1] != ' ')
		return false;
	for (k = colon; k > t && isalpha((unsigned char)k[-1]); k--)
		;
	len = (size_t)(colon - k);
	if (len < 3 || len >= nk)
		return false;
	for (size_t i = 0; i < len; i++)
		key[i] = (char)tolower((unsigned char)k[i]);
	key[len] = '\0';
	oracle_trim_into(value, nv, colon + 1);
	return strpbrk(value, "0123456789") != NULL;
}

/*
 * Whether two values are written the same way but differ: "2.0x" and
 * "1.0x" (the letters and signs around the number agree), not "2.0x" and
 * "2 chapters". Money ("$", a currency sign) is left out: a price on a
 * cart may rightly be a multiple of the item's.
 */
static bool same_shape_other_value(const char *a, const char *b)
{
	char sa[32], sb[32];
	size_t na = 0, nb = 0;

	if (!strcmp(a, b))
		return false;
	for (; *a && na + 1 < sizeof(sa); a++) {
		if (*a == '$' || (unsigned char)*a >= 0x80)
			return false; /* money, or a sign outside ASCII (EUR, GBP) */
		if (!isdigit((unsigned char)*a) && *a != '.' && *a != ',')
			sa[na++] = *a;
	}
	for (; *b && nb + 1 < sizeof(sb); b++) {
		if (*b == '$' || (unsigned char)*b >= 0x80)
			return false;
		if (!isdigit((unsigned char)*b) && *b != '.' && *b != ',')
			sb[nb++] = *b;
	}
	sa[na] = sb[nb] = '\0';
	return na > 0 && !strcmp(sa, sb);
}

/*
 * The value the control `o` states after its key word: "Speed 1.0x" or
 * "Speed: 1.0x" with key "speed" gives "1.0x". False when its label does
 * not start with the key or no value with a digit follows.
 */
static bool control_value(const struct ui_widget *o, const char *key, char *value, size_t nv)
{
	char low[96];
	size_t n = strlen(key);
	const char *rest;

	lowered_label(o, low, sizeof(low));
	if (strncmp(low, key, n) != 0 || (low[n] != ' ' && low[n] != ':'))
		return false;
	rest = ui_widget_label(o);
	while (*rest == ' ')
		rest++;
	rest += n;
	if (*rest == ':')
		rest++;
	oracle_trim_into(value, nv, rest);
	return *value && strpbrk(value, "0123456789") != NULL;
}

/*
 * A tap on an item's page (its app-bar title names the item) that opens
 * another page about the same item (a text there is that name) whose
 * control for a setting states another value than the item's page did:
 * "Playback speed: 2.0x" on a book's page, Play, and the player's button
 * "Speed 1.0x". The page's statement is a plain text outside lists; the
 * other is a control (what a person would tap to change the setting), so
 * a progress or a remaining time, which move on their own, is not read.
 */
static bool setting_differs_elsewhere(const struct ui_tree *before, const struct ui_tree *after,
				      const struct ui_widget *w, const struct action *done,
				      struct oracle_finding *f)
{
	const char *item = oracle_app_bar_title(before);
	const struct ui_widget *named = NULL;

	if (!item || strlen(item) < 3 || oracle_screen_has_layer(before) || oracle_screen_has_layer(after))
		return false;
	for (size_t i = 0; i < after->n_nodes && !named; i++)
		if (ui_widget_visible(after->nodes[i], &after->screen) && !strcmp(after->nodes[i]->text, item))
			named = after->nodes[i];
	if (!named)
		return false;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *s = before->nodes[i];
		char key[32], value[48];

		if (!*s->text || s == w || in_clickable(s) || oracle_enclosing_row(s) ||
		    !ui_widget_visible(s, &before->screen) || !key_value(s->text, key, sizeof(key), value, sizeof(value)))
			continue;
		for (size_t j = 0; j < after->n_nodes; j++) {
			const struct ui_widget *o = after->nodes[j];
			char other[48];

			if (!in_clickable(o) || oracle_enclosing_row(o) || !ui_widget_visible(o, &after->screen) ||
			    !control_value(o, key, other, sizeof(other)) || !same_shape_other_value(value, other))
				continue;
			oracle_finding_init(f);
			f->category = BUG_CAT_SETTINGS;
			f->oracle = "control";
			f->title = xasprintf("'%s' opens '%s' with '%s' where its page read '%s'", ui_widget_label(w),
					     item, ui_widget_label(o), s->text);
			f->expected = xasprintf("'%s' on the page that opened, as '%s''s page states", value, item);
			f->actual = xasprintf("the control reads '%s'", ui_widget_label(o));
			f->description = xasprintf("The page of '%s' states '%s'; tapping '%s' opened another page "
						   "about '%s' whose control reads '%s': the setting was not carried "
						   "over.", item, s->text, ui_widget_label(w), item, ui_widget_label(o));
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "setting");
			cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
			cJSON_AddItemToObject(f->diff, "stated", oracle_widget_json(s));
			cJSON_AddItemToObject(f->diff, "control_after", oracle_widget_json(o));
			cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
			return true;
		}
	}
	return false;
}

/*
 * The name of the item a row's first text names, lowered into buf: the
 * text without a leading number ("3. The Problem", "3) ...", "3 - ...").
 */
static void item_name(const char *text, char *buf, size_t n)
{
	const char *p = text;
	size_t len = 0;

	while (*p == ' ')
		p++;
	if (isdigit((unsigned char)*p)) {
		const char *q = p;

		while (isdigit((unsigned char)*q))
			q++;
		if ((*q == '.' || *q == ')') && q[1] == ' ')
			p = q + 2;
		else if (!strncmp(q, " - ", 3))
			p = q + 3;
	}
	for (; *p && len + 1 < n; p++)
		buf[len++] = (char)tolower((unsigned char)*p);
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	buf[len] = '\0';
}

/*
 * Whether a name (lowered; `shown` as the row shows it) is worth looking
 * for elsewhere: 4 characters or more with a letter among them, or an
 * acronym of 3 capitals ("FIP", "BBC"), which no common word is.
 */
static bool usable_name(const char *name, const char *shown)
{
	size_t n = strlen(name);

	if (n == 3) {
		while (*shown == ' ')
			shown++;
		return isupper((unsigned char)shown[0]) && isupper((unsigned char)shown[1]) &&
		       isupper((unsigned char)shown[2]) && (!shown[3] || shown[3] == ' ');
	}
	if (n < 4)
		return false;
	for (const char *p = name; *p; p++)
		if (isalpha((unsigned char)*p))
			return true;
	return false;
}

/* Whether lowered `hay` holds `needle` as whole words ("chapter 1" not in "chapter 12"). */
static bool holds_phrase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) {
		bool start = p == hay || !isalnum((unsigned char)p[-1]);
		bool end = !isalnum((unsigned char)p[n]);

		if (start && end)
			return true;
	}
	return false;
}

/* The visible text of t outside lists that names `name` (lowered), or NULL. */
static const struct ui_widget *text_naming(const struct ui_tree *t, const char *name)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i];
		char low[160];

		if (!*s->text || !ui_widget_visible(s, &t->screen) || oracle_enclosing_row(s))
			continue;
		lowered_label(s, low, sizeof(low));
		if (holds_phrase(low, name))
			return s;
	}
	return NULL;
}

/* Whether t shows a text cut short ("Mr. Sherlock Hol..."): a name there may be hidden. */
static bool has_cut_text(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const char *x = t->nodes[i]->text;
		size_t n = strlen(x);

		if (ui_widget_visible(t->nodes[i], &t->screen) &&
		    ((n >= 3 && !strcmp(x + n - 3, "...")) || (n >= 3 && !strcmp(x + n - 3, "\xe2\x80\xa6"))))
			return true;
	}
	return false;
}

/*
 * A tap on a list row naming an item ("2. The Red-Headed League") after
 * which the screen says something plays - another page reading exactly
 * "Playing" (a player), or, on the same page, a player bar reading
 * "Playing" or "Playing · <track>" - and nowhere outside the lists names
 * that item but names another row of the same list ("Chapter 1 of 4: A
 * Scandal in Bohemia"): the player went on with another item than the one
 * chosen (radio held-out app: the second favourite tapped, the bar plays
 * the first). On the same page the status and the name must be new: a bar
 * that already said so before the tap may be about an earlier choice.
 * Names shorter than 4 characters or without a letter are not read; a page
 * with a text cut short ("...") is not judged.
 */
static bool chosen_item_not_played(const struct ui_tree *before, const struct ui_tree *after, bool same_page,
				   const struct ui_widget *w, const struct action *done, struct oracle_finding *f)
{
	static const char *const playing[] = { "playing", NULL };
	const struct ui_widget *row = oracle_enclosing_row(w), *status, *named = NULL, *other = NULL;
	char name[128], other_name[128];

	/* On the same page the caller has seen no new layer or window; a
	 * layout whose content pane reads as a layer must not hide the bar. */
	if (!row || !row->parent || (!same_page && (oracle_screen_has_layer(before) || oracle_screen_has_layer(after))))
		return false;
	status = same_page ? playing_status(after) : status_exactly(after, playing);
	item_name(oracle_first_text(row), name, sizeof(name));
	if (!status || !usable_name(name, oracle_first_text(row)) || text_naming(after, name) || has_cut_text(after))
		return false;
	for (size_t i = 0; i < row->parent->n_children && !named; i++) {
		const struct ui_widget *r = row->parent->children[i];

		if (r == row || !ui_widget_visible(r, &before->screen))
			continue;
		item_name(oracle_first_text(r), other_name, sizeof(other_name));
		if (!usable_name(other_name, oracle_first_text(r)) || holds_phrase(name, other_name) || holds_phrase(other_name, name))
			continue;
		named = text_naming(after, other_name);
		other = r;
	}
	if (!named || (same_page && same_text_widget(before, status) && same_text_widget(before, named)))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_MEDIA_CONTROL;
	f->oracle = "control";
	if (same_page)
		f->title = xasprintf("Tapping '%s' plays '%s' instead", oracle_first_text(row), named->text);
	else
		f->title = xasprintf("Tapping '%s' opens the player on '%s'", oracle_first_text(row), named->text);
	f->expected = xasprintf("the player plays '%s', the row tapped", oracle_first_text(row));
	f->actual = xasprintf("the player reads '%s' and '%s', another row of the list ('%s')", named->text,
			      status->text, oracle_first_text(other));
	f->description = xasprintf("Tapping the row '%s' %s '%s' that does not name it but "
				   "names another row of the same list, '%s' ('%s'): the choice was ignored.",
				   oracle_first_text(row), same_page ? "made the page read" : "opened a page reading",
				   status->text, oracle_first_text(other), named->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "chosen_item");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(row));
	cJSON_AddItemToObject(f->diff, "other_row", oracle_widget_json(other));
	cJSON_AddItemToObject(f->diff, "named_after", oracle_widget_json(named));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * The words a seek control's label starts with: it moves the position in
 * what plays ("Rewind 20 seconds", "Skip forward 30s"), never whether it
 * plays.
 */
static const char *const seek_words[] = { "rewind", "fast forward", "forward", "skip back", "skip forward",
					  "skip ahead", "jump back", "jump forward", "seek", NULL };

/* Whether lowered `label` starts with a seek word as a whole word. */
static bool is_seek_label(const char *label)
{
	for (size_t i = 0; seek_words[i]; i++) {
		size_t n = strlen(seek_words[i]);

		if (!strncmp(label, seek_words[i], n) && (!label[n] || label[n] == ' '))
			return true;
	}
	return false;
}

/*
 * A seek control that starts playback: "Paused" (or "Stopped") before the
 * press, "Playing" after it on the same page and no "Paused" left. Only
 * this direction is judged: a seek past the end may rightly stop a player.
 */
static bool seek_starts_playback(const struct ui_tree *before, const struct ui_tree *after,
				 const struct ui_widget *w, const struct action *done, struct oracle_finding *f)
{
	static const char *const playing[] = { "playing", NULL };
	static const char *const not_playing[] = { "paused", "stopped", NULL };
	const struct ui_widget *was, *now;
	char label[96];

	lowered_label(w, label, sizeof(label));
	if (!is_seek_label(label))
		return false;
	was = status_exactly(before, not_playing);
	if (!was || status_exactly(before, playing))
		return false;
	now = status_exactly(after, playing);
	if (!now || status_exactly(after, not_playing))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_MEDIA_CONTROL;
	f->oracle = "control";
	f->title = xasprintf("'%s' turns '%s' into '%s'", ui_widget_label(w), was->text, now->text);
	f->expected = xasprintf("after '%s', the status still reads '%s'", ui_widget_label(w), was->text);
	f->actual = xasprintf("the status reads '%s'", now->text);
	f->description = xasprintf("Tapping '%s' should only move the position; it also changed the playback "
				   "state from '%s' to '%s'.", ui_widget_label(w), was->text, now->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "control");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "status_before", oracle_widget_json(was));
	cJSON_AddItemToObject(f->diff, "status_after", oracle_widget_json(now));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * The media pair whose one word is exactly lowered `label` and whose status
 * on `t` reads exactly the state opposite to a press of it ("Playing" beside
 * Pause), with none reading the press's state; *pressed_on tells which word.
 * NULL when `t` does not state a media state the press would change.
 */
static const struct control_pair *media_press_against(const struct ui_tree *t, const char *label, bool *pressed_on)
{
	for (size_t i = 0; i < sizeof(control_pairs) / sizeof(control_pairs[0]); i++) {
		const struct control_pair *p = &control_pairs[i];
		bool on;

		if (p->category != BUG_CAT_MEDIA_CONTROL)
			continue;
		if (!strcmp(label, p->on))
			on = true;
		else if (!strcmp(label, p->off))
			on = false;
		else
			continue;
		if (status_exactly(t, on ? p->off_state : p->on_state) &&
		    !status_exactly(t, on ? p->on_state : p->off_state)) {
			*pressed_on = on;
			return p;
		}
	}
	return NULL;
}

/* Whether every visible text of a is on b with the same resource-id, and b has as many. */
static bool same_visible_texts(const struct ui_tree *a, const struct ui_tree *b)
{
	size_t na = 0, nb = 0;

	for (size_t i = 0; i < a->n_nodes; i++) {
		const struct ui_widget *s = a->nodes[i];

		if (!*s->text || !ui_widget_visible(s, &a->screen))
			continue;
		na++;
		if (!same_text_widget(b, s))
			return false;
	}
	for (size_t i = 0; i < b->n_nodes; i++)
		if (*b->nodes[i]->text && ui_widget_visible(b->nodes[i], &b->screen))
			nb++;
	return na == nb;
}

/* Nothing answered a press: no window or layer opened or closed, every visible text as it was. */
static bool nothing_answered(const struct ui_tree *before, const struct ui_tree *after)
{
	return after->n_roots == before->n_roots && oracle_count_layers(after) == oracle_count_layers(before) &&
	       same_visible_texts(before, after);
}

/*
 * The control a click pressed, when it is a media control labelled exactly
 * one word of a media pair (Pause, Play, Stop...), enabled and not under a
 * layer; NULL otherwise.
 */
static const struct ui_widget *pressed_media_control(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w;

	if (!before || !done || done->type != ACTION_CLICK)
		return NULL;
	w = action_resolve(done, before);
	if (!w || !w->enabled || !ui_widget_visible(w, &before->screen) || oracle_hidden_under_layer(before, w))
		return NULL;
	return w;
}

bool oracle_press_ignored(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done)
{
	const struct ui_widget *w = pressed_media_control(before, done);
	char label[64];
	bool pressed_on;

	if (!w || !after)
		return false;
	lowered_label(w, label, sizeof(label));
	if (!media_press_against(before, label, &pressed_on))
		return false;
	/* Nothing at all answered the press: same page, no window, no message, every text as it was. */
	return oracle_same_activity(activity_before, activity_after) && nothing_answered(before, after);
}

bool oracle_first_press_ignored(const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *middle, const char *activity_middle,
				const struct ui_tree *after, const char *activity_after,
				const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w, *was, *now;
	const struct control_pair *pair;
	char label[64];
	bool pressed_on;

	if (!oracle_press_ignored(before, activity_before, middle, activity_middle, done) || !after)
		return false;
	w = pressed_media_control(before, done);
	lowered_label(w, label, sizeof(label));
	pair = media_press_against(before, label, &pressed_on);
	/* The second press, on the unchanged page, did what the first should have. */
	if (!pair || !oracle_same_activity(activity_middle, activity_after) ||
	    after->n_roots > middle->n_roots || oracle_count_layers(after) > oracle_count_layers(middle))
		return false;
	now = status_exactly(after, pressed_on ? pair->on_state : pair->off_state);
	if (!now || status_exactly(after, pressed_on ? pair->off_state : pair->on_state))
		return false;
	was = status_exactly(before, pressed_on ? pair->off_state : pair->on_state);
	oracle_finding_init(f);
	f->category = pair->category;
	f->oracle = "first_press";
	f->title = xasprintf("The first tap on '%s' is ignored: the status stays '%s'", ui_widget_label(w),
			     was->text);
	f->expected = xasprintf("after one tap on '%s', the status reads '%s'", ui_widget_label(w), now->text);
	f->actual = xasprintf("after one tap nothing changed ('%s'); a second tap gave '%s'", was->text, now->text);
	f->description = xasprintf("Tapping '%s' while the status read '%s' changed nothing on the screen; "
				   "tapping it again at once, on the unchanged screen, turned the status into "
				   "'%s': the first press was ignored.",
				   ui_widget_label(w), was->text, now->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "first_press");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "status_before", oracle_widget_json(was));
	cJSON_AddItemToObject(f->diff, "status_after_second", oracle_widget_json(now));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

bool oracle_press_never_answers(const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *middle, const char *activity_middle,
				const struct ui_tree *after, const char *activity_after,
				const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w, *was;
	const struct control_pair *pair;
	char label[64];
	bool pressed_on;

	if (!oracle_press_ignored(before, activity_before, middle, activity_middle, done) || !after ||
	    !oracle_same_activity(activity_middle, activity_after) || !nothing_answered(middle, after))
		return false;
	w = pressed_media_control(before, done);
	lowered_label(w, label, sizeof(label));
	pair = media_press_against(before, label, &pressed_on);
	/* Only a control that ends what the status says goes on (Pause beside
	 * "Playing", Stop beside "Recording"): a Play beside "Stopped" may have
	 * nothing to play. */
	if (!pair || pressed_on || !pair->on_state[0] || pair->category != BUG_CAT_MEDIA_CONTROL ||
	    !strcmp(pair->on, "mute"))
		return false;
	was = status_exactly(before, pair->on_state);
	if (!was)
		return false;
	oracle_finding_init(f);
	f->category = pair->category;
	f->oracle = "first_press";
	f->title = xasprintf("'%s' changes nothing: the status stays '%s'", ui_widget_label(w), was->text);
	f->expected = xasprintf("after a tap on '%s', the status no longer reads '%s'", ui_widget_label(w), was->text);
	f->actual = xasprintf("two taps in a row changed nothing on the screen; the status still reads '%s'",
			      was->text);
	f->description = xasprintf("Tapping '%s' while the status read '%s' changed nothing on the screen, and "
				   "neither did a second tap at once: the control is ignored.",
				   ui_widget_label(w), was->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "never_answers");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "status_unchanged", oracle_widget_json(was));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * A non-clickable visible text of t that says the media does not play in
 * so many words: exactly "Not playing", alone or after a key ("Audio: Not
 * playing"); NULL when none.
 */
static const struct ui_widget *not_playing_status(const struct ui_tree *t)
{
	static const char neg[] = "not playing";
	const size_t n = sizeof(neg) - 1;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i];
		char low[96];
		size_t len;

		if (!*s->text || in_clickable(s) || !ui_widget_visible(s, &t->screen))
			continue;
		lowered_label(s, low, sizeof(low));
		len = strlen(low);
		if (!strcmp(low, neg) || (len > n + 2 && !strcmp(low + len - n, neg) && !strncmp(low + len - n - 2, ": ", 2)))
			return s;
	}
	return NULL;
}

/*
 * A non-clickable visible text of t that says the sound is off (`muted`:
 * exactly "Muted", or "muted" as the last word after one more word or a
 * key: "Sound muted", "Audio: muted") or on ("Sound on", "Unmuted"); NULL
 * when none. "Unmuted" never says muted.
 */
static const struct ui_widget *sound_status(const struct ui_tree *t, bool muted)
{
	static const char *const on[] = { "sound on", "unmuted", "audio on", NULL };

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *s = t->nodes[i];
		char low[64];
		size_t len;

		if (!*s->text || in_clickable(s) || !ui_widget_visible(s, &t->screen))
			continue;
		lowered_label(s, low, sizeof(low));
		len = strlen(low);
		if (muted && (!strcmp(low, "muted") ||
			      (len > 6 && !strcmp(low + len - 6, " muted") && strchr(low, ' ') == low + len - 6)))
			return s;
		for (size_t k = 0; !muted && on[k]; k++)
			if (!strcmp(low, on[k]))
				return s;
	}
	return NULL;
}

/*
 * A media control pressed beside the status it should end, that changed
 * nothing on the screen: a play control ("Play", "Play audio": a label
 * starting with the word Play) beside "Not playing" (flashcards' replay
 * button once the answer shows), or Unmute beside "Sound muted" and Mute
 * beside "Sound on" (gallery's video started muted by Autoplay). Nothing
 * answered: the press was ignored. "Paused" and "Stopped" are
 * first_press's, which asks a second press: a stopped player may rightly
 * have nothing to play; a sound switch has no such excuse.
 */
static bool play_ignored(const struct ui_tree *before, const struct ui_tree *after, const struct ui_widget *w,
			 const struct action *done, struct oracle_finding *f)
{
	bool pressed_on = false;
	const struct control_pair *pair = widget_media_pair(w, &pressed_on);
	const struct ui_widget *status;
	bool sound;

	if (!pair)
		return false;
	sound = !strcmp(pair->on, "mute");
	if (sound)
		status = sound_status(before, !pressed_on); /* Unmute ends "muted"; Mute ends "sound on" */
	else if (pressed_on && !strcmp(pair->on, "play"))
		status = not_playing_status(before);
	else
		return false;
	if (!status || !nothing_answered(before, after))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_MEDIA_CONTROL;
	f->oracle = "control";
	f->title = xasprintf("'%s' changes nothing: '%s' stays", ui_widget_label(w), status->text);
	f->expected = sound ? xasprintf("after '%s', the status says the sound is %s", ui_widget_label(w),
					pressed_on ? "off" : "on")
			    : xasprintf("after '%s', the status says it plays", ui_widget_label(w));
	f->actual = xasprintf("nothing on the screen changed; the status still reads '%s'", status->text);
	f->description = xasprintf("Tapping '%s' beside the status '%s' changed nothing on the screen: the "
				   "press was ignored.", ui_widget_label(w), status->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", sound ? "sound_ignored" : "play_ignored");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "status_unchanged", oracle_widget_json(status));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* s with each number (digits, with a sign, separators and decimals) written as "N"; caller frees. */
static char *numbers_as_n(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;

	for (const char *p = s; *p;) {
		if (isdigit((unsigned char)*p) || ((*p == '-' || *p == '+') && isdigit((unsigned char)p[1]))) {
			p++;
			while (isdigit((unsigned char)*p) ||
			       ((*p == '.' || *p == ',') && isdigit((unsigned char)p[1])))
				p++;
			*o++ = 'N';
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

bool oracle_control_stuck(const struct ui_tree *before, const char *activity_before,
			  const struct ui_tree *after, const char *activity_after,
			  const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w, *o, *status = NULL;
	const struct control_pair *pair;
	const char *flipped = NULL;
	char label[64];
	bool pressed_on;
	cJSON *kept;

	if (!before || !after || !done)
		return false;
	if (done->type == ACTION_BACK ||
	    (done->type == ACTION_CLICK && done->widget_text && !strcasecmp(done->widget_text, "Navigate up")))
		return bar_plays_after_leaving_paused(before, activity_before, after, activity_after, done, f);
	if (done->type != ACTION_CLICK)
		return false;
	w = oracle_toggle_target(before, done);
	if (!w)
		w = action_resolve(done, before);
	if (!w || !w->enabled || !ui_widget_visible(w, &before->screen) || oracle_hidden_under_layer(before, w))
		return false;
	/* A dialog or a message is a response of its own: not judged. */
	if (after->n_roots > before->n_roots || oracle_count_layers(after) > oracle_count_layers(before))
		return false;
	/* Another page: judged only by what it says of a media state. */
	if (!oracle_same_activity(activity_before, activity_after) || oracle_text_difference(before, after) > 0.5)
		return control_stuck_elsewhere(after, w, done, f) ||
		       setting_differs_elsewhere(before, after, w, done, f) ||
		       chosen_item_not_played(before, after, false, w, done, f);
	if (chosen_item_not_played(before, after, true, w, done, f) || seek_starts_playback(before, after, w, done, f) ||
	    play_ignored(before, after, w, done, f))
		return true;
	lowered_label(w, label, sizeof(label));
	/* The pair the control flipped along: Pause may turn into Play or into Resume. */
	o = NULL;
	for (size_t k = 0; !o && (pair = control_pair_after(label, k, &flipped)) != NULL; k = (size_t)(pair - control_pairs) + 1)
		o = flipped_control(after, w, flipped);
	if (!o)
		return false;
	pressed_on = strcmp(label, pair->on) == 0;
	/* Every status text of the pair (not a control) on `before` must read the same after. */
	kept = cJSON_CreateArray();
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *s = before->nodes[i];
		char t[128];

		if (!*s->text || s == w || in_clickable(s) || !ui_widget_visible(s, &before->screen))
			continue;
		lowered_label(s, t, sizeof(t));
		if (!mentions_status(pair, t) || names_other_than_state(pair, t))
			continue;
		if (!same_text_widget(after, s)) {
			cJSON_Delete(kept);
			return false; /* the status moved with the control */
		}
		/* A status that is the state the press leads to ("Paused" after
		 * Pause) needs no change: the screen agrees with the control. */
		if (is_one_of(pressed_on ? pair->on_state : pair->off_state, t)) {
			cJSON_Delete(kept);
			return false;
		}
		/* A longer text that only mentions that state ("Now playing" as a
		 * page title) neither clears nor convicts the control; another
		 * status on the page still can. */
		if (mentions(pressed_on ? pair->on_state : pair->off_state, t))
			continue;
		/* A rounded count ("12K subscribers", "1.2M views") does not move
		 * by one press: it neither clears nor convicts the control. */
		if (has_rounded_count(t))
			continue;
		/* The shortest reads most like the status ("● Recording", not "Activity: Running"). */
		if (!status || strlen(s->text) < strlen(status->text))
			status = s;
		cJSON_AddItemToArray(kept, cJSON_CreateString(s->text));
	}
	if (!status) {
		cJSON_Delete(kept);
		return false; /* no status on screen: nothing to compare the label with */
	}
	oracle_finding_init(f);
	f->category = pair->category;
	f->oracle = "control";
	{
		/* The title names the status with its numbers as N: a count stuck at
		 * 11 and then at 12 on another post is one bug, not two reports. */
		char *shape = numbers_as_n(status->text);

		f->title = xasprintf("'%s' turns into '%s' but '%s' does not change", ui_widget_label(w),
				     ui_widget_label(o), shape);
		free(shape);
	}
	f->expected = xasprintf("after '%s', the status '%s' changes with the control", ui_widget_label(w),
				status->text);
	f->actual = xasprintf("the control now reads '%s'; the status still reads '%s'", ui_widget_label(o),
			      status->text);
	f->description = xasprintf("Tapping '%s' flipped its label to '%s', yet the status it controls "
				   "('%s') stayed as it was on the same screen: the control claims a state "
				   "the app is not in.",
				   ui_widget_label(w), ui_widget_label(o), status->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "control");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(o));
	cJSON_AddItemToObject(f->diff, "status_unchanged", kept);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

const struct oracle_kind oracle_kind_control = {
	.name = "control",
	.config_key = "oracles.control",
	.category = BUG_CAT_MEDIA_CONTROL,
	.doc = "a control flips its own label (Play/Pause) while the status it drives stays, a seek starts playback, or a setting differs on the page a tap opens",
	.evidence = "the screen before the tap, the control before/after and the unchanged status texts",
	.flags = 0,
	.step_check = oracle_control_stuck,
};
