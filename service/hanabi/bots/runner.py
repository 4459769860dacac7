"""`hanabi bot`: plays an account's seats with any strategy (a SPEC, as `hanabi simulate` takes:
a built-in name, `package.module:NAME`, `path/to/file.py:NAME`, `hle:MODULE:CLASS`) against any
server, through the SDK's session layer (`hanabi_client.session`).

The bot of each game is made by the strategy's factory and driven through the bot interface's
`BotSeat`, as the simulator drives it: `start` with the first view the runner reads of the game,
`observe` for the events since, before each `act`, and once more when the game is over. A
runner that restarts makes a new bot, started with the view of that moment.

What to do comes from the account's event stream (GET /v1/me/stream): `invited` (it takes the
seat reserved for the account), `game_started` (it starts the bot), `your_turn` (it reads the
view and plays), `game_over` (it tells the bot and forgets the game). Before it reads the
stream it catches up on what came before: the games where it is its turn and the invitations
waiting in the lobby. With `--game` it plays that game alone, waiting on its events with
`wake=my_turn` (one request per turn of its own).

Each move is posted with the view's version as `expected_version` and an Idempotency-Key made
of (game, version): a retry after a network error, or a restarted runner, gets the stored
answer instead of playing again, and a move computed from a stale view is refused (409), not
played. Network errors, 429 and 502-504 are retried with capped backoff for as long as it takes
(a server restarted under the runner is ridden out); the stream resumes from its last event.

A bot needs a token with the scopes `read` and `play` (and `play` takes invitations); the
runner checks its token first, stops when a scope is missing and says so when it could do more.
"""

import random
import signal
import sys
from typing import TextIO

from ..engine import action_to_dict, view_from_dict
from .interface import BotSeat, StrategyError, load_strategy

TURN_MOVED_ON = frozenset({"version_conflict", "not_your_turn", "game_over"})
NEEDED_SCOPES = ("read", "play")
INVITATION_GONE = frozenset({"game_not_in_lobby", "game_full", "seat_taken", "already_seated", "game_not_found"})


class BotError(Exception):
    """A problem that retrying cannot fix (a refused token, an unknown game, a missing SDK)."""


def _sdk():
    try:
        from hanabi_client.api.events import list_events
        from hanabi_client.api.games import get_game, join_game
        from hanabi_client.api.me import list_my_games, list_my_turn
        from hanabi_client.api.play import get_view
        from hanabi_client.api.tokens import get_current_token
        from hanabi_client.models import JoinRequest
        from hanabi_client.session import ApiError, Session
    except ImportError as error:
        raise BotError(
            f"the SDK is not installed ({error}); install it with `pip install ./sdk/hanabi-sdk` or `make setup`"
        ) from None
    return {
        "list_events": list_events,
        "get_game": get_game,
        "join_game": join_game,
        "list_my_games": list_my_games,
        "list_my_turn": list_my_turn,
        "get_view": get_view,
        "get_current_token": get_current_token,
        "JoinRequest": JoinRequest,
        "ApiError": ApiError,
        "Session": Session,
    }


class BotRunner:
    def __init__(
        self,
        url: str,
        token: str,
        strategy: str,
        game_id: int | None = None,
        once: bool = False,
        wait: int = 30,
        log: TextIO = sys.stderr,
    ) -> None:
        self.strategy_name = strategy
        self.factory = load_strategy(strategy)
        self.game_id = game_id
        self.once = once
        self.wait = wait
        self.log = log
        self.sdk = _sdk()
        self.ApiError = self.sdk["ApiError"]
        self.session = self.sdk["Session"](url, token, max_tries=None, on_retry=self._retrying)
        self.seats: dict[int, BotSeat] = {}

    def run(self) -> None:
        """Plays until done (the game of --game is over; with --once, no running game is left);
        returns normally on SIGINT or SIGTERM."""
        previous = signal.signal(signal.SIGTERM, _interrupt)
        try:
            self._check_token()
            if self.game_id is not None:
                self._play_game(self.game_id)
            else:
                self._play_from_stream()
        except KeyboardInterrupt:
            self._say("interrupted; stopping")
        except self.ApiError as error:
            raise BotError(f"the server answered {error.status} {error.code}: {error.detail}") from None
        except StrategyError as error:
            raise BotError(f"the strategy {self.strategy_name}: {error}") from None
        finally:
            signal.signal(signal.SIGTERM, previous)
            self.session.close()

    def _play_from_stream(self) -> None:
        events = self.session.stream_events()
        next(events)  # stream_started: from here on every event reaches the runner
        self._say("reading this account's event stream")
        for game in self._call("list_my_turn").items:
            self.play_turn(game.id)
        for game in self._call("list_my_games", status="lobby", limit=200).items:
            self._accept(game.id)
        if self.once and not self._has_running_games():
            self._say("no running games left")
            return
        for event in events:
            kind, game_id = event["type"], event.get("game_id")
            if kind in ("your_turn", "game_started"):
                self.play_turn(game_id)
            elif kind == "invited":
                self._accept(game_id)
            elif kind == "game_over":
                self._finish(game_id)
                if self.once and not self._has_running_games():
                    self._say("no running games left")
                    return

    def _play_game(self, game_id: int) -> None:
        """Plays one game to its end, waiting for each of its turns with wake=my_turn."""
        while True:
            try:
                view = self._call_json("get_view", game_id)
            except self.ApiError as error:
                if error.code != "game_not_started":
                    raise
                version = self._call("get_game", game_id).version
            else:
                if view["is_over"]:
                    self._finish(game_id, view)
                    return
                if view["legal_actions"]:
                    self._play(game_id, view)
                    continue
                version = view["version"]
            self._call("list_events", game_id, after=version, limit=1, wait=self.wait, wake="my_turn")

    def play_turn(self, game_id: int) -> None:
        """Reads the game's view and, if it is still this account's turn, plays it."""
        try:
            view = self._call_json("get_view", game_id)
        except self.ApiError as error:
            if error.code == "game_not_started":
                return
            raise
        if view["is_over"]:
            self._finish(game_id, view)
        elif view["legal_actions"]:
            self._play(game_id, view)
        else:
            self._seat(game_id, view)

    def _seat(self, game_id: int, view: dict) -> BotSeat:
        """The game's bot, made and started with `view` the first time."""
        seat = self.seats.get(game_id)
        if seat is None:
            seat = self.seats[game_id] = BotSeat(self.factory(random.Random(f"{game_id}")), view["seat"])
            seat.begin(view_from_dict(view))
        return seat

    def _play(self, game_id: int, view: dict) -> None:
        version = view["version"]
        action = self._seat(game_id, view).act(view_from_dict(view))
        fields = {key: value for key, value in action_to_dict(action).items() if key != "seat"}
        try:
            self.session.act(game_id, fields, version)
        except self.ApiError as error:
            if error.code in TURN_MOVED_ON:
                self._say(f"game {game_id}: the turn moved on ({error.code}); reading it again")
                return
            raise
        described = " ".join(f"{key}={value}" for key, value in fields.items() if key != "kind")
        self._say(
            f"game {game_id} turn {view['turn']} seat {view['seat']} ({self.strategy_name}): "
            f"{fields['kind']} {described}"
        )

    def _finish(self, game_id: int, view: dict | None = None) -> None:
        """Tells the game's bot that the game is over and forgets it."""
        if view is None:
            try:
                view = self._call_json("get_view", game_id)
            except self.ApiError:
                self.seats.pop(game_id, None)
                return
        seat = self.seats.pop(game_id, None)
        if seat is not None:
            seat.end(view_from_dict(view))
        if self.game_id is not None or seat is not None:
            self._say(f"game {game_id} over: score {view['score']} ({view['end_condition']})")

    def _accept(self, game_id: int) -> None:
        """Takes the seat reserved for the account in a lobby game, if it is still free."""
        try:
            game = self._call("join_game", game_id, body=self.sdk["JoinRequest"]())
        except self.ApiError as error:
            if error.code in INVITATION_GONE or error.code == "seat_reserved":
                return
            raise
        self._say(f"game {game_id}: took the seat reserved for this account ({game.status})")
        if game.status == "running":
            self.play_turn(game_id)

    def _has_running_games(self) -> bool:
        return bool(self._call("list_my_games", status="running", limit=1).items)

    def _check_token(self) -> None:
        """BotError when the token lacks a scope a bot needs; a word when it has more."""
        try:
            scopes = set(self._call("get_current_token").scopes)
        except self.ApiError as error:
            raise BotError(f"the server answered {error.status} {error.code}: {error.detail}") from None
        missing = [scope for scope in NEEDED_SCOPES if scope not in scopes]
        if missing:
            raise BotError(f"the token lacks the scope {', '.join(missing)}; a bot needs a token with read and play")
        extra = sorted(scopes - set(NEEDED_SCOPES))
        if extra:
            self._say(
                f"this token may also {', '.join(extra)}; a bot needs only read and play "
                '(POST /v1/tokens {"scopes": ["read", "play"]} issues such a token)'
            )

    def _call(self, operation: str, *args, **kwargs):
        return self.session.call(self.sdk[operation], *args, **kwargs)

    def _call_json(self, operation: str, *args, **kwargs):
        return self.session.call_json(self.sdk[operation], *args, **kwargs)

    def _retrying(self, failure: Exception, delay: float) -> None:
        self._say(f"server unreachable ({type(failure).__name__}: {failure}); retrying in {delay:.1f} s")

    def _say(self, line: str) -> None:
        print(f"hanabi bot: {line}", file=self.log, flush=True)


def _interrupt(signum, frame):
    raise KeyboardInterrupt
