/*
 * test_ui_parse.c - UIAutomator XML parsing (core/ui.c) and per-widget facts
 * (visibility, actions, labels), on the real screens in
 * $TRIDENT_FIXTURES/real-screens and on hand-written dumps, including
 * malformed and hostile ones.
 *
 * The expected numbers for the fixtures were counted independently of this
 * code, e.g. `grep -o '<node ' trace_7_2.xml | wc -l` and
 * `grep -o ' clickable="true"' trace_7_2.xml | wc -l`.
 */
#include <pthread.h>
#include <stdint.h>

#include "test.h"

#include "core/error.h"
#include "core/ui.h"
#include "core/xalloc.h"

static const char *screens_dir;

/* Parse fixture trace_7_<i>.xml; NULL (and a failure) when it does not parse. */
static struct ui_tree *load_fixture(int i)
{
	char path[4200];
	struct ui_tree *t = NULL;
	snprintf(path, sizeof path, "%s/trace_7_%d.xml", screens_dir, i);
	int err = ui_parse_file(path, &t);
	if (err) {
		TEST_FAIL_AT("%s: %s", path, td_errmsg(err));
		return NULL;
	}
	return t;
}

/* The first widget whose attribute `field` equals `value`. */
static const struct ui_widget *find_by(const struct ui_tree *t, const char *field, const char *value)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *v = strcmp(field, "text") == 0 ? w->text
			      : strcmp(field, "id") == 0 ? w->resource_id
			      : strcmp(field, "desc") == 0 ? w->content_desc
							   : w->class_name;
		if (strcmp(v, value) == 0)
			return w;
	}
	return NULL;
}

/* Count widgets with a boolean attribute set. */
static size_t count_flag(const struct ui_tree *t, size_t offset)
{
	size_t n = 0;
	for (size_t i = 0; i < t->n_nodes; i++)
		n += *(const bool *)((const char *)t->nodes[i] + offset);
	return n;
}

/* Parse a string; returns the error code. */
static int parse_str(const char *xml, struct ui_tree **t)
{
	return ui_parse(xml, strlen(xml), "test.xml", t);
}

/* Expect `xml` to fail with `code` and a message mentioning `needle`. */
static void expect_error(const char *xml, size_t len, int code, const char *needle)
{
	struct ui_tree *t = NULL;
	td_error_clear();
	int err = ui_parse(xml, len, "bad.xml", &t);
	if (err != code)
		TEST_FAIL_AT("expected error %d, got %d (%s) for input \"%.60s\"", code, err,
			     td_errmsg(err), xml ? xml : "(null)");
	if (t)
		TEST_FAIL_AT("tree returned on error");
	ui_tree_free(t);
	if (err && needle && !strstr(td_errmsg(err), needle))
		TEST_FAIL_AT("message \"%s\" lacks \"%s\"", td_errmsg(err), needle);
}

/* Exact counts, per fixture, counted with grep (see the file comment). */
static const struct {
	size_t nodes, clickable, long_clickable, scrollable, checkable, checked, selected, naf;
} expected[12] = {
	{ 52, 6, 1, 0, 0, 0, 1, 0 },
	{ 26, 6, 5, 1, 0, 0, 0, 0 },
	{ 179, 26, 0, 6, 8, 2, 0, 1 },
	{ 127, 18, 0, 2, 0, 0, 6, 1 },
	{ 92, 15, 0, 1, 0, 0, 0, 0 },
	{ 78, 17, 0, 0, 0, 0, 1, 1 },
	{ 43, 9, 0, 0, 0, 0, 0, 1 },
	{ 67, 7, 0, 1, 2, 0, 0, 0 },
	{ 11, 3, 0, 0, 1, 0, 0, 0 },
	{ 11, 3, 0, 0, 1, 1, 0, 0 },
	{ 23, 2, 0, 0, 0, 0, 0, 0 },
	{ 68, 7, 0, 1, 2, 0, 0, 0 },
};

/* Tree invariants every parse must hold. */
static void check_tree_shape(const struct ui_tree *t)
{
	size_t children = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		CHECK_INT_EQ(w->order, i);
		CHECK(w->text && w->resource_id && w->class_name && w->package &&
		      w->content_desc && w->hint);
		if (!w->parent)
			CHECK_INT_EQ(w->depth, 0);
		for (size_t k = 0; k < w->n_children; k++) {
			CHECK(w->children[k]->parent == w);
			CHECK_INT_EQ(w->children[k]->depth, w->depth + 1);
			/* depth-first document order: the first child follows its parent */
			if (k == 0)
				CHECK_INT_EQ(w->children[0]->order, w->order + 1);
		}
		children += w->n_children;
	}
	CHECK_INT_EQ(children + t->n_roots, t->n_nodes);
	for (size_t r = 0; r < t->n_roots; r++)
		CHECK(t->roots[r]->parent == NULL);
}

TEST(fixture_counts)
{
	for (int i = 0; i < 12; i++) {
		struct ui_tree *t = load_fixture(i);
		if (!t)
			continue;
		CHECK_INT_EQ(t->n_nodes, expected[i].nodes);
		CHECK_INT_EQ(t->n_roots, 1);
		CHECK_INT_EQ(t->rotation, 0);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, clickable)), expected[i].clickable);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, long_clickable)), expected[i].long_clickable);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, scrollable)), expected[i].scrollable);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, checkable)), expected[i].checkable);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, checked)), expected[i].checked);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, selected)), expected[i].selected);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, naf)), expected[i].naf);
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, password)), 0);
		/* absent in these androidx dumps: the documented defaults */
		CHECK_INT_EQ(count_flag(t, offsetof(struct ui_widget, visible_to_user)), expected[i].nodes);
		CHECK_INT_EQ(t->nodes[0]->drawing_order, -1);
		CHECK_INT_EQ(t->nodes[0]->display_id, -1);
		check_tree_shape(t);
		ui_tree_free(t);
	}
}

/* One known widget per remaining screen (found with grep; text, class, bounds, clickable). */
TEST(fixture_known_widgets)
{
	static const struct {
		int file;
		const char *text, *class_name;
		struct ui_rect bounds;
		unsigned actions;
	} known[] = {
		{ 3, "Latest in the area", "android.widget.TextView", { 52, 1276, 1028, 1361 }, 0 },
		{ 4, "agentian03@gmail.com", "android.widget.TextView", { 242, 306, 591, 355 }, 0 },
		{ 5, "Back", "android.widget.Button", { 7, 70, 139, 202 }, UI_ACT_CLICK },
		{ 6, "Options list", "android.widget.ListView", { 498, 196, 1071, 1170 }, 0 },
		{ 7, "Your Timeline", "android.widget.TextView", { 42, 274, 1038, 325 }, 0 },
		{ 10, "You may also want to check your past searches and the content you've browsed in your Timeline and other apps.",
		  "android.widget.TextView", { 224, 737, 855, 957 }, 0 },
		{ 11, "Your Timeline", "android.widget.TextView", { 42, 244, 1038, 295 }, 0 },
	};
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
		struct ui_tree *t = load_fixture(known[k].file);
		if (!t)
			continue;
		const struct ui_widget *w = find_by(t, "text", known[k].text);
		if (!w) {
			TEST_FAIL_AT("trace_7_%d: no widget with text \"%s\"", known[k].file, known[k].text);
		} else {
			CHECK_STR_EQ(w->class_name, known[k].class_name);
			CHECK_INT_EQ(w->bounds.x1, known[k].bounds.x1);
			CHECK_INT_EQ(w->bounds.y1, known[k].bounds.y1);
			CHECK_INT_EQ(w->bounds.x2, known[k].bounds.x2);
			CHECK_INT_EQ(w->bounds.y2, known[k].bounds.y2);
			CHECK_INT_EQ(ui_widget_actions(w, &t->screen), known[k].actions);
			CHECK_STR_EQ(ui_widget_label(w), known[k].text);
		}
		ui_tree_free(t);
	}
}

TEST(fixture_photos_home)
{
	struct ui_tree *t = load_fixture(0);
	REQUIRE(t);
	CHECK_STR_EQ(t->nodes[0]->class_name, "android.widget.FrameLayout");
	CHECK_STR_EQ(t->nodes[0]->package, "com.google.android.apps.photos");
	CHECK_INT_EQ(t->screen.x1, 0);
	CHECK_INT_EQ(t->screen.y1, 0);
	CHECK_INT_EQ(t->screen.x2, 1080);
	CHECK_INT_EQ(t->screen.y2, 1792);
	/* entities: &amp; and &#10; are decoded */
	CHECK(find_by(t, "text", "Take a picture. Photos & videos appear here.") != NULL);
	const struct ui_widget *acct = find_by(t, "id", "com.google.android.apps.photos:id/selected_account_disc");
	REQUIRE(acct);
	CHECK_STR_EQ(acct->content_desc, "Signed in as Ian agentian03@gmail.com\nBackup is off.\nAccount and settings.");
	CHECK_INT_EQ(ui_widget_actions(acct, &t->screen), UI_ACT_CLICK);
	const struct ui_widget *search = find_by(t, "id", "com.google.android.apps.photos:id/search_destination");
	REQUIRE(search);
	CHECK_STR_EQ(search->text, "Search");
	CHECK_INT_EQ(search->bounds.x1, 270);
	CHECK_INT_EQ(search->bounds.y1, 1645);
	CHECK_INT_EQ(search->bounds.x2, 540);
	CHECK_INT_EQ(search->bounds.y2, 1792);
	CHECK_INT_EQ(ui_widget_actions(search, &t->screen), UI_ACT_CLICK | UI_ACT_LONG_CLICK);
	const struct ui_widget *photos = find_by(t, "id", "com.google.android.apps.photos:id/tab_photos");
	REQUIRE(photos);
	CHECK(photos->selected);
	CHECK_STR_EQ(ui_widget_label(photos), "Photos");
	/* the navigation bar background is [0,0][0,0]: present but invisible */
	const struct ui_widget *nav = find_by(t, "id", "android:id/navigationBarBackground");
	REQUIRE(nav);
	CHECK(!ui_widget_visible(nav, &t->screen));
	CHECK_INT_EQ(ui_widget_actions(nav, &t->screen), 0);
	ui_tree_free(t);
}

TEST(fixture_launcher)
{
	struct ui_tree *t = load_fixture(1);
	REQUIRE(t);
	const struct ui_widget *maps = find_by(t, "text", "Maps");
	REQUIRE(maps);
	CHECK_STR_EQ(maps->class_name, "android.widget.TextView");
	CHECK_STR_EQ(maps->content_desc, "Maps");
	CHECK_INT_EQ(maps->bounds.x1, 50);
	CHECK_INT_EQ(maps->bounds.y2, 855);
	CHECK_INT_EQ(ui_widget_actions(maps, &t->screen), UI_ACT_CLICK | UI_ACT_LONG_CLICK);
	const struct ui_widget *ws = find_by(t, "id", "com.google.android.apps.nexuslauncher:id/workspace");
	REQUIRE(ws);
	CHECK_STR_EQ(ws->class_name, "android.widget.ScrollView");
	CHECK_INT_EQ(ui_widget_actions(ws, &t->screen), UI_ACT_SCROLL);
	CHECK_STR_EQ(ui_widget_label(ws), "workspace");
	const struct ui_widget *pager = find_by(t, "id", "com.google.android.apps.nexuslauncher:id/smartspace_card_pager");
	REQUIRE(pager);
	CHECK_INT_EQ(ui_widget_actions(pager, &t->screen), UI_ACT_LONG_CLICK);
	ui_tree_free(t);
}

TEST(fixture_maps_search)
{
	struct ui_tree *t = load_fixture(2);
	REQUIRE(t);
	const struct ui_widget *box = find_by(t, "id", "com.google.android.apps.maps:id/search_omnibox_text_box");
	REQUIRE(box);
	CHECK_STR_EQ(box->class_name, "android.widget.EditText");
	CHECK_STR_EQ(box->text, "");
	CHECK_STR_EQ(ui_widget_label(box), "vegetarian restaurant");
	CHECK_INT_EQ(ui_widget_actions(box, &t->screen), UI_ACT_CLICK | UI_ACT_INPUT);
	const struct ui_widget *veg = NULL;
	for (size_t i = 0; i < t->n_nodes; i++)
		if (strcmp(t->nodes[i]->class_name, "android.widget.CompoundButton") == 0 &&
		    strcmp(t->nodes[i]->content_desc, "Vegetarian options") == 0)
			veg = t->nodes[i];
	REQUIRE(veg);
	CHECK(veg->checked);
	CHECK_INT_EQ(ui_widget_actions(veg, &t->screen), UI_ACT_CLICK | UI_ACT_CHECK);
	const struct ui_widget *naf = NULL;
	for (size_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i]->naf)
			naf = t->nodes[i];
	REQUIRE(naf);
	CHECK_STR_EQ(naf->class_name, "android.view.View");
	CHECK_INT_EQ(ui_widget_actions(naf, &t->screen), UI_ACT_CLICK);
	ui_tree_free(t);
}

TEST(fixture_dialog_checkbox)
{
	struct ui_tree *before = load_fixture(8), *after = load_fixture(9);
	REQUIRE(before && after);
	const struct ui_widget *cb0 = find_by(before, "text", "I understand and want to delete.");
	const struct ui_widget *cb1 = find_by(after, "text", "I understand and want to delete.");
	REQUIRE(cb0 && cb1);
	CHECK_STR_EQ(cb0->class_name, "android.widget.CheckBox");
	CHECK(!cb0->checked);
	CHECK(cb1->checked);
	CHECK_INT_EQ(ui_widget_actions(cb0, &before->screen), UI_ACT_CLICK | UI_ACT_CHECK);
	const struct ui_widget *del0 = find_by(before, "text", "Delete");
	const struct ui_widget *del1 = find_by(after, "text", "Delete");
	REQUIRE(del0 && del1);
	CHECK(!del0->enabled);
	CHECK(del1->enabled);
	CHECK_INT_EQ(ui_widget_actions(del0, &before->screen), 0); /* disabled */
	CHECK_INT_EQ(ui_widget_actions(del1, &after->screen), UI_ACT_CLICK);
	/* the dialog window is the whole dump: the screen is its root's bounds */
	CHECK_INT_EQ(before->screen.x1, 28);
	CHECK_INT_EQ(before->screen.y1, 459);
	CHECK_INT_EQ(before->screen.x2, 1052);
	CHECK_INT_EQ(before->screen.y2, 1333);
	ui_tree_free(before);
	ui_tree_free(after);
}

/* A node element with the given extra attributes and bounds. */
#define NODE(attrs, bounds) "<node index=\"0\" text=\"\" class=\"android.widget.TextView\" " attrs " bounds=\"" bounds "\""

TEST(trailing_and_leading_noise)
{
	const char *xml =
		"WARNING: linker: something odd\n"
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		NODE("", "[0,0][100,100]") "/></hierarchy>UI hierchary dumped to: /dev/tty\n";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_nodes, 1);
	ui_tree_free(t);

	/* trailing text alone, with a BOM in front */
	const char *xml2 = "\xEF\xBB\xBF<hierarchy rotation=\"3\">" NODE("", "[0,0][10,10]")
			   "/></hierarchy >\r\nUI hierchary dumped to: /sdcard/window_dump.xml";
	CHECK_OK(parse_str(xml2, &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->rotation, 3);
	ui_tree_free(t);
}

TEST(pretty_equals_one_line)
{
	const char *one =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		"<node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">"
		"<node index=\"0\" text=\"A\" class=\"android.widget.Button\" clickable=\"true\" enabled=\"true\" bounds=\"[0,0][540,100]\"/>"
		"<node index=\"1\" text=\"B\" class=\"android.widget.Button\" clickable=\"true\" enabled=\"true\" bounds=\"[540,0][1080,100]\"/>"
		"</node></hierarchy>";
	const char *pretty =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<hierarchy rotation=\"0\">\n"
		"  <node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">\n"
		"    <node index=\"0\" text=\"A\" class=\"android.widget.Button\" clickable=\"true\"\n"
		"          enabled=\"true\" bounds=\"[0,0][540,100]\" />\n"
		"    <node index=\"1\" text=\"B\" class=\"android.widget.Button\" clickable=\"true\" enabled=\"true\" bounds=\"[540,0][1080,100]\" />\n"
		"  </node>\n"
		"</hierarchy>\n";
	struct ui_tree *a = NULL, *b = NULL;
	CHECK_OK(parse_str(one, &a));
	CHECK_OK(parse_str(pretty, &b));
	REQUIRE(a && b);
	CHECK_INT_EQ(a->n_nodes, 3);
	CHECK_INT_EQ(b->n_nodes, 3);
	CHECK_INT_EQ(b->nodes[0]->n_children, 2);
	CHECK_STR_EQ(b->nodes[2]->text, "B");
	CHECK_INT_EQ(ui_widget_actions(b->nodes[2], &b->screen), UI_ACT_CLICK);
	CHECK(ui_sig_text(a, NULL) == ui_sig_text(b, NULL));
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(windows_form)
{
	const char *xml =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
		"<hierarchy rotation=\"1\">"
		"<window index=\"0\" display-id=\"0\" title=\"Status bar\" type=\"TYPE_SYSTEM\">"
		"<node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,63]\">"
		"<node index=\"0\" text=\"11:31\" class=\"android.widget.TextView\" bounds=\"[10,0][100,63]\"/>"
		"</node></window>"
		"<window index=\"1\" display-id=\"0\" title=\"App\">"
		"<node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,63][1080,1920]\">"
		"<node index=\"0\" text=\"OK\" class=\"android.widget.Button\" bounds=\"[0,100][200,200]\" display-id=\"5\"/>"
		"</node></window>"
		"<display id=\"2\"><window index=\"2\"><node index=\"0\" class=\"android.view.View\" bounds=\"[0,0][10,10]\"/></window></display>"
		"</hierarchy>";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->rotation, 1);
	CHECK_INT_EQ(t->n_nodes, 5);
	CHECK_INT_EQ(t->n_roots, 3);
	CHECK_INT_EQ(t->roots[0]->window, 0);
	CHECK_INT_EQ(t->roots[1]->window, 1);
	CHECK_INT_EQ(t->roots[2]->window, 2);
	CHECK_INT_EQ(t->nodes[1]->window, 0);
	CHECK_INT_EQ(t->nodes[3]->window, 1);
	CHECK_STR_EQ(t->nodes[3]->text, "OK");
	CHECK_INT_EQ(t->nodes[3]->depth, 1);
	CHECK_INT_EQ(t->nodes[3]->display_id, 5);
	CHECK_INT_EQ(t->nodes[2]->display_id, 0); /* from <window display-id> */
	CHECK_INT_EQ(t->nodes[4]->display_id, 2); /* from <display id> */
	CHECK_INT_EQ(t->screen.x1, 0);
	CHECK_INT_EQ(t->screen.y1, 0);
	CHECK_INT_EQ(t->screen.x2, 1080);
	CHECK_INT_EQ(t->screen.y2, 1920);
	check_tree_shape(t);
	ui_tree_free(t);
}

/* A subtree's end (ui_subtree_end) agrees with the parent links, on nested rows and across windows. */
TEST(subtree_end)
{
	const char *xml =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		"<window index=\"0\" title=\"App\">"
		"<node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">"
		"<node index=\"0\" class=\"androidx.recyclerview.widget.RecyclerView\" bounds=\"[0,0][1080,900]\">"
		"<node index=\"0\" class=\"android.widget.LinearLayout\" bounds=\"[0,0][1080,300]\">"
		"<node index=\"0\" text=\"Ars Technica\" class=\"android.widget.TextView\" bounds=\"[0,0][900,150]\"/>"
		"<node index=\"1\" class=\"android.widget.LinearLayout\" bounds=\"[0,150][1080,300]\">"
		"<node index=\"0\" text=\"3\" class=\"android.widget.TextView\" bounds=\"[900,150][1080,300]\"/>"
		"</node></node>"
		"<node index=\"1\" class=\"android.widget.LinearLayout\" bounds=\"[0,300][1080,600]\">"
		"<node index=\"0\" text=\"NASA\" class=\"android.widget.TextView\" bounds=\"[0,300][900,600]\"/>"
		"</node></node>"
		"<node index=\"1\" text=\"Sync now\" class=\"android.widget.Button\" bounds=\"[0,900][1080,1000]\"/>"
		"</node></window>"
		"<window index=\"1\" title=\"Dialog\"><node index=\"0\" class=\"android.widget.FrameLayout\" "
		"bounds=\"[100,100][900,900]\"/></window>"
		"</hierarchy>";
	struct ui_tree *t = NULL;

	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t);
	REQUIRE(t->n_nodes == 10);
	CHECK_INT_EQ(ui_subtree_end(t, t->nodes[2]), 6); /* the first row: its text, a box and the count */
	CHECK_INT_EQ(ui_subtree_end(t, t->nodes[6]), 8); /* the last row ends where the Button starts */
	CHECK_INT_EQ(ui_subtree_end(t, t->nodes[8]), 9); /* a leaf */
	CHECK_INT_EQ(ui_subtree_end(t, t->nodes[0]), 9); /* the first window's root, not the dialog's */
	CHECK_INT_EQ(ui_subtree_end(t, t->nodes[9]), 10);
	for (size_t i = 0; i < t->n_nodes; i++)
		for (size_t j = i; j < t->n_nodes; j++) {
			const struct ui_widget *p = t->nodes[j];

			while (p && p != t->nodes[i])
				p = p->parent;
			CHECK((p != NULL) == (j < ui_subtree_end(t, t->nodes[i])));
		}
	ui_tree_free(t);
}

/* The soft keyboard's window (an input method's package) is left out; its bounds go to tree->ime. */
TEST(ime_window_dropped)
{
	const char *xml =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		"<node index=\"0\" package=\"com.x\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">"
		"<node index=\"0\" package=\"com.x\" text=\"Save\" class=\"android.widget.Button\" clickable=\"true\" "
		"bounds=\"[42,1500][1038,1626]\"/></node>"
		"<node index=\"0\" package=\"com.google.android.inputmethod.latin\" class=\"android.widget.FrameLayout\" "
		"bounds=\"[0,1440][1080,2400]\"><node index=\"0\" package=\"com.google.android.inputmethod.latin\" "
		"content-desc=\"q\" class=\"android.view.View\" clickable=\"true\" bounds=\"[8,1574][100,1766]\"/></node>"
		"</hierarchy>";
	struct ui_tree *t = NULL, *plain = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_roots, 1);
	CHECK_INT_EQ(t->n_nodes, 2);
	CHECK_STR_EQ(t->nodes[1]->text, "Save");
	CHECK_INT_EQ(t->nodes[1]->order, 1);
	CHECK_INT_EQ(t->ime.y1, 1440);
	CHECK_INT_EQ(t->ime.y2, 2400);
	CHECK_INT_EQ(t->screen.y2, 2400);
	check_tree_shape(t);
	/* the same screen without the keyboard: the same signatures, no ime */
	const char *end = strstr(xml, "<node index=\"0\" package=\"com.google");
	char *app = xasprintf("%.*s</hierarchy>", (int)(end - xml), xml);
	CHECK_OK(parse_str(app, &plain));
	REQUIRE(plain);
	CHECK(ui_rect_empty(&plain->ime));
	CHECK(ui_sig_structural(t, "a") == ui_sig_structural(plain, "a"));
	CHECK(ui_sig_text(t, "a") == ui_sig_text(plain, "a"));
	CHECK(ui_package_is_ime("com.google.android.inputmethod.latin"));
	CHECK(!ui_package_is_ime("com.x"));
	free(app);
	ui_tree_free(plain);
	ui_tree_free(t);
	/* a keyboard alone stays (nothing else to show) */
	CHECK_OK(parse_str("<hierarchy><node package=\"com.android.inputmethod.latin\" bounds=\"[0,0][10,10]\"/></hierarchy>", &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_roots, 1);
	CHECK(ui_rect_empty(&t->ime));
	ui_tree_free(t);
}

/* The layout of AOSP's `uiautomator dump --windows`. */
TEST(aosp_windows_form)
{
	const char *xml =
		"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
		"<displays><display id=\"0\">"
		"<window index=\"0\" title=\"Maps\" bounds=\"[0,0][1080,2400]\" active=\"true\" focused=\"true\" "
		"accessibility-focused=\"false\" id=\"12\" layer=\"0\" type=\"TYPE_APPLICATION\">"
		"<window index=\"0\" title=\"popup\" bounds=\"[500,200][1000,800]\" type=\"TYPE_APPLICATION\">"
		"<hierarchy rotation=\"1\"><node index=\"0\" text=\"Menu\" class=\"android.widget.ListView\" bounds=\"[500,200][1000,800]\"/></hierarchy>"
		"</window>"
		"<hierarchy rotation=\"1\"><node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">"
		"<node index=\"0\" text=\"Search\" class=\"android.widget.EditText\" clickable=\"true\" enabled=\"true\" bounds=\"[40,80][1040,200]\"/>"
		"</node></hierarchy></window>"
		"<window index=\"1\" title=\"Navigation bar\" bounds=\"[0,2274][1080,2400]\" type=\"TYPE_SYSTEM\">"
		"<hierarchy rotation=\"1\"><node index=\"0\" content-desc=\"Back\" class=\"android.widget.ImageView\" clickable=\"true\" enabled=\"true\" bounds=\"[100,2274][300,2400]\"/></hierarchy>"
		"</window></display></displays>UI hierchary dumped to: /dev/tty";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_nodes, 4);
	CHECK_INT_EQ(t->n_roots, 3);
	CHECK_INT_EQ(t->rotation, 1);
	/* windows in document order: the app (0), its popup (1), the navigation bar (2) */
	CHECK_STR_EQ(t->nodes[0]->text, "Menu");
	CHECK_INT_EQ(t->nodes[0]->window, 1);
	CHECK_INT_EQ(t->nodes[1]->window, 0);
	CHECK_INT_EQ(t->nodes[2]->window, 0);
	CHECK_STR_EQ(t->nodes[2]->text, "Search");
	CHECK_INT_EQ(t->nodes[3]->window, 2);
	for (size_t i = 0; i < t->n_nodes; i++)
		CHECK_INT_EQ(t->nodes[i]->display_id, 0);
	CHECK_INT_EQ(ui_widget_actions(t->nodes[2], &t->screen), UI_ACT_CLICK | UI_ACT_INPUT);
	CHECK_STR_EQ(ui_widget_label(t->nodes[3]), "Back");
	CHECK_INT_EQ(t->screen.y2, 2400);
	check_tree_shape(t);
	ui_tree_free(t);

	/* an empty classic dump followed by the trailer */
	CHECK_OK(parse_str("<?xml version='1.0' ?><hierarchy rotation=\"2\" />UI hierchary dumped to: /dev/tty\n", &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_nodes, 0);
	CHECK_INT_EQ(t->rotation, 2);
	ui_tree_free(t);
}

TEST(all_attributes_and_cjk)
{
	const char *xml =
		"<hierarchy rotation=\"0\"><node index=\"7\" text=\"设置 &#x4E2D;&#25991; &lt;ok&gt; &quot;q&quot; &apos;\" "
		"resource-id=\"com.example:id/field\" class=\"android.widget.EditText\" package=\"com.example\" "
		"content-desc=\"描述\" hint=\"输入名字\" checkable=\"true\" checked=\"true\" clickable=\"true\" "
		"enabled=\"true\" focusable=\"true\" focused=\"true\" scrollable=\"true\" long-clickable=\"true\" "
		"password=\"true\" selected=\"true\" NAF=\"true\" visible-to-user=\"true\" drawing-order=\"4\" "
		"display-id=\"0\" bounds=\"[-10,20][300,400]\" unknown-attr=\"x\"/></hierarchy>";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t && t->n_nodes == 1);
	const struct ui_widget *w = t->nodes[0];
	CHECK_INT_EQ(w->index, 7);
	CHECK_STR_EQ(w->text, "设置 中文 <ok> \"q\" '");
	CHECK_STR_EQ(w->resource_id, "com.example:id/field");
	CHECK_STR_EQ(w->class_name, "android.widget.EditText");
	CHECK_STR_EQ(w->package, "com.example");
	CHECK_STR_EQ(w->content_desc, "描述");
	CHECK_STR_EQ(w->hint, "输入名字");
	CHECK(w->checkable && w->checked && w->clickable && w->enabled && w->focusable && w->focused);
	CHECK(w->scrollable && w->long_clickable && w->password && w->selected && w->naf);
	CHECK(w->visible_to_user);
	CHECK_INT_EQ(w->drawing_order, 4);
	CHECK_INT_EQ(w->display_id, 0);
	CHECK_INT_EQ(w->bounds.x1, -10);
	CHECK_INT_EQ(w->bounds.y1, 20);
	CHECK_INT_EQ(w->bounds.x2, 300);
	CHECK_INT_EQ(w->bounds.y2, 400);
	CHECK_INT_EQ(ui_widget_actions(w, &t->screen),
		     UI_ACT_CLICK | UI_ACT_LONG_CLICK | UI_ACT_INPUT | UI_ACT_CHECK | UI_ACT_SCROLL);
	ui_tree_free(t);
}

TEST(visibility)
{
	const char *xml =
		"<hierarchy rotation=\"0\"><node class=\"F\" bounds=\"[0,0][1000,2000]\">"
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" bounds=\"[10,10][20,20]\"/>"     /* 1 visible */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" bounds=\"[10,10][10,20]\"/>"     /* 2 zero width */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" bounds=\"[1000,0][1100,50]\"/>"  /* 3 off screen (touching) */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" bounds=\"[990,1990][1100,2100]\"/>" /* 4 partly on */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" visible-to-user=\"false\" bounds=\"[10,10][20,20]\"/>" /* 5 */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\" bounds=\"[50,50][40,60]\"/>"     /* 6 inverted */
		"<node class=\"B\" clickable=\"true\" enabled=\"true\"/>"                              /* 7 no bounds */
		"</node></hierarchy>";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xml, &t));
	REQUIRE(t && t->n_nodes == 8);
	const struct ui_rect *s = &t->screen;
	CHECK(ui_widget_visible(t->nodes[1], s));
	CHECK(!ui_widget_visible(t->nodes[2], s));
	CHECK(!ui_widget_visible(t->nodes[3], s));
	CHECK(ui_widget_visible(t->nodes[4], s));
	CHECK(!ui_widget_visible(t->nodes[5], s));
	CHECK(!ui_widget_visible(t->nodes[6], s));
	CHECK(!ui_widget_visible(t->nodes[7], s));
	CHECK_INT_EQ(ui_widget_actions(t->nodes[1], s), UI_ACT_CLICK);
	CHECK_INT_EQ(ui_widget_actions(t->nodes[3], s), 0);
	CHECK_INT_EQ(ui_widget_actions(t->nodes[5], s), 0);
	/* without a screen only the bounds count */
	CHECK(ui_widget_visible(t->nodes[3], NULL));
	CHECK(!t->nodes[7]->bounds.x2 && ui_rect_empty(&t->nodes[7]->bounds));
	ui_tree_free(t);
}

TEST(tap_point)
{
	struct ui_widget w;
	struct ui_rect screen = { 0, 0, 1080, 1920 };
	int x = -1, y = -1;
	memset(&w, 0, sizeof w);
	w.bounds = (struct ui_rect){ 100, 200, 301, 400 };
	CHECK(ui_widget_tap_point(&w, &screen, &x, &y));
	CHECK_INT_EQ(x, 200);
	CHECK_INT_EQ(y, 300);
	/* partly below the screen: the centre of the visible part */
	w.bounds = (struct ui_rect){ 0, 1800, 1080, 2200 };
	CHECK(ui_widget_tap_point(&w, &screen, &x, &y));
	CHECK_INT_EQ(x, 540);
	CHECK_INT_EQ(y, 1860);
	CHECK(ui_widget_tap_point(&w, NULL, &x, &y));
	CHECK_INT_EQ(y, 2000);
	x = y = -1;
	w.bounds = (struct ui_rect){ 2000, 0, 2100, 10 };
	CHECK(!ui_widget_tap_point(&w, &screen, &x, &y));
	w.bounds = (struct ui_rect){ 5, 5, 5, 10 };
	CHECK(!ui_widget_tap_point(&w, NULL, &x, &y));
	CHECK(x == -1 && y == -1);
	w.bounds = (struct ui_rect){ -10000000, -10000000, 10000000, 10000000 };
	CHECK(ui_widget_tap_point(&w, NULL, &x, &y));
	CHECK(x == 0 && y == 0);
}

TEST(rects)
{
	struct ui_rect a = { 0, 0, 10, 10 }, b = { 10, 0, 20, 10 }, c = { 9, 9, 11, 11 }, e = { 5, 5, 5, 9 };
	CHECK_INT_EQ(ui_rect_width(&a), 10);
	CHECK_INT_EQ(ui_rect_height(&c), 2);
	CHECK_INT_EQ(ui_rect_width(&e), 0);
	CHECK(!ui_rect_intersects(&a, &b)); /* x2 is exclusive */
	CHECK(ui_rect_intersects(&a, &c));
	CHECK(!ui_rect_intersects(&a, &e));
	CHECK(ui_rect_empty(&e));
	CHECK(!ui_rect_empty(&a));
}

TEST(labels_and_editable)
{
	struct ui_widget w;
	memset(&w, 0, sizeof w);
	w.text = w.content_desc = w.hint = w.resource_id = (char *)"";
	CHECK_STR_EQ(ui_widget_label(&w), "");
	w.resource_id = (char *)"com.example:id/save_button";
	CHECK_STR_EQ(ui_widget_label(&w), "save_button");
	w.resource_id = (char *)"plainid";
	CHECK_STR_EQ(ui_widget_label(&w), "plainid");
	w.hint = (char *)"Name";
	CHECK_STR_EQ(ui_widget_label(&w), "Name");
	w.content_desc = (char *)"Navigate up";
	CHECK_STR_EQ(ui_widget_label(&w), "Navigate up");
	w.text = (char *)"  ";
	CHECK_STR_EQ(ui_widget_label(&w), "Navigate up"); /* blank text does not count */
	w.text = (char *)"Save";
	CHECK_STR_EQ(ui_widget_label(&w), "Save");

	CHECK(ui_class_is_editable("android.widget.EditText"));
	CHECK(ui_class_is_editable("androidx.appcompat.widget.AppCompatEditText"));
	CHECK(ui_class_is_editable("com.google.android.material.textfield.TextInputEditText"));
	CHECK(ui_class_is_editable("android.widget.AutoCompleteTextView"));
	CHECK(ui_class_is_editable("android.widget.SearchView$SearchAutoComplete"));
	CHECK(!ui_class_is_editable("android.widget.TextView"));
	CHECK(!ui_class_is_editable("android.widget.EditTextPreferenceView"));
	CHECK(!ui_class_is_editable(""));
	CHECK(!ui_class_is_editable(NULL));
}

TEST(empty_hierarchy)
{
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str("<?xml version='1.0' ?><hierarchy rotation=\"0\"/>", &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->n_nodes, 0);
	CHECK_INT_EQ(t->n_roots, 0);
	CHECK(ui_rect_empty(&t->screen));
	ui_tree_free(t);
}

TEST(malformed)
{
	expect_error("", 0, TD_ERR_PARSE, "empty");
	expect_error(NULL, 0, TD_ERR_PARSE, "bad.xml");
	expect_error("   \n\n  ", 7, TD_ERR_PARSE, "bad.xml:3");
	expect_error("hello world", 11, TD_ERR_PARSE, "bad.xml");
	const char *g = "\x01\x02\xff<\xfe\x00garbage";
	expect_error(g, 12, TD_ERR_PARSE, "bad.xml");
	const char *notroot = "<?xml version='1.0'?><foo><node bounds=\"[0,0][1,1]\"/></foo>";
	expect_error(notroot, strlen(notroot), TD_ERR_PARSE, "expected <hierarchy> or <displays>");
	const char *unclosed = "<?xml version='1.0'?>\n<hierarchy>\n<node bounds=\"[0,0][1,1]\">\n</hierarchy>";
	expect_error(unclosed, strlen(unclosed), TD_ERR_PARSE, "bad.xml:");
	const char *undefined = "<hierarchy><node text=\"&nope;\" bounds=\"[0,0][1,1]\"/></hierarchy>";
	expect_error(undefined, strlen(undefined), TD_ERR_PARSE, "nope");
	const char *badattr = "<hierarchy><node text=\"a\" text=\"b\"/></hierarchy>";
	expect_error(badattr, strlen(badattr), TD_ERR_PARSE, "bad.xml:1");
	/* dumps are UTF-8 whatever they declare: Latin-1 bytes are refused */
	const char *latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><hierarchy><node text=\"caf\xe9\" bounds=\"[0,0][1,1]\"/></hierarchy>";
	expect_error(latin1, strlen(latin1), TD_ERR_PARSE, "bad.xml:1");
	static const char ucs4[] = "\0\0\0<\0\0\0h";
	expect_error(ucs4, sizeof ucs4 - 1, TD_ERR_PARSE, "bad.xml");
	static const char nul[] = "<hierarchy><node text=\"a\0b\"/></hierarchy>";
	expect_error(nul, sizeof nul - 1, TD_ERR_PARSE, "bad.xml");
}

TEST(truncated_fixture)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/trace_7_2.xml", screens_dir);
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	char *buf = xmalloc(70000);
	size_t n = fread(buf, 1, 70000, f);
	fclose(f);
	REQUIRE(n > 1000);
	/* cut at many places: each must fail cleanly, never crash */
	for (size_t cut = 1; cut < n; cut += 997)
		expect_error(buf, cut, TD_ERR_PARSE, "bad.xml:1");
	struct ui_tree *t = NULL;
	CHECK_OK(ui_parse(buf, n, "whole", &t));
	CHECK(t && t->n_nodes == 179);
	ui_tree_free(t);
	free(buf);
}

TEST(entity_attacks)
{
	const char *laughs =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE lolz [\n"
		" <!ENTITY lol \"lol\">\n"
		" <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
		" <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
		" <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
		" <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
		" <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
		" <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
		" <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
		" <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
		"]>\n"
		"<hierarchy><node text=\"&lol9;\" bounds=\"[0,0][1,1]\"/></hierarchy>";
	expect_error(laughs, strlen(laughs), TD_ERR_PARSE, "bad.xml:2: DOCTYPE");
	const char *xxe =
		"<?xml version=\"1.0\"?><!DOCTYPE h [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
		"<hierarchy><node text=\"&x;\" bounds=\"[0,0][1,1]\"/></hierarchy>";
	expect_error(xxe, strlen(xxe), TD_ERR_PARSE, "DOCTYPE");
	const char *ext = "<!DOCTYPE hierarchy SYSTEM \"http://example.com/x.dtd\"><hierarchy/>";
	expect_error(ext, strlen(ext), TD_ERR_PARSE, "DOCTYPE");
	/* a DOCTYPE after a comment is still found */
	const char *late = "<?xml version=\"1.0\"?><!-- hi --><!DOCTYPE h [<!ENTITY a \"b\">]><hierarchy/>";
	expect_error(late, strlen(late), TD_ERR_PARSE, "DOCTYPE");
	/* parameter entities / xinclude do nothing special: unknown elements are ignored */
	const char *xi = "<hierarchy xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"/etc/passwd\" parse=\"text\"/></hierarchy>";
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str(xi, &t));
	CHECK(t && t->n_nodes == 0);
	ui_tree_free(t);
}

TEST(oversize)
{
	size_t n = (size_t)UI_XML_MAX_BYTES + 1;
	char *big = xmalloc(n);
	memset(big, ' ', n);
	memcpy(big, "<hierarchy>", 11);
	expect_error(big, n, TD_ERR_TOO_BIG, "limit");
	free(big);

	/* a file over the limit is refused by ui_parse_file too */
	char path[] = "/tmp/trident_ui_big_XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	FILE *f = fdopen(fd, "wb");
	REQUIRE(f);
	CHECK(fseek(f, (long)UI_XML_MAX_BYTES, SEEK_SET) == 0);
	fputc('x', f);
	fclose(f);
	struct ui_tree *t = NULL;
	int err = ui_parse_file(path, &t);
	CHECK_INT_EQ(err, TD_ERR_TOO_BIG);
	CHECK(t == NULL);
	CHECK(strstr(td_errmsg(err), path) != NULL);
	remove(path);

	err = ui_parse_file("/nonexistent/dir/dump.xml", &t);
	CHECK(err == TD_ERR_NOT_FOUND || err == TD_ERR_IO);
}

TEST(bad_bounds)
{
	static const char *const bad[] = {
		"", "[0,0][10]", "[a,b][c,d]", "[0,0][99999999999999999999,1]", "[0,0][1,1]x",
		"0,0,1,1", "[0,0] [1,1]", "[0,0][1,1", "[-,0][1,1]", "[0,0][2147483648,1]",
		"[0,0][1,-2147483649]", "[+1,0][2,2]", "[ 1,0][2,2]", "[0,0][1,1][2,2]",
	};
	char xml[512];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(xml, sizeof xml, "<hierarchy>\n<node class=\"A\" bounds=\"%s\"/></hierarchy>", bad[i]);
		expect_error(xml, strlen(xml), TD_ERR_PARSE, "bad.xml:2: bad bounds");
	}
	struct ui_tree *t = NULL;
	CHECK_OK(parse_str("<hierarchy><node bounds=\"[-5,-7][-1,-2]\"/></hierarchy>", &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->nodes[0]->bounds.x1, -5);
	CHECK_INT_EQ(t->nodes[0]->bounds.y2, -2);
	ui_tree_free(t);
	/* lenient integers: garbage index/drawing-order fall back to defaults */
	CHECK_OK(parse_str("<hierarchy><node index=\"x\" drawing-order=\"9999999999\" checked=\"yes\" bounds=\"[0,0][1,1]\"/></hierarchy>", &t));
	REQUIRE(t);
	CHECK_INT_EQ(t->nodes[0]->index, 0);
	CHECK_INT_EQ(t->nodes[0]->drawing_order, -1);
	CHECK(!t->nodes[0]->checked);
	ui_tree_free(t);
}

TEST(deep_nesting)
{
	/* 200 levels parse; 2000 levels are refused by the parser's depth limit */
	for (int pass = 0; pass < 2; pass++) {
		int depth = pass ? 2000 : 200;
		size_t cap = (size_t)depth * 40 + 64;
		char *xml = xmalloc(cap);
		size_t n = 0;
		n += (size_t)sprintf(xml + n, "<hierarchy>");
		for (int i = 0; i < depth; i++)
			n += (size_t)sprintf(xml + n, "<node bounds=\"[0,0][9,9]\">");
		for (int i = 0; i < depth; i++)
			n += (size_t)sprintf(xml + n, "</node>");
		n += (size_t)sprintf(xml + n, "</hierarchy>");
		struct ui_tree *t = NULL;
		int err = ui_parse(xml, n, "deep.xml", &t);
		if (pass == 0) {
			CHECK_OK(err);
			CHECK(t && t->n_nodes == 200 && t->nodes[199]->depth == 199);
		} else {
			CHECK_INT_EQ(err, TD_ERR_PARSE);
			CHECK(strstr(td_errmsg(err), "deep.xml:1") != NULL);
		}
		ui_tree_free(t);
		free(xml);
	}
}

/* One thread's work: parse every fixture several times, check its signature. */
static void *parse_worker(void *arg)
{
	const uint64_t *want = arg;
	long bad = 0;
	for (int rep = 0; rep < 5; rep++)
		for (int i = 0; i < 12; i++) {
			char path[4200];
			struct ui_tree *t = NULL;
			snprintf(path, sizeof path, "%s/trace_7_%d.xml", screens_dir, i);
			if (ui_parse_file(path, &t) != TD_OK || ui_sig_text(t, NULL) != want[i])
				bad++;
			ui_tree_free(t);
			/* a failing parse on the side: errors are per thread */
			if (ui_parse("<hierarchy>", 11, "x", &t) != TD_ERR_PARSE || !strstr(td_errmsg(TD_ERR_PARSE), "x:1"))
				bad++;
		}
	return (void *)bad;
}

TEST(concurrent_parses)
{
	uint64_t want[12];
	for (int i = 0; i < 12; i++) {
		struct ui_tree *t = load_fixture(i);
		REQUIRE(t);
		want[i] = ui_sig_text(t, NULL);
		ui_tree_free(t);
	}
	pthread_t th[4];
	for (int i = 0; i < 4; i++)
		REQUIRE(pthread_create(&th[i], NULL, parse_worker, want) == 0);
	for (int i = 0; i < 4; i++) {
		void *bad = NULL;
		pthread_join(th[i], &bad);
		CHECK(bad == NULL);
	}
}

int main(void)
{
	RUN(labels_and_editable);
	RUN(rects);
	RUN(tap_point);
	RUN(trailing_and_leading_noise);
	RUN(pretty_equals_one_line);
	RUN(windows_form);
	RUN(subtree_end);
	RUN(aosp_windows_form);
	RUN(ime_window_dropped);
	RUN(all_attributes_and_cjk);
	RUN(visibility);
	RUN(empty_hierarchy);
	RUN(malformed);
	RUN(entity_attacks);
	RUN(oversize);
	RUN(bad_bounds);
	RUN(deep_nesting);
	screens_dir = test_real_screens_dir();
	if (!screens_dir) {
		printf("real-screens fixtures absent: skipping the fixture tests\n");
		if (tests_failed)
			return test_summary();
		return test_skip("real-screens fixtures not found ($TRIDENT_FIXTURES/real-screens)");
	}
	RUN(fixture_counts);
	RUN(fixture_known_widgets);
	RUN(fixture_photos_home);
	RUN(fixture_launcher);
	RUN(fixture_maps_search);
	RUN(fixture_dialog_checkbox);
	RUN(truncated_fixture);
	RUN(concurrent_parses);
	return test_summary();
}
