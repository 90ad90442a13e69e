"""What search engines may read: robots.txt, the sitemap, and each public page's languages.

Pages behind a secret or a game id are nobody's search result. The public pages tell a search
engine where the same page is in every language (<link rel="alternate" hreflang>), so the
Swedish site is found by Swedish searches though its addresses differ only by `?lang=sv`.
"""

from __future__ import annotations

from urllib.parse import urlencode
from xml.sax.saxutils import escape

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


def robots(base_url: str) -> str:
    disallowed = "".join(f"Disallow: {path}\n" for path in PRIVATE)
    return f"User-agent: *\n{disallowed}Sitemap: {base_url.rstrip('/')}/sitemap.xml\n"


def alternate_languages(request: Request) -> list[tuple[str, str]]:
    """(hreflang, absolute URL) of this page in each language, and "x-default": the address
    without a language, which answers in the reader's own; none for a private page. No public
    page takes other query parameters, so none is repeated here."""
    if request.url.path.startswith(PRIVATE):
        return []
    return _alternates(str(request.base_url).rstrip("/") + request.url.path)


def _alternates(page: str) -> list[tuple[str, str]]:
    return [(code, f"{page}?{urlencode({LANG_PARAM: code})}") for code in LOCALES] + [
        ("x-default", page)
    ]


# The pages worth finding, each in every language (the quiz's questions are reached from /quiz).
PUBLIC_PAGES = (
    "/",
    "/rules",
    "/rules/solitaire",
    "/rules/six-card-golf",
    "/rules/six-card-golf/strategy",
    "/glossary",
    "/quiz",
    "/solitaire",
    "/solitaire/daily",
    "/golf6",
    "/scores",
)


QUOTE = {'"': "&quot;"}


def sitemap(base_url: str) -> str:
    """The sitemaps.org list of PUBLIC_PAGES, each with its address in every language."""
    base = base_url.rstrip("/")
    entries = []
    for path in PUBLIC_PAGES:
        links = "".join(
            f'<xhtml:link rel="alternate" hreflang="{code}" href="{escape(url, QUOTE)}"/>'
            for code, url in _alternates(base + path)
        )
        entries.append(f"<url><loc>{escape(base + path)}</loc>{links}</url>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "\n".join(entries) + "\n</urlset>\n"
    )
