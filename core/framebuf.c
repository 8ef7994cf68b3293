/*
 * framebuf.c - pooled, reference-counted frame buffers (see framebuf.h).
 *
 * The pool is a LIFO list of idle buffers under one mutex: the most
 * recently used buffer, whose pages are the likeliest to be resident, is
 * handed out first.
 *
 * A capped buffer's memory is its own mapping of cap + 1 bytes (address
 * space only: pages become resident as the frame is written), not malloc's:
 * a 10 MB block freed to malloc stays in its arena, resident, until the
 * next malloc_trim (glibc raises its mmap threshold after the first such
 * free), so every frame a run ever had in use at once stayed in RSS. A
 * mapped buffer that the pool does not keep is unmapped at once. The
 * strbuf sees alloc = cap + 1, so no append ever reallocates it (one past
 * the cap fails with TD_ERR_TOO_BIG first); such a strbuf must not be
 * released or detached by strbuf calls (framebuf_unref does it).
 */
#include "core/framebuf.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/xalloc.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct framebuf *pool_idle;  /* guarded by pool_lock */
static int pool_n;                  /* guarded by pool_lock */
static atomic_long pool_allocated;
static atomic_long pool_in_use;     /* buffers handed out and not yet back */
static atomic_long pool_most_in_use;
static atomic_long pool_last_len;   /* the length of the last mapped buffer given back */

/* Give `f` memory for `cap` bytes: its own mapping when capped, malloc's (grown on demand) when not. */
static void buf_init(struct framebuf *f, size_t cap)
{
	strbuf_init(&f->sb, cap);
	f->mapped = 0;
	if (!cap)
		return;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), size = (cap + 1 + page - 1) / page * page;
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return;   /* no address space: malloc's, as an uncapped buffer (it still honours the cap) */
	/* Fault in as much as the last frame needed in one call: page by page,
	 * 2,500 faults for a 10 MB frame cost several times more system time
	 * on a VM (the buffer is about to be filled anyway). */
	size_t hint = (size_t)atomic_load(&pool_last_len);
	if (hint > size)
		hint = size;
#ifdef MADV_POPULATE_WRITE
	/* Fault the pages in with one call (Linux 5.14+; older kernels refuse it, and they fault in on use). */
	if (hint)
		(void)madvise(p, (hint + page - 1) / page * page, MADV_POPULATE_WRITE);
#endif
	f->sb.buf = p;
	f->sb.buf[0] = '\0';
	f->sb.alloc = size;
	f->mapped = size;
}

static void buf_release(struct framebuf *f)
{
	if (f->mapped) {
		(void)munmap(f->sb.buf, f->mapped);
		f->mapped = 0;
		strbuf_init(&f->sb, 0);
	} else {
		strbuf_release(&f->sb);
	}
}

struct framebuf *framebuf_get(size_t cap)
{
	struct framebuf *f;

	pthread_mutex_lock(&pool_lock);
	f = pool_idle;
	if (f) {
		pool_idle = f->next_idle;
		pool_n--;
	}
	pthread_mutex_unlock(&pool_lock);
	/* An idle buffer of the other kind, or mapped too small, gets new memory. */
	if (f && (f->mapped ? !cap || f->mapped < cap + 1 : cap != 0)) {
		buf_release(f);
		buf_init(f, cap);
		atomic_fetch_add(&pool_allocated, 1);
	}
	if (!f) {
		f = xcalloc(1, sizeof(*f));
		buf_init(f, cap);
		atomic_fetch_add(&pool_allocated, 1);
	}
	strbuf_reset(&f->sb);
	f->sb.cap = cap;
	f->next_idle = NULL;
	atomic_store(&f->refs, 1);
	long n = atomic_fetch_add(&pool_in_use, 1) + 1, most = atomic_load(&pool_most_in_use);
	while (n > most && !atomic_compare_exchange_weak(&pool_most_in_use, &most, n))
		;
	return f;
}

struct framebuf *framebuf_copy(const void *data, size_t len)
{
	struct framebuf *f = framebuf_get(0);
	(void)strbuf_add(&f->sb, data, len);   /* uncapped: only OOM fails, and that aborts */
	return f;
}

struct framebuf *framebuf_ref(struct framebuf *f)
{
	atomic_fetch_add(&f->refs, 1);
	return f;
}

void framebuf_unref(struct framebuf *f)
{
	if (!f || atomic_fetch_sub(&f->refs, 1) != 1)
		return;
	atomic_fetch_sub(&pool_in_use, 1);
	if (f->mapped)
		atomic_store(&pool_last_len, (long)f->sb.len + 1);
	pthread_mutex_lock(&pool_lock);
	if (pool_n < FRAMEBUF_POOL_IDLE) {
		f->next_idle = pool_idle;
		pool_idle = f;
		pool_n++;
		f = NULL;
	}
	pthread_mutex_unlock(&pool_lock);
	if (f) {
		buf_release(f);
		free(f);
	}
}

void framebuf_pool_trim(void)
{
	struct framebuf *list;

	pthread_mutex_lock(&pool_lock);
	list = pool_idle;
	pool_idle = NULL;
	pool_n = 0;
	pthread_mutex_unlock(&pool_lock);
	while (list) {
		struct framebuf *next = list->next_idle;
		buf_release(list);
		free(list);
		list = next;
	}
}

long framebuf_allocated(void)
{
	return atomic_load(&pool_allocated);
}

long framebuf_in_use(long *most)
{
	if (most)
		*most = atomic_load(&pool_most_in_use);
	return atomic_load(&pool_in_use);
}

void framebuf_in_use_reset_most(void)
{
	atomic_store(&pool_most_in_use, atomic_load(&pool_in_use));
}

long framebuf_idle(void)
{
	long n;
	pthread_mutex_lock(&pool_lock);
	n = pool_n;
	pthread_mutex_unlock(&pool_lock);
	return n;
}
