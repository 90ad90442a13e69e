"""The rules import nothing from the web, the database, the players or the translations."""

import subprocess
import sys

# Web and database libraries, the app's own web, storage and player layers, and anything that
# speaks a language (the rules return codes and params; the web layer words them).
FORBIDDEN = (
    "fastapi", "starlette", "sqlalchemy", "jinja2", "alembic", "httpx", "babel", "gettext",
    "app.web", "app.storage", "app.db", "app.players", "app.i18n",
)
PROBE = """
import importlib, pkgutil, sys
import app.rules as rules
for info in pkgutil.walk_packages(rules.__path__, "app.rules."):
    importlib.import_module(info.name)
print(",".join(m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)))
"""


def test_rules_modules_load_no_web_db_player_or_language_module():
    code = f"FORBIDDEN = {FORBIDDEN!r}\n{PROBE}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
