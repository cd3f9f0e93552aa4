"""The shape of the package: no import circle, memory in layers, and one place for each fact.

Imports are read from the source with ast, those inside functions included: a circle that only
shows when a function first runs is still a circle.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "swarmkit"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _known(name: str) -> str | None:
    """The module `name` names, or the nearest package of it that exists."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """Every swarmkit module `module` imports, anywhere in its source."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(
                _known(alias.name) or "" for alias in node.names if alias.name.startswith("swarmkit")
            )
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if base.startswith("swarmkit"):
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found.add(full if full in MODULES else _known(base) or "")
    found.discard("")
    found.discard(module)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def component(module: str) -> str:
    """swarmkit.memory.recall.index -> swarmkit.memory; swarmkit.errors -> swarmkit.errors."""
    parts = module.split(".")
    if len(parts) > 2 or (len(parts) == 2 and (PACKAGE / parts[1]).is_dir()):
        return ".".join(parts[:2])
    return module


def test_the_walk_sees_imports_inside_functions():
    assert "swarmkit.resolver" in GRAPH["swarmkit.cli.resolving"]  # `from swarmkit.resolver import resolve`
    assert "swarmkit.runtime.engine" in GRAPH["swarmkit.cli.run"]  # imported inside run()
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_itself_through_others():
    assert circles(GRAPH) == []


def test_no_package_imports_itself_through_others():
    packages: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        packages.setdefault(component(module), set()).update(
            component(t) for t in targets if component(t) != component(module)
        )
    assert circles(packages) == []


# The memory package's rooms, and the rooms each may import (besides itself): recall reads the folder
# core; the actions use the core and recall. store.py composes them all. Secret screening and
# plain-speech reading are the ground floor outside memory (swarmkit.screening, swarmkit.speech):
# any room may use them, and they import nothing of swarmkit but themselves.
ROOMS_BELOW = {
    "folder": set(),
    "recall": {"folder"},
    "actions": {"folder", "recall"},
}

GROUND_FLOOR = ("swarmkit.screening", "swarmkit.speech")


@pytest.mark.parametrize("engine", GROUND_FLOOR)
def test_the_text_engines_import_nothing_of_swarmkit_but_themselves(engine):
    found = {
        f"{module} -> {target}"
        for module in MODULES
        if module == engine or module.startswith(engine + ".")
        for target in GRAPH[module]
        if not (target == engine or target.startswith(engine + "."))
    }
    assert found == set()


def room(module: str) -> str | None:
    """swarmkit.memory.actions.inbox -> actions; swarmkit.memory.store -> store; outside memory: None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["swarmkit", "memory"] else None


def test_every_memory_module_is_in_a_room():
    rooms = {room(m) for m in MODULES} - {None}
    assert rooms == set(ROOMS_BELOW) | {"store"}


@pytest.mark.parametrize("name", sorted(ROOMS_BELOW))
def test_a_memory_room_imports_only_the_rooms_below_it(name):
    targets = {target for module in MODULES if room(module) == name for target in GRAPH[module]}
    reached = {room(target) for target in targets} - {None, name}
    assert reached <= ROOMS_BELOW[name], reached - ROOMS_BELOW[name]


def test_the_memory_core_never_reaches_an_action():
    for module in (m for m in MODULES if room(m) == "folder"):
        assert not {room(t) for t in _below(module)} & {"actions", "store", "recall"}, module
        assert "swarmkit.speech" not in {component(t) for t in _below(module)}, module


# A file class is read from a path once (FileClass.of) or parsed from a label once (FileClass.parse):
# what a kind of file is lives in one table, and a new class is a change there, not in every module
# that asks (`cls.startswith("swarm:")`, `"user:" + slug`, `label.split(":")[0]`).
CLASS_LABEL = re.compile(r"""["'](?:me|memory|lessons|inbox|other|user|workspace|swarm):?["']""")


def test_no_module_parses_or_builds_a_file_class_from_a_string():
    home = PACKAGE / "memory" / "folder" / "file_class.py"
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == home or "models" in path.relative_to(PACKAGE).parts[:1]:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(r"""["'](?:user|workspace|swarm):["']""", code) or (
                "cls" in code and CLASS_LABEL.search(code)
            ):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    assert found == []


def test_the_file_class_check_sees_the_patterns_it_forbids():
    assert re.search(r"""["'](?:user|workspace|swarm):["']""", 'if cls.startswith("swarm:"):')
    assert re.search(r"""["'](?:user|workspace|swarm):["']""", 'return "user:" + parts[1]')
    assert CLASS_LABEL.search('if cls == "inbox":')


def _below(module: str) -> set[str]:
    seen, todo = set(), [module]
    while todo:
        for target in GRAPH[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("swarmkit.memory.")))
def test_memory_features_import_the_core_never_the_facade(module):
    """store.py puts the features together for the CLI, runtime and server; no feature reaches back up."""
    if module != "swarmkit.memory.store":
        assert "swarmkit.memory.store" not in GRAPH[module]


def untyped_stores(source: str) -> list[str]:
    """The functions in `source` that take a `store` without a type, or typed Any: mypy cannot
    follow what they call on it (an action once called the store's methods through one)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            for arg in args.posonlyargs + args.args + args.kwonlyargs:
                annotation = ast.unparse(arg.annotation) if arg.annotation is not None else None
                if arg.arg == "store" and annotation in (None, "Any", "typing.Any", "object"):
                    found.append(f"{getattr(node, 'name', 'lambda')}:{node.lineno}")
    return found


def test_no_memory_function_takes_an_untyped_store():
    """Actions and recall are typed against the core they use (folder/reader.py's MemoryReader or
    MemoryFolder), so mypy checks every call they make on the store."""
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{where}"
        for path in sorted((PACKAGE / "memory").rglob("*.py"))
        for where in untyped_stores(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_store_type_check_sees_what_it_forbids():
    assert untyped_stores("def f(store, ref: str): pass") == ["f:1"]
    assert untyped_stores("def f(store: Any): pass") == ["f:1"]
    assert untyped_stores("class S:\n    def __init__(self, store): pass") == ["__init__:2"]
    assert untyped_stores("g = lambda store: store.entries()") == ["lambda:1"]
    assert untyped_stores("def f(store: MemoryReader, other): pass") == []


def test_memory_and_runtime_meet_only_downward():
    """The runtime uses memory; memory never imports the runtime (run ids live in swarmkit.run_ids)."""
    assert not any(
        t.startswith("swarmkit.runtime") for m in MODULES if m.startswith("swarmkit.memory") for t in GRAPH[m]
    )


def test_the_readme_layout_names_every_package_and_module_and_nothing_else():
    import re

    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("```", 2)[1]
    named_dirs = set(re.findall(r"^swarmkit/([a-z_]+)/", layout, re.M))
    named_files = set(
        re.findall(r"\b([a-z_]+\.py)\b", layout.split("swarmkit/*.py", 1)[1].split("reference/", 1)[0])
    )
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    assert named_dirs == packages
    assert named_files == modules
    for path in re.findall(r"^([a-z][a-z_/]*/)\s", layout, re.M):
        assert (PACKAGE.parent / path).is_dir(), path


@pytest.mark.parametrize(
    "package", sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
)
def test_each_package_says_what_it_owns(package):
    init = PACKAGE / package / "__init__.py"
    if package == "models":  # generated: its header says so
        assert init.read_text().startswith("# GENERATED")
        return
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc and len(doc) > 40, package


def test_no_test_imports_a_conftest():
    """Fixtures live in conftest files; what tests share is imported from tests/support/."""
    tests = PACKAGE.parent / "tests"
    found = []
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "conftest":
                found.append(f"{path.relative_to(tests)}:{node.lineno}")
    assert found == []


# Memory's one door (issue 31): code outside memory/ imports it through swarmkit.memory, whose
# __init__ names what other packages use. At most three modules past it, each for its reason:
DEEP_IMPORTS_ALLOWED: dict[str, str] = {
    "swarmkit.memory.actions.asked": "memory you talk to (runtime/memory_talk.py) is this action's "
    "caller: it uses its verbs as one namespace (asked.meant, asked.forget), which would clash at "
    "the door with the store's",
    "swarmkit.memory.recall.semantic": "the embedding model in force, its kinds and states (choice, "
    "Lexical, NO_MODEL, fetch_default), read as one namespace by the CLI's fetch on first need",
    "swarmkit.memory.recall.download": "the model's fetch: when a failed one is tried again "
    "(remembered_failure, later), told by the CLI beside semantic's",
}


def in_memory(module: str) -> bool:
    return module == "swarmkit.memory" or module.startswith("swarmkit.memory.")


def deep_imports(graph: dict[str, set[str]]) -> list[str]:
    """`importer -> module` for each memory module imported from outside memory/ past its door."""
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if not in_memory(module)
        for target in targets
        if target.startswith("swarmkit.memory.") and target not in DEEP_IMPORTS_ALLOWED
    )


def test_code_outside_memory_enters_through_its_door():
    assert deep_imports(GRAPH) == []
    assert len(DEEP_IMPORTS_ALLOWED) <= 3


def test_the_door_check_sees_a_deep_import():
    graph = {
        "swarmkit.cli.memory": {"swarmkit.memory", "swarmkit.memory.folder.entries"},
        "swarmkit.memory.store": {"swarmkit.memory.folder.entries"},
    }
    assert deep_imports(graph) == ["swarmkit.cli.memory -> swarmkit.memory.folder.entries"]
    assert deep_imports({"swarmkit.cli.meaning": set(DEEP_IMPORTS_ALLOWED)}) == []
    assert "swarmkit.memory" in GRAPH["swarmkit.cli.memory"]  # `from swarmkit.memory import …`


def test_the_door_loads_each_name_it_declares_from_where_it_says():
    """swarmkit.memory loads its names on first use (_EXPORTS); what mypy reads (its TYPE_CHECKING
    imports) names the same modules, and every name is there."""
    import importlib

    import swarmkit.memory as door

    declared = {}
    for node in ast.walk(ast.parse((PACKAGE / "memory" / "__init__.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("swarmkit.memory."):
            for alias in node.names:
                declared[alias.asname or alias.name] = (
                    node.module.removeprefix("swarmkit.memory."),
                    alias.name,
                )
    assert declared == door._EXPORTS
    assert sorted(door.__all__) == sorted(declared)
    for name, (module, attribute) in declared.items():
        assert getattr(door, name) is getattr(importlib.import_module(f"swarmkit.memory.{module}"), attribute)


# One door, one direction (issue 31): the store composes the reader, the writer (folder/writer.py)
# and the recall index (recall/recaller.py) and hands them to the actions; no room calls back up
# into it. The store's own methods that restate the writer's or the recall index's are called, in
# the rooms, only on the writer or the recall index they were handed, never on a store or reader.
HANDED = {"writer", "recall", "recaller"}


def _defined(path: Path, class_name: str) -> set[str]:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                t.id
                for n in node.body
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Name)
            }
    raise AssertionError(f"no class {class_name} in {path}")


MEMORY = PACKAGE / "memory"
# remember, forget, recall, dedupe_keys and the index's upkeep: what the store delegates, by name
DELEGATED = {
    name
    for name in _defined(MEMORY / "store.py", "MemoryStore")
    & (
        _defined(MEMORY / "folder" / "writer.py", "MemoryWriter")
        | _defined(MEMORY / "recall" / "recaller.py", "Recaller")
    )
    if not name.startswith("_")
}


def _receiver(node: ast.expr) -> str:
    """`parts.writer` -> writer; `self.store` -> store; `store` -> store; anything else -> ''."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def calls_back(source: str, names: set[str]) -> list[str]:
    """The uses in `source` of one of `names` on something other than a handed writer or recall
    index (`store.remember(…)`, `self.store.recall(…)`, `reader.forget(…)`, `keep = store.remember`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in names and _receiver(node.value) not in HANDED:
            found.append(f"{ast.unparse(node)}:{node.lineno}")
    return found


def test_the_store_delegates_what_the_writer_and_the_recall_index_own():
    assert {"remember", "forget", "recall", "dedupe_keys"} <= DELEGATED


def test_no_memory_room_calls_back_into_the_store():
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{where}"
        for path in sorted(MEMORY.rglob("*.py"))
        if path != MEMORY / "store.py"
        for where in calls_back(path.read_text(encoding="utf-8"), DELEGATED)
    ]
    assert found == []


def test_the_reader_the_rooms_are_handed_cannot_write_or_recall():
    """What the actions and recall are typed against (folder/reader.py) declares no write and no
    recall: mypy refuses an action that calls them on it. The abstract restatement of the store
    (folder/core.py's MemoryCore) is gone."""
    from swarmkit.memory.folder.reader import MemoryReader

    assert not {name for name in DELEGATED | {"outranks", "propose"} if hasattr(MemoryReader, name)}
    assert not [
        m for m in MODULES if m.startswith("swarmkit.memory.") and "MemoryCore" in MODULES[m].read_text()
    ]


def test_the_call_back_check_sees_what_it_forbids():
    names = {"remember", "recall"}
    assert calls_back("store.remember('x')", names) == ["store.remember:1"]
    assert calls_back("self.store.recall(q)", names) == ["self.store.recall:1"]
    assert calls_back("parts.reader.remember('x')", names) == ["parts.reader.remember:1"]
    assert calls_back("keep = store.remember", names) == ["store.remember:1"]
    assert calls_back("parts.writer.remember('x'); self.recaller.recall(q); keys.add(k)", names) == []


def test_every_action_writes_and_recalls_without_the_store(tmp_path, monkeypatch):
    """The same, as it runs: with the store's own remember, forget, recall and dedupe_keys made to
    fail, each action that writes or recalls (add, a curated fact, a swarm's note and its recall,
    feedback, an import, a fact held for review, a forget asked for in words) still does its work."""
    from swarmkit.memory import MemoryStore, hold_for_review
    from swarmkit.memory.actions import asked

    store = MemoryStore(tmp_path / "memory", "demo")
    store.ensure()

    def called_back(*args, **kwargs):
        raise AssertionError("an action called back into the store")

    for name in DELEGATED:
        monkeypatch.setattr(store, name, called_back)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "deploys.md").write_text("- Deploys go out on Tuesdays\n", encoding="utf-8")

    assert store.add("I prefer tabs over spaces").status == "written"
    assert store.propose("deploy", "region", "eu-west-1", "project_fact").status == "new"
    swarm = store.swarm("Pricing", "r-1a2b3c4d5e", goal="Explain Q3 prices", members=["lead"])
    assert swarm.note("finding", "Q3 prices rose with the freight costs", "lead").status == "written"
    assert [hit.text for hit in swarm.recall("freight costs")] == ["Q3 prices rose with the freight costs"]
    assert store.feedback("r-1a2b3c4d", "it used the old pricing table").status == "written"
    assert store.import_folder(notes).imported == 1
    held = hold_for_review(store.parts, "The office is in Porto", "project_fact", None, False, {}, None, None)
    assert held.status == "held"
    assert asked.forget(store.parts, "tabs over spaces").status == "forgotten"
