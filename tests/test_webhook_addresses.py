"""Where webhooks may go (hanabi.webhooks.addresses), without I/O: which addresses are refused and
why, the operator's networks, names checked through a resolver, the setting, and `hanabi
serve`'s loopback default."""

import ipaddress
import socket
from pathlib import Path

import pytest
from hanabi.config import ConfigError, load_settings
from hanabi.runtime.server import webhooks_on_loopback
from hanabi.webhooks.addresses import (
    LOOPBACK_NETWORKS,
    AddressRefused,
    WebhookAddresses,
    allowed_networks_text,
    parse_networks,
    refusal,
    resolve,
)

REFUSED = {
    "127.0.0.1": "a loopback address",
    "127.255.0.9": "a loopback address",
    "::1": "a loopback address",
    "10.0.0.1": "a private address",
    "172.31.255.255": "a private address",
    "192.168.0.1": "a private address",
    "100.64.0.1": "a carrier-grade NAT address",
    "100.127.255.254": "a carrier-grade NAT address",
    "169.254.169.254": "a link-local address",
    "fe80::1": "a link-local address",
    "fc00::1": "a unique-local address",
    "fdff:ffff::1": "a unique-local address",
    "fec0::1": "a site-local address",
    "224.0.0.251": "a multicast address",
    "239.255.255.250": "a multicast address",
    "ff02::fb": "a multicast address",
    "0.0.0.0": "an unspecified address",
    "::": "an unspecified address",
    "0.1.2.3": "an address reserved for special use",
    "192.0.0.8": "an address reserved for special use",
    "192.0.2.1": "an address reserved for special use",
    "198.18.0.1": "an address reserved for special use",
    "198.51.100.7": "an address reserved for special use",
    "203.0.113.7": "an address reserved for special use",
    "240.0.0.1": "an address reserved for special use",
    "255.255.255.255": "an address reserved for special use",
    "2001:db8::1": "an address reserved for special use",
    "3fff::1": "an address reserved for special use",
    "::7f00:1": "an address reserved for special use",
    "::ffff:127.0.0.1": "an IPv4-mapped form of a loopback address",
    "::ffff:10.9.8.7": "an IPv4-mapped form of a private address",
    "::ffff:169.254.169.254": "an IPv4-mapped form of a link-local address",
    "::ffff:100.64.1.1": "an IPv4-mapped form of a carrier-grade NAT address",
    "::ffff:0.0.0.0": "an IPv4-mapped form of an unspecified address",
    "64:ff9b::a9fe:a9fe": "an IPv6 address that carries a link-local address",
    "2002:c0a8:101::1": "an IPv6 address that carries a private address",
}
PUBLIC = [
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:93.184.216.34",
    "64:ff9b::808:808",
]


def ip(text: str):
    return ipaddress.ip_address(text)


@pytest.mark.parametrize(("address", "reason"), REFUSED.items())
def test_addresses_off_the_public_internet_are_refused_with_their_kind(address, reason):
    assert refusal(ip(address)) == reason
    assert WebhookAddresses().refusal(ip(address)) == reason


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_are_allowed(address):
    assert refusal(ip(address)) is None


def test_the_operators_networks_are_allowed_and_nothing_else():
    addresses = WebhookAddresses(parse_networks("10.1.0.0/16 127.0.0.1, fd00::/8"))
    for allowed in ("10.1.200.3", "127.0.0.1", "::ffff:127.0.0.1", "fd00::42", "8.8.8.8"):
        assert addresses.refusal(ip(allowed)) is None, allowed
    for refused in ("10.2.0.1", "127.0.0.2", "::1", "fc00::1", "169.254.169.254"):
        assert addresses.refusal(ip(refused)), refused


def table(**names: list[str]):
    """A resolver that answers `names` and knows no other name, as getaddrinfo does."""

    def resolver(host: str, port: int):
        if host not in names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [ip(address) for address in names[host]]

    return resolver


def test_a_name_is_checked_with_every_address_it_resolves_to():
    addresses = WebhookAddresses(
        resolver=table(
            **{
                "bot.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
                "inside.example.com": ["10.0.0.8"],
                "half.example.com": ["93.184.216.34", "169.254.169.254"],
                "nothing.example.com": [],
            }
        )
    )
    assert addresses.check("bot.example.com", 443) == [ip("93.184.216.34"), ip("2606:2800:220:1::1")]
    assert addresses.check("8.8.8.8", 80) == [ip("8.8.8.8")]
    assert addresses.check_url("http://[2606:4700:4700::1111]:8080/x") == [ip("2606:4700:4700::1111")]
    with pytest.raises(AddressRefused, match="host inside.example.com resolves to a private address;"):
        addresses.check("inside.example.com", 443)
    with pytest.raises(AddressRefused, match="resolves to a link-local address"):
        addresses.check_url("https://half.example.com/hook")
    with pytest.raises(AddressRefused, match="host 127.0.0.1 is a loopback address"):
        addresses.check_url("http://127.0.0.1:9/")
    with pytest.raises(socket.gaierror):
        addresses.check("unknown.example.com", 443)
    with pytest.raises(socket.gaierror):
        addresses.check("nothing.example.com", 443)


@pytest.mark.parametrize("host", ["a" * 64 + ".example.com", "a..b.example.com", "a\x00b.example.com"])
def test_a_name_no_resolver_could_look_up_does_not_resolve(host):
    with pytest.raises(socket.gaierror):
        resolve(host, 443)


def test_the_setting_lists_networks_or_says_none(tmp_path: Path):
    def networks(value: str):
        return load_settings(
            {"HANABI_DATA_DIR": str(tmp_path), "HANABI_WEBHOOK_ALLOWED_NETWORKS": value}
        ).webhook_allowed_networks

    assert networks("") is None
    assert networks("none") == ()
    assert networks("10.1.0.0/16,fd00::/8 192.168.5.5") == parse_networks("10.1.0.0/16 fd00::/8 192.168.5.5/32")
    assert networks("10.1.2.3/16") == (ipaddress.ip_network("10.1.0.0/16"),)
    for wrong in ("10.0.0.0/33", "intranet", "10.0.0.0/8; 11.0.0.0/8"):
        with pytest.raises(ConfigError, match="HANABI_WEBHOOK_ALLOWED_NETWORKS must list networks"):
            networks(wrong)
    assert allowed_networks_text(networks("10.1.0.0/16, ::1")) == "10.1.0.0/16, ::1/128"
    assert allowed_networks_text(()) == "none"


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("example.com", False),
    ],
)
def test_hanabi_serve_on_a_loopback_host_allows_loopback_unless_told_otherwise(tmp_path: Path, host, loopback):
    unset = load_settings({"HANABI_DATA_DIR": str(tmp_path)})
    assert webhooks_on_loopback(unset, host).webhook_allowed_networks == (LOOPBACK_NETWORKS if loopback else None)
    told = load_settings({"HANABI_DATA_DIR": str(tmp_path), "HANABI_WEBHOOK_ALLOWED_NETWORKS": "none"})
    assert webhooks_on_loopback(told, host).webhook_allowed_networks == ()
