/*
 * test_oracle_gallery.c - oracle "gallery" (oracle_gallery_short) on the
 * screens of a scenario replayed on a held-out app: NASA's Artemis II
 * article says "Gallery · 8 photos" and shows two (feeds
 * `feeds-gallery-shows-two-photos`, Feeder #955); the fixed twin shows all
 * eight, and no other screen of the scenario is judged.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define FEEDS "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/feeds.json"
#define PKG "org.holdout.feeds"

static const struct sim_step open_gallery[] = {
	{ ACTION_CLICK, NULL, "NASA News Releases", NULL },
	{ ACTION_CLICK, "item_row", NULL, NULL },
	{ ACTION_BACK, NULL, NULL, NULL },
};

/* The steps after which the check fires, as a bit mask; its last title in *title. */
static unsigned fired(const char *app, char **title)
{
	return sim_steps_fired(app, PKG, oracle_gallery_short, BUG_CAT_CONTENT_MISSING, open_gallery, sizeof(open_gallery) / sizeof(open_gallery[0]),
			       title);
}

TEST(a_gallery_of_eight_photos_that_shows_two)
{
	char *title;

	CHECK_INT_EQ(fired(FEEDS, &title), 2); /* the article's screen only */
	CHECK(title && !strcmp(title, "'Gallery \u00b7 8 photos' shows 2 of them"));
	free(title);
	CHECK_INT_EQ(fired(FEEDS ":fixed", &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_gallery_of_eight_photos_that_shows_two);
	return test_summary();
}
