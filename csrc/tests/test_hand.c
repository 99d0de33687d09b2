/* test_hand.c - random self-play through the hand API of badugi.h.
 *
 * Uses nothing but badugi.h. Plays thousands of hands of every structure, 2 to 8 seats,
 * 4- and 5-card hands, with and without mucking, choosing uniformly among the actions the
 * state allows, and checks after every step: chips are conserved, every card is in exactly
 * one place, badugi_hand_validate accepts the state, the event queue never overflows, and an illegal action is refused without
 * changing one byte of the state; at the end the stacks and the carried chips add up to
 * what the table started with (tests/engine_invariants.py checks every payout against
 * badugi_fast.settle()). Run under ASan/UBSan by `make sanitize`.
 *
 * Prints one line per failed check and "N passed, N failed"; exits 1 on any failure.
 */
#include <stdio.h>
#include <string.h>

#include "badugi.h"

#include "check.h"
#include "hand_play.h"

/* An illegal action must leave every byte of the state as it was. */
static void check_refused(badugi_hand *h, int code, const badugi_hand *before, const char *what) {
    CHECK(code < 0, "%s was accepted", what);
    CHECK(memcmp(h, before, sizeof *h) == 0, "%s changed the state", what);
}

static void probe_illegal(badugi_hand *h) {
    static badugi_hand before;
    int64_t legal[5];
    uint8_t card = 0;
    memcpy(&before, h, sizeof *h);
    if (h->phase == BADUGI_PHASE_BETTING) {
        badugi_hand_legal(h, legal);
        if (!legal[0]) check_refused(h, badugi_hand_fold(h, 1), &before, "a fold with nothing to call");
        if (!legal[1]) check_refused(h, badugi_hand_check(h, 1), &before, "a check facing a bet");
        if (legal[4]) check_refused(h, badugi_hand_raise_to(h, legal[4] + 1, 1), &before, "a raise over the maximum");
        if (legal[3] > 1) check_refused(h, badugi_hand_raise_to(h, legal[3] - 1, 1), &before, "a raise under the minimum");
        check_refused(h, badugi_hand_draw(h, &card, 1, 1), &before, "a draw in a betting round");
    } else if (h->phase == BADUGI_PHASE_DRAW) {
        while (memchr(h->hands[h->actor], card, (size_t)h->hand_len[h->actor])) card++;
        check_refused(h, badugi_hand_draw(h, &card, 1, 1), &before, "throwing a card not held");
        if (h->hand_len[h->actor]) {
            uint8_t twice[2] = {h->hands[h->actor][0], h->hands[h->actor][0]};
            check_refused(h, badugi_hand_draw(h, twice, 2, 1), &before, "throwing a card twice");
        }
        card = 52;
        check_refused(h, badugi_hand_draw(h, &card, 1, 1), &before, "throwing card 52");
        check_refused(h, badugi_hand_call(h, 1), &before, "a call in a draw");
    }
}

static void play(int n, int structure, int hand_size, int mucking, uint64_t seed) {
    static badugi_hand h;
    int64_t total;
    int code, steps = 0;
    memset(&h, 0, sizeof h);
    h.n = n;
    h.button = (int)next_random((unsigned)n);
    h.game = random_game(hand_size);
    random_deck(&h.game, n);
    h.structure = structure;
    h.cap = structure == BADUGI_STRUCTURE_FIXED ? 4 : 0;
    h.lift_cap_heads_up = 1;
    h.conventions = (int)next_random(2); /* card rooms' or PokerKit's */
    h.free_folds = (int)next_random(2);  /* a fold with nothing to call, or all in */
    h.bet_ladder = h.conventions == BADUGI_CONVENTIONS_CARD_ROOM && next_random(2);
    h.shuffle = (int)next_random(2); /* SHAKE-128's deal or ChaCha20's */
    h.mucking = mucking;
    for (int street = 0; street < 4; street++) h.sizes[street] = street < 2 ? 2 : 4;
    h.blinds[0] = 1;
    h.blinds[1] = 2;
    h.antes = next_random(2);
    h.dead_money = next_random(3) ? 0 : next_random(30);
    h.seed = seed;
    for (int seat = 0; seat < n; seat++) h.stacks[seat] = 1 + next_random(60);
    total = table_chips(&h);
    code = badugi_hand_start(&h);
    while (code >= 0 && h.phase != BADUGI_PHASE_OVER && steps++ < 1000) {
        CHECK(h.n_events <= BADUGI_HAND_MAX_EVENTS, "event queue overflow");
        h.n_events = 0; /* the caller takes the events */
        CHECK(table_chips(&h) == total, "chips created or lost");
        {
            uint8_t seen[BADUGI_HAND_PUBLIC_BYTES];
            int seat = (int)next_random((unsigned)n);
            CHECK(badugi_hand_public(&h, seat, seen) == 29 * n + 38, "public bytes");
            CHECK(seen[29 * n + 32] == h.hand_len[seat], "public card count");
        }
        CHECK(cards_in_play(&h) == deck_cards(&h.game, (uint8_t[BADUGI_CARDS]){0}),
              "a card in two places or lost");
        CHECK(badugi_hand_validate(&h, NULL) == 0, "the validator refused a state of play");
        probe_illegal(&h);
        code = random_step(&h);
    }
    CHECK(code >= 0, "a legal step was refused: %d", code);
    CHECK(h.phase == BADUGI_PHASE_OVER, "the hand did not end");
    CHECK(table_chips(&h) == total, "chips created or lost by the payout");
    for (int seat = 0; seat < n && h.live > 1; seat++) /* a showdown: after the game's draws */
        CHECK(h.folded[seat] || h.drawn[seat][0] == h.game.draws, "seat %d drew %d times of %d",
              seat, h.drawn[seat][0], h.game.draws);
}

static void test_bad_settings(void) {
    badugi_hand h;
    memset(&h, 0, sizeof h);
    CHECK(badugi_hand_start(NULL) == BADUGI_HAND_E_SETTINGS, "NULL hand");
    CHECK(badugi_hand_start(&h) == BADUGI_HAND_E_SETTINGS, "zero seats");
    h.n = 9;
    CHECK(badugi_hand_start(&h) == BADUGI_HAND_E_SETTINGS, "nine seats");
    CHECK(badugi_hand_fold(NULL, 1) == BADUGI_HAND_E_PHASE, "fold on NULL");
    CHECK(badugi_hand_legal(NULL, NULL) == BADUGI_HAND_E_PHASE, "legal on NULL");
    h.n = 2;
    CHECK(badugi_hand_public(&h, 2, NULL) == BADUGI_HAND_E_SETTINGS, "public of seat 2 of 2");
}

/* A bot decides from a readable view and refuses every field out of range, or a NULL; the
 * bots that read equity tables refuse a view without its game's. */
static void test_bot_views(void) {
    static const int32_t bots[] = {BADUGI_BOT_RANDOM, BADUGI_BOT_CALLING, BADUGI_BOT_STRENGTH,
                                   BADUGI_BOT_EQUITY};
    badugi_bot_view good, bad;
    badugi_game other;
    badugi_equity *tables, *others;
    uint64_t rng[4];
    int64_t amount;
    memset(&good, 0, sizeof good);
    good.phase = BADUGI_PHASE_BETTING;
    good.game.cards = 4;
    good.game.draws = 3;
    good.game.halves = 1;
    good.legal[0] = good.legal[3] = 2;
    good.legal[4] = 8;
    good.cards_len = 4;
    good.draws_left = 3;
    good.opponents = 1;
    good.pot = 3;
    for (int i = 0; i < 4; i++) good.cards[i] = (uint8_t)(13 * i + i);
    other = good.game;
    other.draws = 1;
    tables = badugi_equity_new(&good.game);
    good.equity = tables;
    others = badugi_equity_new(&other);
    CHECK(tables && others, "equity tables");
    CHECK(badugi_random_state(1, 0, NULL) == -1, "a NULL random state");
    CHECK(badugi_random_state(1, 0, rng) == 0, "random state");
    for (int b = 0; b < 4; b++) {
        int move = badugi_bot_decide(&good, bots[b], rng, &amount);
        CHECK(move >= BADUGI_MOVE_FOLD && move <= BADUGI_MOVE_RAISE, "bot %d: move %d", b, move);
        CHECK(move != BADUGI_MOVE_RAISE || (amount >= 2 && amount <= 8), "raise to %lld",
              (long long)amount);
        for (int field = 0; field < 13; field++) {
            bad = good;
            if (field == 0) bad.phase = BADUGI_PHASE_OVER;
            if (field == 1) bad.game.halves = 3;
            if (field == 2) bad.cards_len = 5;
            if (field == 3) bad.cards[2] = BADUGI_CARDS;
            if (field == 4) bad.shown_len = BADUGI_HAND_MAX_SEATS + 1;
            if (field == 5) bad.legal[3] = 9;
            if (field == 6) {
                bad.shown_len = 1;
                bad.shown[0][3] = 200;
            }
            if (field == 7) bad.draws_left = 4;
            if (field == 8) bad.draws_left = -1;
            if (field == 9) bad.opponents = -1;
            if (field == 10) bad.opponents = BADUGI_HAND_MAX_SEATS;
            if (field == 11) bad.pot = -1;
            if (field == 12) {
                if (bots[b] != BADUGI_BOT_STRENGTH && bots[b] != BADUGI_BOT_EQUITY) continue;
                bad.equity = b % 2 ? others : NULL; /* another game's, or none */
            }
            CHECK(badugi_bot_decide(&bad, bots[b], rng, &amount) == BADUGI_HAND_E_SETTINGS,
                  "bot %d took bad view field %d", b, field);
        }
    }
    CHECK(badugi_bot_decide(&good, 4, rng, &amount) == BADUGI_HAND_E_SETTINGS, "bot 4");
    CHECK(badugi_bot_decide(NULL, 0, rng, &amount) == BADUGI_HAND_E_SETTINGS, "NULL view");
    CHECK(badugi_bot_decide(&good, 0, NULL, &amount) == BADUGI_HAND_E_SETTINGS, "NULL rng");
    CHECK(badugi_bot_decide(&good, 0, rng, NULL) == BADUGI_HAND_E_SETTINGS, "NULL amount");
    CHECK(badugi_bot_choose(NULL, 0, tables, rng, &amount) == BADUGI_HAND_E_SETTINGS,
          "NULL hand");
    badugi_equity_free(tables);
    badugi_equity_free(others);
}

/* Sorted copy of cards[0..len) into out (for comparing piles as sets). */
static void sorted_pile(const uint8_t *cards, int len, uint8_t *out) {
    memcpy(out, cards, (size_t)len);
    for (int i = 1; i < len; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t card = out[j];
            out[j] = out[j - 1];
            out[j - 1] = card;
        }
}

static int same_pile(const uint8_t *a, int a_len, const uint8_t *b, int b_len) {
    uint8_t x[BADUGI_CARDS], y[BADUGI_CARDS];
    if (a_len != b_len) return 0;
    sorted_pile(a, a_len, x);
    sorted_pile(b, b_len, y);
    return memcmp(x, y, (size_t)a_len) == 0;
}

/* The picked dealer deals as the auto dealer does: a hand played at random with the auto
 * dealer is followed step by step by a picked one given the auto dealer's cards in the
 * order it dealt them. Each card is in the picked hand's stub when due, and between deals
 * both hands hold the same stub, muck and burns (as sets) and end with the same stacks. */
static void follow_auto(int n, int hand_size, uint64_t seed) {
    static badugi_hand autod, picked;
    uint8_t due[BADUGI_HAND_MAX_SEATS + 1][BADUGI_CARDS];
    int due_len[BADUGI_HAND_MAX_SEATS + 1] = {0}, taken[BADUGI_HAND_MAX_SEATS + 1] = {0};
    int code, steps = 0;
    memset(&autod, 0, sizeof autod);
    autod.n = n;
    autod.button = (int)next_random((unsigned)n);
    autod.game = random_game(hand_size);
    autod.game.draws = 3;
    autod.structure = BADUGI_STRUCTURE_FIXED;
    autod.cap = 4;
    for (int street = 0; street < 4; street++) autod.sizes[street] = 2;
    autod.blinds[0] = 1;
    autod.blinds[1] = 2;
    autod.seed = seed;
    for (int seat = 0; seat < n; seat++) autod.stacks[seat] = 1000;
    memcpy(&picked, &autod, sizeof picked);
    picked.manual = BADUGI_DEALER_PICKED;
    CHECK(badugi_hand_start(&picked) >= 0, "a picked hand was not started");
    code = badugi_hand_start(&autod);
    while (code >= 0 && steps++ < 1000) {
        int events = autod.n_events, acted = -1;
        for (int i = 0; i < events; i++) { /* the auto dealer's cards, by who got them */
            const badugi_event *event = &autod.events[i];
            int to = event->kind == BADUGI_EVENT_BURN ? n : event->seat;
            if (event->kind != BADUGI_EVENT_DEAL && event->kind != BADUGI_EVENT_BURN) continue;
            memcpy(due[to] + due_len[to], event->cards, event->n_cards);
            due_len[to] += event->n_cards;
        }
        for (int i = 0; i < events; i++) { /* the player's step, on the picked hand */
            const badugi_event *event = &autod.events[i];
            switch (event->kind) {
            case BADUGI_EVENT_FOLD: acted = badugi_hand_fold(&picked, 1); break;
            case BADUGI_EVENT_CHECK:
            case BADUGI_EVENT_CALL: acted = badugi_hand_check_or_call(&picked, 1); break;
            case BADUGI_EVENT_BET:
            case BADUGI_EVENT_RAISE: acted = badugi_hand_raise_to(&picked, event->amount, 1); break;
            case BADUGI_EVENT_DISCARD:
                acted = badugi_hand_draw(&picked, event->cards, event->n_cards, 1);
                break;
            default: continue;
            }
            CHECK(acted >= 0, "the picked hand refused the auto hand's step: %d", acted);
        }
        autod.n_events = 0;
        picked.n_events = 0;
        while (picked.phase == BADUGI_PHASE_DEAL) {
            int to = badugi_hand_pick_seat(&picked);
            CHECK(to >= 0 && to <= n && taken[to] < due_len[to], "a pick nobody is due: %d", to);
            if (!(to >= 0 && to <= n && taken[to] < due_len[to])) return;
            CHECK(badugi_hand_pick(&picked, due[to][taken[to]++], 1) >= 0,
                  "the auto dealer's card is not in the picked stub");
            picked.n_events = 0;
            CHECK(badugi_hand_validate(&picked, NULL) == 0, "the validator refused a pick");
        }
        CHECK(same_pile(autod.stub, autod.stub_len, picked.stub, picked.stub_len) &&
                  same_pile(autod.muck, autod.muck_len, picked.muck, picked.muck_len) &&
                  same_pile(autod.burns, autod.burns_len, picked.burns, picked.burns_len),
              "the piles differ between the auto and picked dealers");
        CHECK(autod.phase == picked.phase && autod.actor == picked.actor, "the turns differ");
        if (autod.phase == BADUGI_PHASE_OVER) break;
        code = random_step(&autod);
    }
    CHECK(code >= 0 && autod.phase == BADUGI_PHASE_OVER && picked.phase == BADUGI_PHASE_OVER,
          "the hands did not end together");
    CHECK(memcmp(autod.stacks, picked.stacks, sizeof autod.stacks) == 0, "the payouts differ");
}

#define TABLES 29

/* The tables of one game, stepped with random legal actions: their arrays after each step. */
typedef struct {
    badugi_table tables[TABLES];
    int64_t logs[TABLES * 400];
    uint8_t legal[TABLES * 64], mask[TABLES * 64], ended[TABLES];
    int64_t net[TABLES * 8], carried[TABLES], skipped[TABLES], skipped_net[TABLES * 8];
    int64_t actions[TABLES];
    int32_t player[TABLES];
    float rewards[TABLES * 8], observation[TABLES * 512], final[TABLES * 512];
} Vector;

/* Step a game of TABLES tables `steps` times on `threads` threads of `pool` in `parts`
 * parts, the actions drawn from a stream seeded by `seed`, into *out; false if a step
 * failed. */
static int run_tables(const badugi_vector *v, badugi_pool *pool, int threads, int parts,
                      int steps, uint64_t seed, Vector *out) {
    int width = badugi_action_count(&v->setup, &v->actions);
    badugi_step arrays = {NULL,         out->legal,   out->ended,       out->net,
                          out->carried, out->skipped, out->skipped_net, out->rewards,
                          out->player,  out->mask,    out->observation, 0,
                          out->final};
    memset(out, 0, sizeof *out);
    if (badugi_vector_start(v, out->tables, 0, TABLES) < 0) return 0;
    rng_state = seed;
    for (int step = 0; step <= steps; step++) {
        if (badugi_vector_step(v, out->tables, TABLES, &arrays, pool, threads, parts) != 0)
            return 0;
        for (int i = 0; i < TABLES; i++) { /* the k-th legal action, k random */
            int legal = 0, k;
            for (int a = 0; a < width; a++) legal += out->mask[i * width + a];
            if (!legal) return 0; /* a table not read */
            k = (int)next_random((unsigned)legal);
            for (int a = 0; a < width; a++)
                if (out->mask[i * width + a] && k-- == 0) out->actions[i] = a;
        }
        arrays.actions = out->actions;
    }
    return 1;
}

/* A pool steps the tables of a VectorGame as the calling thread alone does, on any number
 * of threads and parts; an illegal action is refused before any table moves. */
static void test_pools(void) {
    static badugi_vector v;
    badugi_equity *tables;
    static Vector alone, pooled;
    badugi_pool *pool;
    CHECK(badugi_pool_new(0) == NULL && badugi_pool_new(BADUGI_POOL_MAX_THREADS + 1) == NULL,
          "a pool of 0 or too many threads");
    CHECK(badugi_pool_threads(NULL) == 1, "no pool is one thread");
    badugi_pool_free(NULL);
    memset(&v, 0, sizeof v);
    v.setup.n = 6;
    v.setup.game = random_game(4);
    v.setup.structure = BADUGI_STRUCTURE_NO_LIMIT;
    v.setup.blinds[0] = 1;
    v.setup.blinds[1] = 2;
    for (int street = 0; street < 4; street++) v.setup.sizes[street] = 2;
    for (int seat = 0; seat < 6; seat++) v.setup.stacks[seat] = 200;
    v.actions.fractions = 1;
    v.actions.fraction[0] = 0.5;
    v.bots[1] = BADUGI_BOT_RANDOM;
    v.bots[2] = BADUGI_BOT_STRENGTH;
    v.bots[3] = BADUGI_BOT_EQUITY;
    v.bots[0] = v.bots[4] = v.bots[5] = BADUGI_BOT_NONE;
    tables = badugi_equity_new(&v.setup.game);
    CHECK(tables != NULL, "equity tables");
    v.equity = tables;
    v.carry = 1;
    v.seed = 11;
    v.log = alone.logs; /* replaced below: each run its own */
    v.log_room = 400;
    CHECK(run_tables(&v, NULL, 1, 1, 300, 5, &alone), "a step on the calling thread failed");
    for (int size = 1; size <= 4; size++) {
        pool = badugi_pool_new(size);
        CHECK(pool != NULL && badugi_pool_threads(pool) == size, "a pool of %d", size);
        for (int parts = 1; parts <= TABLES + 3; parts += 1 + 4 * (parts / 3)) {
            int threads = 1 + (parts + size) % 5; /* more than the pool has, too */
            v.log = pooled.logs;
            CHECK(run_tables(&v, pool, threads, parts, 300, 5, &pooled), "a pooled step failed");
            for (int i = 0; i < TABLES; i++) /* the logs live apart: compare them, not pointers */
                pooled.tables[i].log = alone.tables[i].log;
            CHECK(memcmp(&alone.tables, &pooled.tables, sizeof alone.tables) == 0 &&
                      memcmp(alone.logs, pooled.logs, sizeof alone.logs) == 0 &&
                      memcmp(alone.observation, pooled.observation, sizeof alone.observation) ==
                          0 &&
                      memcmp(alone.final, pooled.final, sizeof alone.final) == 0 &&
                      memcmp(alone.net, pooled.net, sizeof alone.net) == 0 &&
                      memcmp(alone.rewards, pooled.rewards, sizeof alone.rewards) == 0 &&
                      memcmp(alone.mask, pooled.mask, sizeof alone.mask) == 0,
                  "%d of %d threads, %d parts: not the tables one thread steps", threads, size,
                  parts);
        }
        {
            static badugi_table before[TABLES];
            badugi_step arrays = {pooled.actions,     pooled.legal,   pooled.ended,
                                  pooled.net,         pooled.carried, pooled.skipped,
                                  pooled.skipped_net, pooled.rewards, pooled.player,
                                  pooled.mask,        pooled.observation, 0,
                                  NULL};
            memcpy(before, pooled.tables, sizeof before);
            pooled.actions[TABLES - 1] = -1;
            CHECK(badugi_vector_step(&v, pooled.tables, TABLES, &arrays, pool, size, 4) == -TABLES,
                  "an illegal action at the last table");
            CHECK(memcmp(before, pooled.tables, sizeof before) == 0, "a table moved");
        }
        badugi_pool_free(pool);
    }
    badugi_equity_free(tables);
}

int main(void) {
    uint64_t seed = 0;
    test_pools();
    test_bad_settings();
    test_bot_views();
    for (int round = 0; round < 40; round++)
        for (int n = 2; n <= BADUGI_HAND_MAX_SEATS; n++) follow_auto(n, 4 + round % 2, seed++);
    for (int round = 0; round < 20; round++)
        for (int n = 2; n <= BADUGI_HAND_MAX_SEATS; n++)
            for (int structure = 0; structure <= BADUGI_STRUCTURE_HALF_POT; structure++)
                for (int hand_size = 4; hand_size <= 5; hand_size++)
                    play(n, structure, hand_size, round % 2, seed++);
    return report("test_hand");
}
