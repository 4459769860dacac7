import json
import statistics
import subprocess
import sys

import pytest

from hanabi.engine import GameOptions, view
from hanabi.simulator import game_seed, play_game, simulate

HANABI = [sys.executable, "-m", "hanabi.cli"]


def test_simulation_is_reproducible_from_its_seed():
    options = GameOptions(players=3)
    first = simulate(options, "random", games=30, seed="repro")
    again = simulate(options, "random", games=30, seed="repro")
    other = simulate(options, "random", games=30, seed="other")
    assert first.scores == again.scores
    assert first.turns == again.turns
    assert (first.scores, first.turns) != (other.scores, other.turns)


def test_statistics_match_the_scores():
    result = simulate(GameOptions(players=2, max_strikes=3), "random", games=60, seed="stats")
    assert result.games == 60
    assert result.mean == pytest.approx(statistics.fmean(result.scores))
    assert result.standard_error == pytest.approx(statistics.stdev(result.scores) / 60**0.5)
    assert sum(result.histogram.values()) == 60
    assert sum(result.end_conditions.values()) == 60
    assert result.perfect_rate == sum(s == 25 for s in result.scores) / 60


def test_each_game_ends_and_is_scored_by_the_engine():
    options = GameOptions(players=4, variant="Rainbow (6 Suits)", timed_display=True)
    state = play_game(options, "random", game_seed("end", 0))
    assert state.is_over
    assert view(state, 0).rating is not None


def test_cli_prints_a_json_summary():
    out = subprocess.run(
        HANABI + ["simulate", "--players", "5", "--bot", "random", "--games", "25", "--seed", "7", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["games"] == 25
    assert sum(summary["histogram"].values()) == 25
    assert summary["options"]["players"] == 5
    assert summary["games_per_second"] > 0
    expected = simulate(GameOptions(players=5), "random", games=25, seed="7")
    assert summary["mean"] == round(expected.mean, 4)


def test_cli_prints_a_readable_report():
    out = subprocess.run(
        HANABI + ["simulate", "--players", "2", "--bot", "random", "--games", "10", "--variant", "Black (6 Suits)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "10 games, 2 players, Black (6 Suits), bot random" in out.stdout
    assert "mean ± standard error" in out.stdout
    assert "histogram:" in out.stdout
    assert "games/s" in out.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "6", "--bot", "random"], "2 to 5 players"),
        (["--players", "3", "--bot", "nobody"], "unknown bot"),
        (["--players", "3", "--bot", "random", "--variant", "Mauve"], "Unknown variant"),
        (["--players", "3", "--bot", "random", "--games", "0"], "at least 1"),
    ],
)
def test_cli_rejects_bad_arguments_clearly(args, message):
    out = subprocess.run(HANABI + ["simulate"] + args, capture_output=True, text=True)
    assert out.returncode == 2
    assert message in out.stderr
