from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.player_token import PlayerToken
from ...models.player_token_request import PlayerTokenRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: int,
    *,
    body: PlayerTokenRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/{player_id}/tokens".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayerToken | Problem:
    if response.status_code == 201:
        response_201 = PlayerToken.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerToken | Problem]:
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
    body: PlayerTokenRequest | Unset = UNSET,
) -> Response[PlayerToken | Problem]:
    """Issue a token for one of your players

     Hand it to the user's client (a browser page, a bot). It stops working when your token
    does, and is revoked with it. Idempotency-Key is not supported here: the response holds
    a secret that the server never stores.

    Args:
        player_id (int):
        body (PlayerTokenRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerToken | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: int,
    *,
    client: AuthenticatedClient,
    body: PlayerTokenRequest | Unset = UNSET,
) -> PlayerToken | Problem | None:
    """Issue a token for one of your players

     Hand it to the user's client (a browser page, a bot). It stops working when your token
    does, and is revoked with it. Idempotency-Key is not supported here: the response holds
    a secret that the server never stores.

    Args:
        player_id (int):
        body (PlayerTokenRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerToken | Problem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    player_id: int,
    *,
    client: AuthenticatedClient,
    body: PlayerTokenRequest | Unset = UNSET,
) -> Response[PlayerToken | Problem]:
    """Issue a token for one of your players

     Hand it to the user's client (a browser page, a bot). It stops working when your token
    does, and is revoked with it. Idempotency-Key is not supported here: the response holds
    a secret that the server never stores.

    Args:
        player_id (int):
        body (PlayerTokenRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerToken | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: int,
    *,
    client: AuthenticatedClient,
    body: PlayerTokenRequest | Unset = UNSET,
) -> PlayerToken | Problem | None:
    """Issue a token for one of your players

     Hand it to the user's client (a browser page, a bot). It stops working when your token
    does, and is revoked with it. Idempotency-Key is not supported here: the response holds
    a secret that the server never stores.

    Args:
        player_id (int):
        body (PlayerTokenRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerToken | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            body=body,
        )
    ).parsed
