"""Two people, each in a browser of their own, and a bot seat play a game to its end through
clicks on the page; then one of them steps through its replay."""

import uuid

from playwright.sync_api import expect

from tests.waiting import until

from .conftest import SCREENSHOT_DIR, api_as, token_of


def sign_in(page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start playing").click()
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()


def problem_text(page):
    return page.locator("#problem .problem-text")


def own_order(page) -> list[int]:
    return [
        int(card) for card in page.locator(".hand.mine .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    ]


def seen_order(page, seat: int) -> list[int]:
    return [
        int(card)
        for card in page.locator(f".hand[data-seat='{seat}'] .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    ]


class Table:
    """What the test knows of the game, read from the API (the page is only clicked)."""

    def __init__(self, site_url: str, game_id: int, tokens: dict[int, str]):
        self.game_id = game_id
        self.clients = {seat: api_as(site_url, token) for seat, token in tokens.items()}

    def view(self, seat: int) -> dict:
        return self.clients[seat].get(f"/games/{self.game_id}/view").json()

    def unplayable_card(self, seat: int) -> int:
        """A card of `seat` that does not fit its firework, as a teammate sees it."""
        teammate = next(other for other in self.clients if other != seat)
        view = self.view(teammate)
        for card in view["hands"][seat]:
            if card["rank"] != view["fireworks"][card["suit"]] + 1:
                return card["id"]
        return view["hands"][seat][0]["id"]

    def wait_for_turn_of_a_person_or_the_end(self, pages: dict, timeout: float = 30) -> dict:
        """The view once the game is over or a person is to move, and that person's page shows it."""

        def moved() -> dict | None:
            view = self.view(0)
            return view if view["is_over"] or view["current_seat"] in pages else None

        view = until(moved, timeout, "the bot did not move", 0.1)
        for page in pages.values():
            expect(page.locator(f".game[data-version='{view['version']}']")).to_be_visible()
        return view


def test_two_people_and_a_bot_play_a_game_to_its_end_and_step_through_its_replay(person, site_url):
    suffix = uuid.uuid4().hex[:6]
    alice, bob = person(), person()
    sign_in(alice, f"alice-{suffix}")

    bob.get_by_label("Your name").fill(f"alice-{suffix}")
    bob.get_by_role("button", name="Start playing").click()
    with api_as(site_url) as anonymous:
        taken = anonymous.post("/accounts", json={"name": f"alice-{suffix}", "kind": "human"}).json()
    expect(bob.locator(".signin .field-problem")).to_have_text(taken["detail"])
    sign_in(bob, f"bob-{suffix}")

    # alice creates a game for three: two open seats and a bot; she starts it herself.
    alice.get_by_label("players", exact=True).fill("3")
    alice.get_by_label("Seat 3", exact=True).select_option("bot:basic")
    alice.get_by_label("strikes allowed").fill("2")
    alice.get_by_label("kind").select_option("per_turn")
    alice.get_by_label("seconds").fill("900")
    alice.get_by_label("start when every seat is taken").uncheck()
    alice.get_by_role("button", name="Create", exact=True).click()
    expect(alice.get_by_role("heading", name="waiting for players")).to_be_visible()
    game_id = int(alice.url.rsplit("/", 1)[1])
    alice.get_by_role("button", name="Sit at seat 1").click()
    expect(alice.get_by_role("button", name="Leave my seat")).to_be_visible()

    bob.locator(f".game-list.open li[data-game='{game_id}']").get_by_role("link", name="Join").click()
    bob.get_by_role("button", name="Sit at seat 2").click()
    expect(alice.locator(".seats li[data-seat='1']")).to_contain_text(f"bob-{suffix}")
    alice.get_by_role("button", name="Start the game").click()
    for page in (alice, bob):
        expect(page.locator(".game")).to_be_visible()
    expect(alice.locator(".turn-line .whose")).to_have_text("Your turn")
    expect(alice.locator(".time-left")).to_contain_text("left")
    expect(bob.locator(".turn-line .whose")).to_have_text(f"alice-{suffix}'s turn")
    table = Table(site_url, game_id, {0: token_of(alice), 1: token_of(bob)})

    # An illegal click gets the server's own sentence: no discarding with every clue token left.
    first = own_order(alice)[0]
    alice.get_by_role("button", name="Discard your card 1", exact=True).click()
    refused = table.clients[0].post(f"/games/{game_id}/actions", json={"kind": "discard", "card": first})
    assert refused.status_code == 409 and refused.json()["code"] == "clue_tokens_full"
    expect(problem_text(alice)).to_have_text(refused.json()["detail"])

    # alice clues bob a color by clicking the color circle on one of his cards.
    bobs_card = alice.locator(".hand[data-seat='1'] .card").first
    color = bobs_card.get_attribute("data-suit-name")
    bobs_card.locator(".clue-color").click()
    expect(alice.locator(".log li").last).to_contain_text(f"alice-{suffix} told bob-{suffix}:")
    expect(alice.locator(".log li").last).to_contain_text(color)
    touched = alice.locator(f".hand[data-seat='1'] .card[data-suit-name='{color}']").count()
    expect(bob.locator(f".hand.mine .clued.color[data-suit-name='{color}']")).to_have_count(touched)
    expect(bob.locator(".token-row.clues")).to_have_attribute("data-count", "7")
    first_sentence = alice.locator(".log li").last.inner_text()

    # bob rearranges his hand: by dragging, then with the keyboard.
    before = own_order(bob)
    box = bob.locator(".hand.mine .card").last.bounding_box()
    bob.locator(".hand.mine .card").first.drag_to(
        bob.locator(".hand.mine .card").last, target_position={"x": box["width"] * 0.9, "y": box["height"] / 2}
    )
    dragged = before[1:] + before[:1]
    wait_until(lambda: own_order(bob) == dragged, "the dragged order")
    wait_until(lambda: seen_order(alice, 1) == dragged, "alice to see bob's new order")
    bob.get_by_role("button", name="Move your card 1 to the right").focus()
    bob.keyboard.press("Enter")
    swapped = [dragged[1], dragged[0], *dragged[2:]]
    wait_until(lambda: own_order(bob) == swapped, "the order changed with the keyboard")
    assert bob.evaluate("document.activeElement.getAttribute('aria-label')") == "Move your card 2 to the right"

    # bob clues alice a rank by clicking the number on one of her cards.
    alices_card = bob.locator(".hand[data-seat='0'] .card").first
    rank = alices_card.get_attribute("data-rank")
    alices_card.locator(".clue-rank").click()
    # The bot may move before the page redraws: bob's clue need not be the log's last line.
    expect(bob.locator(".log li", has_text=f"bob-{suffix} told alice-{suffix}:")).to_have_count(1)
    expect(alice.locator(".hand.mine .clued.rank").first).to_have_text(rank)

    # The bot moves by itself; then alice discards with the red cross.
    pages = {0: alice, 1: bob}
    view = table.wait_for_turn_of_a_person_or_the_end(pages)
    assert (view["current_seat"], view["turn"]) == (0, 3)
    discards = view["discards"]
    alice.get_by_role("button", name="Discard your card 5").click()
    expect(alice.locator(".log li").last).to_contain_text(f"alice-{suffix} discarded")
    expect(bob.locator(".discards h2")).to_have_text(f"Discards ({len(discards) + 1})")
    expect(bob.locator(".turn-line .whose")).to_have_text("Your turn")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    bob.mouse.move(0, 0)
    bob.screenshot(path=str(SCREENSHOT_DIR / "table.png"), full_page=True)

    # Then everyone plays with the green check cards that do not fit, until the fuse burns out.
    for _ in range(12):
        view = table.wait_for_turn_of_a_person_or_the_end(pages)
        if view["is_over"]:
            break
        seat = view["current_seat"]
        card = table.unplayable_card(seat)
        slot = own_order(pages[seat]).index(card)
        misplays = pages[seat].locator(".log li", has_text=f"{('alice', 'bob')[seat]}-{suffix} misplayed")
        misplayed_before = misplays.count()
        pages[seat].get_by_role("button", name=f"Play your card {slot + 1}", exact=True).click()
        expect(misplays).to_have_count(misplayed_before + 1)
    else:
        raise AssertionError("the game did not end")

    final = table.view(0)
    assert final["end_condition"] == "strikeout" and final["rating"]
    for page in (alice, bob):
        expect(page.locator(".end .rating")).to_have_text(final["rating"])
        expect(page.locator(".end-title")).to_contain_text(f"Score: {final['score']}")
    bob.screenshot(path=str(SCREENSHOT_DIR / "end.png"), full_page=True)

    # alice steps through the replay: with the buttons, then with the keyboard.
    turns = final["turn"]
    alice.get_by_role("link", name="Watch the replay").click()
    counter = alice.locator(".turn-counter")
    expect(counter).to_have_text(f"Turn 0 of {turns}")
    expect(alice.locator(".hands .card.face")).to_have_count(15)
    deck_at_deal = int(alice.locator(".deck").get_attribute("data-count"))
    alice.get_by_role("button", name="Next turn").click()
    expect(counter).to_have_text(f"Turn 1 of {turns}")
    expect(alice.locator(".last-move")).to_have_text(first_sentence)
    expect(alice.locator(".token-row.clues")).to_have_attribute("data-count", "7")
    alice.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Turn 2 of {turns}")
    alice.keyboard.press("End")
    expect(counter).to_have_text(f"Turn {turns} of {turns}")
    expect(alice.locator(".end .rating")).to_have_text(final["rating"])
    assert int(alice.locator(".deck").get_attribute("data-count")) < deck_at_deal
    alice.keyboard.press("Home")
    expect(counter).to_have_text(f"Turn 0 of {turns}")
    assert alice.url.endswith(f"#/replay/{game_id}/0")

    assert alice.script_errors == [] and bob.script_errors == []


def wait_until(condition, what: str, timeout: float = 20) -> None:
    until(condition, timeout, f"no {what}")
