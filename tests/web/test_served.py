"""The page and its files are served by the API's app, without a token and without a build."""

import re
from pathlib import Path

import hanabi.web
import pytest
from hanabi.api import create_app
from hanabi.store.database import create_pool

STATIC = Path(hanabi.web.__file__).parent / "static"


@pytest.fixture(scope="module")
def client(database_url):
    pool = create_pool(database_url, min_size=1, max_size=2)
    yield create_app(pool=pool).test_client()
    pool.close()


def test_the_page_is_served_at_the_root_without_a_token(client):
    response = client.get("/")

    assert response.status_code == 200 and response.mimetype == "text/html"
    assert '<script type="module" src="/web/js/main.js">' in response.get_data(as_text=True)
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_every_module_the_page_imports_is_served_as_javascript(client):
    modules, seen = ["main.js"], set()
    while modules:
        name = modules.pop()
        if name in seen:
            continue
        seen.add(name)
        response = client.get(f"/web/js/{name}")
        assert response.status_code == 200, name
        assert response.mimetype == "text/javascript", name
        modules += re.findall(r'from "\./([\w.]+)"', response.get_data(as_text=True))
    assert seen == {path.name for path in (STATIC / "js").glob("*.js")}
    assert client.get("/web/app.css").mimetype == "text/css"


def test_the_page_loads_nothing_from_elsewhere():
    for path in STATIC.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"https?://", text), f"{path.name} refers to another site"


def test_a_missing_file_is_a_404_problem_and_the_page_is_not_in_the_api_description(client):
    response = client.get("/web/js/nothing.js")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    paths = client.get("/v1/openapi.json").json["paths"]
    assert "/" not in paths and not any(path.startswith("/web") for path in paths)
