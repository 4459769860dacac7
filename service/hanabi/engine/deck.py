"""Cards, deck composition and the seeded shuffle.

The shuffle is ours and documented (docs/engine.md) so that a seed gives the same deck on
every Python version and in every other language: SplitMix64 seeded from the first 8 bytes
of SHA-256(seed), unbiased bounded draws by rejection, and a Fisher-Yates shuffle from the
last position down. `keyed_deck` is the same shuffle drawing from SHA-256 in counter mode
under a 256-bit key instead: SplitMix64 has 2^64 states, few enough to search for the one
that deals the cards a player sees; a key has too many.
"""

import hashlib
from collections import Counter, deque
from collections.abc import Iterable
from typing import Any, NamedTuple

from .errors import InvalidDeck
from .variants import Variant

_MASK64 = (1 << 64) - 1


class Card(NamedTuple):
    suit: int
    rank: int


def ordered_deck(variant: Variant) -> tuple[Card, ...]:
    """The variant's cards before shuffling: suit by suit, ranks in ascending order."""
    return tuple(Card(s, r) for s, suit in enumerate(variant.suits) for r in suit.ranks)


class _Draws:
    """A source of 64-bit words (`next`) and of uniform draws below a bound."""

    def next(self) -> int:
        raise NotImplementedError

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next()
            if x < limit:
                return x % bound


class SplitMix64(_Draws):
    """The PRNG behind seeded decks (Steele, Lea and Flood 2014)."""

    def __init__(self, seed: int):
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


class Sha256Counter(_Draws):
    """The words of SHA-256(key || counter), the counter 8 bytes big-endian from 0, each digest
    read as four big-endian 64-bit words."""

    def __init__(self, key: bytes):
        self.key = key
        self.counter = 0
        self.words: deque[int] = deque()

    def next(self) -> int:
        if not self.words:
            digest = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
            self.words.extend(int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8))
        return self.words.popleft()


def seed_to_int(seed: str) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")


def shuffled_deck(variant: Variant, seed: str) -> tuple[Card, ...]:
    return _fisher_yates(variant, SplitMix64(seed_to_int(seed)))


MIN_KEY_BYTES = 32


def keyed_deck(variant: Variant, key: bytes) -> tuple[Card, ...]:
    """The variant's cards shuffled by draws from SHA-256 in counter mode under `key` (at least
    32 bytes): a deck no one can compute without the key."""
    if len(key) < MIN_KEY_BYTES:
        raise ValueError(f"a deck key has at least {MIN_KEY_BYTES} bytes")
    return _fisher_yates(variant, Sha256Counter(key))


def _fisher_yates(variant: Variant, rng: _Draws) -> tuple[Card, ...]:
    cards = list(ordered_deck(variant))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def validate_deck(variant: Variant, deck: Iterable[Any]) -> tuple[Card, ...]:
    """Check that `deck` holds exactly the variant's cards; return it as Cards."""
    try:
        entries = list(deck)
    except TypeError:
        raise InvalidDeck("invalid_deck", "The deck must be a list of (suit, rank) pairs.") from None
    cards = []
    for index, entry in enumerate(entries):
        try:
            suit, rank = entry
        except (TypeError, ValueError):
            raise InvalidDeck("invalid_deck", f"Deck entry {index} is not a (suit, rank) pair.") from None
        if type(suit) is not int or not 0 <= suit < len(variant.suits):
            raise InvalidDeck("invalid_deck", f"Deck entry {index} has suit {suit!r}, not a suit of {variant.name}.")
        if type(rank) is not int or rank not in variant.ranks:
            ranks = ", ".join(map(str, variant.ranks))
            raise InvalidDeck(
                "invalid_deck", f"Deck entry {index} has rank {rank!r}; the ranks of {variant.name} are {ranks}."
            )
        cards.append(Card(suit, rank))
    expected = Counter(ordered_deck(variant))
    actual = Counter(cards)
    if actual != expected:
        missing = expected - actual
        extra = actual - expected
        problem = []
        if missing:
            problem.append("missing " + _describe(variant, missing))
        if extra:
            problem.append("extra " + _describe(variant, extra))
        raise InvalidDeck(
            "invalid_deck",
            f"The deck is not the {variant.deck_size()} cards of {variant.name}: {'; '.join(problem)}.",
        )
    return tuple(cards)


def stacked_deck(variant: Variant, top: Iterable[tuple[int, int]]) -> tuple[Card, ...]:
    """A full deck whose first cards are `top`, the rest in ordered_deck order (for tests and puzzles)."""
    rest = Counter(ordered_deck(variant))
    head = [Card(*c) for c in top]
    for card in head:
        if rest[card] <= 0:
            raise InvalidDeck("invalid_deck", f"The variant has no more copies of {card} to stack.")
        rest[card] -= 1
    tail = []
    for card in ordered_deck(variant):
        if rest[card] > 0:
            tail.append(card)
            rest[card] -= 1
    return tuple(head + tail)


def _describe(variant: Variant, cards: Counter[Card]) -> str:
    items = sorted(cards.items())[:5]
    text = ", ".join(
        f"{n}x {variant.suits[c.suit].name if c.suit < len(variant.suits) else c.suit} {c.rank}" for c, n in items
    )
    return text + (", ..." if len(cards) > 5 else "")
