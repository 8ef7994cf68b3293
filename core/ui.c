/*
 * ui.c - parsing UIAutomator XML dumps into a struct ui_tree (see ui.h).
 *
 * This is the only file that knows libxml2. Dumps are untrusted: the input
 * is capped at UI_XML_MAX_BYTES, any DOCTYPE (and so any entity
 * declaration, internal or external) is refused before libxml2 sees the
 * text, and the parser runs with network access forbidden, without entity
 * substitution or DTD loading, and reads UTF-8 only. Nesting is bounded by
 * libxml2's default depth limit (256), which also bounds the recursion
 * below.
 *
 * Tolerated framing: a UTF-8 byte-order mark, text before the XML (adb
 * warnings), and anything after the last "</hierarchy>" or "</displays>" -
 * notably the "UI hierchary dumped to: /dev/tty" line that
 * `uiautomator dump /dev/tty` appends (Android's spelling).
 *
 * Layouts: the classic dump is <hierarchy rotation=".."> holding the
 * <node> tree of the active window. The multi-window form (`uiautomator
 * dump --windows`) is <displays><display id><window ...><hierarchy
 * rotation><node>..., windows possibly nested; the shorter
 * <hierarchy><window><node> form is accepted too. Any element that is not a
 * <node> and sits outside nodes is treated as such a wrapper; elements other
 * than <node> inside a node are ignored. The soft keyboard's window (a
 * top-level <node> of an input method's package, next to the app's) is
 * taken out of the tree and only its bounds kept, in tree->ime. All widget memory (structs, child
 * arrays, strings) lives in a few blocks owned by the tree.
 *
 * At the end: two small helpers for the parsed widgets' callers, whether a
 * widget sits in a list and how to clip its text without cutting UTF-8.
 */
#include "core/ui.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

/* Coordinates beyond this magnitude are refused as nonsense. */
#define UI_COORD_LIMIT 10000000

/* A chunk of the tree's string arena. */
struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	char data[];
};

/* The allocation behind a struct ui_tree (callers see only `pub`). */
struct tree_impl {
	struct ui_tree pub;
	struct ui_widget *widgets;        /* n_nodes structs */
	struct ui_widget **child_pool;    /* every children[] slice */
	struct arena_chunk *arena;
	size_t arena_first;               /* capacity of the first chunk (see ui_parse) */
};

/* State of one parse. */
struct build {
	struct tree_impl *impl;
	const char *name;
	long line_offset;                 /* lines skipped before the XML */
	size_t next_widget, next_child;
	size_t n_roots_alloc;
	int n_windows;                    /* <window> elements seen so far */
	bool have_rotation;
	int err;
	const char *recent[8];            /* class and package values stored lately (shared copies) */
	unsigned n_recent;
};

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void xml_init(void)
{
	xmlInitParser();
}

/* libxml2's fallback error printer, silenced: errors are reported through td_error(). */
static void xml_quiet(void *ctx, const char *fmt, ...)
{
	(void)ctx;
	(void)fmt;
}

/* Copy `s` into the tree's arena. */
static char *arena_strdup(struct tree_impl *impl, const char *s)
{
	size_t n = strlen(s) + 1;
	struct arena_chunk *c = impl->arena;
	if (n == 1)
		return (char *)"";
	if (!c || c->cap - c->used < n) {
		size_t want = c ? 65536 : impl->arena_first;
		size_t cap = n > want ? n : want;
		c = xmalloc(sizeof *c + cap);
		c->used = 0;
		c->cap = cap;
		c->next = impl->arena;
		impl->arena = c;
	}
	char *p = c->data + c->used;
	memcpy(p, s, n);
	c->used += n;
	return p;
}

/*
 * Copy `s` into the arena once per tree for the values most nodes repeat
 * (class names, the package): later nodes share the copy.
 */
static char *arena_intern(struct build *b, const char *s)
{
	unsigned n = b->n_recent < 8 ? b->n_recent : 8;
	for (unsigned i = 0; i < n; i++)
		if (strcmp(b->recent[i], s) == 0)
			return (char *)b->recent[i];
	char *p = arena_strdup(b->impl, s);
	b->recent[b->n_recent++ % 8] = p;
	return p;
}

/*
 * Move the strings of a one-chunk arena into a chunk of their exact size
 * and re-point the widgets at it: the first chunk is sized for the worst
 * case (see ui_parse), the strings usually need a third of it.
 */
static void arena_shrink(struct tree_impl *impl)
{
	struct arena_chunk *old = impl->arena, *c;
	if (!old || old->next || old->used + 256 > old->cap)
		return;
	c = xmalloc(sizeof *c + old->used);
	c->next = NULL;
	c->used = c->cap = old->used;
	memcpy(c->data, old->data, old->used);
	for (size_t i = 0; i < impl->pub.n_nodes; i++) {
		struct ui_widget *w = &impl->widgets[i];
		char **f[] = { &w->text, &w->resource_id, &w->class_name, &w->package, &w->content_desc, &w->hint };
		for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
			uintptr_t at = (uintptr_t)*f[k], from = (uintptr_t)old->data;
			if (at >= from && at < from + old->used) /* else the shared "" */
				*f[k] = c->data + (at - from);
		}
	}
	impl->arena = c;
	free(old);
}

/* Whether `node` is the element <name>. */
static bool is_elem(const xmlNode *node, const char *name)
{
	return node->type == XML_ELEMENT_NODE && strcmp((const char *)node->name, name) == 0;
}

/* Line of `node` in the original input. */
static long node_line(const struct build *b, const xmlNode *node)
{
	return xmlGetLineNo(node) + b->line_offset;
}

/* Strict decimal integer in [lo,hi] spanning [*p, end of digits]; advances *p. */
static bool parse_int_at(const char **p, long lo, long hi, long *out)
{
	const char *s = *p;
	bool neg = false;
	long v = 0;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		if (v > (hi > -lo ? hi : -lo) / 10)
			return false;
		v = v * 10 + (*s - '0');
		s++;
	}
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return false;
	*p = s;
	*out = v;
	return true;
}

/* A whole-string integer, or `fallback` when absent or malformed. */
static int parse_int_attr(const char *s, int fallback)
{
	long v;
	if (!s || !parse_int_at(&s, INT_MIN + 1L, INT_MAX, &v) || *s)
		return fallback;
	return (int)v;
}

/* Parse "[x1,y1][x2,y2]" exactly. */
static bool parse_bounds(const char *s, struct ui_rect *r)
{
	long v[4];
	static const char seps[4] = { ',', ']', ',', ']' };
	for (int i = 0; i < 4; i++) {
		if (i % 2 == 0 && *s++ != '[')
			return false;
		if (!parse_int_at(&s, -UI_COORD_LIMIT, UI_COORD_LIMIT, &v[i]))
			return false;
		if (*s++ != seps[i])
			return false;
	}
	if (*s)
		return false;
	r->x1 = (int)v[0];
	r->y1 = (int)v[1];
	r->x2 = (int)v[2];
	r->y2 = (int)v[3];
	return true;
}

/* Number of <node> element children of `node`. */
static size_t count_node_children(const xmlNode *node)
{
	size_t n = 0;
	for (const xmlNode *c = node->children; c; c = c->next)
		if (is_elem(c, "node"))
			n++;
	return n;
}

/* Count <node>s below a node (itself included), following the nesting rules. */
static size_t count_nodes(const xmlNode *node)
{
	size_t n = 1;
	for (const xmlNode *c = node->children; c; c = c->next)
		if (is_elem(c, "node"))
			n += count_nodes(c);
	return n;
}

/* Count <node>s under a wrapper element (<hierarchy>, <window>, ...). */
static size_t count_in_wrapper(const xmlNode *wrap)
{
	size_t n = 0;
	for (const xmlNode *c = wrap->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		n += is_elem(c, "node") ? count_nodes(c) : count_in_wrapper(c);
	}
	return n;
}

/* Store one attribute of a <node> in `w`. */
static int set_attr(struct build *b, const xmlNode *node, struct ui_widget *w,
		    const char *key, const char *val)
{
	struct tree_impl *impl = b->impl;
	bool t = strcmp(val, "true") == 0;
	switch (key[0]) {
	case 'b':
		if (strcmp(key, "bounds") == 0 && !parse_bounds(val, &w->bounds))
			return td_error(TD_ERR_PARSE, "%s:%ld: bad bounds \"%.*s\" (expected [x1,y1][x2,y2])",
					b->name, node_line(b, node), ui_text_prefix_len(val, 64), val);
		return TD_OK;
	case 'c':
		if (strcmp(key, "class") == 0)
			w->class_name = arena_intern(b, val);
		else if (strcmp(key, "content-desc") == 0)
			w->content_desc = arena_strdup(impl, val);
		else if (strcmp(key, "checkable") == 0)
			w->checkable = t;
		else if (strcmp(key, "checked") == 0)
			w->checked = t;
		else if (strcmp(key, "clickable") == 0)
			w->clickable = t;
		return TD_OK;
	case 'd':
		if (strcmp(key, "drawing-order") == 0)
			w->drawing_order = parse_int_attr(val, -1);
		else if (strcmp(key, "display-id") == 0)
			w->display_id = parse_int_attr(val, -1);
		return TD_OK;
	case 'e':
		if (strcmp(key, "enabled") == 0)
			w->enabled = t;
		return TD_OK;
	case 'f':
		if (strcmp(key, "focusable") == 0)
			w->focusable = t;
		else if (strcmp(key, "focused") == 0)
			w->focused = t;
		return TD_OK;
	case 'h':
		if (strcmp(key, "hint") == 0)
			w->hint = arena_strdup(impl, val);
		return TD_OK;
	case 'i':
		if (strcmp(key, "index") == 0)
			w->index = parse_int_attr(val, 0);
		return TD_OK;
	case 'l':
		if (strcmp(key, "long-clickable") == 0)
			w->long_clickable = t;
		return TD_OK;
	case 'N':
		if (strcmp(key, "NAF") == 0)
			w->naf = t;
		return TD_OK;
	case 'p':
		if (strcmp(key, "package") == 0)
			w->package = arena_intern(b, val);
		else if (strcmp(key, "password") == 0)
			w->password = t;
		return TD_OK;
	case 'r':
		if (strcmp(key, "resource-id") == 0)
			w->resource_id = arena_strdup(impl, val);
		return TD_OK;
	case 's':
		if (strcmp(key, "scrollable") == 0)
			w->scrollable = t;
		else if (strcmp(key, "selected") == 0)
			w->selected = t;
		return TD_OK;
	case 't':
		if (strcmp(key, "text") == 0)
			w->text = arena_strdup(impl, val);
		return TD_OK;
	case 'v':
		if (strcmp(key, "visible-to-user") == 0)
			w->visible_to_user = t;
		return TD_OK;
	default:
		return TD_OK;
	}
}

/* Turn the <node> element `node` (and its subtree) into widgets. */
static int build_node(struct build *b, const xmlNode *node, struct ui_widget *parent,
		      int depth, int display_id, int window, struct ui_widget **slot)
{
	struct tree_impl *impl = b->impl;
	struct ui_widget *w = &impl->widgets[b->next_widget];
	w->order = b->next_widget++;
	impl->pub.nodes[w->order] = w;
	*slot = w;

	w->text = w->resource_id = w->class_name = (char *)"";
	w->package = w->content_desc = w->hint = (char *)"";
	w->visible_to_user = true;
	w->drawing_order = -1;
	w->display_id = display_id;
	w->parent = parent;
	w->depth = depth;
	w->window = window;

	for (const xmlAttr *a = node->properties; a; a = a->next) {
		const xmlNode *only = a->children;
		xmlChar *val = NULL;
		const char *v = "";
		if (only && only->type == XML_TEXT_NODE && !only->next && only->content)
			v = (const char *)only->content; /* the usual case: no copy */
		else if (only && (val = xmlNodeListGetString(node->doc, a->children, 1)))
			v = (const char *)val;
		int err = set_attr(b, node, w, (const char *)a->name, v);
		xmlFree(val);
		if (err)
			return err;
	}

	w->n_children = count_node_children(node);
	w->children = w->n_children ? &impl->child_pool[b->next_child] : NULL;
	b->next_child += w->n_children;
	size_t k = 0;
	for (const xmlNode *c = node->children; c; c = c->next) {
		if (!is_elem(c, "node"))
			continue;
		int err = build_node(b, c, w, depth + 1, display_id, window, &w->children[k++]);
		if (err)
			return err;
	}
	return TD_OK;
}

/* An integer attribute of a wrapper element, or `fallback`. */
static int wrapper_int(const xmlNode *node, const char *attr, int fallback)
{
	xmlChar *v = xmlGetProp(node, (const xmlChar *)attr);
	int r = parse_int_attr((const char *)v, fallback);
	xmlFree(v);
	return r;
}

/*
 * Walk a wrapper element (<hierarchy>, <displays>, <display>, <window>, or
 * anything else that is not a <node>), turning each top-level <node> into a
 * root. Nodes belong to the nearest enclosing <window> (numbered in document
 * order from 0; 0 when there is none) and take the display id of the
 * nearest <display id> or <window display-id>.
 */
static int build_wrapper(struct build *b, const xmlNode *wrap, int display_id, int window)
{
	struct ui_tree *t = &b->impl->pub;
	if (is_elem(wrap, "hierarchy") && !b->have_rotation) {
		t->rotation = wrapper_int(wrap, "rotation", 0);
		b->have_rotation = true;
	}
	for (const xmlNode *c = wrap->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (!is_elem(c, "node")) {
			int did = display_id, win = window;
			if (is_elem(c, "window")) {
				win = b->n_windows++;
				did = wrapper_int(c, "display-id", did);
			} else if (is_elem(c, "display")) {
				did = wrapper_int(c, "id", did);
			}
			int err = build_wrapper(b, c, did, win);
			if (err)
				return err;
			continue;
		}
		t->roots = xgrow(t->roots, &b->n_roots_alloc, t->n_roots + 1, sizeof *t->roots);
		struct ui_widget **slot = &t->roots[t->n_roots++];
		int err = build_node(b, c, NULL, 0, display_id, window, slot);
		if (err)
			return err;
	}
	return TD_OK;
}

/* The union of the roots' non-empty bounds. */
static struct ui_rect roots_union(const struct ui_tree *t)
{
	struct ui_rect u = { 0, 0, 0, 0 };
	bool any = false;
	for (size_t i = 0; i < t->n_roots; i++) {
		const struct ui_rect *r = &t->roots[i]->bounds;
		if (ui_rect_empty(r))
			continue;
		if (!any) {
			u = *r;
			any = true;
			continue;
		}
		u.x1 = r->x1 < u.x1 ? r->x1 : u.x1;
		u.y1 = r->y1 < u.y1 ? r->y1 : u.y1;
		u.x2 = r->x2 > u.x2 ? r->x2 : u.x2;
		u.y2 = r->y2 > u.y2 ? r->y2 : u.y2;
	}
	return u;
}

bool ui_package_is_ime(const char *package)
{
	static const char *const ime[] = {
		"com.google.android.inputmethod.latin", "com.android.inputmethod.latin",
		"com.samsung.android.honeyboard", "com.touchtype.swiftkey", "com.google.android.googlequicksearchbox.ime",
		"com.sec.android.inputmethod", "com.baidu.input", "com.sohu.inputmethod.sogou",
		"jp.co.omronsoft.openwnn", "com.android.inputmethod.pinyin",
	};
	for (size_t i = 0; package && i < sizeof ime / sizeof ime[0]; i++)
		if (!strcmp(package, ime[i]))
			return true;
	return false;
}

/* The top window of w: its root. */
static const struct ui_widget *root_of(const struct ui_widget *w)
{
	while (w->parent)
		w = w->parent;
	return w;
}

/*
 * Take the soft keyboard's windows out of the tree (see ui.h): roots whose
 * package is an input method's, when another window remains. Their bounds
 * go to t->ime; nodes[] and `order` are renumbered.
 */
static void drop_ime_windows(struct ui_tree *t)
{
	size_t k = 0;
	bool other = false;
	for (size_t i = 0; i < t->n_roots; i++)
		other |= !ui_package_is_ime(t->roots[i]->package);
	if (!other)
		return;
	for (size_t i = 0; i < t->n_roots; i++) {
		const struct ui_widget *r = t->roots[i];
		if (!ui_package_is_ime(r->package)) {
			t->roots[k++] = t->roots[i];
			continue;
		}
		if (ui_rect_empty(&r->bounds))
			continue;
		if (ui_rect_empty(&t->ime)) {
			t->ime = r->bounds;
			continue;
		}
		t->ime.x1 = r->bounds.x1 < t->ime.x1 ? r->bounds.x1 : t->ime.x1;
		t->ime.y1 = r->bounds.y1 < t->ime.y1 ? r->bounds.y1 : t->ime.y1;
		t->ime.x2 = r->bounds.x2 > t->ime.x2 ? r->bounds.x2 : t->ime.x2;
		t->ime.y2 = r->bounds.y2 > t->ime.y2 ? r->bounds.y2 : t->ime.y2;
	}
	if (k == t->n_roots)
		return;
	t->n_roots = k;
	k = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		struct ui_widget *w = t->nodes[i];
		if (ui_package_is_ime(root_of(w)->package))
			continue;
		w->order = k;
		t->nodes[k++] = w;
	}
	t->n_nodes = k;
	t->screen = roots_union(t);
}

/*
 * Where the XML starts: right here when the text starts with '<' (after
 * blanks); after leading noise, at "<?xml", else "<hierarchy", else the
 * first '<'. NULL when there is no '<' at all.
 */
static const char *find_xml_start(const char *s, size_t len)
{
	size_t i = 0;
	if (!s || !len)
		return NULL;
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	if (i < len && s[i] == '<')
		return s + i;
	const char *decl = memmem(s, len, "<?xml", 5);
	const char *root = memmem(s, len, "<hierarchy", 10);
	if (decl && (!root || decl < root))
		return decl;
	if (root)
		return root;
	return memchr(s, '<', len);
}

/* Number of '\n' in [s, s+n). */
static long count_lines(const char *s, size_t n)
{
	long lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += s[i] == '\n';
	return lines;
}

/* Position just past the last closing tag "</tag>" (blanks allowed before '>'), or 0. */
static size_t last_close(const char *s, size_t len, const char *tag)
{
	size_t tl = strlen(tag);
	for (size_t i = len; i >= tl; i--) {
		size_t at = i - tl;
		if (s[at] != '<' || memcmp(s + at, tag, tl) != 0)
			continue;
		size_t j = i;
		while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
			j++;
		if (j < len && s[j] == '>')
			return j + 1;
	}
	return 0;
}

/*
 * Where the document ends: after the last "</hierarchy>" or "</displays>"
 * (the --windows root), whichever is later; failing that, before the
 * "UI hierchary dumped to:" trailer; failing that, `len`.
 */
static size_t end_of_document(const char *s, size_t len)
{
	static const char trailer[] = "UI hierchary dumped to:";
	size_t h = last_close(s, len, "</hierarchy"), d = last_close(s, len, "</displays");
	if (h || d)
		return h > d ? h : d;
	const char *cut = NULL, *p = s;
	while ((p = memmem(p, len - (size_t)(p - s), trailer, sizeof trailer - 1))) {
		cut = p;
		p++;
	}
	return cut ? (size_t)(cut - s) : len;
}

/*
 * Check the prolog (before the root element): only the XML declaration,
 * processing instructions, comments and blanks are allowed. A DOCTYPE is
 * refused, which rules out every entity declaration.
 */
static int check_prolog(const char *s, size_t len, const char *name, long line0)
{
	size_t i = 0;
	for (;;) {
		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
			i++;
		if (i + 1 >= len || s[i] != '<')
			return TD_OK;
		const char *close;
		if (s[i + 1] == '?') {
			close = "?>";
		} else if (len - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			close = "-->";
		} else if (s[i + 1] == '!') {
			return td_error(TD_ERR_PARSE, "%s:%ld: DOCTYPE and entity declarations are not allowed in a UI dump",
					name, line0 + 1 + count_lines(s, i));
		} else {
			return TD_OK;
		}
		const char *end = memmem(s + i + 2, len - i - 2, close, strlen(close));
		if (!end)
			return TD_OK; /* unterminated: libxml2 reports it */
		i = (size_t)(end - s) + strlen(close);
	}
}

/* Free a tree's memory (also used on half-built trees). */
static void impl_free(struct tree_impl *impl)
{
	struct arena_chunk *c = impl->arena;
	while (c) {
		struct arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	free(impl->widgets);
	free(impl->child_pool);
	free(impl->pub.nodes);
	free(impl->pub.roots);
	free(impl);
}

/* The reason libxml2 gave, without its trailing newline. */
static void report_xml_error(xmlParserCtxtPtr ctxt, const char *name, long line_offset)
{
	const xmlError *e = xmlCtxtGetLastError(ctxt);
	char why[256] = "not well-formed XML";
	long line;
	if (e && e->message) {
		snprintf(why, sizeof why, "%s", e->message);
		size_t n = strlen(why);
		while (n && (why[n - 1] == '\n' || why[n - 1] == ' '))
			why[--n] = '\0';
		for (size_t i = 0; i < n; i++) /* names from the input may carry control bytes */
			if ((unsigned char)why[i] < 0x20 || why[i] == 0x7f)
				why[i] = '?';
	}
	if (e && e->line > 0)
		line = e->line;
	else
		line = 1;
	td_error(TD_ERR_PARSE, "%s:%ld: %s", name, line + line_offset, why);
}

int ui_parse(const char *xml, size_t len, const char *name, struct ui_tree **out)
{
	struct tree_impl *impl = NULL;
	xmlParserCtxtPtr ctxt = NULL;
	xmlDocPtr doc = NULL;
	int err = TD_OK;

	*out = NULL;
	if (!name)
		name = "UI dump";
	if (len > UI_XML_MAX_BYTES)
		return td_error(TD_ERR_TOO_BIG, "%s: UI dump of %zu bytes is over the %u-byte limit",
				name, len, UI_XML_MAX_BYTES);
	if (!xml || !len)
		return td_error(TD_ERR_PARSE, "%s:1: empty UI dump", name);

	/* Framing: BOM, leading noise, and whatever follows </hierarchy>. */
	size_t start = 0;
	if (len >= 3 && memcmp(xml, "\xEF\xBB\xBF", 3) == 0)
		start = 3;
	const char *lt = find_xml_start(xml + start, len - start);
	if (!lt)
		return td_error(TD_ERR_PARSE, "%s:%ld: no XML in the UI dump", name, 1 + count_lines(xml, len));
	start = (size_t)(lt - xml);
	long line_offset = count_lines(xml, start);
	size_t n = end_of_document(xml + start, len - start);

	err = check_prolog(xml + start, n, name, line_offset);
	if (err)
		return err;
	if (n > INT_MAX)
		return td_error(TD_ERR_TOO_BIG, "%s: UI dump too large", name);

	pthread_once(&xml_once, xml_init);
	/* per thread in libxml2: some errors (encoding) bypass XML_PARSE_NOERROR */
	xmlSetGenericErrorFunc(NULL, xml_quiet);
	ctxt = xmlNewParserCtxt();
	if (!ctxt)
		return td_error(TD_ERR_NOMEM, "%s: cannot create an XML parser", name);
	/* Dumps are UTF-8 (the serializer writes it so); other declared encodings are not honoured. */
	doc = xmlCtxtReadMemory(ctxt, xml + start, (int)n, name, "UTF-8",
				XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
				XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA | XML_PARSE_IGNORE_ENC);
	if (!doc || !ctxt->wellFormed) {
		report_xml_error(ctxt, name, line_offset);
		err = TD_ERR_PARSE;
		goto out;
	}
	if (doc->intSubset || doc->extSubset) {
		err = td_error(TD_ERR_PARSE, "%s: DOCTYPE is not allowed in a UI dump", name);
		goto out;
	}
	xmlNode *root = xmlDocGetRootElement(doc);
	if (!root || !(is_elem(root, "hierarchy") || is_elem(root, "displays"))) {
		err = td_error(TD_ERR_PARSE, "%s:%ld: the root element is <%s>, expected <hierarchy> or <displays>",
			       name, root ? xmlGetLineNo(root) + line_offset : 1 + line_offset,
			       root ? (const char *)root->name : "(none)");
		goto out;
	}

	impl = xcalloc(1, sizeof *impl);
	/*
	 * Every string kept is an attribute value of the document and shorter
	 * than its key="..." text, so the first chunk sized to the document
	 * holds them all; arena_shrink() then trims it to what they use. A
	 * fixed 64 KB chunk per tree was most of a tree's memory (dumps are
	 * 3-15 KB), and bug confirmation keeps one tree per replayed step
	 * (issue 19: 44 MB of a sim:todo run's peak).
	 */
	impl->arena_first = n < 65536 ? n : 65536;
	struct ui_tree *t = &impl->pub;
	size_t total = count_in_wrapper(root);
	t->n_nodes = total;
	impl->widgets = xcalloc(total ? total : 1, sizeof *impl->widgets);
	impl->child_pool = xcalloc(total ? total : 1, sizeof *impl->child_pool);
	t->nodes = xcalloc(total ? total : 1, sizeof *t->nodes);

	struct build b = { .impl = impl, .name = name, .line_offset = line_offset };
	err = build_wrapper(&b, root, -1, 0);
	if (err)
		goto out;
	t->screen = roots_union(t);
	arena_shrink(impl);
	drop_ime_windows(t);
	*out = t;
	impl = NULL;
out:
	if (impl)
		impl_free(impl);
	if (doc)
		xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	return err;
}

int ui_parse_file(const char *path, struct ui_tree **out)
{
	struct strbuf sb;
	*out = NULL;
	strbuf_init(&sb, UI_XML_MAX_BYTES);
	int err = strbuf_read_file(&sb, path);
	if (err == TD_ERR_TOO_BIG)
		err = td_error(TD_ERR_TOO_BIG, "%s: UI dump is over the %u-byte limit", path, UI_XML_MAX_BYTES);
	if (!err)
		err = ui_parse(sb.buf, sb.len, path, out);
	strbuf_release(&sb);
	return err;
}

void ui_tree_free(struct ui_tree *tree)
{
	if (tree)
		impl_free((struct tree_impl *)tree);
}

bool ui_widget_in_list(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (strstr(p->class_name, "RecyclerView") || strstr(p->class_name, "ListView") ||
		    strstr(p->class_name, "GridView"))
			return true;
	return false;
}

int ui_text_prefix_len(const char *s, int max)
{
	int n = 0;

	if (max <= 0)
		return 0;
	while (n < max && s[n])
		n++;
	if (!s[n])
		return n;
	/* s[n] is cut off: drop the continuation bytes and the lead byte of its character. */
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

size_t ui_subtree_end(const struct ui_tree *t, const struct ui_widget *w)
{
	size_t i = w->order + 1;

	/* Depth-first order: the subtree ends at the first node no deeper than w. */
	while (i < t->n_nodes && t->nodes[i]->depth > w->depth && t->nodes[i]->window == w->window)
		i++;
	return i;
}

bool ui_selector_text(const char *text, size_t *label_len, const char **value)
{
	const char *colon = text ? strstr(text, ": ") : NULL;
	bool letter = false;

	if (!colon || colon == text || colon - text > UI_SELECTOR_LABEL_MAX || !colon[2] ||
	    isspace((unsigned char)colon[2]))
		return false;
	for (const char *p = text; p < colon; p++) {
		if (isdigit((unsigned char)*p))
			return false;
		letter |= isalpha((unsigned char)*p) != 0;
	}
	if (!letter)
		return false;
	if (label_len)
		*label_len = (size_t)(colon - text);
	if (value)
		*value = colon + 2;
	return true;
}
