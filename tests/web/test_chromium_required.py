"""Without Chromium the browser tests skip, saying why; under CI they fail instead."""

import pytest

from . import conftest


def test_a_missing_chromium_skips_the_browser_tests_but_fails_them_under_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium is missing"):
        conftest.require_chromium()

    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser tests"):
        conftest.require_chromium()
