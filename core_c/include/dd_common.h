/* Dealer Drill engine: status codes and the wager outcome, shared by every module.
 *
 * Every public function returns one of these codes (DD_OK on success) and writes its results through
 * pointer arguments, so no input can make the library abort: callers always get a code back.
 * The text between the cdef markers is read verbatim by bindings/_build.py, so it must stay plain
 * declarations (no #if, no macros with arguments).
 */
#ifndef DD_COMMON_H
#define DD_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* --- cdef begin --- */
typedef enum dd_status {
    DD_OK = 0,
    DD_E_NULL = 1,              /* a required pointer argument was NULL */
    DD_E_RANGE = 2,             /* a count, index or setting outside its allowed range */
    DD_E_ENTROPY = 3,           /* the operating system's random source could not be read */
    DD_E_OVERFLOW = 4,          /* an amount or count too large to compute exactly */
    DD_E_NO_MEMORY = 5,         /* an allocation failed */
    DD_E_STATE = 6,             /* the call is not allowed in the object's current state */

    DD_E_BAD_NUMBER = 10,       /* roulette: a number outside 0-36 */
    DD_E_NOT_A_WAGER = 11,      /* roulette: the covered numbers form no wager on the layout */
    DD_E_BAD_AMOUNT = 12,       /* an amount that is negative */
    DD_E_NOT_OFFERED = 13,      /* roulette: a wager this table does not offer (first four) */

    DD_E_BAD_CARD = 20,         /* baccarat: a card rank outside 1-13 */
    DD_E_SHORT_SEQUENCE = 21,   /* baccarat: too few cards to finish the coup */
    DD_E_SHOE_FINISHED = 22,    /* baccarat: the last coup was dealt; the shoe must be reshuffled */
    DD_E_CUT_POSITION = 23,     /* baccarat: the cutting card cannot go there */

    DD_E_BAD_TILE = 30,         /* pai gow: a tile id outside 0-31 */
    DD_E_DUPLICATE_TILE = 31,   /* pai gow: the same physical tile used twice */
    DD_E_ILLEGAL_SETTING = 32,  /* pai gow: the high hand ranks below the low hand */
    DD_E_BANK_SHORT = 33,       /* pai gow: the banking wager cannot cover the winning wagers */
    DD_E_BAD_OUTCOME = 34,      /* pai gow: an outcome code that is not win, lose or push */

    DD_E_HOUSE_WAY = 40,        /* pai gow: a house-way program that is malformed */

    DD_E_NOT_PAYABLE = 50       /* chips: no combination of the chips allowed makes the amount exactly */
} dd_status;

/* What a wager does when its round is settled, in every game: baccarat (a Player or Banker wager pushes
 * on a tie) and pai gow (rule 6.1: win, lose or push against the bank). */
typedef enum dd_outcome {
    DD_LOSE = 0,
    DD_PUSH = 1,
    DD_WIN = 2
} dd_outcome;

/* A short English name for a status code ("DD_E_RANGE"); never NULL. */
const char *dd_status_name(int status);
/* --- cdef end --- */

#endif
