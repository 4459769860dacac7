from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry


T = TypeVar("T", bound="OnlineBot")


@_attrs_define
class OnlineBot:
    name: str
    """ The bot account """
    last_seen_at: datetime.datetime
    in_arena: bool
    """ It entered the arena (it is dealt to) """
    player_counts: list[int]
    """ What it plays: its entry's player counts; every count when it is not in the arena """
    variants: list[str] | None
    """ Its entry's variants or families; null (any variant) when it is not in the arena """
    entry: Entry | None
    """ Its arena entry; null when not in """

    def to_dict(self) -> dict[str, Any]:
        from ..models.entry import Entry  # noqa: PLC0415

        name = self.name

        last_seen_at = self.last_seen_at.isoformat()

        in_arena = self.in_arena

        player_counts = self.player_counts

        variants: list[str] | None
        if isinstance(self.variants, list):
            variants = self.variants

        else:
            variants = self.variants

        entry: dict[str, Any] | None
        if isinstance(self.entry, Entry):
            entry = self.entry.to_dict()
        else:
            entry = self.entry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "last_seen_at": last_seen_at,
                "in_arena": in_arena,
                "player_counts": player_counts,
                "variants": variants,
                "entry": entry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        last_seen_at = datetime.datetime.fromisoformat(d.pop("last_seen_at"))

        in_arena = d.pop("in_arena")

        player_counts = cast(list[int], d.pop("player_counts"))

        def _parse_variants(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variants_type_0 = cast(list[str], data)

                return variants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        variants = _parse_variants(d.pop("variants"))

        def _parse_entry(data: object) -> Entry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_type_0 = Entry.from_dict(data)

                return entry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Entry | None, data)

        entry = _parse_entry(d.pop("entry"))

        online_bot = cls(
            name=name,
            last_seen_at=last_seen_at,
            in_arena=in_arena,
            player_counts=player_counts,
            variants=variants,
            entry=entry,
        )

        return online_bot
