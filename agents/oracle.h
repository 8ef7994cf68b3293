/*
 * oracle.h - the deterministic bug oracles' pure checks, on widget trees.
 *
 * Each check compares screens the offline machinery captured (before/after
 * an action, a rotation, a trip to the Home screen) and, when a property is
 * violated, fills a `struct oracle_finding`: category, title, description,
 * expected/actual, and the widget diff as JSON evidence. The checks never
 * touch a device; the oracle files in agents/oracles/ (one per oracle, one
 * table: oracle_kind.h) drive the device, call these, and replay-confirm
 * before reporting (docs/oracles.md).
 *
 *   oracle_state_lost      entered text / checked state lost (rotation, Home)
 *   oracle_rows_duplicated a list row shown twice after the same trips
 *   oracle_list_duplicates one add/save produced the same new row twice
 *   oracle_sort_claim      does an action claim to sort (and how)?
 *   oracle_list_unsorted   a list not in the claimed order
 *   oracle_display         overlapping text widgets, widgets off the screen
 *   oracle_effect_*        Genie's GUI effects Δ and their containment
 *   oracle_toggle_stuck    a tapped switch/checkbox kept its checked state
 *   oracle_loading_stuck   a spinner still alone on the screen after a wait
 *   oracle_entry_missing   an accepted entry (field cleared) that no list shows
 *   oracle_state_kept      an item marked read/archived/done still listed under the filter it left
 *   oracle_excluded_step   an item switched to excluded or hidden that a later list still shows
 *   oracle_rate_wrong      an amount beside a duration and an hourly rate that is not their product
 *   oracle_section_empty   a section heading followed at once by its Show more link, nothing between
 *   oracle_scale_ignored   a tap that changes the servings while every ingredient amount stays as it was
 *   oracle_hours_disagree  an opening status naming a time no range of the opening hours shown starts or ends at
 *   oracle_search_step     a search for an item the app's lists showed that answers "No results"
 *   oracle_order_kept_step a list row opened and left that comes back first in its list
 *   oracle_cross_count_wrong a plain tap to another page that counts the same things as another number
 *   oracle_reminder_wrong  a reminder time that is not the event's start less the lead its text states
 *   oracle_countdown_wrong a count of items left that says 2 or more where one tap ends the session
 *   oracle_under_keyboard_wrong a form's confirm pinned to the window's bottom, under the soft keyboard
 *   oracle_partition_step  counts split by month that add up to more than the whole another page showed
 *   oracle_prefill_wrong   an edit form that opens ticking a box for something the item's page does not list
 *   oracle_delete_plays_step the delete of the item that plays lands where another item plays
 *   oracle_gen_length_step a generated password of another length than the generator's length setting
 *   oracle_remainder_wrong a total and what it leaves out that do not add up to the whole beside them
 *   oracle_over_limit_wrong a count for today above the daily limit the same page states
 *
 * All functions are pure and thread-safe.
 */
#ifndef TRIDENT_AGENTS_ORACLE_H
#define TRIDENT_AGENTS_ORACLE_H

#include <stdbool.h>
#include <stddef.h>

#include "agents/action.h"
#include "agents/bugs.h"
#include "core/ui.h"

struct cJSON;

struct oracle_finding {
	enum bug_category category;
	const char *oracle;      /* static: "rotation", "background", "duplicate", ... */
	char *title;
	char *description;
	char *expected;
	char *actual;
	struct cJSON *diff;      /* widget diff evidence (owned), may be NULL */
};
void oracle_finding_init(struct oracle_finding *f);
void oracle_finding_release(struct oracle_finding *f);
/*
 * One bug per tap: give *f (which has diff) the subject "<kind> via <the
 * tapped widget>" unless it has one. The widget is the resource id of
 * diff.blamed (the tap a later screen showed wrong), else of diff.action,
 * or its label on page `activity` when it has none. Findings one Save
 * or Delete gives on several fields or lists (an edit form that drops the
 * name and the e-mail; a rename missing from two lists) are then one
 * report (bug_same compares subjects).
 */
void oracle_finding_subject_by_action(struct oracle_finding *f, const char *kind, const char *activity);
/* Fill a bug's title/category/description/expected/actual/extra/found_by ("oracle:NAME"). */
void oracle_finding_to_bug(const struct oracle_finding *f, struct bug *b);

/* --- state loss (oracles 1 and 2) --- */

/*
 * Whether `t` shows user state worth checking: an editable field holding
 * text that is not its hint, or a checked checkable widget.
 */
bool oracle_has_user_state(const struct ui_tree *t);
/* Whether t shows a dialog, popup, menu or other overlay layer (a dialog's dump may hold only the dialog; navigation.c). */
bool oracle_screen_has_layer(const struct ui_tree *t);
/*
 * Compare the user state of `before` with `after` (the same screen after a
 * rotation and back, or after Home and relaunch; `what` names the trip for
 * the message). Fields are matched by resource-id (and rank among widgets of
 * that id), else by class and rank. True, with *f filled (category
 * data_loss), when entered text or a checked state is gone. False when
 * nothing was lost, or when `after` is not the same screen (other activity
 * or no field matches): that is not this oracle's business.
 */
bool oracle_state_lost(const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after,
		       const char *what, struct oracle_finding *f);
/*
 * The same trips must not change a list's content: true, with *f (category
 * data_operation, diff.subject naming the list and the trip), when a list of
 * `after` shows a row more times than `before` did while showing no row
 * `before` lacked (rows may scroll out of view; no new text may appear).
 * False on another activity, when a row was never shown before, or when no
 * list matches by id: a refreshed feed is not this check's business.
 */
bool oracle_rows_duplicated(const struct ui_tree *before, const char *activity_before,
			    const struct ui_tree *after, const char *activity_after,
			    const char *what, struct oracle_finding *f);

/* --- lists (oracles 3 and 4) --- */

/* One list on a screen: its rows' texts. */
struct oracle_list {
	char *id;                /* resource-id of the list ("" none) + class */
	char **rows;             /* each row's texts joined with " | " */
	char **primary;          /* each row's first text (first content-desc if it has none) */
	size_t n_rows;
};
/* The lists of a screen (RecyclerView/ListView/GridView or scrollable with rows). */
size_t oracle_lists(const struct ui_tree *t, struct oracle_list **out);
void oracle_lists_free(struct oracle_list *l, size_t n);
/*
 * Whether `part` (joined texts, as a row's) is the tail of row `full` cut
 * after a " | " (a row scrolled half out at the top shows only its last
 * texts), or with head, also its head cut before one (half out at the
 * bottom).
 */
bool oracle_row_cut_to(const char *full, const char *part, bool head);

/* Whether the action reads like a confirm of a data entry ("Save", "Add", "OK", "Done"). */
bool oracle_is_save_action(const struct action *a);
/* The same with the label's confirm word as a whole word: "Saved walks" or "Additional settings" is none. */
bool oracle_is_confirm_word_action(const struct action *a);

/*
 * One save/add happened between `before` (the list as last seen) and
 * `after`: true, with *f (category data_operation), when some row that was
 * not in `before` now appears two or more times (or a row's count grew by
 * two or more).
 */
bool oracle_list_duplicates(const struct oracle_list *before, const struct oracle_list *after,
			    const struct action *done, struct oracle_finding *f);

enum oracle_sort_key { SORT_KEY_ANY = 0, SORT_KEY_TEXT, SORT_KEY_DATE, SORT_KEY_NUMBER };
enum oracle_sort_dir { SORT_DIR_ANY = 0, SORT_DIR_ASC, SORT_DIR_DESC };
struct oracle_sort_claim {
	enum oracle_sort_key key;
	enum oracle_sort_dir dir;
	char label[96];
};
/*
 * Whether clicking `done` claims to sort, and by a key the rows show: its
 * own label mentions sorting or an order ("Sort by name", "A-Z", "Newest
 * first"), or it is a choice tapped inside the menu, dialog or section of
 * a "Sort by" heading on `before` (a status label such as "Sort: Featured"
 * elsewhere on the page is no heading). A choice that names no key or
 * plain direction ("Featured", "Relevance", "Most popular") is false.
 */
bool oracle_sort_claim(const struct action *done, const struct ui_tree *before,
		       struct oracle_sort_claim *claim);
/* Whether rows are in the claimed order (any key/direction the claim allows). */
bool oracle_rows_sorted(const struct oracle_list *l, const struct oracle_sort_claim *claim);
/* True, with *f (category data_operation), when a list of >= 2 rows is not in the claimed order. */
bool oracle_list_unsorted(const struct oracle_list *after, const struct oracle_sort_claim *claim,
			  struct oracle_finding *f);

/* --- display (oracle 6) --- */

/*
 * Text widgets overlapping each other (intersection >= `overlap_min` of the
 * smaller box, neither containing the other in the tree, neither hidden
 * under a later dialog/scrim layer), and widgets with text extending
 * outside the screen. True with *f (category structure) for the first issue.
 */
bool oracle_display(const struct ui_tree *t, double overlap_min, struct oracle_finding *f);

/* --- Genie's GUI effects (oracle 5) --- */

/*
 * A GUI effect Δ(l_i, l_j) (seeds 003 Def. 7): the multiset of view keys
 * deleted from l_i ("-key") and added in l_j ("+key"). A view key is
 * class|resource-id|text|checked of a visible widget with text, an id or a
 * state. Views listed in `mask` (keys without the sign) are left out.
 */
struct oracle_effect {
	char **items;            /* "+key" / "-key", sorted */
	size_t n;
};
void oracle_effect_compute(const struct ui_tree *li, const struct ui_tree *lj,
			   const char *const *mask, size_t n_mask, struct oracle_effect *out);
void oracle_effect_release(struct oracle_effect *e);
/* Whether Δ ⊆ Δ' as multisets (Def. 8: a violation is !contained). */
bool oracle_effect_contained(const struct oracle_effect *seed, const struct oracle_effect *mutant);
/*
 * The view keys that differ between two runs of the same steps (`a` and `b`
 * the same step's screens): views that change by themselves, to be masked.
 * Appends to *mask (malloc'd strings).
 */
void oracle_effect_unstable(const struct ui_tree *a, const struct ui_tree *b,
			    char ***mask, size_t *n_mask, size_t *alloc);
/*
 * Genie's return check: the share of texts that differ between the pivot
 * screen and the screen after the detour (> 0.5: the detour did not return).
 */
double oracle_text_difference(const struct ui_tree *a, const struct ui_tree *b);

/*
 * The shape of the oracles that judge one action from the screens before
 * and after it (oracle_toggle_stuck, oracle_entry_missing): the Explorer
 * and replay confirmation call them the same way.
 */
typedef bool (*oracle_step_check)(const struct ui_tree *before, const char *activity_before,
				  const struct ui_tree *after, const char *activity_after, const struct action *done,
				  struct oracle_finding *f);

/* --- toggles (oracle 8) --- */

/*
 * The widget of `before` that action `done` (a click or check) tapped: the
 * one with the action's recorded bounds and class, else the one
 * action_resolve() re-finds, else the smallest widget under the tap point.
 * NULL when none fits or `done` is another kind of action.
 */
const struct ui_widget *oracle_toggle_target(const struct ui_tree *before, const struct action *done);
/*
 * A tap on a checkable, enabled widget that did not toggle: true, with *f
 * (category settings/configuration), when the target (oracle_toggle_target)
 * is checkable, enabled and not under a dialog layer, and on `after` its
 * counterpart (same resource-id and rank, else class and rank; same label
 * and list row) shows the same checked state. Not judged (false): another
 * activity, a new window or dialog/popup/toast layer, more than half of
 * the texts changed (the tap navigated), no counterpart, or an already
 * checked radio button (or member of a group of checkables of one class),
 * which stays checked by design.
 */
bool oracle_toggle_stuck(const struct ui_tree *before, const char *activity_before,
			 const struct ui_tree *after, const char *activity_after,
			 const struct action *done, struct oracle_finding *f);

/* --- control state (oracle 11) --- */

/*
 * A click on a control labelled one word of a pair (Play/Pause,
 * Start/Stop, Follow/Unfollow, Subscribe/Unsubscribe, Mute/Unmute,
 * Like/Unlike, Join/Leave, Connect/Disconnect) that flips it: true, with *f
 * (media control; data operation for the social pairs; settings for
 * Connect), when `after` shows the other word where the control was (same
 * resource-id, or a box over its centre) while every non-clickable text of
 * `before` naming the pair's status ("Paused", "12 followers") reads the
 * same on `after`. Not judged (false): no such status text on `before`,
 * another activity, a new window or layer, more than half of the texts
 * changed, or the label did not flip (the toggle oracle's business).
 * Also true (media control) for a click on a seek control (a label that
 * starts "Rewind", "Fast forward", "Skip back"...) on the same page that
 * turns a status reading exactly "Paused" or "Stopped" into one reading
 * exactly "Playing". And true (settings) for a click that opens another
 * page (no dialog on either) showing, as a text, the app-bar title of
 * `before` (the item) with a control (clickable, outside lists) "Key
 * value" whose value is written like, but differs from, a plain text
 * "... key: value" of `before` outside lists ("Playback speed: 2.0x", then
 * a button "Speed 1.0x"); values with a digit, money left out. And true
 * (media control) for a click on a list row naming an item that opens
 * another page reading exactly "Playing" that names another row of the
 * same list and not the row tapped, or for a control starting with the
 * word Play beside a status reading exactly "Not playing" (alone or after
 * "Key: ") whose press changed nothing on the screen.
 */
bool oracle_control_stuck(const struct ui_tree *before, const char *activity_before,
			  const struct ui_tree *after, const char *activity_after,
			  const struct action *done, struct oracle_finding *f);

/*
 * Oracle 20 (first_press), its precondition: a click on a media control
 * labelled exactly one word of a media pair (Play/Pause, Resume/Pause,
 * Start/Stop, Mute/Unmute) on a page whose non-clickable status reads
 * exactly the state opposite to the press ("Playing" beside Pause; none
 * reads the press's state) that left the page as it was: same activity, no
 * new window or layer, every visible text the same. The explorer then
 * presses the control again (a side trip).
 */
bool oracle_press_ignored(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done);
/*
 * Oracle 20 (first_press): the press of `done` on `before` was ignored
 * (oracle_press_ignored: `middle` is `before` unchanged) while the same
 * press repeated at once on `middle` gave `after` a status reading exactly
 * the press's state ("Paused") and none the opposite, same activity, no new
 * window: the first press is ignored (media control).
 */
bool oracle_first_press_ignored(const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *middle, const char *activity_middle,
				const struct ui_tree *after, const char *activity_after,
				const struct action *done, struct oracle_finding *f);
/*
 * Oracle 20 (first_press), a control that never answers: as
 * oracle_first_press_ignored, but the second press changed nothing either,
 * and the control ends the state its status reads (Pause beside "Playing",
 * Stop beside "Recording"; not Play beside "Stopped", which may have
 * nothing to play).
 */
bool oracle_press_never_answers(const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *middle, const char *activity_middle,
				const struct ui_tree *after, const char *activity_after,
				const struct action *done, struct oracle_finding *f);

/* --- claims (oracle 21) --- */

/*
 * Oracle 21 (claims), its precondition: `done` is a click on a control
 * labelled "Add to <Name>" and `page` (the screen after it; no dialog or
 * layer) offers a control "Remove from <Name>" and has an app-bar title
 * other than <Name> (the item). Name and item go lowered to name and item.
 */
bool oracle_claimed_add(const struct ui_tree *page, const struct action *done, char *name, size_t name_n, char *item,
			size_t item_n);
/*
 * Oracle 21 (claims): after oracle_claimed_add(page, done), `listing` (the
 * page a Back and a tap on the control labelled <Name> opened; no dialog or
 * layer) is <Name>'s - its app-bar title or a selected tab reads <Name> -
 * shows at least one list, each with every row visible (a row more would
 * fit), and no text or description there contains the item: the item the
 * app said it added is not listed (data operation).
 */
bool oracle_claim_not_listed(const struct ui_tree *page, const struct action *done, const struct ui_tree *listing,
			     struct oracle_finding *f);

/* --- units (oracle 18) --- */

/*
 * `after` (no visible text field: a converter shows both on purpose) shows
 * a temperature, speed, distance or weight as a number with a unit of one
 * system in one text ("Now: 18 °C") and with the other system's unit in
 * another ("High 70 °F"), and no single text shows both: true, with *f
 * (settings/configuration; extra.subject names the quantity and activity).
 * `before` and `done` are not read (a step check's signature).
 */
bool oracle_units_mixed(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * A calculation written out beside a result it does not compute to: true,
 * with *f (numerical calculation), when `after` shows a visible text that
 * is a formula (numbers joined by + − × ÷ *, spaced ASCII '-' and '/' only
 * beside another operator, "X%" and "X% Y") and, as the next visible text
 * under the same parent, a plain number (optionally after "="), one of the
 * two marked as a result ("=", or an id or description naming a formula,
 * expression, equation, result or answer), and that number is not the
 * formula's value left to right or with × ÷ first, a percent read as a
 * hundredth or as a share of the left side, within one unit of its last
 * shown digit, terms with decimals taken as possibly rounded (half a unit
 * of their last digit). Judged only where the step wrote the formula: `before`
 * shows no text equal to it and shows its resource-id with another text, or
 * it is in a list row.
 * extra.subject names the first operator and the activity; extra.blamed
 * the click on that operator.
 */
bool oracle_formula_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * grouping: a tracker of formula results (oracle_formula_result). After a
 * result of 1,000 or more written with groups of three, a result of a
 * formula new on the screen whose integer part has five digits or more and
 * no separator: true, with *f (settings/configuration; extra.subject names
 * the activity; one report per run). A click or check naming a separator,
 * grouping or thousands forgets the grouped result, and after one a result
 * in a list is no grouped sample.
 */
struct oracle_grouping_tracker;
struct oracle_tracked_step;
struct oracle_grouping_tracker *oracle_grouping_tracker_new(void);
void oracle_grouping_tracker_free(struct oracle_grouping_tracker *t);
bool oracle_grouping_step(struct oracle_grouping_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f);

/*
 * gone_page (oracle 50, gone_page.c): a tracker. A delete that took one row,
 * X, from a list whose page is not a list of references (history,
 * favourites, a playlist...), where a page titled X was seen before, is
 * remembered; a later screen of the app without a dialog titled X is the
 * finding, unless a tap or typing named X, an Undo, the list showing X
 * again or a restart with cleared data came in between.
 */
struct oracle_gone_page_tracker;
struct oracle_gone_page_tracker *oracle_gone_page_tracker_new(void);
void oracle_gone_page_tracker_free(struct oracle_gone_page_tracker *t);
bool oracle_gone_page_step(struct oracle_gone_page_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/*
 * selection (oracle 51, selection.c): a tracker. A screen showing a list's
 * selection (a checked checkable in a row, or "N selected") is kept; Back,
 * Up, Cancel, Close or Done out of it onto the same list must leave every
 * row kept in view, and Remove or Delete (and its dialog's confirm) every
 * row that was not selected. Judged only on a list shown whole after.
 */
struct oracle_selection_tracker;
struct oracle_selection_tracker *oracle_selection_tracker_new(void);
void oracle_selection_tracker_free(struct oracle_selection_tracker *t);
bool oracle_selection_step(struct oracle_selection_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/*
 * average (oracle 52, average.c): a tracker. The dated values of the last
 * list seen (rows with a date and a measure) are kept until a step that may
 * change data; an average over a date range that counts N values, when
 * exactly N kept values of its unit lie in the range, must be their mean
 * (within one unit of its last digit).
 */
struct oracle_average_tracker;
struct oracle_average_tracker *oracle_average_tracker_new(void);
void oracle_average_tracker_free(struct oracle_average_tracker *t);
bool oracle_average_step(struct oracle_average_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f);

/*
 * sum_count (oracle 53, sum_count.c): a tracker. An "All <things> (N)"
 * text and a list named by its noun whose rows' counts add up to N
 * calibrate the pair; the same rows later adding up to another number
 * than the total shown with them is the finding.
 */
struct oracle_sum_count_tracker;
struct oracle_sum_count_tracker *oracle_sum_count_tracker_new(void);
void oracle_sum_count_tracker_free(struct oracle_sum_count_tracker *t);
bool oracle_sum_count_step(struct oracle_sum_count_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/*
 * link_setting (oracle 54, link_setting.c): a tracker. The last "Label:
 * value" text whose label names links or a browser says where links open;
 * while it names a browser (not in-app, internal, custom tab...), a click
 * labelled "Open ... browser" that lands on another page of the app is the
 * finding.
 */
struct oracle_link_setting_tracker;
struct oracle_link_setting_tracker *oracle_link_setting_tracker_new(void);
void oracle_link_setting_tracker_free(struct oracle_link_setting_tracker *t);
bool oracle_link_setting_step(struct oracle_link_setting_tracker *t, const struct oracle_tracked_step *s,
			      struct oracle_finding *f);

/*
 * gallery (oracle 55, gallery.c): the screen after a step shows a caption
 * counting N pictures ("Gallery · 8 photos") over a plain gallery (its
 * parent: no other text, nothing clickable, no scrolling), whole on the
 * screen with the page going on below it, that shows 2 or more pictures
 * but fewer than N. True with *f (content missing).
 */
bool oracle_gallery_short(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * mark_kept (oracle 56, mark_kept.c): a tracker. A "Mark ..." click on the
 * page of a row the run saw listed, whose row then shows other texts, and a
 * later Sync / Refresh on a page showing the row marked that shows it with
 * its texts from before the mark: the finding.
 */
struct oracle_mark_kept_tracker;
struct oracle_mark_kept_tracker *oracle_mark_kept_tracker_new(void);
void oracle_mark_kept_tracker_free(struct oracle_mark_kept_tracker *t);
bool oracle_mark_kept_step(struct oracle_mark_kept_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/*
 * streak (oracle 57, streak.c): a step ticks a box (unticked before) in a
 * list row showing a streak ("Streak 21": the word and one whole number),
 * and the same activity then shows that row (by its name) with the box
 * ticked and the same streak number. True with *f (numerical).
 */
bool oracle_streak_kept(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, const struct action *done, struct oracle_finding *f);

/* --- totals (oracle 12) --- */

/*
 * A money total that disagrees with its rows: true, with *f (numerical
 * calculation), when `after` shows a total label outside list rows
 * ("Total: $12.50", "Subtotal", "Sum", "Spent", or "Total" beside its
 * value) and either (1) a list of 2+ rows, all shown (room for one more),
 * in which every row carries a money amount in some column ("$4.00",
 * "4.00") and no such column adds up to the total (half a cent per row
 * tolerated); or (2) `before` showed the same total label (a "Balance"
 * too) on the same activity, and the list gained or lost exactly one row
 * whose amount the total did not move by (either sign). Amounts without a
 * currency sign need two decimals. (1) reads data sizes too: a total of
 * what the listed things use ("Maps use 368 MB", "Downloads: 1.2 GB" with
 * the subject in the app-bar title; "Total size 318 MB") over the one list
 * shown whole whose 2+ rows are stored items with one size each, KB to TB
 * converted with a kilobyte of 1000 or 1024 bytes, one step of each
 * value's last digit tolerated.
 */
bool oracle_total_wrong(const struct ui_tree *before, const char *activity_before,
			const struct ui_tree *after, const char *activity_after,
			const struct action *done, struct oracle_finding *f);
/* The last screen with a total the run saw (property 2 across pages). */
struct oracle_total_tracker;
struct oracle_total_tracker *oracle_total_tracker_new(void);
void oracle_total_tracker_free(struct oracle_total_tracker *t);
/*
 * Feed one step: oracle_total_wrong() on the screens around it, then, when
 * `after` shows the total label (same resource-id, same activity) the
 * tracker last saw and `before` did not (the total comes back after other
 * pages: a form, a detail page, a dialog), property (2) against that last
 * sighting: a list that gained or lost exactly one row with an amount,
 * and a total that did not move by it. Same titles as oracle_total_wrong.
 * Also (c), totals across pages: a money total named with a sum word,
 * "balance", "left" or "remaining", or a count "Name: N", seen again
 * unchanged although since its last sighting a list of another page gained
 * or lost one row with a money amount, or a row carrying the part "Name"
 * was opened and its page offers "Mark as Name" (or its list later shows
 * it without the part). Changes that cannot be placed before the sighting
 * or measured make the total unsure until its next sighting; a page is its
 * activity, app-bar title and selected tabs. Also (d), a summary line
 * without a sum word ("Volume: 1050 kg") last seen equal to the sum of a
 * column of a list shown whole (2+ rows): when that list, shown whole,
 * gained or lost one row and the line is no longer the column's sum. And
 * (e) an Undo on a list row right after a tap that changed the row and
 * offered it, which leaves the row differing from its reading before the
 * tap by whole numbers only.
 */
bool oracle_total_step(struct oracle_total_tracker *t, const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after, const struct action *done,
		       struct oracle_finding *f);

/* --- endless loading (oracle 9) --- */

/*
 * The visible progress spinner of t: a widget of class ProgressBar (or a
 * progress indicator), not a SeekBar or RatingBar, not inside a list row.
 * NULL when there is none.
 */
const struct ui_widget *oracle_loading_spinner(const struct ui_tree *t);
/*
 * `before` shows a spinner; `after` is the same screen captured `waited_ms`
 * later without acting. True, with *f (category page loading failure), when
 * the same activity still shows the spinner and its visible texts are
 * unchanged: the page never finishes loading.
 */
bool oracle_loading_stuck(const struct ui_tree *before, const char *activity_before,
			  const struct ui_tree *after, const char *activity_after,
			  int waited_ms, struct oracle_finding *f);

/* --- accepted entries (oracle 10) --- */

/*
 * `done` (a confirm: oracle_is_save_action) was taken on `before`, which
 * shows a list and fields holding typed text (not password, search or
 * filter fields); `after` is the next screen. True, with *f (category data
 * operation failure), when the same activity still shows such a field, no
 * longer holding its text (empty, or back to its placeholder) - the app
 * accepted the entry - yet no list of `before` gained a row it did not
 * have or shows an entered text, and no new list shows one. Not judged
 * (false): every field kept its text (refused or kept for editing), the
 * fields or the activity are gone, `before` shows no list, or a list has
 * no room for another row above the fold (the entry may be below it).
 */
bool oracle_entry_missing(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 28, state_kept (data operation failure): a click labelled with a
 * state it marks its item into ("Mark as read", "Archive", "Mark as
 * done"), after which the next screen's selected tab names the items not
 * in that state (Unread; Inbox; To do, Active, Open...) and a row of its
 * list shows, word for word, a text of the item's page (6+ characters,
 * outside lists, not clickable, not a field). Not judged (false): any
 * other label, no such tab selected, an Undo shown, no row showing a text
 * of the page.
 */
bool oracle_state_kept(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
		       const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 29, excluded (settings/configuration): a tracker of the items the
 * app shows as excluded or hidden - a checked switch labelled "Exclude X"
 * or "Hide X", or a checked switch in a list row under a heading that says
 * "excluded" or "hidden" (X: the row's first text) - fed one step at a
 * time: true with *f when the screen after the step shows no such switch
 * and no dialog, and a list row there shows a remembered X as the whole
 * text of one of its widgets. An unchecked switch forgets its item; a
 * restart that clears the data forgets them all.
 */
struct oracle_tracked_step;
struct oracle_excluded_tracker;
struct oracle_excluded_tracker *oracle_excluded_tracker_new(void);
void oracle_excluded_tracker_free(struct oracle_excluded_tracker *t);
bool oracle_excluded_step(struct oracle_excluded_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f);

/*
 * Oracle 30, rate (numerical calculation): the screen after a step shows,
 * outside lists and fields and with no dialog, exactly one duration ("2 h
 * 5 min"), one hourly rate ("£60.00/h", "Hourly rate: £60.00") and one
 * amount named earnings, pay, cost, amount, billable, charge or fee, and
 * the amount is not the hours times the rate to the cent. Not judged: a
 * page that mentions rounding, any count other than one of each.
 */
bool oracle_rate_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
		       const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 31, section (content missing): the screen after a step shows,
 * with no dialog, a heading (a visible text of one to three words of
 * letters, not clickable, in no list or tab bar) whose next visible
 * sibling is a clickable Show more, See all, View all (or the like): the
 * section offers more and shows nothing. Not judged: anything between the
 * two, a heading with digits or a colon ("CW: ..."), a dialog.
 */
bool oracle_section_empty(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 33, scale (numerical calculation): a click on a page (same
 * activity and title, no dialog) changes the one number of its one
 * servings text ("Servings: 2" to 3; not a field, not clickable) while the
 * two or more amounts it shows (a number and a kitchen unit: "800 g")
 * read exactly as before. Amounts that moved are not judged.
 */
bool oracle_scale_ignored(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 34, hours (content missing): on `after` (no dialog), a status
 * text saying "opens at T" or "closes at T" (T a clock time with a colon;
 * up to two words between: "opens tomorrow at 9:00") while the time
 * ranges ("09:00–13:00", "9:00 AM - 1:00 PM", "12:00 to 15:30") shown in
 * its scope - its list row, else the page outside lists - include none
 * that starts (opens) or ends (closes) at T. A scope with no range is not
 * judged. `before`, `activity_before` and `done` are not read (done, when
 * given, goes into the finding's diff).
 */
bool oracle_hours_disagree(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			   const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 35, search (data operation): a tracker of the names the app's
 * list rows show (texts whose resource-id names a title or a name; a
 * delete forgets those its screen shows, typing over a field that held
 * one forgets it, a data-clearing restart forgets all),
 * fed one step at a
 * time. A step that runs a search - a click or Enter, after which the
 * screen's texts changed - and lands on a screen (no dialog)
 * with a search field holding a query of 3+ characters and a text saying
 * nothing was found ("No results", "No matches", "Nothing found") is
 * judged: a remembered name with a word starting with the query, not shown
 * on the screen, is the finding.
 */
struct oracle_search_tracker;
struct oracle_search_tracker *oracle_search_tracker_new(void);
void oracle_search_tracker_free(struct oracle_search_tracker *t);
bool oracle_search_step(struct oracle_search_tracker *t, const struct oracle_tracked_step *s,
			struct oracle_finding *f);

/*
 * order_kept (oracle 36): a tap on a list row (3+ rows, not the first)
 * that opens another page, then Back or Up to the same page - nothing
 * outside lists changed, no words of an order by use (recent, history,
 * last, viewed, opened, played, used, frequent) - where the list shows
 * the same rows with the opened one first and the others in their order.
 */
struct oracle_order_kept_tracker;
struct oracle_order_kept_tracker *oracle_order_kept_tracker_new(void);
void oracle_order_kept_tracker_free(struct oracle_order_kept_tracker *t);
bool oracle_order_kept_step(struct oracle_order_kept_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f);

/* --- navigation (oracle 13) --- */

/* What the navigation oracle knows of a run: the back stack it observed. */
struct oracle_nav_tracker;
struct oracle_nav_tracker *oracle_nav_tracker_new(void);
void oracle_nav_tracker_free(struct oracle_nav_tracker *t);
/*
 * Feed one step: `done` was taken on `before` and led to `after`
 * (`after_in_app`: the app under test is in front). True, with *f (category
 * navigation/link error), when
 *  - `done` tapped a tab, bottom-navigation or drawer item L (a child of a
 *    group of 2+ labelled clickable items, one selected or checked) while
 *    the page's app-bar title named its selected item K != L, and the next
 *    page (no dialog) is titled after another item M != L (or, with no item
 *    in its title and L nowhere in it, has a third item selected);
 *  - `done` is Back on a screen the tracker saw opened by a tap from the
 *    screen below it, and the app (no dialog) shows a different screen
 *    (activity, title or selected tabs differ, digits ignored);
 *  - `done` is a relaunch (restart without clearing data) that shows, in
 *    the app and without a dialog, the screen below the top of the stack
 *    the step before, when that step was Back on the screen on top (a tap
 *    opened it from the one below) and left the app (`after_in_app` false):
 *    Back closed the app instead of returning to the app's first page. The
 *    finding blames that Back (diff.blamed).
 * The tracker then moves on: pushes on a plain click that opens another
 * screen (not a tab, not from a form or a dialog), pops on Back or on a
 * click back to the screen below, forgets the stack on anything else that
 * changes the screen, and when the app leaves the front.
 */
bool oracle_nav_step(struct oracle_nav_tracker *t, const struct ui_tree *before, const char *activity_before,
		     const struct ui_tree *after, const char *activity_after, bool after_in_app,
		     const struct action *done, struct oracle_finding *f);

/* --- create, update, delete (oracle 14) --- */

/* What the CRUD oracle knows of a run: form fields as first seen, the row opened from a list. */
struct oracle_crud_tracker;
struct oracle_crud_tracker *oracle_crud_tracker_new(void);
void oracle_crud_tracker_free(struct oracle_crud_tracker *t);
/*
 * Feed one step (as oracle_nav_step). True, with *f (category data
 * operation failure), when
 *  - `done` is a confirm (oracle_is_save_action) on a form (no password
 *    field) whose first typed field (not search/filter) holds a value with
 *    letters, the field is gone from `after` (no dialog), no text of
 *    `after` contains the first 12 bytes (case-insensitive) of it or of any
 *    other typed field's value with letters, and
 *    `after` shows a list with rows and room for one more, or shows, as a
 *    whole text, the value the field held when its form appeared (an edit);
 *  - `done` is a confirm on an edit form opened by a tap on a row whose
 *    text held a number field's value, another number was typed, and
 *    `after` (the page the form was opened from) shows that row's text
 *    unchanged and no text holding the typed number (a number edit not
 *    saved);
 *  - a row R of a list was opened (a tap that left the list for a page
 *    showing R, or a long press that opened a menu), and `done` - a tap on
 *    Delete/Remove/Trash/Discard, or OK/Yes in a dialog mentioning one -
 *    returns to that list with R as often as before (another row gone, or
 *    none), or with R gone and another row too (the list shown in full).
 */
bool oracle_crud_step(struct oracle_crud_tracker *t, const struct ui_tree *before, const char *activity_before,
		      const struct ui_tree *after, const char *activity_after, bool after_in_app,
		      const struct action *done, struct oracle_finding *f);
/* --- process death (oracle 15) --- */

/*
 * Whether `done` changed a setting the app keeps by itself: it tapped an
 * enabled checkable widget (oracle_toggle_target) whose counterpart on
 * `after` (same activity, no new window) shows the other checked state, on
 * a screen with no text field (no form waiting for a Save) and no list the
 * widget is not part of (a "Hide completed" filter beside a list is a view
 * of the list). Returns the widget on `after`, or NULL.
 */
const struct ui_widget *oracle_setting_changed(const struct ui_tree *before, const char *activity_before,
					       const struct ui_tree *after, const char *activity_after,
					       const struct action *done);
/*
 * Whether `done` (a confirm: oracle_is_save_action) saved an entry: a field
 * of `before` held typed text (2+ characters, not its hint, not a password)
 * that no list row of `before` showed and a list row of `after` shows. The
 * text goes to text[size] (truncated).
 */
bool oracle_entry_saved(const struct ui_tree *before, const struct ui_tree *after, const struct action *done,
			char *text, size_t size);
/*
 * `before` is a screen the app showed, `after` the same screen reached again
 * after a force-stop and relaunch. True, with *f, when (settings first) an
 * enabled checkable widget's counterpart (same id/class and rank, same label
 * and row) shows the other checked state (category settings/configuration),
 * or, when `after` shows any list and every selected widget of `before`
 * (a tab) is selected there too, a row of `before`'s lists whose first
 * text no row of `after`'s lists has (category data operation). False for
 * another activity.
 */
bool oracle_saved_state_lost(const struct ui_tree *before, const char *activity_before,
			     const struct ui_tree *after, const char *activity_after, struct oracle_finding *f);
/*
 * Whether `done` (a delete as the crud oracle reads it: a Delete, Remove,
 * Trash, Discard or Erase tap, or OK/Yes in a dialog that speaks of one;
 * nothing "from" somewhere) landed on
 * `after`, a screen without dialog or field showing a list with rows, all
 * of them in view.
 */
bool oracle_entry_deleted(const struct ui_tree *before, const struct ui_tree *after, const struct action *done);
/*
 * Whether `done` cleared a list (session 62): a click whose label says
 * clear (not a search, filter, text, field, cache or selection) on a
 * screen with list rows or a dialog, landing on one without a dialog, a
 * field or any list row, that says there is nothing to show ("History is
 * empty"). The trip then walks back to the page as it was before the
 * clear, not along the clear.
 */
bool oracle_list_cleared(const struct ui_tree *before, const struct ui_tree *after, const struct action *done);
/*
 * `before` is the list screen right after a delete, `after` the same
 * screen reached again after a force-stop and relaunch (same activity,
 * heading and selected tabs). True, with *f, when a list of `after` has a
 * row whose first text the same list of `before`, shown whole, did not
 * have: the deleted entry is back (category data operation). When
 * `before` shows no list row and a text saying there is nothing to show (a
 * list cleared), any row of `after`'s lists is back.
 */
bool oracle_deleted_entry_back(const struct ui_tree *before, const char *activity_before,
			       const struct ui_tree *after, const char *activity_after, struct oracle_finding *f);

/* --- feedback on invalid input (oracle 16) --- */

/*
 * A confirm (oracle_is_save_action, a click) on a form whose fields include
 * one that is empty (or shows its hint, or the text its counterpart shows on
 * `first`: the same screen as first seen, since dumps show a placeholder as
 * the text; `first` may be NULL), has spaces around its value, is
 * 100+ characters long, or holds letters or a minus sign in a numeric field
 * (input_gen_kind: number, postal code, phone, card, security code): true,
 * with *f (category feedback missing), when `after` is the same activity
 * with the same windows and layers and exactly the same visible texts (no
 * error text appeared, nothing was cleared, nothing navigated). Not judged
 * when `before` already shows a text `first` did not (an error from an
 * earlier press). Toasts are not in the tree: callers look at the
 * screenshot (screen_find_toast).
 */
bool oracle_feedback_missing(const struct ui_tree *before, const char *activity_before,
			     const struct ui_tree *after, const char *activity_after, const struct action *done,
			     const struct ui_tree *first, struct oracle_finding *f);

/* --- counts (oracle 17) --- */

/*
 * A label outside the lists that counts a list's rows or its checked rows
 * ("Done today: 2 of 4", "Tasks (3)", "5 items"): the tracker remembers each
 * activity's labels and whole lists as last seen; when `after` shows that
 * activity again with the rows (or checked rows) changed, true with *f
 * (category numerical calculation) for a label whose number matched them
 * then and does not now. A label must say what it counts: a word such as
 * "done", "checked" or "selected" (or "N of ROWS") for checked rows, a
 * plural noun next to the number or "of N" for rows. A rows count once
 * seen equal to the rows (2+) of a list shown whole, and off since, must
 * still move by one with one row added or deleted. Screens with a dialog
 * or menu are skipped.
 */
struct oracle_count_tracker;
struct oracle_count_tracker *oracle_count_tracker_new(void);
void oracle_count_tracker_free(struct oracle_count_tracker *t);
bool oracle_count_step(struct oracle_count_tracker *t, const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after, bool after_in_app,
		       const struct action *done, struct oracle_finding *f);

/* --- counts inside list rows (oracle 19) --- */

/*
 * A count inside a list row that names a container ("Documents | 4 items"):
 * the tracker remembers a row whose tap opened a page titled with the row's
 * first text whose one list, shown whole, held exactly that many rows (2+).
 * When that page is later seen with other rows, changed cleanly (one set of
 * first texts holds the other) after a delete or an add was tapped and with
 * the same tabs and switches selected, and the row is then seen again with
 * its count not moved, true with *f (category numerical calculation). A
 * count that follows, or moves by another amount, is not judged; a switch
 * toggled, a cleared restart or a deep link forgets every row. Screens with
 * a dialog or menu are skipped.
 */
struct oracle_rowcount_tracker;
struct oracle_tracked_step;
struct oracle_rowcount_tracker *oracle_rowcount_tracker_new(void);
void oracle_rowcount_tracker_free(struct oracle_rowcount_tracker *t);
bool oracle_rowcount_step(struct oracle_rowcount_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f);

/* --- said_empty (oracle 25) --- */
/*
 * A tracker of the text the run last typed into each field (activity and
 * resource-id; a blank typing forgets it), fed one step at a time: true
 * with *f (category data operation failure) when a confirm that stays on
 * its activity is answered with a new text saying one thing is missing
 * ("No card ID entered", "The name is required", "Please enter a title";
 * none with a digit) and the one visible field that thing names (every
 * word of it in the field's label, hint or resource-id: "Enter a valid
 * card ID" names no "Card ID" field) shows, trimmed, exactly the text
 * typed there. One finding per field and message.
 */
struct oracle_said_empty_tracker;
struct oracle_said_empty_tracker *oracle_said_empty_tracker_new(void);
void oracle_said_empty_tracker_free(struct oracle_said_empty_tracker *t);
bool oracle_said_empty_step(struct oracle_said_empty_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f);

/* --- kept_edit (oracle 24) --- */
/*
 * A tracker of the fields typed into on one form (a page with an app-bar
 * title, no dialog), fed one step at a time: true with *f (category data
 * operation failure) when a tap on the form opened another page or a
 * dialog (not a confirm, delete, field, or a tap that cancels, closes,
 * discards or resets), and within KEPT_AWAY_STEPS steps on that page the
 * run came straight back to the form, where a field typed into shows again
 * exactly the text it showed before the typing (and held the typed text
 * when the form was left). One finding per form and field.
 */
struct oracle_kept_edit_tracker;
struct oracle_kept_edit_tracker *oracle_kept_edit_tracker_new(void);
void oracle_kept_edit_tracker_free(struct oracle_kept_edit_tracker *t);
bool oracle_kept_edit_step(struct oracle_kept_edit_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/* --- save_disabled (oracle 26) --- */
/*
 * A tracker of the edit form the run is on (an app-bar title saying Edit,
 * Modify or Change; no dialog, no password field): its fields' texts and
 * its disabled Save-like button (Save, Update, Apply, Done) on arrival,
 * fed one step at a time: true with *f (category data operation failure)
 * when a typing makes a plain edit of a field's stored value
 * (oracle_plain_edit), every other field as on arrival, no new text shown,
 * and that button is still disabled. One finding per form.
 */
struct oracle_save_disabled_tracker;
struct oracle_save_disabled_tracker *oracle_save_disabled_tracker_new(void);
void oracle_save_disabled_tracker_free(struct oracle_save_disabled_tracker *t);
bool oracle_save_disabled_step(struct oracle_save_disabled_tracker *t, const struct oracle_tracked_step *s,
			       struct oracle_finding *f);

/* --- row_measure (oracle 27) --- */
/*
 * A tracker of the page texts seen giving a list row's measure (activity,
 * unit, resource-id), fed one step at a time: true with *f (category
 * numerical calculation) when a tap on a list row holding one measure of a
 * unit ("71 min") opens the item's page (it shows the row's first text),
 * which shows no text with that value and exactly one measure of the unit,
 * in a text seen giving other rows' values ("11 min read"). Relative times
 * ("ago", "left"), rates ("min/km") and rows with two measures of a unit
 * are not read. One finding per item and unit.
 */
struct oracle_row_measure_tracker;
struct oracle_row_measure_tracker *oracle_row_measure_tracker_new(void);
void oracle_row_measure_tracker_free(struct oracle_row_measure_tracker *t);
bool oracle_row_measure_step(struct oracle_row_measure_tracker *t, const struct oracle_tracked_step *s,
			     struct oracle_finding *f);

/* --- blank (oracle 23) --- */
/*
 * A tracker of pages (activity, app-bar title, selected tabs) seen showing
 * two or more widgets outside lists besides their chrome, fed one step at a
 * time: true with *f (category page loading failure) when such a page is
 * seen again - in the app, no dialog or menu, no progress spinner - showing
 * nothing besides its chrome (no text, control or list row). A tap that
 * deletes, clears, empties, resets or signs out makes every page wait for a
 * full sighting again; a cleared restart forgets them all. One finding per
 * page.
 */
struct oracle_blank_tracker;
struct oracle_blank_tracker *oracle_blank_tracker_new(void);
void oracle_blank_tracker_free(struct oracle_blank_tracker *t);
bool oracle_blank_step(struct oracle_blank_tracker *t, const struct oracle_tracked_step *s, struct oracle_finding *f);
/*
 * The same judgement on two screens of one page: `before` showed two or
 * more widgets outside lists, `after` (same activity, app-bar title and
 * selected tabs; no dialog, menu or spinner) shows nothing besides its
 * chrome; `done` is the step that reached `after`. True with *f filled.
 */
bool oracle_blank_came_back(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f);

/* --- setting (oracle 22) --- */
/*
 * A tracker of the settings an app shows as chosen (a 24-hour clock or
 * show-hidden-files switch, "Week starts on: Monday", "Decimal places: 0",
 * "File format: OGG"), fed one step at a time (oracle_setting_step): true
 * with *f (category settings/configuration) when the screen after the step
 * shows a text the remembered value rules out ("7:30 AM" with the 24-hour
 * clock on, ".thumbnails" with hidden files off, a weekday row starting on
 * another day, a new result of the typed value with more decimals, a new
 * file name in another format on a page seen since the format was chosen,
 * not a rename).
 * A page that shows the setting is not judged for it; text fields never are.
 */
struct oracle_setting_tracker;
struct oracle_setting_tracker *oracle_setting_tracker_new(void);
void oracle_setting_tracker_free(struct oracle_setting_tracker *t);
bool oracle_setting_step(struct oracle_setting_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f);
/*
 * After a step on which a setting the tracker knew changed value: the
 * latest other pages that showed what it governs (a clock time, a file
 * name, a weekday row, a distance), newest first and one per family
 * (activity and app-bar title), into pages[] (keyed as the revisit walk
 * keys pages: activity, app-bar title, tabs), with the
 * setting's name in *kind; taken once. Returns how many (0: no change, or
 * no such page).
 */
#define ORACLE_REVISIT_PAGES 8
size_t oracle_setting_revisit(struct oracle_setting_tracker *t, uint64_t pages[ORACLE_REVISIT_PAGES], const char **kind);

/*
 * Oracle 37, cross_count (numerical calculation): a click that changes the
 * app-bar title (no dialog on either screen; not a checkable, not a list
 * row; its label names no change: add, delete, mark, sync...) moves from a
 * page showing a count "N words" to a page showing a count of the same
 * things with another number. Counts are parts of visible texts outside
 * lists, fields and clickables, after no scope label ("Inbox: 3 unread" is
 * not read), whose first word is no unit. Two counts are of the same
 * things when the one with fewer words (2+) ends the other ("5 not fresh",
 * "4 products are not fresh"); counts worded alike are not compared.
 */
bool oracle_cross_count_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			      const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 38, reminder (numerical calculation): on `after` (no dialog),
 * outside lists and fields, one reminder text (remind, alert, alarm,
 * notif...) with one clock time T and a lead "N minutes before" (hours,
 * days too), and time ranges whose starts all equal S ("14:00–14:15"; a
 * start without AM/PM takes its end's PM): T is not S less the lead,
 * modulo a day. Not judged: two reminder texts, no range, ranges starting
 * at different times, a reminder without a stated lead.
 */
bool oracle_reminder_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			   const char *activity_after, const struct action *done, struct oracle_finding *f);


/*
 * Oracle 40, countdown (numerical calculation): a click (not Up, no label
 * that ends a session early: end, stop, finish, quit, skip, cancel, submit,
 * done...) on a page (no dialog) whose largest counter - a whole text
 * outside lists, fields and clickables, "N things left" ("2 cards left",
 * "3 remaining", "5 questions to go"), no measure among its words - reads
 * 2 or more, landing on a page (no dialog) with no counter and a text
 * saying the session is over (finished, congratulations, all done...).
 */
bool oracle_countdown_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f);


/*
 * Oracle 41, under_keyboard (occlusion/overlap): on `after`, with the soft
 * keyboard's window (ui_tree.ime), a focused field and no dialog, a
 * visible, enabled, clickable button whose text begins with a confirm word
 * (Save, Add, OK, Done, Create, Submit, Next, Sign...), in no list or
 * navigation bar, half its box or more under the keyboard, pinned to the
 * bottom of its container (its bottom at most its height above the
 * container's, nothing below it, the content above ending at least twice
 * its height above it).
 */
bool oracle_under_keyboard_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
				 const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 42, partition (numerical calculation): a tracker. A summary line
 * ("6 workouts · 57.60 km · 5 h 16 min": a visible text outside lists,
 * fields and controls that begins with "N noun") is a whole when it is the
 * one line of its shape (the text with each number as '#') on its page
 * and the text before it names no date; two or more lines of one shape,
 * each under a month heading ("November 2026", or a year alone), are a
 * split. A split that adds up to more than the last whole of the same
 * shape, every step since that whole a plain move (Back, Up, a scroll,
 * Home, a relaunch, a rotation, a wait, or a click on no checkable whose
 * label names no change), is the finding.
 */
struct oracle_partition_tracker;
struct oracle_partition_tracker *oracle_partition_tracker_new(void);
void oracle_partition_tracker_free(struct oracle_partition_tracker *t);
bool oracle_partition_step(struct oracle_partition_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f);

/*
 * Oracle 43, prefill (data operation): a tap saying Edit, Modify or Change
 * from an item's page (no dialog, no field) opens a form (no dialog, a
 * field) with 2+ labelled tick boxes (not switches); the page lists 2+ of
 * their labels (a text that is the label or begins with it and ':', " ·",
 * " -" or " (", outside fields and clickables, in no view that scrolls),
 * every listed label's box is ticked, and a box whose label the page lists
 * nowhere is ticked too.
 */
bool oracle_prefill_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 44, delete_plays (media control): a tracker. The last page without
 * a dialog is remembered with its app-bar title X and whether it said its
 * item plays (a text "Playing" or "Now playing", no control, no list). A
 * delete (oracle_is_delete_action) confirmed on a dialog naming X that
 * lands, without a dialog, where such a status sits in a group of 4 texts
 * at most beside another name (not X, neither beginning the other) is the
 * finding: deleting what played started something else.
 */
struct oracle_delete_plays_tracker;
struct oracle_delete_plays_tracker *oracle_delete_plays_tracker_new(void);
void oracle_delete_plays_tracker_free(struct oracle_delete_plays_tracker *t);
bool oracle_delete_plays_step(struct oracle_delete_plays_tracker *t, const struct oracle_tracked_step *s,
			      struct oracle_finding *f);

/*
 * Oracle 45, gen_length (settings/configuration): a tracker. The latest
 * length setting seen ("Length: N", "Default length: N", "Password length:
 * N", N 4-256, in a plain text) is remembered; a tap whose label begins
 * with Generate, on a page that states no length itself, that brings a
 * password of M characters (a new text saying "M-character" or "M
 * characters", else a masked field that changed, one bullet per
 * character) with M other than N is the finding.
 */
struct oracle_gen_length_tracker;
struct oracle_gen_length_tracker *oracle_gen_length_tracker_new(void);
void oracle_gen_length_tracker_free(struct oracle_gen_length_tracker *t);
bool oracle_gen_length_step(struct oracle_gen_length_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f);

/*
 * Oracle 46, remainder (numerical calculation): on `after` (no dialog),
 * the labelled amounts ("Label: 12.80 kWh", "Label: €45.00": plain
 * texts outside fields, lists and controls, nothing after the amount).
 * When exactly three share a unit - one labelled with the word total, one
 * whose label begins with untracked, unassigned, unaccounted, unallocated,
 * uncategorized or remaining, and a third larger than each - the third
 * must be the other two added up, within the rounding of three amounts.
 */
bool oracle_remainder_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f);

/*
 * Oracle 47, over_limit (settings/configuration): on `after` (no dialog),
 * among plain texts, a daily limit ("Limit: 10 new cards a day": the word
 * limit, a colon, a number L, 1-6 words, per day) and a count for today
 * ("New today: 16": a label of 1-4 words with "today" that begins with
 * the limit's first word, then a number N); N above L is the finding.
 */
bool oracle_over_limit_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			     const char *activity_after, const struct action *done, struct oracle_finding *f);

#endif
