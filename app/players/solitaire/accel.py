"""Which solver runs: the C extension built with the package, or None for pure Python.

setup.py compiles fastsolve.c into app.players.solitaire._fastsolve when the package is built
or installed; a machine without a compiler installs without it and the coach uses the
pure-Python solver, which returns exactly the same values, only slower. GOLF_PURE_PYTHON=1
chooses pure Python even when the extension is there (for comparisons).
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from app.settings import current_settings


@cache
def library() -> ModuleType | None:
    """The C solver module, or None to use the pure-Python one."""
    if current_settings().pure_python:
        return None
    try:
        from app.players.solitaire import _fastsolve
    except ImportError:
        return None
    return _fastsolve


def solver_name() -> str:
    """"c" or "python": what /readyz reports."""
    return "c" if library() is not None else "python"
