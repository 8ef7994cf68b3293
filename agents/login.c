/*
 * login.c - login / precondition scripts (see login.h).
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/login.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/snapshot.h"

#define LOGIN_MAX_BYTES (256u * 1024u)
#define LOGIN_MAX_ACTIONS 64

int login_script_parse(const char *text, size_t len, const char *name, struct login_script **out)
{
	cJSON *root = cJSON_ParseWithLength(text, len), *item;
	struct login_script *s;
	int i = 0, err;

	*out = NULL;
	if (!root || !cJSON_IsArray(root)) {
		cJSON_Delete(root);
		return td_error(TD_ERR_PARSE, "%s: a login script is a JSON array of actions", name);
	}
	if (cJSON_GetArraySize(root) > LOGIN_MAX_ACTIONS) {
		cJSON_Delete(root);
		return td_error(TD_ERR_TOO_BIG, "%s: more than %d actions", name, LOGIN_MAX_ACTIONS);
	}
	s = xcalloc(1, sizeof(*s));
	s->actions = xcalloc((size_t)cJSON_GetArraySize(root) + 1, sizeof(*s->actions));
	cJSON_ArrayForEach(item, root) {
		struct action *a = &s->actions[s->n];

		err = action_from_json(item, a);
		if (err != TD_OK) {
			err = td_error(TD_ERR_PARSE, "%s: [%d]: %s", name, i, td_errmsg(err));
			goto fail;
		}
		s->n++;
		if (action_type_targets_widget(a->type) && !(a->widget_text && *a->widget_text) &&
		    !(a->resource_id && *a->resource_id) && (a->x < 0 || a->y < 0)) {
			err = td_error(TD_ERR_PARSE, "%s: [%d]: %s needs widget_text, resource_id or x/y", name, i,
				       action_type_name(a->type));
			goto fail;
		}
		if (a->type == ACTION_INPUT && !a->text) {
			err = td_error(TD_ERR_PARSE, "%s: [%d]: input needs \"text\"", name, i);
			goto fail;
		}
		i++;
	}
	cJSON_Delete(root);
	*out = s;
	return TD_OK;
fail:
	cJSON_Delete(root);
	login_script_free(s);
	return err;
}

int login_script_load(const char *path, struct login_script **out)
{
	struct strbuf sb;
	int err;

	strbuf_init(&sb, LOGIN_MAX_BYTES);
	err = strbuf_read_file(&sb, path);
	if (err != TD_OK) {
		strbuf_release(&sb);
		*out = NULL;
		return td_error(err, "login script %s: %s", path, td_errmsg(err));
	}
	err = login_script_parse(sb.buf, sb.len, path, out);
	strbuf_release(&sb);
	return err;
}

void login_script_free(struct login_script *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		action_release(&s->actions[i]);
	free(s->actions);
	free(s);
}

int login_resolve_on_screen(struct device *dev, struct action *a, bool *found)
{
	struct snapshot snap;
	const struct ui_widget *w;
	int err;

	*found = true;
	if (!action_type_targets_widget(a->type))
		return TD_OK;
	err = device_snapshot(dev, SNAPSHOT_DUMP, &snap);
	if (err != TD_OK)
		return err;
	if (!snap.tree) {
		err = snap.parse_err;
		snapshot_release(&snap);
		return err;
	}
	w = action_resolve(a, snap.tree);
	if (w) {
		a->x = (w->bounds.x1 + w->bounds.x2) / 2;
		a->y = (w->bounds.y1 + w->bounds.y2) / 2;
		a->bounds = w->bounds;
	} else {
		*found = false;
	}
	snapshot_release(&snap);
	return TD_OK;
}

int login_script_run(const struct login_script *s, struct device *dev, const char *package, size_t *ran)
{
	int err = TD_OK;

	if (ran)
		*ran = 0;
	for (size_t i = 0; s && i < s->n; i++) {
		struct action a;
		bool found;

		action_copy(&a, &s->actions[i]);
		err = login_resolve_on_screen(dev, &a, &found);
		if (err == TD_OK && !found) {
			/* Only resolved by text/id: a missing first widget means "already in". */
			if (i == 0) {
				action_release(&a);
				return TD_OK;
			}
			err = td_error(TD_ERR_NOT_FOUND, "login script step %zu: no widget \"%s\" on the screen", i + 1,
				       a.widget_text ? a.widget_text : a.resource_id ? a.resource_id : "?");
		}
		if (err == TD_OK)
			err = action_perform(dev, &a, package);
		action_release(&a);
		if (err != TD_OK)
			return err;
		if (ran)
			(*ran)++;
	}
	return err;
}
