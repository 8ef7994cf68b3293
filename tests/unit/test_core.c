/* test_core.c - error messages, strbuf caps, xalloc helpers and logging. */
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/error.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "test.h"

TEST(errors)
{
	td_error_clear();
	CHECK_STR_EQ(td_errmsg(TD_ERR_TIMEOUT), "timed out");
	CHECK_INT_EQ(td_error(TD_ERR_PARSE, "%s:%d: bad", "f.xml", 3), TD_ERR_PARSE);
	CHECK_STR_EQ(td_errmsg(TD_ERR_PARSE), "f.xml:3: bad");
	/* A message recorded with another code is not this failure's: the plain text instead. */
	CHECK_STR_EQ(td_errmsg(TD_ERR_IO), "input/output error");
	CHECK_STR_EQ(td_errmsg(TD_ERR_PARSE), "f.xml:3: bad");
	td_error_clear();
	CHECK_STR_EQ(td_strerror(9999), "unknown error");
	CHECK_STR_EQ(td_strerror(-1), "unknown error");
	for (int i = 0; i < TD_ERR__COUNT; i++)
		CHECK(strcmp(td_strerror(i), "unknown error") != 0);
}

static void *other_thread(void *arg)
{
	(void)arg;
	td_error_clear();
	return (void *)(strcmp(td_errmsg(TD_ERR_IO), "input/output error") == 0 ? (void *)1 : NULL);
}

TEST(error_message_is_per_thread)
{
	td_error(TD_ERR_IO, "main thread message");
	pthread_t t;
	void *ok = NULL;
	pthread_create(&t, NULL, other_thread, NULL);
	pthread_join(t, &ok);
	CHECK(ok != NULL);
	CHECK_STR_EQ(td_errmsg(TD_ERR_IO), "main thread message");
}

TEST(strbuf_basics)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_STR_EQ(sb.buf, "");
	CHECK_OK(strbuf_adds(&sb, "abc"));
	CHECK_OK(strbuf_addf(&sb, "-%d-", 42));
	CHECK_OK(strbuf_addch(&sb, 'z'));
	CHECK_STR_EQ(sb.buf, "abc-42-z");
	for (int i = 0; i < 1000; i++)
		CHECK_OK(strbuf_addf(&sb, "%0300d", i));
	CHECK_INT_EQ(sb.len, 8 + 300000);
	strbuf_setlen(&sb, 3);
	CHECK_STR_EQ(sb.buf, "abc");
	CHECK_OK(strbuf_adds(&sb, "  \n"));
	strbuf_rtrim(&sb);
	CHECK_STR_EQ(sb.buf, "abc");
	size_t len;
	char *p = strbuf_detach(&sb, &len);
	CHECK_INT_EQ(len, 3);
	CHECK_STR_EQ(p, "abc");
	free(p);
	CHECK_STR_EQ(sb.buf, "");
	strbuf_release(&sb);
}

TEST(strbuf_cap)
{
	struct strbuf sb;
	strbuf_init(&sb, 10);
	CHECK_OK(strbuf_adds(&sb, "0123456789"));
	CHECK_INT_EQ(strbuf_addch(&sb, 'x'), TD_ERR_TOO_BIG);
	CHECK_INT_EQ(strbuf_addf(&sb, "%s", "y"), TD_ERR_TOO_BIG);
	CHECK_STR_EQ(sb.buf, "0123456789");
	strbuf_release(&sb);
	strbuf_init(&sb, 100);
	CHECK_INT_EQ(strbuf_addf(&sb, "%0400d", 1), TD_ERR_TOO_BIG);
	CHECK_INT_EQ(sb.len, 0);
	strbuf_release(&sb);
}

TEST(strbuf_json_string)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(strbuf_add_json_string(&sb, "a\"b\\c\n\x01"));
	CHECK_STR_EQ(sb.buf, "\"a\\\"b\\\\c\\n\\u0001\"");
	strbuf_release(&sb);
}

TEST(strbuf_xml)
{
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(strbuf_add_xml(&sb, "<a href=\"x\">Tom's & Jerry\x01\x1b\t\n</a>"));
	CHECK_STR_EQ(sb.buf, "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry\t\n&lt;/a&gt;");
	CHECK_OK(strbuf_add_xml(&sb, NULL));
	strbuf_release(&sb);
}

TEST(strbuf_read_file)
{
	char path[] = "/tmp/trident-sb-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	ssize_t n = write(fd, "hello world", 11);
	CHECK_INT_EQ(n, 11);
	close(fd);
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(strbuf_read_file(&sb, path));
	CHECK_STR_EQ(sb.buf, "hello world");
	strbuf_release(&sb);
	strbuf_init(&sb, 5);
	int err = strbuf_read_file(&sb, path);
	CHECK_INT_EQ(err, TD_ERR_TOO_BIG);
	CHECK(strstr(td_errmsg(err), path) != NULL);
	strbuf_release(&sb);
	unlink(path);
	err = strbuf_read_file(&sb, path);
	CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
}

TEST(xalloc_helpers)
{
	char *s = xasprintf("%s-%d", "a", 7);
	CHECK_STR_EQ(s, "a-7");
	free(s);
	s = xstrndup("abcdef", 3);
	CHECK_STR_EQ(s, "abc");
	free(s);
	CHECK(xstrdup_or_null(NULL) == NULL);
	size_t alloc = 0;
	int *v = xgrow(NULL, &alloc, 100, sizeof *v);
	CHECK(alloc >= 100);
	v[99] = 1;
	free(v);
}

/* Pages of [p, p + len) that are resident, and how many whole pages it holds. */
static size_t resident_pages(const void *p, size_t len, size_t *pages)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), n = 0;
	uintptr_t a = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
	uintptr_t b = ((uintptr_t)p + len) & ~(uintptr_t)(page - 1);
	unsigned char *vec;

	*pages = b > a ? (b - a) / page : 0;
	if (!*pages)
		return 0;
	vec = xmalloc(*pages);
	if (mincore((void *)a, b - a, vec) == 0)
		for (size_t i = 0; i < *pages; i++)
			n += vec[i] & 1;
	free(vec);
	return n;
}

TEST(xmalloc_filled_faults_a_large_block_in_at_once)
{
	size_t len = 24u << 20, pages, got;   /* above any malloc mmap threshold: a fresh mapping */
	unsigned char *p;

#ifndef MADV_POPULATE_WRITE
	return;   /* plain xmalloc there: nothing to check */
#else
	{
		/* A kernel before 5.14 refuses the call: plain xmalloc then too. */
		void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		REQUIRE(m != MAP_FAILED);
		int ok = madvise(m, 4096, MADV_POPULATE_WRITE) == 0;
		munmap(m, 4096);
		if (!ok)
			return;
	}
#endif
	p = xmalloc_filled(len);
	got = resident_pages(p, len, &pages);
	CHECK(pages > 0);
	CHECK_INT_EQ(got, pages);        /* every page in before the first write */
	memset(p, 7, len);
	CHECK(p[0] == 7 && p[len - 1] == 7);
	free(p);
	/* Small blocks are plain xmalloc. */
	p = xmalloc_filled(100);
	memset(p, 1, 100);
	free(p);
}

TEST(log_to_file_with_thread_name)
{
	char path[] = "/tmp/trident-log-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	close(fd);
	CHECK_OK(log_open(path));
	enum log_level old = log_get_level();
	log_set_level(LOG_SILENT);
	log_set_thread_name("explorer");
	log_info("step %d", 3);
	log_debug("details");
	log_trace("not in file");
	log_close();
	log_set_level(old);
	struct strbuf sb = STRBUF_INIT;
	CHECK_OK(strbuf_read_file(&sb, path));
	CHECK(strstr(sb.buf, "INFO  [explorer] test_log_to_file_with_thread_name: step 3") != NULL);
	CHECK(strstr(sb.buf, "DEBUG") != NULL);
	CHECK(strstr(sb.buf, "not in file") == NULL);
	strbuf_release(&sb);
	unlink(path);
	CHECK_INT_EQ(log_level_parse("warn"), LOG_WARN);
	CHECK_INT_EQ(log_level_parse("loud"), -1);
	CHECK_INT_EQ(log_open("/nonexistent/dir/x.log"), TD_ERR_IO);
}

int main(void)
{
	RUN(errors);
	RUN(error_message_is_per_thread);
	RUN(strbuf_basics);
	RUN(strbuf_cap);
	RUN(strbuf_json_string);
	RUN(strbuf_xml);
	RUN(strbuf_read_file);
	RUN(xalloc_helpers);
	RUN(xmalloc_filled_faults_a_large_block_in_at_once);
	RUN(log_to_file_with_thread_name);
	return test_summary();
}
