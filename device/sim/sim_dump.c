/*
 * sim_dump.c - writes a laid-out screen as UIAutomator XML in AOSP's exact
 * format: the one-line document `uiautomator dump` writes, attributes in
 * AccessibilityNodeInfoDumper's order, bounds="[x1,y1][x2,y2]".
 *
 * As on a phone, the dump covers the active window only: the app's window,
 * or the dialog when one is showing. The status bar (SystemUI's window),
 * the dialog scrim and toasts (their own windows) are drawn but not dumped.
 * The soft keyboard (an app spec's "keyboard": true) is the exception, as
 * in the multi-window dumps of UiAutomator2: a second top-level <node> with
 * the IME's package after the app's window.
 * An empty EditText reports its hint as text, as Android 8+ does.
 */
#include <string.h>

#include "device/sim/sim_internal.h"

static void esc(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': (void)strbuf_adds(sb, "&amp;"); break;
		case '<': (void)strbuf_adds(sb, "&lt;"); break;
		case '>': (void)strbuf_adds(sb, "&gt;"); break;
		case '"': (void)strbuf_adds(sb, "&quot;"); break;
		case '\'': (void)strbuf_adds(sb, "&apos;"); break;
		case '\n': (void)strbuf_adds(sb, "&#10;"); break;
		case '\r': (void)strbuf_adds(sb, "&#13;"); break;
		case '\t': (void)strbuf_adds(sb, "&#9;"); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s < 0)
				(void)strbuf_addch(sb, *s);
			break;
		}
	}
}

static bool dumped(const struct sim_view *v)
{
	return v->kind != SIM_VIEW_STATUS_BAR && v->kind != SIM_VIEW_SCRIM && v->kind != SIM_VIEW_TOAST &&
	       v->kind != SIM_VIEW_IME;
}

static const char *tf(bool b)
{
	return b ? "true" : "false";
}

static void node(struct strbuf *sb, const struct sim_view *v, int index, const char *pkg)
{
	const char *text = v->text;
	if (v->kind == SIM_VIEW_EDIT_TEXT && !text[0] && !v->password)
		text = v->hint;
	(void)strbuf_addf(sb, "<node index=\"%d\" text=\"", index);
	esc(sb, text);
	(void)strbuf_adds(sb, "\" resource-id=\"");
	esc(sb, v->resource_id);
	(void)strbuf_adds(sb, "\" class=\"");
	esc(sb, v->class_name);
	(void)strbuf_adds(sb, "\" package=\"");
	esc(sb, pkg);
	(void)strbuf_adds(sb, "\" content-desc=\"");
	esc(sb, v->content_desc);
	(void)strbuf_addf(sb, "\" checkable=\"%s\" checked=\"%s\" clickable=\"%s\" enabled=\"%s\" "
			  "focusable=\"%s\" focused=\"%s\" scrollable=\"%s\" long-clickable=\"%s\" "
			  "password=\"%s\" selected=\"%s\" bounds=\"[%d,%d][%d,%d]\"",
			  tf(v->checkable), tf(v->checked), tf(v->clickable), tf(v->enabled),
			  tf(v->focusable), tf(v->focused), tf(v->scrollable), tf(v->long_clickable),
			  tf(v->password), tf(v->selected), v->x1, v->y1, v->x2, v->y2);
	int n = 0;
	for (size_t i = 0; i < v->n_children; i++)
		n += dumped(v->children[i]);
	if (!n) {
		(void)strbuf_adds(sb, " />");
		return;
	}
	(void)strbuf_addch(sb, '>');
	int k = 0;
	for (size_t i = 0; i < v->n_children; i++)
		if (dumped(v->children[i]))
			node(sb, v->children[i], k++, pkg);
	(void)strbuf_adds(sb, "</node>");
}

int sim_dump_xml(const struct sim_screen_view *sv, struct strbuf *out)
{
	const struct sim_view *root = sv->root;
	for (size_t i = 0; i < root->n_children; i++)
		if (root->children[i]->kind == SIM_VIEW_DIALOG)
			root = root->children[i];
	(void)strbuf_addf(out, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
			  "<hierarchy rotation=\"%d\">", sv->rotation);
	node(out, root, 0, sv->package ? sv->package : "");
	/* the soft keyboard: its own window, a second top-level node with the IME's package */
	for (size_t i = 0; root == sv->root && i < root->n_children; i++)
		if (root->children[i]->kind == SIM_VIEW_IME)
			node(out, root->children[i], 0, SIM_IME_PACKAGE);
	(void)strbuf_adds(out, "</hierarchy>");
	return TD_OK;
}
