"""The OpenAPI description of the API, as committed in openapi.yaml.

The description depends only on the code, so it is built from an app whose pool is never
opened (`hanabi openapi` needs no database) and from the default settings (the rate limits it
documents are the defaults, whatever the environment says).
"""

from pathlib import Path

import yaml
from psycopg_pool import ConnectionPool

OPENAPI_FILE = Path(__file__).resolve().parents[3] / "openapi.yaml"


def openapi_spec() -> dict:
    from hanabi.config import load_settings

    from . import create_app

    unopened_pool = ConnectionPool("", open=False)
    app = create_app(load_settings({}), pool=unopened_pool)
    return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()


def openapi_yaml() -> str:
    return yaml.safe_dump(openapi_spec(), sort_keys=False, allow_unicode=True, width=100)


def write_openapi(path: Path = OPENAPI_FILE) -> Path:
    path.write_text(openapi_yaml(), encoding="utf-8")
    return path
