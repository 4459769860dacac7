from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.problem_code import ProblemCode, check_problem_code
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    type_: str
    """ urn:hanabi:problem:<code> """
    title: str
    """ The HTTP status phrase """
    status: int
    detail: str
    """ A sentence for people """
    code: ProblemCode
    """ A problem's stable code (hanabi.api.errors.PROBLEM_CODES) """
    current_version: int | Unset = UNSET
    """ With version_conflict and after_past_last_event: the game's version now """
    action_index: int | None | Unset = UNSET
    """ With an import error: the 0-based index of the first bad action """
    errors: ProblemErrors | Unset = UNSET
    """ With invalid_request: the reasons, per field """
    scope: str | Unset = UNSET
    """ With insufficient_scope: the scope the token lacks (the first, when several) """
    request_id: str | Unset = UNSET
    """ The request's id (its X-Request-Id): quote it when you report a problem """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code: str = self.code

        current_version = self.current_version

        action_index: int | None | Unset
        if isinstance(self.action_index, Unset):
            action_index = UNSET
        else:
            action_index = self.action_index

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        scope = self.scope

        request_id = self.request_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if action_index is not UNSET:
            field_dict["action_index"] = action_index
        if errors is not UNSET:
            field_dict["errors"] = errors
        if scope is not UNSET:
            field_dict["scope"] = scope
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = check_problem_code(d.pop("code"))

        current_version = d.pop("current_version", UNSET)

        def _parse_action_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        action_index = _parse_action_index(d.pop("action_index", UNSET))

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        scope = d.pop("scope", UNSET)

        request_id = d.pop("request_id", UNSET)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            current_version=current_version,
            action_index=action_index,
            errors=errors,
            scope=scope,
            request_id=request_id,
        )

        return problem
