"""Baccarat and Mini Baccarat drills: the table of play, commission, settling the table, the shoe and the
big-table procedure.

Every answer key comes from dealerdrill.core.baccarat (the C engine): coups are dealt by the engine's Shoe,
draw/stand decisions, winners, burns and the shoe's state after a coup are the engine's, payouts and
commissions come from baccarat.settle. This module only chooses what to ask (stacking a real shoe when a
drill wants a particular Table 2 cell), compares answers and explains them in the project's own words,
citing the Mini Baccarat rules (Table 2, rules 9.5-9.9) and the Baccarat big-table rules 8.8-8.16.

Money: the settings are in dollars; the engine settles cents. Answers are dollar amounts ("12.50", 12.5,
12) or, for the settle drill, "take" / "push" per wager.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from dealerdrill.core import baccarat, commission
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_cents, read_written_amount
from dealerdrill.settings import Settings

from .baccarat_seats import table_seats
from .base import arithmetic_slip, register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, even, level_of
from .situations import same_answer_situation
from .targets import DEFAULT_TARGETS

GAME = "baccarat"
FULL_TABLE_WAGERS = 7   # the "full" settle items put wagers on this many seats (every seat of a mini table)
TOTALS = range(10)
RANKS = range(1, 14)
THIRD_VALUES = range(10)
HARD_BANKER_TOTALS = (3, 4, 5, 6)   # the Table 2 rows that depend on the Player's third card most


# ---- small helpers (presentation and arithmetic only, no game rule) ----------------------------------------

money = format_cents  # $12, $12.50, $1,250: the app's one money format


def parse_money(value, what: str = "the amount") -> int:
    """A dollar amount given as int, float, Decimal or text ("12.50", "$1,012.5") -> cents; ValueError if
    it is not one (never a rewritten reading of what was typed: "1,2", "9,50" or "12-5" are refused; text is
    read as every answer box reads it, dealerdrill.domain.read_written_amount)."""
    plain = f"{what} must be a dollar amount such as 12.50, not {value!r}"
    if isinstance(value, bool):
        raise ValueError(plain)
    if isinstance(value, str):
        try:
            whole, decimals = read_written_amount(value)
        except ValueError as why:
            raise ValueError(f"{what}: {why}") from None
        text = f"{whole or 0}.{decimals or 0}"
    elif isinstance(value, (int, float, Decimal)):
        text = str(value)
    else:
        raise ValueError(plain)
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise ValueError(plain) from None
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"{what} must be a positive dollar amount, not {value!r}")
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{what} has at most 2 decimals (whole cents), not {value!r}")
    return int(cents)


def _spell_values(values: list[int]) -> str:
    """[2, 3, 4, 5, 6, 7] -> "2 to 7"; [6, 7] -> "6 or 7"; [0, 1, 2, 9] -> "0 to 2 or 9"."""
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = []
    for run in runs:
        if len(run) == 1:
            parts.append(str(run[0]))
        elif len(run) == 2:
            parts.append(f"{run[0]} or {run[1]}")
        else:
            parts.append(f"{run[0]} to {run[-1]}")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _rank_name(rank: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank, str(rank))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _card_data(card: baccarat.Card) -> list[int]:
    return [card.rank, int(card.suit)]


# ---- what the engine says about the table of play, phrased for explanations -------------------------------

def _non_natural_totals() -> list[int]:
    return [t for t in TOTALS if not baccarat.is_natural(t)]


def _natural_totals() -> list[int]:
    return [t for t in TOTALS if baccarat.is_natural(t)]


def _player_drawing_totals() -> list[int]:
    return [t for t in _non_natural_totals() if baccarat.player_draws(t)]


def _player_standing_totals() -> list[int]:
    return [t for t in _non_natural_totals() if not baccarat.player_draws(t)]


def player_rule_sentence() -> str:
    return (f"the Player draws on {_spell_values(_player_drawing_totals())} and stands on "
            f"{_spell_values(_player_standing_totals())}")


def banker_row_sentence(banker_total: int) -> str:
    """Table 2's row for a Banker total, built from the engine's answers for every third-card value."""
    drawing = [t for t in THIRD_VALUES if baccarat.banker_draws(banker_total, t)]
    if len(drawing) == len(THIRD_VALUES):
        return f"Table 2: Banker {banker_total} draws whatever the Player's third card is"
    if not drawing:
        return f"Table 2: Banker {banker_total} stands whatever the Player's third card is"
    standing = [t for t in THIRD_VALUES if t not in drawing]
    if len(standing) < len(drawing) and len(standing) <= 2:
        return f"Table 2: Banker {banker_total} draws unless the Player's third card is {_spell_values(standing)}"
    return f"Table 2: Banker {banker_total} draws only when the Player's third card is {_spell_values(drawing)}"


def banker_stood_sentence() -> str:
    """Rule 9.5 (the Player stood), from the engine's answers over every Banker total."""
    drawing = [b for b in _non_natural_totals() if baccarat.banker_draws(b, None)]
    standing = [b for b in _non_natural_totals() if b not in drawing]
    return (f"rule 9.5: when the Player stands, the Banker draws on {_spell_values(drawing)} "
            f"and stands on {_spell_values(standing)}")


# ---- settings -----------------------------------------------------------------------------------------------

class _BaccaratDrill(Levelled):
    id = ""
    game = GAME
    title = ""
    description = ""

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings()
        table = self.settings.baccarat
        self.table = table
        self.decks = table.decks
        self.tie_odds = table.tie_odds
        self.smallest_chip_cents = min(table.chip_values) * 100
        # The engine reads the rate (refusing one it cannot charge) and the rounding choice.
        self.terms = commission.table_terms(table.commission_percent, table.commission_rounding,
                                            self.smallest_chip_cents)
        self.commission_rate = Fraction(self.terms.bp, 10000)
        self.rounding_unit, self.rounding = self.terms.rounding_unit, self.terms.rounding
        self.commission_at_payment = table.commission_collection == "at payment"
        self.collection = "payment" if self.commission_at_payment else "box"
        # The seats of the table the settings set up (the Baccarat tab draws the same numbers).
        self.skip_unlucky = bool(getattr(table, "skip_unlucky_numbers", True))
        self.seats = table_seats(bool(table.big_table), self.skip_unlucky)
        # The shoe as the table sets it up: where the cutting card lies and whether a shuffle is followed
        # by a burn (the engine refuses a cutting card it cannot work with).
        self.cut_from_end = table.cut_from_end
        self.burns = bool(table.burn)

    def _stack(self, rng) -> _StackedShoe:
        return _StackedShoe(rng, self.decks, self.cut_from_end, self.burns)

    def settle(self, bets, winner, *, rounding_unit=None, rounding=None, rate=None, tie_odds=None):
        return baccarat.settle(bets, winner, tie_odds=tie_odds or self.tie_odds,
                               commission_rate=self.commission_rate if rate is None else rate,
                               rounding_unit=rounding_unit or self.rounding_unit,
                               rounding=rounding or self.rounding, collection=self.collection)

    def box_commission(self, banker_wins, *, rounding_unit=None, rounding=None) -> int:
        """The engine's commission owed by a commission box holding these winning Banker wagers."""
        return baccarat.box_commission(banker_wins, commission_rate=self.commission_rate,
                                       rounding_unit=rounding_unit or self.rounding_unit,
                                       rounding=rounding or self.rounding)

    def rounding_words(self) -> str:
        if self.rounding_unit == 1:
            return "to the cent"
        direction = "up" if self.rounding is baccarat.Rounding.HOUSE else "down"
        return f"{direction} to the smallest chip ({money(self.smallest_chip_cents)})"

    def percent_words(self) -> str:
        return self.terms.percent_words

    def _amount_choices(self, cap: int) -> list[int]:
        """Dollar amounts a wager may take: from the table minimum up to `cap` times it (and the maximum),
        in steps of $5 where the range allows."""
        low = self.table.minimum_bet
        high = max(low, min(self.table.maximum_bet, low * cap))
        fives = [v for v in range(low, high + 1) if v % 5 == 0]
        return fives if len(fives) >= 8 else list(range(low, high + 1))

    def wager_amounts(self, rng, count: int, cap: int = 40) -> list[int]:
        """`count` wagers in cents."""
        choices = self._amount_choices(cap)
        return [choices[rng.below(len(choices))] * 100 for _ in range(count)]

    def distinct_amounts(self, rng, count: int, cap: int = 50) -> list[int]:
        """`count` different wagers in cents (beyond the table maximum only if the table allows too few)."""
        choices = self._amount_choices(cap)
        while len(choices) < count:
            choices.append(choices[-1] + 1)
        return [v * 100 for v in rng.shuffled(choices)[:count]]


def _choose(rng, items):
    items = list(items)
    return items[rng.below(len(items))]


# ---- a stacked shoe: a real shoe, optionally arranged so a chosen coup comes out ----------------------------

class _StackedShoe:
    """The whole order of a shuffled shoe (drawn from the drill's rng) loaded into the engine's Shoe, so a
    drill knows which cards lie ahead and can move cards forward to build a particular coup."""

    def __init__(self, rng, decks: int, cut_from_end: int = baccarat.DEFAULT_CUT_FROM_END, burn: bool = True):
        self.decks = decks
        self.cut_from_end = cut_from_end
        self.burns = burn
        self.order = rng.shuffled(baccarat.shoe_codes(decks))
        self.rng = rng

    def fresh(self) -> tuple[baccarat.Shoe, baccarat.Burn | None]:
        """The shoe loaded in this order and ready to deal: burned first when the table burns (None then)."""
        shoe = baccarat.Shoe(decks=self.decks, cut_from_end=self.cut_from_end, burn=self.burns, seed=0)
        shoe.load(self.order)
        return shoe, (shoe.burn() if self.burns else None)

    def position(self, shoe: baccarat.Shoe) -> int:
        return shoe.size - shoe.remaining

    def deal_to(self, coups: int):
        """Burn and deal `coups` coups; returns the shoe ready to deal the next one and its position. Drills
        keep `coups` small enough (under 25) that even a 4-deck shoe is far from its cutting card."""
        shoe, _ = self.fresh()
        for _ in range(coups):
            shoe.deal()
        return shoe, self.position(shoe)

    def place(self, slot: int, ranks) -> None:
        """Put a card of one of `ranks` at `slot`, taken from `slot` or later (a swap keeps it a whole shoe)."""
        ranks = set(ranks)
        order, rank_of = self.order, _RANK_OF_CODE
        candidates = [j for j in range(slot, len(order)) if rank_of[order[j]] in ranks]
        if not candidates:
            raise LookupError("no such card left in the shoe")
        j = candidates[self.rng.below(len(candidates))]
        self.order[slot], self.order[j] = self.order[j], self.order[slot]

    def card(self, index: int) -> baccarat.Card:
        return baccarat.Card.from_code(self.order[index])


# The rank of each card code, as the engine decodes it (read once: a drill scans a 416-card shoe often).
_RANK_OF_CODE = tuple(baccarat.Card.from_code(code).rank for code in range(baccarat.CARD_CODES))


def _ranks_for_total(first_rank: int, total: int) -> list[int]:
    """Second-card ranks that bring a hand starting with `first_rank` to `total` (the engine counts)."""
    return [r for r in RANKS if baccarat.point_count([first_rank, r]) == total]


def _ranks_of_value(value: int) -> list[int]:
    return [r for r in RANKS if baccarat.card_value(r) == value]


# ---- 1. the table of play -----------------------------------------------------------------------------------

@register
class TableOfPlayDrill(_BaccaratDrill):
    """A coup dealt from a real shoe (the table's decks, cutting card and burn): the trainee decides draw or
    stand for the Player, then for the Banker (having seen the Player's third card) and names the winner.

    Levels (docs/drills.md):
      Basic     coups as the shoe deals them (naturals, Player stands and Table 2 cells as often as they come)
      Standard  half the coups as dealt, half a Table 2 cell (Banker 0-7 against the Player's third card,
                the 80 cells equally)
      Advanced  every coup a Table 2 cell of the rows that depend most on the third card: Banker 3, 4, 5
                or 6 against each third card value (the 40 cells equally); practice asks only those cells
    """

    id = "baccarat.table_of_play"
    title = "Table of play"
    description = ("Coups from a shoe: draw or stand for the Player, then the Banker (Table 2, rule 9.5), "
                   "and name the winner. Hard: Banker 3-6 against each Player third card.")

    def families(self) -> list[str]:
        out = [f"natural.player{p}" for p in _natural_totals()]
        out += [f"natural.banker{b}" for b in _natural_totals()]
        out += [f"player{p}.banker{b}" for p in _player_standing_totals() for b in _non_natural_totals()]
        out += [f"banker{b}.third{t}" for b in _non_natural_totals() for t in THIRD_VALUES]
        return out

    @staticmethod
    def family_of(coup: baccarat.Coup) -> str:
        p = baccarat.point_count(coup.player[:2])
        b = baccarat.point_count(coup.banker[:2])
        if coup.natural:
            return f"natural.player{p}" if baccarat.is_natural(p) else f"natural.banker{b}"
        if len(coup.player) == 2:
            return f"player{p}.banker{b}"
        return f"banker{b}.third{baccarat.card_value(coup.player[2])}"

    def _target(self, rng, family: str):
        """(player totals allowed, banker totals allowed, player third value or None) for a family."""
        head, _, tail = family.partition(".")
        if head == "natural":
            total = int(tail[len("player"):] if tail.startswith("player") else tail[len("banker"):])
            if tail.startswith("player"):
                return [total], list(TOTALS), None
            return _non_natural_totals(), [total], None
        if head.startswith("player"):
            return [int(head[len("player"):])], [int(tail[len("banker"):])], None
        return _player_drawing_totals(), [int(head[len("banker"):])], int(tail[len("third"):])

    AS_DEALT = "as-dealt"   # in a mix: the next coup of the shoe, whatever it is (not a family)

    @staticmethod
    def _table2_cells(banker_totals) -> list[str]:
        return [f"banker{b}.third{t}" for b in banker_totals for t in THIRD_VALUES]

    def mix(self, level: int) -> dict[str, int]:
        if level == BASIC:
            return {self.AS_DEALT: 1}
        if level == STANDARD:
            cells = self._table2_cells(_non_natural_totals())
            return {self.AS_DEALT: len(cells), **even(cells)}
        return even(self._table2_cells(HARD_BANKER_TOTALS))

    def families_for(self, difficulty) -> list[str]:
        level = level_of(difficulty)
        return self.families() if level < ADVANCED else self._table2_cells(HARD_BANKER_TOTALS)

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        if family is not None and family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id}")
        if family is None:
            # A family the scheduler asks for (brought back after a mistake) is always honoured; otherwise
            # the level's mix says whether this coup is the shoe's next or a chosen Table 2 cell.
            family = self.draw_family(rng, difficulty)
            family = None if family == self.AS_DEALT else family
        stack = self._stack(rng)
        coups_before = rng.below(25)
        shoe, position = stack.deal_to(coups_before)
        if family is not None:
            player_totals, banker_totals, third = self._target(rng, family)
            p_total, b_total = _choose(rng, player_totals), _choose(rng, banker_totals)
            for slot, total in ((position, p_total), (position + 1, b_total)):
                stack.place(slot + 2, _ranks_for_total(stack.card(slot).rank, total))
            if third is not None:
                stack.place(position + 4, _ranks_of_value(third))
            shoe, position = stack.deal_to(coups_before)
        coup = shoe.deal()
        family = self.family_of(coup)
        ahead = [stack.card(position + 4 + i) for i in range(2)]
        prompt = {
            "player": [_card_data(c) for c in coup.player_cards[:2]],
            "banker": [_card_data(c) for c in coup.banker_cards[:2]],
            "next_cards": [_card_data(c) for c in ahead],   # the shoe's next cards, dealt only as called for
            "coup_number": coups_before + 1,
            "cards_left": shoe.remaining + coup.cards_used - 4,
            "decks": self.decks,
        }
        key = {"player": "draw" if len(coup.player) == 3 else "stand",
               "banker": "draw" if len(coup.banker) == 3 else "stand",
               "winner": coup.winner,
               "cards": {"player": list(coup.player), "banker": list(coup.banker)},
               # The hands as dealt, [rank, suit] per card: a panel shows each hand as the engine dealt it
               # once the trainee's call on that hand is committed.
               "hands": {"player": [_card_data(c) for c in coup.player_cards],
                         "banker": [_card_data(c) for c in coup.banker_cards]},
               "totals": {"player": coup.player_total, "banker": coup.banker_total},
               "natural": coup.natural}
        text = ("Decide draw or stand for the Player, then for the Banker (after the Player's third card, if "
                "any), then name the winner.")
        hint = ("A natural (8 or 9) on either hand: both stand. Otherwise the Player's total decides the Player; "
                "the Banker's row of Table 2 (or rule 9.5 if the Player stood) decides the Banker.")
        return Item(self.id, family, prompt, key, text, hint)

    @staticmethod
    def parse(answer) -> dict:
        words = {"d": "draw", "draw": "draw", "s": "stand", "stand": "stand"}
        winners = {"p": "player", "player": "player", "b": "banker", "banker": "banker", "t": "tie", "tie": "tie"}
        if isinstance(answer, str):
            letters = answer.replace(" ", "").lower()
            if len(letters) != 3:
                raise ValueError("give three letters: D/S for the Player, D/S for the Banker, P/B/T for the winner")
            answer = {"player": letters[0], "banker": letters[1], "winner": letters[2]}
        if not isinstance(answer, dict):
            raise ValueError("the answer is the Player's and the Banker's decision and the winner")
        try:
            return {"player": words[str(answer["player"]).lower()], "banker": words[str(answer["banker"]).lower()],
                    "winner": winners[str(answer["winner"]).lower()]}
        except KeyError:
            raise ValueError("each hand draws or stands, and the winner is Player, Banker or Tie") from None

    def describe_key(self, item: Item) -> str:
        k = item.key
        return (f"Player {k['player']}s, Banker {k['banker']}s; Player {k['totals']['player']} against Banker "
                f"{k['totals']['banker']}: {k['winner'].capitalize()}" + (" wins" if k["winner"] != "tie" else ""))

    def explain(self, item: Item) -> tuple[str, str]:
        k = item.key
        p2 = baccarat.point_count(k["cards"]["player"][:2])
        b2 = baccarat.point_count(k["cards"]["banker"][:2])
        if k["natural"]:
            who = "Player" if baccarat.is_natural(p2) else "Banker"
            total = p2 if who == "Player" else b2
            return (f"The {who} has a natural {total} (8 or 9 on the first two cards): neither hand draws "
                    f"(Table 2: a natural cannot draw). Player {k['totals']['player']}, Banker "
                    f"{k['totals']['banker']}.", "Table 2")
        parts = [f"The Player's first two cards count {p2}: {player_rule_sentence()}."]
        if len(k["cards"]["player"]) == 3:
            third = baccarat.card_value(k["cards"]["player"][2])
            parts.append(f"The Player's third card is worth {third}; the Banker has {b2}. "
                         f"{banker_row_sentence(b2)}.")
            rule = "Table 2"
        else:
            parts.append(f"The Banker has {b2}: {banker_stood_sentence()}.")
            rule = "9.5"
        parts.append(f"Final count: Player {k['totals']['player']}, Banker {k['totals']['banker']}.")
        return " ".join(parts), rule

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = self.parse(answer)
        k = item.key
        category = None
        if given["player"] != k["player"]:
            category = ErrorCategory.NATURAL_MISSED if k["natural"] else ErrorCategory.PLAYER_DRAW
        elif given["banker"] != k["banker"]:
            category = ErrorCategory.NATURAL_MISSED if k["natural"] else ErrorCategory.BANKER_DRAW
        elif given["winner"] != k["winner"]:
            category = ErrorCategory.WRONG_WINNER
        explanation, rule = self.explain(item)
        given_words = f"Player {given['player']}s, Banker {given['banker']}s, {given['winner'].capitalize()}"
        return Grade(category is None, self.describe_key(item), given_words, explanation, category, rule, seconds,
                     details={"given": given})


# ---- 2. commission ------------------------------------------------------------------------------------------

COMMISSION_BANDS = (("small", 1, 5), ("medium", 5, 20), ("large", 20, 100), ("high", 100, 500))  # x table minimum


@register
class CommissionDrill(_BaccaratDrill):
    """The commission on one Banker win, or a seat's commission box tallied when the player leaves or the
    shoe ends (several Banker wins; other results owe nothing).

    Levels (docs/drills.md); a band is the wager's size against the table minimum (x1-5, x5-20, x20-100,
    x100-500):
      Basic     one Banker win, in the small or the medium band (equally)
      Standard  one win or a commission box, every band, the eight families equally; a box holds 3-7 coups
      Advanced  commission boxes only, every band equally; a box holds 3-11 coups
    """

    id = "baccarat.commission"
    title = "Commission"
    description = "Commission on winning Banker wagers: one payment, or a seat's commission box at the end of a shoe."

    def families(self) -> list[str]:
        return [f"{kind}.{band}" for kind in ("single", "box") for band, _, _ in COMMISSION_BANDS]

    def mix(self, level: int) -> dict[str, int]:
        if level == BASIC:
            return even(["single.small", "single.medium"])
        if level == STANDARD:
            return even(self.families())
        return even(f for f in self.families() if f.startswith("box."))

    def _band_amounts(self, rng, band: str, count: int) -> list[int]:
        _, low, high = next(b for b in COMMISSION_BANDS if b[0] == band)
        minimum = self.table.minimum_bet
        lo = min(minimum * low, self.table.maximum_bet)
        hi = max(lo, min(minimum * high, self.table.maximum_bet))
        step = 5 if hi - lo >= 5 else 1
        values = list(range(lo, hi + 1, step))
        return [_choose(rng, values) * 100 for _ in range(count)]

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        family = family or self.draw_family(rng, level)
        if family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id}")
        kind, band = family.split(".")
        if kind == "single":
            results = [("banker", "banker", self._band_amounts(rng, band, 1)[0])]
        else:
            count = 3 + rng.below(5 if level < ADVANCED else 9)
            amounts = self._band_amounts(rng, band, count)
            winners = [_choose(rng, ("banker", "banker", "player", "tie")) for _ in range(count)]
            sides = [_choose(rng, ("banker", "banker", "player")) for _ in range(count)]
            results = list(zip(sides, winners, amounts))
            if not any(s == "banker" and w == "banker" for s, w, _ in results):
                results[0] = ("banker", "banker", results[0][2])
        banker_wins = [amount for side, winner, amount in results if side == winner == "banker"]
        owed = self._owed(banker_wins)
        prompt = {"kind": kind, "coups": [{"side": s, "winner": w, "amount": a} for s, w, a in results],
                  "rate_percent": self.terms.percent_words.rstrip("%"),
                  "rounding": self.rounding_words(), "seat": _choose(rng, self.seats)}
        if kind == "single":
            text = f"The Banker wins. How much commission is owed on the {money(results[0][2])} Banker wager?"
        else:
            text = (f"Seat {prompt['seat']} is leaving. From its coups this shoe, how much is owed in its commission "
                    f"box?")
        key = {"owed": owed, "banker_wins": banker_wins}
        hint = (f"{self.percent_words()} of each winning Banker wager (10% of the wager, halved, at 5%); "
                f"only Banker wagers that won owe commission. Rounding: {self.rounding_words()}.")
        return Item(self.id, family, prompt, key, text, hint)

    def _owed(self, banker_wins: list[int], rate=None, **rules) -> int:
        """The engine's commission on these winning Banker wagers: one win's commission, or what a seat's
        commission box owes for several (the engine rounds a box once, on the total); at another rate or
        rounding when asked (to recognise a trainee's mistake)."""
        if rate is not None:
            return baccarat.box_commission(banker_wins, commission_rate=rate,
                                           rounding_unit=rules.get("rounding_unit") or self.rounding_unit,
                                           rounding=rules.get("rounding") or self.rounding)
        return self.box_commission(banker_wins, **rules)

    def describe_key(self, item: Item) -> str:
        return money(item.key["owed"])

    def _commission_error(self, item: Item, given: int) -> ErrorCategory:
        wins = item.key["banker_wins"]
        left_one_out = {self._owed(wins[:i] + wins[i + 1:]) for i in range(len(wins))} if len(wins) > 1 else set()
        if given == 0 or given in left_one_out:
            return ErrorCategory.FORGOT_COMMISSION
        coups = item.prompt["coups"]
        charged_too_much = {self._owed([c["amount"] for c in coups if c["side"] == "banker"]),
                            self._owed([c["amount"] for c in coups if c["side"] == c["winner"]])}
        other_rounding = {self._owed(wins, rounding_unit=1),
                          self._owed(wins, rounding=baccarat.Rounding.HOUSE),
                          self._owed(wins, rounding=baccarat.Rounding.PLAYER),
                          sum(self._owed([w]) for w in wins)}   # rounded coup by coup instead of once
        # The shortcut's halving left out (a tenth of the wager), or the whole commission taken as the rate.
        other_rate = {self._owed(wins, rate=min(Fraction(1), 2 * self.commission_rate))} \
            if self.commission_rate else set()
        if given in charged_too_much or given in other_rounding or given in other_rate:
            return ErrorCategory.COMMISSION_AMOUNT
        if arithmetic_slip(given, item.key["owed"], [self._owed([w]) for w in wins]):
            return ErrorCategory.ARITHMETIC
        return ErrorCategory.OTHER

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = parse_money(answer, "the commission")
        owed = item.key["owed"]
        category = None if given == owed else self._commission_error(item, given)
        explanation, rule = self.explain(item)
        return Grade(category is None, money(owed), money(given), explanation, category, rule, seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        owed, wins = item.key["owed"], item.key["banker_wins"]
        total = money(wins[0]) if len(wins) == 1 else f"{' + '.join(money(w) for w in wins)} = {money(sum(wins))}"
        box = (" A commission box is marked coup by coup and collected once, so it is rounded once, on the total."
               if len(wins) > 1 else "")
        return (f"Commission is {self.percent_words()} of each winning Banker wager under rule 5.7(b); Player wins, "
                f"ties and losing wagers owe none. Winning Banker wagers: {total}; commission {money(owed)}, "
                f"rounded {self.rounding_words()}.{box}", "5.7(b)")


# ---- 3. settle the table ------------------------------------------------------------------------------------

SETTLE_MIXES = ("sides", "with-tie", "full")


@register
class SettleTableDrill(_BaccaratDrill):
    """A full table of Player / Banker / Tie wagers after a coup: pay, take or push each wager.

    Families: the winner (player, banker, tie) and the table: "sides" (3-5 seats with Player or Banker
    wagers), "with-tie" (the same with Tie wagers on some seats), "full" (every seat, each with a Tie wager).
    Levels (docs/drills.md):
      Basic     a Player or a Banker win (equally), Player and Banker wagers only; stakes up to 20 minimums
      Standard  the nine winner and table families equally (a tie one coup in three); up to 30 minimums
      Advanced  tables with Tie wagers only ("with-tie" and "full"), every winner equally; up to 40 minimums
    """

    id = "baccarat.settle"
    title = "Settle the table"
    description = "Pay, take or push every Player, Banker and Tie wager after a coup."

    def families(self) -> list[str]:
        return [f"{winner}.{mix}" for winner in baccarat.WINNERS for mix in SETTLE_MIXES]

    def mix(self, level: int) -> dict[str, int]:
        if level == BASIC:
            return even(["player.sides", "banker.sides"])
        if level == STANDARD:
            return even(self.families())
        return even(f for f in self.families() if not f.endswith(".sides"))

    def _coup_for(self, rng, winner: str):
        """A coup with the wanted winner, dealt from a shuffled shoe (a tie comes about one time in ten),
        and the cards of each hand as [rank, suit]."""
        shoe, _ = self._stack(rng).fresh()
        while True:
            coup = shoe.deal()
            if coup.winner == winner:
                return coup, [_card_data(c) for c in coup.player_cards], [_card_data(c) for c in coup.banker_cards]
            if shoe.state is not baccarat.ShoeState.DEALING:
                shoe, _ = self._stack(rng).fresh()

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        family = family or self.draw_family(rng, level)
        if family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id}")
        winner, mix = family.split(".")
        coup, player_cards, banker_cards = self._coup_for(rng, winner)
        seat_count = {"sides": 3 + rng.below(3), "with-tie": 3 + rng.below(3),
                      "full": min(FULL_TABLE_WAGERS, len(self.seats))}[mix]
        seats = sorted(rng.shuffled(self.seats)[:seat_count])
        wagers = []
        for seat in seats:
            side = _choose(rng, ("player", "banker"))   # a player never backs Player and Banker together
            wagers.append((seat, side))
            if mix == "full" or (mix == "with-tie" and rng.below(2)):
                wagers.append((seat, "tie"))
        if mix == "with-tie" and not any(side == "tie" for _, side in wagers):
            wagers.append((seats[0], "tie"))
        wagers.sort(key=lambda w: (w[0], w[1] == "tie"))
        amounts = self.wager_amounts(rng, len(wagers), cap=10 * level + 10)
        # Tie wagers are usually small.
        amounts = [max(self.table.minimum_bet * 100, a // 5 // 500 * 500) if side == "tie" else a
                   for (_, side), a in zip(wagers, amounts)]
        settlements = self.settle([(side, amount) for (_, side), amount in zip(wagers, amounts)], winner)
        rows = []
        for s in settlements:
            # The engine says what is handed over now (less the commission at payment, in full when the
            # commission is marked in the box) and what is marked.
            rows.append({"result": s.result, "pay": s.paid, "winnings": s.winnings,
                         "commission": s.commission, "marked": s.marked})
        prompt = {"winner": winner, "player": player_cards, "banker": banker_cards,
                  "totals": {"player": coup.player_total, "banker": coup.banker_total},
                  "wagers": [{"seat": seat, "side": side, "amount": amount}
                             for (seat, side), amount in zip(wagers, amounts)],
                  "tie_odds": self.tie_odds, "commission_at_payment": self.commission_at_payment}
        collected = ("taken from the payment" if self.commission_at_payment else "marked in the commission box")
        outcome = "A tie." if winner == "tie" else f"{winner.capitalize()} wins."
        text = (f"{outcome} Settle each wager in turn: the amount to pay, take or push. Banker commission is "
                f"{collected}.")
        hint = (f"Player and Banker pay even money (Banker less {self.percent_words()} commission), a Tie pays "
                f"{self.tie_odds} to 1, and on a tie Player and Banker wagers push.")
        return Item(self.id, family, prompt, {"rows": rows}, text, hint)

    @staticmethod
    def _row_words(row: dict) -> str:
        return {"lose": "take", "push": "push"}.get(row["result"]) or f"pay {money(row['pay'])}"

    def describe_key(self, item: Item) -> str:
        return "; ".join(f"seat {w['seat']} {w['side']} {money(w['amount'])}: {self._row_words(r)}"
                         for w, r in zip(item.prompt["wagers"], item.key["rows"]))

    @staticmethod
    def parse(answer, count: int) -> list:
        if not isinstance(answer, (list, tuple)) or len(answer) != count:
            raise ValueError(f"settle each of the {count} wagers: an amount to pay, 'take' or 'push'")
        out: list[str | int] = []
        for i, entry in enumerate(answer):
            if isinstance(entry, str) and entry.strip().lower() in ("take", "push"):
                out.append(entry.strip().lower())
            else:
                out.append(parse_money(entry, f"wager {i + 1}"))
        return out

    def _wrong(self, wager: dict, row: dict, given, winner: str):
        """The category of a wrong call on one wager, from what was given against what the engine says."""
        side, result, amount = wager["side"], row["result"], wager["amount"]
        if result == "push":
            return ErrorCategory.TIE_PUSH
        if result == "lose":
            return ErrorCategory.PAID_WRONG_SIDE
        if given == "take":
            return ErrorCategory.PAID_WRONG_SIDE
        if given == "push":
            return ErrorCategory.TIE_PAYOUT if side == "tie" else ErrorCategory.PUSHED_A_WINNER
        if side == "tie":
            # Paid at the other tie odds the settings allow, or at even money.
            other_odds = {amount * odds for odds in (1, 8, 9) if odds != self.tie_odds}
            if given in other_odds:
                return ErrorCategory.TIE_PAYOUT
        if side == "banker" and self.commission_at_payment and row["commission"] and given == row["winnings"]:
            return ErrorCategory.FORGOT_COMMISSION
        if given in self._other_commission_payments(side, amount, winner):
            return ErrorCategory.COMMISSION_AMOUNT
        if arithmetic_slip(given, row["pay"], [100 * min(self.table.chip_values)]):
            return ErrorCategory.ARITHMETIC
        return ErrorCategory.OTHER

    def _other_commission_payments(self, side: str, amount: int, winner: str) -> set[int]:
        """What a winning wager comes to when commission is worked wrongly: taken off a Player win, taken off
        at payment when the table marks it in the box, at twice the rate (the dealer's halving forgotten) or
        rounded another way. The engine settles each of those."""
        def paid_less_commission(rate=None, rounding_unit=None, rounding=None) -> int:
            return baccarat.settle([("banker", amount)], "banker", tie_odds=self.tie_odds,
                                   commission_rate=self.commission_rate if rate is None else rate,
                                   rounding_unit=rounding_unit or self.rounding_unit,
                                   rounding=rounding or self.rounding, collection="payment")[0].paid

        if side == "player":
            return {paid_less_commission()} - {amount}
        if side != "banker":
            return set()
        paid = {paid_less_commission(rounding_unit=1), paid_less_commission(rounding=baccarat.Rounding.HOUSE),
                paid_less_commission(rounding=baccarat.Rounding.PLAYER), paid_less_commission()}
        if self.commission_rate:
            paid.add(paid_less_commission(rate=min(Fraction(1), 2 * self.commission_rate)))
        return paid - {self.settle([("banker", amount)], "banker")[0].paid}

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        rows = item.key["rows"]
        given = self.parse(answer, len(rows))
        winner = item.prompt["winner"]
        category = None
        wrong = []
        per_wager = []
        for i, (wager, row, g) in enumerate(zip(item.prompt["wagers"], rows, given)):
            expected = {"lose": "take", "push": "push"}.get(row["result"], row["pay"])
            wager_category = None
            if g != expected:
                wrong.append(i)
                wager_category = self._wrong(wager, row, g, winner)
                category = category or wager_category
            # Each wager on its own, for statistics that count wagers rather than items.
            per_wager.append({"kind": wager["side"], "seat": wager["seat"], "correct": g == expected,
                              "category": wager_category.value if wager_category else None})
        why, rule = self._why(item)
        given_words = ", ".join(g if isinstance(g, str) else f"pay {money(g)}" for g in given)
        return Grade(category is None, self.describe_key(item), given_words,
                     why + " " + self._lines(item, wrong or range(len(rows))), category,
                     rule, seconds, details={"wrong_wagers": [i + 1 for i in wrong], "wagers": per_wager})

    def _lines(self, item: Item, indexes) -> str:
        lines = []
        for i in indexes:
            w, r = item.prompt["wagers"][i], item.key["rows"][i]
            lines.append(f"Wager {i + 1}, seat {w['seat']} {w['side'].capitalize()} {money(w['amount'])}: "
                         f"{self._row_words(r)}")
        return "; ".join(lines) + "."

    def _why(self, item: Item) -> tuple[str, str]:
        """The payout rule in words. The Gazette pages we have give a rule number only for the Banker
        commission (5.7(b)); the other payouts are the table's settings, and said to be so."""
        winner = item.prompt["winner"]
        if winner == "tie":
            return (f"On a tie the Tie pays {self.tie_odds} to 1 and Player and Banker wagers push: they neither "
                    "win nor lose. These payouts are the table's settings; no Gazette rule we have numbers them.",
                    "")
        if winner == "player":
            return ("Player wins: it pays even money; Banker and Tie wagers lose. These payouts are the table's "
                    "settings; no Gazette rule we have numbers them.", "")
        where = ("taken off the payment" if self.commission_at_payment
                 else "marked in the seat's commission box, not taken off the payment")
        return (f"Banker wins: it pays even money less {self.percent_words()} commission under rule 5.7(b), "
                f"{where}; Player and Tie wagers lose.", "5.7(b)")

    def explain(self, item: Item) -> tuple[str, str]:
        why, rule = self._why(item)
        return why + " " + self._lines(item, range(len(item.key["rows"]))), rule


# ---- multiple choice support (procedure and shoe drills) ---------------------------------------------------

def _choice_grade(item: Item, answer, seconds: float, category: ErrorCategory, rule: str, explanation: str,
                  describe) -> Grade:
    options = item.prompt["options"]
    if isinstance(answer, bool) or not isinstance(answer, int) or not 1 <= answer <= len(options):
        raise ValueError(f"choose an option by its number, 1 to {len(options)}")
    correct = answer == item.key
    return Grade(correct, describe(item), f"{answer}. {options[answer - 1]}", explanation,
                 None if correct else category, rule, seconds)


# ---- 4. shoe procedure --------------------------------------------------------------------------------------

SHOE_NEXT = {
    baccarat.ShoeState.DEALING: "Deal the next coup as usual",
    baccarat.ShoeState.LAST_COUP_NEXT: "Announce \"last coup\" and deal one more coup",
    baccarat.ShoeState.FINISHED: "Deal no more cards until the shoe is replaced or reshuffled",
}


@register
class ShoeProcedureDrill(_BaccaratDrill):
    """The burn after a shuffle, and what follows a coup when the cutting card comes out (rules 9.8, 9.9), in
    the shoe the table's settings set up: its decks, its cutting card `cut_from_end` cards from the end and
    its burn (no burn question at a table that does not burn). The engine deals every shoe and says what the
    dealer does next (the shoe's state after the coup); the drill only finds a coup that shows the situation.

    Levels (docs/drills.md):
      Basic     the burn, a coup with the cutting card still in the shoe, and a coup during which it came
                out: one in three each (halves without a burn)
      Standard  the five situations equally (the burn, still in the shoe, out during the coup, out as the
                coup's first card, the coup after the one it came out in)
      Advanced  the situations after the cutting card: out during the coup and the coup after it one in
                three each, out as the first card one in six, the burn one in six
    Each situation is drawn from a whole shuffled shoe: the exposed card (13 ranks), the card of the coup at
    which the cutting card appears and the cards the coup takes vary; a coup after which the cutting card
    is out asks half the time how many more coups the shoe deals instead of what the dealer does now. So a
    retake is a new test.
    """

    id = "baccarat.shoe"
    title = "Shoe procedure"
    description = "The burn, the cutting card and the last coup (rules 9.8 and 9.9)."

    FAMILIES = ("burn", "cut.not-yet", "cut.during", "cut.first", "last-coup")
    _MIXES = {
        BASIC: {"burn": 1, "cut.not-yet": 1, "cut.during": 1},
        STANDARD: even(FAMILIES),
        ADVANCED: {"burn": 1, "cut.during": 2, "cut.first": 1, "last-coup": 2},
    }

    def families(self) -> list[str]:
        return [family for family in self.FAMILIES if family != "burn" or self.burns]

    def mix(self, level: int) -> dict[str, int]:
        offered = self.families()
        return {family: weight for family, weight in self._MIXES[level].items() if family in offered}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        family = family or self.draw_family(rng, level)
        if family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id} at this table"
                             + (" (it burns no cards)" if family == "burn" else ""))
        if family == "burn":
            _, burn = self._stack(rng).fresh()
            if burn is None:        # families() offers "burn" only at a table that burns
                raise RuntimeError(f"{self.id}: the table burns no cards")
            prompt: dict[str, Any] = {"kind": "burn", "exposed": _card_data(burn.exposed), "options": []}
            text = f"After the shuffle the first card out is the {burn.exposed}. How many cards do you burn after it?"
            hint = "The exposed card's point value says how many; a ten or a face card counts as ten here."
            return Item(self.id, family, prompt, len(burn.burned), text, hint)
        for _ in range(400):
            stack = self._stack(rng)
            shoe, _ = stack.fresh()
            cut_at = shoe.size - shoe.cut_from_end     # cards dealt before the cutting card comes out
            rounds = []
            while shoe.state is not baccarat.ShoeState.FINISHED:
                start = stack.position(shoe)
                coup = shoe.deal()
                rounds.append((start, coup, shoe.state))
            chosen = self._pick(rng, family, rounds, cut_at)
            if chosen is not None:
                break
        else:  # pragma: no cover - every situation comes up in a few shoes
            raise RuntimeError("no shoe gave that situation")
        index, start, coup, state, previous_start = chosen
        # How many more coups this shoe deals: the engine dealt them (the rounds after this one).
        more = len(rounds) - 1 - index
        ask_more = family != "cut.not-yet" and rng.below(2) == 1
        options = [] if ask_more else rng.shuffled(list(SHOE_NEXT.values()))
        used = len(coup.player) + len(coup.banker)
        if previous_start is not None:
            cut_words = (f"The cutting card came out before card {cut_at - previous_start + 1} of the previous "
                         f"coup, and \"last coup\" was announced.")
        elif coup.cut_card_out and start == cut_at:
            cut_words = "The cutting card came out as the first card of this coup."
        elif coup.cut_card_out:
            cut_words = f"The cutting card came out before card {cut_at - start + 1} of this coup."
        else:
            ahead = cut_at - start - used
            cut_words = (f"The cutting card is still in the shoe, {shoe.cut_from_end} cards from the end: "
                         f"{_plural(ahead, 'card')} lie in front of it.")
        prompt = {"kind": "more" if ask_more else "next", "player": [_card_data(c) for c in coup.player_cards],
                  "banker": [_card_data(c) for c in coup.banker_cards], "cut": cut_words, "options": options,
                  "cut_from_end": shoe.cut_from_end}
        hint = ("The round in which the cutting card appears is always finished; what follows depends on when it "
                "appeared.")
        if ask_more:
            text = f"{cut_words} This coup is finished. How many more coups are dealt from this shoe?"
            return Item(self.id, family, prompt, more, text, hint)
        text = f"{cut_words} This coup is finished. What does the dealer do now?"
        return Item(self.id, family, prompt, options.index(SHOE_NEXT[state]) + 1, text, hint)

    @staticmethod
    def _pick(rng, family, rounds, cut_at):
        """(its index, start, coup, state after it, start of the previous coup or None) for a round of the
        dealt shoe that shows the family's situation, or None."""
        fitting = []
        for i, (start, coup, state) in enumerate(rounds):
            after_cut = i > 0 and rounds[i - 1][1].cut_card_out and not rounds[i - 1][1].last_coup
            if family == "cut.not-yet" and not coup.cut_card_out and not coup.last_coup:
                fitting.append((i, start, coup, state, None))
            elif family == "cut.during" and coup.cut_card_out and start != cut_at:
                fitting.append((i, start, coup, state, None))
            elif family == "cut.first" and coup.cut_card_out and start == cut_at:
                fitting.append((i, start, coup, state, None))
            elif family == "last-coup" and after_cut:
                fitting.append((i, start, coup, state, rounds[i - 1][0]))
        return fitting[rng.below(len(fitting))] if fitting else None

    @staticmethod
    def _coups(count: int) -> str:
        return "no more coups" if count == 0 else f"{_plural(count, 'more coup')}"

    def describe_key(self, item: Item) -> str:
        if item.prompt["kind"] == "burn":
            return f"burn {_plural(item.key, 'card')}"
        if item.prompt["kind"] == "more":
            return self._coups(item.key)
        return item.prompt["options"][item.key - 1]

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        explanation, rule = self.explain(item)
        kind = item.prompt["kind"]
        if kind in ("burn", "more"):
            what = "cards to burn" if kind == "burn" else "coups still to deal"
            if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer <= 99:
                raise ValueError(f"give the number of {what}, a whole number such as {7 if kind == 'burn' else 1}")
            correct = answer == item.key
            given = f"burn {_plural(answer, 'card')}" if kind == "burn" else self._coups(answer)
            return Grade(correct, self.describe_key(item), given, explanation,
                         None if correct else ErrorCategory.SHOE_PROCEDURE, rule, seconds)
        return _choice_grade(item, answer, seconds, ErrorCategory.SHOE_PROCEDURE, rule, explanation,
                             self.describe_key)

    def explain(self, item: Item) -> tuple[str, str]:
        if item.prompt["kind"] == "burn":
            exposed = item.prompt["exposed"][0]
            # The Gazette pages we have give no rule for the burn: it is the house's procedure, a table
            # setting, and said to be so rather than given a rule number it does not have.
            return (f"The exposed card is a {_rank_name(exposed)}: burn {_plural(item.key, 'card')} after it, as "
                    "many as its point value, a ten or a face card burning ten. The burn is the house's "
                    "procedure, a table setting; no Gazette rule we have covers it.", "")
        family = item.family
        if family == "cut.not-yet":
            return ("The cutting card has not come out yet, so play goes on: rules 9.8-9.9 apply only once it "
                    "appears.", "9.8-9.9")
        if family == "cut.during":
            return ("Rule 9.8: when the cutting card comes out during a round, that round is dealt to its end, "
                    "\"last coup\" is announced and one more round is dealt; after it no more cards are dealt "
                    "until the shoe is replaced or reshuffled.", "9.8")
        if family == "cut.first":
            return ("Rule 9.9: when the cutting card comes out as the first card of a round, \"last coup\" is "
                    "announced at once and that round is the last: after it no more cards are dealt until the "
                    "shoe is replaced or reshuffled.", "9.9")
        return ("Rule 9.8: after the cutting card came out, one more round was dealt as the last coup; now no "
                "more cards are dealt until the shoe is replaced or reshuffled.", "9.8")


# ---- 5. big-table procedure ---------------------------------------------------------------------------------

DEALER = "The dealer acts for the hand (nobody takes the role)"

# (id, rule, question, right answer, wrong answers): the project's own summary of rules 8.8-8.16.
PROCEDURE_QUESTIONS = (
    ("initial-deal", "8.11", "How are the first four cards of a coup dealt at the big table?",
     "Face down: the Player's two to the Player's box, the Banker's two to the Banker's box",
     ("Face up, straight to the players who hold the Player and Banker roles",
      "Face down, all four to the player with the highest wager",
      "The Player's two face up, the Banker's two face down")),
    ("first-hand", "8.12", "Which hand does the dealer pass out first?",
     "The Player's hand, to the seated Player",
     ("The Banker's hand, to the seated Banker", "Both hands together, one to each role",
      "Whichever hand has the larger total wager")),
    ("both-at-once", "8.15", "May the Player's and the Banker's hands be passed out at the same time?",
     "Never: one hand is passed, turned and returned before the other is passed",
     ("Yes, when the table is busy", "Yes, if both roles are held by the same player",
      "Only on the last coup of the shoe")),
    ("player-turns", "8.13", "The Player has looked at the two cards. What happens next?",
     "The Player turns them face up on the layout; the dealer announces the count and returns them face up to "
     "the Player's box",
     ("The Player announces the count and keeps the cards until the Banker has looked",
      "The Player hands the cards face down back to the dealer, who turns them in the Player's box",
      "The Player decides whether the hand takes a third card")),
    ("cards-in-view", "8.12", "What must a seated Player or Banker do while holding the cards?",
     "Keep them on the table and in full view of everyone in the game and of the cameras",
     ("Hide them until the dealer asks for them", "Hold them below the table edge to squeeze them",
      "Nothing special: they may take them away from the table")),
    ("banker-turn", "8.14", "When is the Banker's hand passed to the Banker?",
     "After the Player's hand has been turned up, announced and brought back to the Player's box",
     ("At the same moment as the Player's hand", "Before the Player's hand",
      "Only if the Player's hand is not a natural")),
    ("role-limits", "8.10", "What may the player acting as Banker decide about the Banker's hand?",
     "Nothing: they only expose its total and handle the cards as the dealer directs",
     ("Whether the Banker's hand draws a third card", "Whether to pay the Player's wagers",
      "Whether the hand is played at all")),
    ("pucks", "8.10", "How are the players holding the Banker and Player roles shown at the table?",
     "By the indicator puck marked \"Banker\" or \"Player\" next to their wagering area",
     ("By the dealer announcing their seat numbers each coup", "By their chips being stacked on the box",
      "They are not marked")),
    ("declined", "8.8", "The player with the highest Banker wager declines to act as Banker. What now?",
     "The role is offered to the player or players with the next highest Banker wager",
     ("The dealer acts for the Banker's hand at once", "The player with the highest Player wager takes it",
      "The coup cannot be dealt until someone accepts")),
    ("no-bet", "8.16", "Nobody has a wager on the Player's hand. Who handles the Player's cards?",
     "The dealer",
     ("The player with the highest Banker wager", "The player in seat 1",
      "Nobody: the coup is dealt with the Banker's hand only")),
)


@register
class ProcedureDrill(_BaccaratDrill):
    """Big-table baccarat procedure (rules 8.8-8.16): who takes the Banker and Player roles and how the cards
    are passed. Procedure questions, not outcomes: the answers are the rules' procedure in the project's words;
    who takes a role is the engine's answer (baccarat.big_table_role).

    Levels (docs/drills.md):
      Basic     the ten card-handling questions (rules 8.8-8.16) equally; no role questions
      Standard  the twelve families equally: the ten questions, who is Banker, who is Player
      Advanced  who takes the Banker or the Player role three items in four (3/8 each), the ten questions
                sharing the fourth
    """

    id = "baccarat.procedure"
    title = "Big-table procedure"
    description = "Who acts as Banker and Player, and how the cards pass around the big table (rules 8.8-8.16)."

    def families(self) -> list[str]:
        return ["who.banker", "who.player"] + [q[0] for q in PROCEDURE_QUESTIONS]

    @staticmethod
    def situation(item: Item) -> str:
        """A procedure question is the same question whatever order its choices come in."""
        return same_answer_situation(item)

    def mix(self, level: int) -> dict[str, int]:
        questions = [q[0] for q in PROCEDURE_QUESTIONS]
        if level == BASIC:
            return even(questions)
        if level == STANDARD:
            return even(self.families())
        roles = 3 * len(questions) // 2    # each role 3/8 of the items, the questions 1/4 between them
        return {"who.banker": roles, "who.player": roles, **even(questions)}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        family = family or self.draw_family(rng, difficulty)
        if family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id}")
        if family.startswith("who."):
            return self._who(rng, family)
        _qid, rule, question, right, wrong = next(q for q in PROCEDURE_QUESTIONS if q[0] == family)
        options = rng.shuffled([right, *wrong])
        prompt = {"kind": "question", "question": question, "options": options, "rule": rule}
        return Item(self.id, family, prompt, options.index(right) + 1, question,
                    f"See rule {rule} of the big-table rules.")

    def _who(self, rng, family: str) -> Item:
        role = family.split(".")[1]
        other = "player" if role == "banker" else "banker"
        # Rules 8.8-8.16 are the big table's: its seats, whatever table the settings set up for the tab.
        # The engine numbers the big table's places 1-14 in order; the felt labels them (13 left out).
        labels = table_seats(True, self.skip_unlucky)
        place_of = {label: place for place, label in enumerate(labels, start=1)}
        seats = sorted(rng.shuffled(labels)[:3 + rng.below(5)])
        # Distinct wager amounts (equal highest wagers are a case the rules settle separately).
        amounts = self.distinct_amounts(rng, len(seats))
        on_role = rng.below(4) if len(seats) > 1 else 0   # 0 now and then: nobody bets this hand (8.16)
        sides = {seat: (role if i < on_role else other) for i, seat in enumerate(rng.shuffled(seats))}
        wagers = [{"seat": seat, "side": sides[seat], "amount": amounts[i]}
                  for i, seat in enumerate(seats)]
        # The engine's offering order for the role; some of the first players offered it decline.
        offered = [labels[place - 1] for place in baccarat.big_table_role(
            [(place_of[w["seat"]], w["side"], w["amount"]) for w in wagers], role).offered]
        declined = list(offered[:rng.below(len(offered) + 1)]) if offered and rng.below(2) else []
        answer = baccarat.big_table_role(
            [(place_of[w["seat"]], w["side"], w["amount"], w["seat"] in declined) for w in wagers], role)
        right = DEALER if answer.dealer_acts or answer.seat is None else f"Seat {labels[answer.seat - 1]}"
        options = [f"Seat {w['seat']}" for w in wagers] + [DEALER]
        prompt = {"kind": "who", "role": role, "wagers": wagers, "declined": declined, "options": options,
                  "rule": answer.rule, "offered": [labels[place - 1] for place in answer.offered]}
        declined_words = (f" Seat{'s' if len(declined) > 1 else ''} {', '.join(map(str, declined))} "
                          f"decline{'s' if len(declined) == 1 else ''} the role." if declined else "")
        text = f"Who acts as the {role.capitalize()} for this coup?{declined_words}"
        return Item(self.id, family, prompt, options.index(right) + 1, text,
                    "The role follows the size of the wager on that hand; see rules 8.8, 8.9 and 8.16.")

    def describe_key(self, item: Item) -> str:
        return item.prompt["options"][item.key - 1]

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        explanation, rule = self.explain(item)
        return _choice_grade(item, answer, seconds, ErrorCategory.PROCEDURE, rule, explanation, self.describe_key)

    def explain(self, item: Item) -> tuple[str, str]:
        if item.prompt["kind"] == "who":
            role = item.prompt["role"].capitalize()
            # Each rule cited once: the role's own rule (8.8 Banker, 8.9 Player), then 8.16 for the dealer.
            role_rule = "8.8" if item.prompt["role"] == "banker" else "8.9"
            explanation = (f"Rule {role_rule}: the {role} is the seated player with the highest wager on the "
                           f"{role}'s hand (equal wagers: the lower seat number is asked first); if they decline, "
                           f"the role goes to the next highest wager on that hand. Wagers on the other hand and on "
                           f"the Tie do not count. Rule 8.16: when nobody bets the hand, or everyone offered the "
                           f"role declines, the dealer acts for it.")
            offered = item.prompt.get("offered", [])
            if offered:
                declined = set(item.prompt["declined"])
                asked = ", then to ".join(f"seat {s}" + (", who declines" if s in declined else "")
                                          for s in offered)
                explanation += f" Here the role is offered to {asked}."
            else:
                explanation += f" Here nobody wagers on the {role}'s hand."
            rule = "8.16" if item.prompt["rule"] == "8.16" else role_rule
        else:
            rule = item.prompt["rule"]
            right = item.prompt["options"][item.key - 1]
            explanation = f"Rule {rule}: {right[0].lower() + right[1:]}."
        return explanation, rule


DEFAULT_TARGETS.update({
    TableOfPlayDrill.id: Target(seconds=8.0, accuracy=0.95, test_items=30, pass_mark=0.95),
    CommissionDrill.id: Target(seconds=15.0, accuracy=0.90, test_items=20, pass_mark=0.90),
    SettleTableDrill.id: Target(seconds=45.0, accuracy=0.90, test_items=15, pass_mark=0.90),
    ShoeProcedureDrill.id: Target(seconds=10.0, accuracy=0.95, test_items=15, pass_mark=0.90),
    ProcedureDrill.id: Target(seconds=12.0, accuracy=0.95, test_items=20, pass_mark=0.90),
})
