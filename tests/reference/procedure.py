"""Pure-Python references for the procedure of issue 15's drills, written from the rules text (docs/rules/,
the Gazette pages) and the project's documented readings, not from the engine. Tests only.

Deliberately built another way from the engine: chips are counted by a plain dynamic program over every
amount up to the one paid (no bound, no largest-chip-first shortcut); rulings are read straight off the rule
text as one function per rule; the dice count walks the boxes one at a time.
"""
from __future__ import annotations

# --- chips ------------------------------------------------------------------------------------------------

def fewest_chips(amount: int, values, cap: int | None = None) -> int | None:
    """The fewest chips of these values (none above `cap`) that make `amount`, or None if none can."""
    allowed = [v for v in values if cap is None or v <= cap]
    best = [0] + [None] * amount
    for total in range(1, amount + 1):
        options = [best[total - v] for v in allowed if v <= total and best[total - v] is not None]
        best[total] = min(options) + 1 if options else None
    return best[amount]


def breakdown_verdict(amount: int, values, counts, cap: int | None = None) -> str:
    """"right", "wrong sum", "above cap" or "too many", in that order of checking."""
    if sum(c * v for c, v in zip(counts, values)) != amount:
        return "wrong sum"
    if cap is not None and any(c and v > cap for c, v in zip(counts, values)):
        return "above cap"
    if sum(counts) > fewest_chips(amount, values, cap):
        return "too many"
    return "right"


def colour_in(cash: int, value: int) -> tuple[int, int]:
    """Rule 2.6: colour chips carry the value the player buys them at; the rest comes back as change."""
    chips = 0
    while cash >= value:
        cash -= value
        chips += 1
    return chips, cash


# --- irregularities (one function per rule) ---------------------------------------------------------------

def roulette_spin(ball_with_wheel: bool):
    # 6.1: a ball spun in the same direction as the wheel: the spin is void, "No spin".
    return ("CALL_NO_SPIN", "6.1") if ball_with_wheel else ("SPIN_STANDS", "4.7")


def roulette_wager_touched(change: str, outside: bool, wager_paid: bool, area_paid: bool):
    # 4.8: nothing touched, removed, altered or added to until the area's winners are all paid;
    # 4.9: except that a player may remove a winning outside wager once it has been paid.
    if area_paid:
        return "MAY_TOUCH", "4.8"
    if change == "remove" and outside and wager_paid:
        return "MAY_TAKE_PAID_OUTSIDE", "4.9"
    return "WAIT_UNTIL_PAID", "4.8"


def baccarat_no_taker(wagers_on_hand: int, all_decline: bool):
    # 8.16(a): no bet on the hand; 8.8(d)/8.9: nobody accepts; otherwise 8.8-8.9 offer the role.
    if wagers_on_hand == 0:
        return "DEALER_ACTS", "8.16"
    if all_decline:
        return "DEALER_ACTS", "8.8(d), 8.16"
    return "OFFER_ROLE", "8.8-8.9"


def baccarat_cutting_card(cut_card: str):
    return {"during round": ("FINISH_THEN_LAST_COUP", "9.8"), "first card": ("LAST_COUP_NOW", "9.9"),
            "last coup dealt": ("NO_MORE_CARDS", "9.8-9.9"), "still in shoe": ("DEAL_ON", "9.8")}[cut_card]


def paigow_exposed_tiles(phase: str, tiles_exposed: int):
    if phase == "stacking":
        return ("PERFORM_LAJA" if tiles_exposed else "CARRY_ON"), "12.1"
    return ("RESHUFFLE" if tiles_exposed > 2 else "CARRY_ON"), "12.2"


def paigow_bank_hand(co_banking: bool, request: str, tiles_to_expose: int = 0, others_set: bool = False):
    if request == "expose":
        return ("MAY_PERMIT_EXPOSE" if tiles_to_expose <= 2 else "REFUSE_EXPOSE"), "(e)"
    rule = "(e)" if co_banking else "11.1(c)"
    return ("SET_BANK_HOUSE_WAY" if others_set else "WAIT_FOR_OTHER_HANDS"), rule


def paigow_wager_on_box(box: int, banker_box: int, players: int):
    if banker_box == 0 and box == 1:
        return "REFUSE_BOX_ONE", "11.1(b)"
    if box == banker_box:
        return "REFUSE_BANKER_BOX", "6.5"
    if players > 3:
        return "REFUSE_FOURTH_PLAYER", "6.5"
    return "ACCEPT_WAGER", "6.5"


RULINGS = {
    "ROULETTE_SPIN": roulette_spin, "ROULETTE_WAGER_TOUCHED": roulette_wager_touched,
    "BACCARAT_NO_TAKER": baccarat_no_taker, "BACCARAT_CUTTING_CARD": baccarat_cutting_card,
    "PAIGOW_EXPOSED_TILES": paigow_exposed_tiles, "PAIGOW_BANK_HAND": paigow_bank_hand,
    "PAIGOW_WAGER_ON_BOX": paigow_wager_on_box,
}


# --- pai gow: the chung, the dice count, the settling order ----------------------------------------------

def chung(banker_box: int) -> tuple[int, str]:
    # 11.1(a): box 1 when the house is the sole banker; 11.2(a): the player/banker's box.
    return (1, "11.1(a)") if banker_box == 0 else (banker_box, "11.2(a)")


def next_box_counter_clockwise(box: int) -> int:
    return 1 if box == 8 else box + 1


def delivery(dice, count_from: int) -> tuple[int, list[int]]:
    """(the box receiving the first stack, the boxes in delivery order): the total counted box by box from
    `count_from` as 1 (the project's reading), then box after box counter-clockwise."""
    box = count_from
    for _ in range(sum(dice) - 1):
        box = next_box_counter_clockwise(box)
    order = [box]
    while len(order) < 8:
        order.append(next_box_counter_clockwise(order[-1]))
    return order[0], order


def settling_order(banker_box: int) -> list[int]:
    start = 1 if banker_box == 0 else banker_box
    order, box = [], start
    for _ in range(7):
        box = next_box_counter_clockwise(box)
        order.append(box)
    return order
