"""In Chromium: a Sudoku firework says where it started and which rank it takes next, and the
clue tokens of Clue Starved show their half token."""

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR
from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game


def test_a_sudoku_firework_shows_its_start_and_its_next_rank(person, site_url):
    (_alice, alice_token), (bob, bob_token) = new_account(site_url, "sue"), new_account(site_url, "dan")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Sudoku (5 Suits)"}, seed="sudoku"
    )
    card = view_of(site_url, bob_token, game_id)["hands"][0][0]
    played = act(site_url, alice_token, game_id, kind="play", card=card["id"])
    assert played["history"][-1]["success"] is True
    start, after = card["rank"], card["rank"] % 5 + 1
    assert played["next_ranks"][card["suit"]] == [after]

    page = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    firework = page.locator(f".firework[data-suit='{card['suit']}']")
    expect(firework.locator(".course")).to_have_text(f"from {start} · next {after}")
    expect(firework).to_have_attribute("data-start", str(start))
    other = next(suit for suit in range(5) if suit != card["suit"])
    free = "/".join(str(rank) for rank in range(1, 6) if rank != start)
    expect(page.locator(f".firework[data-suit='{other}'] .course")).to_have_text(f"next {free}")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.locator(".middle").screenshot(path=str(SCREENSHOT_DIR / "sudoku-fireworks.png"))
    assert page.script_errors == []


def test_clue_starved_shows_half_a_clue_token(person, site_url):
    (alice, alice_token), (_bob, bob_token) = new_account(site_url, "ivy"), new_account(site_url, "max")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Clue Starved (5 Suits)"}, seed="starved"
    )
    rank = view_of(site_url, alice_token, game_id)["hands"][1][0]["rank"]
    act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)
    discarded = act(
        site_url, bob_token, game_id, kind="discard", card=view_of(site_url, bob_token, game_id)["hands"][1][-1]["id"]
    )
    assert (discarded["clue_tokens"], discarded["half_clue_token"]) == (7, True)

    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    tokens = page.locator(".token-row.clues")
    expect(tokens.locator(".label")).to_have_text("Clues 7½")
    expect(tokens.locator(".token.on")).to_have_count(7)
    expect(tokens.locator(".token.half")).to_have_count(1)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.locator(".middle").screenshot(path=str(SCREENSHOT_DIR / "clue-starved-tokens.png"))
    assert page.script_errors == []
