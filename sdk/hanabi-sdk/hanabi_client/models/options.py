from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.variant import Variant, check_variant

T = TypeVar("T", bound="Options")


@_attrs_define
class Options:
    players: int
    variant: Variant
    """ A hanab.live variant name: one of the 2426 of docs/variants.md """
    clue_tokens: int
    max_strikes: int
    empty_clues: bool
    all_or_nothing: bool
    timed_display: bool
    starting_seat: int
    deck_plays: bool
    end_at_best_score: bool

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        variant: str = self.variant

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
                "variant": variant,
                "clue_tokens": clue_tokens,
                "max_strikes": max_strikes,
                "empty_clues": empty_clues,
                "all_or_nothing": all_or_nothing,
                "timed_display": timed_display,
                "starting_seat": starting_seat,
                "deck_plays": deck_plays,
                "end_at_best_score": end_at_best_score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        variant = check_variant(d.pop("variant"))

        clue_tokens = d.pop("clue_tokens")

        max_strikes = d.pop("max_strikes")

        empty_clues = d.pop("empty_clues")

        all_or_nothing = d.pop("all_or_nothing")

        timed_display = d.pop("timed_display")

        starting_seat = d.pop("starting_seat")

        deck_plays = d.pop("deck_plays")

        end_at_best_score = d.pop("end_at_best_score")

        options = cls(
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

        return options
