/*
 * screen_text.c - row context and the visible text blocks of a screen (see
 * screen_text.h). Used by the widget list (annotate.c) and the model
 * prompts (agents/brain_llm.c).
 */
#include "core/screen_text.h"

#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

static bool is_list_class(const char *cls)
{
	return strstr(cls, "RecyclerView") || strstr(cls, "ListView") || strstr(cls, "GridView");
}

const struct ui_widget *screen_row_of(const struct ui_widget *w)
{
	const struct ui_widget *p;
	int up = 0;
	for (p = w; p && p->parent; p = p->parent)
		if (is_list_class(p->parent->class_name))
			return p;
	for (p = w->parent; p && up < 3; p = p->parent, up++)
		if ((p->clickable || p->long_clickable) && !p->text[0])
			return p;
	return NULL;
}

/* What a widget shows as text: its text, else its content-desc ("" for password fields). */
static const char *shown_text(const struct ui_widget *w)
{
	if (w->password)
		return "";
	return w->text[0] ? w->text : w->content_desc;
}

/* Append `s` on one line: control characters become spaces, runs of blanks one space. */
static void add_one_line(struct strbuf *sb, const char *s)
{
	bool space = false;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f || c == ' ') {
			space = true;
			continue;
		}
		if (space && sb->len && sb->buf[sb->len - 1] != ' ' && sb->buf[sb->len - 1] != '"')
			(void)strbuf_addch(sb, ' ');
		space = false;
		(void)strbuf_addch(sb, c);
	}
}

/* Cut sb to `max` bytes on a UTF-8 boundary, appending "...". */
static void cut_utf8(struct strbuf *sb, size_t start, size_t max)
{
	size_t n;
	if (sb->len - start <= max)
		return;
	n = start + (size_t)ui_text_prefix_len(sb->buf + start, (int)max);
	strbuf_setlen(sb, n);
	(void)strbuf_adds(sb, "...");
}

static void row_texts(const struct ui_widget *w, const struct ui_widget *skip, struct strbuf *sb, int depth)
{
	const char *t;
	if (w == skip || depth > 12)
		return;
	t = shown_text(w);
	if (t[0]) {
		if (sb->len)
			(void)strbuf_adds(sb, " · ");
		add_one_line(sb, t);
	}
	for (size_t i = 0; i < w->n_children; i++)
		row_texts(w->children[i], skip, sb, depth + 1);
}

char *screen_row_text(const struct ui_widget *row, const struct ui_widget *skip, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	if (row)
		row_texts(row, skip, &sb, 0);
	cut_utf8(&sb, 0, max);
	return strbuf_detach(&sb, NULL);
}

/* Whether `s` was already listed (exact). */
static bool seen_before(char **seen, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(seen[i], s))
			return true;
	return false;
}

int screen_text(const struct ui_tree *tree, const struct ui_rect *screen,
		const struct ui_widget *const *shown, size_t n_shown, int row_tolerance,
		struct strbuf *sb)
{
	size_t n = tree ? tree->n_nodes : 0;
	/* covered[i]: node i is an actionable widget or inside one; busy[i]: a listed
	 * widget is inside node i's subtree. */
	bool *covered = xcalloc(n ? n : 1, sizeof(bool)), *busy = xcalloc(n ? n : 1, sizeof(bool));
	char **seen = NULL;
	size_t n_seen = 0, alloc = 0, line_start = 0;
	int line_top = 0, err = TD_OK;
	bool line_open = false;

	for (size_t i = 0; i < n_shown; i++)
		if (shown[i] && shown[i]->order < n)
			covered[shown[i]->order] = busy[shown[i]->order] = true;
	/* Depth-first order: parents come before children. */
	for (size_t i = 0; i < n; i++) {
		const struct ui_widget *w = tree->nodes[i];
		if (w->parent && covered[w->parent->order])
			covered[i] = true;
	}
	for (size_t i = n; i-- > 0;) {
		const struct ui_widget *w = tree->nodes[i];
		if (busy[i] && w->parent)
			busy[w->parent->order] = true;
	}
	for (size_t i = 0; i < n; i++) {
		const struct ui_widget *w = tree->nodes[i], *row;
		const char *t = shown_text(w);
		struct strbuf one = STRBUF_INIT;
		if (!t[0] || covered[i] || !ui_widget_visible(w, screen))
			continue;
		row = screen_row_of(w);
		if (row && busy[row->order])
			continue;
		add_one_line(&one, t);
		if (!one.len || seen_before(seen, n_seen, one.buf)) {
			strbuf_release(&one);
			continue;
		}
		seen = xgrow(seen, &alloc, n_seen + 1, sizeof(*seen));
		seen[n_seen++] = xstrdup(one.buf);
		if (line_open && abs(w->bounds.y1 - line_top) <= row_tolerance) {
			err = err ? err : strbuf_adds(sb, " | ");
		} else {
			if (line_open) {
				cut_utf8(sb, line_start, 160);
				err = err ? err : strbuf_addch(sb, '\n');
			}
			line_start = sb->len;
			line_top = w->bounds.y1;
			line_open = true;
		}
		err = err ? err : strbuf_add(sb, one.buf, one.len);
		strbuf_release(&one);
	}
	if (line_open) {
		cut_utf8(sb, line_start, 160);
		err = err ? err : strbuf_addch(sb, '\n');
	}
	for (size_t i = 0; i < n_seen; i++)
		free(seen[i]);
	free(seen);
	free(covered);
	free(busy);
	return err;
}

char *screen_app_message(const struct ui_tree *tree)
{
	char *text, *msg;
	if (!tree)
		return NULL;
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		size_t n = strlen(w->resource_id);
		if (w->text[0] && n >= 13 && !strcmp(w->resource_id + n - 13, "snackbar_text"))
			return xasprintf("snackbar \"%.*s\"", ui_text_prefix_len(w->text, 120), w->text);
	}
	/* A dialog window: narrower than the screen the status bar spans (1080 px on a phone). */
	if (tree->n_roots != 1 || tree->roots[0]->bounds.x1 <= 0 || ui_rect_width(&tree->roots[0]->bounds) <= 0)
		return NULL;
	text = screen_row_text(tree->roots[0], NULL, 120);
	msg = text[0] ? xasprintf("dialog \"%s\"", text) : NULL;
	free(text);
	return msg;
}
