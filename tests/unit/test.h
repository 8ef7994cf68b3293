/*
 * test.h - the unit tests' tiny harness.
 *
 *   TEST(parses_bounds) { CHECK_INT_EQ(w->x1, 0); }
 *   int main(void) { RUN(parses_bounds); return test_summary(); }
 *
 * CHECK* record a failure and go on; REQUIRE* return from the test. The
 * summary prints "N passed, N failed" and returns the exit code. A test that
 * cannot run here (fixtures missing) calls test_skip("why") from main and
 * returns its value, which CTest reports as skipped (77).
 */
#ifndef TRIDENT_TEST_H
#define TRIDENT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures_now, tests_passed, tests_failed;

#define TEST(name) static void test_##name(void)
#define RUN(name)                                                          \
	do {                                                               \
		test_failures_now = 0;                                     \
		test_##name();                                             \
		if (test_failures_now) {                                   \
			tests_failed++;                                    \
			fprintf(stderr, "FAIL %s\n", #name);               \
		} else {                                                   \
			tests_passed++;                                    \
			printf("ok   %s\n", #name);                        \
		}                                                          \
		fflush(stdout);                                            \
	} while (0)

#define TEST_FAIL_AT(...)                                                  \
	do {                                                               \
		fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);            \
		fprintf(stderr, __VA_ARGS__);                              \
		fputc('\n', stderr);                                       \
		test_failures_now++;                                       \
	} while (0)

#define CHECK(cond)                                                        \
	do {                                                               \
		if (!(cond))                                               \
			TEST_FAIL_AT("CHECK(%s) failed", #cond);           \
	} while (0)
#define REQUIRE(cond)                                                      \
	do {                                                               \
		if (!(cond)) {                                             \
			TEST_FAIL_AT("REQUIRE(%s) failed", #cond);         \
			return;                                            \
		}                                                          \
	} while (0)
#define CHECK_INT_EQ(a, b)                                                 \
	do {                                                               \
		long long a_ = (long long)(a), b_ = (long long)(b);        \
		if (a_ != b_)                                              \
			TEST_FAIL_AT("%s == %lld, expected %s == %lld", #a, a_, #b, b_); \
	} while (0)
#define CHECK_STR_EQ(a, b)                                                 \
	do {                                                               \
		const char *a_ = (a), *b_ = (b);                           \
		if (!a_ || !b_ || strcmp(a_, b_) != 0)                     \
			TEST_FAIL_AT("%s == \"%s\", expected \"%s\"", #a,  \
				     a_ ? a_ : "(null)", b_ ? b_ : "(null)"); \
	} while (0)
#define CHECK_OK(expr)                                                     \
	do {                                                               \
		int e_ = (expr);                                           \
		if (e_ != 0)                                               \
			TEST_FAIL_AT("%s returned %d: %s", #expr, e_, td_errmsg(e_)); \
	} while (0)

static inline int test_summary(void)
{
	printf("%d passed, %d failed\n", tests_passed, tests_failed);
	return tests_failed ? 1 : 0;
}

static inline int test_skip(const char *why)
{
	printf("SKIP: %s\n", why);
	return 77;
}

/* $TRIDENT_FIXTURES/real-screens, or NULL when absent. */
static inline const char *test_real_screens_dir(void)
{
	static char path[4096];
	const char *f = getenv("TRIDENT_FIXTURES");
	if (!f)
		f = TRIDENT_SOURCE_DIR "/../shared/fixtures";
	snprintf(path, sizeof path, "%s/real-screens", f);
	FILE *probe = NULL;
	char readme[4200];
	snprintf(readme, sizeof readme, "%s/trace_7_0.xml", path);
	probe = fopen(readme, "r");
	if (!probe)
		return NULL;
	fclose(probe);
	return path;
}

#endif
