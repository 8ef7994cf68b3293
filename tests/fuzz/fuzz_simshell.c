/*
 * fuzz_simshell.c - libFuzzer harness for the simulated device's shell
 * (sim_shell): the input is one command line, as `adb shell` would pass
 * it, run against a fresh device with the notes demo app in the foreground.
 * Input capped at 4 KB.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "device/sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_app *app;
	if (size > 4096)
		return 0;
	if (!app) {
		char *path = sim_app_resolve("notes", NULL);
		int err = sim_app_load(path, &app);
		free(path);
		if (err)
			abort();
	}
	struct sim_options o = { 0, 0, false, NULL };
	struct sim *s = NULL;
	if (sim_new(app, &o, &s) != 0)
		return 0;
	char *line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = '\0';
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int code;
	int rc = sim_shell(s, "monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1", &out, &err, &code);
	rc |= sim_shell(s, line, &out, &err, &code);
	(void)rc;
	strbuf_release(&out);
	strbuf_release(&err);
	free(line);
	sim_free(s);
	return 0;
}
