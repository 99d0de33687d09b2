/* test_odds.c - tests for the draw odds and equity API of badugi.h.
 *
 * Uses nothing but badugi.h. Checks the textbook figures exactly (a three-card hand
 * with 10 clean outs among 48 unseen cards), the drawing policy, that the
 * probabilities add up, Monte Carlo against exact within 4 standard errors, that a
 * chunk of a seed is the same deals every time, the reshuffle rule (watched through a
 * policy callback: every draw completes, the stub's last card and the burn come back
 * exactly when the rule says), that hostile specs are refused without reading out
 * of bounds, and the random stream (badugi_random) against known answers.
 *
 * Prints one line per failed check and "N passed, N failed"; exits 1 on any failure.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "badugi.h"

#include "check.h"
#include "games.h"

static badugi_odds_tally tally, other;

/* Card ids from text like "As 2h 3d Kd", written independently of the library. */
static int ids(const char *text, uint8_t *out) {
    static const char ranks[] = "A23456789TJQK", suits[] = "shdc";
    int n = 0;
    for (const char *p = text; *p; p++) {
        const char *r = strchr(ranks, p[0]);
        if (*p == ' ' || !r) continue;
        out[n++] = (uint8_t)(4 * (r - ranks) + (strchr(suits, p[1]) - suits));
        p++;
    }
    return n;
}

static badugi_odds_spec spec_of(const badugi_game *game, int draws, const char *a,
                                const char *b) {
    badugi_odds_spec s;
    memset(&s, 0, sizeof s);
    s.game = *game;
    s.draws = draws;
    s.players = b ? 2 : 1;
    ids(a, s.hands[0]);
    if (b) ids(b, s.hands[1]);
    for (int p = 0; p < 8; p++) s.discard_count[p] = BADUGI_ODDS_POLICY;
    return s;
}

static double p_badugi(const badugi_odds_tally *t) {
    double sum = 0;
    for (int r = 1; r <= BADUGI_FOUR_CARD_RANKS; r++) sum += t->ranks[r];
    return sum / t->total;
}

static void test_textbook(void) {
    /* A-2-3 with a dead Kd: the ten clubs 4c..Kc are clean outs among 48 unseen. */
    for (int draws = 1; draws <= 3; draws++) {
        badugi_odds_spec s = spec_of(&GAME_BADUGI, draws, "As 2h 3d Kd", NULL);
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "exact %d draws", draws);
        double miss = 1;
        for (int d = 0; d < draws; d++) miss *= (38.0 - d) / (48.0 - d);
        CHECK(fabs(p_badugi(&tally) - (1 - miss)) < 1e-12, "%d draws: %.17g != %.17g", draws,
              p_badugi(&tally), 1 - miss);
        double sum = 0;
        for (int r = 0; r <= BADUGI_RANKS; r++) sum += tally.ranks[r];
        CHECK(fabs(sum - 1) < 1e-12 && tally.ranks[0] == 0, "distribution sums to %.17g", sum);
    }
    /* A split game tallies its low half too, a one-half game only its first. */
    for (int draws = 1; draws <= 2; draws++) {
        badugi_odds_spec s = spec_of(&GAME_BADACEY, draws, "As 2h 3d Kd 9c", NULL);
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "badacey exact %d draws", draws);
        double low = 0, first = 0;
        for (int r = 0; r <= BADUGI_ACE_FIVE_RANKS; r++) low += tally.low_ranks[r];
        for (int r = 0; r <= BADUGI_RANKS; r++) first += tally.ranks[r];
        CHECK(fabs(low - 1) < 1e-12 && fabs(first - 1) < 1e-12 && tally.low_ranks[0] == 0,
              "badacey: low half sums to %.17g, first to %.17g", low, first);
    }
    {
        badugi_odds_spec s = spec_of(&GAME_BADUGI, 1, "As 2h 3d Kd", NULL);
        double untouched = 0;
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "badugi exact");
        for (int r = 0; r < 7463; r++) untouched += tally.low_ranks[r];
        CHECK(untouched == 0, "a one-half game tallies no low half");
    }
    /* The same with the discard given, and one outcome per unseen card. */
    badugi_odds_spec s = spec_of(&GAME_BADUGI, 1, "As 2h 3d Kd", NULL);
    double outcomes = 0;
    CHECK(badugi_odds_outcomes(&s, 1e9, &outcomes) == BADUGI_ODDS_OK && outcomes == 48,
          "48 outcomes, got %g", outcomes);
    s.draws = 3;
    CHECK(badugi_odds_outcomes(&s, 1e9, &outcomes) == BADUGI_ODDS_OK &&
              outcomes == 10 + 38.0 * 10 + 38.0 * 37 * 46, /* an out stands pat */
          "3 draws: %g outcomes", outcomes);
    CHECK(badugi_odds_outcomes(&s, 100, &outcomes) == BADUGI_ODDS_OK && outcomes > 100,
          "the count stops past its limit: %g", outcomes);
    /* Bounds: the first draw's 48, and a three-card badugi draws at most one card later. */
    double low = 0, high = 0;
    CHECK(badugi_odds_bounds(&s, &low, &high) == BADUGI_ODDS_OK && low == 48 &&
              high == 48.0 * 47 * 47,
          "bounds %g..%g", low, high);
    s.draws = 1;
    CHECK(badugi_odds_bounds(&s, &low, &high) == BADUGI_ODDS_OK && low == 48 && high == 48,
          "one draw: the bounds are the count (%g..%g)", low, high);
}

/* One draw of 1..3 cards: the exact law equals a direct enumeration with badugi_eval4. */
static void test_against_direct(void) {
    const char *cases[][2] = {{"3s Ts Kc Ks", "Ks"}, {"2d 9h Qc 4c", "Qc 4c"},
                              {"Ah Kd 7s 7d", "Kd 7s 7d"}, {"Jc 2h 5s 8d", "Jc"}};
    for (int c = 0; c < 4; c++) {
        badugi_odds_spec s = spec_of(&GAME_BADUGI, 1, cases[c][0], NULL);
        s.discard_count[0] = ids(cases[c][1], s.discards[0]);
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "exact %s", cases[c][0]);
        static double direct[BADUGI_RANKS + 1];
        memset(direct, 0, sizeof direct);
        uint8_t keep[4], unseen[48];
        int kept = 0, n = 0, k = s.discard_count[0];
        for (int i = 0; i < 4; i++)
            if (!memchr(s.discards[0], s.hands[0][i], (size_t)k)) keep[kept++] = s.hands[0][i];
        for (int card = 0; card < 52; card++)
            if (!memchr(s.hands[0], card, 4)) unseen[n++] = (uint8_t)card;
        double deals = 0;
        for (int x = 0; x < n; x++)
            for (int y = k > 1 ? x + 1 : n - 1; y < n; y++)
                for (int z = k > 2 ? y + 1 : n - 1; z < n; z++) {
                    uint8_t h[4], fresh[3] = {unseen[x], unseen[y], unseen[z]};
                    memcpy(h, keep, (size_t)kept);
                    memcpy(h + kept, fresh, (size_t)k); /* the first k of x, y, z */
                    direct[badugi_eval4(h[0], h[1], h[2], h[3])] += 1;
                    deals += 1;
                }
        int same = 1;
        for (int r = 0; r <= BADUGI_RANKS; r++)
            same &= fabs(direct[r] / deals - tally.ranks[r]) < 1e-12;
        CHECK(same, "%s throwing %s: the law differs from direct enumeration", cases[c][0],
              cases[c][1]);
    }
}

static int discard_of(const badugi_game *game, int target, const char *text) {
    uint8_t c[5];
    int n = ids(text, c);
    return badugi_odds_policy(game, target, c, n);
}

static void test_policy(void) {
    CHECK(discard_of(&GAME_BADUGI, 0, "As 2h 3d Kd") == 8, "throw the dead Kd");
    CHECK(discard_of(&GAME_BADUGI, 0, "Ks Qh Jd Tc") == 0, "pat on any badugi");
    /* K-Q-J-T is rank 715; a target of 714 or better breaks it: throw the king. */
    CHECK(discard_of(&GAME_BADUGI, 714, "Ks Qh Jd Tc") == 1, "break: throw the king");
    CHECK(discard_of(&GAME_BADUGI, 715, "Ks Qh Jd Tc") == 0, "target met: pat");
    /* Two equal sets 2-A (As 2h or Ah 2s): the lowest ids, As 2h, are kept. */
    CHECK(discard_of(&GAME_BADUGI, 0, "2s Ah As 2h") == 3, "ties keep the lowest ids");
    /* Badacey: badugi 7-4-3-A plus a 2 that is kept for the low: pat. A 9 is thrown. */
    CHECK(discard_of(&GAME_BADACEY, 0, "As 3h 4d 7c 2c") == 0, "badacey pat");
    CHECK(discard_of(&GAME_BADACEY, 0, "As 3h 4d 7c 9c") == 16, "badacey: throw the 9");
    /* Badeucey: aces high; the ace is the badugi's top card but not a low card. */
    CHECK(discard_of(&GAME_BADEUCEY, 0, "As 3h 4d 7c 7s") == 16, "badeucey: pair thrown");
    CHECK(discard_of(&GAME_BADEUCEY, 0, "2s 3h 4d 5c 6c") == 0, "badeucey pat");
    /* The rankings decide: aces high, the spade badugi plays the king and the ace goes;
     * aces low in the Badugi half only (the house variant), the ace plays and the king
     * goes, and the ace is still no deuce-to-seven low card. */
    CHECK(discard_of(&GAME_BADEUCEY, 0, "Ks 2h 3d 4c As") == 16, "badeucey: the ace goes");
    CHECK(discard_of(&GAME_BADEUCEY_ACES_LOW, 0, "Ks 2h 3d 4c As") == 1, "aces low: the king");
    CHECK(discard_of(&GAME_BADEUCEY_ACES_LOW, 0, "As 2h 3d 4c Ad") == 16, "no ace for the low");
    /* Breaking 8-5-3-2 for a better target: the 8 goes and does not come back as a low card. */
    CHECK(discard_of(&GAME_BADACEY, 1, "8s 5h 3d 2c 7c") == 1, "badacey break");
    /* Triple draw: low cards of new ranks; 2-7 throws a straight's or flush's top card. */
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 0, "7s 5h 4d 3c 2s") == 0, "2-7 pat");
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 0, "6s 5h 4d 3c 2s") == 1, "2-7 straight");
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 0, "8h 6h 4h 3h 2h") == 1, "2-7 flush");
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 0, "8s 8h 4d 3c 2s") == 2, "2-7 pair");
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 0, "As Kh 4d 3c 2s") == 3, "2-7 ace high");
    CHECK(discard_of(&GAME_DEUCE_SEVEN, 1, "8s 5h 4d 3c 2s") == 1, "2-7 target");
    CHECK(discard_of(&GAME_ACE_FIVE, 0, "As 2h 3d 4c 5s") == 0, "A-5 wheel");
    CHECK(discard_of(&GAME_ACE_FIVE, 0, "As Ah 3d 4c 9s") == 18, "A-5 pair and nine");
    CHECK(discard_of(&GAME_ACE_FIVE, BADUGI_ACE_FIVE_RANKS + 1, "As 2h 3d 4c 5s") ==
              BADUGI_ODDS_BAD_SPEC,
          "a target off the A-5 scale");
    CHECK(discard_of(&GAME_BADUGI, 0, "As As 2h 3d") == BADUGI_ODDS_REPEATED_CARD, "repeat");
    CHECK(badugi_odds_policy(&GAME_BADUGI, 0, NULL, 4) == BADUGI_ODDS_BAD_SPEC, "NULL");
}

static double stderr_of(const badugi_odds_tally *t, int p) {
    double n = t->total, mean = t->share[p] / n, sq = t->share_sq[p] / n;
    return sqrt((sq - mean * mean) / n);
}

static void test_equity(void) {
    const badugi_game *games[5] = {&GAME_BADUGI, &GAME_BADACEY, &GAME_BADEUCEY,
                                   &GAME_DEUCE_SEVEN, &GAME_ACE_FIVE};
    const char *hands[5][2] = {{"As 2h 3d Kd", "8s 7h 5d 2c"},
                               {"As 2h 3d Kd 4d", "8s 7h 5d 2c 6s"},
                               {"2s 3h 4d Kd 5d", "8s 7h 5h 2c 6s"},
                               {"2s 3h 4d Kd 7d", "8s 7h 5h 2c 6s"},
                               {"As 2h 3d Kd Ks", "8s 7h 5h 2c 6s"}};
    for (int g = 0; g < 5; g++) {
        badugi_odds_spec s = spec_of(games[g], 1, hands[g][0], hands[g][1]);
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "exact game %d", g);
        double sum = (tally.share[0] + tally.share[1]) / BADUGI_ODDS_POT_UNITS / tally.total;
        CHECK(fabs(sum - 1) < 1e-12 && fabs(tally.total - 1) < 1e-12, "shares sum to %g", sum);
        double exact = tally.share[0] / BADUGI_ODDS_POT_UNITS;
        CHECK(badugi_odds_sample(&s, 7, 0, 200000, &other) == BADUGI_ODDS_OK, "sample %d", g);
        double mc = other.share[0] / BADUGI_ODDS_POT_UNITS / other.total;
        double se = stderr_of(&other, 0) / BADUGI_ODDS_POT_UNITS;
        CHECK(fabs(mc - exact) < 4 * se, "game %d: %g vs exact %g (se %g)", g, mc, exact, se);
        for (int h = 0; h < 2 && (g == 1 || g == 2); h++) {
            double half = (tally.half_share[h][0] + tally.half_share[h][1]) /
                          BADUGI_ODDS_POT_UNITS;
            CHECK(fabs(half - 1) < 1e-12, "game %d half %d sums to %g", g, h, half);
        }
        badugi_odds_tally again;
        CHECK(badugi_odds_sample(&s, 7, 0, 200000, &again) == BADUGI_ODDS_OK &&
                  memcmp(&again, &other, sizeof again) == 0,
              "the same seed and chunk give the same tally");
        CHECK(badugi_odds_sample(&s, 7, 1, 200000, &again) == BADUGI_ODDS_OK &&
                  again.share[0] != other.share[0],
              "another chunk gives other deals");
    }
}

/* Watches the reshuffle rule (docs/rules.md, "How a hand is played", "When the stub runs
 * short") through a policy callback: it is shown every hand after each draw, checks that
 * the draw completed and that nobody got back a card thrown in that draw by himself or
 * a player served after him, and counts how many of the cards unseen at the start
 * player 2 got in the first draw. Players 0..7 hold cards 0..39; 40..51 are unseen. */
typedef struct {
    int first[8], later;       /* the masks thrown in the first draw and in later ones */
    uint8_t before[8][5];      /* the hands before the draw just dealt */
    uint8_t after[8][5];       /* the hands after it, as shown so far */
    unsigned long bad_size, returned, from_unseen[6];
} watcher;

static uint64_t card_set(const uint8_t *cards, int count, int mask) {
    uint64_t set = 0;
    for (int i = 0; i < count; i++)
        if (mask >> i & 1) set |= 1ull << cards[i];
    return set;
}

static int set_size(uint64_t set) {
    int n = 0;
    for (; set; set &= set - 1) n++;
    return n;
}

static int watch(void *user, int player, int draw, const uint8_t *cards, int count) {
    watcher *w = user;
    if (player == 0) { /* a new draw's hands: the last ones shown are the "before" */
        if (draw == 1)
            for (int p = 0; p < 8; p++)
                for (int i = 0; i < 5; i++) w->before[p][i] = (uint8_t)(5 * p + i);
        else
            memcpy(w->before, w->after, sizeof w->before);
    }
    memcpy(w->after[player], cards, (size_t)count);
    int thrown = draw == 1 ? w->first[player] : w->later;
    uint64_t mine = card_set(cards, count, 31);
    uint64_t kept = card_set(w->before[player], count, 31 & ~thrown);
    uint64_t not_free = 0; /* this player's discards, and every later player's cards */
    for (int p = player; p < 8; p++) not_free |= card_set(w->before[p], count, 31);
    w->bad_size += set_size(mine) != count || (mine & kept) != kept;
    w->returned += (mine & ~kept & not_free) != 0;
    if (draw == 1 && player == 2) {
        int unseen = 0;
        for (int i = 0; i < count; i++) unseen += cards[i] >= 40;
        w->from_unseen[unseen]++;
    }
    return w->later;
}

/* Eight Badeucey players: players 0 and 1 throw five cards, player 2 throws `third`, the
 * others stand pat in the first draw; then everyone throws `later` in each later draw. */
static badugi_odds_spec eight_players(int third, int draws, watcher *w, int later) {
    badugi_odds_spec s = spec_of(&GAME_BADEUCEY, draws, "Ks Qs Js Ts 9s", NULL);
    s.players = 8;
    for (int p = 0; p < 8; p++) {
        for (int i = 0; i < 5; i++) s.hands[p][i] = (uint8_t)(5 * p + i);
        s.discard_count[p] = p < 2 ? 5 : p == 2 ? third : 0;
        memcpy(s.discards[p], s.hands[p], 5);
    }
    memset(w, 0, sizeof *w);
    for (int p = 0; p < 8; p++) w->first[p] = (1 << s.discard_count[p]) - 1;
    w->later = later;
    s.policy = watch;
    s.policy_user = w;
    return s;
}

/* |count / samples - p| within 4 standard errors */
static int near(unsigned long count, double samples, double p) {
    return fabs(count / samples - p) <= 4 * sqrt(p * (1 - p) / samples) + 1e-12;
}

static void test_reshuffle(void) {
    enum { N = 20000 };
    watcher w;
    /* Everyone throws five in three draws: 40 cards held, 12 unseen. The burn leaves 11,
     * players 0 and 1 take 10; the last card would not complete the draw, and the muck
     * is empty, so the last resort: it, the burn and players 0-1's ten discards make a
     * new stub of 12, from which player 2 draws five (2 of the 12 were unseen). */
    badugi_odds_spec s = eight_players(5, 3, &w, 31);
    for (int p = 2; p < 8; p++) {
        s.discard_count[p] = 5;
        w.first[p] = 31;
    }
    double outcomes;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_NEEDS_RESHUFFLE, "exact refuses");
    CHECK(badugi_odds_outcomes(&s, 1e9, &outcomes) == BADUGI_ODDS_NEEDS_RESHUFFLE, "count too");
    CHECK(badugi_odds_bounds(&s, &outcomes, &outcomes) == BADUGI_ODDS_NEEDS_RESHUFFLE, "bounds");
    CHECK(badugi_odds_sample(&s, 1, 0, N, &tally) == BADUGI_ODDS_OK, "sampling runs");
    CHECK(w.bad_size == 0 && w.returned == 0, "every draw completes (%lu), nobody gets back "
          "a card thrown before his turn (%lu)", w.bad_size, w.returned);
    const double c12_5 = 792;
    CHECK(near(w.from_unseen[0], N, 252 / c12_5) && near(w.from_unseen[1], N, 420 / c12_5) &&
              near(w.from_unseen[2], N, 120 / c12_5),
          "the last card and the burn are reshuffled: %lu %lu %lu", w.from_unseen[0],
          w.from_unseen[1], w.from_unseen[2]);
    double sum = 0;
    for (int p = 0; p < 8; p++) sum += tally.share[p];
    CHECK(sum == (double)N * BADUGI_ODDS_POT_UNITS, "every pot is paid out: %g", sum);
    /* 11 cards and the burn: the stub's last card completes the draw and is dealt. */
    s = eight_players(1, 2, &w, 0);
    CHECK(badugi_odds_sample(&s, 2, 0, N, &tally) == BADUGI_ODDS_OK, "one short of a reshuffle");
    CHECK(w.from_unseen[1] == N && w.returned == 0, "the last card is dealt: %lu",
          w.from_unseen[1]);
    /* 12 cards and the burn: player 2's two come from the new stub of 12 (the last card,
     * the burn and ten discards). */
    s = eight_players(2, 2, &w, 0);
    CHECK(badugi_odds_sample(&s, 3, 0, N, &tally) == BADUGI_ODDS_OK, "one card short");
    CHECK(near(w.from_unseen[0], N, 45 / 66.0) && near(w.from_unseen[1], N, 20 / 66.0) &&
              near(w.from_unseen[2], N, 1 / 66.0) && w.returned == 0,
          "the last card is not dealt: %lu %lu %lu", w.from_unseen[0], w.from_unseen[1],
          w.from_unseen[2]);
    /* A 2-7 hand may change all five cards in every draw: 3 * (5 + 1 burn) = 18 cards,
     * one more than the 17 unseen when 30 cards are dead. */
    s = spec_of(&GAME_DEUCE_SEVEN, 3, "Ks Qs Js Ts 9s", NULL);
    s.dead_count = 30;
    for (int i = 0; i < 30; i++) s.dead[i] = (uint8_t)i;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_NEEDS_RESHUFFLE, "lowball refuses");
    s.dead_count = 29;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "18 unseen are enough");
}

static int abort_policy(void *user, int player, int draw, const uint8_t *cards, int count) {
    (void)player, (void)draw, (void)cards, (void)count;
    return *(const int *)user;
}

static void test_hostile(void) {
    badugi_odds_spec good = spec_of(&GAME_BADUGI, 1, "As 2h 3d Kd", "8s 7h 5d 2c");
    badugi_odds_spec s;
    CHECK(badugi_odds_check(&good) == BADUGI_ODDS_OK, "the good spec passes");
    CHECK(badugi_odds_check(NULL) == BADUGI_ODDS_BAD_SPEC, "NULL spec");
    CHECK(badugi_odds_exact(&good, NULL) == BADUGI_ODDS_BAD_SPEC, "NULL out");
    CHECK(badugi_odds_sample(&good, 0, 0, 1, NULL) == BADUGI_ODDS_BAD_SPEC, "NULL out");
    CHECK(badugi_odds_outcomes(&good, 1, NULL) == BADUGI_ODDS_BAD_SPEC, "NULL count");
    double bound;
    CHECK(badugi_odds_bounds(&good, &bound, NULL) == BADUGI_ODDS_BAD_SPEC, "NULL high");
    CHECK(badugi_odds_bounds(&good, NULL, &bound) == BADUGI_ODDS_BAD_SPEC, "NULL low");
    /* fields 0..3 of the spec, then 4..10 of its game (a qualifier too: the odds judge
     * every hand; with a one-draw game, two draws left), 11 and 12 its deck (one rank: too
     * small for two hands and a draw) */
    const int bad_ints[][2] = {{0, 0}, {0, 9}, {1, -1}, {1, 4}, {2, -1}, {2, BADUGI_RANKS + 1},
                               {3, -1}, {3, 53}, {4, 0}, {4, 6}, {5, 0}, {5, 4}, {6, 0},
                               {6, 3}, {7, -1}, {7, 4}, {8, 1}, {9, 1}, {10, 1},
                               {11, -1}, {11, 14}, {11, 1}, {12, -1}, {12, 5}};
    for (size_t i = 0; i < sizeof bad_ints / sizeof bad_ints[0]; i++) {
        s = good;
        int32_t *field[13] = {&s.players,         &s.draws,          &s.target,
                              &s.dead_count,      &s.game.cards,     &s.game.draws,
                              &s.game.halves,     &s.game.rankings[0], &s.game.qualifier,
                              &s.game.odd_half,   &s.game.draws,     &s.game.ranks,
                              &s.game.suits};
        if (bad_ints[i][0] == 10) s.draws = 2;
        *field[bad_ints[i][0]] = bad_ints[i][1];
        CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_SPEC, "field %d = %d",
              bad_ints[i][0], bad_ints[i][1]);
    }
    s = good;
    s.game.suits = 3; /* Kd is in the deck, 2c is not */
    CHECK(badugi_odds_check(&s) == BADUGI_ODDS_BAD_CARD, "a card outside a small deck");
    s = good;
    s.hands[1][3] = 52;
    CHECK(badugi_odds_sample(&s, 0, 0, 1, &tally) == BADUGI_ODDS_BAD_CARD, "card 52");
    s.hands[1][3] = 255;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_CARD, "card 255");
    s = good;
    s.hands[1][3] = s.hands[0][0];
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_REPEATED_CARD, "a card in two hands");
    s = good;
    s.dead_count = 1;
    s.dead[0] = s.hands[0][2];
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_REPEATED_CARD, "a dead card held");
    s = good;
    s.discard_count[0] = 1;
    s.discards[0][0] = s.hands[1][0];
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_DISCARD, "a discard not held");
    s.discard_count[0] = 2;
    s.discards[0][0] = s.discards[0][1] = s.hands[0][0];
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_DISCARD, "a card thrown twice");
    s.discard_count[0] = 5;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_DISCARD, "five of four cards");
    s.discard_count[0] = -2;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_BAD_DISCARD, "count -2");
    int answer = -1;
    s = good;
    s.policy = abort_policy;
    s.policy_user = &answer;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_POLICY_ABORT, "policy abort");
    answer = 16;
    CHECK(badugi_odds_sample(&s, 0, 0, 10, &tally) == BADUGI_ODDS_BAD_POLICY, "mask 16");
    answer = 1;
    CHECK(badugi_odds_exact(&s, &tally) == BADUGI_ODDS_OK, "a valid policy runs");
}

/* badugi_random: known answers (from a plain transcription of the published splitmix64
 * and xoshiro256**), a longer run extends a shorter one, chunks differ, NULL refused. */
static void test_random(void) {
    static const struct {
        uint64_t seed, chunk, words[3];
    } known[] = {
        {0, 0, {0xfb5405f7bd79c540ull, 0x780c98e26cea5883ull, 0x2a146e0980febc66ull}},
        {42, 3, {0x20118a672ecde5dbull, 0xf97f9d3fd0debd03ull, 0x2bee540c76c7d9b5ull}},
        {UINT64_MAX, UINT64_MAX,
         {0x5a24625849aef5faull, 0x0177bf4162305facull, 0x97359f05bc75e24dull}},
    };
    uint64_t out[3], longer[4], other_chunk[3];
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        CHECK(badugi_random(known[k].seed, known[k].chunk, 3, out) == 0, "random %zu", k);
        CHECK(memcmp(out, known[k].words, sizeof out) == 0, "random %zu: known words", k);
        CHECK(badugi_random(known[k].seed, known[k].chunk, 4, longer) == 0, "random %zu", k);
        CHECK(memcmp(out, longer, sizeof out) == 0, "random %zu: a prefix", k);
        CHECK(badugi_random(known[k].seed, known[k].chunk + 1, 3, other_chunk) == 0, "random");
        CHECK(memcmp(out, other_chunk, sizeof out) != 0, "random %zu: next chunk", k);
    }
    CHECK(badugi_random(1, 2, 0, NULL) == 0, "random: no words");
    CHECK(badugi_random(1, 2, 1, NULL) == -1, "random: NULL out");
}

/* ---- equity against random hands (badugi_equity_*) ---------------------------------- */

/* Every hand of `cards` cards in colex order: 1 while there is one (idx[] holds its ids). */
static int next_hand(int *idx, int cards) {
    int i = 0;
    while (i + 1 < cards && idx[i] + 1 == idx[i + 1]) i++;
    if (idx[i] + 1 >= BADUGI_CARDS) return 0;
    idx[i]++;
    for (int j = 0; j < i; j++) idx[j] = j;
    return 1;
}

/* The mean equity of every hand of a game against m random hands, all drawing d times. */
static double mean_equity(const badugi_equity *e, const badugi_game *game, int d, int m) {
    int idx[5] = {0, 1, 2, 3, 4};
    double sum = 0;
    long count = 0;
    do {
        uint8_t hand[5];
        for (int i = 0; i < game->cards; i++) hand[i] = (uint8_t)idx[i];
        sum += badugi_equity_of(e, hand, game->cards, d, d, m);
        count++;
    } while (next_hand(idx, game->cards));
    return sum / (double)count;
}

/* A hand's equity is its expected share against random hands dealt from a full deck: a
 * random hand against m others, all drawing alike, has 1 / (m + 1) of the pot on average
 * (exact in A-5, whose policy reads ranks alone); A-2-3-4 rainbow ties 23 other hands; a
 * three-card Badugi with one draw to come is the mean, over the 49 cards it may draw, of
 * the share of the hand it makes against every dealt hand (counted here). */
static void test_random_hands_equity(void) {
    static double below[BADUGI_RANKS + 2];
    badugi_equity *badugi = badugi_equity_new(&GAME_BADUGI), *low = badugi_equity_new(&GAME_ACE_FIVE);
    badugi_game bad = GAME_BADUGI;
    uint8_t hand[5], kept[4];
    int idx[5] = {0, 1, 2, 3, 4};
    double counts[BADUGI_RANKS + 1] = {0}, total = 0, expected = 0;
    CHECK(badugi && low, "equity tables");
    for (int d = 0; d <= 3; d++)
        for (int m = 1; m <= 7; m += 3) {
            double mean = mean_equity(badugi, &GAME_BADUGI, d, m);
            CHECK(fabs(mean - 1.0 / (m + 1)) < 1e-6, "badugi d %d m %d: mean %.9f", d, m, mean);
        }
    for (int d = 0; d <= 3; d += 3) {
        double mean = mean_equity(low, &GAME_ACE_FIVE, d, 1);
        CHECK(fabs(mean - 0.5) < 1e-6, "ace-five d %d: mean %.9f", d, mean);
    }
    do { /* every dealt Badugi hand's rank */
        for (int i = 0; i < 4; i++) hand[i] = (uint8_t)idx[i];
        counts[badugi_eval4(hand[0], hand[1], hand[2], hand[3])] += 1;
        total += 1;
    } while (next_hand(idx, 4));
    for (int r = BADUGI_RANKS; r >= 1; r--) below[r] = below[r + 1] + (r < BADUGI_RANKS ? counts[r + 1] : 0);
    ids("As 2h 3d 4c", hand);
    CHECK(fabs(badugi_equity_of(badugi, hand, 4, 0, 0, 1) - (total - 24 + 12) / total) < 1e-12,
          "A-2-3-4 rainbow");
    ids("As 2h 3d 3s", hand);
    ids("As 2h 3d", kept);
    for (int card = 0; card < BADUGI_CARDS; card++) {
        uint16_t rank;
        if (card == kept[0] || card == kept[1] || card == kept[2]) continue;
        rank = badugi_eval4(kept[0], kept[1], kept[2], (uint8_t)card);
        expected += (below[rank] + counts[rank] / 2) / total / 49;
    }
    CHECK(fabs(badugi_equity_of(badugi, hand, 4, 1, 0, 1) - expected) < 1e-6,
          "A-2-3 with one draw: %.9f, not %.9f", badugi_equity_of(badugi, hand, 4, 1, 0, 1),
          expected);
    /* bad arguments */
    CHECK(badugi_equity_of(NULL, hand, 4, 0, 0, 1) == -1, "NULL tables");
    CHECK(badugi_equity_of(badugi, NULL, 4, 0, 0, 1) == -1, "NULL cards");
    CHECK(badugi_equity_of(badugi, hand, 5, 0, 0, 1) == -1, "five cards for Badugi");
    CHECK(badugi_equity_of(badugi, hand, 4, 4, 0, 1) == -1, "four draws to come");
    CHECK(badugi_equity_of(badugi, hand, 4, -1, 0, 1) == -1, "-1 draws to come");
    CHECK(badugi_equity_of(badugi, hand, 4, 0, 4, 1) == -1, "four draws for them");
    CHECK(badugi_equity_of(badugi, hand, 4, 0, 0, 0) == -1, "no opponent");
    CHECK(badugi_equity_of(badugi, hand, 4, 0, 0, 8) == -1, "eight opponents");
    hand[3] = hand[0];
    CHECK(badugi_equity_of(badugi, hand, 4, 0, 0, 1) == -1, "a repeated card");
    hand[3] = 52;
    CHECK(badugi_equity_of(badugi, hand, 4, 0, 0, 1) == -1, "card 52");
    bad.halves = 3;
    CHECK(badugi_equity_new(NULL) == NULL && badugi_equity_new(&bad) == NULL, "a bad game");
    badugi_equity_free(NULL);
    badugi_equity_free(badugi);
    badugi_equity_free(low);
}

int main(void) {
    test_random();
    test_textbook();
    test_against_direct();
    test_policy();
    test_equity();
    test_reshuffle();
    test_hostile();
    test_random_hands_equity();
    return report("test_odds");
}
