"""The lookup tables a game reads instead of its variant: per variant (`VariantLookups`, shared by
its games) and per game (`Lookups`, what never changes during one)."""

from typing import TYPE_CHECKING, NamedTuple

from .actions import ColorClue, RankClue, clue_actions, play_discard_pairs
from .deck import Card
from .errors import IllegalAction
from .options import GameOptions
from .suits import MAX_RANK, RANK_SPAN, START, identity_index
from .variants import Variant

if TYPE_CHECKING:
    from .view import ViewCache


class CardCopies(NamedTuple):
    """One identity of a deck and how many copies of it the deck holds."""

    suit: int
    rank: int
    copies: int


class ClueRule(NamedTuple):
    """What a clue of one kind ("color" or "rank") may name and touches, in one game."""

    kind: str
    values: range | tuple[int, ...]
    """The color indexes, or the ranks, a clue of this kind may name."""
    card_touch: tuple[int, ...]
    """Per card id, the values (bit `1 << value`) whose clue touches it."""
    identity_touch: tuple[int, ...] | dict[int, int]
    """Per value, the identities (bit `identity_index(suit, rank)`) its clue touches."""
    may_touch_nothing: bool
    """Whether a clue that touches no card is allowed (empty clues, or the variant's rule)."""
    names: tuple[str, ...] | dict[int, str]
    """Per value, what the clue names: "red", "3s"."""

    def invalid(self, value: object) -> IllegalAction:
        """The error for a clue naming `value`, which is not one of `values`."""
        if self.kind == "color":
            names = ", ".join(f"{i} ({n})" for i, n in enumerate(self.names))
            message = f"Clue color {value!r} does not exist in this variant; use {names}."
            return IllegalAction("invalid_color", message, depends_on_state=False)
        allowed = ", ".join(map(str, self.values)) or "none"
        message = f"Clue rank {value!r} cannot be given in this variant; rank clues: {allowed}."
        return IllegalAction("invalid_rank", message, depends_on_state=False)


class VariantLookups:
    """What a game needs of its variant, as bit masks; built once per variant and shared."""

    __slots__ = (
        "identity",
        "play_order",
        "color_touch",
        "rank_touch",
        "copies",
        "all_identities",
        "inverted",
        "directions",
        "mask_parts",
        "next_ranks",
        "tops",
        "composition",
        "composition_index",
    )

    def __init__(self, variant: Variant):
        num_suits = len(variant.suits)
        identities = [(s, r) for s in range(num_suits) for r in variant.ranks]
        self.play_order = tuple(variant.play_order(s) for s in range(num_suits))
        self.color_touch = tuple(
            sum(1 << identity_index(s, r) for s, r in identities if variant.color_touches(color, s, r))
            for color in range(len(variant.clue_colors))
        )
        self.rank_touch = {
            clue: sum(1 << identity_index(s, r) for s, r in identities if variant.rank_touches(clue, s, r))
            for clue in variant.clue_ranks
        }
        self.identity = {}
        """(suit, rank) -> (suit, rank, its bit, the colors touching it, the rank clues touching it,
        the firework's height at which it plays)."""
        for s, r in identities:
            bit = 1 << identity_index(s, r)
            colors = sum(1 << color for color, touch in enumerate(self.color_touch) if touch & bit)
            ranks = sum(1 << clue for clue, touch in self.rank_touch.items() if touch & bit)
            height = self.play_order[s].index(r) if r in self.play_order[s] else 0
            self.identity[s, r] = (s, r, bit, colors, ranks, height)
        self.copies = {(s, r): suit.copies(r) for s, suit in enumerate(variant.suits) for r in variant.ranks}
        self.composition = tuple(CardCopies(s, r, n) for (s, r), n in self.copies.items() if n)
        """The deck's identities (suit by suit, in the variant's rank order) and their copies."""
        self.composition_index = {(c.suit, c.rank): i for i, c in enumerate(self.composition)}
        self.all_identities = sum(1 << identity_index(s, r) for s, r in identities)
        self.inverted = frozenset(s for s, suit in enumerate(variant.suits) if suit.kind.inverted)
        self.directions = tuple("down" if order[0] == MAX_RANK else "up" for order in self.play_order)
        """Which way each suit's firework runs, outside Up or Down."""
        self.mask_parts: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        """Cache: identity mask -> (possible suits, possible ranks)."""
        self.next_ranks: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
        """Cache where each firework takes its ranks in a fixed order: fireworks -> the ranks
        each takes next."""
        self.tops: dict[tuple[int, ...], tuple[int | None, ...]] = {}
        """The same: fireworks -> the rank on top of each."""

    def possible(self, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The suits and the ranks of the identities in `mask`."""
        parts = self.mask_parts.get(mask)
        if parts is None:
            bits = [i for i in range(len(self.play_order) * RANK_SPAN) if mask >> i & 1]
            ranks = {i % RANK_SPAN or START for i in bits}
            parts = (tuple(sorted({i // RANK_SPAN for i in bits})), tuple(sorted(ranks)))
            self.mask_parts[mask] = parts
        return parts


_VARIANT_LOOKUPS: dict[str, VariantLookups] = {}


def variant_lookups_of(variant: Variant) -> VariantLookups:
    variant_lookups = _VARIANT_LOOKUPS.get(variant.name)
    if variant_lookups is None:
        variant_lookups = _VARIANT_LOOKUPS[variant.name] = VariantLookups(variant)
    return variant_lookups


class Lookups:
    """What never changes during a game: options, variant, deck, and lookup tables built from them."""

    __slots__ = (
        "options",
        "variant",
        "deck",
        "players",
        "hand_size",
        "num_suits",
        "num_colors",
        "clue_ranks",
        "card_suit",
        "card_rank",
        "card_bit",
        "card_colors",
        "card_rank_clues",
        "card_height",
        "play_order",
        "color_touch",
        "rank_touch",
        "copies",
        "all_identities",
        "inverted",
        "directions",
        "empty_colors",
        "empty_ranks",
        "alternating",
        "up_or_down",
        "sudoku",
        "ordered_by_rule",
        "stack_size",
        "clue_starved",
        "hole",
        "pointing_clues",
        "possible",
        "mask_parts",
        "next_ranks",
        "tops",
        "composition",
        "card_composition_index",
        "undrawn",
        "view_cache",
        "actions",
        "clue_actions",
        "clue_rules",
    )

    def __init__(self, options: GameOptions, deck: tuple[Card, ...]):
        variant = options.variant_rules
        variant_lookups = variant_lookups_of(variant)
        self.options = options
        self.variant: Variant = variant
        self.deck = deck
        self.players = options.players
        self.hand_size = options.hand_size
        self.num_suits = len(variant.suits)
        self.num_colors = len(variant.clue_colors)
        self.clue_ranks = variant.clue_ranks
        identity = variant_lookups.identity
        (
            self.card_suit,
            self.card_rank,
            self.card_bit,
            self.card_colors,
            self.card_rank_clues,
            self.card_height,
        ) = zip(*[identity[card] for card in deck])
        """Per card: suit, rank, identity bit, colors and rank clues touching it, and the
        firework's height (cards played) at which it plays."""
        self.play_order = variant_lookups.play_order
        self.color_touch = variant_lookups.color_touch
        self.rank_touch = variant_lookups.rank_touch
        self.copies = variant_lookups.copies
        self.all_identities = variant_lookups.all_identities
        self.inverted = variant_lookups.inverted
        self.directions = variant_lookups.directions
        rules = variant.rules
        self.empty_colors = options.empty_clues or rules.color_clues_touch_nothing
        self.empty_ranks = options.empty_clues or rules.rank_clues_touch_nothing
        self.alternating = rules.alternating_clues
        self.up_or_down = rules.up_or_down
        self.sudoku = rules.sudoku
        self.ordered_by_rule = rules.up_or_down or rules.sudoku
        """Whether a card plays by a rule of the variant rather than at its fixed height."""
        self.stack_size = rules.stack_size
        self.clue_starved = rules.clue_starved
        self.hole = rules.throw_it_in_a_hole
        """Throw It in a Hole: plays are hidden from the seats, and a completed firework returns
        no clue token."""
        self.pointing_clues = rules.pointing_clues
        self.possible = variant_lookups.possible
        """The suits and the ranks of the identities in a card mask."""
        self.mask_parts = variant_lookups.mask_parts
        """`possible`'s results so far, by mask (the variant's, shared by its games)."""
        self.next_ranks = variant_lookups.next_ranks
        self.tops = variant_lookups.tops
        self.composition = variant_lookups.composition
        index = variant_lookups.composition_index
        self.card_composition_index = tuple([index[card] for card in deck])
        """Per card, the index of its identity in `composition`."""
        self.undrawn = [tuple([c.copies for c in variant_lookups.composition])]
        """undrawn[k]: per identity of `composition`, its copies not among the first k cards of
        the deck; filled in as far as views ask (`undrawn_counts`)."""

        self.view_cache: ViewCache | None = None
        """What views of this game's states built and may reuse (hanabi.engine.view's)."""
        self.actions = tuple(play_discard_pairs(seat, len(deck)) for seat in range(self.players))
        """Per seat, per card id: the Play and the Discard of that card (shared by every game)."""
        self.clue_actions: list[tuple[tuple[ColorClue, ...], dict[int, RankClue]] | None] = [None] * self.players**2
        """Per (giver, target) at giver * players + target: the color clues by color and the rank
        clues by rank it may give (`clue_actions`), looked up when first listed."""
        self.clue_rules = {
            ColorClue: ClueRule(
                "color",
                range(self.num_colors),
                self.card_colors,
                self.color_touch,
                self.empty_colors,
                variant.clue_colors,
            ),
            RankClue: ClueRule(
                "rank",
                self.clue_ranks,
                self.card_rank_clues,
                self.rank_touch,
                self.empty_ranks,
                {rank: f"{rank}s" for rank in self.clue_ranks},
            ),
        }
        """The rule of each clue action's kind."""

    def undrawn_counts(self, drawn: int) -> tuple[int, ...]:
        """Per identity of `composition`, its copies left in the deck once `drawn` cards are drawn."""
        undrawn = self.undrawn
        while len(undrawn) <= drawn:
            counts = list(undrawn[-1])
            counts[self.card_composition_index[len(undrawn) - 1]] -= 1
            undrawn.append(tuple(counts))
        return undrawn[drawn]

    def clues(self, seat: int, target: int) -> tuple[tuple[ColorClue, ...], dict[int, RankClue]]:
        """The clues `seat` may give `target` in this variant: by color index, and by rank."""
        clues = self.clue_actions[seat * self.players + target] = clue_actions(
            seat, target, self.num_colors, self.clue_ranks
        )
        return clues
