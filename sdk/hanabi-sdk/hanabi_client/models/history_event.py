from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clue_kind import ClueKind, check_clue_kind
from ..models.end_condition import EndCondition, check_end_condition
from ..models.history_event_kind import HistoryEventKind, check_history_event_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="HistoryEvent")


@_attrs_define
class HistoryEvent:
    turn: int
    """ The turn the action was taken on (0 is the first) """
    kind: HistoryEventKind
    """ color_clue, rank_clue (clue when its kind is hidden from you: Duck), play, discard, reorder or end_game """
    seat: int
    """ The seat that acted (-1: none, for some end_game) """
    target: int | Unset = UNSET
    """ A clue's: the seat that received it """
    clue_kind: ClueKind | None | Unset = UNSET
    """ color or rank; null for a Duck clue while the game runs, but to its giver """
    value: int | None | Unset = UNSET
    """ A clue's: the index into clue_colors of a color clue, the rank of a rank clue; null for a Cow & Pig or Duck
    clue while the game runs, but to its giver """
    touched: list[int] | Unset = UNSET
    """ A clue's: the ids of the cards it touched """
    informative: bool | Unset = UNSET
    """ A clue's: whether it removed, for some card of the receiver's hand (touched or not), an identity that card's
    earlier clues left possible; false: it told the receiver nothing new """
    card: int | Unset = UNSET
    """ A play's or discard's: the id of the card """
    suit: int | None | Unset = UNSET
    """ A play's is null while a Throw It in a Hole game runs (its plays are face down) """
    rank: int | None | Unset = UNSET
    """ A play's is null while a Throw It in a Hole game runs (its plays are face down) """
    success: bool | None | Unset = UNSET
    """ null while a Throw It in a Hole game runs (its plays are face down) """
    announce: int | None | Unset = UNSET
    """ A play's with timed display: the suit called out; else null """
    drew: int | None | Unset = UNSET
    """ The id of the card drawn, if any """
    clue_tokens: int | Unset = UNSET
    """ Whole clue tokens left after this turn """
    half_clue_token: bool | Unset = UNSET
    """ Clue Starved: whether half a clue token is left after this turn besides the whole ones """
    cards: list[int] | Unset = UNSET
    """ A reorder's: the hand's card ids, left to right """
    condition: EndCondition | Unset = UNSET
    """ How a game ended, as hanab.live names it; in_progress while it runs """

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        kind: str = self.kind

        seat = self.seat

        target = self.target

        clue_kind: None | str | Unset
        if isinstance(self.clue_kind, Unset):
            clue_kind = UNSET
        elif isinstance(self.clue_kind, str):
            clue_kind = self.clue_kind
        else:
            clue_kind = self.clue_kind

        value: int | None | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        touched: list[int] | Unset = UNSET
        if not isinstance(self.touched, Unset):
            touched = self.touched

        informative = self.informative

        card = self.card

        suit: int | None | Unset
        if isinstance(self.suit, Unset):
            suit = UNSET
        else:
            suit = self.suit

        rank: int | None | Unset
        if isinstance(self.rank, Unset):
            rank = UNSET
        else:
            rank = self.rank

        success: bool | None | Unset
        if isinstance(self.success, Unset):
            success = UNSET
        else:
            success = self.success

        announce: int | None | Unset
        if isinstance(self.announce, Unset):
            announce = UNSET
        else:
            announce = self.announce

        drew: int | None | Unset
        if isinstance(self.drew, Unset):
            drew = UNSET
        else:
            drew = self.drew

        clue_tokens = self.clue_tokens

        half_clue_token = self.half_clue_token

        cards: list[int] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        condition: str | Unset = UNSET
        if not isinstance(self.condition, Unset):
            condition = self.condition

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn": turn,
                "kind": kind,
                "seat": seat,
            }
        )
        if target is not UNSET:
            field_dict["target"] = target
        if clue_kind is not UNSET:
            field_dict["clue_kind"] = clue_kind
        if value is not UNSET:
            field_dict["value"] = value
        if touched is not UNSET:
            field_dict["touched"] = touched
        if informative is not UNSET:
            field_dict["informative"] = informative
        if card is not UNSET:
            field_dict["card"] = card
        if suit is not UNSET:
            field_dict["suit"] = suit
        if rank is not UNSET:
            field_dict["rank"] = rank
        if success is not UNSET:
            field_dict["success"] = success
        if announce is not UNSET:
            field_dict["announce"] = announce
        if drew is not UNSET:
            field_dict["drew"] = drew
        if clue_tokens is not UNSET:
            field_dict["clue_tokens"] = clue_tokens
        if half_clue_token is not UNSET:
            field_dict["half_clue_token"] = half_clue_token
        if cards is not UNSET:
            field_dict["cards"] = cards
        if condition is not UNSET:
            field_dict["condition"] = condition

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        kind = check_history_event_kind(d.pop("kind"))

        seat = d.pop("seat")

        target = d.pop("target", UNSET)

        def _parse_clue_kind(data: object) -> ClueKind | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clue_kind_type_0 = check_clue_kind(data)

                return clue_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClueKind | None | Unset, data)

        clue_kind = _parse_clue_kind(d.pop("clue_kind", UNSET))

        def _parse_value(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        touched = cast(list[int], d.pop("touched", UNSET))

        informative = d.pop("informative", UNSET)

        card = d.pop("card", UNSET)

        def _parse_suit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        suit = _parse_suit(d.pop("suit", UNSET))

        def _parse_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rank = _parse_rank(d.pop("rank", UNSET))

        def _parse_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        success = _parse_success(d.pop("success", UNSET))

        def _parse_announce(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        announce = _parse_announce(d.pop("announce", UNSET))

        def _parse_drew(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        drew = _parse_drew(d.pop("drew", UNSET))

        clue_tokens = d.pop("clue_tokens", UNSET)

        half_clue_token = d.pop("half_clue_token", UNSET)

        cards = cast(list[int], d.pop("cards", UNSET))

        _condition = d.pop("condition", UNSET)
        condition: EndCondition | Unset
        if isinstance(_condition, Unset):
            condition = UNSET
        else:
            condition = check_end_condition(_condition)

        history_event = cls(
            turn=turn,
            kind=kind,
            seat=seat,
            target=target,
            clue_kind=clue_kind,
            value=value,
            touched=touched,
            informative=informative,
            card=card,
            suit=suit,
            rank=rank,
            success=success,
            announce=announce,
            drew=drew,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            cards=cards,
            condition=condition,
        )

        return history_event
