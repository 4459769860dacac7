from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delivery_failure import DeliveryFailure, check_delivery_failure
from ..models.delivery_status import DeliveryStatus, check_delivery_status
from ..models.delivery_type import DeliveryType, check_delivery_type

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    id: int
    """ Also sent as X-Hanabi-Delivery """
    type_: DeliveryType
    game_id: int
    version: int
    """ The game's version after the event """
    seat: int | None
    """ Your seat in the game """
    occurred_at: datetime.datetime
    status: DeliveryStatus
    attempts: int
    next_attempt_at: datetime.datetime | None
    """ While pending """
    last_attempt_at: datetime.datetime | None
    last_status_code: int | None
    """ The receiver's answer to the last attempt """
    last_failure: DeliveryFailure | None
    """ Why the last attempt failed, one of connection_failed, timeout, http_status, blocked: no connection
    (refused, broken, TLS failed, the name does not resolve), no answer in time, an answer other than 2xx (in
    last_status_code), or the host is, or resolved to, an address webhooks may not reach; null when it did not fail
    """
    delivered_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        game_id = self.game_id

        version = self.version

        seat: int | None
        seat = self.seat

        occurred_at = self.occurred_at.isoformat()

        status: str = self.status

        attempts = self.attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_failure: None | str
        if isinstance(self.last_failure, str):
            last_failure = self.last_failure
        else:
            last_failure = self.last_failure

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game_id": game_id,
                "version": version,
                "seat": seat,
                "occurred_at": occurred_at,
                "status": status,
                "attempts": attempts,
                "next_attempt_at": next_attempt_at,
                "last_attempt_at": last_attempt_at,
                "last_status_code": last_status_code,
                "last_failure": last_failure,
                "delivered_at": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_delivery_type(d.pop("type"))

        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        status = check_delivery_status(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_failure(data: object) -> DeliveryFailure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_failure_type_0 = check_delivery_failure(data)

                return last_failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeliveryFailure | None, data)

        last_failure = _parse_last_failure(d.pop("last_failure"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        delivery = cls(
            id=id,
            type_=type_,
            game_id=game_id,
            version=version,
            seat=seat,
            occurred_at=occurred_at,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            last_status_code=last_status_code,
            last_failure=last_failure,
            delivered_at=delivered_at,
        )

        return delivery
