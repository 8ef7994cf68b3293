/*
 * sim_layout.c - lays out the current screen as a view tree (sim_view.h):
 * status bar, app bar with title and Up arrow, scrolling content (widgets in
 * vertical and row layout, or at explicit bounds), tabs, list rows from
 * state, bottom navigation, the floating action button, dialogs over a
 * scrim, toasts, the ANR dialog and the launcher's home screen.
 *
 * Sizes follow Material metrics at 420 dpi (1 dp = 2.625 px): status bar
 * 24 dp, app bar 56 dp, buttons 48 dp, text fields 56 dp, list rows 64 dp,
 * bottom navigation 80 dp. Scrolled-away content is left out of the tree and
 * partly visible views are clipped vertically to the scroll viewport, as a
 * phone's dump does; nothing is clipped horizontally, so a widget pushed off
 * the side of the screen shows up with bounds outside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"
#include "device/sim/sim_internal.h"

#define STATUS_H 63
#define APPBAR_H 147
#define NAV_H 210
#define MARGIN 42
#define GAP 21
#define BTN_H 126
#define EDIT_H 147
#define CHECK_H 126
#define ROW_MIN_H 168
#define TABS_H 126
#define IMAGE_H 420
#define FAB_SIZE 147
#define ICON 126
#define TOAST_H 120

struct lay {
	struct sim *s;
	struct sim_frame *f;
	const struct sim_screen *scr;
	int W, H;
	bool dialog_ids;           /* laying out a dialog: buttons are text buttons */
};

struct rowc {
	int list_var;
	long index;
};

static struct sim_view_ext *new_view(enum sim_view_kind kind, const char *cls)
{
	struct sim_view_ext *x = xcalloc(1, sizeof *x);
	x->view.kind = kind;
	x->view.class_name = xstrdup(cls);
	x->view.resource_id = xstrdup("");
	x->view.text = xstrdup("");
	x->view.content_desc = xstrdup("");
	x->view.hint = xstrdup("");
	x->view.enabled = true;
	x->row = -1;
	x->list_var = -1;
	return x;
}

static void set_str(const char **field, const char *v)
{
	free((char *)*field);
	*field = xstrdup(v ? v : "");
}

static void add_child(struct sim_view *parent, struct sim_view_ext *child)
{
	parent->children = xrealloc(parent->children, (parent->n_children + 1) * sizeof *parent->children);
	parent->children[parent->n_children++] = &child->view;
	child->view.depth = parent->depth + 1;
}

static void set_bounds(struct sim_view *v, int x1, int y1, int x2, int y2)
{
	v->x1 = x1;
	v->y1 = y1;
	v->x2 = x2;
	v->y2 = y2;
}

static void free_view(struct sim_view *v)
{
	struct sim_view_ext *x = (struct sim_view_ext *)v;
	for (size_t i = 0; i < v->n_children; i++)
		free_view(v->children[i]);
	free(v->children);
	free((char *)v->class_name);
	free((char *)v->resource_id);
	free((char *)v->text);
	free((char *)v->content_desc);
	free((char *)v->hint);
	free(x->event);
	free(x->arg);
	free(x);
}

void sim_view_free_tree(struct sim_screen_view *sv)
{
	if (!sv)
		return;
	if (sv->root)
		free_view(sv->root);
	free((char *)sv->package);
	free((char *)sv->activity);
	free(sv);
}

/* Depth fix-up after re-parenting. */
static void set_depths(struct sim_view *v, int d)
{
	v->depth = d;
	for (size_t i = 0; i < v->n_children; i++)
		set_depths(v->children[i], d + 1);
}

/* --- widget properties, with an active override bug merged in --- */

static const cJSON *override_of(struct lay *L, const cJSON *w)
{
	const cJSON *idn = cJSON_GetObjectItemCaseSensitive(w, "id");
	struct sim *s = L->s;
	if (s->fixed || !cJSON_IsString(idn) || !L->scr)
		return NULL;
	for (size_t i = 0; i < s->app->n_bugs; i++) {
		const struct sim_bug *b = &s->app->bugs[i];
		if (!b->widget_id || strcmp(b->widget_id, idn->valuestring) != 0 ||
		    strcmp(b->widget_screen, L->scr->name) != 0)
			continue;
		if (b->when) {
			struct sim_scope sc;
			char buf[64], why[128];
			struct sim_value v;
			sim_bind_scope(s, &sc, NULL, -1, buf);
			if (sim_expr_eval(b->when, &sc, &v, why, sizeof why) != 0)
				continue;
			bool on = sim_value_truthy(&v);
			sim_value_free(&v);
			if (!on)
				continue;
		}
		if (L->f && s->bug_visit[i] != L->f->visit) {
			s->bug_visit[i] = L->f->visit;
			sim_note_bug(s, i, b->label);
		}
		return b->override;
	}
	return NULL;
}

static const cJSON *prop(const cJSON *w, const cJSON *ov, const char *key)
{
	const cJSON *n = ov ? cJSON_GetObjectItemCaseSensitive(ov, key) : NULL;
	return n ? n : cJSON_GetObjectItemCaseSensitive(w, key);
}

/* A JSON number clamped to [lo, hi]. */
static int clamp_num(const cJSON *n, int lo, int hi)
{
	long v = sim_json_num(n, lo);
	return v < lo ? lo : v > hi ? hi : (int)v;
}

static void scope_for(struct lay *L, struct rowc rc, struct sim_scope *sc, void *buf)
{
	sim_bind_scope(L->s, sc, rc.list_var >= 0 ? &L->s->app->vars[rc.list_var] : NULL, rc.index, buf);
}

static char *tmpl(struct lay *L, struct rowc rc, const cJSON *n)
{
	struct sim_scope sc;
	char buf[64], why[200];
	struct strbuf sb = STRBUF_INIT;
	if (cJSON_IsNumber(n))
		return xasprintf("%g", n->valuedouble);
	if (!cJSON_IsString(n))
		return xstrdup("");
	strbuf_init(&sb, SIM_MAX_STRING);
	scope_for(L, rc, &sc, buf);
	if (sim_template(n->valuestring, &sc, &sb, why, sizeof why) != 0)
		strbuf_reset(&sb);
	return strbuf_detach(&sb, NULL);
}

static bool cond(struct lay *L, struct rowc rc, const cJSON *n, bool dflt)
{
	if (!n)
		return dflt;
	if (cJSON_IsBool(n))
		return cJSON_IsTrue(n);
	if (!cJSON_IsString(n))
		return dflt;
	struct sim_scope sc;
	char buf[64], why[200];
	struct sim_value v;
	scope_for(L, rc, &sc, buf);
	if (sim_expr_eval(n->valuestring, &sc, &v, why, sizeof why) != 0)
		return dflt;
	bool b = sim_value_truthy(&v);
	sim_value_free(&v);
	return b;
}

static int num_expr(struct lay *L, struct rowc rc, const cJSON *n)
{
	if (cJSON_IsNumber(n))
		return clamp_num(n, 0, 100);
	if (!cJSON_IsString(n))
		return 0;
	struct sim_scope sc;
	char buf[64], why[200];
	struct sim_value v;
	scope_for(L, rc, &sc, buf);
	if (sim_expr_eval(n->valuestring, &sc, &v, why, sizeof why) != 0)
		return 0;
	sim_value_convert(&v, SIM_NUM);
	long r = sim_clamp(v.num);
	sim_value_free(&v);
	return r < 0 ? 0 : r > 100 ? 100 : (int)r;
}

/* Value of a bound variable or row field. */
static bool bound_value(struct lay *L, struct rowc rc, const char *bind, struct sim_value *out)
{
	struct sim_scope sc;
	char buf[64];
	scope_for(L, rc, &sc, buf);
	return sc.var(sc.ctx, bind, out) == 0;
}

/* Height of wrapped text at `font` px in `width` px. */
static int text_height(const char *t, int width, bool large)
{
	int cw = large ? 32 : 23, lh = large ? 78 : 57;
	int per = width / cw > 4 ? width / cw : 4;
	int len = 0, lines = 1, col = 0;
	for (const char *p = t; *p; p++) {
		if ((*p & 0xC0) == 0x80)
			continue;
		len++;
		if (*p == '\n' || ++col > per) {
			lines++;
			col = *p == '\n' ? 0 : 1;
		}
	}
	(void)len;
	if (lines > 12)
		lines = 12;
	return lines * lh + 30;
}

static const char *wtype(const cJSON *w, const char *dflt)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(w, "type");
	return cJSON_IsString(t) ? t->valuestring : dflt;
}

static int layout_widget(struct lay *L, struct sim_view *parent, const cJSON *w, const char *dtype,
			 int x, int y, int width, struct rowc rc, bool in_row);

/* Lay out children vertically; returns total height. */
static int layout_column(struct lay *L, struct sim_view *parent, const cJSON *arr, const char *dtype,
			 int x, int y, int width, struct rowc rc, int gap)
{
	int h = 0;
	const cJSON *c;
	bool first = true;
	cJSON_ArrayForEach(c, arr) {
		int before = (int)parent->n_children;
		int ch = layout_widget(L, parent, c, dtype, x, y + h + (first ? 0 : gap), width, rc, false);
		if ((int)parent->n_children == before && ch == 0)
			continue;
		h += ch + (first ? 0 : gap);
		first = false;
	}
	return h;
}

/* Fixed width of a widget inside a row, or 0 to share the rest. */
static int row_fixed_width(const cJSON *w)
{
	const char *t = wtype(w, "");
	const cJSON *txt = cJSON_GetObjectItemCaseSensitive(w, "text");
	const cJSON *wd = cJSON_GetObjectItemCaseSensitive(w, "width");
	if (cJSON_IsNumber(wd))
		return clamp_num(wd, 0, 20000);
	if (!strcmp(t, "image_button"))
		return ICON;
	if ((!strcmp(t, "checkbox") || !strcmp(t, "switch")) && !txt)
		return ICON + 21;
	return 0;
}

static int layout_row(struct lay *L, struct sim_view *parent, const cJSON *arr, int x, int y,
		      int width, struct rowc rc, int min_h)
{
	int n = 0, fixed = 0, shared = 0;
	const cJSON *c;
	cJSON_ArrayForEach(c, arr) {
		const cJSON *ov = override_of(L, c);
		if (!cond(L, rc, prop(c, ov, "visible"), true))
			continue;
		n++;
		int fw = row_fixed_width(c);
		fixed += fw;
		shared += fw == 0;
	}
	if (n == 0)
		return 0;
	int gap = 21, avail = width - fixed - gap * (n - 1);
	int share = shared ? avail / shared : 0;
	if (share < 60)
		share = 60;
	/* first pass for the row height */
	int cx = x, h = min_h;
	size_t start = parent->n_children;
	cJSON_ArrayForEach(c, arr) {
		const cJSON *ov = override_of(L, c);
		if (!cond(L, rc, prop(c, ov, "visible"), true))
			continue;
		int fw = row_fixed_width(c);
		int cw = fw ? fw : share;
		int ch = layout_widget(L, parent, c, NULL, cx, y, cw, rc, true);
		if (ch > h)
			h = ch;
		cx += cw + gap;
	}
	/* centre children vertically */
	for (size_t i = start; i < parent->n_children; i++) {
		struct sim_view *v = parent->children[i];
		int ch = v->y2 - v->y1, dy = (h - ch) / 2;
		if (dy <= 0)
			continue;
		struct sim_view *stack[256];
		int sp = 0;
		stack[sp++] = v;
		while (sp) {
			struct sim_view *u = stack[--sp];
			u->y1 += dy;
			u->y2 += dy;
			for (size_t k = 0; k < u->n_children && sp < 255; k++)
				stack[sp++] = u->children[k];
		}
	}
	return h;
}

static void fill_common(struct lay *L, struct sim_view_ext *x, const cJSON *w, const cJSON *ov,
			struct rowc rc)
{
	struct sim_view *v = &x->view;
	const cJSON *idn = cJSON_GetObjectItemCaseSensitive(w, "id");
	const cJSON *cls = prop(w, ov, "class");
	char *t;
	if (cJSON_IsString(cls))
		set_str(&v->class_name, cls->valuestring);
	if (cJSON_IsString(idn)) {
		char *rid = xasprintf("%s:id/%s", L->s->app->package, idn->valuestring);
		set_str(&v->resource_id, rid);
		free(rid);
	}
	t = tmpl(L, rc, prop(w, ov, "text"));
	set_str(&v->text, t);
	free(t);
	t = tmpl(L, rc, prop(w, ov, "desc"));
	set_str(&v->content_desc, t);
	free(t);
	t = tmpl(L, rc, prop(w, ov, "hint"));
	set_str(&v->hint, t);
	free(t);
	v->enabled = cond(L, rc, prop(w, ov, "enabled"), true);
	v->selected = cond(L, rc, prop(w, ov, "selected"), false);
	x->widget = w;
	x->row = rc.index;
	x->list_var = rc.list_var;
	x->role = SIM_ROLE_WIDGET;
	if (cJSON_GetObjectItemCaseSensitive(w, "on_click") || cJSON_GetObjectItemCaseSensitive(w, "screen"))
		v->clickable = true;
	if (cJSON_GetObjectItemCaseSensitive(w, "on_long_click"))
		v->long_clickable = true;
}

static int layout_widget(struct lay *L, struct sim_view *parent, const cJSON *w, const char *dtype,
			 int x, int y, int width, struct rowc rc, bool in_row)
{
	const cJSON *ov = override_of(L, w);
	const char *type = wtype(w, dtype ? dtype : "text");
	const char *cls;
	if (!cond(L, rc, prop(w, ov, "visible"), true))
		return 0;
	enum sim_view_kind kind = sim_widget_kind(type, &cls);
	if (L->dialog_ids && !strcmp(type, "button"))
		kind = SIM_VIEW_TEXT_BUTTON;
	struct sim_view_ext *vx = new_view(kind, cls);
	struct sim_view *v = &vx->view;
	fill_common(L, vx, w, ov, rc);
	const cJSON *idn = cJSON_GetObjectItemCaseSensitive(w, "id");
	const char *id = cJSON_IsString(idn) ? idn->valuestring : NULL;
	const char *bind = NULL;
	const cJSON *bn = cJSON_GetObjectItemCaseSensitive(w, "bind");
	if (cJSON_IsString(bn))
		bind = bn->valuestring;
	const cJSON *style = cJSON_GetObjectItemCaseSensitive(w, "style");
	bool large = cJSON_IsString(style) && (!strcmp(style->valuestring, "title") ||
					       !strcmp(style->valuestring, "headline"));
	int h = 0;
	add_child(parent, vx);

	if (!strcmp(type, "text")) {
		h = text_height(v->text, width, large);
	} else if (!strcmp(type, "button") || !strcmp(type, "text_button")) {
		h = BTN_H;
		v->clickable = true;
		v->focusable = true;
	} else if (!strcmp(type, "image_button") || !strcmp(type, "fab")) {
		h = ICON;
		v->clickable = true;
		v->focusable = true;
		if (!in_row && !strcmp(type, "image_button"))
			width = ICON;
	} else if (!strcmp(type, "edit")) {
		h = EDIT_H;
		v->clickable = true;
		v->focusable = true;
		v->long_clickable = true;
		v->password = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(w, "password"));
		const char *cur = NULL;
		if (id && !(rc.list_var >= 0))
			(void)sim_current_input_text(L->s, id, &cur);
		if (bind && !cur) {
			struct sim_value bv = { 0 };
			if (bound_value(L, rc, bind, &bv)) {
				struct strbuf sb = STRBUF_INIT;
				sim_value_format(&bv, &sb);
				set_str(&v->text, sb.buf);
				strbuf_release(&sb);
			}
			sim_value_free(&bv);
		} else if (cur) {
			set_str(&v->text, cur);
		}
		if (v->password && v->text[0]) {
			size_t n = strlen(v->text);
			char *dots = xmalloc(n * 3 + 1);
			for (size_t i = 0; i < n; i++)
				memcpy(dots + i * 3, "\xe2\x80\xa2", 3);
			dots[n * 3] = '\0';
			set_str(&v->text, dots);
			free(dots);
		}
		v->focused = id && L->f && L->f->focused && !strcmp(L->f->focused, id);
	} else if (!strcmp(type, "checkbox") || !strcmp(type, "switch")) {
		h = CHECK_H;
		v->checkable = true;
		v->clickable = true;
		v->focusable = true;
		struct sim_value bv = { 0 };
		if (bind && bound_value(L, rc, bind, &bv))
			v->checked = sim_value_truthy(&bv);
		else
			v->checked = cond(L, rc, prop(w, ov, "checked"), false);
		sim_value_free(&bv);
	} else if (!strcmp(type, "image")) {
		h = IMAGE_H;
	} else if (!strcmp(type, "progress") || !strcmp(type, "seekbar")) {
		h = BTN_H;
		const cJSON *val = prop(w, ov, "value");
		struct sim_value bv = { 0 };
		if (val)
			v->value = num_expr(L, rc, val);
		else if (bind && bound_value(L, rc, bind, &bv)) {
			sim_value_convert(&bv, SIM_NUM);
			v->value = bv.num < 0 ? 0 : bv.num > 100 ? 100 : (int)bv.num;
		}
		sim_value_free(&bv);
		if (!strcmp(type, "seekbar")) {
			v->focusable = true;
			v->clickable = true;
		}
	} else if (!strcmp(type, "tab") || !strcmp(type, "nav")) {
		h = !strcmp(type, "tab") ? TABS_H : NAV_H;
		v->clickable = true;
		v->focusable = true;
		const cJSON *scr = cJSON_GetObjectItemCaseSensitive(w, "screen");
		if (cJSON_IsString(scr) && !cJSON_GetObjectItemCaseSensitive(w, "selected"))
			v->selected = L->scr && !strcmp(scr->valuestring, L->scr->name);
		if (!strcmp(type, "nav") && !v->content_desc[0])
			set_str(&v->content_desc, v->text);
	} else if (!strcmp(type, "tabs")) {
		h = TABS_H;
		const cJSON *items = cJSON_GetObjectItemCaseSensitive(w, "items"), *it;
		int n = 0;
		cJSON_ArrayForEach(it, items)
			n += cond(L, rc, cJSON_GetObjectItemCaseSensitive(it, "visible"), true);
		int i = 0;
		cJSON_ArrayForEach(it, items) {
			if (!cond(L, rc, cJSON_GetObjectItemCaseSensitive(it, "visible"), true))
				continue;
			int x1 = x + width * i / (n ? n : 1), x2 = x + width * (i + 1) / (n ? n : 1);
			layout_widget(L, v, it, "tab", x1, y, x2 - x1, rc, true);
			i++;
		}
		vx->role = SIM_ROLE_NONE;
	} else if (!strcmp(type, "list")) {
		int lv = sim_app_var_index(L->s->app, cJSON_GetObjectItemCaseSensitive(w, "items")->valuestring);
		const struct sim_value *l = &L->s->vars[lv];
		const cJSON *row = cJSON_GetObjectItemCaseSensitive(w, "row");
		const cJSON *filter = cJSON_GetObjectItemCaseSensitive(w, "filter");
		size_t shown = 0;
		for (size_t i = 0; i < l->n_recs; i++) {
			struct rowc r2 = { lv, (long)i };
			if (filter && !cond(L, r2, filter, true))
				continue;
			int rh = layout_widget(L, v, row, "row", x, y + h, width, r2, false);
			h += rh;
			shown++;
		}
		if (!shown) {
			const cJSON *empty = cJSON_GetObjectItemCaseSensitive(w, "empty");
			if (empty) {
				struct sim_view_ext *ex = new_view(SIM_VIEW_TEXT, "android.widget.TextView");
				char *t = tmpl(L, rc, empty);
				set_str(&ex->view.text, t);
				free(t);
				char *rid = xasprintf("%s:id/%s_empty", L->s->app->package, id);
				set_str(&ex->view.resource_id, rid);
				free(rid);
				int eh = text_height(ex->view.text, width, false);
				set_bounds(&ex->view, x, y, x + width, y + eh);
				add_child(v, ex);
				h = eh;
			}
		}
		vx->role = SIM_ROLE_NONE;
		v->clickable = false;
	} else if (!strcmp(type, "row") || !strcmp(type, "column")) {
		const cJSON *ch = cJSON_GetObjectItemCaseSensitive(w, "children");
		bool is_list_row = dtype && !strcmp(dtype, "row") && rc.list_var >= 0 && !in_row;
		if (is_list_row) {
			v->kind = SIM_VIEW_LIST_ROW;
			v->focusable = v->clickable;
		}
		if (!strcmp(type, "row"))
			h = layout_row(L, v, ch, x + (is_list_row ? MARGIN : 0), y,
				       width - (is_list_row ? 2 * MARGIN : 0), rc, is_list_row ? ROW_MIN_H : 0);
		else
			h = layout_column(L, v, ch, NULL, x, y, width, rc, GAP);
		if (!v->clickable && !v->long_clickable)
			vx->role = SIM_ROLE_NONE;
	}
	const cJSON *hh = prop(w, ov, "height");
	if (cJSON_IsNumber(hh))
		h = clamp_num(hh, 0, 20000);
	set_bounds(v, x, y, x + width, y + h);
	const cJSON *off = prop(w, ov, "offset");
	int dx = 0, dy = 0;
	if (cJSON_IsArray(off)) {
		dx = (int)sim_json_num_at(off, 0);
		dy = (int)sim_json_num_at(off, 1);
	}
	const cJSON *b = prop(w, ov, "bounds");
	if (cJSON_IsArray(b)) {
		dx = (int)sim_json_num_at(b, 0) - v->x1;
		dy = (int)sim_json_num_at(b, 1) - v->y1;
		/* explicit bounds are absolute: mark by a negative scroll-proof role arg */
		free(vx->arg);
		vx->arg = xstrdup("absolute");
	}
	if (dx || dy) {
		struct sim_view *stack[512];
		int sp = 0;
		stack[sp++] = v;
		while (sp) {
			struct sim_view *u = stack[--sp];
			u->x1 += dx;
			u->x2 += dx;
			u->y1 += dy;
			u->y2 += dy;
			for (size_t k = 0; k < u->n_children && sp < 511; k++)
				stack[sp++] = u->children[k];
		}
	}
	if (cJSON_IsArray(b)) {
		v->x2 = (int)sim_json_num_at(b, 2);
		v->y2 = (int)sim_json_num_at(b, 3);
		return 0; /* takes no space in the flow */
	}
	return h;
}

/* Remove or clip views outside [top, bottom); absolute views move back by
 * `scroll` (they do not scroll). Returns false when v should be dropped. */
static bool clip_tree(struct sim_view *v, int top, int bottom, int scroll, bool absolute)
{
	struct sim_view_ext *x = (struct sim_view_ext *)v;
	if (!absolute && x->arg && !strcmp(x->arg, "absolute") && x->role != SIM_ROLE_UP) {
		absolute = true;
		struct sim_view *stack[512];
		int sp = 0;
		stack[sp++] = v;
		while (sp) {
			struct sim_view *u = stack[--sp];
			u->y1 += scroll;
			u->y2 += scroll;
			for (size_t k = 0; k < u->n_children && sp < 511; k++)
				stack[sp++] = u->children[k];
		}
	}
	size_t keep = 0;
	for (size_t i = 0; i < v->n_children; i++) {
		if (clip_tree(v->children[i], top, bottom, scroll, absolute))
			v->children[keep++] = v->children[i];
		else
			free_view(v->children[i]);
	}
	v->n_children = keep;
	if (absolute)
		return true;
	if (v->y2 <= top || v->y1 >= bottom)
		return false;
	if (v->y1 < top)
		v->y1 = top;
	if (v->y2 > bottom)
		v->y2 = bottom;
	return true;
}

static void shift_y(struct sim_view *v, int dy)
{
	v->y1 += dy;
	v->y2 += dy;
	for (size_t i = 0; i < v->n_children; i++)
		shift_y(v->children[i], dy);
}

static struct sim_view_ext *text_view(const char *text, const char *rid, int x1, int y1, int x2, int y2)
{
	struct sim_view_ext *t = new_view(SIM_VIEW_TEXT, "android.widget.TextView");
	set_str(&t->view.text, text);
	set_str(&t->view.resource_id, rid);
	set_bounds(&t->view, x1, y1, x2, y2);
	return t;
}

static void layout_status_bar(struct lay *L, struct sim_view *root)
{
	struct sim_view_ext *sb = new_view(SIM_VIEW_STATUS_BAR, "android.widget.FrameLayout");
	set_str(&sb->view.text, "12:00");
	set_bounds(&sb->view, 0, 0, L->W, STATUS_H);
	add_child(root, sb);
}

static void layout_home(struct lay *L, struct sim_view *root)
{
	struct sim_view_ext *ws = new_view(SIM_VIEW_FRAME, "android.view.View");
	set_str(&ws->view.resource_id, "com.google.android.apps.nexuslauncher:id/workspace");
	set_bounds(&ws->view, 0, STATUS_H, L->W, L->H);
	add_child(root, ws);
	int iw = 252, ih = 273, x1 = MARGIN + 21, y1 = L->H - (L->H > L->W ? 700 : 420);
	const struct sim_pkg *installed = sim_pkg_find(L->s, L->s->app->package);
	if (!installed || installed->app != L->s->app)
		return; /* the current app was uninstalled: no icon */
	struct sim_view_ext *icon = text_view(L->s->app->label, "", x1, y1, x1 + iw, y1 + ih);
	set_str(&icon->view.content_desc, L->s->app->label);
	icon->view.clickable = true;
	icon->view.long_clickable = true;
	icon->view.focusable = true;
	icon->role = SIM_ROLE_LAUNCHER_ICON;
	add_child(&ws->view, icon);
}

static struct sim_view_ext *layout_dialog_frame(struct lay *L, struct sim_view *root)
{
	struct sim_view_ext *scrim = new_view(SIM_VIEW_SCRIM, "android.view.View");
	set_bounds(&scrim->view, 0, 0, L->W, L->H);
	scrim->role = SIM_ROLE_SCRIM;
	add_child(root, scrim);
	struct sim_view_ext *d = new_view(SIM_VIEW_DIALOG, "android.widget.FrameLayout");
	add_child(root, d);
	return d;
}

/* Centre dialog `d` (laid out from y = 0) vertically. */
static void place_dialog(struct lay *L, struct sim_view_ext *d, int x1, int x2, int h)
{
	int y1 = (L->H - h) / 2;
	if (y1 < STATUS_H)
		y1 = STATUS_H;
	set_bounds(&d->view, x1, 0, x2, h);
	shift_y(&d->view, y1);
}

static void layout_anr(struct lay *L, struct sim_view *root)
{
	struct sim_view_ext *d = layout_dialog_frame(L, root);
	int w = L->W - 168 > 1200 ? 1200 : L->W - 168, x1 = (L->W - w) / 2, x2 = x1 + w;
	char *title = xasprintf("%s isn't responding", L->s->app->label);
	add_child(&d->view, text_view(title, "android:id/alertTitle", x1 + 63, 63, x2 - 63, 63 + 84));
	free(title);
	struct sim_view_ext *close = new_view(SIM_VIEW_TEXT_BUTTON, "android.widget.Button");
	set_str(&close->view.text, "Close app");
	set_str(&close->view.resource_id, "android:id/aerr_close");
	set_bounds(&close->view, x1, 189, x2, 189 + BTN_H + 21);
	close->view.clickable = close->view.focusable = true;
	close->role = SIM_ROLE_ANR_CLOSE;
	add_child(&d->view, close);
	struct sim_view_ext *wait = new_view(SIM_VIEW_TEXT_BUTTON, "android.widget.Button");
	set_str(&wait->view.text, "Wait");
	set_str(&wait->view.resource_id, "android:id/aerr_wait");
	set_bounds(&wait->view, x1, 189 + BTN_H + 21, x2, 189 + 2 * (BTN_H + 21));
	wait->view.clickable = wait->view.focusable = true;
	wait->role = SIM_ROLE_ANR_WAIT;
	add_child(&d->view, wait);
	place_dialog(L, d, x1, x2, 189 + 2 * (BTN_H + 21) + 42);
}

/* What the permission controller says a permission is for, and whether it offers "Only this time". */
static const char *perm_purpose(const char *perm, bool *one_time)
{
	static const struct {
		const char *suffix, *purpose;
		bool one_time;
	} table[] = {
		{ ".CAMERA", "take pictures and record video", true },
		{ ".RECORD_AUDIO", "record audio", true },
		{ ".ACCESS_FINE_LOCATION", "access this device's location", true },
		{ ".ACCESS_COARSE_LOCATION", "access this device's location", true },
		{ ".READ_CONTACTS", "access your contacts", false },
		{ ".WRITE_CONTACTS", "access your contacts", false },
		{ ".POST_NOTIFICATIONS", "send you notifications", false },
		{ ".READ_EXTERNAL_STORAGE", "access photos and media on your device", false },
		{ ".READ_MEDIA_IMAGES", "access photos and videos on this device", false },
		{ ".READ_CALENDAR", "access your calendar", false },
		{ ".CALL_PHONE", "make and manage phone calls", false },
		{ ".SEND_SMS", "send and view SMS messages", false },
	};
	size_t n = strlen(perm);
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		size_t k = strlen(table[i].suffix);
		if (n > k && !strcmp(perm + n - k, table[i].suffix)) {
			*one_time = table[i].one_time;
			return table[i].purpose;
		}
	}
	*one_time = false;
	return NULL;
}

/* One button of the permission dialog, full width at y. */
static void perm_button(struct sim_view_ext *d, const char *text, const char *id, int role, int x1, int x2, int y)
{
	struct sim_view_ext *b = new_view(SIM_VIEW_TEXT_BUTTON, "android.widget.Button");
	set_str(&b->view.text, text);
	set_str(&b->view.resource_id, id);
	set_bounds(&b->view, x1 + 42, y, x2 - 42, y + BTN_H);
	b->view.clickable = b->view.focusable = true;
	b->role = role;
	add_child(&d->view, b);
}

/*
 * The permission controller's GrantPermissionsActivity (Android 11+): its
 * own window over the app, with the resource-ids a real one dumps. The
 * scrim does nothing: the dialog is only left by a button or Back.
 */
static void layout_permission(struct lay *L, struct sim_view *root)
{
	struct sim_view_ext *scrim = new_view(SIM_VIEW_SCRIM, "android.view.View");
	set_bounds(&scrim->view, 0, 0, L->W, L->H);
	add_child(root, scrim);
	struct sim_view_ext *d = new_view(SIM_VIEW_DIALOG, "android.widget.LinearLayout");
	set_str(&d->view.resource_id, "com.android.permissioncontroller:id/grant_dialog");
	add_child(root, d);
	int w = L->W - 168 > 1200 ? 1200 : L->W - 168, x1 = (L->W - w) / 2, x2 = x1 + w, y = 63;
	bool one_time;
	const char *purpose = perm_purpose(L->s->perm_asking, &one_time);
	char *msg = purpose ? xasprintf("Allow %s to %s?", L->s->app->label, purpose)
			    : xasprintf("Allow %s to use %s?", L->s->app->label, L->s->perm_asking);
	int th = text_height(msg, w - 126, true);
	add_child(&d->view, text_view(msg, "com.android.permissioncontroller:id/permission_message", x1 + 63, y,
				      x2 - 63, y + th));
	free(msg);
	y += th + 2 * GAP;
	if (one_time) {
		perm_button(d, "While using the app", "com.android.permissioncontroller:id/permission_allow_foreground_only_button",
			    SIM_ROLE_PERM_ALLOW, x1, x2, y);
		y += BTN_H + GAP;
		perm_button(d, "Only this time", "com.android.permissioncontroller:id/permission_allow_one_time_button",
			    SIM_ROLE_PERM_ONCE, x1, x2, y);
	} else {
		perm_button(d, "Allow", "com.android.permissioncontroller:id/permission_allow_button",
			    SIM_ROLE_PERM_ALLOW, x1, x2, y);
	}
	y += BTN_H + GAP;
	perm_button(d, "Don't allow", "com.android.permissioncontroller:id/permission_deny_button",
		    SIM_ROLE_PERM_DENY, x1, x2, y);
	y += BTN_H + GAP;
	place_dialog(L, d, x1, x2, y + GAP);
}

static void layout_app_dialog(struct lay *L, struct sim_view *root, const cJSON *dj)
{
	struct sim_view_ext *d = layout_dialog_frame(L, root);
	int w = L->W - 168 > 1200 ? 1200 : L->W - 168, x1 = (L->W - w) / 2, x2 = x1 + w;
	int y = 63;
	struct rowc rc = { -1, -1 };
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(dj, "title");
	if (t) {
		char *s = tmpl(L, rc, t);
		int th = text_height(s, w - 126, true);
		add_child(&d->view, text_view(s, "android:id/alertTitle", x1 + 63, y, x2 - 63, y + th));
		free(s);
		y += th + GAP;
	}
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(dj, "message");
	if (m) {
		char *s = tmpl(L, rc, m);
		int th = text_height(s, w - 126, false);
		add_child(&d->view, text_view(s, "android:id/message", x1 + 63, y, x2 - 63, y + th));
		free(s);
		y += th + GAP;
	}
	const cJSON *ws = cJSON_GetObjectItemCaseSensitive(dj, "widgets");
	if (ws) {
		int h = layout_column(L, &d->view, ws, NULL, x1 + 63, y, w - 126, rc, GAP);
		y += h + GAP;
	}
	const cJSON *bs = cJSON_GetObjectItemCaseSensitive(dj, "buttons"), *b;
	int n = cJSON_GetArraySize(bs), bw = 294, bx = x2 - 42 - n * bw;
	if (bx < x1 + 42)
		bw = (w - 84) / (n ? n : 1), bx = x1 + 42;
	L->dialog_ids = true;
	cJSON_ArrayForEach(b, bs) {
		layout_widget(L, &d->view, b, "button", bx, y, bw, rc, true);
		bx += bw;
	}
	L->dialog_ids = false;
	y += BTN_H + 42;
	place_dialog(L, d, x1, x2, y);
}

static void layout_toast(struct lay *L, struct sim_view *root)
{
	int len = (int)strlen(L->s->toast);
	int w = len * 23 + 126;
	if (w > L->W - 168)
		w = L->W - 168;
	int h = text_height(L->s->toast, w - 126, false) + 33;
	if (h < TOAST_H)
		h = TOAST_H;
	int x1 = (L->W - w) / 2, y2 = L->H - (L->H > L->W ? 336 : 168);
	struct sim_view_ext *t = new_view(SIM_VIEW_TOAST, "android.widget.TextView");
	set_str(&t->view.text, L->s->toast);
	set_str(&t->view.resource_id, "android:id/message");
	set_bounds(&t->view, x1, y2 - h, x1 + w, y2);
	add_child(root, t);
}

static void layout_app(struct lay *L, struct sim_view *root)
{
	struct sim *s = L->s;
	const cJSON *sj = L->scr->json;
	struct rowc rc = { -1, -1 };
	struct sim_view_ext *lin = new_view(SIM_VIEW_FRAME, "android.widget.LinearLayout");
	set_bounds(&lin->view, 0, STATUS_H, L->W, L->H);
	add_child(root, lin);
	int top = STATUS_H;
	const cJSON *ab = cJSON_GetObjectItemCaseSensitive(sj, "app_bar");
	if (!cJSON_IsFalse(ab)) {
		struct sim_view_ext *bar = new_view(SIM_VIEW_APP_BAR, "android.view.ViewGroup");
		char *rid = xasprintf("%s:id/toolbar", s->app->package);
		set_str(&bar->view.resource_id, rid);
		free(rid);
		set_bounds(&bar->view, 0, STATUS_H, L->W, STATUS_H + APPBAR_H);
		add_child(&lin->view, bar);
		int tx = MARGIN + 21;
		const cJSON *up = cJSON_GetObjectItemCaseSensitive(sj, "up");
		bool show_up = up ? cJSON_IsTrue(up) : s->n_stack > 1;
		if (show_up) {
			struct sim_view_ext *u = new_view(SIM_VIEW_IMAGE_BUTTON, "android.widget.ImageButton");
			set_str(&u->view.content_desc, "Navigate up");
			set_bounds(&u->view, 0, STATUS_H, APPBAR_H, STATUS_H + APPBAR_H);
			u->view.clickable = u->view.focusable = true;
			u->role = SIM_ROLE_UP;
			add_child(&bar->view, u);
			tx = APPBAR_H + 21;
		}
		char *title = tmpl(L, rc, cJSON_GetObjectItemCaseSensitive(sj, "title"));
		if (!title[0]) {
			free(title);
			title = xstrdup(s->app->label);
		}
		add_child(&bar->view, text_view(title, "", tx, STATUS_H + 39, L->W - MARGIN,
						STATUS_H + APPBAR_H - 39));
		free(title);
		top += APPBAR_H;
	}
	const cJSON *nav = cJSON_GetObjectItemCaseSensitive(sj, "bottom_nav");
	int bottom = L->H - (nav ? NAV_H : 0);
	struct sim_view_ext *content = new_view(SIM_VIEW_FRAME, "android.widget.ScrollView");
	char *rid = xasprintf("%s:id/content", s->app->package);
	set_str(&content->view.resource_id, rid);
	free(rid);
	add_child(&lin->view, content);
	/* lay out unscrolled, then shift and clip */
	const cJSON *widgets = cJSON_GetObjectItemCaseSensitive(sj, "widgets"), *w;
	struct sim_view_ext *holder = new_view(SIM_VIEW_FRAME, "android.widget.LinearLayout");
	int y = top + GAP, h = 0;
	bool first = true;
	int n_fabs = 0;
	cJSON_ArrayForEach(w, widgets) {
		if (!strcmp(wtype(w, ""), "fab")) {
			n_fabs++;
			continue;
		}
		int before = (int)holder->view.n_children;
		int gap = first ? 0 : GAP;
		int full = !strcmp(wtype(w, ""), "list") || !strcmp(wtype(w, ""), "tabs");
		int ch = layout_widget(L, &holder->view, w, NULL, full ? 0 : MARGIN, y + h + gap,
				       full ? L->W : L->W - 2 * MARGIN, rc, false);
		if ((int)holder->view.n_children == before)
			continue;
		h += ch + gap;
		first = false;
	}
	int content_h = h + 2 * GAP, view_h = bottom - top;
	int max_scroll = content_h > view_h ? content_h - view_h : 0;
	if (L->f->scroll > max_scroll)
		L->f->scroll = max_scroll;
	if (L->f->scroll < 0)
		L->f->scroll = 0;
	content->view.scrollable = max_scroll > 0;
	set_bounds(&content->view, 0, top, L->W, bottom);
	for (size_t i = 0; i < holder->view.n_children; i++) {
		struct sim_view *c = holder->view.children[i];
		shift_y(c, -L->f->scroll);
		if (clip_tree(c, top, bottom, L->f->scroll, false)) {
			add_child(&content->view, (struct sim_view_ext *)c);
			set_depths(c, content->view.depth + 1);
		} else {
			free_view(c);
		}
	}
	holder->view.n_children = 0;
	free_view(&holder->view);
	/*
	 * Floating action buttons, over the content at the bottom right: the
	 * first visible one in the corner, each next visible one above it (a
	 * Material speed dial's stack). A hidden one takes no place.
	 */
	if (n_fabs) {
		int x2 = L->W - MARGIN - 21, y2 = bottom - MARGIN - 21;
		cJSON_ArrayForEach(w, widgets) {
			if (strcmp(wtype(w, ""), "fab") != 0)
				continue;
			size_t before = content->view.n_children;
			layout_widget(L, &content->view, w, NULL, x2 - FAB_SIZE, y2 - FAB_SIZE, FAB_SIZE, rc, true);
			if (content->view.n_children == before)
				continue;
			struct sim_view *fv = content->view.children[content->view.n_children - 1];
			fv->y2 = fv->y1 + FAB_SIZE;
			y2 -= FAB_SIZE + GAP;
		}
	}
	if (nav) {
		struct sim_view_ext *bn = new_view(SIM_VIEW_BOTTOM_NAV, "android.widget.FrameLayout");
		char *nid = xasprintf("%s:id/bottom_navigation", s->app->package);
		set_str(&bn->view.resource_id, nid);
		free(nid);
		set_bounds(&bn->view, 0, bottom, L->W, L->H);
		add_child(&lin->view, bn);
		int n = 0, i = 0;
		const cJSON *it;
		cJSON_ArrayForEach(it, nav)
			n += cond(L, rc, cJSON_GetObjectItemCaseSensitive(it, "visible"), true);
		cJSON_ArrayForEach(it, nav) {
			if (!cond(L, rc, cJSON_GetObjectItemCaseSensitive(it, "visible"), true))
				continue;
			int x1 = L->W * i / (n ? n : 1), x2 = L->W * (i + 1) / (n ? n : 1);
			layout_widget(L, &bn->view, it, "nav", x1, bottom, x2 - x1, rc, true);
			i++;
		}
	}
	const char *dname = L->f->dialog;
	const cJSON *dj = dname ? cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(sj, "dialogs"), dname) : NULL;
	if (dj)
		layout_app_dialog(L, root, dj);
}


/* A plain full-width view of another app's, with resource-id PKG:id/ID. */
static struct sim_view_ext *other_view(struct sim_view *parent, enum sim_view_kind kind, const char *cls,
				       const char *pkg, const char *id, const char *text, int x1, int y1, int x2,
				       int y2)
{
	struct sim_view_ext *v = new_view(kind, cls);
	char *rid = xasprintf("%s:id/%s", pkg, id);
	set_str(&v->view.resource_id, rid);
	free(rid);
	set_str(&v->view.text, text);
	set_bounds(&v->view, x1, y1, x2, y2);
	add_child(parent, v);
	return v;
}

/*
 * Another app in front of the app under test: the system share sheet
 * (Android 14's intent resolver: a preview of the shared text, targets
 * Messages and Copy), the browser (URL bar, a page with a link that stays
 * in the browser), or Messages (a share target). Each is a window of its
 * own package: the dump holds it alone.
 */
static void layout_other(struct lay *L, struct sim_view *root)
{
	struct sim *s = L->s;
	const char *text = s->other_text ? s->other_text : "";
	int W = L->W, y = STATUS_H;
	if (s->other == SIM_OTHER_CHOOSER) {
		struct sim_view_ext *scrim = new_view(SIM_VIEW_SCRIM, "android.view.View");
		set_bounds(&scrim->view, 0, 0, W, L->H);
		add_child(root, scrim);
		int top = L->H / 2;
		struct sim_view_ext *sheet = new_view(SIM_VIEW_DIALOG, "android.widget.LinearLayout");
		set_str(&sheet->view.resource_id, SIM_CHOOSER_PACKAGE ":id/chooser_header");
		set_bounds(&sheet->view, 0, top, W, L->H);
		add_child(root, sheet);
		other_view(&sheet->view, SIM_VIEW_TEXT, "android.widget.TextView", "android", "title", "Share",
			   MARGIN, top + GAP, W - MARGIN, top + GAP + 84);
		other_view(&sheet->view, SIM_VIEW_TEXT, "android.widget.TextView", SIM_CHOOSER_PACKAGE,
			   "content_preview_text", text, MARGIN, top + 126, W - MARGIN, top + 126 + 126);
		static const char *const names[] = { "Messages", "Copy" }, *const args[] = { "messages", "copy" };
		for (int i = 0; i < 2; i++) {
			int x1 = MARGIN + i * 294;
			struct sim_view_ext *t = other_view(&sheet->view, SIM_VIEW_TEXT_BUTTON, "android.widget.Button",
							    "android", "text1", names[i], x1, top + 294, x1 + 252,
							    top + 294 + 273);
			t->view.clickable = t->view.focusable = true;
			t->role = SIM_ROLE_SHARE_TARGET;
			t->arg = xstrdup(args[i]);
		}
		return;
	}
	struct sim_view_ext *page = new_view(SIM_VIEW_FRAME, "android.widget.FrameLayout");
	set_bounds(&page->view, 0, STATUS_H, W, L->H);
	add_child(root, page);
	if (s->other == SIM_OTHER_BROWSER) {
		struct sim_view_ext *bar = other_view(&page->view, SIM_VIEW_EDIT_TEXT, "android.widget.EditText",
						      SIM_BROWSER_PACKAGE, "url_bar", "", MARGIN, y + GAP, W - MARGIN,
						      y + GAP + BTN_H);
		char *url = s->other_depth ? xasprintf("%s%smore/%d", text, text[0] && text[strlen(text) - 1] == '/' ? "" : "/",
						       s->other_depth)
					   : xstrdup(text);
		set_str(&bar->view.text, url);
		free(url);
		bar->view.clickable = bar->view.focusable = true;
		y += GAP + BTN_H + 2 * GAP;
		other_view(&page->view, SIM_VIEW_TEXT, "android.widget.TextView", SIM_BROWSER_PACKAGE, "page_title",
			   s->other_depth ? "More information" : "Example Domain", MARGIN, y, W - MARGIN, y + 105);
		y += 105 + GAP;
		other_view(&page->view, SIM_VIEW_TEXT, "android.widget.TextView", SIM_BROWSER_PACKAGE, "page_text",
			   "This domain is for use in illustrative examples in documents.", MARGIN, y, W - MARGIN,
			   y + 168);
		y += 168 + GAP;
		struct sim_view_ext *link = other_view(&page->view, SIM_VIEW_TEXT_BUTTON, "android.widget.Button",
						       SIM_BROWSER_PACKAGE, "page_link", "More information...", MARGIN, y,
						       W - MARGIN, y + BTN_H);
		link->view.clickable = link->view.focusable = true;
		link->role = SIM_ROLE_BROWSER_LINK;
		return;
	}
	/* Messages: a new conversation with the shared text */
	struct sim_view_ext *bar = new_view(SIM_VIEW_APP_BAR, "android.view.ViewGroup");
	set_bounds(&bar->view, 0, STATUS_H, W, STATUS_H + APPBAR_H);
	add_child(&page->view, bar);
	other_view(&bar->view, SIM_VIEW_TEXT, "android.widget.TextView", SIM_MESSAGES_PACKAGE, "title",
		   "New conversation", MARGIN, STATUS_H, W - MARGIN, STATUS_H + APPBAR_H);
	y = STATUS_H + APPBAR_H + GAP;
	struct sim_view_ext *to = other_view(&page->view, SIM_VIEW_EDIT_TEXT, "android.widget.EditText",
					     SIM_MESSAGES_PACKAGE, "recipient_text_view", "", MARGIN, y, W - MARGIN,
					     y + EDIT_H);
	set_str(&to->view.hint, "Type names, phone numbers or emails");
	to->view.clickable = to->view.focusable = true;
	y += EDIT_H + GAP;
	other_view(&page->view, SIM_VIEW_TEXT, "android.widget.TextView", SIM_MESSAGES_PACKAGE, "compose_message_text",
		   text, MARGIN, y, W - MARGIN, y + 168);
}

int sim_ime_top(struct sim *s)
{
	if (!sim_ime_shown(s))
		return -1;
	int h = s->rotation % 2 ? s->port_w : s->port_h;
	return h - h * 2 / 5;
}

/* One key of the soft keyboard: content-desc `desc`, label `label`, typing `arg`. */
static void ime_key(struct sim_view_ext *kb, int row, int col, const char *label, const char *desc, const char *arg,
		    int x1, int y1, int x2, int y2)
{
	struct sim_view_ext *k = new_view(SIM_VIEW_IME_KEY, "android.view.View");
	char *rid = xasprintf(SIM_IME_PACKAGE ":id/key_pos_%d_%d", row, col);
	set_str(&k->view.resource_id, rid);
	free(rid);
	set_str(&k->view.content_desc, desc);
	set_str(&k->view.text, label);
	set_bounds(&k->view, x1, y1, x2, y2);
	k->view.clickable = true;
	k->role = SIM_ROLE_IME_KEY;
	k->arg = xstrdup(arg);
	add_child(&kb->view, k);
}

/*
 * The soft keyboard (Gboard): its own window over the lower 40% of the
 * screen, a suggestion strip and four rows of keys. It lies over the app
 * without resizing it (adjustNothing): what is under it is not reachable.
 */
static void layout_ime(struct lay *L, struct sim_view *root)
{
	static const char *const rows[] = { "qwertyuiop", "asdfghjkl", "zxcvbnm" };
	int top = sim_ime_top(L->s);
	if (top < 0)
		return;
	struct sim_view_ext *kb = new_view(SIM_VIEW_IME, "android.widget.FrameLayout");
	set_str(&kb->view.resource_id, SIM_IME_PACKAGE ":id/keyboard_holder");
	set_bounds(&kb->view, 0, top, L->W, L->H);
	kb->role = SIM_ROLE_IME;
	add_child(root, kb);
	int strip = 126, pad = 8, y = top + strip, kh = (L->H - y) / 4, kw = L->W / 10;
	char c[2] = { 0, 0 };
	for (int r = 0; r < 3; r++) {
		int n = (int)strlen(rows[r]), x = (L->W - n * kw) / 2;
		int col = 0;
		if (r == 2) {
			ime_key(kb, r, col++, "shift", "Shift", "SHIFT", pad, y + pad, x - pad, y + kh - pad);
		}
		for (int i = 0; i < n; i++, x += kw) {
			c[0] = rows[r][i];
			ime_key(kb, r, col++, c, c, c, x + pad, y + pad, x + kw - pad, y + kh - pad);
		}
		if (r == 2)
			ime_key(kb, r, col, "del", "Delete", "DEL", x + pad, y + pad, L->W - pad, y + kh - pad);
		y += kh;
	}
	int x = 0;
	ime_key(kb, 3, 0, "?123", "Symbol keyboard", "SYMBOLS", x + pad, y + pad, x + 3 * kw / 2 - pad, y + kh - pad);
	x += 3 * kw / 2;
	ime_key(kb, 3, 1, ",", ",", ",", x + pad, y + pad, x + kw - pad, y + kh - pad);
	x += kw;
	ime_key(kb, 3, 2, "", "Space", "SPACE", x + pad, y + pad, x + 5 * kw - pad, y + kh - pad);
	x += 5 * kw;
	ime_key(kb, 3, 3, ".", ".", ".", x + pad, y + pad, x + kw - pad, y + kh - pad);
	x += kw;
	ime_key(kb, 3, 4, "done", "Done", "ENTER", x + pad, y + pad, L->W - pad, y + kh - pad);
}

struct sim_screen_view *sim_layout(struct sim *s)
{
	struct sim_screen_view *sv = xcalloc(1, sizeof *sv);
	struct lay L = { .s = s };
	bool land = s->rotation % 2 == 1;
	L.W = land ? s->port_h : s->port_w;
	L.H = land ? s->port_w : s->port_h;
	sv->width = L.W;
	sv->height = L.H;
	sv->rotation = s->rotation;
	struct sim_view_ext *root = new_view(SIM_VIEW_FRAME, "android.widget.FrameLayout");
	set_bounds(&root->view, 0, 0, L.W, L.H);
	sv->root = &root->view;
	struct sim_frame *f = s->running && s->foreground ? sim_top(s) : NULL;
	if (f) {
		L.f = f;
		L.scr = &s->app->screens[f->screen];
		sv->package = xstrdup(s->anr ? "android" : s->perm_asking ? SIM_PERM_PACKAGE
						  : s->other ? sim_other_package(s) : s->app->package);
		sv->activity = xstrdup(s->perm_asking ? SIM_PERM_ACTIVITY : s->other ? sim_other_activity(s)
						  : s->app->activities[L.scr->activity].name);
		layout_status_bar(&L, &root->view);
		/* The permission dialog is its own window: a dump holds it alone. */
		if (s->perm_asking)
			layout_permission(&L, &root->view);
		else if (s->other)
			layout_other(&L, &root->view);
		else
			layout_app(&L, &root->view);
		layout_ime(&L, &root->view);
		if (s->anr)
			layout_anr(&L, &root->view);
	} else {
		sv->package = xstrdup(sim_launcher_package());
		sv->activity = xstrdup(sim_launcher_activity());
		layout_status_bar(&L, &root->view);
		layout_home(&L, &root->view);
	}
	if (s->toast && s->running)
		layout_toast(&L, &root->view);
	return sv;
}

/* The deepest clickable view under (x, y), searching later siblings first. */
static const struct sim_view *hit(const struct sim_view *v, int x, int y)
{
	if (x < v->x1 || x >= v->x2 || y < v->y1 || y >= v->y2)
		return NULL;
	for (size_t i = v->n_children; i-- > 0;) {
		const struct sim_view *r = hit(v->children[i], x, y);
		if (r)
			return r;
	}
	const struct sim_view_ext *xv = (const struct sim_view_ext *)v;
	if (v->kind == SIM_VIEW_TOAST || v->kind == SIM_VIEW_STATUS_BAR)
		return NULL;
	if ((v->clickable || v->long_clickable || xv->role == SIM_ROLE_SCRIM || xv->role == SIM_ROLE_IME) &&
	    v->enabled)
		return v;
	return NULL;
}

const struct sim_view *sim_view_hit(const struct sim_screen_view *sv, int x, int y)
{
	const struct sim_view *root = sv->root;
	/* a dialog takes every tap: inside goes to it, outside to the scrim */
	for (size_t i = root->n_children; i-- > 0;) {
		const struct sim_view *c = root->children[i];
		if (c->kind == SIM_VIEW_DIALOG) {
			const struct sim_view *r = hit(c, x, y);
			if (r)
				return r;
			if (x >= c->x1 && x < c->x2 && y >= c->y1 && y < c->y2)
				return NULL;
			return i > 0 && root->children[i - 1]->kind == SIM_VIEW_SCRIM &&
				       strcmp(sv->package, "android") != 0
				       ? root->children[i - 1] : NULL;
		}
	}
	return hit(root, x, y);
}
