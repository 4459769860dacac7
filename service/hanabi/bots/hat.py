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
missing the newest card is worth 2 as a rank clue, 3 as a color clue. A receiver's answer packs
questions one after another while its values last, each asked from what everyone knows with the
answers before it: while no card is known to play, "which of these cards is the first that plays
now (or, when no dead card is known, is the card everyone expects its holder to discard
critical, is dead)?", each card it can name taking one value and "none" the rest; else "which
part of its possible identities holds the card of most identities?", as many parts as values
are left, the values split evenly among the parts when they are fewer, for the next question.

Where a clue only points at cards its value is hidden, so the number rides on the rest: in Cow
& Pig on (target, touches the newest card, kind: "moo" or "oink"), as above; in Duck, where the
kind is hidden too, on (target, which card it touches first: the newest, else the second newest,
else neither) alone, 3 values per receiver. In Throw It in a Hole the cards a hat clue spoke of
are hidden once played, so no seat could read it later: there the hat bot plays the basic
conventions. So it does where the clue a value needs is often not there to give: where only one
kind of clue touches cards (the other touching none or not existing), where clue kinds alternate,
and where a rank clue also touches cards by color.

Beside partners who do not play the protocol (a person, another bot), each seat watches for
a move that breaks it: an answer about its own cards that contradicts what it knew or proves
false when the card shows, a teammate misplaying a card it could not know plays (without a
strike to spare, or unlikely to play), a discard while a teammate other than the viewer holds a
card that plays unknown to them. From then on that seat plays the basic conventions, which read
a stranger's clues for what they say.

Who must clue: a player clues whenever a teammate holds a card that plays and does not know it,
so a discard with a clue token left tells everyone their cards not known to play do not; and
when a teammate who knows no card that plays or is dead would discard a critical card (the one
everyone expects them to discard, asked about right after the cards that may play), but in Cow & Pig
and Duck; at 2 players that clue comes before the giver's own play.
Otherwise a player clues to stall while someone knows a card to play, or with many tokens, or
(at 2 players) with 2 cards or fewer left in the deck; but at 3 players or more, while the pace
(the discards the team can spare) is at least the number of players, it rather discards a card it
knows is dead, or one of two cards of its hand it knows are the same card. A player who must
discard drops such a twin first.
"""

import random

from ..engine import ColorClue, Discard, Play, RankClue, View
from . import basic
from .common import (
    best_gamble,
    mask_of_counts,
    rules_for,
    safe_fallback,
    strikes_to_assume,
    unseen_counts,
    visible_identities,
)
from .hat_state import HatState, duck_class, least_loss, public_state, weight

CLUE_ABOVE = 4
"""With more clue tokens than this, a player clues rather than discards even when no one needs it."""
CLUE_ABOVE_TWO_PLAYERS = 5
"""`CLUE_ABOVE` at 2 players."""
RISKY_PLAY_CHANCE = 0.75
"""With a strike to spare, a card known to play or be dead is played when it plays this likely."""
DECISIVE_BONUS = 2.0
"""Weight of a clue that settles a card's identity or shows it dead, when choosing among equal clues."""
LAST_ROUND_GAMBLE = 0.2
"""In the last round, with a strike to spare, a card that plays this likely is played."""
LAST_CARDS_STALL = 2
"""At 2 players, with this many cards or fewer left in the deck, a player clues rather than discards."""


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


def _duck_clue(view: View, state: HatState, identity_of, target: int, kind: int, classes: int):
    """A legal clue to `target` whose value in its block (`duck_class`) is `kind`."""
    hand = state.hands[target]
    for clue in view.legal_actions:
        if (type(clue) is ColorClue or type(clue) is RankClue) and clue.target == target:
            mask = state.rules.clue_mask("color" if type(clue) is ColorClue else "rank", _clue_value(clue))
            touched = {c for c in hand if mask >> identity_of[c] & 1}
            got = duck_class(hand, touched, classes)
            if got == kind:
                return clue
    return None


def _clue_value(clue) -> int:
    return clue.color if type(clue) is ColorClue else clue.rank


def choose(view: View, rng: random.Random):
    if view.is_over or not view.legal_actions:
        return safe_fallback(view, rng)
    if _plays_basic(view.options):
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

    held = {identity_of[c] for seat, cards in enumerate(state.hands) if seat != view.seat for c in cards}
    tokens, max_tokens = view.clue_tokens, view.options.clue_tokens
    if rules.players == 2 and 0 < tokens < max_tokens and _critical_chop(view, state, identity_of, playable):
        clue = _hat_clue(view, state, identity_of)
        if clue is not None and clue in legal:
            return clue
    plays = [c for c in hand if mine[c] & ~playable == 0]
    if plays:
        card = min(plays, key=lambda c: (-_unlocks(mine[c], held, rules), _lowest_rank(mine[c], rules), -hand.index(c)))
        return Play(view.seat, card)
    gamble = best_gamble(view, mine, playable, unseen, LAST_ROUND_GAMBLE)
    if gamble is not None:
        return Play(view.seat, gamble)
    if strikes_to_assume(view) + 2 <= view.options.max_strikes and not view.options.all_or_nothing:
        risky = _risky_play(mine, playable, dead, unseen, RISKY_PLAY_CHANCE)
        if risky is not None:
            return Play(view.seat, risky)

    can_discard = tokens < max_tokens
    if tokens > 0:
        worth = tokens == max_tokens or not can_discard or _clue_is_worth(view, state, identity_of, playable)
        if worth:
            clue = _hat_clue(view, state, identity_of)
            if clue is not None and clue in legal:
                return clue
        if _early_dead_discard(view, rules, can_discard):
            known_dead = [c for c in hand if mine[c] & ~dead == 0] + _twins(hand, mine)
            if known_dead:
                return Discard(view.seat, known_dead[0])
        end_near = rules.players == 2 and view.deck_size <= LAST_CARDS_STALL
        clue_above = CLUE_ABOVE_TWO_PLAYERS if rules.players == 2 else CLUE_ABOVE
        if tokens > clue_above or end_near or _someone_knows_a_play(view, state, playable):
            clue = _hat_clue(view, state, identity_of)
            if clue is not None and clue in legal:
                return clue

    if can_discard:
        twins = _twins(hand, mine)
        if twins:
            return Discard(view.seat, twins[0])
        return Discard(view.seat, _discard_choice(hand, mine, dead, critical, unseen, held, rules))
    clue = _hat_clue(view, state, identity_of) if tokens > 0 else None
    if clue is not None and clue in legal:
        return clue
    return safe_fallback(view, rng)


def _plays_basic(options) -> bool:
    """Where the hat bot plays the basic conventions: plays go into a hole; only one kind of clue
    touches cards (a blind or mute kind); clue kinds alternate; rank clues touch by color too."""
    variant = options.variant_rules.rules
    if variant.throw_it_in_a_hole or variant.alternating_clues or variant.synesthesia:
        return True
    rules = rules_for(options)
    return (not any(rules.color_mask)) != (not any(rules.rank_mask.values()))


def _early_dead_discard(view: View, rules, can_discard: bool) -> bool:
    """At 3 players or more, while the team can still discard as many cards as there are players
    (pace) and no clue is needed, a card known dead goes rather than a clue to stall."""
    return rules.players >= 3 and can_discard and view.pace is not None and view.pace >= rules.players


def _twins(hand: list[int], mine: dict[int, int]) -> list[int]:
    """Cards known to be of one identity that an older card of the same hand is known to be too:
    one copy of it is useless."""
    seen: set[int] = set()
    twins = []
    for card in reversed(hand):
        mask = mine[card]
        if mask & (mask - 1) == 0:
            if mask in seen:
                twins.append(card)
            seen.add(mask)
    return twins


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
        total, hits = weight(mask, unseen), weight(mask & playable, unseen)
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
    know it yet, or, knowing no card that plays or is dead, would discard a critical card
    (its public chop) it does not know is critical (not where clues only point at cards)."""
    for seat, hand in enumerate(state.hands):
        if seat == view.seat:
            continue
        for card in hand:
            if playable >> identity_of[card] & 1 and state.know[card] & ~playable:
                return True
    return _critical_chop(view, state, identity_of, playable)


def _critical_chop(view: View, state: HatState, identity_of, playable) -> bool:
    """Whether a teammate who knows no card that plays or is dead would discard a critical card
    (its public chop) it does not know is critical (not where clues only point at cards)."""
    rules = state.rules
    if rules.pointing_clues:
        return False
    _playable, dead, critical = state.masks()
    weights = [rules.copies[i] - state.gone[i] for i in range(rules.size)]
    alive = mask_of_counts(weights)
    for seat, hand in enumerate(state.hands):
        if seat == view.seat or not hand:
            continue
        masks = [(state.know[c] & alive) or state.know[c] for c in hand]
        if any(m & ~playable == 0 or m & ~dead == 0 for m in masks):
            continue
        chop = state.public_chop(hand, masks, weights)
        if critical >> identity_of[chop] & 1 and state.know[chop] & ~critical:
            return True
    return False


def _discard_choice(hand, mine, dead, critical, unseen, held, rules) -> int:
    """The card whose loss costs least: a known dead card, else the lowest expected cost, an
    identity of which a teammate holds a copy (`held`) costing nothing."""
    return least_loss(hand, [mine[c] for c in hand], unseen, dead, critical, rules, held)
