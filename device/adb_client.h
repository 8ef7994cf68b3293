/*
 * adb_client.h - a client of the adb server's host protocol (the socket
 * `adb` itself talks to, 127.0.0.1:5037 by default).
 *
 * Every request opens one TCP connection: "%04x" length + service name, the
 * server answers "OKAY" or "FAIL" + "%04x" length + message. Host services
 * (host:version, host:devices-l, host:connect:H:P, host-serial:S:features)
 * answer on that connection; device services first select the device with
 * host:transport:SERIAL, then name the service (shell,v2,raw:, shell:,
 * exec:, sync:). No `adb` process is spawned per command: only
 * adb_client_ensure_server() runs `adb start-server`, once, when nothing
 * answers.
 *
 * The client holds only the server address and the timeout, so it may be
 * used from several threads at once (each call has its own connection).
 * Every call is bounded by the timeout (poll() on every read and write).
 */
#ifndef TRIDENT_DEVICE_ADB_CLIENT_H
#define TRIDENT_DEVICE_ADB_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/strbuf.h"

struct adb_client;
struct transport_stat;

/*
 * Where the server is: `server` ("host:port", from --adb-server / config
 * device.adb_server) when non-NULL and non-empty, else ADB_SERVER_SOCKET
 * ("tcp:host:port"), else ANDROID_ADB_SERVER_PORT, else 127.0.0.1:5037.
 * TD_ERR_CONFIG names the bad value.
 */
int adb_server_address(const char *server, char *host, size_t host_size, int *port) TD_MUST_CHECK;

/* A client for that server; `timeout_ms` bounds each call (<= 0: 20 s). */
int adb_client_new(const char *server, int timeout_ms, struct adb_client **out) TD_MUST_CHECK;
void adb_client_free(struct adb_client *c);
/*
 * A second client for the server `c` talks to, with its own call timeout
 * and cancel state. It starts a server where `c` would (the address was not
 * given explicitly), so a probe can bring back a local server that died.
 */
int adb_client_twin(const struct adb_client *c, int timeout_ms, struct adb_client **out) TD_MUST_CHECK;
/*
 * When `from` started the server, `c` takes that over: the server then
 * lives until `c` is freed (a recovery's probe must not stop the server the
 * run goes on using).
 */
void adb_client_adopt_server(struct adb_client *c, struct adb_client *from);
/*
 * Cut every call of `c` in flight (their connections are shut down, so a
 * blocked read returns at once) and make every later call fail with
 * TD_ERR_INTERRUPTED. Thread-safe; for stopping a run on SIGINT.
 */
void adb_client_cancel(struct adb_client *c);
bool adb_client_cancelled(const struct adb_client *c);
const char *adb_client_host(const struct adb_client *c);
int adb_client_port(const struct adb_client *c);
int adb_client_timeout(const struct adb_client *c);

/*
 * Make sure a server answers host:version. When none does and the address
 * is local and was not given explicitly (not --adb-server, device.adb_server
 * or ADB_SERVER_SOCKET: only ANDROID_ADB_SERVER_PORT or the default 5037),
 * run `adb -P PORT start-server` once and wait for it; adb_client_free()
 * then stops that server again (host:kill), so it does not outlive the run,
 * unless the environment has TRIDENT_ADB_KEEP_SERVER=1. An explicit address
 * where nothing answers is TD_ERR_DEVICE naming the address.
 * *version gets the server's protocol version.
 */
int adb_client_ensure_server(struct adb_client *c, int *version) TD_MUST_CHECK;

/* A host service whose answer is OKAY + "%04x" + text (host:devices-l ...). */
int adb_host_query(struct adb_client *c, const char *service, struct strbuf *out) TD_MUST_CHECK;

/*
 * host:connect:HOSTPORT. The server says OKAY even when the connection
 * failed ("failed to connect to ..."), so the text is checked:
 * TD_ERR_DEVICE with the server's words unless it is "connected to" or
 * "already connected to".
 */
int adb_host_connect(struct adb_client *c, const char *hostport) TD_MUST_CHECK;

/* The device's feature list (host-serial:SERIAL:features). */
int adb_device_features(struct adb_client *c, const char *serial, struct strbuf *out) TD_MUST_CHECK;

/*
 * Run `cmd` on the device. With `v2`, shell,v2,raw: is used and stdout,
 * stderr and the exit code come back apart; without it, shell: is used, the
 * exit code is recovered from a marker echoed after the command and stderr is
 * mixed into stdout.
 */
int adb_shell(struct adb_client *c, const char *serial, const char *cmd, bool v2,
	      struct strbuf *out, struct strbuf *err, int *exit_code) TD_MUST_CHECK;
/* exec:CMD - raw stdout bytes until the device closes the stream. */
int adb_exec(struct adb_client *c, const char *serial, const char *cmd, struct strbuf *out) TD_MUST_CHECK;

/* sync: service. pull appends the file to `out` (TD_ERR_NOT_FOUND if absent). */
int adb_sync_stat(struct adb_client *c, const char *serial, const char *path,
		  struct transport_stat *st) TD_MUST_CHECK;
int adb_sync_pull(struct adb_client *c, const char *serial, const char *path, struct strbuf *out) TD_MUST_CHECK;
int adb_sync_push(struct adb_client *c, const char *serial, const char *path, const void *data,
		  size_t len, unsigned mode) TD_MUST_CHECK;
/* LIST: `fn` is called for each entry (".", ".." skipped). */
int adb_sync_list(struct adb_client *c, const char *serial, const char *path,
		  void (*fn)(void *ctx, const char *name, const struct transport_stat *st),
		  void *ctx) TD_MUST_CHECK;

/*
 * Shell protocol v2 framing (exposed for tests): each packet is 1 byte id
 * (0 stdin, 1 stdout, 2 stderr, 3 exit, 4 close-stdin, 5 window-size), a
 * little-endian u32 length, then the payload. adb_shell_v2_feed() consumes
 * whole packets from `buf` (len bytes), appends stdout/stderr, sets
 * *exit_code on an exit packet, and returns how many bytes it consumed via
 * *used; TD_ERR_PROTOCOL on an unknown id or a bad exit packet.
 */
struct adb_shell_v2_state {
	struct strbuf *out, *err;
	int exit_code;   /* -1 until the exit packet */
};
int adb_shell_v2_feed(struct adb_shell_v2_state *st, const unsigned char *buf, size_t len,
		      size_t *used) TD_MUST_CHECK;
/*
 * The shell: (v1) fallback's answer: `raw` is everything the device sent for
 * "CMD; echo \":trident-exit:$?\"". CRLF from a pty is undone in place, the
 * exit code is read from the last marker and the text before it is appended
 * to `out`. TD_ERR_PROTOCOL when the marker is missing or $? was not
 * expanded. Exposed for tests.
 */
int adb_shell_v1_result(struct strbuf *raw, struct strbuf *out, int *exit_code) TD_MUST_CHECK;

#endif
