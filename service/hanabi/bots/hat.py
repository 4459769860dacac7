"""The hat strategy: an information strategy for all-bot tables.

Every clue carries, besides what it touches, one number modulo N: the sum of one answer per
other player with cards ("hats"). Each answer replies to a question about that player's hand
that everyone can state from public knowledge alone: "which of these cards is the first one
that plays now?" and "which part of this card's possible identities holds it?". The clue giver
sees every answer and clues their sum; each other player sees every answer but their own and
recovers it by subtraction. Everyone then applies every answer to the public knowledge, so all
seats keep the same picture of every hand, rebuilt from the history alone.

A clue's number: the receivers are the other seats with cards, in seat order from the giver,
each worth a block of values. A clue to a receiver is worth the block's start, plus 0 for a
rank clue touching that receiver's newest card, 1 for a color clue touching it, and otherwise
2; when everyone knows a rank clue and a color clue missing the newest card both exist (two
ranks and two colors in the hand, or empty clues allowed), the block has 4 values and a clue
missing the newest card is worth 2 as a rank clue, 3 as a color clue. The questions: "which of
these cards is the first that plays now (or, when no dead card is known, is dead)?", then a
partition of one card's possible identities with the values left.

Where a clue only points at cards its value is hidden, so the number rides on the rest: in Cow
& Pig on (target, touches the newest card, kind: "moo" or "oink"), as above; in Duck, where the
kind is hidden too, on (target, which card it touches first: the newest, else the second newest,
else neither) alone, 3 values per receiver. In Throw It in a Hole the cards a hat clue spoke of
are hidden once played, so no seat could read it later: there the hat bot plays the basic
conventions.

Beside partners who do not play the protocol (a person, another bot), each seat watches for
a move that breaks it: an answer about its own cards that contradicts what it knew or proves
false when the card shows, a teammate misplaying a card it could not know plays (without a
strike to spare, or unlikely to play), a discard while a teammate other than the viewer holds a
card that plays unknown to them. From then on that seat plays the basic conventions, which read
a stranger's clues for what they say.

Who must clue: a player clues whenever a teammate holds a card that plays and does not know it,
so a discard with a clue token left tells everyone their cards not known to play do not.
Otherwise a player clues to stall while someone knows a card to play, or with many tokens.
"""

import random

from ..engine import ColorClue, Discard, DiscardEvent, Play, PlayEvent, RankClue, View
from . import basic
from .common import (
    PublicState,
    Rules,
    StateCache,
    best_gamble,
    mask_of_counts,
    rules_for,
    safe_fallback,
    strikes_to_assume,
    unseen_counts,
    visible_identities,
)

COMBO_RESERVE = 1
DUCK_CLASSES = 3
"""In Duck, a receiver's block: the clue touches its newest card, else its second newest, else neither."""
CLUE_ABOVE = 4
"""With more clue tokens than this, a player clues rather than discards even when no one needs it."""
RISKY_PLAY_CHANCE = 0.75
"""With a strike to spare, a card known to play or be dead is played when it plays this likely."""
DECISIVE_BONUS = 2.0
"""Weight of a clue that settles a card's identity or shows it dead, when choosing among equal clues."""
LAST_ROUND_GAMBLE = 0.2
"""In the last round, with a strike to spare, a card that plays this likely is played."""
STRANGER_RISK = 0.5
STRANGER_GAMBLE = 0.1
"""A teammate's play of a card it cannot know plays, with a strike to spare, is a hat play only
when it plays this likely as far as the viewer can tell (in the last round, `STRANGER_GAMBLE`)."""


class Question:
    """A public question about one hand, answered by one number: k < len(combo) means "combo[k]
    is the first of these (card, identities) pairs whose card is among its identities" (is it
    playable? is it dead?); len(combo) + p means "none is, and `card` is in part p of `parts`"."""

    __slots__ = ("hand", "combo", "card", "parts")

    def __init__(self, hand, combo, card, parts):
        self.hand = tuple(hand)
        self.combo = combo
        self.card = card
        self.parts = parts

    def answer(self, identity_of) -> int:
        for k, (card, mask) in enumerate(self.combo):
            if mask >> identity_of[card] & 1:
                return k
        if self.parts:
            bit = 1 << identity_of[self.card]
            return len(self.combo) + next((p for p, mask in enumerate(self.parts) if mask & bit), 0)
        return len(self.combo)

    def apply(self, value: int, know: dict) -> bool:
        """Narrow what is known of the hand by the answer `value`; False when the answer
        contradicts what was known (then that part is not applied)."""
        consistent = True
        for k, (card, mask) in enumerate(self.combo):
            if value == k:
                return _narrow(know, card, mask)
            consistent &= _narrow(know, card, ~mask)
        part = value - len(self.combo)
        if self.parts and part < len(self.parts):
            consistent &= _narrow(know, self.card, self.parts[part])
        return consistent


def _narrow(know: dict, card: int, mask: int) -> bool:
    narrowed = know[card] & mask
    if narrowed:
        know[card] = narrowed
    return bool(narrowed)


_questions: dict = {}
"""Questions already stated, by everything a question depends on: the seats of one table
state the same questions about the same hands."""


class HatState(PublicState):
    __slots__ = ("know", "used", "tokens", "misplays", "stranger")

    def __init__(self, rules: Rules):
        super().__init__(rules)
        self.know = {card: rules.all for hand in self.hands for card in hand}
        self.used: dict[int, int] = {}
        self.tokens = rules.options.clue_tokens
        self.misplays = 0
        self.stranger: int | None = None
        """The first seat whose move broke the hat protocol as far as the viewer can tell (the
        viewer's own when one of its cards proved not to be what the hat clues said)."""

    def _copy_extra(self, new) -> None:
        new.know = dict(self.know)
        new.used = dict(self.used)
        new.tokens = self.tokens
        new.misplays = self.misplays
        new.stranger = self.stranger

    def advance(self, event, context=None) -> None:
        super().advance(event, context)
        drew = getattr(event, "drew", None)
        if drew is not None:
            self.know[drew] = self.rules.all

    def public_mask(self, card: int) -> int:
        return self.know.get(card, self.rules.all)

    def apply_clue(self, event) -> None:
        if not self.rules.pointing_clues:
            mask = self.rules.clue_mask(event.clue_kind, event.value)
            know = self.know
            for card in self.hands[event.target]:
                _narrow(know, card, mask if card in event.touched else ~mask)
        super().apply_clue(event)
        self.tokens = event.clue_tokens

    def on_leave(self, event, context) -> None:
        """A discard while a clue could be given says that no one else holds a card that plays
        and is not known to (see `needs_clue`): everyone learns their other cards do not play."""
        if self.stranger is None and not self.rules.hidden_plays:
            viewer, identity_of = context
            if not self.follows_protocol(event, viewer, identity_of):
                self.stranger = event.seat
        if type(event) is PlayEvent and not event.success:
            self.misplays += 1
        if type(event) is DiscardEvent and self.tokens > 0:
            playable = self.masks()[0]
            know = self.know
            for seat, hand in enumerate(self.hands):
                if seat != event.seat:
                    for card in hand:
                        if know[card] & ~playable:
                            _narrow(know, card, ~playable)
        self.tokens = event.clue_tokens

    def follows_protocol(self, event, viewer: int, identity_of) -> bool:
        """Whether a play or a discard fits the hat protocol, as far as the viewer can tell: the
        card is one of the identities the hat clues left it; a teammate misplays only a card
        that very likely plays, and only with a strike to spare; and discards
        only while no one but the viewer holds a card that plays and is not known to. With the
        answers a clue gives the viewer contradicting what it knew, these are what a partner
        who does not follow the protocol (a person, another bot) soon fails."""
        if event.suit is None:
            return True
        rules, know = self.rules, self.know[event.card]
        if not know >> rules.identity(event.suit, event.rank) & 1:
            return False
        if event.seat == viewer:
            return True
        playable = self.masks()[0]
        if type(event) is DiscardEvent:
            if not 0 < self.tokens < rules.options.clue_tokens:
                return True
            return not any(
                playable >> identity_of[card] & 1 and know_card & ~playable
                for seat, hand in enumerate(self.hands)
                if seat not in (viewer, event.seat)
                for card in hand
                for know_card in (self.know[card],)
            )
        if event.success:
            return True
        counts = [rules.copies[i] - self.gone[i] for i in range(rules.size)]
        for seat, hand in enumerate(self.hands):
            if seat not in (viewer, event.seat):
                for card in hand:
                    counts[identity_of[card]] -= 1
        possible = (know & mask_of_counts(counts)) or know
        risk = self.misplays + 2 <= rules.options.max_strikes and not rules.options.all_or_nothing
        if not risk:
            return False
        chance = _weight(possible & playable, counts) / max(1, _weight(possible, counts))
        return chance >= (STRANGER_GAMBLE if event.drew is None else STRANGER_RISK)

    # ---- the hat ------------------------------------------------------------------------

    def receivers(self, giver: int) -> list[int]:
        players = self.rules.players
        return [s % players for s in range(giver + 1, giver + players) if self.hands[s % players]]

    def classes(self, seat: int) -> int:
        """How many clue kinds carry a distinct value for this receiver: 4 when everyone knows
        both a rank clue and a color clue missing the newest card exist, else 3 (in Duck 3, or
        the hand's size when smaller)."""
        rules = self.rules
        if rules.clue_kinds_hidden:
            return min(DUCK_CLASSES, len(self.hands[seat]))
        if not rules.simple_colors:
            return 3
        if rules.options.empty_clues:
            return 4
        suits = ranks = -1
        for card in self.hands[seat]:
            card_suits, card_ranks = _suits_and_ranks(self.know[card])
            suits &= card_suits
            ranks &= card_ranks
        return 3 if suits or ranks else 4

    def pivot(self, seat: int) -> int:
        """The card a clue's value is about (touched or not, by a rank or a color clue): the newest."""
        return self.hands[seat][0]

    def layout(self, giver: int) -> tuple[list[int], list[int]]:
        receivers = self.receivers(giver)
        return receivers, [self.classes(r) for r in receivers]

    def questions(self, giver: int) -> tuple[int, list[Question]]:
        receivers, classes = self.layout(giver)
        modulus = sum(classes)
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
            asks = []
            for card, m in zip(hand, masks):
                total = _weight(m, weights)
                if m & playable and m & ~dead and total:
                    asks.append((0, _weight(m & playable, weights) / total, card, playable))
            if not any(m & ~dead == 0 for m in masks):
                for card, m in zip(hand, masks):
                    total = _weight(m, weights)
                    if m & dead and m & ~dead and total:
                        asks.append((1, _weight(m & dead, weights) / total, card, dead))
            capacity = max(1, modulus - COMBO_RESERVE)
            asks.sort(key=lambda a: (a[0], -a[1]))
            del asks[capacity:]
            combo = [(card, mask) for _, _, card, mask in asks]
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
        return Question(hand, tuple(combo), card, parts)

    def on_clue(self, event, context) -> None:
        viewer, identity_of = context
        giver = event.seat
        if self.rules.hidden_plays:
            return  # the cards a clue speaks of are not in the view once played into the hole
        modulus, questions = self.questions(giver)
        if not modulus or event.target == giver:
            return
        receivers, classes = self.layout(giver)
        if event.target not in receivers:
            return
        index = receivers.index(event.target)
        if self.rules.clue_kinds_hidden:
            kind = _duck_class(self.hands[event.target], event.touched, classes[index])
        else:
            kind = _clue_class(event.clue_kind, self.pivot(event.target) in event.touched, classes[index])
        total = sum(classes[:index]) + kind
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
        for index, (question, value) in enumerate(zip(questions, answers)):
            if not question.apply(value, self.know) and index == mine and self.stranger is None:
                self.stranger = giver


_spreads: dict[int, tuple[int, int]] = {}


def _suits_and_ranks(mask: int) -> tuple[int, int]:
    """The suits (bit per suit) and ranks (bit per rank - 1) a set of identities spans."""
    spread = _spreads.get(mask)
    if spread is None:
        if len(_spreads) > 100_000:
            _spreads.clear()
        suits = ranks = 0
        suit, rest = 0, mask
        while rest:
            if rest & 31:
                suits |= 1 << suit
                ranks |= rest & 31
            rest >>= 5
            suit += 1
        spread = _spreads[mask] = (suits, ranks)
    return spread


def _clue_news(state: HatState, identity_of, clue) -> float:
    """How much a clue narrows what its receiver knows of their cards not yet known."""
    rules = state.rules
    dead = state.masks()[1]
    mask = rules.color_mask[clue.color] if type(clue) is ColorClue else rules.rank_mask[clue.rank]
    news = 1.0
    for card in state.hands[clue.target]:
        before = state.know[card]
        after = before & (mask if mask >> identity_of[card] & 1 else ~mask)
        if after and after != before:
            news *= before.bit_count() / after.bit_count()
            if after & (after - 1) == 0 or after & ~dead == 0:
                news *= DECISIVE_BONUS
    return news


def _clue_class(kind: str, touches_newest: bool, classes: int) -> int:
    if touches_newest:
        return 0 if kind == "rank" else 1
    if classes == 3:
        return 2
    return 2 if kind == "rank" else 3


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
    receivers, classes = state.layout(seat)
    index = 0
    while total >= classes[index]:
        total -= classes[index]
        index += 1
    target, kind = receivers[index], total
    rules = state.rules
    pivot_card = state.pivot(target)
    pivot = identity_of[pivot_card]
    if rules.clue_kinds_hidden:
        return _duck_clue(view, state, identity_of, target, kind, classes[index])
    if kind == 0:
        touching = rules.rank_clues_of[pivot]
        return RankClue(seat, target, touching[0]) if touching else None
    if kind == 1:
        touching = rules.colors_of[pivot]
        return ColorClue(seat, target, touching[0]) if touching else None
    pivot_bit = 1 << pivot
    others = [card for card in state.hands[target] if card != pivot_card]
    ranks = sorted({rank for card in others for rank in rules.rank_clues_of[identity_of[card]]})
    colors = sorted({color for card in others for color in rules.colors_of[identity_of[card]]})
    if rules.options.empty_clues:
        ranks += [r for r in rules.clue_ranks if r not in ranks]
        colors += [c for c in range(rules.num_colors) if c not in colors]
    rank_clues = [RankClue(seat, target, r) for r in ranks if not rules.rank_mask[r] & pivot_bit]
    color_clues = [ColorClue(seat, target, c) for c in colors if not rules.color_mask[c] & pivot_bit]
    if classes[index] == 3:
        options = rank_clues + color_clues
    else:
        options = rank_clues if kind == 2 else color_clues
    if len(options) > 1 and not rules.pointing_clues:
        return max(options, key=lambda clue: _clue_news(state, identity_of, clue))
    return options[0] if options else None


def _duck_class(hand, touched, classes: int) -> int:
    """A Duck clue's value within its receiver's block: the position of the newest card it
    touches, the last value for none of the first `classes - 1`."""
    for position, card in enumerate(hand[: classes - 1]):
        if card in touched:
            return position
    return classes - 1


def _duck_clue(view: View, state: HatState, identity_of, target: int, kind: int, classes: int):
    """A legal clue to `target` whose value in its block (`_duck_class`) is `kind`."""
    hand = state.hands[target]
    for clue in view.legal_actions:
        if (type(clue) is ColorClue or type(clue) is RankClue) and clue.target == target:
            mask = state.rules.clue_mask("color" if type(clue) is ColorClue else "rank", _clue_value(clue))
            touched = {c for c in hand if mask >> identity_of[c] & 1}
            got = _duck_class(hand, touched, classes)
            if got == kind:
                return clue
    return None


def _clue_value(clue) -> int:
    return clue.color if type(clue) is ColorClue else clue.rank


def choose(view: View, rng: random.Random):
    if view.is_over or not view.legal_actions:
        return safe_fallback(view, rng)
    if view.options.variant_rules.rules.throw_it_in_a_hole:
        return basic.choose(view, rng)
    state = public_state(view)
    if state.stranger is not None:
        return basic.choose(view, rng)
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
        held = {identity_of[c] for seat, cards in enumerate(state.hands) if seat != view.seat for c in cards}
        card = min(plays, key=lambda c: (-_unlocks(mine[c], held, rules), _lowest_rank(mine[c], rules), -hand.index(c)))
        return Play(view.seat, card)
    gamble = best_gamble(view, mine, playable, unseen, LAST_ROUND_GAMBLE)
    if gamble is not None:
        return Play(view.seat, gamble)
    if strikes_to_assume(view) + 2 <= view.options.max_strikes and not view.options.all_or_nothing:
        risky = _risky_play(mine, playable, dead, unseen, RISKY_PLAY_CHANCE)
        if risky is not None:
            return Play(view.seat, risky)

    tokens, max_tokens = view.clue_tokens, view.options.clue_tokens
    can_discard = tokens < max_tokens
    if tokens > 0:
        worth = tokens == max_tokens or not can_discard or _clue_is_worth(view, state, identity_of, playable)
        if worth:
            clue = _hat_clue(view, state, identity_of)
            if clue is not None and clue in legal:
                return clue
        if tokens > CLUE_ABOVE or _someone_knows_a_play(view, state, playable):
            clue = _hat_clue(view, state, identity_of)
            if clue is not None and clue in legal:
                return clue

    if can_discard:
        return Discard(view.seat, _discard_choice(hand, mine, dead, critical, unseen, rules))
    clue = _hat_clue(view, state, identity_of) if tokens > 0 else None
    if clue is not None and clue in legal:
        return clue
    return safe_fallback(view, rng)


def _unlocks(mask: int, held: set[int], rules) -> float:
    """The chance that playing a card of these identities makes a card a teammate holds playable."""
    return sum(1 for i in rules.identities(mask) if rules.rank_of[i] < 5 and i + 1 in held) / mask.bit_count()


def _lowest_rank(mask: int, rules) -> int:
    return rules.rank_of[(mask & -mask).bit_length() - 1]


def _risky_play(mine, playable, dead, unseen, threshold):
    """A card that plays or is dead, most likely the former, if that chance exceeds `threshold`."""
    best, best_chance = None, threshold
    for card, mask in mine.items():
        if mask & ~(playable | dead):
            continue
        total, hits = _weight(mask, unseen), _weight(mask & playable, unseen)
        if total and hits / total > best_chance:
            best, best_chance = card, hits / total
    return best


def _someone_knows_a_play(view: View, state: HatState, playable) -> bool:
    know = state.know
    return any(
        know[card] & ~playable == 0 for seat, hand in enumerate(state.hands) if seat != view.seat for card in hand
    )


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
