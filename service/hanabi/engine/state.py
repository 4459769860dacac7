"""The game state and every rule that changes it.

A game is (options, deck, actions): `replay(options, deck, actions)` folds the actions over
the dealt deck. `GameState.apply` returns a new state and never changes the one it is called
on; unchanged parts are shared between the two, so applying an action costs microseconds.
"""

from collections.abc import Iterable
from itertools import permutations
from typing import NamedTuple

from .actions import (
    OUTSIDE_ENDS,
    SCORELESS_ENDS,
    Action,
    ColorClue,
    Discard,
    EndCondition,
    EndGame,
    Play,
    RankClue,
    Reorder,
    clue_actions,
    play_discard_pairs,
)
from .deck import Card, shuffled_deck, validate_deck
from .errors import IllegalAction
from .options import GameOptions
from .variants import MAX_RANK, RANK_SPAN, START, Variant, identity_index


class ClueEvent(NamedTuple):
    """Every event has a `kind`, the name /events gives it (and a view's history in JSON)."""

    turn: int
    seat: int
    target: int
    clue_kind: str | None
    """"color" or "rank"; None where the seat may not see it (a Duck clue, but to its giver)."""
    value: int
    """The clue color index, or the rank."""
    touched: tuple[int, ...]
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    informative: bool = True
    """Whether the clue removed, for some card of the receiver's hand (touched or not), an
    identity its earlier clues left possible; False: it told the receiver nothing new. In Cow &
    Pig and Duck a clue narrows no identity and is always True: it points at cards."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""

    @property
    def kind(self) -> str:
        """ "color_clue" or "rank_clue", as the action that gave it; "clue" while its kind is hidden."""
        return _CLUE_EVENT_KINDS[self.clue_kind]


_CLUE_EVENT_KINDS = {"color": "color_clue", "rank": "rank_clue", None: "clue"}


class CardCopies(NamedTuple):
    """One identity of a deck and how many copies of it the deck holds."""

    suit: int
    rank: int
    copies: int


class PlayEvent(NamedTuple):
    kind = "play"
    turn: int
    seat: int
    card: int
    suit: int
    rank: int
    success: bool
    announce: int | None
    drew: int | None
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""


class DiscardEvent(NamedTuple):
    kind = "discard"
    turn: int
    seat: int
    card: int
    suit: int
    rank: int
    drew: int | None
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""


class ReorderEvent(NamedTuple):
    kind = "reorder"
    turn: int
    seat: int
    cards: tuple[int, ...]


class EndEvent(NamedTuple):
    kind = "end_game"
    turn: int
    seat: int
    condition: EndCondition


Event = ClueEvent | PlayEvent | DiscardEvent | ReorderEvent | EndEvent


UNDECIDED, UP, DOWN = 0, 1, 2
DIRECTION_NAMES = {UP: "up", DOWN: "down", UNDECIDED: None}
UP_STEPS = ((1, START), (2,), (3,), (4,), (5,))
DOWN_STEPS = ((5, START), (4,), (3,), (2,), (1,))
"""Up or Down: the cards that may take each place of a firework, going up or down."""


class VariantTables:
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


_VARIANT_TABLES: dict[str, VariantTables] = {}


def variant_tables(variant: Variant) -> VariantTables:
    tables = _VARIANT_TABLES.get(variant.name)
    if tables is None:
        tables = _VARIANT_TABLES[variant.name] = VariantTables(variant)
    return tables


class Table:
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
    )

    def __init__(self, options: GameOptions, deck: tuple[Card, ...]):
        variant = options.variant_rules
        tables = variant_tables(variant)
        self.options = options
        self.variant: Variant = variant
        self.deck = deck
        self.players = options.players
        self.hand_size = options.hand_size
        self.num_suits = len(variant.suits)
        self.num_colors = len(variant.clue_colors)
        self.clue_ranks = variant.clue_ranks
        identity = tables.identity
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
        self.play_order = tables.play_order
        self.color_touch = tables.color_touch
        self.rank_touch = tables.rank_touch
        self.copies = tables.copies
        self.all_identities = tables.all_identities
        self.inverted = tables.inverted
        self.directions = tables.directions
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
        self.possible = tables.possible
        """The suits and the ranks of the identities in a card mask."""
        self.mask_parts = tables.mask_parts
        """`possible`'s results so far, by mask (the variant's, shared by its games)."""
        self.next_ranks = tables.next_ranks
        self.tops = tables.tops
        self.composition = tables.composition
        index = tables.composition_index
        self.card_composition_index = tuple([index[card] for card in deck])
        """Per card, the index of its identity in `composition`."""
        self.undrawn = [tuple([c.copies for c in tables.composition])]
        """undrawn[k]: per identity of `composition`, its copies not among the first k cards of
        the deck; filled in as far as views ask (`undrawn_counts`)."""

        self.view_cache = None
        """What views of this game's states built and may reuse (hanabi.engine.view's)."""
        self.actions = tuple(play_discard_pairs(seat, len(deck)) for seat in range(self.players))
        """Per seat, per card id: the Play and the Discard of that card (shared by every game)."""
        self.clue_actions: list[tuple[tuple[ColorClue, ...], dict[int, RankClue]] | None] = [None] * self.players**2
        """Per (giver, target) at giver * players + target: the color clues by color and the rank
        clues by rank it may give (`clue_actions`), looked up when first listed."""

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


class GameState:
    """One moment of one game. Treat every attribute as read-only.

    Hands list card ids left to right; a drawn card enters on the left (index 0), as on
    hanab.live, so the first card dealt to a seat starts at the right end.
    """

    __slots__ = (
        "table",
        "hands",
        "next_card",
        "fireworks",
        "discards",
        "clue_tokens",
        "half_clue_token",
        "strikes",
        "turn",
        "current_seat",
        "end_turn",
        "end_condition",
        "card_masks",
        "card_clues",
        "lost",
        "history",
    )

    table: Table
    hands: tuple[tuple[int, ...], ...]
    next_card: int
    fireworks: tuple[int, ...]
    discards: tuple[int, ...]
    clue_tokens: int
    """Whole clue tokens."""
    half_clue_token: bool
    """Clue Starved: half a clue token besides the whole ones (a clue takes a whole token)."""
    strikes: int
    turn: int
    """Turns taken so far."""
    current_seat: int
    end_turn: int | None
    """Once the deck is empty: the index of the last turn of the game."""
    end_condition: EndCondition
    card_masks: tuple[int, ...]
    """Per card id, the identities its clues leave possible (bit `identity_index(suit, rank)`)."""
    card_clues: tuple[tuple[int, ...], ...]
    """Per card id, the history indexes of the clues that touched it."""
    lost: tuple[int, ...]
    """Per `identity_index(suit, rank)`, how many copies were discarded or misplayed."""
    history: tuple[Event, ...]

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, options: GameOptions, deck: Iterable | None = None, *, seed: str | None = None) -> "GameState":
        """Deal a new game from an explicit deck, or from a seed through the documented shuffle."""
        variant = options.variant_rules
        if deck is None:
            if seed is None:
                raise ValueError("give a deck or a seed")
            cards = shuffled_deck(variant, seed)
        else:
            cards = validate_deck(variant, deck)
        table = Table(options, cards)
        state = object.__new__(cls)
        state.table = table
        hand_size = table.hand_size
        state.hands = tuple(
            tuple(range(seat * hand_size + hand_size - 1, seat * hand_size - 1, -1)) for seat in range(table.players)
        )
        state.next_card = hand_size * table.players
        state.fireworks = (0,) * table.num_suits
        state.discards = ()
        state.clue_tokens = options.clue_tokens
        state.half_clue_token = False
        state.strikes = 0
        state.turn = 0
        state.current_seat = options.starting_seat
        state.end_turn = None
        state.end_condition = EndCondition.IN_PROGRESS
        state.card_masks = (table.all_identities,) * len(cards)
        state.card_clues = ((),) * len(cards)
        state.lost = (0,) * (table.num_suits * 6)
        state.history = ()
        return state

    def _clone(self) -> "GameState":
        new = object.__new__(GameState)
        new.table = self.table
        new.hands = self.hands
        new.next_card = self.next_card
        new.fireworks = self.fireworks
        new.discards = self.discards
        new.clue_tokens = self.clue_tokens
        new.half_clue_token = self.half_clue_token
        new.strikes = self.strikes
        new.turn = self.turn
        new.current_seat = self.current_seat
        new.end_turn = self.end_turn
        new.end_condition = self.end_condition
        new.card_masks = self.card_masks
        new.card_clues = self.card_clues
        new.lost = self.lost
        new.history = self.history
        return new

    # ---- reading ------------------------------------------------------------------------

    @property
    def options(self) -> GameOptions:
        return self.table.options

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.table.deck

    @property
    def deck_size(self) -> int:
        """Cards left to draw."""
        return len(self.table.deck) - self.next_card

    @property
    def is_over(self) -> bool:
        return self.end_condition is not EndCondition.IN_PROGRESS

    @property
    def fireworks_total(self) -> int:
        """The sum of the fireworks, whatever the outcome."""
        return sum(self.fireworks)

    @property
    def score(self) -> int:
        """The team's score: the fireworks' total, or 0 for a game lost by strikes, all-or-nothing,
        a timeout or a termination."""
        if self.end_condition in SCORELESS_ENDS:
            return 0
        return sum(self.fireworks)

    @property
    def max_score(self) -> int:
        """The highest total still reachable, given the cards lost so far."""
        return sum(self.max_ranks())

    def max_ranks(self) -> tuple[int, ...]:
        """Per suit, the highest its firework can still reach (the number of cards played on it,
        which is its top rank except on a reversed suit)."""
        table, lost = self.table, self.lost
        if table.up_or_down:
            return self._up_or_down_max_ranks()
        if table.sudoku:
            return self._sudoku_max_ranks()
        result = []
        for suit in range(table.num_suits):
            height = self.fireworks[suit]
            base = suit * RANK_SPAN
            for rank in table.play_order[suit][height:]:
                if lost[base + rank] >= table.copies[suit, rank]:
                    break
                height += 1
            result.append(height)
        return tuple(result)

    def direction(self, suit: int) -> str | None:
        """Which way the suit's firework runs: "up", "down" (a reversed suit; in Up or Down once
        its first card, or START and the card after it, chose), or None while undecided."""
        return self.directions()[suit]

    def directions(self) -> tuple[str | None, ...]:
        """`direction` of every suit."""
        table = self.table
        if table.up_or_down:
            return tuple(DIRECTION_NAMES[d] for d in self._directions())
        return table.directions

    def firework_tops(self) -> tuple[int | None, ...]:
        """Per suit, the rank of the last card played on its firework (START in Up or Down while
        START alone is played), or None while it is empty."""
        table = self.table
        if table.ordered_by_rule:
            tops: list[int | None] = [None] * table.num_suits
            for event in self.history:
                if type(event) is PlayEvent and event.success:
                    tops[event.suit] = event.rank
            return tuple(tops)
        tops = table.tops.get(self.fireworks)
        if tops is None:
            tops = table.tops[self.fireworks] = tuple(
                order[height - 1] if height else None for order, height in zip(table.play_order, self.fireworks)
            )
        return tops

    def stack_starts(self) -> tuple[int | None, ...]:
        """Per suit, the rank of the first card played on its firework; None while it is empty.
        In Sudoku each firework starts at a rank of its own."""
        starts: list[int | None] = [None] * self.table.num_suits
        for event in self.history:
            if type(event) is PlayEvent and event.success and starts[event.suit] is None:
                starts[event.suit] = event.rank
        return tuple(starts)

    def next_ranks(self, suit: int) -> tuple[int, ...]:
        """The ranks that play next on the suit's firework (several while an Up or Down firework
        is undecided or a Sudoku firework is empty); none once it is complete."""
        return self.all_next_ranks()[suit]

    def all_next_ranks(self) -> tuple[tuple[int, ...], ...]:
        """`next_ranks` of every suit."""
        table = self.table
        suits = range(table.num_suits)
        if table.sudoku:
            starts = self.stack_starts()
            return tuple(self._sudoku_next_ranks(suit, starts) for suit in suits)
        if table.up_or_down:
            directions = self._directions()
            return tuple(self._up_or_down_next_ranks(suit, directions[suit]) for suit in suits)
        ranks = table.next_ranks.get(self.fireworks)
        if ranks is None:
            ranks = table.next_ranks[self.fireworks] = tuple(
                (order[height],) if height < len(order) else ()
                for order, height in zip(table.play_order, self.fireworks)
            )
        return ranks

    def _plays_by_rule(self, suit: int, rank: int) -> bool:
        if self.table.sudoku:
            return rank in self._sudoku_next_ranks(suit, self.stack_starts())
        return rank in self._up_or_down_next_ranks(suit, self._direction(suit))

    # ---- Sudoku -------------------------------------------------------------------------

    def _sudoku_next_ranks(self, suit: int, starts: tuple[int | None, ...]) -> tuple[int, ...]:
        size, height, start = self.table.stack_size, self.fireworks[suit], starts[suit]
        if height == size:
            return ()
        if start is None:
            return tuple(rank for rank in range(1, size + 1) if rank not in starts)
        return ((start - 1 + height) % size + 1,)

    def _sudoku_max_ranks(self) -> tuple[int, ...]:
        """hanab.live's rule: per suit, the longest run (wrapping around) of ranks not all
        lost from its start; the fireworks not started yet take the free starts that give the
        highest total."""
        table, lost = self.table, self.lost
        size = table.stack_size
        starts = self.stack_starts()
        result = [0] * table.num_suits
        open_runs = {}
        for suit, start in enumerate(starts):
            dead = [lost[identity_index(suit, rank)] >= table.copies[suit, rank] for rank in range(1, size + 1)]
            if not any(dead):
                result[suit] = size
            elif start is not None:
                result[suit] = sudoku_runs(dead)[start - 1]
            else:
                open_runs[suit] = sudoku_runs(dead)
        if open_runs:
            free = [rank for rank in range(1, size + 1) if rank not in starts]
            best = max(
                permutations(free, len(open_runs)),
                key=lambda pick: sum(runs[rank - 1] for runs, rank in zip(open_runs.values(), pick)),
            )
            for (suit, runs), rank in zip(open_runs.items(), best):
                result[suit] = runs[rank - 1]
        return tuple(result)

    # ---- Up or Down ---------------------------------------------------------------------

    def _direction(self, suit: int) -> int:
        return self._directions()[suit]

    def _directions(self) -> list[int]:
        """Per suit, UP or DOWN once the firework's first card (or START and the card after
        it) chose, else UNDECIDED."""
        directions = [UNDECIDED] * self.table.num_suits
        for event in self.history:
            if type(event) is PlayEvent and event.success and directions[event.suit] == UNDECIDED:
                if event.rank in (1, 2):
                    directions[event.suit] = UP
                elif event.rank in (4, 5):
                    directions[event.suit] = DOWN
        return directions

    def _up_or_down_next_ranks(self, suit: int, direction: int) -> tuple[int, ...]:
        height = self.fireworks[suit]
        if height == MAX_RANK:
            return ()
        if direction == UP:
            return (height + 1,)
        if direction == DOWN:
            return (MAX_RANK - height,)
        return (1, MAX_RANK, START) if height == 0 else (2, 4)

    def _up_or_down_max_ranks(self) -> tuple[int, ...]:
        """hanab.live's rule: per suit, the longest run of cards still available from the
        firework's height in its direction (either, while it is undecided)."""
        table, lost = self.table, self.lost

        def walk(suit: int, steps) -> int:
            height = self.fireworks[suit]
            for ranks in steps[height:]:
                if all(lost[identity_index(suit, r)] >= table.copies[suit, r] for r in ranks):
                    break
                height += 1
            return height

        result = []
        for suit, direction in enumerate(self._directions()):
            up = walk(suit, UP_STEPS) if direction != DOWN else 0
            down = walk(suit, DOWN_STEPS) if direction != UP else 0
            result.append(max(up, down))
        return tuple(result)

    def card(self, card_id: int) -> Card:
        return self.table.deck[card_id]

    def seat_of(self, card_id: int) -> int | None:
        for seat, hand in enumerate(self.hands):
            if card_id in hand:
                return seat
        return None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every turn action `seat` (default: the seat to move) may take now. Reordering one's
        own hand is always allowed while the game runs and is not listed."""
        if seat is None:
            seat = self.current_seat
        if self.end_condition is not EndCondition.IN_PROGRESS or seat != self.current_seat:
            return []
        table = self.table
        hand = self.hands[seat]
        pairs = table.actions[seat]
        pairs = [pairs[card] for card in hand]
        actions: list[Action] = [pair[0] for pair in pairs]
        playable_blind = self._deck_play_allowed()
        if playable_blind:
            actions.append(Play(seat, self.next_card))
            if table.inverted:
                actions.append(Discard(seat, self.next_card))
        if table.options.timed_display:
            announced = (*hand, self.next_card) if playable_blind else hand
            actions += [Play(seat, card, suit) for card in announced for suit in range(table.num_suits)]
        if self.clue_tokens < table.options.clue_tokens or table.inverted:
            actions += [pair[1] for pair in pairs]
        if self.clue_tokens > 0:
            actions += self._legal_clues(seat)
        return actions

    def _legal_clues(self, seat: int) -> list[Action]:
        table = self.table
        clues: list[Action] = []
        card_colors, card_rank_clues, clue_ranks = table.card_colors, table.card_rank_clues, table.clue_ranks
        cached, base = table.clue_actions, seat * table.players
        for target in range(table.players):
            if target == seat:
                continue
            colors = 0
            ranks = 0
            for card in self.hands[target]:
                colors |= card_colors[card]
                ranks |= card_rank_clues[card]
            if table.empty_colors:
                colors = -1
            if table.empty_ranks:
                ranks = -1
            if table.alternating:
                last = self._last_clue_kind()
                colors = 0 if last == "color" else colors
                ranks = 0 if last == "rank" else ranks
            by_color, by_rank = cached[base + target] or table.clues(seat, target)
            clues += [clue for color, clue in enumerate(by_color) if colors >> color & 1]
            clues += [by_rank[rank] for rank in clue_ranks if ranks >> rank & 1]
        return clues

    def _last_clue_kind(self) -> str | None:
        for event in reversed(self.history):
            if type(event) is ClueEvent:
                return event.clue_kind
        return None

    def _deck_play_allowed(self) -> bool:
        """hanab.live's deckPlays: the last card of the deck may be played blind (and, in a
        variant with an inverted suit, discarded blind)."""
        return self.table.options.deck_plays and self.next_card == len(self.table.deck) - 1

    def has_legal_action(self, seat: int) -> bool:
        if self.hands[seat]:
            return True
        if self.clue_tokens == 0:
            return False
        table = self.table
        if (table.empty_colors and table.num_colors) or (table.empty_ranks and table.clue_ranks):
            return True
        return any(self._legal_clues(seat))

    # ---- the rules ----------------------------------------------------------------------

    def apply(self, action: Action) -> "GameState":
        """The state after `action`. Raises IllegalAction (and leaves this state as it was)
        when the action breaks a rule."""
        new = self._clone()
        new._apply(action)
        return new

    def _apply(self, action: Action) -> None:
        """Apply in place; only for states nobody else holds (a fresh clone, or inside replay).
        Every check runs before the first change, so a rejected action changes nothing."""
        if self.end_condition is not EndCondition.IN_PROGRESS:
            raise IllegalAction("game_over", "The game is over; no more actions can be taken.", depends_on_state=True)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("unknown_action", f"{action!r} is not an action.", depends_on_state=False)
        seat = action.seat
        if type(seat) is not int or not (
            0 <= seat < self.table.players or (seat == -1 and handler is GameState._end_game)
        ):
            raise IllegalAction("invalid_seat", f"Seat {seat!r} is not a seat of this game.", depends_on_state=False)
        if handler is not GameState._reorder and handler is not GameState._end_game and seat != self.current_seat:
            raise IllegalAction(
                "not_your_turn",
                f"It is not your turn: seat {self.current_seat + 1} is to move, "
                f"and you are seat {seat + 1} (counting seats from 1).",
                depends_on_state=True,
            )
        handler(self, action)

    def _play(self, action: Play) -> None:
        table = self.table
        seat, card, announce = action.seat, action.card, action.announce
        from_deck = card == self.next_card and type(card) is int and self._deck_play_allowed()
        hand = self.hands[seat] if from_deck else self._check_own_card(seat, card)
        if announce is not None:
            if not table.options.timed_display:
                raise IllegalAction(
                    "announce_not_allowed",
                    "Announcing a suit is only allowed with the timed display option.",
                    depends_on_state=False,
                )
            if type(announce) is not int or not 0 <= announce < table.num_suits:
                raise IllegalAction(
                    "invalid_suit",
                    f"Announced suit {announce!r} is not a suit of this game (0 to {table.num_suits - 1}).",
                    depends_on_state=False,
                )
        suit = table.card_suit[card]
        if suit in table.inverted:
            self._discard_card(seat, hand, card, from_deck)
            return
        self._play_card(seat, hand, card, announce, from_deck)

    def _play_card(self, seat: int, hand: tuple[int, ...], card: int, announce: int | None, from_deck: bool) -> None:
        table = self.table
        suit, rank = table.card_suit[card], table.card_rank[card]
        wrong_suit = announce is not None and announce != suit
        if table.ordered_by_rule:
            success = not wrong_suit and self._plays_by_rule(suit, rank)
        else:
            success = not wrong_suit and self.fireworks[suit] == table.card_height[card]
        if success:
            fireworks = list(self.fireworks)
            fireworks[suit] += 1
            self.fireworks = tuple(fireworks)
            self._gain_tokens((fireworks[suit] == table.stack_size and not table.hole) + (announce is not None))
        else:
            self.strikes += 1
            self._lose(card)
        drew = self._draw_last_card() if from_deck else self._remove_and_draw(seat, hand, card)
        self.history += (
            PlayEvent(
                self.turn, seat, card, suit, rank, success, announce, drew, self.clue_tokens, self.half_clue_token
            ),
        )
        self._end_turn()

    def _discard(self, action: Discard) -> None:
        table = self.table
        seat, card = action.seat, action.card
        from_deck = card == self.next_card and type(card) is int and bool(table.inverted) and self._deck_play_allowed()
        hand = self.hands[seat] if from_deck else self._check_own_card(seat, card)
        if self.clue_tokens >= table.options.clue_tokens and not table.inverted:
            raise IllegalAction(
                "clue_tokens_full",
                "You cannot discard while all clue tokens are available; give a clue or play.",
                depends_on_state=True,
            )
        if table.card_suit[card] in table.inverted:
            self._play_card(seat, hand, card, None, from_deck)
            return
        self._discard_card(seat, hand, card, from_deck)

    def _discard_card(self, seat: int, hand: tuple[int, ...], card: int, from_deck: bool) -> None:
        table = self.table
        self._gain_tokens(1)
        self._lose(card)
        drew = self._draw_last_card() if from_deck else self._remove_and_draw(seat, hand, card)
        self.history += (
            DiscardEvent(
                self.turn,
                seat,
                card,
                table.card_suit[card],
                table.card_rank[card],
                drew,
                self.clue_tokens,
                self.half_clue_token,
            ),
        )
        self._end_turn()

    def _color_clue(self, action: ColorClue) -> None:
        table = self.table
        color = action.color
        if type(color) is not int or not 0 <= color < table.num_colors:
            names = ", ".join(f"{i} ({n})" for i, n in enumerate(table.variant.clue_colors))
            raise IllegalAction(
                "invalid_color",
                f"Clue color {color!r} does not exist in this variant; use {names}.",
                depends_on_state=False,
            )
        hand = self._check_clue(action.seat, action.target, "color")
        card_colors = table.card_colors
        bit = 1 << color
        touched = tuple(card for card in hand if card_colors[card] & bit)
        if not table.empty_colors:
            self._check_touches(touched, table.variant.clue_colors[color])
        informative = table.pointing_clues or self._narrow(hand, table.color_touch[color])
        self._record_clue(action.seat, action.target, "color", color, touched, informative)

    def _rank_clue(self, action: RankClue) -> None:
        table = self.table
        rank = action.rank
        if type(rank) is not int or rank not in table.clue_ranks:
            allowed = ", ".join(map(str, table.clue_ranks)) or "none"
            raise IllegalAction(
                "invalid_rank",
                f"Clue rank {rank!r} cannot be given in this variant; rank clues: {allowed}.",
                depends_on_state=False,
            )
        hand = self._check_clue(action.seat, action.target, "rank")
        card_rank_clues = table.card_rank_clues
        bit = 1 << rank
        touched = tuple(card for card in hand if card_rank_clues[card] & bit)
        if not table.empty_ranks:
            self._check_touches(touched, f"{rank}s")
        informative = table.pointing_clues or self._narrow(hand, table.rank_touch[rank])
        self._record_clue(action.seat, action.target, "rank", rank, touched, informative)

    def _reorder(self, action: Reorder) -> None:
        seat, cards = action.seat, action.cards
        hand = self.hands[seat]
        if not all(type(c) is int for c in cards) or sorted(cards) != sorted(hand):
            raise IllegalAction(
                "invalid_reorder",
                f"A new order must list exactly the cards of your hand ({sorted(hand)}), each once.",
                depends_on_state=True,
            )
        hands = list(self.hands)
        hands[seat] = tuple(cards)
        self.hands = tuple(hands)
        self.history += (ReorderEvent(self.turn, seat, tuple(cards)),)

    def _end_game(self, action: EndGame) -> None:
        if action.condition not in OUTSIDE_ENDS:
            raise IllegalAction(
                "invalid_end_condition",
                "Only a timeout, a termination or a failed speedrun can end a game from outside the rules.",
                depends_on_state=False,
            )
        self.end_condition = action.condition
        self.history += (EndEvent(self.turn, action.seat, action.condition),)

    # ---- helpers of the rules -----------------------------------------------------------

    def _check_own_card(self, seat: int, card) -> tuple[int, ...]:
        hand = self.hands[seat]
        if type(card) is not int or card not in hand:
            raise IllegalAction(
                "card_not_in_hand",
                f"Card {card!r} is not in your hand (seat {seat + 1}, counting from 1).",
                depends_on_state=True,
            )
        return hand

    def _check_clue(self, seat: int, target, kind: str) -> tuple[int, ...]:
        if self.clue_tokens <= 0:
            raise IllegalAction(
                "no_clue_tokens",
                "There are no clue tokens left; play or discard instead.",
                depends_on_state=True,
            )
        if self.table.alternating and self._last_clue_kind() == kind:
            other = "rank" if kind == "color" else "color"
            raise IllegalAction(
                "alternating_clues",
                f"In Alternating Clues the clue after a {kind} clue must be a {other} clue.",
                depends_on_state=False,
            )
        if type(target) is not int or not 0 <= target < self.table.players:
            raise IllegalAction(
                "invalid_target",
                f"Clue target {target!r} is not a seat of this game.",
                depends_on_state=False,
            )
        if target == seat:
            raise IllegalAction(
                "cannot_clue_self",
                "A clue must be given to another player, not to yourself.",
                depends_on_state=False,
            )
        return self.hands[target]

    def _narrow(self, hand: tuple[int, ...], touch: int) -> bool:
        """What a clue tells each card of the hand: touched cards are among the identities
        the clue touches, the others are not. True when some card's possible identities shrank."""
        card_bit = self.table.card_bit
        masks = list(self.card_masks)
        before = [masks[card] for card in hand]
        for card in hand:
            masks[card] &= touch if card_bit[card] & touch else ~touch
        self.card_masks = tuple(masks)
        return any(masks[card] != mask for card, mask in zip(hand, before))

    def _check_touches(self, touched: tuple[int, ...], what: str) -> None:
        if not touched and not self.table.options.empty_clues:
            raise IllegalAction(
                "clue_touches_no_card",
                f"That player has no {what}; a clue must touch at least one card (empty clues are off).",
                depends_on_state=True,
            )

    def _record_clue(
        self, seat: int, target: int, kind: str, value: int, touched: tuple[int, ...], informative: bool
    ) -> None:
        self.clue_tokens -= 1
        index = len(self.history)
        clues = list(self.card_clues)
        for card in touched:
            clues[card] = clues[card] + (index,)
        self.card_clues = tuple(clues)
        self.history += (
            ClueEvent(
                self.turn, seat, target, kind, value, touched, self.clue_tokens, informative, self.half_clue_token
            ),
        )
        self._end_turn()

    def _gain_tokens(self, gained: int) -> None:
        """Add the clue tokens a discard or a play earned, up to the game's clue tokens; in Clue
        Starved each one earned is half a token."""
        limit = self.table.options.clue_tokens
        if not self.table.clue_starved:
            self.clue_tokens = min(limit, self.clue_tokens + gained)
            return
        halves = min(2 * limit, 2 * self.clue_tokens + self.half_clue_token + gained)
        self.clue_tokens, self.half_clue_token = halves // 2, halves % 2 == 1

    def _lose(self, card: int) -> None:
        table = self.table
        lost = list(self.lost)
        lost[identity_index(table.card_suit[card], table.card_rank[card])] += 1
        self.lost = tuple(lost)
        self.discards += (card,)

    def _draw_last_card(self) -> None:
        """A deck play: the last card is drawn and leaves at once, so no card is drawn after it."""
        self.next_card += 1
        if not self.table.options.all_or_nothing:
            self.end_turn = self.turn + self.table.players
        return None

    def _remove_and_draw(self, seat: int, hand: tuple[int, ...], card: int) -> int | None:
        remaining = tuple(c for c in hand if c != card)
        drew = None
        if self.next_card < len(self.table.deck):
            drew = self.next_card
            remaining = (drew,) + remaining
            self.next_card += 1
            if self.next_card == len(self.table.deck) and not self.table.options.all_or_nothing:
                self.end_turn = self.turn + self.table.players
        hands = list(self.hands)
        hands[seat] = remaining
        self.hands = tuple(hands)
        return drew

    def _end_turn(self) -> None:
        table = self.table
        self.turn += 1
        if self.strikes >= table.options.max_strikes:
            self.end_condition = EndCondition.STRIKEOUT
        elif min(self.fireworks) == table.stack_size:
            self.end_condition = EndCondition.NORMAL
        elif table.options.all_or_nothing:
            if self.max_score < table.variant.max_score:
                self.end_condition = EndCondition.ALL_OR_NOTHING_FAIL
            else:
                self.current_seat = (self.current_seat + 1) % table.players
                if not self.has_legal_action(self.current_seat):
                    self.end_condition = EndCondition.ALL_OR_NOTHING_SOFTLOCK
        elif (self.end_turn is not None and self.turn > self.end_turn) or (
            table.options.end_at_best_score and self.fireworks_total == self.max_score
        ):
            self.end_condition = EndCondition.NORMAL
        else:
            self.current_seat = (self.current_seat + 1) % table.players


_HANDLERS = {
    Play: GameState._play,
    Discard: GameState._discard,
    ColorClue: GameState._color_clue,
    RankClue: GameState._rank_clue,
    Reorder: GameState._reorder,
    EndGame: GameState._end_game,
}
"""Dispatch on the exact action type: a plain tuple that merely looks like an action is rejected."""


def sudoku_runs(dead: list[bool]) -> tuple[int, ...]:
    """Per start rank (1 first), how many cards a Sudoku firework can take from it, going up
    and wrapping around, before a rank of which every copy is lost."""
    size = len(dead)
    runs = []
    for start in range(size):
        length = 0
        while length < size and not dead[(start + length) % size]:
            length += 1
        runs.append(length)
    return tuple(runs)


def new_game(options: GameOptions, deck: Iterable | None = None, *, seed: str | None = None) -> GameState:
    return GameState.new(options, deck, seed=seed)


class ReplayError(IllegalAction):
    """An action of a replayed game is illegal; `action_index` is its 0-based position."""

    def __init__(self, error: IllegalAction, action_index: int):
        super().__init__(error.code, f"Action {action_index}: {error.message}", depends_on_state=error.depends_on_state)
        self.action_index = action_index
        self.cause = error


def replay(
    options: GameOptions, deck: Iterable | None, actions: Iterable[Action], *, seed: str | None = None
) -> GameState:
    """Fold `actions` over the dealt deck. The first illegal action raises ReplayError naming
    its index; nothing after it is applied."""
    state = GameState.new(options, deck, seed=seed)
    for index, action in enumerate(actions):
        try:
            state._apply(action)
        except IllegalAction as error:
            raise ReplayError(error, index) from None
    return state
