"""The suite's own shape: every test can fail. A scan of the test modules' source (ast), no test run.

- Every test function checks something: an `assert`, `pytest.raises`/`warns`/`fail`, or a call to a
  helper that does, followed through the helpers of its own module and of any `tests.…` module it
  imports (tests/support, a sibling's helpers), however deep. A test that only runs code passes
  whatever that code returns.
- Every folder or file of the repository a test module spells out (`REPO / "examples" / "levels"`,
  `Path(__file__).parent / "fixtures"`, a `tests.…` or `swarmkit.…` path constant, and what `glob`
  finds under one) exists: a test that walks a folder that moved compares nothing, and passes.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
# What the scan reads: test modules and their helpers; never the fixture servers tests start.
SKIP = ("fixtures", "__snapshots__")
# Calls that check: `pytest.raises(...)` and the rest, however pytest was imported.
CHECKING_CALLS = {"raises", "warns", "fail", "deprecated_call", "approx_fail"}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@dataclass
class Module:
    """One source file: its functions (module level and `Class.method`) and what it imports."""

    name: str
    path: Path
    tree: ast.Module
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    # a name bound by an import → (module, attribute or None for the module itself)
    imported: dict[str, tuple[str, str | None]] = field(default_factory=dict)


def read_module(name: str, path: Path, source: str | None = None) -> Module:
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    module = Module(name, path, tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            module.functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    module.functions[f"{node.name}.{item.name}"] = item
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    module.imported[alias.asname] = (alias.name, None)
                else:
                    module.imported[alias.name.split(".")[0]] = (alias.name.split(".")[0], None)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                module.imported[alias.asname or alias.name] = (base, alias.name)
    return module


def read_suite(root: Path = TESTS) -> dict[str, Module]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        if any(part in SKIP for part in path.relative_to(root).parts):
            continue
        name = module_name(path, root)
        out[name] = read_module(name, path)
    return out


def is_test(qualified: str) -> bool:
    owner, _, name = qualified.rpartition(".")
    return name.startswith("test") and (not owner or owner.startswith("Test"))


class Scan:
    """Which functions check something, directly or through the helpers they call."""

    def __init__(self, modules: dict[str, Module], repo: Path = REPO):
        self.modules = modules
        self.repo = repo
        self._checks: dict[tuple[str, str], bool] = {}

    def resolve(self, module: Module, owner: str, call: ast.Call) -> tuple[str, str] | None:
        """The (module, function) a call names, when it is a function of a scanned module."""
        func = call.func
        if isinstance(func, ast.Name):
            if func.id in module.functions:
                return module.name, func.id
            source = module.imported.get(func.id)
            if source and source[1] is not None:
                base, attribute = source
                if base in self.modules and attribute in self.modules[base].functions:
                    return base, attribute
                if f"{base}.{attribute}" in self.modules:  # a module called as a function: never
                    return None
            return None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            target = func.value.id
            if target in ("self", "cls") and owner and f"{owner}.{func.attr}" in module.functions:
                return module.name, f"{owner}.{func.attr}"
            source = module.imported.get(target)
            if source:
                base, attribute = source
                name = base if attribute is None else f"{base}.{attribute}"
                if name in self.modules and func.attr in self.modules[name].functions:
                    return name, func.attr
        return None

    def checks(self, module_name: str, function: str, seen: frozenset = frozenset()) -> bool:
        key = (module_name, function)
        if key in self._checks:
            return self._checks[key]
        if key in seen:
            return False  # a helper calling itself checks only if another path does
        module = self.modules[module_name]
        node = module.functions[function]
        owner = function.rpartition(".")[0]
        found = False
        for inner in ast.walk(node):
            if isinstance(inner, ast.Assert):
                found = True
            elif isinstance(inner, ast.Call):
                func = inner.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                via_pytest = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "pytest"
                imported = module.imported.get(name, ("", None))
                if name in CHECKING_CALLS and (via_pytest or imported[0] == "pytest"):
                    found = True
                else:
                    target = self.resolve(module, owner, inner)
                    found = target is not None and self.checks(*target, seen | {key})
            if found:
                break
        if not seen or found:
            self._checks[key] = found
        return found

    def without_a_check(self) -> list[str]:
        return [
            f"{module.path.relative_to(self.repo)}::{function}"
            for module in self.modules.values()
            if module.path.name.startswith("test_")
            for function in module.functions
            if is_test(function) and not self.checks(module.name, function)
        ]


# ---- paths a test module spells out ---------------------------------------------------------------


class Paths:
    """Paths a module's source builds from known roots, evaluated without running it: `Path(__file__)`
    with .parent, .parents[n], .resolve() and `/ "literal"`, names bound to such an expression at
    module level, and path constants imported from `tests.…` modules or from swarmkit."""

    def __init__(self, modules: dict[str, Module], repo: Path = REPO):
        self.modules = modules
        self.repo = repo
        self._constants: dict[str, dict[str, Path]] = {}

    def constants(self, name: str) -> dict[str, Path]:
        if name in self._constants:
            return self._constants[name]
        self._constants[name] = found = {}
        module = self.modules[name]
        for node in module.tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                value = self.evaluate(module, node.value) if node.value is not None else None
                if value is not None:
                    for target in targets:
                        if isinstance(target, ast.Name):
                            found[target.id] = value
        return found

    def imported_constant(self, module: Module, name: str) -> Path | None:
        base, attribute = module.imported.get(name, ("", None))
        if attribute is None:
            return None
        if base in self.modules:
            return self.constants(base).get(attribute)
        if base.startswith("swarmkit"):
            value = getattr(importlib.import_module(base), attribute, None)
            return value if isinstance(value, Path) else None
        return None

    def evaluate(self, module: Module, node: ast.expr) -> Path | None:
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Path" and len(node.args) == 1:
            arg = node.args[0]
            return module.path if isinstance(arg, ast.Name) and arg.id == "__file__" else None
        if isinstance(node, ast.Name):
            if node.id in self.constants_in_progress(module):
                return self.constants_in_progress(module)[node.id]
            return self.imported_constant(module, node.id)
        if isinstance(node, ast.Attribute):
            base = self.evaluate(module, node.value)
            if base is not None and node.attr == "parent":
                return base.parent
            return None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args:
            base = self.evaluate(module, node.func.value)
            return base.resolve() if base is not None and node.func.attr == "resolve" else None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
            if node.value.attr == "parents" and isinstance(node.slice, ast.Constant):
                base = self.evaluate(module, node.value.value)
                return base.parents[node.slice.value] if base is not None else None
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            base = self.evaluate(module, node.left)
            right = node.right
            if base is not None and isinstance(right, ast.Constant) and isinstance(right.value, str):
                return base / right.value
        return None

    def constants_in_progress(self, module: Module) -> dict[str, Path]:
        return self._constants.get(module.name, {})

    def spelled_out(self, name: str) -> list[tuple[int, Path, str | None]]:
        """(line, path, glob pattern or None) for every repository path the module builds, largest
        expression only (`A / "b" / "c"`, not also `A / "b"`), and every glob/rglob/iterdir of one."""
        module = self.modules[name]
        self.constants(name)
        out: list[tuple[int, Path, str | None]] = []
        inner: set[int] = set()
        for node in ast.walk(module.tree):
            if isinstance(node, ast.BinOp):
                inner.add(id(node.left))
        for node in ast.walk(module.tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and id(node) not in inner:
                path = self.evaluate(module, node)
                if path is not None and path.is_relative_to(self.repo):
                    out.append((node.lineno, path, None))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ("glob", "rglob", "iterdir"):
                    path = self.evaluate(module, node.func.value)
                    pattern = node.args[0] if node.args else None
                    text = pattern.value if isinstance(pattern, ast.Constant) else None
                    if path is not None and path.is_relative_to(self.repo) and (text or not node.args):
                        glob = "*" if node.func.attr == "iterdir" else text
                        out.append((node.lineno, path, f"{node.func.attr}:{glob}"))
        return sorted(out, key=lambda found: found[0])

    def missing(self) -> list[str]:
        found = []
        for name, module in self.modules.items():
            for line, path, walk in self.spelled_out(name):
                where = f"{module.path.relative_to(self.repo)}:{line}"
                if walk is None:
                    if not path.exists():
                        found.append(f"{where}: {path.relative_to(self.repo)} does not exist")
                    continue
                kind, pattern = walk.split(":", 1)
                matches = list(path.rglob(pattern) if kind == "rglob" else path.glob(pattern))
                if not matches:
                    found.append(f"{where}: {path.relative_to(self.repo)}.{kind}({pattern!r}) finds nothing")
        return found


MODULES = read_suite()


def test_the_scans_read_the_suite():
    tests = [
        f for m in MODULES.values() if m.path.name.startswith("test_") for f in m.functions if is_test(f)
    ]
    assert len(tests) >= 900
    assert "tests.support.workspaces" in MODULES and "tests.reliability.harness" in MODULES
    paths = Paths(MODULES)
    spelled = {(name, path) for name in MODULES for _, path, _ in paths.spelled_out(name)}
    assert len(spelled) >= 40
    assert ("tests.compat.test_differential", REPO / "examples" / "levels") in spelled


def test_every_test_checks_something():
    assert Scan(MODULES).without_a_check() == []


def test_no_test_spells_out_a_path_that_does_not_exist():
    assert Paths(MODULES).missing() == []


# ---- the scans see what they forbid -------------------------------------------------------------

HELPERS = """
import pytest

def check(x):
    assert x

def deeper(x):
    check(x)

def quiet(x):
    return x
"""
SAMPLE = """
import pytest
from tests.sample_helpers import deeper, quiet
from tests import sample_helpers as helpers
from pathlib import Path

HERE = Path(__file__).parent
GONE = HERE / "no-such-folder"
THERE = HERE

def local(x):
    deeper(x)

def test_asserts():
    assert 1

def test_raises():
    with pytest.raises(ValueError):
        int("x")

def test_through_a_helper_two_modules_deep():
    local(1)

def test_through_a_module_attribute():
    helpers.check(1)

def test_only_runs():
    quiet(1)

def test_calls_nothing_that_checks():
    print(THERE.glob("nothing-matches-*"))

def test_walks_a_folder_that_is_gone():
    for path in GONE.rglob("*.yaml"):
        assert path
"""


def sample_scan(tmp_path) -> dict[str, Module]:
    root = tmp_path / "tests"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "sample_helpers.py").write_text(HELPERS)
    (root / "test_sample.py").write_text(SAMPLE)
    return {module_name(p, root): read_module(module_name(p, root), p) for p in sorted(root.glob("*.py"))}


def test_the_check_scan_sees_a_test_that_only_runs_code(tmp_path):
    scan = Scan(sample_scan(tmp_path), tmp_path)
    assert [entry.rpartition("::")[2] for entry in scan.without_a_check()] == [
        "test_only_runs",
        "test_calls_nothing_that_checks",
    ]


def test_the_path_scan_sees_a_folder_that_is_gone(tmp_path):
    assert Paths(sample_scan(tmp_path), tmp_path).missing() == [
        "tests/test_sample.py:8: tests/no-such-folder does not exist",
        "tests/test_sample.py:31: tests.glob('nothing-matches-*') finds nothing",
        "tests/test_sample.py:34: tests/no-such-folder.rglob('*.yaml') finds nothing",
    ]


@pytest.mark.parametrize(
    "call", ["pytest.raises(ValueError)", "pytest.warns(UserWarning)", "pytest.fail('x')"]
)
def test_pytest_checks_count(tmp_path, call):
    path = tmp_path / "tests" / "test_x.py"
    module = read_module("tests.test_x", path, f"import pytest\ndef test_x():\n    {call}\n")
    assert Scan({"tests.test_x": module}, tmp_path).without_a_check() == []
