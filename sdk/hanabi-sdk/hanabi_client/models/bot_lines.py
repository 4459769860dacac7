from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.line_summary import LineSummary


T = TypeVar("T", bound="BotLines")


@_attrs_define
class BotLines:
    name: str
    lines: list[LineSummary]
    """ Newest first """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line_summary import LineSummary  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = LineSummary.from_dict(lines_item_data)

            lines.append(lines_item)

        bot_lines = cls(
            name=name,
            lines=lines,
        )

        return bot_lines
