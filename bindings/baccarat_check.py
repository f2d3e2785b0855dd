"""A baccarat coup checked as the dealer laid it out (core_c/src/baccarat_check.c): for hands of two or
three cards, what each hand should have done under the table of play (a natural, the Player's rule,
Table 2 or rule 9.5), what it did, and the totals and winner of the hands as they lie."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ._engine import ffi, lib
from ._errors import InvalidCard, InvalidInput, check, require_int

__all__ = ["HandsCheck", "check_hands"]

_SIDES = {lib.DD_BAC_PLAYER: "player", lib.DD_BAC_BANKER: "banker", lib.DD_BAC_TIE: "tie"}
RULES = {lib.DD_BAC_RULE_NATURAL: "natural", lib.DD_BAC_RULE_PLAYER: "player rule",
         lib.DD_BAC_RULE_TABLE_2: "Table 2", lib.DD_BAC_RULE_9_5: "9.5"}


class HandsCheck(NamedTuple):
    player_total: int
    banker_total: int
    winner: str               # "player" | "banker" | "tie", of the hands as they lie
    natural: bool
    player_should_draw: bool
    player_drew: bool
    player_rule: str          # "natural" | "player rule"
    banker_should_draw: bool
    banker_drew: bool
    banker_rule: str          # "natural" | "Table 2" | "9.5"

    @property
    def player_right(self) -> bool:
        return self.player_should_draw == self.player_drew

    @property
    def banker_right(self) -> bool:
        return self.banker_should_draw == self.banker_drew


def _ranks(cards: Sequence[int], what: str) -> list[int]:
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__len__") or len(cards) not in (2, 3):
        raise InvalidInput(f"{what} is two or three card ranks, not {cards!r}")
    ranks = [require_int(r, f"a card of {what}") for r in cards]
    if any(not 1 <= r <= 13 for r in ranks):
        raise InvalidCard(f"{what}: a card rank is 1 (ace) to 13 (king)")
    return ranks


def check_hands(player: Sequence[int], banker: Sequence[int]) -> HandsCheck:
    """The engine's check of hands as dealt (ranks 1-13 in the order dealt)."""
    p, b = _ranks(player, "the Player's hand"), _ranks(banker, "the Banker's hand")
    out = ffi.new("dd_bac_hands_check *")
    check(lib.dd_bac_check_hands(ffi.new("uint8_t[]", p), len(p), ffi.new("uint8_t[]", b), len(b), out))
    return HandsCheck(out.player_total, out.banker_total, _SIDES[out.winner], bool(out.natural),
                      bool(out.player_should_draw), bool(out.player_drew), RULES[out.player_rule],
                      bool(out.banker_should_draw), bool(out.banker_drew), RULES[out.banker_rule])
