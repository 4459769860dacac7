"""Import and export of hanab.live's game JSON, the interchange format of the Hanabi community.

A game file is replayed action by action; the first problem, whether malformed data or an
illegal move, raises HanabLiveError naming the 0-based index of the bad action. Nothing is
imported halfway. Import is lenient about the shapes of file hanab.live has written over the
years (older key names, extra metadata) and strict about play. The mapping is documented in
docs/hanablive.md.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .actions import OUTSIDE_ENDS, Action, ColorClue, Discard, EndCondition, EndGame, Play, RankClue, Reorder
from .deck import Card, validate_deck
from .errors import EngineError, IllegalAction, InvalidDeck, InvalidOptions
from .options import MAX_CLUE_TOKENS, MAX_PLAYERS, MAX_STRIKES, MIN_CLUE_TOKENS, MIN_PLAYERS, MIN_STRIKES, GameOptions
from .state import GameState, new_game
from .timeline import replay
from .variants import get_variant

PLAY, DISCARD, COLOR_CLUE, RANK_CLUE, GAME_OVER, GAME_OVER_BY_VOTE = 0, 1, 2, 3, 4, 5
ACTION_TYPE_NAMES = {
    PLAY: "play",
    DISCARD: "discard",
    COLOR_CLUE: "color clue",
    RANK_CLUE: "rank clue",
    GAME_OVER: "game over",
    GAME_OVER_BY_VOTE: "game over by vote",
}

EXPORTABLE_END_CONDITIONS = OUTSIDE_ENDS
"""The end conditions hanab.live writes as a game-over action; the others follow from the moves."""

DEFAULT_PLAYER_NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily", "Frank")

TOP_LEVEL_KEYS = ("players", "deck", "actions", "options", "notes", "characters", "id", "seed")
OLD_TOP_LEVEL_OPTIONS = {"variant": "variant", "firstPlayer": "startingPlayer", "startingPlayer": "startingPlayer"}
"""Options that older hanab.live files wrote at the top level, and their place in "options"."""
ACTION_KEYS = ("type", "target", "value", "announce")
IGNORED_ACTION_KEYS = ("tableID",)
"""Keys older hanab.live files wrote in each action, with no bearing on the game."""
CARD_KEYS = ("suitIndex", "rank")
END_AT_BEST_SCORE = "endAtBestScore"
"""Our own option key: hanab.live always ends a game once no card can raise the score, so a
file without it has that rule; an export of a game played on without it writes false."""
OLD_SUIT_KEY = "suit"
"""What older hanab.live files called a deck card's suitIndex."""

HARMLESS_OPTIONS = {
    "timed": bool,
    "timeBase": int,
    "timePerTurn": int,
    "speedrun": bool,
    "cardCycle": bool,
}
"""hanab.live options that change no rule we implement: kept as they are, and exported again."""

UNSUPPORTED_OPTIONS = {
    "oneExtraCard": "one extra card in every hand",
    "oneLessCard": "one card less in every hand",
    "detrimentalCharacters": "detrimental characters",
}
"""hanab.live options whose rules we do not implement: accepted only when false."""

_OPTION_TYPES = {
    "variant": str,
    "emptyClues": bool,
    "allOrNothing": bool,
    "startingPlayer": int,
    "clueTokens": int,
    "maxStrikes": int,
    "timedDisplay": bool,
    "deckPlays": bool,
    END_AT_BEST_SCORE: bool,
    **HARMLESS_OPTIONS,
    **dict.fromkeys(UNSUPPORTED_OPTIONS, bool),
}
_TYPE_WORDS = {bool: "true or false", int: "a whole number", str: "a string"}


class HanabLiveError(EngineError):
    """A game file that cannot be imported (or a game that cannot be exported).

    `action_index` is the 0-based index of the first bad action, or None when the problem is
    outside the actions. `code` is stable; `message` is a sentence for people.
    """

    code = "hanablive_error"

    def __init__(self, code: str, message: str, action_index: int | None = None):
        super().__init__(code, message)
        self.action_index = action_index


@dataclass(frozen=True)
class ImportedGame:
    options: GameOptions
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    players: tuple[str, ...]
    state: GameState
    """The game after every action."""
    id: int | None = None
    seed: str | None = None
    notes: tuple[tuple[str, ...], ...] | None = None
    extra_options: dict[str, Any] = field(default_factory=dict)
    """hanab.live options that change none of our rules (e.g. timeBase), as they were given."""

    def to_hanablive(self) -> dict[str, Any]:
        """The game as hanab.live JSON again, with its names, metadata and extra options."""
        return export_game(
            self.options,
            self.deck,
            self.actions,
            self.players,
            id=self.id,
            seed=self.seed,
            notes=self.notes,
            extra_options=self.extra_options,
        )


# ---- import -------------------------------------------------------------------------------


def import_game(data: Any) -> ImportedGame:
    """Read a hanab.live game (parsed JSON) and replay it. Raises HanabLiveError."""
    _require(isinstance(data, dict), "not_an_object", f"A hanab.live game must be a JSON object, not {_kind(data)}.")
    _reject_unknown_keys(data, (*TOP_LEVEL_KEYS, *OLD_TOP_LEVEL_OPTIONS), "unknown_key", "The game has an unknown key")
    for key in ("players", "deck", "actions"):
        _require(key in data, "missing_key", f'The game has no "{key}".')

    players = _import_players(data["players"])
    options, extra_options = _import_options(_merged_options(data), len(players))
    deck = _import_deck(data["deck"], options)
    _import_characters(data.get("characters"))
    notes = _import_notes(data["notes"]) if "notes" in data else None
    game_id = data.get("id")
    _require(
        "id" not in data or _is_int(game_id), "invalid_type", f'"id" must be a whole number, not {_kind(game_id)}.'
    )
    seed = data.get("seed")
    _require(
        "seed" not in data or isinstance(seed, str), "invalid_type", f'"seed" must be a string, not {_kind(seed)}.'
    )

    raw_actions = data["actions"]
    _require(isinstance(raw_actions, list), "invalid_type", f'"actions" must be a list, not {_kind(raw_actions)}.')
    state = new_game(options, deck)
    actions = []
    for index, raw in enumerate(raw_actions):
        action = _import_action(raw, index, state)
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise HanabLiveError(error.code, f"Action {index}: {error.message}", index) from None
        actions.append(action)

    return ImportedGame(
        options=options,
        deck=deck,
        actions=tuple(actions),
        players=players,
        state=state,
        id=game_id,
        seed=seed,
        notes=notes,
        extra_options=extra_options,
    )


def _merged_options(data: dict[str, Any]) -> Any:
    """The game's options, with those an older file wrote at the top level moved in."""
    raw = data.get("options", {})
    old = {OLD_TOP_LEVEL_OPTIONS[key]: data[key] for key in OLD_TOP_LEVEL_OPTIONS if key in data}
    if not old or not isinstance(raw, dict):
        return raw
    for key, value in old.items():
        _require(
            raw.get(key, value) == value,
            "invalid_option",
            f'The game gives "{key}" twice, with different values ({raw.get(key)!r} and {value!r}).',
        )
    return {**old, **raw}


def _import_players(players: Any) -> tuple[str, ...]:
    _require(isinstance(players, list), "invalid_type", f'"players" must be a list of names, not {_kind(players)}.')
    _require(
        MIN_PLAYERS <= len(players) <= MAX_PLAYERS,
        "invalid_player_count",
        f"Hanabi is played by {MIN_PLAYERS} to {MAX_PLAYERS} players; the game lists {len(players)}.",
    )
    for seat, name in enumerate(players):
        _require(isinstance(name, str), "invalid_type", f"Player {seat}'s name must be a string, not {_kind(name)}.")
    return tuple(players)


def _import_options(raw: Any, players: int) -> tuple[GameOptions, dict[str, Any]]:
    _require(isinstance(raw, dict), "invalid_type", f'"options" must be an object, not {_kind(raw)}.')
    _check_option_types(raw)
    variant = raw.get("variant", "No Variant")
    try:
        get_variant(variant)
    except InvalidOptions as error:
        raise HanabLiveError(error.code, error.message) from None
    _check_unsupported_options(raw)
    clue_tokens = raw.get("clueTokens", 8)
    _require(
        MIN_CLUE_TOKENS <= clue_tokens <= MAX_CLUE_TOKENS,
        "invalid_option",
        f'"clueTokens" must be between {MIN_CLUE_TOKENS} and {MAX_CLUE_TOKENS}, not {clue_tokens}.',
    )
    max_strikes = raw.get("maxStrikes", 3)
    _require(
        MIN_STRIKES <= max_strikes <= MAX_STRIKES,
        "invalid_option",
        f'"maxStrikes" must be between {MIN_STRIKES} and {MAX_STRIKES}, not {max_strikes}.',
    )
    starting_seat = raw.get("startingPlayer", 0)
    _require(
        0 <= starting_seat < players,
        "invalid_option",
        f'"startingPlayer" must be a seat of this game (0 to {players - 1}), not {starting_seat}.',
    )
    try:
        options = GameOptions(
            players=players,
            variant=variant,
            clue_tokens=clue_tokens,
            max_strikes=max_strikes,
            empty_clues=raw.get("emptyClues", False),
            all_or_nothing=raw.get("allOrNothing", False),
            timed_display=raw.get("timedDisplay", False),
            starting_seat=starting_seat,
            deck_plays=raw.get("deckPlays", False),
            end_at_best_score=raw.get(END_AT_BEST_SCORE, True),
        )
    except InvalidOptions as error:
        raise HanabLiveError(error.code, error.message) from None
    extra = {key: value for key, value in raw.items() if key in HARMLESS_OPTIONS or key in UNSUPPORTED_OPTIONS}
    return options, extra


def _check_option_types(options: dict[str, Any]) -> None:
    for key, value in options.items():
        _require(
            key in _OPTION_TYPES,
            "unknown_option",
            f'Unknown option "{key}"; supported options are {_quoted(_OPTION_TYPES)}.',
        )
        expected = _OPTION_TYPES[key]
        ok = _is_int(value) if expected is int else isinstance(value, expected)
        _require(ok, "invalid_type", f'Option "{key}" must be {_TYPE_WORDS[expected]}, not {_kind(value)}.')


def _check_unsupported_options(options: dict[str, Any]) -> None:
    for key, rule in UNSUPPORTED_OPTIONS.items():
        _require(
            not options.get(key, False),
            "unsupported_option",
            f'Option "{key}" ({rule}) changes rules this service does not implement.',
        )


def _import_deck(raw: Any, options: GameOptions) -> tuple[Card, ...]:
    _require(isinstance(raw, list), "invalid_type", f'"deck" must be a list of cards, not {_kind(raw)}.')
    cards = []
    for index, entry in enumerate(raw):
        _require(
            isinstance(entry, dict),
            "invalid_deck",
            f'Deck card {index} must be an object with "suitIndex" and "rank", not {_kind(entry)}.',
        )
        if OLD_SUIT_KEY in entry and "suitIndex" not in entry:
            entry = {("suitIndex" if key == OLD_SUIT_KEY else key): value for key, value in entry.items()}
        _reject_unknown_keys(entry, CARD_KEYS, "invalid_deck", f"Deck card {index} has an unknown key")
        for key in CARD_KEYS:
            _require(key in entry, "invalid_deck", f'Deck card {index} has no "{key}".')
            _require(
                _is_int(entry[key]),
                "invalid_deck",
                f'Deck card {index} has "{key}" {_kind(entry[key])}; it must be a whole number.',
            )
        cards.append((entry["suitIndex"], entry["rank"]))
    try:
        return validate_deck(options.variant_rules, cards)
    except InvalidDeck as error:
        raise HanabLiveError(error.code, error.message) from None


def _import_characters(characters: Any) -> None:
    _require(
        characters is None or characters == [],
        "unsupported_option",
        "The game assigns detrimental characters, whose rules this service does not implement.",
    )


def _import_notes(notes: Any) -> tuple[tuple[str, ...], ...]:
    valid = isinstance(notes, list) and all(
        isinstance(seat_notes, list) and all(isinstance(note, str) for note in seat_notes) for seat_notes in notes
    )
    _require(valid, "invalid_type", '"notes" must be a list (one per player) of lists of strings.')
    return tuple(tuple(seat_notes) for seat_notes in notes)


def _import_action(raw: Any, index: int, state: GameState) -> Action:
    """Turn one hanab.live action into ours; the acting seat is the seat whose turn it is."""

    def check(condition: bool, code: str, message: str) -> None:
        _require(condition, code, f"Action {index}: {message}", index)

    check(isinstance(raw, dict), "invalid_action", f"an action must be an object, not {_kind(raw)}.")
    _reject_unknown_keys(
        raw, (*ACTION_KEYS, *IGNORED_ACTION_KEYS), "invalid_action", f"Action {index}: unknown key", index
    )
    for key in ("type", "target"):
        check(key in raw, "invalid_action", f'the action has no "{key}".')
        check(_is_int(raw[key]), "invalid_action", f'"{key}" must be a whole number, not {_kind(raw[key])}.')
    kind, target = raw["type"], raw["target"]
    check(
        kind in ACTION_TYPE_NAMES,
        "invalid_action_type",
        f"unknown action type {kind}; types are "
        + ", ".join(f"{number} ({name})" for number, name in ACTION_TYPE_NAMES.items())
        + ".",
    )
    name = ACTION_TYPE_NAMES[kind]
    if kind in (COLOR_CLUE, RANK_CLUE, GAME_OVER):
        check("value" in raw, "invalid_action", f'a {name} needs a "value".')
    if "value" in raw:
        check(_is_int(raw["value"]), "invalid_action", f'"value" must be a whole number, not {_kind(raw["value"])}.')
    value = raw.get("value")
    if kind in (PLAY, DISCARD) and _is_inverted(state, target):
        kind = DISCARD if kind == PLAY else PLAY
    if "announce" in raw:
        check(kind == PLAY, "invalid_action", f"only a play can announce a suit, not a {name}.")
        check(
            _is_int(raw["announce"]),
            "invalid_action",
            f'"announce" must be a suit index, not {_kind(raw["announce"])}.',
        )
    seat = state.current_seat

    if kind == PLAY and not state.is_over and state.next_card <= target < len(state.deck):
        last = state.options.deck_plays and target == state.next_card == len(state.deck) - 1
        check(
            last,
            "deck_play",
            f"card {target} is still in the deck; with hanab.live's deckPlays option only the last card of "
            "the deck may be played from it, and without it none.",
        )
    if kind == PLAY:
        return Play(seat, target, raw.get("announce"))
    if kind == DISCARD:
        return Discard(seat, target)
    if kind == COLOR_CLUE:
        return ColorClue(seat, target, value)
    if kind == RANK_CLUE:
        return RankClue(seat, target, value)
    if kind == GAME_OVER_BY_VOTE:
        return EndGame(target, EndCondition.TERMINATED_BY_VOTE)
    recordable = {int(condition): condition for condition in EXPORTABLE_END_CONDITIONS}
    known = {int(condition): f"{condition.label} ({int(condition)})" for condition in EndCondition}
    allowed = ", ".join(f"{c.label.replace('_', ' ')} ({int(c)})" for c in EXPORTABLE_END_CONDITIONS)
    check(
        value in recordable,
        "invalid_end_condition",
        f"a game-over action can only record one of {allowed}, not {known.get(value, value)}; "
        "the other ends follow from the moves.",
    )
    return EndGame(target, recordable[value])


# ---- export -------------------------------------------------------------------------------


def export_game(
    options: GameOptions,
    deck: Iterable[Any],
    actions: Iterable[Action],
    players: Iterable[str] | None = None,
    *,
    id: int | None = None,
    seed: str | None = None,
    notes: Iterable[Iterable[str]] | None = None,
    extra_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The game as hanab.live JSON. Options at their defaults are left out; reorders are
    dropped (cards are named by id, so they change nothing). The game is replayed first, so
    an illegal one raises HanabLiveError naming its first bad action instead of being written."""
    actions = tuple(actions)
    try:
        state = replay(options, deck, actions)
    except IllegalAction as error:
        raise HanabLiveError(error.code, error.message, getattr(error, "action_index", None)) from None
    players = tuple(DEFAULT_PLAYER_NAMES[: options.players] if players is None else players)
    _require(
        len(players) == options.players,
        "invalid_player_count",
        f"{len(players)} player names were given for a game of {options.players} players.",
    )
    data: dict[str, Any] = {
        "players": list(players),
        "deck": [{"suitIndex": card.suit, "rank": card.rank} for card in state.deck],
        "actions": [_export_action(action, state) for action in actions if not isinstance(action, Reorder)],
    }
    exported_options = _export_options(options, extra_options or {})
    if exported_options:
        data["options"] = exported_options
    if notes is not None:
        data["notes"] = [list(seat_notes) for seat_notes in notes]
    if id is not None:
        data["id"] = id
    if seed is not None:
        data["seed"] = seed
    return data


def _export_options(options: GameOptions, extra: dict[str, Any]) -> dict[str, Any]:
    _reject_unknown_keys(
        extra,
        (*HARMLESS_OPTIONS, *UNSUPPORTED_OPTIONS),
        "unknown_option",
        "extra_options may hold only hanab.live options with no rule of ours, not",
    )
    _check_option_types(extra)
    _check_unsupported_options(extra)
    defaults = _hanablive_options(GameOptions(players=options.players, end_at_best_score=True))
    result = {key: value for key, value in _hanablive_options(options).items() if value != defaults[key]}
    result.update(extra)
    return result


def _hanablive_options(options: GameOptions) -> dict[str, Any]:
    return {
        "variant": options.variant,
        "emptyClues": options.empty_clues,
        "allOrNothing": options.all_or_nothing,
        "startingPlayer": options.starting_seat,
        "clueTokens": options.clue_tokens,
        "maxStrikes": options.max_strikes,
        "timedDisplay": options.timed_display,
        "deckPlays": options.deck_plays,
        END_AT_BEST_SCORE: options.end_at_best_score,
    }


def _is_inverted(state: GameState, card: int) -> bool:
    """Whether the card is of an Orange suit. hanab.live's files record what became of such a
    card (a play that discarded it is a discard), ours what its player did: the two swap."""
    return 0 <= card < len(state.deck) and state.deck[card].suit in state.lookups.inverted


def _export_action(action: Action, state: GameState) -> dict[str, Any]:
    if isinstance(action, (Play, Discard)):
        played = isinstance(action, Play) != _is_inverted(state, action.card)
        data = {"type": PLAY if played else DISCARD, "target": action.card, "value": 0}
        if isinstance(action, Play) and action.announce is not None:
            data["announce"] = action.announce
        return data
    if isinstance(action, ColorClue):
        return {"type": COLOR_CLUE, "target": action.target, "value": action.color}
    if isinstance(action, RankClue):
        return {"type": RANK_CLUE, "target": action.target, "value": action.rank}
    if isinstance(action, EndGame):
        return {"type": GAME_OVER, "target": action.seat, "value": int(action.condition)}
    raise TypeError(f"{action!r} has no hanab.live action (reorders are not exported)")


# ---- outcome ------------------------------------------------------------------------------


def outcome(state: GameState) -> dict[str, Any]:
    """The result of a (possibly unfinished) game, as `hanabi replay` prints it."""
    return {
        "score": state.score,
        "fireworks": list(state.fireworks),
        "strikes": state.strikes,
        "clue_tokens": state.clue_tokens + 0.5 if state.half_clue_token else state.clue_tokens,
        "turns": state.turn,
        "end_condition": state.end_condition.label,
    }


# ---- helpers ------------------------------------------------------------------------------


def _require(condition: bool, code: str, message: str, action_index: int | None = None) -> None:
    if not condition:
        raise HanabLiveError(code, message, action_index)


def _reject_unknown_keys(
    data: dict[str, Any], known: Iterable[str], code: str, where: str, action_index: int | None = None
) -> None:
    for key in data:
        if key not in known:
            raise HanabLiveError(code, f'{where} "{key}"; known keys are {_quoted(known)}.', action_index)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _kind(value: Any) -> str:
    """How a JSON value reads in an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return f'the string "{value[:40]}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{name}"' for name in names)
