"""What the bot interface costs `hanabi simulate`: the same games of the basic bot played four ways,
in alternating rounds timed by the process's CPU clock (the machine may be shared):

- "direct": a bare loop calling `basic.choose(view, rng)` every turn (no interface);
- "built-in": `simulate(options, "basic", ...)`;
- "by SPEC": `simulate(options, "hanabi.bots.basic:choose", ...)`, a function named as a plug-in;
- "class": `simulate(options, "<this file>:BasicAsClass", ...)`, a class bot with start, observe
  and act (act calls basic.choose), so every event is told to it.

Prints each way's best round and its ratio to "direct" (1.00 is no cost).

Usage: .venv/bin/python tests/bench/plugin_overhead.py [--games N] [--players N] [--rounds N] [--json]
"""

import argparse
import json
import random
import time

from hanabi.bots import basic
from hanabi.bots.simulator import game_seed, simulate
from hanabi.engine import GameOptions, new_game, view

SEED = "plugin overhead"


class BasicAsClass:
    """The basic bot as a class with the whole lifecycle."""

    def __init__(self):
        self.rng = random.Random(0)
        self.events = 0

    def start(self, view):
        self.events = 0

    def observe(self, event, view):
        self.events += 1

    def act(self, view):
        return basic.choose(view, self.rng)


def direct(options: GameOptions, games: int) -> list[int]:
    scores = []
    for index in range(games):
        deck_seed = game_seed(SEED, index)
        rng = random.Random(deck_seed)
        state = new_game(options, seed=deck_seed)
        while not state.is_over:
            state = state.apply(basic.choose(view(state, state.current_seat), rng))
        scores.append(state.score)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = GameOptions(players=args.players)
    ways = {
        "direct": lambda: direct(options, args.games),
        "built-in": lambda: simulate(options, "basic", args.games, SEED).scores,
        "by SPEC": lambda: simulate(options, "hanabi.bots.basic:choose", args.games, SEED).scores,
        "class": lambda: simulate(options, f"{__file__}:BasicAsClass", args.games, SEED).scores,
    }
    best = {name: float("inf") for name in ways}
    scores = {}
    for _ in range(args.rounds):
        for name, way in ways.items():
            start = time.process_time()
            scores[name] = way()
            best[name] = min(best[name], time.process_time() - start)
    assert scores["direct"] == scores["built-in"] == scores["by SPEC"], "the same games, whichever way"
    results = [
        {
            "way": name,
            "players": args.players,
            "games": args.games,
            "best_cpu_seconds": round(seconds, 3),
            "ratio_to_direct": round(seconds / best["direct"], 3),
        }
        for name, seconds in best.items()
    ]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for row in results:
        print(
            f"{row['way']:>9}: {row['best_cpu_seconds']:7.3f} s CPU (best of {args.rounds} rounds, "
            f"{row['games']} games, {row['players']} players), {row['ratio_to_direct']:.3f}x direct"
        )


if __name__ == "__main__":
    main()
