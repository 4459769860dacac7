import copy
import json
import random

import pytest
from hanabi.engine import (
    Card,
    ClueEvent,
    ColorClue,
    Discard,
    DiscardEvent,
    EndCondition,
    EndGame,
    GameOptions,
    Play,
    PlayEvent,
    RankClue,
    Reorder,
    ReorderEvent,
    get_variant,
    new_game,
    ordered_deck,
    stacked_deck,
)
from hanabi.engine.hanablive import HanabLiveError, export_game, import_game, outcome
from hanabi.engine.variants import representatives

OUTCOME_KEYS = {"score", "fireworks", "strikes", "clue_tokens", "turns", "end_condition"}


def load(fixtures_dir, name: str) -> dict:
    return json.loads((fixtures_dir / name).read_text(encoding="utf-8"))


def random_game(options: GameOptions, rng: random.Random, *, reorders: bool = True, end_chance: float = 0.0):
    """Play uniformly random legal actions (with hand reorders mixed in) until the game ends."""
    state = new_game(options, seed=str(rng.random()))
    actions = []
    while not state.is_over:
        if reorders and rng.random() < 0.1:
            seat = rng.randrange(options.players)
            cards = list(state.hands[seat])
            rng.shuffle(cards)
            action = Reorder(seat, cards)
        elif rng.random() < end_chance:
            action = EndGame(
                rng.randrange(-1, options.players), rng.choice([EndCondition.TIMEOUT, EndCondition.TERMINATED])
            )
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    return state.deck, tuple(actions), state


def public_history(state):
    """The history without reorders, and with each clue's cards in id order (a clue lists the
    cards it touched in hand order, which reorders change)."""
    return [
        event._replace(touched=tuple(sorted(event.touched))) if isinstance(event, ClueEvent) else event
        for event in state.history
        if not isinstance(event, ReorderEvent)
    ]


# ---- the real games -------------------------------------------------------------------------


def test_five_player_fixture_replays_to_its_natural_end(fixtures_dir):
    data = load(fixtures_dir, "no_variant_5p.json")
    game = import_game(data)

    assert game.players == ("Alice", "Bob", "Cathy", "Donald", "Emily")
    assert game.options == GameOptions(players=5, end_at_best_score=True)
    assert len(game.actions) == 53
    assert outcome(game.state)["score"] == 23
    assert outcome(game.state)["end_condition"] == "normal"
    assert outcome(game.state)["turns"] == 53
    unfinished = import_game({**data, "actions": data["actions"][:-1]})
    assert outcome(unfinished.state)["end_condition"] == "in_progress"


def test_three_player_fixture_replays_to_a_perfect_score(fixtures_dir):
    data = load(fixtures_dir, "example_game.json")
    game = import_game(data)

    assert len(game.players) == 3
    assert outcome(game.state)["score"] == 25
    assert outcome(game.state)["fireworks"] == [5, 5, 5, 5, 5]
    assert outcome(game.state)["end_condition"] == "normal"
    assert game.options.deck_plays and game.extra_options == {}
    unfinished = import_game({**data, "actions": data["actions"][:-1]})
    assert not unfinished.state.is_over


@pytest.mark.parametrize("name", ["no_variant_5p.json", "example_game.json"])
def test_export_of_an_imported_fixture_reproduces_the_file(fixtures_dir, name):
    data = load(fixtures_dir, name)
    game = import_game(data)

    assert game.id == data["id"]
    assert [list(notes) for notes in game.notes] == data["notes"]
    assert game.to_hanablive() == data


@pytest.mark.parametrize("name", ["no_variant_5p.json", "example_game.json"])
def test_actions_act_for_the_seat_whose_turn_it_is(fixtures_dir, name):
    game = import_game(load(fixtures_dir, name))
    players = game.options.players
    turn_actions = [a for a in game.actions if not isinstance(a, Reorder)]
    assert [a.seat for a in turn_actions] == [i % players for i in range(len(turn_actions))]


# ---- round trips ----------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"empty_clues": True},
    {"all_or_nothing": True},
    {"timed_display": True},
    {"clue_tokens": 3},
    {"clue_tokens": 12, "max_strikes": 1},
    {"max_strikes": 2, "starting_seat": 1},
    {"empty_clues": True, "all_or_nothing": True, "timed_display": True, "clue_tokens": 5, "max_strikes": 2},
]


@pytest.mark.parametrize("variant", representatives())
@pytest.mark.parametrize("option_set", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_import_export_round_trip(variant, option_set):
    rng = random.Random(f"{variant}/{sorted(option_set.items())}")
    if get_variant(variant).rules.throw_it_in_a_hole:  # it refuses timed_display (test_hidden_variants.py)
        option_set = {key: value for key, value in option_set.items() if key != "timed_display"}
    for players in range(2, 7):
        options = GameOptions(players=players, variant=variant, end_at_best_score=True, **option_set)
        deck, actions, played = random_game(options, rng, end_chance=0.01)

        exported = export_game(options, deck, actions)
        game = import_game(json.loads(json.dumps(exported)))

        assert game.options == options
        assert game.deck == deck
        assert game.actions == tuple(a for a in actions if not isinstance(a, Reorder))
        assert outcome(game.state) == outcome(played)
        assert public_history(game.state) == public_history(played)
        assert [sorted(hand) for hand in game.state.hands] == [sorted(hand) for hand in played.hands]
        assert game.to_hanablive() == exported


def test_round_trip_keeps_harmless_options_and_metadata():
    options = GameOptions(players=4, variant="Black (6 Suits)", end_at_best_score=True)
    deck, actions, _ = random_game(options, random.Random(7))
    extra = {"speedrun": False, "cardCycle": True, "timed": True, "timeBase": 120, "timePerTurn": 20}
    notes = [["chop", ""], [], ["f"], []]

    exported = export_game(
        options, deck, actions, ["W", "X", "Y", "Z"], id=99, seed="p4v1s2", notes=notes, extra_options=extra
    )
    game = import_game(exported)

    assert exported["options"] == {"variant": "Black (6 Suits)", **extra}
    assert (game.players, game.id, game.seed, game.extra_options) == (("W", "X", "Y", "Z"), 99, "p4v1s2", extra)
    assert game.notes == (("chop", ""), (), ("f",), ())
    assert game.to_hanablive() == exported


def test_timed_display_announcements_survive_the_round_trip():
    options = GameOptions(players=3, timed_display=True)
    rng = random.Random(3)
    announced = []
    while not announced:
        deck, actions, _ = random_game(options, rng, reorders=False)
        announced = [a for a in actions if isinstance(a, Play) and a.announce is not None]

    exported = export_game(options, deck, actions)
    plays = [a for a in exported["actions"] if a["type"] == 0]

    assert [a.announce for a in actions if isinstance(a, Play)] == [a.get("announce") for a in plays]
    assert import_game(exported).actions == actions


ORANGE = 4


def test_hanablives_file_records_what_became_of_an_orange_card_and_ours_what_its_player_did():
    """hanab.live's server writes a play that discarded an orange card as a discard (and the
    other way round), and replays its files without swapping again."""
    options = GameOptions(players=2, variant="Orange (5 Suits)")
    deck = stacked_deck(
        options.variant_rules,
        [(ORANGE, 1), (ORANGE, 3), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2)],
    )
    actions = (Discard(0, 0), RankClue(1, 0, 3), Play(0, 1))
    exported = export_game(options, deck, actions)
    assert [(a["type"], a["target"]) for a in exported["actions"]] == [(0, 0), (3, 0), (1, 1)]
    game = import_game(exported)
    assert game.actions == actions
    played, discarded = game.state.history[0], game.state.history[2]
    assert isinstance(played, PlayEvent) and played.success and (played.suit, played.rank) == (ORANGE, 1)
    assert isinstance(discarded, DiscardEvent) and (discarded.suit, discarded.rank) == (ORANGE, 3)
    assert game.state.fireworks[ORANGE] == 1 and game.state.strikes == 0


@pytest.mark.parametrize("blind, hanablive_type, event", [(Play, 1, DiscardEvent), (Discard, 0, PlayEvent)])
def test_a_blind_play_or_discard_of_an_orange_last_card_moves_between_the_two(blind, hanablive_type, event):
    options = GameOptions(players=2, variant="Orange (5 Suits)", deck_plays=True)
    cards = list(ordered_deck(get_variant("Orange (5 Suits)")))
    cards.remove(Card(ORANGE, 1))
    deck = tuple(cards + [Card(ORANGE, 1)])
    state, actions = new_game(options, deck), []
    while state.deck_size > 1:
        actions.append(Discard(state.current_seat, state.hands[state.current_seat][-1]))
        state = state.apply(actions[-1])
    actions.append(blind(state.current_seat, state.next_card))
    exported = export_game(options, deck, actions)
    assert (exported["actions"][-1]["type"], exported["actions"][-1]["target"]) == (hanablive_type, len(deck) - 1)
    game = import_game(exported)
    assert game.actions == tuple(actions) and isinstance(game.state.history[-1], event)


@pytest.mark.parametrize(
    ("option_set", "expected"),
    [
        ({}, None),
        ({"variant": "Rainbow (6 Suits)"}, {"variant": "Rainbow (6 Suits)"}),
        ({"empty_clues": True}, {"emptyClues": True}),
        ({"all_or_nothing": True}, {"allOrNothing": True}),
        ({"starting_seat": 2}, {"startingPlayer": 2}),
        ({"clue_tokens": 6}, {"clueTokens": 6}),
        ({"max_strikes": 1}, {"maxStrikes": 1}),
        ({"timed_display": True}, {"timedDisplay": True}),
        ({"deck_plays": True}, {"deckPlays": True}),
        ({"end_at_best_score": False}, {"endAtBestScore": False}),
    ],
)
def test_export_writes_only_options_off_their_default(option_set, expected):
    options = GameOptions(players=3, **{"end_at_best_score": True, **option_set})
    exported = export_game(options, new_game(options, seed="x").deck, [])
    assert exported.get("options") == expected


def test_export_names_players_by_default_and_drops_reorders():
    options = GameOptions(players=5)
    deck = new_game(options, seed="names").deck
    clue = RankClue(0, 1, deck[4].rank)
    with_reorder = export_game(options, deck, [Reorder(3, (12, 13, 14, 15)), clue, Reorder(0, (0, 1, 2, 3))])

    assert with_reorder["players"] == ["Alice", "Bob", "Cathy", "Donald", "Emily"]
    assert with_reorder == export_game(options, deck, [clue])
    assert with_reorder["actions"] == [{"type": 3, "target": 1, "value": deck[4].rank}]


def test_end_game_becomes_a_game_over_action():
    options = GameOptions(players=2)
    deck = new_game(options, seed="end").deck
    exported = export_game(options, deck, [EndGame(-1, EndCondition.TERMINATED)])
    assert exported["actions"] == [{"type": 4, "target": -1, "value": 4}]
    timed_out = import_game({**exported, "actions": [{"type": 4, "target": 1, "value": 3}]})
    assert timed_out.actions == (EndGame(1, EndCondition.TIMEOUT),)
    assert outcome(timed_out.state) == {
        "score": 0,
        "fireworks": [0, 0, 0, 0, 0],
        "strikes": 0,
        "clue_tokens": 8,
        "turns": 0,
        "end_condition": "timeout",
    }


def test_color_clue_values_index_the_variants_clue_colors():
    options = GameOptions(players=2, variant="Rainbow (6 Suits)")
    rainbow, white = 5, 4
    deck = stacked_deck(
        options.variant_rules, [(0, 1)] * 3 + [(1, 1), (1, 1), (rainbow, 1), (white, 1), (0, 2), (0, 2), (0, 3)]
    )
    exported = export_game(options, deck, [ColorClue(0, 1, white)])
    assert exported["actions"] == [{"type": 2, "target": 1, "value": white}]
    assert import_game(exported).state.history[0].touched == (6, 5)
    rejected = {**export_game(options, deck, []), "actions": [{"type": 2, "target": 1, "value": 5}]}
    with pytest.raises(HanabLiveError) as error:
        import_game(rejected)
    assert (error.value.code, error.value.action_index) == ("invalid_color", 0)


def test_a_game_lost_by_strikes_scores_zero_but_shows_its_fireworks():
    options = GameOptions(players=2, max_strikes=1)
    deck = stacked_deck(options.variant_rules, [(0, 1), (0, 3)] + [(1, 1)] * 3 + [(2, 1)] * 3 + [(3, 1)] * 2)
    game = import_game(export_game(options, deck, [Play(0, 0), Play(1, 9), Play(0, 1)]))
    assert outcome(game.state) == {
        "score": 0,
        "fireworks": [1, 0, 0, 1, 0],
        "strikes": 1,
        "clue_tokens": 8,
        "turns": 3,
        "end_condition": "strikeout",
    }


def test_outcome_has_exactly_the_documented_keys(fixtures_dir):
    assert set(outcome(import_game(load(fixtures_dir, "example_game.json")).state)) == OUTCOME_KEYS


# ---- export refuses what it cannot write ----------------------------------------------------


def test_export_refuses_an_illegal_game_naming_the_action():
    options = GameOptions(players=2)
    deck = new_game(options, seed="illegal").deck
    with pytest.raises(HanabLiveError) as error:
        export_game(options, deck, [RankClue(0, 1, deck[5].rank), RankClue(0, 1, deck[5].rank)])
    assert (error.value.code, error.value.action_index) == ("not_your_turn", 1)


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"variant": "No Variant"}, "unknown_option"),
        ({"oneExtraCard": True}, "unsupported_option"),
        ({"timeBase": "2"}, "invalid_type"),
    ],
)
def test_export_refuses_extra_options_that_are_not_harmless(extra, code):
    options = GameOptions(players=2)
    with pytest.raises(HanabLiveError) as error:
        export_game(options, new_game(options, seed="x").deck, [], extra_options=extra)
    assert error.value.code == code


def test_export_refuses_a_wrong_number_of_names():
    options = GameOptions(players=3)
    with pytest.raises(HanabLiveError) as error:
        export_game(options, new_game(options, seed="x").deck, [], ["Ann", "Ben"])
    assert error.value.code == "invalid_player_count"


# ---- malformed and illegal games ------------------------------------------------------------

K = 10
"""The index of the action the cases below spoil in example_game.json: mid-game, with a clue
token left and cards left in the deck, so each case fails for its own reason only."""


def state_before(data: dict, index: int):
    return import_game({**data, "actions": data["actions"][:index]}).state


def other_seats_card(state):
    return next(card for seat, hand in enumerate(state.hands) if seat != state.current_seat for card in hand)


ACTION_CASES = {
    "not an object": (lambda s: [3, 1], "invalid_action"),
    "unknown type": (lambda s: {"type": 7, "target": 0, "value": 0}, "invalid_action_type"),
    "type as text": (lambda s: {"type": "play", "target": 0}, "invalid_action"),
    "no target": (lambda s: {"type": 1, "value": 0}, "invalid_action"),
    "fractional target": (lambda s: {"type": 0, "target": 1.5}, "invalid_action"),
    "clue without value": (lambda s: {"type": 3, "target": (s.current_seat + 1) % 3}, "invalid_action"),
    "unknown key": (
        lambda s: {"type": 0, "target": s.hands[s.current_seat][0], "value": 0, "slot": 2},
        "invalid_action",
    ),
    "color out of range": (lambda s: {"type": 2, "target": (s.current_seat + 1) % 3, "value": 5}, "invalid_color"),
    "rank out of range": (lambda s: {"type": 3, "target": (s.current_seat + 1) % 3, "value": 6}, "invalid_rank"),
    "clue target not a seat": (lambda s: {"type": 3, "target": 3, "value": 1}, "invalid_target"),
    "clue to oneself": (lambda s: {"type": 3, "target": s.current_seat, "value": 1}, "cannot_clue_self"),
    "play of another's card": (lambda s: {"type": 0, "target": other_seats_card(s), "value": 0}, "card_not_in_hand"),
    "discard of another's card": (lambda s: {"type": 1, "target": other_seats_card(s), "value": 0}, "card_not_in_hand"),
    "deck play": (lambda s: {"type": 0, "target": s.next_card, "value": 0}, "deck_play"),
    "play of a card beyond the deck": (lambda s: {"type": 0, "target": 50, "value": 0}, "card_not_in_hand"),
    "announce without timed display": (
        lambda s: {"type": 0, "target": s.hands[s.current_seat][0], "value": 0, "announce": 0},
        "announce_not_allowed",
    ),
    "announce on a clue": (
        lambda s: {"type": 3, "target": (s.current_seat + 1) % 3, "value": 1, "announce": 0},
        "invalid_action",
    ),
    "game over as a normal end": (lambda s: {"type": 4, "target": 0, "value": 1}, "invalid_end_condition"),
    "game over as a strikeout": (lambda s: {"type": 4, "target": 0, "value": 2}, "invalid_end_condition"),
    "unknown end condition": (lambda s: {"type": 4, "target": 0, "value": 11}, "invalid_end_condition"),
    "game over as an all-or-nothing failure": (lambda s: {"type": 4, "target": 0, "value": 8}, "invalid_end_condition"),
    "game over for a seat not in the game": (lambda s: {"type": 4, "target": 7, "value": 4}, "invalid_seat"),
}


@pytest.mark.parametrize("case", list(ACTION_CASES))
def test_a_bad_action_is_reported_with_its_index(fixtures_dir, case):
    data = load(fixtures_dir, "example_game.json")
    build, code = ACTION_CASES[case]
    before = state_before(data, K)
    assert before.clue_tokens > 0 and before.deck_size > 0
    spoiled = copy.deepcopy(data)
    spoiled["actions"][K] = build(before)

    with pytest.raises(HanabLiveError) as error:
        import_game(spoiled)

    assert (error.value.code, error.value.action_index) == (code, K)
    assert error.value.message.startswith(f"Action {K}: ")


def test_an_action_after_the_end_is_reported(fixtures_dir):
    data = load(fixtures_dir, "no_variant_5p.json")
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    with pytest.raises(HanabLiveError) as error:
        import_game(data)
    assert (error.value.code, error.value.action_index) == ("game_over", 53)


def test_a_discard_with_every_clue_token_is_reported(fixtures_dir):
    data = load(fixtures_dir, "no_variant_5p.json")
    data["actions"][0] = {"type": 1, "target": 0, "value": 0}
    with pytest.raises(HanabLiveError) as error:
        import_game(data)
    assert (error.value.code, error.value.action_index) == ("clue_tokens_full", 0)


def test_the_first_of_several_bad_actions_is_named(fixtures_dir):
    data = load(fixtures_dir, "no_variant_5p.json")
    for index in (30, 12, 40):
        data["actions"][index] = {"type": 9, "target": 0, "value": 0}
    with pytest.raises(HanabLiveError) as error:
        import_game(data)
    assert error.value.action_index == 12


def without(key):
    return lambda d: {k: v for k, v in d.items() if k != key}


def with_options(**options):
    return lambda d: {**d, "options": {**d.get("options", {}), **options}}


def with_deck_card(index, card):
    def spoil(d):
        deck = list(d["deck"])
        deck[index] = card
        return {**d, "deck": deck}

    return spoil


GAME_CASES = {
    "missing players": (without("players"), "missing_key"),
    "missing deck": (without("deck"), "missing_key"),
    "missing actions": (without("actions"), "missing_key"),
    "unknown key": (lambda d: {**d, "tableName": "x"}, "unknown_key"),
    "one player": (lambda d: {**d, "players": ["Solo"]}, "invalid_player_count"),
    "seven players": (lambda d: {**d, "players": list("ABCDEFG")}, "invalid_player_count"),
    "players not a list": (lambda d: {**d, "players": "Alice, Bob"}, "invalid_type"),
    "a name not a string": (lambda d: {**d, "players": ["Alice", 2, "Cathy"]}, "invalid_type"),
    "options not an object": (lambda d: {**d, "options": ["emptyClues"]}, "invalid_type"),
    "unknown variant": (with_options(variant="Mystery (6 Suits)"), "unknown_variant"),
    "variant not a string": (with_options(variant=0), "invalid_type"),
    "unknown option": (with_options(bottomDeckPlays=True), "unknown_option"),
    "one extra card": (with_options(oneExtraCard=True), "unsupported_option"),
    "one less card": (with_options(oneLessCard=True), "unsupported_option"),
    "detrimental characters": (with_options(detrimentalCharacters=True), "unsupported_option"),
    "characters listed": (lambda d: {**d, "characters": [{"name": "Fuming", "metadata": 2}] * 3}, "unsupported_option"),
    "empty clues as text": (with_options(emptyClues="yes"), "invalid_type"),
    "clue tokens as a float": (with_options(clueTokens=8.0), "invalid_type"),
    "clue tokens as a boolean": (with_options(clueTokens=True), "invalid_type"),
    "no clue tokens": (with_options(clueTokens=0), "invalid_option"),
    "four strikes": (with_options(maxStrikes=4), "invalid_option"),
    "starting player not a seat": (with_options(startingPlayer=3), "invalid_option"),
    "deck not a list": (lambda d: {**d, "deck": {}}, "invalid_type"),
    "deck short of a card": (lambda d: {**d, "deck": d["deck"][:-1]}, "invalid_deck"),
    "deck with a duplicate": (with_deck_card(0, {"suitIndex": 4, "rank": 5}), "invalid_deck"),
    "deck card of a sixth suit": (with_deck_card(3, {"suitIndex": 5, "rank": 1}), "invalid_deck"),
    "deck card as a pair": (with_deck_card(3, [1, 3]), "invalid_deck"),
    "deck card without rank": (with_deck_card(3, {"suitIndex": 1}), "invalid_deck"),
    "deck card with a text rank": (with_deck_card(3, {"suitIndex": 1, "rank": "3"}), "invalid_deck"),
    "deck card with an extra key": (with_deck_card(3, {"suitIndex": 1, "rank": 3, "order": 3}), "invalid_deck"),
    "six-suit deck for No Variant": (with_options(variant="6 Suits"), "invalid_deck"),
    "actions not a list": (lambda d: {**d, "actions": {"0": {}}}, "invalid_type"),
    "notes not lists of text": (lambda d: {**d, "notes": [[1], [], []]}, "invalid_type"),
    "id as text": (lambda d: {**d, "id": "2906"}, "invalid_type"),
    "seed as a number": (lambda d: {**d, "seed": 7}, "invalid_type"),
    "id null": (lambda d: {**d, "id": None}, "invalid_type"),
    "seed null": (lambda d: {**d, "seed": None}, "invalid_type"),
}


@pytest.mark.parametrize("case", list(GAME_CASES))
def test_a_malformed_game_is_rejected_without_an_action_index(fixtures_dir, case):
    spoil, code = GAME_CASES[case]
    with pytest.raises(HanabLiveError) as error:
        import_game(spoil(load(fixtures_dir, "example_game.json")))
    assert (error.value.code, error.value.action_index) == (code, None)
    assert error.value.message.endswith(".")


@pytest.mark.parametrize("data", [[], "game", 3, None])
def test_a_game_that_is_not_an_object_is_rejected(data):
    with pytest.raises(HanabLiveError) as error:
        import_game(data)
    assert (error.value.code, error.value.action_index) == ("not_an_object", None)


def test_options_that_change_no_rule_are_accepted_when_off_or_harmless(fixtures_dir):
    data = load(fixtures_dir, "example_game.json")
    data["options"] = {"oneExtraCard": False, "detrimentalCharacters": False, "speedrun": True, "timeBase": 0}
    data["characters"] = []
    game = import_game(data)
    assert game.extra_options == data["options"]
    assert outcome(game.state)["score"] == 25


def test_options_from_both_sides_set_the_rules(fixtures_dir):
    data = load(fixtures_dir, "example_game.json")
    data["options"] = {"startingPlayer": 1, "clueTokens": 10, "maxStrikes": 2, "emptyClues": True, "timedDisplay": True}
    data["actions"] = []
    game = import_game(data)
    assert game.options == GameOptions(
        players=3,
        starting_seat=1,
        clue_tokens=10,
        max_strikes=2,
        empty_clues=True,
        timed_display=True,
        end_at_best_score=True,
    )
    assert game.state.current_seat == 1
    assert game.state.clue_tokens == 10
