"""The rule book (dealerdrill.reference.rulebook) and the glossary: by game and rule number, searchable, the
project's readings marked as such, and their files checked where they are read (size, encoding, TOML, fields)."""
from __future__ import annotations

import pytest

from dealerdrill.reference import charts, glossary, rulebook
from dealerdrill.reference.rulebook import RuleBookError, UnknownRule


def test_each_game_has_its_rules_by_number_with_their_sources():
    book = rulebook.book()
    for game in rulebook.GAMES:
        rules = book.rules(game)
        assert len(rules) >= 10
        for one in rules:
            assert one.title and one.text and one.source and one.status in rulebook.STATUS_WORDS
            if one.status in ("gazette", "partial"):
                assert "Gazette" in one.source and " p. " in one.source, one.reference
    assert rulebook.rule("roulette", "5.1").title == "Payout odds"
    assert rulebook.rule("baccarat", "Table 2").status == "gazette"
    assert rulebook.rule("paigow", "(e)").source.startswith("Gazette 1998 No. 20 p. 452")
    # A subparagraph finds the rule the book holds whole; case, spaces and hyphens do not matter.
    assert rulebook.rule("paigow", "11.1(c)").number == "11.1"
    assert rulebook.rule("baccarat", "table-2").number == "Table 2"
    assert rulebook.find("baccarat:9.5").title == "The Banker's draw when the Player stood"
    assert rulebook.find("Pai Gow:6.14").number == "6.14"


def test_an_unknown_rule_or_game_is_refused_in_plain_words():
    with pytest.raises(UnknownRule, match="the Baccarat rule book has no rule '9.4'"):
        rulebook.rule("baccarat", "9.4")
    with pytest.raises(UnknownRule, match="write GAME:NUMBER"):
        rulebook.find("craps:1.1")
    with pytest.raises(UnknownRule, match="there is no game 'craps'"):
        rulebook.rules("craps")


def test_where_the_pages_leave_a_rule_open_the_book_names_the_projects_reading():
    for game in rulebook.GAMES:
        for one in rulebook.rules(game):
            if one.status in ("missing", "standard"):
                assert one.reading, f"{one.reference}: no reading for a rule whose text we do not have"
            if one.reading:
                assert one.reading_words.startswith("Dealer Drill reads this as follows; the Gazette pages we have "
                                                    "leave it open.")
    dealer_acts = rulebook.rule("baccarat", "8.16")
    assert dealer_acts.status == "partial" and "the dealer acts for a hand" in dealer_acts.reading
    assert "Dealer Drill reads this as follows" in dealer_acts.plain()
    assert rulebook.rule("roulette", "5.2").quote.startswith("all wagers shall lose")


def test_search_finds_rules_by_number_and_by_words_best_first():
    assert rulebook.search("9.5", "baccarat")[0].number == "9.5"
    assert [one.id for one in rulebook.search("cutting card", "baccarat")][:2] == ["9.8", "9.9"]
    assert {one.game for one in rulebook.search("commission")} == {"baccarat", "paigow"}
    assert rulebook.search("Harmony 3", "paigow")[0].id == "house-way"
    assert rulebook.search("no such words anywhere") == []
    assert len(rulebook.search("", "roulette")) == len(rulebook.rules("roulette"))


def test_every_chart_and_cross_reference_a_rule_names_exists():
    for game in rulebook.GAMES:
        for one in rulebook.rules(game):
            assert not one.chart or one.chart in charts.CHARTS
            for other in one.see:
                assert rulebook.book().lookup(game, other) is not None
    for info in charts.CHARTS.values():
        for number in info.rules:
            assert rulebook.book().lookup(info.game, number) is not None, (info.id, number)


def _book_files(tmp_path, monkeypatch, **replaced: bytes):
    """The shipped book copied to tmp_path/rulebook with some files replaced, and read from there."""
    from importlib import resources

    folder = tmp_path / "rulebook"
    folder.mkdir(exist_ok=True)
    shipped = resources.files("dealerdrill.resources") / "rulebook"
    for name in ("roulette.toml", "baccarat.toml", "paigow.toml", "glossary.toml"):
        (folder / name).write_bytes(replaced.get(name.replace(".", "_"), (shipped / name).read_bytes()))
    monkeypatch.setattr(rulebook, "folder", lambda: folder)
    rulebook.book.cache_clear()
    glossary.glossary.cache_clear()
    return folder


@pytest.fixture
def fresh_book():
    yield
    rulebook.book.cache_clear()
    glossary.glossary.cache_clear()


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe not text", "rulebook/roulette.toml is not UTF-8 text (byte 1 cannot be read)"),
    (b"x" * (rulebook.MAX_FILE_BYTES + 1), "is too large for the rule book"),
    (b"game = [", "rulebook/roulette.toml is not readable TOML"),
    (b'game = "baccarat"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"', "is the book of 'baccarat'"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "gazette"\n'
     b'source = "s"', "rule 1 (1.1): text is missing"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "made up"\n'
     b'source = "s"\ntext = "x"', "the status 'made up' is not one of"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "gazette"\n'
     b'source = "s"\ntext = "x"\nverdict = "win"', "unknown field 'verdict'"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "one"\ntitle = "t"\nstatus = "gazette"\n'
     b'source = "s"\ntext = "x"', "'one' is not a rule number"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "gazette"\n'
     b'source = "s"\ntext = "x"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "gazette"\nsource = "s"\ntext = "y"',
     "two rules share the number or id '1.1'"),
    (b'game = "roulette"\ntitle = "t"\nsources = "s"\n[[rule]]\nnumber = "1.1"\ntitle = "t"\nstatus = "gazette"\n'
     b'source = "s"\ntext = "x"\nsee = ["9.9"]', "see '9.9' is no rule of the book"),
])
def test_a_damaged_book_is_refused_whole_with_its_file_and_rule_named(tmp_path, monkeypatch, fresh_book, content,
                                                                      message):
    _book_files(tmp_path, monkeypatch, roulette_toml=content)
    with pytest.raises(RuleBookError, match=message.replace("(", r"\(").replace(")", r"\)")):
        rulebook.book()


def test_a_glossary_must_name_every_tile_by_the_engines_name(tmp_path, monkeypatch, fresh_book):
    from importlib import resources

    shipped = (resources.files("dealerdrill.resources") / "rulebook" / "glossary.toml").read_text(encoding="utf-8")
    _book_files(tmp_path, monkeypatch, glossary_toml=shipped.replace('name = "Gor"', 'name = "Goose"').encode())
    with pytest.raises(RuleBookError, match="'Goose' is not the name of a tile"):
        glossary.glossary()
    _book_files(tmp_path, monkeypatch, glossary_toml=shipped.replace('rules = ["12.1", "12.2"]',
                                                                     'rules = ["12.9"]').encode())
    with pytest.raises(RuleBookError, match="the rule '12.9' is not in the paigow rule book"):
        glossary.glossary()


def test_the_glossary_gives_each_tile_the_engines_facts():
    from dealerdrill.core import paigow

    the_glossary = glossary.glossary()
    for tile in paigow.TILES:
        words = the_glossary.definition(the_glossary.lookup(tile.name))
        assert tile.face in words and f"Rank {tile.rank} of 16" in words
        assert f"Counts {' or '.join(map(str, tile.point_options))}" in words
    assert the_glossary.lookup("nines").name == "Pip-count names"
    assert the_glossary.lookup("gee jun").name == "Gee Joon"
    assert [term.name for term in the_glossary.search("third card", "baccarat")][0] in ("Table of play", "Table 2")


def test_every_drill_opens_a_chart_of_its_own_game():
    from dealerdrill.drills.base import registry

    for drill_id, drill in registry().items():
        chosen = charts.chart_for_drill(drill_id, drill.game)
        assert charts.CHARTS[chosen].game == drill.game, drill_id
    assert charts.chart_for_drill("baccarat.table_of_play", "baccarat") == "baccarat.third_card"
    assert charts.chart_for_drill("paigow.house_way", "paigow") == "paigow.house_way"
    assert [info.id for info in charts.charts_for("paigow")] == \
        ["paigow.tile_ranks", "paigow.house_way", "paigow.payouts"]
