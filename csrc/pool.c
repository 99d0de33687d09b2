/* pool.c - the library's thread pool (badugi.h, "Thread pools"): the parts of one call run
 * on its threads and the caller's at once, as EnvPool steps its environments. Workers
 * spin a little after a run, so a caller that steps again soon (a VectorGame's next step)
 * finds them awake, then sleep on a condition variable.
 *
 * Each thread of a run owns a block of consecutive parts and runs them first, from the
 * block's start; a thread done with its block takes parts from the end of another's. So
 * a VectorGame's tables stay with the same thread from step to step, and in its caches,
 * where parts handed out in turn moved them between the cores at every step: 1,024 tables
 * stepped 1.1x to 1.3x faster on two threads than on one, and 1.4x to 1.6x with blocks
 * (benchmarks/vector_threads.py; 8,192 tables, which no cache holds, about 2x either way). */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#endif

#include "internal.h"

#include <stdlib.h>

/* How long a worker or the caller spins before it sleeps, in nanoseconds: longer than a
 * caller takes between two steps of a thousand tables (its numpy policy and the new
 * arrays), so that a worker is awake for the next step instead of waiting to be woken. */
#define SPIN_NS 200000

#if defined(_WIN32) /* no POSIX threads: every part runs in the caller's thread */

struct badugi_pool {
    int32_t threads;
};

badugi_pool *badugi_pool_new(int32_t threads) {
    badugi_pool *pool;
    if (threads < 1 || threads > BADUGI_POOL_MAX_THREADS) return NULL;
    pool = malloc(sizeof *pool);
    if (pool) pool->threads = 1;
    return pool;
}

void badugi_pool_free(badugi_pool *pool) { free(pool); }

int32_t badugi_pool_threads(const badugi_pool *pool) { return pool ? pool->threads : 1; }

void badugi_pool_run(badugi_pool *pool, int threads, int parts, badugi_work *work,
                     void *context) {
    (void)pool;
    (void)threads;
    for (int part = 0; part < parts; part++) work(context, part);
}

#else

#include <time.h>

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A spin of at most SPIN_NS: spinning() pauses the core a moment (kind to a sibling
 * hyperthread), and is false once the time is up (the clock read every 64 pauses). */
typedef struct {
    uint64_t until;
    unsigned pauses;
} Spin;

static Spin spin_start(void) {
    Spin spin = {now_ns() + SPIN_NS, 0};
    return spin;
}

static int spinning(Spin *spin) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
    return ++spin->pauses % 64 || now_ns() < spin->until;
}

/* A worker: its number, and the condition it sleeps on until a run it takes part in. */
typedef struct {
    badugi_pool *pool;
    int index;
    pthread_cond_t wake;
} Worker;

struct badugi_pool {
    int32_t threads;          /* the caller's and workers' */
    int32_t started;          /* workers running */
    pthread_mutex_t run_lock; /* one run at a time */
    pthread_mutex_t lock;     /* the run's fields below */
    pthread_cond_t done;
    badugi_work *work;
    void *context;
    int helpers;           /* the workers that take part: those numbered below it */
    int parts, left;       /* parts in all, those not ended */
    int next[BADUGI_POOL_MAX_THREADS]; /* by thread (the caller 0, worker i i + 1): its */
    int end[BADUGI_POOL_MAX_THREADS];  /* block's parts not yet claimed, next..end - 1 */
    unsigned generation;   /* runs begun; workers load it while they spin */
    int stop;
    pthread_t threads_of[BADUGI_POOL_MAX_THREADS - 1];
    Worker workers[BADUGI_POOL_MAX_THREADS - 1];
};

/* The next part for thread `self` to run, claimed: its own block's first, else the last of
 * the next block with parts left; -1 when none is left. Called with the lock held. */
static int claim(badugi_pool *pool, int self) {
    int threads = pool->helpers + 1;
    for (int k = 0; k < threads; k++) {
        int block = (self + k) % threads;
        if (pool->next[block] < pool->end[block])
            return k ? --pool->end[block] : pool->next[block]++;
    }
    return -1;
}

/* Run the current run's parts while some are unclaimed, as thread `self`; called and
 * returns with the lock held. */
static void claim_parts(badugi_pool *pool, int self) {
    int part;
    while ((part = claim(pool, self)) >= 0) {
        badugi_work *work = pool->work;
        void *context = pool->context;
        pthread_mutex_unlock(&pool->lock);
        work(context, part);
        pthread_mutex_lock(&pool->lock);
        if (__atomic_sub_fetch(&pool->left, 1, __ATOMIC_ACQ_REL) == 0)
            pthread_cond_signal(&pool->done);
    }
}

/* A worker's loop: the parts of each run it takes part in; after one, a short spin for the
 * next before it sleeps. */
static void *work_runs(void *arg) {
    Worker *me = arg;
    badugi_pool *pool = me->pool;
    unsigned seen = 0;
    int spin = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        if (spin && !pool->stop && pool->generation == seen) {
            Spin spin = spin_start();
            pthread_mutex_unlock(&pool->lock);
            while (__atomic_load_n(&pool->generation, __ATOMIC_ACQUIRE) == seen &&
                   spinning(&spin)) {
            }
            pthread_mutex_lock(&pool->lock);
        }
        while (!pool->stop && (pool->generation == seen || me->index >= pool->helpers)) {
            seen = pool->generation; /* a run without it is passed over */
            pthread_cond_wait(&me->wake, &pool->lock);
        }
        if (pool->stop) break;
        seen = pool->generation;
        claim_parts(pool, me->index + 1);
        spin = 1;
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Stop and join the workers started, and free the pool. */
static void stop(badugi_pool *pool) {
    pthread_mutex_lock(&pool->lock);
    pool->stop = 1;
    for (int i = 0; i < pool->started; i++) pthread_cond_signal(&pool->workers[i].wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->started; i++) {
        pthread_join(pool->threads_of[i], NULL);
        pthread_cond_destroy(&pool->workers[i].wake);
    }
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->run_lock);
    free(pool);
}

badugi_pool *badugi_pool_new(int32_t threads) {
    badugi_pool *pool;
    if (threads < 1 || threads > BADUGI_POOL_MAX_THREADS) return NULL;
    pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pool->threads = threads;
    if (pthread_mutex_init(&pool->run_lock, NULL)) goto no_run_lock;
    if (pthread_mutex_init(&pool->lock, NULL)) goto no_lock;
    if (pthread_cond_init(&pool->done, NULL)) goto no_done;
    for (; pool->started < threads - 1; pool->started++) {
        Worker *w = &pool->workers[pool->started];
        w->pool = pool;
        w->index = pool->started;
        if (pthread_cond_init(&w->wake, NULL)) break;
        if (pthread_create(&pool->threads_of[pool->started], NULL, work_runs, w)) {
            pthread_cond_destroy(&w->wake);
            break;
        }
    }
    if (pool->started < threads - 1) {
        stop(pool);
        return NULL;
    }
    return pool;
no_done:
    pthread_mutex_destroy(&pool->lock);
no_lock:
    pthread_mutex_destroy(&pool->run_lock);
no_run_lock:
    free(pool);
    return NULL;
}

void badugi_pool_free(badugi_pool *pool) {
    if (pool) stop(pool);
}

int32_t badugi_pool_threads(const badugi_pool *pool) { return pool ? pool->threads : 1; }

void badugi_pool_run(badugi_pool *pool, int threads, int parts, badugi_work *work,
                     void *context) {
    if (!pool || pool->threads == 1 || threads < 2 || parts < 2) {
        for (int part = 0; part < parts; part++) work(context, part);
        return;
    }
    pthread_mutex_lock(&pool->run_lock);
    pthread_mutex_lock(&pool->lock);
    pool->work = work;
    pool->context = context;
    pool->helpers = threads - 1 < pool->started ? threads - 1 : pool->started;
    pool->parts = parts;
    for (int t = 0; t <= pool->helpers; t++) { /* thread t's block of parts */
        pool->next[t] = (int)((int64_t)parts * t / (pool->helpers + 1));
        pool->end[t] = (int)((int64_t)parts * (t + 1) / (pool->helpers + 1));
    }
    __atomic_store_n(&pool->left, parts, __ATOMIC_RELEASE);
    __atomic_store_n(&pool->generation, pool->generation + 1, __ATOMIC_RELEASE);
    for (int i = 0; i < pool->helpers; i++) pthread_cond_signal(&pool->workers[i].wake);
    claim_parts(pool, 0);
    if (pool->left > 0) {
        Spin spin = spin_start();
        pthread_mutex_unlock(&pool->lock);
        while (__atomic_load_n(&pool->left, __ATOMIC_ACQUIRE) > 0 && spinning(&spin)) {
        }
        pthread_mutex_lock(&pool->lock);
        while (pool->left > 0) pthread_cond_wait(&pool->done, &pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_unlock(&pool->run_lock);
}

#endif
