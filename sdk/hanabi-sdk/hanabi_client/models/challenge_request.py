from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.challenge_request_partner import ChallengeRequestPartner, check_challenge_request_partner
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.options_request import OptionsRequest


T = TypeVar("T", bound="ChallengeRequest")


@_attrs_define
class ChallengeRequest:
    bot: str
    """ The bot to challenge (online) """
    options: OptionsRequest
    seat: int | Unset = UNSET
    """ Your seat; the bot sits in the next one, built-in partners in the others. Default: 0. """
    partner: ChallengeRequestPartner | Unset = UNSET
    """ The built-in bot in the other seats. Default: "basic". """

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        options = self.options.to_dict()

        seat = self.seat

        partner: str | Unset = UNSET
        if not isinstance(self.partner, Unset):
            partner = self.partner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "options": options,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if partner is not UNSET:
            field_dict["partner"] = partner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.options_request import OptionsRequest  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        options = OptionsRequest.from_dict(d.pop("options"))

        seat = d.pop("seat", UNSET)

        _partner = d.pop("partner", UNSET)
        partner: ChallengeRequestPartner | Unset
        if isinstance(_partner, Unset):
            partner = UNSET
        else:
            partner = check_challenge_request_partner(_partner)

        challenge_request = cls(
            bot=bot,
            options=options,
            seat=seat,
            partner=partner,
        )

        return challenge_request
