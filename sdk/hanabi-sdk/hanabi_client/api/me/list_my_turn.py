from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.game_page import GamePage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 50,
    wait: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/turn",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GamePage | Problem:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    wait: int | Unset = 0,
) -> Response[GamePage | Problem]:
    """Running games where it is your turn, most urgent first

     The nearest deadline first, then the turn that has waited longest. One page only
    (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
    waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
    moment in its last quarter (in its last half on a new connection).

    Args:
        limit (int | Unset):  Default: 50.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    wait: int | Unset = 0,
) -> GamePage | Problem | None:
    """Running games where it is your turn, most urgent first

     The nearest deadline first, then the turn that has waited longest. One page only
    (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
    waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
    moment in its last quarter (in its last half on a new connection).

    Args:
        limit (int | Unset):  Default: 50.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return sync_detailed(
        client=client,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    wait: int | Unset = 0,
) -> Response[GamePage | Problem]:
    """Running games where it is your turn, most urgent first

     The nearest deadline first, then the turn that has waited longest. One page only
    (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
    waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
    moment in its last quarter (in its last half on a new connection).

    Args:
        limit (int | Unset):  Default: 50.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    wait: int | Unset = 0,
) -> GamePage | Problem | None:
    """Running games where it is your turn, most urgent first

     The nearest deadline first, then the turn that has waited longest. One page only
    (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
    waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
    moment in its last quarter (in its last half on a new connection).

    Args:
        limit (int | Unset):  Default: 50.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            wait=wait,
        )
    ).parsed
