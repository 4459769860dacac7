"""The rulebooks' five variants: their cards, their clue colors, how clues touch the sixth suit, and ratings."""

import pytest
from hanabi.engine import (
    VARIANTS,
    ColorClue,
    GameOptions,
    IllegalAction,
    InvalidDeck,
    InvalidOptions,
    RankClue,
    get_variant,
    new_game,
    rating,
    stacked_deck,
    view,
)
from hanabi.engine.deck import ordered_deck

RED, YELLOW, GREEN, BLUE, WHITE, SIXTH = range(6)
BASE = ("red", "yellow", "green", "blue", "white")
SEAT0 = [(WHITE, 1), (WHITE, 1), (WHITE, 2), (YELLOW, 3), (YELLOW, 4)]


def deal(variant, top):
    options = GameOptions(players=2, variant=variant)
    return new_game(options, deck=stacked_deck(options.variant_rules, top))


@pytest.mark.parametrize(
    "name, sixth, sixth_ranks, colors, cards",
    [
        ("No Variant", None, None, BASE, 50),
        ("6 Suits", "multicolor", (1, 1, 1, 2, 2, 3, 3, 4, 4, 5), BASE + ("multicolor",), 60),
        ("Black (6 Suits)", "black", (1, 2, 3, 4, 5), BASE + ("black",), 55),
        ("Rainbow (6 Suits)", "rainbow", (1, 1, 1, 2, 2, 3, 3, 4, 4, 5), BASE, 60),
        ("Dark Rainbow (6 Suits)", "dark rainbow", (1, 2, 3, 4, 5), BASE, 55),
    ],
)
def test_variant_cards_colors_and_maximum(name, sixth, sixth_ranks, colors, cards):
    variant = get_variant(name)
    assert variant.clue_colors == colors
    assert variant.deck_size() == len(ordered_deck(variant)) == cards
    assert tuple(s.name for s in variant.suits[:5]) == BASE
    for suit in variant.suits[:5]:
        assert suit.ranks == (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)
    if sixth is None:
        assert len(variant.suits) == 5 and variant.max_score == 25
    else:
        assert variant.suits[SIXTH].name == sixth
        assert variant.suits[SIXTH].ranks == sixth_ranks
        assert variant.max_score == 30


def test_the_catalogue_holds_the_five_of_the_rulebooks_among_hanablives_variants():
    assert {"No Variant", "6 Suits", "Black (6 Suits)", "Rainbow (6 Suits)", "Dark Rainbow (6 Suits)"} <= set(VARIANTS)
    assert len(VARIANTS) == 2426
    with pytest.raises(InvalidOptions) as info:
        get_variant("Mystery")
    assert info.value.code == "unknown_variant"


@pytest.mark.parametrize("name", ["6 Suits", "Black (6 Suits)"])
def test_a_sixth_suit_with_its_own_color_is_touched_only_by_that_color(name):
    state = deal(name, SEAT0 + [(SIXTH, 1), (RED, 1), (SIXTH, 2), (BLUE, 3), (WHITE, 4)])
    sixth = state.apply(ColorClue(0, 1, 5))
    assert sixth.history[-1].touched == (7, 5)
    red = state.apply(ColorClue(0, 1, RED))
    assert red.history[-1].touched == (6,)
    cards = {c.id: c for c in view(sixth, 1).my_hand}
    assert cards[5].possible_suits == (SIXTH,)
    assert cards[6].possible_suits == (RED, YELLOW, GREEN, BLUE, WHITE)
    assert ColorClue(0, 1, 5) in state.legal_actions()


@pytest.mark.parametrize("name", ["Rainbow (6 Suits)", "Dark Rainbow (6 Suits)"])
def test_rainbow_is_touched_by_every_color_and_cannot_be_named(name):
    state = deal(name, SEAT0 + [(SIXTH, 1), (RED, 1), (SIXTH, 2), (BLUE, 3), (WHITE, 4)])
    for color in range(5):
        touched = state.apply(ColorClue(0, 1, color)).history[-1].touched
        expected = {RED: (7, 6, 5), BLUE: (8, 7, 5), WHITE: (9, 7, 5)}.get(color, (7, 5))
        assert touched == expected
    with pytest.raises(IllegalAction) as info:
        state.apply(ColorClue(0, 1, 5))
    assert info.value.code == "invalid_color"
    assert not any(isinstance(a, ColorClue) and a.color == 5 for a in state.legal_actions())

    after = state.apply(ColorClue(0, 1, GREEN))
    cards = {c.id: c for c in view(after, 1).my_hand}
    assert cards[5].possible_suits == (GREEN, SIXTH)
    assert cards[6].possible_suits == (RED, YELLOW, BLUE, WHITE)
    after = after.apply(RankClue(1, 0, 1)).apply(ColorClue(0, 1, RED))
    cards = {c.id: c for c in view(after, 1).my_hand}
    assert cards[5].possible_suits == (SIXTH,)
    assert cards[6].possible_suits == (RED,)
    assert cards[8].possible_suits == (YELLOW, BLUE, WHITE)


@pytest.mark.parametrize("name", ["Black (6 Suits)", "Dark Rainbow (6 Suits)"])
def test_one_of_each_suits_have_a_single_copy_of_every_rank(name):
    variant = get_variant(name)
    assert [variant.suits[SIXTH].copies(rank) for rank in range(1, 6)] == [1, 1, 1, 1, 1]
    deal(name, [(SIXTH, 1)])
    with pytest.raises(InvalidDeck) as info:
        deal(name, [(SIXTH, 1), (SIXTH, 1)])
    assert info.value.code == "invalid_deck"


@pytest.mark.parametrize(
    "score, text",
    [
        (0, "horrible"),
        (5, "horrible"),
        (6, "mediocre"),
        (10, "mediocre"),
        (11, "honorable"),
        (15, "honorable"),
        (16, "excellent"),
        (20, "excellent"),
        (21, "amazing"),
        (24, "amazing"),
        (25, "legendary"),
    ],
)
def test_rating_bands_of_the_rulebook(score, text):
    assert rating(score, 25).startswith(text)
    assert rating(score, 30).startswith(text)


def test_thirty_in_a_six_suit_game_is_divine():
    assert rating(30, 30).startswith("divine")
    assert rating(29, 30).startswith("legendary")


def test_all_or_nothing_is_perfect_or_a_loss():
    assert rating(25, 25, all_or_nothing=True).startswith("perfect")
    assert rating(30, 30, all_or_nothing=True).startswith("perfect")
    assert rating(0, 30, all_or_nothing=True).startswith("a loss")
