"""Engine throughput: random-bot self-play on one core.

Prints turns/s and games/s at 2 and 5 players, two ways:
- "engine": the bot picks uniformly from state.legal_actions() (rules only, as research
  environments measure it);
- "with views": the bot picks from the legal actions of the seat's View, built every turn
  (what real bots and the service pay).

Usage: .venv/bin/python tests/bench/engine_throughput.py [--games N] [--variant NAME] [--players N ...] [--json]
"""

import argparse
import json
import random
import time

from hanabi.engine import GameOptions, new_game, view


def run(players: int, games: int, with_views: bool, variant: str = "No Variant") -> dict:
    options = GameOptions(players=players, variant=variant)
    turns = 0
    start = time.perf_counter()
    for index in range(games):
        rng = random.Random(index)
        state = new_game(options, seed=f"bench/{index}")
        while not state.is_over:
            if with_views:
                actions = view(state, state.current_seat).legal_actions
            else:
                actions = state.legal_actions()
            state = state.apply(rng.choice(actions))
            turns += 1
    seconds = time.perf_counter() - start
    return {
        "players": players,
        "variant": variant,
        "mode": "with views" if with_views else "engine",
        "games": games,
        "turns": turns,
        "seconds": round(seconds, 3),
        "turns_per_second": round(turns / seconds),
        "games_per_second": round(games / seconds, 1),
        "microseconds_per_turn": round(1e6 * seconds / turns, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--variant", default="No Variant")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        run(players, args.games, with_views, args.variant) for with_views in (False, True) for players in args.players
    ]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(
            f"{r['players']}p {r['mode']:>10}: {r['turns_per_second']:>7} turns/s  "
            f"{r['games_per_second']:>7} games/s  {r['microseconds_per_turn']:>6} µs/turn  "
            f"({r['games']} games, {r['turns']} turns, {r['seconds']} s)"
        )


if __name__ == "__main__":
    main()
