from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.color_clue_event import ColorClueEvent
    from ..models.discard_event import DiscardEvent
    from ..models.end_game_event import EndGameEvent
    from ..models.game_started_event import GameStartedEvent
    from ..models.hidden_clue_event import HiddenClueEvent
    from ..models.play_event import PlayEvent
    from ..models.rank_clue_event import RankClueEvent
    from ..models.reorder_event import ReorderEvent
    from ..models.seat_joined_event import SeatJoinedEvent
    from ..models.seat_left_event import SeatLeftEvent


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    events: list[
        ColorClueEvent
        | DiscardEvent
        | EndGameEvent
        | GameStartedEvent
        | HiddenClueEvent
        | PlayEvent
        | RankClueEvent
        | ReorderEvent
        | SeatJoinedEvent
        | SeatLeftEvent
    ]
    last_seq: int
    """ Pass as `after` to read on """
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.color_clue_event import ColorClueEvent  # noqa: PLC0415
        from ..models.discard_event import DiscardEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.hidden_clue_event import HiddenClueEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.rank_clue_event import RankClueEvent  # noqa: PLC0415
        from ..models.reorder_event import ReorderEvent  # noqa: PLC0415
        from ..models.seat_joined_event import SeatJoinedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, SeatJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DiscardEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ColorClueEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RankClueEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HiddenClueEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ReorderEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        last_seq = self.last_seq

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "last_seq": last_seq,
                "has_more": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.color_clue_event import ColorClueEvent  # noqa: PLC0415
        from ..models.discard_event import DiscardEvent  # noqa: PLC0415
        from ..models.end_game_event import EndGameEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.hidden_clue_event import HiddenClueEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.rank_clue_event import RankClueEvent  # noqa: PLC0415
        from ..models.reorder_event import ReorderEvent  # noqa: PLC0415
        from ..models.seat_joined_event import SeatJoinedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                ColorClueEvent
                | DiscardEvent
                | EndGameEvent
                | GameStartedEvent
                | HiddenClueEvent
                | PlayEvent
                | RankClueEvent
                | ReorderEvent
                | SeatJoinedEvent
                | SeatLeftEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = SeatJoinedEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = SeatLeftEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = GameStartedEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = PlayEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = DiscardEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = ColorClueEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = RankClueEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = HiddenClueEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = ReorderEvent.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_9 = EndGameEvent.from_dict(data)

                return componentsschemas_event_type_9

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        last_seq = d.pop("last_seq")

        has_more = d.pop("has_more")

        event_page = cls(
            events=events,
            last_seq=last_seq,
            has_more=has_more,
        )

        return event_page
