from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Paired")


@_attrs_define
class Paired:
    n: int
    mean: float | None | Unset = UNSET
    standard_error: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        n = self.n

        mean: float | None | Unset
        if isinstance(self.mean, Unset):
            mean = UNSET
        else:
            mean = self.mean

        standard_error: float | None | Unset
        if isinstance(self.standard_error, Unset):
            standard_error = UNSET
        else:
            standard_error = self.standard_error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "n": n,
            }
        )
        if mean is not UNSET:
            field_dict["mean"] = mean
        if standard_error is not UNSET:
            field_dict["standard_error"] = standard_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        n = d.pop("n")

        def _parse_mean(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean = _parse_mean(d.pop("mean", UNSET))

        def _parse_standard_error(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        standard_error = _parse_standard_error(d.pop("standard_error", UNSET))

        paired = cls(
            n=n,
            mean=mean,
            standard_error=standard_error,
        )

        return paired
