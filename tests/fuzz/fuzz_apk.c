/*
 * fuzz_apk.c - libFuzzer harness for the APK (zip) reader behind
 * trident-simd's `pm install` (untrusted bytes from adb). Takes
 * assets/trident-app.json out of the input; then installs the input into a
 * simulated device through the package manager, as `adb install` would,
 * and runs pm path / list / the launch / uninstall on it. Input capped at
 * 256 KB.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/sim/sim.h"
#include "device/sim/sim_apk.h"

static const char base_spec[] =
	"{\"package\":\"org.fuzz.base\",\"activities\":[{\"name\":\".Main\",\"launcher\":true,"
	"\"exported\":true}],\"screens\":{\"main\":{\"widgets\":[{\"type\":\"text\",\"text\":\"hi\"}]}}}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (256u << 10))
		return 0;
	char *spec = NULL, pkg[256] = "org.fuzz.base";
	size_t spec_len = 0;
	if (sim_apk_read_entry(data, size, SIM_APK_SPEC_ENTRY, 1u << 20, &spec, &spec_len) == 0) {
		if (strlen(spec) > spec_len)
			abort(); /* NUL-terminated at exactly spec_len */
		struct sim_app *app = NULL;
		if (sim_app_load_text(spec, spec_len, "asset.json", &app) == 0) {
			snprintf(pkg, sizeof pkg, "%s", sim_app_package(app));
			sim_app_free(app);
		}
		free(spec);
	}
	static struct sim_app *base;
	if (!base && sim_app_load_text(base_spec, sizeof base_spec - 1, "base.json", &base) != 0)
		abort();
	struct sim *s = NULL;
	if (sim_new(base, NULL, &s) != 0)
		return 0;
	struct strbuf msg = STRBUF_INIT;
	if (sim_install_apk(s, data, size, false, &msg) == 0) {
		static const char *const cmds[] = {
			"pm list packages -f", "pm path %s", "dumpsys package %s",
			"monkey -p %s -c android.intent.category.LAUNCHER 1", "uiautomator dump /dev/tty",
			"input keyevent 4", "am start -n org.fuzz.base/.Main", "pm uninstall %s",
			"uiautomator dump /dev/tty",
		};
		for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
			struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
			struct strbuf line = STRBUF_INIT;
			int code;
			const char *pk = strstr(cmds[i], "%s");
			(void)strbuf_add(&line, cmds[i], pk ? (size_t)(pk - cmds[i]) : strlen(cmds[i]));
			if (pk) {
				(void)strbuf_adds(&line, pkg);
				(void)strbuf_adds(&line, pk + 2);
			}
			int rc = sim_shell(s, line.buf, &out, &err, &code);
			strbuf_release(&line);
			if (rc != 0)
				abort();
			strbuf_release(&out);
			strbuf_release(&err);
		}
	}
	strbuf_release(&msg);
	sim_free(s);
	return 0;
}
