"""The hat strategy's public inferences hold in self-play."""

import random

import pytest
from hanabi.bots import hat
from hanabi.engine import Discard, GameOptions, new_game, view


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_discard_with_clue_tokens_left_means_no_one_else_misses_a_play(players):
    """Everyone concludes from such a discard that their cards not known to play do not: the
    conclusion must be true, and once drawn, every playable card of the others is known as such."""
    discards = 0
    for index in range(15):
        seed = f"hat-discard/{players}/{index}"
        state, rng = new_game(GameOptions(players=players), seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.current_seat
            seat_view = view(state, seat)
            action = hat.choose(seat_view, rng)
            if type(action) is Discard and state.clue_tokens > 0:
                discards += 1
                public = hat.public_state(seat_view)
                playable = public.masks()[0]
                for other, hand in enumerate(state.hands):
                    for card in hand if other != seat else ():
                        suit, rank = state.deck[card]
                        if state.fireworks[suit] == rank - 1:
                            assert public.know[card] & ~playable == 0, (seed, state.turn, other, card)
            state = state.apply(action)
    assert discards >= 3


def play_mixed(players: int, seats: tuple[str, ...], seed: str):
    """One game with these strategies by seat; yields (state, seat's view) before each move."""
    from hanabi.bots import get_strategy

    strategies = [get_strategy(name) for name in seats]
    state, rng = new_game(GameOptions(players=players), seed=seed), random.Random(seed)
    while not state.is_over:
        seat_view = view(state, state.current_seat)
        yield state, seat_view
        state = state.apply(strategies[state.current_seat](seat_view, rng))
    yield state, None


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hat_partners_are_never_taken_for_strangers(players):
    """In self-play every move fits the protocol as every seat sees it: no seat falls back."""
    for index in range(12):
        for state, seat_view in play_mixed(players, ("hat",) * players, f"hat-stranger/{players}/{index}"):
            if seat_view is not None:
                assert hat.public_state(seat_view).stranger is None, (index, state.turn, seat_view.seat)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hat_beside_the_convention_bot_notices_and_does_not_strike_out(players):
    """Beside partners who play basic's conventions, the hat seat notices that their moves do
    not fit its protocol and plays basic's conventions itself: the table seldom strikes out
    (before it did, 96-99% of such games struck out)."""
    struck_out = noticed = 0
    games = 16
    for index in range(games):
        seats = ["basic"] * players
        seats[index % players] = "hat"
        for step in play_mixed(players, tuple(seats), f"hat-basic/{players}/{index}"):
            state, seat_view = step
            if seat_view is not None and seats[seat_view.seat] == "hat":
                stranger = hat.public_state(seat_view).stranger
        noticed += stranger is not None
        struck_out += state.end_condition.label == "strikeout"
    assert noticed >= games // 2
    assert struck_out <= 2


def test_a_discard_spares_the_cards_no_teammate_holds_a_copy_of():
    """Of two cards equally worth keeping, the one whose identity a teammate also holds goes."""
    from hanabi.bots.common import rules_for

    rules = rules_for(GameOptions(players=3))
    red3, green3 = rules.identity(0, 3), rules.identity(2, 3)
    mine = {10: 1 << green3, 11: 1 << red3}
    unseen = [2] * rules.size
    assert hat._discard_choice([10, 11], mine, 0, 0, unseen, set(), rules) == 11
    assert hat._discard_choice([10, 11], mine, 0, 0, unseen, {green3}, rules) == 10
    assert hat._discard_choice([10, 11], mine, 0, 0, unseen, {red3}, rules) == 11


def test_of_two_cards_known_to_be_the_same_card_the_newer_one_is_useless():
    from hanabi.bots.common import rules_for

    rules = rules_for(GameOptions(players=4))
    red3, green3 = rules.identity(0, 3), rules.identity(2, 3)
    mine = {10: 1 << red3, 11: 1 << green3, 12: 1 << red3 | 1 << green3, 13: 1 << red3}
    assert hat._twins([10, 11, 12, 13], mine) == [10]
    assert hat._twins([11, 12, 13], mine) == []


def test_the_question_which_card_plays_asks_the_least_likely_card_first():
    """An answer naming a card then also tells its holder that the cards asked before it, more
    likely to play, do not."""
    from hanabi.bots.common import rules_for
    from hanabi.bots.hat_state import HatState, ask

    rules = rules_for(GameOptions(players=3))
    state = HatState(rules)
    hand = state.hands[1]
    red = [rules.identity(0, rank) for rank in range(1, 6)]
    state.know[hand[0]] = 1 << red[0] | 1 << red[1]
    state.know[hand[1]] = 1 << red[0] | 1 << red[1] | 1 << red[2] | 1 << red[3]
    for card in hand[2:]:
        state.know[card] = 1 << red[4]
    stage = ask(tuple(state.know[c] for c in hand), 6, state.board())
    assert [hand[position] for position, _ in stage.items] == [hand[1], hand[0]]


def test_a_teammate_about_to_discard_a_critical_card_is_told_so():
    """A teammate who knows no card that plays or is dead would discard its public chop (here
    a red 4 or the red 5): when it is the 5, a clue is worth a token and its question asks
    whether the chop is critical; when it is the 4, no clue is needed."""
    from types import SimpleNamespace

    from hanabi.bots.common import rules_for
    from hanabi.bots.hat_state import HatState, ask

    rules = rules_for(GameOptions(players=2))
    state = HatState(rules)
    hand = state.hands[1]
    red4, red5, blue5 = rules.identity(0, 4), rules.identity(0, 5), rules.identity(3, 5)
    for card in hand[:-1]:
        state.know[card] = 1 << blue5
    chop = hand[-1]
    state.know[chop] = 1 << red4 | 1 << red5
    playable, dead, critical = state.masks()
    weights = list(rules.copies)
    assert state.public_chop(hand, [state.know[c] for c in hand], weights) == chop
    stage = ask(tuple(state.know[c] for c in hand), 3, state.board())
    assert stage.items == ((hand.index(chop), critical),)
    viewer = SimpleNamespace(seat=0)
    others = dict.fromkeys(hand[:-1], blue5)
    assert hat._clue_is_worth(viewer, state, {**others, chop: red5}, playable)
    assert not hat._clue_is_worth(viewer, state, {**others, chop: red4}, playable)


def test_a_hand_answers_several_questions_and_each_is_read_back():
    """A hand's answer packs one question after another while the clue's number has values
    left: read back from the number, every answer holds of the hand's cards, and a hand whose
    first question leaves values over answers a second one."""
    from hanabi.bots.common import rules_for
    from hanabi.bots.hat_state import HatState

    rules = rules_for(GameOptions(players=4))
    rng = random.Random(7)
    several = 0
    for _ in range(200):
        state = HatState(rules)
        identity_of = {}
        for hand in state.hands:
            for card in hand:
                identity_of[card] = rng.randrange(rules.size)
                if rng.random() < 0.5:
                    state.know[card] = (1 << identity_of[card]) | (1 << rng.randrange(rules.size))
        modulus, questions = state.questions(0)
        for question in questions:
            value = question.answer(identity_of)
            assert 0 <= value < modulus
            know = dict(state.know)
            assert question.apply(value, know)
            for card in question.hand:
                assert know[card] >> identity_of[card] & 1
            identities = [identity_of[card] for card in question.hand]
            several += len(list(question.stages(identities))) >= 2
    assert several > 0
