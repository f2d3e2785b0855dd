/* Dealer Drill engine: irregularities and procedure at the tables, decided from a scenario's facts.
 *
 * Only rules whose text the project has are ruled on (docs/rules/): roulette 6.1 (a ball spun the way the
 * wheel turns: "No spin") and 4.8-4.9 (what may be touched before an area is paid); baccarat 8.16(a) with
 * 8.8-8.9 (a hand nobody has bet on, or whose bettors all decline) and 9.8-9.9 (the cutting card); pai gow
 * 12.1-12.2 (tiles exposed while stacking or during a laja), item (e) of the co-banking rule (seed 000:
 * the co-banker may see 2 of the bank's 4 tiles; the bank's hand is set after every other hand) with
 * 11.1(c) when the house banks alone, and 6.5 with 11.1(b) (who may wager on a box).
 *
 * A caller fills a dd_irr_facts for one kind of scenario (the fields of other kinds are ignored) and gets
 * the ruling: the action the dealer takes and the rule that says so. dd_irr_actions lists every action a
 * kind of scenario can be ruled, so a drill can offer them all as choices. The readings where the text
 * stops short (8.16 past its item (a); 12.2 when one or two tiles show in a laja; rule (e) for a single
 * tile) are in core_c/src/irregularity.c and docs/rules/.
 */
#ifndef DD_IRREGULARITY_H
#define DD_IRREGULARITY_H

#include "dd_common.h"

/* --- cdef begin --- */
#define DD_IRR_MAX_ACTIONS 8

typedef enum dd_irr_kind {
    DD_IRR_ROULETTE_SPIN = 0,            /* rule 6.1 */
    DD_IRR_ROULETTE_WAGER_TOUCHED = 1,   /* rules 4.8-4.9 */
    DD_IRR_BACCARAT_NO_TAKER = 2,        /* rules 8.8-8.9, 8.16 */
    DD_IRR_BACCARAT_CUTTING_CARD = 3,    /* rules 9.8-9.9 */
    DD_IRR_PAIGOW_EXPOSED_TILES = 4,     /* rules 12.1-12.2 */
    DD_IRR_PAIGOW_BANK_HAND = 5,         /* seed 000 rule (e); 11.1(c) */
    DD_IRR_PAIGOW_WAGER_ON_BOX = 6,      /* rule 6.5 subject to 11.1(b) */
    DD_IRR_KIND_COUNT = 7
} dd_irr_kind;

typedef enum dd_irr_wager_change {
    DD_IRR_REMOVE = 0,                   /* the player takes the winning wager off the layout */
    DD_IRR_ALTER = 1,                    /* the player changes it (moves chips, splits the stack) */
    DD_IRR_ADD = 2                       /* the player adds chips to it, or places a new wager in that area */
} dd_irr_wager_change;

typedef enum dd_irr_cut_card {
    DD_IRR_CUT_DURING_ROUND = 0,         /* drawn in the course of a round, not as its first card */
    DD_IRR_CUT_FIRST_CARD = 1,           /* drawn as the first card of a round */
    DD_IRR_CUT_LAST_COUP_DEALT = 2,      /* the last coup announced after it has been dealt and settled */
    DD_IRR_CUT_STILL_IN_SHOE = 3         /* a round finished and the cutting card has not come out */
} dd_irr_cut_card;

typedef enum dd_irr_tile_phase {
    DD_IRR_WHILE_STACKING = 0,
    DD_IRR_DURING_LAJA = 1
} dd_irr_tile_phase;

typedef enum dd_irr_bank_request {
    DD_IRR_EXPOSE_TILES = 0,             /* the co-banker asks to expose some of the bank's four tiles */
    DD_IRR_SET_BANK_NOW = 1              /* the bank's hand is to be set now */
} dd_irr_bank_request;

typedef enum dd_irr_action {
    DD_IRR_SPIN_STANDS = 0,              /* a good spin: settle by where the ball comes to rest (4.7) */
    DD_IRR_CALL_NO_SPIN = 1,             /* void: call "No spin" and try to take the ball out (6.1) */
    DD_IRR_MAY_TOUCH = 2,                /* allowed: every winner in that area has been paid (4.8) */
    DD_IRR_MAY_TAKE_PAID_OUTSIDE = 3,    /* allowed: a paid winning outside wager may be taken (4.9) */
    DD_IRR_WAIT_UNTIL_PAID = 4,          /* not yet: nothing in the area is touched until it is paid (4.8) */
    DD_IRR_OFFER_ROLE = 5,               /* offer the role to the highest wager on that hand (8.8-8.9) */
    DD_IRR_DEALER_ACTS = 6,              /* the dealer acts for the hand (8.16) */
    DD_IRR_DEAL_ON = 7,                  /* deal the next round as usual */
    DD_IRR_FINISH_THEN_LAST_COUP = 8,    /* finish the round, announce "Last coup", deal one more (9.8) */
    DD_IRR_LAST_COUP_NOW = 9,            /* announce "Last coup": this round is the last (9.9) */
    DD_IRR_NO_MORE_CARDS = 10,           /* no more cards until replaced or reshuffled (9.8-9.9) */
    DD_IRR_CARRY_ON = 11,                /* nothing the rules call for: carry on */
    DD_IRR_PERFORM_LAJA = 12,            /* perform a laja (12.1) */
    DD_IRR_RESHUFFLE = 13,               /* reshuffle the tiles (12.2) */
    DD_IRR_MAY_PERMIT_EXPOSE = 14,       /* the dealer may permit it: 2 of the 4 tiles ((e)) */
    DD_IRR_REFUSE_EXPOSE = 15,           /* refuse: no more than 2 of the 4 tiles ((e)) */
    DD_IRR_SET_BANK_HOUSE_WAY = 16,      /* set the bank's hand the house way now ((e); 11.1(c)) */
    DD_IRR_WAIT_FOR_OTHER_HANDS = 17,    /* not yet: the bank's hand is set after every other hand */
    DD_IRR_ACCEPT_WAGER = 18,            /* accept it: up to 3 players may wager on a box (6.5) */
    DD_IRR_REFUSE_BOX_ONE = 19,          /* refuse: no wagers on box 1 when the house banks (11.1(b)) */
    DD_IRR_REFUSE_BANKER_BOX = 20,       /* refuse: the player/banker's box holds only that wager (6.5) */
    DD_IRR_REFUSE_FOURTH_PLAYER = 21,    /* refuse: no more than 3 players on one box (6.5) */
    DD_IRR_ACTION_COUNT = 22
} dd_irr_action;

/* The facts of one scenario. Only the fields of its kind are read. */
typedef struct dd_irr_facts {
    int32_t kind;               /* dd_irr_kind */
    /* DD_IRR_ROULETTE_SPIN */
    int32_t ball_with_wheel;    /* 1: the ball was spun in the direction the wheel turns; 0: against it */
    /* DD_IRR_ROULETTE_WAGER_TOUCHED: a player's winning wager */
    int32_t change;             /* dd_irr_wager_change */
    int32_t outside;            /* 1: an outside wager (low, high, even, odd, red, black, column, dozen) */
    int32_t wager_paid;         /* 1: this wager has been paid */
    int32_t area_paid;          /* 1: every winning wager in its box or area has been paid (so it too) */
    /* DD_IRR_BACCARAT_NO_TAKER */
    int32_t wagers_on_hand;     /* seated players with a wager on the hand (0 - 14) */
    int32_t all_decline;        /* 1: every one of them declines to handle its cards */
    /* DD_IRR_BACCARAT_CUTTING_CARD */
    int32_t cut_card;           /* dd_irr_cut_card */
    /* DD_IRR_PAIGOW_EXPOSED_TILES */
    int32_t phase;              /* dd_irr_tile_phase */
    int32_t tiles_exposed;      /* 0 - 32 */
    /* DD_IRR_PAIGOW_BANK_HAND */
    int32_t co_banking;         /* 1: a co-banker holds the bank with the house; 0: the house banks alone */
    int32_t request;            /* dd_irr_bank_request */
    int32_t tiles_to_expose;    /* DD_IRR_EXPOSE_TILES: 1 - 4 (only with a co-banker) */
    int32_t others_set;         /* DD_IRR_SET_BANK_NOW: 1 when every other hand has been set */
    /* DD_IRR_PAIGOW_WAGER_ON_BOX */
    int32_t box;                /* the box the player wants to wager on, 1 - 8 */
    int32_t banker_box;         /* the player/banker's box 1 - 8, or 0 when the house is the sole banker */
    int32_t players;            /* players who would then wager on that box, the newcomer included: 1 - 8 */
} dd_irr_facts;

typedef struct dd_irr_ruling {
    int32_t action;             /* dd_irr_action */
    const char *rule;           /* the rule that decides it, as the project cites it: "6.1", "(e)", "11.1(b)" */
} dd_irr_ruling;

/* The ruling on a scenario. DD_E_RANGE for an unknown kind, or a fact of its kind out of range or at
 * odds with another (a wager whose area is paid but not the wager itself; tiles exposed by a co-banker
 * when the house banks alone). */
int dd_irr_rule(const dd_irr_facts *facts, dd_irr_ruling *ruling);
/* Every action a scenario of `kind` can be ruled (in dd_irr_action order) into actions[0 .. *count - 1];
 * DD_E_RANGE for an unknown kind or a capacity below the count (DD_IRR_MAX_ACTIONS is always enough). */
int dd_irr_actions(int kind, int32_t *actions, size_t capacity, size_t *count);
/* --- cdef end --- */

#endif
