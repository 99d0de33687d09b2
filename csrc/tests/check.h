/* check.h - the counting CHECK macro of the C test programs: a failed check prints where
 * and why and the run goes on; main() prints the totals and exits 1 on any failure. */
#ifndef BADUGI_TESTS_CHECK_H
#define BADUGI_TESTS_CHECK_H

#include <stdio.h>

static unsigned long passed, failed;

#define CHECK(cond, ...)                                          \
    do {                                                          \
        if (cond) {                                               \
            passed++;                                             \
        } else {                                                  \
            failed++;                                             \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                         \
            fputc('\n', stderr);                                  \
        }                                                         \
    } while (0)

#endif
