"""A minimal keep-alive HTTP/1.1 client on asyncio streams, for the load benchmark only.

The load generator shares the machine's cores with the server it measures, so every request
must cost it as little CPU as possible: no redirects, cookie jar, header objects or URL
parsing per request as a general client (httpx) does them. It speaks just enough HTTP/1.1 for
our own server: requests are pre-encoded bytes, answers are framed by Content-Length (or
chunked), and a `Connection: close` answer or a closed socket means reconnecting.
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlsplit


class ProtocolError(Exception):
    """The server sent something this small client does not understand."""


@dataclass
class Answer:
    """One HTTP response: status, headers as (lower-case name, value) pairs and the body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        """The first value of a header (name in lower case), or None."""
        return next((value for key, value in self.headers if key == name), None)

    def decoded_body(self) -> bytes:
        """The body as the page receives it: gzip undone (the server sends gzip or nothing)."""
        if self.header("content-encoding") == "gzip":
            return zlib.decompress(self.body, wbits=31)
        return self.body


def request_bytes(method: str, path: str, host: str, extra: str = "", body: bytes = b"") -> bytes:
    """One complete HTTP/1.1 request; `extra` holds further 'Name: value\\r\\n' header lines."""
    length = f"Content-Length: {len(body)}\r\n" if body or method == "POST" else ""
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}{length}\r\n"
    return head.encode("latin-1") + body


def form_post(path: str, host: str, extra: str, body: str) -> bytes:
    """A POST of an already url-encoded form (the benchmark's values need no escaping)."""
    kind = "Content-Type: application/x-www-form-urlencoded\r\n"
    return request_bytes("POST", path, host, extra + kind, body.encode("ascii"))


def _parse_head(head: bytes) -> tuple[int, list[tuple[str, str]]]:
    """Status code and headers from a response head (status line and header lines)."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
        raise ProtocolError(f"bad status line {lines[0]!r}")
    headers = []
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
    return int(parts[1]), headers


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    """A chunked body (our server sends Content-Length, but streamed answers would not)."""
    body = bytearray()
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
        if size == 0:
            await _skip_trailers(reader)
            return bytes(body)
        body += await reader.readexactly(size)
        await reader.readexactly(2)  # the CRLF after each chunk


async def _skip_trailers(reader: asyncio.StreamReader) -> None:
    """Read trailer lines up to the empty line that ends a chunked body."""
    while await reader.readuntil(b"\r\n") != b"\r\n":
        pass


class Connection:
    """One keep-alive connection, as one simulated player (or browser tab) holds it."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.authority = parts.netloc
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def send(self, raw: bytes) -> Answer:
        """Send one pre-encoded request and read its answer, reconnecting when needed."""
        if self._reader is None or self._reader.at_eof():
            await self._connect()  # first use, or the server closed an idle connection
        assert self._reader is not None and self._writer is not None
        self._writer.write(raw)
        head = await self._reader.readuntil(b"\r\n\r\n")
        status, headers = _parse_head(head[:-4])
        body = await self._read_body(headers)
        if any(k == "connection" and v.lower() == "close" for k, v in headers):
            await self.close()
        return Answer(status, headers, body)

    async def _read_body(self, headers: list[tuple[str, str]]) -> bytes:
        """The body, framed by Content-Length or chunked encoding."""
        assert self._reader is not None
        for name, value in headers:
            if name == "content-length":
                return await self._reader.readexactly(int(value))
            if name == "transfer-encoding" and value.lower() == "chunked":
                return await _read_chunked(self._reader)
        raise ProtocolError("answer without Content-Length or chunked body")

    async def _connect(self) -> None:
        await self.close()
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)

    async def close(self) -> None:
        """Close the socket (a later send opens a new one)."""
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):  # the peer already reset it: nothing to release
                await self._writer.wait_closed()
        self._reader = self._writer = None


def cookies_from(answer: Answer) -> dict[str, str]:
    """Cookie names and values that an answer's Set-Cookie headers set."""
    jar: SimpleCookie = SimpleCookie()
    for name, value in answer.headers:
        if name == "set-cookie":
            jar.load(value)
    return {key: morsel.value for key, morsel in jar.items()}
