from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.entry import Entry
from ...models.entry_request import EntryRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: EntryRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/arena/entry",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Entry | Problem:
    if response.status_code == 200:
        response_200 = Entry.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Entry | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EntryRequest,
) -> Response[Entry | Problem]:
    """Enter your bot in the arena, or change what it plays

     Only bot accounts enter (403 `not_a_bot`). The arena seats your bot, when it is online,
    in games of the player counts and variants it plays, beside built-in partners; it hears
    of each through its event stream (`game_started`, `your_turn`) as of any game. A new
    `version` starts a new rating line; a version entered before resumes its line.

    Args:
        body (EntryRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Entry | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: EntryRequest,
) -> Entry | Problem | None:
    """Enter your bot in the arena, or change what it plays

     Only bot accounts enter (403 `not_a_bot`). The arena seats your bot, when it is online,
    in games of the player counts and variants it plays, beside built-in partners; it hears
    of each through its event stream (`game_started`, `your_turn`) as of any game. A new
    `version` starts a new rating line; a version entered before resumes its line.

    Args:
        body (EntryRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Entry | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EntryRequest,
) -> Response[Entry | Problem]:
    """Enter your bot in the arena, or change what it plays

     Only bot accounts enter (403 `not_a_bot`). The arena seats your bot, when it is online,
    in games of the player counts and variants it plays, beside built-in partners; it hears
    of each through its event stream (`game_started`, `your_turn`) as of any game. A new
    `version` starts a new rating line; a version entered before resumes its line.

    Args:
        body (EntryRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Entry | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EntryRequest,
) -> Entry | Problem | None:
    """Enter your bot in the arena, or change what it plays

     Only bot accounts enter (403 `not_a_bot`). The arena seats your bot, when it is online,
    in games of the player counts and variants it plays, beside built-in partners; it hears
    of each through its event stream (`game_started`, `your_turn`) as of any game. A new
    `version` starts a new rating line; a version entered before resumes its line.

    Args:
        body (EntryRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Entry | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
