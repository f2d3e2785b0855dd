/* Dealer Drill engine: where the pai gow bank sits, and the order boxes are settled in.
 *
 * - The chung (the marker of the box that receives the banker's tiles, 1998 No. 20 definitions) goes on
 *   box 1 when the house is the sole banker (rule 11.1(a), 1999 No. 9 item 10.7 and 2001 No. 173) and on
 *   the player/banker's box when a player holds the bank (rule 11.2(a), 2001 No. 173).
 * - After the bank's hand is exposed, the other boxes are exposed, matched and then paid box by box
 *   counter-clockwise from box 1 (rule 11.1(f), (i)) or from the co-banker's box (seed 000 items (f),
 *   (i)). Box numbers rise counter-clockwise, so that order is the banker's box + 1, + 2, ... round the
 *   eight boxes.
 * - Where the dice total is counted from is not among our pages (rule 9.6 and the shuffle, cut and dice
 *   rules are missing; rule 3.3(b) says only that the dice decide which box receives the first stack), so it
 *   is the house's reading, one of two in use: the banker's box counts as 1 (the chung's box, the project's
 *   default), or box 1 counts as 1 whoever holds the bank. dd_pg_dice_count_start gives the box.
 * The dice count and the delivery of the stacks are dd_pg_deal_tiles (dd_paigow.h).
 */
#ifndef DD_PAIGOW_PROCEDURE_H
#define DD_PAIGOW_PROCEDURE_H

#include "dd_common.h"

/* --- cdef begin --- */
/* The box the chung is placed on: `banker_box` 0 when the house is the sole banker, else the
 * player/banker's box 1 - 8. *rule is the rule the project cites ("11.1(a)" or "11.2(a)").
 * DD_E_RANGE for a banker box outside 0 - 8. */
int dd_pg_chung_box(int banker_box, int *box, const char **rule);
/* The boxes other than the banker's, in the order they are exposed, matched and paid: order[0 .. 6],
 * *count = 7. `banker_box` as for dd_pg_chung_box. DD_E_RANGE for a bad banker box or a capacity below 7. */
int dd_pg_settling_order(int banker_box, uint8_t *order, size_t capacity, size_t *count);
/* The house's reading of where the dice total is counted from (see above). */
typedef enum dd_pg_count_start {
    DD_PG_COUNT_FROM_BANKER = 0,   /* the banker's box (the chung's) counts as 1 */
    DD_PG_COUNT_FROM_BOX_1 = 1     /* box 1 counts as 1, whoever holds the bank */
} dd_pg_count_start;
/* The box counted as 1 when the dice total is counted, under `reading` (a dd_pg_count_start), the bank as
 * for dd_pg_chung_box. DD_E_RANGE for an unknown reading or a bad banker box. */
int dd_pg_dice_count_start(int reading, int banker_box, int *box);
/* --- cdef end --- */

#endif
