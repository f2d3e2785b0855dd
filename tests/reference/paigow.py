"""Pure-Python pai gow, written from the rules text (docs/rules/paigow.md, NZ Gazette 1999 No. 9 rules
4.2-4.7 and 6.1-6.2, 1998 No. 20 p.452 rules (j)-(l), 2001 No. 173 rule 11.1) for tests only.

It works on faces ("6-6", "3-6") and rank-ordered lists rather than the engine's tile ids and value
table, so the two can check each other.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

# The rules table, highest individual rank first: (name, faces of its tiles).
KIND_TABLE = [
    ("Teen", ["6-6", "6-6"]),
    ("Day", ["1-1", "1-1"]),
    ("Yun", ["4-4", "4-4"]),
    ("Gor", ["1-3", "1-3"]),
    ("Mooy", ["5-5", "5-5"]),
    ("Chong", ["3-3", "3-3"]),
    ("Bon", ["2-2", "2-2"]),
    ("Foo", ["5-6", "5-6"]),
    ("Ping", ["4-6", "4-6"]),
    ("Tit", ["1-6", "1-6"]),
    ("Look", ["1-5", "1-5"]),
    ("Chop Gow", ["3-6", "4-5"]),
    ("Chop Bot", ["2-6", "3-5"]),
    ("Chop Chit", ["2-5", "3-4"]),
    ("Chop Ng", ["1-4", "2-3"]),
    ("Gee Joon", ["1-2", "2-4"]),
]
KIND_NAMES = [name for name, _ in KIND_TABLE]
RANK_OF_FACE = {face: rank for rank, (_, faces) in enumerate(KIND_TABLE, start=1) for face in faces}
NAME_OF_FACE = {face: name for name, faces in KIND_TABLE for face in faces}
# All 32 tiles of a set, as faces (a civil face appears twice).
SET = [face for _, faces in KIND_TABLE for face in faces]
GEE_JOON = "Gee Joon"

# Rule 4.2's numbered ranks 1-22, highest first.
NAMED_HANDS = (
    ["Gee Joon pair"] + [f"pair of {name}" for name in KIND_NAMES[:-1]]
    + ["Teen Wong", "Day Wong", "Teen Gong", "Day Gong", "Teen High Nine", "Day High Nine"]
)


def normalise(face: str) -> str:
    low, high = sorted(int(p) for p in face.split("-"))
    return f"{low}-{high}"


def dots(face: str) -> int:
    return sum(int(p) for p in face.split("-"))


def rank(face: str) -> int:
    return RANK_OF_FACE[normalise(face)]


def name(face: str) -> str:
    return NAME_OF_FACE[normalise(face)]


def point_values(face: str) -> list[int]:
    """The values a tile may count: its dots, or 3 or 6 for either Gee Joon tile (rule 4.2)."""
    return [3, 6] if name(face) == GEE_JOON else [dots(face)]


def points(a: str, b: str) -> int:
    return max((x + y) % 10 for x in point_values(a) for y in point_values(b))


def named_hand(a: str, b: str) -> str | None:
    """The rule 4.2 name of a pair, Wong, Gong or High Nine; None for a hand ranked by points."""
    if name(a) == name(b):
        return "Gee Joon pair" if name(a) == GEE_JOON else f"pair of {name(a)}"
    for big, other in ((a, b), (b, a)):
        if name(big) in ("Teen", "Day") and name(other) != GEE_JOON:
            kind = {9: "Wong", 8: "Gong", 7: "High Nine"}.get(dots(other))
            if kind:
                return f"{name(big)} {kind}"
    return None


def hand_key(a: str, b: str) -> tuple:
    """A sort key: a larger key ranks higher, equal keys are copies."""
    named = named_hand(a, b)
    if named is not None:
        return (1, -NAMED_HANDS.index(named))
    p = points(a, b)
    if p == 0:
        return (0, 0, 0)  # rule 4.7: no ranking
    return (0, p, -min(rank(a), rank(b)))  # rule 4.3: then the highest-ranking tile


def label(a: str, b: str) -> str:
    named = named_hand(a, b)
    if named is not None:
        return named
    p = points(a, b)
    if p == 0:
        return "0 (no ranking)"
    high = a if rank(a) <= rank(b) else b
    return f"{p} ({name(high)} high)"


def compare(a, b) -> int:
    ka, kb = hand_key(*a), hand_key(*b)
    return (ka > kb) - (ka < kb)


def settings(tiles):
    """The three pairings, each oriented with the high hand not below the low hand."""
    t = list(tiles)
    out = []
    for partner in (1, 2, 3):
        first = (t[0], t[partner])
        second = tuple(t[i] for i in (1, 2, 3) if i != partner)
        out.append((first, second) if hand_key(*first) >= hand_key(*second) else (second, first))
    return out


def is_legal(setting) -> bool:
    return hand_key(*setting[0]) >= hand_key(*setting[1])


def outcome(player, bank) -> str:
    """Rule 6.1: the bank takes a hand it outranks or copies (4.5-4.7)."""
    def bank_takes(p, b):
        return hand_key(*b) >= hand_key(*p)

    takes_high = bank_takes(player[0], bank[0])
    takes_low = bank_takes(player[1], bank[1])
    if not takes_high and not takes_low:
        return "win"
    if takes_high and takes_low:
        return "lose"
    return "push"


def distinct_kind_multisets(size: int) -> set[tuple[int, ...]]:
    """Hands of `size` tiles with the tiles of one kind taken as identical."""
    return {tuple(sorted(rank(SET[i]) for i in combo)) for combo in combinations(range(len(SET)), size)}


# ----------------------------------------------------------------------------------------- settlement

def commission(amount: int, bp: int = 500, unit: int = 1, rounding: str = "player") -> int:
    exact_units = Fraction(amount * bp, 10000 * unit)
    whole = exact_units.numerator // exact_units.denominator
    if rounding == "house":
        units = whole if exact_units == whole else whole + 1
    elif rounding == "nearest":
        units = whole + 1 if exact_units - whole > Fraction(1, 2) else whole
    else:
        units = whole
    return min(units * unit, amount)


class ReferenceBankShort(Exception):
    pass


def settle(wagers, co_banker_wager=None, bp=500, unit=1, rounding="player") -> dict:
    """Returns {"results": [(paid, commission, net)], plus the summary totals}."""
    results = []
    losing_wager_area = 0
    owed_to_winners = 0
    player_commission = 0
    for amount, result in wagers:
        if result == "win":
            c = commission(amount, bp, unit, rounding)
            results.append((amount - c, c, amount - c))
            owed_to_winners += amount
            player_commission += c
        elif result == "lose":
            results.append((0, 0, -amount))
            losing_wager_area += amount
        else:
            results.append((0, 0, 0))
    out = {
        "results": results,
        "collected": losing_wager_area,
        "winnings": owed_to_winners,
        "paid": owed_to_winners - player_commission,
        "player_commission": player_commission,
    }
    if co_banker_wager is None:
        out["house_net"] = losing_wager_area - owed_to_winners + player_commission
        out["commission"] = player_commission
        return out
    house_wager = co_banker_wager  # equal partnership
    if losing_wager_area >= owed_to_winners:
        left = losing_wager_area - owed_to_winners
        co_half = (left + 1) // 2  # the odd cent to the co-banker
        house_half = left - co_half
        co_commission = commission(co_half, bp, unit, rounding)
        returned = co_banker_wager + co_half - co_commission
        to_float = house_wager + house_half
        shortfall = 0
    else:
        shortfall = owed_to_winners - losing_wager_area
        pool = co_banker_wager + house_wager
        if shortfall > pool:
            raise ReferenceBankShort(shortfall)
        left = pool - shortfall
        co_half = (left + 1) // 2
        house_half = left - co_half
        co_commission = 0
        returned = co_half
        to_float = house_half
    out.update(
        remainder=max(losing_wager_area - owed_to_winners, 0),
        shortfall=shortfall,
        co_banker_share=co_half,
        house_share=house_half,
        co_banker_commission=co_commission,
        commission=player_commission + co_commission,
        co_banker_returned=returned,
        to_float=to_float,
        co_banker_net=returned - co_banker_wager,
        house_net=to_float - house_wager + player_commission + co_commission,
    )
    return out
