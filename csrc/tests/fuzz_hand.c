/* fuzz_hand.c - badugi_hand_validate against real and mutated hands.
 *
 * Uses nothing but badugi.h. Plays random hands of every game (1 to 5 cards, one or two
 * halves of each ranking, with or without a qualifier, the whole deck or a small game's),
 * every structure, 2 to 8 seats, a
 * shuffled, given, manual or picked deck, with and without mucking. At every step of every hand it
 * checks that badugi_hand_validate accepts the state (and a picked hand holds its cards in
 * id order); at random steps it mutates copies of
 * the state (random bytes, or one field set to a boundary or absurd value) and plays every
 * copy the validator accepts to the end with random legal actions, checking after each step:
 * the action was accepted, actions illegal in any state were refused without changing a
 * byte, the new state is valid, chips are conserved relative to the mutated state, every
 * card is in one place at most and none appears or disappears, and the hand ends within
 * MAX_STEPS steps (more is a hang). Some real states are played out the same way. Run under
 * ASan/UBSan by `make sanitize`, so an access out of bounds in an accepted state is a
 * failure too.
 *
 * BADUGI_FUZZ_MUTATIONS (environment) sets the number of mutated states, 20000 by default
 * (a few seconds); BADUGI_FUZZ_MUTATIONS=1000000 is the full run. BADUGI_FUZZ_SEED changes
 * the random sequence. Prints one line per failed check and "N passed, N failed".
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

#include "check.h"
#include "hand_play.h"

#define MAX_STEPS 5000

/* ------------------------------------------------------------------ random play */

/* Manual dealer: 1..owed cards of the deck no player holds to a seat that is owed cards. */
static int random_deal(badugi_hand *h) {
    uint8_t deck[BADUGI_CARDS], free_cards[BADUGI_CARDS], dealt[BADUGI_HAND_MAX_CARDS];
    int held[BADUGI_CARDS] = {0}, free_count = 0, seat = (int)next_random((unsigned)h->n), count;
    int deck_count = deck_cards(&h->game, deck);
    while (!h->owed[seat]) seat = (seat + 1) % h->n;
    for (int other = 0; other < h->n; other++)
        for (int i = 0; i < h->hand_len[other]; i++) held[h->hands[other][i]] = 1;
    for (int i = 0; i < deck_count; i++)
        if (!held[deck[i]]) free_cards[free_count++] = deck[i];
    count = 1 + (int)next_random((unsigned)h->owed[seat]);
    for (int i = 0; i < count; i++) { /* a partial Fisher-Yates draw */
        int at = i + (int)next_random((unsigned)(free_count - i));
        uint8_t card = free_cards[at];
        free_cards[at] = free_cards[i];
        free_cards[i] = card;
        dealt[i] = card;
    }
    return badugi_hand_deal(h, seat, dealt, count, 1);
}

/* Picked dealer: a random card of the stub, which the hand keeps restocked. */
static int random_pick(badugi_hand *h) {
    if (!h->stub_len) return BADUGI_HAND_E_NOT_IN_STUB;
    return badugi_hand_pick(h, h->stub[next_random((unsigned)h->stub_len)], 1);
}

/* A random step of the hand, the manual or picked dealer's included. */
static int random_move(badugi_hand *h) {
    if (h->phase != BADUGI_PHASE_DEAL) return random_step(h);
    return h->manual == BADUGI_DEALER_PICKED ? random_pick(h) : random_deal(h);
}

/* The caller takes the events: all of them when the next action might not fit, else
 * sometimes, so states with events waiting are fuzzed too. */
static void take_events(badugi_hand *h) {
    if (h->n_events > BADUGI_HAND_MAX_EVENTS - BADUGI_HAND_CALL_EVENTS || next_random(2))
        h->n_events = 0;
}

/* Actions that are illegal in any state must be refused without changing a byte. */
static void probe_refusals(badugi_hand *h, const char *origin) {
    static badugi_hand before;
    int64_t legal[5];
    uint8_t card = BADUGI_CARDS;
    memcpy(&before, h, sizeof before);
    if (badugi_hand_legal(h, legal) == 0) {
        if (!legal[0]) (void)badugi_hand_fold(h, 1);
        for (int seat = 0; seat < h->n; seat++) /* only a seat all in, with free folds */
            if (h->stacks[seat] || h->folded[seat] || !h->free_folds)
                (void)badugi_hand_fold_all_in(h, seat, 1);
        (void)badugi_hand_fold_all_in(h, -1, 1);
        (void)badugi_hand_fold_all_in(h, h->n, 1);
        (void)badugi_hand_raise_to(h, h->level, 1); /* raises nothing */
        (void)badugi_hand_raise_to(h, legal[4] ? legal[4] + 1 : h->level + 1, 1);
    }
    (void)badugi_hand_draw(h, &card, 1, 1);
    (void)badugi_hand_deal(h, 0, &card, 1, 1);
    (void)badugi_hand_pick(h, BADUGI_CARDS, 1);
    for (int i = 0; i < h->n && h->hand_len[i] && h->phase == BADUGI_PHASE_DEAL; i++)
        (void)badugi_hand_pick(h, h->hands[i][0], 1); /* a card a player holds */
    if (h->phase != BADUGI_PHASE_SHOWDOWN) {
        (void)badugi_hand_show(h, 1);
        (void)badugi_hand_muck(h, 1);
    }
    CHECK(memcmp(h, &before, sizeof before) == 0, "%s: a refused action changed the state",
          origin);
}

/* Play a state the validator accepted to the end, checking every step. */
static void play_out(badugi_hand *h, const char *origin) {
    int64_t chips = table_chips(h);
    int cards = cards_in_play(h), steps = 0;
    const char *field;
    while (h->phase != BADUGI_PHASE_OVER) {
        int code;
        take_events(h);
        if (next_random(4) == 0) probe_refusals(h, origin);
        code = random_move(h);
        if (code < 0) {
            CHECK(0, "%s: a legal step was refused: %d (phase %d)", origin, code, (int)h->phase);
            return;
        }
        if (badugi_hand_validate(h, &field) != 0) {
            CHECK(0, "%s: play reached a state the validator refuses: %s", origin, field);
            return;
        }
        if (table_chips(h) != chips || cards_in_play(h) != cards) {
            CHECK(0, "%s: chips or cards created or lost", origin);
            return;
        }
        if (++steps > MAX_STEPS) {
            CHECK(0, "%s: the hand did not end in %d steps", origin, MAX_STEPS);
            return;
        }
    }
    CHECK(table_chips(h) == chips && cards_in_play(h) == cards, "%s: the payout broke chips",
          origin);
}

/* ------------------------------------------------------------------ mutations */

typedef struct {
    const char *name;
    size_t offset, size, count; /* an element of `size` bytes, `count` of them */
} Field;

#define FIELD(member, elements)                                                       \
    {#member, offsetof(badugi_hand, member), sizeof(((badugi_hand *)0)->member) / (elements), \
     (elements)}

static const Field fields[] = {
    FIELD(n, 1), FIELD(button, 1), FIELD(game, 7), FIELD(structure, 1), FIELD(cap, 1),
    FIELD(lift_cap_heads_up, 1), FIELD(manual, 1), FIELD(mucking, 1), FIELD(sizes, 4),
    FIELD(blinds, 2), FIELD(antes, 1), FIELD(big_blind_ante, 1), FIELD(runs, 1),
    FIELD(free_folds, 1), FIELD(bet_ladder, 1), FIELD(no_small_blind, 1), FIELD(shuffle, 1),
    FIELD(stacks, 8),
    FIELD(dead_money, 1), FIELD(missed_live, 8), FIELD(missed_dead, 8),
    FIELD(stub_len, 1), FIELD(stub, 52),
    FIELD(bets, 8), FIELD(contributed, 8), FIELD(folded, 8), FIELD(live, 1), FIELD(active, 1),
    FIELD(carried, 1), FIELD(won, 8), FIELD(mucked, 8), FIELD(level, 1), FIELD(full, 1), FIELD(increment, 1),
    FIELD(reopen, 1),
    FIELD(size, 1), FIELD(acted, 8), FIELD(bets_made, 1), FIELD(aggressor, 1), FIELD(actor, 1),
    FIELD(phase, 1), FIELD(street, 1), FIELD(showing_len, 1), FIELD(showing, 8),
    FIELD(run, 1), FIELD(split_street, 1),
    FIELD(hands, 40), FIELD(thrown, 40), FIELD(held, 40), FIELD(hand_len, 8), FIELD(thrown_len, 8),
    FIELD(owed, 8), FIELD(drawn, 32), FIELD(muck_len, 1), FIELD(burns_len, 1),
    FIELD(current_len, 1), FIELD(replaced_len, 1), FIELD(reshuffles, 1), FIELD(unknown_burns, 1),
    FIELD(muck, 52), FIELD(burns, 52), FIELD(current, 52), FIELD(replaced, 52),
    FIELD(n_events, 1),
};
#define FIELDS (sizeof fields / sizeof fields[0])

static const int64_t values[] = {
    0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 40, 50, 51, 52, 53, 80, 81, 127, 128, 160, 161, 200,
    255, 256, 1000000, 1092, 1093, INT32_MAX, INT32_MIN, (int64_t)1 << 53, (int64_t)1 << 60,
    ((int64_t)1 << 60) + 1, (int64_t)1 << 62, INT64_MAX, INT64_MIN,
};
#define VALUES (sizeof values / sizeof values[0])

/* Set one element of a field (or an event's byte), or all of them, to a boundary, absurd,
 * nearby or random value; or a few random bytes anywhere. Returns what it changed. */
static const char *mutate(badugi_hand *h) {
    uint8_t *bytes = (uint8_t *)h;
    unsigned how = next_random(10);
    if (how < 2) {
        int count = 1 + (int)next_random(4);
        for (int i = 0; i < count; i++) bytes[next_random(sizeof *h)] = (uint8_t)next64();
        return "random bytes";
    } else if (how < 3) { /* an event waiting for the caller, or the next one */
        int waiting = h->n_events >= 0 && h->n_events < BADUGI_HAND_MAX_EVENTS ? h->n_events : 0;
        size_t at = offsetof(badugi_hand, events) +
                    next_random((unsigned)(sizeof h->events[0] * (size_t)(waiting + 1)));
        if (at < sizeof *h) bytes[at] = (uint8_t)values[next_random(VALUES)];
        return "events";
    } else if (how < 4) { /* every element of a field */
        const Field *field = &fields[next_random(FIELDS)];
        int64_t value = values[next_random(VALUES)];
        for (size_t i = 0; i < field->count; i++)
            memcpy(bytes + field->offset + field->size * i, &value, field->size);
        return field->name;
    } else {
        const Field *field = &fields[next_random(FIELDS)];
        uint8_t *at = bytes + field->offset + field->size * next_random((unsigned)field->count);
        int64_t value;
        if (how < 7)
            value = values[next_random(VALUES)];
        else if (how < 9) { /* one off the value it had */
            int64_t old = 0;
            memcpy(&old, at, field->size); /* little-endian: the low bytes */
            if (field->size == 1) old = (int8_t)old;
            if (field->size == 4) old = (int32_t)old;
            value = (int64_t)((uint64_t)old + (next_random(2) ? 1 : UINT64_MAX)); /* wraps */
        } else
            value = (int64_t)next64();
        memcpy(at, &value, field->size); /* little-endian: the low bytes */
        return field->name;
    }
}

/* ------------------------------------------------------------------ the hands */

static void random_settings(badugi_hand *h) {
    int n = 2 + (int)next_random(BADUGI_HAND_MAX_SEATS - 1);
    int size = next_random(4) ? 4 + (int)next_random(2) : 1 + (int)next_random(3);
    memset(h, 0, sizeof *h);
    h->n = n;
    h->button = (int)next_random((unsigned)n);
    h->game = random_game(size);
    random_deck(&h->game, n);
    h->structure = (int)next_random(4);
    h->cap = h->structure == BADUGI_STRUCTURE_FIXED ? (int)next_random(6) : 0;
    h->lift_cap_heads_up = (int)next_random(2);
    h->conventions = (int)next_random(2);
    h->manual = next_random(4) == 0 ? 1 + (int)next_random(2) : BADUGI_DEALER_AUTO;
    h->mucking = (int)next_random(2);
    for (int street = 0; street < 4; street++)
        h->sizes[street] = 1 + next_random(street < 2 ? 4 : 8);
    h->blinds[1] = next_random(4) ? 1 + next_random(4) : 0;
    h->blinds[0] = h->blinds[1] ? next_random((unsigned)h->blinds[1] + 1) : 0;
    h->antes = next_random(3) ? 0 : 1 + next_random(2);
    h->big_blind_ante = h->blinds[1] && next_random(2);
    h->runs = next_random(2) ? 1 + (int)next_random(BADUGI_HAND_MAX_RUNS) : 0;
    h->free_folds = (int)next_random(2);
    h->bet_ladder = (int)next_random(2);
    h->no_small_blind = h->blinds[1] && next_random(4) == 0;
    h->shuffle = (int)next_random(2); /* SHAKE-128's deal or ChaCha20's */
    h->seed = next64();
    for (int seat = 0; seat < n; seat++)
        h->stacks[seat] = next_random(4) ? 1 + next_random(200) : 1 + next_random(6);
    for (int seat = 0; seat < n; seat++) { /* now and then, players back from missed blinds */
        int small = n == 2 ? h->button : (h->button + 1) % n, big = (small + 1) % n;
        if (h->no_small_blind) small = -1, big = (h->button + 1) % n;
        if (next_random(4)) continue;
        h->missed_dead[seat] = next_random(3);
        if (seat != big && (seat != small || !h->blinds[0]) && next_random(2))
            h->missed_live[seat] = h->blinds[1];
    }
    if (!h->manual && next_random(3) == 0) { /* a given deck, maybe short */
        uint8_t deck[BADUGI_CARDS];
        int need = size * (n + 1), count = deck_cards(&h->game, deck);
        for (int i = count - 1; i > 0; i--) {
            int j = (int)next_random((unsigned)i + 1);
            uint8_t card = deck[i];
            deck[i] = deck[j];
            deck[j] = card;
        }
        h->stub_len = need + (int)next_random((unsigned)(count - need + 1));
        memcpy(h->stub, deck, (size_t)h->stub_len);
    }
}

static unsigned long mutations, accepted;

/* Mutated copies of a real state; the accepted ones played to the end. */
static void fuzz_state(const badugi_hand *h, unsigned long target) {
    static badugi_hand copy;
    for (int i = 0; i < 8 && mutations < target; i++) {
        char origin[96];
        const char *first;
        memcpy(&copy, h, sizeof copy);
        first = mutate(&copy);
        if (next_random(4))
            snprintf(origin, sizeof origin, "a state mutated in %s", first);
        else
            snprintf(origin, sizeof origin, "a state mutated in %s and %s", first, mutate(&copy));
        mutations++;
        if (badugi_hand_validate(&copy, NULL) != 0) continue;
        accepted++;
        play_out(&copy, origin);
    }
}

/* Whether every seat of a picked hand holds its cards in id order (any other dealer: yes). */
static int picked_in_id_order(const badugi_hand *h) {
    for (int seat = 0; seat < h->n && h->manual == BADUGI_DEALER_PICKED; seat++)
        for (int i = 1; i < h->hand_len[seat]; i++)
            if (h->hands[seat][i - 1] >= h->hands[seat][i]) return 0;
    return 1;
}

/* One real hand: valid at every step, mutated at random steps, played to the end. */
static void fuzz_hand(unsigned long target) {
    static badugi_hand h, played;
    const char *field;
    int code;
    random_settings(&h);
    code = badugi_hand_start(&h);
    CHECK(code >= 0, "a hand was not started: %d", code);
    while (code >= 0) {
        int valid = badugi_hand_validate(&h, &field) == 0;
        CHECK(valid, "the validator refused a real state: %s (phase %d, street %d)",
              valid ? "" : field, (int)h.phase, (int)h.street);
        if (!valid) return;
        CHECK(picked_in_id_order(&h), "a picked hand's cards out of id order");
        if (next_random(3) == 0) fuzz_state(&h, target);
        if (next_random(8) == 0) { /* the real state played out from here */
            memcpy(&played, &h, sizeof played);
            play_out(&played, "a real state");
        }
        if (h.phase == BADUGI_PHASE_OVER) return;
        take_events(&h);
        code = random_move(&h);
    }
    CHECK(0, "a legal step was refused: %d", code);
}

/* A picked hand dealing a draw whose discards were forged (the served seats' `replaced`,
 * an unserved seat's throw): refused by name, as a last-resort restock would take them. */
static void test_picked_refusals(const badugi_hand *settings) {
    static badugi_hand h, bad;
    const char *field = NULL;
    int served = -1;
    memcpy(&h, settings, sizeof h);
    memset(&h.bets, 0, sizeof h - offsetof(badugi_hand, bets)); /* back to the settings */
    for (int seat = 0; seat < h.n; seat++) h.stacks[seat] = 100;
    h.manual = BADUGI_DEALER_PICKED;
    h.stub_len = 0;
    CHECK(badugi_hand_start(&h) > 0, "picked start");
    while (h.phase != BADUGI_PHASE_DRAW) {
        h.n_events = 0;
        if (h.phase == BADUGI_PHASE_DEAL)
            CHECK(badugi_hand_pick(&h, h.stub[0], 1) >= 0, "pick");
        else
            CHECK(badugi_hand_check_or_call(&h, 1) >= 0, "call");
    }
    while (h.phase == BADUGI_PHASE_DRAW) { /* everyone throws one card */
        uint8_t thrown = h.hands[h.actor][0];
        h.n_events = 0;
        CHECK(badugi_hand_draw(&h, &thrown, 1, 1) >= 0, "draw");
    }
    while (served < 0) { /* the burn, then the first seat's card */
        int seat = badugi_hand_pick_seat(&h);
        h.n_events = 0;
        CHECK(badugi_hand_pick(&h, h.stub[0], 1) >= 0, "pick");
        if (seat < h.n) served = seat;
    }
    CHECK(h.replaced_len == 1 && badugi_hand_validate(&h, NULL) == 0, "a draw being dealt");
#define REFUSED(change, name)                                                              \
    do {                                                                                   \
        memcpy(&bad, &h, sizeof bad);                                                      \
        change;                                                                            \
        field = NULL;                                                                      \
        CHECK(badugi_hand_validate(&bad, &field) == BADUGI_HAND_E_INVALID && field &&      \
                  strcmp(field, name) == 0,                                                \
              "%s: refused as %s, expected %s", #change, field ? field : "(accepted)", name); \
    } while (0)
    REFUSED(bad.replaced[0] = bad.stub[0], "current (not this draw's discards)");
    REFUSED(bad.replaced_len = 0, "current (not this draw's discards)");
    REFUSED(bad.thrown_len[(served + 1) % h.n] = 0, "thrown_len");
    REFUSED(bad.thrown[(served + 1) % h.n][0] = bad.stub[0], "current (not this draw's discards)");
#undef REFUSED
}

/* The forged fields, each refused by name. */
static void test_named_refusals(void) {
    static badugi_hand h, bad;
    const char *field = NULL;
    memset(&h, 0, sizeof h);
    h.n = 3;
    h.game.cards = 4;
    h.game.draws = 3;
    h.game.halves = 1;
    h.mucking = 1;
    for (int street = 0; street < 4; street++) h.sizes[street] = 2;
    h.blinds[0] = 1;
    h.blinds[1] = 2;
    for (int seat = 0; seat < 3; seat++) h.stacks[seat] = 100;
    CHECK(badugi_hand_validate(&h, &field) == BADUGI_HAND_E_INVALID, "an unstarted hand");
    CHECK(badugi_hand_start(&h) > 0, "start");
    CHECK(badugi_hand_validate(&h, &field) == 0 && field == NULL, "a started hand");
    CHECK(badugi_hand_validate(NULL, &field) == BADUGI_HAND_E_INVALID, "NULL");
#define REFUSED(change, name)                                                              \
    do {                                                                                   \
        memcpy(&bad, &h, sizeof bad);                                                      \
        change;                                                                            \
        field = NULL;                                                                      \
        CHECK(badugi_hand_validate(&bad, &field) == BADUGI_HAND_E_INVALID && field &&      \
                  strcmp(field, name) == 0,                                                \
              "%s: refused as %s, expected %s", #change, field ? field : "(accepted)", name); \
    } while (0)
    REFUSED(bad.actor = 1000000, "actor");
    REFUSED(bad.n_events = 1000000, "n_events");
    REFUSED(bad.hand_len[0] = 200, "hand_len");
    REFUSED(bad.game.halves = 53, "game.halves");
    REFUSED(bad.game.draws = 0, "game.draws");
    REFUSED(bad.big_blind_ante = 2, "big_blind_ante");
    REFUSED(bad.runs = BADUGI_HAND_MAX_RUNS + 1, "runs");
    REFUSED(bad.free_folds = 2, "free_folds");
    REFUSED(bad.bet_ladder = -1, "bet_ladder");
    REFUSED(bad.no_small_blind = 2, "no_small_blind");
    REFUSED(bad.shuffle = 2, "shuffle");
    REFUSED(bad.won[0] = 1, "won (before a split)");
    REFUSED(bad.held[1][0] = 1, "held (before a split)");
    REFUSED((bad.game.draws = 1, bad.street = 2), "street");
    REFUSED(bad.hands[0][0] = bad.hands[1][0], "cards (a card in two places)");
    REFUSED(bad.bets[1] = bad.contributed[1] + 1, "chips (bets exceed contributions)");
    REFUSED(bad.contributed[1] = ((int64_t)1 << 60), "chips (more than 2^60 at the table)");
    REFUSED((bad.folded[1] = 1, bad.live--, bad.active--), "hand_len (a folded seat holds cards)");
    REFUSED(bad.folded[1] = 2, "folded");
    REFUSED(bad.street = 4, "street");
    REFUSED(bad.phase = BADUGI_PHASE_DRAW, "bets (outside a betting round)");
#undef REFUSED
    /* a folded seat owed 50 cards: the first to act folds, the others reach the draw */
    {
        int folder = h.actor;
        CHECK(badugi_hand_fold(&h, 1) >= 0, "fold");
        while (h.phase == BADUGI_PHASE_BETTING)
            CHECK(badugi_hand_check_or_call(&h, 1) >= 0, "call");
        memcpy(&bad, &h, sizeof bad);
        bad.owed[folder] = 50;
        field = NULL;
        CHECK(h.phase == BADUGI_PHASE_DRAW && badugi_hand_validate(&h, NULL) == 0 &&
                  badugi_hand_validate(&bad, &field) == BADUGI_HAND_E_INVALID && field &&
                  strcmp(field, "owed") == 0,
              "a folded seat owed 50 cards: %s", field ? field : "(accepted)");
    }
    /* the door checks: every function refuses a hand whose indices are out of range */
    memcpy(&bad, &h, sizeof bad);
    bad.actor = 1000000;
    CHECK(badugi_hand_draw(&bad, NULL, 0, 1) == BADUGI_HAND_E_INVALID, "draw, actor 10**6");
    CHECK(badugi_hand_check_or_call(&bad, 1) == BADUGI_HAND_E_INVALID, "call, actor 10**6");
    CHECK(badugi_hand_legal(&bad, (int64_t[5]){0}) == BADUGI_HAND_E_INVALID, "legal");
    memcpy(&bad, &h, sizeof bad);
    bad.n_events = 1000000;
    CHECK(badugi_hand_draw(&bad, NULL, 0, 1) == BADUGI_HAND_E_INVALID, "draw, n_events 10**6");
    memcpy(&bad, &h, sizeof bad);
    bad.hand_len[bad.actor] = 200;
    CHECK(badugi_hand_draw(&bad, NULL, 0, 1) == BADUGI_HAND_E_INVALID, "draw, hand_len 200");
    CHECK(badugi_hand_public(&bad, bad.actor, (uint8_t[BADUGI_HAND_PUBLIC_BYTES]){0}) ==
              BADUGI_HAND_E_INVALID,
          "public, hand_len 200");
    memcpy(&bad, &h, sizeof bad);
    bad.drawn[bad.actor][0] = 3;
    CHECK(badugi_hand_draw(&bad, NULL, 0, 1) == BADUGI_HAND_E_INVALID, "a fourth draw");
    memcpy(&bad, &h, sizeof bad);
    bad.phase = BADUGI_PHASE_SHOWDOWN;
    bad.showing_len = 0;
    CHECK(badugi_hand_show(&bad, 1) == BADUGI_HAND_E_INVALID, "show with nobody to show");
    CHECK(badugi_hand_muck(&bad, 1) == BADUGI_HAND_E_INVALID, "muck with nobody to muck");
    bad.manual = 1;
    bad.phase = BADUGI_PHASE_DEAL;
    bad.stub_len = 1000000;
    CHECK(badugi_hand_deal(&bad, 0, NULL, 1, 1) == BADUGI_HAND_E_INVALID, "deal, stub_len 10**6");
    bad.phase = 99;
    CHECK(badugi_hand_deal(&bad, 0, NULL, 1, 1) == BADUGI_HAND_E_PHASE, "deal, phase 99");
    CHECK(memcmp(&bad.events, &h.events, sizeof h.events) == 0, "a refusal changed the events");
    test_picked_refusals(&h);
}

int main(void) {
    const char *text = getenv("BADUGI_FUZZ_MUTATIONS"), *seed = getenv("BADUGI_FUZZ_SEED");
    unsigned long target = text ? strtoul(text, NULL, 10) : 20000, hands = 0;
    if (seed) rng_state ^= strtoull(seed, NULL, 10) * 0x2545f4914f6cdd1dULL;
    test_named_refusals();
    while (mutations < target || hands < 1000) {
        fuzz_hand(target);
        hands++;
    }
    printf("fuzz_hand: %lu hands, %lu mutated states, %lu accepted and played out\n", hands,
           mutations, accepted);
    return report("fuzz_hand");
}
