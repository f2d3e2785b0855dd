"""The charts a trainee reads beside the drills, every value in them asked of the engine (dealerdrill.core):

    baccarat.third_card   Table 2 with the Player's draw and rule 9.5: draw or stand for every count and third card
    baccarat.payouts      Player, Banker and Tie with the table's commission terms, settled on example wagers
    roulette.payouts      every wager: numbers covered, odds, an example win; the wagers 0 leaves standing
    paigow.payouts        win (even money less commission), lose, push, a copy, settled on example wagers
    paigow.tile_ranks     the 16 kinds of tile in rank order and the 22 named hands
    paigow.house_way      the house way in force: its rules in order, each with a hand the engine sets by it

Nothing here decides a rule or holds a value of one: the functions ask the engine and arrange its answers. The
settings a chart depends on (commission, tie odds, first four, the house way) are passed in: a settings section
of dealerdrill.settings, or anything with the same attributes. Qt-free.
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dealerdrill.core import baccarat, commission, paigow, roulette
from dealerdrill.domain import format_cents


@dataclass(frozen=True)
class ChartInfo:
    id: str
    game: str
    title: str
    summary: str                 # one sentence: what the chart shows
    rules: tuple[str, ...]       # the rule book's numbers or ids the chart shows


_INFOS = (
    ChartInfo("baccarat.third_card", "baccarat", "Third-card chart (Table 2)",
              "Whether each hand draws a third card: the Player by its count, the Banker by its count and the "
              "Player's third card.", ("Table 2", "9.5", "table-of-play")),
    ChartInfo("baccarat.payouts", "baccarat", "Payouts and commission",
              "What a winning Player, Banker or Tie wager is paid at this table, and the commission.",
              ("payouts", "5.7(b)")),
    ChartInfo("roulette.payouts", "roulette", "Wagers and odds",
              "Every wager on the layout: the numbers it covers, its odds and what it wins; and the wagers that "
              "win on 0.", ("5.1", "5.2", "5.3")),
    ChartInfo("paigow.tile_ranks", "paigow", "Tile ranking",
              "The 16 kinds of tile from the highest to the lowest, with their names, faces and points; then the "
              "22 named hands.", ("Appendix 3", "4.2", "4.4")),
    ChartInfo("paigow.house_way", "paigow", "The house way in force",
              "The house way the table uses: its rules in the order they are tried, each with a hand the engine "
              "sets by it.", ("house-way", "(e)", "11.1")),
    ChartInfo("paigow.payouts", "paigow", "Payouts and commission",
              "What a player's wager is paid when it wins, loses, pushes or meets a copy, with this table's "
              "commission.", ("6.1", "6.11", "6.14")),
)
CHARTS: dict[str, ChartInfo] = {info.id: info for info in _INFOS}

# The chart a drill's page opens (a drill not named here opens its game's first chart).
_DRILL_CHARTS = {
    "baccarat.table_of_play": "baccarat.third_card", "baccarat.find_error": "baccarat.third_card",
    "baccarat.commission": "baccarat.payouts", "baccarat.settle": "baccarat.payouts",
    "baccarat.chips": "baccarat.payouts",
    "paigow.tiles": "paigow.tile_ranks", "paigow.compare": "paigow.tile_ranks",
    "paigow.house_way": "paigow.house_way",
    "paigow.expose": "paigow.payouts", "paigow.settle": "paigow.payouts", "paigow.chips": "paigow.payouts",
    "paigow.find_error": "paigow.payouts",
}


def charts_for(game: str) -> list[ChartInfo]:
    """A game's charts in the order the rule book lists them."""
    return [info for info in _INFOS if info.game == game]


def chart_for_drill(drill_id: str, game: str) -> str:
    """The chart a drill's page opens: the one closest to what the drill asks, else the game's first."""
    chosen = _DRILL_CHARTS.get(drill_id)
    if chosen is not None:
        return chosen
    games = charts_for(game)
    if not games:
        raise KeyError(f"there is no chart for the game {game!r}")
    return games[0].id


# --------------------------------------------------------------------------------------------- baccarat

@dataclass(frozen=True)
class ThirdCardChart:
    player: tuple[tuple[int, str], ...]          # (two-card count, "draws" | "stands" | "natural"), 0 to 9
    third_cards: tuple[int, ...]                 # the columns: the Player's third card's point value, 0 to 9
    banker: tuple[BankerRow, ...]                # one row per Banker count, 0 to 9


@dataclass(frozen=True)
class BankerRow:
    total: int
    natural: bool                    # 8 or 9: a natural, no draw
    when_drawn: tuple[bool, ...]     # draws (True) or stands, for each third-card value (Table 2)
    when_player_stood: bool          # rule 9.5


def third_card_chart() -> ThirdCardChart:
    """Table 2, rule 9.5 and the Player's draw, every cell the engine's answer."""
    values = tuple(range(10))
    player = tuple((total, "natural" if baccarat.is_natural(total) else
                    "draws" if baccarat.player_draws(total) else "stands") for total in values)
    banker = tuple(BankerRow(total, baccarat.is_natural(total),
                             tuple(baccarat.banker_draws(total, third) for third in values),
                             baccarat.banker_draws(total, None)) for total in values)
    return ThirdCardChart(player, values, banker)


@dataclass(frozen=True)
class PayoutRow:
    wager: str                 # "Player", "Banker", "Tie", or a pai gow outcome
    result: str                # what happened to the wager: "win", "lose", "push"
    when: str                  # in words: "the Banker's Hand wins"
    stake: int                 # cents
    paid: int                  # handed over beside the wager now
    commission: int            # taken by the house (or marked)
    marked: int = 0            # marked in the commission box instead of taken now
    odds: str = ""             # "1 to 1", "8 to 1", "1 to 1 less 5%"


@dataclass(frozen=True)
class BaccaratPayouts:
    rows: tuple[PayoutRow, ...]
    commission_percent: str    # "5%", as the engine charges it
    rounding: str              # the table's rounding in words
    collection: str            # "at payment" | "commission box"
    tie_odds: int


def _rounding_words(terms: commission.Terms) -> str:
    if terms.rounding_unit == 1:
        return "worked to the cent"
    direction = "up" if terms.rounding is commission.Rounding.HOUSE else "down"
    return f"rounded {direction} to the smallest chip, {format_cents(terms.rounding_unit)}"


def _terms(section: Any) -> commission.Terms:
    chips = tuple(getattr(section, "chip_values", (1,)) or (1,))
    return commission.table_terms(getattr(section, "commission_percent", 5.0),
                                  getattr(section, "commission_rounding", "cents"), 100 * min(chips))


EXAMPLE_STAKES = (10_000, 2_500)     # $100, and $25 to show the rounding


def baccarat_payouts(section: Any, stakes: Sequence[int] = EXAMPLE_STAKES) -> BaccaratPayouts:
    """Each wager settled by the engine on a coup it wins, and Player and Banker on a tie, at this table's terms."""
    terms = _terms(section)
    tie_odds = int(getattr(section, "tie_odds", 8))
    collection = "payment" if getattr(section, "commission_collection", "commission box") == "at payment" else "box"
    rows = []
    cases = (("Player", "player", "player", "Player wins"),
             ("Banker", "banker", "banker", "Banker wins"),
             ("Tie", "tie", "tie", "a tie"),
             ("Player", "player", "tie", "a tie"),
             ("Banker", "banker", "tie", "a tie"))
    for label, side, winner, when in cases:
        for stake in stakes:
            settled = baccarat.settle([(side, stake)], winner, tie_odds=tie_odds, commission_rate=terms.bp / 10_000,
                                      rounding_unit=terms.rounding_unit, rounding=terms.rounding,
                                      collection=collection)[0]
            rows.append(PayoutRow(label, settled.result, when, stake, settled.paid, settled.commission,
                                  settled.marked, _odds_words(settled.winnings, stake, settled.commission, terms)))
    return BaccaratPayouts(tuple(rows), terms.percent_words, _rounding_words(terms),
                           "at payment" if collection == "payment" else "commission box", tie_odds)


def _odds_words(winnings: int, stake: int, commission_taken: int, terms: commission.Terms) -> str:
    """The odds a settlement paid, read back from the engine's winnings ("8 to 1"; "1 to 1 less 5%")."""
    if winnings <= 0:
        return ""
    odds = f"{winnings // stake} to 1" if winnings % stake == 0 else f"{winnings / stake:g} to 1"
    return f"{odds} less {terms.percent_words}" if commission_taken else odds


# --------------------------------------------------------------------------------------------- roulette

@dataclass(frozen=True)
class RouletteRow:
    kind: str             # "straight up", "split", ... as the engine names the kind
    covers: int           # numbers covered
    odds: int             # x to 1
    outside: bool
    example: str          # a wager of that kind, as a dealer calls it ("split 8-11")
    stake: int            # cents
    wins: int             # the engine's winnings on the example when one of its numbers comes up


@dataclass(frozen=True)
class RoulettePayouts:
    rows: tuple[RouletteRow, ...]
    first_four: bool
    zero_winners: tuple[tuple[str, int], ...]   # the wagers that win on 0: (as called, odds)


def roulette_payouts(section: Any, stake: int = 1_000) -> RoulettePayouts:
    """One row per kind of wager on this table's layout, in the engine's order, settled by the engine."""
    first_four = bool(getattr(section, "first_four", True))
    rows, seen = [], set()
    # An example of each kind away from 0 (the zero wagers have their own list), in the engine's order.
    layout = roulette.layout_wagers(first_four)
    for wager in [w for w in layout if 0 not in w.numbers] + [w for w in layout if 0 in w.numbers]:
        if wager.kind in seen:
            continue
        seen.add(wager.kind)
        wins = roulette.settle([(wager, stake)], wager.numbers[-1], first_four)[0]
        rows.append(RouletteRow(wager.kind.label, wager.kind.covers, wager.kind.odds, wager.kind.outside,
                                wager.name, stake, wins))
    zero = tuple((wager.name, wager.odds) for wager in roulette.covering(0, first_four))
    return RoulettePayouts(tuple(rows), first_four, zero)


# --------------------------------------------------------------------------------------------- pai gow

@dataclass(frozen=True)
class PaiGowPayouts:
    rows: tuple[PayoutRow, ...]
    commission_percent: str
    rounding: str


def paigow_payouts(section: Any, stakes: Sequence[int] = EXAMPLE_STAKES) -> PaiGowPayouts:
    """A player's wager settled by the engine (house as sole banker) when it wins, loses or pushes. A copy is
    the bank's (rule 4.6): the engine matches a copy, and the wager is settled as the match says."""
    terms = _terms(section)
    # Player and bank hold the same hands (each tile's second copy): a copy in both hands, which the engine matches.
    same = (("6-6", "1-3"), ("5-5", "4-6"))
    copy_outcome = paigow.outcome(same, same)
    cases = (("Win", "win", "both hands outrank the bank's"),
             ("Lose", "lose", "the bank's hands both outrank the player's"),
             ("Push", "push", "one hand each"),
             ("Copy", copy_outcome, "a copy in each hand: the bank wins copies"))
    rows = []
    for label, outcome, when in cases:
        for stake in stakes:
            settled = paigow.settle([(stake, outcome)], commission_bp=terms.bp, rounding_unit=terms.rounding_unit,
                                    rounding=terms.rounding).results[0]
            rows.append(PayoutRow(label, settled.outcome, when, stake, settled.paid, settled.commission,
                                  odds=_odds_words(settled.paid + settled.commission, stake, settled.commission,
                                                   terms)))
    return PaiGowPayouts(tuple(rows), terms.percent_words, _rounding_words(terms))


@dataclass(frozen=True)
class TileRow:
    rank: int                    # 1 (Teen) to 16 (Gee Joon)
    name: str
    faces: tuple[str, ...]       # the faces of the kind (one for a civil kind, two for a mixed one)
    dots: tuple[int, ...]        # the dots on each face
    points: tuple[int, ...]      # what the tile may count: (3, 6) for Gee Joon
    copies: int                  # tiles of each face in a set


@dataclass(frozen=True)
class NamedHand:
    rank: int                    # 1 to 22
    label: str                   # "Gee Joon pair", "pair of Teen", "Teen Wong"
    tiles: tuple[str, str]       # an example: faces, the higher tile first


@dataclass(frozen=True)
class TileChart:
    tiles: tuple[TileRow, ...]
    named_hands: tuple[NamedHand, ...]


@functools.cache
def tile_chart() -> TileChart:
    """The engine's tiles by rank, and every named hand (pairs, Wong, Gong, High Nine) by the engine's rank."""
    rows = []
    for kind in paigow.Kind:
        tiles = [t for t in paigow.TILES if t.kind is kind]
        faces = tuple(dict.fromkeys(t.face for t in tiles))
        rows.append(TileRow(tiles[0].rank, tiles[0].name, faces, tuple(sum(paigow.tile(f).pips) for f in faces),
                            tiles[0].point_options, tiles[0].copies))
    named: dict[int, NamedHand] = {}
    for a, b in itertools.combinations(paigow.TILES, 2):
        made = paigow.hand(a.face, b.face)
        if made.rank is not None and made.rank not in named:
            named[made.rank] = NamedHand(made.rank, made.label, made.tiles)
    return TileChart(tuple(sorted(rows, key=lambda row: row.rank)),
                     tuple(named[rank] for rank in sorted(named)))


@dataclass(frozen=True)
class HouseWayExample:
    tiles: tuple[str, str, str, str]     # the four tiles, in rank order
    high: tuple[str, str]
    low: tuple[str, str]
    high_label: str                      # the engine's name of each hand ("Teen Wong", "3 (Gor high)")
    low_label: str


@dataclass(frozen=True)
class HouseWayRuleRow:
    order: int                 # 1 for the rule tried first
    id: str
    title: str
    text: str
    example: HouseWayExample | None      # None: the rule decides none of the distinct hands (never for a way
    hands: int                           # the engine accepts); how many of the 3,620 distinct hands it decides


@dataclass(frozen=True)
class HouseWayChart:
    way: str
    name: str
    source: str
    notes: str
    rules: tuple[HouseWayRuleRow, ...]


def _distinct_hands() -> list[tuple[str, str, str, str]]:
    """The 3,620 different four-tile hands (tiles of one kind counted alike), in rank order."""
    faces = [t.face for t in paigow.TILES]
    seen: set[tuple[paigow.Kind, ...]] = set()
    hands: list[tuple[str, str, str, str]] = []
    for a, b, c, d in itertools.combinations(range(len(faces)), 4):
        hand = (faces[a], faces[b], faces[c], faces[d])
        kinds = tuple(paigow.tile(face).kind for face in hand)
        if kinds not in seen:
            seen.add(kinds)
            hands.append(hand)
    return hands


@functools.cache
def _distinct() -> tuple[tuple[str, str, str, str], ...]:
    return tuple(_distinct_hands())


_HOUSE_WAY_CHARTS: dict[str, tuple[Any, HouseWayChart]] = {}


def house_way_chart(way: str) -> HouseWayChart:
    """The way's rules in order, each with the first hand (in rank order) the engine sets by it. Kept per way, and
    made again when a manager has loaded a changed file under the same id."""
    described = paigow.describe_house_way(way)
    kept = _HOUSE_WAY_CHARTS.get(way)
    if kept is not None and kept[0] == described:
        return kept[1]
    hands = _distinct()
    settings = paigow.house_way_many(hands, way)
    first: dict[str, tuple[tuple[str, str, str, str], Any]] = {}
    counts: dict[str, int] = {}
    for hand, setting in zip(hands, settings):
        counts[setting.rule] = counts.get(setting.rule, 0) + 1
        first.setdefault(setting.rule, (hand, setting))
    rows = []
    for order, one in enumerate(described.rules, start=1):
        example = None
        if one.id in first:
            hand, setting = first[one.id]
            example = HouseWayExample(hand, tuple(setting.high), tuple(setting.low),
                                      paigow.hand(*setting.high).label, paigow.hand(*setting.low).label)
        rows.append(HouseWayRuleRow(order, one.id, one.title, " ".join(one.text.split()), example,
                                    counts.get(one.id, 0)))
    chart = HouseWayChart(way, described.name, described.source, " ".join(described.notes.split()), tuple(rows))
    _HOUSE_WAY_CHARTS[way] = (described, chart)
    return chart


def money(cents: int) -> str:
    """An amount as the charts print it: the program's one money format."""
    return format_cents(cents)
