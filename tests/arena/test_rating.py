"""The arena's rating of a deal (pure): tables ranked by score, openskill's update."""

from hanabi.arena.rating import INITIAL_MU, Rating, TableResult, paired, rate_deal


def test_the_better_table_gains_and_the_worse_loses():
    after = rate_deal([TableResult(1, 20), TableResult(2, 12), TableResult(3, 5)], {})
    assert after[1].mu > INITIAL_MU > after[3].mu
    assert after[1].mu > after[2].mu > after[3].mu
    assert all(rating.sigma < Rating().sigma for rating in after.values())


def test_equal_scores_share_their_place():
    after = rate_deal([TableResult(1, 18), TableResult(2, 18)], {})
    assert after[1].mu == after[2].mu == INITIAL_MU


def test_a_table_a_partner_timed_out_at_is_not_rated():
    after = rate_deal([TableResult(1, 20), TableResult(2, 0, counts=False), TableResult(3, 10)], {})
    assert set(after) == {1, 3}
    assert rate_deal([TableResult(1, 20), TableResult(2, 0, counts=False)], {}) == {}


def test_beating_a_well_known_strong_rating_moves_more_than_beating_a_newcomer():
    strong = Rating(mu=35.0, sigma=2.0)
    upset = rate_deal([TableResult(1, 20), TableResult(2, 10)], {2: strong})
    expected = rate_deal([TableResult(1, 20), TableResult(2, 10)], {})
    assert upset[1].mu - INITIAL_MU > expected[1].mu - INITIAL_MU
    assert abs(upset[2].mu - strong.mu) < abs(expected[2].mu - INITIAL_MU)


def test_the_interval_is_two_sigmas_either_side():
    rating = Rating(mu=30.0, sigma=2.5)
    assert (rating.low, rating.high) == (25.0, 35.0)


def test_paired_differences_give_the_mean_and_its_standard_error():
    assert paired([]).n == 0 and paired([]).mean is None
    assert paired([3.0]).standard_error is None
    result = paired([2.0, 4.0, 6.0, 8.0])
    assert result.n == 4 and result.mean == 5.0
    assert abs(result.standard_error - (20 / 3 / 4) ** 0.5) < 1e-12
