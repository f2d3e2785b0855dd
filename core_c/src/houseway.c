/* Pai gow house ways: checking and running a compiled house-way program (layout in dd_houseway.h) over
 * the 3,620 distinct four-tile hands, and setting real tiles from the resulting table. */
#include "dd_houseway.h"

#include <string.h>

#define KINDS 16
#define PAIR_CATEGORY_BIT (1 << DD_PG_PAIR)
#define ALL_CATEGORIES ((1 << (DD_PG_PAIR + 1)) - 1)
#define ALL_KINDS 0xFFFF

/* Facts about a two-tile hand by kinds (index kind - 1), taken from the pai gow module. */
typedef struct hand_facts {
    uint8_t value[KINDS][KINDS];
    uint8_t points[KINDS][KINDS];
    uint8_t category[KINDS][KINDS];
} hand_facts;

/* One distinct setting of a hand, with everything the steps look at. */
typedef struct candidate {
    uint8_t high[2], low[2];     /* kinds, ascending (so the higher-ranking tile first) */
    int high_value, low_value, high_points, low_points, high_category, low_category;
} candidate;

typedef struct hand_view {
    uint8_t kinds[4];            /* ascending */
    int pairs;
    uint16_t pair_mask;          /* kinds held twice */
    int count;                   /* distinct candidates, 1-3 */
    candidate cands[3];
} hand_view;

/* ------------------------------------------------------------------------------------------------ */
/* Distinct hands: kinds a <= b <= c <= d with no kind more than twice, in lexicographic order, so the
 * packed key (4 bits per kind - 1) increases with the index and a binary search finds it. */

static int enumerate_keys(uint16_t keys[DD_HW_HANDS])
{
    int a, b, c, d, n = 0;
    for (a = 0; a < KINDS; a++)
        for (b = a; b < KINDS; b++)
            for (c = b; c < KINDS; c++)
                for (d = c; d < KINDS; d++) {
                    if ((a == b && b == c) || (b == c && c == d))
                        continue;
                    if (n < DD_HW_HANDS)
                        keys[n] = (uint16_t)(a << 12 | b << 8 | c << 4 | d);
                    n++;
                }
    return n;
}

static void key_kinds(uint16_t key, uint8_t kinds[4])
{
    kinds[0] = (uint8_t)((key >> 12 & 15) + 1);
    kinds[1] = (uint8_t)((key >> 8 & 15) + 1);
    kinds[2] = (uint8_t)((key >> 4 & 15) + 1);
    kinds[3] = (uint8_t)((key & 15) + 1);
}

static int find_key(const uint16_t keys[DD_HW_HANDS], uint16_t key)
{
    int lo = 0, hi = DD_HW_HANDS - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (keys[mid] == key)
            return mid;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static void sort4(uint8_t k[4])
{
    int i, j;
    for (i = 1; i < 4; i++)
        for (j = i; j > 0 && k[j - 1] > k[j]; j--) {
            uint8_t t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
}

static uint16_t pack(const uint8_t kinds[4])
{
    return (uint16_t)((kinds[0] - 1) << 12 | (kinds[1] - 1) << 8 | (kinds[2] - 1) << 4 | (kinds[3] - 1));
}

static int check_tiles(const uint8_t tiles[4])
{
    uint32_t seen = 0;
    int i;
    for (i = 0; i < 4; i++) {
        if (tiles[i] >= DD_PG_TILE_COUNT)
            return DD_E_BAD_TILE;
        if (seen & (UINT32_C(1) << tiles[i]))
            return DD_E_DUPLICATE_TILE;
        seen |= UINT32_C(1) << tiles[i];
    }
    return DD_OK;
}

int dd_hw_hand_kinds(int index, uint8_t kinds[4])
{
    uint16_t keys[DD_HW_HANDS];
    if (kinds == NULL)
        return DD_E_NULL;
    if (index < 0 || index >= DD_HW_HANDS)
        return DD_E_RANGE;
    enumerate_keys(keys);
    key_kinds(keys[index], kinds);
    return DD_OK;
}

int dd_hw_hand_index(const uint8_t tiles[4], int *index)
{
    uint16_t keys[DD_HW_HANDS];
    uint8_t kinds[4];
    int i, status;
    if (tiles == NULL || index == NULL)
        return DD_E_NULL;
    if ((status = check_tiles(tiles)) != DD_OK)
        return status;
    for (i = 0; i < 4; i++)
        kinds[i] = (uint8_t)(tiles[i] / 2 + 1);
    sort4(kinds);
    enumerate_keys(keys);
    *index = find_key(keys, pack(kinds));
    return *index < 0 ? DD_E_RANGE : DD_OK;
}

/* ------------------------------------------------------------------------------------------------ */
/* Hand facts and candidates. */

static int load_facts(hand_facts *f)
{
    int a, b;
    for (a = 0; a < KINDS; a++)
        for (b = 0; b < KINDS; b++) {
            dd_pg_hand h;
            /* tile ids 2(k-1) and 2(k-1)+1 are the two tiles of kind k, so a pair uses both */
            int status = dd_pg_hand_describe(2 * a, 2 * b + (a == b), &h);
            if (status != DD_OK)
                return status;
            f->value[a][b] = (uint8_t)h.value;
            f->points[a][b] = (uint8_t)h.points;
            f->category[a][b] = (uint8_t)h.category;
        }
    return DD_OK;
}

static void fill_hand(candidate *c, const hand_facts *f, int high_first, uint8_t a, uint8_t b, uint8_t x,
                      uint8_t y)
{
    uint8_t h0 = high_first ? a : x, h1 = high_first ? b : y;
    uint8_t l0 = high_first ? x : a, l1 = high_first ? y : b;
    c->high[0] = h0;
    c->high[1] = h1;
    c->low[0] = l0;
    c->low[1] = l1;
    c->high_value = f->value[h0 - 1][h1 - 1];
    c->low_value = f->value[l0 - 1][l1 - 1];
    c->high_points = f->points[h0 - 1][h1 - 1];
    c->low_points = f->points[l0 - 1][l1 - 1];
    c->high_category = f->category[h0 - 1][h1 - 1];
    c->low_category = f->category[l0 - 1][l1 - 1];
}

static int same_two(const uint8_t x[2], const uint8_t y[2])
{
    return x[0] == y[0] && x[1] == y[1];
}

/* The up to three distinct settings of a hand, in pairing order {0 1|2 3}, {0 2|1 3}, {0 3|1 2}; a hand
 * whose two halves rank equally keeps the pairing's first half as its high hand. */
static void make_view(hand_view *v, const uint8_t kinds[4], const hand_facts *f)
{
    int i, j;
    memcpy(v->kinds, kinds, 4);
    v->pairs = 0;
    v->pair_mask = 0;
    for (i = 0; i < 3; i++)
        if (kinds[i] == kinds[i + 1]) {
            v->pairs++;
            v->pair_mask |= (uint16_t)(1u << (kinds[i] - 1));
        }
    v->count = 0;
    for (i = 0; i < 3; i++) {
        const uint8_t *q = dd_pg_pairings[i];
        uint8_t a = kinds[q[0]], b = kinds[q[1]], x = kinds[q[2]], y = kinds[q[3]];
        candidate c;
        int dup = 0;
        fill_hand(&c, f, f->value[a - 1][b - 1] >= f->value[x - 1][y - 1], a, b, x, y);
        for (j = 0; j < v->count; j++) {
            const candidate *o = &v->cands[j];
            if ((same_two(o->high, c.high) && same_two(o->low, c.low)) ||
                (same_two(o->high, c.low) && same_two(o->low, c.high)))
                dup = 1;
        }
        if (!dup)
            v->cands[v->count++] = c;
    }
}

/* ------------------------------------------------------------------------------------------------ */
/* Program checking. */

static int valid_class(int32_t mask)
{
    return mask > 0 && mask <= ALL_KINDS;
}

#define POINTS_STEP 32

static int valid_threshold(int32_t t)
{
    if (t >= DD_HW_NAMED_THRESHOLD)
        return t >= DD_HW_NAMED_THRESHOLD + 1 && t <= DD_HW_NAMED_THRESHOLD + DD_PG_NAMED_RANKS;
    return t >= 0 && t / POINTS_STEP <= 9 && t % POINTS_STEP >= 1 && t % POINTS_STEP <= KINDS;
}

int dd_hw_points_threshold(int points, int lowest_kind, int32_t *threshold)
{
    if (threshold == NULL)
        return DD_E_NULL;
    if (points < 0 || points > 9 || lowest_kind < 1 || lowest_kind > KINDS)
        return DD_E_RANGE;
    *threshold = POINTS_STEP * points + lowest_kind;
    return DD_OK;
}

int dd_hw_named_threshold(int category, int32_t *threshold)
{
    int rank;
    if (threshold == NULL)
        return DD_E_NULL;
    switch (category) {
    case DD_PG_PAIR: rank = DD_PG_LOWEST_PAIR_RANK; break;
    case DD_PG_WONG: rank = DD_PG_LOWEST_WONG_RANK; break;
    case DD_PG_GONG: rank = DD_PG_LOWEST_GONG_RANK; break;
    case DD_PG_HIGH_NINE: rank = DD_PG_LOWEST_HIGH_NINE_RANK; break;
    default: return DD_E_RANGE;
    }
    *threshold = DD_HW_NAMED_THRESHOLD + rank;
    return DD_OK;
}

/* A threshold as the lowest hand value that reaches it (value layout of dd_paigow.h). */
static int threshold_value(int32_t t)
{
    int points, kind;
    if (t >= DD_HW_NAMED_THRESHOLD)
        return 222 - (t - DD_HW_NAMED_THRESHOLD);
    points = t / POINTS_STEP;
    kind = t % POINTS_STEP;
    return points == 0 ? 0 : 16 * points + 16 - kind;
}

static int all_classes(const int32_t *args, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        if (!valid_class(args[i]))
            return 0;
    return 1;
}

static int valid_condition(int32_t op, const int32_t *args, int32_t n)
{
    switch (op) {
    case DD_HW_C_PAIRS: return n == 1 && args[0] > 0 && args[0] <= 7;
    case DD_HW_C_PAIR: return n == 1 && valid_class(args[0]);
    case DD_HW_C_OTHERS: return n >= 2 && n % 2 == 0 && all_classes(args, n);
    case DD_HW_C_HAND: return n >= 4 && n % 4 == 0 && all_classes(args, n);
    case DD_HW_C_CONTAINS: return n >= 1 && n <= 4 && all_classes(args, n);
    case DD_HW_C_BEST_LOW_AT_LEAST:
    case DD_HW_C_BEST_LOW_BELOW:
    case DD_HW_C_BEST_HIGH_AT_LEAST:
    case DD_HW_C_BEST_HIGH_BELOW: return n == 1 && valid_threshold(args[0]);
    default: return 0;
    }
}

static int is_choose_step(int32_t op)
{
    return op >= DD_HW_S_MAX;
}

static int valid_step(int32_t op, const int32_t *args, int32_t n)
{
    int32_t i;
    switch (op) {
    case DD_HW_S_KEEP_PAIR:
    case DD_HW_S_SPLIT_PAIR:
    case DD_HW_S_UNDOMINATED: return n == 0;
    case DD_HW_S_HIGH_CATEGORY:
    case DD_HW_S_LOW_CATEGORY: return n == 1 && args[0] > 0 && args[0] <= ALL_CATEGORIES;
    case DD_HW_S_LOW_AT_LEAST:
    case DD_HW_S_LOW_BELOW:
    case DD_HW_S_HIGH_AT_LEAST:
    case DD_HW_S_HIGH_BELOW: return n == 1 && valid_threshold(args[0]);
    case DD_HW_S_AT_LEAST:
        if (n < 2 || n % 2 != 0)
            return 0;
        for (i = 0; i < n; i++)
            if (!valid_threshold(args[i]))
                return 0;
        return 1;
    case DD_HW_S_HIGH_IS:
    case DD_HW_S_LOW_IS:
    case DD_HW_S_HAND_IS: return n == 2 && all_classes(args, n);
    case DD_HW_S_MAX:
    case DD_HW_S_MIN: return n == 1 && args[0] >= DD_HW_M_LOW && args[0] <= DD_HW_M_TOTAL_POINTS;
    case DD_HW_S_PREFER_HIGH:
        if (n < 1 || n > DD_PG_PAIR + 1)
            return 0;
        for (i = 0; i < n; i++)
            if (args[i] < DD_PG_POINTS || args[i] > DD_PG_PAIR)
                return 0;
        return 1;
    case DD_HW_S_PREFER_HIGH_HAS:
    case DD_HW_S_PREFER_LOW_HAS: return n == 1 && valid_class(args[0]);
    case DD_HW_S_HIGHEST_TILE: return n == 1 && (args[0] == 0 || args[0] == 1);
    case DD_HW_S_HIGHEST_TILE_IF:
        return n == 3 && (args[0] == 0 || args[0] == 1) && args[1] >= 0 && args[1] <= 9 &&
               (args[2] == 0 || args[2] == 1);
    default: return 0;
    }
}

typedef struct cursor {
    const int32_t *program;
    size_t length;
    size_t at;
} cursor;

/* Reads "count, items..." where each item is "op, n, args[n]"; checks each with `valid`. */
static int skip_items(cursor *c, int (*valid)(int32_t, const int32_t *, int32_t), int choose_only,
                      size_t *bad_offset)
{
    int32_t count, i;
    if (c->at >= c->length) {
        *bad_offset = c->at;
        return 0;
    }
    count = c->program[c->at++];
    if (count < 0 || count > 64) {
        *bad_offset = c->at - 1;
        return 0;
    }
    for (i = 0; i < count; i++) {
        int32_t op, n;
        size_t start = c->at;
        if (c->length - c->at < 2) {
            *bad_offset = start;
            return 0;
        }
        op = c->program[c->at];
        n = c->program[c->at + 1];
        if (n < 0 || (size_t)n > c->length - c->at - 2 || !valid(op, c->program + c->at + 2, n) ||
            (choose_only && !is_choose_step(op))) {
            *bad_offset = start;
            return 0;
        }
        c->at += 2 + (size_t)n;
    }
    return 1;
}

/* ------------------------------------------------------------------------------------------------ */
/* Running a program on one hand. */

static int in_class(uint8_t kind, int32_t mask)
{
    return (mask >> (kind - 1)) & 1;
}

static int two_match(const uint8_t k[2], int32_t m1, int32_t m2)
{
    return (in_class(k[0], m1) && in_class(k[1], m2)) || (in_class(k[0], m2) && in_class(k[1], m1));
}

/* Can the first n classes be matched to distinct tiles of the hand? (n <= 4: try every order.) */
static int match_classes(const uint8_t kinds[4], const int32_t *masks, int n)
{
    static const uint8_t PERMS[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    int p, i;
    for (p = 0; p < 24; p++) {
        int ok = 1;
        for (i = 0; i < n && ok; i++)
            ok = in_class(kinds[PERMS[p][i]], masks[i]);
        if (ok)
            return 1;
    }
    return 0;
}

static int condition_holds(const hand_view *v, int32_t op, const int32_t *args, int32_t n)
{
    int32_t i;
    int best_low = 0, best_high = 0, j;
    for (j = 0; j < v->count; j++) {
        if (v->cands[j].low_value > best_low)
            best_low = v->cands[j].low_value;
        if (v->cands[j].high_value > best_high)
            best_high = v->cands[j].high_value;
    }
    switch (op) {
    case DD_HW_C_PAIRS: return (args[0] >> v->pairs) & 1;
    case DD_HW_C_PAIR: return (v->pair_mask & args[0]) != 0;
    case DD_HW_C_OTHERS: {
        uint8_t others[2];
        int m = 0;
        if (v->pairs != 1)
            return 0;
        for (j = 0; j < 4; j++)
            if (!((v->pair_mask >> (v->kinds[j] - 1)) & 1))
                others[m++] = v->kinds[j];
        for (i = 0; i + 1 < n; i += 2)
            if (two_match(others, args[i], args[i + 1]))
                return 1;
        return 0;
    }
    case DD_HW_C_HAND:
        for (i = 0; i + 3 < n; i += 4)
            if (match_classes(v->kinds, args + i, 4))
                return 1;
        return 0;
    case DD_HW_C_CONTAINS: return match_classes(v->kinds, args, (int)n);
    case DD_HW_C_BEST_LOW_AT_LEAST: return best_low >= threshold_value(args[0]);
    case DD_HW_C_BEST_LOW_BELOW: return best_low < threshold_value(args[0]);
    case DD_HW_C_BEST_HIGH_AT_LEAST: return best_high >= threshold_value(args[0]);
    case DD_HW_C_BEST_HIGH_BELOW: return best_high < threshold_value(args[0]);
    default: return 0;
    }
}

static int has_kind(const uint8_t k[2], uint8_t kind)
{
    return k[0] == kind || k[1] == kind;
}

static int metric(const candidate *c, int32_t m)
{
    switch (m) {
    case DD_HW_M_LOW: return c->low_value;
    case DD_HW_M_HIGH: return c->high_value;
    case DD_HW_M_LOW_POINTS: return c->low_points;
    case DD_HW_M_HIGH_POINTS: return c->high_points;
    default: return c->high_points + c->low_points;
    }
}

/* The step's score for one candidate: require steps give 0 (fails) or 1, choose steps any integer. */
static int step_score(const hand_view *v, const candidate *c, int32_t op, const int32_t *args, int32_t n)
{
    int32_t i;
    int j;
    uint8_t top = v->kinds[0]; /* the hand's highest-ranking kind */
    switch (op) {
    case DD_HW_S_KEEP_PAIR: return c->high_category == DD_PG_PAIR || c->low_category == DD_PG_PAIR;
    case DD_HW_S_SPLIT_PAIR: return c->high_category != DD_PG_PAIR && c->low_category != DD_PG_PAIR;
    case DD_HW_S_HIGH_CATEGORY: return (args[0] >> c->high_category) & 1;
    case DD_HW_S_LOW_CATEGORY: return (args[0] >> c->low_category) & 1;
    case DD_HW_S_LOW_AT_LEAST: return c->low_value >= threshold_value(args[0]);
    case DD_HW_S_LOW_BELOW: return c->low_value < threshold_value(args[0]);
    case DD_HW_S_HIGH_AT_LEAST: return c->high_value >= threshold_value(args[0]);
    case DD_HW_S_HIGH_BELOW: return c->high_value < threshold_value(args[0]);
    case DD_HW_S_AT_LEAST:
        for (i = 0; i + 1 < n; i += 2)
            if (c->low_value >= threshold_value(args[i]) && c->high_value >= threshold_value(args[i + 1]))
                return 1;
        return 0;
    case DD_HW_S_HIGH_IS: return two_match(c->high, args[0], args[1]);
    case DD_HW_S_LOW_IS: return two_match(c->low, args[0], args[1]);
    case DD_HW_S_HAND_IS: return two_match(c->high, args[0], args[1]) || two_match(c->low, args[0], args[1]);
    case DD_HW_S_UNDOMINATED:
        for (j = 0; j < v->count; j++)
            if (v->cands[j].high_value > c->high_value && v->cands[j].low_value > c->low_value)
                return 0;
        return 1;
    case DD_HW_S_MAX: return metric(c, args[0]);
    case DD_HW_S_MIN: return -metric(c, args[0]);
    case DD_HW_S_PREFER_HIGH:
        for (i = 0; i < n; i++)
            if (args[i] == c->high_category)
                return (int)(n - i);
        return 0;
    case DD_HW_S_PREFER_HIGH_HAS: return in_class(c->high[0], args[0]) || in_class(c->high[1], args[0]);
    case DD_HW_S_PREFER_LOW_HAS: return in_class(c->low[0], args[0]) || in_class(c->low[1], args[0]);
    case DD_HW_S_HIGHEST_TILE: return has_kind(args[0] ? c->high : c->low, top);
    case DD_HW_S_HIGHEST_TILE_IF: {
        int points = args[0] ? c->high_points : c->low_points;
        if (points <= args[1])
            return has_kind(c->low, top);
        return args[2] ? has_kind(c->high, top) : 0;
    }
    default: return 0;
    }
}

/* Applies "count, items..." steps at c->at to the candidate set `alive` (bit j = candidate j).
 * Returns 0 when a require step leaves nothing (the rule does not apply). */
static int run_steps(const hand_view *v, const int32_t *p, size_t *at, unsigned *alive)
{
    int32_t count = p[(*at)++], s;
    int ok = 1;
    for (s = 0; s < count; s++) {
        int32_t op = p[*at], n = p[*at + 1];
        const int32_t *args = p + *at + 2;
        *at += 2 + (size_t)n;
        if (!ok)
            continue; /* keep walking so *at ends after the block */
        if (is_choose_step(op)) {
            int best = 0, have = 0, j;
            unsigned keep = 0;
            for (j = 0; j < v->count; j++) {
                int score;
                if (!((*alive >> j) & 1))
                    continue;
                score = step_score(v, &v->cands[j], op, args, n);
                if (!have || score > best) {
                    best = score;
                    keep = 0;
                    have = 1;
                }
                if (score == best)
                    keep |= 1u << j;
            }
            *alive = keep;
        } else {
            unsigned keep = 0;
            int j;
            for (j = 0; j < v->count; j++)
                if (((*alive >> j) & 1) && step_score(v, &v->cands[j], op, args, n))
                    keep |= 1u << j;
            if (keep == 0)
                ok = 0;
            else
                *alive = keep;
        }
    }
    return ok;
}

/* Decides one hand: the index of the chosen candidate and of the deciding rule, or -1 for no rule. */
static int decide(const hand_view *v, const int32_t *p, const size_t *rule_at, int rules, size_t tie_at,
                  int *chosen)
{
    int r, j;
    for (r = 0; r < rules; r++) {
        size_t at = rule_at[r];
        int32_t conds = p[at++], i;
        int holds = 1;
        unsigned alive = (1u << v->count) - 1;
        for (i = 0; i < conds; i++) {
            int32_t op = p[at], n = p[at + 1];
            if (holds && !condition_holds(v, op, p + at + 2, n))
                holds = 0;
            at += 2 + (size_t)n;
        }
        if (!holds || !run_steps(v, p, &at, &alive))
            continue;
        at = tie_at;
        run_steps(v, p, &at, &alive);
        for (j = 0; j < v->count; j++)
            if ((alive >> j) & 1) {
                *chosen = j;
                return r;
            }
    }
    return -1;
}

static void diagnose(dd_hw_diagnosis *d, int reason, int rule, int hand, long offset)
{
    d->reason = reason;
    d->rule = rule;
    d->hand = hand;
    d->offset = (int32_t)offset;
}

int dd_hw_build(const int32_t *program, size_t length, dd_hw_table *table, dd_hw_diagnosis *diagnosis)
{
    size_t rule_at[DD_HW_MAX_RULES];
    hand_facts facts;
    cursor c;
    size_t tie_at, bad = 0;
    int32_t rules;
    int r, h, status;
    long decided[DD_HW_MAX_RULES];

    if (program == NULL || table == NULL || diagnosis == NULL)
        return DD_E_NULL;
    diagnose(diagnosis, DD_HW_MALFORMED, -1, -1, 0);
    if (length < 3 || length > DD_HW_MAX_PROGRAM || program[0] != DD_HW_MAGIC)
        return DD_E_HOUSE_WAY;
    rules = program[1];
    if (rules < 1 || rules > DD_HW_MAX_RULES) {
        diagnose(diagnosis, DD_HW_MALFORMED, -1, -1, 1);
        return DD_E_HOUSE_WAY;
    }
    c.program = program;
    c.length = length;
    c.at = 2;
    tie_at = c.at;
    if (!skip_items(&c, valid_step, 1, &bad)) {
        diagnose(diagnosis, DD_HW_MALFORMED, -1, -1, (long)bad);
        return DD_E_HOUSE_WAY;
    }
    for (r = 0; r < rules; r++) {
        rule_at[r] = c.at;
        if (!skip_items(&c, valid_condition, 0, &bad)) {
            diagnose(diagnosis, DD_HW_MALFORMED, r, -1, (long)bad);
            return DD_E_HOUSE_WAY;
        }
        if (!skip_items(&c, valid_step, 0, &bad)) {
            diagnose(diagnosis, DD_HW_MALFORMED, r, -1, (long)bad);
            return DD_E_HOUSE_WAY;
        }
    }
    if (c.at != length) {
        diagnose(diagnosis, DD_HW_MALFORMED, -1, -1, (long)c.at);
        return DD_E_HOUSE_WAY;
    }
    if ((status = load_facts(&facts)) != DD_OK)
        return status;

    memset(table, 0, sizeof *table);
    memset(decided, 0, sizeof decided);
    table->rule_count = rules;
    enumerate_keys(table->key);
    for (h = 0; h < DD_HW_HANDS; h++) {
        hand_view v;
        uint8_t kinds[4];
        int chosen = 0, rule;
        key_kinds(table->key[h], kinds);
        make_view(&v, kinds, &facts);
        rule = decide(&v, program, rule_at, rules, tie_at, &chosen);
        if (rule < 0) {
            diagnose(diagnosis, DD_HW_NO_SETTING, -1, h, -1);
            return DD_E_HOUSE_WAY;
        }
        decided[rule]++;
        memcpy(table->high[h], v.cands[chosen].high, 2);
        memcpy(table->low[h], v.cands[chosen].low, 2);
        table->high_value[h] = (uint8_t)v.cands[chosen].high_value;
        table->low_value[h] = (uint8_t)v.cands[chosen].low_value;
        table->rule[h] = (int16_t)rule;
    }
    for (r = 0; r < rules; r++)
        if (decided[r] == 0) {
            diagnose(diagnosis, DD_HW_DEAD_RULE, r, -1, (long)rule_at[r]);
            return DD_E_HOUSE_WAY;
        }
    diagnose(diagnosis, DD_HW_FINE, -1, -1, -1);
    return DD_OK;
}

/* ------------------------------------------------------------------------------------------------ */
/* Setting real tiles from a table. */

static int table_sane(const dd_hw_table *t)
{
    return t->rule_count >= 1 && t->rule_count <= DD_HW_MAX_RULES;
}

static void order_hand(uint8_t out[2], uint8_t x, uint8_t y)
{
    out[0] = x < y ? x : y;
    out[1] = x < y ? y : x;
}

static int set_one(const dd_hw_table *t, const uint8_t tiles[4], uint8_t setting[4], int *rule)
{
    uint8_t kinds[4];
    int i, h, status;
    if ((status = check_tiles(tiles)) != DD_OK)
        return status;
    for (i = 0; i < 4; i++)
        kinds[i] = (uint8_t)(tiles[i] / 2 + 1);
    sort4(kinds);
    h = find_key(t->key, pack(kinds));
    if (h < 0 || t->rule[h] < 0 || t->rule[h] >= t->rule_count)
        return DD_E_STATE; /* not a table made by dd_hw_build */
    for (i = 0; i < 3; i++) {
        const uint8_t *q = dd_pg_pairings[i];
        uint8_t a = (uint8_t)(tiles[q[0]] / 2 + 1), b = (uint8_t)(tiles[q[1]] / 2 + 1);
        uint8_t x = (uint8_t)(tiles[q[2]] / 2 + 1), y = (uint8_t)(tiles[q[3]] / 2 + 1);
        uint8_t first[2], second[2];
        order_hand(first, a, b);
        order_hand(second, x, y);
        if (same_two(first, t->high[h]) && same_two(second, t->low[h])) {
            order_hand(setting, tiles[q[0]], tiles[q[1]]);
            order_hand(setting + 2, tiles[q[2]], tiles[q[3]]);
            *rule = t->rule[h];
            return DD_OK;
        }
        if (same_two(second, t->high[h]) && same_two(first, t->low[h])) {
            order_hand(setting, tiles[q[2]], tiles[q[3]]);
            order_hand(setting + 2, tiles[q[0]], tiles[q[1]]);
            *rule = t->rule[h];
            return DD_OK;
        }
    }
    return DD_E_STATE;
}

int dd_hw_set(const dd_hw_table *table, const uint8_t tiles[4], uint8_t setting[4], int *rule)
{
    if (table == NULL || tiles == NULL || setting == NULL || rule == NULL)
        return DD_E_NULL;
    if (!table_sane(table))
        return DD_E_STATE;
    return set_one(table, tiles, setting, rule);
}

int dd_hw_set_many(const dd_hw_table *table, const uint8_t *tiles, size_t n, uint8_t *settings,
                   int16_t *rules, size_t *bad_index)
{
    size_t i;
    if (table == NULL || bad_index == NULL || (n > 0 && (tiles == NULL || settings == NULL || rules == NULL)))
        return DD_E_NULL;
    *bad_index = n;
    if (!table_sane(table))
        return DD_E_STATE;
    if (n > SIZE_MAX / 4)
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        int rule = 0, status = set_one(table, tiles + 4 * i, settings + 4 * i, &rule);
        if (status != DD_OK) {
            *bad_index = i;
            return status;
        }
        rules[i] = (int16_t)rule;
    }
    return DD_OK;
}
