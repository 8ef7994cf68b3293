/*
 * fuzz_simspec.c - libFuzzer harness for the app spec loader (untrusted
 * JSON). When a spec loads, the harness also boots it and drives a few
 * actions (launch, taps, typing, rotation, Back, a dump) so the
 * interpreter runs on whatever the loader accepted. Input capped at 64 KB.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "device/sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	struct sim_app *app = NULL;
	if (sim_app_load_text((const char *)data, size, "fuzz.json", &app) != 0)
		return 0;
	struct sim_options o = { 0, 0, false, NULL };
	struct sim *s = NULL;
	if (sim_new(app, &o, &s) == 0) {
		static const char *const cmds[] = {
			"am start -W -n PKG/.Main", "monkey -p PKG -c android.intent.category.LAUNCHER 1",
			"input tap 540 300", "input tap 540 600", "input text hello", "input keyevent 66",
			"input tap 540 1000", "settings put system user_rotation 1", "input tap 1200 500",
			"input swipe 540 1800 540 300 300", "input swipe 540 700 540 700 900",
			"uiautomator dump /dev/tty", "input keyevent 4", "input keyevent 3",
			"monkey -p PKG -c android.intent.category.LAUNCHER 1", "input tap 940 2260",
			"am force-stop PKG", "pm clear PKG", "dumpsys activity activities",
		};
		for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
			struct strbuf line = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
			int code;
			const char *p = cmds[i], *pk = strstr(p, "PKG");
			(void)strbuf_add(&line, p, pk ? (size_t)(pk - p) : strlen(p));
			if (pk) {
				(void)strbuf_adds(&line, sim_app_package(app));
				(void)strbuf_adds(&line, pk + 3);
			}
			int rc = sim_shell(s, line.buf, &out, &err, &code);
			(void)rc;
			strbuf_release(&line);
			strbuf_release(&out);
			strbuf_release(&err);
		}
		sim_free(s);
	}
	sim_app_free(app);
	return 0;
}
