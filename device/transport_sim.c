/*
 * transport_sim.c - the transport to the in-process simulator: shell lines go
 * to sim_shell(), files to sim_file_*(). The simulator interprets the very
 * same command lines trident-simd receives over ADB.
 */
#include "device/transport.h"

#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"
#include "device/sim/sim.h"

#define SIM_DEFAULT_CAP (64u << 20)

struct sim_transport {
	struct transport base;
	struct sim *sim;
	size_t cap;
};

static struct sim_transport *st_of(struct transport *t)
{
	return (struct sim_transport *)t;
}

/*
 * Stdout goes straight into the caller's buffer (a capture's reused frame
 * buffer: the screencap frame is drawn in place, no copy), held to the
 * transport's cap as well as its own for the call; on failure the caller's
 * buffers are left as they were.
 */
static int sim_t_shell(struct transport *t, const char *cmd, struct strbuf *out, struct strbuf *err,
		       int *exit_code)
{
	struct sim_transport *s = st_of(t);
	struct strbuf o, e;
	size_t out_start = out ? out->len : 0, out_cap = out ? out->cap : 0;
	struct strbuf *to = out;
	if (out) {
		if (!out->cap || out->cap - out->len > s->cap)
			out->cap = out->len + s->cap;
	} else {
		strbuf_init(&o, s->cap);
		to = &o;
	}
	strbuf_init(&e, s->cap);
	int code = 0;
	int rc = sim_shell(s->sim, cmd, to, &e, &code);
	if (!rc && err)
		rc = strbuf_add(err, e.buf, e.len);
	if (rc == TD_ERR_TOO_BIG)
		rc = td_error(TD_ERR_TOO_BIG, "sim: output of '%.40s' over its cap", cmd);
	if (!rc)
		*exit_code = code;
	if (out) {
		out->cap = out_cap;
		if (rc)
			strbuf_setlen(out, out_start);
	} else {
		strbuf_release(&o);
	}
	strbuf_release(&e);
	return rc;
}

static int sim_t_exec(struct transport *t, const char *cmd, struct strbuf *out)
{
	int code;
	return sim_t_shell(t, cmd, out, NULL, &code);
}

static int sim_t_pull(struct transport *t, const char *path, struct strbuf *out)
{
	return sim_file_read(st_of(t)->sim, path, out);
}

static int sim_t_push(struct transport *t, const char *path, const void *data, size_t len, unsigned mode)
{
	return sim_file_write(st_of(t)->sim, path, data, len, mode);
}

static int sim_t_stat(struct transport *t, const char *path, struct transport_stat *st)
{
	struct sim_file_stat fs;
	int err = sim_file_stat(st_of(t)->sim, path, &fs);
	if (!err) {
		st->mode = fs.mode;
		st->size = fs.size;
		st->mtime = fs.mtime;
	}
	return err;
}

static void sim_t_free(struct transport *t)
{
	free(t);
}

static const struct transport_ops sim_ops = {
	.shell = sim_t_shell,
	.exec = sim_t_exec,
	.pull = sim_t_pull,
	.push = sim_t_push,
	.stat = sim_t_stat,
	.recover = NULL, /* an in-process device cannot get lost */
	.free = sim_t_free,
};

struct transport *transport_sim_new(struct sim *sim, size_t cap)
{
	struct sim_transport *s = xcalloc(1, sizeof *s);
	s->base.ops = &sim_ops;
	s->base.name = "sim";
	s->base.parallel = false;
	s->sim = sim;
	s->cap = cap ? cap : SIM_DEFAULT_CAP;
	return &s->base;
}
