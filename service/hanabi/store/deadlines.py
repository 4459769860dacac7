"""Time controls: how long each turn may last, and what a commit does to the turn's deadline.

A game's time control is one of
    {"kind": "none"}                                             no deadline (the default)
    {"kind": "per_turn", "seconds": N}                           every turn lasts at most N s
    {"kind": "correspondence", "days": N}                        every turn lasts at most N days
    {"kind": "clock", "base_seconds": B, "increment_seconds": I} each seat has a bank of B s; the
        time of each of its turns is taken from it, and I s are added after each of its moves
plus, for every kind but none, "on_timeout": "end" (the game ends with end condition timeout,
score 0) or "move" (the server plays a safe default move for the absent seat).

`turn_clock` is what a commit that begins a turn writes: the turn's deadline and the clock's
banks. It is a pure function of the time control, the banks, and timestamps, so the clock
arithmetic is tested without waiting.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from .errors import InvalidRequest

KINDS = ("none", "per_turn", "correspondence", "clock")
ON_TIMEOUT = ("end", "move")

BOUNDS = {
    "seconds": (1, 86400),
    "days": (1, 30),
    "base_seconds": (1, 86400),
    "increment_seconds": (0, 3600),
}
"""The allowed range of each number, both ends included."""

FIELDS = {
    "none": (),
    "per_turn": ("seconds",),
    "correspondence": ("days",),
    "clock": ("base_seconds", "increment_seconds"),
}


@dataclass(frozen=True)
class TimeControl:
    kind: str = "none"
    seconds: int | None = None
    days: int | None = None
    base_seconds: int | None = None
    increment_seconds: int | None = None
    on_timeout: str | None = None

    @classmethod
    def from_dict(cls, data: dict | None) -> "TimeControl":
        """The time control `data` describes; InvalidRequest `invalid_time_control` (naming
        the field) when a field is missing, unknown, of the wrong type or out of bounds."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise _invalid("time_control", "A time control is an object.")
        kind = data.get("kind")
        if kind not in KINDS:
            raise _invalid("time_control.kind", f"The kind is one of {', '.join(KINDS)}.")
        allowed = {"kind", *FIELDS[kind]} | ({"on_timeout"} if kind != "none" else set())
        for name in data:
            if name not in allowed:
                raise _invalid(f"time_control.{name}", f"A time control of kind {kind!r} has no {name!r}.")
        values = {}
        for name in FIELDS[kind]:
            value = data.get(name)
            low, high = BOUNDS[name]
            if type(value) is not int or not low <= value <= high:
                raise _invalid(f"time_control.{name}", f"{name!r} is a whole number from {low} to {high}.")
            values[name] = value
        if kind != "none":
            on_timeout = data.get("on_timeout", "end")
            if on_timeout not in ON_TIMEOUT:
                raise _invalid("time_control.on_timeout", f"'on_timeout' is one of {', '.join(ON_TIMEOUT)}.")
            values["on_timeout"] = on_timeout
        return cls(kind=kind, **values)

    def to_dict(self) -> dict:
        data = {"kind": self.kind}
        for name in FIELDS[self.kind]:
            data[name] = getattr(self, name)
        if self.kind != "none":
            data["on_timeout"] = self.on_timeout
        return data

    def turn_seconds(self) -> float | None:
        """The length of every turn, for the kinds where it is fixed."""
        if self.kind == "per_turn":
            return self.seconds
        if self.kind == "correspondence":
            return self.days * 86400
        return None


class InvalidTimeControl(InvalidRequest):
    code = "invalid_time_control"

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


_invalid = InvalidTimeControl


@dataclass(frozen=True)
class TurnClock:
    deadline: datetime | None
    banks: list[float] | None


def turn_clock(
    control: TimeControl,
    *,
    now: datetime,
    players: int,
    banks: list[float] | None,
    previous_seat: int | None,
    previous_turn_started_at: datetime | None,
    next_seat: int,
) -> TurnClock:
    """The deadline of the turn of `next_seat` that begins `now`, and the clock's banks after
    the turn of `previous_seat` (None when this turn is the game's first) ended `now`."""
    if control.kind == "none":
        return TurnClock(None, None)
    fixed = control.turn_seconds()
    if fixed is not None:
        return TurnClock(now + timedelta(seconds=fixed), None)
    if banks is None or previous_seat is None:
        banks = [float(control.base_seconds)] * players
    else:
        banks = list(banks)
        spent = (now - previous_turn_started_at).total_seconds()
        banks[previous_seat] = max(0.0, banks[previous_seat] - spent) + control.increment_seconds
    return TurnClock(now + timedelta(seconds=banks[next_seat]), banks)
