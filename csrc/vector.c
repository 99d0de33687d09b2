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
        else if (bots[seat] < BADUGI_BOT_RANDOM || bots[seat] > BADUGI_BOT_EQUITY)
            return 0;
    }
    return !caller || callers > 0;
}

/* Start a hand of `setup` with the button, seed and stacks given: 0 or a BADUGI_HAND_E_*.
 * The hand is silent: the moves here are logged or counted, never read back as steps, so
 * the event queue (most of a hand's bytes) is neither copied nor written. */
static int begin(Hand *h, const Hand *setup, int button, uint64_t seed, const int64_t *stacks) {
    int code;
    memcpy(h, setup, offsetof(Hand, events));
    h->silent = 1;
    h->n_events = 0;
    h->button = button;
    h->seed = seed;
    memcpy(h->stacks, stacks, sizeof h->stacks);
    code = badugi_hand_start(h);
    return code < 0 ? code : 0;
}

/* The settings of a hand as badugi_hand_start takes them: nothing played yet. */
static int fresh(const Hand *setup) {
    return setup->phase == BADUGI_PHASE_DEAL && setup->n_events == 0 && !setup->manual &&
           (uint32_t)(setup->n - 2) <= BADUGI_HAND_MAX_SEATS - 2;
}

int badugi_simulate_begin(badugi_simulation *sim, const badugi_hand *setup, uint64_t seed,
                          uint64_t chunk, uint64_t start) {
    badugi_rng words, stream;
    if (!sim || !setup || !fresh(setup)) return BADUGI_HAND_E_SETTINGS;
    memset(sim, 0, sizeof *sim);
    badugi_rng_seed(&words, seed, chunk);
    for (int seat = 0; seat < setup->n; seat++) {
        badugi_rng_seed(&stream, badugi_rng_next(&words), 0);
        memcpy(sim->bots[seat], stream.s, sizeof stream.s);
    }
    memcpy(sim->words, words.s, sizeof words.s);
    sim->next = start;
    return 0;
}

int badugi_simulate_part(badugi_simulation *sim, const badugi_hand *setup, const int32_t *bots,
                         const badugi_equity *equity, uint32_t count, int64_t *out) {
    badugi_rng words, streams[BADUGI_HAND_MAX_SEATS];
    Hand h;
    int n, code = 0;
    if (!sim || !setup || !bots || !out || !fresh(setup) || !valid_bots(bots, setup->n, 0))
        return BADUGI_HAND_E_SETTINGS;
    n = setup->n;
    memcpy(words.s, sim->words, sizeof words.s);
    for (int seat = 0; seat < n; seat++) memcpy(streams[seat].s, sim->bots[seat], sizeof words.s);
    for (uint32_t k = 0; k < count && !code; k++) {
        code = begin(&h, setup, (int)(sim->next % (uint64_t)n), badugi_rng_next(&words),
                     setup->stacks);
        while (!code && h.phase != BADUGI_PHASE_OVER) {
            int seat = badugi_hand_decider(&h), move;
            int64_t amount;
            if (seat < 0) return BADUGI_HAND_E_INVALID; /* unreachable: a started hand */
            move = badugi_bot_choose(&h, bots[seat], equity, streams[seat].s, &amount);
            code = move < 0 ? move : badugi_hand_move(&h, NULL, move, amount, 1);
            code = code < 0 ? code : 0; /* else the steps it queued */
        }
        if (code) break;
        for (int seat = 0; seat < n; seat++) {
            int64_t net = h.stacks[seat] - setup->stacks[seat];
            out[seat] += net;
            out[n + seat] += h.live > 1 && !h.folded[seat];
            out[2 * n + seat] += net > 0;
        }
        out[3 * n] += h.carried;
        sim->next++;
    }
    memcpy(sim->words, words.s, sizeof words.s);
    for (int seat = 0; seat < n; seat++) memcpy(sim->bots[seat], streams[seat].s, sizeof words.s);
    return code < 0 ? code : 0;
}

int badugi_simulate(const badugi_hand *setup, const int32_t *bots, const badugi_equity *equity,
                    uint64_t seed, uint64_t chunk, uint64_t start, uint32_t count, int64_t *out) {
    badugi_simulation sim;
    int code = badugi_simulate_begin(&sim, setup, seed, chunk, start);
    if (code < 0 || !out) return code < 0 ? code : BADUGI_HAND_E_SETTINGS;
    memset(out, 0, sizeof(int64_t) * (size_t)(3 * setup->n + 1));
    return badugi_simulate_part(&sim, setup, bots, equity, count, out);
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
    t->stale = (1u << setup->n) - 1; /* every seat's values are the last hand's */
    return code;
}

int badugi_vector_start(const badugi_vector *v, badugi_table *tables, uint64_t first,
                        size_t count) {
    if (!v || (count && !tables) || !fresh(&v->setup) || !valid_bots(v->bots, v->setup.n, 1) ||
        badugi_action_count(&v->setup, &v->actions) < 0 || v->log_room < 1 || !v->log ||
        (v->compact != 0 && v->compact != 1))
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

/* Perform a move on a table and log it. A move changes its seat's values of the
 * observation alone, unless it ends the betting round, the phase or the run (see
 * read_table). */
static int play(badugi_table *t, int move, int64_t amount) {
    int seat = badugi_hand_decider(&t->hand), code;
    if (t->log_len >= t->log_room || !t->log) return BADUGI_HAND_E_FULL; /* see advance */
    code = badugi_hand_move(&t->hand, &t->history, move, amount, 1);
    if (code < 0) return code;
    t->stale |= 1u << seat; /* a seat: the move was accepted */
    t->log[t->log_len++] = move + 8 * amount;
    return 0;
}

/* The observation of the hand table i just ended, for the caller's seat that decided last
 * in it, into final[i]: the D floats, or the compact int32s. */
static void write_final(const badugi_vector *v, const badugi_table *t, size_t i, void *final) {
    int seat = t->decided - 1;
    if (v->compact)
        badugi_hand_observe_compact(&t->hand, &t->history, seat,
                                    (int32_t *)final + i * (size_t)badugi_compact_size(&v->setup));
    else
        badugi_hand_observe(&t->hand, &t->history, seat,
                            (float *)final + i * (size_t)badugi_observation_size(&v->setup));
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
            if (t->decided) {
                out->ended[i] = 1;
                if (out->final) write_final(v, t, i, out->final);
            } else
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
        move = badugi_bot_choose(&t->hand, v->bots[seat], v->equity, t->bot_rng, &amount);
        code = move < 0 ? move : play(t, move, amount);
        if (code < 0) return code;
    }
}

/* One badugi_vector_step: its tables and arrays, and what each part found. */
typedef struct {
    const badugi_vector *v;
    badugi_table *tables;
    size_t count;
    const badugi_step *arrays;
    int parts, width, size, seat_width, history_width;
    float unit;
    badugi_encoding encoding;
    int64_t found[BADUGI_VECTOR_MAX_PARTS]; /* tables out of log room, or -1: a defect */
} Step;

/* Table i's deciding seat, its bounds, mask and observation: 0, or BADUGI_HAND_E_INVALID.
 * A move changes its own seat's values of the observation alone (play marks it), but
 * where it ends the betting round, the phase or the run: the round's bets are then cleared
 * (a seat whose kept bet is not 0 is rewritten) and a new run picks up the hands and draws
 * of the split (every seat is); a hand that ends is paid, and the next one rewrites all. */
static int read_table(const Step *s, badugi_table *t, size_t i) {
    const badugi_vector *v = s->v;
    const badugi_step *out = s->arrays;
    const Hand *h = &t->hand;
    uint8_t *legal = out->legal + i * (size_t)s->width;
    int seat = badugi_hand_read(h, &v->actions, s->width, t->legal, legal);
    out->player[i] = seat;
    if (seat < 0) return BADUGI_HAND_E_INVALID;
    memcpy(out->mask + i * (size_t)s->width, legal, (size_t)s->width);
    if (h->run != t->seen[2]) {
        t->stale = (1u << h->n) - 1;
    } else if (h->street != t->seen[0] || h->phase != t->seen[1]) {
        for (int other = 0; other < h->n; other++) /* the bets of the round are cleared */
            if (t->seat_values[other * s->seat_width + 1]) t->stale |= 1u << other;
    }
    t->seen[0] = h->street, t->seen[1] = h->phase, t->seen[2] = h->run;
    for (uint32_t stale = t->stale, other = 0; stale; other++, stale >>= 1)
        if (stale & 1)
            badugi_seat_values(h, &t->history, (int)other, &s->encoding,
                               t->seat_values + other * (uint32_t)s->seat_width,
                               t->history_values + other * (uint32_t)s->history_width);
    t->stale = 0;
    badugi_observation_write(h, seat, t->legal, t->seat_values, t->history_values, &s->encoding,
                             (uint32_t *)out->observation + i * (size_t)s->size);
    return 0;
}

/* Step part `part` of the tables: the actions (checked already), the bots, the rewards of
 * the hands that ended, the reading. */
static void step_part(void *context, int part) {
    Step *s = context;
    const badugi_step *a = s->arrays;
    const badugi_vector *v = s->v;
    int n = v->setup.n;
    size_t first = s->count * (size_t)part / (size_t)s->parts;
    size_t last = s->count * (size_t)(part + 1) / (size_t)s->parts;
    int64_t waiting = 0;
    s->found[part] = -1; /* until every table of the part is stepped */
    if (!a->again) { /* the part's sums, from 0 */
        size_t tables = last - first, seats = tables * (size_t)n;
        memset(a->ended + first, 0, tables);
        memset(a->carried + first, 0, sizeof *a->carried * tables);
        memset(a->skipped + first, 0, sizeof *a->skipped * tables);
        memset(a->net + first * (size_t)n, 0, sizeof *a->net * seats);
        memset(a->skipped_net + first * (size_t)n, 0, sizeof *a->skipped_net * seats);
    }
    for (size_t i = first; i < last; i++) {
        badugi_table *t = &s->tables[i];
        float *rewards = a->rewards + i * (size_t)n;
        int code;
        if (a->actions) {
            int64_t amount;
            int seat = badugi_hand_decider(&t->hand);
            int move = badugi_hand_decode_counted(&t->hand, &v->actions, s->width, t->legal,
                                                  (int)a->actions[i], &amount);
            if (move < 0 || play(t, move, amount) < 0) return;
            t->decided = 1 + seat;
        }
        code = advance(v, t, i, a);
        if (code < 0) return;
        if (a->ended[i]) {
            for (int seat = 0; seat < n; seat++)
                rewards[seat] = (float)a->net[i * (size_t)n + (size_t)seat] / s->unit;
        } else {
            for (int seat = 0; seat < BADUGI_HAND_MAX_SEATS; seat++) /* unrolled */
                if (seat < n) rewards[seat] = 0.0f;
        }
        if (code) {
            a->player[i] = -1;
            waiting++;
        } else if (read_table(s, t, i) < 0) {
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
    size = v->compact ? badugi_compact_size(&v->setup) : badugi_observation_size(&v->setup);
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
    s.seat_width = 7 + v->setup.game.draws;
    s.history_width = 2 * (v->setup.game.draws + 1);
    s.unit = (float)badugi_chip_unit(&v->setup);
    s.encoding = badugi_encoding_of(&v->setup, v->compact);
    badugi_pool_run(pool, threads, s.parts, step_part, &s);
    for (int part = 0; part < s.parts; part++) {
        if (s.found[part] < 0) return -1 - (int64_t)count;
        waiting += s.found[part];
    }
    return waiting;
}
