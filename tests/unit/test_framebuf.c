/*
 * test_framebuf.c - pooled frame buffers (core/framebuf.h): a released
 * buffer comes back with its memory (no new allocation, same bytes
 * address), a capped buffer is a mapping of its own that never moves and
 * is unmapped when the pool does not keep it, references keep a buffer out
 * of the pool until the last one goes, the pool keeps at most
 * FRAMEBUF_POOL_IDLE idle buffers, and
 * several threads sharing frames never see a buffer reused under them
 * (run under TSan in CI; small and bounded).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/framebuf.h"
#include "test.h"

TEST(released_buffer_is_reused_with_its_memory)
{
	framebuf_pool_trim();
	long before = framebuf_allocated();
	struct framebuf *f = framebuf_get(2 << 20);
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

/* Whether the page at `p` is mapped in this process. */
static bool mapped(const void *p)
{
	long page = sysconf(_SC_PAGESIZE);
	return msync((void *)((uintptr_t)p / (uintptr_t)page * (uintptr_t)page), (size_t)page, MS_ASYNC) == 0;
}

/*
 * A capped buffer is a mapping of its own: filled up to its cap it never
 * moves, and when the pool does not keep it the memory goes back to the
 * system at once (a 10 MB block freed to malloc stayed resident in its
 * arena: RSS held every frame a run ever had in use at once).
 */
TEST(capped_buffer_is_its_own_mapping_and_unmapped_when_not_kept)
{
	enum { N = FRAMEBUF_POOL_IDLE + 2, CAP = 3 << 20 };
	struct framebuf *f[N];
	const char *mem[N];
	framebuf_pool_trim();
	for (int i = 0; i < N; i++) {
		f[i] = framebuf_get(CAP);
		mem[i] = f[i]->sb.buf;
		for (int k = 0; k < 3; k++) {   /* 3 x 1 MB: no reallocation on the way */
			static char mb[1 << 20];
			CHECK_OK(strbuf_add(&f[i]->sb, mb, sizeof mb));
		}
		CHECK(f[i]->sb.buf == mem[i]);
		CHECK_INT_EQ(strbuf_add(&f[i]->sb, "x", 1), TD_ERR_TOO_BIG);
		CHECK(mapped(mem[i]));
	}
	for (int i = 0; i < N; i++)
		framebuf_unref(f[i]);
	CHECK_INT_EQ(framebuf_idle(), FRAMEBUF_POOL_IDLE);
	/* The pool took the first ones released; the later ones were unmapped. */
	for (int i = 0; i < N; i++)
		CHECK(mapped(mem[i]) == (i < FRAMEBUF_POOL_IDLE));
	framebuf_pool_trim();
	for (int i = 0; i < N; i++)
		CHECK(!mapped(mem[i]));
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
	/* What a run's step needs between two captures (framebuf.h), not what
	 * a burst had in use: each idle buffer is a 10 MB frame kept resident. */
	CHECK(FRAMEBUF_POOL_IDLE <= 2);
	enum { N = FRAMEBUF_POOL_IDLE + 3 };
	struct framebuf *f[N];
	long before = framebuf_allocated();
	for (int i = 0; i < N; i++)
		f[i] = framebuf_get(0);
	CHECK_INT_EQ(framebuf_allocated() - before, N);
	for (int i = 0; i < N; i++)
		framebuf_unref(f[i]);
	/* FRAMEBUF_POOL_IDLE came back; the next get()s reuse them, then allocate. */
	CHECK_INT_EQ(framebuf_idle(), FRAMEBUF_POOL_IDLE);
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
	framebuf_in_use_reset_most();
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
	 * the one it replaced, plus the slots: at most 4 * THREADS; all back. */
	long most;
	CHECK_INT_EQ(framebuf_in_use(&most), 0);
	CHECK(most <= 4 * THREADS);
	CHECK(framebuf_allocated() - before >= 1);
	framebuf_pool_trim();
}

int main(void)
{
	RUN(released_buffer_is_reused_with_its_memory);
	RUN(capped_buffer_is_its_own_mapping_and_unmapped_when_not_kept);
	RUN(references_keep_a_buffer_out_of_the_pool);
	RUN(pool_keeps_at_most_its_idle_count);
	RUN(threads_share_frames_safely);
	return test_summary();
}
