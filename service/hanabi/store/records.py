"""The store's records of a game (its row, seats, events, seat plan) and how they are read from rows.

`GAME_COLUMNS` is the select list over `games g` that `game_from_row` reads. A game read again
needs only `CHANGING_COLUMNS_BUT_SEATS` (and `SEATS_COLUMN` while in the lobby), which
`with_changing_columns` lays over the game read before.
"""

from dataclasses import dataclass, replace
from datetime import datetime
from typing import NamedTuple

from hanabi.engine import Action, Card, GameOptions, GameState, action_from_dict

from .deadlines import TimeControl

LOBBY_EVENTS = ("seat_joined", "seat_left", "game_started")
"""Event types that change the seating, not the game state; every other event is an engine action
(games.py's `_ACTIONS_COLUMN` spells them out too)."""

STATUSES = ("lobby", "running", "finished")


@dataclass(frozen=True)
class SeatPlan:
    """What a seat is when the game is created: open to anyone, reserved for one account, or a bot."""

    kind: str
    account_id: int | None = None
    strategy: str | None = None

    @classmethod
    def open(cls) -> "SeatPlan":
        return cls("open")

    @classmethod
    def reserved(cls, account_id: int) -> "SeatPlan":
        return cls("reserved", account_id=account_id)

    @classmethod
    def bot(cls, strategy: str) -> "SeatPlan":
        return cls("bot", strategy=strategy)


@dataclass(frozen=True)
class Seat:
    seat: int
    reserved_for: int | None
    account_id: int | None
    bot_strategy: str | None
    joined_at: datetime | None

    @property
    def taken(self) -> bool:
        return self.account_id is not None or self.bot_strategy is not None


@dataclass(frozen=True)
class Game:
    """A game's row: its options and deck, and the columns derived from its event log."""

    id: int
    options: GameOptions
    deck: tuple[Card, ...]
    seed: str | None
    creator_id: int | None
    status: str
    version: int
    free_seats: int
    turn: int
    current_seat: int | None
    score: int
    end_condition: str
    created_at: datetime
    updated_at: datetime
    deadline: datetime | None
    seats: tuple[Seat, ...]
    turn_started_at: datetime | None = None
    """When the current turn began (None unless running)."""
    start_when_full: bool = True
    """Whether taking the last free seat starts the game."""
    player_names: tuple[str, ...] | None = None
    """The players' names of an imported game (its seats hold no accounts)."""
    time_control: TimeControl = TimeControl()
    clock_banks: tuple[float, ...] | None = None
    """With a clock: each seat's seconds left when the current turn began."""
    spectators: bool = False
    """Whether signed-in accounts without a seat may watch the game while it runs."""

    def seat_of(self, account_id: int) -> int | None:
        for seat in self.seats:
            if seat.account_id == account_id:
                return seat.seat
        return None

    @property
    def bot_to_move(self) -> str | None:
        """The strategy of the bot seat whose turn it is; None when the game is not running or a person is to move."""
        if self.status != "running" or self.current_seat is None:
            return None
        for seat in self.seats:
            if seat.seat == self.current_seat:
                return seat.bot_strategy
        return None


@dataclass(frozen=True)
class GameEvent:
    game_id: int
    seq: int
    type: str
    seat: int | None
    payload: dict
    created_at: datetime

    @property
    def action(self) -> Action | None:
        """The engine action this event records, or None for a seating event."""
        return None if self.type in LOBBY_EVENTS else action_from_dict(self.payload)


class LoadedGame(NamedTuple):
    game: Game
    state: GameState


SEATS_COLUMN = """
    (SELECT jsonb_agg(jsonb_build_object(
                'seat', s.seat, 'reserved_for', s.reserved_for, 'account_id', s.account_id,
                'bot_strategy', s.bot_strategy, 'joined_at', s.joined_at) ORDER BY s.seat)
       FROM game_seats s WHERE s.game_id = g.id) AS seats"""

CHANGING_COLUMNS_BUT_SEATS = """
    g.created_at, g.status, g.version, g.free_seats, g.turn, g.current_seat, g.score,
    g.end_condition, g.updated_at, g.deadline, g.turn_started_at, g.clock_banks"""
"""The columns of a game that its changes rewrite (and `created_at`, which tells games apart),
except its seats, which change only in the lobby."""

GAME_COLUMNS = f"""
    g.id, g.options, g.deck, g.seed, g.creator_id, g.status, g.version, g.free_seats, g.turn,
    g.current_seat, g.score, g.end_condition, g.created_at, g.updated_at, g.deadline,
    g.turn_started_at, g.start_when_full, g.player_names, g.time_control, g.clock_banks, g.spectators,
    {SEATS_COLUMN}"""
"""The select list that `game_from_row` reads, for queries over `games g`."""


def _seats_from_json(seats: list[dict] | None) -> tuple[Seat, ...]:
    return tuple(
        Seat(
            seat=s["seat"],
            reserved_for=s["reserved_for"],
            account_id=s["account_id"],
            bot_strategy=s["bot_strategy"],
            joined_at=datetime.fromisoformat(s["joined_at"]) if s["joined_at"] else None,
        )
        for s in seats or ()
    )


def game_from_row(row: dict) -> Game:
    return Game(
        id=row["id"],
        options=GameOptions.from_dict(row["options"]),
        deck=tuple(Card(suit, rank) for suit, rank in row["deck"]),
        seed=row["seed"],
        creator_id=row["creator_id"],
        created_at=row["created_at"],
        start_when_full=row["start_when_full"],
        player_names=tuple(row["player_names"]) if row["player_names"] is not None else None,
        time_control=TimeControl.from_dict(row["time_control"]),
        spectators=row["spectators"],
        seats=_seats_from_json(row["seats"]),
        **_changing_fields(row),
    )


def _changing_fields(row: dict) -> dict:
    """The fields of a Game from the columns that the game's changes rewrite (seats apart)."""
    return {
        "status": row["status"],
        "version": row["version"],
        "free_seats": row["free_seats"],
        "turn": row["turn"],
        "current_seat": row["current_seat"],
        "score": row["score"],
        "end_condition": row["end_condition"],
        "updated_at": row["updated_at"],
        "deadline": row["deadline"],
        "turn_started_at": row["turn_started_at"],
        "clock_banks": tuple(row["clock_banks"]) if row["clock_banks"] is not None else None,
    }


def with_changing_columns(game: Game, row: dict) -> Game:
    seats = _seats_from_json(row["seats"]) if "seats" in row else game.seats
    return replace(game, seats=seats, **_changing_fields(row))
