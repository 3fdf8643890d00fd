"""What goes on the wire and what comes back as text, with no I/O: path segments, parameters as
their OpenAPI style and explode say, the waits before a retry, and the excerpt of a body that an
error shows (redacted, escaped, bounded)."""

from __future__ import annotations

import base64
import email.utils
import random
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast
from urllib.parse import quote, quote_plus, urlsplit

from ._spec import (
    BACKOFF_JITTER,
    EXCERPT_CHARACTERS,
    INITIAL_BACKOFF_SECONDS,
    MAX_BACKOFF_SECONDS,
)
from .errors import UnsafePathParameterError


def encode_strict(value: str) -> str:
    """Percent-encodes all but RFC 3986's unreserved characters (``A-Za-z0-9-._~``), as UTF-8."""
    return quote(value, safe="", encoding="utf-8", errors="strict")


def path_segment(operation: str, name: str, value: Any) -> str:
    """``value`` as one path segment; refuses, before anything is sent, what would address another
    resource (empty, ``.``, ``..``) or has no encoding (not a string, a lone surrogate)."""
    if not isinstance(value, str) or value in ("", ".", ".."):
        raise UnsafePathParameterError(operation, name, value)
    try:
        return encode_strict(value)
    except UnicodeEncodeError:
        raise UnsafePathParameterError(operation, name, value) from None


def fill_path(operation: str, template: str, names: tuple[str, ...], values: tuple[Any, ...]) -> str:
    """The path template with each ``{name}`` filled by its value, one encoded segment each."""
    path = template
    for name, value in zip(names, values):
        path = path.replace("{" + name + "}", path_segment(operation, name, value))
    return path


def text(value: Any) -> str:
    """A primitive as JavaScript's ``String()`` writes it: ``true``, ``1``, ``1.5``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    return str(value)


def _items(value: Any) -> list[str]:
    return [text(item) for item in value if item is not None]


def _entries(value: Mapping[Any, Any]) -> list[tuple[str, str]]:
    return [(str(key), text(item)) for key, item in value.items() if item is not None]


_DELIMITERS = {"form": ",", "spaceDelimited": "%20", "pipeDelimited": "%7C"}


def query_pairs(name: str, style: str, explode: bool, value: Any) -> list[str]:
    """One query parameter as ``name=value`` pairs (RFC 6570 form expansion): an array repeats the
    name when exploded, else joins its items; an object sends each property when exploded, else
    ``name=k,v,j,w``. Names and values strictly percent-encoded; nothing for an absent value."""
    if value is None:
        return []
    key = encode_strict(name)
    if isinstance(value, Mapping):
        pairs = cast("Mapping[object, object]", value)  # what isinstance leaves unknown to pyright
        entries = [(encode_strict(k), encode_strict(v)) for k, v in _entries(pairs)]
        if explode:
            return [f"{k}={v}" for k, v in entries]
        return [f"{key}={','.join(part for entry in entries for part in entry)}"] if entries else []
    if isinstance(value, (list, tuple)):
        items = [encode_strict(item) for item in _items(value)]
        if explode:
            return [f"{key}={item}" for item in items]
        return [f"{key}={_DELIMITERS.get(style, ',').join(items)}"] if items else []
    return [f"{key}={encode_strict(text(value))}"]


def header_value(explode: bool, value: Any) -> str | None:
    """One header parameter, style simple: a primitive as it is, an array's items joined by ``,``,
    an object as ``k,v,j,w`` (``k=v,j=w`` exploded); not percent-encoded."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        pairs = cast("Mapping[object, object]", value)
        parts = [f"{k}={v}" if explode else f"{k},{v}" for k, v in _entries(pairs)]
        return ",".join(parts) or None
    if isinstance(value, (list, tuple)):
        return ",".join(_items(value)) or None
    return text(value)


def cookie_pair(name: str, value: Any) -> str | None:
    """One cookie parameter, style form: ``name=value``, an array as ``name=a,b``; strictly percent-encoded."""
    if value is None:
        return None
    values = _items(value) if isinstance(value, (list, tuple)) else [text(value)]
    return f"{encode_strict(name)}={','.join(encode_strict(v) for v in values)}" if values else None


_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")


def check_header(name: object, value: object, what: str) -> None:
    """Refuses a header that HTTP cannot carry, naming it, never showing its value."""
    if not isinstance(name, str) or not _HEADER_NAME.match(name):
        raise ValueError(f"{what}: {name!r} is not a header name")
    if not isinstance(value, str) or any(c in value for c in "\r\n\0"):
        raise ValueError(f"{what}: the value of header {name!r} is not a string without line breaks")


def retry_after(value: str | None, now: float) -> float | None:
    """The seconds a ``Retry-After`` asks for (delta-seconds or an HTTP date), or None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if re.fullmatch(r"[0-9]{1,12}", value):
        return float(int(value))
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return max(0.0, when.timestamp() - now)


def backoff(retry: int) -> float:
    """The wait before retry ``retry`` (from 1) where the answer names none: the initial backoff
    doubled each time, at most the longest, less up to the jitter's share of it (_spec.py)."""
    return min(INITIAL_BACKOFF_SECONDS * 2.0 ** (retry - 1), MAX_BACKOFF_SECONDS) * (1 - BACKOFF_JITTER * random.random())


def redactor(values: Iterable[str]) -> Callable[[str], str]:
    """A function that replaces each of ``values``, and the token after a scheme (``Bearer <token>``),
    as given, percent-encoded and in base64, by ``[redacted]``."""
    secrets: set[str] = set()
    for given in values:
        for value in (given, given.strip().partition(" ")[2].strip()):
            if not value:
                continue
            encoded = [base64.b64encode(value.encode()).decode(), base64.urlsafe_b64encode(value.encode()).decode()]
            secrets.update({value, quote(value, safe=""), quote_plus(value), quote(value), *encoded, *(text.rstrip("=") for text in encoded)})
    ordered = sorted(secrets, key=len, reverse=True)

    def redact(text: str) -> str:
        for secret in ordered:
            text = text.replace(secret, "[redacted]")
        return text

    return redact


def printable(text: str) -> str:
    """``text`` with every character that does not print (controls, format and separator
    characters) written as its escape, so that what a service sent cannot move a terminal's cursor."""
    out: list[str] = []
    for char in text:
        if char.isprintable():
            out.append(char)
        elif char in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[char])
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def excerpt(body: bytes | bytearray, redact: Callable[[str], str], longest_secret: int) -> str:
    """The start of ``body`` as an error shows it: decoded as UTF-8, redacted, escaped, at most
    ``EXCERPT_CHARACTERS`` characters (the last one ``…`` when cut)."""
    # Enough bytes for the characters shown (at most 4 each), and for a secret that starts among them.
    size = 4 * (EXCERPT_CHARACTERS + longest_secret)
    shown = printable(redact(body[:size].decode("utf-8", errors="replace")))
    if len(shown) > EXCERPT_CHARACTERS or len(body) > size:
        return shown[: EXCERPT_CHARACTERS - 1] + "…"
    return shown


def redact_json(value: Any, redact: Callable[[str], str]) -> Any:
    """A parsed JSON value with ``redact`` applied to every string in it, names included; iterative,
    so that a document as deep as the parser took is no deeper to walk."""
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        container, key = stack.pop()
        item = container[key]
        if isinstance(item, str):
            container[key] = redact(item)
        elif isinstance(item, list):
            items = cast("list[object]", item)
            stack.extend((items, index) for index in range(len(items)))
        elif isinstance(item, dict):
            entries = cast("dict[str, Any]", item)
            renamed = {redact(name): entry for name, entry in entries.items()}
            entries.clear()
            entries.update(renamed)
            stack.extend((entries, name) for name in entries)
    return root[0]


def shown_url(url: str) -> str:
    """A URL as an error shows it: its query string's names without their values, no fragment, no user info."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc.rpartition("@")[2]
        names = "&".join(pair.split("=", 1)[0] + "=…" for pair in parts.query.split("&")) if parts.query else ""
        return f"{parts.scheme}://{netloc}{parts.path}" + (f"?{names}" if names else "")
    except ValueError:
        return "(a target that is not a URL)"

