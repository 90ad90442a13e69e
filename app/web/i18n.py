"""Choosing the reader's language for each request (CONTRACT.md "Languages").

In order: a `lang` query parameter (then kept in a cookie), the cookie, `Accept-Language`,
English. Shared links carry no `lang`, so they open in the receiver's own language.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import DEFAULT_LOCALE, LOCALES, current_locale, reset_locale, set_locale

LANG_COOKIE = "lang"
LANG_PARAM = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
PAGE_LANGUAGE_HEADER = "x-page-language"
VARY = ("Accept-Language", "Cookie", "X-Page-Language")


def primary_language(tag: str | None) -> str:
    """A language tag's primary subtag, in lower case: "sv-SE", "SV" and "sv_se" give "sv"."""
    return (tag or "").strip().lower().replace("_", "-").split("-")[0]


def from_accept_language(header: str) -> str | None:
    """The best of our languages in an Accept-Language header ("sv-SE,sv;q=0.9,en;q=0.8")."""
    best: tuple[float, int, str] | None = None
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        primary = primary_language(tag)
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if primary in LOCALES and quality > 0:
            # Higher quality wins; at equal quality, the one listed first.
            candidate = (quality, -position, primary)
            if best is None or candidate > best:
                best = candidate
    return best[2] if best else None


def choose_locale(request: Request) -> tuple[str, str | None]:
    """The request's language, and the language to remember in the cookie (if it changed).

    An htmx request from a page says the page's language (base.html), and is answered in it:
    a tab left in English keeps English fragments when another tab switches to Swedish.
    """
    if request.headers.get("hx-request") == "true":
        page = request.headers.get(PAGE_LANGUAGE_HEADER)
        if page in LOCALES:
            return page, None
    asked = primary_language(request.query_params.get(LANG_PARAM))
    kept = request.cookies.get(LANG_COOKIE)
    if asked in LOCALES:
        return asked, asked if asked != kept else None
    if kept in LOCALES:
        return kept, None
    header = request.headers.get("accept-language", "")
    return from_accept_language(header) or DEFAULT_LOCALE, None


def language_url(request: Request, locale: str) -> str:
    """This page's URL in another language (its other query parameters kept).

    The path is quoted again and keeps one leading slash: the address asked for may be any
    text ("//elsewhere.example" on a 404 page), and the link must stay on this site.
    """
    params = [(k, v) for k, v in request.query_params.multi_items() if k != LANG_PARAM]
    params.append((LANG_PARAM, locale))
    path = "/" + quote(request.scope["path"], safe="/").lstrip("/")  # the decoded path
    return f"{path}?{urlencode(params)}"


def localized_template(name: str) -> str:
    """A page written anew per language ("pages/rules_solitaire.html" -> "pages/sv/...")."""
    locale = current_locale()
    if locale == DEFAULT_LOCALE:
        return name
    folder, _, base = name.rpartition("/")
    return f"{folder}/{locale}/{base}"


class LocaleMiddleware:
    """Sets the language for the request and says so in the answer's headers."""

    def __init__(self, app: ASGIApp, secure_cookies: bool = False) -> None:
        self.app = app
        self.secure_cookies = secure_cookies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(("/static/", "/assets/")):
            await self.app(scope, receive, send)
            return
        locale, remember = choose_locale(Request(scope))
        scope.setdefault("state", {})["locale"] = locale

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                self._headers(MutableHeaders(scope=message), locale, remember)
            await send(message)

        token = set_locale(locale)
        try:
            await self.app(scope, receive, send_with_language)
        finally:
            reset_locale(token)

    def _headers(self, headers: MutableHeaders, locale: str, remember: str | None) -> None:
        headers["content-language"] = locale
        vary = [v.strip() for v in headers.get("vary", "").split(",") if v.strip()]
        headers["vary"] = ", ".join(vary + [v for v in VARY if v not in vary])
        if remember:
            secure = "; Secure" if self.secure_cookies else ""
            headers.append(
                "set-cookie",
                f"{LANG_COOKIE}={remember}; Path=/; Max-Age={COOKIE_MAX_AGE}; "
                f"HttpOnly; SameSite=Lax{secure}",  # no script reads it
            )
