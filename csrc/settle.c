/* settle.c - the showdown: the order seats show in, and settling a pot (main and side pots,
 * their halves, winners and odd units).
 *
 * docs/rules.md, "Showdown" and "Settling a pot". The one show order and the one
 * implementation of the pot arithmetic: the hand
 * (hand.c) pays itself through it and badugi_fast.settle() builds its Settlement from what
 * it writes. It reads ranks, not cards, so it knows nothing about games: the caller ranks
 * every live hand for each half and says, per half, the worst rank that may win it. The
 * layout of out[] is documented with badugi_settle in badugi.h. */
#include "badugi.h"

#include <stddef.h>

/* The smallest rank among the `count` seats listed in eligible[]. */
static int64_t best_rank(const int64_t *eligible, int64_t count, const int64_t *rank) {
    int64_t best = rank[eligible[0]];
    for (int64_t i = 1; i < count; i++)
        if (rank[eligible[i]] < best) best = rank[eligible[i]];
    return best;
}

/* Write one half's record at out[at..): its winners (the eligible seats of rank `best`),
 * `units` shared evenly among them, odd units one each in seat order from `first` (the seat
 * left of the button); pays them. Returns the record's length. */
static int64_t share(int64_t *out, int64_t at, const int64_t *eligible, int64_t count,
                     const int64_t *rank, int64_t best, int64_t first, int64_t units,
                     int64_t unit, int64_t *payouts) {
    int64_t *record = out + at, *winners = record + 4, found = 0, start = 0, rest, each;
    int64_t *chips, *odd;
    for (int64_t i = 0; i < count; i++)
        if (rank[eligible[i]] == best) winners[found++] = eligible[i];
    chips = winners + found;
    odd = chips + found;
    rest = units % found;
    each = units / found * unit;
    while (start < found && winners[start] < first) start++; /* the first from `first` on */
    for (int64_t i = 0; i < found; i++) chips[i] = each;
    for (int64_t k = 0; k < rest; k++) {
        int64_t i = (start + k) % found;
        odd[k] = winners[i];
        chips[i] += unit;
    }
    for (int64_t i = 0; i < found; i++) payouts[winners[i]] += chips[i];
    record[0] = units * unit;
    record[1] = each;
    record[2] = found;
    record[3] = rest;
    return 4 + 2 * found + rest;
}

/* Judge one contested pot (its record at pot[]), writing its half records at out[at..):
 * the halves with a winner share the pot, odd units of the cut one each from odd_half on
 * (or from the first half with a winner). Returns the length written, or -1 if out[]
 * has no room. */
static int64_t judge(int64_t *pot, int64_t *out, int64_t at, int64_t room, int32_t n,
                     int32_t halves, const int64_t *ranks, const int64_t *worst, int32_t button,
                     int64_t unit, int32_t odd_half, int64_t *payouts) {
    const int64_t *eligible = pot + 5;
    int64_t count = pot[4], contested = 0, first = -1, before_first = 0, before = 0;
    int64_t units, each, odd, length = 0;
    for (int32_t h = 0; h < halves; h++) {
        if (best_rank(eligible, count, ranks + (size_t)h * (size_t)n) > worst[h]) continue;
        if (first < 0 || h == odd_half) {
            first = h;
            before_first = contested;
        }
        contested++;
    }
    pot[3] = contested;
    if (!contested) {
        pot[1] = pot[0]; /* carried over */
        return 0;
    }
    units = pot[0] / unit;
    each = units / contested;
    odd = units % contested;
    pot[2] = odd && contested > 1 ? first : -1;
    for (int32_t h = 0; h < halves; h++) {
        const int64_t *rank = ranks + (size_t)h * (size_t)n;
        int64_t best = best_rank(eligible, count, rank), place;
        if (4 + 3 * count > room - at - length) return -1;
        if (best > worst[h]) { /* no winner: an empty record */
            out[at + length] = out[at + length + 1] = out[at + length + 2] = 0;
            out[at + length + 3] = 0;
            length += 4;
            continue;
        }
        /* this half's place among the halves with winners, counted from `first` on */
        place = h >= first ? before - before_first : contested - before_first + before;
        before++;
        length += share(out, at + length, eligible, count, rank, best, (button + 1) % n,
                        each + (place < odd), unit, payouts);
    }
    return length;
}

/* The head of a pot record at out[at..): its amount and count of eligible seats (who
 * follow it), nothing carried, judged or cut yet. Returns where the seats go. */
static int64_t pot_record(int64_t *out, int64_t at, int64_t amount, int64_t eligible) {
    out[at] = amount;
    out[at + 1] = 0;  /* carried over */
    out[at + 2] = -1; /* the half given the odd unit of the cut */
    out[at + 3] = 0;  /* halves with winners */
    out[at + 4] = eligible;
    return at + 5;
}

int32_t badugi_show_order(int32_t n, const uint8_t *folded, int32_t first, int32_t button,
                          int32_t *order) {
    int32_t count = 0;
    if (n < 2 || !folded || !order || button < 0 || button >= n || first < -1 || first >= n)
        return -1;
    if (first < 0) first = button == n - 1 ? 0 : button + 1;
    for (int32_t seat = first; seat < n; seat++) /* first + step would overflow near 2^31 */
        if (!folded[seat]) order[count++] = seat;
    for (int32_t seat = 0; seat < first; seat++)
        if (!folded[seat]) order[count++] = seat;
    return count;
}

int64_t badugi_settle(int32_t n, const int64_t *contributed, int64_t dead_money,
                      const uint8_t *folded, int32_t halves, const int64_t *ranks,
                      const int64_t *worst, int32_t button, int64_t unit, int32_t odd_half,
                      int64_t *out, int64_t room) {
    int64_t total = 0, previous = 0, used, pots_at, *payouts = out, *returned = out + n;
    int64_t live = 0, n_pots = 0, last = -1, carried = 0;
    if (n < 2 || !contributed || !folded || !out || halves < 0 || button < 0 || button >= n ||
        unit <= 0 || (halves && (!ranks || !worst || odd_half < 0 || odd_half >= halves)))
        return BADUGI_SETTLE_E_ARGS;
    if (dead_money < 0 || dead_money % unit) return BADUGI_SETTLE_E_AMOUNT;
    total = dead_money;
    for (int32_t seat = 0; seat < n; seat++) {
        if (contributed[seat] < 0 || contributed[seat] % unit) return BADUGI_SETTLE_E_AMOUNT;
        if (contributed[seat] > INT64_MAX - total) return BADUGI_SETTLE_E_OVERFLOW;
        total += contributed[seat];
        live += !folded[seat];
    }
    if (!live) return BADUGI_SETTLE_E_NO_LIVE;
    if (room < 2 * (int64_t)n + 3) return BADUGI_SETTLE_E_ROOM;
    for (int32_t seat = 0; seat < n; seat++) returned[seat] = 0;
    used = pots_at = 2 * (int64_t)n + 3;
    if (dead_money) { /* the main pot starts with it, every live seat eligible */
        if (5 + live > room - used) return BADUGI_SETTLE_E_ROOM;
        last = used;
        used = pot_record(out, used, dead_money, live);
        for (int32_t seat = 0; seat < n; seat++)
            if (!folded[seat]) out[used++] = seat;
        n_pots++;
    }
    /* the pot records: a layer previous..level for each contribution level, lowest first */
    for (;;) {
        int64_t level = INT64_MAX, depth, reached = 0, eligible = 0;
        int found = 0;
        for (int32_t seat = 0; seat < n; seat++)
            if (contributed[seat] > previous && contributed[seat] <= level) {
                level = contributed[seat];
                found = 1;
            }
        if (!found) break;
        depth = level - previous;
        previous = level;
        for (int32_t seat = 0; seat < n; seat++)
            if (contributed[seat] >= level) {
                reached++;
                eligible += !folded[seat];
            }
        if (reached == 1 || !eligible) { /* the uncalled bet goes back */
            for (int32_t seat = 0; seat < n; seat++)
                if (contributed[seat] >= level) returned[seat] += depth;
        } else if (last >= 0 && out[last + 4] == eligible) { /* the same eligible seats */
            out[last] += depth * reached;
        } else {
            if (5 + eligible > room - used) return BADUGI_SETTLE_E_ROOM;
            last = used;
            used = pot_record(out, used, depth * reached, eligible);
            for (int32_t seat = 0; seat < n; seat++)
                if (contributed[seat] >= level && !folded[seat]) out[used++] = seat;
            n_pots++;
        }
    }
    for (int32_t seat = 0; seat < n; seat++) payouts[seat] = returned[seat];
    out[2 * (int64_t)n + 2] = used; /* where the half records start */
    /* award each pot, its half records after every pot record */
    for (int64_t p = 0, at = pots_at; p < n_pots; p++, at += 5 + out[at + 4]) {
        int64_t *pot = out + at, length;
        if (pot[4] == 1) { /* uncontested: no halves, no qualifier */
            payouts[pot[5]] += pot[0];
            continue;
        }
        if (!halves) return BADUGI_SETTLE_E_ARGS;
        length = judge(pot, out, used, room, n, halves, ranks, worst, button, unit, odd_half,
                       payouts);
        if (length < 0) return BADUGI_SETTLE_E_ROOM;
        used += length;
        carried += pot[1];
    }
    out[2 * (int64_t)n] = n_pots;
    out[2 * (int64_t)n + 1] = carried;
    return used;
}
