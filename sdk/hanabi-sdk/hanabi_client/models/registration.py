from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.registration_credential import RegistrationCredential


T = TypeVar("T", bound="Registration")


@_attrs_define
class Registration:
    credential: RegistrationCredential
    """ The browser's answer to the creation options: navigator.credentials.create()'s toJSON() (WebAuthn's
    RegistrationResponseJSON). Open (additionalProperties): browsers add members as WebAuthn grows (Level 3 added
    several), and the server ignores members it does not know """
    name: str | Unset = UNSET
    """ A name for you to tell your passkeys apart """

    def to_dict(self) -> dict[str, Any]:
        credential = self.credential.to_dict()

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "credential": credential,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.registration_credential import RegistrationCredential  # noqa: PLC0415

        d = dict(src_dict)
        credential = RegistrationCredential.from_dict(d.pop("credential"))

        name = d.pop("name", UNSET)

        registration = cls(
            credential=credential,
            name=name,
        )

        return registration
