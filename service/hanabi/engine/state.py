"""The game state and every rule that changes it.

`GameState.apply` returns a new state and never changes the one it is called on; unchanged
parts are shared between the two, so applying an action is cheap.
"""

from collections.abc import Callable, Iterable
from typing import Any

from .actions import (
    OUTSIDE_ENDS,
    SCORELESS_ENDS,
    Action,
    ColorClue,
    Discard,
    EndCondition,
    EndGame,
    Play,
    RankClue,
    Reorder,
)
from .deck import Card, shuffled_deck, validate_deck
from .errors import IllegalAction
from .events import ClueEvent, DiscardEvent, EndEvent, Event, PlayEvent, ReorderEvent
from .fireworks import (
    DIRECTION_NAMES,
    fixed_max_ranks,
    played_tops,
    stack_starts,
    sudoku_max_ranks,
    sudoku_next_ranks,
    up_or_down_directions,
    up_or_down_max_ranks,
    up_or_down_next_ranks,
)
from .legal import deck_play_allowed, has_legal_action, last_clue_kind, legal_actions
from .lookups import Lookups
from .options import GameOptions
from .suits import identity_index


class GameState:
    """One moment of one game. Treat every attribute as read-only.

    Hands list card ids left to right; a drawn card enters on the left (index 0), as on
    hanab.live, so the first card dealt to a seat starts at the right end.
    """

    __slots__ = (
        "lookups",
        "hands",
        "next_card",
        "fireworks",
        "discards",
        "clue_tokens",
        "half_clue_token",
        "strikes",
        "turn",
        "current_seat",
        "end_turn",
        "end_condition",
        "card_masks",
        "card_clues",
        "lost",
        "history",
    )

    lookups: Lookups
    hands: tuple[tuple[int, ...], ...]
    next_card: int
    fireworks: tuple[int, ...]
    discards: tuple[int, ...]
    clue_tokens: int
    """Whole clue tokens."""
    half_clue_token: bool
    """Clue Starved: half a clue token besides the whole ones (a clue takes a whole token)."""
    strikes: int
    turn: int
    """Turns taken so far."""
    current_seat: int
    end_turn: int | None
    """Once the deck is empty: the index of the last turn of the game."""
    end_condition: EndCondition
    card_masks: tuple[int, ...]
    """Per card id, the identities its clues leave possible (bit `identity_index(suit, rank)`)."""
    card_clues: tuple[tuple[int, ...], ...]
    """Per card id, the history indexes of the clues that touched it."""
    lost: tuple[int, ...]
    """Per `identity_index(suit, rank)`, how many copies were discarded or misplayed."""
    history: tuple[Event, ...]

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, options: GameOptions, deck: Iterable[Any] | None = None, *, seed: str | None = None) -> "GameState":
        """Deal a new game from an explicit deck, or from a seed through the documented shuffle."""
        variant = options.variant_rules
        if deck is None:
            if seed is None:
                raise ValueError("give a deck or a seed")
            cards = shuffled_deck(variant, seed)
        else:
            cards = validate_deck(variant, deck)
        lookups = Lookups(options, cards)
        state = object.__new__(cls)
        state.lookups = lookups
        hand_size = lookups.hand_size
        state.hands = tuple(
            tuple(range(seat * hand_size + hand_size - 1, seat * hand_size - 1, -1)) for seat in range(lookups.players)
        )
        state.next_card = hand_size * lookups.players
        state.fireworks = (0,) * lookups.num_suits
        state.discards = ()
        state.clue_tokens = options.clue_tokens
        state.half_clue_token = False
        state.strikes = 0
        state.turn = 0
        state.current_seat = options.starting_seat
        state.end_turn = None
        state.end_condition = EndCondition.IN_PROGRESS
        state.card_masks = (lookups.all_identities,) * len(cards)
        state.card_clues = ((),) * len(cards)
        state.lost = (0,) * (lookups.num_suits * 6)
        state.history = ()
        return state

    def _clone(self) -> "GameState":
        new = object.__new__(GameState)
        new.lookups = self.lookups
        new.hands = self.hands
        new.next_card = self.next_card
        new.fireworks = self.fireworks
        new.discards = self.discards
        new.clue_tokens = self.clue_tokens
        new.half_clue_token = self.half_clue_token
        new.strikes = self.strikes
        new.turn = self.turn
        new.current_seat = self.current_seat
        new.end_turn = self.end_turn
        new.end_condition = self.end_condition
        new.card_masks = self.card_masks
        new.card_clues = self.card_clues
        new.lost = self.lost
        new.history = self.history
        return new

    # ---- reading ------------------------------------------------------------------------

    @property
    def options(self) -> GameOptions:
        return self.lookups.options

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.lookups.deck

    @property
    def deck_size(self) -> int:
        """Cards left to draw."""
        return len(self.lookups.deck) - self.next_card

    @property
    def is_over(self) -> bool:
        return self.end_condition is not EndCondition.IN_PROGRESS

    @property
    def fireworks_total(self) -> int:
        """The sum of the fireworks, whatever the outcome."""
        return sum(self.fireworks)

    @property
    def score(self) -> int:
        """The team's score: the fireworks' total, or 0 for a game lost by strikes, all-or-nothing,
        a timeout or a termination."""
        if self.end_condition in SCORELESS_ENDS:
            return 0
        return sum(self.fireworks)

    @property
    def max_score(self) -> int:
        """The highest total still reachable, given the cards lost so far."""
        return sum(self.max_ranks())

    def max_ranks(self) -> tuple[int, ...]:
        """Per suit, the highest its firework can still reach (the number of cards played on it,
        which is its top rank except on a reversed suit)."""
        lookups = self.lookups
        if lookups.up_or_down:
            directions = up_or_down_directions(self.history, lookups.num_suits)
            return up_or_down_max_ranks(lookups, self.fireworks, self.lost, directions)
        if lookups.sudoku:
            return sudoku_max_ranks(lookups, self.lost, self.stack_starts())
        return fixed_max_ranks(lookups, self.fireworks, self.lost)

    def direction(self, suit: int) -> str | None:
        """Which way the suit's firework runs: "up", "down" (a reversed suit; in Up or Down once
        its first card, or START and the card after it, chose), or None while undecided."""
        return self.directions()[suit]

    def directions(self) -> tuple[str | None, ...]:
        """`direction` of every suit."""
        lookups = self.lookups
        if lookups.up_or_down:
            return tuple(DIRECTION_NAMES[d] for d in up_or_down_directions(self.history, lookups.num_suits))
        return lookups.directions

    def firework_tops(self) -> tuple[int | None, ...]:
        """Per suit, the rank of the last card played on its firework (START in Up or Down while
        START alone is played), or None while it is empty."""
        lookups = self.lookups
        if lookups.ordered_by_rule:
            return played_tops(self.history, lookups.num_suits)
        tops = lookups.tops.get(self.fireworks)
        if tops is None:
            tops = lookups.tops[self.fireworks] = tuple(
                order[height - 1] if height else None for order, height in zip(lookups.play_order, self.fireworks)
            )
        return tops

    def stack_starts(self) -> tuple[int | None, ...]:
        """Per suit, the rank of the first card played on its firework; None while it is empty.
        In Sudoku each firework starts at a rank of its own."""
        return stack_starts(self.history, self.lookups.num_suits)

    def next_ranks(self, suit: int) -> tuple[int, ...]:
        """The ranks that play next on the suit's firework (several while an Up or Down firework
        is undecided or a Sudoku firework is empty); none once it is complete."""
        return self.all_next_ranks()[suit]

    def all_next_ranks(self) -> tuple[tuple[int, ...], ...]:
        """`next_ranks` of every suit."""
        lookups = self.lookups
        fireworks = self.fireworks
        if lookups.sudoku:
            starts = self.stack_starts()
            size = lookups.stack_size
            return tuple(sudoku_next_ranks(size, height, start, starts) for height, start in zip(fireworks, starts))
        if lookups.up_or_down:
            directions = up_or_down_directions(self.history, lookups.num_suits)
            return tuple(up_or_down_next_ranks(height, d) for height, d in zip(fireworks, directions))
        ranks = lookups.next_ranks.get(fireworks)
        if ranks is None:
            ranks = lookups.next_ranks[fireworks] = tuple(
                (order[height],) if height < len(order) else () for order, height in zip(lookups.play_order, fireworks)
            )
        return ranks

    def _plays_by_rule(self, suit: int, rank: int) -> bool:
        lookups = self.lookups
        height = self.fireworks[suit]
        if lookups.sudoku:
            starts = self.stack_starts()
            return rank in sudoku_next_ranks(lookups.stack_size, height, starts[suit], starts)
        return rank in up_or_down_next_ranks(height, up_or_down_directions(self.history, lookups.num_suits)[suit])

    def card(self, card_id: int) -> Card:
        return self.lookups.deck[card_id]

    def seat_of(self, card_id: int) -> int | None:
        for seat, hand in enumerate(self.hands):
            if card_id in hand:
                return seat
        return None

    legal_actions = legal_actions
    has_legal_action = has_legal_action

    # ---- the rules ----------------------------------------------------------------------

    def apply(self, action: Action) -> "GameState":
        """The state after `action`. Raises IllegalAction (and leaves this state as it was)
        when the action breaks a rule."""
        new = self._clone()
        new._apply(action)
        return new

    def _apply(self, action: Action) -> None:
        """Apply in place; only for states nobody else holds (a fresh clone, or inside replay).
        Every check runs before the first change, so a rejected action changes nothing."""
        if self.end_condition is not EndCondition.IN_PROGRESS:
            raise IllegalAction("game_over", "The game is over; no more actions can be taken.", depends_on_state=True)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("unknown_action", f"{action!r} is not an action.", depends_on_state=False)
        seat = action.seat
        if type(seat) is not int or not (
            0 <= seat < self.lookups.players or (seat == -1 and handler is GameState._end_game)
        ):
            raise IllegalAction("invalid_seat", f"Seat {seat!r} is not a seat of this game.", depends_on_state=False)
        if handler is not GameState._reorder and handler is not GameState._end_game and seat != self.current_seat:
            raise IllegalAction(
                "not_your_turn",
                f"It is not your turn: seat {self.current_seat + 1} is to move, "
                f"and you are seat {seat + 1} (counting seats from 1).",
                depends_on_state=True,
            )
        handler(self, action)

    def _play(self, action: Play) -> None:
        lookups = self.lookups
        seat, card, announce = action.seat, action.card, action.announce
        from_deck = card == self.next_card and type(card) is int and deck_play_allowed(self)
        hand = self.hands[seat] if from_deck else self._check_own_card(seat, card)
        if announce is not None:
            if not lookups.options.timed_display:
                raise IllegalAction(
                    "announce_not_allowed",
                    "Announcing a suit is only allowed with the timed display option.",
                    depends_on_state=False,
                )
            if type(announce) is not int or not 0 <= announce < lookups.num_suits:
                raise IllegalAction(
                    "invalid_suit",
                    f"Announced suit {announce!r} is not a suit of this game (0 to {lookups.num_suits - 1}).",
                    depends_on_state=False,
                )
        suit = lookups.card_suit[card]
        if suit in lookups.inverted:
            self._discard_card(seat, hand, card, from_deck)
            return
        self._play_card(seat, hand, card, announce, from_deck)

    def _play_card(self, seat: int, hand: tuple[int, ...], card: int, announce: int | None, from_deck: bool) -> None:
        lookups = self.lookups
        suit, rank = lookups.card_suit[card], lookups.card_rank[card]
        wrong_suit = announce is not None and announce != suit
        if lookups.ordered_by_rule:
            success = not wrong_suit and self._plays_by_rule(suit, rank)
        else:
            success = not wrong_suit and self.fireworks[suit] == lookups.card_height[card]
        if success:
            fireworks = list(self.fireworks)
            fireworks[suit] += 1
            self.fireworks = tuple(fireworks)
            self._gain_tokens((fireworks[suit] == lookups.stack_size and not lookups.hole) + (announce is not None))
        else:
            self.strikes += 1
            self._lose(card)
        drew = self._draw_last_card() if from_deck else self._remove_and_draw(seat, hand, card)
        self.history += (
            PlayEvent(
                self.turn, seat, card, suit, rank, success, announce, drew, self.clue_tokens, self.half_clue_token
            ),
        )
        self._end_turn()

    def _discard(self, action: Discard) -> None:
        lookups = self.lookups
        seat, card = action.seat, action.card
        from_deck = card == self.next_card and type(card) is int and bool(lookups.inverted) and deck_play_allowed(self)
        hand = self.hands[seat] if from_deck else self._check_own_card(seat, card)
        if self.clue_tokens >= lookups.options.clue_tokens and not lookups.inverted:
            raise IllegalAction(
                "clue_tokens_full",
                "You cannot discard while all clue tokens are available; give a clue or play.",
                depends_on_state=True,
            )
        if lookups.card_suit[card] in lookups.inverted:
            self._play_card(seat, hand, card, None, from_deck)
            return
        self._discard_card(seat, hand, card, from_deck)

    def _discard_card(self, seat: int, hand: tuple[int, ...], card: int, from_deck: bool) -> None:
        lookups = self.lookups
        self._gain_tokens(1)
        self._lose(card)
        drew = self._draw_last_card() if from_deck else self._remove_and_draw(seat, hand, card)
        self.history += (
            DiscardEvent(
                self.turn,
                seat,
                card,
                lookups.card_suit[card],
                lookups.card_rank[card],
                drew,
                self.clue_tokens,
                self.half_clue_token,
            ),
        )
        self._end_turn()

    def _clue(self, action: ColorClue | RankClue) -> None:
        """A color or a rank clue: they differ only in their `ClueRule`."""
        lookups = self.lookups
        rule = lookups.clue_rules[type(action)]
        value = action[3]
        if type(value) is not int or value not in rule.values:
            raise rule.invalid(value)
        hand = self._check_clue(action.seat, action.target, rule.kind)
        bit = 1 << value
        card_touch = rule.card_touch
        touched = tuple(card for card in hand if card_touch[card] & bit)
        if not touched and not rule.may_touch_nothing:
            raise IllegalAction(
                "clue_touches_no_card",
                f"That player has no {rule.names[value]}; a clue must touch at least one card (empty clues are off).",
                depends_on_state=True,
            )
        informative = lookups.pointing_clues or self._narrow(hand, rule.identity_touch[value])
        self._record_clue(action.seat, action.target, rule.kind, value, touched, informative)

    def _reorder(self, action: Reorder) -> None:
        seat, cards = action.seat, action.cards
        hand = self.hands[seat]
        if not all(type(c) is int for c in cards) or sorted(cards) != sorted(hand):
            raise IllegalAction(
                "invalid_reorder",
                f"A new order must list exactly the cards of your hand ({sorted(hand)}), each once.",
                depends_on_state=True,
            )
        hands = list(self.hands)
        hands[seat] = tuple(cards)
        self.hands = tuple(hands)
        self.history += (ReorderEvent(self.turn, seat, tuple(cards)),)

    def _end_game(self, action: EndGame) -> None:
        if action.condition not in OUTSIDE_ENDS:
            raise IllegalAction(
                "invalid_end_condition",
                "Only a timeout, a termination or a failed speedrun can end a game from outside the rules.",
                depends_on_state=False,
            )
        self.end_condition = action.condition
        self.history += (EndEvent(self.turn, action.seat, action.condition),)

    # ---- helpers of the rules -----------------------------------------------------------

    def _check_own_card(self, seat: int, card: object) -> tuple[int, ...]:
        hand = self.hands[seat]
        if type(card) is not int or card not in hand:
            raise IllegalAction(
                "card_not_in_hand",
                f"Card {card!r} is not in your hand (seat {seat + 1}, counting from 1).",
                depends_on_state=True,
            )
        return hand

    def _check_clue(self, seat: int, target: object, kind: str) -> tuple[int, ...]:
        if self.clue_tokens <= 0:
            raise IllegalAction(
                "no_clue_tokens",
                "There are no clue tokens left; play or discard instead.",
                depends_on_state=True,
            )
        if self.lookups.alternating and last_clue_kind(self.history) == kind:
            other = "rank" if kind == "color" else "color"
            raise IllegalAction(
                "alternating_clues",
                f"In Alternating Clues the clue after a {kind} clue must be a {other} clue.",
                depends_on_state=False,
            )
        if type(target) is not int or not 0 <= target < self.lookups.players:
            raise IllegalAction(
                "invalid_target",
                f"Clue target {target!r} is not a seat of this game.",
                depends_on_state=False,
            )
        if target == seat:
            raise IllegalAction(
                "cannot_clue_self",
                "A clue must be given to another player, not to yourself.",
                depends_on_state=False,
            )
        return self.hands[target]

    def _narrow(self, hand: tuple[int, ...], touch: int) -> bool:
        """What a clue tells each card of the hand: touched cards are among the identities
        the clue touches, the others are not. True when some card's possible identities shrank."""
        card_bit = self.lookups.card_bit
        masks = list(self.card_masks)
        before = [masks[card] for card in hand]
        for card in hand:
            masks[card] &= touch if card_bit[card] & touch else ~touch
        self.card_masks = tuple(masks)
        return any(masks[card] != mask for card, mask in zip(hand, before))

    def _record_clue(
        self, seat: int, target: int, kind: str, value: int, touched: tuple[int, ...], informative: bool
    ) -> None:
        self.clue_tokens -= 1
        index = len(self.history)
        clues = list(self.card_clues)
        for card in touched:
            clues[card] = clues[card] + (index,)
        self.card_clues = tuple(clues)
        self.history += (
            ClueEvent(
                self.turn, seat, target, kind, value, touched, self.clue_tokens, informative, self.half_clue_token
            ),
        )
        self._end_turn()

    def _gain_tokens(self, gained: int) -> None:
        """Add the clue tokens a discard or a play earned, up to the game's clue tokens; in Clue
        Starved each one earned is half a token."""
        limit = self.lookups.options.clue_tokens
        if not self.lookups.clue_starved:
            self.clue_tokens = min(limit, self.clue_tokens + gained)
            return
        halves = min(2 * limit, 2 * self.clue_tokens + self.half_clue_token + gained)
        self.clue_tokens, self.half_clue_token = halves // 2, halves % 2 == 1

    def _lose(self, card: int) -> None:
        lookups = self.lookups
        lost = list(self.lost)
        lost[identity_index(lookups.card_suit[card], lookups.card_rank[card])] += 1
        self.lost = tuple(lost)
        self.discards += (card,)

    def _draw_last_card(self) -> int | None:
        """A deck play: the last card is drawn and leaves at once, so none enters the hand (None)."""
        self.next_card += 1
        if not self.lookups.options.all_or_nothing:
            self.end_turn = self.turn + self.lookups.players
        return None

    def _remove_and_draw(self, seat: int, hand: tuple[int, ...], card: int) -> int | None:
        remaining = tuple(c for c in hand if c != card)
        drew = None
        if self.next_card < len(self.lookups.deck):
            drew = self.next_card
            remaining = (drew,) + remaining
            self.next_card += 1
            if self.next_card == len(self.lookups.deck) and not self.lookups.options.all_or_nothing:
                self.end_turn = self.turn + self.lookups.players
        hands = list(self.hands)
        hands[seat] = remaining
        self.hands = tuple(hands)
        return drew

    def _end_turn(self) -> None:
        lookups = self.lookups
        self.turn += 1
        if self.strikes >= lookups.options.max_strikes:
            self.end_condition = EndCondition.STRIKEOUT
        elif min(self.fireworks) == lookups.stack_size:
            self.end_condition = EndCondition.NORMAL
        elif lookups.options.all_or_nothing:
            if self.max_score < lookups.variant.max_score:
                self.end_condition = EndCondition.ALL_OR_NOTHING_FAIL
            else:
                self.current_seat = (self.current_seat + 1) % lookups.players
                if not self.has_legal_action(self.current_seat):
                    self.end_condition = EndCondition.ALL_OR_NOTHING_SOFTLOCK
        elif (self.end_turn is not None and self.turn > self.end_turn) or (
            lookups.options.end_at_best_score and self.fireworks_total == self.max_score
        ):
            self.end_condition = EndCondition.NORMAL
        else:
            self.current_seat = (self.current_seat + 1) % lookups.players


_HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    Play: GameState._play,
    Discard: GameState._discard,
    ColorClue: GameState._clue,
    RankClue: GameState._clue,
    Reorder: GameState._reorder,
    EndGame: GameState._end_game,
}
"""Dispatch on the exact action type: a plain tuple that merely looks like an action is rejected."""


def new_game(options: GameOptions, deck: Iterable[Any] | None = None, *, seed: str | None = None) -> GameState:
    return GameState.new(options, deck, seed=seed)
