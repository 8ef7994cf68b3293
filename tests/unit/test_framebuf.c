/*
 * test_framebuf.c - pooled frame buffers (core/framebuf.h): a released
 * buffer comes back with its memory (no new allocation, same bytes
 * address), references keep a buffer out of the pool until the last one
 * goes, the pool keeps at most FRAMEBUF_POOL_IDLE idle buffers, and
 * several threads sharing frames never see a buffer reused under them
 * (run under TSan in CI; small and bounded).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/framebuf.h"
#include "test.h"

TEST(released_buffer_is_reused_with_its_memory)
{
	framebuf_pool_trim();
	long before = framebuf_allocated();
	struct framebuf *f = framebuf_get(0);
	CHECK_OK(strbuf_grow(&f->sb, 1 << 20));
	memset(f->sb.buf, 7, 1 << 20);
	strbuf_extend(&f->sb, 1 << 20);
	const char *mem = f->sb.buf;
	framebuf_unref(f);
	struct framebuf *g = framebuf_get(100);
	CHECK(g == f);
	CHECK(g->sb.buf == mem);          /* the memory came back with it */
	CHECK_INT_EQ(g->sb.len, 0);       /* empty */
	CHECK_INT_EQ(g->sb.cap, 100);     /* the new cap */
	CHECK(g->sb.alloc >= (size_t)1 << 20);
	CHECK_INT_EQ(strbuf_add(&g->sb, mem, 101), TD_ERR_TOO_BIG);
	CHECK_INT_EQ(framebuf_allocated() - before, 1);
	framebuf_unref(g);
	framebuf_pool_trim();
}

TEST(references_keep_a_buffer_out_of_the_pool)
{
	framebuf_pool_trim();
	struct framebuf *f = framebuf_copy("frame", 5);
	struct framebuf *r = framebuf_ref(f);
	CHECK(r == f);
	framebuf_unref(f);                /* one reference left: not in the pool */
	struct framebuf *g = framebuf_get(0);
	CHECK(g != f);
	CHECK(memcmp(r->sb.buf, "frame", 5) == 0 && r->sb.len == 5);
	framebuf_unref(r);                /* now it is */
	struct framebuf *h = framebuf_get(0);
	CHECK(h == f);
	framebuf_unref(g);
	framebuf_unref(h);
	framebuf_unref(NULL);
	framebuf_pool_trim();
}

TEST(pool_keeps_at_most_its_idle_count)
{
	framebuf_pool_trim();
	enum { N = FRAMEBUF_POOL_IDLE + 3 };
	struct framebuf *f[N];
	long before = framebuf_allocated();
	for (int i = 0; i < N; i++)
		f[i] = framebuf_get(0);
	CHECK_INT_EQ(framebuf_allocated() - before, N);
	for (int i = 0; i < N; i++)
		framebuf_unref(f[i]);
	/* FRAMEBUF_POOL_IDLE came back; the next get()s reuse them, then allocate. */
	for (int i = 0; i < N; i++)
		f[i] = framebuf_get(0);
	CHECK_INT_EQ(framebuf_allocated() - before, N + (N - FRAMEBUF_POOL_IDLE));
	for (int i = 0; i < N; i++)
		framebuf_unref(f[i]);
	framebuf_pool_trim();
}

/* Shared between threads: each fills its own frames, hands references to a
 * reader slot, and checks the frames it reads are intact. */
#define THREADS 2
#define ROUNDS 2000
static struct framebuf *slot[THREADS];
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static int bad;

static void *worker(void *arg)
{
	int me = (int)(long)arg;
	for (int i = 0; i < ROUNDS; i++) {
		struct framebuf *f = framebuf_get(0), *other;
		unsigned char tag = (unsigned char)(me * 16 + (i & 15));
		unsigned char buf[64];
		memset(buf, tag, sizeof buf);
		(void)strbuf_add(&f->sb, buf, sizeof buf);
		pthread_mutex_lock(&slot_lock);
		other = slot[(me + 1) % THREADS];
		slot[(me + 1) % THREADS] = NULL;
		struct framebuf *old = slot[me];
		slot[me] = framebuf_ref(f);
		pthread_mutex_unlock(&slot_lock);
		framebuf_unref(old);
		if (other) {
			/* Whatever its writer put there, all 64 bytes alike. */
			for (int k = 1; k < 64; k++)
				if (other->sb.buf[k] != other->sb.buf[0] || other->sb.len != 64)
					__atomic_add_fetch(&bad, 1, __ATOMIC_RELAXED);
			framebuf_unref(other);
		}
		framebuf_unref(f);
	}
	return NULL;
}

TEST(threads_share_frames_safely)
{
	pthread_t th[THREADS];
	framebuf_pool_trim();
	long before = framebuf_allocated();
	for (long i = 0; i < THREADS; i++)
		REQUIRE(pthread_create(&th[i], NULL, worker, (void *)i) == 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(th[i], NULL);
	for (int i = 0; i < THREADS; i++) {
		framebuf_unref(slot[i]);
		slot[i] = NULL;
	}
	CHECK_INT_EQ(bad, 0);
	/* Distinct buffers at once: per thread its frame, the one it took and
	 * the one it replaced, plus the slots: 4 * THREADS, within the pool's
	 * idle count, so none is ever freed and made again (not THREADS * ROUNDS). */
	CHECK(4 * THREADS <= FRAMEBUF_POOL_IDLE);
	CHECK(framebuf_allocated() - before <= 4 * THREADS);
	framebuf_pool_trim();
}

int main(void)
{
	RUN(released_buffer_is_reused_with_its_memory);
	RUN(references_keep_a_buffer_out_of_the_pool);
	RUN(pool_keeps_at_most_its_idle_count);
	RUN(threads_share_frames_safely);
	return test_summary();
}
