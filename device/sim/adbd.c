/*
 * adbd.c - the ADB transport protocol server (see adbd.h).
 *
 * DESIGN
 * One listening socket; adbd_run() polls it together with a stop pipe and
 * starts one reader thread per accepted connection ("adbd-conn"). The reader
 * owns the socket's read side: it parses packets (adb_packet_parse), answers
 * CNXN, opens streams and routes OKAY/WRTE/CLSE to them. Each open stream
 * gets a worker thread ("adbd-stream") that runs its service: it calls the
 * device (sim_shell, sim_file_*), then writes the output back in WRTE
 * packets of at most the negotiated payload, waiting for the peer's OKAY
 * between two WRTEs (one outstanding WRTE per stream, as adbd does).
 *
 * Incoming WRTE data for a sync stream is acknowledged by the worker only
 * after it consumed it, so a fast pusher cannot make us buffer more than one
 * packet; other streams are acknowledged by the reader at once.
 *
 * Locks: conn->lock guards the stream list and each stream's flags and
 * input; conn->wlock serialises whole packets on the socket. Order:
 * conn->lock before conn->wlock; nobody waits on a condition while holding
 * wlock. adbd->lock guards the connection list; it is never held together
 * with a connection's locks.
 *
 * A vanished client ends its reader (read error / EOF): the connection is
 * marked dead, its workers wake up and stop at their next write, the reader
 * joins them and frees everything. A device call already running finishes
 * first (the simulator's calls are short).
 */
#include "device/sim/adbd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "core/adb_wire.h"
#include "core/error.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/sim/sim.h"

#define MAX_STREAMS_PER_CONN 64
#define MAX_DEST_LEN 8192
#define SEND_TIMEOUT_SEC 30
#define HELLO_TIMEOUT_SEC 10 /* a client must send CNXN this soon */
#define SHELL_PROMPT "trident_sim:/ $ "
#define MAX_LINE 8192

/* ----- packets ----- */

uint32_t adb_payload_checksum(const uint8_t *data, size_t len)
{
	uint32_t sum = 0;
	for (size_t i = 0; i < len; i++)
		sum += data[i];
	return sum;
}

static bool known_command(uint32_t cmd)
{
	switch (cmd) {
	case ADB_CMD_SYNC:
	case ADB_CMD_CNXN:
	case ADB_CMD_AUTH:
	case ADB_CMD_OPEN:
	case ADB_CMD_OKAY:
	case ADB_CMD_CLSE:
	case ADB_CMD_WRTE:
	case ADB_CMD_STLS:
		return true;
	default:
		return false;
	}
}

int adb_packet_parse(const uint8_t *buf, size_t len, uint32_t max_payload, bool check_sum,
		     struct adb_packet *pkt, size_t *used)
{
	*used = 0;
	if (len < ADB_HEADER_SIZE)
		return TD_OK;
	pkt->command = adb_get_le32(buf);
	pkt->arg0 = adb_get_le32(buf + 4);
	pkt->arg1 = adb_get_le32(buf + 8);
	pkt->data_length = adb_get_le32(buf + 12);
	pkt->data_check = adb_get_le32(buf + 16);
	pkt->magic = adb_get_le32(buf + 20);
	pkt->data = NULL;
	if (pkt->magic != (pkt->command ^ 0xffffffffu))
		return td_error(TD_ERR_PROTOCOL, "adb packet: bad magic 0x%08x for command 0x%08x",
				pkt->magic, pkt->command);
	if (!known_command(pkt->command))
		return td_error(TD_ERR_PROTOCOL, "adb packet: unknown command 0x%08x", pkt->command);
	if (pkt->data_length > max_payload)
		return td_error(TD_ERR_PROTOCOL, "adb packet: payload of %u bytes over the maximum %u",
				pkt->data_length, max_payload);
	if (len - ADB_HEADER_SIZE < pkt->data_length)
		return TD_OK;
	pkt->data = buf + ADB_HEADER_SIZE;
	if (check_sum && adb_payload_checksum(pkt->data, pkt->data_length) != pkt->data_check)
		return td_error(TD_ERR_PROTOCOL, "adb packet: payload checksum mismatch");
	*used = ADB_HEADER_SIZE + (size_t)pkt->data_length;
	return TD_OK;
}

/* Append a header and its payload, both or neither (`out` unchanged on failure). */
static int add_framed(struct strbuf *out, const uint8_t *header, size_t header_len, const void *data, size_t len)
{
	size_t start = out->len;
	int err = strbuf_add(out, header, header_len);
	if (!err && len)
		err = strbuf_add(out, data, len);
	if (err)
		strbuf_setlen(out, start);
	return err;
}

/* A packet as adb_packet_encode() writes it; data_check 0 unless `with_sum`. */
static int encode_packet(struct strbuf *out, bool with_sum, uint32_t command, uint32_t arg0, uint32_t arg1,
			 const void *data, size_t len)
{
	if (len > ADB_MAX_PAYLOAD)
		return td_error(TD_ERR_TOO_BIG, "adb packet: payload of %zu bytes too big", len);
	uint8_t h[ADB_HEADER_SIZE];
	adb_put_le32(h, command);
	adb_put_le32(h + 4, arg0);
	adb_put_le32(h + 8, arg1);
	adb_put_le32(h + 12, (uint32_t)len);
	adb_put_le32(h + 16, len && with_sum ? adb_payload_checksum(data, len) : 0);
	adb_put_le32(h + 20, command ^ 0xffffffffu);
	return add_framed(out, h, sizeof h, data, len);
}

int adb_packet_encode(struct strbuf *out, uint32_t command, uint32_t arg0, uint32_t arg1,
		      const void *data, size_t len)
{
	return encode_packet(out, true, command, arg0, arg1, data, len);
}

/* ----- services ----- */

int adb_service_parse(const char *dest, size_t len, struct adb_service *svc)
{
	while (len > 0 && dest[len - 1] == '\0')
		len--;
	if (memchr(dest, '\0', len))
		return td_error(TD_ERR_PROTOCOL, "adb OPEN: NUL inside the destination");
	memset(svc, 0, sizeof *svc);
	if (strncmp(dest, "shell", 5) == 0 && len >= 6 && (dest[5] == ':' || dest[5] == ',')) {
		const char *colon = memchr(dest, ':', len);
		if (!colon)
			return td_error(TD_ERR_UNSUPPORTED, "adb OPEN: malformed shell service");
		svc->kind = ADB_SERVICE_SHELL;
		bool pty_opt = false, raw_opt = false;
		const char *p = dest + 5;
		while (p < colon && *p == ',') {
			const char *q = p + 1;
			while (q < colon && *q != ',')
				q++;
			size_t n = (size_t)(q - (p + 1));
			if (n == 2 && strncmp(p + 1, "v2", 2) == 0)
				svc->kind = ADB_SERVICE_SHELL_V2;
			else if (n == 3 && strncmp(p + 1, "raw", 3) == 0)
				raw_opt = true;
			else if (n == 3 && strncmp(p + 1, "pty", 3) == 0)
				pty_opt = true;
			/* TERM=... and unknown options are ignored, as adbd does */
			p = q;
		}
		svc->command = colon + 1;
		/* adbd's default: a pty for an interactive shell, raw for a command */
		svc->pty = pty_opt || (!raw_opt && svc->command[0] == '\0');
		return TD_OK;
	}
	if (strncmp(dest, "exec:", 5) == 0 && len >= 5) {
		svc->kind = ADB_SERVICE_EXEC;
		svc->command = dest + 5;
		return TD_OK;
	}
	if (len >= 5 && strncmp(dest, "sync:", 5) == 0) {
		svc->kind = ADB_SERVICE_SYNC;
		svc->command = dest + 5;
		return TD_OK;
	}
	return td_error(TD_ERR_UNSUPPORTED, "adb OPEN: unsupported service '%.*s'",
			(int)(len > 64 ? 64 : len), dest);
}

/* ----- sync protocol ----- */

static const char *const sync_ids[] = { "STAT", "STA2", "LST2", "LIST", "SEND", "RECV", "DATA", "DONE", "QUIT" };

int adb_sync_parse(const uint8_t *buf, size_t len, struct adb_sync_request *req, size_t *used)
{
	*used = 0;
	if (len < 8)
		return TD_OK;
	memcpy(req->id, buf, 4);
	req->id[4] = '\0';
	bool known = false;
	for (size_t i = 0; i < sizeof sync_ids / sizeof sync_ids[0]; i++)
		if (memcmp(req->id, sync_ids[i], 4) == 0)
			known = true;
	if (!known) {
		for (int i = 0; i < 4; i++)
			if (req->id[i] < 0x20 || req->id[i] > 0x7e)
				req->id[i] = '?';
		return td_error(TD_ERR_PROTOCOL, "sync: unknown request '%s'", req->id);
	}
	req->arg = adb_get_le32(buf + 4);
	req->data = buf + 8;
	req->data_len = 0;
	if (strcmp(req->id, "DONE") == 0 || strcmp(req->id, "QUIT") == 0) {
		*used = 8;
		return TD_OK;
	}
	size_t max = strcmp(req->id, "DATA") == 0 ? ADB_SYNC_DATA_MAX : ADB_SYNC_PATH_MAX;
	if (req->arg > max)
		return td_error(TD_ERR_PROTOCOL, "sync: %s of %u bytes over the limit %zu", req->id, req->arg, max);
	if (len - 8 < req->arg)
		return TD_OK;
	req->data_len = req->arg;
	*used = 8 + (size_t)req->arg;
	return TD_OK;
}

/* ----- the device ----- */

static int simdev_shell(void *ctx, const char *cmd, struct strbuf *out, struct strbuf *err, int *code)
{
	return sim_shell(ctx, cmd, out, err, code);
}

static int simdev_shell_input(void *ctx, const char *cmd, const struct strbuf *in, struct strbuf *out,
			      struct strbuf *err, int *code)
{
	return sim_shell_input(ctx, cmd, in, out, err, code);
}

static int simdev_read(void *ctx, const char *path, struct strbuf *out)
{
	return sim_file_read(ctx, path, out);
}

static int simdev_write(void *ctx, const char *path, const void *data, size_t len, unsigned mode)
{
	return sim_file_write(ctx, path, data, len, mode);
}

static int simdev_stat(void *ctx, const char *path, struct sim_file_stat *st)
{
	return sim_file_stat(ctx, path, st);
}

static int simdev_list(void *ctx, const char *path,
		       void (*fn)(void *fctx, const char *name, const struct sim_file_stat *st), void *fctx)
{
	return sim_file_list(ctx, path, fn, fctx);
}

void adbd_device_from_sim(struct sim *s, struct adbd_device *dev)
{
	memset(dev, 0, sizeof *dev);
	dev->ctx = s;
	dev->shell = simdev_shell;
	dev->shell_input = simdev_shell_input;
	dev->file_read = simdev_read;
	dev->file_write = simdev_write;
	dev->file_stat = simdev_stat;
	dev->file_list = simdev_list;
	dev->features = sim_features();
	dev->product = sim_model();
	dev->model = sim_model();
	dev->device_name = sim_model();
}

/* Features adbd itself implements, always announced. */
static const char *const own_features[] = { "shell_v2", "stat_v2", "fixed_push_mkdir" };
/* Features that depend on the device's commands, announced when it claims them. */
static const char *const device_features[] = { "cmd", "fixed_push_symlink_timestamp" };

static bool list_has(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

/* A banner-safe copy of a property value (no ';' '=' or controls). */
static void add_prop(struct strbuf *sb, const char *key, const char *val)
{
	(void)strbuf_addf(sb, "%s=", key);
	for (const char *p = val && *val ? val : "trident_sim"; *p; p++)
		(void)strbuf_addch(sb, (*p == ';' || *p == '=' || (unsigned char)*p < 0x20) ? '_' : *p);
	(void)strbuf_addch(sb, ';');
}

char *adbd_banner(const struct adbd_device *dev)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_adds(&sb, "device::");
	add_prop(&sb, "ro.product.name", dev->product);
	add_prop(&sb, "ro.product.model", dev->model);
	add_prop(&sb, "ro.product.device", dev->device_name);
	(void)strbuf_adds(&sb, "features=");
	bool first = true;
	for (size_t i = 0; i < sizeof own_features / sizeof own_features[0]; i++) {
		(void)strbuf_addf(&sb, "%s%s", first ? "" : ",", own_features[i]);
		first = false;
	}
	for (size_t i = 0; i < sizeof device_features / sizeof device_features[0]; i++)
		if (list_has(dev->features, device_features[i]))
			(void)strbuf_addf(&sb, ",%s", device_features[i]);
	return strbuf_detach(&sb, NULL);
}

/* ----- server state ----- */

struct conn;

/*
 * A thread on a list its owner reaps: a connection's streams (under
 * conn->lock) and the server's connections (under adbd->lock). Embedded as
 * the first member, so a stream or conn is found back from its worker.
 */
struct worker {
	struct worker *next;
	pthread_t thread;
	bool finished;            /* the thread is done: join and free it */
};

struct stream {
	struct worker w;          /* on conn->streams */
	struct conn *c;
	uint32_t local, remote;
	char *dest;               /* owned copy of the OPEN destination */
	struct adb_service svc;   /* command points into dest */
	bool ack_by_worker;       /* sync / interactive: OKAY after consuming */
	bool can_write;           /* peer OKAYed our last WRTE */
	bool peer_closed;         /* peer sent CLSE */
	bool ack_pending;         /* a WRTE of the peer awaits our OKAY */
	struct strbuf in;         /* peer's bytes not yet consumed */
	long stdin_size;          /* exec: bytes of stdin the command reads first, or -1 */
};

struct conn {
	struct worker w;          /* on adbd->conns; finished when the reader ends */
	struct adbd *d;
	int fd;
	pthread_mutex_t lock, wlock;
	pthread_cond_t cond;
	bool dead, connected;
	uint32_t version, max_payload;
	uint32_t next_id;
	int n_streams;
	struct worker *streams;   /* struct stream */
};

struct adbd {
	struct adbd_device dev;
	char *banner;
	int listen_fd, port;
	int stop_pipe[2];
	int max_clients;
	size_t max_file;
	pthread_mutex_t lock;
	struct worker *conns;     /* struct conn */
	int n_conns;
};

/* Put a started worker on its list (the caller holds the list's lock). */
static void worker_push(struct worker **list, int *count, struct worker *w)
{
	w->next = *list;
	*list = w;
	(*count)++;
}

/*
 * Unlink the first worker of `list` that finished (any, when `all`) under
 * `lock`, and join its thread; NULL when there is none. The caller frees it.
 */
static struct worker *worker_reap_one(pthread_mutex_t *lock, struct worker **list, int *count, bool all)
{
	struct worker *victim = NULL;
	pthread_mutex_lock(lock);
	for (struct worker **pp = list; *pp; pp = &(*pp)->next) {
		if ((*pp)->finished || all) {
			victim = *pp;
			*pp = victim->next;
			(*count)--;
			break;
		}
	}
	pthread_mutex_unlock(lock);
	if (victim)
		pthread_join(victim->thread, NULL);
	return victim;
}

/* Write all of buf (whole packets only: callers hold wlock). */
static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return TD_ERR_IO;
		p += n;
		len -= (size_t)n;
	}
	return TD_OK;
}

/* Read exactly len bytes; TD_ERR_CLOSED at EOF. */
static int read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	while (len > 0) {
		ssize_t n = recv(fd, p, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0)
			return TD_ERR_CLOSED;
		if (n < 0)
			return TD_ERR_IO;
		p += n;
		len -= (size_t)n;
	}
	return TD_OK;
}

/*
 * Send one packet on the connection (takes wlock). Like adbd, the payload's
 * checksum is left 0 once the peer speaks a version that skips it (Android
 * 9's 0x01000001 and later): a sum over every byte of each 10 MB screen.
 */
static int conn_send(struct conn *c, uint32_t cmd, uint32_t a0, uint32_t a1, const void *data, size_t len)
{
	struct strbuf pkt = STRBUF_INIT;
	pthread_mutex_lock(&c->lock);
	bool with_sum = c->version < ADB_VERSION_SKIP_CHECKSUM;
	pthread_mutex_unlock(&c->lock);
	int err = encode_packet(&pkt, with_sum, cmd, a0, a1, data, len);
	if (!err) {
		pthread_mutex_lock(&c->wlock);
		err = write_all(c->fd, pkt.buf, pkt.len);
		pthread_mutex_unlock(&c->wlock);
	}
	strbuf_release(&pkt);
	if (err) {
		pthread_mutex_lock(&c->lock);
		c->dead = true;
		pthread_cond_broadcast(&c->cond);
		pthread_mutex_unlock(&c->lock);
		shutdown(c->fd, SHUT_RDWR);
	}
	return err;
}

/*
 * Send bytes on a stream: WRTE packets of at most max_payload, each after
 * the peer's OKAY for the previous one. TD_ERR_CLOSED when the peer closed
 * the stream or the connection died.
 */
static int stream_write(struct stream *st, const void *data, size_t len)
{
	struct conn *c = st->c;
	const char *p = data;
	while (len > 0) {
		pthread_mutex_lock(&c->lock);
		while (!st->can_write && !st->peer_closed && !c->dead)
			pthread_cond_wait(&c->cond, &c->lock);
		bool closed = st->peer_closed || c->dead;
		if (!closed)
			st->can_write = false;
		size_t chunk = len < c->max_payload ? len : c->max_payload;
		pthread_mutex_unlock(&c->lock);
		if (closed)
			return TD_ERR_CLOSED;
		int err = conn_send(c, ADB_CMD_WRTE, st->local, st->remote, p, chunk);
		if (err)
			return err;
		p += chunk;
		len -= chunk;
	}
	return TD_OK;
}

/* Wait until the last WRTE was acknowledged (or the stream ended), at most ms. */
static void stream_drain(struct stream *st, int ms)
{
	struct conn *c = st->c;
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&c->lock);
	while (!st->can_write && !st->peer_closed && !c->dead)
		if (pthread_cond_timedwait(&c->cond, &c->lock, &until) == ETIMEDOUT)
			break;
	pthread_mutex_unlock(&c->lock);
}

/*
 * Take the peer's pending input (for ack_by_worker streams), acknowledging
 * it. Waits for input when `wait`. TD_ERR_CLOSED at the stream's end.
 */
static int stream_take_input(struct stream *st, struct strbuf *into, bool wait)
{
	struct conn *c = st->c;
	pthread_mutex_lock(&c->lock);
	while (wait && st->in.len == 0 && !st->peer_closed && !c->dead)
		pthread_cond_wait(&c->cond, &c->lock);
	bool closed = c->dead || (st->peer_closed && st->in.len == 0);
	int err = TD_OK;
	if (st->in.len)
		err = strbuf_add(into, st->in.buf, st->in.len);
	strbuf_reset(&st->in);
	bool ack = st->ack_pending && !closed && !st->peer_closed;
	st->ack_pending = false;
	pthread_mutex_unlock(&c->lock);
	if (err)
		return td_error(TD_ERR_PROTOCOL, "stream input over its limit");
	if (ack && conn_send(c, ADB_CMD_OKAY, st->local, st->remote, NULL, 0))
		return TD_ERR_CLOSED;
	return closed ? TD_ERR_CLOSED : TD_OK;
}

/* Replace "\n" by "\r\n", as output through a pty reads. */
static void to_crlf(struct strbuf *sb)
{
	struct strbuf t = STRBUF_INIT;
	for (size_t i = 0; i < sb->len; i++) {
		if (sb->buf[i] == '\n' && (i == 0 || sb->buf[i - 1] != '\r'))
			(void)strbuf_addch(&t, '\r');
		(void)strbuf_addch(&t, sb->buf[i]);
	}
	strbuf_release(sb);
	*sb = t;
}

/* The negotiated maximum payload. */
static size_t conn_max_payload(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	size_t max = c->max_payload;
	pthread_mutex_unlock(&c->lock);
	return max;
}

/* Send a buffer as shell-protocol packets of one id, each within one WRTE. */
static int shell_send(struct stream *st, int id, const char *data, size_t len)
{
	size_t max = conn_max_payload(st->c) - ADB_SHELL_HEADER;
	do {
		size_t n = len < max ? len : max;
		struct strbuf pkt = STRBUF_INIT;
		int err = adb_shell_encode(&pkt, id, data, n);
		if (!err)
			err = stream_write(st, pkt.buf, pkt.len);
		strbuf_release(&pkt);
		if (err)
			return err;
		data += n;
		len -= n;
	} while (len > 0);
	return TD_OK;
}

/*
 * How many bytes of stdin an exec: command reads before it answers: adb
 * streams an APK to `exec:cmd package 'install' -S SIZE` (and `pm install
 * -S SIZE`, `install-write -S SIZE SESSION NAME -` for install-multiple)
 * and only then reads the answer. -1 for every other command.
 */
long adbd_exec_stdin_size(const char *cmd)
{
	char word[64];
	bool is_cmd = false, pm = false, install = false, after_S = false;
	long size = -1;
	for (int n = 0; *cmd; n++) {
		while (*cmd == ' ' || *cmd == '\t')
			cmd++;
		if (!*cmd)
			break;
		size_t k = 0;
		for (; *cmd && *cmd != ' ' && *cmd != '\t'; cmd++)
			if (*cmd != '\'' && *cmd != '"' && k + 1 < sizeof word)
				word[k++] = *cmd;
		word[k] = '\0';
		if (n == 0) {
			is_cmd = !strcmp(word, "cmd");
			pm = !strcmp(word, "pm");
		} else if (n == 1 && is_cmd) {
			pm = !strcmp(word, "package");
		} else if (!strcmp(word, "install") || !strcmp(word, "install-write")) {
			install = true;
		}
		if (after_S) {
			char *end;
			long v = strtol(word, &end, 10);
			if (word[0] && !*end && v >= 0)
				size = v;
		}
		after_S = !strcmp(word, "-S");
	}
	return pm && install ? size : -1;
}

/* Run one command on the device (with stdin when `in` is not NULL). */
static void run_command(struct stream *st, const char *cmd, const struct strbuf *in, struct strbuf *out,
			struct strbuf *err, int *code)
{
	struct adbd_device *dev = &st->c->d->dev;
	*code = 0;
	int e = in && dev->shell_input ? dev->shell_input(dev->ctx, cmd, in, out, err, code)
				       : dev->shell(dev->ctx, cmd, out, err, code);
	if (e) {
		(void)strbuf_addf(err, "%s\n", td_errmsg(e));
		if (*code == 0)
			*code = 1;
	}
}

/* A command's output, on a shell_v2 stream or a raw one. */
static int send_output(struct stream *st, struct strbuf *out, struct strbuf *err, int code)
{
	bool v2 = st->svc.kind == ADB_SERVICE_SHELL_V2;
	if (st->svc.pty) {
		to_crlf(out);
		to_crlf(err);
		/* a terminal has one output stream */
		(void)strbuf_add(out, err->buf, err->len);
		strbuf_reset(err);
	}
	int e = TD_OK;
	if (v2) {
		if (out->len)
			e = shell_send(st, ADB_SHELL_STDOUT, out->buf, out->len);
		if (!e && err->len)
			e = shell_send(st, ADB_SHELL_STDERR, err->buf, err->len);
		if (!e) {
			char b = (char)(code & 0xff);
			e = shell_send(st, ADB_SHELL_EXIT, &b, 1);
		}
	} else {
		if (out->len)
			e = stream_write(st, out->buf, out->len);
		if (!e && err->len)
			e = stream_write(st, err->buf, err->len);
	}
	return e;
}

/* Bytes the user typed (shell_v2: stdin packets; legacy: raw). */
static int interactive_input(struct stream *st, struct strbuf *pending, struct strbuf *typed, bool *eof)
{
	int err = stream_take_input(st, pending, true);
	if (err == TD_ERR_CLOSED) {
		*eof = true;
		return TD_OK;
	}
	if (err)
		return err;
	if (st->svc.kind != ADB_SERVICE_SHELL_V2) {
		(void)strbuf_add(typed, pending->buf, pending->len);
		strbuf_reset(pending);
		return TD_OK;
	}
	size_t off = 0;
	for (;;) {
		int id;
		const uint8_t *data;
		size_t n, used;
		err = adb_shell_parse((const uint8_t *)pending->buf + off, pending->len - off, MAX_LINE * 4,
				      &id, &data, &n, &used);
		if (err)
			return err;
		if (!used)
			break;
		if (id == ADB_SHELL_STDIN)
			(void)strbuf_add(typed, data, n);
		else if (id == ADB_SHELL_CLOSE_STDIN)
			*eof = true;
		off += used;
	}
	struct strbuf rest = STRBUF_INIT;
	(void)strbuf_add(&rest, pending->buf + off, pending->len - off);
	strbuf_release(pending);
	*pending = rest;
	return TD_OK;
}

/* Send terminal output for an interactive shell. */
static int term_write(struct stream *st, const char *s, size_t len)
{
	if (!len)
		return TD_OK;
	if (st->svc.kind == ADB_SERVICE_SHELL_V2)
		return shell_send(st, ADB_SHELL_STDOUT, s, len);
	return stream_write(st, s, len);
}

/* Run one typed line and send its output; "exit" asks to quit. */
static int interactive_line(struct stream *st, struct strbuf *line, int *last, bool *quit)
{
	bool tty = st->svc.pty;
	if (strcmp(line->buf, "exit") == 0) {
		*quit = true;
		return TD_OK;
	}
	int err = TD_OK;
	if (line->len) {
		struct strbuf out = STRBUF_INIT, e2 = STRBUF_INIT;
		run_command(st, line->buf, NULL, &out, &e2, last);
		if (tty) {
			to_crlf(&out);
			to_crlf(&e2);
		}
		err = term_write(st, out.buf, out.len);
		if (!err && e2.len) {
			if (!tty && st->svc.kind == ADB_SERVICE_SHELL_V2)
				err = shell_send(st, ADB_SHELL_STDERR, e2.buf, e2.len);
			else
				err = term_write(st, e2.buf, e2.len);
		}
		strbuf_release(&out);
		strbuf_release(&e2);
	}
	strbuf_reset(line);
	if (!err && tty)
		err = term_write(st, SHELL_PROMPT, strlen(SHELL_PROMPT));
	return err;
}

/*
 * `adb shell` without a command. Through a pty (a terminal on the user's
 * side): a prompt, echo and line editing. Without one (stdin piped in):
 * lines are run silently, as `sh` reading a script; the exit status is the
 * last command's.
 */
static int serve_interactive(struct stream *st)
{
	struct strbuf pending = STRBUF_INIT, typed = STRBUF_INIT, line = STRBUF_INIT;
	bool tty = st->svc.pty;
	int last = 0, err = tty ? term_write(st, SHELL_PROMPT, strlen(SHELL_PROMPT)) : TD_OK;
	bool eof = false, quit = false;
	while (!err && !quit && !eof) {
		strbuf_reset(&typed);
		err = interactive_input(st, &pending, &typed, &eof);
		for (size_t i = 0; !err && !quit && i < typed.len; i++) {
			char ch = typed.buf[i];
			if (ch == '\r' || ch == '\n') {
				if (ch == '\n' && i > 0 && typed.buf[i - 1] == '\r')
					continue;
				if (tty)
					err = term_write(st, "\r\n", 2);
				if (!err)
					err = interactive_line(st, &line, &last, &quit);
			} else if (tty && (ch == 0x7f || ch == '\b')) {
				if (line.len) {
					size_t n = line.len - 1;
					while (n > 0 && ((unsigned char)line.buf[n] & 0xC0) == 0x80)
						n--;
					strbuf_setlen(&line, n);
					err = term_write(st, "\b \b", 3);
				}
			} else if (tty && ch == 0x04 && line.len == 0) {
				quit = true;
			} else if (tty && ch == 0x03) {
				strbuf_reset(&line);
				err = term_write(st, "^C\r\n" SHELL_PROMPT, 4 + strlen(SHELL_PROMPT));
			} else if ((unsigned char)ch >= 0x20 || ch == '\t') {
				if (line.len < MAX_LINE) {
					(void)strbuf_addch(&line, ch);
					if (tty)
						err = term_write(st, &ch, 1);
				}
			}
		}
	}
	/* a last line without a newline before end of input */
	if (!err && !quit && line.len)
		err = interactive_line(st, &line, &last, &quit);
	if (!err && st->svc.kind == ADB_SERVICE_SHELL_V2) {
		char b = (char)last;
		err = shell_send(st, ADB_SHELL_EXIT, &b, 1);
	}
	strbuf_release(&pending);
	strbuf_release(&typed);
	strbuf_release(&line);
	return err == TD_ERR_CLOSED ? TD_OK : err;
}

/* ----- sync service ----- */

struct sync_ctx {
	struct stream *st;
	struct strbuf reply;
	bool in_send;
	char *send_path;
	unsigned send_mode;
	struct strbuf send_data;
	bool send_failed;
};

/* Flush the batched replies. */
static int sync_flush(struct sync_ctx *s)
{
	if (!s->reply.len)
		return TD_OK;
	int err = stream_write(s->st, s->reply.buf, s->reply.len);
	strbuf_reset(&s->reply);
	return err;
}

static void sync_add_u32(struct strbuf *sb, uint32_t v)
{
	uint8_t b[4];
	adb_put_le32(b, v);
	(void)strbuf_add(sb, b, 4);
}

static int sync_fail(struct sync_ctx *s, const char *msg)
{
	(void)strbuf_add(&s->reply, "FAIL", 4);
	sync_add_u32(&s->reply, (uint32_t)strlen(msg));
	(void)strbuf_adds(&s->reply, msg);
	return sync_flush(s);
}

/* Copy a request path into a C string; NULL when it holds a NUL. */
static char *sync_path(const struct adb_sync_request *r)
{
	if (memchr(r->data, '\0', r->data_len))
		return NULL;
	return xstrndup((const char *)r->data, r->data_len);
}

static void sync_stat(struct sync_ctx *s, const struct adb_sync_request *r, const char *path)
{
	struct adbd_device *dev = &s->st->c->d->dev;
	struct sim_file_stat st = { 0, 0, 0 };
	int err = dev->file_stat(dev->ctx, path, &st);
	if (err)
		memset(&st, 0, sizeof st);
	if (strcmp(r->id, "STAT") == 0) {
		(void)strbuf_add(&s->reply, "STAT", 4);
		sync_add_u32(&s->reply, st.mode);
		sync_add_u32(&s->reply, (uint32_t)(st.size > UINT32_MAX ? UINT32_MAX : st.size));
		sync_add_u32(&s->reply, (uint32_t)st.mtime);
		return;
	}
	/* stat_v2: id, error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime */
	uint8_t b[72];
	memset(b, 0, sizeof b);
	memcpy(b, r->id, 4);
	if (st.mode == 0) {
		adb_put_le32(b + 4, ENOENT);
	} else {
		uint64_t ino = 1469598103934665603ull;
		for (const char *p = path; *p; p++)
			ino = (ino ^ (unsigned char)*p) * 1099511628211ull;
		adb_put_le64(b + 8, 0xfd00);
		adb_put_le64(b + 16, ino & 0xffffffffull);
		adb_put_le32(b + 24, st.mode);
		adb_put_le32(b + 28, S_ISDIR(st.mode) ? 2 : 1);
		adb_put_le32(b + 32, 1000);
		adb_put_le32(b + 36, 1000);
		adb_put_le64(b + 40, st.size);
		adb_put_le64(b + 48, (uint64_t)st.mtime);
		adb_put_le64(b + 56, (uint64_t)st.mtime);
		adb_put_le64(b + 64, (uint64_t)st.mtime);
	}
	(void)strbuf_add(&s->reply, b, sizeof b);
}

static void sync_list_entry(void *ctx, const char *name, const struct sim_file_stat *st)
{
	struct sync_ctx *s = ctx;
	size_t n = strlen(name);
	if (n > ADB_SYNC_PATH_MAX)
		return;
	(void)strbuf_add(&s->reply, "DENT", 4);
	sync_add_u32(&s->reply, st->mode);
	sync_add_u32(&s->reply, (uint32_t)(st->size > UINT32_MAX ? UINT32_MAX : st->size));
	sync_add_u32(&s->reply, (uint32_t)st->mtime);
	sync_add_u32(&s->reply, (uint32_t)n);
	(void)strbuf_add(&s->reply, name, n);
}

static void sync_list(struct sync_ctx *s, const char *path)
{
	struct adbd_device *dev = &s->st->c->d->dev;
	(void)dev->file_list(dev->ctx, path, sync_list_entry, s);
	(void)strbuf_add(&s->reply, "DONE", 4);
	for (int i = 0; i < 4; i++)
		sync_add_u32(&s->reply, 0);
}

/* RECV: the file in DATA chunks, then DONE. */
static int sync_recv(struct sync_ctx *s, const char *path)
{
	struct adbd_device *dev = &s->st->c->d->dev;
	struct strbuf data;
	strbuf_init(&data, s->st->c->d->max_file);
	int err = dev->file_read(dev->ctx, path, &data);
	if (err) {
		char msg[1200];
		snprintf(msg, sizeof msg, "%s", err == TD_ERR_NOT_FOUND ? "No such file or directory" : td_errmsg(err));
		strbuf_release(&data);
		return sync_fail(s, msg);
	}
	size_t batch = conn_max_payload(s->st->c);
	for (size_t off = 0; off < data.len;) {
		size_t n = data.len - off < ADB_SYNC_DATA_MAX ? data.len - off : ADB_SYNC_DATA_MAX;
		(void)strbuf_add(&s->reply, "DATA", 4);
		sync_add_u32(&s->reply, (uint32_t)n);
		(void)strbuf_add(&s->reply, data.buf + off, n);
		off += n;
		if (s->reply.len + ADB_SYNC_DATA_MAX + 8 > batch * 4) {
			err = sync_flush(s);
			if (err)
				break;
		}
	}
	strbuf_release(&data);
	if (err)
		return err;
	(void)strbuf_add(&s->reply, "DONE", 4);
	sync_add_u32(&s->reply, 0);
	return TD_OK;
}

/* SEND "path,mode": remember where the DATA goes. */
static int sync_send_start(struct sync_ctx *s, const struct adb_sync_request *r)
{
	char *spec = sync_path(r);
	if (!spec)
		return sync_fail(s, "bad path");
	char *comma = strrchr(spec, ',');
	unsigned mode = 0644;
	if (comma) {
		char *end;
		unsigned long m = strtoul(comma + 1, &end, 10);
		if (*end == '\0' && comma[1] != '\0')
			mode = (unsigned)m;
		*comma = '\0';
	}
	if ((mode & S_IFMT) == 0)
		mode |= S_IFREG;
	log_debug("sync SEND %.200s (mode %o)", spec, mode);
	free(s->send_path);
	s->send_path = spec;
	s->send_mode = mode;
	s->in_send = true;
	s->send_failed = false;
	strbuf_release(&s->send_data);
	strbuf_init(&s->send_data, s->st->c->d->max_file);
	return TD_OK;
}

/* One request. *quit at QUIT or after a failure that ends the service. */
static int sync_request(struct sync_ctx *s, const struct adb_sync_request *r, bool *quit)
{
	struct adbd_device *dev = &s->st->c->d->dev;
	if (s->in_send) {
		if (strcmp(r->id, "DATA") == 0) {
			if (!s->send_failed && strbuf_add(&s->send_data, r->data, r->data_len)) {
				s->send_failed = true;
				strbuf_release(&s->send_data);
			}
			return TD_OK;
		}
		if (strcmp(r->id, "DONE") != 0) {
			*quit = true;
			return sync_fail(s, "expected DATA or DONE");
		}
		s->in_send = false;
		if (s->send_failed)
			return sync_fail(s, "file too large");
		int err = dev->file_write(dev->ctx, s->send_path, s->send_data.buf, s->send_data.len, s->send_mode);
		strbuf_release(&s->send_data);
		if (err)
			return sync_fail(s, td_errmsg(err));
		(void)strbuf_add(&s->reply, "OKAY", 4);
		sync_add_u32(&s->reply, 0);
		return TD_OK;
	}
	if (strcmp(r->id, "QUIT") == 0) {
		*quit = true;
		return TD_OK;
	}
	if (strcmp(r->id, "SEND") == 0)
		return sync_send_start(s, r);
	if (strcmp(r->id, "DATA") == 0 || strcmp(r->id, "DONE") == 0) {
		*quit = true;
		return sync_fail(s, "DATA/DONE outside SEND");
	}
	char *path = sync_path(r);
	if (!path) {
		*quit = true;
		return sync_fail(s, "bad path");
	}
	log_debug("sync %s %.200s", r->id, path);
	int err = TD_OK;
	if (strcmp(r->id, "LIST") == 0)
		sync_list(s, path);
	else if (strcmp(r->id, "RECV") == 0)
		err = sync_recv(s, path);
	else
		sync_stat(s, r, path);
	free(path);
	return err;
}

static int serve_sync(struct stream *st)
{
	struct sync_ctx s = { .st = st, .reply = STRBUF_INIT, .send_data = STRBUF_INIT };
	struct strbuf buf = STRBUF_INIT;
	bool quit = false;
	int err = TD_OK;
	while (!quit && !err) {
		/* what is left in buf is an incomplete request: wait for more */
		err = stream_take_input(st, &buf, true);
		if (err == TD_ERR_CLOSED) {
			err = TD_OK;
			break;
		}
		size_t off = 0;
		while (!err && !quit) {
			struct adb_sync_request r;
			size_t used;
			err = adb_sync_parse((const uint8_t *)buf.buf + off, buf.len - off, &r, &used);
			if (err) {
				log_warn("sync: %s", td_errmsg(err));
				(void)sync_fail(&s, td_errmsg(err));
				break;
			}
			if (!used)
				break;
			err = sync_request(&s, &r, &quit);
			off += used;
			if (!err && s.reply.len > conn_max_payload(st->c))
				err = sync_flush(&s);
		}
		if (!err)
			err = sync_flush(&s);
		struct strbuf rest = STRBUF_INIT;
		(void)strbuf_add(&rest, buf.buf + off, buf.len - off);
		strbuf_release(&buf);
		buf = rest;
	}
	strbuf_release(&buf);
	strbuf_release(&s.reply);
	strbuf_release(&s.send_data);
	free(s.send_path);
	return err == TD_ERR_CLOSED ? TD_OK : err;
}

/* ----- stream worker ----- */

static void *stream_main(void *arg)
{
	struct stream *st = arg;
	struct conn *c = st->c;
	log_set_thread_name("adbd-stream");
	int err = TD_OK;
	if (st->svc.kind == ADB_SERVICE_SYNC) {
		err = serve_sync(st);
	} else if (st->svc.command[0] == '\0' && st->svc.kind != ADB_SERVICE_EXEC) {
		err = serve_interactive(st);
	} else {
		struct strbuf out = STRBUF_INIT, e = STRBUF_INIT;
		int code = 0;
		/* Without the shell protocol (legacy shell:, exec:) or through a pty,
		 * adbd gives the command one fd for stdout and stderr: the peer sees
		 * them in the order they were written. */
		bool one_fd = st->svc.kind != ADB_SERVICE_SHELL_V2 || st->svc.pty;
		struct strbuf in = STRBUF_INIT;
		if (st->stdin_size >= 0) {
			strbuf_init(&in, (size_t)st->stdin_size + 1);
			while (!err && in.len < (size_t)st->stdin_size)
				err = stream_take_input(st, &in, true);
			if (err == TD_ERR_CLOSED && in.len)
				err = TD_OK; /* short input: the command says so */
		}
		if (!err)
			run_command(st, st->svc.command, st->stdin_size >= 0 ? &in : NULL, &out,
				    one_fd ? &out : &e, &code);
		if (!err)
			err = send_output(st, &out, &e, code);
		strbuf_release(&in);
		strbuf_release(&out);
		strbuf_release(&e);
	}
	if (err && err != TD_ERR_CLOSED)
		log_debug("stream %u (%s): %s", st->local, st->dest, td_errmsg(err));
	stream_drain(st, 5000);
	pthread_mutex_lock(&c->lock);
	bool send_close = !st->peer_closed && !c->dead;
	pthread_mutex_unlock(&c->lock);
	if (send_close)
		(void)conn_send(c, ADB_CMD_CLSE, st->local, st->remote, NULL, 0);
	pthread_mutex_lock(&c->lock);
	st->w.finished = true;
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

static void stream_free(struct stream *st)
{
	strbuf_release(&st->in);
	free(st->dest);
	free(st);
}

/* Join and free the streams whose workers finished (all of them when `all`). */
static void reap_streams(struct conn *c, bool all)
{
	struct worker *w;
	while ((w = worker_reap_one(&c->lock, &c->streams, &c->n_streams, all)))
		stream_free((struct stream *)w);
}

static struct stream *find_stream(struct conn *c, uint32_t local)
{
	for (struct worker *w = c->streams; w; w = w->next) {
		struct stream *st = (struct stream *)w;
		if (st->local == local && !w->finished)
			return st;
	}
	return NULL;
}

/* OPEN: start a service, or refuse with CLSE. */
static void handle_open(struct conn *c, const struct adb_packet *p)
{
	if (p->arg0 == 0)
		return;
	if (p->data_length == 0 || p->data_length > MAX_DEST_LEN) {
		(void)conn_send(c, ADB_CMD_CLSE, 0, p->arg0, NULL, 0);
		return;
	}
	struct stream *st = xcalloc(1, sizeof *st);
	st->dest = xmalloc(p->data_length + 1);
	memcpy(st->dest, p->data, p->data_length);
	st->dest[p->data_length] = '\0';
	int perr = adb_service_parse(st->dest, p->data_length, &st->svc);

	if (perr != TD_OK || c->n_streams >= MAX_STREAMS_PER_CONN) {
		log_info("refused OPEN '%.80s': %s", st->dest,
			 c->n_streams >= MAX_STREAMS_PER_CONN ? "too many streams" : td_errmsg(perr));
		stream_free(st);
		(void)conn_send(c, ADB_CMD_CLSE, 0, p->arg0, NULL, 0);
		return;
	}
	log_debug("OPEN %.200s", st->dest);
	st->c = c;
	st->remote = p->arg0;
	st->can_write = true;
	st->stdin_size = st->svc.kind == ADB_SERVICE_EXEC ? adbd_exec_stdin_size(st->svc.command) : -1;
	if (st->stdin_size > (long)c->d->max_file) {
		log_info("refused OPEN '%.80s': %ld bytes of stdin over the %zu-byte cap", st->dest,
			 st->stdin_size, c->d->max_file);
		stream_free(st);
		(void)conn_send(c, ADB_CMD_CLSE, 0, p->arg0, NULL, 0);
		return;
	}
	st->ack_by_worker = st->svc.kind == ADB_SERVICE_SYNC || st->stdin_size >= 0 ||
			    (st->svc.command[0] == '\0' && st->svc.kind != ADB_SERVICE_EXEC);
	strbuf_init(&st->in, 4 * (size_t)c->max_payload + 64);
	pthread_mutex_lock(&c->lock);
	st->local = c->next_id++;
	if (c->next_id == 0)
		c->next_id = 1;
	pthread_mutex_unlock(&c->lock);
	if (conn_send(c, ADB_CMD_OKAY, st->local, st->remote, NULL, 0)) {
		stream_free(st);
		return;
	}
	pthread_mutex_lock(&c->lock);
	if (pthread_create(&st->w.thread, NULL, stream_main, st) != 0) {
		pthread_mutex_unlock(&c->lock);
		stream_free(st);
		(void)conn_send(c, ADB_CMD_CLSE, 0, p->arg0, NULL, 0);
		return;
	}
	worker_push(&c->streams, &c->n_streams, &st->w);
	pthread_mutex_unlock(&c->lock);
}

/* WRTE from the peer: queue the data; acknowledge now unless the worker will. */
static int handle_write(struct conn *c, const struct adb_packet *p)
{
	pthread_mutex_lock(&c->lock);
	struct stream *st = find_stream(c, p->arg1);
	if (!st || st->remote != p->arg0 || st->peer_closed) {
		pthread_mutex_unlock(&c->lock);
		return TD_OK;
	}
	bool ack_now = !st->ack_by_worker;
	int err = TD_OK;
	if (!ack_now) {
		err = strbuf_add(&st->in, p->data, p->data_length);
		st->ack_pending = true;
		pthread_cond_broadcast(&c->cond);
	}
	uint32_t local = st->local, remote = st->remote;
	pthread_mutex_unlock(&c->lock);
	if (err)
		return td_error(TD_ERR_PROTOCOL, "peer ignored flow control on stream %u", local);
	if (ack_now)
		return conn_send(c, ADB_CMD_OKAY, local, remote, NULL, 0);
	return TD_OK;
}

/* OKAY or CLSE from the peer. */
static void handle_ready_or_close(struct conn *c, const struct adb_packet *p)
{
	pthread_mutex_lock(&c->lock);
	struct stream *st = find_stream(c, p->arg1);
	if (st && (p->arg0 == st->remote || (p->command == ADB_CMD_CLSE && p->arg0 == 0))) {
		if (p->command == ADB_CMD_OKAY)
			st->can_write = true;
		else
			st->peer_closed = true;
		pthread_cond_broadcast(&c->cond);
	}
	pthread_mutex_unlock(&c->lock);
}

/* CNXN: negotiate and answer with our banner. */
static int handle_connect(struct conn *c, const struct adb_packet *p)
{
	if (p->arg0 < ADB_VERSION_MIN)
		return td_error(TD_ERR_PROTOCOL, "peer speaks adb version 0x%08x, too old", p->arg0);
	if (p->arg1 < 256)
		return td_error(TD_ERR_PROTOCOL, "peer's max payload %u is too small", p->arg1);
	pthread_mutex_lock(&c->lock);
	c->version = p->arg0 < ADB_VERSION ? p->arg0 : ADB_VERSION;
	c->max_payload = p->arg1 < ADB_MAX_PAYLOAD ? p->arg1 : ADB_MAX_PAYLOAD;
	c->connected = true;
	uint32_t version = c->version, max = c->max_payload;
	pthread_mutex_unlock(&c->lock);
	/* connected: an idle adb server may stay silent for hours */
	struct timeval forever = { 0, 0 };
	(void)setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &forever, sizeof forever);
	const char *banner = c->d->banner;
	log_info("client connected (version 0x%08x, max payload %u)", version, max);
	return conn_send(c, ADB_CMD_CNXN, version, max, banner, strlen(banner));
}

static int handle_packet(struct conn *c, const struct adb_packet *p)
{
	if (p->command == ADB_CMD_CNXN)
		return handle_connect(c, p);
	if (!c->connected)
		return TD_OK; /* adbd drops anything before CNXN */
	switch (p->command) {
	case ADB_CMD_OPEN:
		handle_open(c, p);
		return TD_OK;
	case ADB_CMD_WRTE:
		return handle_write(c, p);
	case ADB_CMD_OKAY:
	case ADB_CMD_CLSE:
		handle_ready_or_close(c, p);
		return TD_OK;
	default:
		return TD_OK; /* AUTH, SYNC, STLS: not used over this transport */
	}
}

/* Read and handle packets until the peer goes away or breaks the protocol. */
static void *conn_main(void *arg)
{
	struct conn *c = arg;
	log_set_thread_name("adbd-conn");
	uint8_t *buf = xmalloc(ADB_HEADER_SIZE + ADB_MAX_PAYLOAD);
	int err = TD_OK;
	while (!err) {
		err = read_all(c->fd, buf, ADB_HEADER_SIZE);
		if (err)
			break;
		pthread_mutex_lock(&c->lock);
		uint32_t max = c->connected ? c->max_payload : ADB_MAX_PAYLOAD;
		bool connected = c->connected;
		bool strict = connected && c->version < ADB_VERSION_SKIP_CHECKSUM;
		pthread_mutex_unlock(&c->lock);
		struct adb_packet p;
		size_t used;
		err = adb_packet_parse(buf, ADB_HEADER_SIZE, max, false, &p, &used);
		if (err)
			break;
		if (!used) {
			err = read_all(c->fd, buf + ADB_HEADER_SIZE, p.data_length);
			if (err)
				break;
		}
		/* before CNXN a zero checksum is accepted (newer peers send 0) */
		bool check = strict || (!connected && p.data_check != 0);
		err = adb_packet_parse(buf, ADB_HEADER_SIZE + p.data_length, max, check, &p, &used);
		if (err)
			break;
		err = handle_packet(c, &p);
		reap_streams(c, false);
	}
	if (err == TD_ERR_PROTOCOL)
		log_warn("dropping client: %s", td_errmsg(err));
	else
		log_info("client disconnected");
	free(buf);
	pthread_mutex_lock(&c->lock);
	c->dead = true;
	pthread_cond_broadcast(&c->cond);
	pthread_mutex_unlock(&c->lock);
	shutdown(c->fd, SHUT_RDWR);
	reap_streams(c, true);
	pthread_mutex_lock(&c->d->lock);
	c->w.finished = true;
	pthread_mutex_unlock(&c->d->lock);
	return NULL;
}

static void conn_free(struct conn *c)
{
	close(c->fd);
	pthread_mutex_destroy(&c->lock);
	pthread_mutex_destroy(&c->wlock);
	pthread_cond_destroy(&c->cond);
	free(c);
}

/* Join and free finished connections (all when `all`, after shutting them down). */
static void reap_conns(struct adbd *d, bool all)
{
	if (all) {
		pthread_mutex_lock(&d->lock);
		for (struct worker *w = d->conns; w; w = w->next)
			shutdown(((struct conn *)w)->fd, SHUT_RDWR);
		pthread_mutex_unlock(&d->lock);
	}
	struct worker *w;
	while ((w = worker_reap_one(&d->lock, &d->conns, &d->n_conns, all)))
		conn_free((struct conn *)w);
}

/* A connection record for the connected client on `fd` (owned from now on). */
static struct conn *conn_new(struct adbd *d, int fd)
{
	struct timeval tv = { SEND_TIMEOUT_SEC, 0 };
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	struct timeval hello = { HELLO_TIMEOUT_SEC, 0 };
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &hello, sizeof hello);
	struct conn *c = xcalloc(1, sizeof *c);
	c->d = d;
	c->fd = fd;
	c->next_id = 1;
	c->max_payload = ADB_MAX_PAYLOAD_V1;
	c->version = ADB_VERSION_MIN;
	pthread_mutex_init(&c->lock, NULL);
	pthread_mutex_init(&c->wlock, NULL);
	pthread_cond_init(&c->cond, NULL);
	return c;
}

static void accept_one(struct adbd *d)
{
	int fd = accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		return;
	reap_conns(d, false);
	pthread_mutex_lock(&d->lock);
	bool full = d->n_conns >= d->max_clients;
	pthread_mutex_unlock(&d->lock);
	if (full) {
		log_warn("refusing a client: %d connections already", d->max_clients);
		close(fd);
		return;
	}
	int one = 1;
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	struct conn *c = conn_new(d, fd);
	pthread_mutex_lock(&d->lock);
	if (pthread_create(&c->w.thread, NULL, conn_main, c) != 0) {
		pthread_mutex_unlock(&d->lock);
		conn_free(c);
		return;
	}
	worker_push(&d->conns, &d->n_conns, &c->w);
	pthread_mutex_unlock(&d->lock);
}

void adbd_serve_fd(struct adbd *d, int fd)
{
	struct conn *c = conn_new(d, fd);
	(void)conn_main(c); /* joins the connection's streams before it returns */
	conn_free(c);
}

int adbd_new(const struct adbd_device *dev, const struct adbd_options *opt, struct adbd **out)
{
	*out = NULL;
	const char *host = opt && opt->host ? opt->host : "127.0.0.1";
	int port = opt ? opt->port : 0;
	if (port < 0 || port > 65535)
		return td_error(TD_ERR_INVALID, "port %d out of range", port);
	struct sockaddr_in sa;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, host, &sa.sin_addr) != 1)
		return td_error(TD_ERR_INVALID, "'%s' is not an IPv4 address", host);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return td_error(TD_ERR_IO, "socket: %s", strerror(errno));
	int one = 1;
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(fd, 16) < 0) {
		int e = errno;
		close(fd);
		return td_error(TD_ERR_IO, "%s:%d: %s", host, port, strerror(e));
	}
	socklen_t sl = sizeof sa;
	if (getsockname(fd, (struct sockaddr *)&sa, &sl) < 0) {
		int e = errno;
		close(fd);
		return td_error(TD_ERR_IO, "getsockname: %s", strerror(e));
	}
	struct adbd *d = xcalloc(1, sizeof *d);
	if (pipe2(d->stop_pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
		int e = errno;
		close(fd);
		free(d);
		return td_error(TD_ERR_IO, "pipe: %s", strerror(e));
	}
	d->dev = *dev;
	d->banner = adbd_banner(dev);
	d->listen_fd = fd;
	d->port = ntohs(sa.sin_port);
	d->max_clients = opt && opt->max_clients > 0 ? opt->max_clients : 32;
	d->max_file = opt && opt->max_file ? opt->max_file : (size_t)64 << 20;
	pthread_mutex_init(&d->lock, NULL);
	*out = d;
	return TD_OK;
}

int adbd_port(const struct adbd *d)
{
	return d->port;
}

int adbd_run(struct adbd *d)
{
	for (;;) {
		struct pollfd fds[2] = { { d->listen_fd, POLLIN, 0 }, { d->stop_pipe[0], POLLIN, 0 } };
		int n = poll(fds, 2, 1000);
		if (n < 0 && errno != EINTR)
			return td_error(TD_ERR_IO, "poll: %s", strerror(errno));
		if (n > 0 && fds[1].revents)
			break;
		if (n > 0 && (fds[0].revents & POLLIN))
			accept_one(d);
		reap_conns(d, false);
	}
	char drain[64];
	while (read(d->stop_pipe[0], drain, sizeof drain) > 0)
		;
	return TD_OK;
}

void adbd_stop(struct adbd *d)
{
	int saved = errno;
	ssize_t n = write(d->stop_pipe[1], "x", 1);
	(void)n;
	errno = saved;
}

void adbd_free(struct adbd *d)
{
	if (!d)
		return;
	reap_conns(d, true);
	close(d->listen_fd);
	close(d->stop_pipe[0]);
	close(d->stop_pipe[1]);
	pthread_mutex_destroy(&d->lock);
	free(d->banner);
	free(d);
}
