"""A small populated site for the security and fuzz tests: every route with real ids to aim at."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from app.storage.models import Base
from tests.conftest import Client

# Columns that a harmless GET may touch (presence tracking), left out of snapshots.
VOLATILE = {("golf6_seats", "last_seen")}
INVITE_RE = re.compile(r"/golf6/join/([A-Za-z0-9_-]+)")
VERSION_RE = re.compile(r'name="version" value="(\d+)"')


@dataclass
class World:
    """One started six-card game (Ann and Maria), one score sheet, and their secrets."""

    game_id: str
    invite_id: str
    ann_secret: str
    maria_secret: str
    sheet_id: str
    read_id: str
    maria: Client
    extra: dict[str, str] = field(default_factory=dict)

    def path_values(self) -> dict[str, str]:
        """A value for every path parameter name used by the routes."""
        return {
            "game_id": self.game_id,
            "invite_id": self.invite_id,
            "secret": self.ann_secret,
            "sheet_id": self.sheet_id,
            "read_id": self.read_id,
            "number": "1",
            **self.extra,
        }


def seat_cookie(client: Client, game_id: str) -> str:
    """The (path-scoped) seat cookie this client holds for a game."""
    for cookie in client.cookies.jar:
        if cookie.name == f"golf6_{game_id}":
            return cookie.value or ""
    raise AssertionError("no seat cookie")


def build_world(app: FastAPI, client: Client) -> World:
    """Ann (the client) makes a game for two and starts it with Maria; Ann keeps a score sheet."""
    made = client.submit("/golf6", {"name": "Ann", "bots": "0", "friends": "1", "length": "9"})
    assert made.status_code == 303, made.text
    game_url = made.headers["location"]
    game_id = game_url.rsplit("/", 1)[1]
    invite_id = INVITE_RE.search(client.get(game_url).text).group(1)
    maria = Client(app, base_url="http://testserver")
    assert maria.submit(f"/golf6/join/{invite_id}", {"name": "Maria"}).status_code == 303
    assert client.submit(f"{game_url}/start").status_code == 303
    sheet = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9"})
    assert sheet.status_code == 303, sheet.text
    sheet_id = sheet.headers["location"].rsplit("/", 1)[1]
    read_id = client.get(sheet.headers["location"], headers={"accept": "application/json"})
    world = World(
        game_id=game_id,
        invite_id=invite_id,
        ann_secret=seat_cookie(client, game_id),
        maria_secret=seat_cookie(maria, game_id),
        sheet_id=sheet_id,
        read_id=_read_id(client, sheet.headers["location"], read_id.json()),
        maria=maria,
    )
    world.extra.update(_solitaire_ids(client))
    return world


def _solitaire_ids(client: Client) -> dict[str, str]:
    """A deal of its own and a round of nine (whose first hole is a deal too)."""
    deal = client.submit("/solitaire/deals", {"deal_number": "7"})
    assert deal.status_code == 303, deal.text
    made = client.submit("/solitaire/rounds", {})
    assert made.status_code == 303, made.text
    found = re.search(
        r"/solitaire/rounds/([A-Za-z0-9_-]+)", client.get(made.headers["location"]).text
    )
    ids = {"deal_id": deal.headers["location"].rsplit("/", 1)[1]}
    if found:
        ids["round_id"] = found.group(1)
    return ids


def _read_id(client: Client, path: str, state: dict[str, Any]) -> str:
    for value in state.values():
        if isinstance(value, str) and "/scores/view/" in value:
            return value.rsplit("/", 1)[1]
    found = re.search(r"/scores/view/([A-Za-z0-9_-]+)", client.get(path).text)
    assert found, "the sheet page shows no read-only link"
    return found.group(1)


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path template) the site answers, from its OpenAPI description."""
    paths = app.openapi()["paths"]
    return sorted(
        (method.upper(), path)
        for path, operations in paths.items()
        for method in operations
        if method in {"get", "post"}
    )


def fill(path: str, values: dict[str, str]) -> str:
    """The path with each {param} replaced by a real id (or an unknown one)."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "NoSuchThing0123456789x"), path)


def snapshot(app: FastAPI) -> dict[str, list[tuple]]:
    """Every row of every table (rate-limit counters and volatile columns left out)."""
    tables: dict[str, list[tuple]] = {}
    with app.state.db.read() as session:
        for table in Base.metadata.sorted_tables:
            if table.name == "rate_limit_hits":
                continue
            columns = [c for c in table.columns if (table.name, c.name) not in VOLATILE]
            rows = session.execute(select(*columns)).all()
            tables[table.name] = sorted(tuple(map(repr, row)) for row in rows)
    return tables
