/*
 * queue.c - bounded addressed MPMC queue (see queue.h).
 *
 * A ring of messages under one mutex. Receivers wait on `not_empty`, senders
 * on `not_full`; both are broadcast because receivers are selective (a
 * message for the Detector must not be swallowed by a waiting Explorer's
 * wake-up). A selective receive removes from the middle of the ring by
 * shifting the later entries down, which keeps send order per recipient.
 */
#include "core/queue.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/xalloc.h"

struct msg_queue {
	pthread_mutex_t lock;
	pthread_cond_t not_empty;
	pthread_cond_t not_full;
	struct message *ring; /* guarded by lock */
	size_t capacity, head, count;
	int closed;
};

struct msg_queue *queue_new(size_t capacity)
{
	struct msg_queue *q = xcalloc(1, sizeof *q);
	if (capacity == 0)
		capacity = 1;
	q->ring = xcalloc(capacity, sizeof *q->ring);
	q->capacity = capacity;
	pthread_mutex_init(&q->lock, NULL);
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&q->not_empty, &attr);
	pthread_cond_init(&q->not_full, &attr);
	pthread_condattr_destroy(&attr);
	return q;
}

void queue_free(struct msg_queue *q)
{
	if (!q)
		return;
	for (size_t i = 0; i < q->count; i++)
		message_release(&q->ring[(q->head + i) % q->capacity]);
	pthread_cond_destroy(&q->not_empty);
	pthread_cond_destroy(&q->not_full);
	pthread_mutex_destroy(&q->lock);
	free(q->ring);
	free(q);
}

static void deadline_after(struct timespec *ts, int timeout_ms)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += timeout_ms / 1000;
	ts->tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

/* Wait on `cond`; returns TD_ERR_TIMEOUT once the deadline has passed. */
static int wait_on(pthread_cond_t *cond, pthread_mutex_t *lock, int timeout_ms,
		   const struct timespec *deadline)
{
	if (timeout_ms == 0)
		return TD_ERR_TIMEOUT;
	if (timeout_ms < 0) {
		pthread_cond_wait(cond, lock);
		return TD_OK;
	}
	int rc = pthread_cond_timedwait(cond, lock, deadline);
	return rc == ETIMEDOUT ? TD_ERR_TIMEOUT : TD_OK;
}

int queue_send(struct msg_queue *q, const struct message *msg, int timeout_ms)
{
	if (msg->to < 0)
		return TD_ERR_INVALID;
	struct timespec deadline;
	if (timeout_ms > 0)
		deadline_after(&deadline, timeout_ms);
	pthread_mutex_lock(&q->lock);
	while (q->count == q->capacity && !q->closed) {
		if (wait_on(&q->not_full, &q->lock, timeout_ms, &deadline) == TD_ERR_TIMEOUT &&
		    q->count == q->capacity && !q->closed) {
			pthread_mutex_unlock(&q->lock);
			return TD_ERR_TIMEOUT;
		}
	}
	if (q->closed) {
		pthread_mutex_unlock(&q->lock);
		return TD_ERR_CLOSED;
	}
	q->ring[(q->head + q->count) % q->capacity] = *msg;
	q->count++;
	pthread_mutex_unlock(&q->lock);
	pthread_cond_broadcast(&q->not_empty);
	return TD_OK;
}

/* Index (0-based from head) of the first message for `to`, or -1. */
static long find_for(const struct msg_queue *q, int to)
{
	for (size_t i = 0; i < q->count; i++)
		if (to == QUEUE_ANY || q->ring[(q->head + i) % q->capacity].to == to)
			return (long)i;
	return -1;
}

int queue_recv(struct msg_queue *q, int to, struct message *out, int timeout_ms)
{
	struct timespec deadline;
	if (timeout_ms > 0)
		deadline_after(&deadline, timeout_ms);
	pthread_mutex_lock(&q->lock);
	long at;
	while ((at = find_for(q, to)) < 0) {
		if (q->closed) {
			pthread_mutex_unlock(&q->lock);
			return TD_ERR_CLOSED;
		}
		if (wait_on(&q->not_empty, &q->lock, timeout_ms, &deadline) == TD_ERR_TIMEOUT &&
		    find_for(q, to) < 0) {
			int closed = q->closed;
			pthread_mutex_unlock(&q->lock);
			return closed ? TD_ERR_CLOSED : TD_ERR_TIMEOUT;
		}
	}
	*out = q->ring[(q->head + (size_t)at) % q->capacity];
	if (at == 0) {
		q->head = (q->head + 1) % q->capacity;
	} else {
		/* Close the gap: shift later messages one slot towards the head. */
		for (size_t i = (size_t)at; i + 1 < q->count; i++)
			q->ring[(q->head + i) % q->capacity] =
				q->ring[(q->head + i + 1) % q->capacity];
	}
	q->count--;
	pthread_mutex_unlock(&q->lock);
	pthread_cond_broadcast(&q->not_full);
	return TD_OK;
}

void queue_close(struct msg_queue *q)
{
	pthread_mutex_lock(&q->lock);
	q->closed = 1;
	pthread_mutex_unlock(&q->lock);
	pthread_cond_broadcast(&q->not_empty);
	pthread_cond_broadcast(&q->not_full);
}

int queue_is_closed(struct msg_queue *q)
{
	pthread_mutex_lock(&q->lock);
	int c = q->closed;
	pthread_mutex_unlock(&q->lock);
	return c;
}

size_t queue_length(struct msg_queue *q)
{
	pthread_mutex_lock(&q->lock);
	size_t n = q->count;
	pthread_mutex_unlock(&q->lock);
	return n;
}

void message_release(struct message *msg)
{
	if (msg->free_payload && msg->payload)
		msg->free_payload(msg->payload);
	memset(msg, 0, sizeof *msg);
}
