/* vector.c - many hands in C (badugi.h, "Many hands in C"): simulate()'s chunks between
 * built-in bots, and the tables of a VectorGame stepped together. */
#include "internal.h"

#include <stddef.h>
#include <string.h>

typedef badugi_hand Hand;

/* Whether every bot of the n seats is a BADUGI_BOT_* (or, with `caller`, BADUGI_BOT_NONE,
 * at least one seat being the caller's). */
static int valid_bots(const int32_t *bots, int n, int caller) {
    int callers = 0;
    for (int seat = 0; seat < n; seat++) {
        if (bots[seat] == BADUGI_BOT_NONE && caller)
            callers++;
        else if (bots[seat] < BADUGI_BOT_RANDOM || bots[seat] > BADUGI_BOT_STRENGTH)
            return 0;
    }
    return !caller || callers > 0;
}

/* Start a hand of `setup` with the button, seed and stacks given: 0 or a BADUGI_HAND_E_*.
 * The event queue is not copied (setup's is empty, and only events[0..n_events) are ever
 * read): it is most of a hand's bytes, and a VectorGame starts a hand at every table. */
static int begin(Hand *h, const Hand *setup, int button, uint64_t seed, const int64_t *stacks) {
    int code;
    memcpy(h, setup, offsetof(Hand, events));
    h->button = button;
    h->seed = seed;
    memcpy(h->stacks, stacks, sizeof h->stacks);
    code = badugi_hand_start(h);
    h->n_events = 0;
    return code < 0 ? code : 0;
}

/* The settings of a hand as badugi_hand_start takes them: nothing played yet. */
static int fresh(const Hand *setup) {
    return setup->phase == BADUGI_PHASE_DEAL && setup->n_events == 0 && !setup->manual &&
           (uint32_t)(setup->n - 2) <= BADUGI_HAND_MAX_SEATS - 2;
}

int badugi_simulate(const badugi_hand *setup, const int32_t *bots, uint64_t seed,
                    uint64_t chunk, uint64_t start, uint32_t count, int64_t *out) {
    badugi_rng words, streams[BADUGI_HAND_MAX_SEATS];
    Hand h;
    int n;
    if (!setup || !bots || !out || !fresh(setup) || !valid_bots(bots, setup->n, 0))
        return BADUGI_HAND_E_SETTINGS;
    n = setup->n;
    badugi_rng_seed(&words, seed, chunk);
    for (int seat = 0; seat < n; seat++) badugi_rng_seed(&streams[seat], badugi_rng_next(&words), 0);
    memset(out, 0, sizeof(int64_t) * (size_t)(3 * n + 1));
    for (uint32_t k = 0; k < count; k++) {
        int code = begin(&h, setup, (int)((start + k) % (uint64_t)n), badugi_rng_next(&words),
                         setup->stacks);
        if (code < 0) return code;
        while (h.phase != BADUGI_PHASE_OVER) {
            int seat = badugi_hand_decider(&h), move;
            int64_t amount;
            if (seat < 0) return BADUGI_HAND_E_INVALID; /* unreachable: a started hand */
            move = badugi_bot_choose(&h, bots[seat], streams[seat].s, &amount);
            code = move < 0 ? move : badugi_hand_move(&h, NULL, move, amount, 1);
            if (code < 0) return code;
            h.n_events = 0;
        }
        for (int seat = 0; seat < n; seat++) {
            int64_t net = h.stacks[seat] - setup->stacks[seat];
            out[seat] += net;
            out[n + seat] += h.live > 1 && !h.folded[seat];
            out[2 * n + seat] += net > 0;
        }
        out[3 * n] += h.carried;
    }
    return 0;
}

/* Start table t's next hand: the button moves, the seed is the next of its stream, the
 * stacks are setup's or (carry) the last hand's unless a seat has none left. */
static int next_hand(const badugi_vector *v, badugi_table *t) {
    const Hand *setup = &v->setup;
    const int64_t *stacks = setup->stacks;
    badugi_rng seeds;
    int code;
    if (v->carry && t->hands) {
        stacks = t->hand.stacks;
        for (int seat = 0; seat < setup->n; seat++)
            if (stacks[seat] < 1) stacks = setup->stacks;
    }
    memcpy(t->start, stacks, sizeof t->start);
    memcpy(seeds.s, t->seeds, sizeof seeds.s);
    code = begin(&t->hand, setup, (int)(t->hands % (uint64_t)setup->n), badugi_rng_next(&seeds),
                 t->start);
    memcpy(t->seeds, seeds.s, sizeof seeds.s);
    memset(&t->history, 0, sizeof t->history);
    t->log_len = 0;
    t->decided = 0;
    t->hands++;
    return code;
}

int badugi_vector_start(const badugi_vector *v, badugi_table *tables, uint64_t first,
                        size_t count) {
    if (!v || (count && !tables) || !fresh(&v->setup) || !valid_bots(v->bots, v->setup.n, 1) ||
        badugi_action_count(&v->setup, &v->actions) < 0 || v->log_room < 1 || !v->log)
        return BADUGI_HAND_E_SETTINGS;
    for (size_t i = 0; i < count; i++) {
        badugi_table *t = &tables[i];
        badugi_rng stream;
        int code;
        memset(t, 0, sizeof *t);
        t->log = v->log + i * (size_t)v->log_room;
        t->log_room = v->log_room;
        badugi_rng_seed(&stream, v->seed, 2 * (first + i));
        memcpy(t->seeds, stream.s, sizeof stream.s);
        badugi_rng_seed(&stream, v->seed, 2 * (first + i) + 1);
        memcpy(t->bot_rng, stream.s, sizeof stream.s);
        code = next_hand(v, t);
        if (code < 0) return code;
    }
    return 0;
}

/* Perform a move on a table and log it. */
static int play(badugi_table *t, int move, int64_t amount) {
    int code;
    if (t->log_len >= t->log_room || !t->log) return BADUGI_HAND_E_FULL; /* see advance */
    code = badugi_hand_move(&t->hand, &t->history, move, amount, 1);
    if (code < 0) return code;
    t->hand.n_events = 0;
    t->log[t->log_len++] = move + 8 * amount;
    return 0;
}

/* Let table i's bots play, and start hands as they end, until the caller's seat is to
 * decide: 0; 1 when the log has no room for the next move; a BADUGI_HAND_E_* if a bot's
 * move is refused (unreachable). A hand a caller decided in ends in ended and net, one it
 * did not in skipped and skipped_net. */
static int advance(const badugi_vector *v, badugi_table *t, size_t i, const badugi_step *out) {
    int n = v->setup.n;
    for (;;) {
        int seat, move, code;
        int64_t amount;
        if (t->hand.phase == BADUGI_PHASE_OVER) {
            int64_t *chips = (t->decided ? out->net : out->skipped_net) + (int64_t)i * n;
            if (t->decided)
                out->ended[i] = 1;
            else
                out->skipped[i]++;
            for (int s = 0; s < n; s++) chips[s] += t->hand.stacks[s] - t->start[s];
            out->carried[i] += t->hand.carried;
            code = next_hand(v, t);
            if (code < 0) return code;
            continue;
        }
        seat = badugi_hand_decider(&t->hand);
        if (seat < 0) return BADUGI_HAND_E_INVALID;
        if (t->log_len >= t->log_room) return 1; /* no room for the next move, whoever's */
        if (v->bots[seat] == BADUGI_BOT_NONE) return 0;
        move = badugi_bot_choose(&t->hand, v->bots[seat], t->bot_rng, &amount);
        code = move < 0 ? move : play(t, move, amount);
        if (code < 0) return code;
    }
}

/* Table i's deciding seat, mask and observation: 0, or BADUGI_HAND_E_INVALID. */
static int read_table(const badugi_vector *v, const badugi_table *t, size_t i, int actions,
                      int size, const badugi_step *out) {
    uint8_t *legal = out->legal + i * (size_t)actions;
    int seat = badugi_hand_read(&t->hand, &t->history, &v->actions, actions, legal,
                                out->observation + i * (size_t)size);
    out->player[i] = seat;
    if (seat < 0) return BADUGI_HAND_E_INVALID;
    memcpy(out->mask + i * (size_t)actions, legal, (size_t)actions);
    return 0;
}

/* One badugi_vector_step: its tables and arrays, and what each part found. */
typedef struct {
    const badugi_vector *v;
    badugi_table *tables;
    size_t count;
    const badugi_step *arrays;
    int parts, width, size;
    float unit;
    int64_t found[BADUGI_VECTOR_MAX_PARTS]; /* tables out of log room, or -1: a defect */
} Step;

/* Step part `part` of the tables: the actions (checked already), the bots, the reading. */
static void step_part(void *context, int part) {
    Step *s = context;
    const badugi_step *a = s->arrays;
    size_t first = s->count * (size_t)part / (size_t)s->parts;
    size_t last = s->count * (size_t)(part + 1) / (size_t)s->parts;
    int64_t waiting = 0;
    s->found[part] = -1; /* until every table of the part is stepped */
    for (size_t i = first; i < last; i++) {
        badugi_table *t = &s->tables[i];
        int code;
        if (a->actions) {
            int64_t amount;
            int move = badugi_hand_decode_counted(&t->hand, &s->v->actions, s->width,
                                                  (int)a->actions[i], &amount);
            if (move < 0 || play(t, move, amount) < 0) return;
            t->decided = 1;
        }
        code = advance(s->v, t, i, a);
        if (code < 0) return;
        for (int seat = 0, n = s->v->setup.n; seat < n; seat++)
            a->rewards[i * n + seat] = (float)a->net[i * n + seat] / s->unit;
        if (code) {
            a->player[i] = -1;
            waiting++;
        } else if (read_table(s->v, t, i, s->width, s->size, a) < 0) {
            return;
        }
    }
    s->found[part] = waiting;
}

int64_t badugi_vector_step(const badugi_vector *v, badugi_table *tables, size_t count,
                           const badugi_step *arrays, badugi_pool *pool, int32_t threads,
                           int32_t parts) {
    Step s; /* its parts' findings: 8 KB of the caller's stack */
    int64_t waiting = 0;
    const badugi_step *a = arrays;
    int width, size;
    if (!v || !a || (count && (!tables || !a->ended || !a->net || !a->carried || !a->skipped ||
                               !a->skipped_net || !a->rewards || !a->player || !a->legal || !a->mask ||
                               !a->observation)))
        return -1 - (int64_t)count;
    width = badugi_action_count(&v->setup, &v->actions);
    size = badugi_observation_size(&v->setup);
    if (width < 0 || size < 0) return -1 - (int64_t)count;
    if (a->actions) /* every action is legal, or nothing changes */
        for (size_t i = 0; i < count; i++)
            if (a->actions[i] < 0 || a->actions[i] >= width ||
                !a->legal[i * (size_t)width + a->actions[i]])
                return -1 - (int64_t)i;
    s.v = v;
    s.tables = tables;
    s.count = count;
    s.arrays = a;
    s.parts = parts < 1 ? 1 : parts > BADUGI_VECTOR_MAX_PARTS ? BADUGI_VECTOR_MAX_PARTS : parts;
    if ((size_t)s.parts > count) s.parts = count ? (int)count : 1;
    s.width = width;
    s.size = size;
    s.unit = (float)badugi_chip_unit(&v->setup);
    badugi_pool_run(pool, threads, s.parts, step_part, &s);
    for (int part = 0; part < s.parts; part++) {
        if (s.found[part] < 0) return -1 - (int64_t)count;
        waiting += s.found[part];
    }
    return waiting;
}
