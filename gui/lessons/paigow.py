"""The pai gow course: the 32 tiles, pairs and the named hands, points and copies, the deal, setting a hand the
house way in force, exposing and matching, and settlement with co-banking. Rules: docs/rules/paigow.md (Gazette
1998 No. 20, amended 1999 No. 9 and 2001 No. 173).

Every tile's name, rank and points, every hand's label, every comparison, setting, match and payment a lesson shows
is the engine's (dealerdrill.core.paigow and its house ways); the deal comes from the engine with a fixed seed, so
the page and the table drawn on it show the same tiles.
"""
from __future__ import annotations

from dealerdrill.core import commission, paigow
from dealerdrill.settings import Settings

from .model import Check, Course, Example, Figure, Lesson, Note, Table, Text
from .words import cents, listed, sentence

GAME = "paigow"
DEAL_SEED = 20_240_602      # the lessons' deal: the engine shuffles, stacks, throws the dice and delivers from it
HOUSE_BANK_BOX = 1          # the house banks from box 1 (rule 11.1(a))
PLAYER_BOX = 2              # the box whose tiles the program's table shows in front of the trainee


def kinds() -> list[list[paigow.Tile]]:
    """The 16 kinds of tile, highest first, each with its tiles (the engine's set)."""
    by_kind: dict[int, list[paigow.Tile]] = {}
    for tile in paigow.TILES:
        by_kind.setdefault(tile.rank, []).append(tile)
    return [by_kind[rank] for rank in sorted(by_kind)]


def faces_of(tiles: list[paigow.Tile]) -> list[str]:
    return [t.face for t in tiles]


def points_words(tile: paigow.Tile) -> str:
    return " or ".join(map(str, tile.point_options)) if len(tile.point_options) > 1 else str(tile.points)


def tiles_figure(groups, caption: str = "") -> Figure:
    """Groups of tiles side by side, each with its caption under it ([(faces, caption), ...])."""
    return Figure("tiles", {"groups": [{"tiles": list(faces), "caption": words} for faces, words in groups]},
                  caption)


def hand_words(faces) -> str:
    return f"{' '.join(faces)} ({paigow.hand(*faces).label})"


def table_figure(settings: Settings, caption: str, *, player_setting=None) -> Figure:
    """The program's pai gow table with the lessons' deal delivered; with `player_setting` ((high, low) of the
    tiles in front of the trainee, box PLAYER_BOX), exposed: every hand set, the house's part played."""
    table = settings.paigow
    return Figure("paigow_table", {"seed": DEAL_SEED, "banker_box": HOUSE_BANK_BOX, "player_box": PLAYER_BOX,
                                   "house_way": table.house_way, "exposed": player_setting is not None,
                                   "player_setting": player_setting,
                                   "commission_percent": table.commission_percent, "minimum_bet": table.minimum_bet,
                                   "maximum_bet": table.maximum_bet, "chip_values": tuple(table.chip_values)},
                  caption)


def _bullets(lines) -> str:
    return "\n".join(f"•  {line}" for line in lines)


# --- 1. the tiles -----------------------------------------------------------------------------------------------

def tile_rows() -> tuple[tuple[str, ...], ...]:
    rows = []
    for tiles in kinds():
        first = tiles[0]
        faces = sorted({t.face for t in tiles})
        dots = sorted({sum(t.pips) for t in tiles})
        rows.append((str(first.rank), first.name, " and ".join(faces), "/".join(map(str, dots)), points_words(first),
                     str(len(tiles))))
    return tuple(rows)


def _kind_with_dots(tiles) -> str:
    faces = sorted({t.face: sum(t.pips) for t in tiles}.items())
    return f"{tiles[0].name}, " + " and ".join(f"{face} ({dots} dots)" for face, dots in faces)


def _tiles(settings: Settings) -> tuple:
    every_kind = kinds()
    civil = [tiles for tiles in every_kind if len({t.face for t in tiles}) == 1]
    mixed = [tiles for tiles in every_kind if len({t.face for t in tiles}) > 1]
    # Gee Joon is a mixed kind whose two tiles differ in dots (1-2 and 2-4): the sentence must not say otherwise.
    same_dots = [tiles for tiles in mixed if len({sum(t.pips) for t in tiles}) == 1]
    odd_kinds = [tiles for tiles in mixed if tiles not in same_dots]
    teen, mooy, gee = paigow.tile("6-6"), paigow.tile("5-5"), paigow.tile("1-2")
    return (
        Text(f"Pai gow is played with {len(paigow.TILES)} tiles (Chinese dominoes), 3 dice and a layout with 8 "
             "numbered boxes ({rules 3.1-3.3}). Each tile has two halves with 1 to 6 dots "
             "on each. Every player, and the bank, gets four tiles and sets them into two hands of two tiles."),
        Text(f"The tiles come in {len(every_kind)} kinds, ranked from the highest, Teen, to the lowest, Gee Joon "
             f"({{rule 4.4}}). {len(civil)} kinds are pairs of identical tiles. The other {len(mixed)} kinds are "
             f"each two different tiles: {len(same_dots)} with the same number of dots, such as 3-6 and 4-5 (the "
             f"\"mixed nines\"), and {listed([_kind_with_dots(tiles) for tiles in odd_kinds])}. The two tiles "
             "of such a kind rank alike and play alike."),
        tiles_figure([(faces_of(tiles), f"{tiles[0].rank}. {tiles[0].name}") for tiles in every_kind],
                     "The 32 tiles by kind, highest first, with the engine's names and ranks."),
        Table(("Rank", "Name", "Faces", "Dots", "Points", "Tiles in a set"), tile_rows(),
              "The engine's set. Also in {chart paigow.tile_ranks: the tile ranking chart}."),
        Text(f"A tile's points are its dots, or the last digit when there are 10 or more: {teen.name} "
             f"({sum(teen.pips)} dots) is worth {teen.points}, {mooy.name} ({sum(mooy.pips)} dots) {mooy.points} "
             f"({{rule 4.2}}). The two {gee.name} tiles are the exception: each may count "
             f"{' or '.join(map(str, gee.point_options))}."),
        Note("Appendix 3, which marks and ranks the tiles, is not among the Gazette pages the project has; the order "
             "here is the conventional one, used by every published house way."),
        Example("The highest and the lowest", (
            tiles_figure([(faces_of(every_kind[0]), f"{every_kind[0][0].name}: {every_kind[0][0].points} points"),
                          (faces_of(every_kind[-1]),
                           f"{every_kind[-1][0].name}: {points_words(every_kind[-1][0])} points each")]),
            Text(f"{every_kind[0][0].name} ({every_kind[0][0].face}) is the highest tile and is worth "
                 f"{every_kind[0][0].points} points; the {every_kind[-1][0].name} tiles "
                 f"({listed(faces_of(every_kind[-1]))}) are the lowest, worth {points_words(every_kind[-1][0])}. "
                 "A tile's rank and its points are two different things: rank breaks ties and names the pairs, "
                 "points make the ordinary hands."),
        ), {"kinds": [(tiles[0].rank, tiles[0].name, faces_of(tiles), tiles[0].point_options)
                      for tiles in every_kind]}),
    )


# --- 2. pairs and the named hands ------------------------------------------------------------------------------------

NAMED_EXAMPLES = (("6-6", "4-5"), ("1-1", "3-6"), ("6-6", "4-4"), ("1-1", "2-6"), ("6-6", "1-6"), ("1-1", "2-5"))
GEE_JOON_EXAMPLES = (("6-6", "1-2"), ("1-1", "2-4"), ("4-4", "2-6"), ("3-6", "4-5"))


def pair_faces(tiles: list[paigow.Tile]) -> tuple[str, str]:
    faces = faces_of(tiles)
    return (faces[0], faces[1])


def _kind_words(faces: tuple[str, str], described: paigow.Hand) -> str:
    """Why a hand is what the engine calls it: its two tiles' kinds, and the engine's name for the hand."""
    first, second = paigow.tile(faces[0]), paigow.tile(faces[1])
    kinds = (f"both {first.name}, one kind" if first.kind is second.kind else
             f"{first.name} and {second.name}, two kinds")
    return f"{' '.join(faces)}: {kinds}, so the engine calls the hand {described.label}."


def named_rows() -> list[tuple[int, str, str]]:
    hands = [pair_faces(tiles) for tiles in kinds()] + list(NAMED_EXAMPLES)
    rows = []
    for faces in hands:
        described = paigow.hand(*faces)
        if described.rank is None:
            raise ValueError(f"{faces} is not a named hand")
        rows.append((described.rank, described.label, " ".join(faces)))
    return sorted(rows)


def _named_hands(settings: Settings) -> tuple:
    rows = named_rows()
    gee = [paigow.hand(*faces) for faces in GEE_JOON_EXAMPLES]
    return (
        Text("A hand is two tiles. Some two-tile hands have a name and rank above every ordinary hand "
             f"({{rule 4.2}}); there are {len(rows)} of them, from the highest down:\n"
             "•  the 16 pairs: two tiles of one kind. The two Gee Joon tiles together are the highest pair of all, "
             "then Teen, Day, Yun and the rest in the order of the tiles;\n"
             "•  Wong: a Teen or a Day with a nine;\n"
             "•  Gong: a Teen or a Day with an eight;\n"
             "•  High Nine: a Teen or a Day with a seven.\n"
             "A Teen makes the higher one of each: a Teen Wong beats a Day Wong."),
        Table(("Rank", "Hand", "For example"), tuple((str(r), label, faces) for r, label, faces in rows),
              "The named hands as the engine ranks them."),
        tiles_figure([(faces, paigow.hand(*faces).label) for faces in NAMED_EXAMPLES],
                     "Wong, Gong and High Nine, named by the engine."),
        Text("Two tiles with the same dots but of different kinds are not a pair. And a Gee Joon tile with a Teen "
             "or a Day never makes a Wong, Gong or High Nine: it is an ordinary hand, counted by its points."),
        Example("Named or not? The engine decides", (
            tiles_figure([(faces, paigow.hand(*faces).label) for faces in GEE_JOON_EXAMPLES]),
            Text(_bullets(_kind_words(faces, hand) for faces, hand in zip(GEE_JOON_EXAMPLES, gee))),
        ), {"named": rows, "labels": {faces: hand.label for faces, hand in zip(GEE_JOON_EXAMPLES, gee)}}),
    )


# --- 3. points, equal points, copies and zero --------------------------------------------------------------------

POINT_HANDS = (("5-6", "2-2"), ("1-3", "5-6"), ("6-6", "1-2"), ("4-4", "2-6"), ("5-5", "4-6"))
COMPARISONS = (
    ("higher points", ("1-5", "1-6"), ("3-3", "5-6")),
    ("equal points", ("1-3", "5-6"), ("1-4", "5-5")),
    ("a copy", ("1-3", "5-6"), ("1-3", "5-6")),
    ("zero against zero", ("5-5", "4-6"), ("3-3", "1-3")),
)
RESULT_WORDS = {"win": "wins", "lose": "loses", "push": "pushes"}
RESULT = {1: "the first hand wins", -1: "the second hand wins", 0: "a copy: the bank wins it"}


def _points(settings: Settings) -> tuple:
    point_rows = tuple((" ".join(faces), " + ".join(points_words(paigow.tile(f)) for f in faces),
                        paigow.hand(*faces).label) for faces in POINT_HANDS)
    compared = [(why, a, b, paigow.compare(a, b)) for why, a, b in COMPARISONS]
    return (
        Text("Every hand that is not a pair, Wong, Gong or High Nine is worth the sum of its two tiles' points, "
             "keeping only the last digit: so from 0 to 9 ({rule 4.2}). A Gee Joon tile counts 3 or 6, whichever "
             "makes the hand better. The engine calls such a hand by its points and its higher-ranking tile, as "
             f"in \"{paigow.hand(*POINT_HANDS[0]).label}\"."),
        Table(("Tiles", "Points", "The hand"), point_rows, "Hands valued by the engine."),
        Text("Two hands of the same points are ranked by the higher-ranking single tile in each ({rule 4.3}). When "
             "they have the same points and their highest tiles rank alike, the hands are a copy, and the bank "
             "wins every copy, whether the house banks, a player banks, or both together ({rules 4.5-4.6}). A "
             "hand worth 0 has no ranking at all, so 0 against 0 is a copy too, and the bank wins it "
             "({rule 4.7})."),
        Example("Hands compared by the engine", (
            tiles_figure([(list(a) + list(b), why) for why, a, b, _ in compared],
                         "Each group: the first hand, then the second."),
            Text(_bullets(f"{sentence(why)}: {hand_words(a)} against {hand_words(b)}: {RESULT[result]}."
                          for why, a, b, result in compared)),
        ), {"points": {faces: paigow.hand(*faces).points for faces in POINT_HANDS},
            "compared": {why: result for why, _, _, result in compared}}),
    )


# --- 4. the deal ---------------------------------------------------------------------------------------------------

def _deal(settings: Settings) -> tuple:
    # When the house banks both readings of the dice count start at box 1, so the lessons' deal is the same
    # under either; the words say where this house starts counting (a manager's setting).
    deal = paigow.deal(seed=DEAL_SEED, count_from=HOUSE_BANK_BOX)
    start = ("the banker's box" if getattr(settings.paigow, "dice_count_from", "banker") == "banker"
             else "box 1 (whoever banks)")
    total = sum(deal.dice)
    order = [deal.box_of_stack(stack) for stack in range(8)]
    return (
        Text("Before each round the dealer shuffles the tiles face down and stacks them into 8 stacks of 4, the "
             "woodpile. An approved cut divides them into the 8 groups, one for each box, and fixes the order in "
             "which they go out. The dealer shakes the 3 dice in the dice cup; their total decides which box gets "
             "the first stack ({rule 3.3(b)})."),
        Text(f"Counting the dice: {start} counts as 1 and the count goes counter-clockwise round the 8 boxes, "
             "starting again there after 8; the box the count ends on gets the first stack, and the others "
             "follow box by box counter-clockwise. When the house banks, the chung, the marker of the banker's "
             "box, sits on box 1 and no wagers are taken there ({rule 11.1(a)}, {rule 11.1(b)})."),
        Note("The dice rules themselves are not on the Gazette pages the project has. Counting counter-clockwise is "
             "the project's reading; where the count starts is this house's reading, a setting a training manager "
             "signs: the banker's box (the default) or box 1 whoever banks."),
        Text("If a tile is turned face up while the tiles are being stacked, the dealer mixes them again, a laja "
             "({rule 12.1}); if more than two tiles are exposed during a laja, the tiles are reshuffled "
             "({rule 12.2}). Up to three players may bet on one box, but only the player/banker may bet on the "
             "player/banker's box ({rule 6.5})."),
        Example("A deal by the engine", (
            table_figure(settings, "The lessons' deal delivered on the program's table. Every box's stack lies face "
                                   f"down in it; the four tiles shown face up above the high and low hand places are "
                                   f"box {PLAYER_BOX}'s, the trainee's seat at the Pai Gow table."),
            Text(f"The dice show {listed([str(d) for d in deal.dice])}: {total}. Counting from box "
                 f"{HOUSE_BANK_BOX} as 1, the count ends on box {deal.first_box}, which gets the first stack. The "
                 f"stacks go to boxes {', '.join(map(str, order))}, in that order."),
            Text(_bullets(f"Box {box}: {' '.join(deal.hand_of(box))}" for box in range(1, 9))),
        ), {"dice": deal.dice, "first_box": deal.first_box, "order": order,
            "hands": {box: deal.hand_of(box) for box in range(1, 9)}}),
    )


# --- 5. setting a hand: the house way -------------------------------------------------------------------------------

HOUSE_WAY_HANDS = (("6-6", "4-5", "1-6", "2-2"), ("1-3", "1-3", "5-6", "2-5"), ("6-6", "1-1", "3-6", "4-5"),
                   ("1-5", "3-3", "2-6", "5-5"))


def _house_way(settings: Settings) -> tuple:
    way_id = settings.paigow.house_way
    way = paigow.describe_house_way(way_id)
    examples = []
    for tiles in HOUSE_WAY_HANDS:
        ways = paigow.settings(tiles)
        chosen = paigow.house_way(tiles, way_id)
        examples.append((tiles, ways, chosen))
    blocks: list = [
        Text("Four tiles can be set into a high hand and a low hand in exactly three ways. The high hand is the one "
             "of higher rank or value, and a high hand may never rank below its low hand. Players set their own "
             "hands. The dealer sets the bank's hand, and only after every other hand has been set "
             "({rule 11.1(c)}), by the house way: the casino's fixed rules for setting a hand. When the house "
             "banks, the game supervisor confirms the bank's hand was set the house way ({rule 11.1(e)})."),
        Text(f"The house way in force at this table: {way.name} ({way.source}). Its rules, in the order they are "
             "tried; the first that applies sets the hand:\n"
             + "\n".join(f"{i + 1}.  {rule.title}" for i, rule in enumerate(way.rules))
             + "\nThe whole house way, each rule with an example, is in {chart paigow.house_way: the house-way "
               "chart}."),
        Note("The house way is not a Gazette text: it differs from casino to casino, so it is a setting a manager "
             "chooses or loads. \"Harmony 3\" in the New Zealand way is a 3-point hand whose higher tile ranks "
             "at least Gor."),
    ]
    for tiles, ways, chosen in examples:
        blocks.append(Example(f"Setting {' '.join(tiles)}", (
            tiles_figure([(list(high) + list(low), f"high {paigow.hand(*high).label}\nlow {paigow.hand(*low).label}")
                          for high, low in ways], "The three ways to set these tiles."),
            Text(f"The house way sets it high {hand_words(chosen.high)}, low {hand_words(chosen.low)}. "
                 f"The rule that decides: {chosen.title}. {sentence(chosen.text)}"),
        ), {"tiles": tiles, "ways": ways, "high": chosen.high, "low": chosen.low, "rule": chosen.rule,
            "way": way_id}))
    return tuple(blocks)


# --- 6. expose and match --------------------------------------------------------------------------------------------

MATCHES = (
    ("win", (("6-6", "4-5"), ("2-2", "1-6")), (("1-1", "3-6"), ("5-5", "4-6"))),
    ("push", (("6-6", "4-5"), ("5-5", "4-6")), (("1-1", "3-6"), ("2-2", "1-6"))),
    ("lose", (("1-1", "3-6"), ("5-5", "4-6")), (("6-6", "4-5"), ("2-2", "1-6"))),
    ("copy", (("6-6", "4-5"), ("1-3", "5-6")), (("1-1", "3-6"), ("1-3", "5-6"))),
)


def showdown(settings: Settings) -> tuple[paigow.HouseWaySetting, dict[int, tuple[paigow.HouseWaySetting, str]]]:
    """The lessons' deal exposed: the bank's hand (box 1) and every other box set the house way in force, each
    matched against the bank by the engine."""
    way = settings.paigow.house_way
    deal = paigow.deal(seed=DEAL_SEED, count_from=HOUSE_BANK_BOX)
    boxes = list(range(HOUSE_BANK_BOX + 1, 9))
    settings_of = paigow.house_way_many([deal.hand_of(HOUSE_BANK_BOX)] + [deal.hand_of(b) for b in boxes], way)
    bank = settings_of[0]
    results = paigow.outcomes([((s.high, s.low), (bank.high, bank.low)) for s in settings_of[1:]])
    return bank, {box: (s, r) for box, s, r in zip(boxes, settings_of[1:], results)}


def _expose(settings: Settings) -> tuple:
    bank, boxes = showdown(settings)
    matched = [(why, player, bank_setting, paigow.outcome(player, bank_setting)) for why, player, bank_setting in
               MATCHES]
    return (
        Text("When the house banks, the dealer sets the house's hand after every player has set theirs and exposes "
             "it in front of the float tray before any player's hand ({rule 11.1(d)}). Then the dealer exposes and "
             "matches each player's hand in turn, counter-clockwise from box 1 ({rule 11.1(f)}): high hand against "
             "the bank's high hand, low hand against the bank's low hand."),
        Text("A player's wager ({rule 6.1}):\n"
             "•  wins when both the player's hands outrank the bank's;\n"
             "•  loses when both the bank's hands outrank the player's (a copy counts for the bank, {rule 4.6});\n"
             "•  pushes when only one of the player's hands is higher: nobody wins, the wager stays.\n"
             "So one copy and one loss loses; one copy and one win pushes. The player/banker's own wager has the "
             "mirror result ({rule 6.2})."),
        Example("Matches decided by the engine", (
            Text(_bullets(f"Player high {hand_words(p[0])}, low {hand_words(p[1])}; bank high {hand_words(b[0])}, "
                          f"low {hand_words(b[1])}: the player {RESULT_WORDS[result]}."
                          for _, p, b, result in matched)),
        ), {"matched": {why: result for why, _, _, result in matched}}),
        Example("The lessons' deal, exposed", (
            table_figure(settings, f"The program's table with every hand exposed; box {PLAYER_BOX}'s tiles, in "
                                   "front, are set the house way too.",
                         player_setting=(boxes[PLAYER_BOX][0].high, boxes[PLAYER_BOX][0].low)),
            Text(f"The bank (box {HOUSE_BANK_BOX}) is set the house way: high {hand_words(bank.high)}, low "
                 f"{hand_words(bank.low)} ({bank.title}). Each box in turn, counter-clockwise, set the house way "
                 "too:\n" + _bullets(f"Box {box}: high {hand_words(s.high)}, low {hand_words(s.low)}: "
                                     f"{RESULT_WORDS[result]}."
                                     for box, (s, result) in boxes.items())),
        ), {"bank": (bank.high, bank.low), "results": {box: result for box, (_, result) in boxes.items()}}),
    )


# --- 7. settlement and co-banking ----------------------------------------------------------------------------------

def commission_rules(settings: Settings) -> dict:
    table = settings.paigow
    terms = commission.table_terms(table.commission_percent, table.commission_rounding, min(table.chip_values) * 100)
    return {"commission_bp": terms.bp, "rounding_unit": terms.rounding_unit, "rounding": terms.rounding}


HOUSE_WAGERS = ((2500, "win"), (4000, "lose"), (1000, "push"), (3500, "win"), (8000, "lose"))
CO_BANKER_WAGER = 20000


def _result_line(box: int, result: paigow.WagerResult) -> str:
    if result.outcome == "win":
        return (f"Box {box}, {cents(result.amount)}: wins; paid {cents(result.paid)} ({cents(result.amount)} less "
                f"{cents(result.commission)} commission).")
    if result.outcome == "lose":
        return f"Box {box}, {cents(result.amount)}: loses; picked up into the losing wager area."
    return f"Box {box}, {cents(result.amount)}: pushes; the tiles are taken away and the wager stays."


def _settlement(settings: Settings) -> tuple:
    rules = commission_rules(settings)
    percent = f"{rules['commission_bp'] / 100:g}%"
    house = paigow.settle(list(HOUSE_WAGERS), **rules)
    co = paigow.settle(list(HOUSE_WAGERS), co_banker_wager=CO_BANKER_WAGER, **rules)
    boxes = range(2, 2 + len(HOUSE_WAGERS))
    return (
        Text("Settling, when the house banks ({rule 11.1}): each losing wager is picked up as soon as its box is "
             "matched and put in the losing wager area, its tiles to the dealer's work area ({rule 11.1(g)}); on a "
             "push the tiles are taken away and the wager stays ({rule 11.1(h)}). When every hand has been exposed, "
             "the dealer pays the winners box by box, counter-clockwise from box 1, taking up each box's tiles as "
             "it is paid ({rule 11.1(i)})."),
        Text(f"A winning wager is paid even money less a commission: {percent} at this table (a setting). The rules "
             "on payment and commission (6.11 and 6.14) are not among the Gazette pages the project has."),
        Example("A table settled by the engine, the house banking", (
            Text(_bullets(_result_line(box, r) for box, r in zip(boxes, house.results))),
            Text(f"The losing wagers hold {cents(house.collected)}; the winners are paid {cents(house.paid)} and "
                 f"the house keeps {cents(house.commission)} commission."),
        ), {"results": [(r.outcome, r.paid, r.commission) for r in house.results], "collected": house.collected,
            "paid": house.paid, "commission": house.commission}),
        Text("Co-banking: a player may hold the bank in equal partnership with the house (a co-banker). The dealer "
             "sets the bank's hand the house way and may let the co-banker expose two of its tiles first "
             "({rule (e)}); the hands are matched and the winners paid from the losing wager area, counter-clockwise "
             "from the co-banker's box ({rules (f)-(i)}). What is left is shared equally: the house's half and its "
             "wager go back to the float tray, and the co-banker gets back his wager and his half less commission "
             "({rules (j)-(k)}). If the losing wagers cannot pay the winners, the shortfall comes out of the "
             "co-banking wager ({rule (l)})."),
        Note("These items belong to the 1998 rule on co-banking (seed 000), whose number is on a page the project "
             "does not have. The project's readings: the house's wager equals the co-banker's; the commission the "
             "players pay belongs to the house; an odd cent from halving goes to the co-banker."),
        Example(f"The same table with a co-banker ({cents(CO_BANKER_WAGER)} each)", (
            Text(f"The winners are paid {cents(co.paid)} from the losing wager area's {cents(co.collected)}, "
                 + (f"leaving {cents(co.remainder)}. The house's half, {cents(co.house_share)}, and its wager go back "
                    f"to the float tray ({cents(co.to_float)} in all); the co-banker's half is "
                    f"{cents(co.co_banker_share)}, less {cents(co.co_banker_commission)} commission, and with his "
                    f"wager he gets back {cents(co.co_banker_returned)}."
                    if not co.shortfall else
                    f"which is {cents(co.shortfall)} short: the shortfall comes out of the co-banking wager, and what "
                    f"is left of it is split, {cents(co.to_float)} to the float tray and "
                    f"{cents(co.co_banker_returned)} to the co-banker.")),
        ), {"paid": co.paid, "collected": co.collected, "remainder": co.remainder, "shortfall": co.shortfall,
            "house_share": co.house_share, "to_float": co.to_float, "co_banker_share": co.co_banker_share,
            "co_banker_commission": co.co_banker_commission, "co_banker_returned": co.co_banker_returned}),
    )


COURSE = Course(GAME, (
    Lesson("paigow.tiles", GAME, "The 32 tiles",
           "The kinds of tile, their names and ranks, and what each is worth.",
           Check("paigow.tiles", "name a tile, its rank and its points"), _tiles),
    Lesson("paigow.named_hands", GAME, "Pairs, Wong, Gong and High Nine",
           "The pairs, Gee Joon, and the hands a Teen or a Day makes with a nine, an eight or a seven.",
           Check("paigow.compare", "which of two hands wins, named hands and Gee Joon",
                 families=("compare.named", "compare.gee_joon")), _named_hands),
    Lesson("paigow.points", GAME, "Points, ties and copies",
           "How an ordinary hand is counted, what breaks a tie of points, and why the bank wins copies.",
           Check("paigow.compare", "which of two hands wins, by points",
                 families=("compare.points", "compare.same_points", "compare.copy", "compare.zero")), _points),
    Lesson("paigow.deal", GAME, "The deal: dice and delivery",
           "Stacking the woodpile, the dice count, delivering the stacks, the chung and the laja.",
           Check("paigow.delivery", "which box gets the first stack, and the order of delivery"), _deal),
    Lesson("paigow.house_way", GAME, "Setting a hand the house way",
           "The three ways to set four tiles, and how the house way in force sets the bank's hand.",
           Check("paigow.house_way", "set the bank's hand the house way"), _house_way),
    Lesson("paigow.expose", GAME, "Expose and match",
           "Exposing the bank's hand and each box in turn, and when a player wins, loses or pushes.",
           Check("paigow.expose", "win, lose or push for each box against the bank"), _expose),
    Lesson("paigow.settlement", GAME, "Settlement and co-banking",
           "Picking up losers, paying winners less commission, and sharing the bank with a co-banker.",
           Check("paigow.settle", "pay each box of a settled table"), _settlement),
))
