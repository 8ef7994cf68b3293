/*
 * test_oracle_row_measure.c - the row_measure oracle (oracle 27): its
 * tracker (oracle_row_measure_step) fed hand-made screens of a read-later
 * app: a list of articles whose rows say "site · N min" and the reading
 * view a row opens ("N min read · W words", "M min left"). A reading view
 * giving another time than its row, in the text another article's view
 * was seen giving its row's time, is the finding (readlater
 * `readlater-long-read-time-wraps`). A first opening (nothing calibrated),
 * a relative time ("left"), a rate ("min/km"), a page that does not show
 * the row's item, values equal once rounded and a second opening of a
 * reported item are never reported. Counts of a collection's things
 * are read too: on the held-out music app (configs/apps/holdout/music.json)
 * a playlist that says "4 songs" on the Playlists tab after a song was
 * added to it opens on "5 songs" (`music-playlist-count-stale`,
 * VinylMusicPlayer #206); not on the fixed twin.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define MUSIC "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/music.json"
#define MUSIC_PKG "org.holdout.music"
#define LEMMY "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/lemmy.json"
#define LEMMY_PKG "org.holdout.lemmy"
#define TEXT "android.widget.TextView"
#define LIST_ACT "org.t/.MainActivity"
#define PAGE_ACT "org.t/.ReadArticleActivity"

struct article {
	const char *title, *row_meta, *page_time, *page_left;
};

/* The list: three rows (title, meta) in a RecyclerView. */
static struct ui_tree *list_screen(const struct article *a, size_t n)
{
	char *rows = calloc(1, 1);

	for (size_t i = 0; i < n; i++) {
		int y = 240 + (int)i * 200;
		char *row = x_node1("android.widget.LinearLayout", "t:id/row", "", "c", 0, y, 1080, y + 190,
				    x_cat(x_node(TEXT, "t:id/row_title", a[i].title, "", "", 40, y + 10, 1040, y + 90,
						NULL),
					 x_node(TEXT, "t:id/row_meta", a[i].row_meta, "", "", 40, y + 100, 1040,
						y + 180, NULL),
					 NULL));

		rows = x_cat(rows, row, NULL);
	}
	return x_tree(x_cat(x_bar("Unread"),
			    x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "s", 0, 220, 1080,
				    2200, rows),
			    NULL));
}

/* The reading view of a: its title, its time and time left, a body text. */
static struct ui_tree *page_screen(const struct article *a)
{
	return x_tree(x_cat(x_bar("example.org"),
			    x_node(TEXT, "t:id/art_title", a->title, "", "", 40, 220, 1040, 320, NULL),
			    x_node(TEXT, "t:id/art_time", a->page_time, "", "", 40, 340, 1040, 420, NULL),
			    a->page_left ? x_node(TEXT, "t:id/art_left", a->page_left, "", "", 40, 440, 1040, 520, NULL)
					 : calloc(1, 1),
			    x_node(TEXT, "t:id/art_body", "It was a dark and stormy night.", "", "", 40, 540, 1040,
				   900, NULL),
			    NULL));
}

/*
 * Feed a fresh tracker the openings of rows[open[i]] from the list and the
 * Back after each. The 1-based opening of the first finding (0: none),
 * its title in *title.
 */
static int walk(const struct article *rows, size_t n_rows, const int *open, size_t n_open, char **title)
{
	struct oracle_row_measure_tracker *t = oracle_row_measure_tracker_new();
	int found = 0;

	*title = NULL;
	for (size_t i = 0; i < n_open && !found; i++) {
		struct ui_tree *list = list_screen(rows, n_rows), *page = page_screen(&rows[open[i]]);
		struct oracle_tracked_step tap = { list, LIST_ACT, page, PAGE_ACT, true, NULL };
		struct oracle_tracked_step back = { page, PAGE_ACT, list, LIST_ACT, true, NULL };
		struct action a, b;
		struct oracle_finding f;

		CHECK(list && page);
		if (!list || !page)
			break;
		action_init(&a);
		a.type = ACTION_CLICK;
		a.x = 540;
		a.y = 240 + open[i] * 200 + 95;
		tap.done = &a;
		oracle_finding_init(&f);
		if (oracle_row_measure_step(t, &tap, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
			CHECK(f.category == BUG_CAT_CALCULATION);
			CHECK(f.oracle && !strcmp(f.oracle, "row_measure"));
			CHECK(f.diff && cJSON_GetObjectItem(f.diff, "subject"));
		}
		oracle_finding_release(&f);
		action_init(&b);
		b.type = ACTION_BACK;
		back.done = &b;
		oracle_finding_init(&f);
		CHECK(!oracle_row_measure_step(t, &back, &f));
		oracle_finding_release(&f);
		action_release(&a);
		action_release(&b);
		ui_tree_free(list);
		ui_tree_free(page);
	}
	oracle_row_measure_tracker_free(t);
	return found;
}

static const struct article good[] = {
	{ "The Lost Art of Letters", "example.org · 16 min", "16 min read · 3,200 words", "16 min left" },
	{ "How Cables Cross Oceans", "nytimes.com · 9 min", "9 min read · 1,800 words", "5 min left" },
	{ "Meditations on Moloch", "slatestarcodex.com · 71 min", "71 min read · 14,200 words", "64 min left" },
};

TEST(a_page_that_gives_another_time_than_its_row)
{
	struct article bad[3] = { good[0], good[1], good[2] };
	const int open[] = { 0, 2 };
	char *title;

	bad[2].page_time = "11 min read · 14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 2);
	CHECK(title && !strcmp(title, "'Meditations on Moloch' shows '71 min' in its list but "
				      "'11 min read · 14,200 words' on its page"));
	free(title);
	/* Hours and minutes in one text are one duration: "1 h 11 min" is the row's 71 min. */
	bad[2].page_time = "1 h 11 min read · 14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 0);
	free(title);
	bad[2].page_time = "1 h 1 min read · 14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 2);
	CHECK(title && strstr(title, "'1 h 1 min read"));
	free(title);
	/* The fixed app: every page agrees with its row. */
	{
		const int all[] = { 0, 1, 2 };

		CHECK_INT_EQ(walk(good, 3, all, 3, &title), 0);
		free(title);
	}
}

TEST(nothing_calibrated_nothing_judged)
{
	struct article bad[3] = { good[0], good[1], good[2] };
	const int open[] = { 2, 0 };
	char *title;

	/* Moloch opened first: no page text was seen giving its row's time yet. */
	bad[2].page_time = "11 min read · 14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 0);
	free(title);
}

/* Feed t the opening of rows[i] from the list, landing on page (rows[i]'s own when NULL); whether it reports. */
static bool open_row(struct oracle_row_measure_tracker *t, const struct article *rows, size_t n, int i,
		     const struct article *page)
{
	struct ui_tree *list = list_screen(rows, n), *after = page_screen(page ? page : &rows[i]);
	struct oracle_tracked_step s = { list, LIST_ACT, after, PAGE_ACT, true, NULL };
	struct action a;
	struct oracle_finding f;
	bool hit;

	action_init(&a);
	a.type = ACTION_CLICK;
	a.x = 540;
	a.y = 240 + i * 200 + 95;
	s.done = &a;
	oracle_finding_init(&f);
	hit = list && after && oracle_row_measure_step(t, &s, &f);
	oracle_finding_release(&f);
	action_release(&a);
	ui_tree_free(list);
	ui_tree_free(after);
	return hit;
}

TEST(relative_times_rates_and_other_items_are_not_read)
{
	struct article bad[3] = { good[0], good[1], good[2] };
	const int open[] = { 0, 2 };
	char *title;

	CHECK_INT_EQ(walk(good, 3, open, 2, &title), 0);
	free(title);
	/* The time left differs from the row: it is relative, never read ("16 min left" agreed before). */
	bad[2].page_time = "14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 0);
	free(title);
	/* A rate in the page's text ("6 min/km") is no minute count. */
	bad[2].page_time = "6 min/km · 14,200 words";
	bad[2].page_left = NULL;
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 0);
	free(title);
	/* A row with two measures of one unit is not read. */
	bad[2] = good[2];
	bad[2].row_meta = "slatestarcodex.com · 71 min · 4 min audio";
	bad[2].page_time = "11 min read · 14,200 words";
	CHECK_INT_EQ(walk(bad, 3, open, 2, &title), 0);
	free(title);
	/* A page that does not show the row's item (a tap that opened something else). */
	{
		struct oracle_row_measure_tracker *t = oracle_row_measure_tracker_new();
		struct article other = good[2];

		other.title = "Subscriptions";
		other.page_time = "11 min read · 14,200 words";
		CHECK(!open_row(t, good, 3, 0, NULL));
		CHECK(!open_row(t, good, 3, 2, &other));
		other.title = good[2].title; /* the same page naming the item is the finding */
		CHECK(open_row(t, good, 3, 2, &other));
		oracle_row_measure_tracker_free(t);
	}
}

TEST(rounding_agrees_and_one_report_per_item)
{
	struct article runs[3] = {
		{ "Morning loop", "Sat · 5.2 km", "5.24 km in 31 min", NULL },
		{ "River run", "Sun · 8 km", "8.0 km in 45 min", NULL },
		{ "Hill repeats", "Mon · 3.1 km", "4.6 km in 28 min", NULL },
	};
	const int open[] = { 0, 1 };
	const int again[] = { 0, 2, 2 };
	char *title;

	/* 5.2 and 5.24 km are one value at one decimal; 8 and 8.0 km too. */
	CHECK_INT_EQ(walk(runs, 3, open, 2, &title), 0);
	free(title);
	CHECK_INT_EQ(walk(runs, 3, again, 3, &title), 2);
	CHECK(title && strstr(title, "'3.1 km'"));
	free(title);
	/* Reported once: a tracker that already reported the item stays quiet on its next opening. */
	{
		struct oracle_row_measure_tracker *t = oracle_row_measure_tracker_new();

		CHECK(!open_row(t, runs, 3, 0, NULL));
		CHECK(open_row(t, runs, 3, 2, NULL));
		CHECK(!open_row(t, runs, 3, 2, NULL));
		oracle_row_measure_tracker_free(t);
	}
}

/*
 * Replays the clicks on resource-ids `ids` (tails, NULL-terminated; "back"
 * presses Back) on `app` from a clean start, feeding every step to a fresh
 * tracker. The 1-based step of the first finding, 0 for none, -1 when the
 * replay failed; its title in *title (caller frees).
 */
static int replayed(const char *app, const char *const *ids, char **title)
{
	struct oracle_row_measure_tracker *t = oracle_row_measure_tracker_new();
	struct sim_step steps[16];
	struct sim_replay s;
	size_t n = 0;
	int found = 0;

	*title = NULL;
	memset(steps, 0, sizeof(steps));
	for (; ids[n] && n < 16; n++)
		steps[n] = (struct sim_step){ strcmp(ids[n], "back") ? ACTION_CLICK : ACTION_BACK,
					      strcmp(ids[n], "back") ? ids[n] : NULL, NULL, NULL };
	sim_steps_replay(app, MUSIC_PKG, steps, n, &s);
	if (!s.ok)
		found = -1;
	for (size_t i = 0; s.ok && i < n && !found; i++) {
		struct oracle_tracked_step st = { s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
						  s.r.screens[i + 1].activity, true, &s.acts[i] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_row_measure_step(t, &st, &f)) {
			found = (int)i + 1;
			*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	oracle_row_measure_tracker_free(t);
	return found;
}

TEST(a_playlist_count_its_row_left_stale)
{
	/* Road trip opened once (its row and page agree), a song added to it, Road trip opened again. */
	static const char *const ids[] = { "tab_playlists", "pl_row", "back", "tab_songs", "song_more", "mn_addpl",
					   "atp_row", "tab_playlists", "pl_row", NULL };
	/* Not opened before the add: nothing says where the page gives the count. */
	static const char *const first[] = { "song_more", "mn_addpl", "atp_row", "tab_playlists", "pl_row", NULL };
	char *title = NULL;

	CHECK_INT_EQ(replayed(MUSIC, ids, &title), 9);
	CHECK(title && !strcmp(title, "'Road trip' shows '4 songs' in its list but '5 songs' on its page"));
	free(title);
	CHECK_INT_EQ(replayed(MUSIC ":fixed", ids, &title), 0);
	free(title);
	CHECK_INT_EQ(replayed(MUSIC, first, &title), 0);
	free(title);
}

/*
 * lemmy (session 66): a post's page upvoted, "412 points" becomes "413
 * points" where its first opening agreed with the feed's row; Back shows
 * the feed, whose row still says 412 points (lemmy
 * `lemmy-feed-keeps-old-score`, jerboa #912). The fixed twin's row says
 * 413; Back without a change is not judged.
 */
TEST(a_score_changed_on_its_page_left_stale_in_the_list)
{
	static const struct sim_step upvote[] = {
		{ ACTION_CLICK, "post_title", NULL, NULL },
		{ ACTION_CLICK, "up_btn", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};
	static const struct sim_step look[] = {
		{ ACTION_CLICK, "post_title", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(sim_steps_found(LEMMY, LEMMY_PKG, "row_measure", BUG_CAT_CALCULATION, upvote, 3, &title), 3);
	CHECK(title && strstr(title, "still shows '412 points' in its list after its page changed it to '413 points'"));
	free(title);
	CHECK_INT_EQ(sim_steps_found(LEMMY ":fixed", LEMMY_PKG, "row_measure", BUG_CAT_CALCULATION, upvote, 3, &title),
		     0);
	free(title);
	CHECK_INT_EQ(sim_steps_found(LEMMY, LEMMY_PKG, "row_measure", BUG_CAT_CALCULATION, look, 2, &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_page_that_gives_another_time_than_its_row);
	RUN(nothing_calibrated_nothing_judged);
	RUN(relative_times_rates_and_other_items_are_not_read);
	RUN(rounding_agrees_and_one_report_per_item);
	RUN(a_playlist_count_its_row_left_stale);
	RUN(a_score_changed_on_its_page_left_stale_in_the_list);
	return test_summary();
}
