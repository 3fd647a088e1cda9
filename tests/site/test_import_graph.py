"""No module of the site imports another that imports it back (directly or through others),
checked over the import graph that import-linter builds (grimp): imports inside functions count."""

import sys
from pathlib import Path

import grimp

BASE_DIR = Path(__file__).resolve().parents[2]
PACKAGES = ("kernel", "azul", "games", "ratings", "accounts", "leagues", "learn", "matchmaking", "notifications",
            "social", "tournaments", "azulsite")


def import_cycles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []

    def visit(start):
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, imported = work[-1]
            for other in imported:
                if other not in graph.modules:
                    continue
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph.find_modules_directly_imported_by(other)))))
                    break
                if other in on_stack:
                    low[module] = min(low[module], index[other])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        cycles.append(component)

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


def test_no_module_imports_one_that_imports_it_back():
    sys.path.insert(0, str(BASE_DIR))
    try:
        graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    finally:
        sys.path.remove(str(BASE_DIR))
    cycles = [sorted(cycle) for cycle in import_cycles(graph)]
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_finder_finds_a_cycle_through_three_modules():
    graph = grimp.ImportGraph()
    for importer, imported in [("a.x", "a.y"), ("a.y", "a.z"), ("a.z", "a.x"), ("a.z", "a.w")]:
        graph.add_import(importer=importer, imported=imported)
    assert import_cycles(graph) == [{"a.x", "a.y", "a.z"}]
