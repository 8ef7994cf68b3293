/*
 * audit_design.c - design consistency for `trident audit --design DIR`
 * (audit_design.h): load the mock-ups, turn each widget list into a
 * UIAutomator tree so that the one GUIPilot alignment in core/ui_align.c
 * serves both sides, compare every reached screen with its mock-up, and walk
 * the designed process as an audit script.
 *
 * The screen check and the widget finder run on the Explorer thread (the
 * script brain calls them); the checks are read after the run has joined it.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "agents/audit_design.h"
#include "core/config.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

#define DESIGN_MAX_BYTES (4 << 20)
#define TEXT_CMP_MAX 400

struct design_screen {
	char *name;
	char *png;                  /* file name inside the design directory, or NULL */
	struct ui_tree *tree;       /* the mock-up as a tree (widget ids in resource-id) */
};

struct transition {
	char *from, *to, *widget, *text;
	enum action_type type;
	char *failed;               /* why the designed action could not be taken, or NULL */
};

struct visit {
	char *screen;
	int step;                   /* the screen after run step N */
	int transition;             /* the process[] entry that led here, -1: a chain's first screen */
	double sim;
	bool brk;                   /* not that screen at all */
	int app_w, app_h;           /* the app's screen size (the screenshot's) */
	cJSON *findings;
};

struct audit_design {
	char *dir;
	struct design_screen *screens;
	size_t n_screens;
	const char **names;
	struct transition *process;
	size_t n_process;
	struct ui_align_params ap;
	double text_similarity, screen_threshold, position_tolerance;
	struct visit *visits;
	size_t n_visits;
};

/* --- loading -------------------------------------------------------------- */

#define BAD(...) td_error(TD_ERR_PARSE, __VA_ARGS__)

/* The design vocabulary of widget types, as Android classes. */
static const struct {
	const char *type, *cls;
	bool clickable, checkable;
} widget_types[] = {
	{ "text", "android.widget.TextView", false, false },
	{ "button", "android.widget.Button", true, false },
	{ "icon_button", "android.widget.ImageButton", true, false },
	{ "image", "android.widget.ImageView", false, false },
	{ "input", "android.widget.EditText", true, false },
	{ "row", "android.widget.LinearLayout", true, false },
	{ "switch", "android.widget.Switch", true, true },
	{ "checkbox", "android.widget.CheckBox", true, true },
	{ "progress", "android.widget.ProgressBar", false, false },
	{ "tab", "android.widget.FrameLayout", true, false },
};

static void xml_attr(struct strbuf *sb, const char *name, const char *v)
{
	(void)strbuf_addf(sb, " %s=\"", name);
	for (; v && *v; v++) {
		switch (*v) {
		case '<': (void)strbuf_adds(sb, "&lt;"); break;
		case '>': (void)strbuf_adds(sb, "&gt;"); break;
		case '&': (void)strbuf_adds(sb, "&amp;"); break;
		case '"': (void)strbuf_adds(sb, "&quot;"); break;
		default:
			if ((unsigned char)*v >= 0x20)
				(void)strbuf_addch(sb, *v);
		}
	}
	(void)strbuf_addch(sb, '"');
}

/* A whole number member in [lo, hi]; *err when present and out of range. */
static int int_of(const cJSON *v, int lo, int hi, bool *ok)
{
	*ok = cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi &&
	      v->valuedouble == (double)(int)v->valuedouble;
	return *ok ? v->valueint : 0;
}

/* Parse screens.NAME.widgets into a UIAutomator dump and then a tree. */
static int widgets_tree(const char *file, const char *name, const cJSON *widgets, int W, int H, struct ui_tree **out)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *w;
	int i = 0, err = TD_OK;

	if (!cJSON_IsArray(widgets) || !cJSON_GetArraySize(widgets))
		return BAD("%s: screens.%s.widgets: expected a non-empty array of widgets", file, name);
	(void)strbuf_addf(&sb, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
			  "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" "
			  "package=\"design\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" "
			  "enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"false\" "
			  "long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,0][%d,%d]\">", W, H);
	cJSON_ArrayForEach(w, widgets) {
		static const char *const keys[] = { "id", "type", "text", "desc", "bounds", "checked", "#" };
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(w, "id");
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(w, "type");
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(w, "text");
		const cJSON *desc = cJSON_GetObjectItemCaseSensitive(w, "desc");
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(w, "bounds");
		const cJSON *checked = cJSON_GetObjectItemCaseSensitive(w, "checked");
		const char *cls = NULL;
		bool clickable = false, checkable = false, ok = true;
		int r[4];
		char *rid;

		if (!cJSON_IsObject(w)) {
			err = BAD("%s: screens.%s.widgets[%d]: expected an object", file, name, i);
			goto out;
		}
		for (const cJSON *m = w->child; m; m = m->next) {
			bool known = false;
			for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
				known |= !strcmp(m->string, keys[k]);
			if (!known) {
				err = BAD("%s: screens.%s.widgets[%d].%s: unknown key (id, type, text, desc, bounds, checked)",
					  file, name, i, m->string);
				goto out;
			}
		}
		if (!cJSON_IsString(id) || !id->valuestring[0] || strpbrk(id->valuestring, "/ \"")) {
			err = BAD("%s: screens.%s.widgets[%d].id: expected a name (no spaces, slashes or quotes)", file, name, i);
			goto out;
		}
		for (const cJSON *o = widgets->child; o != w; o = o->next)
			if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "id")), id->valuestring)) {
				err = BAD("%s: screens.%s.widgets[%d].id: \"%s\" is used twice on this screen", file, name, i,
					  id->valuestring);
				goto out;
			}
		if (cJSON_IsString(type)) {
			for (size_t k = 0; k < sizeof(widget_types) / sizeof(widget_types[0]); k++)
				if (!strcmp(type->valuestring, widget_types[k].type)) {
					cls = widget_types[k].cls;
					clickable = widget_types[k].clickable;
					checkable = widget_types[k].checkable;
				}
			if (!cls && !strncmp(type->valuestring, "android.", 8))
				cls = type->valuestring;
		}
		if (!cls) {
			err = BAD("%s: screens.%s.widgets[%d].type: expected text, button, icon_button, image, input, row, "
				  "switch, checkbox, progress, tab or an android.* class", file, name, i);
			goto out;
		}
		if ((text && !cJSON_IsString(text)) || (desc && !cJSON_IsString(desc))) {
			err = BAD("%s: screens.%s.widgets[%d].%s: expected a string", file, name, i,
				  text && !cJSON_IsString(text) ? "text" : "desc");
			goto out;
		}
		if (checked && (!cJSON_IsBool(checked) || !checkable)) {
			err = BAD("%s: screens.%s.widgets[%d].checked: expected true or false on a switch or checkbox",
				  file, name, i);
			goto out;
		}
		if (cJSON_GetArraySize(b) != 4 || !cJSON_IsArray(b)) {
			err = BAD("%s: screens.%s.widgets[%d].bounds: expected [x1, y1, x2, y2]", file, name, i);
			goto out;
		}
		for (int k = 0; k < 4 && ok; k++)
			r[k] = int_of(cJSON_GetArrayItem(b, k), 0, k % 2 ? H : W, &ok);
		if (!ok || r[2] <= r[0] || r[3] <= r[1]) {
			err = BAD("%s: screens.%s.widgets[%d].bounds: expected whole numbers with 0 <= x1 < x2 <= %d and "
				  "0 <= y1 < y2 <= %d", file, name, i, W, H);
			goto out;
		}
		rid = xasprintf("design:id/%s", id->valuestring);
		(void)strbuf_addf(&sb, "<node index=\"%d\"", i);
		xml_attr(&sb, "text", text ? text->valuestring : "");
		xml_attr(&sb, "resource-id", rid);
		xml_attr(&sb, "class", cls);
		xml_attr(&sb, "package", "design");
		xml_attr(&sb, "content-desc", desc ? desc->valuestring : "");
		(void)strbuf_addf(&sb, " checkable=\"%s\" checked=\"%s\" clickable=\"%s\" enabled=\"true\" "
				  "focusable=\"%s\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" "
				  "password=\"false\" selected=\"false\" bounds=\"[%d,%d][%d,%d]\" />",
				  checkable ? "true" : "false", cJSON_IsTrue(checked) ? "true" : "false",
				  clickable ? "true" : "false", clickable ? "true" : "false", r[0], r[1], r[2], r[3]);
		free(rid);
		i++;
	}
	(void)strbuf_adds(&sb, "</node></hierarchy>");
	err = ui_parse(sb.buf, sb.len, file, out);
out:
	strbuf_release(&sb);
	return err;
}

static int screen_index(const struct audit_design *d, const char *name)
{
	for (size_t i = 0; i < d->n_screens; i++)
		if (!strcmp(d->screens[i].name, name))
			return (int)i;
	return -1;
}

/* The tree node of designed widget `id`: "design:id/ID", or a prototype dump's resource-id. */
static const struct ui_widget *design_widget(const struct ui_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const char *rid = t->nodes[i]->resource_id, *slash = strrchr(rid, '/');
		if (rid[0] && (!strcmp(rid, id) || (slash && !strcmp(slash + 1, id))))
			return t->nodes[i];
	}
	return NULL;
}

static int load_process(struct audit_design *d, const char *file, const cJSON *process)
{
	const cJSON *p;
	int i = 0;

	if (!process)
		return TD_OK;
	if (!cJSON_IsArray(process))
		return BAD("%s: process: expected an array of transitions", file);
	d->process = xcalloc((size_t)cJSON_GetArraySize(process) + 1, sizeof(*d->process));
	cJSON_ArrayForEach(p, process) {
		struct transition *t = &d->process[d->n_process];
		const char *keys[] = { "from", "action", "widget", "text", "to" };
		const char *v[5] = { 0 };
		int from, to, type;
		if (!cJSON_IsObject(p))
			return BAD("%s: process[%d]: expected {\"from\", \"action\", \"widget\", \"to\"}", file, i);
		for (const cJSON *m = p->child; m; m = m->next) {
			bool known = m->string[0] == '#';
			for (int k = 0; k < 5; k++)
				known |= !strcmp(m->string, keys[k]);
			if (!known)
				return BAD("%s: process[%d].%s: unknown key (from, action, widget, text, to)", file, i, m->string);
		}
		for (int k = 0; k < 5; k++) {
			const cJSON *m = cJSON_GetObjectItemCaseSensitive(p, keys[k]);
			if (m && (!cJSON_IsString(m) || !m->valuestring[0]))
				return BAD("%s: process[%d].%s: expected a non-empty string", file, i, keys[k]);
			v[k] = m ? m->valuestring : NULL;
			if (!v[k] && k != 3)
				return BAD("%s: process[%d]: \"%s\" is missing", file, i, keys[k]);
		}
		from = screen_index(d, v[0]);
		to = screen_index(d, v[4]);
		if (from < 0)
			return BAD("%s: process[%d].from: no screen \"%s\" in screens", file, i, v[0]);
		if (to < 0)
			return BAD("%s: process[%d].to: no screen \"%s\" in screens", file, i, v[4]);
		type = action_type_parse(v[1]);
		if (type != ACTION_CLICK && type != ACTION_LONG_CLICK && type != ACTION_CHECK && type != ACTION_INPUT)
			return BAD("%s: process[%d].action: expected click, long_click, check or type, not \"%s\"", file, i, v[1]);
		if ((type == ACTION_INPUT) != (v[3] != NULL))
			return BAD("%s: process[%d].text: %s", file, i,
				   type == ACTION_INPUT ? "\"type\" needs the text to type" : "only \"type\" takes a text");
		if (!design_widget(d->screens[from].tree, v[2]))
			return BAD("%s: process[%d].widget: screen \"%s\" has no widget \"%s\"", file, i, v[0], v[2]);
		t->from = xstrdup(v[0]);
		t->to = xstrdup(v[4]);
		t->widget = xstrdup(v[2]);
		t->text = v[3] ? xstrdup(v[3]) : NULL;
		t->type = (enum action_type)type;
		d->n_process++;
		i++;
	}
	return TD_OK;
}

/* audit.* thresholds (configs/default.json holds GUIPilot's values and their ranges). */
static int load_thresholds(struct audit_design *d, const struct config *cfg)
{
	static const char *const keys[] = { "audit.text_similarity", "audit.screen_threshold", "audit.position_tolerance" };
	double *dst[] = { &d->text_similarity, &d->screen_threshold, &d->position_tolerance };
	int err;
	cfg = config_or_builtin(cfg);
	err = ui_align_params_from_config(&d->ap, cfg);
	if (err != TD_OK)
		return err;
	for (int k = 0; k < 3; k++) {
		double v = config_double(cfg, keys[k]);
		if (!(v >= 0 && v <= 1))
			return td_error(TD_ERR_CONFIG, "%s: %g is out of range [0, 1]", keys[k], v);
		*dst[k] = v;
	}
	return TD_OK;
}

int audit_design_load(const char *dir, const struct config *cfg, struct audit_design **out)
{
	struct strbuf sb = STRBUF_INIT;
	struct audit_design *d = xcalloc(1, sizeof(*d));
	char *file = xasprintf("%s/design.json", dir);
	cJSON *root = NULL;
	const cJSON *screens, *s, *size;
	int err, W = 1080, H = 2400;

	*out = NULL;
	d->dir = xstrdup(dir);
	err = load_thresholds(d, cfg);
	if (err != TD_OK)
		goto out;
	err = strbuf_read_file(&sb, file);
	if (err != TD_OK) {
		err = td_error(TD_ERR_IO, "%s: cannot read the design: %s", file, td_errmsg(err));
		goto out;
	}
	if (sb.len > DESIGN_MAX_BYTES) {
		err = BAD("%s: %zu bytes; a design file holds at most %d", file, sb.len, DESIGN_MAX_BYTES);
		goto out;
	}
	root = cJSON_ParseWithLength(sb.buf, sb.len);
	if (!cJSON_IsObject(root)) {
		err = BAD("%s: not a JSON object", file);
		goto out;
	}
	for (const cJSON *m = root->child; m; m = m->next)
		if (m->string[0] != '#' && strcmp(m->string, "app") && strcmp(m->string, "size") &&
		    strcmp(m->string, "screens") && strcmp(m->string, "process")) {
			err = BAD("%s: %s: unknown key (app, size, screens, process)", file, m->string);
			goto out;
		}
	size = cJSON_GetObjectItemCaseSensitive(root, "size");
	if (size) {
		bool ok1 = false, ok2 = false;
		if (cJSON_GetArraySize(size) == 2) {
			W = int_of(cJSON_GetArrayItem(size, 0), 1, 20000, &ok1);
			H = int_of(cJSON_GetArrayItem(size, 1), 1, 20000, &ok2);
		}
		if (!ok1 || !ok2) {
			err = BAD("%s: size: expected [width, height] in pixels", file);
			goto out;
		}
	}
	screens = cJSON_GetObjectItemCaseSensitive(root, "screens");
	if (!cJSON_IsObject(screens) || !screens->child) {
		err = BAD("%s: screens: expected an object of named screens", file);
		goto out;
	}
	d->n_screens = (size_t)cJSON_GetArraySize(screens);
	d->screens = xcalloc(d->n_screens, sizeof(*d->screens));
	d->names = xcalloc(d->n_screens, sizeof(*d->names));
	{
		size_t i = 0;
		cJSON_ArrayForEach(s, screens) {
			struct design_screen *ds = &d->screens[i];
			const cJSON *png = cJSON_GetObjectItemCaseSensitive(s, "png");
			const cJSON *xml = cJSON_GetObjectItemCaseSensitive(s, "xml");
			const cJSON *widgets = cJSON_GetObjectItemCaseSensitive(s, "widgets");
			ds->name = xstrdup(s->string);
			d->names[i++] = ds->name;
			if (!cJSON_IsObject(s)) {
				err = BAD("%s: screens.%s: expected an object with png and widgets (or xml)", file, s->string);
				goto out;
			}
			if (png && (!cJSON_IsString(png) || strchr(png->valuestring, '/') || !png->valuestring[0])) {
				err = BAD("%s: screens.%s.png: expected a file name in %s", file, s->string, dir);
				goto out;
			}
			ds->png = png ? xstrdup(png->valuestring) : NULL;
			if (xml && widgets) {
				err = BAD("%s: screens.%s: give widgets or xml, not both", file, s->string);
				goto out;
			}
			if (xml) {
				char *p;
				if (!cJSON_IsString(xml) || strchr(xml->valuestring, '/') || !xml->valuestring[0]) {
					err = BAD("%s: screens.%s.xml: expected a file name in %s", file, s->string, dir);
					goto out;
				}
				p = xasprintf("%s/%s", dir, xml->valuestring);
				err = ui_parse_file(p, &ds->tree);
				free(p);
			} else {
				err = widgets_tree(file, s->string, widgets, W, H, &ds->tree);
			}
			if (err != TD_OK)
				goto out;
		}
	}
	err = load_process(d, file, cJSON_GetObjectItemCaseSensitive(root, "process"));
	if (err != TD_OK)
		goto out;
	*out = d;
	d = NULL;
out:
	audit_design_free(d);
	cJSON_Delete(root);
	strbuf_release(&sb);
	free(file);
	return err;
}

void audit_design_free(struct audit_design *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n_screens; i++) {
		free(d->screens[i].name);
		free(d->screens[i].png);
		ui_tree_free(d->screens[i].tree);
	}
	for (size_t i = 0; i < d->n_process; i++) {
		free(d->process[i].from);
		free(d->process[i].to);
		free(d->process[i].widget);
		free(d->process[i].text);
		free(d->process[i].failed);
	}
	for (size_t i = 0; i < d->n_visits; i++) {
		free(d->visits[i].screen);
		cJSON_Delete(d->visits[i].findings);
	}
	free(d->visits);
	free(d->process);
	free(d->screens);
	free(d->names);
	free(d->dir);
	free(d);
}

size_t audit_design_screen_names(const struct audit_design *d, const char *const **names)
{
	*names = d->names;
	return d->n_screens;
}

/* --- comparing ------------------------------------------------------------ */

static const char *label_of(const struct ui_widget *w)
{
	return w->text[0] ? w->text : w->content_desc;
}

static const char *short_class(const char *cls)
{
	const char *dot = strrchr(cls, '.');
	return dot ? dot + 1 : cls;
}

/* difflib-style similarity ratio 2*LCS / (len a + len b); 1 for two empty strings. */
static double text_ratio(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	int *prev, *cur, best;
	if (!n && !m)
		return 1;
	if (n > TEXT_CMP_MAX)
		n = TEXT_CMP_MAX;
	if (m > TEXT_CMP_MAX)
		m = TEXT_CMP_MAX;
	prev = xcalloc(m + 1, sizeof(int));
	cur = xcalloc(m + 1, sizeof(int));
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++)
			cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]);
		memcpy(prev, cur, (m + 1) * sizeof(int));
	}
	best = prev[m];
	free(prev);
	free(cur);
	return 2.0 * best / (double)(n + m);
}

static cJSON *rect_json(const struct ui_rect *r)
{
	int v[4] = { r->x1, r->y1, r->x2, r->y2 };
	return cJSON_CreateIntArray(v, 4);
}

/* Add a finding: class, message, and the boxes on either side. */
static void finding(cJSON *arr, const char *cls, const struct ui_widget *dw, const struct ui_widget *aw,
		    const char *fmt, ...) TD_PRINTF(5, 6);
static void finding(cJSON *arr, const char *cls, const struct ui_widget *dw, const struct ui_widget *aw,
		    const char *fmt, ...)
{
	cJSON *f = cJSON_CreateObject();
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	(void)strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	cJSON_AddStringToObject(f, "class", cls);
	cJSON_AddStringToObject(f, "message", sb.buf);
	if (dw) {
		const char *slash = strrchr(dw->resource_id, '/');
		cJSON_AddStringToObject(f, "design_widget", slash ? slash + 1 : dw->resource_id);
		cJSON_AddItemToObject(f, "design_bounds", rect_json(&dw->bounds));
	}
	if (aw) {
		cJSON_AddStringToObject(f, "app_text", label_of(aw));
		cJSON_AddItemToObject(f, "app_bounds", rect_json(&aw->bounds));
	}
	cJSON_AddItemToArray(arr, f);
	strbuf_release(&sb);
}

/* Whether a box moved or changed size by more than the tolerance (screen-normalised). */
static bool moved(const struct audit_design *d, const struct ui_widget *dw, const struct ui_rect *ds,
		  const struct ui_widget *aw, const struct ui_rect *as)
{
	double W1 = ui_rect_width(ds), H1 = ui_rect_height(ds), W2 = ui_rect_width(as), H2 = ui_rect_height(as);
	double t = d->position_tolerance;
	if (W1 <= 0 || H1 <= 0 || W2 <= 0 || H2 <= 0)
		return false;
	return fabs((dw->bounds.x1 - ds->x1) / W1 - (aw->bounds.x1 - as->x1) / W2) > t ||
	       fabs((dw->bounds.y1 - ds->y1) / H1 - (aw->bounds.y1 - as->y1) / H2) > t ||
	       fabs(ui_rect_width(&dw->bounds) / W1 - ui_rect_width(&aw->bounds) / W2) > t ||
	       fabs(ui_rect_height(&dw->bounds) / H1 - ui_rect_height(&aw->bounds) / H2) > t;
}

/* Compare app screen `t` with mock-up `ds`: fill *v. Returns 1 same, 0 inconsistent, -2 another screen. */
static int compare(const struct audit_design *d, const struct design_screen *ds, const struct ui_tree *t,
		   struct visit *v, char **why)
{
	struct ui_alignment *al = NULL;
	struct strbuf sb = STRBUF_INIT;
	const cJSON *f;
	int err = ui_align(ds->tree, t, &d->ap, &al), n = 0;

	v->findings = cJSON_CreateArray();
	if (err != TD_OK) {
		*why = xasprintf("cannot align the screen with design \"%s\": %s", ds->name, td_errmsg(err));
		v->brk = true;
		return -2;
	}
	/*
	 * GUIPilot's Eq. 5 divides by the mock-up's widgets only, so a screen
	 * with many more widgets than the mock-up (the catalog where the orders
	 * page was designed) could still pass; the symmetric score divides by
	 * the larger count and is never above Eq. 5.
	 */
	v->sim = al->score;
	if (v->sim < d->screen_threshold) {
		v->brk = true;
		finding(v->findings, "process", NULL, NULL, "the app is not on design screen \"%s\" "
			"(similarity %.2f < %.2f)", ds->name, v->sim, d->screen_threshold);
		*why = xasprintf("the app is not on design screen \"%s\" (similarity %.2f < %.2f)", ds->name, v->sim,
				 d->screen_threshold);
		ui_alignment_free(al);
		return -2;
	}
	for (size_t i = 0; i < al->n_missing; i++)
		finding(v->findings, "missing", al->missing[i], NULL, "missing: %s \"%s\" of the design",
			short_class(al->missing[i]->class_name), label_of(al->missing[i]));
	for (size_t i = 0; i < al->n_extra; i++)
		finding(v->findings, "extra", NULL, al->extra[i], "extra: %s \"%s\" is not in the design",
			short_class(al->extra[i]->class_name), label_of(al->extra[i]));
	for (size_t i = 0; i < al->n_pairs; i++) {
		const struct ui_widget *dw = al->pairs[i].a, *aw = al->pairs[i].b;
		if (strcmp(dw->class_name, aw->class_name))
			finding(v->findings, "type", dw, aw, "type: \"%s\" is a %s in the design, a %s in the app",
				label_of(dw), short_class(dw->class_name), short_class(aw->class_name));
		if (text_ratio(label_of(dw), label_of(aw)) < d->text_similarity)
			finding(v->findings, "text", dw, aw, "text: \"%s\" in the design, \"%s\" in the app",
				label_of(dw), label_of(aw));
		if (dw->checkable && aw->checkable && dw->checked != aw->checked)
			finding(v->findings, "state", dw, aw, "state: \"%s\" is %s in the design, %s in the app",
				label_of(dw), dw->checked ? "on" : "off", aw->checked ? "on" : "off");
		if (moved(d, dw, &ds->tree->screen, aw, &t->screen))
			finding(v->findings, "position", dw, aw, "position: \"%s\" is at [%d,%d][%d,%d] in the design, "
				"[%d,%d][%d,%d] in the app", label_of(dw), dw->bounds.x1, dw->bounds.y1, dw->bounds.x2,
				dw->bounds.y2, aw->bounds.x1, aw->bounds.y1, aw->bounds.x2, aw->bounds.y2);
	}
	ui_alignment_free(al);
	cJSON_ArrayForEach(f, v->findings) {
		(void)strbuf_addf(&sb, "%s%s", n ? "; " : "",
				  cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(f, "message")));
		n++;
	}
	if (!n) {
		strbuf_release(&sb);
		return 1;
	}
	*why = xasprintf("%d inconsistenc%s with design \"%s\": %s", n, n == 1 ? "y" : "ies", ds->name, sb.buf);
	strbuf_release(&sb);
	return 0;
}

static int design_screen_check(void *ctx, const char *design, const char *path, const struct brain_screen *s,
			       char **why)
{
	struct audit_design *d = ctx;
	int k = screen_index(d, design), rc;
	struct visit *v;
	if (k < 0) {
		*why = xasprintf("no design screen \"%s\"", design);
		return -1;
	}
	d->visits = xrealloc(d->visits, (d->n_visits + 1) * sizeof(*d->visits));
	v = &d->visits[d->n_visits++];
	memset(v, 0, sizeof(*v));
	v->screen = xstrdup(design);
	v->step = s->step;
	v->transition = -1;
	v->app_w = ui_rect_width(&s->tree->screen);
	v->app_h = ui_rect_height(&s->tree->screen);
	{
		/* "process[K]" is where transition K leads; "process[K].from" starts a chain. */
		int k2, n = 0;
		if (sscanf(path, "process[%d]%n", &k2, &n) == 1 && path[n] == '\0')
			v->transition = k2;
	}
	rc = compare(d, &d->screens[k], s->tree, v, why);
	return rc;
}

static const struct ui_widget *design_find_widget(void *ctx, const char *screen, const char *widget,
						  const struct brain_screen *s, char **why)
{
	struct audit_design *d = ctx;
	int k = screen_index(d, screen);
	const struct ui_widget *dw = k >= 0 ? design_widget(d->screens[k].tree, widget) : NULL, *hit = NULL;
	struct ui_alignment *al = NULL;

	if (!dw) {
		*why = xasprintf("design screen \"%s\" has no widget \"%s\"", screen, widget);
		return NULL;
	}
	/* GUIPilot: the designed widget's counterpart in the alignment... */
	if (ui_align(d->screens[k].tree, s->tree, &d->ap, &al) == TD_OK) {
		for (size_t i = 0; i < al->n_pairs && !hit; i++)
			if (al->pairs[i].a == dw && !strcmp(label_of(dw), label_of(al->pairs[i].b)))
				hit = al->pairs[i].b;
		ui_alignment_free(al);
	}
	/* ...else the widget with the same label and type. */
	for (size_t i = 0; i < s->tree->n_nodes && !hit; i++) {
		const struct ui_widget *w = s->tree->nodes[i];
		if (label_of(dw)[0] && !strcmp(label_of(w), label_of(dw)) && !strcmp(w->class_name, dw->class_name) &&
		    ui_widget_visible(w, &s->tree->screen))
			hit = w;
	}
	if (!hit) {
		*why = xasprintf("the designed %s \"%s\" (%s) has no counterpart on the app's screen",
				 short_class(dw->class_name), label_of(dw), widget);
		for (size_t i = 0; i < d->n_process; i++)
			if (!d->process[i].failed && !strcmp(d->process[i].from, screen) &&
			    !strcmp(d->process[i].widget, widget)) {
				d->process[i].failed = xstrdup(*why);
				break;
			}
	}
	return hit;
}

void audit_design_attach(struct audit_design *d, struct audit_script *s)
{
	struct audit_design_hooks h = { design_screen_check, design_find_widget, d };
	audit_script_set_design(s, &h);
}

struct audit_script *audit_design_walk(struct audit_design *d)
{
	char *name = xasprintf("design %s", d->dir);
	struct audit_script *s = audit_script_new(name);
	free(name);
	audit_design_attach(d, s);
	if (!d->n_process) {
		/* No process: check the first screen only. */
		audit_script_add_screen(s, d->screens[0].name, "screens", true);
		audit_script_add_design_action(s, ACTION_WAIT, d->screens[0].name, "", NULL, "screens");
		return s;
	}
	for (size_t i = 0; i < d->n_process; i++) {
		char *p = xasprintf("process[%zu]", i);
		if (i == 0 || strcmp(d->process[i - 1].to, d->process[i].from)) {
			/* A new chain: from a fresh start of the app (the first one is fresh already). */
			char *from = xasprintf("process[%zu].from", i);
			if (i > 0)
				audit_script_add_restart(s, from);
			audit_script_add_screen(s, d->process[i].from, from, true);
			free(from);
		}
		audit_script_add_design_action(s, d->process[i].type, d->process[i].from, d->process[i].widget,
					       d->process[i].text, p);
		audit_script_add_screen(s, d->process[i].to, p, true);
		free(p);
	}
	return s;
}

/* --- results -------------------------------------------------------------- */

static cJSON *screen_check_json(const struct audit_design *d, const struct visit *v)
{
	int k = screen_index(d, v->screen);
	char *name = xasprintf("screen %s (after step %d)", v->screen, v->step - 1);
	cJSON *c = cJSON_CreateObject(), *boxes = cJSON_CreateArray(), *f;
	struct strbuf sb = STRBUF_INIT;
	int n = 0;
	char *png;

	cJSON_AddStringToObject(c, "suite", "design");
	cJSON_AddStringToObject(c, "kind", "screen");
	cJSON_AddStringToObject(c, "name", name);
	cJSON_AddStringToObject(c, "design", v->screen);
	cJSON_AddNumberToObject(c, "step", v->step - 1);
	cJSON_AddNumberToObject(c, "similarity", round(v->sim * 1000) / 1000);
	cJSON_ArrayForEach(f, v->findings) {
		const cJSON *db = cJSON_GetObjectItemCaseSensitive(f, "design_bounds");
		const cJSON *ab = cJSON_GetObjectItemCaseSensitive(f, "app_bounds");
		const char *msg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(f, "message"));
		(void)strbuf_addf(&sb, "%s%s", n++ ? "; " : "", msg);
		if (db) {
			cJSON *b = cJSON_CreateObject();
			cJSON_AddStringToObject(b, "side", "design");
			cJSON_AddItemToObject(b, "bounds", cJSON_Duplicate(db, 1));
			cJSON_AddStringToObject(b, "label", msg);
			cJSON_AddItemToArray(boxes, b);
		}
		if (ab) {
			cJSON *b = cJSON_CreateObject();
			cJSON_AddStringToObject(b, "side", "app");
			cJSON_AddItemToObject(b, "bounds", cJSON_Duplicate(ab, 1));
			cJSON_AddStringToObject(b, "label", msg);
			cJSON_AddItemToArray(boxes, b);
		}
	}
	cJSON_AddStringToObject(c, "status", n ? "fail" : "pass");
	if (n)
		cJSON_AddStringToObject(c, "message", sb.buf);
	cJSON_AddItemToObject(c, "findings", cJSON_Duplicate(v->findings, 1));
	cJSON_AddItemToObject(c, "boxes", boxes);
	if (k >= 0 && d->screens[k].png) {
		png = xasprintf("design/%s", d->screens[k].png);
		cJSON_AddStringToObject(c, "design_png", png);
		free(png);
		cJSON_AddItemToObject(c, "design_size", cJSON_CreateIntArray((int[]){ ui_rect_width(&d->screens[k].tree->screen),
			ui_rect_height(&d->screens[k].tree->screen) }, 2));
	}
	png = xasprintf("steps/%04d.png", v->step);
	cJSON_AddStringToObject(c, "app_png", png);
	if (v->app_w > 0 && v->app_h > 0)
		cJSON_AddItemToObject(c, "app_size", cJSON_CreateIntArray((int[]){ v->app_w, v->app_h }, 2));
	free(png);
	strbuf_release(&sb);
	free(name);
	return c;
}

/* The visit transition k led to, or NULL. */
static const struct visit *visit_of(const struct audit_design *d, int k)
{
	for (size_t i = 0; i < d->n_visits; i++)
		if (d->visits[i].transition == k)
			return &d->visits[i];
	return NULL;
}

cJSON *audit_design_checks(const struct audit_design *d, bool walk)
{
	cJSON *arr = cJSON_CreateArray();
	/* One check per screen reached (a break is the transition's failure, not the screen's). */
	for (size_t i = 0; i < d->n_visits; i++)
		if (!(walk && d->visits[i].transition >= 0 && d->visits[i].brk))
			cJSON_AddItemToArray(arr, screen_check_json(d, &d->visits[i]));
	for (size_t i = 0; walk && i < d->n_process; i++) {
		const struct transition *t = &d->process[i];
		const struct visit *v = visit_of(d, (int)i);
		char *name = xasprintf("process[%zu]: %s --%s %s--> %s", i, t->from, action_type_name(t->type),
				       t->widget, t->to);
		cJSON *c = cJSON_CreateObject();
		char *msg = NULL;
		const char *status = "pass";
		cJSON_AddStringToObject(c, "suite", "design");
		cJSON_AddStringToObject(c, "kind", "transition");
		cJSON_AddStringToObject(c, "name", name);
		if (v) {
			cJSON_AddNumberToObject(c, "step", v->step - 1);
			if (v->brk) {
				status = "fail";
				msg = xasprintf("process break: after %s on %s.%s the app is not on design screen \"%s\" "
						"(similarity %.2f < %.2f)", action_type_name(t->type), t->from, t->widget,
						t->to, v->sim, d->screen_threshold);
			}
		} else if (t->failed) {
			status = "fail";
			msg = xasprintf("process break: %s", t->failed);
		} else {
			status = "skipped";
			msg = xstrdup("not reached: the process broke before it");
		}
		cJSON_AddStringToObject(c, "status", status);
		if (msg)
			cJSON_AddStringToObject(c, "message", msg);
		cJSON_AddItemToArray(arr, c);
		free(msg);
		free(name);
	}
	return arr;
}

int audit_design_inconsistencies(const struct audit_design *d)
{
	int n = 0;
	for (size_t i = 0; i < d->n_visits; i++)
		n += cJSON_GetArraySize(d->visits[i].findings);
	for (size_t i = 0; i < d->n_process; i++)
		n += d->process[i].failed != NULL;
	return n;
}

int audit_design_copy_pngs(const struct audit_design *d, const char *run_dir)
{
	char *dst_dir = xasprintf("%s/design", run_dir);
	int err = TD_OK;
	if (mkdir(dst_dir, 0777) != 0 && errno != EEXIST) {
		err = td_error(TD_ERR_IO, "cannot create %s: %s", dst_dir, strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < d->n_screens && err == TD_OK; i++) {
		struct strbuf sb = STRBUF_INIT;
		char *src, *dst;
		FILE *f;
		if (!d->screens[i].png)
			continue;
		src = xasprintf("%s/%s", d->dir, d->screens[i].png);
		dst = xasprintf("%s/%s", dst_dir, d->screens[i].png);
		if (strbuf_read_file(&sb, src) != TD_OK) {
			err = td_error(TD_ERR_IO, "%s: cannot read the mock-up", src);
		} else if (!(f = fopen(dst, "wb"))) {
			err = td_error(TD_ERR_IO, "cannot write %s", dst);
		} else {
			bool short_write = fwrite(sb.buf, 1, sb.len, f) != sb.len;

			/* Closed whatever happened; a failed close loses buffered bytes too. */
			if (fclose(f) != 0 || short_write)
				err = td_error(TD_ERR_IO, "cannot write %s", dst);
		}
		strbuf_release(&sb);
		free(src);
		free(dst);
	}
out:
	free(dst_dir);
	return err;
}
