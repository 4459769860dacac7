"""The basic strategy: a subset of the H-group's beginner conventions, so that people can sit
at a table with it (written for people in docs/conventions.md).

- The chop is a hand's oldest unclued card: the card its owner discards next; the finesse
  position its newest unclued card.
- A clue's focus is the chop when the clue newly touches it, else the newest card it newly
  touches. The focus is a card that plays now, or once cards everyone knows someone holds
  have played ("play clue"); on the chop it may instead be a card that must not be lost, the
  last copy of a card or a 5 ("save clue"), or with a "2" clue when no 2 may be a play, any 2
  (a 2 save), and then it may be either. The receiver narrows the focus to what the clue allows.
- Prompt: a clue that is no play or save clue, whose focus may be one rank above a card that
  plays (now or once known cards have played), when exactly one clued card not known exactly,
  in a hand other than the giver's, may be that card (the newest such card of its hand), says
  that card is it: its holder plays it, and the focus is the card above (`BasicState.prompt`).
- Finesse, on a player between the giver and the receiver, when no prompt fits and no finesse
  waits: a clue whose focus is one rank above a card that plays now, when no one is known to
  hold that card, may mean that one of those players holds it in their finesse position. That
  player plays it blind on their turn if the focus (which it sees) is no play or save clue and
  no hand it sees but the giver's holds the card; a player who sees it in a later player's
  finesse position waits. A blind play that scores makes the focus the card above it; when the
  last of those players has moved without one, the clue was the play or save clue.
- Good touch: no clue newly touches a card that can no longer score, a copy of one clued in a
  hand the giver sees, a card about to be played blind, or two copies of one card; a clued card
  is read accordingly (a card clued elsewhere and played since, or played blind for a finesse
  given after it, still counts).
  Every clue narrows what the clues told of a card it touches: never the same clue again on
  the same cards.
- On its turn a player plays a finesse it sees on itself; else, when the next player would
  discard the last copy of a card on their chop (they know no card to play, 1 clue token), it
  saves that chop before its own play; else it plays a card it knows plays (from clues, the
  clue's meaning, good touch and card counting); else saves a teammate's endangered chop or
  gives the most useful play clue or finesse (one that also touches last copies elsewhere in
  the hand is worth a little more, since clued cards are kept, and one to a teammate who knows
  no card to play more again); with 2 or more clue tokens,
  any clue that misleads no one; else discards a card it knows is useless, or its chop. It
  never discards a clued card unless it knows the card is useless. In the last round (deck
  empty) it clues only players who still move.
- A teammate seen making a move these conventions never make (a clue that tells nothing new or
  whose focus is no play, save nor finesse, but a stall with every clue token in hand; a play
  of a card they could not know plays, but a finesse's blind play or a last-round play; a
  discard, or a clue with 2 or more clue tokens, while a card of theirs is known to play; a
  play or save clue whose card, once shown, is not what it meant) is a stranger: their clues
  are read for what they say only (`Watch` in `basic_state`), and no finesse or prompt is given
  that needs them to play a card. A stranger who then plays a card only these conventions said
  plays (a clue's meaning, a finesse's blind play) is trusted again, for the clues it gives
  from then on. Each seat judges its own moves alike, as its teammates would; while it is a
  stranger so, a teammate acting or not on its clues is not judged on them.
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

from ..engine import ClueEvent, ColorClue, Discard, DiscardEvent, Play, PlayEvent, RankClue, View
from .basic_state import (
    CLUE_FROM_TOKENS,
    BasicState,
    Finesse,
    claims,
    distrust,
    interpret,
    pin,
    public_state,
    strangers,
    tells_something,
)
from .common import (
    best_gamble,
    mask_of_counts,
    safe_fallback,
    unseen_counts,
)

LAST_ROUND_GAMBLE = 0.2
"""In the last round, with a strike to spare, a card that plays this likely is played."""
DELAYED_PLAY_WORTH = 1.5
"""Worth of making a card known to play once cards others are known to hold have played."""
FINESSE_WORTH = 6.0
"""Worth of a finesse: a blind play and the focus, which then plays."""
IDLE_TARGET_WORTH = 2.5
"""Worth of a play clue to a teammate who knows no card to play (who would otherwise discard)."""
PROMPT_WORTH = 5.0
"""Worth of a prompt: a clued card someone holds made known to play, and the focus after it."""
TWO_SAVE_WORTH = 1.5
"""Worth of a 2 save: a "2" clue on a chop 2 whose other copy no one holds that the giver sees."""
EARLY_SAVE_WORTH = 0.5
"""Worth of newly touching, anywhere in a hand, the last copy of a card still needed: it is then kept."""


class Picture:
    """The bot's picture of the game at one decision: the facts it derives from its view."""

    def __init__(self, view: View):
        self.view = view
        self.strangers = strangers(view)
        self.distrust = distrust(view)
        state = public_state(view, self.distrust)
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
        self.pending = state.finesse
        """The clue that may still be a finesse, as every seat reads it."""
        pending = state.finesse
        if pending is not None and view.seat in pending.seats:
            position = pending.seats.index(view.seat)
            if _finessed(view, state, self.identity, pending):
                self.blind_play = pending.cards[position]
            else:
                self.kept_back = pending.cards[position]
                if view.seat == pending.seats[-1]:
                    state = state.copy()
                    state.resolve()
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
        which the giver does not see), nor one clued after it by someone other than the viewer;
        a clued card played since, from any hand, counts as it was when clued, and so does a
        finesse's blind play, as clued by the finesse's clue. No clue newly touches two copies
        of a card either: the viewer's cards one clue newly touched are not the one of them
        played since, nor one it knows exactly. A stranger's clues are not read so."""
        seen = []
        state_distrust = self.state.distrust
        for seat, hand in enumerate(view.hands):
            for card in hand:
                if not card.clues:
                    continue
                if seat != view.seat:
                    identity = self.identity[card.id]
                elif self.mine[card.id] & (self.mine[card.id] - 1) == 0:
                    identity = self.mine[card.id].bit_length() - 1
                else:
                    continue
                seen.append((seat, card.clues[0].turn, card.clues[0].seat, identity, card.id))
        seen += _played_clued(view, self.rules, self.state.blind)
        if not seen:
            return
        for card in view.my_hand:
            if not card.clues:
                continue
            first = card.clues[0]
            trusted = first.turn >= state_distrust.get(first.seat, -1)
            excluded = 0
            for seat, turn, giver, i, other in seen:
                if (
                    (trusted and turn < first.turn and seat != first.seat)
                    or (turn > first.turn and giver != view.seat and turn >= state_distrust.get(giver, -1))
                    or (trusted and turn == first.turn and seat == view.seat and other != card.id)
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
        save = _save_before_playing(t, legal)
        if save is not None:
            return save
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


def _save_before_playing(t: Picture, legal: set):
    """The save clue for the next player's chop when it is the last copy of a card still needed
    and that player, with no card known to play and too few clue tokens to stall, would
    discard it on their turn: given before the viewer's own play, which can wait."""
    view, state = t.view, t.state
    if t.rules.pointing_clues or not 0 < view.clue_tokens < CLUE_FROM_TOKENS:
        return None
    following = (view.seat + 1) % t.rules.players
    chop = state.chop(following)
    if chop is None or not t.critical >> t.identity[chop] & 1:
        return None
    pending = state.finesse
    if pending is not None and following in pending.seats:
        return None
    if any(state.known(card) & ~t.playable == 0 for card in state.hands[following]):
        return None
    for worth, clue in _rank_clues(t):
        if worth > 0 and clue.target == following and clue in legal and _touches(t, clue, chop):
            return clue
    return None


def _touches(t: Picture, clue, card: int) -> bool:
    kind, value = ("color", clue.color) if type(clue) is ColorClue else ("rank", clue.rank)
    return bool(t.rules.clue_mask(kind, value) >> t.identity[card] & 1)


def _stall_clue(t: Picture, legal: set):
    """With nothing to play and no discard allowed: a clue that tells something new, touching
    only cards already clued if one does, else newly touching no two copies of a card if one does."""
    fallback = last = None
    for _, target, hand, ids, candidates in _clue_targets(t):
        for kind, value in candidates:
            clue = ColorClue(t.view.seat, target, value) if kind == "color" else RankClue(t.view.seat, target, value)
            mask = t.rules.clue_mask(kind, value)
            touched = [c for c, i in zip(hand, ids) if mask >> i & 1]
            if clue not in legal or not tells_something(t.state, touched, mask):
                continue
            if all(c in t.state.clued for c in touched):
                return clue
            if _twice(t, [c for c in touched if c not in t.state.clued]):
                last = last or clue
            else:
                fallback = fallback or clue
    return fallback or last


def _played_clued(view: View, rules, blind: dict[int, tuple[int, int]]) -> list[tuple[int, int, int, int, int]]:
    """(holder, turn and giver of its first clue, identity, card) of each clued card played since; a
    finesse's blind play counts as clued by the finesse's clue."""
    first: dict[int, tuple[int, int]] = dict(blind)
    played = []
    for event in view.history:
        kind = type(event)
        if kind is ClueEvent:
            for card in event.touched:
                first.setdefault(card, (event.turn, event.seat))
        elif kind is PlayEvent and event.success and event.card in first:
            turn, giver = first[event.card]
            played.append((event.seat, turn, giver, rules.identity(event.suit, event.rank), event.card))
    return played


def _finessed(view: View, state: BasicState, identities: dict[int, int], pending: Finesse) -> bool:
    """Whether the clue just given is a finesse on the viewer: its focus is one rank above a
    card that plays now and is not a card it could be as a play or save clue, and no hand the
    viewer sees but the giver's holds that card."""
    focus = identities.get(pending.focus)
    if focus is None or not pending.finesse >> focus & 1 or pending.direct >> focus & 1:
        return False
    return _copies_in_sight(view.seat, state, identities, focus - 1, skip=pending.giver) == 0


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
    may_finesse = rules.finessable and (t.pending is None or t.pending.seats[-1] == seat)
    moves_left = _moves_left(view)
    for distance, target, hand, ids, candidates in _clue_targets(t):
        if moves_left is not None and distance > moves_left:
            continue
        chop = state.chop(target)
        urgent_save = chop is not None and t.critical >> t.identity[chop] & 1
        two_save = chop is not None and not urgent_save and _two_to_save(t, target, chop)
        idle = not any(state.known(card) & ~(t.playable | t.soon) == 0 for card in hand)
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
                prompted = None
                if not claims(prior, mask, focus == chop, t.soon, t.dead, critical):
                    prompted = state.prompt(prior & mask & ~t.dead, seat, t.soon)
                if prompted is not None:
                    below, above = prompted
                    if focus_id != above or t.identity[below] != above - 1 or _holder(state, below) in t.strangers:
                        continue
                    meaning = 1 << above
                    worth += PROMPT_WORTH - 0.1 * rules.rank_of[above] - 0.05 * distance
                elif finesse and may_finesse and _blind_card(state, seat, target, None, t.identity):
                    if not claims(prior, mask, focus == chop, t.soon, t.dead, critical):
                        meaning = 0
                    if not meaning >> focus_id & 1:
                        if not (
                            finesse >> focus_id & 1
                            and _blind_card(state, seat, target, focus_id - 1, t.identity, t.strangers)
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
                if rules.finessable and _twice(t, fresh):
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
            if idle and seen_new_plays:
                worth += IDLE_TARGET_WORTH
            clue = ColorClue(seat, target, value) if kind == "color" else RankClue(seat, target, value)
            ranked.append((worth, clue))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked


def _blind_card(
    state: BasicState,
    giver: int,
    target: int,
    identity: int | None,
    identities: dict[int, int],
    strangers: frozenset[int] = frozenset(),
) -> bool:
    """Whether a player after `giver` and before `target` holds a card of `identity` (any card
    when None) in their finesse position; for a card of `identity`, a player who is no stranger
    (a stranger would not play it blind)."""
    for seat in state.between(giver, target):
        card = state.finesse_position(seat)
        if card is not None and (identity is None or (identities[card] == identity and seat not in strangers)):
            return True
    return False


def _holder(state: BasicState, card: int) -> int | None:
    return next((seat for seat, hand in enumerate(state.hands) if card in hand), None)


def _moves_left(view: View) -> int | None:
    """In the last round (the deck is empty), how many players after the viewer still move:
    a clue to any other is wasted. None before the last round."""
    if view.deck_size > 0 or view.options.all_or_nothing:
        return None
    for event in reversed(view.history):
        if (type(event) is PlayEvent or type(event) is DiscardEvent) and event.drew is not None:
            return event.turn + view.options.players - view.turn
    return None


def _two_to_save(t: Picture, target: int, chop: int) -> bool:
    """Whether a teammate's chop is a 2 to save: it does not play yet, can still score, and no
    other copy is in a hand the viewer sees or clued."""
    i = t.identity[chop]
    if not t.rules.finessable or t.rules.rank_of[i] != 2 or (t.playable | t.dead) >> i & 1:
        return False
    return not any(t.identity[c] == i for hand in t.state.hands for c in hand if c != chop and c in t.identity)


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


def _twice(t: Picture, cards) -> bool:
    """Whether two of `cards` are copies of one card."""
    identities = [t.identity[c] for c in cards]
    return len(set(identities)) < len(identities)


def _bad_touch(t: Picture, clued_identities: set[int], i: int) -> bool:
    """Whether newly touching a card of identity `i` breaks good touch: a card that can no
    longer score, or a copy of one already clued. (Two copies in the one hand a clue touches
    are allowed: its receiver reads neither as the other.)"""
    return t.rules.finessable and (t.dead >> i & 1 or i in clued_identities)


def _clued_identities(t: Picture) -> set[int]:
    """Identities of the clued cards others hold, of the viewer's clued cards it knows, and of
    the card a player it sees is about to play blind (a finesse not yet played)."""
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
    pending = t.pending
    if pending is not None and pending.focus in t.identity:
        focus = t.identity[pending.focus]
        waiting = pending.finesse >> focus & 1 and not pending.direct >> focus & 1
        if waiting and any(t.identity.get(card) == focus - 1 for card in pending.cards):
            identities.add(focus - 1)
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
