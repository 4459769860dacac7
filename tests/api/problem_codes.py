"""The problem codes the server's code can answer with, read from its source: every string
literal passed as a parameter named `code` (of a function, a method or an exception class of
the API, the store, the engine and the arena), every class attribute `code = "..."` of an exception, and
the codes of the tables that map statuses or path parameters to codes."""

import ast
import importlib
import inspect
import pathlib
import re

import hanabi

PACKAGES = ("api", "store", "engine", "arena")
MODULES = ("hanabi.runtime.api_worker",)
CODE_TABLES = {
    "hanabi.api.errors": ("HTTP_CODES",),
    "hanabi.api.inputs": ("NOT_FOUND",),
    "hanabi.runtime.api_worker": ("REFUSED",),
}
SNAKE_CASE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
ROOT = pathlib.Path(hanabi.__file__).parent


def modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = ".".join(("hanabi", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
            yield name, path
    for name in MODULES:
        yield name, ROOT / (name.removeprefix("hanabi.").replace(".", "/") + ".py")


def code_position(callable_) -> int | None:
    """The index of the positional parameter `code` of a function or class (None: it has none)."""
    if callable_ is None:
        return None
    target = callable_.__init__ if inspect.isclass(callable_) else callable_
    try:
        parameters = [name for name in inspect.signature(target).parameters if name not in ("self", "cls")]
    except (TypeError, ValueError, RuntimeError):
        return None
    return parameters.index("code") if "code" in parameters else None


def callables_of(module) -> dict:
    """What a name called in `module` may be: its globals, and the methods of its classes."""
    found = {name: value for name, value in vars(module).items() if callable(value)}
    for value in list(found.values()):
        if inspect.isclass(value) and value.__module__ == module.__name__:
            for attribute, member in vars(value).items():
                if inspect.isfunction(member):
                    found.setdefault(attribute, member)
    return found


def defined_positions(tree) -> dict:
    """The position of `code` in the functions the module defines, nested ones included."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [argument.arg for argument in node.args.posonlyargs + node.args.args if argument.arg != "self"]
            if "code" in names:
                found[node.name] = names.index("code")
    return found


def literals(expression) -> list[str | None]:
    """The codes an expression may be: a string constant, or those of the branches of
    `code or ("a" if x else "b")`."""
    if isinstance(expression, ast.BoolOp):
        return [code for value in expression.values for code in literals(value)]
    if isinstance(expression, ast.IfExp):
        return literals(expression.body) + literals(expression.orelse)
    return [literal(expression)]


def literal(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and SNAKE_CASE.match(node.value):
        return node.value
    return None


def raised_codes() -> dict[str, str]:
    """code -> the module that first names it."""
    codes: dict[str, str] = {}
    for name, path in modules():
        module = importlib.import_module(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        known = callables_of(module)
        defined = defined_positions(tree)
        for node in ast.walk(tree):
            found: list[str | None] = []
            if isinstance(node, ast.Call):
                callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                position = defined[callee] if callee in defined else code_position(known.get(callee))
                if position is not None and position < len(node.args):
                    found += literals(node.args[position])
                for keyword in node.keywords:
                    if keyword.arg == "code":
                        found += literals(keyword.value)
            elif isinstance(node, ast.ClassDef):
                found += [
                    literal(statement.value)
                    for statement in node.body
                    if isinstance(statement, ast.Assign)
                    and [getattr(target, "id", None) for target in statement.targets] == ["code"]
                ]
            for code in found:
                if code is not None:
                    codes.setdefault(code, name)
        for table in CODE_TABLES.get(name, ()):
            for value in getattr(module, table).values():
                codes.setdefault(
                    next(part for part in value if isinstance(part, str)) if isinstance(value, tuple) else value, name
                )
    return codes
