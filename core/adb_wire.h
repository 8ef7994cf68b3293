/*
 * adb_wire.h - the byte layouts both ends of adb share: little-endian
 * integers, shell-protocol packets (the "shell,v2" service) and sync
 * request headers. The host side (device/adb_client.c) and the simulated
 * daemon (device/sim/adbd.c) both build and read them here, so the two ends
 * cannot drift apart. Pure data, no I/O; every input is untrusted.
 */
#ifndef TRIDENT_CORE_ADB_WIRE_H
#define TRIDENT_CORE_ADB_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/strbuf.h"

uint32_t adb_get_le32(const uint8_t *p);
void adb_put_le32(uint8_t *p, uint32_t v);
void adb_put_le64(uint8_t *p, uint64_t v);

/* Shell-protocol packet ids. */
enum adb_shell_id {
	ADB_SHELL_STDIN = 0,
	ADB_SHELL_STDOUT = 1,
	ADB_SHELL_STDERR = 2,
	ADB_SHELL_EXIT = 3,
	ADB_SHELL_CLOSE_STDIN = 4,
	ADB_SHELL_WINDOW_SIZE = 5,
};
#define ADB_SHELL_HEADER 5 /* u8 id, u32 length (little-endian), then the payload */

/*
 * Split one shell-protocol packet off `buf`: TD_OK with *used = the packet's
 * size (0 while it is incomplete), *id and the payload span; TD_ERR_PROTOCOL
 * when its length passes `max_len`.
 */
int adb_shell_parse(const uint8_t *buf, size_t len, size_t max_len, int *id,
		    const uint8_t **data, size_t *data_len, size_t *used) TD_MUST_CHECK;
/* Append one packet to `out`: all of it or nothing. */
int adb_shell_encode(struct strbuf *out, int id, const void *data, size_t len) TD_MUST_CHECK;

/* A sync request or reply header: the 4-byte id, then `len` little-endian. */
void adb_sync_header(uint8_t hdr[8], const char *id, uint32_t len);

#endif
