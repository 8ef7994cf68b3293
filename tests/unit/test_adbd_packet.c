/*
 * test_adbd_packet.c - the fake adbd: its pure parsers (packets, services,
 * shell protocol, sync requests) and a whole server on a free port with a
 * fake in-memory device, driven by a hand-written client: CNXN, shell_v2
 * output and exit code, flow control, exec, sync push/stat/list/pull, a
 * refused service, and a client that vanishes mid-stream.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/sim/adbd.h"
#include "device/sim/sim.h"
#include "test.h"

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

TEST(packet_roundtrip)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(adb_packet_encode(&sb, ADB_CMD_WRTE, 7, 9, "hello", 5));
	REQUIRE(sb.len == ADB_HEADER_SIZE + 5);
	struct adb_packet p;
	size_t used = 99;
	/* partial header: need more */
	CHECK_OK(adb_packet_parse((uint8_t *)sb.buf, 10, 4096, true, &p, &used));
	CHECK_INT_EQ(used, 0);
	/* header only: valid so far, need the payload */
	CHECK_OK(adb_packet_parse((uint8_t *)sb.buf, ADB_HEADER_SIZE, 4096, true, &p, &used));
	CHECK_INT_EQ(used, 0);
	CHECK_INT_EQ(p.data_length, 5);
	CHECK_OK(adb_packet_parse((uint8_t *)sb.buf, sb.len, 4096, true, &p, &used));
	CHECK_INT_EQ(used, sb.len);
	CHECK_INT_EQ(p.command, ADB_CMD_WRTE);
	CHECK_INT_EQ(p.arg0, 7);
	CHECK_INT_EQ(p.arg1, 9);
	CHECK(memcmp(p.data, "hello", 5) == 0);
	CHECK_INT_EQ(p.data_check, 'h' + 'e' + 'l' + 'l' + 'o');
	strbuf_release(&sb);
}

TEST(packet_rejects_bad_input)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(adb_packet_encode(&sb, ADB_CMD_OPEN, 1, 0, "shell:ls", 9));
	uint8_t *b = (uint8_t *)sb.buf;
	struct adb_packet p;
	size_t used;
	/* payload over the negotiated maximum */
	CHECK(adb_packet_parse(b, sb.len, 8, false, &p, &used) == TD_ERR_PROTOCOL);
	/* bad checksum only matters when checked (old protocol versions) */
	put32(b + 16, 12345);
	CHECK(adb_packet_parse(b, sb.len, 4096, true, &p, &used) == TD_ERR_PROTOCOL);
	CHECK_OK(adb_packet_parse(b, sb.len, 4096, false, &p, &used));
	CHECK_INT_EQ(used, sb.len);
	/* bad magic */
	put32(b + 20, 0);
	CHECK(adb_packet_parse(b, sb.len, 4096, false, &p, &used) == TD_ERR_PROTOCOL);
	/* unknown command with a consistent magic */
	put32(b, 0x41414141);
	put32(b + 20, 0x41414141 ^ 0xffffffffu);
	CHECK(adb_packet_parse(b, sb.len, 4096, false, &p, &used) == TD_ERR_PROTOCOL);
	/* a huge length is refused from the header alone */
	put32(b, ADB_CMD_WRTE);
	put32(b + 20, ADB_CMD_WRTE ^ 0xffffffffu);
	put32(b + 12, 0xffffffffu);
	CHECK(adb_packet_parse(b, ADB_HEADER_SIZE, ADB_MAX_PAYLOAD, false, &p, &used) == TD_ERR_PROTOCOL);
	strbuf_release(&sb);
}

TEST(service_names)
{
	struct adb_service s;
	const char *d = "shell,v2,TERM=xterm-256color,raw:uiautomator dump /dev/tty";
	CHECK_OK(adb_service_parse(d, strlen(d) + 1, &s));
	CHECK_INT_EQ(s.kind, ADB_SERVICE_SHELL_V2);
	CHECK(!s.pty);
	CHECK_STR_EQ(s.command, "uiautomator dump /dev/tty");
	d = "shell,v2,pty:";
	CHECK_OK(adb_service_parse(d, strlen(d), &s));
	CHECK(s.pty);
	CHECK_STR_EQ(s.command, "");
	d = "shell:echo a:b";
	CHECK_OK(adb_service_parse(d, strlen(d), &s));
	CHECK_INT_EQ(s.kind, ADB_SERVICE_SHELL);
	CHECK_STR_EQ(s.command, "echo a:b");
	CHECK(!s.pty);
	d = "shell:";
	CHECK_OK(adb_service_parse(d, strlen(d), &s));
	CHECK(s.pty); /* interactive legacy shell: a terminal */
	d = "exec:screencap -p";
	CHECK_OK(adb_service_parse(d, strlen(d), &s));
	CHECK_INT_EQ(s.kind, ADB_SERVICE_EXEC);
	CHECK_STR_EQ(s.command, "screencap -p");
	d = "sync:";
	CHECK_OK(adb_service_parse(d, strlen(d) + 1, &s));
	CHECK_INT_EQ(s.kind, ADB_SERVICE_SYNC);
	d = "reboot:bootloader";
	CHECK(adb_service_parse(d, strlen(d), &s) == TD_ERR_UNSUPPORTED);
	d = "shellfish:";
	CHECK(adb_service_parse(d, strlen(d), &s) == TD_ERR_UNSUPPORTED);
	CHECK(adb_service_parse("shell:a\0b", 9, &s) == TD_ERR_PROTOCOL);
	CHECK(adb_service_parse("", 0, &s) == TD_ERR_UNSUPPORTED);
}

TEST(shell_protocol_packets)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(adb_shell_encode(&sb, ADB_SHELL_STDOUT, "abc", 3));
	CHECK_OK(adb_shell_encode(&sb, ADB_SHELL_EXIT, "\x01", 1));
	REQUIRE(sb.len == 5 + 3 + 5 + 1);
	int id;
	const uint8_t *data;
	size_t n, used;
	CHECK_OK(adb_shell_parse((uint8_t *)sb.buf, sb.len, 100, &id, &data, &n, &used));
	CHECK_INT_EQ(id, ADB_SHELL_STDOUT);
	CHECK_INT_EQ(n, 3);
	CHECK_INT_EQ(used, 8);
	CHECK_OK(adb_shell_parse((uint8_t *)sb.buf + 8, sb.len - 8, 100, &id, &data, &n, &used));
	CHECK_INT_EQ(id, ADB_SHELL_EXIT);
	CHECK_INT_EQ(data[0], 1);
	CHECK_OK(adb_shell_parse((uint8_t *)sb.buf, 6, 100, &id, &data, &n, &used));
	CHECK_INT_EQ(used, 0);
	CHECK(adb_shell_parse((uint8_t *)sb.buf, sb.len, 2, &id, &data, &n, &used) == TD_ERR_PROTOCOL);
	strbuf_release(&sb);
}

TEST(sync_requests)
{
	uint8_t b[64];
	struct adb_sync_request r;
	size_t used;
	memcpy(b, "STAT", 4);
	put32(b + 4, 8);
	memcpy(b + 8, "/sdcard/", 8);
	CHECK_OK(adb_sync_parse(b, 16, &r, &used));
	CHECK_INT_EQ(used, 16);
	CHECK_STR_EQ(r.id, "STAT");
	CHECK_INT_EQ(r.data_len, 8);
	CHECK_OK(adb_sync_parse(b, 12, &r, &used));
	CHECK_INT_EQ(used, 0);
	memcpy(b, "DONE", 4);
	put32(b + 4, 1234567);
	CHECK_OK(adb_sync_parse(b, 8, &r, &used));
	CHECK_INT_EQ(used, 8);
	CHECK_INT_EQ(r.arg, 1234567);
	memcpy(b, "DATA", 4);
	put32(b + 4, ADB_SYNC_DATA_MAX + 1);
	CHECK(adb_sync_parse(b, 64, &r, &used) == TD_ERR_PROTOCOL);
	memcpy(b, "RECV", 4);
	put32(b + 4, ADB_SYNC_PATH_MAX + 1);
	CHECK(adb_sync_parse(b, 64, &r, &used) == TD_ERR_PROTOCOL);
	memcpy(b, "XXXX", 4);
	CHECK(adb_sync_parse(b, 64, &r, &used) == TD_ERR_PROTOCOL);
}

TEST(banner)
{
	struct adbd_device dev;
	memset(&dev, 0, sizeof dev);
	dev.features = "shell_v2,cmd,abb,ls_v2";
	dev.product = "tri;dent";
	dev.model = "sim";
	dev.device_name = "sim";
	char *b = adbd_banner(&dev);
	const char *want = "device::ro.product.name=tri_dent;ro.product.model=sim;ro.product.device=sim;features=";
	CHECK(strncmp(b, want, strlen(want)) == 0);
	CHECK(strstr(b, "shell_v2") != NULL);
	CHECK(strstr(b, "stat_v2") != NULL);
	CHECK(strstr(b, ",cmd") != NULL);
	CHECK(strstr(b, "abb") == NULL);   /* adbd does not offer it */
	CHECK(strstr(b, "ls_v2") == NULL);
	free(b);
}

/* ----- a fake device and a hand-written client ----- */

struct fake_file {
	char path[256];
	struct strbuf data;
	unsigned mode;
};

static struct fake_file files[8];
static int n_files;
static pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;

static int fake_shell(void *ctx, const char *cmd, struct strbuf *out, struct strbuf *err, int *code)
{
	*code = 0;
	if (strcmp(cmd, "false") == 0) {
		*code = 1;
	} else if (strncmp(cmd, "echo ", 5) == 0) {
		(void)strbuf_addf(out, "%s\n", cmd + 5);
	} else if (strncmp(cmd, "big ", 4) == 0) {
		long n = atol(cmd + 4);
		for (long i = 0; i < n; i++)
			(void)strbuf_addch(out, (char)('a' + i % 26));
	} else if (strcmp(cmd, "binary") == 0) {
		(void)strbuf_add(out, "\x89PNG\r\n\x1a\n\0\n\r", 11);
	} else {
		(void)strbuf_addf(err, "/system/bin/sh: %s: inaccessible or not found\n", cmd);
		*code = 127;
	}
	return TD_OK;
}

static struct fake_file *find_file(const char *path)
{
	for (int i = 0; i < n_files; i++)
		if (strcmp(files[i].path, path) == 0)
			return &files[i];
	return NULL;
}

static int fake_read(void *ctx, const char *path, struct strbuf *out)
{
	pthread_mutex_lock(&fake_lock);
	struct fake_file *f = find_file(path);
	int err = f ? strbuf_add(out, f->data.buf, f->data.len) : TD_ERR_NOT_FOUND;
	pthread_mutex_unlock(&fake_lock);
	return err;
}

static int fake_write(void *ctx, const char *path, const void *data, size_t len, unsigned mode)
{
	pthread_mutex_lock(&fake_lock);
	struct fake_file *f = find_file(path);
	if (!f && n_files < 8) {
		f = &files[n_files++];
		snprintf(f->path, sizeof f->path, "%s", path);
		strbuf_init(&f->data, 0);
	}
	if (f) {
		strbuf_reset(&f->data);
		(void)strbuf_add(&f->data, data, len);
		f->mode = mode;
	}
	pthread_mutex_unlock(&fake_lock);
	return f ? TD_OK : TD_ERR_IO;
}

static int fake_stat(void *ctx, const char *path, struct sim_file_stat *st)
{
	pthread_mutex_lock(&fake_lock);
	struct fake_file *f = find_file(path);
	st->mode = 0;
	st->size = 0;
	st->mtime = 0;
	if (f) {
		st->mode = f->mode;
		st->size = f->data.len;
		st->mtime = 1700000000;
	} else if (strcmp(path, "/sdcard") == 0 || strcmp(path, "/sdcard/") == 0) {
		st->mode = S_IFDIR | 0771;
	}
	pthread_mutex_unlock(&fake_lock);
	return st->mode ? TD_OK : TD_ERR_NOT_FOUND;
}

static int fake_list(void *ctx, const char *path,
		     void (*fn)(void *fctx, const char *name, const struct sim_file_stat *st), void *fctx)
{
	pthread_mutex_lock(&fake_lock);
	for (int i = 0; i < n_files; i++) {
		if (strncmp(files[i].path, "/sdcard/", 8) == 0) {
			struct sim_file_stat st = { files[i].mode, files[i].data.len, 1700000000 };
			fn(fctx, files[i].path + 8, &st);
		}
	}
	pthread_mutex_unlock(&fake_lock);
	return TD_OK;
}

static struct adbd *server;
static pthread_t server_thread;

static void *server_main(void *arg)
{
	(void)arg;
	if (adbd_run(server) != TD_OK)
		fprintf(stderr, "adbd_run failed\n");
	return NULL;
}

static int client_connect(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)adbd_port(server));
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		close(fd);
		return -1;
	}
	struct timeval tv = { 10, 0 };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	return fd;
}

static int send_pkt(int fd, uint32_t cmd, uint32_t a0, uint32_t a1, const void *data, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int err = adb_packet_encode(&sb, cmd, a0, a1, data, len);
	if (!err && write(fd, sb.buf, sb.len) != (ssize_t)sb.len)
		err = TD_ERR_IO;
	strbuf_release(&sb);
	return err;
}

static bool read_n(int fd, void *buf, size_t n)
{
	char *p = buf;
	while (n) {
		ssize_t r = read(fd, p, n);
		if (r <= 0)
			return false;
		p += r;
		n -= (size_t)r;
	}
	return true;
}

static _Thread_local uint8_t pkt_buf[ADB_HEADER_SIZE + ADB_MAX_PAYLOAD]; /* one per client thread */

/* Read one packet into pkt_buf; false on EOF/timeout/garbage. */
static bool recv_pkt(int fd, struct adb_packet *p)
{
	size_t used;
	if (!read_n(fd, pkt_buf, ADB_HEADER_SIZE))
		return false;
	if (adb_packet_parse(pkt_buf, ADB_HEADER_SIZE, ADB_MAX_PAYLOAD, false, p, &used))
		return false;
	if (!read_n(fd, pkt_buf + ADB_HEADER_SIZE, p->data_length))
		return false;
	/* the sum is checked by the test that needs it: adbd leaves it 0 for current peers */
	return adb_packet_parse(pkt_buf, ADB_HEADER_SIZE + p->data_length, ADB_MAX_PAYLOAD, false, p, &used) == 0 &&
	       used > 0;
}

static int handshake(uint32_t max_payload)
{
	int fd = client_connect();
	if (fd < 0)
		return -1;
	const char *hello = "host::features=shell_v2,cmd,stat_v2";
	struct adb_packet p;
	if (send_pkt(fd, ADB_CMD_CNXN, ADB_VERSION, max_payload, hello, strlen(hello)) ||
	    !recv_pkt(fd, &p) || p.command != ADB_CMD_CNXN) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Connect as a peer of the old, checksummed protocol; *reply is the CNXN answer. -1 on failure. */
static int old_peer_handshake(struct adb_packet *reply)
{
	int fd = client_connect();
	if (fd < 0)
		return -1;
	if (send_pkt(fd, ADB_CMD_CNXN, ADB_VERSION_MIN, 4096, "host::", 6) || !recv_pkt(fd, reply)) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Open a service, collect everything it writes (acknowledging each WRTE and
 * counting how many arrived) until CLSE. Returns the local id it used.
 */
static bool run_service(int fd, uint32_t my_id, const char *dest, const void *input, size_t input_len,
			struct strbuf *got, int *n_writes, uint32_t *max_seen)
{
	struct adb_packet p;
	if (send_pkt(fd, ADB_CMD_OPEN, my_id, 0, dest, strlen(dest) + 1))
		return false;
	if (!recv_pkt(fd, &p))
		return false;
	if (p.command == ADB_CMD_CLSE)
		return false;
	if (p.command != ADB_CMD_OKAY || p.arg1 != my_id)
		return false;
	uint32_t remote = p.arg0;
	bool input_acked = input_len == 0;
	if (input_len && send_pkt(fd, ADB_CMD_WRTE, my_id, remote, input, input_len))
		return false;
	*n_writes = 0;
	*max_seen = 0;
	for (;;) {
		if (!recv_pkt(fd, &p))
			return false;
		if (p.command == ADB_CMD_OKAY) {
			input_acked = true;
			continue;
		}
		if (p.command == ADB_CMD_CLSE)
			break;
		if (p.command != ADB_CMD_WRTE || p.arg1 != my_id)
			return false;
		(*n_writes)++;
		if (p.data_length > *max_seen)
			*max_seen = p.data_length;
		(void)strbuf_add(got, p.data, p.data_length);
		if (send_pkt(fd, ADB_CMD_OKAY, my_id, remote, NULL, 0))
			return false;
	}
	(void)send_pkt(fd, ADB_CMD_CLSE, my_id, remote, NULL, 0);
	return input_acked;
}

TEST(server_shell_v2)
{
	int fd = handshake(4096);
	REQUIRE(fd >= 0);
	struct strbuf got = STRBUF_INIT;
	int nw;
	uint32_t maxw;
	REQUIRE(run_service(fd, 11, "shell,v2,raw:echo hello", NULL, 0, &got, &nw, &maxw));
	/* stdout "hello\n" then exit 0 */
	REQUIRE(got.len == 5 + 6 + 5 + 1);
	CHECK_INT_EQ(got.buf[0], ADB_SHELL_STDOUT);
	CHECK(memcmp(got.buf + 5, "hello\n", 6) == 0);
	CHECK_INT_EQ(got.buf[11], ADB_SHELL_EXIT);
	CHECK_INT_EQ(got.buf[16], 0);
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 12, "shell,v2,raw:false", NULL, 0, &got, &nw, &maxw));
	REQUIRE(got.len == 6);
	CHECK_INT_EQ(got.buf[0], ADB_SHELL_EXIT);
	CHECK_INT_EQ(got.buf[5], 1);
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 13, "shell,v2,raw:nosuchcmd", NULL, 0, &got, &nw, &maxw));
	CHECK_INT_EQ(got.buf[0], ADB_SHELL_STDERR);
	CHECK_INT_EQ((unsigned char)got.buf[got.len - 1], 127);
	/* big output: split into WRTEs of at most the negotiated 4096 bytes */
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 14, "shell,v2,raw:big 100000", NULL, 0, &got, &nw, &maxw));
	CHECK(maxw <= 4096);
	CHECK(nw >= 100000 / 4096);
	size_t total = 0, off = 0;
	while (off < got.len) {
		int id;
		const uint8_t *d;
		size_t n, used;
		if (adb_shell_parse((uint8_t *)got.buf + off, got.len - off, 1 << 20, &id, &d, &n, &used) || !used)
			break;
		if (id == ADB_SHELL_STDOUT)
			total += n;
		off += used;
	}
	CHECK_INT_EQ(total, 100000);
	/* pty: \r\n line ends */
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 15, "shell,v2,pty:echo x", NULL, 0, &got, &nw, &maxw));
	CHECK(memcmp(got.buf + 5, "x\r\n", 3) == 0);
	strbuf_release(&got);
	close(fd);
}

TEST(server_exec_and_legacy)
{
	int fd = handshake(ADB_MAX_PAYLOAD);
	REQUIRE(fd >= 0);
	struct strbuf got = STRBUF_INIT;
	int nw;
	uint32_t maxw;
	REQUIRE(run_service(fd, 21, "exec:binary", NULL, 0, &got, &nw, &maxw));
	CHECK_INT_EQ(got.len, 11);
	CHECK(memcmp(got.buf, "\x89PNG\r\n\x1a\n\0\n\r", 11) == 0); /* byte-exact */
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 22, "shell:echo legacy", NULL, 0, &got, &nw, &maxw));
	CHECK_INT_EQ(got.len, 7);
	CHECK(memcmp(got.buf, "legacy\n", 7) == 0);
	/* a refused service answers CLSE */
	struct adb_packet p;
	REQUIRE(send_pkt(fd, ADB_CMD_OPEN, 23, 0, "reboot:", 8) == 0);
	REQUIRE(recv_pkt(fd, &p));
	CHECK_INT_EQ(p.command, ADB_CMD_CLSE);
	CHECK_INT_EQ(p.arg1, 23);
	strbuf_release(&got);
	close(fd);
}

TEST(server_interactive_shell)
{
	int fd = handshake(4096);
	REQUIRE(fd >= 0);
	struct strbuf in = STRBUF_INIT, got = STRBUF_INIT;
	int nw;
	uint32_t maxw;
	/* piped stdin (no pty): lines run silently, exit status of the last */
	CHECK_OK(adb_shell_encode(&in, ADB_SHELL_STDIN, "echo a\nfalse\n", 13));
	CHECK_OK(adb_shell_encode(&in, ADB_SHELL_CLOSE_STDIN, NULL, 0));
	REQUIRE(run_service(fd, 51, "shell,v2,raw:", in.buf, in.len, &got, &nw, &maxw));
	REQUIRE(got.len == 5 + 2 + 5 + 1);
	CHECK_INT_EQ(got.buf[0], ADB_SHELL_STDOUT);
	CHECK(memcmp(got.buf + 5, "a\n", 2) == 0);
	CHECK_INT_EQ(got.buf[7], ADB_SHELL_EXIT);
	CHECK_INT_EQ(got.buf[12], 1);
	/* legacy interactive shell through a terminal: prompt, echo, \r\n */
	strbuf_reset(&got);
	REQUIRE(run_service(fd, 52, "shell:", "echo b\rexit\r", 12, &got, &nw, &maxw));
	(void)strbuf_addch(&got, '\0');
	CHECK(strstr(got.buf, "$ echo b\r\nb\r\n") != NULL);
	CHECK(strstr(got.buf, "exit\r\n") != NULL);
	strbuf_release(&in);
	strbuf_release(&got);
	close(fd);
}

static void add_sync(struct strbuf *sb, const char *id, uint32_t arg, const void *data, size_t len)
{
	uint8_t h[8];
	memcpy(h, id, 4);
	put32(h + 4, arg);
	(void)strbuf_add(sb, h, 8);
	(void)strbuf_add(sb, data, len);
}

TEST(server_sync_push_pull)
{
	int fd = handshake(ADB_MAX_PAYLOAD);
	REQUIRE(fd >= 0);
	/* one request stream: SEND 200 KB in 64 KiB DATA chunks, STAT, STA2, LIST, RECV, QUIT */
	size_t size = 200000;
	char *content = xmalloc(size);
	for (size_t i = 0; i < size; i++)
		content[i] = (char)(i * 7 + i / 251);
	struct strbuf req = STRBUF_INIT;
	const char *spec = "/sdcard/f.bin,33188";
	add_sync(&req, "SEND", (uint32_t)strlen(spec), spec, strlen(spec));
	for (size_t off = 0; off < size; off += ADB_SYNC_DATA_MAX) {
		size_t n = size - off < ADB_SYNC_DATA_MAX ? size - off : ADB_SYNC_DATA_MAX;
		add_sync(&req, "DATA", (uint32_t)n, content + off, n);
	}
	add_sync(&req, "DONE", 1700000000, NULL, 0);
	add_sync(&req, "STAT", 13, "/sdcard/f.bin", 13);
	add_sync(&req, "STA2", 12, "/sdcard/nope", 12);
	add_sync(&req, "LIST", 7, "/sdcard", 7);
	add_sync(&req, "RECV", 13, "/sdcard/f.bin", 13);
	add_sync(&req, "QUIT", 0, NULL, 0);
	/* feed it in WRTEs of 1000 bytes, waiting for each OKAY (flow control) */
	struct adb_packet p;
	REQUIRE(send_pkt(fd, ADB_CMD_OPEN, 31, 0, "sync:", 6) == 0);
	REQUIRE(recv_pkt(fd, &p) && p.command == ADB_CMD_OKAY);
	uint32_t remote = p.arg0;
	struct strbuf got = STRBUF_INIT;
	size_t off = 0;
	bool closed = false;
	bool waiting_okay = false;
	while (!closed) {
		if (!waiting_okay && off < req.len) {
			size_t n = req.len - off < 1000 ? req.len - off : 1000;
			REQUIRE(send_pkt(fd, ADB_CMD_WRTE, 31, remote, req.buf + off, n) == 0);
			off += n;
			waiting_okay = true;
		}
		REQUIRE(recv_pkt(fd, &p));
		if (p.command == ADB_CMD_OKAY)
			waiting_okay = false;
		else if (p.command == ADB_CMD_WRTE) {
			(void)strbuf_add(&got, p.data, p.data_length);
			REQUIRE(send_pkt(fd, ADB_CMD_OKAY, 31, remote, NULL, 0) == 0);
		} else if (p.command == ADB_CMD_CLSE)
			closed = true;
	}
	CHECK_INT_EQ(off, req.len);
	const uint8_t *g = (const uint8_t *)got.buf;
	size_t pos = 0;
	REQUIRE(got.len >= 8);
	CHECK(memcmp(g, "OKAY", 4) == 0);
	pos += 8;
	REQUIRE(got.len >= pos + 16);
	CHECK(memcmp(g + pos, "STAT", 4) == 0);
	CHECK_INT_EQ(get32(g + pos + 4), 33188);
	CHECK_INT_EQ(get32(g + pos + 8), size);
	pos += 16;
	REQUIRE(got.len >= pos + 72);
	CHECK(memcmp(g + pos, "STA2", 4) == 0);
	CHECK_INT_EQ(get32(g + pos + 4), 2); /* ENOENT */
	pos += 72;
	REQUIRE(got.len >= pos + 20 + 5);
	CHECK(memcmp(g + pos, "DENT", 4) == 0);
	CHECK_INT_EQ(get32(g + pos + 16), 5);
	CHECK(memcmp(g + pos + 20, "f.bin", 5) == 0);
	pos += 25;
	REQUIRE(got.len >= pos + 20);
	CHECK(memcmp(g + pos, "DONE", 4) == 0);
	pos += 20;
	struct strbuf pulled = STRBUF_INIT;
	while (pos + 8 <= got.len && memcmp(g + pos, "DATA", 4) == 0) {
		uint32_t n = get32(g + pos + 4);
		CHECK(n <= ADB_SYNC_DATA_MAX);
		REQUIRE(pos + 8 + n <= got.len);
		(void)strbuf_add(&pulled, g + pos + 8, n);
		pos += 8 + n;
	}
	REQUIRE(pos + 8 <= got.len);
	CHECK(memcmp(g + pos, "DONE", 4) == 0);
	CHECK_INT_EQ(pulled.len, size);
	CHECK(pulled.len == size && memcmp(pulled.buf, content, size) == 0);
	strbuf_release(&pulled);
	strbuf_release(&got);
	strbuf_release(&req);
	free(content);
	close(fd);
}

TEST(server_survives_vanishing_clients)
{
	/* a client that opens a big output and disappears without reading */
	for (int i = 0; i < 3; i++) {
		int fd = handshake(4096);
		REQUIRE(fd >= 0);
		REQUIRE(send_pkt(fd, ADB_CMD_OPEN, 41, 0, "shell,v2,raw:big 3000000", 25) == 0);
		close(fd);
	}
	/* garbage instead of a packet */
	int fd = client_connect();
	REQUIRE(fd >= 0);
	REQUIRE(write(fd, "GET / HTTP/1.0\r\n\r\n-----------------", 35) == 35);
	char c;
	CHECK(read(fd, &c, 1) <= 0); /* dropped */
	close(fd);
	/* an old-protocol client with a wrong checksum after CNXN is dropped */
	struct adb_packet p;
	fd = old_peer_handshake(&p);
	REQUIRE(fd >= 0);
	CHECK_INT_EQ(p.arg0, ADB_VERSION_MIN);
	struct strbuf bad = STRBUF_INIT;
	CHECK_OK(adb_packet_encode(&bad, ADB_CMD_OPEN, 1, 0, "shell:echo", 11));
	put32((uint8_t *)bad.buf + 16, 1);
	REQUIRE(write(fd, bad.buf, bad.len) == (ssize_t)bad.len);
	CHECK(read(fd, &c, 1) <= 0);
	strbuf_release(&bad);
	close(fd);
	/* and the server still serves */
	fd = handshake(4096);
	REQUIRE(fd >= 0);
	struct strbuf got = STRBUF_INIT;
	int nw;
	uint32_t maxw;
	CHECK(run_service(fd, 42, "exec:echo alive", NULL, 0, &got, &nw, &maxw));
	CHECK(got.len == 6 && memcmp(got.buf, "alive\n", 6) == 0);
	strbuf_release(&got);
	close(fd);
}

/* The first WRTE of "exec:echo sum" on fd (stream id my_id): its data_check, or 1 if none came. */
static uint32_t echo_data_check(int fd, uint32_t my_id)
{
	struct adb_packet p;

	if (send_pkt(fd, ADB_CMD_OPEN, my_id, 0, "exec:echo sum", 14) || !recv_pkt(fd, &p) ||
	    p.command != ADB_CMD_OKAY)
		return 1;
	while (recv_pkt(fd, &p) && p.command != ADB_CMD_CLSE)
		if (p.command == ADB_CMD_WRTE && p.data_length == 4 && !memcmp(p.data, "sum\n", 4))
			return p.data_check;
	return 1;
}

TEST(server_sums_payloads_for_old_peers_only)
{
	/* Android 9's adbd leaves data_check 0 for peers of 0x01000001 and later */
	int fd = handshake(4096);
	REQUIRE(fd >= 0);
	CHECK_INT_EQ(echo_data_check(fd, 51), 0);
	close(fd);
	/* and sums every payload, the CNXN reply's too, for older ones */
	struct adb_packet p;
	fd = old_peer_handshake(&p);
	REQUIRE(fd >= 0);
	CHECK(p.data_length > 0);
	CHECK_INT_EQ(p.data_check, adb_payload_checksum(p.data, p.data_length));
	CHECK_INT_EQ(echo_data_check(fd, 52), 's' + 'u' + 'm' + '\n');
	close(fd);
}

/* Several clients at once, each with several commands. */
static void *parallel_client(void *arg)
{
	long *ok = arg;
	int fd = handshake(4096);
	if (fd < 0)
		return NULL;
	for (int i = 0; i < 10; i++) {
		struct strbuf got = STRBUF_INIT;
		int nw;
		uint32_t maxw;
		if (run_service(fd, 100 + (uint32_t)i, "exec:big 20000", NULL, 0, &got, &nw, &maxw) && got.len == 20000)
			(*ok)++;
		strbuf_release(&got);
	}
	close(fd);
	return NULL;
}

TEST(server_parallel_clients)
{
	pthread_t t[4];
	long ok[4] = { 0, 0, 0, 0 };
	for (int i = 0; i < 4; i++)
		REQUIRE(pthread_create(&t[i], NULL, parallel_client, &ok[i]) == 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 4; i++)
		CHECK_INT_EQ(ok[i], 10);
}

int main(void)
{
	RUN(packet_roundtrip);
	RUN(packet_rejects_bad_input);
	RUN(service_names);
	RUN(shell_protocol_packets);
	RUN(sync_requests);
	RUN(banner);

	struct adbd_device dev;
	memset(&dev, 0, sizeof dev);
	dev.shell = fake_shell;
	dev.file_read = fake_read;
	dev.file_write = fake_write;
	dev.file_stat = fake_stat;
	dev.file_list = fake_list;
	dev.features = "shell_v2,cmd";
	dev.product = dev.model = dev.device_name = "fake";
	struct adbd_options opt = { "127.0.0.1", 0, 0, 0 };
	if (adbd_new(&dev, &opt, &server) != TD_OK) {
		fprintf(stderr, "adbd_new: %s\n", td_errmsg(TD_ERR_IO));
		return 1;
	}
	CHECK(adbd_port(server) > 0);
	pthread_create(&server_thread, NULL, server_main, NULL);
	RUN(server_shell_v2);
	RUN(server_exec_and_legacy);
	RUN(server_interactive_shell);
	RUN(server_sync_push_pull);
	RUN(server_survives_vanishing_clients);
	RUN(server_sums_payloads_for_old_peers_only);
	RUN(server_parallel_clients);
	adbd_stop(server);
	pthread_join(server_thread, NULL);
	adbd_free(server);
	for (int i = 0; i < n_files; i++)
		strbuf_release(&files[i].data);
	return test_summary();
}
