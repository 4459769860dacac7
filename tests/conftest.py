import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture
def fixtures_dir() -> pathlib.Path:
    return SHARED / "fixtures" / "hanablive"
