/*
 * sim_apk.c - a small, defensive zip reader: enough to take one entry out
 * of an APK (end of central directory -> central directory entry -> local
 * header -> stored or deflated data). zlib does the inflating. See
 * sim_apk.h for the rules.
 */
#include "device/sim/sim_apk.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "core/xalloc.h"

#define EOCD_SIG 0x06054b50u
#define CDIR_SIG 0x02014b50u
#define LOCAL_SIG 0x04034b50u
#define EOCD_LEN 22
#define CDIR_LEN 46
#define LOCAL_LEN 30
#define MAX_ENTRIES 65535

static uint32_t le16(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The end-of-central-directory record: the last signature within the
 * 64 KiB comment window whose comment length reaches exactly the end. */
static const unsigned char *find_eocd(const unsigned char *p, size_t len)
{
	if (len < EOCD_LEN)
		return NULL;
	size_t last = len - EOCD_LEN;
	size_t first = last > 0xffff ? last - 0xffff : 0;
	for (size_t i = last + 1; i-- > first;)
		if (le32(p + i) == EOCD_SIG && i + EOCD_LEN + le16(p + i + 20) == len)
			return p + i;
	return NULL;
}

/* Inflate raw deflate data into exactly `usize` bytes. */
static int inflate_exact(const unsigned char *src, size_t csize, char *dst, size_t usize, const char *name)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
		return td_error(TD_ERR_NOMEM, "zip: inflateInit failed");
	int err = TD_OK;
	size_t in_done = 0, out_done = 0;
	int zr = Z_OK;
	/* avail_in/avail_out are uInt: feed in slices */
	while (zr == Z_OK) {
		size_t in_left = csize - in_done, out_left = usize - out_done;
		z.next_in = (unsigned char *)(uintptr_t)(src + in_done);
		z.avail_in = (uInt)(in_left > (1u << 30) ? (1u << 30) : in_left);
		z.next_out = (unsigned char *)dst + out_done;
		z.avail_out = (uInt)(out_left > (1u << 30) ? (1u << 30) : out_left);
		uInt in0 = z.avail_in, out0 = z.avail_out;
		zr = inflate(&z, Z_FINISH);
		in_done += in0 - z.avail_in;
		out_done += out0 - z.avail_out;
		if (zr == Z_BUF_ERROR && z.avail_out == 0 && out_done == usize) {
			err = td_error(TD_ERR_PARSE, "%s: inflates to more than its declared %zu bytes", name, usize);
			goto out;
		}
		if (zr == Z_BUF_ERROR && in0 == z.avail_in && out0 == z.avail_out)
			break;
		if (zr == Z_BUF_ERROR)
			zr = Z_OK;
	}
	if (zr != Z_STREAM_END) {
		err = td_error(TD_ERR_PARSE, "%s: corrupt deflate data (%s)", name,
			       z.msg ? z.msg : zr == Z_BUF_ERROR ? "truncated" : "error");
		goto out;
	}
	if (out_done != usize)
		err = td_error(TD_ERR_PARSE, "%s: inflated to %zu bytes, %zu declared", name, out_done, usize);
out:
	inflateEnd(&z);
	return err;
}

int sim_apk_read_entry(const void *apk, size_t len, const char *name, size_t cap, char **out,
		       size_t *out_len)
{
	const unsigned char *p = apk;
	*out = NULL;
	*out_len = 0;
	if (len > SIM_APK_MAX_BYTES)
		return td_error(TD_ERR_TOO_BIG, "archive of %zu bytes over the %u-byte cap", len,
				SIM_APK_MAX_BYTES);
	if (len < 4 || le32(p) != LOCAL_SIG)
		return td_error(TD_ERR_PARSE, "not a zip archive (no local file header at offset 0)");
	const unsigned char *eocd = find_eocd(p, len);
	if (!eocd)
		return td_error(TD_ERR_PARSE, "not a zip archive (no end of central directory)");
	uint32_t disk = le16(eocd + 4), cd_disk = le16(eocd + 6);
	uint32_t n_disk = le16(eocd + 8), n_total = le16(eocd + 10);
	uint32_t cd_size = le32(eocd + 12), cd_off = le32(eocd + 16);
	if (n_total == 0xffff || cd_size == 0xffffffffu || cd_off == 0xffffffffu)
		return td_error(TD_ERR_UNSUPPORTED, "ZIP64 archives are not supported");
	if (disk != 0 || cd_disk != 0 || n_disk != n_total)
		return td_error(TD_ERR_PARSE, "multi-disk zip archives are not supported");
	size_t eocd_off = (size_t)(eocd - p);
	if ((size_t)cd_off > eocd_off || (size_t)cd_size > eocd_off - cd_off)
		return td_error(TD_ERR_PARSE, "central directory (offset %u, %u bytes) outside the archive",
				cd_off, cd_size);
	size_t name_len = strlen(name);
	size_t pos = cd_off, end = (size_t)cd_off + cd_size;
	for (uint32_t i = 0; i < n_total && i < MAX_ENTRIES; i++) {
		if (end - pos < CDIR_LEN || le32(p + pos) != CDIR_SIG)
			return td_error(TD_ERR_PARSE, "central directory entry %u is corrupt", i);
		const unsigned char *e = p + pos;
		uint32_t flags = le16(e + 8), method = le16(e + 10), crc = le32(e + 16);
		uint32_t csize = le32(e + 20), usize = le32(e + 24);
		uint32_t nlen = le16(e + 28), xlen = le16(e + 30), clen = le16(e + 32);
		uint32_t loff = le32(e + 42);
		size_t rec = (size_t)CDIR_LEN + nlen + xlen + clen;
		if (rec > end - pos)
			return td_error(TD_ERR_PARSE, "central directory entry %u runs past the directory", i);
		pos += rec;
		if (nlen != name_len || memcmp(e + CDIR_LEN, name, name_len) != 0)
			continue;
		if (flags & 1)
			return td_error(TD_ERR_UNSUPPORTED, "%s is encrypted", name);
		if (method != 0 && method != 8)
			return td_error(TD_ERR_UNSUPPORTED, "%s: compression method %u is not supported", name,
					method);
		if (csize == 0xffffffffu || usize == 0xffffffffu || loff == 0xffffffffu)
			return td_error(TD_ERR_UNSUPPORTED, "ZIP64 archives are not supported");
		if (usize > cap)
			return td_error(TD_ERR_TOO_BIG, "%s: %u bytes, over the %zu-byte cap", name, usize, cap);
		if (method == 0 && csize != usize)
			return td_error(TD_ERR_PARSE, "%s: stored entry with sizes %u and %u", name, csize, usize);
		if ((size_t)loff > cd_off || cd_off - loff < LOCAL_LEN || le32(p + loff) != LOCAL_SIG)
			return td_error(TD_ERR_PARSE, "%s: local header at offset %u is missing", name, loff);
		size_t data = (size_t)loff + LOCAL_LEN + le16(p + loff + 26) + le16(p + loff + 28);
		if (data > cd_off || (size_t)csize > cd_off - data)
			return td_error(TD_ERR_PARSE, "%s: data (offset %zu, %u bytes) outside the archive", name,
					data, csize);
		char *buf = xmalloc((size_t)usize + 1);
		int err = TD_OK;
		if (method == 0)
			memcpy(buf, p + data, usize);
		else
			err = inflate_exact(p + data, csize, buf, usize, name);
		if (!err && (uint32_t)crc32(0L, (const Bytef *)buf, (uInt)usize) != crc)
			err = td_error(TD_ERR_PARSE, "%s: CRC-32 mismatch", name);
		if (err) {
			free(buf);
			return err;
		}
		buf[usize] = '\0';
		*out = buf;
		*out_len = usize;
		return TD_OK;
	}
	return td_error(TD_ERR_NOT_FOUND, "no %s in the archive", name);
}
