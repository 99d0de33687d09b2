/* equity.c - equity against random hands (badugi.h, "Equity against random hands"): the
 * tables the hand-strength and equity bots read, enumerated exactly once per game.
 *
 * Each half of a game is a chain over what a hand keeps under that half's drawing policy
 * (a Badugi half: its playing set, which its rank names; a low: its low ranks, suits set
 * aside). From a state, every set of replacements from the cards not kept is counted:
 * the policy's keep of the new hand is the next state, its rank the final rank after the
 * last draw. Pushing the dealt hands through the chain gives the ranks a random hand ends
 * with; pulling the share against them back through it gives each state's equity. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define OPPONENTS (BADUGI_HAND_MAX_SEATS - 1)
#define RANK_COUNT 13
#define SUIT_COUNT 4
#define MAX_CARDS 5
#define NO_STATE (-1)
#define BADUGI_VALUES 15 /* a Badugi card's value, 1..13, or 14 for an ace played high */

/* Rows of a non-negative matrix, each summing to 1: row i's entries are
 * to[start[i] .. start[i + 1]) with their probabilities. */
typedef struct {
    int32_t *start, *to;
    double *p;
    int32_t rows, used, room;
} sparse;

typedef struct {
    int32_t ranking, low, states, ranks, draws;
    badugi_game alone;    /* a low: the game of the low alone, whose policy keeps its cards */
    int16_t *state_of;    /* the state of each mask of kept ranks (a low) or card values (a
                             Badugi half: bit v for value v, 1..14) (NO_STATE: none) */
    int32_t *mask_of;     /* a low: each state's mask of kept ranks */
    double *worse, *tie;  /* (draws + 1) x (ranks + 1): a random hand after t draws ranks
                             below r, and at r */
    float *value;         /* draws x (draws + 1) x OPPONENTS x states: a state's equity with
                             1..draws draws to come against m random hands drawing t times */
} half_table;

struct badugi_equity {
    badugi_game game;
    half_table half[2];
};

/* The chain of one half while it is built: the dealt hands' states and ranks (weights),
 * and the rows of a draw: to the next state, and (the last draw) to the final rank. */
typedef struct {
    double *dealt_states, *dealt_ranks;
    sparse next, last;
    double *row; /* scratch: one dense row, max(states, ranks + 1) long */
} chain;

/* ---- sparse rows ------------------------------------------------------------------ */

static int sparse_init(sparse *m, int rows) {
    m->rows = rows;
    m->used = 0;
    m->room = 1024;
    m->start = calloc((size_t)rows + 1, sizeof *m->start);
    m->to = malloc((size_t)m->room * sizeof *m->to);
    m->p = malloc((size_t)m->room * sizeof *m->p);
    return m->start && m->to && m->p ? 0 : -1;
}

static void sparse_free(sparse *m) {
    free(m->start);
    free(m->to);
    free(m->p);
}

/* Row `i` (rows are added in order) from dense weights row[0..width), which it zeroes. */
static int sparse_row(sparse *m, int i, double *row, int width) {
    double total = 0;
    for (int j = 0; j < width; j++) total += row[j];
    for (int j = 0; j < width; j++) {
        if (row[j] == 0) continue;
        if (m->used == m->room) {
            int32_t *to = realloc(m->to, 2 * (size_t)m->room * sizeof *to);
            double *p = to ? realloc(m->p, 2 * (size_t)m->room * sizeof *p) : NULL;
            if (to) m->to = to;
            if (!p) return -1;
            m->p = p;
            m->room *= 2;
        }
        m->to[m->used] = j;
        m->p[m->used++] = row[j] / total;
        row[j] = 0;
    }
    m->start[i + 1] = m->used;
    return 0;
}

/* out[i * k + c] = sum over row i of p * in[to * k + c], for c < k. */
static void sparse_apply(const sparse *m, const double *in, double *out, int k) {
    for (int i = 0; i < m->rows; i++) {
        double sum[OPPONENTS] = {0};
        for (int e = m->start[i]; e < m->start[i + 1]; e++)
            for (int c = 0; c < k; c++) sum[c] += m->p[e] * in[(size_t)m->to[e] * k + c];
        memcpy(out + (size_t)i * k, sum, (size_t)k * sizeof *sum);
    }
}

/* out[to] += sum over rows i of in[i] * p: a distribution over the rows moved one step. */
static void sparse_push(const sparse *m, const double *in, double *out, int width) {
    memset(out, 0, (size_t)width * sizeof *out);
    for (int i = 0; i < m->rows; i++)
        for (int e = m->start[i]; e < m->start[i + 1]; e++) out[m->to[e]] += in[i] * m->p[e];
}

/* ---- the replacements: every set of `need` cards from a list ----------------------- */

typedef struct {
    int ranking, cards;
    uint8_t hand[MAX_CARDS];
    double *ranks; /* where each hand's rank is counted */
} deal;

/* Every set of `need` cards of from[first..count) into hand[at..), each hand's rank
 * counted. */
static void replacements(deal *d, const uint8_t *from, int count, int first, int at, int need) {
    if (need == 0) {
        d->ranks[badugi_rank(d->ranking, d->hand, d->cards)] += 1;
        return;
    }
    for (int i = first; i <= count - need; i++) {
        d->hand[at] = from[i];
        replacements(d, from, count, i + 1, at + 1, need - 1);
    }
}

/* The cards of a Badugi state (its rank): the playing ranks, each its own suit. */
static int badugi_state_cards(int ranking, int rank, uint8_t *cards) {
    uint8_t values[4];
    int high = ranking == BADUGI_RANKING_BADUGI_ACE_HIGH;
    int size = badugi_decode((uint16_t)rank, high, values);
    for (int i = 0; i < size; i++) {
        int value = values[i] == 14 ? 1 : values[i];
        cards[i] = (uint8_t)(SUIT_COUNT * (value - 1) + i);
    }
    return size;
}

/* A Badugi half: a state is a rank (1..BADUGI_RANKS; 0 unused), the policy's keep being
 * the playing set, whose rank is the hand's; so a draw's next state is its final rank. */
static int badugi_chain(half_table *t, chain *c, int cards) {
    uint8_t deck[BADUGI_CARDS];
    deal d = {t->ranking, cards, {0}, NULL};
    int high = t->ranking == BADUGI_RANKING_BADUGI_ACE_HIGH;
    for (int i = 0; i < BADUGI_CARDS; i++) deck[i] = (uint8_t)i;
    for (int mask = 0; mask < 1 << BADUGI_VALUES; mask++) t->state_of[mask] = NO_STATE;
    for (int rank = 1; rank <= BADUGI_RANKS; rank++) {
        uint8_t values[4];
        int size = badugi_decode((uint16_t)rank, high, values), mask = 0;
        for (int i = 0; i < size; i++) mask |= 1 << values[i];
        t->state_of[mask] = (int16_t)rank;
    }
    d.ranks = c->dealt_ranks;
    replacements(&d, deck, BADUGI_CARDS, 0, 0, cards);
    memcpy(c->dealt_states, c->dealt_ranks, (size_t)t->states * sizeof(double));
    if (sparse_init(&c->next, t->states) < 0) return -1;
    d.ranks = c->row;
    c->next.start[1] = 0; /* state 0: no hand */
    for (int s = 1; s < t->states; s++) {
        uint8_t rest[BADUGI_CARDS];
        int kept = badugi_state_cards(t->ranking, s, d.hand), count = 0;
        uint64_t held = 0;
        for (int i = 0; i < kept; i++) held |= 1ull << d.hand[i];
        for (int i = 0; i < BADUGI_CARDS; i++)
            if (!(held >> i & 1)) rest[count++] = (uint8_t)i;
        replacements(&d, rest, count, 0, kept, cards - kept);
        if (sparse_row(&c->next, s, c->row, t->ranks + 1) < 0) return -1;
    }
    c->last = c->next; /* shared: freed once */
    return 0;
}

/* ---- a low: ranks alone ------------------------------------------------------------ */

/* The value of a rank index (0 = ace) under a low ranking: 2-7 plays the ace high. */
static int low_value(int ranking, int rank) {
    return ranking == BADUGI_RANKING_DEUCE_SEVEN && rank == 0 ? 14 : rank + 1;
}

/* A hand of five cards with counts[r] cards of rank r: the i-th rank present takes suits
 * from i on, so a rank's cards differ in suit and five ranks are never one suit. */
static void low_cards(const int *counts, uint8_t *cards) {
    int at = 0, present = 0;
    for (int r = 0; r < RANK_COUNT; r++) {
        for (int j = 0; j < counts[r] && at < MAX_CARDS; j++)
            cards[at++] = (uint8_t)(SUIT_COUNT * r + (present + j) % SUIT_COUNT);
        present += counts[r] > 0;
    }
}

/* Count a low hand of rank counts `counts` with weight w: its rank into ranks, the state
 * its policy keeps into states. Returns -1 for a keep no state names (not reached). */
static int count_low(const half_table *t, const int *counts, double w, double *ranks,
                     double *states) {
    uint8_t cards[MAX_CARDS];
    int thrown, mask = 0;
    low_cards(counts, cards);
    ranks[badugi_rank(t->ranking, cards, MAX_CARDS)] += w;
    if (!states) return 0;
    thrown = badugi_odds_discard(&t->alone, cards, MAX_CARDS);
    for (int i = 0; i < MAX_CARDS; i++)
        if (!(thrown >> i & 1)) mask |= 1 << (cards[i] / SUIT_COUNT);
    if (t->state_of[mask] == NO_STATE) return -1;
    states[t->state_of[mask]] += w;
    return 0;
}

/* Every multiset of `need` more ranks from rank r on (at most avail[r] of each), weighted
 * by the ways to pick its cards, added to counts and counted. */
static int low_replacements(const half_table *t, int *counts, const int *avail, int r, int need,
                            double w, double *ranks, double *states) {
    static const int choose[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
    if (need == 0) return count_low(t, counts, w, ranks, states);
    if (r == RANK_COUNT) return 0;
    for (int k = 0; k <= need && k <= avail[r]; k++) {
        counts[r] += k;
        if (low_replacements(t, counts, avail, r + 1, need - k, w * choose[avail[r]][k], ranks,
                             states) < 0)
            return -1;
        counts[r] -= k;
    }
    return 0;
}

/* A low half: a state is a set of at most five distinct ranks of value at most
 * BADUGI_ODDS_LOW_KEEP (what the low's policy keeps), numbered as the masks come. */
static int low_chain(half_table *t, chain *c) {
    int counts[RANK_COUNT] = {0}, avail[RANK_COUNT];
    double *ranks = c->row + t->states;
    t->states = 0;
    for (int mask = 0; mask < 1 << RANK_COUNT; mask++) {
        int size = 0, low = 1;
        for (int r = 0; r < RANK_COUNT; r++)
            if (mask >> r & 1) {
                size++;
                low &= low_value(t->ranking, r) <= BADUGI_ODDS_LOW_KEEP;
            }
        t->state_of[mask] = NO_STATE;
        if (low && size <= MAX_CARDS) {
            t->mask_of[t->states] = mask;
            t->state_of[mask] = (int16_t)t->states++;
        }
    }
    for (int r = 0; r < RANK_COUNT; r++) avail[r] = SUIT_COUNT;
    if (low_replacements(t, counts, avail, 0, MAX_CARDS, 1, c->dealt_ranks, c->dealt_states) < 0 ||
        sparse_init(&c->next, t->states) < 0 || sparse_init(&c->last, t->states) < 0)
        return -1;
    for (int s = 0; s < t->states; s++) {
        int mask = t->mask_of[s], kept = 0;
        for (int r = 0; r < RANK_COUNT; r++) {
            counts[r] = mask >> r & 1;
            avail[r] = SUIT_COUNT - counts[r];
            kept += counts[r];
        }
        if (low_replacements(t, counts, avail, 0, MAX_CARDS - kept, 1, ranks, c->row) < 0 ||
            sparse_row(&c->next, s, c->row, t->states) < 0 ||
            sparse_row(&c->last, s, ranks, t->ranks + 1) < 0)
            return -1;
    }
    return 0;
}

/* ---- the tables -------------------------------------------------------------------- */

/* The expected share of a hand against m independent hands, each below it with
 * probability w and tied with it with probability t: the pot split among the j tied. */
static double share(double w, double t, int m) {
    double below[OPPONENTS + 1], tied[OPPONENTS + 1], sum = 0, binomial = 1;
    below[0] = tied[0] = 1;
    for (int j = 1; j <= m; j++) {
        below[j] = below[j - 1] * w;
        tied[j] = tied[j - 1] * t;
    }
    for (int j = 0; j <= m; j++) { /* j of them tie, the others are below */
        sum += binomial * tied[j] * below[m - j] / (j + 1);
        binomial = binomial * (m - j) / (j + 1);
    }
    return sum;
}

/* Where the equity of state s with `mine` draws to come (1..draws) against m + 1 random
 * hands drawing `theirs` times is kept. */
static size_t value_at(const half_table *t, int mine, int theirs, int m, int s) {
    return (((size_t)(mine - 1) * (t->draws + 1) + theirs) * OPPONENTS + m) * t->states + s;
}

/* From the chain: the ranks a random hand ends with after t draws, and each state's
 * equity against m such hands with the draws to come. */
static int fill_tables(half_table *t, chain *c) {
    int width = t->ranks + 1, states = t->states;
    double *now = malloc((size_t)states * sizeof *now);
    double *moved = malloc((size_t)states * sizeof *moved);
    double *shares = malloc((size_t)width * OPPONENTS * sizeof *shares);
    double *back = malloc((size_t)states * OPPONENTS * sizeof *back);
    double *ahead = malloc((size_t)states * OPPONENTS * sizeof *ahead);
    double total = 0;
    int code = now && moved && shares && back && ahead ? 0 : -1;
    for (int s = 0; s < states; s++) total += c->dealt_states[s];
    for (int s = 0; code == 0 && s < states; s++) now[s] = c->dealt_states[s] / total;
    for (int theirs = 0; code == 0 && theirs <= t->draws; theirs++) {
        double *worse = t->worse + (size_t)theirs * width, *tie = t->tie + (size_t)theirs * width;
        double below = 0;
        if (theirs == 0) {
            for (int r = 0; r < width; r++) tie[r] = c->dealt_ranks[r] / total;
        } else {
            sparse_push(&c->last, now, tie, width);
            sparse_push(&c->next, now, moved, states);
            memcpy(now, moved, (size_t)states * sizeof *now);
        }
        for (int r = width - 1; r >= 0; r--) {
            worse[r] = below;
            below += tie[r];
        }
        for (int r = 0; r < width; r++)
            for (int m = 0; m < OPPONENTS; m++)
                shares[(size_t)r * OPPONENTS + m] = share(worse[r], tie[r], m + 1);
        sparse_apply(&c->last, shares, back, OPPONENTS);
        for (int mine = 1; mine <= t->draws; mine++) {
            if (mine > 1) {
                sparse_apply(&c->next, back, ahead, OPPONENTS);
                memcpy(back, ahead, (size_t)states * OPPONENTS * sizeof *back);
            }
            for (int s = 0; s < states; s++)
                for (int m = 0; m < OPPONENTS; m++)
                    t->value[value_at(t, mine, theirs, m, s)] = (float)back[(size_t)s * OPPONENTS + m];
        }
    }
    free(now);
    free(moved);
    free(shares);
    free(back);
    free(ahead);
    return code;
}

static void free_half(half_table *t) {
    free(t->state_of);
    free(t->mask_of);
    free(t->worse);
    free(t->tie);
    free(t->value);
}

/* Build the tables of one half of `game`: 0, or -1 when memory runs out. */
static int build_half(half_table *t, const badugi_game *game, int half) {
    chain c;
    int code = -1, width;
    memset(&c, 0, sizeof c);
    t->ranking = game->rankings[half];
    t->low = !badugi_is_badugi_ranking(t->ranking);
    t->ranks = badugi_ranking_scale(t->ranking);
    t->draws = game->draws;
    t->states = t->low ? 1 << RANK_COUNT : t->ranks + 1; /* a low's are counted below */
    width = t->ranks + 1;
    if (t->low) {
        memset(&t->alone, 0, sizeof t->alone);
        t->alone.cards = MAX_CARDS;
        t->alone.draws = game->draws;
        t->alone.halves = 1;
        t->alone.rankings[0] = t->ranking;
        t->mask_of = malloc(sizeof *t->mask_of << RANK_COUNT);
    }
    t->state_of = malloc(sizeof *t->state_of << (t->low ? RANK_COUNT : BADUGI_VALUES));
    c.dealt_states = calloc((size_t)t->states, sizeof *c.dealt_states);
    c.dealt_ranks = calloc((size_t)width, sizeof *c.dealt_ranks);
    c.row = calloc((size_t)t->states + (size_t)width, sizeof *c.row);
    t->worse = malloc((size_t)(t->draws + 1) * width * sizeof *t->worse);
    t->tie = malloc((size_t)(t->draws + 1) * width * sizeof *t->tie);
    if (c.dealt_states && c.dealt_ranks && c.row && t->worse && t->tie &&
        t->state_of && (!t->low || t->mask_of) &&
        (t->low ? low_chain(t, &c) : badugi_chain(t, &c, game->cards)) == 0) {
        t->value = malloc((size_t)t->draws * (t->draws + 1) * OPPONENTS * t->states *
                          sizeof *t->value);
        code = t->value ? fill_tables(t, &c) : -1;
    }
    free(c.dealt_states);
    free(c.dealt_ranks);
    free(c.row);
    sparse_free(&c.next);
    if (c.last.start != c.next.start) sparse_free(&c.last);
    return code;
}

badugi_equity *badugi_equity_new(const badugi_game *game) {
    badugi_equity *e;
    if (!game || badugi_game_fault(game)) return NULL;
    if (game->cards < 4 || badugi_count_cards(badugi_game_deck(game)) != BADUGI_CARDS)
        return NULL; /* a small game: the tables are the whole deck's, of 4 or 5 cards */
    e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->game = *game;
    e->game.qualifier = 0;
    e->game.odd_half = 0;
    for (int half = 0; half < game->halves; half++)
        if (build_half(&e->half[half], game, half) < 0) {
            badugi_equity_free(e);
            return NULL;
        }
    return e;
}

void badugi_equity_free(badugi_equity *e) {
    if (!e) return;
    for (int half = 0; half < 2; half++) free_half(&e->half[half]);
    free(e);
}

int badugi_equity_fits(const badugi_equity *e, const badugi_game *game) {
    if (!e || !game || e->game.cards != game->cards || e->game.draws != game->draws ||
        e->game.halves != game->halves)
        return 0;
    for (int half = 0; half < game->halves; half++)
        if (e->game.rankings[half] != game->rankings[half]) return 0;
    return 1;
}

/* The state of keeping the cards at the positions in `keep` (a low: its low ranks; a
 * Badugi half: a playing set, whose values name it), or NO_STATE. */
static int state_of_keep(const half_table *t, const uint8_t *cards, int count, int keep) {
    int high = t->ranking == BADUGI_RANKING_BADUGI_ACE_HIGH, mask = 0;
    for (int i = 0; i < count; i++) {
        int rank = cards[i] / SUIT_COUNT;
        if (keep >> i & 1) mask |= 1 << (t->low ? rank : high && rank == 0 ? 14 : rank + 1);
    }
    return t->state_of[mask];
}

/* One half's equity of a valid hand. */
static double half_equity(const half_table *t, const uint8_t *cards, int count, int mine,
                          int theirs, int opponents) {
    int state;
    if (mine == 0) {
        uint16_t rank = badugi_rank(t->ranking, cards, count);
        size_t at = (size_t)theirs * (t->ranks + 1) + rank;
        return share(t->worse[at], t->tie[at], opponents);
    }
    if (t->low) { /* the low ranks its policy keeps */
        int all = (1 << count) - 1;
        state = state_of_keep(t, cards, count, all & ~badugi_odds_discard(&t->alone, cards, count));
        if (state == NO_STATE) return -1; /* not reached: the policy keeps distinct low ranks */
    } else {
        state = badugi_rank(t->ranking, cards, count);
    }
    return t->value[value_at(t, mine, theirs, opponents - 1, state)];
}

/* Whether the arguments of an equity are in range, the cards distinct ids. */
static int equity_args(const badugi_equity *e, const uint8_t *cards, int count, int mine,
                       int theirs, int opponents) {
    uint64_t used = 0;
    if (!e || !cards || count != e->game.cards || mine < 0 || mine > e->game.draws ||
        theirs < 0 || theirs > e->game.draws || opponents < 1 || opponents > OPPONENTS)
        return 0;
    for (int i = 0; i < count; i++) {
        if (cards[i] >= BADUGI_CARDS || used >> cards[i] & 1) return 0;
        used |= 1ull << cards[i];
    }
    return 1;
}

double badugi_equity_of(const badugi_equity *e, const uint8_t *cards, int count, int mine,
                        int theirs, int opponents) {
    double sum = 0;
    if (!equity_args(e, cards, count, mine, theirs, opponents)) return -1;
    for (int half = 0; half < e->game.halves; half++) {
        double part = half_equity(&e->half[half], cards, count, mine, theirs, opponents);
        if (part < 0) return -1;
        sum += part;
    }
    return sum / e->game.halves;
}

int badugi_equity_draw(const badugi_equity *e, const uint8_t *cards, int count, int mine,
                       int theirs, int opponents) {
    const half_table *t;
    int all = (1 << count) - 1, thrown, keep, best_keep;
    float best;
    if (!equity_args(e, cards, count, mine, theirs, opponents) || mine < 1) return -1;
    t = &e->half[0];
    thrown = badugi_odds_policy(&e->game, 0, cards, count);
    if (thrown < 0 || e->game.halves > 1) return thrown;
    keep = all & ~thrown;
    best_keep = keep;
    best = t->value[value_at(t, mine, theirs, opponents - 1, state_of_keep(t, cards, count, keep))];
    for (int sub = (keep - 1) & keep; sub; sub = (sub - 1) & keep) { /* its proper subsets */
        int state = state_of_keep(t, cards, count, sub);
        float value;
        if (state == NO_STATE) continue;
        value = t->value[value_at(t, mine, theirs, opponents - 1, state)];
        if (value > best) {
            best = value;
            best_keep = sub;
        }
    }
    if (t->low) { /* throwing every card is a low's state too */
        float value = t->value[value_at(t, mine, theirs, opponents - 1, t->state_of[0])];
        if (value > best) best_keep = 0;
    }
    return all & ~best_keep;
}
