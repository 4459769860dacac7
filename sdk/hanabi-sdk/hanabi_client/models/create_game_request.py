from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.account_seat_request import AccountSeatRequest
    from ..models.bot_seat_request import BotSeatRequest
    from ..models.clock_time_control_request import ClockTimeControlRequest
    from ..models.correspondence_time_control_request import CorrespondenceTimeControlRequest
    from ..models.none_time_control_request import NoneTimeControlRequest
    from ..models.open_seat_request import OpenSeatRequest
    from ..models.options_request import OptionsRequest
    from ..models.per_turn_time_control_request import PerTurnTimeControlRequest


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """A new game: its options and its seat plan. `seats`, when given, has one entry per player (options.players entries),
    else 422 `invalid_seat_plan`; options.starting_seat is one of the seats (below options.players), else 422
    `invalid_option`.

    """

    options: OptionsRequest
    seats: list[AccountSeatRequest | BotSeatRequest | OpenSeatRequest] | Unset = UNSET
    """ One entry per player (options.players entries), in seat order; default: every seat open """
    seed: str | Unset = UNSET
    """ Names a deal: every game created with this seed on this server gets the same deck. Whoever knows the seed
    can see the deal (docs/security.md); the API shows it once the game is finished """
    start_when_full: bool | Unset = UNSET
    """ Start when the last seat is taken. Default: true. """
    time_control: (
        ClockTimeControlRequest
        | CorrespondenceTimeControlRequest
        | NoneTimeControlRequest
        | PerTurnTimeControlRequest
        | Unset
    ) = UNSET
    spectators: bool | Unset = UNSET
    """ Let any signed-in account watch the running game (every hand shown) and use its chat. Default: false. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.account_seat_request import AccountSeatRequest  # noqa: PLC0415
        from ..models.correspondence_time_control_request import CorrespondenceTimeControlRequest  # noqa: PLC0415
        from ..models.none_time_control_request import NoneTimeControlRequest  # noqa: PLC0415
        from ..models.open_seat_request import OpenSeatRequest  # noqa: PLC0415
        from ..models.per_turn_time_control_request import PerTurnTimeControlRequest  # noqa: PLC0415

        options = self.options.to_dict()

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item: dict[str, Any]
                if isinstance(seats_item_data, OpenSeatRequest):
                    seats_item = seats_item_data.to_dict()
                elif isinstance(seats_item_data, AccountSeatRequest):
                    seats_item = seats_item_data.to_dict()
                else:
                    seats_item = seats_item_data.to_dict()

                seats.append(seats_item)

        seed = self.seed

        start_when_full = self.start_when_full

        time_control: dict[str, Any] | Unset
        if isinstance(self.time_control, Unset):
            time_control = UNSET
        elif isinstance(self.time_control, NoneTimeControlRequest):
            time_control = self.time_control.to_dict()
        elif isinstance(self.time_control, PerTurnTimeControlRequest):
            time_control = self.time_control.to_dict()
        elif isinstance(self.time_control, CorrespondenceTimeControlRequest):
            time_control = self.time_control.to_dict()
        else:
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
        from ..models.account_seat_request import AccountSeatRequest  # noqa: PLC0415
        from ..models.bot_seat_request import BotSeatRequest  # noqa: PLC0415
        from ..models.clock_time_control_request import ClockTimeControlRequest  # noqa: PLC0415
        from ..models.correspondence_time_control_request import CorrespondenceTimeControlRequest  # noqa: PLC0415
        from ..models.none_time_control_request import NoneTimeControlRequest  # noqa: PLC0415
        from ..models.open_seat_request import OpenSeatRequest  # noqa: PLC0415
        from ..models.options_request import OptionsRequest  # noqa: PLC0415
        from ..models.per_turn_time_control_request import PerTurnTimeControlRequest  # noqa: PLC0415

        d = dict(src_dict)
        options = OptionsRequest.from_dict(d.pop("options"))

        _seats = d.pop("seats", UNSET)
        seats: list[AccountSeatRequest | BotSeatRequest | OpenSeatRequest] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:

                def _parse_seats_item(data: object) -> AccountSeatRequest | BotSeatRequest | OpenSeatRequest:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_plan_request_type_0 = OpenSeatRequest.from_dict(data)

                        return componentsschemas_seat_plan_request_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_plan_request_type_1 = AccountSeatRequest.from_dict(data)

                        return componentsschemas_seat_plan_request_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_plan_request_type_2 = BotSeatRequest.from_dict(data)

                    return componentsschemas_seat_plan_request_type_2

                seats_item = _parse_seats_item(seats_item_data)

                seats.append(seats_item)

        seed = d.pop("seed", UNSET)

        start_when_full = d.pop("start_when_full", UNSET)

        def _parse_time_control(
            data: object,
        ) -> (
            ClockTimeControlRequest
            | CorrespondenceTimeControlRequest
            | NoneTimeControlRequest
            | PerTurnTimeControlRequest
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_request_type_0 = NoneTimeControlRequest.from_dict(data)

                return componentsschemas_time_control_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_request_type_1 = PerTurnTimeControlRequest.from_dict(data)

                return componentsschemas_time_control_request_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_request_type_2 = CorrespondenceTimeControlRequest.from_dict(data)

                return componentsschemas_time_control_request_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_time_control_request_type_3 = ClockTimeControlRequest.from_dict(data)

            return componentsschemas_time_control_request_type_3

        time_control = _parse_time_control(d.pop("time_control", UNSET))

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
