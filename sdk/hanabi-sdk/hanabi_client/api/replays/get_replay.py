from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.replay import Replay
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    turn: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["turn"] = turn

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/replay".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Replay:
    if response.status_code == 200:
        response_200 = Replay.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Replay]:
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
    turn: int | Unset = 0,
) -> Response[Problem | Replay]:
    """A finished game's table at a turn, every card shown (imported games too)

     The table at turn N has the game's first N turns applied, and the hand reorders made
    before turn N's move; turn 0 is the deal and turn `turns` the end. Anyone may step
    through a finished game; a game in the lobby or still running has no replay (409
    `game_not_finished`), and a turn the game never reached is a 422 `invalid_turn`.

    Args:
        game_id (int):
        turn (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replay]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        turn=turn,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    turn: int | Unset = 0,
) -> Problem | Replay | None:
    """A finished game's table at a turn, every card shown (imported games too)

     The table at turn N has the game's first N turns applied, and the hand reorders made
    before turn N's move; turn 0 is the deal and turn `turns` the end. Anyone may step
    through a finished game; a game in the lobby or still running has no replay (409
    `game_not_finished`), and a turn the game never reached is a 422 `invalid_turn`.

    Args:
        game_id (int):
        turn (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replay
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        turn=turn,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    turn: int | Unset = 0,
) -> Response[Problem | Replay]:
    """A finished game's table at a turn, every card shown (imported games too)

     The table at turn N has the game's first N turns applied, and the hand reorders made
    before turn N's move; turn 0 is the deal and turn `turns` the end. Anyone may step
    through a finished game; a game in the lobby or still running has no replay (409
    `game_not_finished`), and a turn the game never reached is a 422 `invalid_turn`.

    Args:
        game_id (int):
        turn (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replay]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        turn=turn,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    turn: int | Unset = 0,
) -> Problem | Replay | None:
    """A finished game's table at a turn, every card shown (imported games too)

     The table at turn N has the game's first N turns applied, and the hand reorders made
    before turn N's move; turn 0 is the deal and turn `turns` the end. Anyone may step
    through a finished game; a game in the lobby or still running has no replay (409
    `game_not_finished`), and a turn the game never reached is a 422 `invalid_turn`.

    Args:
        game_id (int):
        turn (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replay
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            turn=turn,
        )
    ).parsed
