"""Who plays a deal, and where.

Every table of a deal holds the same partners in the same seats; the tables differ in one seat,
the candidate seat, where each candidate of the deal sits at its own table. The tables are then
compared as duplicate bridge compares the pairs that held the same cards: the deal and the
partners are the same at every table, so only the candidate differs between them, and the
difference in score is the candidate's doing. The built-in reference partners are candidates
on every deal (the anchor a bot is compared with, seat by seat). Partners are reference
partners, drawn seat by seat, and the candidate seat is drawn too, so that over its deals a
bot meets every reference partner in every seat.

A bot from outside sits at one table of a deal, never more: at a second table it would see its
own hand played out at the first. Partners sit at every table of their deal, so only the
built-in bots, which the workers play from one seat's view and which remember nothing from
one game to the next, can be partners.
"""

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Participant:
    entry_id: int
    account_id: int | None
    """None for a built-in reference partner, played by the workers."""
    strategy: str | None
    """The built-in strategy of a reference partner."""
    rated_deals: int = 0


@dataclass(frozen=True)
class DealPlan:
    candidate_seat: int
    partners: tuple[Participant, ...]
    """One per seat but the candidate seat, in seat order."""
    candidates: tuple[Participant, ...]

    def seats_of(self, candidate: Participant) -> tuple[Participant, ...]:
        """The seats, in order, of the table where `candidate` sits in the candidate seat."""
        seats = list(self.partners)
        seats.insert(self.candidate_seat, candidate)
        return tuple(seats)


def plan_deal(
    players: int,
    references: list[Participant],
    bots: list[Participant],
    *,
    tables: int,
    rng: random.Random,
) -> DealPlan | None:
    """The lineups of one deal for `players`: every reference partner and up to `tables` minus
    that many bots as candidates (those with the fewest rated deals first, ties broken at
    random), reference partners drawn at random for the other seats. None when there is no
    bot or no reference partner."""
    if not bots or not references:
        return None
    room = max(tables - len(references), 1)
    shuffled = list(bots)
    rng.shuffle(shuffled)
    shuffled.sort(key=lambda bot: bot.rated_deals)
    partners = tuple(rng.choice(references) for _ in range(players - 1))
    return DealPlan(
        candidate_seat=rng.randrange(players), partners=partners, candidates=tuple(references) + tuple(shuffled[:room])
    )
