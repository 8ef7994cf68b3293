/* strbuf.c - capped growable buffers (see strbuf.h). */
#include "core/strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb, size_t cap)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
	sb->cap = cap;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, sb->cap);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p = sb->alloc ? sb->buf : xstrdup("");
	if (len)
		*len = sb->len;
	strbuf_init(sb, sb->cap);
	return p;
}

void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

/* Make room for `extra` more bytes plus the terminator. */
static int grow(struct strbuf *sb, size_t extra)
{
	if (extra > (size_t)-1 / 2 - sb->len)
		return TD_ERR_TOO_BIG;
	if (sb->cap && sb->len + extra > sb->cap)
		return TD_ERR_TOO_BIG;
	size_t need = sb->len + extra + 1;
	if (need <= sb->alloc)
		return TD_OK;
	size_t n = sb->alloc ? sb->alloc : 64;
	while (n < need)
		n *= 2;
	if (sb->alloc) {
		sb->buf = xrealloc(sb->buf, n);
	} else {
		sb->buf = xmalloc(n);
		sb->buf[0] = '\0';
	}
	sb->alloc = n;
	return TD_OK;
}

int strbuf_grow(struct strbuf *sb, size_t extra)
{
	return grow(sb, extra);
}

int strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	int err = grow(sb, len);
	if (err)
		return err;
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
	return TD_OK;
}

int strbuf_adds(struct strbuf *sb, const char *s)
{
	return strbuf_add(sb, s, strlen(s));
}

int strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;
	return strbuf_add(sb, &ch, 1);
}

int strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, cp);
	va_end(cp);
	if (n < 0)
		return TD_ERR_INVALID;
	if ((size_t)n < sizeof small)
		return strbuf_add(sb, small, (size_t)n);
	int err = grow(sb, (size_t)n);
	if (err)
		return err;
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
	return TD_OK;
}

int strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int err = strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
	return err;
}

int strbuf_add_json_string(struct strbuf *sb, const char *s)
{
	int err = strbuf_addch(sb, '"');
	for (const unsigned char *p = (const unsigned char *)s; !err && *p; p++) {
		switch (*p) {
		case '"': err = strbuf_adds(sb, "\\\""); break;
		case '\\': err = strbuf_adds(sb, "\\\\"); break;
		case '\n': err = strbuf_adds(sb, "\\n"); break;
		case '\r': err = strbuf_adds(sb, "\\r"); break;
		case '\t': err = strbuf_adds(sb, "\\t"); break;
		default:
			if (*p < 0x20)
				err = strbuf_addf(sb, "\\u%04x", *p);
			else
				err = strbuf_addch(sb, *p);
		}
	}
	return err ? err : strbuf_addch(sb, '"');
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len >= sb->len)
		return;
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

void strbuf_extend(struct strbuf *sb, size_t n)
{
	if (!n)
		return;
	if (!sb->alloc || sb->len + n >= sb->alloc)
		abort();   /* a programmer error: more than strbuf_grow() made room for */
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_rtrim(struct strbuf *sb)
{
	size_t n = sb->len;
	while (n && (sb->buf[n - 1] == ' ' || sb->buf[n - 1] == '\n' ||
		     sb->buf[n - 1] == '\r' || sb->buf[n - 1] == '\t'))
		n--;
	strbuf_setlen(sb, n);
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return td_error(errno == ENOENT ? TD_ERR_NOT_FOUND : TD_ERR_IO,
				"cannot open '%s': %s", path, strerror(errno));
	char chunk[65536];
	size_t n;
	int err = TD_OK;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if ((err = strbuf_add(sb, chunk, n)) != TD_OK) {
			td_error(err, "'%s' is larger than the %zu-byte limit", path, sb->cap);
			break;
		}
	}
	if (!err && ferror(f))
		err = td_error(TD_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	fclose(f);
	return err;
}

int strbuf_add_xml(struct strbuf *sb, const char *s)
{
	int err = TD_OK;

	for (; s && *s && err == TD_OK; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '<': err = strbuf_adds(sb, "&lt;"); break;
		case '>': err = strbuf_adds(sb, "&gt;"); break;
		case '&': err = strbuf_adds(sb, "&amp;"); break;
		case '"': err = strbuf_adds(sb, "&quot;"); break;
		case '\'': err = strbuf_adds(sb, "&#39;"); break;
		default:
			if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r')
				err = strbuf_addch(sb, (char)c);
		}
	}
	return err;
}
