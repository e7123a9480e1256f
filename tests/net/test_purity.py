"""net/ is pure Python: no pygame, no scene (docs/DESIGN.md, "Playing at a distance")."""

from __future__ import annotations

import ast
import pathlib

NET = pathlib.Path(__file__).resolve().parents[2] / "net"


def imported(path: pathlib.Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_net_module_imports_pygame_or_scenes():
    files = sorted(NET.glob("*.py"))
    assert len(files) >= 10
    for path in files:
        assert not imported(path) & {"pygame", "pygame_gui", "scenes", "sprites"}, path.name


def test_net_files_stay_under_800_lines():
    for path in NET.glob("*.py"):
        assert len(path.read_text("utf-8").splitlines()) < 800, path.name
