"""The sync client's transport: httpx's, over httpcore's connection pool, with every socket
operation's timeout cut to what is left of the call's deadline.

httpx's timeouts bound each operation (a connect, one read, one write), not a whole call: a service
that sends its headers or body a byte at a time never lets one read wait long enough to time out.
The async client bounds a whole call by cancelling it (anyio.fail_after); a sync call cannot be
cancelled from outside, so here each connect, read and send of a call waits at most until its
deadline, which the call sets in ``DEADLINE`` (a context variable: each thread, each call its own),
and one that would start past it raises httpcore's timeout at once. httpcore's network backends are
its public way to put something between the pool and the sockets."""

from __future__ import annotations

import contextvars
import socket
import ssl
import time
from collections.abc import Iterable, Iterator
from typing import Any, cast

import httpcore
import httpx

#: The monotonic time a call of this context must end by, or None for no bound.
DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("email_delivery_api_deadline", default=None)


def _left(timeout: float | None, expired: type[Exception]) -> float | None:
    """``timeout`` cut to what is left before the deadline; ``expired`` raised when nothing is."""
    deadline = DEADLINE.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise expired("the call's deadline has passed")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        # httpcore's own write sends in a loop whose every send may wait the whole timeout again: a
        # service that reads a little at a time keeps a large body's write going past the deadline.
        # Here each send waits at most what is left of the call.
        sock = self._stream.get_extra_info("socket")
        if not isinstance(sock, socket.socket):
            self._stream.write(buffer, _left(timeout, httpcore.WriteTimeout))
            return
        rest = memoryview(buffer)
        try:
            while rest:
                sock.settimeout(_left(timeout, httpcore.WriteTimeout))
                rest = rest[sock.send(rest) :]
        except TimeoutError as error:
            raise httpcore.WriteTimeout(str(error)) from error
        except OSError as error:
            raise httpcore.WriteError(str(error)) from error

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None) -> httpcore.NetworkStream:
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, backend: httpcore.NetworkBackend | None = None) -> None:
        self._backend = backend if backend is not None else httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        return _DeadlineStream(self._backend.connect_tcp(host, port, _left(timeout, httpcore.ConnectTimeout), local_address, socket_options))

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None) -> httpcore.NetworkStream:
        return _DeadlineStream(self._backend.connect_unix_socket(path, _left(timeout, httpcore.ConnectTimeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


class _ResponseStream(httpx.SyncByteStream):
    def __init__(self, stream: Iterable[bytes]) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        yield from self._stream

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


class DeadlineTransport(httpx.BaseTransport):
    """httpx's transport over an httpcore pool whose sockets keep the call's deadline. httpcore's
    own exceptions pass through; the client maps them (and httpx's) to its errors."""

    def __init__(self, ssl_context: ssl.SSLContext) -> None:
        self._pool = httpcore.ConnectionPool(ssl_context=ssl_context, max_connections=100, max_keepalive_connections=20, keepalive_expiry=5.0, network_backend=_DeadlineBackend())

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        assert isinstance(request.stream, httpx.SyncByteStream)
        core = httpcore.Request(
            method=request.method,
            url=httpcore.URL(scheme=request.url.raw_scheme, host=request.url.raw_host, port=request.url.port, target=request.url.raw_path),
            headers=request.headers.raw,
            content=request.stream,
            extensions=request.extensions,
        )
        response = self._pool.handle_request(core)
        assert isinstance(response.stream, Iterable)
        # httpcore types its extensions' values loosely; httpx's Response takes them as they are.
        extensions = cast("dict[str, Any]", response.extensions)  # pyright: ignore[reportUnknownMemberType]
        return httpx.Response(status_code=response.status, headers=response.headers, stream=_ResponseStream(response.stream), extensions=extensions)

    def close(self) -> None:
        self._pool.close()


def keep_deadline(client: httpx.Client, url: str) -> None:
    """Makes the sockets ``client`` opens for ``url`` keep the call's deadline, as this transport's do:
    its transport's pool gets a network backend over its own that cuts each connect, read and write
    (a call of the SDK sets ``DEADLINE``; any other use of the client is as it was). TypeError for a
    transport whose sockets cannot be reached (not httpx's HTTPTransport): its calls could outlast
    the deadline. httpx and httpcore name no public way to their pool's backend: these are theirs."""
    transport = client._transport_for_url(httpx.URL(url))  # pyright: ignore[reportPrivateUsage]
    if isinstance(transport, DeadlineTransport):
        return
    pool = getattr(transport, "_pool", None) if isinstance(transport, httpx.HTTPTransport) else None
    if not isinstance(pool, httpcore.ConnectionPool):
        raise TypeError(
            f"http_client: its transport for the base URL is a {type(transport).__name__}, whose sockets the SDK cannot bound by a call's deadline; "
            "give an httpx.Client over httpx.HTTPTransport (its default, proxies and TLS settings included)"
        )
    backend = pool._network_backend  # pyright: ignore[reportPrivateUsage]
    if not isinstance(backend, _DeadlineBackend):
        pool._network_backend = _DeadlineBackend(backend)  # pyright: ignore[reportPrivateUsage]
