"""Property tests over random games in every variant and option combination.

Hypothesis chooses the options, the deck's seed and the seed of the choices among
state.legal_actions() (with an occasional reorder); the invariants are checked after every step. The profile below is
derandomized so CI runs the same examples every time.
"""

import json
import random

import pytest
from hanabi.engine import (
    VARIANTS,
    ClueEvent,
    ColorClue,
    Discard,
    EndCondition,
    GameOptions,
    GameState,
    IllegalAction,
    Play,
    PlayEvent,
    RankClue,
    Reorder,
    ReplayError,
    new_game,
    replay,
    view,
)
from hanabi.engine.suits import RANK_SPAN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

settings.register_profile(
    "engine-properties",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = settings.get_profile("engine-properties")

SCORELESS = {
    EndCondition.STRIKEOUT,
    EndCondition.ALL_OR_NOTHING_FAIL,
    EndCondition.ALL_OR_NOTHING_SOFTLOCK,
}


@st.composite
def game_options(draw) -> GameOptions:
    players = draw(st.integers(2, 6))
    return GameOptions(
        players=players,
        variant=draw(st.sampled_from(sorted(VARIANTS))),
        clue_tokens=draw(st.sampled_from([1, 2, 4, 8, 8, 8, 12, 32])),
        max_strikes=draw(st.integers(1, 3)),
        empty_clues=draw(st.booleans()),
        all_or_nothing=draw(st.booleans()),
        timed_display=draw(st.booleans()),
        starting_seat=draw(st.integers(0, players - 1)),
        deck_plays=draw(st.booleans()),
        end_at_best_score=draw(st.booleans()),
    )


def snapshot(state: GameState) -> tuple:
    return tuple(getattr(state, name) for name in GameState.__slots__)


def choose(state: GameState, rng: random.Random, careful: float):
    """A legal action at random; with probability `careful`, a successful play when one exists,
    else a clue or a discard that loses no last copy, so that games also run to the end."""
    legal = state.legal_actions()
    if rng.random() < careful:
        good = [a for a in legal if isinstance(a, Play) and state.apply(a).fireworks_total > state.fireworks_total]
        if good:
            return rng.choice(good)

        def needed_last_copy(card: int) -> bool:
            return state.apply(Discard(state.current_seat, card)).max_score < state.max_score

        quiet = [
            a for a in legal if not isinstance(a, Play) and not (isinstance(a, Discard) and needed_last_copy(a.card))
        ]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(legal)


def candidate_actions(state: GameState, rng: random.Random, count: int) -> list:
    """Well-formed turn actions drawn from the whole action space, legal or not."""
    lookups = state.lookups
    players, cards = lookups.players, len(state.deck)
    suits, colors = lookups.num_suits, lookups.num_colors
    makers = [
        lambda: Play(rng.randrange(players), rng.randrange(cards), rng.choice([None, rng.randrange(suits + 1)])),
        lambda: Discard(rng.randrange(players), rng.randrange(cards)),
        lambda: ColorClue(rng.randrange(players), rng.randrange(players), rng.randrange(colors + 1)),
        lambda: RankClue(rng.randrange(players), rng.randrange(players), rng.randrange(7)),
    ]
    own = state.hands[state.current_seat]
    if own:
        makers.append(lambda: Play(state.current_seat, rng.choice(own), rng.choice([None, rng.randrange(suits)])))
        makers.append(lambda: Discard(state.current_seat, rng.choice(own)))
    return [rng.choice(makers)() for _ in range(count)]


def check_invariants(state: GameState) -> None:
    lookups = state.lookups
    deck = state.deck
    played = [e.card for e in state.history if isinstance(e, PlayEvent) and e.success]
    undrawn = list(range(state.next_card, len(deck)))
    in_hands = [card for hand in state.hands for card in hand]
    places = undrawn + in_hands + played + list(state.discards)
    assert sorted(places) == list(range(len(deck))), "every card is in exactly one place"
    assert state.deck_size == len(undrawn)
    for suit, height in enumerate(state.fireworks):
        assert sum(1 for c in played if deck[c].suit == suit) == height
    assert 0 <= state.clue_tokens <= state.options.clue_tokens
    turn_events = [e for e in state.history if hasattr(e, "clue_tokens")]
    if turn_events:
        assert turn_events[-1].clue_tokens == state.clue_tokens, "the last turn event tells the tokens left"
    assert 0 <= state.strikes <= state.options.max_strikes
    assert (state.strikes == state.options.max_strikes) == (state.end_condition is EndCondition.STRIKEOUT)
    assert state.fireworks_total == sum(state.fireworks) <= state.max_score <= lookups.variant.max_score
    if not state.is_over:
        assert state.legal_actions(), "the player to move always has a legal action"
        for seat in range(lookups.players):
            if seat != state.current_seat:
                assert state.legal_actions(seat) == []
        if not state.options.all_or_nothing:
            assert all(len(hand) >= lookups.hand_size - 1 for hand in state.hands)
    else:
        assert state.legal_actions() == []
    if state.end_condition in SCORELESS:
        assert state.score == 0
    elif state.end_condition is EndCondition.NORMAL and state.options.all_or_nothing:
        assert state.score == lookups.variant.max_score


def play_out(options: GameOptions, seed: str, rng: random.Random, on_step=None):
    """A random game with every invariant checked after every step; returns (state, actions)."""
    state = new_game(options, seed=seed)
    careful = rng.choice([0.0, 0.8, 0.97, 1.0])
    actions = []
    check_invariants(state)
    while not state.is_over:
        if rng.random() < 0.1:
            seat = rng.randrange(options.players)
            cards = list(state.hands[seat])
            rng.shuffle(cards)
            action = Reorder(seat, cards)
        else:
            action = choose(state, rng, careful)
        before = snapshot(state)
        new = state.apply(action)
        assert snapshot(state) == before, "apply never changes the old state"
        if not isinstance(action, Reorder):
            assert new.turn == state.turn + 1
            assert all(a >= b for a, b in zip(new.fireworks, state.fireworks)), "fireworks never fall"
            if new.end_condition not in SCORELESS:
                assert new.score >= state.score, "the score never falls until a scoreless end"
        actions.append(action)
        state = new
        check_invariants(state)
        if on_step is not None:
            on_step(state, actions)
    return state, actions


@pytest.mark.slow
@settings(PROFILE)
@given(options=game_options(), seed=st.text(max_size=8), choices=st.integers(0, 2**64))
def test_random_games_keep_every_invariant_and_replay_to_the_same_state(options, seed, choices):
    rng = random.Random(choices)
    state, actions = play_out(options, seed, rng)
    again = replay(options, state.deck, actions)
    assert snapshot(again)[1:] == snapshot(state)[1:]
    assert again.deck == state.deck and again.options == state.options


@pytest.mark.slow
@settings(PROFILE)
@given(options=game_options(), seed=st.text(max_size=8), choices=st.integers(0, 2**64))
def test_legal_actions_apply_and_other_well_formed_actions_are_rejected_unchanged(options, seed, choices):
    rng = random.Random(choices)

    def probe(state: GameState, actions: list) -> None:
        if state.is_over:
            return
        legal = state.legal_actions()
        for action in rng.sample(legal, min(len(legal), 5)):
            state.apply(action)
        legal_set = set(legal)
        for action in candidate_actions(state, rng, 8):
            if action in legal_set:
                continue
            before = snapshot(state)
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} is not a legal action but was accepted")
            assert snapshot(state) == before

    play_out(options, seed, rng, on_step=probe)


def card_id_mentions(data, found: set) -> None:
    """Every integer under a key that names card ids, anywhere in a view's JSON."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("id", "card", "drew"):
                if value is not None:
                    found.add(value)
            elif key in ("cards", "touched"):
                found.update(value)
            else:
                card_id_mentions(value, found)
    elif isinstance(data, list):
        for item in data:
            card_id_mentions(item, found)


def check_no_leak(state: GameState, actions: list, rng: random.Random) -> None:
    """Swap one of a seat's own cards with an undrawn card its clues cannot tell apart, replay:
    the seat's view must not change. Its JSON must show no own identity and no undrawn card."""
    options, deck = state.options, state.deck
    undrawn = range(state.next_card, len(deck))
    for seat in range(options.players):
        seen = view(state, seat).to_dict()
        json.dumps(seen)
        assert all(c["suit"] is None and c["rank"] is None for c in seen["hands"][seat])
        mentioned: set = set()
        card_id_mentions(seen, mentioned)
        deck_play = {state.next_card} if options.deck_plays and state.deck_size == 1 else set()
        assert all(card < state.next_card for card in mentioned - deck_play), "a view names an undrawn card"
        hand = list(state.hands[seat])
        rng.shuffle(hand)
        for own in hand:
            mine = view(state, seat).my_hand
            knowledge = next(c for c in mine if c.id == own)
            fits = [
                other
                for other in undrawn
                if deck[other] != deck[own]
                and deck[other].suit in knowledge.possible_suits
                and deck[other].rank in knowledge.possible_ranks
                and state.card_masks[own] >> (deck[other].suit * RANK_SPAN + deck[other].rank) & 1
            ]
            rng.shuffle(fits)
            tries = fits[:8] if state.lookups.pointing_clues else fits[:1]
            alt_state = next(filter(None, (swapped_same_touches(state, actions, own, other) for other in tries)), None)
            if alt_state is None:
                continue
            assert view(alt_state, seat).to_dict() == seen
            break


def swapped_same_touches(state: GameState, actions: list, own: int, other: int) -> GameState | None:
    """The game replayed with cards `own` and `other` swapped in the deck. Where clues narrow
    identities, the seat's knowledge of `own` makes the replay legal with every clue touching the
    same cards. Where clues only point (Cow & Pig, Duck) the seat cannot tell its card from one the
    clue's hidden value would not touch, but that world has another clue value, which a swap does
    not give: None for such a swap."""
    alternative = list(state.deck)
    alternative[own], alternative[other] = state.deck[other], state.deck[own]
    if not state.lookups.pointing_clues:
        return replay(state.options, alternative, actions)
    try:
        alt_state = replay(state.options, alternative, actions)
    except ReplayError:
        return None
    return alt_state if clue_touches(alt_state) == clue_touches(state) else None


def clue_touches(state: GameState) -> list[tuple[int, ...]]:
    return [event.touched for event in state.history if type(event) is ClueEvent]


@pytest.mark.slow
@settings(PROFILE)
@given(options=game_options(), seed=st.text(max_size=8), choices=st.integers(0, 2**64))
def test_no_view_shows_a_seat_anything_it_cannot_know(options, seed, choices):
    rng = random.Random(choices)
    positions = []

    def maybe_check(state: GameState, actions: list) -> None:
        if not state.is_over and (len(actions) < 3 or rng.random() < 0.15):
            check_no_leak(state, list(actions), rng)
            positions.append(len(actions))

    play_out(options, seed, rng, on_step=maybe_check)
    check_no_leak(new_game(options, seed=seed), [], rng)
