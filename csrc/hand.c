/* hand.c - one hand of draw poker: the state machine behind badugi_fast.engine.HandState.
 *
 * docs/rules.md, "How a hand is played": blinds and antes (and missed blinds), dealing one
 * card at a time from the left of the button, betting rounds (the fixed-limit cap, the
 * pot-limit and half-pot-limit maximum, the big-bet minimum raise, all-ins that do not
 * reopen the betting), draws (everyone throws, one burn, then the replacements in turn),
 * the reshuffle rule and the showdown order. Every action checks everything before it
 * changes anything. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef badugi_hand Hand;

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int next_seat(const Hand *h, int seat) { return seat + 1 == h->n ? 0 : seat + 1; }
static int small_blind_seat(const Hand *h) {
    return h->n == 2 ? h->button : next_seat(h, h->button);
}
/* The seat of the big blind, and of a big-blind ante: the first seat left of the button
 * when the small blind's seat is empty (no_small_blind). */
static int big_blind_seat(const Hand *h) {
    return h->no_small_blind ? next_seat(h, h->button) : next_seat(h, small_blind_seat(h));
}
/* Whether `seat` posts a small blind. */
static int posts_small_blind(const Hand *h, int seat) {
    return h->blinds[0] && !h->no_small_blind && seat == small_blind_seat(h);
}
/* The seat in position `position` of the dealing order (position 0: left of the button). */
static int dealt_seat(const Hand *h, int position) { return (h->button + 1 + position) % h->n; }

static void emit(Hand *h, int kind, int seat, int64_t amount, const uint8_t *cards, int count) {
    badugi_event *event;
    if (h->silent || h->n_events >= BADUGI_HAND_MAX_EVENTS) return; /* the latter unreachable:
                                                                        see entry checks */
    event = &h->events[h->n_events++];
    event->kind = (int8_t)kind;
    event->seat = (int8_t)seat;
    event->amount = amount;
    event->n_cards = (uint8_t)count;
    memset(event->cards, 0, sizeof event->cards);
    if (count) memcpy(event->cards, cards, (size_t)count);
}

static int has_room(const Hand *h) {
    return h->silent || h->n_events <= BADUGI_HAND_MAX_EVENTS - BADUGI_HAND_CALL_EVENTS;
}

/* ------------------------------------------------------------------ the deck */

static void take_out(uint8_t *cards, int32_t *len, int at) {
    memmove(cards + at, cards + at + 1, (size_t)(*len - at - 1));
    (*len)--;
}
static int find(const uint8_t *cards, int len, int card) {
    for (int i = 0; i < len; i++)
        if (cards[i] == card) return i;
    return -1;
}

/* "<seed>/<what>" into label (room for 20 digits, '/' and what): its length. Written out
 * by hand, as snprintf's parsing of the format cost a tenth of a deal. */
static size_t shuffle_label(uint64_t seed, const char *what, char *label) {
    char digits[20];
    size_t length = 0, count = 0;
    do {
        digits[count++] = (char)('0' + seed % 10);
        seed /= 10;
    } while (seed);
    while (count) label[length++] = digits[--count];
    label[length++] = '/';
    while (*what) label[length++] = *what++;
    return length;
}

/* cards[0..count) shuffled as shuffle `number` of the hand (0: the deal, k: the k-th
 * reshuffle) under its scheme: by the sort keys of SHAKE-128("<seed>/deal") or
 * ("<seed>/reshuffle/<k>"), or by the ChaCha20 deal's Fisher-Yates (chacha.c). */
static void shuffle(const Hand *h, uint8_t *cards, int count, int number) {
    char label[64];
    uint8_t keys[4 * BADUGI_CARDS], order[BADUGI_CARDS], copy[BADUGI_CARDS];
    size_t length;
    if (h->shuffle == BADUGI_SHUFFLE_CHACHA20) {
        badugi_chacha20_shuffle(h->seed, (uint32_t)number, cards, count);
        return;
    }
    if (number) {
        char what[32];
        snprintf(what, sizeof what, "reshuffle/%d", number);
        length = shuffle_label(h->seed, what, label);
    } else {
        length = shuffle_label(h->seed, "deal", label);
    }
    badugi_shake128((const uint8_t *)label, length, keys, (size_t)(4 * count));
    badugi_sort_keys(keys, count, order);
    memcpy(copy, cards, (size_t)count);
    for (int i = 0; i < count; i++) cards[i] = copy[order[i]];
}

/* Auto deal: restock the short stub under the deck's rule (deck.c) and shuffle it; the new
 * stub size, or 0 if there was nothing to add. Discards reshuffled as the last resort leave
 * this draw's discards. */
static int reshuffle(Hand *h) {
    badugi_pile stub = {h->stub, &h->stub_len}, muck = {h->muck, &h->muck_len},
                burns = {h->burns, &h->burns_len}, served = {h->replaced, &h->replaced_len};
    int before = h->stub_len, added = badugi_restock(stub, muck, burns, served);
    if (!added) return 0;
    for (int i = h->current_len - 1; i >= 0; i--)
        if (find(h->stub + before, added, h->current[i]) >= 0)
            take_out(h->current, &h->current_len, i);
    h->reshuffles++;
    shuffle(h, h->stub, h->stub_len, (int)h->reshuffles);
    return h->stub_len;
}

/* Manual deal: every card no player holds goes back into the stub; its new size. */
static int gather(Hand *h) {
    memcpy(h->stub + h->stub_len, h->muck, (size_t)h->muck_len);
    h->stub_len += h->muck_len;
    memcpy(h->stub + h->stub_len, h->current, (size_t)h->current_len);
    h->stub_len += h->current_len;
    h->muck_len = h->current_len = h->replaced_len = 0;
    h->unknown_burns = 0;
    h->reshuffles++;
    return h->stub_len;
}

/* Auto deal: the top card, `remaining` cards still to deal this round (it included). The
 * stub's last card is dealt only if it completes the round; a reshuffle comes first
 * otherwise, and is recorded. With at most 8 hands of 5 cards the stub never runs dry. */
static void restock(Hand *h, int remaining) {
    if (badugi_stub_short(h->stub_len, remaining) && reshuffle(h))
        emit(h, BADUGI_EVENT_RESHUFFLE, -1, h->stub_len, NULL, 0);
}
static int take(Hand *h, int remaining) {
    restock(h, remaining);
    return h->stub_len ? h->stub[--h->stub_len] : -1;
}

/* ------------------------------------------------------------------ chips and betting */

/* A fold, or a muck at the showdown: the seat's cards go to the muck, it claims no pot. */
static void give_up(Hand *h, int seat) {
    h->folded[seat] = 1;
    h->live--;
    memcpy(h->muck + h->muck_len, h->hands[seat], (size_t)h->hand_len[seat]);
    h->muck_len += h->hand_len[seat];
    h->hand_len[seat] = 0;
}

/* Move up to `amount` chips from a seat's stack to its bet; how many moved. */
static int64_t put(Hand *h, int seat, int64_t amount) {
    if (amount >= h->stacks[seat]) {
        amount = h->stacks[seat];
        if (amount) h->active--;
    }
    h->stacks[seat] -= amount;
    h->bets[seat] += amount;
    h->contributed[seat] += amount;
    return amount;
}

static void new_round(Hand *h, int64_t blind) {
    int64_t size = h->sizes[h->street];
    int fixed = h->structure == BADUGI_STRUCTURE_FIXED;
    h->size = size;
    h->level = h->full = blind;
    h->short_sum = 0;
    if (h->conventions == BADUGI_CONVENTIONS_POKERKIT) { /* no raise yet; the blind no bet */
        h->increment = h->reopen = 0;
        h->bets_made = 0;
    } else {
        h->increment = fixed ? size : max64(blind, size);
        h->reopen = fixed ? (size + 1) / 2 : h->increment;
        h->bets_made = blind ? 1 : 0;
    }
    h->aggressor = -1;
    for (int seat = 0; seat < h->n; seat++) h->acted[seat] = -1;
}

/* Whether the reopening rule of the conventions forbids `seat` to raise: after an all-in
 * for less that did not reopen the betting to it. */
static int closed(const Hand *h, int seat) {
    if (h->conventions == BADUGI_CONVENTIONS_POKERKIT)
        return h->level - h->bets[seat] < h->increment ||
               (h->short_sum && h->acted[seat] >= h->full);
    return h->acted[seat] >= 0 && h->level - h->acted[seat] < h->reopen;
}

/* CARD_ROOM fixed limit: the level the next raise completes a bet from: the last full bet
 * (an all-in of half a bet or more is one), or with bet_ladder the rung of the round's
 * ladder of whole bets (from the big blind in round 1, else from nothing) at or below the
 * bet to match, so the raise goes to the next rung above it. */
static int64_t rung(const Hand *h) {
    int64_t base = h->street == 0 ? h->blinds[1] : 0;
    if (!h->bet_ladder || h->level < base) return h->full;
    return h->level - (h->level - base) % h->size;
}

/* The smallest and largest total `seat` may raise to; 0 when the cap (unless heads-up
 * lifts it), the reopening rule or its stack forbids a raise, or when nobody else left
 * could call more than the bet. A big bet is at least the least raise (the round's bet
 * into an empty pot), even where the pot is smaller, unless it is all in for less. A
 * fixed-limit raise completes the last full bet (CARD_ROOM) or goes the larger of the
 * round's bet and its largest raise above the bet (POKERKIT). */
static int bounds(const Hand *h, int seat, int64_t *low, int64_t *high) {
    int64_t level = h->level, bet = h->bets[seat], all_in = bet + h->stacks[seat], pot, least;
    int lift = h->live == 2 && h->lift_cap_heads_up, other;
    int pokerkit = h->conventions == BADUGI_CONVENTIONS_POKERKIT;
    if (all_in <= level) return 0;
    if (h->cap && h->bets_made >= h->cap && !lift) return 0;
    if (closed(h, seat)) return 0;
    for (other = next_seat(h, seat); other != seat; other = next_seat(h, other))
        if (!h->folded[other] && h->stacks[other] + h->bets[other] > level) break;
    if (other == seat) return 0;
    least = pokerkit ? max64(h->increment, h->size) : h->increment;
    if (h->structure == BADUGI_STRUCTURE_FIXED) {
        *low = *high = min64(pokerkit ? level + least : rung(h) + h->size, all_in);
        return 1;
    }
    *high = all_in;
    if (h->structure == BADUGI_STRUCTURE_POT || h->structure == BADUGI_STRUCTURE_HALF_POT) {
        int64_t raise; /* by the pot after the call; half of it (rounded down) in half pot */
        pot = h->dead_money;
        for (int i = 0; i < h->n; i++) pot += h->contributed[i];
        raise = pot + level - bet;
        if (h->structure == BADUGI_STRUCTURE_HALF_POT) raise /= 2;
        *high = min64(all_in, max64(level + raise, level + least));
    }
    *low = min64(level + least, *high);
    return 1;
}

static void finish(Hand *h);
static void next_drawer(Hand *h, int after, int start);

/* Nobody can bet any more before a draw, with `runs` above 1: the hand splits. Each live
 * seat's cards are kept, to be picked up again by each run after the first
 * (docs/rules.md, "Running it twice"). */
static void split(Hand *h) {
    h->run = 1;
    h->split_street = h->street;
    for (int seat = 0; seat < h->n; seat++)
        if (!h->folded[seat]) memcpy(h->held[seat], h->hands[seat], (size_t)h->hand_len[seat]);
    emit(h, BADUGI_EVENT_RUN, -1, 1, NULL, 0);
}

static void end_round(Hand *h) {
    h->actor = -1;
    memset(h->bets, 0, sizeof h->bets);
    if (h->street == h->game.draws) {
        finish(h);
        return;
    }
    if (h->runs > 1 && !h->run && h->live >= 2 && h->active <= 1) split(h);
    h->street++;
    h->phase = BADUGI_PHASE_DRAW;
    next_drawer(h, h->button, 1);
}

/* The next seat clockwise after `after` that must act, or the end of the round. A seat
 * that owes nothing acts once while another seat has chips (POKERKIT: if it had something
 * to play for when the round began, see begin_round). */
static void next_actor(Hand *h, int after) {
    int seat = after, once = h->active >= 2 || h->conventions == BADUGI_CONVENTIONS_POKERKIT;
    do {
        seat = next_seat(h, seat);
        if (h->folded[seat] || !h->stacks[seat]) continue;
        if (h->bets[seat] < h->level || (h->acted[seat] < 0 && once)) {
            h->actor = seat;
            return;
        }
    } while (seat != after);
    end_round(h);
}

/* POKERKIT: the seats with chips that have nothing to play for as the round begins (no
 * other live seat could put in more than they have bet, or they alone could act and owe
 * nothing) count as having acted, so that only the others act, each at least once. */
static void settle_actors(Hand *h) {
    int queued = 0, last = -1;
    for (int seat = 0; seat < h->n; seat++) {
        int64_t top = 0;
        if (h->folded[seat] || !h->stacks[seat]) continue;
        for (int other = 0; other < h->n; other++)
            if (other != seat && !h->folded[other])
                top = max64(top, h->bets[other] + h->stacks[other]);
        if (top > h->bets[seat]) {
            queued++;
            last = seat;
        } else {
            h->acted[seat] = h->level;
        }
    }
    if (queued == 1 && h->bets[last] >= h->level) h->acted[last] = h->level;
}

/* The first betting round opens at the big blind (POKERKIT: the largest blind posted,
 * less when the big blind was short); the others at nothing. */
static void begin_round(Hand *h) {
    int blinds = h->street == 0 && h->blinds[1];
    int64_t blind = blinds ? h->blinds[1] : 0;
    if (blinds && h->conventions == BADUGI_CONVENTIONS_POKERKIT) {
        blind = 0;
        for (int seat = 0; seat < h->n; seat++) blind = max64(blind, h->bets[seat]);
    }
    new_round(h, blind);
    if (h->conventions == BADUGI_CONVENTIONS_POKERKIT) settle_actors(h);
    h->phase = BADUGI_PHASE_BETTING;
    h->actor = -1;
    next_actor(h, blinds ? big_blind_seat(h) : h->button);
}

/* ------------------------------------------------------------------ the draw */

/* Every card owed is dealt: the draw's discards go to the muck, the betting follows. */
static void all_dealt(Hand *h) {
    if (h->street) {
        memcpy(h->muck + h->muck_len, h->current, (size_t)h->current_len);
        h->muck_len += h->current_len;
        h->current_len = h->replaced_len = 0;
    }
    begin_round(h);
}

/* Deal cards[0..count) to seat: appended in the order dealt, or with the picked dealer put
 * in id order, so a seat's cards (and the draw actions' bits over them) depend on which
 * cards it holds, never on the order they came in. */
static void give(Hand *h, int seat, const uint8_t *cards, int count) {
    uint8_t *held = h->hands[seat];
    for (int i = 0; i < count; i++) {
        int at = h->hand_len[seat] + i;
        if (h->manual == BADUGI_DEALER_PICKED)
            for (; at > 0 && held[at - 1] > cards[i]; at--) held[at] = held[at - 1];
        held[at] = cards[i];
    }
    h->hand_len[seat] += count;
    h->owed[seat] -= count;
    if (h->street && !h->owed[seat]) {
        memcpy(h->replaced + h->replaced_len, h->thrown[seat], (size_t)h->thrown_len[seat]);
        h->replaced_len += h->thrown_len[seat];
    }
    emit(h, BADUGI_EVENT_DEAL, seat, 0, cards, count);
}

/* The burn (even if all stood pat), then each seat's replacements in turn. */
static void burn_and_replace(Hand *h) {
    int remaining = 1, card = -1;
    for (int seat = 0; seat < h->n; seat++) remaining += h->owed[seat];
    if (h->manual == BADUGI_DEALER_PICKED) { /* the caller picks the burn, then the rest */
        h->unknown_burns = 1;
        h->phase = BADUGI_PHASE_DEAL;
        restock(h, remaining);
        return;
    }
    if (h->manual) {
        if (h->stub_len == h->unknown_burns && gather(h))
            emit(h, BADUGI_EVENT_RESHUFFLE, -1, h->stub_len, NULL, 0);
        h->unknown_burns++;
        emit(h, BADUGI_EVENT_BURN, -1, 0, NULL, 0);
        h->phase = BADUGI_PHASE_DEAL;
        if (remaining == 1) all_dealt(h);
        return;
    }
    card = take(h, remaining--); /* the burn comes off the stub like any card */
    if (card >= 0) h->burns[h->burns_len++] = (uint8_t)card;
    {
        uint8_t burned = (uint8_t)card;
        emit(h, BADUGI_EVENT_BURN, -1, 0, &burned, card >= 0);
    }
    for (int position = 0; position < h->n; position++) {
        int seat = dealt_seat(h, position), owed = h->owed[seat];
        uint8_t dealt[BADUGI_HAND_MAX_CARDS];
        if (!owed) continue;
        for (int i = 0; i < owed; i++) {
            int next = take(h, remaining--);
            dealt[i] = (uint8_t)(next < 0 ? 0 : next);
        }
        give(h, seat, dealt, owed);
    }
    all_dealt(h);
}

/* The next live seat to throw after `after` (from the start of the draw if `start`), or,
 * when all have, the burn and the replacements. The button throws last. */
static void next_drawer(Hand *h, int after, int start) {
    if (after != h->button || start) {
        int seat = after;
        do {
            seat = next_seat(h, seat);
            if (!h->folded[seat]) {
                h->actor = seat;
                return;
            }
        } while (seat != h->button);
    }
    h->actor = -1;
    burn_and_replace(h);
}

/* ------------------------------------------------------------------ the showdown */

/* Add payouts[0..n) to the stacks, record them, and end the hand. */
static void pay(Hand *h, const int64_t *payouts) {
    for (int seat = 0; seat < h->n; seat++) {
        if (!payouts[seat]) continue;
        h->stacks[seat] += payouts[seat];
        emit(h, BADUGI_EVENT_WIN, seat, payouts[seat], NULL, 0);
    }
    h->phase = BADUGI_PHASE_OVER;
}

/* ------------------------------------------------------------------ the settlement
 * docs/rules.md, "Settling a pot": badugi_settle (settle.c) with a unit of 1 chip. */

/* Room for badugi_settle's words on one pot of dead money (a run's part of a pot): 8 seats,
 * one pot, two halves. */
#define RUN_POT_ROOM                                                \
    (2 * BADUGI_HAND_MAX_SEATS + 3 + 5 + BADUGI_HAND_MAX_SEATS + \
     2 * (4 + 3 * BADUGI_HAND_MAX_SEATS))

/* Every pot of the hand, by badugi_settle on the live seats' ranks, into payouts[0..n);
 * chips no hand qualified for are added to `carried`. A split hand's run takes its share of
 * each pot (badugi_run_share), awarded among that pot's eligible seats as dead money is,
 * and run 1 the uncalled chips (docs/rules.md, "Running it twice"). */
static void settle(Hand *h, int64_t *payouts) {
    static const int64_t nothing[BADUGI_HAND_MAX_SEATS] = {0};
    int64_t ranks[2 * BADUGI_HAND_MAX_SEATS] = {0}, worst[2], out[BADUGI_SETTLE_ROOM];
    int64_t won[RUN_POT_ROOM];
    uint8_t folded[BADUGI_HAND_MAX_SEATS], outside[BADUGI_HAND_MAX_SEATS];
    const badugi_game *game = &h->game;
    int n = h->n;
    for (int half = 0; half < game->halves; half++) {
        int ranking = game->rankings[half];
        worst[half] =
            game->qualifier && badugi_is_badugi_ranking(ranking) ? game->qualifier : INT64_MAX;
        for (int seat = 0; seat < n; seat++)
            if (!h->folded[seat] && !h->mucked[seat])
                ranks[half * n + seat] = badugi_rank(ranking, h->hands[seat], h->hand_len[seat]);
    }
    for (int seat = 0; seat < n; seat++) folded[seat] = (uint8_t)h->folded[seat];
    memset(payouts, 0, sizeof payouts[0] * (size_t)n);
    if (badugi_settle(n, h->contributed, h->dead_money, folded, game->halves, ranks, worst,
                      h->button, 1, game->odd_half, out, BADUGI_SETTLE_ROOM) < 0)
        return; /* unreachable for a hand badugi_hand_start accepted: pay nobody */
    if (!h->run) {
        memcpy(payouts, out, sizeof payouts[0] * (size_t)n);
        h->carried += out[2 * n + 1];
        return;
    }
    if (h->run == 1) memcpy(payouts, out + n, sizeof payouts[0] * (size_t)n);
    for (int64_t pot = 0, at = 2 * n + 3; pot < out[2 * n]; pot++, at += 5 + out[at + 4]) {
        int64_t share = badugi_run_share(out[at], h->runs, h->run);
        memset(outside, 1, sizeof outside);
        for (int64_t i = 0; i < out[at + 4]; i++)
            outside[out[at + 5 + i]] = (uint8_t)h->mucked[out[at + 5 + i]];
        if (badugi_settle(n, nothing, share, outside, game->halves, ranks, worst, h->button, 1,
                          game->odd_half, won, RUN_POT_ROOM) < 0)
            continue; /* unreachable, as above */
        for (int seat = 0; seat < n; seat++) payouts[seat] += won[seat];
        h->carried += won[2 * n + 1];
    }
}

/* The showdown is over (or nobody is left to contest the pot): pay and end the hand. */
static void pay_out(Hand *h) {
    int64_t payouts[BADUGI_HAND_MAX_SEATS];
    settle(h, payouts);
    pay(h, payouts);
}

/* Take `card` out of the muck, the stub or the burns, wherever it is. */
static void reclaim(Hand *h, int card) {
    int at;
    if ((at = find(h->muck, h->muck_len, card)) >= 0) {
        take_out(h->muck, &h->muck_len, at);
    } else if ((at = find(h->stub, h->stub_len, card)) >= 0) {
        take_out(h->stub, &h->stub_len, at);
        if (h->unknown_burns > h->stub_len) h->unknown_burns = h->stub_len;
    } else if ((at = find(h->burns, h->burns_len, card)) >= 0) {
        take_out(h->burns, &h->burns_len, at);
    }
}

/* A run of a split hand is shown (with mucking, each live seat has shown or mucked: a seat
 * that mucked wins none of this run's share, and picks its hand up again in the next run):
 * its share of the pot is won. After the last run the
 * winnings are paid and what no run's hand won is carried; else the run's hands go to the
 * muck, each live seat picks up the cards it held at the split, and the next run plays the
 * draws left from the stub as it is. */
static void run_over(Hand *h) {
    int64_t payouts[BADUGI_HAND_MAX_SEATS], carried = h->carried, pot = h->dead_money;
    settle(h, payouts);
    h->carried = carried; /* the pot is whole until the payout */
    for (int seat = 0; seat < h->n; seat++) h->won[seat] += payouts[seat];
    memset(h->mucked, 0, sizeof h->mucked);
    if (h->run >= h->runs) {
        for (int seat = 0; seat < h->n; seat++) pot += h->contributed[seat] - h->won[seat];
        h->carried += pot;
        memcpy(payouts, h->won, sizeof payouts[0] * (size_t)h->n);
        memset(h->won, 0, sizeof h->won);
        pay(h, payouts);
        return;
    }
    for (int seat = 0; seat < h->n; seat++) {
        if (h->folded[seat]) continue;
        memcpy(h->muck + h->muck_len, h->hands[seat], (size_t)h->hand_len[seat]);
        h->muck_len += h->hand_len[seat];
        h->hand_len[seat] = 0;
    }
    for (int seat = 0; seat < h->n; seat++) {
        if (h->folded[seat]) continue;
        for (int i = 0; i < h->game.cards; i++) reclaim(h, h->held[seat][i]);
        memcpy(h->hands[seat], h->held[seat], (size_t)h->game.cards);
        h->hand_len[seat] = h->game.cards;
        h->drawn[seat][0] = (uint8_t)h->split_street;
        for (int draw = h->split_street + 1; draw <= BADUGI_MAX_DRAWS; draw++)
            h->drawn[seat][draw] = 0;
    }
    h->run++;
    emit(h, BADUGI_EVENT_RUN, -1, h->run, NULL, 0);
    h->street = h->split_street + 1;
    h->phase = BADUGI_PHASE_DRAW;
    next_drawer(h, h->button, 1);
}

/* The betting is over: a seat left alone takes the pot; else show down (with mucking,
 * each live seat decides first) and pay. The last aggressor of the final round shows
 * first; with no bet, the first live seat left of the button does; the others follow
 * clockwise. */
static void finish(Hand *h) {
    uint8_t folded[BADUGI_HAND_MAX_SEATS];
    h->actor = -1;
    memset(h->bets, 0, sizeof h->bets);
    h->showing_len = 0;
    if (h->live == 1) { /* everyone else folded: no showdown */
        pay_out(h);
        return;
    }
    for (int seat = 0; seat < h->n; seat++) folded[seat] = (uint8_t)h->folded[seat];
    h->showing_len = badugi_show_order(h->n, folded, h->aggressor, h->button, h->showing);
    if (h->mucking) { /* each seat decides, at each run's end too */
        h->phase = BADUGI_PHASE_SHOWDOWN;
        return;
    }
    for (int i = 0; i < h->showing_len; i++) {
        int seat = h->showing[i];
        emit(h, BADUGI_EVENT_SHOW, seat, 0, h->hands[seat], h->hand_len[seat]);
    }
    h->showing_len = 0;
    if (h->run)
        run_over(h);
    else
        pay_out(h);
}

static void decided(Hand *h) {
    h->showing_len--;
    memmove(h->showing, h->showing + 1, sizeof h->showing[0] * (size_t)h->showing_len);
    if (h->showing_len) return;
    if (h->run)
        run_over(h);
    else
        pay_out(h);
}

/* ------------------------------------------------------------------ the API */

int64_t badugi_run_share(int64_t chips, int32_t runs, int32_t run) {
    if (run < 1 || runs < 1) return chips;
    return chips / runs + (run <= chips % runs);
}

const char *badugi_missed_blinds_fault(const Hand *h, int64_t most) {
    for (int seat = 0; seat < h->n; seat++) {
        int64_t live = h->missed_live[seat], dead = h->missed_dead[seat];
        if (dead < 0 || dead > most) return "missed_dead";
        if (live && (live != h->blinds[1] || seat == big_blind_seat(h) ||
                     posts_small_blind(h, seat)))
            return "missed_live";
    }
    return NULL;
}

/* The blinds of the players back from missing theirs, in dealing order: the dead chips
 * first (into the dead money, as a big-blind ante), then the live big blind. */
static void post_missed_blinds(Hand *h) {
    for (int position = 0; position < h->n; position++) {
        int seat = dealt_seat(h, position);
        int64_t dead = min64(h->missed_dead[seat], h->stacks[seat]);
        if (dead) {
            h->stacks[seat] -= dead;
            h->dead_money += dead;
            if (!h->stacks[seat]) h->active--;
            emit(h, BADUGI_EVENT_POST_DEAD, seat, dead, NULL, 0);
        }
        if (h->missed_live[seat] && h->stacks[seat])
            emit(h, BADUGI_EVENT_POST_BLIND, seat, put(h, seat, h->missed_live[seat]), NULL, 0);
    }
}

int badugi_hand_start(badugi_hand *h) {
    int n, size;
    uint64_t deck;
    if (!h || h->n < 2 || h->n > BADUGI_HAND_MAX_SEATS || h->button < 0 || h->button >= h->n ||
        badugi_game_fault(&h->game) || h->structure < 0 ||
        h->structure > BADUGI_STRUCTURE_HALF_POT || h->cap < 0 || h->antes < 0 ||
        (h->big_blind_ante != 0 && h->big_blind_ante != 1) ||
        (uint32_t)h->free_folds > 1 || (uint32_t)h->bet_ladder > 1 ||
        (uint32_t)h->no_small_blind > 1 ||
        (uint32_t)h->runs > BADUGI_HAND_MAX_RUNS || (h->silent != 0 && h->silent != 1) ||
        (uint32_t)h->shuffle > BADUGI_SHUFFLE_CHACHA20 ||
        (uint32_t)h->conventions > BADUGI_CONVENTIONS_POKERKIT ||
        h->dead_money < 0 ||
        h->blinds[0] < 0 || h->blinds[1] < h->blinds[0] || h->stub_len < 0 ||
        h->stub_len > BADUGI_CARDS || h->phase != BADUGI_PHASE_DEAL || h->n_events != 0 ||
        badugi_missed_blinds_fault(h, INT64_MAX))
        return BADUGI_HAND_E_SETTINGS;
    n = h->n;
    size = h->game.cards;
    for (int seat = 0; seat < n; seat++)
        if (h->stacks[seat] < 1) return BADUGI_HAND_E_SETTINGS;
    for (int street = 0; street <= h->game.draws; street++)
        if (h->sizes[street] < 1) return BADUGI_HAND_E_SETTINGS;
    deck = badugi_game_deck(&h->game);
    if (badugi_count_cards(deck) < size * (n + 1)) return BADUGI_HAND_E_SETTINGS;
    if (!h->manual && h->stub_len && h->stub_len < size * (n + 1)) return BADUGI_HAND_E_SETTINGS;
    for (int i = 0; !h->manual && i < h->stub_len; i++) /* a given stub: cards of the deck */
        if (h->stub[i] >= BADUGI_CARDS || !(deck >> h->stub[i] & 1)) return BADUGI_HAND_E_SETTINGS;
    h->live = h->active = n;
    h->actor = h->aggressor = -1;
    h->street = 0;
    if (h->antes) {
        for (int position = 0; position < n; position++) {
            int seat = dealt_seat(h, position);
            int64_t amount = min64(h->antes, h->stacks[seat]);
            if (h->big_blind_ante && seat != big_blind_seat(h)) continue;
            h->stacks[seat] -= amount;
            if (h->big_blind_ante) /* dead: the main pot's, every live seat eligible */
                h->dead_money += amount;
            else
                h->contributed[seat] += amount;
            if (!h->stacks[seat]) h->active--;
            emit(h, BADUGI_EVENT_POST_ANTE, seat, amount, NULL, 0);
        }
    }
    if (h->blinds[1]) {
        int small = small_blind_seat(h), big = big_blind_seat(h);
        if (posts_small_blind(h, small))
            emit(h, BADUGI_EVENT_POST_BLIND, small, put(h, small, h->blinds[0]), NULL, 0);
        emit(h, BADUGI_EVENT_POST_BLIND, big, put(h, big, h->blinds[1]), NULL, 0);
    }
    post_missed_blinds(h);
    if (h->manual) { /* manual or picked: the caller deals from the whole deck */
        h->stub_len = 0;
        for (int card = 0; card < BADUGI_CARDS; card++)
            if (deck >> card & 1) h->stub[h->stub_len++] = (uint8_t)card;
        for (int seat = 0; seat < n; seat++) h->owed[seat] = size;
        h->phase = BADUGI_PHASE_DEAL;
        return h->n_events; /* the steps waiting for the caller */
    }
    if (!h->stub_len) { /* the 52 cards shuffled, then the deck's kept in that order */
        uint8_t shuffled[BADUGI_CARDS];
        for (int card = 0; card < BADUGI_CARDS; card++) shuffled[card] = (uint8_t)card;
        shuffle(h, shuffled, BADUGI_CARDS, 0);
        for (int i = 0; i < BADUGI_CARDS; i++)
            if (deck >> shuffled[i] & 1) h->stub[h->stub_len++] = shuffled[i];
    }
    for (int k = 0; k < n * size; k++) { /* one card at a time, from left of the button */
        int seat = dealt_seat(h, k % n);
        h->hands[seat][h->hand_len[seat]++] = h->stub[h->stub_len - 1 - k];
    }
    h->stub_len -= n * size;
    for (int position = 0; position < n; position++) {
        int seat = dealt_seat(h, position);
        emit(h, BADUGI_EVENT_DEAL, seat, 0, h->hands[seat], size);
    }
    begin_round(h);
    return h->n_events;
}

/* The door check of the functions below: the fields all of them index with (the seats, the
 * actor, the event queue) are in range. Kept to a few comparisons, as every call pays it;
 * badugi_hand_validate checks the rest. */
static int intact(const Hand *h) {
    return (uint32_t)(h->n - 2) <= BADUGI_HAND_MAX_SEATS - 2 && h->actor < h->n &&
           (uint32_t)h->n_events <= BADUGI_HAND_MAX_EVENTS;
}

/* The door check of a seat about to act: the cards it holds and is owed fit a hand, and
 * those it may throw or give up fit the discards and the muck. */
static int seat_intact(const Hand *h, int seat) {
    uint32_t held = (uint32_t)h->hand_len[seat];
    return held <= BADUGI_HAND_MAX_CARDS &&
           (uint32_t)h->owed[seat] <= BADUGI_HAND_MAX_CARDS - held &&
           (uint32_t)h->muck_len <= BADUGI_CARDS - held &&
           (uint32_t)h->current_len <= BADUGI_CARDS - held;
}

/* The actor, if the hand waits on one in `phase`; else BADUGI_HAND_E_PHASE, or
 * BADUGI_HAND_E_INVALID when the door check fails. */
static int turn(const Hand *h, int phase) {
    if (!h) return BADUGI_HAND_E_PHASE;
    if (!intact(h) || (h->actor >= 0 && !seat_intact(h, h->actor))) return BADUGI_HAND_E_INVALID;
    return h->phase == phase && h->actor >= 0 ? h->actor : BADUGI_HAND_E_PHASE;
}

void badugi_hand_bounds(const badugi_hand *h, int seat, int64_t legal[5]) {
    int64_t owe = h->level - h->bets[seat], low = 0, high = 0;
    bounds(h, seat, &low, &high);
    legal[0] = owe > 0 || h->free_folds;
    legal[1] = owe <= 0;
    legal[2] = owe > 0 ? min64(owe, h->stacks[seat]) : 0;
    legal[3] = low;
    legal[4] = high;
}

int badugi_hand_legal(const badugi_hand *h, int64_t legal[5]) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    if (seat < 0) return seat;
    if (!legal) return BADUGI_HAND_E_PHASE;
    badugi_hand_bounds(h, seat, legal);
    return 0;
}

/* `seat` folds (its cards to the muck, its chips staying in); the hand goes on with the
 * next actor after it, or pays the last seat left. */
static int fold(Hand *h, int seat, int next) {
    if (h->stacks[seat]) h->active--;
    give_up(h, seat);
    emit(h, BADUGI_EVENT_FOLD, seat, 0, NULL, 0);
    if (h->live == 1)
        finish(h);
    else if (next)
        next_actor(h, seat);
    return h->n_events;
}

int badugi_hand_fold(badugi_hand *h, int apply) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    if (seat < 0) return seat;
    if (h->bets[seat] >= h->level && !h->free_folds) return BADUGI_HAND_E_NOTHING_TO_CALL;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    return apply ? fold(h, seat, 1) : 0;
}

int badugi_hand_fold_all_in(badugi_hand *h, int seat, int apply) {
    int actor = turn(h, BADUGI_PHASE_BETTING);
    if (actor < 0) return actor;
    if (seat < 0 || seat >= h->n || h->folded[seat] || h->stacks[seat] || !h->free_folds)
        return BADUGI_HAND_E_SETTINGS;
    if (!seat_intact(h, seat)) return BADUGI_HAND_E_INVALID;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    return apply ? fold(h, seat, 0) : 0; /* the actor is still to act */
}

int badugi_hand_check_or_call(badugi_hand *h, int apply) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    int64_t owe;
    if (seat < 0) return seat;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    owe = h->level - h->bets[seat];
    if (owe > 0)
        emit(h, BADUGI_EVENT_CALL, seat, put(h, seat, owe), NULL, 0);
    else
        emit(h, BADUGI_EVENT_CHECK, seat, 0, NULL, 0);
    h->acted[seat] = h->level;
    next_actor(h, seat);
    return h->n_events;
}

int badugi_hand_check(badugi_hand *h, int apply) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    if (seat >= 0 && h->bets[seat] < h->level) return BADUGI_HAND_E_MUST_CALL;
    return badugi_hand_check_or_call(h, apply);
}

int badugi_hand_call(badugi_hand *h, int apply) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    if (seat >= 0 && h->bets[seat] >= h->level) return BADUGI_HAND_E_NOTHING_TO_CALL;
    return badugi_hand_check_or_call(h, apply);
}

int badugi_hand_raise_to(badugi_hand *h, int64_t to, int apply) {
    int seat = turn(h, BADUGI_PHASE_BETTING);
    int64_t low, high;
    int kind;
    if (seat < 0) return seat;
    if (!bounds(h, seat, &low, &high)) return BADUGI_HAND_E_NO_RAISE;
    if (to < low) return BADUGI_HAND_E_BELOW_MIN;
    if (to > high) return BADUGI_HAND_E_ABOVE_MAX;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    kind = h->level ? BADUGI_EVENT_RAISE : BADUGI_EVENT_BET;
    put(h, seat, to - h->bets[seat]);
    if (h->conventions == BADUGI_CONVENTIONS_POKERKIT) {
        int64_t raised = to - h->level;
        if (raised >= h->increment) h->full = to; /* a full raise: every seat may raise again */
        h->increment = max64(h->increment, raised);
        h->bets_made++;
        h->short_sum = h->stacks[seat] ? 0 : h->short_sum + raised;
        if (h->short_sum >= h->increment) h->short_sum = 0; /* all-ins for less adding up */
    } else if (h->structure == BADUGI_STRUCTURE_FIXED) {
        if (2 * (to - h->full) >= h->size) { /* a full bet, or an all-in of half a bet */
            h->bets_made++;
            h->full = to;
        }
    } else if (to - h->level >= h->increment) {
        h->bets_made++;
        h->increment = h->reopen = to - h->level;
        h->full = to;
    }
    h->level = to;
    h->aggressor = seat;
    h->acted[seat] = to;
    emit(h, kind, seat, to, NULL, 0);
    next_actor(h, seat);
    return h->n_events;
}

/* Whether cards[0..count) are distinct cards of hand[0..len): 0, or an error code. */
static int check_cards(const uint8_t *cards, int count, const uint8_t *hand, int len) {
    if (count < 0 || count > len || (count && !cards)) return BADUGI_HAND_E_COUNT;
    for (int i = 0; i < count; i++) {
        if (cards[i] >= BADUGI_CARDS) return BADUGI_HAND_E_BAD_CARD;
        if (find(cards, i, cards[i]) >= 0) return BADUGI_HAND_E_REPEATED;
        if (hand && find(hand, len, cards[i]) < 0) return BADUGI_HAND_E_NOT_HELD;
    }
    return 0;
}

int badugi_hand_draw(badugi_hand *h, const uint8_t *cards, int count, int apply) {
    int seat = turn(h, BADUGI_PHASE_DRAW), error;
    if (seat < 0) return seat;
    if (h->drawn[seat][0] >= h->game.draws) return BADUGI_HAND_E_INVALID;
    error = check_cards(cards, count, h->hands[seat], h->hand_len[seat]);
    if (error) return error;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    for (int i = 0; i < count; i++)
        take_out(h->hands[seat], &h->hand_len[seat], find(h->hands[seat], h->hand_len[seat],
                                                             cards[i]));
    memcpy(h->current + h->current_len, cards, (size_t)count);
    h->current_len += count;
    h->owed[seat] = count;
    memcpy(h->thrown[seat], cards, (size_t)count);
    h->thrown_len[seat] = count;
    h->drawn[seat][++h->drawn[seat][0]] = (uint8_t)count;
    emit(h, BADUGI_EVENT_DISCARD, seat, 0, cards, count);
    next_drawer(h, seat, 0);
    return h->n_events;
}

int badugi_hand_deal(badugi_hand *h, int seat, const uint8_t *cards, int count, int apply) {
    int error, gathered = 0, owing = 0;
    if (!h) return BADUGI_HAND_E_PHASE;
    if (!intact(h)) return BADUGI_HAND_E_INVALID;
    if (h->manual != BADUGI_DEALER_MANUAL || h->phase != BADUGI_PHASE_DEAL)
        return BADUGI_HAND_E_PHASE;
    for (int other = 0; other < h->n; other++)
        if (!seat_intact(h, other)) return BADUGI_HAND_E_INVALID;
    if ((uint64_t)(uint32_t)h->stub_len + (uint32_t)h->muck_len + (uint32_t)h->current_len >
        BADUGI_CARDS) /* a reshuffle gathers them all into the stub */
        return BADUGI_HAND_E_INVALID;
    if (seat < 0 || seat >= h->n || count < 1 || count > h->owed[seat]) return BADUGI_HAND_E_COUNT;
    error = check_cards(cards, count, NULL, BADUGI_CARDS);
    if (error) return error;
    for (int i = 0; i < count; i++) /* a card of the game's deck */
        if (!(badugi_game_deck(&h->game) >> cards[i] & 1)) return BADUGI_HAND_E_BAD_CARD;
    for (int other = 0; other < h->n; other++)
        for (int i = 0; i < count; i++)
            if (find(h->hands[other], h->hand_len[other], cards[i]) >= 0) return BADUGI_HAND_E_HELD;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    for (int i = 0; i < count; i++) { /* a card from outside the stub means a reshuffle */
        int at = find(h->stub, h->stub_len, cards[i]);
        if (at < 0 || h->stub_len == h->unknown_burns) {
            gathered = gather(h); /* every card no player holds is now in the stub */
            at = find(h->stub, h->stub_len, cards[i]);
        }
        if (at >= 0) take_out(h->stub, &h->stub_len, at);
    }
    if (gathered) emit(h, BADUGI_EVENT_RESHUFFLE, -1, gathered, NULL, 0);
    give(h, seat, cards, count);
    for (int other = 0; other < h->n; other++) owing += h->owed[other];
    if (!owing) all_dealt(h);
    return h->n_events;
}

int badugi_hand_pick_seat(const badugi_hand *h) {
    int seat = -1;
    if (!h) return BADUGI_HAND_E_PHASE;
    if (!intact(h)) return BADUGI_HAND_E_INVALID;
    if (h->manual != BADUGI_DEALER_PICKED || h->phase != BADUGI_PHASE_DEAL)
        return BADUGI_HAND_E_PHASE;
    if (h->unknown_burns) return h->n;
    for (int position = 0; position < h->n; position++) {
        /* the first deal goes round one card at a time, a draw's seat by seat */
        int next = dealt_seat(h, position);
        if ((uint32_t)h->owed[next] > BADUGI_HAND_MAX_CARDS) return BADUGI_HAND_E_INVALID;
        if (h->owed[next] && (seat < 0 || (!h->street && h->owed[next] > h->owed[seat])))
            seat = next;
    }
    return seat >= 0 ? seat : BADUGI_HAND_E_PHASE;
}

int badugi_hand_pick(badugi_hand *h, int card, int apply) {
    int seat = badugi_hand_pick_seat(h), at, owing = 0;
    uint8_t picked;
    if (seat < 0) return seat;
    if ((seat < h->n && !seat_intact(h, seat)) || (uint32_t)h->stub_len > BADUGI_CARDS ||
        (uint32_t)h->burns_len >= BADUGI_CARDS)
        return BADUGI_HAND_E_INVALID;
    if (card < 0 || card >= BADUGI_CARDS) return BADUGI_HAND_E_BAD_CARD;
    at = find(h->stub, h->stub_len, card);
    if (at < 0) return BADUGI_HAND_E_NOT_IN_STUB;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    take_out(h->stub, &h->stub_len, at);
    picked = (uint8_t)card;
    if (seat == h->n) {
        h->unknown_burns = 0;
        h->burns[h->burns_len++] = picked;
        emit(h, BADUGI_EVENT_BURN, -1, 0, &picked, 1);
    } else {
        give(h, seat, &picked, 1);
    }
    for (int other = 0; other < h->n; other++) owing += h->owed[other];
    if (owing)
        restock(h, owing);
    else
        all_dealt(h);
    return h->n_events;
}

/* The seat to show or muck next; else BADUGI_HAND_E_PHASE, or BADUGI_HAND_E_INVALID when
 * the door check fails. */
static int showdown_seat(const Hand *h) {
    int seat;
    if (!h) return BADUGI_HAND_E_PHASE;
    if (!intact(h)) return BADUGI_HAND_E_INVALID;
    if (h->phase != BADUGI_PHASE_SHOWDOWN) return BADUGI_HAND_E_PHASE;
    seat = (uint32_t)(h->showing_len - 1) < (uint32_t)h->n ? h->showing[0] : -1;
    return seat >= 0 && seat < h->n && seat_intact(h, seat) ? seat : BADUGI_HAND_E_INVALID;
}

int badugi_hand_turn(const badugi_hand *h) {
    if (h && h->phase == BADUGI_PHASE_SHOWDOWN) return showdown_seat(h);
    if (h && h->phase == BADUGI_PHASE_DRAW) {
        int seat = turn(h, BADUGI_PHASE_DRAW);
        return seat >= 0 && h->drawn[seat][0] >= h->game.draws ? BADUGI_HAND_E_INVALID : seat;
    }
    return turn(h, BADUGI_PHASE_BETTING);
}

int badugi_hand_show(badugi_hand *h, int apply) {
    int seat = showdown_seat(h);
    if (seat < 0) return seat;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    emit(h, BADUGI_EVENT_SHOW, seat, 0, h->hands[seat], h->hand_len[seat]);
    decided(h);
    return h->n_events;
}

int badugi_hand_must_show(const badugi_hand *h, int seat) {
    int any_live = 0;
    int64_t reached = 0, live_top = 0;
    for (int other = 0; other < h->n; other++) { /* does it alone still claim a pot? */
        if (other == seat) continue;
        reached = max64(reached, h->contributed[other]);
        if (!h->folded[other] && !h->mucked[other]) {
            live_top = any_live ? max64(live_top, h->contributed[other]) : h->contributed[other];
            any_live = 1;
        }
    }
    return !any_live || min64(h->contributed[seat], reached) > live_top;
}

int badugi_hand_muck(badugi_hand *h, int apply) {
    int seat = showdown_seat(h);
    if (seat < 0) return seat;
    if (badugi_hand_must_show(h, seat)) return BADUGI_HAND_E_MUST_SHOW;
    if (!has_room(h)) return BADUGI_HAND_E_FULL;
    if (!apply) return 0;
    if (h->run)
        h->mucked[seat] = 1; /* out of this run's pots: its cards go with the run's hands */
    else
        give_up(h, seat);
    emit(h, BADUGI_EVENT_MUCK, seat, 0, NULL, 0);
    decided(h);
    return h->n_events;
}

static uint8_t *put_int(uint8_t *out, int64_t value) {
    memcpy(out, &value, sizeof value);
    return out + sizeof value;
}

int badugi_hand_public(const badugi_hand *h, int seat, uint8_t *out) {
    uint8_t *at = out;
    int n;
    if (!h || !out || seat < 0 || seat >= h->n) return BADUGI_HAND_E_SETTINGS;
    if (!intact(h) || !seat_intact(h, seat)) return BADUGI_HAND_E_INVALID;
    n = h->n;
    at = put_int(at, h->actor);
    at = put_int(at, h->phase);
    at = put_int(at, h->street);
    at = put_int(at, h->phase == BADUGI_PHASE_SHOWDOWN && h->showing_len ? h->showing[0] : -1);
    for (int i = 0; i < n; i++) at = put_int(at, h->stacks[i]);
    for (int i = 0; i < n; i++) at = put_int(at, h->bets[i]);
    for (int i = 0; i < n; i++) at = put_int(at, h->contributed[i]);
    for (int i = 0; i < n; i++) *at++ = (uint8_t)h->folded[i];
    for (int i = 0; i < n; i++) {
        memcpy(at, h->drawn[i], 4);
        at += 4;
    }
    *at++ = (uint8_t)h->hand_len[seat];
    memset(at, 0, BADUGI_HAND_MAX_CARDS);
    memcpy(at, h->hands[seat], (size_t)h->hand_len[seat]);
    at += BADUGI_HAND_MAX_CARDS;
    return (int)(at - out);
}
