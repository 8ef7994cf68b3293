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
	struct sim_replay s;
	unsigned mask = 0;

	*title = NULL;
	sim_steps_replay(app, PKG, edit_comment, 3, &s);
	CHECK(s.ok);
	if (!s.ok) {
		sim_steps_release(&s);
		return ~0u;
	}
	for (size_t i = 0; i < 3; i++) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_prefill_wrong(s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
					 s.r.screens[i + 1].activity, &s.acts[i], &f)) {
			mask |= 1u << i;
			CHECK_INT_EQ(f.category, BUG_CAT_CONTENT_MISSING);
			free(*title);
			*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	return mask;
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
