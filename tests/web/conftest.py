"""Browser tests: Playwright for Python driving Debian's Chromium (/usr/bin/chromium, never a
downloaded browser) against a real `hanabi serve` on a free port, whose own Celery worker plays
the bot seats.

Without Chromium the tests skip, saying why, except under CI (the CI variable set), where
they fail: CI must run them (`make test` installs Chromium with apt-get when it can).
"""

import json
import os
from pathlib import Path

import httpx
import pytest

from tests.sdk.conftest import served

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOT_DIR = Path(
    os.environ.get("HANABI_SCREENSHOT_DIR", Path(__file__).resolve().parents[2] / "test-results" / "web")
)
"""Where the test run saves its screenshots of the table."""
WAIT_MS = 20_000
"""How long an expectation waits: a bot's move goes through the worker, a person's through the long poll."""


def require_chromium() -> None:
    if CHROMIUM.exists():
        return
    reason = f"{CHROMIUM} is missing: install Debian's chromium (`make browser`, or apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the browser tests.", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="package")
def browser():
    """Chromium, for the tests of this folder: Playwright's sync API keeps an asyncio loop running
    in the thread until it stops, where a later test's `asyncio.run` would fail."""
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def site_url(create_database, tmp_path_factory) -> str:
    """A real server with its embedded worker (CELERY_BROKER_URL unset), on a fresh database."""
    require_chromium()
    env = {**os.environ, "DATABASE_URL": create_database(), "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    env.pop("CELERY_BROKER_URL", None)
    env["HANABI_DEAL_SECRET"] = (
        "web tests: seeds deal the same games every run"  # e.g. "rainbow-0" deals seat 1 rainbows
    )
    log_path = tmp_path_factory.mktemp("serve") / "serve.log"
    with served(env, log_path) as base_url:
        SERVER_LOGS[base_url] = log_path
        yield base_url


SERVER_LOGS: dict[str, Path] = {}
"""Each browser test server's output, by base URL."""
FAILURE_LOG_LINES = 60


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report ends with the last lines its server wrote (a slow or refused
    request shows there)."""
    report = yield
    site_url = item.funcargs.get("site_url") if hasattr(item, "funcargs") else None
    if report.failed and call.when == "call" and site_url in SERVER_LOGS:
        lines = SERVER_LOGS[site_url].read_text(errors="replace").splitlines()[-FAILURE_LOG_LINES:]
        report.sections.append(("hanabi serve's last lines", "\n".join(lines)))
    return report


@pytest.fixture
def person(browser, site_url):
    """Opens a browser context of its own (a person at their own computer) on the page."""
    contexts = []

    def open_page(path: str = "/", *, signed_in: tuple[str, str] | None = None, viewport=None, **options):
        """`signed_in`: (name, token) the browser already keeps, as after an earlier visit."""
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, **options)
        contexts.append(context)
        if signed_in is not None:
            session = json.dumps({"name": signed_in[0], "token": signed_in[1]})
            context.add_init_script(f"localStorage.setItem('hanabi.session', {json.dumps(session)})")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(error))
        page.script_errors = errors
        page.goto(site_url + path)
        return page

    yield open_page
    for context in contexts:
        context.close()


def token_of(page) -> str:
    """The token the page keeps for its signed-in account."""
    return page.evaluate("JSON.parse(localStorage.getItem('hanabi.session')).token")


def api_as(site_url: str, token: str | None = None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=site_url + "/v1", headers=headers, timeout=10)
