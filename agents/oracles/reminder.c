/*
 * reminder.c - oracle 38 "reminder": a reminder whose time is not the
 * event's start less the lead time the same text states (confsched
 * `confsched-reminder-hour-early`, modelled on Giggity #162, reminders
 * scheduled in UTC, not the conference's time zone: an event at 14:00
 * says "Reminder at 12:50 (10 minutes before)").
 *
 * A step check of the screen a step landed on (no dialog). Outside lists
 * and fields, the page must show exactly one reminder text - a text with
 * the word remind, reminder, alert, alarm or notify (notification...), one
 * clock time T (24-hour or AM/PM) and a lead "N minutes before" (min,
 * mins, minute; hour, hours, h, hr; day, days; N of 1-3 digits) - and
 * exactly one event start: the first time of the time ranges
 * ("14:00–14:15", "2:00 - 2:15 PM": a start without AM/PM takes the
 * end's) the other texts outside lists show, all ranges starting at the
 * same time. T must be the start less the lead, modulo a day. A page with
 * no range, ranges starting at different times, or two reminder texts is
 * not judged; nor a reminder whose text gives no lead (the lead set on a
 * settings page may have changed since).
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

enum { DAY_MINUTES = 24 * 60 };

/* Whether the lowered text names a reminder. */
static bool says_reminder(const char *low)
{
	static const char *const words[] = { "remind", "alert", "alarm", "notif", NULL };

	for (size_t i = 0; words[i]; i++)
		for (const char *p = strstr(low, words[i]); p; p = strstr(p + 1, words[i]))
			if (p == low || !isalpha((unsigned char)p[-1]))
				return true;
	return false;
}

/*
 * The lead the lowered text states before "before": "N minutes before",
 * in minutes; -1 when none. The unit must follow N and "before" the unit.
 */
static int lead_minutes(const char *low)
{
	static const struct {
		const char *unit;
		int minutes;
	} units[] = { { "minutes", 1 }, { "minute", 1 }, { "mins", 1 }, { "min", 1 }, { "hours", 60 },
		      { "hour", 60 },   { "hrs", 60 },     { "hr", 60 },    { "h", 60 },   { "days", DAY_MINUTES },
		      { "day", DAY_MINUTES } };

	for (const char *p = strstr(low, "before"); p; p = strstr(p + 1, "before")) {
		const char *q = p;
		int n = 0, scale = 1, digits = 0;

		if (isalpha((unsigned char)p[6]) || (p > low && isalpha((unsigned char)p[-1])))
			continue;
		while (q > low && q[-1] == ' ')
			q--;
		for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
			size_t n_unit = strlen(units[u].unit);

			if ((size_t)(q - low) > n_unit && !strncmp(q - n_unit, units[u].unit, n_unit) &&
			    !isalpha((unsigned char)q[-(long)n_unit - 1])) {
				const char *d = q - n_unit;

				while (d > low && d[-1] == ' ')
					d--;
				while (d > low && isdigit((unsigned char)d[-1]) && digits < 4) {
					n += (d[-1] - '0') * scale;
					scale *= 10;
					digits++;
					d--;
				}
				if (digits >= 1 && digits <= 3 && (d == low || !isalnum((unsigned char)d[-1])) && n > 0)
					return n * units[u].minutes;
				break;
			}
		}
	}
	return -1;
}

/* The one clock time of s in *t (minutes after midnight); false when s has none or several. */
static bool one_clock(const char *s, int *t)
{
	int n = 0;

	for (const char *p = s; *p;) {
		const char *end;
		int v;

		if (!isdigit((unsigned char)*p) || (p > s && isdigit((unsigned char)p[-1]))) {
			p++;
			continue;
		}
		v = oracle_clock_at(p, &end);
		if (v < 0) {
			p++;
			continue;
		}
		*t = v;
		n++;
		p = end;
	}
	return n == 1;
}

/* t (minutes after midnight, 0 to a day) as "HH:MM" into buf. */
static void clock_text(int t, char *buf, size_t n)
{
	snprintf(buf, n, "%02d:%02d", (t / 60) % 24, t % 60);
}

bool oracle_reminder_wrong(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			   const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *reminder = NULL, *event = NULL;
	int starts[16], ends[16], at = -1, lead = -1, want;
	size_t n_starts = 0;
	char low[512], want_s[16], start_s[16], *subject;

	(void)before;
	(void)activity_before;
	(void)done;
	if (!after || oracle_screen_has_layer(after))
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		size_t before_n = n_starts;

		if (!w->text[0] || strlen(w->text) >= sizeof(low) || !ui_widget_visible(w, &after->screen) ||
		    ui_widget_in_list(w) || strstr(w->class_name, "EditText"))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (says_reminder(low) && lead_minutes(low) > 0) {
			if (reminder)
				return false; /* two reminders: which event each is for is not told */
			if (!one_clock(w->text, &at))
				return false;
			reminder = w;
			lead = lead_minutes(low);
			continue;
		}
		n_starts = oracle_time_ranges(w->text, starts, ends, n_starts, sizeof(starts) / sizeof(starts[0]));
		if (n_starts > before_n && !event)
			event = w;
	}
	if (!reminder || !n_starts)
		return false;
	for (size_t i = 1; i < n_starts; i++)
		if (starts[i] != starts[0])
			return false;
	want = ((starts[0] - lead) % DAY_MINUTES + DAY_MINUTES) % DAY_MINUTES;
	if (want == at)
		return false;
	clock_text(want, want_s, sizeof(want_s));
	clock_text(starts[0], start_s, sizeof(start_s));
	oracle_finding_init(f);
	f->oracle = "reminder";
	f->category = BUG_CAT_CALCULATION;
	/* The title names no time: every event the bug touches shows it with its own times. */
	f->title = xstrdup("A reminder's time is not the event's start less its lead time");
	f->expected = xasprintf("%s (the start %s less %d minutes)", want_s, start_s, lead);
	f->actual = xasprintf("%s", reminder->text);
	f->description = xasprintf("The page shows the event \"%s\" and \"%s\": %d minutes before %s is %s.",
				   event->text, reminder->text, lead, start_s, want_s);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "reminder");
	cJSON_AddItemToObject(f->diff, "event", oracle_widget_json(event));
	cJSON_AddItemToObject(f->diff, "reminder", oracle_widget_json(reminder));
	cJSON_AddNumberToObject(f->diff, "lead_minutes", lead);
	subject = xasprintf("reminder time on %s", activity_after ? activity_after : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

const struct oracle_kind oracle_kind_reminder = {
	.name = "reminder",
	.config_key = "oracles.reminder",
	.category = BUG_CAT_CALCULATION,
	.doc = "a reminder time that is not the event's start less the lead time its text states",
	.evidence = "the screen showing the event's time range and the reminder",
	.flags = 0,
	.step_check = oracle_reminder_wrong,
};
