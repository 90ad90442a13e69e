"""Errors mapped to honest status codes in one place, and one HTML page for any of them."""

from __future__ import annotations

import json
import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import N_
from app.i18n import gettext as _
from app.request_log import CLIENT_GONE
from app.security import BodyTooLarge, CsrfError
from app.web.head import with_head
from app.web.render import is_fragment_request, wants_json

# English msgids, translated when an error page is made (in the reader's language).
MESSAGES = {
    400: N_("That request did not make sense. Please go back and try again."),
    403: N_("That was refused."),
    404: N_("There is nothing here. The link may be mistyped, or what it led to is gone."),
    405: N_("That action is not available here."),
    409: N_("The game moved on since this page was loaded."),
    413: N_("That request was too large."),
    422: N_("That move is not allowed."),
    429: N_("Too many requests. Please wait a minute and try again."),
    500: N_("Something went wrong on our side. Please try again; if it happens again, tell us the "
    "reference below."),
}
FALLBACK = N_("Something went wrong.")
logger = logging.getLogger("golf.error")


class RefusedWithWayBack(StarletteHTTPException):
    """A refusal whose page leads back to where the reader can go on (href, link text), not
    only to the home page."""

    def __init__(self, status_code: int, detail: str, back: tuple[str, str]) -> None:
        super().__init__(status_code=status_code, detail=detail)
        self.back = back


def error_response(
    request: Request, status: int, message: str | None = None,
    back: tuple[str, str] | None = None,
) -> HTMLResponse:
    # A message marked with N_ (or already translated, which gettext leaves as it is).
    text = _(message or MESSAGES.get(status, FALLBACK))
    if wants_json(request):
        return JSONResponse({"error": text}, status_code=status)  # type: ignore[return-value]
    templates = request.app.state.templates
    name = "_error.html" if is_fragment_request(request) else "error.html"
    context = {"status": status, "message": text, "request_id": request_id(request),
               "back": back}
    response = templates.TemplateResponse(request, name, context, status_code=status)
    response.headers["vary"] = "HX-Request, Accept"
    return response


async def too_large_page(scope: Scope, receive: Receive, send: Send) -> None:
    """The 413 page, as an ASGI app: the body cap answers with it before the app runs."""
    await error_response(Request(scope), 413)(scope, receive, send)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> HTMLResponse:
        # Starlette's own detail is the status's English phrase ("Method Not Allowed"); the
        # site's own details are sentences already in the reader's language.
        if exc.status_code == 405 and request.method == "GET":
            return RedirectResponse(_page_of_form(request), status_code=303)
        phrase = HTTPStatus(exc.status_code).phrase
        detail = exc.detail if isinstance(exc.detail, str) and exc.detail != phrase else None
        response = error_response(request, exc.status_code, detail, getattr(exc, "back", None))
        response.headers.update(exc.headers or {})  # Retry-After on 429, Allow on 405
        if "allow" in response.headers:
            response.headers["allow"] = with_head(response.headers["allow"])
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid_input(request: Request, exc: RequestValidationError) -> HTMLResponse:
        if any(tuple(e.get("loc", ()))[:1] == ("path",) for e in exc.errors()):
            return error_response(request, 404)  # "/quiz/²" is an address that names no page
        fields = sorted({str(e["loc"][-1]) for e in exc.errors() if e.get("loc")})
        if not fields:
            message = _("Please check the form: the value was not valid.")
            return error_response(request, 400, message)
        message = _("Please check %(names)s: the value was not valid.", names=", ".join(fields))
        return error_response(request, 400, message)

    @app.exception_handler(CsrfError)
    async def csrf_error(request: Request, exc: CsrfError) -> HTMLResponse:
        return error_response(request, 403, str(exc))

    @app.exception_handler(BodyTooLarge)
    async def too_large(request: Request, exc: BodyTooLarge) -> HTMLResponse:
        return error_response(request, 413)


def _page_of_form(request: Request) -> str:
    """The page a form's address belongs to: one level up ("/golf6/ab/move" -> "/golf6/ab").

    A form answered without JavaScript leaves its address in the address bar, where the page's
    language links and a copied link use it; asked for with GET, it leads to the page, keeping
    the query ("?lang=sv"). Where the level up is a form's address too, the next step leads on.
    """
    # One leading slash, whatever the path: "//host" would be another site.
    parent = "/" + request.url.path.rstrip("/").rpartition("/")[0].lstrip("/")
    query = request.url.query
    return f"{parent}?{query}" if query else parent


def request_id(request: Request) -> str | None:
    """The id the request log gave this request (shown on a 500 so a report can be matched)."""
    return request.scope.get("state", {}).get("request_id")


class ErrorPageMiddleware:
    """Any exception no handler knows becomes the site's 500 page, not Starlette's plain text.

    It sits inside the security-headers middleware, so the page carries the same headers as
    every other page. The error is logged once: one JSON line with the request id, then the
    traceback; it is not raised again, so the server does not print it a second time.

    A client that goes away before its form has arrived (htmx aborting a request it replaces,
    a closed tab) is no error: nothing was read, so nothing was saved, and nobody is left to
    answer. The request log shows it as 499, the status nginx gives a closed request.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_noting_start(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, send_noting_start)
        except ClientDisconnect:
            scope.setdefault("state", {})[CLIENT_GONE] = True
        except Exception as exc:  # noqa: BLE001 - the last place any error can be answered
            request = Request(scope)
            logger.error(
                json.dumps(
                    {
                        "event": "error",
                        "request_id": request_id(request),
                        "method": scope["method"][:10],
                        "error": f"{type(exc).__name__}: {_first_line(exc)}",
                    }
                ),
                exc_info=exc,
            )
            if started:  # part of an answer is out: all we can do is stop
                return
            try:
                response = error_response(request, 500)
            except Exception:  # noqa: BLE001 - the page itself is broken (a template error)
                logger.exception("the error page could not be rendered")
                response = HTMLResponse(BARE_500, status_code=500)
            response.headers["cache-control"] = "no-store"
            await response(scope, receive, send)


# The 500 page when even the templates fail: still HTML, still behind the security headers.
BARE_500 = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error 500 · Golf Club'
    "</title></head><body><main><h1>That did not work</h1><p>Something went wrong on our side. "
    'Please try again.</p><p><a href="/">Back to the home page</a></p></main></body></html>'
)


def _first_line(exc: Exception) -> str:
    """The message's first line: the traceback below carries the rest."""
    lines = str(exc).splitlines()
    return lines[0][:200] if lines else ""
