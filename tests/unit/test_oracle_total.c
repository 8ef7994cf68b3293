/*
 * test_oracle_total.c - the total oracle's tracker (oracle_total_step)
 * across pages (issue 18), fed the screens of short scenarios on two
 * benchmark apps: a money total on one tab that ignores an expense added on
 * another (wallet's "Left to spend"), and a count on the feeds page that
 * ignores stories read on a feed's page (feedreader's "Unread: N"). Each
 * bug is found at the step that shows it, and the same or the fixed path
 * on the fixed twin gives no report; neither do totals that move.
 */
#include <stdbool.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "device/device.h"

#define WALLET "sim:" TRIDENT_SOURCE_DIR "/configs/apps/bench/wallet.json"
#define WALLET_PKG "org.bench.wallet"
#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/bench/feedreader.json"
#define FEEDS_PKG "org.bench.feedreader"
#define SPLITTER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/splitter.json"
#define SPLITTER_PKG "org.holdout.splitter"
#define GYMLOG "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/gymlog.json"
#define GYMLOG_PKG "org.holdout.gymlog"
#define PILLBOX "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/pillbox.json"
#define PILLBOX_PKG "org.holdout.pillbox"
#define FUELLOG "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/fuellog.json"
#define FUELLOG_PKG "org.holdout.fuellog"

/* One scenario step: type, resource-id tail (or NULL), label (or NULL), text typed. */
struct step {
	enum action_type type;
	const char *id;
	const char *label;
	const char *text;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Replay `steps` on `app` (clean start), every step fed to a fresh total
 * tracker. Returns the 1-based step of the first finding (0: none; -1: the
 * replay failed); its title goes to *title (caller frees).
 */
static int first_finding(const char *app, const char *pkg, const struct step *steps, size_t n, char **title)
{
	struct device *dev = NULL;
	struct action *acts = calloc(n, sizeof(*acts));
	struct replay_result r;
	struct oracle_total_tracker *total = oracle_total_tracker_new();
	int found = 0;

	*title = NULL;
	if (device_open(app, NULL, &dev) != TD_OK) {
		free(acts);
		oracle_total_tracker_free(total);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		action_init(&acts[i]);
		acts[i].type = steps[i].type;
		if (steps[i].id)
			acts[i].resource_id = xasprintf("%s:id/%s", pkg, steps[i].id);
		if (steps[i].label)
			acts[i].widget_text = xstrdup(steps[i].label);
		if (steps[i].text)
			acts[i].text = xstrdup(steps[i].text);
	}
	if (replay_run(dev, pkg, acts, n, NULL, &r) != TD_OK || r.n_screens != n + 1) {
		found = -1;
	} else {
		for (size_t i = 0; i < n && !found; i++) {
			struct oracle_finding f;

			oracle_finding_init(&f);
			if (oracle_total_step(total, r.screens[i].tree, r.screens[i].activity, r.screens[i + 1].tree,
					      r.screens[i + 1].activity, &acts[i], &f)) {
				found = (int)i + 1;
				*title = xstrdup(f.title);
				CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
				CHECK(f.diff && cJSON_GetObjectItem(f.diff, "check"));
			}
			oracle_finding_release(&f);
		}
	}
	replay_result_release(&r);
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
	oracle_total_tracker_free(total);
	device_close(dev);
	return found;
}

/* The first finding of the scenario on `app` is at step `at` (0: none), its title holding `want`. */
static bool finds(const char *app, const char *pkg, const struct step *steps, size_t n, int at, const char *want)
{
	char *title = NULL;
	int got = first_finding(app, pkg, steps, n, &title);
	bool ok = got == at && (!at || (title && strstr(title, want)));

	if (!ok)
		fprintf(stderr, "%s: step %d (want %d), title '%s' (want '%s')\n", app, got, at, title ? title : "",
			want ? want : "");
	free(title);
	return ok;
}

TEST(money_total_that_ignores_an_expense_added_on_another_tab)
{
	static const struct step s[] = {
		{ ACTION_CLICK, "nav_budget", NULL, NULL },  { ACTION_CLICK, "nav_home", NULL, NULL },
		{ ACTION_CLICK, "add_fab", NULL, NULL },     { ACTION_INPUT, "amount", NULL, "12" },
		{ ACTION_INPUT, "note", NULL, "Lunch" },     { ACTION_CLICK, "save", NULL, NULL },
		{ ACTION_CLICK, "nav_budget", NULL, NULL },
	};

	CHECK(finds(WALLET, WALLET_PKG, s, N(s), 7, "'Left to spend' does not move by an amount added or deleted on another page"));
	CHECK(finds(WALLET ":fixed", WALLET_PKG, s, N(s), 0, NULL));
}

TEST(money_total_seen_after_the_change_only_is_not_judged)
{
	/* The Budget tab first seen after the expense was added: nothing to compare. */
	static const struct step s[] = {
		{ ACTION_CLICK, "add_fab", NULL, NULL },     { ACTION_INPUT, "amount", NULL, "12" },
		{ ACTION_CLICK, "save", NULL, NULL },        { ACTION_CLICK, "nav_budget", NULL, NULL },
		{ ACTION_CLICK, "nav_home", NULL, NULL },    { ACTION_CLICK, "nav_budget", NULL, NULL },
	};

	CHECK(finds(WALLET, WALLET_PKG, s, N(s), 0, NULL));
}

TEST(money_total_on_another_tab_of_the_same_page)
{
	/* splitter: "Total spent" on the group's Balances tab, the expenses on
	 * its Expenses tab (same activity, same title: the group's name); an
	 * expense deleted, and the total still counts it. */
	static const struct step s[] = {
		{ ACTION_CLICK, NULL, "Lisbon trip", NULL },   { ACTION_CLICK, "tab_balances", NULL, NULL },
		{ ACTION_CLICK, "tab_expenses", NULL, NULL },  { ACTION_CLICK, NULL, "Hotel", NULL },
		{ ACTION_CLICK, "delete_btn", NULL, NULL },    { ACTION_CLICK, "ok_delete", NULL, NULL },
		{ ACTION_CLICK, "tab_balances", NULL, NULL },
	};

	CHECK(finds(SPLITTER, SPLITTER_PKG, s, N(s), 7,
		    "'Total spent' does not move by an amount added or deleted on another page"));
	CHECK(finds(SPLITTER ":fixed", SPLITTER_PKG, s, N(s), 0, NULL));
}

TEST(money_total_that_stops_summing_the_rows_of_another_tab)
{
	/* splitter, as a walk does it: the Balances tab's "Total spent" first
	 * seen equal to the Expenses tab's rows; an expense edited (its row
	 * changes, so the total followed across pages is unsure) and then
	 * deleted; back on Balances the total still counts it. The switch
	 * between the two tabs judges the total against the other tab's rows. */
	static const struct step s[] = {
		{ ACTION_CLICK, NULL, "Lisbon trip", NULL },   { ACTION_CLICK, "tab_balances", NULL, NULL },
		{ ACTION_CLICK, "tab_expenses", NULL, NULL },  { ACTION_CLICK, NULL, "Hotel", NULL },
		{ ACTION_CLICK, "edit_btn", NULL, NULL },      { ACTION_INPUT, "amount_field", NULL, "195" },
		{ ACTION_CLICK, "save", NULL, NULL },          { ACTION_CLICK, "delete_btn", NULL, NULL },
		{ ACTION_CLICK, "ok_delete", NULL, NULL },     { ACTION_CLICK, "tab_balances", NULL, NULL },
	};
	/* Without the first sight of Balances nothing is learned; a total
	 * that is the rows plus the one amount the delete's dialog named
	 * ("Hotel (€240.00) will be removed") is judged all the same. */
	static const struct step unseen[] = {
		{ ACTION_CLICK, NULL, "Lisbon trip", NULL },   { ACTION_CLICK, NULL, "Hotel", NULL },
		{ ACTION_CLICK, "delete_btn", NULL, NULL },    { ACTION_CLICK, "ok_delete", NULL, NULL },
		{ ACTION_CLICK, "tab_balances", NULL, NULL },  { ACTION_CLICK, "tab_expenses", NULL, NULL },
	};
	/* Two deleted: the total is the rows plus both, which no one delete
	 * explains, and nothing was learned: not judged. */
	static const struct step two_deleted[] = {
		{ ACTION_CLICK, NULL, "Lisbon trip", NULL },   { ACTION_CLICK, NULL, "Hotel", NULL },
		{ ACTION_CLICK, "delete_btn", NULL, NULL },    { ACTION_CLICK, "ok_delete", NULL, NULL },
		{ ACTION_CLICK, NULL, "Dinner at Ramiro", NULL }, { ACTION_CLICK, "delete_btn", NULL, NULL },
		{ ACTION_CLICK, "ok_delete", NULL, NULL },     { ACTION_CLICK, "tab_balances", NULL, NULL },
	};

	CHECK(finds(SPLITTER, SPLITTER_PKG, s, N(s), 10, "'Total spent' does not equal the sum of the rows on the 'Expenses' tab"));
	CHECK(finds(SPLITTER ":fixed", SPLITTER_PKG, s, N(s), 0, NULL));
	CHECK(finds(SPLITTER, SPLITTER_PKG, unseen, N(unseen), 5, "'Total spent' does not equal the sum of the rows on the 'Expenses' tab"));
	CHECK(finds(SPLITTER ":fixed", SPLITTER_PKG, unseen, N(unseen), 0, NULL));
	CHECK(finds(SPLITTER, SPLITTER_PKG, two_deleted, N(two_deleted), 0, NULL));
}

TEST(money_total_beside_an_emptied_tab)
{
	/* splitter's Flat 3B has one expense: deleted, the Expenses tab says
	 * "No expenses in this group yet" (one placeholder row), and the
	 * Balances tab's "Total spent" is still the deleted row's €45.00. */
	static const struct step s[] = {
		{ ACTION_CLICK, NULL, "Flat 3B", NULL },       { ACTION_CLICK, NULL, "Internet, November", NULL },
		{ ACTION_CLICK, "delete_btn", NULL, NULL },    { ACTION_CLICK, "ok_delete", NULL, NULL },
		{ ACTION_CLICK, "tab_balances", NULL, NULL },
	};

	CHECK(finds(SPLITTER, SPLITTER_PKG, s, N(s), 5, "'Total spent' does not equal the sum of the rows on the 'Expenses' tab"));
	CHECK(finds(SPLITTER ":fixed", SPLITTER_PKG, s, N(s), 0, NULL));
}

TEST(money_total_of_its_own_rows_ignores_a_list_on_another_page)
{
	/* fuellog: "Total: £N" on Other costs equals the sum of the costs
	 * listed under it; a refueling deleted on the Refuelings page is not
	 * one of those rows, and the total is right to stay (a false positive
	 * on the app and its fixed twin before). */
	static const struct step s[] = {
		{ ACTION_CLICK, "nav_costs", NULL, NULL },   { ACTION_CLICK, "nav_refuels", NULL, NULL },
		{ ACTION_CLICK, "refuel_row", NULL, NULL },  { ACTION_CLICK, "delete_btn", NULL, NULL },
		{ ACTION_CLICK, "ok_delete", NULL, NULL },   { ACTION_CLICK, "nav_costs", NULL, NULL },
	};

	CHECK(finds(FUELLOG, FUELLOG_PKG, s, N(s), 0, NULL));
	CHECK(finds(FUELLOG ":fixed", FUELLOG_PKG, s, N(s), 0, NULL));
}

TEST(money_total_of_its_own_emptied_rows_ignores_a_list_on_another_page)
{
	/* fuellog, session 37: every other cost deleted, "Total: €0.00" sums
	 * an empty list (no money rows to match); it stays its list's total,
	 * and a refueling deleted elsewhere does not concern it (a false
	 * positive before). */
	static const struct step s[] = {
		{ ACTION_CLICK, "nav_costs", NULL, NULL },   { ACTION_CLICK, "cost_row", NULL, NULL },
		{ ACTION_CLICK, "cost_delete", NULL, NULL }, { ACTION_CLICK, "ok_cost", NULL, NULL },
		{ ACTION_CLICK, "cost_row", NULL, NULL },    { ACTION_CLICK, "cost_delete", NULL, NULL },
		{ ACTION_CLICK, "ok_cost", NULL, NULL },     { ACTION_CLICK, "cost_row", NULL, NULL },
		{ ACTION_CLICK, "cost_delete", NULL, NULL }, { ACTION_CLICK, "ok_cost", NULL, NULL },
		{ ACTION_CLICK, "nav_refuels", NULL, NULL },
		{ ACTION_CLICK, "refuel_row", NULL, NULL },  { ACTION_CLICK, "delete_btn", NULL, NULL },
		{ ACTION_CLICK, "ok_delete", NULL, NULL },   { ACTION_CLICK, "nav_costs", NULL, NULL },
	};

	CHECK(finds(FUELLOG, FUELLOG_PKG, s, N(s), 0, NULL));
	CHECK(finds(FUELLOG ":fixed", FUELLOG_PKG, s, N(s), 0, NULL));
}

TEST(a_rate_in_a_row_is_no_amount_a_total_sums)
{
	/* timesheet, session 37: the Week report's "Total: 14 h 0 min ·
	 * £545.21" against the project list's rows "Workshop prep | Tallinn
	 * Design Week · £38.50/h": an hourly rate, not an amount, so a
	 * project archived there does not concern the total (two false
	 * reports in the queue before). */
	static const struct step s[] = {
		{ ACTION_CLICK, "nav_reports", NULL, NULL }, { ACTION_CLICK, "tab_week", NULL, NULL },
		{ ACTION_CLICK, "nav_projects", NULL, NULL }, { ACTION_CLICK, "project_row", NULL, NULL },
		{ ACTION_CLICK, "archive_btn", NULL, NULL }, { ACTION_CLICK, "ok_archive", NULL, NULL },
		{ ACTION_CLICK, "nav_reports", NULL, NULL }, { ACTION_CLICK, "tab_week", NULL, NULL },
	};

	CHECK(finds("sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/timesheet.json", "org.holdout.timesheet", s, N(s), 0,
		    NULL));
}

TEST(money_total_of_the_row_that_opened_its_page_ignores_a_list_on_another_page)
{
	/* fuellog: a refueling's page, opened from its row, reads "Total
	 * price: £74.70", that row's own price; a cost added on the Costs page
	 * is no part of it, and it is right to stay (a false positive on the
	 * fixed twin with offline.breadth, session 24). */
	static const struct step s[] = {
		{ ACTION_CLICK, "refuel_row", NULL, NULL },       { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "nav_costs", NULL, NULL },        { ACTION_CLICK, "add_cost_fab", NULL, NULL },
		{ ACTION_INPUT, "cost_title_field", NULL, "Tyres" }, { ACTION_INPUT, "cost_amount_field", NULL, "500" },
		{ ACTION_CLICK, "save_cost", NULL, NULL },        { ACTION_CLICK, "nav_refuels", NULL, NULL },
		{ ACTION_CLICK, "refuel_row", NULL, NULL },
	};

	CHECK(finds(FUELLOG ":fixed", FUELLOG_PKG, s, N(s), 0, NULL));
	CHECK(finds(FUELLOG, FUELLOG_PKG, s, N(s), 0, NULL));
}

TEST(summary_line_that_stops_being_its_rows_sum)
{
	/* gymlog: "Volume: 1050 kg" over sets of 300, 350 and 400 kg (no sum
	 * word: a total once seen equal to the column's sum); a set of a cable
	 * exercise added, and the volume counts it twice. */
	static const struct step cable[] = {
		{ ACTION_CLICK, "add_set_fab", NULL, NULL }, { ACTION_CLICK, "pick_ex", NULL, NULL },
		{ ACTION_CLICK, NULL, "Cable fly", NULL },   { ACTION_INPUT, "kg", NULL, "20" },
		{ ACTION_INPUT, "reps", NULL, "10" },        { ACTION_CLICK, "save_set", NULL, NULL },
	};
	/* A plain exercise: the volume is right on both apps. */
	static const struct step squat[] = {
		{ ACTION_CLICK, "add_set_fab", NULL, NULL }, { ACTION_INPUT, "kg", NULL, "20" },
		{ ACTION_INPUT, "reps", NULL, "10" },        { ACTION_CLICK, "save_set", NULL, NULL },
		{ ACTION_CLICK, "delete_last", NULL, NULL }, { ACTION_CLICK, "ok_delete_set", NULL, NULL },
	};

	CHECK(finds(GYMLOG, GYMLOG_PKG, cable, N(cable), 6, "'Volume' does not change by the added row's amount"));
	CHECK(finds(GYMLOG ":fixed", GYMLOG_PKG, cable, N(cable), 0, NULL));
	CHECK(finds(GYMLOG, GYMLOG_PKG, squat, N(squat), 0, NULL));
	CHECK(finds(GYMLOG ":fixed", GYMLOG_PKG, squat, N(squat), 0, NULL));
}

TEST(undo_that_leaves_a_number_as_the_tap_made_it)
{
	/* pillbox: Taken on a dose takes one tablet from the stock and offers
	 * Undo; Undo puts the dose back to Due but not the tablet. The first
	 * dose starts taken: its Undo follows no tap the run saw (not judged). */
	static const struct step s[] = {
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
		{ ACTION_CLICK, "taken_btn", NULL, NULL },
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
	};
	/* Skip changes no number: its Undo is right on both apps. */
	static const struct step skip[] = {
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
		{ ACTION_CLICK, "skip_btn", NULL, NULL },
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
	};

	CHECK(finds(PILLBOX, PILLBOX_PKG, s, N(s), 3, "Undo on '07:00"));
	CHECK(finds(PILLBOX ":fixed", PILLBOX_PKG, s, N(s), 0, NULL));
	CHECK(finds(PILLBOX, PILLBOX_PKG, skip, N(skip), 0, NULL));
	/* Undo later, after a Skip on the next dose (session 57: pillbox seeds
	 * 2 and 5 pressed Undo on a dose taken steps before). */
	static const struct step later[] = {
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
		{ ACTION_CLICK, "taken_btn", NULL, NULL },
		{ ACTION_CLICK, "skip_btn", NULL, NULL },
		{ ACTION_CLICK, "undo_btn", NULL, NULL },
	};
	CHECK(finds(PILLBOX, PILLBOX_PKG, later, N(later), 4, "Undo on '07:00"));
	CHECK(finds(PILLBOX ":fixed", PILLBOX_PKG, later, N(later), 0, NULL));
}

/* Sign in to the feed reader. */
#define FEEDS_LOGIN                                                                                   \
	{ ACTION_INPUT, "username", NULL, "alice" }, { ACTION_INPUT, "password", NULL, "correct-horse" }, \
	{ ACTION_CLICK, "login_btn", NULL, NULL }

TEST(count_that_ignores_rows_read_on_another_page)
{
	/* The story's page offers "Mark as unread": opening it read it, and
	 * the count on the feeds page (Back skips there: the app's other bug)
	 * should be one less. */
	static const struct step s[] = {
		FEEDS_LOGIN,
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
		{ ACTION_CLICK, NULL, "A new battery chemistry", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};

	CHECK(finds(FEEDS, FEEDS_PKG, s, N(s), 6, "'Unread' does not change with rows changed on another page"));
}

TEST(count_that_moves_with_rows_read_is_not_reported)
{
	/* Fixed twin: Back returns to the feed's page, which shows the story
	 * read, and the count on the feeds page goes down by one each time. */
	static const struct step s[] = {
		FEEDS_LOGIN,
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
		{ ACTION_CLICK, NULL, "A new battery chemistry", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, NULL, "Inside the chip shortage", NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
	};

	CHECK(finds(FEEDS ":fixed", FEEDS_PKG, s, N(s), 0, NULL));
}

TEST(count_with_a_row_marked_back_is_not_reported)
{
	/* A story read then marked unread again on its own page: the count
	 * rightly stays. Back from the story: the feeds page on the buggy app,
	 * the feed's page on the fixed twin. */
	static const struct step buggy[] = {
		FEEDS_LOGIN,
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
		{ ACTION_CLICK, NULL, "A new battery chemistry", NULL },
		{ ACTION_CLICK, "mark_unread", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
	};
	static const struct step fixed[] = {
		FEEDS_LOGIN,
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
		{ ACTION_CLICK, NULL, "A new battery chemistry", NULL },
		{ ACTION_CLICK, "mark_unread", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, NULL, "Ars Technica", NULL },
	};

	CHECK(finds(FEEDS, FEEDS_PKG, buggy, N(buggy), 0, NULL));
	CHECK(finds(FEEDS ":fixed", FEEDS_PKG, fixed, N(fixed), 0, NULL));
}

int main(void)
{
	RUN(money_total_that_ignores_an_expense_added_on_another_tab);
	RUN(money_total_seen_after_the_change_only_is_not_judged);
	RUN(money_total_on_another_tab_of_the_same_page);
	RUN(money_total_that_stops_summing_the_rows_of_another_tab);
	RUN(money_total_beside_an_emptied_tab);
	RUN(money_total_of_its_own_rows_ignores_a_list_on_another_page);
	RUN(money_total_of_its_own_emptied_rows_ignores_a_list_on_another_page);
	RUN(a_rate_in_a_row_is_no_amount_a_total_sums);
	RUN(money_total_of_the_row_that_opened_its_page_ignores_a_list_on_another_page);
	RUN(summary_line_that_stops_being_its_rows_sum);
	RUN(undo_that_leaves_a_number_as_the_tap_made_it);
	RUN(count_that_ignores_rows_read_on_another_page);
	RUN(count_that_moves_with_rows_read_is_not_reported);
	RUN(count_with_a_row_marked_back_is_not_reported);
	return test_summary();
}
