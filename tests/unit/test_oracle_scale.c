/*
 * test_oracle_scale.c - oracle 33 "scale" (oracle_scale_ignored) on
 * hand-made recipe pages: "+" turns "Servings: 2" into "Servings: 3" and
 * the ingredient amounts stay as they were (recipes
 * `recipes-servings-not-scaled`). Amounts that follow, a servings text
 * that did not change, another page, a dialog, one amount only, a
 * servings field and two servings texts are not reported.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define EDIT "android.widget.EditText"
#define RECIPE "org.t/.RecipeActivity"

/*
 * A recipe page titled `title`: "−", the servings (a field when
 * `servings_field`), "+", and the amounts given (NULL-terminated, up to 3);
 * `extra` another text above them (or NULL).
 */
static struct ui_tree *recipe(const char *title, const char *servings, bool servings_field, const char *a1,
			      const char *a2, const char *a3, const char *extra)
{
	const char *amounts[] = { a1, a2, a3 };
	char *body = calloc(1, 1);

	for (int i = 0; i < 3 && amounts[i]; i++)
		body = x_cat(body, x_node(TEXT, "", amounts[i], "", "", 40, 700 + 100 * i, 1000, 790 + 100 * i, NULL),
			     NULL);
	return x_tree(x_cat(x_bar(title),
			    extra ? x_node(TEXT, "", extra, "", "", 40, 220, 1000, 320, NULL) : calloc(1, 1),
			    x_node(BUTTON, "t:id/serv_minus", "\xe2\x88\x92", "c", "", 40, 340, 300, 460, NULL),
			    x_node(servings_field ? EDIT : TEXT, "t:id/serv_text", servings, servings_field ? "f" : "",
				   "", 320, 340, 760, 460, NULL),
			    x_node(BUTTON, "t:id/serv_plus", "+", "c", "", 780, 340, 1040, 460, NULL),
			    x_node(TEXT, "", "Ingredients", "", "", 40, 600, 1000, 690, NULL), body, NULL));
}

/* Whether "+" from `b` to `a` (activities ab, aa) is reported; checks the finding when it is. */
static bool plus(struct ui_tree *b, const char *ab, struct ui_tree *a, const char *aa)
{
	struct action tap;
	struct oracle_finding f;
	bool hit;

	CHECK(b && a);
	if (!b || !a) {
		ui_tree_free(b);
		ui_tree_free(a);
		return false;
	}
	action_init(&tap);
	tap.type = ACTION_CLICK;
	tap.widget_text = xstrdup("+");
	oracle_finding_init(&f);
	hit = oracle_scale_ignored(b, ab, a, aa, &tap, &f);
	if (hit) {
		CHECK(f.category == BUG_CAT_CALCULATION);
		CHECK(f.title && !strcmp(f.title, "The amounts do not follow 'Servings'"));
		CHECK(f.expected && strstr(f.expected, "\"Servings: 2\" to \"Servings: 3\""));
		CHECK(f.diff && cJSON_GetObjectItemCaseSensitive(f.diff, "subject"));
	}
	oracle_finding_release(&f);
	action_release(&tap);
	ui_tree_free(b);
	ui_tree_free(a);
	return hit;
}

TEST(servings_that_leave_the_amounts_as_they_were)
{
	CHECK(plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", "Stock: 500 ml", NULL),
		   RECIPE,
		   recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 800 g", "Onion: 1 pcs", "Stock: 500 ml", NULL),
		   RECIPE));
}

TEST(scaled_amounts_and_other_pages_are_not_judged)
{
	/* The fixed twin: the amounts follow (1.5 pcs included). */
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE,
		    recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 1200 g", "Onion: 1.5 pcs", NULL, NULL),
		    RECIPE));
	/* Servings unchanged (the stepper at its limit). */
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE,
		    recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE));
	/* Another recipe, another activity. */
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE,
		    recipe("Lentil curry", "Servings: 3", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE));
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE,
		    recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL),
		    "org.t/.CookActivity"));
	/* One amount only; an amount with no kitchen unit ("2 eggs" is a count, "800 grams" too long a word). */
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", NULL, NULL, NULL), RECIPE,
		    recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 800 g", NULL, NULL, NULL), RECIPE));
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Eggs: 2", NULL, NULL), RECIPE,
		    recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 800 g", "Eggs: 2", NULL, NULL), RECIPE));
	/* Servings typed in a field (a recipe editor); two servings texts. */
	CHECK(!plus(recipe("Edit recipe", "Servings: 2", true, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE,
		    recipe("Edit recipe", "Servings: 3", true, "Tomatoes: 800 g", "Onion: 1 pcs", NULL, NULL), RECIPE));
	CHECK(!plus(recipe("Tomato soup", "Servings: 2", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL,
			   "Serves 4 as a side"),
		    RECIPE,
		    recipe("Tomato soup", "Servings: 3", false, "Tomatoes: 800 g", "Onion: 1 pcs", NULL,
			   "Serves 4 as a side"),
		    RECIPE));
}

int main(void)
{
	RUN(servings_that_leave_the_amounts_as_they_were);
	RUN(scaled_amounts_and_other_pages_are_not_judged);
	return test_summary();
}
