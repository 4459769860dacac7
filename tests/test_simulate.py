import json
import statistics
import subprocess
import sys

import pytest

from hanabi.engine import GameOptions, view
from hanabi.simulator import game_file_name, game_seed, play_game, simulate

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
        (["--players", "7", "--bot", "random"], "2 to 6 players"),
        (["--players", "3", "--bot", "nobody"], "unknown bot"),
        (["--players", "3", "--bot", "random", "--variant", "Mauve"], "Unknown variant"),
        (["--players", "3", "--bot", "random", "--games", "0"], "at least 1"),
    ],
)
def test_cli_rejects_bad_arguments_clearly(args, message):
    out = subprocess.run(HANABI + ["simulate"] + args, capture_output=True, text=True)
    assert out.returncode == 2
    assert message in out.stderr


def test_six_players_in_a_hanablive_variant_with_deck_plays():
    out = subprocess.run(
        HANABI
        + ["simulate", "--players", "6", "--bot", "hat", "--games", "8", "--variant", "Prism (5 Suits)"]
        + ["--deck-plays", "--end-at-best-score", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["options"]["players"] == 6 and summary["options"]["deck_plays"] is True
    assert summary["options"]["end_at_best_score"] is True
    assert sum(summary["histogram"].values()) == 8


def test_a_run_on_several_processes_gives_the_single_process_results():
    options = GameOptions(players=3, variant="6 Suits")
    single = simulate(options, "hat", games=45, seed="split")
    split = simulate(options, "hat", games=45, seed="split", threads=2)
    assert split.threads == 2
    assert split.scores == single.scores
    assert split.turns == single.turns
    assert split.end_conditions == single.end_conditions


def test_saved_games_replay_to_the_simulated_scores(tmp_path):
    out = subprocess.run(
        HANABI
        + ["simulate", "--players", "4", "--bot", "basic", "--games", "6", "--seed", "save me", "--threads", "2"]
        + ["--json-output", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["saved_games"] == 6
    expected = simulate(GameOptions(players=4), "basic", games=6, seed="save me").scores
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(game_file_name("save me", i) for i in range(6))
    for index, score in enumerate(expected):
        path = tmp_path / game_file_name("save me", index)
        data = json.loads(path.read_text())
        assert data["seed"] == game_seed("save me", index)
        replayed = subprocess.run(HANABI + ["replay", str(path)], capture_output=True, text=True, check=True)
        assert json.loads(replayed.stdout)["score"] == score


def test_losses_only_saves_exactly_the_imperfect_games(tmp_path):
    options = GameOptions(players=3)
    result = simulate(options, "hat", games=40, seed="losses", json_output=str(tmp_path), losses_only=True)
    imperfect = {game_file_name("losses", i) for i, score in enumerate(result.scores) if score < 25}
    assert 0 < len(imperfect) < 40
    assert {p.name for p in tmp_path.iterdir()} == imperfect
    assert result.saved == len(imperfect)


def test_progress_is_reported_on_stderr_when_asked():
    quiet = subprocess.run(
        HANABI + ["simulate", "--players", "2", "--bot", "random", "--games", "5"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert quiet.stderr == ""
    loud = subprocess.run(
        HANABI + ["simulate", "--players", "2", "--bot", "random", "--games", "5", "--progress"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "5/5 games" in loud.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--threads", "0"], "--threads must be at least 1"),
        (["--losses-only"], "--losses-only needs --json-output"),
    ],
)
def test_cli_rejects_bad_simulator_options(args, message):
    command = HANABI + ["simulate", "--players", "3", "--bot", "random"] + args
    out = subprocess.run(command, capture_output=True, text=True)
    assert out.returncode == 2
    assert message in out.stderr
