"""The C solver is built with the package, optional without a compiler, and /readyz names it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.players.solitaire.accel import library, solver_name
from app.players.solitaire.review import best_possible
from app.players.solitaire.solver import SearchTooBig, Solver, top_code
from app.rules.cards import rank
from app.rules.solitaire import Variant, deal_for_number, start
from tests.coach.positions import spec_run_example

ROOT = Path(__file__).resolve().parents[2]
HARD = Variant(queen_on_king=True, round_the_corner=True, jokers=2)
needs_c = pytest.mark.skipif(library() is None, reason="the C extension is not built here")


def test_readyz_names_the_solver_in_use(client) -> None:
    data = client.get("/readyz").json()
    assert data["solver"] == solver_name()
    assert data["solver"] == ("c" if library() is not None else "python")


@needs_c
def test_the_built_package_has_the_c_solver() -> None:
    assert solver_name() == "c"
    assert library().__name__ == "app.players.solitaire._fastsolve"


def test_setup_without_a_compiler_still_builds(tmp_path: Path) -> None:
    """optional=True: a failing compiler leaves the extension out instead of failing the build."""
    env = os.environ | {"CC": "/bin/false", "LDSHARED": "/bin/false"}
    command = [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib")]
    command += ["--build-temp", str(tmp_path / "tmp")]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not list(tmp_path.rglob("_fastsolve*"))


@needs_c
def test_two_threads_search_at_once() -> None:
    """A long search does not hold up a short one: no global lock, the GIL is let go."""
    position = start(deal_for_number(7000, HARD), HARD)
    solver = Solver(position.columns, HARD)
    stock = [rank(card) for card in position.stock]
    started, finished = threading.Event(), threading.Event()

    def long_search() -> None:
        started.set()
        with contextlib.suppress(SearchTooBig):
            solver.action_values([5] * 7, top_code(position.top), stock, [], None, 10_000_000)
        finished.set()

    thread = threading.Thread(target=long_search)
    thread.start()
    started.wait()
    time.sleep(0.05)
    assert best_possible(spec_run_example()) <= 7  # a small search in this thread
    short_done_first = not finished.is_set()
    thread.join()
    assert short_done_first
    assert solver.nodes > 5_000_000  # the long search really was long
