"""How each setting's raw value is read: a raw value -> the setting's value, or EnvError("must be
...") (hanabi.config names the variable)."""

import math
from pathlib import Path
from urllib.parse import urlsplit

from environs import EnvError

from hanabi.webhooks.addresses import Network, parse_networks

RATE_LIMIT_STORAGE_SCHEMES = ("memory", "redis", "rediss", "redis+unix", "redis+sentinel", "redis+cluster")
MIN_SECRET_CHARACTERS = 32
SMTP_SCHEMES = ("smtp", "smtps")
_SWITCHES = {"on": True, "true": True, "1": True, "yes": True, "off": False, "false": False, "0": False, "no": False}


def text(raw: str) -> str:
    return raw


def folder(raw: str) -> Path:
    return Path(raw).resolve()


def whole(raw: str, minimum: int = 0, maximum: int | None = None, unit: str = "", why: str = "") -> int:
    try:
        value = int(raw)
    except ValueError:
        raise EnvError(f"must be a whole number, not {raw!r}.") from None
    if maximum is not None and not minimum <= value <= maximum:
        raise EnvError(f"must be {unit or f'from {minimum} to {maximum}'}, not {value}.")
    if value < minimum:
        least = "0 or more" if minimum == 0 else f"at least {minimum}"
        raise EnvError(f"must be {least}{f' ({why})' if why else ''}, not {value}.")
    return value


def number(raw: str, unit: str, zero: bool = False) -> float:
    if zero and raw in ("0", "0.0"):
        return 0.0
    try:
        value = float(raw)
    except ValueError:
        raise EnvError(f"must be a number of {unit}, not {raw!r}.") from None
    if not 0 < value < math.inf:
        raise EnvError(f"must be a positive number of {unit}, not {raw}.")
    return value


def seconds(raw: str, zero: bool = False) -> float:
    return number(raw, "seconds", zero)


def choice(raw: str, choices: tuple[str, ...]) -> str:
    for candidate in (raw.upper(), raw.lower()):
        if candidate in choices:
            return candidate
    raise EnvError(f"must be one of {', '.join(choices)}, not {raw!r}.")


def switch(raw: str) -> bool:
    try:
        return _SWITCHES[raw.strip().lower()]
    except KeyError:
        raise EnvError(f"must be on or off, not {raw!r}.") from None


def rate_limit_storage(raw: str) -> str:
    scheme, separator, _ = raw.partition("://")
    if not separator or scheme.lower() not in RATE_LIMIT_STORAGE_SCHEMES:
        raise EnvError(f"must be memory:// or a Redis URL (redis://host:6379/0), not {raw!r}.")
    return raw


def rates(raw: str, single: bool = False) -> str:
    """Flask-Limiter's notation: "100 per minute", "10/second; 1000/day" (`single`: one rate)."""
    from limits import parse_many

    try:
        parsed = parse_many(raw)
    except ValueError:
        raise EnvError(f'must be a rate such as "100 per minute" or "10/second; 1000/day", not {raw!r}.') from None
    if single and len(parsed) != 1:
        raise EnvError(f'must be one rate such as "20 per hour", not {raw!r}.')
    return raw


def networks(raw: str) -> tuple[Network, ...]:
    if raw.strip().lower() == "none":
        return ()
    try:
        return parse_networks(raw)
    except ValueError as error:
        raise EnvError(f"must list networks or say none: {error}.") from None


def origins(raw: str) -> tuple[str, ...]:
    """Web origins, comma-separated: `https://app.example.com`, `http://localhost:5173`, or `*`."""
    found = tuple(part.strip() for part in raw.split(",") if part.strip())
    for origin in found:
        if origin == "*":
            continue
        try:
            parts = urlsplit(origin)
            parts.port  # noqa: B018 (reading it raises ValueError on a bad port)
        except ValueError:
            parts = None
        if (
            parts is None
            or parts.scheme not in ("http", "https")
            or not parts.hostname
            or "@" in parts.netloc
            or origin != f"{parts.scheme}://{parts.netloc}"
        ):
            raise EnvError(
                "must list origins such as https://app.example.com (a scheme and a host, "
                f"an optional port, no path), or *, not {origin!r}."
            )
    return found


def port(raw: str) -> int:
    value = whole(raw, minimum=1)
    if value > 65535:
        raise EnvError(f"must be a port number from 1 to 65535, not {value}.")
    return value


def secret(raw: str) -> str:
    if len(raw) < MIN_SECRET_CHARACTERS:
        raise EnvError(
            f"must have at least {MIN_SECRET_CHARACTERS} characters, not {len(raw)} "
            "(e.g. the output of `openssl rand -hex 32`)."
        )
    return raw


def public_url(raw: str) -> str:
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise EnvError(f"must be an http(s) address such as https://hanabi.example.org, not {raw!r}.")
    return raw.rstrip("/")


def smtp_url(raw: str) -> str:
    try:
        parts = urlsplit(raw)
        _ = parts.port
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in SMTP_SCHEMES or not parts.hostname:
        raise EnvError("must be smtp://[user:password@]host[:port] or smtps://..., not the value given.")
    return raw


def bot_names(raw: str) -> tuple[str, ...]:
    from hanabi.bots import STRATEGIES

    names = tuple(dict.fromkeys(part.strip() for part in raw.split(",") if part.strip()))
    if not names or any(name not in STRATEGIES for name in names):
        raise EnvError(f"must list built-in bots ({', '.join(sorted(STRATEGIES))}), not {raw!r}.")
    return names


PARSERS = (text, folder, whole, number, seconds, choice, switch, rate_limit_storage, rates, networks, origins)
PARSERS += (port, secret, public_url, smtp_url, bot_names)
