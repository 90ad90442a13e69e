"""Liveness and readiness: ready only once the database schema is at the latest revision.

Readiness also names the solitaire solver in use ("c", or "python" when the C extension was
not built), so a deployment can see that hints and reviews run at full strength.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from app.migrate import is_up_to_date
from app.players.solitaire.accel import solver_name

router = APIRouter()


@router.get("/healthz", response_class=PlainTextResponse)
def live() -> str:
    return "ok"


@router.get("/readyz")
def ready(request: Request) -> JSONResponse:
    db = request.app.state.db
    try:
        current = is_up_to_date(db.engine)
    except Exception:  # noqa: BLE001 - any database failure means "not ready"
        current = False
    if not current:
        return JSONResponse(
            {"ready": False, "reason": "database not migrated", "solver": solver_name()},
            status_code=503,
        )
    return JSONResponse({"ready": True, "solver": solver_name()})
