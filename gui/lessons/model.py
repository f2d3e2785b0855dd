"""What a lesson is made of, as plain data the Learn page draws. Qt-free.

A course is one game's lessons in order. A lesson has a title, a line on what it teaches, the blocks of its
page (made by its `build(settings)` when the page opens, so its worked examples follow the settings in force),
and its check: a few items of the matching drill, at Basic, in practice.

Blocks:
  Text       a paragraph in the project's own words; its markup names the rules and charts it cites
  Table      headers and rows (plain text), e.g. Table 2 as the engine decides it
  Figure     a picture the Learn page draws with the program's own widgets (a wheel, a layout, cards, tiles,
             a table): `kind` says which, `data` what to put on it
  Example    a worked example: its blocks, and `facts`, the engine's answers it shows, by name (the tests
             ask the engine again and compare)
  Note       a reading of a rule the Gazette pages leave open, or a setting that decides the answer

Markup in a Text (or a Note, or an Example's title) cites a rule or a chart; the Learn page makes each one a link:
  {rule 5.1}                         "rule 5.1", the lesson's game's rule 5.1
  {rules 5.2-5.3}                    "rules 5.2-5.3", cited as the one id "5.2-5.3" (as the drills cite it)
  {rule Table 2: Table 2}            the text after ":" is what the reader sees
  {chart baccarat.third_card: the Table 2 chart}
Rule ids are written as the drills' feedback writes them ("5.1", "5.2-5.3", "Table 2", "5.7(b)", "(j)-(l)"),
so that the rule book can take the same ids from both.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dealerdrill.domain.catalog import GAME_NAMES

CHART_IDS = ("baccarat.third_card", "roulette.payouts", "baccarat.payouts", "paigow.payouts", "paigow.tile_ranks",
             "paigow.house_way")

_CITATION = re.compile(r"\{(rule|rules|chart) ([^{}:]+?)(?:: ([^{}]+))?\}")


@dataclass(frozen=True)
class Segment:
    """A piece of a paragraph: plain words, or a citation of a rule or a chart (`target` its id)."""

    kind: str        # "text" | "rule" | "chart"
    text: str        # what the reader sees
    target: str = ""  # the rule's id ("5.1") or the chart's id ("baccarat.third_card")


def segments(markup: str) -> list[Segment]:
    """The markup's plain words and citations, in order (see the module's docstring); anything in braces that
    is not a citation is refused, so a typing slip in a lesson cannot show as text."""
    found: list[Segment] = []
    at = 0
    for match in _CITATION.finditer(markup):
        if match.start() > at:
            found.append(Segment("text", markup[at:match.start()]))
        word, target, shown = match.group(1), match.group(2).strip(), match.group(3)
        if word == "chart":
            if target not in CHART_IDS:
                raise ValueError(f"{target!r} is not a chart (charts: {', '.join(CHART_IDS)})")
            found.append(Segment("chart", (shown or target).strip(), target))
        else:
            found.append(Segment("rule", (shown or f"{word} {target}").strip(), target))
        at = match.end()
    if at < len(markup):
        found.append(Segment("text", markup[at:]))
    stray = [s.text for s in found if s.kind == "text" and ("{" in s.text or "}" in s.text)]
    if stray:
        raise ValueError(f"a brace that is not a citation: {stray[0]!r}")
    return found


def plain(markup: str) -> str:
    """The markup as the reader reads it, without the links."""
    return "".join(segment.text for segment in segments(markup))


# --- blocks ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    markup: str


@dataclass(frozen=True)
class Note:
    markup: str


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Figure:
    kind: str                          # see dealerdrill.views.learn_figures.FIGURES
    data: Mapping[str, Any]
    caption: str = ""


@dataclass(frozen=True)
class Example:
    title: str
    blocks: tuple[Block, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)


Block = Text | Note | Table | Figure | Example


# --- lessons and courses -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """A lesson's check: `items` items of the drill `drill` at `difficulty`, in practice (hints allowed, nothing
    timed), asking only `families` when given (the drill's own families; else what the level asks)."""

    drill: str
    about: str                             # what the items ask, in a few words
    families: tuple[str, ...] = ()
    items: int = 3
    difficulty: int = 1


@dataclass(frozen=True)
class Lesson:
    id: str                                # "<game>.<name>", e.g. "baccarat.third_card"
    game: str
    title: str
    summary: str                           # what the trainee will know at the end, one or two sentences
    check: Check
    build: Callable[[Any], tuple[Block, ...]] = field(repr=False, compare=False)

    def blocks(self, settings) -> tuple[Block, ...]:
        """The page's blocks under `settings` (the app's Settings): the worked examples asked of the engine now."""
        return self.build(settings)


@dataclass(frozen=True)
class Course:
    game: str
    lessons: tuple[Lesson, ...]

    @property
    def title(self) -> str:
        return GAME_NAMES.get(self.game, self.game)


def walk(blocks) -> list[Block]:
    """Every block, an example's own blocks after it, in reading order."""
    found: list[Block] = []
    for block in blocks:
        found.append(block)
        if isinstance(block, Example):
            found.extend(walk(block.blocks))
    return found


def citations(blocks) -> list[Segment]:
    """The rules and charts the blocks cite, in reading order, each once."""
    seen: dict[tuple[str, str], Segment] = {}
    for block in walk(blocks):
        texts = ([block.markup] if isinstance(block, (Text, Note)) else
                 [block.title] if isinstance(block, Example) else
                 [block.caption] if isinstance(block, (Table, Figure)) else [])
        for text in texts:
            for segment in segments(text):
                if segment.kind != "text":
                    seen.setdefault((segment.kind, segment.target), segment)
    return list(seen.values())
