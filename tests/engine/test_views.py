"""Per-seat views: what each seat sees, its JSON, and the card-counting helpers built on it."""

import json
import random
from collections import Counter
from datetime import UTC, datetime

import pytest
from hanabi.engine import (
    ColorClue,
    Discard,
    EndCondition,
    EndGame,
    GameOptions,
    Play,
    RankClue,
    full_view,
    new_game,
    stacked_deck,
    view,
    view_from_dict,
)
from hanabi.engine.deck import Card
from hanabi.engine.knowledge import possible_cards, unseen_counts

RED, YELLOW, GREEN, BLUE, WHITE = range(5)
SEAT0 = [(RED, 1), (RED, 2), (WHITE, 2), (YELLOW, 3), (YELLOW, 4)]
SEAT1 = [(BLUE, 1), (RED, 1), (BLUE, 2), (GREEN, 3), (GREEN, 4)]


def game(players=2, **options):
    opts = GameOptions(players=players, **options)
    return new_game(opts, deck=stacked_deck(opts.variant_rules, SEAT0 + SEAT1))


def test_a_seat_sees_other_hands_in_full_and_its_own_only_as_ids():
    state = game()
    mine = view(state, 0)
    assert mine.seat == 0
    assert [c.id for c in mine.my_hand] == [4, 3, 2, 1, 0]
    assert all(c.suit is None and c.rank is None for c in mine.my_hand)
    assert all(c.possible_suits == (0, 1, 2, 3, 4) and c.possible_ranks == (1, 2, 3, 4, 5) for c in mine.my_hand)
    assert [(c.id, c.suit, c.rank) for c in mine.hands[1]] == [
        (9, GREEN, 4),
        (8, GREEN, 3),
        (7, BLUE, 2),
        (6, RED, 1),
        (5, BLUE, 1),
    ]
    theirs = view(state, 1)
    assert [(c.suit, c.rank) for c in theirs.hands[0]] == list(reversed(SEAT0))
    assert all(c.suit is None for c in theirs.hands[1])


def test_view_shows_the_public_state_and_only_the_viewers_turn_actions():
    state = game().apply(Play(0, 0)).apply(RankClue(1, 0, 2)).apply(Play(0, 2)).apply(ColorClue(1, 0, RED))
    seen = view(state, 0)
    assert seen.fireworks == (1, 0, 0, 0, 0)
    assert [(d.id, d.suit, d.rank) for d in seen.discards] == [(2, WHITE, 2)]
    assert (seen.clue_tokens, seen.strikes, seen.turn, seen.current_seat) == (6, 1, 4, 0)
    assert seen.deck_size == 38 and seen.score == 1 and seen.fireworks_total == 1 and seen.max_score == 25
    assert not seen.is_over and seen.end_condition == "in_progress" and seen.rating is None
    assert seen.legal_actions == tuple(state.legal_actions(0))
    assert view(state, 1).legal_actions == ()
    red2 = next(c for c in seen.my_hand if c.id == 1)
    assert red2.possible_suits == (RED,) and red2.possible_ranks == (2,)
    assert [(c.turn, c.seat, c.kind, c.clue_kind, c.value) for c in red2.clues] == [
        (1, 1, "rank_clue", "rank", 2),
        (3, 1, "color_clue", "color", 0),
    ]


def test_view_json_is_plain_json_and_names_only_drawn_cards():
    state = game(timed_display=True).apply(Play(0, 0, RED)).apply(RankClue(1, 0, 2))
    state = state.apply(Discard(0, 2)).apply(RankClue(1, 0, 4))
    data = view(state, 0).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert [c["id"] for c in data["hands"][0]] == [11, 10, 4, 3, 1]
    assert data["hands"][0][2] == {
        "id": 4,
        "suit": None,
        "rank": None,
        "possible_suits": [0, 1, 2, 3, 4],
        "possible_ranks": [4],
        "clues": [{"turn": 3, "seat": 1, "kind": "rank_clue", "clue_kind": "rank", "value": 4}],
    }
    assert [e["kind"] for e in data["history"]] == ["play", "rank_clue", "discard", "rank_clue"]
    assert data["history"][0] == {
        "kind": "play",
        "turn": 0,
        "seat": 0,
        "card": 0,
        "suit": RED,
        "rank": 1,
        "success": True,
        "announce": RED,
        "drew": 10,
        "clue_tokens": 8,
        "half_clue_token": False,
    }
    assert data["history"][2] == {
        "kind": "discard",
        "turn": 2,
        "seat": 0,
        "card": 2,
        "suit": WHITE,
        "rank": 2,
        "drew": 11,
        "clue_tokens": 8,
        "half_clue_token": False,
    }
    assert data["history"][3] == {
        "kind": "rank_clue",
        "turn": 3,
        "seat": 1,
        "target": 0,
        "clue_kind": "rank",
        "value": 4,
        "touched": [4],
        "clue_tokens": 7,
        "half_clue_token": False,
        "informative": True,
    }
    assert data["legal_actions"] and all(a["seat"] == 0 for a in data["legal_actions"])
    assert {"kind": "play", "seat": 0, "card": 11, "announce": GREEN} in data["legal_actions"]
    assert data["options"]["timed_display"] is True
    assert data["suits"] == ["red", "yellow", "green", "blue", "white"]


def test_once_the_game_is_over_every_card_is_shown_with_the_rating():
    state = game().apply(Play(0, 0)).apply(EndGame(-1, EndCondition.TERMINATED))
    seen = view(state, 0)
    assert seen.is_over and seen.end_condition == "terminated" and seen.score == 0 and seen.fireworks_total == 1
    assert [(c.suit, c.rank) for c in seen.my_hand] == [tuple(state.deck[c]) for c in state.hands[0]]
    assert seen.rating.startswith("horrible")
    assert seen.legal_actions == ()
    assert seen.to_dict()["history"][-1] == {"kind": "end_game", "turn": 1, "seat": -1, "condition": "terminated"}


def test_full_view_shows_everything_and_is_nobodys():
    state = game()
    everything = full_view(state)
    assert everything.seat is None and everything.legal_actions == () and everything.my_hand == ()
    assert all(c.suit is not None for hand in everything.hands for c in hand)


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_view_of_a_seat_outside_the_game_is_an_error(seat):
    with pytest.raises(ValueError):
        view(game(), seat)


def test_unseen_counts_and_possible_cards_count_what_the_viewer_can_see():
    state = game().apply(Play(0, 0)).apply(RankClue(1, 0, 2)).apply(Discard(0, 2))
    seen = view(state, 0)
    unseen = unseen_counts(seen)
    assert unseen[Card(RED, 1)] == 1  # three copies: one played, one in seat 1's hand
    assert unseen[Card(WHITE, 2)] == 1  # two copies: one discarded
    assert unseen[Card(BLUE, 1)] == 2
    assert sum(unseen.values()) == 50 - 1 - 1 - 5 == state.deck_size + len(state.hands[0])
    red_or_other_two = possible_cards(seen, 1)
    assert red_or_other_two == {
        Card(RED, 2): 2,
        Card(YELLOW, 2): 2,
        Card(GREEN, 2): 2,
        Card(BLUE, 2): 1,
        Card(WHITE, 2): 1,
    }
    with pytest.raises(ValueError):
        possible_cards(seen, 5)


@pytest.mark.parametrize("seed", range(6))
def test_view_from_dict_is_the_inverse_of_to_dict(seed):
    import random

    from hanabi.bots import basic
    from hanabi.engine import Reorder
    from hanabi.engine.view import view_from_dict

    rng = random.Random(seed)
    options = GameOptions(
        players=2 + seed % 4, variant=["No Variant", "Rainbow (6 Suits)"][seed % 2], timed_display=seed % 3 == 0
    )
    state = new_game(options, seed=str(seed))
    seen_kinds = set()
    reordered = False
    while True:
        for seat in range(options.players):
            for shown in (view(state, seat), full_view(state)):
                assert view_from_dict(json.loads(json.dumps(shown.to_dict()))) == shown
        seen_kinds.update(type(e).__name__ for e in state.history)
        if state.is_over:
            break
        if state.turn == 3 and not reordered:
            reordered = True
            hand = state.hands[state.current_seat]
            state = state.apply(Reorder(state.current_seat, tuple(reversed(hand))))
        elif state.turn == 40 and seed == 5:
            state = state.apply(EndGame(state.current_seat, EndCondition.TERMINATED))
        else:
            state = state.apply(basic.choose(view(state, state.current_seat), rng))
    assert {"ClueEvent", "PlayEvent", "DiscardEvent", "ReorderEvent"} <= seen_kinds


COUNTING_VARIANTS = [
    "No Variant",
    "Black (6 Suits)",
    "Up or Down (5 Suits)",
    "Throw It in a Hole (5 Suits)",
    "Duck (5 Suits)",
    "Cow & Pig (4 Suits)",
    "Sudoku (5 Suits)",
    "Rainbow-Ones & Brown (5 Suits)",
]


def random_states(variant: str, players: int = 3, seed: str = "count"):
    """Every state of a random game of `variant`."""
    state = new_game(GameOptions(players=players, variant=variant), seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("variant", COUNTING_VARIANTS)
def test_the_deck_composition_is_the_variants_deck(variant):
    options = GameOptions(players=2, variant=variant)
    deck = new_game(options, seed="composition").deck
    composition = view(new_game(options, seed="composition"), 0).deck_composition
    assert {(c.suit, c.rank): c.copies for c in composition} == Counter((card.suit, card.rank) for card in deck)
    assert len({(c.suit, c.rank) for c in composition}) == len(composition)


@pytest.mark.parametrize("variant", COUNTING_VARIANTS)
def test_unseen_counts_are_the_copies_the_view_does_not_show(variant):
    """Every copy not counted unseen is in a hand the view shows, among its discards, or played
    in its history; in a full view, unseen is the deck."""
    for state in random_states(variant):
        for seen in [view(state, seat) for seat in range(3)] + [full_view(state)]:
            shown = {card.id: (card.suit, card.rank) for hand in seen.hands for card in hand if card.suit is not None}
            shown.update({d.id: (d.suit, d.rank) for d in seen.discards})
            shown.update({e.card: (e.suit, e.rank) for e in seen.history if e.kind == "play" and e.suit is not None})
            counts = Counter(shown.values())
            assert seen.unseen == tuple(c.copies - counts[c.suit, c.rank] for c in seen.deck_composition)
            assert sum(seen.unseen) >= seen.deck_size
            if seen.seat is None:
                deck = Counter((card.suit, card.rank) for card in state.deck[state.next_card :])
                assert seen.unseen == tuple(deck[c.suit, c.rank] for c in seen.deck_composition)
            for c, n in zip(seen.deck_composition, seen.unseen):
                assert seen.unseen_copies(c.suit, c.rank) == n


@pytest.mark.parametrize("variant", COUNTING_VARIANTS)
def test_a_seat_view_does_not_depend_on_its_own_cards(variant):
    """Swap seat 0's cards with cards of the deck: its view is the same, unseen counts too."""
    options = GameOptions(players=2, variant=variant)
    deck = list(new_game(options, seed="own cards").deck)
    hand_size = options.hand_size
    swapped = deck[-hand_size:] + deck[hand_size:-hand_size] + deck[:hand_size]
    first, second = new_game(options, deck=deck), new_game(options, deck=swapped)
    assert first.deck != second.deck
    assert view(first, 0).to_dict() == view(second, 0).to_dict()
    assert view(first, 1).unseen != view(second, 1).unseen or deck[:hand_size] == deck[-hand_size:]


def test_history_events_carry_the_kind_their_json_and_the_event_log_give_them():
    state = game().apply(Play(0, 0)).apply(RankClue(1, 0, 2)).apply(ColorClue(0, 1, BLUE))
    seen = view(state, 1)
    assert [e.kind for e in seen.history] == ["play", "rank_clue", "color_clue"]
    assert [e["kind"] for e in seen.to_dict()["history"]] == [e.kind for e in seen.history]
    assert [(e.clue_kind, e.value) for e in seen.history[1:]] == [("rank", 2), ("color", BLUE)]


def test_offline_views_say_running_or_finished_and_have_no_game_id():
    state = game()
    assert (view(state, 0).status, view(state, 0).game_id, view(state, 0).version) == ("running", None, None)
    over = state.apply(EndGame(-1, EndCondition.TERMINATED))
    assert view(over, 0).status == full_view(over).status == "finished"
    dated = view(state, 0, game_id=7, version=12, status="running", deadline=datetime(2030, 1, 2, tzinfo=UTC))
    data = dated.to_dict()
    assert (data["game_id"], data["version"], data["deadline"]) == (7, 12, "2030-01-02T00:00:00+00:00")
    assert view_from_dict(json.loads(json.dumps(data))) == dated
