"""Baccarat and Mini Baccarat (punto banco): card values, the table of play, coups, the shoe, exact odds,
simulation and settlement.

Every rule is decided by the C engine (core_c/src/baccarat.c, baccarat_shoe.c); this module checks the
input, turns C codes into Python values and C errors into exceptions a person can read. Rule numbers
refer to the NZ Gazette Mini Baccarat rules (1998 No. 10): Table 2 and rules 9.5-9.9.

Cards are ranks 1-13 (1 = ace, 11-13 = jack, queen, king) wherever only the point value matters; cards
dealt from a shoe also carry their suit (`Card`).
"""
from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from . import commission as _commission
from ._engine import ffi, lib
from ._errors import EngineError, InvalidCard, InvalidInput, check, require_int, require_items, shown
from .commission import Rounding

__all__ = [
    "Burn", "CARD_CODES", "Card", "Coup", "Rounding", "Settlement", "Shoe", "ShoeState", "SimulationResult",
    "BIG_TABLE_SEATS", "Role", "RoleWager", "Suit", "banker_draws", "big_table_role", "box_commission",
    "card_code", "card_value", "coup", "exact_counts", "exact_ways", "is_natural", "player_draws",
    "point_count", "settle", "shoe_codes", "simulate", "tie_odds_supported",
]

MIN_DECKS = lib.DD_BAC_MIN_DECKS
MAX_DECKS = lib.DD_BAC_MAX_DECKS
DEFAULT_DECKS = lib.DD_BAC_DEFAULT_DECKS
MIN_CUT_FROM_END = lib.DD_BAC_MIN_CUT_FROM_END
DEFAULT_CUT_FROM_END = 14          # the common 14-16 cards behind the cutting card
MAX_AMOUNT = lib.DD_BAC_MAX_AMOUNT
MAX_SIMULATED_SHOES = 10**9        # about an hour of work; larger requests are almost certainly mistakes
MAX_SEQUENCE = 64                  # ranks accepted for one coup (it never uses more than 6)

WINNERS = ("player", "banker", "tie")
_SIDE_CODES = {"player": lib.DD_BAC_PLAYER, "banker": lib.DD_BAC_BANKER, "tie": lib.DD_BAC_TIE}
_SIDE_NAMES = {code: name for name, code in _SIDE_CODES.items()}
_RESULT_NAMES = {lib.DD_WIN: "win", lib.DD_LOSE: "lose", lib.DD_PUSH: "push"}
_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _bad_rank_message(rank) -> str:
    return f"{shown(rank)} is not a card rank (1 = ace ... 13 = king)"


class Suit(enum.IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


class Card(NamedTuple):
    """A card from a shoe: rank 1-13 (1 = ace, 13 = king) and suit."""
    rank: int
    suit: Suit

    @property
    def code(self) -> int:
        """The engine's card code of this card, 0 to 51."""
        return card_code(self.rank, self.suit)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this engine card code (0 to 51)."""
        if type(code) is int and 0 <= code < CARD_CODES:
            return _CARD_OF_CODE[code]          # the engine's answers, asked once (a shoe has 416 of them)
        code = require_int(code, "a card code", 0, CARD_CODES - 1)
        return _CARD_OF_CODE[code]

    @classmethod
    def _decoded_by_engine(cls, code: int) -> Card:
        rank, suit = ffi.new("int *"), ffi.new("int *")
        check(lib.dd_bac_card_of_code(code, rank, suit))
        return cls(rank[0], Suit(suit[0]))

    def __str__(self) -> str:
        # A Card checks nothing when it is made, so one that cannot exist still prints (messages name it).
        rank, suit = self.rank, self.suit
        if type(rank) is int and 1 <= rank <= 13 and isinstance(suit, int) and not isinstance(suit, bool) \
                and 0 <= suit <= 3:
            return f"{_RANK_NAMES.get(rank, str(rank))} of {Suit(suit).name.lower()}"
        return f"Card(rank={shown(rank)}, suit={shown(suit)})"


CARD_CODES = lib.DD_BAC_CARD_CODES
_CARD_OF_CODE = tuple(Card._decoded_by_engine(code) for code in range(CARD_CODES))


def card_code(rank: int, suit) -> int:
    """The engine's card code (0-51) of a rank 1-13 and a suit (Suit or 0-3)."""
    rank = require_int(rank, "a card rank", 1, 13)
    suit = require_int(int(suit) if isinstance(suit, Suit) else suit, "a suit", 0, 3)
    out = ffi.new("int *")
    check(lib.dd_bac_card_code(rank, suit, out))
    return out[0]


def shoe_codes(decks: int) -> list[int]:
    """The card codes of a whole shoe of `decks` decks in new-deck order (each code once per deck)."""
    decks = require_int(decks, "the number of decks", MIN_DECKS, MAX_DECKS)
    return [code for _ in range(decks) for code in range(CARD_CODES)]


class ShoeState(enum.Enum):
    NEEDS_SHUFFLE = lib.DD_BAC_SHOE_NEEDS_SHUFFLE
    BURN_DUE = lib.DD_BAC_SHOE_BURN_DUE
    DEALING = lib.DD_BAC_SHOE_DEALING
    LAST_COUP_NEXT = lib.DD_BAC_SHOE_LAST_COUP_NEXT   # the cutting card came out during a round (9.8)
    FINISHED = lib.DD_BAC_SHOE_FINISHED


@dataclass(frozen=True)
class Coup:
    """One coup. `player` and `banker` are the ranks dealt to each hand, in order."""
    player: list
    banker: list
    player_total: int
    banker_total: int
    winner: str                  # "player", "banker" or "tie"
    natural: bool                # either hand had a natural: both stood on two cards
    cards_used: int              # 4, 5 or 6
    # Only for coups dealt from a Shoe:
    player_cards: tuple = ()     # Card(rank, suit) in the order dealt
    banker_cards: tuple = ()
    last_coup: bool = False      # the last coup of the shoe (rules 9.8, 9.9)
    cut_card_out: bool = False   # the cutting card came out just before or during this coup


class Burn(NamedTuple):
    exposed: Card                # the first card, shown; its value says how many to burn
    burned: list                 # the cards burned after it (10 for a ten or a face card)


@dataclass(frozen=True)
class SimulationResult:
    shoes: int
    coups: int
    banker_wins: int
    player_wins: int
    ties: int
    naturals: int
    player_draws: int
    banker_draws: int
    cards_dealt: int
    cards_burned: int
    shoes_ended_by_9_9: int      # the cutting card came out as the first card of a round

    def fraction(self, winner: str) -> float:
        """The share of coups won by "player", "banker" or "tie"."""
        counts = {"player": self.player_wins, "banker": self.banker_wins, "tie": self.ties}
        if not isinstance(winner, str) or winner not in counts:
            raise InvalidInput(f"{shown(winner)} is not an outcome (player, banker or tie)")
        return counts[winner] / self.coups if self.coups else 0.0


class Settlement(NamedTuple):
    result: str                  # "win", "lose" or "push"
    winnings: int                # paid at the odds, before commission; 0 unless won
    commission: int              # taken from a winning Banker wager
    net: int                     # what the player gains: winnings - commission, -amount if lost, 0 on push
    paid: int = 0                # handed over now: less the commission at payment, in full with a box
    marked: int = 0              # commission marked in the seat's commission box (0 at payment)


COLLECTIONS = ("payment", "box")
_COLLECTION_CODES = {"payment": lib.DD_BAC_COLLECT_AT_PAYMENT, "box": lib.DD_BAC_COLLECT_IN_BOX}


# ---- cards and the table of play ------------------------------------------------------------------------

def _rank_byte(card) -> int:
    """A rank (or a Card's rank) as a byte for the engine; anything outside a byte becomes 0 so the engine
    rejects it."""
    if isinstance(card, Card):
        card = card.rank
    if isinstance(card, (bool, Card)):
        raise InvalidCard(_bad_rank_message(card))
    try:
        rank = operator.index(card)
    except TypeError:
        raise InvalidCard(_bad_rank_message(card)) from None
    return rank if 0 <= rank <= 255 else 0


def card_value(rank: int) -> int:
    """Point value of a rank: ace 1, 2-9 face value, 10/J/Q/K 0."""
    out = ffi.new("int *")
    check(lib.dd_bac_card_value(_rank_byte(rank), out), {lib.DD_E_BAD_CARD: _bad_rank_message(rank)})
    return out[0]


def point_count(ranks: Sequence[int]) -> int:
    """A hand's point count: the last digit of the sum of its values."""
    ranks = require_items(ranks, "a hand", MAX_SEQUENCE)
    raw = [_rank_byte(r) for r in ranks]
    out = ffi.new("int *")
    status = lib.dd_bac_point_count(ffi.new("uint8_t[]", raw or [0]), len(raw), out)
    if status == lib.DD_E_BAD_CARD:
        raise InvalidCard(_bad_rank_message(_first_bad(ranks, raw)))
    check(status)
    return out[0]


def _total(total, what: str) -> int:
    total = require_int(total, what)
    return total if 0 <= total <= 9 else -1


def _total_message(total, what: str) -> str:
    return f"{what} must be a point count from 0 to 9, not {shown(total)}"


def is_natural(two_card_total: int) -> bool:
    """Whether a two-card point count is a natural (8 or 9)."""
    out = ffi.new("int *")
    what = "a two-card total"
    check(lib.dd_bac_is_natural(_total(two_card_total, what), out),
          {lib.DD_E_RANGE: _total_message(two_card_total, what)})
    return bool(out[0])


def player_draws(total: int) -> bool:
    """Whether the Player's Hand draws a third card on this two-card point count (0-5 draw)."""
    out = ffi.new("int *")
    what = "the Player's two-card total"
    check(lib.dd_bac_player_draws(_total(total, what), out), {lib.DD_E_RANGE: _total_message(total, what)})
    return bool(out[0])


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the Banker's Hand draws, given the VALUE (0-9) of the Player's third card, or None when the
    Player stood (rule 9.5). Table 2 of the Mini Baccarat rules; naturals (8, 9) never draw."""
    out = ffi.new("int *")
    what = "the Banker's two-card total"
    banker = _total(banker_total, what)
    if banker < 0:
        raise InvalidInput(_total_message(banker_total, what))
    if player_third is None:
        third = lib.DD_BAC_PLAYER_STOOD
    else:
        third = require_int(player_third, "the Player's third card value")
        if not 0 <= third <= 9:
            raise InvalidInput(
                f"the Player's third card value must be 0 to 9 (a point value, see card_value), "
                f"or None when the Player stood, not {shown(player_third)}")
    check(lib.dd_bac_banker_draws(banker, third, out))
    return bool(out[0])


# ---- coups -------------------------------------------------------------------------------------------------

def _first_bad(cards, raw) -> object:
    for original, byte in zip(cards, raw):
        if not 1 <= byte <= 13:
            return original
    return raw[0] if raw else None


def _coup_from_c(c, extra: dict | None = None) -> Coup:
    return Coup(
        player=list(c.player[0:c.player_count]),
        banker=list(c.banker[0:c.banker_count]),
        player_total=c.player_total,
        banker_total=c.banker_total,
        winner=_SIDE_NAMES[c.winner],
        natural=bool(c.natural),
        cards_used=c.cards_used,
        **(extra or {}),
    )


def coup(cards: Sequence[int]) -> Coup:
    """Resolve a coup from ranks (1-13, or Cards) in dealing order: Player, Banker, Player, Banker, then
    the third cards the table of play calls for. Extra cards after the coup are ignored."""
    try:
        cards = require_items(cards, "the cards of a coup", MAX_SEQUENCE)
    except InvalidInput:
        if isinstance(cards, (list, tuple)):
            raise InvalidInput(f"a coup uses at most 6 cards; {len(cards)} were given") from None
        raise
    raw = [_rank_byte(c) for c in cards]
    out = ffi.new("dd_bac_coup *")
    status = lib.dd_bac_coup_resolve(ffi.new("uint8_t[]", raw or [0]), len(raw), out)
    if status == lib.DD_E_BAD_CARD:
        raise InvalidCard(_bad_rank_message(_first_bad(cards, raw)))
    check(status, {lib.DD_E_SHORT_SEQUENCE:
                   f"{len(cards)} cards are not enough to finish this coup: it needs the 4 of the deal "
                   f"and then any third cards the table of play calls for"})
    return _coup_from_c(out)


# ---- exact odds --------------------------------------------------------------------------------------------

def _exact(decks) -> object:
    decks = require_int(decks, "the number of decks", MIN_DECKS, MAX_DECKS)
    out = ffi.new("dd_bac_ways *")
    check(lib.dd_bac_exact_ways(decks, out))
    return out


def exact_ways(decks: int) -> dict:
    """Ordered ways for "banker", "player" and "tie" over the first 6 cards of a shoe of `decks` decks,
    without replacement, all 6 cards always counted."""
    out: Any = _exact(decks)                # a cdata struct: its fields are read by name
    return {"banker": out.banker, "player": out.player, "tie": out.tie}


def exact_counts(decks: int) -> dict:
    """exact_ways plus "total" (M(M-1)...(M-5), M = 52 * decks), "natural" (either hand has one),
    "player_draws" and "banker_draws" (a third card is dealt to that hand)."""
    out = _exact(decks)
    return {name: getattr(out, name)
            for name in ("banker", "player", "tie", "total", "natural", "player_draws", "banker_draws")}


# ---- the shoe ----------------------------------------------------------------------------------------------

def _seed_args(seed):
    if seed is None:
        return 0, 0
    return 1, require_int(seed, "the seed", 0, 2**64 - 1)


def _cut_message(decks: int, cut_from_end) -> str:
    return (f"the cutting card must have {MIN_CUT_FROM_END} to {52 * decks - lib.DD_BAC_MAX_BURN} cards "
            f"behind it in a shoe of {decks} deck(s), not {shown(cut_from_end)}: with fewer a last coup could run "
            f"out of cards, with more the burn could reach it")


def _check_cut(decks: int, cut_from_end) -> int:
    cut = require_int(cut_from_end, "the cutting card position (cards from the end)")
    return cut if -2**31 < cut < 2**31 else -1


_SHOE_MESSAGES = {
    lib.DD_E_SHOE_FINISHED: "the last coup of this shoe has been dealt: reshuffle before dealing again",
}


class Shoe:
    """A shoe of 1-8 decks with a cutting card `cut_from_end` cards from the end, shuffled on creation.

    With burn=True, call burn() after every shuffle before dealing (the first card is exposed and that
    many cards burned; a ten or face card burns 10). deal() gives coup after coup; when the cutting card
    comes out the shoe follows rules 9.8 and 9.9 and after the last coup refuses to deal (ShoeFinished)
    until shuffle() is called. A seed makes every shuffle of this shoe repeatable.
    """

    def __init__(self, decks: int = DEFAULT_DECKS, cut_from_end: int = DEFAULT_CUT_FROM_END,
                 burn: bool = True, seed: int | None = None):
        decks = require_int(decks, "the number of decks", MIN_DECKS, MAX_DECKS)
        cut = _check_cut(decks, cut_from_end)
        seeded, seed_value = _seed_args(seed)
        self._shoe = ffi.new("dd_bac_shoe *")
        check(lib.dd_bac_shoe_init(self._shoe, decks, cut, 1 if burn else 0, seeded, seed_value),
              {lib.DD_E_CUT_POSITION: _cut_message(decks, cut_from_end)})
        self.shuffle()

    # settings
    @property
    def decks(self) -> int:
        return self._shoe.decks

    @property
    def size(self) -> int:
        return self._shoe.size

    @property
    def cut_from_end(self) -> int:
        return self._shoe.cut_from_end

    @property
    def burns(self) -> bool:
        """Whether this shoe burns cards after each shuffle."""
        return bool(self._shoe.burn)

    # state
    @property
    def state(self) -> ShoeState:
        return ShoeState(self._shoe.state)

    @property
    def finished(self) -> bool:
        return self.state is ShoeState.FINISHED

    @property
    def remaining(self) -> int:
        """Cards still in the shoe."""
        return self._shoe.size - self._shoe.next

    @property
    def discarded(self) -> int:
        """Cards in the discard rack: the burn and the cards of collected rounds."""
        return self._shoe.discarded

    @property
    def on_table(self) -> int:
        """Cards of the last round still on the layout (collected by the next deal or collect())."""
        return self._shoe.on_table

    @property
    def cut_card_out(self) -> bool:
        return bool(self._shoe.cut_card_out)

    # actions
    def shuffle(self) -> None:
        """Gather every card and shuffle the whole shoe."""
        check(lib.dd_bac_shoe_shuffle(self._shoe))

    def load(self, cards: Sequence[Card | int]) -> None:
        """Stack the shoe in this exact order (Cards or card codes 0-51) instead of shuffling: a whole
        shoe, each card exactly once per deck. For drills that must show a particular situation."""
        items = require_items(cards, "the cards to load", 52 * MAX_DECKS)
        if all(type(card) is int for card in items):     # card codes, as drills stack a shoe: no per-card calls
            codes = [code if 0 <= code <= 255 else 255 for code in cast("list[int]", items)]
        else:
            codes = []
            for card in items:
                if isinstance(card, Card):
                    codes.append(card.code)
                else:
                    code = require_int(card, "a card code")
                    codes.append(code if 0 <= code <= 255 else 255)
        if len(codes) != self.size:
            raise InvalidInput(f"a shoe of {self.decks} deck(s) holds {self.size} cards, not {len(codes)}")
        check(lib.dd_bac_shoe_load(self._shoe, ffi.new("uint8_t[]", codes), len(codes)), {
            lib.DD_E_BAD_CARD: f"card codes run from 0 to {CARD_CODES - 1} (see Card.code)",
            lib.DD_E_RANGE: f"each card must appear exactly {self.decks} time(s) in a shoe of {self.decks} deck(s)",
        })

    def burn(self) -> Burn:
        """Expose the first card and burn as many cards as its value (10 for a ten or a face card)."""
        if not self.burns:
            raise EngineError("this shoe is set up without a burn")
        exposed = ffi.new("uint8_t *")
        burned = ffi.new("uint8_t[]", lib.DD_BAC_MAX_BURN)
        count = ffi.new("size_t *")
        check(lib.dd_bac_shoe_burn(self._shoe, exposed, burned, lib.DD_BAC_MAX_BURN, count), {
            lib.DD_E_STATE: "the burn is made once, straight after the shuffle"
                            if self.state is not ShoeState.NEEDS_SHUFFLE else "shuffle the shoe first",
        })
        return Burn(Card.from_code(exposed[0]), [Card.from_code(burned[i]) for i in range(count[0])])

    def deal(self) -> Coup:
        """Deal the next coup; the previous round's cards go to the discard rack first."""
        out = ffi.new("dd_bac_round *")
        state_message = ("burn the first card before dealing" if self.state is ShoeState.BURN_DUE
                         else "shuffle the shoe before dealing")
        check(lib.dd_bac_shoe_deal(self._shoe, out),
              {**_SHOE_MESSAGES, lib.DD_E_STATE: state_message})
        c = out.coup
        return _coup_from_c(c, {
            "player_cards": tuple(Card.from_code(out.player_cards[i]) for i in range(c.player_count)),
            "banker_cards": tuple(Card.from_code(out.banker_cards[i]) for i in range(c.banker_count)),
            "last_coup": bool(out.last_coup),
            "cut_card_out": bool(out.cut_card_out),
        })

    def collect(self) -> None:
        """Move the last round's cards from the layout to the discard rack."""
        check(lib.dd_bac_shoe_collect(self._shoe))

    def __repr__(self) -> str:
        return (f"Shoe(decks={self.decks}, cut_from_end={self.cut_from_end}, state={self.state.name}, "
                f"remaining={self.remaining})")


# ---- simulation --------------------------------------------------------------------------------------------

def simulate(shoes: int, decks: int = DEFAULT_DECKS, seed: int | None = None,
             cut_from_end: int = DEFAULT_CUT_FROM_END, burn: bool = True) -> SimulationResult:
    """Play `shoes` whole shoes (shuffle, burn, deal to the last coup) in C and count the outcomes."""
    shoes = require_int(shoes, "the number of shoes", 0, MAX_SIMULATED_SHOES)
    decks = require_int(decks, "the number of decks", MIN_DECKS, MAX_DECKS)
    cut = _check_cut(decks, cut_from_end)
    seeded, seed_value = _seed_args(seed)
    out = ffi.new("dd_bac_sim_result *")
    check(lib.dd_bac_simulate(shoes, decks, cut, 1 if burn else 0, seeded, seed_value, out),
          {lib.DD_E_CUT_POSITION: _cut_message(decks, cut_from_end)})
    return SimulationResult(**{name: getattr(out, name) for name in SimulationResult.__dataclass_fields__})


# ---- settlement --------------------------------------------------------------------------------------------

def tie_odds_supported(odds) -> bool:
    """Whether a Tie may pay these odds ("x to 1") under the rules the engine implements."""
    if isinstance(odds, bool) or not isinstance(odds, int):
        return False
    return -2**31 <= odds < 2**31 and lib.dd_bac_tie_odds_check(odds) == lib.DD_OK


def _tie_odds(tie_odds) -> int:
    odds = require_int(tie_odds, "the tie odds")
    if not tie_odds_supported(odds):
        raise InvalidInput(f"a Tie pays {lib.DD_BAC_MIN_TIE_ODDS} or {lib.DD_BAC_MAX_TIE_ODDS} to 1, "
                           f"not {shown(odds)} to 1")
    return odds


def _winner_code(coup_or_winner) -> int:
    winner = coup_or_winner.winner if isinstance(coup_or_winner, Coup) else coup_or_winner
    if not isinstance(winner, str) or winner.lower() not in _SIDE_CODES:
        raise InvalidInput(f"the winner must be a Coup or one of player, banker, tie; not {shown(winner)}")
    return _SIDE_CODES[winner.lower()]


def _settle_rules(tie_odds, commission_rate, rounding_unit, rounding, collection):
    """The engine's dd_bac_settle_rules, every value checked with a readable message."""
    odds = _tie_odds(tie_odds)
    unit = require_int(rounding_unit, "the rounding unit", 1, _commission.MAX_UNIT)
    rounding = _commission.rounding_code(rounding)
    if not isinstance(collection, str) or collection not in _COLLECTION_CODES:
        raise InvalidInput(f"the commission is collected at \"payment\" or in the \"box\", not {shown(collection)}")
    return ffi.new("dd_bac_settle_rules *", {
        "tie_odds": odds, "commission_bp": _commission.basis_points(commission_rate),
        "rounding_unit": unit, "rounding": rounding,
        "collection": _COLLECTION_CODES[collection],
    })


def settle(bets: Iterable[tuple], coup_or_winner: Coup | str, tie_odds: int = 8,
           commission_rate=0.05, rounding_unit: int = 1,
           rounding: Rounding | str = Rounding.PLAYER, collection: str = "payment") -> list:
    """Settle wagers [(side, amount in cents), ...] (side "player", "banker" or "tie") against a coup.

    Player pays 1:1; Banker 1:1 less `commission_rate` of the wager, rounded to a multiple of
    `rounding_unit` cents (`rounding`: in the player's favour by default); Tie pays `tie_odds` (8 or 9)
    to 1, and Player and Banker wagers push on a tie. `collection` says when the house takes the Banker
    commission: "payment" (off the payment) or "box" (marked in the seat's commission box); each
    Settlement's .paid and .marked say what is handed over now and what is marked. Returns a Settlement
    per wager, in order.
    """
    winner = _winner_code(coup_or_winner)
    rules = _settle_rules(tie_odds, commission_rate, rounding_unit, rounding, collection)
    bets = require_items(bets, "the wagers")
    wagers = ffi.new("dd_bac_wager[]", max(len(bets), 1))
    amounts = []
    for i, bet in enumerate(bets):
        try:
            side, amount = bet
        except (TypeError, ValueError):
            raise InvalidInput(f"wager {i + 1}: a wager is a pair (side, amount), not {shown(bet)}") from None
        if not isinstance(side, str) or side.lower() not in _SIDE_CODES:
            raise InvalidInput(f"wager {i + 1}: {shown(side)} is not a side (player, banker or tie)")
        amount = require_int(amount, f"wager {i + 1}: the amount")
        amounts.append(amount)
        wagers[i].side = _SIDE_CODES[side.lower()]
        # Out-of-range amounts are clamped to values the engine rejects with the right code.
        wagers[i].amount = max(min(amount, MAX_AMOUNT + 1), -1)
    out = ffi.new("dd_bac_payout[]", max(len(bets), 1))
    bad = ffi.new("size_t *")
    status = lib.dd_bac_settle(wagers, len(bets), winner, rules, out, bad)
    if status != lib.DD_OK:
        i = bad[0]
        amount = amounts[i] if i < len(amounts) else None
        check(status, {
            lib.DD_E_BAD_AMOUNT: f"wager {i + 1}: an amount must be at least 1 cent, not {shown(amount)}",
            lib.DD_E_OVERFLOW: f"wager {i + 1}: {shown(amount)} cents is more than the largest wager the engine "
                               f"settles ({MAX_AMOUNT})",
        })
    return [Settlement(_RESULT_NAMES[out[i].result], out[i].winnings, out[i].commission, out[i].net,
                       out[i].paid, out[i].marked)
            for i in range(len(bets))]


def box_commission(banker_wins: Iterable[int], commission_rate=0.05, rounding_unit: int = 1,
                   rounding: Rounding | str = Rounding.PLAYER) -> int:
    """The commission a seat's commission box holds after winning Banker wagers `banker_wins` (cents):
    each win is marked exactly and the box is collected once, so the rounding applies once."""
    rules = _settle_rules(8, commission_rate, rounding_unit, rounding, "box")
    given = [require_int(amount, f"Banker win {i + 1}")
             for i, amount in enumerate(require_items(banker_wins, "the Banker wins"))]
    # Out-of-range amounts are clamped to values the engine rejects with the right code.
    amounts = [max(min(amount, MAX_AMOUNT + 1), -1) for amount in given]
    owed = ffi.new("int64_t *")
    bad = ffi.new("size_t *")
    status = lib.dd_bac_box_commission(ffi.new("int64_t[]", amounts or [0]), len(amounts), rules, owed, bad)
    if status != lib.DD_OK:
        i = bad[0]
        check(status, {
            lib.DD_E_BAD_AMOUNT: f"Banker win {i + 1}: an amount must be at least 1 cent, not {shown(given[i])}",
            lib.DD_E_OVERFLOW: f"the Banker wins add up to more than the engine settles ({MAX_AMOUNT} cents)",
        })
    return owed[0]


# ---- the big table: who handles the cards (rules 8.8, 8.9, 8.16) -----------------------------------------

BIG_TABLE_SEATS = lib.DD_BAC_BIG_TABLE_SEATS
MAX_ROLE_WAGERS = lib.DD_BAC_MAX_ROLE_WAGERS


class RoleWager(NamedTuple):
    """A seated player's wager at the big table: seat 1-14, side "player" / "banker" / "tie", amount in
    cents, and whether the player declines to handle that hand's cards."""
    seat: int
    side: str
    amount: int
    declines: bool = False


@dataclass(frozen=True)
class Role:
    """Who handles a hand's cards at the big table."""
    hand: str                  # "player" or "banker"
    seat: int | None           # the seat that takes the role; None when the dealer acts for the hand
    offered: tuple             # the seats offered the role, in the order the rules offer it
    rule: str                  # the rule that decides: 8.8 (Banker), 8.9 (Player), 8.16 (the dealer)

    @property
    def dealer_acts(self) -> bool:
        return self.seat is None


def big_table_role(wagers: Iterable, hand: str) -> Role:
    """Who handles the `hand` ("player" or "banker") at the big table, decided by the engine: the highest
    wager on that hand whose player accepts (equal wagers: the lower seat first); the dealer when nobody
    wagers on the hand or everyone declines (rule 8.16). Wagers are RoleWagers or (seat, side, amount[,
    declines]) tuples; a player may not back both the Player and the Banker."""
    if not isinstance(hand, str) or hand.lower() not in ("player", "banker"):
        raise InvalidInput(f"the role is the Player's or the Banker's hand, not {shown(hand)}")
    wagers = require_items(wagers, "the wagers", MAX_ROLE_WAGERS + 1)
    if len(wagers) > MAX_ROLE_WAGERS:
        raise InvalidInput(f"at most {MAX_ROLE_WAGERS} wagers can be considered at once, not {len(wagers)}")
    c_wagers = ffi.new("dd_bac_seat_wager[]", max(len(wagers), 1))
    given = []
    for i, wager in enumerate(wagers):
        try:
            wager = RoleWager(*wager)
        except TypeError:
            raise InvalidInput(f"wager {i + 1}: a wager is (seat, side, amount[, declines]), "
                               f"not {shown(wager)}") from None
        seat = require_int(wager.seat, f"wager {i + 1}: the seat")
        amount = require_int(wager.amount, f"wager {i + 1}: the amount")
        if not isinstance(wager.side, str) or wager.side.lower() not in _SIDE_CODES:
            raise InvalidInput(f"wager {i + 1}: {shown(wager.side)} is not a side (player, banker or tie)")
        if not isinstance(wager.declines, bool):
            raise InvalidInput(f"wager {i + 1}: declines is True or False, not {shown(wager.declines)}")
        given.append(RoleWager(seat, wager.side.lower(), amount, wager.declines))
        # Values outside the engine's fields are clamped to values it refuses with the right code.
        c_wagers[i].seat = seat if 0 <= seat <= BIG_TABLE_SEATS else -1
        c_wagers[i].side = _SIDE_CODES[wager.side.lower()]
        c_wagers[i].amount = max(min(amount, MAX_AMOUNT + 1), -1)
        c_wagers[i].declines = int(wager.declines)
    seat = ffi.new("int32_t *")
    order = ffi.new("int32_t[]", max(len(wagers), 1))
    offered = ffi.new("size_t *")
    bad = ffi.new("size_t *")
    status = lib.dd_bac_big_table_role(c_wagers, len(wagers), _SIDE_CODES[hand.lower()], seat, order,
                                       max(len(wagers), 1), offered, bad)
    if status != lib.DD_OK:
        i = bad[0]
        if i < len(given):
            w = given[i]
            check(status, {
                lib.DD_E_RANGE: (f"wager {i + 1}: seat {shown(w.seat)} " +
                                 (f"is not a seat of the big table (1-{BIG_TABLE_SEATS})"
                                  if not 1 <= w.seat <= BIG_TABLE_SEATS else
                                  "already has a wager on that hand or backs both the Player and the Banker, "
                                  "which a player may not do")),
                lib.DD_E_BAD_AMOUNT: f"wager {i + 1}: an amount must be at least 1 cent, not {shown(w.amount)}",
                lib.DD_E_OVERFLOW: (f"wager {i + 1}: {shown(w.amount)} cents is more than the engine handles "
                                    f"({MAX_AMOUNT})"),
            })
        check(status)
    taker = None if seat[0] == lib.DD_BAC_DEALER_ACTS else seat[0]
    rule = "8.16" if taker is None else ("8.8" if hand.lower() == "banker" else "8.9")
    return Role(hand.lower(), taker, tuple(order[i] for i in range(offered[0])), rule)
