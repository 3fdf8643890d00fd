"""An answer's body decoded from its content codings by the client itself, piece by piece, so that
what a small compressed body becomes is bounded as it is made, never after: httpx decodes each
chunk whole before anyone can count it (1.8 KB of ``gzip, gzip`` is 1 GiB of zeros). The client asks
only for the codings it decodes here (``ACCEPT_ENCODING``); any other is refused, not decoded. No
layer may make more than the bound, which bounds the work as well as the memory: a middle layer
that swells into empty blocks of the next makes no body, but it makes its bytes."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator

#: The codings the client asks for (``Accept-Encoding``) and decodes: zlib's.
ACCEPT_ENCODING = "gzip, deflate"
#: The most codings one answer may stack (``gzip, gzip``); each holds a window of its own.
MAX_CODINGS = 2
#: The most bytes one layer makes at a time, and so the most one step holds.
_PIECE = 64 * 1024
_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


class UndecodableError(Exception):
    """The answer's codings are not ones the client decodes (``coding``), or more than it stacks."""

    def __init__(self, coding: str) -> None:
        super().__init__(coding)
        self.coding = coding


class ContentDecodingError(Exception):
    """The body is not what its coding says (a broken or cut stream)."""


class LayerTooLargeError(Exception):
    """A layer made more than the bound."""


def codings(content_encoding: str | None) -> list[str]:
    """The codings of a ``Content-Encoding``, in the order they were applied (``identity`` left out);
    UndecodableError for one the client does not decode, or more than ``MAX_CODINGS``."""
    found = [part.strip().lower() for part in (content_encoding or "").split(",")]
    applied = [coding for coding in found if coding not in ("", "identity")]
    for coding in applied:
        if coding not in _WBITS:
            raise UndecodableError(coding)
    if len(applied) > MAX_CODINGS:
        raise UndecodableError(", ".join(applied))
    return applied


class _Layer:
    """One coding's decompressor, made to give at most ``_PIECE`` bytes a call."""

    def __init__(self, coding: str, limit: int | None) -> None:
        self._coding = coding
        self._inflate = zlib.decompressobj(_WBITS[coding])
        self._limit = limit
        self._made = 0
        self._seen = b""  # a deflate's first bytes, until it is known whether they are zlib's or raw
        self._started = False
        self._full = False

    def pieces(self, data: bytes) -> Iterator[bytes]:
        """What ``data`` (and what was held back) decodes to, a piece at a time."""
        while True:
            try:
                out = self._inflate.decompress(self._inflate.unconsumed_tail + data, _PIECE)
            except zlib.error as error:
                # "deflate" is zlib's format, but some services send the raw stream: as browsers and httpx do,
                # a deflate whose first bytes are not zlib's is read again as raw.
                if self._coding != "deflate" or self._started:
                    raise ContentDecodingError(f"{self._coding}: {error}") from None
                self._inflate = zlib.decompressobj(-zlib.MAX_WBITS)
                self._started = True
                data = self._seen + data
                continue
            if self._coding == "deflate" and not self._started:
                self._seen += data
                self._started = bool(out) or len(self._seen) >= 2
            data = b""
            self._made += len(out)
            if self._limit is not None and self._made > self._limit:
                raise LayerTooLargeError(self._coding)
            self._full = len(out) == _PIECE
            if out:
                yield out
            if not self._full and not self._inflate.unconsumed_tail:
                return

    def ended(self) -> bool:
        return self._inflate.eof


class BodyDecoder:
    """Decodes one body through its codings (the last applied, the first undone), each step bounded
    by ``_PIECE``, each layer by ``limit``; ``tick`` is called at each step (the deadline's check)."""

    def __init__(self, applied: list[str], limit: int | None, tick: Callable[[], None]) -> None:
        self._layers = [_Layer(coding, limit) for coding in reversed(applied)]
        self._tick = tick
        self._fed = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The body's pieces that ``data``, the next bytes as they came, decodes to."""
        if data:
            self._fed = True
        return self._through(0, data)

    def end(self) -> Iterator[bytes]:
        """The last pieces, at the end of what came: ContentDecodingError when a stream was cut."""
        for index in range(len(self._layers)):
            yield from self._through(index, b"")
        if self._fed and not all(layer.ended() for layer in self._layers):
            raise ContentDecodingError("the body ended before its compressed stream did")

    def _through(self, index: int, data: bytes) -> Iterator[bytes]:
        self._tick()
        if index == len(self._layers):
            if data:
                yield data
            return
        for piece in self._layers[index].pieces(data):
            yield from self._through(index + 1, piece)
