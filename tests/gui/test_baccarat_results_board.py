"""The baccarat results board: the bead plate and the big road show the coups the engine dealt."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealerdrill.views.baccarat_results_board import ROWS, ResultsBoard
from dealerdrill.views.baccarat_table import BaccaratSettings, BaccaratTable


def board_of(winners: str) -> ResultsBoard:
    """A board fed stand-in coups: 'b', 'p', 't' per coup (totals made up; only the winner places a bead)."""
    board = ResultsBoard()
    sides = {"b": "banker", "p": "player", "t": "tie"}
    for letter in winners:
        board.add_coup(SimpleNamespace(winner=sides[letter], player_total=3, banker_total=7 if letter == "b" else 3))
    return board


def road(board: ResultsBoard) -> list[tuple[int, int, str, int]]:
    return [(r.column, r.row, r.result.winner[0], r.ties) for r in board.big_road()]


def test_the_bead_plate_fills_columns_of_six_in_dealing_order():
    board = board_of("bpbtpppb")
    assert [(c, r, res.winner[0]) for c, r, res in board.bead_plate()] == [
        (0, 0, "b"), (0, 1, "p"), (0, 2, "b"), (0, 3, "t"), (0, 4, "p"), (0, 5, "p"), (1, 0, "p"), (1, 1, "b")]


def test_the_big_road_runs_down_while_a_side_keeps_winning_and_ties_mark_the_last_ring():
    assert road(board_of("bbpttpb")) == [(0, 0, "b", 0), (0, 1, "b", 0), (1, 0, "p", 2), (1, 1, "p", 0),
                                         (2, 0, "b", 0)]
    # Ties before the first win wait on the first ring.
    assert road(board_of("ttpb")) == [(0, 0, "p", 2), (1, 0, "b", 0)]
    assert road(board_of("t")) == [(0, 0, "t", 1)]


def test_a_run_longer_than_the_column_turns_right_and_the_next_run_turns_before_it():
    rings = road(board_of("b" * 8 + "p" * 7))
    assert rings[:8] == [(0, r, "b", 0) for r in range(ROWS)] + [(1, 5, "b", 0), (2, 5, "b", 0)]
    # The Player run starts in column 1 and turns right above the Banker tail.
    assert rings[8:] == [(1, r, "p", 0) for r in range(5)] + [(2, 4, "p", 0), (3, 4, "p", 0)]


def test_the_table_records_each_coup_the_engine_dealt_once_it_is_face_up(qtbot):
    table = BaccaratTable(settings=BaccaratSettings(deal_step_ms=0, seed=5))
    qtbot.addWidget(table)
    table.deal()  # the burn
    dealt = []
    table.coup_dealt.connect(dealt.append)
    for _ in range(30):
        table.deal()
    results = table.results_board.board.results
    assert [r.winner for r in results] == [coup.winner for coup in dealt]
    assert [(r.player_total, r.banker_total) for r in results] == [(c.player_total, c.banker_total) for c in dealt]
    table.new_shoe()
    assert table.results_board.board.results == []


def test_a_coup_still_being_revealed_is_not_on_the_board_yet(qtbot):
    table = BaccaratTable(settings=BaccaratSettings(deal_step_ms=10_000, seed=5))
    qtbot.addWidget(table)
    table.deal()
    coup = table.deal()
    assert coup is not None and not table.reveal_complete
    assert table.results_board.board.results == []
    table.finish_reveal()
    assert [r.winner for r in table.results_board.board.results] == [coup.winner]


def test_the_board_draws_a_bead_in_the_winners_colour(qtbot):
    table = BaccaratTable(settings=BaccaratSettings(deal_step_ms=0, seed=5))
    qtbot.addWidget(table)
    table.resize(1366, 640)
    table.show()
    qtbot.waitExposed(table)
    table.deal()
    coup = table.deal()
    view = table.results_board
    image = view.grab().toImage()
    bead, _road = view.grid_rects()
    sample = image.pixelColor(int(bead.left() + view.CELL * 0.5), int(bead.top() + view.CELL * 0.25))
    colour = {"banker": "red", "player": "blue", "tie": "green"}[coup.winner]
    channel = {"red": sample.red(), "blue": sample.blue(), "green": sample.green()}
    assert channel[colour] == max(channel.values()) and channel[colour] > 120
