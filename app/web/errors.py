"""Errors mapped to honest status codes in one place."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.security import BodyTooLarge, CsrfError
from app.web.render import is_fragment_request, wants_json

MESSAGES = {
    400: "That request did not make sense. Please go back and try again.",
    403: "That was refused.",
    404: "There is nothing here. The link may be mistyped, or the game was removed.",
    405: "That action is not available here.",
    409: "The game moved on since this page was loaded.",
    413: "That request was too large.",
    422: "That move is not allowed.",
    429: "Too many requests. Please wait a minute and try again.",
}


def error_response(request: Request, status: int, message: str | None = None) -> HTMLResponse:
    text = message or MESSAGES.get(status, "Something went wrong.")
    if wants_json(request):
        return JSONResponse({"error": text}, status_code=status)  # type: ignore[return-value]
    templates = request.app.state.templates
    name = "_error.html" if is_fragment_request(request) else "error.html"
    response = templates.TemplateResponse(
        request, name, {"status": status, "message": text}, status_code=status
    )
    response.headers["vary"] = "HX-Request, Accept"
    return response


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> HTMLResponse:
        detail = exc.detail if isinstance(exc.detail, str) and exc.status_code != 404 else None
        return error_response(request, exc.status_code, detail)

    @app.exception_handler(RequestValidationError)
    async def invalid_input(request: Request, exc: RequestValidationError) -> HTMLResponse:
        fields = sorted({str(e["loc"][-1]) for e in exc.errors() if e.get("loc")})
        names = ", ".join(fields) or "the form"
        return error_response(request, 400, f"Please check {names}: the value was not valid.")

    @app.exception_handler(CsrfError)
    async def csrf_error(request: Request, exc: CsrfError) -> HTMLResponse:
        return error_response(request, 403, str(exc))

    @app.exception_handler(BodyTooLarge)
    async def too_large(request: Request, exc: BodyTooLarge) -> HTMLResponse:
        return error_response(request, 413)
