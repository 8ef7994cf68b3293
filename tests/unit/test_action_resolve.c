/*
 * test_action_resolve.c - re-finding a recorded action's widget on a screen
 * (action_resolve: list rows that share an id and a label are told apart by
 * their recorded bounds, text matches stay authoritative), the list test
 * ui_widget_in_list(), and UTF-8-safe clipping of texts (ui_text_prefix_len,
 * action_describe) so that traces stay valid UTF-8.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include "agents/action.h"
#include "core/xalloc.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"

/* Four shop rows (Coffee beans, Tea, Mug, Headphones), each a clickable
 * product_row holding its name and an "Add" button, under a title. */
static struct ui_tree *shop_list(void)
{
	static const char *const names[] = { "Coffee beans", "Tea", "Mug", "Headphones" };
	char *rows = x_cat(NULL), *list;

	for (int i = 0; i < 4; i++) {
		int y = 231 + i * 168;
		char *kids = x_cat(x_node(TEXT, "s:id/product_name", names[i], "", "", 42, y + 40, 360, y + 127, NULL),
				   x_node(BUTTON, "s:id/add_to_cart", "Add", "cf", "", 720, y + 21, 1038, y + 147, NULL),
				   NULL);

		rows = x_cat(rows, x_node(ROW, "s:id/product_row", "", "cf", "", 0, y, 1080, y + 168, kids), NULL);
		free(kids);
	}
	list = x_node(RV, "s:id/product_list", "", "s", "", 0, 231, 1080, 903, rows);
	free(rows);
	return x_tree(x_cat(x_node(TEXT, "s:id/title", "Shop", "", "", 0, 100, 1080, 200, NULL), list, NULL));
}

/* A click on a widget of `t` recorded as action_set_widget() records it. */
static void record_click(struct action *a, const struct ui_widget *w)
{
	action_init(a);
	a->type = ACTION_CLICK;
	action_set_widget(a, 1, w);
}

/* The n-th (0-based) widget with resource-id `rid`. */
static const struct ui_widget *nth_by_id(const struct ui_tree *t, const char *rid, int n)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->resource_id, rid) && n-- == 0)
			return t->nodes[i];
	return NULL;
}

/* The first text under w (depth first), "" when none. */
static const char *text_in(const struct ui_widget *w)
{
	if (w->text[0])
		return w->text;
	for (size_t i = 0; i < w->n_children; i++) {
		const char *s = text_in(w->children[i]);

		if (s[0])
			return s;
	}
	return "";
}

TEST(row_click_replays_on_the_same_row)
{
	struct ui_tree *t = shop_list();
	const struct ui_widget *headphones, *w;
	struct action a;

	REQUIRE(t);
	headphones = nth_by_id(t, "s:id/product_row", 3);
	REQUIRE(headphones);
	record_click(&a, headphones);
	/* Rows share the id and the label (the id's tail). */
	CHECK_STR_EQ(a.widget_text, "product_row");
	w = action_resolve(&a, t);
	CHECK(w == headphones);
	CHECK_STR_EQ(w ? text_in(w) : NULL, "Headphones");
	action_release(&a);
	/* The same for the shared "Add" buttons: the third row's. */
	record_click(&a, nth_by_id(t, "s:id/add_to_cart", 2));
	CHECK(action_resolve(&a, t) == nth_by_id(t, "s:id/add_to_cart", 2));
	action_release(&a);
	ui_tree_free(t);
}

TEST(nearest_row_when_bounds_moved)
{
	struct ui_tree *t = shop_list();
	struct action a;

	REQUIRE(t);
	record_click(&a, nth_by_id(t, "s:id/product_row", 2));
	/* The list sits 30 px lower on the replay: the Mug row is still nearest. */
	a.bounds.y1 += 30;
	a.bounds.y2 += 30;
	CHECK(action_resolve(&a, t) == nth_by_id(t, "s:id/product_row", 2));
	/* No recorded bounds: the first row, as before. */
	a.bounds = (struct ui_rect){ 0, 0, 0, 0 };
	CHECK(action_resolve(&a, t) == nth_by_id(t, "s:id/product_row", 0));
	action_release(&a);
	ui_tree_free(t);
}

TEST(text_match_beats_nearer_bounds)
{
	struct ui_tree *t = shop_list();
	const struct ui_widget *tea = nth_by_id(t, "s:id/product_name", 1);
	struct action a;

	REQUIRE(t);
	REQUIRE(tea);
	/* Recorded on "Tea", but with the bounds of Coffee beans' name. */
	record_click(&a, tea);
	a.bounds = nth_by_id(t, "s:id/product_name", 0)->bounds;
	CHECK(action_resolve(&a, t) == tea);
	/* The text wins over an id-only match at the recorded bounds (an "Add" button's). */
	free(a.resource_id);
	a.resource_id = xstrdup("s:id/add_to_cart");
	a.bounds = nth_by_id(t, "s:id/add_to_cart", 0)->bounds;
	CHECK(action_resolve(&a, t) == tea);
	action_release(&a);
	ui_tree_free(t);
}

TEST(widgets_in_lists)
{
	struct ui_tree *t = shop_list();

	REQUIRE(t);
	CHECK(ui_widget_in_list(nth_by_id(t, "s:id/product_name", 0)));
	CHECK(ui_widget_in_list(nth_by_id(t, "s:id/product_row", 3)));
	CHECK(!ui_widget_in_list(nth_by_id(t, "s:id/product_list", 0)));
	CHECK(!ui_widget_in_list(nth_by_id(t, "s:id/title", 0)));
	ui_tree_free(t);
}

/* Whether s[0..n) is well-formed UTF-8 (no cut or stray sequences). */
static bool valid_utf8(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0; i < n;) {
		size_t len = p[i] < 0x80 ? 1 : (p[i] & 0xE0) == 0xC0 ? 2 : (p[i] & 0xF0) == 0xE0 ? 3
			     : (p[i] & 0xF8) == 0xF0 ? 4 : 0;

		if (!len || i + len > n)
			return false;
		for (size_t k = 1; k < len; k++)
			if ((p[i + k] & 0xC0) != 0x80)
				return false;
		i += len;
	}
	return true;
}

TEST(text_prefix_keeps_characters_whole)
{
	/* A password field as the simulator shows it: one bullet (3 bytes) per character. */
	static const char dots[] = "\xe2\x80\xa2\xe2\x80\xa2\xe2\x80\xa2\xe2\x80\xa2\xe2\x80\xa2";

	CHECK_INT_EQ(ui_text_prefix_len("Save", 40), 4);
	CHECK_INT_EQ(ui_text_prefix_len("Save", 2), 2);
	CHECK_INT_EQ(ui_text_prefix_len("", 40), 0);
	CHECK_INT_EQ(ui_text_prefix_len("Save", 0), 0);
	CHECK_INT_EQ(ui_text_prefix_len(dots, 15), 15);
	CHECK_INT_EQ(ui_text_prefix_len(dots, 9), 9);
	CHECK_INT_EQ(ui_text_prefix_len(dots, 10), 9);
	CHECK_INT_EQ(ui_text_prefix_len(dots, 11), 9);
	CHECK_INT_EQ(ui_text_prefix_len(dots, 2), 0);
	/* 2- and 4-byte characters: "é" and an emoji. */
	CHECK_INT_EQ(ui_text_prefix_len("a\xc3\xa9z", 2), 1);
	CHECK_INT_EQ(ui_text_prefix_len("a\xc3\xa9z", 3), 3);
	CHECK_INT_EQ(ui_text_prefix_len("\xf0\x9f\x8e\xb5x", 3), 0);
	CHECK_INT_EQ(ui_text_prefix_len("\xf0\x9f\x8e\xb5x", 4), 4);
	for (int max = 0; max <= 16; max++)
		CHECK(valid_utf8(dots, (size_t)ui_text_prefix_len(dots, max)));
}

TEST(describe_never_cuts_a_character)
{
	struct action a;
	char label[128], typed[128];
	char *d;

	/* "x" then 30 bullets: a 60-byte cut would split the 20th bullet. */
	strcpy(label, "x");
	strcpy(typed, "yy");
	for (int i = 0; i < 30; i++) {
		strcat(label, "\xe2\x80\xa2");
		strcat(typed, "\xe2\x80\xa2");
	}
	action_init(&a);
	a.type = ACTION_INPUT;
	a.widget = 3;
	a.widget_text = label;
	a.text = typed;
	d = action_describe(&a);
	CHECK(valid_utf8(d, strlen(d)));
	CHECK(strstr(d, "\"x\xe2\x80\xa2") != NULL);
	free(d);
}

int main(void)
{
	RUN(row_click_replays_on_the_same_row);
	RUN(nearest_row_when_bounds_moved);
	RUN(text_match_beats_nearer_bounds);
	RUN(widgets_in_lists);
	RUN(text_prefix_keeps_characters_whole);
	RUN(describe_never_cuts_a_character);
	return test_summary();
}
