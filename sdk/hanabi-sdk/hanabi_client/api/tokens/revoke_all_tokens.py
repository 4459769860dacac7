from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/tokens",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Revoke every token of your account, this one too: sign out everywhere

     And every token issued from them: watch links, and for an app its table links and the
    tokens it issued for its players. They stop working at once, as with
    `DELETE /v1/tokens/current`. The account stays: with a password, sign in again
    (`POST /v1/sessions`); an account without one has no way to get a token back.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Revoke every token of your account, this one too: sign out everywhere

     And every token issued from them: watch links, and for an app its table links and the
    tokens it issued for its players. They stop working at once, as with
    `DELETE /v1/tokens/current`. The account stays: with a password, sign in again
    (`POST /v1/sessions`); an account without one has no way to get a token back.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Revoke every token of your account, this one too: sign out everywhere

     And every token issued from them: watch links, and for an app its table links and the
    tokens it issued for its players. They stop working at once, as with
    `DELETE /v1/tokens/current`. The account stays: with a password, sign in again
    (`POST /v1/sessions`); an account without one has no way to get a token back.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Revoke every token of your account, this one too: sign out everywhere

     And every token issued from them: watch links, and for an app its table links and the
    tokens it issued for its players. They stop working at once, as with
    `DELETE /v1/tokens/current`. The account stays: with a password, sign in again
    (`POST /v1/sessions`); an account without one has no way to get a token back.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
