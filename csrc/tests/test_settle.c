/* test_settle.c - badugi_settle, the pot arithmetic of badugi.h.
 *
 * Uses nothing but badugi.h. Hand-worked pots (side pots, uncalled bets, ties and odd units,
 * split halves and the odd unit of the cut, the qualifier, the unit), every refusal, random
 * tables checked for their invariants (chips conserved, nothing written past `room`, winners
 * eligible and best, shares even to one unit), and random hands played through the
 * badugi_hand API whose payouts must be badugi_settle's on the hand's final state, and
 * badugi_show_order. Run under
 * ASan/UBSan by `make sanitize`.
 *
 * Prints one line per failed check and "N passed, N failed"; exits 1 on any failure.
 */
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

#include "check.h"
#include "hand_play.h"

#define MAX_N 12
#define ROOM (2 * MAX_N + 3 + (MAX_N + 1) * (5 + MAX_N) * 7)

/* A pot and a half as read back from badugi_settle's words. */
typedef struct {
    int64_t amount, carried, odd_cut, contested, n_eligible;
    const int64_t *eligible;
} Pot;
typedef struct {
    int64_t amount, each, n_winners, n_odd;
    const int64_t *winners, *chips, *odd;
} Half;

/* One settlement's inputs and outputs. */
typedef struct {
    int32_t n, halves, button, odd_half;
    int64_t unit, dead_money;
    int64_t contributed[MAX_N];
    uint8_t folded[MAX_N];
    int64_t ranks[2 * MAX_N], worst[2];
    int64_t out[ROOM];
    int64_t used, count, carried;
    const int64_t *payouts, *returned;
    Pot pots[MAX_N + 1];
    Half halves_of[MAX_N + 1][2]; /* [pot][half], for contested pots */
} Table;

/* Read the words of out[0..used) back into payouts, pots and halves. */
static void read_back(Table *t, const int64_t *out) {
    const int64_t *word = out + 2 * t->n + 3;
    t->payouts = out;
    t->returned = out + t->n;
    t->count = out[2 * t->n];
    t->carried = out[2 * t->n + 1];
    for (int64_t p = 0; p < t->count; p++) {
        Pot *pot = &t->pots[p];
        pot->amount = word[0];
        pot->carried = word[1];
        pot->odd_cut = word[2];
        pot->contested = word[3];
        pot->n_eligible = word[4];
        pot->eligible = word + 5;
        word += 5 + pot->n_eligible;
    }
    CHECK(word == out + out[2 * t->n + 2], "the half records start where the header says");
    for (int64_t p = 0; p < t->count; p++) {
        if (t->pots[p].n_eligible == 1 || !t->pots[p].contested) continue;
        for (int h = 0; h < t->halves; h++) {
            Half *half = &t->halves_of[p][h];
            half->amount = word[0];
            half->each = word[1];
            half->n_winners = word[2];
            half->n_odd = word[3];
            half->winners = word + 4;
            half->chips = half->winners + half->n_winners;
            half->odd = half->chips + half->n_winners;
            word = half->odd + half->n_odd;
        }
    }
    CHECK(word == out + t->used, "the words read back are the words written");
}

static int64_t settle_in(Table *t, int64_t *out, int64_t room) {
    t->used = badugi_settle(t->n, t->contributed, t->dead_money, t->folded, t->halves, t->ranks,
                            t->worst, t->button, t->unit, t->odd_half, out, room);
    if (t->used >= 0) read_back(t, out);
    return t->used < 0 ? t->used : t->count;
}

/* Settle into t->out with `room` words; the pot count, or the error. */
static int64_t settle(Table *t, int64_t room) { return settle_in(t, t->out, room); }

/* A table of n seats, one half, no qualifier, unit 1, button 0, contributions and ranks. */
static void setup(Table *t, int n, const int64_t *contributed, const int64_t *ranks) {
    memset(t, 0, sizeof *t);
    t->n = n;
    t->halves = 1;
    t->unit = 1;
    t->worst[0] = t->worst[1] = INT64_MAX;
    for (int seat = 0; seat < n; seat++) {
        t->contributed[seat] = contributed[seat];
        t->ranks[seat] = ranks[seat];
    }
}

static const Half *half_of(const Table *t, int pot, int half) { return &t->halves_of[pot][half]; }

static void test_side_pots(void) {
    /* all in for 50, 100, 150; seat 3 calls 150. Main 200 (0-3) to seat 0, side 150 (1-3)
     * to seat 1, side 100 (2-3) to seat 3. */
    Table t;
    const int64_t put[] = {50, 100, 150, 150}, ranks[] = {1, 2, 715, 500};
    setup(&t, 4, put, ranks);
    CHECK_EQ(settle(&t, ROOM), 3, "three pots");
    CHECK_EQ(t.pots[0].amount, 200, "main pot");
    CHECK_EQ(t.pots[1].amount, 150, "side pot 1");
    CHECK_EQ(t.pots[2].amount, 100, "side pot 2");
    CHECK_EQ(t.pots[1].n_eligible, 3, "side pot 1 eligible");
    CHECK_EQ(t.pots[1].eligible[0], 1, "side pot 1 first eligible seat");
    CHECK_EQ(t.payouts[0], 200, "seat 0");
    CHECK_EQ(t.payouts[1], 150, "seat 1");
    CHECK_EQ(t.payouts[2], 0, "seat 2");
    CHECK_EQ(t.payouts[3], 100, "seat 3");
    CHECK_EQ(half_of(&t, 2, 0)->n_winners, 1, "one winner of side pot 2");
    CHECK_EQ(half_of(&t, 2, 0)->winners[0], 3, "side pot 2 winner");
}

static void test_uncalled_and_folded(void) {
    /* seat 0 bets 100, seat 1 folds after 40, seat 2 calls 60 all in: 40 of seat 0 come back;
     * the pot 0..40 (3 seats) and 40..60 (2 seats) have the same eligible seats: one pot. */
    Table t;
    const int64_t put[] = {100, 40, 60}, ranks[] = {9, 1, 3};
    setup(&t, 3, put, ranks);
    t.folded[1] = 1;
    CHECK_EQ(settle(&t, ROOM), 1, "one pot");
    CHECK_EQ(t.pots[0].amount, 160, "the pot");
    CHECK_EQ(t.returned[0], 40, "uncalled bet");
    CHECK_EQ(t.payouts[0], 40, "seat 0 gets its uncalled bet back");
    CHECK_EQ(t.payouts[2], 160, "seat 2 wins");
    CHECK_EQ(t.payouts[1], 0, "the folded seat");
    /* a folded seat that put in the most: its top layer only it reached goes back */
    t.folded[1] = 0;
    t.folded[0] = 1;
    CHECK_EQ(settle(&t, ROOM), 2, "a main pot and a side pot only seat 2 reached");
    CHECK_EQ(t.returned[0], 40, "folded seat's uncalled chips");
    CHECK_EQ(t.payouts[1], 120, "seat 1 wins the main pot");
    CHECK_EQ(t.payouts[2], 40, "seat 2 takes the side pot uncontested");
    /* one live seat: it takes the pot uncontested, with no halves */
    t.folded[2] = 1;
    t.halves = 0;
    CHECK_EQ(settle(&t, ROOM), 1, "an uncontested pot");
    CHECK_EQ(t.pots[0].n_eligible, 1, "one eligible seat");
    CHECK_EQ(t.payouts[1], 120 + 0, "seat 1 takes what was called");
    CHECK_EQ(t.returned[0], 60, "seat 0 over seat 1's 40");
    CHECK_EQ(t.returned[2], 20, "seat 2 over seat 1's 40");
}

static void test_ties_and_odd_units(void) {
    /* 5 seats of 5 chips (25), unit 5; seats 1, 3 and 4 tie: 5 units shared 3 ways, odd units
     * one each from the left of the button (button 3: seat 4, then seat 1). */
    Table t;
    const int64_t put[] = {5, 5, 5, 5, 5}, ranks[] = {9, 2, 8, 2, 2};
    setup(&t, 5, put, ranks);
    t.unit = 5;
    t.button = 3;
    CHECK_EQ(settle(&t, ROOM), 1, "one pot");
    CHECK_EQ(t.payouts[4], 10, "seat 4: a share and the first odd unit");
    CHECK_EQ(t.payouts[1], 10, "seat 1: a share and the second odd unit");
    CHECK_EQ(t.payouts[3], 5, "seat 3: a share");
    CHECK_EQ(half_of(&t, 0, 0)->each, 5, "the even share");
    CHECK_EQ(half_of(&t, 0, 0)->n_odd, 2, "two odd units");
    CHECK_EQ(half_of(&t, 0, 0)->odd[0], 4, "first odd unit");
    CHECK_EQ(half_of(&t, 0, 0)->odd[1], 1, "second odd unit");
    CHECK_EQ(half_of(&t, 0, 0)->chips[0], 10, "seat 1's chips beside it");
}

static void test_halves_and_qualifier(void) {
    /* two halves, 3 seats of 5: 15 cut 8 + 7, the odd unit to odd_half */
    Table t;
    const int64_t put[] = {5, 5, 5}, ranks[] = {1, 2, 3};
    setup(&t, 3, put, ranks);
    t.halves = 2;
    t.ranks[3] = 3, t.ranks[4] = 2, t.ranks[5] = 1; /* the low half: seat 2 best */
    CHECK_EQ(settle(&t, ROOM), 1, "one pot");
    CHECK_EQ(t.pots[0].odd_cut, 0, "the odd unit of the cut to half 0");
    CHECK_EQ(t.payouts[0], 8, "Badugi half");
    CHECK_EQ(t.payouts[2], 7, "low half");
    t.odd_half = 1;
    settle(&t, ROOM);
    CHECK_EQ(t.pots[0].odd_cut, 1, "the odd unit of the cut to half 1");
    CHECK_EQ(t.payouts[0], 7, "Badugi half, even");
    CHECK_EQ(t.payouts[2], 8, "low half with the odd unit");
    /* nobody qualifies for half 0: half 1 takes the whole pot, no cut */
    t.worst[0] = 0;
    settle(&t, ROOM);
    CHECK_EQ(t.pots[0].contested, 1, "one half with winners");
    CHECK_EQ(t.pots[0].odd_cut, -1, "no cut");
    CHECK_EQ(half_of(&t, 0, 0)->n_winners, 0, "no Badugi winner");
    CHECK_EQ(half_of(&t, 0, 0)->amount, 0, "the Badugi half paid nothing");
    CHECK_EQ(t.payouts[2], 15, "the low half takes all");
    /* one half, nobody qualifies: carried over */
    t.halves = 1;
    t.odd_half = 0;
    CHECK_EQ(settle(&t, ROOM), 1, "one half");
    CHECK_EQ(t.pots[0].carried, 15, "carried over");
    CHECK_EQ(t.payouts[0] + t.payouts[1] + t.payouts[2], 0, "nobody paid");
    /* the qualifier is inclusive */
    t.worst[0] = 1;
    settle(&t, ROOM);
    CHECK_EQ(t.payouts[0], 15, "rank 1 qualifies for worst 1");
}

/* Dead money (a pot carried over) is the main pot's: every live seat is eligible for it. */
static void test_dead_money(void) {
    Table t;
    const int64_t put[] = {50, 100, 150, 150}, ranks[] = {1, 2, 715, 500};
    const int64_t nothing[] = {0, 0, 0}, three[] = {3, 1, 2};
    setup(&t, 4, put, ranks);
    t.dead_money = 30;
    CHECK_EQ(settle(&t, ROOM), 3, "dead money joins the main pot");
    CHECK_EQ(t.pots[0].amount, 230, "main pot with the dead money");
    CHECK_EQ(t.pots[0].n_eligible, 4, "every live seat eligible for it");
    CHECK_EQ(t.payouts[0], 230, "the main pot's winner takes it");
    CHECK_EQ(t.payouts[1], 150, "side pot 1 unchanged");
    t.folded[0] = 1; /* seat 0 folded: seats 1-3 contest 30 + 200 */
    CHECK_EQ(settle(&t, ROOM), 2, "main pot and one side pot");
    CHECK_EQ(t.pots[0].amount, 230 + 150, "the dead money and the first two layers");
    CHECK_EQ(t.payouts[1], 380, "seat 1 takes the main pot");
    setup(&t, 3, nothing, three); /* nobody bet: the dead money is the only pot */
    t.dead_money = 7;
    CHECK_EQ(settle(&t, ROOM), 1, "one pot");
    CHECK_EQ(t.pots[0].amount, 7, "the dead money alone");
    CHECK_EQ(t.payouts[1], 7, "to the best hand");
    t.folded[0] = t.folded[2] = 1;
    CHECK_EQ(settle(&t, ROOM), 1, "one live seat");
    CHECK_EQ(t.pots[0].n_eligible, 1, "taken uncontested");
    CHECK_EQ(t.payouts[1], 7, "by the last seat");
    t.folded[0] = t.folded[2] = 0;
    t.worst[0] = 0; /* nobody qualifies: the dead money is carried over again */
    CHECK_EQ(settle(&t, ROOM), 1, "one pot, carried");
    CHECK_EQ(t.carried, 7, "carried again");
    t.worst[0] = INT64_MAX;
    t.unit = 2;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_AMOUNT, "dead money not a multiple of the unit");
    t.unit = 1;
    t.dead_money = -1;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_AMOUNT, "negative dead money");
    t.dead_money = INT64_MAX;
    t.contributed[0] = 1;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_OVERFLOW, "dead money past INT64_MAX");
}

/* The show order: from the last aggressor, or with no bet from left of the button; live
 * seats only, clockwise; refusals write nothing. */
static void test_show_order(void) {
    const uint8_t folded[5] = {0, 1, 0, 0, 0};
    int32_t order[5] = {-9, -9, -9, -9, -9};
    CHECK_EQ(badugi_show_order(5, folded, 3, 0, order), 4, "four live seats");
    CHECK(order[0] == 3 && order[1] == 4 && order[2] == 0 && order[3] == 2, "from seat 3");
    CHECK_EQ(badugi_show_order(5, folded, -1, 4, order), 4, "no bet");
    CHECK(order[0] == 0 && order[1] == 2 && order[2] == 3 && order[3] == 4, "left of seat 4");
    CHECK_EQ(badugi_show_order(5, folded, -1, 0, order), 4, "no bet, button 0");
    CHECK(order[0] == 2 && order[3] == 0, "seat 1 folded: seat 2 first, the button last");
    order[0] = -9;
    CHECK_EQ(badugi_show_order(1, folded, -1, 0, order), -1, "one seat");
    CHECK_EQ(badugi_show_order(5, NULL, -1, 0, order), -1, "no flags");
    CHECK_EQ(badugi_show_order(5, folded, -1, 5, order), -1, "a button off the table");
    CHECK_EQ(badugi_show_order(5, folded, 5, 0, order), -1, "a first seat off the table");
    CHECK_EQ(badugi_show_order(5, folded, -2, 0, order), -1, "a first seat below -1");
    CHECK_EQ(badugi_show_order(5, folded, -1, 0, NULL), -1, "no order");
    CHECK(order[0] == -9, "a refusal wrote");
}

static void test_refusals(void) {
    Table t;
    const int64_t put[] = {10, 10, 10}, ranks[] = {1, 2, 3};
    setup(&t, 3, put, ranks);
    CHECK_EQ(settle(&t, ROOM), 1, "a good table");
    t.n = 1;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_ARGS, "one seat");
    t.n = 3;
    t.button = 3;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_ARGS, "button outside the table");
    t.button = 0;
    t.unit = 0;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_ARGS, "unit 0");
    t.unit = 3;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_AMOUNT, "not a multiple of the unit");
    t.unit = 1;
    t.odd_half = 1;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_ARGS, "odd half outside the halves");
    t.odd_half = 0;
    t.halves = 0;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_ARGS, "a contested pot with no halves");
    t.halves = 1;
    t.contributed[1] = -10;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_AMOUNT, "a negative amount");
    t.contributed[1] = INT64_MAX - 15;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_OVERFLOW, "a total above INT64_MAX");
    t.contributed[1] = INT64_MAX - 20;
    CHECK_EQ(settle(&t, ROOM), 1, "a total of exactly INT64_MAX");
    CHECK_EQ(t.returned[1], INT64_MAX - 30, "the uncalled part");
    t.contributed[1] = 10;
    t.folded[0] = t.folded[1] = t.folded[2] = 1;
    CHECK_EQ(settle(&t, ROOM), BADUGI_SETTLE_E_NO_LIVE, "every seat folded");
    t.folded[0] = t.folded[1] = t.folded[2] = 0;
    /* 9 words of seats, 5 + 3 of the pot, 4 + 1 + 1 of its one winner; a half is written
     * only with room for its worst case, 4 + 3 * 3 words */
    CHECK_EQ(settle(&t, 8), BADUGI_SETTLE_E_ROOM, "no room for the seats");
    CHECK_EQ(settle(&t, 11), BADUGI_SETTLE_E_ROOM, "no room for the pot");
    CHECK_EQ(settle(&t, 29), BADUGI_SETTLE_E_ROOM, "no room for a half of 3 eligible seats");
    CHECK_EQ(settle(&t, 30), 1, "room for the worst case of the half");
    CHECK_EQ(t.used, 23, "words used");
    CHECK_EQ(badugi_settle(3, NULL, 0, t.folded, 1, t.ranks, t.worst, 0, 1, 0, t.out, ROOM),
             BADUGI_SETTLE_E_ARGS, "NULL contributions");
    CHECK_EQ(badugi_settle(3, t.contributed, 0, t.folded, 1, NULL, t.worst, 0, 1, 0, t.out, ROOM),
             BADUGI_SETTLE_E_ARGS, "NULL ranks with a half");
    CHECK_EQ(badugi_settle(3, t.contributed, 0, t.folded, 1, t.ranks, t.worst, 0, 1, 0, NULL, ROOM),
             BADUGI_SETTLE_E_ARGS, "NULL out");
}

/* Random tables: conservation, winners eligible and best, even shares; out[] of exactly
 * the documented room (on the heap, so ASan sees a write past it). */
static void test_random_tables(void) {
    for (int round = 0; round < 20000; round++) {
        Table t;
        int64_t total = 0, paid = 0, levels[4], room, *out;
        int distinct = 0, live = 0;
        memset(&t, 0, sizeof t);
        t.n = 2 + (int32_t)next_random(MAX_N - 1);
        t.halves = 1 + (int32_t)next_random(2);
        t.unit = 1 + next_random(3);
        t.button = (int32_t)next_random((unsigned)t.n);
        t.odd_half = (int32_t)next_random((unsigned)t.halves);
        for (int h = 0; h < 2; h++) t.worst[h] = next_random(3) ? INT64_MAX : 1 + next_random(6);
        for (int level = 0; level < 4; level++) levels[level] = next_random(6) * t.unit;
        for (int seat = 0; seat < t.n; seat++) {
            int known = 0;
            t.contributed[seat] = levels[next_random(4)];
            t.folded[seat] = next_random(4) == 0;
            for (int h = 0; h < t.halves; h++) t.ranks[h * t.n + seat] = 1 + next_random(6);
            for (int other = 0; other < seat; other++)
                known |= t.contributed[other] == t.contributed[seat];
            distinct += !known && t.contributed[seat];
            total += t.contributed[seat];
        }
        t.folded[next_random((unsigned)t.n)] = 0;
        for (int seat = 0; seat < t.n; seat++) live += !t.folded[seat];
        t.dead_money = next_random(3) ? 0 : next_random(6) * t.unit;
        total += t.dead_money;
        distinct += t.dead_money > 0;
        room = 2 * t.n + 3 + (int64_t)distinct * (5 + live) * (1 + 3 * t.halves);
        out = malloc(sizeof *out * (size_t)room);
        CHECK(settle_in(&t, out, room) >= 0, "round %d refused: %lld", round, (long long)t.used);
        if (t.used < 0) {
            free(out);
            continue;
        }
        paid = t.carried;
        for (int seat = 0; seat < t.n; seat++) {
            paid += t.payouts[seat];
            CHECK(!t.folded[seat] || t.payouts[seat] == t.returned[seat],
                  "round %d: folded seat %d won", round, seat);
        }
        for (int p = 0; p < t.count; p++) {
            const Pot *pot = &t.pots[p];
            int64_t halves_paid = 0;
            CHECK(pot->amount > 0 && pot->amount % t.unit == 0, "round %d: pot amount", round);
            if (pot->n_eligible == 1 || !pot->contested) continue;
            for (int h = 0; h < t.halves; h++) {
                const Half *half = half_of(&t, p, h);
                int64_t sum = 0;
                halves_paid += half->amount;
                for (int i = 0; i < half->n_winners; i++) {
                    int64_t seat = half->winners[i], chips = half->chips[i];
                    int eligible = 0;
                    for (int e = 0; e < pot->n_eligible; e++) {
                        int64_t other = pot->eligible[e];
                        eligible |= other == seat;
                        CHECK(t.ranks[h * t.n + other] >= t.ranks[h * t.n + seat],
                              "round %d: a winner is not the best", round);
                    }
                    CHECK(eligible && !t.folded[seat], "round %d: winner not eligible", round);
                    CHECK(t.ranks[h * t.n + seat] <= t.worst[h], "round %d: unqualified", round);
                    CHECK(chips == half->each || chips == half->each + t.unit,
                          "round %d: uneven share", round);
                    sum += chips;
                }
                CHECK_EQ(sum, half->amount, "a half's shares add up");
                CHECK(half->n_odd < (half->n_winners > 1 ? half->n_winners : 1),
                      "round %d: odd units fewer than the winners", round);
            }
            CHECK_EQ(halves_paid, pot->amount, "a pot's halves add up");
        }
        CHECK(paid == total, "round %d: %lld paid of %lld", round, (long long)paid,
              (long long)total);
        free(out);
    }
}

static int64_t hand_rank(const badugi_hand *h, int ranking, int seat) {
    const uint8_t *c = h->hands[seat];
    if (ranking == BADUGI_RANKING_ACE_FIVE)
        return badugi_ace_five_eval(c[0], c[1], c[2], c[3], c[4]);
    if (ranking == BADUGI_RANKING_DEUCE_SEVEN)
        return badugi_deuce_seven_eval(c[0], c[1], c[2], c[3], c[4]);
    if (h->hand_len[seat] == 4)
        return ranking ? badugi_ace_high_eval4(c[0], c[1], c[2], c[3])
                       : badugi_eval4(c[0], c[1], c[2], c[3]);
    return ranking ? badugi_ace_high_eval5(c[0], c[1], c[2], c[3], c[4])
                   : badugi_eval5(c[0], c[1], c[2], c[3], c[4]);
}

/* Random hands of every size and structure, played to the end: the WIN events and the
 * carried chips are what badugi_settle gives on the hand's final contributions and cards. */
static void test_hand_agrees(void) {
    static badugi_hand h;
    for (int round = 0; round < 3000; round++) {
        Table t;
        int64_t won[BADUGI_HAND_MAX_SEATS] = {0};
        int code, steps = 0;
        memset(&h, 0, sizeof h);
        h.n = 2 + (int)next_random(BADUGI_HAND_MAX_SEATS - 1);
        h.button = (int)next_random((unsigned)h.n);
        h.game = random_game(4 + (int)next_random(2));
        h.structure = (int)next_random(4);
        h.cap = h.structure == BADUGI_STRUCTURE_FIXED ? 4 : 0;
        h.mucking = (int)next_random(2);
        for (int street = 0; street < 4; street++) h.sizes[street] = street < 2 ? 2 : 4;
        h.blinds[0] = 1;
        h.blinds[1] = 2;
        h.antes = next_random(2);
        h.dead_money = next_random(3) ? 0 : next_random(20);
        h.seed = (uint64_t)round;
        for (int seat = 0; seat < h.n; seat++) h.stacks[seat] = 1 + next_random(60);
        code = badugi_hand_start(&h);
        while (code >= 0 && steps++ < 1000) {
            for (int i = 0; i < h.n_events; i++)
                if (h.events[i].kind == BADUGI_EVENT_WIN)
                    won[h.events[i].seat] += h.events[i].amount;
            h.n_events = 0;
            if (h.phase == BADUGI_PHASE_OVER) break;
            code = random_step(&h);
        }
        CHECK(h.phase == BADUGI_PHASE_OVER, "round %d: the hand did not end (%d)", round, code);
        memset(&t, 0, sizeof t);
        t.n = h.n;
        t.halves = h.game.halves;
        t.button = h.button;
        t.unit = 1;
        t.dead_money = h.dead_money;
        t.odd_half = h.game.odd_half;
        for (int half = 0; half < h.game.halves; half++) {
            int badugi = h.game.rankings[half] <= BADUGI_RANKING_BADUGI_ACE_HIGH;
            t.worst[half] = h.game.qualifier && badugi ? h.game.qualifier : INT64_MAX;
        }
        for (int seat = 0; seat < h.n; seat++) {
            t.contributed[seat] = h.contributed[seat];
            t.folded[seat] = (uint8_t)h.folded[seat];
            for (int half = 0; half < h.game.halves; half++)
                if (!h.folded[seat])
                    t.ranks[half * h.n + seat] = hand_rank(&h, h.game.rankings[half], seat);
        }
        CHECK(settle(&t, ROOM) >= 0, "round %d: refused", round);
        CHECK_EQ(t.carried, h.carried, "the hand's carried chips");
        for (int seat = 0; seat < h.n; seat++)
            CHECK(won[seat] == t.payouts[seat], "round %d seat %d: the hand paid %lld, settle %lld",
                  round, seat, (long long)won[seat], (long long)t.payouts[seat]);
    }
}

int main(void) {
    test_side_pots();
    test_uncalled_and_folded();
    test_ties_and_odd_units();
    test_halves_and_qualifier();
    test_dead_money();
    test_show_order();
    test_refusals();
    test_random_tables();
    test_hand_agrees();
    return report("test_settle");
}
