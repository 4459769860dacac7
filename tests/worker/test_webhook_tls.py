"""An https delivery over a real TLS connection: the worker connects to the address it checked
and still names the URL's host in TLS (the server name and the certificate it verifies) and in
the Host header. The receiver's certificate comes from a test CA (trustme) that the client
context trusts instead of the system's."""

import ipaddress
import ssl

import pytest
import trustme
from hanabi.webhooks.addresses import WebhookAddresses
from hanabi.webhooks.delivery import post

from .webhook_receiver import Receiver

NAME = "hooks.bot.example"
"""The name the receiver's certificate is for; only the test resolver knows it."""


@pytest.fixture(scope="module")
def ca():
    return trustme.CA()


@pytest.fixture(scope="module")
def tls_receiver(ca):
    """An HTTPS receiver on 127.0.0.1 with a certificate for NAME, and the server names clients sent."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(NAME).configure_cert(context)
    server_names = []
    context.sni_callback = lambda sock, name, ctx: server_names.append(name)
    receiver = Receiver(tls=context)
    yield receiver, server_names
    receiver.close()


def client_context(ca) -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.load_verify_locations(cadata=ca.cert_pem.bytes().decode())
    return context


def resolver(host: str, port: int):
    return [ipaddress.ip_address("127.0.0.1")]


ADDRESSES = WebhookAddresses((ipaddress.ip_network("127.0.0.1/32"),), resolver)


def test_an_https_delivery_names_the_host_while_it_connects_to_the_checked_address(ca, tls_receiver):
    receiver, server_names = tls_receiver
    outcome = post(receiver.url("/tls", host=NAME, scheme="https"), b"{}", {}, 5, ADDRESSES, client_context(ca))
    assert (outcome.status_code, outcome.failure) == (204, None)
    [request] = receiver.received("/tls")
    assert request["headers"]["Host"] == f"{NAME}:{receiver.port}"
    assert NAME in server_names


@pytest.mark.parametrize("host", ["other.bot.example", "127.0.0.1"])
def test_a_certificate_for_another_name_fails_the_connection(ca, tls_receiver, host):
    receiver, _ = tls_receiver
    path = f"/tls-{host}"
    outcome = post(receiver.url(path, host=host, scheme="https"), b"{}", {}, 5, ADDRESSES, client_context(ca))
    assert (outcome.status_code, outcome.failure) == (None, "connection_failed")
    assert "certificate" in outcome.detail.lower()
    assert receiver.received(path) == []


def test_an_untrusted_certificate_fails_the_connection(tls_receiver):
    receiver, _ = tls_receiver
    outcome = post(receiver.url("/untrusted", host=NAME, scheme="https"), b"{}", {}, 5, ADDRESSES)
    assert (outcome.status_code, outcome.failure) == (None, "connection_failed")
    assert receiver.received("/untrusted") == []
