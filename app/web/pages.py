"""Reading pages (home, the rules of both games, the glossary) and the site's small files.

Reading pages send no cookie and answer a conditional request with 304, so browsers and
proxies may keep them (issue 17).
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response

from app.content.examples import GOLF6_EXAMPLES, SOLITAIRE_EXAMPLES
from app.content.glossary import sorted_terms
from app.content.golf4_examples import GOLF4_CONTEXT
from app.i18n import current_locale
from app.i18n import gettext as _
from app.rules.golf import SIX_CARD
from app.web import search_engines
from app.web.golf.coach import strategy_levels
from app.web.i18n import localized_template
from app.web.loading import PageNotFound
from app.web.render import cacheable, render, static_url

router = APIRouter()

# static/css/pages.css styles inside <main class="reading">. Always copied into a new context:
# Starlette stores the request in the context dict it is given.
READING = {"main_class": "reading"}
THEMES = ("auto", "light", "dark")
THEME_COOKIE = "theme"
YEAR = 365 * 24 * 3600


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    return cacheable(request, render(request, "pages/home.html", None, {**READING}))


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request) -> Response:
    """Where the menu's "Rules" leads: the three games' rules, a player picks theirs."""
    return cacheable(request, render(request, "pages/rules.html", None, {**READING}))


@router.get("/rules/solitaire", response_class=HTMLResponse)
def solitaire_rules(request: Request) -> Response:
    context = {**READING, "examples": SOLITAIRE_EXAMPLES}
    # The rules pages are written anew in each language, not translated line by line.
    page = render(request, localized_template("pages/rules_solitaire.html"), None, context)
    return cacheable(request, page)


@router.get("/rules/six-card-golf", response_class=HTMLResponse)
def golf6_rules(request: Request) -> Response:
    context = {**READING, "layouts": GOLF6_EXAMPLES, **GOLF4_CONTEXT}
    page = render(request, localized_template("pages/rules_golf6.html"), None, context)
    return cacheable(request, page)


@router.get("/rules/six-card-golf/strategy", response_class=HTMLResponse)
def golf6_strategy(request: Request) -> Response:
    context = {**READING, "levels": strategy_levels(), "shape": SIX_CARD}
    page = render(request, localized_template("pages/strategy_golf6.html"), None, context)
    return cacheable(request, page)


@router.get("/glossary", response_class=HTMLResponse)
def glossary(request: Request) -> Response:
    terms = sorted_terms()  # in the reader's language's alphabetical order
    page = render(request, "pages/glossary.html", None, {**READING, "terms": terms})
    return cacheable(request, page)


@router.get("/theme/{choice}")
def choose_theme(request: Request, choice: str) -> Response:
    """The colour switch without JavaScript: keep the choice in a cookie, go back to the page."""
    if choice not in THEMES:
        raise PageNotFound()
    response = RedirectResponse(_local_path(request.query_params.get("next")), status_code=303)
    if choice == "auto":
        response.delete_cookie(THEME_COOKIE, path="/")
    else:
        # Not HttpOnly: the script flips the theme without a reload and writes the same cookie.
        response.set_cookie(THEME_COOKIE, choice, max_age=YEAR, path="/", samesite="lax",
                            secure=request.app.state.settings.secure_cookies)
    return response


def _local_path(text: str | None) -> str:
    """`text` when it is a path on this site, else the home page (no open redirect)."""
    if (
        not text
        or len(text) > 300
        or not text.startswith("/")
        or text.startswith("//")
        or not text.isascii()
        or any(c in text for c in "\\\r\n\t")
    ):
        return "/"
    return text


@router.get("/manifest.webmanifest", include_in_schema=False)
def manifest(request: Request) -> Response:
    """Makes the site installable, in the reader's language; the icon is a playing card."""
    static_dir = request.app.state.settings.static_dir
    icons = [
        {"src": static_url(static_dir, "icons/card.svg"), "sizes": "any", "type": "image/svg+xml"},
        *(
            {
                "src": static_url(static_dir, f"icons/card-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ),
    ]
    body = {
        "lang": current_locale(),
        "name": _("Golf Club: Golf card games"),
        "short_name": "Golf Club",
        "description": _(
            "Golf solitaire with a coach, a quiz, six- and four-card Golf and a score keeper."
        ),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf6",
        "theme_color": "#164d32",
        "icons": icons,
    }
    return Response(
        json.dumps(body, indent=1),
        media_type="application/manifest+json",
        # Private: its address may set the language cookie, which no shared cache may keep.
        headers={"cache-control": "private, max-age=86400"},
    )


@router.get("/robots.txt", include_in_schema=False)
def robots(request: Request) -> Response:
    text = search_engines.robots(str(request.base_url))
    return PlainTextResponse(text, headers={"cache-control": "public, max-age=86400"})


@router.get("/sitemap.xml", include_in_schema=False)
def sitemap(request: Request) -> Response:
    return Response(
        search_engines.sitemap(str(request.base_url)),
        media_type="application/xml",
        headers={"cache-control": "public, max-age=86400"},
    )


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    """Browsers ask for /favicon.ico before reading the page's icon link: send them to it."""
    return RedirectResponse("/static/icons/card.svg", status_code=301)
