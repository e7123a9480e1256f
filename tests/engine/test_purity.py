"""engine/ is pure Python: no pygame, no clock, no global random (docs/DESIGN.md, The engine
contract)."""

import ast
import functools
import pathlib

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "engine"


def engine_files():
    return sorted(ENGINE.rglob("*.py"))


@functools.cache  # each test reads every engine file: parse each once
def imported_modules(path) -> tuple[str, ...]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return tuple(names)


def test_no_engine_module_imports_pygame():
    offenders = [
        str(p)
        for p in engine_files()
        if any(m.split(".")[0] in ("pygame", "pygame_gui") for m in imported_modules(p))
    ]
    assert offenders == []


def test_no_engine_module_reads_the_clock():
    offenders = [
        str(p)
        for p in engine_files()
        if any(m.split(".")[0] in ("time", "datetime") for m in imported_modules(p))
    ]
    assert offenders == []


def test_only_the_match_and_bots_import_random():
    """Rules code never calls random: luck is a chance node the match or a bot resolves.
    Bots (engine/bots/ and a game's own bots.py) derive generators from the rng they are given."""
    allowed = (
        {ENGINE / "match.py"} | set((ENGINE / "bots").rglob("*.py")) | set(ENGINE.glob("*/bots.py"))
    )
    offenders = [
        str(p)
        for p in engine_files()
        if p not in allowed and "random" in {m.split(".")[0] for m in imported_modules(p)}
    ]
    assert offenders == []
