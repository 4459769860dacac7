"""The basic strategy's public state: what each clue means under the conventions (its focus,
a play, a save or a finesse), rebuilt from the history, and the teammates seen breaking them
(see `basic` for the conventions)."""

from typing import NamedTuple

from ..engine import ClueEvent, DiscardEvent, PlayEvent, View
from .common import PublicState, Rules, StateCache, rules_for, visible_identities

CLUE_FROM_TOKENS = 2
"""With this many clue tokens, a harmless clue is given rather than a discard; with fewer (but
one), a player with a card to play may clue first, to save the next player's chop."""
NEVER = 1 << 30
"""A turn no game reaches."""
Distrust = frozenset[tuple[int, int]]
"""(seat, turn): that seat's clues given before that turn are read for what they say only."""
CHAIN_LENGTH = 4
"""A delayed play clue may name a card up to this many cards ahead of one that plays now."""


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
    """A clue that may be a finesse, until the players between its giver and its receiver have
    moved."""

    focus: int
    giver: int
    seats: tuple[int, ...]
    """The players after the giver and before the receiver, in turn order."""
    cards: tuple[int, ...]
    """Their finesse positions (newest unclued cards), one per seat."""
    direct: int
    """What the focus is when none of them plays their card (a play or save clue)."""
    finesse: int
    """What the focus may be when one of them plays their card and it scores: one rank above it."""
    turn: int
    """The turn the clue was given."""


class BasicState(PublicState):
    __slots__ = ("blind", "distrust", "finesse", "meaning")

    def __init__(self, rules: Rules, distrust: Distrust = frozenset()):
        super().__init__(rules)
        self.meaning: dict[int, int] = {}
        self.finesse: Finesse | None = None
        self.blind: dict[int, tuple[int, int]] = {}
        """Per card played blind for a finesse, the turn and the giver of the finesse's clue."""
        self.distrust = dict(distrust)
        """Per seat, the turn before which its clues are read for what they say only: no focus,
        no play or save, no finesse (NEVER: all of them)."""

    def _copy_extra(self, new) -> None:
        new.meaning = dict(self.meaning)
        new.finesse = self.finesse
        new.blind = self.blind
        new.distrust = self.distrust

    def advance(self, event, context=None) -> None:
        if self.finesse is not None:
            self.settle(event)
        super().advance(event, context)

    def settle(self, event) -> None:
        """Settle a possible finesse by a move: a blind play of one of the finesse positions
        that scores makes the focus one rank above it; a move of the last player before the
        receiver without such a play, or such a play that fails, leaves the play or save clue."""
        pending = self.finesse
        if type(event) is PlayEvent and event.card in pending.cards:
            self.finesse = None
            if event.success:
                self.blind = {**self.blind, event.card: (pending.turn, pending.giver)}
                above = self.rules.identity(event.suit, event.rank) + 1
                self.meaning[pending.focus] = pending.finesse & (1 << above)
            else:
                self.meaning[pending.focus] = pending.direct
        elif getattr(event, "seat", None) == pending.seats[-1]:
            self.resolve()

    def resolve(self) -> None:
        """Settle a possible finesse as no finesse: the play or save clue."""
        pending, self.finesse = self.finesse, None
        self.meaning[pending.focus] = pending.direct

    def between(self, giver: int, target: int) -> tuple[int, ...]:
        """The seats after `giver` and before `target` in turn order."""
        players = self.rules.players
        return tuple((giver + d) % players for d in range(1, (target - giver) % players))

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

    def prompt(self, possible: int, giver: int, soon: int) -> tuple[int, int] | None:
        """A prompt: the clued card someone other than the giver holds that the focus connects
        through, and the focus's identity. When the focus may be one rank above a card that plays
        (now or once known cards have played) and exactly one clued card, not known exactly,
        may be that card (the newest such card of its hand, in hands other than the giver's), the
        clue says that card is the one below the focus. None when no card or several fit."""
        if not self.rules.finessable:
            return None
        found = None
        for above in self.rules.identities(possible):
            below = above - 1
            if self.rules.rank_of[above] == 1 or not soon >> below & 1:
                continue
            for seat, hand in enumerate(self.hands):
                if seat == giver:
                    continue
                for card in hand:
                    mask = self.known(card) if card in self.clued else 0
                    if mask >> below & 1:
                        if mask & (mask - 1):
                            if found is not None:
                                return None
                            found = (card, above)
                        break
        return found

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
        if fresh and event.turn >= self.distrust.get(event.seat, -1):
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
            prompted = None
            if not claims(prior, clue, focus == chop, soon, dead, critical):
                prompted = self.prompt(prior & clue & ~dead, event.seat, soon)
            seats = self.between(event.seat, event.target) if self.finesse is None else ()
            positions = [(seat, self.finesse_position(seat)) for seat in seats]
            seats = tuple(seat for seat, card in positions if card is not None)
            cards = tuple(card for seat, card in positions if card is not None)
            super().apply_clue(event)
            if prompted is not None:
                below, above = prompted
                self.meaning[below] = 1 << (above - 1)
                self.meaning[focus] = 1 << above
            elif finesse and seats:
                direct = meaning if claims(prior, clue, focus == chop, soon, dead, critical) else 0
                self.finesse = Finesse(focus, event.seat, seats, cards, direct, finesse, event.turn)
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

    __slots__ = ("forgiven", "givers", "meant", "sources", "strangers", "used")

    def __init__(self, rules: Rules):
        super().__init__(rules)
        self.strangers: frozenset[int] = frozenset()
        """The seats seen making a move these conventions never make, and not forgiven since;
        the viewer too, when its own move was one (as far as it can tell, as its teammates would)."""
        self.forgiven: dict[int, int] = {}
        """Per stranger that has since shown it follows these conventions, the turn it last did."""
        self.used: dict[int, int] = {}
        self.meant: frozenset[int] = frozenset()
        """Cards a clue the viewer gave while a stranger touched: a teammate may read that clue
        by these conventions or for what it says, so neither acting on it nor not is strange."""
        self.sources: dict[int, int] = {}
        """Per card a clue gave a meaning, the seat that gave that clue."""
        self.givers: dict[int, int] = {}
        """Per card a play or save clue gave a meaning (beyond what it says), the seat that gave
        that clue (not a stall, with every clue token in hand, nor a possible finesse or prompt)."""

    def _copy_extra(self, new) -> None:
        super()._copy_extra(new)
        new.strangers = self.strangers
        new.forgiven = dict(self.forgiven)
        new.used = dict(self.used)
        new.givers = dict(self.givers)
        new.sources = dict(self.sources)
        new.meant = self.meant

    def advance(self, event, context=None) -> None:
        viewer, identity_of = context
        kind = type(event)
        if (kind is PlayEvent or kind is DiscardEvent) and event.suit is not None:
            self._check_meaning(event, viewer)
        pending = self.finesse
        seat = getattr(event, "seat", viewer)
        blind = pending is not None and getattr(event, "card", None) in pending.cards
        if seat in self.strangers and self._follows(event, blind):
            self.strangers -= {seat}
            self.forgiven[seat] = event.turn
        if pending is not None:
            self.settle(event)
        if seat not in self.strangers and not blind:
            if seat == viewer:
                broken = kind is ClueEvent and self._misleads(event, identity_of)
            else:
                broken = self._breaks_conventions(event, viewer, identity_of)
            if broken or self._ignores_play(event):
                self.strangers |= {seat}
                self.forgiven.pop(seat, None)
        self.distrust = dict.fromkeys(self.strangers, NEVER)
        if kind is ClueEvent and event.clue_tokens + 1 < self.rules.options.clue_tokens:
            before = dict(self.meaning)
            super().advance(event, context)
            changed = [card for card, meaning in self.meaning.items() if before.get(card) != meaning]
            for card in changed:
                self.sources[card] = seat
            if seat == viewer and viewer in self.strangers:
                self.meant |= set(event.touched)
            elif self.finesse is None and all(card in event.touched for card in changed):
                for card in changed:
                    self.givers[card] = event.seat
        else:
            super().advance(event, context)

    def _check_meaning(self, event, viewer: int) -> None:
        """A card shown (played or discarded) that is not what a teammate's play or save clue
        said it is: that clue's giver does not play these conventions, the viewer too. (Only the
        viewer's own, while the viewer is a stranger: the giver may then read the viewer's clues
        for what they say only, and so every clue differently.)"""
        giver = self.givers.get(event.card)
        if giver is None or giver in self.strangers or event.card not in self.meaning:
            return
        if viewer in self.strangers and giver != viewer:
            return
        if not self.meaning[event.card] >> self.rules.identity(event.suit, event.rank) & 1:
            self.strangers |= {giver}

    def _follows(self, event, blind: bool) -> bool:
        """A play that shows its player follows these conventions: a finesse's blind play that
        scores, or a card whose clues alone do not say it plays but their meaning does."""
        if type(event) is not PlayEvent or not event.success:
            return False
        if blind:
            return True
        playable = self.masks()[0]
        return self._meant_to_play(event.card, playable) and self.clue_mask_of(event.card) & ~playable != 0

    def _meant_to_play(self, card: int, playable: int) -> bool:
        """Whether the clues on a card, read by these conventions, say it plays (not counting a
        meaning given by a seat now a stranger, whose clues the viewer reads for what they say,
        nor one from a clue the viewer gave while a stranger)."""
        return (
            self.known(card) & ~playable == 0
            and self.sources.get(card) not in self.strangers
            and card not in self.meant
        )

    def distrusted(self) -> Distrust:
        """The seats whose clues are read for what they say only, and until which turn: a
        stranger's all, a forgiven stranger's until it showed it follows these conventions."""
        pairs = {(seat, NEVER) for seat in self.strangers}
        pairs |= {(seat, turn) for seat, turn in self.forgiven.items() if seat not in self.strangers}
        return frozenset(pairs)

    def _ignores_play(self, event) -> bool:
        """A teammate who knows (by these conventions) a card that plays and discards instead,
        or clues with clue tokens enough to play first (a save before playing is given with 1)."""
        kind = type(event)
        if kind is DiscardEvent:
            pass
        elif kind is ClueEvent:
            if event.clue_tokens + 1 < CLUE_FROM_TOKENS:
                return False
        else:
            return False
        playable = self.masks()[0]
        return any(self._meant_to_play(card, playable) for card in self.hands[event.seat])

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
            if event.card in self.meant or (viewer in self.strangers and self.givers.get(event.card) == viewer):
                return False
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
        if not claims(prior, mask, focus == chop, soon, dead, critical):
            prompted = self.prompt(prior & mask & ~dead, event.seat, soon)
            if prompted is not None:
                meaning |= 1 << prompted[1]
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


def public_state(view: View, distrust: Distrust = frozenset()) -> BasicState:
    """The public facts of the view's history, reading the clues a `distrust` seat gave before
    its turn for what they say only."""
    rules = rules_for(view.options)
    return _cache.get((view.options, distrust), view.history, lambda: BasicState(rules, distrust))


def strangers(view: View) -> frozenset[int]:
    """The teammates the viewer has seen make a move these conventions never make, and not
    since shown that they follow them (see `watch`)."""
    watch = _watch(view)
    return frozenset() if watch is None else watch.strangers - {view.seat}


def distrust(view: View) -> Distrust:
    """The seats whose clues the viewer reads for what they say only, and until which turn
    (see `Watch.distrusted`)."""
    watch = _watch(view)
    return frozenset() if watch is None else watch.distrusted()


def _watch(view: View) -> Watch | None:
    """The viewer's watch on its teammates and itself. A seat becomes a stranger on a move these
    conventions never make: a clue that tells nothing new or whose focus is neither a play, a
    save nor a finesse; a play of a card it could not know plays; a discard, or a clue with 2 or
    more clue tokens, while a card of its is known to play; a play or save clue whose card, once
    shown, proves it meant something else. Its clues are then read for what they say only (a
    card the viewer does not understand is not played blind). A stranger that then plays a card
    only these conventions told it plays (a finesse's blind play, a clue's meaning) is trusted
    again: its clues from then on are read by them. The viewer judges its own moves alike (its
    own clues' focus it sees), as its teammates would."""
    rules = rules_for(view.options)
    if rules.pointing_clues or rules.hidden_plays or not rules.finessable:
        return None
    identity_of = visible_identities(view)
    watch = _watches.get(
        (view.options, view.seat),
        view.history,
        lambda: Watch(rules),
        context=(view.seat, identity_of),
        check=lambda used: all(identity_of.get(c) == i for c, i in used.items()),
        remember=lambda state: state.used,
    )
    return watch


def tells_something(state: PublicState, touched, mask: int) -> bool:
    """Whether a clue narrows what the clues so far told of some card it touches (so it is
    never the same clue again on the same cards, even when it tells the cards drawn since that
    they are not of its kind)."""
    for card in touched:
        before = state.clue_mask_of(card)
        if before & mask != before:
            return True
    return False
