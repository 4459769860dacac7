"""The schemas of a seat's view of a game: hands, cards, the history, legal actions."""

import marshmallow as ma
from marshmallow import fields, validate

from hanabi.store.records import STATUSES

from . import COMPONENT, OneOfKinds
from .actions import LegalActionSchema
from .games import OptionsSchema

CLUE_EVENT_KINDS = ("color_clue", "rank_clue", "clue")
HISTORY_EVENT_KINDS = (*CLUE_EVENT_KINDS, "play", "discard", "reorder", "end_game")


class ClueMarkSchema(ma.Schema):
    """A clue that touched the card: its history entry's turn, seat, kind, clue_kind and value."""

    turn = fields.Integer(required=True, metadata={"description": "The turn of the clue (its history entry's turn)"})
    seat = fields.Integer(required=True, metadata={"description": "The seat that gave the clue"})
    kind = fields.String(
        required=True,
        validate=validate.OneOf(CLUE_EVENT_KINDS),
        metadata={"description": "color_clue or rank_clue; clue when its kind is hidden from you (Duck)"},
    )
    clue_kind = fields.String(
        allow_none=True,
        required=True,
        metadata={COMPONENT: "ClueKind", "description": "color or rank; null when hidden from you (Duck)"},
    )
    value = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The index into clue_colors of a color clue, the rank of a rank clue; null when hidden "
            "from you (Cow & Pig, Duck)"
        },
    )


class HandCardSchema(ma.Schema):
    id = fields.Integer(
        required=True, metadata={"description": "The card's id: its position in the deck, for its whole life"}
    )
    suit = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "Index into suits; null for your own card while the game runs"},
    )
    rank = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "1 to 5 (7: Up or Down's START); null for your own card while the game runs"},
    )
    possible_suits = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The suits the card's clues leave possible (what they touched and what they missed)"},
    )
    possible_ranks = fields.List(
        fields.Integer(), required=True, metadata={"description": "The ranks the card's clues leave possible"}
    )
    clues = fields.List(
        fields.Nested(ClueMarkSchema),
        required=True,
        metadata={"description": "The clues that touched it, oldest first"},
    )


class CardSchema(ma.Schema):
    id = fields.Integer(required=True, metadata={"description": "The card's id (its position in the deck)"})
    suit = fields.Integer(required=True, metadata={"description": "Index into suits"})
    rank = fields.Integer(required=True, metadata={"description": "1 to 5 (7: Up or Down's START)"})


class CardCopiesSchema(ma.Schema):
    suit = fields.Integer(required=True, metadata={"description": "Index into suits"})
    rank = fields.Integer(required=True, metadata={"description": "1 to 5 (7: Up or Down's START)"})
    copies = fields.Integer(required=True, metadata={"description": "How many cards of this identity the deck holds"})


class ActionOutcomeSchema(ma.Schema):
    """The public outcome of a turn action, as the engine's history records it; shared by the
    view's history and the event log. Which fields appear depends on the action."""

    turn = fields.Integer(metadata={"description": "The turn the action was taken on (0 is the first)"})
    target = fields.Integer(metadata={"description": "A clue's: the seat that received it"})
    clue_kind = fields.String(
        allow_none=True,
        metadata={
            COMPONENT: "ClueKind",
            "description": "color or rank; null for a Duck clue while the game runs, but to its giver",
        },
    )
    value = fields.Integer(
        allow_none=True,
        metadata={
            "description": "A clue's: the index into clue_colors of a color clue, the rank of a rank clue; null for "
            "a Cow & Pig or Duck clue while the game runs, but to its giver"
        },
    )
    touched = fields.List(fields.Integer(), metadata={"description": "A clue's: the ids of the cards it touched"})
    informative = fields.Boolean(
        metadata={
            "description": "A clue's: whether it removed, for some card of the receiver's hand (touched or not), an "
            "identity that card's earlier clues left possible; false: it told the receiver nothing new"
        }
    )
    card = fields.Integer(metadata={"description": "A play's or discard's: the id of the card"})
    suit = fields.Integer(
        allow_none=True,
        metadata={"description": "A play's is null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    rank = fields.Integer(
        allow_none=True,
        metadata={"description": "A play's is null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    success = fields.Boolean(
        allow_none=True, metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"}
    )
    announce = fields.Integer(
        allow_none=True, metadata={"description": "A play's with timed display: the suit called out; else null"}
    )
    drew = fields.Integer(allow_none=True, metadata={"description": "The id of the card drawn, if any"})
    clue_tokens = fields.Integer(metadata={"description": "Whole clue tokens left after this turn"})
    half_clue_token = fields.Boolean(
        metadata={
            "description": "Clue Starved: whether half a clue token is left after this turn besides the whole ones"
        }
    )
    cards = fields.List(fields.Integer(), metadata={"description": "A reorder's: the hand's card ids, left to right"})
    condition = fields.String(
        metadata={
            COMPONENT: "EndCondition",
            "description": "An end_game's: how the game ended (timeout, terminated, ...), as end_condition",
        },
    )


CLUE_OUTCOME = ("target", "clue_kind", "value", "touched", "clue_tokens", "half_clue_token", "informative")
HISTORY_FIELDS = {
    "play": ("card", "suit", "rank", "success", "announce", "drew", "clue_tokens", "half_clue_token"),
    "discard": ("card", "suit", "rank", "drew", "clue_tokens", "half_clue_token"),
    **dict.fromkeys(CLUE_EVENT_KINDS, CLUE_OUTCOME),
    "reorder": ("cards",),
    "end_game": ("condition",),
}
"""The fields of each kind of history entry besides kind, turn and seat (the engine's event_to_dict
writes them); the event log's action events have them too."""


def outcome_names(suffix: str) -> dict[str, str]:
    """A component name per kind of action outcome: PlayEvent, HiddenClueEvent (a clue whose kind
    is hidden), ... for the suffix Event."""
    names = {kind: "".join(word.title() for word in kind.split("_")) + suffix for kind in HISTORY_FIELDS}
    return {**names, "clue": f"HiddenClue{suffix}"}


class HistoryEventSchema(ActionOutcomeSchema):
    """One public event of the engine's history; which fields appear depends on `kind`, which
    names it as the event log's `type` does (docs/api.md#the-view): a union on `kind`."""

    ONE_OF_KINDS = OneOfKinds(
        {kind: (fields, ()) for kind, fields in HISTORY_FIELDS.items()},
        tuple(sorted({field for fields in HISTORY_FIELDS.values() for field in fields})),
        outcome_names("HistoryEvent"),
    )
    JSON_SCHEMA = {
        "description": "One action of the game's history with its public outcome; its `kind` decides its fields "
        "(the event log's `type` of the same action)"
    }

    kind = fields.String(
        required=True,
        validate=validate.OneOf(HISTORY_EVENT_KINDS),
        metadata={
            "description": "color_clue, rank_clue (clue when its kind is hidden from you: Duck), play, discard, "
            "reorder or end_game"
        },
    )
    turn = fields.Integer(required=True, metadata={"description": "The turn the action was taken on (0 is the first)"})
    seat = fields.Integer(required=True, metadata={"description": "The seat that acted (-1: none, for some end_game)"})


class ViewSchema(ma.Schema):
    """What one seat may know of a game: the engine's per-seat view (`View.to_dict()`, the same
    fields offline and online), with the game's id, version, status and deadline. `seat` is
    null in the full view of a finished game. docs/api.md#the-view describes every field."""

    game_id = fields.Integer(required=True, metadata={"description": "The game's id (null in a view built offline)"})
    version = fields.Integer(
        required=True,
        metadata={
            "description": "The seq of the game's last event: send it as an action's expected_version (null offline)"
        },
    )
    status = fields.String(
        required=True, validate=validate.OneOf(STATUSES[1:]), metadata={"description": "running or finished"}
    )
    seat = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "Your seat (0-based), whose view this is; null in a full view (spectators, replays)"},
    )
    deadline = fields.DateTime(
        allow_none=True,
        required=True,
        metadata={"description": "When the current turn's time runs out (UTC); null when it cannot"},
    )
    options = fields.Nested(OptionsSchema, required=True, metadata={"description": "The game's options"})
    suits = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The variant's suit names; a card's suit is an index into it"},
    )
    clue_colors = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The colors a color clue may name; a color clue's value is an index into it"},
    )
    clue_ranks = fields.List(
        fields.Integer(), required=True, metadata={"description": "The ranks a rank clue may name"}
    )
    clue_rank_names = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": 'What each of clue_ranks is called: its number, or in Odds and Evens "odd" and "even"'
        },
    )
    turn = fields.Integer(required=True, metadata={"description": "Turns taken so far (the next turn's number)"})
    current_seat = fields.Integer(required=True, metadata={"description": "The seat to move"})
    is_over = fields.Boolean(required=True, metadata={"description": "Whether the game has ended"})
    end_condition = fields.String(
        required=True,
        metadata={
            COMPONENT: "EndCondition",
            "description": "in_progress while it runs; then normal, strikeout, timeout, terminated, ...",
        },
    )
    score = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    fireworks_total = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The cards on the fireworks, whatever the outcome (score is 0 after a strikeout, this is "
            "not); null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    max_score = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The best score still possible, given the cards lost; null while a Throw It in a Hole "
            "game runs (its plays are face down)"
        },
    )
    rating = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The rulebook's words for the final score, once the game is over; else null"},
    )
    clue_tokens = fields.Integer(required=True, metadata={"description": "Whole clue tokens: a clue takes one"})
    half_clue_token = fields.Boolean(
        required=True,
        metadata={
            "description": "Clue Starved (discards give half a token): whether half a clue token is left "
            "besides the whole ones; always false in other variants"
        },
    )
    strikes = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    fireworks = fields.List(
        fields.Integer(),
        allow_none=True,
        required=True,
        metadata={
            "description": "Per suit, the number of cards played on its firework; "
            "null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    next_ranks = fields.List(
        fields.List(fields.Integer()),
        allow_none=True,
        required=True,
        metadata={
            "description": "Per suit, the ranks that play next on its firework: several while an Up or Down "
            "firework is undecided or a Sudoku firework is empty (any rank no other firework started at), none "
            "once it is complete; null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    discards = fields.List(
        fields.Nested(CardSchema),
        required=True,
        metadata={
            "description": "Discarded and misplayed cards "
            "(a misplay is not among them while a Throw It in a Hole game runs)"
        },
    )
    firework_tops = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        allow_none=True,
        metadata={
            "description": "Per suit, the rank of the last card played on its firework (7: Up or Down's START), null "
            "while it is empty; null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    directions = fields.List(
        fields.String(allow_none=True),
        required=True,
        allow_none=True,
        metadata={
            "description": 'Per suit, which way its firework runs: "up", "down", '
            "or null while an Up or Down firework has not chosen; "
            "null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    deck_size = fields.Integer(required=True, metadata={"description": "Cards left to draw"})
    hands = fields.List(
        fields.List(fields.Nested(HandCardSchema)),
        required=True,
        metadata={"description": "Per seat, its hand left to right (a drawn card enters on the left)"},
    )
    history = fields.List(
        fields.Nested(HistoryEventSchema),
        required=True,
        metadata={"description": "Every action so far, oldest first, with its public outcome; kind as /events' type"},
    )
    legal_actions = fields.List(
        fields.Nested(LegalActionSchema),
        required=True,
        metadata={
            "description": "Your turn actions now, each a body of POST /actions as it stands; empty when not your turn"
        },
    )
    deck_composition = fields.List(
        fields.Nested(CardCopiesSchema),
        required=True,
        metadata={"description": "Every identity of the variant's deck and its copies, suit by suit"},
    )
    unseen = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "Per entry of deck_composition, the copies this view does not show: in the deck, in your "
            "own hand (clued or not) or, while a Throw It in a Hole game runs, in the hole; every other copy is in a "
            "hand shown, among the discards, or played in history"
        },
    )
    pace = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "Discards left before max_score (the best score still possible) is out of reach: "
            "score + deck_size + players - max_score; null once the deck is empty or the game is over, and "
            "while a Throw It in a Hole game runs"
        },
    )
    efficiency = fields.Float(
        allow_none=True,
        required=True,
        metadata={
            "description": "Cards gotten (played, or clued and still in a hand) per clue spent (clues given "
            "and misplays); null before any, and while a Throw It in a Hole game runs"
        },
    )
