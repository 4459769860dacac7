"""Deals: a seed names one deal per server secret, which nobody computes from the seed alone."""

import secrets

from hanabi.engine import GameOptions, keyed_deck, new_game
from hanabi.store.deals import database_secret, deal_key, new_deck
from hanabi.store.games import create_game, get_game
from hanabi.store.records import SeatPlan

OPTIONS = GameOptions(players=3)


def test_the_same_seed_and_secret_deal_the_same_deck_and_another_secret_another():
    variant = OPTIONS.variant_rules
    first, second = secrets.token_bytes(32), secrets.token_bytes(32)
    assert keyed_deck(variant, deal_key(first, "friday")) == keyed_deck(variant, deal_key(first, "friday"))
    assert keyed_deck(variant, deal_key(first, "friday")) != keyed_deck(variant, deal_key(second, "friday"))
    assert keyed_deck(variant, deal_key(first, "friday")) != keyed_deck(variant, deal_key(first, "saturday"))
    assert keyed_deck(variant, deal_key(first, "friday")) != new_game(OPTIONS, seed="friday").deck


def test_games_with_the_same_seed_on_one_database_get_the_same_deal(conn):
    plan = [SeatPlan.open()] * 3
    first = create_game(conn, OPTIONS, plan, seed="club night").game
    second = create_game(conn, OPTIONS, plan, seed="club night").game
    other = create_game(conn, OPTIONS, plan, seed="another night").game

    assert first.deck == second.deck != other.deck
    assert first.deck == keyed_deck(OPTIONS.variant_rules, deal_key(database_secret(conn), "club night"))
    assert first.deck != new_game(OPTIONS, seed="club night").deck
    assert get_game(conn, first.id).seed == "club night"


def test_the_database_draws_its_secret_once(conn):
    secret = database_secret(conn)
    assert len(secret) == 32
    assert database_secret(conn) == secret
    assert conn.execute("SELECT count(*) FROM deal_secret").fetchone()[0] == 1


def test_a_configured_secret_deals_instead_of_the_database_one(conn):
    configured = "c" * 32
    game = create_game(conn, OPTIONS, [SeatPlan.open()] * 3, seed="club night", deal_secret=configured).game
    assert game.deck == new_deck(conn, OPTIONS, "club night", configured)
    assert game.deck == keyed_deck(OPTIONS.variant_rules, deal_key(configured.encode(), "club night"))
    assert game.deck != create_game(conn, OPTIONS, [SeatPlan.open()] * 3, seed="club night").game.deck


def test_a_game_without_seed_gets_a_random_deal_and_no_seed(conn):
    first = create_game(conn, OPTIONS, [SeatPlan.open()] * 3).game
    second = create_game(conn, OPTIONS, [SeatPlan.open()] * 3).game
    assert (first.seed, second.seed) == (None, None)
    assert first.deck != second.deck
