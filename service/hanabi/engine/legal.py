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
    lookups = state.lookups
    hand = state.hands[seat]
    pairs = lookups.actions[seat]
    pairs = [pairs[card] for card in hand]
    actions: list[Action] = [pair[0] for pair in pairs]
    playable_blind = deck_play_allowed(state)
    if playable_blind:
        actions.append(Play(seat, state.next_card))
        if lookups.inverted:
            actions.append(Discard(seat, state.next_card))
    if lookups.options.timed_display:
        announced = (*hand, state.next_card) if playable_blind else hand
        actions += [Play(seat, card, suit) for card in announced for suit in range(lookups.num_suits)]
    if state.clue_tokens < lookups.options.clue_tokens or lookups.inverted:
        actions += [pair[1] for pair in pairs]
    if state.clue_tokens > 0:
        actions += legal_clues(state, seat)
    return actions


def legal_clues(state: "GameState", seat: int) -> list[Action]:
    """Every clue `seat` may give now, to each other seat in turn."""
    lookups = state.lookups
    clues: list[Action] = []
    card_colors, card_rank_clues, clue_ranks = lookups.card_colors, lookups.card_rank_clues, lookups.clue_ranks
    cached, base = lookups.clue_actions, seat * lookups.players
    for target in range(lookups.players):
        if target == seat:
            continue
        colors = 0
        ranks = 0
        for card in state.hands[target]:
            colors |= card_colors[card]
            ranks |= card_rank_clues[card]
        if lookups.empty_colors:
            colors = -1
        if lookups.empty_ranks:
            ranks = -1
        if lookups.alternating:
            last = last_clue_kind(state.history)
            colors = 0 if last == "color" else colors
            ranks = 0 if last == "rank" else ranks
        by_color, by_rank = cached[base + target] or lookups.clues(seat, target)
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
    return state.lookups.options.deck_plays and state.next_card == len(state.lookups.deck) - 1


def has_legal_action(state: "GameState", seat: int) -> bool:
    """Whether `seat` could take a turn action (All or Nothing ends a game where it cannot)."""
    if state.hands[seat]:
        return True
    if state.clue_tokens == 0:
        return False
    lookups = state.lookups
    if (lookups.empty_colors and lookups.num_colors) or (lookups.empty_ranks and lookups.clue_ranks):
        return True
    return any(legal_clues(state, seat))
