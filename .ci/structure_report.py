"""Measure the package's structure, for before/after notes on a refactor:

    python .ci/structure_report.py [--json]

Prints the modules, the import edges between them (at module level, and counting the
imports inside functions), the import cycles of each graph (strongly connected groups of
more than one module), the ten largest modules, the functions taking more than eight
parameters and every import inside a function. Reads the source only (ast); nothing is
imported.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = "spacebowl_print"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(mod: str, is_pkg: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = mod.split(".")
    if not is_pkg:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def targets(mod: str, is_pkg: bool, node: ast.AST, modules: set[str]) -> set[str]:
    """The package modules an import statement names (a name imported from a package counts
    as its submodule when one exists)."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = resolve(mod, is_pkg, node)
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                 for a in node.names]
    else:
        return found
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name and name.startswith(PKG):
            found.add(name)
    return found


def in_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def scan() -> dict[str, object]:
    files = {module_name(p): p for p in sorted((ROOT / PKG).rglob("*.py"))}
    modules = set(files)
    top: dict[str, set[str]] = {m: set() for m in modules}
    inner: dict[str, set[str]] = {m: set() for m in modules}
    local_imports: list[str] = []
    wide: list[str] = []
    sizes = []
    for mod, path in files.items():
        text = path.read_text(encoding="utf-8")
        sizes.append((len(text.splitlines()), mod))
        tree = ast.parse(text)
        is_pkg = path.name == "__init__.py"

        def visit(node: ast.AST, in_fn: bool, typing_only: bool, mod: str = mod,
                  is_pkg: bool = is_pkg, path: Path = path) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and in_type_checking(child):
                    visit(child, in_fn, True)
                    continue
                fn = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    a = child.args
                    n = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
                    if a.args and a.args[0].arg in ("self", "cls"):
                        n -= 1
                    if n > 8:
                        wide.append(f"{mod}:{child.name} ({n})")
                if isinstance(child, (ast.Import, ast.ImportFrom)) and not typing_only:
                    found = targets(mod, is_pkg, child, modules) - {mod}
                    if in_fn:
                        inner[mod] |= found
                        local_imports.append(f"{path.relative_to(ROOT)}:{child.lineno}")
                    else:
                        top[mod] |= found
                visit(child, in_fn or fn, typing_only)

        visit(tree, False, False)
    both = {m: top[m] | inner[m] for m in modules}
    sizes.sort(reverse=True)
    return {
        "modules": len(modules),
        "edges_module_level": sum(len(v) for v in top.values()),
        "edges_with_function_imports": sum(len(v) for v in both.values()),
        "cycles_module_level": cycles(top),
        "cycles_with_function_imports": cycles(both),
        "largest": [f"{n} {m}" for n, m in sizes[:10]],
        "over_600": [f"{n} {m}" for n, m in sizes if n > 600],
        "functions_over_8_params": sorted(wide),
        "function_local_imports": len(local_imports),
        "function_local_import_sites": local_imports,
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10_000)

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(out)


def main() -> int:
    report = scan()
    if "--json" in sys.argv:
        print(json.dumps(report, indent=1))
        return 0
    for key, value in report.items():
        if key == "function_local_import_sites":
            continue
        if isinstance(value, list):
            print(f"{key}: {len(value)}")
            for line in value:
                print(f"    {line}")
        else:
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
