from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.account_change import AccountChange
from ...models.my_account import MyAccount
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AccountChange | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/accounts/me",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MyAccount | Problem:
    if response.status_code == 200:
        response_200 = MyAccount.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MyAccount | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AccountChange | Unset = UNSET,
) -> Response[MyAccount | Problem]:
    """Change your password, email address or notification settings

     A new `password` needs `current_password` when the account has one (403
    `wrong_password`); your tokens stay valid (sign out everywhere with
    `DELETE /v1/tokens`). A new `email` is unverified until the link mailed to it is
    opened (`POST /v1/email-verifications`); mail goes only to a verified address.
    `notifications` sets any of your_turn, game_over (immediately, daily, off) and
    deadline_reminder (immediately, off).

    Args:
        body (AccountChange | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyAccount | Problem]
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
    body: AccountChange | Unset = UNSET,
) -> MyAccount | Problem | None:
    """Change your password, email address or notification settings

     A new `password` needs `current_password` when the account has one (403
    `wrong_password`); your tokens stay valid (sign out everywhere with
    `DELETE /v1/tokens`). A new `email` is unverified until the link mailed to it is
    opened (`POST /v1/email-verifications`); mail goes only to a verified address.
    `notifications` sets any of your_turn, game_over (immediately, daily, off) and
    deadline_reminder (immediately, off).

    Args:
        body (AccountChange | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyAccount | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AccountChange | Unset = UNSET,
) -> Response[MyAccount | Problem]:
    """Change your password, email address or notification settings

     A new `password` needs `current_password` when the account has one (403
    `wrong_password`); your tokens stay valid (sign out everywhere with
    `DELETE /v1/tokens`). A new `email` is unverified until the link mailed to it is
    opened (`POST /v1/email-verifications`); mail goes only to a verified address.
    `notifications` sets any of your_turn, game_over (immediately, daily, off) and
    deadline_reminder (immediately, off).

    Args:
        body (AccountChange | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyAccount | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AccountChange | Unset = UNSET,
) -> MyAccount | Problem | None:
    """Change your password, email address or notification settings

     A new `password` needs `current_password` when the account has one (403
    `wrong_password`); your tokens stay valid (sign out everywhere with
    `DELETE /v1/tokens`). A new `email` is unverified until the link mailed to it is
    opened (`POST /v1/email-verifications`); mail goes only to a verified address.
    `notifications` sets any of your_turn, game_over (immediately, daily, off) and
    deadline_reminder (immediately, off).

    Args:
        body (AccountChange | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyAccount | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
