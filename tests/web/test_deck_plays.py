"""In Chromium: with deck plays (hanab.live's deckPlays) the table offers the last card of the deck
blind, as a play, and in a variant with an Orange suit as a discard too."""

import pytest
from playwright.sync_api import expect

from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game


def run_down_the_deck(site_url: str, tokens: list[str], game_id: int) -> dict:
    """Move until one card is left in the deck, by what the other seat sees of the mover's hand:
    discard a card that is not orange (an orange discard plays), else clue, else put down a card
    that plays now (an orange one by discarding it), else discard. The view of the seat to move then."""
    while True:
        views = [view_of(site_url, token, game_id) for token in tokens]
        seat = views[0]["current_seat"]
        mover, teammate = views[seat], views[1 - seat]
        if mover["deck_size"] == 1:
            return mover
        orange = {index for index, suit in enumerate(mover["suits"]) if "orange" in suit.lower()}
        hand = {card["id"]: card for card in teammate["hands"][seat]}

        def plays(card_id: int) -> bool:
            card = hand[card_id]
            return card["rank"] in teammate["next_ranks"][card["suit"]]

        def is_orange(card_id: int) -> bool:
            return hand[card_id]["suit"] in orange

        legal = mover["legal_actions"]
        preferences = (
            lambda a: a["kind"] == "discard" and not is_orange(a["card"]),
            lambda a: a["kind"] in ("color_clue", "rank_clue"),
            lambda a: a["kind"] == "discard" and is_orange(a["card"]) and plays(a["card"]),
            lambda a: a["kind"] == "play" and not is_orange(a["card"]) and plays(a["card"]),
            lambda a: a["kind"] == "discard",
        )
        move = next(action for prefer in preferences for action in legal if prefer(action))
        act(site_url, tokens[seat], game_id, **{name: value for name, value in move.items() if name != "seat"})


@pytest.mark.parametrize(
    "variant, buttons, press",
    [
        ("No Variant", ["Play it blind"], "Play it blind"),
        ("Orange (5 Suits)", ["Play it blind", "Discard it blind"], "Discard it blind"),
    ],
)
def test_the_last_card_of_the_deck_is_offered_blind(person, site_url, variant, buttons, press):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "ann"), new_account(site_url, "ben")
    tokens = [alice_token, bob_token]
    game_id = running_game(site_url, tokens, {"players": 2, "variant": variant, "deck_plays": True}, seed="deck-plays")
    mover = run_down_the_deck(site_url, tokens, game_id)
    seat = mover["seat"]
    names = (alice, bob)
    page = person(f"/#/game/{game_id}", signed_in=(names[seat], tokens[seat]))
    blind = page.locator(".deck button.blind")
    expect(blind).to_have_text(buttons)

    other = person(f"/#/game/{game_id}", signed_in=(names[1 - seat], tokens[1 - seat]))
    expect(other.locator(".deck")).to_contain_text("1 card in the deck")
    expect(other.locator(".deck button")).to_have_count(0)

    blind.filter(has_text=press).click()
    expect(page.locator(".deck")).to_have_attribute("data-count", "0")
    last = view_of(site_url, tokens[seat], game_id)["history"][-1]
    assert last["seat"] == seat and last["card"] not in {card["id"] for card in mover["hands"][seat]}
    assert page.script_errors == [] and other.script_errors == []
