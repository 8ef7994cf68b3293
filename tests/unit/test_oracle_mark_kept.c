/*
 * test_oracle_mark_kept.c - oracle "mark_kept" (oracle_mark_kept_step) fed
 * the screens of scenarios replayed on a held-out app: a read article of
 * Ars Technica marked as unread, its row then saying Unread, and Sync now
 * on the feed's list putting it back to Read (feeds
 * `feeds-mark-unread-undone-on-sync`, Feeder #1121). Not on the fixed
 * twin; and not when the article was opened again before the sync (which
 * rightly reads it, so its row says Read before the sync already).
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/feeds.json"
#define PKG "org.holdout.feeds"
#define READ_ONE "The open source apps we kept using all year"

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* The step of the first finding of "mark_kept" on scenario s replayed on app. */
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "mark_kept", BUG_CAT_DATA_OPERATION, s, n, title)

TEST(a_sync_that_undoes_mark_as_unread)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, NULL, "Ars Technica", NULL }, { ACTION_CLICK, NULL, READ_ONE, NULL },
		{ ACTION_CLICK, "unread_btn", NULL, NULL },    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "sync_btn", NULL, NULL },
	};
	/* Opened again before the sync: read again, rightly. */
	static const struct sim_step reread[] = {
		{ ACTION_CLICK, NULL, "Ars Technica", NULL }, { ACTION_CLICK, NULL, READ_ONE, NULL },
		{ ACTION_CLICK, "unread_btn", NULL, NULL },    { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, NULL, READ_ONE, NULL },        { ACTION_BACK, NULL, NULL, NULL },
		{ ACTION_CLICK, "sync_btn", NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(FEEDS, s, N(s), &title), 5);
	CHECK(title && !strcmp(title, "'Sync now' undoes 'Mark as unread' on '" READ_ONE "'"));
	free(title);
	CHECK_INT_EQ(first_finding(FEEDS ":fixed", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(FEEDS, reread, N(reread), &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_sync_that_undoes_mark_as_unread);
	return test_summary();
}
