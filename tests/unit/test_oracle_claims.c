/*
 * test_oracle_claims.c - the claims oracle's pure check
 * (oracle_claimed_add, oracle_claim_not_listed) on hand-made screens of an
 * address book: a contact's page whose "Add to favorites" flipped to
 * "Remove from favorites", and the Favorites page a Back and its tab open.
 * A Favorites page that shows all its rows and not the contact is found;
 * one that lists the contact, a page that did not flip, a page that is not
 * the collection's, a list longer than the screen, an empty collection
 * without a list and a tap labelled otherwise are never found.
 */
#include <stdbool.h>

#include "test.h"
#include "offline_xml.h"

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "core/xalloc.h"

#define RV "androidx.recyclerview.widget.RecyclerView"
#define ROW "android.widget.LinearLayout"
#define TEXT "android.widget.TextView"
#define BUTTON "android.widget.Button"

/* A contact's page titled `name` with Call and the favourite control labelled `star`. */
static struct ui_tree *contact_page(const char *name, const char *star)
{
	return x_tree(x_cat(x_bar(name), x_node(BUTTON, "t:id/call", "Call", "c", "", 0, 400, 500, 500, NULL),
			    x_node(BUTTON, "t:id/star", star, "c", "", 500, 400, 1080, 500, NULL), NULL));
}

/* A page titled `title` listing names[0..n-1], one row of 150 px each from y 300. */
static struct ui_tree *listing(const char *title, const char *const *names, int n)
{
	char *rows = calloc(1, 1);
	int y = 300;

	for (int i = 0; i < n; i++, y += 150)
		rows = x_cat(rows,
			     x_node1(ROW, "t:id/fav_row", "", "c", 0, y, 1080, y + 140,
				   x_node(TEXT, "t:id/fav_name", names[i], "", "", 40, y, 1000, y + 100, NULL)),
			     NULL);
	return x_tree(x_cat(x_bar(title), x_node1(RV, "t:id/fav_list", "", "", 0, 300, 1080, 2300, rows), NULL));
}

/* A page titled `title` with only a text (an empty collection shows no list). */
static struct ui_tree *empty_page(const char *title)
{
	return x_tree(x_cat(x_bar(title), x_node(TEXT, "t:id/empty", "No favorites yet", "", "", 40, 300, 1000, 400, NULL),
			    NULL));
}

/* The click on `label`. */
static void tap(struct action *a, const char *label)
{
	action_init(a);
	a->type = ACTION_CLICK;
	a->widget_text = xstrdup(label);
	a->resource_id = xstrdup("t:id/star");
}

/* Whether the check finds the claim on page `page` after tap `label` false, given `list`; frees both screens. */
static bool judged(struct ui_tree *page, const char *label, struct ui_tree *list, struct oracle_finding *f)
{
	struct action a;
	bool hit;

	tap(&a, label);
	hit = page && list && oracle_claim_not_listed(page, &a, list, f);
	action_release(&a);
	ui_tree_free(page);
	ui_tree_free(list);
	return hit;
}

static const char *const others[] = { "Ada Lovelace", "Grace Hopper" };

TEST(favorite_not_listed_is_found)
{
	struct oracle_finding f;

	CHECK(judged(contact_page("Mary Somerville", "Remove from favorites"), "Add to favorites",
		     listing("Favorites", others, 2), &f));
	CHECK_INT_EQ(f.category, BUG_CAT_DATA_OPERATION);
	CHECK(f.title && strstr(f.title, "Mary Somerville"));
	CHECK(f.diff && cJSON_GetObjectItem(f.diff, "blamed"));
	oracle_finding_release(&f);
}

TEST(favorite_listed_is_silent)
{
	static const char *const with[] = { "Ada Lovelace", "Mary Somerville" };
	struct oracle_finding f;

	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Add to favorites",
		      listing("Favorites", with, 2), &f));
	oracle_finding_release(&f);
}

/* The page must confirm the claim: no "Remove from <Name>" there, nothing claimed. */
TEST(unconfirmed_add_is_silent)
{
	struct oracle_finding f;

	CHECK(!judged(contact_page("Mary Somerville", "Add to favorites"), "Add to favorites",
		      listing("Favorites", others, 2), &f));
	oracle_finding_release(&f);
	/* Another collection's removal does not confirm this one. */
	CHECK(!judged(contact_page("Mary Somerville", "Remove from playlist"), "Add to favorites",
		      listing("Favorites", others, 2), &f));
	oracle_finding_release(&f);
}

/* Only a tap labelled "Add to <Name>" claims anything. */
TEST(other_taps_are_silent)
{
	struct oracle_finding f;

	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Favorite",
		      listing("Favorites", others, 2), &f));
	oracle_finding_release(&f);
	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Add",
		      listing("Favorites", others, 2), &f));
	oracle_finding_release(&f);
}

/* The trip's page must be the collection's: title or selected tab. */
TEST(page_not_the_collection_is_silent)
{
	struct oracle_finding f;

	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Add to favorites",
		      listing("Contacts", others, 2), &f));
	oracle_finding_release(&f);
}

/* A list longer than the screen may hold the item below the fold; an empty page has no list. */
TEST(long_or_empty_collection_is_silent)
{
	static const char *const many[] = { "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8",
					    "A9", "A10", "A11", "A12", "A13", "A14", "A15" };
	struct oracle_finding f;

	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Add to favorites",
		      listing("Favorites", many, 15), &f));
	oracle_finding_release(&f);
	CHECK(!judged(contact_page("Mary Somerville", "Remove from favorites"), "Add to favorites",
		      empty_page("Favorites"), &f));
	oracle_finding_release(&f);
}

/* The item is the page's title: a page titled like the collection names no item. */
TEST(page_titled_like_the_collection_is_silent)
{
	struct oracle_finding f;

	CHECK(!judged(contact_page("Favorites", "Remove from favorites"), "Add to favorites",
		      listing("Favorites", others, 2), &f));
	oracle_finding_release(&f);
}

TEST(registered)
{
	const struct oracle_kind *k = oracle_kind_find("claims");

	CHECK(k != NULL);
	if (!k)
		return;
	CHECK_STR_EQ(k->config_key, "oracles.claims");
	CHECK(k->after_step && k->recheck);
	CHECK_INT_EQ(k->category, BUG_CAT_DATA_OPERATION);
}

int main(void)
{
	RUN(favorite_not_listed_is_found);
	RUN(favorite_listed_is_silent);
	RUN(unconfirmed_add_is_silent);
	RUN(other_taps_are_silent);
	RUN(page_not_the_collection_is_silent);
	RUN(long_or_empty_collection_is_silent);
	RUN(page_titled_like_the_collection_is_silent);
	RUN(registered);
	return test_summary();
}
