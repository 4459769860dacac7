from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_condition import EndCondition, check_end_condition
from ..models.my_game_status import MyGameStatus, check_my_game_status

if TYPE_CHECKING:
    from ..models.game_warning import GameWarning
    from ..models.inbox import Inbox
    from ..models.options import Options
    from ..models.seat import Seat
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="MyGame")


@_attrs_define
class MyGame:
    id: int
    options: Options
    status: MyGameStatus
    seats: list[Seat]
    free_seats: int
    start_when_full: bool
    spectators: bool
    """ Whether accounts without a seat may watch the game while it runs """
    version: int
    """ The seq of the game's last event """
    turn: int
    current_seat: int | None
    """ null unless running """
    turn_started_at: datetime.datetime | None
    deadline: datetime.datetime | None
    """ When the current turn's time runs out (UTC); null when it cannot """
    time_control: TimeControl
    clock: list[float] | None
    """ With a clock time control: each seat's seconds left when the current turn began """
    score: int | None
    """ null while a Throw It in a Hole game runs (its plays are face down) """
    end_condition: EndCondition
    """ How a game ended, as hanab.live names it; in_progress while it runs """
    seed: None | str
    """ The seed the game was created with, once the game is finished; null before, and without one """
    creator: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    warnings: list[GameWarning]
    """ What may go wrong with the seat plan; empty when nothing """
    inbox: Inbox

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        options = self.options.to_dict()

        status: str = self.status

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        free_seats = self.free_seats

        start_when_full = self.start_when_full

        spectators = self.spectators

        version = self.version

        turn = self.turn

        current_seat: int | None
        current_seat = self.current_seat

        turn_started_at: None | str
        if isinstance(self.turn_started_at, datetime.datetime):
            turn_started_at = self.turn_started_at.isoformat()
        else:
            turn_started_at = self.turn_started_at

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        time_control = self.time_control.to_dict()

        clock: list[float] | None
        if isinstance(self.clock, list):
            clock = self.clock

        else:
            clock = self.clock

        score: int | None
        score = self.score

        end_condition: str = self.end_condition

        seed: None | str
        seed = self.seed

        creator: None | str
        creator = self.creator

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        inbox = self.inbox.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "options": options,
                "status": status,
                "seats": seats,
                "free_seats": free_seats,
                "start_when_full": start_when_full,
                "spectators": spectators,
                "version": version,
                "turn": turn,
                "current_seat": current_seat,
                "turn_started_at": turn_started_at,
                "deadline": deadline,
                "time_control": time_control,
                "clock": clock,
                "score": score,
                "end_condition": end_condition,
                "seed": seed,
                "creator": creator,
                "created_at": created_at,
                "updated_at": updated_at,
                "warnings": warnings,
                "inbox": inbox,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_warning import GameWarning  # noqa: PLC0415
        from ..models.inbox import Inbox  # noqa: PLC0415
        from ..models.options import Options  # noqa: PLC0415
        from ..models.seat import Seat  # noqa: PLC0415
        from ..models.time_control import TimeControl  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        options = Options.from_dict(d.pop("options"))

        status = check_my_game_status(d.pop("status"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        free_seats = d.pop("free_seats")

        start_when_full = d.pop("start_when_full")

        spectators = d.pop("spectators")

        version = d.pop("version")

        turn = d.pop("turn")

        def _parse_current_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current_seat = _parse_current_seat(d.pop("current_seat"))

        def _parse_turn_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return turn_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_started_at = _parse_turn_started_at(d.pop("turn_started_at"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        time_control = TimeControl.from_dict(d.pop("time_control"))

        def _parse_clock(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                clock_type_0 = cast(list[float], data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        clock = _parse_clock(d.pop("clock"))

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        end_condition = check_end_condition(d.pop("end_condition"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_creator(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        creator = _parse_creator(d.pop("creator"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = GameWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        inbox = Inbox.from_dict(d.pop("inbox"))

        my_game = cls(
            id=id,
            options=options,
            status=status,
            seats=seats,
            free_seats=free_seats,
            start_when_full=start_when_full,
            spectators=spectators,
            version=version,
            turn=turn,
            current_seat=current_seat,
            turn_started_at=turn_started_at,
            deadline=deadline,
            time_control=time_control,
            clock=clock,
            score=score,
            end_condition=end_condition,
            seed=seed,
            creator=creator,
            created_at=created_at,
            updated_at=updated_at,
            warnings=warnings,
            inbox=inbox,
        )

        return my_game
