"""Playing cards and the baccarat table: drawn pixels where the drawing must be, the table driven by the engine."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from dealerdrill.core import baccarat
from dealerdrill.views.baccarat_table import BaccaratSettings, BaccaratTable, seat_labels
from dealerdrill.views.cards import card_image, pip_centres

RED_SUITS = {baccarat.Suit.HEARTS, baccarat.Suit.DIAMONDS}


def is_red(colour: QColor) -> bool:
    return colour.red() > 150 and colour.green() < 90 and colour.blue() < 90


def is_black(colour: QColor) -> bool:
    return colour.alpha() > 200 and max(colour.red(), colour.green(), colour.blue()) < 70


def ink_pixels(image: QImage, rect: QRectF, dpr: float = 1.0) -> tuple[int, int]:
    """(red pixels, black pixels) inside `rect` (logical coordinates)."""
    red = black = 0
    for x in range(int(rect.left() * dpr), int(rect.right() * dpr)):
        for y in range(int(rect.top() * dpr), int(rect.bottom() * dpr)):
            c = image.pixelColor(x, y)
            red += is_red(c)
            black += is_black(c)
    return red, black


# --- cards ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("suit", list(baccarat.Suit))
def test_a_card_face_shows_its_suit_colour(qapp, suit):
    for rank in range(1, 14):
        image = card_image(rank, suit, 100)
        red, black = ink_pixels(image, QRectF(0, 0, 100, 139))
        if suit in RED_SUITS:
            assert red > 200 and black == 0, (rank, suit)
        else:
            assert black > 200 and red == 0, (rank, suit)


def test_number_cards_have_a_pip_where_the_layout_puts_one(qapp):
    rect = QRectF(0, 0, 100, 139)
    for rank in range(2, 11):
        image = card_image(rank, baccarat.Suit.HEARTS, 100)
        centres = pip_centres(rect, rank)
        assert len(centres) == rank
        for centre in centres:
            assert is_red(image.pixelColor(int(centre.x()), int(centre.y()))), rank


def test_the_back_shows_no_rank_and_a_sideways_card_lies_across(qapp):
    back = card_image(None, None, 100, face_up=False)
    face = card_image(9, baccarat.Suit.SPADES, 100)
    assert ink_pixels(back, QRectF(0, 0, 100, 139))[1] == 0  # no black ink on the back
    sideways = card_image(9, baccarat.Suit.SPADES, 100, sideways=True)
    assert sideways.width() > sideways.height()
    # the same amount of ink, only turned
    assert abs(ink_pixels(sideways, QRectF(0, 0, 139, 100))[1] - ink_pixels(face, QRectF(0, 0, 100, 139))[1]) \
        < 0.05 * ink_pixels(face, QRectF(0, 0, 100, 139))[1]


def test_cards_are_crisp_at_twice_the_device_pixel_ratio(qapp):
    image = card_image(5, baccarat.Suit.DIAMONDS, 100, device_pixel_ratio=2.0)
    assert image.width() == 200
    for centre in pip_centres(QRectF(0, 0, 100, 139), 5):
        assert is_red(image.pixelColor(int(centre.x() * 2), int(centre.y() * 2)))


# --- the table --------------------------------------------------------------------------------------------

def make_table(qtbot, monkeypatch, tmp_path, **settings) -> BaccaratTable:
    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path))
    settings.setdefault("deal_step_ms", 0)
    settings.setdefault("seed", 11)
    widget = BaccaratTable(settings=BaccaratSettings(**settings))
    qtbot.addWidget(widget)
    widget.resize(1300, 900)
    widget.show()
    return widget


def grab(table) -> QImage:
    return table.canvas.grab().toImage()


def on_canvas(table, rect: QRectF) -> QRectF:
    top_left = table.canvas.to_widget(rect.topLeft())
    bottom_right = table.canvas.to_widget(rect.bottomRight())
    return QRectF(top_left, bottom_right)


def test_seat_numbers_leave_out_the_unlucky_ones():
    assert seat_labels(7, True) == [1, 2, 3, 5, 6, 7, 8]
    assert seat_labels(14, True) == [n for n in range(1, 16) if n != 13]
    assert seat_labels(7, False) == list(range(1, 8))


def test_first_deal_burns_then_deals_the_engines_coups_in_order(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path)
    reference = baccarat.Shoe(decks=8, cut_from_end=16, burn=True, seed=11)
    expected_burn = reference.burn()
    qtbot.keyClick(table, Qt.Key_D)              # a new shoe burns first
    exposed, burned = table.burn_result
    assert exposed == expected_burn.exposed and burned == len(expected_burn.burned)
    for _ in range(5):
        qtbot.keyClick(table, Qt.Key_D)
        coup = reference.deal()
        assert table.coup.player_cards == coup.player_cards
        assert table.coup.banker_cards == coup.banker_cards
        assert table.coup.winner == coup.winner
    assert table.shoe.remaining == reference.remaining


def test_dealt_cards_show_their_suit_colour_in_the_hand_boxes(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path)
    table.deal()  # burn
    third_cards_seen = False
    for _ in range(12):
        coup = table.deal()
        image = grab(table)
        for side, cards in (("player", coup.player_cards), ("banker", coup.banker_cards)):
            places = table.geometry_.hand_card_rects(side)
            for position, card in enumerate(cards):
                red, black = ink_pixels(image, on_canvas(table, places[position]))
                if card.suit in RED_SUITS:
                    assert red > 30 and black == 0, (side, position, card)
                else:
                    assert black > 30 and red == 0, (side, position, card)
                third_cards_seen |= position == 2
            if len(cards) == 2:  # no third card: its place is bare felt
                assert ink_pixels(image, on_canvas(table, places[2])) == (0, 0)
    assert third_cards_seen


def test_the_reveal_is_paced_by_a_timer_and_shows_the_decided_coup(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path, deal_step_ms=20)
    table.deal()
    coup = table.deal()
    assert not table.reveal_complete                       # cards still turning over; the UI is free
    qtbot.waitUntil(lambda: table.reveal_complete, timeout=3000)
    assert table.coup is coup
    assert str(coup.player_total) in table.status.text() or coup.winner == "tie"


def test_last_coup_is_announced_and_the_shoe_stops_until_shuffled(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path, decks=1, cut_from_end=14)
    table.deal()
    for _ in range(60):
        coup = table.deal()
        if coup is None or coup.last_coup:
            break
    assert coup is not None and coup.last_coup
    assert table.shoe.finished
    assert table.announcement() == "SHOE FINISHED \u2014 PRESS S TO SHUFFLE"
    assert "Shoe finished \u2014 press S to shuffle" in table.status.text()
    said = []
    table.message.connect(said.append)
    qtbot.keyClick(table, Qt.Key_D)             # no more cards until the shuffle, and the trainee is told
    assert table.coup is coup and said == ["The shoe is finished: press S to shuffle a new shoe"]
    assert table.deal() is None
    banner = on_canvas(table, table.geometry_.banner)
    image = grab(table)
    centre = image.pixelColor(int(banner.center().x()) - 60, int(banner.top()) + 6)
    assert centre.red() > 200 and centre.green() > 150 and centre.blue() < 140   # the gold banner
    qtbot.keyClick(table, Qt.Key_S)
    assert not table.shoe.finished and table.burn_result is not None
    assert table.shoe.remaining == 52 - 1 - table.burn_result[1]


def test_big_table_has_fourteen_seats_and_mini_has_seven(qtbot, monkeypatch, tmp_path):
    mini = make_table(qtbot, monkeypatch, tmp_path)
    big = make_table(qtbot, monkeypatch, tmp_path, big_table=True)
    assert len(mini.geometry_.seat_angles) == 7 and len(mini.geometry_.commission_boxes) == 7
    assert len(big.geometry_.seat_angles) == 14 and len(big.geometry_.commission_boxes) == 14
    image = grab(big)
    g = big.geometry_
    for index in range(14):  # every Player area is tinted blue on the felt, every Banker area red
        t = sum(g.seat_angles[index]) / 2
        for ring, tint in (("player", "blue"), ("banker", "red")):
            inner = g.rings[ring][0]
            c = image.pixelColor(big.canvas.to_widget(g.point(t, inner + 0.012)).toPoint())
            assert (c.blue() > c.red()) if tint == "blue" else (c.red() > c.blue() + 10), (index, ring, c)


def test_the_table_scales_and_renders_at_2x(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path)
    table.deal()
    coup = table.deal()
    first = table.geometry_.hand_card_rects("player")[0]
    width_before = on_canvas(table, first).width()
    table.resize(1900, 1300)
    assert on_canvas(table, first).width() > width_before * 1.3
    pixmap = QPixmap(table.canvas.size() * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.black)
    table.canvas.render(pixmap)
    red, black = ink_pixels(pixmap.toImage(), on_canvas(table, first), dpr=2.0)
    if coup.player_cards[0].suit in RED_SUITS:
        assert red > 100 and black == 0
    else:
        assert black > 100 and red == 0


def test_the_apps_settings_plug_in(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path))
    from dataclasses import replace

    from dealerdrill.settings import Settings
    app_settings = Settings()
    app_settings = replace(app_settings, baccarat=replace(app_settings.baccarat, decks=6, commission_percent=4.0,
                                                          animation_seconds=0.0, minimum_bet=25))
    table = BaccaratTable(settings=app_settings)
    qtbot.addWidget(table)
    table.resize(1200, 900)
    table.show()
    table.deal()                      # burn
    coup = table.deal()
    assert table.reveal_complete      # animation 0: the coup shows at once
    assert table.shoe.decks == 6 and coup is table.coup
    from dealerdrill.views import baccarat_table
    assert baccarat_table._setting(app_settings, "commission_rate") == pytest.approx(0.04)
    assert baccarat_table._setting(app_settings, "table_min") == 25


# --- settings, menu, chips ----------------------------------------------------------------------------------

class TextRecorder(QPainter):
    """A painter that remembers every text drawn, so a test can read what the felt says."""

    def __init__(self, device):
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args):
        self.texts.append(next(a for a in reversed(args) if isinstance(a, str)))
        return super().drawText(*args)


def felt_texts(table) -> list[str]:
    image = QImage(int(table.geometry_.width), int(table.geometry_.height), QImage.Format_ARGB32)
    painter = TextRecorder(image)
    table.paint_table(painter)
    painter.end()
    return painter.texts


def test_new_rules_start_a_new_shoe_and_the_felt_shows_them(qtbot, monkeypatch, tmp_path):
    from dataclasses import replace

    from dealerdrill.settings import Settings
    table = make_table(qtbot, monkeypatch, tmp_path)
    table.deal()
    table.deal()
    assert table.coup is not None and table.shoe.remaining < 8 * 52 - 4
    said = []
    table.message.connect(said.append)
    old_shoe = table.shoe
    app = Settings()
    app = replace(app, baccarat=replace(app.baccarat, decks=6, cut_from_end=30, burn=False, big_table=True,
                                        commission_percent=4.0, tie_odds=9, minimum_bet=25, maximum_bet=2500,
                                        chip_values=(5, 25, 100), animation_seconds=0.0))
    table.apply_settings(app)
    shoe = table.shoe
    assert shoe is not old_shoe and table.coup is None and table.burn_result is None
    assert (shoe.decks, shoe.cut_from_end, shoe.burns, shoe.remaining) == (6, 30, False, 6 * 52)
    assert len(table.seat_labels) == 14 and len(table.geometry_.commission_boxes) == 14
    assert said and "new shoe of 6 decks" in said[-1]
    texts = felt_texts(table)
    for words in ("BANKER PAYS 4% COMMISSION", "TIE PAYS 9 TO 1", "TIE 9 TO 1", "MIN $25", "MAX $2,500",
                  "SHOE  312 cards", "cutting card 30 from the end", "BACCARAT"):
        assert words in texts, words
    assert "MINI BACCARAT" not in texts
    assert table.deal() is not None                      # no burn under the new rules: the first press deals
    # Settings that change no rule (the animation) leave the shoe alone.
    remaining = table.shoe.remaining
    table.apply_settings(replace(app, baccarat=replace(app.baccarat, animation_seconds=2.0)))
    assert table.shoe is shoe and table.shoe.remaining == remaining


def test_the_table_menu_offers_deal_and_shuffle_with_their_keys(qtbot, monkeypatch, tmp_path):
    table = make_table(qtbot, monkeypatch, tmp_path)
    actions = {a.text().replace("&", ""): a for a in table.table_actions()}
    assert {name: a.shortcut().toString() for name, a in actions.items()} == {
        "Deal": "D", "Shuffle a new shoe": "S", "Turn the cards up now": "F"}
    actions["Deal"].trigger()                   # the first press burns
    assert table.burn_result is not None
    actions["Deal"].trigger()
    assert table.coup is not None
    actions["Shuffle a new shoe"].trigger()
    assert table.coup is None and table.shoe.remaining == 8 * 52 - 1 - table.burn_result[1]


def test_the_dealers_tray_uses_each_chips_own_colour(qtbot, monkeypatch, tmp_path):
    from dealerdrill.views.chips import chip_colour
    table = make_table(qtbot, monkeypatch, tmp_path, chip_values=(25, 100, 500))
    image = grab(table)
    tray = table.geometry_.chip_tray
    for i, value in enumerate((25, 100, 500)):
        # a point on the chip's body, between its rim inserts and its light inlay
        centre = QPointF(tray.left() + (i + 0.5) * tray.width() / 3, tray.center().y())
        radius = min(tray.width() / 3 * 0.42, tray.height() * 0.40)
        sample = image.pixelColor(table.canvas.to_widget(centre + QPointF(radius * 0.8, 0)).toPoint())
        expected = chip_colour(value)
        assert abs(sample.red() - expected.red()) + abs(sample.green() - expected.green()) \
            + abs(sample.blue() - expected.blue()) < 60, (value, sample.name(), expected.name())
