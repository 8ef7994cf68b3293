/*
 * test_adb_parse.c - the device layer's pure parsers and builders: wm size,
 * dumpsys foreground formats, am start -W, adb devices -l, shell v2 packet
 * framing, uiautomator/pm/monkey/logcat output, input-text quoting, ADB
 * server address resolution, and aapt output.
 *
 * The aapt samples below were written by hand from aapt's documented output
 * format (`aapt dump badging` / `aapt dump xmltree ... AndroidManifest.xml`),
 * not captured from a real APK: no APK can be built here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"

#include "core/error.h"
#include "core/strbuf.h"
#include "core/adb_wire.h"
#include "device/adb_client.h"
#include "device/app_info.h"
#include "device/device.h"
#include "device/device_parse.h"

TEST(wm_size_prefers_override)
{
	int w = 0, h = 0;
	CHECK_OK(device_parse_wm_size("Physical size: 1080x2400\n", &w, &h));
	CHECK_INT_EQ(w, 1080);
	CHECK_INT_EQ(h, 2400);
	CHECK_OK(device_parse_wm_size("Physical size: 1440x3040\nOverride size: 1080x2280\n", &w, &h));
	CHECK_INT_EQ(w, 1080);
	CHECK_INT_EQ(h, 2280);
	CHECK_INT_EQ(device_parse_wm_size("cmd: Can't find service: window\n", &w, &h), TD_ERR_PARSE);
	CHECK_INT_EQ(device_parse_wm_size("", &w, &h), TD_ERR_PARSE);
}

/* Check one dumpsys sample's parse. */
static void check_fg(const char *text, const char *pkg, const char *act)
{
	char *p = NULL, *a = NULL;
	int err = device_parse_foreground(text, &p, &a);
	if (!pkg) {
		CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
		return;
	}
	CHECK_OK(err);
	CHECK_STR_EQ(p, pkg);
	CHECK_STR_EQ(a, act);
	free(p);
	free(a);
}

TEST(foreground_formats)
{
	/* Android 9/10: dumpsys activity activities */
	check_fg("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"
		 "Display #0 (activities from top to bottom):\n"
		 "  Stack #1: type=standard mode=fullscreen\n"
		 "    mResumedActivity: ActivityRecord{5e0a0b u0 com.example.notes/.MainActivity t123}\n"
		 "  mFocusedActivity: ActivityRecord{5e0a0b u0 com.example.notes/.MainActivity t123}\n",
		 "com.example.notes", "com.example.notes/.MainActivity");
	/* Android 12+: topResumedActivity= */
	check_fg("  RootTask #5 type=standard mode=fullscreen\n"
		 "    topResumedActivity=ActivityRecord{c3a1f2 u0 org.wikipedia/.main.MainActivity t41}\n",
		 "org.wikipedia", "org.wikipedia/.main.MainActivity");
	/* Android 11: ResumedActivity: */
	check_fg("  ResumedActivity: ActivityRecord{1f2e3d u0 com.android.settings/com.android.settings.Settings t7}\n",
		 "com.android.settings", "com.android.settings/com.android.settings.Settings");
	/* dumpsys window: mCurrentFocus */
	check_fg("  mCurrentFocus=Window{a3b4c5 u0 com.example.notes/com.example.notes.EditActivity}\n"
		 "  mFocusedApp=AppWindowToken{token=Token{x ActivityRecord{y u0 com.example.notes/.EditActivity t3}}}\n",
		 "com.example.notes", "com.example.notes/com.example.notes.EditActivity");
	/* mResumedActivity: null is skipped in favour of the next key */
	check_fg("  mResumedActivity: null\n  mCurrentFocus=Window{1 u0 com.a.b/.C}\n", "com.a.b", "com.a.b/.C");
	/* a crash dialog has focus */
	check_fg("  mCurrentFocus=Window{9f u0 Application Error: com.example.notes}\n", "com.example.notes", "");
	check_fg("  mCurrentFocus=null\n", NULL, NULL);
	check_fg("garbage / with slash\n", NULL, NULL);
}

TEST(am_start_results)
{
	struct device_am_result r;
	CHECK_OK(device_parse_am_start("Starting: Intent { cmp=com.x/.Main }\nStatus: ok\nLaunchState: COLD\n"
				       "Activity: com.x/.Main\nTotalTime: 345\nWaitTime: 350\nComplete\n", &r));
	CHECK(r.ok);
	CHECK_STR_EQ(r.activity, "com.x/.Main");
	CHECK_INT_EQ(r.total_ms, 345);
	device_am_result_release(&r);

	CHECK_OK(device_parse_am_start("Starting: Intent { cmp=com.x/.Nope }\nError type 3\n"
				       "Error: Activity class {com.x/com.x.Nope} does not exist.\n", &r));
	CHECK(!r.ok);
	CHECK_STR_EQ(r.error, "Error: Activity class {com.x/com.x.Nope} does not exist.");
	device_am_result_release(&r);

	CHECK_OK(device_parse_am_start("Starting: Intent { act=android.intent.action.VIEW dat=notes://x }\n"
				       "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=notes://x flg=0x10000000 }\n", &r));
	CHECK(!r.ok);
	CHECK(strstr(r.error, "unable to resolve") != NULL);
	device_am_result_release(&r);

	CHECK_OK(device_parse_am_start("Starting: Intent { cmp=com.x/.Secret }\n"
				       "java.lang.SecurityException: Permission Denial: starting Intent { cmp=com.x/.Secret } not exported from uid 10123\n", &r));
	CHECK(!r.ok);
	CHECK(strstr(r.error, "Permission Denial") != NULL);
	device_am_result_release(&r);

	CHECK_OK(device_parse_am_start("Starting: Intent { cmp=com.x/.Main }\n"
				       "Warning: Activity not started, its current task has been brought to the front\n"
				       "Status: ok\nActivity: com.x/.Main\n", &r));
	CHECK(r.ok);
	device_am_result_release(&r);

	CHECK_OK(device_parse_am_start("Status: timeout\n", &r));
	CHECK(!r.ok);
	CHECK(r.timeout);
	device_am_result_release(&r);
}

TEST(devices_l)
{
	const char *text =
		"List of devices attached\n"
		"emulator-5554          device product:sdk_gphone_x86 model:sdk_gphone_x86 device:generic_x86 transport_id:1\n"
		"127.0.0.1:5555         offline transport_id:2\n"
		"0123456789ABCDEF       unauthorized usb:1-1 transport_id:3\n"
		"FA7AB0301234           no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html] usb:1-2 transport_id:4\n"
		"\n";
	struct device_info *v = NULL;
	size_t n = 0;
	CHECK_OK(device_parse_devices_l(text, &v, &n));
	REQUIRE(n == 4);
	CHECK_STR_EQ(v[0].serial, "emulator-5554");
	CHECK_STR_EQ(v[0].state, "device");
	CHECK_STR_EQ(v[0].model, "sdk_gphone_x86");
	CHECK_STR_EQ(v[1].serial, "127.0.0.1:5555");
	CHECK_STR_EQ(v[1].state, "offline");
	CHECK_STR_EQ(v[1].model, "");
	CHECK_STR_EQ(v[2].state, "unauthorized");
	CHECK_STR_EQ(v[3].state, "no permissions");
	free(v);
	CHECK_OK(device_parse_devices_l("", &v, &n));
	CHECK_INT_EQ(n, 0);
	free(v);
}

TEST(shell_v2_framing)
{
	struct strbuf wire = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	CHECK_OK(adb_shell_encode(&wire, 1, "hello ", 6));
	CHECK_OK(adb_shell_encode(&wire, 2, "oops\n", 5));
	CHECK_OK(adb_shell_encode(&wire, 1, "world\n", 6));
	unsigned char code = 3;
	CHECK_OK(adb_shell_encode(&wire, 3, &code, 1));
	CHECK_INT_EQ(wire.len, 4 * 5 + 6 + 5 + 6 + 1);
	CHECK_INT_EQ((unsigned char)wire.buf[0], 1);
	CHECK_INT_EQ((unsigned char)wire.buf[1], 6);
	CHECK_INT_EQ((unsigned char)wire.buf[2], 0);

	/* Fed one byte at a time, the parser waits for whole packets. */
	struct adb_shell_v2_state st = { &out, &err, -1 };
	struct strbuf pending = STRBUF_INIT;
	for (size_t i = 0; i < wire.len; i++) {
		CHECK_OK(strbuf_add(&pending, wire.buf + i, 1));
		size_t used = 0;
		CHECK_OK(adb_shell_v2_feed(&st, (unsigned char *)pending.buf, pending.len, &used));
		memmove(pending.buf, pending.buf + used, pending.len - used);
		strbuf_setlen(&pending, pending.len - used);
	}
	CHECK_STR_EQ(out.buf, "hello world\n");
	CHECK_STR_EQ(err.buf, "oops\n");
	CHECK_INT_EQ(st.exit_code, 3);
	CHECK_INT_EQ(pending.len, 0);

	/* Unknown ids and bad exit packets are protocol errors. */
	size_t used;
	const unsigned char bad[] = { 9, 0, 0, 0, 0 };
	CHECK_INT_EQ(adb_shell_v2_feed(&st, bad, sizeof bad, &used), TD_ERR_PROTOCOL);
	const unsigned char badexit[] = { 3, 2, 0, 0, 0, 1, 1 };
	CHECK_INT_EQ(adb_shell_v2_feed(&st, badexit, sizeof badexit, &used), TD_ERR_PROTOCOL);
	/* A capped stdout buffer reports TOO_BIG instead of growing. */
	struct strbuf small = STRBUF_INIT;
	strbuf_init(&small, 4);
	struct adb_shell_v2_state st2 = { &small, &err, -1 };
	CHECK_INT_EQ(adb_shell_v2_feed(&st2, (unsigned char *)wire.buf, wire.len, &used), TD_ERR_TOO_BIG);
	strbuf_release(&small);
	strbuf_release(&pending);
	strbuf_release(&wire);
	strbuf_release(&out);
	strbuf_release(&err);
}

TEST(shell_v1_marker)
{
	struct strbuf raw = STRBUF_INIT, out = STRBUF_INIT;
	int code = -1;
	CHECK_OK(strbuf_adds(&raw, "one\r\ntwo\r\n:trident-exit:3\r\n"));
	CHECK_OK(adb_shell_v1_result(&raw, &out, &code));
	CHECK_STR_EQ(out.buf, "one\ntwo\n");
	CHECK_INT_EQ(code, 3);
	/* the last marker counts: a command may print the marker text itself */
	strbuf_reset(&raw);
	strbuf_reset(&out);
	CHECK_OK(strbuf_adds(&raw, "x:trident-exit:9\n:trident-exit:0\n"));
	CHECK_OK(adb_shell_v1_result(&raw, &out, &code));
	CHECK_STR_EQ(out.buf, "x:trident-exit:9\n");
	CHECK_INT_EQ(code, 0);
	strbuf_reset(&raw);
	CHECK_OK(strbuf_adds(&raw, "no marker\n"));
	CHECK_INT_EQ(adb_shell_v1_result(&raw, &out, &code), TD_ERR_PROTOCOL);
	strbuf_reset(&raw);
	CHECK_OK(strbuf_adds(&raw, ":trident-exit:$?\n"));
	CHECK_INT_EQ(adb_shell_v1_result(&raw, &out, &code), TD_ERR_PROTOCOL);
	strbuf_release(&raw);
	strbuf_release(&out);
}

/* Build the command for `text` and return it (static buffer). */
static const char *text_cmd(const char *text, int *err)
{
	static char buf[4096];
	struct strbuf sb = STRBUF_INIT;
	*err = device_parse_input_text_cmd(&sb, text);
	snprintf(buf, sizeof buf, "%s", sb.buf);
	strbuf_release(&sb);
	return buf;
}

TEST(input_text_quoting)
{
	int err;
	CHECK_STR_EQ(text_cmd("hello", &err), "input text hello");
	CHECK_OK(err);
	CHECK_STR_EQ(text_cmd("buy milk", &err), "input text buy%smilk");
	CHECK_STR_EQ(text_cmd("it's", &err), "input text 'it'\\''s'");
	CHECK_STR_EQ(text_cmd("$(reboot); `id` && \"x\"", &err),
		     "input text '$(reboot);%s`id`%s&&%s\"x\"'");
	CHECK_STR_EQ(text_cmd("100%sure", &err), "input text 100% && input text sure");
	CHECK_STR_EQ(text_cmd("50% off", &err), "input text 50%%soff");
	CHECK_STR_EQ(text_cmd("", &err), "");
	CHECK_OK(err);
	text_cmd("line1\nline2", &err);
	CHECK_INT_EQ(err, TD_ERR_UNSUPPORTED);
	CHECK(strstr(td_errmsg(err), "0x0a") != NULL);
	text_cmd("caf\xc3\xa9", &err);
	CHECK_INT_EQ(err, TD_ERR_UNSUPPORTED);
	CHECK(strstr(td_errmsg(err), "U+00E9") != NULL);
	text_cmd("tab\there", &err);
	CHECK_INT_EQ(err, TD_ERR_UNSUPPORTED);

	/* Round trip: what Android's input text would type is the original. */
	const char *samples[] = { "a b  c", "%s", "%%s", "%", "s%", "% s", "x%s%sy", "'\"`$;|&<>*?~#!\\",
				  " leading", "trailing ", "%%%sss", NULL };
	for (size_t i = 0; samples[i]; i++) {
		struct strbuf sb = STRBUF_INIT, typed = STRBUF_INIT;
		CHECK_OK(device_parse_input_text_cmd(&sb, samples[i]));
		/* Split the command into its `input text` arguments, undo sh quoting. */
		const char *p = sb.buf;
		while ((p = strstr(p, "input text "))) {
			p += 11;
			struct strbuf arg = STRBUF_INIT;
			bool q = false;
			for (; *p && (q || *p != ' '); p++) {
				if (*p == '\'') {
					q = !q;
				} else if (!q && *p == '\\' && p[1]) {
					CHECK_OK(strbuf_addch(&arg, *++p));
				} else {
					CHECK_OK(strbuf_addch(&arg, *p));
				}
			}
			char *dec = device_parse_input_text_decode(arg.buf);
			CHECK_OK(strbuf_adds(&typed, dec));
			free(dec);
			strbuf_release(&arg);
		}
		CHECK_STR_EQ(typed.buf, samples[i]);
		strbuf_release(&sb);
		strbuf_release(&typed);
	}
}

TEST(sh_quoting)
{
	struct strbuf sb = STRBUF_INIT;
	const char *argv[] = { "am", "start", "-d", "https://x.org/a?b=1&c=2", "it's", "", NULL };
	CHECK_OK(device_parse_join_argv(&sb, argv));
	CHECK_STR_EQ(sb.buf, "am start -d 'https://x.org/a?b=1&c=2' 'it'\\''s' ''");
	strbuf_release(&sb);
}

TEST(dump_status)
{
	char why[128];
	CHECK_INT_EQ(device_parse_dump_status("UI hierchary dumped to: /data/local/tmp/x.xml\n", why, sizeof why),
		     DEVICE_DUMP_OK);
	CHECK_INT_EQ(device_parse_dump_status("ERROR: could not get idle state.\n", why, sizeof why), DEVICE_DUMP_RETRY);
	CHECK_STR_EQ(why, "ERROR: could not get idle state.");
	CHECK_INT_EQ(device_parse_dump_status("ERROR: null root node returned by UiTestAutomationBridge.\n", why,
					      sizeof why), DEVICE_DUMP_RETRY);
	CHECK_INT_EQ(device_parse_dump_status("Killed\n", why, sizeof why), DEVICE_DUMP_FAILED);
	CHECK_INT_EQ(device_parse_dump_status("/system/bin/sh: uiautomator: inaccessible or not found\n", why,
					      sizeof why), DEVICE_DUMP_FAILED);
}

TEST(pm_monkey)
{
	CHECK_OK(device_parse_pm_result("pm clear", "Success\n"));
	CHECK_INT_EQ(device_parse_pm_result("pm install", "Performing Streamed Install\nFailure [INSTALL_FAILED_INVALID_APK]\n"),
		     TD_ERR_DEVICE);
	CHECK(strstr(td_errmsg(TD_ERR_DEVICE), "INSTALL_FAILED_INVALID_APK") != NULL);
	CHECK_INT_EQ(device_parse_pm_result("pm clear", ""), TD_ERR_DEVICE);
	CHECK_OK(device_parse_monkey("com.x", "  bash arg: -p\n  bash arg: com.x\nEvents injected: 1\n"));
	CHECK_INT_EQ(device_parse_monkey("com.x", "** No activities found to run, monkey aborted.\n"), TD_ERR_DEVICE);
}

/* `dumpsys input_method`: mInputShown says whether the soft keyboard is up. */
TEST(input_shown)
{
	bool shown = true;
	CHECK_OK(device_parse_input_shown("Current Input Method Manager state:\n  mCurMethodId=com.google.android.inputmethod.latin/"
					  "com.android.inputmethod.latin.LatinIME\n  mInputShown=false\n", &shown));
	CHECK(!shown);
	CHECK_OK(device_parse_input_shown("  mShowRequested=true\n  mInputShown=true\n  mSystemReady=true\n", &shown));
	CHECK(shown);
	CHECK_INT_EQ(device_parse_input_shown("Can't find service: input_method\n", &shown), TD_ERR_NOT_FOUND);
	CHECK(!shown);
}

TEST(crash_log)
{
	const char *log =
		"--------- beginning of crash\n"
		"11-22 04:00:00.000  1234  1234 E AndroidRuntime: FATAL EXCEPTION: main\n"
		"11-22 04:00:00.000  1234  1234 E AndroidRuntime: Process: com.other, PID: 1234\n"
		"11-22 04:00:00.000  1234  1234 E AndroidRuntime: java.lang.RuntimeException: a\n"
		"11-22 04:00:01.000  2345  2345 E AndroidRuntime: FATAL EXCEPTION: main\n"
		"11-22 04:00:01.000  2345  2345 E AndroidRuntime: Process: com.example.notes, PID: 2345\n"
		"11-22 04:00:01.000  2345  2345 E AndroidRuntime: java.lang.IllegalStateException: boom\n"
		"11-22 04:00:02.000   500   600 E ActivityManager: ANR in com.example.notes (com.example.notes/.Main)\n";
	struct device_crash_log cl;
	device_parse_crash_log(log, "com.example.notes", &cl);
	CHECK_INT_EQ(cl.crashes, 1);
	CHECK_INT_EQ(cl.anrs, 1);
	REQUIRE(cl.summary);
	CHECK(strstr(cl.summary, "ANR in com.example.notes") != NULL);
	free(cl.summary);
	device_parse_crash_log(log, NULL, &cl);
	CHECK_INT_EQ(cl.crashes, 2);
	free(cl.summary);
	device_parse_crash_log(log, "com.example", &cl);
	CHECK_INT_EQ(cl.crashes, 0);
	CHECK_INT_EQ(cl.anrs, 0);
	CHECK(cl.summary == NULL);
	device_parse_crash_log("", NULL, &cl);
	CHECK_INT_EQ(cl.crashes, 0);

	bool crash, anr;
	device_parse_error_dialog("<node text=\"Notes has stopped\" />", &crash, &anr);
	CHECK(crash && !anr);
	device_parse_error_dialog("<node text=\"Notes isn&apos;t responding\" />", &crash, &anr);
	CHECK(!crash && anr);
	device_parse_error_dialog("<node text=\"All good\" />", &crash, &anr);
	CHECK(!crash && !anr);
}

TEST(png_size)
{
	const unsigned char png[24] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
					0, 0, 4, 0x38, 0, 0, 9, 0x60 };
	int w, h;
	CHECK_OK(device_parse_png_size(png, sizeof png, &w, &h));
	CHECK_INT_EQ(w, 1080);
	CHECK_INT_EQ(h, 2400);
	CHECK_INT_EQ(device_parse_png_size((const unsigned char *)"not a png at all, really", 24, &w, &h), TD_ERR_PARSE);
}

/* A raw screencap frame of w x h, format f, a 12- or 16-byte header and `extra` bytes more or less. */
static unsigned char *raw_frame(uint32_t w, uint32_t h, uint32_t f, size_t bpp, size_t header, long extra,
				size_t *len)
{
	*len = (size_t)((long)(header + (size_t)w * h * bpp) + extra);
	unsigned char *b = calloc(1, *len + 16);
	uint32_t fields[4] = { w, h, f, 1 };
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < 4; k++)
			b[4 * i + k] = (unsigned char)(fields[i] >> (8 * k));
	return b;
}

TEST(screencap_raw_header_against_payload)
{
	int w = -1, h = -1;
	size_t len;
	unsigned char *b;

	/* Android 9+: 16-byte header; older: 12. Both exact. */
	b = raw_frame(3, 2, 1, 4, 16, 0, &len);
	CHECK_OK(device_parse_screencap(b, len, &w, &h));
	CHECK_INT_EQ(w, 3);
	CHECK_INT_EQ(h, 2);
	free(b);
	b = raw_frame(5, 4, 4, 2, 12, 0, &len);
	CHECK_OK(device_parse_screencap(b, len, &w, &h));
	CHECK_INT_EQ(w, 5);
	free(b);
	/* Cut short: a transport failure, with the byte counts in the message. */
	b = raw_frame(3, 2, 1, 4, 16, -5, &len);
	CHECK_INT_EQ(device_parse_screencap(b, len, &w, &h), TD_ERR_CLOSED);
	CHECK(strstr(td_errmsg(TD_ERR_CLOSED), "cut short") != NULL);
	CHECK_INT_EQ(w, 0);
	free(b);
	CHECK_INT_EQ(device_parse_screencap((const unsigned char *)"\x03\0\0", 3, &w, &h), TD_ERR_CLOSED);
	/* Bytes beyond the frame, an unknown format, a bad size: malformed. */
	b = raw_frame(3, 2, 1, 4, 16, 7, &len);
	CHECK_INT_EQ(device_parse_screencap(b, len, &w, &h), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "expected 36 or 40") != NULL);
	free(b);
	b = raw_frame(3, 2, 9, 4, 16, 0, &len);
	CHECK_INT_EQ(device_parse_screencap(b, len, &w, &h), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "unknown pixel format 9") != NULL);
	free(b);
	b = raw_frame(0, 2, 1, 4, 16, 0, &len);
	CHECK_INT_EQ(device_parse_screencap(b, len, &w, &h), TD_ERR_PARSE);
	free(b);
	/* A size whose pixels would not fit the screenshot cap. */
	b = raw_frame(1, 1, 1, 4, 16, 48, &len);
	b[0] = b[4] = 0xa0; b[1] = b[5] = 0x86; b[2] = b[6] = 0x01;   /* 100000 x 100000 */
	CHECK_INT_EQ(device_parse_screencap(b, len, &w, &h), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "bad size 100000x100000") != NULL);
	free(b);
	/* A PNG still works (a device whose screencap writes PNG). */
	const unsigned char png[24] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
					0, 0, 4, 0x38, 0, 0, 9, 0x60 };
	CHECK_OK(device_parse_screencap(png, sizeof png, &w, &h));
	CHECK_INT_EQ(h, 2400);
	CHECK_INT_EQ(device_parse_screencap(png, 12, &w, &h), TD_ERR_CLOSED);
}

TEST(server_address)
{
	char host[64];
	int port;
	unsetenv("ADB_SERVER_SOCKET");
	unsetenv("ANDROID_ADB_SERVER_PORT");
	CHECK_OK(adb_server_address(NULL, host, sizeof host, &port));
	CHECK_STR_EQ(host, "127.0.0.1");
	CHECK_INT_EQ(port, 5037);
	setenv("ANDROID_ADB_SERVER_PORT", "5099", 1);
	CHECK_OK(adb_server_address(NULL, host, sizeof host, &port));
	CHECK_INT_EQ(port, 5099);
	setenv("ADB_SERVER_SOCKET", "tcp:10.0.0.2:5038", 1);
	CHECK_OK(adb_server_address(NULL, host, sizeof host, &port));
	CHECK_STR_EQ(host, "10.0.0.2");
	CHECK_INT_EQ(port, 5038);
	CHECK_OK(adb_server_address("adbhost:6000", host, sizeof host, &port));
	CHECK_STR_EQ(host, "adbhost");
	CHECK_INT_EQ(port, 6000);
	CHECK_INT_EQ(adb_server_address("nonsense", host, sizeof host, &port), TD_ERR_CONFIG);
	setenv("ADB_SERVER_SOCKET", "localfilesystem:/tmp/x", 1);
	CHECK_INT_EQ(adb_server_address(NULL, host, sizeof host, &port), TD_ERR_CONFIG);
	setenv("ADB_SERVER_SOCKET", "tcp:7000", 1);
	CHECK_OK(adb_server_address(NULL, host, sizeof host, &port));
	CHECK_INT_EQ(port, 7000);
	unsetenv("ADB_SERVER_SOCKET");
	setenv("ANDROID_ADB_SERVER_PORT", "99999", 1);
	CHECK_INT_EQ(adb_server_address(NULL, host, sizeof host, &port), TD_ERR_CONFIG);
	unsetenv("ANDROID_ADB_SERVER_PORT");
}

static const char *badging_sample =
	"package: name='com.example.notes' versionCode='7' versionName='1.4.2' compileSdkVersion='30' compileSdkVersionCodename='11'\n"
	"sdkVersion:'21'\n"
	"targetSdkVersion:'30'\n"
	"uses-permission: name='android.permission.INTERNET'\n"
	"application-label:'Notes'\n"
	"application-label-de:'Notizen'\n"
	"application-icon-160:'res/mipmap-mdpi-v4/ic_launcher.png'\n"
	"application: label='Notes' icon='res/mipmap-mdpi-v4/ic_launcher.png'\n"
	"launchable-activity: name='com.example.notes.MainActivity'  label='Notes' icon=''\n"
	"feature-group: label=''\n"
	"  uses-feature: name='android.hardware.touchscreen'\n"
	"main\n"
	"supports-screens: 'small' 'normal' 'large' 'xlarge'\n"
	"locales: '--_--' 'de'\n"
	"densities: '160' '240' '320' '480'\n";

static const char *xmltree_sample =
	"N: android=http://schemas.android.com/apk/res/android\n"
	"  E: manifest (line=2)\n"
	"    A: android:versionCode(0x0101021b)=(type 0x10)0x7\n"
	"    A: android:versionName(0x0101021c)=\"1.4.2\" (Raw: \"1.4.2\")\n"
	"    A: package=\"com.example.notes\" (Raw: \"com.example.notes\")\n"
	"    E: uses-sdk (line=7)\n"
	"      A: android:minSdkVersion(0x0101020c)=(type 0x10)0x15\n"
	"    E: application (line=11)\n"
	"      A: android:label(0x01010001)=@0x7f0b0001\n"
	"      E: activity (line=12)\n"
	"        A: android:name(0x01010003)=\"com.example.notes.MainActivity\" (Raw: \"com.example.notes.MainActivity\")\n"
	"        A: android:exported(0x01010010)=(type 0x12)0xffffffff\n"
	"        E: intent-filter (line=14)\n"
	"          E: action (line=15)\n"
	"            A: android:name(0x01010003)=\"android.intent.action.MAIN\" (Raw: \"android.intent.action.MAIN\")\n"
	"          E: category (line=17)\n"
	"            A: android:name(0x01010003)=\"android.intent.category.LAUNCHER\" (Raw: \"android.intent.category.LAUNCHER\")\n"
	"      E: activity (line=20)\n"
	"        A: android:name(0x01010003)=\".EditActivity\" (Raw: \".EditActivity\")\n"
	"        A: android:exported(0x01010010)=(type 0x12)0x0\n"
	"      E: activity (line=24)\n"
	"        A: android:name(0x01010003)=\"com.example.notes.ViewActivity\" (Raw: \"com.example.notes.ViewActivity\")\n"
	"        E: intent-filter (line=25)\n"
	"          E: action (line=26)\n"
	"            A: android:name(0x01010003)=\"android.intent.action.VIEW\" (Raw: \"android.intent.action.VIEW\")\n"
	"          E: category (line=27)\n"
	"            A: android:name(0x01010003)=\"android.intent.category.DEFAULT\" (Raw: \"android.intent.category.DEFAULT\")\n"
	"          E: category (line=28)\n"
	"            A: android:name(0x01010003)=\"android.intent.category.BROWSABLE\" (Raw: \"android.intent.category.BROWSABLE\")\n"
	"          E: data (line=29)\n"
	"            A: android:scheme(0x01010027)=\"https\" (Raw: \"https\")\n"
	"            A: android:host(0x01010028)=\"notes.example.com\" (Raw: \"notes.example.com\")\n"
	"            A: android:pathPrefix(0x0101002b)=\"/note/\" (Raw: \"/note/\")\n"
	"          E: data (line=32)\n"
	"            A: android:scheme(0x01010027)=\"notes\" (Raw: \"notes\")\n"
	"        E: intent-filter (line=35)\n"
	"          E: action (line=36)\n"
	"            A: android:name(0x01010003)=\"android.intent.action.SEND\" (Raw: \"android.intent.action.SEND\")\n"
	"      E: activity-alias (line=40)\n"
	"        A: android:name(0x01010003)=\".Shortcut\" (Raw: \".Shortcut\")\n"
	"        A: android:targetActivity(0x01010202)=\".EditActivity\" (Raw: \".EditActivity\")\n"
	"      E: service (line=44)\n"
	"        A: android:name(0x01010003)=\".SyncService\" (Raw: \".SyncService\")\n";

TEST(aapt_parsers)
{
	struct app_info *info = NULL;
	CHECK_OK(app_info_parse_aapt(badging_sample, xmltree_sample, &info));
	REQUIRE(info);
	CHECK_STR_EQ(info->package, "com.example.notes");
	CHECK_STR_EQ(info->label, "Notes");
	CHECK_STR_EQ(info->version, "1.4.2");
	CHECK_STR_EQ(info->launcher_activity, "com.example.notes.MainActivity");
	REQUIRE(info->n_activities == 4);
	CHECK_STR_EQ(info->activities[0].name, "com.example.notes.MainActivity");
	CHECK(info->activities[0].exported && info->activities[0].launcher);
	CHECK_STR_EQ(info->activities[1].name, "com.example.notes.EditActivity");
	CHECK(!info->activities[1].exported && !info->activities[1].launcher);
	CHECK_STR_EQ(info->activities[2].name, "com.example.notes.ViewActivity");
	CHECK(info->activities[2].exported); /* implicit: has an intent filter */
	CHECK_STR_EQ(info->activities[3].name, "com.example.notes.Shortcut");
	CHECK(!info->activities[3].exported);
	/* schemes {https, notes} x host {notes.example.com} x path {/note/} */
	REQUIRE(info->n_deep_links == 2);
	CHECK_STR_EQ(info->deep_links[0].uri, "https://notes.example.com/note/");
	CHECK_STR_EQ(info->deep_links[0].activity, "com.example.notes.ViewActivity");
	CHECK_STR_EQ(info->deep_links[1].scheme, "notes");
	CHECK_STR_EQ(info->deep_links[1].uri, "notes://notes.example.com/note/");

	CHECK_INT_EQ(app_info_find_activity(info, "com.example.notes/.EditActivity"), 1);
	CHECK_INT_EQ(app_info_find_activity(info, "com.example.notes/com.example.notes.ViewActivity"), 2);
	CHECK_INT_EQ(app_info_find_activity(info, "com.example.notes.MainActivity"), 0);
	CHECK_INT_EQ(app_info_find_activity(info, ".Shortcut"), 3);
	CHECK_INT_EQ(app_info_find_activity(info, "com.example.notes/.Nope"), -1);

	char *json = app_info_to_json(info);
	CHECK(strstr(json, "\"package\": \"com.example.notes\"") != NULL);
	CHECK(strstr(json, "\"launcher_activity\": \"com.example.notes.MainActivity\"") != NULL);
	CHECK(strstr(json, "{\"name\": \"com.example.notes.EditActivity\", \"exported\": false, \"launcher\": false}") != NULL);
	CHECK(strstr(json, "\"uri\": \"https://notes.example.com/note/\"") != NULL);
	free(json);
	app_info_free(info);

	/* Without badging, the launcher comes from the MAIN/LAUNCHER filter. */
	CHECK_OK(app_info_parse_aapt(NULL, xmltree_sample, &info));
	CHECK_STR_EQ(info->package, "com.example.notes");
	CHECK_STR_EQ(info->launcher_activity, "com.example.notes.MainActivity");
	CHECK_STR_EQ(info->label, "com.example.notes");
	app_info_free(info);

	/* pathPattern example URIs */
	const char *pat =
		"  E: manifest (line=1)\n"
		"    A: package=\"a.b\" (Raw: \"a.b\")\n"
		"    E: application (line=2)\n"
		"      E: activity (line=3)\n"
		"        A: android:name(0x01010003)=\"Deep\" (Raw: \"Deep\")\n"
		"        E: intent-filter (line=4)\n"
		"          E: action (line=5)\n"
		"            A: android:name(0x01010003)=\"android.intent.action.VIEW\" (Raw: \"android.intent.action.VIEW\")\n"
		"          E: category (line=6)\n"
		"            A: android:name(0x01010003)=\"android.intent.category.BROWSABLE\" (Raw: \"android.intent.category.BROWSABLE\")\n"
		"          E: data (line=7)\n"
		"            A: android:scheme(0x01010027)=\"app\" (Raw: \"app\")\n"
		"            A: android:host(0x01010028)=\"item\" (Raw: \"item\")\n"
		"            A: android:pathPattern(0x0101002c)=\"/.*\\\\.html\" (Raw: \"/.*\\\\.html\")\n";
	CHECK_OK(app_info_parse_aapt(NULL, pat, &info));
	REQUIRE(info->n_deep_links == 1);
	CHECK_STR_EQ(info->activities[0].name, "a.b.Deep");
	CHECK_STR_EQ(info->deep_links[0].uri, "app://item/x.html");
	app_info_free(info);

	/* Garbage is a parse error, not a crash. */
	CHECK_INT_EQ(app_info_parse_aapt("hello\n", NULL, &info), TD_ERR_PARSE);
	CHECK_INT_EQ(app_info_parse_aapt(NULL, "E: E: A: A: =\"\n  A: (\n", &info), TD_ERR_PARSE);
}

TEST(apk_errors)
{
	struct app_info *info = NULL;
	CHECK_INT_EQ(app_info_from_apk("/nonexistent/x.apk", &info), TD_ERR_NOT_FOUND);
	char path[] = "/tmp/trident-notapk-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	CHECK(write(fd, "this is not a zip file\n", 23) == 23);
	close(fd);
	int err = app_info_from_apk(path, &info);
	if (system("command -v aapt >/dev/null 2>&1") == 0) {
		CHECK_INT_EQ(err, TD_ERR_PARSE);
		CHECK(strstr(td_errmsg(err), "aapt dump badging failed") != NULL);
	} else {
		CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
	}
	CHECK(info == NULL);
	unlink(path);
}

int main(void)
{
	RUN(wm_size_prefers_override);
	RUN(foreground_formats);
	RUN(am_start_results);
	RUN(input_shown);
	RUN(devices_l);
	RUN(shell_v2_framing);
	RUN(shell_v1_marker);
	RUN(input_text_quoting);
	RUN(sh_quoting);
	RUN(dump_status);
	RUN(pm_monkey);
	RUN(crash_log);
	RUN(png_size);
	RUN(screencap_raw_header_against_payload);
	RUN(server_address);
	RUN(aapt_parsers);
	RUN(apk_errors);
	return test_summary();
}
