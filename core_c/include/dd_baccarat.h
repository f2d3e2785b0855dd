/* Dealer Drill engine: Baccarat and Mini Baccarat (punto banco).
 *
 * Rules implemented (see docs/rules/baccarat.md and the NZ Gazette 1998 No. 10 / No. 11 pages):
 *  - point values ace 1, 2-9 face, 10/J/Q/K 0; a hand counts the last digit of its sum;
 *  - dealing order Player, Banker, Player, Banker, then at most one third card per hand (rules 9.6, 9.7);
 *  - the table of play: naturals (8 or 9 on two cards) stand on both sides, the Player draws on 0-5,
 *    the Banker follows rule 9.5 when the Player stood and Table 2 when the Player drew;
 *  - the shoe: burn, cutting card and the last-coup procedure of rules 9.8 and 9.9;
 *  - settlement: Player 1:1, Banker 1:1 less commission, Tie 8:1 or 9:1, Player/Banker push on a tie.
 *
 * Cards in a shoe carry suits as a card code 0-51 made from the rank 1-13 (ace .. king) and the suit 0-3
 * (clubs, diamonds, hearts, spades), so the GUI can draw the exact card. The code is made and read only
 * by dd_bac_card_code / dd_bac_card_of_code (and their inline forms below for the engine itself).
 */
#ifndef DD_BACCARAT_H
#define DD_BACCARAT_H

#include "dd_common.h"
#include "dd_rng.h"

/* --- cdef begin --- */
#define DD_BAC_MIN_DECKS 1
#define DD_BAC_MAX_DECKS 8
#define DD_BAC_DEFAULT_DECKS 8
#define DD_BAC_MAX_CARDS 416
/* Passed as the Player's third card value to dd_bac_banker_draws when the Player stood. */
#define DD_BAC_PLAYER_STOOD 10
/* The fewest cards that may lie behind the cutting card (see the reasoning in baccarat_shoe.c). */
#define DD_BAC_MIN_CUT_FROM_END 11
/* The most cards a burn can take: the exposed card plus 10 for a ten or a face card. */
#define DD_BAC_MAX_BURN 11
/* The largest wager amount settle accepts (in the smallest money unit, e.g. cents): 10^14, so that
 * every payout and commission product stays exact in 64 bits. */
#define DD_BAC_MAX_AMOUNT 100000000000000
/* Card codes run from 0 to DD_BAC_CARD_CODES - 1: one per card of a deck. */
#define DD_BAC_CARD_CODES 52
/* The big table's seats (numbered 1-14), and the most wagers the role rules below take at once. */
#define DD_BAC_BIG_TABLE_SEATS 14
#define DD_BAC_MAX_ROLE_WAGERS 64
/* The seat given for a hand the dealer handles himself (rule 8.16). */
#define DD_BAC_DEALER_ACTS 0
/* A Tie pays 8 or 9 to 1 (some houses 9: a setting). */
#define DD_BAC_MIN_TIE_ODDS 8
#define DD_BAC_MAX_TIE_ODDS 9

/* Both the winner of a coup and the side a wager backs. */
typedef enum dd_bac_side {
    DD_BAC_PLAYER = 0,
    DD_BAC_BANKER = 1,
    DD_BAC_TIE = 2
} dd_bac_side;

typedef enum dd_bac_shoe_state {
    DD_BAC_SHOE_NEEDS_SHUFFLE = 0,  /* freshly initialised: shuffle (or load) before anything else */
    DD_BAC_SHOE_BURN_DUE = 1,       /* shuffled, the burn has not been made yet */
    DD_BAC_SHOE_DEALING = 2,        /* dealing; the cutting card has not come out */
    DD_BAC_SHOE_LAST_COUP_NEXT = 3, /* the cutting card came out during a round (9.8): one more round */
    DD_BAC_SHOE_FINISHED = 4        /* the last coup was dealt: no more cards until reshuffled */
} dd_bac_shoe_state;

/* When the house collects the commission on a winning Banker wager. */
typedef enum dd_bac_collection {
    DD_BAC_COLLECT_AT_PAYMENT = 0,  /* taken off the payment: the player is paid the winnings less it */
    DD_BAC_COLLECT_IN_BOX = 1       /* marked in the seat's commission box, collected when the player
                                       leaves or the shoe ends: the player is paid the full winnings */
} dd_bac_collection;

/* One coup. Card slots not dealt are 0. */
typedef struct dd_bac_coup {
    uint8_t player[3];      /* Player's cards as ranks 1-13, in the order dealt */
    uint8_t banker[3];      /* Banker's cards as ranks 1-13 */
    uint8_t player_count;   /* 2 or 3 */
    uint8_t banker_count;   /* 2 or 3 */
    uint8_t player_total;   /* point counts 0-9 */
    uint8_t banker_total;
    uint8_t winner;         /* dd_bac_side */
    uint8_t natural;        /* 1 when either hand had a natural, so both stood on two cards */
    uint8_t cards_used;     /* 4, 5 or 6 */
} dd_bac_coup;

/* A coup dealt from a shoe: the coup plus the exact cards and the last-coup flags. */
typedef struct dd_bac_round {
    dd_bac_coup coup;
    uint8_t player_cards[3];  /* card codes 0-51 (rank and suit); unused slots 255 */
    uint8_t banker_cards[3];
    uint8_t last_coup;        /* 1 when this was the last coup of the shoe */
    uint8_t cut_card_out;     /* 1 when the cutting card came out just before or during this round */
} dd_bac_round;

/* A shoe of 1-8 decks. Plain data: the caller owns the memory; use only through the functions below. */
typedef struct dd_bac_shoe {
    dd_rng rng;
    uint8_t cards[416];     /* card codes in dealing order */
    uint16_t size;          /* 52 * decks */
    uint16_t next;          /* index of the next card to leave the shoe */
    uint16_t cut_index;     /* the cutting card lies just before cards[cut_index] */
    uint16_t cut_from_end;  /* cards behind the cutting card */
    uint16_t discarded;     /* cards in the discard rack (burned and collected) */
    uint16_t on_table;      /* cards of the last round still on the layout */
    uint8_t decks;
    uint8_t burn;           /* 1: expose the first card and burn that many at the start of a shoe */
    uint8_t state;          /* dd_bac_shoe_state */
    uint8_t cut_card_out;   /* the cutting card has been drawn and put aside */
} dd_bac_shoe;

/* Ordered ways over every arrangement of the first six cards of an N-deck shoe (all 6 always counted,
 * so total = M (M-1) (M-2) (M-3) (M-4) (M-5) for M = 52 N). */
typedef struct dd_bac_ways {
    uint64_t banker;
    uint64_t player;
    uint64_t tie;
    uint64_t total;
    uint64_t natural;           /* either hand has a natural */
    uint64_t player_draws;      /* the Player takes a third card */
    uint64_t banker_draws;      /* the Banker takes a third card */
} dd_bac_ways;

typedef struct dd_bac_sim_result {
    uint64_t shoes;
    uint64_t coups;
    uint64_t banker_wins;
    uint64_t player_wins;
    uint64_t ties;
    uint64_t naturals;          /* coups decided by a natural */
    uint64_t player_draws;      /* coups where the Player took a third card */
    uint64_t banker_draws;      /* coups where the Banker took a third card */
    uint64_t cards_dealt;       /* cards dealt to hands (burns excluded) */
    uint64_t cards_burned;
    uint64_t shoes_ended_by_9_9; /* shoes whose cutting card came out as the first card of a round */
} dd_bac_sim_result;

typedef struct dd_bac_wager {
    int32_t side;               /* dd_bac_side */
    int64_t amount;             /* in the smallest money unit, 1 .. DD_BAC_MAX_AMOUNT */
} dd_bac_wager;

/* A seated player's wager at the big table, for deciding who handles the cards. */
typedef struct dd_bac_seat_wager {
    int32_t seat;               /* 1 .. DD_BAC_BIG_TABLE_SEATS */
    int32_t side;               /* dd_bac_side; Tie wagers never give a role */
    int64_t amount;             /* 1 .. DD_BAC_MAX_AMOUNT */
    int32_t declines;           /* 1 when this player declines to handle that hand's cards, else 0 */
} dd_bac_seat_wager;

typedef struct dd_bac_settle_rules {
    int32_t tie_odds;           /* 8 or 9 (to 1) */
    int32_t commission_bp;      /* Banker commission in basis points, 0-10000 (500 = 5%) */
    int64_t rounding_unit;      /* commission is a multiple of this (1 = whole cents), 1 - 10^14 */
    int32_t rounding;           /* dd_rounding (dd_commission.h) */
    int32_t collection;         /* dd_bac_collection (0, at payment, when left unset) */
} dd_bac_settle_rules;

typedef struct dd_bac_payout {
    int32_t result;             /* dd_outcome */
    int64_t winnings;           /* paid at the odds, before commission (0 unless won) */
    int64_t commission;         /* taken from a winning Banker wager */
    int64_t net;                /* winnings - commission; -amount when lost; 0 on a push */
    int64_t paid;               /* handed to the player now: winnings less commission at payment, the
                                   full winnings when the commission goes in the box; 0 unless won */
    int64_t marked;             /* commission marked in the seat's commission box (0 at payment) */
} dd_bac_payout;

/* The card code of a rank 1-13 and a suit 0-3, and back; DD_E_BAD_CARD for a rank, suit or code out of
 * range. */
int dd_bac_card_code(int rank, int suit, int *code);
int dd_bac_card_of_code(int code, int *rank, int *suit);
/* DD_OK when a Tie may pay `odds` to 1 (DD_BAC_MIN_TIE_ODDS .. DD_BAC_MAX_TIE_ODDS), else DD_E_RANGE. */
int dd_bac_tie_odds_check(int odds);
/* Point value of a rank: ace 1, 2-9 face value, 10/J/Q/K 0. DD_E_BAD_CARD outside 1-13. */
int dd_bac_card_value(int rank, int *value);
/* Point count (0-9) of n ranks. */
int dd_bac_point_count(const uint8_t *ranks, size_t n, int *total);
/* Whether a hand's two-card point count (0-9) is a natural. */
int dd_bac_is_natural(int two_card_total, int *natural);
/* Whether the Player draws on this two-card point count (0-9); a natural (8, 9) stands. */
int dd_bac_player_draws(int player_total, int *draws);
/* Whether the Banker draws on its two-card point count (0-9) given the value (0-9) of the Player's third
 * card, or DD_BAC_PLAYER_STOOD when the Player stood without a natural (rule 9.5). */
int dd_bac_banker_draws(int banker_total, int player_third_value, int *draws);

/* Resolve a coup from ranks in dealing order (P, B, P, B, then third cards as the table requires).
 * All n ranks must be 1-13 (DD_E_BAD_CARD); DD_E_SHORT_SEQUENCE if the coup needs more than n. */
int dd_bac_coup_resolve(const uint8_t *ranks, size_t n, dd_bac_coup *out);
/* Resolve `count` sequences stored back to back, `stride` ranks each (4-64), into out[0..count).
 * On an error *bad_index (if given) is the first failing sequence. */
int dd_bac_coup_resolve_many(const uint8_t *ranks, size_t count, size_t stride, dd_bac_coup *out,
                             size_t *bad_index);

/* Exact ordered ways for a shoe of 1-8 decks. */
int dd_bac_exact_ways(int decks, dd_bac_ways *out);

/* Set up a shoe (cards in new-deck order, state NEEDS_SHUFFLE). cut_from_end is the number of cards
 * behind the cutting card: DD_BAC_MIN_CUT_FROM_END .. 52 * decks - DD_BAC_MAX_BURN, else
 * DD_E_CUT_POSITION. seeded = 1 uses `seed` (repeatable), 0 seeds from the OS. */
int dd_bac_shoe_init(dd_bac_shoe *shoe, int decks, int cut_from_end, int burn, int seeded, uint64_t seed);
/* Shuffle every card back into the shoe; state becomes BURN_DUE (burn on) or DEALING. */
int dd_bac_shoe_shuffle(dd_bac_shoe *shoe);
/* Stack the shoe in a given order instead of shuffling (drills and tests): exactly 52 * decks codes,
 * each code 0-51 appearing `decks` times. */
int dd_bac_shoe_load(dd_bac_shoe *shoe, const uint8_t *codes, size_t n);
/* The burn: expose the first card and burn as many as its value (10 for a ten or face). The exposed
 * card and burned[0..*burned_count) go to the discard rack. burned_capacity must be at least 10. */
int dd_bac_shoe_burn(dd_bac_shoe *shoe, uint8_t *exposed, uint8_t *burned, size_t burned_capacity,
                     size_t *burned_count);
/* Deal the next coup (collecting the previous round's cards first). DD_E_SHOE_FINISHED after the last
 * coup; DD_E_STATE before the shuffle or while the burn is due. */
int dd_bac_shoe_deal(dd_bac_shoe *shoe, dd_bac_round *out);
/* Move the cards of the last round from the layout to the discard rack. */
int dd_bac_shoe_collect(dd_bac_shoe *shoe);

/* Play `shoes` whole shoes (shuffle, burn if on, deal to the last coup) and count the outcomes.
 * Statistically the same as dealing a dd_bac_shoe; outcomes come only from the shuffled order. */
int dd_bac_simulate(uint64_t shoes, int decks, int cut_from_end, int burn, int seeded, uint64_t seed,
                    dd_bac_sim_result *out);

/* Settle n wagers against a coup's winner (dd_bac_side). On an error *bad_index (if given) is the first
 * bad wager: DD_E_BAD_AMOUNT for an amount below 1, DD_E_OVERFLOW above DD_BAC_MAX_AMOUNT, DD_E_RANGE
 * for a side that is not Player, Banker or Tie or bad rules. */
int dd_bac_settle(const dd_bac_wager *wagers, size_t n, int winner, const dd_bac_settle_rules *rules,
                  dd_bac_payout *out, size_t *bad_index);
/* What a seat's commission box holds after n winning Banker wagers (amounts in banker_wins): each win is
 * marked exactly and the box is collected once, so the rules' rounding applies once, to the commission on
 * their sum. DD_E_BAD_AMOUNT / DD_E_OVERFLOW (*bad_index = the wager) for an amount below 1 or a sum above
 * DD_BAC_MAX_AMOUNT; DD_E_RANGE for bad rules. n = 0 owes 0. */
int dd_bac_box_commission(const int64_t *banker_wins, size_t n, const dd_bac_settle_rules *rules,
                          int64_t *owed, size_t *bad_index);
/* Who handles the Player's or the Banker's hand (`hand` = DD_BAC_PLAYER or DD_BAC_BANKER) at the big
 * table, rules 8.8, 8.9 and 8.16: the role is offered to the seated players with a wager on that hand,
 * highest wager first (equal wagers: the lower seat number first, our reading, as the rule text is not
 * available); the first who does not decline takes it; when nobody wagers on the hand or all decline, the
 * dealer acts for it (*seat = DD_BAC_DEALER_ACTS). Wagers on the other hand or on the Tie do not count.
 * offer_order (may be NULL) receives the seats in the order the role is offered, *offered their number
 * (capacity must be at least n when offer_order is given).
 * Refused, with *bad_index the first bad wager: DD_E_RANGE for a seat outside 1-14, a side that is no
 * side, `declines` other than 0 or 1, a second wager of one seat on one hand, or a seat backing both the
 * Player and the Banker (a player may not); DD_E_BAD_AMOUNT / DD_E_OVERFLOW for an amount below 1 or above
 * DD_BAC_MAX_AMOUNT. DD_E_RANGE (*bad_index = n) for another hand, n above DD_BAC_MAX_ROLE_WAGERS or a
 * capacity below n. Nothing is written on an error. */
int dd_bac_big_table_role(const dd_bac_seat_wager *wagers, size_t n, int hand, int32_t *seat,
                          int32_t *offer_order, size_t capacity, size_t *offered, size_t *bad_index);
/* --- cdef end --- */

/* Internal to the engine: shared by baccarat.c and baccarat_shoe.c. */

/* The table of play as lookups: banker_draw_table[banker total][Player's third value, or 10 = stood],
 * and rank_value[rank] (index 0 unused). */
extern const uint8_t dd_bac_banker_draw_table[10][11];
extern const uint8_t dd_bac_rank_value[14];

/* The card code, written here once: rank r (1-13) and suit s (0-3) make code 4 (r - 1) + s. */
static inline int dd_bac_code_of(int rank, int suit)
{
    return (rank - 1) * 4 + suit;
}

static inline int dd_bac_rank_of_code(int code)
{
    return code / 4 + 1;
}

static inline int dd_bac_suit_of_code(int code)
{
    return code % 4;
}

#endif
