"""Firework rules: which ranks play next on a firework and how high it can still go, in its
suit's fixed order or by the rule of Sudoku or of Up or Down."""

from collections.abc import Sequence
from itertools import permutations

from .events import Event, PlayEvent
from .lookups import Lookups
from .suits import MAX_RANK, RANK_SPAN, START, identity_index

UNDECIDED, UP, DOWN = 0, 1, 2
DIRECTION_NAMES = {UP: "up", DOWN: "down", UNDECIDED: None}
UP_STEPS = ((1, START), (2,), (3,), (4,), (5,))
DOWN_STEPS = ((5, START), (4,), (3,), (2,), (1,))
"""Up or Down: the cards that may take each place of a firework, going up or down."""


def fixed_max_ranks(lookups: Lookups, fireworks: tuple[int, ...], lost: tuple[int, ...]) -> tuple[int, ...]:
    """Per suit whose firework takes its ranks in a fixed order, the height it can still reach."""
    result = []
    for suit in range(lookups.num_suits):
        height = fireworks[suit]
        base = suit * RANK_SPAN
        for rank in lookups.play_order[suit][height:]:
            if lost[base + rank] >= lookups.copies[suit, rank]:
                break
            height += 1
        result.append(height)
    return tuple(result)


def played_tops(history: Sequence[Event], num_suits: int) -> tuple[int | None, ...]:
    """Per suit, the rank of the last card played on its firework; None while it is empty."""
    tops: list[int | None] = [None] * num_suits
    for event in history:
        if type(event) is PlayEvent and event.success:
            tops[event.suit] = event.rank
    return tuple(tops)


def stack_starts(history: Sequence[Event], num_suits: int) -> tuple[int | None, ...]:
    """Per suit, the rank of the first card played on its firework; None while it is empty."""
    starts: list[int | None] = [None] * num_suits
    for event in history:
        if type(event) is PlayEvent and event.success and starts[event.suit] is None:
            starts[event.suit] = event.rank
    return tuple(starts)


# ---- Sudoku ---------------------------------------------------------------------------------


def sudoku_next_ranks(size: int, height: int, start: int | None, starts: tuple[int | None, ...]) -> tuple[int, ...]:
    """A Sudoku firework takes any rank no other firework started at, then goes up, wrapping."""
    if height == size:
        return ()
    if start is None:
        return tuple(rank for rank in range(1, size + 1) if rank not in starts)
    return ((start - 1 + height) % size + 1,)


def sudoku_max_ranks(lookups: Lookups, lost: tuple[int, ...], starts: tuple[int | None, ...]) -> tuple[int, ...]:
    """hanab.live's rule: per suit, the longest run (wrapping around) of ranks not all lost from
    its start; the fireworks not started yet take the free starts that give the highest total."""
    size = lookups.stack_size
    result = [0] * lookups.num_suits
    open_runs = {}
    for suit, start in enumerate(starts):
        dead = [lost[identity_index(suit, rank)] >= lookups.copies[suit, rank] for rank in range(1, size + 1)]
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


# ---- Up or Down -----------------------------------------------------------------------------


def up_or_down_directions(history: Sequence[Event], num_suits: int) -> list[int]:
    """Per suit, UP or DOWN once the firework's first card (or START and the card after it)
    chose, else UNDECIDED."""
    directions = [UNDECIDED] * num_suits
    for event in history:
        if type(event) is PlayEvent and event.success and directions[event.suit] == UNDECIDED:
            if event.rank in (1, 2):
                directions[event.suit] = UP
            elif event.rank in (4, 5):
                directions[event.suit] = DOWN
    return directions


def up_or_down_next_ranks(height: int, direction: int) -> tuple[int, ...]:
    """An undecided firework takes a 1, a 5 or START, then after START a 2 or a 4."""
    if height == MAX_RANK:
        return ()
    if direction == UP:
        return (height + 1,)
    if direction == DOWN:
        return (MAX_RANK - height,)
    return (1, MAX_RANK, START) if height == 0 else (2, 4)


def up_or_down_max_ranks(
    lookups: Lookups, fireworks: tuple[int, ...], lost: tuple[int, ...], directions: list[int]
) -> tuple[int, ...]:
    """hanab.live's rule: per suit, the longest run of cards still available from the
    firework's height in its direction (either, while it is undecided)."""

    def walk(suit: int, steps: tuple[tuple[int, ...], ...]) -> int:
        height = fireworks[suit]
        for ranks in steps[height:]:
            if all(lost[identity_index(suit, r)] >= lookups.copies[suit, r] for r in ranks):
                break
            height += 1
        return height

    result = []
    for suit, direction in enumerate(directions):
        up = walk(suit, UP_STEPS) if direction != DOWN else 0
        down = walk(suit, DOWN_STEPS) if direction != UP else 0
        result.append(max(up, down))
    return tuple(result)
