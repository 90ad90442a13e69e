"""The app factory: settings in, a ready FastAPI app out."""

from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.db import Database
from app.request_log import RequestLogMiddleware
from app.security import SecurityHeadersMiddleware, verify_csrf
from app.settings import Settings, load_settings
from app.upkeep import pruning
from app.web import assets, health, pages, quiz
from app.web.assets import build_bundles
from app.web.errors import ErrorPageMiddleware, install_error_handlers, too_large_page
from app.web.forms import refuse_unprintable_ids
from app.web.golf import routes as golf
from app.web.head import HeadAsGetMiddleware
from app.web.i18n import LocaleMiddleware
from app.web.render import make_templates
from app.web.scorekeeper import routes as scorekeeper
from app.web.solitaire import challenges as solitaire_challenges
from app.web.solitaire import daily as solitaire_daily
from app.web.solitaire import record as solitaire_record
from app.web.solitaire import review as solitaire_review
from app.web.solitaire import routes as solitaire

FEATURE_ROUTERS = (
    health, assets, pages, solitaire, solitaire_review, solitaire_challenges, solitaire_daily, quiz,
    golf, scorekeeper, solitaire_record,
)


class CachedStaticFiles(StaticFiles):
    """Static files are requested with a content hash (?v=...), so they may be cached long."""

    def file_response(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = super().file_response(*args, **kwargs)
        scope: Scope = args[-1] if args else kwargs["scope"]
        if b"v=" in scope.get("query_string", b""):
            response.headers["cache-control"] = "public, max-age=31536000, immutable"
        else:
            response.headers["cache-control"] = "public, max-age=300"
        return response


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or load_settings()
    database = Database(settings.database_url)

    @asynccontextmanager
    async def lifespan(running: FastAPI):  # type: ignore[no-untyped-def]
        # From the app, not this closure: the test suite points one app at a database per test.
        database, days = running.state.db, running.state.settings.prune_after_days
        async with pruning(database, days):
            yield
        database.dispose()

    app = FastAPI(
        title="Golf card games",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,  # an HTML site: no machine-readable list of every route
        dependencies=[Depends(refuse_unprintable_ids), Depends(verify_csrf)],
    )
    app.state.settings = settings
    app.state.db = database
    app.state.bundles = build_bundles(settings.static_dir)
    app.state.templates = make_templates(
        settings.templates_dir, settings.static_dir, app.state.bundles
    )
    app.mount("/static", CachedStaticFiles(directory=settings.static_dir), name="static")
    for module in FEATURE_ROUTERS:
        app.include_router(module.router)
    install_error_handlers(app)
    app.add_middleware(ErrorPageMiddleware)  # innermost: its 500 page gets the headers below
    # Pages and htmx compress to about a third; tiny answers (204 polls) are left alone.
    # Level 6 (zlib's default) makes a 7 KB board fragment 0.3 % larger than level 9
    # (Starlette's default) and compresses it about 15 % faster, on every move.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(
        SecurityHeadersMiddleware,
        secure_cookies=settings.secure_cookies,
        max_body_bytes=settings.max_body_bytes,
        too_large=too_large_page,
    )
    # The language is chosen before anything renders, error pages included.
    app.add_middleware(LocaleMiddleware, secure_cookies=settings.secure_cookies)
    app.add_middleware(HeadAsGetMiddleware)  # the request log still says HEAD
    app.add_middleware(RequestLogMiddleware)  # outermost: logs refused requests too
    return app
