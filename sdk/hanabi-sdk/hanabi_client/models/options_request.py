from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.variant import Variant, check_variant
from ..types import UNSET, Unset

T = TypeVar("T", bound="OptionsRequest")


@_attrs_define
class OptionsRequest:
    players: int
    variant: Variant | Unset = UNSET
    """ A hanab.live variant name: one of the 2426 of docs/variants.md """
    clue_tokens: int | Unset = UNSET
    """ Default: 8. """
    max_strikes: int | Unset = UNSET
    """ Default: 3. """
    empty_clues: bool | Unset = UNSET
    """ Default: false. """
    all_or_nothing: bool | Unset = UNSET
    """ Default: false. """
    timed_display: bool | Unset = UNSET
    """ Default: false. """
    starting_seat: int | Unset = UNSET
    """ Default: 0. """
    deck_plays: bool | Unset = UNSET
    """ hanab.live's deckPlays: the last card of the deck may be played blind. Default: false. """
    end_at_best_score: bool | Unset = UNSET
    """ hanab.live's rule: the game ends as soon as no card left can raise the score. Default: false. """

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        variant: str | Unset = UNSET
        if not isinstance(self.variant, Unset):
            variant = self.variant

        clue_tokens = self.clue_tokens

        max_strikes = self.max_strikes

        empty_clues = self.empty_clues

        all_or_nothing = self.all_or_nothing

        timed_display = self.timed_display

        starting_seat = self.starting_seat

        deck_plays = self.deck_plays

        end_at_best_score = self.end_at_best_score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if variant is not UNSET:
            field_dict["variant"] = variant
        if clue_tokens is not UNSET:
            field_dict["clue_tokens"] = clue_tokens
        if max_strikes is not UNSET:
            field_dict["max_strikes"] = max_strikes
        if empty_clues is not UNSET:
            field_dict["empty_clues"] = empty_clues
        if all_or_nothing is not UNSET:
            field_dict["all_or_nothing"] = all_or_nothing
        if timed_display is not UNSET:
            field_dict["timed_display"] = timed_display
        if starting_seat is not UNSET:
            field_dict["starting_seat"] = starting_seat
        if deck_plays is not UNSET:
            field_dict["deck_plays"] = deck_plays
        if end_at_best_score is not UNSET:
            field_dict["end_at_best_score"] = end_at_best_score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        _variant = d.pop("variant", UNSET)
        variant: Variant | Unset
        if isinstance(_variant, Unset):
            variant = UNSET
        else:
            variant = check_variant(_variant)

        clue_tokens = d.pop("clue_tokens", UNSET)

        max_strikes = d.pop("max_strikes", UNSET)

        empty_clues = d.pop("empty_clues", UNSET)

        all_or_nothing = d.pop("all_or_nothing", UNSET)

        timed_display = d.pop("timed_display", UNSET)

        starting_seat = d.pop("starting_seat", UNSET)

        deck_plays = d.pop("deck_plays", UNSET)

        end_at_best_score = d.pop("end_at_best_score", UNSET)

        options_request = cls(
            players=players,
            variant=variant,
            clue_tokens=clue_tokens,
            max_strikes=max_strikes,
            empty_clues=empty_clues,
            all_or_nothing=all_or_nothing,
            timed_display=timed_display,
            starting_seat=starting_seat,
            deck_plays=deck_plays,
            end_at_best_score=end_at_best_score,
        )

        return options_request
