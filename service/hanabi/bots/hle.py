"""Agents written for DeepMind's hanabi-learning-environment (HLE) play here unchanged.

`load("MODULE:CLASS")` (the strategy `hle:MODULE:CLASS`) makes bots that build, from the seat's
view, the observation dict HLE's `rl_env` gives an `rl_env.Agent.act()`, and turn the move dict
the agent returns back into an action. HLE's semantics, from its C++ core and `rl_env.py`:

- hands oldest card first (HLE appends a drawn card at the end; here a hand lists the newest
  card first and may be reordered, so the HLE order is the order of the card ids, which is the
  order the cards were drawn in);
- players by offset from the observer (0: the observer), `current_player` absolute;
- colors by letter, the variant's suit i being `"RYGWB"[i]` (HLE's color i); ranks 0-based;
- `observed_hands`: the observer's own cards are `{"color": None, "rank": -1}`;
- `card_knowledge`: a card's color (rank) only once a clue named it: what clues ruled out is not
  in it (HLE's `HanabiCardKnowledge.color()` / `rank()`);
- `legal_moves` in HLE's move-id order (discards, plays, color then rank clues by offset), with
  `legal_moves_as_int` their ids; empty when the observer is not to move;
- `discard_pile` every discarded and misplayed card, oldest first.

- `vectorized`: HLE's canonical encoding (its CanonicalObservationEncoder), computed when an
  agent first reads it (`obs["vectorized"]` or `obs.get("vectorized")`).

Not given: `pyhanabi` (HLE's C++ observation object); an agent reading it gets a KeyError. An
agent's `act` is called on its own turns and must return a legal move (HLE's example runner
also calls the other agents' `act` every step, which its sample agents answer with None).

HLE expresses games of 2 to 5 players whose suits are plain (every card touched by its own
color clue and its own rank clue, three 1s, two each of 2 to 4, one 5), with any numbers of clue
tokens and strikes and no other rule option; `check_game` refuses the others with a sentence.
"""

import functools
import importlib
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine import Action, ClueEvent, ColorClue, Discard, DiscardEvent, GameOptions, Play, PlayEvent, RankClue, View
from ..engine.suits import RANKS, STANDARD_COPIES
from ..engine.variants import Rules, get_variant

COLOR_CHARS = "RYGWB"
"""HLE's color letters (pyhanabi.COLOR_CHAR), by color index."""
MAX_PLAYERS = 5
CARD_KNOWLEDGE_OBSERVATION = 1
"""HLE's AgentObservationType.CARD_KNOWLEDGE, the observation of its "Hanabi-Full" environment."""
HIDDEN_CARD = {"color": None, "rank": -1}
UNSUPPORTED_OPTIONS = {
    "empty_clues": "clues that touch no card",
    "all_or_nothing": "all or nothing",
    "timed_display": "timed display",
    "deck_plays": "deck plays",
    "end_at_best_score": "ending at the best score still possible",
}


class UnsupportedGame(ValueError):
    """A game HLE cannot express, so its agents cannot play it."""


class IllegalMove(ValueError):
    """An HLE agent returned a move that is not legal now (or no move on its turn)."""


def check_game(options: GameOptions) -> None:
    """Raise UnsupportedGame, saying why, unless HLE can express a game with these options."""
    if options.players > MAX_PLAYERS:
        raise UnsupportedGame(f"HLE agents play 2 to {MAX_PLAYERS} players, not {options.players}.")
    for option, words in UNSUPPORTED_OPTIONS.items():
        if getattr(options, option):
            raise UnsupportedGame(f"HLE has no {words} ({option}); its agents cannot play this game.")
    variant = options.variant_rules
    if not _plain(variant.name):
        raise UnsupportedGame(
            f"HLE agents play only variants of 1 to {len(COLOR_CHARS)} plain suits (one color clue and the "
            f"rank clues touching each, cards 1,1,1,2,2,3,3,4,4,5), not {variant.name}."
        )


@functools.cache
def _plain(variant_name: str) -> bool:
    """Whether every suit of the variant is one HLE can express: touched by its own color clue
    and its own rank clues only, with 1,1,1,2,2,3,3,4,4,5, played up, with no special rule."""
    variant = get_variant(variant_name)
    suits = len(variant.suits)
    return (
        variant.rules == Rules()
        and suits <= len(COLOR_CHARS)
        and variant.clue_ranks == RANKS
        and len(variant.clue_colors) == suits
        and all(
            suit.ranks == STANDARD_COPIES and not (suit.kind.reversed or suit.kind.inverted) for suit in variant.suits
        )
        and all(
            variant.color_touches(color, suit, rank) == (color == suit)
            and variant.rank_touches(clue, suit, rank) == (clue == rank)
            for color in range(suits)
            for clue in RANKS
            for suit in range(suits)
            for rank in RANKS
        )
    )


def agent_config(options: GameOptions) -> dict:
    """The config an HLE agent is constructed with: the keys of HLE's game config."""
    return {
        "colors": len(options.variant_rules.suits),
        "ranks": len(RANKS),
        "players": options.players,
        "hand_size": options.hand_size,
        "max_information_tokens": options.clue_tokens,
        "max_life_tokens": options.max_strikes,
        "observation_type": CARD_KNOWLEDGE_OBSERVATION,
        "random_start_player": False,
    }


def _hle_order(hand) -> list:
    """A hand oldest card first: by card id, the order cards are drawn in."""
    return sorted(hand, key=_card_id)


def _card_id(card) -> int:
    return card.id


def _is_color_clue(clue: ClueEvent) -> bool:
    return clue.clue_kind == "color"


def _knowledge(card) -> dict:
    color = rank = None
    for clue in card.clues:
        if _is_color_clue(clue):
            color = COLOR_CHARS[clue.value]
        else:
            rank = clue.value - 1
    return {"color": color, "rank": rank}


class Observation(dict):
    """An observation dict whose `vectorized` is encoded when first read."""

    __slots__ = ("view", "hands", "moves")

    def __missing__(self, key: str):
        if key != "vectorized":
            raise KeyError(key)
        value = self["vectorized"] = vectorized(self.view, self.hands)
        return value

    def get(self, key: str, default=None):
        return self[key] if key == "vectorized" or key in self else default


def observation(view: View) -> dict:
    """The observation dict HLE's rl_env gives the agent of `view.seat`."""
    seat = view.seat
    players = view.options.players
    hands = [_hle_order(view.hands[(seat + offset) % players]) for offset in range(players)]
    observed = [[HIDDEN_CARD.copy() for _ in hands[0]]]
    observed += [[{"color": COLOR_CHARS[c.suit], "rank": c.rank - 1} for c in hand] for hand in hands[1:]]
    moves = legal_moves(view, hands)
    result = Observation(
        current_player=view.current_seat,
        current_player_offset=(view.current_seat - seat) % players,
        life_tokens=view.options.max_strikes - view.strikes,
        information_tokens=view.clue_tokens,
        num_players=players,
        deck_size=view.deck_size,
        fireworks=dict(zip(COLOR_CHARS, view.fireworks)),
        legal_moves=[move for _, move, _ in moves],
        legal_moves_as_int=[uid for uid, _, _ in moves],
        observed_hands=observed,
        discard_pile=[{"color": COLOR_CHARS[d.suit], "rank": d.rank - 1} for d in view.discards],
        card_knowledge=[[_knowledge(c) for c in hand] for hand in hands],
    )
    result.view, result.hands, result.moves = view, hands, moves
    return result


def vectorized(view: View, hands: list) -> list[int]:
    """HLE's canonical encoding of the observation (`hands` by offset, HLE order): the other
    hands' cards, the board, the discards, the last move and every card's knowledge."""
    options = view.options
    players, hand_size, colors = options.players, options.hand_size, len(view.suits)
    ranks = len(RANKS)
    bits = colors * ranks
    copies = [STANDARD_COPIES.count(rank) for rank in RANKS]
    out: list[int] = []
    for hand in hands[1:]:
        section = [0] * (hand_size * bits)
        for i, card in enumerate(hand):
            section[i * bits + card.suit * ranks + card.rank - 1] = 1
        out += section
    out += [int(len(hand) < hand_size) for hand in hands]
    deck_bits = colors * len(STANDARD_COPIES) - players * hand_size
    out += _thermometer(view.deck_size, deck_bits)
    for height in view.fireworks:
        out += [int(height == rank) for rank in RANKS]
    out += _thermometer(view.clue_tokens, options.clue_tokens)
    out += _thermometer(options.max_strikes - view.strikes, options.max_strikes)
    discarded = Counter((card.suit, card.rank) for card in view.discards)
    for suit in range(colors):
        for rank in RANKS:
            out += _thermometer(discarded[suit, rank], copies[rank - 1])
    out += _last_move(view, hands, bits)
    for hand in hands:
        for card in hand:
            plausible = [0] * bits
            for suit in card.possible_suits:
                for rank in card.possible_ranks:
                    plausible[suit * ranks + rank - 1] = 1
            knowledge = _knowledge(card)
            out += plausible
            out += [int(knowledge["color"] == COLOR_CHARS[color]) for color in range(colors)]
            out += [int(knowledge["rank"] == rank) for rank in range(ranks)]
        out += [0] * ((hand_size - len(hand)) * (bits + colors + ranks))
    return out


def _thermometer(count: int, size: int) -> list[int]:
    return [1] * count + [0] * (size - count)


def _last_move(view: View, hands: list, bits: int) -> list[int]:
    """The encoding's last-move section: who moved, the kind of move, a clue's target, value and
    the cards it touched, a play's or discard's slot and card, and whether a play scored and won
    back a clue token."""
    options = view.options
    seat, players, hand_size, colors = view.seat, options.players, options.hand_size, len(view.suits)
    ranks = len(RANKS)
    history = view.history
    index = len(history) - 1
    while index >= 0 and type(history[index]) not in (PlayEvent, DiscardEvent, ClueEvent):
        index -= 1
    if index < 0:
        return [0] * (2 * players + 4 + colors + ranks + 2 * hand_size + bits + 2)
    event = history[index]
    kind = type(event)
    mover = [0] * players
    mover[(event.seat - seat) % players] = 1
    move_type, target, color, rank = [0] * 4, [0] * players, [0] * colors, [0] * ranks
    touched, slot, card, outcome = [0] * hand_size, [0] * hand_size, [0] * bits, [0, 0]
    if kind is ClueEvent:
        is_color = _is_color_clue(event)
        move_type[2 if is_color else 3] = 1
        target[(event.target - seat) % players] = 1
        if is_color:
            color[event.value] = 1
        else:
            rank[event.value - 1] = 1
        hand = hands[(event.target - seat) % players]
        for i, hand_card in enumerate(hand):
            if hand_card.id in event.touched:
                touched[i] = 1
    else:
        move_type[0 if kind is PlayEvent else 1] = 1
        hand = view.hands[event.seat]
        slot[sum(1 for c in hand if c.id != event.drew and c.id < event.card)] = 1
        card[event.suit * ranks + event.rank - 1] = 1
        if kind is PlayEvent:
            before = next(
                (e.clue_tokens for e in reversed(history[:index]) if type(e) in (PlayEvent, DiscardEvent, ClueEvent)),
                options.clue_tokens,
            )
            outcome = [int(event.success), int(event.success and event.clue_tokens > before)]
    return mover + move_type + target + color + rank + touched + slot + card + outcome


def legal_moves(view: View, hands: list | None = None) -> list[tuple[int, dict, Action]]:
    """(HLE move id, HLE move dict, our action) of every legal move of the viewer, by move id."""
    if not view.legal_actions:
        return []
    seat, options = view.seat, view.options
    players, hand_size, colors = options.players, options.hand_size, len(view.suits)
    if hands is None:
        hands = [_hle_order(view.hands[seat])]
    index = {card.id: i for i, card in enumerate(hands[0])}
    moves = []
    for action in view.legal_actions:
        kind = type(action)
        if kind is Play:
            i = index[action.card]
            moves.append((hand_size + i, {"action_type": "PLAY", "card_index": i}, action))
        elif kind is Discard:
            i = index[action.card]
            moves.append((i, {"action_type": "DISCARD", "card_index": i}, action))
        elif kind is ColorClue:
            offset = (action.target - seat) % players
            uid = 2 * hand_size + (offset - 1) * colors + action.color
            color = COLOR_CHARS[action.color]
            moves.append((uid, {"action_type": "REVEAL_COLOR", "target_offset": offset, "color": color}, action))
        elif kind is RankClue:
            offset = (action.target - seat) % players
            uid = 2 * hand_size + (players - 1) * colors + (offset - 1) * len(RANKS) + action.rank - 1
            moves.append(
                (uid, {"action_type": "REVEAL_RANK", "target_offset": offset, "rank": action.rank - 1}, action)
            )
    moves.sort(key=_move_id)
    return moves


def _move_id(move: tuple) -> int:
    return move[0]


def move_to_action(move: Any, view: View, moves: list | None = None) -> Action:
    """The action of an HLE move (a move dict, or a move id as HLE's `step` also takes); raises
    IllegalMove unless it is one of the viewer's legal moves now (`moves`: `legal_moves(view)`,
    when already made)."""
    if moves is None:
        moves = legal_moves(view)
    if isinstance(move, int) and not isinstance(move, bool):
        for uid, _, action in moves:
            if uid == move:
                return action
    elif isinstance(move, dict):
        for _, legal, action in moves:
            if all(move.get(key) == value for key, value in legal.items()):
                return action
    legal_text = ", ".join(str(legal) for _, legal, _ in moves) or "none (it is not this seat's turn)"
    raise IllegalMove(f"The HLE agent's move {move!r} is not a legal move now; the legal moves are: {legal_text}.")


class HleBot:
    """One seat of one game played by an HLE agent (made in `start`, from the game's options)."""

    def __init__(self, agent_class: type, name: str):
        self.agent_class = agent_class
        self.name = name
        self.agent = None

    def start(self, view: View) -> None:
        check_game(view.options)
        self.agent = self.agent_class(agent_config(view.options))

    def act(self, view: View) -> Action:
        if self.agent is None:
            self.start(view)
        seen = observation(view)
        move = self.agent.act(seen)
        if move is None:
            raise IllegalMove(f"The HLE agent {self.name} returned no move on its turn.")
        return move_to_action(move, view, seen.moves)


def load(target: str) -> Callable[[], HleBot]:
    """A factory of bots playing the HLE agent class `target` ("MODULE:CLASS")."""
    module_name, _, class_name = target.partition(":")
    if not module_name or not class_name:
        raise ValueError(f"An HLE agent is named hle:MODULE:CLASS, not hle:{target}.")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"Cannot import the HLE agent's module {module_name!r}: {error}.") from None
    agent_class = getattr(module, class_name, None)
    if not callable(agent_class):
        raise ValueError(f"Module {module_name!r} has no agent class {class_name!r}.")

    def make() -> HleBot:
        return HleBot(agent_class, target)

    return make
