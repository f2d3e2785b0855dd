"""The baccarat course: cards, points and naturals, the Player's drawing rule and rule 9.5, Table 2, the wagers
and their payouts, commission and its rounding, the shoe (burn, cutting card, last coup), and the big table's
roles. Rules: docs/rules/baccarat.md (Gazette 1998 No. 10, No. 11 and No. 12).

Every coup a lesson shows is dealt by the engine from a shoe with a fixed seed (so the page and the table drawn
on it show the same cards); every total, draw, payout and commission is the engine's (dealerdrill.core.baccarat).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dealerdrill.core import baccarat, commission
from dealerdrill.settings import Settings

from .model import Check, Course, Example, Figure, Lesson, Note, Table, Text
from .words import cents, count, listed, runs, sentence

GAME = "baccarat"
SHOE_SEED = 20_240_601      # the lessons' shoe: every coup they show is dealt from it by the engine
MAX_COUPS = 80              # a coup of the kind asked for is looked for this far into the shoe
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SHOWN_SUITS = ("spades", "hearts", "clubs", "diamonds")   # the suits the card row is drawn in (only looks)


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def card_words(card) -> str:
    return f"{rank_name(card.rank)} ({baccarat.card_value(card.rank)})"


# --- coups from the lessons' shoe ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class FoundCoup:
    """A coup dealt from the lessons' shoe: the number of coups dealt to reach it (it is the last of them)."""

    coup: baccarat.Coup
    dealt: int
    burned: int | None           # cards burned after the shuffle (None: the table does not burn)


def lesson_shoe(settings: Settings) -> baccarat.Shoe:
    table = settings.baccarat
    return baccarat.Shoe(decks=table.decks, cut_from_end=table.cut_from_end, burn=table.burn, seed=SHOE_SEED)


def find_coup(settings: Settings, wanted: Callable[[baccarat.Coup], bool]) -> FoundCoup:
    """The first coup of the lessons' shoe that is `wanted`, as the engine deals it (burn first when the table
    burns)."""
    shoe = lesson_shoe(settings)
    burned = len(shoe.burn().burned) if shoe.burns else None
    for dealt in range(1, MAX_COUPS + 1):
        coup = shoe.deal()
        if wanted(coup):
            return FoundCoup(coup, dealt, burned)
    raise ValueError("the lessons' shoe dealt no coup of the kind this example needs")


def table_figure(settings: Settings, coups: int, caption: str, *, big_table: bool = False) -> Figure:
    """The program's baccarat table over the lessons' shoe, with `coups` coups dealt (0: only the burn)."""
    table = settings.baccarat
    return Figure("baccarat_table", {"decks": table.decks, "cut_from_end": table.cut_from_end, "burn": table.burn,
                                     "seed": SHOE_SEED, "coups": coups, "big_table": big_table,
                                     "tie_odds": table.tie_odds, "commission_percent": table.commission_percent,
                                     "minimum_bet": table.minimum_bet, "maximum_bet": table.maximum_bet,
                                     "chip_values": tuple(table.chip_values)}, caption)


def hand_words(cards, total: int) -> str:
    return f"{listed([card_words(c) for c in cards])}: {total}"


def coup_lines(coup: baccarat.Coup) -> list[str]:
    """The coup card by card as the engine dealt it, and its winner."""
    player, banker = list(coup.player_cards), list(coup.banker_cards)
    first_player = baccarat.point_count([c.rank for c in player[:2]])
    first_banker = baccarat.point_count([c.rank for c in banker[:2]])
    lines = [f"Player's first two cards: {hand_words(player[:2], first_player)}.",
             f"Banker's first two cards: {hand_words(banker[:2], first_banker)}."]
    if coup.natural:
        lines.append("A natural: neither hand draws.")
    else:
        lines.append(f"Player draws a third card, {card_words(player[2])}: the Player's Hand counts "
                     f"{coup.player_total}." if len(player) > 2 else
                     f"Player stands on {first_player}.")
        lines.append(f"Banker draws a third card, {card_words(banker[2])}: the Banker's Hand counts "
                     f"{coup.banker_total}." if len(banker) > 2 else
                     f"Banker stands on {first_banker}.")
    lines.append(f"Tie, {coup.player_total} to {coup.banker_total}." if coup.winner == "tie" else
                 f"{sentence(coup.winner)} wins, {max(coup.player_total, coup.banker_total)} to "
                 f"{min(coup.player_total, coup.banker_total)}.")
    return lines


def coup_facts(found: FoundCoup) -> dict:
    coup = found.coup
    return {"seed": SHOE_SEED, "dealt": found.dealt, "player": [c.rank for c in coup.player_cards],
            "banker": [c.rank for c in coup.banker_cards], "player_total": coup.player_total,
            "banker_total": coup.banker_total, "winner": coup.winner, "natural": coup.natural}


def _bullets(lines) -> str:
    return "\n".join(f"•  {line}" for line in lines)


def _draws(total: int) -> str:
    return "draws" if baccarat.player_draws(total) else "stands"


# --- 1. cards, points and naturals -------------------------------------------------------------------------------

POINT_EXAMPLES = ((7, 8), (13, 9), (5, 5), (1, 6), (12, 11), (9, 9))


def _cards_and_points(settings: Settings) -> tuple:
    values = {rank: baccarat.card_value(rank) for rank in range(1, 14)}
    naturals = [t for t in range(10) if baccarat.is_natural(t)]
    rows = []
    for ranks in POINT_EXAMPLES:
        worth = [values[r] for r in ranks]
        rows.append((" and ".join(rank_name(r) for r in ranks), " + ".join(map(str, worth)), str(sum(worth)),
                     str(baccarat.point_count(list(ranks)))))
    found = find_coup(settings, lambda coup: coup.natural)
    return (
        Text("Baccarat is a game of two hands, the Player's Hand and the Banker's Hand, dealt from a shoe. The "
             "players bet on which hand will come closer to 9, or on a tie. \"Player\" and \"Banker\" are only the "
             "names of the two boxes on the layout: anyone may bet on either, and the house is not the Banker. At "
             f"mini baccarat the dealer handles every card. This table's shoe holds {settings.baccarat.decks} decks "
             "(a table setting)."),
        Text("Every card has a point value: an ace counts 1, the cards 2 to 9 count their number, and tens and "
             "picture cards (jack, queen, king) count 0."),
        Figure("cards", {"cards": [(rank, SHOWN_SUITS[rank % 4], f"counts {values[rank]}") for rank in range(1, 14)]},
               "The thirteen ranks and what each counts, as the engine values them."),
        Text("A hand's point count is a single digit, 0 to 9: add the values of its cards and keep only the last "
             "digit (the definition of point count). No hand is ever \"bust\"; a hand only counts from 0 to 9."),
        Table(("Cards", "Values", "Sum", "Point count"), tuple(rows), "Point counts as the engine works them out."),
        Text(f"A natural is a count of {runs(naturals)} on a hand's first two cards. When either hand has a "
             "natural, neither hand draws: the coup is over, the higher count wins and equal counts are a tie. A "
             "Banker's natural is in {rule Table 2: Table 2}."),
        Note("Rule 4.2 (the card values) and the part of the table of play with the Player's own rule and the "
             "Player's natural are not among the Gazette pages the project has; these are the standard rules, as "
             "every baccarat game plays them."),
        Text("The dealer deals four cards from the shoe, one at a time: Player, Banker, Player, Banker. Those are "
             "the initial deal; what happens next is the next two lessons."),
        Example("A coup with a natural, dealt by the engine", (
            table_figure(settings, found.dealt, f"Coup {found.dealt} of the lessons' shoe on the program's table."),
            Text(_bullets(coup_lines(found.coup))),
        ), {**coup_facts(found), "values": values, "naturals": naturals,
            "points": {ranks: baccarat.point_count(list(ranks)) for ranks in POINT_EXAMPLES}}),
    )


# --- 2. the Player's third card, and the Banker when the Player stood ----------------------------------------

def _player_and_rule_9_5(settings: Settings) -> tuple:
    totals = [t for t in range(10) if not baccarat.is_natural(t)]
    player_draws = [t for t in totals if baccarat.player_draws(t)]
    player_stands = [t for t in totals if not baccarat.player_draws(t)]
    banker_draws = [t for t in totals if baccarat.banker_draws(t, None)]
    banker_stands = [t for t in totals if not baccarat.banker_draws(t, None)]
    stood = find_coup(settings, lambda coup: not coup.natural and len(coup.player) == 2)
    drew = find_coup(settings, lambda coup: not coup.natural and len(coup.player) == 3)
    return (
        Text("When neither hand has a natural, the table of play decides whether each hand takes a third card. "
             "The dealer never chooses and the players never choose: the counts decide. The Player's Hand "
             "goes first."),
        Table(("Player's first two cards count", "The Player's Hand"),
              tuple((str(t), _draws(t)) for t in totals), "The Player's rule, as the engine applies it."),
        Text(f"So the Player draws on {runs(player_draws)} and stands on {runs(player_stands)}."),
        Text(f"When the Player stands, the Banker's Hand follows a rule of the same kind ({{rule 9.5}}): it draws "
             f"on {runs(banker_draws)} and stands on {runs(banker_stands)}. When the Player has drawn, the Banker "
             "follows Table 2, the next lesson."),
        Text("A third card is dealt face up ({rule 9.6}); the program lays it sideways, as dealers do. No hand ever "
             "gets more than one card beyond its first two ({rule 9.7})."),
        Note("The Player's drawing rule is the standard one: the Gazette pages the project has give the Banker's "
             "rules (rule 9.5 and Table 2), not the Player's."),
        Example("The Player stands (rule 9.5 decides the Banker)", (
            table_figure(settings, stood.dealt, f"Coup {stood.dealt} of the lessons' shoe."),
            Text(_bullets(coup_lines(stood.coup))),
        ), coup_facts(stood)),
        Example("The Player draws", (
            table_figure(settings, drew.dealt, f"Coup {drew.dealt} of the lessons' shoe."),
            Text(_bullets(coup_lines(drew.coup))),
        ), coup_facts(drew)),
    )


# --- 3. Table 2 ------------------------------------------------------------------------------------------------

BANKER_TOTALS = range(8)
THIRD_VALUES = range(10)


def table_2() -> dict[int, list[int]]:
    """Banker's count -> the Player's third-card values on which the Banker draws, the engine's Table 2."""
    return {b: [v for v in THIRD_VALUES if baccarat.banker_draws(b, v)] for b in BANKER_TOTALS}


def _row_words(draws: list[int]) -> str:
    stands = [v for v in THIRD_VALUES if v not in draws]
    if not stands:
        return "always draws"
    if not draws:
        return "always stands"
    return f"draws when the Player's third card is {runs(draws)}; stands on {runs(stands)}"


def _table_2(settings: Settings) -> tuple:
    chart = table_2()
    rows = tuple((str(b), *("D" if v in chart[b] else "S" for v in THIRD_VALUES)) for b in BANKER_TOTALS)
    rows += (("8, 9", *("N" for _ in THIRD_VALUES)),)
    groups: list[tuple[list[int], list[int]]] = []
    for b in BANKER_TOTALS:
        if groups and groups[-1][1] == chart[b]:
            groups[-1][0].append(b)
        else:
            groups.append(([b], chart[b]))
    summary = [f"Banker {runs(totals)}: {_row_words(draws)}." for totals, draws in groups]
    found = find_coup(settings, lambda coup: len(coup.player) == 3
                      and baccarat.point_count(coup.banker[:2]) in (3, 4, 5, 6))
    return (
        Text("When the Player has drawn a third card, the Banker's decision depends on two things: the Banker's "
             "own count and the point value (0 to 9) of the Player's third card ({rule Table 2: Table 2}). The "
             "dealer reads it from the table below: the row is the Banker's count, the column the value of the "
             "Player's third card."),
        Table(("Banker's count", *[str(v) for v in THIRD_VALUES]), rows,
              "Table 2 as the engine decides it. D: the Banker draws. S: the Banker stands. N: a natural, never "
              "draws. Also in {chart baccarat.third_card: the Table 2 chart}."),
        Text("Read row by row, from the engine's decisions:\n" + _bullets(summary)),
        Text("The rows that depend most on the third card are Banker 3 to 6; dealers learn them first. Remember it "
             "is the card's point value that counts: a Player's third card that is a king has the value 0."),
        Example("The Banker's row decides", (
            table_figure(settings, found.dealt, f"Coup {found.dealt} of the lessons' shoe."),
            Text(_bullets(coup_lines(found.coup))),
        ), {**coup_facts(found), "table_2": chart}),
    )


# --- 4. wagers and payouts -----------------------------------------------------------------------------------------

def settle_rules(settings: Settings) -> dict:
    """The engine's settlement arguments from the table's settings, as the drills read them."""
    table = settings.baccarat
    terms = commission.table_terms(table.commission_percent, table.commission_rounding, min(table.chip_values) * 100)
    return {"tie_odds": table.tie_odds, "commission_rate": terms.bp / 10000, "rounding_unit": terms.rounding_unit,
            "rounding": terms.rounding,
            "collection": "payment" if table.commission_collection == "at payment" else "box"}


def terms_bp(settings: Settings) -> int:
    return commission.basis_points_of_percent(settings.baccarat.commission_percent)


def _settled(settlement: baccarat.Settlement) -> str:
    if settlement.result == "push":
        return "push: stays, nothing paid"
    if settlement.result == "lose":
        return "loses: taken"
    words = f"wins: paid {cents(settlement.paid)}"
    if settlement.commission:
        words += (f" ({cents(settlement.commission)} commission marked in the box)" if settlement.marked else
                  f" ({cents(settlement.winnings)} less {cents(settlement.commission)} commission)")
    return words


def _wagers(settings: Settings) -> tuple:
    rules = settle_rules(settings)
    unit = settings.baccarat.minimum_bet * 100
    bets = (("player", 5 * unit), ("banker", 10 * unit), ("tie", unit))
    by_winner = {winner: baccarat.settle(bets, winner, **rules) for winner in ("player", "banker", "tie")}
    rows = tuple((f"{sentence(side)} {cents(amount)}", *(_settled(by_winner[w][i]) for w in by_winner))
                 for i, (side, amount) in enumerate(bets))
    found = find_coup(settings, lambda coup: coup.winner == "tie")
    on_tie = by_winner["tie"]
    return (
        Text("A player bets on the Player's Hand, on the Banker's Hand, or on a Tie, and backs one side only: "
             "never Player and Banker in the same coup. What each wager pays at this table:\n"
             "•  Player: even money (1 to 1).\n"
             "•  Banker: even money, less the commission the house keeps ({rule 5.7(b)}; the next lesson).\n"
             f"•  Tie: {rules['tie_odds']} to 1 (a table setting: some houses pay 9 to 1).\n"
             "When the coup is a tie, Player and Banker wagers neither win nor lose: they push (a \"stand off\") "
             "and stay where they are."),
        Note("Section 5 of the rules, with the payouts, is not among the Gazette pages the project has; only the "
             "definition of commission is. The payouts here are the usual ones, and each is a table setting."),
        Table(("Wager", "Player wins", "Banker wins", "Tie"), rows,
              "One table of wagers settled by the engine for each result, under this table's settings. All three "
              "are in {chart baccarat.payouts: the baccarat payout chart}."),
        Example("A tie, dealt and settled by the engine", (
            table_figure(settings, found.dealt, f"Coup {found.dealt} of the lessons' shoe: a tie."),
            Text(_bullets(coup_lines(found.coup) + [f"{sentence(side)} {cents(amount)}: {_settled(s)}."
                                                    for (side, amount), s in zip(bets, on_tie)])),
        ), {**coup_facts(found), "bets": bets, "settled": {w: [tuple(s) for s in by_winner[w]] for w in by_winner}}),
    )


# --- 5. commission and its rounding -------------------------------------------------------------------------------

COMMISSION_WINS = (1000, 2500, 3500, 11000, 125000)      # Banker wins (cents)
BOX_WINS = (2500, 4000, 1500)


def _rounding_words(rules: dict) -> str:
    if rules["rounding_unit"] == 1:
        return "worked exactly, to the cent"
    way = "up" if rules["rounding"] is baccarat.Rounding.HOUSE else "down"
    favour = "the house's favour" if way == "up" else "the player's favour"
    return f"rounded {way} to the smallest chip, {cents(rules['rounding_unit'])} ({favour})"


def _commission(settings: Settings) -> tuple:
    table = settings.baccarat
    rules = settle_rules(settings)
    percent = f"{rules['commission_rate'] * 100:g}%"
    smallest = min(table.chip_values) * 100
    rows = []
    for amount in COMMISSION_WINS:
        at_table = baccarat.settle([("banker", amount)], "banker", **rules)[0]
        by_rounding = [commission.table_terms(table.commission_percent, choice, smallest).on(amount)
                       for choice in ("cents", "up", "down")]
        rows.append((cents(amount), cents(at_table.commission), *(cents(c) for c in by_rounding)))
    box = baccarat.box_commission(list(BOX_WINS), rules["commission_rate"], rules["rounding_unit"], rules["rounding"])
    one_by_one = [baccarat.settle([("banker", amount)], "banker", **rules)[0].commission for amount in BOX_WINS]
    in_box = rules["collection"] == "box"
    shortcut = ""
    if terms_bp(settings) == 500:
        amount = COMMISSION_WINS[3]
        exact = commission.table_terms(table.commission_percent, "cents").on(amount)
        shortcut = (f" At 5% the dealer's shortcut is a tenth of the wager, halved: a tenth of {cents(amount)} is "
                    f"{cents(amount // 10)}, and half of that is {cents(amount // 20)}, which is the engine's 5% of "
                    f"{cents(amount)}, {cents(exact)}.")
    return (
        Text("The Banker's Hand wins a little more often than the Player's, so the house keeps a commission out of "
             f"every winning Banker wager ({{rule 5.7(b)}}). At this table the rate is {percent} of the wager. "
             "Player and Tie wagers pay no commission, and neither does a Banker wager that loses or pushes."
             + shortcut),
        Text("A house collects it one of two ways (a table setting):\n"
             "•  taken at payment: the winner is paid the win less the commission;\n"
             "•  marked in the commission box: the winner is paid even money now, the commission is marked in the "
             "box with the seat's number, and the whole box is collected when the player leaves or the shoe ends.\n"
             + ("This table marks it in the commission box." if in_box else "This table takes it at payment.")),
        Text("The commission can come to an amount no chip can pay (the table below has some). How it is "
             f"rounded is a setting too: exactly to the cent, or to the smallest chip, up or down. This table: "
             f"{_rounding_words(rules)}."),
        Note("Rounding down pays the player the next amount that can be paid in chips, as the NSW-style rule 5.7 "
             "says; that rule belongs to another rule set, and the NZ rule 5.7(b) is the commission rule itself."),
        Table(("Banker wins", "Commission at this table", "Exact", "Rounded up", "Rounded down"), tuple(rows),
              f"Commission at {percent} worked by the engine: under this table's settings, then under each way of "
              f"rounding (smallest chip {cents(smallest)})."),
        Example("A seat's commission box", (
            Text(f"A seat wins Banker wagers of {listed([cents(a) for a in BOX_WINS])} during the shoe. In the box "
                 f"each win is marked exactly, and the box is rounded once, when it is collected: the engine says "
                 f"{cents(box)} is owed. Taken one win at a time the commissions would be "
                 f"{listed([cents(c) for c in one_by_one])}."),
        ), {"box": box, "one_by_one": one_by_one, "rate": rules["commission_rate"]}),
    )


# --- 6. the shoe ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class WholeShoe:
    exposed: baccarat.Card | None
    burned: int
    coups: int
    cut_card_coup: int           # the coup during or before which the cutting card came out
    last_coup: int
    rule: str                    # "9.8" (out during a round) or "9.9" (out as a round's first card)
    remaining: int


def deal_whole_shoe(settings: Settings) -> WholeShoe:
    shoe = lesson_shoe(settings)
    exposed, burned = None, 0
    if shoe.burns:
        burn = shoe.burn()
        exposed, burned = burn.exposed, len(burn.burned)
    coups, cut_coup, last = 0, 0, 0
    while not shoe.finished:
        coup = shoe.deal()
        coups += 1
        if coup.cut_card_out and not cut_coup:
            cut_coup = coups
        if coup.last_coup:
            last = coups
    rule = "9.9" if last == cut_coup else "9.8"
    return WholeShoe(exposed, burned, coups, cut_coup, last, rule, shoe.remaining)


def _shoe(settings: Settings) -> tuple:
    table = settings.baccarat
    whole = deal_whole_shoe(settings)
    if whole.exposed is None:
        burn_text = "This table does not burn: the first coup is dealt straight away."
    else:
        value = baccarat.card_value(whole.exposed.rank)
        burn_text = (f"After the shuffle the dealer shows the first card: the {whole.exposed}, value {value}"
                     + (", so it burns 10" if value == 0 else "")
                     + f". The engine burns {count(whole.burned, 'card')}, face down into the discard rack.")
    during = whole.rule == "9.8"
    return (
        Text(f"The shoe holds {table.decks} decks, shuffled together. After every shuffle the dealer burns: the first "
             "card is shown, and as many cards as its value are put face down in the discard rack unseen; a ten "
             "or a picture card burns 10. This table " + ("burns." if table.burn else "does not burn (a setting).")),
        Note("No Gazette page the project has describes the burn: it is the house's procedure, a table setting."),
        Text(f"A cutting card is put {table.cut_from_end} cards from the end of the shoe (a setting). When it comes "
             "out, the shoe is nearly done:\n"
             "•  out in the course of a round: it is put aside and the round is dealt to its end; the dealer then "
             "announces \"Last coup\" and deals one more round ({rule 9.8});\n"
             "•  out as the first card of a round: it is put aside and the last coup is announced at once, so the "
             "round being dealt is the last ({rule 9.9}).\n"
             "After the last coup no more cards are dealt until the cards are replaced or reshuffled ({rule 9.8})."),
        Note("Where the cutting card goes is not on the pages the project has. The project's reading: at least 11 "
             "cards must lie behind it, because a round begun just before it appears can need 5 more cards and "
             "the last coup up to 6 (README, \"Readings of rules the Gazette pages leave open\")."),
        Example("A whole shoe, dealt by the engine", (
            table_figure(settings, whole.coups, "The lessons' shoe on the program's table after its last coup. "
                                                "The banner is the table's own: at the Baccarat table, S shuffles a "
                                                "new shoe."),
            Text(_bullets([
                burn_text,
                (f"The cutting card came out during coup {whole.cut_card_coup}; that round was finished, \"Last "
                 f"coup\" was announced and coup {whole.last_coup} was the last (rule 9.8)." if during else
                 f"The cutting card came out as the first card of coup {whole.last_coup}, so that coup was the last "
                 f"(rule 9.9)."),
                f"The shoe dealt {whole.coups} coups; {count(whole.remaining, 'card')} stayed in the shoe behind "
                f"the cutting card, never dealt.",
            ])),
        ), {"exposed": None if whole.exposed is None else (whole.exposed.rank, int(whole.exposed.suit)),
            "burned": whole.burned, "coups": whole.coups, "cut_card_coup": whole.cut_card_coup,
            "last_coup": whole.last_coup, "rule": whole.rule, "remaining": whole.remaining}),
    )


# --- 7. the big table --------------------------------------------------------------------------------------------

ROLE_WAGERS = ((1, "banker", 200), (3, "banker", 500, True), (5, "banker", 300), (6, "player", 100),
               (9, "player", 400), (12, "tie", 50))


def _big_table(settings: Settings) -> tuple:
    wagers = [(w[0], w[1], w[2] * 100, *w[3:]) for w in ROLE_WAGERS]
    banker = baccarat.big_table_role(wagers, "banker")
    player = baccarat.big_table_role(wagers, "player")
    nobody = baccarat.big_table_role([(1, "banker", 10000), (3, "tie", 2500)], "player")
    seat_words = {w[0]: f"seat {w[0]}: {sentence(w[1])} {cents(w[2] * 100)}" + (", declines to handle the cards"
                                                                                 if len(w) > 3 and w[3] else "")
                  for w in ROLE_WAGERS}
    return (
        Text("At the big table the seated players handle the cards. Two of them take the roles of Banker and "
             "Player for the coup: the seated player with the highest wager on the Banker's Hand is offered the "
             "Banker's role ({rule 8.8}); if that player does not want it, it goes to the next highest Banker "
             "wager, and so on. The Player's role is chosen the same way from the wagers on the Player's Hand "
             "({rule 8.9})."),
        Text("The two roles only expose their hand's total: they take the cards and handle them as the rules and "
             "the dealer calling the game direct, and a puck reading \"Banker\" or \"Player\" beside their "
             "wagering area marks them ({rule 8.10})."),
        Text("How a coup goes at the big table:\n"
             "1.  The four cards of the initial deal are dealt face down, the Player's Hand to the Player's Box and "
             "the Banker's Hand to the Banker's Box ({rule 8.11}).\n"
             "2.  The dealer passes the Player's two cards to the Player, who keeps them in full view of everyone in "
             "the game and of the cameras and never takes them off the table ({rule 8.12}).\n"
             "3.  The Player turns them face up on the layout; the dealer announces the count and brings them back, "
             "face up, to the Player's Box ({rule 8.13}).\n"
             "4.  Then the Banker's Hand goes to the Banker, the same way ({rule 8.14}).\n"
             "5.  The two hands are never out at the same time ({rule 8.15})."),
        Note("{rule 8.16: Rule 8.16} (no taker) breaks off on the pages the project has. The project's reading: when "
             "nobody bets on a hand, or everyone who does declines, the dealer acts for that hand. The table of play "
             "at the big table is Table 2 and rule 9.5, as at mini baccarat."),
        table_figure(settings, 1, "The big table as the program draws it: 14 seats, the Player's and Banker's "
                                  "boxes in front of the dealer.", big_table=True),
        Example("Who handles the cards, decided by the engine", (
            Text("The wagers on the layout:\n" + _bullets(seat_words.values())),
            Text(f"Banker's role: offered to {listed([f'seat {s}' for s in banker.offered])} in that order; "
                 + (f"seat {banker.seat} takes it (rule {banker.rule})." if banker.seat is not None else
                    f"nobody takes it, so the dealer acts (rule {banker.rule}).")
                 + f"\nPlayer's role: offered to {listed([f'seat {s}' for s in player.offered])}; "
                 + (f"seat {player.seat} takes it (rule {player.rule})." if player.seat is not None else
                    f"the dealer acts (rule {player.rule}).")),
            Text("At another table nobody bets on the Player's Hand at all: "
                 + ("the dealer acts for it" if nobody.seat is None else f"seat {nobody.seat} takes it")
                 + f" (rule {nobody.rule})."),
        ), {"banker": (banker.seat, banker.offered, banker.rule), "player": (player.seat, player.offered, player.rule),
            "nobody": (nobody.seat, nobody.rule)}),
    )


COURSE = Course(GAME, (
    Lesson("baccarat.points", GAME, "Cards, points and naturals",
           "What each card counts, how a hand's point count is made, what a natural is, and the order of the "
           "initial deal.",
           Check("baccarat.table_of_play", "call a coup with a natural: draw or stand, and the winner",
                 families=("natural.player8", "natural.player9", "natural.banker8", "natural.banker9")),
           _cards_and_points),
    Lesson("baccarat.player_and_9_5", GAME, "The Player's third card",
           "When the Player's Hand draws a third card, and what the Banker's Hand does when the Player stands "
           "(rule 9.5).",
           Check("baccarat.table_of_play", "call coups where the Player stands",
                 families=tuple(f"player{p}.banker{b}" for p in (6, 7) for b in range(8))),
           _player_and_rule_9_5),
    Lesson("baccarat.table_2", GAME, "Table 2: the Banker's third card",
           "Table 2: the Banker's count against the value of the Player's third card.",
           Check("baccarat.table_of_play", "call whole coups as the shoe deals them"), _table_2),
    Lesson("baccarat.wagers", GAME, "Wagers and payouts",
           "The Player, Banker and Tie wagers, what each pays, and the push on a tie.",
           Check("baccarat.settle", "pay, take or push every wager after a coup"), _wagers),
    Lesson("baccarat.commission", GAME, "Commission and its rounding",
           "The commission on winning Banker wagers: the rate, taken at payment or marked in the box, and how it "
           "is rounded.",
           Check("baccarat.commission", "work out the commission on a winning Banker wager"), _commission),
    Lesson("baccarat.shoe", GAME, "The shoe and the last coup",
           "The burn after a shuffle, the cutting card and the last coup (rules 9.8 and 9.9).",
           Check("baccarat.shoe", "what the dealer does at the burn and when the cutting card comes out"), _shoe),
    Lesson("baccarat.big_table", GAME, "The big table: Banker and Player",
           "Who takes the Banker's and the Player's roles, and how the cards go round the big table "
           "(rules 8.8-8.16).",
           Check("baccarat.procedure", "the big table's card handling, step by step"), _big_table),
))
