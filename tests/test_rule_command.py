"""`dealerdrill rule ID` prints a rule of the rule book as the window shows it, `dealerdrill rule GAME` lists a
game's rules, and a rule the book does not hold is exit status 1 with a message (issue 29)."""
from __future__ import annotations

from dealerdrill.__main__ import main


def test_a_rule_is_printed_with_its_source_and_the_projects_reading(capsys):
    assert main(["rule", "baccarat:8.16"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Baccarat, Rule 8.16: When nobody takes a hand")
    assert "Source: Gazette 1998 No. 11 p. 249" in out
    assert "Dealer Drill reads this as follows; the Gazette pages we have leave it open." in out
    assert main(["rule", "paigow:(e)"]) == 0 and "Item (e)" in capsys.readouterr().out
    assert main(["rule", "baccarat:table-2"]) == 0 and "Banker 3: draws unless" in capsys.readouterr().out


def test_a_game_lists_its_rules(capsys):
    assert main(["rule", "roulette"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("roulette:5.1 ") and "Payout odds" in line for line in lines)
    assert len(lines) >= 10


def test_an_unknown_rule_is_refused_with_a_message(capsys):
    assert main(["rule", "baccarat:9.4"]) == 1
    assert "dealerdrill: the Baccarat rule book has no rule '9.4'" in capsys.readouterr().err
    assert main(["rule", "craps:1.1"]) == 1
    assert "write GAME:NUMBER" in capsys.readouterr().err
