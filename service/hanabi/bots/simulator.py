"""Seeded simulations: a table of strategies (one per seat, or one for every seat) plays game
after game, each seat from its own view, through the bot interface (`hanabi.bots.interface`).

Game `index` of a simulation seeded `seed` is fully determined by (options, table, seed, index):
its deck comes from `game_seed(seed, index)`, the strategy functions' random source and Python's
`random` module are seeded from it, so a run split over processes gives exactly the results of a
run in one process, and a second table (`against`) plays the very same deals.
"""

import json
import math
import multiprocessing
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import Action, DiscardEvent, EngineError, GameOptions, GameState, PlayEvent, new_game, view
from .interface import BotSeat, StrategyError, load_strategy

MOVES = ("plays", "misplays", "discards", "clues")
"""What the per-seat results count, per game."""


class SimulationError(Exception):
    """A bot that broke the rules or the interface during a simulation, said with its game."""


def mean_and_standard_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


@dataclass
class SimulationResult:
    seats: tuple[str, ...]
    """The strategy SPEC of each seat."""
    options: GameOptions
    scores: list[int] = field(default_factory=list)
    fireworks_totals: list[int] = field(default_factory=list)
    """The cards on the fireworks at the end of each game, before strikes zero the score."""
    turns: int = 0
    seconds: float = 0.0
    end_conditions: Counter = field(default_factory=Counter)
    threads: int = 1
    saved: int = 0
    moves: list[list[int]] = field(default_factory=list)
    """Per seat, its successful plays, misplays, discards and clues over every game."""
    against: "SimulationResult | None" = None
    """The baseline table on the same deals (`simulate(..., against=...)`)."""
    replaced_seats: tuple[int, ...] = ()
    """The seats whose strategy the baseline table replaced."""

    @property
    def bot(self) -> str:
        """The table's SPEC: the one every seat plays, or each seat's, comma-separated."""
        return self.seats[0] if len(set(self.seats)) == 1 else ", ".join(self.seats)

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return mean_and_standard_error(self.scores)[0]

    @property
    def standard_error(self) -> float:
        return mean_and_standard_error(self.scores)[1]

    @property
    def mean_fireworks_total(self) -> float:
        return mean_and_standard_error(self.fireworks_totals)[0]

    @property
    def perfect_rate(self) -> float:
        top = self.options.variant_rules.max_score
        return sum(1 for s in self.scores if s == top) / len(self.scores) if self.scores else 0.0

    @property
    def histogram(self) -> dict[int, int]:
        counts = Counter(self.scores)
        return {score: counts.get(score, 0) for score in range(self.options.variant_rules.max_score + 1)}

    def per_seat(self) -> list[dict]:
        """Each seat's strategy and its moves per game."""
        games = self.games or 1
        return [
            {"seat": seat, "bot": spec, **{name: round(n / games, 4) for name, n in zip(MOVES, counts)}}
            for seat, (spec, counts) in enumerate(zip(self.seats, self.moves))
        ]

    def difference(self) -> dict | None:
        """This table less the baseline, game by game on the same deals: the mean and the
        standard error of the paired differences, of the score and of the fireworks total."""
        if self.against is None:
            return None
        score = mean_and_standard_error([a - b for a, b in zip(self.scores, self.against.scores)])
        total = mean_and_standard_error([a - b for a, b in zip(self.fireworks_totals, self.against.fireworks_totals)])
        return {
            "mean": round(score[0], 4),
            "standard_error": round(score[1], 4),
            "fireworks_total_mean": round(total[0], 4),
            "fireworks_total_standard_error": round(total[1], 4),
        }

    def to_dict(self) -> dict:
        data = {
            "bot": self.bot,
            "options": self.options.to_dict(),
            "games": self.games,
            "mean": round(self.mean, 4),
            "standard_error": round(self.standard_error, 4),
            "mean_fireworks_total": round(self.mean_fireworks_total, 4),
            "perfect_rate": round(self.perfect_rate, 4),
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "end_conditions": dict(sorted(self.end_conditions.items())),
            "seats": self.per_seat(),
            "turns": self.turns,
            "seconds": round(self.seconds, 3),
            "threads": self.threads,
            "saved_games": self.saved,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "turns_per_second": round(self.turns / self.seconds, 1) if self.seconds else None,
        }
        if self.against is not None:
            baseline = self.against
            data["against"] = {
                "bot": baseline.bot,
                "replaced_seats": list(self.replaced_seats),
                "mean": round(baseline.mean, 4),
                "standard_error": round(baseline.standard_error, 4),
                "mean_fireworks_total": round(baseline.mean_fireworks_total, 4),
                "perfect_rate": round(baseline.perfect_rate, 4),
                "seats": baseline.per_seat(),
                "difference": self.difference(),
            }
        return data


def game_seed(seed: str, index: int) -> str:
    """The deck seed of game `index` in a simulation seeded `seed`."""
    return f"{seed}/{index}"


def game_file_name(seed: str, index: int) -> str:
    """The file `--json-output` writes game `index` of a simulation seeded `seed` to."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", seed) + f"-{index}.json"


def table_of(options: GameOptions, bot: str | Sequence[str]) -> tuple[str, ...]:
    """Each seat's SPEC: `bot` is one SPEC for every seat, or a sequence of one or one per seat."""
    specs = (bot,) if isinstance(bot, str) else tuple(bot)
    if len(specs) == 1:
        return specs * options.players
    if len(specs) != options.players:
        raise ValueError(f"give one bot for every seat or one per seat: {options.players} players, {len(specs)} bots.")
    return specs


def baseline_of(table: tuple[str, ...], against: str, seats: Sequence[int] | None = None) -> tuple[int, ...]:
    """The seats the baseline strategy `against` takes over: `seats`, or every seat not playing it."""
    if seats is None:
        seats = [seat for seat, spec in enumerate(table) if spec != against]
    replaced = tuple(sorted(set(seats)))
    if not replaced:
        raise ValueError(f"every seat already plays {against}: name the table to compare with --bot.")
    for seat in replaced:
        if not 0 <= seat < len(table):
            raise ValueError(f"seat {seat} is not a seat of a {len(table)}-player game (seats count from 0).")
    return replaced


def play_recorded(options: GameOptions, bot: str | Sequence[str], deck_seed: str) -> tuple[GameState, list[Action]]:
    """One game of the table `bot` (a SPEC, or one per seat) and the actions played in it. The
    strategy functions' random source and Python's `random` are seeded from the deck seed, so
    a game is fully determined by (options, table, deck_seed)."""
    table = table_of(options, bot)
    rng = random.Random(deck_seed)
    random.seed(deck_seed)
    seats = [BotSeat(load_strategy(spec)(rng), seat) for seat, spec in enumerate(table)]
    state = new_game(options, seed=deck_seed)
    for seat in seats:
        seat.begin(view(state, seat.seat) if seat.wants_start else _NO_VIEW)
    actions = []
    while not state.is_over:
        seat = seats[state.current_seat]
        try:
            action = seat.act(view(state, seat.seat))
            state = state.apply(action)
        except (StrategyError, EngineError) as error:
            raise SimulationError(_broke(table, seat.seat, deck_seed, state, error)) from None
        actions.append(action)
    for seat in seats:
        if seat.wants_events:
            seat.end(view(state, seat.seat))
    return state, actions


class _NoView:
    """What `BotSeat.begin` gets for a bot without `start`: only the history's length is read."""

    history = ()


_NO_VIEW = _NoView()


def _broke(table: tuple[str, ...], seat: int, deck_seed: str, state: GameState, error: Exception) -> str:
    what = error.message if isinstance(error, EngineError) else str(error)
    return f"seat {seat}'s bot {table[seat]} in game {deck_seed!r}, turn {state.turn}: {what}"


def play_game(options: GameOptions, bot: str | Sequence[str], deck_seed: str) -> GameState:
    return play_recorded(options, bot, deck_seed)[0]


def seat_moves(state: GameState) -> list[list[int]]:
    """Per seat, its successful plays, misplays, discards and clues in a finished game."""
    moves = [[0, 0, 0, 0] for _ in range(state.lookups.players)]
    for event in state.history:
        kind = type(event)
        if kind is PlayEvent:
            moves[event.seat][0 if event.success else 1] += 1
        elif kind is DiscardEvent:
            moves[event.seat][2] += 1
        elif event.kind in ("color_clue", "rank_clue"):
            moves[event.seat][3] += 1
    return moves


@dataclass(frozen=True)
class _Job:
    options: GameOptions
    tables: tuple[tuple[str, ...], ...]
    """The table, and the baseline table when there is one."""
    seed: str
    json_output: str | None
    losses_only: bool


Outcome = tuple[int, int, int, str, bool, list[list[int]]]
"""(score, fireworks total, turns, end condition, saved, moves per seat) of one game."""


def _play_indexes(job: _Job, indexes: range) -> list[list[Outcome]]:
    """Per game, the outcome of each table, saving the first table's game as hanab.live JSON
    if asked."""
    from ..engine.hanablive import export_game

    results = []
    for index in indexes:
        deck_seed = game_seed(job.seed, index)
        outcomes = []
        for number, table in enumerate(job.tables):
            state, actions = play_recorded(job.options, table, deck_seed)
            perfect = state.score == job.options.variant_rules.max_score
            save = number == 0 and job.json_output is not None and not (job.losses_only and perfect)
            if save:
                data = export_game(job.options, state.deck, actions, seed=deck_seed)
                path = os.path.join(job.json_output, game_file_name(job.seed, index))
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(data, f)
            outcomes.append(
                (state.score, state.fireworks_total, state.turn, state.end_condition.label, save, seat_moves(state))
            )
        results.append(outcomes)
    return results


def _play_chunk(args: tuple[_Job, range]) -> list[list[Outcome]]:
    return _play_indexes(*args)


def simulate(
    options: GameOptions,
    bot: str | Sequence[str],
    games: int,
    seed: str,
    *,
    against: str | None = None,
    against_seats: Sequence[int] | None = None,
    threads: int = 1,
    json_output: str | None = None,
    losses_only: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play games 0..games-1 of the simulation seeded `seed` with the table `bot` (a SPEC, or
    one per seat), on `threads` processes (each loads the strategies by their SPEC).

    `against` is a baseline strategy: it then plays the same deals in `against_seats` (default:
    every seat not playing it), the other seats unchanged, and the result's `difference()`
    compares the two game by game. `json_output` is a directory to save each game of the table
    to (only the games below the maximum score with `losses_only`); `progress(done, games)` is
    called as games finish. Raises StrategyError for a SPEC that names no strategy, and
    SimulationError when a bot breaks the rules or the interface."""
    table = table_of(options, bot)
    for spec in set(table) | ({against} if against is not None else set()):
        load_strategy(spec)
    tables = [table]
    replaced = ()
    if against is not None:
        replaced = baseline_of(table, against, against_seats)
        tables.append(tuple(against if seat in replaced else spec for seat, spec in enumerate(table)))
    if json_output is not None:
        os.makedirs(json_output, exist_ok=True)
    job = _Job(options, tuple(tables), seed, json_output, losses_only)
    threads = max(1, min(threads, games))
    results = [SimulationResult(seats=t, options=options, threads=threads) for t in tables]
    for result in results:
        result.moves = [[0] * len(MOVES) for _ in table]
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
            for game in chunk:
                for result, (score, total, turns, end_condition, saved, moves) in zip(results, game):
                    result.scores.append(score)
                    result.fireworks_totals.append(total)
                    result.turns += turns
                    result.end_conditions[end_condition] += 1
                    result.saved += saved
                    for counts, seat in zip(result.moves, moves):
                        for i, n in enumerate(seat):
                            counts[i] += n
            if progress is not None:
                progress(results[0].games, games)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    seconds = time.perf_counter() - start
    for result in results:
        result.seconds = seconds
    main = results[0]
    if against is not None:
        main.against, main.replaced_seats = results[1], replaced
    return main


def format_report(result: SimulationResult) -> str:
    opts = result.options
    lines = [
        f"{result.games} games, {opts.players} players, {opts.variant}, bot {result.bot}",
        f"score: {result.mean:.2f} ± {result.standard_error:.2f} (mean ± standard error), "
        f"perfect: {100 * result.perfect_rate:.1f}%, fireworks total: {result.mean_fireworks_total:.2f}",
        "end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(result.end_conditions.items())),
        "per seat, per game:",
        *(
            f"  seat {s['seat']} {s['bot']}: " + ", ".join(f"{s[name]:.2f} {name}" for name in MOVES)
            for s in result.per_seat()
        ),
    ]
    if result.against is not None:
        baseline, difference = result.against, result.difference()
        seats = ", ".join(str(seat) for seat in result.replaced_seats)
        lines += [
            f"against {baseline.bot} (seat{'s' if len(result.replaced_seats) > 1 else ''} {seats}) on the same "
            f"{result.games} deals: {baseline.mean:.2f} ± {baseline.standard_error:.2f}",
            f"difference: {difference['mean']:+.2f} ± {difference['standard_error']:.2f} score, "
            f"{difference['fireworks_total_mean']:+.2f} ± {difference['fireworks_total_standard_error']:.2f} "
            "fireworks total (paired, game by game: mean ± standard error)",
        ]
    lines.append("histogram:")
    histogram = result.histogram
    widest = max(histogram.values()) or 1
    for score, count in histogram.items():
        bar = "#" * max(1 if count else 0, round(40 * count / widest))
        lines.append(f"  {score:>2} {count:>7} {bar}")
    if result.seconds:
        lines.append(
            f"speed: {result.games / result.seconds:.1f} games/s, {result.turns / result.seconds:.0f} turns/s "
            f"({result.seconds:.2f} s, {result.threads} process{'es' if result.threads > 1 else ''}"
            f"{', both tables' if result.against is not None else ''})"
        )
    return "\n".join(lines)
