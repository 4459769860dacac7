"""The live server of tests/api, for the client checks."""

from tests.api.conftest import live_server  # noqa: F401 (a fixture)
