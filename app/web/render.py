"""The one place that decides page or fragment, HTML or JSON, and how a POST ends."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import BytecodeCache, Environment, pass_context
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from app import i18n
from app.rules.cards import is_red
from app.rules.names import MAX_NAME
from app.rules.solitaire import MAX_JOKERS
from app.security import CSRF_FIELD, csrf_token
from app.web.assets import Bundle, build_bundles
from app.web.forms import DEAL_NUMBER_CHARS
from app.web.golf.words import length_label
from app.web.i18n import language_url
from app.web.search_engines import alternate_languages
from app.web.solitaire.words import variant_labels


def make_templates(
    templates_dir: Path, static_dir: Path, bundles: dict[str, Bundle] | None = None
) -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(templates_dir), context_processors=[_common])
    env = templates.env
    env.globals["bundles"] = bundles or build_bundles(static_dir)
    env.globals["static_url"] = lambda name: static_url(static_dir, name)
    env.globals["CSRF_FIELD"] = CSRF_FIELD
    env.globals["MAX_NAME"] = MAX_NAME
    env.globals["MAX_JOKERS"] = MAX_JOKERS
    env.globals["DEAL_NUMBER_CHARS"] = DEAL_NUMBER_CHARS
    env.filters["html_attrs"] = html_attrs
    env.filters["card_name"] = i18n.card_name
    env.filters["card_in_text"] = i18n.card_in_text
    env.filters["card_label"] = i18n.card_label
    env.filters["rank_name"] = i18n.rank_name
    env.filters["is_red"] = is_red
    # No line break inside: "jack of hearts" stays whole when a narrow box wraps its line.
    env.filters["unbroken"] = lambda text: str(text).replace(" ", "\u00a0")
    env.trim_blocks = True
    env.lstrip_blocks = True
    # Templates ship with the code and change only with a restart; checking every template's
    # file date on each render cost about 7 % of a solitaire move's server time under load.
    env.auto_reload = False
    env.bytecode_cache = _COMPILED
    install_i18n(env)
    return templates


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for the life of the process.

    Every app made by `make_templates` configures Jinja alike, so an app made later (each test
    makes its own) reuses what an earlier one compiled instead of compiling every template again.
    A bucket's key includes the template's source checksum, so an edited template compiles anew.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def install_i18n(env: Environment) -> None:
    """Jinja's i18n extension over our catalogs: `{% trans %}`, `_()`, `ngettext()`."""
    env.add_extension("jinja2.ext.i18n")
    for locale in i18n.LOCALES:
        i18n.translations(locale)  # compile every catalog now: a broken .po fails at start-up
    # Whitespace inside {% trans %} blocks collapses, so msgids do not depend on indentation.
    env.policies["ext.i18n.trimmed"] = True
    # Jinja fills the placeholders itself (escaping them), so it gets the unformatted lookups.
    def catalog() -> Any:
        return i18n.translations(i18n.current_locale())

    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: catalog().gettext(message),
        lambda singular, plural, n: catalog().ngettext(singular, plural, n),
        newstyle=True,
        pgettext=lambda context, message: catalog().pgettext(context, message),
        npgettext=lambda context, s, p, n: catalog().npgettext(context, s, p, n),
    )
    # Names in templates' messages are fenced off like those in the code's (i18n.isolate);
    # `_()` and `{% trans %}` both call these.
    filled, filled_plural = env.globals["gettext"], env.globals["ngettext"]

    @pass_context
    def gettext(context: Any, message: str, **variables: Any) -> str:
        return filled(context, message, **i18n.fenced(variables))

    @pass_context
    def ngettext(context: Any, singular: str, plural: str, num: int, **variables: Any) -> str:
        return filled_plural(context, singular, plural, num, **i18n.fenced(variables))

    env.globals.update(gettext=gettext, ngettext=ngettext)
    env.globals["current_locale"] = i18n.current_locale
    env.globals["LANGUAGE_NAMES"] = i18n.LANGUAGE_NAMES
    env.globals["language_url"] = language_url
    env.globals["alternate_languages"] = alternate_languages
    env.filters["number"] = i18n.format_number
    env.filters["items"] = i18n.format_items
    env.filters["variant_labels"] = variant_labels
    env.filters["possessive"] = i18n.possessive
    env.filters["length_label"] = length_label


_ATTR_NAME = re.compile(r"^[a-zA-Z_:][-a-zA-Z0-9_:.]*$")


def html_attrs(attrs: dict[str, Any]) -> Markup:
    """' name="value"' pairs; True writes a bare boolean attribute, False and None leave it out."""
    parts = []
    for name, value in attrs.items():
        if not _ATTR_NAME.match(name):
            raise ValueError(f"{name!r} is not an attribute name")
        if value is True:
            parts.append(f" {name}")
        elif value is not None and value is not False:
            parts.append(f' {name}="{escape(value)}"')
    return Markup("".join(parts))


class LazyCsrfToken:
    """The CSRF token, made only when a template writes it into a form.

    A page without a form then sets no cookie, so reading pages stay cacheable (issue 17).
    """

    def __init__(self, request: Request) -> None:
        self._request = request

    def __str__(self) -> str:
        return csrf_token(self._request)

    def __html__(self) -> str:  # hex digits: nothing to escape
        return str(self)


def _common(request: Request) -> dict[str, Any]:
    return {"csrf_token": LazyCsrfToken(request)}


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
    """JSON when the Accept header ranks application/json above text/html (CONTRACT.md: game
    pages answer `Accept: application/json` with the state). A type named outright outranks
    a wildcard ("text/*", "*/*") at equal quality; named both, or neither, gets the page."""
    qualities = _qualities(request.headers.get("accept", "")[:1000])
    json_rank = _rank(qualities, "application/json")
    return json_rank[0] > 0 and json_rank > _rank(qualities, "text/html")


def _rank(qualities: dict[str, float], media_type: str) -> tuple[float, bool]:
    """The quality the header gives this type (by its most specific match), and whether the
    header names it outright."""
    kind = media_type.split("/")[0]
    for name in (media_type, f"{kind}/*", "*/*"):
        if name in qualities:
            return qualities[name], name == media_type
    return 0.0, False


def _qualities(header: str) -> dict[str, float]:
    """Each media range the header names, with its quality ("q", 1 when not given)."""
    qualities: dict[str, float] = {}
    for part in header.split(",")[:50]:
        name, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
        qualities.setdefault(name.lower(), quality)
    return qualities


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


def cacheable(request: Request, response: HTMLResponse) -> Response:
    """A reading page any browser may keep: an ETag of its content, revalidated on each visit.

    `no-cache` still lets a browser store the page; it asks again with If-None-Match and gets a
    bodiless 304 while nothing changed. A page that had to set a cookie (a form needed a CSRF
    token) stays private to that browser instead.
    """
    if response.status_code != 200 or getattr(request.state, "new_csrf_cookie", None):
        response.headers["cache-control"] = "private, no-cache"
        return response
    etag = f'W/"{hashlib.sha256(response.body).hexdigest()[:20]}"'
    headers = {"etag": etag, "cache-control": "no-cache", "vary": "HX-Request, Accept, Cookie"}
    if _matches(request.headers.get("if-none-match", ""), etag):
        return Response(status_code=304, headers=headers)
    response.headers.update(headers)
    return response


def _matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match compares weakly: W/"x" and "x" are the same tag."""
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags


def private(response: Response) -> Response:
    """A page that carries a private link (a round's, a seat's, an invite): never cached."""
    response.headers["cache-control"] = "no-store"
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
