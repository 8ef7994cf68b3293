/*
 * test_oracle_search_silent.c - the feedback oracle's silent search
 * (oracle_feedback_search_silent) on screens replayed on the held-out
 * weather app (configs/apps/holdout/weather.json): a city search for a
 * name no place has ("yellow") that answers with nothing at all, not even
 * "No location found", is reported (`weather-search-no-results-silent`,
 * breezy-weather #133). Not on the fixed twin, which says no place was
 * found; not for a search that lists places ("London"); not for a query
 * of two characters, nor for an empty field whose placeholder the dump
 * shows as its text; not for a press of the field itself.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"

#define WEATHER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/weather.json"
#define PKG "org.holdout.weather"
#define RADIO "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/radio.json"
#define RADIO_PKG "org.holdout.radio"
#define TODO "sim:" TRIDENT_SOURCE_DIR "/configs/apps/todo.json"
#define TODO_PKG "com.trident.todo"

/*
 * Replays Locations, Add a location, typing `query` and a click on
 * `press` (a resource-id tail) on `app`; whether the last step is reported
 * (-1: the replay failed), its title in *title (caller frees).
 */
static int searched(const char *app, const char *query, const char *press, char **title)
{
	const struct sim_step steps[] = {
		{ ACTION_CLICK, "manage_btn", NULL, NULL },
		{ ACTION_CLICK, "add_loc", NULL, NULL },
		{ ACTION_INPUT, "q", NULL, query },
		{ ACTION_CLICK, press, NULL, NULL },
	};
	struct sim_replay s;
	struct oracle_finding f;
	int hit = -1;

	*title = NULL;
	sim_steps_replay(app, PKG, steps, 4, &s);
	if (s.ok) {
		oracle_finding_init(&f);
		hit = oracle_feedback_search_silent(s.r.screens[3].tree, s.r.screens[3].activity, s.r.screens[4].tree,
						    s.r.screens[4].activity, &s.acts[3], s.r.screens[2].tree, &f);
		if (hit) {
			CHECK(f.oracle && !strcmp(f.oracle, "feedback"));
			CHECK_INT_EQ(f.category, BUG_CAT_FEEDBACK_MISSING);
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
			*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	return hit;
}

TEST(a_search_that_answers_with_nothing_at_all)
{
	char *title = NULL;

	CHECK_INT_EQ(searched(WEATHER, "yellow", "search_go", &title), 1);
	CHECK(title && !strcmp(title, "A search for \"yellow\" on 'Add a location' shows nothing and says nothing"));
	free(title);
	/* The fixed twin says "No location found for ...". */
	CHECK_INT_EQ(searched(WEATHER ":fixed", "yellow", "search_go", &title), 0);
	free(title);
}

TEST(searches_that_answer_or_are_not_run_are_left_alone)
{
	char *title = NULL;

	/* Places are listed. */
	CHECK_INT_EQ(searched(WEATHER, "London", "search_go", &title), 0);
	free(title);
	/* Two characters: too short to say the app should have answered. */
	CHECK_INT_EQ(searched(WEATHER, "ye", "search_go", &title), 0);
	free(title);
	/* Nothing typed: the dump shows the placeholder as the field's text (seed 4, session 64). */
	CHECK_INT_EQ(searched(WEATHER, "", "search_go", &title), 0);
	free(title);
	/* A tap on the field runs no search. */
	CHECK_INT_EQ(searched(WEATHER, "yellow", "q", &title), 0);
	free(title);
}

TEST(an_empty_field_whose_placeholder_reads_like_a_query_is_not_judged)
{
	/* Radio's fixed twin, seed 3 (session 64): Search stations, Search with nothing typed; the
	 * dump shows the placeholder "Station name" as the field's text, as when first seen. */
	static const struct sim_step steps[] = {
		{ ACTION_CLICK, "search_btn", NULL, NULL },
		{ ACTION_CLICK, "search_go", NULL, NULL },
	};
	struct sim_replay s;
	struct oracle_finding f;

	sim_steps_replay(RADIO ":fixed", RADIO_PKG, steps, 2, &s);
	CHECK(s.ok);
	if (s.ok) {
		oracle_finding_init(&f);
		CHECK(!oracle_feedback_search_silent(s.r.screens[1].tree, s.r.screens[1].activity, s.r.screens[2].tree,
						     s.r.screens[2].activity, &s.acts[1], s.r.screens[1].tree, &f));
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
}

/*
 * Save goal pressed again on the weekly goal's form, "-18" typed and its
 * error still shown: "goal" holds "go", but a Save runs no search (todo,
 * seed 1, a false report before session 67).
 */
TEST(a_save_whose_label_holds_go_is_no_search)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, NULL, "Account", NULL },     { ACTION_INPUT, "email", NULL, "emil@example.com" },
		{ ACTION_INPUT, "password", NULL, "Pw0003.secret" }, { ACTION_CLICK, "sign_in", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },	     { ACTION_CLICK, "stats_btn", NULL, NULL },
		{ ACTION_CLICK, "goal_btn", NULL, NULL },     { ACTION_CLICK, "save_goal", NULL, NULL },
		{ ACTION_INPUT, "goal_number", NULL, "-18" }, { ACTION_CLICK, "save_goal", "Save goal", NULL },
	};
	struct sim_replay r;
	struct oracle_finding f;

	sim_steps_replay(TODO, TODO_PKG, s, 10, &r);
	CHECK(r.ok);
	oracle_finding_init(&f);
	CHECK(r.ok && !oracle_feedback_search_silent(r.r.screens[9].tree, r.r.screens[9].activity, r.r.screens[10].tree,
						     r.r.screens[10].activity, &r.acts[9], r.r.screens[7].tree, &f));
	oracle_finding_release(&f);
	sim_steps_release(&r);
}

int main(void)
{
	RUN(a_save_whose_label_holds_go_is_no_search);
	RUN(a_search_that_answers_with_nothing_at_all);
	RUN(searches_that_answer_or_are_not_run_are_left_alone);
	RUN(an_empty_field_whose_placeholder_reads_like_a_query_is_not_judged);
	return test_summary();
}
