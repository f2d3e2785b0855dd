"""Baccarat, find the error: a coup as the dealer dealt and settled it, with zero to three mistakes.

The cards come from a shuffled shoe (dealerdrill.core.baccarat); the engine resolves the coup as the table of
play deals it, checks the hands as the dealer laid them out (dealerdrill.core.baccarat_check: what each hand
should have done, the totals and the winner of the hands as they lie) and settles every wager
(baccarat.settle, with the table's commission and tie odds). The drill plants mistakes on some lines.

Mistakes (the drill's families):
  player_draw     the Player's hand drawn or stood against the Player's rule (or drawn to a natural)
  banker_draw     the Banker's hand drawn or stood against Table 2 / rule 9.5 (or drawn to a natural)
  commission      a winning Banker wager paid with the wrong commission (rule 5.7(b)): none taken, too
                  much, or taken off the payment when the table marks it in the commission box
  tie_even_money  a winning Tie wager paid at even money instead of the tie odds
  tie_no_push     a Player or Banker wager taken or paid on a tie instead of pushed
  none            nothing wrong
Wagers are judged on the cards as they lie: a misdealt hand is a mistake of its own.

Levels: see the drill's class (and docs/drills.md).
"""
from __future__ import annotations

from dealerdrill.core import baccarat, baccarat_check
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_cents

from . import find_error
from .baccarat_drills import _BaccaratDrill, banker_row_sentence, banker_stood_sentence, player_rule_sentence
from .base import register
from .find_error import NONE_FAMILY, MistakeKind
from .levels import ADVANCED, BASIC, STANDARD, level_of
from .targets import DEFAULT_TARGETS

KINDS = {
    "player_draw": MistakeKind("player_draw", "the Player's hand drawn or stood wrongly", ErrorCategory.PLAYER_DRAW,
                               ""),
    "banker_draw": MistakeKind("banker_draw", "the Banker's hand drawn or stood wrongly", ErrorCategory.BANKER_DRAW,
                               "Table 2, 9.5"),
    "commission": MistakeKind("commission", "a Banker win paid with the wrong commission",
                              ErrorCategory.COMMISSION_AMOUNT, "5.7(b)"),
    "tie_even_money": MistakeKind("tie_even_money", "a Tie paid at even money", ErrorCategory.TIE_PAYOUT, ""),
    "tie_no_push": MistakeKind("tie_no_push", "Player or Banker not pushed on a tie", ErrorCategory.TIE_PUSH, ""),
}
PREFIX = "baccarat.find."
TIE_KINDS = {"tie_even_money", "tie_no_push"}
money = format_cents
# What the Gazette pages we have do not number (docs/rules/baccarat.md): said so in the feedback instead.
PLAYER_RULE_NOTE = "The Player's drawing rule is the standard one; no Gazette rule we have states it."
TIE_NOTE = "The Tie's odds and the push on a tie are table settings; no Gazette rule we have numbers them."


def _stake_cap(level: int) -> int:
    """The largest wager drawn at a level, in table minimums: 20 at Basic, 30 at Standard, 40 at Advanced."""
    return 10 * min(level, 3) + 10


def _compatible(kinds: list[str]) -> bool:
    """A coup is won by one side: a commission mistake needs a Banker win, the tie mistakes a tie."""
    return not ("commission" in kinds and TIE_KINDS.intersection(kinds))


def _card(card: baccarat.Card) -> list[int]:
    return [card.rank, int(card.suit)]


def _hand_words(cards: list[baccarat.Card]) -> str:
    names = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    return ", ".join(names.get(c.rank, str(c.rank)) for c in cards)


@register
class BaccaratFindErrorDrill(_BaccaratDrill):
    """A dealt and settled coup: find the dealer's mistakes (or none) and give each correction.

    Levels (docs/drills.md):
      Basic     the Player's draw, the commission, a Tie paid at even money and nothing wrong, a quarter each
                (the Banker's Table 2 and pushes on a tie come later); 3 seats, stakes up to 20 table minimums;
                one mistake
      Standard  the six families equally; 4 seats, up to 30 minimums; one or two kinds of mistake
      Advanced  the Banker's draw three tables in eight, the other five families an eighth each; 6 seats, up
                to 40 minimums; one to three kinds of mistake
    Each wager line is graded on its own in the grade's details (its side: Player, Banker or Tie).
    """

    id = "baccarat.find_error"
    title = "Find the error"
    description = ("A coup as the dealer dealt and settled it: mark a hand drawn or stood against the table of "
                   "play, a Banker win paid with the wrong commission, a Tie paid at even money, or Player and "
                   "Banker wagers not pushed on a tie, each with its correction; or say there is no mistake.")

    def families(self) -> list[str]:
        return [PREFIX + kind for kind in KINDS] + [PREFIX + NONE_FAMILY]

    def mix(self, level: int) -> dict[str, int]:
        weights = {BASIC: {"player_draw": 1, "banker_draw": 0, "commission": 1, "tie_even_money": 1,
                           "tie_no_push": 0, NONE_FAMILY: 1},
                   STANDARD: dict.fromkeys((*KINDS, NONE_FAMILY), 1),
                   ADVANCED: {"player_draw": 1, "banker_draw": 3, "commission": 1, "tie_even_money": 1,
                              "tie_no_push": 1, NONE_FAMILY: 1}}[level]
        if not self._commission_owed(_stake_cap(level)):
            weights["commission"] = 0
        return {PREFIX + kind: weight for kind, weight in weights.items()}

    def _commission_owed(self, cap: int) -> bool:
        """Whether the engine charges commission on some winning Banker wager this table draws (at 0%, or a
        rate that rounds to $0 on every stake, no commission mistake can be shown, so none is asked for)."""
        known: dict[int, bool] = self.__dict__.setdefault("_owed_by_cap", {})   # the engine asked once per cap
        if cap not in known:
            known[cap] = any(self.settle([("banker", 100 * stake)], "banker")[0].commission > 0
                             for stake in self._amount_choices(cap))
        return known[cap]

    # -- the coup as the dealer laid it out ------------------------------------------------------------------
    def _deal(self, rng, kinds: list[str]):
        """(player cards, banker cards, the engine's check of them), the hands misdealt as `kinds` asks and
        won as the settlement mistakes need."""
        for _ in range(5000):
            codes = rng.shuffled(baccarat.shoe_codes(self.decks))[:8]
            cards = [baccarat.Card.from_code(code) for code in codes]
            ranks = [c.rank for c in cards]
            coup = baccarat.coup(ranks)
            player, banker, ahead = [cards[0], cards[2]], [cards[1], cards[3]], iter(cards[4:])
            player_draws = len(coup.player) == 3
            if "player_draw" in kinds:
                player_draws = not player_draws
            if player_draws:
                player.append(next(ahead))
            should = baccarat_check.check_hands([c.rank for c in player], [c.rank for c in banker])
            banker_draws = should.banker_should_draw != ("banker_draw" in kinds)
            if banker_draws:
                banker.append(next(ahead))
            check = baccarat_check.check_hands([c.rank for c in player], [c.rank for c in banker])
            if "commission" in kinds and check.winner != "banker":
                continue
            if TIE_KINDS.intersection(kinds) and check.winner != "tie":
                continue
            return player, banker, check
        raise RuntimeError(f"no coup in 5000 deals fits {kinds}")  # pragma: no cover

    def _wagers(self, rng, difficulty: int, kinds: list[str]) -> list[tuple[int, str]]:
        count = {1: 3, 2: 4}.get(difficulty, 6)
        seats = sorted(rng.shuffled(self.seats)[:count])
        wagers = []
        for seat in seats:
            wagers.append((seat, "banker" if rng.below(2) else "player"))
            if rng.below(3) == 0:
                wagers.append((seat, "tie"))
        sides = {side for _, side in wagers}
        if "commission" in kinds and "banker" not in sides:
            wagers[0] = (wagers[0][0], "banker")
        if "tie_even_money" in kinds and "tie" not in sides:
            wagers.append((seats[-1], "tie"))
        return sorted(set(wagers), key=lambda w: (w[0], w[1] == "tie"))

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        difficulty = level
        family = find_error.choose_family(rng, self, family, level)
        kinds = find_error.planted_kinds(rng, family.removeprefix(PREFIX),
                                         find_error.level_kinds(self, level, PREFIX), level, _compatible)
        if "commission" in kinds and not self._commission_owed(_stake_cap(difficulty)):
            raise ValueError(f"{self.id}: no commission is owed on any Banker wager at this table, so none can be "
                             "paid wrongly")
        # Drawn again until every kind asked for is planted: the engine's commission on a small Banker win can
        # round to $0 (a $10 wager, 5% rounded down to a $1 chip), which leaves no commission to get wrong. The
        # first draw is kept whenever it fits, so such items are made as before.
        for _ in range(find_error.MAX_DRAWS):
            player, banker, check = self._deal(rng, kinds)
            wagers = self._wagers(rng, difficulty, kinds)
            amounts = self.wager_amounts(rng, len(wagers), cap=_stake_cap(difficulty))
            amounts = [max(self.table.minimum_bet * 100, a // 5 // 500 * 500) if side == "tie" else a
                       for (_, side), a in zip(wagers, amounts)]
            settled = self.settle([(side, amount) for (_, side), amount in zip(wagers, amounts)], check.winner)
            lines, right, rows = [], {}, []
            for hand, cards, drew in (("P", player, check.player_drew), ("B", banker, check.banker_drew)):
                name = "Player" if hand == "P" else "Banker"
                total = baccarat.point_count([c.rank for c in cards[:2]])
                lines.append({"id": hand, "label": f"{name}'s hand ({_hand_words(cards[:2])}: {total})",
                              "shown": f"drew a third card ({_hand_words(cards[2:])})" if drew else "stood",
                              "accepts": ["draw", "stand"]})
                right[hand] = "draw" if drew else "stand"
            for i, ((seat, side), amount, s) in enumerate(zip(wagers, amounts, settled), start=1):
                line_id = f"W{i}"
                treatment = {"lose": "take", "push": "push"}.get(s.result, s.paid)
                shown = {"take": "taken", "push": "pushed"}.get(treatment) or f"paid {money(s.paid)}"
                lines.append({"id": line_id, "label": f"seat {seat} {side.capitalize()} {money(amount)}",
                              "shown": shown, "accepts": ["amount", "take", "push"]})
                right[line_id] = treatment
                rows.append((line_id, side, amount, s))
            two_card = {"P": baccarat.point_count([c.rank for c in player[:2]]),
                        "B": baccarat.point_count([c.rank for c in banker[:2]])}
            mistakes = self._plant(rng, kinds, check, two_card, lines, right, rows)
            if find_error.planted_every_kind(kinds, mistakes):
                break
        else:  # pragma: no cover - some Banker wager owes commission (checked above), so a fit comes soon
            raise RuntimeError(f"no coup in {find_error.MAX_DRAWS} draws plants {kinds}")
        prompt = {"player": [_card(c) for c in player], "banker": [_card(c) for c in banker],
                  "totals": {"player": check.player_total, "banker": check.banker_total},
                  "lines": lines, "money": "cents", "tie_odds": self.tie_odds,
                  "wagers": [{"line": line_id, "side": side, "amount": amount} for line_id, side, amount, _ in rows],
                  "commission": f"{self.percent_words()}, " + ("marked in the commission box"
                                                                if self.collection == "box" else "taken at payment")}
        text = ("The dealer has dealt this coup and settled the table. Mark each mistake with its correction: a "
                "hand drawn or stood against the table of play (draw or stand), or a wager settled wrongly (pay, "
                "take or push, judged on the cards as they lie); commit with nothing marked if all is right.")
        hint = (f"A natural stands; {player_rule_sentence()}; the Banker follows Table 2 when the Player drew, rule "
                f"9.5 when the Player stood. Banker wins less {self.percent_words()} commission; a Tie pays "
                f"{self.tie_odds} to 1, and Player and Banker push on a tie.")
        key = {"right": right, "mistakes": mistakes, "winner": check.winner}
        return Item(self.id, family, prompt, key, text, hint)

    def _plant(self, rng, kinds, check, two_card, lines, right, rows) -> dict:
        by_id = {line["id"]: line for line in lines}
        mistakes: dict = {}
        free = list(rows)

        def take(condition):
            fitting = [row for row in free if condition(row)]
            if not fitting:
                return None
            row = fitting[rng.below(len(fitting))]
            free.remove(row)
            return row

        for kind in kinds:
            if kind == "player_draw":
                should = "draw" if check.player_should_draw else "stand"
                right["P"] = should
                if check.natural:
                    why, rule, unnumbered = "a natural on either hand: both stand", "Table 2", ""
                else:
                    why = f"the Player's first two cards count {two_card['P']}: {player_rule_sentence()}"
                    rule, unnumbered = "", PLAYER_RULE_NOTE
                mistakes["P"] = {"kind": kind, "rule": rule, "unnumbered": unnumbered,
                                 "why": f"the Player should {should}: {why}."}
            elif kind == "banker_draw":
                should = "draw" if check.banker_should_draw else "stand"
                right["B"] = should
                total = two_card["B"]
                if check.banker_rule == "natural":
                    why, rule = "a natural on either hand: both stand", "Table 2"
                elif check.banker_rule == "Table 2":
                    why, rule = banker_row_sentence(total).removeprefix("Table 2: "), "Table 2"
                else:
                    why, rule = banker_stood_sentence().removeprefix("rule 9.5: "), "9.5"
                mistakes["B"] = {"kind": kind, "rule": rule, "why": f"the Banker should {should}: {why}."}
            elif kind == "commission":
                row = take(lambda r: r[1] == "banker" and r[3].result == "win" and r[3].commission)
                if row is None:
                    continue
                line_id, _, amount, s = row
                if self.collection == "box":
                    shown = s.winnings - s.commission
                    how = ("the table marks commission in the seat's commission box, so the winner is paid the "
                           f"full {money(s.winnings)} and {money(s.commission)} is marked")
                else:
                    shown = s.winnings if rng.below(2) else max(0, s.winnings - 2 * s.commission)
                    how = (f"{self.percent_words()} commission of {money(s.commission)} comes off the "
                           f"{money(s.winnings)} won: pay {money(s.paid)}")
                by_id[line_id]["shown"] = f"paid {money(shown)}"
                mistakes[line_id] = {"kind": kind, "rule": "5.7(b)",
                                     "why": f"a winning Banker wager pays even money less commission; "
                                            f"{how}, not {money(shown)}."}
            elif kind == "tie_even_money":
                row = take(lambda r: r[1] == "tie")
                if row is None:
                    continue
                line_id, _, amount, s = row
                by_id[line_id]["shown"] = f"paid {money(amount)}"
                mistakes[line_id] = {"kind": kind, "rule": "", "unnumbered": TIE_NOTE,
                                     "why": f"a winning Tie pays {self.tie_odds} to 1: {money(amount)} × "
                                            f"{self.tie_odds} = {money(s.paid)}, not even money."}
            elif kind == "tie_no_push":
                row = take(lambda r: r[1] != "tie")
                if row is None:
                    continue
                line_id, side, amount, s = row
                by_id[line_id]["shown"] = "taken" if rng.below(2) else f"paid {money(amount)}"
                mistakes[line_id] = {"kind": kind, "rule": "", "unnumbered": TIE_NOTE,
                                     "why": f"on a tie Player and Banker wagers push: the {side.capitalize()} "
                                            "wager neither wins nor loses and stays where it is."}
        return mistakes

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        return find_error.grade_marks(item, answer, seconds, KINDS, self.explain, self.describe_key,
                                      {w["line"]: w["side"] for w in item.prompt["wagers"]})

    def explain(self, item: Item) -> tuple[str, str]:
        return find_error.explain_mistakes(
            item, KINDS, "The coup was dealt by the table of play, Table 2, and every wager settled right: "
                         "Player even money, Banker even money less commission as rule 5.7(b) says, a Tie "
                         f"{self.tie_odds} to 1 with Player and Banker pushing.", "Table 2")

    def describe_key(self, item: Item) -> str:
        return find_error.describe_mistakes(item)


DEFAULT_TARGETS[BaccaratFindErrorDrill.id] = Target(seconds=45.0, test_items=15)
