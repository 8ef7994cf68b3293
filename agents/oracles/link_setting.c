/*
 * link_setting.c - oracle 54 "link_setting": a setting that says links
 * open in the browser ("Open links with: Default browser") while a tap on
 * "Open in browser" keeps the user in the app, on a page of its own (feeds
 * `feeds-open-in-browser-ignores-setting`, Feeder #1056: the in-app Custom
 * tab opened whatever the setting said).
 *
 * A tracker. Every screen of the app is read for a "Label: value" text
 * whose label names links or a browser ("Open links with", "Open links
 * in", "Browser", "Link handling"): a value naming a browser and none of
 * in-app, internal, built-in, custom tab or webview means links leave the
 * app (external); a value naming one of those means they stay (internal).
 * The last such value read is the setting. A click whose label holds
 * "browser" ("Open in browser") on a page with no dialog, while the
 * setting is external, must leave the app: landing on another page of the
 * app (another activity or app-bar title, no dialog) is the finding. A
 * click whose label also names the in-app way ("Open in in-app browser")
 * is not judged. One report per run.
 *
 * Blind: a setting shown only as a switch ("Use external browser" on), a
 * setting never shown after it was chosen, a link opened by a tap on the
 * article's text, and the reverse (links set to open in the app that
 * leave it).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

enum link_way { LINKS_UNKNOWN = 0, LINKS_EXTERNAL, LINKS_INTERNAL };

struct oracle_link_setting_tracker {
	enum link_way way;
	char shown[160];  /* the setting's text as last read */
	bool reported;
};

struct oracle_link_setting_tracker *oracle_link_setting_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_link_setting_tracker));
}

void oracle_link_setting_tracker_free(struct oracle_link_setting_tracker *t)
{
	free(t);
}

static const char *const inside_words[] = { "in-app", "in app", "internal", "built-in", "builtin", "custom tab",
					    "custom tabs", "webview", "inside the app", "reader view", NULL };

/* How a "Label: value" text says links open; LINKS_UNKNOWN when it is no such setting. */
static enum link_way way_of(const char *text)
{
	static const char *const label_words[] = { "link", "links", "browser", NULL };
	char low[160], *colon;

	if (strlen(text) >= sizeof(low))
		return LINKS_UNKNOWN;
	oracle_lower_into(low, sizeof(low), text);
	colon = strchr(low, ':');
	if (!colon || colon == low || !colon[1])
		return LINKS_UNKNOWN;
	*colon = '\0';
	if (!oracle_has_whole_word(low, label_words))
		return LINKS_UNKNOWN;
	if (oracle_has_word(colon + 1, inside_words))
		return LINKS_INTERNAL;
	if (strstr(colon + 1, "browser"))
		return LINKS_EXTERNAL;
	return LINKS_UNKNOWN;
}

/* Whether a click's label asks for the browser and not for the in-app way. */
static bool asks_for_browser(const struct ui_tree *before, const struct action *a)
{
	char label[256], low[256];

	if (!a || a->type != ACTION_CLICK)
		return false;
	oracle_action_label(before, a, label, sizeof(label));
	oracle_lower_into(low, sizeof(low), label);
	return strstr(low, "browser") && strstr(low, "open") && !oracle_has_word(low, inside_words) &&
	       !strchr(low, ':');
}

/* Whether `after` is another page of the app than `before`. */
static bool other_page(const struct oracle_tracked_step *s)
{
	if (!oracle_same_activity(s->activity_before, s->activity_after))
		return true;
	return !oracle_same_title(s->before, s->after);
}

bool oracle_link_setting_step(struct oracle_link_setting_tracker *t, const struct oracle_tracked_step *s,
			      struct oracle_finding *f)
{
	const struct ui_tree *a = s->after;
	bool judge;

	judge = !t->reported && t->way == LINKS_EXTERNAL && s->before && !oracle_screen_has_layer(s->before) &&
		asks_for_browser(s->before, s->done);
	if (a && s->after_in_app)
		for (size_t i = 0; i < a->n_nodes; i++) {
			const struct ui_widget *w = a->nodes[i];
			enum link_way way;

			if (!w->text[0] || !ui_widget_visible(w, &a->screen) || ui_widget_in_list(w) ||
			    oracle_hidden_under_layer(a, w) || (way = way_of(w->text)) == LINKS_UNKNOWN)
				continue;
			t->way = way;
			snprintf(t->shown, sizeof(t->shown), "%s", w->text);
		}
	if (!judge || !a || !s->after_in_app || oracle_screen_has_layer(a) || !other_page(s))
		return false;
	t->reported = true;
	oracle_finding_init(f);
	f->oracle = "link_setting";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("'%s' ignores the setting '%s'", s->done->widget_text ? s->done->widget_text : "Open in browser",
			     t->shown);
	f->expected = xasprintf("the browser, another app, as '%s' says", t->shown);
	f->actual = xasprintf("a page of the app (%s)", s->activity_after ? s->activity_after : "same app");
	f->description = xasprintf("Links are set to open in the browser (\"%s\"), but the tap stayed in the app and "
				   "opened its own page.",
				   t->shown);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "link_setting");
	cJSON_AddStringToObject(f->diff, "subject", "links opened against their setting");
	cJSON_AddStringToObject(f->diff, "setting", t->shown);
	if (s->activity_after)
		cJSON_AddStringToObject(f->diff, "landed", s->activity_after);
	return true;
}

static void *link_setting_tracker_new(void)
{
	return oracle_link_setting_tracker_new();
}

static void link_setting_tracker_free(void *t)
{
	oracle_link_setting_tracker_free(t);
}

static bool link_setting_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_link_setting_step(t, s, f);
}

const struct oracle_kind oracle_kind_link_setting = {
	.name = "link_setting",
	.config_key = "oracles.link_setting",
	.category = BUG_CAT_SETTINGS,
	.doc = "links set to open in the browser (\"Open links with: Default browser\") while \"Open in browser\" "
	       "opens a page of the app",
	.evidence = "the page the tap was made on and the app's page it opened",
	.flags = 0,
	.tracker_new = link_setting_tracker_new,
	.tracker_free = link_setting_tracker_free,
	.track = link_setting_track,
};
