"""The page can draw every suit of every variant: each suit and clue color name has its color in
app.css, and each suit a mark, so that suits differ without color too."""

import re
from pathlib import Path

from hanabi.engine import VARIANTS

CSS = (Path(__file__).resolve().parents[2] / "service" / "hanabi" / "web" / "static" / "app.css").read_text()


def styled(name: str, prop: str) -> bool:
    return re.search(r'\[data-suit-name="' + re.escape(name) + r'"\][^{]*\{[^}]*' + prop + ":", CSS) is not None


def test_every_suit_has_a_color_and_a_mark_unique_in_its_variant():
    for variant in VARIANTS.values():
        marks = []
        for suit in variant.suits:
            assert styled(suit.name, "--suit") and styled(suit.name, "--suit-mark"), (variant.name, suit.name)
            marks.append(
                re.search(r'\[data-suit-name="' + re.escape(suit.name) + r'"\][^{]*\{[^}]*--suit-mark: "([^"]+)"', CSS)[
                    1
                ]
            )
        assert len(set(marks)) == len(marks), variant.name


def test_every_clue_color_has_a_color():
    for variant in VARIANTS.values():
        for color in variant.clue_colors:
            assert styled(color, "--suit"), (variant.name, color)
