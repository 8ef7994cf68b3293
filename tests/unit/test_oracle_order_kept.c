/*
 * test_oracle_order_kept.c - the order_kept oracle (oracle 36): a list of
 * bookmarked playlists, its third row opened and left with Back, and the
 * list back with that row first and the others in their order is the
 * finding (tube `tube-opened-bookmark-jumps-to-top`). The order kept, the
 * first row opened, a re-sort of the other rows, a page that says its order follows use ("Recently
 * opened"), a return that changed another text of the page, a return by
 * another way than Back or Up, and a row moved elsewhere than the top are
 * not reported.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define ACT "org.t/.MainActivity"
#define TEXT "android.widget.TextView"
#define LIST "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"

/* The bookmarks page under `heading`, its rows in this order (NULL ends). */
static struct ui_tree *bookmarks(const char *heading, const char *const *rows)
{
	char *items = calloc(1, 1);

	for (int i = 0; rows[i]; i++) {
		int y = 400 + i * 200;

		items = x_cat(items,
			      x_node1(ROW, "t:id/bm_row", "", "c", 0, y, 1080, y + 180,
				      x_node(TEXT, "t:id/bm_title", rows[i], "", "", 40, y + 20, 1000, y + 160, NULL)),
			      NULL);
	}
	return x_tree(x_cat(x_bar("Tube"), x_node(TEXT, "t:id/heading", heading, "", "", 40, 240, 1000, 360, NULL),
			    x_node1(LIST, "t:id/bm_list", "", "s", 0, 380, 1080, 2000, items), NULL));
}

/* A playlist's page. */
static struct ui_tree *playlist(const char *name)
{
	return x_tree(x_cat(x_bar(name), x_node(TEXT, "t:id/pl_info", "2 videos", "", "", 40, 300, 1000, 400, NULL),
			    NULL));
}

/*
 * Tap `name` on the bookmarks (`first`, under `heading`), then `back`
 * (ACTION_BACK, or a click on "Navigate up" or "Home") to the page showing
 * `then` under `heading_after`: the 1-based step of the finding (0: none).
 */
static int open_and_back(const char *heading, const char *const *first, const char *name, enum action_type back,
			 const char *label, const char *heading_after, const char *const *then)
{
	struct oracle_order_kept_tracker *t = oracle_order_kept_tracker_new();
	struct ui_tree *pages[] = { bookmarks(heading, first), playlist(name), bookmarks(heading_after, then) };
	struct action a[2];
	int found = 0;

	for (int i = 0; i < 2; i++)
		action_init(&a[i]);
	a[0].type = ACTION_CLICK;
	a[0].resource_id = xstrdup("t:id/bm_row");
	a[0].widget_text = xstrdup(name);
	a[1].type = back;
	if (label)
		a[1].widget_text = xstrdup(label);
	for (int i = 0; i < 2 && !found; i++) {
		struct oracle_tracked_step s = { pages[i], ACT, pages[i + 1], ACT, true, &a[i] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_order_kept_step(t, &s, &f)) {
			found = i + 1;
			CHECK(f.category == BUG_CAT_DATA_OPERATION);
			CHECK(f.title && strstr(f.title, "moves it to the top"));
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "blamed") && cJSON_GetObjectItem(f.diff, "subject"));
		}
		oracle_finding_release(&f);
	}
	for (int i = 0; i < 2; i++)
		action_release(&a[i]);
	for (int i = 0; i < 3; i++)
		ui_tree_free(pages[i]);
	oracle_order_kept_tracker_free(t);
	return found;
}

static const char *const ORDER[] = { "Space explained", "Study mixes", "Road bike maintenance", "Long walks", NULL };
static const char *const TOP[] = { "Road bike maintenance", "Space explained", "Study mixes", "Long walks", NULL };

TEST(a_row_opened_that_comes_back_first_is_reported)
{
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_BACK, NULL,
				   "Bookmarked playlists", TOP),
		     2);
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_CLICK,
				   "Navigate up", "Bookmarked playlists", TOP),
		     2);
}

TEST(orders_kept_or_said_and_other_changes_are_not_reported)
{
	static const char *const swapped[] = { "Study mixes", "Space explained", "Road bike maintenance",
					       "Long walks", NULL };
	static const char *const resorted[] = { "Road bike maintenance", "Study mixes", "Space explained",
						"Long walks", NULL };
	static const char *const last[] = { "Space explained", "Study mixes", "Long walks", "Road bike maintenance",
					    NULL };

	/* The order kept. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_BACK, NULL,
				   "Bookmarked playlists", ORDER),
		     0);
	/* The first row opened: the top is where it was. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Space explained", ACTION_BACK, NULL,
				   "Bookmarked playlists", ORDER),
		     0);
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Study mixes", ACTION_BACK, NULL,
				   "Bookmarked playlists", swapped),
		     2);
	/* A page that says its order follows use. */
	CHECK_INT_EQ(open_and_back("Recently opened", ORDER, "Road bike maintenance", ACTION_BACK, NULL,
				   "Recently opened", TOP),
		     0);
	/* Another text of the page changed: the visit may have changed the item. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_BACK, NULL,
				   "Bookmarked playlists (1 new)", TOP),
		     0);
	/* Not Back or Up. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_CLICK, "Home",
				   "Bookmarked playlists", TOP),
		     0);
	/* First now, but the others reordered too: a re-sort, not one row moved. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Road bike maintenance", ACTION_BACK, NULL,
				   "Bookmarked playlists", resorted),
		     0);
	/* Moved elsewhere than the top. */
	CHECK_INT_EQ(open_and_back("Bookmarked playlists", ORDER, "Study mixes", ACTION_BACK, NULL,
				   "Bookmarked playlists", last),
		     0);
}

int main(void)
{
	RUN(a_row_opened_that_comes_back_first_is_reported);
	RUN(orders_kept_or_said_and_other_changes_are_not_reported);
	return test_summary();
}
