"""The examples of the description: a view, a replay, an event log, a game and a lobby page, a
seat, a legal action and the requests that play it, an inbox page, lines of the account's
stream, a hanab.live export, a watch link, accounts, sessions, vacations and tokens, an app's
players, the arena's entries, ratings, deals, challenges and online bots, webhooks and their
deliveries, chat, notes, passkeys and the common problems. Each is made by the API's own
presenters, response schemas, error handler and the webauthn package from a game played offline
and records like the store's, so each is an answer the server gives, or a body it takes
(tests/api/test_openapi_models.py validates them against their schemas and checks that each
uses only members of real answers)."""

import dataclasses
import json
from datetime import UTC, datetime, timedelta

from webauthn import generate_authentication_options, generate_registration_options, options_to_json
from webauthn.helpers.structs import AuthenticatorSelectionCriteria, ResidentKeyRequirement, UserVerificationRequirement

from hanabi.arena import challenges as arena_challenges
from hanabi.arena import reads as arena_reads
from hanabi.arena import store as arena_store
from hanabi.engine import (
    Discard,
    EndCondition,
    EndGame,
    GameOptions,
    IllegalAction,
    Play,
    RankClue,
    action_to_dict,
    get_variant,
    new_game,
    shuffled_deck,
    state_at_turn,
)
from hanabi.engine.hanablive import export_game
from hanabi.runtime.logs import REQUEST_ID
from hanabi.store.account_events import AccountEvent
from hanabi.store.errors import NotFound, VersionConflict
from hanabi.store.records import Game, GameEvent, Seat
from hanabi.store.webhooks import Delivery

from . import accounts, apps, embeds, health, me, passkeys, sessions, table, tokens, webhooks
from .arena_schemas import (
    BotLinesSchema,
    ChallengeListSchema,
    ChallengeSchema,
    DealSchema,
    EntrySchema,
    LeaderboardSchema,
    OnlineSchema,
    ProfileSchema,
    entry_dump,
    online_bot_dump,
    rating_dump,
)
from .errors import handle_error
from .events import EventPageSchema
from .games import CreateGameRequestSchema
from .inputs import NOT_FOUND
from .present import game_summary, player_names, public_events, view_payload
from .schemas.games import GamePageSchema, GameSchema
from .scopes import insufficient_scope

GAME_ID = 42
NAMES = {1: "alice", 2: "bob"}
STARTED = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
SEED = "example"
"""The seed the example game's deck is shuffled with."""
REQUEST = "5f0c6b2ad0e94c7f8a3e1b9d2c4f6a80"
"""The id of the request each problem example answers (a problem carries its request's id)."""


def _moment(seq: int) -> datetime:
    return STARTED + timedelta(seconds=10 * seq)


def _played_game():
    """A game of two players (alice, seat 0, and bob) after a clue, a discard and a play: its
    row, its event log and its state."""
    options = GameOptions(players=2)
    deck = shuffled_deck(get_variant(options.variant), SEED)
    state = new_game(options, deck)
    events = [
        GameEvent(GAME_ID, 1, "seat_joined", 0, {"account_id": 1}, _moment(1)),
        GameEvent(GAME_ID, 2, "seat_joined", 1, {"account_id": 2}, _moment(2)),
        GameEvent(GAME_ID, 3, "game_started", None, {}, _moment(3)),
    ]
    bobs_newest = state.hands[1][0]
    alices_one = next((card for card in state.hands[0] if state.card(card).rank == 1), state.hands[0][0])
    moves = (
        RankClue(0, 1, state.card(bobs_newest).rank),
        Discard(1, state.hands[1][-1]),
        Play(0, alices_one, None),
    )
    for move in moves:
        state = state.apply(move)
        seq = len(events) + 1
        events.append(GameEvent(GAME_ID, seq, move.kind, move.seat, action_to_dict(move), _moment(seq)))
    seats = tuple(Seat(seat, None, account_id, None, _moment(seat + 1)) for seat, account_id in enumerate(NAMES))
    game = Game(
        id=GAME_ID,
        options=options,
        deck=deck,
        seed=None,
        creator_id=1,
        status="running",
        version=len(events),
        free_seats=0,
        turn=state.turn,
        current_seat=state.current_seat,
        score=state.score,
        end_condition=state.end_condition.label,
        created_at=STARTED,
        updated_at=events[-1].created_at,
        deadline=None,
        seats=seats,
        turn_started_at=events[-1].created_at,
    )
    return game, events, state


def _problem(error: Exception) -> dict:
    answering = REQUEST_ID.set(REQUEST)
    try:
        return json.loads(handle_error(error).get_data(as_text=True))
    finally:
        REQUEST_ID.reset(answering)


def _problems(game: Game, state) -> list[dict]:
    code, sentence = NOT_FOUND["game_id"]
    out_of_turn = Discard(1 - state.current_seat, state.hands[1 - state.current_seat][0])
    try:
        state.apply(out_of_turn)
        raise AssertionError("a move out of turn is illegal")
    except IllegalAction as error:
        not_your_turn = _problem(error)
    try:
        CreateGameRequestSchema().load({"options": {"players": 7}, "seats": [{"kind": "bot"}]})
        raise AssertionError("seven players is not a game")
    except Exception as error:  # marshmallow's ValidationError
        invalid_request = _problem(error)
    return [
        _problem(NotFound(sentence.format(7), code)),
        not_your_turn,
        _problem(VersionConflict(game.id, game.version, game.version - 1)),
        invalid_request,
        _problem(insufficient_scope(["play"], "POST", f"/v1/games/{game.id}/actions")),
    ]


def _lobby_page(game: Game) -> dict:
    """The lobby's first page: a game of three that alice opened, one seat taken."""
    lobby = dataclasses.replace(
        game,
        id=GAME_ID + 1,
        options=GameOptions(players=3),
        status="lobby",
        version=1,
        free_seats=2,
        turn=0,
        current_seat=None,
        score=0,
        end_condition="in_progress",
        updated_at=_moment(1),
        turn_started_at=None,
        seats=(Seat(0, None, 1, None, _moment(1)), Seat(1, None, None, None, None), Seat(2, None, None, None, None)),
    )
    return GamePageSchema().dump({"items": [game_summary(lobby, NAMES)], "next_cursor": None})


def _accounts() -> dict[str, list]:
    alice = {"id": 1, "name": NAMES[1], "kind": "human", "created_at": STARTED}
    mine = {
        **alice,
        "has_password": True,
        "email": "alice@example.org",
        "email_verified": True,
        "notifications": {"your_turn": "daily", "game_over": "off", "deadline_reminder": "immediately"},
    }
    token = "hnb_3q2Zp8WkX1vN7rYt5uLc9bGd0sHf4jAeQm6TxKo_8Vw"
    every_scope = list(tokens.SCOPES)
    return {
        "Account": [accounts.AccountSchema().dump(alice)],
        "MyAccount": [accounts.MyAccountSchema().dump(mine)],
        "NewAccount": [
            accounts.NewAccountSchema().dump(
                {**mine, "has_password": False, "email": None, "email_verified": False, "token": token}
                | {"scopes": every_scope, "notifications": {**mine["notifications"], "your_turn": "immediately"}}
            )
        ],
        "Session": [
            sessions.SessionSchema().dump(
                {"token": token, "account": NAMES[1], "account_id": 1, "scopes": every_scope, "expires_at": None}
            )
        ],
        "VerifiedEmail": [sessions.VerifiedEmailSchema().dump({"account": NAMES[1], "email": mine["email"]})],
        "Unsubscribed": [
            sessions.UnsubscribedSchema().dump(
                {"account": NAMES[1], "notifications": dict.fromkeys(mine["notifications"], "off")}
            )
        ],
        "Vacation": [
            me.VacationSchema().dump(
                {
                    "active": True,
                    "started_at": _moment(360),
                    "ends_at": _moment(360) + timedelta(days=2),
                    "days_taken_this_year": 2,
                    "days_left_this_year": 12,
                    "days_per_year": 14,
                }
            )
        ],
        "Status": [health.StatusSchema().dump({"status": "ok"})],
        "Token": [
            tokens.TokenSchema().dump(
                {"token": token, "account": NAMES[1], "scopes": ["read", "play"], "expires_at": None}
            )
        ],
        "CurrentToken": [
            tokens.CurrentTokenSchema().dump(
                {"account": NAMES[1], "scopes": every_scope, "game_id": None, "expires_at": None}
            )
        ],
    }


def _arena() -> dict[str, list]:
    entry = arena_store.Entry(
        id=3,
        account_id=2,
        reference=None,
        version_label="v2",
        player_counts=(2, 3),
        variants=("No Variant",),
        entered_at=STARTED,
        left_at=None,
        name=NAMES[2],
    )
    standing = {
        "rank": 1,
        "entry": entry_dump(entry),
        "rating": {"mu": 27.5, "sigma": 2.1, "low": 23.3, "high": 31.7},
        "rated_deals": 40,
        "figures": {
            "deals": 40,
            "mean_score": 21.4,
            "paired": {"n": 40, "mean": 0.6, "standard_error": 0.4},
            "mean_strikes": 0.3,
            "timeouts": 0,
            "games": 40,
        },
        "online": True,
    }
    leaderboard = {
        "players": 2,
        "family": None,
        "anchor": "basic",
        "families": [{"family": "No Variant", "deals": 40, "shown": True}],
        "family_min_deals": 20,
        "standings": [standing],
    }
    rating = rating_dump(arena_reads.Rating(27.5, 2.1))
    profile = {
        "entry": entry_dump(entry),
        "ratings": [{"players": 2, "rating": rating, "rated_deals": 40, "figures": standing["figures"]}],
        "family_ratings": [],
        "history": [{"players": 2, "deal_id": 81, "mu": 27.5, "sigma": 2.1, "rated_at": _moment(360)}],
        "recent_games": [
            {
                "game_id": 412,
                "deal_id": 81,
                "players": 2,
                "variant": "No Variant",
                "seat": 1,
                "candidate": True,
                "published": True,
                "score": 23,
                "end_condition": "normal",
                "timed_out": False,
                "replay": "/v1/games/412/replay",
            }
        ],
    }
    deal = {
        "id": 81,
        "players": 2,
        "variant": "No Variant",
        "candidate_seat": 1,
        "seed": "arena-81-3f9c2a",
        "created_at": _moment(300),
        "published_at": _moment(360),
        "tables": [
            {
                "game_id": 412,
                "candidate_entry_id": entry.id,
                "seats": ["basic", NAMES[2]],
                "score": 23,
                "strikes": 1,
                "end_condition": "normal",
                "timed_out_seat": None,
            }
        ],
    }
    challenge = arena_challenges.Challenge(
        id=7,
        game_id=GAME_ID + 2,
        challenger_id=1,
        challenger=NAMES[1],
        bot_account_id=2,
        bot=NAMES[2],
        status="accepted",
        created_at=_moment(10),
        expires_at=_moment(10) + timedelta(minutes=10),
        answered_at=_moment(12),
    )
    online = arena_store.OnlineBot(account_id=2, name=NAMES[2], last_seen_at=_moment(360), entry=entry)
    lines = {
        "name": NAMES[2],
        "lines": [{"entry": entry_dump(entry), "ratings": [{"players": 2, "rating": rating, "rated_deals": 40}]}],
    }
    return {
        "Entry": [EntrySchema().dump(entry_dump(entry))],
        "Leaderboard": [LeaderboardSchema().dump(leaderboard)],
        "Profile": [ProfileSchema().dump(profile)],
        "Deal": [DealSchema().dump(deal)],
        "Challenge": [ChallengeSchema().dump(challenge)],
        "ChallengeList": [ChallengeListSchema().dump({"items": [challenge]})],
        "Online": [OnlineSchema().dump({"items": [online_bot_dump(online)]})],
        "BotLines": [BotLinesSchema().dump(lines)],
    }


WEBHOOK_SECRET = "whsec_Jx4mPq9Rt2Wv6Yb8Nc1Lf5Hd7Gk3Sa0Ze-Ui_TnMoP2"
"""An example webhook's secret, as hanabi.store.webhooks makes one (a prefix and 32 random bytes)."""


def _webhooks(game: Game) -> dict[str, list]:
    hook = {"id": 5, "url": "https://bots.example.org/hanabi/events", "created_at": STARTED}
    delivered = Delivery(
        id=31,
        webhook_id=hook["id"],
        type="your_turn",
        game_id=game.id,
        version=game.version,
        seat=game.current_seat,
        occurred_at=game.updated_at,
        status="delivered",
        attempts=2,
        next_attempt_at=None,
        last_attempt_at=game.updated_at + timedelta(seconds=3),
        last_status_code=204,
        last_failure=None,
        delivered_at=game.updated_at + timedelta(seconds=3),
        created_at=game.updated_at,
    )
    return {
        "Webhook": [webhooks.WebhookSchema().dump(hook)],
        "NewWebhook": [webhooks.NewWebhookSchema().dump({**hook, "secret": WEBHOOK_SECRET})],
        "WebhookList": [webhooks.WebhookListSchema().dump({"items": [hook]})],
        "Delivery": [webhooks.DeliverySchema().dump(delivered)],
        "DeliveryPage": [webhooks.DeliveryPageSchema().dump({"items": [delivered], "next_cursor": None})],
    }


def _watch_link(game: Game) -> dict:
    """A link that shows the game in the embeddable table for ten minutes, as POST /watch-links makes it."""
    token = "hnb_Pw5Tz1Qa8Mc3Rk7Vx0Ld4Nb9Gh2Sj6Ey_3Fu"
    return embeds.LinkSchema().dump(
        {
            "url": f"https://hanabi.example.org/embed/games/{game.id}#token={token}",
            "token": token,
            "game_id": game.id,
            "scopes": list(embeds.WATCH_SCOPES),
            "expires_at": game.updated_at + timedelta(minutes=10),
        }
    )


def _stream_lines(game: Game) -> list[dict]:
    """Lines of bob's event stream, as GET /v1/me/stream writes them: its first line, his turn
    and alice's chat."""
    turn = AccountEvent(
        58, "your_turn", game.id, {"seat": 1, "version": game.version, "turn": game.turn}, game.updated_at
    )
    said = AccountEvent(59, "chat", game.id, {"message_id": 2, "author_id": 1}, _moment(9), "nice play")
    return [json.loads(me._line({"type": "stream_started", "id": 57}))] + [
        json.loads(me._line(me._present(event, NAMES))) for event in (turn, said)
    ]


def _apps() -> dict[str, list]:
    """An app's player, ann of the app acme, and a token the app made for her."""
    player = {"id": 11, "name": "acme/ann", "user": "ann", "kind": "human", "created_at": STARTED, "app": "acme"}
    token = {"token": "hnb_Yc2Lr7Vq0Ws4Kx9Pm3Tb6Nf1Hd8Ga5Ze_2Jo", "account": player["name"]}
    return {
        "Player": [apps.PlayerSchema().dump(player)],
        "PlayerPage": [apps.PlayerPageSchema().dump({"items": [player], "next_cursor": None})],
        "PlayerToken": [
            apps.PlayerTokenSchema().dump({**token, "scopes": ["read", "play", "games:write"], "expires_at": None})
        ],
    }


def _table(chop: int) -> dict[str, list]:
    said = {"id": 1, "author": NAMES[2], "seat": 1, "text": "good luck!", "created_at": _moment(4)}
    note = {"card": chop, "text": "chop, a 5?"}
    return {
        "ChatMessage": [table.ChatMessageSchema().dump(said)],
        "ChatPage": [table.ChatPageSchema().dump({"messages": [said], "last_id": said["id"]})],
        "Note": [table.NoteSchema().dump(note)],
        "Notes": [table.NotesSchema().dump({"notes": [note]})],
    }


def _finished(game: Game, events: list[GameEvent]) -> tuple[Game, list]:
    """The game once bob resigned (after its events), and its actions."""
    resigned = EndGame(1, EndCondition.TERMINATED)
    seq = len(events) + 1
    ended = [*events, GameEvent(GAME_ID, seq, resigned.kind, resigned.seat, action_to_dict(resigned), _moment(seq))]
    finished = dataclasses.replace(game, status="finished", version=seq, end_condition=resigned.condition.label)
    return finished, [event.action for event in ended if event.action is not None]


def _replay(game: Game, events: list[GameEvent]) -> dict:
    """The finished game's replay at turn 1, as GET /v1/games/{id}/replay?turn=1 answers."""
    finished, actions = _finished(game, events)
    state, turns = state_at_turn(game.options, game.deck, actions, 1)
    return json.loads(json.dumps({**view_payload(finished, state, None), "turns": turns}, default=str))


def _export(game: Game, events: list[GameEvent]) -> dict:
    """The finished game as hanab.live JSON, as GET /v1/games/{id}/export answers."""
    finished, actions = _finished(game, events)
    return export_game(game.options, game.deck, actions, player_names(finished, NAMES), seed=SEED)


def _passkeys() -> dict[str, list]:
    """The options of both ceremonies, as the routes make them (a fixed challenge for the example)."""
    creation = generate_registration_options(
        rp_id="hanabi.example.org",
        rp_name=passkeys.RP_NAME,
        user_id=b"1",
        user_name=NAMES[1],
        challenge=b"an example challenge of 32 bytes",
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
        exclude_credentials=[],
    )
    request = generate_authentication_options(
        rp_id="hanabi.example.org",
        challenge=b"an example challenge of 32 bytes",
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    passkey = {"id": "q83vEjRWeJA", "name": "laptop", "created_at": STARTED, "last_used_at": _moment(360)}
    return {
        "PasskeyRegistrationOptions": [{"options": json.loads(options_to_json(creation))}],
        "PasskeySignInOptions": [{"options": json.loads(options_to_json(request))}],
        "Passkey": [passkeys.PasskeySchema().dump(passkey)],
        "PasskeyList": [passkeys.PasskeyListSchema().dump({"items": [passkey]})],
    }


def schema_examples() -> dict[str, list]:
    """The examples of each named schema of the description that has some."""
    game, events, state = _played_game()
    seat_of_view = 0
    log = public_events(game, events, seat_of_view, NAMES)
    view = json.loads(json.dumps(view_payload(game, state, seat_of_view), default=str))
    summary = GameSchema().dump(game_summary(game, NAMES))
    movers_view = view_payload(game, state, state.current_seat)
    legal = json.loads(json.dumps(movers_view["legal_actions"]))
    chosen = [next(action for action in legal if action["kind"] == kind) for kind in ("play", "rank_clue")]
    return {
        "View": [view],
        "EventPage": [EventPageSchema().dump({"events": log, "last_seq": log[-1]["seq"], "has_more": False})],
        "Game": [summary],
        "GamePage": [_lobby_page(game)],
        "Seat": summary["seats"],
        "LegalAction": chosen,
        "ActionRequest": [
            {**chosen[0], "expected_version": game.version},  # a legal action at the version seen
            {key: value for key, value in chosen[1].items() if key != "seat"},  # seat left out
        ],
        **_accounts(),
        **_arena(),
        "Replay": [_replay(game, events)],
        "HanabLiveGame": [_export(game, events)],
        "MyGamePage": [
            me.MyGamePageSchema().dump(
                {"items": [me._inbox_item(game, NAMES, "your_turn", game.current_seat, None)], "next_cursor": None}
            )
        ],
        "Link": [_watch_link(game)],
        "AccountEvent": _stream_lines(game),
        **_webhooks(game),
        **_apps(),
        **_table(state.hands[0][-1]),
        **_passkeys(),
        "Problem": _problems(game, state),
    }


def add_examples(spec) -> None:
    """Give the apispec `spec`'s schemas their examples (`examples`, JSON Schema's keyword)."""
    schemas = spec.components.schemas
    for name, examples in schema_examples().items():
        schemas[name]["examples"] = examples
