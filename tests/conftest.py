import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture
def fixtures_dir() -> pathlib.Path:
    """Real games exported from hanab.live (copied from the project's shared fixtures)."""
    return FIXTURES / "hanablive"
