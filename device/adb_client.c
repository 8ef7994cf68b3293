/*
 * adb_client.c - the adb server's host protocol over TCP (see adb_client.h).
 *
 * Protocol references: AOSP adb OVERVIEW.TXT / SERVICES.TXT (host requests,
 * "%04x" framing, OKAY/FAIL), SYNC.TXT (sync: sub-protocol, little-endian
 * 8-byte headers, DATA chunks of at most 64 KiB) and shell_protocol.h
 * (shell,v2 packets: id byte + LE u32 length).
 */
#include "device/adb_client.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/adb_wire.h"
#include "core/log.h"
#include "core/xalloc.h"
#include "device/transport.h"

extern char **environ;

#define ADB_DEFAULT_PORT 5037
#define SYNC_DATA_MAX 65536
#define OUTPUT_CAP (64u << 20)  /* any one answer: 64 MiB */
#define V1_EXIT_MARKER ":trident-exit:"
#define MAX_LIVE_FDS 16         /* connections one client has open at once */
#define START_SERVER_MS 10000   /* least time given to starting a server */

struct adb_client {
	char host[256];
	int port;
	int timeout_ms;
	bool explicit_server;  /* --adb-server / device.adb_server / ADB_SERVER_SOCKET */
	bool started_server;   /* this client ran `adb start-server`: kill it when freed */
	/* Connections in flight, so adb_client_cancel() can cut them. */
	pthread_mutex_t live_lock;
	int live[MAX_LIVE_FDS];
	int n_live;
	atomic_bool cancelled;
};

static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;

/* Milliseconds on the monotonic clock. */
static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Parse "host:port" (host may be [v6]); TD_ERR_CONFIG on nonsense. */
static int parse_hostport(const char *s, const char *what, char *host, size_t host_size, int *port)
{
	const char *colon = strrchr(s, ':');
	if (!colon || colon == s)
		return td_error(TD_ERR_CONFIG, "%s: '%s' is not host:port", what, s);
	char *end;
	long p = strtol(colon + 1, &end, 10);
	if (*end || p <= 0 || p > 65535)
		return td_error(TD_ERR_CONFIG, "%s: bad port in '%s'", what, s);
	size_t hl = (size_t)(colon - s);
	if (s[0] == '[' && hl >= 2 && s[hl - 1] == ']') {
		s++;
		hl -= 2;
	}
	if (hl == 0 || hl >= host_size)
		return td_error(TD_ERR_CONFIG, "%s: bad host in '%s'", what, s);
	memcpy(host, s, hl);
	host[hl] = '\0';
	*port = (int)p;
	return TD_OK;
}

int adb_server_address(const char *server, char *host, size_t host_size, int *port)
{
	if (server && *server)
		return parse_hostport(server, "device.adb_server", host, host_size, port);
	const char *sock = getenv("ADB_SERVER_SOCKET");
	if (sock && *sock) {
		if (strncmp(sock, "tcp:", 4))
			return td_error(TD_ERR_CONFIG,
					"ADB_SERVER_SOCKET: '%s' is not tcp:host:port (only TCP is supported)", sock);
		if (!strchr(sock + 4, ':')) {
			/* "tcp:PORT" means localhost, as adb reads it. */
			char buf[300];
			snprintf(buf, sizeof buf, "127.0.0.1:%s", sock + 4);
			return parse_hostport(buf, "ADB_SERVER_SOCKET", host, host_size, port);
		}
		return parse_hostport(sock + 4, "ADB_SERVER_SOCKET", host, host_size, port);
	}
	const char *p = getenv("ANDROID_ADB_SERVER_PORT");
	snprintf(host, host_size, "127.0.0.1");
	if (p && *p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (*end || v <= 0 || v > 65535)
			return td_error(TD_ERR_CONFIG, "ANDROID_ADB_SERVER_PORT: bad port '%s'", p);
		*port = (int)v;
		return TD_OK;
	}
	*port = ADB_DEFAULT_PORT;
	return TD_OK;
}

int adb_client_new(const char *server, int timeout_ms, struct adb_client **out)
{
	struct adb_client *c = xcalloc(1, sizeof *c);
	int err = adb_server_address(server, c->host, sizeof c->host, &c->port);
	if (err) {
		free(c);
		return err;
	}
	c->timeout_ms = timeout_ms > 0 ? timeout_ms : 20000;
	pthread_mutex_init(&c->live_lock, NULL);
	atomic_init(&c->cancelled, false);
	const char *sock = getenv("ADB_SERVER_SOCKET");
	c->explicit_server = (server && *server) || (sock && *sock);
	*out = c;
	return TD_OK;
}

int adb_client_twin(const struct adb_client *c, int timeout_ms, struct adb_client **out)
{
	struct adb_client *t = xcalloc(1, sizeof *t);
	snprintf(t->host, sizeof t->host, "%s", c->host);
	t->port = c->port;
	t->timeout_ms = timeout_ms > 0 ? timeout_ms : 20000;
	t->explicit_server = c->explicit_server;
	pthread_mutex_init(&t->live_lock, NULL);
	atomic_init(&t->cancelled, false);
	*out = t;
	return TD_OK;
}

void adb_client_adopt_server(struct adb_client *c, struct adb_client *from)
{
	pthread_mutex_lock(&start_lock);
	if (from->started_server) {
		from->started_server = false;
		c->started_server = true;
	}
	pthread_mutex_unlock(&start_lock);
}

static void kill_started_server(struct adb_client *c);

void adb_client_free(struct adb_client *c)
{
	if (!c)
		return;
	if (c->started_server)
		kill_started_server(c);
	pthread_mutex_destroy(&c->live_lock);
	free(c);
}

void adb_client_cancel(struct adb_client *c)
{
	pthread_mutex_lock(&c->live_lock);
	atomic_store(&c->cancelled, true);
	for (int i = 0; i < c->n_live; i++)
		shutdown(c->live[i], SHUT_RDWR); /* a blocked poll or recv returns now */
	pthread_mutex_unlock(&c->live_lock);
}

bool adb_client_cancelled(const struct adb_client *c)
{
	return atomic_load(&c->cancelled);
}

/*
 * Track a connection made by server_connect(): false (and the fd closed)
 * when the client was cancelled.
 */
static bool live_add(struct adb_client *c, int fd)
{
	pthread_mutex_lock(&c->live_lock);
	bool ok = !atomic_load(&c->cancelled);
	if (ok && c->n_live < MAX_LIVE_FDS) /* more at once stay untracked: not cancellable */
		c->live[c->n_live++] = fd;
	pthread_mutex_unlock(&c->live_lock);
	if (!ok)
		close(fd);
	return ok;
}

/* Close a connection server_connect() made (forgetting it first, so a cancel never cuts a reused fd). */
static void client_close(struct adb_client *c, int fd)
{
	pthread_mutex_lock(&c->live_lock);
	for (int i = 0; i < c->n_live; i++)
		if (c->live[i] == fd) {
			c->live[i] = c->live[--c->n_live];
			break;
		}
	pthread_mutex_unlock(&c->live_lock);
	close(fd);
}


const char *adb_client_host(const struct adb_client *c)
{
	return c->host;
}

int adb_client_port(const struct adb_client *c)
{
	return c->port;
}

int adb_client_timeout(const struct adb_client *c)
{
	return c->timeout_ms;
}

/* Wait until `fd` is ready for `events` or the deadline passes. */
static int wait_fd(int fd, short events, long long deadline, const char *what)
{
	for (;;) {
		long long left = deadline - now_ms();
		if (left <= 0)
			return td_error(TD_ERR_TIMEOUT, "adb: timed out %s", what);
		struct pollfd pfd = { .fd = fd, .events = events };
		int r = poll(&pfd, 1, left > 60000 ? 60000 : (int)left);
		if (r > 0)
			return TD_OK;
		if (r < 0 && errno != EINTR)
			return td_error(TD_ERR_IO, "adb: poll: %s", strerror(errno));
	}
}

/* Connect to the server; TD_ERR_IO with errno kept for "refused". */
static int server_connect(struct adb_client *c, long long deadline, int *fd_out, int *errno_out)
{
	char portstr[16];
	snprintf(portstr, sizeof portstr, "%d", c->port);
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
	struct addrinfo *res = NULL;
	int gai = getaddrinfo(c->host, portstr, &hints, &res);
	*errno_out = 0;
	if (gai)
		return td_error(TD_ERR_IO, "adb server %s:%d: %s", c->host, c->port, gai_strerror(gai));
	int err = TD_ERR_IO, last_errno = ECONNREFUSED;
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
		if (fd < 0) {
			last_errno = errno;
			continue;
		}
		int r = connect(fd, ai->ai_addr, ai->ai_addrlen);
		if (r < 0 && errno == EINPROGRESS) {
			if (wait_fd(fd, POLLOUT, deadline, "connecting to the adb server")) {
				close(fd);
				freeaddrinfo(res);
				return TD_ERR_TIMEOUT;
			}
			int soerr = 0;
			socklen_t sl = sizeof soerr;
			getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl);
			r = soerr ? -1 : 0;
			errno = soerr;
		}
		if (r < 0) {
			last_errno = errno;
			close(fd);
			continue;
		}
		int one = 1;
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		if (!live_add(c, fd)) {
			freeaddrinfo(res);
			return td_error(TD_ERR_INTERRUPTED, "adb: cancelled (the run is stopping)");
		}
		*fd_out = fd;
		err = TD_OK;
		break;
	}
	freeaddrinfo(res);
	if (err) {
		*errno_out = last_errno;
		return td_error(TD_ERR_IO, "cannot connect to the adb server at %s:%d: %s", c->host,
				c->port, strerror(last_errno));
	}
	return TD_OK;
}

/* Write all of `buf`, bounded by the deadline. */
static int write_full(int fd, const void *buf, size_t n, long long deadline)
{
	const char *p = buf;
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
		if (w > 0) {
			p += w;
			n -= (size_t)w;
			continue;
		}
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			int err = wait_fd(fd, POLLOUT, deadline, "writing to the adb server");
			if (err)
				return err;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		return td_error(TD_ERR_IO, "adb: write: %s", strerror(errno));
	}
	return TD_OK;
}

/* Read up to `n` bytes; *got = 0 means end of stream. */
static int read_some(int fd, void *buf, size_t n, size_t *got, long long deadline)
{
	*got = 0;
	for (;;) {
		ssize_t r = recv(fd, buf, n, 0);
		if (r >= 0) {
			*got = (size_t)r;
			return TD_OK;
		}
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			int err = wait_fd(fd, POLLIN, deadline, "waiting for the device");
			if (err)
				return err;
			continue;
		}
		if (errno == EINTR)
			continue;
		return td_error(TD_ERR_IO, "adb: read: %s", strerror(errno));
	}
}

/* Read exactly `n` bytes; TD_ERR_CLOSED when the stream ends early. */
static int read_full(int fd, void *buf, size_t n, long long deadline)
{
	char *p = buf;
	while (n) {
		size_t got;
		int err = read_some(fd, p, n, &got, deadline);
		if (err)
			return err;
		if (!got)
			return td_error(TD_ERR_CLOSED, "adb: the connection closed mid-answer");
		p += got;
		n -= got;
	}
	return TD_OK;
}

/* Read a "%04x" length. */
static int read_hex_len(int fd, size_t *len, long long deadline)
{
	char hex[5] = { 0 };
	int err = read_full(fd, hex, 4, deadline);
	if (err)
		return err;
	char *end;
	unsigned long v = strtoul(hex, &end, 16);
	if (*end)
		return td_error(TD_ERR_PROTOCOL, "adb: bad length prefix '%.4s'", hex);
	*len = v;
	return TD_OK;
}

/* Read a length-prefixed message into `out`. */
static int read_hex_msg(int fd, struct strbuf *out, long long deadline)
{
	size_t len = 0;
	int err = read_hex_len(fd, &len, deadline);
	if (err)
		return err;
	char buf[0x10000];
	err = read_full(fd, buf, len, deadline);
	if (err)
		return err;
	return strbuf_add(out, buf, len);
}

/* Send one request and read OKAY/FAIL. FAIL -> an error carrying the text. */
static int request(int fd, const char *service, long long deadline)
{
	size_t n = strlen(service);
	if (n > 0xffff)
		return td_error(TD_ERR_INVALID, "adb: request too long (%zu bytes)", n);
	char hdr[5];
	snprintf(hdr, sizeof hdr, "%04zx", n);
	int err = write_full(fd, hdr, 4, deadline);
	if (!err)
		err = write_full(fd, service, n, deadline);
	if (err)
		return err;
	char status[4];
	err = read_full(fd, status, 4, deadline);
	if (err)
		return err;
	if (!memcmp(status, "OKAY", 4))
		return TD_OK;
	if (memcmp(status, "FAIL", 4))
		return td_error(TD_ERR_PROTOCOL, "adb: expected OKAY or FAIL, got '%.4s'", status);
	struct strbuf msg = STRBUF_INIT;
	err = read_hex_msg(fd, &msg, deadline);
	if (err) {
		strbuf_release(&msg);
		return err;
	}
	/* Keep the service name short in messages (shell commands can be long). */
	char shortname[64];
	snprintf(shortname, sizeof shortname, "%s", service);
	if (strstr(msg.buf, "not found") || strstr(msg.buf, "no devices"))
		err = td_error(TD_ERR_NOT_FOUND, "adb: %s: %s", shortname, msg.buf);
	else
		err = td_error(TD_ERR_DEVICE, "adb: %s: %s", shortname, msg.buf);
	strbuf_release(&msg);
	return err;
}

/* Open a connection, select `serial` and start `service` on it. */
static int open_service(struct adb_client *c, const char *serial, const char *service,
			long long deadline, int *fd_out)
{
	int fd = -1, e;
	int err = server_connect(c, deadline, &fd, &e);
	if (err)
		return err;
	char sel[300];
	if (serial && *serial)
		snprintf(sel, sizeof sel, "host:transport:%s", serial);
	else
		snprintf(sel, sizeof sel, "host:transport-any");
	err = request(fd, sel, deadline);
	if (!err)
		err = request(fd, service, deadline);
	if (err) {
		client_close(c, fd);
		return err;
	}
	*fd_out = fd;
	return TD_OK;
}

/* Start the server with `adb start-server` on our port; waits for it. */
static int start_server(struct adb_client *c, long long deadline)
{
	char portstr[16], envport[48];
	snprintf(portstr, sizeof portstr, "%d", c->port);
	snprintf(envport, sizeof envport, "ANDROID_ADB_SERVER_PORT=%d", c->port);
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = xcalloc(n + 2, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "ADB_SERVER_SOCKET=", 18) &&
		    strncmp(environ[i], "ANDROID_ADB_SERVER_PORT=", 24))
			env[k++] = environ[i];
	env[k++] = envport;
	char *argv[] = { "adb", "-P", portstr, "start-server", NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	log_info("no adb server answers on %s:%d; running 'adb -P %d start-server'", c->host, c->port,
		 c->port);
	int rc = posix_spawnp(&pid, "adb", &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	if (rc)
		return td_error(rc == ENOENT ? TD_ERR_NOT_FOUND : TD_ERR_IO,
				"no adb server answers on %s:%d and 'adb start-server' could not run: %s",
				c->host, c->port, strerror(rc));
	int status = 0;
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			return td_error(TD_ERR_IO, "waitpid(adb start-server): %s", strerror(errno));
		if (now_ms() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return td_error(TD_ERR_TIMEOUT, "'adb start-server' did not finish in time");
		}
		usleep(20000);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return td_error(TD_ERR_DEVICE, "'adb -P %d start-server' failed (status %d)", c->port,
				WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return TD_OK;
}

/* host:version on a fresh connection. */
static int query_version(struct adb_client *c, int *version, int *conn_errno, long long deadline)
{
	int fd = -1;
	int err = server_connect(c, deadline, &fd, conn_errno);
	if (err)
		return err;
	struct strbuf sb = STRBUF_INIT;
	err = request(fd, "host:version", deadline);
	if (!err)
		err = read_hex_msg(fd, &sb, deadline);
	client_close(c, fd);
	if (!err) {
		char *end;
		long v = strtol(sb.buf, &end, 16);
		if (*end || sb.len == 0)
			err = td_error(TD_ERR_PROTOCOL, "adb: host:version answered '%s'", sb.buf);
		else if (version)
			*version = (int)v;
	}
	strbuf_release(&sb);
	return err;
}

/* Whether `host` names this machine (we only start servers here). */
/*
 * The server this client started does not outlive it: host:kill, unless
 * TRIDENT_ADB_KEEP_SERVER=1 asks to keep it.
 */
static void kill_started_server(struct adb_client *c)
{
	const char *keep = getenv("TRIDENT_ADB_KEEP_SERVER");
	if (keep && !strcmp(keep, "1")) {
		log_info("keeping the adb server trident started on port %d (TRIDENT_ADB_KEEP_SERVER=1)", c->port);
		return;
	}
	long long deadline = now_ms() + 5000;
	int fd = -1, e = 0;
	if (server_connect(c, deadline, &fd, &e) == TD_OK) {
		char status[4];
		if (request(fd, "host:kill", deadline) == TD_OK)
			(void)read_full(fd, status, sizeof status, deadline);
		client_close(c, fd);
		log_info("stopped the adb server trident started on %s:%d", c->host, c->port);
	}
	c->started_server = false;
}

static bool host_is_local(const char *host)
{
	return !strcmp(host, "127.0.0.1") || !strcmp(host, "localhost") || !strcmp(host, "::1");
}

int adb_client_ensure_server(struct adb_client *c, int *version)
{
	/* `adb start-server` on a loaded machine can take seconds: a client
	 * with a short call timeout (a probe) still gives it this long. */
	long long deadline = now_ms() + (c->timeout_ms > START_SERVER_MS ? c->timeout_ms : START_SERVER_MS);
	int conn_errno = 0;
	int err = query_version(c, version, &conn_errno, deadline);
	if (!err || conn_errno != ECONNREFUSED || !host_is_local(c->host))
		return err;
	if (c->explicit_server)
		return td_error(TD_ERR_DEVICE, "no adb server answers on %s:%d, the address given with "
				"--adb-server/device.adb_server/ADB_SERVER_SOCKET; trident never starts a server "
				"on a given address: start one with 'adb -P %d start-server'",
				c->host, c->port, c->port);
	pthread_mutex_lock(&start_lock);
	/* Another thread may have started it meanwhile. */
	err = query_version(c, version, &conn_errno, deadline);
	if (err && conn_errno == ECONNREFUSED) {
		err = start_server(c, deadline);
		if (!err)
			c->started_server = true;
		while (!err) {
			err = query_version(c, version, &conn_errno, deadline);
			if (!err || conn_errno != ECONNREFUSED)
				break;
			if (now_ms() > deadline) {
				err = td_error(TD_ERR_TIMEOUT, "adb server on port %d did not come up", c->port);
				break;
			}
			usleep(50000);
			err = TD_OK;
		}
	}
	pthread_mutex_unlock(&start_lock);
	return err;
}

int adb_host_query(struct adb_client *c, const char *service, struct strbuf *out)
{
	long long deadline = now_ms() + c->timeout_ms;
	int fd = -1, e;
	int err = server_connect(c, deadline, &fd, &e);
	if (err)
		return err;
	err = request(fd, service, deadline);
	if (!err)
		err = read_hex_msg(fd, out, deadline);
	client_close(c, fd);
	return err;
}

int adb_host_connect(struct adb_client *c, const char *hostport)
{
	char svc[300];
	snprintf(svc, sizeof svc, "host:connect:%s", hostport);
	struct strbuf sb = STRBUF_INIT;
	int err = adb_host_query(c, svc, &sb);
	if (!err) {
		strbuf_rtrim(&sb);
		if (strncmp(sb.buf, "connected to", 12) && strncmp(sb.buf, "already connected to", 20))
			err = td_error(TD_ERR_DEVICE, "adb connect %s: %s", hostport,
				       sb.len ? sb.buf : "(no answer)");
	}
	strbuf_release(&sb);
	return err;
}

int adb_device_features(struct adb_client *c, const char *serial, struct strbuf *out)
{
	char svc[300];
	snprintf(svc, sizeof svc, "host-serial:%s:features", serial);
	return adb_host_query(c, svc, out);
}

int adb_shell_v2_feed(struct adb_shell_v2_state *st, const unsigned char *buf, size_t len, size_t *used)
{
	size_t pos = 0;
	int err = TD_OK;
	for (;;) {
		int id;
		const uint8_t *data;
		size_t plen, got;
		err = adb_shell_parse(buf + pos, len - pos, UINT32_MAX, &id, &data, &plen, &got);
		if (err || !got)
			break;
		switch (id) {
		case ADB_SHELL_STDOUT:
			err = strbuf_add(st->out, data, plen);
			break;
		case ADB_SHELL_STDERR:
			err = strbuf_add(st->err, data, plen);
			break;
		case ADB_SHELL_EXIT:
			if (plen != 1)
				err = td_error(TD_ERR_PROTOCOL, "shell v2: exit packet of %zu bytes", plen);
			else
				st->exit_code = data[0];
			break;
		case ADB_SHELL_STDIN: case ADB_SHELL_CLOSE_STDIN: case ADB_SHELL_WINDOW_SIZE:
			break; /* stdin, close-stdin and window size flow the other way */
		default:
			err = td_error(TD_ERR_PROTOCOL, "shell v2: unknown packet id %d", id);
		}
		if (err == TD_ERR_TOO_BIG)
			err = td_error(TD_ERR_TOO_BIG, "shell output over %zu bytes", st->out->cap);
		if (err)
			break;
		pos += got;
	}
	*used = pos;
	return err;
}

/* Shell over the v2 protocol. */
static int shell_v2(struct adb_client *c, const char *serial, const char *cmd, struct strbuf *out,
		    struct strbuf *err_out, int *exit_code, long long deadline)
{
	struct strbuf svc = STRBUF_INIT;
	int fd = -1;
	int err = strbuf_addf(&svc, "shell,v2,raw:%s", cmd);
	if (!err)
		err = open_service(c, serial, svc.buf, deadline, &fd);
	strbuf_release(&svc);
	if (err)
		return err;
	struct adb_shell_v2_state st = { out, err_out, -1 };
	struct strbuf pending = STRBUF_INIT;
	unsigned char buf[65536];
	for (;;) {
		size_t got;
		err = read_some(fd, buf, sizeof buf, &got, deadline);
		if (err)
			break;
		if (!got) {
			if (st.exit_code < 0)
				err = td_error(TD_ERR_CLOSED, "adb shell: the stream ended without an exit code");
			break;
		}
		if ((err = strbuf_add(&pending, buf, got)))
			break;
		size_t used;
		err = adb_shell_v2_feed(&st, (unsigned char *)pending.buf, pending.len, &used);
		if (err)
			break;
		memmove(pending.buf, pending.buf + used, pending.len - used);
		strbuf_setlen(&pending, pending.len - used);
		if (st.exit_code >= 0)
			break;
	}
	strbuf_release(&pending);
	client_close(c, fd);
	if (!err)
		*exit_code = st.exit_code;
	return err;
}

/* Read a whole stream until EOF into `out`. */
static int read_to_eof(int fd, struct strbuf *out, long long deadline)
{
	/* Straight into `out`'s spare room: a reused frame buffer has it
	 * already, so a 10 MB screencap is neither copied through a bounce
	 * buffer nor reallocated. Never past the cap. */
	for (;;) {
		size_t want = 65536, room, got;
		int err;
		if (out->cap && want > (out->cap > out->len ? out->cap - out->len : 0))
			want = out->cap > out->len ? out->cap - out->len : 0;
		if (!want) {
			/* At the cap: the stream must end here. */
			char probe;
			err = read_some(fd, &probe, 1, &got, deadline);
			if (err)
				return err;
			if (!got)
				return TD_OK;
			return td_error(TD_ERR_TOO_BIG, "device output over %zu bytes", out->cap);
		}
		if (strbuf_grow(out, want) != TD_OK)
			return td_error(TD_ERR_TOO_BIG, "device output over %zu bytes", out->cap);
		room = out->alloc - out->len - 1;
		if (out->cap && room > out->cap - out->len)
			room = out->cap - out->len;
		err = read_some(fd, out->buf + out->len, room, &got, deadline);
		if (err)
			return err;
		if (!got)
			return TD_OK;
		strbuf_extend(out, got);
	}
}

int adb_shell_v1_result(struct strbuf *raw, struct strbuf *out, int *exit_code)
{
	/* Undo a pty's CRLF. */
	size_t w = 0;
	for (size_t i = 0; i < raw->len; i++)
		if (!(raw->buf[i] == '\r' && i + 1 < raw->len && raw->buf[i + 1] == '\n'))
			raw->buf[w++] = raw->buf[i];
	strbuf_setlen(raw, w);
	char *m = NULL;
	for (char *p = raw->buf; (p = strstr(p, V1_EXIT_MARKER)); p++)
		m = p;
	if (!m)
		return td_error(TD_ERR_PROTOCOL, "adb shell: no exit marker in the output");
	const char *num = m + strlen(V1_EXIT_MARKER);
	char *end;
	long code = strtol(num, &end, 10);
	if (end == num || code < 0 || code > 255 || (*end && *end != '\n'))
		return td_error(TD_ERR_PROTOCOL, "adb shell: the device's sh did not expand $? ('%.20s')", num);
	*exit_code = (int)code;
	/* The marker line is ours; a newline the command left before it is its own. */
	return strbuf_add(out, raw->buf, (size_t)(m - raw->buf));
}

/* Shell without v2: exit code from an echoed marker; CRLF from a pty undone. */
static int shell_v1(struct adb_client *c, const char *serial, const char *cmd, struct strbuf *out,
		    int *exit_code, long long deadline)
{
	struct strbuf svc = STRBUF_INIT, raw = STRBUF_INIT;
	strbuf_init(&raw, out->cap ? out->cap + 64 : 0);
	int fd = -1;
	int err = strbuf_addf(&svc, "shell:%s; echo \"" V1_EXIT_MARKER "$?\"", cmd);
	if (!err)
		err = open_service(c, serial, svc.buf, deadline, &fd);
	if (!err) {
		err = read_to_eof(fd, &raw, deadline);
		client_close(c, fd);
	}
	if (!err)
		err = adb_shell_v1_result(&raw, out, exit_code);
	strbuf_release(&svc);
	strbuf_release(&raw);
	return err;
}

int adb_shell(struct adb_client *c, const char *serial, const char *cmd, bool v2,
	      struct strbuf *out, struct strbuf *err_out, int *exit_code)
{
	long long deadline = now_ms() + c->timeout_ms;
	if (v2)
		return shell_v2(c, serial, cmd, out, err_out, exit_code, deadline);
	return shell_v1(c, serial, cmd, out, exit_code, deadline);
}

int adb_exec(struct adb_client *c, const char *serial, const char *cmd, struct strbuf *out)
{
	long long deadline = now_ms() + c->timeout_ms;
	struct strbuf svc = STRBUF_INIT;
	int fd = -1;
	int err = strbuf_addf(&svc, "exec:%s", cmd);
	if (!err)
		err = open_service(c, serial, svc.buf, deadline, &fd);
	strbuf_release(&svc);
	if (err)
		return err;
	err = read_to_eof(fd, out, deadline);
	client_close(c, fd);
	return err;
}

/* Send a sync request: 4-byte id, LE length, payload. */
static int sync_send(int fd, const char *id, const void *data, size_t len, long long deadline)
{
	uint8_t hdr[8];
	adb_sync_header(hdr, id, (uint32_t)len);
	int err = write_full(fd, hdr, 8, deadline);
	if (!err && len)
		err = write_full(fd, data, len, deadline);
	return err;
}

/* Read a sync FAIL message and turn it into an error. */
static int sync_fail(int fd, uint32_t len, const char *what, const char *path, long long deadline)
{
	char msg[1024];
	size_t n = len < sizeof msg - 1 ? len : sizeof msg - 1;
	int err = read_full(fd, msg, n, deadline);
	if (err)
		return err;
	msg[n] = '\0';
	if (strstr(msg, "No such file") || strstr(msg, "not found"))
		return td_error(TD_ERR_NOT_FOUND, "adb %s %s: %s", what, path, msg);
	return td_error(TD_ERR_DEVICE, "adb %s %s: %s", what, path, msg);
}

/* End the sync session politely and close. */
static void sync_quit(struct adb_client *c, int fd, long long deadline)
{
	(void)sync_send(fd, "QUIT", NULL, 0, deadline);
	client_close(c, fd);
}

int adb_sync_stat(struct adb_client *c, const char *serial, const char *path, struct transport_stat *st)
{
	long long deadline = now_ms() + c->timeout_ms;
	int fd = -1;
	int err = open_service(c, serial, "sync:", deadline, &fd);
	if (err)
		return err;
	unsigned char r[16];
	err = sync_send(fd, "STAT", path, strlen(path), deadline);
	if (!err)
		err = read_full(fd, r, 16, deadline);
	if (!err && memcmp(r, "STAT", 4))
		err = td_error(TD_ERR_PROTOCOL, "adb sync: expected STAT, got '%.4s'", r);
	if (!err) {
		st->mode = adb_get_le32(r + 4);
		st->size = adb_get_le32(r + 8);
		st->mtime = (long)adb_get_le32(r + 12);
	}
	sync_quit(c, fd, deadline);
	return err;
}

int adb_sync_pull(struct adb_client *c, const char *serial, const char *path, struct strbuf *out)
{
	long long deadline = now_ms() + c->timeout_ms;
	int fd = -1;
	int err = open_service(c, serial, "sync:", deadline, &fd);
	if (err)
		return err;
	err = sync_send(fd, "RECV", path, strlen(path), deadline);
	unsigned char *chunk = xmalloc(SYNC_DATA_MAX);
	while (!err) {
		unsigned char hdr[8];
		if ((err = read_full(fd, hdr, 8, deadline)))
			break;
		uint32_t len = adb_get_le32(hdr + 4);
		if (!memcmp(hdr, "DONE", 4))
			break;
		if (!memcmp(hdr, "FAIL", 4)) {
			err = sync_fail(fd, len, "pull", path, deadline);
			break;
		}
		if (memcmp(hdr, "DATA", 4) || len > SYNC_DATA_MAX) {
			err = td_error(TD_ERR_PROTOCOL, "adb pull %s: bad chunk '%.4s' of %u bytes", path,
				       hdr, len);
			break;
		}
		if ((err = read_full(fd, chunk, len, deadline)))
			break;
		if (strbuf_add(out, chunk, len))
			err = td_error(TD_ERR_TOO_BIG, "adb pull %s: file over %zu bytes", path, out->cap);
	}
	free(chunk);
	sync_quit(c, fd, deadline);
	return err;
}

int adb_sync_push(struct adb_client *c, const char *serial, const char *path, const void *data,
		  size_t len, unsigned mode)
{
	long long deadline = now_ms() + c->timeout_ms;
	int fd = -1;
	int err = open_service(c, serial, "sync:", deadline, &fd);
	if (err)
		return err;
	char *spec = xasprintf("%s,%u", path, mode & 07777 ? mode : 0644);
	err = sync_send(fd, "SEND", spec, strlen(spec), deadline);
	free(spec);
	const char *p = data;
	while (!err && len) {
		size_t n = len > SYNC_DATA_MAX ? SYNC_DATA_MAX : len;
		err = sync_send(fd, "DATA", p, n, deadline);
		p += n;
		len -= n;
	}
	if (!err) {
		unsigned char done[8];
		memcpy(done, "DONE", 4);
		adb_put_le32(done + 4, (uint32_t)time(NULL));
		err = write_full(fd, done, 8, deadline);
	}
	unsigned char r[8];
	if (!err)
		err = read_full(fd, r, 8, deadline);
	if (!err && !memcmp(r, "FAIL", 4))
		err = sync_fail(fd, adb_get_le32(r + 4), "push", path, deadline);
	else if (!err && memcmp(r, "OKAY", 4))
		err = td_error(TD_ERR_PROTOCOL, "adb push %s: expected OKAY, got '%.4s'", path, r);
	sync_quit(c, fd, deadline);
	return err;
}

int adb_sync_list(struct adb_client *c, const char *serial, const char *path,
		  void (*fn)(void *ctx, const char *name, const struct transport_stat *st), void *ctx)
{
	long long deadline = now_ms() + c->timeout_ms;
	int fd = -1;
	int err = open_service(c, serial, "sync:", deadline, &fd);
	if (err)
		return err;
	err = sync_send(fd, "LIST", path, strlen(path), deadline);
	while (!err) {
		unsigned char d[20];
		if ((err = read_full(fd, d, 20, deadline)))
			break;
		if (!memcmp(d, "DONE", 4))
			break;
		if (!memcmp(d, "FAIL", 4)) {
			err = sync_fail(fd, adb_get_le32(d + 4), "list", path, deadline);
			break;
		}
		uint32_t namelen = adb_get_le32(d + 16);
		if (memcmp(d, "DENT", 4) || namelen > 4096) {
			err = td_error(TD_ERR_PROTOCOL, "adb list %s: bad entry '%.4s'", path, d);
			break;
		}
		char name[4097];
		if ((err = read_full(fd, name, namelen, deadline)))
			break;
		name[namelen] = '\0';
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		struct transport_stat st = { adb_get_le32(d + 4), adb_get_le32(d + 8), (long)adb_get_le32(d + 12) };
		fn(ctx, name, &st);
	}
	sync_quit(c, fd, deadline);
	return err;
}
