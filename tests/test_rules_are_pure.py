"""The rules import nothing from the web or the database."""

import subprocess
import sys

FORBIDDEN = ("fastapi", "starlette", "sqlalchemy", "jinja2", "alembic", "httpx", "app.web")
PROBE = """
import importlib, pkgutil, sys
import app.rules as rules
for info in pkgutil.iter_modules(rules.__path__):
    importlib.import_module("app.rules." + info.name)
print(",".join(m for m in sys.modules if m.split(".")[0] in FORBIDDEN or m in FORBIDDEN))
"""


def test_rules_modules_load_no_web_or_db_module():
    code = f"FORBIDDEN = {FORBIDDEN!r}\n{PROBE}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
