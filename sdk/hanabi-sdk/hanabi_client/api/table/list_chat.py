from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.chat_page import ChatPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/chat".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChatPage | Problem:
    if response.status_code == 200:
        response_200 = ChatPage.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChatPage | Problem]:
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
) -> Response[ChatPage | Problem]:
    """The game's chat messages with id > `after`, oldest first

     Its players, and anyone when the game allows spectators or has ended, may read it. With
    `wait`, when there is no message after `after` yet, the answer comes as soon as one is
    posted, or with none when the wait ends, at a random moment in its last quarter (its last
    half on a new connection; `last_id` is then `after`).

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
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
) -> ChatPage | Problem | None:
    """The game's chat messages with id > `after`, oldest first

     Its players, and anyone when the game allows spectators or has ended, may read it. With
    `wait`, when there is no message after `after` yet, the answer comes as soon as one is
    posted, or with none when the wait ends, at a random moment in its last quarter (its last
    half on a new connection; `last_id` is then `after`).

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> Response[ChatPage | Problem]:
    """The game's chat messages with id > `after`, oldest first

     Its players, and anyone when the game allows spectators or has ended, may read it. With
    `wait`, when there is no message after `after` yet, the answer comes as soon as one is
    posted, or with none when the wait ends, at a random moment in its last quarter (its last
    half on a new connection; `last_id` is then `after`).

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
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
) -> ChatPage | Problem | None:
    """The game's chat messages with id > `after`, oldest first

     Its players, and anyone when the game allows spectators or has ended, may read it. With
    `wait`, when there is no message after `after` yet, the answer comes as soon as one is
    posted, or with none when the wait ends, at a random moment in its last quarter (its last
    half on a new connection; `last_id` is then `after`).

    Args:
        game_id (int):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
            wait=wait,
        )
    ).parsed
