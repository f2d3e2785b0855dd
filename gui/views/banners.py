"""Banners: plain sentences in a strip across the top of the window that stay until the person dismisses them.

For what must not be missed but must not stop the work either (a replaced manager PIN file, records that fail
their integrity check): unlike a message box nothing waits for them, and unlike the status bar they do not
fade after a few seconds. Each banner has a key, so the same news is shown once however often it is told.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

BANNER_STYLE = """
QFrame#banner { background: #fff4d6; border: 1px solid #f0d58c; border-radius: 6px; }
QFrame#banner[tone="alarm"] { background: #f8dcd9; border-color: #e3a29c; }
QFrame#banner QLabel { color: #5c3d00; background: transparent; border: none; font-size: 13px; }
QFrame#banner[tone="alarm"] QLabel { color: #7a1a14; }
QFrame#banner QPushButton { padding: 4px 12px; border: 1px solid #b8c0c8; border-radius: 5px; background: #ffffff;
                            color: #1f2a37; }
QFrame#banner QPushButton:focus { border: 2px solid #0b6a3a; }
"""


class Banner(QFrame):
    """One sentence and a Dismiss button."""

    dismissed = Signal(str)   # the banner's key

    def __init__(self, key: str, text: str, tone: str = "warning", parent: QWidget | None = None):
        super().__init__(parent)
        self.key = key
        self.setObjectName("banner")
        self.setProperty("tone", tone)
        self.setAccessibleName("Notice")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 8, 6)
        self.text_label = QLabel(text)
        self.text_label.setTextFormat(Qt.TextFormat.PlainText)
        self.text_label.setWordWrap(True)
        # Selectable, so a fingerprint or a row named in it can be copied into a report.
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.dismiss_button = QPushButton("Dismiss")
        self.dismiss_button.setAccessibleName(f"Dismiss: {text[:60]}")
        self.dismiss_button.setAutoDefault(False)
        self.dismiss_button.clicked.connect(lambda: self.dismissed.emit(self.key))
        row.addWidget(self.text_label, 1)
        row.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)

    def text(self) -> str:
        return self.text_label.text()


class BannerStrip(QWidget):
    """The banners shown now, newest last; hidden when there are none."""

    def __init__(self, parent: QWidget | None = None, focus_after=None):
        """`focus_after()` takes the keyboard when a banner dismissed from the keyboard was the last one."""
        super().__init__(parent)
        self._focus_after = focus_after
        self.setObjectName("banners")
        self.setStyleSheet(BANNER_STYLE)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 6, 8, 2)
        self._layout.setSpacing(4)
        self._banners: dict[str, Banner] = {}
        self.hide()

    def show_banner(self, key: str, text: str, tone: str = "warning") -> Banner:
        """Show `text` under `key` (replacing what that key said before)."""
        self.dismiss(key)
        banner = Banner(key, text, tone, self)
        banner.dismissed.connect(self.dismiss)
        self._banners[key] = banner
        self._layout.addWidget(banner)
        self.show()
        return banner

    def dismiss(self, key: str) -> None:
        banner = self._banners.pop(key, None)
        if banner is None:
            return
        had_focus = banner.dismiss_button.hasFocus()
        banner.hide()
        banner.deleteLater()
        self.setVisible(bool(self._banners))
        if had_focus:   # the keyboard goes on from where the banner was, never into nothing
            if self._banners:
                list(self._banners.values())[-1].dismiss_button.setFocus()
            elif self._focus_after is not None:
                self._focus_after()

    def banner(self, key: str) -> Banner | None:
        return self._banners.get(key)

    def texts(self) -> list[str]:
        return [banner.text() for banner in self._banners.values()]


__all__ = ["Banner", "BannerStrip"]
