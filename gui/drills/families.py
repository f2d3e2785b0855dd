"""The one place that reads meaning out of item family strings. Qt-free.

Drills choose their family strings (gui/drills/*_drills.py) and the records store them exactly as given,
with the game of the session. Only the breakdowns below look inside them (the records reach them through
the drill catalogue, gui/drills/catalog.py), and they are lenient: a family
that does not match simply does not count in that breakdown (it still counts everywhere else). A leading
"<game>." segment is ignored, so "baccarat.banker6.third7" and "banker6.third7" read the same.

Conventions read here (as the drills of issue 5 write them):
- Baccarat table of play (Table 2): Banker total and the Player's third card, "banker6.third7" (also
  "banker.6.third7", "banker-6.player-third-7"). The third card is its baccarat value 0-9.
- Roulette wager kind: the first segment that names a kind of the engine's roulette.WagerKind
  ("roulette.payout.split", "roulette.payout.six_line"); "zero" (a wager won by 0, rules 5.2-5.3);
  "complete" and "picture" (the completes drill); "keys.<odds>" (payout keys: the inside kind the engine
  pays at those odds). Other roulette families (e.g. "roulette.winners.clear.side") are not a wager kind.
- Pai gow house-way rule: a segment that is a house-way rule id, "<way>-<words>" starting with a letter
  ("nz-split-nines"); tile faces such as "6-6" start with a digit and are not rule ids.
"""
from __future__ import annotations

import re
from functools import lru_cache

from dealerdrill.domain.catalog import BANKER_TOTALS, THIRD_CARD_VALUES

_TABLE_OF_PLAY = re.compile(r"(?:^|\.)banker[._-]?(\d)\.(?:player[._-]?)?third[._-]?(\d)(?:\.|$)")
_RULE_ID = re.compile(r"^[a-z][a-z0-9_]*-[a-z0-9_-]+$")
_GROUP_KINDS = {"zero": "Won by zero (rules 5.2-5.3)", "complete": "Completes", "picture": "Pictures"}


def _segments(game: str, family: str) -> list[str]:
    parts = str(family).lower().split(".")
    return parts[1:] if parts and parts[0] == game else parts


def table_of_play_cell(game: str, family: str) -> tuple[int, int] | None:
    """(Banker total, Player's third card value) for a baccarat table-of-play family, else None."""
    if game != "baccarat":
        return None
    match = _TABLE_OF_PLAY.search(".".join(_segments(game, family)))
    if not match:
        return None
    banker, third = int(match.group(1)), int(match.group(2))
    if banker not in BANKER_TOTALS or third not in THIRD_CARD_VALUES:
        return None
    return banker, third


@lru_cache(maxsize=1)
def _engine_kinds() -> dict[str, tuple[str, int]]:
    """name -> (label, odds) from the engine's roulette.WagerKind."""
    from dealerdrill.core import roulette

    return {k.name.lower(): (getattr(k, "label", k.name.lower()), k.odds) for k in roulette.WagerKind}


def wager_kind(game: str, family: str) -> str | None:
    """The roulette wager kind a family asks about (an engine WagerKind name in lower case, or "zero",
    "complete", "picture"), else None."""
    if game != "roulette":
        return None
    kinds = _engine_kinds()
    segments = _segments(game, family)
    for index, segment in enumerate(segments):
        if segment in kinds or segment in _GROUP_KINDS:
            return segment
        if segment == "keys" and index + 1 < len(segments) and segments[index + 1].isdigit():
            odds = int(segments[index + 1])
            paying = [name for name, (_, kind_odds) in kinds.items() if kind_odds == odds]
            return paying[0] if len(paying) == 1 else None
    return None


def wager_kind_label(kind: str) -> str:
    if kind in _GROUP_KINDS:
        return _GROUP_KINDS[kind]
    label = _engine_kinds().get(kind, (kind.replace("_", " "), 0))[0]
    return label[:1].upper() + label[1:]


def house_way_rule(game: str, family: str) -> str | None:
    """The pai gow house-way rule id a family is about (e.g. "nz-split-nines"), else None."""
    if game != "paigow":
        return None
    for segment in _segments(game, family):
        if _RULE_ID.match(segment):
            return segment
    return None


def house_way_rule_label(rule_id: str) -> str:
    """The rule's title from the house way that defines it, else the id itself. The way the id's prefix
    names is asked first, then every other available way (shipped and loaded): a loaded custom way may
    give its rules ids that do not start with its own id."""
    titles = _rule_titles()
    prefix = rule_id.split("-", 1)[0]
    return titles.get((prefix, rule_id)) or titles.get((None, rule_id)) or rule_id


_titles_cache: tuple[tuple, dict] = ((), {})


def _rule_titles() -> dict:
    """(way id, rule id) -> title and (None, rule id) -> title from the first way defining it, for the house
    ways available now. Rebuilt when a way is loaded, replaced or unloaded (the cache key holds the ways
    themselves, so their identities cannot be reused while cached)."""
    global _titles_cache
    from dealerdrill.core import paigow

    ways = tuple(paigow.describe_house_way(way) for way in paigow.house_ways())
    if len(ways) == len(_titles_cache[0]) and all(a is b for a, b in zip(ways, _titles_cache[0])):
        return _titles_cache[1]
    titles: dict = {}
    for way in ways:
        for rule in way.rules:
            titles[(way.id, rule.id)] = rule.title
            titles.setdefault((None, rule.id), rule.title)
    _titles_cache = (ways, titles)
    return titles
