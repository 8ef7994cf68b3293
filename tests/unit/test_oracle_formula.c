/*
 * test_oracle_formula.c - oracle "formula" (oracle_formula_wrong) on built
 * dumps: a calculator whose "2% 2" shows 0.00 (calc, Simple Calculator
 * #139: the percent divided the second number by 100 too) is reported, on
 * its display and in its history; formulas that compute to what is shown
 * under a reading calculators use (left to right, × ÷ first, a percent of
 * the left side, rounding and cutting to the digits shown, thousands
 * separators) are not, nor a formula the screen before already showed,
 * nor texts that only look like formulas (a date, office hours, a score,
 * sets times reps beside a weight). Oracle "grouping"
 * (oracle_grouping_step): after "84,366", the result "21091.50" with no
 * separator is reported (calc, LaunchyQt #126); not after the separator
 * switch was touched, nor from a history's stored "= 15,000" after it,
 * nor for four digits.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define ACT "com.example.t/.MainActivity"
#define TV "android.widget.TextView"

/* A calculator's display: the formula over the result (ids of `ids`: "formula"/"result" or neutral ones). */
static struct ui_tree *display(const char *formula, const char *result, bool named)
{
	return x_tree(x_cat(x_bar("Calculator"),
			    x_node1("android.widget.LinearLayout", "t:id/display", "", "", 0, 230, 1080, 700,
				    x_cat(x_node(TV, named ? "t:id/formula" : "t:id/line", formula, "", "", 40, 300,
						 1040, 400, NULL),
					  x_node(TV, named ? "t:id/result" : "t:id/line2", result, "", "", 40, 450, 1040,
						 600, NULL),
					  NULL)),
			    x_node("android.widget.Button", "t:id/btn_equals", "=", "c", "", 800, 2000, 1000, 2200,
				   NULL),
			    NULL));
}

/* A history page: one row per "formula|result" pair of `rows` (';'-separated). */
static struct ui_tree *history(const char *rows)
{
	char buf[512], *tok, *save, *body = calloc(1, 1);
	int y = 240;

	snprintf(buf, sizeof(buf), "%s", rows);
	for (tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save), y += 220) {
		char *bar = strchr(tok, '|');

		*bar = '\0';
		body = x_cat(body,
			     x_node1("android.widget.LinearLayout", "t:id/history_row", "", "c", 0, y, 1080, y + 200,
				     x_cat(x_node(TV, "t:id/h_formula", tok, "", "", 40, y, 1040, y + 90, NULL),
					   x_node(TV, "t:id/h_result", bar + 1, "", "", 40, y + 100, 1040, y + 190,
						  NULL),
					   NULL)),
			     NULL);
	}
	body = x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "", 0, 230, 1080, 2000, body);
	return x_tree(x_cat(x_bar("History"), body, NULL));
}

/* Whether `after` (reached from `before`, which may be NULL) is reported; the title into *title. */
static bool judged(struct ui_tree *before, struct ui_tree *after, char **title)
{
	struct action click;
	struct oracle_finding f;
	bool hit;

	CHECK(after != NULL);
	if (!after) {
		ui_tree_free(before);
		return false;
	}
	action_init(&click);
	click.type = ACTION_CLICK;
	oracle_finding_init(&f);
	hit = oracle_formula_wrong(before, ACT, after, ACT, &click, &f);
	if (hit) {
		const cJSON *blamed = cJSON_GetObjectItemCaseSensitive(f.diff, "blamed");

		CHECK(f.oracle && !strcmp(f.oracle, "formula"));
		CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
		CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(blamed, "widget_text")));
		if (title)
			*title = xstrdup(f.title);
	}
	oracle_finding_release(&f);
	action_release(&click);
	ui_tree_free(before);
	ui_tree_free(after);
	return hit;
}

/* The display after "=" from one that showed the formula's first part. */
static bool shown(const char *formula, const char *result)
{
	return judged(display("12 +", "12", true), display(formula, result, true), NULL);
}

TEST(a_percent_that_divides_twice_is_reported)
{
	char *title = NULL;

	CHECK(judged(display("2%", "0.02", true), display("2% 2", "0.00", true), &title));
	CHECK(title && !strcmp(title, "'2% 2' shows the result '0.00', not 0.04"));
	free(title);
	/* Its subject is the operator: "3% 9" is the same bug as "2% 2". */
	CHECK(shown("3% 9", "0.0027"));
	/* In the history, where each row shows "= result" (opened after a
	 * restart: the display the run saw last shows another formula). */
	CHECK(judged(display("5 + 5", "10", true), history("1250 \u00d7 12|= 15,000;2% 2|= 0.00"), NULL));
}

TEST(wrong_results_of_each_operator)
{
	CHECK(shown("19.99 + 4.5", "24.59"));
	CHECK(shown("2400 \u2212 375", "2,035"));
	CHECK(shown("1250 \u00d7 12", "1,500"));
	CHECK(shown("86.4 \u00f7 3", "28.08"));
	CHECK(shown("-6 \u00d7 4512", "27072"));
	CHECK(shown("3.85 + -3.1415926545", "7"));
	/* A result shown with "=" needs no id naming it. */
	CHECK(judged(NULL, display("7 * 6", "= 48", false), NULL));
}

TEST(results_that_a_calculator_may_show_are_not_reported)
{
	/* The fixed twin's percent. */
	CHECK(!shown("2% \u00d7 2", "0.04"));
	CHECK(!shown("2% 2", "0.04"));
	CHECK(!shown("19.99 + 4.5", "24.49"));
	CHECK(!shown("2400 \u2212 375", "2,025"));
	CHECK(!shown("1250 \u00d7 12", "15,000"));
	/* Rounded or cut to the digits shown. */
	CHECK(!shown("86.4 \u00f7 3", "28.80"));
	CHECK(!shown("5000 \u00f7 3", "1666.67"));
	CHECK(!shown("5000 \u00f7 3", "1,666.66"));
	CHECK(!shown("5000 \u00f7 3", "1667"));
	CHECK(!shown("3.85 + -3.1415926545", "0.71"));
	/* An operand written rounded: 28.8055 shown as "28.81" (calc's fixed twin, seed 10). */
	CHECK(!shown("28.81 \u00d7 9", "259.25"));
	CHECK(shown("28.81 \u00d7 9", "259.45"));
	CHECK(!shown("-6 \u00d7 4512", "-27072"));
	/* Left to right or × ÷ first. */
	CHECK(!shown("2 + 3 \u00d7 4", "14"));
	CHECK(!shown("2 + 3 \u00d7 4", "20"));
	/* A percent of the left side, or a hundredth. */
	CHECK(!shown("200 + 10%", "220"));
	CHECK(!shown("200 + 10%", "200.1"));
	/* A decimal comma. */
	CHECK(!shown("1,5 + 2,25", "3,75"));
	/* Division by zero is not a number the check reads. */
	CHECK(!shown("6 \u00f7 0", "Can't divide by zero"));
}

TEST(a_formula_shown_before_is_not_judged_again)
{
	/* A cleared entry: the last formula stays over the 0 the entry is now. */
	CHECK(!judged(display("6 \u00f7 5", "1.2", true), display("6 \u00f7 5", "0", true), NULL));
	/* The next number typed under the last formula. */
	CHECK(!judged(display("6 \u00f7 5", "1.2", true), display("6 \u00f7 5", "37", true), NULL));
	/* Back from the About page: the display shows its formula again, not written by the step. */
	CHECK(!judged(x_lines_page("About", "Calculator 1.2.0|Licenses", false), display("754 \u2212 5", "0", true),
		      NULL));
	/* Unfinished: the operator is the last thing typed. */
	CHECK(!shown("6 \u00f7", "5"));
}

TEST(texts_that_only_look_like_formulas_are_not_judged)
{
	/* No id names a result and no "=": sets times reps beside a weight. */
	CHECK(!judged(NULL, display("3 \u00d7 12", "80", false), NULL));
	/* A date, office hours, a score: ASCII '-' alone is no operator. */
	CHECK(!judged(NULL, display("2024-05-01", "3", true), NULL));
	CHECK(!judged(NULL, display("9 - 17", "8", true), NULL));
	CHECK(!judged(NULL, display("2 - 1", "= 90", false), NULL));
	/* Words in the formula; a result with a unit. */
	CHECK(!judged(NULL, display("Total 12 + 4", "17", true), NULL));
	CHECK(!judged(NULL, display("12 + 4", "17 kg", true), NULL));
	/* A lone percent. */
	CHECK(!judged(NULL, display("14%", "0.5", true), NULL));
}

/*
 * Feeds the grouping tracker the screens of `steps` (';'-separated
 * "formula|result" displays; "!" alone: a check on the separator switch
 * that stays on the display; "H" alone: the history with "= 15,000").
 * Whether a step was reported.
 */
static bool grouping_reported(const char *steps)
{
	struct oracle_grouping_tracker *g = oracle_grouping_tracker_new();
	struct ui_tree *prev = display("", "0", true);
	char buf[512], *tok, *save;
	bool hit = false;

	snprintf(buf, sizeof(buf), "%s", steps);
	for (tok = strtok_r(buf, ";", &save); tok && !hit; tok = strtok_r(NULL, ";", &save)) {
		struct action a;
		struct oracle_finding f;
		struct ui_tree *next;
		char *bar = strchr(tok, '|');

		action_init(&a);
		a.type = ACTION_CLICK;
		if (!strcmp(tok, "!")) {
			a.type = ACTION_CHECK;
			a.widget_text = xstrdup("Show thousands separator");
			next = display("", "0", true);
		} else if (!strcmp(tok, "H")) {
			next = history("1250 \u00d7 12|= 15,000;86.4 \u00f7 3|= 28.80");
		} else {
			*bar = '\0';
			next = display(tok, bar + 1, true);
		}
		CHECK(next != NULL);
		if (!next) {
			action_release(&a);
			break;
		}
		{
			struct oracle_tracked_step st = { prev, ACT, next, ACT, true, &a };

			oracle_finding_init(&f);
			hit = oracle_grouping_step(g, &st, &f);
			if (hit) {
				CHECK(f.oracle && !strcmp(f.oracle, "grouping"));
				CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
			}
			oracle_finding_release(&f);
		}
		action_release(&a);
		ui_tree_free(prev);
		prev = next;
	}
	ui_tree_free(prev);
	oracle_grouping_tracker_free(g);
	return hit;
}

TEST(a_result_without_the_separator_earlier_results_had)
{
	CHECK(grouping_reported("9374 \u00d7 9|84,366;84366 \u00f7 4|21091.50"));
	/* The history's stored results are the app's format too, before any change. */
	CHECK(grouping_reported("H;69315.20 +|4;69315.20 + 4|69319.20"));
	/* Grouped results throughout: the fixed twin. */
	CHECK(!grouping_reported("9374 \u00d7 9|84,366;84366 \u00f7 4|21,091.50"));
	/* The separator switch touched in between: the format may have changed. */
	CHECK(!grouping_reported("9374 \u00d7 9|84,366;!;84366 \u00f7 4|21091.50"));
	/* After a change, a history kept in the old format is no sample (calc's fixed twin, seed 2). */
	CHECK(!grouping_reported("!;H;69315.20 +|4;69315.20 + 4|69319.20"));
	/* Four digits: some locales group from five only. */
	CHECK(!grouping_reported("9374 \u00d7 9|84,366;5000 \u00f7 3|1666.67"));
	/* No grouped result seen first. */
	CHECK(!grouping_reported("84366 \u00f7 4|21091.50"));
}

int main(void)
{
	RUN(a_percent_that_divides_twice_is_reported);
	RUN(wrong_results_of_each_operator);
	RUN(results_that_a_calculator_may_show_are_not_reported);
	RUN(a_formula_shown_before_is_not_judged_again);
	RUN(texts_that_only_look_like_formulas_are_not_judged);
	RUN(a_result_without_the_separator_earlier_results_had);
	return test_summary();
}
