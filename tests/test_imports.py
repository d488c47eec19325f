"""The package's layering, read from its import statements: no import cycle anywhere in
converter/, and the auditor relies only on the builder's public conventions.

Imports under `if TYPE_CHECKING:` never run and are left out; an import inside a function
counts like any other (it still ties the two modules together).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import converter

PACKAGE = Path(converter.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _known(name: str) -> str | None:
    """The converter module *name* refers to: itself, or the package holding it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _runtime_nodes(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node except those under `if TYPE_CHECKING:`."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for part in node.body for n in ast.walk(part))
    for node in ast.walk(tree):
        if id(node) not in skipped:
            yield node


def imports_of(module: str) -> dict[str, int]:
    """The converter modules *module* imports, with the line of the first import of each."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: dict[str, int] = {}
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        for target in targets:
            if not target.startswith("converter"):
                continue
            found = _known(target)
            if found is not None and found != module:
                out.setdefault(found, node.lineno)
    return out


GRAPH: dict[str, dict[str, int]] = {m: imports_of(m) for m in MODULES}


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, {}))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def _describe(cycle: list[str]) -> str:
    members = set(cycle)
    edges = [f"{m} -> {d} (line {line})" for m in cycle
             for d, line in sorted(GRAPH[m].items()) if d in members]
    return "; ".join(edges)


def test_the_walk_sees_the_package() -> None:
    assert "converter.builder.conventions" in MODULES
    assert "converter.builder.conventions" in GRAPH["converter.audit.places"]


def test_no_import_cycle_between_modules() -> None:
    cycles = _cycles(GRAPH)
    assert not cycles, "import cycles: " + " | ".join(_describe(c) for c in cycles)


def test_no_import_cycle_between_packages() -> None:
    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    packages: dict[str, dict[str, int]] = {}
    for module, deps in GRAPH.items():
        for dep, line in deps.items():
            if top(dep) != top(module):
                packages.setdefault(top(module), {}).setdefault(top(dep), line)
    assert not _cycles(packages), f"package cycles: {_cycles(packages)}"


def test_audit_uses_only_the_builders_conventions() -> None:
    reached = sorted(f"{m} -> {d} (line {line})" for m, deps in GRAPH.items()
                     if m.startswith("converter.audit") for d, line in deps.items()
                     if d.startswith("converter.builder") and d != "converter.builder.conventions")
    assert not reached, f"the auditor reaches into builder internals: {reached}"


def test_the_model_imports_no_format() -> None:
    outside = ("converter.vassal", "converter.builder", "converter.render", "converter.audit",
               "converter.importer", "converter.printkit", "converter.validate", "converter.cli")
    reached = sorted(f"{m} -> {d}" for m, deps in GRAPH.items()
                     if m.startswith("converter.model") for d in deps if d.startswith(outside))
    assert not reached, reached


def test_vassal_imports_no_model() -> None:
    reached = sorted(f"{m} -> {d}" for m, deps in GRAPH.items()
                     if m.startswith("converter.vassal") for d in deps
                     if d.startswith(("converter.model", "converter.builder", "converter.audit")))
    assert not reached, reached
