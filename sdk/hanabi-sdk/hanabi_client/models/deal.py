from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table import Table


T = TypeVar("T", bound="Deal")


@_attrs_define
class Deal:
    id: int
    players: int
    variant: str
    candidate_seat: int
    """ The seat the tables differ in """
    created_at: datetime.datetime
    tables: list[Table]
    seed: None | str | Unset = UNSET
    """ Null until published (the arena's own secret) """
    published_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        players = self.players

        variant = self.variant

        candidate_seat = self.candidate_seat

        created_at = self.created_at.isoformat()

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        published_at: None | str | Unset
        if isinstance(self.published_at, Unset):
            published_at = UNSET
        elif isinstance(self.published_at, datetime.datetime):
            published_at = self.published_at.isoformat()
        else:
            published_at = self.published_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "players": players,
                "variant": variant,
                "candidate_seat": candidate_seat,
                "created_at": created_at,
                "tables": tables,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if published_at is not UNSET:
            field_dict["published_at"] = published_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table import Table  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        players = d.pop("players")

        variant = d.pop("variant")

        candidate_seat = d.pop("candidate_seat")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = Table.from_dict(tables_item_data)

            tables.append(tables_item)

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_published_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                published_at_type_0 = datetime.datetime.fromisoformat(data)

                return published_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        published_at = _parse_published_at(d.pop("published_at", UNSET))

        deal = cls(
            id=id,
            players=players,
            variant=variant,
            candidate_seat=candidate_seat,
            created_at=created_at,
            tables=tables,
            seed=seed,
            published_at=published_at,
        )

        return deal
