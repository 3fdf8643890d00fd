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
from urllib.parse import quote, urlsplit

from ._spec import (
    BACKOFF_JITTER,
    EXCERPT_CHARACTERS,
    INITIAL_BACKOFF_SECONDS,
    MAX_BACKOFF_SECONDS,
    SHORTEST_ECHOED_SECRET,
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


_JSON_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNRESERVED = re.compile(r"[A-Za-z0-9._~-]")


def secrets_of(value: str) -> list[str]:
    """The secrets one header value holds: the value; with a scheme before it (``Bearer <token>``),
    the token alone; for ``Basic``, the ``user:password`` it encodes and the password."""
    whole = value.strip()
    space = re.search(r"\s", whole)
    if space is None:
        return [whole]
    token = whole[space.start() :].strip()
    if whole[: space.start()].lower() != "basic":
        return [whole, token]
    try:
        pair = base64.b64decode(token + "=" * (-len(token) % 4), validate=True).decode("utf-8", errors="replace")
    except ValueError:
        return [whole, token]
    return [whole, token, pair, pair[pair.find(":") + 1 :]]


def _character_forms(char: str) -> list[str]:
    """The forms one character of a secret may take in what a service echoes, the longest first:
    as it is, percent-encoded (unless unreserved), JSON-escaped (``\\u002b``, ``\\/``), form-encoded
    (``+`` for a space). The pattern ignores case, so either case of hex matches."""
    utf8 = char.encode("utf-8", errors="surrogatepass")
    units = char.encode("utf-16-be", errors="surrogatepass")
    forms = [char]
    if not _UNRESERVED.fullmatch(char):
        forms.append("".join(f"%{byte:02X}" for byte in utf8))
    forms.append("".join(f"\\u{int.from_bytes(units[at : at + 2], 'big'):04X}" for at in range(0, len(units), 2)))
    if char in _JSON_SHORT_ESCAPES:
        forms.append(_JSON_SHORT_ESCAPES[char])
    if char == " ":
        forms.append("+")
    return sorted(dict.fromkeys(forms), key=len, reverse=True)


def _base64_forms(data: bytes) -> list[str]:
    """The runs of ``data``'s base64 (standard and URL-safe) that do not depend on the bytes around
    them, for each of the three places a run can start, and the whole of it padded: a secret a
    service encodes inside a longer text (``user:key``) is found too."""
    runs = [base64.b64encode(data).decode("ascii")]
    for shift in (0, 1, 2):
        encoded = base64.b64encode(bytes(shift) + data).decode("ascii").rstrip("=")
        total = shift + len(data)
        runs.append(encoded[(0, 2, 3)[shift] : total // 3 * 4 + (0, 1, 2)[total % 3]])
    return [form for run in runs for form in (run, run.replace("+", "-").replace("/", "_"))]


class Redactor:
    """What replaces every echo of the client's header values in a text by ``[redacted]``: each
    secret a value holds (``secrets_of``; none under ``SHORTEST_ECHOED_SECRET`` characters) as given,
    percent-encoded (either case of hex) or form-encoded, JSON-escaped, any mix of these, in any
    letter case; and in base64, standard or URL-safe, padded or not, whole or inside a longer run.
    The TypeScript client's rule (``credentialEchoes``). Its patterns are made when first used."""

    def __init__(self, values: Iterable[str]) -> None:
        secrets = {secret for value in values for secret in secrets_of(value) if len(secret) >= SHORTEST_ECHOED_SECRET}
        self._secrets = sorted(secrets, key=len, reverse=True)
        self._patterns: tuple[re.Pattern[str] | None, re.Pattern[str] | None, int] | None = None

    def _made(self) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, int]:
        if self._patterns is None:
            spelled: list[str] = []
            longest = 0
            for secret in self._secrets:
                characters = [_character_forms(char) for char in secret]
                longest = max(longest, sum(len(forms[0]) for forms in characters))
                spelled.append("".join(f"(?:{'|'.join(re.escape(form) for form in forms)})" for forms in characters))
            encoded = sorted(
                {form for secret in self._secrets for form in _base64_forms(secret.encode("utf-8", errors="surrogatepass")) if len(form) >= SHORTEST_ECHOED_SECRET},
                key=len,
                reverse=True,
            )
            # A spelling in any case; base64 only in its own (another case is other bytes).
            any_case = re.compile("|".join(spelled), re.IGNORECASE) if spelled else None
            exact = re.compile("|".join(re.escape(form) for form in encoded)) if encoded else None
            self._patterns = (any_case, exact, max([longest, *(len(form) for form in encoded)]))
        return self._patterns

    @property
    def longest(self) -> int:
        """The most characters one echo takes: read this far past a cut, and an echo across it is found whole."""
        return self._made()[2]

    def __call__(self, text: str) -> str:
        any_case, exact, _ = self._made()
        if any_case is not None:
            text = any_case.sub("[redacted]", text)
        return exact.sub("[redacted]", text) if exact is not None else text


def redactor(values: Iterable[str]) -> Redactor:
    """The ``Redactor`` of the header values ``values``."""
    return Redactor(values)


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


def excerpt(body: bytes | bytearray, redact: Redactor) -> str:
    """The start of ``body`` as an error shows it: decoded as UTF-8, redacted, escaped, at most
    ``EXCERPT_CHARACTERS`` characters (the last one ``…`` when cut)."""
    # Enough bytes for the characters shown (at most 4 each), and for an echo that starts among them.
    size = 4 * (EXCERPT_CHARACTERS + redact.longest)
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

