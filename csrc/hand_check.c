/* hand_check.c - badugi_hand_validate: whether a badugi_hand from outside the state machine
 * (a loaded file, a changed field) is one the badugi_hand_* functions can play to the end.
 *
 * The checks follow hand.c, in groups run in order: the settings, the chips, the turn, each
 * seat, the cards, the events. A group may index with the fields an earlier group checked,
 * and checks its own before it uses them. Each returns NULL, or the name of what is wrong
 * (a static string an error message can quote). */
#include "internal.h"

typedef badugi_hand Hand;

/* The most chips at a table: every sum hand.c forms (a pot-limit raise: two bets and the
 * pot) stays far below 2^63. */
#define MAX_CHIPS ((int64_t)1 << 60)
/* The counters play increments: bounded far above what a hand reaches in practice and far
 * below 2^31, so play from an accepted state cannot overflow them. */
#define MAX_RESHUFFLES (1 << 30)
#define MAX_BETS_MADE (1 << 30)

static int in_range(int64_t value, int64_t low, int64_t high) {
    return value >= low && value <= high;
}
static int is_flag(int32_t value) { return value == 0 || value == 1; }

/* A seat's place in the dealing and drawing order: 0 left of the button, n - 1 the button. */
static int position(const Hand *h, int seat) { return (seat - h->button - 1 + 2 * h->n) % h->n; }

static const char *settings(const Hand *h) {
    const char *game = badugi_game_fault(&h->game);
    if (!in_range(h->n, 2, BADUGI_HAND_MAX_SEATS)) return "n";
    if (!in_range(h->button, 0, h->n - 1)) return "button";
    if (game) return game;
    if (!in_range(h->structure, BADUGI_STRUCTURE_FIXED, BADUGI_STRUCTURE_HALF_POT))
        return "structure";
    if (h->cap < 0) return "cap";
    if (!is_flag(h->lift_cap_heads_up)) return "lift_cap_heads_up";
    if (!in_range(h->conventions, BADUGI_CONVENTIONS_CARD_ROOM, BADUGI_CONVENTIONS_POKERKIT))
        return "conventions";
    if (!in_range(h->manual, BADUGI_DEALER_AUTO, BADUGI_DEALER_PICKED)) return "manual";
    if (!is_flag(h->mucking)) return "mucking";
    if (!is_flag(h->big_blind_ante)) return "big_blind_ante";
    if (!is_flag(h->free_folds)) return "free_folds";
    if (!is_flag(h->bet_ladder)) return "bet_ladder";
    if (!is_flag(h->no_small_blind)) return "no_small_blind";
    if (!is_flag(h->silent)) return "silent";
    if (!in_range(h->shuffle, BADUGI_SHUFFLE_SHAKE128, BADUGI_SHUFFLE_CHACHA20)) return "shuffle";
    for (int street = 0; street <= h->game.draws; street++)
        if (!in_range(h->sizes[street], 1, MAX_CHIPS)) return "sizes";
    if (!in_range(h->blinds[0], 0, MAX_CHIPS) || !in_range(h->blinds[1], h->blinds[0], MAX_CHIPS))
        return "blinds";
    if (!in_range(h->antes, 0, MAX_CHIPS)) return "antes";
    if (!in_range(h->runs, 0, BADUGI_HAND_MAX_RUNS)) return "runs";
    return badugi_missed_blinds_fault(h, MAX_CHIPS);
}

/* The most the runs of a split hand shown so far can have won: the uncalled chips (run 1's)
 * and each run's share of every pot, cut as hand.c cuts them (the ranks do not matter). */
static int64_t run_winnings(const Hand *h) {
    int64_t ranks[2 * BADUGI_HAND_MAX_SEATS], worst[2] = {INT64_MAX, INT64_MAX};
    int64_t out[BADUGI_SETTLE_ROOM], most = 0;
    uint8_t folded[BADUGI_HAND_MAX_SEATS];
    int n = h->n;
    for (int i = 0; i < 2 * BADUGI_HAND_MAX_SEATS; i++) ranks[i] = 1;
    for (int seat = 0; seat < n; seat++) folded[seat] = (uint8_t)h->folded[seat];
    if (badugi_settle(n, h->contributed, h->dead_money, folded, h->game.halves, ranks, worst,
                      h->button, 1, h->game.odd_half, out, BADUGI_SETTLE_ROOM) < 0)
        return -1;
    if (h->run > 1)
        for (int seat = 0; seat < n; seat++) most += out[n + seat];
    for (int run = 1; run < h->run; run++)
        for (int64_t pot = 0, at = 2 * n + 3; pot < out[2 * n]; pot++, at += 5 + out[at + 4])
            most += badugi_run_share(out[at], h->runs, run);
    return most;
}

/* A split hand (docs/rules.md, "Running it twice"): it is in a run, with the draws after
 * its split to play (or, with mucking, its showdown: a seat mucked only there), nobody able to bet, and the runs shown so far have won no more than
 * the pot (the rest is carried at the payout). A hand not split has no run, held cards or
 * winnings. */
static const char *runs(const Hand *h) {
    int64_t won = 0;
    for (int seat = 0; seat < h->n; seat++) {
        if (!in_range(h->won[seat], 0, MAX_CHIPS - won)) return "won";
        won += h->won[seat];
    }
    for (int seat = 0; seat < BADUGI_HAND_MAX_SEATS; seat++) {
        if (!is_flag(h->mucked[seat])) return "mucked";
        if (h->mucked[seat] && (seat >= h->n || !h->run || h->phase != BADUGI_PHASE_SHOWDOWN ||
                                h->folded[seat]))
            return "mucked (outside a run's showdown)";
    }
    if (!h->run) {
        if (won) return "won (before a split)";
        if (h->split_street) return "split_street";
        for (int seat = 0; seat < BADUGI_HAND_MAX_SEATS; seat++)
            for (int i = 0; i < BADUGI_HAND_MAX_CARDS; i++)
                if (h->held[seat][i]) return "held (before a split)";
        return NULL;
    }
    if (!in_range(h->run, 1, h->runs) || h->runs < 2) return "run";
    if (!in_range(h->split_street, 0, h->game.draws - 1)) return "split_street";
    if (h->phase == BADUGI_PHASE_OVER) return won ? "won (after the payout)" : NULL;
    if (h->phase == BADUGI_PHASE_BETTING || (h->phase == BADUGI_PHASE_SHOWDOWN && !h->mucking))
        return "phase (a decision nobody has in a split hand)";
    if (h->street <= h->split_street) return "street (before the split)";
    if (h->live < 2 || h->active > 1) return "run (a split hand where a seat can bet)";
    if (won > run_winnings(h)) return "won (more than the runs shown could win)";
    for (int seat = 0; seat < h->n; seat++) {
        if (!h->folded[seat]) continue;
        if (h->drawn[seat][0] > h->split_street) return "split_street (after a fold)";
        for (int i = 0; i < BADUGI_HAND_MAX_CARDS; i++)
            if (h->held[seat][i]) return "held (by a folded seat)";
    }
    return NULL;
}

/* Chips at the table: the stacks and the carried pots, and, until the payout (which the
 * stacks then hold), what the seats put in and the dead money. What was put in, dead money
 * included, is never more than the table holds: after the payout it is in the stacks and
 * the carried pot. */
static const char *chips(const Hand *h) {
    int64_t total = h->carried, put_in = h->dead_money;
    int live = 0, active = 0, paid = h->phase == BADUGI_PHASE_OVER;
    if (!in_range(h->carried, 0, MAX_CHIPS)) return "carried";
    if (h->carried && !paid) return "carried (chips no hand won, before the payout)";
    if (!in_range(h->dead_money, 0, MAX_CHIPS)) return "dead_money";
    total += paid ? 0 : h->dead_money;
    for (int seat = 0; seat < h->n; seat++) {
        if (!is_flag(h->folded[seat])) return "folded";
        if (!in_range(h->stacks[seat], 0, MAX_CHIPS)) return "stacks";
        if (!in_range(h->contributed[seat], 0, MAX_CHIPS)) return "contributed";
        put_in += h->contributed[seat];
        if (put_in > MAX_CHIPS) return "chips (more put in than the table holds)";
        if (h->bets[seat] < 0) return "bets";
        if (h->bets[seat] > h->contributed[seat]) return "chips (bets exceed contributions)";
        total += h->stacks[seat];
        if (total > MAX_CHIPS) return "chips (more than 2^60 at the table)";
        total += paid ? 0 : h->contributed[seat];
        if (total > MAX_CHIPS) return "chips (more than 2^60 at the table)";
        live += !h->folded[seat];
        active += !h->folded[seat] && h->stacks[seat];
    }
    if (put_in > total) return "chips (more put in than the table holds)";
    if (h->live != live || live < 1) return "live";
    /* mucks at the showdown and the payout leave `active` behind; nothing reads it then (a
     * run's mucks do not: the next run plays on) */
    if (h->phase < BADUGI_PHASE_SHOWDOWN || (h->phase == BADUGI_PHASE_SHOWDOWN && h->run)
            ? h->active != active
            : !in_range(h->active, 0, h->n))
        return "active";
    if (!in_range(h->level, 0, MAX_CHIPS)) return "level";
    if (!in_range(h->full, 0, h->level)) return "full";
    if (!in_range(h->increment, 0, MAX_CHIPS)) return "increment";
    if (!in_range(h->reopen, 0, MAX_CHIPS)) return "reopen";
    if (!in_range(h->short_sum, 0, MAX_CHIPS)) return "short_sum";
    if (!in_range(h->size, 0, MAX_CHIPS)) return "size";
    for (int seat = 0; seat < h->n; seat++)
        if (!in_range(h->acted[seat], -1, MAX_CHIPS)) return "acted";
    if (!in_range(h->bets_made, 0, MAX_BETS_MADE)) return "bets_made";
    if (!in_range(h->aggressor, -1, h->n - 1)) return "aggressor";
    return runs(h);
}

/* A betting round: its actor must act, a raise from it must raise the bet, and the bets
 * are within the bet to match. */
static const char *betting(const Hand *h) {
    int seat = h->actor;
    if (seat < 0 || h->folded[seat] || !h->stacks[seat]) return "actor";
    if (h->bets[seat] >= h->level &&
        (h->acted[seat] >= 0 || (h->active < 2 && h->conventions == BADUGI_CONVENTIONS_CARD_ROOM)))
        return "actor (nothing to do)";
    if (h->size != h->sizes[h->street]) return "size";
    if (h->conventions == BADUGI_CONVENTIONS_CARD_ROOM &&
        (h->structure == BADUGI_STRUCTURE_FIXED ? h->level - h->full >= h->size
                                                 : h->increment < 1))
        return "chips (a raise that does not raise)"; /* POKERKIT raises by the bet at least */
    for (int other = 0; other < h->n; other++) {
        if (h->bets[other] > h->level) return "chips (a bet above the bet to match)";
        if (h->acted[other] > h->level) return "acted";
    }
    return NULL;
}

/* The most a seat may have bet outside a betting round: nothing, but for the blinds, which
 * wait behind the manual dealer's first deal for the first round. */
static int64_t most_bet(const Hand *h) {
    return h->phase == BADUGI_PHASE_DEAL && h->street == 0 ? h->blinds[1] : 0;
}

/* Whose turn it is, in each phase, and the showing order of a showdown. */
static const char *turn(const Hand *h) {
    int phase = h->phase;
    if (!in_range(phase, BADUGI_PHASE_DEAL, BADUGI_PHASE_OVER)) return "phase";
    if (!in_range(h->street, 0, h->game.draws)) return "street";
    if (!in_range(h->actor, -1, h->n - 1)) return "actor";
    if ((phase == BADUGI_PHASE_BETTING || phase == BADUGI_PHASE_DRAW) != (h->actor >= 0))
        return "actor";
    if (phase == BADUGI_PHASE_SHOWDOWN) {
        uint32_t seen = 0;
        if (!h->mucking) return "phase (a showdown decision without mucking)";
        if (!in_range(h->showing_len, 1, h->live)) return "showing_len"; /* live <= n */
        for (int i = 0; i < h->showing_len; i++) {
            int seat = h->showing[i];
            if (!in_range(seat, 0, h->n - 1) || h->folded[seat] || h->mucked[seat] ||
                ((seen >> seat) & 1))
                return "showing";
            seen |= 1u << seat;
        }
    } else if (h->showing_len) {
        return "showing_len";
    }
    if (phase != BADUGI_PHASE_BETTING)
        for (int seat = 0; seat < h->n; seat++)
            if (h->bets[seat] > most_bet(h)) return "bets (outside a betting round)";
    if (phase < BADUGI_PHASE_SHOWDOWN && h->live < 2) return "live";
    switch (phase) {
    case BADUGI_PHASE_DEAL:
        return h->manual ? NULL : "phase (a deal without the manual dealer)";
    case BADUGI_PHASE_BETTING:
        return betting(h);
    case BADUGI_PHASE_DRAW:
        if (h->street < 1) return "street";
        if (h->folded[h->actor]) return "actor";
        return NULL;
    default:
        return NULL;
    }
}

/* Picked dealer: whether the draw's burn is still to be picked. */
static int burn_due(const Hand *h) {
    return h->manual == BADUGI_DEALER_PICKED && h->phase == BADUGI_PHASE_DEAL && h->street &&
           h->unknown_burns == 1;
}

/* Draws a seat has made by now: every live seat drew in each draw so far; in a draw, the
 * live seats before the actor have thrown and the others have not. */
static int draws_made(const Hand *h, int seat) {
    if (h->phase == BADUGI_PHASE_DRAW && position(h, seat) >= position(h, h->actor))
        return h->street - 1;
    return h->street;
}

/* Each seat's cards, cards owed and draw record. */
static const char *seats(const Hand *h) {
    int size = h->game.cards, drawing = h->phase == BADUGI_PHASE_DRAW, owed = 0;
    for (int seat = 0; seat < h->n; seat++) {
        const uint8_t *drawn = h->drawn[seat];
        int made = draws_made(h, seat);
        int thrown_now = drawing && !h->folded[seat] && made == h->street;
        if (!in_range(h->hand_len[seat], 0, size)) return "hand_len";
        if (!in_range(h->owed[seat], 0, size)) return "owed";
        if (!in_range(h->thrown_len[seat], 0, size)) return "thrown_len";
        if (h->folded[seat]) {
            if (h->hand_len[seat]) return "hand_len (a folded seat holds cards)";
            if (h->owed[seat]) return "owed (a folded seat is owed cards)";
            if (drawn[0] > made) return "drawn";
        } else {
            if (h->hand_len[seat] + h->owed[seat] != size) return "hand_len";
            if (drawn[0] != made) return "drawn";
        }
        if (h->owed[seat] && !(h->phase == BADUGI_PHASE_DEAL || thrown_now))
            return "owed (outside a deal)";
        if (thrown_now && h->owed[seat] != h->thrown_len[seat]) return "owed";
        for (int draw = 1; draw <= BADUGI_MAX_DRAWS; draw++)
            if (draw <= drawn[0] ? drawn[draw] > size : drawn[draw] != 0) return "drawn";
        owed += h->owed[seat];
    }
    if (h->phase == BADUGI_PHASE_DEAL && !owed && !burn_due(h)) return "owed (nothing to deal)";
    /* the picked dealer's stub is restocked before the card it is short of is due, which
     * leaves it short only with nothing to add (a small deck) and a card left */
    if (h->phase == BADUGI_PHASE_DEAL && h->manual == BADUGI_DEALER_PICKED &&
        badugi_stub_short(h->stub_len, owed + burn_due(h)) &&
        (h->stub_len == 0 || h->muck_len || h->burns_len || h->replaced_len))
        return "stub_len (short of the card due)";
    return NULL;
}

/* Marks cards[0..len) in seen[]; the number of cards, or -1 for a bad or repeated card. */
static int mark(uint8_t *seen, const uint8_t *cards, int len) {
    for (int i = 0; i < len; i++) {
        if (cards[i] >= BADUGI_CARDS || seen[cards[i]]) return -1;
        seen[cards[i]] = 1;
    }
    return len;
}

/* A draw in progress: its discards are exactly the cards thrown by the seats that have
 * thrown, which the replacements will put back (auto deal). */
static const char *discards(const Hand *h) {
    uint8_t seen[BADUGI_CARDS] = {0}, current[BADUGI_CARDS] = {0};
    int count = 0;
    for (int seat = 0; seat < h->n; seat++) {
        if (!h->owed[seat]) continue;
        if (mark(seen, h->thrown[seat], h->thrown_len[seat]) < 0) return "thrown";
        count += h->thrown_len[seat];
    }
    if (count != h->current_len || mark(current, h->current, h->current_len) < 0)
        return "current (not this draw's discards)";
    for (int i = 0; i < h->current_len; i++)
        if (!seen[h->current[i]]) return "current (not this draw's discards)";
    return NULL;
}

/* Picked dealer, a draw being dealt: its discards are those of the seats still owed cards
 * (owed no more than each threw) and `replaced`, those of the seats served since
 * the last restock, which a last-resort restock takes back; so the draw completes. */
static const char *picked_discards(const Hand *h) {
    uint8_t current[BADUGI_CARDS] = {0}, seen[BADUGI_CARDS] = {0};
    int count = h->replaced_len;
    if (mark(current, h->current, h->current_len) < 0) return "current";
    if (mark(seen, h->replaced, h->replaced_len) < 0) return "replaced";
    for (int seat = 0; seat < h->n; seat++) {
        if (h->folded[seat]) continue;
        if (h->owed[seat] > h->thrown_len[seat]) return "thrown_len";
        if (!h->owed[seat]) continue;
        if (mark(seen, h->thrown[seat], h->thrown_len[seat]) < 0) return "thrown";
        count += h->thrown_len[seat];
    }
    if (count != h->current_len) return "current (not this draw's discards)";
    for (int card = 0; card < BADUGI_CARDS; card++)
        if (seen[card] && !current[card]) return "current (not this draw's discards)";
    return NULL;
}

/* The stub, muck, burns and discards, and every card in one place at most. */
static const char *cards(const Hand *h) {
    uint8_t seen[BADUGI_CARDS] = {0};
    int total = 0, more, phase = h->phase, serving = 0;
    if (!in_range(h->stub_len, 0, BADUGI_CARDS)) return "stub_len";
    if (!in_range(h->muck_len, 0, BADUGI_CARDS)) return "muck_len";
    if (!in_range(h->burns_len, 0, BADUGI_CARDS)) return "burns_len";
    if (!in_range(h->current_len, 0, BADUGI_CARDS)) return "current_len";
    if (!in_range(h->replaced_len, 0, BADUGI_CARDS)) return "replaced_len";
    if (!in_range(h->reshuffles, 0, MAX_RESHUFFLES)) return "reshuffles";
    if (!in_range(h->unknown_burns, 0, h->manual == BADUGI_DEALER_MANUAL ? h->stub_len : 0) &&
        !burn_due(h))
        return "unknown_burns";
    if (h->manual == BADUGI_DEALER_MANUAL && h->burns_len) return "burns_len";
    for (int seat = 0; seat < h->n; seat++) {
        if ((more = mark(seen, h->hands[seat], h->hand_len[seat])) < 0)
            return "cards (a card in two places)";
        total += more;
        if (h->owed[seat]) serving += h->thrown_len[seat];
    }
    if ((more = mark(seen, h->stub, h->stub_len)) < 0) return "cards (a card in two places)";
    total += more;
    if ((more = mark(seen, h->muck, h->muck_len)) < 0) return "cards (a card in two places)";
    total += more;
    if ((more = mark(seen, h->burns, h->burns_len)) < 0) return "cards (a card in two places)";
    total += more;
    if ((more = mark(seen, h->current, h->current_len)) < 0) return "cards (a card in two places)";
    total += more;
    uint64_t deck = badugi_game_deck(&h->game);
    for (int card = 0; card < BADUGI_CARDS; card++)
        if (seen[card] && !(deck >> card & 1)) return "cards (a card outside the game's deck)";
    if (h->manual ? total != badugi_count_cards(deck) : total < h->game.cards * (h->n + 1))
        return "cards (too few in play)";
    if (h->run) { /* the cards held at the split: in play, each held by one seat */
        uint8_t held[BADUGI_CARDS] = {0};
        for (int seat = 0; seat < h->n; seat++) {
            if (h->folded[seat]) continue;
            if (mark(held, h->held[seat], h->game.cards) < 0) return "held";
            for (int i = 0; i < h->game.cards; i++)
                if (!seen[h->held[seat][i]]) return "held (a card out of play)";
            for (int i = h->game.cards; i < BADUGI_HAND_MAX_CARDS; i++)
                if (h->held[seat][i]) return "held";
        }
    }
    if (phase == BADUGI_PHASE_DEAL && h->street && h->manual == BADUGI_DEALER_PICKED)
        return picked_discards(h);
    if (phase == BADUGI_PHASE_DEAL && h->street) /* each seat served adds its throw */
        return h->replaced_len + serving <= BADUGI_CARDS ? NULL : "replaced_len";
    if (h->replaced_len) return "replaced_len";
    if (phase == BADUGI_PHASE_DRAW) return discards(h);
    return h->current_len ? "current_len" : NULL;
}

static const char *events(const Hand *h) {
    if (!in_range(h->n_events, 0, BADUGI_HAND_MAX_EVENTS)) return "n_events";
    for (int i = 0; i < h->n_events; i++) {
        const badugi_event *event = &h->events[i];
        if (!in_range(event->kind, BADUGI_EVENT_POST_BLIND, BADUGI_EVENT_RUN))
            return "events (kind)";
        if (!in_range(event->seat, -1, h->n - 1)) return "events (seat)";
        if (event->n_cards > BADUGI_HAND_MAX_CARDS) return "events (n_cards)";
        for (int card = 0; card < event->n_cards; card++)
            if (event->cards[card] >= BADUGI_CARDS) return "events (cards)";
    }
    return NULL;
}

int badugi_hand_validate(const badugi_hand *h, const char **field) {
    const char *bad = h ? settings(h) : "hand (NULL)";
    if (!bad) bad = chips(h);
    if (!bad) bad = turn(h);
    if (!bad) bad = seats(h);
    if (!bad) bad = cards(h);
    if (!bad) bad = events(h);
    if (field) *field = bad;
    return bad ? BADUGI_HAND_E_INVALID : 0;
}
