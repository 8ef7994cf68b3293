/*
 * adbd.h - a small adbd: the ADB transport protocol server over TCP, so
 * Debian's own `adb connect 127.0.0.1:PORT` talks to the simulated device.
 *
 * Covered (see docs/simd.md): CNXN without AUTH (version and max payload
 * negotiated, checksums checked for pre-1.0.1 peers), OPEN/OKAY/WRTE/CLSE
 * with one outstanding WRTE per stream, the services `shell,v2[,raw|pty]:`
 * (shell protocol: stdin, stdout, stderr, exit, close-stdin), legacy
 * `shell:`, `exec:` and `sync:` (STAT, STA2, LST2, LIST, RECV, SEND, QUIT).
 * Every command goes to the device's shell callback; files to its file
 * callbacks. Each connection is served by its own thread plus one thread per
 * open stream; a client that disappears only ends its own connection.
 *
 * Everything read from the network is untrusted: the parsers below (kept
 * separate and pure so tests and fuzzers can call them) check magic,
 * lengths against the negotiated maximum, and checksums.
 */
#ifndef TRIDENT_DEVICE_SIM_ADBD_H
#define TRIDENT_DEVICE_SIM_ADBD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/adb_wire.h"
#include "core/error.h"
#include "core/strbuf.h"

struct sim;
struct sim_file_stat;

/* ----- wire format (pure functions) ----- */

#define ADB_CMD_SYNC 0x434e5953u /* "SYNC" */
#define ADB_CMD_CNXN 0x4e584e43u /* "CNXN" */
#define ADB_CMD_AUTH 0x48545541u /* "AUTH" */
#define ADB_CMD_OPEN 0x4e45504fu /* "OPEN" */
#define ADB_CMD_OKAY 0x59414b4fu /* "OKAY" */
#define ADB_CMD_CLSE 0x45534c43u /* "CLSE" */
#define ADB_CMD_WRTE 0x45545257u /* "WRTE" */
#define ADB_CMD_STLS 0x534c5453u /* "STLS" */

#define ADB_VERSION_MIN 0x01000000u           /* checksummed payloads */
#define ADB_VERSION_SKIP_CHECKSUM 0x01000001u /* checksum may be 0 */
#define ADB_VERSION ADB_VERSION_SKIP_CHECKSUM
#define ADB_MAX_PAYLOAD_V1 4096u
#define ADB_MAX_PAYLOAD (1024u * 1024u) /* the most we ever accept */
#define ADB_HEADER_SIZE 24

struct adb_packet {
	uint32_t command, arg0, arg1;
	uint32_t data_length, data_check, magic;
	const uint8_t *data; /* points into the parsed buffer */
};

/*
 * Parse one packet from the start of `buf`. On TD_OK either *used is the
 * packet's size (header + payload, pkt->data points into buf) or *used is 0
 * when more bytes are needed (the header, when present, is already valid).
 * TD_ERR_PROTOCOL (with a td_error message) for a bad magic, an unknown
 * command, a payload over `max_payload`, or - when `check_sum` - a payload
 * whose byte sum differs from data_check.
 */
int adb_packet_parse(const uint8_t *buf, size_t len, uint32_t max_payload, bool check_sum,
		     struct adb_packet *pkt, size_t *used) TD_MUST_CHECK;

/* Append a packet (header with magic and byte-sum checksum, then data). */
int adb_packet_encode(struct strbuf *out, uint32_t command, uint32_t arg0, uint32_t arg1,
		      const void *data, size_t len) TD_MUST_CHECK;

/* The sum of the payload's bytes, as A_VERSION_MIN peers check it. */
uint32_t adb_payload_checksum(const uint8_t *data, size_t len);

/* What an OPEN asks for. */
enum adb_service_kind {
	ADB_SERVICE_SHELL_V2, /* shell,v2[,raw|pty][,TERM=..]:cmd */
	ADB_SERVICE_SHELL,    /* legacy shell:cmd */
	ADB_SERVICE_EXEC,     /* exec:cmd */
	ADB_SERVICE_SYNC,     /* sync: */
};

struct adb_service {
	enum adb_service_kind kind;
	bool pty;            /* output with \r\n, as through a terminal */
	const char *command; /* points into the parsed string; "" = interactive */
};

/*
 * Parse an OPEN destination ("shell,v2,raw:ls -l"): `len` bytes, possibly
 * ending in NULs, and dest[len] must be a NUL. TD_ERR_UNSUPPORTED for a
 * service we do not offer, TD_ERR_PROTOCOL for an embedded NUL. The command
 * points into `dest`.
 */
int adb_service_parse(const char *dest, size_t len, struct adb_service *svc) TD_MUST_CHECK;

/* shell protocol (shell,v2): adb_shell_parse() and adb_shell_encode() in core/adb_wire.h */

/* sync protocol */
#define ADB_SYNC_DATA_MAX (64 * 1024)
#define ADB_SYNC_PATH_MAX 1024

/* A sync request, "STAT"/"SEND"/"DATA"... with its u32 argument and payload. */
struct adb_sync_request {
	char id[5];        /* four letters and NUL */
	uint32_t arg;      /* a length for most ids; mtime for DONE */
	const uint8_t *data;
	size_t data_len;   /* 0 for DONE/QUIT */
};

/*
 * Parse one sync request from `buf`: TD_OK with *used (0 = incomplete);
 * TD_ERR_PROTOCOL for an unknown id, a path over ADB_SYNC_PATH_MAX or a
 * DATA chunk over ADB_SYNC_DATA_MAX.
 */
int adb_sync_parse(const uint8_t *buf, size_t len, struct adb_sync_request *req, size_t *used) TD_MUST_CHECK;

/* ----- the device adbd serves ----- */

/* Callbacks to the device; sim-backed by adbd_device_from_sim. */
struct adbd_device {
	void *ctx;
	int (*shell)(void *ctx, const char *cmdline, struct strbuf *out, struct strbuf *err, int *exit_code);
	/* The same with the command's stdin (may be NULL: then `shell` is used). */
	int (*shell_input)(void *ctx, const char *cmdline, const struct strbuf *in, struct strbuf *out,
			   struct strbuf *err, int *exit_code);
	int (*file_read)(void *ctx, const char *path, struct strbuf *out);
	int (*file_write)(void *ctx, const char *path, const void *data, size_t len, unsigned mode);
	int (*file_stat)(void *ctx, const char *path, struct sim_file_stat *st);
	int (*file_list)(void *ctx, const char *path,
			 void (*fn)(void *fctx, const char *name, const struct sim_file_stat *st), void *fctx);
	const char *features; /* comma list the device claims; adbd keeps those it implements */
	const char *product, *model, *device_name; /* for the CNXN banner */
};

/*
 * Bytes of stdin an exec: command reads before answering: SIZE for
 * `cmd package install -S SIZE` / `pm install -S SIZE` (adb install's
 * streamed mode), -1 for anything else. Exposed for tests.
 */
long adbd_exec_stdin_size(const char *cmd);

/* Fill `dev` with callbacks to the simulator `s` (borrowed). */
void adbd_device_from_sim(struct sim *s, struct adbd_device *dev);

/*
 * The CNXN banner for `dev`: "device::ro.product.name=..;ro.product.model=..;
 * ro.product.device=..;features=..", features limited to what adbd supports.
 */
char *adbd_banner(const struct adbd_device *dev);

/* ----- the server ----- */

struct adbd;

struct adbd_options {
	const char *host; /* NULL = "127.0.0.1" */
	int port;         /* 0 = any free port (see adbd_port) */
	int max_clients;  /* 0 = 32 */
	size_t max_file;  /* largest pushed file; 0 = 64 MiB */
};

/*
 * Bind and listen. TD_ERR_IO with a message such as "127.0.0.1:5555:
 * Address already in use". `dev` is copied; its ctx must outlive the adbd.
 */
int adbd_new(const struct adbd_device *dev, const struct adbd_options *opt, struct adbd **out) TD_MUST_CHECK;
/* The port actually bound. */
int adbd_port(const struct adbd *d);
/* Accept and serve clients until adbd_stop(); TD_OK after a stop. */
int adbd_run(struct adbd *d) TD_MUST_CHECK;
/*
 * Serve one client already connected on `fd` (e.g. one end of a
 * socketpair) in the calling thread, exactly as adbd_run serves an accepted
 * one, until it disconnects or breaks the protocol; then close `fd`. The
 * connection's stream threads are joined before it returns. For tests and
 * the fuzz harness (tests/fuzz/fuzz_adb_packet.c).
 */
void adbd_serve_fd(struct adbd *d, int fd);
/* Make adbd_run return soon. Async-signal-safe (writes to a pipe). */
void adbd_stop(struct adbd *d);
/* Close every connection, join their threads, free. Call after adbd_run returned. */
void adbd_free(struct adbd *d);

#endif
