from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.vacation import Vacation
from ...models.vacation_request import VacationRequest
from ...types import Response


def _get_kwargs(
    *,
    body: VacationRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/vacation",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Vacation:
    if response.status_code == 200:
        response_200 = Vacation.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Vacation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: VacationRequest,
) -> Response[Problem | Vacation]:
    """Go on vacation: the clocks of your correspondence games stop while you are away

     Every turn of a correspondence game (days per move) that waits on you now, or comes to
    you while you are away, keeps the time it had left and its deadline is null; it gets
    that time back when you return (`DELETE /v1/me/vacation`) or the vacation ends. Other
    time controls are live games and keep running. Up to HANABI_VACATION_DAYS days per
    calendar year (409 `no_vacation_left`); one vacation at a time (409
    `already_on_vacation`). You may play while away.

    Args:
        body (VacationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Vacation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: VacationRequest,
) -> Problem | Vacation | None:
    """Go on vacation: the clocks of your correspondence games stop while you are away

     Every turn of a correspondence game (days per move) that waits on you now, or comes to
    you while you are away, keeps the time it had left and its deadline is null; it gets
    that time back when you return (`DELETE /v1/me/vacation`) or the vacation ends. Other
    time controls are live games and keep running. Up to HANABI_VACATION_DAYS days per
    calendar year (409 `no_vacation_left`); one vacation at a time (409
    `already_on_vacation`). You may play while away.

    Args:
        body (VacationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Vacation
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: VacationRequest,
) -> Response[Problem | Vacation]:
    """Go on vacation: the clocks of your correspondence games stop while you are away

     Every turn of a correspondence game (days per move) that waits on you now, or comes to
    you while you are away, keeps the time it had left and its deadline is null; it gets
    that time back when you return (`DELETE /v1/me/vacation`) or the vacation ends. Other
    time controls are live games and keep running. Up to HANABI_VACATION_DAYS days per
    calendar year (409 `no_vacation_left`); one vacation at a time (409
    `already_on_vacation`). You may play while away.

    Args:
        body (VacationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Vacation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: VacationRequest,
) -> Problem | Vacation | None:
    """Go on vacation: the clocks of your correspondence games stop while you are away

     Every turn of a correspondence game (days per move) that waits on you now, or comes to
    you while you are away, keeps the time it had left and its deadline is null; it gets
    that time back when you return (`DELETE /v1/me/vacation`) or the vacation ends. Other
    time controls are live games and keep running. Up to HANABI_VACATION_DAYS days per
    calendar year (409 `no_vacation_left`); one vacation at a time (409
    `already_on_vacation`). You may play while away.

    Args:
        body (VacationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Vacation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
