"""What search engines may read: robots.txt, and each public page's other languages.

Pages behind a secret or a game id are nobody's search result. The public pages tell a search
engine where the same page is in every language (<link rel="alternate" hreflang>), so the
Swedish site is found by Swedish searches though its addresses differ only by `?lang=sv`.
"""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request

from app.i18n import LOCALES
from app.web.i18n import LANG_PARAM

PRIVATE = (
    "/golf6/",
    "/scores/",
    "/solitaire/deals/",
    "/solitaire/rounds/",
    "/solitaire/record",
    "/challenges/",
    "/theme/",
)
ROBOTS = "User-agent: *\n" + "".join(f"Disallow: {path}\n" for path in PRIVATE)


def is_public(request: Request) -> bool:
    return not request.url.path.startswith(PRIVATE)


def alternate_languages(request: Request) -> list[tuple[str, str]]:
    """(hreflang, absolute URL) of this page in each language, and "x-default": the address
    without a language, which answers in the reader's own. No public page takes other query
    parameters, so none is repeated here."""
    page = str(request.base_url).rstrip("/") + request.url.path
    return [(code, f"{page}?{urlencode({LANG_PARAM: code})}") for code in LOCALES] + [
        ("x-default", page)
    ]
