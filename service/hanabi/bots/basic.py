"""The basic strategy: simple human conventions, so that people can sit at a table with it.

- The chop is a hand's oldest unclued card: the card its owner discards next.
- A clue's focus is the chop when the clue newly touches it, else the newest card it newly
  touches. The focus is a card that plays now, or once cards everyone knows someone holds
  have played ("play clue"); on the chop it may instead be a card that must not be lost, the
  last copy of a card or a 5 ("save clue"), and then it may be either. The receiver narrows
  the focus to what the clue allows.
- On its turn a player plays a card it knows plays (from clues, the clue's meaning and card
  counting); else saves a teammate's endangered chop or gives the most useful play clue (one
  that also touches last copies elsewhere in the hand is worth a little more, since clued
  cards are kept); with 4 or more clue tokens, any clue that misleads no one; else discards a
  card it knows is useless, or its chop. It never discards a clued card unless it knows the
  card is useless.
- Where a clue only points at cards (Cow & Pig, Duck), the focus of every clue plays now: no
  save, no delayed play. The giver gives it only on a card that plays and of which no copy is
  clued (nor may be among its own clued cards); only the focus counts as clued. A clue touching
  the chop while every clue token is in hand (no one may discard) has no focus: a stall.
- In Throw It in a Hole no seat sees a play score. A card is played only when everyone knows its
  one identity and that it plays, so every seat knows what each play into the hole built, and
  no strike is risked. A play clue there names the lowest of the identities it leaves (a rank
  clue: the first suit whose card of that rank plays), and a clue counts as making a card
  playable only when it leaves it one identity.
"""

import random

from ..engine import ColorClue, Discard, Play, RankClue, View
from .common import PublicState, best_gamble, Rules, StateCache, mask_of_counts, rules_for, safe_fallback, unseen_counts

CLUE_FROM_TOKENS = 4
"""With this many clue tokens, a harmless clue is given rather than a discard."""
LAST_ROUND_GAMBLE = 0.2
DELAYED_PLAY_WORTH = 1.5
"""Worth of making a card known to play once cards others are known to hold have played."""
CHAIN_LENGTH = 4
EARLY_SAVE_WORTH = 0.5
"""Worth of newly touching, anywhere in a hand, the last copy of a card still needed: it is then kept."""
"""In the last round, with a strike to spare, a card that plays this likely is played."""


def interpret(prior: int, clue: int, on_chop: bool, playable: int, dead: int, critical: int) -> int:
    """What the focus of a clue may be, given what was known of it (`prior`) and the clue's
    own information; 0 when the clue says nothing beyond what it touches."""
    possible = prior & clue & ~dead
    if possible & playable:
        if on_chop and possible & critical & ~playable:
            return possible & (playable | critical)
        return possible & playable
    if on_chop and possible & critical:
        return possible & critical
    return possible


def pin(meaning: int, playable: int) -> int:
    """Throw It in a Hole: a play clue names the lowest of the identities it leaves, so that its
    focus has one identity (a play must have one)."""
    if meaning and meaning & ~playable == 0:
        return meaning & -meaning
    return meaning


class BasicState(PublicState):
    __slots__ = ("meaning",)

    def __init__(self, rules: Rules):
        super().__init__(rules)
        self.meaning: dict[int, int] = {}

    def _copy_extra(self, new) -> None:
        new.meaning = dict(self.meaning)

    def chop(self, seat: int) -> int | None:
        for card in reversed(self.hands[seat]):
            if card not in self.clued:
                return card
        return None

    def soon(self, playable: int) -> int:
        """What a play clue may name: a card that plays now and that no one is known to hold,
        or the next card of one someone is known to hold (up to CHAIN_LENGTH cards ahead)."""
        known = [mask for hand in self.hands for mask in map(self.known, hand) if mask & (mask - 1) == 0]
        soon, held = playable, 0
        for _ in range(CHAIN_LENGTH):
            newly = 0
            for mask in known:
                if mask & soon & ~held:
                    newly |= mask
            if not newly:
                break
            held |= newly
            for i in self.rules.identities(newly):
                if self.rules.rank_of[i] < 5:
                    soon |= 1 << (i + 1)
        return soon & ~held

    def public_mask(self, card: int) -> int:
        return self.known(card)

    def known(self, card: int) -> int:
        """What everyone knows of a card: its clues and the meaning of the clue that focused it."""
        mask = self.clue_mask_of(card)
        return (mask & self.meaning.get(card, mask)) or mask

    def apply_clue(self, event) -> None:
        if self.rules.pointing_clues:
            self._apply_pointing_clue(event)
            return
        hand = self.hands[event.target]
        fresh = [c for c in hand if c in event.touched and c not in self.clued]
        chop = self.chop(event.target)
        if fresh:
            focus = chop if chop in fresh else fresh[0]
            playable, dead, critical = self.masks()
            clue = self.rules.clue_mask(event.kind, event.value)
            meaning = interpret(self.known(focus), clue, focus == chop, self.soon(playable), dead, critical)
            if self.rules.hidden_plays:
                meaning = pin(meaning, playable)
            super().apply_clue(event)
            if meaning:
                self.meaning[focus] = meaning
        else:
            super().apply_clue(event)

    def pointing_focus(self, target: int, touched, tokens_full: bool) -> int | None:
        """The focus of a pointing clue, which plays now: the chop when the clue touches it,
        else the newest touched card no clue focused yet; only a focus counts as clued. A clue
        given with every clue token in hand that touches the chop, or no card without a focus,
        has none: it stalls."""
        fresh = [c for c in self.hands[target] if c in touched and c not in self.clued]
        if not fresh:
            return None
        chop = self.chop(target)
        if chop in fresh:
            return None if tokens_full else chop
        return fresh[0]

    def _apply_pointing_clue(self, event) -> None:
        self.clue_count += 1
        focus = self.pointing_focus(
            event.target, event.touched, event.clue_tokens + 1 >= self.rules.options.clue_tokens
        )
        if focus is None:
            return
        self.meaning[focus] = self.masks()[0]
        self.clued.add(focus)


_cache = StateCache()


def public_state(view: View) -> BasicState:
    rules = rules_for(view.options)
    return _cache.get(view.options, view.history, lambda: BasicState(rules))


class Table:
    """One decision's worth of derived facts."""

    def __init__(self, view: View):
        self.view = view
        self.state = state = public_state(view)
        self.rules = rules = state.rules
        self.playable, self.dead, self.critical = state.masks()
        self.soon = state.soon(self.playable)
        self.unseen = unseen_counts(rules, state, view)
        possible = mask_of_counts(self.unseen)
        self.hand = [c.id for c in view.my_hand]
        self.mine = {c: (self.public(c) & possible) or self.public(c) for c in self.hand}
        self.identity = {
            card.id: rules.identity(card.suit, card.rank)
            for seat, hand in enumerate(view.hands)
            if seat != view.seat
            for card in hand
        }

    def public(self, card: int) -> int:
        """What everyone knows of a card now. A pointing play clue named a card that played
        then, and no one clues a copy of a card already clued to play: it is not one that has
        become dead since."""
        mask = self.state.known(card)
        if self.rules.pointing_clues and card in self.state.meaning:
            return (mask & ~self.dead) or mask
        return mask

    def known_play(self, mask: int) -> bool:
        """Whether a card everyone knows this of is known to play. In Throw It in a Hole only a
        single identity counts, so that everyone knows which firework a play into the hole built."""
        return mask & ~self.playable == 0 and (not self.rules.hidden_plays or mask & (mask - 1) == 0)


def choose(view: View, rng: random.Random):
    if view.is_over or not view.legal_actions:
        return safe_fallback(view, rng)
    t = Table(view)
    seat, legal = view.seat, set(view.legal_actions)

    if t.rules.hidden_plays:
        plays = [c for c in t.hand if t.known_play(t.state.known(c))]
    else:
        plays = [c for c in t.hand if t.mine[c] & ~t.playable == 0]
    if plays:
        return Play(seat, min(plays, key=lambda c: (_lowest_rank(t.mine[c], t.rules), -t.hand.index(c))))
    gamble = best_gamble(view, t.mine, t.playable, t.unseen, LAST_ROUND_GAMBLE)
    if gamble is not None:
        return Play(seat, gamble)

    tokens, max_tokens = view.clue_tokens, view.options.clue_tokens
    rank_clues = _rank_pointing_clues if t.rules.pointing_clues else _rank_clues
    clues = rank_clues(t) if tokens > 0 else []
    clues = [(value, clue) for value, clue in clues if clue in legal]
    if clues and (clues[0][0] > 0 or (tokens >= CLUE_FROM_TOKENS and clues[0][0] >= 0)):
        return clues[0][1]

    can_discard = tokens < max_tokens
    if can_discard:
        useless = [c for c in t.hand if t.mine[c] & ~t.dead == 0]
        if useless:
            return Discard(seat, useless[-1])
        chop = t.state.chop(seat)
        if chop is not None and chop in t.mine:
            return Discard(seat, chop)
    if clues:
        return clues[0][1]
    if can_discard:
        return Discard(seat, min(t.hand, key=lambda c: _keep_value(t, c)))
    return safe_fallback(view, rng)


def _lowest_rank(mask: int, rules) -> int:
    return min(rules.rank_of[i] for i in range(mask.bit_length()) if mask >> i & 1)


def _keep_value(t: Table, card: int) -> float:
    mask, total, value = t.mine[card], 0, 0.0
    for i in range(t.rules.size):
        if mask >> i & 1:
            n = max(t.unseen[i], 1)
            total += n
            if not t.dead >> i & 1:
                value += n * (10 if t.critical >> i & 1 else 6 - t.rules.rank_of[i])
    return value / total if total else 0.0


def _rank_clues(t: Table) -> list[tuple[float, object]]:
    """Every clue that tells no lie under the conventions, best first, with its worth: new
    cards made known playable, a saved chop, less for touching useless cards."""
    view, state, rules = t.view, t.state, t.rules
    seat = view.seat
    clued_identities = _clued_identities(t)
    exact = rules.hidden_plays
    ranked = []
    for distance, target, hand, ids, candidates in _clue_targets(t):
        chop = state.chop(target)
        urgent_save = chop is not None and (t.critical & ~t.playable) >> t.identity[chop] & 1
        for kind, value in candidates:
            mask = rules.clue_mask(kind, value)
            touched = [c for c, i in zip(hand, ids) if mask >> i & 1]
            if not tells_something(state, hand, touched, mask):
                continue
            fresh = [c for c in touched if c not in state.clued]
            worth = 0.0
            if fresh:
                focus = chop if chop in fresh else fresh[0]
                meaning = interpret(state.known(focus), mask, focus == chop, t.soon, t.dead, t.critical)
                if exact:
                    meaning = pin(meaning, t.playable)
                focus_id = t.identity[focus]
                if meaning and not meaning >> focus_id & 1:
                    continue
                if focus == chop and urgent_save:
                    worth += 5.0 - 0.5 * distance
                for c in fresh:
                    i = t.identity[c]
                    if t.dead >> i & 1 or i in clued_identities or ids.count(i) > 1:
                        worth -= 2.0
                    elif (t.critical & ~t.playable) >> i & 1:
                        worth += EARLY_SAVE_WORTH
            seen_new_plays = set()
            for c, i in zip(hand, ids):
                before = state.known(c)
                after = before & (mask if c in touched else ~mask)
                if fresh and c == focus and meaning:
                    after &= meaning
                if exact:
                    if after & (after - 1) or not before & (before - 1):
                        continue
                    before = -1
                if after & ~t.playable == 0 and before & ~t.playable:
                    if not t.playable >> i & 1:
                        worth = -100.0
                        break
                    if i not in clued_identities and i not in seen_new_plays:
                        worth += 2.0 - 0.1 * rules.rank_of[i] - 0.05 * distance
                        seen_new_plays.add(i)
                elif after & ~t.soon == 0 and before & ~t.soon:
                    if not t.soon >> i & 1:
                        worth = -100.0
                        break
                    if i not in clued_identities and i not in seen_new_plays:
                        worth += DELAYED_PLAY_WORTH - 0.1 * rules.rank_of[i] - 0.05 * distance
                        seen_new_plays.add(i)
            if worth <= -100:
                continue
            clue = ColorClue(seat, target, value) if kind == "color" else RankClue(seat, target, value)
            ranked.append((worth, clue))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked


def tells_something(state: PublicState, hand, touched, mask: int) -> bool:
    """Whether a clue touching `touched` of `hand` narrows what the clues so far told of some
    card of it (the touched ones are among `mask`, the others are not)."""
    for card in hand:
        before = state.clue_mask_of(card)
        if before & (mask if card in touched else ~mask) != before:
            return True
    return False


def _clue_targets(t: Table):
    """Per teammate holding cards, nearest first: (distance, seat, hand, identities of its cards,
    the clues that touch one of them)."""
    rules, players = t.rules, t.rules.players
    for distance in range(1, players):
        target = (t.view.seat + distance) % players
        hand = t.state.hands[target]
        if not hand:
            continue
        ids = [t.identity[c] for c in hand]
        candidates = sorted({("color", color) for i in ids for color in rules.colors_of[i]})
        candidates += sorted({("rank", rank) for i in ids for rank in rules.rank_clues_of[i]})
        yield distance, target, hand, ids, candidates


def _clued_identities(t: Table) -> set[int]:
    """Identities of the clued cards others hold, and of the viewer's clued cards it knows."""
    state = t.state
    identities = set()
    for hand in state.hands:
        for card in hand:
            if card in state.clued and card in t.identity:
                identities.add(t.identity[card])
    for card in t.hand:
        mask = t.mine[card]
        if card in state.clued and mask & (mask - 1) == 0:
            identities.add(mask.bit_length() - 1)
    return identities


def _rank_pointing_clues(t: Table) -> list[tuple[float, object]]:
    """Cow & Pig, Duck: every clue whose focus plays now and is a card of which no copy is clued
    (nor may be among the viewer's own clued cards), best first, with its worth; a stall, worth
    nothing, when the clue has no focus."""
    view, state, rules = t.view, t.state, t.rules
    seat = view.seat
    clued_identities = _clued_identities(t)
    maybe_mine = 0
    for card in t.hand:
        if card in state.meaning:
            maybe_mine |= t.mine[card]
    tokens_full = view.clue_tokens >= view.options.clue_tokens
    ranked = []
    for distance, target, hand, ids, candidates in _clue_targets(t):
        for kind, value in candidates:
            mask = rules.clue_mask(kind, value)
            touched = {c for c, i in zip(hand, ids) if mask >> i & 1}
            focus = state.pointing_focus(target, touched, tokens_full)
            worth = 0.0
            if focus is not None:
                i = t.identity[focus]
                if not t.playable >> i & 1 or i in clued_identities or maybe_mine >> i & 1:
                    continue
                worth = 2.0 - 0.1 * rules.rank_of[i] - 0.05 * distance
            clue = ColorClue(seat, target, value) if kind == "color" else RankClue(seat, target, value)
            ranked.append((worth, clue))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked
