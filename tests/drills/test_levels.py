"""Difficulty levels that really differ: each level's item mix is what docs/drills.md promises, drawn as a test
draws it (no family asked) from a seeded generator, and practice at a level asks only that level's families.

Proportions are checked within four standard deviations of the promised share (a fixed seed, so the test
gives the same verdict every run; a wrong mix is many deviations away)."""
from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path

import pytest

from dealerdrill.core import Rng, baccarat
from dealerdrill.domain import Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.base import registry
from dealerdrill.drills.paigow_drills import general_rules, house_way_pool
from dealerdrill.settings import BaccaratSettings, Settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "drills.md"
BASIC, STANDARD, ADVANCED = 1, 2, 3
# Drills that take several milliseconds an item (a whole shoe dealt, a hand valued against every other) are
# drawn fewer times; the tolerance follows the count.
SLOW = {"baccarat.table_of_play": 450, "baccarat.shoe": 450, "paigow.house_way": 450, "roulette.payout": 900,
        "roulette.winners": 900}
COUNT = 2000


def draw(drill_id: str, level: int, settings=None):
    drill = registry()[drill_id](settings) if settings is not None else registry()[drill_id]()
    rng = Rng(7000 + 10 * level)
    return [drill.generate(rng, level) for _ in range(SLOW.get(drill_id, COUNT))]


def assert_share(items, predicate, share: float, what: str = "") -> None:
    n = len(items)
    seen = sum(1 for item in items if predicate(item))
    if share in (0.0, 1.0):
        assert seen == share * n, f"{what}: {seen} of {n}, promised {share:.0%}"
        return
    slack = 4 * math.sqrt(share * (1 - share) / n) + 0.005
    assert abs(seen / n - share) <= slack, f"{what}: {seen / n:.3f} of {n}, promised {share:.3f}"


def family_is(*names):
    return lambda item: item.family in names


def family_starts(prefix):
    return lambda item: item.family.startswith(prefix)


def family_ends(suffix):
    return lambda item: item.family.endswith(suffix)


# ------------------------------------------------------------------------------------------ roulette

def test_pay_the_layout():
    kinds = [f for f in registry()["roulette.payout"]().families() if not f.endswith(".zero")]
    for level, zero, bets, ask in ((BASIC, 0.0, 3, "positions"), (STANDARD, 1 / 14, 6, "positions"),
                                   (ADVANCED, 1 / 4, 9, "both")):
        items = draw("roulette.payout", level)
        assert_share(items, family_ends(".zero"), zero, f"level {level} zero spins")
        assert_share(items, family_is(kinds[0]), (1 - zero) / len(kinds), f"level {level} straight ups")
        assert all(len(i.prompt["bets"]) == bets for i in items), level
        assert {i.prompt["ask"] for i in items} == {ask}
        values = {i.prompt["colour_value"] for i in items}
        assert len(values) == level, (level, values)


def test_completes_and_pictures():
    for level in (BASIC, STANDARD, ADVANCED):
        items = draw("roulette.completes", level)
        assert_share(items, family_starts("roulette.picture."), 0.5, f"level {level} pictures")
        completes = [i for i in items if i.family.startswith("roulette.complete.")]
        numbers = {i.prompt["number"] for i in completes}
        if level == BASIC:
            assert numbers <= set(range(4, 37)) and len(numbers) == 33
            assert {i.prompt["ask"] for i in completes} == {"wagers", "chips"}
            assert {i.prompt["unit"] for i in items} == {1}
        else:
            assert numbers == set(range(37))
            assert_share(completes, lambda i: i.prompt["number"] <= 3, 4 / 37, "completes next to the zero")
        shapes = {i.prompt["shape"] for i in completes}
        assert shapes == ({"full_complete"} if level == ADVANCED else {"complete"})
        if level == ADVANCED:
            pays = [i for i in items if i.prompt["ask"] == "pays"]
            assert_share(pays, lambda i: i.prompt["hit"] != i.prompt["number"], 0.5, "paid on a neighbour")
        assert len({i.prompt["colour_value"] for i in items}) == level


def test_payout_keys():
    for level, low, high in ((BASIC, 1, 10), (STANDARD, 1, 25), (ADVANCED, 5, 50)):
        items = draw("roulette.payout_keys", level)
        for family in registry()["roulette.payout_keys"]().families():
            assert_share(items, family_is(family), 1 / 5, f"level {level} {family}")
        chips = [i.prompt["chips"] for i in items]
        assert min(chips) == low and max(chips) == high
        assert_share(items, lambda i: i.prompt["odds"] is not None, 1.0 if level == BASIC else 0.0, "odds shown")
        assert_share(items, lambda i: i.prompt["colour_value"] != 1, 0.5 if level == ADVANCED else 0.0,
                     f"level {level} colour chips")


def test_winning_positions():
    for level, zero, first_row, stacks in ((BASIC, 0.0, 1 / 3, 6), (STANDARD, 1 / 4, 1 / 4, 9),
                                           (ADVANCED, 3 / 8, 3 / 8, 12)):
        items = draw("roulette.winners", level)
        assert_share(items, family_ends(".zero"), zero, f"level {level} zero")
        assert_share(items, family_ends(".first_row"), first_row, f"level {level} first row")
        assert_share(items, lambda i: ".clear." in i.family, 0.5, "clearing")
        assert all(len(i.prompt["bets"]) == stacks for i in items)


# ------------------------------------------------------------------------------------------ baccarat

def test_table_of_play():
    exact = baccarat.exact_counts(8)
    natural, draws = exact["natural"] / exact["total"], exact["player_draws"] / exact["total"]
    table2 = family_starts("banker")
    basic = draw("baccarat.table_of_play", BASIC)
    assert_share(basic, family_starts("natural."), natural, "Basic naturals, as a shoe deals them")
    assert_share(basic, table2, draws, "Basic Table 2 cells, as a shoe deals them")
    standard = draw("baccarat.table_of_play", STANDARD)
    assert_share(standard, table2, 0.5 + 0.5 * draws, "Standard Table 2 cells")
    advanced = draw("baccarat.table_of_play", ADVANCED)
    assert all(re.fullmatch(r"banker[3-6]\.third\d", i.family) for i in advanced)
    assert_share(advanced, lambda i: i.family.startswith("banker3."), 1 / 4, "Advanced Banker 3")


def test_commission():
    basic = draw("baccarat.commission", BASIC)
    assert_share(basic, family_starts("single."), 1.0, "Basic single wins")
    assert_share(basic, family_is("single.small"), 0.5, "Basic small band")
    standard = draw("baccarat.commission", STANDARD)
    assert_share(standard, family_starts("box."), 0.5, "Standard boxes")
    assert_share(standard, family_ends(".large"), 0.25, "Standard large band")
    advanced = draw("baccarat.commission", ADVANCED)
    assert_share(advanced, family_starts("box."), 1.0, "Advanced boxes")
    for items, most in ((standard, 7), (advanced, 11)):
        coups = {len(i.prompt["coups"]) for i in items if i.prompt["kind"] == "box"}
        assert coups == set(range(3, most + 1))


def test_settle_the_table():
    basic = draw("baccarat.settle", BASIC)
    assert_share(basic, family_ends(".sides"), 1.0, "Basic sides only")
    assert_share(basic, family_starts("tie."), 0.0, "Basic ties")
    assert_share(basic, family_starts("player."), 0.5, "Basic Player wins")
    standard = draw("baccarat.settle", STANDARD)
    assert_share(standard, family_starts("tie."), 1 / 3, "Standard ties")
    assert_share(standard, family_ends(".full"), 1 / 3, "Standard full tables")
    advanced = draw("baccarat.settle", ADVANCED)
    assert_share(advanced, family_ends(".sides"), 0.0, "Advanced sides only")
    assert_share(advanced, family_ends(".full"), 0.5, "Advanced full tables")
    assert_share(advanced, family_starts("tie."), 1 / 3, "Advanced ties")
    # Larger stakes as the level rises (in table minimums: 20, 30, 40).
    minimum = BaccaratSettings().minimum_bet * 100
    for items, cap in ((basic, 20), (standard, 30), (advanced, 40)):
        top = max(w["amount"] for i in items for w in i.prompt["wagers"] if w["side"] != "tie")
        assert top <= cap * minimum and top > (cap - 10) * minimum


@pytest.mark.parametrize("burns", [True, False])
def test_shoe_procedure(burns):
    settings = Settings(baccarat=replace(BaccaratSettings(), burn=burns))
    promised = {BASIC: {"burn": 1, "cut.not-yet": 1, "cut.during": 1},
                STANDARD: dict.fromkeys(("burn", "cut.not-yet", "cut.during", "cut.first", "last-coup"), 1),
                ADVANCED: {"burn": 1, "cut.during": 2, "cut.first": 1, "last-coup": 2}}
    for level, weights in promised.items():
        if not burns:
            weights = {f: w for f, w in weights.items() if f != "burn"}
        items = draw("baccarat.shoe", level, settings)
        for family in ("burn", "cut.not-yet", "cut.during", "cut.first", "last-coup"):
            assert_share(items, family_is(family), weights.get(family, 0) / sum(weights.values()),
                         f"level {level} {family}")


def scenario(item) -> tuple:
    """What makes a shoe item a question of its own, whatever cards it shows: the exposed card's rank, or
    the situation as the trainee reads it (where the cutting card is or came out) and what is asked."""
    if item.prompt["kind"] == "burn":
        return ("burn", item.prompt["exposed"][0])
    return (item.family, item.prompt["kind"], item.prompt["cut"])


def test_a_shoe_test_retaken_is_a_new_test():
    """Tests of the same level, taken again and again, share few questions: on average under 40% of a test
    (the drill before issue 12, with one fixed question per situation, shared 57%)."""
    drill = registry()["baccarat.shoe"]()
    for level in (BASIC, STANDARD, ADVANCED):
        tests = []
        for seed in range(8):
            session = DrillSession(drill, Mode.TEST, seed=seed, difficulty=level)
            taken = []
            for _ in range(session.target.test_items):
                item = session.next_item()
                taken.append(scenario(item))
                session.submit(item.key, 1.0)
            tests.append(taken)
        assert len({s for taken in tests for s in taken}) >= 30, level
        shared = [sum(min(tests[a].count(s), tests[b].count(s)) for s in set(tests[a]))
                  for a in range(len(tests)) for b in range(a + 1, len(tests))]
        assert sum(shared) / len(shared) < 0.4 * len(tests[0]), (level, shared)


def test_big_table_procedure():
    who = family_starts("who.")
    assert_share(draw("baccarat.procedure", BASIC), who, 0.0, "Basic role questions")
    assert_share(draw("baccarat.procedure", STANDARD), who, 2 / 12, "Standard role questions")
    advanced = draw("baccarat.procedure", ADVANCED)
    assert_share(advanced, who, 3 / 4, "Advanced role questions")
    assert_share(advanced, family_is("who.banker"), 3 / 8, "Advanced Banker role")


# ------------------------------------------------------------------------------------------ pai gow

def test_tiles():
    single = lambda item: item.prompt["kind"] == "tile"   # noqa: E731
    assert_share(draw("paigow.tiles", BASIC), single, 1.0, "Basic single tiles")
    standard = draw("paigow.tiles", STANDARD)
    assert_share(standard, single, 0.5, "Standard single tiles")
    assert_share(standard, family_is("pair.none"), 0.1, "Standard not a pair")
    advanced = draw("paigow.tiles", ADVANCED)
    assert_share(advanced, single, 0.0, "Advanced single tiles")
    assert_share(advanced, family_is("pair.none"), 0.5, "Advanced not a pair")


def test_compare():
    basic = draw("paigow.compare", BASIC)
    assert_share(basic, family_is("compare.named"), 0.5, "Basic named hands")
    assert_share(basic, family_is("compare.points"), 0.5, "Basic points")
    standard = draw("paigow.compare", STANDARD)
    for family in ("compare.named", "compare.copy", "compare.zero"):
        assert_share(standard, family_is(family), 1 / 6, f"Standard {family}")
    advanced = draw("paigow.compare", ADVANCED)
    assert_share(advanced, family_is("compare.named", "compare.points"), 0.0, "Advanced easy lessons")
    assert_share(advanced, family_is("compare.copy"), 1 / 4, "Advanced copies")


def test_house_way_basic_draws_the_general_rules():
    pool = house_way_pool("nz")
    rules = [rule for rule, hands in pool.items() if hands]
    general = general_rules("nz")
    deals = sum(len(hands) for hands in pool.values())
    # The general rules are the big ones: each decides at least 5% of the deals, and together most of them.
    assert all(len(pool[rule]) >= 0.05 * deals for rule in general)
    assert sum(len(pool[rule]) for rule in general) > 0.9 * deals
    assert {"nz-never-split", "nz-keep-pair", "nz-best-low"} <= set(general)
    assert not {"nz-split-nines", "nz-split-gee-joon", "nz-two-pairs"} & set(general)
    basic = draw("paigow.house_way", BASIC)
    assert_share(basic, lambda i: i.family in general, 1.0, "Basic general rules")
    assert_share(basic, family_is(general[0]), 1 / len(general), "Basic, one general rule")
    standard = draw("paigow.house_way", STANDARD)
    assert_share(standard, family_is("nz-split-nines"), 1 / len(rules), "Standard split nines")
    advanced = draw("paigow.house_way", ADVANCED)
    exceptions = [rule for rule in rules if rule not in general]
    assert_share(advanced, lambda i: i.family in general, 0.0, "Advanced general rules")
    assert_share(advanced, family_is("nz-split-nines"), 1 / len(exceptions), "Advanced split nines")


def test_expose_and_match():
    for level, boxes, copies in ((BASIC, 3, 0.0), (STANDARD, 5, 0.5), (ADVANCED, 7, 0.75)):
        items = draw("paigow.expose", level)
        assert all(len(i.prompt["boxes"]) == boxes for i in items)
        assert_share(items, family_is("expose.copy"), copies, f"level {level} copies")


def test_pai_gow_settlement():
    for level, boxes, house, short in ((BASIC, 3, 1.0, 0.0), (STANDARD, 5, 0.5, 1 / 6), (ADVANCED, 7, 0.0, 0.5)):
        items = draw("paigow.settle", level)
        assert all(len(i.prompt["wagers"]) == boxes for i in items)
        assert_share(items, family_is("settle.house"), house, f"level {level} house banks")
        assert_share(items, family_is("settle.shortfall"), short, f"level {level} shortfalls")


# ------------------------------------------------------------------------------------------ the drills of issue 15

def each(share: float, *families: str) -> dict[str, float]:
    return dict.fromkeys(families, share)


def assert_mix(items, promised: dict[str, float], what: str) -> None:
    """Every family's share as promised (families not named: never)."""
    for family in {i.family for i in items} | set(promised):
        assert_share(items, family_is(family), promised.get(family, 0.0), f"{what} {family}")


FIND = {
    "roulette.find_error": ("roulette.find.", {
        BASIC: {"wrong_odds": 1 / 4, "winner_cleared": 1 / 4, "loser_paid": 1 / 4, "none": 1 / 4},
        STANDARD: each(1 / 6, "wrong_odds", "winner_cleared", "loser_paid", "complete", "zero_outside",
                                      "none"),
        ADVANCED: {"complete": 1 / 4, "zero_outside": 1 / 4, "wrong_odds": 1 / 8, "winner_cleared": 1 / 8,
                   "loser_paid": 1 / 8, "none": 1 / 8}}),
    "baccarat.find_error": ("baccarat.find.", {
        BASIC: {"player_draw": 1 / 4, "commission": 1 / 4, "tie_even_money": 1 / 4, "none": 1 / 4},
        STANDARD: each(1 / 6, "player_draw", "banker_draw", "commission", "tie_even_money", "tie_no_push",
                                      "none"),
        ADVANCED: {"banker_draw": 3 / 8, "player_draw": 1 / 8, "commission": 1 / 8, "tie_even_money": 1 / 8,
                   "tie_no_push": 1 / 8, "none": 1 / 8}}),
    "paigow.find_error": ("paigow.find.", {
        BASIC: {"wrong_winner": 1 / 4, "commission": 1 / 4, "order": 1 / 4, "none": 1 / 4},
        STANDARD: each(1 / 5, "wrong_winner", "copy", "commission", "order", "none"),
        ADVANCED: {"copy": 3 / 8, "order": 1 / 4, "wrong_winner": 1 / 8, "commission": 1 / 8, "none": 1 / 8}}),
}


@pytest.mark.parametrize("drill_id", sorted(FIND))
def test_find_the_error(drill_id):
    prefix, promised = FIND[drill_id]
    for level, shares in promised.items():
        items = draw(drill_id, level)
        assert_mix(items, {prefix + kind: share for kind, share in shares.items()}, f"level {level}")
        kinds = [len({m["kind"] for m in i.key["mistakes"].values()}) for i in items]
        assert max(kinds) == level, (level, max(kinds))
        # Only kinds the level draws are planted.
        allowed = set(shares)
        assert all(m["kind"] in allowed for i in items for m in i.key["mistakes"].values()), level
    basic = draw(drill_id, BASIC)
    if drill_id == "roulette.find_error":
        assert all(i.prompt["number"] != 0 and all(line["id"] != "C" for line in i.prompt["lines"]) for i in basic)
        # A complete on a third of the tables besides the complete family (a table settled right plants none).
        right = [i for i in draw(drill_id, STANDARD) if i.family == "roulette.find.none"]
        assert_share(right, lambda i: any(line["id"] == "C" for line in i.prompt["lines"]), 1 / 3,
                     "Standard completes")
    if drill_id == "baccarat.find_error":
        for level, seats in ((BASIC, 3), (STANDARD, 4), (ADVANCED, 6)):
            assert {len({w["line"] for w in i.prompt["wagers"]}) >= seats for i in draw(drill_id, level)} == {True}
    if drill_id == "paigow.find_error":
        for level, boxes, co in ((BASIC, 3, 0.0), (STANDARD, 4, 0.5), (ADVANCED, 6, 0.75)):
            items = draw(drill_id, level)
            assert all(len(i.prompt["boxes"]) == boxes for i in items)
            assert_share(items, lambda i: i.prompt["banker_box"] != 0, co, f"level {level} co-banked")


IRREGULAR = {
    "roulette.irregularities": {
        BASIC: each(1 / 4, "spin.with_wheel", "spin.against_wheel", "touch.unpaid_outside",
                                   "touch.area_paid"),
        STANDARD: each(1 / 7, "spin.with_wheel", "spin.against_wheel", "touch.paid_outside.remove",
                                      "touch.paid_outside.alter", "touch.unpaid_outside", "touch.paid_inside",
                                      "touch.area_paid"),
        ADVANCED: {"touch.paid_outside.remove": 1 / 4, "touch.paid_outside.alter": 1 / 4, "touch.paid_inside": 1 / 4,
                   **each(1 / 16, "spin.with_wheel", "spin.against_wheel", "touch.unpaid_outside",
                                          "touch.area_paid")}},
    "baccarat.irregularities": {
        BASIC: each(1 / 4, "no_taker.bettors", "cut.during_round", "cut.first_card", "cut.still_in_shoe"),
        STANDARD: each(1 / 7, "no_taker.nobody", "no_taker.all_decline", "no_taker.bettors",
                                      "cut.during_round", "cut.first_card", "cut.last_coup_dealt",
                                      "cut.still_in_shoe"),
        ADVANCED: {**each(1 / 5, "no_taker.nobody", "no_taker.all_decline", "cut.first_card",
                                         "cut.last_coup_dealt"),
                   **each(1 / 15, "no_taker.bettors", "cut.during_round", "cut.still_in_shoe")}},
    "paigow.irregularities": {
        BASIC: each(1 / 6, "exposed.stacking", "exposed.laja_many", "bank.set_early", "bank.set_ready",
                                   "box.one", "box.open"),
        STANDARD: each(1 / 11, "exposed.stacking", "exposed.laja_many", "exposed.laja_few",
                                       "bank.expose_two", "bank.expose_more", "bank.set_early", "bank.set_ready",
                                       "box.one", "box.banker", "box.fourth", "box.open"),
        ADVANCED: {**each(1 / 8, "exposed.laja_few", "bank.expose_two", "bank.expose_more", "box.banker",
                                         "box.fourth"),
                   **each(1 / 16, "exposed.stacking", "exposed.laja_many", "bank.set_early",
                                          "bank.set_ready", "box.one", "box.open")}},
}


@pytest.mark.parametrize("drill_id", sorted(IRREGULAR))
def test_irregularities(drill_id):
    for level, shares in IRREGULAR[drill_id].items():
        assert_mix(draw(drill_id, level), shares, f"level {level}")


def test_roulette_chips():
    promised = {BASIC: {"colour_in": 1 / 3, "colour_out": 1 / 3, "pay.fewest": 1 / 3},
                STANDARD: {"colour_in": 1 / 4, "colour_out": 1 / 4, "pay.fewest": 1 / 4, "pay.house": 1 / 4},
                ADVANCED: {"colour_in": 1 / 6, "colour_out": 1 / 6, "pay.fewest": 1 / 6, "pay.house": 1 / 2}}
    for level, shares in promised.items():
        items = draw("roulette.chips", level)
        assert_mix(items, {f"roulette.chips.{k}": v for k, v in shares.items()}, f"level {level}")
        pays = [i for i in items if i.family.startswith("roulette.chips.pay.")]
        assert all((i.prompt["amount"] is not None) is (level == BASIC) for i in pays)
        change = [i for i in items if i.family == "roulette.chips.colour_in"]
        if level == BASIC:
            assert all(i.key["change"] == 0 for i in change)
        else:
            assert any(i.key["change"] for i in change)


def test_baccarat_chips():
    promised = {BASIC: {"banker.fewest": 1 / 3, "player.fewest": 1 / 3, "tie.fewest": 1 / 3},
                STANDARD: {"banker.fewest": 1 / 4, "banker.house": 1 / 4, "player.fewest": 1 / 4, "tie.fewest": 1 / 4},
                ADVANCED: {"banker.house": 1 / 2, "banker.fewest": 1 / 4, "player.fewest": 1 / 8, "tie.fewest": 1 / 8}}
    minimum = BaccaratSettings().minimum_bet * 100
    for level, shares in promised.items():
        items = draw("baccarat.chips", level)
        assert_mix(items, {f"baccarat.chips.{k}": v for k, v in shares.items()}, f"level {level}")
        assert all((i.prompt["amount"] is not None) is (level == BASIC) for i in items)
        cap = {BASIC: 20, STANDARD: 30, ADVANCED: 40}[level]
        assert max(i.key["wager"] for i in items if i.key["side"] != "tie") <= cap * minimum


def test_pai_gow_chips():
    for level, house in ((BASIC, 0.0), (STANDARD, 0.5), (ADVANCED, 0.75)):
        items = draw("paigow.chips", level)
        assert_share(items, family_is("paigow.chips.win.house"), house, f"level {level} house breakdown")
        assert all((i.prompt["amount"] is not None) is (level == BASIC) for i in items)


def test_dice_and_delivery():
    for level, banker, asks in ((BASIC, 0.0, ["chung", "first"]), (STANDARD, 0.5, ["chung", "first", "order"]),
                                (ADVANCED, 0.75, ["chung", "first", "order"])):
        items = draw("paigow.delivery", level)
        assert_share(items, family_starts("paigow.delivery.player_banker."), banker, f"level {level} player/banker")
        assert_share(items, family_ends(".count3"), 1 / 8, f"level {level} one count")
        assert all(i.prompt["asks"] == asks for i in items)
        assert all((i.prompt["banker_box"] != 0) is i.family.startswith("paigow.delivery.player_banker.")
                   for i in items)


# ------------------------------------------------------------------------------------------ practice, docs

@pytest.mark.parametrize("drill_id, level, allowed", [
    ("paigow.settle", BASIC, {"settle.house"}),
    ("paigow.house_way", BASIC, set(general_rules("nz"))),
    ("roulette.payout", BASIC, set(registry()["roulette.payout"]().families()) - {"roulette.payout.zero"}),
    ("baccarat.procedure", ADVANCED, set(registry()["baccarat.procedure"]().families())),
    ("paigow.tiles", ADVANCED, {f for f in registry()["paigow.tiles"]().families() if f.startswith("pair.")}),
    ("roulette.find_error", BASIC, {"roulette.find.wrong_odds", "roulette.find.winner_cleared",
                                    "roulette.find.loser_paid", "roulette.find.none"}),
    ("paigow.delivery", BASIC, {f"paigow.delivery.house.count{n}" for n in range(1, 9)}),
    ("paigow.chips", BASIC, {"paigow.chips.win.fewest"}),
])
def test_practice_asks_only_the_levels_families(drill_id, level, allowed):
    drill = registry()[drill_id]()
    session = DrillSession(drill, Mode.PRACTICE, seed=5, difficulty=level)
    asked = []
    for _ in range(40):
        item = session.next_item()
        asked.append(item.origin["family"])
        session.time_out(1.0)
    assert set(asked) <= allowed and (len(set(asked)) > 1 or len(allowed) == 1)


def test_practice_keeps_the_memory_of_families_the_level_does_not_ask():
    drill = registry()["paigow.settle"]()
    advanced = DrillSession(drill, Mode.PRACTICE, seed=1, difficulty=ADVANCED)
    for _ in range(6):
        advanced.next_item()
        advanced.time_out(1.0)
    memory = advanced.scheduler.snapshot()
    basic = DrillSession(drill, Mode.PRACTICE, seed=2, difficulty=BASIC, scheduler_memory=memory)
    basic.next_item()
    basic.time_out(1.0)
    kept = basic.scheduler.snapshot()["families"]
    for family in ("settle.co_banker", "settle.shortfall"):
        assert kept[family] == memory["families"][family]


def test_every_drill_writes_its_levels_down_in_its_docstring_and_in_docs_drills_md():
    text = DOC.read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    by_id = {}
    for section in sections:
        found = re.search(r"`([a-z]+\.[a-z_]+)`", section)
        if found:
            by_id[found.group(1)] = section
    assert set(by_id) == set(registry())
    for drill_id, drill in registry().items():
        for word in ("Basic", "Standard", "Advanced"):
            assert word in drill.__doc__, (drill_id, word)
            assert re.search(rf"\*\*{word}\*\*", by_id[drill_id]), (drill_id, word)
