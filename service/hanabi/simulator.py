"""Seeded self-play: every seat played by the same strategy, each from its own view."""

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .bots import get_strategy
from .engine import GameOptions, GameState, new_game, view


@dataclass
class SimulationResult:
    bot: str
    options: GameOptions
    scores: list[int] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0
    end_conditions: Counter = field(default_factory=Counter)

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
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "turns_per_second": round(self.turns / self.seconds, 1) if self.seconds else None,
        }


def game_seed(seed: str, index: int) -> str:
    """The deck seed of game `index` in a simulation seeded `seed`."""
    return f"{seed}/{index}"


def play_game(options: GameOptions, bot: str, deck_seed: str) -> GameState:
    """One self-play game: the bot's random source is seeded from the deck seed too, so a
    game is fully determined by (options, bot, deck_seed)."""
    choose = get_strategy(bot)
    rng = random.Random(deck_seed)
    state = new_game(options, seed=deck_seed)
    while not state.is_over:
        state = state.apply(choose(view(state, state.current_seat), rng))
    return state


def simulate(options: GameOptions, bot: str, games: int, seed: str) -> SimulationResult:
    get_strategy(bot)
    result = SimulationResult(bot=bot, options=options)
    start = time.perf_counter()
    for index in range(games):
        state = play_game(options, bot, game_seed(seed, index))
        result.scores.append(state.score)
        result.turns += state.turn
        result.end_conditions[state.end_condition.label] += 1
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
            f"({result.seconds:.2f} s)"
        )
    return "\n".join(lines)
