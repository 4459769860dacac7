from http import HTTPStatus
from io import BytesIO
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    after: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/stream",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | Problem:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> Response[File | Problem]:
    """Your event stream: one long-lived answer, a JSON object per line

     Newline-delimited JSON (`application/x-ndjson`), as Lichess's `/api/stream/event`: the
    first line is `stream_started` (its `id` is where the stream starts), then each of your
    events as it is committed: invited, game_started, your_turn, game_over, chat. An empty
    line every 15 s keeps the connection alive while nothing happens. The answer never ends
    on its own: read it line by line, and after a cut reconnect with `after` = the last `id`
    you read, which misses nothing and repeats nothing (events are kept for the account).

    Args:
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> File | Problem | None:
    """Your event stream: one long-lived answer, a JSON object per line

     Newline-delimited JSON (`application/x-ndjson`), as Lichess's `/api/stream/event`: the
    first line is `stream_started` (its `id` is where the stream starts), then each of your
    events as it is committed: invited, game_started, your_turn, game_over, chat. An empty
    line every 15 s keeps the connection alive while nothing happens. The answer never ends
    on its own: read it line by line, and after a cut reconnect with `after` = the last `id`
    you read, which misses nothing and repeats nothing (events are kept for the account).

    Args:
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> Response[File | Problem]:
    """Your event stream: one long-lived answer, a JSON object per line

     Newline-delimited JSON (`application/x-ndjson`), as Lichess's `/api/stream/event`: the
    first line is `stream_started` (its `id` is where the stream starts), then each of your
    events as it is committed: invited, game_started, your_turn, game_over, chat. An empty
    line every 15 s keeps the connection alive while nothing happens. The answer never ends
    on its own: read it line by line, and after a cut reconnect with `after` = the last `id`
    you read, which misses nothing and repeats nothing (events are kept for the account).

    Args:
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> File | Problem | None:
    """Your event stream: one long-lived answer, a JSON object per line

     Newline-delimited JSON (`application/x-ndjson`), as Lichess's `/api/stream/event`: the
    first line is `stream_started` (its `id` is where the stream starts), then each of your
    events as it is committed: invited, game_started, your_turn, game_over, chat. An empty
    line every 15 s keeps the connection alive while nothing happens. The answer never ends
    on its own: read it line by line, and after a cut reconnect with `after` = the last `id`
    you read, which misses nothing and repeats nothing (events are kept for the account).

    Args:
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
        )
    ).parsed
