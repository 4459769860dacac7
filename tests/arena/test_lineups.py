"""Lineups of a deal (pure): the tables differ in the candidate seat only."""

import random

from hanabi.arena.lineups import Participant, plan_deal

BASIC = Participant(1, None, "basic")
HAT = Participant(2, None, "hat")


def bots(count, rated=lambda index: 0):
    return [Participant(100 + index, 1000 + index, None, rated(index)) for index in range(count)]


def test_every_table_has_the_same_partners_in_the_same_seats():
    for seed in range(50):
        rng = random.Random(seed)
        plan = plan_deal(4, [BASIC, HAT], bots(5), tables=4, rng=rng)
        tables = [plan.seats_of(candidate) for candidate in plan.candidates]
        assert 0 <= plan.candidate_seat < 4
        for seats in tables:
            assert len(seats) == 4
            others = [seat for number, seat in enumerate(seats) if number != plan.candidate_seat]
            assert tuple(others) == plan.partners
            assert all(partner.account_id is None for partner in others)


def test_references_are_candidates_on_every_deal_and_bots_fill_the_other_tables():
    plan = plan_deal(3, [BASIC], bots(5), tables=4, rng=random.Random(1))
    assert plan.candidates[0] == BASIC
    assert len(plan.candidates) == 4
    accounts = [candidate.account_id for candidate in plan.candidates[1:]]
    assert len(set(accounts)) == 3


def test_bots_with_fewer_rated_deals_are_chosen_first():
    pool = bots(6, rated=lambda index: 10 * index)
    plan = plan_deal(2, [BASIC], pool, tables=3, rng=random.Random(2))
    assert [candidate.entry_id for candidate in plan.candidates[1:]] == [100, 101]


def test_a_lone_bot_still_gets_a_deal_beside_the_anchor():
    plan = plan_deal(5, [BASIC, HAT], bots(1), tables=2, rng=random.Random(3))
    assert len(plan.candidates) == 3


def test_no_deal_without_a_bot_or_a_reference():
    assert plan_deal(2, [BASIC], [], tables=4, rng=random.Random(0)) is None
    assert plan_deal(2, [], bots(2), tables=4, rng=random.Random(0)) is None


def test_over_many_deals_a_bot_sits_in_every_seat_beside_every_reference():
    rng = random.Random(4)
    seats, partners = set(), set()
    for _ in range(200):
        plan = plan_deal(3, [BASIC, HAT], bots(1), tables=3, rng=rng)
        seats.add(plan.candidate_seat)
        partners.update(partner.strategy for partner in plan.partners)
    assert seats == {0, 1, 2} and partners == {"basic", "hat"}
