"""What the API shows of a game: its summary, a seat's view, its event log as a seat or a spectator may see it.

Nothing here decides a rule: the engine builds the views and, by replaying the log, the
public outcome of every event (what was played, which cards a clue touched, which card was
drawn). This module only leaves out what a seat or a spectator may not see: the identity of its own
cards while the game runs, what the engine's `seat_history` hides from a seat (Throw It in a
Hole's plays, Cow & Pig's and Duck's clue values), the score of a running game whose plays are
hidden, and the seed of a game that has not ended (whoever knows a seed can see its deal by
playing it in another game; docs/security.md).
"""

from datetime import UTC, datetime

import psycopg

from hanabi.bots import TEAM_ONLY, TEAM_ONLY_NOTE
from hanabi.engine import GameState, event_to_dict, full_view, new_game, seat_history, shown_score, view
from hanabi.store.accounts import account_names
from hanabi.store.records import LOBBY_EVENTS, Game, GameEvent

from .errors import Problem


def names_for(conn: psycopg.Connection, games: list[Game]) -> dict[int, str]:
    """Names of every account a list of games mentions, in one query."""
    ids = set()
    for game in games:
        ids.add(game.creator_id)
        for seat in game.seats:
            ids.update((seat.account_id, seat.reserved_for))
    return account_names(conn, ids)


def game_summary(game: Game, names: dict[int, str]) -> dict:
    return {
        "id": game.id,
        "options": game.options.to_dict(),
        "status": game.status,
        "seats": _seat_summaries(game, names),
        "free_seats": game.free_seats,
        "start_when_full": game.start_when_full,
        "spectators": game.spectators,
        "version": game.version,
        "turn": game.turn,
        "current_seat": game.current_seat,
        "turn_started_at": game.turn_started_at,
        "deadline": _utc(game.deadline),
        "time_control": game.time_control.to_dict(),
        "clock": list(game.clock_banks) if game.clock_banks is not None else None,
        "score": shown_score(game.options, game.score, game.status == "running"),
        "end_condition": game.end_condition,
        "seed": game.seed if game.status == "finished" else None,
        "creator": names.get(game.creator_id),
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "warnings": _warnings(game),
    }


def _warnings(game: Game) -> list[dict]:
    """What may go wrong with this seat plan: a team-only bot (the hat bot) beside a seat that
    is not a built-in bot, which a person may take."""
    team_only = sorted({seat.bot_strategy for seat in game.seats if seat.bot_strategy in TEAM_ONLY})
    if not team_only or all(seat.bot_strategy is not None for seat in game.seats):
        return []
    bots = " and ".join(f"the {strategy} bot" for strategy in team_only)
    return [
        {
            "code": "team_only_bot",
            "detail": f"This game seats {bots} beside seats that people may take: {TEAM_ONLY_NOTE}.",
        }
    ]


def _seat_summaries(game: Game, names: dict[int, str]) -> list[dict]:
    bot_names = _bot_names(game)
    return [_seat_summary(game, seat, names, bot_names) for seat in game.seats]


def _bot_names(game: Game) -> dict[int, str]:
    """A name per bot seat that tells it apart: "basic bot", or "basic bot 1", "basic bot 2"
    when several seats play the same strategy (account names have no spaces, so no account
    has one of these names)."""
    strategies = [seat.bot_strategy for seat in game.seats]
    names, numbered = {}, {}
    for seat in game.seats:
        strategy = seat.bot_strategy
        if strategy is None:
            continue
        if strategies.count(strategy) == 1:
            names[seat.seat] = f"{strategy} bot"
        else:
            numbered[strategy] = numbered.get(strategy, 0) + 1
            names[seat.seat] = f"{strategy} bot {numbered[strategy]}"
    return names


def _seat_summary(game: Game, seat, names: dict[int, str], bot_names: dict[int, str]) -> dict:
    entry = {"seat": seat.seat, "account": None, "strategy": None, "name": None}
    if seat.bot_strategy is not None:
        entry.update(kind="bot", strategy=seat.bot_strategy, name=bot_names[seat.seat])
    elif seat.account_id is not None:
        entry.update(kind="account", account=names.get(seat.account_id), name=names.get(seat.account_id))
    elif seat.reserved_for is not None:
        entry.update(kind="reserved", account=names.get(seat.reserved_for))
    elif game.player_names is not None:
        entry.update(kind="imported", name=game.player_names[seat.seat])
    else:
        entry.update(kind="open")
    return entry


def player_names(game: Game, names: dict[int, str]) -> list[str]:
    """A name per seat, for a hanab.live export."""
    return [entry["name"] or f"Seat {entry['seat'] + 1}" for entry in _seat_summaries(game, names)]


def seat_or_spectator(game: Game, account_id: int) -> int | None:
    """The seat whose view of the game `account_id` gets: its own seat, or None for a spectator,
    who sees every hand. Spectators are allowed in a finished game, and in any other game whose
    creator allowed them (`spectators`); otherwise 403 `not_a_player`. A seat is never a
    spectator of its own game, so its own cards stay hidden from it while the game runs."""
    seat = game.seat_of(account_id)
    if seat is None and not (game.spectators or game.status == "finished"):
        raise Problem(
            403,
            "not_a_player",
            f"You have no seat in game {game.id} and it does not allow spectators; it can be watched once it ends.",
        )
    return seat


def view_payload(game: Game, state: GameState, seat: int | None) -> dict:
    """The view of `seat`, or the full view (for spectators) when None.
    The engine's view is JSON already; it is sent as it is, without a second pass through
    ViewSchema, which only documents it (views are the API's hottest responses)."""
    about = {"game_id": game.id, "version": game.version, "status": game.status, "deadline": _utc(game.deadline)}
    return (view(state, seat, **about) if seat is not None else full_view(state, **about)).to_dict()


def _utc(moment: datetime | None) -> datetime | None:
    return moment.astimezone(UTC) if moment is not None else None


def public_events(game: Game, events: list[GameEvent], seat_of_view: int | None, names: dict[int, str]) -> list[dict]:
    """The game's events (all of them, oldest first) as `seat_of_view` may see them (None: a
    spectator, see `seat_or_spectator`). Action events carry their public outcome as the engine's
    history records it, plus `drew_suit`/`drew_rank`: the drawn card's identity; an action
    event's `type` is its history entry's `kind` (a Duck clue is "clue" to those who may not
    see its kind). While the game runs, a player sees the identity of the other seats' cards
    only, a spectator all."""
    start = new_game(game.options, game.deck)
    final = start
    actions = [event.action for event in events if event.type not in LOBBY_EVENTS]
    for action in actions:
        final = final.apply(action)

    def visible(owner: int) -> bool:
        return final.is_over or owner != seat_of_view

    history = seat_history(final, seat_of_view)
    result, action_index = [], 0
    for event in events:
        entry = {"seq": event.seq, "type": event.type, "seat": event.seat, "created_at": event.created_at}
        if event.type in ("seat_joined", "seat_left"):
            entry["account"] = names.get(event.payload.get("account_id"))
        elif event.type == "game_started":
            entry["hands"] = [
                [_card(final, card, hidden=not visible(owner)) for card in hand]
                for owner, hand in enumerate(start.hands)
            ]
        else:
            public = event_to_dict(history[action_index])
            action_index += 1
            entry["type"] = public.pop("kind")
            if "by" in event.payload:
                public["by"] = event.payload["by"]
            if "drew" in public:
                drew = public["drew"]
                hidden = drew is None or not visible(public["seat"])
                public["drew_suit"] = None if hidden else final.card(drew).suit
                public["drew_rank"] = None if hidden else final.card(drew).rank
            entry.update(public)
        result.append(entry)
    return result


def _card(state: GameState, card: int, *, hidden: bool) -> dict:
    identity = state.card(card)
    return {"id": card, "suit": None if hidden else identity.suit, "rank": None if hidden else identity.rank}


def encode_cursor(before_id: int) -> str:
    """The cursor of the page of ids below `before_id` (schemas.CURSOR_PATTERN)."""
    return str(before_id)


def decode_cursor(cursor: str | None) -> int | None:
    """The id a cursor that passed schemas.CURSOR_PATTERN names; None without one."""
    return None if cursor is None else int(cursor)
