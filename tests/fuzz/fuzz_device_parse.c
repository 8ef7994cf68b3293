/*
 * fuzz_device_parse.c - libFuzzer harness for the device layer's parsers of
 * untrusted device output: dumpsys foreground lines, am start -W, adb
 * devices -l, wm size, uiautomator/pm/monkey output, the logcat crash
 * buffer, error dialogs, PNG headers, raw screencap frames, shell v2 packet framing, aapt badging
 * and xmltree, and the input-text encoder. Input capped at 64 KiB.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/strbuf.h"
#include "device/adb_client.h"
#include "device/app_info.h"
#include "device/device.h"
#include "device/device_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';

	char *p = NULL, *a = NULL;
	if (!device_parse_foreground(text, &p, &a)) {
		free(p);
		free(a);
	}
	struct device_am_result r;
	if (!device_parse_am_start(text, &r))
		device_am_result_release(&r);
	struct device_info *v = NULL;
	size_t n = 0;
	if (!device_parse_devices_l(text, &v, &n))
		free(v);
	int w, h;
	(void)!device_parse_wm_size(text, &w, &h);
	char why[64];
	(void)device_parse_dump_status(text, why, sizeof why);
	(void)!device_parse_pm_result("pm", text);
	(void)!device_parse_monkey("com.x", text);
	struct device_crash_log cl;
	device_parse_crash_log(text, size && data[0] & 1 ? "com.example" : NULL, &cl);
	free(cl.summary);
	bool crash, anr;
	device_parse_error_dialog(text, &crash, &anr);
	(void)!device_parse_png_size(data, size, &w, &h);
	/* A raw `screencap` frame (header, then pixels): checked, then decoded when it passes. */
	if (device_parse_screencap(data, size, &w, &h) == TD_OK) {
		struct image *img = NULL;

		if (image_decode_raw(data, size, "fuzz", &img) == TD_OK)
			image_free(img);
	}

	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	strbuf_init(&out, 4096);
	struct adb_shell_v2_state st = { &out, &err, -1 };
	size_t used;
	(void)!adb_shell_v2_feed(&st, data, size, &used);
	strbuf_release(&out);
	strbuf_release(&err);

	struct app_info *info = NULL;
	if (!app_info_parse_aapt(text, text, &info)) {
		char *json = app_info_to_json(info);
		free(json);
		(void)app_info_find_activity(info, text);
		app_info_free(info);
	}
	if (!app_info_parse_aapt(NULL, text, &info))
		app_info_free(info);

	struct strbuf cmd = STRBUF_INIT;
	if (!device_parse_input_text_cmd(&cmd, text)) {
		char *dec = device_parse_input_text_decode(text);
		free(dec);
	}
	strbuf_release(&cmd);
	free(text);
	return 0;
}
