/*
 * framebuf.c - pooled, reference-counted frame buffers (see framebuf.h).
 *
 * The pool is a LIFO list of idle buffers under one mutex: the most
 * recently used buffer, whose pages are the likeliest to be resident, is
 * handed out first.
 */
#include "core/framebuf.h"

#include <pthread.h>
#include <stdlib.h>

#include "core/xalloc.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct framebuf *pool_idle;  /* guarded by pool_lock */
static int pool_n;                  /* guarded by pool_lock */
static atomic_long pool_allocated;

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
	if (!f) {
		f = xcalloc(1, sizeof(*f));
		strbuf_init(&f->sb, cap);
		atomic_fetch_add(&pool_allocated, 1);
	}
	strbuf_reset(&f->sb);
	f->sb.cap = cap;
	f->next_idle = NULL;
	atomic_store(&f->refs, 1);
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
	pthread_mutex_lock(&pool_lock);
	if (pool_n < FRAMEBUF_POOL_IDLE) {
		f->next_idle = pool_idle;
		pool_idle = f;
		pool_n++;
		f = NULL;
	}
	pthread_mutex_unlock(&pool_lock);
	if (f) {
		strbuf_release(&f->sb);
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
		strbuf_release(&list->sb);
		free(list);
		list = next;
	}
}

long framebuf_allocated(void)
{
	return atomic_load(&pool_allocated);
}
