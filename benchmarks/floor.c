/* floor.c - the floor of a VectorGame step: six-handed fixed-limit Badugi tables played in
 * lock-step by the plainest C that plays the same game, written apart from the library.
 *
 *     cc -O3 -std=c99 benchmarks/floor.c -o floor && ./floor [TABLES] [STEPS] [ROUNDS]
 *     ./floor TABLES STEPS 1 SHUFFLE OBSERVATION    (one variant, as for callgrind)
 *
 * The game is compare_peers' VectorGame workload: six seats of 200 chips, blinds 1-2, bets
 * of 2 and then 4 from the third betting round, four bets a round (no cap heads-up), the
 * 21 actions of the training encoding (fold, call, raise, 16 discards, show, muck), each
 * hand started from the stacks as they were (autoreset), the button moving one seat a hand.
 * The dealer deals one card at a time from the left of the button, burns one card a draw
 * and deals the replacements in turn, and when the stub runs short reshuffles the muck
 * into it (the stub's last card dealt only if it completes the draw). A table's action each
 * step is uniformly random among the legal ones, as compare_peers' numpy pick is; so a hand
 * takes the same steps on average (about 22).
 *
 * Variants: the shuffle (a fast generator, ChaCha20, or SHAKE-128 sort keys) and what a
 * step writes for the seat to decide next (nothing but the mask; the library's 329-float
 * observation computed value by value; the same floats copied from per-seat blocks that are
 * recomputed only for the seats that changed; the library's compact observation, the same
 * with card, street and phase ids in place of one-hots; or 32 bytes of card ids and betting
 * counts). benchmarks/floor.py runs it beside VectorGame in one process. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L /* clock_gettime, for main */
#endif
#include <stdint.h>
#include <string.h>

enum { SEATS = 6, CARDS = 4, DRAWS = 3, DECK = 52, STACK = 200, SMALL_BLIND = 1, BIG_BLIND = 2 };
enum { MAX_BETS = 4, ACTIONS = 3 + 16 + 2, DISCARD = 3 };
enum { BETTING, DRAW, OVER };
enum { FLOOR_XOSHIRO, FLOOR_CHACHA20, FLOOR_SHAKE128 };
enum { FLOOR_MASK, FLOOR_PLAIN, FLOOR_BLOCKS, FLOOR_COMPACT, FLOOR_BYTES32 };
enum { SEAT_BLOCK = 7 + DRAWS, HISTORY_BLOCK = 2 * (DRAWS + 1) };
enum { OBSERVATION = DECK * CARDS + SEATS * SEAT_BLOCK + SEATS * HISTORY_BLOCK + 6 + DRAWS + 4 };
enum { COMPACT = CARDS + SEATS * SEAT_BLOCK + SEATS * HISTORY_BLOCK + 6 + 2 };

static const int64_t BET_SIZE[DRAWS + 1] = {2, 2, 4, 4};

typedef struct {
    uint64_t pick[4]; /* xoshiro256**: the random policy, and the fast shuffle's stream */
    uint64_t seed, hands;
    int button, phase, street, actor, live, bets_made, reshuffles;
    int64_t level, stacks[SEATS], bets[SEATS], contributed[SEATS];
    uint8_t folded[SEATS], acted[SEATS], held[SEATS], owed[SEATS];
    uint8_t hand[SEATS][CARDS], drawn[SEATS][DRAWS + 1], counts[DRAWS + 1][2][SEATS];
    int stub_len, muck_len, burns_len;
    uint8_t stub[DECK], muck[DECK], burns[DECK];
    unsigned stale; /* seats whose blocks are out of date */
    float blocks[SEATS][SEAT_BLOCK], history[SEATS][HISTORY_BLOCK];
    uint8_t mask[ACTIONS];
} Table;

/* ------------------------------------------------------------------ random numbers */

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next(uint64_t s[4]) {
    uint64_t result = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t, s[3] = rotl64(s[3], 45);
    return result;
}

static void seed_stream(uint64_t s[4], uint64_t seed) {
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s[i] = z ^ (z >> 31);
    }
}

/* A uniform integer in 0..count-1. */
static int below(uint64_t s[4], int count) {
    return (int)(((next(s) >> 32) * (uint64_t)count) >> 32);
}

/* ChaCha20's block function (RFC 8439): 64 bytes of keystream. */
static uint32_t rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
#define QUARTER(a, b, c, d)                                                             \
    (a += b, d = rotl32(d ^ a, 16), c += d, b = rotl32(b ^ c, 12), a += b,              \
     d = rotl32(d ^ a, 8), c += d, b = rotl32(b ^ c, 7))

static void chacha20(const uint32_t key[8], uint32_t counter, const uint32_t nonce[3],
                     uint32_t out[16]) {
    uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574}, x[16];
    memcpy(in + 4, key, 32);
    in[12] = counter;
    memcpy(in + 13, nonce, 12);
    memcpy(x, in, sizeof x);
    for (int round = 0; round < 10; round++) {
        QUARTER(x[0], x[4], x[8], x[12]), QUARTER(x[1], x[5], x[9], x[13]);
        QUARTER(x[2], x[6], x[10], x[14]), QUARTER(x[3], x[7], x[11], x[15]);
        QUARTER(x[0], x[5], x[10], x[15]), QUARTER(x[1], x[6], x[11], x[12]);
        QUARTER(x[2], x[7], x[8], x[13]), QUARTER(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}

/* SHAKE-128 (FIPS 202) of a short message: Keccak-f[1600] as its reference describes it. */
static const uint64_t KECCAK_ROUND[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};
static const int KECCAK_ROTATION[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                        25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

static void keccak(uint64_t a[25]) {
    for (int round = 0; round < 24; round++) {
        uint64_t c[5], b[25];
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5) a[y + x] ^= d;
        }
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) {
                int r = KECCAK_ROTATION[x + 5 * y];
                b[y + 5 * ((2 * x + 3 * y) % 5)] = r ? rotl64(a[x + 5 * y], r) : a[x + 5 * y];
            }
        for (int y = 0; y < 25; y += 5)
            for (int x = 0; x < 5; x++) a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        a[0] ^= KECCAK_ROUND[round];
    }
}

static void shake128(const char *message, size_t length, uint8_t *out, size_t count) {
    uint64_t a[25] = {0};
    uint8_t block[168] = {0};
    memcpy(block, message, length);
    block[length] ^= 0x1F;
    block[167] ^= 0x80;
    for (int i = 0; i < 21; i++) {
        uint64_t lane = 0;
        for (int j = 7; j >= 0; j--) lane = lane << 8 | block[8 * i + j];
        a[i] ^= lane;
    }
    for (size_t done = 0; done < count;) {
        keccak(a);
        for (int i = 0; i < 168 && done < count; i++, done++) out[done] = (uint8_t)(a[i / 8] >> 8 * (i % 8));
    }
}

/* ------------------------------------------------------------------ the shuffles */

/* cards[0..count) shuffled as shuffle number `k` of the hand (0: the deal). */
static void shuffle(Table *t, int scheme, uint8_t *cards, int count, int k) {
    if (scheme == FLOOR_SHAKE128) { /* sort keys: SHAKE-128("<seed>/deal"), 4 bytes a card */
        char label[48];
        uint8_t keys[4 * DECK], copy[DECK];
        uint64_t packed[DECK], seed = t->seed;
        int length = 0;
        char digits[20];
        int n = 0;
        do digits[n++] = (char)('0' + seed % 10), seed /= 10;
        while (seed);
        while (n) label[length++] = digits[--n];
        memcpy(label + length, k ? "/reshuffle/1" : "/deal", k ? 12 : 5);
        if (k) label[length + 11] = (char)('0' + k % 10);
        length += k ? 12 : 5;
        shake128(label, (size_t)length, keys, (size_t)(4 * count));
        for (int i = 0; i < count; i++) {
            uint32_t key = (uint32_t)keys[4 * i] | (uint32_t)keys[4 * i + 1] << 8 |
                           (uint32_t)keys[4 * i + 2] << 16 | (uint32_t)keys[4 * i + 3] << 24;
            uint64_t entry = (uint64_t)key << 6 | (uint64_t)i;
            int j = i;
            for (; j > 0 && packed[j - 1] > entry; j--) packed[j] = packed[j - 1];
            packed[j] = entry;
        }
        memcpy(copy, cards, (size_t)count);
        for (int i = 0; i < count; i++) cards[i] = copy[packed[i] & 63];
        return;
    }
    if (scheme == FLOOR_CHACHA20) { /* Fisher-Yates on 16-bit draws of the keystream */
        uint32_t key[8] = {(uint32_t)t->seed, (uint32_t)(t->seed >> 32)}, nonce[3] = {(uint32_t)k};
        uint32_t words[16] = {0};
        uint16_t *draws = (uint16_t *)words;
        int used = 32;
        uint32_t block = 0;
        for (int i = count - 1; i > 0; i--) {
            uint32_t range = (uint32_t)i + 1, x, threshold = 65536u % range;
            uint8_t swap;
            do {
                if (used == 32) chacha20(key, block++, nonce, words), used = 0;
                x = draws[used++] * range;
            } while ((x & 0xFFFF) < threshold);
            swap = cards[i], cards[i] = cards[x >> 16], cards[x >> 16] = swap;
        }
        return;
    }
    for (int i = count - 1; i > 0; i--) { /* Fisher-Yates on the policy's fast stream */
        int j = below(t->pick, i + 1);
        uint8_t swap = cards[i];
        cards[i] = cards[j], cards[j] = swap;
    }
}

/* ------------------------------------------------------------------ the game */

/* The Badugi value of four cards, smaller is stronger: the best playing set (distinct
 * ranks and suits), more cards first, then the lower ranks from the top down (which is
 * the order of the ranks' bit masks). */
static uint32_t badugi_value(const uint8_t *cards) {
    uint32_t best = UINT32_MAX;
    for (int subset = 1; subset < 16; subset++) {
        unsigned ranks = 0, suits = 0, size = 0;
        for (int i = 0; i < CARDS; i++)
            if (subset >> i & 1) ranks |= 1u << (cards[i] >> 2), suits |= 1u << (cards[i] & 3), size++;
        if ((unsigned)__builtin_popcount(ranks) == size && (unsigned)__builtin_popcount(suits) == size) {
            uint32_t value = (4 - size) << 13 | ranks;
            if (value < best) best = value;
        }
    }
    return best;
}

static int next_seat(int seat) { return seat + 1 == SEATS ? 0 : seat + 1; }

static void new_round(Table *t) {
    t->phase = BETTING;
    t->level = 0;
    t->bets_made = 0;
    memset(t->acted, 0, sizeof t->acted);
    t->stale = (1u << SEATS) - 1;
}

/* The next seat that must act after `after`, or -1 when the round is over. */
static int next_actor(const Table *t, int after) {
    for (int seat = next_seat(after), k = 0; k < SEATS; seat = next_seat(seat), k++)
        if (!t->folded[seat] && (t->bets[seat] < t->level || !t->acted[seat])) return seat;
    return -1;
}

static void pay(Table *t, int winners_mask, int winners) {
    int64_t pot = 0, share;
    int odd;
    for (int seat = 0; seat < SEATS; seat++) pot += t->contributed[seat];
    share = pot / winners, odd = (int)(pot % winners);
    for (int k = 0, seat = next_seat(t->button); k < SEATS; k++, seat = next_seat(seat))
        if (winners_mask >> seat & 1) t->stacks[seat] += share + (odd-- > 0);
    t->phase = OVER;
}

static void showdown(Table *t) {
    uint32_t best = UINT32_MAX, value[SEATS];
    int mask = 0, count = 0;
    for (int seat = 0; seat < SEATS; seat++)
        if (!t->folded[seat] && (value[seat] = badugi_value(t->hand[seat])) < best) best = value[seat];
    for (int seat = 0; seat < SEATS; seat++)
        if (!t->folded[seat] && value[seat] == best) mask |= 1 << seat, count++;
    pay(t, mask, count);
}

static void deal_hand(Table *t, int scheme) {
    t->seed = t->seed * 6364136223846793005ull + 1442695040888963407ull; /* the hand's seed */
    t->button = (int)(t->hands++ % SEATS);
    for (int seat = 0; seat < SEATS; seat++)
        t->stacks[seat] = STACK, t->bets[seat] = t->contributed[seat] = 0;
    memset(t->folded, 0, sizeof t->folded);
    memset(t->drawn, 0, sizeof t->drawn);
    memset(t->counts, 0, sizeof t->counts);
    t->live = SEATS, t->street = 0, t->reshuffles = 0;
    t->muck_len = t->burns_len = 0;
    for (int card = 0; card < DECK; card++) t->stub[card] = (uint8_t)card;
    shuffle(t, scheme, t->stub, DECK, 0);
    t->stub_len = DECK - SEATS * CARDS;
    for (int k = 0; k < SEATS * CARDS; k++) {
        int seat = (t->button + 1 + k % SEATS) % SEATS;
        t->hand[seat][k / SEATS] = t->stub[DECK - 1 - k];
    }
    for (int seat = 0; seat < SEATS; seat++) t->held[seat] = CARDS;
    new_round(t);
    {
        int small = next_seat(t->button), big = next_seat(small);
        t->stacks[small] -= SMALL_BLIND, t->bets[small] = t->contributed[small] = SMALL_BLIND;
        t->stacks[big] -= BIG_BLIND, t->bets[big] = t->contributed[big] = BIG_BLIND;
        t->level = BIG_BLIND, t->bets_made = 1;
        t->actor = next_seat(big);
    }
}

/* The top card of the stub, the muck reshuffled into it first when it is short
 * (`remaining` cards of the draw still to come, this one included). */
static uint8_t take(Table *t, int scheme, int remaining) {
    if (t->stub_len == 0 || (t->stub_len == 1 && remaining > 1)) {
        uint8_t *from = t->muck_len ? t->muck : t->burns;
        int *count = t->muck_len ? &t->muck_len : &t->burns_len;
        memmove(t->stub + t->stub_len, from, (size_t)*count);
        t->stub_len += *count, *count = 0;
        shuffle(t, scheme, t->stub, t->stub_len, ++t->reshuffles);
    }
    return t->stub[--t->stub_len];
}

static void end_round(Table *t, int scheme) {
    memset(t->bets, 0, sizeof t->bets);
    t->stale = (1u << SEATS) - 1;
    if (t->street == DRAWS) {
        showdown(t);
        return;
    }
    t->street++;
    t->phase = DRAW;
    t->actor = next_seat(t->button);
    while (t->folded[t->actor]) t->actor = next_seat(t->actor);
    (void)scheme;
}

/* After seat's discard: the next live seat to throw, or the burn, the replacements and the
 * next betting round. */
static void after_discard(Table *t, int scheme, int seat) {
    int remaining = 1;
    if (seat != t->button)
        for (int next = next_seat(seat);; next = next_seat(next)) {
            if (!t->folded[next]) {
                t->actor = next;
                return;
            }
            if (next == t->button) break;
        }
    for (int s = 0; s < SEATS; s++) remaining += t->owed[s];
    t->burns[t->burns_len++] = take(t, scheme, remaining--);
    for (int k = 0, s = next_seat(t->button); k < SEATS; k++, s = next_seat(s))
        while (t->owed[s]) t->hand[s][t->held[s]++] = take(t, scheme, remaining--), t->owed[s]--;
    new_round(t);
    t->level = 0;
    t->actor = next_actor(t, t->button);
}

static void act(Table *t, int scheme, int action) {
    int seat = t->actor;
    t->stale |= 1u << seat;
    if (t->phase == DRAW) {
        int bits = action - DISCARD, kept = 0, thrown = 0;
        for (int i = 0; i < CARDS; i++) {
            if (bits >> i & 1)
                t->muck[t->muck_len++] = t->hand[seat][i], thrown++;
            else
                t->hand[seat][kept++] = t->hand[seat][i];
        }
        t->held[seat] = (uint8_t)kept, t->owed[seat] = (uint8_t)thrown;
        t->drawn[seat][++t->drawn[seat][0]] = (uint8_t)thrown;
        after_discard(t, scheme, seat);
        return;
    }
    if (action == 0) { /* fold */
        t->folded[seat] = 1;
        memcpy(t->muck + t->muck_len, t->hand[seat], CARDS), t->muck_len += CARDS;
        if (--t->live == 1) {
            int last = 0;
            while (t->folded[last]) last++;
            pay(t, 1 << last, 1);
            return;
        }
    } else {
        int64_t to = action == 1 ? t->level : t->level + BET_SIZE[t->street];
        if (action == 2) t->bets_made++, t->level = to, t->counts[t->street][0][seat]++;
        else if (to > t->bets[seat]) t->counts[t->street][1][seat]++;
        t->stacks[seat] -= to - t->bets[seat];
        t->contributed[seat] += to - t->bets[seat];
        t->bets[seat] = to;
        t->acted[seat] = 1;
    }
    t->actor = next_actor(t, seat);
    if (t->actor < 0) end_round(t, scheme);
}

/* ------------------------------------------------------------------ what a step writes */

static void write_mask(Table *t) {
    uint8_t *m = t->mask;
    memset(m, 0, ACTIONS);
    if (t->phase == DRAW) {
        memset(m + DISCARD, 1, 16);
        return;
    }
    m[0] = t->bets[t->actor] < t->level;
    m[1] = 1;
    m[2] = t->bets_made < MAX_BETS || t->live == 2;
}

static void seat_block(const Table *t, int s, float *at) {
    const float unit = 1.0f / BIG_BLIND;
    int made = t->drawn[s][0];
    at[0] = (float)t->stacks[s] * unit;
    at[1] = (float)t->bets[s] * unit;
    at[2] = (float)t->contributed[s] * unit;
    at[3] = (float)t->folded[s];
    at[4] = (float)(!t->folded[s] && t->stacks[s] == 0);
    at[5] = (float)(s == t->button);
    at[6] = (float)made / DRAWS;
    for (int d = 0; d < DRAWS; d++) at[7 + d] = d < made ? (float)t->drawn[s][1 + d] / CARDS : 0.0f;
}

static void history_block(const Table *t, int s, float *at) {
    for (int r = 0; r <= DRAWS; r++)
        at[2 * r] = (float)t->counts[r][0][s], at[2 * r + 1] = (float)t->counts[r][1][s];
}

/* The table's last values: pot, to call, raise bounds, position, players in; then the
 * street and phase (one-hot, or ids when `ids`). Returns the values written. */
static int table_values(const Table *t, int seat, float *at, int ids) {
    int64_t pot = 0, to = t->level + BET_SIZE[t->street];
    int raise = t->phase == BETTING && (t->bets_made < MAX_BETS || t->live == 2);
    for (int s = 0; s < SEATS; s++) pot += t->contributed[s];
    at[0] = (float)pot / BIG_BLIND;
    at[1] = t->phase == BETTING ? (float)(t->level - t->bets[seat]) / BIG_BLIND : 0.0f;
    at[2] = at[3] = raise ? (float)to / BIG_BLIND : 0.0f;
    at[4] = (float)((seat - t->button - 1 + 2 * SEATS) % SEATS) / (SEATS - 1);
    at[5] = (float)t->live / SEATS;
    if (ids) {
        at[6] = (float)t->street, at[7] = (float)(t->phase == BETTING ? 0 : 1);
        return 8;
    }
    for (int r = 0; r <= DRAWS; r++) at[6 + r] = (float)(t->street == r);
    at[7 + DRAWS] = (float)(t->phase == BETTING), at[8 + DRAWS] = (float)(t->phase == DRAW);
    at[9 + DRAWS] = 0.0f;
    return 10 + DRAWS;
}

static void observe_plain(const Table *t, float *out) {
    int seat = t->actor;
    float *at = out;
    memset(at, 0, sizeof(float) * DECK * CARDS);
    for (int i = 0; i < t->held[seat]; i++) at[i * DECK + t->hand[seat][i]] = 1.0f;
    at += DECK * CARDS;
    for (int k = 0, s = seat; k < SEATS; k++, s = next_seat(s), at += SEAT_BLOCK) seat_block(t, s, at);
    for (int k = 0, s = seat; k < SEATS; k++, s = next_seat(s), at += HISTORY_BLOCK)
        history_block(t, s, at);
    table_values(t, seat, at, 0);
}

/* The seat blocks from the observer round, copied from the table's blocks. */
static float *copy_blocks(Table *t, int seat, float *at) {
    for (unsigned stale = t->stale; stale; stale &= stale - 1) {
        int s = __builtin_ctz(stale);
        seat_block(t, s, t->blocks[s]);
        history_block(t, s, t->history[s]);
    }
    t->stale = 0;
    memcpy(at, t->blocks[seat], sizeof(float) * SEAT_BLOCK * (size_t)(SEATS - seat));
    memcpy(at + SEAT_BLOCK * (SEATS - seat), t->blocks, sizeof(float) * SEAT_BLOCK * (size_t)seat);
    at += SEATS * SEAT_BLOCK;
    memcpy(at, t->history[seat], sizeof(float) * HISTORY_BLOCK * (size_t)(SEATS - seat));
    memcpy(at + HISTORY_BLOCK * (SEATS - seat), t->history, sizeof(float) * HISTORY_BLOCK * (size_t)seat);
    return at + SEATS * HISTORY_BLOCK;
}

static void observe_blocks(Table *t, float *out) {
    int seat = t->actor;
    memset(out, 0, sizeof(float) * DECK * CARDS);
    for (int i = 0; i < t->held[seat]; i++) out[i * DECK + t->hand[seat][i]] = 1.0f;
    table_values(t, seat, copy_blocks(t, seat, out + DECK * CARDS), 0);
}

static void observe_compact(Table *t, float *out) {
    int seat = t->actor;
    for (int i = 0; i < CARDS; i++) out[i] = i < t->held[seat] ? (float)t->hand[seat][i] : (float)DECK;
    table_values(t, seat, copy_blocks(t, seat, out + CARDS), 1);
}

static void observe_bytes32(const Table *t, uint8_t *out) {
    int seat = t->actor;
    for (int i = 0; i < CARDS; i++) out[i] = i < t->held[seat] ? t->hand[seat][i] : DECK;
    for (int k = 0, s = seat; k < SEATS; k++, s = next_seat(s))
        for (int r = 0; r <= DRAWS; r++) out[4 + 4 * k + r] = (uint8_t)(t->counts[r][0][s] << 4 | t->counts[r][1][s]);
    out[28] = (uint8_t)t->street, out[29] = (uint8_t)t->phase;
    out[30] = (uint8_t)((seat - t->button - 1 + 2 * SEATS) % SEATS), out[31] = (uint8_t)t->live;
}

/* ------------------------------------------------------------------ the loop */

/* The size of a table's observation in bytes under a variant. */
int floor_observation_bytes(int observation) {
    static const int bytes[] = {0, 4 * OBSERVATION, 4 * OBSERVATION, 4 * COMPACT, 32};
    return bytes[observation];
}

/* Start `count` tables (memory for them: floor_table_bytes() each). */
int floor_table_bytes(void) { return (int)sizeof(Table); }

void floor_start(void *tables, int count, int scheme, uint64_t seed) {
    Table *t = tables;
    for (int i = 0; i < count; i++) {
        memset(&t[i], 0, sizeof t[i]);
        seed_stream(t[i].pick, seed + 2 * (uint64_t)i);
        t[i].seed = seed + 2 * (uint64_t)i + 1;
        deal_hand(&t[i], scheme);
        write_mask(&t[i]);
    }
}

/* `steps` steps of every table: each takes a random legal action, a hand that ends is paid
 * and the next dealt, and the next decision is written (its mask, and the observation of
 * the variant into out, `floor_observation_bytes` a table). Returns the hands played. */
int64_t floor_steps(void *tables, int count, int steps, int scheme, int observation, void *out) {
    Table *t = tables;
    int64_t hands = 0;
    int bytes = floor_observation_bytes(observation);
    for (int step = 0; step < steps; step++)
        for (int i = 0; i < count; i++) {
            Table *table = &t[i];
            uint8_t *mine = (uint8_t *)out + (size_t)i * (size_t)bytes;
            int action = table->phase == DRAW ? DISCARD + below(table->pick, 16) : 1;
            if (table->phase == BETTING) {
                int choices = 1 + table->mask[0] + table->mask[2], pick = below(table->pick, choices);
                action = pick == 0 ? 1 : pick == 1 && table->mask[0] ? 0 : 2;
            }
            act(table, scheme, action);
            if (table->phase == OVER) deal_hand(table, scheme), hands++;
            write_mask(table);
            switch (observation) {
            case FLOOR_PLAIN: observe_plain(table, (float *)mine); break;
            case FLOOR_BLOCKS: observe_blocks(table, (float *)mine); break;
            case FLOOR_COMPACT: observe_compact(table, (float *)mine); break;
            case FLOOR_BYTES32: observe_bytes32(table, mine); break;
            default: break;
            }
        }
    return hands;
}

#ifndef FLOOR_LIBRARY
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int named(const char *name, const char *const *names, int count) {
    for (int i = 0; i < count; i++)
        if (!strcmp(name, names[i])) return i;
    fprintf(stderr, "unknown variant %s\n", name);
    exit(2);
}

int main(int argc, char **argv) {
    static const char *const shuffles[] = {"xoshiro", "chacha20", "shake128"};
    static const char *const observations[] = {"mask", "plain", "blocks", "compact", "bytes32"};
    int count = argc > 1 ? atoi(argv[1]) : 1024, steps = argc > 2 ? atoi(argv[2]) : 200;
    int rounds = argc > 3 ? atoi(argv[3]) : 5, only = argc > 5;
    int first_s = only ? named(argv[4], shuffles, 3) : 0, first_o = only ? named(argv[5], observations, 5) : 0;
    double best[3][5];
    void *tables = malloc((size_t)count * sizeof(Table));
    void *out = malloc((size_t)count * 4 * OBSERVATION);
    int64_t hands = 0;
    for (int s = 0; s < 3; s++)
        for (int o = 0; o < 5; o++) best[s][o] = 1e30;
    for (int round = 0; round < rounds; round++)
        for (int s = first_s; s < (only ? first_s + 1 : 3); s++)
            for (int o = first_o; o < (only ? first_o + 1 : 5); o++) {
                double start;
                floor_start(tables, count, s, 1);
                start = now();
                hands = floor_steps(tables, count, steps, s, o, out);
                start = (now() - start) / ((double)count * steps);
                if (start < best[s][o]) best[s][o] = start;
            }
    printf("%d tables, %d steps (%.1f steps a hand), ns per table-step, best of %d:\n", count,
           steps, (double)count * steps / (double)hands, rounds);
    printf("%-10s", "");
    for (int o = 0; o < 5; o++) printf("%9s", observations[o]);
    printf("\n");
    for (int s = 0; s < 3; s++) {
        printf("%-10s", shuffles[s]);
        for (int o = 0; o < 5; o++) printf("%9.1f", best[s][o] * 1e9);
        printf("\n");
    }
    free(tables);
    free(out);
    return 0;
}
#endif
