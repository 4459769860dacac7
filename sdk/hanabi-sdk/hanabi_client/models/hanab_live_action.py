from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HanabLiveAction")


@_attrs_define
class HanabLiveAction:
    """An action of a hanab.live game: `type` 0 play, 1 discard (`target`: the card), 2 color clue, 3 rank clue (`target`:
    the seat, `value`: the color or rank), 4 game over (`target`: the seat, `value`: the end condition), 5 game over by
    vote

    """

    type_: int | Unset = UNSET
    target: int | Unset = UNSET
    value: int | Unset = UNSET
    announce: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        target = self.target

        value = self.value

        announce = self.announce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if target is not UNSET:
            field_dict["target"] = target
        if value is not UNSET:
            field_dict["value"] = value
        if announce is not UNSET:
            field_dict["announce"] = announce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type", UNSET)

        target = d.pop("target", UNSET)

        value = d.pop("value", UNSET)

        announce = d.pop("announce", UNSET)

        hanab_live_action = cls(
            type_=type_,
            target=target,
            value=value,
            announce=announce,
        )

        hanab_live_action.additional_properties = d
        return hanab_live_action

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
