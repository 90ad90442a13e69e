"""CSRF protection, security headers and a request-size cap.

CSRF: every POST must carry a token (form field `csrf_token` or header `X-CSRF-Token`) that
is an HMAC of this browser's `csrf` cookie; a POST whose Origin names another site is refused
before anything else. The cookie is SameSite=Lax and HttpOnly.
"""

from __future__ import annotations

import hashlib
import hmac

from fastapi import Request
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import N_
from app.tokens import new_token
from app.web.forms import read_form

CSRF_COOKIE = "csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class CsrfError(Exception):
    """A POST without a valid token, or from another site."""


def csrf_token_for(cookie_value: str, secret_key: str) -> str:
    return hmac.new(secret_key.encode(), cookie_value.encode(), hashlib.sha256).hexdigest()[:40]


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def browser_cookie(request: Request) -> str:
    """This browser's CSRF cookie, creating one (set on the response by the middleware)."""
    value = request.cookies.get(CSRF_COOKIE) or getattr(request.state, "new_csrf_cookie", None)
    if not value or len(value) > 64 or not _TOKEN_CHARS.issuperset(value):
        value = new_token()
        request.state.new_csrf_cookie = value
    return value


def csrf_token(request: Request) -> str:
    return csrf_token_for(browser_cookie(request), request.app.state.settings.secret)


def _same_origin(request: Request) -> bool:
    # Browsers say outright when a request comes from another site; believe them first.
    if request.headers.get("sec-fetch-site") == "cross-site":
        return False
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return origin is None
    host = request.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def verify_csrf(request: Request) -> None:
    """Dependency for every router: refuse a POST without this browser's token."""
    if request.method != "POST":
        return
    if not _same_origin(request):
        raise CsrfError(N_("This form came from another site and was refused."))
    cookie = request.cookies.get(CSRF_COOKIE)
    sent = request.headers.get(CSRF_HEADER)
    if sent is None:
        form = await read_form(request)
        field = form.get(CSRF_FIELD)
        sent = field if isinstance(field, str) else None
    # A cookie we could not have made counts as none (the next page replaces it).
    valid = cookie and len(cookie) <= 64 and _TOKEN_CHARS.issuperset(cookie)
    expected = csrf_token_for(cookie, request.app.state.settings.secret) if valid else None
    # Bytes, not str: compare_digest raises TypeError on a str with non-ASCII characters.
    if (
        not expected
        or not sent
        or not hmac.compare_digest(sent.encode(errors="replace"), expected.encode())
    ):
        raise CsrfError(N_("This form has expired. Reload the page and try again."))


class SecurityHeadersMiddleware:
    """Adds security headers to every response and sets the CSRF cookie when one was made."""

    def __init__(
        self, app: ASGIApp, secure_cookies: bool, max_body_bytes: int, too_large: ASGIApp
    ) -> None:
        self.app = app
        self.secure_cookies = secure_cookies
        self.max_body_bytes = max_body_bytes
        self.too_large = too_large  # answers 413 with the site's error page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = scope.setdefault("state", {})

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                if self.secure_cookies:  # served over HTTPS: tell browsers to stay on it
                    headers.setdefault("strict-transport-security", "max-age=31536000")
                cookie = state.get("new_csrf_cookie")
                if cookie:
                    flags = "; Secure" if self.secure_cookies else ""
                    headers.append(
                        "set-cookie",
                        f"{CSRF_COOKIE}={cookie}; Path=/; HttpOnly; SameSite=Lax{flags}",
                    )
            await send(message)

        # A body declared over the cap is refused before anyone reads it; one that only
        # turns out too long as it streams in raises BodyTooLarge from `capped` below.
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
            await self.too_large(scope, receive, send_with_headers)
            return
        await self.app(scope, self._capped(receive), send_with_headers)

    def _capped(self, receive: Receive) -> Receive:
        seen = 0

        async def capped() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body_bytes:
                    raise BodyTooLarge
            return message

        return capped


class BodyTooLarge(Exception):
    """A streamed request body longer than the cap."""

