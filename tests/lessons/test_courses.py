"""The lessons (dealerdrill.lessons): each game's course in order, every worked example equal to what the engine
says when asked again here, every table the engine's, every citation a rule of the game's rule page, and every check
a few practice items of a real drill."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from dealerdrill import lessons
from dealerdrill.core import baccarat, commission, paigow, roulette
from dealerdrill.drills import registry
from dealerdrill.lessons import baccarat as baccarat_lessons, paigow as paigow_lessons, roulette as roulette_lessons
from dealerdrill.lessons.model import Example, Figure, Note, Table, Text, plain, walk
from dealerdrill.lessons.words import cents, dollars, listed, runs
from dealerdrill.settings import Settings, with_table

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def changed(settings: Settings, table: str, **values) -> Settings:
    """The settings with some values of one table changed."""
    return with_table(settings, table, dataclasses.replace(getattr(settings, table), **values))


def blocks_of(lesson_id: str, settings: Settings | None = None):
    return lessons.lesson(lesson_id).blocks(settings or Settings())


def example(lesson_id: str, title_start: str, settings: Settings | None = None) -> Example:
    found = [b for b in walk(blocks_of(lesson_id, settings))
             if isinstance(b, Example) and b.title.startswith(title_start)]
    assert len(found) == 1, [b.title for b in walk(blocks_of(lesson_id)) if isinstance(b, Example)]
    return found[0]


def words(blocks) -> str:
    """Everything a reader reads in these blocks: paragraphs, notes, tables, captions."""
    parts = []
    for block in walk(blocks):
        if isinstance(block, (Text, Note)):
            parts.append(plain(block.markup))
        elif isinstance(block, Table):
            parts.append(" | ".join(block.headers))
            parts.extend(" | ".join(row) for row in block.rows)
            parts.append(plain(block.caption))
        elif isinstance(block, Figure):
            parts.append(plain(block.caption))
        elif isinstance(block, Example):
            parts.append(plain(block.title))
    return "\n".join(parts)


def tables_of(blocks) -> list[Table]:
    return [b for b in walk(blocks) if isinstance(b, Table)]


# --- the courses ---------------------------------------------------------------------------------------------------

def test_each_game_has_its_course_in_order():
    assert [c.game for c in lessons.courses()] == ["roulette", "baccarat", "paigow"]
    assert [lesson.id for lesson in lessons.course("roulette").lessons] == [
        "roulette.wheel_and_layout", "roulette.wagers", "roulette.zero", "roulette.completes", "roulette.settling",
        "roulette.payout_keys"]
    assert [lesson.id for lesson in lessons.course("baccarat").lessons] == [
        "baccarat.points", "baccarat.player_and_9_5", "baccarat.table_2", "baccarat.wagers", "baccarat.commission",
        "baccarat.shoe", "baccarat.big_table"]
    assert [lesson.id for lesson in lessons.course("paigow").lessons] == [
        "paigow.tiles", "paigow.named_hands", "paigow.points", "paigow.deal", "paigow.house_way", "paigow.expose",
        "paigow.settlement"]
    assert all(lesson.game == course.game for course in lessons.courses() for lesson in course.lessons)
    with pytest.raises(ValueError):
        lessons.lesson("roulette.no_such_lesson")


@pytest.mark.parametrize(("lesson_id", "teaches"), [
    ("roulette.wheel_and_layout", ["37 pockets", "0 is green", "column", "dozen", "dolly"]),
    ("roulette.wagers", ["Straight up", "Six line", "35 to 1", "5 to 1", "2 to 1", "1 to 1"]),
    ("roulette.zero", ["0-1-2", "0-2-3", "first four", "Every outside wager loses on 0"]),
    ("roulette.completes", ["complete", "full complete", "Picture bets"]),
    ("roulette.settling", ["dolly", "Clear the losing wagers", "outside wagers", "No spin"]),
    ("roulette.payout_keys", ["half the stake, times 7, times 10", "17 to 1"]),
    ("baccarat.points", ["point count", "natural", "Player, Banker, Player, Banker"]),
    ("baccarat.player_and_9_5", ["draws on 0 to 5", "face up", "more than one card"]),
    ("baccarat.table_2", ["Table 2", "Banker 3", "Banker 6"]),
    ("baccarat.wagers", ["even money", "Tie", "push"]),
    ("baccarat.commission", ["commission box", "rounded", "smallest chip"]),
    ("baccarat.shoe", ["burn", "cutting card", "Last coup"]),
    ("baccarat.big_table", ["Banker's role", "puck", "never out at the same time"]),
    ("paigow.tiles", ["32 tiles", "Teen", "Gee Joon", "Chop Gow"]),
    ("paigow.named_hands", ["Wong", "Gong", "High Nine", "Gee Joon pair"]),
    ("paigow.points", ["last digit", "copy", "0 against 0"]),
    ("paigow.deal", ["woodpile", "dice", "counter-clockwise", "chung", "laja"]),
    ("paigow.house_way", ["three ways", "house way in force", "New Zealand"]),
    ("paigow.expose", ["wins", "loses", "pushes", "counter-clockwise from box 1"]),
    ("paigow.settlement", ["commission", "co-banker", "losing wager area", "shortfall"]),
])
def test_each_lesson_teaches_its_topics(lesson_id, teaches):
    text = words(blocks_of(lesson_id)).lower()
    for topic in teaches:
        assert topic.lower() in text, f"{lesson_id}: {topic!r} is not taught"


def test_every_lesson_builds_under_other_settings_too():
    other = changed(Settings(), "roulette", first_four=False, minimum_bet=25)
    other = changed(other, "baccarat", decks=6, burn=False, cut_from_end=40, commission_rounding="up",
                    commission_collection="at payment", tie_odds=9)
    other = changed(other, "paigow", house_way="foxwoods", commission_percent=4.0, commission_rounding="down")
    for lesson in lessons.lessons():
        assert lesson.blocks(other), lesson.id
    assert "first four" in words(blocks_of("roulette.zero", other)) and "is off" in words(
        blocks_of("roulette.zero", other))
    assert "9 to 1" in words(blocks_of("baccarat.wagers", other))
    assert "does not burn" in words(blocks_of("baccarat.shoe", other))
    assert paigow.describe_house_way("foxwoods").name in words(blocks_of("paigow.house_way", other))


# --- citations ------------------------------------------------------------------------------------------------------

def _rule_page(game: str) -> str:
    return (RULES / f"{game}.md").read_text(encoding="utf-8")


def test_every_citation_is_a_rule_of_the_game_or_a_chart():
    for lesson in lessons.lessons():
        page = _rule_page(lesson.game)
        for cited in lessons.citations(lesson.blocks(Settings())):
            if cited.kind == "chart":
                assert cited.target in lessons.CHART_IDS
                continue
            # "5.2-5.3": both rules; "11.1(g)": rule 11.1 and its item (g), listed under it on the page.
            for part in re.split(r"-(?=[\d(])", cited.target):
                number = re.match(r"[\d.]+", part)
                for piece in ([number.group(0)] if number else []) + re.findall(r"\(\w+\)", part) or [part]:
                    assert piece in page, f"{lesson.id}: rule {cited.target} is not on docs/rules/{lesson.game}.md"


def test_every_citation_opens_a_text_of_the_rule_book_or_a_chart():
    from dealerdrill.reference import charts, rulebook

    for lesson in lessons.lessons():
        for cited in lessons.citations(lesson.blocks(Settings())):
            if cited.kind == "chart":
                assert cited.target in charts.CHARTS, f"{lesson.id}: no chart {cited.target}"
                continue
            found = rulebook.book().lookup(lesson.game, cited.target) or next(
                (c.rule for c in rulebook.cited(lesson.game, cited.target) if c.rule is not None), None)
            assert found is not None and found.text, f"{lesson.id}: the rule book has no rule {cited.target}"


def test_markup_refuses_what_is_not_a_citation():
    assert [s.kind for s in lessons.segments("see {rule 5.1} and {chart roulette.payouts: the chart}.")] == [
        "text", "rule", "text", "chart", "text"]
    assert lessons.segments("{rule Table 2: Table 2}")[0].target == "Table 2"
    with pytest.raises(ValueError):
        lessons.segments("{chart no.such_chart}")
    with pytest.raises(ValueError):
        lessons.segments("a {stray} brace")


# --- the checks -----------------------------------------------------------------------------------------------------

def test_every_check_is_a_few_practice_items_of_a_real_drill_at_basic():
    drills = registry()
    for lesson in lessons.lessons():
        check = lesson.check
        assert check.drill in drills, lesson.id
        assert drills[check.drill].game == lesson.game
        assert 1 <= check.items <= 5 and check.difficulty == 1
        drill = drills[check.drill](Settings())
        assert set(check.families) <= set(drill.families()), lesson.id
        from dealerdrill.core import Rng

        for family in check.families:
            assert drill.generate(Rng(7), check.difficulty, family).family == family


# --- roulette: the worked examples are the engine's ------------------------------------------------------------------

def test_the_wheel_and_layout_lesson_is_the_engines():
    facts = example("roulette.wheel_and_layout", "What wins when 17").facts
    assert facts["covering"] == [w.name for w in roulette.covering(17)]
    assert facts["red"] == [n for n in range(1, 37) if roulette.color(n) == "red"]
    assert facts["black"] == [n for n in range(1, 37) if roulette.color(n) == "black"]
    assert facts["neighbours_of_zero"] == (roulette.WHEEL_ORDER[-1], roulette.WHEEL_ORDER[1])
    wheel = next(b for b in walk(blocks_of("roulette.wheel_and_layout")) if isinstance(b, Figure)
                 and b.kind == "roulette_wheel")
    assert tuple(wheel.data["order"]) == roulette.WHEEL_ORDER
    lit = next(b for b in walk(example("roulette.wheel_and_layout", "What wins").blocks) if isinstance(b, Figure))
    assert len(lit.data["winning"]) == len(roulette.covering(17)) and lit.data["dolly"] == 17


def test_every_wager_lesson_pays_what_the_engine_pays():
    settings = Settings()
    stake = 10 * settings.roulette.minimum_bet
    table = tables_of(blocks_of("roulette.wagers"))[0]
    assert len(table.rows) == len(roulette.WagerKind) == len(roulette_lessons.EXAMPLE_WAGERS)
    for row, (kind, spec) in zip(table.rows, roulette_lessons.EXAMPLE_WAGERS.items()):
        wager = roulette.classify(spec)
        assert wager.kind is kind
        assert row[1:] == (str(kind.covers), f"{kind.odds} to 1", wager.name,
                           dollars(roulette.settle([(spec, stake)], wager.numbers[0])[0]))
    facts = example("roulette.wagers", "A spin of 20").facts
    unit = settings.roulette.minimum_bet
    for spec, units in roulette_lessons.SPIN_OF_20.items():
        name = roulette.classify(spec).name
        assert facts["payouts"][name] == roulette.settle([(spec, units * unit)], 20)[0]
    assert facts["straight_paid"] == roulette.settle([((17,), stake)], 17)[0]


def test_the_zero_lesson_is_the_engines_with_the_table_setting():
    for first_four in (True, False):
        settings = changed(Settings(), "roulette", first_four=first_four)
        facts = example("roulette.zero", "Every wager that wins on 0", settings).facts
        assert facts["winners"] == [w.name for w in roulette.covering(0, first_four)]
        settled = example("roulette.zero", "A spin of 0", settings).facts
        for name, paid in settled["payouts"].items():
            spec = next(s for s in [(0,), (0, 2), (0, 2, 3), (0, 1, 2, 3), "red", "low", "column1", "dozen1", (17,)]
                        if (first_four or s != (0, 1, 2, 3)) and roulette.classify(s, first_four).name == name)
            assert paid == roulette.settle([(spec, settled["stakes"][name])], 0, first_four)[0]
        assert ("first four 0-1-2-3" in settled["payouts"]) is first_four


def test_the_completes_lesson_is_the_engines():
    unit = Settings().roulette.minimum_bet
    facts = example("roulette.completes", "The complete of 17").facts
    parts = roulette.complete(17)
    assert facts["parts"] == [w.name for w in parts]
    assert facts["paid_on_17"] == sum(roulette.settle([(w.numbers, unit) for w in parts], 17))
    assert facts["paid_on_20"] == sum(roulette.settle([(w.numbers, unit) for w in parts], 20))
    rows = tables_of(blocks_of("roulette.completes"))[0].rows
    for row in rows:
        number = int(row[0])
        parts = roulette.complete(number)
        assert row[1:] == (str(len(parts)), str(sum(w.kind.covers for w in parts)),
                           str(sum(roulette.settle([(w.numbers, 1) for w in parts], number))))


def test_the_paying_order_lesson_is_the_engines():
    unit = Settings().roulette.minimum_bet
    facts = example("roulette.settling", "A spin of 14").facts
    stakes = {spec: units * unit for spec, units in roulette_lessons.SPIN_OF_14.items()}
    winners = roulette.winning_wagers(14, list(stakes))
    assert facts["order"] == [w.name for w in roulette.paying_order(
        [w.numbers if not w.kind.outside else roulette_lessons.layout_key(w) for w in winners])]
    paid = dict(zip((roulette.classify(s).name for s in stakes), roulette.settle(list(stakes.items()), 14)))
    assert facts["payouts"] == {name: paid[name] for name in facts["order"]}
    steps = tables_of(blocks_of("roulette.settling"))[0].rows
    assert [row[1] for row in steps] == [listed([k.label for k in kinds]) for kinds in roulette.paying_steps()]


def test_the_payout_keys_are_the_engines():
    for title, spec in (("14 chips straight up", (17,)), ("13 chips on a split", (17, 20))):
        facts = example("roulette.payout_keys", title).facts
        assert facts["paid"] == roulette.settle([(spec, facts["chips"])], 17)[0] == facts["key"]
    rows = tables_of(blocks_of("roulette.payout_keys"))[0].rows
    for row in rows:
        chips = int(row[0])
        for cell, kind in zip(row[1:], roulette_lessons.KEY_KINDS):
            spec = roulette_lessons.EXAMPLE_WAGERS[kind]
            assert int(cell) == roulette.settle([(spec, chips)], roulette.classify(spec).numbers[0])[0]


# --- baccarat -------------------------------------------------------------------------------------------------------

def replay(settings: Settings, dealt: int) -> baccarat.Coup:
    """Coup number `dealt` of the lessons' shoe, dealt again here by the engine."""
    table = settings.baccarat
    shoe = baccarat.Shoe(decks=table.decks, cut_from_end=table.cut_from_end, burn=table.burn,
                         seed=baccarat_lessons.SHOE_SEED)
    if shoe.burns:
        shoe.burn()
    for _ in range(dealt):
        coup = shoe.deal()
    return coup


def assert_coup_is_the_engines(facts: dict, settings: Settings, blocks) -> baccarat.Coup:
    coup = replay(settings, facts["dealt"])
    assert facts["player"] == [c.rank for c in coup.player_cards]
    assert facts["banker"] == [c.rank for c in coup.banker_cards]
    assert (facts["player_total"], facts["banker_total"], facts["winner"], facts["natural"]) == (
        coup.player_total, coup.banker_total, coup.winner, coup.natural)
    said = words(blocks)
    if coup.winner == "tie":
        assert f"Tie, {coup.player_total} to {coup.banker_total}." in said
    else:
        high, low = max(coup.player_total, coup.banker_total), min(coup.player_total, coup.banker_total)
        assert f"{coup.winner.capitalize()} wins, {high} to {low}." in said
    return coup


@pytest.mark.parametrize("settings", [Settings(),
                                      changed(Settings(), "baccarat", decks=6, burn=False, cut_from_end=30)])
def test_the_baccarat_coups_are_dealt_by_the_engine(settings):
    natural = example("baccarat.points", "A coup with a natural", settings)
    assert assert_coup_is_the_engines(natural.facts, settings, natural.blocks).natural
    stood = example("baccarat.player_and_9_5", "The Player stands", settings)
    coup = assert_coup_is_the_engines(stood.facts, settings, stood.blocks)
    assert not coup.natural and len(coup.player) == 2
    assert (len(coup.banker) == 3) is baccarat.banker_draws(baccarat.point_count(coup.banker[:2]), None)
    drew = example("baccarat.player_and_9_5", "The Player draws", settings)
    assert len(assert_coup_is_the_engines(drew.facts, settings, drew.blocks).player) == 3
    row = example("baccarat.table_2", "The Banker's row decides", settings)
    coup = assert_coup_is_the_engines(row.facts, settings, row.blocks)
    assert (len(coup.banker) == 3) is baccarat.banker_draws(baccarat.point_count(coup.banker[:2]),
                                                            baccarat.card_value(coup.player[2]))
    tie = example("baccarat.wagers", "A tie", settings)
    assert assert_coup_is_the_engines(tie.facts, settings, tie.blocks).winner == "tie"
    for figure in (b for b in walk(natural.blocks) if isinstance(b, Figure)):
        assert figure.kind == "baccarat_table" and figure.data["seed"] == baccarat_lessons.SHOE_SEED
        assert figure.data["coups"] == natural.facts["dealt"]


def test_card_values_points_and_naturals_are_the_engines():
    facts = example("baccarat.points", "A coup with a natural").facts
    assert facts["values"] == {rank: baccarat.card_value(rank) for rank in range(1, 14)}
    assert facts["naturals"] == [t for t in range(10) if baccarat.is_natural(t)]
    rows = tables_of(blocks_of("baccarat.points"))[0].rows
    for row, ranks in zip(rows, baccarat_lessons.POINT_EXAMPLES):
        assert row[3] == str(baccarat.point_count(list(ranks)))


def test_the_players_rule_and_table_2_are_the_engines_decisions():
    player = tables_of(blocks_of("baccarat.player_and_9_5"))[0]
    for total, decision in player.rows:
        assert decision == ("draws" if baccarat.player_draws(int(total)) else "stands")
    chart = tables_of(blocks_of("baccarat.table_2"))[0]
    for row in chart.rows[:8]:
        banker = int(row[0])
        assert list(row[1:]) == ["D" if baccarat.banker_draws(banker, v) else "S" for v in range(10)]
    assert chart.rows[8][0] == "8, 9" and all(baccarat.is_natural(t) for t in (8, 9))
    text = words(blocks_of("baccarat.player_and_9_5"))
    stood = [t for t in range(8) if baccarat.banker_draws(t, None)]
    assert f"it draws on {runs(stood)}" in text


def test_the_wagers_and_commission_are_settled_by_the_engine():
    for rounding, collection in (("cents", "commission box"), ("up", "at payment"), ("down", "at payment")):
        settings = changed(Settings(), "baccarat", commission_rounding=rounding, commission_collection=collection)
        rules = baccarat_lessons.settle_rules(settings)
        terms = commission.table_terms(5.0, rounding, 100)
        assert (rules["rounding_unit"], rules["rounding"]) == (terms.rounding_unit, terms.rounding)
        facts = example("baccarat.wagers", "A tie", settings).facts
        for winner, settled in facts["settled"].items():
            assert settled == [tuple(s) for s in baccarat.settle(facts["bets"], winner, **rules)]
        box = example("baccarat.commission", "A seat's commission box", settings).facts
        assert box["box"] == baccarat.box_commission(list(baccarat_lessons.BOX_WINS), 0.05, terms.rounding_unit,
                                                     terms.rounding)
        table = tables_of(blocks_of("baccarat.commission", settings))[0]
        for row, amount in zip(table.rows, baccarat_lessons.COMMISSION_WINS):
            at_table = baccarat.settle([("banker", amount)], "banker", **rules)[0].commission
            assert row[1] == cents(at_table)
            assert row[2:] == tuple(cents(commission.table_terms(5.0, r, 100).on(amount))
                                    for r in ("cents", "up", "down"))


def test_the_whole_shoe_is_the_engines():
    settings = Settings()
    facts = example("baccarat.shoe", "A whole shoe").facts
    table = settings.baccarat
    shoe = baccarat.Shoe(table.decks, table.cut_from_end, table.burn, seed=baccarat_lessons.SHOE_SEED)
    burn = shoe.burn()
    assert facts["exposed"] == (burn.exposed.rank, int(burn.exposed.suit)) and facts["burned"] == len(burn.burned)
    coups = []
    while not shoe.finished:
        coups.append(shoe.deal())
    assert facts["coups"] == len(coups) and facts["remaining"] == shoe.remaining
    assert coups[facts["last_coup"] - 1].last_coup and coups[facts["cut_card_coup"] - 1].cut_card_out
    assert facts["rule"] == ("9.9" if facts["cut_card_coup"] == facts["last_coup"] else "9.8")


def test_the_big_table_roles_are_the_engines():
    facts = example("baccarat.big_table", "Who handles the cards").facts
    wagers = [(w[0], w[1], w[2] * 100, *w[3:]) for w in baccarat_lessons.ROLE_WAGERS]
    for hand in ("banker", "player"):
        role = baccarat.big_table_role(wagers, hand)
        assert facts[hand] == (role.seat, role.offered, role.rule)
    nobody = baccarat.big_table_role([(1, "banker", 10000), (3, "tie", 2500)], "player")
    assert facts["nobody"] == (nobody.seat, nobody.rule) == (None, "8.16")


# --- pai gow ---------------------------------------------------------------------------------------------------------

def test_the_tiles_are_the_engines():
    facts = example("paigow.tiles", "The highest and the lowest").facts
    kinds = {}
    for tile in paigow.TILES:
        kinds.setdefault(tile.rank, []).append(tile)
    assert facts["kinds"] == [(tiles[0].rank, tiles[0].name, [t.face for t in tiles], tiles[0].point_options)
                              for _, tiles in sorted(kinds.items())]
    rows = tables_of(blocks_of("paigow.tiles"))[0].rows
    assert [(row[0], row[1]) for row in rows] == [(str(r), tiles[0].name) for r, tiles in sorted(kinds.items())]


def test_the_kinds_sentence_says_which_mixed_kinds_share_their_dots():
    # Gee Joon's two tiles (1-2 and 2-4) have 3 and 6 dots: "each two different tiles with the same number of
    # dots" was wrong for it. The counts and faces come from the engine.
    kinds = {}
    for tile in paigow.TILES:
        kinds.setdefault(tile.rank, []).append(tile)
    mixed = [tiles for tiles in kinds.values() if len({t.face for t in tiles}) > 1]
    same = [tiles for tiles in mixed if len({sum(t.pips) for t in tiles}) == 1]
    odd = [tiles for tiles in mixed if tiles not in same]
    text = words(blocks_of("paigow.tiles"))
    assert f"The other {len(mixed)} kinds are each two different tiles: {len(same)} with the same number of dots" \
        in text
    for tiles in odd:
        faces = sorted({t.face: sum(t.pips) for t in tiles}.items())
        assert " and ".join(f"{face} ({dots} dots)" for face, dots in faces) in text


def test_the_named_hands_and_points_are_the_engines():
    facts = example("paigow.named_hands", "Named or not?").facts
    assert facts["labels"] == {faces: paigow.hand(*faces).label for faces in paigow_lessons.GEE_JOON_EXAMPLES}
    for rank, label, faces in facts["named"]:
        assert (paigow.hand(*faces.split()).rank, paigow.hand(*faces.split()).label) == (rank, label)
    assert [r for r, _, _ in facts["named"]] == list(range(1, 23))
    compared = example("paigow.points", "Hands compared by the engine").facts
    for why, a, b in paigow_lessons.COMPARISONS:
        assert compared["compared"][why] == paigow.compare(a, b)
    assert compared["points"] == {faces: paigow.hand(*faces).points for faces in paigow_lessons.POINT_HANDS}


def test_the_deal_is_the_engines():
    facts = example("paigow.deal", "A deal by the engine").facts
    deal = paigow.deal(seed=paigow_lessons.DEAL_SEED, count_from=1)
    assert facts["dice"] == deal.dice and facts["first_box"] == deal.first_box
    assert facts["order"] == [deal.box_of_stack(s) for s in range(8)]
    assert facts["hands"] == {box: deal.hand_of(box) for box in range(1, 9)}


@pytest.mark.parametrize("way", ["nz", "foxwoods", "canberra"])
def test_the_house_way_examples_are_the_way_in_force(way):
    settings = changed(Settings(), "paigow", house_way=way)
    for tiles in paigow_lessons.HOUSE_WAY_HANDS:
        facts = example("paigow.house_way", f"Setting {' '.join(tiles)}", settings).facts
        chosen = paigow.house_way(tiles, way)
        assert (facts["high"], facts["low"], facts["rule"], facts["way"]) == (chosen.high, chosen.low, chosen.rule, way)
        assert facts["ways"] == paigow.settings(tiles)
    text = words(blocks_of("paigow.house_way", settings))
    for rule in paigow.describe_house_way(way).rules:
        assert rule.title in text


def test_expose_and_settlement_are_the_engines():
    matched = example("paigow.expose", "Matches decided by the engine").facts["matched"]
    for why, player, bank in paigow_lessons.MATCHES:
        assert matched[why] == paigow.outcome(player, bank)
    facts = example("paigow.expose", "The lessons' deal, exposed").facts
    deal = paigow.deal(seed=paigow_lessons.DEAL_SEED, count_from=1)
    bank = paigow.house_way(deal.hand_of(1), "nz")
    assert facts["bank"] == (bank.high, bank.low)
    for box, result in facts["results"].items():
        mine = paigow.house_way(deal.hand_of(box), "nz")
        assert result == paigow.outcome((mine.high, mine.low), (bank.high, bank.low))
    house = example("paigow.settlement", "A table settled by the engine").facts
    settled = paigow.settle(list(paigow_lessons.HOUSE_WAGERS))
    assert house["results"] == [(r.outcome, r.paid, r.commission) for r in settled.results]
    assert (house["collected"], house["paid"], house["commission"]) == (settled.collected, settled.paid,
                                                                        settled.commission)
    co = example("paigow.settlement", "The same table with a co-banker").facts
    shared = paigow.settle(list(paigow_lessons.HOUSE_WAGERS), co_banker_wager=paigow_lessons.CO_BANKER_WAGER)
    assert co == {name: getattr(shared, name) for name in co}
