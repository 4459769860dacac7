"""The settings reference, made from the declarations of hanabi.config: the rows of deploy/README.md's
table of the service's settings, and the service's block of deploy/.env.example.

    hanabi settings             # prints the table's rows
    hanabi settings --write     # rewrites both parts of those files, between their markers

tests/deploy checks that the committed files hold what this makes.
"""

import re
import textwrap
from pathlib import Path

from . import declarations

README_START = "<!-- settings: made by `hanabi settings --write` from service/hanabi/config -->"
README_END = "<!-- end of settings -->"
ENV_START = "# --- The service (read by every hanabi container; made by `hanabi settings --write`) ---"
ENV_END = "# --- end of the service's settings ---"

SET_BY_COMPOSE = frozenset({"DATABASE_URL", "CELERY_BROKER_URL", "HANABI_DATA_DIR", "PROMETHEUS_MULTIPROC_DIR"})
"""Left out of .env.example: the compose file or the image sets them."""
ENV_EXAMPLE_VALUES = {"HANABI_WORKER_METRICS_PORT": "9100"}
"""Values .env.example sets (every other setting is left empty: its default)."""
COMPOSE_DEFAULTS = {
    "HANABI_RATE_LIMIT_STORAGE": "the compose file's redis://redis:6379/1 (all API replicas share the counts)",
    "HANABI_TRUSTED_PROXIES": "the compose file's 1 (its proxy); 2 if another proxy or load balancer is in front of it",
}
"""What an empty value means in the compose cluster, where the compose file sets another default."""


def stated(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


def default_cell(declaration, default) -> str:
    if declaration.shown is not None:
        return declaration.shown
    if declaration.unset is not None:
        return f"unset: {declaration.unset}"
    return f"`{stated(default)}`"


def readme_rows() -> str:
    """The rows of the service's settings table (its header included)."""
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    for _, declaration, default in declarations():
        lines.append(f"| `{declaration.variable}` | {default_cell(declaration, default)} | {declaration.help} |")
    return "\n".join(lines) + "\n"


def plain(markdown: str) -> str:
    """Markdown without its links and code marks."""
    return re.sub(r"\[([^]]+)\]\([^)]+\)", r"\1", markdown).replace("`", "")


def env_example_block() -> str:
    """The service's settings in .env.example: each with its help as a comment, empty (its default)."""
    lines = ["# DATABASE_URL and CELERY_BROKER_URL are set by the compose file (the postgres and redis services)."]
    for _, declaration, default in declarations():
        if declaration.variable in SET_BY_COMPOSE:
            continue
        cell = default_cell(declaration, default)
        when_empty = COMPOSE_DEFAULTS.get(declaration.variable) or (
            cell.removeprefix("unset: ") if cell.startswith("unset: ") else f"default {cell}"
        )
        meaning = plain(f"{declaration.help}. Empty: {when_empty}.")
        lines += textwrap.wrap(meaning, 98, initial_indent="# ", subsequent_indent="# ", break_on_hyphens=False)
        lines.append(f"{declaration.variable}={ENV_EXAMPLE_VALUES.get(declaration.variable, '')}")
    return "\n".join(lines) + "\n"


def replaced(text: str, start: str, end: str, block: str) -> str:
    before, found, rest = text.partition(start + "\n")
    _, found_end, after = rest.partition(end)
    if not found or not found_end:
        raise ValueError(f"the markers {start!r} and {end!r} are missing")
    return before + start + "\n" + block + end + after


def made(repo: Path) -> dict[Path, str]:
    """{file: its text with the made parts as they should be}."""
    readme, example = repo / "deploy" / "README.md", repo / "deploy" / ".env.example"
    return {
        readme: replaced(readme.read_text(), README_START, README_END, readme_rows()),
        example: replaced(example.read_text(), ENV_START, ENV_END, env_example_block()),
    }


def write(repo: Path) -> list[Path]:
    """Rewrite the made parts; the files that changed."""
    changed = []
    for path, text in made(repo).items():
        if path.read_text() != text:
            path.write_text(text)
            changed.append(path)
    return changed
