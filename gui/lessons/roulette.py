"""The roulette course: the wheel and the layout, every wager and its odds, zero, completes and pictures, settling
the layout in order, and the payout keys. Rules: docs/rules/roulette.md (Gazette 1996 No. 7 and 1998 No. 16).

Every number a lesson shows comes from dealerdrill.core.roulette: the wheel's order and colours, which wagers
cover a number, what a wager pays, the paying order. The texts only say what the rules and dealer practice are.
"""
from __future__ import annotations

from fractions import Fraction

from dealerdrill.core import roulette
from dealerdrill.settings import Settings

from .model import Check, Course, Example, Figure, Lesson, Note, Table, Text
from .words import count, dollars, listed, sentence

GAME = "roulette"
Spec = tuple[int, ...] | str        # a wager as the engine names it: the numbers it covers, or an outside box


# --- what the engine says, in the forms the lessons use ----------------------------------------------------------

def colours() -> dict[int, str]:
    return {number: roulette.color(number) for number in range(37)}


def layout_key(wager: roulette.Wager) -> tuple[int, ...] | str:
    """Where a wager lies on the drawn layout: its numbers, or the name of its outside box (the box the engine
    says covers the same numbers)."""
    if not wager.kind.outside:
        return wager.numbers
    for name in roulette.OUTSIDE_NAMES:
        if roulette.classify(name).numbers == wager.numbers:
            return name
    raise ValueError(f"no outside box covers the numbers of {wager.name}")


def _first_four(settings: Settings) -> bool:
    return bool(settings.roulette.first_four)


def _unit(settings: Settings) -> int:
    return int(settings.roulette.minimum_bet)


def _layout(settings: Settings, stakes: dict, number: int | None = None, caption: str = "") -> Figure:
    """The layout with `stakes` ({wager spec: dollars}) on it; with `number`, the dolly on it and the winners lit
    (the engine's winners)."""
    first_four = _first_four(settings)
    placed = {layout_key(roulette.classify(spec, first_four)): amount for spec, amount in stakes.items()}
    winning: list = []
    if number is not None and stakes:
        winning = [layout_key(w) for w in roulette.winning_wagers(number, list(stakes), first_four)]
    return Figure("roulette_layout", {"stakes": placed, "dolly": number, "winning": winning,
                                      "first_four": first_four, "colours": colours(),
                                      "chip_values": tuple(settings.roulette.chip_values)}, caption)


def _settled_lines(stakes: dict, number: int, first_four: bool) -> tuple[list[str], dict[str, int]]:
    """One line per wager, as the engine settles it on `number`, and the payouts by wager name."""
    specs = list(stakes)
    paid = roulette.settle([(spec, stakes[spec]) for spec in specs], number, first_four)
    lines, payouts = [], {}
    for spec, winnings in zip(specs, paid):
        wager = roulette.classify(spec, first_four)
        payouts[wager.name] = winnings
        if winnings:
            lines.append(f"{sentence(wager.name)}, {dollars(stakes[spec])}: wins, paid {dollars(winnings)} "
                         f"({wager.odds} to 1), and the stake stays.")
        else:
            lines.append(f"{sentence(wager.name)}, {dollars(stakes[spec])}: loses; the dealer clears it.")
    return lines, payouts


def _bullets(lines) -> str:
    return "\n".join(f"•  {line}" for line in lines)


# --- 1. the wheel and the layout --------------------------------------------------------------------------------

def _wheel_and_layout(settings: Settings) -> tuple:
    order = roulette.WHEEL_ORDER
    colour_of = colours()
    reds = [n for n in range(1, 37) if colour_of[n] == "red"]
    blacks = [n for n in range(1, 37) if colour_of[n] == "black"]
    first_four = _first_four(settings)
    covering = roulette.covering(17, first_four)
    kinds: dict[str, int] = {}
    for wager in covering:
        kinds[wager.kind.label] = kinds.get(wager.kind.label, 0) + 1
    return (
        Text("A roulette table has two parts: the wheel, where the result is decided, and the layout, the felt "
             "the players put their chips on. The wheel has 37 pockets numbered 0 to 36. The dealer spins the "
             "ball; the pocket it comes to rest in is the winning number, and every wager is settled by where it "
             "lies on the layout at that moment ({rule 4.7})."),
        Figure("roulette_wheel", {"order": order, "colours": colour_of},
               "The single-zero wheel. Clockwise from 0: " + ", ".join(str(n) for n in order) + "."),
        Text(f"0 is green. Of the numbers 1 to 36, {len(reds)} are red and {len(blacks)} black, and round the wheel "
             f"red and black take turns; 0 sits between {order[-1]} and {order[1]}. The wheel's order is not the "
             f"layout's: neighbours on the wheel are far apart on the felt."),
        Table(("Colour", "Numbers"), (("Red", ", ".join(map(str, reds))), ("Black", ", ".join(map(str, blacks))),
                                      ("Green", "0"))),
        Text("On the layout the numbers 1 to 36 lie in 12 rows of three, with 0 at the head: the first row is 1, "
             "2, 3, the second 4, 5, 6, and so on to 34, 35, 36. The program draws the layout as the dealer sees it, "
             "on its side: 0 on the left, each row of three standing upright (1 at the bottom, 3 at the top), and "
             "the three long lines of numbers, the columns, running to the right to their \"2 to 1\" boxes. Below "
             "the numbers lie the three dozens (1-12, 13-24, 25-36) and the six even-money boxes (1-18, even, red, "
             "black, odd, 19-36). The columns, dozens and even-money boxes are the outside wagers ({rule 4.9}); a "
             "wager on the numbers themselves is an inside wager."),
        _layout(settings, {}, None, "The layout as the program draws it at every roulette table."),
        Text("Where a chip lies says which numbers it covers:\n"
             "•  on a number: that number alone (a straight up);\n"
             "•  on the line between two numbers: both (a split);\n"
             "•  on the outer edge of a row, beside the dozens: the row's three numbers (a street);\n"
             "•  where four numbers meet: all four (a corner);\n"
             "•  on that outer edge where two rows meet: both rows, six numbers (a six line);\n"
             "•  in an outside box: every number the box stands for.\n"
             "The next lesson gives each wager its odds."),
        Text("Besides the wheel and the layout a table has a display rack that shows what each colour of chip in "
             "play is worth, with marker buttons, a change block where chips are bought and changed, a dolly the "
             "dealer puts on the winning number, and a bell ({rule 2.6}). Each player plays chips of a colour of "
             "their own (non-value chips), worth what the player paid for them, so the dealer always knows whose "
             "wager is whose."),
        Example("What wins when 17 comes up", (
            Text(f"The engine lists {count(len(covering), 'place')} on the layout that cover 17: "
                 + listed([count(n, label) for label, n in kinds.items()]) + ". "
                 "With a chip on each of them and 17 the winning number, the dolly goes on 17 and every one of "
                 "them wins; a chip anywhere else would lose."),
            _layout(settings, {layout_key(w): _unit(settings) for w in covering}, 17,
                    "Every wager that covers 17, lit as the engine settles it."),
            Text(_bullets(sentence(w.name) for w in covering)),
        ), {"number": 17, "covering": [w.name for w in covering], "red": reds, "black": blacks,
            "neighbours_of_zero": (order[-1], order[1])}),
    )


# --- 2. every wager and its odds ----------------------------------------------------------------------------------

EXAMPLE_WAGERS: dict[roulette.WagerKind, Spec] = {
    roulette.WagerKind.STRAIGHT: (17,), roulette.WagerKind.SPLIT: (17, 20), roulette.WagerKind.STREET: (16, 17, 18),
    roulette.WagerKind.CORNER: (17, 18, 20, 21), roulette.WagerKind.SIX_LINE: (16, 17, 18, 19, 20, 21),
    roulette.WagerKind.COLUMN: "column2", roulette.WagerKind.DOZEN: "dozen2", roulette.WagerKind.LOW: "low",
    roulette.WagerKind.HIGH: "high", roulette.WagerKind.EVEN: "even", roulette.WagerKind.ODD: "odd",
    roulette.WagerKind.RED: "red", roulette.WagerKind.BLACK: "black",
}


def payout_table(stake: int) -> tuple[tuple[str, ...], ...]:
    """Every kind of wager: its name, the numbers it covers, its odds, an example and what a win of `stake` is
    paid, each the engine's."""
    rows = []
    for kind, spec in EXAMPLE_WAGERS.items():
        wager = roulette.classify(spec)
        paid = roulette.settle([(spec, stake)], wager.numbers[0])[0]
        rows.append((sentence(kind.label), str(kind.covers), f"{kind.odds} to 1", wager.name, dollars(paid)))
    return tuple(rows)


SPIN_OF_20: dict[Spec, int] = {(20,): 1, (17, 20): 1, (19, 20, 21): 1, (16, 17, 19, 20): 1,
                               (19, 20, 21, 22, 23, 24): 1, "column2": 2, "dozen2": 2, "high": 2, "even": 2,
                               "black": 2, (8,): 1, "red": 2, "dozen1": 2}


def _wagers_and_odds(settings: Settings) -> tuple:
    unit = _unit(settings)
    stake = 10 * unit
    stakes = {spec: units * unit for spec, units in SPIN_OF_20.items()}
    lines, payouts = _settled_lines(stakes, 20, _first_four(settings))
    straight_paid = roulette.settle([((17,), stake)], 17)[0]
    return (
        Text("{rule 3.1: Rule 3.1} lets a player bet on any number from 0 to 36 or on certain groups of them, and "
             "{rule 5.1} says what each wager pays when it wins. Odds are written \"x to 1\": a winning wager is "
             "paid x times its stake, and the stake itself stays with the winner, apart from the payment. The "
             "fewer numbers a wager covers, the more it pays."),
        Table(("Wager", "Numbers covered", "Pays", "For example", f"A winning {dollars(stake)} stake is paid"),
              payout_table(stake), "Every wager of rule 5.1, settled by the engine. The whole table is also in "
                                   "{chart roulette.payouts: the roulette payout chart}."),
        Text(f"So a winning straight up with a {dollars(stake)} stake is paid {dollars(straight_paid)} beside the "
             f"stake, which stays with it. A losing wager is simply taken: there is nothing to pay on it."),
        Example("A spin of 20, settled by the engine", (
            Text("Thirteen wagers lie on the layout and the ball comes to rest in 20. The engine settles each:"),
            _layout(settings, stakes, 20, "The winning wagers are lit; the dolly marks 20."),
            Text(_bullets(lines)),
        ), {"number": 20, "stakes": {roulette.classify(s).name: a for s, a in stakes.items()}, "payouts": payouts,
            "straight_paid": straight_paid, "stake": stake}),
    )


# --- 3. zero ----------------------------------------------------------------------------------------------------

def _zero(settings: Settings) -> tuple:
    first_four = _first_four(settings)
    unit = _unit(settings)
    winners = roulette.covering(0, first_four)
    stakes: dict[Spec, int] = {(0,): unit, (0, 2): unit, (0, 2, 3): unit}
    if first_four:
        stakes[(0, 1, 2, 3)] = unit
    stakes.update({"red": 2 * unit, "low": 2 * unit, "column1": 2 * unit, "dozen1": 2 * unit, (17,): unit})
    lines, payouts = _settled_lines(stakes, 0, first_four)
    table_says = ("This table offers it: the setting \"first four\" is on." if first_four else
                  "This table does not offer it: the setting \"first four\" is off, so a chip there is not a wager.")
    return (
        Text("When the ball lands on 0, every wager on the layout loses except a straight up on 0 and a wager on "
             "a combination of 0 with the numbers 1, 2 and 3 that the layout offers ({rule 5.2}). Those winners "
             "are paid at the odds of the same kind of wager anywhere else on the layout ({rule 5.3}): a split "
             "with 0 pays 17 to 1, a street with 0 pays 11 to 1."),
        Text("Every outside wager loses on 0: the even-money boxes, the dozens and the columns. Nothing is given "
             "back on an even-money wager; some casinos elsewhere return half, or hold the wager for the next "
             "spin, but the rules taught here do not ({rules 5.2-5.3})."),
        Text("The combinations of 0 the layout offers: the streets 0-1-2 and 0-2-3 ({rule 3.1}), and the splits "
             "0-1, 0-2 and 0-3, because 0 borders 1, 2 and 3 at the head of the layout. The four numbers 0-1-2-3 "
             "together are the first four, paid as a corner at 8 to 1. " + table_says),
        Note("The first four appears on no New Zealand page the project has: it is a table setting (Settings, "
             "\"Offer the first-four corner\"), on by default because other rule sets offer it."),
        Example("Every wager that wins on 0", (
            Text("The engine's list of the wagers that cover 0 at this table, with their odds:"),
            Text(_bullets(f"{sentence(w.name)}: {w.odds} to 1" for w in winners)),
        ), {"winners": [w.name for w in winners]}),
        Example("A spin of 0, settled by the engine", (
            _layout(settings, stakes, 0, "The dolly on 0; only the zero wagers are lit."),
            Text(_bullets(lines)),
        ), {"stakes": {roulette.classify(s, first_four).name: a for s, a in stakes.items()}, "payouts": payouts}),
    )


# --- 4. completes and pictures ------------------------------------------------------------------------------------

COMPLETE_NUMBERS = (0, 1, 2, 17, 36)


def _complete_row(number: int, first_four: bool) -> tuple[str, ...]:
    parts = roulette.complete(number, first_four)
    chips = len(parts)
    full = sum(w.kind.covers for w in parts)
    paid_units = sum(roulette.settle([(w.numbers, 1) for w in parts], number, first_four))
    return (str(number), str(chips), str(full), str(paid_units))


def _completes(settings: Settings) -> tuple:
    first_four = _first_four(settings)
    unit = _unit(settings)
    parts = roulette.complete(17, first_four)
    by_kind: dict[str, list[str]] = {}
    for wager in parts:
        by_kind.setdefault(wager.kind.label, []).append(wager.name)
    on_17 = roulette.settle([(w.numbers, unit) for w in parts], 17, first_four)
    on_20 = roulette.settle([(w.numbers, unit) for w in parts], 20, first_four)
    won_on_20 = [w.name for w, paid in zip(parts, on_20) if paid]
    return (
        Text("Players often back one number in every way at once. A complete on a number is one unit on every "
             "inside wager that covers it: its straight up, its splits, its streets, its corners and its six "
             "lines. A full complete puts on each of those wagers as many units as the wager covers numbers: 1 on "
             "the straight up, 2 on each split, 3 on a street, 4 on a corner, 6 on a six line."),
        Text("Picture bets are the usual parts of a complete: the number with all its splits, all its corners, the "
             "straight up with its corners, and so on. Completes and pictures are dealer practice, not Gazette "
             "rules; every part is still an ordinary wager, paid at its own odds ({rule 5.1}). Dealers learn what "
             "the complete of each number costs and pays by heart."),
        Table(("Number", "Chips in its complete", "Units in its full complete", "Its complete pays when it wins "
               "(units)"), tuple(_complete_row(n, first_four) for n in COMPLETE_NUMBERS),
              "Counted and settled by the engine at this table."),
        Example(f"The complete of 17, {dollars(unit)} a wager", (
            Text(f"The engine's complete of 17 is {count(len(parts), 'wager')}: "
                 + listed([f"{len(names)} {label}" if len(names) == 1 else f"{len(names)} {label}s"
                           for label, names in by_kind.items()]) + "."),
            _layout(settings, {w.numbers: unit for w in parts}, 17, "The complete of 17, with 17 the winner."),
            Text(f"When 17 comes up every part wins, and the engine pays {dollars(sum(on_17))} in all. When 20 comes "
                 f"up instead only the parts that also cover 20 win ({listed(won_on_20)}), and it pays "
                 f"{dollars(sum(on_20))}."),
        ), {"parts": [w.name for w in parts], "paid_on_17": sum(on_17), "paid_on_20": sum(on_20),
            "won_on_20": won_on_20}),
    )


# --- 5. settling the layout ---------------------------------------------------------------------------------------

SPIN_OF_14: dict[Spec, int] = {(14,): 1, (13, 14): 2, (14, 15, 17, 18): 1, (13, 14, 15): 1,
                               (13, 14, 15, 16, 17, 18): 2, "red": 3, "column2": 2, "dozen2": 1, "odd": 2, (22,): 1}


def _settling(settings: Settings) -> tuple:
    first_four = _first_four(settings)
    # The house's reading of the paying order in force (a manager's setting), as the payout drill grades it.
    reading = roulette.PayingOrder(getattr(settings.roulette, "inside_paying_order", "by odds"))
    steps = roulette.paying_steps(reading)
    inside = [kinds[0] for kinds in steps[1:]]
    unit = _unit(settings)
    stakes = {spec: units * unit for spec, units in SPIN_OF_14.items()}
    winners = roulette.winning_wagers(14, list(stakes), first_four)
    in_order = roulette.paying_order([w.numbers if not w.kind.outside else layout_key(w) for w in winners],
                                     first_four, reading)
    paid = {w.name: amount for w, amount in zip(
        [roulette.classify(s, first_four) for s in stakes],
        roulette.settle(list(stakes.items()), 14, first_four))}
    step_rows = tuple((str(i + 1), listed([k.label for k in kinds]), listed(sorted({f"{k.odds} to 1" for k in kinds},
                                                                                  key=lambda t: int(t.split()[0]))))
                      for i, kinds in enumerate(steps))
    return (
        Text("After the spin the dealer settles the layout in the same order every time:\n"
             "1.  Put the dolly on the winning number.\n"
             "2.  Clear the losing wagers.\n"
             "3.  Pay the outside wagers.\n"
             + ("4.  Pay the inside wagers from the lowest odds to the highest: "
                if reading is roulette.PayingOrder.BY_ODDS else
                "4.  Pay the inside wagers in this house's order, streets before corners though a street pays more: ")
             + ", ".join(k.label + "s" for k in inside[:-1]) + f", and the {inside[-1].label}s last."),
        Table(("Step", "Paid together", "Odds"), step_rows, "The paying order as the engine defines it."),
        Text("The rules behind it: a wager is settled by where it lies when the ball comes to rest and by nothing "
             "else ({rule 4.7}); nobody may touch, take away, change or add to a wager in a box or area until every "
             "winning wager there has been paid in full ({rule 4.8}); and once a winning outside wager has been "
             "paid, its player may take it back ({rule 4.9}). Finishing each area before the next keeps to rule "
             "4.8; the order itself is dealer practice, not a Gazette rule, and the house's to choose: by odds, or "
             "streets before corners, as many dealing schools teach (a manager's setting)."),
        Text("A spin can be void: a ball spun in the same direction as the wheel is turning makes it \"No spin\". "
             "The dealer, or a more senior employee, calls it straight away, and the ball is taken out before it "
             "drops into a pocket if that can be done ({rule 6.1}). A void spin has no result; a ball spun against "
             "the wheel's turn is a good spin."),
        Example("A spin of 14, paid in order", (
            _layout(settings, stakes, 14, "The winners are lit; the straight up on 22 and the red lose."),
            Text("The engine puts the winning wagers in paying order:\n" + "\n".join(
                f"{i + 1}.  {sentence(w.name)}: {dollars(paid[w.name])}" for i, w in enumerate(in_order))),
        ), {"number": 14, "order": [w.name for w in in_order], "payouts": {w.name: paid[w.name] for w in in_order}}),
    )


# --- 6. payout keys -----------------------------------------------------------------------------------------------

KEY_KINDS = (roulette.WagerKind.STRAIGHT, roulette.WagerKind.SPLIT, roulette.WagerKind.STREET,
             roulette.WagerKind.CORNER, roulette.WagerKind.SIX_LINE)
KEY_CHIPS = tuple(range(1, 21))


def key_table() -> tuple[tuple[str, ...], ...]:
    """What 1 to 20 chips pay at each inside odds, each figure the engine's."""
    rows = []
    for chips in KEY_CHIPS:
        row = [str(chips)]
        for kind in KEY_KINDS:
            spec = EXAMPLE_WAGERS[kind]
            row.append(str(roulette.settle([(spec, chips)], roulette.classify(spec).numbers[0])[0]))
        rows.append(tuple(row))
    return tuple(rows)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _keys(settings: Settings) -> tuple:
    straight_chips, split_chips = 14, 13
    paid_35 = roulette.settle([((17,), straight_chips)], 17)[0]
    paid_17 = roulette.settle([((17, 20), split_chips)], 17)[0]
    half = Fraction(straight_chips, 2)
    one_and_half = Fraction(3 * split_chips, 2)
    return (
        Text("A dealer pays fast by knowing the common payouts by heart and by a few keys for the large odds "
             "({rule 5.1} gives the odds; the keys are only quicker ways to the same amount):\n"
             "•  35 to 1: half the stake, times 7, times 10 (35 is 70 halved);\n"
             "•  17 to 1: one and a half times the stake, times 10, plus twice the stake (17 is 15 and 2);\n"
             "•  11 to 1: ten times the stake, plus the stake;\n"
             "•  8 to 1: ten times the stake, less twice the stake;\n"
             "•  5 to 1: half the stake, times 10."),
        Table(("Chips", *[f"{sentence(k.label)} ({k.odds} to 1)" for k in KEY_KINDS]), key_table(),
              "What 1 to 20 chips are paid, settled by the engine: the figures dealers learn by heart. See also "
              "{chart roulette.payouts: the roulette payout chart}."),
        Example(f"{straight_chips} chips straight up", (
            Text(f"Half of {straight_chips} is {_number(half)}; times 7 is {_number(half * 7)}; times 10 is "
                 f"{_number(half * 70)}. The engine pays {paid_35} chips."),
        ), {"chips": straight_chips, "paid": paid_35, "key": int(half * 70)}),
        Example(f"{split_chips} chips on a split", (
            Text(f"One and a half times {split_chips} is {_number(one_and_half)}; times 10 is "
                 f"{_number(one_and_half * 10)}; plus twice {split_chips} ({2 * split_chips}) is "
                 f"{_number(one_and_half * 10 + 2 * split_chips)}. The engine pays {paid_17} chips."),
        ), {"chips": split_chips, "paid": paid_17, "key": int(one_and_half * 10 + 2 * split_chips)}),
    )


COURSE = Course(GAME, (
    Lesson("roulette.wheel_and_layout", GAME, "The wheel and the layout",
           "The single-zero wheel and its colours, the layout's numbers and boxes, where a chip lies and what it "
           "covers, and the table's equipment.",
           Check("roulette.winners", "mark the wagers that win (or the losers to clear) on a number"),
           _wheel_and_layout),
    Lesson("roulette.wagers", GAME, "Every wager and its odds",
           "The thirteen kinds of wager, how many numbers each covers and what each pays (rule 5.1).",
           Check("roulette.payout", "pay each winning wager on a layout"), _wagers_and_odds),
    Lesson("roulette.zero", GAME, "Zero and its combinations",
           "What wins and what loses when the ball lands on 0 (rules 5.2 and 5.3).",
           Check("roulette.winners", "mark the winners (or the losers to clear) when 0 comes up",
                 families=("roulette.winners.winners.zero", "roulette.winners.clear.zero")), _zero),
    Lesson("roulette.completes", GAME, "Completes and pictures",
           "What a complete and a full complete are, what they cost and pay, and the picture bets.",
           Check("roulette.completes", "count and pay completes and picture bets"), _completes),
    Lesson("roulette.settling", GAME, "Settling the layout in order",
           "The dealer's order after a spin, what may be touched and when (rules 4.7-4.9), and the void spin "
           "(rule 6.1).",
           Check("roulette.irregularities", "what the dealer does when a wager is touched or the ball is spun "
                                            "the wrong way"), _settling),
    Lesson("roulette.payout_keys", GAME, "Payout keys",
           "The quick ways to 35, 17, 11, 8 and 5 times a stake, and the payouts dealers know by heart.",
           Check("roulette.payout_keys", "work out inside payouts in chips"), _keys),
))
