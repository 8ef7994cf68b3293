/*
 * test_oracle_delete_plays.c - the delete_plays oracle (oracle 44): a
 * recording's page says "Now playing", its delete is confirmed on a dialog
 * naming it, and the list it lands on shows another recording beside
 * "Playing" (recorder `recorder-delete-plays-next`, Simple-Voice-Recorder
 * #37). A landing where nothing plays (the fixed twin), a page that did
 * not say its item played, a dialog deleting something else (a bookmark),
 * the deleted item still named beside the status, a status in a group of
 * the page's own texts, and a paused player are not reported.
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
#define BUTTON "android.widget.Button"
#define GROUP "android.widget.LinearLayout"

/* A recording's page titled `name`, saying `status` ("Now playing", or "" for none), with Delete. */
static struct ui_tree *item_page(const char *name, const char *status)
{
	return x_tree(x_cat(x_bar(name),
			    x_node(TEXT, "t:id/info_file", "File: recording.m4a", "", "", 40, 240, 1040, 330, NULL),
			    x_node(TEXT, "t:id/info_playing", status, "", "", 40, 350, 1040, 440, NULL),
			    x_node(BUTTON, "t:id/delete_btn", "Delete", "c", "", 40, 800, 500, 920, NULL), NULL));
}

/* The confirmation dialog with `question` ("Delete Bruno1?"). */
static struct ui_tree *dialog(const char *question)
{
	return x_tree(x_node1("android.widget.FrameLayout", "", "", "", 84, 937, 996, 1462,
			      x_cat(x_node(TEXT, "android:id/alertTitle", question, "", "", 147, 1000, 933, 1108, NULL),
				    x_node(BUTTON, "t:id/cancel_delete", "Cancel", "c", "", 366, 1294, 660, 1420, NULL),
				    x_node(BUTTON, "t:id/ok_delete", "Delete", "c", "", 660, 1294, 954, 1420, NULL), NULL)));
}

/*
 * The recordings list landed on: a bar showing `now` beside `state`
 * (none when now is NULL); the bar also holds `extra` texts of the page
 * when extra > 0.
 */
static struct ui_tree *landing(const char *now, const char *state, int extra)
{
	char *bar = x_cat(x_node(TEXT, "t:id/now_title", now ? now : "Tap a recording to play it", "", "", 42, 642, 1038, 729,
				 NULL),
			  now ? x_node(TEXT, "t:id/now_state", state, "", "", 42, 750, 1038, 837, NULL) : strdup(""), NULL);

	for (int i = 0; i < extra; i++)
		bar = x_cat(bar, x_node(TEXT, "t:id/tip", "Recordings are kept in Music/Recorder", "", "", 42, 900 + 100 * i,
				       1038, 990 + 100 * i, NULL),
			    NULL);
	return x_tree(x_cat(x_bar("Recordings (2)"), x_node1(GROUP, "t:id/now_bar", "", "", 0, 620, 1080, 1500, bar), NULL));
}

/* Delete from `page`, confirm on `question`, land on `land` (all freed): whether reported; its title into *title. */
static bool deleted(struct ui_tree *page, const char *question, struct ui_tree *land, char **title)
{
	struct oracle_delete_plays_tracker *t = oracle_delete_plays_tracker_new();
	struct ui_tree *q = dialog(question);
	struct action a[2];
	bool hit = false;

	CHECK(page && q && land);
	for (int i = 0; i < 2; i++) {
		action_init(&a[i]);
		a[i].type = ACTION_CLICK;
		a[i].widget_text = xstrdup("Delete");
	}
	a[0].resource_id = xstrdup("t:id/delete_btn");
	a[1].resource_id = xstrdup("t:id/ok_delete");
	if (page && q && land) {
		struct oracle_tracked_step s1 = { page, ACT, q, ACT, true, &a[0] }, s2 = { q, ACT, land, ACT, true, &a[1] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		CHECK(!oracle_delete_plays_step(t, &s1, &f));
		hit = oracle_delete_plays_step(t, &s2, &f);
		if (hit) {
			CHECK(f.oracle && !strcmp(f.oracle, "delete_plays"));
			CHECK(f.category == BUG_CAT_MEDIA_CONTROL);
			CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.diff, "subject")));
			if (title)
				*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
	}
	for (int i = 0; i < 2; i++)
		action_release(&a[i]);
	ui_tree_free(page);
	ui_tree_free(q);
	ui_tree_free(land);
	oracle_delete_plays_tracker_free(t);
	return hit;
}

TEST(deleting_what_plays_starts_the_next_recording)
{
	char *title = NULL;

	CHECK(deleted(item_page("Bruno1", "Now playing"), "Delete Bruno1?", landing("Song idea", "Playing", 0), &title));
	CHECK(title && !strcmp(title, "Deleting 'Bruno1', which was playing, starts 'Song idea'"));
	free(title);
	CHECK(deleted(item_page("Bruno1", "Playing"), "Move Bruno1 to the recycle bin?",
		      landing("Song idea", "Now playing", 0), NULL));
}

TEST(deletes_that_leave_playback_alone_or_say_nothing_of_it)
{
	/* The fixed twin: nothing plays after the delete. */
	CHECK(!deleted(item_page("Bruno1", "Now playing"), "Delete Bruno1?", landing(NULL, NULL, 0), NULL));
	/* The page did not say its item played: what plays now may have played before. */
	CHECK(!deleted(item_page("Bruno1", ""), "Delete Bruno1?", landing("Song idea", "Playing", 0), NULL));
	/* The dialog deletes something else than the page's item. */
	CHECK(!deleted(item_page("Bruno1", "Now playing"), "Delete this bookmark?", landing("Song idea", "Playing", 0),
		       NULL));
	/* The deleted item itself is named beside the status (its file name). */
	CHECK(!deleted(item_page("Bruno1", "Now playing"), "Delete Bruno1?", landing("Bruno1.m4a", "Playing", 0), NULL));
	/* A status among the page's own texts is no player bar. */
	CHECK(!deleted(item_page("Bruno1", "Now playing"), "Delete Bruno1?", landing("Song idea", "Playing", 3), NULL));
	/* A paused player is not playing. */
	CHECK(!deleted(item_page("Bruno1", "Now playing"), "Delete Bruno1?", landing("Song idea", "Paused", 0), NULL));
}

int main(void)
{
	RUN(deleting_what_plays_starts_the_next_recording);
	RUN(deletes_that_leave_playback_alone_or_say_nothing_of_it);
	return test_summary();
}
