from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_warning_code import GameWarningCode, check_game_warning_code

T = TypeVar("T", bound="GameWarning")


@_attrs_define
class GameWarning:
    code: GameWarningCode
    """ team_only_bot: a bot made for tables of its own kind (the hat bot) sits beside a seat a person may take;
    `detail` says what to expect """
    detail: str
    """ The warning in a sentence """

    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = check_game_warning_code(d.pop("code"))

        detail = d.pop("detail")

        game_warning = cls(
            code=code,
            detail=detail,
        )

        return game_warning
