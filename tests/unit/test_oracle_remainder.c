/*
 * test_oracle_remainder.c - oracle 46 "remainder" (oracle_remainder_wrong)
 * on built dumps: "Grid consumption: 14.60 kWh" over "Devices total:
 * 12.80 kWh" and "Untracked consumption: 2.90 kWh" is reported (smarthome,
 * Home Assistant frontend #26353), and so is a budget whose spent total
 * and remaining miss it; amounts that add up (within rounding), a total
 * that is itself the whole, a fourth amount of the unit, amounts in a
 * list, other units and a dialog are not judged.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MainActivity"

/* An Energy page showing the texts of `texts` ('|'-separated); in a list when in_list. */
static struct ui_tree *page(const char *texts, bool in_list)
{
	return x_lines_page("Energy", texts, in_list);
}

/* Whether the screen is reported; the title into *title. */
static bool judged(struct ui_tree *t, char **title)
{
	struct action wait;
	struct oracle_finding f;
	bool hit;

	CHECK(t != NULL);
	if (!t)
		return false;
	action_init(&wait);
	wait.type = ACTION_WAIT;
	oracle_finding_init(&f);
	hit = oracle_remainder_wrong(t, ACT, t, ACT, &wait, &f);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "remainder"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&wait);
	ui_tree_free(t);
	return hit;
}

static bool shown(const char *texts)
{
	return judged(page(texts, false), NULL);
}

TEST(a_total_and_what_it_leaves_out_that_miss_the_whole)
{
	char *title = NULL;

	CHECK(judged(page("Grid consumption: 14.60 kWh|Cost: \xe2\x82\xac" "4.67 at \xe2\x82\xac" "0.32/kWh|"
			  "Devices total: 12.80 kWh|Untracked consumption: 2.90 kWh", false),
		     &title));
	CHECK(title && !strcmp(title, "'Devices total: 12.80 kWh' and 'Untracked consumption: 2.90 kWh' do not add up "
				      "to 'Grid consumption: 14.60 kWh'"));
	free(title);
	CHECK(shown("Budget: \xe2\x82\xac" "500.00|Spent in total: \xe2\x82\xac" "320.00|Remaining: \xe2\x82\xac" "150.00"));
	CHECK(shown("Week: 40 h|Tracked total: 31 h|Untracked: 7 h"));
}

TEST(amounts_that_add_up_or_are_not_a_whole_and_its_parts)
{
	/* The fixed twin. */
	CHECK(!shown("Grid consumption: 14.60 kWh|Devices total: 11.70 kWh|Untracked consumption: 2.90 kWh"));
	/* Rounding of three shown amounts. */
	CHECK(!shown("Grid consumption: 14.60 kWh|Devices total: 12.71 kWh|Untracked consumption: 1.90 kWh"));
	/* The total is the whole: Done and Remaining are its parts. */
	CHECK(!shown("Total: 8 h|Done: 5 h|Remaining: 2 h"));
	/* A fourth amount of the unit: which one is the whole is a guess. */
	CHECK(!shown("Grid consumption: 14.60 kWh|Solar: 3.10 kWh|Devices total: 12.80 kWh|"
		     "Untracked consumption: 2.90 kWh"));
	/* Units that differ. */
	CHECK(!shown("Grid consumption: 14.60 kWh|Devices total: 12.80 kWh|Untracked consumption: 2.90 kW"));
	/* Amounts in a list are rows, not the page's figures. */
	CHECK(!judged(page("Grid consumption: 14.60 kWh|Devices total: 12.80 kWh|Untracked consumption: 2.90 kWh",
			   true),
		      NULL));
	/* Text after the amount: not a plain figure. */
	CHECK(!shown("Grid consumption: 14.60 kWh so far|Devices total: 12.80 kWh|Untracked consumption: 2.90 kWh"));
}

int main(void)
{
	RUN(a_total_and_what_it_leaves_out_that_miss_the_whole);
	RUN(amounts_that_add_up_or_are_not_a_whole_and_its_parts);
	return test_summary();
}
