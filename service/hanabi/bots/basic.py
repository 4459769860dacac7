"""The basic strategy: a subset of the H-group's beginner conventions, so that people can sit
at a table with it (written for people in docs/conventions.md).

- The chop is a hand's oldest unclued card: the card its owner discards next; the finesse
  position its newest unclued card.
- A clue's focus is the chop when the clue newly touches it, else the newest card it newly
  touches. The focus is a card that plays now, or once cards everyone knows someone holds
  have played ("play clue"); on the chop it may instead be a card that must not be lost, the
  last copy of a card or a 5 ("save clue"), or with a "2" clue when no 2 may be a play, any 2
  (a 2 save), and then it may be either. The receiver narrows the focus to what the clue allows.
- Finesse, on the next player only: a clue whose focus is one rank above a card that plays now,
  when no one is known to hold that card, may mean that the player after the giver holds it in
  their finesse position. That player plays it blind at once if the focus (which it sees) is no
  play or save clue and no hand it sees but the giver's holds the card; a blind play that scores
  makes the focus the card above it, anything else leaves the play or save clue.
- Good touch: no clue newly touches a card that can no longer score or a copy of one clued in a
  hand the giver sees; a clued card is read accordingly. Every clue narrows what the clues told
  of a card it touches: never the same clue again on the same cards.
- On its turn a player plays a finesse it sees on itself, else a card it knows plays (from
  clues, the clue's meaning, good touch and card counting); else saves a teammate's endangered
  chop or gives the most useful play clue or finesse (one that also touches last copies
  elsewhere in the hand is worth a little more, since clued cards are kept); with 2 or more clue
  tokens, any clue that misleads no one; else discards a card it knows is useless, or its chop.
  It never discards a clued card unless it knows the card is useless.
- A teammate seen making a move these conventions never make (a clue that tells nothing new or
  whose focus is no play, save nor finesse, but a stall with every clue token in hand; a play of
  a card they could not know plays, but a finesse's blind play or a last-round play) is a
  stranger: their clues are read for what they say only (`strangers`, `Watch`).
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
from typing import NamedTuple

from ..engine import ClueEvent, ColorClue, Discard, Play, PlayEvent, RankClue, View
from .common import (
    PublicState,
    Rules,
    StateCache,
    best_gamble,
    mask_of_counts,
    rules_for,
    safe_fallback,
    unseen_counts,
    visible_identities,
)

CLUE_FROM_TOKENS = 2
"""With this many clue tokens, a harmless clue is given rather than a discard."""
LAST_ROUND_GAMBLE = 0.2
"""In the last round, with a strike to spare, a card that plays this likely is played."""
DELAYED_PLAY_WORTH = 1.5
"""Worth of making a card known to play once cards others are known to hold have played."""
CHAIN_LENGTH = 4
FINESSE_WORTH = 4.0
"""Worth of a finesse: the next player's blind play and the focus, which then plays."""
TWO_SAVE_WORTH = 1.5
"""Worth of a 2 save: a "2" clue on a chop 2 whose other copy no one holds that the giver sees."""
EARLY_SAVE_WORTH = 0.5
"""Worth of newly touching, anywhere in a hand, the last copy of a card still needed: it is then kept."""


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


def claims(prior: int, clue: int, on_chop: bool, playable: int, dead: int, critical: int) -> bool:
    """Whether `interpret` gives the focus a meaning (a play or a save) beyond the clue's own."""
    possible = prior & clue & ~dead
    return bool(possible & playable or on_chop and possible & critical)


def pin(meaning: int, playable: int) -> int:
    """Throw It in a Hole: a play clue names the lowest of the identities it leaves, so that its
    focus has one identity (a play must have one)."""
    if meaning and meaning & ~playable == 0:
        return meaning & -meaning
    return meaning


class Finesse(NamedTuple):
    """A clue that may be a finesse, until its giver's next player has moved."""

    focus: int
    card: int
    """The next player's finesse position: its newest unclued card."""
    seat: int
    direct: int
    """What the focus is when that player does not play the card (a play or save clue)."""
    finesse: int
    """What the focus may be when that player plays the card and it scores: one rank above it."""


class BasicState(PublicState):
    __slots__ = ("distrust", "finesse", "meaning")

    def __init__(self, rules: Rules, distrust: frozenset[int] = frozenset()):
        super().__init__(rules)
        self.meaning: dict[int, int] = {}
        self.finesse: Finesse | None = None
        self.distrust = distrust
        """Seats whose clues are read for what they say only: no focus, no play or save, no finesse."""

    def _copy_extra(self, new) -> None:
        new.meaning = dict(self.meaning)
        new.finesse = self.finesse
        new.distrust = self.distrust

    def advance(self, event, context=None) -> None:
        if self.finesse is not None:
            self.resolve(event)
        super().advance(event, context)

    def resolve(self, event) -> None:
        """Settle a possible finesse by the next player's move: a blind play that scores makes
        the focus one rank above it; anything else leaves the play or save clue."""
        pending, self.finesse = self.finesse, None
        if type(event) is PlayEvent and event.card == pending.card and event.success:
            above = self.rules.identity(event.suit, event.rank) + 1
            self.meaning[pending.focus] = pending.finesse & (1 << above)
        else:
            self.meaning[pending.focus] = pending.direct

    def savable(self, kind: str, value: int, critical: int, dead: int, soon: int) -> int:
        """What a clue on the chop may save: the last copies of cards still needed and the 5s,
        and with a "2" clue, when no 2 may be a play, any 2 that may still score (a 2 save)."""
        twos = self.rules.rank_mask.get(2, 0)
        if kind == "rank" and value == 2 and self.rules.finessable and not twos & soon:
            return critical | (twos & ~dead)
        return critical

    def finesse_position(self, seat: int) -> int | None:
        for card in self.hands[seat]:
            if card not in self.clued:
                return card
        return None

    def finesse_part(self, possible: int, playable: int, soon: int) -> int:
        """The identities a focus may have as the target of a finesse: one rank above a card
        that plays now, when no one is known to hold that card."""
        if not self.rules.finessable:
            return 0
        above = 0
        for i in self.rules.identities(playable):
            if self.rules.rank_of[i] < 5:
                above |= 1 << (i + 1)
        return possible & above & ~soon

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
        if fresh and event.seat not in self.distrust:
            focus = chop if chop in fresh else fresh[0]
            playable, dead, critical = self.masks()
            critical = self.savable(event.clue_kind, event.value, critical, dead, self.soon(playable))
            clue = self.rules.clue_mask(event.clue_kind, event.value)
            soon = self.soon(playable)
            prior = self.known(focus)
            meaning = interpret(prior, clue, focus == chop, soon, dead, critical)
            if self.rules.hidden_plays:
                meaning = pin(meaning, playable)
            finesse = self.finesse_part(prior & clue & ~dead, playable, soon)
            blind_seat = (event.seat + 1) % self.rules.players
            card = self.finesse_position(blind_seat) if blind_seat != event.target else None
            super().apply_clue(event)
            if finesse and card is not None:
                direct = meaning if claims(prior, clue, focus == chop, soon, dead, critical) else 0
                self.finesse = Finesse(focus, card, blind_seat, direct, finesse)
                self.meaning[focus] = direct | finesse
            elif meaning:
                self.meaning[focus] = meaning
            if self.rules.finessable:
                for card in fresh:
                    if card != focus and self.clue_masks[card] & ~dead:
                        self.meaning[card] = self.clue_masks[card] & ~dead
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


class Watch(BasicState):
    """The public state as one seat rebuilds it, watching its teammates' moves for ones these
    conventions do not allow (see `strangers`)."""

    __slots__ = ("strangers", "used")

    def __init__(self, rules: Rules):
        super().__init__(rules)
        self.strangers: frozenset[int] = frozenset()
        self.used: dict[int, int] = {}

    def _copy_extra(self, new) -> None:
        super()._copy_extra(new)
        new.strangers = self.strangers
        new.used = dict(self.used)

    def advance(self, event, context=None) -> None:
        viewer, identity_of = context
        pending = self.finesse
        if pending is not None:
            self.resolve(event)
        seat = getattr(event, "seat", viewer)
        if seat != viewer and seat not in self.strangers:
            blind = pending is not None and pending.card == getattr(event, "card", None)
            if not blind and self._breaks_conventions(event, viewer, identity_of):
                self.strangers |= {seat}
        super().advance(event, context)

    def _breaks_conventions(self, event, viewer: int, identity_of) -> bool:
        """Whether a teammate's move is one these conventions never make, as far as the viewer
        can tell: a clue that tells nothing new, or whose focus (a card the viewer sees) is
        neither what the clue means nor a finesse's target (but a stall with every clue token in
        hand); a play of a card it could not know
        plays (but a finesse's blind play, or a play in the last round)."""
        kind = type(event)
        if kind is ClueEvent and event.target != viewer:
            return self._misleads(event, identity_of)
        if kind is PlayEvent and event.drew is not None and event.suit is not None:
            return self._unfounded(event, viewer, identity_of)
        return False

    def _misleads(self, event, identity_of) -> bool:
        rules = self.rules
        if event.clue_kind is None or event.clue_tokens + 1 >= rules.options.clue_tokens:
            return False
        for card in self.hands[event.target]:
            self.used[card] = identity_of[card]
        mask = rules.clue_mask(event.clue_kind, event.value)
        touched = [c for c in self.hands[event.target] if c in event.touched]
        if not tells_something(self, touched, mask):
            return True
        fresh = [c for c in touched if c not in self.clued]
        if not fresh:
            return False
        chop = self.chop(event.target)
        focus = chop if chop in fresh else fresh[0]
        playable, dead, critical = self.masks()
        soon = self.soon(playable)
        critical = self.savable(event.clue_kind, event.value, critical, dead, soon)
        prior = self.known(focus)
        meaning = interpret(prior, mask, focus == chop, soon, dead, critical)
        meaning |= self.finesse_part(prior & mask & ~dead, playable, soon)
        return not meaning >> identity_of[focus] & 1

    def _unfounded(self, event, viewer: int, identity_of) -> bool:
        """A play of a card whose player could not know it plays: some identity that neither
        plays nor is dead stays possible for it, even were every copy the player could see that
        the viewer cannot (in the viewer's own hand) ruled out, and the copies clued elsewhere
        (good touch)."""
        rules = self.rules
        playable, dead, _ = self.masks()
        doubt = self.known(event.card) & ~(playable | dead)
        if not doubt:
            return False
        left = [rules.copies[i] - self.gone[i] for i in range(rules.size)]
        for seat, hand in enumerate(self.hands):
            if seat not in (viewer, event.seat):
                for card in hand:
                    self.used[card] = identity_of[card]
                    left[identity_of[card]] -= 1
                    if event.card in self.clued and card in self.clued:
                        doubt &= ~(1 << identity_of[card])
        mine = [self.known(card) for card in self.hands[viewer]]
        if event.card in self.clued:
            for card, mask in zip(self.hands[viewer], mine):
                if card in self.clued:
                    doubt &= ~mask
        return any(left[i] > sum(1 for mask in mine if mask >> i & 1) for i in rules.identities(doubt))


_cache = StateCache()
_watches = StateCache()


def public_state(view: View, distrust: frozenset[int] = frozenset()) -> BasicState:
    """The public facts of the view's history, reading the clues of the `distrust` seats for
    what they say only."""
    rules = rules_for(view.options)
    return _cache.get((view.options, distrust), view.history, lambda: BasicState(rules, distrust))


def strangers(view: View) -> frozenset[int]:
    """The teammates the viewer has seen make a move these conventions never make: a clue that
    tells nothing new or whose focus is neither a play, a save nor a finesse, or a play of a
    card they could not know plays. Their clues are then read for what they say only (a card
    it does not understand is not played blind)."""
    rules = rules_for(view.options)
    if rules.pointing_clues or rules.hidden_plays or not rules.finessable:
        return frozenset()
    identity_of = visible_identities(view)
    watch = _watches.get(
        (view.options, view.seat),
        view.history,
        lambda: Watch(rules),
        context=(view.seat, identity_of),
        check=lambda used: all(identity_of.get(c) == i for c, i in used.items()),
        remember=lambda state: state.used,
    )
    return watch.strangers


class Picture:
    """The bot's picture of the game at one decision: the facts it derives from its view."""

    def __init__(self, view: View):
        self.view = view
        self.strangers = strangers(view)
        state = public_state(view, self.strangers)
        self.rules = rules = state.rules
        self.identity = {
            card.id: rules.identity(card.suit, card.rank)
            for seat, hand in enumerate(view.hands)
            if seat != view.seat
            for card in hand
        }
        self.blind_play = self.kept_back = None
        """The finesse position the viewer plays blind now, or keeps back from its plays (the
        finesse it was not)."""
        pending = state.finesse
        if pending is not None and pending.seat == view.seat:
            if _finessed(view, state, self.identity, pending):
                self.blind_play = pending.card
            else:
                self.kept_back = pending.card
                state = state.copy()
                state.resolve(None)
        self.state = state
        self.playable, self.dead, self.critical = state.masks()
        self.soon = state.soon(self.playable)
        self.unseen = unseen_counts(rules, state, view)
        possible = mask_of_counts(self.unseen)
        self.hand = [c.id for c in view.my_hand]
        self.mine = {c: (self.public(c) & possible) or self.public(c) for c in self.hand}
        if rules.finessable:
            self._touch_only_once(view)

    def _touch_only_once(self, view: View) -> None:
        """Good touch: no one newly touches a copy of a card they see clued. So a clued card of
        the viewer's is not a card clued in another hand before it (unless in its giver's hand,
        which the giver does not see), nor one clued after it by someone other than the viewer."""
        seen = []
        for seat, hand in enumerate(view.hands):
            if seat != view.seat:
                for card in hand:
                    if card.clues:
                        seen.append((seat, card.clues[0], self.identity[card.id]))
        if not seen:
            return
        for card in view.my_hand:
            if not card.clues:
                continue
            first = card.clues[0]
            excluded = 0
            for seat, clue, i in seen:
                if (clue.turn < first.turn and seat != first.seat) or (
                    clue.turn > first.turn and clue.seat != view.seat
                ):
                    excluded |= 1 << i
            mask = self.mine[card.id]
            if mask & ~excluded:
                self.mine[card.id] = mask & ~excluded

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
    t = Picture(view)
    seat, legal = view.seat, set(view.legal_actions)

    if t.blind_play is not None:
        return Play(seat, t.blind_play)
    if t.rules.hidden_plays:
        plays = [c for c in t.hand if t.known_play(t.state.known(c))]
    else:
        plays = [c for c in t.hand if t.mine[c] & ~t.playable == 0]
    if t.kept_back in plays:
        plays.remove(t.kept_back)
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
    if can_discard and t.hand:
        return Discard(seat, min(t.hand, key=lambda c: _keep_value(t, c)))
    stall = _stall_clue(t, legal) if tokens > 0 and not t.rules.pointing_clues else None
    return stall if stall is not None else safe_fallback(view, rng)


def _stall_clue(t: Picture, legal: set):
    """With nothing to play and no discard allowed: a clue that tells something new, touching
    only cards already clued if one does."""
    fallback = None
    for _, target, hand, ids, candidates in _clue_targets(t):
        for kind, value in candidates:
            clue = ColorClue(t.view.seat, target, value) if kind == "color" else RankClue(t.view.seat, target, value)
            mask = t.rules.clue_mask(kind, value)
            touched = [c for c, i in zip(hand, ids) if mask >> i & 1]
            if clue not in legal or not tells_something(t.state, touched, mask):
                continue
            if all(c in t.state.clued for c in touched):
                return clue
            fallback = fallback or clue
    return fallback


def _finessed(view: View, state: BasicState, identities: dict[int, int], pending: Finesse) -> bool:
    """Whether the clue just given is a finesse on the viewer: its focus is one rank above a
    card that plays now and is not a card it could be as a play or save clue, and no hand the
    viewer sees but the giver's holds that card."""
    focus = identities.get(pending.focus)
    if focus is None or not pending.finesse >> focus & 1 or pending.direct >> focus & 1:
        return False
    giver = (view.seat - 1) % state.rules.players
    return _copies_in_sight(view.seat, state, identities, focus - 1, skip=giver) == 0


def _copies_in_sight(seat: int, state: BasicState, identities: dict[int, int], identity: int, skip: int) -> int:
    """Copies of `identity` in the hands the viewer sees, but `skip`'s."""
    return sum(
        1
        for other, hand in enumerate(state.hands)
        if other not in (seat, skip)
        for card in hand
        if identities[card] == identity
    )


def _lowest_rank(mask: int, rules) -> int:
    return min(rules.rank_of[i] for i in range(mask.bit_length()) if mask >> i & 1)


def _keep_value(t: Picture, card: int) -> float:
    mask, total, value = t.mine[card], 0, 0.0
    for i in range(t.rules.size):
        if mask >> i & 1:
            n = max(t.unseen[i], 1)
            total += n
            if not t.dead >> i & 1:
                value += n * (10 if t.critical >> i & 1 else 6 - t.rules.rank_of[i])
    return value / total if total else 0.0


def _rank_clues(t: Picture) -> list[tuple[float, object]]:
    """Every clue that tells no lie under the conventions, best first, with its worth: new
    cards made known playable, a saved chop, less for touching useless cards."""
    view, state, rules = t.view, t.state, t.rules
    seat = view.seat
    clued_identities = _clued_identities(t)
    exact = rules.hidden_plays
    ranked = []
    blind_seat = (seat + 1) % rules.players
    blind_card = state.finesse_position(blind_seat) if rules.finessable else None
    for distance, target, hand, ids, candidates in _clue_targets(t):
        chop = state.chop(target)
        urgent_save = chop is not None and t.critical >> t.identity[chop] & 1
        two_save = chop is not None and not urgent_save and _two_to_save(t, target, chop)
        for kind, value in candidates:
            mask = rules.clue_mask(kind, value)
            critical = state.savable(kind, value, t.critical, t.dead, t.soon)
            touched = [c for c, i in zip(hand, ids) if mask >> i & 1]
            if not tells_something(state, touched, mask):
                continue
            fresh = [c for c in touched if c not in state.clued]
            worth = 0.0
            if fresh:
                focus = chop if chop in fresh else fresh[0]
                prior = state.known(focus)
                meaning = interpret(prior, mask, focus == chop, t.soon, t.dead, critical)
                if exact:
                    meaning = pin(meaning, t.playable)
                focus_id = t.identity[focus]
                finesse = state.finesse_part(prior & mask & ~t.dead, t.playable, t.soon)
                if finesse and blind_card is not None and target != blind_seat:
                    if not claims(prior, mask, focus == chop, t.soon, t.dead, critical):
                        meaning = 0
                    if not meaning >> focus_id & 1:
                        if not (
                            finesse >> focus_id & 1
                            and t.identity[blind_card] == focus_id - 1
                            and _copies_in_sight(seat, state, t.identity, focus_id - 1, skip=seat) == 1
                            and focus_id - 1 not in clued_identities
                            and focus_id not in clued_identities
                        ):
                            continue
                        worth += FINESSE_WORTH - 0.1 * rules.rank_of[focus_id] - 0.05 * distance
                        meaning = 1 << focus_id
                elif meaning and not meaning >> focus_id & 1:
                    continue
                if focus == chop and urgent_save:
                    worth += 5.0 - 0.5 * distance
                elif focus == chop and two_save and kind == "rank":
                    worth += TWO_SAVE_WORTH - 0.5 * distance
                if any(_bad_touch(t, clued_identities, t.identity[c]) for c in fresh):
                    continue
                for c in fresh:
                    i = t.identity[c]
                    if ids.count(i) > 1:
                        worth -= 1.0
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


def _two_to_save(t: Picture, target: int, chop: int) -> bool:
    """Whether a teammate's chop is a 2 to save: it does not play yet, can still score, and no
    other copy is in a hand the viewer sees or clued."""
    i = t.identity[chop]
    if not t.rules.finessable or t.rules.rank_of[i] != 2 or (t.playable | t.dead) >> i & 1:
        return False
    return not any(t.identity[c] == i for hand in t.state.hands for c in hand if c != chop and c in t.identity)


def tells_something(state: PublicState, touched, mask: int) -> bool:
    """Whether a clue narrows what the clues so far told of some card it touches (so it is
    never the same clue again on the same cards, even when it tells the cards drawn since that
    they are not of its kind)."""
    for card in touched:
        before = state.clue_mask_of(card)
        if before & mask != before:
            return True
    return False


def _clue_targets(t: Picture):
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


def _bad_touch(t: Picture, clued_identities: set[int], i: int) -> bool:
    """Whether newly touching a card of identity `i` breaks good touch: a card that can no
    longer score, or a copy of one already clued. (Two copies in the one hand a clue touches
    are allowed: its receiver reads neither as the other.)"""
    return t.rules.finessable and (t.dead >> i & 1 or i in clued_identities)


def _clued_identities(t: Picture) -> set[int]:
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


def _rank_pointing_clues(t: Picture) -> list[tuple[float, object]]:
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
