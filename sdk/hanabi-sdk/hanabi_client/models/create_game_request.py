from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.options_request import OptionsRequest
    from ..models.seat_plan_request import SeatPlanRequest
    from ..models.time_control_request import TimeControlRequest


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    options: OptionsRequest
    seats: list[SeatPlanRequest] | Unset = UNSET
    """ One entry per player, in seat order; default: every seat open """
    seed: str | Unset = UNSET
    """ Names a deal: every game created with this seed on this server gets the same deck. Whoever knows the seed
    can see the deal (docs/security.md); the API shows it once the game is finished """
    start_when_full: bool | Unset = True
    """ Start when the last seat is taken """
    time_control: TimeControlRequest | Unset = UNSET
    spectators: bool | Unset = False
    """ Let any signed-in account watch the running game (every hand shown) and use its chat """

    def to_dict(self) -> dict[str, Any]:
        options = self.options.to_dict()

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data.to_dict()
                seats.append(seats_item)

        seed = self.seed

        start_when_full = self.start_when_full

        time_control: dict[str, Any] | Unset = UNSET
        if not isinstance(self.time_control, Unset):
            time_control = self.time_control.to_dict()

        spectators = self.spectators

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed is not UNSET:
            field_dict["seed"] = seed
        if start_when_full is not UNSET:
            field_dict["start_when_full"] = start_when_full
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if spectators is not UNSET:
            field_dict["spectators"] = spectators

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.options_request import OptionsRequest  # noqa: PLC0415
        from ..models.seat_plan_request import SeatPlanRequest  # noqa: PLC0415
        from ..models.time_control_request import TimeControlRequest  # noqa: PLC0415

        d = dict(src_dict)
        options = OptionsRequest.from_dict(d.pop("options"))

        _seats = d.pop("seats", UNSET)
        seats: list[SeatPlanRequest] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatPlanRequest.from_dict(seats_item_data)

                seats.append(seats_item)

        seed = d.pop("seed", UNSET)

        start_when_full = d.pop("start_when_full", UNSET)

        _time_control = d.pop("time_control", UNSET)
        time_control: TimeControlRequest | Unset
        if isinstance(_time_control, Unset):
            time_control = UNSET
        else:
            time_control = TimeControlRequest.from_dict(_time_control)

        spectators = d.pop("spectators", UNSET)

        create_game_request = cls(
            options=options,
            seats=seats,
            seed=seed,
            start_when_full=start_when_full,
            time_control=time_control,
            spectators=spectators,
        )

        return create_game_request
