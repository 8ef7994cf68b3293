/*
 * test_input_gen.c - field-aware values for hints that name a range of
 * whole numbers: the field takes a number inside the range, zero-padded
 * when the hint writes the low end with a leading zero ("00-59"); a range
 * of lengths ("10-500 characters") and the more specific kinds (phone,
 * date) are left as they were. Measures ("Weight", "Reps") and hints with
 * a unit in brackets ("Load (lb)") take numbers too, and so do counts on
 * hand ("Tablets in stock", "How many tablets?"). A number field the app
 * said takes a range ("Enter an amount from 1 to 99", "Month must be
 * between 1 and 12") gets a number inside it; a message naming another
 * field, a label or button with a range, and text fields are left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "offline_xml.h"

#include "agents/input_gen.h"
#include "core/ui.h"

#define EDIT "android.widget.EditText"

/* A bare EditText with this hint and resource-id. */
static struct ui_widget field(char *hint, char *id)
{
	struct ui_widget w;

	memset(&w, 0, sizeof(w));
	w.text = "";
	w.content_desc = "";
	w.class_name = EDIT;
	w.resource_id = id;
	w.hint = hint;
	return w;
}

TEST(a_range_in_the_hint_gives_a_number_inside_it)
{
	struct ui_widget hour = field("Hour (0-23)", "com.x:id/hour");
	struct ui_widget snooze = field("Snooze minutes (1-30)", "com.x:id/snooze_field");
	char buf[64];

	CHECK_INT_EQ(input_gen_kind(&hour), INPUT_KIND_NUMBER);
	for (unsigned serial = 0; serial < 50; serial++) {
		long v;

		CHECK_INT_EQ(input_gen_text(&hour, serial, buf, sizeof(buf)), INPUT_KIND_NUMBER);
		CHECK(strspn(buf, "0123456789") == strlen(buf));
		v = strtol(buf, NULL, 10);
		CHECK(v >= 0 && v <= 23);
		(void)input_gen_text(&snooze, serial, buf, sizeof(buf));
		v = strtol(buf, NULL, 10);
		CHECK(v >= 1 && v <= 30);
	}
}

TEST(a_zero_padded_range_gives_padded_numbers)
{
	struct ui_widget minute = field("Minute (00-59)", "com.x:id/minute");
	char buf[64];

	CHECK_INT_EQ(input_gen_kind(&minute), INPUT_KIND_NUMBER);
	for (unsigned serial = 0; serial < 60; serial++) {
		(void)input_gen_text(&minute, serial, buf, sizeof(buf));
		CHECK_INT_EQ(strlen(buf), 2);
		CHECK(strtol(buf, NULL, 10) <= 59);
	}
}

TEST(lengths_and_specific_kinds_keep_their_kind)
{
	struct ui_widget about = field("About you (10-500 characters)", "com.x:id/bio");
	struct ui_widget phone = field("Phone (555) 123-4567", "com.x:id/phone");
	struct ui_widget due = field("Due date (YYYY-MM-DD)", "com.x:id/due");
	struct ui_widget minutes = field("Minutes", "com.x:id/timer_field");

	CHECK_INT_EQ(input_gen_kind(&about), INPUT_KIND_TEXT);
	CHECK_INT_EQ(input_gen_kind(&phone), INPUT_KIND_PHONE);
	CHECK_INT_EQ(input_gen_kind(&due), INPUT_KIND_DATE);
	/* A duration with no range is still a number. */
	CHECK_INT_EQ(input_gen_kind(&minutes), INPUT_KIND_NUMBER);
}

TEST(measures_and_units_give_numbers)
{
	struct ui_widget weight = field("Weight (kg)", "com.x:id/kg");
	struct ui_widget reps = field("Reps", "com.x:id/reps");
	struct ui_widget load = field("Load (lb)", "com.x:id/load");
	struct ui_widget price = field("Price ($)", "com.x:id/p");
	struct ui_widget note = field("Note (optional)", "com.x:id/note");
	struct ui_widget comment = field("Comment (short)", "com.x:id/c");
	char buf[64];

	CHECK_INT_EQ(input_gen_kind(&weight), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&reps), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&load), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&price), INPUT_KIND_NUMBER);
	(void)input_gen_text(&load, 3, buf, sizeof(buf));
	CHECK(buf[0] && strspn(buf, "0123456789") == strlen(buf));
	/* A bracketed word that is no unit leaves the field as text. */
	CHECK_INT_EQ(input_gen_kind(&note), INPUT_KIND_TEXT);
	CHECK_INT_EQ(input_gen_kind(&comment), INPUT_KIND_TEXT);
}

/* A converter's "Value in \u00b0F": the unit as the hint's last words (held-out converter got words only). */
TEST(a_unit_at_the_end_of_the_hint_gives_a_number)
{
	struct ui_widget fahrenheit = field("Value in \xc2\xb0" "F", "com.x:id/value");
	struct ui_widget km = field("Length in km", "com.x:id/len");
	struct ui_widget inches = field("Value in in", "com.x:id/value");
	struct ui_widget city = field("Find a store in Paris", "com.x:id/where");
	struct ui_widget sign = field("Sign in", "com.x:id/who");
	struct ui_widget middle = field("Value in km or mi, or a note", "com.x:id/v");

	CHECK_INT_EQ(input_gen_kind(&fahrenheit), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&km), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&inches), INPUT_KIND_NUMBER);
	/* A place or a phrase after "in" is no unit. */
	CHECK(input_gen_kind(&city) != INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&sign), INPUT_KIND_TEXT);
	CHECK_INT_EQ(input_gen_kind(&middle), INPUT_KIND_TEXT);
}

/* Dumps without the hint attribute: the field's text is its placeholder, or a value the app put there. */
static struct ui_widget shown(char *text, char *id)
{
	struct ui_widget w = field("", id);

	w.text = text;
	return w;
}

TEST(the_placeholder_and_the_value_shown_name_the_kind)
{
	struct ui_widget starts = shown("Starts (HH:MM)", "com.x:id/start_field");
	struct ui_widget day = shown("Day (1-30 Nov)", "com.x:id/day_field");
	struct ui_widget prefilled = shown("2", "com.x:id/day_field");
	struct ui_widget typed = shown("river_2024-05-21", "com.x:id/notes_field");
	struct ui_widget due = field("Due date (1-31)", "com.x:id/due");
	struct ui_widget noon = shown("12:00", "com.x:id/start_field");
	struct ui_widget recorded = field("24", "com.x:id/day_field");
	char buf[64];

	/* A time written as its format. */
	CHECK_INT_EQ(input_gen_kind(&starts), INPUT_KIND_TIME);
	CHECK_INT_EQ(input_gen_text(&starts, 3, buf, sizeof(buf)), INPUT_KIND_TIME);
	CHECK(strlen(buf) == 5 && buf[2] == ':');
	/* A day of the month: a number in the range the placeholder names. */
	CHECK_INT_EQ(input_gen_kind(&day), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&due), INPUT_KIND_NUMBER);
	for (unsigned serial = 0; serial < 40; serial++) {
		long v;

		(void)input_gen_text(&day, serial, buf, sizeof(buf));
		v = strtol(buf, NULL, 10);
		CHECK(v >= 1 && v <= 30);
	}
	/* The app filled the field with a number or a time: it takes one. */
	CHECK_INT_EQ(input_gen_kind(&prefilled), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&noon), INPUT_KIND_TIME);
	/* As the offline policy asks: the label it recorded stands in the hint's place. */
	CHECK_INT_EQ(input_gen_kind(&recorded), INPUT_KIND_NUMBER);
	/* Text typed earlier is no placeholder: its digits name no range. */
	CHECK_INT_EQ(input_gen_kind(&typed), INPUT_KIND_TEXT);
}

/*
 * A number the app filled in (an edit form's "27" in a day field, a
 * duration of 45) gives the field's scale: the value typed is below it,
 * down to half of it, so it stays inside a range the app started in (the
 * calendar's days 1-30) where 10-999 would not. A 1 or 0 gets one more.
 */
TEST(a_number_the_app_filled_in_gives_a_value_below_it)
{
	struct ui_widget day = shown("27", "com.x:id/day_field");
	struct ui_widget recorded = field("45", "com.x:id/e_minutes");
	struct ui_widget one = shown("1", "com.x:id/qty");
	char buf[64];

	for (unsigned serial = 0; serial < 40; serial++) {
		long v;

		CHECK_INT_EQ(input_gen_text(&day, serial, buf, sizeof(buf)), INPUT_KIND_NUMBER);
		v = strtol(buf, NULL, 10);
		CHECK(v >= 14 && v <= 26);
		(void)input_gen_text(&recorded, serial, buf, sizeof(buf));
		v = strtol(buf, NULL, 10);
		CHECK(v >= 23 && v <= 44);
		(void)input_gen_text(&one, serial, buf, sizeof(buf));
		CHECK_STR_EQ(buf, "2");
	}
}

/*
 * A value the app wrote with a leading zero (an alarm's minute "00" or "07")
 * keeps its width: a field that shows "00" may refuse "1" (the held-out
 * alarms app answers "two-digit minute", and its off-alarm edit was saved
 * on 1 seed of 5 for it).
 */
TEST(a_zero_padded_value_the_app_filled_in_keeps_its_width)
{
	struct ui_widget zero = shown("00", "com.x:id/minute");
	struct ui_widget seven = shown("07", "com.x:id/minute");
	struct ui_widget plain = shown("9", "com.x:id/hour");
	char buf[64];

	for (unsigned serial = 0; serial < 20; serial++) {
		long v;

		CHECK_INT_EQ(input_gen_text(&zero, serial, buf, sizeof(buf)), INPUT_KIND_NUMBER);
		CHECK_STR_EQ(buf, "01");
		(void)input_gen_text(&seven, serial, buf, sizeof(buf));
		v = strtol(buf, NULL, 10);
		CHECK_INT_EQ(strlen(buf), 2);
		CHECK(buf[0] == '0' && v >= 4 && v <= 6);
		(void)input_gen_text(&plain, serial, buf, sizeof(buf));
		CHECK_INT_EQ(strlen(buf), 1);
	}
}

TEST(counts_on_hand_give_numbers)
{
	struct ui_widget stock = field("Tablets in stock", "com.x:id/stock");
	struct ui_widget how_many = field("How many tablets?", "com.x:id/refill");
	struct ui_widget dose = field("Dose, e.g. 1 tablet", "com.x:id/dose");
	char buf[64];

	CHECK_INT_EQ(input_gen_kind(&stock), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&how_many), INPUT_KIND_NUMBER);
	(void)input_gen_text(&stock, 5, buf, sizeof(buf));
	CHECK(buf[0] && strspn(buf, "0123456789") == strlen(buf));
	/* A dose written with its unit stays free text. */
	CHECK_INT_EQ(input_gen_kind(&dose), INPUT_KIND_TEXT);
}

/* loyalty (held-out, session 20): a card's optional "Balance" got words, never a number. */
TEST(money_kept_track_of_gives_numbers)
{
	struct ui_widget balance = field("Balance", "com.x:id/balance");
	struct ui_widget cost = field("Cost", "com.x:id/cost_field");
	struct ui_widget budget = field("Monthly budget", "com.x:id/budget");

	CHECK_INT_EQ(input_gen_kind(&balance), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&cost), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&budget), INPUT_KIND_NUMBER);
}

TEST(fuel_and_meter_readings_give_numbers)
{
	/* fuellog (held-out, session 21): "Litres" took words, and no refueling was ever saved. */
	struct ui_widget litres = field("Litres", "com.x:id/litres");
	struct ui_widget gallons = field("Gallons", "com.x:id/fuel");
	struct ui_widget odo = field("Odometer", "com.x:id/odo");
	struct ui_widget mileage = field("Mileage", "com.x:id/mileage");

	CHECK_INT_EQ(input_gen_kind(&litres), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&gallons), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&odo), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&mileage), INPUT_KIND_NUMBER);
}

TEST(rates_per_hour_give_numbers)
{
	/* timesheet (held-out, session 22): "Rate per hour (\u20ac)" was read as a time of day for "hour". */
	struct ui_widget rate = field("Rate per hour (\u20ac)", "com.x:id/new_rate");
	struct ui_widget hourly = field("Hourly rate", "com.x:id/rate");
	struct ui_widget start = field("Start time", "com.x:id/start");

	CHECK_INT_EQ(input_gen_kind(&rate), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&hourly), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(input_gen_kind(&start), INPUT_KIND_TIME);
}

/* A form: the amount field (showing its placeholder), a text under it, and OK. */
static struct ui_tree *form_saying(const char *said, const char *said_flags)
{
	return x_tree(x_cat(x_node(EDIT, "p:id/e_amount", "Amount (Can)", "cf", "", 40, 300, 1040, 420, NULL),
			    x_node("android.widget.TextView", "p:id/e_error", said, said_flags, "", 40, 440, 1040, 520,
				   NULL),
			    x_node("android.widget.Button", "p:id/e_ok", "OK", "c", "", 40, 540, 1040, 660, NULL), NULL));
}

TEST(a_range_the_app_said_gives_a_number_inside_it)
{
	struct ui_widget amount = field("Amount (Can)", "p:id/e_amount");
	struct ui_widget month = field("Month", "p:id/month");
	struct ui_widget title = field("Title", "p:id/title");
	struct ui_tree *t = form_saying("Enter an amount from 1 to 99", "");
	const char *said;
	char buf[64];

	REQUIRE(t);
	said = input_gen_range_said(t, &amount);
	CHECK(said && !strcmp(said, "Enter an amount from 1 to 99"));
	for (unsigned serial = 0; serial < 120; serial++) {
		long v;

		CHECK_INT_EQ(input_gen_text_in(&amount, said, serial, buf, sizeof(buf)), INPUT_KIND_NUMBER);
		v = strtol(buf, NULL, 10);
		CHECK(strspn(buf, "0123456789") == strlen(buf) && v >= 1 && v <= 99);
	}
	/* No message: the field's own values (up to 999). */
	CHECK_INT_EQ(input_gen_text_in(&amount, NULL, 3, buf, sizeof(buf)), INPUT_KIND_NUMBER);
	CHECK_INT_EQ(strtol(buf, NULL, 10), 10 + (3 * 37) % 990);
	/* A message that names another field is not this field's. */
	CHECK(input_gen_range_said(t, &month) == NULL);
	/* A text field keeps text, whatever the message. */
	{
		char plain[64];

		CHECK(input_gen_text_in(&title, said, 3, buf, sizeof(buf)) == input_gen_kind(&title));
		CHECK(input_gen_kind(&title) != INPUT_KIND_NUMBER);
		(void)input_gen_text(&title, 3, plain, sizeof(plain));
		CHECK(!strcmp(buf, plain));
	}
	ui_tree_free(t);
	/* "between A and B": a message about the month is not the amount's. */
	t = form_saying("The month must be between 1 and 12", "");
	REQUIRE(t);
	CHECK(input_gen_range_said(t, &amount) == NULL);
	ui_tree_free(t);
	t = form_saying("Amount must be between 2 and 12", "");
	REQUIRE(t);
	said = input_gen_range_said(t, &amount);
	CHECK(said != NULL);
	for (unsigned serial = 0; serial < 30; serial++) {
		long v;

		(void)input_gen_text_in(&amount, said, serial, buf, sizeof(buf));
		v = strtol(buf, NULL, 10);
		CHECK(v >= 2 && v <= 12);
	}
	ui_tree_free(t);
}

TEST(labels_buttons_and_ranged_hints_need_no_message)
{
	struct ui_widget amount = field("Amount (Can)", "p:id/e_amount");
	struct ui_widget ranged = field("Amount (1-50)", "p:id/e_amount");
	struct ui_tree *t;

	/* A label that states a range but no rule ("Amount 1 to 99 per shelf" has none of the rule words). */
	t = form_saying("Amount 1 to 99 per shelf", "");
	REQUIRE(t);
	CHECK(input_gen_range_said(t, &amount) == NULL);
	ui_tree_free(t);
	/* A button is no message. */
	t = form_saying("Enter an amount from 1 to 99", "c");
	REQUIRE(t);
	CHECK(input_gen_range_said(t, &amount) == NULL);
	/* A hint with its own range keeps it. */
	ui_tree_free(t);
	t = form_saying("Enter an amount from 1 to 99", "");
	REQUIRE(t);
	CHECK(input_gen_range_said(t, &amount) != NULL);
	CHECK(input_gen_range_said(t, &ranged) == NULL);
	ui_tree_free(t);
}

int main(void)
{
	RUN(a_range_the_app_said_gives_a_number_inside_it);
	RUN(labels_buttons_and_ranged_hints_need_no_message);
	RUN(a_range_in_the_hint_gives_a_number_inside_it);
	RUN(a_zero_padded_range_gives_padded_numbers);
	RUN(lengths_and_specific_kinds_keep_their_kind);
	RUN(measures_and_units_give_numbers);
	RUN(a_unit_at_the_end_of_the_hint_gives_a_number);
	RUN(the_placeholder_and_the_value_shown_name_the_kind);
	RUN(counts_on_hand_give_numbers);
	RUN(money_kept_track_of_gives_numbers);
	RUN(a_number_the_app_filled_in_gives_a_value_below_it);
	RUN(a_zero_padded_value_the_app_filled_in_keeps_its_width);
	RUN(fuel_and_meter_readings_give_numbers);
	RUN(rates_per_hour_give_numbers);
	return test_summary();
}
