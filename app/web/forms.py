"""The posted form as a dependency, so POST routes can be plain `def` functions.

FastAPI runs `def` routes in its threadpool; an `async def` route that then does blocking
database work would stall every other request of that worker until its commit returns.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.datastructures import FormData


async def posted_form(request: Request) -> FormData:
    # Parsed once; the CSRF check has usually parsed it already and Starlette caches it.
    return await request.form()


PostedForm = Annotated[FormData, Depends(posted_form)]
