from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.create_webhook_request import CreateWebhookRequest
from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateWebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NewWebhook | Problem:
    if response.status_code == 201:
        response_201 = NewWebhook.from_dict(response.json())

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
) -> Response[NewWebhook | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[NewWebhook | Problem]:
    """Register a URL for your events

     The response holds the webhook's secret, shown only here: every delivery carries
    `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the secret>`.
    A URL whose host is, or resolves to, a loopback, private, link-local or other address
    that is not on the public internet is a 422 `webhook_url_not_allowed`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhook | Problem]
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
    body: CreateWebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> NewWebhook | Problem | None:
    """Register a URL for your events

     The response holds the webhook's secret, shown only here: every delivery carries
    `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the secret>`.
    A URL whose host is, or resolves to, a loopback, private, link-local or other address
    that is not on the public internet is a 422 `webhook_url_not_allowed`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhook | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[NewWebhook | Problem]:
    """Register a URL for your events

     The response holds the webhook's secret, shown only here: every delivery carries
    `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the secret>`.
    A URL whose host is, or resolves to, a loopback, private, link-local or other address
    that is not on the public internet is a 422 `webhook_url_not_allowed`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhook | Problem]
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
    body: CreateWebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> NewWebhook | Problem | None:
    """Register a URL for your events

     The response holds the webhook's secret, shown only here: every delivery carries
    `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the secret>`.
    A URL whose host is, or resolves to, a loopback, private, link-local or other address
    that is not on the public internet is a 422 `webhook_url_not_allowed`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhook | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
