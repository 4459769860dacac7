"""Readers of the files in deploy/ (and of the code) for the deploy tests."""

import ast
import re
import shlex
from fnmatch import fnmatch
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
PACKAGE = REPO / "service" / "hanabi"

VARIABLE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
"""The shape of an environment variable's name (at least one underscore: DATABASE_URL, ...)."""
INTERPOLATION = re.compile(r"\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}")
"""Compose's ${VAR}, ${VAR:-default}, ${VAR:?error} (no nesting is used)."""


def compose_text() -> str:
    return (DEPLOY / "compose.yaml").read_text()


def compose_variables() -> dict[str, str | None]:
    """The variables compose.yaml interpolates, each with its `:-` default (None: none)."""
    found = {}
    for name, operator, value in INTERPOLATION.findall(compose_text()):
        default = value if operator in ("-", ":-") else None
        if found.get(name) is None:
            found[name] = default
    return found


def load_compose(variables: dict[str, str]) -> dict:
    """compose.yaml as `docker compose config` reads it, with `variables` interpolated."""

    def substitute(match: re.Match) -> str:
        name, operator, value = match.groups()
        if variables.get(name):
            return variables[name]
        if operator in ("?", ":?"):
            raise KeyError(f"{name} is required: {value}")
        return value or ""

    text = INTERPOLATION.sub(substitute, compose_text()).replace("$$", "$")
    return yaml.safe_load(text)


def haproxy_variables() -> dict[str, str | None]:
    """Environment variables deploy/haproxy.cfg reads ("${NAME}" or "${NAME-default}"), with their defaults."""
    text = (DEPLOY / "haproxy.cfg").read_text()
    return dict(re.findall(r'"\$\{([A-Z0-9_]+)(?:-([^}]*))?\}"', text))


def env_example() -> dict[str, str]:
    """The variables of deploy/.env.example and their values."""
    values = {}
    for line in (DEPLOY / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of deploy/Dockerfile, continuation lines joined, comments dropped."""
    logical, current = [], ""
    for line in (DEPLOY / "Dockerfile").read_text().splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        current += line.rstrip("\\").strip() + " "
        if not line.endswith("\\"):
            logical.append(current.strip())
            current = ""
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in logical]


def exec_form(arguments: str) -> list[str]:
    """The command of a CMD/HEALTHCHECK CMD: JSON (exec form) or a shell string split like sh."""
    arguments = arguments.strip()
    if arguments.startswith("["):
        return yaml.safe_load(arguments)
    return shlex.split(arguments)


def copies_from_context() -> list[tuple[str, str]]:
    """(source, destination) of each COPY of the build context (not `COPY --from=<stage>`)."""
    copies = []
    for instruction, arguments in dockerfile_instructions():
        if instruction == "COPY" and not arguments.startswith("--from"):
            *sources, destination = shlex.split(arguments)
            copies += [(source, destination) for source in sources]
    return copies


def dockerignored(path: str) -> bool:
    """Whether the repository's .dockerignore keeps `path` (relative to the repository root) out of
    the build context: the last matching pattern decides, `!` re-includes, a pattern also covers
    everything under a folder it matches (Docker's rules, for the patterns used here)."""
    ignored = False
    for line in (REPO / ".dockerignore").read_text().splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip("/")
        parts = Path(path).parts
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        if any(fnmatch(prefix, pattern) or _double_star_match(prefix, pattern) for prefix in prefixes):
            ignored = not negate
    return ignored


def _double_star_match(path: str, pattern: str) -> bool:
    """`**/name` matches `name` in any folder."""
    return pattern.startswith("**/") and any(fnmatch(part, pattern[3:]) for part in Path(path).parts)


def readme_settings() -> dict[str, dict[str, str]]:
    """The tables of deploy/README.md's "Settings reference": {table heading: {variable: default cell}}."""
    text = (DEPLOY / "README.md").read_text()
    section = text.split("\n## Settings reference\n", 1)[1].split("\n## ", 1)[0]
    tables, heading = {}, None
    for line in section.splitlines():
        if line.startswith("### "):
            heading = line[4:].strip()
            tables[heading] = {}
        match = re.match(r"\|\s*`([A-Z0-9_]+)`\s*\|([^|]*)\|", line)
        if match and heading:
            tables[heading][match.group(1)] = match.group(2).strip()
    return tables


def code_environment_variables(paths: list[Path]) -> set[str]:
    """Names of environment variables that the Python files `paths` read: os.environ.get("X"),
    os.getenv("X"), os.environ["X"], env.get("X") and helpers called with the environment,
    such as _positive_int(env, "X", 1)."""
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and _reads_environment(node):
                found |= {arg.value for arg in node.args if _is_variable_name(arg)}
            elif isinstance(node, ast.Subscript) and _is_environment(node.value) and _is_variable_name(node.slice):
                found.add(node.slice.value)
    return found


def _reads_environment(call: ast.Call) -> bool:
    function = call.func
    if (
        isinstance(function, ast.Attribute)
        and function.attr in ("get", "getenv")
        and (_is_environment(function.value) or (isinstance(function.value, ast.Name) and function.value.id == "os"))
    ):
        return True
    return any(_is_environment(arg) for arg in call.args)


def _is_environment(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("env", "environ")) or (
        isinstance(node, ast.Attribute) and node.attr == "environ"
    )


def _is_variable_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(VARIABLE.match(node.value))


def service_python_files() -> list[Path]:
    """The service's code and deploy/'s Python (gunicorn.conf.py)."""
    return sorted(PACKAGE.rglob("*.py")) + sorted(DEPLOY.glob("*.py"))
