from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.note import Note


T = TypeVar("T", bound="Notes")


@_attrs_define
class Notes:
    notes: list[Note]

    def to_dict(self) -> dict[str, Any]:
        notes = []
        for notes_item_data in self.notes:
            notes_item = notes_item_data.to_dict()
            notes.append(notes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "notes": notes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.note import Note  # noqa: PLC0415

        d = dict(src_dict)
        notes = []
        _notes = d.pop("notes")
        for notes_item_data in _notes:
            notes_item = Note.from_dict(notes_item_data)

            notes.append(notes_item)

        notes = cls(
            notes=notes,
        )

        return notes
