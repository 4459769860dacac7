"""Game options: player count, variant and the rule options of the rulebooks."""

from dataclasses import dataclass, fields
from typing import Any

from .errors import InvalidOptions
from .variants import Variant, get_variant

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZES = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}
MIN_CLUE_TOKENS, MAX_CLUE_TOKENS = 1, 32
MIN_STRIKES, MAX_STRIKES = 1, 3


@dataclass(frozen=True)
class GameOptions:
    """Everything that fixes the rules of one game. Invalid values raise InvalidOptions."""

    players: int
    variant: str = "No Variant"
    clue_tokens: int = 8
    """Clue tokens at the start and the most the team can hold."""
    max_strikes: int = 3
    """The strike that ends the game (3 in the base game; 1 or 2 for a harder one)."""
    empty_clues: bool = False
    """Allow clues that touch no card ("you have no blue cards")."""
    all_or_nothing: bool = False
    """No final round: play on until every firework is complete; anything less scores 0."""
    timed_display: bool = False
    """A play may announce the card's suit for a bonus clue token, at the risk of a strike."""
    starting_seat: int = 0
    deck_plays: bool = False
    """hanab.live's deckPlays: the last card of the deck may be played blind, from the deck."""
    end_at_best_score: bool = False
    """hanab.live's rule: the game ends (normally) as soon as no card left can raise the score,
    i.e. when the fireworks reach the best score still possible. Games imported from
    hanab.live have it on."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = bool if f.type in (bool, "bool") else int if f.type in (int, "int") else str
            if type(value) is not expected:
                raise InvalidOptions(
                    "invalid_option", f"Option {f.name} must be {_TYPE_WORDS[expected]}, not {value!r}."
                )
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InvalidOptions(
                "invalid_player_count",
                f"Hanabi is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}.",
            )
        if get_variant(self.variant).rules.throw_it_in_a_hole and self.timed_display:
            raise InvalidOptions(
                "invalid_option",
                "timed_display cannot be used in Throw It in a Hole: "
                "its bonus clue token would show that a hidden play scored.",
            )
        if not MIN_CLUE_TOKENS <= self.clue_tokens <= MAX_CLUE_TOKENS:
            raise InvalidOptions(
                "invalid_option",
                f"clue_tokens must be between {MIN_CLUE_TOKENS} and {MAX_CLUE_TOKENS}, not {self.clue_tokens}.",
            )
        if not MIN_STRIKES <= self.max_strikes <= MAX_STRIKES:
            raise InvalidOptions(
                "invalid_option",
                f"max_strikes must be between {MIN_STRIKES} and {MAX_STRIKES}, not {self.max_strikes}.",
            )
        if not 0 <= self.starting_seat < self.players:
            raise InvalidOptions(
                "invalid_option",
                f"starting_seat must be a seat of this game (0 to {self.players - 1}), not {self.starting_seat}.",
            )

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def variant_rules(self) -> Variant:
        return get_variant(self.variant)

    def to_dict(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in _FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameOptions":
        """Build options from JSON-like data; unknown keys are an error, not silently dropped."""
        if not isinstance(data, dict):
            raise InvalidOptions("invalid_option", "Options must be an object.")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known, key=repr)
        if unknown:
            raise InvalidOptions(
                "unknown_option", f"Unknown option {unknown[0]!r}; known options are {', '.join(sorted(known))}."
            )
        if "players" not in data:
            raise InvalidOptions("invalid_option", "Option players (the number of players) is required.")
        return cls(**data)


_TYPE_WORDS = {bool: "true or false", int: "a whole number", str: "a string"}


_FIELDS = fields(GameOptions)
"""Every option is a plain value, so `to_dict` reads them without dataclasses.asdict's deep copies."""
