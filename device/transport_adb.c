/*
 * transport_adb.c - the transport to a device behind the adb server. Each
 * call opens its own connection (adb_client.h), so calls may overlap.
 *
 * Device loss: recover() probes the device with `echo`; while that fails it
 * restarts a local server that died, re-issues host:disconnect and
 * host:connect for TCP serials ("host:port") so that a stale offline
 * transport does not sit out the server's own reconnect backoff, and polls
 * with backoff (200 ms doubling to 1 s) until the device answers or wait_ms
 * passes.
 *
 * Test hook: TRIDENT_ADB_SHELL_V1=1 in the environment makes new transports
 * use the legacy shell: service even on devices that list shell_v2, so the
 * fallback can be tested end to end against trident-simd.
 */
#include "device/transport.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/xalloc.h"
#include "device/adb_client.h"

struct adb_transport {
	struct transport base;
	struct adb_client *client;
	char *serial;
	bool v2;
	int wait_ms;
	pthread_mutex_t quick_lock;
	struct adb_client *quick; /* recover()'s probing client, while it runs */
};

static struct adb_transport *at_of(struct transport *t)
{
	return (struct adb_transport *)t;
}

/* A failure of a call that adb_t_cancel() cut short says so (and is not a device loss). */
static int cut(struct adb_transport *a, int rc)
{
	if (rc && adb_client_cancelled(a->client))
		return td_error(TD_ERR_INTERRUPTED, "device %s: cancelled (the run is stopping)", a->serial);
	return rc;
}

static int adb_t_shell(struct transport *t, const char *cmd, struct strbuf *out, struct strbuf *err,
		       int *exit_code)
{
	struct adb_transport *a = at_of(t);
	struct strbuf scratch = STRBUF_INIT;
	int rc = adb_shell(a->client, a->serial, cmd, a->v2, out, err ? err : &scratch, exit_code);
	strbuf_release(&scratch);
	return cut(a, rc);
}

static int adb_t_exec(struct transport *t, const char *cmd, struct strbuf *out)
{
	return cut(at_of(t), adb_exec(at_of(t)->client, at_of(t)->serial, cmd, out));
}

static int adb_t_pull(struct transport *t, const char *path, struct strbuf *out)
{
	return cut(at_of(t), adb_sync_pull(at_of(t)->client, at_of(t)->serial, path, out));
}

static int adb_t_push(struct transport *t, const char *path, const void *data, size_t len, unsigned mode)
{
	return cut(at_of(t), adb_sync_push(at_of(t)->client, at_of(t)->serial, path, data, len, mode));
}

static int adb_t_stat(struct transport *t, const char *path, struct transport_stat *st)
{
	return cut(at_of(t), adb_sync_stat(at_of(t)->client, at_of(t)->serial, path, st));
}

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One quick `echo` through a short-timeout client: is the device there? */
static bool probe(struct adb_transport *a, struct adb_client *quick)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int code = -1;
	int rc = adb_shell(quick, a->serial, "echo trident-probe", a->v2, &out, &err, &code);
	bool ok = !rc && code == 0 && strstr(out.buf, "trident-probe");
	strbuf_release(&out);
	strbuf_release(&err);
	return ok;
}

/* recover()'s probing client is cancelled with the transport's own. */
static void quick_track(struct adb_transport *a, struct adb_client *quick)
{
	pthread_mutex_lock(&a->quick_lock);
	a->quick = quick;
	if (adb_client_cancelled(a->client))
		adb_client_cancel(quick);
	pthread_mutex_unlock(&a->quick_lock);
}

static void quick_release(struct adb_transport *a, struct adb_client *quick)
{
	pthread_mutex_lock(&a->quick_lock);
	a->quick = NULL;
	pthread_mutex_unlock(&a->quick_lock);
	/* A server the probe had to restart is the one the run goes on with. */
	adb_client_adopt_server(a->client, quick);
	adb_client_free(quick);
}

static void adb_t_cancel(struct transport *t)
{
	struct adb_transport *a = at_of(t);
	pthread_mutex_lock(&a->quick_lock);
	adb_client_cancel(a->client);
	if (a->quick)
		adb_client_cancel(a->quick);
	pthread_mutex_unlock(&a->quick_lock);
}

static int adb_t_recover(struct transport *t, int failed_err)
{
	struct adb_transport *a = at_of(t);
	if (adb_client_cancelled(a->client))
		return td_error(TD_ERR_INTERRUPTED, "device %s: cancelled (the run is stopping)", a->serial);
	char saved[512];
	snprintf(saved, sizeof saved, "%s", td_errmsg(failed_err));
	int quick_ms = adb_client_timeout(a->client) < 3000 ? adb_client_timeout(a->client) : 3000;
	struct adb_client *quick = NULL;
	if (adb_client_twin(a->client, quick_ms, &quick))
		return td_error(failed_err, "%s", saved);
	quick_track(a, quick);
	if (probe(a, quick)) {
		/* The device is fine: the failure was the operation's own. */
		quick_release(a, quick);
		atomic_store(&t->lost, false);
		return td_error(failed_err, "%s", saved);
	}
	if (atomic_load(&t->lost)) {
		/* Already waited the whole reconnect time for this loss. */
		quick_release(a, quick);
		return td_error(TD_ERR_DEVICE, "device %s lost (gave up after %d ms; %s)", a->serial,
				a->wait_ms, saved);
	}
	long long start = mono_ms(), deadline = start + a->wait_ms;
	bool tcp = strchr(a->serial, ':') != NULL;
	log_warn("device %s lost (%s); waiting up to %d ms for it to come back", a->serial, saved,
		 a->wait_ms);
	int delay = 200;
	bool back = false;
	while (mono_ms() < deadline && !adb_client_cancelled(a->client)) {
		usleep((useconds_t)delay * 1000);
		if (delay < 1000)
			delay *= 2;
		int serr = adb_client_ensure_server(quick, NULL);
		if (serr) {
			log_debug("adb server: %s", td_errmsg(serr));
			continue;
		}
		if (tcp) {
			/* Drop the stale (offline) transport rather than wait for the
			 * server's own reconnect backoff, then connect afresh. */
			char svc[300];
			struct strbuf sb = STRBUF_INIT;
			snprintf(svc, sizeof svc, "host:disconnect:%s", a->serial);
			int qerr = adb_host_query(quick, svc, &sb);

			if (qerr)
				log_debug("disconnect %s: %s", a->serial, td_errmsg(qerr));
			strbuf_release(&sb);
			if ((qerr = adb_host_connect(quick, a->serial)))
				log_debug("reconnect %s: %s", a->serial, td_errmsg(qerr));
		}
		if (probe(a, quick)) {
			back = true;
			break;
		}
	}
	quick_release(a, quick);
	if (!back && adb_client_cancelled(a->client))
		return td_error(TD_ERR_INTERRUPTED, "device %s: cancelled (the run is stopping)", a->serial);
	atomic_store(&t->lost, !back);
	if (!back)
		return td_error(TD_ERR_DEVICE, "device %s lost and not back within %d ms (%s)", a->serial,
				a->wait_ms, saved);
	log_warn("device %s is back after %lld ms", a->serial, mono_ms() - start);
	return TD_OK;
}

static void adb_t_free(struct transport *t)
{
	struct adb_transport *a = at_of(t);
	adb_client_free(a->client);
	pthread_mutex_destroy(&a->quick_lock);
	free(a->serial);
	free(a);
}

static const struct transport_ops adb_ops = {
	.shell = adb_t_shell,
	.exec = adb_t_exec,
	.pull = adb_t_pull,
	.push = adb_t_push,
	.stat = adb_t_stat,
	.recover = adb_t_recover,
	.cancel = adb_t_cancel,
	.free = adb_t_free,
};

int transport_adb_new(struct adb_client *client, const char *serial, int wait_ms, struct transport **out)
{
	struct strbuf feat = STRBUF_INIT;
	int err = adb_device_features(client, serial, &feat);
	if (err) {
		adb_client_free(client);
		strbuf_release(&feat);
		return err;
	}
	struct adb_transport *a = xcalloc(1, sizeof *a);
	a->base.ops = &adb_ops;
	a->base.name = "adb";
	a->base.parallel = true;
	a->client = client;
	a->serial = xstrdup(serial);
	a->wait_ms = wait_ms;
	pthread_mutex_init(&a->quick_lock, NULL);
	/* Features are a comma-separated list. */
	char *save = NULL;
	for (char *tok = strtok_r(feat.buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strcmp(tok, "shell_v2"))
			a->v2 = true;
	/* Test hook: the legacy shell: path, as for a device without shell_v2. */
	const char *v1 = getenv("TRIDENT_ADB_SHELL_V1");
	if (v1 && !strcmp(v1, "1") && a->v2) {
		log_debug("device %s: TRIDENT_ADB_SHELL_V1=1: using shell: instead of shell,v2", serial);
		a->v2 = false;
	}
	log_debug("device %s: shell %s (features: %zu bytes)", serial, a->v2 ? "v2" : "v1", feat.len);
	strbuf_release(&feat);
	*out = &a->base;
	return TD_OK;
}

bool transport_adb_shell_v2(const struct transport *t)
{
	return t->ops == &adb_ops && ((const struct adb_transport *)t)->v2;
}
