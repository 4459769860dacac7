"""deploy/README.md's settings reference names every environment variable that is read (by
the service's code, deploy/gunicorn.conf.py or the compose file), nothing else, and the
defaults it states are the ones in force."""

import dataclasses
from pathlib import Path

import gunicorn
from hanabi.config import ConfigError, load_settings

from .files import (
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


def test_every_variable_the_code_reads_is_documented():
    read = code_environment_variables(service_python_files())
    assert {"DATABASE_URL", "CELERY_BROKER_URL"} <= read  # the scan sees config.py
    missing = read - set(documented())
    assert not missing, f"read by the code but not in deploy/README.md's settings reference: {sorted(missing)}"


def test_every_variable_of_the_compose_file_and_env_example_is_documented():
    missing = (set(compose_variables()) | set(env_example())) - set(documented())
    assert not missing, f"not in deploy/README.md's settings reference: {sorted(missing)}"


def test_every_compose_variable_is_in_env_example():
    missing = set(compose_variables()) - set(env_example())
    assert not missing, f"compose.yaml reads these, .env.example does not show them: {sorted(missing)}"


def test_every_documented_variable_is_read_by_something():
    read = code_environment_variables(service_python_files()) | set(compose_variables()) | set(haproxy_variables())
    gunicorn_source = "".join(path.read_text() for path in Path(gunicorn.__file__).parent.rglob("*.py"))
    unread = {name for name in set(documented()) - read if name not in gunicorn_source}
    assert not unread, f"documented, but neither the code, the compose file nor gunicorn reads them: {sorted(unread)}"


PROBES = ("7", "off", "text", "WARNING", "redis://probe:6379/0", "7 per minute")
"""Values to set a variable to, to find the field of Settings it sets: the first that
config.py accepts and that changes a field."""


def field_set_by(name: str) -> str | None:
    """The field of Settings that the variable `name` sets (None: config.py does not read it)."""
    defaults = load_settings({})
    for probe in PROBES:
        try:
            settings = load_settings({name: probe})
        except ConfigError:
            continue
        changed = [
            f.name for f in dataclasses.fields(defaults) if getattr(settings, f.name) != getattr(defaults, f.name)
        ]
        if changed:
            (field,) = changed
            return field
    return None


def stated(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    return str(value)


def test_the_service_defaults_are_those_of_config_py():
    defaults = load_settings({})
    checked = 0
    for name, cell in readme_settings()["The service (every `hanabi` process and the API)"].items():
        field = field_set_by(name)
        if field is None:
            continue  # read outside config.py (e.g. HANABI_ACCESS_LOG)
        value = getattr(defaults, field)
        if value is None:
            assert cell.startswith("unset"), f"{name}: config.py's default is unset, the README says {cell!r}"
        elif not cell.startswith("unset") and not isinstance(value, Path):
            assert cell.split("`")[1] == stated(value), (
                f"{name}: config.py's default is {value!r}, the README says {cell!r}"
            )
        checked += 1
    assert checked >= 10


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
