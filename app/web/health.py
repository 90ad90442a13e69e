"""Liveness and readiness: ready only once the database schema is at the latest revision."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from app.migrate import is_up_to_date

router = APIRouter()


@router.get("/healthz", response_class=PlainTextResponse)
def live() -> str:
    return "ok"


@router.get("/readyz")
def ready(request: Request) -> JSONResponse:
    db = request.app.state.db
    try:
        current = is_up_to_date(db.engine, db.url)
    except Exception:  # noqa: BLE001 - any database failure means "not ready"
        current = False
    if not current:
        return JSONResponse({"ready": False, "reason": "database not migrated"}, status_code=503)
    return JSONResponse({"ready": True})
