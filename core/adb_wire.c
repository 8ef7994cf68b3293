/* adb_wire.c - adb byte layouts both ends share (see adb_wire.h). */
#include "core/adb_wire.h"

#include <string.h>

uint32_t adb_get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void adb_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

void adb_put_le64(uint8_t *p, uint64_t v)
{
	adb_put_le32(p, (uint32_t)v);
	adb_put_le32(p + 4, (uint32_t)(v >> 32));
}

int adb_shell_parse(const uint8_t *buf, size_t len, size_t max_len, int *id,
		    const uint8_t **data, size_t *data_len, size_t *used)
{
	*used = 0;
	if (len < ADB_SHELL_HEADER)
		return TD_OK;
	uint32_t n = adb_get_le32(buf + 1);
	if (n > max_len)
		return td_error(TD_ERR_PROTOCOL, "shell protocol: packet of %u bytes over %zu", n, max_len);
	if (len - ADB_SHELL_HEADER < n)
		return TD_OK;
	*id = buf[0];
	*data = buf + ADB_SHELL_HEADER;
	*data_len = n;
	*used = ADB_SHELL_HEADER + (size_t)n;
	return TD_OK;
}

int adb_shell_encode(struct strbuf *out, int id, const void *data, size_t len)
{
	uint8_t h[ADB_SHELL_HEADER];
	if (len > UINT32_MAX)
		return TD_ERR_TOO_BIG;
	h[0] = (uint8_t)id;
	adb_put_le32(h + 1, (uint32_t)len);
	size_t start = out->len;
	int err = strbuf_add(out, h, sizeof h);
	if (!err && len)
		err = strbuf_add(out, data, len);
	if (err)
		strbuf_setlen(out, start);
	return err;
}

void adb_sync_header(uint8_t hdr[8], const char *id, uint32_t len)
{
	memcpy(hdr, id, 4);
	adb_put_le32(hdr + 4, len);
}
