from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_my_games_order import ListMyGamesOrder
from ...models.list_my_games_status import ListMyGamesStatus
from ...models.my_game_page import MyGamePage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListMyGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: ListMyGamesOrder | Unset = "inbox",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MyGamePage | Problem:
    if response.status_code == 200:
        response_200 = MyGamePage.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MyGamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: ListMyGamesOrder | Unset = "inbox",
) -> Response[MyGamePage | Problem]:
    """Your games, those waiting on you first: your inbox (cursor pagination)

     The games you have a seat in or are invited to (a seat reserved for you that you have
    not taken: take it with `POST /games/{id}/join`). In the default order, `inbox`: the
    games waiting on you, the least time left first (then the turn that has waited
    longest); your invitations; your games in the lobby; the games waiting on others, the
    least time left first; your finished games, the latest ended first. Each game's
    `inbox` says which of these it is, the seconds its turn has left and your seat.
    `order=newest` lists them newest first. `status` keeps one status only.

    Args:
        status (ListMyGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (ListMyGamesOrder | Unset):  Default: 'inbox'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyGamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        cursor=cursor,
        order=order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: ListMyGamesOrder | Unset = "inbox",
) -> MyGamePage | Problem | None:
    """Your games, those waiting on you first: your inbox (cursor pagination)

     The games you have a seat in or are invited to (a seat reserved for you that you have
    not taken: take it with `POST /games/{id}/join`). In the default order, `inbox`: the
    games waiting on you, the least time left first (then the turn that has waited
    longest); your invitations; your games in the lobby; the games waiting on others, the
    least time left first; your finished games, the latest ended first. Each game's
    `inbox` says which of these it is, the seconds its turn has left and your seat.
    `order=newest` lists them newest first. `status` keeps one status only.

    Args:
        status (ListMyGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (ListMyGamesOrder | Unset):  Default: 'inbox'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyGamePage | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        cursor=cursor,
        order=order,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: ListMyGamesOrder | Unset = "inbox",
) -> Response[MyGamePage | Problem]:
    """Your games, those waiting on you first: your inbox (cursor pagination)

     The games you have a seat in or are invited to (a seat reserved for you that you have
    not taken: take it with `POST /games/{id}/join`). In the default order, `inbox`: the
    games waiting on you, the least time left first (then the turn that has waited
    longest); your invitations; your games in the lobby; the games waiting on others, the
    least time left first; your finished games, the latest ended first. Each game's
    `inbox` says which of these it is, the seconds its turn has left and your seat.
    `order=newest` lists them newest first. `status` keeps one status only.

    Args:
        status (ListMyGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (ListMyGamesOrder | Unset):  Default: 'inbox'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyGamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        cursor=cursor,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: ListMyGamesOrder | Unset = "inbox",
) -> MyGamePage | Problem | None:
    """Your games, those waiting on you first: your inbox (cursor pagination)

     The games you have a seat in or are invited to (a seat reserved for you that you have
    not taken: take it with `POST /games/{id}/join`). In the default order, `inbox`: the
    games waiting on you, the least time left first (then the turn that has waited
    longest); your invitations; your games in the lobby; the games waiting on others, the
    least time left first; your finished games, the latest ended first. Each game's
    `inbox` says which of these it is, the seconds its turn has left and your seat.
    `order=newest` lists them newest first. `status` keeps one status only.

    Args:
        status (ListMyGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (ListMyGamesOrder | Unset):  Default: 'inbox'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyGamePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            cursor=cursor,
            order=order,
        )
    ).parsed
