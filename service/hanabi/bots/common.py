"""What the real strategies share: card identities as bit masks, the public facts of a game
rebuilt from its history, and a cache that lets a strategy continue that rebuilding from the
previous turn instead of starting over.

A card identity is `suit * 5 + rank - 1` (`suit * 6 + rank - 1` in Up or Down, whose START card,
rank 7, is `suit * 6 + 5`); a set of identities is an int with one bit per identity. Everything
here is derived from a View only.
"""

from functools import lru_cache

from ..engine import ClueEvent, DiscardEvent, GameOptions, PlayEvent, ReorderEvent, View
from ..engine.variants import START

RANKS = (1, 2, 3, 4, 5)


def identity(suit: int, rank: int, span: int = 5) -> int:
    return suit * span + (span - 1 if rank == START else rank - 1)


class Rules:
    """Lookup tables of one variant, in identity bit masks."""

    def __init__(self, options: GameOptions):
        variant = options.variant_rules
        self.options = options
        self.num_suits = len(variant.suits)
        self.num_colors = len(variant.clue_colors)
        self.span = span = 6 if START in variant.ranks else 5
        """Identities per suit."""
        self.size = self.num_suits * span
        self.suit_of = [i // span for i in range(self.size)]
        self.rank_of = [START if i % span == 5 else i % span + 1 for i in range(self.size)]
        self.copies = [variant.suits[self.suit_of[i]].copies(self.rank_of[i]) for i in range(self.size)]
        self.all = (1 << self.size) - 1
        self.suit_mask = [sum(1 << self.identity(s, r) for r in variant.ranks) for s in range(self.num_suits)]
        cards = [(s, r) for s in range(self.num_suits) for r in variant.ranks]
        self.clue_ranks = variant.clue_ranks
        """The rank clues the variant allows (none, some, or 1 and 2 for odd and even)."""
        self.rank_mask = {
            clue: sum(1 << self.identity(s, r) for s, r in cards if variant.rank_touches(clue, s, r))
            for clue in self.clue_ranks
        }
        self.color_mask = [
            sum(1 << self.identity(s, r) for s, r in cards if variant.color_touches(c, s, r))
            for c in range(self.num_colors)
        ]
        self.colors_of = [[c for c in range(self.num_colors) if self.color_mask[c] >> i & 1] for i in range(self.size)]
        """Per identity, the color clues that touch it."""
        self.rank_clues_of = [[r for r in self.clue_ranks if self.rank_mask[r] >> i & 1] for i in range(self.size)]
        """Per identity, the rank clues that touch it."""
        self.colors_of_suit = [
            [c for c in range(self.num_colors) if self.color_mask[c] & self.suit_mask[s]] for s in range(self.num_suits)
        ]
        self.simple_colors = all(
            len(self.colors_of_suit[s]) == 1
            and self.color_mask[self.colors_of_suit[s][0]] & self.suit_mask[s] == self.suit_mask[s]
            for s in range(self.num_suits)
        ) and all(self.rank_mask.get(r) == sum(1 << self.identity(s, r) for s in range(self.num_suits)) for r in RANKS)
        """Each suit is touched by its own color clue only, and every rank clue by its rank only
        (no rainbow, pink, prism, special rank, ...)."""
        self.play_order = [variant.play_order(s) for s in range(self.num_suits)]
        """Per suit, its ranks in the order its firework takes them (5 down to 1 when reversed)."""
        self.sudoku_ranks = variant.ranks if variant.rules.sudoku else None
        """Sudoku: the ranks a firework may start at (each firework at its own); None otherwise."""
        self.hand_size = options.hand_size
        self.players = options.players
        self.pointing_clues = variant.rules.pointing_clues
        """Cow & Pig, Duck: a clue tells the seats only which cards it touched."""
        self.clue_kinds_hidden = variant.rules.duck
        """Duck: the seats do not even see whether a pointing clue was a color or a rank clue."""
        self.hidden_plays = variant.rules.throw_it_in_a_hole
        self.finessable = (
            span == 5
            and self.sudoku_ranks is None
            and not self.pointing_clues
            and not self.hidden_plays
            and all(order == RANKS for order in self.play_order)
        )
        """Every firework runs 1 to 5 and plays are seen: a card's successor is the next identity."""
        """Throw It in a Hole: a played card's identity is unseen until the game ends."""

    def identity(self, suit: int, rank: int) -> int:
        return identity(suit, rank, self.span)

    def clue_mask(self, kind: str, value: int) -> int:
        return self.color_mask[value] if kind == "color" else self.rank_mask[value]

    def identities(self, mask: int) -> list[int]:
        return [i for i in range(self.size) if mask >> i & 1]


@lru_cache(maxsize=64)
def rules_for(options: GameOptions) -> Rules:
    return Rules(options)


def popcount(mask: int) -> int:
    return mask.bit_count()


class PublicState:
    """The public facts after a prefix of the history: hands (card ids, newest first), fireworks,
    copies gone (played or lost), what clues told about each card and which cards were clued.

    Subclasses add their conventions through `on_clue`; `advance` applies one event.
    """

    __slots__ = ("rules", "hands", "fireworks", "starts", "gone", "lost", "clue_masks", "clued", "clue_count")

    def __init__(self, rules: Rules):
        self.rules = rules
        h = rules.hand_size
        self.hands = [list(range(seat * h + h - 1, seat * h - 1, -1)) for seat in range(rules.players)]
        self.fireworks = [0] * rules.num_suits
        self.starts: list[int | None] = [None] * rules.num_suits
        """Per suit, the rank of the first card played on its firework."""
        self.gone = [0] * rules.size
        self.lost = [0] * rules.size
        self.clue_masks: dict[int, int] = {}
        self.clued: set[int] = set()
        self.clue_count = 0

    def copy(self) -> "PublicState":
        new = object.__new__(type(self))
        new.rules = self.rules
        new.hands = [list(hand) for hand in self.hands]
        new.fireworks = list(self.fireworks)
        new.starts = list(self.starts)
        new.gone = list(self.gone)
        new.lost = list(self.lost)
        new.clue_masks = dict(self.clue_masks)
        new.clued = set(self.clued)
        new.clue_count = self.clue_count
        self._copy_extra(new)
        return new

    def _copy_extra(self, new: "PublicState") -> None:
        pass

    def clue_mask_of(self, card: int) -> int:
        return self.clue_masks.get(card, self.rules.all)

    # ---- derived sets of identities ----------------------------------------------------

    def play_order(self, suit: int) -> tuple[int, ...] | None:
        """The suit's ranks in the order its firework takes them; None for a Sudoku firework
        not started yet (it may start at any rank no other firework started at)."""
        if self.rules.sudoku_ranks is None:
            return self.rules.play_order[suit]
        start = self.starts[suit]
        return None if start is None else self._sudoku_order(start)

    def _sudoku_order(self, start: int) -> tuple[int, ...]:
        """A Sudoku firework's ranks in order when it started at `start` (wrapping around)."""
        ranks = self.rules.sudoku_ranks
        return ranks[start - 1 :] + ranks[: start - 1]

    def free_starts(self) -> tuple[int, ...]:
        """Sudoku: the ranks no firework started at."""
        return tuple(rank for rank in self.rules.sudoku_ranks if rank not in self.starts)

    def _run(self, suit: int, order: tuple[int, ...], height: int) -> int:
        rules, lost = self.rules, self.lost
        for rank in order[height:]:
            i = suit * rules.span + rank - 1
            if lost[i] >= rules.copies[i]:
                break
            height += 1
        return height

    def max_ranks(self) -> list[int]:
        result = []
        for suit, height in enumerate(self.fireworks):
            order = self.play_order(suit)
            if order is None:
                height = max(self._run(suit, self._sudoku_order(start), 0) for start in self.free_starts())
            else:
                height = self._run(suit, order, height)
            result.append(height)
        return result

    def masks(self) -> tuple[int, int, int]:
        """(playable, dead, critical): cards that play now, cards that can never score, and
        cards still needed of which one copy is left."""
        rules = self.rules
        playable = dead = critical = 0
        for suit, top in enumerate(self.max_ranks()):
            height = self.fireworks[suit]
            base = suit * rules.span
            order = self.play_order(suit)
            if order is None:
                free = self.free_starts()
                for rank in rules.sudoku_ranks:
                    bit = 1 << (base + rank - 1)
                    if rank in free:
                        playable |= bit
                    if rules.copies[base + rank - 1] - self.lost[base + rank - 1] == 1:
                        critical |= bit
                continue
            for position, rank in enumerate(order, 1):
                bit = 1 << (base + rank - 1)
                if position <= height or position > top:
                    dead |= bit
                else:
                    if position == height + 1:
                        playable |= bit
                    if rules.copies[base + rank - 1] - self.lost[base + rank - 1] == 1:
                        critical |= bit
        return playable, dead, critical

    def exhausted(self) -> int:
        """Identities of which every copy has been played or lost."""
        rules, gone = self.rules, self.gone
        return sum(1 << i for i in range(rules.size) if gone[i] >= rules.copies[i])

    # ---- events ------------------------------------------------------------------------

    def advance(self, event, context=None) -> None:
        kind = type(event)
        if kind is ClueEvent:
            self.on_clue(event, context)
            self.apply_clue(event)
        elif kind is PlayEvent or kind is DiscardEvent:
            self.on_leave(event, context)
            if event.suit is not None:
                i = self.rules.identity(event.suit, event.rank)
                self.gone[i] += 1
                if kind is PlayEvent and event.success:
                    if not self.fireworks[event.suit]:
                        self.starts[event.suit] = event.rank
                    self.fireworks[event.suit] += 1
                else:
                    self.lost[i] += 1
            else:
                self.assume_scored(event.card)
            hand = self.hands[event.seat]
            if event.card in hand:
                hand.remove(event.card)
            if event.drew is not None:
                hand.insert(0, event.drew)
        elif kind is ReorderEvent:
            self.hands[event.seat] = list(event.cards)

    def apply_clue(self, event: ClueEvent) -> None:
        touched = event.touched
        if self.rules.pointing_clues:
            self.clued.update(touched)
            self.clue_count += 1
            return
        mask = self.rules.clue_mask(event.clue_kind, event.value)
        masks, full = self.clue_masks, self.rules.all
        for card in self.hands[event.target]:
            if card in touched:
                masks[card] = masks.get(card, full) & mask
                self.clued.add(card)
            else:
                masks[card] = masks.get(card, full) & ~mask
        self.clue_count += 1

    def public_mask(self, card: int) -> int:
        """What every seat knows of a card in a hand."""
        return self.clue_mask_of(card)

    def assume_scored(self, card: int) -> None:
        """A play into a hole (Throw It in a Hole), unseen until the end: taken to have scored
        when what every seat knew of the card leaves a single playable identity."""
        mask = self.public_mask(card) & self.masks()[0]
        if mask and not mask & (mask - 1):
            i = mask.bit_length() - 1
            self.gone[i] += 1
            self.fireworks[self.rules.suit_of[i]] += 1

    def on_clue(self, event: ClueEvent, context) -> None:
        """Called before the clue's own information is applied."""

    def on_leave(self, event, context) -> None:
        """Called before a played or discarded card leaves its hand."""


class _Entry:
    __slots__ = ("history", "state", "check")

    def __init__(self, history, state, check):
        self.history = history
        self.state = state
        self.check = check


class StateCache:
    """Rebuilds a PublicState from a history, continuing from the last history it saw under the
    same key when that history is a prefix of the new one (and `check` accepts it).

    The result is exactly what a rebuild from scratch would give, so a strategy using it is
    still a function of its view; the cache only saves time.
    """

    def __init__(self):
        self._entries: dict = {}

    def get(self, key, history: tuple, make, context=None, check=None, remember=None):
        entry = self._entries.get(key)
        state = None
        if entry is not None:
            n = len(entry.history)
            if n <= len(history) and history[:n] == entry.history and (check is None or check(entry.check)):
                state = entry.state
                if n < len(history):
                    state = state.copy()
        if state is None:
            state, n = make(), 0
        for event in history[n:]:
            state.advance(event, context)
        self._entries[key] = _Entry(history, state, remember(state) if remember else None)
        return state


def visible_identities(view: View) -> dict[int, int]:
    """Identity of every card the viewer can name: others' hands and every played or
    discarded card."""
    known, rules = {}, rules_for(view.options)
    for seat, hand in enumerate(view.hands):
        if seat != view.seat:
            for card in hand:
                known[card.id] = rules.identity(card.suit, card.rank)
    for event in view.history:
        if (type(event) is PlayEvent or type(event) is DiscardEvent) and event.suit is not None:
            known[event.card] = rules.identity(event.suit, event.rank)
    return known


def unseen_counts(rules: Rules, state: PublicState, view: View) -> list[int]:
    """Per identity, copies the viewer has not seen: not played, not lost, not in others' hands."""
    counts = [rules.copies[i] - state.gone[i] for i in range(rules.size)]
    for seat, hand in enumerate(view.hands):
        if seat != view.seat:
            for card in hand:
                counts[rules.identity(card.suit, card.rank)] -= 1
    return counts


def mask_of_counts(counts: list[int]) -> int:
    return sum(1 << i for i, n in enumerate(counts) if n > 0)


def strikes_to_assume(view: View) -> int:
    """The strikes so far, or, while they are hidden (Throw It in a Hole), one short of the last."""
    return view.strikes if view.strikes is not None else view.options.max_strikes - 1


def best_gamble(view: View, mine: dict[int, int], playable: int, unseen: list[int], threshold: float) -> int | None:
    """In the last round (no card left to draw) with strikes to spare, the own card most
    likely to play, if its chance reaches `threshold`."""
    if view.deck_size > 0 or strikes_to_assume(view) + 2 > view.options.max_strikes or view.options.all_or_nothing:
        return None
    best, best_chance = None, threshold
    for card, mask in mine.items():
        total = hits = 0
        for i in range(mask.bit_length()):
            if mask >> i & 1:
                n = max(unseen[i], 0)
                total += n
                if playable >> i & 1:
                    hits += n
        if total and hits / total >= best_chance:
            best, best_chance = card, hits / total
    return best


def safe_fallback(view: View, rng):
    """A legal action that risks nothing when a convention does not apply: discard the oldest
    card, else a clue, else play the oldest card."""
    from ..engine import ColorClue, Discard, RankClue

    actions = view.legal_actions
    discards = [a for a in actions if type(a) is Discard]
    if discards:
        return discards[-1]
    clues = [a for a in actions if type(a) is ColorClue or type(a) is RankClue]
    if clues:
        return clues[0]
    return actions[len(view.my_hand) - 1] if view.my_hand else actions[0]
