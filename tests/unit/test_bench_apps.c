/*
 * test_bench_apps.c - the benchmark apps (every JSON spec in configs/apps/bench):
 * apps modelled on open-source Android apps and their publicly reported
 * non-crash bugs, for measuring the oracles on apps the team did not tune
 * on. Every spec loads; every injected bug names one of the nine
 * categories and cites its public report ("source"); together they cover
 * all nine; a short scenario per bug makes it fire when the app is buggy,
 * never in its fixed twin, and the two look different; the fixed twins'
 * screens along the scenarios have no overlapping text in either
 * orientation. Cheap: no explorations.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/ui.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"
#include "device/sim/sim_view.h"
#include "test.h"

#define BENCH_DIR TRIDENT_SOURCE_DIR "/configs/apps/bench"
#define HOLDOUT_DIR TRIDENT_SOURCE_DIR "/configs/apps/holdout"

/* The suites checked here: the benchmark apps and the held-out ones (same rules). */
static const char *const suite_dirs[] = { BENCH_DIR, HOLDOUT_DIR };

#include "sim_drive.h"

/* The spec path of app `name` (in the first suite folder that has it). */
static void spec_path(const char *name, char *path, size_t size)
{
	for (size_t d = 0; d < sizeof suite_dirs / sizeof suite_dirs[0]; d++) {
		snprintf(path, size, "%s/%s.json", suite_dirs[d], name);
		if (access(path, R_OK) == 0)
			return;
	}
}

static struct sim_app *load_bench(const char *name)
{
	char path[512];
	spec_path(name, path, sizeof path);
	struct sim_app *app = NULL;
	int err = sim_app_load(path, &app);
	if (err)
		TEST_FAIL_AT("load %s: %s", path, td_errmsg(err));
	return app;
}

/* The apps: every *.json in the suite folders, sorted. */
static size_t bench_apps(char names[][64], size_t max)
{
	size_t n = 0;
	for (size_t k = 0; k < sizeof suite_dirs / sizeof suite_dirs[0]; k++) {
		DIR *d = opendir(suite_dirs[k]);
		if (!d) {
			TEST_FAIL_AT("cannot open %s", suite_dirs[k]);
			continue;
		}
		for (struct dirent *e; (e = readdir(d)) && n < max;) {
			size_t len = strlen(e->d_name);
			if (len > 5 && len < 60 && !strcmp(e->d_name + len - 5, ".json")) {
				snprintf(names[n], 64, "%.*s", (int)(len - 5), e->d_name);
				n++;
			}
		}
		closedir(d);
	}
	qsort(names, n, 64, (int (*)(const void *, const void *))strcmp);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(names[i], names[i - 1]))
			TEST_FAIL_AT("app name %s is in two suites", names[i]);
	return n;
}

static const char *const categories[] = {
	"page loading failure", "occlusion/overlap", "content missing", "feedback missing",
	"data operation failure", "media control", "numerical calculation error",
	"settings/configuration", "navigation/link error",
};

#define LOGIN_FEEDREADER "tap:username", "input text alice", "tap:password", "input text password1", "tap:login_btn"

struct scenario {
	const char *app, *bug, *event;
	bool display; /* the bug draws text over text: the display check sees it */
	const char *steps[16];
};

static const struct scenario scenarios[] = {
	{ "wallet", "wallet-delete-keeps-balance", "detail.ok_delete.click", false,
	  { "tap:txn_row#0", "tap:delete_btn", "tap:ok_delete" } },
	{ "wallet", "wallet-left-ignores-new", "budget.show", false,
	  { "tap:add_fab", "tap:amount", "input text 12", "tap:save", "tap:nav_budget" } },
	{ "wallet", "wallet-income-letters-crash", "budget.save_income.click", false,
	  { "tap:nav_budget", "tap:income_field", "input text 12abc", "tap:save_income" } },
	{ "jotter", "jotter-trash-wrong-note", "view.ok.click", false, { "tap:note_row#1", "tap:trash_btn", "tap:ok" } },
	{ "jotter", "jotter-rotate-clears-body", "editor.rotate", false,
	  { "tap:new_note", "tap:body", "input text hello", "settings put system user_rotation 1" } },
	{ "jotter", "jotter-dark-theme-lost", "main.show", false,
	  { "tap:settings_btn", "tap:dark_switch", "am force-stop org.bench.jotter",
	    "monkey -p org.bench.jotter -c android.intent.category.LAUNCHER 1" } },
	{ "taskbox", "taskbox-new-task-missing", "new_task.create.click", false,
	  { "tap:tab_work", "tap:add_task", "tap:new_title", "input text Slides", "tap:create" } },
	{ "taskbox", "taskbox-edit-not-saved", "edit_task.save_edit.click", false,
	  { "tap:task_row#0", "tap:edit_btn", "tap:edit_title", "input text now", "tap:save_edit" } },
	{ "taskbox", "taskbox-back-to-inbox", "task.back", false,
	  { "tap:tab_work", "tap:task_row#0", "input keyevent KEYCODE_BACK" } },
	{ "streaks", "streaks-summary-miscounts", "today.show", false, { "tap:habit_check#3" } },
	{ "streaks", "streaks-reminder-switch-stuck", "settings.reminder_switch.click", false,
	  { "tap:settings_btn", "tap:reminder_switch" } },
	{ "streaks", "streaks-empty-name-silent", "new_habit.save.click", false, { "tap:add_habit", "tap:save" } },
	{ "streaks", "streaks-history-spins", "habit.show", false, { "tap:habit_row#2" } },
	{ "podcasts", "podcasts-queue-pause-ignored", "queue.queue_pause.click", false,
	  { "tap:queue_play#0", "tap:queue_pause#0" } },
	{ "podcasts", "podcasts-play-label-only", "player.play_resume.click", false,
	  { "tap:queue_row#0", "tap:ep_play", "tap:play_pause", "tap:play_resume" } },
	{ "podcasts", "podcasts-downloads-opens-queue", "settings.nav_downloads.click", false,
	  { "tap:nav_settings", "tap:nav_downloads" } },
	{ "podcasts", "podcasts-sleep-over-controls", "player.show", true,
	  { "tap:queue_row#0", "tap:ep_play", "tap:sleep_btn", "tap:sleep_15", "settings put system user_rotation 1" } },
	{ "skycast", "skycast-unit-reverts", "locations.show", false,
	  { "tap:settings_btn", "tap:unit_switch", "am force-stop org.bench.skycast",
	    "monkey -p org.bench.skycast -c android.intent.category.LAUNCHER 1" } },
	{ "skycast", "skycast-zip-letters-crash", "add_location.add.click", false,
	  { "tap:add_place", "tap:city", "input text Denver", "tap:zip", "input text 80a02", "tap:add" } },
	{ "skycast", "skycast-forecast-ignores-unit", "forecast.show", false,
	  { "tap:settings_btn", "tap:unit_switch", "input keyevent KEYCODE_BACK", "tap:place_row#0" } },
	{ "feedreader", "feedreader-feed-never-loads", "items.show", false, { LOGIN_FEEDREADER, "tap:feed_row#1" } },
	{ "feedreader", "feedreader-back-skips-list", "article.back", false,
	  { LOGIN_FEEDREADER, "tap:feed_row#0", "tap:item_row#0", "input keyevent KEYCODE_BACK" } },
	{ "feedreader", "feedreader-unread-ignores-read", "feeds.show", false,
	  { LOGIN_FEEDREADER, "tap:feed_row#0", "tap:item_row#0", "am force-stop org.bench.feedreader",
	    "monkey -p org.bench.feedreader -c android.intent.category.LAUNCHER 1" } },
	{ "feedreader", "feedreader-feed-added-twice", "add_feed.subscribe.click", false,
	  { LOGIN_FEEDREADER, "tap:add_feed_btn", "tap:feed_url", "input text https://blog.example.org/rss",
	    "tap:subscribe" } },
	{ "groceries", "groceries-resume-duplicates", "list.resume", false,
	  { "input keyevent 3", "monkey -p org.bench.groceries -c android.intent.category.LAUNCHER 1" } },
	{ "groceries", "groceries-quantity-sorted-as-text", "list.sort_qty.click", false, { "tap:sort_qty" } },
	{ "groceries", "groceries-blank-list-name", "list.rename_ok.click", false, { "tap:rename_btn", "tap:rename_ok" } },
	{ "groceries", "groceries-total-over-buttons", "list.show", true,
	  { "settings put system user_rotation 1", "input swipe 1200 900 1200 100 300" } },
	{ "groceries", "groceries-rotate-loses-quantity", "add_item.rotate", false,
	  { "tap:add_fab", "tap:qty", "input text 3", "settings put system user_rotation 1" } },
	/* held out (configs/apps/holdout) */
	{ "alarms", "alarms-edit-off-not-saved", "edit.save.click", false,
	  { "tap:alarm_row#2", "tap:label", "input text Late", "tap:save" } },
	{ "alarms", "alarms-delete-moves-label", "edit.ok_delete.click", false,
	  { "tap:alarm_row#0", "tap:delete_btn", "tap:ok_delete" } },
	{ "alarms", "alarms-24h-ignored-on-edit", "edit.show", false,
	  { "tap:nav_clock", "tap:settings_btn", "tap:clock24_switch", "input keyevent 4", "tap:nav_alarm", "tap:alarm_row#1" } },
	{ "alarms", "alarms-last-lap-missing", "stopwatch.sw_stop.click", false,
	  { "tap:nav_stopwatch", "tap:sw_start", "tap:sw_lap", "tap:sw_lap", "tap:sw_stop" } },
	{ "contacts", "contacts-rename-duplicates", "edit.save.click", false,
	  { "tap:person_row#1", "tap:edit_btn", "tap:name_field", "input text Murray", "tap:save" } },
	{ "contacts", "contacts-favorite-not-listed", "detail.star_btn.click", false,
	  { "tap:person_row#1", "tap:star_btn", "input keyevent 4", "tap:nav_favorites" } },
	{ "contacts", "contacts-count-includes-deleted", "contacts.show", false,
	  { "tap:person_row#0", "tap:delete_btn", "tap:ok_delete" } },
	{ "contacts", "contacts-new-form-keeps-deleted", "edit.show", false,
	  { "tap:person_row#2", "tap:delete_btn", "tap:ok_delete", "tap:add_contact" } },
	{ "gymlog", "gymlog-delete-last-removes-first", "today.ok_delete_set.click", false,
	  { "tap:delete_last", "tap:ok_delete_set" } },
	{ "gymlog", "gymlog-volume-doubles-cable-sets", "today.show", false,
	  { "tap:add_set_fab", "tap:pick_ex", "tap:pick_row#2", "tap:kg", "input text 20", "tap:reps", "input text 10",
	    "tap:save_set" } },
	{ "gymlog", "gymlog-past-workout-takes-one-set", "add_set.save_set.click", false,
	  { "tap:nav_history", "tap:workout_row#0", "tap:past_add", "tap:kg", "input text 50", "tap:reps", "input text 5",
	    "tap:save_set", "tap:past_add", "tap:kg", "input text 40", "tap:reps", "input text 5", "tap:save_set" } },
	{ "gymlog", "gymlog-deleted-workout-returns", "past.ok_delete_workout.click", false,
	  { "tap:nav_history", "tap:workout_row#1", "tap:past_delete", "tap:ok_delete_workout",
	    "am force-stop org.holdout.gymlog", "monkey -p org.holdout.gymlog -c android.intent.category.LAUNCHER 1",
	    "tap:nav_history" } },
	{ "focus", "focus-length-reverts", "timer.show", false,
	  { "tap:nav_settings", "tap:focus_len_btn", "tap:len_field", "input text 40", "tap:len_ok",
	    "am force-stop org.holdout.focus", "monkey -p org.holdout.focus -c android.intent.category.LAUNCHER 1" } },
	{ "focus", "focus-rotate-ends-break", "timer.rotate", false,
	  { "tap:start_btn", "tap:finish_btn", "settings put system user_rotation 1" } },
	{ "focus", "focus-pomodoros-count-breaks", "stats.show", false,
	  { "tap:start_btn", "tap:finish_btn", "tap:start_btn", "tap:finish_btn", "tap:nav_stats" } },
	{ "focus", "focus-new-length-waits-a-round", "settings.len_ok.click", false,
	  { "tap:nav_settings", "tap:focus_len_btn", "tap:len_field", "input text 40", "tap:len_ok", "tap:nav_timer" } },
	{ "recipes", "recipes-servings-not-scaled", "recipe.serv_plus.click", false, { "tap:recipe_row#0", "tap:serv_plus" } },
	{ "recipes", "recipes-readd-after-clear-silent", "recipe.add_shop.click", false,
	  { "tap:recipe_row#0", "tap:add_shop", "input keyevent 4", "tap:nav_shopping", "tap:clear_list", "tap:ok_clear",
	    "tap:nav_recipes", "tap:recipe_row#0", "tap:add_shop", "input keyevent 4", "tap:nav_shopping" } },
	{ "recipes", "recipes-step-chip-over-text", "cook.show", true,
	  { "tap:recipe_row#0", "tap:cook_btn", "tap:next_step" } },
	{ "recipes", "recipes-category-never-loads", "category.show", false, { "tap:nav_categories", "tap:cat_row#3" } },
	{ "bookshelf", "bookshelf-add-book-silent", "add_book.save_book.click", false,
	  { "tap:nav_library", "tap:add_book_fab", "tap:title_field", "input text Emma", "tap:save_book" } },
	{ "bookshelf", "bookshelf-back-skips-shelf", "book.back", false,
	  { "tap:nav_shelves", "tap:shelf_row#0", "tap:shelf_book_row#0", "input keyevent 4" } },
	{ "bookshelf", "bookshelf-challenge-misses-last-page", "book.progress_ok.click", false,
	  { "tap:reading_row#0", "tap:progress_btn", "tap:page_field", "input text 304", "tap:progress_ok", "input keyevent 4" } },
	{ "bookshelf", "bookshelf-sort-resets", "reading.show", false,
	  { "tap:nav_library", "tap:sort_btn", "tap:sort_author", "am force-stop org.holdout.bookshelf",
	    "monkey -p org.holdout.bookshelf -c android.intent.category.LAUNCHER 1", "tap:nav_library" } },
	{ "recorder", "recorder-first-pause-ignored", "player.pause_btn.click", false,
	  { "tap:nav_player", "tap:rec_row#0", "tap:pause_btn" } },
	{ "recorder", "recorder-delete-plays-next", "recording.ok_delete.click", false,
	  { "tap:nav_player", "tap:rec_row#0", "tap:rec_more#0", "tap:delete_btn", "tap:ok_delete" } },
	{ "recorder", "recorder-new-recording-hides-list", "player.show", false,
	  { "tap:record_btn", "tap:permission_allow_foreground_only_button", "tap:stop_btn", "tap:nav_player" } },
	{ "recorder", "recorder-format-ignored", "recorder.stop_btn.click", false,
	  { "tap:nav_settings", "tap:format_btn", "tap:format_ogg", "tap:nav_recorder", "tap:record_btn",
	    "tap:permission_allow_foreground_only_button", "tap:stop_btn" } },
	{ "splitter", "splitter-edit-ticks-everyone", "expense.edit_btn.click", false,
	  { "tap:group_row#0", "tap:expense_row#2", "tap:edit_btn" } },
	{ "splitter", "splitter-delete-keeps-balances", "expense.ok_delete.click", false,
	  { "tap:group_row#0", "tap:expense_row#0", "tap:delete_btn", "tap:ok_delete", "tap:tab_balances" } },
	{ "splitter", "splitter-empty-description-silent", "edit_expense.save.click", false,
	  { "tap:group_row#0", "tap:add_expense", "tap:amount_field", "input text 20", "tap:save" } },
	{ "splitter", "splitter-group-settings-back-to-settings", "group_settings.back", false,
	  { "tap:group_row#0", "tap:group_settings_btn", "input keyevent 4" } },
	{ "audiobooks", "audiobooks-rewind-unpauses", "player.rewind_btn.click", false,
	  { "tap:book_row#0", "tap:play_book", "tap:forward_btn", "tap:pause_btn", "tap:rewind_btn" } },
	{ "audiobooks", "audiobooks-chapter-tap-ignored", "book.chapter_row.click", false,
	  { "tap:book_row#0", "tap:play_book", "input keyevent 4", "tap:chapter_row#2" } },
	{ "audiobooks", "audiobooks-single-file-no-chapters", "book.show", false, { "tap:book_row#1" } },
	{ "audiobooks", "audiobooks-speed-forgotten", "book.play_book.click", false, { "tap:book_row#2", "tap:play_book" } },
	{ "pillbox", "pillbox-undo-keeps-stock-down", "today.undo_btn.click", false, { "tap:taken_btn#0", "tap:undo_btn#1" } },
	{ "pillbox", "pillbox-none-left-silent", "medicine.took_btn.click", false,
	  { "tap:nav_meds", "tap:med_row#2", "tap:took_btn" } },
	{ "pillbox", "pillbox-back-to-confirm", "confirm.confirm_btn.click", false,
	  { "tap:nav_meds", "tap:add_med_fab", "tap:name_field", "input text Aspirin", "tap:stock_field", "input text 30",
	    "tap:time_field", "input text 09:00", "tap:next_btn", "tap:confirm_btn", "input keyevent 4" } },
	{ "pillbox", "pillbox-colour-lost-via-reminder", "medicine.rem_row.click", false,
	  { "tap:nav_meds", "tap:med_row#1", "tap:color_btn", "tap:color_red", "tap:rem_row#0", "input keyevent 4" } },
	{ "flashcards", "flashcards-first-review-not-counted", "study.show", false,
	  { "tap:deck_row#0", "tap:study_btn", "tap:show_answer", "tap:good_btn" } },
	{ "flashcards", "flashcards-replay-after-answer-silent", "study.play_audio.click", false,
	  { "tap:deck_row#0", "tap:study_btn", "tap:show_answer", "tap:play_audio" } },
	{ "flashcards", "flashcards-empty-front-silent", "add_card.save_card.click", false,
	  { "tap:add_fab", "tap:back_field", "input text hola", "tap:save_card" } },
	{ "flashcards", "flashcards-new-limit-ignored", "deck_options.save_opts.click", false,
	  { "tap:deck_row#0", "tap:options_btn", "tap:new_limit_btn", "tap:new_5", "tap:save_opts" } },
	{ "calendar", "calendar-edit-duplicates", "edit_event.save_btn.click", false,
	  { "tap:today_row#0", "tap:edit_btn", "tap:title_field", "input text 2", "tap:save_btn" } },
	{ "calendar", "calendar-day-back-closes", "day.back", false, { "tap:day4#3", "input keyevent 4" } },
	{ "calendar", "calendar-rotate-clears-form", "edit_event.rotate", false,
	  { "tap:new_event_fab", "tap:title_field", "input text Dinner", "settings put system user_rotation 1" } },
	{ "calendar", "calendar-picker-ignores-week-start", "edit_event.pick_date.click", false,
	  { "tap:settings_btn", "tap:week_start_btn", "tap:week_monday", "input keyevent 4", "tap:new_event_fab", "tap:pick_date" } },
	{ "converter", "converter-temperature-ignores-offset", "convert.convert_btn.click", false,
	  { "tap:cat_row#2", "tap:value", "input text 15", "tap:convert_btn" } },
	{ "converter", "converter-decimals-ignored", "convert.convert_btn.click", false,
	  { "tap:settings_btn", "tap:decimals_btn", "tap:dec_0", "input keyevent 4", "tap:cat_row#0", "tap:value", "input text 5",
	    "tap:convert_btn" } },
	{ "converter", "converter-currency-convert-spins", "pair.convert_cur.click", false,
	  { "tap:nav_currency", "tap:rate_row#0", "tap:amount", "input text 20", "tap:convert_cur" } },
	{ "converter", "converter-update-rates-clears-amount", "pair.update_rates.click", false,
	  { "tap:nav_currency", "tap:rate_row#1", "tap:amount", "input text 50", "tap:update_rates" } },
	{ "files", "files-existing-folder-silent", "storage_root.new_ok.click", false,
	  { "tap:new_folder_fab", "tap:new_name", "input text Music", "tap:new_ok" } },
	{ "files", "files-rename-not-listed", "file.rename_ok.click", false,
	  { "tap:folder_row#1", "tap:file_row#0", "tap:rename_btn", "tap:rename_field", "input text Lease2026.pdf", "tap:rename_ok",
	    "input keyevent 4" } },
	{ "files", "files-count-keeps-deleted", "file.ok_delete.click", false,
	  { "tap:folder_row#1", "tap:file_row#0", "tap:delete_btn", "tap:ok_delete", "input keyevent 4" } },
	{ "files", "files-recents-shows-hidden", "recents.show", false, { "tap:nav_recents" } },
	{ "loyalty", "loyalty-fab-covers-last-card", "cards.show", false,
	  { "input swipe 540 1900 540 400 300", "input swipe 540 1900 540 400 300", "input swipe 540 1900 540 400 300" } },
	{ "loyalty", "loyalty-currency-rounds-balance", "add_card.cur_row.click", false,
	  { "tap:add_card_fab", "tap:balance", "input text 25.64", "tap:cur_btn", "tap:cur_row#1" } },
	{ "loyalty", "loyalty-type-pick-loses-id", "add_card.save_card.click", false,
	  { "tap:add_card_fab", "tap:store", "input text Morrisons", "tap:card_id", "input text 9826001234", "tap:btype_btn",
	    "tap:btype_row#4", "tap:save_card" } },
	{ "loyalty", "loyalty-archived-group-blank", "group_cards.show", false, { "tap:tab_travel" } },
	{ "mail", "mail-folder-opens-previous", "folders.folder_row.click", false, { "tap:nav_folders", "tap:folder_row#8" } },
	{ "mail", "mail-subfolder-never-loads", "folder.show", false, { "tap:nav_folders", "tap:folder_row#1" } },
	{ "mail", "mail-html-body-missing", "message.show", false, { "tap:inbox_row#1" } },
	{ "mail", "mail-outbox-send-silent", "folder.send_now.click", false, { "tap:nav_folders", "tap:folder_row#5", "tap:send_now" } },
	{ "gallery", "gallery-unmute-ignored", "video.unmute_btn.click", false,
	  { "tap:settings_btn", "tap:autoplay_btn", "tap:autoplay_muted", "input keyevent 4", "tap:folder_row#0", "tap:media_row#2",
	    "tap:unmute_btn" } },
	{ "gallery", "gallery-excluded-still-listed", "excluded.excl_switch.click", false,
	  { "tap:settings_btn", "tap:excluded_btn", "tap:excl_switch#1", "input keyevent 4", "input keyevent 4" } },
	{ "gallery", "gallery-back-to-folders", "viewer.back", false,
	  { "tap:folder_row#0", "tap:media_row#0", "input keyevent 4" } },
	{ "gallery", "gallery-seekbar-over-title", "video.show", true,
	  { "tap:folder_row#0", "tap:media_row#2", "settings put system user_rotation 1" } },
	{ "messages", "messages-deleted-last-still-listed", "message_details.ok_delete_msg.click", false,
	  { "tap:conv_row#0", "tap:msg_row#1", "tap:delete_msg_btn", "tap:ok_delete_msg", "input keyevent 4" } },
	{ "messages", "messages-draft-not-kept", "thread.back", false,
	  { "tap:conv_row#1", "tap:msg_field", "input text Boarding%snow", "input keyevent 4" } },
	{ "messages", "messages-no-recipient-silent", "new_conversation.new_send.click", false,
	  { "tap:new_conv_fab", "tap:new_msg", "input text Happy%sbirthday!", "tap:new_send" } },
	{ "messages", "messages-details-ignore-24h", "message_details.show", false,
	  { "tap:settings_btn", "tap:use24_switch", "input keyevent 4", "tap:conv_row#0", "tap:msg_row#0" } },
	{ "wiki", "wiki-slash-title-blank", "article.show", false, { "tap:top_row#0" } },
	{ "wiki", "wiki-link-opens-similar-title", "article.link_a.click", false, { "tap:featured_card", "tap:link_a" } },
	{ "wiki", "wiki-back-removes-selected", "list_detail.back", false,
	  { "tap:nav_saved", "tap:list_row#2", "long:entry_row#0", "input keyevent 4" } },
	{ "wiki", "wiki-history-empty-after-back", "article.back", false,
	  { "tap:nav_history", "tap:history_row#0", "input keyevent 4" } },
	{ "radio", "radio-second-plays-first", "favourites.fav_row.click", false, { "tap:nav_favourites", "tap:fav_row#1" } },
	{ "radio", "radio-bar-covers-last-favourite", "favourites.show", true, { "tap:nav_favourites", "tap:fav_row#0" } },
	{ "radio", "radio-ogg-track-missing", "player.show", false,
	  { "tap:tab_countries", "tap:country_row#2", "tap:country_station_row#0", "tap:st_play" } },
	{ "radio", "radio-country-back-to-local", "country_stations.back", false,
	  { "tap:tab_countries", "tap:country_row#0", "input keyevent 4" } },
	{ "fuellog", "fuellog-partial-litres-ignored", "stats.show", false,
	  { "tap:add_fab", "tap:odo", "input text 47600", "tap:litres", "input text 12", "tap:cost", "input text 20.5",
	    "tap:full_switch", "tap:save", "tap:nav_stats" } },
	{ "fuellog", "fuellog-unit-ignored-by-stats", "settings.unit_kml.click", false,
	  { "tap:settings_btn", "tap:unit_btn", "tap:unit_kml", "input keyevent 4", "tap:nav_stats" } },
	{ "fuellog", "fuellog-other-fuel-not-saved", "add_refuel.save.click", false,
	  { "tap:add_fab", "tap:odo", "input text 47600", "tap:litres", "input text 40", "tap:cost", "input text 70",
	    "tap:fuel_btn", "tap:fuel_98", "tap:save" } },
	{ "fuellog", "fuellog-low-odometer-silent", "add_refuel.save.click", false,
	  { "tap:add_fab", "tap:odo", "input text 100", "tap:save" } },
	{ "authenticator", "authenticator-save-under-keyboard", "add_manual.show", false,
	  { "tap:add_fab", "tap:add_manual_btn", "tap:issuer", "input text GitLab" } },
	{ "authenticator", "authenticator-edit-save-greyed", "edit_entry.show", false,
	  { "tap:details_btn#0", "tap:edit_btn", "tap:e_issuer", "input text %sInc", "uiautomator dump" } },
	{ "authenticator", "authenticator-duplicate-scan-silent", "scan_qr.add_scanned.click", false,
	  { "tap:add_fab", "tap:add_scan", "tap:permission_allow_foreground_only_button", "tap:add_scanned" } },
	{ "authenticator", "authenticator-reveal-shows-next", "entries.show", false,
	  { "tap:settings_btn", "tap:behaviour_btn", "tap:reveal_switch", "input keyevent 4", "input keyevent 4" } },
	{ "transit", "transit-favourite-opens-empty-form", "favourites.fav_trip_row.click", false,
	  { "tap:nav_settings", "tap:set_network", "tap:net_row#1", "tap:nav_favourites", "tap:fav_trip_row#0" } },
	{ "transit", "transit-vrr-stops-missing", "leg.show", false,
	  { "tap:nav_settings", "tap:set_network", "tap:net_row#1", "tap:nav_directions", "tap:recent_row#0",
	    "tap:trip_row#1", "tap:leg_row#0" } },
	{ "transit", "transit-options-change-blank", "results.show", false,
	  { "tap:nav_favourites", "tap:fav_trip_row#0", "tap:res_mode", "tap:opt_notrain" } },
	{ "transit", "transit-departures-station-not-applied", "home_station.hs_row.click", false,
	  { "tap:nav_settings", "tap:set_home", "tap:hs_row#2", "tap:nav_departures" } },
	{ "readlater", "readlater-mark-read-stays-unread", "article.read_btn.click", false,
	  { "tap:unread_row#0", "tap:read_btn" } },
	{ "readlater", "readlater-article-loading-forever", "article.show", false, { "tap:unread_row#1" } },
	{ "readlater", "readlater-long-read-time-wraps", "article.show", false, { "tap:unread_row#2" } },
	{ "readlater", "readlater-time-left-over-progress", "article.show", true,
	  { "tap:settings_btn", "tap:reading_btn", "tap:time_left_switch", "input keyevent 4", "input keyevent 4",
	    "tap:unread_row#0" } },
	{ "timesheet", "timesheet-earnings-rounded-hours", "entry.show", false, { "tap:nav_reports", "tap:rd_row#0" } },
	{ "timesheet", "timesheet-goals-ignore-week-start", "goals.show", false,
	  { "tap:settings_btn", "tap:week_start_btn", "tap:week_mon", "input keyevent 4", "tap:nav_reports",
	    "tap:tab_goals" } },
	{ "timesheet", "timesheet-shorter-duration-not-saved", "edit_entry.save_edit.click", false,
	  { "tap:nav_reports", "tap:rd_row#1", "tap:edit_btn", "tap:e_minutes", "input keyevent 67 67 67",
	    "input text 90", "tap:save_edit" } },
	{ "timesheet", "timesheet-end-before-start-silent", "manual.save_manual.click", false,
	  { "tap:nav_entries", "tap:add_fab", "tap:start_p30", "tap:start_p30", "tap:save_manual" } },
	{ "social", "social-edit-drops-cw", "edit_post.save_edit_btn.click", false,
	  { "tap:me_btn", "tap:me_post_row#1", "tap:edit_btn", "tap:save_edit_btn" } },
	{ "social", "social-boost-count-stuck", "status.boost_btn.click", false, { "tap:home_row#1", "tap:boost_btn" } },
	{ "social", "social-notification-opens-other-post", "notifications.notif_row.click", false,
	  { "tap:tab_notifications", "tap:notif_row#0" } },
	{ "social", "social-hide-boosts-ignored", "timeline_prefs.boosts_switch.click", false,
	  { "tap:settings_btn", "tap:set_timelines", "tap:boosts_switch", "input keyevent 4", "input keyevent 4" } },
	{ "appstore", "appstore-update-all-covers-last", "updates.show", false,
	  { "tap:nav_updates", "input swipe 540 1800 540 300", "input swipe 540 1800 540 300", "input swipe 540 1800 540 300" } },
	{ "appstore", "appstore-sync-hides-updates", "updates.sync_btn.click", false, { "tap:nav_updates", "tap:sync_btn" } },
	{ "appstore", "appstore-install-stuck-downloading", "app.install_btn.click", false,
	  { "tap:search_btn", "tap:query", "input text obtainium", "tap:search_row#0", "tap:install_btn" } },
	{ "appstore", "appstore-dev-link-opens-same-app", "app.dev_app_row.click", false,
	  { "tap:search_btn", "tap:query", "input text fossify%sgallery", "tap:search_row#0", "input swipe 540 1800 540 300",
	    "input swipe 540 1800 540 300", "tap:dev_app_row#0" } },
	{ "runtracker", "runtracker-pause-keeps-recording", "record.pause_btn.click", false,
	  { "tap:record_fab", "tap:start_btn", "tap:lap_btn", "tap:pause_btn" } },
	{ "runtracker", "runtracker-units-need-restart", "record.show", false,
	  { "tap:settings_btn", "tap:units_btn", "tap:unit_mi", "input keyevent 4", "tap:record_fab" } },
	{ "runtracker", "runtracker-resume-drops-name", "finish.f_resume.click", false,
	  { "tap:record_fab", "tap:start_btn", "tap:lap_btn", "tap:stop_btn", "tap:f_name", "input text %sEasy",
	    "tap:f_resume" } },
	{ "runtracker", "runtracker-month-stats-keep-deleted", "stats_month.show", false,
	  { "tap:workout_row#0", "tap:delete_btn", "tap:ok_delete", "tap:nav_stats", "tap:tab_month" } },
	{ "pantry", "pantry-not-fresh-counts-expired-twice", "stock.show", false, { "tap:chip_due", "tap:nav_stock" } },
	{ "pantry", "pantry-entry-edit-not-saved", "entry_edit.e_ok.click", false,
	  { "tap:stock_row#0", "tap:entry_row", "tap:e_bb_btn", "tap:e_date_row#1", "tap:e_ok" } },
	{ "pantry", "pantry-settings-blank-after-change", "more.more_settings.click", false,
	  { "tap:nav_more", "tap:more_settings", "tap:opened_switch", "input keyevent 4", "tap:more_settings" } },
	{ "pantry", "pantry-bar-covers-last-product", "stock.show", false,
	  { "input swipe 540 1800 540 300", "input swipe 540 1800 540 300", "input swipe 540 1800 540 300",
	    "input swipe 540 1800 540 300", "input swipe 540 1800 540 300", "input swipe 540 1800 540 300",
	    "input swipe 540 1800 540 300", "input swipe 540 1800 540 300" } },
	{ "passwords", "passwords-search-skips-subgroups", "search.search_go.click", false,
	  { "tap:search_btn", "tap:query", "input text visa", "tap:search_go" } },
	{ "passwords", "passwords-new-entry-generator-ignores-length", "new_entry.n_gen_btn.click", false,
	  { "tap:settings_btn", "tap:set_generator", "tap:len_20", "input keyevent 4", "input keyevent 4", "tap:add_fab",
	    "tap:n_gen_btn" } },
	{ "passwords", "passwords-back-after-edit-reopens-form", "edit_entry.save_edit.click", false,
	  { "tap:group_row#0", "tap:g_entry_row#0", "tap:edit_btn", "tap:save_edit", "input keyevent 4" } },
	{ "passwords", "passwords-blank-title-saved-silently", "new_entry.save_new.click", false,
	  { "tap:add_fab", "tap:save_new" } },
	{ "tube", "tube-miniplayer-pause-while-paused", "video.back", false,
	  { "tap:trend_row#1", "tap:play_btn", "tap:pause_btn", "input keyevent 4" } },
	{ "tube", "tube-playlist-header-stale-after-remove", "local_pl.show", false,
	  { "tap:tab_bookmarks", "tap:pl_row#0", "long:lp_row#1", "tap:im_remove" } },
	{ "tube", "tube-opened-bookmark-jumps-to-top", "bookmarks.bm_row.click", false,
	  { "tap:tab_bookmarks", "tap:bm_row#2", "input keyevent 4" } },
	{ "tube", "tube-search-history-hidden-without-suggestions", "search.show", false,
	  { "tap:settings_btn", "tap:set_content", "tap:sugg_switch", "input keyevent 4", "input keyevent 4",
	    "tap:search_btn" } },
	{ "calc", "calc-percent-twice", "main.btn_percent.click", false,
	  { "tap:btn_2", "tap:btn_percent", "tap:btn_2", "tap:btn_equals" } },
	{ "calc", "calc-history-comes-back", "main.show", false,
	  { "tap:btn_2", "tap:btn_plus", "tap:btn_3", "tap:btn_equals", "tap:open_history", "tap:clear_history",
	    "tap:ok_clear", "am force-stop org.holdout.calc", "monkey -p org.holdout.calc -c android.intent.category.LAUNCHER 1",
	    "tap:open_history" } },
	{ "calc", "calc-separator-skips-decimals", "main.show", false,
	  { "tap:btn_5", "tap:btn_0", "tap:btn_0", "tap:btn_0", "tap:btn_divide", "tap:btn_3", "tap:btn_equals" } },
	{ "calc", "calc-landscape-keypad-cut", "main.show", true,
	  { "tap:open_settings", "tap:sw_scientific", "input keyevent 4", "settings put system user_rotation 1",
	    "input swipe 1200 900 1200 100 300" } },
	{ "weather", "weather-day-opens-previous-day", "main.day_row.click", false, { "tap:day_row#3" } },
	{ "weather", "weather-daily-fahrenheit-plus-32", "main.show", false,
	  { "tap:settings_btn", "tap:set_temp", "tap:temp_f", "input keyevent 4" } },
	{ "weather", "weather-search-no-results-silent", "search.show", false,
	  { "tap:manage_btn", "tap:add_loc", "tap:q", "input text Atlantis", "tap:search_go" } },
	{ "weather", "weather-deleted-location-still-in-pager", "locations.del_ok.click", false,
	  { "tap:manage_btn", "tap:loc_del#1", "tap:del_ok", "input keyevent 4", "tap:next_loc" } },
	{ "music", "music-shuffle-all-ignored", "songs.shuffle_all.click", false, { "tap:song_row#0", "tap:shuffle_all" } },
	{ "music", "music-playlist-count-stale", "add_to_playlist.atp_row.click", false,
	  { "tap:song_more#0", "tap:mn_addpl", "tap:atp_row#0", "tap:tab_playlists" } },
	{ "music", "music-repeat-mode-lost", "songs.show", false,
	  { "tap:song_row#0", "tap:mini_info", "tap:np_repeat", "am force-stop org.holdout.music",
	    "monkey -p org.holdout.music -c android.intent.category.LAUNCHER 1", "tap:mini_info" } },
	{ "music", "music-remove-selected-clears-playlist", "playlist.rm_ok.click", false,
	  { "tap:tab_playlists", "tap:pl_row#0", "long:pl_song_row#0", "tap:pl_song_row#1", "tap:sel_remove",
	    "tap:rm_ok" } },
	{ "smarthome", "smarthome-device-back-leaves-app", "device.back", false,
	  { "tap:tab_living", "tap:ent_row#0", "tap:mi_menu", "tap:menu_device", "tap:dev_ent_row#0", "input keyevent 4",
	    "input keyevent 4" } },
	{ "smarthome", "smarthome-more-info-history-missing", "more_info.show", false, { "tap:tab_kitchen", "tap:ent_row#0" } },
	{ "smarthome", "smarthome-energy-total-counts-downstream", "energy.show", false,
	  { "tap:menu_btn", "tap:side_energy" } },
	{ "smarthome", "smarthome-first-view-ignored", "area.resume", false,
	  { "tap:menu_btn", "tap:side_settings", "tap:set_companion", "tap:co_first_view", "input keyevent 4",
	    "input keyevent 4", "tap:tab_bedroom", "input keyevent 3",
	    "monkey -p org.holdout.smarthome -c android.intent.category.LAUNCHER 1" } },
	{ "confsched", "confsched-search-hides-bookmark-actions", "bookmarks.bm_collapse.click", false,
	  { "tap:nav_bookmarks", "tap:bm_search_btn", "tap:bm_search_btn", "tap:bm_collapse" } },
	{ "confsched", "confsched-reminder-hour-early", "event.show", false, { "tap:nav_bookmarks", "tap:bm_row#3" } },
	{ "confsched", "confsched-speakers-cut-off", "event.show", false, { "tap:track_row#0", "tap:tev_row#2" } },
	{ "confsched", "confsched-removed-bookmark-stays-listed", "bookmarks.rm_ok.click", false,
	  { "tap:nav_bookmarks", "long:bm_row#0", "tap:rm_ok" } },
	{ "maps", "maps-move-bookmark-not-moved", "bm_edit.be_save.click", false,
	  { "tap:bar_bookmarks", "tap:bl_row#1", "long:bm_row#0", "tap:be_list", "tap:pl_row#0", "tap:be_save" } },
	{ "maps", "maps-total-counts-world-maps", "downloads.show", false, { "tap:bar_menu", "tap:menu_download" } },
	{ "maps", "maps-hours-hide-break", "place.show", false, { "tap:pin_row#1" } },
	{ "maps", "maps-list-distance-ignores-miles", "list.show", false,
	  { "tap:bar_menu", "tap:menu_settings", "tap:set_units", "tap:units_imperial", "input keyevent 4",
	    "input keyevent 4", "tap:bar_bookmarks", "tap:bl_row#1" } },
	{ "manga", "manga-library-mark-read-ignored", "library.sel_read.click", false, { "long:lib_row#0", "tap:sel_read" } },
	{ "manga", "manga-updates-badge-resets", "updates.show", false, { "tap:nav_updates_badge" } },
	{ "manga", "manga-history-opens-filtered-chapter", "history.hist_row.click", false,
	  { "tap:nav_history", "tap:hist_cover#0", "tap:ch_filter_btn", "tap:cf_scanlators", "tap:grp_cb#1", "tap:scan_ok",
	    "input keyevent 4", "tap:hist_row#0" } },
	{ "manga", "manga-refresh-drops-history-entry", "manga.refresh_btn.click", false,
	  { "tap:nav_history", "tap:hist_cover#1", "tap:refresh_btn", "input keyevent 4" } },
	{ "browser", "browser-bookmark-name-lost-after-folder-pick", "select_folder.sf_row.click", false,
	  { "tap:menu_btn", "tap:m_bookmarks", "tap:bm_more#0", "tap:bmm_edit", "tap:eb_name", "input text %s(2027)",
	    "tap:eb_folder_btn", "tap:sf_row#1" } },
	{ "browser", "browser-recently-closed-count-one-short", "history.show", false,
	  { "tap:tabs_btn", "tap:tab_close#0", "input keyevent 4", "tap:menu_btn", "tap:m_history" } },
	{ "browser", "browser-new-tab-snackbar-missing-top-toolbar", "page.lm_newtab.click", false,
	  { "tap:menu_btn", "tap:m_settings", "tap:set_custom", "tap:tb_top", "input keyevent 4", "input keyevent 4",
	    "long:link_a", "tap:lm_newtab" } },
	{ "browser", "browser-default-engine-reverts-after-edit", "edit_engine.ee_save.click", false,
	  { "tap:menu_btn", "tap:m_settings", "tap:set_search", "tap:eng_row#6", "tap:eng_more#0", "tap:em_edit",
	    "tap:ee_save" } },
	{ "habits", "habits-reminder-days-reset", "time_picker.time_row.click", false,
	  { "tap:row_name#0", "tap:edit_btn", "tap:e_rem_btn", "tap:time_row#4" } },
	{ "habits", "habits-best-streak-listed-twice", "habit.show", false, { "long:day0#1", "tap:row_name#1" } },
	{ "habits", "habits-hide-completed-keeps-weekly-target", "main.f_hide_completed.click", false,
	  { "tap:filter_btn", "tap:f_hide_completed", "tap:filter_close" } },
	{ "habits", "habits-history-editor-ignores-week-start", "habit.edit_history.click", false,
	  { "tap:more_btn", "tap:menu_settings", "tap:set_behavior", "tap:week_btn", "tap:wk_mon", "input keyevent 4",
	    "input keyevent 4", "tap:row_name#0", "tap:edit_history" } },
	{ "scale", "scale-edit-weight-not-saved", "edit.e_save.click", false,
	  { "tap:m_row#0", "tap:edit_btn", "tap:w_minus", "tap:w_minus", "tap:e_save" } },
	{ "scale", "scale-graph-goal-of-first-user", "graph.show", false, { "tap:user_btn", "tap:user_pick1", "tap:nav_graph" } },
	{ "scale", "scale-goal-lb-keeps-kg-number", "user_edit.u_save.click", false,
	  { "tap:settings_btn", "tap:user_row#0", "tap:u_unit", "tap:unit_lb", "tap:u_save", "input keyevent 4",
	    "tap:nav_stats" } },
	{ "scale", "scale-weekly-average-shows-last", "statistics.show", false, { "tap:nav_stats", "tap:st_week" } },
	{ "scale", "scale-import-wrong-file-says-imported", "import_files.file_row.click", false,
	  { "tap:settings_btn", "tap:set_backup", "tap:import_btn", "tap:file_row#1" } },
	{ "feeds", "feeds-all-count-keeps-read", "feeds.show", false,
	  { "tap:feed_row#0", "tap:item_row#0", "input keyevent 4", "input keyevent 4" } },
	{ "feeds", "feeds-mark-unread-undone-on-sync", "feed.sync_btn.click", false,
	  { "tap:feed_row#0", "tap:item_row#1", "tap:unread_btn", "input keyevent 4", "tap:sync_btn" } },
	{ "feeds", "feeds-gallery-shows-two-photos", "article.show", false, { "tap:feed_row#1", "tap:item_row#0" } },
	{ "feeds", "feeds-open-in-browser-ignores-setting", "article.open_btn.click", false,
	  { "tap:settings_btn", "tap:open_with_btn", "tap:ow_browser", "input keyevent 4", "tap:feed_row#0", "tap:item_row#0",
	    "tap:open_btn" } },
	{ "feeds", "feeds-restart-opens-last-feed", "feeds.show", false,
	  { "tap:feed_row#1", "am force-stop org.holdout.feeds",
	    "monkey -p org.holdout.feeds -c android.intent.category.LAUNCHER 1" } },
	{ "deck", "deck-archive-card-stays", "card.archive_btn.click", false,
	  { "tap:board_row#0", "tap:card_row#0", "tap:archive_btn" } },
	{ "deck", "deck-new-card-loses-description", "new_card.n_create.click", false,
	  { "tap:board_row#0", "tap:add_card_fab", "tap:n_title", "input text Descale%skettle", "tap:n_desc",
	    "input text Citric%sacid,%snot%svinegar", "tap:n_create" } },
	{ "deck", "deck-task-count-needs-comment", "board.show", false, { "tap:board_row#1" } },
	{ "deck", "deck-back-opens-first-board", "card.back", false,
	  { "tap:board_row#1", "tap:card_row#0", "input keyevent 4" } },
	{ "quests", "quests-daily-streak-not-updated", "dailies.show", false, { "tap:nav_dailies", "tap:daily_check#0" } },
	{ "quests", "quests-checklist-tick-leaves-task", "task.cl_check.click", false,
	  { "tap:nav_dailies", "tap:daily_row#1", "tap:cl_check#0" } },
	{ "quests", "quests-todo-filter-not-kept", "todos.show", false,
	  { "tap:nav_todos", "tap:tf_sched", "am force-stop org.holdout.quests",
	    "monkey -p org.holdout.quests -c android.intent.category.LAUNCHER 1", "tap:nav_todos" } },
	{ "quests", "quests-reward-gold-not-updated", "rewards.reward_buy.click", false,
	  { "tap:nav_rewards", "tap:reward_buy#0" } },
	{ "quests", "quests-tag-filter-adds-tag", "filter.f_row.click", false, { "tap:filter_btn", "tap:f_row#0" } },
	{ "lemmy", "lemmy-feed-keeps-old-score", "post.up_btn.click", false,
	  { "tap:post_title#0", "tap:up_btn", "input keyevent 4" } },
	{ "lemmy", "lemmy-default-sort-shifted", "account_settings.save_settings_btn.click", false,
	  { "tap:settings_btn", "tap:acct_row", "tap:def_sort_row", "tap:ds_row#4", "tap:save_settings_btn",
	    "input keyevent 4" } },
	{ "lemmy", "lemmy-preview-opens-previous-post", "home.post_preview.click", false,
	  { "tap:post_title#0", "input keyevent 4", "tap:post_preview#1" } },
	{ "lemmy", "lemmy-new-post-error-silent", "create_post.post_btn.click", false,
	  { "tap:add_post_fab", "tap:cp_comm_btn", "tap:pick_row#1", "tap:cp_title", "input text Release%sparty",
	    "tap:post_btn" } },
	{ "lemmy", "lemmy-edit-comment-empty", "edit_comment.show", false, { "tap:post_title#0", "tap:c_edit" } },
	{ "foodfacts", "foodfacts-serving-shows-100g-values", "nutrition.show", false,
	  { "tap:cam_row#0", "tap:nutrition_btn", "tap:tserv" } },
	{ "foodfacts", "foodfacts-multi-delete-does-nothing", "list_detail.ok_delete.click", false,
	  { "tap:nav_lists", "tap:list_row#0", "tap:select_btn", "tap:item_row#0", "tap:delete_sel_btn", "tap:ok_delete" } },
	{ "foodfacts", "foodfacts-scan-resets-language", "scan.cam_row.click", false,
	  { "tap:nav_prefs", "tap:app_settings_row", "tap:lang_row", "tap:lang_de", "input keyevent 4", "tap:nav_scan",
	    "tap:cam_row#0" } },
	{ "foodfacts", "foodfacts-back-from-history-product-to-scanner", "product.back", false,
	  { "tap:nav_lists", "tap:history_row", "tap:hist_row#0", "input keyevent 4" } },
	{ "ledger", "ledger-category-resets-account", "cat_pick.cp_row.click", false,
	  { "tap:add_tx_fab", "tap:f_acct_btn", "tap:ap_row#1", "tap:f_nocat_btn", "tap:cp_row#0" } },
	{ "ledger", "ledger-history-split-counted-twice", "month_tx.show", false, { "tap:history_btn", "tap:hi_row#1" } },
	{ "ledger", "ledger-budget-list-ignores-aggregate", "budgets.show", false, { "tap:budgets_btn", "tap:bu_aggregate" } },
	{ "ledger", "ledger-split-account-change-silent", "split_form.sp_save.click", false,
	  { "tap:tx_row#2", "tap:td_edit", "tap:sp_acct_btn", "tap:ap_row#1", "tap:sp_save" } },
	{ "ledger", "ledger-protected-start-first-account", "lock.unlock_btn.click", false,
	  { "tap:settings_btn", "tap:se_protect", "tap:pin1", "input text 1234", "tap:pin2", "input text 1234", "tap:pin_save",
	    "input keyevent 4", "tap:accounts_btn", "tap:acct_open#2", "am force-stop org.holdout.ledger",
	    "monkey -p org.holdout.ledger -c android.intent.category.LAUNCHER 1", "tap:lk_pin", "input text 1234",
	    "tap:unlock_btn" } },
	{ "tasks", "tasks-monthly-repeat-from-due-date", "list_view.t_check.click", false, { "tap:l_row#1", "tap:t_check#1" } },
	{ "tasks", "tasks-list-count-not-updated", "filter_view.ft_check.click", false, { "tap:f_today", "tap:ft_check#0", "input keyevent 4" } },
	{ "tasks", "tasks-move-unnests-subtasks", "list_pick.lp_row.click", false,
	  { "tap:l_row#2", "tap:t_open#0", "tap:e_list_btn", "tap:lp_row#0" } },
	{ "tasks", "tasks-default-start-ignored", "new_task.n_create.click", false,
	  { "tap:l_row#0", "tap:add_fab", "tap:n_title", "input text Buy%sbread", "tap:n_create" } },
	{ "tasks", "tasks-subtask-save-leaves-parent", "edit.e_save.click", false,
	  { "tap:l_row#2", "tap:t_open#0", "tap:sub_title2", "tap:e_save" } },
	{ "podcatcher", "podcatcher-queue-time-left-stale", "queue.show", false,
	  { "tap:mini_player", "tap:speed_btn", "tap:spd_row#2", "input keyevent 4" } },
	{ "podcatcher", "podcatcher-feed-speed-overwrites-global", "feed_settings.fsp_row.click", false,
	  { "tap:nav_subs", "tap:sub_row#0", "tap:feed_settings_btn", "tap:fs_speed_row", "tap:fsp_row#2", "input keyevent 4",
	    "input keyevent 4", "tap:nav_more", "tap:more_settings", "tap:set_playback" } },
	{ "podcatcher", "podcatcher-move-to-top-wrong-episode", "queue.qm_top.click", false, { "tap:q_menu#2", "tap:qm_top" } },
	{ "podcatcher", "podcatcher-open-podcast-stays-on-player", "player.pm_open.click", false,
	  { "tap:mini_player", "tap:player_menu_btn", "tap:pm_open" } },
	{ "podcatcher", "podcatcher-skip-episode-ignored", "player.next_btn.click", false, { "tap:mini_player", "tap:next_btn" } },
	{ "caldiary", "caldiary-servings-total-stale", "entry.e_save.click", false,
	  { "tap:entry_row0#0", "tap:e_sv", "input keyevent 67", "input text 2", "tap:e_save" } },
	{ "caldiary", "caldiary-yesterday-meal-wrong", "fmr_meals.add_sel.click", false,
	  { "tap:add1", "tap:tab_meals", "tap:ym_check0", "tap:add_sel" } },
	{ "caldiary", "caldiary-stats-ignore-kilojoules", "statistics.show", false,
	  { "tap:menu_btn", "tap:m_settings", "tap:set_units", "tap:u_energy", "tap:en_kj", "input keyevent 4",
	    "input keyevent 4", "tap:menu_btn", "tap:m_stats" } },
	{ "caldiary", "caldiary-menu-diary-blank", "menu.m_diary.click", false,
	  { "tap:add0", "tap:tab_meals", "tap:ym_open0", "tap:ymv_row#0", "input keyevent 4", "input keyevent 4",
	    "input keyevent 4", "tap:menu_btn", "tap:m_diary" } },
	{ "caldiary", "caldiary-dismissed-meal-phantom-entry", "fmr_foods.ask_cancel.click", false,
	  { "tap:menu_btn", "tap:m_foods", "tap:food_check#0", "tap:add_sel", "tap:ask_cancel", "input keyevent 4" } },
	{ "trailkit", "trailkit-export-cancel-says-exported", "export_save.ex_cancel.click", false,
	  { "tap:nav_tools", "tap:t_packs", "tap:p_row#0", "tap:pi_menu_btn", "tap:pm_export", "tap:ex_cancel" } },
	{ "trailkit", "trailkit-long-press-beacon-back-to-form", "beacon_edit.be_save.click", false,
	  { "long:beacon_btn", "tap:be_name", "input text Lookout", "tap:be_save", "input keyevent 4" } },
	{ "trailkit", "trailkit-group-move-into-itself", "group_pick.show", false,
	  { "tap:beacon_btn", "tap:g_menu#0", "tap:gm_move" } },
	{ "trailkit", "trailkit-climate-ignores-beacon-elevation", "climate_beacons.cb_row.click", false,
	  { "tap:nav_tools", "tap:t_climate", "tap:cl_beacon", "tap:cb_row#0" } },
	{ "trailkit", "trailkit-barometer-override-ignored", "settings_altimeter.ov_ok.click", false,
	  { "tap:nav_tools", "tap:settings_btn", "tap:s_alt", "tap:alt_src", "tap:am_2", "tap:alt_ov", "tap:ov_in",
	    "input text 120", "tap:ov_ok" } },
};

TEST(every_spec_loads_and_cites_its_bugs)
{
	char names[64][64];
	size_t n = bench_apps(names, 64);
	CHECK(n >= 8);
	bool seen[9] = { false };
	for (size_t i = 0; i < n; i++) {
		struct sim_app *app = load_bench(names[i]);
		if (!app)
			continue;
		const struct sim_bug_info *b;
		size_t nb = sim_app_bugs(app, &b);
		CHECK(nb >= 2);
		/* the cited report, read from the spec itself */
		char path[512];
		spec_path(names[i], path, sizeof path);
		FILE *f = fopen(path, "rb");
		REQUIRE(f != NULL);
		static char text[1 << 20];
		size_t len = fread(text, 1, sizeof text - 1, f);
		fclose(f);
		text[len] = '\0';
		cJSON *root = cJSON_Parse(text);
		REQUIRE(root != NULL);
		const cJSON *bugs = cJSON_GetObjectItemCaseSensitive(root, "bugs");
		CHECK_INT_EQ((size_t)cJSON_GetArraySize(bugs), nb);
		const cJSON *bug;
		cJSON_ArrayForEach(bug, bugs) {
			const cJSON *src = cJSON_GetObjectItemCaseSensitive(bug, "source");
			const cJSON *id = cJSON_GetObjectItemCaseSensitive(bug, "id");
			if (!cJSON_IsString(src) || strncmp(src->valuestring, "https://github.com/", 19) != 0 ||
			    (!strstr(src->valuestring, "/issues/") && !strstr(src->valuestring, "/pull/")))
				TEST_FAIL_AT("%s: bug %s cites no GitHub issue", names[i],
					     cJSON_IsString(id) ? id->valuestring : "?");
		}
		cJSON_Delete(root);
		for (size_t k = 0; k < nb; k++) {
			bool known = false;
			for (int c = 0; c < 9; c++)
				if (!strcmp(b[k].category, categories[c]))
					known = seen[c] = true;
			if (!known)
				TEST_FAIL_AT("%s: bug %s has category '%s'", names[i], b[k].id, b[k].category);
		}
		sim_app_free(app);
	}
	for (int c = 0; c < 9; c++)
		if (!seen[c])
			TEST_FAIL_AT("no benchmark bug of category '%s'", categories[c]);
}

TEST(every_bug_fires_only_when_not_fixed)
{
	size_t n = sizeof scenarios / sizeof scenarios[0];
	size_t covered = 0;
	for (size_t i = 0; i < n; i++) {
		const struct scenario *sc = &scenarios[i];
		struct sim_app *app = load_bench(sc->app);
		if (!app)
			continue;
		struct sim *buggy = start(app, false), *fixed = start(app, true);
		run_script(buggy, sc->steps);
		run_script(fixed, sc->steps);
		const char *ev = NULL;
		if (!fired(buggy, sc->bug, &ev))
			TEST_FAIL_AT("%s did not fire", sc->bug);
		else if (strcmp(ev, sc->event) != 0)
			TEST_FAIL_AT("%s fired at '%s', expected '%s'", sc->bug, ev, sc->event);
		const struct sim_bug_event *fe;
		size_t nf = sim_fired_bugs(fixed, &fe);
		if (nf)
			TEST_FAIL_AT("%s: the fixed twin recorded %s", sc->bug, fe[0].bug_id);
		if (sc->display)
			CHECK(display_problems(buggy, sc->bug) > 0);
		char *ob = observe(buggy), *of = observe(fixed);
		if (!strcmp(ob, of))
			TEST_FAIL_AT("%s: buggy and fixed screens look the same", sc->bug);
		free(ob);
		free(of);
		sim_free(buggy);
		sim_free(fixed);
		sim_app_free(app);
		covered++;
	}
	/* every declared bug has a scenario */
	char names[64][64];
	size_t na = bench_apps(names, 64), declared = 0;
	for (size_t a = 0; a < na; a++) {
		struct sim_app *app = load_bench(names[a]);
		const struct sim_bug_info *b;
		declared += app ? sim_app_bugs(app, &b) : 0;
		sim_app_free(app);
	}
	CHECK_INT_EQ(covered, declared);
}

/* The fixed twins' screens along every scenario, in both orientations:
 * nothing for the display oracle to report. */
TEST(fixed_twins_are_clean_for_display_oracles)
{
	size_t n = sizeof scenarios / sizeof scenarios[0];
	for (size_t i = 0; i < n; i++) {
		const struct scenario *sc = &scenarios[i];
		struct sim_app *app = load_bench(sc->app);
		if (!app)
			continue;
		struct sim *s = start(app, true);
		for (const char *const *st = sc->steps; *st; st++) {
			const char *one[2] = { *st, NULL };
			run_script(s, one);
			char where[200];
			snprintf(where, sizeof where, "%s after '%s'", sc->bug, *st);
			CHECK_INT_EQ(display_problems(s, where), 0);
			sh(s, "settings put system user_rotation 1");
			CHECK_INT_EQ(display_problems(s, where), 0);
			sh(s, "settings put system user_rotation 0");
		}
		const struct sim_bug_event *fe;
		CHECK_INT_EQ(sim_fired_bugs(s, &fe), 0);
		sim_free(s);
		sim_app_free(app);
	}
}

int main(void)
{
	RUN(every_spec_loads_and_cites_its_bugs);
	RUN(every_bug_fires_only_when_not_fixed);
	RUN(fixed_twins_are_clean_for_display_oracles);
	strbuf_release(&last_out);
	return test_summary();
}
