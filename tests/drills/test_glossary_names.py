"""One set of names (issue 29): every tile and hand name a drill prints is a name of the glossary, and the
house-way and comparison feedback say in the glossary's names what a way's own words (Harmony 3) and the named
hands (Wong, Gong, High Nine) are."""
from __future__ import annotations

import itertools

import pytest
from drill_feedback import drill_feedback

from dealerdrill.core import Rng, paigow, roulette
from dealerdrill.drills.base import registry
from dealerdrill.drills.paigow_drills import CompareDrill, HouseWayDrill
from dealerdrill.reference.glossary import explain_terms, glossary, unknown_names

# Words a sentence may capitalise that name no tile or hand: the Gazette, a rule, and each house way's own name.
ORDINARY = frozenset({"Gazette", "Rule", "Rules"} | {word for way in paigow.house_ways()
                                    for word in paigow.describe_house_way(way).name.split()})


@pytest.mark.parametrize("drill_id", sorted(registry()))
def test_every_name_a_drill_prints_is_in_the_glossary(drill_id):
    unknown = {name: text for feedback in drill_feedback(drill_id) for text in feedback.texts
               for name in unknown_names(text, ORDINARY)}
    assert not unknown, f"{drill_id} prints names the glossary does not have: {unknown}"


def test_every_hand_the_engine_names_is_named_in_glossary_words():
    labels = {paigow.hand(a.face, b.face).label for a, b in itertools.combinations(paigow.TILES, 2)}
    assert len(labels) > 100
    assert {label: unknown_names(f"a {label}") for label in labels if unknown_names(f"a {label}")} == {}
    for tile in paigow.TILES:
        term = glossary().lookup(tile.name)
        assert term is not None and term.tile is not None and tile.face in term.tile.faces


def test_a_name_the_glossary_lacks_is_found():
    assert unknown_names("high 6-6 1-3 (6, Teen high), low: the Supreme pair (pair of Bon) wins.") == ["Supreme"]
    assert unknown_names("The Teen Wong beats a Gor Gong.", ORDINARY) == []


def test_the_wagers_and_sides_of_the_other_games_are_glossary_names():
    for kind in roulette.WagerKind:
        assert glossary().lookup(kind.label.split(" (")[0]) is not None, kind.label
    for name in ("Player", "Banker", "Tie", "Natural", "Commission", "Last coup", "Cutting card", "Burn", "Table 2"):
        assert glossary().lookup(name) is not None, name


def test_house_way_feedback_says_what_harmony_3_is_in_the_names_of_the_tiles():
    drill = HouseWayDrill()
    item = drill.generate(Rng(5), 1, "nz-best-low-harmony")
    explanation, _ = drill.explain(item)
    assert "Harmony 3 or better" in explanation
    assert "Harmony 3: 3 points with Gor or a higher tile, as in 3 (Gor high)." in explanation
    # The rule that already says it in its own words is not told it twice.
    said = drill.explain(drill.generate(Rng(5), 1, "nz-wong-gong-nine-harmony"))[0]
    assert said.count("3 points with Gor or a higher tile") == 1


def test_feedback_naming_a_wong_gong_or_high_nine_says_what_it_is():
    drill = CompareDrill()
    for seed in range(40):
        item = drill.generate(Rng(seed), 1, "compare.named")
        words, _ = drill.explain(item)
        if "Teen Wong" in words or "Day Wong" in words:
            break
    assert "Wong: a Teen or a Day with a 9 (a mixed nine)." in words
    assert explain_terms("Teen Gong against 7 (Tit high)") == "Gong: a Teen or a Day with an 8 (Yun or a mixed eight)."
