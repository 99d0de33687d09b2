/* bench_badugi.c - hands per second for every batch evaluator of libbadugi.
 *
 * Usage:  bench_badugi [MILLION_HANDS [RUNS]]     (defaults: 4 million hands, 11 runs)
 *
 * Evaluates the same buffers of random, valid, unsorted hands (4 and 5 cards) with
 * each batch function, RUNS times, and prints the best run as million hands per
 * second, on one thread; runs go round robin over the evaluators. "plain C loop" is the reference for the 4-card batch: the
 * simplest direct loop over the same generated table (sort the four ids, colex
 * index, read), with no validity checks; the Python package's evaluate_many can be
 * compared with it too. Needs the library's internal tables.h (built from csrc/).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "badugi.h"
#include "tables.h"

typedef size_t (*batch_fn)(const uint8_t *, size_t, uint16_t *);

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rng_below(uint32_t n) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint32_t r = (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
    return (uint32_t)(((uint64_t)r * n) >> 32);
}

/* n hands of k distinct cards each, in random order. */
static void fill(uint8_t *cards, size_t n, int k) {
    for (size_t i = 0; i < n; i++) {
        uint8_t *h = cards + (size_t)k * i;
        for (int j = 0; j < k;) {
            uint8_t c = (uint8_t)rng_below(52);
            int seen = 0;
            for (int m = 0; m < j; m++) seen |= h[m] == c;
            if (!seen) h[j++] = c;
        }
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The reference: sort four ids with five compare-exchanges, colex index, read. */
#define CSWAP(a, b)                     \
    do {                                \
        unsigned lo_ = a < b ? a : b;   \
        unsigned hi_ = a < b ? b : a;   \
        a = lo_;                        \
        b = hi_;                        \
    } while (0)

static size_t plain_loop(const uint8_t *cards, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = cards + 4 * i;
        unsigned a = h[0], b = h[1], c = h[2], d = h[3];
        CSWAP(a, b);
        CSWAP(c, d);
        CSWAP(a, c);
        CSWAP(b, d);
        CSWAP(b, c);
        unsigned index = a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6 +
                         d * (d - 1) * (d - 2) * (d - 3) / 24;
        out[i] = bdg_badugi_low4[index];
    }
    return 0;
}

/* The same loop with the binomials read from small tables (as badugi.c does):
 * the speed of the 4-card hash and table read without any validity check. */
static uint32_t choose2[52], choose3[52], choose4[52];

static size_t plain_loop_tables(const uint8_t *cards, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = cards + 4 * i;
        unsigned a = h[0], b = h[1], c = h[2], d = h[3];
        CSWAP(a, b);
        CSWAP(c, d);
        CSWAP(a, c);
        CSWAP(b, d);
        CSWAP(b, c);
        out[i] = bdg_badugi_low4[a + choose2[b] + choose3[c] + choose4[d]];
    }
    return 0;
}

/* badugi_eval4 called once per hand, to show the cost of the call itself. */
static size_t single_calls(const uint8_t *cards, size_t n, uint16_t *out) {
    size_t invalid = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = cards + 4 * i;
        out[i] = badugi_eval4(h[0], h[1], h[2], h[3]);
        invalid += out[i] == 0;
    }
    return invalid;
}

typedef struct {
    const char *name;
    int k;
    int checked;
    batch_fn fn;
} bench;

static const bench BENCHES[] = {
    {"plain C loop (4-card, reference)", 4, 0, plain_loop},
    {"plain C loop, binomial tables", 4, 0, plain_loop_tables},
    {"eval4_batch", 4, 0, badugi_eval4_batch},
    {"eval4 single calls", 4, 0, single_calls},
    {"ace_high_eval4_batch", 4, 0, badugi_ace_high_eval4_batch},
    {"eval5_batch", 5, 0, badugi_eval5_batch},
    {"ace_high_eval5_batch", 5, 0, badugi_ace_high_eval5_batch},
    {"ace_five_eval_batch", 5, 0, badugi_ace_five_eval_batch},
    {"deuce_seven_eval_batch", 5, 0, badugi_deuce_seven_eval_batch},
    {"eval4_batch_checked", 4, 1, badugi_eval4_batch_checked},
    {"ace_high_eval4_batch_checked", 4, 1, badugi_ace_high_eval4_batch_checked},
    {"eval5_batch_checked", 5, 1, badugi_eval5_batch_checked},
    {"ace_high_eval5_batch_checked", 5, 1, badugi_ace_high_eval5_batch_checked},
    {"ace_five_eval_batch_checked", 5, 1, badugi_ace_five_eval_batch_checked},
    {"deuce_seven_eval_batch_checked", 5, 1, badugi_deuce_seven_eval_batch_checked},
};

int main(int argc, char **argv) {
    double millions = argc > 1 ? atof(argv[1]) : 4.0;
    int runs = argc > 2 ? atoi(argv[2]) : 11;
    if (millions <= 0 || runs <= 0) {
        fprintf(stderr, "usage: %s [MILLION_HANDS [RUNS]]\n", argv[0]);
        return 2;
    }
    size_t n = (size_t)(millions * 1e6);
    uint8_t *cards4 = malloc(n * 4), *cards5 = malloc(n * 5);
    uint16_t *out = malloc(n * sizeof *out);
    if (!cards4 || !cards5 || !out) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (unsigned x = 0; x < 52; x++) {
        choose2[x] = x * (x - 1) / 2;
        choose3[x] = x * (x - 1) * (x - 2) / 6;
        choose4[x] = x * (x - 1) * (x - 2) * (x - 3) / 24;
    }
    fill(cards4, n, 4);
    fill(cards5, n, 5);

    printf("libbadugi %s: %zu random unsorted hands per run, best of %d runs, one thread\n",
           badugi_version(), n, runs);
    enum { N_BENCHES = sizeof BENCHES / sizeof BENCHES[0] };
    double best[N_BENCHES];
    unsigned long long checksum = 0;
    for (int b = 0; b < N_BENCHES; b++) best[b] = 1e30;
    /* Round robin, so a burst of noise on a shared machine hits one run of each,
     * not every run of one evaluator. */
    for (int r = 0; r < runs; r++) {
        for (int b = 0; b < N_BENCHES; b++) {
            const bench *bn = &BENCHES[b];
            const uint8_t *cards = bn->k == 4 ? cards4 : cards5;
            double t0 = now();
            size_t result = bn->fn(cards, n, out);
            double t = now() - t0;
            if (bn->checked ? result != n : result != 0) {
                fprintf(stderr, "%s: unexpected result %zu\n", bn->name, result);
                return 1;
            }
            best[b] = t < best[b] ? t : best[b];
            checksum += out[n / 2] + out[n - 1];
        }
    }
    double reference = (double)n / best[0] / 1e6;
    for (int b = 0; b < N_BENCHES; b++) {
        double rate = (double)n / best[b] / 1e6;
        printf("%-38s %8.1f M hands/s  (%.2fx plain C loop)\n", BENCHES[b].name, rate,
               rate / reference);
    }
    printf("(checksum %llu)\n", checksum);
    free(cards4);
    free(cards5);
    free(out);
    return 0;
}
