/*
 * test_oracle_state_kept.c - oracle 28, state_kept: an item marked read,
 * archived or done on its own page, after which the list the app shows
 * under a tab of the items not in that state still lists it (readlater
 * `readlater-mark-read-stays-unread`, wallabag android-app #55). Hand-made
 * screens of a read-later app and a task list; not judged: the item gone,
 * another tab selected, an Undo offered, another label, a page text that
 * no row shows.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "core/xalloc.h"

#define TEXT "android.widget.TextView"
#define TAB "android.widget.LinearLayout"
#define LIST_ACT "org.t/.MainActivity"
#define PAGE_ACT "org.t/.ArticleActivity"

/* A list under tabs (`tabs`, NULL-terminated; `selected` is chosen), its rows, and an Undo bar when asked. */
static struct ui_tree *list_screen(const char *const *tabs, const char *selected, const char *const *rows, bool undo)
{
	char *bar = calloc(1, 1), *list = calloc(1, 1);

	for (size_t i = 0; tabs[i]; i++)
		bar = x_cat(bar, x_node(TAB, "t:id/tab", tabs[i], strcmp(tabs[i], selected) ? "c" : "cS", "",
					(int)i * 270, 220, (int)i * 270 + 270, 340, NULL),
			    NULL);
	for (size_t i = 0; rows[i]; i++) {
		int y = 380 + (int)i * 200;

		list = x_cat(list, x_node1(TAB, "t:id/row", "", "c", 0, y, 1080, y + 190,
					   x_node(TEXT, "t:id/row_title", rows[i], "", "", 40, y + 10, 1040, y + 90, NULL)),
			     NULL);
	}
	return x_tree(x_cat(x_bar(selected),
			    x_node1("android.widget.HorizontalScrollView", "t:id/tabs", "", "", 0, 220, 1080, 340,
				    x_node1(TAB, "", "", "", 0, 220, 1080, 340, bar)),
			    x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", 0, 360, 1080, 2000,
				    list),
			    undo ? x_node("android.widget.Button", "t:id/snack_undo", "Undo", "c", "", 800, 2100, 1060, 2200,
					  NULL)
				 : calloc(1, 1),
			    NULL));
}

/* An item's page: its title, a line about it, and the button `label`. */
static struct ui_tree *page_screen(const char *title, const char *label)
{
	return x_tree(x_cat(x_bar("example.org"),
			    x_node(TEXT, "t:id/art_title", title, "", "", 40, 220, 1040, 320, NULL),
			    x_node(TEXT, "t:id/art_time", "16 min read", "", "", 40, 340, 1040, 420, NULL),
			    x_node("android.widget.Button", "t:id/state_btn", label, "c", "", 40, 440, 1040, 560, NULL),
			    NULL));
}

static void click(struct action *a, const char *label)
{
	action_init(a);
	a->type = ACTION_CLICK;
	a->widget_text = xstrdup(label);
	a->resource_id = xstrdup("t:id/state_btn");
}

/* Whether marking `title` with `label` and landing on `after` is reported; its title in *title when asked. */
static bool judged(const char *title, const char *label, struct ui_tree *after, char **out_title)
{
	struct ui_tree *page = page_screen(title, label);
	struct oracle_finding f;
	struct action a;
	bool hit;

	click(&a, label);
	oracle_finding_init(&f);
	hit = page && after && oracle_state_kept(page, PAGE_ACT, after, LIST_ACT, &a, &f);
	if (hit && out_title)
		*out_title = xstrdup(f.title);
	if (hit) {
		CHECK(f.oracle && !strcmp(f.oracle, "state_kept"));
		CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
		CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
	}
	oracle_finding_release(&f);
	action_release(&a);
	ui_tree_free(page);
	ui_tree_free(after);
	return hit;
}

TEST(marked_read_yet_still_listed_under_unread)
{
	static const char *const tabs[] = { "Unread", "Starred", "Archive", "All", NULL };
	static const char *const kept[] = { "Meditations on Moloch", "Choose Boring Technology", NULL };
	static const char *const gone[] = { "Choose Boring Technology", NULL };
	char *title = NULL;

	CHECK(judged("Meditations on Moloch", "Mark as read", list_screen(tabs, "Unread", kept, false), &title));
	CHECK(title && !strcmp(title, "'Mark as read' leaves the item listed under 'Unread'"));
	free(title);
	/* The fixed app: the article is gone from Unread. */
	CHECK(!judged("Meditations on Moloch", "Mark as read", list_screen(tabs, "Unread", gone, false), NULL));
	/* All lists every article, read or not. */
	CHECK(!judged("Meditations on Moloch", "Mark as read", list_screen(tabs, "All", kept, false), NULL));
	/* An Undo first: the app may apply the change when it goes. */
	CHECK(!judged("Meditations on Moloch", "Mark as read", list_screen(tabs, "Unread", kept, true), NULL));
	/* Another label: starring keeps an article unread. */
	CHECK(!judged("Meditations on Moloch", "Star", list_screen(tabs, "Unread", kept, false), NULL));
	/* Mark as unread names no state this check knows: Unread rightly lists it. */
	CHECK(!judged("Meditations on Moloch", "Mark as unread", list_screen(tabs, "Unread", kept, false), NULL));
}

TEST(done_and_archive_leave_their_lists)
{
	static const char *const todo_tabs[] = { "To do", "Done", NULL };
	static const char *const mail_tabs[] = { "Inbox", "Sent", "Archive", NULL };
	static const char *const tasks[] = { "Renew the passport", "Book dentist", NULL };
	static const char *const mails[] = { "Quarterly report draft", NULL };

	CHECK(judged("Renew the passport", "Mark as done", list_screen(todo_tabs, "To do", tasks, false), NULL));
	CHECK(!judged("Renew the passport", "Mark as done", list_screen(todo_tabs, "Done", tasks, false), NULL));
	CHECK(judged("Quarterly report draft", "Archive", list_screen(mail_tabs, "Inbox", mails, false), NULL));
	/* The page's own title is not what the list shows: another item. */
	CHECK(!judged("Lunch on Friday", "Archive", list_screen(mail_tabs, "Inbox", mails, false), NULL));
}

int main(void)
{
	RUN(marked_read_yet_still_listed_under_unread);
	RUN(done_and_archive_leave_their_lists);
	return test_summary();
}
