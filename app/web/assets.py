"""One stylesheet and one script for every page, bundled in memory when the app starts.

Each area keeps its own source file (static/app.css + static/css/*.css, static/app.js +
any static/js/*.js, none yet); a first visit then costs four requests (page, stylesheet, htmx,
script) instead of one per file, with no front-end build step. The URL carries a hash of the
content, so the bundle may be cached for a year and a changed file is fetched at once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.loading import PageNotFound

router = APIRouter()
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Bundle:
    name: str  # "site.css"
    body: bytes
    media_type: str
    digest: str

    @property
    def filename(self) -> str:
        stem, ext = self.name.rsplit(".", 1)
        return f"{stem}-{self.digest}.{ext}"

    @property
    def url(self) -> str:
        return f"/assets/{self.filename}"


def _sources(static_dir: Path, main: str, folder: str, pattern: str) -> list[Path]:
    """The site-wide file first (areas build on its variables), then the areas by name."""
    return [static_dir / main, *sorted((static_dir / folder).glob(pattern))]


def _css(static_dir: Path, files: list[Path]) -> bytes:
    parts = [f"/* {path.relative_to(static_dir)} */\n{path.read_text('utf-8')}" for path in files]
    return "\n".join(parts).encode()


def _js(static_dir: Path, files: list[Path]) -> bytes:
    # Each file runs in a function of its own: its "use strict" and its top-level names stay
    # its own, as when the files were loaded one by one.
    parts = [
        f"// {path.relative_to(static_dir)}\n(() => {{\n{path.read_text('utf-8')}\n}})();"
        for path in files
    ]
    return "\n".join(parts).encode()


def _bundle(name: str, body: bytes, media_type: str) -> Bundle:
    return Bundle(name, body, media_type, hashlib.sha256(body).hexdigest()[:12])


def build_bundles(static_dir: Path) -> dict[str, Bundle]:
    """{"css": the site's one stylesheet, "js": its one script}."""
    css = _css(static_dir, _sources(static_dir, "app.css", "css", "*.css"))
    js = _js(static_dir, _sources(static_dir, "app.js", "js", "*.js"))
    return {
        "css": _bundle("site.css", css, "text/css; charset=utf-8"),
        "js": _bundle("site.js", js, "text/javascript; charset=utf-8"),
    }


@router.get("/assets/{filename}", include_in_schema=False)
def asset(request: Request, filename: str) -> Response:
    for bundle in request.app.state.bundles.values():
        stem, ext = bundle.name.rsplit(".", 1)
        if not (filename.startswith(stem + "-") and filename.endswith("." + ext)):
            continue
        etag = f'"{bundle.digest}"'
        # An older hash (a page cached from before a deploy) still gets today's file, but
        # only for this visit: the name no longer describes the content.
        cache = IMMUTABLE if filename == bundle.filename else "no-cache"
        headers = {"cache-control": cache, "etag": etag}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(bundle.body, media_type=bundle.media_type, headers=headers)
    raise PageNotFound()
