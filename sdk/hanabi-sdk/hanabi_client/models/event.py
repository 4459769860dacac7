from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clue_kind import ClueKind, check_clue_kind
from ..models.end_condition import EndCondition, check_end_condition
from ..models.event_by import EventBy, check_event_by
from ..models.event_type import EventType, check_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.dealt_card import DealtCard


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    seq: int
    type_: EventType
    """ seat_joined, seat_left, game_started, or an action's: play, discard, color_clue, rank_clue (clue while its
    kind is hidden from you: Duck), reorder, end_game """
    seat: int | None
    created_at: datetime.datetime
    turn: int | Unset = UNSET
    """ The turn the action was taken on (0 is the first) """
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
    account: None | str | Unset = UNSET
    hands: list[list[DealtCard]] | Unset = UNSET
    drew_suit: int | None | Unset = UNSET
    """ null for your own draws while the game runs """
    drew_rank: int | None | Unset = UNSET
    """ null for your own draws while the game runs """
    by: EventBy | Unset = UNSET
    """ Present when the server made the move for the seat: server_timeout (its time ran out) """

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_: str = self.type_

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        turn = self.turn

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

        account: None | str | Unset
        if isinstance(self.account, Unset):
            account = UNSET
        else:
            account = self.account

        hands: list[list[dict[str, Any]]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = []
                for hands_item_item_data in hands_item_data:
                    hands_item_item = hands_item_item_data.to_dict()
                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        drew_suit: int | None | Unset
        if isinstance(self.drew_suit, Unset):
            drew_suit = UNSET
        else:
            drew_suit = self.drew_suit

        drew_rank: int | None | Unset
        if isinstance(self.drew_rank, Unset):
            drew_rank = UNSET
        else:
            drew_rank = self.drew_rank

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "created_at": created_at,
            }
        )
        if turn is not UNSET:
            field_dict["turn"] = turn
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
        if account is not UNSET:
            field_dict["account"] = account
        if hands is not UNSET:
            field_dict["hands"] = hands
        if drew_suit is not UNSET:
            field_dict["drew_suit"] = drew_suit
        if drew_rank is not UNSET:
            field_dict["drew_rank"] = drew_rank
        if by is not UNSET:
            field_dict["by"] = by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dealt_card import DealtCard  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_event_type(d.pop("type"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        turn = d.pop("turn", UNSET)

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

        def _parse_account(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account = _parse_account(d.pop("account", UNSET))

        _hands = d.pop("hands", UNSET)
        hands: list[list[DealtCard]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in _hands_item:
                    hands_item_item = DealtCard.from_dict(hands_item_item_data)

                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        def _parse_drew_suit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        drew_suit = _parse_drew_suit(d.pop("drew_suit", UNSET))

        def _parse_drew_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        drew_rank = _parse_drew_rank(d.pop("drew_rank", UNSET))

        _by = d.pop("by", UNSET)
        by: EventBy | Unset
        if isinstance(_by, Unset):
            by = UNSET
        else:
            by = check_event_by(_by)

        event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            created_at=created_at,
            turn=turn,
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
            account=account,
            hands=hands,
            drew_suit=drew_suit,
            drew_rank=drew_rank,
            by=by,
        )

        return event
