"""Pai gow drills: tiles, comparing hands, the house way, exposing and matching, and settlement.

Every answer key comes from dealerdrill.core.paigow (the C engine): tile names, ranks and points, hand
labels and comparisons, house-way settings with the rule that decided them and the value of each setting,
match outcomes and settlements. This module chooses what to ask (sorting the engine's answers into
families so that the scheduler can bring back what a trainee gets wrong), compares and explains.

Rule numbers cited: NZ Gazette 1999 No. 9 rules 4.2-4.7 (ranking, copies, 0 against 0) and 6.1 (matching);
1998 No. 20 p.452 rules (f)-(l) (settlement with a co-banker); 2001 No. 173 rule 11.1 (house as sole banker).
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

from dealerdrill.core import commission, paigow as pg
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_cents
from dealerdrill.reference.glossary import explain_terms

from .base import arithmetic_slip, register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, even, level_of
from .targets import DEFAULT_TARGETS

GAME = "paigow"
OUTCOMES = ("win", "lose", "push")
_OUTCOME_SPELLINGS = {"w": "win", "win": "win", "l": "lose", "lose": "lose", "loss": "lose",
                      "p": "push", "push": "push"}
NOT_A_PAIR = "not a pair"
PLAYER, BANK = "player", "bank"


# ------------------------------------------------------------------------------------------ helpers

def _section(settings):
    """The app's pai gow settings section (NZ defaults when no settings are given)."""
    if settings is None:
        from dealerdrill.settings import Settings
        settings = Settings()
    return getattr(settings, "paigow", settings)


money = format_cents  # $12, $12.50, $1,250: the app's one money format


def _faces(hand) -> tuple[str, ...]:
    return tuple(pg.tile(face).face for face in hand)


def _show(hand) -> str:
    """'6-6 1-3 (pair of Teen)', '1-3 2-6 (2, Gor high)': the tiles and the engine's name for the hand, in
    one pair of brackets (the engine's own "2 (Gor high)" is written "2, Gor high" inside them)."""
    label = pg.hand(*hand).label.replace(" (", ", ").replace(")", "")
    return f"{' '.join(hand)} ({label})"


def _show_setting(high, low) -> str:
    return f"high {_show(high)}, low {_show(low)}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _pick(rng, items):
    items = list(items)
    return items[rng.below(len(items))]


def _families_check(drill, family):
    if family is not None and family not in drill.families():
        raise ValueError(f"{family!r} is not a family of the drill {drill.id}")


# Kinds in rank order, from the engine (the names, the faces of each kind, and its tiles).
_KINDS = list(pg.Kind)
_FACES_OF_KIND = {kind: sorted({t.face for t in pg.TILES if t.kind is kind}) for kind in _KINDS}


def _kind_word(kind: pg.Kind) -> str:
    return kind.name.lower()


def _tile_hint() -> str:
    """The tile hint in the lesson's own words (dots, not pips), with the one tile whose points are a choice."""
    ranked = sorted(pg.TILES, key=lambda t: t.rank)
    highest, lowest = ranked[0], ranked[-1]
    options = " or ".join(str(p) for p in lowest.point_options)
    return (f"Ranks run from {highest.name} ({highest.rank}) down to {lowest.name} ({lowest.rank}); a tile's points "
            f"are its dots, or their last digit from 10 up; a {lowest.name} tile may count {options}.")


# ------------------------------------------------------------------------------------------ tiles

@register
class TileDrill(Levelled):
    """Name a tile with its rank and points, or name a pair (or see that two tiles are no pair).

    Levels (docs/drills.md):
      Basic     single tiles only (name, rank, points), the 16 kinds equally
      Standard  a single tile half the time; two tiles the other half, "not a pair" (two tiles of the same
                points but different kinds, where there are such) one in five of those
      Advanced  two tiles only: a pair half the time (the 16 pairs equally), "not a pair" the other half
    """

    id = "paigow.tiles"
    game = GAME
    title = "Tiles: names, ranks, points, pairs"
    description = ("A tile is shown: give its name, its individual rank (1 = Teen, highest) and its points. "
                   "Or two tiles are shown: name the pair they make, or say they are not a pair.")

    def __init__(self, settings=None):
        self.section = _section(settings)
        # Choices listed alphabetically so that the list's order gives no rank away.
        self.names = sorted({t.name for t in pg.TILES})
        self.pair_names = sorted({pg.hand(*self._pair_faces(k)).label for k in _KINDS}) + [NOT_A_PAIR]

    @staticmethod
    def _pair_faces(kind) -> tuple[str, str]:
        faces = _FACES_OF_KIND[kind]
        return (faces[0], faces[-1])  # a civil kind's face twice, a mixed kind's two faces

    def families(self) -> list[str]:
        return ([f"tile.{_kind_word(k)}" for k in _KINDS] + [f"pair.{_kind_word(k)}" for k in _KINDS]
                + ["pair.none"])

    def mix(self, level: int) -> dict[str, int]:
        tiles = [f"tile.{_kind_word(k)}" for k in _KINDS]
        pairs = [f"pair.{_kind_word(k)}" for k in _KINDS]
        if level == BASIC:
            return even(tiles)
        if level == STANDARD:   # tiles 80 of 160; pairs 64 and "not a pair" 16 (one in five of the 80)
            return {**even(tiles, 5), **even(pairs, 4), "pair.none": len(pairs)}
        return {**even(pairs), "pair.none": len(pairs)}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        _families_check(self, family)
        family = family or self.draw_family(rng, difficulty)
        kind_of = {_kind_word(k): k for k in _KINDS}
        what, word = family.split(".")
        if what == "tile":
            face = _pick(rng, _FACES_OF_KIND[kind_of[word]])
            info = pg.tile(face)
            # Every value the tile may count, from the engine's tile data (a Gee Joon tile: 3 or 6, rule 4.2).
            key = {"name": info.name, "rank": info.rank, "points": list(info.point_options)}
            prompt = {"kind": "tile", "tiles": [face], "names": self.names}
            return Item(self.id, family, prompt, key, text=f"Name the tile {face}, its rank and its points.",
                        hint=_tile_hint())
        if word == "none":
            first = pg.tile(_pick(rng, [t.face for t in pg.TILES]))
            # The classic trap: two tiles with the same points but of different kinds.
            lookalikes = [t.face for t in pg.TILES if t.kind is not first.kind and t.points == first.points]
            others = lookalikes or [t.face for t in pg.TILES if t.kind is not first.kind]
            tiles = [first.face, _pick(rng, others)]
        else:
            tiles = list(self._pair_faces(kind_of[word]))
        tiles = rng.shuffled(tiles)
        made = pg.hand(*tiles)
        key = {"name": made.label if made.category is pg.Category.PAIR else NOT_A_PAIR, "label": made.label}
        prompt = {"kind": "pair", "tiles": tiles, "names": self.pair_names}
        return Item(self.id, family, prompt, key, text=f"Name the pair made by {' and '.join(tiles)}.",
                    hint="A pair is two tiles of one kind; the same points alone do not make a pair.")

    def _check(self, item: Item, answer):
        if item.prompt["kind"] == "tile":
            if not isinstance(answer, dict) or not {"name", "rank", "points"} <= set(answer):
                raise ValueError("answer with the tile's name, rank and points")
            name = answer["name"]
            if name not in self.names:
                raise ValueError(f"{name!r} is not the name of a kind of tile")
            # The ranks and points a tile can have (from the engine's tiles), so "99" is refused, not marked.
            ranks = sorted({t.rank for t in pg.TILES})
            for field, low, high in (("rank", ranks[0], ranks[-1]), ("points", 0, 9)):
                value = answer[field]
                if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                    raise ValueError(f"the {field} is a whole number from {low} to {high}, not {value!r}")
            return {"name": name, "rank": answer["rank"], "points": answer["points"]}
        name = answer.get("name") if isinstance(answer, dict) else answer
        if name not in self.pair_names:
            raise ValueError(f"{name!r} is not one of the pair names offered")
        return name

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = self._check(item, answer)
        key = item.key
        if item.prompt["kind"] == "tile":
            wrong = [f for f in ("name", "rank") if given[f] != key[f]]
            if given["points"] not in key["points"]:
                wrong.append("points")
            ok = not wrong
            explanation, _ = self.explain(item)
            if wrong:
                explanation += f" Wrong: {', '.join(wrong)}."
            given_words = f"{given['name']}, rank {given['rank']}, {_plural(given['points'], 'point')}"
            return Grade(ok, self.describe_key(item), given_words, explanation,
                         None if ok else ErrorCategory.TILE_IDENTITY, rule="4.2-4.4", seconds=seconds,
                         details={"wrong": wrong})
        ok = given == key["name"]
        explanation, rule = self.explain(item)
        return Grade(ok, self.describe_key(item), given, explanation, None if ok else ErrorCategory.PAIR_NAME,
                     rule=rule, seconds=seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        key, tiles = item.key, item.prompt["tiles"]
        if item.prompt["kind"] == "tile":
            return (f"{tiles[0]} is {key['name']}, individual rank {key['rank']} of 16 (rules 4.2-4.4), "
                    f"worth {self._points_words(key)}.", "4.2-4.4")
        if key["name"] == NOT_A_PAIR:
            return (f"{tiles[0]} and {tiles[1]} are tiles of different kinds, so they make no pair even if their "
                    f"points match: the hand is {key['label']} (rule 4.2).", "4.2")
        return f"{tiles[0]} with {tiles[1]} is the {key['name']} (rule 4.2 ranks the 16 pairs).", "4.2"

    @staticmethod
    def _points_words(key) -> str:
        points = key["points"]
        if len(points) == 1:
            return _plural(points[0], "point")
        return f"{' or '.join(map(str, points))} points (Gee Joon)"

    def describe_key(self, item: Item) -> str:
        key = item.key
        if item.prompt["kind"] == "tile":
            return f"{key['name']}, rank {key['rank']}, {self._points_words(key)}"
        return key["name"]


# ------------------------------------------------------------------------------------------ compare

COMPARE_FAMILIES = ("compare.named", "compare.points", "compare.same_points", "compare.gee_joon",
                    "compare.copy", "compare.zero")
_COMPARE_RULES = {
    "compare.named": "4.2",
    "compare.points": "4.2",
    "compare.same_points": "4.3",
    "compare.gee_joon": "4.2",
    "compare.copy": "4.5-4.6",
    "compare.zero": "4.7",
}


@functools.lru_cache(maxsize=1 << 17)      # dealing until a lesson comes meets the same pairs of hands again
def _compare_family(player: tuple[str, str], bank: tuple[str, str]) -> str:
    """Which lesson a pair of hands teaches, read from the engine's descriptions of them."""
    a, b = pg.hand(*player), pg.hand(*bank)
    result = pg.compare(player, bank)
    points_only = a.category is pg.Category.POINTS and b.category is pg.Category.POINTS
    if points_only and a.points == 0 and b.points == 0:
        return "compare.zero"
    if result == 0:
        return "compare.copy"
    if not points_only:
        return "compare.named"
    if a.points == b.points:
        return "compare.same_points"
    if any(pg.tile(f).is_gee_joon for f in (*player, *bank)):
        return "compare.gee_joon"
    return "compare.points"


@register
class CompareDrill(Levelled):
    """Two hands: which wins? Copies and 0 against 0 go to the bank.

    A family is the lesson the two hands teach (read from the engine's comparison): named hands (pairs,
    Wong, Gong, High Nine), higher points, the same points (the highest tile decides), a Gee Joon tile, a
    copy, 0 against 0. Levels (docs/drills.md):
      Basic     named hands and higher points, equally
      Standard  the six lessons equally
      Advanced  the tie-breaks: the same points, Gee Joon, copies, 0 against 0, equally
    """

    id = "paigow.compare"
    game = GAME
    title = "Compare two hands"
    description = "A player's two-tile hand against the bank's: say which wins (copies go to the bank)."

    def __init__(self, settings=None):
        self.section = _section(settings)

    def families(self) -> list[str]:
        return list(COMPARE_FAMILIES)

    def mix(self, level: int) -> dict[str, int]:
        if level == BASIC:
            return even(["compare.named", "compare.points"])
        if level == STANDARD:
            return even(COMPARE_FAMILIES)
        return even(["compare.same_points", "compare.gee_joon", "compare.copy", "compare.zero"])

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        _families_check(self, family)
        family = family or self.draw_family(rng, difficulty)
        faces = [t.face for t in pg.TILES]
        # Deal four tiles from one set until the hands teach the family asked for (copies and 0-0 are
        # about one deal in a hundred; this stays well under a millisecond per try).
        for _ in range(20_000):
            order = rng.permutation(len(faces))[:4]
            player, bank = (faces[order[0]], faces[order[1]]), (faces[order[2]], faces[order[3]])
            found = _compare_family(player, bank)
            if found == family:
                break
        else:  # pragma: no cover - every family is common enough; see the tests
            raise RuntimeError(f"could not deal a hand for {family}")
        result = pg.compare(player, bank)
        key = {"winner": PLAYER if result > 0 else BANK, "result": result}
        prompt = {"player": list(player), "bank": list(bank)}
        return Item(self.id, found, prompt, key,
                    text=f"Player {' '.join(player)} against bank {' '.join(bank)}: who wins?",
                    hint="Named hands first (pairs, Wong, Gong, High Nine), then points; equal: highest tile.")

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = answer.strip().lower() if isinstance(answer, str) else answer
        if given not in (PLAYER, BANK):
            raise ValueError("answer 'player' or 'bank'")
        ok = given == item.key["winner"]
        why, rule = self.explain(item)
        category = None
        if not ok:
            copy = item.family in ("compare.copy", "compare.zero")
            category = ErrorCategory.COPY_TO_BANK if copy else ErrorCategory.HAND_COMPARISON
        return Grade(ok, self.describe_key(item), f"the {given} wins", why, category, rule=rule, seconds=seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        player, bank = item.prompt["player"], item.prompt["bank"]
        a, b = pg.hand(*player), pg.hand(*bank)
        rule = _COMPARE_RULES[item.family]
        if item.family == "compare.zero":
            why = "Both hands are 0: a 0 has no ranking, so 0 against 0 is a copy and the bank wins it (rule 4.7)."
        elif item.family == "compare.copy":
            why = (f"{a.label} against {b.label}: the same points and equally ranked highest tiles make a copy, "
                   "and the bank wins copies (rules 4.5-4.6).")
        elif item.family == "compare.same_points":
            why = (f"Both hands have {a.points} points, so the hand with the higher-ranking highest tile wins "
                   f"(rule 4.3): {a.label} against {b.label}.")
        elif item.family == "compare.named":
            why = f"{a.label} against {b.label}: pairs, then Wong, Gong and High Nine outrank points (rule 4.2)."
        elif item.family == "compare.gee_joon":
            why = (f"{a.label} against {b.label}: a Gee Joon tile counts 3 or 6, whichever makes its hand better "
                   "(rule 4.2).")
        else:
            why = f"{a.label} against {b.label}: the higher points win (rule 4.2)."
        # The glossary's words for the named hands the explanation uses (what a Wong, a Gong, a High Nine is).
        terms = explain_terms(why)
        return (f"{why} {terms}" if terms else why), rule

    def describe_key(self, item: Item) -> str:
        if item.key["result"] == 0:
            return "the bank wins (a copy)"
        return f"the {item.key['winner']} wins"


# ------------------------------------------------------------------------------------------ house way

# way id -> (the way as described when the pool was made, the pool)
_HAND_POOLS: dict[str, tuple[object, dict[str, list[tuple[str, ...]]]]] = {}


def house_way_pool(way: str) -> dict[str, list[tuple[str, ...]]]:
    """Every four-tile deal (35,960) set by the engine and sorted by the rule that decided it; one call
    into the engine per way, kept for the life of the program. A manager may load an edited file under
    the same id, so the pool is made again when the way's description (its rules) has changed."""
    described = pg.describe_house_way(way)
    kept = _HAND_POOLS.get(way)
    if kept is not None and kept[0] == described:
        return kept[1]
    faces = [t.face for t in pg.TILES]
    hands = [tuple(faces[i] for i in combo) for combo in itertools.combinations(range(len(faces)), 4)]
    pool: dict[str, list] = {rule.id: [] for rule in described.rules}
    for hand, setting in zip(hands, pg.house_way_many(hands, way)):
        pool[setting.rule].append(hand)
    _HAND_POOLS[way] = (described, pool)
    return pool


GENERAL_RULE_SHARE = 0.05   # a rule deciding at least this share of all deals is one of the way's general rules


def general_rules(way: str) -> list[str]:
    """The way's general rules, in its order: each decides at least GENERAL_RULE_SHARE of the 35,960 deals
    (the engine's settings of every deal); a way with none so large has its largest rule as its only one."""
    pool = house_way_pool(way)
    deals = sum(len(hands) for hands in pool.values())
    general = [rule for rule, hands in pool.items() if hands and len(hands) >= GENERAL_RULE_SHARE * deals]
    return general or [max(pool, key=lambda rule: len(pool[rule]))]


def _parse_setting(answer, tiles) -> tuple[tuple[str, str], tuple[str, str]]:
    """(high, low) from {"high": [..], "low": [..]} or (high, low); the tiles must be the item's four."""
    if isinstance(answer, dict):
        if not {"high", "low"} <= set(answer):
            raise ValueError("set both hands: a high hand and a low hand of two tiles each")
        high, low = answer["high"], answer["low"]
    elif isinstance(answer, (list, tuple)) and len(answer) == 2:
        high, low = answer
    else:
        raise ValueError("set both hands: a high hand and a low hand of two tiles each")
    for name, hand in (("high", high), ("low", low)):
        if not isinstance(hand, (list, tuple)) or len(hand) != 2:
            raise ValueError(f"the {name} hand needs exactly two tiles")
    high_faces, low_faces = _faces(high), _faces(low)
    if sorted(high_faces + low_faces) != sorted(_faces(tiles)):
        raise ValueError("use exactly the four tiles shown, each once")
    return (high_faces[0], high_faces[1]), (low_faces[0], low_faces[1])


def _pair_hands(high, low) -> int:
    return sum(pg.hand(*h).category is pg.Category.PAIR for h in (high, low))


_NAMED = (pg.Category.WONG, pg.Category.GONG, pg.Category.HIGH_NINE)


@register
class HouseWayDrill(Levelled):
    """Set the bank's four tiles the house way chosen in the settings.

    A family is the house-way rule that decides the deal (the engine's). A way's general rules are those
    that each decide at least GENERAL_RULE_SHARE of the 35,960 four-tile deals (for the New Zealand way:
    never split fours to elevens, keep other pairs, the two Wong/Gong/High Nine rules, the two best-low
    rules); the others are its exceptions (two pairs, the pairs it splits, the best high of 8 or 9).
    Levels (docs/drills.md):
      Basic     the general rules, equally
      Standard  every rule of the way, equally
      Advanced  the exceptions, equally
    The feedback names a rule by its title and quotes its text: a rule's id is never shown.
    """

    id = "paigow.house_way"
    game = GAME
    title = "Set the bank's hand the house way"
    description = ("The bank's four tiles are shown: set a high and a low hand as the selected house way "
                   "does. The feedback names the house-way rule and what the setting is worth.")

    def __init__(self, settings=None):
        self.section = _section(settings)
        self.way = getattr(self.section, "house_way", "nz")
        # The rate as the engine charges it (whole basis points), as a fraction for the analysis.
        self.commission = commission_rules(self.section)["commission_bp"] / 10000

    def families(self) -> list[str]:
        return [rule.id for rule in pg.describe_house_way(self.way).rules]

    def mix(self, level: int) -> dict[str, int]:
        rules = [rule for rule, hands in house_way_pool(self.way).items() if hands]
        general = general_rules(self.way)
        exceptions = [rule for rule in rules if rule not in general] or rules
        return even({BASIC: general, STANDARD: rules, ADVANCED: exceptions}[level])

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        _families_check(self, family)
        pool = house_way_pool(self.way)
        family = family or self.draw_family(rng, difficulty)
        return self.item_for(rng.shuffled(list(_pick(rng, pool[family]))))

    def item_for(self, tiles) -> Item:
        """The item for these four tiles (in the order shown): the house way's setting, its rule and what
        each setting is worth, all from the engine."""
        tiles = list(tiles)
        setting = pg.house_way(tiles, self.way)
        # The bank's tiles: each setting valued for the bank against every player hand of the other 28
        # tiles, the players setting the house way, commission on the bank's wins.
        values = [{"high": list(v.high), "low": list(v.low), "ev": v.ev, "house_way": v.house_way}
                  for v in pg.bank_setting_values(tiles, self.way, self.commission)]
        key = {"high": list(setting.high), "low": list(setting.low), "rule": setting.rule,
               "title": setting.title, "text": setting.text, "values": values}
        way_name = pg.describe_house_way(self.way).name
        prompt = {"tiles": tiles, "way": self.way, "way_name": way_name}
        return Item(self.id, setting.rule, prompt, key,
                    text=f"Set the bank's tiles {' '.join(tiles)} the {way_name} house way.",
                    hint="Look for pairs first, then a Wong, Gong or High Nine, then the best low hand.")

    def _value_words(self, key, high, low, correct: bool) -> tuple[str, dict]:
        """What the settings are worth to the bank (engine values), worded so that the house way stays the
        answer: a setting worth more is never called the best one (a trainee read "the best setting here",
        his own wrong one, as the answer), and the words say the dealer sets the house way regardless."""
        values = key["values"]
        house = next(v for v in values if v["house_way"])
        best = max(values, key=lambda v: v["ev"])
        mine = next((v for v in values if pg.is_legal((high, low))
                     and pg.same_ranking((v["high"], v["low"]), (high, low))), None)
        gap = best["ev"] - house["ev"]
        basis = ("(of each player's wager, against every player hand of the other 28 tiles set the house way, "
                 "commission off the bank's wins)")
        words = (f"The house way's setting is the answer; it is worth {house['ev'] * 100:+.1f}% to the bank "
                 f"{basis}.")
        if not correct and mine is not None:
            words += f" Your setting would be worth {mine['ev'] * 100:+.1f}%."
        if gap > 1e-9:
            words += (" A dealer sets the house way even where another setting of the tiles would be worth more "
                      f"to the bank, up to {best['ev'] * 100:+.1f}% here.")
        else:
            words += " No setting of these tiles is worth more to the bank."
        details = {"house_way_ev": house["ev"], "best_ev": best["ev"], "gives_up": max(gap, 0.0),
                   "your_ev": None if mine is None else mine["ev"]}
        return words, details

    def _rule_words(self, key) -> str:
        """The deciding rule named by its title, with the way's own text for it in quotes; a rule whose text
        only makes sense after the rules above it ("Otherwise...", "When neither...") is introduced by the
        titles of those rules."""
        way = pg.describe_house_way(self.way)
        words = f"The {way.name} house way, rule “{key['title']}”, says: “{key['text']}”"
        rules = way.rules
        index = next((i for i, rule in enumerate(rules) if rule.id == key["rule"]), 0)
        text = key["text"].lstrip().lower()
        if index and text.startswith(("otherwise", "when neither", "if neither", "if no ", "when no ")):
            before = " and ".join(f"“{rule.title}”" for rule in rules[max(0, index - 2):index])
            words = (f"None of the earlier house-way rules applies to these tiles (the last ones tried: {before}). "
                     + words)
        # A way's own words (Harmony 3, High 3, Wong...) said in the glossary's names, which the feedback's hand
        # names ("3 (Gor high)") also use, so the two can be read together.
        terms = explain_terms(f"{key['title']} {key['text']}")
        return f"{words} {terms}" if terms else words

    def explain(self, item: Item) -> tuple[str, str]:
        key = item.key
        value_words, _ = self._value_words(key, key["high"], key["low"], True)
        # The rule is cited by its title (quoted in the words): its id is the drill's, not the trainee's.
        return f"{self._rule_words(key)} {value_words}", key["title"]

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        high, low = _parse_setting(answer, item.prompt["tiles"])
        key = item.key
        legal = pg.is_legal((high, low))
        # A setting whose two hands rank exactly like the house way's is the house way's setting: the
        # engine says whether they do (rules 4.2-4.5).
        ok = legal and pg.same_ranking((high, low), (key["high"], key["low"]))
        rule_words = self._rule_words(key)
        value_words, details = self._value_words(key, high, low, ok)
        category = None
        if not ok:
            if not legal:
                category = ErrorCategory.HIGH_BELOW_LOW
                rule_words = (f"Your high hand {_show(high)} ranks below your low hand {_show(low)}: the high "
                              f"hand may never rank below the low hand. {rule_words}")
            elif _pair_hands(high, low) < _pair_hands(key["high"], key["low"]):
                category = ErrorCategory.SPLIT_A_KEPT_PAIR
            elif _pair_hands(high, low) > _pair_hands(key["high"], key["low"]):
                category = ErrorCategory.KEPT_A_SPLIT_PAIR
            elif any(pg.hand(*h).category in _NAMED for h in (high, low, key["high"], key["low"])):
                category = ErrorCategory.WONG_GONG_NINE
            else:
                category = ErrorCategory.HOUSE_WAY_SETTING
        return Grade(ok, self.describe_key(item), _show_setting(high, low), f"{rule_words} {value_words}",
                     category, rule=key["title"], seconds=seconds, details=details)

    def describe_key(self, item: Item) -> str:
        return _show_setting(item.key["high"], item.key["low"])


# ------------------------------------------------------------------------------------------ expose and match

def _boxes_for(difficulty: int) -> int:
    """Boxes on the table: 3 at Basic, 5 at Standard, 7 at Advanced."""
    return {BASIC: 3, STANDARD: 5, ADVANCED: 7}[level_of(difficulty)]


def _has_copy(player, bank) -> bool:
    """A copy (or 0 against 0) decides the high or the low hand."""
    return pg.compare(player[0], bank[0]) == 0 or pg.compare(player[1], bank[1]) == 0


def _parse_calls(answer, count: int) -> list[str]:
    if isinstance(answer, dict):
        answer = [answer.get(k) for k in sorted(answer)]
    if not isinstance(answer, (list, tuple)) or len(answer) != count:
        raise ValueError(f"call win, lose or push for each of the {count} boxes")
    calls = []
    for i, call in enumerate(answer, start=1):
        word = _OUTCOME_SPELLINGS.get(call.strip().lower()) if isinstance(call, str) else None
        if word is None:
            raise ValueError(f"call {i}: say win, lose or push, not {call!r}")
        calls.append(word)
    return calls


@register
class ExposeDrill(Levelled):
    """The bank's set hand against the players' boxes: call win, lose or push for each box.

    A family says whether a copy (or 0 against 0) decides a hand of some box ("expose.copy") or not.
    Levels (docs/drills.md):
      Basic     3 boxes, no copy on the table
      Standard  5 boxes; a copy on half the tables
      Advanced  7 boxes; a copy on three tables in four
    Each box is counted on its own in the grade's details.
    """

    id = "paigow.expose"
    game = GAME
    title = "Expose and match"
    description = ("The bank's hand is set; each player's box is exposed in turn. Call win, lose or push for "
                   "every box (rule 6.1: copies and 0 against 0 go to the bank).")

    def __init__(self, settings=None):
        self.section = _section(settings)
        self.way = getattr(self.section, "house_way", "nz")

    def families(self) -> list[str]:
        return ["expose.copy", "expose.plain"]

    def mix(self, level: int) -> dict[str, int]:
        return {BASIC: {"expose.plain": 1}, STANDARD: {"expose.copy": 1, "expose.plain": 1},
                ADVANCED: {"expose.copy": 3, "expose.plain": 1}}[level]

    def _deal(self, rng, count: int):
        dealt = pg.deal(seed=rng.below(2**32 - 1))
        bank_setting = pg.house_way(dealt.hand_of(1), self.way)
        bank = (bank_setting.high, bank_setting.low)
        # House as sole banker (rule 11.1): the bank's tiles go to box 1, players sit in boxes 2-8.
        chosen = sorted(rng.shuffled(list(range(2, 9)))[:count])
        boxes = []
        for box in chosen:
            tiles = dealt.hand_of(box)
            if rng.below(2):  # players may ask for the house way, or set their own (any legal setting)
                s = pg.house_way(tiles, self.way)
                setting = (s.high, s.low)
            else:
                setting = _pick(rng, pg.settings(tiles))
            boxes.append((box, setting))
        return bank, bank_setting, boxes

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        _families_check(self, family)
        family = family or self.draw_family(rng, difficulty)
        count = _boxes_for(difficulty)
        for _ in range(2_000):
            bank, bank_setting, boxes = self._deal(rng, count)
            copies = [_has_copy(s, bank) for _, s in boxes]
            found = "expose.copy" if any(copies) else "expose.plain"
            if found == family:
                break
        else:  # pragma: no cover
            raise RuntimeError(f"could not deal a table for {family}")
        calls = pg.outcomes([(s, bank) for _, s in boxes])
        prompt = {"bank": {"high": list(bank[0]), "low": list(bank[1])},
                  "boxes": [{"box": box, "high": list(s[0]), "low": list(s[1])} for box, s in boxes]}
        key = {"calls": calls, "copies": copies, "bank_rule": bank_setting.rule}
        return Item(self.id, found, prompt, key,
                    text=f"Bank: {_show_setting(*bank)}. Call win, lose or push for boxes "
                         f"{', '.join(str(b) for b, _ in boxes)}.",
                    hint="A player wins only when both hands beat the bank's; the bank takes copies.")

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        boxes = item.prompt["boxes"]
        calls = _parse_calls(answer, len(boxes))
        expected = item.key["calls"]
        bank = (item.prompt["bank"]["high"], item.prompt["bank"]["low"])
        wrong = [i for i, (g, e) in enumerate(zip(calls, expected)) if g != e]
        ok = not wrong
        lines = []
        for i in wrong:
            box = boxes[i]
            high_vs = pg.compare(box["high"], bank[0])
            low_vs = pg.compare(box["low"], bank[1])
            words = {1: "beats the bank's {}", 0: "copies the bank's {} (the bank takes copies)",
                     -1: "loses to the bank's {}"}
            lines.append(f"Box {box['box']}: high {_show(box['high'])} {words[high_vs].format('high')}, low "
                         f"{_show(box['low'])} {words[low_vs].format('low')}: {expected[i]}, not {calls[i]}.")
        explanation, _ = self.explain(item)
        if lines:
            explanation += " " + " ".join(lines)
        category = None
        if not ok:
            on_copy = any(item.key["copies"][i] for i in wrong)
            category = ErrorCategory.COPY_TO_BANK if on_copy else ErrorCategory.WRONG_OUTCOME
        given = ", ".join(f"box {b['box']} {c}" for b, c in zip(boxes, calls))
        # Each box on its own, for statistics that count boxes rather than items.
        per_box = [{"kind": "copy" if item.key["copies"][i] else "plain", "box": box["box"],
                    "correct": i not in wrong,
                    "category": None if i not in wrong else (ErrorCategory.COPY_TO_BANK if item.key["copies"][i]
                                                             else ErrorCategory.WRONG_OUTCOME).value}
                   for i, box in enumerate(boxes)]
        return Grade(ok, self.describe_key(item), given, explanation, category, rule="6.1", seconds=seconds,
                     details={"wrong_boxes": [boxes[i]["box"] for i in wrong], "expected": expected,
                              "wagers": per_box})

    def explain(self, item: Item) -> tuple[str, str]:
        return ("Rule 6.1: the player wins when both hands outrank the bank's, loses when the bank's both "
                "outrank or copy them, and otherwise pushes; copies and 0 against 0 go to the bank "
                "(rules 4.6-4.7).", "6.1")

    def describe_key(self, item: Item) -> str:
        return ", ".join(f"box {b['box']} {c}" for b, c in zip(item.prompt["boxes"], item.key["calls"]))


# ------------------------------------------------------------------------------------------ settlement

_STAKES = (10, 15, 20, 25, 30, 35, 40, 50, 60, 75, 80, 100, 120, 125, 150, 200, 250, 300, 400, 500)


def commission_rules(section) -> dict[str, Any]:
    """The engine's commission arguments from the app's settings, read by the engine as for baccarat:
    the rate (refused in plain words when the engine cannot charge it, e.g. 2.125%) and the rounding
    choice ("cents", "up" or "down" to the smallest chip)."""
    terms = commission.table_terms(getattr(section, "commission_percent", 5.0),
                                   getattr(section, "commission_rounding", "cents"),
                                   100 * min(getattr(section, "chip_values", (1,)) or (1,)))
    return {"commission_bp": terms.bp, "rounding_unit": terms.rounding_unit, "rounding": terms.rounding}


def _rounding_words(rules) -> str:
    rate = f"{rules['commission_bp'] / 100:g}%"
    if rules["rounding_unit"] == 1:
        return f"{rate} commission, to the cent"
    unit = money(rules["rounding_unit"])
    # No brackets: these words are themselves put in brackets by the settlement's explanation.
    if rules["rounding"] is pg.Rounding.HOUSE:
        return f"{rate} commission, rounded up to the smallest chip, {unit}"
    return f"{rate} commission, rounded down to the smallest chip, {unit}"


def _parse_cents(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} is an amount in cents (a whole number, not negative), not {value!r}")
    return value


@register
class SettleDrill(Levelled):
    """Pay winners less commission, leave pushes, and settle the co-banker (rules (j)-(l)).

    Families: the house as sole banker (rule 11.1), a co-banker whose wager covers the table, and a
    co-banker short of it (a losing-wager-area shortfall, rule (l)). Levels (docs/drills.md):
      Basic     the house as sole banker only; 3 boxes
      Standard  the house half the tables, a co-banker a third, a shortfall a sixth; 5 boxes
      Advanced  co-banked tables only, with and without a shortfall equally; 7 boxes
    """

    id = "paigow.settle"
    game = GAME
    title = "Settle the table"
    description = ("The matched boxes are shown: pay each winner even money less commission, pay nothing on "
                   "pushes and losers; with a co-banker, also divide what is left (rules (j)-(l)).")

    def __init__(self, settings=None):
        self.section = _section(settings)
        self.rules = commission_rules(self.section)
        low = getattr(self.section, "minimum_bet", 10)
        high = getattr(self.section, "maximum_bet", 5000)
        self.stakes = [s for s in _STAKES if low <= s <= high] or [max(low, min(high, 25))]

    def families(self) -> list[str]:
        return ["settle.house", "settle.co_banker", "settle.shortfall"]

    def mix(self, level: int) -> dict[str, int]:
        return {BASIC: {"settle.house": 1},
                STANDARD: {"settle.house": 3, "settle.co_banker": 2, "settle.shortfall": 1},
                ADVANCED: {"settle.co_banker": 1, "settle.shortfall": 1}}[level]

    def _table(self, rng, count: int, co_banker_box: int | None):
        boxes = [b for b in range(1, 9) if b not in (1, co_banker_box)] if co_banker_box is None else \
            [(co_banker_box + k - 1) % 8 + 1 for k in range(1, 8)]  # counter-clockwise from the co-banker
        chosen = sorted(rng.shuffled(boxes)[:count], key=boxes.index)
        return [{"box": box, "amount": 100 * _pick(rng, self.stakes), "outcome": _pick(rng, OUTCOMES)}
                for box in chosen]

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        _families_check(self, family)
        family = family or self.draw_family(rng, difficulty)
        count = _boxes_for(difficulty)
        for _ in range(5_000):
            co_box = None if family == "settle.house" else 1 + rng.below(8)
            wagers = self._table(rng, count, co_box)
            pairs = [(w["amount"], w["outcome"]) for w in wagers]
            if not any(o == "win" for _, o in pairs):
                continue
            co_wager = None if co_box is None else 100 * _pick(rng, (100, 200, 250, 300, 500, 1000))
            try:
                result = pg.settle(pairs, co_banker_wager=co_wager, **self.rules)
            except pg.BankShort:  # the co-banking wager cannot cover this table: lay out another
                continue
            if family == "settle.co_banker" and result.shortfall:
                continue
            if family == "settle.shortfall" and not result.shortfall:
                continue
            break
        else:  # pragma: no cover
            raise RuntimeError(f"could not lay out a table for {family}")
        key: dict[str, Any] = {"paid": [r.paid for r in result.results],
                               "commission": [r.commission for r in result.results]}
        if co_box is not None:
            key.update(to_float=result.to_float, co_banker=result.co_banker_returned, shortfall=result.shortfall,
                       remainder=result.remainder, house_share=result.house_share,
                       co_banker_share=result.co_banker_share, co_banker_commission=result.co_banker_commission,
                       collected=result.collected, winnings=result.winnings)
        prompt = {"wagers": wagers, "co_banker_box": co_box, "co_banker_wager": co_wager,
                  "commission": _rounding_words(self.rules)}
        if co_box is None or co_wager is None:
            text = "House bank (rule 11.1): settle each box."
        else:
            text = (f"Co-banker in box {co_box} with {money(co_wager)}, matched by the house: settle each box, "
                    "then the co-banking wager.")
        return Item(self.id, family, prompt, key, text=text,
                    hint="Winners: the wager less commission. Pushes stay. With a co-banker, settle the players first.")

    def _parse(self, item: Item, answer) -> dict:
        count = len(item.prompt["wagers"])
        if isinstance(answer, (list, tuple)):
            answer = {"paid": list(answer)}
        if not isinstance(answer, dict) or not isinstance(answer.get("paid"), (list, tuple)) \
                or len(answer["paid"]) != count:
            raise ValueError(f"give the payment for each of the {count} boxes (0 when nothing is paid)")
        parsed: dict[str, Any] = {"paid": [_parse_cents(v, f"the payment to box {w['box']}")
                           for v, w in zip(answer["paid"], item.prompt["wagers"])]}
        if item.prompt["co_banker_box"] is not None:
            for field, what in (("to_float", "the amount returned to the float"),
                                ("co_banker", "the amount handed to the co-banker")):
                if field not in answer:
                    raise ValueError(f"give {what}")
                parsed[field] = _parse_cents(answer[field], what)
        return parsed

    def _winner_category(self, amount: int, given: int) -> ErrorCategory:
        if given == 0:
            return ErrorCategory.WRONG_OUTCOME
        if given == amount:
            return ErrorCategory.PAIGOW_COMMISSION
        # Commission worked at another rounding (e.g. exact cents when the table rounds to chips), or at
        # twice the rate (the dealer's halving forgotten).
        rates = {self.rules["commission_bp"], min(10000, 2 * self.rules["commission_bp"])}
        for bp in rates:
            for unit in {1, self.rules["rounding_unit"]}:
                for rounding in pg.Rounding:
                    c = pg.commission(amount, commission_bp=bp, rounding_unit=unit, rounding=rounding)
                    if given == amount - c:
                        return ErrorCategory.PAIGOW_COMMISSION
        right = amount - pg.commission(amount, **self.rules)
        if arithmetic_slip(given, right, [100 * min(getattr(self.section, "chip_values", (1,)) or (1,))]):
            return ErrorCategory.ARITHMETIC
        return ErrorCategory.OTHER

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = self._parse(item, answer)
        key = item.key
        wagers = item.prompt["wagers"]
        found: list[ErrorCategory] = []
        lines = []
        per_box = []
        for w, paid, right, box_commission in zip(wagers, given["paid"], key["paid"], key["commission"]):
            box_category = None
            if paid == right:
                pass
            elif w["outcome"] == "push":
                box_category = ErrorCategory.PAID_A_PUSH
                lines.append(f"Box {w['box']} pushes: the wager stays and nothing is paid.")
            elif w["outcome"] == "lose":
                box_category = ErrorCategory.WRONG_OUTCOME
                lines.append(f"Box {w['box']} loses: its wager goes to the losing wager area, nothing is paid.")
            else:
                box_category = self._winner_category(w["amount"], paid)
                lines.append(f"Box {w['box']} wins {money(w['amount'])}: pay {money(right)} "
                             f"({money(box_commission)} commission), not {money(paid)}.")
            if box_category is not None:
                found.append(box_category)
            # Each box on its own, for statistics that count wagers rather than items.
            per_box.append({"kind": w["outcome"], "box": w["box"], "correct": box_category is None,
                            "category": box_category.value if box_category else None})
        co_box = item.prompt["co_banker_box"]
        if co_box is not None:
            wrong_parts = [(what, key[field], given[field]) for field, what in
                           (("to_float", "To the float"), ("co_banker", "To the co-banker"))
                           if given[field] != key[field]]
            if wrong_parts:
                found.append(self._split_category(item, given))
                # Only the figures that are wrong, each with what was given.
                lines.append(" ".join(f"{what}: {money(right)}, not {money(wrong)}."
                                      for what, right, wrong in wrong_parts))
        ok = not found
        order = [ErrorCategory.PAID_A_PUSH, ErrorCategory.SHORTFALL, ErrorCategory.CO_BANKER_SPLIT,
                 ErrorCategory.PAIGOW_COMMISSION, ErrorCategory.WRONG_OUTCOME, ErrorCategory.ARITHMETIC,
                 ErrorCategory.OTHER]
        category = next((c for c in order if c in found), None)
        explanation, rule = self.explain(item)
        if lines:
            explanation += " " + " ".join(lines)
        return Grade(ok, self.describe_key(item), self._words(item, given), explanation, category, rule=rule,
                     seconds=seconds, details={"paid": key["paid"], "wagers": per_box})

    @staticmethod
    def _split_category(item: Item, given: dict) -> ErrorCategory:
        """Why the float's and the co-banker's figures are wrong, from how they relate to the engine's: the
        right total divided wrongly (or, in a shortfall, the co-banker's wager handed back whole) is a
        co-banking or shortfall error; the co-banker's commission left on is a commission error; one figure
        off by a slip is arithmetic; anything else is another mistake."""
        key = item.key
        shortfall = bool(key["shortfall"])
        if given["to_float"] + given["co_banker"] == key["to_float"] + key["co_banker"] or \
                (shortfall and given["co_banker"] == item.prompt["co_banker_wager"]):
            return ErrorCategory.SHORTFALL if shortfall else ErrorCategory.CO_BANKER_SPLIT
        if key["co_banker_commission"] and given["to_float"] == key["to_float"] \
                and given["co_banker"] == key["co_banker"] + key["co_banker_commission"]:
            return ErrorCategory.PAIGOW_COMMISSION
        slips = [arithmetic_slip(given[f], key[f]) for f in ("to_float", "co_banker") if given[f] != key[f]]
        if all(slips):
            return ErrorCategory.ARITHMETIC
        return ErrorCategory.OTHER

    def explain(self, item: Item) -> tuple[str, str]:
        """Every figure comes from the engine's settlement summary kept in the key."""
        key, prompt = item.key, item.prompt
        words = (f"Winners are paid even money less commission ({prompt['commission']}); losing wagers go to "
                 "the losing wager area; a push leaves the wager where it is, under rule 6.1(c).")
        if prompt["co_banker_box"] is None:
            return "House as sole banker (rule 11.1). " + words, "11.1"
        if key["shortfall"]:
            return (words + f" Rule (l): the losing wager area holds {money(key['collected'])} but the winners are "
                    f"owed {money(key['winnings'])}; the shortfall of {money(key['shortfall'])} comes out of the "
                    "co-banking wager (the co-banker's wager and the house's matching wager). What is left of it "
                    f"is split in two: {money(key['house_share'])} to the float and "
                    f"{money(key['co_banker_share'])} back to the co-banker.", "(l)")
        return (words + f" Rules (j)-(k): after paying the winners, {money(key['remainder'])} is left in the losing "
                f"wager area and is split equally. The house's half ({money(key['house_share'])}) and its "
                f"matching wager go to the float: {money(key['to_float'])}. The co-banker gets back his wager and "
                f"his half ({money(key['co_banker_share'])}) less {money(key['co_banker_commission'])} "
                f"commission: {money(key['co_banker'])}.", "(j)-(k)")

    @staticmethod
    def _words(item: Item, answer: dict) -> str:
        parts = [f"box {w['box']} {money(p)}" for w, p in zip(item.prompt["wagers"], answer["paid"])]
        if item.prompt["co_banker_box"] is not None:
            parts.append(f"float {money(answer['to_float'])}")
            parts.append(f"co-banker {money(answer['co_banker'])}")
        return ", ".join(parts)

    def describe_key(self, item: Item) -> str:
        return self._words(item, item.key)


DEFAULT_TARGETS.update({
    TileDrill.id: Target(seconds=8, test_items=32),
    CompareDrill.id: Target(seconds=10, test_items=30),
    HouseWayDrill.id: Target(seconds=25, test_items=25),
    ExposeDrill.id: Target(seconds=30, test_items=15),
    SettleDrill.id: Target(seconds=90, test_items=10),
})
