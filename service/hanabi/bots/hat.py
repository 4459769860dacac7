"""The hat strategy: an information strategy for all-bot tables.

Every clue carries, besides what it touches, one number modulo N: the sum of one answer per
other player with cards ("hats"). Each answer replies to a question about that player's hand
that everyone can state from public knowledge alone: "which of these cards is the first one
that plays now?" and "which part of this card's possible identities holds it?". The clue giver
sees every answer and clues their sum; each other player sees every answer but their own and
recovers it by subtraction. Everyone then applies every answer to the public knowledge, so all
seats keep the same picture of every hand, rebuilt from the history alone.

A clue's number: the receivers are the other seats with cards, in seat order from the giver;
N = 3 x their count. A clue to receiver k is worth 3k, plus 0 for a rank clue touching that
receiver's newest card, 1 for a color clue touching it, 2 for a clue not touching it.
"""

import random

from ..engine import ColorClue, Discard, Play, RankClue, View
from .common import (
    best_gamble,
    PublicState,
    Rules,
    StateCache,
    mask_of_counts,
    rules_for,
    safe_fallback,
    unseen_counts,
    visible_identities,
)

CLASSES = 3
COMBO_RESERVE = 1


class Question:
    """A public question about one hand, answered by one number: k < len(combo) means "combo[k]
    is the first of these cards that plays now"; len(combo) + p means "none of them plays, and
    `card` is in part p of `parts`"."""

    __slots__ = ("hand", "combo", "card", "parts", "playable")

    def __init__(self, hand, combo, card, parts, playable):
        self.hand = tuple(hand)
        self.combo = combo
        self.card = card
        self.parts = parts
        self.playable = playable

    def answer(self, identity_of) -> int:
        for k, card in enumerate(self.combo):
            if self.playable >> identity_of[card] & 1:
                return k
        if self.parts:
            bit = 1 << identity_of[self.card]
            return len(self.combo) + next((p for p, mask in enumerate(self.parts) if mask & bit), 0)
        return len(self.combo)

    def apply(self, value: int, know: dict) -> None:
        playable = self.playable
        for k, card in enumerate(self.combo):
            if value == k:
                _narrow(know, card, playable)
                return
            _narrow(know, card, ~playable)
        part = value - len(self.combo)
        if self.parts and part < len(self.parts):
            _narrow(know, self.card, self.parts[part])


def _narrow(know: dict, card: int, mask: int) -> None:
    narrowed = know[card] & mask
    if narrowed:
        know[card] = narrowed


_questions: dict = {}
"""Questions already stated, by everything a question depends on: the seats of one table
state the same questions about the same hands."""


class HatState(PublicState):
    __slots__ = ("know", "used")

    def __init__(self, rules: Rules):
        super().__init__(rules)
        self.know = {card: rules.all for hand in self.hands for card in hand}
        self.used: dict[int, int] = {}

    def _copy_extra(self, new) -> None:
        new.know = dict(self.know)
        new.used = dict(self.used)

    def advance(self, event, context=None) -> None:
        super().advance(event, context)
        drew = getattr(event, "drew", None)
        if drew is not None:
            self.know[drew] = self.rules.all

    def apply_clue(self, event) -> None:
        mask = self.rules.clue_mask(event.kind, event.value)
        know = self.know
        for card in self.hands[event.target]:
            _narrow(know, card, mask if card in event.touched else ~mask)
        super().apply_clue(event)

    # ---- the hat ------------------------------------------------------------------------

    def receivers(self, giver: int) -> list[int]:
        players = self.rules.players
        return [s % players for s in range(giver + 1, giver + players) if self.hands[s % players]]

    def questions(self, giver: int) -> tuple[int, list[Question]]:
        receivers = self.receivers(giver)
        modulus = CLASSES * len(receivers)
        playable, dead, _critical = self.masks()
        weights = [self.rules.copies[i] - self.gone[i] for i in range(self.rules.size)]
        alive = mask_of_counts(weights)
        gone = tuple(self.gone)
        questions = []
        for receiver in receivers:
            hand = self.hands[receiver]
            key = (tuple(hand), tuple(self.know[c] for c in hand), modulus, playable, dead, gone)
            question = _questions.get(key)
            if question is None:
                if len(_questions) > 100_000:
                    _questions.clear()
                question = _questions[key] = self.question(hand, modulus, playable, dead, alive, weights)
            questions.append(question)
        return modulus, questions

    def question(self, hand, modulus, playable, dead, alive, weights) -> Question:
        know = self.know
        masks = [(know[c] & alive) or know[c] for c in hand]
        combo = []
        if not any(m & ~playable == 0 for m in masks):
            chances = []
            for card, m in zip(hand, masks):
                if m & playable:
                    total = _weight(m, weights)
                    chances.append((-_weight(m & playable, weights) / total if total else 0, card))
            chances.sort()
            combo = [card for _, card in chances[: max(1, modulus - COMBO_RESERVE)]]
        room = modulus - len(combo)
        card, parts = None, ()
        if room >= 2:
            best = None
            for position, (c, m) in enumerate(zip(hand, masks)):
                if m & ~dead == 0 or m & ~playable == 0:
                    continue
                spread = (m & ~dead).bit_count() + (1 if m & dead else 0)
                if spread < 2:
                    continue
                key = (spread, position)
                if best is None or key > best[0]:
                    best = (key, c, m)
            if best is not None:
                card = best[1]
                parts = _partition(best[2], room, playable, dead, weights, self.rules)
        return Question(hand, combo, card, parts, playable)

    def on_clue(self, event, context) -> None:
        viewer, identity_of = context
        giver = event.seat
        modulus, questions = self.questions(giver)
        if not modulus or event.target == giver:
            return
        receivers = self.receivers(giver)
        if event.target not in receivers:
            return
        target_hand = self.hands[event.target]
        touches_newest = target_hand[0] in event.touched
        kind = (0 if event.kind == "rank" else 1) if touches_newest else 2
        total = CLASSES * receivers.index(event.target) + kind
        answers = []
        mine = None
        for receiver, question in zip(receivers, questions):
            if receiver == viewer:
                answers.append(0)
                mine = len(answers) - 1
                continue
            for card in self.hands[receiver]:
                self.used[card] = identity_of[card]
            value = question.answer(identity_of)
            answers.append(value)
            total -= value
        if mine is not None:
            answers[mine] = total % modulus
        for question, value in zip(questions, answers):
            question.apply(value, self.know)


def _weight(mask: int, weights) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += weights[low.bit_length() - 1]
        mask ^= low
    return total


def _partition(mask, room, playable, dead, weights, rules) -> tuple[int, ...]:
    """Split a card's possible identities into at most `room` parts: the dead ones together,
    then one part per identity in order of urgency, the least urgent merged round robin."""
    groups = []
    if mask & dead:
        groups.append(mask & dead)
    live = [i for i in range(rules.size) if (mask & ~dead) >> i & 1]
    live.sort(key=lambda i: (not playable >> i & 1, weights[i] != 1, rules.rank_of[i], i))
    groups += [1 << i for i in live]
    if len(groups) <= room:
        return tuple(groups)
    parts = groups[:room]
    for k, group in enumerate(groups[room:]):
        parts[room - 1 - k % room] |= group
    return tuple(parts)


_cache = StateCache()


def public_state(view: View) -> HatState:
    rules = rules_for(view.options)
    identity_of = visible_identities(view)
    return _cache.get(
        (view.options, view.seat),
        view.history,
        lambda: HatState(rules),
        context=(view.seat, identity_of),
        check=lambda used: all(identity_of.get(c) == i for c, i in used.items()),
        remember=lambda state: state.used,
    )


def _hat_clue(view: View, state: HatState, identity_of):
    """The clue whose number is the sum of every receiver's answer, or None when the hand of
    the receiver it must go to does not allow it."""
    seat = view.seat
    modulus, questions = state.questions(seat)
    if not modulus:
        return None
    total = sum(q.answer(identity_of) for q in questions) % modulus
    receivers = state.receivers(seat)
    target = receivers[total // CLASSES]
    kind = total % CLASSES
    hand = state.hands[target]
    rules = state.rules
    newest = identity_of[hand[0]]
    if kind == 0:
        return RankClue(seat, target, rules.rank_of[newest])
    if kind == 1:
        return ColorClue(seat, target, rules.colors_of_suit[rules.suit_of[newest]][0])
    newest_bit = 1 << newest
    for card in hand[1:]:
        rank = rules.rank_of[identity_of[card]]
        if not rules.rank_mask[rank] & newest_bit:
            return RankClue(seat, target, rank)
    for card in hand[1:]:
        for color in rules.colors_of_suit[rules.suit_of[identity_of[card]]]:
            if not rules.color_mask[color] & newest_bit:
                return ColorClue(seat, target, color)
    if rules.options.empty_clues:
        for rank in range(1, 6):
            if not rules.rank_mask[rank] & newest_bit:
                return RankClue(seat, target, rank)
    return None


def choose(view: View, rng: random.Random):
    if view.is_over or not view.legal_actions:
        return safe_fallback(view, rng)
    state = public_state(view)
    rules = state.rules
    identity_of = visible_identities(view)
    playable, dead, critical = state.masks()
    unseen = unseen_counts(rules, state, view)
    possible = mask_of_counts(unseen)
    hand = [c.id for c in view.my_hand]
    mine = {c: (state.know[c] & possible) or state.know[c] for c in hand}
    legal = set(view.legal_actions)

    plays = [c for c in hand if mine[c] & ~playable == 0]
    if plays:
        card = min(plays, key=lambda c: (rules.rank_of[(mine[c] & -mine[c]).bit_length() - 1], -hand.index(c)))
        return Play(view.seat, card)
    gamble = best_gamble(view, mine, playable, unseen, 0.4)
    if gamble is not None:
        return Play(view.seat, gamble)

    tokens, max_tokens = view.clue_tokens, view.options.clue_tokens
    can_discard = tokens < max_tokens
    if tokens > 0:
        worth = tokens == max_tokens or not can_discard or _clue_is_worth(view, state, identity_of, playable)
        if worth:
            clue = _hat_clue(view, state, identity_of)
            if clue is not None and clue in legal:
                return clue

    if can_discard:
        return Discard(view.seat, _discard_choice(hand, mine, dead, critical, unseen, rules))
    clue = _hat_clue(view, state, identity_of) if tokens > 0 else None
    if clue is not None and clue in legal:
        return clue
    return safe_fallback(view, rng)


def _clue_is_worth(view: View, state: HatState, identity_of, playable) -> bool:
    """A clue is worth a token when some teammate holds a card that plays now but does not
    know it yet."""
    for seat, hand in enumerate(state.hands):
        if seat == view.seat:
            continue
        for card in hand:
            if playable >> identity_of[card] & 1 and state.know[card] & ~playable:
                return True
    return False


def _discard_choice(hand, mine, dead, critical, unseen, rules) -> int:
    """The card whose loss costs least: a known dead card, else the lowest expected cost."""
    best, best_cost = hand[-1], None
    for position, card in enumerate(hand):
        mask = mine[card]
        if mask & ~dead == 0:
            return card
        cost = total = 0
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            n = max(unseen[i], 1)
            total += n
            if not dead >> i & 1:
                cost += n * (100 if critical >> i & 1 else 6 - rules.rank_of[i])
        expected = cost / total
        if best_cost is None or expected < best_cost or (expected == best_cost and position > hand.index(best)):
            best, best_cost = card, expected
    return best
