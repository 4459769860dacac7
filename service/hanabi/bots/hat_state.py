"""The hat strategy's public state: the questions every seat states about each hand, the
answers each clue carries, and what they tell of every card (see `hat` for the protocol)."""

from ..engine import DiscardEvent, PlayEvent, View
from .common import (
    PublicState,
    Rules,
    StateCache,
    mask_of_counts,
    rules_for,
    visible_identities,
)

COMBO_RESERVE = 1
DUCK_CLASSES = 3
"""In Duck, a receiver's block: the clue touches its newest card, else its second newest, else neither."""
STRANGER_RISK = 0.5
STRANGER_GAMBLE = 0.1
"""A teammate's play of a card it cannot know plays, with a strike to spare, is a hat play only
when it plays this likely as far as the viewer can tell (in the last round, `STRANGER_GAMBLE`)."""


class Stage:
    """One question of a sequence about a hand, by positions in the hand. A combo (`items`, a
    tuple of (position, identities)) answers k < len(items) for "items[k] is the first whose card
    is among its identities" and len(items) for none; a partition answers p for "the card at
    `position` is in part p of `parts`". Answer a takes the values offsets[a] to offsets[a] +
    sizes[a] - 1 of what is left of the clue's number, the rest of it after `offsets[a]` left to
    the next question."""

    __slots__ = ("items", "position", "parts", "offsets", "sizes")

    def __init__(self, items, position, parts, sizes):
        self.items = items
        self.position = position
        self.parts = parts
        self.sizes = sizes
        offsets, start = [], 0
        for size in sizes:
            offsets.append(start)
            start += size
        self.offsets = offsets

    def answer(self, identities) -> int:
        if self.parts:
            bit = 1 << identities[self.position]
            return next((p for p, mask in enumerate(self.parts) if mask & bit), 0)
        for k, (position, mask) in enumerate(self.items):
            if mask >> identities[position] & 1:
                return k
        return len(self.items)

    def which(self, value: int) -> int:
        """The answer whose values hold `value`."""
        offsets = self.offsets
        answer = len(offsets) - 1
        while offsets[answer] > value:
            answer -= 1
        return answer

    def narrowing(self, answer: int) -> list[tuple[int, int]]:
        """(position, identities the card keeps) for what the answer tells."""
        if self.parts:
            return [(self.position, self.parts[answer])]
        told = []
        for k, (position, mask) in enumerate(self.items):
            if k == answer:
                told.append((position, mask))
                break
            told.append((position, ~mask))
        return told


class Question:
    """The public questions about one hand, asked in turn while the clue's number has values
    left (`ask` states each from what everyone knows, the answers to the earlier ones
    included): the hand's answer is the sum of the offsets of each question's answer."""

    __slots__ = ("hand", "masks", "modulus", "board", "asked")

    def __init__(self, hand, masks, modulus, board):
        self.hand = tuple(hand)
        self.masks = tuple(masks)
        self.modulus = modulus
        self.board = board
        self.asked = _asked(board)

    def stages(self, identities=None, value=None):
        """Walk the stages: by the hand's identities (the giver) or by the value (a receiver);
        yields (stage, answer) and ends with the value left (0 when consistent)."""
        masks, room = self.masks, self.modulus
        while room >= 2:
            stage = _ask(masks, room, self.board, self.asked)
            if stage is None:
                break
            if identities is not None:
                answer = stage.answer(identities)
            else:
                answer = stage.which(value)
                value -= stage.offsets[answer]
            yield stage, answer
            room = stage.sizes[answer]
            narrowed = list(masks)
            for position, mask in stage.narrowing(answer):
                narrowed[position] &= mask
            masks = tuple(narrowed)

    def answer(self, identity_of) -> int:
        identities = [identity_of[card] for card in self.hand]
        return sum(stage.offsets[answer] for stage, answer in self.stages(identities))

    def apply(self, value: int, know: dict) -> bool:
        """Narrow what is known of the hand by the answer `value`; False when the answer
        contradicts what was known (then that part is not applied)."""
        consistent = 0 <= value < self.modulus
        rest = value
        for stage, answer in self.stages(value=value):
            rest -= stage.offsets[answer]
            for position, mask in stage.narrowing(answer):
                consistent &= _narrow(know, self.hand[position], mask)
        return consistent and rest == 0


def _narrow(know: dict, card: int, mask: int) -> bool:
    narrowed = know[card] & mask
    if narrowed:
        know[card] = narrowed
    return bool(narrowed)


_stages: dict = {}
"""Questions already stated, by board (`HatState.board`), then by what everyone knows of the
hand and the values left: the seats of one table state the same questions about the same hands."""


def ask(masks: tuple, room: int, board: tuple) -> "Stage | None":
    """The next question about a hand of whose cards everyone knows `masks` (in hand order),
    with `room` values of the clue's number left and the board `board` (`HatState.board`)."""
    return _ask(masks, room, board, _asked(board))


def _asked(board: tuple) -> dict:
    asked = _stages.get(board)
    if asked is None:
        if len(_stages) > 1000:
            _stages.clear()
        asked = _stages[board] = {}
    return asked


def _ask(masks: tuple, room: int, board: tuple, asked: dict) -> "Stage | None":
    key = (masks, room)
    stage = asked.get(key, False)
    if stage is False:
        if len(asked) > 100_000:
            asked.clear()
        stage = asked[key] = _stage(masks, room, board)
    return stage


def _stage(masks, room, board):
    """While no card is known to play, "which card is the first that plays (or, when no dead
    card is known, is the public chop critical, which is dead)?", each card named taking one
    value and "none" the rest; else "which part of its identities holds the card of most
    identities?", in as many parts as values are left (fewer when it has fewer identities),
    the values split evenly among the parts. None when no card is worth asking about."""
    rules, playable, dead, critical, weights = board
    if not any(m & ~playable == 0 for m in masks):
        asks = []
        for position, m in enumerate(masks):
            total = weight(m, weights)
            if m & playable and total:
                asks.append((0, weight(m & playable, weights) / total, position, playable))
        if not any(m & ~dead == 0 for m in masks):
            if not rules.pointing_clues:
                chop = least_loss(range(len(masks)), masks, weights, dead, critical, rules)
                m = masks[chop]
                total = weight(m, weights)
                if m & critical and m & ~critical and total:
                    asks.append((1, weight(m & critical, weights) / total, chop, critical))
            for position, m in enumerate(masks):
                total = weight(m, weights)
                if m & dead and m & ~dead and total:
                    asks.append((2, weight(m & dead, weights) / total, position, dead))
        if asks:
            capacity = max(1, room - COMBO_RESERVE)
            asks.sort(key=lambda a: (a[0], -a[1]))
            del asks[capacity:]
            # The least likely first: an answer naming a card then also rules out the more
            # likely cards asked before it.
            asks.sort(key=lambda a: (a[0], a[1]))
            items = tuple((position, mask) for _, _, position, mask in asks)
            return Stage(items, None, (), [1] * len(items) + [room - len(items)])
    best = None
    for position, m in enumerate(masks):
        if m & ~dead == 0 or m & ~playable == 0:
            continue
        spread = (m & ~dead).bit_count() + (1 if m & dead else 0)
        if spread < 2:
            continue
        key = (spread, position)
        if best is None or key > best[0]:
            best = (key, position, m)
    if best is None:
        return None
    parts = _partition(best[2], room, playable, dead, weights, rules)
    count = len(parts)
    return Stage((), best[1], parts, [room // count + (p < room % count) for p in range(count)])


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
        chance = weight(possible & playable, counts) / max(1, weight(possible, counts))
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

    def board(self) -> tuple:
        """What the questions depend on besides the hands: (rules, playable, dead, critical,
        copies not yet played or lost per identity)."""
        rules = self.rules
        weights = tuple(rules.copies[i] - self.gone[i] for i in range(rules.size))
        return (rules, *self.masks(), weights)

    def questions(self, giver: int) -> tuple[int, list[Question]]:
        receivers, classes = self.layout(giver)
        modulus = sum(classes)
        board = self.board()
        alive = mask_of_counts(board[4])
        know = self.know
        return modulus, [
            Question(hand, [(know[c] & alive) or know[c] for c in hand], modulus, board)
            for hand in (self.hands[r] for r in receivers)
        ]

    def public_chop(self, hand, masks, weights) -> int:
        """The card of `hand` (what everyone knows of it: `masks`) whose loss costs least as
        everyone can tell: the one a player who knows no dead card would discard."""
        _playable, dead, critical = self.masks()
        return least_loss(hand, masks, weights, dead, critical, self.rules)

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
            kind = duck_class(self.hands[event.target], event.touched, classes[index])
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


def _clue_class(kind: str, touches_newest: bool, classes: int) -> int:
    if touches_newest:
        return 0 if kind == "rank" else 1
    if classes == 3:
        return 2
    return 2 if kind == "rank" else 3


def weight(mask: int, weights) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += weights[low.bit_length() - 1]
        mask ^= low
    return total


def least_loss(hand, masks, weights, dead, critical, rules, free=frozenset()) -> int:
    """The card of `hand` whose loss costs least: one whose mask (`masks`, in hand order) is all
    dead, else the lowest expected cost over its identities weighted by `weights` (a critical
    identity 100, another 6 - rank, a dead one or one in `free` nothing); the oldest on a tie."""
    best, best_cost = hand[-1], None
    for card, mask in zip(hand, masks):
        if mask & ~dead == 0:
            return card
        cost = total = 0
        for i in rules.identities(mask):
            n = max(weights[i], 1)
            total += n
            if not dead >> i & 1 and i not in free:
                cost += n * (100 if critical >> i & 1 else 6 - rules.rank_of[i])
        expected = cost / total
        if best_cost is None or expected <= best_cost:
            best, best_cost = card, expected
    return best


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


def duck_class(hand, touched, classes: int) -> int:
    """A Duck clue's value within its receiver's block: the position of the newest card it
    touches, the last value for none of the first `classes - 1`."""
    for position, card in enumerate(hand[: classes - 1]):
        if card in touched:
            return position
    return classes - 1


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
