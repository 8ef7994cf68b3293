/* xalloc.c - aborting allocation wrappers (see xalloc.h). */
#include "core/xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__ /* defined by the headers above */
#include <malloc.h>
#endif

static void out_of_memory(size_t size)
{
	fprintf(stderr, "trident: out of memory allocating %zu bytes\n", size);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
	if (!p)
		out_of_memory(nmemb * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

void *xgrow(void *ptr, size_t *alloc, size_t need, size_t elem)
{
	if (need <= *alloc)
		return ptr;
	size_t n = *alloc ? *alloc : 8;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			out_of_memory(SIZE_MAX);
		n *= 2;
	}
	if (elem && n > SIZE_MAX / elem)
		out_of_memory(SIZE_MAX);
	ptr = xrealloc(ptr, n * elem);
	*alloc = n;
	return ptr;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s);
	char *p = xmalloc(n + 1);
	memcpy(p, s, n + 1);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = NULL;
	int n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory(0);
	return p;
}

void *xmalloc_filled(size_t size)
{
	void *p = xmalloc(size);
#ifdef MADV_POPULATE_WRITE
	/* Under 1 MB the faults are few; whole pages inside the block only. */
	if (size >= (1u << 20)) {
		uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
		uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1), b = ((uintptr_t)p + size) & ~(page - 1);
		if (b > a)
			(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
	}
#endif
	return p;
}

void xalloc_trim(void)
{
#ifdef __GLIBC__
	(void)malloc_trim(0);
#endif
}
