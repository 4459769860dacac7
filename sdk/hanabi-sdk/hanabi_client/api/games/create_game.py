from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.create_game_request import CreateGameRequest
from ...models.game import Game
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateGameRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Game | Problem:
    if response.status_code == 201:
        response_201 = Game.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Game | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGameRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Create a game with any engine options and a seat plan

     Seats are open, reserved for a named account, or played by a built-in bot strategy. The
    creator does not take a seat by creating the game: join it like anyone else. An account
    keeps at most HANABI_LOBBY_GAMES_PER_ACCOUNT games waiting in the lobby, and an app with
    all its players HANABI_LOBBY_GAMES_PER_APP: past that, 409 `too_many_lobby_games`.

    Args:
        idempotency_key (str | Unset):
        body (CreateGameRequest): A new game: its options and its seat plan. `seats`, when given,
            has one entry per player (options.players entries), else 422 `invalid_seat_plan`;
            options.starting_seat is one of the seats (below options.players), else 422
            `invalid_option`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateGameRequest,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Create a game with any engine options and a seat plan

     Seats are open, reserved for a named account, or played by a built-in bot strategy. The
    creator does not take a seat by creating the game: join it like anyone else. An account
    keeps at most HANABI_LOBBY_GAMES_PER_ACCOUNT games waiting in the lobby, and an app with
    all its players HANABI_LOBBY_GAMES_PER_APP: past that, 409 `too_many_lobby_games`.

    Args:
        idempotency_key (str | Unset):
        body (CreateGameRequest): A new game: its options and its seat plan. `seats`, when given,
            has one entry per player (options.players entries), else 422 `invalid_seat_plan`;
            options.starting_seat is one of the seats (below options.players), else 422
            `invalid_option`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGameRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Create a game with any engine options and a seat plan

     Seats are open, reserved for a named account, or played by a built-in bot strategy. The
    creator does not take a seat by creating the game: join it like anyone else. An account
    keeps at most HANABI_LOBBY_GAMES_PER_ACCOUNT games waiting in the lobby, and an app with
    all its players HANABI_LOBBY_GAMES_PER_APP: past that, 409 `too_many_lobby_games`.

    Args:
        idempotency_key (str | Unset):
        body (CreateGameRequest): A new game: its options and its seat plan. `seats`, when given,
            has one entry per player (options.players entries), else 422 `invalid_seat_plan`;
            options.starting_seat is one of the seats (below options.players), else 422
            `invalid_option`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateGameRequest,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Create a game with any engine options and a seat plan

     Seats are open, reserved for a named account, or played by a built-in bot strategy. The
    creator does not take a seat by creating the game: join it like anyone else. An account
    keeps at most HANABI_LOBBY_GAMES_PER_ACCOUNT games waiting in the lobby, and an app with
    all its players HANABI_LOBBY_GAMES_PER_APP: past that, 409 `too_many_lobby_games`.

    Args:
        idempotency_key (str | Unset):
        body (CreateGameRequest): A new game: its options and its seat plan. `seats`, when given,
            has one entry per player (options.players entries), else 422 `invalid_seat_plan`;
            options.starting_seat is one of the seats (below options.players), else 422
            `invalid_option`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
