/*
 * test_oracle_entry.c - oracle 10 (an accepted entry no list shows) on
 * hand-made task screens: the entry vanishes (fires), and its clean twins:
 * the list gains the row, the field keeps its text (refused), the action
 * is no confirm, the activity changed, a search field, no list at all, a
 * list full to the bottom (the new row may be below the fold).
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"

#define EDIT "android.widget.EditText"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"

/* A task screen: a field (id `field_id`, holding `typed`), an Add button, and the rows (NULL-terminated). */
static struct ui_tree *task_screen(const char *field_id, const char *typed, const char *const *rows)
{
	char *kids = calloc(1, 1), *list;
	int y = 500;

	for (size_t i = 0; rows && rows[i]; i++, y += 150) {
		char *t = x_node(TEXT, "com.example.t:id/task_title", rows[i], "", "", 0, y, 1080, y + 100, NULL);

		kids = x_cat(kids, x_node(ROW, "com.example.t:id/task_row", "", "c", "", 0, y, 1080, y + 140, t), NULL);
		free(t);
	}
	list = rows ? x_node(RV, "com.example.t:id/tasks", "", "s", "", 0, 500, 1080, 2200, kids) : calloc(1, 1);
	free(kids);
	return x_tree(x_cat(x_node(EDIT, field_id, typed, "cf", "hint=\"New task\"", 0, 200, 800, 330, NULL),
			    x_node(BUTTON, "com.example.t:id/add", "Add", "c", "", 800, 200, 1080, 330, NULL), list,
			    NULL));
}

/* A click on the Add button. */
static void click_add(struct action *a, const char *label)
{
	action_init(a);
	a->type = ACTION_CLICK;
	a->widget_text = (char *)label;
	a->resource_id = (char *)"com.example.t:id/add";
}

TEST(accepted_entry_missing_fires)
{
	static const char *const rows[] = { "Buy milk", "Call mom", NULL };
	struct ui_tree *b = task_screen("com.example.t:id/new_task", "Water plants", rows);
	struct ui_tree *a = task_screen("com.example.t:id/new_task", "", rows);
	struct action add;
	struct oracle_finding f;

	REQUIRE(a && b);
	click_add(&add, "Add");
	oracle_finding_init(&f);
	CHECK(oracle_entry_missing(b, "x/.Main", a, "x/.Main", &add, &f));
	CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
	CHECK(f.oracle && strcmp(f.oracle, "entry_missing") == 0);
	CHECK(f.title && strstr(f.title, "Water plants") && strstr(f.title, "Add"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "rows_before") && cJSON_GetObjectItem(f.diff, "rows_after"));
	CHECK(f.diff && strcmp(cJSON_GetObjectItem(f.diff, "entered")->valuestring, "Water plants") == 0);
	/* The subject (one report per field and list, whatever was typed) does not name the entry. */
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject") &&
	      !strstr(cJSON_GetObjectItem(f.diff, "subject")->valuestring, "Water plants") &&
	      strstr(cJSON_GetObjectItem(f.diff, "subject")->valuestring, "new_task"));
	oracle_finding_release(&f);
	/* The field back to its placeholder shown as text counts as emptied. */
	ui_tree_free(a);
	a = task_screen("com.example.t:id/new_task", "New task", rows);
	REQUIRE(a);
	CHECK(oracle_entry_missing(b, "x/.Main", a, "x/.Main", &add, &f));
	oracle_finding_release(&f);
	/* Only the placeholder before: nothing was typed, nothing judged. */
	CHECK(!oracle_entry_missing(a, "x/.Main", a, "x/.Main", &add, &f));
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(entry_shown_or_not_accepted_is_clean)
{
	static const char *const rows[] = { "Buy milk", "Call mom", NULL };
	static const char *const grown[] = { "Buy milk", "Call mom", "Water plants", NULL };
	static const char *const renamed[] = { "Buy milk", "Call mom", "Task 3", NULL };
	struct ui_tree *b = task_screen("com.example.t:id/new_task", "Water plants", rows);
	struct ui_tree *shown = task_screen("com.example.t:id/new_task", "", grown);
	struct ui_tree *other_row = task_screen("com.example.t:id/new_task", "", renamed);
	struct ui_tree *kept = task_screen("com.example.t:id/new_task", "Water plants", rows);
	struct ui_tree *search_b = task_screen("com.example.t:id/search_box", "Water plants", rows);
	struct ui_tree *search_a = task_screen("com.example.t:id/search_box", "", rows);
	struct ui_tree *no_list_b = task_screen("com.example.t:id/new_task", "Water plants", NULL);
	struct ui_tree *no_list_a = task_screen("com.example.t:id/new_task", "", NULL);
	struct action add, open;
	struct oracle_finding f;

	REQUIRE(b && shown && other_row && kept && search_b && search_a && no_list_b && no_list_a);
	click_add(&add, "Add");
	oracle_finding_init(&f);
	/* The list shows the entry; or it gained a row (the app named it differently). */
	CHECK(!oracle_entry_missing(b, "x/.Main", shown, "x/.Main", &add, &f));
	CHECK(!oracle_entry_missing(b, "x/.Main", other_row, "x/.Main", &add, &f));
	/* The field kept the text: refused or kept for editing, not judged. */
	CHECK(!oracle_entry_missing(b, "x/.Main", kept, "x/.Main", &add, &f));
	/* Another activity after the tap. */
	CHECK(!oracle_entry_missing(b, "x/.Main", shown, "x/.Detail", &add, &f));
	/* A search field, and a screen without a list. */
	CHECK(!oracle_entry_missing(search_b, "x/.Main", search_a, "x/.Main", &add, &f));
	CHECK(!oracle_entry_missing(no_list_b, "x/.Main", no_list_a, "x/.Main", &add, &f));
	/* A full list: the new row may be below the fold. */
	{
		static const char *const many[] = { "T1", "T2", "T3", "T4", "T5", "T6", "T7",
						    "T8", "T9", "T10", "T11", "T12", NULL };
		struct ui_tree *fb = task_screen("com.example.t:id/new_task", "Water plants", many);
		struct ui_tree *fa = task_screen("com.example.t:id/new_task", "", many);

		REQUIRE(fb && fa);
		CHECK(!oracle_entry_missing(fb, "x/.Main", fa, "x/.Main", &add, &f));
		ui_tree_free(fb);
		ui_tree_free(fa);
	}
	/* A tap that is no confirm. */
	click_add(&open, "Open");
	open.resource_id = (char *)"com.example.t:id/open";
	CHECK(!oracle_entry_missing(b, "x/.Main", other_row, "x/.Main", &open, &f));
	oracle_finding_release(&f);
	ui_tree_free(b);
	ui_tree_free(shown);
	ui_tree_free(other_row);
	ui_tree_free(kept);
	ui_tree_free(search_b);
	ui_tree_free(search_a);
	ui_tree_free(no_list_b);
	ui_tree_free(no_list_a);
}

int main(void)
{
	RUN(accepted_entry_missing_fires);
	RUN(entry_shown_or_not_accepted_is_clean);
	return test_summary();
}
