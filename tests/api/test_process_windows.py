"""The in-memory fixed windows of the rate limits (pure logic, on a controlled clock)."""

from hanabi.api import ratelimits
from hanabi.api.ratelimits import ProcessWindows
from limits import parse

THREE_PER_MINUTE = parse("3 per minute")


class Clock:
    def __init__(self, now: float):
        self.now = now

    def time(self) -> float:
        return self.now


def windows_at(monkeypatch, now: float) -> tuple[ProcessWindows, Clock]:
    clock = Clock(now)
    monkeypatch.setattr(ratelimits.time, "time", clock.time)
    return ProcessWindows(), clock


def test_a_window_allows_its_amount_then_refuses_until_it_closes(monkeypatch):
    windows, clock = windows_at(monkeypatch, 6000.0)
    assert [windows.hit(THREE_PER_MINUTE, "token:a", "view") for _ in range(4)] == [True, True, True, False]
    assert windows.get_window_stats(THREE_PER_MINUTE, "token:a", "view") == (6060.0, 0)

    clock.now = 6059.9
    assert not windows.hit(THREE_PER_MINUTE, "token:a", "view")
    clock.now = 6060.0
    assert windows.hit(THREE_PER_MINUTE, "token:a", "view")


def test_keys_count_apart(monkeypatch):
    windows, _ = windows_at(monkeypatch, 6000.0)
    for _ in range(3):
        windows.hit(THREE_PER_MINUTE, "token:a", "view")
    assert windows.hit(THREE_PER_MINUTE, "token:b", "view")
    assert windows.hit(THREE_PER_MINUTE, "token:a", "act")
    assert windows.get_window_stats(THREE_PER_MINUTE, "token:b", "view").remaining == 2


def test_counts_of_closed_windows_are_dropped(monkeypatch):
    windows, clock = windows_at(monkeypatch, 6000.0)
    windows.hit(THREE_PER_MINUTE, "token:a", "view")
    clock.now = 6000.0 + ProcessWindows.PRUNE_SECONDS + 60
    windows.hit(THREE_PER_MINUTE, "token:b", "view")
    assert len(windows._counts) == 1
