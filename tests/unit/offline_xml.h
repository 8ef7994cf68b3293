/*
 * offline_xml.h - tiny builders of UIAutomator dumps for the offline/oracle
 * unit tests: X_NODE(...) strings concatenated into a hierarchy.
 */
#ifndef TRIDENT_TESTS_OFFLINE_XML_H
#define TRIDENT_TESTS_OFFLINE_XML_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ui.h"

/*
 * One <node> with its children (already-built XML) inside; returns malloc'd
 * XML. `flags`: k checkable, K checked, c clickable, s scrollable,
 * f focusable, F focused, l long-clickable, p password, S selected, D disabled. `extra`: more attributes
 * (hint="...", content-desc is always empty).
 */
__attribute__((unused)) static char *x_node(const char *cls, const char *id, const char *text, const char *flags,
		    const char *extra, int x1, int y1, int x2, int y2, const char *children)
{
	size_t n = 1024 + strlen(text) + strlen(id) + strlen(cls) + strlen(extra) +
		   (children ? strlen(children) : 0);
	char *s = malloc(n);
#define XF(ch) (strchr(flags, ch) ? "true" : "false")

	snprintf(s, n,
		 "<node index=\"0\" text=\"%s\" resource-id=\"%s\" class=\"%s\" package=\"com.example.t\" "
		 "content-desc=\"\" checkable=\"%s\" checked=\"%s\" clickable=\"%s\" enabled=\"%s\" "
		 "focusable=\"%s\" focused=\"%s\" scrollable=\"%s\" long-clickable=\"%s\" "
		 "password=\"%s\" selected=\"%s\" %s bounds=\"[%d,%d][%d,%d]\">%s</node>",
		 text, id, cls, XF('k'), XF('K'), XF('c'), strchr(flags, 'D') ? "false" : "true", XF('f'), XF('F'), XF('s'), XF('l'), XF('p'), XF('S'), extra,
		 x1, y1, x2, y2, children ? children : "");
#undef XF
	return s;
}

/* x_node holding `child` (x_node copies it; freed here), no extra attributes. */
__attribute__((unused)) static char *x_node1(const char *cls, const char *id, const char *text, const char *flags,
					     int x1, int y1, int x2, int y2, char *child)
{
	char *n = x_node(cls, id, text, flags, "", x1, y1, x2, y2, child);

	free(child);
	return n;
}

/* An app bar (androidx Toolbar, t:id/toolbar) showing `title`. */
__attribute__((unused)) static char *x_bar(const char *title)
{
	return x_node1("androidx.appcompat.widget.Toolbar", "t:id/toolbar", "", "", 0, 60, 1080, 200,
		       x_node("android.widget.TextView", "", title, "", "", 40, 80, 1000, 180, NULL));
}

/* Concatenate and free parts (NULL-terminated). */
__attribute__((unused)) static char *x_cat(char *first, ...)
{
	va_list ap;
	size_t len = 0;
	char *out, *p;

	va_start(ap, first);
	for (p = first; p; p = va_arg(ap, char *))
		len += strlen(p);
	va_end(ap);
	out = malloc(len + 1);
	out[0] = '\0';
	va_start(ap, first);
	for (p = first; p; p = va_arg(ap, char *)) {
		strcat(out, p);
		free(p);
	}
	va_end(ap);
	return out;
}

/* A whole dump with one root FrameLayout holding `body` (freed); malloc'd XML. */
__attribute__((unused)) static char *x_xml(char *body)
{
	char *root = x_node("android.widget.FrameLayout", "", "", "", "", 0, 0, 1080, 2400, body);
	size_t n = strlen(root) + 256;
	char *xml = malloc(n);

	snprintf(xml, n, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">%s</hierarchy>",
		 root);
	free(root);
	free(body);
	return xml;
}

/* The same, parsed (NULL when it does not parse). */
__attribute__((unused)) static struct ui_tree *x_tree(char *body)
{
	char *xml = x_xml(body);
	struct ui_tree *t = NULL;

	if (ui_parse(xml, strlen(xml), "test", &t) != 0)
		t = NULL;
	free(xml);
	return t;
}

/*
 * A page titled `title` showing the texts of `texts` ('|'-separated) one
 * under another, 110 px apart from y 240 (TextViews t:id/line), inside a
 * RecyclerView t:id/list when `in_list`; parsed (NULL when it does not).
 */
__attribute__((unused)) static struct ui_tree *x_lines_page(const char *title, const char *texts, int in_list)
{
	char buf[1024], *tok, *save, *body = calloc(1, 1);
	int y = 240;

	snprintf(buf, sizeof(buf), "%s", texts);
	for (tok = strtok_r(buf, "|", &save); tok; tok = strtok_r(NULL, "|", &save), y += 110)
		body = x_cat(body, x_node("android.widget.TextView", "t:id/line", tok, "", "", 40, y, 1040, y + 90, NULL),
			     NULL);
	if (in_list)
		body = x_node1("androidx.recyclerview.widget.RecyclerView", "t:id/list", "", "", 0, 230, 1080, 2000, body);
	return x_tree(x_cat(x_bar(title), body, NULL));
}

#endif
