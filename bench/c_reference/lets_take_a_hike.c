/* Let's Take a Hike in C: a port of the compiled engine (simkit/games/lets_take_a_hike/fast.py
 * and fast_strategies.py), every strategy, every player count, the rules given as fast.py's
 * CompiledRules arrays. A measuring stick for the numba kernel, not a shipped engine: it plays
 * the same games from the same seeds (numpy's SeedSequence hash and SplitMix64, as
 * simkit/core/fast_rng.py), draw for draw, and gives the same outcomes
 * (tests/test_c_reference.py checks that game by game). simkit bench runs both on one core.
 *
 * The port keeps the kernel's algorithms (the same piles, the backpacks as per-type counts,
 * Hall's theorem with the same table of backpacks already measured, the same payment search), so
 * the ratio of the two measures the compiler and the runtime, not the method.
 *
 * Built by simkit bench (make bench) with `cc -O2 -shared -fPIC`; called through ctypes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;
typedef uint32_t u32;

/* ------------------------------------------------------------------ seeds and draws */
static inline u64 next64(u64 *state, i64 i) {
    u64 s = state[i] + 0x9E3779B97F4A7C15ULL;
    state[i] = s;
    u64 z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline i64 below(u64 *state, i64 i, i64 n) { return (i64)(next64(state, i) % (u64)n); }

static void shuffle(u64 *state, i64 i, i64 *seq, i64 length) {
    for (i64 k = length - 1; k > 0; k--) {
        i64 j = below(state, i, k + 1);
        i64 t = seq[k];
        seq[k] = seq[j];
        seq[j] = t;
    }
}

static int words(u64 value, u32 *out, int at) {
    if (value == 0) {
        out[at] = 0;
        return at + 1;
    }
    while (value > 0) {
        out[at++] = (u32)value;
        value >>= 32;
    }
    return at;
}

static inline u32 hashmix(u32 value, u32 *hash_const) {
    value ^= *hash_const;
    *hash_const *= 0x931E8875u;
    value *= *hash_const;
    return value ^ (value >> 16);
}

static inline u32 mix(u32 x, u32 y) {
    u32 result = 0xCA01F9DDu * x - 0x4973F715u * y;
    return result ^ (result >> 16);
}

/* SeedSequence(entropy, spawn_key=(key,)).generate_state(1, np.uint64)[0] */
static u64 seed_state(u64 entropy, u64 key) {
    u32 w[6] = {0}, pool[4], hash_const = 0x43B0D7E5u, h = 0x8B51F9DDu;
    int n = words(entropy, w, 0);
    n = words(key, w, n < 4 ? 4 : n);
    for (int i = 0; i < 4; i++) pool[i] = hashmix(w[i], &hash_const);
    for (int src = 0; src < 4; src++)
        for (int dst = 0; dst < 4; dst++)
            if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], &hash_const));
    for (int src = 4; src < n; src++)
        for (int dst = 0; dst < 4; dst++) pool[dst] = mix(pool[dst], hashmix(w[src], &hash_const));
    u64 out = 0;
    for (int i = 0; i < 2; i++) {
        u32 value = pool[i] ^ h;
        h *= 0x58F38DEDu;
        value *= h;
        value ^= value >> 16;
        out |= (u64)value << (32 * i);
    }
    return out;
}

/* ------------------------------------------------------------------ codes, as fast.py */
enum { DRAW, HIKE, JOIN, STAY_BEHIND, CONTINUE, DROP_OUT };
enum { DISCARD_BASE = 100, TAKE_BASE = 200 };
enum { TURN, DISCARD, JOIN_PHASE, CONTINUE_PHASE, TAKE };
enum { OVERFLOW, RACCOON, SKUNK, BLISTER, MILES };
enum { DRAW_PILE, DISCARD_PILE, HIKING_PILE };
enum { CARDS_SCORED, HIKES_LED, HIKES_JOINED, LOST, BUSTS, PACK_MILES, DRAWOFF, SCORED_MILES,
       PACK_CARDS, PACK_KEY, N_TALLIES };
enum { SETTLE, FINISH_SETUP, START_TURN, END_TURN, TURN_UP, AFTER_CARD, START_ROUND,
       NEXT_IN_ROUND, END_HIKE, JOIN_NEXT, DROPS_OUT, LEAVES, DECIDE };
enum { NORMAL, TURN_LIMIT, FAILED };
enum { RANDOM, CAUTIOUS, GREEDY, BOLD, THRESHOLD };
enum { N_PARAMS = 3, KEY_TYPES = 14, KNOWN_BITS = 12 };
/* cards[]: the special cards' codes */
enum { GRANOLA, SOCKS, BEAR_SPRAY, RACCOON_CARD, SKUNK_CARD, BLISTER_CARD, BEAR_CARD };

/* What this port holds at most (play_games refuses more): far beyond the rulebook's 2-5 players,
 * 12 Item and 4 Hazard types, 102 cards and 128 sets of spaces. */
enum { MAX_SEATS = 16, MAX_TYPES = 64, MAX_CARDS = 2048, MAX_SUBSETS = 1024 };

/* The rules (fast.CompiledRules) and one game's state. */
typedef struct {
    i64 n, n_items, n_cards, deal, turn_limit, drawoff_random, n_subsets;
    const i64 *copies, *miles, *cards, *sup_start, *sup_list, *capacity;
    i64 *known;
    i64 piles[3][MAX_CARDS], plen[3];
    i64 packs[MAX_SEATS][MAX_TYPES], tally[MAX_SEATS][N_TALLIES], unseen[MAX_TYPES];
    i64 debts[4 * MAX_SEATS + 4][3], dq[2];
    unsigned char on_hike[MAX_SEATS];
    i64 round_queue[MAX_SEATS], scratch[MAX_SEATS], ranks[MAX_SEATS];
    i64 drawn_left[MAX_SEATS], drawn_out[MAX_SEATS];
    i64 legal[MAX_TYPES], choices[MAX_TYPES], pay[3][MAX_TYPES];
    i64 deck[MAX_CARDS], pool[MAX_CARDS], need[MAX_SUBSETS];
    u64 rngs[MAX_SEATS + 1];
} Game;

#define PACK(g, s, t) (g)->packs[s][t]
#define TALLY(g, s, c) (g)->tally[s][c]
#define PILE(g, p, j) (g)->piles[p][j]

/* ------------------------------------------------------------------ backpacks */
static inline i64 nibble(i64 item) { return item < KEY_TYPES ? (i64)1 << (4 * item) : 0; }

static inline void pack_change(Game *g, i64 seat, i64 item, i64 k) {
    PACK(g, seat, item) += k;
    g->unseen[item] -= k;
    TALLY(g, seat, PACK_CARDS) += k;
    TALLY(g, seat, PACK_MILES) += k * g->miles[item];
    TALLY(g, seat, PACK_KEY) += k * nibble(item);
}

/* Most cards of a backpack the spaces hold at once (Hall's theorem), remembered per backpack. */
static i64 placeable(Game *g, i64 seat, i64 key, i64 held) {
    int small = g->n_items <= KEY_TYPES && held < 16;
    u64 slot = ((u64)key * 0x9E3779B97F4A7C15ULL) >> (64 - KNOWN_BITS);
    if (small && g->known[slot] >> 4 == key) return g->known[slot] & 15;
    for (i64 x = 0; x < g->n_subsets; x++) g->need[x] = 0;
    i64 cards = 0;
    for (i64 t = 0; t < g->n_items; t++) {
        i64 c = PACK(g, seat, t);
        if (c) {
            cards += c;
            for (i64 j = g->sup_start[t]; j < g->sup_start[t + 1]; j++) g->need[g->sup_list[j]] += c;
        }
    }
    i64 excess = 0;
    for (i64 x = 0; x < g->n_subsets; x++) {
        i64 e = g->need[x] - g->capacity[x];
        if (e > excess) excess = e;
    }
    if (small) g->known[slot] = key << 4 | (cards - excess);
    return cards - excess;
}

static i64 debt_choices(Game *g, i64 seat, i64 kind, i64 amount, i64 *out) {
    i64 k = 0;
    if (kind == OVERFLOW) {
        i64 key = TALLY(g, seat, PACK_KEY), held = TALLY(g, seat, PACK_CARDS);
        i64 best = placeable(g, seat, key, held);
        if (best == held) return 0;
        for (i64 t = 0; t < g->n_items; t++) {
            if (PACK(g, seat, t)) {
                PACK(g, seat, t) -= 1;
                if (placeable(g, seat, key - nibble(t), held - 1) == best) out[k++] = t;
                PACK(g, seat, t) += 1;
            }
        }
        return k;
    }
    if (kind == BLISTER) {
        i64 top = 0;
        for (i64 t = 0; t < g->n_items; t++)
            if (PACK(g, seat, t) && g->miles[t] > top) top = g->miles[t];
        for (i64 t = 0; t < g->n_items; t++)
            if (PACK(g, seat, t) && g->miles[t] == top) out[k++] = t;
        return k;
    }
    if (amount <= 0) return 0;
    for (i64 t = 0; t < g->n_items; t++)
        if (PACK(g, seat, t)) out[k++] = t;
    return k;
}

static inline void push(Game *g, i64 pile, i64 card) { PILE(g, pile, g->plen[pile]++) = card; }

static void pay_debt(Game *g, i64 item) {
    i64 *debt = g->debts[g->dq[0]];
    i64 seat = debt[0], kind = debt[1];
    pack_change(g, seat, item, -1);
    push(g, DISCARD_PILE, item);
    if (kind == RACCOON || kind == SKUNK || kind == BLISTER) TALLY(g, seat, LOST) += 1;
    if (kind == MILES)
        debt[2] -= g->miles[item];
    else if (kind == RACCOON || kind == SKUNK)
        debt[2] -= 1;
    else if (kind == BLISTER) {
        debt[2] = -1;
        g->dq[0] += 1;
    }
}

static inline void owe(Game *g, i64 seat, i64 kind, i64 amount) {
    i64 *debt = g->debts[g->dq[1]++];
    debt[0] = seat;
    debt[1] = kind;
    debt[2] = amount;
}

/* ------------------------------------------------------------------ piles and hikers */
static void hazard(Game *g, i64 card, const i64 *seats, i64 n_seats, int on_hike) {
    const i64 *cards = g->cards;
    if (card == cards[BEAR_CARD]) {
        for (i64 i = 0; i < (on_hike ? n_seats : g->n); i++) {
            i64 s = on_hike ? seats[i] : i;
            if (PACK(g, s, cards[BEAR_SPRAY])) continue;
            i64 eaten = PACK(g, s, cards[GRANOLA]);
            if (eaten) {
                pack_change(g, s, cards[GRANOLA], -eaten);
                for (i64 j = 0; j < eaten; j++) push(g, DISCARD_PILE, cards[GRANOLA]);
                TALLY(g, s, LOST) += eaten;
            }
        }
        return;
    }
    for (i64 i = 0; i < n_seats; i++) {
        i64 s = seats[i];
        if (TALLY(g, s, PACK_CARDS) == 0) continue;
        if (card == cards[RACCOON_CARD])
            owe(g, s, RACCOON, 1);
        else if (card == cards[SKUNK_CARD])
            owe(g, s, SKUNK, 2);
        else if (PACK(g, s, cards[SOCKS]) == 0)
            owe(g, s, BLISTER, 0);
    }
}

static inline i64 clockwise(Game *g, i64 lead, i64 *out) {
    i64 k = 0;
    for (i64 i = 0; i < g->n; i++) {
        i64 s = (lead + i) % g->n;
        if (g->on_hike[s]) out[k++] = s;
    }
    return k;
}

static void take(Game *g, i64 seat, i64 card) {
    i64 length = g->plen[HIKING_PILE], at = 0;
    while (PILE(g, HIKING_PILE, at) != card) at++;
    for (i64 j = at; j < length - 1; j++) PILE(g, HIKING_PILE, j) = PILE(g, HIKING_PILE, j + 1);
    g->plen[HIKING_PILE] = length - 1;
    TALLY(g, seat, SCORED_MILES) += g->miles[card];
    TALLY(g, seat, CARDS_SCORED) += 1;
    g->unseen[card] += 1;
}

/* A hiker leaves; if it led, the next hiker clockwise leads. */
static inline void leave(Game *g, i64 *n_hikers, i64 *lead, i64 seat) {
    g->on_hike[seat] = 0;
    *n_hikers -= 1;
    if (seat == *lead && *n_hikers) {
        for (i64 i = 1; i < g->n; i++) {
            i64 s = (seat + i) % g->n;
            if (g->on_hike[s]) {
                *lead = s;
                return;
            }
        }
    }
}

/* ------------------------------------------------------------------ the strategies */
static inline double keep_value(Game *g, i64 seat, i64 item) {
    double value = (double)g->miles[item];
    if (PACK(g, seat, item) == 1) value += 1.0;
    if (item == g->cards[SOCKS]) value += 1.5;
    if (item == g->cards[BEAR_SPRAY]) value += 0.5 * PACK(g, seat, g->cards[GRANOLA]);
    return value;
}

static i64 fewest_cards_paying(Game *g, const i64 *legal, i64 k, i64 owed, i64 seat) {
    i64 *counted = g->pay[1];
    i64 fewest = 0, paid = 0;
    while (paid < owed) {
        i64 top = -1;
        for (i64 j = 0; j < k; j++) {
            i64 item = legal[j] - DISCARD_BASE;
            if (counted[j] < PACK(g, seat, item) &&
                (top < 0 || g->miles[item] > g->miles[legal[top] - DISCARD_BASE]))
                top = j;
        }
        if (top < 0) break;
        counted[top] += 1;
        paid += g->miles[legal[top] - DISCARD_BASE];
        fewest += 1;
    }
    for (i64 j = 0; j < k; j++) counted[j] = 0;
    return fewest;
}

/* cheapest_payment: the first set of the fewest cards, then fewest miles, then least keep value;
 * its highest-mile card. */
static i64 cheapest_payment_card(Game *g, const i64 *legal, i64 k, i64 owed, i64 seat) {
    i64 *tried = g->pay[0], *best = g->pay[1], *value2 = g->pay[2];
    for (i64 j = 0; j < k; j++) {
        tried[j] = best[j] = 0;
        value2[j] = (i64)(2.0 * keep_value(g, seat, legal[j] - DISCARD_BASE));
    }
    i64 fewest = fewest_cards_paying(g, legal, k, owed, seat);
    int found = 0;
    i64 best_cards = 0, best_miles = 0, best_value = 0, count = 0, total = 0, value = 0;
    for (;;) {
        if (total >= owed &&
            (!found || count < best_cards ||
             (count == best_cards &&
              (total < best_miles || (total == best_miles && value < best_value))))) {
            found = 1;
            best_cards = count;
            best_miles = total;
            best_value = value;
            for (i64 m = 0; m < k; m++) best[m] = tried[m];
        }
        i64 j = k - 1;
        while (j >= 0) {
            i64 item = legal[j] - DISCARD_BASE;
            if (count < fewest && tried[j] < PACK(g, seat, item)) {
                tried[j] += 1;
                count += 1;
                total += g->miles[item];
                value += value2[j];
                break;
            }
            i64 c = tried[j];
            count -= c;
            total -= c * g->miles[item];
            value -= c * value2[j];
            tried[j] = 0;
            j--;
        }
        if (j < 0) break;
    }
    i64 pay = -1;
    for (i64 j = 0; j < k; j++) {
        i64 item = legal[j] - DISCARD_BASE;
        if (best[j] && (pay < 0 || g->miles[item] > g->miles[pay])) pay = item;
    }
    return pay;
}

static i64 pick_discard(Game *g, const i64 *legal, i64 k, i64 debt_kind, i64 owed, i64 seat) {
    if (debt_kind == MILES) return DISCARD_BASE + cheapest_payment_card(g, legal, k, owed, seat);
    i64 best = -1;
    double best_value = 0.0;
    for (i64 j = 0; j < k; j++) {
        i64 item = legal[j] - DISCARD_BASE;
        double value = keep_value(g, seat, item);
        if (best < 0 || value < best_value) {
            best = item;
            best_value = value;
        }
    }
    return DISCARD_BASE + best;
}

static inline int empties_pack(Game *g, i64 seat, i64 card, i64 smallest) {
    const i64 *cards = g->cards;
    i64 held = TALLY(g, seat, PACK_CARDS);
    if (card < g->n_items) {
        if (PACK(g, seat, card)) return 0;
        return TALLY(g, seat, PACK_MILES) - smallest < g->miles[card];
    }
    if (card == cards[RACCOON_CARD]) return held <= 1;
    if (card == cards[SKUNK_CARD]) return held <= 2;
    if (card == cards[BLISTER_CARD]) return held <= 1 && PACK(g, seat, cards[SOCKS]) == 0;
    return PACK(g, seat, cards[BEAR_SPRAY]) == 0 && PACK(g, seat, cards[GRANOLA]) == held;
}

static int risks_whole_pack(Game *g, i64 seat) {
    i64 smallest = (i64)1 << 30;
    for (i64 t = 0; t < g->n_items; t++)
        if (PACK(g, seat, t) && g->miles[t] < smallest) smallest = g->miles[t];
    i64 spare = TALLY(g, seat, PACK_MILES) - smallest, at_risk = 0, total = 0;
    for (i64 t = 0; t < g->n_items; t++) {
        i64 left = g->unseen[t];
        total += left;
        if (PACK(g, seat, t) == 0 && spare < g->miles[t]) at_risk += left;
    }
    for (i64 c = g->n_items; c < g->n_cards; c++) {
        i64 left = g->unseen[c];
        total += left;
        if (left && empties_pack(g, seat, c, smallest)) at_risk += left;
    }
    return 2 * at_risk > total;
}

/* ahead: the seat has scored more miles than every other player. */
static int ahead(Game *g, i64 seat) {
    for (i64 s = 0; s < g->n; s++)
        if (s != seat && TALLY(g, s, SCORED_MILES) >= TALLY(g, seat, SCORED_MILES)) return 0;
    return 1;
}

static inline void pile_miles(Game *g, i64 *total, i64 *top) {
    *total = 0;
    *top = 0;
    for (i64 j = 0; j < g->plen[HIKING_PILE]; j++) {
        i64 card = PILE(g, HIKING_PILE, j);
        if (card < g->n_items) {
            *total += g->miles[card];
            if (g->miles[card] > *top) *top = g->miles[card];
        }
    }
}

static i64 choose(Game *g, i64 kind, const i64 *p, i64 seat, i64 phase, const i64 *legal, i64 k,
                  i64 debt_kind, i64 debt_amount) {
    if (kind == RANDOM) return legal[below(g->rngs, seat + 1, k)];
    if (phase == DISCARD) return pick_discard(g, legal, k, debt_kind, debt_amount, seat);
    if (phase == TAKE) {
        i64 best = legal[0];
        for (i64 j = 1; j < k; j++)
            if (g->miles[legal[j] - TAKE_BASE] > g->miles[best - TAKE_BASE]) best = legal[j];
        return best;
    }
    if (k == 1) return legal[0];
    i64 pile_total = 0, pile_best = 0;
    if (phase == CONTINUE_PHASE) {
        pile_miles(g, &pile_total, &pile_best);
        /* Going on would more likely than not empty the backpack and lose the pile's cards. */
        if (pile_best > 0 && risks_whole_pack(g, seat)) return DROP_OUT;
    }
    i64 cards_held = TALLY(g, seat, PACK_CARDS), my_miles = TALLY(g, seat, PACK_MILES);
    int endgame = g->plen[DRAW_PILE] <= 2 * g->n;
    /* Hiker.holds_the_lead: ahead at the end, with a backpack likely to be emptied, draw. */
    if (phase == TURN && endgame && ahead(g, seat) && risks_whole_pack(g, seat)) return DRAW;
    if (kind == CAUTIOUS) {
        i64 full = p[0];
        if (phase == TURN) return cards_held >= full || (endgame && cards_held) ? HIKE : DRAW;
        if (phase == JOIN_PHASE) return cards_held >= full || endgame ? JOIN : STAY_BEHIND;
        return pile_best > 0 ? DROP_OUT : CONTINUE;
    }
    if (kind == GREEDY) {
        i64 take_at = p[0], hike_at = p[1];
        if (phase == TURN) return cards_held >= hike_at || (endgame && cards_held) ? HIKE : DRAW;
        if (phase == JOIN_PHASE) return cards_held >= hike_at - 1 || endgame ? JOIN : STAY_BEHIND;
        return pile_best >= take_at || my_miles < 4 ? DROP_OUT : CONTINUE;
    }
    if (kind == BOLD) {
        i64 reserve = p[0], enough = p[1], hike_miles = p[2];
        if (phase == TURN) return my_miles >= hike_miles || (endgame && my_miles) ? HIKE : DRAW;
        if (phase == JOIN_PHASE) return my_miles >= hike_miles - 2 || endgame ? JOIN : STAY_BEHIND;
        if (my_miles < reserve) return DROP_OUT;
        int others = 0;
        i64 richest = 0;
        for (i64 s = 0; s < g->n; s++) {
            if (g->on_hike[s] && s != seat) {
                i64 m = TALLY(g, s, PACK_MILES);
                richest = !others || m > richest ? m : richest;
                others = 1;
            }
        }
        if (others) return my_miles > richest || pile_best == 0 ? CONTINUE : DROP_OUT;
        return pile_total >= enough ? DROP_OUT : CONTINUE;
    }
    /* THRESHOLD */
    i64 hike = p[0], drop = p[1], reserve = p[2];
    if (phase == TURN || phase == JOIN_PHASE) {
        int go = cards_held >= hike || (endgame && cards_held > 0);
        if (phase == TURN) return go ? HIKE : DRAW;
        return go ? JOIN : STAY_BEHIND;
    }
    return pile_total >= drop || my_miles < reserve ? DROP_OUT : CONTINUE;
}

/* ------------------------------------------------------------------ the end */
static void ranks_of(Game *g) {
    for (i64 s = 0; s < g->n; s++) {
        i64 r = 1;
        for (i64 o = 0; o < g->n; o++) {
            if (TALLY(g, o, SCORED_MILES) > TALLY(g, s, SCORED_MILES) ||
                (TALLY(g, o, SCORED_MILES) == TALLY(g, s, SCORED_MILES) &&
                 TALLY(g, o, CARDS_SCORED) > TALLY(g, s, CARDS_SCORED)))
                r++;
        }
        g->ranks[s] = r;
    }
}

static void skunk_drawoff(Game *g) {
    i64 skunk = g->cards[SKUNK_CARD], size = 0, skunks = 0;
    static const int order[3] = {DISCARD_PILE, DRAW_PILE, HIKING_PILE};
    for (int p = 0; p < 3; p++) {
        for (i64 j = 0; j < g->plen[order[p]]; j++) {
            g->pool[size] = PILE(g, order[p], j);
            skunks += g->pool[size] == skunk;
            size++;
        }
    }
    if (skunks == 0) return;
    i64 left = 0, out = 0, dlen = 0;
    for (i64 s = 0; s < g->n; s++) {
        if (g->ranks[s] == 1) {
            TALLY(g, s, DRAWOFF) = 1;
            g->drawn_left[left++] = s;
        }
    }
    i64 turn = g->drawoff_random ? below(g->rngs, 0, left) : 0;
    while (left > 1) {
        if (dlen == 0) {
            memcpy(g->deck, g->pool, size * sizeof(i64));
            dlen = size;
            shuffle(g->rngs, 0, g->deck, dlen);
        }
        i64 at = turn % left, seat = g->drawn_left[at];
        dlen--;
        if (g->deck[dlen] == skunk) {
            for (i64 j = at; j < left - 1; j++) g->drawn_left[j] = g->drawn_left[j + 1];
            left--;
            g->drawn_out[out++] = seat;
        } else {
            turn++;
        }
    }
    for (i64 i = 0; i < out; i++) g->ranks[g->drawn_out[out - 1 - i]] = 2 + i;
}

/* ------------------------------------------------------------------ a game */
/* Game Setup up to the first settling of the backpacks; 0 if the Item cards run out. */
static int setup(Game *g) {
    memset(g->plen, 0, sizeof g->plen);
    memset(g->packs, 0, sizeof g->packs);
    memset(g->tally, 0, sizeof g->tally);
    memset(g->on_hike, 0, sizeof g->on_hike);
    g->dq[0] = g->dq[1] = 0;
    for (i64 card = 0; card < g->n_cards; card++) {
        g->unseen[card] = g->copies[card];
        for (i64 j = 0; j < g->copies[card]; j++) push(g, DRAW_PILE, card);
    }
    shuffle(g->rngs, 0, &PILE(g, DRAW_PILE, 0), g->plen[DRAW_PILE]);
    for (i64 seat = 0; seat < g->n; seat++) {
        i64 dealt = 0;
        while (dealt < g->deal) {
            if (g->plen[DRAW_PILE] == 0) return 0;
            i64 card = PILE(g, DRAW_PILE, --g->plen[DRAW_PILE]);
            if (card < g->n_items) {
                pack_change(g, seat, card, 1);
                dealt++;
            } else {
                push(g, DISCARD_PILE, card);
            }
        }
        owe(g, seat, OVERFLOW, 0);
    }
    return 1;
}

/* The game from its set-up to its end; returns the end reason, *turns and *decisions. */
static i64 run(Game *g, const i64 *kinds, const i64 *params, i64 *turns_out, i64 *decisions_out) {
    const i64 n = g->n, n_items = g->n_items;
    i64 *legal = g->legal, *choices = g->choices, *scratch = g->scratch, *rq = g->round_queue;
    i64 pc = SETTLE, after = FINISH_SETUP, seat = 0, turn_seat = 0, lead = -1, announcer = -1;
    i64 join_at = 0, rq_len = 0, turns = 0, n_hikers = 0, decisions = 0, phase = TURN, k = 0;
    i64 debt_kind = -1, debt_amount = 0, end = NORMAL;
    int deck_exhausted = 0, no_cards_left = 0;
    for (;;) {
        if (pc == DECIDE) {
            i64 a = choose(g, kinds[seat], params + seat * N_PARAMS, seat, phase, legal, k,
                           debt_kind, debt_amount);
            decisions++;
            int found = 0;
            for (i64 j = 0; j < k; j++) found |= legal[j] == a;
            if (!found) {
                end = FAILED;
                goto done;
            }
            if (phase == TURN) {
                turns++;
                if (a == DRAW) {
                    /* Option One: an Item goes in the backpack, a Hazard strikes the drawer. */
                    if (g->plen[DRAW_PILE] == 0) {
                        end = FAILED;
                        goto done;
                    }
                    i64 card = PILE(g, DRAW_PILE, --g->plen[DRAW_PILE]);
                    if (card < n_items) {
                        pack_change(g, seat, card, 1);
                        owe(g, seat, OVERFLOW, 0);
                    } else {
                        scratch[0] = seat;
                        hazard(g, card, scratch, 1, 0);
                        push(g, DISCARD_PILE, card);
                    }
                    pc = SETTLE;
                } else {
                    /* Option Two: a hike, which the others may join clockwise. */
                    TALLY(g, seat, HIKES_LED) += 1;
                    announcer = lead = seat;
                    for (i64 s = 0; s < n; s++) g->on_hike[s] = s == seat;
                    n_hikers = 1;
                    join_at = 1;
                    pc = JOIN_NEXT;
                }
            } else if (phase == CONTINUE_PHASE) {
                for (i64 j = 0; j < rq_len - 1; j++) rq[j] = rq[j + 1];
                rq_len--;
                pc = a == CONTINUE ? NEXT_IN_ROUND : DROPS_OUT;
            } else if (phase == JOIN_PHASE) {
                if (a == JOIN) {
                    g->on_hike[seat] = 1;
                    n_hikers++;
                    TALLY(g, seat, HIKES_JOINED) += 1;
                }
                join_at++;
                pc = JOIN_NEXT;
            } else if (phase == DISCARD) {
                pay_debt(g, a - DISCARD_BASE);
                pc = SETTLE;
            } else {
                take(g, seat, a - TAKE_BASE);
                pc = LEAVES;
            }
        } else if (pc == SETTLE) {
            while (g->dq[0] < g->dq[1]) {
                i64 *debt = g->debts[g->dq[0]];
                seat = debt[0];
                debt_kind = debt[1];
                debt_amount = debt[2];
                k = debt_choices(g, seat, debt_kind, debt_amount, choices);
                if (k == 0)
                    g->dq[0]++;
                else if (k == 1)
                    pay_debt(g, choices[0]);
                else
                    break;
            }
            if (g->dq[0] < g->dq[1]) {
                for (i64 j = 0; j < k; j++) legal[j] = DISCARD_BASE + choices[j];
                phase = DISCARD;
                pc = DECIDE;
            } else {
                g->dq[0] = g->dq[1] = 0;
                pc = after;
            }
        } else if (pc == FINISH_SETUP) {
            /* The discards are shuffled back into the draw pile. */
            for (i64 j = 0; j < g->plen[DISCARD_PILE]; j++) push(g, DRAW_PILE, PILE(g, DISCARD_PILE, j));
            g->plen[DISCARD_PILE] = 0;
            shuffle(g->rngs, 0, &PILE(g, DRAW_PILE, 0), g->plen[DRAW_PILE]);
            turn_seat = 0;
            pc = START_TURN;
        } else if (pc == START_TURN) {
            if (turns >= g->turn_limit) {
                ranks_of(g);
                *turns_out = turns;
                *decisions_out = decisions;
                return TURN_LIMIT;
            }
            after = END_TURN;
            seat = turn_seat;
            legal[0] = DRAW;
            legal[1] = HIKE;
            k = TALLY(g, seat, PACK_CARDS) ? 2 : 1;
            phase = TURN;
            pc = DECIDE;
        } else if (pc == JOIN_NEXT) {
            while (join_at < n && TALLY(g, (announcer + join_at) % n, PACK_CARDS) == 0) join_at++;
            if (join_at == n) {
                pc = TURN_UP;
            } else {
                seat = (announcer + join_at) % n;
                legal[0] = JOIN;
                legal[1] = STAY_BEHIND;
                k = 2;
                phase = JOIN_PHASE;
                pc = DECIDE;
            }
        } else if (pc == END_TURN) {
            if (g->plen[DRAW_PILE] == 0) break; /* Game End: the draw pile is used up */
            turn_seat = (turn_seat + 1) % n;
            pc = START_TURN;
        } else if (pc == TURN_UP) {
            if (g->plen[DRAW_PILE] == 0) {
                if (g->plen[DISCARD_PILE] == 0) {
                    no_cards_left = 1;
                    pc = START_ROUND;
                    continue;
                }
                memcpy(&PILE(g, DRAW_PILE, 0), &PILE(g, DISCARD_PILE, 0),
                       g->plen[DISCARD_PILE] * sizeof(i64));
                g->plen[DRAW_PILE] = g->plen[DISCARD_PILE];
                g->plen[DISCARD_PILE] = 0;
                shuffle(g->rngs, 0, &PILE(g, DRAW_PILE, 0), g->plen[DRAW_PILE]);
            }
            i64 card = PILE(g, DRAW_PILE, --g->plen[DRAW_PILE]);
            if (g->plen[DRAW_PILE] == 0) deck_exhausted = 1;
            push(g, HIKING_PILE, card);
            g->unseen[card] -= 1;
            k = clockwise(g, lead, scratch);
            if (card < n_items) {
                for (i64 i = 0; i < k; i++) {
                    i64 s = scratch[i];
                    if (PACK(g, s, card)) continue;
                    i64 owed = g->miles[card];
                    if (TALLY(g, s, PACK_MILES) < owed) {
                        /* Not enough miles in the whole backpack: out, everything discarded. */
                        for (i64 t = 0; t < n_items; t++) {
                            i64 c = PACK(g, s, t);
                            for (i64 j = 0; j < c; j++) push(g, DISCARD_PILE, t);
                            pack_change(g, s, t, -c);
                        }
                        TALLY(g, s, BUSTS) += 1;
                    } else {
                        owe(g, s, MILES, owed);
                    }
                }
            } else {
                hazard(g, card, scratch, k, 1);
            }
            after = AFTER_CARD;
            pc = SETTLE;
        } else if (pc == AFTER_CARD) {
            /* Hikers with an empty backpack drop out and score nothing. */
            k = clockwise(g, lead, scratch);
            for (i64 i = 0; i < k; i++)
                if (TALLY(g, scratch[i], PACK_CARDS) == 0) leave(g, &n_hikers, &lead, scratch[i]);
            pc = START_ROUND;
        } else if (pc == START_ROUND) {
            rq_len = clockwise(g, lead, rq);
            pc = NEXT_IN_ROUND;
        } else if (pc == NEXT_IN_ROUND) {
            if (rq_len == 0) {
                pc = n_hikers ? TURN_UP : END_HIKE;
                continue;
            }
            seat = rq[0];
            legal[0] = no_cards_left ? DROP_OUT : CONTINUE;
            legal[1] = DROP_OUT;
            k = no_cards_left ? 1 : 2;
            phase = CONTINUE_PHASE;
            pc = DECIDE;
        } else if (pc == DROPS_OUT) {
            /* The distinct Item types on the hiking pile, ascending. */
            k = 0;
            for (i64 t = 0; t < n_items; t++) {
                for (i64 j = 0; j < g->plen[HIKING_PILE]; j++) {
                    if (PILE(g, HIKING_PILE, j) == t) {
                        choices[k++] = t;
                        break;
                    }
                }
            }
            pc = LEAVES;
            if (n_hikers == 1) {
                /* The last hiker out collects every Item card left on the hiking pile. */
                i64 kept = 0;
                for (i64 j = 0; j < g->plen[HIKING_PILE]; j++) {
                    i64 card = PILE(g, HIKING_PILE, j);
                    if (card < n_items) {
                        TALLY(g, seat, SCORED_MILES) += g->miles[card];
                        TALLY(g, seat, CARDS_SCORED) += 1;
                        g->unseen[card] += 1;
                    } else {
                        PILE(g, HIKING_PILE, kept++) = card;
                    }
                }
                g->plen[HIKING_PILE] = kept;
            } else if (k == 1) {
                take(g, seat, choices[0]);
            } else if (k > 1) {
                for (i64 j = 0; j < k; j++) legal[j] = TAKE_BASE + choices[j];
                phase = TAKE;
                pc = DECIDE;
            }
        } else if (pc == LEAVES) {
            leave(g, &n_hikers, &lead, seat);
            for (i64 j = 0; j < rq_len; j++) {
                if (rq[j] == seat) {
                    for (i64 m = j; m < rq_len - 1; m++) rq[m] = rq[m + 1];
                    rq_len--;
                    break;
                }
            }
            pc = NEXT_IN_ROUND;
        } else { /* END_HIKE */
            for (i64 j = 0; j < g->plen[HIKING_PILE]; j++) {
                i64 card = PILE(g, HIKING_PILE, j);
                push(g, DISCARD_PILE, card);
                g->unseen[card] += 1;
            }
            g->plen[HIKING_PILE] = 0;
            lead = -1;
            no_cards_left = 0;
            if (deck_exhausted || g->plen[DRAW_PILE] == 0) break;
            turn_seat = (announcer + 1) % n; /* play passes left of the original Lead Hiker */
            pc = START_TURN;
        }
    }
    /* Game End: ranks on miles then cards; a tie for first goes to the Skunk draw-off. */
    ranks_of(g);
    i64 tied = 0;
    for (i64 s = 0; s < n; s++) tied += g->ranks[s] == 1;
    if (tied > 1) skunk_drawoff(g);
done:
    *turns_out = turns;
    *decisions_out = decisions;
    return end;
}

/* Games first .. first+count-1 of a cell, as fast.play_games: outcome arrays filled, returns the
 * decisions made, or -1 if the game is beyond what this port holds. */
i64 play_games(u64 root, i64 first, i64 count, i64 n, const i64 *kinds, const i64 *params,
               i64 n_cards, const i64 *copies, i64 n_items, const i64 *miles, const i64 *cards,
               i64 deal, i64 turn_limit, i64 drawoff_random, const i64 *sup_start,
               const i64 *sup_list, i64 n_subsets, const i64 *capacity, i64 *known,
               u64 *out_seeds, i64 *out_tally, i64 *out_ranks, i64 *out_end, i64 *out_turns) {
    i64 total = 0;
    for (i64 c = 0; c < n_cards; c++) total += copies[c];
    if (n > MAX_SEATS || n_cards > MAX_TYPES || total > MAX_CARDS || n_subsets > MAX_SUBSETS)
        return -1;
    Game *g = calloc(1, sizeof(Game));
    if (!g) return -1;
    *g = (Game){.n = n, .n_items = n_items, .n_cards = n_cards, .deal = deal,
                .turn_limit = turn_limit, .drawoff_random = drawoff_random,
                .n_subsets = n_subsets, .copies = copies, .miles = miles, .cards = cards,
                .sup_start = sup_start, .sup_list = sup_list, .capacity = capacity,
                .known = known};
    i64 decisions = 0;
    for (i64 game_no = 0; game_no < count; game_no++) {
        u64 seed = seed_state(root, (u64)(first + game_no));
        out_seeds[game_no] = seed;
        for (i64 child = 0; child <= n; child++) g->rngs[child] = seed_state(seed, (u64)child);
        memset(g->ranks, 0, sizeof g->ranks);
        i64 end = FAILED, turns = 0, d = 0;
        if (setup(g)) end = run(g, kinds + game_no * n, params + game_no * n * N_PARAMS, &turns, &d);
        decisions += d;
        for (i64 s = 0; s < n; s++) {
            memcpy(out_tally + (game_no * n + s) * N_TALLIES, g->tally[s], sizeof g->tally[s]);
            out_ranks[game_no * n + s] = g->ranks[s];
        }
        out_end[game_no] = end;
        out_turns[game_no] = turns;
    }
    free(g);
    return decisions;
}
