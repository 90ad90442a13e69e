"""The rules and the computer players answer with codes and facts: the web layer words them.

So no module under app/rules or app/players may import the catalogs (app.i18n), gettext or
Babel, not even inside a function, nor load app.i18n or Babel through another module.
"""

import ast
import subprocess
import sys
from pathlib import Path

import app

PACKAGES = ("app.rules", "app.players")
WORDING = ("app.i18n", "gettext", "babel")
# Loaded through other modules: the standard library's gettext is not among them, because
# argparse loads it for its own messages (app.settings -> pydantic_settings -> argparse).
LOADED_WORDING = ("app.i18n", "babel")
PROBE = """
import importlib, pkgutil, sys
for name in PACKAGES:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
print(",".join(m for m in sys.modules if any(m == w or m.startswith(w + ".") for w in WORDING)))
"""


def _wording(module: str) -> bool:
    return any(module == w or module.startswith(w + ".") for w in WORDING)


def test_rules_and_players_load_no_wording_module():
    code = f"PACKAGES = {PACKAGES!r}\nWORDING = {LOADED_WORDING!r}\n{PROBE}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_rules_or_players_source_imports_a_wording_module():
    """Also the imports a function makes only when it runs, which loading does not reach."""
    root = Path(app.__file__).parent
    found = []
    for package in ("rules", "players"):
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                else:
                    continue
                found += [f"{path.relative_to(root)}: {n}" for n in names if _wording(n)]
    assert found == []
