from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.online import Online
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/arena/online",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Online | Problem:
    if response.status_code == 200:
        response_200 = Online.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Online | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Online | Problem]:
    """Bots online, with what they play (challenge them), by name

     Every bot account that is online: its runner or its event stream is connected, or it
    long-polled (`wait`) within HANABI_ARENA_ONLINE_SECONDS. A bot in the arena plays what
    its entry names (and is dealt arena games); a bot not in it takes challenges of any
    player count and variant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Online | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Online | Problem | None:
    """Bots online, with what they play (challenge them), by name

     Every bot account that is online: its runner or its event stream is connected, or it
    long-polled (`wait`) within HANABI_ARENA_ONLINE_SECONDS. A bot in the arena plays what
    its entry names (and is dealt arena games); a bot not in it takes challenges of any
    player count and variant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Online | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Online | Problem]:
    """Bots online, with what they play (challenge them), by name

     Every bot account that is online: its runner or its event stream is connected, or it
    long-polled (`wait`) within HANABI_ARENA_ONLINE_SECONDS. A bot in the arena plays what
    its entry names (and is dealt arena games); a bot not in it takes challenges of any
    player count and variant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Online | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Online | Problem | None:
    """Bots online, with what they play (challenge them), by name

     Every bot account that is online: its runner or its event stream is connected, or it
    long-polled (`wait`) within HANABI_ARENA_ONLINE_SECONDS. A bot in the arena plays what
    its entry names (and is dealt arena games); a bot not in it takes challenges of any
    player count and variant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Online | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
