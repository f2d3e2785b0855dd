"""The pai gow drill panels driven with the keyboard only: every drill completed through its panel, the
emitted answer graded correct by the drill; nothing is emitted before Enter or for an unfinished answer."""
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from dealerdrill.core import Rng
from dealerdrill.drills.paigow_drills import CompareDrill, ExposeDrill, HouseWayDrill, SettleDrill, TileDrill
from dealerdrill.views.drill_panels_paigow import PANELS, HouseWayPanel, parse_dollars


def open_panel(qtbot, drill, item):
    panel = PANELS[drill.id]()
    qtbot.addWidget(panel)
    panel.resize(panel.sizeHint().expandedTo(panel.minimumSize()))
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=2000)
    panel.show_item(item)
    panel.setFocus()
    return panel


def focused():
    return QApplication.focusWidget()


def commit(qtbot, panel, drill, item):
    """Press Enter on the focused widget; the emitted answer must be graded correct."""
    with qtbot.waitSignal(panel.answered, timeout=1000) as signal:
        qtbot.keyClick(focused() or panel, Qt.Key_Return)
    grade = drill.grade(item, signal.args[0])
    assert grade.correct, (signal.args[0], grade.expected)
    panel.show_grade(item, grade)
    return signal.args[0]


def no_answer_on(qtbot, panel, key=Qt.Key_Return):
    emitted = []
    panel.answered.connect(emitted.append)
    qtbot.keyClick(focused() or panel, key)
    panel.answered.disconnect(emitted.append)
    return emitted == []


@pytest.mark.parametrize("family", ["tile.chop_gow", "tile.teen", "pair.gee_joon", "pair.none"])
def test_tiles_by_keyboard(qtbot, family):
    drill = TileDrill()
    item = drill.generate(Rng(1), 1, family)
    panel = open_panel(qtbot, drill, item)
    assert focused() is panel.name
    qtbot.keyClick(panel.name, Qt.Key_Home)
    for _ in range(item.prompt["names"].index(item.key["name"])):
        qtbot.keyClick(focused(), Qt.Key_Down)
    assert panel.name.currentText() == item.key["name"]
    if item.prompt["kind"] == "tile":
        qtbot.keyClick(focused(), Qt.Key_Tab)
        assert focused() is panel.rank
        qtbot.keyClick(focused(), Qt.Key_A, Qt.ControlModifier)
        qtbot.keyClicks(focused(), str(item.key["rank"]))
        qtbot.keyClick(focused(), Qt.Key_Tab)
        assert focused() is panel.points
        qtbot.keyClick(focused(), Qt.Key_A, Qt.ControlModifier)
        qtbot.keyClicks(focused(), str(item.key["points"][-1]))
    commit(qtbot, panel, drill, item)
    assert "Right" in panel.feedback.text()


@pytest.mark.parametrize("typed, chosen", [("Chop Ng", "Chop Ng"), ("chop gow", "Chop Gow"), ("Gee J", "Gee Joon"),
                                           ("Tit", "Tit"), ("Teen", "Teen")])
def test_a_name_of_two_words_can_be_typed(qtbot, typed, chosen):
    # "Type the first letters of the name": a space must go on with the name, not open the list.
    drill = TileDrill()
    panel = open_panel(qtbot, drill, drill.generate(Rng(1), 1, "tile.chop_ng"))
    qtbot.keyClicks(panel.name, typed)
    assert panel.name.currentText() == chosen
    assert not panel.name.view().isVisible()


def test_compare_by_keyboard(qtbot):
    drill = CompareDrill()
    for family in ("compare.copy", "compare.named", "compare.zero"):
        item = drill.generate(Rng(2), 1, family)
        panel = open_panel(qtbot, drill, item)
        assert no_answer_on(qtbot, panel)  # nothing chosen yet
        assert "Choose who wins" in panel.message
        qtbot.keyClick(panel, Qt.Key_P if item.key["winner"] == "player" else Qt.Key_B)
        assert commit(qtbot, panel, drill, item) == item.key["winner"]


def indices_for(tiles, faces, used):
    out = []
    for face in faces:
        index = next(i for i, t in enumerate(tiles) if t == face and i not in used)
        used.add(index)
        out.append(index)
    return out


@pytest.mark.parametrize("family", ["nz-keep-pair", "nz-split-teen-day", "nz-wong-gong-nine-harmony"])
def test_house_way_by_keyboard(qtbot, family):
    drill = HouseWayDrill()
    item = drill.generate(Rng(3), 1, family)
    panel = open_panel(qtbot, drill, item)
    used = set()
    high = indices_for(item.prompt["tiles"], item.key["high"], used)
    low = indices_for(item.prompt["tiles"], item.key["low"], used)
    # A wrong move first, taken back with Backspace.
    qtbot.keyClick(panel, Qt.Key_1 + low[0])
    qtbot.keyClick(panel, Qt.Key_H)
    assert no_answer_on(qtbot, panel)
    qtbot.keyClick(panel, Qt.Key_1 + low[0])
    qtbot.keyClick(panel, Qt.Key_Backspace)
    assert panel.placement == [None] * 4
    for index in high:
        qtbot.keyClick(panel, Qt.Key_1 + index)
        qtbot.keyClick(panel, Qt.Key_H)
    for index in low:
        qtbot.keyClick(panel, Qt.Key_1 + index)
        qtbot.keyClick(panel, Qt.Key_Down)
    answer = commit(qtbot, panel, drill, item)
    assert sorted(answer["high"]) == sorted(item.key["high"])
    assert panel.grade.correct


def test_house_way_refuses_a_third_tile_in_one_hand_and_accepts_a_drag(qtbot):
    drill = HouseWayDrill()
    item = drill.generate(Rng(4), 1)
    panel = open_panel(qtbot, drill, item)
    panel.resize(panel.DESIGN)  # one design unit per pixel
    for index in range(3):
        qtbot.keyClick(panel, Qt.Key_1 + index)
        qtbot.keyClick(panel, Qt.Key_H)
    assert panel.placement.count("high") == 2 and "already holds two" in panel.message
    start = panel.tile_rect(3).center()
    target = HouseWayPanel.SLOTS["low"].center()
    qtbot.mousePress(panel, Qt.LeftButton, pos=QPoint(int(start.x()), int(start.y())))
    qtbot.mouseMove(panel, QPoint(int(target.x()), int(target.y())))
    qtbot.mouseRelease(panel, Qt.LeftButton, pos=QPoint(int(target.x()), int(target.y())))
    assert panel.placement[3] == "low"


@pytest.mark.parametrize("difficulty, family", [(1, "expose.plain"), (3, "expose.copy")])
def test_expose_by_keyboard(qtbot, difficulty, family):
    drill = ExposeDrill()
    item = drill.generate(Rng(5), difficulty, family)
    panel = open_panel(qtbot, drill, item)
    keys = {"win": Qt.Key_W, "lose": Qt.Key_L, "push": Qt.Key_P}
    calls = item.key["calls"]
    for call in calls[:-1]:
        qtbot.keyClick(panel, keys[call])
    assert no_answer_on(qtbot, panel)  # the last box is still open
    assert "still open" in panel.message
    qtbot.keyClick(panel, keys[calls[-1]])
    assert commit(qtbot, panel, drill, item) == calls


def dollars(cents):
    return f"{cents // 100}.{cents % 100:02d}"


@pytest.mark.parametrize("family", ["settle.house", "settle.co_banker", "settle.shortfall"])
def test_settlement_by_keyboard(qtbot, family):
    drill = SettleDrill()
    item = drill.generate(Rng(6), 2, family)
    panel = open_panel(qtbot, drill, item)
    amounts = list(item.key["paid"])
    if family != "settle.house":
        amounts += [item.key["to_float"], item.key["co_banker"]]
    assert focused() is panel.edits[0]
    for i, cents in enumerate(amounts):
        if cents:  # an empty field means nothing paid
            qtbot.keyClicks(focused(), dollars(cents))
        if i < len(amounts) - 1:
            qtbot.keyClick(focused(), Qt.Key_Tab)
    answer = commit(qtbot, panel, drill, item)
    assert answer["paid"] == item.key["paid"]
    assert all(label.text().startswith("\u2713") for label in panel.right_labels)


def test_settlement_panel_refuses_what_is_no_amount(qtbot):
    drill = SettleDrill()
    item = drill.generate(Rng(7), 1, "settle.house")
    panel = open_panel(qtbot, drill, item)
    # What is typed stays as typed (only the page's H and N go on to the page), and Enter refuses it whole
    # with a message rather than reading the digits out of it.
    qtbot.keyClicks(focused(), "ten dollars")
    assert focused().text() == "te dollars"
    assert no_answer_on(qtbot, panel)
    assert "“te dollars” is not an amount" in panel.feedback.text()
    focused().clear()
    qtbot.keyClicks(focused(), "1.2.5")
    assert no_answer_on(qtbot, panel)
    assert "“1.2.5” is not an amount" in panel.feedback.text()


class Page(QWidget):
    """Stands for the drill page: records the keys that reach it (H asks for the hint there)."""

    def __init__(self):
        super().__init__()
        self.keys = []

    def keyPressEvent(self, event):
        self.keys.append(event.key())


def open_in_page(qtbot, drill, item):
    page = Page()
    qtbot.addWidget(page)
    panel = PANELS[drill.id](parent=page)
    QVBoxLayout(page).addWidget(panel)
    page.resize(panel.sizeHint().expandedTo(panel.minimumSize()))
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow, timeout=2000)
    panel.show_item(item)
    panel.setFocus()
    return page, panel


def test_number_fields_pass_h_on_to_the_page(qtbot):
    drill = SettleDrill()
    item = drill.generate(Rng(7), 1, "settle.house")
    page, panel = open_in_page(qtbot, drill, item)
    field = focused()
    assert field is panel.edits[0]
    qtbot.keyClicks(field, "h")
    assert page.keys == [Qt.Key_H] and field.text() == ""
    qtbot.keyClicks(field, "12.50")
    assert field.text() == "12.50" and page.keys == [Qt.Key_H]   # digits stay in the field

    tiles = TileDrill()
    tile_item = tiles.generate(Rng(1), 1, "tile.teen")
    page, panel = open_in_page(qtbot, tiles, tile_item)
    for field in (panel.rank, panel.points):
        field.setFocus()
        qtbot.waitUntil(field.hasFocus)
        qtbot.keyClicks(field, "h")
        assert page.keys[-1] == Qt.Key_H and field.text() == ""


def test_dollar_parsing():
    assert parse_dollars("23.75") == 2375
    assert parse_dollars("$1,023.5") == 102350
    assert parse_dollars("") == 0
    assert parse_dollars("7") == 700
    for bad in ("1.234", "-5", "abc", ".", "1,2", "12-5", "5e3", "abc-5e3", "$$5", "1" * 12):
        with pytest.raises(ValueError):
            parse_dollars(bad)
