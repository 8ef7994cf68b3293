/*
 * action.c - actions: names, JSON, descriptions, replay resolution, and
 * performing them on a device (see action.h).
 */
#include "agents/action.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

static const char *const type_names[ACTION__COUNT] = {
	[ACTION_NONE] = "none",
	[ACTION_CLICK] = "click",
	[ACTION_LONG_CLICK] = "long_click",
	[ACTION_INPUT] = "input",
	[ACTION_CHECK] = "check",
	[ACTION_SCROLL] = "scroll",
	[ACTION_BACK] = "back",
	[ACTION_HOME] = "home",
	[ACTION_RESTART] = "restart",
	[ACTION_ROTATE] = "rotate",
	[ACTION_DEEP_LINK] = "deep_link",
	[ACTION_START_ACTIVITY] = "start_activity",
	[ACTION_WAIT] = "wait",
	[ACTION_ENTER] = "enter",
};

static const struct {
	const char *alias;
	enum action_type type;
} type_aliases[] = {
	{ "tap", ACTION_CLICK },        { "press", ACTION_CLICK },
	{ "longclick", ACTION_LONG_CLICK }, { "long_press", ACTION_LONG_CLICK },
	{ "longpress", ACTION_LONG_CLICK }, { "type", ACTION_INPUT },
	{ "input_text", ACTION_INPUT }, { "text", ACTION_INPUT },
	{ "toggle", ACTION_CHECK },     { "swipe", ACTION_SCROLL },
	{ "deeplink", ACTION_DEEP_LINK }, { "open_uri", ACTION_DEEP_LINK },
	{ "am_start", ACTION_START_ACTIVITY },
};

void action_init(struct action *a)
{
	memset(a, 0, sizeof(*a));
	a->type = ACTION_NONE;
	a->widget = -1;
	a->x = a->y = -1;
	a->direction = DEVICE_DIR_DOWN;
	a->rotation = -1;
}

void action_release(struct action *a)
{
	free(a->widget_text);
	free(a->resource_id);
	free(a->class_name);
	free(a->text);
	free(a->uri);
	free(a->reason);
	action_init(a);
}

void action_copy(struct action *dst, const struct action *src)
{
	*dst = *src;
	dst->widget_text = xstrdup_or_null(src->widget_text);
	dst->resource_id = xstrdup_or_null(src->resource_id);
	dst->class_name = xstrdup_or_null(src->class_name);
	dst->text = xstrdup_or_null(src->text);
	dst->uri = xstrdup_or_null(src->uri);
	dst->reason = xstrdup_or_null(src->reason);
}

const char *action_type_name(enum action_type t)
{
	if ((int)t < 0 || t >= ACTION__COUNT)
		return "none";
	return type_names[t];
}

/* Lower-case `s` into buf with '-' and ' ' turned into '_'. */
static void normalise_name(const char *s, char *buf, size_t size)
{
	size_t i = 0;
	for (; *s && i + 1 < size; s++) {
		char c = (char)tolower((unsigned char)*s);
		buf[i++] = (c == '-' || c == ' ') ? '_' : c;
	}
	buf[i] = '\0';
}

int action_type_parse(const char *name)
{
	char buf[32];
	if (!name)
		return -1;
	normalise_name(name, buf, sizeof(buf));
	for (int t = 0; t < ACTION__COUNT; t++)
		if (!strcmp(buf, type_names[t]))
			return t;
	for (size_t i = 0; i < sizeof(type_aliases) / sizeof(type_aliases[0]); i++)
		if (!strcmp(buf, type_aliases[i].alias))
			return (int)type_aliases[i].type;
	return -1;
}

const char *action_direction_name(enum device_dir d)
{
	switch (d) {
	case DEVICE_DIR_UP: return "up";
	case DEVICE_DIR_DOWN: return "down";
	case DEVICE_DIR_LEFT: return "left";
	case DEVICE_DIR_RIGHT: return "right";
	}
	return "down";
}

int action_direction_parse(const char *name)
{
	if (!name)
		return -1;
	if (!strcasecmp(name, "up"))
		return DEVICE_DIR_UP;
	if (!strcasecmp(name, "down"))
		return DEVICE_DIR_DOWN;
	if (!strcasecmp(name, "left"))
		return DEVICE_DIR_LEFT;
	if (!strcasecmp(name, "right"))
		return DEVICE_DIR_RIGHT;
	return -1;
}

bool action_type_targets_widget(enum action_type t)
{
	return action_type_ui_bit(t) != 0;
}

unsigned action_type_ui_bit(enum action_type t)
{
	switch (t) {
	case ACTION_CLICK: return UI_ACT_CLICK;
	case ACTION_LONG_CLICK: return UI_ACT_LONG_CLICK;
	case ACTION_INPUT: return UI_ACT_INPUT;
	case ACTION_CHECK: return UI_ACT_CHECK;
	case ACTION_SCROLL: return UI_ACT_SCROLL;
	default: return 0;
	}
}

/* Add a string member when `s` is set. */
static void add_str(cJSON *o, const char *key, const char *s)
{
	if (s)
		cJSON_AddStringToObject(o, key, s);
}

cJSON *action_to_json(const struct action *a)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "type", action_type_name(a->type));
	if (a->widget >= 0)
		cJSON_AddNumberToObject(o, "widget", a->widget);
	add_str(o, "widget_text", a->widget_text);
	add_str(o, "resource_id", a->resource_id);
	add_str(o, "class", a->class_name);
	if (a->x >= 0 && a->y >= 0) {
		cJSON_AddNumberToObject(o, "x", a->x);
		cJSON_AddNumberToObject(o, "y", a->y);
	}
	if (!ui_rect_empty(&a->bounds)) {
		int b[4] = { a->bounds.x1, a->bounds.y1, a->bounds.x2, a->bounds.y2 };
		cJSON_AddItemToObject(o, "bounds", cJSON_CreateIntArray(b, 4));
	}
	add_str(o, "text", a->text);
	if (a->type == ACTION_SCROLL)
		cJSON_AddStringToObject(o, "direction", action_direction_name(a->direction));
	add_str(o, "uri", a->uri);
	if (a->type == ACTION_ROTATE)
		cJSON_AddNumberToObject(o, "rotation", a->rotation);
	add_str(o, "reason", a->reason);
	if (a->hide_keyboard)
		cJSON_AddTrueToObject(o, "hide_keyboard");
	if (a->type == ACTION_RESTART && a->clear_data)
		cJSON_AddTrueToObject(o, "clear_data");
	return o;
}

/* Member `key` (or one of its aliases, NULL-terminated). */
static const cJSON *member(const cJSON *o, const char *const *keys)
{
	for (; *keys; keys++) {
		const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, *keys);
		if (it && !cJSON_IsNull(it))
			return it;
	}
	return NULL;
}

/* A number given as a number or as a numeric string ("#12" too); -2 when not a number. */
static int json_int(const cJSON *it)
{
	if (cJSON_IsNumber(it))
		return it->valuedouble >= -1 && it->valuedouble < 1000000 ? (int)it->valuedouble : -2;
	if (cJSON_IsString(it)) {
		const char *s = it->valuestring;
		char *end;
		while (*s == '#' || *s == '[' || isspace((unsigned char)*s))
			s++;
		long v = strtol(s, &end, 10);
		if (end != s && v >= -1 && v < 1000000)
			return (int)v;
	}
	return -2;
}

/* Copy a string member into *dst (numbers are printed). */
static void take_str(const cJSON *o, const char *const *keys, char **dst)
{
	const cJSON *it = member(o, keys);
	if (cJSON_IsString(it))
		*dst = xstrdup(it->valuestring);
	else if (cJSON_IsNumber(it))
		*dst = xasprintf("%g", it->valuedouble);
}

int action_from_json(const cJSON *json, struct action *out)
{
	static const char *const k_type[] = { "type", "action", "action_type", NULL };
	static const char *const k_widget[] = { "widget", "widget_id", "id", "widget_number", "number", NULL };
	static const char *const k_wtext[] = { "widget_text", "widget_label", "label", NULL };
	static const char *const k_rid[] = { "resource_id", "resource-id", NULL };
	static const char *const k_class[] = { "class", "class_name", NULL };
	static const char *const k_text[] = { "text", "input", "input_text", "content", NULL };
	static const char *const k_dir[] = { "direction", NULL };
	static const char *const k_uri[] = { "uri", "component", NULL };
	static const char *const k_reason[] = { "reason", "why", NULL };
	static const char *const k_x[] = { "x", NULL };
	static const char *const k_y[] = { "y", NULL };
	static const char *const k_rot[] = { "rotation", NULL };
	static const char *const k_bounds[] = { "bounds", NULL };
	const cJSON *it;
	int t;

	action_init(out);
	if (!cJSON_IsObject(json))
		return td_error(TD_ERR_PARSE, "action: expected a JSON object");
	it = member(json, k_type);
	if (!cJSON_IsString(it))
		return td_error(TD_ERR_PARSE, "action: missing \"type\"");
	t = action_type_parse(it->valuestring);
	if (t < 0 || t == ACTION_NONE)
		return td_error(TD_ERR_PARSE, "action: unknown type \"%.*s\"", ui_text_prefix_len(it->valuestring, 40),
				 it->valuestring);
	out->type = (enum action_type)t;
	it = member(json, k_widget);
	if (it) {
		int n = json_int(it);
		if (n < -1)
			goto bad_widget;
		out->widget = n;
	}
	take_str(json, k_wtext, &out->widget_text);
	take_str(json, k_rid, &out->resource_id);
	take_str(json, k_class, &out->class_name);
	take_str(json, k_text, &out->text);
	take_str(json, k_uri, &out->uri);
	take_str(json, k_reason, &out->reason);
	it = member(json, k_dir);
	if (it) {
		int d = cJSON_IsString(it) ? action_direction_parse(it->valuestring) : -1;
		if (d < 0) {
			action_release(out);
			return td_error(TD_ERR_PARSE, "action: bad \"direction\" (up, down, left or right)");
		}
		out->direction = (enum device_dir)d;
	}
	it = member(json, k_x);
	if (it && json_int(it) >= 0)
		out->x = json_int(it);
	it = member(json, k_y);
	if (it && json_int(it) >= 0)
		out->y = json_int(it);
	it = member(json, k_rot);
	if (it) {
		int r = json_int(it);
		if (r < 0 || r > 3) {
			action_release(out);
			return td_error(TD_ERR_PARSE, "action: \"rotation\" must be 0..3");
		}
		out->rotation = r;
	}
	it = member(json, k_bounds);
	if (cJSON_IsArray(it) && cJSON_GetArraySize(it) == 4) {
		int v[4];
		for (int i = 0; i < 4; i++) {
			v[i] = json_int(cJSON_GetArrayItem(it, i));
			if (v[i] < 0)
				v[i] = 0;
		}
		out->bounds = (struct ui_rect){ v[0], v[1], v[2], v[3] };
	}
	out->hide_keyboard = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json, "hide_keyboard"));
	out->clear_data = out->type == ACTION_RESTART &&
			  cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json, "clear_data"));
	return TD_OK;
bad_widget:
	action_release(out);
	return td_error(TD_ERR_PARSE, "action: \"widget\" is not a widget number");
}

void action_set_widget(struct action *a, int number, const struct ui_widget *w)
{
	a->widget = number;
	if (!w)
		return;
	free(a->widget_text);
	free(a->resource_id);
	free(a->class_name);
	a->widget_text = xstrdup(ui_widget_label(w));
	a->resource_id = w->resource_id[0] ? xstrdup(w->resource_id) : NULL;
	a->class_name = w->class_name[0] ? xstrdup(w->class_name) : NULL;
	a->bounds = w->bounds;
	a->x = (w->bounds.x1 + w->bounds.x2) / 2;
	a->y = (w->bounds.y1 + w->bounds.y2) / 2;
}

char *action_describe(const struct action *a)
{
	struct strbuf sb = STRBUF_INIT;
	const char *text;

	(void)strbuf_adds(&sb, action_type_name(a->type));
	if (a->widget >= 0)
		(void)strbuf_addf(&sb, " #%d", a->widget);
	if (a->widget_text && a->widget_text[0])
		(void)strbuf_addf(&sb, " \"%.*s\"", ui_text_prefix_len(a->widget_text, 60), a->widget_text);
	else if (a->resource_id && a->resource_id[0])
		(void)strbuf_addf(&sb, " id=%.*s", ui_text_prefix_len(a->resource_id, 60), a->resource_id);
	switch (a->type) {
	case ACTION_INPUT:
		text = a->text ? a->text : "";
		(void)strbuf_addf(&sb, " <- \"%.*s\"", ui_text_prefix_len(text, 80), text);
		break;
	case ACTION_SCROLL:
		(void)strbuf_addf(&sb, " %s", action_direction_name(a->direction));
		break;
	case ACTION_ROTATE:
		(void)strbuf_addf(&sb, " to %d", a->rotation);
		break;
	case ACTION_RESTART:
		if (a->clear_data)
			(void)strbuf_adds(&sb, " with the app's data cleared");
		break;
	case ACTION_DEEP_LINK:
	case ACTION_START_ACTIVITY:
		text = a->uri ? a->uri : "";
		(void)strbuf_addf(&sb, " %.*s", ui_text_prefix_len(text, 120), text);
		break;
	default:
		break;
	}
	if (a->x >= 0 && a->y >= 0 && action_type_targets_widget(a->type))
		(void)strbuf_addf(&sb, " at (%d,%d)", a->x, a->y);
	return strbuf_detach(&sb, NULL);
}

/* Match level of `w` for a: 3 text+id, 2 text, 1 id, 0 none. */
static int resolve_level(const struct ui_widget *w, const char *text, const char *rid)
{
	bool text_ok = text && !strcmp(ui_widget_label(w), text);
	bool rid_ok = rid && !strcmp(w->resource_id, rid);
	if (text_ok && rid_ok)
		return 3;
	return text_ok ? 2 : rid_ok ? 1 : 0;
}

bool action_names_widget(const struct action *a, const struct ui_widget *w)
{
	const char *text = a->widget_text && a->widget_text[0] ? a->widget_text : NULL;
	const char *rid = a->resource_id && a->resource_id[0] ? a->resource_id : NULL;

	return w && resolve_level(w, text, rid) > 0;
}

/* |a - b| as a long. */
static long abs_diff(int a, int b)
{
	return a > b ? (long)a - b : (long)b - a;
}

/* How far w's bounds are from the recorded ones (0 when equal or none recorded). */
static long resolve_distance(const struct ui_widget *w, const struct action *a)
{
	const struct ui_rect *r = &w->bounds;

	if (ui_rect_empty(&a->bounds))
		return 0;
	return abs_diff(r->x1, a->bounds.x1) + abs_diff(r->y1, a->bounds.y1) + abs_diff(r->x2, a->bounds.x2) +
	       abs_diff(r->y2, a->bounds.y2);
}

const struct ui_widget *action_resolve(const struct action *a, const struct ui_tree *tree)
{
	const char *text = a->widget_text && a->widget_text[0] ? a->widget_text : NULL;
	const char *rid = a->resource_id && a->resource_id[0] ? a->resource_id : NULL;
	const struct ui_widget *best = NULL;
	int best_level = 0;
	long best_area = -1, best_dist = -1;

	if (!tree)
		return NULL;
	/* The best match level wins; among equals (list rows share an id and a
	 * label) the one nearest the recorded bounds, the first when as near. */
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		int level;
		long dist;
		if (!ui_widget_visible(w, &tree->screen))
			continue;
		level = resolve_level(w, text, rid);
		if (!level || level < best_level)
			continue;
		dist = resolve_distance(w, a);
		if (level > best_level || dist < best_dist) {
			best = w;
			best_level = level;
			best_dist = dist;
		}
	}
	if (best || a->x < 0 || a->y < 0)
		return best;
	/* The smallest visible widget under the point. */
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		const struct ui_rect *r = &w->bounds;
		long area;
		if (a->x < r->x1 || a->x >= r->x2 || a->y < r->y1 || a->y >= r->y2)
			continue;
		area = (long)ui_rect_width(r) * ui_rect_height(r);
		if (best_area < 0 || area < best_area) {
			best = w;
			best_area = area;
		}
	}
	return best;
}

/* Scroll box: the widget's bounds, else the middle of a 1080x2400-ish screen. */
static int perform_scroll(struct device *dev, const struct action *a)
{
	struct ui_rect r = a->bounds;
	if (ui_rect_empty(&r)) {
		int w = 1080, h = 2400;
		if (device_screen_size(dev, &w, &h) != TD_OK) {
			w = 1080;
			h = 2400;
		}
		r = (struct ui_rect){ w / 10, h / 5, w - w / 10, h - h / 5 };
	}
	return device_scroll(dev, r.x1, r.y1, r.x2, r.y2, a->direction);
}

int action_perform(struct device *dev, const struct action *a, const char *package)
{
	int err;
	bool need_xy = action_type_targets_widget(a->type) && a->type != ACTION_SCROLL;

	if (need_xy && (a->x < 0 || a->y < 0))
		return td_error(TD_ERR_INVALID, "%s needs a widget with coordinates",
				action_type_name(a->type));
	if (a->hide_keyboard && action_type_targets_widget(a->type)) {
		/* the target was under the soft keyboard: Back hides it (and only it, if it is still up) */
		bool shown = false;
		if (device_keyboard_shown(dev, &shown) == TD_OK && shown) {
			err = device_key(dev, DEVICE_KEY_BACK);
			if (err != TD_OK)
				return err;
		}
	}
	switch (a->type) {
	case ACTION_CLICK:
	case ACTION_CHECK:
		return device_tap(dev, a->x, a->y);
	case ACTION_LONG_CLICK:
		return device_long_press(dev, a->x, a->y);
	case ACTION_INPUT:
		if (!a->text)
			return td_error(TD_ERR_INVALID, "input needs text");
		err = device_tap(dev, a->x, a->y);
		if (err == TD_OK)
			err = device_clear_text(dev, 256);
		if (err == TD_OK && a->text[0])
			err = device_input_text(dev, a->text);
		return err;
	case ACTION_SCROLL:
		return perform_scroll(dev, a);
	case ACTION_BACK:
		return device_key(dev, DEVICE_KEY_BACK);
	case ACTION_HOME:
		return device_key(dev, DEVICE_KEY_HOME);
	case ACTION_ENTER:
		return device_key(dev, DEVICE_KEY_ENTER);
	case ACTION_RESTART:
		if (!package || !package[0])
			return td_error(TD_ERR_INVALID, "restart needs the app's package");
		err = device_force_stop(dev, package);
		if (err == TD_OK && a->clear_data)
			err = device_clear_data(dev, package);
		if (err == TD_OK)
			err = device_launch(dev, package);
		return err;
	case ACTION_ROTATE:
		return device_rotate(dev, a->rotation < 0 ? 0 : a->rotation);
	case ACTION_DEEP_LINK:
		if (!a->uri)
			return td_error(TD_ERR_INVALID, "deep_link needs a uri");
		return device_open_uri(dev, a->uri, package);
	case ACTION_START_ACTIVITY:
		if (!a->uri)
			return td_error(TD_ERR_INVALID, "start_activity needs a component");
		return device_start_activity(dev, a->uri);
	case ACTION_WAIT:
		return TD_OK;
	case ACTION_NONE:
	case ACTION__COUNT:
		break;
	}
	return td_error(TD_ERR_INVALID, "no action to perform");
}
