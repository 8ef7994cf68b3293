/*
 * test_oracle_caldiary.c - the checks session 69 added or changed after
 * reading the runs of caldiary (held-out, modelled on Waistline) and
 * ledger's miss, each replayed on the app and on its fixed twin:
 *
 *  - `section_sum` (oracle 59): Breakfast's heading keeps 239 kcal after
 *    an entry's servings went from 1 to 2 (`caldiary-servings-total-stale`,
 *    Waistline #255);
 *  - `kept_edit`'s pick that undoes an earlier pick: the category chosen
 *    after the account puts the account back to Checking
 *    (`ledger-category-resets-account`, MyExpenses #599);
 *  - `crud` leaves alone a deleted diary entry's food on the food list an
 *    Add button opens, and a save on a page whose list a search narrows
 *    (caldiary's two false reports, seeds 3 and 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "test.h"
#include "sim_steps.h"

#define CALDIARY "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/caldiary.json"
#define CALDIARY_PKG "org.holdout.caldiary"
#define LEDGER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/ledger.json"
#define LEDGER_PKG "org.holdout.ledger"

#define N(a) (sizeof(a) / sizeof((a)[0]))

TEST(a_heading_that_stops_summing_its_rows)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "entry_row0", NULL, NULL },
		{ ACTION_INPUT, "e_sv", NULL, "2" },
		{ ACTION_CLICK, "e_save", "Save", NULL },
	};
	static const int tops[] = { 273, 0, 0 };
	struct sim_finding f = sim_steps_first_finding_at(CALDIARY, CALDIARY_PKG, "section_sum", s, tops, N(s));

	CHECK_INT_EQ(f.step, 3);
	CHECK(f.title && !strcmp(f.title, "'Breakfast' says 239 kcal; its 3 rows add up to 331 kcal"));
	CHECK(f.category == BUG_CAT_CALCULATION);
	sim_finding_release(&f);
	f = sim_steps_first_finding_at(CALDIARY ":fixed", CALDIARY_PKG, "section_sum", s, tops, N(s));
	CHECK_INT_EQ(f.step, 0);
	sim_finding_release(&f);
}

TEST(a_pick_that_undoes_an_earlier_pick)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "add_tx_fab", NULL, NULL },
		{ ACTION_CLICK, "f_acct_btn", "Account: Checking", NULL },
		{ ACTION_CLICK, "ap_row", NULL, NULL },
		{ ACTION_CLICK, "f_nocat_btn", "Category: none (tap to choose)", NULL },
		{ ACTION_CLICK, "cp_row", NULL, NULL },
	};
	static const int tops[] = { 0, 0, 621, 0, 378 };
	struct sim_finding f = sim_steps_first_finding_at(LEDGER, LEDGER_PKG, "kept_edit", s, tops, N(s));

	CHECK_INT_EQ(f.step, 5);
	CHECK(f.title && strstr(f.title, "for 'Category' resets 'Account' to 'Checking'"));
	sim_finding_release(&f);
	f = sim_steps_first_finding_at(LEDGER ":fixed", LEDGER_PKG, "kept_edit", s, tops, N(s));
	CHECK_INT_EQ(f.step, 0);
	sim_finding_release(&f);
}

TEST(a_deleted_entrys_food_on_the_list_an_add_button_opens)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "add0", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "entry_name0", "Coffee with milk", NULL },
		{ ACTION_CLICK, "e_delete", "Delete", NULL },
		{ ACTION_CLICK, "del_ok", "Delete", NULL },
		{ ACTION_CLICK, "add0", NULL, NULL },
	};
	static const int tops[] = { 0, 0, 0, 0, 0, 0 };

	for (int fixed = 0; fixed < 2; fixed++) {
		struct sim_finding f = sim_steps_first_finding_at(fixed ? CALDIARY ":fixed" : CALDIARY, CALDIARY_PKG,
								 "crud", s, tops, N(s));

		CHECK_INT_EQ(f.step, 0);
		sim_finding_release(&f);
	}
}

TEST(a_save_on_a_searched_list_that_hides_the_entry)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "add0", NULL, NULL },
		{ ACTION_INPUT, "food_search", NULL, "mature" },
		{ ACTION_CLICK, "food_open", NULL, NULL },
		{ ACTION_INPUT, "fe_unit", NULL, "portion" },
		{ ACTION_SCROLL, "content", NULL, "down" },
		{ ACTION_SCROLL, "content", NULL, "down" },
		{ ACTION_CLICK, "fe_save", "Save", NULL },
		{ ACTION_CLICK, "food_open", NULL, NULL },
		{ ACTION_INPUT, "fe_name", NULL, "Chen34" },
		{ ACTION_INPUT, "fe_unit", NULL, "slice" },
		{ ACTION_SCROLL, "content", NULL, "down" },
		{ ACTION_SCROLL, "content", NULL, "down" },
		{ ACTION_CLICK, "fe_save", "Save", NULL },
	};

	for (int fixed = 0; fixed < 2; fixed++) {
		struct sim_finding f = sim_steps_first_finding_at(fixed ? CALDIARY ":fixed" : CALDIARY, CALDIARY_PKG,
								 "crud", s, NULL, N(s));

		CHECK_INT_EQ(f.step, 0);
		sim_finding_release(&f);
	}
}

int main(void)
{
	RUN(a_heading_that_stops_summing_its_rows);
	RUN(a_pick_that_undoes_an_earlier_pick);
	RUN(a_deleted_entrys_food_on_the_list_an_add_button_opens);
	RUN(a_save_on_a_searched_list_that_hides_the_entry);
	return test_summary();
}
