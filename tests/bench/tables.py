"""Seeded tables measured from the engine: the score under both scoring rules, the quality of
the clues given, and tables that seat different strategies side by side.

Game `index` of a run seeded `seed` deals the deck `seed/index` and gives the strategies a
random source seeded the same, as `hanabi simulate` does, so a self-play row here is the same
games as `hanabi simulate --seed seed`. A seat's strategy is a built-in name or `sdk-simple`:
the tutorial's bot (sdk/examples/simple_bot.py), fed the view as the API's JSON through the
generated SDK's models, as it plays online.

Usage (one row): .venv/bin/python tests/bench/tables.py --players 3 --seats basic,hat,hat --games 500
"""

import argparse
import importlib.util
import json
import math
import multiprocessing
import os
import random
import time
from dataclasses import dataclass, field

from hanabi.bots import get_strategy
from hanabi.engine import ClueEvent, GameOptions, new_game, view
from hanabi.engine.actions import action_from_dict

SDK_BOT = os.path.join(os.path.dirname(__file__), "..", "..", "sdk", "examples", "simple_bot.py")


def sdk_simple():
    """The tutorial's bot as a strategy `(view, rng) -> action`."""
    from hanabi_client.models import View as SdkView

    spec = importlib.util.spec_from_file_location("simple_bot", SDK_BOT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def choose(seat_view, rng):
        data = seat_view.to_dict()
        data.setdefault("game_id", 0)
        data.setdefault("version", seat_view.turn)
        data.setdefault("status", "finished" if seat_view.is_over else "running")
        data.setdefault("deadline", None)
        return action_from_dict(module.choose_action(SdkView.from_dict(data)).to_dict())

    return choose


def strategy(name: str):
    return sdk_simple() if name == "sdk-simple" else get_strategy(name)


@dataclass
class Game:
    score: int
    fireworks_total: int
    struck_out: bool
    clues: int
    uninformative: int
    """Clues that narrowed no card of their receiver's hand (the engine's `informative` flag)."""
    repeated: int
    """Clues that narrowed none of the cards they touched: the same clue again on the same cards."""
    turns: int


def play(options: GameOptions, seats: tuple[str, ...], deck_seed: str, strategies=None) -> Game:
    strategies = strategies or [strategy(name) for name in seats]
    rng = random.Random(deck_seed)
    state = new_game(options, seed=deck_seed)
    clues = uninformative = repeated = 0
    while not state.is_over:
        seat = state.current_seat
        before = state
        state = state.apply(strategies[seat](view(state, seat), rng))
        event = state.history[-1]
        if type(event) is ClueEvent:
            clues += 1
            uninformative += not event.informative
            repeated += all(state.card_masks[c] == before.card_masks[c] for c in event.touched)
    return Game(
        state.score,
        state.fireworks_total,
        state.end_condition.label == "strikeout",
        clues,
        uninformative,
        repeated,
        state.turn,
    )


def rotated(seats: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The seats of game `index` when `seats[0]` moves round the table game by game."""
    shift = index % len(seats)
    return seats[-shift:] + seats[:-shift] if shift else seats


@dataclass
class Row:
    seats: tuple[str, ...]
    games: list[Game] = field(default_factory=list)
    seconds: float = 0.0

    def mean(self, attribute: str = "score") -> float:
        return sum(getattr(g, attribute) for g in self.games) / len(self.games)

    def standard_error(self, attribute: str = "score") -> float:
        values = [getattr(g, attribute) for g in self.games]
        return standard_error(values)

    def share(self, test) -> float:
        return sum(1 for g in self.games if test(g)) / len(self.games)

    def total(self, attribute: str) -> int:
        return sum(getattr(g, attribute) for g in self.games)


def standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _chunk(args) -> list[tuple[int, Game]]:
    options, seats, seed, indexes, rotate = args
    cache = {}
    results = []
    for index in indexes:
        names = rotated(seats, index) if rotate else seats
        strategies = [cache.setdefault(name, strategy(name)) for name in names]
        results.append((index, play(options, names, f"{seed}/{index}", strategies)))
    return results


def measure(
    options: GameOptions, seats: tuple[str, ...], games: int, seed: str, threads: int = 1, rotate: bool = False
) -> Row:
    """`games` seeded games of a table with these seats (moved round the table game by game
    when `rotate`), over `threads` processes."""
    started = time.perf_counter()
    size = max(1, min(100, games // (threads * 4) or 1))
    jobs = [(options, seats, seed, range(i, min(i + size, games)), rotate) for i in range(0, games, size)]
    if threads > 1:
        with multiprocessing.get_context("spawn").Pool(threads) as pool:
            chunks = pool.map(_chunk, jobs)
    else:
        chunks = [_chunk(job) for job in jobs]
    ordered = sorted((pair for chunk in chunks for pair in chunk), key=lambda pair: pair[0])
    return Row(seats, [game for _, game in ordered], time.perf_counter() - started)


def paired_difference(a: Row, b: Row, attribute: str = "score") -> tuple[float, float]:
    """Mean and standard error of a - b over the same deals."""
    diffs = [getattr(x, attribute) - getattr(y, attribute) for x, y in zip(a.games, b.games)]
    return sum(diffs) / len(diffs), standard_error(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seats", required=True, help="comma-separated strategies, one per seat (or one for all)")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", default="bots-table")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rotate", action="store_true", help="move the first seat's strategy round the table")
    args = parser.parse_args()
    seats = tuple(args.seats.split(","))
    if len(seats) == 1:
        seats *= args.players
    row = measure(GameOptions(players=args.players), seats, args.games, args.seed, args.threads, args.rotate)
    print(
        json.dumps(
            {
                "seats": list(seats),
                "games": len(row.games),
                "mean": round(row.mean(), 4),
                "standard_error": round(row.standard_error(), 4),
                "mean_fireworks_total": round(row.mean("fireworks_total"), 4),
                "fireworks_total_standard_error": round(row.standard_error("fireworks_total"), 4),
                "perfect_rate": round(row.share(lambda g: g.score == 25), 4),
                "strikeout_rate": round(row.share(lambda g: g.struck_out), 4),
                "clues": row.total("clues"),
                "uninformative_clues": row.total("uninformative"),
                "repeated_clues": row.total("repeated"),
                "seconds": round(row.seconds, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
