from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.color_clue_request import ColorClueRequest
from ...models.discard_request import DiscardRequest
from ...models.play_request import PlayRequest
from ...models.problem import Problem
from ...models.rank_clue_request import RankClueRequest
from ...models.reorder_request import ReorderRequest
from ...models.view import View
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    body: ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/actions".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if isinstance(body, PlayRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DiscardRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ColorClueRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RankClueRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | View:
    if response.status_code == 200:
        response_200 = View.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | View]:
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
    body: ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | View]:
    """Act for your seat: play, discard, give a clue, or reorder your hand

     Cards are named by id. The response is your view after the action. An illegal move is
    a problem naming the rule: 409 when another state of the game could allow it
    (`not_your_turn`, `no_clue_tokens`, `clue_touches_no_card`, `clue_tokens_full`,
    `card_not_in_hand`, `invalid_reorder`, `game_over`), 422 when this game never could
    (`invalid_color`, `invalid_rank`, `invalid_target`, `cannot_clue_self`, ...). With
    `expected_version`, 409 `version_conflict` (with `current_version`) when the game moved on.
    A legal action of your view is a body as it stands: its `seat` is yours (a body naming
    another seat is 403 `not_your_seat`).

    Args:
        game_id (int):
        idempotency_key (str | Unset):
        body (ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | View]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | View | None:
    """Act for your seat: play, discard, give a clue, or reorder your hand

     Cards are named by id. The response is your view after the action. An illegal move is
    a problem naming the rule: 409 when another state of the game could allow it
    (`not_your_turn`, `no_clue_tokens`, `clue_touches_no_card`, `clue_tokens_full`,
    `card_not_in_hand`, `invalid_reorder`, `game_over`), 422 when this game never could
    (`invalid_color`, `invalid_rank`, `invalid_target`, `cannot_clue_self`, ...). With
    `expected_version`, 409 `version_conflict` (with `current_version`) when the game moved on.
    A legal action of your view is a body as it stands: its `seat` is yours (a body naming
    another seat is 403 `not_your_seat`).

    Args:
        game_id (int):
        idempotency_key (str | Unset):
        body (ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | View
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | View]:
    """Act for your seat: play, discard, give a clue, or reorder your hand

     Cards are named by id. The response is your view after the action. An illegal move is
    a problem naming the rule: 409 when another state of the game could allow it
    (`not_your_turn`, `no_clue_tokens`, `clue_touches_no_card`, `clue_tokens_full`,
    `card_not_in_hand`, `invalid_reorder`, `game_over`), 422 when this game never could
    (`invalid_color`, `invalid_rank`, `invalid_target`, `cannot_clue_self`, ...). With
    `expected_version`, 409 `version_conflict` (with `current_version`) when the game moved on.
    A legal action of your view is a body as it stands: its `seat` is yours (a body naming
    another seat is 403 `not_your_seat`).

    Args:
        game_id (int):
        idempotency_key (str | Unset):
        body (ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | View]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | View | None:
    """Act for your seat: play, discard, give a clue, or reorder your hand

     Cards are named by id. The response is your view after the action. An illegal move is
    a problem naming the rule: 409 when another state of the game could allow it
    (`not_your_turn`, `no_clue_tokens`, `clue_touches_no_card`, `clue_tokens_full`,
    `card_not_in_hand`, `invalid_reorder`, `game_over`), 422 when this game never could
    (`invalid_color`, `invalid_rank`, `invalid_target`, `cannot_clue_self`, ...). With
    `expected_version`, 409 `version_conflict` (with `current_version`) when the game moved on.
    A legal action of your view is a body as it stands: its `seat` is yours (a body naming
    another seat is 403 `not_your_seat`).

    Args:
        game_id (int):
        idempotency_key (str | Unset):
        body (ColorClueRequest | DiscardRequest | PlayRequest | RankClueRequest | ReorderRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | View
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
