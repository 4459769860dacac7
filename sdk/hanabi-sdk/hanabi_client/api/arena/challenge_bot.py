from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.challenge_request import ChallengeRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ChallengeRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/arena/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem:
    if response.status_code == 201:
        response_201 = Challenge.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Challenge an online bot to a game

     Makes a lobby game with you seated, a seat reserved for the bot and built-in partners in
    the other seats. The bot hears of it on its event stream (`invited`) and accepts by
    taking its seat (the game starts) or declines; unanswered, the challenge expires after
    HANABI_ARENA_CHALLENGE_SECONDS and its game ends. 409 `bot_offline` when the bot is not
    online; 422 `not_played_by_bot` when its arena entry does not play these options.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: ChallengeRequest,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Challenge an online bot to a game

     Makes a lobby game with you seated, a seat reserved for the bot and built-in partners in
    the other seats. The bot hears of it on its event stream (`invited`) and accepts by
    taking its seat (the game starts) or declines; unanswered, the challenge expires after
    HANABI_ARENA_CHALLENGE_SECONDS and its game ends. 409 `bot_offline` when the bot is not
    online; 422 `not_played_by_bot` when its arena entry does not play these options.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Challenge an online bot to a game

     Makes a lobby game with you seated, a seat reserved for the bot and built-in partners in
    the other seats. The bot hears of it on its event stream (`invited`) and accepts by
    taking its seat (the game starts) or declines; unanswered, the challenge expires after
    HANABI_ARENA_CHALLENGE_SECONDS and its game ends. 409 `bot_offline` when the bot is not
    online; 422 `not_played_by_bot` when its arena entry does not play these options.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: ChallengeRequest,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Challenge an online bot to a game

     Makes a lobby game with you seated, a seat reserved for the bot and built-in partners in
    the other seats. The bot hears of it on its event stream (`invited`) and accepts by
    taking its seat (the game starts) or declines; unanswered, the challenge expires after
    HANABI_ARENA_CHALLENGE_SECONDS and its game ends. 409 `bot_offline` when the bot is not
    online; 422 `not_played_by_bot` when its arena entry does not play these options.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
