from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hanab_live_action import HanabLiveAction
    from ..models.hanab_live_card import HanabLiveCard
    from ..models.hanab_live_options import HanabLiveOptions


T = TypeVar("T", bound="HanabLiveGame")


@_attrs_define
class HanabLiveGame:
    """A game in hanab.live's JSON format (players, deck, actions, options, ...)"""

    players: list[str]
    deck: list[HanabLiveCard]
    actions: list[HanabLiveAction]
    options: HanabLiveOptions | Unset = UNSET
    """ A hanab.live game's options, as hanab.live names them (`variant`, `cardCycle`, ...) """
    notes: list[list[str]] | Unset = UNSET
    id: int | Unset = UNSET
    seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        deck = []
        for deck_item_data in self.deck:
            deck_item = deck_item_data.to_dict()
            deck.append(deck_item)

        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        notes: list[list[str]] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = []
            for notes_item_data in self.notes:
                notes_item = notes_item_data

                notes.append(notes_item)

        id = self.id

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "players": players,
                "deck": deck,
                "actions": actions,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if notes is not UNSET:
            field_dict["notes"] = notes
        if id is not UNSET:
            field_dict["id"] = id
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hanab_live_action import HanabLiveAction  # noqa: PLC0415
        from ..models.hanab_live_card import HanabLiveCard  # noqa: PLC0415
        from ..models.hanab_live_options import HanabLiveOptions  # noqa: PLC0415

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = HanabLiveCard.from_dict(deck_item_data)

            deck.append(deck_item)

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = HanabLiveAction.from_dict(actions_item_data)

            actions.append(actions_item)

        _options = d.pop("options", UNSET)
        options: HanabLiveOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = HanabLiveOptions.from_dict(_options)

        _notes = d.pop("notes", UNSET)
        notes: list[list[str]] | Unset = UNSET
        if _notes is not UNSET:
            notes = []
            for notes_item_data in _notes:
                notes_item = cast(list[str], notes_item_data)

                notes.append(notes_item)

        id = d.pop("id", UNSET)

        seed = d.pop("seed", UNSET)

        hanab_live_game = cls(
            players=players,
            deck=deck,
            actions=actions,
            options=options,
            notes=notes,
            id=id,
            seed=seed,
        )

        hanab_live_game.additional_properties = d
        return hanab_live_game

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
