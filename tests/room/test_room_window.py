"""The window in a room: the status bar says when the desk is offline and how many answers wait; the Manager
page's setting goes through the desk (manager only); a test taken offline from the desk's stock says so."""
from __future__ import annotations

import pytest
from room_helpers import owner_adds_manager

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode

PIN, MANAGER = "24681357", "Mere Smith"
DRILL = "baccarat.table_of_play"


@pytest.fixture
def room_window(qtbot, own_room, tmp_path, clock):
    from dealerdrill.app import MainWindow
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(own_room.desk_a, clock=clock, catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3", manager_url=own_room.manager)
    desk = Desk(records, save_settings=False)
    window = MainWindow(desk=desk)
    qtbot.addWidget(window)
    yield window
    desk.close()


def test_the_status_bar_counts_the_answers_waiting_while_the_server_is_down(room_window, own_room):
    desk = room_window.desk
    label = room_window.room_status
    assert label.isVisibleTo(room_window) and label.text().startswith("training room:")
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session(DRILL, Mode.PRACTICE)
    own_room.cluster.stop("fast")
    for _ in range(3):
        item = session.next_item()
        session.submit(item.key, 2.0)
        assert session.recording_problem is None       # kept in the outbox: nothing to warn about
    label.tick()
    assert label.text() == "offline — 3 answers waiting"
    own_room.cluster.start()
    assert desk.records.send_waiting_now(timeout=30)
    label.tick()
    assert label.text().startswith("training room:")


def test_the_manager_page_sets_the_room_only_for_a_manager(room_window, own_room, tmp_path):
    from dealerdrill.views.room_server import RoomServerBox

    box = RoomServerBox(room_window.desk)
    box.url_edit.setText("postgresql://desk_c@records.local/dealerdrill")
    box.save()
    assert "Only a training manager" in box.message.text() and room_window.desk.room_server() is None
    owner_adds_manager(own_room.owner, room_window.desk.role.pin_path, MANAGER, PIN)
    room_window.desk.unlock_manager(PIN, MANAGER, own_room.manager_password)
    box.save()
    assert "next start" in box.message.text()
    assert room_window.desk.room_server().url == "postgresql://desk_c@records.local/dealerdrill"


def test_a_test_waits_for_its_next_item_while_the_server_is_away(qtbot, own_room, tmp_path, clock):
    """A room's test gets each item's key from the server as it falls due. The server stops after the first answer:
    Next says why the next item cannot come and keeps the trainee on the test, answers kept; once the server is
    back, Next draws it and the test goes on."""
    from drill_answers import right_answer
    from PySide6.QtCore import Qt

    from dealerdrill.app import MainWindow
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(own_room.desk_a, clock=clock, catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3", manager_url=own_room.manager)
    desk = Desk(records, save_settings=False)
    window = MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.show()
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    window.show_drills()
    view = window.drills
    view.start(DRILL, Mode.TEST, confirmed=True)
    first = view.session.current
    view._panel_answered(right_answer(first))                   # what the drill's panel sends on Enter
    assert view.state == "feedback"
    own_room.cluster.stop("fast")
    try:
        qtbot.keyClick(view.next_button, Qt.Key_Return)
        assert view.state == "feedback" and view.session.current is None
        assert "comes from the" in view.problem_label.text() and "answers so far are kept" in view.problem_label.text()
    finally:
        own_room.cluster.start()
    qtbot.keyClick(view.next_button, Qt.Key_Return)
    assert view.state == "asking" and view.session.current is not None and view.session.current != first
    window.close()
    desk.close()


def test_a_test_taken_from_the_desks_stock_says_so_on_its_result_page(room_window, own_room):
    """The server stopped before the test: the test starts from the desk's stock, and its result page says it was
    taken offline from the stock and counts only once the server has it and a manager signs it off."""
    from drill_answers import right_answer

    from dealerdrill.records.models import TAKEN_FROM_STOCK

    desk = room_window.desk
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    desk.top_up_test_stock()
    room_window.show()
    room_window.show_drills()
    view = room_window.drills
    own_room.cluster.stop("fast")
    try:
        view.start(DRILL, Mode.TEST, confirmed=True)
        assert view.session is not None and view.state == "asking"
        while view.state != "result":
            view._panel_answered(right_answer(view.session.current))      # what the drill's panel sends on Enter
            assert view.next_button.isEnabled()
            view.next_button.click()
        summary = view.result_summary.text()
        assert f"This test was {TAKEN_FROM_STOCK}" in summary and "a manager signs it off" in summary
    finally:
        own_room.cluster.start()
    assert desk.records.send_waiting_now(timeout=30) and desk.records.status().refused == 0
