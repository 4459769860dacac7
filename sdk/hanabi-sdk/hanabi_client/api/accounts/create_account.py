from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.account_request import AccountRequest
from ...models.new_account import NewAccount
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AccountRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/accounts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NewAccount | Problem:
    if response.status_code == 201:
        response_201 = NewAccount.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[NewAccount | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AccountRequest,
) -> Response[NewAccount | Problem]:
    """Create an account and its first API token

     The token is shown once, in this response; only its hash is stored. Names are unique
    regardless of case (409 `account_name_taken`). With a `password`, you can sign in again
    on any device (`POST /v1/sessions`); with an `email`, a link to verify it is mailed.
    Idempotency-Key is not supported here: the response holds a secret that the server
    never stores.

    Args:
        body (AccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewAccount | Problem]
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
    client: AuthenticatedClient | Client,
    body: AccountRequest,
) -> NewAccount | Problem | None:
    """Create an account and its first API token

     The token is shown once, in this response; only its hash is stored. Names are unique
    regardless of case (409 `account_name_taken`). With a `password`, you can sign in again
    on any device (`POST /v1/sessions`); with an `email`, a link to verify it is mailed.
    Idempotency-Key is not supported here: the response holds a secret that the server
    never stores.

    Args:
        body (AccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewAccount | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AccountRequest,
) -> Response[NewAccount | Problem]:
    """Create an account and its first API token

     The token is shown once, in this response; only its hash is stored. Names are unique
    regardless of case (409 `account_name_taken`). With a `password`, you can sign in again
    on any device (`POST /v1/sessions`); with an `email`, a link to verify it is mailed.
    Idempotency-Key is not supported here: the response holds a secret that the server
    never stores.

    Args:
        body (AccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewAccount | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AccountRequest,
) -> NewAccount | Problem | None:
    """Create an account and its first API token

     The token is shown once, in this response; only its hash is stored. Names are unique
    regardless of case (409 `account_name_taken`). With a `password`, you can sign in again
    on any device (`POST /v1/sessions`); with an `email`, a link to verify it is mailed.
    Idempotency-Key is not supported here: the response holds a secret that the server
    never stores.

    Args:
        body (AccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewAccount | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
