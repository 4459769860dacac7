"""Ratings from duplicate deals, with openskill's Plackett-Luce model (docs/arena.md says why).

On a deal, each table is a team made of its candidate (the one seat the tables differ in);
the teams are ranked by the tables' scores, ties sharing a place. A table where a partner's
time ran out is left out: its candidate did not lose it. A candidate whose own time ran out
scored 0 (the game ends on a time-out), and is ranked so. Ratings are per player count.

A rating is shown as mu with the interval mu ± 2 sigma (about 95%); the leaderboard orders by
its low end, mu - 2 sigma, so a bot climbs by being shown to be good, not by being unknown.
"""

from dataclasses import dataclass
from math import sqrt

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
INITIAL_MU = MODEL.mu
INITIAL_SIGMA = MODEL.sigma
INTERVAL_SIGMAS = 2.0


@dataclass(frozen=True)
class Rating:
    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA

    @property
    def low(self) -> float:
        return self.mu - INTERVAL_SIGMAS * self.sigma

    @property
    def high(self) -> float:
        return self.mu + INTERVAL_SIGMAS * self.sigma


@dataclass(frozen=True)
class TableResult:
    candidate: int
    """The candidate's entry id."""
    score: int
    counts: bool = True
    """False when a partner's time ran out: the table is not rated."""


def rate_deal(results: list[TableResult], ratings: dict[int, Rating]) -> dict[int, Rating]:
    """The candidates' ratings after the deal (each starts from `ratings`, or the initial
    rating); empty when fewer than two tables count (nothing to compare)."""
    counted = [result for result in results if result.counts]
    if len(counted) < 2:
        return {}
    teams = []
    for result in counted:
        before = ratings.get(result.candidate, Rating())
        teams.append([MODEL.rating(mu=before.mu, sigma=before.sigma)])
    rated = MODEL.rate(teams, scores=[result.score for result in counted])
    return {result.candidate: Rating(team[0].mu, team[0].sigma) for result, team in zip(counted, rated)}


@dataclass(frozen=True)
class Paired:
    """A mean difference and its standard error over `n` pairs."""

    n: int
    mean: float | None
    standard_error: float | None


def paired(differences: list[float]) -> Paired:
    return paired_sums(len(differences), sum(differences), sum(value * value for value in differences))


def paired_sums(n: int, total: float, squares: float) -> Paired:
    """The mean difference and its standard error from the count, sum and sum of squares of
    the differences (kept sums of deleted deals add to those of the deals kept)."""
    if n == 0:
        return Paired(0, None, None)
    mean = total / n
    if n == 1:
        return Paired(1, mean, None)
    variance = max(squares - n * mean * mean, 0.0) / (n - 1)
    return Paired(n, mean, sqrt(variance / n))
