/*
 * test_oracle_mode_kept.c - the process-death oracle's mode button
 * (oracle_mode_changed, then oracle_setting_value_lost after force-stop
 * and relaunch) on screens replayed on the held-out music app
 * (configs/apps/holdout/music.json): Repeat tapped in the player ("Repeat
 * off" now "Repeat all"), the app killed and launched, the player opened
 * again from the mini player says "Repeat off" (`music-repeat-mode-lost`,
 * VinylMusicPlayer #663). Not on the fixed twin. Play / Pause, whose
 * labels name no state of one mode, is no mode button.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracles_internal.h"

#define MUSIC "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/music.json"
#define PKG "org.holdout.music"

/*
 * Replays: the first song, the mini player, a tap on `button` (a
 * resource-id tail), force-stop and relaunch, the mini player. Whether the
 * tap changed a mode (1), and whether the relaunch lost it (2); -1 when
 * the replay failed. The report's title in *title (caller frees).
 */
static int replayed(const char *app, const char *button, char **title)
{
	const struct sim_step steps[] = {
		{ ACTION_CLICK, "song_row", NULL, NULL },  { ACTION_CLICK, "mini_info", NULL, NULL },
		{ ACTION_CLICK, button, NULL, NULL },	   { ACTION_RESTART, NULL, NULL, NULL },
		{ ACTION_CLICK, "mini_info", NULL, NULL },
	};
	struct sim_replay s;
	int got = -1;

	*title = NULL;
	sim_steps_replay(app, PKG, steps, 5, &s);
	if (s.ok) {
		char value[64];
		const struct ui_widget *o, *w;

		got = 0;
		/* The label tapped, as the Explorer records it. */
		if ((w = action_resolve(&s.acts[2], s.r.screens[2].tree)))
			s.acts[2].widget_text = xstrdup(ui_widget_label(w));
		o = oracle_mode_changed(s.r.screens[2].tree, s.r.screens[2].activity, s.r.screens[3].tree,
					s.r.screens[3].activity, &s.acts[2], value, sizeof(value));
		if (o) {
			struct oracle_finding f;

			got = 1;
			oracle_finding_init(&f);
			if (oracle_setting_value_lost(s.r.screens[3].tree, s.r.screens[3].activity, s.r.screens[5].tree,
						      s.r.screens[5].activity, o->resource_id, value, s.acts[2].widget_text,
						      &f)) {
				got = 2;
				CHECK_INT_EQ(f.category, BUG_CAT_SETTINGS);
				*title = xstrdup(f.title);
			}
			oracle_finding_release(&f);
		}
	}
	sim_steps_release(&s);
	return got;
}

TEST(a_repeat_mode_lost_when_the_process_dies)
{
	char *title = NULL;

	CHECK_INT_EQ(replayed(MUSIC, "np_repeat", &title), 2);
	CHECK(title && !strcmp(title, "Setting 'Repeat all' reverts after force-stop and relaunch"));
	free(title);
	/* The fixed twin restores it with the queue. */
	CHECK_INT_EQ(replayed(MUSIC ":fixed", "np_repeat", &title), 1);
	free(title);
	/* Shuffle is a mode too, and kept. */
	CHECK_INT_EQ(replayed(MUSIC, "np_shuffle", &title), 1);
	free(title);
}

TEST(play_and_pause_is_no_mode)
{
	char *title = NULL;

	CHECK_INT_EQ(replayed(MUSIC, "np_play_pause", &title), 0);
	free(title);
}

int main(void)
{
	RUN(a_repeat_mode_lost_when_the_process_dies);
	RUN(play_and_pause_is_no_mode);
	return test_summary();
}
