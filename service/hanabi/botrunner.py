"""`hanabi bot`: plays an account's seats with a built-in strategy against any server, through
the generated SDK (`hanabi_client`).

All state is on the server: the runner asks "where is it my turn?" (a long poll, so no busy
polling), reads its view, and posts the strategy's action with the view's version as
`expected_version` and an `Idempotency-Key` made of (game, version). A retry after a network
error therefore replays the stored answer instead of playing again, and an action computed
from a stale view is refused (409) rather than played. After a connection error, a timeout or
a 5xx it backs off and resumes from whatever the server says now.

A bot needs a token with the scopes `read` and `play` and nothing more: the runner checks its
token first, stops when a scope is missing and says so when the token could do more.
"""

import json
import random
import signal
import sys
import time
from typing import TextIO

from .bots import get_strategy
from .engine import action_to_dict
from .engine import view_from_dict

MIN_BACKOFF = 0.5
MAX_BACKOFF = 10.0
TURN_MOVED_ON = frozenset({"version_conflict", "not_your_turn", "game_over"})
NEEDED_SCOPES = ("read", "play")


class BotError(Exception):
    """A problem that retrying cannot fix (a refused token, an unknown game, a missing SDK)."""


class Unavailable(Exception):
    """The server cannot answer now (a 5xx); try again later."""


def _sdk():
    try:
        import hanabi_client
        import httpx
        from hanabi_client.api.events import list_events
        from hanabi_client.api.games import get_game
        from hanabi_client.api.me import list_my_games, list_my_turn
        from hanabi_client.api.play import act, get_view
        from hanabi_client.api.tokens import get_current_token
        from hanabi_client.models import ActionRequest
    except ImportError as error:
        raise BotError(
            f"the SDK is not installed ({error}); install it with `pip install ./sdk/hanabi-sdk` or `make setup`"
        ) from None
    return (
        httpx,
        hanabi_client,
        list_events,
        get_game,
        list_my_games,
        list_my_turn,
        act,
        get_view,
        ActionRequest,
        get_current_token,
    )


def idempotency_key(game_id: int, version: int) -> str:
    return f"hanabi-bot-{game_id}-{version}"


class Backoff:
    """Capped exponential delays: MIN_BACKOFF, twice that, ... up to MAX_BACKOFF."""

    def __init__(self) -> None:
        self.delay = MIN_BACKOFF

    def next(self) -> float:
        delay = self.delay
        self.delay = min(self.delay * 2, MAX_BACKOFF)
        return delay

    def reset(self) -> None:
        self.delay = MIN_BACKOFF


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
        self.strategy = get_strategy(strategy)
        self.game_id = game_id
        self.once = once
        self.wait = wait
        self.log = log
        (
            self._httpx,
            hanabi_client,
            self._list_events,
            self._get_game,
            self._list_my_games,
            self._list_my_turn,
            self._act,
            self._get_view,
            self._action_request,
            self._get_current_token,
        ) = _sdk()
        self._token_checked = False
        # The read timeout outlasts the long poll, so a quiet wait never looks like a failure.
        timeout = self._httpx.Timeout(wait + 30, connect=5)
        self.client = hanabi_client.AuthenticatedClient(url.rstrip("/"), token=token, timeout=timeout)

    def run(self) -> None:
        """Plays until done (see step); returns normally on SIGINT or SIGTERM."""
        previous = signal.signal(signal.SIGTERM, _interrupt)
        backoff = Backoff()
        try:
            while True:
                try:
                    if self.step():
                        return
                    backoff.reset()
                except (self._httpx.TransportError, Unavailable, json.JSONDecodeError) as error:
                    delay = backoff.next()
                    self._say(f"server unreachable ({type(error).__name__}: {error}); retrying in {delay:g} s")
                    time.sleep(delay)
        except KeyboardInterrupt:
            self._say("interrupted; stopping")
        finally:
            signal.signal(signal.SIGTERM, previous)
            self.client.get_httpx_client().close()

    def step(self) -> bool:
        """One round of waiting and playing; True when the runner is done."""
        if not self._token_checked:
            self._check_token()
        if self.game_id is not None:
            return self._step_one_game(self.game_id)
        if self.once and not self._has_running_games():
            self._say("no running games left")
            return True
        page = self._checked(self._list_my_turn.sync_detailed(client=self.client, wait=self.wait))
        for game in page.items:
            self.play_turn(game.id)
        return False

    def _step_one_game(self, game_id: int) -> bool:
        response = self._get_view.sync_detailed(game_id, client=self.client)
        if response.status_code == 409 and _code(response) == "game_not_started":
            version = self._checked(self._get_game.sync_detailed(game_id, client=self.client)).version
        else:
            self._checked(response)
            view = json.loads(response.content)
            if view["is_over"]:
                self._say(f"game {game_id} over: score {view['score']} ({view['end_condition']})")
                return True
            if view["legal_actions"]:
                self._play(game_id, view)
                return False
            version = view["version"]
        self._checked(
            self._list_events.sync_detailed(game_id, client=self.client, after=version, limit=1, wait=self.wait)
        )
        return False

    def _has_running_games(self) -> bool:
        page = self._checked(self._list_my_games.sync_detailed(client=self.client, status="running", limit=1))
        return bool(page.items)

    def play_turn(self, game_id: int) -> None:
        """Reads the game's view and, if it is still this account's turn, plays it."""
        response = self._get_view.sync_detailed(game_id, client=self.client)
        self._checked(response)
        view = json.loads(response.content)
        if not view["is_over"] and view["legal_actions"]:
            self._play(game_id, view)

    def _play(self, game_id: int, view: dict) -> None:
        version = view["version"]
        action = self.strategy(view_from_dict(view), random.Random(f"{game_id}:{version}"))
        fields = {key: value for key, value in action_to_dict(action).items() if key != "seat"}
        response = self._act.sync_detailed(
            game_id,
            client=self.client,
            body=self._action_request.from_dict({**fields, "expected_version": version}),
            idempotency_key=idempotency_key(game_id, version),
        )
        if response.status_code != 200 and _code(response) in TURN_MOVED_ON:
            self._say(f"game {game_id}: the turn moved on ({_code(response)}); reading it again")
            return
        self._checked(response)
        described = " ".join(f"{key}={value}" for key, value in fields.items() if key != "kind")
        self._say(
            f"game {game_id} turn {view['turn']} seat {view['seat']} ({self.strategy_name}): {fields['kind']} {described}"
        )

    def _check_token(self) -> None:
        """BotError when the token lacks a scope a bot needs; a word when it has more."""
        scopes = set(self._checked(self._get_current_token.sync_detailed(client=self.client)).scopes)
        missing = [scope for scope in NEEDED_SCOPES if scope not in scopes]
        if missing:
            raise BotError(f"the token lacks the scope {', '.join(missing)}; a bot needs a token with read and play")
        extra = sorted(scopes - set(NEEDED_SCOPES))
        if extra:
            self._say(
                f"this token may also {', '.join(extra)}; a bot needs only read and play "
                '(POST /v1/tokens {"scopes": ["read", "play"]} issues such a token)'
            )
        self._token_checked = True

    def _checked(self, response):
        """The parsed answer of a 2xx response; Unavailable for a 5xx, BotError otherwise."""
        status = response.status_code
        if status >= 500:
            raise Unavailable(f"the server answered {status}")
        if not 200 <= status < 300:
            raise BotError(
                f"the server answered {status} {_code(response)}: {response.content.decode(errors='replace')}"
            )
        return response.parsed if response.parsed is not None else True

    def _say(self, line: str) -> None:
        print(f"hanabi bot: {line}", file=self.log, flush=True)


def _code(response) -> str | None:
    """The stable `code` of a problem answer, if it has one."""
    try:
        return json.loads(response.content).get("code")
    except (ValueError, AttributeError):
        return None


def _interrupt(signum, frame):
    raise KeyboardInterrupt
