/*
 * test_sim_shell.c - the simulated device's shell: quoting, ;, &&, ||,
 * pipes and redirection; the text real devices print for the commands a
 * tester uses; exit codes; the in-memory files; the dump-failure hook; and
 * that the dump parses with core/ui.h and agrees with the screen size.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/ui.h"
#include "device/sim/sim.h"
#include "device/sim/sim_render.h"
#include "test.h"

static struct sim_app *app;
static struct sim *s;
static struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
static int code;

/* Run cmd; stdout in `out`, stderr in `err`, exit status in `code`. */
static const char *run(const char *cmd)
{
	strbuf_reset(&out);
	strbuf_reset(&err);
	code = -1;
	if (sim_shell(s, cmd, &out, &err, &code) != 0)
		TEST_FAIL_AT("sim_shell(%s) failed", cmd);
	return out.buf;
}

TEST(exit_codes_and_unknown_commands)
{
	run("true");
	CHECK_INT_EQ(code, 0);
	run("false");
	CHECK_INT_EQ(code, 1);
	run("frobnicate --now");
	CHECK_INT_EQ(code, 127);
	CHECK_STR_EQ(err.buf, "/system/bin/sh: frobnicate: inaccessible or not found\n");
	run("exit 3");
	CHECK_INT_EQ(code, 3);
}

TEST(quoting_and_lists)
{
	CHECK_STR_EQ(run("echo 'a  b' \"c \\\"d\\\"\" e\\ f"), "a  b c \"d\" e f\n");
	CHECK_STR_EQ(run("echo one; echo two"), "one\ntwo\n");
	CHECK_STR_EQ(run("false && echo no || echo yes"), "yes\n");
	CHECK_STR_EQ(run("true || echo no && echo yes"), "yes\n");
	CHECK_STR_EQ(run("echo -n x"), "x");
	run("echo 'unterminated");
	CHECK_INT_EQ(code, 2);
	CHECK(strstr(err.buf, "syntax error") != NULL);
}

/* $?, $$, $NAME and ${NAME} as mksh expands them; single quotes keep them. */
TEST(parameter_expansion)
{
	CHECK_STR_EQ(run("false; echo \"x$?\""), "x1\n");
	CHECK_STR_EQ(run("frobnicate; echo :trident-exit:$?"), ":trident-exit:127\n");
	CHECK_INT_EQ(code, 0);
	CHECK_STR_EQ(run("true && echo $?; false || echo $?"), "0\n1\n");
	CHECK_STR_EQ(run("false; echo $? | cat; echo $?"), "1\n0\n");
	CHECK_STR_EQ(run("echo $HOME \"$HOME\" '$HOME' \\$HOME \"\\$HOME\" ${TMPDIR}/x"),
		     "/ / $HOME $HOME $HOME /data/local/tmp/x\n");
	CHECK_STR_EQ(run("echo a $NOPE b \"$NOPE\" c"), "a b  c\n");
	CHECK_STR_EQ(run("echo $# $0 [$1] ${USER}@$HOSTNAME"), "0 /system/bin/sh [] shell@trident_sim\n");
	CHECK_STR_EQ(run("echo $ \"$\" a$ $?$?"), "$ $ a$ 00\n");
	run("echo $$");
	CHECK(atoi(out.buf) > 0);
	CHECK_STR_EQ(run("echo 'a\001b' \"\001$?\""), "a\001b \0010\n");
	run("echo $HOME > $TMPDIR/home.txt");
	CHECK_STR_EQ(run("cat /data/local/tmp/home.txt"), "/\n");
	run("echo ${NOPE");
	CHECK_INT_EQ(code, 2);
	CHECK(strstr(err.buf, "bad substitution") != NULL);
	run("exit 4; echo no");
	CHECK_INT_EQ(code, 4);
	CHECK_STR_EQ(out.buf, "");
}

TEST(redirection_pipes_and_files)
{
	run("echo hello > /sdcard/a.txt");
	CHECK_INT_EQ(code, 0);
	CHECK_STR_EQ(run("cat /sdcard/a.txt"), "hello\n");
	run("echo more >> /storage/emulated/0/a.txt");
	CHECK_STR_EQ(run("cat /sdcard/a.txt"), "hello\nmore\n");
	CHECK_STR_EQ(run("cat /sdcard/a.txt | grep mo"), "more\n");
	CHECK_STR_EQ(run("ls /sdcard | grep a.txt"), "a.txt\n");
	run("rm /sdcard/a.txt");
	CHECK_INT_EQ(code, 0);
	run("cat /sdcard/a.txt");
	CHECK_INT_EQ(code, 1);
	CHECK_STR_EQ(err.buf, "cat: /sdcard/a.txt: No such file or directory\n");
	run("rm -f /sdcard/nothing");
	CHECK_INT_EQ(code, 0);
	run("echo x > /no/such/dir/f");
	CHECK(code != 0);
	CHECK_OK(sim_file_write(s, "/data/local/tmp/bin", "\0\1\2", 3, 0755));
	struct sim_file_stat st;
	CHECK_OK(sim_file_stat(s, "/data/local/tmp/bin", &st));
	CHECK_INT_EQ(st.size, 3);
	CHECK_INT_EQ(st.mode & 0777, 0755);
	struct strbuf b = STRBUF_INIT;
	CHECK_OK(sim_file_read(s, "/data/local/tmp/bin", &b));
	CHECK_INT_EQ(b.len, 3);
	strbuf_release(&b);
	CHECK(sim_file_stat(s, "/sdcard/none", &st) != 0);
}

TEST(device_info_commands)
{
	CHECK_STR_EQ(run("wm size"), "Physical size: 1080x2400\n");
	CHECK_STR_EQ(run("getprop ro.build.version.sdk"), "34\n");
	CHECK_STR_EQ(run("getprop ro.product.model"), "trident_sim\n");
	CHECK(strstr(run("getprop"), "[sys.boot_completed]: [1]\n") != NULL);
	CHECK(strstr(run("pm list packages"), "package:com.trident.notes\n") != NULL);
	CHECK_STR_EQ(run("pm list packages -3"), "package:com.trident.notes\n");
	CHECK_STR_EQ(run("settings get global window_animation_scale"), "1.0\n");
	run("settings put global window_animation_scale 0");
	CHECK_STR_EQ(run("settings get global window_animation_scale"), "0\n");
	CHECK_STR_EQ(run("settings get system no_such_key"), "null\n");
	run("content insert --uri content://settings/system --bind name:s:user_rotation --bind value:i:1");
	CHECK_INT_EQ(code, 0);
	CHECK_STR_EQ(run("settings get system user_rotation"), "1\n");
	CHECK(strstr(run("uiautomator dump /dev/tty"), "<hierarchy rotation=\"1\">") != NULL);
	run("settings put system user_rotation 0");
}

TEST(am_monkey_and_dumpsys)
{
	const char *o = run("am start -W -n com.trident.notes/.MainActivity");
	CHECK(strstr(o, "Starting: Intent { cmp=com.trident.notes/.MainActivity }\n") == o);
	CHECK(strstr(o, "Status: ok\nLaunchState: COLD\nActivity: com.trident.notes/.MainActivity\nTotalTime: ") != NULL);
	CHECK(strstr(o, "Complete\n") != NULL);
	CHECK(strstr(run("dumpsys window"), "  mCurrentFocus=Window{") != NULL);
	CHECK(strstr(out.buf, " u0 com.trident.notes/com.trident.notes.MainActivity}\n") != NULL);
	CHECK(strstr(run("dumpsys activity activities"), "mResumedActivity: ActivityRecord{") != NULL);
	CHECK(strstr(out.buf, "topResumedActivity=ActivityRecord{") != NULL);
	run("am force-stop com.trident.notes");
	CHECK_INT_EQ(code, 0);
	run("pidof com.trident.notes");
	CHECK_INT_EQ(code, 1);
	o = run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1");
	CHECK(strstr(o, "Events injected: 1\n") != NULL);
	CHECK_INT_EQ(code, 0);
	run("pidof com.trident.notes");
	CHECK_INT_EQ(code, 0);
	run("monkey -p com.nope -c android.intent.category.LAUNCHER 1");
	CHECK(code != 0);
	CHECK(strstr(err.buf, "No activities found to run, monkey aborted") != NULL);
}

/* am start parses its options and the trailing package/component/URI as
 * Intent.parseCommandArgs does and prints intents as Intent.toString(). */
TEST(am_start_intents)
{
	run("am start -W -a android.intent.action.VIEW -d notes://new com.trident.notes");
	CHECK(strstr(out.buf, "Starting: Intent { act=android.intent.action.VIEW dat=notes://new/... "
			      "pkg=com.trident.notes }\nStatus: ok\n") == out.buf);
	CHECK(strstr(out.buf, "Activity: com.trident.notes/.EditActivity\n") != NULL);
	CHECK_INT_EQ(code, 0);
	run("am start -W -a android.intent.action.VIEW -d notes://new com.other.app");
	CHECK_STR_EQ(out.buf, "Starting: Intent { act=android.intent.action.VIEW dat=notes://new/... pkg=com.other.app }\n"
		     "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW "
		     "dat=notes://new/... flg=0x10000000 pkg=com.other.app }\n");
	CHECK_STR_EQ(err.buf, "");
	CHECK_INT_EQ(code, 0);
	/* without -W the errors go to stderr */
	run("am start -a android.intent.action.VIEW -d 'bogus://x/y?q=1' -p com.trident.notes");
	CHECK_STR_EQ(out.buf, "Starting: Intent { act=android.intent.action.VIEW dat=bogus://x/... pkg=com.trident.notes }\n");
	CHECK_STR_EQ(err.buf, "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW "
		     "dat=bogus://x/... flg=0x10000000 pkg=com.trident.notes }\n");
	run("am start -W 'https://user@notes.trident.dev:8443/settings?tab=2#top'");
	CHECK(strstr(out.buf, "Starting: Intent { act=android.intent.action.VIEW "
			      "dat=https://notes.trident.dev:8443/... }\n") == out.buf);
	CHECK(strstr(out.buf, "Activity: com.trident.notes/.SettingsActivity\n") != NULL);
	run("am start -W com.trident.notes");
	CHECK(strstr(out.buf, "Starting: Intent { act=android.intent.action.MAIN "
			      "cat=[android.intent.category.LAUNCHER] pkg=com.trident.notes }\n") == out.buf);
	CHECK(strstr(out.buf, "Status: ok\n") != NULL);
	run("am start -S -W com.trident.notes/.MainActivity");
	CHECK(strstr(out.buf, "Stopping: com.trident.notes\nStarting: Intent { act=android.intent.action.MAIN "
			      "cat=[android.intent.category.LAUNCHER] cmp=com.trident.notes/.MainActivity }\n"
			      "Status: ok\nLaunchState: COLD\n") == out.buf);
	run("am start -W --es k 'v w' --ei n 3 --ez b true -f 0x20000000 --activity-clear-top "
	    "-ncom.trident.notes/.MainActivity");
	CHECK(strstr(out.buf, "Starting: Intent { flg=0x24000000 cmp=com.trident.notes/.MainActivity "
			      "(has extras) }\n") == out.buf);
	run("am start -W -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d notes://new");
	CHECK(strstr(out.buf, "cat=[android.intent.category.BROWSABLE] dat=notes://new/... }\nStatus: ok\n") != NULL);
	run("am start -W -a android.intent.action.SENDTO -d mailto:bob@example.com");
	CHECK(strstr(out.buf, "Error: Activity not started, unable to resolve Intent { act=android.intent.action.SENDTO "
			      "dat=mailto:xxx@xxxxxxx.xxx flg=0x10000000 }\n") != NULL);
	run("am start -W -d notes://new -t text/plain");
	CHECK(strstr(out.buf, "typ=text/plain flg=0x10000000 }") != NULL);
	run("am start -W");
	CHECK_STR_EQ(out.buf, "Starting: Intent {  }\nError: Activity not started, unable to resolve Intent { flg=0x10000000 }\n");
	run("am start -W -n com.other.app/.Main");
	CHECK(strstr(out.buf, "Error type 3\nError: Activity class {com.other.app/com.other.app.Main} does not exist.\n"));
	/* bad usage is an exception, exit status 255 */
	run("am start -W --bogus");
	CHECK_INT_EQ(code, 255);
	CHECK_STR_EQ(out.buf, "");
	CHECK(strstr(err.buf, "Exception occurred while executing 'start':\n"
			      "java.lang.IllegalArgumentException: Unknown option: --bogus\n") == err.buf);
	run("am start -a");
	CHECK(strstr(err.buf, "IllegalArgumentException: Argument expected after \"-a\"") != NULL);
	run("am start --es key");
	CHECK(strstr(err.buf, "IllegalArgumentException: Argument expected after \"key\"") != NULL);
	run("am start -n nopkg");
	CHECK(strstr(err.buf, "IllegalArgumentException: Bad component name: nopkg") != NULL);
	run("am start -f zz -n com.trident.notes/.MainActivity");
	CHECK(strstr(err.buf, "java.lang.NumberFormatException: For input string: \"zz\"") != NULL);
	run("am start -S -a android.intent.action.VIEW -d bogus://x");
	CHECK_INT_EQ(code, 1);
	CHECK(strstr(err.buf, "Error: Intent does not match any activities: Intent {") == err.buf);
	run("am force-stop com.trident.notes");
}

TEST(input_and_keys)
{
	run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1");
	run("input tap 943 2263");
	run("input tap 540 300");
	run("input text 'a%sb'");
	run("input keyevent KEYCODE_MOVE_HOME && input text X && input keyevent MOVE_END && input keyevent 67");
	CHECK(strstr(run("uiautomator dump /dev/tty"), "text=\"Xa \"") != NULL);
	run("input keyevent KEYCODE_NOPE");
	CHECK_INT_EQ(code, 1);
	run("input tap x y");
	CHECK(code != 0);
	run("input bogus");
	CHECK(strstr(err.buf, "Error: Unknown command: bogus") != NULL);
	run("input keyevent 4; input keyevent 4");
}

TEST(uiautomator_dump_formats_and_failures)
{
	run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1");
	run("uiautomator dump");
	CHECK_STR_EQ(out.buf, "UI hierchary dumped to: /sdcard/window_dump.xml\n");
	const char *x = run("cat /sdcard/window_dump.xml");
	static const char head[] = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
		      "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" "
		      "package=\"com.trident.notes\" content-desc=\"\" checkable=\"false\" checked=\"false\" "
		      "clickable=\"false\" enabled=\"true\" focusable=\"false\" focused=\"false\" "
		      "scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" "
		      "bounds=\"[0,0][1080,2400]\">";
	CHECK(strncmp(x, head, sizeof head - 1) == 0);
	struct ui_tree *t = NULL;
	CHECK_OK(ui_parse(out.buf, out.len, "sim", &t));
	if (t) {
		CHECK(t->n_nodes > 8);
		CHECK_INT_EQ(t->screen.x2, 1080);
		CHECK_INT_EQ(t->screen.y2, 2400);
		bool found = false;
		for (size_t i = 0; i < t->n_nodes; i++)
			found = found || !strcmp(t->nodes[i]->resource_id, "com.trident.notes:id/add");
		CHECK(found);
		ui_tree_free(t);
	}
	x = run("uiautomator dump /dev/tty");
	CHECK(strstr(x, "</hierarchy>UI hierchary dumped to: /dev/tty\n") != NULL);
	t = NULL;
	CHECK_OK(ui_parse(out.buf, out.len, "tty", &t));
	ui_tree_free(t);
	run("setprop trident.sim.dump_failures 2");
	run("uiautomator dump /dev/tty");
	CHECK_STR_EQ(err.buf, "ERROR: could not get idle state.\n");
	CHECK_STR_EQ(out.buf, "");
	run("uiautomator dump /dev/tty");
	CHECK_STR_EQ(err.buf, "ERROR: could not get idle state.\n");
	run("uiautomator dump /dev/tty");
	CHECK_STR_EQ(err.buf, "");
	CHECK(strstr(out.buf, "<hierarchy") != NULL);
}

TEST(screencap_png_and_raw)
{
	run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1");
	run("screencap -p");
	CHECK_INT_EQ(code, 0);
	REQUIRE(out.len > 100);
	CHECK(memcmp(out.buf, "\x89PNG\r\n\x1a\n", 8) == 0);
	const unsigned char *ihdr = (const unsigned char *)out.buf + 16;
	CHECK_INT_EQ((ihdr[0] << 24) | (ihdr[1] << 16) | (ihdr[2] << 8) | ihdr[3], 1080);
	CHECK_INT_EQ((ihdr[4] << 24) | (ihdr[5] << 16) | (ihdr[6] << 8) | ihdr[7], 2400);
	run("screencap");
	CHECK_INT_EQ(out.len, 16 + 1080 * 2400 * 4);
	run("screencap -p /sdcard/shot.png");
	struct sim_file_stat st;
	CHECK_OK(sim_file_stat(s, "/sdcard/shot.png", &st));
	CHECK(st.size > 100);
}

/* Attribute names of the first <node ...> in xml, NAF left out, space-separated. */
static void node_attrs(const char *xml, char *buf, size_t len)
{
	const char *p = strstr(xml, "<node ");
	buf[0] = '\0';
	if (!p)
		return;
	p += 6;
	while (*p && *p != '>' && *p != '/') {
		while (*p == ' ')
			p++;
		const char *eq = strchr(p, '=');
		if (!eq)
			break;
		if (strncmp(p, "NAF", 3) != 0) {
			strncat(buf, p, (size_t)(eq - p) < len - strlen(buf) - 2 ? (size_t)(eq - p) : 0);
			strncat(buf, " ", len - strlen(buf) - 1);
		}
		const char *q = strchr(eq + 2, '"');
		if (!q)
			break;
		p = q + 1;
	}
}

/* Our dump uses the attribute order of a real phone's dump. */
TEST(dump_matches_real_phone_format)
{
	const char *dir = test_real_screens_dir();
	if (!dir) {
		printf("(real screens absent: skipped)\n");
		return;
	}
	char path[4200];
	snprintf(path, sizeof path, "%s/trace_7_3.xml", dir);
	struct strbuf real = STRBUF_INIT;
	CHECK_OK(strbuf_read_file(&real, path));
	char a[1024], b[1024];
	node_attrs(real.buf, a, sizeof a);
	run("settings put system user_rotation 0");
	run("uiautomator dump /dev/tty");
	node_attrs(out.buf, b, sizeof b);
	CHECK(a[0] != '\0');
	CHECK_STR_EQ(b, a);
	CHECK(strncmp(real.buf, out.buf, 80) == 0); /* same prolog and <hierarchy rotation="0"> */
	strbuf_release(&real);
}

TEST(latency_profiles)
{
	struct sim_options o = { 0, 0, false, "phone" };
	struct sim *p = NULL;
	CHECK_OK(sim_new(app, &o, &p));
	struct strbuf o2 = STRBUF_INIT;
	int c2 = -1;
	CHECK_OK(sim_shell(p, "getprop trident.sim.latency", &o2, NULL, &c2));
	CHECK_STR_EQ(o2.buf, "phone\n");
	strbuf_release(&o2);
	sim_free(p);
	CHECK_STR_EQ(run("getprop trident.sim.latency"), "none\n");
	run("setprop trident.sim.latency phone");
	CHECK_INT_EQ(code, 1);
	CHECK(strstr(err.buf, "Failed to set property 'trident.sim.latency' to 'phone'.") != NULL);
	CHECK_STR_EQ(run("getprop trident.sim.latency"), "none\n");
	o.latency = "turbo";
	p = NULL;
	CHECK(sim_new(app, &o, &p) == TD_ERR_INVALID);
	CHECK(strstr(td_errmsg(TD_ERR_INVALID), "turbo") != NULL);
	CHECK(p == NULL);
	struct sim_options bad = { 10, 10, false, NULL };
	CHECK(sim_new(app, &bad, &p) == TD_ERR_INVALID);
}

/* Several clients at once (trident-simd serves them in threads). */
static void *client(void *arg)
{
	static const char *const cmds[] = {
		"input tap 943 2263", "uiautomator dump /dev/tty", "input keyevent 4",
		"dumpsys window", "input swipe 540 1500 540 500 200", "cat /sdcard/window_dump.xml",
		"uiautomator dump", "settings put system user_rotation 1", "settings put system user_rotation 0",
	};
	long id = (long)arg;
	int bad = 0;
	for (int i = 0; i < 60; i++) {
		struct strbuf o = STRBUF_INIT, e = STRBUF_INIT;
		int c;
		if (sim_shell(s, cmds[(i + id) % 9], &o, &e, &c) != 0)
			bad++;
		strbuf_release(&o);
		strbuf_release(&e);
	}
	struct sim_file_stat st;
	if (sim_file_stat(s, "/sdcard", &st) != 0)
		bad++;
	return (void *)(long)bad;
}

TEST(concurrent_clients)
{
	pthread_t th[4];
	run("monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1");
	for (long i = 0; i < 4; i++)
		CHECK_INT_EQ(pthread_create(&th[i], NULL, client, (void *)i), 0);
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(th[i], &r);
		CHECK_INT_EQ((long)r, 0);
	}
	CHECK(strstr(run("uiautomator dump /dev/tty"), "</hierarchy>") != NULL);
	run("settings put system user_rotation 0"); /* the clients raced on it */
}

int main(void)
{
	char *path = sim_app_resolve("notes", NULL);
	int e = sim_app_load(path, &app);
	free(path);
	if (e) {
		fprintf(stderr, "%s\n", td_errmsg(e));
		return 1;
	}
	struct sim_options o = { 0, 0, true, "none" };
	if (sim_new(app, &o, &s) != 0)
		return 1;
	RUN(exit_codes_and_unknown_commands);
	RUN(quoting_and_lists);
	RUN(parameter_expansion);
	RUN(redirection_pipes_and_files);
	RUN(device_info_commands);
	RUN(am_monkey_and_dumpsys);
	RUN(am_start_intents);
	RUN(input_and_keys);
	RUN(uiautomator_dump_formats_and_failures);
	RUN(screencap_png_and_raw);
	RUN(concurrent_clients);
	RUN(dump_matches_real_phone_format);
	RUN(latency_profiles);
	sim_free(s);
	sim_app_free(app);
	strbuf_release(&out);
	strbuf_release(&err);
	sim_render_release_caches(); /* Cairo's and fontconfig's static caches */
	return test_summary();
}
