"""Load the optional C solver, building it on first use; None when that is not possible.

Nothing to install: if a C compiler is on the PATH, fastsolve.c is compiled once into a
per-user cache directory (keyed by the source's hash) and loaded with ctypes. Without a
compiler, or with GOLF_PURE_PYTHON=1, the coach uses the pure-Python solver, which returns
exactly the same values, only slower.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sysconfig
import tempfile
from functools import cache
from pathlib import Path

SOURCE = Path(__file__).with_name("fastsolve.c")


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "golf-coach"


def _build(target: Path) -> bool:
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        built = Path(tmp) / target.name
        command = [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(SOURCE)]
        result = subprocess.run(command, capture_output=True, timeout=60, check=False)
        if result.returncode != 0:
            return False
        os.replace(built, target)  # atomic, so parallel processes never load half a file
    for old in target.parent.glob("fastsolve-*"):
        if old != target:
            old.unlink(missing_ok=True)  # builds of older sources; a loaded copy lives on
    return True


@cache
def library() -> ctypes.CDLL | None:
    """The C solver, or None to use the pure-Python one."""
    if os.environ.get("GOLF_PURE_PYTHON"):
        return None
    try:
        digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]
        suffix = sysconfig.get_config_var("SHLIB_SUFFIX") or ".so"
        target = _cache_dir() / f"fastsolve-{digest}{suffix}"
        if not target.exists() and not _build(target):
            return None
        lib = ctypes.CDLL(str(target))
    except (OSError, subprocess.SubprocessError):
        return None
    function = lib.golf_action_values
    int_p = ctypes.POINTER(ctypes.c_int)
    function.argtypes = [
        int_p,
        int_p,
        ctypes.c_int,
        int_p,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_uint32),
        int_p,
        ctypes.c_int,
        int_p,
        ctypes.POINTER(ctypes.c_long),
        ctypes.c_long,
        ctypes.c_int,
    ]
    function.restype = ctypes.c_int
    return lib
