/*
 * gallery.c - oracle 55 "gallery": a caption that counts pictures ("Gallery
 * · 8 photos") over a gallery that shows fewer of them, whole on the
 * screen, with nothing to show the rest (feeds
 * `feeds-gallery-shows-two-photos`, Feeder #955: an article's gallery of
 * eight photos showed the first and the last).
 *
 * A check of the screen after each step. A visible text outside any list
 * holding "<N> photos" (pictures, images, pics, screenshots; N 3-999) is a
 * caption; its parent is the gallery. Judged only when the gallery shows
 * two pictures or more (visible ImageViews among its descendants; not
 * image buttons), fewer than N; holds no other text ("+6", "Show all")
 * and nothing clickable, itself included (a card that opens the whole
 * gallery); does not scroll; and lies whole on the screen with a visible
 * widget of the page below it (the page goes on after the gallery, so the
 * screen's edge does not cut it). One report per caption text and
 * activity (the reports' subject).
 *
 * Blind: a gallery drawn as one image, pictures shown as a horizontal
 * strip that scrolls, a caption in a list row (an album's cover beside
 * its count), a gallery cut by the screen's lower edge.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* The count of pictures a text names ("Gallery · 8 photos"), or -1. */
static long pictures_named(const char *text)
{
	static const char *const nouns[] = { "photos", "pictures", "images", "pics", "screenshots", NULL };

	for (const char *s = text; *s; s++) {
		const char *p = s;
		long n = 0;
		int digits = 0;

		if (!isdigit((unsigned char)*s) || (s > text && isalnum((unsigned char)s[-1])))
			continue;
		while (isdigit((unsigned char)*p) && digits < 4) {
			n = n * 10 + (*p++ - '0');
			digits++;
		}
		if (isdigit((unsigned char)*p) || *p != ' ')
			continue;
		p++;
		for (size_t i = 0; nouns[i]; i++) {
			size_t l = strlen(nouns[i]);

			if (!strncasecmp(p, nouns[i], l) && !isalpha((unsigned char)p[l]))
				return n;
		}
	}
	return -1;
}

static bool is_picture(const struct ui_widget *w)
{
	return strstr(w->class_name, "ImageView") != NULL;
}

/*
 * The pictures shown under gallery g (caption c): their count, or -1 when
 * g is no plain gallery (another text, something clickable).
 */
static long pictures_shown(const struct ui_tree *t, const struct ui_widget *g, const struct ui_widget *c)
{
	long k = 0;

	if (g->clickable || g->long_clickable || g->scrollable)
		return -1;
	for (size_t i = g->order + 1, end = ui_subtree_end(t, g); i < end; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->clickable || w->long_clickable || w->scrollable)
			return -1;
		if (w != c && w->text[0])
			return -1;
		if (is_picture(w) && ui_widget_visible(w, &t->screen))
			k++;
	}
	return k;
}

/* Whether g lies whole on the screen and a visible widget of the page stands below it. */
static bool whole_with_page_below(const struct ui_tree *t, const struct ui_widget *g)
{
	if (g->bounds.y2 >= t->screen.y2 || g->bounds.y1 < t->screen.y1)
		return false;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->bounds.y1 >= g->bounds.y2 && w->bounds.y2 > w->bounds.y1 && ui_widget_visible(w, &t->screen) &&
		    (w->text[0] || w->content_desc[0]))
			return true;
	}
	return false;
}

bool oracle_gallery_short(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after))
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *c = after->nodes[i], *g = c->parent;
		long n, k;

		if (!g || !c->text[0] || ui_widget_in_list(c) || !ui_widget_visible(c, &after->screen) ||
		    (n = pictures_named(c->text)) < 3 || n > 999)
			continue;
		k = pictures_shown(after, g, c);
		if (k < 2 || k >= n || !whole_with_page_below(after, g))
			continue;
		oracle_finding_init(f);
		f->oracle = "gallery";
		f->category = BUG_CAT_CONTENT_MISSING;
		f->title = xasprintf("'%s' shows %ld of them", c->text, k);
		f->expected = xasprintf("the %ld pictures the caption counts, or a way to see the rest", n);
		f->actual = xasprintf("%ld pictures under \"%s\", nothing more to open", k, c->text);
		f->description = xasprintf("The caption \"%s\" counts %ld pictures; the gallery under it, whole on the "
					   "screen with the page going on below it, shows %ld and offers nothing that "
					   "shows the rest.",
					   c->text, n, k);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "gallery");
		{
			char *subject = xasprintf("gallery '%s' on %s", c->text, activity_after ? activity_after : "");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddItemToObject(f->diff, "caption", oracle_widget_json(c));
		cJSON_AddNumberToObject(f->diff, "shown", (double)k);
		return true;
	}
	return false;
}

const struct oracle_kind oracle_kind_gallery = {
	.name = "gallery",
	.config_key = "oracles.gallery",
	.category = BUG_CAT_CONTENT_MISSING,
	.doc = "a caption counting N pictures (\"Gallery · 8 photos\") over a gallery, whole on the screen, that shows "
	       "fewer and nothing to see the rest",
	.evidence = "the screen with the caption and its gallery",
	.flags = 0,
	.step_check = oracle_gallery_short,
};
