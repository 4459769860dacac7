"""Seeded self-play: every seat played by the same strategy, each from its own view.

Game `index` of a simulation seeded `seed` is fully determined by (options, bot, seed, index),
so a run split over processes gives exactly the results of a run in one process.
"""

import json
import math
import multiprocessing
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from .bots import get_strategy
from .engine import Action, GameOptions, GameState, new_game, view


@dataclass
class SimulationResult:
    bot: str
    options: GameOptions
    scores: list[int] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0
    end_conditions: Counter = field(default_factory=Counter)
    threads: int = 1
    saved: int = 0

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def standard_error(self) -> float:
        n = len(self.scores)
        if n < 2:
            return 0.0
        mean = self.mean
        variance = sum((s - mean) ** 2 for s in self.scores) / (n - 1)
        return math.sqrt(variance / n)

    @property
    def perfect_rate(self) -> float:
        top = self.options.variant_rules.max_score
        return sum(1 for s in self.scores if s == top) / len(self.scores) if self.scores else 0.0

    @property
    def histogram(self) -> dict[int, int]:
        counts = Counter(self.scores)
        return {score: counts.get(score, 0) for score in range(self.options.variant_rules.max_score + 1)}

    def to_dict(self) -> dict:
        return {
            "bot": self.bot,
            "options": self.options.to_dict(),
            "games": self.games,
            "mean": round(self.mean, 4),
            "standard_error": round(self.standard_error, 4),
            "perfect_rate": round(self.perfect_rate, 4),
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "end_conditions": {k: v for k, v in sorted(self.end_conditions.items())},
            "turns": self.turns,
            "seconds": round(self.seconds, 3),
            "threads": self.threads,
            "saved_games": self.saved,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "turns_per_second": round(self.turns / self.seconds, 1) if self.seconds else None,
        }


def game_seed(seed: str, index: int) -> str:
    """The deck seed of game `index` in a simulation seeded `seed`."""
    return f"{seed}/{index}"


def game_file_name(seed: str, index: int) -> str:
    """The file `--json-output` writes game `index` of a simulation seeded `seed` to."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", seed) + f"-{index}.json"


def play_recorded(options: GameOptions, bot: str, deck_seed: str) -> tuple[GameState, list[Action]]:
    """One self-play game and the actions played in it. The bot's random source is seeded
    from the deck seed too, so a game is fully determined by (options, bot, deck_seed)."""
    choose = get_strategy(bot)
    rng = random.Random(deck_seed)
    state = new_game(options, seed=deck_seed)
    actions = []
    while not state.is_over:
        action = choose(view(state, state.current_seat), rng)
        state = state.apply(action)
        actions.append(action)
    return state, actions


def play_game(options: GameOptions, bot: str, deck_seed: str) -> GameState:
    return play_recorded(options, bot, deck_seed)[0]


@dataclass(frozen=True)
class _Job:
    options: GameOptions
    bot: str
    seed: str
    json_output: str | None
    losses_only: bool


def _play_indexes(job: _Job, indexes: range) -> list[tuple[int, int, str, bool]]:
    """(score, turns, end condition, saved) of each game, saving it as hanab.live JSON if asked."""
    from .engine.hanablive import export_game

    results = []
    for index in indexes:
        deck_seed = game_seed(job.seed, index)
        state, actions = play_recorded(job.options, job.bot, deck_seed)
        perfect = state.score == job.options.variant_rules.max_score
        save = job.json_output is not None and not (job.losses_only and perfect)
        if save:
            data = export_game(job.options, state.deck, actions, seed=deck_seed)
            path = os.path.join(job.json_output, game_file_name(job.seed, index))
            with open(path, "w", encoding="utf-8") as f:
                json.dump(data, f)
        results.append((state.score, state.turn, state.end_condition.label, save))
    return results


def _play_chunk(args: tuple[_Job, range]) -> list[tuple[int, int, str, bool]]:
    return _play_indexes(*args)


def simulate(
    options: GameOptions,
    bot: str,
    games: int,
    seed: str,
    *,
    threads: int = 1,
    json_output: str | None = None,
    losses_only: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play games 0..games-1 of the simulation seeded `seed`, on `threads` processes.

    `json_output` is a directory to save each game to (only the games below the maximum
    score with `losses_only`); `progress(done, games)` is called as games finish."""
    get_strategy(bot)
    if json_output is not None:
        os.makedirs(json_output, exist_ok=True)
    job = _Job(options, bot, seed, json_output, losses_only)
    threads = max(1, min(threads, games))
    result = SimulationResult(bot=bot, options=options, threads=threads)
    start = time.perf_counter()
    size = max(1, min(100, games // (threads * 8)))
    chunks = [(job, range(first, min(first + size, games))) for first in range(0, games, size)]
    if threads == 1:
        outcomes = map(_play_chunk, chunks)
        pool = None
    else:
        pool = multiprocessing.get_context().Pool(threads)
        outcomes = pool.imap(_play_chunk, chunks)
    try:
        for chunk in outcomes:
            for score, turns, end_condition, saved in chunk:
                result.scores.append(score)
                result.turns += turns
                result.end_conditions[end_condition] += 1
                result.saved += saved
            if progress is not None:
                progress(result.games, games)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    result.seconds = time.perf_counter() - start
    return result


def format_report(result: SimulationResult) -> str:
    opts = result.options
    lines = [
        f"{result.games} games, {opts.players} players, {opts.variant}, bot {result.bot}",
        f"score: {result.mean:.2f} ± {result.standard_error:.2f} (mean ± standard error), "
        f"perfect: {100 * result.perfect_rate:.1f}%",
        "end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(result.end_conditions.items())),
        "histogram:",
    ]
    histogram = result.histogram
    widest = max(histogram.values()) or 1
    for score, count in histogram.items():
        bar = "#" * max(1 if count else 0, round(40 * count / widest))
        lines.append(f"  {score:>2} {count:>7} {bar}")
    if result.seconds:
        lines.append(
            f"speed: {result.games / result.seconds:.1f} games/s, {result.turns / result.seconds:.0f} turns/s "
            f"({result.seconds:.2f} s, {result.threads} process{'es' if result.threads > 1 else ''})"
        )
    return "\n".join(lines)
