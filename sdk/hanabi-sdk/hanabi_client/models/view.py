from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_condition import EndCondition, check_end_condition
from ..models.view_status import ViewStatus, check_view_status

if TYPE_CHECKING:
    from ..models.card import Card
    from ..models.card_copies import CardCopies
    from ..models.color_clue_history_event import ColorClueHistoryEvent
    from ..models.color_clue_request import ColorClueRequest
    from ..models.discard_history_event import DiscardHistoryEvent
    from ..models.discard_request import DiscardRequest
    from ..models.end_game_history_event import EndGameHistoryEvent
    from ..models.hand_card import HandCard
    from ..models.hidden_clue_history_event import HiddenClueHistoryEvent
    from ..models.options import Options
    from ..models.play_history_event import PlayHistoryEvent
    from ..models.play_request import PlayRequest
    from ..models.rank_clue_history_event import RankClueHistoryEvent
    from ..models.rank_clue_request import RankClueRequest
    from ..models.reorder_history_event import ReorderHistoryEvent


T = TypeVar("T", bound="View")


@_attrs_define
class View:
    game_id: int
    """ The game's id (null in a view built offline) """
    version: int
    """ The seq of the game's last event: send it as an action's expected_version (null offline) """
    status: ViewStatus
    """ running or finished """
    seat: int | None
    """ Your seat (0-based), whose view this is; null in a full view (spectators, replays) """
    deadline: datetime.datetime | None
    """ When the current turn's time runs out (UTC); null when it cannot """
    options: Options
    suits: list[str]
    """ The variant's suit names; a card's suit is an index into it """
    clue_colors: list[str]
    """ The colors a color clue may name; a color clue's value is an index into it """
    clue_ranks: list[int]
    """ The ranks a rank clue may name """
    clue_rank_names: list[str]
    """ What each of clue_ranks is called: its number, or in Odds and Evens "odd" and "even" """
    turn: int
    """ Turns taken so far (the next turn's number) """
    current_seat: int
    """ The seat to move """
    is_over: bool
    """ Whether the game has ended """
    end_condition: EndCondition
    """ How a game ended, as hanab.live names it; in_progress while it runs """
    score: int | None
    """ null while a Throw It in a Hole game runs (its plays are face down) """
    fireworks_total: int | None
    """ The cards on the fireworks, whatever the outcome (score is 0 after a strikeout, this is not); null while a
    Throw It in a Hole game runs (its plays are face down) """
    max_score: int | None
    """ The best score still possible, given the cards lost; null while a Throw It in a Hole game runs (its plays
    are face down) """
    rating: None | str
    """ The rulebook's words for the final score, once the game is over; else null """
    clue_tokens: int
    """ Whole clue tokens: a clue takes one """
    half_clue_token: bool
    """ Clue Starved (discards give half a token): whether half a clue token is left besides the whole ones; always
    false in other variants """
    strikes: int | None
    """ null while a Throw It in a Hole game runs (its plays are face down) """
    fireworks: list[int] | None
    """ Per suit, the number of cards played on its firework; null while a Throw It in a Hole game runs (its plays
    are face down) """
    next_ranks: list[list[int]] | None
    """ Per suit, the ranks that play next on its firework: several while an Up or Down firework is undecided or a
    Sudoku firework is empty (any rank no other firework started at), none once it is complete; null while a Throw
    It in a Hole game runs (its plays are face down) """
    discards: list[Card]
    """ Discarded and misplayed cards (a misplay is not among them while a Throw It in a Hole game runs) """
    firework_tops: list[int | None] | None
    """ Per suit, the rank of the last card played on its firework (7: Up or Down's START), null while it is empty;
    null while a Throw It in a Hole game runs (its plays are face down) """
    directions: list[None | str] | None
    """ Per suit, which way its firework runs: "up", "down", or null while an Up or Down firework has not chosen;
    null while a Throw It in a Hole game runs (its plays are face down) """
    deck_size: int
    """ Cards left to draw """
    hands: list[list[HandCard]]
    """ Per seat, its hand left to right (a drawn card enters on the left) """
    history: list[
        ColorClueHistoryEvent
        | DiscardHistoryEvent
        | EndGameHistoryEvent
        | HiddenClueHistoryEvent
        | PlayHistoryEvent
        | RankClueHistoryEvent
        | ReorderHistoryEvent
    ]
    """ Every action so far, oldest first, with its public outcome; kind as /events' type """
    legal_actions: list[ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest]
    """ Your turn actions now, each a body of POST /actions as it stands; empty when not your turn """
    deck_composition: list[CardCopies]
    """ Every identity of the variant's deck and its copies, suit by suit """
    unseen: list[int]
    """ Per entry of deck_composition, the copies this view does not show: in the deck, in your own hand (clued or
    not) or, while a Throw It in a Hole game runs, in the hole; every other copy is in a hand shown, among the
    discards, or played in history """
    pace: int | None
    """ Discards left before max_score (the best score still possible) is out of reach: score + deck_size + players
    - max_score; null once the deck is empty or the game is over, and while a Throw It in a Hole game runs """
    efficiency: float | None
    """ Cards gotten (played, or clued and still in a hand) per clue spent (clues given and misplays); null before
    any, and while a Throw It in a Hole game runs """

    def to_dict(self) -> dict[str, Any]:
        from ..models.color_clue_history_event import ColorClueHistoryEvent  # noqa: PLC0415
        from ..models.color_clue_request import ColorClueRequest  # noqa: PLC0415
        from ..models.discard_history_event import DiscardHistoryEvent  # noqa: PLC0415
        from ..models.discard_request import DiscardRequest  # noqa: PLC0415
        from ..models.hidden_clue_history_event import HiddenClueHistoryEvent  # noqa: PLC0415
        from ..models.play_history_event import PlayHistoryEvent  # noqa: PLC0415
        from ..models.play_request import PlayRequest  # noqa: PLC0415
        from ..models.rank_clue_history_event import RankClueHistoryEvent  # noqa: PLC0415
        from ..models.reorder_history_event import ReorderHistoryEvent  # noqa: PLC0415

        game_id = self.game_id

        version = self.version

        status: str = self.status

        seat: int | None
        seat = self.seat

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        options = self.options.to_dict()

        suits = self.suits

        clue_colors = self.clue_colors

        clue_ranks = self.clue_ranks

        clue_rank_names = self.clue_rank_names

        turn = self.turn

        current_seat = self.current_seat

        is_over = self.is_over

        end_condition: str = self.end_condition

        score: int | None
        score = self.score

        fireworks_total: int | None
        fireworks_total = self.fireworks_total

        max_score: int | None
        max_score = self.max_score

        rating: None | str
        rating = self.rating

        clue_tokens = self.clue_tokens

        half_clue_token = self.half_clue_token

        strikes: int | None
        strikes = self.strikes

        fireworks: list[int] | None
        if isinstance(self.fireworks, list):
            fireworks = self.fireworks

        else:
            fireworks = self.fireworks

        next_ranks: list[list[int]] | None
        if isinstance(self.next_ranks, list):
            next_ranks = []
            for next_ranks_type_0_item_data in self.next_ranks:
                next_ranks_type_0_item = next_ranks_type_0_item_data

                next_ranks.append(next_ranks_type_0_item)

        else:
            next_ranks = self.next_ranks

        discards = []
        for discards_item_data in self.discards:
            discards_item = discards_item_data.to_dict()
            discards.append(discards_item)

        firework_tops: list[int | None] | None
        if isinstance(self.firework_tops, list):
            firework_tops = []
            for firework_tops_type_0_item_data in self.firework_tops:
                firework_tops_type_0_item: int | None
                firework_tops_type_0_item = firework_tops_type_0_item_data
                firework_tops.append(firework_tops_type_0_item)

        else:
            firework_tops = self.firework_tops

        directions: list[None | str] | None
        if isinstance(self.directions, list):
            directions = []
            for directions_type_0_item_data in self.directions:
                directions_type_0_item: None | str
                directions_type_0_item = directions_type_0_item_data
                directions.append(directions_type_0_item)

        else:
            directions = self.directions

        deck_size = self.deck_size

        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.to_dict()
                hands_item.append(hands_item_item)

            hands.append(hands_item)

        history = []
        for history_item_data in self.history:
            history_item: dict[str, Any]
            if isinstance(history_item_data, PlayHistoryEvent):
                history_item = history_item_data.to_dict()
            elif isinstance(history_item_data, DiscardHistoryEvent):
                history_item = history_item_data.to_dict()
            elif isinstance(history_item_data, ColorClueHistoryEvent):
                history_item = history_item_data.to_dict()
            elif isinstance(history_item_data, RankClueHistoryEvent):
                history_item = history_item_data.to_dict()
            elif isinstance(history_item_data, HiddenClueHistoryEvent):
                history_item = history_item_data.to_dict()
            elif isinstance(history_item_data, ReorderHistoryEvent):
                history_item = history_item_data.to_dict()
            else:
                history_item = history_item_data.to_dict()

            history.append(history_item)

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item: dict[str, Any]
            if isinstance(legal_actions_item_data, PlayRequest):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, DiscardRequest):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, ColorClueRequest):
                legal_actions_item = legal_actions_item_data.to_dict()
            else:
                legal_actions_item = legal_actions_item_data.to_dict()

            legal_actions.append(legal_actions_item)

        deck_composition = []
        for deck_composition_item_data in self.deck_composition:
            deck_composition_item = deck_composition_item_data.to_dict()
            deck_composition.append(deck_composition_item)

        unseen = self.unseen

        pace: int | None
        pace = self.pace

        efficiency: float | None
        efficiency = self.efficiency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "version": version,
                "status": status,
                "seat": seat,
                "deadline": deadline,
                "options": options,
                "suits": suits,
                "clue_colors": clue_colors,
                "clue_ranks": clue_ranks,
                "clue_rank_names": clue_rank_names,
                "turn": turn,
                "current_seat": current_seat,
                "is_over": is_over,
                "end_condition": end_condition,
                "score": score,
                "fireworks_total": fireworks_total,
                "max_score": max_score,
                "rating": rating,
                "clue_tokens": clue_tokens,
                "half_clue_token": half_clue_token,
                "strikes": strikes,
                "fireworks": fireworks,
                "next_ranks": next_ranks,
                "discards": discards,
                "firework_tops": firework_tops,
                "directions": directions,
                "deck_size": deck_size,
                "hands": hands,
                "history": history,
                "legal_actions": legal_actions,
                "deck_composition": deck_composition,
                "unseen": unseen,
                "pace": pace,
                "efficiency": efficiency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card import Card  # noqa: PLC0415
        from ..models.card_copies import CardCopies  # noqa: PLC0415
        from ..models.color_clue_history_event import ColorClueHistoryEvent  # noqa: PLC0415
        from ..models.color_clue_request import ColorClueRequest  # noqa: PLC0415
        from ..models.discard_history_event import DiscardHistoryEvent  # noqa: PLC0415
        from ..models.discard_request import DiscardRequest  # noqa: PLC0415
        from ..models.end_game_history_event import EndGameHistoryEvent  # noqa: PLC0415
        from ..models.hand_card import HandCard  # noqa: PLC0415
        from ..models.hidden_clue_history_event import HiddenClueHistoryEvent  # noqa: PLC0415
        from ..models.options import Options  # noqa: PLC0415
        from ..models.play_history_event import PlayHistoryEvent  # noqa: PLC0415
        from ..models.play_request import PlayRequest  # noqa: PLC0415
        from ..models.rank_clue_history_event import RankClueHistoryEvent  # noqa: PLC0415
        from ..models.rank_clue_request import RankClueRequest  # noqa: PLC0415
        from ..models.reorder_history_event import ReorderHistoryEvent  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        status = check_view_status(d.pop("status"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        options = Options.from_dict(d.pop("options"))

        suits = cast(list[str], d.pop("suits"))

        clue_colors = cast(list[str], d.pop("clue_colors"))

        clue_ranks = cast(list[int], d.pop("clue_ranks"))

        clue_rank_names = cast(list[str], d.pop("clue_rank_names"))

        turn = d.pop("turn")

        current_seat = d.pop("current_seat")

        is_over = d.pop("is_over")

        end_condition = check_end_condition(d.pop("end_condition"))

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        def _parse_fireworks_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        fireworks_total = _parse_fireworks_total(d.pop("fireworks_total"))

        def _parse_max_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_score = _parse_max_score(d.pop("max_score"))

        def _parse_rating(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rating = _parse_rating(d.pop("rating"))

        clue_tokens = d.pop("clue_tokens")

        half_clue_token = d.pop("half_clue_token")

        def _parse_strikes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        strikes = _parse_strikes(d.pop("strikes"))

        def _parse_fireworks(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fireworks_type_0 = cast(list[int], data)

                return fireworks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        fireworks = _parse_fireworks(d.pop("fireworks"))

        def _parse_next_ranks(data: object) -> list[list[int]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                next_ranks_type_0 = []
                _next_ranks_type_0 = data
                for next_ranks_type_0_item_data in _next_ranks_type_0:
                    next_ranks_type_0_item = cast(list[int], next_ranks_type_0_item_data)

                    next_ranks_type_0.append(next_ranks_type_0_item)

                return next_ranks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None, data)

        next_ranks = _parse_next_ranks(d.pop("next_ranks"))

        discards = []
        _discards = d.pop("discards")
        for discards_item_data in _discards:
            discards_item = Card.from_dict(discards_item_data)

            discards.append(discards_item)

        def _parse_firework_tops(data: object) -> list[int | None] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                firework_tops_type_0 = []
                _firework_tops_type_0 = data
                for firework_tops_type_0_item_data in _firework_tops_type_0:

                    def _parse_firework_tops_type_0_item(data: object) -> int | None:
                        if data is None:
                            return data
                        return cast(int | None, data)

                    firework_tops_type_0_item = _parse_firework_tops_type_0_item(firework_tops_type_0_item_data)

                    firework_tops_type_0.append(firework_tops_type_0_item)

                return firework_tops_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int | None] | None, data)

        firework_tops = _parse_firework_tops(d.pop("firework_tops"))

        def _parse_directions(data: object) -> list[None | str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                directions_type_0 = []
                _directions_type_0 = data
                for directions_type_0_item_data in _directions_type_0:

                    def _parse_directions_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    directions_type_0_item = _parse_directions_type_0_item(directions_type_0_item_data)

                    directions_type_0.append(directions_type_0_item)

                return directions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None, data)

        directions = _parse_directions(d.pop("directions"))

        deck_size = d.pop("deck_size")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = HandCard.from_dict(hands_item_item_data)

                hands_item.append(hands_item_item)

            hands.append(hands_item)

        history = []
        _history = d.pop("history")
        for history_item_data in _history:

            def _parse_history_item(
                data: object,
            ) -> (
                ColorClueHistoryEvent
                | DiscardHistoryEvent
                | EndGameHistoryEvent
                | HiddenClueHistoryEvent
                | PlayHistoryEvent
                | RankClueHistoryEvent
                | ReorderHistoryEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_0 = PlayHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_1 = DiscardHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_2 = ColorClueHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_3 = RankClueHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_4 = HiddenClueHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_history_event_type_5 = ReorderHistoryEvent.from_dict(data)

                    return componentsschemas_history_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_history_event_type_6 = EndGameHistoryEvent.from_dict(data)

                return componentsschemas_history_event_type_6

            history_item = _parse_history_item(history_item_data)

            history.append(history_item)

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in _legal_actions:

            def _parse_legal_actions_item(
                data: object,
            ) -> ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_action_type_0 = PlayRequest.from_dict(data)

                    return componentsschemas_legal_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_action_type_1 = DiscardRequest.from_dict(data)

                    return componentsschemas_legal_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_action_type_2 = ColorClueRequest.from_dict(data)

                    return componentsschemas_legal_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_action_type_3 = RankClueRequest.from_dict(data)

                return componentsschemas_legal_action_type_3

            legal_actions_item = _parse_legal_actions_item(legal_actions_item_data)

            legal_actions.append(legal_actions_item)

        deck_composition = []
        _deck_composition = d.pop("deck_composition")
        for deck_composition_item_data in _deck_composition:
            deck_composition_item = CardCopies.from_dict(deck_composition_item_data)

            deck_composition.append(deck_composition_item)

        unseen = cast(list[int], d.pop("unseen"))

        def _parse_pace(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pace = _parse_pace(d.pop("pace"))

        def _parse_efficiency(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        efficiency = _parse_efficiency(d.pop("efficiency"))

        view = cls(
            game_id=game_id,
            version=version,
            status=status,
            seat=seat,
            deadline=deadline,
            options=options,
            suits=suits,
            clue_colors=clue_colors,
            clue_ranks=clue_ranks,
            clue_rank_names=clue_rank_names,
            turn=turn,
            current_seat=current_seat,
            is_over=is_over,
            end_condition=end_condition,
            score=score,
            fireworks_total=fireworks_total,
            max_score=max_score,
            rating=rating,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            strikes=strikes,
            fireworks=fireworks,
            next_ranks=next_ranks,
            discards=discards,
            firework_tops=firework_tops,
            directions=directions,
            deck_size=deck_size,
            hands=hands,
            history=history,
            legal_actions=legal_actions,
            deck_composition=deck_composition,
            unseen=unseen,
            pace=pace,
            efficiency=efficiency,
        )

        return view
