"""Cards: the jack, queen and king are drawn as figures, each its own; the aces' symbols are solid."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtGui import QColor

from dealerdrill.views.cards import GOLD, SKIN, card_image

WIDTH = 140


def count(image, colour: QColor, tolerance: int = 24) -> int:
    hits = 0
    for x in range(0, image.width(), 2):
        for y in range(0, image.height(), 2):
            c = image.pixelColor(x, y)
            distance = max(abs(c.red() - colour.red()), abs(c.green() - colour.green()), abs(c.blue() - colour.blue()))
            if distance < tolerance:
                hits += 1
    return hits


@pytest.mark.parametrize("suit", ["hearts", "spades", "diamonds", "clubs"])
def test_court_cards_are_figures_with_faces_and_gold(qapp, suit):
    images = {rank: card_image(rank, suit, WIDTH) for rank in (11, 12, 13)}
    for rank, image in images.items():
        assert count(image, SKIN) > 40, f"rank {rank}: no face"
        assert count(image, GOLD) > 20, f"rank {rank}: no gold trim"
    # Three different figures, not one figure with another letter.
    def figure_pixels(image):
        return [image.pixelColor(x, y).rgb() for x in range(30, 110, 3) for y in range(30, 95, 3)]
    jack, queen, king = (figure_pixels(images[r]) for r in (11, 12, 13))
    for a, b in ((jack, queen), (queen, king), (jack, king)):
        assert sum(p != q for p, q in zip(a, b)) > len(a) // 10


@pytest.mark.parametrize("suit", ["hearts", "spades", "diamonds", "clubs"])
def test_an_ace_symbol_is_solid_ink_from_top_to_bottom(qapp, suit):
    """No band of card stock across the symbol (the A♥ had one where its parts met)."""
    image = card_image(1, suit, WIDTH)
    centre_x = WIDTH // 2
    height = image.height()
    size = 0.42 * WIDTH
    top, bottom = height / 2 - size / 2, height / 2 + size / 2
    inked = [image.pixelColor(centre_x + (6 if suit == "clubs" else 0), int(y)) for y in
             range(int(top + 0.3 * size), int(bottom - 0.25 * size))]
    assert all(c.lightness() < 160 or c.red() > 150 and c.green() < 80 for c in inked)
