"""What the half-round card and tile tables share: the padded rail, the felt, the gold layout line, the
dealer's straight edge, the limits sign, and the table fonts. The baccarat and pai gow tables call these
with their own felt colours and geometry (anything with centre, rx, height and table_path(scale))."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QLinearGradient, QPainter, QPen, QRadialGradient

from dealerdrill.domain import format_money

LINE_GOLD = QColor(232, 200, 110)
RAIL = QColor(88, 46, 26)
SIGN_BACKGROUND = QColor(20, 20, 24)


def table_font(size: float, bold: bool = True, family: str = "DejaVu Sans") -> QFont:
    font = QFont(family)
    font.setPixelSize(max(1, int(size)))
    font.setBold(bold)
    return font


def paint_felt(p: QPainter, g, felt: QColor, felt_dark: QColor, felt_lift: int = 118) -> None:
    """Padded rail, then the felt, then the gold border line of the layout, then the dealer's edge."""
    p.setPen(Qt.NoPen)
    rail = QLinearGradient(0, 0, 0, g.height)
    rail.setColorAt(0, RAIL.lighter(130))
    rail.setColorAt(1, RAIL.darker(140))
    p.setBrush(rail)
    p.drawPath(g.table_path(1.035))
    gradient = QRadialGradient(g.centre, g.rx)
    gradient.setColorAt(0.0, felt.lighter(felt_lift))
    gradient.setColorAt(1.0, felt_dark)
    p.setBrush(gradient)
    p.drawPath(g.table_path(1.0))
    p.setBrush(Qt.NoBrush)
    p.setPen(QPen(LINE_GOLD, 3))
    p.drawPath(g.table_path(0.985))
    p.setPen(QPen(RAIL.darker(120), 10))
    p.drawLine(QPointF(g.centre.x() - g.rx * 1.035, g.centre.y() - 4),
               QPointF(g.centre.x() + g.rx * 1.035, g.centre.y() - 4))


def paint_limits_sign(p: QPainter, sign: QRectF, low, high, text: QColor, font_size: float) -> None:
    """The table's minimum and maximum on a small dark plaque by the dealer."""
    p.setPen(QPen(LINE_GOLD, 1.5))
    p.setBrush(SIGN_BACKGROUND)
    p.drawRoundedRect(sign, 6, 6)
    p.setPen(text)
    p.setFont(table_font(font_size))
    p.drawText(sign.adjusted(0, 4, 0, -sign.height() / 2), Qt.AlignCenter, f"MIN {format_money(low)}")
    p.drawText(sign.adjusted(0, sign.height() / 2 - 4, 0, -4), Qt.AlignCenter, f"MAX {format_money(high)}")


def table_menu_actions(owner, entries) -> list[QAction]:
    """The main window's Table menu entries for a table: (text, key, slot) each. The table handles these
    keys itself (keyPressEvent); the menu shows them and offers the mouse."""
    actions = []
    for text, shortcut, slot in entries:
        action = QAction(text, owner)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.triggered.connect(lambda _checked=False, run=slot: run())
        actions.append(action)
    return actions
