"""The basic bot's conventions on hand-made decks."""

import random

import pytest
from hanabi.bots import basic as basic_bot
from hanabi.bots import basic_state, get_strategy
from hanabi.engine import (
    ClueEvent,
    ColorClue,
    Discard,
    GameOptions,
    Play,
    PlayEvent,
    RankClue,
    new_game,
    stacked_deck,
    view,
)

RED, YELLOW, GREEN, BLUE, WHITE = range(5)
basic = get_strategy("basic")


def deal(options: GameOptions, hands):
    """A game whose seats hold `hands` (each listed oldest card first, as dealt); a list after
    the hands is the next cards drawn."""
    top = [card for hand in hands for card in hand]
    return new_game(options, deck=stacked_deck(options.variant_rules, top))


def test_plays_a_card_clued_as_playable():
    options = GameOptions(players=2)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 5), (WHITE, 3)],
        ],
    )
    red_one = 7
    state = state.apply(ColorClue(0, 1, RED))
    action = basic(view(state, 1), random.Random(0))
    assert action == Play(1, red_one)
    assert view(state.apply(action), 0).fireworks[RED] == 1


def test_saves_a_critical_chop_and_keeps_it():
    """Seat 1's oldest card is blue 5 and no clue makes a card playable: seat 0, who could
    discard, saves it instead, and seat 1 then keeps it."""
    options = GameOptions(players=3, starting_seat=2)
    state = deal(
        options,
        [
            [(RED, 3), (RED, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(BLUE, 5), (YELLOW, 3), (YELLOW, 4), (GREEN, 2), (WHITE, 3)],
            [(RED, 2), (YELLOW, 2), (BLUE, 2), (GREEN, 2), (WHITE, 2)],
        ],
    )
    blue_five = 5
    state = state.apply(RankClue(2, 0, 4))
    seat0 = view(state, 0)
    assert any(isinstance(a, Discard) for a in seat0.legal_actions)
    action = basic(seat0, random.Random(0))
    assert isinstance(action, (ColorClue, RankClue)) and action.target == 1
    state = state.apply(action)
    clue = state.history[-1]
    assert isinstance(clue, ClueEvent) and blue_five in clue.touched
    state = state.apply(basic(view(state, 1), random.Random(0)))
    assert blue_five in state.hands[1]
    for _ in range(6):
        if state.current_seat == 1:
            assert basic(view(state, 1), random.Random(0)) != Discard(1, blue_five)
        state = state.apply(basic(view(state, state.current_seat), random.Random(0)))


def test_delayed_play_clue_on_the_card_after_one_a_teammate_knows():
    """Seat 1 knows it holds red 1; seat 0 clues seat 2's red 2, which seat 2 plays as soon as
    the red 1 has been played."""
    options = GameOptions(players=3, starting_seat=2)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 4), (WHITE, 3)],
            [(BLUE, 4), (YELLOW, 4), (RED, 2), (GREEN, 3), (WHITE, 3)],
        ],
    )
    red_one, red_two = 7, 12
    state = state.apply(ColorClue(2, 1, RED))
    action = basic(view(state, 0), random.Random(0))
    assert isinstance(action, (ColorClue, RankClue)) and action.target == 2
    state = state.apply(action)
    assert red_two in state.history[-1].touched
    assert basic(view(state, 1), random.Random(0)) == Play(1, red_one)
    state = state.apply(Play(1, red_one))
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_two)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["No Variant", "6 Suits", "Black (6 Suits)", "Rainbow (6 Suits)"])
def test_every_clue_tells_its_receiver_something_new(variant):
    """Each clue the basic bot gives narrows what the clues so far said of a card it touches:
    never the same clue again on the same cards (the engine marks a clue that narrows no card
    of the hand as not `informative`), at every table size."""
    for players in (2, 3, 4, 5):
        options = GameOptions(players=players, variant=variant)
        for index in range(12):
            seed = f"news/{players}/{index}"
            rng, state = random.Random(seed), new_game(options, seed=seed)
            clues = 0
            while not state.is_over:
                before = state
                state = state.apply(basic(view(state, state.current_seat), rng))
                event = state.history[-1]
                if isinstance(event, ClueEvent):
                    clues += 1
                    assert event.informative, (seed, event)
                    assert any(state.card_masks[c] != before.card_masks[c] for c in event.touched), (seed, event)
            assert clues, seed


def test_finesse_on_the_next_player():
    """Seat 0 clues red to seat 2, whose red card is red 2, while seat 1's newest card is the red 1
    no one knows of: seat 1 plays that card blind, and seat 2 then knows its red card is red 2."""
    options = GameOptions(players=3)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (GREEN, 4), (WHITE, 3), (RED, 1)],
            [(BLUE, 4), (YELLOW, 4), (RED, 2), (GREEN, 3), (WHITE, 3)],
        ],
    )
    red_one, red_two = 9, 12
    action = basic(view(state, 0), random.Random(0))
    assert action == ColorClue(0, 2, RED)
    state = state.apply(action)
    assert basic(view(state, 1), random.Random(0)) == Play(1, red_one)
    state = state.apply(Play(1, red_one))
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_two)
    assert view(state.apply(Play(2, red_two)), 0).fireworks[RED] == 2


def test_a_red_clue_without_a_blind_play_is_red_one():
    """When the next player does not hold red 1 where a finesse would put it, the red clue's
    focus is the red 1 itself, which its receiver plays."""
    options = GameOptions(players=3)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (GREEN, 4), (WHITE, 3), (BLUE, 1)],
            [(BLUE, 4), (YELLOW, 4), (RED, 1), (GREEN, 3), (WHITE, 3)],
        ],
    )
    red_one = 12
    state = state.apply(ColorClue(0, 2, RED))
    action = basic(view(state, 1), random.Random(0))
    assert action != Play(1, 9)
    state = state.apply(action)
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_one)


@pytest.mark.slow
def test_good_touch_no_new_clue_touches_a_card_already_clued_or_played():
    """A clue newly touches no card whose identity has been played or is clued in a hand its
    giver sees, nor two copies of one card (but for a stall with every clue token in
    hand, when no clue keeps to that: a discard is not allowed then)."""
    for players in (2, 3, 4, 5):
        options = GameOptions(players=players)
        for index in range(10):
            seed = f"touch/{players}/{index}"
            rng, state = random.Random(seed), new_game(options, seed=seed)
            clued = set()
            while not state.is_over:
                before = state
                state = state.apply(basic(view(before, before.current_seat), rng))
                event = state.history[-1]
                if not isinstance(event, ClueEvent):
                    continue
                clued_before, clued = clued, clued | set(event.touched)
                if before.clue_tokens == options.clue_tokens:
                    continue
                lookups = before.lookups
                identity = lambda card: (lookups.card_suit[card], lookups.card_rank[card])  # noqa: E731
                played = {(e.suit, e.rank) for e in before.history if isinstance(e, PlayEvent) and e.success}
                seen_clued = {
                    identity(card)
                    for seat, hand in enumerate(before.hands)
                    if seat != event.seat
                    for card in hand
                    if card in clued_before
                }
                fresh = [identity(card) for card in event.touched if card not in clued_before]
                assert not set(fresh) & (played | seen_clued), (seed, event)
                assert len(set(fresh)) == len(fresh), (seed, event)


def test_good_touch_counts_a_clued_card_played_since():
    """Seat 1's "1" is clued first; seat 2 then clues seat 0's red 1, so seat 1's card is no red
    1 (seat 2 saw it). Once seat 0 has played that red 1, seat 1 still reads its card as no red 1:
    it is a 1 that plays, and seat 1 plays it."""
    options = GameOptions(players=3)
    state = deal(
        options,
        [
            [(RED, 1), (BLUE, 3), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(BLUE, 4), (YELLOW, 1), (YELLOW, 3), (GREEN, 4), (WHITE, 3)],
            [(RED, 3), (YELLOW, 4), (BLUE, 2), (GREEN, 2), (WHITE, 2)],
        ],
    )
    red_one, blue_four, yellow_one = 0, 5, 6
    state = state.apply(RankClue(0, 1, 1))
    state = state.apply(Discard(1, blue_four))
    state = state.apply(ColorClue(2, 0, RED))
    state = state.apply(Play(0, red_one))
    assert basic(view(state, 1), random.Random(0)) == Play(1, yellow_one)


def test_good_touch_counts_a_finesses_blind_play():
    """Seat 3's "1" is clued first; seat 0 then finesses seat 1's red 1 (a red clue on seat 2's
    red 2), which it would not do were seat 3's 1 red. Once seat 1 has played red 1 blind, seat 3
    reads its 1 as no red 1: a 1 that plays."""
    options = GameOptions(players=4)
    state = deal(
        options,
        [
            [(YELLOW, 5), (BLUE, 3), (GREEN, 3), (WHITE, 4)],
            [(BLUE, 4), (YELLOW, 4), (WHITE, 3), (RED, 1)],
            [(WHITE, 2), (RED, 2), (GREEN, 4), (YELLOW, 3)],
            [(GREEN, 2), (BLUE, 1), (RED, 3), (YELLOW, 2)],
            [(BLUE, 5), (GREEN, 5), (WHITE, 5), (YELLOW, 4)],
        ],
    )
    red_one, white_two, red_two, green_two, blue_one = 7, 8, 9, 12, 13
    state = state.apply(RankClue(0, 3, 1))
    state = state.apply(RankClue(1, 0, 5))
    state = state.apply(Discard(2, white_two))
    state = state.apply(Discard(3, green_two))
    state = state.apply(ColorClue(0, 2, RED))
    assert basic(view(state, 1), random.Random(0)) == Play(1, red_one)
    state = state.apply(Play(1, red_one))
    state = state.apply(Play(2, red_two))
    assert basic(view(state, 3), random.Random(0)) == Play(3, blue_one)


def test_cards_one_clue_newly_touched_are_no_two_copies():
    """One "1" clue touched seat 1's yellow 1 and green 1; seat 1 plays the green 1, and then
    reads its other 1 as no green 1 (no clue newly touches two copies of a card): it plays it."""
    options = GameOptions(players=3)
    state = deal(
        options,
        [
            [(YELLOW, 5), (BLUE, 3), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(BLUE, 4), (YELLOW, 1), (GREEN, 3), (GREEN, 1), (WHITE, 3)],
            [(WHITE, 2), (BLUE, 2), (RED, 2), (GREEN, 4), (YELLOW, 3)],
            [(BLUE, 5), (RED, 4)],
        ],
    )
    blue_three, yellow_one, green_one = 1, 6, 8
    state = state.apply(RankClue(0, 1, 1))
    state = state.apply(Play(1, green_one))
    state = state.apply(RankClue(2, 0, 5))
    state = state.apply(Discard(0, blue_three))
    assert basic(view(state, 1), random.Random(0)) == Play(1, yellow_one)


def test_two_save_on_the_chop_while_no_two_plays():
    """Seat 1's chop is yellow 2, no 2 plays yet and seat 0 sees no other yellow 2: seat 0 saves
    it with a "2" clue, and seat 1 keeps it."""
    options = GameOptions(players=2)
    state = deal(
        options,
        [
            [(BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4), (RED, 3)],
            [(YELLOW, 2), (BLUE, 3), (GREEN, 4), (WHITE, 3), (RED, 4)],
        ],
    )
    yellow_two = 5
    action = basic(view(state, 0), random.Random(0))
    assert action == RankClue(0, 1, 2)
    worth, best = basic_bot._rank_clues(basic_bot.Picture(view(state, 0)))[0]
    assert best == action and worth > 0, "a save, not a stall"
    state = state.apply(action)
    assert basic(view(state, 1), random.Random(0)) != Discard(1, yellow_two)


def _after_a_first_clue_then_blue(first_clue):
    """Seat 0 clues "1" to seat 1, who plays its green 1, then gives `first_clue` to seat 1
    (with clue tokens to spare), then "blue" to seat 2, whose only blue card is blue 3, not its
    chop; returns seat 2's view two turns later."""
    options = GameOptions(players=3)
    state = deal(
        options,
        [
            [(RED, 4), (YELLOW, 4), (GREEN, 4), (GREEN, 3), (WHITE, 4)],
            [(RED, 3), (YELLOW, 3), (YELLOW, 2), (GREEN, 1), (WHITE, 3)],
            [(WHITE, 2), (RED, 2), (BLUE, 3), (YELLOW, 5), (WHITE, 3)],
        ],
    )
    state = state.apply(RankClue(0, 1, 1))
    state = state.apply(Play(1, state.hands[1][1]))
    state = state.apply(RankClue(2, 0, 4))
    state = state.apply(first_clue)
    state = state.apply(Discard(1, state.hands[1][0]))
    state = state.apply(Discard(2, state.hands[2][0]))
    state = state.apply(ColorClue(0, 2, BLUE))
    state = state.apply(Discard(1, state.hands[1][0]))
    return view(state, 2)


def test_a_clue_its_conventions_never_give_makes_its_giver_a_stranger():
    """Seat 0's "red" on seat 1's red 3 (no red played, no red 1 or 2 known) is no play, save
    nor finesse: seat 2 takes seat 0 for a stranger, reads its "blue" for what it says and
    does not play blue 3 blind; after seat 0's "3" on seat 1's chop (a 3 that may be saved or
    played later) it reads "blue" as blue 1 and plays it, as the conventions say."""
    blue_three = 12
    stranger_view = _after_a_first_clue_then_blue(ColorClue(0, 1, RED))
    assert basic_bot.strangers(stranger_view) == {0}
    assert basic(stranger_view, random.Random(0)) != Play(2, blue_three)
    partner_view = _after_a_first_clue_then_blue(RankClue(0, 1, 3))
    assert basic_bot.strangers(partner_view) == frozenset()
    assert basic(partner_view, random.Random(0)) == Play(2, blue_three)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_partner_is_taken_for_a_stranger_in_self_play(players):
    for index in range(12):
        state, rng = new_game(GameOptions(players=players), seed=f"basic-stranger/{index}"), random.Random(index)
        while not state.is_over:
            seat_view = view(state, state.current_seat)
            assert basic_bot.strangers(seat_view) == frozenset(), (index, state.turn)
            state = state.apply(basic(seat_view, rng))


@pytest.mark.parametrize("players", [3, 4])
def test_beside_hat_bots_the_table_seldom_strikes_out(players):
    """A basic seat beside hat seats (whose clues are hat clues, until they notice its moves
    break their protocol and play basic's conventions): the table seldom strikes out (it struck
    out in 96-99% of games before either side noticed strangers): at most a quarter of them."""
    hat = get_strategy("hat")
    scores, struck_out = [], 0
    for index in range(40):
        seats = [hat] * players
        seats[index % players] = basic
        state, rng = new_game(GameOptions(players=players), seed=f"basic-hat/{index}"), random.Random(index)
        while not state.is_over:
            seat_view = view(state, state.current_seat)
            state = state.apply(seats[seat_view.seat](seat_view, rng))
        scores.append(state.score)
        struck_out += state.end_condition.label == "strikeout"
    assert struck_out <= 10
    assert sum(scores) / len(scores) >= 14


def test_saves_the_next_players_chop_before_its_own_play():
    """With 1 clue token, seat 0 knows its red 1 plays, but seat 1, who knows no card to play and
    cannot stall, would discard the blue 5 on its chop: seat 0 saves it first, and seat 1 keeps it."""
    options = GameOptions(players=3, starting_seat=2, clue_tokens=2)
    state = deal(
        options,
        [
            [(YELLOW, 3), (GREEN, 3), (GREEN, 4), (WHITE, 4), (RED, 1)],
            [(BLUE, 5), (YELLOW, 3), (YELLOW, 4), (GREEN, 2), (WHITE, 3)],
            [(RED, 2), (YELLOW, 2), (BLUE, 2), (GREEN, 2), (WHITE, 2)],
        ],
    )
    red_one, blue_five = 4, 5
    state = state.apply(ColorClue(2, 0, RED))
    seat0 = view(state, 0)
    assert seat0.clue_tokens == 1 and basic(seat0, random.Random(0)) != Play(0, red_one)
    action = basic(seat0, random.Random(0))
    assert isinstance(action, (ColorClue, RankClue)) and action.target == 1
    state = state.apply(action)
    assert blue_five in state.history[-1].touched
    assert basic(view(state, 1), random.Random(0)) != Discard(1, blue_five)


def test_a_play_clue_goes_to_the_teammate_who_knows_no_play():
    """Seat 1 knows its red 1 plays; seat 0 could make seat 1's yellow 1 or seat 2's blue 1 known
    to play, and clues seat 2, who would otherwise have nothing to do."""
    options = GameOptions(players=3, starting_seat=2)
    state = deal(
        options,
        [
            [(GREEN, 3), (GREEN, 4), (WHITE, 4), (BLUE, 4), (YELLOW, 4)],
            [(YELLOW, 3), (GREEN, 4), (WHITE, 3), (YELLOW, 1), (RED, 1)],
            [(WHITE, 3), (YELLOW, 4), (GREEN, 3), (BLUE, 1), (RED, 4)],
        ],
    )
    blue_one = 13
    state = state.apply(ColorClue(2, 1, RED))
    action = basic(view(state, 0), random.Random(0))
    assert isinstance(action, (ColorClue, RankClue)) and action.target == 2
    assert blue_one in state.apply(action).history[-1].touched


def test_finesse_on_a_player_between_the_giver_and_the_receiver():
    """Seat 0 clues red to seat 3, whose red card is red 2, while seat 2's newest card is the red 1
    no one knows of: seat 1, who sees it there, neither plays its own newest card nor clues that
    red 1; seat 2 plays it blind, and seat 3 then knows its red card is red 2."""
    options = GameOptions(players=4)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4)],
            [(YELLOW, 3), (YELLOW, 4), (GREEN, 4), (WHITE, 3)],
            [(YELLOW, 4), (GREEN, 3), (WHITE, 3), (RED, 1)],
            [(BLUE, 4), (YELLOW, 3), (RED, 2), (WHITE, 4)],
        ],
    )
    seat1_newest, red_one, red_two = 7, 11, 14
    action = basic(view(state, 0), random.Random(0))
    assert action == ColorClue(0, 3, RED)
    state = state.apply(action)
    action = basic(view(state, 1), random.Random(0))
    assert action != Play(1, seat1_newest)
    if isinstance(action, (ColorClue, RankClue)):
        state = state.apply(action)
        assert red_one not in state.history[-1].touched
    else:
        state = state.apply(action)
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_one)
    state = state.apply(Play(2, red_one))
    assert basic(view(state, 3), random.Random(0)) == Play(3, red_two)
    for seat in range(4):
        assert basic_bot.strangers(view(state, seat)) == frozenset()


def test_no_finesse_asks_a_stranger_to_play_blind():
    """The position of the finesse above, with seat 2 taken for a stranger (who would not read a
    finesse): seat 0 does not clue red on seat 3's red 2, which would ask seat 2 to play red 1 blind."""
    options = GameOptions(players=4)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4)],
            [(YELLOW, 3), (YELLOW, 4), (GREEN, 4), (WHITE, 3)],
            [(YELLOW, 4), (GREEN, 3), (WHITE, 3), (RED, 1)],
            [(BLUE, 4), (YELLOW, 3), (RED, 2), (WHITE, 4)],
        ],
    )
    picture = basic_bot.Picture(view(state, 0))
    assert ColorClue(0, 3, RED) in [clue for _, clue in basic_bot._rank_clues(picture)]
    picture.strangers = frozenset({2})
    assert ColorClue(0, 3, RED) not in [clue for _, clue in basic_bot._rank_clues(picture)]


def _after_a_two_save_and_red_one(seat1_chop):
    """Seat 0 saves seat 1's chop, a 2, with a "2" clue; seat 1 clues seat 2's red 1, which seat 2
    plays. Seat 2 holds a red 3 no one knows of."""
    options = GameOptions(players=3)
    hands = [
        [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
        [seat1_chop, (YELLOW, 3), (YELLOW, 4), (GREEN, 4), (WHITE, 3)],
        [(BLUE, 4), (YELLOW, 4), (RED, 3), (WHITE, 4), (RED, 1)],
    ]
    top = [card for hand in hands for card in hand] + [(BLUE, 2)]
    state = new_game(options, deck=stacked_deck(options.variant_rules, top))
    red_one = 14
    state = state.apply(RankClue(0, 1, 2)).apply(RankClue(1, 2, 1))
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_one)
    return state.apply(Play(2, red_one))


def test_prompt_plays_the_clued_card_the_focus_connects_through():
    """Seat 1's saved 2 is red 2. Once red 1 has played, a "3" clue on seat 2's red 3 cannot be a
    play clue (no 3 plays), and seat 1's clued 2 is the only clued card that can be the red 2 it
    connects through: seat 1 plays that card (not its newest card, as for a finesse), then seat
    2 plays red 3."""
    state = _after_a_two_save_and_red_one((RED, 2))
    seat1_newest, red_two, red_three = 9, 5, 12
    assert RankClue(0, 2, 3) in [clue for _, clue in basic_bot._rank_clues(basic_bot.Picture(view(state, 0)))]
    state = state.apply(RankClue(0, 2, 3))
    assert basic_bot.strangers(view(state, 1)) == frozenset()
    action = basic(view(state, 1), random.Random(0))
    assert action == Play(1, red_two) and action != Play(1, seat1_newest)
    state = state.apply(action)
    assert view(state, 0).fireworks[RED] == 2
    assert basic(view(state, 2), random.Random(0)) == Play(2, red_three)


def test_no_prompt_on_a_clued_card_that_is_not_the_one_below():
    """The giver's side: when seat 1's saved 2 is yellow 2, a "3" clue on seat 2's red 3 would
    prompt it as red 2, so the bot never gives it."""
    state = _after_a_two_save_and_red_one((YELLOW, 2))
    assert RankClue(0, 2, 3) not in [clue for _, clue in basic_bot._rank_clues(basic_bot.Picture(view(state, 0)))]


def test_in_the_last_round_no_clue_goes_to_a_player_who_will_not_move_again():
    """With the deck empty, a clue to a player whose last turn has passed is wasted: the bot gives
    clues only to the players who still move."""
    for index in range(6):
        state, rng = new_game(GameOptions(players=4), seed=f"last-round/{index}"), random.Random(index)
        while not state.is_over:
            seat_view = view(state, state.current_seat)
            action = basic(seat_view, rng)
            if state.deck_size == 0 and isinstance(action, (ColorClue, RankClue)):
                assert state.end_turn is not None
                assert (action.target - action.seat) % 4 <= state.end_turn - state.turn, (index, state.turn)
            state = state.apply(action)


def _red_clue_then(seat1_move):
    """Two players: seat 0 clues "red" on seat 1's red 1 (a play clue; its clues alone do not
    say it plays), then seat 1 makes `seat1_move(state)`."""
    options = GameOptions(players=2)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 5), (WHITE, 3)],
        ],
    )
    state = state.apply(ColorClue(0, 1, RED))
    return state.apply(seat1_move(state))


def test_a_teammate_who_does_not_play_a_play_clue_is_a_stranger():
    """Seat 1 discards while it knows (by the conventions) that its red card plays, as a partner
    who reads clues for what they say would: seat 0 takes it for a stranger and reads its clues
    for what they say only."""
    state = _red_clue_then(lambda state: Discard(1, state.hands[1][-1]))
    assert basic_bot.strangers(view(state, 0)) == {1}
    assert basic_bot.public_state(view(state, 0), basic_state.distrust(view(state, 0))).distrust == {1: 1 << 30}
    partner = _red_clue_then(lambda state: Play(1, 7))
    assert basic_bot.strangers(view(partner, 0)) == frozenset()


def test_a_clue_whose_card_shows_it_meant_something_else_makes_its_giver_a_stranger():
    """Once red 1 has played, seat 1 clues "2" on seat 0's red 2 and on its chop, yellow 2: the
    conventions read the focus, the chop, as a 2 that plays (a play clue, as red 2 plays).
    Seat 0 plays it, and it is yellow 2: seat 0 takes seat 1 for a stranger (a partner who
    clues a playable card for what the clue says, touching the chop along with it)."""
    options = GameOptions(players=2)
    state = deal(
        options,
        [
            [(YELLOW, 2), (BLUE, 3), (RED, 2), (GREEN, 4), (WHITE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 5), (WHITE, 3)],
        ],
    )
    state = state.apply(RankClue(0, 1, 1)).apply(Play(1, 7))
    state = state.apply(RankClue(0, 1, 4)).apply(RankClue(1, 0, 2))
    assert basic_bot.strangers(view(state, 0)) == frozenset()
    yellow_two = 0
    assert basic(view(state, 0), random.Random(0)) == Play(0, yellow_two)
    state = state.apply(Play(0, yellow_two))
    assert basic_bot.strangers(view(state, 0)) == {1}


def test_a_stranger_who_then_plays_a_play_clue_is_trusted_again():
    """Seat 1 first discards with a known play (a stranger), then plays its red card, which only
    the red clue's meaning says plays: seat 0 trusts it again, reading its clues from then on
    by the conventions (those before, for what they say)."""
    state = _red_clue_then(lambda state: Discard(1, state.hands[1][-1]))
    state = state.apply(RankClue(0, 1, 3))
    state = state.apply(Play(1, 7))
    assert basic_bot.strangers(view(state, 0)) == frozenset()
    assert basic_state.distrust(view(state, 0)) == {(1, state.turn - 1)}
