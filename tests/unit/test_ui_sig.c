/*
 * test_ui_sig.c - the three screen signatures of core/ui.h: which changes
 * each one sees and which it ignores, on hand-written dumps and on the real
 * screens (the checkbox dialog before/after, the settings page scrolled).
 */
#include <stdint.h>

#include "test.h"

#include "core/error.h"
#include "core/ui.h"

/* A settings-like screen: a toolbar and `rows` list rows of (title, switch). */
static struct ui_tree *make_screen(int rows, const char *title0, bool checked0,
				   const char *extra_attrs_row0, bool hidden_extra)
{
	char xml[16384];
	size_t n = 0;
	n += (size_t)snprintf(xml + n, sizeof xml - n,
			      "<hierarchy rotation=\"0\"><node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">"
			      "<node class=\"android.widget.TextView\" resource-id=\"app:id/toolbar_title\" text=\"Settings\" bounds=\"[0,0][1080,150]\"/>"
			      "<node class=\"androidx.recyclerview.widget.RecyclerView\" resource-id=\"app:id/list\" scrollable=\"true\" bounds=\"[0,150][1080,1920]\">");
	for (int i = 0; i < rows; i++) {
		int y = 150 + i * 150;
		n += (size_t)snprintf(xml + n, sizeof xml - n,
				      "<node class=\"android.widget.LinearLayout\" resource-id=\"app:id/row\" clickable=\"true\" enabled=\"true\" bounds=\"[0,%d][1080,%d]\" %s>"
				      "<node class=\"android.widget.TextView\" resource-id=\"app:id/title\" text=\"%s %d\" bounds=\"[40,%d][800,%d]\"/>"
				      "<node class=\"android.widget.Switch\" resource-id=\"app:id/switch\" checkable=\"true\" checked=\"%s\" bounds=\"[900,%d][1040,%d]\"/>"
				      "</node>",
				      y, y + 150, i == 0 ? extra_attrs_row0 : "", i == 0 ? title0 : "Option", i,
				      y + 20, y + 130, i == 0 && checked0 ? "true" : "false", y + 20, y + 130);
	}
	n += (size_t)snprintf(xml + n, sizeof xml - n, "</node>");
	if (hidden_extra)
		n += (size_t)snprintf(xml + n, sizeof xml - n,
				      "<node class=\"android.widget.ImageView\" resource-id=\"app:id/hidden\" bounds=\"[0,0][0,0]\"/>"
				      "<node class=\"android.widget.ImageView\" resource-id=\"app:id/offscreen\" bounds=\"[2000,0][2100,100]\"/>");
	n += (size_t)snprintf(xml + n, sizeof xml - n, "</node></hierarchy>");
	struct ui_tree *t = NULL;
	int err = ui_parse(xml, n, "sig.xml", &t);
	if (err)
		fprintf(stderr, "make_screen: %s\n", td_errmsg(err));
	return t;
}

struct sigs {
	uint64_t s, a, t;
};

static struct sigs sigs_of(const struct ui_tree *t, const char *act)
{
	return (struct sigs){ ui_sig_structural(t, act), ui_sig_abstract(t, act), ui_sig_text(t, act) };
}

TEST(deterministic)
{
	struct ui_tree *a = make_screen(3, "Wi-Fi", false, "", false);
	struct ui_tree *b = make_screen(3, "Wi-Fi", false, "", false);
	REQUIRE(a && b);
	struct sigs x = sigs_of(a, "app/.Main"), y = sigs_of(b, "app/.Main");
	CHECK(x.s == y.s && x.a == y.a && x.t == y.t);
	/* the three grains are different hashes of the same screen */
	CHECK(x.s != x.a && x.s != x.t && x.a != x.t);
	ui_tree_free(a);
	ui_tree_free(b);
}

TEST(list_length)
{
	struct ui_tree *three = make_screen(3, "Wi-Fi", false, "", false);
	struct ui_tree *five = make_screen(5, "Wi-Fi", false, "", false);
	REQUIRE(three && five);
	struct sigs x = sigs_of(three, NULL), y = sigs_of(five, NULL);
	CHECK(x.a == y.a); /* Genie's abstraction collapses list length */
	CHECK(x.s != y.s); /* Vet's structure sees the extra rows */
	CHECK(x.t != y.t);
	ui_tree_free(three);
	ui_tree_free(five);
}

TEST(text_and_checked)
{
	struct ui_tree *base = make_screen(3, "Wi-Fi", false, "", false);
	struct ui_tree *renamed = make_screen(3, "Bluetooth", false, "", false);
	struct ui_tree *toggled = make_screen(3, "Wi-Fi", true, "", false);
	REQUIRE(base && renamed && toggled);
	struct sigs b = sigs_of(base, NULL), r = sigs_of(renamed, NULL), c = sigs_of(toggled, NULL);
	CHECK(b.s == r.s); /* structural ignores text */
	CHECK(b.a == r.a);
	CHECK(b.t != r.t); /* text-sensitive sees it */
	CHECK(b.s == c.s); /* structural ignores checked */
	CHECK(b.a == c.a);
	CHECK(b.t != c.t);
	CHECK(r.t != c.t);
	ui_tree_free(base);
	ui_tree_free(renamed);
	ui_tree_free(toggled);
}

TEST(invisible_nodes_and_other_attributes)
{
	struct ui_tree *base = make_screen(3, "Wi-Fi", false, "", false);
	struct ui_tree *hidden = make_screen(3, "Wi-Fi", false, "", true);
	struct ui_tree *focused = make_screen(3, "Wi-Fi", false, "focused=\"true\" selected=\"true\"", false);
	struct ui_tree *described = make_screen(3, "Wi-Fi", false, "content-desc=\"Wi-Fi row\"", false);
	REQUIRE(base && hidden && focused && described);
	struct sigs b = sigs_of(base, NULL), h = sigs_of(hidden, NULL);
	struct sigs f = sigs_of(focused, NULL), d = sigs_of(described, NULL);
	/* empty and off-screen nodes are not part of any signature */
	CHECK(b.s == h.s && b.a == h.a && b.t == h.t);
	/* focus/selection are not part of any grain */
	CHECK(b.s == f.s && b.a == f.a && b.t == f.t);
	/* a list row's content-desc names its data: no grain sees it */
	CHECK(b.s == d.s && b.t == d.t && b.a == d.a);
	/* outside a list, content-desc is part of Genie's abstraction only */
	{
		static const char plain[] =
			"<hierarchy rotation=\"0\"><node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">"
			"<node class=\"android.widget.ImageButton\" resource-id=\"app:id/go\" clickable=\"true\" "
			"bounds=\"[0,0][200,200]\"/></node></hierarchy>";
		static const char desc[] =
			"<hierarchy rotation=\"0\"><node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,1920]\">"
			"<node class=\"android.widget.ImageButton\" resource-id=\"app:id/go\" content-desc=\"Search\" "
			"clickable=\"true\" bounds=\"[0,0][200,200]\"/></node></hierarchy>";
		struct ui_tree *p = NULL, *q = NULL;

		CHECK_OK(ui_parse(plain, sizeof(plain) - 1, "plain.xml", &p));
		CHECK_OK(ui_parse(desc, sizeof(desc) - 1, "desc.xml", &q));
		if (p && q) {
			struct sigs x = sigs_of(p, NULL), y = sigs_of(q, NULL);

			CHECK(x.s == y.s && x.t == y.t);
			CHECK(x.a != y.a);
		}
		ui_tree_free(p);
		ui_tree_free(q);
	}
	ui_tree_free(base);
	ui_tree_free(hidden);
	ui_tree_free(focused);
	ui_tree_free(described);
}

TEST(activity)
{
	struct ui_tree *t = make_screen(2, "Wi-Fi", false, "", false);
	REQUIRE(t);
	struct sigs n = sigs_of(t, NULL), e = sigs_of(t, ""), a = sigs_of(t, "app/.Main"),
		    o = sigs_of(t, "app/.Other");
	CHECK(n.s != e.s && n.a != e.a && n.t != e.t);
	CHECK(a.s != o.s && a.a != o.a && a.t != o.t);
	CHECK(a.s != n.s);
	ui_tree_free(t);
}

TEST(structure_changes)
{
	const char *x = "<hierarchy><node class=\"A\" bounds=\"[0,0][100,100]\"><node class=\"B\" resource-id=\"i\" bounds=\"[0,0][50,50]\"/>"
			"<node class=\"C\" bounds=\"[50,50][100,100]\"/></node></hierarchy>";
	/* same (class, id) multiset but C nested under B: depth differs */
	const char *y = "<hierarchy><node class=\"A\" bounds=\"[0,0][100,100]\"><node class=\"B\" resource-id=\"i\" bounds=\"[0,0][50,50]\">"
			"<node class=\"C\" bounds=\"[0,0][40,40]\"/></node></node></hierarchy>";
	/* a different resource-id */
	const char *z = "<hierarchy><node class=\"A\" bounds=\"[0,0][100,100]\"><node class=\"B\" resource-id=\"j\" bounds=\"[0,0][50,50]\"/>"
			"<node class=\"C\" bounds=\"[50,50][100,100]\"/></node></hierarchy>";
	struct ui_tree *tx = NULL, *ty = NULL, *tz = NULL;
	CHECK_OK(ui_parse(x, strlen(x), "x", &tx));
	CHECK_OK(ui_parse(y, strlen(y), "y", &ty));
	CHECK_OK(ui_parse(z, strlen(z), "z", &tz));
	REQUIRE(tx && ty && tz);
	CHECK(ui_sig_structural(tx, NULL) != ui_sig_structural(ty, NULL));
	CHECK(ui_sig_abstract(tx, NULL) == ui_sig_abstract(ty, NULL)); /* a set: nesting is not seen */
	CHECK(ui_sig_structural(tx, NULL) != ui_sig_structural(tz, NULL));
	CHECK(ui_sig_abstract(tx, NULL) != ui_sig_abstract(tz, NULL));
	CHECK(ui_sig_text(tx, NULL) != ui_sig_text(tz, NULL));
	ui_tree_free(tx);
	ui_tree_free(ty);
	ui_tree_free(tz);
}

TEST(empty_screen)
{
	struct ui_tree *t = NULL;
	CHECK_OK(ui_parse("<hierarchy/>", 12, "e", &t));
	REQUIRE(t);
	struct sigs a = sigs_of(t, NULL), b = sigs_of(t, NULL);
	CHECK(a.s == b.s && a.a == b.a && a.t == b.t);
	ui_tree_free(t);
}

/* Load trace_7_<i>.xml from the fixtures. */
static struct ui_tree *fixture(const char *dir, int i)
{
	char path[4200];
	struct ui_tree *t = NULL;
	snprintf(path, sizeof path, "%s/trace_7_%d.xml", dir, i);
	int err = ui_parse_file(path, &t);
	if (err)
		TEST_FAIL_AT("%s", td_errmsg(err));
	return t;
}

static const char *screens_dir;

TEST(fixtures)
{
	struct ui_tree *t[12];
	for (int i = 0; i < 12; i++) {
		t[i] = fixture(screens_dir, i);
		REQUIRE(t[i]);
	}
	/* 8 -> 9: the checkbox got checked (and Delete got enabled) */
	CHECK(ui_sig_structural(t[8], NULL) == ui_sig_structural(t[9], NULL));
	CHECK(ui_sig_abstract(t[8], NULL) == ui_sig_abstract(t[9], NULL));
	CHECK(ui_sig_text(t[8], NULL) != ui_sig_text(t[9], NULL));
	/* 7 -> 11: the same settings list scrolled by 30 px, one row more */
	CHECK(ui_sig_abstract(t[7], NULL) == ui_sig_abstract(t[11], NULL));
	CHECK(ui_sig_structural(t[7], NULL) != ui_sig_structural(t[11], NULL));
	/* every other pair of screens differs at every grain */
	for (int i = 0; i < 12; i++)
		for (int j = i + 1; j < 12; j++) {
			if ((i == 8 && j == 9) || (i == 7 && j == 11))
				continue;
			if (ui_sig_structural(t[i], NULL) == ui_sig_structural(t[j], NULL) ||
			    ui_sig_abstract(t[i], NULL) == ui_sig_abstract(t[j], NULL) ||
			    ui_sig_text(t[i], NULL) == ui_sig_text(t[j], NULL))
				TEST_FAIL_AT("screens %d and %d share a signature", i, j);
		}
	for (int i = 0; i < 12; i++)
		ui_tree_free(t[i]);
}

int main(void)
{
	RUN(deterministic);
	RUN(list_length);
	RUN(text_and_checked);
	RUN(invisible_nodes_and_other_attributes);
	RUN(activity);
	RUN(structure_changes);
	RUN(empty_screen);
	screens_dir = test_real_screens_dir();
	if (!screens_dir) {
		printf("real-screens fixtures absent: skipping the fixture tests\n");
		return tests_failed ? test_summary() : test_skip("real-screens fixtures not found");
	}
	RUN(fixtures);
	return test_summary();
}
