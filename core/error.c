/* error.c - error codes and per-thread error messages (see error.h). */
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const messages[TD_ERR__COUNT] = {
	[TD_OK] = "success",
	[TD_ERR_NOMEM] = "out of memory",
	[TD_ERR_INVALID] = "invalid argument",
	[TD_ERR_IO] = "input/output error",
	[TD_ERR_PARSE] = "parse error",
	[TD_ERR_TOO_BIG] = "input too large",
	[TD_ERR_TIMEOUT] = "timed out",
	[TD_ERR_CLOSED] = "closed",
	[TD_ERR_NOT_FOUND] = "not found",
	[TD_ERR_PROTOCOL] = "protocol error",
	[TD_ERR_DEVICE] = "device error",
	[TD_ERR_MODEL] = "model service error",
	[TD_ERR_AUTH] = "authentication failed",
	[TD_ERR_BUDGET] = "budget exhausted",
	[TD_ERR_UNSUPPORTED] = "not supported",
	[TD_ERR_CONFIG] = "configuration error",
	[TD_ERR_INTERRUPTED] = "interrupted",
};

static _Thread_local char last_message[1024];
static _Thread_local int have_message;
static _Thread_local int last_code;

const char *td_strerror(int err)
{
	if (err < 0 || err >= TD_ERR__COUNT || !messages[err])
		return "unknown error";
	return messages[err];
}

int td_error(int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_message, sizeof last_message, fmt, ap);
	va_end(ap);
	have_message = 1;
	last_code = err;
	return err;
}

const char *td_errmsg(int err)
{
	return have_message && last_code == err ? last_message : td_strerror(err);
}

void td_error_clear(void)
{
	have_message = 0;
	last_message[0] = '\0';
}
