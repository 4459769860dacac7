from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.link import Link
from ...models.problem import Problem
from ...models.table_link_request import TableLinkRequest
from ...types import Response


def _get_kwargs(
    player_id: int,
    *,
    body: TableLinkRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/{player_id}/table-links".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

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
    player_id: int,
    *,
    client: AuthenticatedClient,
    body: TableLinkRequest,
) -> Response[Link | Problem]:
    """A link that opens one of your players' seat in the embeddable table, for a while

     The player must sit in the game (403 `not_a_player`). The link's token may read and
    play that game only, and stops working after `seconds` or when your token does;
    revoking your token revokes it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        player_id (int):
        body (TableLinkRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
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
    body: TableLinkRequest,
) -> Link | Problem | None:
    """A link that opens one of your players' seat in the embeddable table, for a while

     The player must sit in the game (403 `not_a_player`). The link's token may read and
    play that game only, and stops working after `seconds` or when your token does;
    revoking your token revokes it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        player_id (int):
        body (TableLinkRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
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
    body: TableLinkRequest,
) -> Response[Link | Problem]:
    """A link that opens one of your players' seat in the embeddable table, for a while

     The player must sit in the game (403 `not_a_player`). The link's token may read and
    play that game only, and stops working after `seconds` or when your token does;
    revoking your token revokes it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        player_id (int):
        body (TableLinkRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
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
    body: TableLinkRequest,
) -> Link | Problem | None:
    """A link that opens one of your players' seat in the embeddable table, for a while

     The player must sit in the game (403 `not_a_player`). The link's token may read and
    play that game only, and stops working after `seconds` or when your token does;
    revoking your token revokes it.
    Idempotency-Key is not supported here: the response holds a secret.

    Args:
        player_id (int):
        body (TableLinkRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            body=body,
        )
    ).parsed
