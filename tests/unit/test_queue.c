/* test_queue.c - the agents' message queue: order, addressing, timeouts,
 * close semantics, ownership, and a 4-producer/3-consumer stress run. */
#include <pthread.h>
#include <stdint.h>

#include "core/queue.h"
#include "core/xalloc.h"
#include "test.h"

static int freed;
static void count_free(void *p)
{
	__atomic_add_fetch(&freed, 1, __ATOMIC_SEQ_CST);
	free(p);
}

static struct message msg_to(int to, int type)
{
	struct message m = { .to = to, .from = 0, .type = type };
	return m;
}

TEST(fifo_per_recipient)
{
	struct msg_queue *q = queue_new(8);
	for (int i = 0; i < 3; i++) {
		struct message m = msg_to(i % 2, i);
		CHECK_OK(queue_send(q, &m, 0));
	}
	struct message out;
	CHECK_OK(queue_recv(q, 1, &out, 0));
	CHECK_INT_EQ(out.type, 1);
	CHECK_OK(queue_recv(q, 0, &out, 0));
	CHECK_INT_EQ(out.type, 0);
	CHECK_OK(queue_recv(q, QUEUE_ANY, &out, 0));
	CHECK_INT_EQ(out.type, 2);
	CHECK_INT_EQ(queue_recv(q, QUEUE_ANY, &out, 0), TD_ERR_TIMEOUT);
	queue_free(q);
}

TEST(timeouts)
{
	struct msg_queue *q = queue_new(1);
	struct message m = msg_to(0, 1), out;
	CHECK_INT_EQ(queue_recv(q, 0, &out, 50), TD_ERR_TIMEOUT);
	CHECK_OK(queue_send(q, &m, 0));
	CHECK_INT_EQ(queue_send(q, &m, 50), TD_ERR_TIMEOUT);
	/* A message for someone else does not satisfy a selective receive. */
	CHECK_INT_EQ(queue_recv(q, 5, &out, 20), TD_ERR_TIMEOUT);
	CHECK_INT_EQ(queue_length(q), 1);
	queue_free(q);
}

TEST(close_drains_then_closed)
{
	struct msg_queue *q = queue_new(4);
	struct message m = msg_to(0, 7), out;
	CHECK_OK(queue_send(q, &m, 0));
	queue_close(q);
	CHECK(queue_is_closed(q));
	CHECK_INT_EQ(queue_send(q, &m, 0), TD_ERR_CLOSED);
	CHECK_OK(queue_recv(q, 0, &out, QUEUE_FOREVER));
	CHECK_INT_EQ(out.type, 7);
	CHECK_INT_EQ(queue_recv(q, 0, &out, QUEUE_FOREVER), TD_ERR_CLOSED);
	queue_free(q);
}

TEST(invalid_recipient)
{
	struct msg_queue *q = queue_new(2);
	struct message m = msg_to(-3, 0);
	CHECK_INT_EQ(queue_send(q, &m, 0), TD_ERR_INVALID);
	queue_free(q);
}

TEST(free_releases_queued_payloads)
{
	freed = 0;
	struct msg_queue *q = queue_new(4);
	for (int i = 0; i < 3; i++) {
		struct message m = msg_to(0, 0);
		m.payload = xmalloc(16);
		m.free_payload = count_free;
		CHECK_OK(queue_send(q, &m, 0));
	}
	struct message out;
	CHECK_OK(queue_recv(q, 0, &out, 0));
	message_release(&out);
	CHECK_INT_EQ(freed, 1);
	queue_free(q);
	CHECK_INT_EQ(freed, 3);
}

static void *closer(void *arg)
{
	struct timespec ts = { 0, 50 * 1000000L };
	nanosleep(&ts, NULL);
	queue_close(arg);
	return NULL;
}

TEST(close_wakes_blocked_receiver)
{
	struct msg_queue *q = queue_new(2);
	pthread_t t;
	pthread_create(&t, NULL, closer, q);
	struct message out;
	CHECK_INT_EQ(queue_recv(q, 0, &out, QUEUE_FOREVER), TD_ERR_CLOSED);
	pthread_join(t, NULL);
	queue_free(q);
}

/* Stress: 4 producers, 3 consumers, 100,000 messages through a small queue. */
enum { PRODUCERS = 4, CONSUMERS = 3, TOTAL = 100000, PER_PRODUCER = TOTAL / PRODUCERS };

struct stress {
	struct msg_queue *q;
	unsigned char seen[TOTAL];
	pthread_mutex_t lock;
	int duplicates, received;
};

struct producer_arg {
	struct stress *s;
	int id;
};

static void *produce(void *p)
{
	struct producer_arg *a = p;
	for (int i = 0; i < PER_PRODUCER; i++) {
		int *n = xmalloc(sizeof *n);
		*n = a->id * PER_PRODUCER + i;
		struct message m = { .to = *n % CONSUMERS, .from = a->id, .type = 1,
				     .payload = n, .free_payload = free };
		if (queue_send(a->s->q, &m, QUEUE_FOREVER) != TD_OK)
			free(n);
	}
	return NULL;
}

struct consumer_arg {
	struct stress *s;
	int id;
	int bad_address;
};

static void *consume(void *p)
{
	struct consumer_arg *a = p;
	struct message m;
	while (queue_recv(a->s->q, a->id, &m, QUEUE_FOREVER) == TD_OK) {
		int n = *(int *)m.payload;
		if (n % CONSUMERS != a->id)
			a->bad_address++;
		pthread_mutex_lock(&a->s->lock);
		if (n >= 0 && n < TOTAL) {
			if (a->s->seen[n])
				a->s->duplicates++;
			a->s->seen[n] = 1;
		}
		a->s->received++;
		pthread_mutex_unlock(&a->s->lock);
		message_release(&m);
	}
	return NULL;
}

TEST(stress_4_producers_3_consumers)
{
	static struct stress s;
	memset(&s, 0, sizeof s);
	s.q = queue_new(64);
	pthread_mutex_init(&s.lock, NULL);
	pthread_t prod[PRODUCERS], cons[CONSUMERS];
	struct producer_arg pa[PRODUCERS];
	struct consumer_arg ca[CONSUMERS];
	for (int i = 0; i < CONSUMERS; i++) {
		ca[i] = (struct consumer_arg){ &s, i, 0 };
		pthread_create(&cons[i], NULL, consume, &ca[i]);
	}
	for (int i = 0; i < PRODUCERS; i++) {
		pa[i] = (struct producer_arg){ &s, i };
		pthread_create(&prod[i], NULL, produce, &pa[i]);
	}
	for (int i = 0; i < PRODUCERS; i++)
		pthread_join(prod[i], NULL);
	queue_close(s.q);
	for (int i = 0; i < CONSUMERS; i++)
		pthread_join(cons[i], NULL);
	int missing = 0;
	for (int i = 0; i < TOTAL; i++)
		missing += !s.seen[i];
	CHECK_INT_EQ(s.received, TOTAL);
	CHECK_INT_EQ(missing, 0);
	CHECK_INT_EQ(s.duplicates, 0);
	for (int i = 0; i < CONSUMERS; i++)
		CHECK_INT_EQ(ca[i].bad_address, 0);
	CHECK_INT_EQ(queue_length(s.q), 0);
	queue_free(s.q);
	pthread_mutex_destroy(&s.lock);
}

int main(void)
{
	RUN(fifo_per_recipient);
	RUN(timeouts);
	RUN(close_drains_then_closed);
	RUN(invalid_recipient);
	RUN(free_releases_queued_payloads);
	RUN(close_wakes_blocked_receiver);
	RUN(stress_4_producers_3_consumers);
	return test_summary();
}
