/*
 * test_oracle_conversion.c - oracle 58 "conversion" on scenarios replayed
 * on the held-out weather app: Settings, Temperature: Fahrenheit, Back to
 * the main page, whose current temperature converts right ("11°C" to
 * "52°F") while the daily forecast's rows read Celsius plus 32
 * (`weather-daily-fahrenheit-plus-32`, WeatherWidget #3). Not on the fixed
 * twin; not when no text marked with its unit switched (Wind speed changed
 * instead). And a conversion a text states: "15 °F = 8.33 °C", the factor
 * without the offset (converter `converter-temperature-ignores-offset`,
 * Units #8); the fixed twin's "15 °F = -9.44 °C" is right.
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define WEATHER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/weather.json"
#define PKG "org.holdout.weather"
#define CONVERTER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/converter.json"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define first_finding(app, s, n, title) sim_steps_found(app, PKG, "conversion", BUG_CAT_CALCULATION, s, n, title)

TEST(daily_temperatures_that_add_32_instead_of_converting)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "settings_btn", NULL, NULL },
		{ ACTION_CLICK, "set_temp", NULL, NULL },
		{ ACTION_CLICK, "temp_f", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};
	static const struct sim_step wind[] = {
		{ ACTION_CLICK, "settings_btn", NULL, NULL },
		{ ACTION_CLICK, "set_wind", NULL, NULL },
		{ ACTION_CLICK, "wind_mph", NULL, NULL },
		{ ACTION_BACK, NULL, NULL, NULL },
	};
	char *title = NULL;

	CHECK_INT_EQ(first_finding(WEATHER, s, N(s), &title), 4);
	CHECK(title && strstr(title, "after the switch to Fahrenheit is not") && strstr(title, "converted"));
	free(title);
	CHECK_INT_EQ(first_finding(WEATHER ":fixed", s, N(s), &title), 0);
	free(title);
	CHECK_INT_EQ(first_finding(WEATHER, wind, N(wind), &title), 0);
	free(title);
}

TEST(a_stated_conversion_that_forgets_the_offset)
{
	static const struct sim_step s[] = {
		{ ACTION_CLICK, "cat_row", NULL, NULL },
		{ ACTION_INPUT, "value", NULL, "15" },
		{ ACTION_CLICK, "convert_btn", "Convert", NULL },
	};
	static const int tops[] = { 675, 0, 0 };
	char *title = NULL;

	CHECK_INT_EQ(sim_steps_found_at(CONVERTER, "org.holdout.converter", "conversion", BUG_CAT_CALCULATION, s, tops,
					N(s), &title),
		     3);
	CHECK(title && !strcmp(title, "'15 °F = 8.33 °C' is not right: -9.44 °C"));
	free(title);
	CHECK_INT_EQ(sim_steps_found_at(CONVERTER ":fixed", "org.holdout.converter", "conversion", BUG_CAT_CALCULATION, s,
					tops, N(s), &title),
		     0);
	free(title);
}

int main(void)
{
	RUN(daily_temperatures_that_add_32_instead_of_converting);
	RUN(a_stated_conversion_that_forgets_the_offset);
	return test_summary();
}
