/*
 * test_oracle_rowcount.c - the rowcount oracle's tracker
 * (oracle_rowcount_step): hand-made screens of a file manager whose root
 * lists folders with their item counts ("Docs | 3 items") and whose folder
 * pages list files. A file deleted from its page and the root still saying
 * "3 items" is found; a count that follows, one that never matched the
 * page, a page whose rows change without a delete, and a switch toggled
 * between are never found.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"
#define SWITCH "android.widget.Switch"

/* The root: folder rows "name | count" (counts[i] items), and a "Show hidden" switch. */
static struct ui_tree *root_screen(const char *const *names, const int *counts, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150) {
		char count[32];
		char *kids;

		snprintf(count, sizeof(count), "%d items", counts[i]);
		kids = x_cat(x_node(TEXT, "t:id/folder_name", names[i], "", "", 40, y, 500, y + 100, NULL),
			     x_node(TEXT, "t:id/folder_count", count, "", "", 550, y, 1000, y + 100, NULL), NULL);
		rows = x_cat(rows, x_node1(ROW, "t:id/folder_row", "", "c", 0, y, 1080, y + 140, kids), NULL);
	}
	return x_tree(x_cat(x_bar("Internal storage"), x_node1(RV, "t:id/folder_list", "", "", 0, 300, 1080, 2000, rows),
			    x_node(SWITCH, "t:id/hidden", "Show hidden", "kc", "", 0, 2050, 1080, 2150, NULL), NULL));
}

/* A folder's page titled `title`: its files (names[0..n-1]). */
static struct ui_tree *folder_screen(const char *title, const char *const *names, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150)
		rows = x_cat(rows,
			     x_node1(ROW, "t:id/file_row", "", "c", 0, y, 1080, y + 140,
				   x_node(TEXT, "t:id/file_name", names[i], "", "", 40, y, 1000, y + 100, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar(title), x_node1(RV, "t:id/file_list", "", "", 0, 300, 1080, 2300, rows), NULL));
}

/* A file's page with Delete and Sort buttons. */
static struct ui_tree *file_screen(const char *name)
{
	return x_tree(x_cat(x_bar(name), x_node(BUTTON, "t:id/delete", "Delete", "c", "", 0, 400, 500, 500, NULL),
			    x_node(BUTTON, "t:id/filter", "Filter", "c", "", 550, 400, 1080, 500, NULL), NULL));
}

struct step {
	struct ui_tree *after;
	enum action_type type;
	const char *rid;     /* the widget tapped on the screen before */
	int x1, y1, x2, y2;  /* its bounds */
};

/* Feed the steps in order (one activity); the 1-based step of the first finding, 0 for none. */
static int first_hit(struct step *steps, size_t n, char **title)
{
	struct oracle_rowcount_tracker *t = oracle_rowcount_tracker_new();
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n && !found; i++) {
		struct oracle_finding f;
		struct action a;
		struct oracle_tracked_step s = {
			.before = i ? steps[i - 1].after : NULL, .activity_before = "t/.Main",
			.after = steps[i].after, .activity_after = "t/.Main", .after_in_app = true, .done = &a,
		};

		action_init(&a);
		a.type = steps[i].type;
		if (steps[i].rid) {
			a.resource_id = xstrdup(steps[i].rid);
			a.bounds = (struct ui_rect){ steps[i].x1, steps[i].y1, steps[i].x2, steps[i].y2 };
			a.x = (steps[i].x1 + steps[i].x2) / 2;
			a.y = (steps[i].y1 + steps[i].y2) / 2;
		}
		oracle_finding_init(&f);
		if (oracle_rowcount_step(t, &s, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK_INT_EQ(f.category, BUG_CAT_CALCULATION);
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "count_after"));
			/* The delete is blamed, not the Back that shows the row. */
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "blamed"));
		}
		oracle_finding_release(&f);
		action_release(&a);
	}
	oracle_rowcount_tracker_free(t);
	return found;
}

static void free_steps(struct step *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ui_tree_free(s[i].after);
}

static const char *const folders[] = { "Docs", "Music" };
static const char *const docs[] = { "a.txt", "b.txt", "c.txt" };

/*
 * Root (Docs 3 items), Docs opened (3 files), a file opened and `tap`
 * pressed (back on Docs with `left` files), Back to the root whose Docs row
 * says `count_after` items; `toggle`: a switch toggled before the Back.
 */
static int deleted_then_root(int left, const char *tap, int count_after, bool toggle, char **title)
{
	const int before[] = { 3, 2 }, after[] = { count_after, 2 };
	struct step s[8];
	size_t n = 0;
	int hit;

	s[n++] = (struct step){ root_screen(folders, before, 2), ACTION_NONE, NULL, 0, 0, 0, 0 };
	s[n++] = (struct step){ folder_screen("Docs", docs, 3), ACTION_CLICK, "t:id/folder_row", 0, 300, 1080, 440 };
	s[n++] = (struct step){ file_screen("c.txt"), ACTION_CLICK, "t:id/file_row", 0, 600, 1080, 740 };
	if (!strcmp(tap, "t:id/filter"))
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CLICK, tap, 550, 400, 1080, 500 };
	else
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CLICK, tap, 0, 400, 500, 500 };
	if (toggle)
		s[n++] = (struct step){ folder_screen("Docs", docs, left), ACTION_CHECK, NULL, 0, 0, 0, 0 };
	s[n++] = (struct step){ root_screen(folders, after, 2), ACTION_BACK, NULL, 0, 0, 0, 0 };
	for (size_t i = 0; i < n; i++)
		CHECK(s[i].after != NULL);
	hit = first_hit(s, n, title);
	free_steps(s, n);
	return hit;
}

TEST(count_that_keeps_a_deleted_row)
{
	char *title;

	/* files-count-keeps-deleted: Docs lists 2 files, the root still says 3 items (on the first Back). */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 3, false, &title), 5);
	CHECK(title && strstr(title, "'Docs'"));
	free(title);
}

TEST(count_that_follows_or_was_never_right)
{
	const int wrong[] = { 5, 2 };
	struct step s[4];
	char *title;

	/* The fixed twin: the root's count follows the page (2 items). */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 2, false, &title), 0);
	free(title);
	/* Nothing deleted: the page keeps its 3 files, the count its 3 items. */
	CHECK_INT_EQ(deleted_then_root(3, "t:id/delete", 3, false, &title), 0);
	free(title);
	/* The page's rows changed with no delete tapped (a filter): not believed. */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/filter", 3, false, &title), 0);
	free(title);
	/* A count that never equalled its page's rows (5 items over 3 files). */
	s[0] = (struct step){ root_screen(folders, wrong, 2), ACTION_NONE, NULL, 0, 0, 0, 0 };
	s[1] = (struct step){ folder_screen("Docs", docs, 3), ACTION_CLICK, "t:id/folder_row", 0, 300, 1080, 440 };
	s[2] = (struct step){ folder_screen("Docs", docs, 2), ACTION_CLICK, "t:id/delete", 0, 400, 500, 500 };
	s[3] = (struct step){ root_screen(folders, wrong, 2), ACTION_BACK, NULL, 0, 0, 0, 0 };
	CHECK_INT_EQ(first_hit(s, 4, &title), 0);
	free(title);
	free_steps(s, 4);
}

TEST(count_after_a_switch_is_not_judged)
{
	char *title;

	/* Deleted, then a switch toggled before the root is seen with the old count: forgotten. */
	CHECK_INT_EQ(deleted_then_root(2, "t:id/delete", 3, true, &title), 0);
	free(title);
}

TEST(registered)
{
	const struct oracle_kind *k = oracle_kind_find("rowcount");

	REQUIRE(k);
	CHECK_STR_EQ(k->config_key, "oracles.rowcount");
	CHECK(k->track && k->tracker_new && k->tracker_free);
}

int main(void)
{
	RUN(count_that_keeps_a_deleted_row);
	RUN(count_that_follows_or_was_never_right);
	RUN(count_after_a_switch_is_not_judged);
	RUN(registered);
	return test_summary();
}
