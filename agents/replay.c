/*
 * replay.c - replays recorded steps from a clean app start (see replay.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/login.h"
#include "agents/replay.h"
#include "core/image.h"
#include "core/xalloc.h"
#include "device/snapshot.h"

void replay_screen_release(struct replay_screen *s)
{
	ui_tree_free(s->tree);
	free(s->activity);
	memset(s, 0, sizeof(*s));
}

void replay_result_release(struct replay_result *r)
{
	for (size_t i = 0; i < r->n_screens; i++)
		replay_screen_release(&r->screens[i]);
	free(r->screens);
	memset(r, 0, sizeof(*r));
}

int replay_capture(struct device *dev, struct replay_screen *s)
{
	struct snapshot snap;
	int err;

	/* The dump and the activity only: replays need no screenshot. */
	memset(s, 0, sizeof(*s));
	err = device_snapshot(dev, SNAPSHOT_DUMP, &snap);
	if (err != TD_OK)
		return err;
	s->tree = snap.tree;
	s->activity = snap.activity;
	free(snap.xml); /* not kept: one replayed screen per step adds up (struct replay_screen) */
	return TD_OK;
}

int replay_clean_start(struct device *dev, const char *package, const struct replay_opts *opts)
{
	int err;

	err = device_force_stop(dev, package);
	if (err == TD_OK && opts && opts->clear_data)
		err = device_clear_data(dev, package);
	if (err == TD_OK)
		err = device_rotate(dev, 0);
	if (err == TD_OK)
		err = device_launch(dev, package);
	if (err == TD_OK && opts && opts->login)
		err = login_script_run(opts->login, dev, package, NULL);
	return err;
}

/* Write len bytes to path. */
static int write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int err = TD_OK;

	if (!f)
		return td_error(TD_ERR_IO, "cannot write %s: %s", path, strerror(errno));
	if (fwrite(data, 1, len, f) != len)
		err = td_error(TD_ERR_IO, "cannot write %s: %s", path, strerror(errno));
	if (fclose(f) != 0 && err == TD_OK)
		err = td_error(TD_ERR_IO, "cannot write %s: %s", path, strerror(errno));
	return err;
}

int replay_save_screen(struct device *dev, const char *dir, int n)
{
	struct capture cap;
	char *png, *xml;
	unsigned char *file = NULL;
	size_t file_len = 0;
	int err;

	memset(&cap, 0, sizeof(cap));
	err = device_capture(dev, &cap);
	if (err != TD_OK)
		return err;
	png = xasprintf("%s/%04d.png", dir, n);
	xml = xasprintf("%s/%04d.xml", dir, n);
	err = image_frame_png(cap.shot, cap.shot_len, "screenshot", &file, &file_len);
	if (err == TD_OK)
		err = write_file(png, file, file_len);
	free(file);
	if (err == TD_OK)
		err = write_file(xml, cap.xml, cap.xml_len);
	free(png);
	free(xml);
	capture_release(&cap);
	return err;
}

/* The screens kept outside the window, one per key (replay_opts.screen_key). */
struct replay_keys {
	uint64_t key[REPLAY_KEYS_MAX];
	size_t idx[REPLAY_KEYS_MAX];
	size_t n;
};

/* Screen i has left the window: release it unless it is the one kept for its key. */
static void leave_window(struct replay_result *r, size_t i, const struct replay_opts *opts, struct replay_keys *kp)
{
	struct replay_screen *s = &r->screens[i];
	uint64_t key = opts->screen_key && s->tree ? opts->screen_key(s->tree, s->activity) : 0;
	size_t j = 0;

	while (key && j < kp->n && kp->key[j] != key)
		j++;
	if (!key || (j == kp->n && kp->n == REPLAY_KEYS_MAX)) {
		replay_screen_release(s);
	} else if (j == kp->n) {
		kp->key[kp->n] = key; /* the first screen of this key */
		kp->idx[kp->n++] = i;
	} else if (opts->keep_first_of_key) {
		replay_screen_release(s);
	} else {
		replay_screen_release(&r->screens[kp->idx[j]]);
		kp->idx[j] = i;
	}
}

/* Append a capture of the current screen to r (and save it when asked). */
static int push_screen(struct device *dev, struct replay_result *r, size_t cap, const struct replay_opts *opts,
		       struct replay_keys *kp)
{
	int err;

	if (r->n_screens >= cap)
		return TD_OK;
	if (opts->save_dir) {
		err = replay_save_screen(dev, opts->save_dir, (int)r->n_screens);
		if (err != TD_OK)
			return err;
	}
	err = replay_capture(dev, &r->screens[r->n_screens]);
	if (err != TD_OK)
		return err;
	r->n_screens++;
	if (opts->on_screen)
		opts->on_screen(opts->on_screen_ctx, r);
	/* The screen that has just left the window (one per push, so every
	 * older one is released or kept for its key already). */
	if (opts->keep_screens && r->n_screens > opts->keep_screens)
		leave_window(r, r->n_screens - 1 - opts->keep_screens, opts, kp);
	return TD_OK;
}

int replay_run(struct device *dev, const char *package, const struct action *steps, size_t n,
	       const struct replay_opts *opts, struct replay_result *out)
{
	struct replay_opts def = { .clear_data = true, .login = NULL };
	struct replay_keys keys = { .n = 0 };
	int err;

	memset(out, 0, sizeof(*out));
	if (!opts)
		opts = &def;
	out->screens = xcalloc(n + 1, sizeof(*out->screens));
	err = replay_clean_start(dev, package, opts);
	if (err != TD_OK)
		return err;
	for (size_t i = 0; i < n; i++) {
		struct action a;
		const struct replay_screen *cur;

		/* The screen this step acts on: needed to re-aim it, and kept. */
		err = push_screen(dev, out, n + 1, opts, &keys);
		if (err != TD_OK)
			return err;
		cur = &out->screens[out->n_screens - 1];
		action_copy(&a, &steps[i]);
		if (action_type_targets_widget(a.type) && cur->tree) {
			const struct ui_widget *w = action_resolve(&a, cur->tree);
			bool by_name = (a.widget_text && *a.widget_text) || (a.resource_id && *a.resource_id);

			if (w) {
				a.x = (w->bounds.x1 + w->bounds.x2) / 2;
				a.y = (w->bounds.y1 + w->bounds.y2) / 2;
				a.bounds = w->bounds;
			}
			if (!w || !by_name)
				out->missed++;
			if (by_name && !action_names_widget(&a, w)) {
				out->off_path++;
				if (opts->stop_off_path) {
					err = td_error(TD_ERR_NOT_FOUND,
						       "replay step %zu: no widget '%s' on the screen (%s): off the recorded path",
						       i + 1, a.widget_text && *a.widget_text ? a.widget_text : a.resource_id,
						       cur->activity ? cur->activity : "?");
					action_release(&a);
					return err;
				}
			}
		}
		err = action_perform(dev, &a, package);
		if (err == TD_OK && a.type == ACTION_RESTART && opts->login)
			err = login_script_run(opts->login, dev, package, NULL);
		action_release(&a);
		if (err != TD_OK)
			return err;
		out->n_done++;
	}
	return push_screen(dev, out, n + 1, opts, &keys);
}
