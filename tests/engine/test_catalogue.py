"""hanab.live's variant catalogue: names, suits, clue colors and ranks, which clues touch which
cards (hanab.live's rules, docs/variants.md), deck composition, Orange, deck plays, the early
normal end and 6 players."""

import pytest
from hanabi.engine import (
    Card,
    ColorClue,
    Discard,
    DiscardEvent,
    EndCondition,
    GameOptions,
    IllegalAction,
    Play,
    PlayEvent,
    RankClue,
    get_variant,
    new_game,
    ordered_deck,
    stacked_deck,
    view,
)
from hanabi.engine.suits import RANK_SPAN, RANKS
from hanabi.engine.variants import VARIANTS, family_of

RED, YELLOW, GREEN, BLUE, FIFTH = range(5)


def deal(variant, top, players=2, **options):
    opts = GameOptions(players=players, variant=variant, **options)
    return new_game(opts, deck=stacked_deck(opts.variant_rules, top))


def colors_touching(variant, suit, rank):
    v = get_variant(variant)
    return tuple(v.clue_colors[c] for c in range(len(v.clue_colors)) if v.color_touches(c, suit, rank))


def ranks_touching(variant, suit, rank):
    v = get_variant(variant)
    return tuple(r for r in v.clue_ranks if v.rank_touches(r, suit, rank))


# ---- the catalogue ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        # Variants of the real games named in issue 21 that the catalogue covers.
        "Orange (3 Suits)",
        "Funnels & Dark Prism (6 Suits)",
        "Ambiguous & Dark Null (5 Suits)",
        "Muddy-Rainbow-Ones (3 Suits)",
        "Scarce Ones & Gray (6 Suits)",
        "Rainbow-Ones & Pink (5 Suits)",
        "Deceptive-Ones & White (3 Suits)",
        "White-Fives & Omni (3 Suits)",
        "Light-Pink-Fives & Prism (3 Suits)",
        "Chimneys & Muddy Rainbow (4 Suits)",
        "Black (5 Suits)",
    ],
)
def test_variants_of_real_games_are_in_the_catalogue(name):
    assert name in VARIANTS


@pytest.mark.parametrize(
    "name, suits, colors, ranks, cards",
    [
        ("3 Suits", ("red", "green", "blue"), ("red", "green", "blue"), RANKS, 30),
        (
            "Pink (5 Suits)",
            ("red", "yellow", "green", "blue", "pink"),
            ("red", "yellow", "green", "blue", "pink"),
            RANKS,
            50,
        ),
        (
            "White (6 Suits)",
            ("red", "yellow", "green", "blue", "purple", "white"),
            ("red", "yellow", "green", "blue", "purple"),
            RANKS,
            60,
        ),
        ("Prism (4 Suits)", ("red", "green", "blue", "prism"), ("red", "green", "blue"), RANKS, 40),
        (
            "Dark Pink (5 Suits)",
            ("red", "yellow", "green", "blue", "dark pink"),
            ("red", "yellow", "green", "blue", "pink"),
            RANKS,
            45,
        ),
        ("Dual-Color (3 Suits)", ("tangerine", "violet", "jade"), ("red", "yellow", "blue"), RANKS, 30),
        ("Extremely Ambiguous (4 Suits)", ("ice", "aqua", "sky", "berry"), ("blue",), RANKS, 40),
        (
            "Critical Fours (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            RANKS,
            45,
        ),
        (
            "Scarce Ones (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            RANKS,
            45,
        ),
        (
            "Pink-Ones (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            (2, 3, 4, 5),
            50,
        ),
        (
            "Deceptive-Fives (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            (1, 2, 3, 4),
            50,
        ),
        (
            "Odds and Evens (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            (1, 2),
            50,
        ),
        ("Color Mute (5 Suits)", ("red", "yellow", "green", "blue", "purple"), (), RANKS, 50),
        (
            "Number Mute (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            (),
            50,
        ),
        (
            "Synesthesia (5 Suits)",
            ("red", "yellow", "green", "blue", "purple"),
            ("red", "yellow", "green", "blue", "purple"),
            (),
            50,
        ),
    ],
)
def test_suits_clue_colors_clue_ranks_and_deck_size(name, suits, colors, ranks, cards):
    variant = get_variant(name)
    assert tuple(s.name for s in variant.suits) == suits
    assert variant.clue_colors == colors
    assert variant.clue_ranks == ranks
    assert variant.deck_size() == cards


def test_deck_composition_of_dark_critical_and_scarce_suits():
    assert [get_variant("Gray (5 Suits)").suits[FIFTH].copies(r) for r in RANKS] == [1, 1, 1, 1, 1]
    assert [get_variant("Critical Fours (5 Suits)").suits[RED].copies(r) for r in RANKS] == [3, 2, 2, 1, 1]
    assert [get_variant("Scarce Ones (5 Suits)").suits[RED].copies(r) for r in RANKS] == [2, 2, 2, 2, 1]
    assert [get_variant("Scarce Ones & Black (6 Suits)").suits[-1].copies(r) for r in RANKS] == [1, 1, 1, 1, 1]


def test_every_variant_belongs_to_a_family_and_has_3_to_6_suits():
    for name, variant in VARIANTS.items():
        assert 3 <= len(variant.suits) <= 6 and variant.deck_size() >= 25
        assert family_of(name)


# ---- which clues touch which cards -----------------------------------------------------------

ALL5 = ("red", "yellow", "green", "blue")


@pytest.mark.parametrize(
    "variant, colors, ranks",
    [
        # The special suit of "<suit> (5 Suits)" is its index 4; a 3 of it.
        ("Rainbow (5 Suits)", ALL5, (3,)),
        ("Pink (5 Suits)", ("pink",), RANKS),
        ("White (5 Suits)", (), (3,)),
        ("Brown (5 Suits)", ("brown",), ()),
        ("Omni (5 Suits)", ALL5, RANKS),
        ("Null (5 Suits)", (), ()),
        ("Muddy Rainbow (5 Suits)", ALL5, ()),
        ("Light Pink (5 Suits)", (), RANKS),
        ("Prism (5 Suits)", ("green",), (3,)),
        ("Dark Pink (5 Suits)", ("pink",), RANKS),
        ("Gray (5 Suits)", (), (3,)),
        ("Dark Brown (5 Suits)", ("brown",), ()),
        ("Cocoa Rainbow (5 Suits)", ALL5, ()),
        ("Gray Pink (5 Suits)", (), RANKS),
        ("Orange (5 Suits)", ("orange",), (3,)),
    ],
)
def test_special_suits_are_touched_as_on_hanablive(variant, colors, ranks):
    assert colors_touching(variant, FIFTH, 3) == colors
    assert ranks_touching(variant, FIFTH, 3) == ranks
    assert colors_touching(variant, RED, 3) == ("red",)


def test_a_prism_card_is_touched_by_the_color_of_its_rank_wrapping_around():
    assert [colors_touching("Prism (5 Suits)", FIFTH, r) for r in RANKS] == [
        ("red",),
        ("yellow",),
        ("green",),
        ("blue",),
        ("red",),
    ]
    assert [colors_touching("Prism (4 Suits)", 3, r) for r in RANKS] == [
        ("red",),
        ("green",),
        ("blue",),
        ("red",),
        ("green",),
    ]


def test_special_ranks_take_the_properties_of_their_suit():
    assert colors_touching("Rainbow-Ones (5 Suits)", BLUE, 1) == ("red", "yellow", "green", "blue", "purple")
    assert colors_touching("Rainbow-Ones (5 Suits)", BLUE, 2) == ("blue",)
    assert ranks_touching("Pink-Fives (5 Suits)", RED, 5) == (1, 2, 3, 4)
    assert ranks_touching("Brown-Ones (5 Suits)", RED, 1) == ()
    assert colors_touching("White-Fives (5 Suits)", RED, 5) == ()
    # "Null-Ones & Rainbow": the rainbow suit's own property wins over the special rank's.
    assert colors_touching("Null-Ones & Rainbow (5 Suits)", FIFTH, 1) == ("red", "yellow", "green", "blue")
    assert ranks_touching("Null-Ones & Rainbow (5 Suits)", FIFTH, 1) == ()


def test_deceptive_ranks_depend_on_the_suit():
    assert [ranks_touching("Deceptive-Ones (5 Suits)", s, 1) for s in range(5)] == [(2,), (3,), (4,), (5,), (2,)]
    assert [ranks_touching("Deceptive-Fives (5 Suits)", s, 5) for s in range(5)] == [(1,), (2,), (3,), (4,), (1,)]
    assert ranks_touching("Deceptive-Ones (5 Suits)", RED, 2) == (2,)


def test_funnels_chimneys_odds_and_evens_and_synesthesia():
    assert [r for r in RANKS if 3 in ranks_touching("Funnels (5 Suits)", RED, r)] == [1, 2, 3]
    assert [r for r in RANKS if 3 in ranks_touching("Chimneys (5 Suits)", RED, r)] == [3, 4, 5]
    assert [ranks_touching("Odds and Evens (5 Suits)", RED, r) for r in RANKS] == [(1,), (2,), (1,), (2,), (1,)]
    assert colors_touching("Synesthesia (5 Suits)", BLUE, 1) == ("red", "blue")
    assert colors_touching("Synesthesia & Brown (5 Suits)", FIFTH, 1) == ("brown",)


def test_blind_clues_touch_nothing_and_are_always_allowed():
    state = deal("Totally Blind (5 Suits)", [(RED, 1)] * 3 + [(YELLOW, 1)] * 2 + [(GREEN, 1)] * 3 + [(BLUE, 1)] * 2)
    after = state.apply(ColorClue(0, 1, RED))
    assert after.history[-1].touched == ()
    assert RankClue(0, 1, 5) in state.legal_actions() and ColorClue(0, 1, 4) in state.legal_actions()


def test_mute_variants_offer_no_clue_of_that_kind():
    state = deal("Number Mute (5 Suits)", [])
    assert not any(isinstance(a, RankClue) for a in state.legal_actions())
    with pytest.raises(IllegalAction) as info:
        state.apply(RankClue(0, 1, 1))
    assert info.value.code == "invalid_rank"
    state = deal("Color Mute (5 Suits)", [])
    assert not any(isinstance(a, ColorClue) for a in state.legal_actions())


def test_alternating_clues_want_the_other_kind_of_clue_each_time():
    state = deal("Alternating Clues (5 Suits)", [(RED, 1)] * 3 + [(YELLOW, 1)] * 2 + [(GREEN, 1)] * 3 + [(BLUE, 1)] * 2)
    assert ColorClue(0, 1, GREEN) in state.legal_actions() and RankClue(0, 1, 1) in state.legal_actions()
    after = state.apply(ColorClue(0, 1, GREEN))
    assert (
        not any(isinstance(a, ColorClue) for a in after.legal_actions()) and RankClue(1, 0, 1) in after.legal_actions()
    )
    with pytest.raises(IllegalAction) as info:
        after.apply(ColorClue(1, 0, RED))
    assert info.value.code == "alternating_clues"
    after = after.apply(Discard(1, 9)).apply(Play(0, 4))
    assert not any(isinstance(a, ColorClue) for a in after.legal_actions())
    after = after.apply(RankClue(1, 0, 1))
    assert not any(isinstance(a, RankClue) for a in after.legal_actions())


def test_a_reversed_suit_is_played_from_five_down_to_one():
    variant = get_variant("Reversed (5 Suits)")
    assert variant.suits[FIFTH].name == "purple reversed" and variant.clue_colors[FIFTH] == "purple"
    assert [variant.suits[FIFTH].copies(r) for r in RANKS] == [1, 2, 2, 2, 3]
    top = [(FIFTH, 2), (FIFTH, 5), (FIFTH, 4), (FIFTH, 3), (FIFTH, 1), (FIFTH, 2)]
    state = deal("Reversed (5 Suits)", top)
    misplay = state.apply(Play(0, 0))
    assert misplay.strikes == 1 and misplay.fireworks[FIFTH] == 0
    for move in [Play(0, 1), RankClue(1, 0, 1), Play(0, 2), RankClue(1, 0, 1), Play(0, 3), Play(1, 5)]:
        state = state.apply(move)
    assert state.fireworks[FIFTH] == 4 and state.strikes == 0 and state.clue_tokens == 6
    state = state.apply(Play(0, 4))
    assert state.fireworks[FIFTH] == 5 and state.clue_tokens == 7 and state.score == 5


def test_a_reversed_suit_is_lost_from_its_five_down():
    state = deal("Black Reversed (5 Suits)", [(FIFTH, 5), (RED, 2), (RED, 2), (RED, 3), (RED, 3)], clue_tokens=8)
    state = state.apply(RankClue(0, 1, 1)).apply(RankClue(1, 0, 2)).apply(Discard(0, 0))
    assert state.max_ranks()[FIFTH] == 0 and state.max_score == 20


START = 7


@pytest.mark.parametrize(
    "firsts, direction",
    [
        ([(RED, 1), (RED, 2)], "up"),
        ([(RED, 5), (RED, 4)], "down"),
        ([(RED, START), (RED, 2)], "up"),
        ([(RED, START), (RED, 4)], "down"),
    ],
)
def test_up_or_down_fireworks_start_with_a_one_a_five_or_start(firsts, direction):
    top = firsts + [(YELLOW, 2), (YELLOW, 2), (YELLOW, 3)] + [(GREEN, 2)] * 2 + [(GREEN, 3)] * 2 + [(BLUE, 2)]
    state = deal("Up or Down (5 Suits)", top)
    assert state.direction(RED) is None and state.firework_tops()[RED] is None
    first = state.apply(Play(0, 0))
    assert first.firework_tops()[RED] == firsts[0][1]
    after = first.apply(RankClue(1, 0, 3)).apply(Play(0, 1))
    assert after.strikes == 0 and after.fireworks[RED] == 2 and after.direction(RED) == direction
    assert after.max_score == 25
    seen = view(after, 1)
    assert seen.directions == (direction, None, None, None, None)
    assert seen.firework_tops == (firsts[1][1], None, None, None, None)


def test_views_tell_a_reversed_fireworks_direction_and_top_card():
    state = deal("Black Reversed (5 Suits)", [(FIFTH, 5), (FIFTH, 4), (RED, 1), (RED, 2), (RED, 3)])
    after = state.apply(Play(0, 0)).apply(RankClue(1, 0, 4)).apply(Play(0, 1))
    seen = view(after, 1)
    assert seen.fireworks[FIFTH] == 2 and seen.firework_tops[FIFTH] == 4
    assert seen.directions == ("up", "up", "up", "up", "down")


@pytest.mark.parametrize(
    "variant, ranks, names",
    [
        ("No Variant", RANKS, ("1", "2", "3", "4", "5")),
        ("Odds and Evens (5 Suits)", (1, 2), ("odd", "even")),
        ("Synesthesia (5 Suits)", (), ()),
        ("Number Mute (5 Suits)", (), ()),
        ("Deceptive-Ones (5 Suits)", (2, 3, 4, 5), ("2", "3", "4", "5")),
    ],
)
def test_views_name_the_rank_clues_the_variant_allows(variant, ranks, names):
    seen = view(new_game(GameOptions(players=2, variant=variant), seed="names"), 0)
    assert seen.clue_ranks == ranks and seen.clue_rank_names == names


def test_up_or_down_misplays_and_the_start_card():
    top = (
        [(RED, START), (RED, 3), (YELLOW, 2), (YELLOW, 2), (YELLOW, 3)]
        + [(GREEN, 2)] * 2
        + [(GREEN, 3)] * 2
        + [(BLUE, 2)]
    )
    state = deal("Up or Down (5 Suits)", top)
    assert state.apply(Play(0, 1)).strikes == 1
    after = state.apply(Play(0, 0)).apply(RankClue(1, 0, 3)).apply(Play(0, 1))
    assert after.strikes == 1 and after.fireworks[RED] == 1 and after.direction(RED) is None
    assert get_variant("Up or Down (5 Suits)").deck_size() == 45
    assert [get_variant("Up or Down (5 Suits)").suits[RED].copies(r) for r in (1, 2, 3, 4, 5, START)] == [
        1,
        2,
        2,
        2,
        1,
        1,
    ]


def test_next_ranks_follow_each_fireworks_order():
    assert deal("No Variant", []).all_next_ranks() == ((1,),) * 5
    assert deal("Reversed (5 Suits)", []).next_ranks(FIFTH) == (5,)
    top = (
        [(RED, START), (RED, 4), (YELLOW, 2), (YELLOW, 2), (YELLOW, 3)]
        + [(GREEN, 2)] * 2
        + [(GREEN, 3)] * 2
        + [(BLUE, 2)]
    )
    state = deal("Up or Down (5 Suits)", top)
    assert state.next_ranks(RED) == (1, 5, START)
    state = state.apply(Play(0, 0))
    assert state.next_ranks(RED) == (2, 4)
    state = state.apply(RankClue(1, 0, 4)).apply(Play(0, 1))
    assert state.next_ranks(RED) == (3,) and state.direction(RED) == "down"


def test_a_clue_narrows_each_card_to_the_identities_it_allows():
    prism = FIFTH
    state = deal(
        "Prism (5 Suits)",
        [(YELLOW, 1), (YELLOW, 1), (YELLOW, 2), (YELLOW, 2), (YELLOW, 3)]
        + [(prism, 1), (prism, 2), (GREEN, 3), (BLUE, 3), (RED, 2)],
    )
    after = state.apply(ColorClue(0, 1, RED))
    assert after.history[-1].touched == (9, 5)
    mask = after.card_masks[5]
    assert mask >> (prism * RANK_SPAN + 1) & 1 and mask >> (prism * RANK_SPAN + 5) & 1
    assert not mask >> (prism * RANK_SPAN + 2) & 1 and not mask >> (GREEN * RANK_SPAN + 1) & 1
    untouched = after.card_masks[6]
    assert not untouched >> (prism * RANK_SPAN + 1) & 1 and untouched >> (prism * RANK_SPAN + 2) & 1
    cards = {c.id: c for c in view(after, 1).my_hand}
    assert cards[5].possible_suits == (RED, prism) and cards[5].possible_ranks == RANKS


# ---- Orange, deck plays, the early end, 6 players ---------------------------------------------


def test_playing_an_orange_card_discards_it_and_discarding_it_plays_it():
    top = [(FIFTH, 1), (FIFTH, 2), (RED, 1), (RED, 1), (RED, 1)] + [(YELLOW, 1)] * 3 + [(GREEN, 1)] * 2
    state = deal("Orange (5 Suits)", top)
    played = state.apply(Discard(0, 0))
    assert isinstance(played.history[-1], PlayEvent) and played.history[-1].success
    assert played.fireworks[FIFTH] == 1 and played.clue_tokens == 8
    state = deal("Orange (5 Suits)", top, clue_tokens=8).apply(RankClue(0, 1, 1)).apply(RankClue(1, 0, 1))
    discarded = state.apply(Play(0, 1))
    assert isinstance(discarded.history[-1], DiscardEvent) and discarded.strikes == 0
    assert discarded.clue_tokens == 7


def test_discarding_at_full_clue_tokens_is_allowed_with_an_orange_suit_and_gains_nothing():
    state = deal("Orange (5 Suits)", [(RED, 2)] * 2)
    assert Discard(0, 4) in state.legal_actions()
    after = state.apply(Discard(0, 4))
    assert after.clue_tokens == 8 and isinstance(after.history[-1], DiscardEvent)


def play_down_to_last_card(options):
    state = new_game(options, seed="deck plays")
    while state.deck_size > 1:
        seat = state.current_seat
        action = (
            Discard(seat, state.hands[seat][-1])
            if state.clue_tokens < 8
            else RankClue(
                seat, (seat + 1) % options.players, state.card(state.hands[(seat + 1) % options.players][0]).rank
            )
        )
        state = state.apply(action)
    return state


def test_the_last_card_of_the_deck_may_be_played_blind_with_deck_plays():
    state = play_down_to_last_card(GameOptions(players=3, deck_plays=True))
    last, seat = state.next_card, state.current_seat
    assert Play(seat, last) in state.legal_actions()
    after = state.apply(Play(seat, last))
    event = after.history[-1]
    assert isinstance(event, PlayEvent) and event.card == last and event.drew is None
    assert after.deck_size == 0 and after.hands[seat] == state.hands[seat]
    assert after.end_turn == state.turn + 3


def test_with_timed_display_a_blind_deck_play_may_announce_a_suit_and_the_legal_actions_say_so():
    state = play_down_to_last_card(GameOptions(players=3, deck_plays=True, timed_display=True))
    last, seat = state.next_card, state.current_seat
    suit = state.card(last).suit
    assert {Play(seat, last, announced) for announced in range(5)} <= set(state.legal_actions())
    after = state.apply(Play(seat, last, suit))
    event = after.history[-1]
    assert isinstance(event, PlayEvent) and event.card == last and event.announce == suit


def test_without_deck_plays_or_before_the_last_card_the_deck_cannot_be_played():
    state = play_down_to_last_card(GameOptions(players=3))
    assert Play(state.current_seat, state.next_card) not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(state.current_seat, state.next_card))
    assert info.value.code == "card_not_in_hand"
    early = new_game(GameOptions(players=3, deck_plays=True), seed="x")
    with pytest.raises(IllegalAction):
        early.apply(Play(0, early.next_card))


def orange_game_at_last_card(last, variant="Orange (5 Suits)"):
    """A 2-player deck-plays game whose last card is `last`, played down to it by discarding the
    oldest card (red to blue come first, so no orange card is discarded), then one clue."""
    cards = list(ordered_deck(get_variant(variant)))
    cards.remove(Card(*last))
    state = new_game(GameOptions(players=2, variant=variant, deck_plays=True), deck=cards + [Card(*last)])
    while state.deck_size > 1:
        state = state.apply(Discard(state.current_seat, state.hands[state.current_seat][-1]))
    seat = state.current_seat
    state = state.apply(RankClue(seat, 1 - seat, state.card(state.hands[1 - seat][0]).rank))
    assert state.clue_tokens == 7 and state.strikes == 0
    return state


def test_playing_an_orange_last_card_blind_discards_it_as_hanablive_does():
    state = orange_game_at_last_card((FIFTH, 1))
    seat, last = state.current_seat, state.next_card
    after = state.apply(Play(seat, last))
    event = after.history[-1]
    assert isinstance(event, DiscardEvent) and event.card == last and event.drew is None
    assert after.strikes == 0 and after.clue_tokens == 8 and after.fireworks[FIFTH] == 0
    assert after.deck_size == 0 and after.hands[seat] == state.hands[seat] and after.end_turn == state.turn + 2


def test_with_an_orange_suit_the_last_card_may_be_discarded_blind_and_an_orange_one_plays():
    state = orange_game_at_last_card((FIFTH, 1))
    seat, last = state.current_seat, state.next_card
    assert Discard(seat, last) in state.legal_actions()
    after = state.apply(Discard(seat, last))
    event = after.history[-1]
    assert isinstance(event, PlayEvent) and event.success and event.card == last and event.drew is None
    assert after.fireworks[FIFTH] == 1 and after.clue_tokens == 7 and after.deck_size == 0


def test_discarding_a_last_card_of_another_suit_blind_discards_it():
    state = orange_game_at_last_card((RED, 5))
    seat, last = state.current_seat, state.next_card
    after = state.apply(Discard(seat, last))
    event = after.history[-1]
    assert isinstance(event, DiscardEvent) and event.card == last and event.rank == 5
    assert after.clue_tokens == 8 and after.hands[seat] == state.hands[seat] and after.discards[-1] == last


def test_without_an_orange_suit_the_last_card_cannot_be_discarded_blind():
    state = play_down_to_last_card(GameOptions(players=3, deck_plays=True))
    if state.clue_tokens == 8:
        seat = state.current_seat
        state = state.apply(RankClue(seat, (seat + 1) % 3, state.card(state.hands[(seat + 1) % 3][0]).rank))
    seat, last = state.current_seat, state.next_card
    assert Discard(seat, state.hands[seat][0]) in state.legal_actions()
    assert Play(seat, last) in state.legal_actions() and Discard(seat, last) not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(Discard(seat, last))
    assert info.value.code == "card_not_in_hand"


def lose_every_one(end_at_best_score):
    """Seat 1 holds and draws the ten 1s of "Scarce Ones (5 Suits)" and discards them all."""
    top = [(RED, 2), (RED, 2), (RED, 3), (RED, 3), (RED, 4)] + [(suit, 1) for suit in range(5) for _ in range(2)]
    state = deal("Scarce Ones (5 Suits)", top, clue_tokens=1, empty_clues=True, end_at_best_score=end_at_best_score)
    for card in range(5, 15):
        state = state.apply(RankClue(0, 1, 1)).apply(Discard(1, card))
    return state


def test_hanablives_rule_ends_the_game_when_no_card_can_raise_the_score():
    ended = lose_every_one(True)
    assert ended.max_score == 0 and ended.end_condition is EndCondition.NORMAL and ended.score == 0
    assert not lose_every_one(False).is_over


@pytest.mark.parametrize("players", [6])
def test_six_players_hold_three_cards_each(players):
    state = new_game(GameOptions(players=players), seed="six")
    assert [len(hand) for hand in state.hands] == [3] * 6
    assert state.hands[0] == (2, 1, 0) and state.hands[5] == (17, 16, 15)
    assert state.deck_size == 50 - 18
