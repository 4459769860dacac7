"""Where webhooks may go: public internet addresses, and the networks the operator allows.

A webhook URL's host is checked when the URL is registered and again before each delivery,
after its name is resolved; the delivery then connects to the addresses that were checked, so
a name that answers differently a moment later (DNS rebinding) cannot steer it elsewhere.

An address is refused unless it is in one of the operator's networks
(HANABI_WEBHOOK_ALLOWED_NETWORKS) or it is globally reachable: not loopback, private
(RFC 1918), carrier-grade NAT (100.64.0.0/10), link-local (169.254.0.0/16, the cloud metadata
service's, and fe80::/10), unique-local (fc00::/7), multicast, unspecified (0.0.0.0, ::),
reserved or set aside for documentation, benchmarks and protocols (what `ipaddress` does not
call global, and the networks of SPECIAL_NETWORKS). An IPv4-mapped (::ffff:a.b.c.d) or NAT64
(64:ff9b::a.b.c.d) IPv6 address is judged as the IPv4 address it carries; a 6to4 one
(2002::/16) is refused when the IPv4 address it carries is. A name is refused when any of its
addresses is.
"""

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK_NETWORKS: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
"""What `hanabi serve` on a loopback host allows when HANABI_WEBHOOK_ALLOWED_NETWORKS is unset."""

CARRIER_GRADE_NAT = ipaddress.ip_network("100.64.0.0/10")
UNIQUE_LOCAL = ipaddress.ip_network("fc00::/7")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
RFC_1918 = tuple(ipaddress.ip_network(net) for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
SPECIAL_NETWORKS = tuple(
    ipaddress.ip_network(net)
    for net in (
        "192.0.0.0/24",  # IETF protocol assignments
        "192.88.99.0/24",  # 6to4 relay anycast
        "3fff::/20",  # IPv6 documentation (RFC 9637)
    )
)
"""Not globally reachable, though some Python versions' `ipaddress` call (part of) them global."""

Resolver = Callable[[str, int], list[IPAddress]]


class AddressRefused(Exception):
    """A webhook's host is, or resolves to, an address that webhooks may not reach; the message
    is a sentence for the account."""


def resolve(host: str, port: int) -> list[IPAddress]:
    """The addresses a TCP connection to `host` may use, in the system resolver's order.
    socket.gaierror when there are none, also for a name no resolver could look up."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except ValueError as error:  # a label of more than 63 characters, a NUL, ...
        raise socket.gaierror(socket.EAI_NONAME, f"{host!r} is not a host name: {error}") from None
    addresses: list[IPAddress] = []
    for *_, sockaddr in found:
        address = ipaddress.ip_address(sockaddr[0])
        if address not in addresses:
            addresses.append(address)
    return addresses


def parse_networks(text: str) -> tuple[Network, ...]:
    """Networks written as CIDR ("10.1.0.0/16, fd00::/8"; a bare address is a network of one),
    separated by commas or spaces. ValueError names what is not a network."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{item!r} is not a network in CIDR notation (such as 10.1.0.0/16 or fd00::/8)") from None
    return tuple(networks)


def url_host_port(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if not parts.hostname:
        raise ValueError(f"{url!r} names no host")
    return parts.hostname, parts.port or DEFAULT_PORTS[parts.scheme.lower()]


def refusal(address: IPAddress) -> str | None:
    """Why webhooks may not go to `address` (a phrase such as "a loopback address"), or None
    when it is globally reachable."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            reason = refusal(address.ipv4_mapped)
            return reason and f"an IPv4-mapped form of {reason}"
        if address in NAT64:
            reason = refusal(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
            return reason and f"an IPv6 address that carries {reason}"
        if address.sixtofour is not None and (reason := refusal(address.sixtofour)):
            return f"an IPv6 address that carries {reason}"
    if address.is_unspecified:
        return "an unspecified address"
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_multicast:
        return "a multicast address"
    if address in CARRIER_GRADE_NAT:
        return "a carrier-grade NAT address"
    if address in UNIQUE_LOCAL:
        return "a unique-local address"
    if isinstance(address, ipaddress.IPv6Address) and address.is_site_local:
        return "a site-local address"
    if any(address in network for network in RFC_1918):
        return "a private address"
    if not address.is_global or address.is_reserved or any(address in network for network in SPECIAL_NETWORKS):
        return "an address reserved for special use"
    return None


@dataclass(frozen=True)
class WebhookAddresses:
    """The rule for one process: the operator's networks, and how names are resolved (tests
    give a resolver of their own)."""

    allowed_networks: tuple[Network, ...] = ()
    resolver: Resolver = resolve

    def refusal(self, address: IPAddress) -> str | None:
        """Why webhooks may not go to `address`, or None when they may."""
        forms = [address]
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            forms.append(address.ipv4_mapped)
        if any(form in network for form in forms for network in self.allowed_networks):
            return None
        return refusal(address)

    def check(self, host: str, port: int) -> list[IPAddress]:
        """The addresses to connect to for `host`, every one allowed. AddressRefused when one
        is not; OSError (socket.gaierror) when the name does not resolve."""
        try:
            addresses = [ipaddress.ip_address(host)]
            named = None
        except ValueError:
            addresses = self.resolver(host, port)
            named = host
        for address in addresses:
            if reason := self.refusal(address):
                raise AddressRefused(_sentence(named or str(address), named is not None, reason))
        if not addresses:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} has no address")
        return addresses

    def check_url(self, url: str) -> list[IPAddress]:
        return self.check(*url_host_port(url))


def _sentence(host: str, named: bool, reason: str) -> str:
    where = f"resolves to {reason}" if named else f"is {reason}"
    return (
        f"The webhook's host {host} {where}; this server sends webhooks only to public internet addresses"
        " (and to the networks its operator allows)."
    )


def allowed_networks_text(networks: Iterable[Network]) -> str:
    """`networks` as HANABI_WEBHOOK_ALLOWED_NETWORKS writes them ("none" for no network)."""
    return ", ".join(str(network) for network in networks) or "none"
