/* Pai gow tiles: the set, two-tile hand ranking, settings, matching and dealing (NZ Gazette Pai Gow
 * division; rule numbers below are those of the 1999 No. 9 amendments unless stated). Settlement is in
 * paigow_settle.c. */
#include "dd_paigow.h"

#include <string.h>

/* ---------------------------------------------------------------------------------------------------
 * The hand value table, computed by the compiler from the rules so it is a true constant (thread-safe,
 * no start-up work). Kinds k are 1-16 by rank; PG_PIPS is the dots on a tile of that kind (both tiles
 * of a mixed kind have the same total), with Gee Joon at 3 here and its alternative 6 handled apart.
 * ------------------------------------------------------------------------------------------------- */
#define PG_PIPS(k)                                                                                   \
    ((k) == 1 ? 12 : (k) == 2 ? 2 : (k) == 3 ? 8 : (k) == 4 ? 4 : (k) == 5 ? 10 : (k) == 6 ? 6 :     \
     (k) == 7 ? 4 : (k) == 8 ? 11 : (k) == 9 ? 10 : (k) == 10 ? 7 : (k) == 11 ? 6 : (k) == 12 ? 9 :  \
     (k) == 13 ? 8 : (k) == 14 ? 7 : (k) == 15 ? 5 : 3)
#define PG_IS_GEE_JOON(k) ((k) == 16)
/* Rule 4.2: a Gee Joon tile counts 3 or 6, whichever gives the better hand. */
#define PG_POINTS_WITH_GEE_JOON(k)                                                                   \
    ((PG_PIPS(k) + 6) % 10 > (PG_PIPS(k) + 3) % 10 ? (PG_PIPS(k) + 6) % 10 : (PG_PIPS(k) + 3) % 10)
/* Points of two tiles of different kinds (rule 4.2: the right digit of the total). */
#define PG_POINTS(a, b)                                                                              \
    (PG_IS_GEE_JOON(a) ? PG_POINTS_WITH_GEE_JOON(b)                                                  \
     : PG_IS_GEE_JOON(b) ? PG_POINTS_WITH_GEE_JOON(a) : (PG_PIPS(a) + PG_PIPS(b)) % 10)
/* Teen or Day (kinds 1-2) with a tile of 7, 8 or 9 dots makes a High Nine, Gong or Wong. A Gee Joon
 * tile never does: its 3 or 6 are point values, not dots of 7-9. */
#define PG_NAMES_WITH(a, b) ((a) <= 2 && !PG_IS_GEE_JOON(b) && PG_PIPS(b) >= 7 && PG_PIPS(b) <= 9)
/* Wong 17/18, Gong 19/20, High Nine 21/22, Teen before Day each time. */
#define PG_NAMED_RANK(teen_or_day, partner) (17 + 2 * (9 - PG_PIPS(partner)) + (teen_or_day) - 1)
/* Pairs: Gee Joon is rank 1 (supreme), then Teen 2 ... Chop Ng 16. */
#define PG_PAIR_RANK(k) (PG_IS_GEE_JOON(k) ? 1 : (k) + 1)
#define PG_RANK_VALUE(r) (222 - (r))
/* Rule 4.3: equal points are ranked by the higher tile; rule 4.7: 0 points has no ranking at all. */
#define PG_POINT_VALUE(p, high_kind) ((p) == 0 ? 0 : 16 * (p) + 16 - (high_kind))
#define PG_VALUE(a, b)                                                                               \
    ((a) == (b) ? PG_RANK_VALUE(PG_PAIR_RANK(a))                                                     \
     : PG_NAMES_WITH(a, b) ? PG_RANK_VALUE(PG_NAMED_RANK(a, b))                                      \
     : PG_NAMES_WITH(b, a) ? PG_RANK_VALUE(PG_NAMED_RANK(b, a))                                      \
     : PG_POINT_VALUE(PG_POINTS(a, b), (a) < (b) ? (a) : (b)))
#define PG_ROW(a)                                                                                    \
    { PG_VALUE(a, 1), PG_VALUE(a, 2), PG_VALUE(a, 3), PG_VALUE(a, 4), PG_VALUE(a, 5),                \
      PG_VALUE(a, 6), PG_VALUE(a, 7), PG_VALUE(a, 8), PG_VALUE(a, 9), PG_VALUE(a, 10),               \
      PG_VALUE(a, 11), PG_VALUE(a, 12), PG_VALUE(a, 13), PG_VALUE(a, 14), PG_VALUE(a, 15),           \
      PG_VALUE(a, 16) }

const uint8_t dd_pg_pairings[3][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}};

const uint8_t dd_pg_value_by_kind[16][16] = {
    PG_ROW(1), PG_ROW(2), PG_ROW(3), PG_ROW(4), PG_ROW(5), PG_ROW(6), PG_ROW(7), PG_ROW(8),
    PG_ROW(9), PG_ROW(10), PG_ROW(11), PG_ROW(12), PG_ROW(13), PG_ROW(14), PG_ROW(15), PG_ROW(16),
};

/* Value bounds used to decode a value back into its category. */
enum {
    LOWEST_NAMED_VALUE = PG_RANK_VALUE(DD_PG_NAMED_RANKS),
    LAST_PAIR_RANK = DD_PG_LOWEST_PAIR_RANK,
    LAST_WONG_RANK = DD_PG_LOWEST_WONG_RANK,
    LAST_GONG_RANK = DD_PG_LOWEST_GONG_RANK
};

/* The set, kind by kind (rule 4.4 / Appendix 3 order). Tile id 2(k-1) has face[0], 2(k-1)+1 face[1];
 * the civil kinds have two identical tiles, the mixed (military) kinds one tile of each face. */
static const struct kind_info {
    const char *name;
    uint8_t face[2][2];
} KINDS[DD_PG_KIND_COUNT] = {
    {"Teen", {{6, 6}, {6, 6}}},     {"Day", {{1, 1}, {1, 1}}},       {"Yun", {{4, 4}, {4, 4}}},
    {"Gor", {{1, 3}, {1, 3}}},      {"Mooy", {{5, 5}, {5, 5}}},      {"Chong", {{3, 3}, {3, 3}}},
    {"Bon", {{2, 2}, {2, 2}}},      {"Foo", {{5, 6}, {5, 6}}},       {"Ping", {{4, 6}, {4, 6}}},
    {"Tit", {{1, 6}, {1, 6}}},      {"Look", {{1, 5}, {1, 5}}},      {"Chop Gow", {{3, 6}, {4, 5}}},
    {"Chop Bot", {{2, 6}, {3, 5}}}, {"Chop Chit", {{2, 5}, {3, 4}}}, {"Chop Ng", {{1, 4}, {2, 3}}},
    {"Gee Joon", {{1, 2}, {2, 4}}},
};

static int kind_of(int tile)
{
    return tile / 2 + 1;
}

static int is_tile(int tile)
{
    return tile >= 0 && tile < DD_PG_TILE_COUNT;
}

/* Checks n tile ids: each in range and no physical tile twice. */
static int check_tiles(const uint8_t *tiles, int n)
{
    uint32_t seen = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (!is_tile(tiles[i]))
            return DD_E_BAD_TILE;
        if (seen & (UINT32_C(1) << tiles[i]))
            return DD_E_DUPLICATE_TILE;
        seen |= UINT32_C(1) << tiles[i];
    }
    return DD_OK;
}

static int check_pair(int a, int b)
{
    if (!is_tile(a) || !is_tile(b))
        return DD_E_BAD_TILE;
    return a == b ? DD_E_DUPLICATE_TILE : DD_OK;
}

int dd_pg_tile_info(int tile, dd_pg_tile *out)
{
    const struct kind_info *info;
    const uint8_t *face;
    if (out == NULL)
        return DD_E_NULL;
    if (!is_tile(tile))
        return DD_E_BAD_TILE;
    info = &KINDS[tile / 2];
    face = info->face[tile % 2];
    memset(out, 0, sizeof *out);
    out->id = (uint8_t)tile;
    out->low_pips = face[0];
    out->high_pips = face[1];
    out->kind = (uint8_t)kind_of(tile);
    out->is_gee_joon = (uint8_t)PG_IS_GEE_JOON(kind_of(tile));
    out->points = (uint8_t)((face[0] + face[1]) % 10);
    if (out->is_gee_joon) {
        /* Rule 4.2: either Gee Joon tile counts 3 or 6, whichever makes its hand better. */
        out->point_option_count = 2;
        out->point_options[0] = 3;
        out->point_options[1] = 6;
    } else {
        out->point_option_count = 1;
        out->point_options[0] = out->point_options[1] = out->points;
    }
    /* Civil kinds hold two tiles of one face, military kinds one tile of each of two faces. */
    out->copies = (uint8_t)(info->face[0][0] == info->face[1][0] && info->face[0][1] == info->face[1][1] ? 2 : 1);
    strncpy(out->name, info->name, sizeof out->name - 1);
    return DD_OK;
}

int dd_pg_hand_value(int tile_a, int tile_b, int *value)
{
    int status;
    if (value == NULL)
        return DD_E_NULL;
    if ((status = check_pair(tile_a, tile_b)) != DD_OK)
        return status;
    *value = dd_pg_value_unchecked((unsigned)tile_a, (unsigned)tile_b);
    return DD_OK;
}

/* Points of two tiles with Gee Joon at its best, also for pairs (a Gee Joon pair scores 3 + 6 = 9). */
static int best_points(int kind_a, int kind_b)
{
    if (PG_IS_GEE_JOON(kind_a) && PG_IS_GEE_JOON(kind_b))
        return 9;
    if (PG_IS_GEE_JOON(kind_a))
        return PG_POINTS_WITH_GEE_JOON(kind_b);
    if (PG_IS_GEE_JOON(kind_b))
        return PG_POINTS_WITH_GEE_JOON(kind_a);
    return (PG_PIPS(kind_a) + PG_PIPS(kind_b)) % 10;
}

int dd_pg_hand_describe(int tile_a, int tile_b, dd_pg_hand *out)
{
    int status, kind_a, kind_b, rank;
    if (out == NULL)
        return DD_E_NULL;
    if ((status = check_pair(tile_a, tile_b)) != DD_OK)
        return status;
    kind_a = kind_of(tile_a);
    kind_b = kind_of(tile_b);
    memset(out, 0, sizeof *out);
    out->value = dd_pg_value_unchecked((unsigned)tile_a, (unsigned)tile_b);
    out->high_kind = kind_a < kind_b ? kind_a : kind_b;
    out->low_kind = kind_a < kind_b ? kind_b : kind_a;
    out->points = best_points(kind_a, kind_b);
    if (out->value < LOWEST_NAMED_VALUE) {
        out->category = DD_PG_POINTS;
        return DD_OK;
    }
    rank = 222 - out->value;
    out->named_rank = rank;
    out->category = rank <= LAST_PAIR_RANK ? DD_PG_PAIR
                    : rank <= LAST_WONG_RANK ? DD_PG_WONG
                    : rank <= LAST_GONG_RANK ? DD_PG_GONG : DD_PG_HIGH_NINE;
    return DD_OK;
}

int dd_pg_compare(int a0, int a1, int b0, int b1, int *result)
{
    int status, a, b;
    if (result == NULL)
        return DD_E_NULL;
    if ((status = check_pair(a0, a1)) != DD_OK || (status = check_pair(b0, b1)) != DD_OK)
        return status;
    a = dd_pg_value_unchecked((unsigned)a0, (unsigned)a1);
    b = dd_pg_value_unchecked((unsigned)b0, (unsigned)b1);
    *result = (a > b) - (a < b);
    return DD_OK;
}

/* Two tiles as a hand, the higher-ranking tile first (a lower id ranks at least as high). */
static void put_hand(uint8_t hand[2], uint8_t x, uint8_t y)
{
    hand[0] = x < y ? x : y;
    hand[1] = x < y ? y : x;
}

int dd_pg_settings(const uint8_t tiles[4], dd_pg_setting out[3])
{
    int status, i;
    if (tiles == NULL || out == NULL)
        return DD_E_NULL;
    if ((status = check_tiles(tiles, 4)) != DD_OK)
        return status;
    for (i = 0; i < 3; i++) {
        const uint8_t *q = dd_pg_pairings[i];
        uint8_t a = tiles[q[0]], b = tiles[q[1]], c = tiles[q[2]], d = tiles[q[3]];
        if (dd_pg_value_unchecked(a, b) >= dd_pg_value_unchecked(c, d)) {
            put_hand(out[i].high, a, b);
            put_hand(out[i].low, c, d);
        } else {
            put_hand(out[i].high, c, d);
            put_hand(out[i].low, a, b);
        }
    }
    return DD_OK;
}

static int check_setting_tiles(const dd_pg_setting *s, uint8_t all[4])
{
    all[0] = s->high[0];
    all[1] = s->high[1];
    all[2] = s->low[0];
    all[3] = s->low[1];
    return check_tiles(all, 4);
}

int dd_pg_setting_check(const dd_pg_setting *setting)
{
    uint8_t all[4];
    int status;
    if (setting == NULL)
        return DD_E_NULL;
    if ((status = check_setting_tiles(setting, all)) != DD_OK)
        return status;
    if (dd_pg_value_unchecked(all[0], all[1]) < dd_pg_value_unchecked(all[2], all[3]))
        return DD_E_ILLEGAL_SETTING;
    return DD_OK;
}

static uint32_t tile_set(const dd_pg_setting *s)
{
    return (UINT32_C(1) << s->high[0]) | (UINT32_C(1) << s->high[1]) | (UINT32_C(1) << s->low[0]) |
           (UINT32_C(1) << s->low[1]);
}

int dd_pg_settings_equivalent(const dd_pg_setting *a, const dd_pg_setting *b, int *equivalent)
{
    int status;
    if (a == NULL || b == NULL || equivalent == NULL)
        return DD_E_NULL;
    if ((status = dd_pg_setting_check(a)) != DD_OK || (status = dd_pg_setting_check(b)) != DD_OK)
        return status;
    if (tile_set(a) != tile_set(b))
        return DD_E_RANGE; /* not two settings of the same tiles */
    *equivalent = dd_pg_value_unchecked(a->high[0], a->high[1]) == dd_pg_value_unchecked(b->high[0], b->high[1]) &&
                  dd_pg_value_unchecked(a->low[0], a->low[1]) == dd_pg_value_unchecked(b->low[0], b->low[1]);
    return DD_OK;
}

/* Rule 6.1: the player wins when both hands outrank the bank's, loses when neither does (a copy counts
 * for the bank, rule 4.6, and 0 against 0 is a copy, rule 4.7), and otherwise pushes. */
static int match_unchecked(const dd_pg_setting *p, const dd_pg_setting *b)
{
    int high_beats = dd_pg_value_unchecked(p->high[0], p->high[1]) >
                     dd_pg_value_unchecked(b->high[0], b->high[1]);
    int low_beats = dd_pg_value_unchecked(p->low[0], p->low[1]) >
                    dd_pg_value_unchecked(b->low[0], b->low[1]);
    if (high_beats && low_beats)
        return DD_WIN;
    return high_beats || low_beats ? DD_PUSH : DD_LOSE;
}

static int check_match(const dd_pg_setting *player, const dd_pg_setting *bank)
{
    uint8_t all[8];
    int status;
    if ((status = dd_pg_setting_check(player)) != DD_OK || (status = dd_pg_setting_check(bank)) != DD_OK)
        return status;
    check_setting_tiles(player, all);
    check_setting_tiles(bank, all + 4);
    return check_tiles(all, 8);
}

int dd_pg_match(const dd_pg_setting *player, const dd_pg_setting *bank, int *outcome)
{
    int status;
    if (player == NULL || bank == NULL || outcome == NULL)
        return DD_E_NULL;
    if ((status = check_match(player, bank)) != DD_OK)
        return status;
    *outcome = match_unchecked(player, bank);
    return DD_OK;
}

int dd_pg_match_many(const dd_pg_setting *players, const dd_pg_setting *banks, size_t n,
                     uint8_t *outcomes, size_t *bad_index)
{
    size_t i;
    int status;
    if (bad_index == NULL)
        return DD_E_NULL;
    *bad_index = n;
    if (n > 0 && (players == NULL || banks == NULL || outcomes == NULL))
        return DD_E_NULL;
    for (i = 0; i < n; i++) {
        if ((status = check_match(&players[i], &banks[i])) != DD_OK) {
            *bad_index = i;
            return status;
        }
        outcomes[i] = (uint8_t)match_unchecked(&players[i], &banks[i]);
    }
    return DD_OK;
}

int dd_pg_deal_tiles(dd_rng *rng, int count_from, dd_pg_deal *out)
{
    uint8_t tiles[DD_PG_TILE_COUNT];
    int status, i, total = 0;
    if (rng == NULL || out == NULL)
        return DD_E_NULL;
    if (count_from < 1 || count_from > DD_PG_BOXES)
        return DD_E_RANGE;
    for (i = 0; i < DD_PG_TILE_COUNT; i++)
        tiles[i] = (uint8_t)i;
    if ((status = dd_rng_shuffle_u8(rng, tiles, DD_PG_TILE_COUNT)) != DD_OK)
        return status;
    /* A cut of a uniformly shuffled woodpile leaves it uniformly shuffled, so no cut is modelled. */
    memcpy(out->woodpile, tiles, sizeof out->woodpile);
    for (i = 0; i < 3; i++) {
        out->dice[i] = (uint8_t)(1 + dd_rng_below_unchecked(rng, 6));
        total += out->dice[i];
    }
    /* Counting the dice total round the 8 positions, `count_from` being 1. */
    out->first_box = (uint8_t)((count_from - 1 + total - 1) % DD_PG_BOXES + 1);
    for (i = 0; i < DD_PG_BOXES; i++) {
        int box = (out->first_box - 1 + i) % DD_PG_BOXES + 1;
        out->delivered_to[i] = (uint8_t)box;
        memcpy(out->hands[box - 1], out->woodpile[i], 4);
    }
    return DD_OK;
}
