/*
 * test_oracle_conversion.c - oracle 58 "conversion" on scenarios replayed
 * on the held-out weather app: Settings, Temperature: Fahrenheit, Back to
 * the main page, whose current temperature converts right ("11°C" to
 * "52°F") while the daily forecast's rows read Celsius plus 32
 * (`weather-daily-fahrenheit-plus-32`, WeatherWidget #3). Not on the fixed
 * twin; not when no text marked with its unit switched (Wind speed changed
 * instead).
 */
#include <stdbool.h>
#include <string.h>

#include "test.h"
#include "sim_steps.h"

#define WEATHER "sim:" TRIDENT_SOURCE_DIR "/configs/apps/holdout/weather.json"
#define PKG "org.holdout.weather"

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

int main(void)
{
	RUN(daily_temperatures_that_add_32_instead_of_converting);
	return test_summary();
}
