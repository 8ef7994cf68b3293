/*
 * error.h - the engine's one error enum, and errors with context.
 *
 * Library functions return an `enum td_err` (TD_OK is 0). When they have more
 * to say than the code (which file, which key, which byte), they record a
 * message with td_error() just before returning; the caller reads it with
 * td_errmsg(). The message is per thread, so agents never see each other's.
 */
#ifndef TRIDENT_CORE_ERROR_H
#define TRIDENT_CORE_ERROR_H

#define TD_MUST_CHECK __attribute__((warn_unused_result))
#define TD_PRINTF(a, b) __attribute__((format(printf, a, b)))

enum td_err {
	TD_OK = 0,
	TD_ERR_NOMEM,        /* allocation failed (normally xmalloc aborts) */
	TD_ERR_INVALID,      /* bad argument or bad input */
	TD_ERR_IO,           /* a file or socket operation failed */
	TD_ERR_PARSE,        /* untrusted input could not be parsed */
	TD_ERR_TOO_BIG,      /* input over its size cap */
	TD_ERR_TIMEOUT,      /* a deadline passed */
	TD_ERR_CLOSED,       /* the queue or connection is closed */
	TD_ERR_NOT_FOUND,    /* no such file, key, widget, device */
	TD_ERR_PROTOCOL,     /* the peer broke the protocol */
	TD_ERR_DEVICE,       /* the device refused or failed the operation */
	TD_ERR_MODEL,        /* the model service failed or answered badly */
	TD_ERR_AUTH,         /* credentials rejected (401/403) */
	TD_ERR_BUDGET,       /* a token, money, step or time budget ran out */
	TD_ERR_UNSUPPORTED,  /* the operation is not supported here */
	TD_ERR_CONFIG,       /* configuration is wrong */
	TD_ERR_INTERRUPTED,  /* stopped by a signal or by the run controller */
	TD_ERR__COUNT
};

/* A short, static description of an error code ("timed out"). */
const char *td_strerror(int err);

/*
 * Record a formatted message for this thread and return `err`, so that
 * `return td_error(TD_ERR_PARSE, "%s:%d: %s", file, line, why);` reads well.
 */
int td_error(int err, const char *fmt, ...) TD_PRINTF(2, 3);

/*
 * The message last recorded by td_error() on this thread when it was
 * recorded with the code `err` (pass the code the failing call returned),
 * else the plain td_strerror() text of `err`: a message left by an earlier
 * failure of another kind is never shown for this one. The pointer stays
 * valid until this thread's next td_error().
 */
const char *td_errmsg(int err);

/* Forget this thread's recorded message. */
void td_error_clear(void);

#endif
