/* device_parse.c - command lines and Android output formats (see device_parse.h). */
#include "device/device_parse.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/xalloc.h"
#include "device/device.h"

/* Characters that need no quoting for sh. */
static bool sh_safe(int c)
{
	return isalnum(c) || strchr("_./:=@%+,-", c);
}

int device_parse_quote_sh(struct strbuf *sb, const char *arg)
{
	bool bare = *arg != '\0';
	for (const char *p = arg; *p && bare; p++)
		if (!sh_safe((unsigned char)*p))
			bare = false;
	if (bare)
		return strbuf_adds(sb, arg);
	int err = strbuf_addch(sb, '\'');
	for (const char *p = arg; *p && !err; p++)
		err = *p == '\'' ? strbuf_adds(sb, "'\\''") : strbuf_addch(sb, *p);
	if (!err)
		err = strbuf_addch(sb, '\'');
	return err;
}

int device_parse_join_argv(struct strbuf *sb, const char *const argv[])
{
	int err = TD_OK;
	for (size_t i = 0; argv[i] && !err; i++) {
		if (i)
			err = strbuf_addch(sb, ' ');
		if (!err)
			err = device_parse_quote_sh(sb, argv[i]);
	}
	return err;
}

/* Decode one UTF-8 sequence for an error message; returns its length. */
static size_t utf8_codepoint(const unsigned char *p, unsigned *cp)
{
	if (p[0] >= 0xf0 && p[1] && p[2] && p[3]) {
		*cp = (unsigned)(p[0] & 7) << 18 | (unsigned)(p[1] & 63) << 12 | (unsigned)(p[2] & 63) << 6 |
		      (p[3] & 63);
		return 4;
	}
	if (p[0] >= 0xe0 && p[1] && p[2]) {
		*cp = (unsigned)(p[0] & 15) << 12 | (unsigned)(p[1] & 63) << 6 | (p[2] & 63);
		return 3;
	}
	if (p[0] >= 0xc0 && p[1]) {
		*cp = (unsigned)(p[0] & 31) << 6 | (p[1] & 63);
		return 2;
	}
	*cp = p[0];
	return 1;
}

/* Append one `input text` argument (already split) as a quoted word. */
static int add_text_segment(struct strbuf *cmd, const char *seg, size_t len)
{
	struct strbuf enc = STRBUF_INIT;
	int err = TD_OK;
	for (size_t i = 0; i < len && !err; i++)
		err = seg[i] == ' ' ? strbuf_adds(&enc, "%s") : strbuf_addch(&enc, seg[i]);
	if (!err && cmd->len)
		err = strbuf_adds(cmd, " && ");
	if (!err)
		err = strbuf_adds(cmd, "input text ");
	if (!err)
		err = device_parse_quote_sh(cmd, enc.buf);
	strbuf_release(&enc);
	return err;
}

int device_parse_input_text_cmd(struct strbuf *cmd, const char *text)
{
	const unsigned char *t = (const unsigned char *)text;
	for (size_t i = 0; t[i]; i++) {
		if (t[i] >= 0x20 && t[i] < 0x7f)
			continue;
		if (t[i] >= 0x80) {
			unsigned cp;
			utf8_codepoint(t + i, &cp);
			return td_error(TD_ERR_UNSUPPORTED,
					"input text cannot type U+%04X at byte %zu: only printable ASCII "
					"can be typed (non-ASCII needs an IME)", cp, i);
		}
		return td_error(TD_ERR_UNSUPPORTED,
				"input text cannot type control character 0x%02x at byte %zu "
				"(use device_key for Enter/Del)", t[i], i);
	}
	size_t start = 0, n = strlen(text);
	int err = TD_OK;
	for (size_t i = 0; i + 1 < n && !err; i++) {
		if (text[i] == '%' && text[i + 1] == 's') {
			err = add_text_segment(cmd, text + start, i + 1 - start);
			start = i + 1;
		}
	}
	if (!err && start < n)
		err = add_text_segment(cmd, text + start, n - start);
	return err;
}

char *device_parse_input_text_decode(const char *arg)
{
	/* The loop of Android's Input.sendText / InputShellCommand.sendText. */
	size_t n = strlen(arg);
	char *b = xmalloc(n + 1);
	memcpy(b, arg, n + 1);
	bool esc = false;
	for (size_t i = 0; i < n; i++) {
		if (esc) {
			esc = false;
			if (b[i] == 's') {
				b[i] = ' ';
				memmove(b + i - 1, b + i, n - i + 1);
				n--;
				i--;
			}
		}
		if (b[i] == '%')
			esc = true;
	}
	return b;
}

int device_parse_wm_size(const char *text, int *width, int *height)
{
	int pw = 0, ph = 0, ow = 0, oh = 0;
	const char *p;
	if ((p = strstr(text, "Physical size:")) && sscanf(p, "Physical size: %dx%d", &pw, &ph) != 2)
		pw = ph = 0;
	if ((p = strstr(text, "Override size:")) && sscanf(p, "Override size: %dx%d", &ow, &oh) != 2)
		ow = oh = 0;
	if (ow > 0 && oh > 0) {
		*width = ow;
		*height = oh;
	} else if (pw > 0 && ph > 0) {
		*width = pw;
		*height = ph;
	} else {
		char line[80];
		snprintf(line, sizeof line, "%s", text);
		line[strcspn(line, "\n")] = '\0';
		return td_error(TD_ERR_PARSE, "wm size: no 'Physical size: WxH' in '%s'", line);
	}
	return TD_OK;
}

bool device_parse_valid_package(const char *s)
{
	if (!s || !isalpha((unsigned char)*s))
		return false;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
			return false;
	return strlen(s) < 256;
}

/* Find a "pkg/cls" token in [p, end); returns true with copies. */
static bool find_component(const char *p, const char *end, char **package, char **activity)
{
	while (p < end) {
		while (p < end && (isspace((unsigned char)*p) || *p == '{' || *p == '}'))
			p++;
		const char *q = p;
		while (q < end && !isspace((unsigned char)*q) && *q != '{' && *q != '}')
			q++;
		const char *slash = memchr(p, '/', (size_t)(q - p));
		if (slash && slash > p && slash + 1 < q) {
			char *pkg = xstrndup(p, (size_t)(slash - p));
			if (device_parse_valid_package(pkg)) {
				*package = pkg;
				*activity = xstrndup(p, (size_t)(q - p));
				return true;
			}
			free(pkg);
		}
		p = q;
	}
	return false;
}

/* A focused dialog window: "Application Error: com.x" and the like. */
static bool find_dialog_window(const char *p, const char *end, char **package, char **activity)
{
	static const char *const kinds[] = { "Application Error: ", "Application Not Responding: " };
	for (size_t k = 0; k < 2; k++) {
		size_t kl = strlen(kinds[k]);
		const char *m = memmem(p, (size_t)(end - p), kinds[k], kl);
		if (!m)
			continue;
		const char *s = m + kl, *e = s;
		while (e < end && !isspace((unsigned char)*e) && *e != '}')
			e++;
		char *pkg = xstrndup(s, (size_t)(e - s));
		if (device_parse_valid_package(pkg)) {
			*package = pkg;
			*activity = xstrdup("");
			return true;
		}
		free(pkg);
	}
	return false;
}

int device_parse_foreground(const char *text, char **package, char **activity)
{
	static const char *const keys[] = { "mResumedActivity", "topResumedActivity", "ResumedActivity",
					    "mCurrentFocus", "mFocusedApp" };
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		size_t kl = strlen(keys[k]);
		for (const char *p = text; (p = strstr(p, keys[k])); p += kl) {
			if (p > text && isalnum((unsigned char)p[-1]))
				continue;
			const char *v = p + kl;
			if (*v != ':' && *v != '=')
				continue;
			const char *end = strchr(v, '\n');
			if (!end)
				end = v + strlen(v);
			if (find_component(v + 1, end, package, activity))
				return TD_OK;
			if (find_dialog_window(v + 1, end, package, activity))
				return TD_OK;
		}
	}
	return td_error(TD_ERR_NOT_FOUND, "dumpsys: no resumed activity or focused window found");
}

/* The rest of the line after `key`, trimmed, malloc'd. */
static char *line_value(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	size_t n = strcspn(p, "\r\n");
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	return xstrndup(p, n);
}

int device_parse_am_start(const char *text, struct device_am_result *res)
{
	memset(res, 0, sizeof *res);
	res->total_ms = -1;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		if (!strncmp(line, "Status:", 7) && !res->status)
			res->status = line_value(line + 7);
		else if (!strncmp(line, "Activity:", 9) && !res->activity)
			res->activity = line_value(line + 9);
		else if (!strncmp(line, "TotalTime:", 10))
			res->total_ms = atoi(line + 10);
		else if (!res->error && (!strncmp(line, "Error:", 6) || !strncmp(line, "Error type", 10) ||
					 memmem(line, nl ? (size_t)(nl - line) : strlen(line), "Exception", 9)))
			res->error = line_value(line);
		else if (res->error && !strncmp(res->error, "Error type", 10) && !strncmp(line, "Error:", 6)) {
			/* "Error type 3" is followed by the useful "Error: ..." line. */
			free(res->error);
			res->error = line_value(line);
		}
		line = nl ? nl + 1 : NULL;
	}
	if (!res->status)
		res->status = xstrdup("");
	if (!res->activity)
		res->activity = xstrdup("");
	if (!res->error)
		res->error = xstrdup("");
	res->timeout = !strcmp(res->status, "timeout");
	res->ok = !strcmp(res->status, "ok") && !*res->error;
	return TD_OK;
}

void device_am_result_release(struct device_am_result *res)
{
	free(res->status);
	free(res->activity);
	free(res->error);
	memset(res, 0, sizeof *res);
}

int device_parse_devices_l(const char *text, struct device_info **out, size_t *n)
{
	struct device_info *v = NULL;
	size_t count = 0, alloc = 0;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char buf[1024];
		snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
		line = nl ? nl + 1 : NULL;
		buf[strcspn(buf, "\r")] = '\0';
		char *p = buf;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '*' || !strncmp(p, "List of devices", 15))
			continue;
		char *serial_end = p + strcspn(p, " \t");
		if (!*serial_end)
			continue; /* a serial with no state: not a device line */
		*serial_end = '\0';
		char *rest = serial_end + 1;
		while (isspace((unsigned char)*rest))
			rest++;
		v = xgrow(v, &alloc, count + 1, sizeof *v);
		struct device_info *d = &v[count++];
		memset(d, 0, sizeof *d);
		snprintf(d->serial, sizeof d->serial, "%.127s", p);
		if (!strncmp(rest, "no permissions", 14)) {
			snprintf(d->state, sizeof d->state, "no permissions");
		} else {
			size_t sl = strcspn(rest, " \t");
			snprintf(d->state, sizeof d->state, "%.*s", (int)(sl < sizeof d->state ? sl : sizeof d->state - 1), rest);
		}
		char *m = strstr(rest, "model:");
		if (m) {
			m += 6;
			size_t ml = strcspn(m, " \t");
			snprintf(d->model, sizeof d->model, "%.*s", (int)(ml < sizeof d->model ? ml : sizeof d->model - 1), m);
		}
	}
	*out = v;
	*n = count;
	return TD_OK;
}

/* Case-insensitive substring search. */
static const char *find_ci(const char *hay, const char *needle)
{
	return strcasestr(hay, needle);
}

int device_parse_dump_status(const char *text, char *why, size_t why_size)
{
	int st = DEVICE_DUMP_OK;
	const char *m = NULL;
	if ((m = find_ci(text, "could not get idle state")) || (m = find_ci(text, "null root node")))
		st = DEVICE_DUMP_RETRY;
	else if ((m = strstr(text, "ERROR")) || (m = strstr(text, "Error")) || (m = strstr(text, "Killed")) ||
		 (m = strstr(text, "not found")))
		st = DEVICE_DUMP_FAILED;
	if (why && why_size) {
		why[0] = '\0';
		if (m) {
			const char *ls = m;
			while (ls > text && ls[-1] != '\n')
				ls--;
			size_t n = strcspn(ls, "\r\n");
			snprintf(why, why_size, "%.*s", (int)(n < why_size ? n : why_size - 1), ls);
		}
	}
	return st;
}

int device_parse_pm_result(const char *what, const char *text)
{
	for (const char *line = text; line && *line;) {
		if (!strncmp(line, "Success", 7))
			return TD_OK;
		const char *nl = strchr(line, '\n');
		line = nl ? nl + 1 : NULL;
	}
	const char *m = strstr(text, "Failure");
	if (!m)
		m = strstr(text, "Error");
	if (!m)
		m = strstr(text, "Exception");
	if (!m)
		m = text;
	size_t n = strcspn(m, "\r\n");
	if (!n)
		return td_error(TD_ERR_DEVICE, "%s: no answer from the device", what);
	return td_error(TD_ERR_DEVICE, "%s: %.*s", what, (int)(n > 300 ? 300 : n), m);
}

int device_parse_pm_path(const char *text, char **path)
{
	char *first = NULL;
	*path = NULL;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
			n--;
		if (n > 9 && !strncmp(line, "package:/", 9) && !memchr(line, '\0', n)) {
			char *p = xstrndup(line + 8, n - 8);
			if (n >= 17 && !strncmp(line + n - 9, "/base.apk", 9)) {
				free(first);
				*path = p;
				return TD_OK;
			}
			if (!first)
				first = p;
			else
				free(p);
		}
		line = nl ? nl + 1 : NULL;
	}
	if (!first)
		return td_error(TD_ERR_NOT_FOUND, "pm path: no package:PATH line");
	*path = first;
	return TD_OK;
}

int device_parse_input_shown(const char *text, bool *shown)
{
	const char *at = text ? strstr(text, "mInputShown=") : NULL;
	*shown = false;
	if (!at)
		return td_error(TD_ERR_NOT_FOUND, "dumpsys input_method: no mInputShown");
	*shown = !strncmp(at + strlen("mInputShown="), "true", 4);
	return TD_OK;
}

int device_parse_resolve_activity(const char *text, char **package)
{
	const char *last = NULL;
	size_t last_n = 0;
	*package = NULL;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
			n--;
		if (n) {
			last = line;
			last_n = n;
		}
		line = nl ? nl + 1 : NULL;
	}
	const char *slash = last ? memchr(last, '/', last_n) : NULL;
	if (!slash || slash == last)
		return td_error(TD_ERR_NOT_FOUND, "resolve-activity: %.*s", (int)(last_n > 200 ? 200 : last_n),
				last ? last : "(no answer)");
	char *pkg = xstrndup(last, (size_t)(slash - last));
	if (!device_parse_valid_package(pkg)) {
		free(pkg);
		return td_error(TD_ERR_NOT_FOUND, "resolve-activity: no package in '%.*s'",
				(int)(last_n > 200 ? 200 : last_n), last);
	}
	*package = pkg;
	return TD_OK;
}

int device_parse_monkey(const char *pkg, const char *text)
{
	const char *m;
	if ((m = strstr(text, "No activities found")) || (m = strstr(text, "monkey aborted")) ||
	    (m = strstr(text, "Error")) || (m = strstr(text, "Exception"))) {
		size_t n = strcspn(m, "\r\n");
		return td_error(TD_ERR_DEVICE, "cannot launch %s: %.*s", pkg, (int)(n > 300 ? 300 : n), m);
	}
	return TD_OK;
}

/* Whether the block [s, e) belongs to `package`. */
static bool block_matches(const char *s, const char *e, const char *package)
{
	if (!package)
		return true;
	const char *m = memmem(s, (size_t)(e - s), "Process: ", 9);
	if (!m)
		return false;
	m += 9;
	size_t pl = strlen(package);
	return (size_t)(e - m) > pl && !strncmp(m, package, pl) && (m[pl] == ',' || m[pl] == ' ' || m[pl] == '\n');
}

void device_parse_crash_log(const char *text, const char *package, struct device_crash_log *out)
{
	memset(out, 0, sizeof *out);
	const char *end = text + strlen(text);
	const char *last = NULL, *last_end = NULL;
	for (const char *p = strstr(text, "FATAL EXCEPTION"); p;) {
		const char *start = p;
		while (start > text && start[-1] != '\n')
			start--;
		const char *next = strstr(p + 15, "FATAL EXCEPTION");
		const char *bend = end;
		if (next) {
			bend = next;
			while (bend > start && bend[-1] != '\n')
				bend--;
		}
		if (block_matches(start, bend, package)) {
			out->crashes++;
			last = start;
			last_end = bend;
		}
		p = next;
	}
	for (const char *p = strstr(text, "ANR in "); p; p = strstr(p + 7, "ANR in ")) {
		const char *pkg = p + 7;
		size_t pl = package ? strlen(package) : 0;
		if (!package || (!strncmp(pkg, package, pl) && (pkg[pl] == ' ' || pkg[pl] == '\n' ||
								 pkg[pl] == '\r' || pkg[pl] == '\0' || pkg[pl] == '('))) {
			out->anrs++;
			if (!last || p > last) {
				last = p;
				const char *nl = strchr(p, '\n');
				last_end = nl ? nl : end;
			}
		}
	}
	if (last) {
		size_t n = (size_t)(last_end - last);
		if (n > 2048)
			n = 2048;
		out->summary = xstrndup(last, n);
	}
}

void device_parse_error_dialog(const char *xml, bool *crash, bool *anr)
{
	*crash = strstr(xml, " has stopped") || strstr(xml, " keeps stopping") ||
		 strstr(xml, "Application Error") || strstr(xml, "Unfortunately, ");
	*anr = strstr(xml, "isn&apos;t responding") || strstr(xml, "isn't responding") ||
	       strstr(xml, "Not Responding") || strstr(xml, "is not responding");
}

int device_parse_png_size(const unsigned char *png, size_t len, int *width, int *height)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	if (len < 24 || memcmp(png, sig, 8) || memcmp(png + 12, "IHDR", 4))
		return td_error(TD_ERR_PARSE, "screenshot is not a PNG (%zu bytes)", len);
	unsigned long w = (unsigned long)png[16] << 24 | (unsigned long)png[17] << 16 | (unsigned long)png[18] << 8 | png[19];
	unsigned long h = (unsigned long)png[20] << 24 | (unsigned long)png[21] << 16 | (unsigned long)png[22] << 8 | png[23];
	if (!w || !h || w > 100000 || h > 100000)
		return td_error(TD_ERR_PARSE, "screenshot PNG has a bad size %lux%lu", w, h);
	*width = (int)w;
	*height = (int)h;
	return TD_OK;
}

int device_parse_screencap(const unsigned char *buf, size_t len, int *width, int *height)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	*width = *height = 0;
	if (len >= 8 && !memcmp(buf, sig, 8)) {
		if (len < 24)
			return td_error(TD_ERR_CLOSED, "screencap PNG cut short (%zu bytes)", len);
		return device_parse_png_size(buf, len, width, height);
	}
	if (len < 12)
		return td_error(TD_ERR_CLOSED, "screencap printed %zu bytes, less than a raw frame's "
				"12-byte header", len);
	struct image_raw_frame fr;
	int err = image_raw_header(buf, len, "screencap", &fr);
	if (err && fr.pixel_bytes && len < 12 + fr.pixel_bytes) /* cut short: a transport failure, retried */
		return td_error(TD_ERR_CLOSED, "screencap raw frame cut short: %ux%u format %u needs %zu "
				"bytes after the header, got %zu", fr.width, fr.height, fr.format, fr.pixel_bytes,
				len - 12);
	if (err && fr.bpp && !fr.pixel_bytes)
		return td_error(TD_ERR_PARSE, "screencap raw frame has a bad size %ux%u (format %u)", fr.width,
				fr.height, fr.format);
	if (err)
		return err;
	if (len != fr.header + fr.pixel_bytes)
		return td_error(TD_ERR_PARSE, "screencap raw frame of %ux%u format %u has %zu bytes, "
				"expected %zu or %zu (a 12- or 16-byte header and the pixels)",
				fr.width, fr.height, fr.format, len, 12 + fr.pixel_bytes, 16 + fr.pixel_bytes);
	uint32_t w = fr.width, h = fr.height;
	*width = (int)w;
	*height = (int)h;
	return TD_OK;
}
