/*
 * badugi.h - exact, constant-time Badugi, Badacey and Badeucey hand evaluation.
 *
 * The public C API of badugi_fast. Plain C99; include it from C or C++ and link
 * libbadugi (see the README, "Using it from C/C++"). The Python package is built
 * from the same sources and declares its binding from the block between the CDEF
 * markers below, so this header is the one definition of the API.
 *
 * Cards
 *   A card is an integer id 0..51:  id = 4 * (rank - 1) + suit,
 *   rank A=1, 2..9, T=10, J=11, Q=12, K=13;  suit s=0, h=1, d=2, c=3.
 *   So As=0, Ah=1, Ad=2, Ac=3, 2s=4, ..., Kc=51. A hand is a set of distinct ids
 *   given in any order.
 *
 * Ranks (return values of the evaluators)
 *   Smaller is stronger, 1 is the best hand, ranks are dense (every value in
 *   1..N is some hand), equal ranks tie. 0 (BADUGI_INVALID) means the input was
 *   not a hand: an id outside 0..51 or a repeated card.
 *   - Badugi (4 or 5 cards, or 1 to 5 with badugi_eval_cards; aces low or aces
 *     high): 1..1092 on one scale,
 *     four-card sets 1..715, three-card 716..1001, two-card 1002..1079,
 *     one-card 1080..1092. Aces low: 1 = A-2-3-4 rainbow, 1092 = one-card king.
 *     Aces high: 1 = 2-3-4-5 rainbow, 1092 = one-card ace. A five-card hand is
 *     worth its best playing set, so its rank compares directly with 4-card ranks.
 *   - Ace-to-five low (5 cards): 1..6175, 1 = 5-4-3-2-A; straights and flushes
 *     do not count.
 *   - Deuce-to-seven low (5 cards): 1..7462, 1 = 7-5-4-3-2 not all one suit;
 *     aces are high, straights and flushes count against the hand.
 *
 * Contracts
 *   Every function is reentrant: no global mutable state, tables are static
 *   const, so any thread may call anything at any time. The evaluators are pure;
 *   the badugi_hand_* functions change only the hand they are given. No function reads
 *   outside its arguments or writes outside its output, whatever the card ids:
 *   the batch functions read exactly n * K bytes of `cards` and write at most n
 *   ranks to `out` (K = 4 or 5 cards per hand). NULL `cards` or `out` with
 *   n > 0 is treated as n invalid hands and nothing is written.
 */
#ifndef BADUGI_H
#define BADUGI_H

#include <stddef.h>
#include <stdint.h>

#define BADUGI_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/* BEGIN CDEF (the Python binding parses this block; keep it plain declarations) */

#define BADUGI_VERSION_MAJOR 0
#define BADUGI_VERSION_MINOR 1
#define BADUGI_VERSION_PATCH 0

#define BADUGI_INVALID 0
#define BADUGI_CARDS 52
#define BADUGI_RANKS 1092
#define BADUGI_FOUR_CARD_RANKS 715
#define BADUGI_THREE_CARD_RANKS 286
#define BADUGI_TWO_CARD_RANKS 78
#define BADUGI_ONE_CARD_RANKS 13
#define BADUGI_ACE_FIVE_RANKS 6175
#define BADUGI_DEUCE_SEVEN_RANKS 7462
#define BADUGI_COMPARE_ERROR -2

/* The library version, "MAJOR.MINOR.PATCH" (equal to BADUGI_VERSION_STRING). */
const char *badugi_version(void);

/* Single hands: card ids in any order; returns the rank, or BADUGI_INVALID. */
uint16_t badugi_eval4(int c0, int c1, int c2, int c3);
uint16_t badugi_eval5(int c0, int c1, int c2, int c3, int c4);
uint16_t badugi_ace_high_eval4(int c0, int c1, int c2, int c3);
uint16_t badugi_ace_high_eval5(int c0, int c1, int c2, int c3, int c4);
uint16_t badugi_ace_five_eval(int c0, int c1, int c2, int c3, int c4);
uint16_t badugi_deuce_seven_eval(int c0, int c1, int c2, int c3, int c4);

/* A Badugi hand of any size: cards[0..count), count 1..5, aces low or, with aces_high
 * non-zero, high; its rank on the one 1..BADUGI_RANKS scale (a hand of fewer than four
 * cards is worth its best playing set, as any hand), or BADUGI_INVALID for a bad count, a
 * NULL, an id outside 0..51 or a repeated card. The small games' evaluator (badugi_game
 * with fewer than four cards); four and five cards rank as badugi_eval4/5 do. */
uint16_t badugi_eval_cards(const uint8_t *cards, int count, int aces_high);

/* Compare two 4-card Badugi hands (aces low): 1 if a is stronger, -1 if b is
 * stronger, 0 on a tie, BADUGI_COMPARE_ERROR if either is not a valid hand. */
int badugi_compare4(const uint8_t a[4], const uint8_t b[4]);

/* Batches: `cards` holds n hands of K consecutive ids (K in the name's digit, or
 * 5 for the lows); out[i] receives hand i's rank.
 * _batch: every hand is evaluated; invalid hands get BADUGI_INVALID. Returns the
 *         number of invalid hands (0 when all were valid).
 * _batch_checked: stops at the first invalid hand. Returns n when all hands were
 *         valid, otherwise the index of the first invalid hand; out[0..index)
 *         hold the ranks of the hands before it and nothing else is written. */
size_t badugi_eval4_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_eval4_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_eval5_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_high_eval4_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_high_eval4_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_high_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_high_eval5_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_five_eval_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_ace_five_eval_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_deuce_seven_eval_batch(const uint8_t *cards, size_t n, uint16_t *out);
size_t badugi_deuce_seven_eval_batch_checked(const uint8_t *cards, size_t n, uint16_t *out);

/* Decode a Badugi rank (either scale): returns the size of its playing set
 * (1..4) and writes the playing ranks high to low into ranks[0..size), with
 * 1=A .. 13=K, or ace = 14 when aces_high is non-zero; the rest of ranks[] is
 * zeroed. Returns 0 and zeroes ranks[] for a rank outside 1..BADUGI_RANKS. */
int badugi_decode(uint16_t rank, int aces_high, uint8_t ranks[4]);

/* Card text: badugi_card_parse reads text[0] and, unless it is NUL, text[1],
 * as a rank (A23456789TJQK) and a suit (shdc), either case, and returns the card
 * id, or -1 if they are not a card (or text is NULL). badugi_card_format writes
 * the id's canonical two characters plus a NUL into text[0..3) and returns 0, or
 * returns -1 (writing nothing) for an id outside 0..51. */
int badugi_card_parse(const char *text);
int badugi_card_format(int card, char text[3]);

/* ---- Settling a pot (csrc/settle.c; docs/rules.md, "Settling a pot") ----
 *
 * badugi_settle cuts the chips of n seats into main and side pots and awards every pot,
 * half by half, from ranks (it reads no cards): the one settlement behind badugi_hand and
 * badugi_fast.settle().
 *
 * Input: contributed[0..n) the chips each seat put in (each >= 0, a multiple of `unit`, the
 * total with dead_money at most INT64_MAX); dead_money (>= 0, a multiple of `unit`) chips in
 * the pot that no seat put in (a pot carried over from an earlier hand); folded[0..n)
 * non-zero for a seat that folded or mucked (at least one seat is live); `halves` (>= 0)
 * the halves a contested pot is cut into, with ranks[h * n + seat] the rank of seat's hand
 * for half h (smaller is stronger; only live seats' entries are read) and worst[h] the
 * worst rank that may win half h (the qualifier; INT64_MAX for any hand); `button` the
 * button's seat; `unit` the smallest chip; odd_half the half given the odd unit of a cut
 * first. ranks and worst may be NULL when halves is 0, which is enough only when no pot
 * has two eligible seats (at most one seat is live).
 *
 * The rules: dead money is the main pot's, every live seat eligible for it; a layer of the
 * contributions that only one seat reached, or no live seat did, goes back to the seats
 * that put it in; the others form pots, adjacent layers with the
 * same eligible (live) seats one pot. A pot one seat is eligible for is its own, taken
 * uncontested (no halves judged). Otherwise each half goes to its eligible seats of the best
 * rank, if no worse than worst[h]; the pot is cut evenly among the halves with winners, odd
 * units of the cut one each to those halves from odd_half on (or from the first with
 * winners, if odd_half has none); a pot no half has winners for is carried over. Each
 * half's units are shared evenly by its winners, odd units one each in seat order from the
 * seat left of the button.
 *
 * Output: out[0..room) receives int64 words, in this order:
 *   payouts[n]   everything each seat receives, its returned chips included;
 *   returned[n]  the chips given back to each seat (uncalled bets);
 *   k            the number of pots, then the carried chips (nobody won them), then the
 *                index in out[] of the first half record;
 *   k pot records, main pot first: amount, carried (the whole pot or 0), the half given
 *                the odd unit of the cut (-1: none), how many halves have winners (0 with
 *                a pot carried over), the count of eligible seats e, then those e seats in
 *                ascending order (e == 1: taken uncontested by that seat);
 *   for each pot with e > 1 that some half has winners for, in pot order, `halves` half
 *                records: amount paid (0: nobody qualified), each winner's even share, the
 *                count of winners w, the count of odd units o, then the w winners in
 *                ascending order, the w winners' chips, and the o seats given an odd unit
 *                (one `unit` more each) in seat order from the left of the button.
 * 2 * n + 3 + d * (5 + L) * (1 + halves * 3) words are always enough, for d distinct
 * non-zero contributions (one more with dead money) and L live seats.
 *
 * Returns the number of words written, or a negative BADUGI_SETTLE_E_*: _ARGS for a bad
 * count, pointer, button, unit or odd_half (or no halves for a contested pot), _AMOUNT for a
 * negative amount or one not a multiple of unit, _OVERFLOW for a total above INT64_MAX,
 * _NO_LIVE when every seat folded, _ROOM when out[] is too short (nothing is written past
 * out[room - 1]). On an error out[] holds nothing of use. */
#define BADUGI_SETTLE_E_ARGS -1
#define BADUGI_SETTLE_E_AMOUNT -2
#define BADUGI_SETTLE_E_OVERFLOW -3
#define BADUGI_SETTLE_E_NO_LIVE -4
#define BADUGI_SETTLE_E_ROOM -5

int64_t badugi_settle(int32_t n, const int64_t *contributed, int64_t dead_money,
                      const uint8_t *folded, int32_t halves, const int64_t *ranks,
                      const int64_t *worst, int32_t button, int64_t unit, int32_t odd_half,
                      int64_t *out, int64_t room);

/* The order the live seats of n show in at a showdown (docs/rules.md, "Showdown"): from
 * `first` (the last aggressor of the final betting round, or with no bet -1: the first seat
 * left of the button) clockwise, folded[seat] non-zero for a seat out of the hand. Writes
 * the live seats into order[0..) and returns their count; returns -1, writing nothing, for
 * n < 2, a NULL pointer, or a button or first seat outside the table. The one show order
 * of badugi_hand and badugi_fast.show_order(). */
int32_t badugi_show_order(int32_t n, const uint8_t *folded, int32_t first, int32_t button,
                          int32_t *order);

/* ---- A game (docs/rules.md, "Games") ----
 *
 * badugi_game describes one game to badugi_hand and to the odds kernels: the cards a hand
 * holds, its draws, the halves a pot is cut into and how each ranks a hand, the qualifier,
 * the half given the odd chip of a cut, and the deck. badugi_fast fills it from its table of
 * games (games.py). A valid game has: cards 1..5 (a low reads five; a Badugi half reads any
 * number, a hand of fewer than four being worth its best playing set, on the same scale);
 * draws 1..BADUGI_MAX_DRAWS; halves 1 or 2; rankings[h] a BADUGI_RANKING_* for each half
 * h < halves, a low only with five cards, and with two halves a Badugi half first and a low
 * second (the split games); qualifier 0 (any hand wins) or a Badugi rank 1..BADUGI_RANKS,
 * applied to the Badugi halves; odd_half 0..halves-1; ranks 0..13 and suits 0..4, the deck
 * (0: all 13, all 4), a deck of at least 3 * cards cards. Entries past `halves` are not read.
 *
 * The deck (docs/rules.md, "Small games") is the cards of its `suits` first suits (s, h, d,
 * c) and its `ranks` lowest ranks, counted from the ace when every half plays the ace low
 * (Badugi aces low, ace-to-five) and from the deuce otherwise (the ace then the highest):
 * ranks 3 are A 2 3 in Badugi and 2 3 4 in deuce-to-seven. Card ids stay those of the full
 * deck; a card outside the deck is refused wherever a game's cards are given. */
#define BADUGI_RANKING_BADUGI 0          /* Badugi, aces low: badugi_eval4/5 */
#define BADUGI_RANKING_BADUGI_ACE_HIGH 1 /* Badugi, aces high: badugi_ace_high_eval4/5 */
#define BADUGI_RANKING_ACE_FIVE 2        /* ace-to-five low: badugi_ace_five_eval */
#define BADUGI_RANKING_DEUCE_SEVEN 3     /* deuce-to-seven low: badugi_deuce_seven_eval */
#define BADUGI_MAX_DRAWS 3

typedef struct {
    int32_t cards;       /* cards a hand holds, 4 or 5 */
    int32_t draws;       /* draws in a hand, with a betting round before each and after the last */
    int32_t halves;      /* halves a pot is cut into at a showdown, 1 or 2 */
    int32_t rankings[2]; /* how each half ranks hands: a BADUGI_RANKING_* */
    int32_t qualifier;   /* the worst rank that wins a Badugi half (0: any hand) */
    int32_t odd_half;    /* the half the odd chip of a cut goes to first */
    int32_t ranks;       /* the deck's ranks from the game's lowest, 1..13 (0: 13) */
    int32_t suits;       /* the deck's suits from spades, 1..4 (0: 4) */
} badugi_game;

/* The deck of a valid game as a set of card ids (bit `id`), or 0 for a game that is not
 * valid. */
uint64_t badugi_game_deck(const badugi_game *game);

/* ---- One hand of draw poker (csrc/hand.c; docs/rules.md, "How a hand is played") ----
 *
 * The state machine behind badugi_fast.engine.HandState: chips, betting rounds, cards,
 * the draws, the burn, the reshuffle and the showdown order, in one flat struct, so a
 * copy is a memcpy. The caller fills the settings (n .. stub_len; everything else zero)
 * and calls badugi_hand_start; it then plays the hand one call per action.
 *
 * Every action function takes `apply`: 0 only checks the action (the state is unchanged),
 * non-zero performs it. It returns a BADUGI_HAND_E_* code (< 0) when the action is illegal,
 * changing nothing; otherwise the number of events now waiting in events[] (the dealer's
 * and players' steps, in order, for the caller's history). The hand pays itself, as
 * badugi_fast.settle() does (docs/rules.md, "Settling a pot"): side pots, split halves,
 * the qualifier, odd chips; chips no hand qualified for stay in `carried`. The caller takes
 * the events and zeroes n_events; an action refuses with BADUGI_HAND_E_FULL rather than
 * start with fewer than BADUGI_HAND_CALL_EVENTS free slots.
 *
 * Chips are int64; the caller keeps every amount far below 2^62 (the Python engine:
 * at most 2^53 chips at a table). Cards are ids 0..51. Seats are 0..n-1, -1 is nobody.
 * Pass the other functions only a hand badugi_hand_start accepted (or a byte copy of one):
 * past the settings, the fields are the state machine's own, to read but not to write.
 * A hand from anywhere else (a file, a socket, a changed field) must first pass
 * badugi_hand_validate. Each function also checks at its door the fields it indexes with
 * directly (n, the actor or seat and its card counts, n_events) and returns
 * BADUGI_HAND_E_INVALID, changing nothing, when one is out of range; that check is cheap
 * and partial, not a substitute for badugi_hand_validate. */
#define BADUGI_HAND_MAX_SEATS 8
#define BADUGI_HAND_MAX_CARDS 5
#define BADUGI_HAND_MAX_EVENTS 160
#define BADUGI_HAND_CALL_EVENTS 80
/* The most times a hand is run (docs/rules.md, "Running it twice"). */
#define BADUGI_HAND_MAX_RUNS 4

#define BADUGI_PHASE_DEAL 0
#define BADUGI_PHASE_BETTING 1
#define BADUGI_PHASE_DRAW 2
#define BADUGI_PHASE_SHOWDOWN 3
#define BADUGI_PHASE_OVER 4

#define BADUGI_STRUCTURE_FIXED 0
#define BADUGI_STRUCTURE_POT 1
#define BADUGI_STRUCTURE_NO_LIMIT 2
#define BADUGI_STRUCTURE_HALF_POT 3 /* pot limit's raise halved (docs/rules.md, "Betting rounds") */
/* The betting conventions where card rooms and PokerKit differ (docs/rules.md,
 * "Betting in FB and F2L3D"). CARD_ROOM, the rules of docs/rules.md: the big blind counts
 * as the round's first bet towards the cap and sets the bet to call even when posted
 * short; in fixed limit an all-in of at least half a bet counts as a full bet (it reopens
 * the betting and the next raise goes a bet above it), a smaller one is completed by the
 * next raise; in big-bet games only a full raise reopens; a seat that owes nothing acts
 * while another seat has chips. POKERKIT, PokerKit's State: the cap counts every bet and
 * raise by a player, all-ins for less included (the blind not); a short big blind sets the
 * bet to what was posted; the next raise is the largest raise of the round (at least the
 * round's bet) on top of the bet, an all-in for less included; a seat that owes less than
 * the round's largest raise may not raise, nor may a seat that acted since the last full
 * raise while all-ins for less since then add up to less than it; a seat with something
 * to play for when the round begins acts once. */
#define BADUGI_CONVENTIONS_CARD_ROOM 0
#define BADUGI_CONVENTIONS_POKERKIT 1

#define BADUGI_EVENT_POST_BLIND 0
#define BADUGI_EVENT_POST_ANTE 1
#define BADUGI_EVENT_DEAL 2
#define BADUGI_EVENT_BURN 3
#define BADUGI_EVENT_FOLD 4
#define BADUGI_EVENT_CHECK 5
#define BADUGI_EVENT_CALL 6
#define BADUGI_EVENT_BET 7
#define BADUGI_EVENT_RAISE 8
#define BADUGI_EVENT_DISCARD 9
#define BADUGI_EVENT_RESHUFFLE 10
#define BADUGI_EVENT_SHOW 11
#define BADUGI_EVENT_MUCK 12
#define BADUGI_EVENT_WIN 13
#define BADUGI_EVENT_POST_DEAD 14 /* a dead blind: chips into dead_money, no bet */
#define BADUGI_EVENT_RUN 15       /* a run begins (amount: 1, 2, ...): the held hands again */

#define BADUGI_HAND_E_SETTINGS -1
#define BADUGI_HAND_E_PHASE -2
#define BADUGI_HAND_E_NOTHING_TO_CALL -3
#define BADUGI_HAND_E_MUST_CALL -4
#define BADUGI_HAND_E_NO_RAISE -5
#define BADUGI_HAND_E_BELOW_MIN -6
#define BADUGI_HAND_E_ABOVE_MAX -7
#define BADUGI_HAND_E_NOT_HELD -8
#define BADUGI_HAND_E_REPEATED -9
#define BADUGI_HAND_E_COUNT -10
#define BADUGI_HAND_E_HELD -11
#define BADUGI_HAND_E_MUST_SHOW -12
#define BADUGI_HAND_E_BAD_CARD -13
#define BADUGI_HAND_E_FULL -14
#define BADUGI_HAND_E_INVALID -15
#define BADUGI_HAND_E_NOT_IN_STUB -16

/* Who deals (the `manual` setting): the hand from its shuffle; the caller, any card no player
 * holds (badugi_hand_deal); or the caller picking each card the hand would deal, in the
 * hand's own order and from its own stub, restocked by the deck's rule (badugi_hand_pick:
 * every card a chance event, as game-theory frameworks model the deal). */
#define BADUGI_DEALER_AUTO 0
#define BADUGI_DEALER_MANUAL 1
#define BADUGI_DEALER_PICKED 2

/* How the seed orders the deck (the `shuffle` setting; docs/rules.md, "The deal"):
 * SHAKE-128 sort keys, the library's first scheme (every seed of earlier versions
 * deals the same hands under it); or a Fisher-Yates shuffle on ChaCha20's keystream, as
 * cryptographic, a hand starting in about 40% of the time. */
#define BADUGI_SHUFFLE_SHAKE128 0
#define BADUGI_SHUFFLE_CHACHA20 1

/* One step of the hand: `kind` a BADUGI_EVENT_*, `seat` -1 for the dealer's own steps,
 * `amount` chips (or the new stub size of a reshuffle), `cards` the cards dealt, thrown,
 * burned or shown. */
typedef struct {
    int64_t amount;
    int8_t kind;
    int8_t seat;
    uint8_t n_cards;
    uint8_t cards[BADUGI_HAND_MAX_CARDS];
} badugi_event;

typedef struct {
    /* settings, filled by the caller */
    int32_t n;                 /* seats, 2..8 */
    int32_t button;            /* the button's seat */
    badugi_game game;          /* the game: cards, draws, halves, qualifier, odd half */
    int32_t structure;         /* a BADUGI_STRUCTURE_* */
    int32_t cap;               /* most bets in a fixed-limit round (0: no cap), counted as
                                  the conventions say */
    int32_t lift_cap_heads_up; /* no cap when two players are left */
    int32_t conventions;       /* a BADUGI_CONVENTIONS_* */
    int32_t manual;            /* a BADUGI_DEALER_*: who deals the cards */
    int32_t mucking;           /* live seats show or muck at the showdown */
    int64_t sizes[BADUGI_MAX_DRAWS + 1]; /* each betting round's bet (big bet: the least) */
    int64_t blinds[2];         /* small, big (0, 0: none) */
    int64_t antes;             /* each seat's ante, or with big_blind_ante the big blind's */
    int32_t big_blind_ante;    /* the big blind alone posts `antes`, into dead_money */
    int32_t runs;              /* times the draws left are run when nobody can bet before a
                                  draw, 0 or 1 (once) ..BADUGI_HAND_MAX_RUNS */
    int32_t free_folds;        /* a seat may fold with nothing to call, and a seat all in may
                                  fold out of turn (badugi_hand_fold_all_in): rooms fold a
                                  player who is sitting out or timed out */
    int32_t bet_ladder;        /* CARD_ROOM fixed limit: a raise after an all-in for less
                                  completes the bet to the next rung of the round's ladder of
                                  whole bets, not a bet above the all-in (PokerStars) */
    int32_t no_small_blind;    /* the small blind's seat is empty: nobody posts the small
                                  blind and the big blind is the first seat left of the
                                  button */
    int32_t silent;            /* 1: queue no events (the hands of simulate() and a VectorGame,
                                  whose moves nobody reads back as steps); 0: queue them */
    int32_t shuffle;           /* a BADUGI_SHUFFLE_*: how the seed orders the deck */
    uint64_t seed;             /* the shuffle's and every reshuffle's keys */
    int64_t dead_money;        /* chips in the pot no seat has a live stake in: a pot carried
                                  in, and once posted a big-blind ante and dead blinds */
    int64_t missed_live[BADUGI_HAND_MAX_SEATS]; /* by seat, a missed blind posted live: 0 or
                                                   blinds[1] (not from a blind's seat), a
                                                   bet of round 1 as the big blind's */
    int64_t missed_dead[BADUGI_HAND_MAX_SEATS]; /* and dead, posted first, into dead_money
                                                   (docs/rules.md, "Seats and the button") */
    int64_t stacks[BADUGI_HAND_MAX_SEATS]; /* chips behind */
    int32_t stub_len;          /* 0: shuffle the deck from the seed; else a given stub */
    uint8_t stub[BADUGI_CARDS]; /* auto: the top card last; manual: unordered */
    /* chips */
    int64_t bets[BADUGI_HAND_MAX_SEATS];        /* this round */
    int64_t contributed[BADUGI_HAND_MAX_SEATS]; /* this hand */
    int8_t folded[BADUGI_HAND_MAX_SEATS];       /* folded or mucked */
    int32_t live;                               /* seats not folded */
    int32_t active;                             /* of those, seats with chips behind */
    int64_t carried;                            /* chips no hand qualified for */
    int64_t won[BADUGI_HAND_MAX_SEATS];         /* by the runs shown so far, paid at the end */
    int8_t mucked[BADUGI_HAND_MAX_SEATS];       /* with mucking, at a run's showdown: mucked,
                                                   out of this run's share of every pot (its
                                                   cards go with the run's hands) */
    /* the betting round */
    int64_t level;     /* the bet to match */
    int64_t full;      /* the last level a full bet or raise reached */
    int64_t increment; /* the last full raise: the least raise in big-bet games (POKERKIT:
                          the largest raise of the round, 0 before any) */
    int64_t reopen;    /* what re-opens the betting to a seat that acted */
    int64_t short_sum; /* POKERKIT: the all-ins for less since the last raise, while short */
    int64_t size;      /* this round's bet size */
    int64_t acted[BADUGI_HAND_MAX_SEATS]; /* the level each seat last acted at (-1: not yet) */
    int32_t bets_made; /* full bets and raises this round (the big blind is one) */
    int32_t aggressor; /* the last to bet or raise this round */
    /* whose turn */
    int32_t actor;  /* the seat to act, -1 for none */
    int32_t phase;  /* a BADUGI_PHASE_* */
    int32_t street; /* the betting round 0..game.draws, or during a draw the draw 1.. */
    int32_t showing_len;                     /* seats yet to show or muck */
    int32_t showing[BADUGI_HAND_MAX_SEATS];  /* in showing order */
    int32_t run;          /* the run being played, 1..runs (0: the hand is not split) */
    int32_t split_street; /* the betting round the hand split after */
    /* cards */
    uint8_t hands[BADUGI_HAND_MAX_SEATS][BADUGI_HAND_MAX_CARDS];
    uint8_t thrown[BADUGI_HAND_MAX_SEATS][BADUGI_HAND_MAX_CARDS]; /* in the draw in progress */
    uint8_t held[BADUGI_HAND_MAX_SEATS][BADUGI_HAND_MAX_CARDS];   /* a split hand's live seats'
                                                                      cards at the split */
    int32_t hand_len[BADUGI_HAND_MAX_SEATS];
    int32_t thrown_len[BADUGI_HAND_MAX_SEATS];
    int32_t owed[BADUGI_HAND_MAX_SEATS];     /* cards still to deal each seat */
    uint8_t drawn[BADUGI_HAND_MAX_SEATS][BADUGI_MAX_DRAWS + 1]; /* [0]: draws so far;
                                                                [1..]: cards thrown */
    int32_t muck_len;
    int32_t burns_len;
    int32_t current_len;
    int32_t replaced_len;
    int32_t reshuffles;
    int32_t unknown_burns;                   /* manual deal: burned cards left in the stub;
                                                picked deal: 1 while the burn is due */
    uint8_t muck[BADUGI_CARDS];              /* folded hands, earlier draws' discards */
    uint8_t burns[BADUGI_CARDS];
    uint8_t current[BADUGI_CARDS];           /* the discards of the draw in progress */
    uint8_t replaced[BADUGI_CARDS];          /* of those, the ones whose thrower was dealt */
    /* the steps not yet taken by the caller */
    int32_t n_events;
    badugi_event events[BADUGI_HAND_MAX_EVENTS];
} badugi_hand;

/* Post the antes and blinds and deal (unless manual): the hand waits on its first actor.
 * The deal is from the game's deck (badugi_game_deck), which must hold game.cards * (n + 1)
 * cards (every hand and a draw's worth); so must a given stub, of the deck's cards. */
int badugi_hand_start(badugi_hand *h);
/* A run's share of a pot of `chips` when a hand is run `runs` times (docs/rules.md,
 * "Running it twice"): an equal part, the chips left over one each to the earliest runs
 * (run 1..runs); all of them for run 0 (a hand not split). */
int64_t badugi_run_share(int64_t chips, int32_t runs, int32_t run);
/* Whether h is a started hand the functions below can play to the end with no access out
 * of bounds, no undefined behaviour, no hang, and no chip or card created or lost
 * (csrc/hand_check.c). Returns 0, setting *field (when field is not NULL) to NULL; or
 * BADUGI_HAND_E_INVALID, setting *field to a static string naming the first bad field or
 * broken rule, such as "actor", "hand_len" or "cards (a card in two places)". It checks:
 * every setting's range (as badugi_hand_start: a valid game, the flags 0 or 1); every count,
 * index, card id and event; each card in one place at most (the hands, stub, muck, burns
 * and this draw's discards), each of the game's deck (the manual dealer holds all of it, the
 * others at least game.cards * (n + 1)); chips that add up (bets within
 * contributions, nothing negative, at most 2^60 chips at the table); and the phase's facts
 * (whose turn it is, the cards each live seat holds and is owed, the draws each has made).
 * Every state play reaches within those limits is accepted. Reads only *h; changes nothing. */
int badugi_hand_validate(const badugi_hand *h, const char **field);
/* legal[0..5): can fold (facing a bet, or with free_folds), can check, call amount (0:
 * none), smallest and largest raise-to (0: no raise) of the actor in a betting round;
 * returns BADUGI_HAND_E_PHASE otherwise. */
int badugi_hand_legal(const badugi_hand *h, int64_t legal[5]);
int badugi_hand_fold(badugi_hand *h, int apply);
/* With free_folds, during a betting round: `seat`, live and all in, folds out of turn (the
 * room folds an absent player): it gives up every pot, its chips staying in. */
int badugi_hand_fold_all_in(badugi_hand *h, int seat, int apply);
int badugi_hand_check(badugi_hand *h, int apply);
int badugi_hand_call(badugi_hand *h, int apply);
int badugi_hand_check_or_call(badugi_hand *h, int apply);
int badugi_hand_raise_to(badugi_hand *h, int64_t to, int apply);
/* The actor throws cards[0..count) (count 0: stands pat). */
int badugi_hand_draw(badugi_hand *h, const uint8_t *cards, int count, int apply);
/* Manual dealer: deal cards[0..count) to seat (1..what it is owed). */
int badugi_hand_deal(badugi_hand *h, int seat, const uint8_t *cards, int count, int apply);
/* Picked dealer: the next card due is `card`, taken from the stub (which the hand keeps
 * restocked by the deck's rule, so stub[0..stub_len) is exactly the cards it may be):
 * BADUGI_HAND_E_NOT_IN_STUB for any other card. A seat holds its picked cards in id order. The cards come as the auto dealer deals
 * them: one at a time around the table from the left of the button, and at each draw the
 * burn, then each seat's replacements in turn. */
int badugi_hand_pick(badugi_hand *h, int card, int apply);
/* Picked dealer: the seat the next card goes to, h->n for the burn, or BADUGI_HAND_E_PHASE
 * when no card is due (BADUGI_HAND_E_INVALID when the door check fails). */
int badugi_hand_pick_seat(const badugi_hand *h);
/* Showdown with mucking: the seat to decide shows, or mucks (not while it alone claims a
 * pot); at a run's end (each run of a split hand has its showdown) a muck gives up that run's
 * share of the pots alone. */
int badugi_hand_show(badugi_hand *h, int apply);
int badugi_hand_muck(badugi_hand *h, int apply);
/* What every seat may know, and `seat`'s own cards, in one call (for a seat's view), as
 * bytes: four int64 (native byte order: the actor, phase, street and the seat to show or
 * muck next, -1 for none), then n int64 stacks, n bets and n contributions; then n bytes of
 * folded flags; for each seat four bytes (its draws so far and the cards it threw in each);
 * then `seat`'s card count and five bytes of cards (the unused ones 0). Returns the number
 * of bytes written, 29 * n + 38 (out must hold BADUGI_HAND_PUBLIC_BYTES), or
 * BADUGI_HAND_E_SETTINGS for a seat outside the table. */
#define BADUGI_HAND_PUBLIC_BYTES 270
int badugi_hand_public(const badugi_hand *h, int seat, uint8_t *out);

/* ---- Draw odds and equity (csrc/odds.c; docs/rules.md, "Draw odds and equity") ----
 *
 * A badugi_odds_spec describes a position: the game (a valid badugi_game with no
 * qualifier: every hand is judged), 1..8 known hands of game.cards cards listed in
 * drawing order (the first draws first in every draw), the draws left (0..game.draws),
 * the dead cards (known to be out of the stub: they lie in the muck), a target (a rank
 * on the first half's scale: Badugi, or the low in the triple-draw games; 0 for
 * none) and each player's first discard
 * (discard_count[p] cards in discards[p], or BADUGI_ODDS_POLICY). Every later
 * discard, and a first one left to the policy, comes from the drawing policy, which
 * the rankings decide (aces count as the ranking plays them):
 *   A Badugi first half: keep the playing set (among equally strong sets, see the
 *   tie-break below); stand pat on a four-card badugi of rank <= target (any
 *   badugi when target is 0); holding a weaker badugi, throw its highest card. With a
 *   low second half (Badacey, Badeucey), also keep, lowest first, each other card (but
 *   a badugi's broken card) of a rank not yet kept whose low value is at most
 *   BADUGI_ODDS_LOW_KEEP (aces count 1 in ace-to-five, 14 in deuce-to-seven).
 *   A low alone (2-7 and A-5 triple draw): keep those low cards alone; in
 *   deuce-to-seven five of them that make a straight or a flush lose the highest; a
 *   made hand (five kept) whose low rank is worse than target throws its highest card.
 *   Ties (which card of a paired rank to keep) are decided on what the player sees, never
 *   on the suits' names: of the discards these rules make under the 24 relabellings of
 *   suits, those whose view (kept cards, thrown cards, the cards he has seen out of
 *   play: the dead cards and his own discards so far) is least up to a relabelling are
 *   thrown with equal chances (docs/rules.md, "The drawing policy", Ties), so
 *   suit-relabelled deals have the same odds.
 * or from spec->policy when it is not NULL: it gets the player, the draw (0-based)
 * and the player's cards, and returns the discard as a bit mask over the card
 * positions (bit i: throw cards[i]), or a negative value to abort the run.
 *
 * Unseen cards (the stub) are the deck minus every hand and the dead cards. Each
 * draw burns one card, then deals the replacements player by player, under the
 * engine's rule (docs/rules.md, "How a hand is played"): the stub's last card is
 * dealt only if it is the last card the draw needs (the burn included); otherwise
 * it (or an empty stub) is shuffled with the muck (dead cards and the discards of
 * earlier draws) into a new stub. Burns and this draw's discards stay out, except
 * as a last resort when the muck is empty and the stub is empty or down to a last
 * card that would not complete the draw: then the burns and
 * the discards of the players already served in this draw form the new stub. A
 * player never gets back a card thrown in the same draw, and every draw completes.
 *
 * badugi_odds_exact enumerates every deal (all equally likely combinations of
 * unseen cards; burns cannot change a probability unless a reshuffle happens, so
 * they are not enumerated, nor dealt by the sampler in such positions) and
 * refuses positions where a reshuffle could happen
 * (BADUGI_ODDS_NEEDS_RESHUFFLE). badugi_odds_outcomes counts the deals it would
 * enumerate, stopping once the count passes `limit`.
 * badugi_odds_sample plays `samples` random deals drawn from the stream of
 * badugi_random(seed, chunk, ...), so chunk i of seed s is the same deals wherever it
 * runs.
 *
 * Tallies are weighted (exact: probabilities; samples: one per deal, so every
 * sum is an integer and chunks add up exactly in any order). Pot shares are in
 * units, BADUGI_ODDS_POT_UNITS to a whole pot; a half's share counts the half as
 * BADUGI_ODDS_POT_UNITS too. win: the whole pot alone (a scoop in the split games);
 * tie: some of the pot but not all. ranks[r]: one player only: weight of ending
 * with rank r in the first half (the Badugi half, or the low in the triple-draw
 * games); low_ranks[r] likewise in a split game's second half (its low). Every function validates the whole spec first and
 * returns BADUGI_ODDS_OK or a negative BADUGI_ODDS_* error, writing nothing to
 * *out on an error (a policy abort may leave *out partly written). */

#define BADUGI_ODDS_MAX_PLAYERS 8
#define BADUGI_ODDS_POLICY -1
#define BADUGI_ODDS_POT_UNITS 1680
#define BADUGI_ODDS_LOW_KEEP 8
#define BADUGI_ODDS_OK 0
#define BADUGI_ODDS_BAD_SPEC -1
#define BADUGI_ODDS_BAD_CARD -2
#define BADUGI_ODDS_REPEATED_CARD -3
#define BADUGI_ODDS_BAD_DISCARD -4
#define BADUGI_ODDS_NEEDS_RESHUFFLE -5
#define BADUGI_ODDS_POLICY_ABORT -6
#define BADUGI_ODDS_BAD_POLICY -7

typedef int (*badugi_odds_policy_fn)(void *user, int player, int draw, const uint8_t *cards,
                                     int count);

typedef struct {
    badugi_game game;          /* the game (qualifier 0) */
    int players;               /* 1..BADUGI_ODDS_MAX_PLAYERS */
    int draws;                 /* draws left, 0..game.draws */
    int target;                /* 0, or a rank on the first half's scale */
    uint8_t hands[8][5];       /* hands[p][0..cards) */
    int discard_count[8];      /* BADUGI_ODDS_POLICY, or how many of discards[p] */
    uint8_t discards[8][5];    /* the first discard: cards from hands[p] */
    int dead_count;            /* 0..52 */
    uint8_t dead[52];
    badugi_odds_policy_fn policy; /* NULL: the built-in policy */
    void *policy_user;
    int history;                /* draws played before the position, 0..game.draws - draws
                                 * (docs/rules.md, "Reviewing a hand"); 0: none known */
    int8_t drawn[8][BADUGI_MAX_DRAWS]; /* range player p's counts at those draws: a deal is
                                 * kept only where the built-in policy, seeing the dead cards
                                 * and p's discards, threw drawn[p][j] cards at each draw j */
    int8_t drawing[8];          /* not 0: range player p has made the position's first draw
                                 * (before the asker), seen to throw drawing[p] - 1 cards */
    int8_t pat[8];              /* 1: known hand p stands pat at every draw left */
    int thrown_count[8];        /* 0..5 * BADUGI_MAX_DRAWS */
    uint8_t thrown[8][5 * BADUGI_MAX_DRAWS]; /* known hand p's discards before the position:
                                 * out of the stub, seen by p alone */
} badugi_odds_spec;

typedef struct {
    double total;              /* sum of the weights */
    double share[8];           /* pot units */
    double share_sq[8];        /* squared pot units, for the standard error */
    double win[8];
    double tie[8];
    double half_share[2][8];   /* per half, a half counted as BADUGI_ODDS_POT_UNITS */
    double half_win[2][8];
    double half_tie[2][8];
    double ranks[7463];        /* players == 1: the final rank of the first half */
    double low_ranks[7463];    /* players == 1 in a split game: that of the second (low) */
} badugi_odds_tally;

/* The built-in policy's discard for one hand (count == game->cards) and a target as
 * in the spec, seeing the hand alone: a bit mask over the positions of cards[], or a
 * negative BADUGI_ODDS_* error. Where the policy would throw one of several discards
 * with equal chances, the lowest mask of them. */
int badugi_odds_policy(const badugi_game *game, int target, const uint8_t *cards, int count);
/* The same, for a player who has also seen seen[0..seen_count) go out of play (his earlier
 * discards, dead cards): cards apart from his hand, which break more of the ties. */
int badugi_odds_policy_seeing(const badugi_game *game, int target, const uint8_t *cards,
                              int count, const uint8_t *seen, int seen_count);
int badugi_odds_check(const badugi_odds_spec *spec);
int badugi_odds_outcomes(const badugi_odds_spec *spec, double limit, double *outcomes);
int badugi_odds_exact(const badugi_odds_spec *spec, badugi_odds_tally *out);
/* Bounds on badugi_odds_outcomes without enumerating: *low is the first draw's deals (its
 * discards are known), *high that times, for every later draw, the most deals the policy
 * could ask of the stub left after the first (a Badugi playing set and the low cards kept
 * only grow, but for a made hand's one broken card; a custom policy may throw anything).
 * *low == *high is the count itself with at most one draw. BADUGI_ODDS_NEEDS_RESHUFFLE
 * when exact enumeration cannot run. */
int badugi_odds_bounds(const badugi_odds_spec *spec, double *low, double *high);
/* badugi_odds_outcomes and badugi_odds_exact in parts, so a long count or enumeration
 * can stop between calls: the deals are split into *parts parts (the subsets of the
 * first draw that deals cards and is not the last; 1 part if there is none), and a call
 * counts or tallies the parts [first, first + count) only (none past the last). The
 * counts and the tallies of parts 0..*parts-1 add up to the whole run's. */
int badugi_odds_outcomes_part(const badugi_odds_spec *spec, double limit, uint32_t first,
                              uint32_t count, uint32_t *parts, double *outcomes);
int badugi_odds_exact_part(const badugi_odds_spec *spec, uint32_t first, uint32_t count,
                           uint32_t *parts, badugi_odds_tally *out);
int badugi_odds_sample(const badugi_odds_spec *spec, uint64_t seed, uint64_t chunk,
                       uint32_t samples, badugi_odds_tally *out);

/* Equity against ranges (csrc/odds.c; docs/rules.md, "Ranges"): ranges[p] for each of
 * spec->players players; count 0 means player p's hand is spec->hands[p], else the
 * player holds one of `count` combos (hands[i * game.cards ..], each of distinct ids)
 * with weight weights[i] > 0 (finite) and cumulative[i] the running sum of the weights
 * through i. At least one player has a range; range players draw under the policy
 * (discard_count BADUGI_ODDS_POLICY) and their spec->hands are ignored. An assignment
 * of one combo to each range player that shares no card with the known hands, the dead
 * cards or another assigned combo starts a deal, weighted by the product of its combos'
 * weights: exact runs weight each assignment's exact tally by it (so total is the sum
 * of the weights), and the sampler draws assignments with that probability (rejecting
 * clashes; BADUGI_ODDS_EMPTY_RANGE after 2**20 clashes in a row) and then deals as
 * badugi_odds_sample does. Every call but the sampler visits only the assignments
 * whose first range player's combo index lies in [first, first + count), so a long run
 * goes in parts. badugi_odds_range_assignments counts the assignments, stopping once
 * the count passes `limit`; badugi_odds_range_outcomes counts the deals of at most
 * `most` of them (in order), stopping once the deals pass `limit`, and writes how many
 * assignments it visited. */
#define BADUGI_ODDS_EMPTY_RANGE -8
typedef struct {
    int32_t count;              /* 0: a known hand */
    const uint8_t *hands;       /* count * game.cards card ids */
    const double *weights;      /* count weights */
    const double *cumulative;   /* their running sums */
} badugi_odds_range;
int badugi_odds_range_assignments(const badugi_odds_spec *spec,
                                  const badugi_odds_range *ranges, double limit, uint32_t first,
                                  uint32_t count, double *assignments);
int badugi_odds_range_outcomes(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                               double limit, uint32_t first, uint32_t count, double most,
                               double *assignments, double *outcomes);
int badugi_odds_range_exact(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                            uint32_t first, uint32_t count, badugi_odds_tally *out);
/* Of `count` combos (hands and weights laid out as in a badugi_odds_range), those from
 * which the built-in policy throws `throws` cards (with `target` as in the spec), written
 * in order to out_hands, out_weights and out_cumulative (their running sums), each with
 * room for all `count`: the number kept, or a negative BADUGI_ODDS_* error. It serves a
 * range player's first draw before the position (spec.history). */
int32_t badugi_odds_range_throwing(const badugi_game *game, int target, int throws, int32_t count,
                                   const uint8_t *hands, const double *weights,
                                   uint8_t *out_hands, double *out_weights,
                                   double *out_cumulative);
int badugi_odds_range_sample(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                             uint64_t seed, uint64_t chunk, uint32_t samples,
                             badugi_odds_tally *out);

/* ---- Ranges (csrc/ranges.c; docs/rules.md, "Ranges") --------------------------------
 * A range is a weight for every hand of a game (badugi_range_hands(cards) of them, by
 * badugi_range_index: the colex index of the sorted card ids, cards 1..5). badugi_range_fill
 * runs a postfix program of at most BADUGI_RANGE_MAX_OPS ops over the hands of colex index
 * [first, first + count) of weights[] (so a long fill can go in parts), writing no other
 * weight (a hand holding a card outside the game's deck weighs 0): a leaf pushes a weight (1 or 0, a TABLE its own), WEIGHT multiplies the top by
 * `weight`, NOT makes the top 1 if it is 0 else 0, OR keeps the lower (first) value if
 * it is not 0 else takes the top, AND multiplies the two, MINUS zeroes the lower if the
 * top is not 0. Leaves: PATTERN, `count` card specs that match distinct cards of the
 * hand (rank in `ranks`, suit in `suits`; cards with the same rank_var share a rank,
 * with different ones differ, and never take a rank a spec gives alone without a
 * variable; suit_var likewise); RANK_AT_MOST, the hand's rank in half `half` is at most
 * `value`; THROWS, the built-in policy (no target) throws `value` cards; KEEPS, it
 * throws a card and keeps cards matching the `count` specs exactly; TABLE, table[index]
 * (`table_length` says how many weights the caller's table holds: it must be
 * badugi_range_hands(cards), or the program is refused before any weight is read). Equal
 * leaves are computed once a hand. Every weight a hand takes that is not 0 (a table's, a
 * WEIGHT's, a product) lies between 10**-BADUGI_RANGE_WEIGHT_DIGITS and
 * 10**BADUGI_RANGE_WEIGHT_DIGITS, or the fill stops with BADUGI_RANGE_BAD_WEIGHT. It
 * counts its steps into *steps (a hand is BADUGI_RANGE_STEPS_HAND, an op on it one, a
 * card a pattern tries one, the hand's rank in a half STEPS_RANK, the policy's draw
 * count STEPS_THROWS and its discard STEPS_POLICY) and stops with
 * BADUGI_RANGE_OVER_BUDGET once the count passes `budget`, so a caller bounds a
 * program's time by its steps, the same on every machine; a fill that stops may leave
 * its part half written. Returns BADUGI_ODDS_OK, or BADUGI_ODDS_BAD_SPEC (writing
 * nothing) for a malformed program or part. badugi_range_combos writes the hands of
 * non-zero weight sharing no card with the id set `dead` (sorted ids, in lexicographic
 * order), their weights and running sums, to any non-NULL output, and returns how many,
 * or a negative error. */
#define BADUGI_RANGE_MAX_OPS 1024
#define BADUGI_RANGE_WEIGHT_DIGITS 18
#define BADUGI_RANGE_BAD_WEIGHT -9
#define BADUGI_RANGE_OVER_BUDGET -10
#define BADUGI_RANGE_STEPS_HAND 4
#define BADUGI_RANGE_STEPS_RANK 4
#define BADUGI_RANGE_STEPS_THROWS 8
#define BADUGI_RANGE_STEPS_POLICY 40
#define BADUGI_RANGE_VARIABLES 8
#define BADUGI_RANGE_PATTERN 1
#define BADUGI_RANGE_RANK_AT_MOST 2
#define BADUGI_RANGE_THROWS 3
#define BADUGI_RANGE_KEEPS 4
#define BADUGI_RANGE_TABLE 5
#define BADUGI_RANGE_WEIGHT 6
#define BADUGI_RANGE_NOT 7
#define BADUGI_RANGE_OR 8
#define BADUGI_RANGE_AND 9
#define BADUGI_RANGE_MINUS 10
typedef struct {
    uint16_t ranks;   /* bit r: rank r may match (0 = ace .. 12 = king) */
    uint8_t suits;    /* bit s: suit s may match (0 = spades, hearts, diamonds, 3 = clubs) */
    int8_t rank_var;  /* -1, or 0..BADUGI_RANGE_VARIABLES-1 */
    int8_t suit_var;  /* -1, or 0..BADUGI_RANGE_VARIABLES-1 */
} badugi_range_card;
typedef struct {
    int op;                      /* BADUGI_RANGE_* */
    int count;                   /* PATTERN, KEEPS: specs in cards[] */
    int half;                    /* RANK_AT_MOST: 0 or 1 */
    int value;                   /* RANK_AT_MOST: a rank; THROWS: cards thrown */
    double weight;               /* WEIGHT: > 0 and finite */
    badugi_range_card cards[5];
    const double *table;         /* TABLE: badugi_range_hands(cards) weights >= 0 */
    int32_t table_length;        /* TABLE: the weights in table[] */
} badugi_range_op;
int32_t badugi_range_hands(int cards);
int32_t badugi_range_index(const uint8_t *cards, int count);
int badugi_range_fill(const badugi_game *game, const badugi_range_op *program, int length,
                      int32_t first, int32_t count, uint64_t budget, uint64_t *steps,
                      double *weights);
int32_t badugi_range_combos(int cards, const double *weights, uint64_t dead, uint8_t *hands,
                            double *combo_weights, double *cumulative);

/* Random numbers: the library's one sampling stream (docs/rules.md, "The seed scheme").
 * Writes into out[0..count) the first `count` outputs of xoshiro256** whose four state
 * words are the first four outputs of splitmix64 started at splitmix64(seed) XOR chunk
 * (splitmix64(x): the first output of splitmix64 started at x). Chunk `chunk` of seed
 * `seed` of badugi_odds_sample draws its cards from this stream, and the Python
 * simulate() takes its bots' and hands' seeds from it. Returns 0, or -1 (writing
 * nothing) for a NULL out with count > 0. badugi_random_state writes the stream's state
 * before its first output (the four state words), for a caller that draws from it later
 * (a bot's rng); returns 0, or -1 for a NULL state. */
int badugi_random(uint64_t seed, uint64_t chunk, size_t count, uint64_t *out);
int badugi_random_state(uint64_t seed, uint64_t chunk, uint64_t state[4]);

/* ---- Training encoding (csrc/encoding.c; docs/guide/training.md) ----
 *
 * One fixed action space and one observation encoding over a single badugi_hand, for
 * bots and learners: badugi_fast.vector.VectorGame and the PettingZoo environment use
 * these functions and nothing else to read a hand or act in it.
 *
 * Actions (A = badugi_action_count): with F = fractions raise sizes (0 in fixed limit),
 *   0                 fold (only when facing a bet)
 *   1                 check, or call
 *   2 .. 2+F-1        raise to level + fraction[j] * (pot + amount to call), rounded down
 *                     and clamped to the legal raise range (pot and no limit only)
 *   2+F               the largest legal raise: all-in in no limit, the pot in pot limit,
 *                     the bet or raise in fixed limit
 *   3+F .. 3+F+2^C-1  discard: 3+F+m throws the cards whose bits are set in m, bit i
 *                     being the i-th card the seat holds (badugi_hand.hands[seat] order:
 *                     the deal's order, replacements appended in the order dealt; with
 *                     the picked dealer, id order); m = 0
 *                     stands pat. C = game.cards.
 *   3+F+2^C           show at a showdown with mucking;  3+F+2^C+1  muck.
 * badugi_hand_action_mask sets mask[a] to 1 exactly when badugi_hand_act would accept a
 * (several raise fractions may name the same amount; each is legal then).
 *
 * Observation (D = badugi_observation_size floats, for the seat `seat`; chips are divided
 * by badugi_chip_unit; seats are listed relative to the
 * observer: k = 0 is the seat itself, k = 1 the next seat clockwise, ...):
 *   C x 52            one-hot of each card the seat holds, in the order of the actions
 *   n x (7 + draws)   per seat k: stack, bet this round, chips put in this hand, folded,
 *                     all in, is the button, draws made / draws, then for each draw d
 *                     the cards it threw in draw d / C (0 before the draw)
 *   n x (draws+1) x 2 per seat k and betting round r: bets and raises made, calls made
 *                     (a compact history of the betting; the blinds are not counted)
 *   6                 pot, amount to call, smallest and largest raise-to (0: none, and
 *                     0 for any seat but the one to act in a betting round),
 *                     position (seats between the button and the seat, in dealing order,
 *                     / (n - 1)), players still in / n
 *   (draws+1) + 3     one-hot of the street (betting round, or draw number), one-hot of
 *                     the phase: betting, draw, showdown
 * It holds nothing else: no other seat's cards, no stub, no burns, no seed.
 *
 * The compact observation (badugi_compact_size = D - 51 C int32s) is the same in integers:
 * C card ids in the order of the actions (BADUGI_CARDS where the seat holds fewer cards),
 * then the rest of the observation's values in its order, each as the integer it scales:
 * chips in chips (not divided), draws made and cards thrown as counts, position as the
 * seats between, players still in as a count; flags, counts and one-hots as they are.
 * Value j of the rest times its scale (badugi_compact_scales: 1 / badugi_chip_unit for a
 * chip amount, 1 / draws, 1 / C, 1 / (n - 1), 1 / n or 1) is value 52 C + j of the
 * observation (position and players still in divide there, which may round the other way
 * in the last bit). Chip amounts must fit in an int32 (VectorGame refuses larger tables).
 *
 * The betting history is kept in a badugi_history (zeroed at badugi_hand_start) that
 * badugi_hand_move updates; a hand played with the other badugi_hand_* calls leaves it
 * unchanged. */
#define BADUGI_MAX_FRACTIONS 8
#define BADUGI_MOVE_FOLD 0
#define BADUGI_MOVE_CALL 1  /* check or call */
#define BADUGI_MOVE_RAISE 2 /* bet or raise to `amount` */
#define BADUGI_MOVE_DRAW 3  /* throw the cards of the bit mask `amount` */
#define BADUGI_MOVE_SHOW 4
#define BADUGI_MOVE_MUCK 5

typedef struct {
    int32_t fractions;                      /* raise sizes, 0..BADUGI_MAX_FRACTIONS */
    double fraction[BADUGI_MAX_FRACTIONS];  /* each > 0 (fixed limit: none is used) */
} badugi_actions;

typedef struct {
    uint8_t bets[BADUGI_MAX_DRAWS + 1][BADUGI_HAND_MAX_SEATS];  /* by round and seat */
    uint8_t calls[BADUGI_MAX_DRAWS + 1][BADUGI_HAND_MAX_SEATS]; /* (saturating at 255) */
} badugi_history;

/* A: the number of actions for h's settings (game, structure); -1 for bad actions. */
int badugi_action_count(const badugi_hand *h, const badugi_actions *actions);
/* The chips the observation counts in: the big blind, or with no blinds the first betting
 * round's bet (1 for a hand without either). */
int64_t badugi_chip_unit(const badugi_hand *h);
/* D: the observation's length for h's settings (n, game); and the compact one's. */
int badugi_observation_size(const badugi_hand *h);
int badugi_compact_size(const badugi_hand *h);
/* Writes mask[0..A) (1: legal) for the seat to decide now; returns A, or a negative
 * BADUGI_HAND_E_* (nothing written) when no seat is to decide. */
int badugi_hand_action_mask(const badugi_hand *h, const badugi_actions *actions,
                            uint8_t *mask);
/* What action `action` does now, as a BADUGI_MOVE_* (returned) and its amount (the
 * raise-to total, or the discard's bit mask; 0 otherwise); a negative BADUGI_HAND_E_*
 * for an action outside 0..A-1 (E_SETTINGS) or no seat to decide. */
int badugi_hand_decode(const badugi_hand *h, const badugi_actions *actions, int action,
                       int64_t *amount);
/* Check (apply 0) or perform a move as badugi_hand_* would, and count it in history
 * (may be NULL): the number of events queued, or a BADUGI_HAND_E_* code, nothing changed. */
int badugi_hand_move(badugi_hand *h, badugi_history *history, int move, int64_t amount,
                     int apply);
/* badugi_hand_decode, then badugi_hand_move. */
int badugi_hand_act(badugi_hand *h, badugi_history *history, const badugi_actions *actions,
                    int action, int apply);
/* Writes the observation of `seat` into out[0..D); returns D, or BADUGI_HAND_E_SETTINGS
 * for a seat outside the table (history may be NULL: no betting history). */
int badugi_hand_observe(const badugi_hand *h, const badugi_history *history, int seat,
                        float *out);
/* The same, compact: writes out[0..badugi_compact_size) and returns that size. */
int badugi_hand_observe_compact(const badugi_hand *h, const badugi_history *history, int seat,
                                int32_t *out);
/* The scale of each compact value, out[0..badugi_compact_size): 0 for the card ids (their
 * one-hot is the observation's), else what the value times gives the observation's (see
 * above). Returns the size, or -1 for bad settings. */
int badugi_compact_scales(const badugi_hand *h, float *out);

/* ---- Equity against random hands (csrc/equity.c; the bundled bots) ----
 *
 * A badugi_equity holds one game's tables of equity against random hands. The equity of a
 * hand with `mine` draws to come (0..game.draws) against `opponents` random hands
 * (1..BADUGI_HAND_MAX_SEATS - 1) that each draw `theirs` times (0..game.draws) is its
 * expected share of the pot (0..1): each of those hands is dealt at random from a full
 * deck, and every hand draws by the odds' built-in policy without a target. Each half of
 * a split game is judged as if drawn for alone (a Badugi half keeps its playing set; a low
 * keeps its low cards, its policy read from ranks alone, the suits such that five ranks
 * are never one suit), and the hand's equity is the mean of its halves'. The tables are the
 * exact counts of a chain over what a hand keeps: from each keep, every set of replacements
 * from the cards not kept (a card thrown may come back), so each hand is dealt from a deck
 * of its own. badugi_equity_new enumerates them for a valid game (its qualifier and odd
 * half are not read): some 10 ms for Badugi, 100 ms with a five-card Badugi half; NULL for
 * an invalid game, a small game (docs/rules.md, "Small games": the tables are the whole
 * deck's, of four or five cards) or when memory runs out. A badugi_equity is read-only once made: any
 * thread may read it. badugi_equity_of returns the equity of cards[0..count) (count =
 * game.cards distinct ids), or -1 for a bad argument. */
typedef struct badugi_equity badugi_equity;

badugi_equity *badugi_equity_new(const badugi_game *game);
void badugi_equity_free(badugi_equity *equity);
double badugi_equity_of(const badugi_equity *equity, const uint8_t *cards, int count, int mine,
                        int theirs, int opponents);

/* ---- Bots (csrc/bots.c; badugi_fast.engine.bots) ----
 *
 * The bundled policies, the one copy of their rules (the Python bots of engine.bots play
 * by them too): BADUGI_BOT_RANDOM (a uniformly random legal kind of action, a raise to a
 * uniformly random legal total, a uniformly random number of cards thrown, chosen
 * uniformly; mucks half the time it may), BADUGI_BOT_CALLING (checks or calls, stands pat,
 * shows), BADUGI_BOT_STRENGTH (draws with the odds' built-in policy, no target; its
 * strength is its hand's equity now against one random hand as dealt: raises the least
 * in the best quarter (at least 0.75) or one time in twenty, checks when it can, calls in
 * the best three fifths (at least 0.4), else folds; mucks, when it may, a hand a shown
 * hand beats in every half) and BADUGI_BOT_EQUITY (its equity with the draws it has left
 * against as many random hands as it has opponents, each drawing every draw of the game:
 * bets or raises by a pot, as far as it may, from a fifth of the way between a fair share
 * and the whole pot, checks when it can, calls when the equity is at least the call over
 * the pot after it, else folds; draws to the keep with the best equity, the policy's or
 * part of it, in a split game the policy's; mucks as BADUGI_BOT_STRENGTH; draws no random
 * number).
 *
 * A badugi_bot_view is what a bot may know when it decides: the phase (BADUGI_PHASE_BETTING,
 * _DRAW or _SHOWDOWN), in a betting round the legal amounts as badugi_hand_legal writes them,
 * at a showdown whether it may muck, the game, its own cards (in badugi_hand.hands order) and
 * the hands shown so far at this showdown. badugi_bot_decide returns the bot's move as a
 * BADUGI_MOVE_* and sets *amount (as badugi_hand_decode: the raise-to total, or the discard's
 * bit mask of the cards' positions in view->cards), drawing its random numbers from the
 * stream state rng[4] (a badugi_random stream's, as badugi_random_state gives it);
 * BADUGI_HAND_E_SETTINGS for a bot that is not a BADUGI_BOT_* or a view out of range (a
 * phase with no decision, an invalid game, a card count that is not game.cards, a card id
 * over 51, more shown hands than seats, draws left outside 0..game.draws, opponents outside
 * 0..MAX_SEATS - 1, a negative pot; for BADUGI_BOT_STRENGTH and _EQUITY, no equity tables of
 * the view's game). badugi_bot_choose is the move of the seat to
 * decide now in a hand, from its view (the equity tables given, which may be NULL for the
 * bots that read none); a negative BADUGI_HAND_E_* when no seat is to decide. */
#define BADUGI_BOT_NONE -1
#define BADUGI_BOT_RANDOM 0
#define BADUGI_BOT_CALLING 1
#define BADUGI_BOT_STRENGTH 2
#define BADUGI_BOT_EQUITY 3

typedef struct {
    int32_t phase;                 /* BADUGI_PHASE_BETTING, _DRAW or _SHOWDOWN */
    int32_t can_muck;              /* at a showdown: 1 if the bot may muck */
    int64_t legal[5];              /* in a betting round: as badugi_hand_legal */
    badugi_game game;              /* the hand's game */
    int32_t cards_len;             /* game.cards */
    uint8_t cards[BADUGI_HAND_MAX_CARDS]; /* the bot's cards, in the hand's order */
    int32_t shown_len;             /* hands shown so far at this showdown, 0..MAX_SEATS */
    uint8_t shown[BADUGI_HAND_MAX_SEATS][BADUGI_HAND_MAX_CARDS]; /* each game.cards cards */
    int32_t draws_left;            /* draws still to come, a draw's own included (showdown: 0) */
    int32_t opponents;             /* the other seats not folded, 0..MAX_SEATS - 1 */
    int64_t pot;                   /* chips in the middle: this round's bets, dead money */
    const badugi_equity *equity;   /* the game's equity tables (STRENGTH and EQUITY read them) */
} badugi_bot_view;

int badugi_bot_decide(const badugi_bot_view *view, int bot, uint64_t rng[4], int64_t *amount);
int badugi_bot_choose(const badugi_hand *h, int bot, const badugi_equity *equity, uint64_t rng[4],
                      int64_t *amount);
/* ---- Thread pools (csrc/pool.c; badugi_fast.vector) ----
 *
 * A badugi_pool runs the parts of a call that takes one (badugi_vector_step) on up to
 * `threads` threads, the caller's one of them: threads - 1 workers start with the pool
 * and wait between calls; a call says how many of them it runs on. badugi_pool_new returns NULL for threads outside 1..BADUGI_POOL_MAX_THREADS
 * or when a thread or memory cannot be had. Calls on one pool from several threads run one
 * after the other. badugi_pool_free stops and joins the workers; no call may be running on
 * the pool then. Without POSIX threads (Windows) a pool runs every part in the caller's
 * thread, and badugi_pool_threads (the pool's threads) says 1. */
#define BADUGI_POOL_MAX_THREADS 256
typedef struct badugi_pool badugi_pool;

badugi_pool *badugi_pool_new(int32_t threads);
void badugi_pool_free(badugi_pool *pool);
int32_t badugi_pool_threads(const badugi_pool *pool);

/* ---- Many hands in C (csrc/vector.c; badugi_fast.vector, engine.simulate) ----
 *
 * badugi_simulate plays `count` hands of simulate()'s chunk `chunk` between built-in bots,
 * bots[seat] a BADUGI_BOT_* per seat of `setup` (settings filled as for badugi_hand_start,
 * its stacks every hand's), reading `equity` (the game's equity tables; NULL when no bot
 * reads them): the seeds follow simulate()'s scheme (the stream of (seed,
 * chunk): its first n words seed the bots' streams, the next ones the hands), hand k of
 * the chunk has the button at (start + k) % n. out[0..3n+1): each seat's net chips,
 * showdowns and winning hands, then the chips no hand won. Returns 0, or a negative
 * BADUGI_HAND_E_* for bad settings or bots. It is badugi_simulate_begin and one
 * badugi_simulate_part: a chunk played in several parts, the streams carried from one to
 * the next in a badugi_simulation, adds the same to `out` (which begin leaves alone), and
 * its caller may stop between two parts.
 *
 * A badugi_table is one table of a VectorGame: its hand, the hand's betting history, the
 * streams of its hand seeds and bots, the hands it has started, the stacks the hand
 * started with, its move log (room for log_room moves, each a BADUGI_MOVE_* + 8 * amount,
 * the hand's moves in order, for replaying it), which caller's seat decided last in the
 * hand (1 + its seat; 0: none), and what its last reading found (the betting bounds, and
 * each seat's values of the observation, which a step recomputes only for the seats that
 * may have changed). badugi_vector describes all of them: the settings (as for
 * badugi_simulate), the action space, the seats played by bots (BADUGI_BOT_NONE: by the
 * caller; at least one) and the equity tables they read (as for badugi_simulate), carry
 * (0: every hand starts from setup's stacks; 1: from the last hand's, all reset when a
 * seat is left with no chips), the seed, log: the first room of every table's log,
 * log_room moves each, and compact: the observation a step writes (0: the D floats; 1: the
 * compact one, whose chip amounts the caller keeps within an int32). Table t's hand k has
 * the button at k % n and its seed
 * is output k of the stream of (seed, 2 t); its bots draw from the stream of (seed, 2 t + 1).
 *
 * badugi_vector_start starts tables[0..count) as tables first.. of the run: their first
 * hands are dealt, their bots yet to play (step them with NULL actions first), table i's
 * log the log_room moves from log + i * log_room (the caller may later give a table a
 * larger log of its own, the moves so far copied).
 * badugi_vector_step performs arrays->actions[i] on table i (NULL: none), each checked
 * against the masks the last step wrote, arrays->legal[i * A ..]; then lets bots play until
 * a caller's seat is to decide, starting the next hand when one ends. Unless arrays->again,
 * a table's ended[i], net, skipped_net, carried and skipped are first set to 0; then a hand
 * a caller's seat decided in ends as ended[i] = 1 and net[i * n + seat] += the chips each
 * seat won or lost; a hand no caller's seat decided in (bots, or forced bets alone, played
 * it) as skipped[i] += 1 and skipped_net[i * n + seat] += the chips; carried[i] += the chips
 * nobody won, in either;
 * rewards[i * n + seat] is then net[i * n + seat] in chip units, (float)net / (float)unit
 * (badugi_chip_unit), where ended[i] is 1, and 0 elsewhere; and, unless final is NULL,
 * final[i ..] the observation (as observation: the D floats, or compact's int32s), as the
 * hand ended, of the caller's seat that decided last in it (left as it is for the other
 * tables). Then it
 * reads each table: player[i] its seat to decide, legal[i * A ..] and mask[i * A ..] its
 * action mask (the caller keeps legal for the next step's check and may hand mask out),
 * observation[i * D ..] that seat's observation (the D floats, or compact's int32s). The tables are cut into `parts` runs of
 * consecutive tables (at most BADUGI_VECTOR_MAX_PARTS; fewer when there are fewer
 * tables) that `threads` of `pool`'s threads run at once, the caller's one of them (a
 * NULL pool, or one thread: all in the caller's thread); each table is
 * played alone, so the results are the same for any pool and parts. Returns the number
 * of tables stopped for lack of log room (player[i] = -1, not read: give them room and
 * call again with NULL actions), or -1 - i when actions[i] is not legal, nothing changed
 * at any table. */
typedef struct {
    badugi_hand hand;
    badugi_history history;
    uint64_t seeds[4];
    uint64_t bot_rng[4];
    uint64_t hands;
    int64_t start[BADUGI_HAND_MAX_SEATS];
    int64_t *log;
    int64_t log_room;
    int64_t log_len;
    int32_t decided;
    int64_t legal[5]; /* the bounds of the last reading (badugi_hand_legal's, or zeros) */
    uint32_t seat_values[BADUGI_HAND_MAX_SEATS * (7 + BADUGI_MAX_DRAWS)];
    uint32_t history_values[BADUGI_HAND_MAX_SEATS * 2 * (BADUGI_MAX_DRAWS + 1)];
    uint32_t stale;   /* bit s: seat s's values may have changed since they were written */
    int32_t seen[3];  /* the street, phase and run they were written at */
} badugi_table;

/* The arrays of one badugi_vector_step, each indexed by table from the first it is given
 * (A actions, n seats and D observation values a table). */
typedef struct {
    const int64_t *actions; /* the caller's actions, or NULL */
    uint8_t *legal;         /* the masks the last step wrote; the new ones, once read */
    uint8_t *ended;
    int64_t *net;           /* n a table */
    int64_t *carried;
    int64_t *skipped;
    int64_t *skipped_net;   /* n a table */
    float *rewards;         /* n a table */
    int32_t *player;
    uint8_t *mask;          /* A a table */
    void *observation;      /* D floats a table, or (compact) badugi_compact_size int32s */
    int32_t again;          /* 0: ended and the sums are written; 1: added to (a call again
                               for the tables out of log room) */
    void *final;            /* NULL, or one observation a table (as observation): each
                               ended hand's last */
} badugi_step;

#define BADUGI_VECTOR_MAX_PARTS 1024

typedef struct {
    badugi_hand setup;
    badugi_actions actions;
    int32_t bots[BADUGI_HAND_MAX_SEATS];
    const badugi_equity *equity; /* the game's equity tables, for bots that read them */
    int32_t carry;
    uint64_t seed;
    int64_t *log;
    int64_t log_room;
    int32_t compact;
} badugi_vector;

typedef struct {
    uint64_t words[4];                       /* the chunk's stream, at the next hand's seed */
    uint64_t bots[BADUGI_HAND_MAX_SEATS][4]; /* each seat's bot's stream */
    uint64_t next;                           /* the next hand's number (its button) */
} badugi_simulation;

int badugi_simulate(const badugi_hand *setup, const int32_t *bots, const badugi_equity *equity,
                    uint64_t seed, uint64_t chunk, uint64_t start, uint32_t count, int64_t *out);
int badugi_simulate_begin(badugi_simulation *sim, const badugi_hand *setup, uint64_t seed,
                          uint64_t chunk, uint64_t start);
int badugi_simulate_part(badugi_simulation *sim, const badugi_hand *setup, const int32_t *bots,
                         const badugi_equity *equity, uint32_t count, int64_t *out);
int badugi_vector_start(const badugi_vector *v, badugi_table *tables, uint64_t first,
                        size_t count);
int64_t badugi_vector_step(const badugi_vector *v, badugi_table *tables, size_t count,
                           const badugi_step *arrays, badugi_pool *pool, int32_t threads,
                           int32_t parts);

/* END CDEF */

#ifdef __cplusplus
}
#endif

#endif /* BADUGI_H */
