from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.event_page import EventPage
from ...models.list_events_wake import ListEventsWake
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
    wake: ListEventsWake | Unset = "any",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait

    json_wake: str | Unset = UNSET
    if not isinstance(wake, Unset):
        json_wake = wake

    params["wake"] = json_wake

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventPage | Problem:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
    wake: ListEventsWake | Unset = "any",
) -> Response[EventPage | Problem]:
    """The game's events with seq > `after`, oldest first

     Players of a running game see everything public and the cards of the other seats, never
    their own draws; spectators (when the game allows them) see every card; anyone may read
    the log of a lobby game or of a finished one (in full).
    With `wait`, when there is no event after `after` yet, the answer comes as soon as one
    is committed, or with no events when the wait ends, at a random moment in its last quarter
    (its last half on a new connection; `last_seq` is then `after`). An `after` past the game's last
    event is a 409
    `after_past_last_event` with `current_version` (the last event's seq). With `wake=my_turn`
    the wait lasts until it is your turn or the game is over instead (a bot in a game of 3
    makes one request per turn of its own, not one per event), and the answer has the events
    after `after` up to then.

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.
        wake (ListEventsWake | Unset):  Default: 'any'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
        wake=wake,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
    wake: ListEventsWake | Unset = "any",
) -> EventPage | Problem | None:
    """The game's events with seq > `after`, oldest first

     Players of a running game see everything public and the cards of the other seats, never
    their own draws; spectators (when the game allows them) see every card; anyone may read
    the log of a lobby game or of a finished one (in full).
    With `wait`, when there is no event after `after` yet, the answer comes as soon as one
    is committed, or with no events when the wait ends, at a random moment in its last quarter
    (its last half on a new connection; `last_seq` is then `after`). An `after` past the game's last
    event is a 409
    `after_past_last_event` with `current_version` (the last event's seq). With `wake=my_turn`
    the wait lasts until it is your turn or the game is over instead (a bot in a game of 3
    makes one request per turn of its own, not one per event), and the answer has the events
    after `after` up to then.

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.
        wake (ListEventsWake | Unset):  Default: 'any'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
        wait=wait,
        wake=wake,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
    wake: ListEventsWake | Unset = "any",
) -> Response[EventPage | Problem]:
    """The game's events with seq > `after`, oldest first

     Players of a running game see everything public and the cards of the other seats, never
    their own draws; spectators (when the game allows them) see every card; anyone may read
    the log of a lobby game or of a finished one (in full).
    With `wait`, when there is no event after `after` yet, the answer comes as soon as one
    is committed, or with no events when the wait ends, at a random moment in its last quarter
    (its last half on a new connection; `last_seq` is then `after`). An `after` past the game's last
    event is a 409
    `after_past_last_event` with `current_version` (the last event's seq). With `wake=my_turn`
    the wait lasts until it is your turn or the game is over instead (a bot in a game of 3
    makes one request per turn of its own, not one per event), and the answer has the events
    after `after` up to then.

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.
        wake (ListEventsWake | Unset):  Default: 'any'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
        wake=wake,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
    wake: ListEventsWake | Unset = "any",
) -> EventPage | Problem | None:
    """The game's events with seq > `after`, oldest first

     Players of a running game see everything public and the cards of the other seats, never
    their own draws; spectators (when the game allows them) see every card; anyone may read
    the log of a lobby game or of a finished one (in full).
    With `wait`, when there is no event after `after` yet, the answer comes as soon as one
    is committed, or with no events when the wait ends, at a random moment in its last quarter
    (its last half on a new connection; `last_seq` is then `after`). An `after` past the game's last
    event is a 409
    `after_past_last_event` with `current_version` (the last event's seq). With `wake=my_turn`
    the wait lasts until it is your turn or the game is over instead (a bot in a game of 3
    makes one request per turn of its own, not one per event), and the answer has the events
    after `after` up to then.

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.
        wake (ListEventsWake | Unset):  Default: 'any'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
            wait=wait,
            wake=wake,
        )
    ).parsed
