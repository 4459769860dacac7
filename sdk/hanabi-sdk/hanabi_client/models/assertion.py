from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.authentication_credential import AuthenticationCredential


T = TypeVar("T", bound="Assertion")


@_attrs_define
class Assertion:
    credential: AuthenticationCredential
    """ The browser's answer to the request options: navigator.credentials.get()'s toJSON() (WebAuthn's
    AuthenticationResponseJSON). Open (additionalProperties): browsers add members as WebAuthn grows (Level 3 added
    several), and the server ignores members it does not know """

    def to_dict(self) -> dict[str, Any]:
        credential = self.credential.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "credential": credential,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.authentication_credential import AuthenticationCredential  # noqa: PLC0415

        d = dict(src_dict)
        credential = AuthenticationCredential.from_dict(d.pop("credential"))

        assertion = cls(
            credential=credential,
        )

        return assertion
