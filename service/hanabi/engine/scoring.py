"""Score ratings from the rulebooks' reference scales."""

_BANDS = (
    (5, "horrible, booed by the crowd..."),
    (10, "mediocre, just a hint of scattered applause..."),
    (15, "honorable attempt, but quickly forgotten..."),
    (20, "excellent, crowd pleasing."),
    (24, "amazing, they will be talking about it for weeks!"),
    (29, "legendary, everyone left speechless, stars in their eyes!"),
)
DIVINE = "divine, the display outshines the stars!"
PERFECT_ALL_OR_NOTHING = "perfect: the crowning piece is complete!"
FAILED_ALL_OR_NOTHING = "a loss: the display had to be perfect."


def rating(score: int, max_score: int, all_or_nothing: bool = False) -> str:
    """The rating text for a final score (edition 000's scale; 003's "divine" for 30 of 30).

    All-or-nothing games are not rated on the scale: the display is perfect or a loss.
    """
    if all_or_nothing:
        return PERFECT_ALL_OR_NOTHING if score == max_score else FAILED_ALL_OR_NOTHING
    if score >= 30:
        return DIVINE
    for top, text in _BANDS:
        if score <= top:
            return text
    return _BANDS[-1][1]
