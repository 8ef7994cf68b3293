/*
 * queue.h - the shared message queue, the one channel the agents talk over.
 *
 * Bounded, blocking, multi-producer/multi-consumer. Every message is addressed
 * to one recipient (an agent id); a receiver asks for the messages addressed to
 * it (or QUEUE_ANY) and gets them in the order they were sent.
 *
 * Ownership:
 *   - queue_send() takes ownership of msg->payload only when it returns TD_OK.
 *     On failure (TD_ERR_CLOSED, TD_ERR_TIMEOUT) the caller still owns it.
 *   - queue_recv() hands the payload to the caller, who releases it with
 *     message_release() (which calls msg->free_payload when set).
 *   - Messages still queued at queue_free() are released with message_release().
 *
 * Close: after queue_close(), sends fail with TD_ERR_CLOSED; receivers first
 * drain what is already queued for them, then get TD_ERR_CLOSED. Closing wakes
 * every waiter.
 *
 * Locking: one mutex per queue, never held while calling free_payload or any
 * user code. It is a leaf lock: no other lock is taken while holding it.
 */
#ifndef TRIDENT_CORE_QUEUE_H
#define TRIDENT_CORE_QUEUE_H

#include <stddef.h>

#include "core/error.h"

#define QUEUE_ANY (-1)
#define QUEUE_FOREVER (-1)

struct message {
	int to;                           /* recipient id, >= 0 */
	int from;                         /* sender id, informational */
	int type;                         /* meaning is the agents' business */
	void *payload;                    /* owned by whoever holds the message */
	void (*free_payload)(void *payload); /* NULL: payload is not freed */
};

struct msg_queue;

/* A queue holding at most `capacity` (>= 1) messages. */
struct msg_queue *queue_new(size_t capacity);
/* Release queued messages and the queue. No thread may still use it. */
void queue_free(struct msg_queue *q);

/*
 * Enqueue a copy of *msg, blocking while the queue is full, for at most
 * timeout_ms (QUEUE_FOREVER to wait without limit, 0 to not wait).
 * TD_OK, TD_ERR_CLOSED, TD_ERR_TIMEOUT or TD_ERR_INVALID (bad recipient).
 */
int queue_send(struct msg_queue *q, const struct message *msg, int timeout_ms) TD_MUST_CHECK;

/*
 * Dequeue the oldest message addressed to `to` (QUEUE_ANY: any message) into
 * *out, waiting at most timeout_ms. TD_OK, TD_ERR_TIMEOUT, or TD_ERR_CLOSED
 * once the queue is closed and nothing for `to` is left.
 */
int queue_recv(struct msg_queue *q, int to, struct message *out, int timeout_ms) TD_MUST_CHECK;

/* Refuse further sends and wake all waiters. Idempotent. */
void queue_close(struct msg_queue *q);
int queue_is_closed(struct msg_queue *q);
/* Messages currently queued. */
size_t queue_length(struct msg_queue *q);

/* Free the payload with its free function (if any) and clear the message. */
void message_release(struct message *msg);

#endif
