/*
 * adb_script.c - reproduction paths as adb shell commands (see adb_script.h).
 */
#include "agents/adb_script.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

void adb_script_shell_word(struct strbuf *sb, const char *s)
{
	bool plain = *s != '\0';

	for (const char *c = s; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,", *c))
			plain = false;
	if (plain) {
		(void)strbuf_adds(sb, s);
		return;
	}
	(void)strbuf_addch(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			(void)strbuf_adds(sb, "'\\''");
		else
			(void)strbuf_addch(sb, *s);
	}
	(void)strbuf_addch(sb, '\'');
}

/* "adb shell" followed by the device command `argv` (NULL-terminated), quoted for the device and for us. */
static void add_cmd(cJSON *arr, const char *const *argv)
{
	struct strbuf dev = STRBUF_INIT, line = STRBUF_INIT;

	for (size_t i = 0; argv[i]; i++) {
		if (i)
			(void)strbuf_addch(&dev, ' ');
		adb_script_shell_word(&dev, argv[i]);
	}
	(void)strbuf_adds(&line, "adb shell ");
	/* adb joins its arguments for the device's sh: one word that the local
	 * shell unquotes to the device command line. */
	if (strspn(dev.buf, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+, ") == dev.len)
		(void)strbuf_adds(&line, dev.buf); /* nothing for either shell to interpret */
	else
		adb_script_shell_word(&line, dev.buf);
	cJSON_AddItemToArray(arr, cJSON_CreateString(line.buf));
	strbuf_release(&dev);
	strbuf_release(&line);
}

static const char *str_of(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int int_of(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? v->valueint : 0;
}

/* Launch the app: am start -n LAUNCHER, else monkey's launcher intent. */
static void add_launch(cJSON *arr, const char *package, const char *launcher)
{
	if (launcher && *launcher) {
		const char *argv[] = { "am", "start", "-W", "-n", launcher, NULL };
		add_cmd(arr, argv);
	} else {
		const char *argv[] = { "monkey", "-p", package, "-c", "android.intent.category.LAUNCHER", "1", NULL };
		add_cmd(arr, argv);
	}
}

/* input text wants %s for a space (and takes other characters as typed). */
static char *input_text_arg(const char *t)
{
	struct strbuf q = STRBUF_INIT;

	for (const char *c = t ? t : ""; *c; c++)
		(void)(*c == ' ' ? strbuf_adds(&q, "%s") : strbuf_addch(&q, *c));
	return strbuf_detach(&q, NULL);
}

cJSON *adb_script_for_bug(const cJSON *bug, const char *package, const char *launcher)
{
	const cJSON *s;
	cJSON *arr;

	if (!package || !*package)
		return NULL;
	arr = cJSON_CreateArray();
	{
		const char *stop[] = { "am", "force-stop", package, NULL };
		const char *clear[] = { "pm", "clear", package, NULL };
		const char *acc[] = { "settings", "put", "system", "accelerometer_rotation", "0", NULL };
		const char *rot[] = { "settings", "put", "system", "user_rotation", "0", NULL };

		add_cmd(arr, stop);
		add_cmd(arr, clear);
		add_cmd(arr, acc);
		add_cmd(arr, rot);
		add_launch(arr, package, launcher);
	}
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(bug, "steps")) {
		const cJSON *a = cJSON_GetObjectItemCaseSensitive(s, "action");
		const char *t = str_of(a, "type");
		char x[16], y[16], x2[16], y2[16];

		if (!t)
			continue;
		snprintf(x, sizeof(x), "%d", int_of(a, "x"));
		snprintf(y, sizeof(y), "%d", int_of(a, "y"));
		if (!strcmp(t, "click") || !strcmp(t, "check")) {
			const char *argv[] = { "input", "tap", x, y, NULL };
			add_cmd(arr, argv);
		} else if (!strcmp(t, "long_click")) {
			const char *argv[] = { "input", "swipe", x, y, x, y, "1000", NULL };
			add_cmd(arr, argv);
		} else if (!strcmp(t, "input")) {
			const char *tap[] = { "input", "tap", x, y, NULL };
			char *txt = input_text_arg(str_of(a, "text"));
			const char *type[] = { "input", "text", txt, NULL };

			add_cmd(arr, tap);
			if (*txt)
				add_cmd(arr, type);
			free(txt);
		} else if (!strcmp(t, "back") || !strcmp(t, "home") || !strcmp(t, "enter")) {
			const char *key = !strcmp(t, "back") ? "KEYCODE_BACK" : !strcmp(t, "home") ? "KEYCODE_HOME"
												     : "KEYCODE_ENTER";
			const char *argv[] = { "input", "keyevent", key, NULL };
			add_cmd(arr, argv);
		} else if (!strcmp(t, "rotate")) {
			char r[16];
			const char *argv[] = { "settings", "put", "system", "user_rotation", r, NULL };

			snprintf(r, sizeof(r), "%d", int_of(a, "rotation"));
			add_cmd(arr, argv);
		} else if (!strcmp(t, "scroll")) {
			const char *d = str_of(a, "direction");
			int dy = d && !strcmp(d, "up") ? 600 : d && !strcmp(d, "down") ? -600 : 0;
			int dx = d && !strcmp(d, "left") ? 600 : d && !strcmp(d, "right") ? -600 : 0;
			const char *argv[] = { "input", "swipe", x, y, x2, y2, "300", NULL };

			snprintf(x2, sizeof(x2), "%d", int_of(a, "x") + dx);
			snprintf(y2, sizeof(y2), "%d", int_of(a, "y") + dy);
			add_cmd(arr, argv);
		} else if (!strcmp(t, "restart")) {
			const char *stop[] = { "am", "force-stop", package, NULL };

			add_cmd(arr, stop);
			add_launch(arr, package, launcher);
		} else if (!strcmp(t, "start_activity") && str_of(a, "uri")) {
			const char *argv[] = { "am", "start", "-W", "-n", str_of(a, "uri"), NULL };
			add_cmd(arr, argv);
		} else if (!strcmp(t, "deep_link") && str_of(a, "uri")) {
			const char *argv[] = { "am", "start", "-W", "-a", "android.intent.action.VIEW", "-d",
					       str_of(a, "uri"), package, NULL };
			add_cmd(arr, argv);
		} else if (!strcmp(t, "wait")) {
			const char *argv[] = { "sleep", "2", NULL };
			add_cmd(arr, argv);
		}
	}
	return arr;
}
