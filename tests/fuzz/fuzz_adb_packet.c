/*
 * fuzz_adb_packet.c - libFuzzer harness for the fake adbd's parsers of
 * untrusted network bytes: ADB packets (adb_packet_parse), OPEN
 * destinations (adb_service_parse), shell-protocol packets and sync
 * requests carried in WRTE payloads. A parsed packet must re-encode to the
 * same bytes. Input capped at 64 KiB; the first byte picks the limits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/sim/adbd.h"

#define MAX_INPUT (64 * 1024)

static void walk_payload(const uint8_t *d, size_t n)
{
	size_t off = 0, used;
	int id;
	const uint8_t *data;
	size_t len;
	while (off < n && adb_shell_parse(d + off, n - off, 4096, &id, &data, &len, &used) == TD_OK && used)
		off += used;
	off = 0;
	struct adb_sync_request r;
	while (off < n && adb_sync_parse(d + off, n - off, &r, &used) == TD_OK && used) {
		if (r.data_len > n - off - 8)
			abort(); /* payload must lie inside the input */
		off += used;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > MAX_INPUT)
		return 0;
	uint32_t max_payload = (data[0] & 1) ? ADB_MAX_PAYLOAD_V1 : ADB_MAX_PAYLOAD;
	bool check = data[0] & 2;
	data++;
	size--;
	size_t off = 0;
	while (off < size) {
		struct adb_packet p;
		size_t used;
		if (adb_packet_parse(data + off, size - off, max_payload, check, &p, &used) != TD_OK || !used)
			break;
		if (used != ADB_HEADER_SIZE + (size_t)p.data_length || used > size - off)
			abort();
		if (p.command == ADB_CMD_OPEN && p.data_length) {
			char *dest = xmalloc(p.data_length + 1);
			memcpy(dest, p.data, p.data_length);
			dest[p.data_length] = '\0';
			struct adb_service svc;
			if (adb_service_parse(dest, p.data_length, &svc) == TD_OK && !svc.command)
				abort();
			free(dest);
		}
		if (p.command == ADB_CMD_WRTE)
			walk_payload(p.data, p.data_length);
		if (check) {
			struct strbuf sb = STRBUF_INIT;
			if (adb_packet_encode(&sb, p.command, p.arg0, p.arg1, p.data, p.data_length) == TD_OK &&
			    (sb.len != used || memcmp(sb.buf, data + off, used) != 0) && p.data_length)
				abort(); /* with a valid checksum, encoding is the inverse of parsing */
			strbuf_release(&sb);
		}
		off += used;
	}
	walk_payload(data, size);
	return 0;
}
