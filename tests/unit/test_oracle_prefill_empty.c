/*
 * test_oracle_prefill_empty.c - oracle "prefill"'s empty variant
 * (oracle_prefill_wrong, diff.check "empty_edit") on the screens of a
 * scenario replayed on a held-out app: Edit on one's own comment in a
 * post's comments opens "Edit comment" with its text box empty (lemmy
 * `lemmy-edit-comment-empty`, jerboa #895); the fixed twin's box holds the
 * comment, and no other step is judged.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define LEMMY "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/lemmy.json"
#define PKG "org.holdout.lemmy"

static const struct sim_step edit_comment[] = {
	{ ACTION_CLICK, "post_title", NULL, NULL },
	{ ACTION_CLICK, "c_edit", NULL, NULL },
	{ ACTION_BACK, NULL, NULL, NULL },
};

/* The steps after which the check fires, as a bit mask; its last title in *title. */
static unsigned fired(const char *app, char **title)
{
	return sim_steps_fired(app, PKG, oracle_prefill_wrong, BUG_CAT_CONTENT_MISSING, edit_comment, sizeof(edit_comment) / sizeof(edit_comment[0]),
			       title);
}

TEST(an_edit_that_opens_its_form_empty)
{
	char *title;

	CHECK_INT_EQ(fired(LEMMY, &title), 2); /* the Edit only */
	CHECK(title && !strcmp(title, "'Edit comment' opens its form empty"));
	free(title);
	CHECK_INT_EQ(fired(LEMMY ":fixed", &title), 0);
	free(title);
}

int main(void)
{
	RUN(an_edit_that_opens_its_form_empty);
	return test_summary();
}
