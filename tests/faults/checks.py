"""What must hold after the faults, each check returning the problems it found (an empty list
when all is well), so that one run of the suite shows every kind of damage at once."""

import itertools
from collections import Counter
from datetime import UTC, datetime, timedelta

from hanabi.store.database import connect
from hanabi.store.games import list_events, load_game
from hanabi.store.records import LOBBY_EVENTS
from hanabi.worker.deadlines import SERVER_TIMEOUT

from tests.worker.game_log import assert_bots_chose_from_their_view, assert_one_event_per_turn

from .players import Ack, Answer
from .scenario import Fault

DEADLINE_GRACE_SECONDS = 2.0
"""A turn that runs out ends within this time of its deadline (the sweep runs every 0.5 s), unless
the deadline fell while a fault was under way."""
RECOVERY_GRACE_SECONDS = 10.0
"""A deadline that fell while a fault was under way is honoured within this time of the fault's
end: Celery's workers reconnect to Redis after 2 s then 4 s, the API's connection pools to
Postgres after 1 s, 2 s, ... of backoff."""


def unfinished_games(database_url: str, acknowledged: list[int]) -> list[str]:
    """Every game in the database has finished, and every acknowledged game is among them."""
    with connect(database_url) as conn:
        rows = conn.execute("SELECT id, status FROM games ORDER BY id").fetchall()
    statuses = dict(rows)
    problems = [
        f"game {game_id} was acknowledged but is not in the database"
        for game_id in acknowledged
        if game_id not in statuses
    ]
    problems += [f"game {game_id} is {status}, not finished" for game_id, status in rows if status != "finished"]
    return problems


def damaged_logs(database_url: str, game_ids: list[int], timed: set[int]) -> list[str]:
    """Each log is contiguous with one action per turn by the seat to move (no event written twice,
    none missing), replays to a finished state, and each bot move is its strategy's choice from its
    view (except in timed games, where the server may have moved for a late bot)."""
    problems = []
    for game_id in game_ids:
        try:
            game, state, events = assert_one_event_per_turn(database_url, game_id)
            assert state.is_over, "the log does not replay to the end of the game"
            if game_id not in timed:
                assert_bots_chose_from_their_view(game, events)
        except AssertionError as error:
            problems.append(f"game {game_id}: {error}")
    return problems


def acknowledged_moves_missing(database_url: str, acks: list[Ack]) -> list[str]:
    """Every move answered 2xx is the event of its turn, by its seat, with its fields: the event
    with seq = the version the answer gave."""
    problems = []
    by_game: dict[int, list[Ack]] = {}
    for ack in acks:
        by_game.setdefault(ack.game_id, []).append(ack)
    with connect(database_url) as conn:
        for game_id, game_acks in by_game.items():
            events = {event.seq: event for event in list_events(conn, game_id)}
            actions = [
                event.seq for event in sorted(events.values(), key=lambda e: e.seq) if event.type not in LOBBY_EVENTS
            ]
            for ack in game_acks:
                event = events.get(ack.version)
                expected = {"kind": ack.action["kind"], "seat": ack.seat, **ack.action}
                if event is None:
                    problems.append(
                        f"game {game_id}: acknowledged move {expected} (version {ack.version}) is not in the log"
                    )
                elif event.payload.get("by") is not None or any(event.payload.get(k) != v for k, v in expected.items()):
                    problems.append(
                        f"game {game_id}: event {ack.version} is {event.payload}, but {expected} was acknowledged"
                    )
                elif ack.turn >= len(actions) or actions[ack.turn] != ack.version:
                    problems.append(f"game {game_id}: acknowledged move of turn {ack.turn} is event {ack.version}")
    keys = Counter((ack.game_id, ack.version) for ack in acks)
    problems += [f"game {g}: two moves were acknowledged with version {v}" for (g, v), n in keys.items() if n > 1]
    return problems


def skipped_deadlines(
    database_url: str, timed_games: list[int], faults: list[Fault], watched: dict[tuple[int, int], datetime]
) -> tuple[list[str], dict]:
    """Each turn of a timed game ended by its deadline + DEADLINE_GRACE_SECONDS, or, when the
    deadline fell during a fault (or within that grace before it began), within
    RECOVERY_GRACE_SECONDS of the fault's end; and the server never moved for a seat before its
    deadline. The deadline of a turn is the one the store wrote (`watched`: (game, version) ->
    games.deadline, as a watcher read it); for a turn too short for the watcher to see, the
    start of the turn (the created_at of the event before it) + the turn's seconds."""
    windows = [(_utc(fault.began), _utc(fault.ended), fault.name) for fault in faults]
    problems, late, late_in_faults, after_faults = [], [], [], []
    counts = Counter()
    grace, recovery = timedelta(seconds=DEADLINE_GRACE_SECONDS), timedelta(seconds=RECOVERY_GRACE_SECONDS)
    with connect(database_url) as conn:
        for game_id in timed_games:
            game = load_game(conn, game_id).game
            turn = timedelta(seconds=game.time_control.seconds)
            events = list_events(conn, game_id)
            for before, event in itertools.pairwise(events):
                if event.type in LOBBY_EVENTS:
                    continue
                deadline = watched.get((game_id, before.seq))
                counts["turns"] += 1
                counts["deadlines read from the database"] += deadline is not None
                deadline = deadline or before.created_at + turn
                lateness = event.created_at - deadline
                where = f"game {game_id} event {event.seq} ({event.type} by seat {event.seat})"
                expired = event.payload.get("by") == SERVER_TIMEOUT
                counts["server timeouts"] += expired
                if expired and lateness < timedelta(0) and (game_id, before.seq) in watched:
                    problems.append(f"{where}: the server moved {-lateness.total_seconds():.3f} s before the deadline")
                if lateness <= grace:
                    if expired:
                        late.append(lateness.total_seconds())
                    continue
                during = [(end, name) for begin, end, name in windows if begin - grace <= deadline <= end]
                if during and event.created_at <= max(during)[0] + recovery:
                    late_in_faults.append(lateness.total_seconds())
                    after_faults.append((event.created_at - max(during)[0]).total_seconds())
                    continue
                message = f"{where}: ended {lateness.total_seconds():.3f} s after its deadline"
                if during:
                    end, name = max(during)
                    message += f" ({name} ended {(event.created_at - end).total_seconds():.3f} s before)"
                problems.append(message)
    late.sort()
    figures = {
        **dict(counts),
        "timeout_lateness_p50_s": round(late[len(late) // 2], 3) if late else None,
        "timeout_lateness_max_s": round(max(late, default=0.0), 3),
        "turns_delayed_by_faults": len(late_in_faults),
        "max_lateness_in_faults_s": round(max(late_in_faults, default=0.0), 3),
        "max_s_after_the_fault_ended": round(max(after_faults, default=0.0), 3),
    }
    return problems, figures


def bad_answers(answers: list[Answer], postgres_away: tuple[float, float], apis: int) -> tuple[list[str], dict]:
    """No 5xx but 503 with Retry-After; while the database was away every answer was such a 503,
    and each API process gave some."""
    problems = [
        f"{answer}: {'no Retry-After' if answer.status == 503 else 'a 5xx other than 503'}"
        for answer in answers
        if answer.status is not None and answer.status >= 500 and not (answer.status == 503 and answer.retry_after)
    ]
    away_from, away_until = postgres_away
    while_away = [answer for answer in answers if answer.sent >= away_from and answer.answered <= away_until]
    problems += [f"{answer}: while the database was away" for answer in while_away if answer.status != 503]
    for api in range(apis):
        if not any(answer.api == api and answer.status == 503 for answer in while_away):
            problems.append(f"API {api} gave no 503 while the database was away")
    statuses = Counter(str(answer.status) if answer.status is not None else "no answer" for answer in answers)
    sent_while_away = [answer for answer in answers if away_from <= answer.sent <= away_until]
    figures = {
        "requests": len(answers),
        "statuses": dict(sorted(statuses.items())),
        "answered_while_database_away": dict(Counter(str(answer.status) for answer in while_away)),
        "sent_while_database_away": dict(Counter(str(answer.status) for answer in sent_while_away)),
        "slowest_answer_sent_while_away_s": round(max((a.answered - a.sent for a in sent_while_away), default=0.0), 2),
        "codes_503": dict(Counter(answer.code for answer in answers if answer.status == 503)),
        "replayed_for_an_idempotency_key": dict(Counter(answer.route for answer in answers if answer.replayed)),
    }
    return problems[:50] + ([f"... and {len(problems) - 50} more"] if len(problems) > 50 else []), figures


def _utc(moment: float) -> datetime:
    return datetime.fromtimestamp(moment, UTC)
