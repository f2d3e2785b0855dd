"""Irregularities and procedure at the tables, ruled by the engine from a scenario's facts.

Each Scenario names a kind of situation and the rules that decide it; `ruling(scenario, **facts)` asks the
C engine (core_c/src/irregularity.c) what the dealer does and which rule says so. `actions(scenario)` is
every action the engine can rule for that kind of situation, for a drill's choices.

    >>> ruling(Scenario.ROULETTE_SPIN, ball_with_wheel=True)
    Ruling(action=<Action.CALL_NO_SPIN: 1>, rule='6.1')

Facts by scenario (booleans as True/False, counts as ints):
  ROULETTE_SPIN           ball_with_wheel
  ROULETTE_WAGER_TOUCHED  change ("remove" | "alter" | "add"), outside, wager_paid, area_paid
  BACCARAT_NO_TAKER       wagers_on_hand, all_decline
  BACCARAT_CUTTING_CARD   cut_card ("during round" | "first card" | "last coup dealt" | "still in shoe")
  PAIGOW_EXPOSED_TILES    phase ("stacking" | "laja"), tiles_exposed
  PAIGOW_BANK_HAND        co_banking, request ("expose" | "set now"), tiles_to_expose, others_set
  PAIGOW_WAGER_ON_BOX     box, banker_box (0: the house banks alone), players
"""
from __future__ import annotations

import enum
from typing import NamedTuple

from ._engine import ffi, lib
from ._errors import InvalidInput, check

__all__ = ["Action", "Ruling", "Scenario", "actions", "ruling"]


class Scenario(enum.Enum):
    ROULETTE_SPIN = lib.DD_IRR_ROULETTE_SPIN
    ROULETTE_WAGER_TOUCHED = lib.DD_IRR_ROULETTE_WAGER_TOUCHED
    BACCARAT_NO_TAKER = lib.DD_IRR_BACCARAT_NO_TAKER
    BACCARAT_CUTTING_CARD = lib.DD_IRR_BACCARAT_CUTTING_CARD
    PAIGOW_EXPOSED_TILES = lib.DD_IRR_PAIGOW_EXPOSED_TILES
    PAIGOW_BANK_HAND = lib.DD_IRR_PAIGOW_BANK_HAND
    PAIGOW_WAGER_ON_BOX = lib.DD_IRR_PAIGOW_WAGER_ON_BOX


class Action(enum.Enum):
    SPIN_STANDS = lib.DD_IRR_SPIN_STANDS
    CALL_NO_SPIN = lib.DD_IRR_CALL_NO_SPIN
    MAY_TOUCH = lib.DD_IRR_MAY_TOUCH
    MAY_TAKE_PAID_OUTSIDE = lib.DD_IRR_MAY_TAKE_PAID_OUTSIDE
    WAIT_UNTIL_PAID = lib.DD_IRR_WAIT_UNTIL_PAID
    OFFER_ROLE = lib.DD_IRR_OFFER_ROLE
    DEALER_ACTS = lib.DD_IRR_DEALER_ACTS
    DEAL_ON = lib.DD_IRR_DEAL_ON
    FINISH_THEN_LAST_COUP = lib.DD_IRR_FINISH_THEN_LAST_COUP
    LAST_COUP_NOW = lib.DD_IRR_LAST_COUP_NOW
    NO_MORE_CARDS = lib.DD_IRR_NO_MORE_CARDS
    CARRY_ON = lib.DD_IRR_CARRY_ON
    PERFORM_LAJA = lib.DD_IRR_PERFORM_LAJA
    RESHUFFLE = lib.DD_IRR_RESHUFFLE
    MAY_PERMIT_EXPOSE = lib.DD_IRR_MAY_PERMIT_EXPOSE
    REFUSE_EXPOSE = lib.DD_IRR_REFUSE_EXPOSE
    SET_BANK_HOUSE_WAY = lib.DD_IRR_SET_BANK_HOUSE_WAY
    WAIT_FOR_OTHER_HANDS = lib.DD_IRR_WAIT_FOR_OTHER_HANDS
    ACCEPT_WAGER = lib.DD_IRR_ACCEPT_WAGER
    REFUSE_BOX_ONE = lib.DD_IRR_REFUSE_BOX_ONE
    REFUSE_BANKER_BOX = lib.DD_IRR_REFUSE_BANKER_BOX
    REFUSE_FOURTH_PLAYER = lib.DD_IRR_REFUSE_FOURTH_PLAYER


class Ruling(NamedTuple):
    action: Action
    rule: str       # as the project cites it: "6.1", "8.8(d), 8.16", "(e)", "11.1(b)"


_WORDS = {
    "change": {"remove": lib.DD_IRR_REMOVE, "alter": lib.DD_IRR_ALTER, "add": lib.DD_IRR_ADD},
    "cut_card": {"during round": lib.DD_IRR_CUT_DURING_ROUND, "first card": lib.DD_IRR_CUT_FIRST_CARD,
                 "last coup dealt": lib.DD_IRR_CUT_LAST_COUP_DEALT,
                 "still in shoe": lib.DD_IRR_CUT_STILL_IN_SHOE},
    "phase": {"stacking": lib.DD_IRR_WHILE_STACKING, "laja": lib.DD_IRR_DURING_LAJA},
    "request": {"expose": lib.DD_IRR_EXPOSE_TILES, "set now": lib.DD_IRR_SET_BANK_NOW},
}
_FIELDS = {
    Scenario.ROULETTE_SPIN: ("ball_with_wheel",),
    Scenario.ROULETTE_WAGER_TOUCHED: ("change", "outside", "wager_paid", "area_paid"),
    Scenario.BACCARAT_NO_TAKER: ("wagers_on_hand", "all_decline"),
    Scenario.BACCARAT_CUTTING_CARD: ("cut_card",),
    Scenario.PAIGOW_EXPOSED_TILES: ("phase", "tiles_exposed"),
    Scenario.PAIGOW_BANK_HAND: ("co_banking", "request", "tiles_to_expose", "others_set"),
    Scenario.PAIGOW_WAGER_ON_BOX: ("box", "banker_box", "players"),
}
_OPTIONAL = {"tiles_to_expose", "others_set"}   # each read only for one of the two requests


def _value(name: str, value) -> int:
    if name in _WORDS:
        if value not in _WORDS[name]:
            raise InvalidInput(f"{name} is one of {', '.join(map(repr, _WORDS[name]))}, not {value!r}")
        return _WORDS[name][value]
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, int) or not -2**31 <= value < 2**31:
        raise InvalidInput(f"{name} must be a whole number or True/False, not {value!r}")
    return value


def ruling(scenario: Scenario, **facts) -> Ruling:
    """The engine's ruling on a scenario of this kind with these facts (see the module's docstring);
    InvalidInput, in plain words, for unknown, missing or impossible facts."""
    if not isinstance(scenario, Scenario):
        raise InvalidInput(f"{scenario!r} is not a Scenario")
    fields = _FIELDS[scenario]
    unknown = set(facts) - set(fields)
    missing = [f for f in fields if f not in facts and f not in _OPTIONAL]
    if unknown or missing:
        raise InvalidInput(f"a {scenario.name.lower()} scenario takes the facts {', '.join(fields)}"
                           + (f" (unknown: {', '.join(sorted(unknown))})" if unknown else "")
                           + (f" (missing: {', '.join(missing)})" if missing else ""))
    c_facts = ffi.new("dd_irr_facts *")
    c_facts.kind = scenario.value
    for name, value in facts.items():
        setattr(c_facts, name, _value(name, value))
    out = ffi.new("dd_irr_ruling *")
    check(lib.dd_irr_rule(c_facts, out),
          {lib.DD_E_RANGE: f"the engine cannot rule on these facts: {facts}"})
    return Ruling(Action(out.action), ffi.string(out.rule).decode("ascii"))


def actions(scenario: Scenario) -> list[Action]:
    """Every action the engine can rule for this kind of scenario, in the engine's order."""
    if not isinstance(scenario, Scenario):
        raise InvalidInput(f"{scenario!r} is not a Scenario")
    out = ffi.new("int32_t[]", lib.DD_IRR_MAX_ACTIONS)
    count = ffi.new("size_t *")
    check(lib.dd_irr_actions(scenario.value, out, lib.DD_IRR_MAX_ACTIONS, count))
    return [Action(out[i]) for i in range(count[0])]
