/* transport.c - the transport wrappers (see transport.h). */
#include "device/transport.h"

int transport_shell(struct transport *t, const char *cmd, struct strbuf *out, struct strbuf *err,
		    int *exit_code)
{
	return t->ops->shell(t, cmd, out, err, exit_code);
}

int transport_exec(struct transport *t, const char *cmd, struct strbuf *out)
{
	return t->ops->exec(t, cmd, out);
}

int transport_pull(struct transport *t, const char *path, struct strbuf *out)
{
	return t->ops->pull(t, path, out);
}

int transport_push(struct transport *t, const char *path, const void *data, size_t len, unsigned mode)
{
	return t->ops->push(t, path, data, len, mode);
}

int transport_stat(struct transport *t, const char *path, struct transport_stat *st)
{
	return t->ops->stat(t, path, st);
}

int transport_recover(struct transport *t, int failed_err)
{
	if (!t->ops->recover)
		return failed_err;
	return t->ops->recover(t, failed_err);
}

void transport_cancel(struct transport *t)
{
	if (t && t->ops->cancel)
		t->ops->cancel(t);
}

void transport_free(struct transport *t)
{
	if (t)
		t->ops->free(t);
}
