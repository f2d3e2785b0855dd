"""Pai gow tiles (NZ Gazette rules): the set, hand ranking, settings, matching, dealing and settlement.

Every rule is decided by the C engine (core_c/src/paigow.c, paigow_settle.c); this module turns faces
such as "6-6" or "3-6" into tile ids, checks the input, and turns the results back into Python values.

Tiles are written by their faces, low-high as in the rules table ("1-3", "3-6"); "6-3" is accepted and
read as "3-6". A group of faces that are dealt together (a hand, a setting, a player's and the bank's
settings) may hold no more copies of a face than a set has: two of each civil tile, one of each face of
a mixed (military) kind.
"""
from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import commission as _commission
from ._engine import ffi, lib
from ._errors import BankShort, IllegalSetting, InvalidInput, InvalidTile, check, require_int, require_items, shown
from ._rng import Rng
from .commission import Rounding

__all__ = [
    "Banking", "Category", "Deal", "Hand", "Kind", "Rounding", "Setting", "Settlement", "TILES", "Tile",
    "WagerResult", "check_setting", "commission", "compare", "deal", "hand", "is_legal", "outcome",
    "outcomes", "same_ranking", "settings", "settle", "tile",
]

MAX_AMOUNT = lib.DD_PG_MAX_AMOUNT          # cents, per wager
MAX_WAGERS = lib.DD_PG_MAX_WAGERS
DEFAULT_COMMISSION_BP = _commission.DEFAULT_BP


class Kind(enum.IntEnum):
    """The 16 kinds of tile; the value is the kind's individual rank (1 = Teen, highest)."""
    TEEN = lib.DD_PG_TEEN
    DAY = lib.DD_PG_DAY
    YUN = lib.DD_PG_YUN
    GOR = lib.DD_PG_GOR
    MOOY = lib.DD_PG_MOOY
    CHONG = lib.DD_PG_CHONG
    BON = lib.DD_PG_BON
    FOO = lib.DD_PG_FOO
    PING = lib.DD_PG_PING
    TIT = lib.DD_PG_TIT
    LOOK = lib.DD_PG_LOOK
    CHOP_GOW = lib.DD_PG_CHOP_GOW
    CHOP_BOT = lib.DD_PG_CHOP_BOT
    CHOP_CHIT = lib.DD_PG_CHOP_CHIT
    CHOP_NG = lib.DD_PG_CHOP_NG
    GEE_JOON = lib.DD_PG_GEE_JOON


class Category(enum.Enum):
    """What makes a two-tile hand: a pair, Wong, Gong, High Nine, or just its points."""
    PAIR = lib.DD_PG_PAIR
    WONG = lib.DD_PG_WONG
    GONG = lib.DD_PG_GONG
    HIGH_NINE = lib.DD_PG_HIGH_NINE
    POINTS = lib.DD_PG_POINTS


class Banking(enum.Enum):
    HOUSE = "house"            # the house is the sole banker (rule 11.1)
    CO_BANKING = "co-banking"  # a player/banker holds the bank with the house (rules (j)-(l))


_OUTCOME_NAMES = {lib.DD_WIN: "win", lib.DD_LOSE: "lose", lib.DD_PUSH: "push"}
_OUTCOME_CODES = {name: code for code, name in _OUTCOME_NAMES.items()}


@dataclass(frozen=True)
class Tile:
    id: int                  # 0-31, in rank order
    face: str                # "3-6"
    pips: tuple[int, int]    # (3, 6)
    kind: Kind
    name: str                # the kind's Chinese name: "Chop Gow"
    rank: int                # individual rank 1-16 (rule 4.4); both tiles of a kind share it
    points: int              # dots mod 10; a Gee Joon tile may count 3 or 6
    is_gee_joon: bool
    copies: int              # tiles with this face in a set: 2, or 1 for a mixed kind
    point_options: tuple[int, ...] = ()  # every value the tile may count: (3, 6) for Gee Joon, else (points,)


def _load_tiles() -> tuple[Tile, ...]:
    info = ffi.new("dd_pg_tile *")
    tiles = []
    for tile_id in range(lib.DD_PG_TILE_COUNT):
        check(lib.dd_pg_tile_info(tile_id, info))
        tiles.append(Tile(
            id=tile_id,
            face=f"{info.low_pips}-{info.high_pips}",
            pips=(info.low_pips, info.high_pips),
            kind=Kind(info.kind),
            name=ffi.string(info.name).decode("ascii"),
            rank=info.kind,
            points=info.points,
            is_gee_joon=bool(info.is_gee_joon),
            copies=info.copies,
            point_options=tuple(info.point_options[i] for i in range(info.point_option_count)),
        ))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _load_tiles()
_IDS_BY_FACE: dict[str, tuple[int, ...]] = {}
for _t in TILES:
    _IDS_BY_FACE[_t.face] = _IDS_BY_FACE.get(_t.face, ()) + (_t.id,)
del _t

Face = str | Tile
Setting = tuple[tuple[str, str], tuple[str, str]]


# Every accepted spelling of a face, both ways round, for a fast lookup before any parsing.
_SPELLINGS = {f"{t.pips[i]}-{t.pips[1 - i]}": t.face for t in TILES for i in (0, 1)}


def _face(face: Face) -> str:
    """The normalised face ("6-3" -> "3-6"), or InvalidTile."""
    known = _SPELLINGS.get(face) if isinstance(face, str) else None
    if known is not None:
        return known
    if isinstance(face, Tile):
        return face.face
    if not isinstance(face, str):
        raise InvalidTile(f"{shown(face)} is not a pai gow tile: write tiles as faces such as '6-6' or '1-3'")
    parts = face.replace(" ", "").split("-") if len(face) <= 16 else []
    # Only ASCII digits: str.isdigit also accepts superscripts and other digits int() cannot read.
    if len(parts) == 2 and all(p.isascii() and p.isdecimal() for p in parts):
        low, high = sorted(int(p) for p in parts)
        normal = f"{low}-{high}"
        if normal in _IDS_BY_FACE:
            return normal
    written = face if len(face) <= 16 and face.isprintable() else shown(face)
    raise InvalidTile(f"{written} is not a pai gow tile")


def tile(face: Face) -> Tile:
    """The tile with this face (the first of the two when a set holds two)."""
    return TILES[_IDS_BY_FACE[_face(face)][0]]


def _too_many(face: str) -> InvalidTile:
    first = tile(face)
    if first.copies == 1:
        return InvalidTile(f"there is only 1 {first.name} tile {face} in a set")
    return InvalidTile(f"there are only {first.copies} {first.name} tiles ({face}) in a set")


def _ids(faces: Iterable[Face]) -> list[int]:
    """Tile ids for faces dealt together from one set: repeated faces take the face's other copy."""
    used: dict[str, int] = {}
    ids = []
    for face in faces:
        normal = _face(face)
        choices = _IDS_BY_FACE[normal]
        taken = used.get(normal, 0)
        if taken >= len(choices):
            raise _too_many(normal)
        ids.append(choices[taken])
        used[normal] = taken + 1
    return ids


def _two(hand_tiles, what: str) -> list:
    if isinstance(hand_tiles, (str, bytes)) or not hasattr(hand_tiles, "__len__") or len(hand_tiles) != 2:
        raise InvalidInput(f"{what} must be two tiles, such as ('6-6', '1-3'), not {shown(hand_tiles)}")
    return list(hand_tiles)


def _setting_faces(setting, what: str) -> list:
    if isinstance(setting, (str, bytes)) or not hasattr(setting, "__len__") or len(setting) != 2:
        raise InvalidInput(f"{what} must be (high hand, low hand), each of two tiles, not {shown(setting)}")
    return _two(setting[0], f"the high hand of {what}") + _two(setting[1], f"the low hand of {what}")


# --------------------------------------------------------------------------------------------- hands

@dataclass(frozen=True)
class Hand:
    tiles: tuple[str, str]   # faces, the higher-ranking tile first
    category: Category
    points: int              # 0-9, Gee Joon at its best
    high: Tile               # the higher-ranking tile
    low: Tile
    rank: int | None         # 1-22 for pairs, Wong, Gong and High Nine (rule 4.2); None otherwise
    value: int               # larger ranks higher, equal values are copies
    label: str               # "Teen Wong", "pair of Day", "Gee Joon pair", "7 (Tit high)"

    def __str__(self) -> str:
        return self.label


def _label(category: Category, points: int, high: Tile) -> str:
    if category is Category.PAIR:
        return "Gee Joon pair" if high.is_gee_joon else f"pair of {high.name}"
    if category is Category.WONG:
        return f"{high.name} Wong"
    if category is Category.GONG:
        return f"{high.name} Gong"
    if category is Category.HIGH_NINE:
        return f"{high.name} High Nine"
    if points == 0:
        return "0 (no ranking)"
    return f"{points} ({high.name} high)"


# A hand's description and a comparison depend on the tiles alone, and a drill dealing hands until they teach a
# lesson asks about the same few hundred again and again (a test judged again asks them all once more): the
# engine's answers are kept, by tile ids (Hand is frozen, so a kept one is safe to share).
@functools.cache       # at most 32 x 32 pairs of tile ids
def _describe(a: int, b: int) -> Hand:
    out = ffi.new("dd_pg_hand *")
    check(lib.dd_pg_hand_describe(a, b, out))
    first, second = (TILES[a], TILES[b]) if a <= b else (TILES[b], TILES[a])
    category = Category(out.category)
    return Hand(
        tiles=(first.face, second.face),
        category=category,
        points=out.points,
        high=first,
        low=second,
        rank=out.named_rank or None,
        value=out.value,
        label=_label(category, out.points, first),
    )


def hand(a: Face, b: Face) -> Hand:
    """Describe the two-tile hand a, b."""
    return _describe(*_ids([a, b]))


def compare(a: Sequence[Face], b: Sequence[Face]) -> int:
    """1 if hand a ranks above hand b, -1 if below, 0 for a copy (the bank would win it, rule 4.6).

    The two hands are ranked in the abstract, so they may hold the same tiles (e.g. two Teen pairs)."""
    a_ids = _ids(_two(a, "the first hand"))
    b_ids = _ids(_two(b, "the second hand"))
    return _compare_ids(a_ids[0], a_ids[1], b_ids[0], b_ids[1])


@functools.lru_cache(maxsize=1 << 16)
def _compare_ids(a0: int, a1: int, b0: int, b1: int) -> int:
    result = ffi.new("int *")
    check(lib.dd_pg_compare(a0, a1, b0, b1, result))
    return result[0]


# ------------------------------------------------------------------------------- settings, matching

def _faces_of(ids) -> tuple[str, str]:
    return (TILES[ids[0]].face, TILES[ids[1]].face)


def settings(tiles4: Sequence[Face]) -> list[Setting]:
    """The 3 ways to set four tiles, each as (high, low) with the high hand not below the low hand."""
    if isinstance(tiles4, (str, bytes)) or not hasattr(tiles4, "__len__") or len(tiles4) != 4:
        raise InvalidInput(f"a pai gow hand is four tiles, not {shown(tiles4)}")
    ids = ffi.new("uint8_t[4]", _ids(tiles4))
    out = ffi.new("dd_pg_setting[3]")
    check(lib.dd_pg_settings(ids, out))
    return [(_faces_of(s.high), _faces_of(s.low)) for s in out]


def _c_setting(ids: list[int], target) -> None:
    target.high[0], target.high[1], target.low[0], target.low[1] = ids


def _illegal(setting_ids: list[int], what: str) -> IllegalSetting:
    high, low = _describe(*setting_ids[:2]), _describe(*setting_ids[2:])
    return IllegalSetting(
        f"{what}: the high hand {' '.join(high.tiles)} ({high.label}) ranks below the low hand "
        f"{' '.join(low.tiles)} ({low.label}); swap them")


def _check_setting_ids(ids: list[int], what: str) -> None:
    c_setting = ffi.new("dd_pg_setting *")
    _c_setting(ids, c_setting)
    status = lib.dd_pg_setting_check(c_setting)
    if status == lib.DD_E_ILLEGAL_SETTING:
        raise _illegal(ids, what)
    check(status)


def check_setting(setting: Setting) -> None:
    """Raise IllegalSetting when the high hand ranks below the low hand (InvalidTile for bad tiles)."""
    _check_setting_ids(_ids(_setting_faces(setting, "the setting")), "illegal setting")


def is_legal(setting: Setting) -> bool:
    """Whether the high hand does not rank below the low hand (bad tiles still raise InvalidTile)."""
    try:
        check_setting(setting)
    except IllegalSetting:
        return False
    return True


def same_ranking(a: Setting, b: Setting) -> bool:
    """Whether two settings of the same four tiles rank exactly alike: the high hands copy each other and
    so do the low hands (rules 4.2-4.5), so the two settings fare the same against every hand. Decided
    by the engine; IllegalSetting for an illegal setting, InvalidInput for settings of different tiles."""
    ids_a = _ids(_setting_faces(a, "the first setting"))
    ids_b = _ids(_setting_faces(b, "the second setting"))
    c_a, c_b = ffi.new("dd_pg_setting *"), ffi.new("dd_pg_setting *")
    _c_setting(ids_a, c_a)
    _c_setting(ids_b, c_b)
    out = ffi.new("int *")
    status = lib.dd_pg_settings_equivalent(c_a, c_b, out)
    if status == lib.DD_E_ILLEGAL_SETTING:
        _check_setting_ids(ids_a, "the first setting is illegal")
        _check_setting_ids(ids_b, "the second setting is illegal")
    check(status, {lib.DD_E_RANGE: "the two settings are not made of the same four tiles"})
    return bool(out[0])


def _match_ids(player: Setting, bank: Setting) -> list[int]:
    return _ids(_setting_faces(player, "the player's setting") + _setting_faces(bank, "the bank's setting"))


def _explain_match_error(ids: list[int], status: int) -> None:
    """Turn the engine's refusal of a match into a message naming the illegal setting."""
    if status == lib.DD_E_ILLEGAL_SETTING:
        _check_setting_ids(ids[:4], "the player's setting is illegal")
        _check_setting_ids(ids[4:], "the bank's setting is illegal")
    check(status)


def outcome(player: Setting, bank: Setting) -> str:
    """The player's wager against the bank (rule 6.1): "win", "lose" or "push"; copies go to the bank."""
    ids = _match_ids(player, bank)
    c_player, c_bank = ffi.new("dd_pg_setting *"), ffi.new("dd_pg_setting *")
    _c_setting(ids[:4], c_player)
    _c_setting(ids[4:], c_bank)
    result = ffi.new("int *")
    status = lib.dd_pg_match(c_player, c_bank, result)
    if status != lib.DD_OK:
        _explain_match_error(ids, status)
    return _OUTCOME_NAMES[result[0]]


def outcomes(matches: Sequence[tuple[Setting, Setting]]) -> list[str]:
    """outcome() for many (player, bank) matches in one call into the engine."""
    matches = require_items(matches, "the matches")
    n = len(matches)
    c_players = ffi.new("dd_pg_setting[]", max(n, 1))
    c_banks = ffi.new("dd_pg_setting[]", max(n, 1))
    all_ids = []
    for i, match in enumerate(matches):
        if not isinstance(match, (tuple, list)) or len(match) != 2:
            raise InvalidInput(f"match {i + 1} must be (player's setting, bank's setting), not {shown(match)}")
        ids = _match_ids(*match)
        c_players[i].high[0], c_players[i].high[1], c_players[i].low[0], c_players[i].low[1] = ids[:4]
        c_banks[i].high[0], c_banks[i].high[1], c_banks[i].low[0], c_banks[i].low[1] = ids[4:]
        all_ids.append(ids)
    results = ffi.new("uint8_t[]", max(n, 1))
    bad_index = ffi.new("size_t *")
    status = lib.dd_pg_match_many(c_players, c_banks, n, results, bad_index)
    if status != lib.DD_OK:
        try:
            _explain_match_error(all_ids[bad_index[0]], status)
        except IllegalSetting as error:
            raise IllegalSetting(f"match {bad_index[0] + 1}: {error}") from None
    return [_OUTCOME_NAMES[code] for code in ffi.unpack(results, n)]


# ---------------------------------------------------------------------------------------------- deal

@dataclass(frozen=True)
class Deal:
    woodpile: list[tuple[str, str, str, str]]  # the 8 stacks in delivery order
    dice: tuple[int, int, int]
    first_box: int                             # the box that received the first stack
    hands: list[tuple[str, str, str, str]]     # hands[0] is box 1's hand ... hands[7] box 8's
    delivered_to: tuple[int, ...] = ()         # delivered_to[i]: the box that received woodpile[i]

    def box_of_stack(self, stack: int) -> int:
        """The box (1-8) that received woodpile stack `stack` (0 = the first stack delivered)."""
        return self.delivered_to[require_int(stack, "the stack", 0, lib.DD_PG_BOXES - 1)]

    def hand_of(self, box: int) -> tuple[str, str, str, str]:
        return self.hands[require_int(box, "the box", 1, lib.DD_PG_BOXES) - 1]


def deal(seed: int | None = None, count_from: int = 1) -> Deal:
    """Shuffle, stack the woodpile, throw three dice and deliver the stacks to the 8 boxes.

    The dice total is counted counter-clockwise with box `count_from` as 1 (the banker's box: box 1 when
    the house banks); that box gets the first stack and the others follow in box order (box numbers rise
    counter-clockwise). `delivered_to` says, stack by stack, which box the engine delivered it to.
    A seed makes the deal repeatable."""
    count_from = require_int(count_from, "the box the dice count starts from", 1, lib.DD_PG_BOXES)
    rng = Rng(seed)
    out = ffi.new("dd_pg_deal *")
    check(lib.dd_pg_deal_tiles(rng._cdata(), count_from, out))

    def faces(stack):
        return tuple(TILES[t].face for t in stack)

    return Deal(
        woodpile=[faces(stack) for stack in out.woodpile],
        dice=tuple(out.dice),
        first_box=out.first_box,
        hands=[faces(stack) for stack in out.hands],
        delivered_to=tuple(out.delivered_to),
    )


# ---------------------------------------------------------------------------------------- settlement

@dataclass(frozen=True)
class WagerResult:
    amount: int       # cents
    outcome: str      # "win" | "lose" | "push"
    paid: int         # handed to a winner beside the wager: even money less commission
    commission: int   # taken by the house from a winner
    net: int          # the player's gain (+) or loss (-)


@dataclass(frozen=True)
class Settlement:
    """A settled table; every amount in cents. See core_c/src/paigow_settle.c for the decisions taken
    where the Gazette text is silent (player commission goes to the house, the odd cent of a split goes
    to the co-banker)."""
    banking: Banking
    results: list[WagerResult]
    collected: int             # losing wagers
    winnings: int              # even money owed to the winners before commission
    paid: int                  # handed to the winners (winnings less their commission)
    player_commission: int
    co_banker_commission: int
    commission: int            # all commission taken (kept by the house)
    remainder: int             # co-banking: losing wager area left after paying the winners
    shortfall: int             # co-banking: what the losing wager area could not cover
    house_share: int           # co-banking: the house's half
    co_banker_share: int       # co-banking: the co-banker's half before his commission
    to_float: int              # co-banking: the house's half plus its original wager
    co_banker_returned: int    # co-banking: handed back to the co-banker
    co_banker_net: int
    house_net: int             # the house's gain, commission included


def _rules(co_banker_wager, commission_bp, rounding_unit, rounding):
    rules = ffi.new("dd_pg_settle_rules *")
    check(lib.dd_pg_settle_defaults(rules))
    if co_banker_wager is not None:
        rules.banking = lib.DD_PG_CO_BANKING
        rules.co_banker_wager = require_int(co_banker_wager, "the co-banker's wager (cents)", 0, MAX_AMOUNT)
    rules.commission_bp = require_int(commission_bp, "the commission rate (basis points)", 0,
                                      _commission.MAX_BP)
    rules.rounding_unit = require_int(rounding_unit, "the rounding unit (cents)", 1, _commission.MAX_UNIT)
    rules.rounding = _commission.rounding_code(rounding)
    return rules


def commission(amount: int, *, commission_bp: int = DEFAULT_COMMISSION_BP, rounding_unit: int = 1,
               rounding: Rounding | str = Rounding.PLAYER) -> int:
    """The commission, in cents, on a win of `amount` cents."""
    rules = _rules(None, commission_bp, rounding_unit, rounding)
    out = ffi.new("int64_t *")
    check(lib.dd_pg_commission(require_int(amount, "the amount won (cents)", 0, MAX_AMOUNT), rules, out))
    return out[0]


def settle(wagers: Sequence[tuple[int, str]], *, co_banker_wager: int | None = None,
           commission_bp: int = DEFAULT_COMMISSION_BP, rounding_unit: int = 1,
           rounding: Rounding | str = Rounding.PLAYER) -> Settlement:
    """Settle a table of wagers, each (amount in cents, "win" | "lose" | "push").

    With co_banker_wager=None the house is the sole banker (rule 11.1); otherwise a player/banker
    co-banks with the house, who matches his wager (rules (j)-(l)). Winners are paid even money less
    commission (commission_bp basis points, rounded to rounding_unit cents as `rounding` says)."""
    rules = _rules(co_banker_wager, commission_bp, rounding_unit, rounding)
    wagers = require_items(wagers, "the wagers", MAX_WAGERS + 1)
    if len(wagers) > MAX_WAGERS:
        raise InvalidInput(f"a table settles at most {MAX_WAGERS} wagers, not {len(wagers)}")
    c_wagers = ffi.new("dd_pg_wager[]", max(len(wagers), 1))
    for i, wager in enumerate(wagers):
        number = i + 1
        if isinstance(wager, (str, bytes)) or not hasattr(wager, "__len__") or len(wager) != 2:
            raise InvalidInput(f"wager {number} must be (amount in cents, outcome), not {shown(wager)}")
        amount, result = wager
        c_wagers[i].amount = require_int(amount, f"the amount of wager {number} (cents)", 0, MAX_AMOUNT)
        if not isinstance(result, str) or result not in _OUTCOME_CODES:
            raise InvalidInput(
                f"the outcome of wager {number} must be 'win', 'lose' or 'push', not {shown(result)}")
        c_wagers[i].outcome = _OUTCOME_CODES[result]
    c_results = ffi.new("dd_pg_wager_result[]", max(len(wagers), 1))
    summary = ffi.new("dd_pg_settlement *")
    status = lib.dd_pg_settle(c_wagers, len(wagers), rules, c_results, summary)
    if status == lib.DD_E_BANK_SHORT:
        raise BankShort(
            f"the co-banking wager ({2 * rules.co_banker_wager} cents: the co-banker's and the house's) "
            f"cannot cover a shortfall of {summary.shortfall} cents: winners are owed "
            f"{summary.winnings} cents and the losing wagers hold {summary.collected} cents")
    check(status)
    results = [
        WagerResult(amount=w[0], outcome=w[1], paid=r.paid, commission=r.commission, net=r.net)
        for w, r in zip(wagers, c_results)
    ]
    fields = ("collected", "winnings", "paid", "player_commission", "co_banker_commission", "commission",
              "remainder", "shortfall", "house_share", "co_banker_share", "to_float",
              "co_banker_returned", "co_banker_net", "house_net")
    return Settlement(
        banking=Banking.HOUSE if co_banker_wager is None else Banking.CO_BANKING,
        results=results,
        **{name: getattr(summary, name) for name in fields},
    )


# House ways live in their own module (data files compiled for the C interpreter); the names in
# houseway.py's docstring are part of this module's public API.
from .houseway import (  # noqa: E402  (houseway imports this module lazily, so no cycle)
    Analysis as Analysis,
    HouseWayError as HouseWayError,
    HouseWaySetting as HouseWaySetting,
    analyze as analyze,
    bank_setting_values as bank_setting_values,
    describe_house_way as describe_house_way,
    house_way as house_way,
    house_way_many as house_way_many,
    house_ways as house_ways,
    load_house_way as load_house_way,
    setting_values as setting_values,
    unload_house_way as unload_house_way,
)
