"""Every rule of issue 2, on hand-made decks (stacked_deck puts chosen cards on top).

With two players seat 0 is dealt ids 0-4 and seat 1 ids 5-9, so the first card of `top` is
seat 0's card 0, the sixth is seat 1's card 5, and the eleventh is the first card drawn.
"""

import pytest
from hanabi.engine import (
    ColorClue,
    Discard,
    DiscardEvent,
    EndCondition,
    EndGame,
    GameOptions,
    GameState,
    IllegalAction,
    Play,
    PlayEvent,
    RankClue,
    Reorder,
    ReplayError,
    action_from_dict,
    action_to_dict,
    new_game,
    replay,
    stacked_deck,
    view,
)
from hanabi.engine.deck import ordered_deck

RED, YELLOW, GREEN, BLUE, WHITE = range(5)
FILLER = [(BLUE, 1), (BLUE, 1), (BLUE, 2), (GREEN, 3), (GREEN, 4)]
"""Five cards for a hand whose contents do not matter (usually seat 1's)."""
SEAT0 = [(WHITE, 1), (WHITE, 1), (WHITE, 2), (YELLOW, 3), (YELLOW, 4)]


def deal(top=(), players=2, **options) -> GameState:
    opts = GameOptions(players=players, **options)
    return new_game(opts, deck=stacked_deck(opts.variant_rules, top))


def snapshot(state: GameState) -> tuple:
    return tuple(getattr(state, name) for name in GameState.__slots__)


DEPENDS_ON_STATE = frozenset(
    {
        "not_your_turn",
        "no_clue_tokens",
        "clue_touches_no_card",
        "clue_tokens_full",
        "game_over",
        "card_not_in_hand",
        "invalid_reorder",
    }
)
"""The rules that another state of the same game could let the action through (the API's 409s)."""


def assert_rejected(state: GameState, action, code: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code
    assert info.value.depends_on_state == (code in DEPENDS_ON_STATE)
    assert info.value.message
    assert snapshot(state) == before


def any_clue(state: GameState) -> RankClue:
    """A legal rank clue from the seat to move to the next seat that holds a card."""
    seat = state.current_seat
    players = state.options.players
    for step in range(1, players):
        target = (seat + step) % players
        if state.hands[target]:
            return RankClue(seat, target, state.deck[state.hands[target][0]].rank)
    raise AssertionError("nobody to clue")


def filler_move(state: GameState):
    """Discard the oldest card if a token can be regained, else clue: never ends the game by itself."""
    seat = state.current_seat
    if state.clue_tokens < state.options.clue_tokens and state.hands[seat]:
        return Discard(seat, state.hands[seat][-1])
    return any_clue(state)


# ---- dealing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, hands",
    [
        (2, ((4, 3, 2, 1, 0), (9, 8, 7, 6, 5))),
        (3, ((4, 3, 2, 1, 0), (9, 8, 7, 6, 5), (14, 13, 12, 11, 10))),
        (4, ((3, 2, 1, 0), (7, 6, 5, 4), (11, 10, 9, 8), (15, 14, 13, 12))),
        (5, ((3, 2, 1, 0), (7, 6, 5, 4), (11, 10, 9, 8), (15, 14, 13, 12), (19, 18, 17, 16))),
    ],
)
def test_deal_gives_each_seat_consecutive_cards_newest_on_the_left(players, hands):
    state = new_game(GameOptions(players=players), seed="deal")
    assert state.hands == hands
    dealt = sum(len(h) for h in hands)
    assert state.deck_size == 50 - dealt
    assert state.clue_tokens == 8 and state.strikes == 0 and state.turn == 0 and state.current_seat == 0
    assert state.fireworks == (0,) * 5 and state.discards == () and state.history == ()
    assert state.end_condition is EndCondition.IN_PROGRESS
    other = view(state, (0 + 1) % players)
    assert [(c.suit, c.rank) for c in other.hands[0]] == [tuple(state.deck[i]) for i in hands[0]]


# ---- clues ----------------------------------------------------------------------------------


def test_a_clue_costs_a_token_and_passes_the_turn():
    state = deal()
    after = state.apply(RankClue(0, 1, state.deck[5].rank))
    assert after.clue_tokens == 7
    assert after.turn == 1 and after.current_seat == 1
    assert state.clue_tokens == 8 and state.turn == 0


def test_no_clue_without_a_token():
    state = deal(SEAT0 + FILLER, clue_tokens=1)
    state = state.apply(RankClue(0, 1, 1))
    assert state.clue_tokens == 0
    assert_rejected(state, RankClue(1, 0, 1), "no_clue_tokens")
    assert_rejected(state, ColorClue(1, 0, BLUE), "no_clue_tokens")
    assert not any(isinstance(a, (RankClue, ColorClue)) for a in state.legal_actions())


def test_clue_touches_every_matching_card_and_records_positive_and_negative_information():
    # seat 1: ids 5..9 = R1, Y1, R3, B3, W4
    state = deal(FILLER + [(RED, 1), (YELLOW, 1), (RED, 3), (BLUE, 3), (WHITE, 4)])
    state = state.apply(ColorClue(0, 1, RED))
    assert state.history[-1].touched == (7, 5)  # hand order, left to right: (9, 8, 7, 6, 5)
    state = state.apply(RankClue(1, 0, 1)).apply(RankClue(0, 1, 1))
    assert state.history[-1].touched == (6, 5)
    cards = {c.id: c for c in view(state, 1).my_hand}
    assert cards[5].possible_suits == (RED,) and cards[5].possible_ranks == (1,)
    assert cards[7].possible_suits == (RED,) and cards[7].possible_ranks == (2, 3, 4, 5)
    assert cards[6].possible_suits == (YELLOW, GREEN, BLUE, WHITE) and cards[6].possible_ranks == (1,)
    for card in (8, 9):
        assert cards[card].possible_suits == (YELLOW, GREEN, BLUE, WHITE)
        assert cards[card].possible_ranks == (2, 3, 4, 5)
    assert [c.clue_kind for c in cards[5].clues] == ["color", "rank"]
    assert cards[8].clues == ()


def test_a_clue_must_touch_a_card_without_empty_clues():
    state = deal(FILLER + [(RED, 1)] * 3 + [(RED, 2)] * 2)
    assert_rejected(state, ColorClue(0, 1, WHITE), "clue_touches_no_card")
    assert_rejected(state, RankClue(0, 1, 5), "clue_touches_no_card")
    assert ColorClue(0, 1, WHITE) not in state.legal_actions()


def test_empty_clues_option_allows_a_clue_that_touches_nothing_and_records_negative_information():
    state = deal(FILLER + [(RED, 1)] * 3 + [(RED, 2)] * 2, empty_clues=True)
    assert ColorClue(0, 1, WHITE) in state.legal_actions()
    state = state.apply(ColorClue(0, 1, WHITE))
    assert state.clue_tokens == 7 and state.history[-1].touched == ()
    assert all(WHITE not in c.possible_suits for c in view(state, 1).my_hand)


def test_a_clue_says_whether_it_told_the_receiver_anything_new():
    state = deal(SEAT0 + FILLER, empty_clues=True, clue_tokens=10)
    clues = [
        ColorClue(0, 1, BLUE),
        RankClue(1, 0, 1),
        ColorClue(0, 1, BLUE),
        ColorClue(1, 0, WHITE),
        ColorClue(0, 1, GREEN),
        RankClue(1, 0, 1),
        ColorClue(0, 1, RED),
        ColorClue(1, 0, RED),
        ColorClue(0, 1, RED),
    ]
    for clue in clues:
        state = state.apply(clue)
    told = [(tuple(sorted(event.touched)), event.informative) for event in state.history]
    assert told == [
        ((5, 6, 7), True),  # blue: the touched cards are blue, the others are not
        ((0, 1), True),
        ((5, 6, 7), False),  # blue again: every card already knew whether it is blue
        ((0, 1, 2), True),  # white touches 1s that did not know their color
        ((8, 9), True),  # green touches the two cards left, which only knew they are not blue
        ((0, 1), False),
        ((), False),  # red: every card already knows it is blue or green
        ((), True),  # an empty red clue tells the yellow cards they are not red
        ((), False),
    ]
    assert view(state, 0).to_dict()["history"][2]["informative"] is False


def test_cannot_clue_yourself_or_a_seat_outside_the_game_or_a_missing_color_or_rank():
    state = deal(SEAT0 + FILLER)
    assert_rejected(state, RankClue(0, 0, 1), "cannot_clue_self")
    assert_rejected(state, ColorClue(0, 0, BLUE), "cannot_clue_self")
    assert_rejected(state, RankClue(0, 2, 1), "invalid_target")
    assert_rejected(state, RankClue(0, -1, 1), "invalid_target")
    assert_rejected(state, RankClue(0, True, 1), "invalid_target")
    assert_rejected(state, ColorClue(0, 1, 5), "invalid_color")
    assert_rejected(state, ColorClue(0, 1, -1), "invalid_color")
    assert_rejected(state, RankClue(0, 1, 0), "invalid_rank")
    assert_rejected(state, RankClue(0, 1, 6), "invalid_rank")
    assert_rejected(state, RankClue(0, 1, True), "invalid_rank")


# ---- discards, plays, draws -----------------------------------------------------------------


def test_discard_returns_a_token_draws_a_card_and_is_illegal_with_every_token_available():
    state = deal(SEAT0 + FILLER)
    assert_rejected(state, Discard(0, 0), "clue_tokens_full")
    assert not any(isinstance(a, Discard) for a in state.legal_actions())
    state = state.apply(RankClue(0, 1, 1))
    state = state.apply(Discard(1, 6))
    assert state.clue_tokens == 8
    assert state.discards == (6,)
    assert state.hands[1] == (10, 9, 8, 7, 5)
    assert state.deck_size == 39
    event = state.history[-1]
    assert (event.card, event.suit, event.rank, event.drew) == (6, BLUE, 1, 10)


def test_a_successful_play_extends_the_firework_and_draws():
    state = deal([(RED, 2), (RED, 1)] + FILLER[2:] + FILLER)
    state = state.apply(Play(0, 1))
    assert state.fireworks == (1, 0, 0, 0, 0)
    assert state.hands[0] == (10, 4, 3, 2, 0)
    assert state.strikes == 0 and state.discards == () and state.clue_tokens == 8
    state = state.apply(RankClue(1, 0, 2)).apply(Play(0, 0))
    assert state.fireworks == (2, 0, 0, 0, 0)
    assert state.history[-1].success and state.score == 2


def test_a_misplay_is_a_strike_and_goes_to_the_discard_pile():
    state = deal([(RED, 2)] + FILLER[1:] + FILLER)
    state = state.apply(Play(0, 0))
    assert state.strikes == 1
    assert state.discards == (0,)
    assert state.fireworks == (0,) * 5
    assert not state.history[-1].success
    assert state.hands[0] == (10, 4, 3, 2, 1)
    assert state.clue_tokens == 8


def test_a_five_returns_a_token_which_is_lost_when_all_are_available():
    reds = [(RED, 1), (RED, 2), (RED, 3), (RED, 4), (RED, 5)]
    spend = deal(reds + FILLER)
    keep = deal(reds + FILLER)
    for card, seat_one_keeps_tokens_full in zip(range(4), (False, True, False, True)):
        spend = spend.apply(Play(0, card)).apply(RankClue(1, 0, 5))
        keep = keep.apply(Play(0, card))
        keep = keep.apply(Discard(1, keep.hands[1][-1]) if seat_one_keeps_tokens_full else RankClue(1, 0, 5))
    assert spend.fireworks[RED] == keep.fireworks[RED] == 4
    assert spend.clue_tokens == 4
    assert spend.apply(Play(0, 4)).clue_tokens == 5
    assert keep.clue_tokens == 8
    keep = keep.apply(Play(0, 4))
    assert keep.fireworks[RED] == 5 and keep.clue_tokens == 8


# ---- the end of the game --------------------------------------------------------------------


@pytest.mark.parametrize("max_strikes", [1, 2, 3])
def test_the_last_strike_ends_the_game_at_once_with_score_zero_and_the_fireworks_kept(max_strikes):
    state = deal([(YELLOW, 1), (BLUE, 3), (BLUE, 4), (GREEN, 4), (GREEN, 5)] + FILLER, max_strikes=max_strikes)
    state = state.apply(Play(0, 0)).apply(RankClue(1, 0, 4))
    for strike, card in enumerate((1, 2, 3)[:max_strikes], start=1):
        assert not state.is_over
        state = state.apply(Play(0, card))
        assert state.strikes == strike
        if strike < max_strikes:
            state = state.apply(RankClue(1, 0, 4))
    assert state.end_condition is EndCondition.STRIKEOUT
    assert state.score == 0 and state.fireworks_total == 1
    assert state.legal_actions() == []
    assert_rejected(state, RankClue(1, 0, 4), "game_over")
    assert_rejected(state, Reorder(1, state.hands[1]), "game_over")


def actions_of(state: GameState) -> list:
    """The actions that led to `state`, rebuilt from its public history (no reorders here)."""
    actions = []
    for event in state.history:
        if isinstance(event, PlayEvent):
            actions.append(Play(event.seat, event.card, event.announce))
        elif isinstance(event, DiscardEvent):
            actions.append(Discard(event.seat, event.card))
        elif event.kind == "color_clue":
            actions.append(ColorClue(event.seat, event.target, event.value))
        else:
            actions.append(RankClue(event.seat, event.target, event.value))
    return actions


def play_greedily(state: GameState) -> GameState:
    """Play a playable card whenever the seat to move holds one; otherwise clue or discard."""
    while not state.is_over:
        seat = state.current_seat
        playable = [c for c in state.hands[seat] if state.fireworks[state.deck[c].suit] == state.deck[c].rank - 1]
        state = state.apply(Play(seat, playable[0]) if playable else filler_move(state))
    return state


@pytest.mark.parametrize(
    "variant, best, text",
    [
        ("No Variant", 25, "legendary"),
        ("6 Suits", 30, "divine"),
        ("Black (6 Suits)", 30, "divine"),
        ("Rainbow (6 Suits)", 30, "divine"),
        ("Dark Rainbow (6 Suits)", 30, "divine"),
    ],
)
def test_completing_every_firework_ends_the_game_at_once_with_the_maximum_score(variant, best, text):
    suits = best // 5
    in_order = [(suit, rank) for suit in range(suits) for rank in range(1, 6)]
    state = deal(in_order, variant=variant)
    completed = play_greedily(state)
    assert completed.end_condition is EndCondition.NORMAL
    assert completed.fireworks == (5,) * suits
    assert completed.score == best == completed.max_score
    assert completed.deck_size > 0
    last = completed.history[-1]
    assert last.success and last.rank == 5
    assert not replay(state.options, state.deck, actions_of(completed)[:-1]).is_over
    assert view(completed, 0).rating.startswith(text)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("starting_seat", [0, 1])
def test_final_round_gives_the_drawer_and_every_other_player_exactly_one_more_turn(players, starting_seat):
    state = deal(players=players, starting_seat=starting_seat)
    while state.deck_size > 1:
        state = state.apply(filler_move(state))
    drawer = state.current_seat
    oldest = state.hands[drawer][-1]
    state = state.apply(Discard(drawer, oldest) if state.clue_tokens < 8 else Play(drawer, oldest))
    assert state.deck_size == 0 and not state.is_over
    for step in range(1, players + 1):
        seat = (drawer + step) % players
        assert not state.is_over
        assert state.current_seat == seat
        state = state.apply(Reorder(seat, state.hands[seat][::-1]))
        before = len(state.hands[seat])
        action = filler_move(state)
        state = state.apply(action)
        if isinstance(action, Discard):
            assert len(state.hands[seat]) == before - 1
            assert state.history[-1].drew is None
    assert seat == drawer
    assert state.end_condition is EndCondition.NORMAL
    assert state.score == state.fireworks_total


# ---- turn order and card ownership ----------------------------------------------------------


def test_only_the_seat_to_move_takes_a_turn():
    state = deal(SEAT0 + FILLER)
    for action in (Play(1, 5), RankClue(1, 0, 1), ColorClue(1, 0, BLUE)):
        assert_rejected(state, action, "not_your_turn")
    state = state.apply(RankClue(0, 1, 1))
    assert_rejected(state, Play(0, 0), "not_your_turn")
    assert state.legal_actions(0) == []


def test_a_card_must_be_in_the_players_own_hand():
    state = deal(SEAT0 + FILLER, starting_seat=1)
    state = state.apply(RankClue(1, 0, 1))
    for card in (5, 10, 49, -1, "0", None):
        assert_rejected(state, Play(0, card), "card_not_in_hand")
        assert_rejected(state, Discard(0, card), "card_not_in_hand")
    state = state.apply(Play(0, 0)).apply(RankClue(1, 0, 1))
    assert_rejected(state, Play(0, 0), "card_not_in_hand")


def test_seats_outside_the_game_and_non_actions_are_rejected():
    state = deal(SEAT0 + FILLER)
    assert_rejected(state, Play(2, 0), "invalid_seat")
    assert_rejected(state, Play(-1, 0), "invalid_seat")
    assert_rejected(state, Reorder(5, ()), "invalid_seat")
    assert_rejected(state, Play(False, 0), "invalid_seat")
    assert_rejected(state, ("play", 0, 4, None), "unknown_action")
    assert_rejected(state, ["play", 0, 4], "unknown_action")
    assert_rejected(state, ({}, 0), "unknown_action")
    assert_rejected(state, None, "unknown_action")


# ---- reordering ---------------------------------------------------------------------------


def test_reorder_is_allowed_any_time_for_any_seat_and_is_not_a_turn():
    state = deal(SEAT0 + FILLER)
    after = state.apply(Reorder(1, (5, 6, 7, 8, 9)))
    assert after.hands[1] == (5, 6, 7, 8, 9)
    assert (after.turn, after.current_seat, after.clue_tokens) == (0, 0, 8)
    assert after.history[-1].cards == (5, 6, 7, 8, 9)
    after = after.apply(Reorder(0, (0, 2, 4, 1, 3)))
    assert after.hands[0] == (0, 2, 4, 1, 3)
    after = after.apply(ColorClue(0, 1, BLUE))
    assert after.history[-1].touched == (5, 6, 7)
    assert [c.id for c in view(after, 1).my_hand] == [5, 6, 7, 8, 9]
    assert view(after, 1).my_hand[0].possible_suits == (BLUE,)


@pytest.mark.parametrize(
    "cards",
    [(9, 8, 7, 6), (9, 8, 7, 6, 5, 10), (9, 8, 7, 6, 6), (9, 8, 7, 6, 4), (9, 8, 7, 6, "5"), (9, 8, 7, 6, 5.0), ()],
)
def test_a_reorder_must_list_exactly_the_cards_of_the_hand(cards):
    assert_rejected(deal(SEAT0 + FILLER), Reorder(1, cards), "invalid_reorder")


# ---- ending from outside the rules --------------------------------------------------------


@pytest.mark.parametrize("condition", [EndCondition.TIMEOUT, EndCondition.TERMINATED])
@pytest.mark.parametrize("seat", [-1, 0, 1])
def test_timeout_or_termination_ends_the_game_with_score_zero(condition, seat):
    state = deal([(RED, 1)] + FILLER[1:] + FILLER).apply(Play(0, 0))
    state = state.apply(EndGame(seat, condition))
    assert state.end_condition is condition
    assert state.score == 0 and state.fireworks_total == 1
    assert state.history[-1].condition is condition
    assert_rejected(state, RankClue(1, 0, 1), "game_over")
    assert_rejected(state, EndGame(seat, condition), "game_over")


@pytest.mark.parametrize(
    "condition",
    [EndCondition.NORMAL, EndCondition.STRIKEOUT, EndCondition.ALL_OR_NOTHING_FAIL, EndCondition.IN_PROGRESS],
)
def test_only_timeout_or_termination_can_be_imposed(condition):
    assert_rejected(deal(), EndGame(0, condition), "invalid_end_condition")


# ---- options --------------------------------------------------------------------------------


@pytest.mark.parametrize("tokens", [1, 3, 12])
def test_clue_tokens_option_sets_the_start_and_the_cap(tokens):
    state = deal(SEAT0 + FILLER, clue_tokens=tokens)
    assert state.clue_tokens == tokens
    assert_rejected(state, Discard(0, 0), "clue_tokens_full")
    state = state.apply(RankClue(0, 1, 1)).apply(Discard(1, 5))
    assert state.clue_tokens == tokens
    assert_rejected(state, Discard(0, 0), "clue_tokens_full")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_seat_moves_first_and_turns_go_round(players):
    seat = players - 1
    state = deal(players=players, starting_seat=seat)
    assert state.current_seat == seat
    assert_rejected(state, RankClue(0, 1, 1), "not_your_turn")
    seen = []
    for _ in range(players + 1):
        seen.append(state.current_seat)
        state = state.apply(filler_move(state))
    assert seen == [(seat + k) % players for k in range(players + 1)]


# ---- all or nothing -------------------------------------------------------------------------


def five_players_with_the_fives_last(**options) -> GameState:
    variant = GameOptions(players=5).variant_rules
    return deal([c for c in ordered_deck(variant) if c.rank != 5], players=5, **options)


def careful_move(state: GameState, hold_fives: bool = False):
    """Play a playable card, else discard a card that is not the last copy of a needed one,
    else clue, else play the newest card. With hold_fives a 5 is played only as a last resort."""
    seat = state.current_seat
    hand = state.hands[seat]
    deck, fireworks, copies, lost = state.deck, state.fireworks, state.lookups.copies, state.lost
    for card in hand:
        suit, rank = deck[card]
        if fireworks[suit] == rank - 1 and not (hold_fives and rank == 5):
            return Play(seat, card)
    if state.clue_tokens < state.options.clue_tokens:
        for card in reversed(hand):
            suit, rank = deck[card]
            if rank <= fireworks[suit] or copies[suit, rank] - lost[suit * 6 + rank] > 1:
                return Discard(seat, card)
    if state.clue_tokens > 0 and any(h for s, h in enumerate(state.hands) if s != seat):
        return any_clue(state)
    return Play(seat, hand[0])


def test_all_or_nothing_has_no_final_round_hands_shrink_and_only_a_complete_display_wins():
    normal = five_players_with_the_fives_last()
    aon = five_players_with_the_fives_last(all_or_nothing=True)
    while normal.deck_size:
        normal = normal.apply(careful_move(normal))
        aon = aon.apply(careful_move(aon))
    last_draw = normal.turn
    while not normal.is_over:
        normal = normal.apply(careful_move(normal))
    assert normal.turn == last_draw + 5
    assert normal.end_condition is EndCondition.NORMAL and normal.score < 25

    while not aon.is_over:
        assert aon.fireworks_total < 25
        aon = aon.apply(careful_move(aon))
    assert aon.turn > last_draw + 5
    assert min(len(h) for h in aon.hands) < 3
    assert aon.end_condition is EndCondition.NORMAL
    assert aon.score == 25
    assert view(aon, 0).rating.startswith("perfect")


def test_all_or_nothing_fails_the_moment_a_last_needed_copy_is_discarded():
    top = [(RED, 1), (RED, 5), (BLUE, 3), (GREEN, 4), (GREEN, 5)] + FILLER
    state = deal(top, all_or_nothing=True, starting_seat=1).apply(RankClue(1, 0, 4))
    assert not state.apply(Discard(0, 0)).is_over  # one red 1 of three
    lost = state.apply(Discard(0, 1))
    assert lost.end_condition is EndCondition.ALL_OR_NOTHING_FAIL
    assert lost.score == 0 and lost.max_score == 24
    assert view(lost, 0).rating.startswith("a loss")
    assert not deal(top, starting_seat=1).apply(RankClue(1, 0, 4)).apply(Discard(0, 1)).is_over


def test_all_or_nothing_fails_when_a_misplay_loses_a_last_copy():
    state = deal([(RED, 5)] + FILLER[1:] + FILLER, all_or_nothing=True)
    state = state.apply(Play(0, 0))
    assert state.strikes == 1
    assert state.end_condition is EndCondition.ALL_OR_NOTHING_FAIL and state.score == 0


def test_all_or_nothing_strikeout():
    state = deal([(RED, 3)] + FILLER[1:] + FILLER, all_or_nothing=True, max_strikes=1)
    state = state.apply(Play(0, 0))
    assert state.end_condition is EndCondition.STRIKEOUT and state.score == 0


def test_all_or_nothing_softlock_when_the_player_to_move_has_no_legal_action():
    state = deal(players=4, all_or_nothing=True)
    while not state.is_over:
        before = state
        assert before.legal_actions()
        state = state.apply(careful_move(state, hold_fives=True))
    assert state.end_condition is EndCondition.ALL_OR_NOTHING_SOFTLOCK
    assert state.score == 0 and state.fireworks_total < 25
    assert state.hands[state.current_seat] == () and state.clue_tokens == 0
    assert state.max_score == 25
    assert [h for s, h in enumerate(before.hands) if s != before.current_seat]


# ---- timed display --------------------------------------------------------------------------


def timed(top, **options) -> GameState:
    """Seat 1 moves first and spends a token, so seat 0 plays at 7 tokens."""
    return deal(top + FILLER, timed_display=True, starting_seat=1, **options).apply(RankClue(1, 0, 3))


def test_announcing_the_right_suit_of_a_playable_card_earns_a_token():
    state = timed([(RED, 1), (RED, 3), (YELLOW, 1), (WHITE, 5), (BLUE, 1)])
    assert Play(0, 0, RED) in state.legal_actions()
    state = state.apply(Play(0, 0, RED))
    assert state.fireworks[RED] == 1 and state.clue_tokens == 8 and state.strikes == 0
    assert state.history[-1].announce == RED and state.history[-1].success
    state = state.apply(RankClue(1, 0, 3)).apply(Discard(0, 2)).apply(RankClue(1, 0, 3)).apply(RankClue(0, 1, 1))
    state = state.apply(RankClue(1, 0, 3)).apply(Play(0, 4, BLUE))
    assert state.fireworks[BLUE] == 1 and state.clue_tokens == 6


def test_announcing_the_right_suit_of_a_five_earns_both_tokens_capped():
    whites = [(WHITE, 1), (WHITE, 2), (WHITE, 3), (WHITE, 4), (WHITE, 5)]
    state = timed(whites)
    for card in range(4):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 5))
    assert state.clue_tokens == 3
    assert state.apply(Play(0, 4, WHITE)).clue_tokens == 5

    capped = timed(whites)
    for card in range(4):
        capped = capped.apply(Play(0, card, WHITE))
        assert capped.clue_tokens == 8
        capped = capped.apply(RankClue(1, 0, 5))
    capped = capped.apply(Play(0, 4, WHITE))
    assert capped.fireworks[WHITE] == 5 and capped.clue_tokens == 8


def test_announcing_the_right_suit_of_an_unplayable_card_is_an_ordinary_misplay():
    state = timed([(RED, 3)] + FILLER[1:]).apply(Play(0, 0, RED))
    assert state.strikes == 1 and state.discards == (0,) and state.clue_tokens == 7
    assert state.fireworks[RED] == 0 and not state.history[-1].success


def test_announcing_the_wrong_suit_discards_the_card_with_a_strike_even_if_it_was_playable():
    state = timed([(YELLOW, 1)] + FILLER[1:]).apply(Play(0, 0, GREEN))
    assert state.strikes == 1 and state.discards == (0,) and state.clue_tokens == 7
    assert state.fireworks == (0,) * 5


def test_a_play_without_announcement_is_an_ordinary_play_under_timed_display():
    state = timed([(YELLOW, 1)] + FILLER[1:]).apply(Play(0, 0))
    assert state.fireworks[YELLOW] == 1 and state.clue_tokens == 7


def test_announcing_needs_the_option_and_a_suit_of_the_game():
    assert_rejected(deal(SEAT0 + FILLER), Play(0, 0, BLUE), "announce_not_allowed")
    state = timed(SEAT0)
    for suit in (5, -1, True, "blue"):
        assert_rejected(state, Play(0, 0, suit), "invalid_suit")
    assert_rejected(timed(SEAT0, variant="6 Suits"), Play(0, 0, 6), "invalid_suit")


# ---- replay and action serialization --------------------------------------------------------


def test_replay_names_the_first_illegal_action_and_applies_nothing_after_it():
    options = GameOptions(players=2)
    deck = stacked_deck(options.variant_rules, SEAT0 + FILLER)
    actions = [RankClue(0, 1, 1), Discard(1, 5), Play(1, 9), Play(0, 0)]
    with pytest.raises(ReplayError) as info:
        replay(options, deck, actions)
    assert info.value.action_index == 2 and info.value.code == "not_your_turn"
    assert replay(options, deck, actions[:2]).turn == 2


@pytest.mark.parametrize(
    "action",
    [
        Play(0, 3),
        Play(1, 7, 2),
        Discard(0, 4),
        ColorClue(0, 1, 2),
        RankClue(2, 0, 5),
        Reorder(1, (3, 1, 2)),
        EndGame(-1, EndCondition.TIMEOUT),
        EndGame(2, EndCondition.TERMINATED),
    ],
)
def test_actions_round_trip_through_dicts(action):
    data = action_to_dict(action)
    assert action_from_dict(data) == action
    assert type(action_from_dict(data)) is type(action)


@pytest.mark.parametrize(
    "data, error",
    [
        ({"kind": "fly", "seat": 0}, KeyError),
        ({"kind": "play", "card": 1}, KeyError),
        ({"kind": "end_game", "seat": 0, "condition": "bored"}, KeyError),
        ({"kind": "end_game", "seat": 0, "condition": 3}, ValueError),
        ({"kind": "reorder", "seat": 0, "cards": 5}, ValueError),
        ({"kind": ["play"]}, ValueError),
        (["play", 0, 1], ValueError),
    ],
)
def test_malformed_action_dicts_raise_key_or_value_errors(data, error):
    with pytest.raises(error):
        action_from_dict(data)
