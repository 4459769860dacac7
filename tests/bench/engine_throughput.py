"""Engine throughput: random-bot self-play on one core.

Prints turns/s and games/s (per second of the process's CPU time, so that other processes' load
on the machine does not count) at 2 and 5 players, three ways:
- "engine": the bot picks uniformly from state.legal_actions() (rules only, as research
  environments measure it);
- "with views": the bot picks from the legal actions of the seat's View, built every turn
  (what a bot that reads only its legal actions pays; a view computes its other fields when
  they are first read);
- "full views": the same, reading every field of the view (what a bot that reads everything,
  or the API's view, pays).

With `--hle`, the same three ways side by side with DeepMind's hanabi-learning-environment (HLE,
its Python binding `pyhanabi` over its C++ core): "engine" against `state.legal_moves()`, "with
views" against `state.observation(seat).legal_moves()` (the observation an HLE agent reads),
"full views" reading every accessor of that observation too (hands, card knowledge, discards,
fireworks, last moves, tokens); random self-play on one core, in alternating rounds (ours, HLE,
HLE, ours, ...). It prints each side's turns per CPU second and the ratio ours/HLE of each round
(above 1: ours is faster). Without HLE installed it says so and stops (`make setup` builds it).

Usage: .venv/bin/python tests/bench/engine_throughput.py [--games N] [--variant NAME] [--players N ...] [--json]
       .venv/bin/python tests/bench/engine_throughput.py --hle [--rounds N] [--games N] [--players N ...] [--json]
"""

import argparse
import json
import random
import statistics
import sys
import time

from hanabi.engine import VIEW_FIELDS, GameOptions, new_game, view

MODES = ("engine", "with views", "full views")


def run(players: int, games: int, mode: str, variant: str = "No Variant", clock=time.process_time) -> dict:
    """Random self-play timed by `clock` (CPU time by default; wall time for a machine reference)."""
    options = GameOptions(players=players, variant=variant)
    turns = 0
    start = clock()
    for index in range(games):
        rng = random.Random(index)
        state = new_game(options, seed=f"bench/{index}")
        while not state.is_over:
            if mode == "engine":
                actions = state.legal_actions()
            else:
                seat_view = view(state, state.current_seat)
                if mode == "full views":
                    for name in VIEW_FIELDS:
                        getattr(seat_view, name)
                actions = seat_view.legal_actions
            state = state.apply(rng.choice(actions))
            turns += 1
    seconds = clock() - start
    return {
        "players": players,
        "variant": variant,
        "mode": mode,
        "games": games,
        "turns": turns,
        "seconds": round(seconds, 3),
        "turns_per_second": round(turns / seconds),
        "games_per_second": round(games / seconds, 1),
        "microseconds_per_turn": round(1e6 * seconds / turns, 2),
    }


def run_hle(players: int, games: int, mode: str) -> dict:
    """HLE's random self-play: its chance player deals, the seat to move picks uniformly from
    the legal moves of the state (engine) or of its observation (reading all of it: full views)."""
    from hanabi_learning_environment import pyhanabi

    game = pyhanabi.HanabiGame({"players": players, "seed": 1})
    chance = pyhanabi.CHANCE_PLAYER_ID
    turns = 0
    start = time.process_time()
    for index in range(games):
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.cur_player()
            if seat == chance:
                state.deal_random_card()
                continue
            if mode == "engine":
                moves = state.legal_moves()
            else:
                observation = state.observation(seat)
                if mode == "full views":
                    observation.cur_player_offset()
                    observation.observed_hands()
                    observation.card_knowledge()
                    observation.discard_pile()
                    observation.fireworks()
                    observation.deck_size()
                    observation.information_tokens()
                    observation.life_tokens()
                    observation.last_moves()
                moves = observation.legal_moves()
            state.apply_move(rng.choice(moves))
            turns += 1
    seconds = time.process_time() - start
    return {"turns": turns, "seconds": seconds}


def compare_with_hle(players_list: list[int], games: int, rounds: int) -> list[dict]:
    """Ours against HLE's, alternating rounds of `games` games each, per player count and mode,
    in turns per second of the process's CPU time."""
    results = []
    for mode in MODES:
        for players in players_list:
            ours, theirs = [], []
            for round_ in range(rounds):
                pair = [(ours, run), (theirs, run_hle)]
                for figures, runner in pair if round_ % 2 == 0 else pair[::-1]:
                    r = runner(players, games, mode)
                    figures.append(r["turns"] / r["seconds"])
            ratios = [a / b for a, b in zip(ours, theirs)]
            results.append(
                {
                    "players": players,
                    "mode": mode,
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
    results = [run(players, args.games, mode, args.variant) for mode in MODES for players in args.players]
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
