/*
 * fuzz_adb_packet.c - libFuzzer harness for the fake adbd's parsers of
 * untrusted network bytes: ADB packets (adb_packet_parse), OPEN
 * destinations (adb_service_parse), shell-protocol packets and sync
 * requests carried in WRTE payloads. A parsed packet must re-encode to the
 * same bytes. Input capped at 64 KiB; the first byte picks the limits.
 *
 * With bit 2 of the first byte set, the rest is also fed to the daemon
 * itself over a socketpair (adbd_serve_fd), against a fresh simulated
 * device with the notes demo app, so the connection state machine (CNXN
 * negotiation, OPEN/WRTE/OKAY/CLSE bookkeeping, flow control, the shell,
 * exec and sync services and the device commands behind them) sees the
 * bytes too. Bit 3 sends them raw; otherwise they are records
 * "cmd arg0 arg1 len_lo len_hi payload" framed as valid packets after a
 * CNXN the harness sends first (bit 4: an old, checksumming peer).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/sim/adbd.h"
#include "device/sim/sim.h"

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

struct peer {
	int fd;
	const uint8_t *out;
	size_t out_len;
};

/* The client's side: send everything, then close the sending half. */
static void *peer_write(void *arg)
{
	struct peer *p = arg;
	size_t off = 0;
	while (off < p->out_len) {
		ssize_t n = send(p->fd, p->out + off, p->out_len - off, MSG_NOSIGNAL);
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	shutdown(p->fd, SHUT_WR);
	return NULL;
}

/* Read (and drop) whatever the daemon answers until it closes. */
static void *peer_read(void *arg)
{
	struct peer *p = arg;
	char buf[4096];
	while (recv(p->fd, buf, sizeof buf, 0) > 0)
		;
	return NULL;
}

static const uint32_t record_cmds[] = { ADB_CMD_OPEN, ADB_CMD_WRTE, ADB_CMD_OKAY, ADB_CMD_CLSE,
					ADB_CMD_CNXN, ADB_CMD_AUTH, ADB_CMD_SYNC, ADB_CMD_STLS };

/* Turn records into valid packets, after a CNXN. */
static void frame_records(const uint8_t *d, size_t n, bool old_peer, struct strbuf *out)
{
	static const char banner[] = "host::features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir";
	if (adb_packet_encode(out, ADB_CMD_CNXN, old_peer ? ADB_VERSION_MIN : ADB_VERSION,
			      old_peer ? ADB_MAX_PAYLOAD_V1 : 256 * 1024, banner, sizeof banner) != TD_OK)
		abort();
	size_t off = 0;
	while (off + 5 <= n) {
		uint32_t cmd = record_cmds[d[off] % (sizeof record_cmds / sizeof record_cmds[0])];
		uint32_t a0 = d[off + 1], a1 = d[off + 2];
		size_t len = (size_t)d[off + 3] | (size_t)d[off + 4] << 8;
		off += 5;
		if (len > n - off)
			len = n - off;
		if (adb_packet_encode(out, cmd, a0, a1, d + off, len) != TD_OK)
			abort();
		off += len;
	}
}

/* Feed `d` to a fresh daemon over a socketpair and serve it to the end. */
static void serve_connection(const uint8_t *d, size_t n, bool raw, bool old_peer)
{
	static struct sim_app *app;
	if (!app) {
		log_set_level(LOG_ERROR); /* a dropped client is a warning; thousands of them are noise */
		char *path = sim_app_resolve("notes", NULL);
		int err = sim_app_load(path, &app);
		free(path);
		if (err)
			abort();
	}
	struct sim_options o = { 0, 0, false, NULL };
	struct sim *s = NULL;
	if (sim_new(app, &o, &s) != TD_OK)
		return;
	struct adbd_device dev;
	adbd_device_from_sim(s, &dev);
	struct adbd_options ao = { .host = "127.0.0.1", .port = 0, .max_clients = 1, .max_file = 1 << 20 };
	struct adbd *daemon = NULL;
	int fds[2];
	if (adbd_new(&dev, &ao, &daemon) != TD_OK || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
		adbd_free(daemon);
		sim_free(s);
		return;
	}
	struct strbuf framed = STRBUF_INIT;
	if (!raw)
		frame_records(d, n, old_peer, &framed);
	struct peer p = { fds[0], raw ? d : (const uint8_t *)framed.buf, raw ? n : framed.len };
	pthread_t writer, reader;
	if (pthread_create(&writer, NULL, peer_write, &p) != 0)
		abort();
	if (pthread_create(&reader, NULL, peer_read, &p) != 0)
		abort();
	adbd_serve_fd(daemon, fds[1]); /* closes fds[1] */
	pthread_join(writer, NULL);
	pthread_join(reader, NULL);
	close(fds[0]);
	strbuf_release(&framed);
	adbd_free(daemon);
	sim_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > MAX_INPUT)
		return 0;
	uint32_t max_payload = (data[0] & 1) ? ADB_MAX_PAYLOAD_V1 : ADB_MAX_PAYLOAD;
	bool check = data[0] & 2;
	bool connection = data[0] & 4, raw = data[0] & 8, old_peer = data[0] & 16;
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
	if (connection)
		serve_connection(data, size, raw, old_peer);
	return 0;
}
