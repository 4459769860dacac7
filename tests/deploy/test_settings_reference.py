"""deploy/README.md's settings reference names every environment variable that is read (by
the service's code, deploy/gunicorn.conf.py or the compose file), nothing else; the service's
table and .env.example's block are what `hanabi settings --write` makes from the declarations."""

from pathlib import Path

import gunicorn
import pytest
from hanabi.config import ConfigError, declarations, load_settings
from hanabi.config.reference import made

from .files import (
    REPO,
    code_environment_variables,
    compose_variables,
    env_example,
    haproxy_variables,
    readme_settings,
    service_python_files,
)


def documented() -> dict[str, str]:
    return {name: default for table in readme_settings().values() for name, default in table.items()}


def test_the_scanner_finds_the_variables_the_code_reads(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\n"
        "a = os.environ.get('ALPHA_ONE')\n"
        "b = os.getenv('BETA_TWO', '1')\n"
        "c = os.environ['GAMMA_THREE']\n"
        "def load(env):\n"
        "    return env.get('DELTA_FOUR'), _number(env, 'EPSILON_FIVE', 3)\n"
        "d = {'NOT_READ': 1}.get('NOT_READ')\n"
        "print('ALSO_NOT_READ')\n"
    )
    assert code_environment_variables([sample]) == {
        "ALPHA_ONE",
        "BETA_TWO",
        "GAMMA_THREE",
        "DELTA_FOUR",
        "EPSILON_FIVE",
    }


def declared() -> set[str]:
    return {declaration.variable for _, declaration, _ in declarations()}


def test_the_committed_reference_is_made_from_the_declarations():
    stale = [str(path.relative_to(REPO)) for path, text in made(REPO).items() if path.read_text() != text]
    assert not stale, f"run `hanabi settings --write`: {stale} differ from the settings' declarations"


ANY_TEXT = ("text", "folder")
"""Parsers that take any value."""


def test_the_defaults_are_the_declared_ones_and_an_unusable_value_is_refused_by_name():
    defaults = load_settings({"HANABI_LOG_FORMAT": "json"})
    for name, declaration, default in declarations():
        if name != "data_dir":
            assert getattr(defaults, name) == default, declaration.variable
        if declaration.parse.__name__ not in ANY_TEXT:
            with pytest.raises(ConfigError, match=f"^{declaration.variable} "):
                load_settings({declaration.variable: "not a value"})


def test_every_variable_the_code_reads_is_documented():
    read = code_environment_variables(service_python_files()) | declared()
    assert "PROMETHEUS_MULTIPROC_DIR" in read  # the scan sees the code outside hanabi.config
    missing = read - set(documented())
    assert not missing, f"read by the code but not in deploy/README.md's settings reference: {sorted(missing)}"


def test_every_variable_of_the_compose_file_and_env_example_is_documented():
    missing = (set(compose_variables()) | set(env_example())) - set(documented())
    assert not missing, f"not in deploy/README.md's settings reference: {sorted(missing)}"


def test_every_compose_variable_is_in_env_example():
    missing = set(compose_variables()) - set(env_example())
    assert not missing, f"compose.yaml reads these, .env.example does not show them: {sorted(missing)}"


def test_every_documented_variable_is_read_by_something():
    read = (
        code_environment_variables(service_python_files())
        | declared()
        | set(compose_variables())
        | set(haproxy_variables())
    )
    gunicorn_source = "".join(path.read_text() for path in Path(gunicorn.__file__).parent.rglob("*.py"))
    unread = {name for name in set(documented()) - read if name not in gunicorn_source}
    assert not unread, f"documented, but neither the code, the compose file nor gunicorn reads them: {sorted(unread)}"


def test_the_proxy_variables_are_documented_with_their_defaults():
    readme = readme_settings()["The proxy (`haproxy.cfg`)"]
    assert set(haproxy_variables()) == set(readme)
    for name, default in haproxy_variables().items():
        assert readme[name] == f"`{default}`", (
            f"{name}: haproxy.cfg's default is {default!r}, the README {readme[name]!r}"
        )


def test_the_compose_defaults_match_the_readme_and_env_example():
    readme = readme_settings()["The compose file"]
    example = env_example()
    for name, default in compose_variables().items():
        if default is None:
            assert readme[name].startswith("none"), f"{name} has no default in compose.yaml"
        else:
            assert readme[name].strip("`") == default, name
            assert example[name] in ("", default), (
                f".env.example sets {name} to {example[name]!r}, not its default {default!r}"
            )
