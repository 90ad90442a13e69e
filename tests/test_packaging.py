"""A normal `pip install .` (not editable) into a fresh venv gives a working `golf`.

The slow test builds and installs the checkout (tracked and new files, as a clean clone has
them) into a fresh venv, then, from another directory so nothing is imported from the source
tree: migrates, serves, asks for a hint with the compiled solver, and runs a simulation.
The fresh venv borrows the running venv's dependencies instead of installing them again
(`make install` has just installed those same pinned versions, so a second copy would only
cost half a minute): what is tested here is our own package, its files and its build.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


def test_the_lock_pins_every_dependency_exactly():
    lines = [
        line.strip()
        for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines and all(re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.+\-]+", x) for x in lines)
    pinned = {re.split(r"==", line)[0].lower().replace("_", "-") for line in lines}
    wanted = PYPROJECT["project"]["dependencies"] + [
        dep for group in PYPROJECT["project"]["optional-dependencies"].values() for dep in group
    ]
    names = {re.split(r"[\[<>=!~ ]", dep)[0].lower().replace("_", "-") for dep in wanted}
    assert names <= pinned, f"not pinned in requirements.lock: {sorted(names - pinned)}"


def _shipped(source: Path) -> set[str]:
    """Where each file of the checkout that the site needs lands inside the installed package."""
    wanted = {f"app/{path.relative_to(source / 'app')}" for path in (source / "app").rglob("*")
              if path.suffix in {".py", ".po"} and "__pycache__" not in path.parts}
    for folder in ("templates", "static", "migrations"):
        wanted |= {f"app/{path.relative_to(source)}" for path in (source / folder).rglob("*")
                   if path.is_file() and "__pycache__" not in path.parts}
    return wanted


def _source_copy(target: Path) -> Path:
    """The files a clean clone would have: tracked plus new, not ignored (no build output)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _can_compile() -> bool:
    include = Path(sysconfig.get_paths()["include"])
    return (include / "Python.h").exists() and any(map(shutil.which, ("cc", "gcc")))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    base = tmp_path_factory.mktemp("packaging")
    source = _source_copy(base / "source")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()
    # A bare path in a .pth file: the dependencies become importable, while the running
    # venv's own .pth files (among them the editable install of this checkout) stay unread.
    (Path(purelib) / "dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         str(source)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (base / "shipped.json").write_text(json.dumps(sorted(_shipped(source))), encoding="utf-8")
    shutil.rmtree(source)  # the installed copy must stand on its own
    work = base / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env |= {"DATABASE_URL": f"sqlite:///{work / 'golf.db'}", "GOLF_ENV": "development"}
    yield venv, env | {"PWD": str(work), "SHIPPED": str(base / "shipped.json")}


def _run(venv: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / args[0]), *args[1:]], cwd=env["PWD"], env=env,
        capture_output=True, text=True, timeout=300, check=False,
    )


def test_installed_package_has_every_module_template_static_file_and_migration(installed):
    venv, env = installed
    where = _run(venv, env, "python", "-c", "import app; print(app.__file__)").stdout.strip()
    assert where.startswith(str(venv))  # imported from the venv, not from a source tree
    site = Path(where).parent.parent
    wanted = json.loads(Path(env["SHIPPED"]).read_text(encoding="utf-8"))
    assert len(wanted) > 100 and "app/templates/base.html" in wanted
    assert [name for name in wanted if not (site / name).is_file()] == []


def test_installed_package_migrates_serves_and_hints(installed):
    venv, env = installed
    migrated = _run(venv, env, "golf", "migrate")
    assert migrated.returncode == 0 and "up to date" in migrated.stdout, migrated.stderr
    port = _free_port()
    server = subprocess.Popen(
        [str(venv / "bin" / "golf"), "serve", "--port", str(port)], cwd=env["PWD"], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            ready = _wait_until_ready(http, server)
            assert ready["ready"] is True
            if _can_compile():
                assert ready["solver"] == "c"
            start = http.get("/solitaire")
            assert start.status_code == 200 and "<html" in start.text
            assert http.get("/static/htmx-2.0.10.min.js").status_code == 200
            token = TOKEN_RE.search(start.text).group(1)
            made = http.post("/solitaire/deals", data={"csrf_token": token, "deal_number": "1"})
            assert made.status_code == 303, made.text
            hinted = http.get(made.headers["location"], params={"hint": "1"})
            assert hinted.status_code == 200 and "Hint: " in hinted.text
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_until_ready(http: httpx.Client, server: subprocess.Popen[str]) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"golf serve stopped: {server.stderr.read() if server.stderr else ''}")
        try:
            return http.get("/readyz").json()
        except httpx.TransportError:
            time.sleep(0.2)
    pytest.fail("golf serve did not answer within 60 s")


def test_installed_package_simulates(installed, tmp_path):
    venv, env = installed
    deck = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
    deals = tmp_path / "deals.json"
    deals.write_text(json.dumps([deck]), encoding="utf-8")
    done = _run(venv, env, "golf", "simulate", "solitaire", "--deals", str(deals),
                "--player", "thumb")
    assert done.returncode == 0, done.stderr
    first, *_rest, summary = done.stdout.strip().splitlines()
    assert json.loads(first)["deal"] == 0 and "clear_rate" in json.loads(summary)
