"""Every public function of dealerdrill.core, called with hostile arguments, answers with the project's own
exception (EngineError and its kinds) and a short plain message, or with a result; never with a raw
TypeError, ValueError, OverflowError or AttributeError from Python or cffi, and never a crash.

Each function has one valid call below. The battery then replaces, one at a time, every argument and every
part of an argument (a bet inside the list of bets, the rank inside a Card, a tile inside a setting) with
each hostile value. The list of functions is discovered from the modules' __all__ and the public methods
of their classes, so a function added later without a valid call here fails the coverage test.
"""
from __future__ import annotations

import enum
import inspect
import math
import time
from decimal import Decimal
from fractions import Fraction

import pytest

from dealerdrill import core
from dealerdrill.core import EngineError, baccarat, commission, houseway, paigow, roulette

HOUSE_WAY_SOURCE = (houseway.resources.files("dealerdrill.resources") / "house_ways" / "nz.toml").read_text(
    encoding="utf-8")


def _nested_list(depth: int) -> list:
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    return nested


HOSTILE = [
    None, True, False,
    math.nan, math.inf, -math.inf, 1.5, -0.5,
    -1, 2**31, 2**63, 2**64, -(2**63) - 1, 10**30, 10**5000, -(10**5000),   # 10**5000 has no str() at all
    "", "x" * 100_000, "\x00", "²-³", "6-6\n", "red\u200d",
    b"6-6", bytearray(b"\x01\x02"),
    [], [None], [[[]]], [7] * 10_000, _nested_list(100_000),
    {}, {"x": 1},
    object(), Decimal("NaN"), Decimal("-Infinity"), Fraction(1, 10**40), complex(1, 1),
]

NZ_HAND = ("6-6", "1-3", "5-5", "2-2")
SETTING = (("6-6", "1-3"), ("5-5", "2-2"))
OTHER_SETTING = (("4-4", "1-1"), ("3-4", "2-6"))
BETS = [((17, 20), 10), ("red", 5)]


def _shoe():
    return baccarat.Shoe(1, 14, True, 7)


def _dealt_shoe():
    shoe = _shoe()
    shoe.burn()
    return shoe


# name -> (callable, positional arguments, keyword arguments): one call that works. The callable is made
# fresh per call where the object has state (a shoe).
VALID_CALLS = {
    "shuffle": (lambda: core.shuffle, (10,), {"seed": 1}),
    "Rng": (lambda: core.Rng, (1,), {}),
    "Rng.below": (lambda: core.Rng(1).below, (10,), {}),
    "Rng.permutation": (lambda: core.Rng(1).permutation, (5,), {}),
    "Rng.shuffled": (lambda: core.Rng(1).shuffled, ([1, 2, 3],), {}),
    "commission_rate_supported": (lambda: core.commission_rate_supported, (0.05,), {}),
    "commission_percent_supported": (lambda: core.commission_percent_supported, (5.0,), {}),
    # commission
    "commission.basis_points": (lambda: commission.basis_points, (0.05,), {}),
    "commission.basis_points_of_percent": (lambda: commission.basis_points_of_percent, (5.0,), {}),
    "commission.rate_supported": (lambda: commission.rate_supported, (0.05,), {}),
    "commission.percent_supported": (lambda: commission.percent_supported, (4.5,), {}),
    "commission.commission": (lambda: commission.commission, (1230, 500, 1, "player"), {}),
    "commission.table_terms": (lambda: commission.table_terms, (5.0, "up", 100), {}),
    "commission.Terms": (lambda: commission.Terms, (500, 1, commission.Rounding.PLAYER), {}),
    "commission.Terms.on": (lambda: commission.Terms(500, 100, "house").on, (1230,), {}),
    "commission.Terms.percent_words": (lambda: (lambda bp, unit: commission.Terms(bp, unit).percent_words),
                                       (450, 1), {}),
    # baccarat
    "baccarat.card_code": (lambda: baccarat.card_code, (1, 0), {}),
    "baccarat.Card.code": (lambda: (lambda rank, suit: baccarat.Card(rank, suit).code), (12, baccarat.Suit.HEARTS), {}),
    "baccarat.Card.from_code": (lambda: baccarat.Card.from_code, (5,), {}),
    "baccarat.Card.__str__": (lambda: (lambda rank, suit: str(baccarat.Card(rank, suit))), (1, 3), {}),
    "baccarat.shoe_codes": (lambda: baccarat.shoe_codes, (1,), {}),
    "baccarat.card_value": (lambda: baccarat.card_value, (baccarat.Card(7, 0),), {}),
    "baccarat.point_count": (lambda: baccarat.point_count, ([baccarat.Card(4, 1), 9],), {}),
    "baccarat.is_natural": (lambda: baccarat.is_natural, (8,), {}),
    "baccarat.player_draws": (lambda: baccarat.player_draws, (5,), {}),
    "baccarat.banker_draws": (lambda: baccarat.banker_draws, (5, 3), {}),
    "baccarat.coup": (lambda: baccarat.coup, ([baccarat.Card(1, 0), 2, 3, 4, 5, 6],), {}),
    "baccarat.exact_ways": (lambda: baccarat.exact_ways, (1,), {}),
    "baccarat.exact_counts": (lambda: baccarat.exact_counts, (2,), {}),
    "baccarat.Shoe": (lambda: baccarat.Shoe, (1, 14, True, 7), {}),
    "baccarat.Shoe.shuffle": (lambda: _shoe().shuffle, (), {}),
    "baccarat.Shoe.load": (lambda: _shoe().load, ([baccarat.Card(1, 0)] + list(range(1, 52)),), {}),
    "baccarat.Shoe.burn": (lambda: _shoe().burn, (), {}),
    "baccarat.Shoe.deal": (lambda: _dealt_shoe().deal, (), {}),
    "baccarat.Shoe.collect": (lambda: _dealt_shoe().collect, (), {}),
    "baccarat.simulate": (lambda: baccarat.simulate, (1, 1, 3, 14, True), {}),
    "baccarat.SimulationResult.fraction": (lambda: baccarat.simulate(1, 1, 3).fraction, ("tie",), {}),
    "baccarat.tie_odds_supported": (lambda: baccarat.tie_odds_supported, (8,), {}),
    "baccarat.settle": (lambda: baccarat.settle,
                        ([("banker", 1000), ("tie", 500)], "banker", 8, 0.05, 25, "player", "box"), {}),
    "baccarat.box_commission": (lambda: baccarat.box_commission, ([1000, 950], 0.05, 25, "house"), {}),
    "baccarat.big_table_role": (lambda: baccarat.big_table_role,
                                ([baccarat.RoleWager(3, "banker", 500, False), (5, "player", 100)], "banker"), {}),
    # roulette
    "roulette.classify": (lambda: roulette.classify, ((17, 20), True), {}),
    "roulette.layout_wagers": (lambda: roulette.layout_wagers, (False,), {}),
    "roulette.covering": (lambda: roulette.covering, (17, True, False), {}),
    "roulette.complete": (lambda: roulette.complete, (17, True), {}),
    "roulette.color": (lambda: roulette.color, (17,), {}),
    "roulette.spin": (lambda: roulette.spin, (core.Rng(1),), {}),
    "roulette.spins": (lambda: roulette.spins, (3, core.Rng(1)), {}),
    "roulette.settle": (lambda: roulette.settle, (BETS, 17, True), {}),
    "roulette.winning_wagers": (lambda: roulette.winning_wagers, (17, [(17, 20), "red", 17], True), {}),
    "roulette.WagerBatch": (lambda: roulette.WagerBatch, (BETS, True), {}),
    "roulette.WagerBatch.settle": (lambda: roulette.WagerBatch(BETS).settle, (17,), {}),
    "roulette.WagerBatch.total": (lambda: roulette.WagerBatch(BETS).total, (17,), {}),
    "roulette.WagerBatch.breakdown": (lambda: roulette.WagerBatch(BETS).breakdown, (17,), {}),
    "roulette.WagerBatch.winners": (lambda: roulette.WagerBatch(BETS).winners, (17,), {}),
    "roulette.paying_steps": (lambda: roulette.paying_steps, ("streets first",), {}),
    "roulette.pay_step": (lambda: roulette.pay_step, ((0, 1, 2, 3), True), {"reading": "streets first"}),
    "roulette.paying_order": (lambda: roulette.paying_order, ([17, "red", (17, 20)], True, "by odds"), {}),
    "roulette.pay_order_check": (lambda: roulette.pay_order_check, ([17, "red", (17, 20)], True),
                                 {"reading": "streets first"}),
    # pai gow
    "paigow.tile": (lambda: paigow.tile, ("6-3",), {}),
    "paigow.hand": (lambda: paigow.hand, ("6-6", "1-3"), {}),
    "paigow.compare": (lambda: paigow.compare, (("6-6", "1-3"), ("5-5", "2-2")), {}),
    "paigow.settings": (lambda: paigow.settings, (NZ_HAND,), {}),
    "paigow.check_setting": (lambda: paigow.check_setting, (SETTING,), {}),
    "paigow.is_legal": (lambda: paigow.is_legal, (SETTING,), {}),
    "paigow.same_ranking": (lambda: paigow.same_ranking, (SETTING, SETTING), {}),
    "paigow.outcome": (lambda: paigow.outcome, (SETTING, OTHER_SETTING), {}),
    "paigow.outcomes": (lambda: paigow.outcomes, ([(SETTING, OTHER_SETTING)],), {}),
    "paigow.deal": (lambda: paigow.deal, (4, 2), {}),
    "paigow.Deal.box_of_stack": (lambda: paigow.deal(4).box_of_stack, (0,), {}),
    "paigow.Deal.hand_of": (lambda: paigow.deal(4).hand_of, (1,), {}),
    "paigow.commission": (lambda: paigow.commission, (1000,),
                          {"commission_bp": 500, "rounding_unit": 25, "rounding": "nearest"}),
    "paigow.settle": (lambda: paigow.settle, ([(1000, "win"), (500, "lose")],),
                      {"co_banker_wager": 2000, "commission_bp": 500, "rounding_unit": 1, "rounding": "player"}),
    # house ways
    "houseway.house_ways": (lambda: houseway.house_ways, (), {}),
    "houseway.describe_house_way": (lambda: houseway.describe_house_way, ("foxwoods",), {}),
    "houseway.HouseWay.rule": (lambda: houseway.describe_house_way("nz").rule,
                               (houseway.describe_house_way("nz").rules[0].id,), {}),
    "houseway.parse_house_way": (lambda: houseway.parse_house_way, (HOUSE_WAY_SOURCE, "nz.toml"), {}),
    "houseway.load_house_way": (lambda: houseway.load_house_way, ("/nonexistent/way.toml",), {}),
    "houseway.unload_house_way": (lambda: houseway.unload_house_way, ("never-loaded",), {}),
    "houseway.house_way": (lambda: houseway.house_way, (NZ_HAND, "nz"), {}),
    "houseway.house_way_many": (lambda: houseway.house_way_many, ([NZ_HAND, ("4-4", "1-1", "3-4", "2-6")], "nz"),
                                {}),
    "houseway.analyze": (lambda: houseway.analyze, ("nz", 0.05, "foxwoods"), {}),
    "houseway.setting_values": (lambda: houseway.setting_values, (NZ_HAND, "nz", 0.05), {}),
    "houseway.bank_setting_values": (lambda: houseway.bank_setting_values, (NZ_HAND, "canberra", 0.05), {}),
}

# Calls whose valid form is itself refused (there is no such file or loaded way): the battery still checks
# that every hostile variant is refused in the project's words.
VALID_CALL_REFUSED = {"houseway.load_house_way", "houseway.unload_house_way"}

# Plain records of results and enumerations: they hold values and decide nothing, so building one is not a
# call into the engine (their methods are, and are listed above).
RESULT_TYPES = {
    "Card", "Burn", "Coup", "Role", "RoleWager", "Settlement", "SimulationResult", "Suit", "ShoeState", "Rounding",
    "Wager", "WagerKind", "Banking", "Category", "Deal", "Hand", "Kind", "Tile", "WagerResult", "Analysis",
    "HouseWay", "HouseWayRule", "HouseWaySetting", "SettingValue", "SideStats",
}
# Values a caller builds and hands to the engine; their properties are checked with hostile contents. A Card
# is a plain pair (rank, suit) that checks nothing when built, so every function taking one checks it.
BUILT_BY_CALLERS = {"Card", "Terms"}
MODULES = {"": core, "commission": commission, "baccarat": baccarat, "roulette": roulette, "paigow": paigow,
           "houseway": houseway}


def public_callables() -> set[str]:
    """Every public function and public method of dealerdrill.core's modules, by the names used above."""
    found = set()
    for prefix, module in MODULES.items():
        for name in module.__all__:
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue   # submodules, constants and type aliases such as paigow.Setting
            if getattr(value, "__module__", "").endswith(".houseway"):
                prefix_here = "houseway"   # paigow re-exports the house-way functions
            else:
                prefix_here = prefix
            if inspect.isclass(value) and (issubclass(value, (BaseException, enum.Enum))):
                continue
            qualified = f"{prefix_here}.{name}" if prefix_here else name
            if not inspect.isclass(value):
                found.add(qualified)
                continue
            if name not in RESULT_TYPES:
                found.add(qualified)
            for attribute, member in vars(value).items():
                if attribute.startswith("_") and not (name == "Card" and attribute == "__str__"):
                    continue
                # A property takes no argument, except through the values a caller builds the object from.
                if inspect.isfunction(member) or isinstance(member, classmethod) or \
                        isinstance(member, property) and name in BUILT_BY_CALLERS:
                    found.add(f"{qualified}.{attribute}")
    return found


def test_every_public_function_has_a_valid_call_here():
    missing = public_callables() - set(VALID_CALLS)
    assert not missing, f"give these a valid call in VALID_CALLS: {sorted(missing)}"
    gone = set(VALID_CALLS) - public_callables()
    assert not gone, f"VALID_CALLS names functions that are not public: {sorted(gone)}"


def variants(value, depth: int = 0):
    """(description, value) for every way of replacing one part of `value` with a hostile value: the whole
    value, then each of the first few items of a list or tuple (NamedTuples such as Card keep their type)."""
    for hostile in HOSTILE:
        yield f"{type(hostile).__name__} {core._errors.shown(hostile)[:30]}", hostile
    if depth >= 3 or isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        return
    for index, item in enumerate(list(value)[:3]):
        for description, replacement in variants(item, depth + 1):
            items = list(value)
            items[index] = replacement
            rebuilt = type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
            yield f"[{index}] {description}", rebuilt


def hostile_calls(name: str):
    make, args, kwargs = VALID_CALLS[name]
    for position, argument in enumerate(args):
        for description, replacement in variants(argument):
            changed = list(args)
            changed[position] = replacement
            yield f"argument {position + 1} {description}", make, tuple(changed), kwargs
    for key, argument in kwargs.items():
        for description, replacement in variants(argument):
            yield f"{key}= {description}", make, args, {**kwargs, key: replacement}


def test_the_valid_calls_work():
    for name, (make, args, kwargs) in VALID_CALLS.items():
        if name in VALID_CALL_REFUSED:
            with pytest.raises(EngineError):
                make()(*args, **kwargs)
        else:
            make()(*args, **kwargs)


@pytest.mark.parametrize("name", sorted(name for name, (_, args, kwargs) in VALID_CALLS.items() if args or kwargs))
def test_hostile_arguments_get_the_projects_exception_in_plain_words(name):
    started = time.monotonic()
    wrong = []
    calls = 0
    for description, make, args, kwargs in hostile_calls(name):
        calls += 1
        try:
            make()(*args, **kwargs)
        except EngineError as error:
            message = str(error)
            if not message or len(message) > 400 or "\x00" in message:
                wrong.append(f"{description}: {type(error).__name__} with an unreadable message "
                             f"({len(message)} characters: {message[:80]!r})")
        except Exception as error:
            wrong.append(f"{description}: {type(error).__name__}: {str(error)[:100]}")
    assert calls, "the battery made no call"
    assert not wrong, f"{name}: {len(wrong)} of {calls} hostile calls went wrong:\n" + "\n".join(wrong[:25])
    # Every refusal happens before any long work starts, so the whole battery for one function is quick.
    assert time.monotonic() - started < 60


def test_the_reported_cases_of_issue_13():
    """The calls named in the issue, each refused as the project's exception with a message naming it."""
    with pytest.raises(core.InvalidCard, match="300"):
        baccarat.coup([baccarat.Card(300, 0), 2, 3, 4, 5, 6])
    with pytest.raises(core.InvalidCard, match="1.5"):
        baccarat.coup([baccarat.Card(1.5, 0), 2, 3, 4, 5, 6])
    with pytest.raises(houseway.HouseWayError, match="text"):
        houseway.parse_house_way(None)
    with pytest.raises(core.InvalidInput, match="house way"):
        houseway.house_way(NZ_HAND, ["nz"])
    for rate in (math.nan, math.inf, -math.inf):
        with pytest.raises(core.InvalidInput, match="commission"):
            baccarat.settle([("banker", 1000)], "banker", commission_rate=rate)
        with pytest.raises(core.InvalidInput, match="commission"):
            houseway.analyze("nz", rate)
        with pytest.raises(core.InvalidInput, match="commission"):
            commission.table_terms(rate)
    with pytest.raises(core.InvalidInput, match="side"):
        baccarat.settle([(["banker"], 1000)], "banker")
    with pytest.raises(core.InvalidInput, match="collected"):
        baccarat.settle([("banker", 1000)], "banker", collection=["box"])
    assert str(baccarat.Card(300, 0))    # a card that cannot exist still prints, for the message about it
