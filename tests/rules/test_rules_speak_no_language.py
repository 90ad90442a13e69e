"""The rules modules say what happened as codes and facts, never as sentences a player reads.

Words belong to the web layer (app.web.*.words and the catalogs), so every language words the
same facts its own way. This scans the source of app/rules for string literals that read like
prose (three words or more in a row); docstrings and comments are for developers and skipped.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import app.rules

RULES = Path(app.rules.__file__).parent
PROSE = re.compile(r"[A-Za-z]+ [a-z]+ [a-z]+")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def prose_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and PROSE.search(node.value)
        ):
            where = path.relative_to(RULES.parent.parent) if path.is_relative_to(RULES) else path
            found.append(f"{where}:{node.lineno}: {node.value!r}")
    return found


def test_the_scanner_finds_a_sentence(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docs are fine here."""\nERROR = "The game is over."\nCODE = "game_over"\n'
    )
    assert [line.split(": ", 1)[1] for line in prose_in(sample)] == ["'The game is over.'"]


def test_rules_modules_hold_no_player_facing_sentences():
    found = [line for path in sorted(RULES.rglob("*.py")) for line in prose_in(path)]
    assert not found, "word these in the web layer:\n" + "\n".join(found)
