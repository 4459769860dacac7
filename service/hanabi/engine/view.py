"""Per-seat views: the only way a seat sees a game.

A seat sees every other hand in full and its own hand as card ids with what the clues told
it. Once the game is over every card is shown. `full_view` shows everything at any time and
is only for finished games or trusted tooling.

Two families hide more from the seats while the game runs (`seat_history`): in Throw It in a
Hole a play shows which card left which hand, not what it was or whether it scored, so the
fireworks, the score, the strikes, the best score and the numbers drawn from them are null and
a misplayed card is not among the discards; in Cow & Pig a clue shows everyone but its giver
the cards it touched and its kind (nothing more), in Duck only the cards it touched.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from .actions import Action, EndCondition, action_from_dict, action_to_dict
from .options import GameOptions
from .scoring import rating
from .stats import table_stats
from .state import (
    CardCopies,
    ClueEvent,
    DiscardEvent,
    EndEvent,
    Event,
    GameState,
    PlayEvent,
    ReorderEvent,
)


class HandCard(NamedTuple):
    id: int
    suit: int | None
    """None when the viewer may not know it (its own card while the game runs)."""
    rank: int | None
    possible_suits: tuple[int, ...]
    """Suits the clues on this card leave possible (positive and negative information)."""
    possible_ranks: tuple[int, ...]
    clues: tuple[ClueEvent, ...]
    """The clues that touched this card, oldest first."""


class DiscardedCard(NamedTuple):
    id: int
    suit: int
    rank: int


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None
    """The viewer's seat; None for a full view."""
    options: GameOptions
    suits: tuple[str, ...]
    clue_colors: tuple[str, ...]
    clue_ranks: tuple[int, ...]
    """The ranks a rank clue may name."""
    clue_rank_names: tuple[str, ...]
    """What each of `clue_ranks` is called: its number, or in Odds and Evens "odd" and "even"."""
    turn: int
    current_seat: int
    is_over: bool
    end_condition: str
    score: int | None
    """None (and so are fireworks_total, max_score, strikes, fireworks and next_ranks) while the
    plays are hidden in a hole."""
    fireworks_total: int | None
    max_score: int | None
    rating: str | None
    """The rulebook's rating text, once the game is over."""
    clue_tokens: int
    """Whole clue tokens: a clue takes one."""
    strikes: int | None
    fireworks: tuple[int, ...] | None
    next_ranks: tuple[tuple[int, ...], ...] | None
    """Per suit, the ranks that play next on its firework (`GameState.next_ranks`)."""
    firework_tops: tuple[int | None, ...] | None
    """Per suit, the rank of the last card played on its firework (7: START), None while empty."""
    directions: tuple[str | None, ...] | None
    """Per suit, which way its firework runs: "up", "down", or None while an Up or Down
    firework has not chosen."""
    discards: tuple[DiscardedCard, ...]
    deck_size: int
    hands: tuple[tuple[HandCard, ...], ...]
    history: tuple[Event, ...]
    """Every event so far, oldest first, as the viewer may see it; each has a `kind`."""
    legal_actions: tuple[Action, ...]
    """The viewer's turn actions now; empty when it is not the viewer's turn."""
    deck_composition: tuple[CardCopies, ...]
    """Every identity (suit, rank) of the deck with its number of copies: the variant's deck."""
    unseen: tuple[int, ...]
    """Per entry of `deck_composition`, the copies this view does not show: in the deck, in the
    viewer's own hand (even when clues told it what they are) or, while the game runs, in a
    hole. Every other copy is in a hand shown, among the discards, or played in `history`."""
    pace: int | None = None
    """See `stats`: discards left before the best score still possible is out of reach."""
    efficiency: float | None = None
    """See `stats`: cards gotten per clue spent."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token besides the whole ones."""
    status: str = "running"
    """"running" or "finished" (the API's game status)."""
    game_id: int | None = None
    """The API's game id; None offline."""
    version: int | None = None
    """The seq of the game's last event in the API (what an action's expected_version names);
    None offline."""
    deadline: datetime | None = None
    """When the seat to move runs out of time (API games with a time control); None otherwise."""

    @property
    def my_hand(self) -> tuple[HandCard, ...]:
        return self.hands[self.seat] if self.seat is not None else ()

    def unseen_copies(self, suit: int, rank: int) -> int:
        """The copies of (suit, rank) the viewer has not seen; 0 for an identity not in the deck."""
        for i, card in enumerate(self.deck_composition):
            if card.suit == suit and card.rank == rank:
                return self.unseen[i]
        return 0

    def to_dict(self) -> dict:
        """A JSON-ready dict: the API's GET /v1/games/{id}/view payload."""
        return {
            "game_id": self.game_id,
            "version": self.version,
            "status": self.status,
            "deadline": self.deadline.isoformat() if self.deadline is not None else None,
            "seat": self.seat,
            "options": self.options.to_dict(),
            "suits": list(self.suits),
            "clue_colors": list(self.clue_colors),
            "clue_ranks": list(self.clue_ranks),
            "clue_rank_names": list(self.clue_rank_names),
            "turn": self.turn,
            "current_seat": self.current_seat,
            "is_over": self.is_over,
            "end_condition": self.end_condition,
            "score": self.score,
            "fireworks_total": self.fireworks_total,
            "max_score": self.max_score,
            "rating": self.rating,
            "clue_tokens": self.clue_tokens,
            "half_clue_token": self.half_clue_token,
            "strikes": self.strikes,
            "fireworks": list(self.fireworks) if self.fireworks is not None else None,
            "next_ranks": [list(ranks) for ranks in self.next_ranks] if self.next_ranks is not None else None,
            "firework_tops": list(self.firework_tops) if self.firework_tops is not None else None,
            "directions": list(self.directions) if self.directions is not None else None,
            "discards": [{"id": d.id, "suit": d.suit, "rank": d.rank} for d in self.discards],
            "deck_size": self.deck_size,
            "hands": [[_hand_card_dict(c) for c in hand] for hand in self.hands],
            "history": [event_to_dict(e) for e in self.history],
            "legal_actions": [action_to_dict(a) for a in self.legal_actions],
            "deck_composition": [{"suit": c.suit, "rank": c.rank, "copies": c.copies} for c in self.deck_composition],
            "unseen": list(self.unseen),
            "pace": self.pace,
            "efficiency": self.efficiency,
        }


def view(state: GameState, seat: int, **game) -> View:
    """What `seat` may know of the game. `game` gives the API's `game_id`, `version`, `status`
    and `deadline` (offline: None, None, running or finished, None)."""
    if type(seat) is not int or not 0 <= seat < state.table.players:
        raise ValueError(f"seat {seat!r} is not a seat of this game")
    return _build(state, seat, None if state.is_over else seat, game)


def full_view(state: GameState, **game) -> View:
    """Everything, for a finished game's spectators and replays, or for trusted tooling."""
    return _build(state, None, None, game)


def seat_history(state: GameState, seat: int | None) -> tuple[Event, ...]:
    """The history as `seat` sees it (None: a spectator, who sees it all). While the game
    runs, a Throw It in a Hole play has no suit, rank or success, and a Cow & Pig clue no
    value (a Duck clue no kind either) for every seat but its giver's."""
    rules = state.table.variant.rules
    if seat is None or state.is_over or not (rules.throw_it_in_a_hole or rules.pointing_clues):
        return state.history
    return tuple(_as_seen(event, seat, rules) for event in state.history)


def _as_seen(event: Event, seat: int, rules) -> Event:
    kind = type(event)
    if kind is PlayEvent and rules.throw_it_in_a_hole:
        return event._replace(suit=None, rank=None, success=None)
    if kind is ClueEvent and rules.pointing_clues and event.seat != seat:
        return event._replace(clue_kind=event.clue_kind if rules.cow_and_pig else None, value=None)
    return event


def shown_score(options: GameOptions, score: int, running: bool) -> int | None:
    """The score a game's summary may show anyone: none while a Throw It in a Hole game runs."""
    return None if running and options.variant_rules.rules.throw_it_in_a_hole else score


def _unseen(state: GameState, hidden_seat: int | None, in_hole: frozenset[int]) -> tuple[int, ...]:
    """Per identity of the deck's composition, the copies this view does not show: in the deck,
    in `hidden_seat`'s own hand (None: none hidden), or in the hole (`in_hole`, the cards played
    into it, which the view does not show)."""
    table = state.table
    undrawn = table.undrawn_counts(state.next_card)
    if hidden_seat is None:
        return undrawn
    counts = list(undrawn)
    index = table.card_composition_index
    for card in state.hands[hidden_seat]:
        counts[index[card]] += 1
    for card in in_hole:
        counts[index[card]] += 1
    return tuple(counts)


def _build(state: GameState, seat: int | None, hidden_seat: int | None, game: dict) -> View:
    table = state.table
    card_suit, card_rank = table.card_suit, table.card_rank
    card_masks, card_clues = state.card_masks, state.card_clues
    hiding = hidden_seat is not None and (table.hole or table.pointing_clues)  # a seat's, while the game runs
    history = seat_history(state, hidden_seat) if hiding else state.history
    known, possible = table.mask_parts.get, table.possible
    hands = []
    for owner, hand in enumerate(state.hands):
        hidden = owner == hidden_seat
        cards = []
        for card in hand:
            mask = card_masks[card]
            suits, ranks = known(mask) or possible(mask)
            clues = card_clues[card]
            cards.append(
                HandCard(
                    card,
                    None if hidden else card_suit[card],
                    None if hidden else card_rank[card],
                    suits,
                    ranks,
                    tuple([history[i] for i in clues]) if clues else (),
                )
            )
        hands.append(tuple(cards))
    options = table.options
    over = state.is_over
    if hiding and table.hole:
        score = fireworks_total = max_score = strikes = fireworks = next_ranks = firework_tops = directions = None
        pace = efficiency = None
        in_hole = frozenset([event.card for event in history if type(event) is PlayEvent])
        discards = tuple(DiscardedCard(c, card_suit[c], card_rank[c]) for c in state.discards if c not in in_hole)
    else:
        in_hole = frozenset()
        stats = table_stats(state)
        score, fireworks_total, max_score, strikes = state.score, state.fireworks_total, stats.max_score, state.strikes
        fireworks, next_ranks, pace, efficiency = state.fireworks, state.all_next_ranks(), stats.pace, stats.efficiency
        firework_tops, directions = state.firework_tops(), state.directions()
        discards = tuple(DiscardedCard(c, card_suit[c], card_rank[c]) for c in state.discards)
    return View(
        seat=seat,
        options=options,
        suits=table.variant.suit_names,
        clue_colors=table.variant.clue_colors,
        clue_ranks=table.variant.clue_ranks,
        clue_rank_names=table.variant.clue_rank_names,
        turn=state.turn,
        current_seat=state.current_seat,
        is_over=over,
        end_condition=state.end_condition.label,
        score=score,
        fireworks_total=fireworks_total,
        max_score=max_score,
        rating=rating(state.score, table.variant.max_score, options.all_or_nothing) if over else None,
        clue_tokens=state.clue_tokens,
        half_clue_token=state.half_clue_token,
        strikes=strikes,
        fireworks=fireworks,
        next_ranks=next_ranks,
        firework_tops=firework_tops,
        directions=directions,
        discards=discards,
        deck_size=state.deck_size,
        hands=tuple(hands),
        history=history,
        legal_actions=tuple(state.legal_actions(seat)) if seat is not None else (),
        deck_composition=table.composition,
        unseen=_unseen(state, hidden_seat, in_hole),
        pace=pace,
        efficiency=efficiency,
        status=game.get("status") or ("finished" if over else "running"),
        game_id=game.get("game_id"),
        version=game.get("version"),
        deadline=game.get("deadline"),
    )


def _hand_card_dict(card: HandCard) -> dict:
    return {
        "id": card.id,
        "suit": card.suit,
        "rank": card.rank,
        "possible_suits": list(card.possible_suits),
        "possible_ranks": list(card.possible_ranks),
        "clues": [
            {"turn": c.turn, "seat": c.seat, "kind": c.kind, "clue_kind": c.clue_kind, "value": c.value}
            for c in card.clues
        ],
    }


def event_to_dict(event: Event) -> dict:
    """A public event as JSON: its kind plus its fields (cards by id; played and discarded
    cards with their identity, which everyone sees). `kind` names the event as /events does
    (its `type`): a clue is "color_clue" or "rank_clue" ("clue" while its kind is hidden), with
    "color" or "rank" in `clue_kind` too."""
    return _EVENT_TO_DICT[type(event)](event)


def _clue_to_dict(e: ClueEvent) -> dict:
    return {
        "kind": e.kind,
        "turn": e.turn,
        "seat": e.seat,
        "target": e.target,
        "clue_kind": e.clue_kind,
        "value": e.value,
        "touched": list(e.touched),
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
        "informative": e.informative,
    }


def _play_to_dict(e: PlayEvent) -> dict:
    return {
        "kind": "play",
        "turn": e.turn,
        "seat": e.seat,
        "card": e.card,
        "suit": e.suit,
        "rank": e.rank,
        "success": e.success,
        "announce": e.announce,
        "drew": e.drew,
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
    }


def _discard_to_dict(e: DiscardEvent) -> dict:
    return {
        "kind": "discard",
        "turn": e.turn,
        "seat": e.seat,
        "card": e.card,
        "suit": e.suit,
        "rank": e.rank,
        "drew": e.drew,
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
    }


def _reorder_to_dict(e: ReorderEvent) -> dict:
    return {"kind": "reorder", "turn": e.turn, "seat": e.seat, "cards": list(e.cards)}


def _end_to_dict(e: EndEvent) -> dict:
    return {"kind": "end_game", "turn": e.turn, "seat": e.seat, "condition": e.condition.label}


_EVENT_TO_DICT = {
    ClueEvent: _clue_to_dict,
    PlayEvent: _play_to_dict,
    DiscardEvent: _discard_to_dict,
    ReorderEvent: _reorder_to_dict,
    EndEvent: _end_to_dict,
}
"""One function per event type, each writing out its fields (views send the whole history)."""


def view_from_dict(data: dict) -> View:
    """The inverse of View.to_dict, for clients that get their view as JSON (the API's GET
    /v1/games/{id}/view). A hand card's clues are the history's clue events of the same turns."""
    history = tuple(event_from_dict(e) for e in data["history"])
    clues_by_turn = {e.turn: e for e in history if type(e) is ClueEvent}
    fireworks, next_ranks, tops, directions = (
        data["fireworks"],
        data["next_ranks"],
        data["firework_tops"],
        data["directions"],
    )
    deadline = data.get("deadline")
    return View(
        seat=data["seat"],
        options=GameOptions.from_dict(data["options"]),
        suits=tuple(data["suits"]),
        clue_colors=tuple(data["clue_colors"]),
        clue_ranks=tuple(data["clue_ranks"]),
        clue_rank_names=tuple(data["clue_rank_names"]),
        turn=data["turn"],
        current_seat=data["current_seat"],
        is_over=data["is_over"],
        end_condition=data["end_condition"],
        score=data["score"],
        fireworks_total=data["fireworks_total"],
        max_score=data["max_score"],
        rating=data["rating"],
        clue_tokens=data["clue_tokens"],
        half_clue_token=data["half_clue_token"],
        strikes=data["strikes"],
        fireworks=tuple(fireworks) if fireworks is not None else None,
        next_ranks=tuple(tuple(ranks) for ranks in next_ranks) if next_ranks is not None else None,
        firework_tops=tuple(tops) if tops is not None else None,
        directions=tuple(directions) if directions is not None else None,
        discards=tuple(DiscardedCard(d["id"], d["suit"], d["rank"]) for d in data["discards"]),
        deck_size=data["deck_size"],
        hands=tuple(
            tuple(
                HandCard(
                    c["id"],
                    c["suit"],
                    c["rank"],
                    tuple(c["possible_suits"]),
                    tuple(c["possible_ranks"]),
                    tuple(clues_by_turn[clue["turn"]] for clue in c["clues"]),
                )
                for c in hand
            )
            for hand in data["hands"]
        ),
        history=history,
        legal_actions=tuple(action_from_dict(a) for a in data["legal_actions"]),
        deck_composition=tuple(CardCopies(c["suit"], c["rank"], c["copies"]) for c in data["deck_composition"]),
        unseen=tuple(data["unseen"]),
        pace=data["pace"],
        efficiency=data["efficiency"],
        status=data["status"],
        game_id=data["game_id"],
        version=data["version"],
        deadline=datetime.fromisoformat(deadline) if deadline is not None else None,
    )


def event_from_dict(data: dict) -> Event:
    """The inverse of event_to_dict; keys /events adds around an event (seq, type, created_at,
    by, drew_suit, drew_rank) are ignored, so an /events entry reads as well."""
    kind = data.get("kind") or data["type"]
    event_type = _EVENT_TYPES[kind]
    fields = {name: data[name] for name in event_type._fields if name in data}
    if event_type is ClueEvent:
        fields["touched"] = tuple(fields["touched"])
    elif event_type is ReorderEvent:
        fields["cards"] = tuple(fields["cards"])
    elif event_type is EndEvent:
        fields["condition"] = EndCondition.from_label(fields["condition"])
    return event_type(**fields)


_EVENT_TYPES = {
    "color_clue": ClueEvent,
    "rank_clue": ClueEvent,
    "clue": ClueEvent,
    "play": PlayEvent,
    "discard": DiscardEvent,
    "reorder": ReorderEvent,
    "end_game": EndEvent,
}
