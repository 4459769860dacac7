from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.player import Player
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    player_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Player | Problem:
    if response.status_code == 200:
        response_200 = Player.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Player | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Player | Problem]:
    """One of your players

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Player | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Player | Problem | None:
    """One of your players

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Player | Problem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Player | Problem]:
    """One of your players

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Player | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Player | Problem | None:
    """One of your players

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Player | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
