/* Dealer Drill engine: pai gow house ways as data, and the exhaustive analysis built on them.
 *
 * A house way (how the dealer must set the bank's four tiles) arrives as a compiled "program": a flat
 * array of int32 written by bindings/houseway.py from a readable file (resources/house_ways/FORMAT.md).
 * dd_hw_build() checks the program, runs it on every one of the 3,620 distinct four-tile hands (tiles of
 * one kind are interchangeable) and stores the chosen setting and the deciding rule per hand in a plain
 * table. The table is then all that the per-hand look-up and the analysis need.
 *
 * Program layout (every item is "opcode, argument count, arguments"):
 *   DD_HW_MAGIC, rule count, tie-break step count, tie-break steps...,
 *   then per rule: condition count, conditions..., step count, steps...
 * A rule applies to a hand when all its conditions hold and no require step empties the candidate
 * settings (the up to 3 distinct settings of the hand); its choose steps then keep the best candidates,
 * the way's tie-break steps follow, and the first remaining candidate in the fixed order below is played.
 *
 * Arguments: a tile class is a 16-bit mask of kinds (bit k-1 for kind k, dd_pg_kind). A threshold is
 * 32 * points + kind ("a hand of that many points whose higher tile ranks at least that kind, or any
 * better hand"; kind 16 means any tile) or 1000 + named rank (1-22 of dd_paigow.h: "that named hand or
 * better"). A category set is a mask of 1 << dd_pg_category.
 */
#ifndef DD_HOUSEWAY_H
#define DD_HOUSEWAY_H

#include "dd_common.h"
#include "dd_paigow.h"

/* --- cdef begin --- */
#define DD_HW_MAGIC 1213661953
#define DD_HW_HANDS 3620
#define DD_HW_MAX_RULES 512
#define DD_HW_MAX_PROGRAM 65536
/* Threshold encoding (see above): 32 * points + kind, or DD_HW_NAMED_THRESHOLD + named rank. Programs
 * are written with dd_hw_points_threshold / dd_hw_named_threshold rather than by hand. */
#define DD_HW_NAMED_THRESHOLD 1000
#define DD_HW_ANY_TILE 16

/* Conditions (`when`), all of which must hold for a rule to be tried. */
typedef enum dd_hw_condition {
    DD_HW_C_PAIRS = 1,            /* [mask of allowed pair counts: bit n for n pairs, n = 0-2] */
    DD_HW_C_PAIR = 2,             /* [class]: the hand holds a pair of a kind in the class */
    DD_HW_C_OTHERS = 3,           /* [class, class]...: exactly one pair, the other two tiles match one
                                     alternative (in either order) */
    DD_HW_C_HAND = 4,             /* [class x4]...: the four tiles match one alternative, one tile each */
    DD_HW_C_CONTAINS = 5,         /* [class x1-4]: distinct tiles of the hand match the classes */
    DD_HW_C_BEST_LOW_AT_LEAST = 6,  /* [threshold]: the best low hand of any setting reaches it */
    DD_HW_C_BEST_LOW_BELOW = 7,
    DD_HW_C_BEST_HIGH_AT_LEAST = 8,
    DD_HW_C_BEST_HIGH_BELOW = 9
} dd_hw_condition;

/* Steps. Require steps (1-19) keep the candidates that pass and make the rule not apply when none
 * does; choose steps (20+) keep the candidates with the best score. Tie-breaks are choose steps only. */
typedef enum dd_hw_step {
    DD_HW_S_KEEP_PAIR = 1,        /* []: a pair stays together */
    DD_HW_S_SPLIT_PAIR = 2,       /* []: no hand is a pair */
    DD_HW_S_HIGH_CATEGORY = 3,    /* [category set] */
    DD_HW_S_LOW_CATEGORY = 4,
    DD_HW_S_LOW_AT_LEAST = 5,     /* [threshold] */
    DD_HW_S_LOW_BELOW = 6,
    DD_HW_S_HIGH_AT_LEAST = 7,
    DD_HW_S_HIGH_BELOW = 8,
    DD_HW_S_AT_LEAST = 9,         /* [low threshold, high threshold]...: one alternative reached */
    DD_HW_S_HIGH_IS = 10,         /* [class, class]: the high hand is made of these */
    DD_HW_S_LOW_IS = 11,
    DD_HW_S_HAND_IS = 12,         /* either hand is made of these */
    DD_HW_S_UNDOMINATED = 13,     /* []: no other setting of the hand has both hands ranking higher */
    DD_HW_S_MAX = 20,             /* [metric] */
    DD_HW_S_MIN = 21,
    DD_HW_S_PREFER_HIGH = 22,     /* [category, category...]: the high hand's category, earlier first */
    DD_HW_S_PREFER_HIGH_HAS = 23, /* [class]: the high hand holds a tile of the class */
    DD_HW_S_PREFER_LOW_HAS = 24,
    DD_HW_S_HIGHEST_TILE = 25,    /* [0 = in the low hand, 1 = in the high hand]: the highest-ranking tile */
    DD_HW_S_HIGHEST_TILE_IF = 26  /* [hand 0 low / 1 high, points, otherwise 0 none / 1 high]: the
                                     highest tile low while that hand has at most the points */
} dd_hw_step;

typedef enum dd_hw_metric {
    DD_HW_M_LOW = 0,              /* the low hand's full rank */
    DD_HW_M_HIGH = 1,
    DD_HW_M_LOW_POINTS = 2,
    DD_HW_M_HIGH_POINTS = 3,
    DD_HW_M_TOTAL_POINTS = 4      /* points of the high hand plus points of the low hand */
} dd_hw_metric;

typedef enum dd_hw_reason {
    DD_HW_FINE = 0,
    DD_HW_MALFORMED = 1,          /* the program breaks the layout above (rule, offset say where) */
    DD_HW_DEAD_RULE = 2,          /* the rule decides no hand at all */
    DD_HW_NO_SETTING = 3          /* no rule decides the hand */
} dd_hw_reason;

typedef struct dd_hw_diagnosis {
    int32_t reason;               /* dd_hw_reason */
    int32_t rule;                 /* rule index, -1 for the header or the tie-break steps */
    int32_t hand;                 /* distinct hand index for DD_HW_NO_SETTING, else -1 */
    int32_t offset;               /* program offset of a malformed item, else -1 */
} dd_hw_diagnosis;

/* A built house way: for each distinct hand (in the order of dd_hw_hand_kinds) the kinds of the high
 * and low hands played, their values and the index of the deciding rule. */
typedef struct dd_hw_table {
    int32_t rule_count;
    uint16_t key[3620];
    uint8_t high[3620][2];
    uint8_t low[3620][2];
    uint8_t high_value[3620];
    uint8_t low_value[3620];
    int16_t rule[3620];
} dd_hw_table;

typedef struct dd_hw_side {
    double win;
    double lose;
    double push;
    double house_edge;            /* the house's advantage over this side, a fraction of the wager */
} dd_hw_side;

typedef struct dd_hw_analysis {
    int64_t wins;                 /* player wins, counted over tile-disjoint (player, bank) deals */
    int64_t losses;
    int64_t pushes;
    int64_t deals;                /* 35,960 x 20,475 */
    dd_hw_side player;
    dd_hw_side banker;            /* the banking side: wins what the player loses, pays commission */
} dd_hw_analysis;

typedef struct dd_hw_setting_value {
    uint8_t high[2];              /* tile ids, the higher-ranking tile first */
    uint8_t low[2];
    int64_t wins;                 /* of the side holding the four tiles */
    int64_t losses;
    int64_t pushes;
    int64_t deals;                /* 20,475 hands of the other side from the other 28 tiles */
    double ev;                    /* that side's expected net per unit wagered, commission on its wins */
} dd_hw_setting_value;

/* The threshold "a hand of `points` (0-9) whose higher tile ranks at least kind `lowest_kind` (1-16;
 * DD_HW_ANY_TILE for any tile), or any better hand". DD_E_RANGE outside those ranges. */
int dd_hw_points_threshold(int points, int lowest_kind, int32_t *threshold);
/* The threshold "the lowest hand of `category` (dd_pg_category: pair, Wong, Gong or High Nine), or any
 * better hand", from the named ranks of rule 4.2. DD_E_RANGE for DD_PG_POINTS or an unknown category. */
int dd_hw_named_threshold(int category, int32_t *threshold);
/* Check and run a program; on DD_E_HOUSE_WAY the diagnosis says why (it is always filled in). */
int dd_hw_build(const int32_t *program, size_t length, dd_hw_table *table, dd_hw_diagnosis *diagnosis);
/* The kinds (1-16, ascending) of distinct hand `index` (0 - DD_HW_HANDS-1), and the reverse look-up. */
int dd_hw_hand_kinds(int index, uint8_t kinds[4]);
int dd_hw_hand_index(const uint8_t tiles[4], int *index);
/* Set four distinct tiles the house way. setting[0..1] = the high hand, setting[2..3] = the low hand
 * (tile ids, the higher-ranking tile of each hand first); *rule = index of the deciding rule.
 * (dd_pg_setting is not used in this interface because the cdef regions are read in name order.) */
int dd_hw_set(const dd_hw_table *table, const uint8_t tiles[4], uint8_t setting[4], int *rule);
/* n hands of 4 tiles each (tiles[4 i .. 4 i + 3]) into settings[4 i .. 4 i + 3] and rules[i]; stops at
 * the first bad hand (*bad_index, n if all are good). */
int dd_hw_set_many(const dd_hw_table *table, const uint8_t *tiles, size_t n, uint8_t *settings,
                   int16_t *rules, size_t *bad_index);
/* Every player hand set by `player_way` against every tile-disjoint bank hand set by `bank_way`
 * (rule 6.1 matching), with `commission` (0-1) taken from winning wagers. */
int dd_hw_analyze(const dd_hw_table *player_way, const dd_hw_table *bank_way, double commission,
                  dd_hw_analysis *out);
/* The three settings of four tiles (dd_pg_settings order), each against every bank hand of the other
 * 28 tiles set by `bank_way`. */
int dd_hw_setting_values(const dd_hw_table *bank_way, const uint8_t tiles[4], double commission,
                         dd_hw_setting_value out[3]);
/* The bank's side: the three settings of the bank's four tiles, each against every player hand of the
 * other 28 tiles set by `player_way`; wins/losses are the bank's (it takes copies), and `commission` comes
 * off the bank's wins as in dd_hw_analyze. */
int dd_hw_bank_setting_values(const dd_hw_table *player_way, const uint8_t tiles[4], double commission,
                              dd_hw_setting_value out[3]);
/* --- cdef end --- */

#endif
