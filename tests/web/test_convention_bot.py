"""A person and the convention bot (`basic`) play a whole game in Chromium: the person, a
script that clicks the page, plays as docs/conventions.md asks (play a card your clues prove
playable; else give a play clue whose focus is a card that plays; else discard your chop). The
bot must play the cards the person's play clues were about, never give a clue that tells
nothing new, never misplay while cards are left to draw, and the table must not strike out."""

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR
from .test_table import Table, own_order, wait_until
from .test_table_details import new_account, running_game

PERSON, BOT = 0, 1


def clue_of(event: dict) -> tuple[str, int] | None:
    """(kind, value) of a clue event of the history, None for another event."""
    if event["kind"] in ("clue", "color_clue", "rank_clue"):
        kind = event.get("clue_kind") or event["kind"].removesuffix("_clue")
        value = event["value"] if "value" in event else event[kind]
        return kind, value
    return None


def plays(card: dict, fireworks: list[int]) -> bool:
    return card["rank"] == fireworks[card["suit"]] + 1


def known_to_play(card: dict, fireworks: list[int]) -> bool:
    return all(rank == fireworks[suit] + 1 for suit in card["possible_suits"] for rank in card["possible_ranks"])


def touches(kind: str, value: int, card: dict) -> bool:
    """Whether a clue touches a card (plain suits: a color clue its suit, a rank clue its rank)."""
    return card["suit"] == value if kind == "color" else card["rank"] == value


def focus(hand: list[dict], kind: str, value: int) -> dict | None:
    """The card a clue is about under the conventions: the chop when it newly touches it, else
    the newest card it newly touches (hands are listed newest first)."""
    fresh = [card for card in hand if touches(kind, value, card) and not card["clues"]]
    unclued = [card for card in hand if not card["clues"]]
    if not fresh:
        return None
    return unclued[-1] if unclued[-1] in fresh else fresh[0]


def tells_something(hand: list[dict], kind: str, value: int) -> bool:
    field = "possible_suits" if kind == "color" else "possible_ranks"
    return any(touches(kind, value, card) and len(card[field]) > 1 for card in hand)


def play_clue(view: dict) -> tuple[str, int, int] | None:
    """A clue that tells the bot a card of its hand plays: (kind, value, the card)."""
    hand, fireworks = view["hands"][BOT], view["fireworks"]
    for card in hand:
        if not plays(card, fireworks) or card["clues"]:
            continue
        for kind, value in (("rank", card["rank"]), ("color", card["suit"])):
            if focus(hand, kind, value) is card and tells_something(hand, kind, value):
                return kind, value, card["id"]
    return None


def person_moves(page, view: dict) -> int | None:
    """One turn of the person, clicked on the page; the bot's card it gave a play clue on."""
    mine, fireworks = view["hands"][PERSON], view["fireworks"]
    order = own_order(page)
    playable = [card for card in mine if known_to_play(card, fireworks)]
    if playable:
        slot = order.index(playable[0]["id"]) + 1
        page.get_by_role("button", name=f"Play your card {slot}", exact=True).click()
        return None
    clue = play_clue(view) if view["clue_tokens"] > 0 else None
    meant = clue and clue[2]
    if clue is None and view["clue_tokens"] == 8:
        hand = view["hands"][BOT]
        fives = [card for card in hand if card["rank"] == 5 and tells_something(hand, "rank", 5)]
        clue = ("rank", 5, fives[0]["id"]) if fives else ("rank", hand[0]["rank"], hand[0]["id"])
    if clue is not None:
        kind, _, card = clue
        page.locator(f".hand[data-seat='{BOT}'] .card[data-card='{card}'] .clue-{kind}").click()
        return meant
    unclued = [card for card in mine if not card["clues"]] or mine
    slot = order.index(unclued[-1]["id"]) + 1
    page.get_by_role("button", name=f"Discard your card {slot}", exact=True).click()
    return None


def test_a_person_following_the_conventions_plays_a_whole_game_with_the_convention_bot(person, site_url):
    name, token = new_account(site_url, "pat")
    seats = [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}]
    game_id = running_game(site_url, [token], {"players": 2}, seats, seed="conventions")
    page = person(f"/#/game/{game_id}", signed_in=(name, token))
    table = Table(site_url, game_id, {PERSON: token})
    pages = {PERSON: page}
    play_clued = []

    for _ in range(60):
        view = table.wait_for_turn_of_a_person_or_the_end(pages)
        if view["is_over"]:
            break
        play_clued.append(person_moves(page, view))
        wait_until(lambda: table.view(PERSON)["version"] > view["version"], "the person's move")
    else:
        raise AssertionError("the game did not end")

    final = table.view(PERSON)
    expect(page.locator(".end-title")).to_contain_text(f"Score: {final['score']}")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "convention-bot.png"), full_page=True)
    assert final["end_condition"] != "strikeout", final["end_condition"]
    history = final["history"]
    bot_clues = [event for event in history if event["seat"] == BOT and clue_of(event)]
    assert bot_clues, "the bot gave no clue"
    for event in bot_clues:
        assert event["informative"], event
        earlier = {(clue_of(e), card) for e in history[: history.index(event)] if clue_of(e) for card in e["touched"]}
        assert not all((clue_of(event), card) in earlier for card in event["touched"]), event
    misplays = [e for e in history if e["kind"] == "play" and e["seat"] == BOT and not e["success"] and e["drew"]]
    assert misplays == [], misplays
    played = {e["card"] for e in history if e["kind"] == "play" and e["seat"] == BOT and e["success"]}
    still_held = {card["id"] for card in final["hands"][BOT]}
    play_clued = [card for card in play_clued if card is not None]
    assert play_clued and all(card in played | still_held for card in play_clued), (play_clued, played)
    assert page.script_errors == []
