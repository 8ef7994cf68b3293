/*
 * strbuf.h - a growable, always NUL-terminated byte buffer with a size cap.
 *
 * The cap is what makes it safe for untrusted input (model replies, device
 * output, XML dumps): an append that would take the length past `cap` fails
 * with TD_ERR_TOO_BIG and leaves the buffer as it was. A cap of 0 means no cap.
 *
 *   struct strbuf sb = STRBUF_INIT;
 *   strbuf_addf(&sb, "step %d", n);
 *   use(sb.buf, sb.len);
 *   strbuf_release(&sb);
 *
 * `buf` is never NULL after init (it points at a static "" until the first
 * append), may hold NUL bytes, and is owned by the strbuf until
 * strbuf_detach().
 */
#ifndef TRIDENT_CORE_STRBUF_H
#define TRIDENT_CORE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "core/error.h"

extern char strbuf_empty[];

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
	size_t cap; /* 0 = unlimited */
};

#define STRBUF_INIT { strbuf_empty, 0, 0, 0 }

void strbuf_init(struct strbuf *sb, size_t cap);
/* Free the memory and return to the initial (empty) state; the cap stays. */
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (free() it); the strbuf becomes empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_reset(struct strbuf *sb);

/*
 * Make room for `extra` more bytes (plus the terminator) without appending,
 * so a caller may write up to `extra` bytes at sb->buf + sb->len and then
 * count them with strbuf_extend() (reading from a socket, drawing rows in
 * place). TD_ERR_TOO_BIG when len + extra would pass the cap; nothing
 * changes then.
 */
int strbuf_grow(struct strbuf *sb, size_t extra) TD_MUST_CHECK;
/* Count `n` bytes the caller wrote at sb->buf + sb->len, after a
 * strbuf_grow() of at least `n`, and terminate them. */
void strbuf_extend(struct strbuf *sb, size_t n);

/* Appends: TD_OK, or TD_ERR_TOO_BIG when the cap would be passed. */
int strbuf_add(struct strbuf *sb, const void *data, size_t len);
int strbuf_adds(struct strbuf *sb, const char *s);
int strbuf_addch(struct strbuf *sb, int c);
int strbuf_addf(struct strbuf *sb, const char *fmt, ...) TD_PRINTF(2, 3);
int strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap) TD_PRINTF(2, 0);
/* Append `s` as a JSON string literal, quotes included. */
int strbuf_add_json_string(struct strbuf *sb, const char *s);
/*
 * Append `s` escaped for XML and HTML text and attribute values (& < > " ')
 * with the control characters XML 1.0 forbids dropped (tab, CR and LF
 * stay). NULL appends nothing. Returns as strbuf_adds.
 */
int strbuf_add_xml(struct strbuf *sb, const char *s);

/* Shorten to `len` bytes (no-op when already shorter). */
void strbuf_setlen(struct strbuf *sb, size_t len);
/* Remove trailing whitespace. */
void strbuf_rtrim(struct strbuf *sb);

/*
 * Read a whole file. TD_ERR_NOT_FOUND / TD_ERR_IO (with a td_error message
 * naming the file), or TD_ERR_TOO_BIG when it is larger than the cap.
 */
int strbuf_read_file(struct strbuf *sb, const char *path) TD_MUST_CHECK;

#endif
