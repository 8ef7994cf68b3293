/*
 * transport.h - how the device layer reaches a device: run a shell command
 * line, run a command for its raw bytes, and move files. device.c builds
 * every command and parses every answer; a transport only carries them, so
 * the adb and sim backends share all of that code.
 *
 * Two implementations: transport_adb_new() (the adb server's host protocol,
 * adb_client.h) and transport_sim_new() (the in-process simulator).
 *
 * A transport whose `parallel` flag is set may be called from several
 * threads at once (device_capture uses that); otherwise calls must be
 * serialised by the caller.
 */
#ifndef TRIDENT_DEVICE_TRANSPORT_H
#define TRIDENT_DEVICE_TRANSPORT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/strbuf.h"

struct adb_client;
struct sim;

struct transport_stat {
	unsigned mode;  /* st_mode bits; 0 = does not exist */
	size_t size;
	long mtime;
};

struct transport;

struct transport_ops {
	/* Run `cmd` as `sh -c` would; stdout/stderr kept apart where possible. */
	int (*shell)(struct transport *t, const char *cmd, struct strbuf *out,
		     struct strbuf *err, int *exit_code);
	/* Run `cmd` and return its raw stdout bytes (exec: service). */
	int (*exec)(struct transport *t, const char *cmd, struct strbuf *out);
	int (*pull)(struct transport *t, const char *path, struct strbuf *out);
	int (*push)(struct transport *t, const char *path, const void *data, size_t len,
		    unsigned mode);
	int (*stat)(struct transport *t, const char *path, struct transport_stat *st);
	/* After a failure: is the device gone? Wait (bounded) and reconnect.
	 * TD_OK when it is back, an error when it stays away. May be NULL. */
	int (*recover)(struct transport *t, int failed_err);
	/* Cut the calls in flight and fail later ones with TD_ERR_INTERRUPTED
	 * (thread-safe). May be NULL: the in-process simulator's calls are short. */
	void (*cancel)(struct transport *t);
	void (*free)(struct transport *t);
};

struct transport {
	const struct transport_ops *ops;
	const char *name;     /* "adb" or "sim" */
	bool parallel;        /* calls may overlap (one connection per call) */
	/* Set by recover() when the device did not come back in time; cleared
	 * when it answers again. While set, recover() probes once and gives up
	 * at once, so one loss costs the documented wait, not one per call. */
	atomic_bool lost;
};

/* Thin wrappers over the ops; see struct transport_ops. */
int transport_shell(struct transport *t, const char *cmd, struct strbuf *out, struct strbuf *err,
		    int *exit_code) TD_MUST_CHECK;
int transport_exec(struct transport *t, const char *cmd, struct strbuf *out) TD_MUST_CHECK;
int transport_pull(struct transport *t, const char *path, struct strbuf *out) TD_MUST_CHECK;
int transport_push(struct transport *t, const char *path, const void *data, size_t len,
		   unsigned mode) TD_MUST_CHECK;
int transport_stat(struct transport *t, const char *path, struct transport_stat *st) TD_MUST_CHECK;
int transport_recover(struct transport *t, int failed_err) TD_MUST_CHECK;
void transport_cancel(struct transport *t);
void transport_free(struct transport *t);

/*
 * A transport over the in-process simulator `s` (borrowed; it must outlive
 * the transport). Output is capped at `cap` bytes per call (0 = 64 MiB).
 */
struct transport *transport_sim_new(struct sim *s, size_t cap);

/*
 * A transport to device `serial` through the adb server that `client`
 * talks to. It asks the device's features once: shell,v2 is used when the
 * device lists shell_v2, plain shell: otherwise (or always, when the
 * environment has TRIDENT_ADB_SHELL_V1=1: a test hook). `client` is owned by the
 * transport afterwards (freed on failure too). `wait_ms` bounds how long
 * recover() waits for a lost device to come back.
 */
int transport_adb_new(struct adb_client *client, const char *serial, int wait_ms,
		      struct transport **out) TD_MUST_CHECK;
/* Whether an adb transport uses shell,v2 (false for other transports). */
bool transport_adb_shell_v2(const struct transport *t);

#endif
