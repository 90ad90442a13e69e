"""Fixtures shared by the web tests."""

from __future__ import annotations

import pytest

from tests.web.world import World, build_world


@pytest.fixture
def world(app, client) -> World:
    """A small populated site (tests/web/world.py): every route has real ids to aim at."""
    built = build_world(app, client)
    yield built
    built.maria.close()
