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

from datetime import datetime
from typing import Any, NamedTuple

from .actions import Action, EndCondition, action_from_dict, action_to_dict
from .events import ClueEvent, Event, PlayEvent, event_from_dict, event_to_dict
from .lookups import CardCopies, Lookups
from .options import GameOptions
from .scoring import rating
from .state import GameState
from .stats import StatsMemo, table_stats
from .variants import Rules


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


class View:
    """One seat's view of a game: read-only. A view that `view` or `full_view` made computes
    its hands, its legal actions, its unseen counts and its table numbers (fireworks, score,
    discards, ...) from the game's state when one of them is first read, so a bot pays only for
    what it reads; `view_from_dict` gives every field at once."""

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
    pace: int | None
    """See `stats`: discards left before the best score still possible is out of reach."""
    efficiency: float | None
    """See `stats`: cards gotten per clue spent."""
    half_clue_token: bool
    """Clue Starved: half a clue token besides the whole ones."""
    status: str
    """"running" or "finished" (the API's game status)."""
    game_id: int | None
    """The API's game id; None offline."""
    version: int | None
    """The seq of the game's last event in the API (what an action's expected_version names);
    None offline."""
    deadline: datetime | None
    """When the seat to move runs out of time (API games with a time control); None otherwise."""

    __slots__ = (*__annotations__, "_state", "_hidden_seat")

    def __init__(self, **fields: Any) -> None:
        """Every field by name (those from pace on may be left out: see `_DEFAULTS`)."""
        fields = {**_DEFAULTS, **fields}
        if fields.keys() != _FIELD_SET:
            missing, unknown = sorted(_FIELD_SET - fields.keys()), sorted(fields.keys() - _FIELD_SET)
            raise TypeError(f"View fields missing: {missing}; unknown: {unknown}")
        for name, value in fields.items():
            _set(self, name, value)
        _set(self, "_state", None)

    def __getattr__(self, name: str) -> Any:
        """A field not computed yet: compute its group from the state (only called for a slot
        still empty)."""
        compute = _GROUPS.get(name)
        state = object.__getattribute__(self, "_state")
        if compute is None or state is None:
            raise AttributeError(f"'View' object has no attribute {name!r}")
        compute(self, state, object.__getattribute__(self, "_hidden_seat"))
        return object.__getattribute__(self, name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a View is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a View is read-only")

    def fields(self) -> dict[str, Any]:
        """Every field by name (computing any not computed yet)."""
        return {name: getattr(self, name) for name in VIEW_FIELDS}

    def __eq__(self, other: object) -> bool:
        if type(other) is not View:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in VIEW_FIELDS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in VIEW_FIELDS))

    def __repr__(self) -> str:
        return f"View(seat={self.seat!r}, turn={self.turn!r}, current_seat={self.current_seat!r}, ...)"

    @property
    def my_hand(self) -> tuple[HandCard, ...]:
        return self.hands[self.seat] if self.seat is not None else ()

    def unseen_copies(self, suit: int, rank: int) -> int:
        """The copies of (suit, rank) the viewer has not seen; 0 for an identity not in the deck."""
        for i, card in enumerate(self.deck_composition):
            if card.suit == suit and card.rank == rank:
                return self.unseen[i]
        return 0

    def to_dict(self) -> dict[str, Any]:
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


_set = object.__setattr__
VIEW_FIELDS = tuple(View.__annotations__)
"""The names of a view's fields, in the order of its JSON."""
_FIELD_SET = frozenset(VIEW_FIELDS)
_DEFAULTS = {
    "pace": None,
    "efficiency": None,
    "half_clue_token": False,
    "status": "running",
    "game_id": None,
    "version": None,
    "deadline": None,
}


def view(state: GameState, seat: int, **game: Any) -> View:
    """What `seat` may know of the game. `game` gives the API's `game_id`, `version`, `status`
    and `deadline` (offline: None, None, running or finished, None)."""
    if type(seat) is not int or not 0 <= seat < state.lookups.players:
        raise ValueError(f"seat {seat!r} is not a seat of this game")
    return _build(state, seat, None if state.is_over else seat, game)


def full_view(state: GameState, **game: Any) -> View:
    """Everything, for a finished game's spectators and replays, or for trusted tooling."""
    return _build(state, None, None, game)


def seat_history(state: GameState, seat: int | None) -> tuple[Event, ...]:
    """The history as `seat` sees it (None: a spectator, who sees it all). While the game
    runs, a Throw It in a Hole play has no suit, rank or success, and a Cow & Pig clue no
    value (a Duck clue no kind either) for every seat but its giver's."""
    rules = state.lookups.variant.rules
    if seat is None or state.is_over or not (rules.throw_it_in_a_hole or rules.pointing_clues):
        return state.history
    return tuple(_as_seen(event, seat, rules) for event in state.history)


def _as_seen(event: Event, seat: int, rules: Rules) -> Event:
    """The event with what `seat` may not see set to None (the events' fields say which may be)."""
    if type(event) is PlayEvent and rules.throw_it_in_a_hole:
        return event._replace(suit=None, rank=None, success=None)  # type: ignore[arg-type]
    if type(event) is ClueEvent and rules.pointing_clues and event.seat != seat:
        return event._replace(clue_kind=event.clue_kind if rules.cow_and_pig else None, value=None)  # type: ignore[arg-type]
    return event


def shown_score(options: GameOptions, score: int, running: bool) -> int | None:
    """The score a game's summary may show anyone: none while a Throw It in a Hole game runs."""
    return None if running and options.variant_rules.rules.throw_it_in_a_hole else score


def _build(state: GameState, seat: int | None, hidden_seat: int | None, game: dict[str, Any]) -> View:
    """A view with the fields that cost next to nothing; it computes the others when first read
    (`_GROUPS`)."""
    lookups = state.lookups
    variant = lookups.variant
    result = object.__new__(View)
    _set(result, "_state", state)
    _set(result, "_hidden_seat", hidden_seat)
    _set(result, "seat", seat)
    _set(result, "options", lookups.options)
    _set(result, "suits", variant.suit_names)
    _set(result, "clue_colors", variant.clue_colors)
    _set(result, "clue_ranks", variant.clue_ranks)
    _set(result, "clue_rank_names", variant.clue_rank_names)
    _set(result, "turn", state.turn)
    _set(result, "current_seat", state.current_seat)
    over = state.end_condition is not EndCondition.IN_PROGRESS
    _set(result, "is_over", over)
    _set(result, "end_condition", state.end_condition.label)
    _set(result, "clue_tokens", state.clue_tokens)
    _set(result, "half_clue_token", state.half_clue_token)
    _set(result, "deck_size", len(lookups.deck) - state.next_card)
    hiding = hidden_seat is not None and (lookups.hole or lookups.pointing_clues)
    _set(result, "history", seat_history(state, hidden_seat) if hiding else state.history)
    _set(result, "rating", rating(state.score, variant.max_score, lookups.options.all_or_nothing) if over else None)
    _set(result, "deck_composition", lookups.composition)
    _set(result, "status", game.get("status") or ("finished" if over else "running"))
    _set(result, "game_id", game.get("game_id"))
    _set(result, "version", game.get("version"))
    _set(result, "deadline", game.get("deadline"))
    return result


def _cache(lookups: Lookups) -> "ViewCache":
    cache = lookups.view_cache
    if cache is None:
        cache = lookups.view_cache = ViewCache()
    return cache


def _hiding(state: GameState, hidden_seat: int | None) -> bool:
    """Whether this view hides what the variant hides from a seat while the game runs."""
    lookups = state.lookups
    return hidden_seat is not None and (lookups.hole or lookups.pointing_clues)


def _table_fields(v: View, state: GameState, hidden_seat: int | None) -> None:
    """The fireworks, the score and the numbers drawn from them, and the discards: in Throw It in
    a Hole, hidden from a seat while the game runs (no score; a card in the hole is no discard)."""
    lookups = state.lookups
    card_suit, card_rank = lookups.card_suit, lookups.card_rank
    if _hiding(state, hidden_seat) and lookups.hole:
        for name in _HOLE_HIDDEN:
            _set(v, name, None)
        in_hole = {event.card for event in state.history if type(event) is PlayEvent}
        discards = tuple(DiscardedCard(c, card_suit[c], card_rank[c]) for c in state.discards if c not in in_hole)
        _set(v, "discards", discards)
        return
    cache = _cache(lookups)
    stats = table_stats(state, cache.stats)
    _set(v, "score", state.score)
    _set(v, "fireworks_total", state.fireworks_total)
    _set(v, "max_score", stats.max_score)
    _set(v, "strikes", state.strikes)
    _set(v, "fireworks", state.fireworks)
    _set(v, "next_ranks", state.all_next_ranks())
    _set(v, "firework_tops", state.firework_tops())
    _set(v, "directions", state.directions())
    _set(v, "pace", stats.pace)
    _set(v, "efficiency", stats.efficiency)
    if cache.discards_of is not state.discards:
        cache.discards_of = state.discards
        cache.discards = tuple([DiscardedCard(c, card_suit[c], card_rank[c]) for c in state.discards])
    _set(v, "discards", cache.discards)


_HOLE_HIDDEN = (
    "score",
    "fireworks_total",
    "max_score",
    "strikes",
    "fireworks",
    "next_ranks",
    "firework_tops",
    "directions",
    "pace",
    "efficiency",
)


def _unseen(v: View, state: GameState, hidden_seat: int | None) -> None:
    """Per identity of the deck's composition, the copies this view does not show: in the deck,
    in `hidden_seat`'s own hand (None: none hidden), or in the hole (the cards played into it,
    which the view does not show while the game runs)."""
    lookups = state.lookups
    undrawn = lookups.undrawn_counts(state.next_card)
    if hidden_seat is None:
        _set(v, "unseen", undrawn)
        return
    counts = list(undrawn)
    index = lookups.card_composition_index
    for card in state.hands[hidden_seat]:
        counts[index[card]] += 1
    if lookups.hole:  # a seat's view while the game runs: the hole is hidden
        for event in state.history:
            if type(event) is PlayEvent:
                counts[index[event.card]] += 1
    _set(v, "unseen", tuple(counts))


def _legal_actions(v: View, state: GameState, hidden_seat: int | None) -> None:
    seat = object.__getattribute__(v, "seat")
    _set(v, "legal_actions", tuple(state.legal_actions(seat)) if seat is not None else ())


def _hands(v: View, state: GameState, hidden_seat: int | None) -> None:
    """Every hand; a card's HandCard is reused from an earlier view of the game while its clues
    (and whether it is hidden) are the same."""
    lookups = state.lookups
    card_suit, card_rank = lookups.card_suit, lookups.card_rank
    card_masks, card_clues = state.card_masks, state.card_clues
    hiding = _hiding(state, hidden_seat)
    history = v.history
    built = {} if hiding else _cache(lookups).hand_cards  # a hidden history's clue events are the seat's own
    known, possible = lookups.mask_parts.get, lookups.possible
    hands = []
    for owner, hand in enumerate(state.hands):
        hidden = owner == hidden_seat
        cards = []
        for card in hand:
            mask = card_masks[card]
            clues = card_clues[card]
            key = ~card if hidden else card
            entry = built.get(key)
            if entry is not None and entry[0] == mask and entry[1] is clues:
                cards.append(entry[2])
                continue
            suits, ranks = known(mask) or possible(mask)
            hand_card = HandCard(
                card,
                None if hidden else card_suit[card],
                None if hidden else card_rank[card],
                suits,
                ranks,
                tuple([history[i] for i in clues]) if clues else (),  # type: ignore[misc]  # card_clues index clue events
            )
            built[key] = (mask, clues, hand_card)
            cards.append(hand_card)
        hands.append(tuple(cards))
    _set(v, "hands", tuple(hands))


_GROUPS = {
    **dict.fromkeys((*_HOLE_HIDDEN, "discards"), _table_fields),
    "legal_actions": _legal_actions,
    "hands": _hands,
    "unseen": _unseen,
}
"""The fields a view `view` made computes when first read, with the function that computes
each one's group; `_build` sets the others."""


class ViewCache:
    """Per game (on its Lookups): the parts of its views that a view of the next state reuses while
    they are built from the same objects (hand cards, discards, the table numbers)."""

    __slots__ = ("hand_cards", "discards_of", "discards", "stats")

    def __init__(self) -> None:
        self.hand_cards: dict[int, tuple[int, tuple[int, ...], HandCard]] = {}
        """card id (its complement while hidden) -> (its mask, its clues' history indexes, its HandCard)."""
        self.discards_of: tuple[int, ...] | None = None
        self.discards: tuple[DiscardedCard, ...] = ()
        self.stats = StatsMemo()


def _hand_card_dict(card: HandCard) -> dict[str, Any]:
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


def view_from_dict(data: dict[str, Any]) -> View:
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
