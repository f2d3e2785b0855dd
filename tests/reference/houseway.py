"""Pure-Python house ways, for tests and benchmarks only.

It reads the same TOML files as the engine but interprets their words directly (the engine compiles
them into an integer program run in C), ranks hands with reference.paigow (faces and rank lists, not
the engine's value table), and computes per-hand values by walking the real tiles one bank hand at a
time, so each side checks the other.
"""
from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from itertools import combinations, permutations
from pathlib import Path

from reference import paigow as pg

HOUSE_WAYS = Path(__file__).resolve().parents[2] / "resources" / "house_ways"

KIND_WORDS = ["teen", "day", "yun", "gor", "mooy", "chong", "bon", "foo", "ping", "tit", "look",
              "chop_gow", "chop_bot", "chop_chit", "chop_ng", "gee_joon"]
# One representative face per kind (rank 1-16), and all 32 tiles of a set.
FACE_OF_KIND = {rank: faces[0] for rank, (_, faces) in enumerate(pg.KIND_TABLE, start=1)}
DOTS_CLASSES = {"12": {1}, "2": {2}, "11": {8}, "10": {5, 9}, "9": {12}, "8": {3, 13}, "7": {10, 14},
                "6": {6, 11}, "5": {15}, "4": {4, 7}}
CLASSES = {word: {i + 1} for i, word in enumerate(KIND_WORDS)}
CLASSES.update(DOTS_CLASSES)
CLASSES.update({"teen_day": {1, 2}, "any": set(range(1, 17)), "high_10": {5}, "low_10": {9}, "high_8": {3},
                "low_8": {13}, "high_7": {10}, "low_7": {14}, "high_6": {6}, "low_6": {11}, "high_4": {4},
                "low_4": {7}})
NAMED_THRESHOLDS = {"high_nine": 22, "gong": 20, "wong": 18, "pair": 16}

# The reference ranking, memoised: the same few hundred hands are ranked millions of times.
hand_key = lru_cache(maxsize=None)(pg.hand_key)
points = lru_cache(maxsize=None)(pg.points)
named_hand = lru_cache(maxsize=None)(pg.named_hand)
rank = lru_cache(maxsize=None)(pg.rank)


def compare(a, b) -> int:
    ka, kb = hand_key(*a), hand_key(*b)
    return (ka > kb) - (ka < kb)


def load(way: str) -> dict:
    return tomllib.loads((HOUSE_WAYS / f"{way}.toml").read_text(encoding="utf-8"))


def kinds_of(faces) -> tuple[int, ...]:
    return tuple(sorted(rank(f) for f in faces))


def category(hand) -> str:
    named = named_hand(*hand)
    if named is None:
        return "points"
    if "pair" in named:
        return "pair"
    return {"Wong": "wong", "Gong": "gong", "Nine": "high_nine"}[named.split()[-1]]


def reaches(hand, threshold) -> bool:
    """Does a two-tile hand reach a threshold of the file format?"""
    named = named_hand(*hand)
    if isinstance(threshold, str) and threshold in NAMED_THRESHOLDS:
        return named is not None and pg.NAMED_HANDS.index(named) + 1 <= NAMED_THRESHOLDS[threshold]
    if named is not None:
        return True
    if isinstance(threshold, int):
        need, lowest_tile = threshold, 16
    elif threshold == "harmony3":
        need, lowest_tile = 3, 4       # Gor
    elif threshold == "high3":
        need, lowest_tile = 3, 6       # Chong
    else:
        need, lowest_tile = threshold["points"], KIND_WORDS.index(threshold["tile"]) + 1
    p = points(*hand)
    if need == 0:
        return True
    top = min(rank(f) for f in hand)
    return p > need or (p == need and top <= lowest_tile)


def in_class(face, spec) -> bool:
    words = spec if isinstance(spec, list) else [spec]
    return any(rank(face) in CLASSES[str(w)] for w in words)


def two_match(hand, a, b) -> bool:
    return (in_class(hand[0], a) and in_class(hand[1], b)) or (in_class(hand[0], b) and in_class(hand[1], a))


def classes_match(faces, specs) -> bool:
    return any(all(in_class(f, s) for f, s in zip(order, specs)) for order in permutations(faces, len(specs)))


def candidates(faces):
    """The distinct settings in the engine's fixed order: tiles by rank, pairings {01|23} {02|13} {03|12}."""
    ordered = sorted(faces, key=pg.rank)
    out, seen = [], set()
    for high, low in pg.settings(ordered):
        key = frozenset([kinds_of(high), kinds_of(low)]) if kinds_of(high) != kinds_of(low) else (kinds_of(high),)
        if key not in seen:
            seen.add(key)
            out.append((high, low))
    return out


def pair_kinds(faces):
    kinds = kinds_of(faces)
    return [k for k in set(kinds) if kinds.count(k) == 2]


def condition(faces, cands, key, value) -> bool:
    pairs = pair_kinds(faces)
    if key == "pairs":
        return len(pairs) in (value if isinstance(value, list) else [value])
    if key == "pair":
        return any(in_class(FACE_OF_KIND[k], value) for k in pairs)
    if key == "others":
        if len(pairs) != 1:
            return False
        rest = [f for f in faces if rank(f) != pairs[0]]
        return any(two_match(rest, a, b) for a, b in value)
    if key == "hand":
        return any(classes_match(faces, alt) for alt in value)
    if key == "contains":
        return classes_match(faces, value)
    best_low = max((c[1] for c in cands), key=lambda h: hand_key(*h))
    best_high = max((c[0] for c in cands), key=lambda h: hand_key(*h))
    return {"best_low_at_least": lambda: reaches(best_low, value),
            "best_low_below": lambda: not reaches(best_low, value),
            "best_high_at_least": lambda: reaches(best_high, value),
            "best_high_below": lambda: not reaches(best_high, value)}[key]()


def score(faces, cands, setting, key, value):
    high, low = setting
    top = min(rank(f) for f in faces)
    has_top = lambda hand: any(rank(f) == top for f in hand)  # noqa: E731
    if key == "keep_pair":
        return category(high) == "pair" or category(low) == "pair"
    if key == "split_pair":
        return category(high) != "pair" and category(low) != "pair"
    if key == "undominated":
        return not any(compare(h, high) > 0 and compare(l, low) > 0 for h, l in cands)
    if key in ("high_category", "low_category"):
        wanted = value if isinstance(value, list) else [value]
        return category(high if key == "high_category" else low) in wanted
    if key == "low_at_least":
        return reaches(low, value)
    if key == "low_below":
        return not reaches(low, value)
    if key == "high_at_least":
        return reaches(high, value)
    if key == "high_below":
        return not reaches(high, value)
    if key == "at_least":
        return any(reaches(low, a) and reaches(high, b) for a, b in value)
    if key == "high_is":
        return two_match(high, *value)
    if key == "low_is":
        return two_match(low, *value)
    if key == "hand_is":
        return two_match(high, *value) or two_match(low, *value)
    if key in ("max", "min"):
        measure = {"low": hand_key(*low), "high": hand_key(*high), "low_points": points(*low),
                   "high_points": points(*high), "total_points": points(*high) + points(*low)}[value]
        if key == "min":
            return (-measure[0], *(-x for x in measure[1:])) if isinstance(measure, tuple) else -measure
        return measure
    if key == "prefer_high":
        order = value if isinstance(value, list) else [value]
        c = category(high)
        return len(order) - order.index(c) if c in order else 0
    if key == "prefer_high_has":
        return any(in_class(f, value) for f in high)
    if key == "prefer_low_has":
        return any(in_class(f, value) for f in low)
    if key == "highest_tile":
        return has_top(high if value == "high" else low)
    if key == "highest_tile_low_if":
        p = points(*(high if value["hand"] == "high" else low))
        if p <= value["at_most"]:
            return has_top(low)
        return has_top(high) if value.get("otherwise", "either") == "high" else False
    raise KeyError(key)


REQUIRE = {"keep_pair", "split_pair", "undominated", "high_category", "low_category", "low_at_least",
           "low_below", "high_at_least", "high_below", "at_least", "high_is", "low_is", "hand_is"}


def run_steps(faces, cands, alive, steps):
    for step in steps:
        (key, value), = step.items()
        if key in REQUIRE:
            kept = [c for c in alive if score(faces, cands, c, key, value)]
            if not kept:
                return None
            alive = kept
        else:
            best = max(score(faces, cands, c, key, value) for c in alive)
            alive = [c for c in alive if score(faces, cands, c, key, value) == best]
    return alive


def decide(way: dict, faces):
    """(setting, rule id) for four faces under a parsed house-way file."""
    cands = candidates(faces)
    for rule in way["rule"]:
        if not all(condition(faces, cands, k, v) for k, v in rule.get("when", {}).items()):
            continue
        alive = run_steps(faces, cands, list(cands), rule["play"])
        if alive is None:
            continue
        alive = run_steps(faces, cands, alive, way.get("tie_break", []))
        return alive[0], rule["id"]
    raise ValueError(f"no rule decides {faces}")


def faces_of_kinds(kinds):
    """Real tiles for a multiset of kinds: a kind held twice uses both of its tiles."""
    faces, used = [], {}
    for k in kinds:
        faces.append(pg.KIND_TABLE[k - 1][1][used.get(k, 0)])
        used[k] = used.get(k, 0) + 1
    return faces


def distinct_hands():
    """Every distinct hand (3,620) as four faces."""
    return [faces_of_kinds(kinds) for kinds in sorted(pg.distinct_kind_multisets(4))]


def setting_counts(way: dict, faces, commission: float = 0.05):
    """For each of the 3 settings (pg.settings order): (wins, losses, pushes) against every bank hand of
    the other 28 tiles, walked tile by tile and set by `decide`."""
    rest = list(pg.SET)
    for f in faces:
        rest.remove(pg.normalise(f))

    @cache
    def bank_keys(kinds):
        (high, low), _ = decide(way, faces_of_kinds(kinds))
        return hand_key(*high), hand_key(*low)

    mine = [(hand_key(*h), hand_key(*l)) for h, l in pg.settings(faces)]
    counts = [[0, 0, 0] for _ in mine]
    for bank in combinations(rest, 4):
        bh, bl = bank_keys(kinds_of(bank))
        for i, (ph, pl) in enumerate(mine):
            if ph > bh and pl > bl:
                counts[i][0] += 1
            elif bh >= ph and bl >= pl:
                counts[i][1] += 1
            else:
                counts[i][2] += 1
    return [tuple(c) for c in counts]


def bank_setting_counts(way: dict, faces):
    """The bank's side of setting_counts: for each of the 3 settings of the bank's tiles (pg.settings
    order), the bank's (wins, losses, pushes) against every player hand of the other 28 tiles, walked tile
    by tile and set by `decide`. The bank wins when both of its hands rank at least as high as the
    player's (it takes copies), loses when both rank lower."""
    rest = list(pg.SET)
    for f in faces:
        rest.remove(pg.normalise(f))

    @cache
    def player_keys(kinds):
        (high, low), _ = decide(way, faces_of_kinds(kinds))
        return hand_key(*high), hand_key(*low)

    mine = [(hand_key(*h), hand_key(*l)) for h, l in pg.settings(faces)]
    counts = [[0, 0, 0] for _ in mine]
    for player in combinations(rest, 4):
        ph, pl = player_keys(kinds_of(player))
        for i, (bh, bl) in enumerate(mine):
            if bh >= ph and bl >= pl:
                counts[i][0] += 1
            elif ph > bh and pl > bl:
                counts[i][1] += 1
            else:
                counts[i][2] += 1
    return [tuple(c) for c in counts]
