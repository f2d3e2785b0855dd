"""The rule book: the Gazette rules the project holds, by game and rule number, in the project's own words, with
the project's readings where the pages leave a rule open. Qt-free.

The book is resources/rulebook/<game>.toml (the format: resources/rulebook/FORMAT.md), read once and checked
where it is read like any file the program reads: a regular resource of at most MAX_FILE_BYTES of UTF-8 TOML,
every rule with the fields it needs, every cross-reference pointing at a rule of the book. A book that fails a
check is refused whole with a RuleBookError naming the file and the rule; nothing half-read is shown.

Public names:
    GAMES, GAME_TITLES                 the games, in the program's order, and their titles
    book() -> RuleBook                 the book (read on first use, kept)
    rule(game, number) -> Rule         one rule by its number ("9.5", "Table 2", "(e)", "11.1(c)") or id
    rules(game) -> list[Rule]          a game's rules in the book's order
    search(text, game=None)            the rules holding every word of `text`, best first
    find(reference) -> Rule            a rule by "game:number" ("baccarat:9.5"), as `dealerdrill rule` takes it
    citations(text, game) -> list[Citation]       the rule citations in a feedback text, with their spans
    cited(game, rule_field) -> list[Citation]     the rules a grade's rule field names ("4.5-4.7, 6.1")
"""
from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from importlib.abc import Traversable
from typing import Any

GAMES: tuple[str, ...] = ("roulette", "baccarat", "paigow")
GAME_TITLES: dict[str, str] = {"roulette": "Roulette", "baccarat": "Baccarat", "paigow": "Pai Gow"}
RESOURCE_FOLDER = "rulebook"
MAX_FILE_BYTES = 200_000          # the largest book file is about 20 kB; anything this size is not a book
MAX_TEXT_CHARS = 4_000            # one rule's text, quote or reading

# What a rule's status says about where its words come from (shown with every rule).
STATUS_WORDS: dict[str, str] = {
    "gazette": "The Gazette's rule, in our own words",
    "partial": "Only part of the text: the page we have breaks off",
    "missing": "Cited by the pages we have; its own text is not among them",
    "standard": "Not on a page we have: the standard rule of the game",
    "practice": "Not a Gazette rule: dealer practice or a table option",
}
_RULE_FIELDS = {"number", "id", "title", "status", "source", "text", "quote", "reading", "chart", "see", "keywords"}
_BOOK_FIELDS = {"game", "title", "sources", "rule"}
_ITEM = re.compile(r"^(?:- |\([a-z]\) )")      # a line that starts a list item keeps its own line
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class RuleBookError(ValueError):
    """The rule book could not be read; the message names the file and, where it applies, the rule."""


class UnknownRule(LookupError):
    """No rule of that number in the book; the message says so in plain words."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "no such rule"


@dataclass(frozen=True)
class Rule:
    game: str
    id: str                    # the number for a numbered rule ("9.5", "Table 2", "(e)"), else a word id
    number: str                # the Gazette's number, "" for a rule the Gazette does not number
    title: str
    status: str                # a key of STATUS_WORDS
    source: str                # the Gazette issue and page (or what stands in for one)
    text: str                  # the project's words
    quote: str = ""            # the Gazette's exact words, only where they decide a reading
    reading: str = ""          # the project's reading of what the pages leave open
    chart: str = ""            # the chart that shows this rule (dealerdrill.reference.charts), if any
    see: tuple[str, ...] = ()  # related rules (numbers or ids of this game)
    keywords: tuple[str, ...] = ()

    @property
    def reference(self) -> str:
        """"baccarat:9.5": how the command line and the links name the rule."""
        return f"{self.game}:{self.id}"

    @property
    def label(self) -> str:
        """The rule as a list shows it: "Rule 9.5", "Table 2", "Item (e)", or its title when unnumbered."""
        if not self.number:
            return self.title
        if self.number.startswith("("):
            return f"Item {self.number}"
        if self.number[0].isdigit():
            return f"Rule {self.number}"
        return self.number

    @property
    def status_words(self) -> str:
        return STATUS_WORDS[self.status]

    @property
    def reading_words(self) -> str:
        """The reading, marked as the project's: never to be taken for the Gazette's words."""
        if not self.reading:
            return ""
        reading = self.reading[0].upper() + self.reading[1:]
        return f"Dealer Drill reads this as follows; the Gazette pages we have leave it open. {reading}"

    def paragraphs(self, which: str = "text") -> list[list[str]]:
        """A text field as paragraphs, each a list of lines (a list item keeps its own line)."""
        return paragraphs(getattr(self, which))

    def plain(self) -> str:
        """The whole rule as plain text (the command line prints this)."""
        parts = [f"{GAME_TITLES[self.game]}, {self.label}" + (f": {self.title}" if self.number else ""),
                 f"{self.status_words}. Source: {self.source}.", _plain(self.text)]
        if self.quote:
            parts.append(f"The Gazette's words: “{' '.join(self.quote.split())}”")
        if self.reading:
            parts.append(_plain(self.reading_words))
        if self.see:
            parts.append("See also: " + ", ".join(self.see) + ".")
        return "\n\n".join(parts)


def paragraphs(text: str) -> list[list[str]]:
    """Paragraphs (split at blank lines) of lines: a line break inside a paragraph is a space, except before a
    line that starts a list item ("- " or "(a) ")."""
    result = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if not line:
                continue
            if lines and not _ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            result.append(lines)
    return result


def _plain(text: str) -> str:
    return "\n\n".join("\n".join(lines) for lines in paragraphs(text))


@dataclass
class RuleBook:
    """Every game's rules, in the book's order, with lookups by number and id."""

    titles: dict[str, str]
    sources: dict[str, str]
    by_game: dict[str, list[Rule]]
    _index: dict[tuple[str, str], Rule] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for game, game_rules in self.by_game.items():
            for one in game_rules:
                self._index[(game, _key(one.id))] = one
                if one.number:
                    self._index[(game, _key(one.number))] = one

    def rules(self, game: str) -> list[Rule]:
        _check_game(game)
        return list(self.by_game[game])

    def lookup(self, game: str, number: str) -> Rule | None:
        """The rule of that number or id; a subparagraph ("11.1(c)", "8.8(d)") finds its rule when the book
        holds the rule whole. None when the book has no such rule."""
        _check_game(game)
        key = _key(number)
        while key:
            found = self._index.get((game, key))
            if found is not None:
                return found
            shorter = re.sub(r"\([a-z]{1,4}\)$", "", key)
            if shorter == key or not shorter:
                return None
            key = shorter
        return None

    def rule(self, game: str, number: str) -> Rule:
        found = self.lookup(game, number) if isinstance(number, str) else None
        if found is None:
            raise UnknownRule(f"the {GAME_TITLES.get(game, game)} rule book has no rule {number!r}")
        return found

    def find(self, reference: str) -> Rule:
        """A rule by "game:number" (the game's name as in GAMES, or its title); also "game number"."""
        if not isinstance(reference, str) or len(reference) > 80:
            raise UnknownRule("name a rule as GAME:NUMBER, for example baccarat:9.5 or \"baccarat:Table 2\"")
        named, _, number = reference.strip().partition(":")
        if not number:
            named, _, number = reference.strip().partition(" ")
        game = _game_of(named)
        if game is None or not number.strip():
            raise UnknownRule(f"{reference!r} names no rule: write GAME:NUMBER with GAME one of "
                              f"{', '.join(GAMES)}, for example baccarat:9.5")
        return self.rule(game, number.strip())

    def search(self, text: str, game: str | None = None) -> list[Rule]:
        """The rules whose number, title, words or keywords hold every word of `text` (case ignored), best
        first: the rule of that exact number, then matches in the title or keywords, then in the words."""
        words = [w for w in re.split(r"\s+", text.strip().lower()) if w][:12] if isinstance(text, str) else []
        games = [game] if game is not None else list(GAMES)
        for each in games:
            _check_game(each)
        found: list[tuple[int, int, int, Rule]] = []
        for one_game in games:
            for order, one in enumerate(self.by_game[one_game]):
                if not words:
                    found.append((3, GAMES.index(one_game), order, one))
                    continue
                title = " ".join((one.number, one.id, one.title, *one.keywords)).lower()
                body = " ".join((one.text, one.quote, one.reading, one.source)).lower()
                if not all(w in title or w in body for w in words):
                    continue
                exact = _key(text) in (_key(one.number), _key(one.id))
                rank = 0 if exact else 1 if all(w in title for w in words) else 2
                found.append((rank, GAMES.index(one_game), order, one))
        return [one for *_, one in sorted(found, key=lambda entry: entry[:3])]

    def resolve(self, game: str, reference: Reference) -> list[Rule]:
        """The rules a citation names: one rule, or every rule of a range ("4.5-4.7", "(j)-(k)"); [] when the
        book has none of them."""
        first = self.lookup(game, reference.first)
        if reference.last is None:
            return [first] if first is not None else []
        last = self.lookup(game, reference.last)
        if first is None or last is None:
            return []
        low, high = _order(reference.first), _order(reference.last)
        inside = [one for one in self.by_game[game] if one.number and low <= _order(one.number) <= high]
        return inside or [first, last]


@dataclass(frozen=True)
class Reference:
    """One rule (first) or a range of rules (first to last) as a text cites it."""

    first: str
    last: str | None = None

    def __str__(self) -> str:
        return self.first if self.last is None else f"{self.first}-{self.last}"


@dataclass(frozen=True)
class Citation:
    """Where a text cites a rule: text[start:end] is the reference as written ("9.5", "5.2-5.3", "Table 2")."""

    start: int
    end: int
    reference: Reference
    rules: tuple[Rule, ...]     # what the book has for it (empty: the book does not hold that rule)

    @property
    def rule(self) -> Rule | None:
        """The rule a link to this citation opens: the first it names."""
        return self.rules[0] if self.rules else None


# A rule reference as the drills write it: "9.5", "5.7(b)", "11.1(f)", a bare item "(e)", or "Table 2".
_REF = r"(?:Table \d+|Appendix \d+|\d+\.\d+(?:\([a-z]{1,4}\))*|\([a-z]{1,4}\))"
_RANGE = rf"{_REF}(?:\s*[-–]\s*{_REF})?"
_LIST = rf"{_RANGE}(?:(?:,\s+(?:and\s+)?|\s+and\s+){_RANGE})*"
# In running text a reference counts only after "rule"/"rules" (so that $9.50 or 0.5 s is never a rule), except
# "Table 2", which names itself.
_IN_TEXT = re.compile(rf"\b[Rr]ules?\s+(?P<list>{_LIST})|(?P<table>\bTable \d+\b)")
_ONE = re.compile(rf"(?P<first>{_REF})(?:\s*[-–]\s*(?P<last>{_REF}))?")
_SUBPARAGRAPH = re.compile(r"^(?P<rule>\d+\.\d+)\([a-z]{1,4}\)")


def _references(text: str, offset: int) -> list[tuple[int, int, Reference]]:
    """The references in a list such as "11.1(f), (i), 4.5-4.7" with their spans. A bare item "(i)" right
    after a rule's own item ("11.1(f), (i)") is that rule's item; anywhere else it is an item of the rule cited
    by letter (pai gow's co-banking rule, "(e)")."""
    found = []
    previous: str | None = None
    for match in _ONE.finditer(text):
        first, last = match.group("first"), match.group("last")
        parent = _SUBPARAGRAPH.match(previous) if previous else None
        if first.startswith("(") and parent is not None:
            first = parent.group("rule") + first
            if last is not None and last.startswith("("):
                last = parent.group("rule") + last
        found.append((offset + match.start(), offset + match.end(), Reference(first, last)))
        previous = last or first
    return found


def citations(text: str, game: str) -> list[Citation]:
    """Every rule the text cites ("rule 9.5", "rules 5.2-5.3", "Rules 8.8, 8.9 and 8.16", "Table 2"), in order."""
    if not isinstance(text, str):
        return []
    the_book = book()
    out = []
    for match in _IN_TEXT.finditer(text):
        if match.group("table") is not None:
            spans = [(match.start("table"), match.end("table"), Reference(match.group("table")))]
        else:
            spans = _references(match.group("list"), match.start("list"))
        for start, end, reference in spans:
            out.append(Citation(start, end, reference, tuple(the_book.resolve(game, reference))))
    return out


def cited(game: str, rule_field: str) -> list[Citation]:
    """The rules a grade's rule field names ("Table 2, 9.5", "4.5-4.7, (f), (i)", "11.1(a), 3.3(b)")."""
    if not isinstance(rule_field, str) or not re.fullmatch(_LIST, rule_field.strip()):
        return []
    the_book = book()
    return [Citation(start, end, reference, tuple(the_book.resolve(game, reference)))
            for start, end, reference in _references(rule_field.strip(), 0)]


def _key(number: str) -> str:
    """A number or id as looked up: case, spaces and hyphens ignored ("table-2" finds "Table 2")."""
    return re.sub(r"[\s_-]+", "", number.strip().lower()) if isinstance(number, str) else ""


def _order(number: str) -> tuple[int, int, str]:
    """Where a number sorts within its section: "8.16" after "8.9", items (j) after (i)."""
    match = re.match(r"^(\d+)\.(\d+)(.*)$", number)
    if match:
        return int(match.group(1)), int(match.group(2)), match.group(3)
    item = re.match(r"^\(([a-z]{1,4})\)$", number)
    if item:
        return 0, 0, item.group(1)
    return -1, 0, number


def _game_of(name: str) -> str | None:
    name = re.sub(r"[\s_-]+", "", name.strip().lower())
    for game in GAMES:
        if name in (game, _key(GAME_TITLES[game])):
            return game
    return None


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise UnknownRule(f"there is no game {game!r}; the games are {', '.join(GAMES)}")


# --------------------------------------------------------------------------------------------- reading the book

def folder() -> Traversable:
    """Where the book's files are: resources/rulebook of the installed program (or of the bundle)."""
    return resources.files("dealerdrill.resources") / RESOURCE_FOLDER


def read_resource(name: str) -> str:
    """A file of resources/rulebook as text, checked at the boundary: at most MAX_FILE_BYTES, UTF-8 (a byte-order
    mark is allowed). RuleBookError in plain words for anything else."""
    where = f"{RESOURCE_FOLDER}/{name}"
    try:
        with folder().joinpath(name).open("rb") as stream:
            data: bytes = stream.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as error:
        raise RuleBookError(f"{where} cannot be read: {getattr(error, 'strerror', None) or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise RuleBookError(f"{where} is too large for the rule book (more than {MAX_FILE_BYTES:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RuleBookError(f"{where} is not UTF-8 text (byte {error.start + 1} cannot be read)") from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleBookError(f"{where} is not readable TOML: {error}") from None


def _text(table: dict[str, Any], key: str, where: str, required: bool = True, limit: int = MAX_TEXT_CHARS) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise RuleBookError(f"{where}: {key} must be text")
    value = value.strip()
    if required and not value:
        raise RuleBookError(f"{where}: {key} is missing")
    if len(value) > limit:
        raise RuleBookError(f"{where}: {key} is longer than {limit:,} characters")
    if any(not (ch.isprintable() or ch == "\n") for ch in value):
        raise RuleBookError(f"{where}: {key} holds a control character")
    return value


def _words(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() and len(v) <= 80 for v in value):
        raise RuleBookError(f"{where}: {key} must be a list of short texts")
    return tuple(v.strip() for v in value)


def _rule(game: str, table: Any, where: str) -> Rule:
    if not isinstance(table, dict):
        raise RuleBookError(f"{where}: a rule is a table of fields")
    unknown = sorted(set(table) - _RULE_FIELDS)
    if unknown:
        raise RuleBookError(f"{where}: unknown field {unknown[0]!r} (the fields are {', '.join(sorted(_RULE_FIELDS))})")
    number = _text(table, "number", where, required=False, limit=20)
    rule_id = _text(table, "id", where, required=False, limit=40)
    if not number and not rule_id:
        raise RuleBookError(f"{where}: a rule needs a number (the Gazette's) or an id")
    if rule_id and not _ID.match(rule_id):
        raise RuleBookError(f"{where}: the id {rule_id!r} is not lower-case words joined by hyphens")
    if number and not re.fullmatch(_REF, number):
        raise RuleBookError(f"{where}: {number!r} is not a rule number such as 9.5, 5.7(b), (e) or Table 2")
    where = f"{where} ({number or rule_id})"
    status = _text(table, "status", where, limit=20)
    if status not in STATUS_WORDS:
        raise RuleBookError(f"{where}: the status {status!r} is not one of {', '.join(STATUS_WORDS)}")
    return Rule(game=game, id=rule_id or number, number=number, title=_text(table, "title", where, limit=120),
                status=status, source=_text(table, "source", where, limit=400), text=_text(table, "text", where),
                quote=_text(table, "quote", where, required=False), reading=_text(table, "reading", where, False),
                chart=_text(table, "chart", where, required=False, limit=40), see=_words(table, "see", where),
                keywords=_words(table, "keywords", where))


def _game_book(game: str) -> tuple[str, str, list[Rule]]:
    where = f"{RESOURCE_FOLDER}/{game}.toml"
    data = parse_toml(read_resource(f"{game}.toml"), where)
    unknown = sorted(set(data) - _BOOK_FIELDS)
    if unknown:
        raise RuleBookError(f"{where}: unknown field {unknown[0]!r}")
    if data.get("game") != game:
        raise RuleBookError(f"{where}: the file says it is the book of {data.get('game')!r}, not {game!r}")
    tables = data.get("rule")
    if not isinstance(tables, list) or not tables:
        raise RuleBookError(f"{where}: the book holds no [[rule]]")
    game_rules = [_rule(game, table, f"{where}, rule {index + 1}") for index, table in enumerate(tables)]
    seen: set[str] = set()
    for one in game_rules:
        for key in {_key(one.id), _key(one.number)} - {""}:
            if key in seen:
                raise RuleBookError(f"{where}: two rules share the number or id {one.number or one.id!r}")
            seen.add(key)
    return _text(data, "title", where, limit=120), _text(data, "sources", where), game_rules


def load() -> RuleBook:
    """Read and check every game's book (a RuleBookError refuses the whole book)."""
    titles, sources, by_game = {}, {}, {}
    for game in GAMES:
        titles[game], sources[game], by_game[game] = _game_book(game)
    the_book = RuleBook(titles, sources, by_game)
    from .charts import CHARTS  # the chart ids a rule may name (charts imports no book at import time)

    for game in GAMES:
        for one in by_game[game]:
            for other in one.see:
                if the_book.lookup(game, other) is None:
                    raise RuleBookError(f"{RESOURCE_FOLDER}/{game}.toml ({one.id}): see {other!r} is no rule of "
                                        "the book")
            if one.chart and one.chart not in CHARTS:
                raise RuleBookError(f"{RESOURCE_FOLDER}/{game}.toml ({one.id}): there is no chart {one.chart!r}")
    return the_book


@functools.cache
def book() -> RuleBook:
    """The rule book, read on first use and kept (a RuleBookError is raised again at every call)."""
    return load()


def rule(game: str, number: str) -> Rule:
    return book().rule(game, number)


def rules(game: str) -> list[Rule]:
    return book().rules(game)


def find(reference: str) -> Rule:
    return book().find(reference)


def search(text: str, game: str | None = None) -> list[Rule]:
    return book().search(text, game)


def references_in(texts: Iterable[str], game: str) -> list[Citation]:
    """Every citation in several texts (a grade's explanation and its rule field, say), in order."""
    out: list[Citation] = []
    for text in texts:
        out.extend(citations(text, game))
    return out
