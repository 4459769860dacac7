"""Passkeys in Chromium, with Chrome's virtual authenticator (the DevTools protocol's WebAuthn
domain): a person registers a passkey on the page's origin, signs out, and signs in with it
on a second browser context that holds the same credential; over real HTTP to `hanabi serve`."""

import os
import uuid

import httpx
import jsonschema_rs
import pytest
import yaml
from hanabi.api.openapi import OPENAPI_FILE

from tests.sdk.conftest import free_port, wait_until_ready
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, require_chromium
from tests.worker.processes import start_hanabi, stop

CREATE = """async (token) => {
  const begin = await fetch('/v1/passkey-registration-options',
    {method: 'POST', headers: {Authorization: 'Bearer ' + token}});
  const {options} = await begin.json();
  const credential = await navigator.credentials.create(
    {publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options)});
  const body = {credential: credential.toJSON(), name: 'laptop'};
  const done = await fetch('/v1/passkeys', {method: 'POST',
    headers: {Authorization: 'Bearer ' + token, 'Content-Type': 'application/json'},
    body: JSON.stringify(body)});
  window.exchanged = [['PasskeyRegistrationOptions', {options}], ['Registration', body]];
  return [done.status, await done.json()];
}"""

GET = """async () => {
  const begin = await fetch('/v1/sessions/passkey-options', {method: 'POST'});
  const {options} = await begin.json();
  const credential = await navigator.credentials.get(
    {publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options)});
  window.lastAnswer = JSON.stringify({credential: credential.toJSON()});
  const done = await fetch('/v1/sessions/passkey', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: window.lastAnswer});
  window.exchanged = [['PasskeySignInOptions', {options}], ['Assertion', JSON.parse(window.lastAnswer)]];
  return [done.status, await done.json()];
}"""

REPLAY = """async () => {
  const done = await fetch('/v1/sessions/passkey', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: window.lastAnswer});
  return [done.status, await done.json()];
}"""


@pytest.fixture(scope="module")
def chromium():
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def site(create_database, tmp_path_factory) -> str:
    """`hanabi serve` whose public URL is http://localhost:PORT: a passkey's site is a host name."""
    port = free_port()
    url = f"http://localhost:{port}"
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_RATE_LIMITS": "off",
        "HANABI_PUBLIC_URL": url,
    }
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    server = start_hanabi(["serve", "--port", str(port), "--workers", "1"], env, log)
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", server, log)
        yield url
    finally:
        stop(server)


def device(chromium, site: str, credential: dict | None = None):
    """A browser context on the site with a virtual authenticator (holding `credential`)."""
    context = chromium.new_context()
    page = context.new_page()
    page.goto(site + "/")
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
    }
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})["authenticatorId"]
    if credential is not None:
        cdp.send("WebAuthn.addCredential", {"authenticatorId": authenticator, "credential": credential})
    return context, page, cdp, authenticator


def assert_described(exchanged: list) -> None:
    """Each (component, JSON) pair, the server's options and answers and the browser's bodies, is
    what the component of openapi.yaml describes: WebAuthn's JSON as a browser really writes it."""
    components = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))["components"]
    for name, value in exchanged:
        schema = {"$ref": f"#/components/schemas/{name}", "components": components}
        errors = [error.message for error in jsonschema_rs.Draft202012Validator(schema).iter_errors(value)]
        assert errors == [], (name, value)


def test_a_passkey_made_on_one_device_signs_in_on_another(chromium, site):
    name = f"person-{uuid.uuid4().hex[:10]}"
    http = httpx.Client(base_url=site.replace("localhost", "127.0.0.1"), timeout=30)
    account = http.post("/v1/accounts", json={"name": name, "kind": "human"}).json()
    laptop, page, cdp, authenticator = device(chromium, site)

    status, registered = page.evaluate(CREATE, account["token"])

    assert status == 201, registered
    assert_described(page.evaluate("window.exchanged") + [["Passkey", registered]])
    assert registered["name"] == "laptop" and registered["last_used_at"] is None
    (credential,) = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert http.delete("/v1/tokens", headers={"Authorization": f"Bearer {account['token']}"}).status_code == 204
    phone, page, _, _ = device(chromium, site, credential)

    status, session = page.evaluate(GET)

    assert status == 201, session
    assert_described(page.evaluate("window.exchanged") + [["Session", session]])
    assert session["account"] == name
    headers = {"Authorization": f"Bearer {session['token']}"}
    assert http.get("/v1/accounts/me", headers=headers).json()["name"] == name
    (listed,) = http.get("/v1/passkeys", headers=headers).json()["items"]
    assert listed["id"] == registered["id"] and listed["last_used_at"] is not None

    replayed = page.evaluate(REPLAY)
    assert replayed[0] == 400 and replayed[1]["code"] == "invalid_passkey", "a challenge answers once"
    assert http.delete(f"/v1/passkeys/{listed['id']}", headers=headers).status_code == 204
    status, refused = page.evaluate(GET)
    assert (status, refused["code"]) == (400, "invalid_passkey"), "a removed passkey signs in no more"
    laptop.close()
    phone.close()
