/* check.h - the check framework of the C test programs: a failed check prints where and
 * why (the first 100; the count stays exact) and the run goes on; main() ends with
 * `return report("name");`, which prints the totals and exits 1 on any failure. */
#ifndef BADUGI_TESTS_CHECK_H
#define BADUGI_TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static unsigned long long passed, failed;

static void fail_at(const char *file, int line, const char *fmt, ...) {
    va_list args;
    failed++;
    if (failed > 100) return; /* enough to debug; the count is still exact */
    va_start(args, fmt);
    fprintf(stderr, "%s:%d: FAIL: ", file, line);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
}

#define CHECK(cond, ...)                              \
    do {                                              \
        if (cond)                                     \
            passed++;                                 \
        else                                          \
            fail_at(__FILE__, __LINE__, __VA_ARGS__); \
    } while (0)

#define CHECK_EQ(actual, expected, what)                                \
    do {                                                                \
        long long a_ = (long long)(actual), e_ = (long long)(expected); \
        CHECK(a_ == e_, "%s: got %lld, expected %lld", (what), a_, e_); \
    } while (0)

/* Print "<program>: N passed, N failed"; the exit status: 1 on any failure. */
static int report(const char *program) {
    printf("%s: %llu passed, %llu failed\n", program, passed, failed);
    return failed ? 1 : 0;
}

#endif
