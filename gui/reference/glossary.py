"""The glossary: one set of names for the tiles, the hands and the terms of the three games. Qt-free.

The words are resources/rulebook/glossary.toml, read and checked like the rule book (rulebook.read_resource);
a tile's faces, rank and points come from the engine (dealerdrill.core.paigow), and the file must name every
tile the engine has, by the engine's name, and no other. The drills print these names (the engine's hand
labels are made of them), and a test holds every tile and hand name the drills print to the glossary.

Public names:
    glossary() -> Glossary             read on first use, kept
    Glossary.terms(game=None)          the terms in alphabetical order
    Glossary.lookup(name)              a term by its name or another name it goes by (case ignored)
    Glossary.search(text, game=None)   the terms holding every word of `text`
    Glossary.definition(term)          the term's words, with the engine's facts for a tile
    explain_terms(text)                short definitions of the house-way words a text uses ("Harmony 3: ...")
    unknown_names(text, ordinary)      capitalised names in a text that the glossary does not know
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from dealerdrill.core import paigow

from .rulebook import GAMES, RuleBookError, book, parse_toml, read_resource

FILE = "glossary.toml"
_TERM_FIELDS = {"name", "games", "text", "also", "rules", "short"}
_TILE_FIELDS = {"name", "text", "also"}


@dataclass(frozen=True)
class TileFacts:
    """What the engine says of a kind of tile."""
    faces: tuple[str, ...]
    rank: int
    points: tuple[int, ...]
    dots: tuple[int, ...]
    copies: int


@dataclass(frozen=True)
class Term:
    name: str
    games: tuple[str, ...]
    text: str
    also: tuple[str, ...] = ()       # other names the trainee meets for the same thing
    rules: tuple[str, ...] = ()      # rule book references: a number or id of the first game, or "game:number"
    short: str = ""                  # a few words, added to feedback that uses the term without saying it
    tile: TileFacts | None = None

    @property
    def rule_references(self) -> list[tuple[str, str]]:
        """(game, number) of each rule the term cites."""
        out = []
        for reference in self.rules:
            game, _, number = reference.partition(":")
            out.append((game, number) if number and game in GAMES else (self.games[0], reference))
        return out


def _tile_facts(name: str) -> TileFacts:
    tiles = [t for t in paigow.TILES if t.name == name]
    faces = tuple(dict.fromkeys(t.face for t in tiles))
    return TileFacts(faces, tiles[0].rank, tiles[0].point_options, tuple(sum(paigow.tile(f).pips) for f in faces),
                     tiles[0].copies)


def _text(table: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > 2_000:
        raise RuleBookError(f"{where}: {key} must be a text of at most 2,000 characters")
    if any(not (ch.isprintable() or ch == "\n") for ch in value):
        raise RuleBookError(f"{where}: {key} holds a control character")
    return " ".join(value.split())


def _list(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() and len(v) <= 80 for v in value):
        raise RuleBookError(f"{where}: {key} must be a list of short texts")
    return tuple(" ".join(v.split()) for v in value)


def _fields(table: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise RuleBookError(f"{where}: an entry is a table of fields")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise RuleBookError(f"{where}: unknown field {unknown[0]!r}")
    return table


class Glossary:
    def __init__(self, terms: list[Term]):
        self._terms = sorted(terms, key=lambda term: term.name.lower())
        self._by_name: dict[str, Term] = {}
        for term in self._terms:
            for name in (term.name, *term.also):
                self._by_name.setdefault(name.lower(), term)

    def terms(self, game: str | None = None) -> list[Term]:
        return [term for term in self._terms if game is None or game in term.games]

    def lookup(self, name: str) -> Term | None:
        return self._by_name.get(" ".join(name.split()).lower()) if isinstance(name, str) else None

    def names(self) -> list[str]:
        """Every name and other name, longest first (so that "Teen Wong" is read before "Teen")."""
        names = {name for term in self._terms for name in (term.name, *term.also)}
        return sorted(names, key=lambda name: (-len(name), name))

    def search(self, text: str, game: str | None = None) -> list[Term]:
        words = [w for w in text.lower().split() if w][:12] if isinstance(text, str) else []
        found = []
        for term in self.terms(game):
            title = " ".join((term.name, *term.also)).lower()
            body = self.definition(term).lower()
            if all(w in title or w in body for w in words):
                found.append((0 if all(w in title for w in words) else 1, term))
        return [term for _, term in sorted(found, key=lambda pair: pair[0])]

    @staticmethod
    def definition(term: Term) -> str:
        """The term's words; for a tile, first the engine's facts: faces, rank, points."""
        if term.tile is None:
            return term.text
        facts = term.tile
        if len(facts.faces) == 1:
            faces = f"The {facts.faces[0]} tile, {facts.copies} in a set"
        else:
            faces = f"The tiles {' and '.join(facts.faces)}, one of each in a set"
        points = " or ".join(map(str, facts.points))
        if len(set(facts.dots)) == 1:
            dots = f"{facts.dots[0]} dots" + (" each" if len(facts.dots) > 1 else "")
        else:
            dots = f"{' and '.join(map(str, facts.dots))} dots"
        return f"{faces}. Rank {facts.rank} of 16. Counts {points} ({dots}). {term.text}"


def load() -> Glossary:
    where = f"rulebook/{FILE}"
    data = parse_toml(read_resource(FILE), where)
    unknown = sorted(set(data) - {"tile", "term"})
    if unknown:
        raise RuleBookError(f"{where}: unknown field {unknown[0]!r}")
    terms: list[Term] = []
    engine_names = list(dict.fromkeys(t.name for t in paigow.TILES))
    tiles = data.get("tile", [])
    if not isinstance(tiles, list):
        raise RuleBookError(f"{where}: [[tile]] entries expected")
    named = []
    for index, table in enumerate(tiles):
        spot = f"{where}, tile {index + 1}"
        table = _fields(table, _TILE_FIELDS, spot)
        name = _text(table, "name", spot)
        if name not in engine_names:
            raise RuleBookError(f"{spot}: {name!r} is not the name of a tile (the engine's names: "
                                f"{', '.join(engine_names)})")
        named.append(name)
        terms.append(Term(name, ("paigow",), _text(table, "text", spot), _list(table, "also", spot),
                          tile=_tile_facts(name)))
    missing = [name for name in engine_names if name not in named]
    if missing or len(named) != len(set(named)):
        raise RuleBookError(f"{where}: every tile once, by the engine's name; "
                            + (f"missing: {', '.join(missing)}" if missing else "a tile appears twice"))
    entries = data.get("term", [])
    if not isinstance(entries, list) or not entries:
        raise RuleBookError(f"{where}: [[term]] entries expected")
    the_book = book()
    for index, table in enumerate(entries):
        spot = f"{where}, term {index + 1}"
        table = _fields(table, _TERM_FIELDS, spot)
        games = _list(table, "games", spot)
        if not games or any(game not in GAMES for game in games):
            raise RuleBookError(f"{spot}: games must list some of {', '.join(GAMES)}")
        term = Term(_text(table, "name", spot), games, _text(table, "text", spot), _list(table, "also", spot),
                    _list(table, "rules", spot), _text(table, "short", spot, required=False))
        for game, number in term.rule_references:
            if the_book.lookup(game, number) is None:
                raise RuleBookError(f"{spot} ({term.name}): the rule {number!r} is not in the {game} rule book")
        terms.append(term)
    seen: set[str] = set()
    for term in terms:
        if term.name.lower() in seen:
            raise RuleBookError(f"{where}: two entries are named {term.name!r}")
        seen.add(term.name.lower())
    return Glossary(terms)


@functools.cache
def glossary() -> Glossary:
    return load()


def explain_terms(text: str) -> str:
    """The short definitions of the terms with one (house-way words such as Harmony 3) that the text uses and
    does not define itself: "Harmony 3: 3 points with Gor or a higher tile, as in 3 (Gor high)." ("" for none)."""
    said = []
    lowered = " ".join(text.split()).lower()
    for term in glossary().terms():
        found = re.search(rf"\b{re.escape(term.name.lower())}\b", lowered) if term.short else None
        if found is not None and term.short.split(", as in")[0].lower() not in lowered:
            said.append((found.start(), f"{term.name}: {term.short}."))
    return " ".join(words for _, words in sorted(said))     # in the order the text names them


_NAME = re.compile(r"\b[A-Z][a-z]+\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;“”\"]\s*|\n\s*)$")


@functools.cache
def _names_pattern() -> re.Pattern[str]:
    """Every glossary name as one pattern, the longest first ("Teen Wong" before "Teen")."""
    names = "|".join(re.escape(name) for name in glossary().names())
    return re.compile(rf"(?<![A-Za-z])(?:{names})(?![a-z])")


def unknown_names(text: str, ordinary: frozenset[str] = frozenset()) -> list[str]:
    """The capitalised names in `text` that are neither glossary names (nor other names of a term) nor in
    `ordinary` (words a sentence may capitalise: "Rule", "Gazette", a house way's own name). A word that only
    starts a sentence is ordinary too. Every tile and hand name a drill prints must be a glossary name."""
    remaining = _names_pattern().sub(" ", text)
    unknown = []
    for match in _NAME.finditer(remaining):
        word = match.group(0)
        if word in ordinary or _SENTENCE_START.search(remaining[:match.start()]):
            continue
        unknown.append(word)
    return unknown
