import contextlib
import io
import json
import statistics
import subprocess
import sys
from collections import Counter

import pytest
from hanabi.bots.simulator import SimulationError, game_file_name, game_seed, play_game, simulate
from hanabi.engine import GameOptions
from hanabi.runtime.cli import main

HANABI = [sys.executable, "-m", "hanabi.runtime.cli"]


def run_cli(*args: str) -> tuple[int, str, str]:
    """`hanabi ARGS` through the CLI's `main(argv)` in this process: its exit status (argparse's
    exit included), standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit:
            status = exit.code
    return status, out.getvalue(), err.getvalue()


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


def test_each_game_reported_is_the_game_its_seed_plays_again():
    """A bot developer reads a run's figures as the games its seeds deal: replaying each seed gives
    the score, fireworks total, end, turns and strikes the run reported, and the summary is theirs."""
    options = GameOptions(players=4, variant="Rainbow (6 Suits)", timed_display=True)
    table = ["basic", "random", "basic", "random"]
    result = simulate(options, table, games=12, seed="replay")
    states = [play_game(options, table, game_seed("replay", index)) for index in range(12)]
    assert all(state.is_over for state in states)
    assert result.scores == [state.score for state in states]
    assert result.fireworks_totals == [state.fireworks_total for state in states]
    assert result.end_conditions == Counter(state.end_condition.label for state in states)
    assert result.turns == sum(state.turn for state in states)
    assert sum(misplays for _, misplays, _, _ in result.moves) == sum(state.strikes for state in states) > 0
    summary = result.to_dict()
    assert summary["mean"] == round(statistics.fmean(state.score for state in states), 4)
    assert summary["mean_fireworks_total"] == round(statistics.fmean(state.fireworks_total for state in states), 4)
    assert summary["turns"] == result.turns and summary["games"] == 12


def test_cli_prints_a_json_summary():
    status, stdout, _ = run_cli(
        "simulate", "--players", "5", "--bot", "random", "--games", "25", "--seed", "7", "--json"
    )
    assert status == 0
    summary = json.loads(stdout)
    assert summary["games"] == 25
    assert sum(summary["histogram"].values()) == 25
    assert summary["options"]["players"] == 5
    assert summary["games_per_second"] > 0
    expected = simulate(GameOptions(players=5), "random", games=25, seed="7")
    assert summary["mean"] == round(expected.mean, 4)


def test_cli_prints_a_readable_report():
    status, report, _ = run_cli(
        "simulate", "--players", "2", "--bot", "random", "--games", "10", "--variant", "Black (6 Suits)"
    )
    assert status == 0
    assert "10 games, 2 players, Black (6 Suits), bot random" in report
    assert "mean ± standard error" in report
    assert "histogram:" in report
    assert "games/s" in report


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
    status, _, stderr = run_cli("simulate", *args)
    assert status == 2
    assert message in stderr


def test_six_players_in_a_hanablive_variant_with_deck_plays():
    status, stdout, _ = run_cli(
        *["simulate", "--players", "6", "--bot", "hat", "--games", "8", "--variant", "Prism (5 Suits)"],
        *["--deck-plays", "--end-at-best-score", "--json"],
    )
    assert status == 0
    summary = json.loads(stdout)
    assert summary["options"]["players"] == 6 and summary["options"]["deck_plays"] is True
    assert summary["options"]["end_at_best_score"] is True
    assert sum(summary["histogram"].values()) == 8


@pytest.mark.slow
def test_a_run_on_several_processes_gives_the_single_process_results():
    options = GameOptions(players=3, variant="6 Suits")
    single = simulate(options, "hat", games=45, seed="split")
    split = simulate(options, "hat", games=45, seed="split", threads=2)
    assert split.threads == 2
    assert split.scores == single.scores
    assert split.turns == single.turns
    assert split.end_conditions == single.end_conditions


@pytest.mark.slow
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


@pytest.mark.slow
def test_losses_only_saves_exactly_the_imperfect_games(tmp_path):
    options = GameOptions(players=3)
    result = simulate(options, "hat", games=40, seed="losses", json_output=str(tmp_path), losses_only=True)
    imperfect = {game_file_name("losses", i) for i, score in enumerate(result.scores) if score < 25}
    assert 0 < len(imperfect) < 40
    assert {p.name for p in tmp_path.iterdir()} == imperfect
    assert result.saved == len(imperfect)


@pytest.mark.slow
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
    status, _, stderr = run_cli("simulate", "--players", "3", "--bot", "random", *args)
    assert status == 2
    assert message in stderr


CLASS_BOT = """
import random


class Cautious:
    \"\"\"Discards its oldest card when it may, else gives a random legal clue or move.\"\"\"

    def __init__(self):
        self.started = self.told = 0

    def start(self, view):
        self.started += 1

    def observe(self, event, view):
        self.told += 1

    def act(self, view):
        assert self.started == 1
        for action in view.legal_actions:
            if action.kind == "discard" and action.card == view.my_hand[-1].id:
                return {"kind": "discard", "card": action.card}
        return random.choice(view.legal_actions)


def illegal(view, rng):
    return {"kind": "play", "card": 999}
"""


@pytest.fixture
def bot_file(tmp_path):
    path = tmp_path / "my_bot.py"
    path.write_text(CLASS_BOT)
    return str(path)


def test_a_mixed_table_reports_each_seat_and_every_move():
    options = GameOptions(players=3)
    result = simulate(options, ["basic", "random", "basic"], games=20, seed="mixed")
    assert result.seats == ("basic", "random", "basic") and result.bot == "basic, random, basic"
    seats = result.per_seat()
    assert [s["bot"] for s in seats] == ["basic", "random", "basic"]
    assert sum(sum(counts) for counts in result.moves) == result.turns
    assert seats[1]["misplays"] > seats[0]["misplays"]
    assert result.scores == simulate(options, ("basic", "random", "basic"), games=20, seed="mixed").scores


def test_the_fireworks_total_is_reported_beside_the_strict_score():
    result = simulate(GameOptions(players=2), "random", games=40, seed="totals")
    assert len(result.fireworks_totals) == 40
    assert all(total >= score for total, score in zip(result.fireworks_totals, result.scores))
    assert result.mean_fireworks_total > result.mean, "random self-play strikes out, and keeps its fireworks"
    assert result.to_dict()["mean_fireworks_total"] == round(statistics.fmean(result.fireworks_totals), 4)


@pytest.mark.slow
def test_against_plays_the_same_deals_and_reports_the_paired_difference():
    options = GameOptions(players=3)
    result = simulate(options, ["random", "basic", "basic"], games=30, seed="paired", against="basic")
    table = simulate(options, ["random", "basic", "basic"], games=30, seed="paired")
    baseline = simulate(options, "basic", games=30, seed="paired")
    assert result.replaced_seats == (0,) and result.against.seats == ("basic", "basic", "basic")
    assert (result.scores, result.against.scores) == (table.scores, baseline.scores)
    differences = [a - b for a, b in zip(table.scores, baseline.scores)]
    difference = result.difference()
    assert difference["mean"] == round(statistics.fmean(differences), 4)
    assert difference["standard_error"] == round(statistics.stdev(differences) / 30**0.5, 4)
    assert difference["mean"] < 0
    hat_seat = simulate(options, ["basic", "hat", "hat"], games=5, seed="paired", against="random", against_seats=[1])
    assert hat_seat.against.seats == ("basic", "random", "hat")


def test_a_strategy_named_by_spec_plays_as_the_built_in_one():
    options = GameOptions(players=4)
    built_in = simulate(options, "basic", games=10, seed="spec")
    by_spec = simulate(options, "hanabi.bots.basic:choose", games=10, seed="spec")
    assert (by_spec.scores, by_spec.turns) == (built_in.scores, built_in.turns)


def test_a_class_bot_in_a_file_is_reproducible_on_any_number_of_processes(bot_file):
    options = GameOptions(players=3)
    spec = f"{bot_file}:Cautious"
    single = simulate(options, [spec, "basic", spec], games=16, seed="file bot")
    again = simulate(options, [spec, "basic", spec], games=16, seed="file bot")
    split = simulate(options, [spec, "basic", spec], games=16, seed="file bot", threads=2)
    assert single.scores == again.scores == split.scores
    assert single.turns == split.turns
    assert single.per_seat()[0]["discards"] > 0


def test_a_bot_that_breaks_the_rules_is_named_with_its_game(bot_file):
    with pytest.raises(SimulationError) as error:
        simulate(GameOptions(players=2), ["basic", f"{bot_file}:illegal"], games=3, seed="broken")
    message = str(error.value)
    assert f"seat 1's bot {bot_file}:illegal in game 'broken/0'" in message and "999" in message


@pytest.mark.slow
def test_cli_compares_a_table_with_a_baseline_in_json(bot_file):
    out = subprocess.run(
        HANABI
        + ["simulate", "--players", "3", "--bot", f"{bot_file}:Cautious", "--bot", "basic", "--bot", "basic"]
        + ["--against", "basic", "--games", "12", "--seed", "cli pair", "--json", "--threads", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert [s["bot"] for s in summary["seats"]] == [f"{bot_file}:Cautious", "basic", "basic"]
    assert summary["against"]["replaced_seats"] == [0] and summary["against"]["bot"] == "basic"
    assert summary["against"]["difference"]["mean"] == round(summary["mean"] - summary["against"]["mean"], 4)
    assert "mean_fireworks_total" in summary and "mean_fireworks_total" in summary["against"]
    report = subprocess.run(
        HANABI + ["simulate", "--players", "2", "--bot", "random", "--against", "basic", "--games", "6"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "against basic (seats 0, 1) on the same 6 deals" in report and "paired, game by game" in report


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bot", "basic", "--bot", "random"], "one bot for every seat or one per seat: 3 players, 2 bots"),
        (["--bot", "basic", "--seat", "1"], "--seat needs --against"),
        (["--bot", "basic", "--against", "basic"], "every seat already plays basic"),
        (["--bot", "basic", "--against", "random", "--seat", "5"], "seat 5 is not a seat"),
        (["--bot", "no_such_module_here:Bot"], "no module named 'no_such_module_here'"),
    ],
)
def test_cli_rejects_bad_tables_clearly(args, message):
    status, _, stderr = run_cli("simulate", "--players", "3", "--games", "2", *args)
    assert status == 2, stderr
    assert message in stderr
