"""The page can draw every suit of every variant: in the browser, app.css gives each suit and
clue color name a color, and each suit a mark drawn on its cards, unique in its variant, so that
suits differ without color too."""

import json
from pathlib import Path

import pytest
from hanabi.engine import VARIANTS

CSS = (Path(__file__).resolve().parents[2] / "service" / "hanabi" / "web" / "static" / "app.css").read_text()
NAMES = sorted(
    {name for variant in VARIANTS.values() for name in [*(s.name for s in variant.suits), *variant.clue_colors]}
)
TRANSPARENT = "rgba(0, 0, 0, 0)"


@pytest.fixture(scope="module")
def drawn(browser) -> dict[str, dict[str, str]]:
    """For each suit or clue color name, as the browser draws it: the background of its mini card
    (its gradient, if it has one) and the mark on its card face."""
    page = browser.new_page()
    cards = "".join(
        f'<div class="card face" data-suit-name={json.dumps(name)}><span class="suit-mark"></span></div>'
        f'<span class="mini" data-suit-name={json.dumps(name)}></span>'
        for name in NAMES
    )
    page.set_content(f"<style>{CSS}</style>{cards}")
    found = page.evaluate(
        """names => Object.fromEntries(names.map(name => {
            const mini = document.querySelector(`.mini[data-suit-name="${CSS.escape(name)}"]`);
            const mark = document.querySelector(`.card[data-suit-name="${CSS.escape(name)}"] .suit-mark`);
            return [name, {
                color: getComputedStyle(mini).backgroundImage !== "none"
                    ? getComputedStyle(mini).backgroundImage : getComputedStyle(mini).backgroundColor,
                mark: getComputedStyle(mark, "::before").content,
            }];
        }))""",
        NAMES,
    )
    page.close()
    return found


def test_every_suit_has_a_color_and_a_mark_unique_in_its_variant(drawn):
    for variant in VARIANTS.values():
        marks = [drawn[suit.name]["mark"] for suit in variant.suits]
        for suit in variant.suits:
            assert drawn[suit.name]["color"] not in ("", TRANSPARENT), (variant.name, suit.name, drawn[suit.name])
            assert drawn[suit.name]["mark"] not in ("", "none", "normal"), (variant.name, suit.name, drawn[suit.name])
        assert len(set(marks)) == len(marks), (variant.name, marks)


def test_every_clue_color_has_a_color(drawn):
    for variant in VARIANTS.values():
        for color in variant.clue_colors:
            assert drawn[color]["color"] not in ("", TRANSPARENT), (variant.name, color)
