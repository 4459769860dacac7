"""Engine throughput: random-bot self-play on one core.

Prints turns/s and games/s at 2 and 5 players, two ways:
- "engine": the bot picks uniformly from state.legal_actions() (rules only, as research
  environments measure it);
- "with views": the bot picks from the legal actions of the seat's View, built every turn
  (what real bots and the service pay).

With `--hle`, the same two ways side by side with DeepMind's hanabi-learning-environment (HLE, its
Python binding `pyhanabi` over its C++ core): "engine" against `state.legal_moves()`, "with
views" against `state.observation(seat).legal_moves()` (the observation an HLE agent reads),
random self-play on one core, in alternating rounds (ours, HLE, HLE, ours, ...), each timed by
the process's CPU clock (so other processes' load on the machine does not count); it prints each
side's turns per CPU second and the ratio ours/HLE per round (above 1: ours is faster). Without HLE installed it says
so and stops (`make setup` builds it).

Usage: .venv/bin/python tests/bench/engine_throughput.py [--games N] [--variant NAME] [--players N ...] [--json]
       .venv/bin/python tests/bench/engine_throughput.py --hle [--rounds N] [--games N] [--players N ...] [--json]
"""

import argparse
import json
import random
import statistics
import sys
import time

from hanabi.engine import GameOptions, new_game, view


def run(players: int, games: int, with_views: bool, variant: str = "No Variant", clock=time.perf_counter) -> dict:
    options = GameOptions(players=players, variant=variant)
    turns = 0
    start = clock()
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
    seconds = clock() - start
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


def run_hle(players: int, games: int, with_views: bool, clock=time.process_time) -> dict:
    """HLE's random self-play: its chance player deals, the seat to move picks uniformly from
    the legal moves of its observation (with views) or of the state."""
    from hanabi_learning_environment import pyhanabi

    game = pyhanabi.HanabiGame({"players": players, "seed": 1})
    chance = pyhanabi.CHANCE_PLAYER_ID
    turns = 0
    start = clock()
    for index in range(games):
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.cur_player()
            if seat == chance:
                state.deal_random_card()
                continue
            moves = state.observation(seat).legal_moves() if with_views else state.legal_moves()
            state.apply_move(rng.choice(moves))
            turns += 1
    seconds = clock() - start
    return {"turns": turns, "seconds": seconds}


def compare_with_hle(players_list: list[int], games: int, rounds: int) -> list[dict]:
    """Ours against HLE's, alternating rounds of `games` games each, per player count and mode,
    in turns per second of the process's CPU time."""
    results = []
    for with_views in (False, True):
        for players in players_list:
            ours, theirs = [], []
            for round_ in range(rounds):
                pair = [(ours, run), (theirs, run_hle)]
                for figures, runner in pair if round_ % 2 == 0 else pair[::-1]:
                    r = runner(players, games, with_views, clock=time.process_time)
                    figures.append(r["turns"] / r["seconds"])
            ratios = [a / b for a, b in zip(ours, theirs)]
            results.append(
                {
                    "players": players,
                    "mode": "with views" if with_views else "engine",
                    "games_per_round": games,
                    "rounds": rounds,
                    "ours_turns_per_second": round(statistics.median(ours)),
                    "hle_turns_per_second": round(statistics.median(theirs)),
                    "ratio_median": round(statistics.median(ratios), 3),
                    "ratios": [round(x, 3) for x in ratios],
                }
            )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--variant", default="No Variant")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--hle", action="store_true", help="compare with hanabi-learning-environment's pyhanabi")
    parser.add_argument("--rounds", type=int, default=6, help="with --hle: alternating rounds per comparison")
    args = parser.parse_args()
    if args.hle:
        try:
            import hanabi_learning_environment.pyhanabi  # noqa: F401
        except ImportError as error:
            print(f"skipped: hanabi-learning-environment is not installed ({error}); `make setup` builds it")
            sys.exit(0)
        results = compare_with_hle(args.players, args.games, args.rounds)
        if args.json:
            print(json.dumps(results, indent=2))
            return
        for r in results:
            print(
                f"{r['players']}p {r['mode']:>10}: ours {r['ours_turns_per_second']:>7} turns/s, "
                f"HLE {r['hle_turns_per_second']:>7} turns/s, ours/HLE {r['ratio_median']:.2f}x "
                f"(median of {r['rounds']} rounds of {r['games_per_round']} games: {r['ratios']})"
            )
        return
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
