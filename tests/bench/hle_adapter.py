"""The HLE adapter's cost: `hanabi simulate` with HLE's own SimpleAgent through the adapter
(`hle:hanabi_learning_environment.agents.simple_agent:SimpleAgent`) against the same rules
written natively against the view (`simple_agent` below), on the same deals, in alternating
rounds on one core, each timed by the process's CPU clock. Both make the same moves, so both
report the same scores (the script checks it); the ratio is the adapter's price per game.

Usage: .venv/bin/python tests/bench/hle_adapter.py [--games N] [--rounds N] [--players N ...] [--json]
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from hanabi.bots.simulator import simulate
from hanabi.engine import ColorClue, Discard, GameOptions, Play, View

HLE_SIMPLE = "hle:hanabi_learning_environment.agents.simple_agent:SimpleAgent"
NATIVE_SIMPLE = f"{Path(__file__).resolve()}:simple_agent"
MAX_INFORMATION_TOKENS = 8
"""SimpleAgent's `config.get('information_tokens', 8)`: HLE's config has no such key, so 8."""


def simple_agent(view: View, rng):
    """HLE's SimpleAgent, move for move, on the view: play a card a clue touched (oldest first);
    else name the color of a playable card no color clue touched (the nearest player first, each
    hand oldest first); else discard the oldest card (below 8 clue tokens) or play it."""
    seat, players = view.seat, view.options.players
    mine = sorted(view.hands[seat], key=_card_id)
    for card in mine:
        if card.clues:
            return Play(seat, card.id)
    if view.clue_tokens > 0:
        for offset in range(1, players):
            target = (seat + offset) % players
            for card in sorted(view.hands[target], key=_card_id):
                named = any(clue.clue_kind == "color" for clue in card.clues)
                if card.rank == view.fireworks[card.suit] + 1 and not named:
                    return ColorClue(seat, target, card.suit)
    if view.clue_tokens < MAX_INFORMATION_TOKENS:
        return Discard(seat, mine[0].id)
    return Play(seat, mine[0].id)


def _card_id(card) -> int:
    return card.id


def measure(players: int, games: int, rounds: int) -> dict:
    options = GameOptions(players=players)
    seconds: dict[str, list[float]] = {HLE_SIMPLE: [], NATIVE_SIMPLE: []}
    scores: dict[str, list[int]] = {}
    totals: list[float] = []
    for round_ in range(rounds):
        order = [HLE_SIMPLE, NATIVE_SIMPLE] if round_ % 2 == 0 else [NATIVE_SIMPLE, HLE_SIMPLE]
        for spec in order:
            start = time.process_time()
            result = simulate(options, spec, games, f"adapter/{round_}")
            seconds[spec].append(time.process_time() - start)
            scores.setdefault(spec, []).extend(result.scores)
            if spec == HLE_SIMPLE:
                totals.append(result.mean_fireworks_total)
    ratios = [a / b for a, b in zip(seconds[HLE_SIMPLE], seconds[NATIVE_SIMPLE])]
    return {
        "players": players,
        "games_per_round": games,
        "rounds": rounds,
        "same_scores": scores[HLE_SIMPLE] == scores[NATIVE_SIMPLE],
        "mean_score": round(statistics.mean(scores[HLE_SIMPLE]), 2),
        "mean_fireworks_total": round(statistics.mean(totals), 2),
        "hle_ms_per_game": round(1000 * statistics.median(seconds[HLE_SIMPLE]) / games, 3),
        "native_ms_per_game": round(1000 * statistics.median(seconds[NATIVE_SIMPLE]) / games, 3),
        "hle_over_native": round(statistics.median(ratios), 3),
        "ratios": [round(r, 3) for r in ratios],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import hanabi_learning_environment.rl_env  # noqa: F401
    except ImportError as error:
        print(f"skipped: hanabi-learning-environment is not installed ({error}); `make setup` builds it")
        sys.exit(0)
    results = [measure(players, args.games, args.rounds) for players in args.players]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(
            f"{r['players']}p: SimpleAgent through the adapter {r['hle_ms_per_game']} ms/game, natively "
            f"{r['native_ms_per_game']} ms/game: x{r['hle_over_native']} (rounds {r['ratios']}); "
            f"same scores: {r['same_scores']} (mean {r['mean_score']}, fireworks total {r['mean_fireworks_total']})"
        )


if __name__ == "__main__":
    main()
