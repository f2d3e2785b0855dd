"""Irregularities and procedure, one drill per game: a scenario, the action the dealer takes, the rule.

Only rules the project has the text of (docs/rules/): roulette 6.1 and 4.8-4.9; baccarat 8.8-8.9 with 8.16(a)
and 9.8-9.9; pai gow 12.1-12.2, item (e) of the co-banking rule (seed 000) with 11.1(c), and 6.5 with
11.1(b). Each family is a kind of situation; the drill draws its details (which wager, how many tiles, which
box), states the facts, and asks the engine (dealerdrill.core.irregularity, core_c/src/irregularity.c) for
the ruling. The choices offered are every action the engine can rule for that kind of situation, in a
random order; this module only words them.

Levels: each game's drill declares its mix (LEVELS, written in its docstring and in docs/drills.md): Basic
asks the plain situations, Standard every situation equally, Advanced mostly the exceptions and the
readings (rule 4.9's paid outside wagers, 8.16, the cutting card as a first card, rule (e), who may wager
on a box). Every item offers all the actions the engine can rule for its kind of situation.
"""
from __future__ import annotations

from dealerdrill.core import irregularity, roulette
from dealerdrill.core.irregularity import Action, Scenario
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_money

from .base import register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, level_of
from .situations import same_answer_situation
from .targets import DEFAULT_TARGETS

# The actions as a dealer would say them (the choices), and why, in the project's words.
ACTION_WORDS = {
    Action.SPIN_STANDS: "Let the ball run: the spin is good, and the wagers are settled where it comes to rest",
    Action.CALL_NO_SPIN: "Call “No spin” at once and try to take the ball out before it comes to rest",
    Action.MAY_TOUCH: "Let the player do it: every winning wager in that area has been paid",
    Action.MAY_TAKE_PAID_OUTSIDE: "Let the player take it: a paid winning outside wager may be taken back",
    Action.WAIT_UNTIL_PAID: "Stop the player: nothing in that area is touched until all its winners are paid",
    Action.OFFER_ROLE: "Offer the role to the seated player with the highest wager on that hand",
    Action.DEALER_ACTS: "The dealer acts for that hand",
    Action.DEAL_ON: "Deal the next round as usual",
    Action.FINISH_THEN_LAST_COUP: ("Put the cutting card aside, finish this round, announce “Last coup” and deal one "
                                   "more round"),
    Action.LAST_COUP_NOW: "Put the cutting card aside and announce “Last coup” now: this round is the last",
    Action.NO_MORE_CARDS: "Deal no more cards until the cards are replaced or reshuffled",
    Action.CARRY_ON: "Carry on: the rules call for nothing here",
    Action.PERFORM_LAJA: "Perform a laja (an extra mix of the tiles)",
    Action.RESHUFFLE: "Reshuffle the tiles",
    Action.MAY_PERMIT_EXPOSE: "The dealer may permit it: the co-banker may see 2 of the 4 tiles before the hand is set",
    Action.REFUSE_EXPOSE: "Refuse: the co-banker may be shown no more than 2 of the 4 tiles",
    Action.SET_BANK_HOUSE_WAY: "Set the bank's hand the house way now",
    Action.WAIT_FOR_OTHER_HANDS: "Not yet: the bank's hand is set only after every other hand has been set",
    Action.ACCEPT_WAGER: "Accept the wager",
    Action.REFUSE_BOX_ONE: "Refuse: no wagers are accepted on box 1 while the house is the sole banker",
    Action.REFUSE_BANKER_BOX: "Refuse: the player/banker's wager is the only wager allowed on that box",
    Action.REFUSE_FOURTH_PLAYER: "Refuse: no more than 3 players may wager on one box",
}
WHY = {
    Action.SPIN_STANDS: "A ball spun against the wheel's turn is a good spin; each wager is settled by its position "
                        "when the ball comes to rest",
    Action.CALL_NO_SPIN: "A ball spun the same way the wheel is turning makes the spin void: the dealer (or a more "
                         "senior employee) calls “No spin” straight away and tries to take the ball out before it "
                         "settles",
    Action.MAY_TOUCH: "Once every winning wager in a box or wagering area has been paid in full, its wagers may be "
                      "touched again",
    Action.MAY_TAKE_PAID_OUTSIDE: "A player may take back a winning outside wager (low, high, even, odd, "
                                  "red, black, a column or a dozen) once it has been paid, before the rest is paid",
    Action.WAIT_UNTIL_PAID: "No wager is touched, removed, altered or added to until every winning wager in that "
                            "box or area has been paid; only a paid outside winner may be taken back early (rule 4.9)",
    Action.OFFER_ROLE: "The role goes to the seated player with the highest wager on that hand, and to the next "
                       "highest if that player declines",
    Action.DEALER_ACTS: "When nobody bets on a hand, or every bettor on it declines the role, the dealer acts for "
                        "the hand (our page of that rule stops after its first condition; this is the project's "
                        "reading)",
    Action.DEAL_ON: "The cutting card has not come out, so nothing changes: the last coup is called only once it is "
                    "reached",
    Action.FINISH_THEN_LAST_COUP: "When the cutting card comes out during a round it is put aside and the round is "
                                  "dealt to its end; then “Last coup” is announced and one more round is dealt",
    Action.LAST_COUP_NOW: "When the cutting card is drawn as the first card of a round it is put aside and “Last coup” "
                          "is announced: that round is the last",
    Action.NO_MORE_CARDS: "After the last coup no further cards are dealt until the cards have been replaced or "
                          "reshuffled",
    Action.CARRY_ON: "A reshuffle is called for only when more than 2 tiles are exposed during a laja, and a laja "
                     "only for a tile exposed while stacking",
    Action.PERFORM_LAJA: "A tile exposed while the tiles are being stacked calls for a laja",
    Action.RESHUFFLE: "More than 2 tiles exposed during a laja call for a reshuffle",
    Action.MAY_PERMIT_EXPOSE: "The dealer may let the co-banker expose 2 of the 4 tiles of the bank's hand before it "
                              "is set",
    Action.REFUSE_EXPOSE: "The co-banker may expose 2 of the 4 tiles, no more",
    Action.SET_BANK_HOUSE_WAY: "The bank's hand is set the house way after all the other hands have been set",
    Action.WAIT_FOR_OTHER_HANDS: "The bank's hand is set only after all the other hands have been set",
    Action.ACCEPT_WAGER: "The casino may let up to 3 players wager on one box",
    Action.REFUSE_BOX_ONE: "When the house is the sole banker the chung is on box 1 and no wagers are accepted there",
    Action.REFUSE_BANKER_BOX: "Where there is a player/banker, the player/banker's wager is the only one allowed on "
                              "that box",
    Action.REFUSE_FOURTH_PLAYER: "Up to 3 players may wager on any one box",
}
# Wagers a scenario may name (the engine names them and says what they cover, so the winning number stated
# is always one the wager covers).
OUTSIDE = ("red", "black", "even", "odd", "low", "high", "column2", "dozen3")
INSIDE = ((17,), (8, 11), (25, 26, 28, 29), (31, 32, 33), (13, 14, 15, 16, 17, 18))


def _pick(rng, items):
    items = list(items)
    return items[rng.below(len(items))]


class _IrregularityDrill(Levelled):
    """What the three games' drills share: a family is a situation (facts from SCENARIOS), the engine
    rules on it, the choices are the engine's actions for that kind of scenario; LEVELS gives each level's
    weight of each family (a family left out is never drawn at that level)."""

    id = ""
    game = ""
    title = "Irregularities"
    description = ""
    SCENARIOS: dict = {}          # family -> (Scenario, category, function(rng) -> (facts, situation text))
    LEVELS: dict = {}             # level -> {family: weight}

    def __init__(self, settings=None):
        self.settings = settings

    def families(self) -> list[str]:
        return list(self.SCENARIOS)

    @staticmethod
    def situation(item: Item) -> str:
        """An irregularity with its remedy is one question, whatever seat or amounts it comes dressed in."""
        return same_answer_situation(item)

    def mix(self, level: int) -> dict[str, int]:
        weights = self.LEVELS[level]
        return {family: weights.get(family, 0) for family in self.families()}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        families = self.families()
        if family is None:
            family = self.draw_family(rng, level_of(difficulty))
        if family not in families:
            raise ValueError(f"{family!r} is not a family of {self.id}")
        scenario, _, make = self.SCENARIOS[family]
        facts, situation = make(rng)
        ruling = irregularity.ruling(scenario, **facts)
        actions = rng.shuffled(irregularity.actions(scenario))
        options = [ACTION_WORDS[action] for action in actions]
        prompt = {"scenario": situation, "options": options}
        key = {"choice": actions.index(ruling.action) + 1, "action": ruling.action.name, "rule": ruling.rule,
               "facts": facts}
        return Item(self.id, family, prompt, key, f"{situation} What does the dealer do?",
                    "Think of what the rule protects: the result of the spin or deal, and the wagers on it.")

    def describe_key(self, item: Item) -> str:
        return item.prompt["options"][item.key["choice"] - 1]

    def explain(self, item: Item) -> tuple[str, str]:
        action = Action[item.key["action"]]
        rule = item.key["rule"]
        return f"Rule {rule}: {WHY[action]}.", rule

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        options = item.prompt["options"]
        if isinstance(answer, bool) or not isinstance(answer, int) or not 1 <= answer <= len(options):
            raise ValueError(f"choose an action by its number, 1 to {len(options)}")
        # (a number typed as text, "2", is refused too: the panel sends the number itself)
        correct = answer == item.key["choice"]
        explanation, rule = self.explain(item)
        category = None if correct else self.SCENARIOS[item.family][1]
        return Grade(correct, self.describe_key(item), f"{answer}. {options[answer - 1]}", explanation, category,
                     rule, seconds)


# --- roulette: 6.1 and 4.8-4.9 ------------------------------------------------------------------------------

def _spin(with_wheel: bool):
    def make(rng):
        wheel = _pick(rng, ("clockwise", "anticlockwise"))
        other = "anticlockwise" if wheel == "clockwise" else "clockwise"
        ball = wheel if with_wheel else other
        return ({"ball_with_wheel": with_wheel},
                f"The wheel is turning {wheel}. The dealer launches the ball {ball} round the track.")
    return make


def _touch(change: str, outside: bool, wager_paid: bool, area_paid: bool):
    def make(rng):
        wager = roulette.classify(_pick(rng, OUTSIDE if outside else INSIDE))
        number = _pick(rng, [n for n in wager.numbers if n])
        stake = _pick(rng, (10, 25, 40, 50))
        state = ("It has been paid, and so have all the other winners there" if area_paid
                 else "It has been paid, but other winners there are still being paid" if wager_paid
                 else "The dealer has not paid it yet")
        doing = {"remove": "takes it, with its winnings, off the layout",
                 "alter": "moves some of its chips to another wager",
                 "add": "adds chips to it for the next spin"}[change]
        return ({"change": change, "outside": outside, "wager_paid": wager_paid, "area_paid": area_paid},
                f"{number} has won. A player's {format_money(stake)} wager on {wager.name} wins. {state}. The player "
                f"now {doing}.")
    return make


@register
class RouletteIrregularitiesDrill(_IrregularityDrill):
    """Roulette irregularities: the spin (rule 6.1) and wagers touched before the layout is paid (4.8-4.9).

    Levels (docs/drills.md):
      Basic     a ball spun with or against the wheel, an unpaid outside winner taken, a wager added once the
                area is paid: a quarter each
      Standard  the seven situations equally
      Advanced  the rule 4.9 cases (a paid outside winner taken back or altered, a paid inside winner taken
                before the rest is paid) a quarter each, the other four a sixteenth each
    """

    id = "roulette.irregularities"
    game = "roulette"
    description = ("A situation at the wheel: a ball spun the way the wheel turns (rule 6.1), a player reaching for "
                   "wagers before the layout is paid (rules 4.8-4.9). Choose what the dealer does.")
    C = ErrorCategory.ROULETTE_PROCEDURE
    SCENARIOS = {
        "spin.with_wheel": (Scenario.ROULETTE_SPIN, C, _spin(True)),
        "spin.against_wheel": (Scenario.ROULETTE_SPIN, C, _spin(False)),
        "touch.paid_outside.remove": (Scenario.ROULETTE_WAGER_TOUCHED, C, _touch("remove", True, True, False)),
        "touch.paid_outside.alter": (Scenario.ROULETTE_WAGER_TOUCHED, C, _touch("alter", True, True, False)),
        "touch.unpaid_outside": (Scenario.ROULETTE_WAGER_TOUCHED, C, _touch("remove", True, False, False)),
        "touch.paid_inside": (Scenario.ROULETTE_WAGER_TOUCHED, C, _touch("remove", False, True, False)),
        "touch.area_paid": (Scenario.ROULETTE_WAGER_TOUCHED, C, _touch("add", False, True, True)),
    }
    LEVELS = {
        BASIC: {"spin.with_wheel": 1, "spin.against_wheel": 1, "touch.unpaid_outside": 1, "touch.area_paid": 1},
        STANDARD: dict.fromkeys(SCENARIOS, 1),
        ADVANCED: {"spin.with_wheel": 1, "spin.against_wheel": 1, "touch.unpaid_outside": 1, "touch.area_paid": 1,
                   "touch.paid_outside.remove": 4, "touch.paid_outside.alter": 4, "touch.paid_inside": 4},
    }


# --- baccarat: 8.8-8.9 with 8.16, and 9.8-9.9 -----------------------------------------------------------------

def _no_taker(bettors: str):
    def make(rng):
        hand = _pick(rng, ("Player", "Banker"))
        other = "Banker" if hand == "Player" else "Player"
        count = 0 if bettors == "nobody" else 1 + rng.below(3)
        if count == 0:
            others = 1 + rng.below(4)
            bettors_there = "1 seated player bets" if others == 1 else f"{others} seated players bet"
            situation = (f"At the big table nobody has a wager on the {hand}'s hand; {bettors_there} on the "
                         f"{other}'s hand. The {hand}'s cards are about to be passed.")
        else:
            holding = "1 seated player has a wager" if count == 1 else f"{count} seated players have wagers"
            declining = (("The player declines" if count == 1 else "All of them decline") + " to handle the cards."
                         if bettors == "decline" else "Nobody has been asked yet to handle the cards.")
            situation = f"At the big table {holding} on the {hand}'s hand. {declining}"
        return {"wagers_on_hand": count, "all_decline": bettors == "decline"}, situation
    return make


def _cutting_card(when: str):
    def make(rng):
        coup = 40 + rng.below(30)
        situation = {
            "during round": f"In coup {coup} the cutting card comes out as the Banker's third card is drawn.",
            "first card": f"The dealer begins coup {coup}: the first card out of the shoe is the cutting card.",
            "last coup dealt": f"“Last coup” was announced after coup {coup}; coup {coup + 1} has now been dealt "
                               "and settled.",
            "still in shoe": f"Coup {coup} has been dealt and settled; the cutting card is still in the shoe.",
        }[when]
        return {"cut_card": when}, situation
    return make


@register
class BaccaratIrregularitiesDrill(_IrregularityDrill):
    """Baccarat irregularities: a hand nobody takes (rules 8.8-8.9, 8.16) and the cutting card (9.8-9.9).

    Levels (docs/drills.md):
      Basic     the role offered to a bettor, the cutting card out during a round, as the first card, or not
                yet: a quarter each
      Standard  the seven situations equally
      Advanced  nobody on the hand, every bettor declining, the cutting card as the first card and the round
                after the last coup a fifth each; the other three a fifteenth each
    """

    id = "baccarat.irregularities"
    game = "baccarat"
    description = ("A situation at the table: a hand nobody bets on or every bettor declines (rules 8.8-8.9, 8.16), "
                   "the cutting card coming out (rules 9.8-9.9). Choose what the dealer does.")
    SCENARIOS = {
        "no_taker.nobody": (Scenario.BACCARAT_NO_TAKER, ErrorCategory.PROCEDURE, _no_taker("nobody")),
        "no_taker.all_decline": (Scenario.BACCARAT_NO_TAKER, ErrorCategory.PROCEDURE, _no_taker("decline")),
        "no_taker.bettors": (Scenario.BACCARAT_NO_TAKER, ErrorCategory.PROCEDURE, _no_taker("bettors")),
        "cut.during_round": (Scenario.BACCARAT_CUTTING_CARD, ErrorCategory.SHOE_PROCEDURE,
                             _cutting_card("during round")),
        "cut.first_card": (Scenario.BACCARAT_CUTTING_CARD, ErrorCategory.SHOE_PROCEDURE, _cutting_card("first card")),
        "cut.last_coup_dealt": (Scenario.BACCARAT_CUTTING_CARD, ErrorCategory.SHOE_PROCEDURE,
                                _cutting_card("last coup dealt")),
        "cut.still_in_shoe": (Scenario.BACCARAT_CUTTING_CARD, ErrorCategory.SHOE_PROCEDURE,
                              _cutting_card("still in shoe")),
    }
    LEVELS = {
        BASIC: {"no_taker.bettors": 1, "cut.during_round": 1, "cut.first_card": 1, "cut.still_in_shoe": 1},
        STANDARD: dict.fromkeys(SCENARIOS, 1),
        ADVANCED: {"no_taker.nobody": 3, "no_taker.all_decline": 3, "no_taker.bettors": 1, "cut.during_round": 1,
                   "cut.first_card": 3, "cut.last_coup_dealt": 3, "cut.still_in_shoe": 1},
    }


# --- pai gow: 12.1-12.2, (e) with 11.1(c), 6.5 with 11.1(b) ----------------------------------------------------

def _exposed(phase: str, low: int, high: int):
    def make(rng):
        tiles = low + rng.below(high - low + 1)
        shown = "tile is" if tiles == 1 else "tiles are"
        when = "While the dealer is stacking the tiles" if phase == "stacking" else "During a laja"
        return {"phase": phase, "tiles_exposed": tiles}, f"{when}, {tiles} {shown} turned face up."
    return make


def _bank_hand(request: str, tiles: int | None = None, others_set: bool | None = None, co_banking=None):
    def make(rng):
        co = co_banking if co_banking is not None else bool(rng.below(2))
        who = f"A co-banker in box {2 + rng.below(7)} holds the bank with the house." if co else \
            "The house is the sole banker."
        if request == "expose":
            count = tiles if tiles is not None else 3 + rng.below(2)
            return ({"co_banking": True, "request": "expose", "tiles_to_expose": count},
                    f"{who} Before the bank's hand is set, the co-banker asks to expose {count} of its 4 tiles.")
        waiting = 1 + rng.below(4)
        state = "Every other hand has been set." if others_set else \
            f"{waiting} of the players' hands {'is' if waiting == 1 else 'are'} not set yet."
        return ({"co_banking": co, "request": "set now", "others_set": others_set},
                f"{who} {state} The co-banker asks for the bank's hand to be set now." if co else
                f"{who} {state} A player asks the dealer to set the house's hand now.")
    return make


def _box(case: str):
    def make(rng):
        if case == "box one":
            return ({"box": 1, "banker_box": 0, "players": 1},
                    "The house is the sole banker. A player asks to wager on box 1.")
        banker_box = 1 + rng.below(8)
        if case == "banker box":
            return ({"box": banker_box, "banker_box": banker_box, "players": 2},
                    f"A player/banker holds the bank in box {banker_box} and has wagered there. Another player asks "
                    f"to wager on box {banker_box} too.")
        box = _pick(rng, [b for b in range(2, 9) if b != banker_box])
        house = bool(rng.below(2))
        who = "The house is the sole banker." if house else f"A player/banker holds the bank in box {banker_box}."
        already = 3 if case == "fourth" else rng.below(3)
        there = "nobody has wagered there yet" if already == 0 else \
            f"{already} player{'s' if already > 1 else ''} already wager{'s' if already == 1 else ''} there"
        return ({"box": box, "banker_box": 0 if house else banker_box, "players": already + 1},
                f"{who} A player asks to wager on box {box}; {there}.")
    return make


@register
class PaiGowIrregularitiesDrill(_IrregularityDrill):
    """Pai gow irregularities: tiles exposed (rules 12.1-12.2), the bank's hand (rule (e), 11.1(c)) and who
    may wager on a box (rule 6.5, 11.1(b)).

    Levels (docs/drills.md):
      Basic     a tile exposed while stacking, many exposed in a laja, the bank's hand asked for early or when
                every hand is set, box 1 with the house banking, an open box: a sixth each
      Standard  the eleven situations equally
      Advanced  one or two tiles exposed in a laja, the co-banker asking to see 2 or more tiles, the
                player/banker's box and a fourth player on a box an eighth each; the other six a sixteenth each
    """

    id = "paigow.irregularities"
    game = "paigow"
    description = ("A situation at the table: tiles exposed while stacking or in a laja (rules 12.1-12.2), the "
                   "co-banker and the bank's hand (rule (e); 11.1(c)), who may wager on a box (rule 6.5; 11.1(b)). "
                   "Choose what the dealer does.")
    C = ErrorCategory.PAIGOW_PROCEDURE
    SCENARIOS = {
        "exposed.stacking": (Scenario.PAIGOW_EXPOSED_TILES, C, _exposed("stacking", 1, 3)),
        "exposed.laja_many": (Scenario.PAIGOW_EXPOSED_TILES, C, _exposed("laja", 3, 5)),
        "exposed.laja_few": (Scenario.PAIGOW_EXPOSED_TILES, C, _exposed("laja", 1, 2)),
        "bank.expose_two": (Scenario.PAIGOW_BANK_HAND, C, _bank_hand("expose", tiles=2, co_banking=True)),
        "bank.expose_more": (Scenario.PAIGOW_BANK_HAND, C, _bank_hand("expose", co_banking=True)),
        "bank.set_early": (Scenario.PAIGOW_BANK_HAND, C, _bank_hand("set now", others_set=False)),
        "bank.set_ready": (Scenario.PAIGOW_BANK_HAND, C, _bank_hand("set now", others_set=True)),
        "box.one": (Scenario.PAIGOW_WAGER_ON_BOX, C, _box("box one")),
        "box.banker": (Scenario.PAIGOW_WAGER_ON_BOX, C, _box("banker box")),
        "box.fourth": (Scenario.PAIGOW_WAGER_ON_BOX, C, _box("fourth")),
        "box.open": (Scenario.PAIGOW_WAGER_ON_BOX, C, _box("open")),
    }
    LEVELS = {
        BASIC: dict.fromkeys(("exposed.stacking", "exposed.laja_many", "bank.set_early", "bank.set_ready", "box.one",
                              "box.open"), 1),
        STANDARD: dict.fromkeys(SCENARIOS, 1),
        ADVANCED: {family: 2 if family in ("exposed.laja_few", "bank.expose_two", "bank.expose_more", "box.banker",
                                           "box.fourth") else 1 for family in SCENARIOS},
    }


DEFAULT_TARGETS.update({
    RouletteIrregularitiesDrill.id: Target(seconds=15.0, accuracy=0.95, test_items=15, pass_mark=0.9),
    BaccaratIrregularitiesDrill.id: Target(seconds=15.0, accuracy=0.95, test_items=15, pass_mark=0.9),
    PaiGowIrregularitiesDrill.id: Target(seconds=15.0, accuracy=0.95, test_items=15, pass_mark=0.9),
})
