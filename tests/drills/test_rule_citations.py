"""Every rule a drill's feedback can cite opens a text in the rule book (issue 29): each drill at each level and in
each family, its items explained and graded with right and wrong answers (tests/drill_feedback.py), every citation
in what the trainee reads (the explanation as the drill page shows it, the rule field, the hint) resolved in the
book. A house-way rule, cited by its title, must be a rule of the way in force, which the house-way chart shows."""
from __future__ import annotations

import pytest
from drill_feedback import drill_feedback

from dealerdrill.core import paigow
from dealerdrill.drills.base import registry
from dealerdrill.reference import charts, rulebook
from dealerdrill.settings import Settings


@pytest.mark.parametrize("drill_id", sorted(registry()))
def test_every_rule_a_drill_cites_has_a_text_in_the_rule_book(drill_id):
    game = registry()[drill_id].game
    way = Settings().paigow.house_way
    titles = [rule.title for rule in paigow.describe_house_way(way).rules]
    seen, unresolved = set(), set()
    for feedback in drill_feedback(drill_id):
        for field in filter(None, feedback.rules):
            if drill_id == "paigow.house_way":
                # Cited by its title: a rule of the way in force, a row of the house-way chart.
                assert field in titles and field in [row.title for row in charts.house_way_chart(way).rules], field
                seen.add(field)
                continue
            cited = rulebook.cited(game, field)
            assert cited, f"{drill_id}: the rule field {field!r} names no rule the book can read"
            for citation in cited:
                seen.add(str(citation.reference))
                if not citation.rules:
                    unresolved.add(str(citation.reference))
        for text in feedback.texts:
            for citation in rulebook.citations(text, game):
                seen.add(str(citation.reference))
                if not citation.rules:
                    unresolved.add(f"{citation.reference} in {text[:80]!r}")
    assert not unresolved, f"{drill_id} cites rules the book does not hold: {sorted(unresolved)}"
    assert seen, f"{drill_id} cites no rule at all"


def test_the_forms_the_drills_write_resolve_to_the_rules_they_name():
    book = rulebook.book()
    assert [r.number for r in book.resolve("paigow", rulebook.Reference("4.5", "4.7"))] == ["4.5", "4.6", "4.7"]
    assert [r.number for r in book.resolve("paigow", rulebook.Reference("(j)", "(k)"))] == ["(j)", "(k)"]
    assert [r.number for r in book.resolve("baccarat", rulebook.Reference("8.8", "8.16"))] == \
        ["8.8", "8.9", "8.10", "8.11", "8.12", "8.13", "8.14", "8.15", "8.16"]
    # An item after a rule's own item is that rule's; after a plain number it is the co-banking rule's item.
    assert [c.rule.number for c in rulebook.cited("paigow", "11.1(f), (i), 4.5-4.7")] == ["11.1", "11.1", "4.5"]
    assert [str(c.reference) for c in rulebook.cited("paigow", "11.1(f), (i)")] == ["11.1(f)", "11.1(i)"]
    assert [c.rule.number for c in rulebook.cited("paigow", "4.5-4.7, (f), (i)")] == ["4.5", "(f)", "(i)"]
    assert [c.rule.number for c in rulebook.cited("baccarat", "Table 2, 9.5")] == ["Table 2", "9.5"]
    assert [c.rule.number for c in rulebook.cited("baccarat", "8.8(d), 8.16")] == ["8.8", "8.16"]
    assert [c.rule.number for c in rulebook.citations("Rules 8.8, 8.9 and 8.16 say so.", "baccarat")] == \
        ["8.8", "8.9", "8.16"]
    assert [c.rule.number for c in rulebook.citations("(Rule Table 2, 5.7(b))", "baccarat")] == ["Table 2", "5.7(b)"]
    # Money, times and shares are never rules: only what follows "rule" or "rules", or "Table 2".
    assert [str(c.reference) for c in rulebook.citations("pay $9.50 in 0.5 s at 2.5% (rule 5.1)", "roulette")] == \
        ["5.1"]
    assert rulebook.cited("paigow", "Split nines with Teen and Day") == []
