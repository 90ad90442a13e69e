"""HEAD answers as GET would, without the body (RFC 9110, 9.3.2).

Link checkers, uptime monitors and some link previews ask with HEAD; FastAPI's routes answer
it with 405 unless each names it. Here every GET route answers it, with GET's status and
headers (its content-length included), and no route needs to know. A 405's Allow header
says so too (`with_head`).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGetMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_without_body)


def with_head(allow: str) -> str:
    """A route's Allow header with HEAD added wherever GET is allowed: "GET" -> "GET, HEAD"."""
    methods = [method.strip() for method in allow.split(",") if method.strip()]
    if "GET" in methods and "HEAD" not in methods:
        methods.append("HEAD")
    return ", ".join(methods)
