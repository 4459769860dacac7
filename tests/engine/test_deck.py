"""Decks: composition, the documented seeded and keyed shuffles (a stability promise), and deck validation."""

import hashlib

import pytest
from hanabi.engine import GameOptions, InvalidDeck, get_variant, keyed_deck, new_game, shuffled_deck, stacked_deck
from hanabi.engine.deck import SplitMix64, ordered_deck, validate_deck
from hanabi.engine.variants import LEGACY_VARIANTS, representatives

GOLDEN = {
    # First 15 cards of shuffled_deck(variant, "golden " + variant), as suit digit + rank digit.
    # These must never change: users rely on a seed dealing the same game forever.
    "No Variant": "244111340144032211313402122402",
    "6 Suits": "433214514211524415044113140401",
    "Black (6 Suits)": "222302313113240201214321341424",
    "Rainbow (6 Suits)": "033151544345511102112133015422",
    "Dark Rainbow (6 Suits)": "444142445224013112143413115422",
}


def documented_shuffle(cards: list, seed: str) -> list:
    """docs/engine.md "Seeded decks", written out independently of the engine's code."""
    mask = 2**64 - 1
    state = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")

    def output() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    return documented_fisher_yates(cards, output)


def documented_keyed_shuffle(cards: list, key: bytes) -> list:
    """docs/engine.md "Keyed decks": the same draws from SHA-256(key || counter) in counter mode."""
    words = [
        int.from_bytes(hashlib.sha256(key + counter.to_bytes(8, "big")).digest()[i : i + 8], "big")
        for counter in range(64)
        for i in (0, 8, 16, 24)
    ]
    return documented_fisher_yates(cards, iter(words).__next__)


def documented_fisher_yates(cards: list, output) -> list:
    def draw(n: int) -> int:
        while True:
            x = output()
            if x < 2**64 - (2**64 % n):
                return x % n

    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        j = draw(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def test_splitmix64_matches_the_published_reference_outputs():
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@pytest.mark.parametrize("name", LEGACY_VARIANTS)
def test_ordered_deck_is_suit_by_suit_in_ascending_rank(name):
    variant = get_variant(name)
    expected = [(s, r) for s, suit in enumerate(variant.suits) for r in suit.ranks]
    assert [tuple(c) for c in ordered_deck(variant)] == expected
    assert expected[:10] == [(0, 1), (0, 1), (0, 1), (0, 2), (0, 2), (0, 3), (0, 3), (0, 4), (0, 4), (0, 5)]


@pytest.mark.parametrize("name", representatives())
def test_seeded_shuffle_follows_the_documented_algorithm(name):
    variant = get_variant(name)
    for seed in ("", "0", "friday night", "p3v0s7", "ünïcödé 🎆", "x" * 500):
        assert list(shuffled_deck(variant, seed)) == documented_shuffle(ordered_deck(variant), seed)


@pytest.mark.parametrize("name", LEGACY_VARIANTS)
def test_golden_deck_for_a_seed_never_changes(name):
    deck = shuffled_deck(get_variant(name), "golden " + name)
    assert "".join(f"{c.suit}{c.rank}" for c in deck[:15]) == GOLDEN[name]


@pytest.mark.parametrize("name", representatives())
def test_seeds_give_different_decks_and_every_deck_is_a_permutation(name):
    variant = get_variant(name)
    decks = {shuffled_deck(variant, f"seed {n}") for n in range(200)}
    assert len(decks) == 200
    for deck in decks:
        assert sorted(deck) == sorted(ordered_deck(variant))
    assert shuffled_deck(variant, "same") == shuffled_deck(variant, "same")


@pytest.mark.parametrize("name", ["No Variant", "6 Suits", "Rainbow (6 Suits)"])
def test_keyed_shuffle_follows_the_documented_algorithm(name):
    variant = get_variant(name)
    for key in (bytes(32), b"\xff" * 32, hashlib.sha256(b"a key").digest() * 2):
        deck = keyed_deck(variant, key)
        assert list(deck) == documented_keyed_shuffle(ordered_deck(variant), key)
        assert sorted(deck) == sorted(ordered_deck(variant))
    assert keyed_deck(variant, bytes(32)) != keyed_deck(variant, bytes(31) + b"\x01")


def test_a_keyed_deck_needs_a_key_of_32_bytes():
    with pytest.raises(ValueError):
        keyed_deck(get_variant("No Variant"), bytes(31))


def test_new_game_from_a_seed_deals_the_seeded_deck():
    options = GameOptions(players=3, variant="Rainbow (6 Suits)")
    state = new_game(options, seed="deal me")
    assert state.deck == shuffled_deck(options.variant_rules, "deal me")
    with pytest.raises(ValueError):
        new_game(options)


def test_stacked_deck_puts_the_given_cards_on_top_of_a_full_deck():
    variant = get_variant("No Variant")
    deck = stacked_deck(variant, [(4, 5), (0, 1)])
    assert deck[:3] == ((4, 5), (0, 1), (0, 1))
    assert sorted(deck) == sorted(ordered_deck(variant))
    with pytest.raises(InvalidDeck):
        stacked_deck(variant, [(4, 5), (4, 5)])


def _replace(deck, index, card):
    cards = list(deck)
    cards[index] = card
    return cards


NO_VARIANT = get_variant("No Variant")
FULL = list(ordered_deck(NO_VARIANT))


@pytest.mark.parametrize(
    "deck, words",
    [
        (FULL[:-1], "missing"),
        (FULL + [(0, 1)], "extra"),
        (_replace(FULL, 9, (0, 1)), "missing"),
        (_replace(FULL, 0, (5, 1)), "suit"),
        (_replace(FULL, 0, (-1, 1)), "suit"),
        (_replace(FULL, 0, (0, 0)), "rank"),
        (_replace(FULL, 0, (0, 6)), "rank"),
        (_replace(FULL, 0, (True, 1)), "suit"),
        (_replace(FULL, 0, (0, 1.0)), "rank"),
        (_replace(FULL, 0, (0, 1, 2)), "pair"),
        (_replace(FULL, 0, 7), "pair"),
        (_replace(FULL, 0, None), "pair"),
        ([], "missing"),
        (list(ordered_deck(get_variant("6 Suits"))), "suit"),
        (list(ordered_deck(get_variant("Black (6 Suits)"))), "suit"),
        (7, "list"),
        (None, "list"),
    ],
)
def test_invalid_decks_are_rejected_with_a_clear_error(deck, words):
    with pytest.raises(InvalidDeck) as info:
        validate_deck(NO_VARIANT, deck)
    assert info.value.code == "invalid_deck"
    assert words in info.value.message
    if deck is not None:
        with pytest.raises(InvalidDeck):
            new_game(GameOptions(players=2), deck=deck)


def test_a_deck_of_the_wrong_variant_is_rejected():
    with pytest.raises(InvalidDeck):
        new_game(GameOptions(players=2, variant="Black (6 Suits)"), deck=ordered_deck(get_variant("6 Suits")))
