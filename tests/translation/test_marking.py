"""Code that marks strings keeps ``_`` meaning "translate" (BRIEF, "Strings a player reads").

A function that assigns ``_`` (``kind, _, extra = ...``, ``for _, x in ...``, ``w, _ = size``)
makes ``_`` a local name in the whole function, so every ``_("...")`` call in it fails. Every
module that imports ``_`` from ``translation`` must therefore never bind ``_`` inside a function
(comprehensions have their own scope and are fine).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "scenes", "saves", "sprites", "sound", "translation")


def _modules_using_gettext():
    for path in [ROOT / "main.py"] + [
        p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))
    ]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "translation"
            and any(alias.name == "_" for alias in node.names)
            for node in ast.walk(tree)
        )
        if imports:
            yield path, tree


def _bindings_of_underscore(function):
    """Statements in ``function`` (not in nested functions or comprehensions) that bind ``_``."""
    found = []
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(
            node,
            (
                ast.FunctionDef,
                ast.AsyncFunctionDef,
                ast.Lambda,
                ast.ClassDef,
                ast.ListComp,
                ast.SetComp,
                ast.DictComp,
                ast.GeneratorExp,
            ),
        ):
            continue
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            found.append(node.lineno)
        stack.extend(ast.iter_child_nodes(node))
    return found


@pytest.mark.long
def test_no_function_in_a_translating_module_rebinds_underscore():
    problems = []
    for path, tree in _modules_using_gettext():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for line in _bindings_of_underscore(node):
                    problems.append(f"{path.relative_to(ROOT)}:{line} in {node.name}()")
    assert problems == []


def test_the_guard_sees_a_rebinding():
    tree = ast.parse("def f(item):\n    kind, _, extra = item.partition(':')\n    return _('x')\n")
    assert _bindings_of_underscore(tree.body[0]) == [2]
