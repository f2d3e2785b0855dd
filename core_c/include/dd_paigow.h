/* Dealer Drill engine: pai gow tiles under the NZ Gazette rules (Pai Gow division, 1998 No. 20, amended
 * 1999 No. 9 and 2001 No. 173).
 *
 * Tiles are ids 0-31 ordered by individual rank (rule 4.4), two ids per kind: tile id t is of kind t/2 + 1,
 * so ids 0-1 are the two Teen tiles, 22 is 3-6 and 23 is 4-5 (the two mixed nines), 30-31 the Gee Joon
 * tiles 1-2 and 2-4. Kinds are numbered by rank: 1 = Teen (highest) ... 16 = Gee Joon (lowest).
 *
 * A two-tile hand has a "hand value": an integer where a larger value ranks higher and equal values are
 * copies (rules 4.5-4.7). It depends only on the two tiles' kinds, so it comes from a 16 x 16 table built
 * at compile time; dd_pg_value_unchecked() below reads it for hot loops in other engine modules.
 *
 *   value 0            a hand of 0 points (no ranking, rule 4.7)
 *   value 16p + 16-h   a hand of p = 1..9 points whose highest-ranking tile is of kind h (rules 4.2-4.3)
 *   value 222 - r      a named hand of rank r = 1..22: pairs (1 Gee Joon pair, 2-16 Teen ... Chop Ng),
 *                      17/18 Teen/Day Wong, 19/20 Teen/Day Gong, 21/22 Teen/Day High Nine (rule 4.2)
 */
#ifndef DD_PAIGOW_H
#define DD_PAIGOW_H

#include "dd_common.h"
#include "dd_rng.h"

/* --- cdef begin --- */
#define DD_PG_TILE_COUNT 32
#define DD_PG_KIND_COUNT 16
#define DD_PG_NAMED_RANKS 22
/* The lowest named rank (rule 4.2) of each named category: pairs 1-16, Wong 17-18, Gong 19-20, High Nine
 * 21-22 ("Day High Nine (ranking 22)"). */
#define DD_PG_LOWEST_PAIR_RANK 16
#define DD_PG_LOWEST_WONG_RANK 18
#define DD_PG_LOWEST_GONG_RANK 20
#define DD_PG_LOWEST_HIGH_NINE_RANK 22
#define DD_PG_BOXES 8
#define DD_PG_MAX_WAGERS 1024
/* Largest single amount (cents) the settlement accepts: sums of DD_PG_MAX_WAGERS of them stay exact. */
#define DD_PG_MAX_AMOUNT 1000000000000000

typedef enum dd_pg_kind {
    DD_PG_TEEN = 1, DD_PG_DAY = 2, DD_PG_YUN = 3, DD_PG_GOR = 4, DD_PG_MOOY = 5, DD_PG_CHONG = 6,
    DD_PG_BON = 7, DD_PG_FOO = 8, DD_PG_PING = 9, DD_PG_TIT = 10, DD_PG_LOOK = 11,
    DD_PG_CHOP_GOW = 12, DD_PG_CHOP_BOT = 13, DD_PG_CHOP_CHIT = 14, DD_PG_CHOP_NG = 15,
    DD_PG_GEE_JOON = 16
} dd_pg_kind;

typedef enum dd_pg_category {
    DD_PG_POINTS = 0,      /* an ordinary hand ranked by points, then by its highest tile */
    DD_PG_HIGH_NINE = 1,   /* Teen or Day with a 7 */
    DD_PG_GONG = 2,        /* Teen or Day with an 8 */
    DD_PG_WONG = 3,        /* Teen or Day with a 9 */
    DD_PG_PAIR = 4         /* two tiles of one kind */
} dd_pg_category;

typedef enum dd_pg_banking {
    DD_PG_HOUSE_BANKS = 0,   /* the house is the sole banker (rule 11.1, 2001 No. 173) */
    DD_PG_CO_BANKING = 1     /* a player/banker co-banks with the house (1998 No. 20 p.452 rules (j)-(l)) */
} dd_pg_banking;

typedef struct dd_pg_tile {
    uint8_t id;
    uint8_t low_pips;      /* the smaller face: 1-3 has low_pips 1, high_pips 3 */
    uint8_t high_pips;
    uint8_t kind;          /* dd_pg_kind, equal to the tile's individual rank 1-16 */
    uint8_t points;        /* dots mod 10 (1-2 is 3, 2-4 is 6); a Gee Joon tile may count 3 or 6 */
    uint8_t copies;        /* tiles of this exact face in a set: 2, or 1 for the mixed kinds */
    uint8_t is_gee_joon;
    char name[12];         /* the kind's Chinese name, NUL-terminated: "Teen", "Chop Gow" */
    uint8_t point_option_count;  /* how many values the tile may count: 2 for a Gee Joon tile, else 1 */
    uint8_t point_options[2];    /* those values, ascending: 3 and 6 for Gee Joon (rule 4.2), else points */
} dd_pg_tile;

typedef struct dd_pg_hand {
    int value;             /* comparable hand value (see the top of dd_paigow.h) */
    int category;          /* dd_pg_category */
    int points;            /* 0-9 with Gee Joon counted at its best; for pairs and named hands too */
    int high_kind;         /* kind of the higher-ranking tile */
    int low_kind;
    int named_rank;        /* 1-22 for pairs, Wong, Gong, High Nine; 0 for point hands */
} dd_pg_hand;

/* One way of setting four tiles: a high hand and a low hand of two tiles each. */
typedef struct dd_pg_setting {
    uint8_t high[2];
    uint8_t low[2];
} dd_pg_setting;

typedef struct dd_pg_deal {
    uint8_t woodpile[8][4];  /* the 8 stacks of 4 in the order they are delivered */
    uint8_t dice[3];
    uint8_t first_box;       /* box 1-8 that receives woodpile[0] */
    uint8_t hands[8][4];     /* hands[b - 1]: the tiles delivered to box b */
    uint8_t delivered_to[8]; /* delivered_to[i]: the box 1-8 that received woodpile[i] */
} dd_pg_deal;

typedef struct dd_pg_wager {
    int64_t amount;          /* cents, at least 0 */
    int32_t outcome;         /* dd_outcome of the wager's box against the bank */
} dd_pg_wager;

typedef struct dd_pg_settle_rules {
    int32_t banking;             /* dd_pg_banking */
    int64_t co_banker_wager;     /* co-banking only: the co-banker's wager; the house matches it */
    int32_t commission_bp;       /* basis points of a win, 0-10000 (500 = 5%) */
    int64_t rounding_unit;       /* cents, 1 - 10^14 (dd_commission.h) */
    int32_t rounding;            /* dd_rounding (dd_commission.h) */
} dd_pg_settle_rules;

typedef struct dd_pg_wager_result {
    int64_t paid;            /* handed to a winner beside the wager: even money less commission */
    int64_t commission;      /* taken by the house from a winner */
    int64_t net;             /* the player's gain (+) or loss (-) */
} dd_pg_wager_result;

typedef struct dd_pg_settlement {
    int64_t collected;           /* losing wagers (the losing wager area) */
    int64_t winnings;            /* even money owed to the winning wagers, before commission */
    int64_t paid;                /* handed to the winners (winnings less their commission) */
    int64_t player_commission;   /* commission from winning players, kept by the house */
    int64_t co_banker_commission;
    int64_t commission;          /* all commission taken */
    int64_t remainder;           /* co-banking: losing wager area left after paying winners (0 if short) */
    int64_t shortfall;           /* co-banking: winnings the losing wager area could not cover */
    int64_t house_share;         /* co-banking: the house's half (of the remainder, or of what is left
                                    of the co-banking wager after a shortfall) */
    int64_t co_banker_share;     /* co-banking: the co-banker's half, before his commission */
    int64_t to_float;            /* co-banking: house share + the house's original wager */
    int64_t co_banker_returned;  /* co-banking: handed back to the co-banker */
    int64_t co_banker_net;       /* co_banker_returned - co_banker_wager */
    int64_t house_net;           /* the house's gain, commission included */
} dd_pg_settlement;

/* Metadata of tile id 0-31. */
int dd_pg_tile_info(int tile, dd_pg_tile *out);
/* Two distinct tiles -> comparable value, and a full description. */
int dd_pg_hand_value(int tile_a, int tile_b, int *value);
int dd_pg_hand_describe(int tile_a, int tile_b, dd_pg_hand *out);
/* Rank hand (a0, a1) against hand (b0, b1): 1 if a ranks higher, -1 if lower, 0 for a copy. Each hand
 * needs two distinct tiles; the two hands may share tiles (they are ranked, not dealt together). */
int dd_pg_compare(int a0, int a1, int b0, int b1, int *result);
/* The 3 settings of four distinct tiles, each with its high hand not below its low hand, in the order
 * {t0 t1 | t2 t3}, {t0 t2 | t1 t3}, {t0 t3 | t1 t2}. */
int dd_pg_settings(const uint8_t tiles[4], dd_pg_setting out[3]);
/* DD_OK for a legal setting, DD_E_ILLEGAL_SETTING when its high hand ranks below its low hand. */
int dd_pg_setting_check(const dd_pg_setting *setting);
/* Whether two settings of the same four tiles rank exactly alike (rules 4.2-4.5): each high hand copies
 * the other, and each low hand too. Such settings win, lose and push against every hand the same, so a
 * drill grades them alike. Both must be legal settings (the status of dd_pg_setting_check otherwise) of
 * the same four tile ids (DD_E_RANGE otherwise). */
int dd_pg_settings_equivalent(const dd_pg_setting *a, const dd_pg_setting *b, int *equivalent);
/* Match a player's setting against the bank's (rule 6.1); all 8 tiles must be distinct.
 * *outcome is dd_outcome for the player's wager; the bank's wager has the mirror outcome (rule 6.2). */
int dd_pg_match(const dd_pg_setting *player, const dd_pg_setting *bank, int *outcome);
/* Batch of n matches; outcomes[i] gets dd_outcome. Stops at the first invalid match and reports its
 * index in *bad_index (n when all are valid). */
int dd_pg_match_many(const dd_pg_setting *players, const dd_pg_setting *banks, size_t n,
                     uint8_t *outcomes, size_t *bad_index);
/* Shuffle the 32 tiles, stack the woodpile, throw three dice and deliver the stacks. The dice total is
 * counted counter-clockwise starting with box `count_from` as 1 (usually the banker's box); the stack
 * woodpile[0] goes to the box reached, the rest follow box by box counter-clockwise (box numbers rise
 * counter-clockwise); delivered_to[i] records the box that received woodpile[i]. */
int dd_pg_deal_tiles(dd_rng *rng, int count_from, dd_pg_deal *out);
/* The default rules: house banks, 5% commission, rounded down to the cent. */
int dd_pg_settle_defaults(dd_pg_settle_rules *rules);
/* Commission on a win of `amount` cents under `rules`. */
int dd_pg_commission(int64_t amount, const dd_pg_settle_rules *rules, int64_t *commission);
/* Settle n wagers; results[i] for wagers[i]. DD_E_BANK_SHORT when co-banking and the co-banking wager
 * (co-banker's plus the house's) cannot cover the shortfall; *summary then holds only collected,
 * winnings and shortfall. Decisions the Gazette text leaves open are listed in paigow_settle.c. */
int dd_pg_settle(const dd_pg_wager *wagers, size_t n, const dd_pg_settle_rules *rules,
                 dd_pg_wager_result *results, dd_pg_settlement *summary);
/* --- cdef end --- */

/* For other engine modules (house ways, analysis): the hand value table by kind (index kind - 1) and a
 * lookup by tile ids with no validation (ids must be 0-31 and distinct). */
extern const uint8_t dd_pg_value_by_kind[16][16];

/* The three ways to pair four tiles, as positions: {0 1 | 2 3}, {0 2 | 1 3}, {0 3 | 1 2}. Every module
 * that walks the settings of a hand uses this one table, so their orders always agree. */
extern const uint8_t dd_pg_pairings[3][4];

static inline int dd_pg_value_unchecked(unsigned tile_a, unsigned tile_b)
{
    return dd_pg_value_by_kind[tile_a >> 1][tile_b >> 1];
}

#endif
