"""`dealerdrill lessons` lists every lesson of the Learn page (id, game, title) in the order the courses teach them,
`dealerdrill lessons GAME` one game's, and a game with no course is exit status 1 with a message (issue 29)."""
from __future__ import annotations

import pytest

from dealerdrill.__main__ import main
from dealerdrill.lessons import lessons


def test_every_lesson_is_listed_with_its_id_game_and_title_in_the_courses_order(capsys):
    assert main(["lessons"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [[lesson.id, lesson.game] for lesson in lessons()]
    assert all(line.endswith(lesson.title) for line, lesson in zip(lines, lessons(), strict=True))
    assert lines[0].split()[0] == "roulette.wheel_and_layout"
    assert any(line.split()[0] == "baccarat.table_2" and line.endswith("Table 2: the Banker's third card")
               for line in lines)


def test_one_games_lessons(capsys):
    assert main(["lessons", "PaiGow"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [lesson.id for lesson in lessons() if lesson.game == "paigow"]


def test_a_game_without_a_course_is_refused_with_a_message(capsys):
    assert main(["lessons", "craps"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "dealerdrill: there is no course for the game 'craps'; the games are: roulette, baccarat, paigow" \
        in captured.err


def test_a_wrong_command_line_is_exit_status_2(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["lessons", "roulette", "baccarat"])
    assert stopped.value.code == 2
    assert "unrecognized arguments: baccarat" in capsys.readouterr().err
