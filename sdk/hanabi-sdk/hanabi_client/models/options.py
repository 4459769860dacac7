from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.options_options import OptionsOptions


T = TypeVar("T", bound="Options")


@_attrs_define
class Options:
    options: OptionsOptions
    """ PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (sign-in):
    give it to the browser's PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON """

    def to_dict(self) -> dict[str, Any]:
        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.options_options import OptionsOptions  # noqa: PLC0415

        d = dict(src_dict)
        options = OptionsOptions.from_dict(d.pop("options"))

        options = cls(
            options=options,
        )

        return options
