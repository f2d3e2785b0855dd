/* Dealer Drill engine: checking a baccarat coup as a dealer laid it out.
 *
 * Given the two hands as they lie on the layout (two or three cards each, in the order dealt), the engine
 * says what each hand should have done under the table of play (a natural stands; the Player's rule;
 * Table 2 when the Player drew, rule 9.5 when the Player stood; Gazette 1998 No. 10 p. 232), whether the
 * dealer did it, and the totals and winner of the hands as they lie. The Banker's call is judged against
 * the Player's hand as dealt, right or wrong, since that is the hand the Banker's row is read from.
 */
#ifndef DD_BACCARAT_CHECK_H
#define DD_BACCARAT_CHECK_H

#include "dd_common.h"

/* --- cdef begin --- */
typedef enum dd_bac_draw_rule {
    DD_BAC_RULE_NATURAL = 0,     /* a natural on either hand: both stand (Table 2) */
    DD_BAC_RULE_PLAYER = 1,      /* the Player's rule: draw on 0-5, stand on 6-7 */
    DD_BAC_RULE_TABLE_2 = 2,     /* the Banker when the Player drew: Table 2 */
    DD_BAC_RULE_9_5 = 3          /* the Banker when the Player stood: rule 9.5 */
} dd_bac_draw_rule;

typedef struct dd_bac_hands_check {
    uint8_t player_total;        /* point counts of the hands as they lie */
    uint8_t banker_total;
    uint8_t winner;              /* dd_bac_side of the hands as they lie */
    uint8_t natural;             /* 1: a natural on either hand's first two cards */
    uint8_t player_should_draw;
    uint8_t player_drew;
    uint8_t player_rule;         /* dd_bac_draw_rule that decides the Player's hand */
    uint8_t banker_should_draw;
    uint8_t banker_drew;
    uint8_t banker_rule;         /* dd_bac_draw_rule that decides the Banker's hand */
} dd_bac_hands_check;

/* Check hands of np and nb cards (2 or 3 each; ranks 1-13). DD_E_RANGE for a hand of another size,
 * DD_E_BAD_CARD for a rank outside 1-13. */
int dd_bac_check_hands(const uint8_t *player, size_t np, const uint8_t *banker, size_t nb, dd_bac_hands_check *out);
/* --- cdef end --- */

#endif
