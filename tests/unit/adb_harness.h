/*
 * adb_harness.h - a private adb world for tests and benchmarks: trident-simd
 * serving tests/data/device_test_app.json on a free port, and Debian's adb
 * server on another free port with a private HOME (started by trident's own
 * device layer through `adb start-server`, which is what it does for users).
 * Nothing touches the user's adb server on 5037.
 *
 *   struct adb_harness h;
 *   int rc = adb_harness_start(&h, app_json, NULL);  // 0, 77 = skip, 1 = fail
 *   ... device_open(h.serial, h.cfg, &dev) ...
 *   adb_harness_stop(&h);
 */
#ifndef TRIDENT_TEST_ADB_HARNESS_H
#define TRIDENT_TEST_ADB_HARNESS_H

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/config.h"
#include "core/strbuf.h"
#include "device/adb_client.h"

extern char **environ;

struct adb_harness {
	char home[64];
	char serial[64];          /* "127.0.0.1:SIMPORT" */
	char server[64];          /* "127.0.0.1:ADBPORT" */
	int adb_port, sim_port;
	pid_t simd;
	const char *simd_path;
	const char *latency;      /* trident-simd --latency PROFILE, or NULL */
	char app[1024];
	struct config *cfg;
};

/* A TCP port nobody listens on right now, for a server started later.
 * It is picked at random below the kernel's ephemeral range: a port from
 * bind(0) comes from that range, where every outgoing connection (the
 * hundreds of short adb connections of the tests ctest runs alongside)
 * can take it before our server binds it. */
static int adb_harness_try_port(int want)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)want),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t l = sizeof a;
	int port = -1;
	if (fd >= 0 && !bind(fd, (struct sockaddr *)&a, sizeof a) && !getsockname(fd, (struct sockaddr *)&a, &l))
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

static int adb_harness_free_port(void)
{
	int lo = 32768;
	FILE *f = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r");
	if (f) {
		if (fscanf(f, "%d", &lo) != 1)
			lo = 32768;
		fclose(f);
	}
	if (lo <= 21000)
		return adb_harness_try_port(0);
	static unsigned seed;
	if (!seed)
		seed = (unsigned)getpid() ^ (unsigned)time(NULL);
	for (int i = 0; i < 200; i++) {
		int port = adb_harness_try_port(20000 + (int)(rand_r(&seed) % (unsigned)(lo - 20000)));
		if (port > 0)
			return port;
	}
	return -1;
}

/* Whether something accepts connections on 127.0.0.1:port. */
static int adb_harness_listening(int port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* (Re)start trident-simd on h->sim_port; waits until it listens. */
static int adb_harness_start_simd(struct adb_harness *h)
{
	char port[16];
	snprintf(port, sizeof port, "%d", h->sim_port);
	char *argv[] = { (char *)h->simd_path, "--app", h->app, "--port", port,
			 h->latency ? "--latency" : NULL, (char *)h->latency, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	int rc = posix_spawn(&h->simd, h->simd_path, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		fprintf(stderr, "cannot start %s: %s\n", h->simd_path, strerror(rc));
		h->simd = 0;
		return 1;
	}
	for (int i = 0; i < 200; i++) {
		if (adb_harness_listening(h->sim_port))
			return 0;
		usleep(25000);
	}
	fprintf(stderr, "trident-simd did not listen on port %d\n", h->sim_port);
	return 1;
}

static void adb_harness_stop_simd(struct adb_harness *h)
{
	if (h->simd > 0) {
		kill(h->simd, SIGKILL);
		waitpid(h->simd, NULL, 0);
		h->simd = 0;
	}
}

/* 0 ready, 77 skip (no adb or no trident-simd), 1 failure. */
static int adb_harness_start(struct adb_harness *h, const char *app_json, const char *latency)
{
	memset(h, 0, sizeof *h);
	h->latency = latency;
	h->simd_path = getenv("TRIDENT_SIMD");
	if (!h->simd_path || access(h->simd_path, X_OK)) {
		printf("SKIP: TRIDENT_SIMD (trident-simd) is not set or not executable\n");
		return 77;
	}
	if (system("command -v adb >/dev/null 2>&1")) {
		printf("SKIP: adb is not installed\n");
		return 77;
	}
	snprintf(h->app, sizeof h->app, "%s", app_json);
	snprintf(h->home, sizeof h->home, "/tmp/trident-adbhome-XXXXXX");
	if (!mkdtemp(h->home))
		return 1;
	setenv("HOME", h->home, 1);
	unsetenv("ADB_SERVER_SOCKET");
	unsetenv("ANDROID_ADB_SERVER_PORT");
	signal(SIGPIPE, SIG_IGN);
	h->adb_port = adb_harness_free_port();
	h->sim_port = adb_harness_free_port();
	if (h->adb_port < 0 || h->sim_port < 0 || h->adb_port == h->sim_port)
		return 1;
	snprintf(h->serial, sizeof h->serial, "127.0.0.1:%d", h->sim_port);
	snprintf(h->server, sizeof h->server, "127.0.0.1:%d", h->adb_port);
	h->cfg = config_defaults();
	if (config_set(h->cfg, "device.adb_server", h->server) ||
	    config_set(h->cfg, "device.timeout_ms", "15000") ||
	    config_set(h->cfg, "device.reconnect_ms", "20000"))
		return 1;
	char cmd[96];
	snprintf(cmd, sizeof cmd, "adb -P %d start-server >/dev/null 2>&1", h->adb_port);
	if (system(cmd)) {
		fprintf(stderr, "adb -P %d start-server failed\n", h->adb_port);
		return 1;
	}
	return adb_harness_start_simd(h);
}

/* Kill the private adb server (host:kill), trident-simd, and the HOME. */
static void adb_harness_stop(struct adb_harness *h)
{
	struct adb_client *c = NULL;
	if (h->server[0] && !adb_client_new(h->server, 3000, &c)) {
		struct strbuf sb = STRBUF_INIT;
		if (adb_host_query(c, "host:kill", &sb)) { /* answers OKAY and hangs up */
		}
		strbuf_release(&sb);
		adb_client_free(c);
	}
	adb_harness_stop_simd(h);
	config_free(h->cfg);
	h->cfg = NULL;
	if (h->home[0]) {
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", h->home);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", h->home);
	}
}

#endif
