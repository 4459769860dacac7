"""The turn actions a seat may take now."""

from typing import TYPE_CHECKING

from .actions import Action, Discard, EndCondition, Play
from .events import ClueEvent, Event

if TYPE_CHECKING:
    from .state import GameState


def legal_actions(state: "GameState", seat: int | None = None) -> list[Action]:
    """Every turn action `seat` (default: the seat to move) may take now. Reordering one's
    own hand is always allowed while the game runs and is not listed."""
    if seat is None:
        seat = state.current_seat
    if state.end_condition is not EndCondition.IN_PROGRESS or seat != state.current_seat:
        return []
    table = state.table
    hand = state.hands[seat]
    pairs = table.actions[seat]
    pairs = [pairs[card] for card in hand]
    actions: list[Action] = [pair[0] for pair in pairs]
    playable_blind = deck_play_allowed(state)
    if playable_blind:
        actions.append(Play(seat, state.next_card))
        if table.inverted:
            actions.append(Discard(seat, state.next_card))
    if table.options.timed_display:
        announced = (*hand, state.next_card) if playable_blind else hand
        actions += [Play(seat, card, suit) for card in announced for suit in range(table.num_suits)]
    if state.clue_tokens < table.options.clue_tokens or table.inverted:
        actions += [pair[1] for pair in pairs]
    if state.clue_tokens > 0:
        actions += legal_clues(state, seat)
    return actions


def legal_clues(state: "GameState", seat: int) -> list[Action]:
    """Every clue `seat` may give now, to each other seat in turn."""
    table = state.table
    clues: list[Action] = []
    card_colors, card_rank_clues, clue_ranks = table.card_colors, table.card_rank_clues, table.clue_ranks
    cached, base = table.clue_actions, seat * table.players
    for target in range(table.players):
        if target == seat:
            continue
        colors = 0
        ranks = 0
        for card in state.hands[target]:
            colors |= card_colors[card]
            ranks |= card_rank_clues[card]
        if table.empty_colors:
            colors = -1
        if table.empty_ranks:
            ranks = -1
        if table.alternating:
            last = last_clue_kind(state.history)
            colors = 0 if last == "color" else colors
            ranks = 0 if last == "rank" else ranks
        by_color, by_rank = cached[base + target] or table.clues(seat, target)
        clues += [clue for color, clue in enumerate(by_color) if colors >> color & 1]
        clues += [by_rank[rank] for rank in clue_ranks if ranks >> rank & 1]
    return clues


def last_clue_kind(history: tuple[Event, ...]) -> str | None:
    """The kind of the last clue given, if any: "color" or "rank"."""
    for event in reversed(history):
        if type(event) is ClueEvent:
            return event.clue_kind
    return None


def deck_play_allowed(state: "GameState") -> bool:
    """hanab.live's deckPlays: the last card of the deck may be played blind (and, in a
    variant with an inverted suit, discarded blind)."""
    return state.table.options.deck_plays and state.next_card == len(state.table.deck) - 1


def has_legal_action(state: "GameState", seat: int) -> bool:
    """Whether `seat` could take a turn action (All or Nothing ends a game where it cannot)."""
    if state.hands[seat]:
        return True
    if state.clue_tokens == 0:
        return False
    table = state.table
    if (table.empty_colors and table.num_colors) or (table.empty_ranks and table.clue_ranks):
        return True
    return any(legal_clues(state, seat))
