"""The one place that decides page or fragment, HTML or JSON, and how a POST ends."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from app.rules.cards import card_label, card_name, is_red
from app.security import CSRF_FIELD, csrf_token


def make_templates(templates_dir: Path, static_dir: Path) -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(templates_dir), context_processors=[_common])
    env = templates.env
    env.globals["static_url"] = lambda name: static_url(static_dir, name)
    env.globals["CSRF_FIELD"] = CSRF_FIELD
    env.filters["card_name"] = card_name
    env.filters["card_label"] = card_label
    env.filters["is_red"] = is_red
    env.trim_blocks = True
    env.lstrip_blocks = True
    return templates


def _common(request: Request) -> dict[str, Any]:
    return {"csrf_token": csrf_token(request)}


@cache
def _digest(path: Path, mtime: float) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def static_url(static_dir: Path, name: str) -> str:
    """A content-hashed URL, so static files can be cached for a year."""
    path = static_dir / name
    return f"/static/{name}?v={_digest(path, path.stat().st_mtime)}"


def is_fragment_request(request: Request) -> bool:
    """An htmx request wants a fragment, except when htmx restores history (needs a page)."""
    return (
        request.headers.get("hx-request") == "true"
        and request.headers.get("hx-history-restore-request") != "true"
    )


def wants_json(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def render(
    request: Request,
    page: str,
    fragment: str | None,
    context: dict[str, Any],
    status_code: int = 200,
) -> HTMLResponse:
    """Render the page, or only its swappable fragment for htmx. Varies on HX-Request."""
    templates: Jinja2Templates = request.app.state.templates
    name = fragment if fragment and is_fragment_request(request) else page
    response = templates.TemplateResponse(request, name, context, status_code=status_code)
    response.headers["vary"] = "HX-Request, Accept"
    return response


def json_state(state: dict[str, Any], status_code: int = 200) -> JSONResponse:
    response = JSONResponse(state, status_code=status_code)
    response.headers["vary"] = "HX-Request, Accept"
    response.headers["cache-control"] = "no-store"
    return response


def after_post(request: Request, url: str, fragment_response: Response) -> Response:
    """htmx gets the fresh fragment; a plain form gets Post/Redirect/Get."""
    if is_fragment_request(request):
        return fragment_response
    return RedirectResponse(url, status_code=303)
