/*
 * test_oracle_revisit.c - the revisit walk end to end on the simulated
 * device: a scripted explorer opens a bookmark list that shows distances,
 * then switches the measurement units to imperial in Settings and would go
 * on pressing Back; the oracles plugin takes over, walks back to the list
 * along the clicks the run made, and the setting oracle judges the list it
 * reaches (the held-out app maps, bug maps-list-distance-ignores-miles:
 * the list keeps km). The fixed twin lists miles: the walk is made, and
 * nothing is reported. The same on transit for a selector of no known
 * kind (setting_value.c): the Departures tab's station changed in
 * Settings, and the walk back finds the tab still on the old station
 * (transit-departures-station-not-applied). And the Back after a delete:
 * the last message of a conversation deleted on its page, the run looks
 * at the conversation list, which still shows it as the latest
 * (messages-deleted-last-still-listed). On a page with tabs the other
 * tab first: an expense deleted from a group's Expenses tab, the run looks
 * at the Balances tab, whose total still counts it
 * (splitter-delete-keeps-balances).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agents.h"
#include "agents/brain.h"
#include "core/config.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "test.h"

#define MAPS TRIDENT_SOURCE_DIR "/configs/apps/holdout/maps.json"
#define TRANSIT TRIDENT_SOURCE_DIR "/configs/apps/holdout/transit.json"
#define MESSAGES TRIDENT_SOURCE_DIR "/configs/apps/holdout/messages.json"
#define SPLITTER TRIDENT_SOURCE_DIR "/configs/apps/holdout/splitter.json"
#define STEPS 16

/* The scripts: labels to tap in order, then Back. */
static const char *const maps_script[] = {
	"Bookmarks", "My Places", "BACK", "BACK", "Menu", "Settings", "Measurement units: Metric (km, m)",
	"Imperial (mi, ft)", NULL,
};
/* transit: the Departures tab, then its station changed in Settings (a "Label: value" selector). */
static const char *const transit_script[] = {
	"Departures", "Settings", "Station on the Departures tab: Alexanderplatz", "Zoologischer Garten", NULL,
};

/* messages: the last message of a conversation deleted on its page, then the script would go on. */
static const char *const messages_script[] = {
	"Maya Chen", "Yes! See you at 7 at Nopa?", "Delete", "Delete", "Details", NULL,
};

/* splitter: the Balances tab seen to sum the Expenses tab, then an expense deleted; the script would go on to the settings. */
static const char *const splitter_script[] = {
	"Lisbon trip", "Balances", "Expenses", "Hotel", "Delete", "Delete", "Group settings", NULL,
};

struct scripted {
	const char *const *script;
	size_t next;
	int chosen; /* how many times the brain was asked */
};

/* Whether w or a widget inside it is labelled `label`. */
static bool holds(const struct ui_widget *w, const char *label)
{
	if (!strcmp(ui_widget_label(w), label))
		return true;
	for (size_t c = 0; c < w->n_children; c++)
		if (holds(w->children[c], label))
			return true;
	return false;
}

/* The numbered clickable widget of s labelled `label` (itself, else a text inside it), or NULL. */
static const struct brain_widget *labelled(const struct brain_screen *s, const char *label)
{
	const struct brain_widget *inside = NULL;

	for (size_t i = 0; i < s->n_widgets; i++) {
		if (!(s->widgets[i].actions & (UI_ACT_CLICK | UI_ACT_CHECK)))
			continue;
		if (!strcmp(ui_widget_label(s->widgets[i].w), label))
			return &s->widgets[i];
		if (!inside && holds(s->widgets[i].w, label))
			inside = &s->widgets[i];
	}
	return inside;
}

static int scripted_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
			   const struct brain_hints *hints, const char *feedback, struct action *out,
			   struct step_note *note)
{
	struct scripted *sc = b->state;
	const char *label = sc->script[sc->next] ? sc->script[sc->next++] : "BACK";
	const struct brain_widget *bw = strcmp(label, "BACK") ? labelled(s, label) : NULL;
	const struct ui_widget *w = bw ? bw->w : NULL;

	(void)env;
	(void)hints;
	(void)feedback;
	(void)note;
	sc->chosen++;
	action_init(out);
	out->type = w ? ACTION_CLICK : ACTION_BACK;
	if (w) {
		out->widget = bw->number;
		out->x = (w->bounds.x1 + w->bounds.x2) / 2;
		out->y = (w->bounds.y1 + w->bounds.y2) / 2;
		out->bounds = w->bounds;
		if (*ui_widget_label(w))
			out->widget_text = xstrdup(ui_widget_label(w));
		if (*w->resource_id)
			out->resource_id = xstrdup(w->resource_id);
	}
	return TD_OK;
}

static void scripted_free(struct explorer_brain *b)
{
	free(b);
}

static char *read_file(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *text = NULL;
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	if (f) {
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			strbuf_add(&sb, buf, n);
		fclose(f);
		text = strbuf_detach(&sb, NULL);
	}
	free(path);
	return text;
}

/* Run the script on app (or its fixed twin); bugs.json and trace.jsonl into *bugs and *trace. */
static void run_script(const char *app, const char *const *script, bool fixed, char **bugs, char **trace,
		       int *chosen)
{
	struct scripted sc = { script, 0, 0 };
	struct config *cfg = config_defaults();
	struct run_options o;
	struct run *r = NULL;
	struct explorer_brain *eb = xcalloc(1, sizeof(*eb));
	char dir[] = "/tmp/trident-revisit-XXXXXX", *spec = xasprintf("sim:%s%s", app, fixed ? ":fixed" : ""), *cmd;

	*bugs = *trace = NULL;
	REQUIRE(mkdtemp(dir) != NULL);
	eb->name = "scripted";
	eb->state = &sc;
	eb->choose = scripted_choose;
	eb->free = scripted_free;
	run_options_init(&o);
	o.device_spec = spec;
	o.out_dir = dir;
	o.steps = STEPS;
	o.status = 0;
	o.brain = "offline";
	o.explorer_brain = eb;
	CHECK_OK(run_new(cfg, &o, &r));
	if (r) {
		CHECK_OK(run_execute(r));
		run_free(r);
	}
	config_free(cfg);
	*chosen = sc.chosen;
	*bugs = read_file(dir, "bugs.json");
	*trace = read_file(dir, "trace.jsonl");
	cmd = xasprintf("rm -rf '%s'", dir);
	if (getenv("KEEP")) /* KEEP=1: keep the run to read */
		fprintf(stderr, "kept %s\n", dir);
	else
		CHECK_INT_EQ(system(cmd), 0);
	free(cmd);
	free(spec);
}

TEST(units_changed_then_the_walk_reaches_the_list_that_keeps_km)
{
	char *bugs, *trace;
	int chosen;

	run_script(MAPS, maps_script, false, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	/* The walk started after the change and came to the list by clicks. */
	CHECK(strstr(trace, "\"kind\":\"revisit\",\"setting\":\"distance units\",\"outcome\":\"start\"") != NULL);
	CHECK(strstr(trace, "revisit: back to a page that showed what distance units governs") != NULL);
	/* The brain was not asked for the walk's steps. */
	CHECK(chosen < STEPS);
	CHECK(strstr(bugs, "The distance units setting (imperial) is not followed") != NULL);
	CHECK(strstr(bugs, "\"found_by\":\t\"oracle:setting\"") != NULL);
	free(bugs);
	free(trace);
}

TEST(fixed_twin_walks_back_and_reports_nothing)
{
	char *bugs, *trace;
	int chosen;

	run_script(MAPS, maps_script, true, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	CHECK(strstr(trace, "\"kind\":\"revisit\",\"setting\":\"distance units\",\"outcome\":\"start\"") != NULL);
	CHECK(strstr(bugs, "oracle:setting") == NULL);
	free(bugs);
	free(trace);
}

TEST(station_changed_then_the_walk_reaches_the_departures_that_keep_the_old_one)
{
	char *bugs, *trace;
	int chosen;

	run_script(TRANSIT, transit_script, false, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	CHECK(strstr(trace, "\"kind\":\"revisit\",\"setting\":\"Station on the Departures tab\",\"outcome\":\"start\"") !=
	      NULL);
	CHECK(strstr(bugs, "'Station on the Departures tab' changed to 'Zoologischer Garten' is not followed: "
			   "'Next departures at Alexanderplatz'") != NULL);
	free(bugs);
	free(trace);

	/* The fixed twin: the walk is made, the Departures tab follows. */
	run_script(TRANSIT, transit_script, true, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	CHECK(strstr(trace, "\"setting\":\"Station on the Departures tab\",\"outcome\":\"start\"") != NULL);
	CHECK(strstr(bugs, "oracle:setting") == NULL);
	free(bugs);
	free(trace);
}

TEST(a_delete_on_a_page_below_a_list_looks_back_at_the_list)
{
	char *bugs, *trace;
	int chosen;

	run_script(MESSAGES, messages_script, false, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	/* Back right after the delete, not the script's next tap: the list still shows the deleted text. */
	CHECK(strstr(trace, "look back: the page that lists what was just deleted") != NULL);
	CHECK(strstr(bugs, "\"found_by\":\t\"oracle:crud\"") != NULL);
	CHECK(strstr(bugs, "Yes! See you at 7 at Nopa?") != NULL);
	free(bugs);
	free(trace);

	/* The fixed twin: the same Back, and the list shows the message before. */
	run_script(MESSAGES, messages_script, true, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	CHECK(strstr(trace, "look back: the page that lists what was just deleted") != NULL);
	CHECK(strstr(bugs, "oracle:crud") == NULL);
	free(bugs);
	free(trace);
}

TEST(a_delete_on_a_page_with_tabs_looks_at_the_other_tab)
{
	char *bugs, *trace;
	int chosen;

	run_script(SPLITTER, splitter_script, false, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	/* The Balances tab right after the delete, not the script's next tap. */
	CHECK(strstr(trace, "look at the other tab: the page's other view of what was just deleted") != NULL);
	CHECK(strstr(bugs, "\"found_by\":\t\"oracle:total\"") != NULL);
	CHECK(strstr(bugs, "'Total spent' does not") != NULL);
	free(bugs);
	free(trace);

	/* The fixed twin: the same tap, and the total follows the delete. */
	run_script(SPLITTER, splitter_script, true, &bugs, &trace, &chosen);
	REQUIRE(bugs && trace);
	CHECK(strstr(trace, "look at the other tab: the page's other view of what was just deleted") != NULL);
	CHECK(strstr(bugs, "oracle:total") == NULL);
	free(bugs);
	free(trace);
}

int main(void)
{
	if (access(MAPS, R_OK) != 0)
		return test_skip("no sim app " MAPS);
	RUN(units_changed_then_the_walk_reaches_the_list_that_keeps_km);
	RUN(fixed_twin_walks_back_and_reports_nothing);
	if (access(TRANSIT, R_OK) == 0)
		RUN(station_changed_then_the_walk_reaches_the_departures_that_keep_the_old_one);
	if (access(MESSAGES, R_OK) == 0)
		RUN(a_delete_on_a_page_below_a_list_looks_back_at_the_list);
	if (access(SPLITTER, R_OK) == 0)
		RUN(a_delete_on_a_page_with_tabs_looks_at_the_other_tab);
	return test_summary();
}
