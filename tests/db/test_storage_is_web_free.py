"""Storage imports nothing from the web: it could serve a CLI or a worker without FastAPI."""

import subprocess
import sys

FORBIDDEN = ("fastapi", "starlette", "jinja2", "httpx", "app.web", "app.security", "app.ratelimit")
PROBE = """
import importlib, pkgutil, sys
import app.storage as storage
for info in pkgutil.iter_modules(storage.__path__):
    importlib.import_module("app.storage." + info.name)
loaded = [m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
print(",".join(sorted(loaded)))
"""


def test_storage_modules_load_no_web_module():
    code = f"FORBIDDEN = {FORBIDDEN!r}\n{PROBE}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
