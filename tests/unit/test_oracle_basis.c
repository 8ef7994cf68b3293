/*
 * test_oracle_basis.c - the per 100 g / per serving basis of a nutrition
 * page, on scenarios replayed on a held-out app (foodfacts):
 *  - `scale` judges a basis switch: "Per serving" turns "Values per 100 g"
 *    into "Values per serving (15 g)" while the nutrient rows keep their
 *    per-100 g amounts (`foodfacts-serving-shows-100g-values`, smooth-app
 *    #6234); the fixed twin scales them;
 *  - `feedback` leaves the half of a two-button switch already chosen
 *    alone: "Per 100 g" pressed on the per-100 g table rightly changes
 *    nothing (the fixed twin's false report before session 67);
 *  - `crud` does not read the "100" of "Energy: 1521 kJ / 100 g" as a
 *    serving size of 100 left unsaved (a false report at seed 4).
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#include "agents/oracles/oracles_internal.h"

#define FOODFACTS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/foodfacts.json"
#define PKG "org.holdout.foodfacts"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Nutella's nutrition facts (a 15 g serving), then Per serving and Per 100 g. */
static const struct sim_step switch_basis[] = {
	{ ACTION_CLICK, "cam_row", "Barcode 3017620422003", NULL },
	{ ACTION_CLICK, "nutrition_btn", NULL, NULL },
	{ ACTION_CLICK, "tserv", "Per serving", NULL },
	{ ACTION_CLICK, "t100", "Per 100 g", NULL },
};

/* The per-100 g table, and "Per 100 g" pressed on it. */
static const struct sim_step press_chosen[] = {
	{ ACTION_CLICK, "cam_row", "Barcode 3017620422003", NULL },
	{ ACTION_CLICK, "nutrition_btn", NULL, NULL },
	{ ACTION_CLICK, "t100", "Per 100 g", NULL },
};

TEST(a_basis_switch_whose_amounts_stay)
{
	char *title;

	/* Both ways: 100 to 15 and 15 back to 100, the rows never moving. */
	CHECK_INT_EQ(sim_steps_fired(FOODFACTS, PKG, oracle_scale_ignored, BUG_CAT_CALCULATION, switch_basis,
				     N(switch_basis), &title),
		     (1u << 2) | (1u << 3));
	CHECK(title && !strcmp(title, "The amounts do not follow 'Per 100 g'"));
	free(title);
	CHECK_INT_EQ(sim_steps_fired(FOODFACTS ":fixed", PKG, oracle_scale_ignored, BUG_CAT_CALCULATION, switch_basis,
				     N(switch_basis), &title),
		     0);
	free(title);
}

TEST(the_chosen_half_of_a_switch_pressed_again_is_silent)
{
	char *title;

	CHECK_INT_EQ(sim_steps_fired(FOODFACTS, PKG, oracle_feedback_send_silent, BUG_CAT_FEEDBACK_MISSING, press_chosen,
				     N(press_chosen), &title),
		     0);
	free(title);
	CHECK_INT_EQ(sim_steps_fired(FOODFACTS ":fixed", PKG, oracle_feedback_send_silent, BUG_CAT_FEEDBACK_MISSING,
				     press_chosen, N(press_chosen), &title),
		     0);
	free(title);
}

TEST(a_serving_size_edit_is_not_read_in_a_per_100_g_line)
{
	/* Spaghetti n.5: a 100 g serving, "Energy: 1521 kJ / 100 g" on its page. */
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "cam_row", "Barcode 8076800195057", NULL },
		{ ACTION_CLICK, "edit_btn", NULL, NULL },
		{ ACTION_INPUT, "e_serv", NULL, "78" },
		{ ACTION_CLICK, "e_save", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(sim_steps_found(FOODFACTS, PKG, "crud", BUG_CAT_DATA_OPERATION, s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(sim_steps_found(FOODFACTS ":fixed", PKG, "crud", BUG_CAT_DATA_OPERATION, s, N(s), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_basis_switch_whose_amounts_stay);
	RUN(the_chosen_half_of_a_switch_pressed_again_is_silent);
	RUN(a_serving_size_edit_is_not_read_in_a_per_100_g_line);
	return test_summary();
}
