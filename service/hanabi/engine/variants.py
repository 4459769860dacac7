"""Variants: hanab.live's catalogue, generated from a few families.

hanab.live builds its variant list from a small number of properties (docs/variants.md):
per suit, which clue colors and which rank clues touch it and whether it holds one card of
each rank (`suits`); per variant, its suits (3 to 6), its clue colors and ranks, and special
rules (`Rules`). This module generates the variants family by family, with hanab.live's exact
names, so that games move between the two services unchanged.

Suit and clue color names are hanab.live's, lowercased (hanab.live's "Purple" is "purple").
The five variants of the rulebooks keep the names they have always had here: the rulebooks'
white firework is hanab.live's Purple suit, and the sixth suit of "6 Suits" is "multicolor".
"""

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .errors import InvalidOptions
from .suits import (
    BASIC_SETS,
    LEGACY_NAMES,
    LEGACY_VARIANTS,
    MAX_RANK,
    ODDS_AND_EVENS_NAMES,
    RANKS,
    REVERSED,
    SPECIAL_SUITS,
    START,
    SUIT_COUNTS,
    SuitKind,
    suit_kind,
)


@dataclass(frozen=True)
class Rules:
    """A variant's special rules (all off in No Variant); the names are hanab.live's."""

    clue_colors: tuple[str, ...] | None = None
    """hanab.live color names a clue may name; None derives them from the suits."""
    clue_ranks: tuple[int, ...] = RANKS
    special_rank: int | None = None
    special_all_colors: bool = False
    special_no_colors: bool = False
    special_all_ranks: bool = False
    special_no_ranks: bool = False
    special_deceptive: bool = False
    critical_rank: int | None = None
    scarce_ones: bool = False
    color_clues_touch_nothing: bool = False
    rank_clues_touch_nothing: bool = False
    odds_and_evens: bool = False
    synesthesia: bool = False
    funnels: bool = False
    chimneys: bool = False
    up_or_down: bool = False
    """Each suit has one 1 and a START card; a firework starts with a 1, a 5 or START (then a 2
    or a 4) and runs up from 1 or down from 5."""
    alternating_clues: bool = False
    """After the first clue, each clue must be of the other kind (color, rank) than the one before."""
    clue_starved: bool = False
    """A discard, and a completed firework, give half a clue token."""
    sudoku: bool = False
    """Two of each card; a firework starts at any rank no other firework started at and wraps
    around from its highest rank to 1."""
    stack_size: int = MAX_RANK
    """Cards per firework, and its ranks 1 to stack_size (4 in the 4-suit Sudoku variants)."""
    throw_it_in_a_hole: bool = False
    """Plays go face down into a hole: until the game ends the players see that a card was
    played, not what it was, whether it scored, the strikes or the score; a completed firework
    returns no clue token."""
    cow_and_pig: bool = False
    """A clue only points at cards: while the game runs its receiver and the other players
    learn whether it was a color ("moo") or a rank ("oink") clue, not which."""
    duck: bool = False
    """A clue only points at cards ("quack"): nobody but its giver learns its kind or value
    while the game runs."""

    @property
    def pointing_clues(self) -> bool:
        """Cow & Pig and Duck: a clue tells its receiver only which cards it touched."""
        return self.cow_and_pig or self.duck

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks of the variant's cards (START too in Up or Down)."""
        return RANKS + (START,) if self.up_or_down else RANKS[: self.stack_size]


@dataclass(frozen=True)
class Suit:
    """One suit of one variant."""

    name: str
    """This service's name: hanab.live's display name, lowercased."""
    ranks: tuple[int, ...]
    """The cards of this suit in the deck, one entry per copy."""
    kind: SuitKind = field(compare=False)

    @property
    def abbreviation(self) -> str:
        return self.kind.abbreviation

    @property
    def hanablive_name(self) -> str:
        return self.kind.name

    def copies(self, rank: int) -> int:
        return self.ranks.count(rank)


@dataclass(frozen=True)
class Variant:
    name: str
    suits: tuple[Suit, ...]
    rules: Rules = field(default_factory=Rules)

    @cached_property
    def _color_names(self) -> tuple[str, ...]:
        """hanab.live names of the clue colors, in index order."""
        if self.rules.clue_colors is not None:
            return self.rules.clue_colors
        colors: list[str] = []
        for suit in self.suits:
            if not suit.kind.all_colors:
                colors += [c for c in suit.kind.colors if c not in colors]
        return tuple(colors)

    @cached_property
    def suit_names(self) -> tuple[str, ...]:
        return tuple(suit.name for suit in self.suits)

    @cached_property
    def clue_colors(self) -> tuple[str, ...]:
        """Colors a clue may name, in hanab.live's index order (rainbow suits have none)."""
        legacy = self.name in LEGACY_VARIANTS
        return tuple(LEGACY_NAMES.get(c, c.lower()) if legacy else c.lower() for c in self._color_names)

    @property
    def clue_ranks(self) -> tuple[int, ...]:
        """Ranks a clue may name (in Odds and Evens, 1 is "odd" and 2 is "even")."""
        return self.rules.clue_ranks

    @cached_property
    def clue_rank_names(self) -> tuple[str, ...]:
        """What each of `clue_ranks` is called: its number, or "odd" and "even"."""
        if self.rules.odds_and_evens:
            return tuple(ODDS_AND_EVENS_NAMES[rank] for rank in self.clue_ranks)
        return tuple(str(rank) for rank in self.clue_ranks)

    @property
    def ranks(self) -> tuple[int, ...]:
        return self.rules.ranks

    @property
    def stack_size(self) -> int:
        return self.rules.stack_size

    @property
    def max_score(self) -> int:
        return self.rules.stack_size * len(self.suits)

    @property
    def has_inverted_suits(self) -> bool:
        return any(s.kind.inverted for s in self.suits)

    def deck_size(self) -> int:
        return sum(len(s.ranks) for s in self.suits)

    def color_touches(self, color: int, suit: int, rank: int) -> bool:
        """hanab.live's rule for whether clue color `color` touches the card (suit, rank)."""
        rules, kind = self.rules, self.suits[suit].kind
        if rules.color_clues_touch_nothing:
            return False
        if kind.all_colors:
            return True
        if kind.no_colors:
            return False
        names = self._color_names
        name = names[color]
        if rules.synesthesia and not kind.no_ranks and names[_color_index(rank, names)] == name:
            return True
        if rank == rules.special_rank:
            if rules.special_all_colors:
                return True
            if rules.special_no_colors:
                return False
        if kind.prism:
            return names[_color_index(rank, names)] == name
        return name in kind.colors

    def rank_touches(self, clue: int, suit: int, rank: int) -> bool:
        """hanab.live's rule for whether a rank clue of `clue` touches the card (suit, rank)."""
        rules, kind = self.rules, self.suits[suit].kind
        if rules.rank_clues_touch_nothing:
            return False
        if kind.all_ranks:
            return True
        if kind.no_ranks:
            return False
        if rules.funnels:
            return rank <= clue
        if rules.chimneys:
            return rank >= clue
        if rules.odds_and_evens:
            return rank % 2 == clue % 2
        if rank == rules.special_rank:
            if rules.special_all_ranks:
                return True
            if rules.special_no_ranks:
                return False
            if rules.special_deceptive:
                return clue == rules.clue_ranks[suit % len(rules.clue_ranks)]
        return clue == rank

    def play_order(self, suit: int) -> tuple[int, ...]:
        """The ranks of the suit in the order its firework takes them (in Sudoku, of a firework
        started at 1)."""
        return RANKS[::-1] if self.suits[suit].kind.reversed else RANKS[: self.rules.stack_size]

    def color_touches_suit(self, color: int, suit: int) -> bool:
        """Whether the color touches some card of the suit."""
        return any(self.color_touches(color, suit, rank) for rank in RANKS)


def _color_index(rank: int, names: tuple[str, ...]) -> int:
    """The clue color a prism card of this rank takes: rank 1 the first, ..., START the last."""
    return len(names) - 1 if rank == START else (rank - 1) % len(names)


# ---- the catalogue ------------------------------------------------------------------------


def _copies(kind: SuitKind, rank: int, rules: Rules) -> int:
    if kind.one_of_each or rules.critical_rank == rank or rank == START:
        return 1
    if rules.sudoku:
        return 2
    if rank == 1:
        return 1 if kind.reversed or rules.up_or_down else 2 if rules.scarce_ones else 3
    if rank == MAX_RANK:
        return 3 if kind.reversed else 1
    return 2


Entry = tuple[str, tuple[str, ...], Rules]
"""A catalogue entry: a variant's name, its suits' hanab.live names and its rules."""


def build_variant(name: str, suit_names: tuple[str, ...], rules: Rules = Rules()) -> Variant:
    legacy = name in LEGACY_VARIANTS
    suits = []
    for suit_name in suit_names:
        kind = suit_kind(suit_name)
        ours = LEGACY_NAMES.get(suit_name, suit_name.lower()) if legacy else kind.display_name.lower()
        ranks = tuple(rank for rank in rules.ranks for _ in range(_copies(kind, rank, rules)))
        suits.append(Suit(ours, ranks, kind))
    return Variant(name, tuple(suits), rules)


def _with_one(
    family: str,
    rules: Rules = Rules(),
    counts: tuple[int, ...] = SUIT_COUNTS,
    specials: Iterable[SuitKind] | None = None,
) -> Iterator[Entry]:
    """ "<family> (N Suits)" and "<family> & <special suit> (N Suits)" for every special suit."""
    for count in counts:
        yield f"{family} ({count} Suits)", BASIC_SETS[count], rules
    for kind in SPECIAL_SUITS.values() if specials is None else specials:
        for count in counts:
            yield f"{family} & {kind.name} ({count} Suits)", BASIC_SETS[count - 1] + (kind.name,), rules


def _catalogue() -> Iterator[Entry]:
    specials = tuple(SPECIAL_SUITS.values())
    yield "No Variant", BASIC_SETS[5], Rules()
    yield "6 Suits", BASIC_SETS[6], Rules()
    yield "4 Suits", BASIC_SETS[4], Rules()
    yield "3 Suits", BASIC_SETS[3], Rules()
    for kind in specials:
        for count in SUIT_COUNTS:
            yield f"{kind.name} ({count} Suits)", BASIC_SETS[count - 1] + (kind.name,), Rules()
    yield from _combinations(specials)
    yield from _special_ranks(specials)
    yield from _ambiguous(specials)
    yield from _mixes(specials)
    yield from _with_one("Critical Fours", Rules(critical_rank=4))
    yield from _with_one("Scarce Ones", Rules(scarce_ones=True))
    for family, rules in (
        ("Color Blind", Rules(color_clues_touch_nothing=True)),
        ("Number Blind", Rules(rank_clues_touch_nothing=True)),
        ("Totally Blind", Rules(color_clues_touch_nothing=True, rank_clues_touch_nothing=True)),
        ("Color Mute", Rules(clue_colors=())),
        ("Number Mute", Rules(clue_ranks=())),
    ):
        yield from _with_one(family, rules, specials=())
    yield from _with_one("Alternating Clues", Rules(alternating_clues=True))
    yield from _with_one("Odds and Evens", Rules(clue_ranks=(1, 2), odds_and_evens=True))
    synesthesia_duplicates = {
        "Prism",
        "Muddy Rainbow",
        "Light Pink",
        "Pink",
        "Omni",
        "Dark Prism",
        "Cocoa Rainbow",
        "Gray Pink",
        "Dark Pink",
        "Dark Omni",
    }
    yield from _with_one(
        "Synesthesia",
        Rules(clue_ranks=(), synesthesia=True),
        specials=[k for k in specials if k.name not in synesthesia_duplicates],
    )
    yield from _reversed(specials)
    yield from _with_one("Up or Down", Rules(up_or_down=True))
    yield from _with_one("Funnels", Rules(funnels=True))
    yield from _with_one("Chimneys", Rules(chimneys=True))
    yield from _with_one("Clue Starved", Rules(clue_starved=True))
    yield from _sudoku(specials)
    yield from _with_one("Throw It in a Hole", Rules(throw_it_in_a_hole=True))
    yield from _with_one("Cow & Pig", Rules(cow_and_pig=True), specials=())
    yield from _with_one("Duck", Rules(duck=True), specials=())


def _combinations(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    """ "A & B (N Suits)": two special suits that clues treat differently."""
    for i, first in enumerate(specials):
        for second in specials[i + 1 :]:
            if first.same_clue_behaviour(second):
                continue
            for count in SUIT_COUNTS:
                if count == 3 and _needs_two_clueable(first, second):
                    continue
                yield (
                    f"{first.name} & {second.name} ({count} Suits)",
                    BASIC_SETS[count - 2] + (first.name, second.name),
                    Rules(),
                )


def _needs_two_clueable(first: SuitKind, second: SuitKind) -> bool:
    """Rainbow and Prism beside a suit no color singles out leave a 3-suit game ambiguous."""

    def colorless(kind: SuitKind) -> bool:
        return kind.no_colors or kind.all_colors

    return (first.name in ("Rainbow", "Prism") and colorless(second)) or (
        colorless(first) and second.name in ("Rainbow", "Prism")
    )


def _reversed(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    """ "Reversed (N Suits)" (the last plain suit reversed), "<suit> Reversed (N Suits)" and the
    official "White Reversed & Rainbow"."""
    for count in SUIT_COUNTS:
        plain = BASIC_SETS[count]
        yield f"Reversed ({count} Suits)", plain[:-1] + (plain[-1] + REVERSED,), Rules()
    for kind in specials:
        if not (kind.all_ranks or kind.no_ranks):
            for count in SUIT_COUNTS:
                yield f"{kind.name}{REVERSED} ({count} Suits)", BASIC_SETS[count - 1] + (kind.name + REVERSED,), Rules()
    for count in (6, 5, 4):
        yield (
            f"White Reversed & Rainbow ({count} Suits)",
            BASIC_SETS[count - 2] + ("White" + REVERSED, "Rainbow"),
            Rules(),
        )


def _sudoku(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    """ "Sudoku (N Suits)" and "Sudoku & <suit> (N Suits)" for 4 and 5 suits: as many ranks as
    suits, so that every firework can start at a rank of its own."""
    rules = {5: Rules(sudoku=True), 4: Rules(clue_ranks=RANKS[:4], sudoku=True, stack_size=4)}
    for count in (4, 5):
        yield f"Sudoku ({count} Suits)", BASIC_SETS[count], rules[count]
    for count in (4, 5):
        for kind in specials:
            yield f"Sudoku & {kind.name} ({count} Suits)", BASIC_SETS[count - 1] + (kind.name,), rules[count]


NUMBER_WORDS = {1: "Ones", 5: "Fives"}


def _special_ranks(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    """ "Rainbow-Ones (N Suits)", "Rainbow-Ones & Pink (N Suits)", "Deceptive-Fives (N Suits)", ..."""
    for rank in (1, 5):
        word = NUMBER_WORDS[rank]
        other_ranks = tuple(r for r in RANKS if r != rank)
        for kind in specials:
            if kind.one_of_each or kind.prism or kind.inverted:
                continue
            rules = Rules(
                clue_ranks=other_ranks if kind.all_ranks or kind.no_ranks else RANKS,
                special_rank=rank,
                special_all_colors=kind.all_colors,
                special_no_colors=kind.no_colors,
                special_all_ranks=kind.all_ranks,
                special_no_ranks=kind.no_ranks,
            )
            prefix = f"{kind.name.replace(' ', '-', 1)}-{word}"
            for count in SUIT_COUNTS:
                yield f"{prefix} ({count} Suits)", BASIC_SETS[count], rules
            for second in specials:
                for count in SUIT_COUNTS:
                    yield f"{prefix} & {second.name} ({count} Suits)", BASIC_SETS[count - 1] + (second.name,), rules
        yield from _with_one(
            f"Deceptive-{word}", Rules(clue_ranks=other_ranks, special_rank=rank, special_deceptive=True)
        )


def _ambiguous(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    red, green, blue = ("Tomato", "Mahogany"), ("Emerald", "Olive"), ("Berry", "Navy")
    ambiguous = {2: red, 4: red + blue, 6: red + green + blue}
    yield "Ambiguous (6 Suits)", ambiguous[6], Rules()
    yield "Ambiguous (4 Suits)", ambiguous[4], Rules()
    duplicates = {"Rainbow", "Prism", "Dark Prism"}
    for kind in specials:
        for count in (4, 2):
            if count + 1 == 3 and kind.name in duplicates:
                continue
            yield f"Ambiguous & {kind.name} ({count + 1} Suits)", ambiguous[count] + (kind.name,), Rules()
    very = {3: ("Berry", "Navy", "Sky"), 6: ("Tomato", "Mahogany", "Carrot", "Berry", "Navy", "Sky")}
    yield "Very Ambiguous (6 Suits)", very[6], Rules()
    yield "Very Ambiguous (3 Suits)", very[3], Rules()
    for kind in specials:
        if kind.name not in duplicates:
            yield f"Very Ambiguous & {kind.name} (4 Suits)", very[3] + (kind.name,), Rules()
    extreme = tuple(f"{n} EA" for n in ("Ice", "Aqua", "Sky", "Berry", "Navy", "Ocean"))
    for count in (6, 5, 4):
        yield f"Extremely Ambiguous ({count} Suits)", extreme[:count], Rules()
    for kind in specials:
        for count in (5, 4):
            if kind.name not in duplicates:
                yield f"Extremely Ambiguous & {kind.name} ({count + 1} Suits)", extreme[:count] + (kind.name,), Rules()
    matryoshka = ("Ruby", "Yam", "Geas", "Beatnik", "Plum", "Taupe")
    for count in SUIT_COUNTS:
        yield f"Matryoshka ({count} Suits)", matryoshka[:count], Rules()
    for kind in specials:
        for count in SUIT_COUNTS:
            yield f"Matryoshka & {kind.name} ({count} Suits)", matryoshka[: count - 1] + (kind.name,), Rules()
    dual = {
        3: ("Tangerine", "Violet", "Jade"),
        5: ("Tangerine", "Lime", "Cyan", "Indigo", "Cardinal"),
        6: ("Tangerine", "Violet", "Maroon", "Jade", "Tan", "Cobalt"),
    }
    for count in (6, 5, 3):
        yield f"Dual-Color ({count} Suits)", dual[count], Rules()
    for kind in specials:
        for count in (5, 3):
            yield f"Dual-Color & {kind.name} ({count + 1} Suits)", dual[count] + (kind.name,), Rules()


def _mixes(specials: tuple[SuitKind, ...]) -> Iterator[Entry]:
    yield "Special Mix (5 Suits)", ("Black", "Rainbow", "Pink", "White", "Brown"), Rules()
    yield "Special Mix (6 Suits)", ("Black", "Rainbow", "Pink", "White", "Brown", "Null"), Rules()
    yield "Ambiguous Mix", ("Tomato", "Mahogany", "Sky", "Navy", "Black", "White"), Rules()
    yield "Dual-Color Mix", ("Tangerine", "Violet", "Jade", "Black", "Rainbow", "White"), Rules()
    yield "Ambiguous & Dual-Color Mix", ("Peach", "Tangerine", "Magenta", "Violet", "Lime", "Jungle"), Rules()
    yield "Candy Corn Mix (5 Suits)", ("Red", "Tangerine", "Yellow", "White", "Brown"), Rules()
    yield "Candy Corn Mix (6 Suits)", ("Red", "Tangerine", "Yellow", "White", "Brown", "Cocoa Rainbow"), Rules()
    yield "Holiday Mix (5 Suits)", ("Dark Pink", "Green", "White", "Sky", "Navy"), Rules()
    yield "Holiday Mix (6 Suits)", ("Light Pink", "Red", "Green", "White", "Sky", "Navy"), Rules()
    yield "Valentine Mix (5 Suits)", ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow"), Rules()
    yield "Valentine Mix (6 Suits)", ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow", "Null"), Rules()
    yield "RGB Mix (6 Suits)", ("Red", "Gold", "Green", "Cyan", "Blue", "Violet"), Rules()


# ---- hanab.live's filter: a variant must be winnable by every table size -----------------

MIN_DECK = 25
MAX_EFFICIENCY = 1.79
HAND_SIZES = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}


def is_playable(variant: Variant) -> bool:
    """hanab.live keeps a generated variant only when its deck has at least 25 cards and, for
    every table size, the starting pace is not negative and a perfect score needs at most 1.79
    cards per usable clue."""
    if variant.deck_size() < MIN_DECK:
        return False
    for players in HAND_SIZES:
        efficiency = required_efficiency(variant, players)
        if efficiency is None or efficiency > MAX_EFFICIENCY:
            return False
    return True


def required_efficiency(variant: Variant, players: int) -> float | None:
    """hanab.live's minimum efficiency: a perfect score per clue usable from the start (8 clues,
    1 per discard the pace allows and per suit completed before the final round, half in Clue
    Starved, rounded down, none per suit in Throw It in a Hole); None when the starting pace is
    negative."""
    best = variant.max_score
    deck = variant.deck_size() - HAND_SIZES[players] * players
    if players + deck - best < 0:
        return None
    if best <= players + 1:
        discards = deck - 1
    elif best <= players + deck:
        discards = players + deck - best
    else:
        discards = 0
    final_round = min(best, players + 1)
    before_final = min(best, players + deck) - final_round
    completed = 0 if variant.rules.throw_it_in_a_hole else min(len(variant.suits), before_final // variant.stack_size)
    gained = (discards + completed) / 2 if variant.rules.clue_starved else discards + completed
    return best / (int(gained) + 8)


def _build_catalogue() -> dict[str, Variant]:
    variants: dict[str, Variant] = {}
    for name, suit_names, rules in _catalogue():
        variant = build_variant(name, suit_names, rules)
        if is_playable(variant):
            variants[name] = variant
    return variants


VARIANTS: dict[str, Variant] = _build_catalogue()


def family_of(name: str) -> str:
    """The family a variant's name belongs to: "Rainbow-Ones & Pink (5 Suits)" -> "Suit-Ones",
    "Black & Rainbow (6 Suits)" -> "two special suits", "Pink (4 Suits)" -> "Pink"."""
    base = name.split(" (")[0]
    if base == "Cow & Pig":
        return base
    head, _, second = base.partition(" & ")
    for word in NUMBER_WORDS.values():
        if head.endswith(f"-{word}") and not head.startswith("Deceptive"):
            return f"Suit-{word}"
    if head in SPECIAL_SUITS and second in SPECIAL_SUITS:
        return "two special suits"
    if head in SPECIAL_SUITS:
        return "one special suit"
    if head in ("No Variant", "6 Suits", "4 Suits", "3 Suits"):
        return "plain suits"
    return "mixes" if "Mix" in head else head


def representatives() -> tuple[str, ...]:
    """A sample for tests and benchmarks: the rulebooks' five variants, every special suit
    alone (5 Suits), and the first and the last variant of every family."""
    by_family: dict[str, list[str]] = {}
    for name in VARIANTS:
        by_family.setdefault(family_of(name), []).append(name)
    chosen = list(LEGACY_VARIANTS) + [f"{suit} (5 Suits)" for suit in SPECIAL_SUITS]
    for names in by_family.values():
        chosen += [names[0], names[-1]]
    return tuple(dict.fromkeys(name for name in chosen if name in VARIANTS))


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        listed = f"docs/variants.md lists the {len(VARIANTS)} variants"
        close = difflib.get_close_matches(name, VARIANTS, n=3, cutoff=0.5) if isinstance(name, str) else []
        hint = f"did you mean {' or '.join(repr(n) for n in close)}? {listed}" if close else listed
        raise InvalidOptions("unknown_variant", f'Unknown variant "{name}"; {hint}.') from None
