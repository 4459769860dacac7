from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.link import Link
from ...models.problem import Problem
from ...models.watch_link_request import WatchLinkRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    body: WatchLinkRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/watch-links".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Link | Problem:
    if response.status_code == 201:
        response_201 = Link.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Link | Problem]:
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
    body: WatchLinkRequest | Unset = UNSET,
) -> Response[Link | Problem]:
    """A link that shows this game in the embeddable table, for a while

     For a game you may watch: one that allows spectators, a finished one (its replay), or
    one you play in (then the link shows your seat's view). The link's token may only read
    this game, stops working when the token that asked for it does, and is revoked with it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        game_id (int):
        body (WatchLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: WatchLinkRequest | Unset = UNSET,
) -> Link | Problem | None:
    """A link that shows this game in the embeddable table, for a while

     For a game you may watch: one that allows spectators, a finished one (its replay), or
    one you play in (then the link shows your seat's view). The link's token may only read
    this game, stops working when the token that asked for it does, and is revoked with it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        game_id (int):
        body (WatchLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: WatchLinkRequest | Unset = UNSET,
) -> Response[Link | Problem]:
    """A link that shows this game in the embeddable table, for a while

     For a game you may watch: one that allows spectators, a finished one (its replay), or
    one you play in (then the link shows your seat's view). The link's token may only read
    this game, stops working when the token that asked for it does, and is revoked with it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        game_id (int):
        body (WatchLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: WatchLinkRequest | Unset = UNSET,
) -> Link | Problem | None:
    """A link that shows this game in the embeddable table, for a while

     For a game you may watch: one that allows spectators, a finished one (its replay), or
    one you play in (then the link shows your seat's view). The link's token may only read
    this game, stops working when the token that asked for it does, and is revoked with it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        game_id (int):
        body (WatchLinkRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
