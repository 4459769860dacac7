from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_arena_leaderboard_family import GetArenaLeaderboardFamily
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    players: int | Unset = 2,
    family: GetArenaLeaderboardFamily | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["players"] = players

    json_family: str | Unset = UNSET
    if not isinstance(family, Unset):
        json_family = family

    params["family"] = json_family

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/arena/leaderboard",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = 2,
    family: GetArenaLeaderboardFamily | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """The rating lines at a player count, best first (by mu - 2 sigma)

     With `family`, the ratings on the deals of that variant family only, shown once it has
    `family_min_deals` published deals at this player count (`families` says which have).

    Args:
        players (int | Unset):  Default: 2.
        family (GetArenaLeaderboardFamily | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        players=players,
        family=family,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = 2,
    family: GetArenaLeaderboardFamily | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """The rating lines at a player count, best first (by mu - 2 sigma)

     With `family`, the ratings on the deals of that variant family only, shown once it has
    `family_min_deals` published deals at this player count (`families` says which have).

    Args:
        players (int | Unset):  Default: 2.
        family (GetArenaLeaderboardFamily | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return sync_detailed(
        client=client,
        players=players,
        family=family,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = 2,
    family: GetArenaLeaderboardFamily | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """The rating lines at a player count, best first (by mu - 2 sigma)

     With `family`, the ratings on the deals of that variant family only, shown once it has
    `family_min_deals` published deals at this player count (`families` says which have).

    Args:
        players (int | Unset):  Default: 2.
        family (GetArenaLeaderboardFamily | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        players=players,
        family=family,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = 2,
    family: GetArenaLeaderboardFamily | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """The rating lines at a player count, best first (by mu - 2 sigma)

     With `family`, the ratings on the deals of that variant family only, shown once it has
    `family_min_deals` published deals at this player count (`families` says which have).

    Args:
        players (int | Unset):  Default: 2.
        family (GetArenaLeaderboardFamily | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            players=players,
            family=family,
        )
    ).parsed
