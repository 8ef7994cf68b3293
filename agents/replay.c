/*
 * replay.c - replays recorded steps from a clean app start (see replay.h).
 */
#include <stdlib.h>
#include <string.h>

#include "agents/login.h"
#include "agents/replay.h"
#include "core/xalloc.h"

void replay_screen_release(struct replay_screen *s)
{
	ui_tree_free(s->tree);
	free(s->xml);
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
	size_t len = 0;
	char *pkg = NULL;
	int err;

	/* The dump and the activity only: replays need no screenshot. */
	memset(s, 0, sizeof(*s));
	err = device_dump_xml(dev, &s->xml, &len);
	if (err != TD_OK)
		return err;
	if (device_foreground(dev, &pkg, &s->activity) != TD_OK || !s->activity)
		s->activity = xstrdup("");
	free(pkg);
	if (ui_parse(s->xml, len, "device", &s->tree) != TD_OK)
		s->tree = NULL;
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

/* Append a capture of the current screen to r. */
static int push_screen(struct device *dev, struct replay_result *r, size_t cap)
{
	int err;

	if (r->n_screens >= cap)
		return TD_OK;
	err = replay_capture(dev, &r->screens[r->n_screens]);
	if (err == TD_OK)
		r->n_screens++;
	return err;
}

int replay_run(struct device *dev, const char *package, const struct action *steps, size_t n,
	       const struct replay_opts *opts, struct replay_result *out)
{
	struct replay_opts def = { .clear_data = true, .login = NULL };
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
		err = push_screen(dev, out, n + 1);
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
		}
		err = action_perform(dev, &a, package);
		if (err == TD_OK && a.type == ACTION_RESTART && opts->login)
			err = login_script_run(opts->login, dev, package, NULL);
		action_release(&a);
		if (err != TD_OK)
			return err;
		out->n_done++;
	}
	return push_screen(dev, out, n + 1);
}
