"""Bot speed: self-play games per second of each strategy at each player count, one core.

Each game builds every seat's View every turn and asks the strategy, as `hanabi simulate` does.

Usage: .venv/bin/python tests/bench/bot_speed.py [--games N] [--bots basic,hat] [--json]
"""

import argparse
import json

from hanabi.bots.simulator import simulate
from hanabi.engine import GameOptions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bots", default="basic,hat")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for bot in args.bots.split(","):
        for players in (2, 3, 4, 5):
            result = simulate(GameOptions(players=players), bot, args.games, "bench")
            results.append(
                {
                    "bot": bot,
                    "players": players,
                    "games": result.games,
                    "games_per_second": round(result.games / result.seconds, 1),
                    "microseconds_per_turn": round(1e6 * result.seconds / result.turns, 1),
                    "mean": round(result.mean, 3),
                }
            )
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(
            f"{r['bot']:>6} {r['players']}p: {r['games_per_second']:>7} games/s  "
            f"{r['microseconds_per_turn']:>6} µs/turn  (mean {r['mean']}, {r['games']} games)"
        )


if __name__ == "__main__":
    main()
